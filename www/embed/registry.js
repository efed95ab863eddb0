// Which board is on which element, and what the element needs of a board beyond its API:
// so a second createGame on an element replaces the first board, and el.game is the API of
// the board it shows.

/** @typedef {import('./api.js').EmbedApi} EmbedApi */

/**
 * What the element needs of a board beyond its API.
 * @typedef {object} Internals
 * @property {() => void} park out of the page for a while: stop the worker and the drawing
 * @property {() => void} unpark back in the page
 * @property {(reason: string) => void} retire destroy, saying why later calls fail
 * @property {(partial: import('./config.js').EmbedConfig) => void} attributes the element's
 *   attributes changed: only a change of what they describe counts
 */

/** @type {WeakMap<EmbedApi, Internals>} */
export const internals = new WeakMap();

/** Boards created on an element, so a second createGame replaces the first. */
export const mounted = new WeakMap();

/** This copy's <halma-board> elements (element.js adds each one as it is made). */
const elements = new WeakSet();

/** @typedef {HTMLElement & {game: EmbedApi | null}} BoardElement */

/** @param {HTMLElement} el */
export function addElement(el) {
  elements.add(el);
}

/**
 * @param {HTMLElement} el
 * @returns {el is BoardElement}
 */
export function isElement(el) {
  return elements.has(el);
}

/**
 * A board now shows on `host`.
 * @param {HTMLElement} host
 * @param {EmbedApi} api
 */
export function attach(host, api) {
  mounted.set(host, api);
  if (isElement(host)) host.game = api;
}

/**
 * A board on `host` is gone (if it is still the one there).
 * @param {HTMLElement} host
 * @param {EmbedApi} api
 */
export function detach(host, api) {
  if (mounted.get(host) === api) mounted.delete(host);
  if (isElement(host) && host.game === api) host.game = null;
}
