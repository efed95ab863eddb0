// The moves panel: every ply in order (a pass as "pass"; a hop chain's full path as its
// title), numbered by rounds as chess sites do ("12. m16-m12 c4-c6": the number is the turn
// the status line counts, written before the round's first move), the last one marked and
// kept in view. A click on a ply shows the position after it (app/browse.js). Only new or
// changed plies are built, so long games stay cheap.

import { t, getLang } from '../i18n.js';
import { $, swatch, keyedChildren } from './dom.js';

/** @typedef {import('../session.js').Session} Session */
/** @typedef {import('../session.js').Ply} Ply */

/**
 * The round of each ply: the turn its seat was on (its own plies so far, this one
 * included), which is the number the status line shows as "Turn N" while the seat is to
 * move. A round begins where the number changes.
 * @param {readonly {seat: number}[]} h
 * @returns {number[]}
 */
export function roundsOf(h) {
  /** @type {Map<number, number>} */
  const turns = new Map();
  return h.map((p) => {
    const n = (turns.get(p.seat) ?? 0) + 1;
    turns.set(p.seat, n);
    return n;
  });
}

/**
 * @param {Session} session
 * @param {Ply[]} h the plies (`session.plies()`)
 * @param {(job: () => void) => void} later runs the scroll later: reading the layout forces one
 */
export function renderMoves(session, h, later) {
  const list = $('moves');
  if (h.length === 0) {
    const empty = () => {
      const li = document.createElement('li');
      li.className = 'empty';
      li.textContent = t('panel.noMoves');
      return li;
    };
    keyedChildren(list, [[`empty:${getLang()}`, empty]]);
    list.dataset.count = '0';
    return;
  }
  const rounds = roundsOf(h);
  keyedChildren(
    list,
    h.map((p, i) => {
      // The number only before the first move of its round.
      const no = i === 0 || rounds[i] !== rounds[i - 1] ? rounds[i] : 0;
      return [`${i}:${p.seat}:${p.text}:${no}:${getLang()}`, () => moveItem(session, p, i, no)];
    }),
  );
  list.dataset.count = String(h.length);
  list.classList.toggle('two', session.info().seats === 2);
  for (const li of list.querySelectorAll('li.last')) li.classList.remove('last');
  list.lastElementChild?.classList.add('last');
  // Scroll the list itself, not the page.
  later(scrollMoves);
}

function scrollMoves() {
  const list = $('moves');
  const last = /** @type {HTMLElement | null} */ (list.lastElementChild);
  if (last) list.scrollTop = last.offsetTop + last.offsetHeight - list.clientHeight;
}

/**
 * @param {Session} session
 * @param {Ply} p
 * @param {number} i
 * @param {number} round its round's number when it is the round's first move, else 0
 */
function moveItem(session, p, i, round) {
  const li = document.createElement('li');
  // A click shows the position after this ply (app/browse.js).
  li.dataset.ply = String(i);
  if (!round) li.classList.add('cont');
  const no = document.createElement('span');
  no.className = 'no';
  no.textContent = round ? `${round}.` : '';
  li.append(no, swatch(p.seat));
  const text = document.createElement('span');
  if (p.move) {
    text.textContent = p.text;
    if (session.hops(p.path) > 0) {
      const cells = session.board().cells;
      text.title = p.path.map((c) => cells[c].name).join('-');
      text.classList.add('hop');
    }
  } else {
    text.textContent = t('panel.pass');
    text.classList.add('pass');
  }
  li.appendChild(text);
  return li;
}
