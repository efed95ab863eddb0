// The first screen's loose ends: deleting the last saved game leaves the player on the
// first screen (no game started behind it), a game of computers does not play on behind the
// first screen (it goes on when the player returns), and the New game dialog opened with no
// game offers the game played last, against the computer when that was last.
import { test, expect } from '@playwright/test';
import { open, watchErrors, pageState, settle } from './helpers.mjs';

test('deleting the last saved game: the first screen, and the dialog offers the game played last', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page);
  // One tap against the computer (Chinese checkers for two), then the game is deleted.
  await page.locator('#home-level').selectOption('2');
  await page.locator('#home-computer').click();
  await expect(page.locator('#home')).toBeHidden();
  await settle(page);
  await page.locator('#btn-games').click();
  const dlg = page.locator('#games');
  await expect(dlg.locator('#games-list li')).toHaveCount(1);
  await dlg.locator('#games-list li [data-action="delete"]').click();
  await dlg.locator('[data-action="confirm-delete"]').click();
  await expect(dlg.locator('#games-list li')).toHaveText(/./);
  await page.locator('#games-close').click();
  // The first screen, with no game to go back to, and nothing saved behind it.
  await expect(page.locator('#home')).toBeVisible();
  await expect(page.locator('#home-continue')).toBeHidden();
  await expect(page.locator('#board')).toBeHidden();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('halma.game.')))).toEqual([]);
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  await expect(page.locator('#home')).toBeVisible();

  // More games and options: the game played last, against the computer at its level.
  await page.locator('#home-setup').click();
  await expect(page.locator('#setup')).toBeVisible();
  await expect(page.locator('#su-variant')).toHaveValue('star-2');
  await expect(page.locator('#su-kind-1')).toHaveValue('human');
  await expect(page.locator('#su-kind-2')).toHaveValue('computer');
  await expect(page.locator('#su-level-2')).toHaveValue('2');
  await page.locator('#su-cancel').click();

  // After a game of two people, the dialog offers that one.
  await page.locator('#home-friends').click();
  await settle(page);
  await page.locator('#btn-games').click();
  await dlg.locator('#games-list li [data-action="delete"]').click();
  await dlg.locator('[data-action="confirm-delete"]').click();
  await page.locator('#games-close').click();
  await expect(page.locator('#home')).toBeVisible();
  await page.locator('#home-setup').click();
  await expect(page.locator('#su-kind-2')).toHaveValue('human');
  errs.check();
});

test('a game of computers waits behind the first screen, and goes on after it', async ({ page }) => {
  const errs = watchErrors(page);
  await page.addInitScript(() => {
    if (!localStorage.getItem('halma.prefs')) localStorage.setItem('halma.prefs', JSON.stringify({ speed: 'fast' }));
  });
  await open(page);
  await page.locator('#home-setup').click();
  await page.locator('#su-variant').selectOption('star-2');
  await page.locator('#su-kind-1').selectOption('computer');
  await page.locator('#su-level-1').selectOption('1');
  await page.locator('#su-kind-2').selectOption('computer');
  await page.locator('#su-level-2').selectOption('1');
  await page.locator('#su-start').click();
  await expect.poll(async () => (await pageState(page)).plies, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  // New game: the first screen covers the game, and the computers stop. (The address is
  // the first screen's now: the plies are counted in the moves list behind it.)
  await page.locator('#btn-new').click();
  await expect(page.locator('#home')).toBeVisible();
  await expect.poll(() => page.evaluate(() => location.hash)).toBe('#home');
  const listed = () => page.evaluate(() => Number(document.getElementById('moves')?.dataset.count));
  await page.waitForTimeout(500);
  const at = await listed();
  await page.waitForTimeout(2500);
  expect(await listed()).toBe(at);
  // Back to the game: they play on.
  await page.locator('#home-continue').click();
  await expect(page.locator('#home')).toBeHidden();
  await expect.poll(async () => (await pageState(page)).plies, { timeout: 30_000 }).toBeGreaterThan(at);
  await expect(page.locator('#btn-pause')).toHaveText('Pause');
  errs.check();
});
