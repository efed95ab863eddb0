// Computer opponents through the real AI worker: games against the computer played by
// canvas clicks (every computer move checked against the same engine in Node, with the same
// level and seed), the speed figures of the worker, watch mode, undo while the computer
// thinks, and hints.
import { test, expect } from '@playwright/test';
import {
  open,
  watchErrors,
  clickMove,
  settle,
  engine,
  greedyMove,
  recordPerf,
  observeLongTasks,
  longTasksSince,
  shotPath,
  traceMainThread,
  pageState,
  pagePosition,
  pageRecord,
  hintInk,
  watchWorkers,
  openSetup,
} from './helpers.mjs';
import { loadavg, cpus } from 'node:os';
import { searchOptions } from '../../www/computer.js';

/**
 * No main-thread task over 50 ms while the computer thinks. `tasks` are the page's long
 * tasks (the Long Tasks API: wall time); `traced`, the main thread's tasks over the same
 * time with their CPU time. On shared cores another job can take the core from an idle
 * page's task for longer than that, so a task over 50 ms fails when the page kept the
 * thread busy for at least half of it; one stretched by the machine is noted on the test.
 * Nothing may block the thread for 150 ms, busy or not (a level-5 search takes 700 ms
 * and up).
 * @param {{start: number, duration: number}[]} tasks
 * @param {{wallMs: number, cpuMs: number}[]} traced
 * @param {string} what
 */
function expectResponsive(tasks, traced, what) {
  const ms = (/** @type {number} */ x) => Math.round(x);
  const over = tasks.filter((e) => e.duration > 50).map((e) => ms(e.duration));
  const long = traced.filter((e) => e.wallMs > 50);
  if (over.length || long.length) {
    test.info().annotations.push({
      type: 'long tasks',
      description: `${what}: ${over.join(', ')} ms; traced (wall/CPU ms): ${long.map((e) => `${ms(e.wallMs)}/${ms(e.cpuMs)}`).join(', ')} (load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`,
    });
  }
  expect(
    long.filter((e) => e.cpuMs >= e.wallMs / 2).map((e) => `${ms(e.wallMs)} ms, ${ms(e.cpuMs)} on the CPU`),
    `no main-thread task over 50 ms of the page's work ${what}`,
  ).toEqual([]);
  expect(
    tasks.filter((e) => e.duration > 150).map((e) => ms(e.duration)),
    `no main-thread task over 150 ms ${what}`,
  ).toEqual([]);
}

/**
 * Starts a new game from the setup dialog with the given seats.
 * @param {import('@playwright/test').Page} page
 * @param {string} variant
 * @param {({kind: 'human'} | {kind: 'computer', level: number})[]} seats
 * @param {string} [shot] file name for a screenshot of the dialog's players
 */
async function startGame(page, variant, seats, shot = '') {
  await openSetup(page);
  await page.locator('#su-variant').selectOption(variant);
  for (let i = 0; i < seats.length; i++) {
    const s = seats[i];
    await page.locator(`#su-kind-${i + 1}`).selectOption(s.kind);
    if (s.kind === 'computer') {
      await expect(page.locator(`#su-level-${i + 1}`)).toBeVisible();
      await page.locator(`#su-level-${i + 1}`).selectOption(String(s.level));
    } else {
      await expect(page.locator(`#su-level-${i + 1}`)).toBeHidden();
    }
  }
  if (shot) {
    await page.locator('#su-seats').scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath(shot) });
  }
  await page.locator('#su-start').click();
  await expect(page.locator('#setup')).not.toBeVisible();
}

const pagePos = (page) => pagePosition(page);

/** Waits until a person is to move (or the game is over) and the board is at rest. */
async function waitForHumanTurn(page, humanSeats) {
  await expect
    .poll(
      async () => {
        const s = await pageState(page);
        const busy = await page.locator('#board').getAttribute('aria-busy');
        return (s.outcome !== null || humanSeats.includes(s.turn)) && busy !== 'true';
      },
      { timeout: 30_000, intervals: [25] },
    )
    .toBe(true);
}

/**
 * Replays the page's record in Node and checks every computer move from ply `from` on: it
 * is legal (the replay accepts it) and it is the move the engine gives for that position,
 * level and seed (the search is deterministic). Returns the number of plies.
 */
async function checkComputerMoves(page, variant, levels, from) {
  const { Game, bestMove } = await engine();
  const record = await pageRecord(page);
  const replay = Game.fromRecord(record);
  expect(replay.position(), 'the page shows the replayed position').toBe(await pagePos(page));
  const plies = replay.history();
  const g = new Game(variant);
  for (let j = 0; j < plies.length; j++) {
    const p = plies[j];
    if (!p.move) continue; // a forced pass, made by the engine itself
    expect(g.history().length).toBe(j);
    const level = levels[p.seat - 1];
    if (level && j >= from) {
      const expected = bestMove(g.position(), searchOptions(level, j));
      expect({ ply: j, from: p.move.from, to: p.move.to }).toEqual({ ply: j, from: expected.from, to: expected.to });
    }
    g.playMove(p.move.from, p.move.to);
  }
  g.free();
  replay.free();
  return plies.length;
}

for (const { variant, levels, rounds } of [
  { variant: 'halma', levels: [0, 2], rounds: 3 },
  { variant: 'star-3', levels: [0, 1, 5], rounds: 2 },
]) {
  test(`${variant} against the computer (levels ${levels.filter(Boolean).join(', ')}): moves by clicks, computer moves match the engine`, async ({
    page,
    browser,
  }) => {
    const errs = watchErrors(page);
    await observeLongTasks(page);
    await open(page, `?variant=${variant}`);
    await startGame(
      page,
      variant,
      levels.map((l) => (l ? { kind: 'computer', level: l } : { kind: 'human' })),
      `dialog-setup-computer-${variant}.png`,
    );
    const { Game } = await engine();
    const start = await page.evaluate(() => performance.now());
    let trace = await traceMainThread(browser, page);
    /** @type {{wallMs: number, cpuMs: number}[]} */
    const traced = [];
    let thinkWall = 0;
    /** The screenshot is taken on the person's turn (the computer is not thinking), and
     * its frame capture runs on the page's main thread: it is the test's work, not the
     * page's, so tasks that start during it are left out (one CI run in 13 saw a 51 ms
     * task in this test). @type {number[]} */
    let shot = [];
    for (let r = 0; r < rounds; r++) {
      const mirror = Game.fromPosition(await pagePos(page));
      const m = greedyMove(mirror);
      mirror.free();
      await clickMove(page, m.from, m.to);
      // The computer is thinking: the status says so and the board takes no moves.
      if (r === 0) {
        await expect(page.locator('#status')).toHaveAttribute('data-thinking', '1');
        await expect(page.locator('#status')).toContainText('Computer 2 (blue) is thinking');
        await expect(page.locator('#btn-hint')).toBeDisabled();
      }
      const t0 = Date.now();
      await waitForHumanTurn(page, [1]);
      thinkWall += Date.now() - t0;
      // The computer's moves were legal: the record replays to the page's position.
      const replay = Game.fromRecord(await pageRecord(page));
      expect(replay.position()).toBe(await pagePos(page));
      replay.free();
      if (r === 0 && variant === 'star-3') {
        traced.push(...(await trace.stop()));
        const t = await page.evaluate(() => performance.now());
        await page.screenshot({ path: shotPath('computer-star-3.png') });
        shot = [t, await page.evaluate(() => performance.now())];
        trace = await traceMainThread(browser, page);
      }
    }
    traced.push(...(await trace.stop()));
    const lt = (await longTasksSince(page, start)).filter(
      (e) => !(shot.length && e.start >= shot[0] && e.start <= shot[1]),
    );
    // Each computer move is the engine's for that position, level and seed (checked after
    // the play, so the searches in Node do not compete with the page for the CPU).
    expect(await checkComputerMoves(page, variant, levels, 0)).toBe(rounds * levels.length);
    recordPerf(`longtasks while playing ${variant} against the computer`, {
      count: lt.length,
      maxMs: lt.length ? Math.max(...lt.map((e) => Math.round(e.duration))) : 0,
      computerTurnsWallMs: thinkWall,
      maxTracedMs: Math.round(Math.max(0, ...traced.map((e) => e.wallMs))),
      maxTracedCpuMs: Math.round(Math.max(0, ...traced.map((e) => e.cpuMs))),
    });
    expectResponsive(lt, traced, `while playing ${variant} against the computer`);
    errs.check();
  });
}

/** Mid-game positions: 20 plies of level-2 play from the start. */
async function midGame(variant) {
  const { Game, bestMove } = await engine();
  const g = new Game(variant);
  for (let i = 0; i < 20; i++) {
    const th = bestMove(g.position(), { level: 2, seed: i + 1 });
    g.playMove(th.from, th.to);
  }
  const pos = g.position();
  g.free();
  return pos;
}

test('AI worker figures: level-5 think time, restart cost, the page stays responsive', async ({ page, browser }) => {
  const errs = watchErrors(page);
  await observeLongTasks(page);
  await open(page, '?variant=star-2');
  const positions = { 'star-2': await midGame('star-2'), halma: await midGame('halma') };
  const start = await page.evaluate(() => performance.now());
  const trace = await traceMainThread(browser, page);
  const figures = await page.evaluate(async (positions) => {
    const { sharedAi, searchOptions } = await import('./computer.js');
    const ai = sharedAi();
    /** @type {Record<string, any>} */
    const out = {};
    // The first start (the page does not warm the worker in a game of people only).
    const t0 = performance.now();
    await ai.think({ position: positions['star-2'], level: 1, seed: 1 }).result;
    out.firstAnswerMs = Math.round(performance.now() - t0);
    out.firstStartMs = ai.stats.lastStartMs;
    // Frames keep coming while the worker searches.
    for (const [name, pos] of Object.entries(positions)) {
      let frames = 0;
      let worstGap = 0;
      let last = performance.now();
      let running = true;
      const tick = (/** @type {number} */ now) => {
        frames++;
        worstGap = Math.max(worstGap, now - last);
        last = now;
        if (running) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      const t = performance.now();
      const th = await ai.think({ ...searchOptions(5, 20), position: pos }).result;
      const wall = performance.now() - t;
      running = false;
      out[name] = {
        workerMs: Math.round(th.millis),
        wallMs: Math.round(wall),
        depth: th.depth,
        nodes: th.nodes,
        frames,
        worstFrameGapMs: Math.round(worstGap),
      };
    }
    // Cancel a running search: the worker is ended; the next request starts a new one.
    const before = ai.stats.restarts;
    const job = ai.think({ ...searchOptions(5, 20), position: positions.halma });
    await new Promise((r) => setTimeout(r, 150));
    ai.cancel(job.id);
    const cancelled = await job.result.then(
      () => 'answered',
      (e) => e.name,
    );
    const t1 = performance.now();
    const th = await ai.think({ position: positions.halma, level: 1, seed: 3 }).result;
    out.restart = {
      cancelled,
      restarts: ai.stats.restarts - before,
      startMs: ai.stats.lastStartMs,
      firstAnswerAfterRestartMs: Math.round(performance.now() - t1),
      searchMs: Math.round(th.millis * 10) / 10,
    };
    return out;
  }, positions);
  const traced = await trace.stop();
  const lt = await longTasksSince(page, start);
  figures.longtasks = { count: lt.length, maxMs: lt.length ? Math.max(...lt.map((e) => Math.round(e.duration))) : 0 };
  recordPerf('AI worker (level 5 mid-game, restart)', figures);
  expect(figures.restart.cancelled).toBe('AiCancelled');
  expect(figures.restart.restarts).toBe(1);
  expect(figures['star-2'].depth).toBeGreaterThan(2);
  expectResponsive(lt, traced, 'while the worker searches');
  errs.check();
});

test('watch mode: an all-computer game plays by itself; pause stops it, resume goes on', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, '?variant=star-2');
  await startGame(page, 'star-2', [
    { kind: 'computer', level: 1 },
    { kind: 'computer', level: 2 },
  ]);
  await expect(page.locator('#watch')).toBeVisible();
  await expect(page.locator('#btn-hint')).toBeDisabled();
  await page.locator('#set-speed').selectOption('fast');
  const plies = () => page.evaluate(() => Number(document.getElementById('moves').dataset.count));
  await expect.poll(plies, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
  await page.locator('#btn-pause').click();
  await expect(page.locator('#btn-pause')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#btn-pause')).toHaveText('Resume');
  await expect(page.locator('#status')).toContainText('Paused');
  await settle(page);
  await page.screenshot({ path: shotPath('computer-watch-star-2.png') });
  const n = await plies();
  const rec = await pageRecord(page);
  await page.waitForTimeout(1500);
  expect(await plies()).toBe(n);
  expect(await pageRecord(page)).toBe(rec);
  await checkComputerMoves(page, 'star-2', [1, 2], 0);
  // Undo while paused steps back one move and stays paused.
  await page.locator('#btn-undo').click();
  expect(await plies()).toBe(n - 1);
  await page.waitForTimeout(500);
  expect(await plies()).toBe(n - 1);
  // The pace is kept for next time.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('halma.prefs')).speed)).toBe('fast');
  await page.locator('#btn-pause').click();
  await expect(page.locator('#btn-pause')).toHaveText('Pause');
  await expect.poll(plies, { timeout: 20_000 }).toBeGreaterThan(n + 1);
  errs.check();
});

test('undo or a new game while the computer thinks cancels its search: no stale move comes in later', async ({
  page,
}) => {
  const errs = watchErrors(page);
  const workers = watchWorkers(page);
  await open(page, '?variant=halma');
  await startGame(page, 'halma', [{ kind: 'human' }, { kind: 'computer', level: 5 }]);
  const startPos = await pagePos(page);
  const { Game } = await engine();
  const mirror = new Game('halma');
  const m = greedyMove(mirror);
  mirror.free();
  // The computer is searching (its worker has loaded: the page warmed it for the game).
  const thinkThenCheck = async () => {
    await clickMove(page, m.from, m.to);
    await expect(page.locator('#status')).toHaveAttribute('data-thinking', '1');
    await expect.poll(() => workers.started - workers.closed).toBe(1);
    await settle(page);
  };
  await thinkThenCheck();
  await page.screenshot({ path: shotPath('computer-thinking-halma.png') });
  await page.locator('#btn-undo').click();
  expect(await pagePos(page)).toBe(startPos);
  // The running search ended with its worker; nothing is asked any more.
  await expect.poll(() => workers.closed).toBe(1);
  await expect(page.locator('#status')).toHaveAttribute('data-thinking', '');
  await expect(page.locator('#status')).toContainText('Your move (red)');
  // Again, and this time start a new game (the same players) while it thinks.
  await thinkThenCheck();
  await openSetup(page);
  await expect(page.locator('#su-kind-2')).toHaveValue('computer');
  await expect(page.locator('#su-level-2')).toHaveValue('5');
  await page.locator('#su-start').click();
  await expect.poll(() => workers.closed).toBe(2);
  // Longer than a level-5 search: nothing arrives.
  await page.waitForTimeout(3000);
  expect(await pagePos(page)).toBe(startPos);
  expect(workers.closed).toBe(2);
  await expect(page.locator('#moves li.empty')).toHaveCount(1);
  await expect(page.locator('#status')).toContainText('Your move (red)');
  await expect(page.locator('#status')).toHaveAttribute('data-thinking', '');
  await expect(page.locator('#notice')).toBeHidden();
  errs.check();
});

test('hint: shows a legal move for the person without playing it; Esc and a move clear it', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, '?variant=halma');
  await startGame(page, 'halma', [{ kind: 'human' }, { kind: 'computer', level: 1 }]);
  const startPos = await pagePos(page);
  await page.locator('#btn-hint').click();
  await expect(page.locator('#hint-line')).toContainText('Hint:', { timeout: 15_000 });
  // The line names a legal move ("Hint: c2 to e4 in 1 hop."); the board marks its cells.
  const said = /^Hint: ([a-z]+\d+) to ([a-z]+\d+)/.exec((await page.locator('#hint-line').textContent()) ?? '');
  expect(said).not.toBeNull();
  const { Game } = await engine();
  const mirror = Game.fromPosition(startPos);
  const from = mirror.cellByName(said[1]);
  const to = mirror.cellByName(said[2]);
  expect(mirror.legalMoves().some((m) => m.from === from && m.to === to)).toBe(true);
  mirror.free();
  expect(await hintInk(page, [from])).toBeGreaterThan(20);
  expect(await hintInk(page, [to])).toBeGreaterThan(20);
  expect(await pagePos(page)).toBe(startPos);
  await page.screenshot({ path: shotPath('computer-hint-halma.png') });
  // Esc takes it away.
  await page.keyboard.press('Escape');
  await expect(page.locator('#hint-line')).toBeHidden();
  expect(await hintInk(page, [from, to])).toBe(0);
  // Again, then play it: the hint goes, the computer answers.
  await page.locator('#btn-hint').click();
  await expect(page.locator('#hint-line')).toContainText('Hint:', { timeout: 15_000 });
  await clickMove(page, from, to);
  await expect(page.locator('#hint-line')).toBeHidden();
  await settle(page);
  expect(await hintInk(page, [from, to])).toBe(0);
  await waitForHumanTurn(page, [1]);
  await checkComputerMoves(page, 'halma', [0, 1], 0);
  errs.check();
});
