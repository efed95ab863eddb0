// Ending a game by choice, as a person sees it: Abort before everyone has moved, Resign
// (the person to move, or the person playing the computer), a draw agreed by people at one
// screen; each asked once more, each ending the game for good (no Undo), in the status, the
// progress panel, the Game over dialog and the saved game (kept over a reload).
import { test, expect } from '@playwright/test';
import { open, watchErrors, engine, pageState, clickMove, greedyMove, shotPath } from './helpers.mjs';

/** Plays the greedy move for the page's game by clicks. */
async function playOne(page) {
  const { Game } = await engine();
  const g = Game.fromRecord((await pageState(page)).rec);
  const m = greedyMove(g);
  g.free();
  await clickMove(page, m.from, m.to);
}

/** The computer answers at once. */
async function fastComputer(page) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('halma.prefs')) localStorage.setItem('halma.prefs', JSON.stringify({ speed: 'fast' }));
  });
}

test('against the computer: Abort before both have moved, then Resign, asked once more, for good', async ({ page }) => {
  const errs = watchErrors(page);
  await fastComputer(page);
  await open(page);
  await page.locator('#home-computer').click();
  await expect(page.locator('#board')).toBeVisible();
  // Nobody has moved: the game can be aborted, not resigned; no draw against the computer.
  await expect(page.locator('#btn-resign')).toHaveText('Abort game');
  await expect(page.locator('#btn-draw')).toBeHidden();
  await page.locator('#btn-resign').click();
  await expect(page.locator('#end-question')).toHaveText('Abort the game? It ends without a result.');
  await expect(page.locator('#end-no')).toBeFocused();
  // Esc (or No) keeps playing.
  await page.keyboard.press('Escape');
  await expect(page.locator('#end-confirm')).toBeHidden();
  await expect(page.locator('#btn-resign')).toBeFocused();

  // One move each: now Resign.
  await playOne(page);
  await expect.poll(async () => (await pageState(page)).plies).toBe(2);
  await expect(page.locator('#btn-resign')).toHaveText('Resign');
  await page.locator('#btn-resign').click();
  await expect(page.locator('#end-question')).toHaveText('Resign the game?');
  await page.screenshot({ path: shotPath('resign-ask.png') });
  await page.locator('#end-no').click();
  await expect(page.locator('#end-confirm')).toBeHidden();
  await expect(page.locator('#status')).toContainText('Your move (red)');
  await page.locator('#btn-resign').click();
  await page.locator('#end-yes').click();

  const result = 'You resigned. Computer 2 (blue) wins!';
  await expect(page.locator('#gameover')).toBeVisible();
  await expect(page.locator('#over-result')).toHaveText(result);
  const rows = page.locator('#over-body tr');
  await expect(rows.nth(0)).toContainText('Computer 2 (blue) — winner');
  await expect(rows.nth(1).locator('td').nth(2)).toHaveText('resigned');
  await page.screenshot({ path: shotPath('resign-over.png') });
  await page.locator('#over-close').click();
  await expect(page.locator('#status')).toHaveText(result);
  await expect(page.locator('#standings li[data-seat="1"]')).toContainText('resigned');
  await expect(page.locator('#btn-undo')).toBeDisabled();
  await expect(page.locator('#btn-redo')).toBeDisabled();
  await expect(page.locator('#btn-hint')).toBeDisabled();
  await expect(page.locator('#end-actions')).toBeHidden();
  expect((await pageState(page)).plies).toBe(2);

  // The address (the game's link) says it too: seat 1 resigned, after the link's moves.
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/!h,c3\*r1$/);
  const url = page.url();

  // Kept over a reload, and listed as over.
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  await expect(page.locator('#status')).toHaveText(result);
  await page.locator('#over-close').click();
  await expect(page.locator('#btn-undo')).toBeDisabled();
  await page.locator('#btn-games').click();
  await expect(page.locator('#games-list li[aria-current="true"]')).toContainText('game over');
  await page.locator('#games-close').click();
  // The link in a fresh browser: the same result (a game over asks nobody to take a seat).
  const other = await page.context().browser().newContext();
  const fresh = await other.newPage();
  const errsFresh = watchErrors(fresh);
  await fresh.goto(url);
  await fresh.waitForSelector('body[data-ready="1"]');
  await expect(fresh.locator('#gameover')).toBeVisible();
  await expect(fresh.locator('#over-result')).toHaveText(result);
  await expect(fresh.locator('#seats')).toBeHidden();
  await fresh.locator('#over-close').click();
  await expect(fresh.locator('#status')).toHaveText(result);
  await expect(fresh.locator('#btn-undo')).toBeDisabled();
  errsFresh.check();
  await other.close();

  // A rematch is a new game, with Abort again.
  await page.locator('#btn-new').click();
  await page.locator('#home-computer').click();
  await expect(page.locator('#btn-resign')).toHaveText('Abort game');
  await expect(page.locator('#status')).toContainText('Your move');
  errs.check();
});

test('an abort ends the game without a result; a draw agreed by people at one screen', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page);
  await page.locator('#home-friends').click();
  await expect(page.locator('#btn-resign')).toHaveText('Abort game');
  await expect(page.locator('#btn-draw')).toBeHidden();
  await playOne(page);
  // Player 2 has not moved yet: still Abort.
  await expect(page.locator('#btn-resign')).toHaveText('Abort game');
  await page.locator('#btn-resign').click();
  await page.locator('#end-yes').click();
  await expect(page.locator('#gameover')).toBeVisible();
  await expect(page.locator('#over-result')).toHaveText('Game aborted before everyone had moved: no result.');
  await expect(page.locator('#over-table')).toBeHidden();
  await page.locator('#over-close').click();
  await expect(page.locator('#btn-undo')).toBeDisabled();

  // A new game of two people: after a move each, a draw can be agreed.
  await page.locator('#btn-new').click();
  await page.locator('#home-friends').click();
  await playOne(page);
  await playOne(page);
  await expect(page.locator('#btn-resign')).toHaveText('Resign');
  await expect(page.locator('#btn-draw')).toBeVisible();
  // Resign is for the player to move.
  await page.locator('#btn-resign').click();
  await expect(page.locator('#end-question')).toHaveText('Resign the game for Player 1 (red)?');
  await page.locator('#end-no').click();
  await page.locator('#btn-draw').click();
  await expect(page.locator('#end-question')).toHaveText('Do all players agree to a draw?');
  await page.locator('#end-yes').click();
  await expect(page.locator('#gameover')).toBeVisible();
  await expect(page.locator('#over-result')).toHaveText('Draw by agreement.');
  await expect(page.locator('#over-body tr')).toHaveCount(2);
  await expect(page.locator('#over-body tr.winner')).toHaveCount(0);
  await page.locator('#over-close').click();
  await expect(page.locator('#status')).toHaveText('Draw by agreement.');
  await expect(page.locator('#btn-undo')).toBeDisabled();
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  await expect(page.locator('#status')).toHaveText('Draw by agreement.');
  errs.check();
});

test('Danish: the buttons and the result', async ({ page }) => {
  const errs = watchErrors(page);
  await page.addInitScript(() => {
    if (!localStorage.getItem('halma.prefs')) localStorage.setItem('halma.prefs', JSON.stringify({ lang: 'da' }));
  });
  await open(page);
  await page.locator('#home-friends').click();
  await expect(page.locator('#btn-resign')).toHaveText('Afbryd spillet');
  await playOne(page);
  await playOne(page);
  await expect(page.locator('#btn-resign')).toHaveText('Opgiv');
  await page.locator('#btn-resign').click();
  await page.locator('#end-yes').click();
  await expect(page.locator('#over-result')).toHaveText('Spiller 1 (rød) opgav. Spiller 2 (blå) vinder!');
  errs.check();
});
