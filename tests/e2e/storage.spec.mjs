// Autosave edge cases: a corrupt or unknown saved entry, and storage that throws.
import { test, expect } from '@playwright/test';
import { open, watchErrors, clickMove, engine, greedyMove } from './helpers.mjs';

const KEY = 'halma.game';

async function seed(page, value) {
  await page.goto('./');
  await page.waitForSelector('body[data-ready="1"]');
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [KEY, value]);
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
}

for (const [what, value, text] of [
  ['corrupt JSON', '{"v":1,"record":', 'could not be loaded'],
  ['a record the engine rejects', JSON.stringify({ v: 1, record: 'halma\nz1-z2\n', setup: { variant: 'halma', players: [{ name: '' }, { name: '' }] } }), 'could not be loaded'],
  ['an unknown format', JSON.stringify({ v: 7, data: 'future' }), 'newer version'],
]) {
  test(`${what}: a visible message, a fresh game, and the entry is kept until a new game`, async ({ page }) => {
    const errs = watchErrors(page);
    await seed(page, value);
    await expect(page.locator('#notice')).toBeVisible();
    await expect(page.locator('#notice-text')).toContainText(text);
    expect(await page.evaluate(() => window.__halma.variant())).toBe('halma');
    // Play on: the bad entry is not overwritten by the autosave.
    const { Game } = await engine();
    const mirror = new Game('halma');
    const m = greedyMove(mirror);
    await clickMove(page, m.from, m.to);
    expect(await page.evaluate((k) => localStorage.getItem(k), KEY)).toBe(value);
    // A reload still reports it.
    await page.reload();
    await page.waitForSelector('body[data-ready="1"]');
    await expect(page.locator('#notice')).toBeVisible();
    expect(await page.evaluate((k) => localStorage.getItem(k), KEY)).toBe(value);
    // The message can be dismissed.
    await page.locator('#notice-close').click();
    await expect(page.locator('#notice')).toBeHidden();
    // Starting a new game replaces the entry.
    await page.locator('#btn-new').click();
    await page.locator('#su-start').click();
    const saved = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), KEY));
    expect(saved.v).toBe(1);
    expect(saved.record).toBe('halma\n');
    mirror.free();
    errs.check();
  });
}

test('storage that throws does not break the page', async ({ page }) => {
  const errs = watchErrors(page);
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await open(page, '?variant=halma-8x8');
  await expect(page.locator('#notice')).toBeVisible();
  await expect(page.locator('#notice-text')).toContainText('does not allow saving');
  const { Game } = await engine();
  const mirror = new Game('halma-8x8');
  for (let i = 0; i < 2; i++) {
    const m = greedyMove(mirror);
    await clickMove(page, m.from, m.to);
    mirror.playMove(m.from, m.to);
  }
  expect(await page.evaluate(() => window.__halma.position())).toBe(mirror.position());
  // Language and theme switches work without storage too.
  await page.locator('.settings summary').click();
  await page.locator('#set-lang').selectOption('da');
  await expect(page.locator('#btn-new')).toHaveText('Nyt spil');
  await page.locator('#set-theme').selectOption('dark');
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  mirror.free();
  errs.check();
});

test('storage that is full: the game goes on and says it could not save', async ({ page }) => {
  await page.addInitScript(() => {
    const orig = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (k === 'halma.game') throw new DOMException('quota', 'QuotaExceededError');
      return orig.call(this, k, v);
    };
  });
  await open(page, '?variant=halma-8x8');
  await expect(page.locator('#notice-text')).toContainText('could not be saved');
  const { Game } = await engine();
  const mirror = new Game('halma-8x8');
  const m = greedyMove(mirror);
  await clickMove(page, m.from, m.to);
  mirror.playMove(m.from, m.to);
  expect(await page.evaluate(() => window.__halma.position())).toBe(mirror.position());
  mirror.free();
});
