// Share links, saved games and records: the address's fragment carries the game; opening a
// link adds a saved game and never replaces one (two people can play by sending links back
// and forth); the list of saved games opens and deletes; records go out as text and files
// and come back in by paste and upload; the single autosave of the old format moves into
// the list.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { open, watchErrors, clickMove, settle, engine, greedyMove, shotPath, storageSnapshot, playGreedyMoves, pageState, pageGameId, pageLink, openSetup } from './helpers.mjs';

/** The game the page shows (from its address) and its id among the saved games. */
const hook = async (page) => {
  const { link, pos, rec } = await pageState(page);
  return { link, pos, rec, id: await pageGameId(page) };
};
const savedIds = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('halma.games')).games.map((g) => g.id));

test('the fragment is the game; a link reopens it exactly and joins the saved games', async ({ page, browser }) => {
  const errs = watchErrors(page);
  await open(page, '?variant=halma-8x8');
  const { Game } = await engine();
  const mirror = new Game('halma-8x8');
  await playGreedyMoves(page, mirror, 3);
  const a = await hook(page);
  expect(new URL(page.url()).hash).toBe(`#${mirror.link()}`);
  expect(a.link).toBe(mirror.link());

  // Someone else opens the address: the same game and position, as a saved game of theirs.
  const ctx2 = await browser.newContext();
  const p2 = await ctx2.newPage();
  const errs2 = watchErrors(p2);
  // They already have a game of their own going.
  await open(p2, '?variant=star-2');
  const theirs = await hook(p2);
  const m0 = greedyMove(Game.fromRecord(theirs.rec));
  await clickMove(p2, m0.from, m0.to);
  const theirsAfter = await hook(p2);
  const before = await storageSnapshot(p2);
  await p2.goto(page.url());
  await p2.waitForSelector('body[data-ready="1"]');
  const b = await hook(p2);
  expect(b.pos).toBe(a.pos);
  expect(b.rec).toBe(a.rec);
  expect(b.id).not.toBe(theirsAfter.id);
  // Their own game is untouched and both are listed.
  const after = await storageSnapshot(p2);
  expect(after[`halma.game.${theirsAfter.id}`]).toBe(before[`halma.game.${theirsAfter.id}`]);
  expect(await savedIds(p2)).toEqual([b.id, theirsAfter.id]);
  // A reload reopens the same saved game (no duplicate).
  await p2.reload();
  await p2.waitForSelector('body[data-ready="1"]');
  expect((await hook(p2)).id).toBe(b.id);
  expect(await savedIds(p2)).toHaveLength(2);

  // They answer with a move and send the link back: the first player's game continues in
  // its own saved slot.
  await settle(p2);
  await playGreedyMoves(p2, mirror, 1);
  const back = (await hook(p2)).link;
  expect(back).toBe(mirror.link());
  await page.goto(`./#${back}`);
  await page.waitForSelector('body[data-ready="1"]');
  const a2 = await hook(page);
  expect(a2.id).toBe(a.id);
  expect(a2.pos).toBe(mirror.position());
  expect(await savedIds(page)).toEqual([a.id]);
  // Pasting a link into the address of the open tab (hashchange) opens it too.
  await page.evaluate((l) => {
    location.hash = l;
  }, theirsAfter.link);
  await expect.poll(() => pageLink(page)).toBe(theirsAfter.link);
  expect(await savedIds(page)).toHaveLength(2);
  mirror.free();
  await ctx2.close();
  errs2.check();
  errs.check();
});

test('test hooks in the query add a game and overwrite none', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, '?variant=halma-8x8');
  const { Game } = await engine();
  const mirror = new Game('halma-8x8');
  await playGreedyMoves(page, mirror, 2);
  const first = await hook(page);
  const snap = await storageSnapshot(page);
  await open(page, '?variant=star-2');
  const second = await hook(page);
  expect(second.id).not.toBe(first.id);
  const now = await storageSnapshot(page);
  expect(now[`halma.game.${first.id}`]).toBe(snap[`halma.game.${first.id}`]);
  // An empty game is a free slot: a second hook reuses it instead of piling up empty games.
  await open(page, '?position=halma-8x8%201%20....2222/.....222/......22/.......2/1......./11....../111...../1111....');
  expect(await savedIds(page)).toHaveLength(2);
  mirror.free();
  errs.check();
});

test('saved games: listed with players and progress, opened, deleted', async ({ page }) => {
  const errs = watchErrors(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await open(page, '?variant=halma-8x8');
  const { Game } = await engine();
  const m8 = new Game('halma-8x8');
  await playGreedyMoves(page, m8, 3);
  const g8 = await hook(page);
  // A second game with named players, from the dialog.
  await openSetup(page);
  await page.locator('#su-variant').selectOption('star-3');
  await page.locator('#su-name-1').fill('Ada');
  await page.locator('#su-name-2').fill('Grace');
  await page.locator('#su-start').click();
  await expect.poll(async () => (await pageState(page)).variant).toBe('star-3');
  const m3 = new Game('star-3');
  await playGreedyMoves(page, m3, 1);
  const g3 = await hook(page);

  await page.locator('#btn-games').click();
  const dlg = page.locator('#games');
  await expect(dlg).toBeVisible();
  const rows = dlg.locator('#games-list li');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('aria-current', 'true');
  await expect(rows.nth(0)).toContainText('Chinese checkers for 3');
  await expect(rows.nth(0)).toContainText('Ada, Grace, Player 3');
  await expect(rows.nth(0)).toContainText('1 move');
  await expect(rows.nth(1)).toContainText('Halma 8×8');
  await expect(rows.nth(1)).toContainText('3 moves');
  await expect(rows.nth(1)).toContainText('Player 2 (blue) to move');
  await page.screenshot({ path: shotPath('saved-games-light.png') });
  await dlg.screenshot({ path: shotPath('saved-games-dialog-light.png') });

  // Open the older game: the board shows it, the address follows.
  await rows.nth(1).locator('[data-action="open"]').click();
  await expect(dlg).toBeHidden();
  expect((await hook(page)).pos).toBe(m8.position());
  expect(new URL(page.url()).hash).toBe(`#${g8.link}`);
  // Play on in it: the other saved game is untouched.
  const other = await page.evaluate((id) => localStorage.getItem(`halma.game.${id}`), g3.id);
  await playGreedyMoves(page, m8, 1);
  expect(await page.evaluate((id) => localStorage.getItem(`halma.game.${id}`), g3.id)).toBe(other);

  // Delete the open game (asked first): the other one opens.
  await page.locator('#btn-games').click();
  const cur = dlg.locator('#games-list li[aria-current="true"]');
  await cur.locator('[data-action="delete"]').click();
  await expect(cur).toContainText('Delete this game?');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.locator('#set-theme').evaluate((s) => {
    s.value = 'dark';
    s.dispatchEvent(new Event('change'));
  });
  await dlg.screenshot({ path: shotPath('saved-games-confirm-dark.png') });
  await cur.locator('[data-action="keep"]').click();
  await expect(dlg.locator('#games-list li')).toHaveCount(2);
  await dlg.locator('#games-list li[aria-current="true"] [data-action="delete"]').click();
  await dlg.locator('[data-action="confirm-delete"]').click();
  await expect(dlg.locator('#games-list li')).toHaveCount(1);
  expect((await hook(page)).id).toBe(g3.id);
  expect(await page.evaluate((id) => localStorage.getItem(`halma.game.${id}`), g8.id)).toBeNull();
  await page.locator('#games-close').click();
  m8.free();
  m3.free();
  errs.check();
});

test('share: copy the link (clipboard, or a selected field), download the record', async ({ page, context }) => {
  const errs = watchErrors(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.emulateMedia({ colorScheme: 'light' });
  await open(page, '?variant=star-2');
  const { Game } = await engine();
  const mirror = new Game('star-2');
  await playGreedyMoves(page, mirror, 4);
  await page.locator('#btn-share').click();
  const dlg = page.locator('#share');
  await expect(dlg).toBeVisible();
  const url = await page.locator('#share-url').inputValue();
  expect(url).toBe(`${new URL(page.url()).origin}/#${mirror.link()}`);
  expect(await page.locator('#share-record').inputValue()).toBe(mirror.record());
  await page.locator('#share-copy').click();
  await expect(page.locator('#share-status')).toHaveText('Copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await dlg.screenshot({ path: shotPath('share-dialog-light.png') });
  // Download the record as a .txt file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#share-download').click()]);
  expect(download.suggestedFilename()).toMatch(/^halma-star-2-\d{8}-\d{4}\.txt$/);
  expect(readFileSync(await download.path(), 'utf8')).toBe(mirror.record());
  await page.locator('#share-close').click();
  mirror.free();
  errs.check();
});

test('share: without the Clipboard API the link is selected for Ctrl+C', async ({ page }) => {
  const errs = watchErrors(page);
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    document.execCommand = () => false;
  });
  await page.emulateMedia({ colorScheme: 'dark' });
  await open(page, '?variant=halma');
  await page.locator('#btn-share').click();
  await page.locator('#share-copy').click();
  await expect(page.locator('#share-status')).toContainText('Ctrl+C');
  const sel = await page.evaluate(() => {
    const f = /** @type {HTMLInputElement} */ (document.activeElement);
    return { id: f.id, all: f.selectionStart === 0 && f.selectionEnd === f.value.length };
  });
  expect(sel).toEqual({ id: 'share-url', all: true });
  await page.locator('#share').screenshot({ path: shotPath('share-dialog-dark.png') });
  errs.check();
});

test('import: a pasted record, an uploaded file and a pasted link each become a saved game', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, '?variant=halma-8x8');
  const { Game } = await engine();
  const own = new Game('halma-8x8');
  await playGreedyMoves(page, own, 1);
  const mine = await hook(page);
  const src = new Game('star-3');
  for (let i = 0; i < 5; i++) {
    const m = greedyMove(src);
    src.playMove(m.from, m.to);
  }
  await page.locator('#btn-games').click();
  await page.locator('#import-text').fill(src.record());
  await page.locator('#import-open').click();
  await expect(page.locator('#games')).toBeHidden();
  expect((await hook(page)).pos).toBe(src.position());
  // The same record as a file.
  await page.locator('#btn-games').click();
  await page.locator('#import-file').setInputFiles({ name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(src.record()) });
  await expect(page.locator('#games')).toBeHidden();
  expect((await hook(page)).rec).toBe(src.record());
  // A full address with a link.
  const other = new Game('halma-10x10');
  const m = greedyMove(other);
  other.playMove(m.from, m.to);
  await page.locator('#btn-games').click();
  await page.locator('#import-text').fill(`https://someone.example/halma/#${other.link()}`);
  await page.locator('#import-open').click();
  expect((await hook(page)).pos).toBe(other.position());
  expect(await savedIds(page)).toHaveLength(4);
  expect(await page.evaluate((id) => JSON.parse(localStorage.getItem(`halma.game.${id}`)).record, mine.id)).toBe(own.record());
  for (const g of [own, src, other]) g.free();
  errs.check();
});

test('the single autosave of the previous format becomes a saved game', async ({ page }) => {
  const errs = watchErrors(page);
  const old = JSON.stringify({
    v: 1,
    record: 'halma-8x8\nc2-c3\n',
    setup: { variant: 'halma-8x8', players: [{ name: 'Old', kind: 'human' }, { name: '', kind: 'human' }], start: 'seat1', rotation: 'turn' },
    savedAt: '2025-01-01T10:00:00.000Z',
  });
  await page.addInitScript((v) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('halma.game', v);
      sessionStorage.setItem('seeded', '1');
    }
  }, old);
  await open(page);
  const h = await hook(page);
  expect(h.rec).toBe('halma-8x8\nc2-c3\n');
  expect(await page.evaluate(() => localStorage.getItem('halma.game'))).toBeNull();
  expect(await page.evaluate((id) => localStorage.getItem(`halma.game.${id}`), h.id)).toBe(old);
  await expect(page.locator('#standings')).toContainText('Old');
  errs.check();
});
