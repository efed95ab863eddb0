// The board widget on its own: a function of its config, no rules inside, events through
// `on` and config callbacks, and `destroy()` removes the canvas and every listener.
import { test, expect } from '@playwright/test';
import { open } from './helpers.mjs';

/** Counts the event listeners on window and document through the DevTools protocol. */
async function listenerCount(page, cdp) {
  let total = 0;
  for (const expr of ['window', 'document']) {
    const { result } = await cdp.send('Runtime.evaluate', { expression: expr });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId });
    total += listeners.length;
  }
  return total;
}

/**
 * Opens the page and defines `window.__tinyBoard()` in it: a 300 px host element on the
 * page and a 3×3 board of the engine's shape, made up here (the widget needs no engine).
 */
async function openWithTinyBoard(page) {
  await open(page, '?variant=halma-8x8');
  await page.evaluate(() => {
    window.__tinyBoard = () => {
      const host = document.createElement('div');
      host.style.width = '300px';
      host.style.height = '300px';
      document.body.appendChild(host);
      const cells = [];
      for (let y = 0; y < 3; y++) for (let x = 0; x < 3; x++) cells.push({ id: cells.length, name: `${'abc'[x]}${3 - y}`, x, y });
      return { host, board: { shape: 'square', size: 3, cells, edges: [], camps: [], seats: [], width: 2, height: 2 } };
    };
  });
}

test('widget API: config in, events out, no rules, destroy cleans up', async ({ page }) => {
  await openWithTinyBoard(page);
  const cdp = await page.context().newCDPSession(page);
  const before = await listenerCount(page, cdp);
  const result = await page.evaluate(async () => {
    const { createBoard } = await import('./board/index.js');
    const { host, board } = window.__tinyBoard();
    const picks = [];
    const moves = [];
    // "Rules" the app made up: the piece on a3 may go to c1 only (no real game allows that).
    const api = createBoard(host, {
      board,
      pieces: new Uint8Array([1, 0, 0, 0, 0, 0, 0, 0, 2]),
      movable: [0],
      destinations: (c) => (c === 0 ? [8] : []),
      onPick: (c) => picks.push(c),
    });
    const off = api.on('move', (from, to, info) => moves.push([from, to, info.dragged]));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const rect = api.canvas.getBoundingClientRect();
    const at = (c) => {
      const p = api.cellPoint(c);
      return { clientX: rect.left + p.x, clientY: rect.top + p.y };
    };
    const click = (c) => {
      const o = { ...at(c), bubbles: true, pointerId: 1, pointerType: 'mouse', button: 0 };
      api.canvas.dispatchEvent(new PointerEvent('pointerdown', o));
      api.canvas.dispatchEvent(new PointerEvent('pointerup', o));
    };
    click(4); // an empty cell that is no destination: nothing
    click(8); // the other side's piece: not movable, nothing
    click(0); // pick
    const picked = api.state();
    click(8); // the app said c1 is a destination (occupied even): the widget reports it
    const hit = [api.cellAt(at(4).clientX - rect.left, at(4).clientY - rect.top), api.cellAt(-5, -5)];
    off();
    click(0);
    click(8); // no listener any more: not recorded
    api.set({ rotation: 90, theme: 'dark', coordinates: true });
    const rotated = api.state().rotation;
    const hasCanvas = host.querySelector('canvas') !== null;
    window.__widgetCanvas = api.canvas;
    window.__widgetApi = api;
    return { picks, moves, picked, hit, rotated, hasCanvas };
  });
  const canvasListeners = async () => {
    const { result: c } = await cdp.send('Runtime.evaluate', { expression: 'window.__widgetCanvas' });
    return (await cdp.send('DOMDebugger.getEventListeners', { objectId: c.objectId })).listeners.length;
  };
  expect(await canvasListeners()).toBeGreaterThanOrEqual(7);
  const after = await page.evaluate(() => {
    const api = window.__widgetApi;
    const host = api.canvas.parentElement;
    api.destroy();
    api.destroy(); // twice is harmless
    return host.querySelector('canvas') === null;
  });
  expect(after).toBe(true);
  expect(await canvasListeners(), 'no listener left on the canvas').toBe(0);
  expect(result.picks).toEqual([0, 0]);
  expect(result.picked.selected).toBe(0);
  expect(result.picked.dests).toEqual([8]);
  expect(result.moves).toEqual([[0, 8, false]]);
  expect(result.hit).toEqual([4, -1]);
  expect(result.rotated).toBe(90);
  expect(result.hasCanvas).toBe(true);
  // Every listener the widget added to window and document is gone.
  expect(await listenerCount(page, cdp)).toBe(before);
});

test('widget axis: a guide line through two cells is drawn, reported and cleared', async ({ page }) => {
  await openWithTinyBoard(page);
  const result = await page.evaluate(async () => {
    const { createBoard } = await import('./board/index.js');
    const { host, board } = window.__tinyBoard();
    const api = createBoard(host, { board, pieces: new Uint8Array(9), animation: false });
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    // The colours at 24 points along the a3–c1 diagonal (a dashed line: some fall in gaps).
    const centre = () => {
      const [a, b] = [api.cellPoint(0), api.cellPoint(8)];
      const dpr = api.canvas.width / api.canvas.getBoundingClientRect().width;
      const ctx = api.canvas.getContext('2d');
      const out = [];
      for (let i = 0; i < 24; i++) {
        const x = a.x + ((b.x - a.x) * i) / 23;
        const y = a.y + ((b.y - a.y) * i) / 23;
        out.push(...ctx.getImageData(Math.round(x * dpr), Math.round(y * dpr), 1, 1).data);
      }
      return out;
    };
    await frame();
    const plain = centre();
    api.set({ axis: [0, 8] });
    await frame();
    const drawn = centre();
    const state = api.state().axis;
    api.set({ axis: null });
    await frame();
    const cleared = centre();
    const after = api.state().axis;
    api.destroy();
    host.remove();
    return { plain, drawn, state, cleared, after };
  });
  expect(result.state).toEqual([0, 8]);
  expect(result.drawn).not.toEqual(result.plain);
  expect(result.cleared).toEqual(result.plain);
  expect(result.after).toBeNull();
});
