// Review after the game: on demand (the Game over dialog's Review) the engine looks at every
// move the people at this screen made, in an AI worker of its own, and the panel lists the
// moves that cost the most against the engine's evaluation, each with the move it preferred.
// A move of the list shows the position before it on the board (the moves list's replay
// view) with the better move drawn as a hint; Previous and Next step through them.
//
// The cost of a move is the engine's evaluation for the mover before it less the evaluation
// after it (and the passes it forced), both from the mover's side: with two sides in moves
// ahead (the analysis's `moves`), with more in the chance to finish first (its playouts).
// A quick look per position (a fraction of the analysis's budget) keeps a whole game to
// seconds; its figures are rough, and the list keeps only clear losses.

import { t, tn, getLang } from '../i18n.js';
import { AiCancelled, createAi } from '../ai.js';
import { Game } from '../pkg/halma.js';
import { errText } from '../session.js';
import { roundsOf } from './moves.js';
import { $, swatch } from './dom.js';

/** @typedef {import('../session.js').Session} Session */
/** @typedef {import('../ai.js').Analysis} Analysis */

/** The look at each position: small, so that a game of sixty moves takes seconds. */
export const REVIEW_LOOK = { nodes: 30_000, timeMs: 500, seed: 1 };

/** Moves listed at most, and the least loss listed (moves ahead; chance with more sides). */
export const REVIEW_MAX = 5;
export const MIN_MOVES_LOST = 0.5;
export const MIN_CHANCE_LOST = 0.08;

/** A forced win or loss counts as this many moves (the engine's score is beyond ±999,900). */
const FORCED_MOVES = 10;
const WIN_SCORE = 999_900;

/**
 * A move reviewed: the ply it was, who made it, what it cost, what the engine preferred.
 * @typedef {object} Reviewed
 * @property {number} ply its index in the game's history
 * @property {number} round the turn it was made on (the moves list's number)
 * @property {number} seat
 * @property {string} played
 * @property {number[]} path
 * @property {number} loss moves (two sides) or a share of the chance to win (more)
 * @property {{text: string, path: number[], from: number, to: number} | null} better the
 *   engine's first move in the position, when it is another
 */

/**
 * The value of a position for `seat`'s side from an analysis of it: moves ahead (two sides)
 * or the chance to finish first (more); null when there is none.
 * @param {Analysis | null} a
 * @param {number} seat
 * @param {(a: number, b: number) => boolean} sameSide
 */
export function valueFor(a, seat, sameSide) {
  if (!a) return null;
  if (a.twoSided) {
    const moves = a.score >= WIN_SCORE ? FORCED_MOVES : a.score <= -WIN_SCORE ? -FORCED_MOVES : Math.max(-FORCED_MOVES, Math.min(FORCED_MOVES, a.moves));
    return sameSide(a.seat, seat) ? moves : -moves;
  }
  return a.wins[seat - 1] ?? 0;
}

/**
 * The moves that cost the most, most first, from each move's values before and after.
 * @param {{ply: number, loss: number}[]} moves
 * @param {boolean} twoSided
 */
export function worstMoves(moves, twoSided) {
  const least = twoSided ? MIN_MOVES_LOST : MIN_CHANCE_LOST;
  return moves
    .filter((m) => m.loss >= least)
    .sort((a, b) => b.loss - a.loss || a.ply - b.ply)
    .slice(0, REVIEW_MAX);
}

/**
 * @typedef {object} ReviewPanel
 * @property {() => boolean} available whether the game over has moves to review
 * @property {() => void} open starts (or shows) the review of the game
 * @property {() => void} close
 * @property {() => void} relabel
 * @property {() => void} gameChanged a new game, or the game changed: the review is dropped
 */

/**
 * @param {object} deps
 * @param {Session} deps.session
 * @param {import('../app/browse.js').Browse} deps.browse the replay view
 * @param {(hint: {path: number[]} | null) => void} deps.showMove draws a move on the board
 * @param {(text: string) => void} deps.announce
 * @returns {ReviewPanel}
 */
export function createReview({ session, browse, showMove, announce }) {
  const panel = $('review');
  const status = $('rv-status');
  const list = $('rv-list');
  const prev = /** @type {HTMLButtonElement} */ ($('rv-prev'));
  const next = /** @type {HTMLButtonElement} */ ($('rv-next'));
  /** @type {import('../ai.js').Ai | null} */
  let ai = null;
  /** The review under way or done, for one game record. */
  /** @type {{record: string, twoSided: boolean, done: number, total: number, moves: Reviewed[], worst: Reviewed[], error: string | null, finished: boolean} | null} */
  let cur = null;
  /** The listed move shown on the board (-1: none). */
  let shown = -1;

  /** The seats reviewed: the people at this screen (all seats when computers played alone). */
  function reviewedSeats() {
    const n = session.info().seats;
    const people = [];
    for (let s = 1; s <= n; s++) if (!session.isExternal(s)) people.push(s);
    return people.length ? people : Array.from({ length: n }, (_, i) => i + 1);
  }

  /** @param {number} a @param {number} b */
  function sameSide(a, b) {
    if (a === b) return true;
    if (session.info().teams === 'none') return false;
    const seats = session.board().seats;
    return seats[a - 1].team === seats[b - 1].team;
  }

  function available() {
    if (!session.isOver() || session.info().solitaire) return false;
    const who = new Set(reviewedSeats());
    return session.plies().some((p) => p.move && who.has(p.seat));
  }

  function stop() {
    ai?.dispose();
    ai = null;
  }

  /**
   * The positions of the game before each move of the reviewed seats and after it (with
   * the passes it forced), as position strings, and the moves.
   */
  function positions() {
    const g = Game.fromRecord(session.game().record());
    try {
      /** @type {import('../session.js').Ply[]} */
      const h = g.history();
      while (g.canUndo()) g.undo();
      /** @type {Map<number, string>} */
      const at = new Map([[0, g.position()]]);
      while (g.canRedo()) {
        g.redo();
        at.set(g.history().length, g.position());
      }
      return { h, at };
    } finally {
      g.free();
    }
  }

  async function run() {
    const record = session.game().record();
    const who = new Set(reviewedSeats());
    const { h, at } = positions();
    const rounds = roundsOf(h);
    const lengths = [...at.keys()].sort((a, b) => a - b);
    /** @type {{ply: number, before: string, after: string}[]} */
    const todo = [];
    for (let i = 0; i < h.length; i++) {
      if (!h[i].move || !who.has(h[i].seat) || !at.has(i)) continue;
      const j = lengths.find((k) => k > i);
      if (j === undefined) continue;
      todo.push({ ply: i, before: /** @type {string} */ (at.get(i)), after: /** @type {string} */ (at.get(j)) });
    }
    const state = { record, twoSided: true, done: 0, total: todo.length, moves: /** @type {Reviewed[]} */ ([]), worst: /** @type {Reviewed[]} */ ([]), error: /** @type {string | null} */ (null), finished: false };
    cur = state;
    shown = -1;
    render();
    stop();
    ai = createAi();
    const mine = ai;
    /** Each position is looked at once (the position after a move is the next one's before). */
    /** @type {Map<string, Analysis | null>} */
    const seen = new Map();
    const look = async (/** @type {string} */ pos) => {
      if (seen.has(pos)) return seen.get(pos) ?? null;
      const a = await mine.analyse({ position: pos, ...REVIEW_LOOK }).result;
      seen.set(pos, a);
      return a;
    };
    try {
      for (const m of todo) {
        const before = await look(m.before);
        const after = await look(m.after);
        if (cur !== state) return;
        const seat = h[m.ply].seat;
        if (before) state.twoSided = before.twoSided;
        const v0 = valueFor(before, seat, sameSide);
        // After the last move of the game there is no analysis: it cost nothing if its side
        // won (or the game went on), else it is left out.
        const v1 = after ? valueFor(after, seat, sameSide) : v0;
        const best = before?.pv[0] ?? null;
        const move = /** @type {{from: number, to: number}} */ (h[m.ply].move);
        const same = !!best && best.from === move.from && best.to === move.to;
        state.moves.push({
          ply: m.ply,
          round: rounds[m.ply],
          seat,
          played: h[m.ply].text,
          path: h[m.ply].path,
          loss: v0 === null || v1 === null || same ? 0 : Math.max(0, v0 - v1),
          better: best && !same ? { text: best.text, path: best.path, from: best.from, to: best.to } : null,
        });
        state.done++;
        render();
      }
      state.worst = /** @type {Reviewed[]} */ (worstMoves(state.moves, state.twoSided));
      state.finished = true;
      render();
      announce(state.worst.length ? tn('review.found', state.worst.length) : t('review.none'));
    } catch (e) {
      if (cur !== state || e instanceof AiCancelled) return;
      state.error = errText(e);
      render();
    } finally {
      if (ai === mine) stop();
    }
  }

  /** @param {Reviewed} m */
  function lossText(m) {
    const twoSided = cur?.twoSided ?? true;
    if (!twoSided) return t('review.lossChance', { n: Math.round(m.loss * 100) });
    return t('review.loss', { n: (Math.round(m.loss * 10) / 10).toLocaleString(getLang()) });
  }

  /** @param {Reviewed} m */
  function itemText(m) {
    const base = t('review.item', { round: m.round, move: m.played, loss: lossText(m) });
    return m.better ? `${base} ${t('review.better', { move: m.better.text })}` : base;
  }

  /** Shows listed move `i`: the position before it, the better move drawn. @param {number} i */
  function show(i) {
    const m = cur?.worst[i];
    if (!m) return;
    shown = i;
    browse.show(m.ply);
    if (m.better) showMove({ path: m.better.path });
    render();
    announce(`${session.seatName(m.seat)}: ${itemText(m)}`);
  }

  function render() {
    panel.hidden = !cur;
    document.body.classList.toggle('reviewing', !!cur);
    if (!cur) return;
    const busy = !cur.finished && !cur.error;
    panel.setAttribute('aria-busy', busy ? 'true' : 'false');
    if (cur.error) status.textContent = t('review.failed', { reason: cur.error });
    else if (busy) status.textContent = t('review.working', { n: cur.done, total: cur.total });
    else status.textContent = cur.worst.length ? tn('review.found', cur.worst.length) : t('review.none');
    list.replaceChildren(
      ...cur.worst.map((m, i) => {
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'rv-move';
        b.dataset.index = String(i);
        b.setAttribute('aria-pressed', shown === i ? 'true' : 'false');
        b.append(swatch(m.seat), ` ${itemText(m)}`);
        li.appendChild(b);
        return li;
      }),
    );
    const n = cur.worst.length;
    prev.hidden = next.hidden = n === 0;
    prev.disabled = shown <= 0;
    next.disabled = shown >= n - 1;
  }

  list.addEventListener('click', (e) => {
    const b = e.target instanceof Element ? e.target.closest('.rv-move') : null;
    if (b) show(Number(/** @type {HTMLElement} */ (b).dataset.index));
  });
  prev.addEventListener('click', () => show(Math.max(0, shown - 1)));
  next.addEventListener('click', () => show(shown + 1));
  $('rv-close').addEventListener('click', () => close());

  function close() {
    stop();
    cur = null;
    shown = -1;
    browse.exit();
    render();
  }

  return {
    available,
    open() {
      if (!available()) return;
      if (!cur || cur.record !== session.game().record() || cur.error) void run();
      else render();
      panel.scrollIntoView?.({ block: 'nearest' });
      /** @type {HTMLElement} */ (panel.querySelector('h2'))?.focus?.();
    },
    close,
    relabel: () => render(),
    gameChanged() {
      if (!cur) return;
      if (cur.record === session.game().record() && session.isOver()) return;
      stop();
      cur = null;
      shown = -1;
      render();
    },
  };
}
