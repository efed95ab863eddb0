// Numbers and words that agree (issue 50, point 8): the moves list numbers rounds as chess
// sites do, the same number the status line calls the turn and the replay bar names; the
// progress panel measures the distance to the goal (the camp across the board), as the
// Game over ranking does; the one person playing the computer is "You"; and level 5 keeps
// to "about a second a move" on every board.
import { test, expect } from '@playwright/test';
import { open, watchErrors, engine, clickMove, greedyMove, pageState, settle } from './helpers.mjs';

/** The moves list's numbers, one per ply ('' where a round goes on). */
const numbers = (page) => page.locator('#moves li .no').allInnerTexts();

/** The turn the line under the status gives ("… · Turn 4"). */
async function turnShown(page) {
  const m = /Turn (\d+)/.exec(await page.locator('#variant-line').innerText());
  return m ? Number(m[1]) : null;
}

test('the moves list numbers rounds, the turn the status gives and the replay bar names', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, '?variant=halma-8x8');
  const { Game } = await engine();
  const mirror = new Game('halma-8x8');
  for (let i = 0; i < 5; i++) {
    const m = greedyMove(mirror);
    await clickMove(page, m.from, m.to);
    mirror.playMove(m.from, m.to);
  }
  await settle(page);
  // Five moves: rounds 1 and 2 complete, round 3 begun; Player 2 is on turn 3.
  await expect.poll(() => numbers(page)).toEqual(['1.', '', '2.', '', '3.']);
  expect(await turnShown(page)).toBe(3);
  await expect(page.locator('#moves li').nth(1)).toHaveClass(/cont/);
  // Two seats: a round is one row, its number before the first move.
  const row = async (i) => (await page.locator('#moves li').nth(i).boundingBox())?.y;
  expect(Math.abs((await row(2)) - (await row(3)))).toBeLessThan(2);
  // The replay bar names the round and the seat, as the list does.
  await page.locator('#moves li').nth(3).click();
  await expect(page.locator('#browse-text')).toHaveText(`Position after turn 2 of Player 2 (blue): ${mirror.history()[3].text}.`);
  await page.locator('#br-resume').click();
  mirror.free();

  // Three seats: a number every three moves.
  await page.goto('./?variant=star-3');
  await page.waitForSelector('body[data-ready="1"]');
  const three = new Game('star-3');
  for (let i = 0; i < 4; i++) {
    const m = greedyMove(three);
    await clickMove(page, m.from, m.to);
    three.playMove(m.from, m.to);
  }
  await expect.poll(() => numbers(page)).toEqual(['1.', '', '', '2.']);
  expect(await turnShown(page)).toBe(2);
  three.free();
  errs.check();
});

test('the one person playing the computer is "You"; people at one screen are Player 1 and 2', async ({ page }) => {
  const errs = watchErrors(page);
  await page.addInitScript(() => {
    if (!localStorage.getItem('halma.prefs')) localStorage.setItem('halma.prefs', JSON.stringify({ speed: 'fast' }));
  });
  await open(page);
  await page.locator('#home-computer').click();
  await expect(page.locator('#status')).toHaveText(/Your move \(red\)$/);
  await expect(page.locator('#standings li[data-seat="1"] .name')).toHaveText('You');
  await expect(page.locator('#standings li[data-seat="2"] .name')).toHaveText('Computer 2');
  const { Game } = await engine();
  const g = Game.fromRecord((await pageState(page)).rec);
  const m = greedyMove(g);
  g.free();
  await clickMove(page, m.from, m.to);
  // Said as a person would: "You moved…", "Your move."
  await expect(page.locator('div#live')).toHaveText(/^Computer 2 \(blue\) moved .*\. Your move\.$/);
  // The board's description too.
  await expect(page.locator('#board canvas')).toHaveAttribute('aria-label', /Your move \(red\)\. You \(red\): /);

  await page.locator('#btn-new').click();
  await page.locator('#home-friends').click();
  await expect(page.locator('#status')).toHaveText(/Player 1 \(red\) to move$/);
  await expect(page.locator('#standings li[data-seat="1"] .name')).toHaveText('Player 1');
  await expect(page.locator('#standings')).not.toContainText('You');

  // Danish: "Du".
  await page.locator('#btn-new').click();
  await page.locator('.settings summary').click();
  await page.locator('#set-lang').selectOption('da');
  await page.locator('.settings summary').click();
  await page.locator('#home-computer').click();
  await expect(page.locator('#status')).toHaveText(/Din tur \(rød\)$/);
  await expect(page.locator('#standings li[data-seat="1"] .name')).toHaveText('Du');
  errs.check();
});

/** Mid-game positions: `plies` of level-2 play from the start. */
async function midGame(variant, plies) {
  const { Game, bestMove } = await engine();
  const g = new Game(variant);
  for (let i = 0; i < plies; i++) {
    const th = bestMove(g.position(), { level: 2, seed: i + 1 });
    g.playMove(th.from, th.to);
  }
  const pos = g.position();
  g.free();
  return pos;
}

test('level 5 thinks about a second a move on every board, the 16×16 and six seats too', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, '?variant=star-2');
  const positions = [];
  for (const [variant, plies] of [
    ['halma', 20],
    ['halma', 40],
    ['halma-4', 24],
    ['star-6', 30],
  ]) {
    positions.push({ variant, pos: await midGame(variant, plies) });
  }
  const times = await page.evaluate(async (positions) => {
    const { sharedAi, playOptions, LEVEL5_MAX_MS } = await import('./computer.js');
    const ai = sharedAi();
    const out = [];
    for (const { variant, pos } of positions) {
      const th = await ai.think({ ...playOptions(5, 20), position: pos }).result;
      out.push({ variant, ms: Math.round(th.millis), nodes: th.nodes, cap: LEVEL5_MAX_MS });
    }
    return out;
  }, positions);
  console.log(`level 5 think times: ${JSON.stringify(times)}`);
  // The cap, and a little for the search to notice it (it looks at the clock between nodes).
  for (const t of times) expect(t.ms, `${t.variant}: ${t.ms} ms`).toBeLessThanOrEqual(t.cap + 150);
  // The level's name says what is true.
  await page.locator('#btn-new').click();
  await expect(page.locator('#home-level option[value="5"]')).toHaveText('5 · strongest');
  await expect(page.locator('#home-level option[value="5"]')).toHaveAttribute('title', 'Level 5 · strongest, about a second a move');
  errs.check();
});
