// The clocks (www/clock.js): the controls, the faces, charging and the increment, and the
// saved clocks' check (the result on time is the engine's: time.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseControl, checkControl, controlText, formatClock, createClock, checkSavedClocks, replayTimeLoss, PRESETS } from '../../www/clock.js';
import { checkSetup } from '../../www/storage.js';

test('controls: presets parse, bad ones are refused', () => {
  for (const p of PRESETS) assert.equal(controlText(/** @type {any} */ (parseControl(p))), p);
  assert.deepEqual(parseControl('3+2'), { base: 180_000, inc: 2000 });
  for (const bad of ['', '0+0', '181+0', '5+61', '5+-1', 'x', '5']) assert.equal(parseControl(bad), null, bad);
  assert.equal(checkControl({ base: 60_500, inc: 0 }), null);
  assert.equal(checkControl({ base: '60000', inc: 0 }), null);
  assert.equal(checkControl(null), null);
});

test('faces: minutes and seconds, tenths under ten seconds, rounded up', () => {
  assert.equal(formatClock(300_000), '5:00');
  assert.equal(formatClock(59_001), '1:00');
  assert.equal(formatClock(10_000), '0:10');
  assert.equal(formatClock(9_950), '0:09.9');
  assert.equal(formatClock(1), '0:00.1');
  assert.equal(formatClock(0), '0:00.0');
  assert.equal(formatClock(-5), '0:00.0');
  assert.equal(formatClock(3_723_000), '1:02:03');
});

test('a clock charges the seat it runs for, and adds the increment after a move', () => {
  let now = 0;
  const c = createClock({ base: 60_000, inc: 2000 }, 2, () => now);
  c.run(1);
  now = 5000;
  assert.equal(c.left(1), 55_000);
  assert.equal(c.left(2), 60_000);
  c.moved(1);
  assert.equal(c.left(1), 57_000);
  c.run(2);
  now = 8000;
  c.run(0);
  now = 100_000;
  assert.deepEqual(c.times(), [57_000, 57_000]);
  c.run(2);
  now = 200_000;
  assert.equal(c.left(2), 0);
  // Out of time: no increment brings it back.
  c.moved(2);
  assert.equal(c.left(2), 0);
  c.set([1000, 'x']);
  assert.deepEqual(c.times(), [1000, 60_000]);
});

test('saved clocks: only those that fit the game', () => {
  const ok = { left: [1000, 2000], at: 3, past: [[5, 5], null, [4, 4]], flagged: 2 };
  assert.deepEqual(checkSavedClocks(ok, 2, 3), { left: [1000, 2000], at: 3, past: [[5, 5], null, [4, 4]], flagged: 2 });
  assert.equal(checkSavedClocks(ok, 2, 4), null);
  assert.equal(checkSavedClocks(ok, 3, 3), null);
  assert.equal(checkSavedClocks({ ...ok, left: [1, -1] }, 2, 3), null);
  assert.equal(checkSavedClocks('x', 2, 3), null);
  assert.equal(checkSavedClocks({ ...ok, flagged: 9 }, 2, 3)?.flagged, 0);
});

test('a setup keeps a valid time control and drops a bad one', () => {
  const base = { variant: 'star-2', players: [{ name: '', kind: 'human' }, { name: '', kind: 'human' }] };
  const s = checkSetup({ ...base, clock: { base: 180_000, inc: 2000 } });
  assert.ok(typeof s !== 'string');
  assert.deepEqual(s.clock, { base: 180_000, inc: 2000 });
  const bad = checkSetup({ ...base, clock: { base: -1, inc: 2000 } });
  assert.ok(typeof bad !== 'string' && !('clock' in bad));
  const old = checkSetup(base);
  assert.ok(typeof old !== 'string' && !('clock' in old));
});

test('a saved time loss is replayed once, and a refused seat leaves the game as it is', () => {
  const calls = /** @type {number[]} */ ([]);
  const lose = (/** @type {number} */ seat) => {
    calls.push(seat);
    if (seat === 3) throw new Error('seat 3 has finished');
  };
  const saved = (/** @type {number} */ flagged) => checkSavedClocks({ left: [1, 2, 3], at: 4, past: [], flagged }, 3, 4);
  assert.equal(replayTimeLoss(saved(2), { isOver: () => false }, lose), true);
  assert.equal(replayTimeLoss(saved(2), { isOver: () => true }, lose), false);
  assert.equal(replayTimeLoss(saved(0), { isOver: () => false }, lose), false);
  assert.equal(replayTimeLoss(null, { isOver: () => false }, lose), false);
  assert.equal(replayTimeLoss(saved(3), { isOver: () => false }, lose), false);
  assert.deepEqual(calls, [2, 3]);
});
