// Hot-seat games played with real mouse clicks on the canvas, checked move by move against
// the engine running in Node; undo and redo; reload restores the game; drag and drop.
import { test, expect } from '@playwright/test';
import {
  open,
  watchErrors,
  clickMove,
  clickCell,
  settle,
  cellPoint,
  engine,
  greedyMove,
  recordPerf,
  observeLongTasks,
  playGreedyMoves,
  pageState,
  pagePosition,
  pageRecord,
} from './helpers.mjs';

/**
 * Plays `n` greedy moves by clicking, checking the page against the engine after each.
 * Returns the moves played.
 */
async function playByClicks(page, variant, n) {
  const { Game } = await engine();
  const mirror = new Game(variant);
  const played = [];
  for (let i = 0; i < n; i++) {
    const m = greedyMove(mirror);
    expect(m, 'a legal move exists').not.toBeNull();
    await clickMove(page, m.from, m.to);
    mirror.playMove(m.from, m.to);
    played.push(m);
    expect(await pagePosition(page)).toBe(mirror.position());
    // Each player's progress points as the engine counts them, "1 point" in the singular.
    // The progress panel shows the engine's distance to go of every seat.
    const togo = Array.from(mirror.distanceToGo());
    const shown = await page.locator('#standings li .pts').allTextContents();
    expect(shown).toEqual(togo.map((d) => (d === 0 ? 'home' : d === 1 ? '1 to go' : `${d} to go`)));
  }
  // The move list shows every ply, and the record replays to the same position.
  const { rec: record, pos } = await pageState(page);
  const replay = Game.fromRecord(record);
  expect(replay.position()).toBe(pos);
  expect(Number(await page.locator('#moves').getAttribute('data-count'))).toBe(mirror.history().length);
  mirror.free();
  replay.free();
  return played;
}

for (const variant of ['halma', 'star-6']) {
  test(`hot-seat ${variant}: 24 moves by clicks on the canvas, with hop chains, match the engine`, async ({ page }) => {
    const errs = watchErrors(page);
    await observeLongTasks(page);
    await open(page, `?variant=${variant}`);
    // Count only tasks that start from here on (buffered entries of the page load may still
    // be delivered after this point).
    const playStart = await page.evaluate(() => performance.now());
    const t0 = Date.now();
    const played = await playByClicks(page, variant, 24);
    const elapsed = Date.now() - t0;
    const longest = Math.max(...played.map((m) => m.path.length - 1));
    expect(longest, 'at least one chain of two or more hops').toBeGreaterThanOrEqual(2);
    const lt = await page.evaluate((t) => window.__longtasks.filter((e) => e.start >= t), playStart);
    const loadTasks = await page.evaluate((t) => window.__longtasks.filter((e) => e.start < t), playStart);
    recordPerf(`longtasks during ${variant} play (24 moves)`, {
      count: lt.length,
      maxMs: lt.length ? Math.max(...lt.map((e) => Math.round(e.duration))) : 0,
      wallMs: elapsed,
      duringLoad: loadTasks.map((e) => Math.round(e.duration)),
    });
    // The moves list keeps its last move in view (it scrolls itself, after the move).
    const list = () =>
      page.evaluate(() => {
        const l = /** @type {HTMLElement} */ (document.getElementById('moves'));
        const a = l.getBoundingClientRect();
        const b = /** @type {HTMLElement} */ (l.lastElementChild).getBoundingClientRect();
        return { overflows: l.scrollHeight > l.clientHeight, lastInView: b.top >= a.top - 1 && b.bottom <= a.bottom + 1 };
      });
    if (variant === 'star-6') expect((await list()).overflows, 'the list is longer than its box').toBe(true);
    await expect.poll(async () => (await list()).lastInView, { message: 'the last move is in view' }).toBe(true);
    // The status names the seat to move.
    const { turn } = await pageState(page);
    await expect(page.locator('#status')).toHaveAttribute('data-turn', String(turn));
    errs.check();
  });
}

test('undo and redo: buttons and Ctrl+Z / Ctrl+Y, checked against the engine', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, '?variant=halma-8x8');
  const { Game } = await engine();
  const mirror = new Game('halma-8x8');
  await playGreedyMoves(page, mirror, 4);
  const pos = () => pagePosition(page);
  await expect(page.locator('#btn-redo')).toBeDisabled();
  await page.locator('#btn-undo').click();
  mirror.undo();
  expect(await pos()).toBe(mirror.position());
  await page.locator('#btn-undo').click();
  mirror.undo();
  expect(await pos()).toBe(mirror.position());
  await expect(page.locator('#btn-redo')).toBeEnabled();
  await page.locator('#btn-redo').click();
  mirror.redo();
  expect(await pos()).toBe(mirror.position());
  // Keyboard shortcuts (focus on the page body).
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  mirror.undo();
  expect(await pos()).toBe(mirror.position());
  await page.keyboard.press('Control+y');
  mirror.redo();
  expect(await pos()).toBe(mirror.position());
  await page.keyboard.press('Control+Shift+z');
  mirror.redo();
  expect(await pos()).toBe(mirror.position());
  await expect(page.locator('#btn-redo')).toBeDisabled();
  // Undo everything, then a new move drops the redo line.
  while (mirror.canUndo()) {
    await page.keyboard.press('Control+z');
    mirror.undo();
  }
  expect(await pos()).toBe(mirror.position());
  await expect(page.locator('#btn-undo')).toBeDisabled();
  await expect(page.locator('#moves li.empty')).toHaveCount(1);
  const m = greedyMove(mirror);
  await clickMove(page, m.from, m.to);
  mirror.playMove(m.from, m.to);
  await expect(page.locator('#btn-redo')).toBeDisabled();
  expect(await pos()).toBe(mirror.position());
  mirror.free();
  errs.check();
});

test('a reload restores the game in progress, undo history included', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, '?variant=star-3');
  const { Game } = await engine();
  const mirror = new Game('star-3');
  await playGreedyMoves(page, mirror, 5);
  const { pos: bpos, rec: brec } = await pageState(page);
  const before = { pos: bpos, rec: brec };
  // The query was dropped from the address, so the reload continues the saved game.
  expect(new URL(page.url()).search).toBe('');
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  const { pos: apos, rec: arec } = await pageState(page);
  const after = { pos: apos, rec: arec };
  expect(after).toEqual(before);
  expect(after.pos).toBe(mirror.position());
  await expect(page.locator('#notice')).toBeHidden();
  await page.locator('#btn-undo').click();
  mirror.undo();
  await expect.poll(() => pagePosition(page)).toBe(mirror.position());
  mirror.free();
  errs.check();
});

test('the standings count the distance to go, with its meaning in the tooltip', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, '?variant=star-2');
  const { Game } = await engine();
  const mirror = new Game('star-2');
  // A move that gains exactly one row (a step out of the point).
  const step = Array.from(mirror.legalMoves()).find((m) => {
    const g = Game.fromPosition(mirror.position());
    g.playMove(m.from, m.to);
    const one = g.points()[0] === 1;
    g.free();
    return one;
  });
  expect(step, 'a one-row move exists').toBeTruthy();
  await clickMove(page, step.from, step.to);
  await expect(page.locator('#standings li .pts')).toHaveText(['119 to go', '120 to go']);
  await expect(page.locator('#standings li .pts').first()).toHaveAttribute('title', /^Player 1 \(red\): 1% of the way\. 119 to go: the rows/);
  mirror.free();
  errs.check();
});

test('long standings tags wrap under the name; the panel stays inside the page', async ({ page }) => {
  const errs = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 860 });
  // Seats 1 and 4 have finished; their teams play on, so each row carries two tags.
  const pos =
    'star-6+teams=adjacent 2 1/11/111/1111/3333.....5555/333......555/33.......55/3........5/' +
    '........./2........6/22.......66/222......666/2222.....6666/4444/444/44/4';
  await open(page, `?position=${encodeURIComponent(pos)}`);
  // Teams stand under their headings: team 1 (seats 1, 2), team 2 (3, 4), team 3 (5, 6).
  await expect(page.locator('#standings li.team-head .name')).toHaveText(['Team 1', 'Team 2', 'Team 3']);
  await expect(page.locator('#standings li[data-seat="1"]')).toContainText('finished');
  await expect(page.locator('#standings li[data-seat="4"]')).toContainText('finished');
  const { overflow, panelRight, width } = await page.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    panelRight: document.getElementById('standings').closest('.panel').getBoundingClientRect().right,
    width: window.innerWidth,
  }));
  expect(overflow, 'no sideways scrolling').toBe(0);
  expect(panelRight).toBeLessThanOrEqual(width);
  // The points stay on the row's first line, right-aligned, for short and long rows alike.
  const pts = await page.locator('#standings .pts').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().right)));
  expect(new Set(pts).size).toBe(1);
  errs.check();
});

test('drag and drop moves a piece; a drop on nothing sensible does nothing', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, '?variant=halma-10x10');
  const { Game } = await engine();
  const mirror = new Game('halma-10x10');
  const m = greedyMove(mirror);
  const record0 = await pageRecord(page);
  // A drag to an illegal cell: the piece goes back, nothing is played.
  const from = await cellPoint(page, m.from);
  const bad = await cellPoint(page, 0); // the far corner, occupied by the other side
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + bad.x) / 2, (from.y + bad.y) / 2, { steps: 5 });
  await page.mouse.move(bad.x, bad.y, { steps: 5 });
  await page.mouse.up();
  await settle(page);
  expect(await pageRecord(page)).toBe(record0);
  // A click on an empty, unreachable cell does nothing either.
  await clickCell(page, 45);
  expect(await pageRecord(page)).toBe(record0);
  // A real drag to a legal destination plays the move.
  const to = await cellPoint(page, m.to);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 6 });
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up();
  await expect.poll(() => pageRecord(page)).not.toBe(record0);
  mirror.playMove(m.from, m.to);
  await settle(page);
  expect(await pagePosition(page)).toBe(mirror.position());
  mirror.free();
  errs.check();
});

test('move animation runs at display rate', async ({ page }) => {
  await open(page, '?variant=star-2');
  const { Game } = await engine();
  const mirror = new Game('star-2');
  // Two opening moves so that a hop chain is available.
  await playGreedyMoves(page, mirror, 2);
  await settle(page);
  const m = greedyMove(mirror);
  await clickCell(page, m.from);
  const p = await cellPoint(page, m.to);
  // Count the frames drawn while the move animates (the board is aria-busy then): from the
  // first busy frame, however long the click takes to arrive, to the last.
  await page.evaluate(() => {
    window.__frames = [];
    let seen = false;
    let waited = 0;
    const tick = (t) => {
      const busy = document.getElementById('board').getAttribute('aria-busy') === 'true';
      if (busy) {
        seen = true;
        window.__frames.push(t);
      }
      const more = seen ? busy : ++waited < 1200;
      if (window.__frames.length < 400 && more) requestAnimationFrame(tick);
      else window.__framesDone = true;
    };
    requestAnimationFrame(tick);
  });
  await page.mouse.click(p.x, p.y);
  await page.waitForFunction(() => window.__framesDone === true);
  await settle(page);
  const frames = await page.evaluate(() => window.__frames);
  const gaps = frames.slice(1).map((t, i) => t - frames[i]);
  gaps.sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)];
  const worst = gaps[gaps.length - 1];
  recordPerf('animation frames', { frames: frames.length, medianGapMs: Number(median.toFixed(2)), worstGapMs: Number(worst.toFixed(2)), fps: Math.round(1000 / median) });
  expect(frames.length).toBeGreaterThan(5);
  mirror.free();
});
