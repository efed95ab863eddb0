// Language: picked from the browser, switchable, remembered across reloads.
import { test, expect } from '@playwright/test';
import { open, watchErrors, engine, greedyMove, clickMove, pagePosition } from './helpers.mjs';

test.describe('a Danish browser', () => {
  test.use({ locale: 'da-DK' });

  test('gets Danish, can switch to English, and the choice is remembered', async ({ page }) => {
    const errs = watchErrors(page);
    await open(page, '?variant=halma-8x8');
    await expect(page.locator('#btn-new')).toHaveText('Nyt spil');
    await expect(page.locator('#status')).toContainText('er i trækket');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('da');
    expect(await page.locator('canvas.board-canvas').getAttribute('aria-roledescription')).toBe('spillebræt');
    // A move is announced in Danish.
    const { Game } = await engine();
    const mirror = new Game('halma-8x8');
    const m = greedyMove(mirror);
    await clickMove(page, m.from, m.to);
    mirror.playMove(m.from, m.to);
    await expect(page.locator('#live')).toContainText('flyttede');
    // Switch to English.
    await page.locator('.settings summary').click();
    await page.locator('#set-lang').selectOption('en');
    await expect(page.locator('#btn-new')).toHaveText('New game');
    await expect(page.locator('#status')).toContainText('to move');
    await expect(page.locator('#moves li').first()).toContainText(mirror.cellName(m.from));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    // Remembered after a reload, although the browser still prefers Danish.
    await page.reload();
    await page.waitForSelector('body[data-ready="1"]');
    await expect(page.locator('#btn-new')).toHaveText('New game');
    expect(await pagePosition(page)).toBe(mirror.position());
    mirror.free();
    errs.check();
  });
});

test('an English browser gets English; Danish texts reach the dialogs too', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, '?variant=star-2');
  await expect(page.locator('#btn-undo')).toHaveText('Undo');
  await page.locator('.settings summary').click();
  await page.locator('#set-lang').selectOption('da');
  await expect(page.locator('#btn-undo')).toHaveText('Fortryd');
  await expect(page.locator('#board-help')).toContainText('piletasterne');
  await page.locator('#btn-rules').click();
  await expect(page.locator('#rules')).toBeVisible();
  await expect(page.locator('#rules-list')).toContainText('spring');
  await expect(page.locator('#rules-diff')).toContainText('stjernebrættet');
  await page.locator('#rules-close').click();
  await page.locator('#btn-new').click();
  await expect(page.locator('#home-h')).toHaveText('Hvordan vil du spille?');
  await expect(page.locator('#home-computer')).toContainText('Spil mod computeren');
  await expect(page.locator('#home-friends')).toContainText('To spillere på denne enhed');
  await expect(page.locator('#home-puzzle')).toContainText('Opgaver');
  await page.screenshot({ path: 'tests/e2e/screenshots/first-screen-da.png' });
  await page.locator('#home-setup').click();
  await expect(page.locator('#su-variant option[value="star-2"]')).toHaveText('Kinaskak for 2');
  await expect(page.locator('#su-advanced summary')).toHaveText('Bræt, regler og flere valg');
  await expect(page.locator('#su-rules')).toContainText('huller');
  await page.screenshot({ path: 'tests/e2e/screenshots/dialog-setup-da.png' });
  errs.check();
});
