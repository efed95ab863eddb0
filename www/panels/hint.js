// The hint: the Hint button asks the AI worker for a good move for the person to move; the
// board shows it as a dashed path (not played) and the line under the status says it in
// words. Esc, or any change of position, takes it away.

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
 * @returns {Hint}
 */
export function createHint({ session, ai, show }) {
  /** The hint on the board, or the one being looked for; tied to a position generation. */
  /** @type {{gen: number, jobId: number, path: number[] | null} | null} */
  let hint = null;

  /** @param {number[]} path */
  function text(path) {
    const cells = session.board().cells;
    const from = cells[path[0]].name;
    const to = cells[path[path.length - 1]].name;
    const hops = session.hops(path);
    return t(hops === 0 ? 'hint.move' : hops === 1 ? 'hint.hop' : 'hint.hops', { from, to, n: hops });
  }

  function render() {
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
    line.textContent = hint.path ? `${text(hint.path)} ${t('hint.dismiss')}` : t('hint.thinking');
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
    const job = ai.think({ ...hintOptions(game.history().length), position: game.position() });
    hint = { gen, jobId: job.id, path: null };
    render();
    job.result.then(
      (th) => {
        if (!hint || hint.jobId !== job.id || gen !== session.generation()) return;
        if (!th) {
          clear();
          return;
        }
        hint.path = th.path;
        show({ path: th.path });
        render();
        announce(text(th.path));
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
