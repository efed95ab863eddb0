// Analysis mode: on demand (the Analysis button, or the A key) the engine judges the
// position on the board — the game's, or a past one while browsing the moves — in its own
// AI worker, so the page never waits: an evaluation bar (two sides: who is ahead and by how
// many progress points; several: each seat's chance to finish first) and the line it
// expects, each move a button that previews it on the board. A quick look comes first, then
// a deeper one; a newer position drops the older answers. Not for solitaire (no opponent).

import { t, tn, getLang } from '../i18n.js';
import { AiCancelled } from '../ai.js';
import { Game } from '../pkg/halma.js';
import { seatColor } from '../colors.js';
import { errText } from '../session.js';
import { $, swatch } from './dom.js';

/** @typedef {import('../session.js').Session} Session */
/** @typedef {import('../ai.js').Analysis} Analysis */

/** The two looks at a position: quick, then deep (nodes, time cap in ms). */
const STAGES = [
  { nodes: 40_000, timeMs: 600 },
  { nodes: 600_000, timeMs: 4000 },
];

/** A lead of this many moves fills 90% of the two sides' bar. */
const MOVES_AT_90 = 3;

/** The engine's scores of a forced win (or loss, negated) start here. */
const WIN_SCORE = 999_900;

/**
 * The bar's share for the side to move: all of it for a forced win, else a logistic of how
 * many moves it is ahead (a scale for the eye, not a measured chance; docs/ai.md#analysis).
 * @param {{score: number, moves: number}} a
 */
export function barShare(a) {
  if (a.score >= WIN_SCORE) return 1;
  if (a.score <= -WIN_SCORE) return 0;
  const k = Math.log(9) / MOVES_AT_90;
  return 1 / (1 + Math.exp(-k * a.moves));
}

/**
 * @typedef {object} AnalysisPanel
 * @property {() => void} update the position shown may have changed: judge it (if on)
 * @property {() => void} stop drops the search and what it found (the page is hidden)
 * @property {() => void} toggle
 * @property {() => boolean} on
 * @property {() => void} relabel
 * @property {() => AnalysisBest | null} best the analysis of the game's position (not a
 *   past one), when it has a line: its first move, the depth and whether the deep look is
 *   done (the hint takes it rather than search again: the two agree)
 */

/**
 * @typedef {object} AnalysisBest
 * @property {string} position
 * @property {{seat: number, from: number, to: number, path: number[], text: string}} move
 * @property {number} depth
 * @property {boolean} done the deeper look has answered
 */

/**
 * @param {object} deps
 * @param {Session} deps.session
 * @param {import('../ai.js').Ai} deps.ai its own worker (the players' is busy with moves)
 * @param {() => string | null} deps.shownPosition the past position shown, or null: the game's
 * @param {(game: any, path: number[], label: string) => void} deps.preview shows `game`'s position with a move's path
 * @param {() => void} deps.endPreview shows the position again
 * @param {() => void} [deps.onResult] an answer arrived (the hint compares itself with it)
 * @returns {AnalysisPanel}
 */
export function createAnalysis({ session, ai, shownPosition, preview, endPreview, onResult = () => {} }) {
  const panel = $('analysis');
  const btn = $('btn-analysis');
  let on = false;
  /** The position judged or being judged, and what is known of it. */
  /** @type {{position: string, stage: number, jobId: number, result: Analysis | null, error: string | null} | null} */
  let cur = null;
  /** The line's move previewed on the board, or -1. */
  let previewing = -1;

  function position() {
    return shownPosition() ?? session.game().position();
  }

  /** Why there is no analysis here, or null. */
  function unavailable() {
    if (session.info().solitaire) return t('analysis.solitaire');
    const g = session.game();
    if (shownPosition() === null && g.isOver()) return t('analysis.over');
    return null;
  }

  /** @param {string} pos @param {number} stage */
  function ask(pos, stage) {
    const job = ai.analyse({ position: pos, ...STAGES[stage], seed: 1 });
    /** @type {NonNullable<typeof cur>} */
    const mine = { position: pos, stage, jobId: job.id, result: cur?.position === pos ? cur.result : null, error: null };
    cur = mine;
    job.result.then(
      (a) => {
        if (cur !== mine) return; // a newer position: this answer is stale
        mine.result = a;
        render();
        if (a && stage + 1 < STAGES.length) ask(pos, stage + 1);
        onResult();
      },
      (/** @type {unknown} */ e) => {
        if (cur !== mine || e instanceof AiCancelled) return;
        mine.error = errText(e);
        render();
      },
    );
  }

  function stop() {
    if (cur) ai.cancel(cur.jobId);
    cur = null;
  }

  function update() {
    if (!on) return;
    const why = unavailable();
    if (why) {
      stop();
      render();
      return;
    }
    const pos = position();
    if (cur && cur.position === pos) return;
    // The board shows the new position already (whoever changed it drew it).
    previewing = -1;
    stop();
    ask(pos, 0);
    render();
  }

  /** @param {number} seat */
  function name(seat) {
    return session.seatName(seat);
  }

  /** The seats of the side of `seat` (two sides: with teams, its team). */
  function sideOf(/** @type {number} */ seat) {
    const seats = session.board().seats;
    if (session.info().teams === 'none') return [seat];
    const team = seats[seat - 1].team;
    return seats.map((_, i) => i + 1).filter((s) => seats[s - 1].team === team);
  }

  /** @param {number[]} side */
  function sideName(side) {
    return side.map(name).join(t('analysis.and'));
  }

  /**
   * Words for a two-sided evaluation.
   * @param {Analysis} a
   */
  function evalText(a) {
    const seats = session.board().seats.length;
    const us = sideOf(a.seat);
    const other = sideOf(Array.from({ length: seats }, (_, i) => i + 1).find((s) => !us.includes(s)) ?? 1);
    /** A sentence about a side: "You are…" when it is the one person playing the computer. */
    const about = (/** @type {string} */ key, /** @type {number[]} */ side, /** @type {Record<string, string>} */ params = {}) =>
      side.length === 1 ? session.say(key, side[0], { ...params, side: sideName(side) }) : t(key, { ...params, side: sideName(side) });
    if (a.score >= WIN_SCORE) return about('analysis.winning', us);
    if (a.score <= -WIN_SCORE) return about('analysis.winning', other);
    const n = Math.round(Math.abs(a.moves) * 10) / 10;
    if (n < 0.3) return t('analysis.even');
    const lead = a.moves > 0 ? a.lead : -a.lead;
    const points = lead > 0 ? ` ${tn('analysis.points', lead)}` : '';
    return `${about('analysis.ahead', a.moves > 0 ? us : other, { n: n.toLocaleString(getLang()) })}${points}`;
  }

  function renderBar(/** @type {Analysis} */ a) {
    const bar = $('an-bar');
    const seats = session.board().seats.length;
    const us = sideOf(a.seat);
    const themSeat = Array.from({ length: seats }, (_, i) => i + 1).find((s) => !us.includes(s)) ?? 1;
    // Seat 1's side on the left, whoever is to move.
    const first = us.includes(1) ? us : sideOf(themSeat);
    const second = us.includes(1) ? sideOf(themSeat) : us;
    const share = us.includes(1) ? barShare(a) : 1 - barShare(a);
    const [l, r] = /** @type {HTMLElement[]} */ (Array.from(bar.children));
    l.style.background = seatColor(first[0]);
    r.style.background = seatColor(second[0]);
    l.style.width = `${(share * 100).toFixed(1)}%`;
    r.style.width = `${((1 - share) * 100).toFixed(1)}%`;
    bar.dataset.left = String(share);
    bar.setAttribute('aria-label', t('analysis.barLabel', { left: sideName(first), n: Math.round(share * 100), right: sideName(second) }));
  }

  function renderSeats(/** @type {Analysis} */ a) {
    const list = $('an-seats');
    const order = a.wins.map((w, i) => ({ seat: i + 1, w })).sort((x, y) => y.w - x.w || x.seat - y.seat);
    list.replaceChildren(
      ...order.map(({ seat, w }) => {
        const li = document.createElement('li');
        li.dataset.seat = String(seat);
        li.dataset.chance = String(w);
        const pct = Math.round(w * 100);
        const label = document.createElement('span');
        label.className = 'an-seat-name';
        label.append(swatch(seat), ` ${name(seat)}`);
        const meter = document.createElement('span');
        meter.className = 'an-meter';
        const fill = document.createElement('span');
        fill.style.width = `${pct}%`;
        fill.style.background = seatColor(seat);
        meter.appendChild(fill);
        meter.setAttribute('aria-hidden', 'true');
        const v = document.createElement('span');
        v.className = 'an-pct';
        v.textContent = t('analysis.chance', { n: pct });
        li.append(label, meter, v);
        return li;
      }),
    );
  }

  function renderLine(/** @type {Analysis} */ a) {
    const list = $('an-line');
    list.replaceChildren(
      ...a.pv.map((m, i) => {
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'an-move';
        b.dataset.index = String(i);
        b.append(swatch(m.seat), ` ${m.text}`);
        b.setAttribute('aria-label', t('analysis.moveLabel', { name: name(m.seat), move: m.text }));
        b.setAttribute('aria-pressed', previewing === i ? 'true' : 'false');
        li.appendChild(b);
        return li;
      }),
    );
  }

  function render() {
    btn.setAttribute('aria-pressed', on ? 'true' : 'false');
    panel.hidden = !on;
    document.body.classList.toggle('analysing', on);
    if (!on) return;
    const why = unavailable();
    const none = $('an-none');
    none.hidden = !why;
    none.textContent = why ?? '';
    const a = why ? null : (cur?.result ?? null);
    const two = !!a && a.twoSided;
    $('an-bar').hidden = !two;
    $('an-seats').hidden = !a || a.twoSided;
    $('an-line-h').hidden = !a || a.pv.length === 0;
    $('an-line').hidden = !a || a.pv.length === 0;
    const ev = $('an-eval');
    ev.hidden = !!why;
    const meta = $('an-meta');
    meta.hidden = !!why;
    if (why) return;
    const thinking = !!cur && !cur.error && (cur.stage + 1 < STAGES.length || !cur.result);
    panel.setAttribute('aria-busy', thinking ? 'true' : 'false');
    if (cur?.error) {
      ev.textContent = t('analysis.failed', { reason: cur.error });
      meta.textContent = '';
      return;
    }
    if (!a) {
      ev.textContent = t('analysis.thinking');
      meta.textContent = '';
      $('an-line').replaceChildren();
      return;
    }
    if (a.twoSided) {
      renderBar(a);
      ev.textContent = evalText(a);
    } else {
      renderSeats(a);
      const best = a.wins.indexOf(Math.max(...a.wins)) + 1;
      ev.textContent = t('analysis.favourite', { name: name(best), n: Math.round(a.wins[best - 1] * 100) });
    }
    renderLine(a);
    const depth = a.twoSided ? t('analysis.depth', { n: a.depth }) : t('analysis.playouts', { n: a.playouts });
    meta.textContent = `${depth} · ${t(thinking ? 'analysis.deeper' : 'analysis.done')}`;
  }

  function stopPreview() {
    if (previewing < 0) return;
    previewing = -1;
    endPreview();
    for (const b of panel.querySelectorAll('.an-move[aria-pressed="true"]')) b.setAttribute('aria-pressed', 'false');
  }

  /** Shows the line's move `i` on the board: the position before it, the move's path. */
  function showPreview(/** @type {number} */ i) {
    const a = cur?.result;
    if (!cur || !a || !a.pv[i]) return;
    const g = Game.fromPosition(cur.position);
    try {
      for (const m of a.pv.slice(0, i)) g.playMove(m.from, m.to);
      previewing = i;
      const m = a.pv[i];
      preview(g, m.path, t('analysis.previewLabel', { name: name(m.seat), move: m.text }));
    } finally {
      g.free();
    }
    for (const b of panel.querySelectorAll('.an-move')) {
      b.setAttribute('aria-pressed', /** @type {HTMLElement} */ (b).dataset.index === String(i) ? 'true' : 'false');
    }
  }

  /** @param {Event} e */
  function moveButton(e) {
    const b = e.target instanceof Element ? e.target.closest('.an-move') : null;
    return b ? Number(/** @type {HTMLElement} */ (b).dataset.index) : -1;
  }

  const line = $('an-line');
  line.addEventListener('pointerover', (e) => {
    if (e.pointerType !== 'mouse') return;
    const i = moveButton(e);
    if (i >= 0 && i !== previewing) showPreview(i);
  });
  line.addEventListener('pointerleave', (e) => {
    if (e.pointerType === 'mouse') stopPreview();
  });
  line.addEventListener('focusin', (e) => {
    const i = moveButton(e);
    if (i >= 0 && i !== previewing) showPreview(i);
  });
  line.addEventListener('focusout', (e) => {
    if (!(e.relatedTarget instanceof Node && line.contains(e.relatedTarget))) stopPreview();
  });
  // A tap (or click, or Enter) shows the move; it stays until the focus leaves the line.
  line.addEventListener('click', (e) => {
    const i = moveButton(e);
    if (i >= 0 && i !== previewing) showPreview(i);
  });

  function toggle() {
    on = !on;
    if (on) {
      render();
      update();
    } else {
      stopPreview();
      stop();
      render();
    }
  }

  btn.addEventListener('click', toggle);
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'a' && e.key !== 'A') return;
    if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    if (document.querySelector('dialog[open]') || document.body.dataset.view === 'home') return;
    const target = e.target instanceof HTMLElement ? e.target : null;
    if (target && target.closest('input, textarea, select, [contenteditable="true"]')) return;
    e.preventDefault();
    toggle();
  });

  return {
    update,
    stop,
    toggle,
    on: () => on,
    relabel: render,
    best() {
      if (!on || !cur || cur.error || shownPosition() !== null || unavailable()) return null;
      const a = cur.result;
      if (!a || a.pv.length === 0 || cur.position !== session.game().position()) return null;
      return { position: cur.position, move: a.pv[0], depth: a.depth, done: cur.stage + 1 >= STAGES.length };
    },
  };
}
