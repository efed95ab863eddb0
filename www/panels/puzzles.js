// The puzzles: a chooser (each puzzle's name, rules, par and the player's best) and the
// puzzle view (its own board, the move counter against the par, undo, reset, the goal check,
// an animated shipped solution that does not count, and the solitaire's gallery of figures).
// The puzzles, their moves and their goal check are the engine's (`puzzles()`,
// `Game.puzzle`, `puzzleMoves`, `puzzleProgress`); the results are kept in storage.js.

import { createBoard } from '../board/index.js';
import { cellPair, rotationForCamp } from '../board/geometry.js';
import { seatColor } from '../colors.js';
import { getLang, t, tn } from '../i18n.js';
import { readPuzzleResults, recordPuzzleSolve } from '../storage.js';
import { encodeMoves, decodeMoves } from '../share.js';
import { $, busyWhile } from './dom.js';
import { announce, announceCursor } from './notice.js';

/** @typedef {import('../board/index.js').BoardApi} BoardApi */
/** @typedef {import('../board/geometry.js').BoardDesc} BoardDesc */

/**
 * A puzzle as the engine lists it (`puzzles()`).
 * @typedef {object} PuzzleInfo
 * @property {string} id
 * @property {'solitaire' | 'crossing' | 'shortest-game'} kind
 * @property {string} variant
 * @property {string} start
 * @property {number} par
 * @property {boolean} proven
 * @property {number | null} record
 * @property {number | null} figures
 * @property {string[]} solution
 */

/** @typedef {{from: number, to: number, path: number[]}} PuzzleMove */

/**
 * The engine's goal check (`Game.puzzleProgress`).
 * @typedef {object} Progress
 * @property {boolean} reached
 * @property {number} moves
 * @property {number} par
 * @property {boolean} stuck
 * @property {string | null} problem
 * @property {number[] | null} figure
 */

/**
 * @typedef {object} Puzzles
 * @property {() => void} showList the chooser
 * @property {(id: string, moves?: string) => string | null} open a puzzle's view, with the
 *   attempt's moves as its address writes them; null, or what is wrong (no such puzzle: the
 *   chooser is shown; a move that does not replay: the moves before it are)
 * @property {() => {id: string, moves: string} | null} shownPuzzle the puzzle shown and
 *   its attempt's moves (null: the chooser)
 * @property {() => void} relabel
 * @property {(theme: 'light' | 'dark') => void} setTheme
 * @property {(on: boolean) => void} setCoords
 */

/** Milliseconds between the moves of a playing solution. */
const DEMO_STEP_MS = 900;

/**
 * The number of figures the engine knows to solve a puzzle, written in the page's language.
 * @param {{ figures: number | null }} p
 */
function knownFigures(p) {
  return p.figures === null ? '' : p.figures.toLocaleString(getLang());
}

/**
 * A puzzle's rules, with the engine's count of its figures where the text names it.
 * @param {{ id: string, figures: number | null }} p
 */
function rulesText(p) {
  return t(`puzzle.${p.id}.rules`, { known: knownFigures(p) });
}

/**
 * A figure's storage key: the engine's canonical figure (its cells in cell order).
 * @param {number[]} cells
 */
export function figureKey(cells) {
  return cells.join(',');
}

/**
 * @param {object} deps
 * @param {any} deps.Game the engine's Game class
 * @param {PuzzleInfo[]} deps.list the engine's puzzles
 * @param {Storage | null} deps.storage
 * @param {() => 'light' | 'dark'} deps.theme
 * @param {() => boolean} deps.coordinates
 * @param {() => void} deps.home shows the first screen
 * @param {() => void} [deps.changed] the attempt's moves changed (the address keeps them)
 * @returns {Puzzles}
 */
export function createPuzzles({ Game, list, storage, theme, coordinates, home, changed = () => {} }) {
  const root = $('puzzles');
  const boardEl = $('pz-board');
  /** @type {BoardApi | null} */
  let board = null;
  const markBusy = busyWhile(boardEl, () => !!board && board.state().animating);
  /** @type {PuzzleInfo | null} */
  let current = null;
  /** @type {any} the player's attempt */
  let game = null;
  /** @type {BoardDesc | null} */
  let desc = null;
  /** The paths of the player's moves (on the puzzle's cells), for the last-move line. */
  /** @type {number[][]} */
  let paths = [];
  /** @type {PuzzleMove[]} */
  let allowed = [];
  /**
   * The last solve of this attempt and how it was kept (until undo or reset), so its line
   * can be said again in another language.
   * @type {{moves: number, rec: ReturnType<typeof recordPuzzleSolve>} | null}
   */
  let lastSolve = null;
  /** @type {{game: any, step: number, paths: number[][], timer: number} | null} */
  let demo = null;

  const name = (/** @type {PuzzleInfo} */ p) => t(`puzzle.${p.id}.name`);

  /** @returns {Record<string, import('../storage.js').PuzzleResult>} */
  function results() {
    const r = readPuzzleResults(storage);
    const bad = $('pz-store');
    if (r.status === 'ok') {
      bad.hidden = true;
      return r.results;
    }
    const reason = r.status === 'newer' ? `format ${r.version}` : r.reason;
    bad.textContent = t('puzzles.storeBad', { reason });
    bad.hidden = false;
    return {};
  }

  /** @param {PuzzleInfo} p */
  function parText(p) {
    if (p.proven) return t('puzzles.par.proven', { par: p.par });
    if (p.record !== null) return t('puzzles.par.record', { par: p.par, record: p.record });
    return t('puzzles.par', { par: p.par });
  }

  function renderList() {
    const res = results();
    $('pz-cards').replaceChildren(
      ...list.map((p) => {
        const li = document.createElement('li');
        li.className = 'pz-card';
        const btn = document.createElement('button');
        btn.type = 'button';
        btn.className = 'pz-open';
        btn.id = `pz-open-${p.id}`;
        btn.dataset.puzzle = p.id;
        btn.textContent = name(p);
        btn.setAttribute('aria-describedby', `pz-rules-${p.id} pz-meta-${p.id}`);
        btn.addEventListener('click', () => open(p.id));
        const rules = document.createElement('p');
        rules.id = `pz-rules-${p.id}`;
        rules.className = 'pz-card-rules';
        rules.textContent = rulesText(p);
        const meta = document.createElement('p');
        meta.id = `pz-meta-${p.id}`;
        meta.className = 'pz-card-meta';
        const r = res[p.id];
        const parts = [parText(p), r ? t('puzzles.best', { moves: r.best }) : t('puzzles.best.none')];
        if (p.figures !== null) parts.push(t('puzzles.figures', { found: r?.figures?.length ?? 0, known: knownFigures(p) }));
        meta.textContent = parts.join(' · ');
        li.append(btn, rules, meta);
        return li;
      }),
    );
  }

  function showRoot() {
    document.body.dataset.view = 'puzzles';
    root.hidden = false;
    window.scrollTo(0, 0);
  }

  function showList() {
    stopDemo();
    const from = current?.id;
    renderList();
    $('pz-view').hidden = true;
    $('pz-list').hidden = false;
    showRoot();
    const btn = from ? document.getElementById(`pz-open-${from}`) : null;
    (btn ?? /** @type {HTMLElement} */ (root.querySelector('.pz-open')))?.focus();
  }

  /** The board shows the demo's game while a solution is shown, else the attempt. */
  function shown() {
    return demo ? demo.game : game;
  }

  /** @param {Partial<import('../board/index.js').BoardConfig>} partial */
  function set(partial) {
    if (!board) return;
    board.set(partial);
    // How far the board is turned, seen from outside the canvas (as #board has it).
    boardEl.dataset.rotation = String(board.state().rotation);
    markBusy();
  }

  /** @param {number} cell */
  function describeCell(cell) {
    const g = shown();
    const d = /** @type {BoardDesc} */ (desc);
    const cellName = d.cells[cell].name;
    if (/** @type {BoardApi} */ (board).state().dests.includes(cell)) return t('board.cursor.dest', { cell: cellName });
    const seat = g.cells()[cell];
    if (!seat) return t('board.cursor.empty', { cell: cellName });
    const movable = !demo && allowed.some((m) => m.from === cell);
    return t(movable ? 'board.cursor.movable' : 'board.cursor.piece', { cell: cellName, name: t(`color.${((seat - 1) % 6) + 1}`) });
  }

  function ensureBoard() {
    const d = /** @type {BoardDesc} */ (desc);
    const axis = cellPair(d.cells, game.variantInfo().mirrorLine ?? null);
    const rotation = rotationForCamp(d, d.seats[0].home);
    if (board) {
      set({ board: d, pieces: game.cells(), rotation, axis });
      return;
    }
    board = createBoard(boardEl, {
      board: d,
      pieces: game.cells(),
      theme: theme(),
      coordinates: coordinates(),
      rotation,
      axis,
      roleDescription: t('board.role'),
      destinations: (cell) => (demo ? [] : allowed.filter((m) => m.from === cell).map((m) => m.to)),
      onMove: (from, to, how) => move(from, to, !how.dragged),
      onPick: (cell) => {
        const dests = [.../** @type {BoardApi} */ (board).state().dests].sort((a, b) => a - b);
        announceCursor(tn('board.picked', dests.length, { cell: d.cells[cell].name, cells: dests.map((c) => d.cells[c].name).join(', ') }));
      },
      onCursor: (cell) => announceCursor(describeCell(cell)),
    });
  }

  /**
   * The board's accessible description: what is shown, then each seat's pieces.
   * @param {string} status
   */
  function label(status) {
    const d = /** @type {BoardDesc} */ (desc);
    const cells = shown().cells();
    /** @type {string[][]} */
    const bySeat = d.seats.map(() => []);
    for (let i = 0; i < cells.length; i++) if (cells[i]) bySeat[cells[i] - 1]?.push(d.cells[i].name);
    const pieces = bySeat
      .map((list, i) => (list.length ? t('board.piecesOf', { name: t(`color.${(i % 6) + 1}`), cells: list.join(', ') }) : ''))
      .filter(Boolean)
      .join(' ');
    return `${status}. ${pieces}`;
  }

  /** @param {ArrayLike<number> | null} animate */
  function sync(animate) {
    const p = /** @type {PuzzleInfo} */ (current);
    const g = shown();
    const solitaire = p.kind === 'solitaire';
    if (demo) {
      allowed = [];
      const last = demo.paths[demo.step - 1];
      set({
        pieces: g.cells(),
        movable: [],
        lastMove: last ? { path: last } : null,
        marks: solitaire ? Array.from(g.unmatchedCells()) : null,
        interactive: false,
        animate,
        label: label(t('puzzle.demo.board', { name: name(p), step: demo.step, total: p.par })),
      });
    } else {
      allowed = game.puzzleMoves(p.id);
      const movable = [...new Set(allowed.map((m) => m.from))];
      const last = paths[paths.length - 1];
      set({
        pieces: g.cells(),
        movable,
        lastMove: last ? { path: last } : null,
        marks: solitaire ? Array.from(g.unmatchedCells()) : null,
        interactive: true,
        animate,
        label: label(t('puzzle.board', { name: name(p), moves: paths.length })),
      });
    }
    renderPanel();
  }

  function renderPanel() {
    const p = /** @type {PuzzleInfo} */ (current);
    const res = results()[p.id];
    /** @type {Progress} */
    const st = game.puzzleProgress(p.id);
    $('pz-name').textContent = name(p);
    $('pz-rules').textContent = rulesText(p);
    // While a solution is shown, the attempt waits: the panel says so rather than judging
    // the board, which shows the solution.
    $('pz-count').textContent = t(demo ? 'puzzle.count.kept' : 'puzzle.count', { moves: st.moves, par: p.par });
    $('pz-best').textContent = res ? t('puzzle.best', { moves: res.best }) : t('puzzle.best.none');
    const result = $('pz-result');
    result.className = 'pz-result';
    if (demo) result.textContent = t('puzzle.demo.waiting');
    else if (st.problem) result.textContent = t('puzzle.problem', { reason: st.problem });
    else if (st.reached) {
      result.textContent = lastSolve ? solvedLine(p, lastSolve) : '';
      result.classList.add('solved');
    } else if (st.stuck) result.textContent = t(p.kind === 'solitaire' ? 'puzzle.stuck.solitaire' : 'puzzle.stuck');
    else result.textContent = st.moves === 0 ? t('puzzle.start') : t('puzzle.going');
    /** @type {HTMLButtonElement} */ ($('pz-undo')).disabled = !!demo || !game.canUndo();
    /** @type {HTMLButtonElement} */ ($('pz-reset')).disabled = !!demo || st.moves === 0;
    /** @type {HTMLButtonElement} */ ($('pz-show')).disabled = !!demo;
    renderDemo();
    renderGallery(res?.figures ?? []);
  }

  function renderDemo() {
    const box = $('pz-demo');
    box.hidden = !demo;
    if (!demo || !current) return;
    const total = current.par;
    $('pz-demo-step').textContent = demo.step === total ? `${t('puzzle.demo', { step: demo.step, total })}. ${t('puzzle.demo.done', { par: total })}` : t('puzzle.demo', { step: demo.step, total });
    /** @type {HTMLButtonElement} */ ($('pz-prev')).disabled = demo.step === 0;
    /** @type {HTMLButtonElement} */ ($('pz-next')).disabled = demo.step === total;
    const play = /** @type {HTMLButtonElement} */ ($('pz-play'));
    play.textContent = demo.timer ? t('puzzle.demo.pause') : t('puzzle.demo.play');
    play.setAttribute('aria-pressed', String(!!demo.timer));
    play.disabled = demo.step === total && !demo.timer;
  }

  /**
   * The solitaire's gallery: the distinct figures solved, drawn small.
   * @param {string[]} figures
   */
  function renderGallery(figures) {
    const box = $('pz-gallery-box');
    const p = /** @type {PuzzleInfo} */ (current);
    box.hidden = p.kind !== 'solitaire';
    if (box.hidden) return;
    $('pz-gallery-count').textContent = figures.length ? tn('puzzle.gallery.count', figures.length) : t('puzzle.gallery.empty');
    const ul = $('pz-gallery');
    if (ul.dataset.key === `${p.id}:${figures.join(';')}`) return;
    ul.dataset.key = `${p.id}:${figures.join(';')}`;
    ul.replaceChildren(
      ...figures.map((f, i) => {
        const li = document.createElement('li');
        li.append(drawFigure(f.split(',').map(Number), i + 1));
        return li;
      }),
    );
  }

  /**
   * A small drawing of a figure on the puzzle's board.
   * @param {number[]} cells
   * @param {number} n
   */
  function drawFigure(cells, n) {
    const d = /** @type {BoardDesc} */ (desc);
    const px = 76;
    const dpr = window.devicePixelRatio || 1;
    const c = document.createElement('canvas');
    c.width = c.height = Math.round(px * dpr);
    c.className = 'pz-figure';
    c.setAttribute('role', 'img');
    const names = cells.filter((i) => i >= 0 && i < d.cells.length).map((i) => d.cells[i].name);
    c.setAttribute('aria-label', t('puzzle.figure', { n, cells: names.join(' ') }));
    const ctx = c.getContext('2d');
    if (!ctx) return c;
    // The corner the figure grows from (the yard's, bottom left), cropped to the figure
    // (at least a 6×6 square) so that small figures stay legible.
    const xs = d.cells.map((q) => q.x);
    const ys = d.cells.map((q) => q.y);
    const [x0, y1] = [Math.min(...xs), Math.max(...ys)];
    let k = 6;
    for (const i of cells) if (d.cells[i]) k = Math.max(k, d.cells[i].x - x0 + 2, y1 - d.cells[i].y + 2);
    const y0 = y1 - k + 1;
    const unit = (px - 6) / k;
    const at = (/** @type {number} */ i) => [(3 + (d.cells[i].x - x0 + 0.5) * unit) * dpr, (3 + (d.cells[i].y - y0 + 0.5) * unit) * dpr];
    const inside = (/** @type {number} */ i) => d.cells[i].x - x0 < k && d.cells[i].y >= y0;
    const dark = document.documentElement.dataset.theme === 'dark';
    ctx.fillStyle = dark ? '#3a3228' : '#efe3cf';
    ctx.fillRect(0, 0, c.width, c.height);
    ctx.fillStyle = dark ? '#6b5d4c' : '#cdb894';
    for (let i = 0; i < d.cells.length; i++) {
      if (!inside(i)) continue;
      const [x, y] = at(i);
      ctx.fillRect(x - dpr, y - dpr, 2 * dpr, 2 * dpr);
    }
    ctx.fillStyle = seatColor(1);
    const set = new Set(cells);
    for (const i of set) {
      if (i < 0 || i >= d.cells.length) continue;
      const [x, y] = at(i);
      ctx.beginPath();
      ctx.arc(x, y, unit * 0.45 * dpr, 0, 2 * Math.PI);
      ctx.fill();
    }
    return c;
  }

  /**
   * @param {number} from
   * @param {number} to
   * @param {boolean} animate
   */
  function move(from, to, animate) {
    const p = current;
    if (!p || demo) return;
    const m = allowed.find((a) => a.from === from && a.to === to);
    if (!m) return;
    try {
      game.playMove(from, to);
    } catch (e) {
      announce(String(e instanceof Error ? e.message : e));
      return;
    }
    paths.push(m.path);
    const text = m.path.map((c) => /** @type {BoardDesc} */ (desc).cells[c].name).join('-');
    /** @type {Progress} */
    const st = game.puzzleProgress(p.id);
    let said = t('puzzle.moved', { n: st.moves, move: text });
    if (st.reached && !st.problem) {
      lastSolve = { moves: st.moves, rec: recordPuzzleSolve(storage, p.id, st.moves, st.figure ? figureKey(st.figure) : null) };
      said = `${said} ${solvedLine(p, lastSolve)}`;
    }
    sync(animate ? m.path : null);
    announce(said);
    changed();
  }

  /**
   * How a solve went, against the par, and whether it was kept.
   * @param {PuzzleInfo} p
   * @param {{moves: number, rec: ReturnType<typeof recordPuzzleSolve>}} solve
   */
  function solvedLine(p, { moves, rec }) {
    const parts = [t('puzzle.solved', { moves, par: p.par })];
    if (moves < p.par) parts.push(t('puzzle.solved.beat'));
    else if (moves === p.par) parts.push(t('puzzle.solved.par'));
    if (rec.status === 'saved') {
      if (rec.newBest) parts.push(t('puzzle.solved.newBest'));
      if (rec.newFigure) parts.push(t('puzzle.solved.newFigure'));
    } else parts.push(t('puzzle.solved.unsaved', { reason: rec.reason ?? '' }));
    return parts.join(' ');
  }

  function undo() {
    if (demo || !game.canUndo()) return;
    board?.finishAnimation();
    game.undo();
    paths.pop();
    lastSolve = null;
    sync(null);
    announce(t('puzzle.undone', { count: t('puzzle.count', { moves: paths.length, par: /** @type {PuzzleInfo} */ (current).par }) }));
    changed();
  }

  function reset() {
    if (demo || !current) return;
    board?.finishAnimation();
    game.free();
    game = Game.puzzle(current.id);
    paths = [];
    lastSolve = null;
    sync(null);
    announce(t('puzzle.resetDone'));
    changed();
  }

  /**
   * @param {string} id
   * @param {string} [moves] the attempt so far, as the address writes it
   * @returns {string | null}
   */
  function open(id, moves = '') {
    const p = list.find((q) => q.id === id);
    if (!p) {
      showList();
      return t('puzzle.unknown', { id: id.slice(0, 40) });
    }
    stopDemo();
    game?.free();
    current = p;
    game = Game.puzzle(p.id);
    desc = game.board();
    paths = [];
    lastSolve = null;
    const problem = replay(p, moves);
    $('pz-list').hidden = true;
    $('pz-view').hidden = false;
    showRoot();
    ensureBoard();
    sync(null);
    board?.canvas.focus();
    announce(`${name(p)}. ${rulesText(p)}${paths.length ? ` ${t('puzzle.count', { moves: paths.length, par: p.par })}` : ''}`);
    return problem;
  }

  /**
   * Plays an attempt's moves again (a reload, Back, an address), each checked by the
   * engine as a click would be; stops at the first that is not allowed. A goal reached so
   * is shown, not kept again as a solve.
   * @param {PuzzleInfo} p
   * @param {string} text
   * @returns {string | null} what is wrong
   */
  function replay(p, text) {
    if (!text) return null;
    const moves = decodeMoves(text);
    if (!moves) return t('puzzle.badMoves', { n: 1 });
    for (let i = 0; i < moves.length; i++) {
      /** @type {PuzzleMove[]} */
      const ok = game.puzzleMoves(p.id);
      const m = ok.find((a) => a.from === moves[i].from && a.to === moves[i].to);
      if (!m) return t('puzzle.badMoves', { n: i + 1 });
      game.playMove(m.from, m.to);
      paths.push(Array.from(m.path, Number));
    }
    /** @type {Progress} */
    const st = game.puzzleProgress(p.id);
    if (st.reached && !st.problem) lastSolve = { moves: st.moves, rec: { status: 'saved', newBest: false, newFigure: false, result: results()[p.id] ?? { best: st.moves, at: '' } } };
    return null;
  }

  function showSolution() {
    if (!current || demo) return;
    board?.finishAnimation();
    demo = { game: Game.puzzle(current.id), step: 0, paths: [], timer: 0 };
    sync(null);
    $('pz-next').focus();
    announce(`${t('puzzle.demo', { step: 0, total: current.par })}. ${t('puzzle.demo.note')}`);
  }

  /** @param {1 | -1} dir */
  function step(dir) {
    if (!demo || !current) return false;
    board?.finishAnimation();
    const p = current;
    if (dir > 0) {
      if (demo.step >= p.par) return false;
      const text = p.solution[demo.step];
      try {
        demo.game.play(text);
      } catch (e) {
        announce(String(e instanceof Error ? e.message : e));
        return false;
      }
      // The puzzle's own path of the move just played (its cells written in the solution).
      const names = text.split('-');
      const d = /** @type {BoardDesc} */ (desc);
      const path = names.map((n) => d.cells.findIndex((c) => c.name === n));
      demo.paths[demo.step] = path;
      demo.step++;
      sync(path);
      announce(`${t('puzzle.demo', { step: demo.step, total: p.par })}: ${text}.${demo.step === p.par ? ` ${t('puzzle.demo.done', { par: p.par })}` : ''}`);
    } else {
      if (demo.step === 0) return false;
      demo.game.undo();
      demo.step--;
      sync(null);
      announce(t('puzzle.demo', { step: demo.step, total: p.par }));
    }
    return true;
  }

  function stopTimer() {
    if (demo?.timer) {
      window.clearInterval(demo.timer);
      demo.timer = 0;
    }
  }

  function togglePlay() {
    if (!demo || !current) return;
    if (demo.timer) {
      stopTimer();
      renderDemo();
      return;
    }
    if (demo.step === current.par) return;
    step(1);
    demo.timer = window.setInterval(() => {
      if (!step(1) || (demo && current && demo.step === current.par)) {
        stopTimer();
        renderDemo();
      }
    }, DEMO_STEP_MS);
    renderDemo();
  }

  function stopDemo() {
    if (!demo) return;
    stopTimer();
    demo.game.free();
    demo = null;
  }

  function closeDemo() {
    if (!demo) return;
    board?.finishAnimation();
    stopDemo();
    sync(null);
    $('pz-show').focus();
  }

  $('pz-home').addEventListener('click', () => {
    stopDemo();
    home();
  });
  $('pz-all').addEventListener('click', showList);
  $('pz-undo').addEventListener('click', undo);
  $('pz-reset').addEventListener('click', reset);
  $('pz-show').addEventListener('click', showSolution);
  $('pz-prev').addEventListener('click', () => {
    stopTimer();
    step(-1);
  });
  $('pz-next').addEventListener('click', () => {
    stopTimer();
    step(1);
  });
  $('pz-play').addEventListener('click', togglePlay);
  $('pz-demo-close').addEventListener('click', closeDemo);
  // Esc leaves a shown solution; Ctrl+Z (⌘Z) takes a move back, as in a game.
  document.addEventListener('keydown', (e) => {
    if (document.body.dataset.view !== 'puzzles' || $('pz-view').hidden || document.querySelector('dialog[open]')) return;
    if (e.key === 'Escape' && demo && !e.defaultPrevented) {
      e.preventDefault();
      closeDemo();
      return;
    }
    const target = e.target instanceof HTMLElement ? e.target : null;
    if (target && target.closest('input, textarea, select')) return;
    if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'z') {
      e.preventDefault();
      undo();
    }
  });

  return {
    showList,
    open,
    shownPuzzle() {
      if (!current || $('pz-view').hidden) return null;
      return { id: current.id, moves: encodeMoves(paths.map((path) => ({ from: path[0], to: path[path.length - 1] }))) };
    },
    relabel() {
      if (document.body.dataset.view !== 'puzzles') return;
      if (!$('pz-list').hidden) renderList();
      else if (current) {
        set({ roleDescription: t('board.role') });
        sync(null);
      }
    },
    setTheme(th) {
      set({ theme: th });
      if (current) $('pz-gallery').dataset.key = '';
      if (current && document.body.dataset.view === 'puzzles' && !$('pz-view').hidden) renderPanel();
    },
    setCoords(on) {
      set({ coordinates: on });
    },
  };
}
