// Following a game (issue 36): the board's turn toward the next person is a setting and is
// animated; the moves list browses past positions and replays the game; coordinates are
// on by default; each seat's last move and the teams in games of several; progress as the
// distance still to go; a solitaire's unpaired pieces ringed on the board. Desktop
// (1366×768) and phone (390×844, touch) screenshots go to tests/e2e/screenshots/.
import { test, expect } from '@playwright/test';
import { linkFromHash } from '../../www/share.js';
import { open, watchErrors, settle, engine, greedyMove, clickMove, cellPoint, boardRotation, pageState, shotPath } from './helpers.mjs';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

/** The game in the address, decoded in Node (whatever the board shows). */
async function addressGame(page) {
  const { Game } = await engine();
  return Game.fromLink(linkFromHash(await page.evaluate(() => location.hash)));
}

/** The board's accessible description. */
function boardLabel(page) {
  return page.locator('#board canvas').getAttribute('aria-label');
}

/** Every seat's pieces as the board's description lists them, for an engine Game. */
function piecesText(g) {
  const cells = g.cells();
  const names = g.board().cells.map((c) => c.name);
  const bySeat = Array.from({ length: g.seats }, () => []);
  for (let i = 0; i < cells.length; i++) if (cells[i]) bySeat[cells[i] - 1].push(names[i]);
  return bySeat.map((l) => `: ${l.join(', ')}.`);
}

/**
 * Pixels near a cell's centre (within `r` cells) that pass `test(r, g, b)`, read from a copy
 * of the board's canvas.
 */
async function inkNear(page, cell, r, kind) {
  const p = await cellPoint(page, cell);
  return page.evaluate(
    ({ p, r, kind }) => {
      const src = /** @type {HTMLCanvasElement} */ (document.querySelector('#board canvas'));
      const box = src.getBoundingClientRect();
      const k = src.width / box.width;
      const half = p.unit * r;
      const x0 = (p.x - box.left - half) * k;
      const y0 = (p.y - box.top - half) * k;
      const w = Math.ceil(2 * half * k);
      const copy = document.createElement('canvas');
      copy.width = w;
      copy.height = w;
      const ctx = /** @type {CanvasRenderingContext2D} */ (copy.getContext('2d', { willReadFrequently: true }));
      ctx.drawImage(src, x0, y0, w, w, 0, 0, w, w);
      const d = ctx.getImageData(0, 0, w, w).data;
      const tests = {
        // The mark's crimson (#c2185b light): red high, green low, blue in between.
        mark: (R, G, B) => R > 150 && G < 70 && B > 60 && B < 150,
        // Seat 1's vermillion (#D55E00): red high, some green, no blue.
        seat1: (R, G, B) => R > 170 && G > 60 && G < 130 && B < 50,
      };
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (tests[kind](d[i], d[i + 1], d[i + 2])) n++;
      return n;
    },
    { p, r, kind },
  );
}

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test('coordinates are on by default, and the board stays put in a hot-seat game', async ({ page }) => {
    const errs = watchErrors(page);
    await open(page, '?variant=star-2');
    // The clicks below land where the board draws cells with room for the coordinates.
    await expect(page.locator('#set-coords')).toBeChecked();
    await expect(page.locator('#set-turn')).not.toBeChecked();
    const { Game } = await engine();
    const mirror = new Game('star-2');
    for (let i = 0; i < 2; i++) {
      const m = greedyMove(mirror);
      await clickMove(page, m.from, m.to);
      mirror.playMove(m.from, m.to);
      await settle(page);
      expect(await boardRotation(page)).toBe(0);
    }
    await page.screenshot({ path: shotPath('play-coords-desktop.png') });
    mirror.free();
    errs.check();
  });

  test('with the setting on, the board turns smoothly toward the next player; a press meanwhile is dropped', async ({ page }) => {
    const errs = watchErrors(page);
    await open(page, '?variant=star-2');
    await page.locator('.settings summary').click();
    await page.locator('#set-turn').check();
    await page.locator('.settings summary').click();
    const { Game } = await engine();
    const mirror = new Game('star-2');
    // The page's animations at a quarter of their pace, so that frames inside the turn are
    // seen on a busy machine too.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Animation.enable');
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.25 });
    // Record every frame's transform of the canvas while the move lands and the board turns.
    await page.evaluate(() => {
      window.__angles = [];
      const canvas = document.querySelector('#board canvas');
      const step = () => {
        const m = new DOMMatrix(getComputedStyle(canvas).transform === 'none' ? undefined : getComputedStyle(canvas).transform);
        window.__angles.push(Math.round((Math.atan2(m.b, m.a) * 180) / Math.PI));
        if (window.__angles.length < 400) requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
    const m = greedyMove(mirror);
    await clickMove(page, m.from, m.to);
    mirror.playMove(m.from, m.to);
    await settle(page);
    expect(await boardRotation(page)).toBe(180);
    const angles = await page.evaluate(() => window.__angles);
    // Not a flip: the board passed through angles between (a half turn, either way).
    expect(angles.some((a) => Math.abs(a) > 20 && Math.abs(a) < 160), angles.join(' ')).toBe(true);
    // At rest, no transform is left.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.querySelector('#board canvas')).transform)).toBe('none');

    // A press while the board turns picks nothing up (the turn is slowed down tenfold, so the
    // press surely comes during it).
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.1 });
    const m2 = greedyMove(mirror);
    await clickMove(page, m2.from, m2.to);
    mirror.playMove(m2.from, m2.to);
    const pressed = greedyMove(mirror).from;
    const p = await cellPoint(page, pressed);
    await page.waitForFunction(() => document.querySelector('#board canvas').getAnimations().length > 0, null, { polling: 25 });
    expect(await page.locator('#board').getAttribute('aria-busy')).toBe('true');
    await page.mouse.click(p.x, p.y);
    // The press ended the turn at once.
    await expect.poll(() => page.evaluate(() => document.querySelector('#board canvas').getAnimations().length)).toBe(0);
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
    await settle(page);
    expect(await boardRotation(page)).toBe(0);
    await page.waitForTimeout(100);
    await expect(page.locator('#live-cursor')).not.toHaveText(new RegExp(`^${mirror.cellName(pressed)} picked up`));
    // After the turn, a click picks the piece up as usual.
    const m3 = greedyMove(mirror);
    await clickMove(page, m3.from, m3.to);
    mirror.free();
    errs.check();
  });

  test('the moves list shows past positions; the game changes only by Play from here', async ({ page }) => {
    const errs = watchErrors(page);
    await open(page, '?variant=halma-8x8');
    const { Game } = await engine();
    const mirror = new Game('halma-8x8');
    const snapshots = [piecesText(mirror)];
    for (let i = 0; i < 4; i++) {
      const m = greedyMove(mirror);
      await clickMove(page, m.from, m.to);
      mirror.playMove(m.from, m.to);
      snapshots.push(piecesText(mirror));
    }
    await settle(page);
    const before = (await pageState(page)).link;
    const pickCell = greedyMove(mirror).from;
    const pick = await cellPoint(page, pickCell);
    // Numbered by rounds, as the moves list and the status's "Turn N" are.
    const after = (k) => `Position after turn ${Math.ceil(k / 2)} of ${k % 2 ? 'Player 1 (red)' : 'Player 2 (blue)'}: ${mirror.history()[k - 1].text}.`;
    const expectShown = async (k) => {
      await expect(page.locator('#browse-text')).toHaveText(k === 0 ? 'Start position (4 moves played).' : after(k));
      const label = await boardLabel(page);
      for (const part of snapshots[k]) expect(label).toContain(part);
      if (k > 0) await expect(page.locator('#moves li').nth(k - 1)).toHaveClass(/viewing/);
    };
    // A click on move 2.
    await page.locator('#moves li').nth(1).click();
    await expectShown(2);
    await page.screenshot({ path: shotPath('play-browse-desktop.png') });
    // Arrow keys, Home; the board takes no move meanwhile.
    await page.keyboard.press('ArrowLeft');
    await expectShown(1);
    await page.keyboard.press('Home');
    await expectShown(0);
    await page.keyboard.press('ArrowRight');
    await expectShown(1);
    const g = await addressGame(page);
    expect(g.link()).toBe(before);
    g.free();
    await page.mouse.click(pick.x, pick.y);
    await page.waitForTimeout(100);
    await expect(page.locator('#live-cursor')).not.toHaveText(new RegExp(`^${mirror.cellName(pickCell)} picked up`));
    // End: back to the game.
    await page.keyboard.press('End');
    await expect(page.locator('#browse-line')).toBeHidden();
    expect(await boardLabel(page)).toContain('Player 1 (red) to move');

    // Replay: every position from the start, each move animated, then the game again.
    await page.locator('#br-replay').click();
    await expect(page.locator('#browse-text')).toHaveText('Start position (4 moves played).');
    await expect(page.locator('#br-replay')).toHaveText('Stop');
    const seen = new Set();
    await expect
      .poll(async () => {
        const txt = await page.locator('#browse-text').textContent();
        if (txt) seen.add(txt);
        return page.locator('#browse-line').isHidden();
      }, { intervals: [50], timeout: 20_000 })
      .toBe(true);
    for (let k = 1; k <= 3; k++) expect(seen).toContain(after(k));
    await expect(page.locator('#br-replay')).toHaveText('Replay');

    // Play from here: the game goes back to move 2; Redo plays the rest again.
    await page.locator('#moves li').nth(1).click();
    await expectShown(2);
    await page.locator('#br-here').click();
    await expect(page.locator('#browse-line')).toBeHidden();
    await expect.poll(async () => (await pageState(page)).plies).toBe(2);
    await expect(page.locator('#btn-redo')).toBeEnabled();
    // Redo plays the taken-back moves again, one a click (people at the screen).
    await page.locator('#btn-redo').click();
    await expect.poll(async () => (await pageState(page)).plies).toBe(3);
    await page.locator('#btn-redo').click();
    await expect.poll(async () => (await pageState(page)).link).toBe(before);
    mirror.free();
    errs.check();
  });

  test('three seats: each seat\'s last move on the board and in the list; teams under their names', async ({ page }) => {
    const errs = watchErrors(page);
    await open(page, '?variant=star-3');
    const { Game } = await engine();
    const mirror = new Game('star-3');
    const first = greedyMove(mirror);
    const origins = [];
    for (let i = 0; i < 3; i++) {
      const m = greedyMove(mirror);
      origins.push(m.from);
      await clickMove(page, m.from, m.to);
      mirror.playMove(m.from, m.to);
    }
    expect(origins[0]).toBe(first.from);
    await settle(page);
    // Seat 1's move, two plies old, is still drawn in its colour through its empty origin.
    expect(await inkNear(page, origins[0], 0.35, 'seat1')).toBeGreaterThan(10);
    const rows = page.locator('#standings li');
    await expect(rows).toHaveCount(3);
    const h = mirror.history();
    for (let s = 1; s <= 3; s++) await expect(rows.nth(s - 1).locator('.last-move')).toContainText(`last: ${h[s - 1].text}`);
    // Seat 1 is to move: seats 2 and 3 moved in this round.
    await expect(rows.nth(1).locator('.moved')).toHaveCount(1);
    await expect(rows.nth(2).locator('.moved')).toHaveCount(1);
    await expect(rows.nth(0).locator('.moved')).toHaveCount(0);
    await page.screenshot({ path: shotPath('play-three-desktop.png') });
    mirror.free();

    // Teams: a heading per team with its seats under it.
    await open(page, `?variant=${encodeURIComponent('star-4+teams=opposite')}`);
    const teamRows = await page.locator('#standings li').evaluateAll((els) =>
      els.map((el) => (el.classList.contains('team-head') ? `T:${el.querySelector('.name').textContent}` : `S${el.dataset.seat}`)),
    );
    const g = await addressGame(page);
    const teamOf = g.board().seats.map((s) => s.team);
    g.free();
    const expected = [];
    for (const team of [...new Set(teamOf)].sort()) {
      expected.push(`T:Team ${team}`);
      teamOf.forEach((tm, i) => tm === team && expected.push(`S${i + 1}`));
    }
    expect(teamRows).toEqual(expected);
    await page.screenshot({ path: shotPath('play-teams-desktop.png') });
    errs.check();
  });

  test('progress is the distance to go, never negative, explained in a tooltip', async ({ page }) => {
    const errs = watchErrors(page);
    await open(page, '?variant=star-2');
    const rows = page.locator('#standings li');
    await expect(rows.nth(0).locator('.togo')).toHaveText('120 to go');
    await expect(page.locator('#points-h')).toHaveText('Distance to the goal');
    expect(await rows.nth(0).locator('.pts').getAttribute('title')).toMatch(/0% of the way\. 120 to go/);
    const { Game } = await engine();
    const mirror = new Game('star-2');
    // Seat 1 forward, seat 2 forward, then seat 1's most backward move.
    for (let i = 0; i < 2; i++) {
      const m = greedyMove(mirror);
      await clickMove(page, m.from, m.to);
      mirror.playMove(m.from, m.to);
    }
    let worst = null;
    for (const m of mirror.legalMoves()) {
      const g = Game.fromPosition(mirror.position());
      g.playMove(m.from, m.to);
      const p = g.points()[0];
      g.free();
      if (!worst || p < worst.p) worst = { m, p };
    }
    await clickMove(page, worst.m.from, worst.m.to);
    mirror.playMove(worst.m.from, worst.m.to);
    const togo = 120 - mirror.points()[0];
    await expect(rows.nth(0).locator('.togo')).toHaveText(`${togo} to go`);
    for (const txt of await page.locator('#standings').allTextContents()) expect(txt).not.toMatch(/[-−]\d/);
    expect(await rows.nth(0).locator('progress').evaluate((p) => p.value)).toBe(Math.max(0, mirror.points()[0]));
    mirror.free();
    errs.check();
  });

  test('a solitaire rings its unpaired pieces on the board', async ({ page }) => {
    const errs = watchErrors(page);
    await open(page, '?variant=solitaire');
    await expect(page.locator('#standings .togo')).toHaveText('19 unpaired');
    const g = await addressGame(page);
    const unpaired = Array.from(g.unmatchedCells());
    const empty = g.cells().findIndex((s, i) => s === 0 && i > 100);
    g.free();
    expect(unpaired.length).toBe(19);
    expect(await inkNear(page, unpaired[0], 0.5, 'mark')).toBeGreaterThan(20);
    expect(await inkNear(page, empty, 0.5, 'mark')).toBe(0);
    expect(await page.locator('#standings .pts').getAttribute('title')).toContain('ringed on the board');
    await page.screenshot({ path: shotPath('play-solitaire-desktop.png') });
    errs.check();
  });
});

test.describe('phone', () => {
  test.use(PHONE);

  test('phone: the replay view and the progress panel by touch', async ({ page }) => {
    const errs = watchErrors(page);
    await open(page, '?variant=star-3');
    const { Game } = await engine();
    const mirror = new Game('star-3');
    for (let i = 0; i < 3; i++) {
      const m = greedyMove(mirror);
      await clickMove(page, m.from, m.to);
      mirror.playMove(m.from, m.to);
    }
    await settle(page);
    await page.screenshot({ path: shotPath('play-three-phone.png'), fullPage: true });
    await page.locator('#moves li').nth(0).tap();
    await expect(page.locator('#browse-text')).toHaveText(/^Position after turn 1 of Player 1 \(red\): [a-q]\d+-[a-q]\d+\.$/);
    // The replay bar fits the phone's width.
    for (const id of ['br-first', 'br-prev', 'br-next', 'br-last', 'br-replay', 'br-resume', 'br-here']) {
      const b = await page.locator(`#${id}`).boundingBox();
      expect(b && b.x >= 0 && b.x + b.width <= 390, id).toBe(true);
    }
    await page.screenshot({ path: shotPath('play-browse-phone.png'), fullPage: true });
    await page.locator('#br-resume').tap();
    await expect(page.locator('#browse-line')).toBeHidden();
    mirror.free();
    errs.check();
  });
});
