// Touch on a phone (issue 50, point 3), by real taps and touch drags in Chromium's phone
// emulation (390×844): a tap anywhere near a hole takes it (the tolerance round a piece is
// measured in twelve directions and must reach half the spacing in every one); a dragged
// piece rides above the finger with the hole it would land in ringed under it; every touch
// target is at least 44×44 CSS px and has an accessible name.
import { test, expect } from '@playwright/test';
import { open, watchErrors, engine, cellPoint, settle, pageState, screenDisc, saveFile, shotPath } from './helpers.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

/**
 * A position of the star where red (to move) has a piece out in the open, its six
 * neighbours empty: two steps out of the camp, blue stepping meanwhile.
 * @returns {Promise<{link: string, lone: number, far: number, game: any}>}
 */
async function lonePiece() {
  const { Game } = await engine();
  const g = new Game('star-2');
  const b = g.board();
  const neighbours = (c) => b.edges.filter((e) => e.includes(c)).map((e) => (e[0] === c ? e[1] : e[0]));
  const step = (seat, pred) => {
    const m = g.legalMoves().find((mv) => mv.path.length === 2 && neighbours(mv.from).includes(mv.to) && pred(mv));
    g.playMove(m.from, m.to);
    return m;
  };
  // Red: a piece of the front row up into the field (y grows downward).
  const out = step(1, (m) => b.cells[m.to].y < b.cells[m.from].y && !b.camps.some((k) => k.cells.includes(m.to)));
  step(2, () => true);
  const on = step(1, (m) => m.from === out.to && b.cells[m.to].y < b.cells[m.from].y && neighbours(m.to).every((n) => !g.cells()[n] || n === m.from));
  step(2, (m) => !neighbours(on.to).includes(m.to));
  const lone = on.to;
  expect(neighbours(lone).every((n) => !g.cells()[n]), 'six empty neighbours').toBe(true);
  // The red piece that may move farthest from it: a press on it resets the selection.
  let far = -1;
  let farD = -1;
  for (const c of g.movable()) {
    const d = (b.cells[c].x - b.cells[lone].x) ** 2 + (b.cells[c].y - b.cells[lone].y) ** 2;
    if (d > farD) {
      farD = d;
      far = c;
    }
  }
  return { link: g.link(), lone, far, game: g };
}

/** The text of the board's live region once it names `name` picked up (or null after `ms`). */
async function pickedName(page, ms = 250) {
  const deadline = Date.now() + ms;
  for (;;) {
    const text = (await page.locator('#live-cursor').textContent()) ?? '';
    const m = /^(\S+) picked up/.exec(text);
    if (m || Date.now() > deadline) return m ? m[1] : null;
    await page.waitForTimeout(20);
  }
}

test('a tap takes the nearest hole: the tolerance round a piece, measured in twelve directions', async ({ browser }) => {
  const ctx = await browser.newContext(PHONE);
  const page = await ctx.newPage();
  const errs = watchErrors(page);
  const { link, lone, far, game } = await lonePiece();
  await open(page, `#${link}`);
  await expect.poll(async () => (await pageState(page)).plies).toBe(4);
  const loneName = game.cellName(lone);
  const farName = game.cellName(far);
  const c = await cellPoint(page, lone);
  const r = await cellPoint(page, far);
  const spacing = c.unit;
  expect(spacing, "the phone's spacing").toBeLessThan(26);
  /** Does a tap `d` spacings from the lone piece's centre, at `deg`, pick it up? */
  async function hits(deg, d) {
    // First pick up the far piece (the live region names it), then tap near the lone one:
    // it is picked up, or the tap lands on an empty hole and puts the far piece down.
    await page.touchscreen.tap(r.x, r.y);
    await expect.poll(() => pickedName(page, 0)).toBe(farName);
    const a = (deg * Math.PI) / 180;
    await page.touchscreen.tap(c.x + Math.cos(a) * d * spacing, c.y + Math.sin(a) * d * spacing);
    return (await pickedName(page)) === loneName;
  }
  const measured = [];
  for (let deg = 0; deg < 360; deg += 30) {
    // Half the spacing, in every direction: toward a neighbour (0°, 60°…) and toward the
    // gap between two (30°, 90°…).
    expect(await hits(deg, 0.5), `a tap at 0.5 spacing, ${deg}°`).toBe(true);
    // The farthest tap that still takes it, to a tenth of a pixel or so.
    let lo = 0.5;
    let hi = 1.1;
    for (let i = 0; i < 7; i++) {
      const mid = (lo + hi) / 2;
      if (await hits(deg, mid)) lo = mid;
      else hi = mid;
    }
    measured.push({ deg, spacings: Number(lo.toFixed(3)), px: Number((lo * spacing).toFixed(1)) });
  }
  const least = Math.min(...measured.map((m) => m.spacings));
  expect(least, 'the tolerance in the worst direction').toBeGreaterThanOrEqual(0.5);
  const report = { spacingPx: Number(spacing.toFixed(2)), leastSpacings: least, leastPx: Number((least * spacing).toFixed(1)), measured };
  console.log(`tap tolerance: ${JSON.stringify(report)}`);
  saveFile('tap-tolerance.json', `${JSON.stringify(report, null, 2)}\n`);
  // Near a destination too: the lone piece picked, a tap half the spacing from one of its
  // destinations, toward a plain hole, plays the move there.
  const b = game.board();
  await page.touchscreen.tap(r.x, r.y);
  await expect.poll(() => pickedName(page, 0)).toBe(farName);
  await page.touchscreen.tap(c.x, c.y);
  await expect.poll(() => pickedName(page, 0)).toBe(loneName);
  const dest = Array.from(game.destinations(lone)).find((d) => b.cells[d].y < b.cells[lone].y);
  const dp = await cellPoint(page, dest);
  // Sideways in its row, away from the piece's other destination above it: toward a plain hole.
  const side = b.cells[dest].x > b.cells[lone].x ? 1 : -1;
  await page.touchscreen.tap(dp.x + side * 0.5 * spacing, dp.y);
  game.playMove(lone, dest);
  await expect.poll(async () => (await pageState(page)).pos).toBe(game.position());
  game.free();
  errs.check();
  await ctx.close();
});

test('a touch drag: the piece rides above the finger, the hole under it ringed, the drop plays there', async ({ browser }) => {
  const ctx = await browser.newContext(PHONE);
  const page = await ctx.newPage();
  const errs = watchErrors(page);
  const { link, lone, game } = await lonePiece();
  await open(page, `#${link}`);
  await expect.poll(async () => (await pageState(page)).plies).toBe(4);
  const b = game.board();
  // A hole beside the lone piece, in its row.
  const dest = Array.from(game.destinations(lone)).find((d) => Math.abs(b.cells[d].y - b.cells[lone].y) < 0.01);
  const from = await cellPoint(page, lone);
  const to = await cellPoint(page, dest);
  const cdp = await ctx.newCDPSession(page);
  const touch = (type, x, y) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  await touch('touchStart', from.x, from.y);
  // The finger goes to well under the destination: at least 36 px (a fingertip) below it.
  const lift = Math.max(36, 1.4 * from.unit);
  const finger = { x: to.x, y: to.y + lift };
  for (let i = 1; i <= 8; i++) await touch('touchMove', from.x + ((finger.x - from.x) * i) / 8, from.y + ((finger.y - from.y) * i) / 8);
  await page.waitForTimeout(100);
  await page.screenshot({ path: shotPath('touch-drag-phone.png') });
  // Seat 1's vermillion marble, at full strength (not the camp's tint of it): red high,
  // green low, no blue.
  const marble = async (p) => {
    const { rgb } = await screenDisc(page, p, from.unit * 0.3);
    return rgb.filter(([R, G, B]) => R > 150 && G < 125 && B < 60).length / rgb.length;
  };
  expect(await marble(to), 'the piece over the destination, above the finger').toBeGreaterThan(0.35);
  // (Under the finger, at most a trace: the camp's tint of the colour is near.)
  expect(await marble(finger), 'the piece not under the finger').toBeLessThan(0.15);
  // The ring round the destination, wider than the piece: light pixels at 0.62 spacing out.
  let ring = 0;
  for (let k = 0; k < 8; k++) {
    const a = (k * Math.PI) / 4 + Math.PI / 8;
    const { lum } = await screenDisc(page, { x: to.x + Math.cos(a) * 0.62 * to.unit, y: to.y + Math.sin(a) * 0.62 * to.unit }, 2);
    if (lum.some((v) => v > 0.85)) ring++;
  }
  expect(ring, 'the ring round the destination, seen in eight directions').toBeGreaterThanOrEqual(6);
  await touch('touchEnd', 0, 0);
  game.playMove(lone, dest);
  await expect.poll(async () => (await pageState(page)).pos).toBe(game.position());
  await settle(page);
  game.free();
  errs.check();
  await ctx.close();
});

/**
 * Every touch target on screen: its box and whether it has a name (a list's move: its text;
 * a checkbox's label: the box's name).
 */
async function checkTargets(page, where) {
  const sel = 'button, select, summary, a[href], input:not([type=checkbox]):not([type=radio]):not([type=hidden]), label.check, li[data-ply], [tabindex="0"]';
  const all = await page.locator(sel).all();
  let seen = 0;
  for (const el of all) {
    if (!(await el.isVisible())) continue;
    const box = await el.boundingBox();
    // Visually hidden (a screen reader's only) or off screen: not something to tap.
    if (!box || box.width <= 2 || box.height <= 2 || box.y > 844 || box.y + box.height < 0) continue;
    const what = await el.evaluate((e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''} "${(e.textContent ?? '').trim().slice(0, 30)}"`);
    expect(box.width, `${where}: ${what} width`).toBeGreaterThanOrEqual(43.5);
    expect(box.height, `${where}: ${what} height`).toBeGreaterThanOrEqual(43.5);
    const tag = await el.evaluate((e) => e.tagName.toLowerCase());
    if (tag === 'li') await expect(el, `${where}: ${what}`).toHaveText(/\S/);
    else if (tag === 'label') await expect(el.locator('input'), `${where}: ${what}`).toHaveAccessibleName(/\S/);
    else await expect(el, `${where}: ${what}`).toHaveAccessibleName(/\S/);
    seen++;
  }
  return seen;
}

test('every touch target on the phone is at least 44×44 px and named', async ({ browser }) => {
  const ctx = await browser.newContext(PHONE);
  const page = await ctx.newPage();
  const errs = watchErrors(page);
  await open(page);
  expect(await checkTargets(page, 'the first screen')).toBeGreaterThanOrEqual(5);
  // The default game against the computer, a move played and answered.
  await page.locator('#home-computer').click();
  await expect(page.locator('#board')).toBeVisible();
  const { Game } = await engine();
  const g = new Game('star-2');
  const m = g.legalMoves()[0];
  const a = await cellPoint(page, m.from);
  await page.touchscreen.tap(a.x, a.y);
  const z = await cellPoint(page, m.to);
  await page.touchscreen.tap(z.x, z.y);
  await expect.poll(async () => (await pageState(page)).plies, { timeout: 20_000 }).toBe(2);
  await settle(page);
  const header = await page.locator('.topbar').boundingBox();
  expect(header.height, 'the header stays one row').toBeLessThanOrEqual(56);
  expect(await checkTargets(page, 'the game')).toBeGreaterThanOrEqual(10);
  // The menu and the settings in it.
  await page.locator('#btn-more').click();
  await page.locator('.settings summary').click();
  expect(await checkTargets(page, 'the menu')).toBeGreaterThanOrEqual(15);
  g.free();
  errs.check();
  await ctx.close();
});
