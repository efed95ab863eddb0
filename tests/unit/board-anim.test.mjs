// Unit tests for the board widget's move animation timing (www/board/anim.js): how long each
// segment of a hop path takes and where the piece is at a given time. No DOM needed.
import test from 'node:test';
import assert from 'node:assert/strict';
import { plan, sample, turnFrames, STEP_MS, HOP_MS, MAX_ANIM_MS } from '../../www/board/anim.js';

/** A row of cells one unit apart: x = id, y = 0. */
const row = Array.from({ length: 40 }, (_, id) => ({ id, name: `c${id}`, x: id, y: 0 }));
const close = (a, b, eps = 1e-9) => Math.abs(a - b) <= eps;

test('plan: steps and jumps take their own time', () => {
  assert.deepEqual(plan([0, 1], row), { segMs: [STEP_MS], duration: STEP_MS });
  assert.deepEqual(plan([0, 2, 4], row), { segMs: [HOP_MS, HOP_MS], duration: 2 * HOP_MS });
  assert.deepEqual(plan([5], row), { segMs: [], duration: 0 });
});

test('plan: a long hop chain is sped up to the longest a move may take', () => {
  const path = Array.from({ length: 19 }, (_, i) => 2 * i); // 18 jumps
  const { segMs, duration } = plan(path, row);
  assert.ok(18 * HOP_MS > MAX_ANIM_MS);
  assert.equal(duration, MAX_ANIM_MS);
  assert.equal(segMs.length, 18);
  assert.ok(close(segMs.reduce((a, b) => a + b, 0), MAX_ANIM_MS, 1e-6));
  for (const ms of segMs) assert.ok(close(ms, MAX_ANIM_MS / 18, 1e-9));
});

test('sample: from the start cell, eased, lifted only over jumps', () => {
  const step = { path: [3, 4], ...plan([3, 4], row) };
  assert.deepEqual(sample(step, row, 0), { x: 3, y: 0, lift: 0 });
  const mid = sample(step, row, STEP_MS / 2);
  assert.ok(close(mid.x, 3.5) && mid.lift === 0, 'halfway, on the ground');
  assert.ok(sample(step, row, STEP_MS / 4).x - 3 < 0.25, 'eased in: slower at the start');
  const hops = { path: [0, 2, 4], ...plan([0, 2, 4], row) };
  const top = sample(hops, row, HOP_MS / 2);
  assert.ok(close(top.x, 1) && close(top.lift, 1), 'at the top of the first jump');
  const second = sample(hops, row, HOP_MS + HOP_MS / 2);
  assert.ok(close(second.x, 3) && close(second.lift, 1), 'in the second jump');
  // Past the last segment's end, the piece stays at the path's end.
  const end = sample(hops, row, 10 * HOP_MS);
  assert.ok(close(end.x, 4) && close(end.lift, 0, 1e-9));
});

test('turnFrames: starts turned back by the turn, ends at rest; a square shrinks to fit', () => {
  const sq = turnFrames(90, 'square');
  assert.equal(sq[0].offset, 0);
  assert.equal(sq[sq.length - 1].offset, 1);
  assert.match(String(sq[0].transform), /^rotate\(-90\.00deg\) scale\(1\.0000\)$/);
  assert.match(String(sq[sq.length - 1].transform), /^rotate\(0\.00deg\) scale\(1\.0000\)$/);
  // Halfway through a quarter turn the square stands on a corner: 1/√2 of its size fits.
  const mid = sq[sq.length >> 1];
  assert.match(String(mid.transform), /^rotate\(-45\.00deg\) scale\(0\.7071\)$/);
  // A half turn of the star: the other way round (counter-clockwise back), a little smaller midway.
  const star = turnFrames(-180, 'star');
  assert.match(String(star[0].transform), /^rotate\(180\.00deg\) scale\(1\.0000\)$/);
  const s = Number(/scale\(([\d.]+)\)/.exec(String(star[star.length >> 1].transform))?.[1]);
  assert.ok(s < 1 && s > 0.9);
});
