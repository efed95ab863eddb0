// A board's configuration: its keys (the element's attributes, the API's options), reading
// `seats`, and what is wrong with a configuration before the engine sees it. The engine
// checks the game itself (variant, position, moves, record, link: apply.js).

import { clampLevel, engineLevels } from '../computer.js';
import { LANGS } from '../i18n.js';

/**
 * A board's configuration; `set()` takes any part of it. The element passes its attributes'
 * text; the API also takes numbers and booleans.
 * @typedef {object} EmbedConfig
 * @property {string} [variant] a variant string (`halma`, `star-3+long`); default `halma`
 * @property {string} [position] a position string to start from (instead of the variant's start)
 * @property {string | string[]} [moves] moves after the start, as in a game record
 *   (`e4-e6 f3-f5`), or one move a string (`['e4-e6', 'f3-f5']`)
 * @property {string} [record] a game record (the first line the variant or start position)
 * @property {string} [link] share-link text (`1~<variant>~<moves>…`, with or without `#`)
 * @property {number | string | null} [at] show the position after this many moves (default: all)
 * @property {boolean} [interactive] whether people can move (default: no, a diagram)
 * @property {string | string[]} [seats] who plays each seat: `human` or `computer`
 *   (`computer:5` for a level), comma-separated; default: people everywhere
 * @property {number | string} [level] the computers' level, 1 to 5 (default 3)
 * @property {number | string} [orientation] the seat whose camp is at the bottom (default
 *   1), or `turn`: the person to move
 * @property {string} [theme] `light`, `dark` or `auto` (default: follows the system)
 * @property {boolean} [coordinates] show the cell names
 * @property {boolean | null} [controls] the step-through buttons (default: for read-only
 *   boards with moves)
 * @property {string} [lang] `en` or `da` (default: the page's language)
 */

/** The keys that say which game: a new one in `set()` replaces the whole game source. */
export const SOURCE_KEYS = /** @type {const} */ (['variant', 'position', 'moves', 'record', 'link']);
export const CONFIG_KEYS = /** @type {const} */ ([
  ...SOURCE_KEYS,
  'at',
  'interactive',
  'seats',
  'level',
  'orientation',
  'theme',
  'coordinates',
  'controls',
  'lang',
]);

const COMPUTER = ['computer', 'ai', 'cpu'];

/**
 * Who plays each seat, from `human,computer:5,…` (once the engine has loaded: the levels
 * are its own). Lenient: what is not a computer is a person (configProblem says what is wrong).
 * @param {string | string[] | undefined} seats
 * @param {number | string | undefined} level the default level (default: the engine's)
 * @returns {{kind: 'human' | 'computer', level: number}[]}
 */
export function parseSeats(seats, level) {
  const list = Array.isArray(seats) ? seats : String(seats ?? '').split(',');
  return list
    .map((s) => String(s).trim().toLowerCase())
    .filter((s, i, a) => s !== '' || i < a.length - 1)
    .slice(0, 6)
    .map((s) => {
      const [kind, lv] = s.split(':');
      return COMPUTER.includes(kind)
        ? { kind: /** @type {const} */ ('computer'), level: clampLevel(lv ?? level) }
        : { kind: /** @type {const} */ ('human'), level: clampLevel(level) };
    });
}

/** @param {unknown} v */
export function blank(v) {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/** @param {unknown} v a whole number, as a number or its text */
export function whole(v) {
  const s = String(v).trim();
  return /^\d+$/.test(s) ? Number(s) : null;
}

/**
 * What is wrong with the parts of a configuration the engine does not check, in words (for
 * the site owner, so in English like the engine's own messages); null when nothing is.
 * @param {EmbedConfig} c
 * @returns {string | null}
 */
export function configProblem(c) {
  const { levels } = engineLevels();
  const range = `${levels[0]} to ${levels[levels.length - 1]}`;
  const isLevel = (/** @type {unknown} */ v) => {
    const n = whole(v);
    return n !== null && levels.includes(n);
  };
  if (!blank(c.level) && !isLevel(c.level)) return `level "${c.level}" is not a level: use ${range}`;
  if (!blank(c.seats)) {
    const list = Array.isArray(c.seats) ? c.seats : String(c.seats).split(',');
    if (list.length > 6) return `seats lists ${list.length} players; a game has at most 6`;
    for (const raw of list) {
      const s = String(raw).trim().toLowerCase();
      if (s === '') continue;
      const [kind, lv, ...rest] = s.split(':');
      const known = kind === 'human' || COMPUTER.includes(kind);
      if (!known || rest.length > 0 || (lv !== undefined && (kind === 'human' || !isLevel(lv)))) {
        return `seats: "${String(raw).trim()}" is not a player: use human or computer (computer:${levels[levels.length - 1]} for a level from ${range})`;
      }
    }
  }
  if (!blank(c.orientation) && c.orientation !== 'turn' && !(whole(c.orientation) ?? 0)) {
    return `orientation "${c.orientation}" is not a seat: use a seat number (1 for the first seat) or turn`;
  }
  if (!blank(c.theme) && !['light', 'dark', 'auto'].includes(String(c.theme))) {
    return `theme "${c.theme}" is not a theme: use light, dark or auto`;
  }
  if (!blank(c.lang) && !/** @type {readonly string[]} */ (LANGS).includes(String(c.lang).toLowerCase().split('-')[0])) {
    return `lang "${c.lang}" is not a language of the board: use ${LANGS.join(' or ')}`;
  }
  if (!blank(c.at) && whole(c.at) === null) return `at "${c.at}" is not a number of moves: use 0 or more`;
  if (Array.isArray(c.moves) && !c.moves.every((mv) => typeof mv === 'string')) {
    return 'moves is not a list of moves: give text, as in a game record (e4-e6 f3-f5), or a list of such strings';
  }
  return null;
}

/**
 * The moves of a configuration as game-record text (a list is joined with spaces).
 * @param {EmbedConfig['moves']} moves
 */
export function movesText(moves) {
  return Array.isArray(moves) ? moves.join(' ') : String(moves ?? '');
}

/**
 * Two values of one key are the same setting (`at="4"` and 4; `seats` as text or a list).
 * @param {unknown} a
 * @param {unknown} b
 */
export function sameValue(a, b) {
  const norm = (/** @type {unknown} */ v) => (blank(v) ? '' : Array.isArray(v) ? v.map((x) => String(x).trim()).join(',') : String(v).trim());
  return norm(a) === norm(b);
}

/**
 * What is wrong with a configuration for a game of this many seats.
 * @param {EmbedConfig} c
 * @param {number} seats
 */
export function seatProblem(c, seats) {
  const o = whole(c.orientation);
  if (o !== null && o > seats) return `orientation "${c.orientation}" is not a seat of this game: use 1 to ${seats}, or turn`;
  return null;
}

/**
 * Warns once about names that are not configuration keys (a misspelt attribute or option).
 * @param {Iterable<string>} names
 * @param {string} what `attribute` or `option`
 */
export function warnUnknown(names, what) {
  for (const n of names) {
    if (/** @type {readonly string[]} */ (CONFIG_KEYS).includes(n)) continue;
    const near = CONFIG_KEYS.find((k) => editDistance(k, n.toLowerCase()) <= 2);
    console.warn(
      `halma: unknown ${what} "${n}" on a board${near ? ` (did you mean "${near}"?)` : ''}; ` +
        `the board's ${what}s are ${CONFIG_KEYS.join(', ')}`,
    );
  }
}

/**
 * @param {string} a
 * @param {string} b
 */
function editDistance(a, b) {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length];
}
