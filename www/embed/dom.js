// A board's markup in its shadow root: the board, a bar with the status and the step
// buttons (⏮ ◀ ▶ ⏭), and the error message. Exposed parts: root, board, status, controls,
// error.

import { adoptStyles } from './styles.js';

/**
 * @typedef {'first' | 'prev' | 'next' | 'last'} Step
 *
 * @typedef {object} Parts
 * @property {HTMLElement} root
 * @property {HTMLElement} board the widget's element
 * @property {HTMLElement} bar the status and the controls, under the board
 * @property {HTMLElement} status
 * @property {HTMLElement} controls the step buttons and where the board is in the moves
 * @property {Record<Step, HTMLButtonElement>} btn
 * @property {HTMLElement} at "3 / 7"
 * @property {HTMLElement} error
 */

/**
 * @param {string} tag
 * @param {string} [cls]
 */
function el(tag, cls) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  return e;
}

/**
 * Replaces the shadow root's content with a board's markup and styles.
 * @param {ShadowRoot} shadow
 * @returns {Parts}
 */
export function buildDom(shadow) {
  shadow.replaceChildren();
  adoptStyles(shadow);
  const rootEl = el('div', 'root');
  rootEl.setAttribute('part', 'root');
  const boardEl = el('div', 'board');
  boardEl.setAttribute('part', 'board');
  const bar = el('div', 'bar');
  const status = el('p', 'status');
  status.setAttribute('part', 'status');
  status.setAttribute('aria-live', 'polite');
  const controls = el('div', 'controls');
  controls.setAttribute('part', 'controls');
  controls.setAttribute('role', 'group');
  /** @type {Record<Step, HTMLButtonElement>} */
  const btn = /** @type {any} */ ({});
  const atEl = el('span', 'at');
  for (const [k, d] of /** @type {const} */ ([
    ['first', 'M3 2h2v12H3zM14 2v12L6 8z'],
    ['prev', 'M12 2v12L4 8z'],
    ['next', 'M4 2v12l8-6z'],
    ['last', 'M11 2h2v12h-2zM2 2v12l8-6z'],
  ])) {
    const b = /** @type {HTMLButtonElement} */ (el('button'));
    b.type = 'button';
    b.dataset.step = k;
    // ⏮ ◀ ▶ ⏭ drawn, not typed: fonts without those glyphs show boxes.
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('viewBox', '0 0 16 16');
    svg.setAttribute('aria-hidden', 'true');
    const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
    path.setAttribute('d', d);
    svg.appendChild(path);
    b.appendChild(svg);
    btn[k] = b;
  }
  controls.append(btn.first, btn.prev, atEl, btn.next, btn.last);
  bar.append(status, controls);
  const errorEl = el('p', 'error');
  errorEl.setAttribute('part', 'error');
  errorEl.setAttribute('role', 'alert');
  errorEl.hidden = true;
  // Nothing but the message (if any) until there is a game: no empty board, no empty bar.
  boardEl.hidden = true;
  bar.hidden = true;
  rootEl.append(boardEl, bar, errorEl);
  shadow.append(rootEl);
  return { root: rootEl, board: boardEl, bar, status, controls, btn, at: atEl, error: errorEl };
}
