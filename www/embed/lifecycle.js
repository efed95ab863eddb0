// The life of a board: parked while its element is out of the page (no worker, no drawing;
// the game stays), put back, and destroyed (for good, or replaced by another createGame).

import { applyTheme, render } from './view.js';
import { update } from './apply.js';
import { watchColors } from './colors.js';
import { makeWidget } from './widget.js';
import { detach } from './registry.js';

/** @typedef {import('./mount.js').Mount} Mount */
/** @typedef {import('./api.js').EmbedApi} EmbedApi */
/** @typedef {import('./registry.js').Internals} Internals */

/**
 * Ends a board: its session, worker, widget, listeners and markup.
 * @param {Mount} m
 * @param {EmbedApi} api
 */
export function destroy(m, api) {
  if (m.destroyed) return;
  m.destroyed = true;
  m.session.dispose();
  m.game = null;
  m.ai?.dispose();
  m.ai = null;
  m.darkQuery?.removeEventListener('change', m.onScheme);
  m.unwatchColors();
  m.board?.destroy();
  m.board = null;
  m.events.clear();
  m.shadow.replaceChildren();
  detach(m.host, api);
}

/**
 * @param {Mount} m
 * @param {EmbedApi} api
 * @returns {Internals}
 */
export function lifecycle(m, api) {
  return {
    park() {
      if (m.parked || m.destroyed) return;
      m.parked = true;
      // The game stays; what runs or listens stops. A computer's answer is asked again later.
      m.session.stop();
      m.ai?.dispose();
      m.ai = null;
      m.darkQuery?.removeEventListener('change', m.onScheme);
      m.unwatchColors();
      m.unwatchColors = () => {};
      m.board?.destroy();
      m.board = null;
    },
    unpark() {
      if (!m.parked || m.destroyed) return;
      m.parked = false;
      m.darkQuery?.addEventListener('change', m.onScheme);
      m.unwatchColors = watchColors(m, m.onColors);
      if (m.game) m.board = makeWidget(m);
      applyTheme(m);
      render(m);
    },
    attributes(partial) {
      if (!m.destroyed) update(m, partial, false);
    },
    retire(reason) {
      m.retired = `this board was replaced: ${reason}`;
      destroy(m, api);
    },
  };
}
