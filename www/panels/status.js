// The status: who is to move (or thinking, or the result) with the seat's swatch, for the
// page and the embedded element alike; and the page's line under it (variant and turn, or a
// solitaire's moves against its limit).

import { t } from '../i18n.js';
import { seatColor } from '../colors.js';
import { swatch } from './dom.js';

/** @typedef {import('../session.js').Session} Session */
/** @typedef {import('../session.js').Outcome} Outcome */

/**
 * The status line. `data-turn`, `data-over` and `data-thinking` say the same for styles.
 * @param {HTMLElement} el
 * @param {Session} session
 * @param {{dots?: boolean}} [opts] `dots`: animated dots while a computer thinks
 */
export function renderStatus(el, session, opts = {}) {
  const game = session.game();
  const o = session.outcome();
  const turn = game.turn();
  const text = session.statusText();
  const thinking = !o && session.isExternal(turn) && !session.paused();
  // Rebuilt only when it changes (the dots' animation restarts on a rebuild, and a live
  // region would read it again).
  const key = JSON.stringify([!o && turn, !o && seatColor(turn), text, thinking]);
  if (el.dataset.rowKey !== key) {
    el.dataset.rowKey = key;
    el.replaceChildren();
    if (!o) el.appendChild(swatch(turn));
    const span = document.createElement('span');
    span.textContent = text;
    el.appendChild(span);
    if (thinking && opts.dots !== false) {
      const dots = document.createElement('span');
      dots.className = 'thinking-dots';
      dots.setAttribute('aria-hidden', 'true');
      dots.append(document.createElement('i'), document.createElement('i'), document.createElement('i'));
      span.appendChild(dots);
    }
  }
  el.dataset.turn = String(turn);
  el.dataset.over = o ? o.kind : '';
  el.dataset.thinking = thinking ? '1' : '';
}

/**
 * "3 of 19 moves used" for a solitaire.
 * @param {{movesLeft: number, moves: number}} sol
 */
export function movesUsedText(sol) {
  return t('panel.movesUsed', { n: sol.moves - sol.movesLeft, total: sol.moves });
}

/**
 * The variant and the turn; a solitaire counts its moves against the limit: the move to
 * make, or once it is over the moves it took.
 * @param {HTMLElement} el
 * @param {Session} session
 */
export function renderVariantLine(el, session) {
  const game = session.game();
  const turns = game.turnsTaken();
  const turnNo = (turns[game.turn() - 1] ?? 0) + 1;
  const sol = game.solitaireStatus();
  const turnText = !sol
    ? t('panel.turns', { n: turnNo })
    : game.outcome()
      ? movesUsedText(sol)
      : t('panel.turnOf', { n: sol.moves - sol.movesLeft + 1, total: sol.moves });
  el.textContent = `${t('panel.variant', { variant: session.variantTitle() })} · ${turnText}`;
}
