// The New game dialog: every variant and option, live checking against the engine, players,
// coin toss and board orientation.
import { test, expect } from '@playwright/test';
import { open, watchErrors, clickMove, engine, greedyMove, shotPath, settle, pageState, boardRotation, hintInk, openSetup } from './helpers.mjs';

/** The New game dialog (New game, then "More games and options" on the first screen). */
const openDialog = openSetup;

/** Unfolds the dialog's board, rule and start options. */
async function openOptions(page) {
  const more = page.locator('#su-advanced');
  if (!(await more.evaluate((d) => d.open))) await more.locator('summary').click();
  await expect(page.locator('#su-long')).toBeVisible();
}

test('every variant is offered with a description and a rules panel', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page);
  await openDialog(page);
  const { variantIds } = await engine();
  const ids = await page.locator('#su-variant option').evaluateAll((os) => os.map((o) => o.value));
  expect(ids).toEqual(variantIds());
  for (const id of ids) {
    await page.locator('#su-variant').selectOption(id);
    await expect(page.locator('#su-variant-desc')).not.toBeEmpty();
    // A preset's description is its own: no option of the game chosen before.
    await expect(page.locator('#su-variant-desc')).not.toContainText('Played with');
    await expect(page.locator('#su-variant-string')).toHaveText(id);
    expect(await page.locator('#su-rules li').count()).toBeGreaterThan(3);
    expect(await page.locator('#su-diff li').count()).toBeGreaterThan(0);
    await expect(page.locator('#su-error')).toBeHidden();
    const seats = id === 'solitaire' ? 1 : id.startsWith('star-') ? Number(id.slice(5)) : id === 'halma-3' ? 3 : id === 'halma-4' ? 4 : 2;
    await expect(page.locator('#su-seats li')).toHaveCount(seats);
    // Every seat can be played by the computer; its level shows only then.
    await expect(page.locator('#su-seats select.seat-kind option[value="computer"]').first()).toBeEnabled();
    await expect(page.locator('#su-seats select.seat-level').first()).toBeHidden();
  }
  await page.locator('#su-variant').selectOption('halma');
  await expect(page.locator('#su-diff li')).toHaveCount(1);
  await expect(page.locator('#su-diff')).toContainText('standard Halma');
  errs.check();
});

test('options build the variant; impossible combinations are explained and block the start', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page);
  await openDialog(page);
  await page.locator('#su-variant').selectOption('star-6');
  // The board and rule options are folded away until asked for.
  await expect(page.locator('#su-star')).toBeHidden();
  await openOptions(page);
  await expect(page.locator('#su-star')).toBeVisible();
  await expect(page.locator('#su-square')).toBeHidden();
  await page.locator('#su-long').check();
  await page.locator('#su-anycamp').check();
  await page.locator('input[name="su-win"][value="swap"]').check();
  await page.locator('input[name="su-teams"][value="opposite"]').check();
  await page.locator('#su-side').selectOption('3');
  await page.locator('#su-turns').fill('120');
  await expect(page.locator('#su-variant-string')).toHaveText('star-6+side=3+long+any-camp+swap+teams=opposite+turns=120');
  // The description names every option in words.
  await expect(page.locator('#su-variant-desc')).toContainText('Played with: 6 marbles each, long jumps, any camp, strict win with swaps, teams: opposite camps, draw after 120 turns.');
  await page.locator('#su-rules-box summary').click();
  await expect(page.locator('#su-rules')).toContainText('Long jumps');
  await expect(page.locator('#su-rules')).toContainText('73 holes');
  await expect(page.locator('#su-diff')).toContainText('teams');
  await expect(page.locator('#su-seats .team-tag').first()).toHaveText('team 1');
  await page.screenshot({ path: shotPath('dialog-setup-en.png') });
  // Teams are only for 4 or 6 players.
  await page.locator('#su-variant').selectOption('star-3');
  await expect(page.locator('input[name="su-teams"][value="opposite"]')).toBeDisabled();
  await expect(page.locator('#su-teams-note')).toBeVisible();
  await expect(page.locator('#su-variant-string')).not.toContainText('teams');
  // A square board too small for its camps: the engine's reason is shown, Start is blocked.
  // The preset sets every option: the star's long jumps, swaps and turn limit are gone.
  await page.locator('#su-variant').selectOption('halma');
  await expect(page.locator('#su-variant-string')).toHaveText('halma');
  await expect(page.locator('#su-long')).not.toBeChecked();
  await expect(page.locator('#su-turns')).toHaveValue('300');
  await expect(page.locator('#su-square')).toBeVisible();
  await page.locator('#su-size').fill('6');
  await expect(page.locator('#su-error')).toBeVisible();
  await expect(page.locator('#su-error')).toContainText('overlap');
  await expect(page.locator('#su-start')).toBeDisabled();
  // A custom size that fits: 12×12 with 13-piece camps, long jumps.
  await page.locator('#su-size').fill('12');
  await page.locator('#su-camp').selectOption('13');
  await page.locator('#su-long').check();
  await page.locator('input[name="su-win"][value="swap"]').check();
  await page.locator('#su-turns').fill('120');
  await expect(page.locator('#su-error')).toBeHidden();
  await page.locator('#su-name-1').fill('Ann');
  await page.locator('#su-name-2').fill('Bo');
  await page.locator('#su-start').click();
  await expect(page.locator('#setup')).toBeHidden();
  expect((await pageState(page)).variant).toBe('halma+size=12+camp=13+long+swap+turns=120');
  await expect(page.locator('#standings li').nth(0)).toContainText('Ann');
  await expect(page.locator('#standings li').nth(1)).toContainText('Bo');
  await expect(page.locator('#status')).toContainText('Ann (red) to move');
  await expect(page.locator('#live')).toContainText('New game');
  // The dialog reopens on the current game's settings and names.
  await openDialog(page);
  await expect(page.locator('#su-variant-string')).toHaveText('halma+size=12+camp=13+long+swap+turns=120');
  await expect(page.locator('#su-name-1')).toHaveValue('Ann');
  // Cancel leaves the game as it was: back on the first screen, then back to the game.
  await page.locator('#su-cancel').click();
  await page.locator('#home-continue').click();
  expect((await pageState(page)).variant).toBe('halma+size=12+camp=13+long+swap+turns=120');
  // The rules dialog explains the game in play.
  await page.locator('#btn-rules').click();
  await expect(page.locator('#rules-variant')).toHaveText('Halma (2 players) · 12×12 board, 13 pieces each, long jumps, strict win with swaps, draw after 120 turns');
  await expect(page.locator('#rules-diff')).toContainText('12×12');
  await page.keyboard.press('Escape');
  errs.check();
});

test('solitaire: one seat, race options disabled', async ({ page }) => {
  await open(page);
  await openDialog(page);
  await page.locator('#su-variant').selectOption('solitaire');
  await openOptions(page);
  await expect(page.locator('#su-free')).toBeDisabled();
  await expect(page.locator('#su-balance')).toBeDisabled();
  await expect(page.locator('input[name="su-win"][value="strict"]')).toBeDisabled();
  await expect(page.locator('#su-seats li')).toHaveCount(1);
  await page.locator('#su-start').click();
  expect((await pageState(page)).variant).toBe('solitaire');
  await expect(page.locator('#standings li')).toHaveCount(1);
  // No race to score: the panel counts the moves against the limit and the unpaired pieces.
  await expect(page.locator('#points-h')).toHaveText('Symmetry');
  await expect(page.locator('#standings li .pts')).toHaveText('19 unpaired');
  await expect(page.locator('#variant-line')).toContainText('Move 1 of 19');
  // The board draws the line of symmetry, the long diagonal from a1 to p16 (through the
  // middle of the board, on its empty cells h8 and i9, and out at the far end), and only in
  // a solitaire.
  const { Game } = await engine();
  const g = new Game('solitaire');
  const id = (name) => g.cellByName(name);
  const line = (a, b) => hintInk(page, [id(a), id(b)]);
  expect(await line('h8', 'i9')).toBeGreaterThan(20);
  expect(await line('f6', 'g7')).toBeGreaterThan(20);
  expect(await line('o15', 'p16')).toBeGreaterThan(20);
  // Nowhere off the line (the far corner of the other diagonal).
  expect(await line('a16', 'b15')).toBe(0);
  await openDialog(page);
  await page.locator('#su-variant').selectOption('halma');
  await page.locator('#su-start').click();
  await expect.poll(async () => (await pageState(page)).variant).toBe('halma');
  expect(await line('h8', 'i9')).toBe(0);
  g.free();
  // Back to a race: the distance each seat has to go, from the engine.
  const halma = new Game('halma');
  const togo = Array.from(halma.distanceToGo()).map((d) => `${d} to go`);
  halma.free();
  await expect(page.locator('#points-h')).toHaveText('Distance to the goal');
  await expect(page.locator('#standings li .pts')).toHaveText(togo);
  await expect(page.locator('#variant-line')).toContainText('Turn 1');
});

test('coin toss shuffles who sits where', async ({ page }) => {
  await open(page);
  const orders = new Set();
  for (let i = 0; i < 12 && orders.size < 2; i++) {
    await openDialog(page);
    await page.locator('#su-variant').selectOption('star-3');
    await page.locator('#su-name-1').fill('A');
    await page.locator('#su-name-2').fill('B');
    await page.locator('#su-name-3').fill('C');
    await openOptions(page);
    await page.locator('input[name="su-start"][value="coin"]').check();
    await page.locator('#su-start').click();
    const names = await page.locator('#standings .name').allTextContents();
    expect([...names].sort()).toEqual(['A', 'B', 'C']);
    orders.add(names.join(''));
    await expect(page.locator('#live')).toContainText(`Coin toss: ${names[0]} starts`);
  }
  expect(orders.size, 'more than one seating in 12 tosses').toBeGreaterThan(1);
});

test('board orientation: turned toward the player to move, or fixed', async ({ page }) => {
  await open(page);
  const { Game } = await engine();
  for (const [mode, after] of [
    ['turn', 180],
    ['fixed', 0],
  ]) {
    await openDialog(page);
    await page.locator('#su-variant').selectOption('star-2');
    // Two people at this screen (a first visit offers the computer).
    await page.locator('#su-kind-2').selectOption('human');
    await openOptions(page);
    await page.locator(`input[name="su-rotation"][value="${mode}"]`).check();
    await page.locator('#su-start').click();
    await expect.poll(async () => (await pageState(page)).plies).toBe(0);
    expect(await boardRotation(page)).toBe(0);
    const mirror = new Game('star-2');
    const m = greedyMove(mirror);
    await clickMove(page, m.from, m.to);
    await settle(page);
    expect(await boardRotation(page)).toBe(after);
    mirror.free();
  }
  // Four seats on the square board: a quarter turn per seat.
  await openDialog(page);
  await page.locator('#su-variant').selectOption('halma-4');
  await openOptions(page);
  await page.locator('input[name="su-rotation"][value="turn"]').check();
  await page.locator('#su-start').click();
  const mirror = new Game('halma-4');
  const seen = [];
  for (let i = 0; i < 4; i++) {
    seen.push(await boardRotation(page));
    const m = greedyMove(mirror);
    await clickMove(page, m.from, m.to);
    mirror.playMove(m.from, m.to);
    await settle(page);
  }
  expect(seen).toEqual([0, 270, 180, 90]);
  mirror.free();
});
