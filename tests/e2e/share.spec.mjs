// Share links, saved games and records: the address's fragment carries the game and its
// players (a computer stays a computer in another browser, where a seat can be taken over);
// opening a link adds a saved game and never replaces one (two people can play by sending
// links back and forth); the list of saved games opens and deletes; records go out as text
// and files and come back in by paste and upload; the single autosave of the old format
// moves into the list.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { open, watchErrors, clickMove, settle, engine, greedyMove, shotPath, storageSnapshot, playGreedyMoves, pageState, pageGame, pageGameId, pageLink, openSetup } from './helpers.mjs';

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

/** Plays the greedy move of the page's game by clicks (the person's seat is to move). */
async function greedyClick(page) {
  const g = await pageGame(page);
  const m = greedyMove(g);
  g.free();
  await clickMove(page, m.from, m.to);
}

/** Waits until the page's game has `plies` plies and `seat` to move. */
async function waitFor(page, plies, seat) {
  await expect.poll(async () => {
    const s = await pageState(page);
    return `${s.plies} ${s.turn}`;
  }, { timeout: 30_000 }).toBe(`${plies} ${seat}`);
}

/** Opens an address in a page and waits until the game (or what is shown) is ready. */
async function visit(page, url) {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]');
}

test('a link carries the players: the computer plays on elsewhere, and a seat can be taken over', async ({ browser }) => {
  test.setTimeout(120_000);
  // Four moves against the computer, from the first screen, each answered.
  const ctxA = await browser.newContext();
  const a = await ctxA.newPage();
  const errsA = watchErrors(a);
  await open(a);
  await a.locator('#home-computer').click();
  await expect.poll(async () => (await pageState(a)).variant).toBe('star-2');
  for (let i = 0; i < 4; i++) {
    await waitFor(a, 2 * i, 1);
    await greedyClick(a);
  }
  await waitFor(a, 8, 1);
  await a.locator('#btn-share').click();
  const url = await a.locator('#share-url').inputValue();
  expect(url).toMatch(/^http:\/\/[^#]+\/#1~star-2~[A-Za-z0-9_-]{32}!h,c3$/);
  const { link } = await pageState(a);
  expect(url.endsWith(`#${link}!h,c3`)).toBe(true);
  // The address is the same link.
  expect(new URL(a.url()).hash).toBe(`#${link}!h,c3`);
  await a.locator('#share-close').click();

  // A fresh browser opens it: who plays which seat, as sent.
  const ctxB = await browser.newContext();
  const b = await ctxB.newPage();
  const errsB = watchErrors(b);
  await visit(b, url);
  const seats = b.locator('#seats');
  await expect(seats).toBeVisible();
  await expect(b.locator('#seats-h')).toHaveText('Who plays');
  await expect(b.locator('#seats-list li')).toHaveCount(2);
  await expect(b.locator('#seats-list li').nth(0)).toContainText('Seat 1 (red)');
  await expect(b.locator('#seats-list li').nth(1)).toContainText('Seat 2 (blue)');
  await expect(b.locator('#seats-1')).toHaveValue('h');
  await expect(b.locator('#seats-2')).toHaveValue('c3');
  await expect(b.locator('#seats-2 option:checked')).toHaveText('Computer · Level 3 · looks ahead');
  await b.screenshot({ path: shotPath('link-players-desktop.png') });
  await b.locator('#seats-ok').click();
  await expect(seats).toBeHidden();
  await expect(b.locator('#standings li').nth(1)).toContainText('Computer 2');
  await expect(b.locator('#standings li').nth(1)).toContainText('level 3');
  expect((await pageState(b)).link).toBe(link);
  // The computer answers here too: the game does not wait for a "Player 2".
  await greedyClick(b);
  await waitFor(b, 10, 1);
  // The one person playing the computer is "You".
  await expect(b.locator('#status')).toContainText('Your move (red)');
  // A reload continues the saved game, players and all, without asking again.
  await b.reload();
  await b.waitForSelector('body[data-ready="1"]');
  await expect(seats).toBeHidden();
  await expect(b.locator('#standings li').nth(1)).toContainText('Computer 2');
  expect(new URL(b.url()).hash).toMatch(/!h,c3$/);

  // Another browser takes blue over and gives red to the computer ("you play blue").
  const ctxC = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const c = await ctxC.newPage();
  const errsC = watchErrors(c);
  await visit(c, url);
  await expect(c.locator('#seats')).toBeVisible();
  await c.locator('#seats-1').selectOption('c2');
  await c.locator('#seats-2').selectOption('h');
  await c.screenshot({ path: shotPath('link-players-phone.png') });
  await c.locator('#seats-ok').click();
  await expect(c.locator('#seats')).toBeHidden();
  await expect(c.locator('#standings li').nth(0)).toContainText('Computer 1');
  await expect(c.locator('#standings li').nth(1)).toContainText('You');
  // Red is the computer's now: it moves, then blue waits for the person.
  await waitFor(c, 9, 2);
  await expect(c.locator('#status')).toContainText('Your move (blue)');
  await c.waitForTimeout(1500);
  expect((await pageState(c)).plies).toBe(9);
  expect(new URL(c.url()).hash).toMatch(/!c2,h$/);
  await ctxC.close();
  errsC.check();

  // A link without players (as earlier versions wrote them) opens as before: people only,
  // nobody asked.
  await visit(b, `${new URL(url).origin}/#${link}`);
  await expect(b.locator('#status')).toContainText('Player 1 (red) to move');
  await expect(b.locator('#seats')).toBeHidden();
  await expect(b.locator('#standings li').nth(1)).toContainText('Player 2');
  expect(new URL(b.url()).hash).toBe(`#${link}`);

  // A malformed players part: a clear message, and the saved games stay as they were.
  const before = await storageSnapshot(b);
  const cases = [
    ['h,c9', 'player 2 of the link, “c9”, is neither h (a person) nor c1 to c5 (the computer at a level)'],
    ['h', "the link's players do not fit the game: it names 1, the game has 2 seats"],
    ['h:%E0%A4%A,c3', 'the name of player 1 in the link cannot be read (at most 60 characters)'],
  ];
  for (const [part, msg] of cases) {
    await visit(b, `${new URL(url).origin}/#${link}!${part}`);
    await expect(b.locator('#notice-text')).toHaveText(`The game link could not be opened: ${msg}. Your saved games are unchanged.`);
    await expect(b.locator('#seats')).toBeHidden();
    expect(await storageSnapshot(b)).toEqual(before);
  }
  await b.screenshot({ path: shotPath('link-players-bad.png') });
  await ctxB.close();
  errsB.check();
  await ctxA.close();
  errsA.check();
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
