import test from 'node:test';
import assert from 'node:assert/strict';
import { openStorage, loadGame, saveGame, loadPrefs, savePrefs, checkSetup, GAME_KEY, PREFS_KEY, FORMAT } from '../../www/storage.js';

class MemStorage {
  constructor() {
    this.map = new Map();
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

test('save then load round-trips', () => {
  const s = new MemStorage();
  assert.equal(saveGame(s, 'halma\ne4-e5\n', setup), null);
  const raw = JSON.parse(s.getItem(GAME_KEY));
  assert.equal(raw.v, FORMAT);
  assert.equal(typeof raw.savedAt, 'string');
  const r = loadGame(s, replay2);
  assert.equal(r.status, 'ok');
  assert.equal(r.data.record, 'halma\ne4-e5\n');
  assert.deepEqual(r.data.setup, setup);
});

test('nothing saved, storage missing or throwing: none', () => {
  assert.deepEqual(loadGame(new MemStorage(), replay2), { status: 'none' });
  assert.deepEqual(loadGame(null, replay2), { status: 'none' });
  assert.deepEqual(loadGame(/** @type {any} */ (new ThrowingStorage()), replay2), { status: 'none' });
  assert.match(saveGame(null, 'x', setup), /not available/);
  assert.match(saveGame(/** @type {any} */ (new ThrowingStorage()), 'x', setup), /Quota/);
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
    s.setItem(GAME_KEY, raw);
    const r = loadGame(s, replay2);
    assert.equal(r.status, 'bad', raw);
    assert.match(r.reason, why, raw);
    assert.equal(s.getItem(GAME_KEY), raw, 'kept');
  }
});

test('a record the engine rejects, or a seat count that does not match, is bad', () => {
  const s = new MemStorage();
  saveGame(s, 'halma\nz9-z10\n', setup);
  const r = loadGame(s, () => {
    throw new Error('move 1 (z9-z10): no such cell');
  });
  assert.equal(r.status, 'bad');
  assert.match(r.reason, /no such cell/);
  const r2 = loadGame(s, () => 3);
  assert.equal(r2.status, 'bad');
  assert.match(r2.reason, /players/);
});

test('a newer format is recognised as such', () => {
  const s = new MemStorage();
  s.setItem(GAME_KEY, JSON.stringify({ v: 2, anything: true }));
  assert.deepEqual(loadGame(s, replay2), { status: 'newer', version: 2 });
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
