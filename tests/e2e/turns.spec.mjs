// The turn loop: forced passes, reduced motion, and external seats (the hook the computer
// player will use), driven by a stand-in controller registered from the test.
import { test, expect } from '@playwright/test';
import { open, watchErrors, clickMove, engine, greedyMove, pageState, pagePosition, boardRotation, pointerOver, openSetup } from './helpers.mjs';

// Seat 2's pieces fill its target camp except one cell (strict rule: not won) and its last
// piece is boxed in at h1: after any move of seat 1, seat 2 must pass.
const BLOCKED = 'halma-8x8+strict 1 ......../......../......../..111.../2......./22...1.1/222...11/2221.112';

test('a seat that cannot move passes, and the page says so', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, `?position=${encodeURIComponent(BLOCKED)}`);
  const { Game } = await engine();
  const mirror = Game.fromPosition(BLOCKED);
  const c5 = mirror.cellByName('c5');
  const c6 = mirror.cellByName('c6');
  mirror.free();
  await clickMove(page, c5, c6);
  await expect(page.locator('#moves li')).toHaveCount(2);
  await expect(page.locator('#moves li').nth(1)).toContainText('pass');
  await expect(page.locator('#live')).toContainText('Player 2 (blue) cannot move and passes.');
  await expect(page.locator('#status')).toContainText('Player 1 (red) to move');
  // Undo takes back the move and the pass with it.
  await page.locator('#btn-undo').click();
  expect(await pagePosition(page)).toBe(BLOCKED);
  await expect(page.locator('#moves li.empty')).toHaveCount(1);
  errs.check();
});

test('with reduced motion, moves are not animated', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // The board turns toward each person only with the setting on.
  await page.addInitScript(() => localStorage.setItem('halma.prefs', JSON.stringify({ turnBoard: true })));
  await open(page, '?variant=star-2');
  const { Game } = await engine();
  const mirror = new Game('star-2');
  const m = greedyMove(mirror);
  await clickMove(page, m.from, m.to);
  expect(await page.locator('#board').getAttribute('aria-busy')).not.toBe('true');
  // And the board turns to the next player at once.
  expect(await boardRotation(page)).toBe(180);
  mirror.free();
});

/** Registers a stand-in "computer": plays the engine's first legal move after `delay` ms. */
async function registerStandIn(page, delay) {
  await page.evaluate(async (ms) => {
    const players = await import('./players.js');
    const engineMod = await import('./pkg/halma.js');
    window.__requests = [];
    players.registerController('computer', () => ({
      requestMove(req) {
        window.__requests.push({ id: req.id, seat: req.seat, position: req.position });
        return new Promise((resolve) => {
          setTimeout(() => {
            const g = engineMod.Game.fromPosition(req.position);
            const mv = g.legalMoves()[0];
            g.free();
            resolve({ from: mv.from, to: mv.to, path: mv.path });
          }, ms);
        });
      },
    }));
  }, delay);
}

test('an external seat gets the position, its answer is played; undo returns to the person', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, '?variant=halma-8x8');
  await registerStandIn(page, 150);
  await openSetup(page);
  await page.locator('#su-variant').selectOption('halma-8x8');
  await expect(page.locator('#su-kind-2 option[value="computer"]')).toBeEnabled();
  await page.locator('#su-kind-2').selectOption('computer');
  await page.locator('#su-start').click();
  const { Game } = await engine();
  const mirror = new Game('halma-8x8');
  for (let i = 0; i < 3; i++) {
    const m = greedyMove(mirror);
    await clickMove(page, m.from, m.to);
    mirror.playMove(m.from, m.to);
    // While the external seat thinks, the board takes no moves (none of the seat's pieces
    // takes a click) and the status says so.
    if (i === 0) {
      await expect(page.locator('#status')).toContainText('Computer 2 (blue) is thinking');
      expect(await pointerOver(page, mirror.movable()[0])).not.toBe('pointer');
    }
    await expect.poll(async () => (await pageState(page)).plies).toBe(2 * (i + 1));
    const answer = mirror.legalMoves()[0];
    mirror.playMove(answer.from, answer.to);
    expect(await pagePosition(page)).toBe(mirror.position());
  }
  const reqs = await page.evaluate(() => window.__requests);
  expect(reqs.length).toBe(3);
  expect(reqs.every((r) => r.seat === 2)).toBe(true);
  // The board stays turned toward the person (seat 1) throughout.
  expect(await boardRotation(page)).toBe(0);
  // Undo goes back past the computer's move to the person's turn.
  await page.locator('#btn-undo').click();
  mirror.undo();
  mirror.undo();
  const after = await pageState(page);
  expect(after.pos).toBe(mirror.position());
  expect(after.turn).toBe(1);
  mirror.free();
  errs.check();
});

test('a stale answer from an external seat is dropped', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, '?variant=halma-8x8');
  await registerStandIn(page, 600);
  await openSetup(page);
  await page.locator('#su-variant').selectOption('halma-8x8');
  await page.locator('#su-kind-2').selectOption('computer');
  await page.locator('#su-start').click();
  const { Game } = await engine();
  const mirror = new Game('halma-8x8');
  const m = greedyMove(mirror);
  await clickMove(page, m.from, m.to);
  mirror.playMove(m.from, m.to);
  // Take the move back before the answer arrives: the answer belongs to a gone position.
  await page.locator('#btn-undo').click();
  await page.waitForTimeout(900);
  const fresh = new Game('halma-8x8');
  expect(await pagePosition(page)).toBe(fresh.position());
  fresh.free();
  mirror.free();
  errs.check();
});
