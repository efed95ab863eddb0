// Boards in other pages: the <halma-board> element, the JS API and the iframe, on the
// example page (embed-example.html). Several boards on one page stay independent; moves by
// canvas clicks come out as `move` events; a read-only record steps through its moves;
// attribute changes update the board; the page's CSS does not reach into the boards.
import { test, expect } from '@playwright/test';
import { watchErrors, watchCsp, engine, greedyMove, shotPath } from './helpers.mjs';

/** Waits until every <halma-board> on the page (or frame) shows a board. */
async function boardsReady(page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('halma-board')].every((b) => b.game && b.shadowRoot.querySelector('canvas.board-canvas') && !b.game.error()),
  );
}

/** The position shown by a board (by element id). */
const posOf = (page, id) => page.evaluate((i) => document.getElementById(i).game.position(), id);

/** Waits for a board's move animation to end. */
async function settleBoard(page, id) {
  await page.waitForFunction((i) => !document.getElementById(i).game.animating(), id);
}

/** Clicks a cell of a board (by element id) where it is drawn. */
async function clickCell(page, id, cell) {
  await settleBoard(page, id);
  const p = await page.evaluate(([i, c]) => document.getElementById(i).game.cellPoint(c), [id, cell]);
  await page.mouse.click(p.x, p.y);
}

test('three boards and more on one page: a move by clicks on one changes that one only', async ({ page, context }) => {
  const errs = watchErrors(page);
  const csp = await watchCsp(context);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('./embed-example.html');
  await boardsReady(page);
  const ids = ['ex-hotseat', 'ex-computer', 'ex-record', 'ex-position', 'api-board'];
  const before = {};
  for (const id of ids) before[id] = await posOf(page, id);
  await page.evaluate(() => {
    window.__moves = [];
    document.getElementById('ex-hotseat').addEventListener('move', (e) => window.__moves.push(e.detail));
  });

  const { Game } = await engine();
  const mirror = new Game('halma-8x8');
  for (let i = 0; i < 2; i++) {
    const m = greedyMove(mirror);
    await clickCell(page, 'ex-hotseat', m.from);
    await clickCell(page, 'ex-hotseat', m.to);
    await page.waitForFunction((n) => window.__moves.length === n, i + 1);
    mirror.playMove(m.from, m.to);
    const d = await page.evaluate(() => window.__moves.at(-1));
    expect(d).toMatchObject({ from: m.from, to: m.to, seat: i + 1, by: 'human', moves: i + 1, position: mirror.position(), record: mirror.record(), link: mirror.link() });
    expect(d.text).toBe(mirror.history().at(-1).text);
    expect(d.path).toEqual(Array.from(m.path));
  }
  await settleBoard(page, 'ex-hotseat');
  expect(await posOf(page, 'ex-hotseat')).toBe(mirror.position());
  // The page's own listener saw the event too (it bubbles from the element).
  await expect(page.locator('#ex-hotseat-log')).toContainText('(seat 2, move 2)');
  for (const id of ids.slice(1)) expect(await posOf(page, id), id).toBe(before[id]);
  // The page's hostile button style (uppercase) stays outside the boards.
  const tt = await page.evaluate(() => getComputedStyle(document.getElementById('ex-record').shadowRoot.querySelector('button')).textTransform);
  expect(tt).toBe('none');
  await page.screenshot({ path: shotPath('embed-example-light.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.getElementById('ex-record').shadowRoot.querySelector('.root').dataset.theme === 'dark');
  await page.screenshot({ path: shotPath('embed-example-dark.png'), fullPage: true });
  mirror.free();
  await csp.check(page);
  errs.check();
});

test('a read-only record steps through its moves (buttons and keys)', async ({ page }) => {
  const errs = watchErrors(page);
  await page.goto('./embed-example.html');
  await boardsReady(page);
  const { Game } = await engine();
  const rec = 'halma-8x8\na3-c3 f8-f6 a2-c4 g8-e6 b3-d5 f6-d2 b2-f8 h8-b2 c3-e7 h6-b4\n';
  /** The engine's position after n moves of the record. */
  const after = (n) => {
    const g = Game.fromRecord(rec);
    for (let i = 10; i > n; i--) g.undo();
    const p = g.position();
    g.free();
    return p;
  };
  const board = page.locator('#ex-record');
  const step = (k) => board.locator(`button[data-step="${k}"]`).click();
  const at = () => page.evaluate(() => document.getElementById('ex-record').game.step());
  // at="4": the 4th move is shown first.
  expect(await at()).toEqual({ at: 4, total: 10 });
  expect(await posOf(page, 'ex-record')).toBe(after(4));
  await expect(board.locator('.at')).toHaveText('move 4 of 10');
  await step('next');
  expect(await posOf(page, 'ex-record')).toBe(after(5));
  await step('last');
  expect(await at()).toEqual({ at: 10, total: 10 });
  expect(await posOf(page, 'ex-record')).toBe(after(10));
  await expect(board.locator('button[data-step="next"]')).toHaveAttribute('aria-disabled', 'true');
  await step('first');
  expect(await posOf(page, 'ex-record')).toBe(after(0));
  await expect(board.locator('button[data-step="prev"]')).toHaveAttribute('aria-disabled', 'true');
  await step('next');
  await step('next');
  await step('prev');
  expect(await at()).toEqual({ at: 1, total: 10 });
  // Keys on the buttons: End, Home, arrows.
  await board.locator('button[data-step="next"]').focus();
  await page.keyboard.press('End');
  expect(await at()).toEqual({ at: 10, total: 10 });
  await page.keyboard.press('ArrowLeft');
  expect(await at()).toEqual({ at: 9, total: 10 });
  // A diagram takes no moves from clicks.
  expect(await page.evaluate(() => document.getElementById('ex-record').shadowRoot.querySelector('canvas') !== null)).toBe(true);
  await board.screenshot({ path: shotPath('embed-record-diagram.png') });
  errs.check();
});

test('attributes and the JS API update a board; createGame works on any element', async ({ page }) => {
  const errs = watchErrors(page);
  await page.goto('./embed-example.html');
  await boardsReady(page);
  const { Game } = await engine();
  // A new game by attribute, then a link.
  await page.evaluate(() => document.getElementById('ex-position').setAttribute('variant', 'star-4'));
  await page.evaluate(() => document.getElementById('ex-position').removeAttribute('position'));
  await page.waitForFunction(() => document.getElementById('ex-position').game.position().startsWith('star-4 '));
  const g = new Game('halma-10x10');
  const m = greedyMove(g);
  g.playMove(m.from, m.to);
  await page.evaluate((l) => document.getElementById('ex-position').setAttribute('link', l), g.link());
  await page.waitForFunction((p) => document.getElementById('ex-position').game.position() === p, g.position());
  // Theme, orientation, coordinates follow their attributes.
  await page.evaluate(() => {
    const b = document.getElementById('ex-position');
    b.setAttribute('theme', 'dark');
    b.setAttribute('orientation', '2');
  });
  await page.waitForFunction(() => document.getElementById('ex-position').shadowRoot.querySelector('.root').dataset.theme === 'dark');
  // The JS API board: moves by API come out as events with `by: 'api'`; undo takes back.
  await page.locator('#api-play').click();
  await expect(page.locator('#api-log li').first()).toHaveText('a3-e5 by seat 1 (api)');
  await page.locator('#api-undo').click();
  await expect(page.locator('#api-log li').first()).toHaveText('undo');
  await page.locator('#api-play').click();
  await page.locator('#api-play').click();
  await expect(page.locator('#api-log li').first()).toContainText('not played:');
  // createGame on a fresh element of the page, then destroy.
  const out = await page.evaluate(async () => {
    const { createGame } = await import('./embed.js');
    const div = document.createElement('div');
    div.style.width = '240px';
    document.body.append(div);
    const api = createGame(div, { variant: 'halma-8x8', interactive: true });
    await api.ready;
    const seen = [];
    api.on('move', (d) => seen.push(d.text));
    api.play('c2-c3');
    const rec = api.record();
    const undone = api.undo();
    const afterUndo = api.record();
    api.destroy();
    return { seen, rec, undone, afterUndo, left: div.shadowRoot.childElementCount };
  });
  expect(out).toEqual({ seen: ['c2-c3'], rec: 'halma-8x8\nc2-c3\n', undone: true, afterUndo: 'halma-8x8\n', left: 0 });
  g.free();
  errs.check();
});

test('the iframe shows the game of its fragment and tells the parent about moves', async ({ page }) => {
  const errs = watchErrors(page);
  await page.goto('./embed-example.html');
  await page.evaluate(() => {
    window.__frameMoves = [];
    window.addEventListener('message', (e) => {
      if (e.data && e.data.type === 'halma:move') window.__frameMoves.push(e.data.detail);
    });
  });
  const frame = page.frameLocator('#ex-frame');
  const f = page.frame({ url: /embed\.html/ });
  await f.waitForFunction(() => document.getElementById('board').game?.position().startsWith('halma-8x8 '));
  const { Game } = await engine();
  const mirror = new Game('halma-8x8');
  const m = greedyMove(mirror);
  await page.locator('#ex-frame').scrollIntoViewIfNeeded();
  const p = await f.evaluate(([a]) => document.getElementById('board').game.cellPoint(a), [m.from]);
  const box = await page.locator('#ex-frame').boundingBox();
  await page.mouse.click(box.x + p.x + 1, box.y + p.y + 1);
  const q = await f.evaluate(([a]) => document.getElementById('board').game.cellPoint(a), [m.to]);
  await page.mouse.click(box.x + q.x + 1, box.y + q.y + 1);
  await page.waitForFunction(() => window.__frameMoves.length === 1);
  mirror.playMove(m.from, m.to);
  expect(await page.evaluate(() => window.__frameMoves[0].link)).toBe(mirror.link());
  await expect(frame.locator('halma-board')).toBeVisible();
  mirror.free();
  errs.check();
});

test('computer seats on an element answer on their own', async ({ page }) => {
  const errs = watchErrors(page);
  await page.goto('./embed-example.html');
  await boardsReady(page);
  await page.evaluate(() => {
    window.__cmoves = [];
    document.getElementById('ex-computer').addEventListener('move', (e) => window.__cmoves.push(e.detail));
  });
  const { Game } = await engine();
  const mirror = new Game('star-3');
  const m = greedyMove(mirror);
  await clickCell(page, 'ex-computer', m.from);
  await clickCell(page, 'ex-computer', m.to);
  // Seats 2 and 3 are computers: two answers, then it is the person's turn again.
  await page.waitForFunction(() => window.__cmoves.length === 3, null, { timeout: 30_000 });
  const seen = await page.evaluate(() => window.__cmoves.map((d) => [d.seat, d.by]));
  expect(seen).toEqual([
    [1, 'human'],
    [2, 'computer'],
    [3, 'computer'],
  ]);
  expect(await page.evaluate(() => document.getElementById('ex-computer').game.turn())).toBe(1);
  // The moves are legal: the record replays in the engine.
  const rec = await page.evaluate(() => document.getElementById('ex-computer').game.record());
  expect(Game.fromRecord(rec).position()).toBe(await posOf(page, 'ex-computer'));
  mirror.free();
  errs.check();
});

test('embed.js from another origin: the engine and a computer seat load from there', async ({ page }) => {
  const errs = watchErrors(page);
  const { DIST_PORT } = await import('../../playwright.config.mjs');
  // A page on 127.0.0.1 that loads embed.js from localhost (another origin), under a strict
  // CSP naming that origin (tests/e2e/serve-dist.mjs).
  const csp = await watchCsp(page);
  await page.goto(`http://127.0.0.1:${DIST_PORT}/blog-post.html`);
  // The computer (seat 1) moves first: the worker came from the other origin too.
  await page.waitForFunction(() => document.getElementById('b').game?.record().split('\n')[1]?.length > 0, null, { timeout: 30_000 });
  const rec = await page.evaluate(() => document.getElementById('b').game.record());
  const { Game } = await engine();
  expect(() => Game.fromRecord(rec).free()).not.toThrow();
  expect(await page.evaluate(() => document.getElementById('b').game.error())).toBeNull();
  await csp.check(page);
  errs.check();
});
