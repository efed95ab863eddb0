// Live play's messages (www/live/protocol.js) and the move inbox (www/live/controller.js):
// malformed, oversized, unknown, replayed, out-of-turn and stale messages are refused;
// records compare as the longer valid one winning.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  parseMessage,
  createSequence,
  checkMove,
  pickRecord,
  isPrefix,
  recordMoves,
  PROTOCOL,
  MAX_MESSAGE,
  MAX_SMALL,
} from '../../www/live/protocol.js';
import { createInbox, INBOX_MAX } from '../../www/live/controller.js';
import { cutRecord } from '../../www/live/table.js';

const msg = (o) => JSON.stringify({ v: PROTOCOL, n: 1, ...o });

test('well-formed messages of every type parse', () => {
  const good = [
    { t: 'hello', id: 'AbCdEfGhIjKlMnOp', rec: 'star-2\n', name: 'Anna', seats: [1] },
    { t: 'move', ply: 0, seat: 1, from: 111, to: 102 },
    { t: 'sync', rec: 'star-2\na4-e5\n' },
    { t: 'sync', rec: 'star-2\n', back: true },
    { t: 'undo', ply: 3 },
    { t: 'undo-ok', ply: 3 },
    { t: 'undo-no', ply: 3 },
    { t: 'resign', seat: 2 },
    { t: 'abort' },
    { t: 'names', names: ['Anna', 'Bo'] },
    { t: 'error', code: 'malformed', detail: 'not JSON' },
  ];
  for (const o of good) {
    const r = parseMessage(msg(o));
    assert.ok(r.ok, JSON.stringify(o) + JSON.stringify(r));
    assert.equal(r.msg.t, o.t);
  }
});

test('malformed, oversized, unknown and wrongly typed messages are refused with a code', () => {
  const cases = [
    [42, 'malformed'],
    ['not json', 'malformed'],
    ['[1,2]', 'malformed'],
    ['null', 'malformed'],
    [JSON.stringify({ v: 2, t: 'move', n: 1 }), 'version'],
    [JSON.stringify({ t: 'move', n: 1 }), 'version'],
    [msg({ t: 'launch' }), 'type'],
    [msg({ t: 'move', n: 0, ply: 0, seat: 1, from: 1, to: 2 }), 'malformed'],
    [msg({ t: 'move', n: 1.5, ply: 0, seat: 1, from: 1, to: 2 }), 'malformed'],
    [msg({ t: 'move', ply: -1, seat: 1, from: 1, to: 2 }), 'malformed'],
    [msg({ t: 'move', ply: 0, seat: 7, from: 1, to: 2 }), 'malformed'],
    [msg({ t: 'move', ply: 0, seat: 1, from: '1', to: 2 }), 'malformed'],
    [msg({ t: 'move', ply: 0, seat: 1, from: 1, to: 2, extra: 1 }), 'malformed'],
    [msg({ t: 'move', ply: 0, seat: 1, from: 1, to: 2, pad: 'x'.repeat(MAX_SMALL) }), 'oversized'],
    [msg({ t: 'sync', rec: 'x'.repeat(MAX_MESSAGE) }), 'oversized'],
    [msg({ t: 'sync', rec: '' }), 'malformed'],
    [msg({ t: 'sync', rec: 'star-2\n', back: 'yes' }), 'malformed'],
    [msg({ t: 'hello', id: 'x', rec: 'star-2\n', name: '', seats: [1] }), 'malformed'],
    [msg({ t: 'hello', id: 'AbCdEfGhIjKlMnOp', rec: 'star-2\n', name: '', seats: [] }), 'malformed'],
    [msg({ t: 'hello', id: 'AbCdEfGhIjKlMnOp', rec: 'star-2\n', name: 'a\u0001', seats: [1] }), 'malformed'],
    [msg({ t: 'names', names: ['only one'] }), 'malformed'],
    [msg({ t: 'error', code: 'whatever', detail: '' }), 'malformed'],
    [msg({ t: 'resign', seat: 0 }), 'malformed'],
    [msg({ t: 'abort', seat: 1 }), 'malformed'],
  ];
  for (const [data, code] of cases) {
    const r = parseMessage(data);
    assert.equal(r.ok, false, String(data).slice(0, 80));
    assert.equal(r.code, code, String(data).slice(0, 80));
  }
});

test('sequence numbers: sent in order, a number seen before is a replay', () => {
  const a = createSequence();
  const b = createSequence();
  const m1 = JSON.parse(a.out({ t: 'undo', ply: 1 }));
  const m2 = JSON.parse(a.out({ t: 'undo', ply: 1 }));
  assert.deepEqual([m1.n, m2.n, m1.v], [1, 2, PROTOCOL]);
  assert.equal(b.fresh(m1.n), true);
  assert.equal(b.fresh(m1.n), false);
  assert.equal(b.fresh(m2.n), true);
  assert.equal(b.fresh(m1.n), false);
  assert.equal(b.fresh(10), true);
  assert.equal(b.fresh(9), false);
});

test('a move fits the game only at the next ply, for the seat to move, from its device', () => {
  const game = { plies: 4, turn: 1, over: false, peerSeats: [1] };
  const mv = (o) => ({ v: 1, t: 'move', n: 1, ply: 4, seat: 1, from: 0, to: 1, ...o });
  assert.equal(checkMove(mv({}), game), null);
  assert.equal(checkMove(mv({ ply: 3 }), game)?.code, 'stale');
  assert.equal(checkMove(mv({ ply: 5 }), game)?.code, 'out-of-turn');
  assert.equal(checkMove(mv({ seat: 2 }), game)?.code, 'out-of-turn');
  assert.equal(checkMove(mv({}), { ...game, peerSeats: [2] })?.code, 'out-of-turn');
  assert.equal(checkMove(mv({}), { ...game, turn: 2, peerSeats: [1, 2] })?.code, 'out-of-turn');
  assert.equal(checkMove(mv({}), { ...game, over: true })?.code, 'out-of-turn');
});

test('records: the longer one is kept, at equal length the host’s; another start is another game', () => {
  const a = 'star-2\na4-e5 h1-f2\n';
  const b = 'star-2\na4-e5 h1-f2 b4-e6\n';
  const c = 'star-2\na4-e5 h1-g2\n';
  assert.equal(pickRecord(a, a, false), 'same');
  assert.equal(pickRecord(a, b, false), 'theirs');
  assert.equal(pickRecord(b, a, true), 'mine');
  assert.equal(pickRecord(a, c, true), 'theirs');
  assert.equal(pickRecord(a, c, false), 'mine');
  assert.equal(pickRecord(a, 'star-3\na4-e5 h1-f2\n', true), null);
  assert.deepEqual(recordMoves('star-2\na4-e5  pass\nb1-c2\n'), { start: 'star-2', moves: ['a4-e5', 'pass', 'b1-c2'] });
  assert.equal(isPrefix(a, b), true);
  assert.equal(isPrefix(b, a), false);
  assert.equal(isPrefix(c, b), false);
  assert.equal(isPrefix('star-3\n', b), false);
  assert.equal(cutRecord(b, 1), 'star-2\na4-e5\n');
  assert.equal(cutRecord(b, 0), 'star-2\n\n');
});

/** A game for the inbox: `plies`, `turn` (alternating two seats), legal moves by a set. */
function fakeGame() {
  const g = { plies: 0, over: false, illegal: new Set() };
  return {
    g,
    view: {
      plies: () => g.plies,
      turn: () => (g.plies % 2) + 1,
      over: () => g.over,
      legal: (from, to) => !g.illegal.has(`${from}-${to}`),
    },
  };
}

function arrival(ply, seat, refusals, o = {}) {
  return { msg: { v: 1, t: 'move', n: 1, ply, seat, from: 10 + ply, to: 20 + ply, ...o }, seats: [2], refuse: (code) => refusals.push(code) };
}

test('the inbox hands a checked move to the session when it asks, in order, once', async () => {
  const { g, view } = fakeGame();
  const inbox = createInbox(view);
  const refused = [];
  g.plies = 1;
  // Seat 2's move arrives before the session asks; the next one (ply 3) while the first is
  // still to be played: it waits.
  inbox.arrive(arrival(1, 2, refused));
  const first = await inbox.wait({ id: 1, position: '', record: '', seat: 2, ply: 1 });
  assert.deepEqual(first, { from: 11, to: 21 });
  inbox.arrive(arrival(3, 2, refused));
  assert.deepEqual(refused, []);
  // The session asks again for the same ply (it dropped the answer): the same move again.
  assert.deepEqual(await inbox.wait({ id: 2, position: '', record: '', seat: 2, ply: 1 }), first);
  g.plies = 3;
  inbox.advanced();
  assert.deepEqual(await inbox.wait({ id: 3, position: '', record: '', seat: 2, ply: 3 }), { from: 13, to: 23 });
  assert.deepEqual(refused, []);
});

test('the inbox refuses moves out of turn, stale, illegal, from the wrong device, or too many', () => {
  const { g, view } = fakeGame();
  const inbox = createInbox(view);
  const refused = [];
  g.plies = 1;
  inbox.arrive(arrival(3, 2, refused));
  inbox.arrive(arrival(0, 1, refused));
  inbox.arrive({ ...arrival(1, 1, refused), seats: [2] });
  g.illegal.add('11-21');
  inbox.arrive(arrival(1, 2, refused));
  assert.deepEqual(refused, ['out-of-turn', 'stale', 'out-of-turn', 'refused']);
  g.illegal.clear();
  refused.length = 0;
  inbox.arrive(arrival(1, 2, refused));
  for (let i = 0; i < INBOX_MAX + 1; i++) inbox.arrive(arrival(3, 2, refused));
  assert.ok(refused.includes('oversized'));
});
