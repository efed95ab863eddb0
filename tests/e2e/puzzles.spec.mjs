// The puzzles, as a player meets them: "Puzzles" on the first screen opens the chooser;
// the solitaire's view with its move counter against the par, undo and reset; a shipped
// solution shown to the end (which does not count); a puzzle solved by clicking the shipped
// solution, the "solved in N moves (par P)" message, the attempt, the best and the figure
// kept over a reload; a corrupt stored value that is reported and not written over; the
// keyboard; the Danish rules; and the phone's layout (nothing outside the screen).
import { test, expect } from '@playwright/test';
import { open, watchErrors, engine, shotPath, settle, clickCell } from './helpers.mjs';

const DESKTOP = { viewport: { width: 1366, height: 768 } };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** The engine's puzzle `id` and its board, from the same wasm in Node. */
async function puzzle(id) {
  const { puzzles, Game } = await engine();
  const p = puzzles().find((q) => q.id === id);
  const g = Game.puzzle(id);
  const desc = g.board();
  g.free();
  return { p, desc };
}

/** Waits until the puzzle board's move animation is over. */
const settled = (page) => settle(page, '#pz-board');

/** Clicks a cell of the puzzle board, by name, where it is drawn. */
async function clickNamed(page, desc, name) {
  await clickCell(page, desc.cells.find((c) => c.name === name).id, { board: '#pz-board', desc });
}

/** Plays a move in hop-path notation by clicks: the piece, then its destination. */
async function playMove(page, desc, text) {
  const cells = text.split('-');
  await clickNamed(page, desc, cells[0]);
  await clickNamed(page, desc, cells[cells.length - 1]);
}

/** A locator's box, asserted to lie wholly inside the viewport. */
async function expectInView(page, locator, what) {
  const vp = page.viewportSize();
  const box = await locator.boundingBox();
  expect(box, `${what} is laid out`).not.toBeNull();
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(vp.width + 0.5);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(vp.height + 0.5);
}

async function openPuzzles(page) {
  await open(page);
  await page.locator('#home-puzzle').click();
  await expect(page.locator('#pz-list')).toBeVisible();
}

test.describe('desktop', () => {
  test.use(DESKTOP);

  test('the chooser, the solitaire view: moves, undo, reset, a solution, a solve kept', async ({ page }) => {
    test.setTimeout(150_000);
    const errs = watchErrors(page);
    const { p, desc } = await puzzle('solitaire');
    await open(page);
    await expect(page.locator('#home-puzzle')).toContainText('8 puzzles');
    await page.locator('#home-puzzle').click();
    await expect(page.locator('#home')).toBeHidden();
    await expect(page.locator('#pz-list')).toBeVisible();
    await expect(page.locator('#board')).toBeHidden();
    await expect(page.locator('#pz-cards > li')).toHaveCount(8);
    const card = page.locator('#pz-cards > li').first();
    await expect(card.locator('.pz-open')).toHaveText('Halma solitaire');
    await expect(card).toContainText('symmetric about the a1–p16 diagonal');
    // Our solver's counts (docs/puzzles.md): solutions symmetric again every 4 moves, and paired.
    await expect(card).toContainText('At least 22,565 figures solve it (our solver’s count; 4,519 when every move is followed at once by its mirror image)');
    await expect(card).toContainText('Par 19, proven the fewest');
    await expect(card).toContainText('Not solved yet');
    await expect(card).toContainText('Figures found: 0 (at least 22,565 exist)');
    await expect(page.locator('#pz-open-shortest-game').locator('..')).toContainText('Par 32 (our best; the record is 30)');
    await expect(page.locator('#pz-open-solitaire')).toBeFocused();
    await page.screenshot({ path: shotPath('puzzles-list-desktop.png') });

    await page.locator('#pz-open-solitaire').click();
    await expect(page.locator('#pz-view')).toBeVisible();
    await expect(page.locator('#pz-name')).toHaveText('Halma solitaire');
    await expect(page.locator('#pz-count')).toHaveText('Moves: 0 · par 19');
    await expect(page.locator('#pz-best')).toHaveText('Your best: not solved yet');
    await expect(page.locator('#pz-undo')).toBeDisabled();
    await expect(page.locator('#pz-reset')).toBeDisabled();
    await expect(page.locator('#pz-gallery-box')).toContainText('Each distinct symmetric figure');
    // Desktop: the board and the controls are all on the screen, nothing wider than it.
    for (const id of ['pz-board', 'pz-count', 'pz-result', 'pz-undo', 'pz-reset', 'pz-show', 'pz-all', 'pz-gallery-box']) await expectInView(page, page.locator(`#${id}`), id);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);

    // Two moves, one taken back, then back to the start.
    await playMove(page, desc, p.solution[0]);
    await playMove(page, desc, p.solution[1]);
    await expect(page.locator('#pz-count')).toHaveText('Moves: 2 · par 19');
    await expect(page.locator('#live')).toHaveText(`Move 2: ${p.solution[1]}.`);
    await expect(page.locator('#pz-result')).toHaveText('Keep going: the goal is not reached yet.');
    await page.locator('#pz-undo').click();
    await expect(page.locator('#pz-count')).toHaveText('Moves: 1 · par 19');
    await expect(page.locator('#live')).toContainText('Move taken back. Moves: 1 · par 19');
    await page.locator('#pz-reset').click();
    await expect(page.locator('#pz-count')).toHaveText('Moves: 0 · par 19');
    await expect(page.locator('#pz-reset')).toBeDisabled();
    const startLabel = await page.locator('#pz-board canvas').getAttribute('aria-label');
    expect(startLabel).toBe('Halma solitaire, 0 moves played. red: a5, b5, a4, b4, c4, a3, b3, c3, d3, a2, b2, c2, d2, e2, a1, b1, c1, d1, e1.');

    // A solution, played to the end: it does not count as the player's.
    await page.locator('#pz-show').click();
    await expect(page.locator('#pz-demo')).toBeVisible();
    await expect(page.locator('#pz-demo-step')).toHaveText('Solution: move 0 of 19');
    await expect(page.locator('#pz-show')).toBeDisabled();
    for (const id of ['pz-board', 'pz-prev', 'pz-play', 'pz-next', 'pz-demo-close']) await expectInView(page, page.locator(`#${id}`), id);
    await page.locator('#pz-next').click();
    await expect(page.locator('#pz-demo-step')).toHaveText('Solution: move 1 of 19');
    await page.locator('#pz-prev').click();
    await expect(page.locator('#pz-demo-step')).toHaveText('Solution: move 0 of 19');
    await page.locator('#pz-play').click();
    await expect(page.locator('#pz-play')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('#pz-demo-step')).toHaveText('Solution: move 19 of 19. The solution reaches the goal in 19 moves.', { timeout: 40_000 });
    await expect(page.locator('#pz-play')).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('#pz-next')).toBeDisabled();
    await settled(page);
    await page.screenshot({ path: shotPath('puzzles-solution-desktop.png') });
    // The panel says the attempt waits, not "Keep going" about a board showing the solution.
    await expect(page.locator('#pz-count')).toHaveText('Your attempt, kept for later. Moves: 0 · par 19');
    await expect(page.locator('#pz-result')).toHaveText('A solution is shown; your attempt waits where you left it.');
    await expect(page.locator('#pz-best')).toHaveText('Your best: not solved yet');
    await page.locator('#pz-prev').click();
    await expect(page.locator('#pz-demo-step')).toHaveText('Solution: move 18 of 19');
    await page.locator('#pz-demo-close').click();
    await expect(page.locator('#pz-demo')).toBeHidden();
    await expect(page.locator('#pz-count')).toHaveText('Moves: 0 · par 19');
    await expect(page.locator('#pz-board canvas')).toHaveAttribute('aria-label', startLabel);

    // Solved by clicking the shipped solution.
    for (const m of p.solution) await playMove(page, desc, m);
    await expect(page.locator('#pz-count')).toHaveText('Moves: 19 · par 19');
    await expect(page.locator('#pz-result')).toHaveText('Solved in 19 moves (par 19). You matched the par. A new best. A new figure for your gallery.');
    await expect(page.locator('#live')).toContainText('Solved in 19 moves (par 19).');
    await expect(page.locator('#pz-best')).toHaveText('Your best: 19 moves');
    await expect(page.locator('#pz-gallery .pz-figure')).toHaveCount(1);
    await expect(page.locator('#pz-gallery-count')).toHaveText('1 distinct figure found');
    await expect(page.locator('#pz-undo')).toBeEnabled();
    await settled(page);
    await page.screenshot({ path: shotPath('puzzles-solved-desktop.png') });

    // A reload shows the same attempt (the address holds its moves), solved, not kept
    // again; the best and the figure are kept.
    await page.reload();
    await page.waitForSelector('body[data-ready="1"]');
    await expect(page.locator('#pz-view')).toBeVisible();
    await expect(page.locator('#pz-count')).toHaveText('Moves: 19 · par 19');
    await expect(page.locator('#pz-result')).toHaveText('Solved in 19 moves (par 19). You matched the par.');
    await page.locator('#pz-all').click();
    await expect(page.locator('#pz-cards > li').first()).toContainText('Your best: 19 moves');
    await expect(page.locator('#pz-cards > li').first()).toContainText('Figures found: 1 (at least 22,565 exist)');
    await page.locator('#pz-open-solitaire').click();
    await expect(page.locator('#pz-best')).toHaveText('Your best: 19 moves');
    await expect(page.locator('#pz-gallery .pz-figure')).toHaveCount(1);
    const figure = await page.locator('#pz-gallery .pz-figure').getAttribute('aria-label');
    expect(figure).toMatch(/^Figure 1: /);
    // The same figure again is no new one.
    for (const m of p.solution) await playMove(page, desc, m);
    await expect(page.locator('#pz-result')).toHaveText('Solved in 19 moves (par 19). You matched the par.');
    await expect(page.locator('#pz-gallery .pz-figure')).toHaveCount(1);
    const stored = JSON.parse(await page.evaluate(() => localStorage.getItem('halma.puzzles')));
    expect(stored.v).toBe(1);
    expect(stored.puzzles.solitaire.best).toBe(19);
    expect(stored.puzzles.solitaire.figures).toHaveLength(1);

    // All puzzles, then the first screen.
    await page.locator('#pz-all').click();
    await expect(page.locator('#pz-list')).toBeVisible();
    await expect(page.locator('#pz-open-solitaire')).toBeFocused();
    await page.locator('#pz-home').click();
    await expect(page.locator('#home')).toBeVisible();
    await expect(page.locator('#puzzles')).toBeHidden();
    errs.check();
  });

  test('a crossing solved with the keyboard from the chooser; a corrupt store is kept', async ({ page }) => {
    test.setTimeout(120_000);
    const errs = watchErrors(page);
    const { p, desc } = await puzzle('halma-8x8-crossing');
    await open(page);
    // A stored value this page cannot read: reported, and never written over.
    await page.evaluate(() => localStorage.setItem('halma.puzzles', '{"v": 1, "puzzles": {"solitaire": {"best": "many"}}}'));
    await page.locator('#home-puzzle').click();
    await expect(page.locator('#pz-store')).toBeVisible();
    await expect(page.locator('#pz-store')).toContainText('could not be read (a bad entry for solitaire)');
    // The keyboard: the chooser's first puzzle has the focus; Tab to the 8×8 crossing.
    await expect(page.locator('#pz-open-solitaire')).toBeFocused();
    for (let i = 0; i < 7; i++) await page.keyboard.press('Tab');
    await expect(page.locator('#pz-open-halma-8x8-crossing')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#pz-name')).toHaveText('Crossing on 8×8');
    await expect(page.locator('#pz-board canvas')).toBeFocused();
    await expect(page.locator('#pz-gallery-box')).toBeHidden();
    for (const m of p.solution) await playMove(page, desc, m);
    await expect(page.locator('#pz-result')).toHaveText(`Solved in ${p.par} moves (par ${p.par}). You matched the par. The result could not be kept: a bad entry for solitaire.`);
    expect(await page.evaluate(() => localStorage.getItem('halma.puzzles'))).toBe('{"v": 1, "puzzles": {"solitaire": {"best": "many"}}}');
    // Undo after the goal: the goal is no longer reached.
    await page.locator('#pz-undo').click();
    await expect(page.locator('#pz-count')).toHaveText(`Moves: ${p.par - 1} · par ${p.par}`);
    await expect(page.locator('#pz-result')).toHaveText('Keep going: the goal is not reached yet.');
    errs.check();
  });

  test('the rules in Danish', async ({ page }) => {
    const errs = watchErrors(page);
    await openPuzzles(page);
    await page.locator('#set-lang').selectOption('da', { force: true });
    await expect(page.locator('#pz-h')).toHaveText('Opgaver');
    await expect(page.locator('#pz-open-solitaire')).toHaveText('Halma-kabale');
    await expect(page.locator('#pz-cards > li').first()).toContainText('symmetrisk om diagonalen a1–p16');
    await expect(page.locator('#pz-cards > li').first()).toContainText('Mindst 22.565 figurer løser den (vores løsers optælling; 4.519 når hvert træk straks følges af sit spejlbillede)');
    await page.locator('#pz-open-star-crossing').click();
    await expect(page.locator('#pz-count')).toHaveText('Træk: 0 · par 27');
    await expect(page.locator('#pz-rules')).toContainText('sidespids');
    errs.check();
  });
});

test('phone: the chooser and a puzzle view fit the screen', async ({ browser }) => {
  const ctx = await browser.newContext(PHONE);
  const page = await ctx.newPage();
  const errs = watchErrors(page);
  await openPuzzles(page);
  const noSideScroll = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await noSideScroll();
  for (const li of await page.locator('#pz-cards > li').all()) {
    const b = await li.boundingBox();
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(390);
  }
  await page.screenshot({ path: shotPath('puzzles-list-phone.png') });
  await page.locator('#pz-open-star-crossing').click();
  await expect(page.locator('#pz-view')).toBeVisible();
  await noSideScroll();
  // The board, the counter and the buttons are all on the screen, no scrolling needed.
  for (const id of ['pz-board', 'pz-count', 'pz-undo', 'pz-reset', 'pz-show']) await expectInView(page, page.locator(`#${id}`), id);
  await page.screenshot({ path: shotPath('puzzles-view-phone.png') });
  // A solution's controls come right under the board.
  await page.locator('#pz-show').click();
  for (const id of ['pz-board', 'pz-prev', 'pz-play', 'pz-next']) await expectInView(page, page.locator(`#${id}`), id);
  await page.locator('#pz-next').tap();
  await expect(page.locator('#pz-demo-step')).toHaveText('Solution: move 1 of 27');
  await page.screenshot({ path: shotPath('puzzles-solution-phone.png') });
  errs.check();
  await ctx.close();
});
