// The Settings drop-down: language, theme (follows the system unless chosen), the cell
// names on the board (shown unless turned off) and whether the board turns toward each
// person in a game of several people at one screen (off unless turned on), kept in the
// preferences. It closes on a click elsewhere and on Esc.

import { setLang, detectLang, isLang, t } from '../i18n.js';
import { $ } from './dom.js';
import { announce } from './notice.js';

/** @typedef {import('../storage.js').Prefs} Prefs */

const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');

/** @param {Prefs} prefs */
export function initialLang(prefs) {
  if (isLang(prefs.lang)) return prefs.lang;
  return detectLang(navigator.languages?.length ? navigator.languages : [navigator.language || 'en']);
}

/**
 * Whether the board shows the cell names: yes unless turned off (the moves list, the hints
 * and the announcements name cells).
 * @param {Prefs} prefs
 */
export function showCoords(prefs) {
  return prefs.coords ?? true;
}

/**
 * Whether the board turns toward each person in turn: no unless turned on (people side by
 * side at one screen would see the same spot hold another piece after every move).
 * @param {Prefs} prefs
 */
export function turnBoard(prefs) {
  return prefs.turnBoard ?? false;
}

/** Shows the setting (a game started with another orientation changed it). @param {boolean} on */
export function showTurnBoard(on) {
  /** @type {HTMLInputElement} */ ($('set-turn')).checked = on;
}

/**
 * @param {Prefs} prefs
 * @returns {'light' | 'dark'}
 */
export function effectiveTheme(prefs) {
  const p = prefs.theme ?? 'auto';
  if (p === 'light' || p === 'dark') return p;
  return darkQuery.matches ? 'dark' : 'light';
}

/**
 * @param {object} deps
 * @param {Prefs} deps.prefs changed in place
 * @param {() => void} deps.save writes the preferences
 * @param {() => void} deps.applyTheme after a change of the theme (chosen, or the system's)
 * @param {(on: boolean) => void} deps.onCoords
 * @param {(on: boolean) => void} deps.onTurnBoard
 */
export function wireSettings({ prefs, save, applyTheme, onCoords, onTurnBoard }) {
  const langSel = /** @type {HTMLSelectElement} */ ($('set-lang'));
  langSel.addEventListener('change', () => {
    const l = langSel.value;
    if (!isLang(l)) return;
    prefs.lang = l;
    save();
    setLang(l);
    // What a screen reader last heard was in the old language: say the new one in it.
    announce(t('settings.language.chosen'));
  });
  const themeSel = /** @type {HTMLSelectElement} */ ($('set-theme'));
  themeSel.value = prefs.theme ?? 'auto';
  themeSel.addEventListener('change', () => {
    const v = themeSel.value;
    prefs.theme = v === 'light' || v === 'dark' ? v : 'auto';
    save();
    applyTheme();
  });
  darkQuery.addEventListener('change', applyTheme);
  const coords = /** @type {HTMLInputElement} */ ($('set-coords'));
  coords.checked = showCoords(prefs);
  coords.addEventListener('change', () => {
    prefs.coords = coords.checked;
    save();
    onCoords(coords.checked);
  });
  const turn = /** @type {HTMLInputElement} */ ($('set-turn'));
  turn.checked = turnBoard(prefs);
  turn.addEventListener('change', () => {
    prefs.turnBoard = turn.checked;
    save();
    onTurnBoard(turn.checked);
  });

  const settings = /** @type {HTMLDetailsElement} */ (document.querySelector('.settings'));
  document.addEventListener('click', (e) => {
    if (settings.open && e.target instanceof Node && !settings.contains(e.target)) settings.open = false;
  });
  settings.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && settings.open) {
      settings.open = false;
      /** @type {HTMLElement} */ (settings.querySelector('summary')).focus();
    }
  });
}
