// What the page says outside the panels: the notice bar (errors, warnings; dismissable) and
// the live regions screen readers read (moves and turns; the board's cursor).

import { $ } from './dom.js';
import { onLangChange } from '../i18n.js';

// A new language: what the live regions hold was said in the old one (the page says the
// new language next, settings.js).
onLangChange(() => {
  document.getElementById('live-cursor')?.replaceChildren();
});

/** @typedef {import('../session.js').Session} Session */
/** @typedef {import('../session.js').Ply} Ply */

/** @param {string} text */
export function showNotice(text) {
  $('notice-text').textContent = text;
  $('notice').hidden = false;
}

export function hideNotice() {
  $('notice').hidden = true;
}

/** @param {string} text */
export function announce(text) {
  const live = $('live');
  // Clear first so the same words are read again.
  live.textContent = '';
  window.setTimeout(() => {
    live.textContent = text;
  }, 30);
}

/** @param {string} text */
export function announceCursor(text) {
  $('live-cursor').textContent = text;
}

/**
 * Words for the plies of one turn (a move and the passes it forced).
 * @param {Session} session
 * @param {Ply[]} plies
 */
export function describePlies(session, plies) {
  const game = session.game();
  /** @type {string[]} */
  const parts = [];
  for (const p of plies) {
    if (!p.move) {
      parts.push(session.say('announce.pass', p.seat));
      continue;
    }
    const from = game.cellName(p.move.from);
    const to = game.cellName(p.move.to);
    const hops = session.hops(p.path);
    const key = hops === 0 ? 'announce.move' : hops === 1 ? 'announce.hop' : 'announce.hops';
    parts.push(session.say(key, p.seat, { from, to, n: hops }));
  }
  return parts.join(' ');
}
