// Resign, agree a draw, abort: the buttons under the status while a game goes on, each
// asking once more before it ends the game (ending.js has the rules of who and when).
// - Resign: the person to move resigns (against the computer, the person at the screen,
//   whoever is to move). Before every seat has made its first move the button is Abort
//   instead: the game ends without a result (as on lichess, where the clocks have not
//   started yet either).
// - Agree a draw: only in a game of people at this screen (nobody to ask elsewhere), once
//   everyone has moved.

import { t } from '../i18n.js';
import { everyoneMoved, resigner } from '../ending.js';
import { $ } from './dom.js';

/** @typedef {import('../session.js').Session} Session */
/** @typedef {'resign' | 'agreed' | 'aborted'} EndKind */

/**
 * @typedef {object} EndingPanel
 * @property {() => void} render after every change of the game (drops a question asked
 *   about another position)
 */

/**
 * What the buttons may do now.
 * @param {Session} session
 * @returns {{abort: boolean, resign: number | null, draw: boolean}}
 */
export function endChoices(session) {
  const none = { abort: false, resign: null, draw: false };
  const game = session.game();
  const info = session.info();
  if (session.isOver() || info.solitaire || session.watching()) return none;
  const seats = info.seats;
  const h = session.plies();
  if (!everyoneMoved(h, seats)) return { abort: true, resign: null, draw: false };
  const finished = new Set(Array.from(/** @type {ArrayLike<number>} */ (game.finished())));
  const seat = resigner({ turn: game.turn(), seats, person: (s) => !session.isExternal(s), finished: (s) => finished.has(s) });
  const people = session.players().every((_, i) => !session.isExternal(i + 1));
  return { abort: false, resign: seat, draw: people && seats > 1 };
}

/**
 * @param {object} deps
 * @param {Session} deps.session
 * @param {() => boolean} deps.hasGame
 * @param {(kind: EndKind, seat: number | null) => void} deps.end ends the game so
 * @returns {EndingPanel}
 */
export function createEnding({ session, hasGame, end }) {
  const box = $('end-actions');
  const resignBtn = /** @type {HTMLButtonElement} */ ($('btn-resign'));
  const drawBtn = /** @type {HTMLButtonElement} */ ($('btn-draw'));
  const ask = $('end-confirm');
  const question = $('end-question');
  const yes = /** @type {HTMLButtonElement} */ ($('end-yes'));
  const no = /** @type {HTMLButtonElement} */ ($('end-no'));
  /** The question asked: what, for whom, in which position. */
  /** @type {{kind: EndKind, seat: number | null} | null} */
  let asking = null;

  function render() {
    if (!hasGame()) {
      box.hidden = true;
      return;
    }
    const c = endChoices(session);
    box.hidden = !c.abort && c.resign === null && !c.draw;
    // A question about a choice no longer there (the game ended, a seat's first move made
    // Abort a Resign) is dropped; the computer's move while a person thinks it over is not
    // a reason.
    if (asking && (box.hidden || (asking.kind === 'aborted') !== c.abort || (asking.kind === 'agreed' && !c.draw) || (asking.kind === 'resign' && asking.seat !== c.resign))) {
      asking = null;
    }
    resignBtn.hidden = !c.abort && c.resign === null;
    resignBtn.dataset.i18n = c.abort ? 'end.abort' : 'end.resign';
    resignBtn.textContent = t(resignBtn.dataset.i18n);
    drawBtn.hidden = !c.draw;
    ask.hidden = !asking;
    resignBtn.setAttribute('aria-expanded', String(!!asking && asking.kind !== 'agreed'));
    drawBtn.setAttribute('aria-expanded', String(!!asking && asking.kind === 'agreed'));
    if (!asking) return;
    question.textContent = asking.seat ? session.say(`end.${asking.kind}.confirm`, asking.seat) : t(`end.${asking.kind}.confirm`);
    yes.textContent = t(`end.${asking.kind}.yes`);
  }

  /** @param {EndKind} kind @param {number | null} seat */
  function open(kind, seat) {
    asking = { kind, seat };
    render();
    no.focus();
  }

  function close() {
    const was = asking;
    asking = null;
    render();
    if (was) (was.kind === 'agreed' ? drawBtn : resignBtn).focus();
  }

  resignBtn.addEventListener('click', () => {
    const c = endChoices(session);
    if (c.abort) open('aborted', null);
    else if (c.resign !== null) open('resign', c.resign);
  });
  drawBtn.addEventListener('click', () => {
    if (endChoices(session).draw) open('agreed', null);
  });
  no.addEventListener('click', close);
  yes.addEventListener('click', () => {
    const a = asking;
    asking = null;
    render();
    if (a) end(a.kind, a.seat);
  });
  ask.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    close();
  });

  return { render };
}
