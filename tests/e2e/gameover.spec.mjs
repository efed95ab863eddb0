// The end of a game: a win from a near-finished position (given in the address), the ranking,
// rematch; a draw by the turn limit with its reason.
import { test, expect } from '@playwright/test';
import { open, watchErrors, clickMove, engine, shotPath, playGreedyMoves, pageState, pagePosition, pointerOver, startDefaultGame } from './helpers.mjs';

// Seat 1 has nine pieces in its target camp; g5-h5 fills it.
const NEAR_WIN = 'halma-8x8 1 ....1111/.....111/......11/......1./....2.../22....../222...../2222....';

test('a win shows the result and the ranking; rematch starts over with seats moved on', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, `?position=${encodeURIComponent(NEAR_WIN)}`);
  expect(await pagePosition(page)).toBe(NEAR_WIN);
  const { Game } = await engine();
  const mirror = Game.fromPosition(NEAR_WIN);
  const g5 = mirror.cellByName('g5');
  const h5 = mirror.cellByName('h5');
  await clickMove(page, g5, h5);
  const dlg = page.locator('#gameover');
  await expect(dlg).toBeVisible();
  await expect(page.locator('#over-result')).toHaveText('Player 1 (red) wins!');
  const rows = page.locator('#over-body tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Player 1');
  await expect(rows.nth(0)).toContainText('winner');
  await expect(rows.nth(0)).toHaveClass(/winner/);
  await expect(rows.nth(1)).toContainText('Player 2');
  // The engine's standings are what the table shows.
  mirror.play('g5-h5');
  const st = mirror.standings();
  // The distance each has to go, as the progress panel says it (the ranking agrees).
  const togo = mirror.distanceToGo();
  const words = (/** @type {number} */ seat) => (togo[seat - 1] === 0 ? 'in the goal' : `${togo[seat - 1]} to go`);
  await expect(page.locator('#over-table thead')).toContainText('To go');
  await expect(rows.nth(0).locator('td').nth(2)).toHaveText(words(st[0].seat));
  await expect(rows.nth(1).locator('td').nth(2)).toHaveText(words(st[1].seat));
  await expect(page.locator(`#standings li[data-seat="${st[1].seat}"] .togo`)).toHaveText(words(st[1].seat));
  await expect(page.locator('#status')).toContainText('wins');
  await page.screenshot({ path: shotPath('dialog-gameover.png') });
  // The board no longer takes moves: the game has none, and after closing the dialog no
  // piece takes a click (seat 2's c2 would be next to move).
  expect((await pageState(page)).outcome).toEqual(mirror.outcome());
  expect(mirror.legalMoves().length).toBe(0);
  await page.locator('#over-close').click();
  for (const cell of [h5, mirror.cellByName('c2')]) expect(await pointerOver(page, cell), mirror.cellName(cell)).not.toBe('pointer');
  // Undo, and the game goes on; redo brings the result back.
  await page.locator('#btn-undo').click();
  await expect(page.locator('#status')).toContainText('to move');
  await page.locator('#btn-redo').click();
  await expect(dlg).toBeVisible();
  // Rematch: a fresh 8×8 game.
  await expect(page.locator('#over-rematch')).toHaveText('Rematch');
  await page.locator('#over-rematch').click();
  await expect(dlg).toBeHidden();
  const fresh = new Game('halma-8x8');
  await expect.poll(() => pagePosition(page)).toBe(fresh.position());
  fresh.free();
  mirror.free();
  errs.check();
});

// The a1–p16 diagonal from f6 up, the pairs g1/a7, h2/b8, i3/c9, and b6; e2 is the last piece
// in the yard, and e2-f2 gives b6 its mirror image.
const NEAR_SOLVED = (() => {
  const on = new Set('f6 g7 h8 i9 j10 k11 l12 m13 n14 o15 p16 g1 a7 h2 b8 i3 c9 b6 e2'.split(' '));
  const rows = [];
  for (let r = 16; r >= 1; r--) rows.push([...'abcdefghijklmnop'].map((c) => (on.has(`${c}${r}`) ? '1' : '.')).join(''));
  return `solitaire 1 ${rows.join('/')}`;
})();

test('a solved solitaire says so and counts the moves it took, with no ranking', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, `?position=${encodeURIComponent(NEAR_SOLVED)}`);
  await expect(page.locator('#variant-line')).toContainText('Move 1 of 19');
  await expect(page.locator('#standings li .pts')).toHaveText('2 unpaired');
  const { Game } = await engine();
  const mirror = Game.fromPosition(NEAR_SOLVED);
  const [e2, f2] = ['e2', 'f2'].map((n) => mirror.cellByName(n));
  mirror.free();
  await clickMove(page, e2, f2);
  await expect(page.locator('#gameover')).toBeVisible();
  await expect(page.locator('#over-result')).toHaveText('Solved! The pieces form a symmetric figure. 1 of 19 moves used.');
  await expect(page.locator('#over-table')).toBeHidden();
  await expect(page.locator('#over-rematch')).toHaveText('Try again');
  await expect(page.locator('#variant-line')).toContainText('1 of 19 moves used');
  await expect(page.locator('#standings li .pts')).toHaveText('0 unpaired');
  // New game from the result: the first screen, with the way back to the solved puzzle.
  await page.locator('#over-new').click();
  await expect(page.locator('#gameover')).toBeHidden();
  await expect(page.locator('#home')).toBeVisible();
  await expect(page.locator('#home-continue')).toBeVisible();
  await page.locator('#home-continue').click();
  await expect(page.locator('#home')).toBeHidden();
  await expect(page.locator('#variant-line')).toContainText('1 of 19 moves used');
  errs.check();
});

test('a draw by the turn limit names the reason', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, `?variant=${encodeURIComponent('halma-8x8+turns=1')}`);
  const { Game } = await engine();
  const mirror = new Game('halma-8x8+turns=1');
  await playGreedyMoves(page, mirror, 2);
  expect(mirror.outcome()).toEqual({ kind: 'draw', reason: 'turn-limit' });
  await expect(page.locator('#gameover')).toBeVisible();
  await expect(page.locator('#over-result')).toHaveText('Draw: the turn limit was reached.');
  await expect(page.locator('#over-body tr')).toHaveCount(2);
  mirror.free();
  errs.check();
});

test('a bad position in the address gives a message and the first screen', async ({ page }) => {
  await page.goto('./?position=halma-8x8%201%20nonsense');
  await page.waitForSelector('body[data-ready="1"]');
  await expect(page.locator('#notice')).toBeVisible();
  await expect(page.locator('#notice-text')).toContainText('could not be opened');
  // Nothing else to continue: the first screen, and a normal game from there.
  await expect(page.locator('#home')).toBeVisible();
  await startDefaultGame(page);
  expect((await pageState(page)).variant).toBe('halma');
});
