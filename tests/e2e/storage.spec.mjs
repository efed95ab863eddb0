// Autosave edge cases: a corrupt or unknown saved game, and storage that throws.
import { test, expect } from '@playwright/test';
import { open, watchErrors, clickMove, engine, greedyMove, playGreedyMoves, pageState, pagePosition, pageGameId, startDefaultGame } from './helpers.mjs';

/** Puts `value` under a saved game's key (listed as the game last open) and loads the page. */
async function seed(page, value) {
  await page.goto('./');
  await page.waitForSelector('body[data-ready="1"]');
  await page.evaluate((v) => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('halma.game.bad1', v);
    localStorage.setItem('halma.games', JSON.stringify({ v: 1, current: 'bad1', games: [{ id: 'bad1', savedAt: '' }] }));
  }, value);
  await page.goto('./');
  await page.waitForSelector('body[data-ready="1"]');
}

const stored = (page) => page.evaluate(() => localStorage.getItem('halma.game.bad1'));

for (const [what, value, text, listed] of [
  ['corrupt JSON', '{"v":1,"record":', 'could not be loaded', 'It does not load: not valid JSON'],
  [
    'a record the engine rejects',
    JSON.stringify({ v: 1, record: 'halma\nz1-z2\n', setup: { variant: 'halma', players: [{ name: '' }, { name: '' }] } }),
    'could not be loaded',
    'It does not load: turn 1',
  ],
  ['an unknown format', JSON.stringify({ v: 7, data: 'future' }), 'newer version', 'newer version of this page (format 7)'],
]) {
  test(`${what}: a visible message, the first screen, and the entry is kept (listed) until deleted`, async ({ page }) => {
    const errs = watchErrors(page);
    await seed(page, value);
    await expect(page.locator('#notice')).toBeVisible();
    await expect(page.locator('#notice-text')).toContainText(text);
    // Nothing to continue: the first screen, to choose a new game.
    await expect(page.locator('#home')).toBeVisible();
    // The message can be dismissed.
    await page.locator('#notice-close').click();
    await expect(page.locator('#notice')).toBeHidden();
    await startDefaultGame(page);
    expect((await pageState(page)).variant).toBe('halma');
    // Play on: the bad entry is not overwritten by the autosave; the new game has its own.
    const { Game } = await engine();
    const mirror = new Game('halma');
    const m = greedyMove(mirror);
    await clickMove(page, m.from, m.to);
    expect(await stored(page)).toBe(value);
    const id = await pageGameId(page);
    expect(id).not.toBe('bad1');
    // A reload continues the new game (no message again); the bad entry is still there.
    await page.reload();
    await page.waitForSelector('body[data-ready="1"]');
    expect(await pageGameId(page)).toBe(id);
    await expect(page.locator('#notice')).toBeHidden();
    expect(await stored(page)).toBe(value);
    // The list shows it as broken, with the reason, and it can be deleted.
    await page.locator('#btn-games').click();
    const row = page.locator('#games-list li[data-id="bad1"]');
    await expect(row).toContainText(listed);
    await expect(row.locator('[data-action="open"]')).toHaveCount(0);
    await row.locator('[data-action="delete"]').click();
    await row.locator('[data-action="confirm-delete"]').click();
    await expect(row).toHaveCount(0);
    expect(await stored(page)).toBeNull();
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
  await playGreedyMoves(page, mirror, 2);
  expect(await pagePosition(page)).toBe(mirror.position());
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
      if (k.startsWith('halma.game')) throw new DOMException('quota', 'QuotaExceededError');
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
  expect(await pagePosition(page)).toBe(mirror.position());
  mirror.free();
});
