// createGame: a board in any element, from a page's script.

import { warnUnknown } from './config.js';
import { mount } from './mount.js';
import { internals, mounted, attach } from './registry.js';

/** @typedef {import('./config.js').EmbedConfig} EmbedConfig */
/** @typedef {import('./api.js').EmbedApi} EmbedApi */

/**
 * Creates a board in `element` (its content is replaced by the board, in a shadow root). A
 * board created before on the same element is destroyed: its API throws from then on.
 * @param {HTMLElement} element
 * @param {EmbedConfig} [config]
 * @returns {EmbedApi}
 */
export function createGame(element, config = {}) {
  const old = mounted.get(element);
  if (old) internals.get(old)?.retire('createGame was called again on its element: use the API that call returned');
  warnUnknown(Object.keys(config), 'option');
  const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const api = mount(root, element, config);
  attach(element, api);
  return api;
}
