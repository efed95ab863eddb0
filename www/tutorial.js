// The tutorial: a short guided lesson for a first game, in a dialog with a board of its own.
// Two lessons: Chinese checkers on the star (the default; the game the first screen starts)
// — a step in six directions, a hop, a chain of hops, the points at the sides, the target
// point, the win — and Halma on the square board (8×8; eight directions, its target corner),
// chosen by a switch in the dialog, or by default when the game open is played on a square
// board. Each step is a small position (a position string in the engine's notation), one or
// two sentences of what to do, rings on the cells that matter, and the person's move checked
// through the engine (its legal moves, hop paths, neighbours, camps and outcome; no rules
// here). Back, Skip and Close at any time; the end is remembered in the preferences. The
// instruction and the verdict are live regions inside the dialog (the page's own are behind
// the modal). The lesson and step shown are the page's address (`#tutorial/star/3`).

import { Game } from './pkg/halma.js';
import { t } from './i18n.js';
import { createBoard } from './board/index.js';
import { $ } from './panels/dom.js';

/** @typedef {import('./board/index.js').BoardApi} BoardApi */

/**
 * What a move did, in the engine's terms.
 * @typedef {object} MoveFacts
 * @property {number[]} path the cells the piece passed through
 * @property {number} hops 0 for a step to a neighbour
 * @property {boolean} inTarget it ended in seat 1's target camp
 * @property {boolean} won seat 1 won with it
 * @property {boolean} throughSide it passed through a point that is neither seat 1's home nor
 *   its target (the star's side points), without ending there
 */

/**
 * One step of the lesson.
 * @typedef {object} Lesson
 * @property {string} id its title is `tutorial.<id>.title`; its texts
 *   `tutorial.<board>.<id>.do`, `.good`, `.again`
 * @property {string} position a position string (seat 1 to move)
 * @property {(g: any) => number[]} marks the cells to ring
 * @property {(f: MoveFacts) => boolean} ok whether the move did what the step asks
 */

/** Seat 1's target camp, from the engine's board description. @param {any} g */
function targetCells(g) {
  const b = g.board();
  const camp = b.seats[0].target;
  return Array.from(b.camps[camp].cells, Number);
}

/**
 * The cells of the camps that are neither seat 1's home nor its target (the star's side
 * points), from the engine's board description.
 * @param {any} g
 */
function sideCells(g) {
  const b = g.board();
  const { home, target } = b.seats[0];
  /** @type {number[]} */
  const out = [];
  b.camps.forEach((/** @type {{cells: ArrayLike<number>}} */ c, /** @type {number} */ k) => {
    if (k !== home && k !== target) out.push(...Array.from(c.cells, Number));
  });
  return out;
}

/** The neighbours of the cell named `name` (the engine's edges). @param {any} g @param {string} name */
function neighbours(g, name) {
  const id = g.cellByName(name);
  /** @type {number[][]} */
  const edges = g.board().edges;
  return edges.filter(([a, b]) => a === id || b === id).map(([a, b]) => (a === id ? b : a));
}

/** The destinations of the piece on `name`, and the hops of each (engine paths). */
function destinationsOf(/** @type {any} */ g, /** @type {string} */ name) {
  const from = g.cellByName(name);
  const b = g.board();
  return Array.from(g.destinations(from), Number).map((to) => ({ to, hops: hopsOf(b, g.path(from, to) ?? [from, to]) }));
}

/**
 * Hops of a move's path: none when it goes to a neighbour (the engine's edges), else one a
 * segment.
 * @param {{edges: number[][]}} board
 * @param {ArrayLike<number>} path
 */
function hopsOf(board, path) {
  if (path.length < 2) return 0;
  const [a, b] = [path[0], path[1]];
  const step = path.length === 2 && board.edges.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  return step ? 0 : path.length - 1;
}

/** The lessons' boards: the star first (the game the first screen starts). */
export const BOARDS = /** @type {const} */ (['star', 'square']);

/** @typedef {'star' | 'square'} LessonBoard */

/**
 * The star's positions: 17 rows, top first (row lengths 1 2 3 4 13 12 11 10 9 10 11 12 13 4 3 2
 * 1). Seat 1 plays up from the bottom point to the top one.
 * @param {Record<string, string>} pieces cell name → seat
 */
function star(pieces) {
  const lengths = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];
  const letters = 'abcdefghijklm';
  const rows = lengths.map((n, i) => Array.from({ length: n }, (_, k) => pieces[`${letters[k]}${17 - i}`] ?? '.').join(''));
  return `star-2 1 ${rows.join('/')}`;
}

/** @type {Record<LessonBoard, Lesson[]>} */
export const LESSONS = {
  star: [
    {
      id: 'step',
      position: star({ e9: '1' }),
      marks: (g) => [g.cellByName('e9'), ...neighbours(g, 'e9')],
      ok: (f) => f.hops === 0,
    },
    {
      id: 'hop',
      position: star({ e7: '1', e8: '2' }),
      marks: (g) => [g.cellByName('e7'), ...destinationsOf(g, 'e7').filter((d) => d.hops === 1).map((d) => d.to)],
      ok: (f) => f.hops >= 1,
    },
    {
      id: 'chain',
      position: star({ e7: '1', e8: '2', e10: '2' }),
      marks: (g) => {
        const ds = destinationsOf(g, 'e7');
        const most = Math.max(...ds.map((d) => d.hops));
        return [g.cellByName('e7'), ...ds.filter((d) => d.hops === most).map((d) => d.to)];
      },
      ok: (f) => f.hops >= 2,
    },
    {
      id: 'points',
      // d7 over d6 into the side point (d5), over e5 out of it to f5.
      position: star({ d7: '1', d6: '2', e5: '2' }),
      marks: (g) => {
        const side = sideCells(g);
        const through = destinationsOf(g, 'd7').filter((d) => d.hops >= 2);
        return [g.cellByName('d7'), ...through.map((d) => d.to), ...side.filter((c) => through.some((d) => (g.path(g.cellByName('d7'), d.to) ?? []).includes(c)))];
      },
      ok: (f) => f.throughSide,
    },
    {
      id: 'camp',
      position: star({ f13: '1', b2: '2' }),
      marks: (g) => targetCells(g),
      ok: (f) => f.inTarget,
    },
    {
      id: 'win',
      position: star({ a17: '1', a16: '1', b16: '1', a15: '1', b15: '1', c15: '1', a14: '1', b14: '1', d14: '1', h13: '1', b2: '2' }),
      marks: (g) => targetCells(g).filter((c) => g.cells()[c] === 0),
      ok: (f) => f.won,
    },
  ],
  square: [
    {
      id: 'step',
      position: 'halma-8x8 1 ......../......../......../......../......../..1...../......../........',
      marks: (g) => [g.cellByName('c3'), ...neighbours(g, 'c3')],
      ok: (f) => f.hops === 0,
    },
    {
      id: 'hop',
      position: 'halma-8x8 1 ......../......../......../......../...2..../..1...../......../........',
      marks: (g) => [g.cellByName('c3'), ...destinationsOf(g, 'c3').filter((d) => d.hops === 1).map((d) => d.to)],
      ok: (f) => f.hops >= 1,
    },
    {
      id: 'chain',
      position: 'halma-8x8 1 ......../......../.....2../......../...2..../..1...../......../........',
      marks: (g) => {
        const ds = destinationsOf(g, 'c3');
        const most = Math.max(...ds.map((d) => d.hops));
        return [g.cellByName('c3'), ...ds.filter((d) => d.hops === most).map((d) => d.to)];
      },
      ok: (f) => f.hops >= 2,
    },
    {
      id: 'camp',
      position: 'halma-8x8 1 ......../......../......../.....1../......../......../......../2.......',
      marks: (g) => targetCells(g),
      ok: (f) => f.inTarget,
    },
    {
      id: 'win',
      position: 'halma-8x8 1 ....1111/.....111/......11/......1./......../......../2......./........',
      marks: (g) => targetCells(g).filter((c) => g.cells()[c] === 0),
      ok: (f) => f.won,
    },
  ],
};

/**
 * @typedef {object} Tutorial
 * @property {(board?: LessonBoard, step?: number | 'end') => void} open a lesson (the
 *   default board's) at a step (1 first; `end` the last screen)
 * @property {() => {board: LessonBoard, step: number | 'end'} | null} shown the lesson and
 *   step shown (null: closed)
 * @property {() => void} close
 * @property {() => void} relabel
 * @property {() => boolean} isOpen
 */

/**
 * @param {object} deps
 * @param {() => 'light' | 'dark'} deps.theme
 * @param {() => LessonBoard} deps.defaultBoard the lesson to open with
 * @param {() => void} deps.done the last step was reached (remember it)
 * @param {(board: LessonBoard) => void} deps.play "Play the computer" at the end: a game on
 *   that board
 * @param {() => void} [deps.changed] the lesson or step shown changed, or the dialog closed
 * @returns {Tutorial}
 */
export function createTutorial({ theme, defaultBoard, done, play, changed = () => {} }) {
  const dialog = /** @type {HTMLDialogElement} */ ($('tutorial'));
  const boardEl = $('tu-board');
  /** @type {BoardApi | null} */
  let board = null;
  /** @type {any} */
  let game = null;
  /** @type {LessonBoard} */
  let kind = 'star';
  let step = 0;
  /** Whether the step's move was made as asked. */
  let solved = false;
  /** @type {'do' | 'good' | 'again' | 'other'} */
  let said = 'do';
  let timer = 0;

  const lessons = () => LESSONS[kind];
  const lesson = () => lessons()[step];
  const finished = () => step >= lessons().length;
  /** A text of the step shown: `do`, `good` or `again`. @param {string} what */
  const text = (what) => t(`tutorial.${kind}.${lesson().id}.${what}`);

  function load() {
    game?.free();
    game = Game.fromPosition(lesson().position);
    solved = false;
  }

  function config() {
    const g = game;
    return {
      board: g.board(),
      pieces: g.cells(),
      movable: solved ? [] : Array.from(g.movable(), Number),
      marks: lesson().marks(g),
      lastMove: null,
      hint: null,
      interactive: !solved,
      theme: theme(),
      // The rings show the way; the names would only crowd the lesson's board.
      coordinates: false,
      rotation: 0,
      label: text('do'),
    };
  }

  function showBoard() {
    if (finished()) return;
    // The board's proportions follow the lesson's (style.css).
    boardEl.dataset.lesson = kind;
    if (!board) {
      board = createBoard(boardEl, {
        ...config(),
        roleDescription: t('board.role'),
        destinations: (cell) => game.destinations(cell),
        onMove: (from, to, how) => moved(from, to, !how.dragged),
      });
    } else {
      board.set(config());
    }
  }

  /**
   * The person moved: the engine plays it and says what it was.
   * @param {number} from
   * @param {number} to
   * @param {boolean} animate
   */
  function moved(from, to, animate) {
    const b = game.board();
    const side = sideCells(game);
    const target = targetCells(game);
    /** @type {{path: number[]}[]} */
    const plies = game.playMove(from, to);
    const path = Array.from(plies[0].path, Number);
    const outcome = game.outcome();
    /** @type {MoveFacts} */
    const facts = {
      path,
      hops: hopsOf(b, path),
      inTarget: target.includes(to),
      won: !!outcome && outcome.kind === 'win' && outcome.winners.includes(1),
      throughSide: path.slice(1, -1).some((c) => side.includes(c)) && !side.includes(to),
    };
    solved = lesson().ok(facts);
    said = solved ? 'good' : 'again';
    board?.set({ pieces: game.cells(), movable: [], interactive: false, lastMove: { path }, marks: solved ? [] : lesson().marks(game), animate: animate ? path : null });
    if (!solved) {
      // Show the move a moment, then put the pieces back for another try.
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        timer = 0;
        if (!dialog.open || solved) return;
        load();
        showBoard();
      }, 1200);
    }
    render();
    if (solved) /** @type {HTMLButtonElement} */ ($('tu-next')).focus();
  }

  function render() {
    const end = finished();
    const total = lessons().length;
    $('tu-step').textContent = end ? t('tutorial.doneTitle') : t('tutorial.stepOf', { n: step + 1, total, title: t(`tutorial.${lesson().id}.title`) });
    $('tu-text').textContent = end ? t(`tutorial.${kind}.doneText`) : text('do');
    const fb = $('tu-feedback');
    fb.textContent = end || said === 'do' ? '' : text(said);
    fb.dataset.kind = said;
    boardEl.hidden = end;
    $('tu-back').toggleAttribute('disabled', step === 0);
    const next = /** @type {HTMLButtonElement} */ ($('tu-next'));
    next.hidden = end;
    next.textContent = t(solved ? 'tutorial.next' : 'tutorial.skip');
    next.classList.toggle('primary', solved);
    const playBtn = $('tu-play');
    playBtn.hidden = !end;
    playBtn.textContent = t(`tutorial.${kind}.play`);
    for (const k of BOARDS) $(`tu-${k}`).setAttribute('aria-pressed', String(k === kind));
    const dots = $('tu-dots');
    dots.replaceChildren(
      ...lessons().map((l, i) => {
        const d = document.createElement('li');
        d.className = i < step ? 'done' : i === step ? 'current' : '';
        d.textContent = t(`tutorial.${l.id}.title`);
        if (i === step) d.setAttribute('aria-current', 'step');
        return d;
      }),
    );
  }

  /** @param {number} k */
  function go(k) {
    window.clearTimeout(timer);
    timer = 0;
    step = Math.max(0, Math.min(lessons().length, k));
    said = 'do';
    solved = false;
    if (finished()) {
      done();
    } else {
      load();
      showBoard();
    }
    render();
    changed();
  }

  $('tu-back').addEventListener('click', () => go(step - 1));
  $('tu-next').addEventListener('click', () => go(step + 1));
  $('tu-close').addEventListener('click', () => dialog.close());
  $('tu-play').addEventListener('click', () => {
    dialog.close();
    play(kind);
  });
  for (const k of BOARDS) {
    $(`tu-${k}`).addEventListener('click', () => {
      if (k === kind) return;
      kind = k;
      go(0);
    });
  }
  dialog.addEventListener('close', () => {
    window.clearTimeout(timer);
    timer = 0;
    changed();
  });

  return {
    open(which, at = 1) {
      kind = which ?? defaultBoard();
      if (!dialog.open) dialog.showModal();
      go(at === 'end' ? lessons().length : at - 1);
    },
    shown() {
      if (!dialog.open) return null;
      return { board: kind, step: finished() ? 'end' : step + 1 };
    },
    close() {
      if (dialog.open) dialog.close();
    },
    relabel() {
      if (!dialog.open) return;
      render();
      if (!finished()) board?.set({ label: text('do'), roleDescription: t('board.role') });
    },
    isOpen: () => dialog.open,
  };
}
