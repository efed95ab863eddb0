// Sharing a game from a phone (issue 50, point 15): where the browser has the Web Share API
// the Share dialog offers the system's share sheet first (the link, the game's name), with
// Copy link beside it; a sheet closed by the person does nothing more, a sheet refused
// copies the link instead; without the API, Copy link as before. Chromium on Linux has no
// share sheet: a stand-in `navigator.share` records what the page hands it.
import { test, expect } from '@playwright/test';
import { open, watchErrors, shotPath } from './helpers.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/**
 * A stand-in share sheet: `mode` 'ok' shares, 'abort' is closed by the person, 'deny' is
 * not allowed. What it was handed is in `window.__shared`.
 */
async function shareSheet(context, mode) {
  await context.addInitScript((mode) => {
    const w = /** @type {any} */ (window);
    w.__shared = [];
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: (/** @type {any} */ d) => !!d && typeof d.url === 'string' });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (/** @type {any} */ data) => {
        w.__shared.push(data);
        if (mode === 'abort') throw new DOMException('Share canceled', 'AbortError');
        if (mode === 'deny') throw new DOMException('Permission denied', 'NotAllowedError');
      },
    });
  }, mode);
}

/** Opens the Share dialog from the phone's menu. */
async function openShare(page) {
  await page.locator('#btn-more').click();
  await page.locator('#btn-share').click();
  await expect(page.locator('#share')).toBeVisible();
}

test('phone with a share sheet: Share… first, handing over the link and the game', async ({ browser }) => {
  const ctx = await browser.newContext(PHONE);
  await shareSheet(ctx, 'ok');
  const page = await ctx.newPage();
  const errs = watchErrors(page);
  await open(page);
  await page.locator('#home-friends').click();
  await openShare(page);
  await expect(page.locator('#share-native')).toBeVisible();
  await expect(page.locator('#share-native')).toHaveText('Share…');
  await expect(page.locator('#share-native')).toBeFocused();
  await expect(page.locator('#share-native')).toHaveClass(/primary/);
  await expect(page.locator('#share-copy')).toBeVisible();
  await expect(page.locator('#share-copy')).not.toHaveClass(/primary/);
  // Both fit the phone's width.
  for (const id of ['share-native', 'share-copy', 'share-url']) {
    const box = await page.locator(`#${id}`).boundingBox();
    expect(box && box.x + box.width, id).toBeLessThanOrEqual(390);
  }
  await page.screenshot({ path: shotPath('share-sheet-phone.png') });
  await page.locator('#share-native').click();
  await expect(page.locator('#share-status')).toHaveText('Shared.');
  const shared = await page.evaluate(() => /** @type {any} */ (window).__shared);
  const url = await page.locator('#share-url').inputValue();
  expect(shared).toEqual([{ title: 'Halma · Chinese checkers for 2', text: 'Halma · Chinese checkers for 2', url }]);
  errs.check();
  await ctx.close();
});

test('a share sheet closed does nothing more; one refused copies the link instead', async ({ browser }) => {
  for (const mode of ['abort', 'deny']) {
    const ctx = await browser.newContext(PHONE);
    await shareSheet(ctx, mode);
    const page = await ctx.newPage();
    const errs = watchErrors(page);
    await open(page);
    await page.locator('#home-friends').click();
    await openShare(page);
    await page.locator('#share-native').click();
    await expect.poll(() => page.evaluate(() => /** @type {any} */ (window).__shared.length)).toBe(1);
    if (mode === 'abort') {
      await page.waitForTimeout(200);
      await expect(page.locator('#share-status')).toHaveText('');
    } else {
      // Copied (the clipboard), or selected for Ctrl+C where the clipboard is refused too.
      await expect(page.locator('#share-status')).toHaveAttribute('data-how', /^(copied|manual)$/);
      await expect(page.locator('#share-status')).not.toHaveText('');
    }
    errs.check();
    await ctx.close();
  }
});

test('no share sheet: Copy link, as before', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page);
  expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
  await page.locator('#home-friends').click();
  await page.locator('#btn-share').click();
  await expect(page.locator('#share-native')).toBeHidden();
  await expect(page.locator('#share-copy')).toBeFocused();
  await expect(page.locator('#share-copy')).toHaveClass(/primary/);
  errs.check();
});
