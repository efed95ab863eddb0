// Seeing where a piece may go (issue 50, points 1 and 2), judged on screenshots as a person
// sees them: the picked piece's destinations are lit holes that differ clearly from empty
// ones on every board, in both themes and under emulated colour-vision deficiencies; the way
// to a destination shows when it is pointed at; on the star the coordinates are the row
// numbers at both ends of each row, no longer a letter in every hole, and a hole's name
// shows on demand (under the mouse, on the destinations).
import { test, expect } from '@playwright/test';
import { open, watchErrors, engine, cellPoint, settle, screenDisc, shotPath } from './helpers.mjs';
import { makeLayout, toScreen, boardMargin, splitName } from '../../www/board/geometry.js';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1366, height: 768 } };

/** The looks every destination must stand out in: theme and emulated vision. */
const LOOKS = /** @type {const} */ ([
  ['light', 'none'],
  ['dark', 'none'],
  ['light', 'deuteranopia'],
  ['dark', 'protanopia'],
  ['light', 'achromatopsia'],
]);

/** Sets the theme as a person does (on the phone, Settings is behind More). */
async function setTheme(page, theme, phone) {
  if (phone) await page.locator('#btn-more').click();
  await page.locator('.settings summary').click();
  await page.locator('#set-theme').selectOption(theme);
  await page.locator('.settings summary').click();
  if (phone) await page.locator('#btn-more').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** Picks up the piece on `cell` by a tap (phone) or a click, and waits for the page to say so. */
async function pick(page, g, cell, phone) {
  const p = await cellPoint(page, cell);
  if (phone) await page.touchscreen.tap(p.x, p.y);
  else await page.mouse.click(p.x, p.y);
  await expect(page.locator('#live-cursor')).toHaveText(new RegExp(`^${g.cellName(cell)} picked up`));
}

/**
 * How much a disc of radius `r` (in cells) round cell `a` looks unlike the same disc round
 * cell `b`: their pixels' luminances in order, lightest first, compared rank for rank (so a
 * pixel's shift between two holes does not count); the share that differ by 0.15 or more.
 */
async function unlike(page, a, b, r) {
  const pa = await cellPoint(page, a);
  const pb = await cellPoint(page, b);
  const la = (await screenDisc(page, pa, pa.unit * r)).lum.sort((x, y) => y - x);
  const lb = (await screenDisc(page, pb, pb.unit * r)).lum.sort((x, y) => y - x);
  const n = Math.min(la.length, lb.length);
  let differ = 0;
  for (let i = 0; i < n; i++) if (Math.abs(la[Math.floor((i * la.length) / n)] - lb[Math.floor((i * lb.length) / n)]) >= 0.15) differ++;
  return differ / n;
}

/**
 * An empty cell that is no destination, for comparison with destination `d`: outside every
 * camp (their tint changes the ground), on a square board of the same colour, nearest `d`.
 */
function plainCell(g, d, dests) {
  const b = g.board();
  const cells = g.cells();
  const inCamp = new Set(b.camps.flatMap((c) => c.cells));
  const dc = b.cells[d];
  const parity = (c) => (Math.round(c.x) + Math.round(c.y)) % 2;
  let best = -1;
  let bestD = Infinity;
  for (const c of b.cells) {
    if (cells[c.id] || dests.includes(c.id) || inCamp.has(c.id)) continue;
    if (b.shape === 'square' && parity(c) !== parity(dc)) continue;
    const dd = (c.x - dc.x) ** 2 + (c.y - dc.y) ** 2;
    if (dd < bestD) {
      bestD = dd;
      best = c.id;
    }
  }
  return best;
}

for (const [variant, screen] of /** @type {const} */ ([
  ['star-2', 'phone'],
  ['halma', 'phone'],
  ['star-6', 'desktop'],
  ['halma-8x8', 'desktop'],
])) {
  test(`${variant} on the ${screen}: every destination stands out from an empty hole, in every look`, async ({ browser }) => {
    const phone = screen === 'phone';
    const ctx = await browser.newContext(phone ? PHONE : DESKTOP);
    const page = await ctx.newPage();
    const errs = watchErrors(page);
    await open(page, `?variant=${variant}`);
    const { Game } = await engine();
    const g = new Game(variant);
    // The piece with the most destinations at the start.
    const from = g.movable().reduce((a, c) => (g.destinations(c).length > g.destinations(a).length ? c : a));
    const dests = Array.from(g.destinations(from));
    await pick(page, g, from, phone);
    const cdp = await ctx.newCDPSession(page);
    for (const [theme, vision] of LOOKS) {
      if ((await page.locator('html').getAttribute('data-theme')) !== theme) {
        await setTheme(page, theme, phone);
        // Opening the menu put the piece down on the phone? Then pick it up again.
        if (!(await page.locator('#live-cursor').textContent())?.startsWith(g.cellName(from))) await pick(page, g, from, phone);
      }
      await cdp.send('Emulation.setEmulatedVisionDeficiency', { type: vision });
      await page.waitForTimeout(50);
      for (const d of dests) {
        const ref = plainCell(g, d, dests);
        const share = await unlike(page, d, ref, 0.3);
        expect(share, `${variant} ${theme} ${vision}: ${g.cellName(d)} against the empty ${g.cellName(ref)}`).toBeGreaterThanOrEqual(0.6);
      }
      // On the star the mark is the hole grown and lit: most of a disc of 0.3 cells, more
      // than the hole (0.2), is light.
      if (g.board().shape === 'star') {
        const p = await cellPoint(page, dests[0]);
        const { lum } = await screenDisc(page, p, p.unit * 0.3);
        const light = lum.filter((v) => v > 0.6).length / lum.length;
        expect(light, `${theme} ${vision}: the lit hole`).toBeGreaterThanOrEqual(0.5);
      }
      if (vision === 'none') await page.screenshot({ path: shotPath(`dests-${variant}-${theme}-${screen}.png`) });
    }
    await cdp.send('Emulation.setEmulatedVisionDeficiency', { type: 'none' });
    // Put down, the marks are gone: the hole looks like any other again.
    const p = await cellPoint(page, from);
    if (phone) await page.touchscreen.tap(p.x, p.y);
    else {
      await page.mouse.click(p.x, p.y);
      await page.mouse.move(1, 1);
    }
    await expect.poll(() => unlike(page, dests[0], plainCell(g, dests[0], dests), 0.3)).toBeLessThan(0.1);
    g.free();
    errs.check();
    await ctx.close();
  });
}

test('desktop: pointing at a destination shows the way there, hop by hop', async ({ browser }) => {
  const ctx = await browser.newContext(DESKTOP);
  const page = await ctx.newPage();
  const errs = watchErrors(page);
  await open(page, '?variant=star-2');
  const { Game } = await engine();
  const g = new Game('star-2');
  const b = g.board();
  // A hop at the start: from a piece over a neighbour to the hole beyond.
  const m = g.legalMoves().find((mv) => mv.path.length === 2 && Math.hypot(b.cells[mv.from].x - b.cells[mv.to].x, b.cells[mv.from].y - b.cells[mv.to].y) > 1.5);
  expect(m, 'a hop at the start').toBeTruthy();
  await pick(page, g, m.from, false);
  // The middle of the jump: the piece jumped over (dark ink of its symbol, no white).
  const a = await cellPoint(page, m.from);
  const c = await cellPoint(page, m.to);
  const mid = { x: (a.x + c.x) / 2, y: (a.y + c.y) / 2 };
  const lightAt = async () => (await screenDisc(page, mid, a.unit * 0.08)).lum.filter((v) => v > 0.8).length;
  expect(await lightAt(), 'no way drawn before pointing').toBe(0);
  // The mouse on the destination: a light line runs from the piece toward it.
  await page.mouse.move(c.x + 3, c.y);
  await page.mouse.move(c.x, c.y);
  await expect.poll(lightAt).toBeGreaterThan(3);
  await page.screenshot({ path: shotPath('dests-way-desktop.png') });
  // Away from it, the way goes.
  const far = await cellPoint(page, b.cells.findIndex((x) => x.name === 'a13'));
  await page.mouse.move(far.x, far.y);
  await expect.poll(lightAt).toBe(0);
  g.free();
  errs.check();
  await ctx.close();
});

/** The board's layout as the widget fits it (no turn: these tests keep seat 1 at the bottom). */
async function starLayout(page, desc) {
  const box = await page.evaluate(() => {
    const r = /** @type {HTMLElement} */ (document.querySelector('#board canvas')).getBoundingClientRect();
    return { left: r.left, top: r.top, width: r.width, height: r.height, coords: /** @type {HTMLInputElement} */ (document.getElementById('set-coords')).checked };
  });
  const l = makeLayout(desc, { width: box.width, height: box.height, margin: boardMargin(desc.shape, box.coords) });
  return { l, at: (/** @type {number} */ x, /** @type {number} */ y) => {
    const [sx, sy] = toScreen(l, x, y);
    return { x: box.left + sx, y: box.top + sy };
  } };
}

for (const [screen, opts] of /** @type {const} */ ([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])) {
  test(`${screen}: star coordinates at the rows' ends, a hole's name on demand`, async ({ browser }) => {
    const phone = screen === 'phone';
    const ctx = await browser.newContext(opts);
    const page = await ctx.newPage();
    const errs = watchErrors(page);
    await open(page, '?variant=star-2');
    await expect(page.locator('#set-coords')).toBeChecked();
    const { Game } = await engine();
    const g = new Game('star-2');
    const desc = g.board();
    const cells = g.cells();
    const { l, at } = await starLayout(page, desc);
    const unit = l.scale;
    // No letter in any empty hole: its middle stays dark (the letters were light).
    let lettered = 0;
    for (const c of desc.cells) {
      if (cells[c.id]) continue;
      const { lum } = await screenDisc(page, at(c.x, c.y), unit * 0.1);
      if (lum.filter((v) => v > 0.35).length > 1) lettered++;
    }
    expect(lettered, 'holes with a letter in them').toBe(0);
    // Each row's number at both of its ends, in the plate's ink.
    /** @type {Map<string, {x: number, y: number}[]>} */
    const rows = new Map();
    for (const c of desc.cells) {
      const num = splitName(c.name)[1];
      rows.set(num, [...(rows.get(num) ?? []), c]);
    }
    expect(rows.size).toBe(17);
    const ink = async (x, y) => (await screenDisc(page, at(x, y), unit * 0.28)).lum.filter((v) => v < 0.12).length;
    for (const [num, row] of rows) {
      const xs = row.map((c) => c.x);
      const y = row[0].y;
      expect(await ink(Math.min(...xs) - 0.75, y), `row ${num}, left end`).toBeGreaterThan(3);
      expect(await ink(Math.max(...xs) + 0.75, y), `row ${num}, right end`).toBeGreaterThan(3);
    }
    await page.screenshot({ path: shotPath(`coords-star-${screen}.png`) });
    // The destinations carry their letters: dark ink in the middle of the lit hole.
    const from = g.movable().find((c) => g.destinations(c).length > 0);
    await pick(page, g, from, phone);
    for (const d of g.destinations(from)) {
      const { lum } = await screenDisc(page, await cellPoint(page, d), unit * 0.15);
      expect(lum.filter((v) => v < 0.1).length, `the letter of ${g.cellName(d)}`).toBeGreaterThan(2);
    }
    if (!phone) {
      // The mouse over a hole: its name in a label above it (dark ink where the plate was).
      const e5 = desc.cells.find((c) => c.name === 'e9');
      const above = at(e5.x, e5.y - 0.8);
      const dark = async () => (await screenDisc(page, above, unit * 0.2)).lum.filter((v) => v < 0.05).length;
      const before = await dark();
      const p = at(e5.x, e5.y);
      await page.mouse.move(p.x + 2, p.y);
      await page.mouse.move(p.x, p.y);
      await expect.poll(dark).toBeGreaterThan(before + 20);
      await page.screenshot({ path: shotPath('coords-star-hover.png') });
      await page.mouse.move(5, 5);
      await expect.poll(dark).toBeLessThanOrEqual(before + 2);
    }
    // Coordinates off: no row numbers either.
    if (phone) await page.locator('#btn-more').click();
    await page.locator('.settings summary').click();
    await page.locator('#set-coords').uncheck();
    await page.locator('.settings summary').click();
    if (phone) await page.locator('#btn-more').click();
    await settle(page);
    const off = await starLayout(page, desc);
    const row5 = rows.get('5');
    const p5 = off.at(Math.min(...row5.map((c) => c.x)) - 0.75, row5[0].y);
    expect((await screenDisc(page, p5, off.l.scale * 0.28)).lum.filter((v) => v < 0.12).length, 'no row number').toBeLessThanOrEqual(1);
    g.free();
    errs.check();
    await ctx.close();
  });
}
