// First use, as a new player meets the page on a desktop (1366×768) and a phone (390×844,
// touch): the first screen's three choices and one tap to a game against the computer, the
// compact New game dialog with Start in view, Settings inside the phone's screen, presets
// that set every option, the phone layout, and games named in words rather than variant
// codes. Layout is checked on the boxes a person sees.
import { test, expect } from '@playwright/test';
import { open, watchErrors, engine, shotPath, pageState, settle, playGreedyMoves } from './helpers.mjs';

const DESKTOP = { viewport: { width: 1366, height: 768 } };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const SCREENS = /** @type {const} */ ([
  ['desktop', DESKTOP],
  ['phone', PHONE],
]);

/** A locator's box, asserted to lie wholly inside the viewport (no scrolling needed). */
async function expectInView(page, locator, what) {
  const vp = page.viewportSize();
  const box = await locator.boundingBox();
  expect(box, `${what} is laid out`).not.toBeNull();
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(vp.width + 0.5);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(vp.height + 0.5);
  return box;
}

/** Nothing on the page is wider than the screen (no sideways scrolling). */
async function expectNoSideScroll(page) {
  const w = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(w).toBeLessThanOrEqual(page.viewportSize().width);
}

for (const [screen, opts] of SCREENS) {
  test(`${screen}: the first screen, one tap to a game against the computer, remembered`, async ({ browser }) => {
    const ctx = await browser.newContext(opts);
    const page = await ctx.newPage();
    const errs = watchErrors(page);
    await open(page);
    // A first visit: the three choices, all in view without scrolling; no game behind them.
    await expect(page.locator('#home')).toBeVisible();
    await expect(page.locator('#board')).toBeHidden();
    await expect(page.locator('#btn-undo')).toBeHidden();
    for (const id of ['home-computer', 'home-friends', 'home-puzzle', 'home-setup']) {
      await expectInView(page, page.locator(`#${id}`), id);
    }
    await expect(page.locator('#home-computer')).toContainText('Play the computer');
    await expect(page.locator('#home-computer')).toContainText('Chinese checkers for 2');
    await expect(page.locator('#home-friends')).toContainText('Two players on this device');
    await expect(page.locator('#home-puzzle')).toContainText('Puzzles');
    await expect(page.locator('#home-level')).toHaveValue('3');
    await expect(page.locator('#home-continue')).toBeHidden();
    await expect(page.locator('#home-computer')).toBeFocused();
    await expectNoSideScroll(page);
    await page.screenshot({ path: shotPath(`first-screen-${screen}.png`) });

    // One tap: Chinese checkers for two against the computer at the default level.
    await page.locator('#home-computer').click();
    await expect(page.locator('#home')).toBeHidden();
    await expect(page.locator('#board')).toBeVisible();
    await expect.poll(async () => (await pageState(page)).variant).toBe('star-2');
    await expect(page.locator('#standings li').nth(1)).toContainText('Computer 2');
    await expect(page.locator('#standings li').nth(1)).toContainText('level 3');
    // The one person playing the computer is "You", not "Player 1".
    await expect(page.locator('#status')).toContainText('Your move (red)');
    await expect(page.locator('#standings li').nth(0)).toContainText('You');
    await page.screenshot({ path: shotPath(`first-game-${screen}.png`) });

    // A reload continues that game; New game comes back to the first screen, with a way back.
    await page.reload();
    await page.waitForSelector('body[data-ready="1"]');
    await expect(page.locator('#home')).toBeHidden();
    await expect.poll(async () => (await pageState(page)).variant).toBe('star-2');
    await page.locator('#btn-new').click();
    await expect(page.locator('#home')).toBeVisible();
    await expect(page.locator('#home-continue')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#home')).toBeHidden();
    await expect(page.locator('#board')).toBeVisible();

    // A game against the computer from the dialog is what the first screen offers next.
    await page.locator('#btn-new').click();
    await page.locator('#home-setup').click();
    await expect(page.locator('#setup')).toBeVisible();
    await page.locator('#su-variant').selectOption('halma-8x8');
    await page.locator('#su-kind-2').selectOption('computer');
    await page.locator('#su-level-2').selectOption('4');
    await page.locator('#su-start').click();
    await expect.poll(async () => (await pageState(page)).variant).toBe('halma-8x8');
    await page.locator('#btn-new').click();
    await expect(page.locator('#home-computer')).toContainText('Halma 8×8');
    await expect(page.locator('#home-level')).toHaveValue('4');
    // The level chosen on the first screen is kept too, after a reload.
    await page.locator('#home-level').selectOption('2');
    await page.reload();
    await page.waitForSelector('body[data-ready="1"]');
    await page.locator('#btn-new').click();
    await expect(page.locator('#home-level')).toHaveValue('2');
    await page.locator('#home-computer').click();
    await expect.poll(async () => (await pageState(page)).variant).toBe('halma-8x8');
    await expect(page.locator('#standings li').nth(1)).toContainText('level 2');

    // Two players on this device: people in both seats. Puzzles: their chooser.
    await page.locator('#btn-new').click();
    await page.locator('#home-friends').click();
    await expect.poll(async () => (await pageState(page)).variant).toBe('star-2');
    await expect(page.locator('#standings li')).toHaveCount(2);
    await expect(page.locator('#standings')).not.toContainText('level');
    await expect(page.locator('#watch')).toBeHidden();
    await page.locator('#btn-new').click();
    await expect(page.locator('#home .home-card.last')).toHaveAttribute('data-choice', 'friends');
    await expect(page.locator('#home-friends')).toBeFocused();
    // Puzzles: their chooser (tests/e2e/puzzles.spec.mjs goes on from there).
    await page.locator('#home-puzzle').click();
    await expect(page.locator('#home')).toBeHidden();
    await expect(page.locator('#pz-list')).toBeVisible();
    await expect(page.locator('#pz-open-solitaire')).toBeFocused();
    errs.check();
    await ctx.close();
  });

  test(`${screen}: the New game dialog shows game, players, level and Start without scrolling`, async ({ browser }) => {
    const ctx = await browser.newContext(opts);
    const page = await ctx.newPage();
    const errs = watchErrors(page);
    await open(page);
    await page.locator('#home-setup').click();
    const { variants } = await engine();
    // The most seats there are (six), each a computer: the longest form of the essentials.
    await page.locator('#su-variant').selectOption('star-6');
    for (let s = 1; s <= 6; s++) await page.locator(`#su-kind-${s}`).selectOption(s === 1 ? 'human' : 'computer');
    await expectInView(page, page.locator('#su-variant'), 'the game');
    await expectInView(page, page.locator('#su-seats li').nth(5), 'the last seat');
    await expectInView(page, page.locator('#su-level-6'), "the last seat's level");
    await expectInView(page, page.locator('#su-start'), 'Start');
    await expectInView(page, page.locator('#su-cancel'), 'Cancel');
    // The advanced options are folded away until asked for.
    await expect(page.locator('#su-long')).toBeHidden();
    await expect(page.locator('#su-side')).toBeHidden();
    await page.screenshot({ path: shotPath(`new-game-${screen}.png`) });
    await page.locator('#su-advanced summary').click();
    await expect(page.locator('#su-long')).toBeVisible();
    // Start stays in view with everything open.
    await expectInView(page, page.locator('#su-start'), 'Start, options open');
    // The board's choices are the engine's (variants().choices), not a list in the page.
    const star = variants().find((v) => v.id === 'star-6');
    const [lo, hi] = star.choices.side;
    const sides = await page.locator('#su-side option').evaluateAll((os) => os.map((o) => Number(o.value)));
    expect(sides).toEqual(Array.from({ length: hi - lo + 1 }, (_, i) => lo + i));
    await expect(page.locator('#su-side option[value="3"]')).toHaveText('3 (6 marbles each)');
    await page.locator('#su-variant').selectOption('halma');
    const halma = variants().find((v) => v.id === 'halma');
    const camps = await page.locator('#su-camp option').evaluateAll((os) => os.map((o) => Number(o.value)));
    expect(camps).toEqual(halma.choices.camp);
    await expect(page.locator('#su-size')).toHaveAttribute('min', String(halma.choices.size[0]));
    await expect(page.locator('#su-size')).toHaveAttribute('max', String(halma.choices.size[1]));
    await expect(page.locator('#su-size-desc')).toHaveText(`Any size from ${halma.choices.size[0]}×${halma.choices.size[0]} to ${halma.choices.size[1]}×${halma.choices.size[1]}.`);
    await expect(page.locator('#su-turns')).toHaveAttribute('max', String(halma.choices.turns[1]));
    await expectInView(page, page.locator('#su-start'), 'Start, square board');
    await page.screenshot({ path: shotPath(`new-game-options-${screen}.png`) });
    // Start works from there.
    await page.locator('#su-start').click();
    await expect.poll(async () => (await pageState(page)).variant).toBe('halma');
    errs.check();
    await ctx.close();
  });
}

test('phone: Settings opens inside the screen, every label readable', async ({ browser }) => {
  const ctx = await browser.newContext(PHONE);
  const page = await ctx.newPage();
  const errs = watchErrors(page);
  await open(page, '?variant=halma');
  // Rules, Games, Share and Settings wait behind More; the header keeps to one row.
  await expect(page.locator('#btn-rules')).toBeHidden();
  await page.locator('#btn-more').click();
  await expect(page.locator('#btn-more')).toHaveAttribute('aria-expanded', 'true');
  await page.locator('.settings summary').click();
  for (const sel of ['#more-menu', '.settings-body', '#set-lang', '#set-theme', '#set-coords', '#btn-rules', '#btn-games', '#btn-share']) {
    await expectInView(page, page.locator(sel), sel);
  }
  for (const label of await page.locator('.settings-body label').all()) await expectInView(page, label, 'a settings label');
  await page.screenshot({ path: shotPath('settings-phone.png') });
  // The settings work from there, and Esc closes the settings, then the menu.
  await page.locator('#set-lang').selectOption('da');
  await expect(page.locator('#btn-new')).toHaveText('Nyt spil');
  await expectInView(page, page.locator('.settings-body'), 'the settings in Danish');
  await page.locator('#set-theme').focus();
  await page.keyboard.press('Escape');
  await expect(page.locator('.settings-body')).toBeHidden();
  await expect(page.locator('#more-menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#more-menu')).toBeHidden();
  await expect(page.locator('#btn-more')).toBeFocused();
  // A menu item does its work and folds the menu.
  await page.locator('#btn-more').click();
  await page.locator('#btn-rules').click();
  await expect(page.locator('#rules')).toBeVisible();
  await expect(page.locator('#more-menu')).toBeHidden();
  errs.check();
  await ctx.close();
});

test('a preset sets every option: nothing leaks from the game before', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page);
  await page.locator('#home-setup').click();
  // A long-jumps game with free target camps.
  await page.locator('#su-variant').selectOption('halma');
  await page.locator('#su-advanced summary').click();
  await page.locator('#su-long').check();
  await page.locator('#su-free').check();
  await expect(page.locator('#su-variant-desc')).toContainText('Played with: long jumps, free target camp.');
  await page.locator('#su-start').click();
  await expect.poll(async () => (await pageState(page)).variant).toBe('halma+long+free-target');
  for (const id of ['star-6', 'halma-8x8', 'solitaire', 'star-2']) {
    await page.locator('#btn-new').click();
    await page.locator('#home-setup').click();
    // The dialog opens on the game played, options and all.
    await expect(page.locator('#su-variant-string')).toHaveText('halma+long+free-target');
    await expect(page.locator('#su-variant-desc')).toContainText('long jumps');
    await page.locator('#su-variant').selectOption(id);
    await expect(page.locator('#su-variant-string')).toHaveText(id);
    // The description is the preset's own: no option of the game before.
    await expect(page.locator('#su-variant-desc')).not.toContainText('Played with');
    await expect(page.locator('#su-long')).not.toBeChecked();
    await expect(page.locator('#su-free')).not.toBeChecked();
    await page.locator('#su-start').click();
    await expect.poll(async () => (await pageState(page)).variant).toBe(id);
    await expect(page.locator('#variant-line')).not.toContainText('long');
    // Back to the long-jumps game for the next preset.
    await page.locator('#btn-new').click();
    await page.locator('#home-setup').click();
    await page.locator('#su-variant').selectOption('halma');
    await page.locator('#su-advanced summary').click();
    await page.locator('#su-long').check();
    await page.locator('#su-free').check();
    await page.locator('#su-start').click();
    await expect.poll(async () => (await pageState(page)).variant).toBe('halma+long+free-target');
  }
  // An option the player sets after choosing the preset is in the description and the game.
  await page.locator('#btn-new').click();
  await page.locator('#home-setup').click();
  await page.locator('#su-variant').selectOption('star-6');
  await page.locator('#su-advanced summary').click();
  await page.locator('input[name="su-teams"][value="adjacent"]').check();
  await expect(page.locator('#su-variant-desc')).toContainText('Played with: teams: neighbours.');
  await page.locator('#su-start').click();
  await expect.poll(async () => (await pageState(page)).variant).toBe('star-6+teams=adjacent');
  await expect(page.locator('#variant-line')).toContainText('Chinese checkers for 6 · teams: neighbours');
  errs.check();
});

test('phone layout: one-row header, the board the width, help behind a button, moves reachable', async ({ browser }) => {
  const ctx = await browser.newContext(PHONE);
  const page = await ctx.newPage();
  const errs = watchErrors(page);
  for (const [variant, lang] of [
    ['halma', 'en'],
    ['star-6', 'da'],
  ]) {
    await open(page, `?variant=${variant}`);
    if (lang === 'da') {
      await page.locator('#btn-more').click();
      await page.locator('.settings summary').click();
      await page.locator('#set-lang').selectOption('da');
      await page.locator('#btn-more').click();
      await expect(page.locator('#more-menu')).toBeHidden();
    }
    // The header is one row: every visible item on the same line, the header short.
    const header = await page.locator('.topbar').boundingBox();
    expect(header.height, 'header height').toBeLessThanOrEqual(56);
    for (const sel of ['.topbar h1', '#btn-new', '#btn-undo', '#btn-redo', '#btn-hint', '#btn-more']) {
      const b = await expectInView(page, page.locator(sel), sel);
      expect(b.y + b.height, `${sel} within the header`).toBeLessThanOrEqual(header.y + header.height);
    }
    // Undo and Redo are arrows, still named in words.
    await expect(page.getByRole('button', { name: lang === 'da' ? 'Fortryd' : 'Undo' })).toBeVisible();
    // The board takes the width of the screen.
    const board = await page.locator('#board').boundingBox();
    expect(board.width, 'board width').toBeGreaterThanOrEqual(380);
    expect(board.y, 'board right under the header').toBeLessThan(header.y + header.height + 12);
    // The move help waits behind a button.
    await expect(page.locator('#board-help')).toBeHidden();
    await page.locator('#help-box summary').click();
    await expect(page.locator('#board-help')).toBeVisible();
    await expect(page.locator('#board-help')).toContainText(lang === 'da' ? 'Klik eller tryk' : 'Click or tap');
    await page.locator('#help-box summary').click();
    await expect(page.locator('#board-help')).toBeHidden();
    // The moves are a short scroll away, and nothing scrolls sideways.
    await expectNoSideScroll(page);
    await page.locator('#moves-h').scrollIntoViewIfNeeded();
    await expectInView(page, page.locator('#moves-h'), 'the moves heading');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: shotPath(`phone-${variant}-${lang}.png`) });
  }
  errs.check();
  await ctx.close();
});

test('players read game names in words; the variant string only in notation', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, '?variant=star-6%2Bteams=adjacent%2Blong');
  await settle(page);
  const name = 'Chinese checkers for 6 · long jumps, teams: neighbours';
  await expect(page.locator('#variant-line')).toContainText(name);
  await expect(page.locator('#variant-line')).not.toContainText('star-6');
  const label = await page.locator('#board canvas').getAttribute('aria-label');
  expect(label).toContain(name);
  expect(label).not.toContain('teams=');
  await page.locator('#btn-rules').click();
  await expect(page.locator('#rules-variant')).toHaveText(name);
  await page.locator('#rules-close').click();
  await page.locator('#btn-games').click();
  await expect(page.locator('#games-list .saved-title').first()).toContainText(name);
  await expect(page.locator('#games-list')).not.toContainText('teams=');
  await page.locator('#games-close').click();
  // The record (notation) keeps the variant string.
  await page.locator('#btn-share').click();
  await expect(page.locator('#share-record')).toHaveValue(/^star-6\+long\+teams=adjacent/);
  await page.locator('#share-close').click();
  // Danish too.
  await page.locator('.settings summary').click();
  await page.locator('#set-lang').selectOption('da');
  await expect(page.locator('#variant-line')).toContainText('Kinaskak for 6 · lange spring, hold: naboer');
  errs.check();
});

test('a saved game opened from the first screen leaves it for the game', async ({ page }) => {
  const errs = watchErrors(page);
  await open(page, '?variant=halma-8x8');
  // A move, so the next game gets a saved slot of its own.
  const { Game } = await engine();
  const mirror = new Game('halma-8x8');
  await playGreedyMoves(page, mirror, 1);
  mirror.free();
  await page.locator('#btn-new').click();
  await page.locator('#home-friends').click();
  await expect.poll(async () => (await pageState(page)).variant).toBe('star-2');
  await page.locator('#btn-new').click();
  await expect(page.locator('#home')).toBeVisible();
  await page.locator('#btn-games').click();
  const row = page.locator('#games-list li', { hasText: 'Halma 8×8' });
  await row.locator('[data-action="open"]').click();
  await expect(page.locator('#games')).toBeHidden();
  await expect(page.locator('#home')).toBeHidden();
  await expect(page.locator('#board')).toBeVisible();
  await expect.poll(async () => (await pageState(page)).variant).toBe('halma-8x8');
  await expect(page.locator('#live')).toContainText('Halma 8×8');
  errs.check();
});

test('More games and options on a first visit starts from the card above it: Chinese checkers against the computer', async ({ browser }) => {
  const ctx = await browser.newContext(DESKTOP);
  const page = await ctx.newPage();
  const errs = watchErrors(page);
  await open(page);
  await expect(page.locator('#home')).toBeVisible();
  // A first visit: the card "Play the computer" (Chinese checkers for 2, level 3).
  await page.locator('#home-setup').click();
  await expect(page.locator('#setup')).toBeVisible();
  await expect(page.locator('#su-variant')).toHaveValue('star-2');
  await expect(page.locator('#su-kind-1')).toHaveValue('human');
  await expect(page.locator('#su-kind-2')).toHaveValue('computer');
  await expect(page.locator('#su-level-2')).toHaveValue('3');
  // The orientation shown is the setting's (off on a first visit).
  await expect(page.locator('input[name="su-rotation"][value="fixed"]')).toBeChecked();
  await page.locator('#su-cancel').click();
  // The level chosen on the card is the dialog's too.
  await page.locator('#home-level').selectOption('5');
  await page.locator('#home-setup').click();
  await expect(page.locator('#su-kind-2')).toHaveValue('computer');
  await expect(page.locator('#su-level-2')).toHaveValue('5');
  // Start as offered: a game against the computer, not a board with nobody to play.
  await page.locator('#su-start').click();
  await expect.poll(async () => (await pageState(page)).variant).toBe('star-2');
  await expect(page.locator('#standings li').nth(1)).toContainText('level 5');
  // After a game of two people from its card, the dialog offers that.
  await page.locator('#btn-new').click();
  await page.locator('#home-friends').click();
  await page.locator('#btn-new').click();
  await page.locator('.home-card.last').waitFor();
  await expect(page.locator('#home .home-card.last')).toHaveAttribute('data-choice', 'friends');
  errs.check();
  await ctx.close();
});

test('"Turn the board toward each player" changes only when the player changes it', async ({ browser }) => {
  const ctx = await browser.newContext(DESKTOP);
  const page = await ctx.newPage();
  const errs = watchErrors(page);
  const prefs = () => page.evaluate(() => JSON.parse(localStorage.getItem('halma.prefs') ?? '{}'));
  await open(page);
  // A fresh browser: off (the README's default).
  await expect(page.locator('#set-turn')).not.toBeChecked();
  // One game against the computer from the first screen, a move, a reload: still off.
  await page.locator('#home-computer').click();
  const { Game } = await engine();
  const mirror = new Game('star-2');
  await playGreedyMoves(page, mirror, 1);
  mirror.free();
  await expect(page.locator('#set-turn')).not.toBeChecked();
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  await expect(page.locator('#set-turn')).not.toBeChecked();
  expect((await prefs()).turnBoard ?? false).toBe(false);
  // Two people from the first screen, then the New game dialog's Start as it opens: still off.
  await page.locator('#btn-new').click();
  await page.locator('#home-friends').click();
  await page.locator('#btn-new').click();
  await page.locator('#home-setup').click();
  await expect(page.locator('input[name="su-rotation"][value="fixed"]')).toBeChecked();
  await page.locator('#su-start').click();
  await expect(page.locator('#setup')).toBeHidden();
  await expect(page.locator('#set-turn')).not.toBeChecked();
  expect((await prefs()).turnBoard ?? false).toBe(false);
  // The player turns it on in the dialog: it is on, and stays on over a quick start.
  await page.locator('#btn-new').click();
  await page.locator('#home-setup').click();
  await page.locator('#su-advanced summary').click();
  await page.locator('input[name="su-rotation"][value="turn"]').check();
  await page.locator('#su-start').click();
  await expect(page.locator('#set-turn')).toBeChecked();
  await page.locator('#btn-new').click();
  await page.locator('#home-computer').click();
  await expect(page.locator('#set-turn')).toBeChecked();
  expect((await prefs()).turnBoard).toBe(true);
  // And off again in Settings, it stays off over a quick start.
  await page.locator('.settings summary').click();
  await page.locator('#set-turn').uncheck();
  await page.locator('.settings summary').click();
  await page.locator('#btn-new').click();
  await page.locator('#home-friends').click();
  await expect(page.locator('#set-turn')).not.toBeChecked();
  expect((await prefs()).turnBoard).toBe(false);
  errs.check();
  await ctx.close();
});
