// Timed games as a person sees them: a time control chosen in the New game dialog, each
// seat's clock by its name counting down (Playwright's clock moves the page's time on) from
// its first move on (as lichess: the first move is free, and a game nobody starts can be
// aborted), the running clock marked, low time emphasised, the increment, Undo bringing
// back the times of then, the clocks kept over a reload, the game lost on time for good (no
// Undo, no Redo; with two players, and with three: the engine's standings, the reason in
// the ranking); and the computer keeping to its clock with only seconds left.
import { test, expect } from '@playwright/test';
import { open, watchErrors, engine, shotPath, pageState, settle, clickMove, greedyMove } from './helpers.mjs';

/** The clock face in seat `n`'s row of the standings. */
const clockOf = (page, n) => page.locator(`#standings li[data-seat="${n}"] .clock`);

/** Seconds a face like "0:55", "1:02:03" or "0:09.4" shows. */
function seconds(text) {
  return text.split(':').reduce((a, x) => a * 60 + Number(x), 0);
}

/** Starts a game from the dialog with a time control (a preset, or `{min, inc}` custom). */
async function startTimed(page, variant, control, kinds = ['human', 'human']) {
  await page.locator('#home-setup').click();
  await expect(page.locator('#setup')).toBeVisible();
  await page.locator('#su-variant').selectOption(variant);
  for (let i = 0; i < kinds.length; i++) await page.locator(`#su-kind-${i + 1}`).selectOption(kinds[i]);
  await page.locator('#su-advanced summary').click();
  if (typeof control === 'string') await page.locator('#su-clock').selectOption(control);
  else {
    await page.locator('#su-clock').selectOption('custom');
    await expect(page.locator('#su-clock-custom')).toBeVisible();
    await page.locator('#su-clock-min').fill(String(control.min));
    await page.locator('#su-clock-inc').fill(String(control.inc));
  }
  await page.locator('#su-start').click();
  await expect(page.locator('#setup')).toBeHidden();
  await settle(page);
}

/** Plays the greedy move for the page's game by clicks. */
async function playOne(page) {
  const { Game } = await engine();
  const g = Game.fromRecord((await pageState(page)).rec);
  const m = greedyMove(g);
  g.free();
  await clickMove(page, m.from, m.to);
}

test('a timed game: clocks count down by the names, the increment, Undo, reload, loss on time', async ({ page }) => {
  const errs = watchErrors(page);
  await page.clock.install();
  await open(page);
  // The dialog offers no clock by default, the presets and a custom control.
  await page.locator('#home-setup').click();
  await page.locator('#su-advanced summary').click();
  await expect(page.locator('#su-clock')).toHaveValue('none');
  await expect(page.locator('#su-clock option')).toHaveText(['No clock', '1 min + 0 s', '3 min + 2 s', '5 min + 3 s', '10 min + 5 s', '15 min + 10 s', 'Custom…']);
  await page.locator('#su-cancel').click();
  // A custom control: one minute and 30 s a move (long enough to see past the time the
  // test itself takes).
  await startTimed(page, 'halma', { min: 1, inc: 30 });

  await expect(clockOf(page, 1)).toHaveText('1:00');
  await expect(clockOf(page, 2)).toHaveText('1:00');
  // As on lichess, a clock starts after its seat's first move: the first moves are free.
  await expect(clockOf(page, 1)).not.toHaveClass(/running/);
  await expect(clockOf(page, 1)).toHaveClass(/waiting/);
  await expect(clockOf(page, 1)).toHaveAttribute('aria-label', 'Time left for Player 1 (red): 1:00; the clock starts after their first move');
  await page.clock.runFor(5000);
  await expect(clockOf(page, 1)).toHaveText('1:00');
  // Until everyone has moved, the game can be aborted (not resigned).
  await expect(page.locator('#btn-resign')).toHaveText('Abort game');
  await playOne(page);
  await expect(clockOf(page, 1)).toHaveText('1:00');
  await expect(clockOf(page, 2)).not.toHaveClass(/running/);
  await page.clock.runFor(5000);
  await expect(clockOf(page, 2)).toHaveText('1:00');
  await expect(page.locator('#btn-resign')).toHaveText('Abort game');
  await playOne(page);
  // Both have moved: Player 1's clock runs, and Resign replaces Abort.
  await expect(clockOf(page, 1)).toHaveClass(/running/);
  await expect(clockOf(page, 1)).not.toHaveClass(/waiting/);
  await expect(clockOf(page, 2)).not.toHaveClass(/running/);
  await expect(clockOf(page, 1)).toHaveAttribute('aria-label', /^Time left for Player 1 \(red\): /);
  await expect(page.locator('#btn-resign')).toHaveText('Resign');
  await expect(clockOf(page, 2)).toHaveText('1:00');
  await page.clock.runFor(5000);
  await expect(clockOf(page, 1)).toHaveText(/^0:5[45]$/);
  await expect(clockOf(page, 2)).toHaveText('1:00');

  // Player 1 moves: its clock stops with 30 s added, Player 2's runs.
  await playOne(page);
  await expect(clockOf(page, 2)).toHaveClass(/running/);
  await expect(clockOf(page, 1)).not.toHaveClass(/running/);
  const after1 = seconds(await clockOf(page, 1).innerText());
  expect(after1).toBeGreaterThan(75);
  expect(after1).toBeLessThanOrEqual(85);
  await page.clock.runFor(20_000);
  // 60 s less 20, give or take the display's last tick (it shows whole seconds).
  expect(seconds(await clockOf(page, 2).innerText())).toBeLessThanOrEqual(41);
  // Undo: Player 1's turn again with the times of then (both full).
  await page.locator('#btn-undo').click();
  await expect(clockOf(page, 1)).toHaveClass(/running/);
  await expect(clockOf(page, 2)).toHaveText('1:00');
  await playOne(page);
  await expect(clockOf(page, 2)).toHaveClass(/running/);
  expect(seconds(await clockOf(page, 2).innerText())).toBeGreaterThanOrEqual(56);

  // The clocks are kept over a reload (the time used on the turn too).
  await page.clock.runFor(10_000);
  const before = seconds(await clockOf(page, 2).innerText());
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  const kept = seconds(await clockOf(page, 2).innerText());
  expect(Math.abs(kept - before)).toBeLessThanOrEqual(3);
  await expect(clockOf(page, 2)).toHaveClass(/running/);

  // The first screen stops the clocks.
  await page.locator('#btn-new').click();
  await expect(page.locator('#home')).toBeVisible();
  const atHome = seconds(/** @type {string} */ (await clockOf(page, 2).textContent()));
  await page.clock.runFor(10_000);
  await page.locator('#home-continue').click();
  expect(atHome - seconds(await clockOf(page, 2).innerText())).toBeLessThanOrEqual(1);

  // Under ten seconds: tenths and the low style, said once.
  await page.clock.runFor((atHome - 8) * 1000);
  await expect(clockOf(page, 2)).toHaveText(/^0:0\d\.\d$/);
  await expect(clockOf(page, 2)).toHaveClass(/low/);
  await expect(page.locator('#live')).toHaveText('Player 2 (blue) has less than 10 seconds left.');
  await page.screenshot({ path: shotPath('clock-low.png') });

  // Out of time: Player 2 loses, Player 1 wins (two players).
  await page.clock.runFor(10_000);
  await expect(page.locator('#gameover')).toBeVisible();
  await expect(page.locator('#over-result')).toHaveText('Player 2 (blue) ran out of time. Player 1 (red) wins!');
  await expect(page.locator('#over-body tr').first()).toContainText('Player 1 (red)');
  await expect(clockOf(page, 2)).toHaveText('0:00.0');
  // The ranking gives the reason, not a distance that decided nothing.
  await expect(page.locator('#over-table thead')).toContainText('To go');
  await expect(page.locator('#over-body tr').nth(1)).toContainText('Player 2 (blue)');
  await expect(page.locator('#over-body tr').nth(1).locator('td').nth(2)).toHaveText('out of time');
  await expect(page.locator('#over-body tr').first().locator('td').nth(2)).toHaveText(/^\d+ to go$/);
  await page.screenshot({ path: shotPath('clock-out-dialog.png') });
  await page.locator('#over-close').click();
  await expect(page.locator('#status')).toHaveText('Player 2 (blue) ran out of time. Player 1 (red) wins!');
  await expect(page.locator('#standings li[data-seat="2"]')).toContainText('out of time');
  // A game lost on time stays lost: no Undo, no Redo, no playing on from a past position.
  await expect(page.locator('#btn-undo')).toBeDisabled();
  await expect(page.locator('#btn-redo')).toBeDisabled();
  await expect(page.locator('#end-actions')).toBeHidden();
  await page.locator('#moves li').first().click();
  await expect(page.locator('#browse-line')).toBeVisible();
  await expect(page.locator('#br-here')).toBeHidden();
  await page.locator('#br-resume').click();
  // The board takes no more moves, and a reload keeps the result.
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  await expect(page.locator('#status')).toHaveText('Player 2 (blue) ran out of time. Player 1 (red) wins!');
  await expect(page.locator('#gameover')).toBeVisible();
  await page.locator('#over-close').click();
  await expect(page.locator('#btn-undo')).toBeDisabled();
  await page.keyboard.press('Control+z');
  await expect(page.locator('#status')).toHaveText('Player 2 (blue) ran out of time. Player 1 (red) wins!');
  await expect(clockOf(page, 1)).not.toHaveClass(/running/);
  errs.check();
});

test('three players, one out of time: the others ranked by progress, kept over a reload', async ({ page }) => {
  const errs = watchErrors(page);
  const { Game } = await engine();
  // Each makes the best forward move, Ann (seat 1) twice; Bo (seat 2) is to move with three
  // seconds left (after a first move of his own: his clock runs).
  const g = new Game('star-3');
  for (let i = 0; i < 4; i++) {
    const m = greedyMove(g);
    g.playMove(m.from, m.to);
  }
  const record = g.record();
  g.free();
  await page.clock.install();
  await page.addInitScript((record) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    const at = new Date().toISOString();
    const players = ['Ann', 'Bo', 'Cy'].map((name) => ({ name, kind: 'human' }));
    const setup = { variant: 'star-3', players, start: 'seat1', rotation: 'turn', clock: { base: 60000, inc: 0 } };
    const clocks = { left: [50000, 3000, 60000], at: 4, past: [], flagged: 0 };
    localStorage.setItem('halma.game.t3', JSON.stringify({ v: 1, record, setup, clocks, savedAt: at }));
    localStorage.setItem('halma.games', JSON.stringify({ v: 1, current: 't3', games: [{ id: 't3', savedAt: at }] }));
  }, record);
  await open(page);
  await expect(clockOf(page, 2)).toHaveClass(/running/);
  await expect(clockOf(page, 2)).toHaveText(/^0:0[23]\.\d$/);
  await page.clock.runFor(4000);

  // Bo loses; Ann, ahead on progress, wins; Cy second; Bo last.
  const result = 'Bo (blue) ran out of time. Ann (red) wins!';
  const table = async () => {
    await expect(page.locator('#gameover')).toBeVisible();
    await expect(page.locator('#over-result')).toHaveText(result);
    const rows = page.locator('#over-body tr');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Ann (red) — winner');
    await expect(rows.nth(1)).toContainText('Cy (green)');
    await expect(rows.nth(2)).toContainText('Bo (blue)');
    expect(await rows.locator('td:first-child').allInnerTexts()).toEqual(['1', '2', '3']);
    // The distance each has to go, as the progress panel says it; the reason for Bo.
    expect(await rows.locator('td:nth-child(3)').allInnerTexts()).toEqual([expect.stringMatching(/^\d+ to go$/), expect.stringMatching(/^\d+ to go$/), 'out of time']);
    await expect(page.locator('#over-body tr.winner')).toHaveCount(1);
  };
  await table();
  await expect(clockOf(page, 2)).toHaveText('0:00.0');
  await page.screenshot({ path: shotPath('clock-three-out.png') });
  await page.locator('#over-close').click();
  await expect(page.locator('#status')).toHaveText(result);
  // No clock runs any more, and nobody is offered a move.
  const cy = await clockOf(page, 3).innerText();
  await page.clock.runFor(3000);
  await expect(clockOf(page, 3)).toHaveText(cy);
  await expect(page.locator('#standings li.current')).toHaveCount(0);

  // A reload (the address holds the game, the saved game its clocks) keeps the result.
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  await table();
  await page.locator('#over-close').click();
  await expect(page.locator('#status')).toHaveText(result);
  // The saved games list it as over.
  await page.locator('#btn-games').click();
  await expect(page.locator('#games-list li[data-id="t3"]')).toContainText('game over');
  await page.locator('#games-close').click();

  // It stays lost: no Undo.
  await expect(page.locator('#btn-undo')).toBeDisabled();
  await expect(page.locator('#btn-redo')).toBeDisabled();
  errs.check();
});

test('a timed game in Danish, and games saved without clocks or with broken ones', async ({ page }) => {
  const errs = watchErrors(page);
  const { Game } = await engine();
  const g = new Game('star-2');
  const record = g.record();
  g.free();
  const players = [
    { name: 'Ann', kind: 'human' },
    { name: 'Bo', kind: 'human' },
  ];
  await page.addInitScript(
    ({ record, players }) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      const at = new Date().toISOString();
      const put = (id, data) => localStorage.setItem(`halma.game.${id}`, JSON.stringify({ v: 1, record, savedAt: at, ...data }));
      put('old', { setup: { variant: 'star-2', players, start: 'seat1', rotation: 'turn' } });
      put('broken', { setup: { variant: 'star-2', players, start: 'seat1', rotation: 'turn', clock: { base: 180000, inc: 2000 } }, clocks: { left: ['x'], at: 7 } });
      localStorage.setItem('halma.games', JSON.stringify({ v: 1, current: 'broken', games: [{ id: 'broken', savedAt: at }, { id: 'old', savedAt: at }] }));
      localStorage.setItem('halma.prefs', JSON.stringify({ lang: 'da' }));
    },
    { record, players },
  );
  await open(page);
  // Broken clocks: the game opens with its control's full time.
  await expect(clockOf(page, 1)).toHaveText(/^(3:00|2:59)$/);
  await expect(clockOf(page, 1)).toHaveAttribute('aria-label', /^Tid tilbage for Ann \(rød\): /);
  // A game saved before clocks: no clock.
  await page.locator('#btn-games').click();
  await page.locator('#games-list li[data-id="old"] [data-action="open"]').click();
  await expect(page.locator('#standings li[data-seat="1"]')).toBeVisible();
  await expect(page.locator('#standings .clock')).toHaveCount(0);
  // The dialog in Danish.
  await page.locator('#btn-new').click();
  await page.locator('#home-setup').click();
  await page.locator('#su-advanced summary').click();
  await expect(page.locator('#su-clock-fs legend')).toHaveText('Ur');
  await expect(page.locator('#su-clock option').first()).toHaveText('Intet ur');
  errs.check();
});

test('the computer keeps to its clock: seconds left, it still moves in time', async ({ page }) => {
  const errs = watchErrors(page);
  const { Game } = await engine();
  const g = new Game('star-2');
  const record = g.record();
  g.free();
  await page.addInitScript((record) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    const at = new Date().toISOString();
    const players = [
      { name: '', kind: 'computer', level: 5 },
      { name: '', kind: 'computer', level: 5 },
    ];
    const setup = { variant: 'star-2', players, start: 'seat1', rotation: 'turn', clock: { base: 60000, inc: 0 } };
    const clocks = { left: [6000, 6000], at: 0, past: [[6000, 6000]], flagged: 0 };
    localStorage.setItem('halma.game.cc', JSON.stringify({ v: 1, record, setup, clocks, savedAt: at }));
    localStorage.setItem('halma.games', JSON.stringify({ v: 1, current: 'cc', games: [{ id: 'cc', savedAt: at }] }));
    localStorage.setItem('halma.prefs', JSON.stringify({ speed: 'fast' }));
  }, record);
  await open(page);
  await expect(clockOf(page, 1)).toHaveText(/^0:0\d\.\d$/);
  // Twenty moves of level 5 with six seconds each: nobody runs out.
  await expect.poll(async () => (await pageState(page)).plies, { timeout: 60_000 }).toBeGreaterThanOrEqual(20);
  await expect(page.locator('#status')).not.toContainText('ran out of time');
  for (const n of [1, 2]) {
    const s = seconds(await clockOf(page, n).innerText());
    expect(s, `seat ${n}'s clock`).toBeGreaterThan(1);
  }
  errs.check();
});
