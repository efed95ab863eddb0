// Pure geometry for the board widget: board units ↔ CSS pixels, rotation, hit testing,
// keyboard navigation, and the room the drawing needs round the cells. No DOM, no rules:
// everything here works on the board description the engine gives (cells with layout
// coordinates in units of one neighbour distance, y down), so it is unit-tested in Node.

/** @typedef {{id: number, name: string, x: number, y: number}} CellDesc */
/** @typedef {{cells: number[], homeOf: number | null, targetOf: number | null}} CampDesc */
/** @typedef {{seat: number, home: number, target: number | null, team: number}} SeatDesc */
/**
 * The board as the engine describes it (`Game.board()`).
 * @typedef {{shape: 'square' | 'star', size: number, cells: CellDesc[], edges: [number, number][],
 *   camps: CampDesc[], seats: SeatDesc[], width: number, height: number}} BoardDesc
 */
/**
 * Where the board sits in a box of CSS pixels.
 * @typedef {object} Layout
 * @property {number} scale pixels per board unit
 * @property {number} cos cosine of the rotation
 * @property {number} sin sine of the rotation
 * @property {number} rotation rotation in degrees, clockwise on screen
 * @property {number} bx board centre x (units)
 * @property {number} by board centre y (units)
 * @property {number} px centre of the board on screen (px)
 * @property {number} py centre of the board on screen (px)
 * @property {'square' | 'star'} shape
 * @property {number} width box width (px)
 * @property {number} height box height (px)
 */

/**
 * Bounding box of the cell centres.
 * @param {readonly {x: number, y: number}[]} cells
 */
export function bounds(cells) {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const c of cells) {
    if (c.x < minX) minX = c.x;
    if (c.y < minY) minY = c.y;
    if (c.x > maxX) maxX = c.x;
    if (c.y > maxY) maxY = c.y;
  }
  if (!Number.isFinite(minX)) return { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  return { minX, minY, maxX, maxY };
}

/**
 * Normalises an angle in degrees to [0, 360).
 * @param {number} deg
 */
export function normDeg(deg) {
  const r = deg % 360;
  return r < 0 ? r + 360 : r;
}

/**
 * Fits the board into a box, rotated by `rotation` degrees (clockwise on screen) about its
 * centre, leaving `margin` board units around the outermost cell centres (room for the cells
 * themselves, the frame and the coordinates).
 * @param {{shape: 'square' | 'star', cells: readonly {x: number, y: number}[]}} board
 * @param {{width: number, height: number, rotation?: number, margin?: number}} box
 * @returns {Layout}
 */
export function makeLayout(board, box) {
  const rotation = normDeg(box.rotation ?? 0);
  const margin = box.margin ?? 0.5;
  const b = bounds(board.cells);
  const bx = (b.minX + b.maxX) / 2;
  const by = (b.minY + b.maxY) / 2;
  const rad = (rotation * Math.PI) / 180;
  // Snap tiny float errors so that 90° and 180° give exact axes.
  const cos = Math.abs(Math.cos(rad)) < 1e-12 ? 0 : Math.cos(rad);
  const sin = Math.abs(Math.sin(rad)) < 1e-12 ? 0 : Math.sin(rad);
  let hw = 0;
  let hh = 0;
  for (const c of board.cells) {
    const dx = c.x - bx;
    const dy = c.y - by;
    hw = Math.max(hw, Math.abs(dx * cos - dy * sin));
    hh = Math.max(hh, Math.abs(dx * sin + dy * cos));
  }
  const w = Math.max(1e-9, 2 * (hw + margin));
  const h = Math.max(1e-9, 2 * (hh + margin));
  const scale = Math.max(0, Math.min(box.width / w, box.height / h));
  return {
    scale,
    cos,
    sin,
    rotation,
    bx,
    by,
    px: box.width / 2,
    py: box.height / 2,
    shape: board.shape,
    width: box.width,
    height: box.height,
  };
}

/**
 * Board units → screen pixels.
 * @param {Layout} l
 * @param {number} x
 * @param {number} y
 * @returns {[number, number]}
 */
export function toScreen(l, x, y) {
  const dx = x - l.bx;
  const dy = y - l.by;
  return [l.px + l.scale * (dx * l.cos - dy * l.sin), l.py + l.scale * (dx * l.sin + dy * l.cos)];
}

/**
 * Screen pixels → board units (inverse of `toScreen`).
 * @param {Layout} l
 * @param {number} sx
 * @param {number} sy
 * @returns {[number, number]}
 */
export function toBoard(l, sx, sy) {
  if (l.scale === 0) return [l.bx, l.by];
  const u = (sx - l.px) / l.scale;
  const v = (sy - l.py) / l.scale;
  return [l.bx + u * l.cos + v * l.sin, l.by - u * l.sin + v * l.cos];
}

/**
 * The screen position of a cell's centre.
 * @param {Layout} l
 * @param {readonly CellDesc[]} cells
 * @param {number} id
 * @returns {[number, number]}
 */
export function cellCenter(l, cells, id) {
  const c = cells[id];
  return toScreen(l, c.x, c.y);
}

/**
 * How far (board units) from the nearest hole's centre a point on the star still counts as
 * that hole: every point of a hole's Voronoi region (a hexagon reaching 0.5 toward each
 * neighbour and 0.577 toward the gaps between them), and round the board's edge as far as
 * the plate reaches. A tap anywhere on the plate takes a hole; nothing has dead zones.
 */
export const STAR_HIT_RADIUS = 1;

/**
 * How much nearer (board units) a cell that takes the press (a piece that may move, a
 * destination) counts on the star: a point on the line halfway between such a cell and a
 * plain neighbour goes to the one that does something, and the tolerance round it is at
 * least half the spacing in every direction (0.5 + this toward a plain neighbour).
 */
export const STAR_PREFER = 0.06;

/**
 * The cell under a screen point, or -1. Square boards: the point must lie inside the cell's
 * square (half-open, so a point on a shared border belongs to exactly one cell). Star: the
 * nearest hole, within `STAR_HIT_RADIUS` of its centre; a cell of `prefer` (the cells that
 * take a press) counts `STAR_PREFER` nearer.
 * @param {Layout} l
 * @param {readonly CellDesc[]} cells
 * @param {number} sx
 * @param {number} sy
 * @param {(id: number) => boolean} [prefer]
 */
export function hitTest(l, cells, sx, sy, prefer) {
  const [x, y] = toBoard(l, sx, sy);
  if (l.shape === 'square') {
    for (const c of cells) {
      const dx = x - c.x;
      const dy = y - c.y;
      if (dx >= -0.5 && dx < 0.5 && dy >= -0.5 && dy < 0.5) return c.id;
    }
    return -1;
  }
  let best = -1;
  let bestD = Infinity;
  for (const c of cells) {
    const d2 = (x - c.x) ** 2 + (y - c.y) ** 2;
    if (d2 > STAR_HIT_RADIUS * STAR_HIT_RADIUS) continue;
    const d = Math.sqrt(d2) - (prefer && prefer(c.id) ? STAR_PREFER : 0);
    if (d < bestD) {
      bestD = d;
      best = c.id;
    }
  }
  return best;
}

/**
 * The centre of a set of cells (a camp), in board units.
 * @param {readonly CellDesc[]} cells
 * @param {readonly number[]} ids
 * @returns {[number, number]}
 */
export function centroid(cells, ids) {
  let x = 0;
  let y = 0;
  for (const id of ids) {
    x += cells[id].x;
    y += cells[id].y;
  }
  const n = Math.max(1, ids.length);
  return [x / n, y / n];
}

/**
 * The rotation (degrees, clockwise on screen) that turns a camp toward the player sitting
 * at the bottom of the screen: on the star the camp's point straight down, on square boards
 * the camp's corner to the bottom-left (quarter turns only, so the board stays square to
 * the screen).
 * @param {{shape: 'square' | 'star', cells: readonly CellDesc[], camps: readonly {cells: number[]}[]}} board
 * @param {number} camp index into `board.camps`
 */
export function rotationForCamp(board, camp) {
  const k = board.camps[camp];
  if (!k || k.cells.length === 0) return 0;
  const b = bounds(board.cells);
  const [cx, cy] = centroid(board.cells, k.cells);
  const ang = (Math.atan2(cy - (b.minY + b.maxY) / 2, cx - (b.minX + b.maxX) / 2) * 180) / Math.PI;
  if (board.shape === 'square') {
    // Bottom-left is at 135° (y down). Round to a quarter turn.
    return normDeg(Math.round((135 - ang) / 90) * 90);
  }
  // Straight down is at 90°. Star points sit at multiples of 60°, so round to 60°.
  return normDeg(Math.round((90 - ang) / 60) * 60);
}

/** @typedef {'up' | 'down' | 'left' | 'right'} Dir */

/** @type {Record<Dir, [number, number]>} */
const DIRS = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };

/**
 * Keyboard navigation: the cell reached from `from` by an arrow key, as seen on screen
 * (after rotation). Candidates lie within about 60° of the direction; the nearest wins,
 * with sideways offset counting as much as distance ahead. Among equally good cells, the
 * one closest to `goal` (the screen coordinate across the direction the cursor is keeping
 * to, like the column a text cursor remembers) wins, so up-up on the star's zigzag rows
 * comes back to the same column. Returns `from` when nothing lies that way.
 * @param {Layout} l
 * @param {readonly CellDesc[]} cells
 * @param {number} from
 * @param {Dir} dir
 * @param {number} [goal] screen x for up/down, screen y for left/right (px)
 * @returns {number}
 */
export function step(l, cells, from, dir, goal) {
  const [ux, uy] = DIRS[dir];
  const [fx, fy] = cellCenter(l, cells, from);
  const unit = l.scale || 1;
  let best = from;
  let bestScore = Infinity;
  let bestGoal = Infinity;
  for (const c of cells) {
    if (c.id === from) continue;
    const [sx, sy] = toScreen(l, c.x, c.y);
    const ax = (sx - fx) / unit;
    const ay = (sy - fy) / unit;
    const along = ax * ux + ay * uy;
    const across = Math.abs(ax * uy - ay * ux);
    if (along < 0.1 || across > along * 1.8) continue;
    const score = along + across;
    const g = goal === undefined ? 0 : Math.abs((ux === 0 ? sx : sy) - goal);
    if (score < bestScore - 1e-6 || (Math.abs(score - bestScore) <= 1e-6 && g < bestGoal - 1e-6)) {
      best = c.id;
      bestScore = score;
      bestGoal = g;
    }
  }
  return best;
}

/**
 * The cell whose centre is nearest the centre of the board (a starting place for a
 * keyboard cursor).
 * @param {readonly CellDesc[]} cells
 */
export function centralCell(cells) {
  const b = bounds(cells);
  const cx = (b.minX + b.maxX) / 2;
  const cy = (b.minY + b.maxY) / 2;
  let best = 0;
  let bestD = Infinity;
  for (const c of cells) {
    const d = (c.x - cx) ** 2 + (c.y - cy) ** 2;
    if (d < bestD - 1e-9) {
      bestD = d;
      best = c.id;
    }
  }
  return best;
}

/**
 * For square boards: which part of a cell name labels the screen's bottom edge and which
 * the left edge, given the rotation. Names are a column letter and a row number (`e4`);
 * after a quarter turn the bottom edge shows row numbers.
 * @param {number} rotation degrees
 * @returns {{bottom: 'letter' | 'number', left: 'letter' | 'number'}}
 */
export function edgeLabels(rotation) {
  const q = Math.round(normDeg(rotation) / 90) % 2;
  return q === 0 ? { bottom: 'letter', left: 'number' } : { bottom: 'number', left: 'letter' };
}

/**
 * Splits a cell name into its letter and number parts (`"e12"` → `["e", "12"]`).
 * @param {string} name
 * @returns {[string, string]}
 */
export function splitName(name) {
  const m = /^([a-z]+)(\d+)$/.exec(name);
  return m ? [m[1], m[2]] : [name, ''];
}

/**
 * Two cells given by name (a solitaire's `mirrorLine` from the engine) as ids of `cells`,
 * for the board's `axis`; null when there is no line or a name is not on the board.
 * @param {readonly CellDesc[]} cells
 * @param {readonly string[] | null | undefined} names
 * @returns {[number, number] | null}
 */
export function cellPair(cells, names) {
  if (!names || names.length !== 2) return null;
  const id = (/** @type {string} */ name) => cells.find((c) => c.name === name)?.id ?? -1;
  const [a, b] = [id(names[0]), id(names[1])];
  return a >= 0 && b >= 0 ? [a, b] : null;
}

/**
 * An index of the cells by position (half-unit grid), for finding a cell's neighbours by
 * offset (`cellAtUnits`).
 * @param {readonly CellDesc[]} cells
 * @returns {Map<string, number>}
 */
export function positionIndex(cells) {
  const index = new Map();
  for (const c of cells) index.set(`${Math.round(c.x * 2)},${Math.round(c.y * 2)}`, c.id);
  return index;
}

/**
 * The cell at board position (x, y) in units, or -1.
 * @param {Map<string, number>} index from `positionIndex`
 * @param {number} x
 * @param {number} y
 */
export function cellAtUnits(index, x, y) {
  const id = index.get(`${Math.round(x * 2)},${Math.round(y * 2)}`);
  return id === undefined ? -1 : id;
}

/**
 * Board units left around the outermost cell centres: the cell itself, the frame (square)
 * or plate (star), the coordinates when shown, and the shadow.
 * @param {'square' | 'star'} shape
 * @param {boolean} [coordinates]
 */
export function boardMargin(shape, coordinates) {
  if (shape === 'square') return coordinates ? 1.35 : 0.95;
  return coordinates ? 1.5 : 1.2;
}

/**
 * How far (board units) the frame or plate reaches past the outermost cell centres.
 * @param {'square' | 'star'} shape
 * @param {boolean} [coordinates]
 */
export function frameReach(shape, coordinates) {
  return boardMargin(shape, coordinates) - (shape === 'square' ? 0.12 : 0.3);
}
