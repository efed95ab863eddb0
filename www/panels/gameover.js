// The Game over dialog: the result, the ranking with each seat's distance to go as the
// progress panel shows it (and, for a game lost on time or resigned, the reason by the
// loser's name instead), none for a solitaire or an aborted game (the result says it all),
// and New game / Rematch (Try again for a puzzle), and Review (panels/review.js) when there
// are moves of the people at the screen to look back on.

import { t, tn } from '../i18n.js';
import { $, swatch } from './dom.js';
import { movesUsedText } from './status.js';

/** @typedef {import('../session.js').Session} Session */
/** @typedef {import('../session.js').Outcome} Outcome */
/** @typedef {import('../session.js').Standing} Standing */

/** Whether Review is offered (set by wireGameOver). */
let canReview = () => false;

function dialog() {
  return /** @type {HTMLDialogElement} */ ($('gameover'));
}

/** Shows the dialog for a game that is over. @param {Session} session */
export function showGameOver(session) {
  if (!session.outcome()) return;
  render(session);
  if (!dialog().open) dialog().showModal();
  $('over-rematch').focus();
}

export function closeGameOver() {
  if (dialog().open) dialog().close();
}

/** Re-renders an open dialog (after a change of language). @param {Session} session */
export function refreshGameOver(session) {
  if (dialog().open && session.outcome()) render(session);
}

/** @param {Session} session */
function render(session) {
  const game = session.game();
  const o = /** @type {Outcome} */ (session.outcome());
  const sol = game.solitaireStatus();
  $('over-result').textContent = sol ? `${session.outcomeText(o)} ${movesUsedText(sol)}.` : session.outcomeText(o);
  $('over-table').hidden = !!sol || o.kind === 'aborted';
  // A puzzle is tried again, not played as a rematch.
  const again = $('over-rematch');
  again.dataset.i18n = sol ? 'btn.retry' : 'btn.rematch';
  again.textContent = t(again.dataset.i18n);
  $('over-review').hidden = !!sol || !canReview();
  /** @type {Standing[]} */
  const st = session.standings();
  // Played on for the places, the ranking reads as places: 1st, 2nd, …
  const places = session.info().places;
  const togo = /** @type {ArrayLike<number>} */ (game.distanceToGo());
  // The seat out of time or resigned: its reason, not a distance that decided nothing.
  const lost = o.kind === 'time' || o.kind === 'resign' ? o.loser : 0;
  $('over-body').replaceChildren(
    ...st.map((s) => {
      const tr = document.createElement('tr');
      if (s.winner) tr.classList.add('winner');
      const rank = document.createElement('td');
      rank.textContent = places ? t(`ord.${s.rank}`) : String(s.rank);
      const who = document.createElement('td');
      who.append(swatch(s.seat), document.createTextNode(` ${session.seatName(s.seat)}${s.winner ? ` — ${t('over.winner')}` : ''}`));
      const pts = document.createElement('td');
      const left = Math.max(0, togo[s.seat - 1] ?? 0);
      if (s.seat === lost) {
        pts.textContent = t(o.kind === 'time' ? 'over.reason.time' : 'over.reason.resign');
        pts.classList.add('reason');
      } else pts.textContent = left === 0 ? t('play.home') : tn('play.toGo', left);
      tr.append(rank, who, pts);
      return tr;
    }),
  );
}

/**
 * @param {object} on
 * @param {() => void} on.newGame
 * @param {() => void} on.rematch
 * @param {() => void} [on.review] opens the review of the game
 * @param {() => boolean} [on.canReview] whether there is anything to review
 */
export function wireGameOver(on) {
  canReview = on.canReview ?? (() => false);
  $('over-review').addEventListener('click', () => {
    dialog().close();
    on.review?.();
  });
  $('over-close').addEventListener('click', () => dialog().close());
  $('over-new').addEventListener('click', () => {
    dialog().close();
    on.newGame();
  });
  $('over-rematch').addEventListener('click', on.rematch);
}
