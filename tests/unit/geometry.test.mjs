// Unit tests for the board widget's pure geometry: board units ↔ pixels, rotation, hit
// testing and keyboard navigation. Boards are built here the way the engine lays them out
// (square: x = column, y = row from the top; star: axial q, r with x = q + r/2,
// y = r·√3/2), so the tests need no wasm.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  cellPair,
  bounds,
  makeLayout,
  toScreen,
  toBoard,
  cellCenter,
  hitTest,
  rotationForCamp,
  step,
  centralCell,
  edgeLabels,
  splitName,
  normDeg,
  positionIndex,
  cellAtUnits,
  boardMargin,
  frameReach,
} from '../../www/board/geometry.js';

/** A square board like the engine's: cell order top row first, names a1 bottom-left. */
function square(n) {
  const cells = [];
  for (let row = 0; row < n; row++) {
    for (let x = 0; x < n; x++) {
      cells.push({ id: cells.length, name: `${String.fromCharCode(97 + x)}${n - row}`, x, y: row });
    }
  }
  // Corner camps of 10 cells (rows 4,3,2,1 from the corner) for rotation tests.
  const camp = (cx, cy) => {
    const ids = [];
    for (const c of cells) {
      const dx = cx === 0 ? c.x : n - 1 - c.x;
      const dy = cy === 0 ? c.y : n - 1 - c.y;
      if (dx + dy < 4) ids.push(c.id);
    }
    return { cells: ids, homeOf: null, targetOf: null };
  };
  // Corners: 0 bottom-left, 1 top-left, 2 top-right, 3 bottom-right (y grows downward).
  const camps = [camp(0, n - 1), camp(0, 0), camp(n - 1, 0), camp(n - 1, n - 1)];
  return { shape: 'square', size: n, cells, edges: [], camps, seats: [], width: n - 1, height: n - 1 };
}

/** The star of docs/rules.md with side n, in cell order (top row first, left to right). */
function star(n) {
  const raw = [];
  for (let r = -2 * n; r <= 2 * n; r++) {
    for (let q = -2 * n; q <= 2 * n; q++) {
      const s = -q - r;
      if (Math.max(q, r, s) <= n || Math.min(q, r, s) >= -n) {
        if (Math.abs(q) <= 2 * n && Math.abs(r) <= 2 * n && Math.abs(s) <= 2 * n) raw.push({ q, r });
      }
    }
  }
  raw.sort((a, b) => a.r - b.r || a.q + a.r / 2 - (b.q + b.r / 2));
  const cells = raw.map((c, id) => ({ id, name: `c${id}`, x: c.q + c.r / 2, y: (c.r * Math.sqrt(3)) / 2, q: c.q, r: c.r }));
  const pt = (f) => ({ cells: cells.filter((c) => f(c.q, c.r, -c.q - c.r)).map((c) => c.id), homeOf: null, targetOf: null });
  // 0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE.
  const camps = [
    pt((q, r) => r > n),
    pt((q) => q < -n),
    pt((q, r, s) => s > n),
    pt((q, r) => r < -n),
    pt((q) => q > n),
    pt((q, r, s) => s < -n),
  ];
  return { shape: 'star', size: n, cells, edges: [], camps, seats: [] };
}

const close = (a, b, eps = 1e-6) => Math.abs(a - b) <= eps;

test('star helper builds the right number of holes', () => {
  for (const [n, holes] of [
    [2, 37],
    [3, 73],
    [4, 121],
    [5, 181],
  ]) {
    assert.equal(star(n).cells.length, holes);
    for (const c of star(n).camps) assert.equal(c.cells.length, (n * (n + 1)) / 2);
  }
});

test('bounds and normDeg', () => {
  assert.deepEqual(bounds(square(8).cells), { minX: 0, minY: 0, maxX: 7, maxY: 7 });
  assert.deepEqual(bounds([]), { minX: 0, minY: 0, maxX: 0, maxY: 0 });
  assert.equal(normDeg(-90), 270);
  assert.equal(normDeg(720), 0);
  assert.equal(normDeg(450), 90);
});

test('square board fits the box, centred, with the margin', () => {
  const b = square(8);
  const l = makeLayout(b, { width: 400, height: 300, margin: 0.5 });
  // 8 cells across (7 between centres + 2 × 0.5 margin) in the shorter side, 300 px.
  assert.ok(close(l.scale, 300 / 8));
  const [x0, y0] = cellCenter(l, b.cells, 0); // a8, top-left
  const [x1, y1] = cellCenter(l, b.cells, 63); // h1, bottom-right
  assert.ok(close(x0, 200 - 3.5 * l.scale) && close(y0, 150 - 3.5 * l.scale));
  assert.ok(close(x1, 200 + 3.5 * l.scale) && close(y1, 150 + 3.5 * l.scale));
});

test('toScreen and toBoard are inverse at every rotation', () => {
  const b = star(4);
  for (const rot of [0, 30, 60, 90, 135, 180, 240, 300, -60]) {
    const l = makeLayout(b, { width: 640, height: 480, rotation: rot, margin: 1 });
    for (const c of b.cells) {
      const [sx, sy] = toScreen(l, c.x, c.y);
      const [x, y] = toBoard(l, sx, sy);
      assert.ok(close(x, c.x) && close(y, c.y), `rot ${rot} cell ${c.id}`);
    }
  }
});

test('rotation is clockwise on screen and keeps the board inside the box', () => {
  const b = square(8);
  const l = makeLayout(b, { width: 500, height: 500, rotation: 90, margin: 0.5 });
  // a1 (bottom-left at 0°) goes to the top-left after a quarter turn clockwise.
  const a1 = b.cells.find((c) => c.name === 'a1');
  const [sx, sy] = cellCenter(l, b.cells, a1.id);
  assert.ok(sx < 250 && sy < 250, `a1 at ${sx},${sy}`);
  const l180 = makeLayout(b, { width: 500, height: 500, rotation: 180, margin: 0.5 });
  const [tx, ty] = cellCenter(l180, b.cells, a1.id);
  assert.ok(tx > 250 && ty < 250, 'a1 at the top-right after a half turn');
  for (const rot of [0, 60, 120, 180, 240, 300]) {
    const s = star(4);
    const ls = makeLayout(s, { width: 300, height: 500, rotation: rot, margin: 1 });
    for (const c of s.cells) {
      const [x, y] = toScreen(ls, c.x, c.y);
      assert.ok(x >= ls.scale - 1e-6 && x <= 300 - ls.scale + 1e-6, `x inside at ${rot}`);
      assert.ok(y >= -1e-6 && y <= 500 + 1e-6, `y inside at ${rot}`);
    }
  }
});

test('a zero-sized box does not divide by zero', () => {
  const l = makeLayout(square(8), { width: 0, height: 0 });
  assert.equal(l.scale, 0);
  assert.deepEqual(toBoard(l, 10, 10), [l.bx, l.by]);
  assert.equal(hitTest(l, square(8).cells, 0, 0) >= -1, true);
});

test('hit testing on a square board: every point of a cell, half-open borders', () => {
  const b = square(10);
  for (const rot of [0, 90, 180, 270]) {
    const l = makeLayout(b, { width: 537, height: 537, rotation: rot, margin: 0.7 });
    for (const c of b.cells) {
      const [sx, sy] = cellCenter(l, b.cells, c.id);
      assert.equal(hitTest(l, b.cells, sx, sy), c.id);
      const q = l.scale * 0.45;
      for (const [dx, dy] of [
        [q, q],
        [-q, q],
        [q, -q],
        [-q, -q],
      ]) {
        assert.equal(hitTest(l, b.cells, sx + dx, sy + dy), c.id, `rot ${rot} corner of ${c.name}`);
      }
    }
    // Outside the board: nothing.
    assert.equal(hitTest(l, b.cells, 2, 2), -1);
    assert.equal(hitTest(l, b.cells, 536, 536), -1);
  }
  // A point on the border between two cells belongs to exactly one of them.
  const l = makeLayout(b, { width: 500, height: 500, margin: 0.5 });
  const [x0, y0] = cellCenter(l, b.cells, 0);
  assert.equal(hitTest(l, b.cells, x0 + l.scale / 2, y0), 1);
});

test('hit testing on the star: the nearest hole, no dead zones between holes', () => {
  const b = star(4);
  for (const rot of [0, 60, 180, 300]) {
    const l = makeLayout(b, { width: 700, height: 700, rotation: rot, margin: 1 });
    for (const c of b.cells) {
      const [sx, sy] = cellCenter(l, b.cells, c.id);
      assert.equal(hitTest(l, b.cells, sx, sy), c.id);
      assert.equal(hitTest(l, b.cells, sx + l.scale * 0.3, sy - l.scale * 0.2), c.id);
      // Just short of halfway toward each of the six neighbours, and 0.55 toward the gaps
      // between them (the Voronoi hexagon's corners are 0.577 away).
      for (let k = 0; k < 12; k++) {
        const a = (k * Math.PI) / 6;
        const r = k % 2 === 0 ? 0.49 : 0.55;
        const [px, py] = toScreen(l, c.x + r * Math.cos(a), c.y + r * Math.sin(a));
        assert.equal(hitTest(l, b.cells, px, py), c.id, `rot ${rot} ${c.name} direction ${k * 30}°`);
      }
    }
  }
  const l = makeLayout(b, { width: 700, height: 700, margin: 1 });
  const c0 = b.cells.find((c) => c.q === 0 && c.r === 0);
  const c1 = b.cells.find((c) => c.q === 1 && c.r === 0);
  const c2 = b.cells.find((c) => c.q === 0 && c.r === 1);
  // The centre of the triangle formed by three neighbouring holes (0.577 from each) takes one
  // of them: there is no gap that takes nothing.
  const [tx, ty] = toScreen(l, (c0.x + c1.x + c2.x) / 3, (c0.y + c1.y + c2.y) / 3);
  assert.ok([c0.id, c1.id, c2.id].includes(hitTest(l, b.cells, tx, ty)));
  // Halfway between two holes and a little past it, the one that takes a press wins.
  const at = (/** @type {number} */ u) => toScreen(l, c0.x + (c1.x - c0.x) * u, c0.y + (c1.y - c0.y) * u);
  for (const u of [0.5, 0.53]) {
    const [hx, hy] = at(u);
    assert.equal(hitTest(l, b.cells, hx, hy, (id) => id === c0.id), c0.id, `${u} toward a plain hole`);
  }
  assert.equal(hitTest(l, b.cells, ...at(0.6), (id) => id === c0.id), c1.id, 'the plain hole is clearly nearer');
  // Round the edge as far as the plate reaches; far outside, nothing.
  const tip = b.cells.reduce((p, c) => (c.y < p.y ? c : p));
  assert.equal(hitTest(l, b.cells, ...toScreen(l, tip.x, tip.y - 0.8)), tip.id);
  assert.equal(hitTest(l, b.cells, ...toScreen(l, tip.x, tip.y - 1.1)), -1);
  assert.equal(hitTest(l, b.cells, 1, 1), -1);
});

test('rotation toward a camp: square boards turn in quarter turns, the star in sixths', () => {
  const b = square(16);
  assert.equal(rotationForCamp(b, 0), 0); // bottom-left stays
  assert.equal(rotationForCamp(b, 2), 180); // top-right comes down
  // Top-left (corner 1) goes to the bottom-left: a quarter turn anticlockwise.
  assert.equal(rotationForCamp(b, 1), 270);
  assert.equal(rotationForCamp(b, 3), 90);
  for (let k = 0; k < 4; k++) {
    const l = makeLayout(b, { width: 400, height: 400, rotation: rotationForCamp(b, k) });
    const ids = b.camps[k].cells;
    const pts = ids.map((id) => cellCenter(l, b.cells, id));
    const mx = pts.reduce((a, p) => a + p[0], 0) / pts.length;
    const my = pts.reduce((a, p) => a + p[1], 0) / pts.length;
    assert.ok(mx < 200 && my > 200, `camp ${k} at the bottom-left`);
  }
  const s = star(4);
  assert.equal(rotationForCamp(s, 0), 0);
  assert.equal(rotationForCamp(s, 3), 180);
  for (let k = 0; k < 6; k++) {
    const rot = rotationForCamp(s, k);
    assert.equal(rot % 60, 0);
    const l = makeLayout(s, { width: 400, height: 400, rotation: rot, margin: 1 });
    const pts = s.camps[k].cells.map((id) => cellCenter(l, s.cells, id));
    const mx = pts.reduce((a, p) => a + p[0], 0) / pts.length;
    const my = pts.reduce((a, p) => a + p[1], 0) / pts.length;
    assert.ok(close(mx, 200, 1e-6) && my > 300, `point ${k} straight down (${mx}, ${my})`);
  }
  assert.equal(rotationForCamp(s, 99), 0);
});

test('keyboard steps on a square board follow the screen, also rotated', () => {
  const b = square(8);
  const byName = (n) => b.cells.find((c) => c.name === n).id;
  let l = makeLayout(b, { width: 400, height: 400 });
  assert.equal(step(l, b.cells, byName('d4'), 'up'), byName('d5'));
  assert.equal(step(l, b.cells, byName('d4'), 'down'), byName('d3'));
  assert.equal(step(l, b.cells, byName('d4'), 'left'), byName('c4'));
  assert.equal(step(l, b.cells, byName('d4'), 'right'), byName('e4'));
  // Edges: nowhere to go, stay.
  assert.equal(step(l, b.cells, byName('a1'), 'left'), byName('a1'));
  assert.equal(step(l, b.cells, byName('h8'), 'up'), byName('h8'));
  // Half a turn: "up" on screen is toward row 1.
  l = makeLayout(b, { width: 400, height: 400, rotation: 180 });
  assert.equal(step(l, b.cells, byName('d4'), 'up'), byName('d3'));
  assert.equal(step(l, b.cells, byName('d4'), 'right'), byName('c4'));
});

test('keyboard steps on the star zigzag and come back to the same column', () => {
  const b = star(4);
  const l = makeLayout(b, { width: 600, height: 600, margin: 1 });
  const at = (q, r) => b.cells.find((c) => c.q === q && c.r === r).id;
  const start = at(0, 0);
  assert.equal(step(l, b.cells, start, 'right'), at(1, 0));
  assert.equal(step(l, b.cells, start, 'left'), at(-1, 0));
  const [gx] = cellCenter(l, b.cells, start);
  const up1 = step(l, b.cells, start, 'up', gx);
  assert.ok([at(0, -1), at(1, -1)].includes(up1), 'one row up, a neighbour');
  const up2 = step(l, b.cells, up1, 'up', gx);
  assert.equal(up2, at(1, -2), 'two rows up, back above the start');
  const [x2] = cellCenter(l, b.cells, up2);
  assert.ok(close(x2, gx));
  // From the top tip, up goes nowhere.
  const tip = b.cells.find((c) => c.r === -8).id;
  assert.equal(step(l, b.cells, tip, 'up'), tip);
  // Every cell can be reached from the centre by arrow keys (breadth-first over steps).
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length) {
    const c = queue.shift();
    for (const d of ['up', 'down', 'left', 'right']) {
      const [cx, cy] = cellCenter(l, b.cells, c);
      const n = step(l, b.cells, c, d, d === 'up' || d === 'down' ? cx : cy);
      if (!seen.has(n)) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  assert.equal(seen.size, b.cells.length);
});

test('centralCell, edge labels and names', () => {
  const b = star(4);
  const c = b.cells[centralCell(b.cells)];
  assert.equal(c.q, 0);
  assert.equal(c.r, 0);
  assert.equal(centralCell(square(8).cells) >= 0, true);
  assert.deepEqual(edgeLabels(0), { bottom: 'letter', left: 'number' });
  assert.deepEqual(edgeLabels(90), { bottom: 'number', left: 'letter' });
  assert.deepEqual(edgeLabels(180), { bottom: 'letter', left: 'number' });
  assert.deepEqual(edgeLabels(-90), { bottom: 'number', left: 'letter' });
  assert.deepEqual(splitName('e12'), ['e', '12']);
  assert.deepEqual(splitName('a1'), ['a', '1']);
  assert.deepEqual(splitName('??'), ['??', '']);
});

test('cellPair: two cell names as ids, null without a line or with an unknown name', () => {
  const cells = [
    { id: 0, name: 'a2', x: 0, y: 0 },
    { id: 1, name: 'b2', x: 1, y: 0 },
    { id: 2, name: 'a1', x: 0, y: 1 },
    { id: 3, name: 'b1', x: 1, y: 1 },
  ];
  assert.deepEqual(cellPair(cells, ['a2', 'b1']), [0, 3]);
  assert.equal(cellPair(cells, null), null);
  assert.equal(cellPair(cells, undefined), null);
  assert.equal(cellPair(cells, ['a2', 'z9']), null);
  assert.equal(cellPair(cells, ['a2']), null);
});

test('positionIndex and cellAtUnits: the cell at a board position, -1 off the board', () => {
  const sq = square(8);
  const si = positionIndex(sq.cells);
  for (const c of sq.cells) assert.equal(cellAtUnits(si, c.x, c.y), c.id);
  assert.equal(cellAtUnits(si, 3 + 1e-9, 4 - 1e-9), 4 * 8 + 3, 'float noise rounds away');
  assert.equal(cellAtUnits(si, -1, 0), -1);
  assert.equal(cellAtUnits(si, 8, 7), -1);
  // The star's holes sit on half units across and √3/2 down: still one hole per key.
  const st = star(3);
  const ti = positionIndex(st.cells);
  assert.equal(ti.size, st.cells.length);
  for (const c of st.cells) assert.equal(cellAtUnits(ti, c.x, c.y), c.id);
  const at = (q, r) => st.cells.find((c) => c.q === q && c.r === r);
  const centre = at(0, 0);
  assert.equal(cellAtUnits(ti, centre.x + 0.5, centre.y + Math.sqrt(3) / 2), at(0, 1).id, 'neighbour below right');
});

test('board margins leave room for the frame and, when shown, the coordinates', () => {
  for (const shape of ['square', 'star']) {
    assert.ok(boardMargin(shape, true) > boardMargin(shape, false), shape);
    for (const coords of [false, true]) {
      const m = boardMargin(shape, coords);
      const f = frameReach(shape, coords);
      // The frame lies past the cells' edges (half a unit) and inside the margin.
      assert.ok(f > 0.5 && f < m, `${shape} ${coords}`);
    }
  }
  assert.equal(boardMargin('square'), boardMargin('square', false));
});
