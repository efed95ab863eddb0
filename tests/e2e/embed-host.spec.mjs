// Boards on another site's pages, as a site owner embeds them: the host pages are on another
// origin (tests/e2e/serve-host.mjs, pages in tests/e2e/host/) under strict
// Content-Security-Policies, and the boards come from the deployed site under /halma/, served
// with CORS headers (as GitHub Pages) and without (a plain static host). The copy-and-paste
// page of docs/embedding.md is served as the docs give it. Screenshots of the host pages,
// desktop and phone, go to tests/e2e/screenshots/.
import { test, expect } from '@playwright/test';
import { engine, watchCsp, greedyMove, shotPath } from './helpers.mjs';
import { HOST, CORS_SITE, NOCORS_SITE } from '../../playwright.config.mjs';

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
