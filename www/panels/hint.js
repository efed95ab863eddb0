// The hint: the Hint button asks the AI worker for a good move for the person to move; the
// board shows it as a dashed path (not played) and the line under the status says it in
// words. Esc, or any change of position, takes it away. With the analysis open on the same
// position the two agree: the hint is the analysis's first move (and follows it when its
// deeper look changes its mind), saying so with the depth; a hint found before the analysis
// had a line says when the analysis agrees.

import { t } from '../i18n.js';
import { AiCancelled } from '../ai.js';
import { hintOptions } from '../computer.js';
import { errText } from '../session.js';
import { $ } from './dom.js';
import { announce, showNotice } from './notice.js';

/** @typedef {import('../session.js').Session} Session */

/**
 * @typedef {object} Hint
 * @property {() => void} clear takes the hint off the board, and stops looking for one
 * @property {() => void} render the button and the line
 * @property {() => void} redraw puts a hint found on the board again (after the board was redrawn)
 */

/**
 * @param {object} deps
 * @param {Session} deps.session
 * @param {import('../ai.js').Ai} deps.ai
 * @param {(hint: {path: number[]} | null) => void} deps.show puts a hint on the board
 * @param {() => import('./analysis.js').AnalysisBest | null} [deps.analysed] the analysis
 *   of the game's position, when it is open and has a line
 * @returns {Hint}
 */
export function createHint({ session, ai, show, analysed = () => null }) {
  /**
   * The hint on the board, or the one being looked for; tied to a position generation.
   * `depth`: of its search; `analysis`: taken from the analysis.
   * @type {{gen: number, jobId: number, path: number[] | null, depth: number, analysis: boolean} | null}
   */
  let hint = null;

  /** @param {number[]} path */
  function text(path) {
    const cells = session.board().cells;
    const from = cells[path[0]].name;
    const to = cells[path[path.length - 1]].name;
    const hops = session.hops(path);
    return t(hops === 0 ? 'hint.move' : hops === 1 ? 'hint.hop' : 'hint.hops', { from, to, n: hops });
  }

  /** What the hint says of the analysis beside it ('' when it is not open). */
  function agreement() {
    if (!hint?.path) return '';
    if (hint.analysis) return t('hint.fromAnalysis', { depth: hint.depth });
    const a = analysed();
    if (!a || a.position !== session.game().position()) return '';
    return t('hint.agrees', { depth: a.depth });
  }

  /**
   * With the analysis open on this position, the hint shown is its first move: a hint of
   * its own that differs gives way (the analysis looks longer), and so does an earlier
   * first move of the analysis's quick look. Returns whether the hint changed.
   */
  function follow() {
    if (!hint?.path || hint.gen !== session.generation()) return false;
    const a = analysed();
    if (!a || a.position !== session.game().position()) return false;
    const p = hint.path;
    const same = a.move.from === p[0] && a.move.to === p[p.length - 1];
    if (same && (!hint.analysis || hint.depth === a.depth)) return false;
    hint.path = a.move.path;
    hint.depth = a.depth;
    hint.analysis = true;
    show({ path: a.move.path });
    return !same;
  }

  function render() {
    if (follow() && hint?.path) announce(`${text(hint.path)} ${agreement()}`);
    const btn = /** @type {HTMLButtonElement} */ ($('btn-hint'));
    btn.disabled = !session.humanToMove();
    btn.setAttribute('aria-busy', hint && !hint.path ? 'true' : 'false');
    const line = $('hint-line');
    if (!hint) {
      line.hidden = true;
      line.textContent = '';
      return;
    }
    line.hidden = false;
    const note = agreement();
    line.textContent = hint.path ? `${text(hint.path)}${note ? ` ${note}` : ''} ${t('hint.dismiss')}` : t('hint.thinking');
  }

  function clear() {
    if (!hint) return;
    const h = hint;
    hint = null;
    if (!h.path) ai.cancel(h.jobId);
    show(null);
    render();
  }

  function request() {
    const gen = session.generation();
    if (!session.humanToMove() || (hint && hint.gen === gen)) return;
    clear();
    const game = session.game();
    // The analysis has a line for this very position: its first move is the hint.
    const a = analysed();
    if (a && a.position === game.position()) {
      hint = { gen, jobId: -1, path: a.move.path, depth: a.depth, analysis: true };
      show({ path: a.move.path });
      render();
      announce(`${text(a.move.path)} ${agreement()}`);
      return;
    }
    const job = ai.think({ ...hintOptions(game.history().length), position: game.position(), record: game.record() });
    hint = { gen, jobId: job.id, path: null, depth: 0, analysis: false };
    render();
    job.result.then(
      (th) => {
        if (!hint || hint.jobId !== job.id || gen !== session.generation()) return;
        if (!th) {
          clear();
          return;
        }
        hint.path = th.path;
        hint.depth = th.depth;
        show({ path: th.path });
        render();
        const note = agreement();
        announce(note ? `${text(th.path)} ${note}` : text(th.path));
      },
      (/** @type {unknown} */ e) => {
        if (!hint || hint.jobId !== job.id || e instanceof AiCancelled) return;
        clear();
        showNotice(t('hint.failed', { reason: errText(e) }));
      },
    );
  }

  $('btn-hint').addEventListener('click', request);
  // Esc takes a hint off the board (after the board itself had its say: a picked-up piece
  // is put down first).
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !hint || e.defaultPrevented) return;
    if (document.querySelector('dialog[open]')) return;
    clear();
  });

  return {
    clear,
    render,
    redraw() {
      if (hint?.path && hint.gen === session.generation()) show({ path: hint.path });
    },
  };
}
