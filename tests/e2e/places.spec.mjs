// Playing on for the places (the rule option `places`): offered in the New game dialog for
// three players or more; a finished seat shows its place and is skipped while the others
// play on; the last finish ends the game with the whole ranking.
import { test, expect } from '@playwright/test';
import { open, watchErrors, clickMove, engine, shotPath, pageState, pagePosition, openSetup } from './helpers.mjs';

// halma-3 on 8×8 with camps of 10: seat 1 lacks h5 of its target (g5-h5 fills it), seat 2
// lacks h4 (f5-g4, then g4-h4), seat 3 has two pieces far from its target.
const NEAR_END = 'halma-3+size=8+camp=10+places 1 ....1111/.....111/......11/...3.21./...3..../......22/.....222/....2222';

/** The standings row of a seat. */
const seatRow = (page, seat) => page.locator(`#standings li[data-seat="${seat}"]`);

test('a finished seat takes 1st place and is skipped; the second finish ends the game with every place', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, `?position=${encodeURIComponent(NEAR_END)}`);
  expect(await pagePosition(page)).toBe(NEAR_END);
  const { Game } = await engine();
  const mirror = Game.fromPosition(NEAR_END);
  const cell = (/** @type {string} */ n) => mirror.cellByName(n);
  await expect(page.locator('#variant-line')).toContainText('playing on for places');

  // Seat 1 finishes: first place, and the game goes on.
  await clickMove(page, cell('g5'), cell('h5'));
  await expect(seatRow(page, 1)).toContainText('1st place');
  await expect(seatRow(page, 1)).toContainText('turns skipped');
  await expect(page.locator('#gameover')).toBeHidden();
  await expect(page.locator('#status')).toContainText('Player 2');
  await expect(page.locator('#status')).toContainText('to move');
  await expect(page.locator('#live')).toContainText('Player 1 (red) finishes in 1st place; play goes on.');
  mirror.play('g5-h5');
  expect(await pagePosition(page)).toBe(mirror.position());
  expect(mirror.position().endsWith(' 1..')).toBe(true);
  await page.screenshot({ path: shotPath('places-first-finish.png') });

  // Seats 2 and 3 play on; seat 1's turn is skipped.
  await clickMove(page, cell('f5'), cell('g4'));
  await expect(page.locator('#status')).toContainText('Player 3');
  await clickMove(page, cell('d5'), cell('d6'));
  await expect(page.locator('#status')).toContainText('Player 2');
  await expect(seatRow(page, 2)).toHaveClass(/current/);
  await expect(seatRow(page, 1)).not.toHaveClass(/current/);
  expect((await pageState(page)).outcome).toBeNull();

  // Seat 2 finishes second: one seat is left, and the game is over with every place.
  await clickMove(page, cell('g4'), cell('h4'));
  const dlg = page.locator('#gameover');
  await expect(dlg).toBeVisible();
  await expect(page.locator('#over-result')).toHaveText('Player 1 (red) wins!');
  const rows = page.locator('#over-body tr');
  await expect(rows).toHaveCount(3);
  for (const [i, place, who] of [[0, '1st', 'Player 1'], [1, '2nd', 'Player 2'], [2, '3rd', 'Player 3']]) {
    await expect(rows.nth(i).locator('td').nth(0)).toHaveText(place);
    await expect(rows.nth(i)).toContainText(who);
  }
  await expect(rows.nth(0)).toHaveClass(/winner/);
  await expect(page.locator('#live')).toContainText('Player 2 (');
  await expect(page.locator('#live')).toContainText('finishes in 2nd place.');
  await page.screenshot({ path: shotPath('places-game-over.png') });
  await page.locator('#over-close').click();
  await expect(seatRow(page, 2)).toContainText('2nd place');
  mirror.free();
  errs.check();
});

test('the New game dialog offers playing on for places with three players or more', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page);
  await openSetup(page);
  const more = page.locator('#su-advanced');
  if (!(await more.evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open))) await more.locator('summary').click();
  const places = page.locator('#su-places');
  // Two players: nothing to play on for.
  await page.locator('#su-variant').selectOption('halma');
  await expect(places).toBeHidden();
  await page.locator('#su-variant').selectOption('star-3');
  await expect(places).toBeVisible();
  await expect(places).not.toBeChecked();
  await expect(page.locator('#su-places-desc')).toContainText('2nd, 3rd');
  await places.check();
  await expect(page.locator('#su-variant-string')).toHaveText('star-3+places');
  await expect(page.locator('#su-variant-desc')).toContainText('playing on for places');
  // The rules panel says it in words.
  await expect(page.locator('#setup')).toContainText('Playing on for places: a player who finishes takes the next place');
  // Equal turns do not go with it: the engine says why and the game cannot start.
  await page.locator('#su-balance').check();
  await expect(page.locator('#su-error')).toContainText("'places' and 'balance'");
  await expect(page.locator('#su-start')).toBeDisabled();
  await page.locator('#su-balance').uncheck();
  await page.locator('#setup').screenshot({ path: shotPath('places-setup.png') });
  await page.locator('#su-start').click();
  await expect(page.locator('#setup')).toBeHidden();
  await expect.poll(async () => (await pageState(page)).variant).toBe('star-3+places');
  errs.check();
});

test.describe('a Danish browser', () => {
  test.use({ locale: 'da-DK' });
  test('reads the places as 1. plads', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, `?position=${encodeURIComponent(NEAR_END)}`);
  const { Game } = await engine();
  const mirror = Game.fromPosition(NEAR_END);
  await clickMove(page, mirror.cellByName('g5'), mirror.cellByName('h5'));
  await expect(seatRow(page, 1)).toContainText('1. plads');
  await expect(seatRow(page, 1)).toContainText('springes over');
  mirror.free();
  errs.check();
});
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test('the place shows in the standings and fits the screen', async ({ page }) => {
    const errs = watchErrors(page);
    await open(page, `?position=${encodeURIComponent(NEAR_END)}`);
    const { Game } = await engine();
    const mirror = Game.fromPosition(NEAR_END);
    await clickMove(page, mirror.cellByName('g5'), mirror.cellByName('h5'));
    const row = seatRow(page, 1);
    await expect(row).toContainText('1st place');
    await row.scrollIntoViewIfNeeded();
    const box = await row.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: shotPath('places-phone.png'), fullPage: true });
    mirror.free();
    errs.check();
  });
});
