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

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('gets German: the first screen, a game, the rules, the tutorial and the puzzles', async ({ page }) => {
    const errs = watchErrors(page);
    await open(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await expect(page.locator('#set-lang')).toHaveValue('de');
    await expect(page.locator('#home-h')).toHaveText('Wie möchtest du spielen?');
    await expect(page.locator('#home-computer')).toContainText('Gegen den Computer');
    await expect(page.locator('#home-computer')).toContainText('Sternhalma zu zweit');
    await expect(page.locator('#home-friends')).toContainText('Zu zweit an diesem Gerät');
    await expect(page.locator('#home-level option:checked')).toHaveText('3 · plant voraus');
    await page.screenshot({ path: 'tests/e2e/screenshots/first-screen-de.png' });
    // The lesson, in German.
    await page.locator('#home-tutorial').click();
    await expect(page.locator('#tutorial')).toBeVisible();
    await expect(page.locator('#tu-step')).toContainText('Schritt 1');
    await expect(page.locator('#tu-text')).toContainText('Stein');
    await page.locator('#tu-close').click();
    // A game against the computer: "Du", the turn, the moves.
    await page.locator('#home-computer').click();
    await expect(page.locator('#status')).toContainText('Du bist am Zug (rot)');
    await expect(page.locator('#standings li[data-seat="1"] .name')).toHaveText('Du');
    await expect(page.locator('#standings li[data-seat="2"]')).toContainText('Stufe 3');
    await expect(page.locator('#points-h')).toHaveText('Abstand zum Ziel');
    await expect(page.locator('#variant-line')).toHaveText('Variante: Sternhalma zu zweit · Runde 1');
    const { Game } = await engine();
    const mirror = new Game('star-2');
    const m = greedyMove(mirror);
    const [from, to] = [mirror.cellName(m.from), mirror.cellName(m.to)];
    mirror.free();
    await clickMove(page, m.from, m.to);
    await expect(page.locator('div#live')).toContainText(`Du ziehst von ${from} nach ${to}`);
    await page.screenshot({ path: 'tests/e2e/screenshots/game-de.png' });
    // The rules, from the engine's facts, in German.
    await page.locator('#btn-rules').click();
    await expect(page.locator('#rules-list')).toContainText('Sprung');
    await expect(page.locator('#rules-diff')).toContainText('Sternhalma');
    await page.locator('#rules-close').click();
    // The puzzles.
    await page.locator('#btn-new').click();
    await page.locator('#home-puzzle').click();
    await expect(page.locator('#pz-h')).toHaveText('Rätsel');
    await expect(page.locator('#pz-open-star-crossing')).toHaveText('Sternüberquerung');
    await expect(page.locator('#pz-cards')).toContainText('Spitze');
    errs.check();
  });

  test('on a phone: the first screen, the game and the New game dialog fit', async ({ browser }) => {
    const ctx = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await ctx.newPage();
    const errs = watchErrors(page);
    await open(page);
    const wide = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await wide()).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'tests/e2e/screenshots/first-screen-de-phone.png' });
    await page.locator('#home-setup').click();
    await expect(page.locator('#setup-h')).toHaveText('Neues Spiel');
    await page.screenshot({ path: 'tests/e2e/screenshots/dialog-setup-de-phone.png' });
    await page.locator('#su-start').click();
    await expect(page.locator('#status')).toContainText('Du bist am Zug');
    expect(await wide()).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'tests/e2e/screenshots/game-de-phone.png', fullPage: true });
    errs.check();
    await ctx.close();
  });
});
