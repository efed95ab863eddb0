// The board widget: draws a Halma or Chinese-checkers board on a <canvas>, takes clicks,
// taps, drags and keys, animates moves along the paths it is given, and reports `pick` and
// `move(from, to)`. It holds no rules: the app tells it which cells may be picked up and,
// through a callback, where a picked piece may go.
//
//   const board = createBoard(element, { board: game.board(), pieces: game.cells(), ... });
//   board.on('move', (from, to) => { ...play it, then board.set({ pieces, lastMove, ... }) });
//   board.destroy();

import {
  makeLayout,
  toScreen,
  cellCenter,
  hitTest,
  step,
  centralCell,
  edgeLabels,
  splitName,
  bounds,
  normDeg,
} from './board/geometry.js';
import { SEAT_COLORS, SEAT_SYMBOLS, mix, alpha, contrastInk, seatColor } from './colors.js';

/** @typedef {import('./board/geometry.js').BoardDesc} BoardDesc */
/** @typedef {import('./board/geometry.js').Layout} Layout */
/** @typedef {import('./board/geometry.js').Dir} Dir */
/** @typedef {import('./colors.js').SymbolName} SymbolName */

/**
 * @typedef {object} MoveInfo
 * @property {boolean} dragged the piece was dropped by drag and drop (no need to animate)
 * @property {'pointer' | 'keyboard'} via
 */

/**
 * The widget's configuration; `set()` takes any part of it.
 * @typedef {object} BoardConfig
 * @property {BoardDesc} board the board description (`Game.board()`)
 * @property {ArrayLike<number>} [pieces] seat per cell, 0 = empty
 * @property {ArrayLike<number>} [movable] cells the user may pick up
 * @property {(cell: number) => ArrayLike<number>} [destinations] asked when a piece is picked
 * @property {{path: ArrayLike<number>} | null} [lastMove] shown as a drawn path
 * @property {{path: ArrayLike<number>} | null} [hint] a suggested move, shown as a dashed path
 *   with rings on its first and last cell (not played)
 * @property {[number, number] | null} [axis] a guide line through the centres of two cells,
 *   drawn a little past them (a solitaire's line of symmetry)
 * @property {number} [rotation] degrees, clockwise on screen
 * @property {'light' | 'dark'} [theme]
 * @property {boolean} [coordinates] show cell names
 * @property {readonly string[]} [colors] seat colours, index 0 = seat 1
 * @property {boolean} [symbols] draw each seat's symbol on its pieces
 * @property {boolean} [interactive] whether the user may pick and move
 * @property {boolean} [animation] animate moves (off anyway under prefers-reduced-motion)
 * @property {ArrayLike<number> | null} [animate] one-shot: animate the piece now standing on
 *   the last cell of this path along it
 * @property {string} [label] accessible description of the position
 * @property {string} [roleDescription] accessible name of the widget's role ("board")
 * @property {(cell: number) => void} [onPick]
 * @property {(from: number, to: number, info: MoveInfo) => void} [onMove]
 * @property {(cell: number) => void} [onCursor]
 */

/**
 * @typedef {object} BoardApi
 * @property {(partial: Partial<BoardConfig>) => void} set
 * @property {(type: 'pick' | 'move' | 'cursor' | 'deselect', fn: (...args: any[]) => void) => () => void} on
 * @property {() => void} destroy
 * @property {(cell: number) => {x: number, y: number}} cellPoint cell centre, CSS px from the canvas's top-left
 * @property {(x: number, y: number) => number} cellAt the cell at CSS px from the canvas's top-left, or -1
 * @property {() => {selected: number, cursor: number, dests: number[], animating: boolean, rotation: number, hint: number[] | null, axis: number[] | null}} state
 * @property {() => void} cancel drops the selection
 * @property {() => void} finishAnimation jumps to the end of a running animation
 * @property {HTMLCanvasElement} canvas
 */

/** Board materials per theme. */
const THEMES = {
  light: {
    frame: '#7a4a24',
    frameEdge: '#5a3318',
    frameText: '#f7e9d2',
    sqLight: '#f2e2c0',
    sqDark: '#d2ac78',
    campLine: '#2e1c0e',
    gridLine: 'rgba(70,40,15,0.25)',
    plate: '#e8c98e',
    plateEdge: '#b8874b',
    plateText: '#6b4522',
    line: 'rgba(110,70,30,0.55)',
    hole: '#5b3b1c',
    holeLight: 'rgba(255,245,225,0.55)',
    text: '#6b4522',
    holeText: 'rgba(255,240,215,0.85)',
    last: 'rgba(255,170,0,',
    lastEdge: 'rgba(60,30,0,0.55)',
    hint: '#5b2fd0',
    hintEdge: 'rgba(255,255,255,0.85)',
    select: 'rgba(20,160,90,',
    selectRing: '#0a7d45',
    dest: 'rgba(20,120,70,0.75)',
    cursor: '#1b57d6',
    campTint: 0.3,
    tintBase: '#ffffff',
  },
  dark: {
    frame: '#1f232b',
    frameEdge: '#0f1115',
    frameText: '#b8bfcc',
    sqLight: '#5a6170',
    sqDark: '#434957',
    campLine: '#e9edf5',
    gridLine: 'rgba(0,0,0,0.25)',
    plate: '#3a404c',
    plateEdge: '#23272f',
    plateText: '#b8bfcc',
    line: 'rgba(190,200,215,0.3)',
    hole: '#14161b',
    holeLight: 'rgba(255,255,255,0.12)',
    text: '#b8bfcc',
    holeText: 'rgba(220,228,240,0.8)',
    last: 'rgba(255,200,60,',
    lastEdge: 'rgba(0,0,0,0.6)',
    hint: '#c4adff',
    hintEdge: 'rgba(0,0,0,0.7)',
    select: 'rgba(80,220,150,',
    selectRing: '#6ff0a8',
    dest: 'rgba(120,235,170,0.8)',
    cursor: '#8ab4ff',
    campTint: 0.42,
    tintBase: '#3a404c',
  },
};

const STEP_MS = 170;
const HOP_MS = 150;
const MAX_ANIM_MS = 1100;

/**
 * Creates the board widget inside `element` (which it fills).
 * @param {HTMLElement} element
 * @param {BoardConfig} config
 * @returns {BoardApi}
 */
export function createBoard(element, config) {
  /** @type {BoardConfig} */
  const cfg = {
    pieces: new Uint8Array(config.board.cells.length),
    movable: [],
    lastMove: null,
    hint: null,
    axis: null,
    rotation: 0,
    theme: 'light',
    coordinates: false,
    colors: SEAT_COLORS,
    symbols: true,
    interactive: true,
    animation: true,
    label: '',
    roleDescription: 'board',
    ...config,
    animate: null,
  };

  const doc = element.ownerDocument;
  const win = doc.defaultView ?? window;
  const canvas = doc.createElement('canvas');
  canvas.className = 'board-canvas';
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'application');
  element.appendChild(canvas);
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));

  /** @type {Record<string, Set<(...args: any[]) => void>>} */
  const handlers = { pick: new Set(), move: new Set(), cursor: new Set(), deselect: new Set() };
  /** @type {(() => void)[]} */
  const unbind = [];

  // --- state ---
  let cssW = 0;
  let cssH = 0;
  let dpr = win.devicePixelRatio || 1;
  /** @type {Layout} */
  let layout = makeLayout(cfg.board, { width: 0, height: 0 });
  /** @type {HTMLCanvasElement | null} */
  let bg = null;
  let bgDirty = true;
  /**
   * Layers of the background that a quarter turn (square) or a sixth (star) leaves unchanged,
   * by name, with what they were drawn for: turning the board toward each player in turn
   * then redraws only what does change.
   * @type {Map<string, {key: string, board: BoardDesc, canvas: HTMLCanvasElement}>}
   */
  const layers = new Map();
  /** @type {Map<string, HTMLCanvasElement>} */
  let sprites = new Map();
  let selected = -1;
  /** @type {Set<number>} */
  let dests = new Set();
  /** @type {Set<number>} */
  let movable = new Set(Array.from(cfg.movable ?? []));
  let cursor = -1;
  /** @type {number | undefined} */
  let cursorGoal;
  let cursorAxis = '';
  let showCursor = false;
  /** @type {{from: number, pointerId: number, sx: number, sy: number, x: number, y: number, started: boolean, wasSelected: boolean} | null} */
  let drag = null;
  /** @type {{path: number[], seat: number, start: number, duration: number, segMs: number[]} | null} */
  let anim = null;
  /** @type {number | null} */
  let pendingRotation = null;
  let raf = 0;
  let destroyed = false;
  /** @type {Map<string, number>} */
  let posIndex = new Map();
  const reducedMotion = win.matchMedia ? win.matchMedia('(prefers-reduced-motion: reduce)') : null;

  /**
   * @param {EventTarget} target
   * @param {string} type
   * @param {(e: any) => void} fn
   * @param {AddEventListenerOptions | boolean} [opts]
   */
  function listen(target, type, fn, opts) {
    target.addEventListener(type, fn, opts);
    unbind.push(() => target.removeEventListener(type, fn, opts));
  }

  function indexPositions() {
    posIndex = new Map();
    for (const c of cfg.board.cells) posIndex.set(`${Math.round(c.x * 2)},${Math.round(c.y * 2)}`, c.id);
  }
  indexPositions();

  /**
   * @param {number} x
   * @param {number} y
   */
  function cellAtUnits(x, y) {
    const id = posIndex.get(`${Math.round(x * 2)},${Math.round(y * 2)}`);
    return id === undefined ? -1 : id;
  }

  /** Board units around the outermost cell centres: cell, frame, coordinates, shadow. */
  function margin() {
    if (cfg.board.shape === 'square') return cfg.coordinates ? 1.35 : 0.95;
    return cfg.coordinates ? 1.5 : 1.2;
  }

  /** How far the frame or plate reaches past the outermost cell centres. */
  function frameReach() {
    return margin() - (cfg.board.shape === 'square' ? 0.12 : 0.3);
  }

  function relayout() {
    layout = makeLayout(cfg.board, { width: cssW, height: cssH, rotation: cfg.rotation ?? 0, margin: margin() });
    bgDirty = true;
    // Sprites are keyed by everything they depend on, so a rotation (same size) reuses them;
    // a bounded cache drops old sizes after resizes.
    if (sprites.size > 48) sprites = new Map();
  }

  function theme() {
    return THEMES[cfg.theme === 'dark' ? 'dark' : 'light'];
  }

  function unit() {
    return layout.scale;
  }

  // --- drawing ---

  function invalidate() {
    if (raf || destroyed) return;
    raf = win.requestAnimationFrame(frame);
  }

  /** @param {number} now */
  function frame(now) {
    raf = 0;
    if (destroyed || cssW === 0 || cssH === 0) return;
    if (bgDirty || !bg) renderBackground();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (bg) ctx.drawImage(bg, 0, 0);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawOverlays();
    drawPieces(now);
    drawHint();
    if (anim || (drag && drag.started)) invalidate();
  }

  function renderBackground() {
    bgDirty = false;
    if (!bg) bg = doc.createElement('canvas');
    bg.width = canvas.width;
    bg.height = canvas.height;
    const g = /** @type {CanvasRenderingContext2D} */ (bg.getContext('2d'));
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.clearRect(0, 0, bg.width, bg.height);
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (cfg.board.shape === 'square') drawSquareBoard(g);
    else drawStarBoard(g);
  }

  /**
   * @param {CanvasRenderingContext2D} g
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {number} h
   * @param {number} r
   */
  function roundRect(g, x, y, w, h, r) {
    g.beginPath();
    g.moveTo(x + r, y);
    g.arcTo(x + w, y, x + w, y + h, r);
    g.arcTo(x + w, y + h, x, y + h, r);
    g.arcTo(x, y + h, x, y, r);
    g.arcTo(x, y, x + w, y, r);
    g.closePath();
  }

  /** The seat that gives a camp its colour: the one starting there, else the one heading there. */
  /** @param {import('./board/geometry.js').CampDesc} camp */
  function campSeat(camp) {
    return camp.homeOf ?? camp.targetOf ?? 0;
  }

  /** @param {CanvasRenderingContext2D} g */
  function drawSquareBoard(g) {
    const t = theme();
    const s = unit();
    const cells = cfg.board.cells;
    const b = bounds(cells);
    // Screen rectangle of the playing area (quarter turns keep it axis-aligned).
    const [ax, ay] = toScreen(layout, b.minX - 0.5, b.minY - 0.5);
    const [bx, by] = toScreen(layout, b.maxX + 0.5, b.maxY + 0.5);
    const x0 = Math.min(ax, bx);
    const y0 = Math.min(ay, by);
    const x1 = Math.max(ax, bx);
    const y1 = Math.max(ay, by);
    const fw = (frameReach() - 0.5) * s;
    /** @param {CanvasRenderingContext2D} g */
    const drawFrame = (g) => {
      // Frame with a soft shadow (layered strokes: a canvas blur is slow in software).
      g.save();
      g.translate(0, s * 0.06);
      g.lineJoin = 'round';
      for (let i = 1; i <= 4; i++) {
        roundRect(g, x0 - fw, y0 - fw, x1 - x0 + 2 * fw, y1 - y0 + 2 * fw, s * 0.25);
        g.strokeStyle = 'rgba(0,0,0,0.07)';
        g.lineWidth = s * 0.07 * i;
        g.stroke();
      }
      g.restore();
      roundRect(g, x0 - fw, y0 - fw, x1 - x0 + 2 * fw, y1 - y0 + 2 * fw, s * 0.25);
      g.fillStyle = t.frame;
      g.fill();
      // Wood grain hint on the frame.
      const grad = g.createLinearGradient(x0 - fw, y0 - fw, x1 + fw, y1 + fw);
      grad.addColorStop(0, 'rgba(255,255,255,0.10)');
      grad.addColorStop(0.5, 'rgba(255,255,255,0)');
      grad.addColorStop(1, 'rgba(0,0,0,0.12)');
      roundRect(g, x0 - fw, y0 - fw, x1 - x0 + 2 * fw, y1 - y0 + 2 * fw, s * 0.25);
      g.fillStyle = grad;
      g.fill();
      g.lineWidth = Math.max(1, s * 0.04);
      g.strokeStyle = t.frameEdge;
      g.stroke();
    };
    cachedLayer(g, 'frame', 90, drawFrame);

    // Squares, tinted in the camps.
    /** @type {Map<number, string>} */
    const tint = new Map();
    for (const camp of cfg.board.camps) {
      const seat = campSeat(camp);
      if (!seat) continue;
      const col = seatColor(seat, cfg.colors);
      const strength = camp.homeOf ? t.campTint : t.campTint * 0.55;
      for (const id of camp.cells) tint.set(id, mix(t.tintBase, col, strength));
    }
    const half = s / 2;
    for (const c of cells) {
      const [sx, sy] = toScreen(layout, c.x, c.y);
      const dark = (Math.round(c.x) + Math.round(c.y)) % 2 === 1;
      let fill = dark ? t.sqDark : t.sqLight;
      const tc = tint.get(c.id);
      if (tc) fill = mix(fill, tc, 0.6);
      g.fillStyle = fill;
      // Overdraw half a pixel so no seams show between squares.
      g.fillRect(sx - half - 0.25, sy - half - 0.25, s + 0.5, s + 0.5);
    }
    g.strokeStyle = t.gridLine;
    g.lineWidth = 1;
    g.strokeRect(x0, y0, x1 - x0, y1 - y0);

    // Heavy lines around the camps in play.
    g.strokeStyle = t.campLine;
    g.lineWidth = Math.max(2, s * 0.09);
    g.lineCap = 'round';
    g.beginPath();
    for (const camp of cfg.board.camps) {
      if (!camp.homeOf && !camp.targetOf) continue;
      const inCamp = new Set(camp.cells);
      for (const id of camp.cells) {
        const c = cells[id];
        for (const [dx, dy] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ]) {
          const n = cellAtUnits(c.x + dx, c.y + dy);
          if (n >= 0 && inCamp.has(n)) continue;
          if (n < 0) continue; // the board's edge is drawn by the frame
          // The side between c and its neighbour: endpoints at ±0.5 across.
          const mx = c.x + dx / 2;
          const my = c.y + dy / 2;
          const [p1x, p1y] = toScreen(layout, mx - dy / 2, my - dx / 2);
          const [p2x, p2y] = toScreen(layout, mx + dy / 2, my + dx / 2);
          g.moveTo(p1x, p1y);
          g.lineTo(p2x, p2y);
        }
      }
    }
    g.stroke();

    if (cfg.coordinates) {
      const which = edgeLabels(layout.rotation);
      g.fillStyle = t.frameText;
      g.font = `600 ${Math.max(8, Math.round(s * 0.36))}px system-ui, sans-serif`;
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      const gutter = (frameReach() - 0.5) * s * 0.5;
      for (const c of cells) {
        const [sx, sy] = toScreen(layout, c.x, c.y);
        const [letter, num] = splitName(c.name);
        if (Math.abs(sy + half - y1) < 1) {
          g.fillText(which.bottom === 'letter' ? letter : num, sx, y1 + gutter);
        }
        if (Math.abs(sx - half - x0) < 1) {
          g.fillText(which.left === 'letter' ? letter : num, x0 - gutter, sy);
        }
      }
    }
  }

  /**
   * A canvas the size of `like` drawn by `draw` (CSS px units, as the background).
   * @param {HTMLCanvasElement} like
   * @param {(g: CanvasRenderingContext2D) => void} draw
   */
  function layer(like, draw) {
    const c = doc.createElement('canvas');
    c.width = like.width;
    c.height = like.height;
    const g = /** @type {CanvasRenderingContext2D} */ (c.getContext('2d'));
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    draw(g);
    return c;
  }

  /**
   * Draws the layer `name` onto `g` pixel for pixel, from the cache while the board has only
   * turned by multiples of `period` degrees since it was drawn.
   * @param {CanvasRenderingContext2D} g
   * @param {string} name
   * @param {number} period
   * @param {(g: CanvasRenderingContext2D) => void} draw
   */
  function cachedLayer(g, name, period, draw) {
    const turn = Math.round((layout.rotation % period) * 1e6);
    const key = [g.canvas.width, g.canvas.height, dpr, cfg.theme, cfg.coordinates, turn].join();
    let l = layers.get(name);
    if (!l || l.key !== key || l.board !== cfg.board) {
      l = { key, board: cfg.board, canvas: layer(g.canvas, draw) };
      layers.set(name, l);
    }
    g.save();
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.drawImage(l.canvas, 0, 0);
    g.restore();
  }

  /** @param {CanvasRenderingContext2D} g */
  function drawStarBoard(g) {
    const t = theme();
    const s = unit();
    const cells = cfg.board.cells;
    const b = bounds(cells);
    const cxu = (b.minX + b.maxX) / 2;
    const cyu = (b.minY + b.maxY) / 2;
    // The outline: tips of the camps and the corners of the inner hexagon between them.
    /** @type {{tip: [number, number], ang: number}[]} */
    const tips = [];
    for (const camp of cfg.board.camps) {
      let far = camp.cells[0];
      let farD = -1;
      for (const id of camp.cells) {
        const d = (cells[id].x - cxu) ** 2 + (cells[id].y - cyu) ** 2;
        if (d > farD) {
          farD = d;
          far = id;
        }
      }
      tips.push({ tip: [cells[far].x, cells[far].y], ang: Math.atan2(cells[far].y - cyu, cells[far].x - cxu) });
    }
    tips.sort((p, q) => p.ang - q.ang);
    const n = cfg.board.size;
    /** @type {[number, number][]} */
    const poly = [];
    for (let i = 0; i < tips.length; i++) {
      const a = tips[i];
      poly.push(toScreen(layout, a.tip[0], a.tip[1]));
      const na = a.ang + Math.PI / 6;
      poly.push(toScreen(layout, cxu + n * Math.cos(na), cyu + n * Math.sin(na)));
    }
    /**
     * A closed outline, started halfway along its last edge: with very thick round-joined
     * strokes, a join at the start vertex can come out sharp.
     * @param {CanvasRenderingContext2D} g
     * @param {[number, number][]} pts
     */
    const path = (g, pts) => {
      const [ax, ay] = pts[pts.length - 1];
      const [bx, by] = pts[0];
      g.beginPath();
      g.moveTo((ax + bx) / 2, (ay + by) / 2);
      for (const [x, y] of pts) g.lineTo(x, y);
      g.closePath();
    };
    // The plate, the lines and the holes look the same after a turn by a multiple of 60°
    // (the light comes from the same side of the screen): drawn once and reused, so turning
    // the board toward each player redraws only the camps over the plate.
    /** @param {CanvasRenderingContext2D} g */
    const drawPlate = (g) => {
      const [ccx, ccy] = toScreen(layout, cxu, cyu);
      // The plate: the star grown by a rounded margin, over a soft shadow made of layered
      // strokes (a canvas blur is slow in software).
      g.save();
      g.lineJoin = 'round';
      g.translate(0, s * 0.08);
      path(g, poly);
      for (let i = 1; i <= 4; i++) {
        g.strokeStyle = 'rgba(0,0,0,0.07)';
        g.lineWidth = (frameReach() + 0.06 * i) * 2 * s;
        g.stroke();
      }
      g.restore();
      g.save();
      g.lineJoin = 'round';
      path(g, poly);
      g.fillStyle = t.plateEdge;
      g.strokeStyle = t.plateEdge;
      g.lineWidth = frameReach() * 2 * s;
      g.stroke();
      g.fill();
      g.restore();
      g.save();
      g.lineJoin = 'round';
      path(g, poly);
      // Light from the upper left. The start circle must lie inside the end circle, or the
      // gradient becomes a cone and leaves part of the plate unpainted.
      const rg = g.createRadialGradient(ccx - s * n * 0.5, ccy - s * n * 0.75, s * 0.2, ccx, ccy, s * n * 2.4);
      rg.addColorStop(0, mix(t.plate, '#ffffff', 0.18));
      rg.addColorStop(1, mix(t.plate, '#000000', 0.08));
      g.fillStyle = rg;
      g.strokeStyle = rg;
      g.lineWidth = (frameReach() - 0.12) * 2 * s;
      g.stroke();
      g.fill();
      g.restore();
    };
    /** @param {CanvasRenderingContext2D} g */
    const drawHoles = (g) => {
      // Lines between neighbouring holes.
      g.strokeStyle = t.line;
      g.lineWidth = Math.max(1, s * 0.05);
      g.lineCap = 'round';
      g.beginPath();
      for (const [a, c] of cfg.board.edges) {
        const [x1, y1] = cellCenter(layout, cells, a);
        const [x2, y2] = cellCenter(layout, cells, c);
        g.moveTo(x1, y1);
        g.lineTo(x2, y2);
      }
      g.stroke();

      // Holes.
      const hr = s * 0.2;
      for (const c of cells) {
        const [sx, sy] = toScreen(layout, c.x, c.y);
        g.beginPath();
        g.arc(sx, sy, hr, 0, Math.PI * 2);
        const hg = g.createRadialGradient(sx - hr * 0.3, sy - hr * 0.4, hr * 0.1, sx, sy, hr);
        hg.addColorStop(0, mix(t.hole, '#000000', 0.45));
        hg.addColorStop(0.8, t.hole);
        hg.addColorStop(1, mix(t.hole, '#ffffff', 0.1));
        g.fillStyle = hg;
        g.fill();
        // A lit lower rim, as on a drilled hole.
        g.beginPath();
        g.arc(sx, sy, hr, Math.PI * 0.15, Math.PI * 0.85);
        g.strokeStyle = t.holeLight;
        g.lineWidth = Math.max(0.75, s * 0.035);
        g.stroke();
      }
    };
    cachedLayer(g, 'plate', 60, drawPlate);

    // Coloured points.
    for (const camp of cfg.board.camps) {
      const seat = campSeat(camp);
      if (!seat) continue;
      const col = seatColor(seat, cfg.colors);
      // Triangle through the camp's three corner holes, grown by a rounded margin.
      const ids = camp.cells;
      const ccs = ids.map((id) => cells[id]);
      let cMx = 0;
      let cMy = 0;
      for (const c of ccs) {
        cMx += c.x;
        cMy += c.y;
      }
      cMx /= ccs.length;
      cMy /= ccs.length;
      // The three corners are the cells farthest from the camp's centroid.
      const sorted = [...ccs].sort((p, q) => (q.x - cMx) ** 2 + (q.y - cMy) ** 2 - ((p.x - cMx) ** 2 + (p.y - cMy) ** 2));
      const corners = sorted.slice(0, 3).map((c) => toScreen(layout, c.x, c.y));
      g.save();
      g.lineJoin = 'round';
      path(g, corners);
      const strength = camp.homeOf ? 0.85 : 0.45;
      g.fillStyle = alpha(col, strength * (cfg.theme === 'dark' ? 0.6 : 0.55));
      g.strokeStyle = g.fillStyle;
      g.lineWidth = 0.84 * s;
      g.stroke();
      g.fill();
      g.restore();
    }

    cachedLayer(g, 'holes', 60, drawHoles);

    if (cfg.coordinates) {
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      // Letters in the holes, row numbers beside the rows' left ends.
      g.font = `600 ${Math.max(7, Math.round(s * 0.24))}px system-ui, sans-serif`;
      g.fillStyle = t.holeText;
      /** @type {Map<string, {x: number, y: number}>} */
      const rowStart = new Map();
      for (const c of cells) {
        const [sx, sy] = toScreen(layout, c.x, c.y);
        const [letter, num] = splitName(c.name);
        g.fillText(letter, sx, sy + 0.5);
        const r = rowStart.get(num);
        if (!r || c.x < r.x) rowStart.set(num, { x: c.x, y: c.y });
      }
      g.font = `600 ${Math.max(7, Math.round(s * 0.3))}px system-ui, sans-serif`;
      g.fillStyle = t.plateText;
      for (const [num, r] of rowStart) {
        const [sx, sy] = toScreen(layout, r.x - 0.75, r.y);
        g.fillText(num, sx, sy);
      }
    }
  }

  /**
   * A piece image for a seat at the current size, cached.
   * @param {number} seat
   * @param {number} radius CSS px
   */
  function sprite(seat, radius) {
    const key = `${seat}:${radius.toFixed(2)}:${dpr}:${cfg.theme}:${cfg.symbols}:${cfg.board.shape}:${seatColor(seat, cfg.colors)}`;
    let sp = sprites.get(key);
    if (sp) return sp;
    sp = doc.createElement('canvas');
    const pad = Math.ceil(radius * 0.35);
    const size = Math.ceil((radius * 2 + pad * 2) * dpr);
    sp.width = size;
    sp.height = size;
    const g = /** @type {CanvasRenderingContext2D} */ (sp.getContext('2d'));
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    const c = radius + pad;
    const col = seatColor(seat, cfg.colors);
    const star = cfg.board.shape === 'star';
    // Shadow.
    g.save();
    g.shadowColor = 'rgba(0,0,0,0.45)';
    g.shadowBlur = radius * 0.3;
    g.shadowOffsetX = radius * 0.06;
    g.shadowOffsetY = radius * 0.14;
    g.beginPath();
    g.arc(c, c, radius, 0, Math.PI * 2);
    g.fillStyle = col;
    g.fill();
    g.restore();
    if (star) {
      // A glass marble: bright highlight up-left, darker rim.
      const mg = g.createRadialGradient(c - radius * 0.35, c - radius * 0.4, radius * 0.05, c, c, radius);
      mg.addColorStop(0, mix(col, '#ffffff', 0.7));
      mg.addColorStop(0.35, mix(col, '#ffffff', 0.15));
      mg.addColorStop(0.85, col);
      mg.addColorStop(1, mix(col, '#000000', 0.35));
      g.beginPath();
      g.arc(c, c, radius, 0, Math.PI * 2);
      g.fillStyle = mg;
      g.fill();
    } else {
      // A turned wooden draughtsman: rim, inner ring, soft top light.
      const dg = g.createLinearGradient(c - radius, c - radius, c + radius, c + radius);
      dg.addColorStop(0, mix(col, '#ffffff', 0.25));
      dg.addColorStop(1, mix(col, '#000000', 0.25));
      g.beginPath();
      g.arc(c, c, radius, 0, Math.PI * 2);
      g.fillStyle = dg;
      g.fill();
      g.beginPath();
      g.arc(c, c, radius * 0.78, 0, Math.PI * 2);
      g.fillStyle = col;
      g.fill();
      g.lineWidth = Math.max(0.75, radius * 0.06);
      g.strokeStyle = mix(col, '#000000', 0.3);
      g.stroke();
      const hg = g.createRadialGradient(c - radius * 0.3, c - radius * 0.35, 0, c, c, radius * 0.8);
      hg.addColorStop(0, 'rgba(255,255,255,0.35)');
      hg.addColorStop(1, 'rgba(255,255,255,0)');
      g.fillStyle = hg;
      g.fill();
    }
    g.beginPath();
    g.arc(c, c, radius - 0.4, 0, Math.PI * 2);
    g.lineWidth = 0.8;
    g.strokeStyle = cfg.theme === 'dark' ? 'rgba(255,255,255,0.55)' : 'rgba(0,0,0,0.45)';
    g.stroke();
    if (cfg.symbols) drawSymbol(g, SEAT_SYMBOLS[(seat - 1) % SEAT_SYMBOLS.length], c, c, radius * 0.4, contrastInk(col));
    sprites.set(key, sp);
    return sp;
  }

  /**
   * @param {CanvasRenderingContext2D} g
   * @param {SymbolName} sym
   * @param {number} x
   * @param {number} y
   * @param {number} r
   * @param {string} ink
   */
  function drawSymbol(g, sym, x, y, r, ink) {
    g.save();
    g.fillStyle = ink;
    g.globalAlpha = 0.85;
    g.beginPath();
    switch (sym) {
      case 'dot':
        g.arc(x, y, r * 0.62, 0, Math.PI * 2);
        break;
      case 'triangle':
        g.moveTo(x, y - r);
        g.lineTo(x + r * 0.95, y + r * 0.7);
        g.lineTo(x - r * 0.95, y + r * 0.7);
        break;
      case 'square':
        g.rect(x - r * 0.72, y - r * 0.72, r * 1.44, r * 1.44);
        break;
      case 'diamond':
        g.moveTo(x, y - r);
        g.lineTo(x + r * 0.8, y);
        g.lineTo(x, y + r);
        g.lineTo(x - r * 0.8, y);
        break;
      case 'cross': {
        const w = r * 0.34;
        g.rect(x - w, y - r, 2 * w, 2 * r);
        g.rect(x - r, y - w, 2 * r, 2 * w);
        break;
      }
      case 'star':
        for (let i = 0; i < 10; i++) {
          const a = -Math.PI / 2 + (i * Math.PI) / 5;
          const rr = i % 2 ? r * 0.45 : r * 1.05;
          const px = x + rr * Math.cos(a);
          const py = y + rr * Math.sin(a);
          if (i) g.lineTo(px, py);
          else g.moveTo(px, py);
        }
        break;
    }
    g.closePath();
    g.fill('nonzero');
    g.restore();
  }

  function pieceRadius() {
    return unit() * (cfg.board.shape === 'star' ? 0.4 : 0.4);
  }

  /**
   * Highlight of a cell: a filled square on square boards, a disc on the star.
   * @param {number} cell
   * @param {string} fill
   */
  function fillCell(cell, fill) {
    const [x, y] = cellCenter(layout, cfg.board.cells, cell);
    const s = unit();
    ctx.fillStyle = fill;
    if (cfg.board.shape === 'square') {
      ctx.fillRect(x - s / 2, y - s / 2, s, s);
    } else {
      ctx.beginPath();
      ctx.arc(x, y, s * 0.47, 0, Math.PI * 2);
      ctx.fill();
    }
  }

  /** The guide line of `cfg.axis`: thin and dashed, under everything else on the board. */
  function drawAxis() {
    const a = cfg.axis;
    const cells = cfg.board.cells;
    if (!a || a.length !== 2 || !cells[a[0]] || !cells[a[1]] || a[0] === a[1]) return;
    const s = unit();
    const t = theme();
    const [x0, y0] = cellCenter(layout, cells, a[0]);
    const [x1, y1] = cellCenter(layout, cells, a[1]);
    const len = Math.hypot(x1 - x0, y1 - y0) || 1;
    // Half a cell past each centre, so the line reaches the end cells' far edges.
    const ex = ((x1 - x0) / len) * s * 0.5;
    const ey = ((y1 - y0) / len) * s * 0.5;
    ctx.save();
    ctx.lineCap = 'round';
    ctx.setLineDash([s * 0.3, s * 0.2]);
    for (const [style, width] of /** @type {[string, number][]} */ ([
      [t.hintEdge, Math.max(3, s * 0.08)],
      [t.hint, Math.max(1.5, s * 0.04)],
    ])) {
      ctx.strokeStyle = style;
      ctx.lineWidth = width;
      ctx.globalAlpha = 0.7;
      ctx.beginPath();
      ctx.moveTo(x0 - ex, y0 - ey);
      ctx.lineTo(x1 + ex, y1 + ey);
      ctx.stroke();
    }
    ctx.restore();
  }

  function drawOverlays() {
    const t = theme();
    const s = unit();
    const cells = cfg.board.cells;
    const lm = cfg.lastMove;
    drawAxis();
    const animating = anim !== null;
    if (lm && lm.path && lm.path.length >= 2 && !animating) {
      const p = Array.from(lm.path);
      const star = cfg.board.shape === 'star';
      if (!star) {
        fillCell(p[0], `${t.last}0.3)`);
        fillCell(p[p.length - 1], `${t.last}0.45)`);
      }
      /** @type {[number, number][]} */
      const pts = p.map((id) => cellCenter(layout, cells, id));
      ctx.save();
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      const w = Math.max(2, s * 0.09);
      // A dark edge under the trail, so it reads on any camp colour.
      for (const [style, width] of /** @type {[string, number][]} */ ([
        [t.lastEdge, w + Math.max(2, s * 0.05)],
        [`${t.last}0.95)`, w],
      ])) {
        ctx.strokeStyle = style;
        ctx.lineWidth = width;
        ctx.beginPath();
        pts.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
        ctx.stroke();
        if (star) {
          for (const i of [0, pts.length - 1]) {
            ctx.beginPath();
            ctx.arc(pts[i][0], pts[i][1], s * 0.44, 0, Math.PI * 2);
            ctx.stroke();
          }
        }
      }
      for (let i = 1; i < pts.length - 1; i++) {
        ctx.beginPath();
        ctx.arc(pts[i][0], pts[i][1], Math.max(3, s * 0.13), 0, Math.PI * 2);
        ctx.fillStyle = `${t.last}1)`;
        ctx.fill();
        ctx.lineWidth = Math.max(1, s * 0.03);
        ctx.strokeStyle = t.lastEdge;
        ctx.stroke();
      }
      ctx.restore();
    }
    if (selected >= 0 && cfg.board.shape === 'square') fillCell(selected, `${t.select}0.45)`);
    const pieces = cfg.pieces ?? [];
    const dropTarget = drag && drag.started ? hitTest(layout, cells, drag.x, drag.y) : -1;
    for (const d of dests) {
      const [x, y] = cellCenter(layout, cells, d);
      if (d === dropTarget) {
        fillCell(d, `${t.select}0.35)`);
      }
      ctx.beginPath();
      if (pieces[d]) {
        ctx.arc(x, y, s * 0.45, 0, Math.PI * 2);
        ctx.lineWidth = Math.max(2, s * 0.08);
        ctx.strokeStyle = t.dest;
        ctx.stroke();
      } else {
        ctx.arc(x, y, Math.max(3, s * 0.17), 0, Math.PI * 2);
        ctx.fillStyle = t.dest;
        ctx.fill();
      }
    }
    if (showCursor && cursor >= 0 && doc.activeElement === canvas) {
      const [x, y] = cellCenter(layout, cells, cursor);
      ctx.save();
      ctx.lineWidth = Math.max(2.5, s * 0.09);
      ctx.strokeStyle = t.cursor;
      ctx.beginPath();
      if (cfg.board.shape === 'square') {
        const h = s / 2 - ctx.lineWidth / 2;
        ctx.rect(x - h, y - h, 2 * h, 2 * h);
      } else {
        ctx.arc(x, y, s * 0.5, 0, Math.PI * 2);
      }
      ctx.stroke();
      // A thin contrasting edge so the ring shows on any colour.
      ctx.lineWidth = 1;
      ctx.strokeStyle = cfg.theme === 'dark' ? '#000' : '#fff';
      ctx.stroke();
      ctx.restore();
    }
  }

  /** The suggested move: a dashed trail over the board with rings on its ends. */
  function drawHint() {
    const h = cfg.hint;
    if (!h || !h.path || h.path.length < 2 || anim) return;
    const t = theme();
    const s = unit();
    const cells = cfg.board.cells;
    /** @type {[number, number][]} */
    const pts = Array.from(h.path, (id) => cellCenter(layout, cells, id));
    const w = Math.max(2, s * 0.07);
    ctx.save();
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    for (const [style, width] of /** @type {[string, number][]} */ ([
      [t.hintEdge, w + Math.max(2, s * 0.05)],
      [t.hint, w],
    ])) {
      ctx.strokeStyle = style;
      ctx.lineWidth = width;
      ctx.setLineDash([s * 0.22, s * 0.16]);
      ctx.beginPath();
      pts.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      ctx.stroke();
      ctx.setLineDash([]);
      for (const i of [0, pts.length - 1]) {
        ctx.beginPath();
        ctx.arc(pts[i][0], pts[i][1], s * 0.47, 0, Math.PI * 2);
        ctx.stroke();
      }
    }
    // An arrow head at the destination's ring, pointing along the last segment.
    const [ax, ay] = pts[pts.length - 2];
    const [bx, by] = pts[pts.length - 1];
    const len = Math.hypot(bx - ax, by - ay) || 1;
    const ux = (bx - ax) / len;
    const uy = (by - ay) / len;
    const tipX = bx - ux * s * 0.47;
    const tipY = by - uy * s * 0.47;
    const a = s * 0.2;
    ctx.beginPath();
    ctx.moveTo(tipX, tipY);
    ctx.lineTo(tipX - ux * a - uy * a * 0.7, tipY - uy * a + ux * a * 0.7);
    ctx.lineTo(tipX - ux * a + uy * a * 0.7, tipY - uy * a - ux * a * 0.7);
    ctx.closePath();
    ctx.fillStyle = t.hint;
    ctx.fill();
    ctx.lineWidth = Math.max(1, s * 0.025);
    ctx.strokeStyle = t.hintEdge;
    ctx.stroke();
    ctx.restore();
  }

  /** @param {number} now */
  function drawPieces(now) {
    const pieces = cfg.pieces ?? [];
    const cells = cfg.board.cells;
    const r = pieceRadius();
    const hidden = anim ? anim.path[anim.path.length - 1] : -1;
    const dragging = drag && drag.started ? drag.from : -1;
    for (let id = 0; id < cells.length; id++) {
      const seat = pieces[id];
      if (!seat || id === hidden) continue;
      const sp = sprite(seat, r);
      const [x, y] = cellCenter(layout, cells, id);
      const w = sp.width / dpr;
      if (id === dragging) ctx.globalAlpha = 0.3;
      ctx.drawImage(sp, x - w / 2, y - w / 2, w, w);
      ctx.globalAlpha = 1;
    }
    if (anim) {
      const a = anim;
      const elapsed = now - a.start;
      if (elapsed >= a.duration) {
        // Ends the animation and asks for one more frame: the overlays (last-move trail,
        // hint) were left out while moving.
        finishAnimation();
        // Draw the piece at rest this frame.
        const end = a.path[a.path.length - 1];
        const [x, y] = cellCenter(layout, cells, end);
        const sp = sprite(a.seat, r);
        const w = sp.width / dpr;
        ctx.drawImage(sp, x - w / 2, y - w / 2, w, w);
      } else {
        // Segment timing: find the segment for this elapsed time.
        let acc = 0;
        let seg = 0;
        while (seg < a.segMs.length - 1 && acc + a.segMs[seg] <= elapsed) acc += a.segMs[seg++];
        const u = Math.min(1, (elapsed - acc) / a.segMs[seg]);
        const eased = u < 0.5 ? 2 * u * u : 1 - (-2 * u + 2) ** 2 / 2;
        const from = cells[a.path[seg]];
        const to = cells[a.path[seg + 1]];
        const dist = Math.hypot(to.x - from.x, to.y - from.y);
        const hop = dist > 1.5;
        const lift = hop ? Math.sin(Math.PI * u) : 0;
        const [x, y] = toScreen(layout, from.x + (to.x - from.x) * eased, from.y + (to.y - from.y) * eased);
        const sp = sprite(a.seat, r);
        const w = (sp.width / dpr) * (1 + 0.18 * lift);
        ctx.drawImage(sp, x - w / 2, y - w / 2 - lift * unit() * 0.15, w, w);
      }
    }
    if (selected >= 0 && cfg.board.shape === 'star' && !(drag && drag.started)) {
      // On the star the marble covers its hole: ring it instead.
      const t = theme();
      const [x, y] = cellCenter(layout, cells, selected);
      ctx.save();
      ctx.beginPath();
      ctx.arc(x, y, unit() * 0.47, 0, Math.PI * 2);
      ctx.lineWidth = Math.max(3, unit() * 0.08);
      ctx.strokeStyle = t.selectRing;
      ctx.stroke();
      ctx.restore();
    }
    if (drag && drag.started) {
      const seat = pieces[drag.from];
      if (seat) {
        const sp = sprite(seat, r);
        const w = (sp.width / dpr) * 1.12;
        ctx.drawImage(sp, drag.x - w / 2, drag.y - w / 2, w, w);
      }
    }
  }

  // --- selection and moving ---

  function clearSelection() {
    if (selected < 0 && dests.size === 0) return;
    selected = -1;
    dests = new Set();
    emit('deselect');
    invalidate();
  }

  /** @param {number} cell */
  function select(cell) {
    selected = cell;
    dests = new Set(Array.from(cfg.destinations ? cfg.destinations(cell) : []));
    emit('pick', cell);
    invalidate();
  }

  /**
   * @param {string} type
   * @param {...any} args
   */
  function emit(type, ...args) {
    if (type === 'pick') cfg.onPick?.(args[0]);
    if (type === 'move') cfg.onMove?.(args[0], args[1], args[2]);
    if (type === 'cursor') cfg.onCursor?.(args[0]);
    for (const fn of [...(handlers[type] ?? [])]) fn(...args);
  }

  /**
   * @param {number} from
   * @param {number} to
   * @param {MoveInfo} info
   */
  function emitMove(from, to, info) {
    selected = -1;
    dests = new Set();
    invalidate();
    emit('move', from, to, info);
  }

  /**
   * Click, tap or Enter on a cell.
   * @param {number} cell
   * @param {'pointer' | 'keyboard'} via
   */
  function activate(cell, via) {
    if (!cfg.interactive || cell < 0) {
      if (cell < 0) clearSelection();
      return;
    }
    if (selected >= 0 && dests.has(cell)) {
      emitMove(selected, cell, { dragged: false, via });
      return;
    }
    if (cell === selected) {
      clearSelection();
      return;
    }
    if (movable.has(cell)) {
      select(cell);
      return;
    }
    clearSelection();
  }

  // --- pointer input ---

  /** @param {PointerEvent} e */
  function localPoint(e) {
    const r = canvas.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  }

  /** @param {PointerEvent} e */
  function onPointerDown(e) {
    if (e.button !== 0 && e.pointerType === 'mouse') return;
    showCursor = false;
    const [x, y] = localPoint(e);
    const cell = hitTest(layout, cfg.board.cells, x, y);
    if (!cfg.interactive || anim) {
      if (anim) finishAnimation();
      if (!cfg.interactive) return;
    }
    if (cell >= 0) {
      cursor = cell;
      cursorGoal = undefined;
    }
    if (selected >= 0 && cell >= 0 && dests.has(cell)) {
      emitMove(selected, cell, { dragged: false, via: 'pointer' });
      return;
    }
    if (cell >= 0 && movable.has(cell)) {
      const wasSelected = cell === selected;
      if (!wasSelected) select(cell);
      drag = { from: cell, pointerId: e.pointerId, sx: x, sy: y, x, y, started: false, wasSelected };
      try {
        canvas.setPointerCapture(e.pointerId);
      } catch {
        // Not capturable (synthetic event): dragging still works inside the canvas.
      }
      return;
    }
    clearSelection();
  }

  /** @param {PointerEvent} e */
  function onPointerMove(e) {
    const [x, y] = localPoint(e);
    if (drag && e.pointerId === drag.pointerId) {
      drag.x = x;
      drag.y = y;
      const slop = e.pointerType === 'mouse' ? 4 : 8;
      if (!drag.started && Math.hypot(x - drag.sx, y - drag.sy) > slop) drag.started = true;
      if (drag.started) {
        canvas.style.cursor = 'grabbing';
        invalidate();
      }
      return;
    }
    if (!cfg.interactive) {
      canvas.style.cursor = '';
      return;
    }
    const cell = hitTest(layout, cfg.board.cells, x, y);
    canvas.style.cursor = cell >= 0 && (movable.has(cell) || dests.has(cell)) ? 'pointer' : '';
  }

  /** @param {PointerEvent} e */
  function onPointerUp(e) {
    if (!drag || e.pointerId !== drag.pointerId) return;
    const d = drag;
    drag = null;
    canvas.style.cursor = '';
    const [x, y] = localPoint(e);
    if (d.started) {
      const target = hitTest(layout, cfg.board.cells, x, y);
      if (target >= 0 && target !== d.from && dests.has(target) && cfg.interactive) {
        emitMove(d.from, target, { dragged: true, via: 'pointer' });
        return;
      }
      invalidate();
      return;
    }
    if (d.wasSelected) clearSelection();
  }

  function onPointerCancel() {
    if (!drag) return;
    drag = null;
    canvas.style.cursor = '';
    invalidate();
  }

  // --- keyboard input ---

  function initialCursor() {
    if (selected >= 0) return selected;
    if (movable.size) {
      // The movable piece nearest the bottom-left of the screen: where the mover sits.
      let best = -1;
      let bestScore = Infinity;
      for (const id of movable) {
        const [x, y] = cellCenter(layout, cfg.board.cells, id);
        const score = -y * 1000 + x;
        if (score < bestScore) {
          bestScore = score;
          best = id;
        }
      }
      return best;
    }
    return centralCell(cfg.board.cells);
  }

  /** @param {number} cell */
  function setCursor(cell) {
    if (cell === cursor) return;
    cursor = cell;
    emit('cursor', cell);
    invalidate();
  }

  /** @param {KeyboardEvent} e */
  function onKeyDown(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    /** @type {Record<string, Dir>} */
    const arrows = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };
    const dir = arrows[e.key];
    if (dir) {
      e.preventDefault();
      showCursor = true;
      if (cursor < 0) {
        setCursor(initialCursor());
        return;
      }
      const axis = dir === 'up' || dir === 'down' ? 'v' : 'h';
      const [cx, cy] = cellCenter(layout, cfg.board.cells, cursor);
      if (axis !== cursorAxis || cursorGoal === undefined) {
        cursorGoal = axis === 'v' ? cx : cy;
        cursorAxis = axis;
      }
      setCursor(step(layout, cfg.board.cells, cursor, dir, cursorGoal));
      return;
    }
    if (e.key === 'Enter' || e.key === ' ' || e.key === 'Spacebar') {
      e.preventDefault();
      showCursor = true;
      if (anim) finishAnimation();
      if (cursor < 0) {
        setCursor(initialCursor());
        return;
      }
      activate(cursor, 'keyboard');
      invalidate();
      return;
    }
    if (e.key === 'Escape') {
      if (selected >= 0 || drag) {
        e.preventDefault();
        e.stopPropagation();
        drag = null;
        clearSelection();
      }
    }
  }

  function onFocus() {
    if (cursor < 0) {
      cursor = initialCursor();
    }
    invalidate();
  }

  function onBlur() {
    invalidate();
  }

  // --- sizing ---

  /**
   * @param {number} w
   * @param {number} h
   * @param {number} [devW]
   * @param {number} [devH]
   */
  function resize(w, h, devW, devH) {
    dpr = win.devicePixelRatio || 1;
    cssW = w;
    cssH = h;
    canvas.style.width = `${w}px`;
    canvas.style.height = `${h}px`;
    const pw = devW ?? Math.round(w * dpr);
    const ph = devH ?? Math.round(h * dpr);
    if (canvas.width !== pw || canvas.height !== ph) {
      canvas.width = pw;
      canvas.height = ph;
    }
    relayout();
    invalidate();
  }

  function measure() {
    const r = element.getBoundingClientRect();
    resize(Math.max(0, Math.floor(r.width)), Math.max(0, Math.floor(r.height)));
  }

  if (typeof ResizeObserver !== 'undefined') {
    const ro = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const box = entry.contentBoxSize && entry.contentBoxSize[0];
        const w = Math.floor(box ? box.inlineSize : entry.contentRect.width);
        const h = Math.floor(box ? box.blockSize : entry.contentRect.height);
        if (w !== cssW || h !== cssH || (win.devicePixelRatio || 1) !== dpr) resize(w, h);
      }
    });
    ro.observe(element);
    unbind.push(() => ro.disconnect());
  } else {
    listen(win, 'resize', measure);
  }
  // Moving the window to a screen with another pixel ratio: redraw crisp.
  /** @type {MediaQueryList | null} */
  let dprQuery = null;
  /** @type {() => void} */
  const onDpr = () => {
    measure();
    watchDpr();
  };
  function watchDpr() {
    if (dprQuery) dprQuery.removeEventListener('change', onDpr);
    if (!win.matchMedia) return;
    dprQuery = win.matchMedia(`(resolution: ${win.devicePixelRatio || 1}dppx)`);
    dprQuery.addEventListener('change', onDpr);
  }
  watchDpr();
  unbind.push(() => dprQuery?.removeEventListener('change', onDpr));

  listen(canvas, 'pointerdown', onPointerDown);
  listen(canvas, 'pointermove', onPointerMove);
  listen(canvas, 'pointerup', onPointerUp);
  listen(canvas, 'pointercancel', onPointerCancel);
  listen(canvas, 'lostpointercapture', (/** @type {PointerEvent} */ e) => {
    if (drag && drag.pointerId === e.pointerId && !drag.started) return;
    if (drag && drag.pointerId === e.pointerId) onPointerCancel();
  });
  listen(canvas, 'keydown', onKeyDown);
  listen(canvas, 'focus', onFocus);
  listen(canvas, 'blur', onBlur);
  listen(canvas, 'contextmenu', (/** @type {Event} */ e) => {
    if (drag) e.preventDefault();
  });

  function applyAria() {
    canvas.setAttribute('aria-label', cfg.label ?? '');
    canvas.setAttribute('aria-roledescription', cfg.roleDescription ?? 'board');
  }
  applyAria();

  function finishAnimation() {
    if (!anim) return;
    anim = null;
    if (pendingRotation !== null) {
      cfg.rotation = pendingRotation;
      pendingRotation = null;
      relayout();
    }
    invalidate();
  }

  /** @param {ArrayLike<number>} pathLike */
  function startAnimation(pathLike) {
    const path = Array.from(pathLike);
    anim = null;
    const reduce = reducedMotion?.matches ?? false;
    if (!cfg.animation || reduce || path.length < 2) return;
    const seat = (cfg.pieces ?? [])[path[path.length - 1]];
    if (!seat) return;
    const cells = cfg.board.cells;
    /** @type {number[]} */
    const segMs = [];
    for (let i = 0; i + 1 < path.length; i++) {
      const a = cells[path[i]];
      const b = cells[path[i + 1]];
      segMs.push(Math.hypot(b.x - a.x, b.y - a.y) > 1.5 ? HOP_MS : STEP_MS);
    }
    let total = segMs.reduce((p, q) => p + q, 0);
    if (total > MAX_ANIM_MS) {
      const k = MAX_ANIM_MS / total;
      for (let i = 0; i < segMs.length; i++) segMs[i] *= k;
      total = MAX_ANIM_MS;
    }
    anim = { path, seat, start: win.performance.now(), duration: total, segMs };
    invalidate();
  }

  /** @param {Partial<BoardConfig>} partial */
  function set(partial) {
    if (destroyed) return;
    const boardChanged = partial.board !== undefined && partial.board !== cfg.board;
    const piecesChanged = partial.pieces !== undefined || partial.movable !== undefined;
    const { animate, rotation, ...rest } = partial;
    // A running animation belongs to the old pieces: finish it (and any rotation waiting
    // for it) before taking the new state.
    if (boardChanged || piecesChanged || animate) finishAnimation();
    Object.assign(cfg, rest);
    let layoutChanged =
      boardChanged || 'theme' in partial || 'coordinates' in partial || 'colors' in partial || 'symbols' in partial;
    if (boardChanged) {
      indexPositions();
      selected = -1;
      dests = new Set();
      cursor = -1;
      anim = null;
      pendingRotation = null;
    }
    if (partial.movable !== undefined) movable = new Set(Array.from(partial.movable ?? []));
    if (piecesChanged && !boardChanged) {
      selected = -1;
      dests = new Set();
      drag = null;
    }
    if (animate && animate.length >= 2) startAnimation(animate);
    if (rotation !== undefined && normDeg(rotation) !== normDeg(pendingRotation ?? cfg.rotation ?? 0)) {
      if (anim) {
        // Turn the board once the move has been seen.
        pendingRotation = rotation;
      } else {
        cfg.rotation = rotation;
        pendingRotation = null;
        layoutChanged = true;
      }
    }
    if (layoutChanged) relayout();
    if ('label' in partial || 'roleDescription' in partial) applyAria();
    if ('interactive' in partial && !cfg.interactive) {
      selected = -1;
      dests = new Set();
      drag = null;
    }
    invalidate();
  }

  /** @type {BoardApi} */
  const api = {
    set,
    on(type, fn) {
      const set = handlers[type];
      if (!set) throw new Error(`unknown board event '${type}'`);
      set.add(fn);
      return () => set.delete(fn);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      if (raf) win.cancelAnimationFrame(raf);
      raf = 0;
      for (const fn of unbind.splice(0)) fn();
      for (const k of Object.keys(handlers)) handlers[k].clear();
      canvas.remove();
      bg = null;
      sprites = new Map();
      layers.clear();
    },
    cellPoint(cell) {
      const [x, y] = cellCenter(layout, cfg.board.cells, cell);
      return { x, y };
    },
    cellAt(x, y) {
      return hitTest(layout, cfg.board.cells, x, y);
    },
    state() {
      return {
        selected,
        cursor,
        dests: [...dests],
        animating: anim !== null,
        rotation: pendingRotation ?? cfg.rotation ?? 0,
        hint: cfg.hint && cfg.hint.path ? Array.from(cfg.hint.path) : null,
        axis: cfg.axis ? Array.from(cfg.axis) : null,
      };
    },
    cancel() {
      drag = null;
      clearSelection();
    },
    finishAnimation,
    canvas,
  };

  measure();
  return api;
}
