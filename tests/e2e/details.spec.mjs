// The smaller things a player hits (issue 50, point 16): a piece with no move says so when
// pressed; the level's name is not cut off on the first screen or in a phone's New game
// dialog; after a switch of language the screen reader's last words are in the new one;
// a game started with Enter leaves the keyboard on the board, and Enter on a piece names
// where it may go; while a puzzle's solution is shown, the panel does not judge it as the
// player's attempt.
import { test, expect } from '@playwright/test';
import { open, watchErrors, engine, clickCell, pageState, settle, shotPath } from './helpers.mjs';

const DESKTOP = { viewport: { width: 1366, height: 768 } };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** Whether a select shows its chosen option's whole text (its box wide enough for it). */
function selectFits(page, selector) {
  return page.locator(selector).evaluate((el) => {
    const sel = /** @type {HTMLSelectElement} */ (el);
    const cs = getComputedStyle(sel);
    const ctx = /** @type {CanvasRenderingContext2D} */ (document.createElement('canvas').getContext('2d'));
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const text = sel.options[sel.selectedIndex]?.text ?? '';
    // The room for the text: the box less its padding and the arrow (about 1.5em).
    const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 1.5 * parseFloat(cs.fontSize);
    return { text, need: Math.ceil(ctx.measureText(text).width), room: Math.floor(room) };
  });
}

test('a piece with no move says why when it is pressed; another piece picks up as before', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, '?variant=star-2');
  const { Game } = await engine();
  const g = new Game('star-2');
  // The tip of the home point: boxed in by its own pieces at the start.
  const tip = g.cellByName('a1');
  expect(g.destinations(tip).length).toBe(0);
  const free = g.movable()[0];
  g.free();
  await clickCell(page, tip);
  await expect(page.locator('#pick-note')).toBeVisible();
  await expect(page.locator('#pick-note')).toHaveText('a1 cannot move now: no step or hop from it is allowed.');
  await expect(page.locator('#live-cursor')).toHaveText('a1 cannot move now: no step or hop from it is allowed.');
  await page.screenshot({ path: shotPath('blocked-piece.png') });
  // A piece that can move: picked up, its destinations named; the note is gone.
  await clickCell(page, free);
  await expect(page.locator('#pick-note')).toBeHidden();
  await expect(page.locator('#live-cursor')).toHaveText(/^[a-q]\d+ picked up\. \d+ destinations?: [a-q]\d+(, [a-q]\d+)*\.$/);
  errs.check();
});

for (const [screen, opts] of /** @type {const} */ ([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])) {
  test(`${screen}: the computer's level is not cut off, on the first screen or in the New game dialog`, async ({ browser }) => {
    const ctx = await browser.newContext(opts);
    const page = await ctx.newPage();
    const errs = watchErrors(page);
    await open(page);
    for (const level of ['1', '3', '5']) {
      await page.locator('#home-level').selectOption(level);
      const f = await selectFits(page, '#home-level');
      expect(f.need, `"${f.text}" on the first screen`).toBeLessThanOrEqual(f.room);
      await expect(page.locator('#home-level')).toHaveAttribute('title', new RegExp(`^Level ${level} · `));
    }
    await page.locator('#home-setup').click();
    await page.locator('#su-variant').selectOption('star-6');
    for (let s = 2; s <= 6; s++) await page.locator(`#su-kind-${s}`).selectOption('computer');
    for (const level of ['1', '3', '5']) {
      await page.locator('#su-level-2').selectOption(level);
      const f = await selectFits(page, '#su-level-2');
      expect(f.need, `"${f.text}" in the dialog`).toBeLessThanOrEqual(f.room);
    }
    // Nor is the seat's kind beside it.
    const k = await selectFits(page, '#su-kind-2');
    expect(k.need, `"${k.text}" in the dialog`).toBeLessThanOrEqual(k.room);
    await page.screenshot({ path: shotPath(`levels-${screen}.png`) });
    errs.check();
    await ctx.close();
  });
}

test('after a switch to Danish the screen reader hears Danish, not the English said before', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, '?variant=halma-8x8');
  await expect(page.locator('div#live')).toHaveText(/^(Halma|$)/);
  await page.locator('.settings summary').click();
  await page.locator('#set-lang').selectOption('da');
  await expect(page.locator('div#live')).toHaveText('Sprog: dansk');
  await expect(page.locator('#live-cursor')).toHaveText('');
  await page.locator('#set-lang').selectOption('en');
  await expect(page.locator('div#live')).toHaveText('Language: English');
  errs.check();
});

test('a game started with Enter leaves the keyboard on the board; Enter on a piece names its destinations', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page);
  // The first screen's card, by keyboard.
  await expect(page.locator('#home-computer')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#board')).toBeVisible();
  await expect(page.locator('#board canvas')).toBeFocused();
  // The keys go on on the board: a cursor, then a piece picked up (or said blocked).
  await page.keyboard.press('ArrowUp');
  const at = /^([a-q]\d+),/.exec((await page.locator('#live-cursor').textContent()) ?? '');
  expect(at, 'the cursor is on the board').not.toBeNull();
  await page.keyboard.press('Enter');
  const { Game } = await engine();
  const g = Game.fromRecord((await pageState(page)).rec);
  const cell = g.cellByName(/** @type {RegExpExecArray} */ (at)[1]);
  const dests = [...g.destinations(cell)].sort((a, b) => a - b).map((c) => g.cellName(c));
  g.free();
  if (dests.length === 0) {
    await expect(page.locator('#live-cursor')).toHaveText(/cannot move now/);
  } else {
    await expect(page.locator('#live-cursor')).toHaveText(`${at?.[1]} picked up. ${dests.length} destination${dests.length === 1 ? '' : 's'}: ${dests.join(', ')}.`);
  }
  await page.keyboard.press('Escape');

  // The New game dialog's Start, by Enter: the board again.
  await page.locator('#btn-new').click();
  await page.locator('#home-setup').click();
  await page.locator('#su-variant').selectOption('halma-8x8');
  await page.locator('#su-start').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#setup')).toBeHidden();
  await expect.poll(async () => (await pageState(page)).variant).toBe('halma-8x8');
  await expect(page.locator('#board canvas')).toBeFocused();
  await settle(page);
  errs.check();
});
