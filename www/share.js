// Share links, the page's addresses and game-record files: the pure parts (no DOM, no
// engine), unit-tested.
//
// The page's address says which screen is shown, in the fragment (after `#`):
//
//   (empty)                       the game open last, else the first screen
//   home                          the first screen
//   puzzles                       the puzzle chooser
//   puzzle/<id>[/<moves>]         a puzzle and the moves of the attempt so far
//   tutorial/<board>/<step>       the tutorial: `star` or `square`, step 1.. or `end`
//   <link>[!<players>][*<ending>] a game
//
// A game's link is the engine's share-link text `1~<variant>~<moves>[~<seat>~<rows>]` (see
// src/link.rs); the page adds who plays each seat after a `!`, seat 1 first, separated by
// commas: `h` a person, `c<level>` the computer at that level, each optionally followed by
// `:<name>` (the name percent-encoded): `1~star-2~AyAq!h,c3`, `1~halma~!h:Ada,h:Grace`. No
// players part means people in every seat with no names (the links of earlier versions);
// the page leaves it out for such a game. A game the players ended by choice says how after
// a `*` (ending.js): `r<seat>` that seat resigned, `d` a draw agreed, `a` aborted, after the
// link's last move: `1~star-2~AyAq!h,c3*r1`. A puzzle's moves are written as the link's
// are: two characters a cell in the URL-safe base 64 alphabet, four a move.
//
// A game record is the engine's text format: the variant or start position on the first
// line, then the moves `from-to` separated by spaces, `pass` for a pass.

/** Longest text read from the address, a paste or a file before the engine sees it. */
export const MAX_INPUT = 16 * 1024 * 1024;

/**
 * Undoes percent-escapes (some programs escape `~`); text with a bad escape is kept as it
 * is, for the engine to say what is wrong with it.
 * @param {string} s
 */
function unescape(s) {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * A game's fragment split into the engine's link text (percent-escapes undone), the page's
 * players part (as written, or null when there is none) and how the players ended the game
 * (`r<seat>`, `d`, `a` after a `*`; null when they did not: ending.js).
 * @param {string} hash `location.hash`, with or without the `#`
 * @returns {{link: string, players: string | null, ending: string | null}}
 */
export function splitFragment(hash) {
  let s = (hash.startsWith('#') ? hash.slice(1) : hash).trim();
  // A program that escaped the `!` escaped everything: undo that once.
  if (!s.includes('!') && /%21/i.test(s)) s = unescape(s);
  // The ending part: `*` appears in neither the engine's link nor a players part (names
  // escape it).
  /** @type {string | null} */
  let ending = null;
  const end = /(?:\*|%2A)(r[1-6]|d|a)$/i.exec(s);
  if (end) {
    ending = end[1].toLowerCase();
    s = s.slice(0, end.index);
  }
  const bang = s.indexOf('!');
  if (bang < 0) return { link: unescape(s).trim(), players: null, ending };
  const link = s.slice(0, bang);
  // A link with its `~` escaped was escaped whole, the players part too (names once more).
  const players = s.slice(bang + 1);
  return { link: unescape(link).trim(), players: /%7E/i.test(link) ? unescape(players) : players, ending };
}

/**
 * The engine's link text in a URL fragment (`location.hash`): without the `#` and the
 * players part, percent-escapes undone. Empty when there is none.
 * @param {string} hash
 */
export function linkFromHash(hash) {
  return splitFragment(hash).link;
}

/**
 * A player as the page keeps one (storage.js's `PlayerSetup`).
 * @typedef {{name: string, kind: 'human' | 'computer', level?: number}} LinkPlayer
 */

/** Longest name a player may have (as storage.js checks). */
const MAX_NAME = 60;

/**
 * A name in a players part: percent-encoded, also the characters that mean something in
 * the fragment or that programs turning text into links stop at.
 * @param {string} name
 */
function encodeName(name) {
  return encodeURIComponent(name).replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The players part of a game's fragment: empty when every seat is a person with no name
 * (what a link without one means).
 * @param {LinkPlayer[]} players
 */
export function playersPart(players) {
  if (players.every((p) => p.kind !== 'computer' && !p.name)) return '';
  return players.map((p) => `${p.kind === 'computer' ? `c${p.level ?? ''}` : 'h'}${p.name ? `:${encodeName(p.name)}` : ''}`).join(',');
}

/**
 * A game's fragment (without the `#`): the engine's link, the players part and how the
 * players ended the game (ending.js's `endingPart`; '' when they did not).
 * @param {string} link
 * @param {LinkPlayer[]} players
 * @param {string} [ending]
 */
export function gameFragment(link, players, ending = '') {
  const p = playersPart(players);
  return `${p ? `${link}!${p}` : link}${ending ? `*${ending}` : ''}`;
}

/**
 * What is wrong with a players part, as a translation key and its values.
 * @typedef {{key: string, params: Record<string, string | number>}} PlayersProblem
 */

/**
 * Reads a players part for a game of `seats` seats.
 * @param {string} text the part after `!`
 * @param {number} seats
 * @param {number[]} levels the computer's levels
 * @returns {{players: LinkPlayer[]} | {problem: PlayersProblem}}
 */
export function parsePlayers(text, seats, levels) {
  const items = text.split(',');
  if (items.length !== seats) return { problem: { key: 'link.players.count', params: { n: items.length, seats } } };
  /** @type {LinkPlayer[]} */
  const players = [];
  const lo = Math.min(...levels);
  const hi = Math.max(...levels);
  for (let i = 0; i < items.length; i++) {
    const colon = items[i].indexOf(':');
    const who = colon < 0 ? items[i] : items[i].slice(0, colon);
    /** @type {LinkPlayer} */
    let p;
    const m = /^c(\d{1,2})$/.exec(who);
    if (who === 'h') p = { name: '', kind: 'human' };
    else if (m && levels.includes(Number(m[1]))) p = { name: '', kind: 'computer', level: Number(m[1]) };
    else return { problem: { key: 'link.players.bad', params: { n: i + 1, text: items[i].slice(0, 24), lo, hi } } };
    if (colon >= 0) {
      let name;
      try {
        name = decodeURIComponent(items[i].slice(colon + 1));
      } catch {
        name = null;
      }
      // Control characters would be invisible or break a line: not a name.
      if (name === null || name.length > MAX_NAME || /[\u0000-\u001f\u007f-\u009f]/.test(name)) {
        return { problem: { key: 'link.players.name', params: { n: i + 1, max: MAX_NAME } } };
      }
      p.name = name.trim();
    }
    players.push(p);
  }
  return { players };
}

/** The alphabet of link and puzzle moves (URL-safe base 64). */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Moves as a link writes them: two characters a cell (its id in base 64, high digit first).
 * @param {{from: number, to: number}[]} moves
 */
export function encodeMoves(moves) {
  return moves.map((m) => [m.from, m.to].map((c) => ALPHABET[c >> 6] + ALPHABET[c & 63]).join('')).join('');
}

/**
 * Moves read back from `encodeMoves`'s text, or null when it is not such text.
 * @param {string} text
 * @returns {{from: number, to: number}[] | null}
 */
export function decodeMoves(text) {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const cell = (/** @type {number} */ i) => ALPHABET.indexOf(text[i]) * 64 + ALPHABET.indexOf(text[i + 1]);
  /** @type {{from: number, to: number}[]} */
  const out = [];
  for (let i = 0; i < text.length; i += 4) out.push({ from: cell(i), to: cell(i + 2) });
  return out;
}

/** The tutorial's boards, as the address names them. */
export const TUTORIAL_BOARDS = /** @type {const} */ (['star', 'square']);

/**
 * A screen of the page, as its address says.
 * @typedef {{screen: 'none'} | {screen: 'home'} | {screen: 'puzzles'}
 *   | {screen: 'puzzle', id: string, moves: string}
 *   | {screen: 'tutorial', board: 'star' | 'square', step: number | 'end'}
 *   | {screen: 'game', link: string, players: string | null, ending: string | null}} Route
 */

/**
 * The screen an address shows. Anything that is not one of the page's own screens is a
 * game's link (the engine says what is wrong with a bad one).
 * @param {string} hash `location.hash`
 * @returns {Route}
 */
export function parseRoute(hash) {
  const s = unescape(hash.startsWith('#') ? hash.slice(1) : hash).trim();
  if (s === '') return { screen: 'none' };
  if (s === 'home') return { screen: 'home' };
  if (s === 'puzzles') return { screen: 'puzzles' };
  const pz = /^puzzle\/([a-z0-9-]{1,40})(?:\/([A-Za-z0-9_-]*))?$/.exec(s);
  if (pz) return { screen: 'puzzle', id: pz[1], moves: pz[2] ?? '' };
  const tu = /^tutorial(?:\/(star|square)(?:\/(\d{1,2}|end))?)?$/.exec(s);
  if (tu) {
    const board = /** @type {'star' | 'square'} */ (tu[1] ?? 'star');
    const step = tu[2] === undefined ? 1 : tu[2] === 'end' ? 'end' : Math.max(1, Number(tu[2]));
    return { screen: 'tutorial', board, step };
  }
  return { screen: 'game', ...splitFragment(hash) };
}

/**
 * The fragment (without `#`) of a screen other than a game.
 * @param {Exclude<Route, {screen: 'game'} | {screen: 'none'}>} route
 */
export function routeFragment(route) {
  switch (route.screen) {
    case 'home':
    case 'puzzles':
      return route.screen;
    case 'puzzle':
      return route.moves ? `puzzle/${route.id}/${route.moves}` : `puzzle/${route.id}`;
    case 'tutorial':
      return `tutorial/${route.board}/${route.step}`;
  }
  return '';
}

/**
 * The address to share: this page's, without query, with the link as the fragment.
 * @param {string} href the page's address
 * @param {string} link
 */
export function shareUrl(href, link) {
  const u = new URL(href);
  u.search = '';
  u.hash = link;
  return u.href;
}

/**
 * How a link relates to a saved game's link: the same game and position, a continuation
 * (the same start and the saved moves, then more), or unrelated.
 * @param {string} saved the saved game's link
 * @param {string} opened the link being opened
 * @returns {'same' | 'extends' | null}
 */
export function compareLinks(saved, opened) {
  if (saved === opened) return 'same';
  const a = saved.split('~');
  const b = opened.split('~');
  if (a.length !== b.length || a.length < 3) return null;
  for (let i = 0; i < a.length; i++) if (i !== 2 && a[i] !== b[i]) return null;
  return b[2].length > a[2].length && b[2].startsWith(a[2]) ? 'extends' : null;
}

/**
 * What pasted or uploaded text is: a link (the text, or an address with one after `#`), or
 * a game record.
 * @param {string} text
 * @returns {{kind: 'link' | 'record', text: string}}
 */
export function classifyImport(text) {
  const s = text.trim();
  const hash = s.indexOf('#');
  if (hash >= 0 && !s.slice(0, hash).includes('\n')) {
    const { link, players, ending } = splitFragment(s.slice(hash));
    if (/^\d+~/.test(link)) return { kind: 'link', text: `${players === null ? link : `${link}!${players}`}${ending ? `*${ending}` : ''}` };
  }
  if (/^\d+~\S*$/.test(s)) return { kind: 'link', text: s };
  return { kind: 'record', text };
}

/**
 * A file name for a game record: `halma-<variant>-<date>-<time>.txt`, in safe characters.
 * @param {string} variant
 * @param {Date} [when]
 */
export function recordFileName(variant, when = new Date()) {
  const v = variant.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'game';
  /** @param {number} n */
  const two = (n) => String(n).padStart(2, '0');
  const d = `${when.getFullYear()}${two(when.getMonth() + 1)}${two(when.getDate())}`;
  const t = `${two(when.getHours())}${two(when.getMinutes())}`;
  return `halma-${v}-${d}-${t}.txt`;
}

/**
 * Whether a record has any moves (a line after the first with something on it).
 * @param {string} record
 */
export function recordHasMoves(record) {
  const lines = record.split('\n').filter((l) => l.trim() !== '');
  return lines.length > 1;
}

/**
 * Whether a record starts from the variant's own start (its first line is a variant, not a
 * position, which has spaces).
 * @param {string} record
 */
export function recordFromStart(record) {
  const first = record.split('\n').find((l) => l.trim() !== '') ?? '';
  return !/\s/.test(first.trim());
}
