// Boards on another site's pages, as a site owner embeds them: the host pages are on another
// origin (tests/e2e/serve-host.mjs, pages in tests/e2e/host/) under strict
// Content-Security-Policies, and the boards come from the deployed site under /halma/, served
// with CORS headers (as GitHub Pages) and without (a plain static host). Every code block of
// docs/embedding.md and the README's embedding section is run as the docs give it: host pages
// are built from the blocks (DOC_EXAMPLES), and a block no test runs fails. The sizes the docs
// state are checked against the build. Screenshots of the host pages, desktop and phone, go to
// tests/e2e/screenshots/.
import { test, expect } from '@playwright/test';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { engine, watchCsp, greedyMove, shotPath } from './helpers.mjs';
import { HOST, CORS_SITE, NOCORS_SITE, E2E_DIST } from '../../playwright.config.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

// Seat 1 has nine pieces in its target camp; g5-h5 fills it (as in gameover.spec.mjs).
const NEAR_WIN = 'halma-8x8 1 ....1111/.....111/......11/......1./....2.../22....../222...../2222....';
const PHONE = { width: 390, height: 844 };

/**
 * Collects console messages, page errors and failed requests.
 * @param {import('@playwright/test').Page} page
 */
function watchConsole(page) {
  /** @type {{type: string, text: string}[]} */
  const messages = [];
  page.on('console', (m) => messages.push({ type: m.type(), text: m.text() }));
  page.on('pageerror', (e) => messages.push({ type: 'pageerror', text: e.message }));
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') messages.push({ type: 'requestfailed', text: r.url() });
  });
  return {
    messages,
    /** @param {string} type */
    of: (type) => messages.filter((m) => m.type === type).map((m) => m.text),
    /** No errors, no warnings (but those `allowed` matches). */
    check(allowed = /$^/) {
      const bad = messages.filter((m) => m.type !== 'log' && m.type !== 'info' && m.type !== 'debug' && !allowed.test(m.text));
      expect(bad, JSON.stringify(bad, null, 1)).toEqual([]);
    },
  };
}

/**
 * Records every board event (they do not all bubble: captured at the document), in order.
 * @param {import('@playwright/test').Page} page
 */
async function recordEvents(page) {
  await page.addInitScript(() => {
    window.__events = [];
    for (const type of ['ready', 'move', 'gameover', 'error']) {
      document.addEventListener(
        type,
        (e) => {
          if (!(e instanceof CustomEvent) || !(e.target instanceof HTMLElement) || e.target.localName !== 'halma-board') return;
          window.__events.push({ id: e.target.id, type, detail: JSON.parse(JSON.stringify(e.detail)) });
        },
        true,
      );
    }
  });
  return {
    /** @param {string} [id] */
    of: (id) => page.evaluate((i) => window.__events.filter((e) => !i || e.id === i), id),
  };
}

/** @param {import('@playwright/test').Page} page @param {string} id */
async function ready(page, id) {
  await page.waitForFunction((i) => {
    const b = document.getElementById(i);
    return !!b && !!b.game && b.game.turn() > 0 && !!b.shadowRoot.querySelector('canvas');
  }, id);
}

/** @param {import('@playwright/test').Page} page @param {string} id @param {number} cell */
async function clickCell(page, id, cell) {
  await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  await page.waitForFunction((i) => !document.getElementById(i).game.animating(), id);
  const p = await page.evaluate(([i, c]) => document.getElementById(i).game.cellPoint(c), [id, cell]);
  await page.mouse.click(p.x, p.y);
}

/** Moves in a board's record. */
const movesOf = (page, id) => page.evaluate((i) => document.getElementById(i).game.record().split('\n')[1].split(' ').filter(Boolean).length, id);

for (const which of ['cors', 'nocors']) {
  test(`the docs' page under its CSP, the board's site ${which === 'cors' ? 'with' : 'without'} CORS headers`, async ({ page }) => {
    const site = which === 'cors' ? CORS_SITE : NOCORS_SITE;
    const head = await fetch(`${site}halma-board.js`);
    expect(head.ok).toBe(true);
    expect(head.headers.get('access-control-allow-origin')).toBe(which === 'cors' ? '*' : null);
    const log = watchConsole(page);
    const csp = await watchCsp(page);
    await page.goto(`${HOST}docs/${which}/page.html`);
    // my-board.js waited for the element, then for the engine.
    await expect(page.locator('#last')).toHaveAttribute('data-ready', 'yes');
    await ready(page, 'board');
    const { Game } = await engine();
    const mirror = new Game('halma-8x8');
    const m = greedyMove(mirror);
    mirror.playMove(m.from, m.to);
    await clickCell(page, 'board', m.from);
    await clickCell(page, 'board', m.to);
    await expect(page.locator('#last')).toHaveText(`${mirror.history().at(-1).text} (move 1)`);
    // The computer (seat 2) answers: its worker started from the other origin's script.
    await expect(page.locator('#last')).toHaveText(/\(move 2\)$/, { timeout: 30_000 });
    const rec = await page.evaluate(() => document.getElementById('board').game.record());
    expect(() => Game.fromRecord(rec).free()).not.toThrow();
    // The iframe asked for its height and the one-line listener gave it.
    const frame = page.frameLocator('#frame');
    await expect(frame.locator('halma-board')).toBeVisible();
    await page.waitForFunction(() => {
      const f = document.getElementById('frame');
      return f.style.height !== '' && Math.abs(f.getBoundingClientRect().height - parseFloat(f.style.height)) < 0.5;
    });
    const fh = await page.evaluate(() => document.getElementById('frame').getBoundingClientRect().height);
    expect(fh).toBeGreaterThan(360);
    expect(fh).toBeLessThan(440);
    await page.screenshot({ path: shotPath(`embed-host-docs-${which}.png`), fullPage: true });
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    await page.screenshot({ path: shotPath(`embed-host-docs-${which}-phone.png`), fullPage: true });
    // A 320 px phone: nothing scrolls sideways, the frame's board is whole (my-board.css).
    await page.setViewportSize(SMALL_PHONE);
    await page.waitForTimeout(300);
    await noSidewaysScroll(page);
    await frameFits(page);
    mirror.free();
    await csp.check(page);
    log.check();
  });
}

test('embed.js as a module: works from a host with CORS; without, the browser refuses it as the docs say', async ({ page }) => {
  const log = watchConsole(page);
  const csp = await watchCsp(page);
  await page.goto(`${HOST}p/cors/module.html`);
  await ready(page, 'vs');
  await page.evaluate(() => document.getElementById('vs').game.play('a3-b4'));
  await page.waitForFunction(() => document.getElementById('vs').game.record().split('\n')[1].split(' ').length === 2, null, { timeout: 30_000 });
  await csp.check(page);
  log.check();

  const log2 = watchConsole(page);
  await page.goto(`${HOST}p/nocors/module.html`);
  await page.waitForTimeout(1000);
  expect(await page.evaluate(() => customElements.get('halma-board') === undefined)).toBe(true);
  expect(log2.of('error').join('\n')).toMatch(/Access-Control-Allow-Origin/);
});

test('a policy without what the board needs: the board says what to add, and fires error', async ({ page }) => {
  const events = await recordEvents(page);
  await page.goto(`${HOST}p/nocors/policy.html`);
  const err = page.locator('#b').locator('.error');
  await expect(err).toBeVisible();
  await expect(err).toContainText("add 'wasm-unsafe-eval' to its script-src");
  expect((await events.of('b')).map((e) => e.type)).toEqual(['error']);

  await page.goto(`${HOST}p/nocors/noworker.html`);
  const err2 = page.locator('#b').locator('.error');
  // The computer moves first: starting its worker is what the policy refuses.
  await expect(err2).toContainText('worker-src blob:');
  expect((await events.of('b')).map((e) => e.type)).toEqual(['ready', 'error']);
  // The board itself shows: a person could still play the other seat.
  await expect(page.locator('#b').locator('canvas')).toBeVisible();
});

test('bad attributes: a clear message in the board and an error event; a misspelt one warns', async ({ page }) => {
  const log = watchConsole(page);
  const csp = await watchCsp(page);
  const events = await recordEvents(page);
  await page.goto(`${HOST}p/nocors/host.html`);
  await ready(page, 'record');
  const expected = {
    'bad-seats': /seats: "robot" is not a player: use human or computer/,
    'bad-level': /level "99" is not a level: use 1 to 5/,
    'bad-orientation': /orientation "7" is not a seat of this game: use 1 to 2, or turn/,
    'bad-theme': /theme "purple" is not a theme: use light, dark or auto/,
    'bad-lang': /lang "fr" is not a language of the board: use en or da/,
    'bad-at': /at "abc" is not a number of moves/,
    'bad-variant': /halma-7x7/,
  };
  for (const [id, re] of Object.entries(expected)) {
    const b = page.locator(`#${id}`);
    await expect(b.locator('.error'), id).toHaveText(new RegExp(`^This game cannot be shown: .*${re.source}`));
    expect(await page.evaluate((i) => document.getElementById(i).game.error(), id), id).toMatch(re);
    // No board, no empty bar of status and buttons: the message alone, within 200 px.
    await expect(b.locator('.board'), id).toBeHidden();
    await expect(b.locator('.bar'), id).toBeHidden();
    const box = await b.boundingBox();
    expect(box.width, id).toBeLessThanOrEqual(200);
    const over = await page.evaluate((i) => {
      const r = document.getElementById(i).shadowRoot.querySelector('.root');
      return r.scrollWidth - r.clientWidth;
    }, id);
    expect(over, id).toBeLessThanOrEqual(0);
    const ev = (await events.of(id)).filter((e) => e.type === 'error');
    expect(ev.length, id).toBe(1);
    expect(ev[0].detail.message).toMatch(re);
  }
  // The misspelt attribute: one warning, naming the attribute it probably meant; none for
  // the attributes every element has (id, class, data-*, aria-*).
  const warnings = log.of('warning');
  expect(warnings).toEqual([expect.stringMatching(/unknown attribute "sets" on a board \(did you mean "seats"\?\)/)]);
  expect(await page.evaluate(() => document.getElementById('typo').game.error())).toBeNull();

  // A bad value on a board that shows a game: the game stays, and the message says so.
  const rec = page.locator('#record');
  const before = await page.evaluate(() => document.getElementById('record').game.position());
  await page.evaluate(() => document.getElementById('record').setAttribute('level', '99'));
  await expect(rec.locator('.error')).toHaveText(/^Not changed: level "99" is not a level: use 1 to 5\. The board still shows the game as it was\.$/);
  await expect(rec.locator('canvas')).toBeVisible();
  expect(await page.evaluate(() => document.getElementById('record').game.position())).toBe(before);
  // Other changes wait while the attributes are not valid; fixed, they all apply.
  await page.evaluate(() => document.getElementById('record').setAttribute('at', '4'));
  expect(await page.evaluate(() => document.getElementById('record').game.step())).toEqual({ at: 2, total: 4 });
  await page.evaluate(() => document.getElementById('record').setAttribute('level', '2'));
  await expect(rec.locator('.error')).toBeHidden();
  expect(await page.evaluate(() => document.getElementById('record').game.step())).toEqual({ at: 4, total: 4 });
  // A bad game source too keeps the game shown.
  await page.evaluate(() => document.getElementById('record').setAttribute('record', 'halma-8x8\nz9-z10'));
  await expect(rec.locator('.error')).toHaveText(/^Not changed: /);
  await expect(rec.locator('canvas')).toBeVisible();

  // The 200 px record board: its step buttons stay inside it.
  await page.evaluate(() => document.getElementById('record').setAttribute('record', 'halma-8x8\na3-c3 f8-f6 a2-c4 g8-e6'));
  await expect(rec.locator('.error')).toBeHidden();
  const hostBox = await rec.boundingBox();
  // The whole "move 4 of 4" shows (no ellipsis).
  expect(await page.evaluate(() => {
    const at = document.getElementById('record').shadowRoot.querySelector('.at');
    return at.scrollWidth <= at.clientWidth;
  })).toBe(true);
  for (const k of ['first', 'prev', 'next', 'last']) {
    const bb = await rec.locator(`button[data-step="${k}"]`).boundingBox();
    expect(bb.x + bb.width, k).toBeLessThanOrEqual(hostBox.x + hostBox.width + 0.5);
    expect(bb.x, k).toBeGreaterThanOrEqual(hostBox.x - 0.5);
  }
  await page.screenshot({ path: shotPath('embed-host-attributes.png'), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  await page.screenshot({ path: shotPath('embed-host-attributes-phone.png'), fullPage: true });
  await csp.check(page);
  log.check(/unknown attribute "sets"/);
});

test("the host page's CSS does not reach the board's text", async ({ page }) => {
  await page.goto(`${HOST}p/cors/host.html`);
  await ready(page, 'record');
  const style = await page.evaluate(() => {
    const root = document.getElementById('record').shadowRoot;
    const s = getComputedStyle(root.querySelector('.status span:not(.swatch)'));
    const b = getComputedStyle(root.querySelector('button'));
    return {
      fontFamily: s.fontFamily,
      fontSize: s.fontSize,
      fontStyle: s.fontStyle,
      fontWeight: s.fontWeight,
      letterSpacing: s.letterSpacing,
      wordSpacing: s.wordSpacing,
      textTransform: s.textTransform,
      lineHeight: s.lineHeight,
      textIndent: s.textIndent,
      textShadow: s.textShadow,
      whiteSpace: s.whiteSpace,
      color: s.color,
      buttonMinWidth: b.minWidth,
      buttonTransform: b.textTransform,
    };
  });
  expect(style.fontFamily).toMatch(/^system-ui/);
  expect(style).toMatchObject({
    fontSize: '14px',
    fontStyle: 'normal',
    fontWeight: '400',
    letterSpacing: 'normal',
    wordSpacing: '0px',
    textTransform: 'none',
    lineHeight: '19.6px',
    textIndent: '0px',
    textShadow: 'none',
    whiteSpace: 'normal',
    color: 'rgb(31, 27, 22)',
    buttonTransform: 'none',
  });
  // 2em of the button's 13.3px: the page's 40px rem does not count.
  expect(parseFloat(style.buttonMinWidth)).toBeCloseTo(2 * 14 * 0.95, 0);
});

test('a moved element keeps its game, the computer answer on its way included; ready fires once', async ({ page }) => {
  const log = watchConsole(page);
  const events = await recordEvents(page);
  await page.goto(`${HOST}p/nocors/host.html`);
  await ready(page, 'vs');
  const { Game } = await engine();
  const mirror = new Game('halma-8x8');
  const first = greedyMove(mirror);
  // A person's move, then out of the page at once (the computer is thinking), back soon after.
  await page.evaluate(([f, t]) => {
    const b = document.getElementById('vs');
    b.game.play({ from: f, to: t });
    window.__vsParent = b.parentElement;
    window.__vsDetached = b;
    b.remove();
  }, [first.from, first.to]);
  await page.waitForTimeout(150);
  await page.evaluate(() => window.__vsParent.prepend(window.__vsDetached));
  await page.waitForFunction(() => document.getElementById('vs').game.turn() === 1 && document.getElementById('vs').game.record().split('\n')[1].split(' ').length === 2, null, { timeout: 30_000 });
  expect((await events.of('vs')).map((e) => `${e.type}${e.detail.by ? `:${e.detail.by}` : ''}`)).toEqual(['ready', 'move:api', 'move:computer']);

  // Out of the page for longer than PARK_MS: the worker and the canvas go, the game stays.
  const rec2 = await page.evaluate(() => document.getElementById('vs').game.record());
  await page.evaluate(() => {
    window.__vsDetached = document.getElementById('vs');
    window.__vsDetached.remove();
  });
  await page.waitForTimeout(3600);
  expect(await page.evaluate(() => window.__vsDetached.shadowRoot.querySelector('canvas'))).toBeNull();
  expect(await page.evaluate(() => window.__vsDetached.game.record())).toBe(rec2);
  await page.evaluate(() => window.__vsParent.prepend(window.__vsDetached));
  await ready(page, 'vs');
  expect(await page.evaluate(() => document.getElementById('vs').game.record())).toBe(rec2);
  // It plays on: a person's move by clicks, the computer's answer from a new worker.
  const g = Game.fromRecord(rec2);
  const next = greedyMove(g);
  await clickCell(page, 'vs', next.from);
  await clickCell(page, 'vs', next.to);
  await page.waitForFunction(() => document.getElementById('vs').game.record().split('\n')[1].split(' ').length === 4, null, { timeout: 30_000 });
  expect(await movesOf(page, 'vs')).toBe(4);
  const types = (await events.of('vs')).map((e) => e.type);
  expect(types.filter((t) => t === 'ready')).toEqual(['ready']);
  expect(types.filter((t) => t === 'error')).toEqual([]);
  g.free();
  mirror.free();
  log.check(/unknown attribute "sets"/);
});

test('move comes before gameover: on the element and through the API', async ({ page }) => {
  const events = await recordEvents(page);
  await page.goto(`${HOST}p/cors/host.html`);
  await ready(page, 'win');
  await page.evaluate(() => {
    window.__api = [];
    const g = document.getElementById('win').game;
    g.on('move', () => window.__api.push('move'));
    g.on('gameover', () => window.__api.push('gameover'));
  });
  const { Game } = await engine();
  const mirror = Game.fromPosition(NEAR_WIN);
  await clickCell(page, 'win', mirror.cellByName('g5'));
  await clickCell(page, 'win', mirror.cellByName('h5'));
  await page.waitForFunction(() => window.__api.length === 2);
  expect(await page.evaluate(() => window.__api)).toEqual(['move', 'gameover']);
  const ev = (await events.of('win')).map((e) => e.type);
  expect(ev).toEqual(['ready', 'move', 'gameover']);
  mirror.free();
});

test('the script three times on a page: warnings, one engine, one element; createGame twice replaces cleanly', async ({ page }) => {
  const log = watchConsole(page);
  const csp = await watchCsp(page);
  await page.addInitScript(() => {
    window.__wasm = 0;
    for (const k of ['instantiate', 'instantiateStreaming', 'compile', 'compileStreaming']) {
      const f = WebAssembly[k];
      WebAssembly[k] = function (...args) {
        window.__wasm++;
        return f.apply(this, args);
      };
    }
  });
  /** @type {string[]} */
  const wasmRequests = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.wasm')) wasmRequests.push(r.url());
  });
  await page.goto(`${HOST}p/cors/twice.html`);
  await ready(page, 'a');
  await ready(page, 'b');
  await page.waitForTimeout(500);
  const warnings = log.of('warning');
  expect(warnings).toHaveLength(2);
  for (const w of warnings) expect(w).toMatch(/the board script is on this page twice .* Load it once\./);
  expect(wasmRequests).toHaveLength(1);
  expect(await page.evaluate(() => window.__wasm)).toBe(1);

  const out = await page.evaluate(async () => {
    const { createGame } = customElements.get('halma-board');
    const div = document.getElementById('api');
    const first = createGame(div, { variant: 'halma-8x8', interactive: true });
    await first.ready;
    const seen = [];
    first.on('move', (d) => seen.push(`first ${d.text}`));
    first.play('a3-b4');
    const second = createGame(div, { variant: 'halma-8x8', interactive: true });
    await second.ready;
    second.on('move', (d) => seen.push(`second ${d.text}`));
    /** @param {() => unknown} f */
    const error = (f) => {
      try {
        f();
        return null;
      } catch (e) {
        return e.message;
      }
    };
    const firstPlay = error(() => first.play('b3-c4'));
    const firstRecord = error(() => first.record());
    second.play('b3-c4');
    // On a <halma-board>: el.game becomes the new API, the old one is retired.
    const a = document.getElementById('a');
    const oldA = a.game;
    const newA = createGame(a, { variant: 'star-2' });
    await newA.ready;
    return {
      seen,
      firstPlay,
      firstRecord,
      secondRecord: second.record(),
      boards: div.shadowRoot.querySelectorAll('canvas').length,
      elementGame: a.game === newA,
      oldA: error(() => oldA.position()),
      newA: newA.position().split(' ')[0],
    };
  });
  expect(out).toEqual({
    seen: ['first a3-b4', 'second b3-c4'],
    firstPlay: expect.stringMatching(/^this board was replaced: createGame was called again on its element/),
    firstRecord: expect.stringMatching(/^this board was replaced/),
    secondRecord: 'halma-8x8\nb3-c4\n',
    boards: 1,
    elementGame: true,
    oldA: expect.stringMatching(/^this board was replaced/),
    newA: 'star-2',
  });
  await csp.check(page);
  log.check(/on this page twice/);
});

test('the iframe: as tall as it asks, commands in, results and errors out, move before gameover', async ({ page }) => {
  const log = watchConsole(page);
  const csp = await watchCsp(page);
  await page.goto(`${HOST}p/nocors/frame.html`);
  const msgs = (/** @type {string} */ id) => page.evaluate((i) => window.frameMessages.filter((m) => m.frame === i), id);
  await page.waitForFunction(() => ['game', 'record', 'fixed'].every((id) => window.frameMessages.some((m) => m.frame === id && m.type === 'halma:ready')));
  // The frames that listen to halma:size are as tall as they asked: nothing clipped.
  for (const id of ['game', 'record']) {
    await page.waitForFunction((i) => {
      const size = window.frameMessages.filter((m) => m.frame === i && m.type === 'halma:size').at(-1);
      const f = document.getElementById(i);
      return size && f.style.height === `${size.detail.height}px`;
    }, id);
  }
  for (const f of page.frames().filter((x) => x.url().includes('embed.html'))) {
    const r = await f.evaluate(() => {
      const b = document.getElementById('board');
      const root = b.shadowRoot.querySelector('.root').getBoundingClientRect();
      const board = b.shadowRoot.querySelector('.board').getBoundingClientRect();
      return { bottom: root.bottom, top: root.top, inner: innerHeight, width: innerWidth, side: board.width };
    });
    // Everything inside the frame, and the board as wide as the frame allows.
    expect(r.top, f.url()).toBeGreaterThanOrEqual(0);
    expect(r.bottom, f.url()).toBeLessThanOrEqual(r.inner + 0.5);
    expect(r.side, f.url()).toBeGreaterThan(r.width - 10);
  }

  // What the docs say a diagram's frame wants over its width (the record frame's last word).
  const said = /A diagram with step buttons wants about (\d+) px more/.exec(readFileSync(`${ROOT}docs/embedding.md`, 'utf8').replace(/\s+/g, ' '));
  const recSize = (await msgs('record')).filter((x) => x.type === 'halma:size').at(-1).detail;
  expect(Math.abs(recSize.height - recSize.width - Number(said?.[1])), `measured ${recSize.height - recSize.width}`).toBeLessThanOrEqual(3);

  // Commands to the game frame.
  const send = (msg) => page.evaluate((m) => document.getElementById('game').contentWindow.postMessage(m, '*'), msg);
  const { Game } = await engine();
  const mirror = new Game('halma-8x8');
  const m = greedyMove(mirror);
  mirror.playMove(m.from, m.to);
  const text = mirror.history().at(-1).text;
  const reply = async (id) => {
    await page.waitForFunction((i) => window.frameMessages.some((x) => x.frame === 'game' && (x.type === 'halma:result' || x.type === 'halma:error') && x.detail?.id === i), id);
    return (await msgs('game')).find((x) => (x.type === 'halma:result' || x.type === 'halma:error') && x.detail?.id === id);
  };
  await send({ type: 'halma:play', id: 1, move: text });
  expect(await reply(1)).toMatchObject({ type: 'halma:result', detail: { id: 1, command: 'halma:play' } });
  await send({ type: 'halma:play', id: 2, move: 'a1-h8' });
  expect(await reply(2)).toMatchObject({ type: 'halma:error', detail: { id: 2, command: 'halma:play', message: expect.any(String) } });
  await send({ type: 'halma:get', id: 3 });
  expect((await reply(3)).detail.value).toMatchObject({ position: mirror.position(), link: mirror.link(), turn: 2 });
  await send({ type: 'halma:undo', id: 4 });
  expect((await reply(4)).detail.value).toBe(true);
  await send({ type: 'halma:set', id: 5, config: { variant: 'halma-7x7' } });
  expect(await reply(5)).toMatchObject({ type: 'halma:error', detail: { id: 5, command: 'halma:set' } });
  await send({ type: 'halma:set', id: 6, config: { position: NEAR_WIN } });
  expect(await reply(6)).toMatchObject({ type: 'halma:result', detail: { id: 6 } });
  await send({ type: 'halma:play', id: 7, move: 'g5-h5' });
  await reply(7);
  const tail = (await msgs('game')).map((x) => x.type).filter((t) => t !== 'halma:size');
  expect(tail.slice(-3)).toEqual(['halma:move', 'halma:gameover', 'halma:result']);
  await send({ type: 'halma:nope', id: 8 });
  expect(await reply(8)).toMatchObject({ type: 'halma:error', detail: { message: expect.stringMatching(/unknown command 'halma:nope'/) } });
  await page.screenshot({ path: shotPath('embed-host-frames.png'), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(500);
  await page.screenshot({ path: shotPath('embed-host-frames-phone.png'), fullPage: true });
  mirror.free();
  await csp.check(page);
  log.check();
});

// ------------------------------------------------------------------ attributes set again

test('an attribute set again, or back after a typo, keeps the game; another game asks first (beforereset)', async ({ page }) => {
  const log = watchConsole(page);
  const csp = await watchCsp(page);
  await page.goto(`${HOST}p/cors/host.html`);
  await ready(page, 'vs');
  await page.evaluate(() => {
    window.__resets = [];
    document.addEventListener('beforereset', (e) => window.__resets.push({ id: e.target.id, ...e.detail }));
  });
  // The issue's game: a3-c3, the computer answers.
  await page.evaluate(() => document.getElementById('vs').game.play('a3-c3'));
  await page.waitForFunction(() => document.getElementById('vs').game.record().split('\n')[1].split(' ').length === 2, null, { timeout: 30_000 });
  const rec = await page.evaluate(() => document.getElementById('vs').game.record());
  /** Sets attributes on #vs, lets the update run, and answers the record, step and error. */
  const setAttrs = (/** @type {Record<string, string | null>} */ attrs) =>
    page.evaluate(async (a) => {
      const b = document.getElementById('vs');
      for (const [k, v] of Object.entries(a)) (v === null ? b.removeAttribute(k) : b.setAttribute(k, v));
      await new Promise((r) => setTimeout(r, 50));
      return { record: b.game.record(), error: b.game.error() };
    }, attrs);
  // The same value again (as a framework re-renders), and other ways to say the same game.
  expect(await setAttrs({ variant: 'halma-8x8' })).toEqual({ record: rec, error: null });
  expect(await setAttrs({ variant: 'halma-8x8', seats: 'human,computer', level: '1', interactive: '' })).toEqual({ record: rec, error: null });
  expect(await setAttrs({ seats: 'Human, computer' })).toEqual({ record: rec, error: null });
  expect(await setAttrs({ variant: null, record: 'halma-8x8\n' })).toEqual({ record: rec, error: null });
  expect(await setAttrs({ record: null, variant: 'halma-8x8' })).toEqual({ record: rec, error: null });
  // A typo, then its fix: the message, then the game as it was.
  const typo = await setAttrs({ variant: 'star-9' });
  expect(typo.record).toBe(rec);
  expect(typo.error).toMatch(/unknown variant 'star-9'/);
  await expect(page.locator('#vs').locator('.error')).toHaveText(/^Not changed: /);
  expect(await setAttrs({ variant: 'halma-8x8' })).toEqual({ record: rec, error: null });
  await expect(page.locator('#vs').locator('.error')).toBeHidden();
  expect(await page.evaluate(() => window.__resets)).toEqual([]);

  // Another game: beforereset first, with both configurations; cancelled, the game stays.
  await page.evaluate(() => document.getElementById('vs').addEventListener('beforereset', (e) => e.preventDefault(), { once: true }));
  expect(await setAttrs({ variant: 'star-2' })).toEqual({ record: rec, error: null });
  const resets = await page.evaluate(() => window.__resets);
  expect(resets).toEqual([
    expect.objectContaining({ id: 'vs', record: rec, moves: 2, by: 'attribute', old: expect.objectContaining({ variant: 'halma-8x8' }), new: expect.objectContaining({ variant: 'star-2' }) }),
  ]);
  // Not cancelled: the new game.
  await page.evaluate(() => document.getElementById('vs').setAttribute('variant', 'halma-10x10'));
  await page.waitForFunction(() => document.getElementById('vs').game.record() === 'halma-10x10\n');
  expect(await page.evaluate(() => window.__resets.length)).toBe(2);
  // No moves on it yet: a new game replaces it without asking.
  expect((await setAttrs({ variant: 'halma-8x8' })).record).toBe('halma-8x8\n');
  expect(await page.evaluate(() => window.__resets.length)).toBe(2);
  // set() is a command: the same game again starts it anew (asking first, since moves were played).
  await page.evaluate(() => document.getElementById('vs').game.play('a3-b4'));
  await page.waitForFunction(() => document.getElementById('vs').game.record().split('\n')[1].split(' ').length === 2, null, { timeout: 30_000 });
  await page.evaluate(() => document.getElementById('vs').game.set({ variant: 'halma-8x8' }));
  expect(await page.evaluate(() => document.getElementById('vs').game.record())).toBe('halma-8x8\n');
  expect(await page.evaluate(() => window.__resets.at(-1).by)).toBe('api');

  // `at` on a diagram: stepped on by a person, the same `at` again (or after a typo) stays.
  const step = (/** @type {Record<string, string>} */ attrs) =>
    page.evaluate(async (a) => {
      const b = document.getElementById('record');
      for (const [k, v] of Object.entries(a)) b.setAttribute(k, v);
      await new Promise((r) => setTimeout(r, 50));
      return b.game.step();
    }, attrs);
  await page.locator('#record').locator('button[data-step="next"]').click();
  expect(await step({})).toEqual({ at: 3, total: 4 });
  expect(await step({ at: '2' })).toEqual({ at: 3, total: 4 });
  expect(await step({ at: 'abc' })).toEqual({ at: 3, total: 4 });
  expect(await step({ at: '2' })).toEqual({ at: 3, total: 4 });
  expect(await step({ at: '1' })).toEqual({ at: 1, total: 4 });
  await csp.check(page);
  log.check(/unknown attribute "sets"/);
});

// ------------------------------------------------------------------ colours

/**
 * How many pixels of a board's canvas are within `tol` of a colour on every channel.
 * @param {import('@playwright/test').Page} page
 * @param {string} id
 * @param {string} hex `#rrggbb`
 * @param {number} [tol]
 */
function pixels(page, id, hex, tol = 2) {
  return page.evaluate(
    ([i, h, t]) => {
      const c = document.getElementById(i).shadowRoot.querySelector('canvas');
      const d = c.getContext('2d', { willReadFrequently: true }).getImageData(0, 0, c.width, c.height).data;
      const want = [1, 3, 5].map((k) => parseInt(h.slice(k, k + 2), 16));
      let n = 0;
      for (let p = 0; p < d.length; p += 4) {
        if (Math.abs(d[p] - want[0]) <= t && Math.abs(d[p + 1] - want[1]) <= t && Math.abs(d[p + 2] - want[2]) <= t) n++;
      }
      return n;
    },
    [id, hex, tol],
  );
}

/** The colours of colours.css in docs/embedding.md (the docs' example). */
const CLUB = { board: '#e8eef5', hole: '#34495e', seat1: '#b0003a', seat2: '#00539c', fg: 'rgb(27, 42, 58)' };

test("the board's colours come from CSS custom properties on the element, and a change redraws it", async ({ page }) => {
  const log = watchConsole(page);
  await docPage(page, 'cors', {
    css: ['colours.css'],
    extra: `<style>.club halma-board { --halma-board: #654321; }</style>
<script src="%SITE%halma-board.js" defer></script>
<halma-board id="sq" variant="halma-8x8" interactive></halma-board>
<halma-board id="star" variant="star-2" interactive></halma-board>`,
  });
  await ready(page, 'sq');
  await ready(page, 'star');
  await page.waitForTimeout(300);
  // The squares are the board's colour (the light ones exactly); the pieces the seats' (under
  // a highlight: near it), and none the board's own seat colours.
  expect(await pixels(page, 'sq', CLUB.board)).toBeGreaterThan(1000);
  expect(await pixels(page, 'sq', '#f2e2c0')).toBe(0);
  for (const [id, own, club] of [['sq', '#d55e00', CLUB.seat1], ['sq', '#0072b2', CLUB.seat2], ['star', '#d55e00', CLUB.seat1]]) {
    expect(await pixels(page, id, club, 16), `${id} ${club}`).toBeGreaterThan(20);
    expect(await pixels(page, id, own, 16), `${id} ${own}`).toBe(0);
  }
  // The star's holes are the hole's colour (a ring of each, under its shading).
  expect(await pixels(page, 'star', CLUB.hole, 3)).toBeGreaterThan(100);
  // The swatch and the text around the board.
  const around = await page.evaluate(() => {
    const root = document.getElementById('sq').shadowRoot;
    return { swatch: getComputedStyle(root.querySelector('.swatch')).backgroundColor, text: getComputedStyle(root.querySelector('.status span:not(.swatch)')).color, status: root.querySelector('.status').textContent };
  });
  expect(around).toEqual({ swatch: 'rgb(176, 0, 58)', text: CLUB.fg, status: expect.stringContaining('(circle)') });

  // A change of the element's style: redrawn at once (a MutationObserver).
  await page.evaluate(() => document.getElementById('sq').style.setProperty('--halma-board', 'rgb(18, 52, 86)'));
  await expect.poll(() => pixels(page, 'sq', '#123456')).toBeGreaterThan(1000);
  expect(await pixels(page, 'sq', CLUB.board)).toBe(0);
  // A class on <body> (a page's theme switch): at once too.
  await page.evaluate(() => {
    document.getElementById('sq').style.removeProperty('--halma-board');
    document.body.classList.add('club');
  });
  await expect.poll(() => pixels(page, 'sq', '#654321')).toBeGreaterThan(1000);
  // A style sheet added: with the next move, or refresh().
  await page.evaluate(() => {
    const st = document.createElement('style');
    st.textContent = '#sq { --halma-seat-1: #00ff00; }';
    document.head.append(st);
  });
  await page.waitForTimeout(300);
  expect(await pixels(page, 'sq', '#00ff00', 16)).toBe(0);
  await page.evaluate(() => document.getElementById('sq').game.refresh());
  await expect.poll(() => pixels(page, 'sq', '#00ff00', 16)).toBeGreaterThan(20);
  // A value that is not a colour: a warning, and the board's own colour.
  const holes = await pixels(page, 'star', CLUB.hole, 3);
  await page.evaluate(() => document.getElementById('star').style.setProperty('--halma-hole', 'not-a-colour'));
  await expect.poll(() => log.of('warning').join('\n')).toMatch(/--halma-hole: "not-a-colour" is not a colour/);
  await expect.poll(() => pixels(page, 'star', '#5b3b1c', 3)).toBeGreaterThan(100);
  expect(await pixels(page, 'star', CLUB.hole, 3)).toBeLessThan(holes / 2);
  await page.screenshot({ path: shotPath('embed-host-colours.png'), fullPage: true });
  // (Chromium's hint about reading the canvas back, which this test does.)
  log.check(/is not a colour|Multiple readback operations/);
});

// ------------------------------------------------------------------ the docs' examples

/**
 * The fenced code blocks of a markdown file, each with the name of its marker
 * (`<!-- e2e: name -->` on the line before), or null.
 * @param {string} file relative to the repository
 */
function codeBlocks(file) {
  const md = readFileSync(`${ROOT}${file}`, 'utf8');
  return [...md.matchAll(/(?:<!-- e2e: ([^\n]*?) -->\n)?^```([a-z]*)\n([\s\S]*?)^```/gm)].map((m) => ({ name: m[1] ?? null, lang: m[2], code: m[3] }));
}

/** Every example of docs/embedding.md (and the README's), by the test that runs it. */
const DOC_EXAMPLES = [
  'page.html', 'my-board.js', 'my-board.css', // the docs' page under its CSP (above)
  'pinned.html', 'element.html', 'beforereset.js', 'classic-api.js', 'api.js',
  'iframe.html', 'size.js', 'commands.js', 'styling.css', 'colours.css', 'readme.html',
];

/**
 * The text of a marked block as the host serves it (the example site replaced by `which`).
 * @param {'cors' | 'nocors'} which
 * @param {string} name
 */
async function docBlock(which, name) {
  const r = await fetch(`${HOST}docs/${which}/${name}`);
  expect(r.ok, name).toBe(true);
  return r.text();
}

/**
 * Opens a page of the host's origin built from blocks of the docs (serve-host.mjs): `html`
 * blocks in the body as written, `css` ones as the page's style sheets, `js` ones as its
 * module scripts (they may use top-level await and import), `extra` (the test's own markup,
 * with %SITE% for the board's site) before the scripts.
 * @param {import('@playwright/test').Page} page
 * @param {'cors' | 'nocors'} which the board's site: with CORS headers or without
 * @param {{html?: string[], css?: string[], js?: string[], extra?: string}} parts
 */
async function docPage(page, which, { html = [], css = [], js = [], extra = '' }) {
  const q = new URLSearchParams({ html: html.join(','), css: css.join(','), js: js.join(','), extra });
  await page.goto(`${HOST}example/${which}/${[...html, ...css, ...js].join('+') || 'page'}.html?${q}`);
}

/**
 * Records the messages frames post to the page, in order.
 * @param {import('@playwright/test').Page} page
 */
async function recordFrameMessages(page) {
  await page.addInitScript(() => {
    window.__frames = [];
    addEventListener('message', (e) => {
      if (e.data && typeof e.data.type === 'string') window.__frames.push({ type: e.data.type, detail: e.data.detail });
    });
  });
}

/** Where the frame's board is in the frame: everything inside, and as wide as it allows. */
async function frameFits(page) {
  const f = page.frames().find((x) => x.url().includes('embed.html'));
  const r = await f.evaluate(() => {
    const b = document.getElementById('board');
    const root = b.shadowRoot.querySelector('.root').getBoundingClientRect();
    const board = b.shadowRoot.querySelector('.board').getBoundingClientRect();
    return { top: root.top, bottom: root.bottom, left: board.left, right: board.right, inner: innerHeight, width: innerWidth, side: board.width };
  });
  expect(r.top).toBeGreaterThanOrEqual(0);
  expect(r.bottom).toBeLessThanOrEqual(r.inner + 0.5);
  expect(r.left).toBeGreaterThanOrEqual(0);
  expect(r.right).toBeLessThanOrEqual(r.width + 0.5);
  return r;
}

/** No sideways scrolling at the page's width. */
async function noSidewaysScroll(page) {
  const w = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(w.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(w.client);
}

const SMALL_PHONE = { width: 320, height: 640 };

test('every code block of docs/embedding.md is marked and run by a test; the README\'s too', () => {
  const blocks = codeBlocks('docs/embedding.md');
  expect(blocks.length).toBeGreaterThan(10);
  const names = [];
  for (const b of blocks) {
    expect(b.name, `a block without <!-- e2e: … --> before it:\n${b.code}`).not.toBeNull();
    if (/^none \(.+\)$/.test(b.name)) continue;
    expect(b.name).toMatch(/^[\w.-]+$/);
    names.push(b.name);
  }
  const readme = codeBlocks('README.md').filter((b) => b.name);
  names.push(...readme.map((b) => b.name));
  expect(new Set(names).size, 'block names are unique').toBe(names.length);
  expect([...names].sort()).toEqual([...DOC_EXAMPLES].sort());
  // The one block not run says why: it deploys (git, a build).
  expect(blocks.filter((b) => b.name.startsWith('none')).map((b) => b.lang)).toEqual(['sh']);
});

test("the docs' element examples and a pinned version's script, as written", async ({ page }) => {
  const log = watchConsole(page);
  // The pinned release, as the current build (the test's site has no v/1.2.0/).
  await page.route(`${NOCORS_SITE}v/1.2.0/**`, async (route) => {
    const real = route.request().url().replace('/v/1.2.0/', '/');
    await route.fulfill({ response: await route.fetch({ url: real }) });
  });
  await docPage(page, 'nocors', { html: ['pinned.html'], extra: '<halma-board id="pinned" variant="halma-8x8"></halma-board>' });
  await ready(page, 'pinned');
  log.check();

  const log2 = watchConsole(page);
  await docPage(page, 'nocors', { html: ['element.html'] });
  const boards = await page.locator('halma-board').count();
  expect(boards).toBe(4);
  await page.waitForFunction(() => [...document.querySelectorAll('halma-board')].every((b) => b.game && b.game.turn() > 0 && b.shadowRoot.querySelector('canvas')));
  const shown = await page.evaluate(() => [...document.querySelectorAll('halma-board')].map((b) => ({ error: b.game.error(), step: b.game.step(), variant: b.game.position().split(' ')[0] })));
  expect(shown).toEqual([
    { error: null, step: { at: 0, total: 0 }, variant: 'halma-8x8' },
    { error: null, step: { at: 0, total: 0 }, variant: 'star-3' },
    { error: null, step: { at: 4, total: 6 }, variant: 'halma-8x8' },
    { error: null, step: { at: 0, total: 0 }, variant: 'halma-8x8' },
  ]);
  log2.check();
});

test("the docs' beforereset example asks before a new game replaces moves", async ({ page }) => {
  const log = watchConsole(page);
  await docPage(page, 'nocors', {
    js: ['beforereset.js'],
    extra: `<script src="%SITE%halma-board.js"></script>\n<halma-board id="board" variant="halma-8x8" interactive></halma-board>`,
  });
  await ready(page, 'board');
  await page.evaluate(() => document.getElementById('board').game.play('a3-c3'));
  /** @type {string[]} */
  const asked = [];
  let answer = false;
  page.on('dialog', (d) => {
    asked.push(d.message());
    void (answer ? d.accept() : d.dismiss());
  });
  const setVariant = (/** @type {string} */ v) =>
    page.evaluate(async (x) => {
      document.getElementById('board').setAttribute('variant', x);
      await new Promise((r) => setTimeout(r, 50));
      return document.getElementById('board').game.record();
    }, v);
  expect(await setVariant('star-2')).toBe('halma-8x8\na3-c3\n');
  expect(asked).toEqual(['Start a new game? The moves played on the board (1) will be lost.']);
  answer = true;
  expect(await setVariant('halma-8x8')).toBe('halma-8x8\na3-c3\n');
  expect(asked).toHaveLength(1);
  expect(await setVariant('star-2')).toBe('star-2\n');
  expect(asked).toHaveLength(2);
  log.check();
});

test("the docs' API examples, as written: createGame from halma-board.js and from embed.js", async ({ page }) => {
  // With halma-board.js: the block's bindings, and createBoard the same function.
  const log = watchConsole(page);
  await docPage(page, 'nocors', { extra: `<script src="%SITE%halma-board.js"></script>` });
  const code = await docBlock('nocors', 'classic-api.js');
  const got = await page.evaluate(async (c) => {
    const AsyncFunction = (async () => {}).constructor;
    return new AsyncFunction(`${c}\nconst cls = customElements.get('halma-board');\nreturn [typeof createGame, createGame === cls.createGame, cls.createBoard === cls.createGame];`)();
  }, code);
  expect(got).toEqual(['function', true, true]);
  log.check();

  // With embed.js (from the site with CORS headers): the whole example, with no warning.
  const log2 = watchConsole(page);
  await docPage(page, 'cors', {
    js: ['api.js'],
    extra: `<div id="board"></div>
<script>
  window.__seen = [];
  for (const type of ['error', 'beforereset', 'ready']) {
    document.getElementById('board').addEventListener(type, (e) => {
      window.__seen.push(type);
      if (type === 'error') console.error('board:', e.detail.message);
    });
  }
</script>`,
  });
  // The example ends with destroy(): the board is gone, its events all came.
  await page.waitForFunction(() => window.__seen.includes('ready') && document.getElementById('board').shadowRoot && document.getElementById('board').shadowRoot.childElementCount === 0);
  const logs = log2.of('log');
  expect(logs).toEqual([expect.stringMatching(/^a3-e5 1~star-2~\S+$/)]);
  log2.check();
});

test("the docs' iframe, as written: fits a 320 px phone, as tall as it asks, commands answered", async ({ page }) => {
  await recordFrameMessages(page);
  const log = watchConsole(page);
  await page.setViewportSize(SMALL_PHONE);
  await docPage(page, 'nocors', { html: ['iframe.html'], js: ['size.js'] });
  await page.waitForFunction(() => window.__frames.some((m) => m.type === 'halma:size'));
  await page.waitForFunction(() => {
    const size = window.__frames.filter((m) => m.type === 'halma:size').at(-1);
    return document.getElementById('frame').style.height === `${size.detail.height}px`;
  });
  await noSidewaysScroll(page);
  const box = await page.locator('#frame').boundingBox();
  expect(box.width).toBeLessThanOrEqual(SMALL_PHONE.width);
  const fit = await frameFits(page);
  expect(fit.side).toBeGreaterThan(fit.width - 10);
  // What the docs and the README say a frame wants over its width.
  const size = await page.evaluate(() => window.__frames.filter((m) => m.type === 'halma:size').at(-1).detail);
  for (const file of ['docs/embedding.md', 'README.md']) {
    const said = /about (\d+) px more height than width/.exec(readFileSync(`${ROOT}${file}`, 'utf8').replace(/\s+/g, ' '));
    expect(said, file).not.toBeNull();
    expect(Math.abs(size.height - size.width - Number(said[1])), `${file}: ${said[0]}; measured ${size.height - size.width}`).toBeLessThanOrEqual(3);
  }
  // aspect-ratio alone (no listener) already fits it: the ratio the docs give.
  const ratio = /aspect-ratio:\s*360\s*\/\s*(\d+)/.exec(await docBlock('nocors', 'iframe.html'));
  expect(Number(ratio[1]) - 360).toBeGreaterThanOrEqual(size.height - size.width);
  await page.screenshot({ path: shotPath('embed-host-docs-iframe-320.png'), fullPage: true });
  log.check();

  // The commands example: sent once the frame is ready, every answer a result.
  const log2 = watchConsole(page);
  await page.setViewportSize({ width: 1000, height: 800 });
  await docPage(page, 'nocors', { html: ['iframe.html'], js: ['commands.js'] });
  await expect.poll(() => log2.of('log').length, { timeout: 20_000 }).toBe(3);
  const [play, set, get] = log2.of('log');
  expect(play).toMatch(/^halma:play \[/);
  expect(set).toBe('halma:set {"at":2,"total":2}');
  expect(get).toMatch(/^halma:get \{"position":/);
  expect(JSON.parse(get.slice('halma:get '.length)).record).toBe('halma-8x8\nc2-c3 f7-f6\n');
  log2.check();
});

test("the README's embedding example, as written, on a 320 px phone", async ({ page }) => {
  await recordFrameMessages(page);
  const log = watchConsole(page);
  await page.setViewportSize(SMALL_PHONE);
  await docPage(page, 'nocors', { html: ['readme.html'] });
  await page.waitForFunction(() => {
    const b = document.querySelector('halma-board');
    return b && b.game && b.game.turn() > 0 && b.shadowRoot.querySelector('canvas');
  });
  await page.waitForFunction(() => window.__frames.some((m) => m.type === 'halma:ready'));
  await page.waitForTimeout(300);
  await noSidewaysScroll(page);
  expect((await page.locator('halma-board').boundingBox()).width).toBeLessThanOrEqual(SMALL_PHONE.width);
  expect((await page.locator('iframe').boundingBox()).width).toBeLessThanOrEqual(SMALL_PHONE.width);
  // Without a size listener the frame's aspect-ratio holds the board whole.
  const fit = await frameFits(page);
  expect(fit.side).toBeGreaterThan(fit.width - 12);
  await page.screenshot({ path: shotPath('embed-host-readme-320.png'), fullPage: true });
  log.check();
});

test("the docs' styling examples: width and parts; the colours' text", async ({ page }) => {
  const log = watchConsole(page);
  await docPage(page, 'cors', { css: ['styling.css'], extra: `<script src="%SITE%halma-board.js" defer></script>\n<halma-board id="b" variant="halma-8x8"></halma-board>` });
  await ready(page, 'b');
  expect((await page.locator('#b').boundingBox()).width).toBeCloseTo(320, 0);
  expect(await page.evaluate(() => getComputedStyle(document.getElementById('b').shadowRoot.querySelector('.status')).fontWeight)).toBe('700');
  log.check();
});

// ------------------------------------------------------------------ sizes and the build

test('the sizes the docs give are the build\'s (within 12%); the service worker caches what the README says', () => {
  const gz = (/** @type {string} */ f) => gzipSync(readFileSync(`${E2E_DIST}${f}`), { level: 9 }).length / 1024;
  const kib = (/** @type {string} */ f) => statSync(`${E2E_DIST}${f}`).size / 1024;
  const docs = readFileSync(`${ROOT}docs/embedding.md`, 'utf8');
  const readme = readFileSync(`${ROOT}README.md`, 'utf8').replace(/\s+/g, ' ');
  const classic = /\| about (\d+) KiB, (\d+) KiB gzipped \|/.exec(docs);
  const wasm = /loads the engine \(about (\d+) KiB gzipped\)/.exec(docs);
  const single = /`dist\/halma\.html` is the whole game in one page \(about (\d+) KiB\)/.exec(readme);
  for (const [said, measured, what] of /** @type {const} */ ([
    [classic?.[1], kib('halma-board.js'), 'halma-board.js'],
    [classic?.[2], gz('halma-board.js'), 'halma-board.js gzipped'],
    [wasm?.[1], gz('pkg/halma_bg.wasm'), 'the engine gzipped'],
    [single?.[1], kib('halma.html'), 'halma.html'],
  ])) {
    expect(said, `the docs give a size for ${what}`).toBeTruthy();
    const off = Math.abs(measured / Number(said) - 1);
    expect(off, `${what}: the docs say about ${said} KiB, the build has ${measured.toFixed(1)} KiB`).toBeLessThanOrEqual(0.12);
  }
  // "a service worker caches every file of dist/ but itself and the source maps".
  expect(readme).toContain('a service worker caches every file of `dist/` but itself and the source maps');
  const sw = readFileSync(`${E2E_DIST}sw.js`, 'utf8');
  const list = [...sw.matchAll(/\[("[^"\]]*"(?:,"[^"\]]*")*)\]/g)].map((m) => JSON.parse(`[${m[1]}]`)).find((a) => a.includes('index.html'));
  expect(list, 'the list of files in sw.js').toBeTruthy();
  const files = [];
  const walk = (/** @type {string} */ dir) => {
    for (const e of readdirSync(`${E2E_DIST}${dir}`, { withFileTypes: true })) {
      const rel = `${dir}${e.name}`;
      if (e.isDirectory()) walk(`${rel}/`);
      else files.push(rel);
    }
  };
  walk('');
  // The self-contained copies are cached on first use (the list LAZY in sw.js).
  const lazy = ['halma-board.js', 'halma.html'];
  expect(readme).toContain('cached the first time they are fetched');
  expect(sw).toContain(JSON.stringify(lazy));
  expect([...list].sort()).toEqual(files.filter((f) => !f.endsWith('.map') && f !== 'sw.js' && !lazy.includes(f)).sort());
});
