// The tutorial as a new player meets it, on a phone (390×844, touch) and a desktop: opened
// from the first screen (and the menu), clicked through to the end by moving pieces on its
// own board — a step, a hop (after a wrong try, which it explains and puts back), a chain
// of hops, into the target camp, and the winning move — then Play the computer; Back and
// Skip; remembered as done; in Danish too.
import { test, expect } from '@playwright/test';
import { open, watchErrors, engine, shotPath } from './helpers.mjs';
import { makeLayout, cellCenter, boardMargin } from '../../www/board/geometry.js';
import { LESSONS } from '../../www/tutorial.js';

const DESKTOP = { viewport: { width: 1366, height: 768 } };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** Where the tutorial's board draws a cell of lesson `step` (by name), in client pixels. */
async function cellPoint(page, step, name) {
  const { Game } = await engine();
  const g = Game.fromPosition(LESSONS[step].position);
  const desc = g.board();
  const id = g.cellByName(name);
  g.free();
  const box = await page.locator('#tu-board canvas').boundingBox();
  const coords = await page.evaluate(() => document.getElementById('set-coords').checked);
  const l = makeLayout(desc, { width: box.width, height: box.height, rotation: 0, margin: boardMargin(desc.shape, coords) });
  const [x, y] = cellCenter(l, desc.cells, id);
  return { x: box.x + x, y: box.y + y };
}

/** Moves a piece on the tutorial's board with two taps (touch) or two clicks. */
async function move(page, step, from, to, touch) {
  for (const name of [from, to]) {
    const p = await cellPoint(page, step, name);
    if (touch) await page.touchscreen.tap(p.x, p.y);
    else await page.mouse.click(p.x, p.y);
  }
}

async function expectStep(page, n, title) {
  await expect(page.locator('#tu-step')).toHaveText(`Step ${n} of 5: ${title}`);
}

for (const [screen, opts] of /** @type {const} */ ([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])) {
  test(`${screen}: the tutorial from the first screen, moved through to the end`, async ({ browser }) => {
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

    // 1. A step.
    await expectStep(page, 1, 'Step');
    await expect(page.locator('#tu-text')).toContainText('one hole in any direction');
    await expect(next).toHaveText('Skip');
    await expect(page.locator('#tu-back')).toBeDisabled();
    // The whole dialog, the board in it, fits the screen.
    const box = await dialog.boundingBox();
    const vp = page.viewportSize();
    expect(box.y + box.height).toBeLessThanOrEqual(vp.height + 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(vp.width + 0.5);
    await page.screenshot({ path: shotPath(`tutorial-${screen}-1.png`) });
    await move(page, 0, 'c3', 'd4', touch);
    await expect(feedback).toContainText('that was a step');
    await expect(next).toHaveText('Next');
    await next.click();

    // 2. A hop, after a wrong try: a step is explained and put back.
    await expectStep(page, 2, 'Hop');
    await move(page, 1, 'c3', 'c4', touch);
    await expect(feedback).toContainText('That was a step');
    await expect(next).toHaveText('Skip');
    await page.screenshot({ path: shotPath(`tutorial-${screen}-2-again.png`) });
    // The piece is back on c3 after a moment, and the board takes moves again.
    await page.waitForTimeout(1400);
    await move(page, 1, 'c3', 'e5', touch);
    await expect(feedback).toContainText('Well hopped');
    // Back to the step and forward again.
    await page.locator('#tu-back').click();
    await expectStep(page, 1, 'Step');
    await next.click();
    await expectStep(page, 2, 'Hop');
    await next.click();

    // 3. A chain of hops: c3 over d4 to e5, over f6 to g7, in one move.
    await expectStep(page, 3, 'Chain of hops');
    await page.screenshot({ path: shotPath(`tutorial-${screen}-3.png`) });
    await move(page, 2, 'c3', 'g7', touch);
    await expect(feedback).toContainText('A chain of hops');
    await next.click();

    // 4. Into the target camp.
    await expectStep(page, 4, 'Target camp');
    await page.screenshot({ path: shotPath(`tutorial-${screen}-4.png`) });
    await move(page, 3, 'f5', 'f4', touch);
    await expect(feedback).toContainText('outside the ringed camp');
    await page.waitForTimeout(1400);
    await move(page, 3, 'f5', 'g6', touch);
    await expect(feedback).toContainText('You are in your camp');
    await next.click();

    // 5. The winning move.
    await expectStep(page, 5, 'Winning');
    await move(page, 4, 'g5', 'h5', touch);
    await expect(feedback).toContainText('You won!');
    await page.waitForTimeout(700); // the move's animation
    await page.screenshot({ path: shotPath(`tutorial-${screen}-5.png`) });
    await next.click();

    // The end: remembered, and one tap to a game.
    await expect(page.locator('#tu-step')).toHaveText('Well done!');
    await expect(page.locator('#tu-board')).toBeHidden();
    const prefs = await page.evaluate(() => JSON.parse(localStorage.getItem('halma.prefs') ?? '{}'));
    expect(prefs.tutorialDone).toBe(true);
    await page.screenshot({ path: shotPath(`tutorial-${screen}-end.png`) });
    await page.locator('#tu-play').click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('#home')).toBeHidden();
    await expect(page.locator('#status')).toContainText(/to move/);
    // The first screen says it was done.
    await page.locator('#btn-new').click();
    await expect(page.locator('#home-tutorial-done')).toBeVisible();
    errs.check();
    await ctx.close();
  });
}

test('from the menu: Skip to the end, Close; in Danish', async ({ browser }) => {
  const ctx = await browser.newContext(PHONE);
  const page = await ctx.newPage();
  const errs = watchErrors(page);
  await open(page, '?variant=star-2');
  await page.locator('#btn-more').tap();
  await page.locator('#btn-tutorial').tap();
  const dialog = page.locator('#tutorial');
  await expect(dialog).toBeVisible();
  for (let n = 1; n <= 5; n++) {
    await expect(page.locator('#tu-step')).toContainText(`Step ${n} of 5`);
    await page.locator('#tu-next').tap();
  }
  await expect(page.locator('#tu-step')).toHaveText('Well done!');
  await page.locator('#tu-close').tap();
  await expect(dialog).toBeHidden();
  // Danish: the same lesson in the other language.
  await page.evaluate(() => localStorage.setItem('halma.prefs', JSON.stringify({ lang: 'da' })));
  await open(page, '?variant=star-2');
  await page.locator('#btn-more').tap();
  await page.locator('#btn-tutorial').tap();
  await expect(page.locator('#tu-step')).toHaveText('Trin 1 af 5: Ryk');
  await expect(page.locator('#tu-text')).toContainText('ét hul i en vilkårlig retning');
  await expect(page.locator('#tu-next')).toHaveText('Spring over');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  errs.check();
  await ctx.close();
});
