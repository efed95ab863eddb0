// The tutorial as a new player meets it, on a phone (390×844, touch) and a desktop: opened
// from the first screen, on the star (the board of the game the first screen starts), and
// moved through to the end by moving pieces on its own board — a step in six directions, a
// hop (after a wrong try, which it explains and puts back), a chain of hops, through a side
// point (where a move may not stop), into the target point, the winning move — then Play the
// computer: Chinese checkers. The Halma lesson on the square board, by the switch and by
// default from a game of Halma, then Halma against the computer. Back and Skip; remembered as
// done; in Danish too.
import { test, expect } from '@playwright/test';
import { open, watchErrors, engine, shotPath, pageState } from './helpers.mjs';
import { makeLayout, cellCenter, boardMargin } from '../../www/board/geometry.js';
import { LESSONS } from '../../www/tutorial.js';

const DESKTOP = { viewport: { width: 1366, height: 768 } };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** Where the tutorial's board draws a cell of lesson `board`'s step `step` (by name). */
async function cellPoint(page, board, step, name) {
  const { Game } = await engine();
  const g = Game.fromPosition(LESSONS[board][step].position);
  const desc = g.board();
  const id = g.cellByName(name);
  g.free();
  const box = await page.locator('#tu-board canvas').boundingBox();
  // The lesson's board draws no coordinates.
  const l = makeLayout(desc, { width: box.width, height: box.height, rotation: 0, margin: boardMargin(desc.shape, false) });
  const [x, y] = cellCenter(l, desc.cells, id);
  return { x: box.x + x, y: box.y + y, unit: l.scale };
}

/** Taps (touch) or clicks a cell of the lesson's board. */
async function press(page, board, step, name, touch) {
  const p = await cellPoint(page, board, step, name);
  if (touch) await page.touchscreen.tap(p.x, p.y);
  else await page.mouse.click(p.x, p.y);
}

/** Moves a piece on the tutorial's board with two taps (touch) or two clicks. */
async function move(page, board, step, from, to, touch) {
  await press(page, board, step, from, touch);
  await press(page, board, step, to, touch);
}

async function expectStep(page, n, total, title) {
  await expect(page.locator('#tu-step')).toHaveText(`Step ${n} of ${total}: ${title}`);
}

/** The dialog lies inside the screen. */
async function expectInView(page) {
  const box = await page.locator('#tutorial').boundingBox();
  const vp = page.viewportSize();
  expect(box.y + box.height).toBeLessThanOrEqual(vp.height + 0.5);
  expect(box.x + box.width).toBeLessThanOrEqual(vp.width + 0.5);
  expect(box.x).toBeGreaterThanOrEqual(0);
}

for (const [screen, opts] of /** @type {const} */ ([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])) {
  test(`${screen}: the lesson on the star from the first screen, moved through to the end`, async ({ browser }) => {
    const touch = screen === 'phone';
    const ctx = await browser.newContext(opts);
    const page = await ctx.newPage();
    const errs = watchErrors(page);
    await open(page);
    await expect(page.locator('#home')).toBeVisible();
    await expect(page.locator('#home-tutorial-done')).toBeHidden();
    await page.locator('#home-tutorial').click();
    const dialog = page.locator('#tutorial');
    await expect(dialog).toBeVisible();
    const next = page.locator('#tu-next');
    const feedback = page.locator('#tu-feedback');
    // The star is the lesson: Chinese checkers, the game Play the computer starts.
    await expect(page.locator('#tu-star')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('#tu-square')).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('#tu-dots li')).toHaveText(['Step', 'Hop', 'Chain of hops', 'Side points', 'Target camp', 'Winning']);

    // 1. A step, in any of the six directions (the six neighbours are ringed).
    await expectStep(page, 1, 6, 'Step');
    await expect(page.locator('#tu-text')).toContainText('one hole in any of the six directions');
    await expect(next).toHaveText('Skip');
    await expect(page.locator('#tu-back')).toBeDisabled();
    await expectInView(page);
    // On a phone the star is as wide as the screen allows: its holes a finger apart.
    const hole = await cellPoint(page, 'star', 0, 'e9');
    if (touch) expect(hole.unit).toBeGreaterThanOrEqual(24);
    await page.screenshot({ path: shotPath(`tutorial-${screen}-1.png`) });
    await move(page, 'star', 0, 'e9', 'f10', touch);
    await expect(feedback).toContainText('that was a step');
    await expect(feedback).toContainText('six neighbours');
    await expect(next).toHaveText('Next');
    await next.click();

    // 2. A hop, after a wrong try: a step is explained and put back.
    await expectStep(page, 2, 6, 'Hop');
    await move(page, 'star', 1, 'e7', 'e6', touch);
    await expect(feedback).toContainText('That was a step');
    await expect(next).toHaveText('Skip');
    await page.screenshot({ path: shotPath(`tutorial-${screen}-2-again.png`) });
    // The piece is back on e7 after a moment, and the board takes moves again.
    await page.waitForTimeout(1400);
    await move(page, 'star', 1, 'e7', 'e9', touch);
    await expect(feedback).toContainText('Well hopped');
    // Back to the step and forward again.
    await page.locator('#tu-back').click();
    await expectStep(page, 1, 6, 'Step');
    await next.click();
    await expectStep(page, 2, 6, 'Hop');
    await next.click();

    // 3. A chain of hops: e7 over e8 to e9, over e10 to e11, in one move.
    await expectStep(page, 3, 6, 'Chain of hops');
    await page.screenshot({ path: shotPath(`tutorial-${screen}-3.png`) });
    await move(page, 'star', 2, 'e7', 'e11', touch);
    await expect(feedback).toContainText('A chain of hops');
    await next.click();

    // 4. The side points: a hop may pass through one, never stop there.
    await expectStep(page, 4, 6, 'Side points');
    await expect(page.locator('#tu-text')).toContainText('not stop in one');
    await page.screenshot({ path: shotPath(`tutorial-${screen}-4.png`) });
    // The hole in the side point is no destination: the engine does not offer it.
    await move(page, 'star', 3, 'd7', 'd5', touch);
    await page.waitForTimeout(300);
    await expect(feedback).toHaveText('');
    await expect(next).toHaveText('Skip');
    // A step elsewhere is explained and put back.
    await move(page, 'star', 3, 'd7', 'c8', touch);
    await expect(feedback).toContainText('did not pass through the side point');
    await page.waitForTimeout(1400);
    await move(page, 'star', 3, 'd7', 'f5', touch);
    await expect(feedback).toContainText('into the side point and out again');
    await next.click();

    // 5. Into the target point.
    await expectStep(page, 5, 6, 'Target camp');
    await expect(page.locator('#tu-text')).toContainText('the point across the board');
    await move(page, 'star', 4, 'f13', 'e13', touch);
    await expect(feedback).toContainText('outside the ringed camp');
    await page.waitForTimeout(1400);
    await move(page, 'star', 4, 'f13', 'b14', touch);
    await expect(feedback).toContainText('You are in your camp');
    await next.click();

    // 6. The winning move.
    await expectStep(page, 6, 6, 'Winning');
    await page.screenshot({ path: shotPath(`tutorial-${screen}-6.png`) });
    await move(page, 'star', 5, 'h13', 'c14', touch);
    await expect(feedback).toContainText('You won!');
    await page.waitForTimeout(700); // the move's animation
    await page.screenshot({ path: shotPath(`tutorial-${screen}-6-won.png`) });
    await next.click();

    // The end: remembered, and one tap to a game of Chinese checkers.
    await expect(page.locator('#tu-step')).toHaveText('Well done!');
    await expect(page.locator('#tu-text')).toContainText('Chinese checkers');
    await expect(page.locator('#tu-board')).toBeHidden();
    const prefs = await page.evaluate(() => JSON.parse(localStorage.getItem('halma.prefs') ?? '{}'));
    expect(prefs.tutorialDone).toBe(true);
    await page.screenshot({ path: shotPath(`tutorial-${screen}-end.png`) });
    await expect(page.locator('#tu-play')).toHaveText('Play the computer');
    await page.locator('#tu-play').click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('#home')).toBeHidden();
    await expect(page.locator('#status')).toContainText(/Your move \(red\)|to move/);
    await expect.poll(async () => (await pageState(page)).variant).toBe('star-2');
    await expect(page.locator('#standings li').nth(1)).toContainText('Computer 2');
    // The first screen says it was done.
    await page.locator('#btn-new').click();
    await expect(page.locator('#home-tutorial-done')).toBeVisible();
    errs.check();
    await ctx.close();
  });
}

test('the Halma lesson on the square board: by the switch, and by default in a game of Halma', async ({ browser }) => {
  const ctx = await browser.newContext(DESKTOP);
  const page = await ctx.newPage();
  const errs = watchErrors(page);
  await open(page);
  await page.locator('#home-tutorial').click();
  await expectStep(page, 1, 6, 'Step');
  await page.locator('#tu-square').click();
  await expect(page.locator('#tu-square')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#tu-dots li')).toHaveText(['Step', 'Hop', 'Chain of hops', 'Target camp', 'Winning']);
  await expectStep(page, 1, 5, 'Step');
  // Squares, not holes; eight directions, the diagonals too.
  await expect(page.locator('#tu-text')).toHaveText(
    'Move your piece (ringed) one square in any of the eight directions, diagonals too: tap or click it, then one of the ringed squares next to it.',
  );
  await expectInView(page);
  await page.screenshot({ path: shotPath('tutorial-square-desktop-1.png') });
  const feedback = page.locator('#tu-feedback');
  const next = page.locator('#tu-next');
  await move(page, 'square', 0, 'c3', 'd4', false);
  await expect(feedback).toContainText('a neighbouring square');
  await next.click();
  await move(page, 'square', 1, 'c3', 'c4', false);
  await expect(feedback).toContainText('onto the empty square behind it');
  await page.waitForTimeout(1400);
  await move(page, 'square', 1, 'c3', 'e5', false);
  await expect(feedback).toContainText('Well hopped');
  await next.click();
  await move(page, 'square', 2, 'c3', 'g7', false);
  await expect(feedback).toContainText('A chain of hops');
  await next.click();
  await expectStep(page, 4, 5, 'Target camp');
  await expect(page.locator('#tu-text')).toContainText('the corner across the board');
  await move(page, 'square', 3, 'f5', 'g6', false);
  await expect(feedback).toContainText('You are in your camp');
  await next.click();
  await move(page, 'square', 4, 'g5', 'h5', false);
  await expect(feedback).toContainText('You won!');
  await next.click();
  await expect(page.locator('#tu-text')).toContainText('Halma');
  await expect(page.locator('#tu-play')).toHaveText('Play Halma against the computer');
  await page.locator('#tu-play').click();
  await expect(page.locator('#tutorial')).toBeHidden();
  // Halma against the computer, on the board just learnt.
  await expect.poll(async () => (await pageState(page)).variant).toBe('halma-8x8');
  await expect(page.locator('#standings li').nth(1)).toContainText('Computer 2');
  // The Tutorial of the menu in a game of Halma: the Halma lesson.
  await page.locator('#btn-tutorial').click();
  await expect(page.locator('#tu-square')).toHaveAttribute('aria-pressed', 'true');
  await expectStep(page, 1, 5, 'Step');
  await page.keyboard.press('Escape');
  await expect(page.locator('#tutorial')).toBeHidden();
  errs.check();
  await ctx.close();
});

test('from the menu: Skip to the end, Close; in Danish', async ({ browser }) => {
  const ctx = await browser.newContext(PHONE);
  const page = await ctx.newPage();
  const errs = watchErrors(page);
  await open(page, '?variant=star-2');
  await page.locator('#btn-more').tap();
  await page.locator('#btn-tutorial').tap();
  const dialog = page.locator('#tutorial');
  await expect(dialog).toBeVisible();
  for (let n = 1; n <= 6; n++) {
    await expect(page.locator('#tu-step')).toContainText(`Step ${n} of 6`);
    await page.locator('#tu-next').tap();
  }
  await expect(page.locator('#tu-step')).toHaveText('Well done!');
  await page.locator('#tu-close').tap();
  await expect(dialog).toBeHidden();
  // Close goes back to the game's history entry (a history.back() of the page's): let it
  // arrive before the next navigation, or the two race.
  await expect(page).not.toHaveURL(/#tutorial/);
  // Danish: the same lesson in the other language.
  await page.evaluate(() => localStorage.setItem('halma.prefs', JSON.stringify({ lang: 'da' })));
  await open(page, '?variant=star-2');
  await page.locator('#btn-more').tap();
  await page.locator('#btn-tutorial').tap();
  await expect(page.locator('#tu-step')).toHaveText('Trin 1 af 6: Ryk');
  await expect(page.locator('#tu-text')).toContainText('ét hul i en af de seks retninger');
  await expect(page.locator('#tu-next')).toHaveText('Spring over');
  await expect(page.locator('#tu-square')).toHaveText('Halma');
  await page.locator('#tu-square').tap();
  await expect(page.locator('#tu-text')).toContainText('ét felt i en af de otte retninger');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  errs.check();
  await ctx.close();
});
