import test from 'node:test';
import assert from 'node:assert/strict';
import {
  openStorage,
  loadPrefs,
  savePrefs,
  checkSetup,
  checkEntry,
  migrateLegacy,
  readIndex,
  listSaved,
  loadSaved,
  readSaved,
  writeSaved,
  removeSaved,
  setCurrent,
  currentId,
  newId,
  entryKey,
  LEGACY_KEY,
  INDEX_KEY,
  PREFS_KEY,
  FORMAT,
  readPuzzleResults,
  recordPuzzleSolve,
  PUZZLES_KEY,
} from '../../www/storage.js';

class MemStorage {
  constructor() {
    this.map = new Map();
  }
  get length() {
    return this.map.size;
  }
  key(i) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k) {
    return this.map.has(k) ? this.map.get(k) : null;
  }
  setItem(k, v) {
    this.map.set(k, String(v));
  }
  removeItem(k) {
    this.map.delete(k);
  }
}

class ThrowingStorage {
  getItem() {
    throw new Error('SecurityError');
  }
  setItem() {
    throw new Error('QuotaExceededError');
  }
  removeItem() {
    throw new Error('SecurityError');
  }
}

const setup = { variant: 'halma', players: [{ name: 'Ann', kind: 'human' }, { name: '', kind: 'human' }], start: 'seat1', rotation: 'turn' };
const replay2 = () => 2;

test('openStorage: usable, missing, throwing on access, throwing on write', () => {
  const s = new MemStorage();
  assert.equal(openStorage(() => s), s);
  assert.equal(s.map.size, 0, 'the probe is removed');
  assert.equal(
    openStorage(() => {
      throw new Error('denied');
    }),
    null,
  );
  assert.equal(openStorage(() => new ThrowingStorage()), null);
  assert.equal(openStorage(() => /** @type {any} */ (null)), null);
});

test('write then load round-trips; the index lists it, newest first', () => {
  const s = new MemStorage();
  assert.equal(writeSaved(s, 'a1', 'halma\ne4-e5\n', setup), null);
  const raw = JSON.parse(s.getItem(entryKey('a1')));
  assert.equal(raw.v, FORMAT);
  assert.equal(typeof raw.savedAt, 'string');
  const r = loadSaved(s, 'a1', replay2);
  assert.equal(r.status, 'ok');
  assert.equal(r.data.record, 'halma\ne4-e5\n');
  assert.deepEqual(r.data.setup, setup);
  assert.equal(writeSaved(s, 'b2', 'star-2\n', { ...setup, variant: 'star-2' }), null);
  assert.deepEqual(
    listSaved(s).map((g) => g.id),
    ['b2', 'a1'],
  );
  const idx = JSON.parse(s.getItem(INDEX_KEY));
  assert.equal(idx.v, 1);
  assert.deepEqual(
    idx.games.map((g) => g.id),
    ['b2', 'a1'],
  );
});

test('an unchanged game is not written again (its time stays)', () => {
  const s = new MemStorage();
  writeSaved(s, 'a1', 'halma\n', setup);
  const before = s.getItem(entryKey('a1'));
  let writes = 0;
  const orig = s.setItem.bind(s);
  s.setItem = (k, v) => {
    writes++;
    orig(k, v);
  };
  assert.equal(writeSaved(s, 'a1', 'halma\n', setup), null);
  assert.equal(writes, 0);
  assert.equal(s.getItem(entryKey('a1')), before);
});

test('nothing saved, storage missing or throwing: nothing listed, writes refused', () => {
  assert.deepEqual(loadSaved(new MemStorage(), 'x1', replay2), { status: 'none' });
  assert.deepEqual(loadSaved(null, 'x1', replay2), { status: 'none' });
  assert.deepEqual(loadSaved(/** @type {any} */ (new ThrowingStorage()), 'x1', replay2), { status: 'none' });
  assert.deepEqual(listSaved(null), []);
  assert.deepEqual(listSaved(/** @type {any} */ (new ThrowingStorage())), []);
  assert.match(writeSaved(null, 'x1', 'x', setup), /not available/);
  assert.match(writeSaved(/** @type {any} */ (new ThrowingStorage()), 'x1', 'x', setup), /Quota/);
  assert.match(writeSaved(new MemStorage(), '../evil', 'x', setup), /bad id/);
  assert.equal(readSaved(new MemStorage(), '../evil'), null);
});

test('bad entries are reported with a reason and left in place', () => {
  const cases = [
    ['{not json', /JSON/],
    ['42', /not a saved game/],
    ['[]', /not a saved game/],
    ['{}', /version/],
    ['{"v":0,"record":"halma\\n","setup":{}}', /unknown format/],
    ['{"v":1.5,"record":"halma\\n","setup":{}}', /unknown format/],
    ['{"v":1,"setup":{}}', /record/],
    ['{"v":1,"record":"halma\\n"}', /setup/],
    ['{"v":1,"record":"halma\\n","setup":{"variant":"halma","players":[]}}', /players/],
    ['{"v":1,"record":"halma\\n","setup":{"variant":"halma","players":[{"name":3}]}}', /player entry/],
  ];
  for (const [raw, why] of cases) {
    const s = new MemStorage();
    s.setItem(entryKey('x1'), raw);
    const r = loadSaved(s, 'x1', replay2);
    assert.equal(r.status, 'bad', raw);
    assert.match(r.reason, why, raw);
    assert.equal(s.getItem(entryKey('x1')), raw, 'kept');
    assert.deepEqual(
      listSaved(s).map((g) => g.id),
      ['x1'],
      'still listed',
    );
  }
});

test('a record the engine rejects, or a seat count that does not match, is bad', () => {
  const s = new MemStorage();
  writeSaved(s, 'a1', 'halma\nz9-z10\n', setup);
  const r = loadSaved(s, 'a1', () => {
    throw new Error('move 1 (z9-z10): no such cell');
  });
  assert.equal(r.status, 'bad');
  assert.match(r.reason, /no such cell/);
  const r2 = loadSaved(s, 'a1', () => 3);
  assert.equal(r2.status, 'bad');
  assert.match(r2.reason, /players/);
});

test('a newer format is recognised as such', () => {
  assert.deepEqual(checkEntry(JSON.stringify({ v: 2, anything: true }), replay2), { status: 'newer', version: 2 });
});

test('the single autosave of format 1 moves into the list, as it is', () => {
  const s = new MemStorage();
  const old = JSON.stringify({ v: 1, record: 'halma\ne4-e5\n', setup, savedAt: '2024-01-02T03:04:05.000Z' });
  s.setItem(LEGACY_KEY, old);
  const id = migrateLegacy(s);
  assert.ok(id);
  assert.equal(s.getItem(LEGACY_KEY), null, 'old key removed');
  assert.equal(s.getItem(entryKey(id)), old, 'copied unchanged');
  assert.equal(currentId(s, null), id, 'it is the game to open');
  assert.equal(listSaved(s)[0].savedAt, '2024-01-02T03:04:05.000Z');
  assert.equal(loadSaved(s, id, replay2).status, 'ok');
  assert.equal(migrateLegacy(s), null, 'nothing more to move');
  // A broken old save moves too (listed as broken, never lost).
  const s2 = new MemStorage();
  s2.setItem(LEGACY_KEY, '{broken');
  const id2 = migrateLegacy(s2);
  assert.equal(s2.getItem(entryKey(id2)), '{broken');
  assert.equal(loadSaved(s2, id2, replay2).status, 'bad');
});

test('a failed migration leaves the old key', () => {
  const s = new MemStorage();
  s.setItem(LEGACY_KEY, '{"v":1}');
  const orig = s.setItem.bind(s);
  s.setItem = (k, v) => {
    if (k === INDEX_KEY) throw new Error('QuotaExceededError');
    orig(k, v);
  };
  assert.equal(migrateLegacy(s), null);
  assert.equal(s.getItem(LEGACY_KEY), '{"v":1}');
  assert.equal([...s.map.keys()].filter((k) => k.startsWith('halma.game.')).length, 0, 'no half copy left');
});

test('the index is derived data: rebuilt when corrupt, entries without it are listed', () => {
  const s = new MemStorage();
  writeSaved(s, 'a1', 'halma\n', setup);
  writeSaved(s, 'b2', 'halma\n', setup);
  s.setItem(INDEX_KEY, '{corrupt');
  assert.deepEqual(listSaved(s).map((g) => g.id).sort(), ['a1', 'b2']);
  s.setItem(INDEX_KEY, JSON.stringify({ v: 1, current: 'zz', games: [{ id: 'zz', savedAt: 'x' }, { id: 'a1', savedAt: '2020' }, 'junk'] }));
  assert.deepEqual(listSaved(s).map((g) => g.id).sort(), ['a1', 'b2'], 'gone ones dropped, missing ones added');
  assert.equal(readIndex(s).index.current, null);
});

test('an index from a newer version is reported and never written', () => {
  const s = new MemStorage();
  const newer = JSON.stringify({ v: 9, whatever: [] });
  s.setItem(INDEX_KEY, newer);
  assert.deepEqual(readIndex(s), { status: 'newer', version: 9 });
  assert.match(writeSaved(s, 'a1', 'halma\n', setup), /newer version/);
  assert.match(removeSaved(s, 'a1'), /newer version/);
  setCurrent(s, null, 'a1');
  assert.equal(s.getItem(INDEX_KEY), newer);
  assert.equal(s.getItem(entryKey('a1')), null);
});

test('delete removes one game and its index entry', () => {
  const s = new MemStorage();
  writeSaved(s, 'a1', 'halma\n', setup);
  writeSaved(s, 'b2', 'halma\n', setup);
  setCurrent(s, null, 'a1');
  assert.equal(removeSaved(s, 'a1'), null);
  assert.equal(s.getItem(entryKey('a1')), null);
  assert.deepEqual(
    listSaved(s).map((g) => g.id),
    ['b2'],
  );
  assert.equal(readIndex(s).index.current, null);
  assert.equal(currentId(s, null), 'b2', 'the newest is opened next');
});

test('the game to open: this tab first, then the last open, then the newest', () => {
  const s = new MemStorage();
  const tab = new MemStorage();
  assert.equal(currentId(s, tab), null);
  writeSaved(s, 'a1', 'halma\n', setup);
  writeSaved(s, 'b2', 'halma\n', setup);
  assert.equal(currentId(s, tab), 'b2');
  setCurrent(s, null, 'a1');
  assert.equal(currentId(s, tab), 'a1');
  tab.setItem('halma.current', 'b2');
  assert.equal(currentId(s, tab), 'b2');
  tab.setItem('halma.current', 'gone');
  assert.equal(currentId(s, tab), 'a1');
  assert.equal(currentId(s, /** @type {any} */ (new ThrowingStorage())), 'a1');
});

test('ids are fresh and safe as key parts', () => {
  const ids = new Set(Array.from({ length: 50 }, () => newId()));
  assert.equal(ids.size, 50);
  for (const id of ids) assert.match(id, /^[a-z0-9-]{1,40}$/);
});

test('checkSetup fills defaults and drops junk', () => {
  const r = checkSetup({ variant: 'star-2', players: [{ name: 'A', kind: 'robot', level: 3 }, { name: 'B' }], start: 'x', rotation: 'fixed' });
  assert.deepEqual(r, {
    variant: 'star-2',
    players: [
      { name: 'A', kind: 'human', level: 3 },
      { name: 'B', kind: 'human' },
    ],
    start: 'seat1',
    rotation: 'fixed',
  });
  assert.equal(typeof checkSetup(null), 'string');
  assert.equal(typeof checkSetup({ variant: '', players: [{ name: '' }] }), 'string');
  assert.equal(typeof checkSetup({ variant: 'x', players: new Array(7).fill({ name: '' }) }), 'string');
});

test('preferences: round trip, junk ignored, throwing storage ignored', () => {
  const s = new MemStorage();
  savePrefs(s, { lang: 'da', theme: 'dark', coords: true });
  assert.deepEqual(loadPrefs(s), { lang: 'da', theme: 'dark', coords: true });
  s.setItem(PREFS_KEY, '{"lang":5,"theme":"pink","coords":"yes"}');
  assert.deepEqual(loadPrefs(s), {});
  s.setItem(PREFS_KEY, 'garbage');
  assert.deepEqual(loadPrefs(s), {});
  assert.deepEqual(loadPrefs(null), {});
  assert.deepEqual(loadPrefs(/** @type {any} */ (new ThrowingStorage())), {});
  savePrefs(/** @type {any} */ (new ThrowingStorage()), { lang: 'en' });
});

test('puzzle results: the best and the figures kept, a new one only when it is new', () => {
  const s = new MemStorage();
  assert.deepEqual(readPuzzleResults(s), { status: 'ok', results: {} });
  let r = recordPuzzleSolve(s, 'halma-8x8-crossing', 21, null);
  assert.equal(r.status, 'saved');
  assert.equal(r.newBest, true);
  assert.equal(r.newFigure, false);
  r = recordPuzzleSolve(s, 'halma-8x8-crossing', 23, null);
  assert.equal(r.newBest, false);
  assert.equal(r.result.best, 21);
  r = recordPuzzleSolve(s, 'halma-8x8-crossing', 19, null);
  assert.equal(r.newBest, true);
  r = recordPuzzleSolve(s, 'solitaire', 19, '1,2,3');
  assert.equal(r.newFigure, true);
  r = recordPuzzleSolve(s, 'solitaire', 19, '1,2,3');
  assert.equal(r.newFigure, false);
  r = recordPuzzleSolve(s, 'solitaire', 19, '4,5,6');
  assert.equal(r.newFigure, true);
  const read = readPuzzleResults(s);
  assert.equal(read.status, 'ok');
  assert.equal(read.results['halma-8x8-crossing'].best, 19);
  assert.deepEqual(read.results.solitaire.figures, ['1,2,3', '4,5,6']);
  assert.equal(JSON.parse(s.getItem(PUZZLES_KEY)).v, 1);
});

test('puzzle results: a corrupt or newer value is reported and never written over', () => {
  for (const [raw, status] of [
    ['{not json', 'bad'],
    ['[1, 2]', 'bad'],
    ['{"v": 1}', 'bad'],
    ['{"v": 1, "puzzles": {"solitaire": {"best": 0, "at": ""}}}', 'bad'],
    ['{"v": 1, "puzzles": {"solitaire": {"best": 19, "at": "", "figures": ["1,x"]}}}', 'bad'],
    ['{"v": 1, "puzzles": {"Bad Name": {"best": 19, "at": ""}}}', 'bad'],
    ['{"v": 2, "puzzles": {}}', 'newer'],
  ]) {
    const s = new MemStorage();
    s.setItem(PUZZLES_KEY, raw);
    assert.equal(readPuzzleResults(s).status, status, raw);
    const r = recordPuzzleSolve(s, 'solitaire', 19, '1,2');
    assert.equal(r.status, 'unsaved', raw);
    assert.ok(r.reason, raw);
    assert.equal(s.getItem(PUZZLES_KEY), raw, raw);
  }
  // Entries of puzzles this page does not know are kept.
  const s = new MemStorage();
  s.setItem(PUZZLES_KEY, '{"v": 1, "puzzles": {"future-puzzle": {"best": 7, "at": "x"}}}');
  assert.equal(recordPuzzleSolve(s, 'solitaire', 19, null).status, 'saved');
  assert.equal(readPuzzleResults(s).results['future-puzzle'].best, 7);
  // No storage at all: nothing kept, nothing thrown.
  assert.equal(recordPuzzleSolve(null, 'solitaire', 19, null).status, 'unsaved');
  assert.deepEqual(readPuzzleResults(null), { status: 'ok', results: {} });
});
