// The moves panel: every ply in order (a pass as "pass"; a hop chain's full path as its
// title), the last one marked and kept in view. A click on a ply shows the position after it
// (app/browse.js). Only new or changed plies are built, so long
// games stay cheap.

import { t, getLang } from '../i18n.js';
import { $, swatch, keyedChildren } from './dom.js';

/** @typedef {import('../session.js').Session} Session */
/** @typedef {import('../session.js').Ply} Ply */

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
  keyedChildren(
    list,
    h.map((p, i) => [`${i}:${p.seat}:${p.text}:${getLang()}`, () => moveItem(session, p, i)]),
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
 */
function moveItem(session, p, i) {
  const li = document.createElement('li');
  // A click shows the position after this ply (app/browse.js).
  li.dataset.ply = String(i);
  const no = document.createElement('span');
  no.className = 'no';
  no.textContent = `${i + 1}.`;
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
