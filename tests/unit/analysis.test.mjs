// The analysis panel's bar: the side to move's share from the engine's analysis (a forced
// result fills it; else a logistic of how many moves it is ahead, 3 moves for 90%).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { barShare } from '../../www/panels/analysis.js';

test('the bar is half for an even position and leans to the side ahead', () => {
  assert.equal(barShare({ score: 0, moves: 0 }), 0.5);
  assert.ok(Math.abs(barShare({ score: 500, moves: 3 }) - 0.9) < 1e-9);
  assert.ok(Math.abs(barShare({ score: -500, moves: -3 }) - 0.1) < 1e-9);
  for (const moves of [0.5, 1, 2.5, 8]) {
    const a = barShare({ score: 0, moves });
    assert.ok(a > 0.5 && a < 1, `${moves}: ${a}`);
    assert.ok(Math.abs(a + barShare({ score: 0, moves: -moves }) - 1) < 1e-12, 'symmetric');
    assert.ok(barShare({ score: 0, moves: moves + 1 }) > a, 'further ahead, more bar');
  }
});

test('a forced win or loss fills the bar or empties it, whatever the moves', () => {
  assert.equal(barShare({ score: 999_950, moves: -4 }), 1);
  assert.equal(barShare({ score: -1_000_000, moves: 12 }), 0);
  assert.ok(barShare({ score: 999_899, moves: 0 }) === 0.5, 'below the forced range the moves count');
});
