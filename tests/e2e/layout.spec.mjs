// The board, whose turn it is and the last moves in view together (issue 50, points 7 and
// 13), on the boxes a person sees: a phone upright (390×844) and sideways (844×390), a
// desktop (1366×768) with Analysis open, in a six-player game and on Halma 16×16 with its
// long move names. Looking back through the moves keeps the board where it is: the moves
// list scrolls inside its own box, never the page.
import { test, expect } from '@playwright/test';
import { open, watchErrors, engine, greedyMove, pageState, shotPath } from './helpers.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const SIDEWAYS = { viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1366, height: 768 } };

/** A game of `n` greedy plies, as its share link. */
async function gameLink(variant, n) {
  const { Game } = await engine();
  const g = new Game(variant);
  for (let i = 0; i < n; i++) {
    const m = greedyMove(g);
    if (!m) break;
    g.playMove(m.from, m.to);
  }
  const link = g.link();
  g.free();
  return link;
}

/** A box of the page, asserted to lie wholly in the viewport. */
async function inView(page, locator, what) {
  const vp = page.viewportSize();
  const box = await locator.boundingBox();
  expect(box, `${what} is laid out`).not.toBeNull();
  expect(box.x, `${what}: left`).toBeGreaterThanOrEqual(-0.5);
  expect(box.y, `${what}: top`).toBeGreaterThanOrEqual(-0.5);
  expect(box.x + box.width, `${what}: right`).toBeLessThanOrEqual(vp.width + 0.5);
  expect(box.y + box.height, `${what}: bottom`).toBeLessThanOrEqual(vp.height + 0.5);
  return box;
}

/** A move of the list, asserted to be seen: in the viewport and inside the list's own box. */
async function moveSeen(page, k, what) {
  const li = page.locator('#moves li').nth(k);
  const box = await inView(page, li, what);
  const list = await page.locator('#moves').evaluate((l) => {
    const r = l.getBoundingClientRect();
    return { top: r.top + l.clientTop, bottom: r.top + l.clientTop + l.clientHeight };
  });
  expect(box.y, `${what}: not scrolled out of the list at the top`).toBeGreaterThanOrEqual(list.top - 0.5);
  expect(box.y + box.height, `${what}: not scrolled out of the list at the bottom`).toBeLessThanOrEqual(list.bottom + 0.5);
}

/** No move of the list is cut: each item holds all of its text. */
async function noMoveCut(page) {
  const cut = await page.locator('#moves li').evaluateAll((lis) =>
    lis
      .filter((li) => {
        const r = li.getBoundingClientRect();
        return li.scrollWidth > li.clientWidth + 0.5 || [...li.children].some((c) => c.getBoundingClientRect().right > r.right + 0.5);
      })
      .map((li) => li.textContent),
  );
  expect(cut, 'moves cut short').toEqual([]);
}

const VIEWS = /** @type {const} */ ([
  ['phone', PHONE, 'star-2', 20, false],
  ['phone sideways', SIDEWAYS, 'star-2', 20, false],
  ['desktop with Analysis', DESKTOP, 'star-2', 20, true],
  ['desktop, six players', DESKTOP, 'star-6', 36, false],
  ['desktop, Halma 16×16', DESKTOP, 'halma', 30, false],
]);

for (const [name, opts, variant, plies, analysis] of VIEWS) {
  test(`${name}: the board, whose turn it is and the last moves in view together`, async ({ browser }) => {
    const ctx = await browser.newContext(opts);
    const page = await ctx.newPage();
    const errs = watchErrors(page);
    await open(page, `#${await gameLink(variant, plies)}`);
    await expect.poll(async () => (await pageState(page)).plies).toBe(plies);
    if (analysis) {
      await page.locator('#btn-analysis').click();
      await expect(page.locator('#analysis')).toBeVisible();
      await expect(page.locator('#an-line li').first()).toBeVisible({ timeout: 20_000 });
    }
    const vp = page.viewportSize();
    const board = await inView(page, page.locator('#board'), 'the board');
    await inView(page, page.locator('#status'), 'whose turn it is');
    await moveSeen(page, plies - 1, 'the last move');
    await moveSeen(page, plies - 2, 'the move before it');
    await noMoveCut(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(vp.width);
    // The board as large as the screen allows: the width upright, nearly the height sideways.
    if (name === 'phone') expect(board.width).toBeGreaterThanOrEqual(380);
    if (name === 'phone sideways') expect(board.height).toBeGreaterThanOrEqual(vp.height - 12);
    if (opts === DESKTOP) expect(board.height).toBeGreaterThanOrEqual(600);
    await page.screenshot({ path: shotPath(`layout-${name.replace(/[^a-z0-9]+/gi, '-')}.png`) });
    errs.check();
    await ctx.close();
  });
}

for (const [name, opts, variant, plies, analysis] of [VIEWS[0], VIEWS[1], VIEWS[2]]) {
  test(`${name}: looking back through the moves keeps the board in view`, async ({ browser }) => {
    const ctx = await browser.newContext(opts);
    const page = await ctx.newPage();
    const errs = watchErrors(page);
    const touch = !!opts.hasTouch;
    await open(page, `#${await gameLink(variant, plies)}`);
    await expect.poll(async () => (await pageState(page)).plies).toBe(plies);
    if (analysis) {
      await page.locator('#btn-analysis').click();
      await expect(page.locator('#an-line li').first()).toBeVisible({ timeout: 20_000 });
    }
    const board0 = await inView(page, page.locator('#board'), 'the board');
    const scroll0 = await page.evaluate(() => window.scrollY);
    const still = async (what) => {
      expect(await page.evaluate(() => window.scrollY), `${what}: the page did not scroll`).toBe(scroll0);
      const b = await inView(page, page.locator('#board'), `${what}: the board`);
      expect(b.y, `${what}: the board where it was`).toBeCloseTo(board0.y, 0);
    };
    // The list scrolled back to its start, as a finger or wheel does inside it.
    await page.locator('#moves').evaluate((l) => l.scrollTo(0, 0));
    await moveSeen(page, 1, 'move 2');
    const tapMove = async (k) => {
      const li = page.locator('#moves li').nth(k);
      if (touch) await li.tap();
      else await li.click();
      await expect(li).toHaveClass(/viewing/);
    };
    await tapMove(1);
    await expect(page.locator('#browse-line')).toBeVisible();
    await still('a move clicked');
    await moveSeen(page, 1, 'the move shown');
    await page.screenshot({ path: shotPath(`layout-browse-${name.replace(/[^a-z0-9]+/gi, '-')}.png`) });
    // Forward through the game: the list follows the move shown inside its own box.
    for (let k = 3; k <= plies - 1; k++) {
      if (touch) await page.locator('#br-next').tap();
      else await page.keyboard.press('ArrowRight');
      await expect(page.locator('#moves li').nth(k - 1)).toHaveClass(/viewing/);
    }
    await moveSeen(page, plies - 2, 'the move shown, near the end');
    await still('after stepping forward');
    // The last move, then back to the game.
    await tapMove(plies - 2);
    await still('the move before the last clicked');
    // ▶| at the top of the panel (Back to the game under the list says the same).
    if (touch) await page.locator('#br-last').tap();
    else await page.locator('#br-last').click();
    await expect(page.locator('#browse-line')).toBeHidden();
    await still('back to the game');
    errs.check();
    await ctx.close();
  });
}
