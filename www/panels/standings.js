// The points panel: one row per seat with its player, level, team and progress points; in a
// solitaire (no race) it counts the pieces still without a mirror partner.

import { t, tn } from '../i18n.js';
import { seatColor } from '../colors.js';
import { clampLevel } from '../computer.js';
import { $, swatch, keyedChildren } from './dom.js';

/** @typedef {import('../session.js').Session} Session */

/** @param {Session} session */
export function renderStandings(session) {
  const game = session.game();
  const info = session.info();
  const desc = session.board();
  const sol = /** @type {{unmatched: number} | null} */ (game.solitaireStatus());
  const pts = game.points();
  const heading = $('points-h');
  heading.dataset.i18n = sol ? 'panel.symmetry' : 'panel.points';
  heading.textContent = t(heading.dataset.i18n);
  const finished = new Set(Array.from(game.finished()));
  /** @type {[string, () => HTMLElement][]} */
  const rows = [];
  for (let s = 1; s <= info.seats; s++) {
    const current = s === game.turn() && !game.isOver();
    /** @type {string[]} */
    const tags = [];
    const pl = session.players()[s - 1];
    // A computer's level; "computer" too when its name does not say so already.
    if (pl && pl.kind === 'computer' && session.isExternal(s)) tags.push(t(pl.name ? 'panel.computer' : 'panel.level', { n: clampLevel(pl.level) }));
    if (info.teams !== 'none') tags.push(t('panel.team', { n: desc.seats[s - 1].team }));
    if (finished.has(s)) tags.push(t('panel.finished'));
    const who = session.playerName(s);
    const extra = tags.length ? ` · ${tags.join(' · ')}` : '';
    const value = sol ? tn('panel.unmatched', sol.unmatched) : tn('panel.points.value', pts[s - 1] ?? 0);
    const title = sol ? t('panel.unmatched.title') : '';
    const key = JSON.stringify([s, current, who, extra, value, title, seatColor(s)]);
    rows.push([key, () => row(s, current, who, extra, value, title)]);
  }
  keyedChildren($('standings'), rows);
}

/**
 * @param {number} s
 * @param {boolean} current
 * @param {string} who
 * @param {string} extra
 * @param {string} value
 * @param {string} title
 */
function row(s, current, who, extra, value, title) {
  const li = document.createElement('li');
  li.dataset.seat = String(s);
  if (current) li.classList.add('current');
  const name = document.createElement('span');
  name.className = 'name';
  name.textContent = who;
  const ex = document.createElement('span');
  ex.className = 'muted';
  ex.textContent = extra;
  // Name and tags share one cell, so long tags wrap under the name instead of widening the
  // panel.
  const cell = document.createElement('span');
  cell.className = 'who';
  cell.append(name, ex);
  const p = document.createElement('span');
  p.className = 'pts';
  p.textContent = value;
  if (title) p.title = title;
  li.append(swatch(s), cell, p);
  return li;
}
