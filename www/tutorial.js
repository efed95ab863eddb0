// The tutorial: a short guided lesson for a first game, in a dialog with a board of its own.
// Five steps — a step, a hop, a chain of hops, the target camp, the win — each a small
// position on the 8×8 board (a position string in the engine's notation), one or two
// sentences of what to do, rings on the cells that matter, and the person's move checked
// through the engine (its legal moves, hop paths, neighbours, camps and outcome; no rules
// here). Back, Skip and Close at any time; the end is remembered in the preferences. The
// instruction and the verdict are live regions inside the dialog (the page's own are behind
// the modal).

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
 */

/**
 * One step of the lesson.
 * @typedef {object} Lesson
 * @property {string} id the key of its strings: `tutorial.<id>.title`, `.do`, `.good`, `.again`
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

/** @type {Lesson[]} */
export const LESSONS = [
  {
    id: 'step',
    position: 'halma-8x8 1 ......../......../......../......../......../..1...../......../........',
    marks: (g) => [g.cellByName('c3')],
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
];

/**
 * @typedef {object} Tutorial
 * @property {() => void} open from the first step
 * @property {() => void} relabel
 * @property {() => boolean} isOpen
 */

/**
 * @param {object} deps
 * @param {() => 'light' | 'dark'} deps.theme
 * @param {() => boolean} deps.coordinates
 * @param {() => void} deps.done the last step was reached (remember it)
 * @param {() => void} deps.play "Play the computer" at the end
 * @returns {Tutorial}
 */
export function createTutorial({ theme, coordinates, done, play }) {
  const dialog = /** @type {HTMLDialogElement} */ ($('tutorial'));
  const boardEl = $('tu-board');
  /** @type {BoardApi | null} */
  let board = null;
  /** @type {any} */
  let game = null;
  let step = 0;
  /** Whether the step's move was made as asked. */
  let solved = false;
  /** @type {'do' | 'good' | 'again' | 'other'} */
  let said = 'do';
  let timer = 0;

  const lesson = () => LESSONS[step];
  const finished = () => step >= LESSONS.length;

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
      coordinates: coordinates(),
      label: t(`tutorial.${lesson().id}.do`),
    };
  }

  function showBoard() {
    if (finished()) return;
    if (!board) {
      board = createBoard(boardEl, {
        ...config(),
        rotation: 0,
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
    /** @type {{path: number[]}[]} */
    const plies = game.playMove(from, to);
    const path = Array.from(plies[0].path, Number);
    const outcome = game.outcome();
    /** @type {MoveFacts} */
    const facts = {
      path,
      hops: hopsOf(b, path),
      inTarget: targetCells(game).includes(to),
      won: !!outcome && outcome.kind === 'win' && outcome.winners.includes(1),
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
    $('tu-step').textContent = end ? t('tutorial.doneTitle') : t('tutorial.stepOf', { n: step + 1, total: LESSONS.length, title: t(`tutorial.${lesson().id}.title`) });
    $('tu-text').textContent = end ? t('tutorial.doneText') : t(`tutorial.${lesson().id}.do`);
    const fb = $('tu-feedback');
    fb.textContent = end || said === 'do' ? '' : t(`tutorial.${lesson().id}.${said}`);
    fb.dataset.kind = said;
    boardEl.hidden = end;
    $('tu-back').toggleAttribute('disabled', step === 0);
    const next = /** @type {HTMLButtonElement} */ ($('tu-next'));
    next.hidden = end;
    next.textContent = t(solved ? 'tutorial.next' : 'tutorial.skip');
    next.classList.toggle('primary', solved);
    $('tu-play').hidden = !end;
    const dots = $('tu-dots');
    dots.replaceChildren(
      ...LESSONS.map((l, i) => {
        const d = document.createElement('li');
        d.className = i < step ? 'done' : i === step ? 'current' : '';
        d.textContent = t(`tutorial.${l.id}.title`);
        if (i === step) d.setAttribute('aria-current', 'step');
        return d;
      }),
    );
  }

  function go(/** @type {number} */ k) {
    window.clearTimeout(timer);
    timer = 0;
    step = Math.max(0, Math.min(LESSONS.length, k));
    said = 'do';
    solved = false;
    if (finished()) {
      done();
    } else {
      load();
      showBoard();
    }
    render();
  }

  $('tu-back').addEventListener('click', () => go(step - 1));
  $('tu-next').addEventListener('click', () => go(step + 1));
  $('tu-close').addEventListener('click', () => dialog.close());
  $('tu-play').addEventListener('click', () => {
    dialog.close();
    play();
  });
  dialog.addEventListener('close', () => {
    window.clearTimeout(timer);
    timer = 0;
  });

  return {
    open() {
      if (!dialog.open) dialog.showModal();
      go(0);
    },
    relabel() {
      if (!dialog.open) return;
      render();
      if (!finished()) board?.set({ label: t(`tutorial.${lesson().id}.do`), roleDescription: t('board.role') });
    },
    isOpen: () => dialog.open,
  };
}
