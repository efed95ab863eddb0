// Sound as a person meets it: off on a first visit, a Settings switch that is remembered,
// and sound made (seen through a stand-in for the browser's AudioContext that records the
// tones started) only while it is on: a click when turned on, a tone for a step, one tick
// per jump of a hop chain, a chime at the end; none while a past position is shown.
import { test, expect } from '@playwright/test';
import { open, watchErrors, engine, pageState, clickMove, greedyMove, settle } from './helpers.mjs';

/** Replaces the AudioContext with one that counts the tones started (and contexts made). */
async function spyOnAudio(page) {
  await page.addInitScript(() => {
    const w = /** @type {any} */ (window);
    w.__tones = 0;
    w.__contexts = 0;
    const param = () => ({ setValueAtTime() {}, exponentialRampToValueAtTime() {} });
    class SpyContext {
      constructor() {
        w.__contexts++;
        this.state = 'running';
        this.currentTime = 0;
        this.destination = {};
      }
      createOscillator() {
        return {
          type: 'sine',
          frequency: param(),
          connect: (n) => n,
          start: () => {
            w.__tones++;
          },
          stop() {},
        };
      }
      createGain() {
        return { gain: param(), connect: (n) => n };
      }
      resume() {
        return Promise.resolve();
      }
    }
    w.AudioContext = SpyContext;
  });
}

const tones = (page) => page.evaluate(() => /** @type {any} */ (window).__tones);

/** The greedy move of the page's game, and its number of jumps (0: a step). */
async function nextMove(page) {
  const { Game } = await engine();
  const g = Game.fromRecord((await pageState(page)).rec);
  const m = greedyMove(g);
  const desc = g.board();
  g.free();
  const a = desc.cells[m.path[0]];
  const b = desc.cells[m.path[1]];
  const hops = Math.hypot(b.x - a.x, b.y - a.y) > 1.5 ? m.path.length - 1 : 0;
  return { ...m, hops };
}

test('sound: off at first, a remembered switch, heard only when on and only for the live game', async ({ page }) => {
  const errs = watchErrors(page);
  await spyOnAudio(page);
  await open(page, '?variant=halma');
  await page.locator('.settings summary').click();
  await expect(page.locator('#set-sound')).not.toBeChecked();
  await expect(page.locator('label:has(#set-sound)')).toHaveText('Sound');
  await page.locator('.settings summary').click();

  // Muted: moves make no sound, and no audio context is even made.
  let m = await nextMove(page);
  await clickMove(page, m.from, m.to);
  await settle(page);
  expect(await tones(page)).toBe(0);
  expect(await page.evaluate(() => /** @type {any} */ (window).__contexts)).toBe(0);

  // Turned on: a click says so, and it is remembered.
  await page.locator('.settings summary').click();
  await page.locator('#set-sound').check();
  await expect.poll(() => tones(page)).toBe(1);
  await page.locator('.settings summary').click();
  expect(JSON.parse(await page.evaluate(() => localStorage.getItem('halma.prefs') ?? '{}')).sound).toBe(true);

  // A move: one tone for a step, one tick per jump for a hop chain.
  let hopped = 0;
  for (let i = 0; i < 6; i++) {
    m = await nextMove(page);
    hopped = Math.max(hopped, m.hops);
    const before = await tones(page);
    await clickMove(page, m.from, m.to);
    await expect.poll(() => tones(page)).toBe(before + Math.max(1, m.hops));
  }
  expect(hopped, 'a hop chain was heard').toBeGreaterThan(1);

  // Looking at a past position: the moves list's Previous makes no sound, nor does Replay.
  const before = await tones(page);
  await page.locator('#br-prev').click();
  await page.locator('#br-first').click();
  await page.locator('#br-last').click();
  await page.waitForTimeout(300);
  expect(await tones(page)).toBe(before);

  // A reload keeps the setting; turned off, silence again.
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  await page.locator('.settings summary').click();
  await expect(page.locator('#set-sound')).toBeChecked();
  await page.locator('#set-sound').uncheck();
  await page.locator('.settings summary').click();
  m = await nextMove(page);
  await clickMove(page, m.from, m.to);
  await settle(page);
  expect(await tones(page)).toBe(0);
  errs.check();
});

test('sound: Danish label, and the end of a game chimes', async ({ page }) => {
  const errs = watchErrors(page);
  await spyOnAudio(page);
  await page.addInitScript(() => {
    if (!localStorage.getItem('halma.prefs')) localStorage.setItem('halma.prefs', JSON.stringify({ lang: 'da', sound: true }));
  });
  await open(page, '?variant=halma');
  await expect(page.locator('label:has(#set-sound)')).toHaveText('Lyd');
  // A timed game lost on time ends with the chime (four tones), after a gesture.
  await page.locator('#btn-new').click();
  await page.locator('#home-setup').click();
  await page.locator('#su-advanced summary').click();
  await page.locator('#su-clock').selectOption('custom');
  await page.locator('#su-clock-min').fill('1');
  await page.locator('#su-clock-inc').fill('0');
  await page.clock.install();
  await page.locator('#su-start').click();
  await settle(page);
  // The clocks start after each player's first move.
  const { Game } = await engine();
  const g = new Game('halma');
  for (let i = 0; i < 2; i++) {
    const m = greedyMove(g);
    await clickMove(page, m.from, m.to);
    g.playMove(m.from, m.to);
  }
  g.free();
  await settle(page);
  const before = await tones(page);
  await page.clock.runFor(61_000);
  await expect(page.locator('#gameover')).toBeVisible();
  await expect(page.locator('#over-result')).toContainText('løb tør for tid');
  await expect.poll(() => tones(page)).toBe(before + 4);
  errs.check();
});
