// Every screen has an address, and Back works, as a player meets it: the first screen, the
// puzzle chooser, a puzzle with the moves of the attempt, a game, the tutorial's step each
// have their own fragment; a reload shows the same screen; the browser's Back and Forward
// (page.goBack, page.goForward) move between them — also after a game opened from the Games
// dialog — and never leave the site while there is a screen of it to go back to.
import { test, expect } from '@playwright/test';
import { open, watchErrors, engine, settle, clickCell, pageState, pageGame, greedyMove, clickMove, shotPath } from './helpers.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** The fragment of the page's address. */
const hash = async (page) => new URL(page.url()).hash;

/** Back or Forward, and the page settled on the screen it shows. */
async function back(page) {
  await page.goBack();
  await page.waitForSelector('body[data-ready="1"]');
}
async function forward(page) {
  await page.goForward();
  await page.waitForSelector('body[data-ready="1"]');
}
async function reload(page) {
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
}

/** Which screen is shown: the first screen, the chooser, a puzzle, or the game. */
async function screen(page) {
  return page.evaluate(() => {
    if (document.getElementById('tutorial')?.hasAttribute('open')) return 'tutorial';
    const v = document.body.dataset.view;
    if (v === 'puzzles') return document.getElementById('pz-view')?.hidden ? 'puzzles' : 'puzzle';
    return v ?? 'game';
  });
}

/** Plays a move of the solitaire by clicks on the puzzle's board (cells by name). */
async function puzzleMove(page, desc, text) {
  const names = text.split('-');
  for (const n of [names[0], names[names.length - 1]]) {
    await clickCell(page, desc.cells.find((c) => c.name === n).id, { board: '#pz-board', desc });
  }
  await settle(page, '#pz-board');
}

/** Plays the greedy move of the page's game by clicks, and waits for the computer's answer. */
async function moveAndAnswer(page) {
  const before = (await pageState(page)).plies;
  const g = await pageGame(page);
  const m = greedyMove(g);
  g.free();
  await clickMove(page, m.from, m.to);
  await expect.poll(async () => (await pageState(page)).plies, { timeout: 30_000 }).toBe(before + 2);
}

test('each screen has an address; reload, Back and Forward move between them', async ({ browser }) => {
  test.setTimeout(180_000);
  const ctx = await browser.newContext(PHONE);
  const page = await ctx.newPage();
  const errs = watchErrors(page);
  const { puzzles, Game } = await engine();
  const sol = puzzles().find((p) => p.id === 'solitaire');
  const pg = Game.puzzle('solitaire');
  const desc = pg.board();
  pg.free();

  // The first screen.
  await open(page);
  expect(await screen(page)).toBe('home');
  expect(await hash(page)).toBe('#home');

  // The chooser, a puzzle, two moves of it: each in the address.
  await page.locator('#home-puzzle').tap();
  await expect(page.locator('#pz-list')).toBeVisible();
  expect(await hash(page)).toBe('#puzzles');
  await page.locator('#pz-open-solitaire').tap();
  await expect(page.locator('#pz-view')).toBeVisible();
  expect(await hash(page)).toBe('#puzzle/solitaire');
  await puzzleMove(page, desc, sol.solution[0]);
  await puzzleMove(page, desc, sol.solution[1]);
  await expect(page.locator('#pz-count')).toHaveText('Moves: 2 · par 19');
  expect(await hash(page)).toMatch(/^#puzzle\/solitaire\/[A-Za-z0-9_-]{8}$/);
  const attempt = await page.locator('#pz-board canvas').getAttribute('aria-label');

  // A reload keeps the attempt.
  await reload(page);
  expect(await screen(page)).toBe('puzzle');
  await expect(page.locator('#pz-count')).toHaveText('Moves: 2 · par 19');
  await expect(page.locator('#pz-board canvas')).toHaveAttribute('aria-label', attempt);
  // Undo is a change within the puzzle: the address follows, no new entry.
  await page.locator('#pz-undo').tap();
  await expect(page.locator('#pz-count')).toHaveText('Moves: 1 · par 19');
  await expect.poll(() => hash(page)).toMatch(/^#puzzle\/solitaire\/[A-Za-z0-9_-]{4}$/);
  await puzzleMove(page, desc, sol.solution[1]);
  await expect(page.locator('#pz-count')).toHaveText('Moves: 2 · par 19');

  // Back: the chooser, then the first screen; Forward: the chooser, the attempt as it was.
  await back(page);
  expect(await screen(page)).toBe('puzzles');
  expect(await hash(page)).toBe('#puzzles');
  await back(page);
  expect(await screen(page)).toBe('home');
  await forward(page);
  expect(await screen(page)).toBe('puzzles');
  await forward(page);
  expect(await screen(page)).toBe('puzzle');
  await expect(page.locator('#pz-count')).toHaveText('Moves: 2 · par 19');
  await expect(page.locator('#pz-board canvas')).toHaveAttribute('aria-label', attempt);

  // "All puzzles" and "Back to the first screen" go back to those screens' own entries: the
  // Back button then does not walk through them twice.
  await page.locator('#pz-all').tap();
  expect(await screen(page)).toBe('puzzles');
  await expect.poll(() => hash(page)).toBe('#puzzles');
  await page.locator('#pz-home').tap();
  expect(await screen(page)).toBe('home');
  await expect.poll(() => hash(page)).toBe('#home');
  await forward(page);
  expect(await screen(page)).toBe('puzzles');
  await back(page);
  expect(await screen(page)).toBe('home');

  // A game against the computer: its address is its link with the players.
  await page.locator('#home-computer').tap();
  await expect.poll(() => screen(page)).toBe('game');
  await moveAndAnswer(page);
  const gameA = await pageState(page);
  expect(await hash(page)).toBe(`#${gameA.link}!h,c3`);
  // Back: the first screen (with the way back to the game); Forward: the game as it was.
  await back(page);
  expect(await screen(page)).toBe('home');
  await expect(page.locator('#home-continue')).toBeVisible();
  await forward(page);
  expect(await screen(page)).toBe('game');
  expect((await pageState(page)).link).toBe(gameA.link);
  // A reload: the same game.
  await reload(page);
  expect(await screen(page)).toBe('game');
  expect((await pageState(page)).link).toBe(gameA.link);

  // A second game, for two people, from New game; then the first again from Games.
  await page.locator('#btn-new').tap();
  expect(await screen(page)).toBe('home');
  await page.locator('#home-friends').tap();
  await expect.poll(() => screen(page)).toBe('game');
  const mirror = new Game('star-2');
  for (let i = 0; i < 2; i++) {
    const m = greedyMove(mirror);
    await clickMove(page, m.from, m.to);
    mirror.playMove(m.from, m.to);
  }
  const gameB = await pageState(page);
  expect(await hash(page)).toBe(`#${mirror.link()}`);
  await page.locator('#btn-more').tap();
  await page.locator('#btn-games').tap();
  const rows = page.locator('#games-list li');
  await expect(rows).toHaveCount(2);
  await rows.nth(1).locator('[data-action="open"]').tap();
  await expect(page.locator('#games')).toBeHidden();
  await expect.poll(async () => (await pageState(page)).link).toBe(gameA.link);
  // Back after the Games dialog: the game before it, then the first screen — the site.
  await back(page);
  expect(await screen(page)).toBe('game');
  expect((await pageState(page)).link).toBe(gameB.link);
  await back(page);
  expect(await screen(page)).toBe('home');
  expect(page.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#home$/);
  await forward(page);
  await forward(page);
  expect(await screen(page)).toBe('game');
  expect((await pageState(page)).link).toBe(gameA.link);
  // Both games are kept once each: Back and Forward opened saved games, none was copied.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('halma.games')).games.length)).toBe(2);

  // The tutorial: each step has its address; a reload keeps the step; Back closes it.
  await page.locator('#btn-new').tap();
  await page.locator('#home-tutorial').tap();
  await expect(page.locator('#tutorial')).toBeVisible();
  await expect.poll(() => hash(page)).toBe('#tutorial/star/1');
  await page.locator('#tu-next').tap();
  await page.locator('#tu-next').tap();
  await expect(page.locator('#tu-step')).toContainText('Step 3 of 6');
  await expect.poll(() => hash(page)).toBe('#tutorial/star/3');
  await reload(page);
  await expect(page.locator('#tutorial')).toBeVisible();
  await expect(page.locator('#tu-step')).toContainText('Step 3 of 6: Chain of hops');
  await page.screenshot({ path: shotPath('address-tutorial-reloaded-phone.png') });
  await back(page);
  await expect(page.locator('#tutorial')).toBeHidden();
  expect(await screen(page)).toBe('home');
  await forward(page);
  await expect(page.locator('#tutorial')).toBeVisible();
  await expect(page.locator('#tu-step')).toContainText('Step 3 of 6');
  // Close goes back to the screen below it.
  await page.locator('#tu-close').tap();
  await expect(page.locator('#tutorial')).toBeHidden();
  await expect.poll(() => hash(page)).toBe('#home');
  expect(await screen(page)).toBe('home');

  // A reload of the first screen stays there (the game waits behind it).
  await reload(page);
  expect(await screen(page)).toBe('home');
  await expect(page.locator('#home-continue')).toBeVisible();
  mirror.free();
  await ctx.close();
  errs.check();
});

test('an address opened in a fresh browser shows its screen', async ({ browser }) => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const errs = watchErrors(page);
  for (const [frag, what] of /** @type {const} */ ([
    ['#puzzles', 'puzzles'],
    ['#puzzle/star-crossing', 'puzzle'],
    ['#tutorial/square/2', 'tutorial'],
    ['#home', 'home'],
  ])) {
    await open(page, frag);
    expect(await screen(page), frag).toBe(what);
    expect(await hash(page), frag).toBe(frag);
  }
  await expect(page.locator('#tutorial')).toBeHidden();
  // A puzzle's moves that do not replay: said, and the moves before the bad one shown.
  const { puzzles } = await engine();
  const first = puzzles().find((p) => p.id === 'solitaire').solution[0];
  const { Game } = await engine();
  const g = Game.puzzle('solitaire');
  const [from, to] = first.split('-').filter((_, i, a) => i === 0 || i === a.length - 1).map((n) => g.cellByName(n));
  g.free();
  const A = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const enc = (c) => A[c >> 6] + A[c & 63];
  await open(page, `#puzzle/solitaire/${enc(from)}${enc(to)}${enc(from)}${enc(to)}`);
  expect(await screen(page)).toBe('puzzle');
  await expect(page.locator('#notice-text')).toHaveText('The moves in the address could not all be played again: move 2 is not allowed. The moves before it are on the board.');
  await expect(page.locator('#pz-count')).toHaveText('Moves: 1 · par 19');
  // An unknown puzzle: said, and the chooser.
  await open(page, '#puzzle/no-such-puzzle');
  expect(await screen(page)).toBe('puzzles');
  await expect(page.locator('#notice-text')).toHaveText('There is no puzzle “no-such-puzzle”: here are all of them.');
  await ctx.close();
  errs.check();
});
