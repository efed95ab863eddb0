// Keyboard only: Tab to the board, arrow keys to a piece, Enter to pick it up, Esc to put it
// back, arrows and Enter/Space to play; also on the star with the board turned for seat 2.
import { test, expect } from '@playwright/test';
import { open, watchErrors, settle, engine, greedyMove, cellPoint, clickMove, pageLink, pagePosition, pageState } from './helpers.mjs';

/** Tabs forward until the board has the focus. */
async function tabToBoard(page) {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.classList.contains('board-canvas'))) return;
  }
  throw new Error('the board cannot be reached with Tab');
}

/**
 * The cell the board's cursor is on, from what the cursor's live region says of it
 * ("e4, empty"); `known` when it says something else (a piece picked up).
 */
async function cursorCell(page, mirror, known) {
  const text = (await page.locator('#live-cursor').textContent()) ?? '';
  const m = /^([a-z]+\d+),/.exec(text);
  return m ? mirror.cellByName(m[1]) : known;
}

/**
 * Presses arrow keys until the board's cursor is on `target`, steering by screen position.
 * `at`: where the cursor is (-1: not shown yet). Returns the number of presses.
 */
async function cursorTo(page, mirror, target, at) {
  let cursor = at;
  for (let i = 0; i < 80; i++) {
    if (i > 0 || cursor < 0) cursor = await cursorCell(page, mirror, cursor);
    if (cursor === target) return i;
    if (cursor < 0) {
      await page.keyboard.press('ArrowUp');
      continue;
    }
    const a = await cellPoint(page, cursor);
    const b = await cellPoint(page, target);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const key = Math.abs(dy) > 1 && Math.abs(dy) >= Math.abs(dx) * 0.5 ? (dy < 0 ? 'ArrowUp' : 'ArrowDown') : dx < 0 ? 'ArrowLeft' : 'ArrowRight';
    await page.keyboard.press(key);
  }
  throw new Error(`the cursor did not reach cell ${target}`);
}

/** The piece on `cell` is picked up: the cursor's live region says so (not "e4, …"). */
async function expectPicked(page, mirror, cell) {
  await expect(page.locator('#live-cursor')).toHaveText(new RegExp(`^${mirror.cellName(cell)} `));
}

/** Plays a move from the keyboard, the cursor starting on `at`. */
async function keyboardMove(page, mirror, m, at, { useSpace = false } = {}) {
  const before = await pageLink(page);
  await cursorTo(page, mirror, m.from, at);
  await page.keyboard.press(useSpace ? 'Space' : 'Enter');
  await expectPicked(page, mirror, m.from);
  await cursorTo(page, mirror, m.to, m.from);
  await page.keyboard.press(useSpace ? 'Space' : 'Enter');
  await expect.poll(() => pageLink(page)).not.toBe(before);
  await settle(page);
}

for (const variant of ['halma-8x8', 'star-2']) {
  test(`keyboard-only moves on ${variant}`, async ({ page }) => {
    const errs = watchErrors(page);
    // On the star, with the board turning toward each person (a setting).
    if (variant === 'star-2') await page.addInitScript(() => localStorage.setItem('halma.prefs', JSON.stringify({ turnBoard: true })));
    await open(page, `?variant=${variant}`);
    await tabToBoard(page);
    // The focus is visible, and the cursor is on a piece of the seat to move.
    expect(await page.evaluate(() => document.activeElement.matches(':focus-visible'))).toBe(true);
    const { Game } = await engine();
    const mirror = new Game(variant);
    const m = greedyMove(mirror);
    // Pick up, then Esc puts it back: its destination is an empty cell again.
    await cursorTo(page, mirror, m.from, -1);
    await page.keyboard.press('Enter');
    await expectPicked(page, mirror, m.from);
    await expect(page.locator('#live-cursor')).toContainText('destination');
    await cursorTo(page, mirror, m.to, m.from);
    await expect(page.locator('#live-cursor')).toHaveText(`${mirror.cellName(m.to)}, move here`);
    await page.keyboard.press('Escape');
    await cursorTo(page, mirror, m.from, m.to);
    await cursorTo(page, mirror, m.to, m.from);
    await expect(page.locator('#live-cursor')).toHaveText(`${mirror.cellName(m.to)}, empty`);
    // Four moves (two per seat; on the star the board turns for seat 2), Enter and Space.
    let at = m.to;
    for (let i = 0; i < 4; i++) {
      const mv = greedyMove(mirror);
      await keyboardMove(page, mirror, mv, at, { useSpace: i % 2 === 1 });
      mirror.playMove(mv.from, mv.to);
      at = mv.to;
      expect(await pagePosition(page)).toBe(mirror.position());
    }
    // The live region announced the last move and whose turn it is.
    await expect(page.locator('#live')).toContainText('moved');
    await expect(page.locator('#live')).toContainText('to move');
    // The cursor announcements name cells.
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('#live-cursor')).toHaveText(/^[a-q]\d+,/);
    // Undo from the keyboard while the board has the focus.
    await page.keyboard.press('Control+z');
    mirror.undo();
    expect(await pagePosition(page)).toBe(mirror.position());
    mirror.free();
    errs.check();
  });
}

test('every control is reachable with Tab and shows its focus', async ({ page }) => {
  await open(page, '?variant=halma-8x8');
  // One move, so that Undo is enabled; then start tabbing from the top of the page.
  const { Game } = await engine();
  const mirror = new Game('halma-8x8');
  const m = greedyMove(mirror);
  await clickMove(page, m.from, m.to);
  mirror.free();
  await page.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
  const seen = new Set();
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    const info = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      return {
        id: el.id || el.className || el.tagName,
        visible: el.matches(':focus-visible') && (style.outlineStyle !== 'none' || el.tagName === 'SUMMARY'),
      };
    });
    if (info) {
      expect(info.visible, `${info.id} shows focus`).toBe(true);
      seen.add(info.id);
    }
  }
  for (const id of ['btn-new', 'btn-undo', 'btn-rules', 'board-canvas']) {
    expect([...seen].some((s) => s === id || s.includes(id)), `${id} reachable`).toBe(true);
  }
  // The settings open with the keyboard and their controls take the focus.
  await page.locator('.settings summary').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement.id)).toBe('set-lang');
});

test('the New game dialog works from the keyboard', async ({ page }) => {
  await open(page, '?variant=halma');
  await page.locator('#btn-new').focus();
  await page.keyboard.press('Enter');
  // New game: the first screen, its first choice focused, the others a Tab away.
  await expect(page.locator('#home')).toBeVisible();
  const focused = () => page.evaluate(() => document.activeElement.id);
  expect(await focused()).toBe('home-computer');
  const order = [];
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    order.push(await focused());
  }
  expect(order).toEqual(['home-level', 'home-friends', 'home-live', 'home-puzzle', 'home-setup']);
  await page.keyboard.press('Enter');
  await expect(page.locator('#setup')).toBeVisible();
  expect(await focused()).toBe('su-variant');
  await page.keyboard.press('ArrowDown'); // halma-3
  await expect(page.locator('#su-seats li')).toHaveCount(3);
  await page.keyboard.press('Escape');
  await expect(page.locator('#setup')).toBeHidden();
  // Esc on the first screen goes back to the game, unchanged.
  await expect(page.locator('#home')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#home')).toBeHidden();
  expect(await focused()).toBe('btn-new');
  expect((await pageState(page)).variant).toBe('halma');
});
