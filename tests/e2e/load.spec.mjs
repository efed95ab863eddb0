// The page loads cleanly (no console errors, no failed requests, CSP respected), also under a
// sub-path; how fast it becomes interactive; screenshots of every board kind in both themes.
import { test, expect } from '@playwright/test';
import { open, startDefaultGame, watchErrors, clickMove, clickCell, settle, engine, greedyMove, shotPath, recordPerf, playGreedyMoves, pageState, pagePosition } from './helpers.mjs';
import { SUBPATH_PORT } from '../../playwright.config.mjs';

test('the page loads with no console errors and a playable board', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page);
  // A first visit opens on the first screen; its New game dialog starts Halma for two.
  await expect(page.locator('#home-computer')).toBeVisible();
  await startDefaultGame(page);
  await expect(page.locator('canvas.board-canvas')).toBeVisible();
  await expect(page.locator('#status')).toContainText('Player 1');
  const label = await page.locator('canvas.board-canvas').getAttribute('aria-label');
  expect(label).toContain('Player 1 (red) to move');
  expect(label).toMatch(/a1/);
  expect((await pageState(page)).variant).toBe('halma');
  // The text alternative follows the game.
  const { Game } = await engine();
  const mirror = new Game('halma');
  const m = greedyMove(mirror);
  await clickMove(page, m.from, m.to);
  const label2 = await page.locator('canvas.board-canvas').getAttribute('aria-label');
  expect(label2).toContain('Player 2 (blue) to move');
  expect(label2).toContain(mirror.cellName(m.to));
  mirror.free();
  // The skip link takes the keyboard to the board.
  await page.locator('.skip').focus();
  await expect(page.locator('.skip')).toHaveText('Skip to the board');
  await page.keyboard.press('Enter');
  await expect(page.locator('canvas.board-canvas')).toBeFocused();
  // No inline script or handler anywhere (the CSP meta would block them anyway).
  expect(await page.locator('script:not([src])').count()).toBe(0);
  expect(await page.evaluate(() => [...document.querySelectorAll('*')].some((el) => [...el.attributes].some((a) => a.name.startsWith('on'))))).toBe(false);
  errs.check();
});

test('the page works under a sub-path (relative URLs only)', async ({ page }) => {
  const errs = watchErrors(page);
  await page.goto(`http://127.0.0.1:${SUBPATH_PORT}/www/`);
  await page.waitForSelector('body[data-ready="1"]');
  await startDefaultGame(page);
  const { Game } = await engine();
  const mirror = new Game('halma');
  const m = greedyMove(mirror);
  await clickMove(page, m.from, m.to);
  mirror.playMove(m.from, m.to);
  expect(await pagePosition(page)).toBe(mirror.position());
  // The AI worker and its wasm load from the sub-path too.
  await page.locator('#btn-hint').click();
  await expect(page.locator('#hint-line')).toContainText('Hint:', { timeout: 15_000 });
  mirror.free();
  errs.check();
});

test('time to interactive, files cached', async ({ page }) => {
  await open(page);
  // Timed with a game open (the reloads continue it), as a returning player meets the page.
  await startDefaultGame(page);
  const samples = [];
  for (let i = 0; i < 5; i++) {
    await page.reload();
    await page.waitForSelector('body[data-ready="1"]');
    await page.waitForFunction(() => performance.getEntriesByName('halma-interactive').length > 0);
    samples.push(await page.evaluate(() => performance.getEntriesByName('halma-interactive')[0].startTime));
  }
  samples.sort((a, b) => a - b);
  const nav = await page.evaluate(() => {
    const n = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
    return { domContentLoaded: Math.round(n.domContentLoadedEventEnd), load: Math.round(n.loadEventEnd) };
  });
  recordPerf('time to interactive (ms, reloads with a warm cache)', {
    median: Math.round(samples[2]),
    min: Math.round(samples[0]),
    max: Math.round(samples[4]),
    lastNavigation: nav,
  });
  expect(samples[2]).toBeGreaterThan(0);
});

const KINDS = [
  ['halma', '16x16'],
  ['halma-10x10', '10x10'],
  ['halma-8x8', '8x8'],
  ['star-2', 'star-2'],
  ['star-6', 'star-6'],
];

for (const theme of ['light', 'dark']) {
  for (const [variant, name] of KINDS) {
    test(`screenshot ${name} ${theme}`, async ({ page }) => {
      const errs = watchErrors(page);
      await page.emulateMedia({ colorScheme: theme });
      // Dark shots also show the coordinates.
      if (theme === 'dark') {
        await page.addInitScript(() => localStorage.setItem('halma.prefs', JSON.stringify({ coords: true })));
      }
      await open(page, `?variant=${variant}`);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      const { Game } = await engine();
      const mirror = new Game(variant);
      await playGreedyMoves(page, mirror, 3);
      await settle(page);
      // Pick up a piece so the destinations show.
      const m = greedyMove(mirror);
      await clickCell(page, m.from);
      await page.mouse.move(5, 5);
      await page.screenshot({ path: shotPath(`page-${name}-${theme}.png`) });
      await page.locator('#board').screenshot({ path: shotPath(`board-${name}-${theme}.png`) });
      mirror.free();
      errs.check();
    });
  }
}

test('screenshot of a small window (phone size)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await open(page, '?variant=star-3');
  await page.screenshot({ path: shotPath('page-phone-star-3.png'), fullPage: true });
  const box = await page.locator('canvas.board-canvas').boundingBox();
  expect(box.width).toBeGreaterThan(300);
  expect(box.width).toBeLessThanOrEqual(390);
});

test('the canvas is crisp on HiDPI screens', async ({ browser }) => {
  const ctx = await browser.newContext({ deviceScaleFactor: 2, viewport: { width: 900, height: 800 } });
  const page = await ctx.newPage();
  await open(page, '?variant=halma-8x8');
  const sizes = await page.evaluate(() => {
    const c = document.querySelector('canvas.board-canvas');
    const r = c.getBoundingClientRect();
    return { w: c.width, h: c.height, cssW: r.width, cssH: r.height };
  });
  expect(sizes.w).toBe(Math.round(sizes.cssW * 2));
  expect(sizes.h).toBe(Math.round(sizes.cssH * 2));
  await page.locator('#board').screenshot({ path: shotPath('board-8x8-hidpi.png') });
  // Resizing the window resizes the board.
  await page.setViewportSize({ width: 600, height: 600 });
  await page.waitForFunction((w) => document.querySelector('canvas.board-canvas').width !== w, sizes.w);
  await ctx.close();
});
