// Review after the game, as a person meets it: at game over, Review looks at the moves the
// person made (the engine's analysis in a worker of its own), lists the ones that cost the
// most with the move the engine prefers, and shows each on the board: the position before
// it, the better move drawn as a hint; Previous and Next step through them.
import { test, expect } from '@playwright/test';
import { open, watchErrors, engine, pageState, clickMove, greedyMove, hintInk, settle, shotPath } from './helpers.mjs';

/** The legal move that sets the mover back the most (a blunder on purpose). */
function worstMove(game) {
  const seat = game.turn();
  const base = game.points()[seat - 1];
  let worst = null;
  for (const m of game.legalMoves()) {
    game.playMove(m.from, m.to);
    const gain = game.points()[seat - 1] - base;
    game.undo();
    if (!worst || gain < worst.gain) worst = { m, gain };
  }
  return worst.m;
}

test('Review lists the costliest moves of the person and shows each with the better move', async ({ page }) => {
  test.setTimeout(180_000);
  const errs = watchErrors(page);
  await page.addInitScript(() => {
    if (!localStorage.getItem('halma.prefs')) localStorage.setItem('halma.prefs', JSON.stringify({ speed: 'fast' }));
  });
  await open(page);
  await page.locator('#home-level').selectOption('1');
  await page.locator('#home-computer').click();
  const { Game } = await engine();
  /** The person's moves: two good ones, then two that go backwards. */
  const blunders = [];
  for (let i = 0; i < 4; i++) {
    await expect(page.locator('#status')).toContainText('Your move');
    await settle(page);
    const g = Game.fromRecord((await pageState(page)).rec);
    const m = i < 2 ? greedyMove(g) : worstMove(g);
    const ply = g.history().length;
    if (i >= 2) blunders.push({ ply, text: `${g.cellName(m.from)}-${g.cellName(m.to)}` });
    g.free();
    await clickMove(page, m.from, m.to);
    await expect.poll(async () => (await pageState(page)).plies).toBe(ply + 2);
  }
  // The game ends (a resignation is quickest), and Review is offered.
  await expect(page.locator('#status')).toContainText('Your move');
  await page.locator('#btn-resign').click();
  await page.locator('#end-yes').click();
  const rec = (await pageState(page)).rec;
  await expect(page.locator('#gameover')).toBeVisible();
  await expect(page.locator('#over-review')).toBeVisible();
  await page.locator('#over-review').click();
  await expect(page.locator('#gameover')).toBeHidden();
  const panel = page.locator('#review');
  await expect(panel).toBeVisible();
  await expect(page.locator('#rv-status')).toContainText(/Looking at the moves|cost the most|No move lost/);
  await expect(panel).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
  await expect(page.locator('#rv-status')).toContainText('cost the most');
  const items = page.locator('#rv-list .rv-move');
  expect(await items.count()).toBeGreaterThanOrEqual(1);
  // The costliest are the moves backwards, each with the move the engine prefers.
  const first = await items.first().innerText();
  expect(blunders.some((b) => first.includes(b.text)), `"${first}" names a blunder (${blunders.map((b) => b.text)})`).toBe(true);
  await expect(items.first()).toContainText(/moves lost\. Better: [a-q]\d+-[a-q]\d+/);
  // Shown on the board: the position before the move, the better move drawn.
  await items.first().click();
  await expect(page.locator('#browse-line')).toBeVisible();
  await expect(items.first()).toHaveAttribute('aria-pressed', 'true');
  const better = /Better: ([a-q]\d+)-/.exec(first);
  const g = Game.fromRecord(rec);
  const from = g.cellByName(/** @type {RegExpExecArray} */ (better)[1]);
  const desc = g.board();
  g.free();
  await settle(page);
  expect(await hintInk(page, [from], { desc })).toBeGreaterThan(20);
  await page.screenshot({ path: shotPath('review-desktop.png') });
  if ((await items.count()) > 1) {
    await page.locator('#rv-next').click();
    await expect(items.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await page.locator('#rv-prev').click();
    await expect(items.first()).toHaveAttribute('aria-pressed', 'true');
  }
  // Close: back to the game's end.
  await page.locator('#rv-close').click();
  await expect(panel).toBeHidden();
  await expect(page.locator('#browse-line')).toBeHidden();
  errs.check();
});

test('no Review while the game goes on, nor for a puzzle', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page);
  await page.locator('#home-friends').click();
  await expect(page.locator('#review')).toBeHidden();
  await expect(page.locator('#over-review')).toBeHidden();
  errs.check();
});
