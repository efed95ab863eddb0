// The analysis panel's bar: the side to move's share from the engine's analysis (a forced
// result fills it; else a logistic of the lead in progress points, 10 points for 90%).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { barShare } from '../../www/panels/analysis.js';

test('the bar is half for an even position and leans to the side ahead', () => {
  assert.equal(barShare({ score: 0, lead: 0 }), 0.5);
  assert.ok(Math.abs(barShare({ score: 500, lead: 10 }) - 0.9) < 1e-9);
  assert.ok(Math.abs(barShare({ score: -500, lead: -10 }) - 0.1) < 1e-9);
  for (const lead of [1, 3, 7, 25]) {
    const a = barShare({ score: 0, lead });
    assert.ok(a > 0.5 && a < 1, `${lead}: ${a}`);
    assert.ok(Math.abs(a + barShare({ score: 0, lead: -lead }) - 1) < 1e-12, 'symmetric');
    assert.ok(barShare({ score: 0, lead: lead + 1 }) > a, 'more lead, more bar');
  }
});

test('a forced win or loss fills the bar or empties it, whatever the lead', () => {
  assert.equal(barShare({ score: 999_950, lead: -4 }), 1);
  assert.equal(barShare({ score: -1_000_000, lead: 12 }), 0);
  assert.ok(barShare({ score: 999_899, lead: 0 }) === 0.5, 'below the forced range the lead counts');
});
