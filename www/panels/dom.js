// Small DOM helpers shared by the page's panels and dialogs and the embedded element.

import { SEAT_GLYPHS, seatColor, contrastInk } from '../colors.js';

/**
 * The page's element with this id (a missing one is a bug in index.html).
 * @template {HTMLElement} T
 * @param {string} id
 * @returns {T}
 */
export function $(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing element #${id}`);
  return /** @type {T} */ (el);
}

/**
 * Puts the keyboard focus on the game's board (after a game is started from a card or a
 * dialog that is gone now, the focus would otherwise fall to the page's body).
 */
export function focusBoard() {
  const canvas = /** @type {HTMLElement | null} */ (document.querySelector('#board canvas'));
  canvas?.focus();
}

/**
 * A seat's colour with its symbol, for the panels (the symbol, so no one has to tell seats
 * apart by colour alone).
 * @param {number} seat
 */
export function swatch(seat) {
  const sw = document.createElement('span');
  sw.className = 'swatch';
  sw.textContent = SEAT_GLYPHS[(seat - 1) % SEAT_GLYPHS.length];
  sw.style.background = seatColor(seat);
  sw.style.color = contrastInk(seatColor(seat));
  sw.setAttribute('aria-hidden', 'true');
  return sw;
}

/**
 * Makes `list`'s children the given rows, building only those whose key changed: a move
 * changes a row or two, and untouched rows cost no style or layout work.
 * @param {HTMLElement} list
 * @param {[string, () => HTMLElement][]} rows key and builder of each row
 */
export function keyedChildren(list, rows) {
  rows.forEach(([key, make], i) => {
    const old = /** @type {HTMLElement | undefined} */ (list.children[i]);
    if (old && old.dataset.rowKey === key) return;
    const el = make();
    el.dataset.rowKey = key;
    if (old) old.replaceWith(el);
    else list.appendChild(el);
  });
  while (list.children.length > rows.length) list.lastElementChild?.remove();
}

/**
 * Makes a list's items these sentences.
 * @param {HTMLElement} list
 * @param {string[]} items
 */
export function fillList(list, items) {
  list.replaceChildren(
    ...items.map((s) => {
      const li = document.createElement('li');
      li.textContent = s;
      return li;
    }),
  );
}

/**
 * Keeps `aria-busy` on an element while the board in it animates a move: assistive
 * technology waits for the move to land before reading the board's new description.
 * Call the returned function after each change of the board.
 * @param {HTMLElement} el
 * @param {() => boolean} animating
 * @returns {() => void}
 */
export function busyWhile(el, animating) {
  let watching = false;
  const step = () => {
    if (animating()) {
      requestAnimationFrame(step);
      return;
    }
    watching = false;
    el.removeAttribute('aria-busy');
  };
  return () => {
    if (watching || !animating()) return;
    watching = true;
    el.setAttribute('aria-busy', 'true');
    requestAnimationFrame(step);
  };
}
