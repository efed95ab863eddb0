// Keyboard only: Tab to the board, arrow keys to a piece, Enter to pick it up, Esc to put it
// back, arrows and Enter/Space to play; also on the star with the board turned for seat 2.
import { test, expect } from '@playwright/test';
import { open, watchErrors, settle, engine, greedyMove, cellPoint, clickMove } from './helpers.mjs';

/** Tabs forward until the board has the focus. */
async function tabToBoard(page) {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.classList.contains('board-canvas'))) return;
  }
  throw new Error('the board cannot be reached with Tab');
}

/** Presses arrow keys until the board's cursor is on `target`, steering by screen position. */
async function cursorTo(page, target) {
  for (let i = 0; i < 80; i++) {
    const st = await page.evaluate(() => window.__halma.boardState());
    if (st.cursor === target) return i;
    if (st.cursor < 0) {
      await page.keyboard.press('ArrowUp');
      continue;
    }
    const a = await cellPoint(page, st.cursor);
    const b = await cellPoint(page, target);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const key = Math.abs(dy) > 1 && Math.abs(dy) >= Math.abs(dx) * 0.5 ? (dy < 0 ? 'ArrowUp' : 'ArrowDown') : dx < 0 ? 'ArrowLeft' : 'ArrowRight';
    await page.keyboard.press(key);
  }
  throw new Error(`the cursor did not reach cell ${target}`);
}

async function keyboardMove(page, m, { useSpace = false } = {}) {
  const before = await page.evaluate(() => window.__halma.record());
  await cursorTo(page, m.from);
  await page.keyboard.press(useSpace ? 'Space' : 'Enter');
  expect((await page.evaluate(() => window.__halma.boardState())).selected).toBe(m.from);
  await cursorTo(page, m.to);
  await page.keyboard.press(useSpace ? 'Space' : 'Enter');
  await page.waitForFunction((b) => window.__halma.record() !== b, before);
  await settle(page);
}

for (const variant of ['halma-8x8', 'star-2']) {
  test(`keyboard-only moves on ${variant}`, async ({ page }) => {
    const errs = watchErrors(page);
    await open(page, `?variant=${variant}`);
    await tabToBoard(page);
    // The focus is visible, and the cursor is on a piece of the seat to move.
    expect(await page.evaluate(() => document.activeElement.matches(':focus-visible'))).toBe(true);
    const { Game } = await engine();
    const mirror = new Game(variant);
    const m = greedyMove(mirror);
    // Pick up, then Esc puts it back.
    await cursorTo(page, m.from);
    await page.keyboard.press('Enter');
    expect((await page.evaluate(() => window.__halma.boardState())).selected).toBe(m.from);
    await expect(page.locator('#live-cursor')).toContainText('destination');
    await page.keyboard.press('Escape');
    expect((await page.evaluate(() => window.__halma.boardState())).selected).toBe(-1);
    // Four moves (two per seat; on the star the board turns for seat 2), Enter and Space.
    for (let i = 0; i < 4; i++) {
      const mv = greedyMove(mirror);
      await keyboardMove(page, mv, { useSpace: i % 2 === 1 });
      mirror.playMove(mv.from, mv.to);
      expect(await page.evaluate(() => window.__halma.position())).toBe(mirror.position());
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
    expect(await page.evaluate(() => window.__halma.position())).toBe(mirror.position());
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
  await expect(page.locator('#setup')).toBeVisible();
  expect(await page.evaluate(() => document.activeElement.id)).toBe('su-variant');
  await page.keyboard.press('ArrowDown'); // halma-3
  await expect(page.locator('#su-seats li')).toHaveCount(3);
  await page.keyboard.press('Escape');
  await expect(page.locator('#setup')).toBeHidden();
  expect(await page.evaluate(() => window.__halma.variant())).toBe('halma');
});
