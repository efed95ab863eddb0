// Analysis mode as a person meets it: the Analysis button (or A) opens the engine's view of
// the position — an evaluation bar that leans to the side that is clearly ahead, and to the
// other side in the mirrored position; the expected line in notation, each move legal in
// turn (checked by the engine in Node) and shown on the board when pointed at; the view
// follows the moves browsed; each seat's chance with three seats; no analysis in a puzzle;
// and the page answers at once while the worker thinks.
import { test, expect } from '@playwright/test';
import { open, watchErrors, engine, shotPath, traceMainThread, pageState, playGreedyMoves, hintInk } from './helpers.mjs';
import { loadavg } from 'node:os';

const DESKTOP = { viewport: { width: 1366, height: 768 } };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

// 8×8: seat 1's pieces half-way across while seat 2's are still at home, and the mirror.
const RED_AHEAD = 'halma-8x8 1 ....2222/.....222/.111..22/1111...2/.111..../......../......../........';
const BLUE_AHEAD = 'halma-8x8 1 ......../......../......../....222./1...2222/11..222./111...../1111....';

/** Opens the page on a position and turns the analysis on with the A key. */
async function analyse(page, position) {
  await open(page, `?position=${encodeURIComponent(position)}`);
  await page.locator('#board canvas').focus();
  await page.keyboard.press('a');
  await expect(page.locator('#analysis')).toBeVisible();
  await expect(page.locator('#btn-analysis')).toHaveAttribute('aria-pressed', 'true');
}

/** Waits until the deep look is done (the panel is no longer busy). */
async function analysed(page) {
  await expect(page.locator('#analysis')).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await expect(page.locator('#an-meta')).toContainText(/done/);
}

/** The line's moves as the page shows them. */
async function lineTexts(page) {
  return (await page.locator('#an-line .an-move').allInnerTexts()).map((s) => s.replace(/^[^a-z]*/, '').trim());
}

/** Plays the line from `position` in the engine: each move must be legal in turn. */
async function expectLegalLine(position, moves) {
  const { Game } = await engine();
  const g = Game.fromPosition(position);
  try {
    for (const m of moves) {
      expect(m, 'a move in notation').toMatch(/^[a-s]\d{1,2}(-[a-s]\d{1,2})+$/);
      expect(() => g.play(m), `${m} is legal after ${g.record()}`).not.toThrow();
    }
  } finally {
    g.free();
  }
}

test('the bar leans to the side that is ahead, and to the other in the mirror', async ({ page }) => {
  const errs = watchErrors(page);
  await page.setViewportSize(DESKTOP.viewport);
  await analyse(page, RED_AHEAD);
  const bar = page.locator('#an-bar');
  await expect(bar).toBeVisible();
  await analysed(page);
  const red = Number(await bar.getAttribute('data-left'));
  expect(red, 'red (left) fills most of the bar').toBeGreaterThan(0.8);
  await expect(page.locator('#an-eval')).toContainText(/Player 1 .* is about \d+(\.\d)? moves ahead\. \(\d+ progress points more after the expected line\)/);
  const line = await lineTexts(page);
  expect(line.length).toBeGreaterThanOrEqual(4);
  await expectLegalLine(RED_AHEAD, line);
  // The left part is red, the right part blue: the seats' colours.
  const colours = await bar.locator('span').evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
  expect(colours).toEqual(['rgb(213, 94, 0)', 'rgb(0, 114, 178)']);
  await page.screenshot({ path: shotPath('analysis-red-ahead.png') });

  await analyse(page, BLUE_AHEAD);
  await analysed(page);
  const blue = Number(await bar.getAttribute('data-left'));
  expect(blue, 'now blue (right) fills most of it').toBeLessThan(0.2);
  await expect(page.locator('#an-eval')).toContainText(/Player 2 .* is about \d+(\.\d)? moves ahead/);
  await expectLegalLine(BLUE_AHEAD, await lineTexts(page));
  await page.screenshot({ path: shotPath('analysis-blue-ahead.png') });
  errs.check();
});

test('a move of the line is shown on the board; the view follows the moves browsed', async ({ page }) => {
  const errs = watchErrors(page);
  await page.setViewportSize(DESKTOP.viewport);
  await open(page, '?variant=star-2');
  const { Game } = await engine();
  const mirror = new Game('star-2');
  await playGreedyMoves(page, mirror, 3);
  await page.locator('#btn-analysis').click();
  await analysed(page);
  const live = (await pageState(page)).pos;
  await expectLegalLine(live, await lineTexts(page));
  // Pointing at the second move shows the board after the first, with the second as a path.
  const canvas = page.locator('#board canvas');
  const before = await canvas.getAttribute('aria-label');
  const second = page.locator('#an-line .an-move').nth(1);
  const secondText = (await second.innerText()).replace(/^[^a-z]*/, '').trim();
  await second.hover();
  await expect(canvas).toHaveAttribute('aria-label', new RegExp(`Expected line: .* plays ${secondText}`));
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: shotPath('analysis-preview.png') });
  await page.mouse.move(5, 400);
  await expect(canvas).toHaveAttribute('aria-label', before ?? '');

  // A hint on the board stays there after a preview.
  await page.locator('#btn-hint').click();
  await expect(page.locator('#hint-line')).toContainText('Hint:', { timeout: 15_000 });
  const said = /^Hint: ([a-z]+\d+) to ([a-z]+\d+)/.exec((await page.locator('#hint-line').textContent()) ?? '');
  const hintCells = [mirror.cellByName(said[1]), mirror.cellByName(said[2])];
  expect(await hintInk(page, hintCells)).toBeGreaterThan(20);
  await second.hover();
  await expect(canvas).toHaveAttribute('aria-label', /Expected line/);
  await page.mouse.move(5, 400);
  await expect(canvas).toHaveAttribute('aria-label', before ?? '');
  expect(await hintInk(page, hintCells), 'the hint is drawn again').toBeGreaterThan(20);
  await page.keyboard.press('Escape');

  // Browse back to the start, quickly (the answers for the positions passed are dropped):
  // the analysis is of the start position.
  await page.locator('#moves').focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  await expect(page.locator('#browse-line')).toBeVisible();
  await analysed(page);
  const start = new Game('star-2');
  const first = (await lineTexts(page))[0];
  const startMoves = Array.from(start.legalMoves(), (m) => `${start.cellName(m.from)}-${start.cellName(m.to)}`);
  expect(startMoves, 'the line starts with a move from the start').toContain(first);
  await expectLegalLine(start.position(), await lineTexts(page));
  start.free();
  mirror.free();
  // Off again: the panel goes away.
  await page.locator('#btn-analysis').click();
  await expect(page.locator('#analysis')).toBeHidden();
  errs.check();
});

test('the page answers at once while the engine thinks', async ({ page, browser }) => {
  const errs = watchErrors(page);
  await page.setViewportSize(DESKTOP.viewport);
  await open(page, '?variant=star-6');
  // Frames and the panel's busy spell, recorded in the page.
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__frames = [];
    w.__busy = [];
    const tick = (/** @type {number} */ t) => {
      w.__frames.push(t);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    new MutationObserver(() => w.__busy.push([performance.now(), document.getElementById('analysis')?.getAttribute('aria-busy')])).observe(
      document.getElementById('analysis'),
      { attributes: true, attributeFilter: ['aria-busy'] },
    );
  });
  const trace = await traceMainThread(browser, page);
  await page.locator('#btn-analysis').click();
  await expect(page.locator('#analysis')).toHaveAttribute('aria-busy', 'true');
  // While it thinks, a click opens the Rules at once.
  const t0 = Date.now();
  await page.locator('#btn-rules').click();
  await expect(page.locator('#rules')).toBeVisible();
  expect(Date.now() - t0, 'the Rules open while the engine thinks').toBeLessThan(1500);
  await page.keyboard.press('Escape');
  await analysed(page);
  const tasks = await trace.stop();
  const { frames, busy } = await page.evaluate(() => ({ frames: /** @type {any} */ (window).__frames, busy: /** @type {any} */ (window).__busy }));
  const from = busy.find((b) => b[1] === 'true')[0];
  const to = busy.filter((b) => b[1] === 'false').at(-1)[0];
  expect(to - from, 'the engine thought for a while').toBeGreaterThan(300);
  const inside = frames.filter((f) => f >= from && f <= to);
  let gap = 0;
  for (let i = 1; i < inside.length; i++) gap = Math.max(gap, inside[i] - inside[i - 1]);
  const load = loadavg()[0].toFixed(1);
  test.info().annotations.push({ type: 'thinking', description: `${Math.round(to - from)} ms, ${inside.length} frames, longest gap ${Math.round(gap)} ms (load ${load})` });
  // The search runs in the worker: the page's main thread does no long work meanwhile (its
  // CPU time; on shared cores the machine may stretch a task's wall time, not its CPU time).
  const busyTasks = tasks.filter((e) => e.cpuMs > 100).map((e) => `${Math.round(e.wallMs)} ms, ${Math.round(e.cpuMs)} on the CPU`);
  expect(busyTasks, 'no main-thread task of 100 ms of work while the worker searched').toEqual([]);
  // Frames keep coming (how many depends on how loaded the machine is: noted above).
  expect(inside.length, `frames in ${Math.round(to - from)} ms of thinking`).toBeGreaterThan(3);
  errs.check();
});

test('three seats: each seat\'s chance; a puzzle has no analysis', async ({ page }) => {
  const errs = watchErrors(page);
  await page.setViewportSize(DESKTOP.viewport);
  await open(page, '?variant=star-3');
  await page.locator('#btn-analysis').click();
  await analysed(page);
  const rows = page.locator('#an-seats li');
  await expect(rows).toHaveCount(3);
  const chances = (await rows.evaluateAll((els) => els.map((e) => Number(e.dataset.chance))));
  const sum = chances.reduce((a, b) => a + b, 0);
  expect(sum).toBeGreaterThan(0.5);
  expect(sum).toBeLessThanOrEqual(1.0001);
  expect(chances, 'best first').toEqual([...chances].sort((a, b) => b - a));
  await expect(page.locator('#an-bar')).toBeHidden();
  await expect(page.locator('#an-eval')).toContainText(/Most likely to finish first: /);
  await expectLegalLine((await pageState(page)).pos, await lineTexts(page));
  await page.screenshot({ path: shotPath('analysis-star-3.png') });

  await open(page, '?variant=solitaire');
  await expect(page.locator('#analysis')).toBeHidden();
  await page.locator('#btn-analysis').click();
  await expect(page.locator('#an-none')).toContainText('No analysis in a puzzle');
  await expect(page.locator('#an-line')).toBeHidden();
  errs.check();
});

test('phone: the analysis from the menu, in Danish', async ({ browser }) => {
  const ctx = await browser.newContext(PHONE);
  const page = await ctx.newPage();
  const errs = watchErrors(page);
  await page.addInitScript(() => localStorage.setItem('halma.prefs', JSON.stringify({ lang: 'da' })));
  await open(page, `?position=${encodeURIComponent(RED_AHEAD)}`);
  await page.locator('#btn-more').tap();
  await page.locator('#btn-analysis').tap();
  await expect(page.locator('#analysis')).toBeVisible();
  await expect(page.locator('#an-meta')).toContainText('færdig', { timeout: 30_000 });
  await expect(page.locator('#an-eval')).toContainText(/er omkring \d+(,\d)? træk foran/);
  // A tap on a move shows it on the board.
  await page.locator('#analysis').scrollIntoViewIfNeeded();
  const m = page.locator('#an-line .an-move').first();
  await m.tap();
  await expect(m).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: shotPath('analysis-phone.png'), fullPage: true });
  const w = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(w).toBeLessThanOrEqual(390);
  errs.check();
  await ctx.close();
});

test("Hint and Analysis agree: the hint shows the analysis's first move, or that the analysis agrees", async ({ page }) => {
  const errs = watchErrors(page);
  await page.setViewportSize(DESKTOP.viewport);
  // The analysis first, to its deep look: the hint is its first move, and says so.
  await analyse(page, RED_AHEAD);
  await analysed(page);
  const first = (await lineTexts(page))[0];
  const { Game } = await engine();
  const g = Game.fromPosition(RED_AHEAD);
  const m = g.play(first)[0].move;
  const [from, to] = [g.cellName(m.from), g.cellName(m.to)];
  g.free();
  await page.locator('#btn-hint').click();
  const line = page.locator('#hint-line');
  await expect(line).toContainText(new RegExp(`^Hint: ${from} to ${to}\\b`));
  await expect(line).toContainText(/The analysis's first move \(depth \d+\)\./);
  expect(await hintInk(page, [m.from])).toBeGreaterThan(20);
  await page.keyboard.press('Escape');

  // The hint first (a position where its own search and the analysis's differ, as the
  // engine in Node finds), the analysis after: the hint gives way to the analysis's first
  // move, or says the analysis agrees; either way the two show the same move.
  const DIFFER = 'halma-8x8 2 ....2222/.....22./......22/.....2.2/1......./1111..../111...../..11....';
  await open(page, `?position=${encodeURIComponent(DIFFER)}`);
  await expect(page.locator('#analysis')).toBeHidden();
  await page.locator('#btn-hint').click();
  await expect(line).toContainText(/^Hint: /);
  await expect(line).not.toContainText('analysis');
  await page.locator('#btn-analysis').click();
  await analysed(page);
  const best = (await lineTexts(page))[0];
  const h = Game.fromPosition(DIFFER);
  const bm = h.play(best)[0].move;
  const [bf, bt] = [h.cellName(bm.from), h.cellName(bm.to)];
  h.free();
  await expect(line).toContainText(new RegExp(`^Hint: ${bf} to ${bt}\\b`));
  await expect(line).toContainText(/The analysis('s first move| agrees) \(depth \d+\)\./);
  expect(await hintInk(page, [bm.from])).toBeGreaterThan(20);
  await page.screenshot({ path: shotPath('hint-with-analysis.png') });
  errs.check();
});
