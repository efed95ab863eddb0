// Saved games and the player's preferences in localStorage.
//
// Saved games are a small list: one key per game plus an index, both versioned.
//
//   halma.games        the index: {v: 1, current: id | null, games: [{id, savedAt}]}
//   halma.game.<id>    one game: {v: 1, record, setup, savedAt}
//   halma.game         (format 1 of this page: the single autosave) moved into the list
//
// `record` is the engine's game record (variant or start position, then the moves), `setup`
// the players and table options. Loading validates by replaying the record through the
// engine (the caller passes the replay function). A bad or unknown entry is reported and
// left in place: nothing here deletes a game except `removeSaved`, which the player asks
// for. The index is derived data: entries missing from it are added back, and a corrupt
// index is rebuilt from the keys. Storage that throws (private modes, blocked cookies) is
// treated as absent and never breaks the page.

/** Key of the single autosave written by format 1 of this page; migrated into the list. */
export const LEGACY_KEY = 'halma.game';
/** Key of the index of saved games. */
export const INDEX_KEY = 'halma.games';
/** Prefix of the key of one saved game (then its id). */
export const ENTRY_PREFIX = 'halma.game.';
/** Key of the preferences (language, theme, coordinates). */
export const PREFS_KEY = 'halma.prefs';
/** Key, in sessionStorage, of the game open in this tab (so a reload reopens it). */
export const SESSION_KEY = 'halma.current';
/** Format version of a saved game written by this code. */
export const FORMAT = 1;
/** Format version of the index written by this code. */
export const INDEX_FORMAT = 1;

import { checkControl } from './clock.js';

const ID_RE = /^[a-z0-9-]{1,40}$/;

/**
 * @typedef {object} PlayerSetup
 * @property {string} name
 * @property {'human' | 'computer'} kind
 * @property {number} [level] a computer's level (one of the engine's `levels()`)
 */

/**
 * @typedef {object} GameSetup
 * @property {string} variant canonical variant string
 * @property {PlayerSetup[]} players one per seat, seat 1 first
 * @property {'seat1' | 'coin'} start
 * @property {'turn' | 'fixed'} rotation
 * @property {import('./clock.js').TimeControl} [clock] the time control (none: untimed)
 */

/**
 * @typedef {object} SavedGame
 * @property {1} v
 * @property {string} record
 * @property {GameSetup} setup
 * @property {string} [savedAt]
 * @property {object} [ending] a resignation, a draw agreed or an abort (the record holds
 *   moves only; checked by the page against the game, ending.js's `checkEnding`)
 * @property {object} [clocks] the clocks of a timed game (checked by the page against the
 *   game: clock.js `checkSavedClocks`); games saved before clocks have none
 */

/**
 * @typedef {{status: 'none'} | {status: 'ok', data: SavedGame} |
 *   {status: 'bad', reason: string} | {status: 'newer', version: number}} LoadResult
 */

/**
 * @typedef {object} IndexItem
 * @property {string} id
 * @property {string} savedAt ISO time of the last save ('' when unknown)
 */

/**
 * @typedef {object} GameIndex
 * @property {1} v
 * @property {string | null} current the game last open
 * @property {IndexItem[]} games newest first
 */

/**
 * @typedef {{status: 'ok', index: GameIndex} | {status: 'newer', version: number}} IndexResult
 */

/**
 * @typedef {object} Prefs
 * @property {string} [lang]
 * @property {'auto' | 'light' | 'dark'} [theme]
 * @property {boolean} [coords] cell names on the board (shown unless turned off)
 * @property {boolean} [turnBoard] turn the board toward each person in turn (hot-seat; off
 *   unless turned on)
 * @property {'fast' | 'normal' | 'slow'} [speed] pace of the computer's moves
 * @property {Quick} [quick] what the first screen offers (the games played last)
 * @property {boolean} [sound] the game's sounds (off unless turned on)
 * @property {boolean} [tutorialDone] the tutorial was followed to its end
 */

/**
 * The first screen's memory: the variant and level played against the computer last, the
 * variant played by people only last, and which of the three choices was taken last.
 * @typedef {object} Quick
 * @property {string} [computer]
 * @property {number} [level]
 * @property {string} [friends]
 * @property {'computer' | 'friends' | 'puzzle'} [last]
 * @property {string} [clock] the time control of the last game from the New game dialog
 *   ("M+S", or "none")
 */

/**
 * The storage to use, or null when the browser refuses (access or a test write throws).
 * @param {() => Storage} [get] how to reach the storage (default: `window.localStorage`)
 * @returns {Storage | null}
 */
export function openStorage(get = () => globalThis.localStorage) {
  try {
    const s = get();
    if (!s) return null;
    const probe = '__halma_probe__';
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}

/**
 * @param {unknown} v
 * @returns {v is Record<string, unknown>}
 */
function isObject(v) {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** @param {unknown} e */
function message(e) {
  return e instanceof Error ? e.message : String(e);
}

/**
 * @param {Storage} s
 * @param {string} k
 * @returns {string | null}
 */
function get(s, k) {
  try {
    return s.getItem(k);
  } catch {
    return null;
  }
}

/**
 * Checks the shape of a setup; fills what a valid older save may lack.
 * @param {unknown} s
 * @param {readonly number[]} [levels] the computer's levels (the engine's); a level not
 *   among them is dropped (the seat gets the default). Without them, any whole number from 1.
 * @returns {GameSetup | string} the setup, or what is wrong with it
 */
export function checkSetup(s, levels) {
  if (!isObject(s)) return 'the setup is missing';
  if (typeof s.variant !== 'string' || s.variant.length === 0 || s.variant.length > 200) return 'the variant is missing';
  if (!Array.isArray(s.players) || s.players.length === 0 || s.players.length > 6) return 'the players are missing';
  /** @type {PlayerSetup[]} */
  const players = [];
  for (const p of s.players) {
    if (!isObject(p) || typeof p.name !== 'string' || p.name.length > 60) return 'a player entry is broken';
    const kind = p.kind === 'computer' ? 'computer' : 'human';
    /** @type {PlayerSetup} */
    const out = { name: p.name, kind };
    if (typeof p.level === 'number' && Number.isInteger(p.level) && p.level >= 1 && (!levels || levels.includes(p.level))) out.level = p.level;
    players.push(out);
  }
  /** @type {GameSetup} */
  const out = {
    variant: s.variant,
    players,
    start: s.start === 'coin' ? 'coin' : 'seat1',
    rotation: s.rotation === 'fixed' ? 'fixed' : 'turn',
  };
  // A control that does not check out is dropped: the game loads untimed.
  const clock = checkControl(s.clock);
  if (clock) out.clock = clock;
  return out;
}

/**
 * Checks one stored game (its raw text). `replay(record)` must throw when the record does
 * not replay (the app passes one that runs it through the engine) and return the number of
 * seats of the game.
 * @param {string | null} raw
 * @param {(record: string) => number} replay
 * @param {readonly number[]} [levels] as for `checkSetup`
 * @returns {LoadResult}
 */
export function checkEntry(raw, replay, levels) {
  if (raw === null) return { status: 'none' };
  /** @type {unknown} */
  let obj;
  try {
    obj = JSON.parse(raw);
  } catch {
    return { status: 'bad', reason: 'not valid JSON' };
  }
  if (!isObject(obj)) return { status: 'bad', reason: 'not a saved game' };
  if (typeof obj.v !== 'number') return { status: 'bad', reason: 'no format version' };
  if (obj.v > FORMAT && Number.isInteger(obj.v)) return { status: 'newer', version: obj.v };
  if (obj.v !== FORMAT) return { status: 'bad', reason: `unknown format version ${obj.v}` };
  if (typeof obj.record !== 'string' || obj.record.length === 0) return { status: 'bad', reason: 'the game record is missing' };
  const setup = checkSetup(obj.setup, levels);
  if (typeof setup === 'string') return { status: 'bad', reason: setup };
  let seats;
  try {
    seats = replay(obj.record);
  } catch (e) {
    return { status: 'bad', reason: message(e) };
  }
  if (seats !== setup.players.length) return { status: 'bad', reason: 'the players do not match the game' };
  /** @type {SavedGame} */
  const data = { v: FORMAT, record: obj.record, setup };
  if (typeof obj.savedAt === 'string') data.savedAt = obj.savedAt;
  if (setup.clock && isObject(obj.clocks)) data.clocks = obj.clocks;
  if (isObject(obj.ending)) data.ending = obj.ending;
  return { status: 'ok', data };
}

/** A new id for a saved game: time, then a random part (lowercase letters and digits). */
export function newId() {
  const rnd = new Uint32Array(1);
  globalThis.crypto.getRandomValues(rnd);
  return `${Date.now().toString(36)}-${rnd[0].toString(36)}`;
}

/** @param {string} id */
export function entryKey(id) {
  return ENTRY_PREFIX + id;
}

/**
 * The ids that have a stored game, from the keys.
 * @param {Storage} s
 * @returns {string[]}
 */
function storedIds(s) {
  /** @type {string[]} */
  const ids = [];
  try {
    for (let i = 0; i < s.length; i++) {
      const k = s.key(i);
      if (k && k.startsWith(ENTRY_PREFIX)) {
        const id = k.slice(ENTRY_PREFIX.length);
        if (ID_RE.test(id)) ids.push(id);
      }
    }
  } catch {
    // Unreadable storage: no games.
  }
  return ids;
}

/**
 * The time a stored game says it was saved, or ''.
 * @param {Storage} s
 * @param {string} id
 */
function savedAtOf(s, id) {
  try {
    const obj = JSON.parse(get(s, entryKey(id)) ?? 'null');
    return isObject(obj) && typeof obj.savedAt === 'string' ? obj.savedAt : '';
  } catch {
    return '';
  }
}

/**
 * Newest first; unknown times last.
 * @param {IndexItem[]} games
 */
function sortGames(games) {
  return games.sort((a, b) => (a.savedAt < b.savedAt ? 1 : a.savedAt > b.savedAt ? -1 : 0));
}

/**
 * Reads the index, reconciled with the stored games: entries without a stored game are
 * dropped, stored games missing from it are added, a corrupt index is rebuilt. An index
 * written by a newer version of the page is reported (and must not be written).
 * @param {Storage | null} storage
 * @returns {IndexResult}
 */
export function readIndex(storage) {
  /** @type {GameIndex} */
  const index = { v: INDEX_FORMAT, current: null, games: [] };
  if (!storage) return { status: 'ok', index };
  const raw = get(storage, INDEX_KEY);
  /** @type {unknown} */
  let obj = null;
  try {
    obj = raw === null ? null : JSON.parse(raw);
  } catch {
    obj = null;
  }
  if (isObject(obj) && typeof obj.v === 'number' && obj.v > INDEX_FORMAT && Number.isInteger(obj.v)) {
    return { status: 'newer', version: obj.v };
  }
  const ids = new Set(storedIds(storage));
  if (isObject(obj) && obj.v === INDEX_FORMAT && Array.isArray(obj.games)) {
    for (const g of obj.games) {
      if (!isObject(g) || typeof g.id !== 'string' || !ids.has(g.id)) continue;
      if (index.games.some((x) => x.id === g.id)) continue;
      index.games.push({ id: g.id, savedAt: typeof g.savedAt === 'string' ? g.savedAt : '' });
    }
    if (typeof obj.current === 'string' && ids.has(obj.current)) index.current = obj.current;
  }
  for (const id of ids) {
    if (!index.games.some((x) => x.id === id)) index.games.push({ id, savedAt: savedAtOf(storage, id) });
  }
  sortGames(index.games);
  return { status: 'ok', index };
}

/**
 * @param {Storage} s
 * @param {GameIndex} index
 * @returns {string | null} an error message, or null
 */
function writeIndex(s, index) {
  try {
    s.setItem(INDEX_KEY, JSON.stringify(index));
    return null;
  } catch (e) {
    return message(e);
  }
}

/**
 * Moves the single autosave of format 1 (`halma.game`) into the list, as it is (even when it
 * does not load: it is then listed as broken). The old key is removed only once the copy
 * and the index are written.
 * @param {Storage | null} storage
 * @returns {string | null} the id it got, or null when there was nothing to move (or the
 *   move failed: the old key stays)
 */
export function migrateLegacy(storage) {
  if (!storage) return null;
  const raw = get(storage, LEGACY_KEY);
  if (raw === null) return null;
  const idx = readIndex(storage);
  if (idx.status !== 'ok') return null;
  const id = newId();
  try {
    storage.setItem(entryKey(id), raw);
  } catch {
    return null;
  }
  const index = idx.index;
  index.games.push({ id, savedAt: savedAtOf(storage, id) });
  sortGames(index.games);
  // The old autosave was the game in progress.
  index.current = id;
  if (writeIndex(storage, index) !== null) {
    try {
      storage.removeItem(entryKey(id));
    } catch {
      // Leave the copy; the next read of the index lists it.
    }
    return null;
  }
  try {
    storage.removeItem(LEGACY_KEY);
  } catch {
    // Both copies stay; the next start moves it again (a duplicate at worst, never a loss).
  }
  return id;
}

/**
 * The saved games, newest first.
 * @param {Storage | null} storage
 * @returns {IndexItem[]}
 */
export function listSaved(storage) {
  const r = readIndex(storage);
  return r.status === 'ok' ? r.index.games : [];
}

/**
 * The stored text of a saved game, or null.
 * @param {Storage | null} storage
 * @param {string} id
 */
export function readSaved(storage, id) {
  if (!storage || !ID_RE.test(id)) return null;
  return get(storage, entryKey(id));
}

/**
 * Reads and checks one saved game (see `checkEntry`).
 * @param {Storage | null} storage
 * @param {string} id
 * @param {(record: string) => number} replay
 * @returns {LoadResult}
 */
export function loadSaved(storage, id, replay) {
  return checkEntry(readSaved(storage, id), replay);
}

/**
 * Writes a game under its id and lists it (newest first). Nothing is written when the
 * stored game already has this record and setup. Returns an error message, or null.
 * @param {Storage | null} storage
 * @param {string} id
 * @param {string} record
 * @param {GameSetup} setup
 * @param {object} [clocks] a timed game's clocks
 * @param {object | null} [ending] how the players ended it (ending.js)
 * @returns {string | null}
 */
export function writeSaved(storage, id, record, setup, clocks, ending) {
  if (!storage) return 'storage is not available';
  if (!ID_RE.test(id)) return `bad id '${id}'`;
  const idx = readIndex(storage);
  if (idx.status !== 'ok') return `the saved games were written by a newer version of this page (format ${idx.version})`;
  const old = get(storage, entryKey(id));
  if (old !== null) {
    try {
      const o = JSON.parse(old);
      if (
        isObject(o) &&
        o.v === FORMAT &&
        o.record === record &&
        JSON.stringify(o.setup) === JSON.stringify(setup) &&
        JSON.stringify(o.clocks) === JSON.stringify(clocks) &&
        JSON.stringify(o.ending ?? null) === JSON.stringify(ending ?? null)
      ) {
        return null;
      }
    } catch {
      // Overwritten below only when it is this game's own entry.
    }
  }
  const savedAt = new Date().toISOString();
  /** @type {SavedGame} */
  const data = { v: FORMAT, record, setup, savedAt };
  if (clocks) data.clocks = clocks;
  if (ending) data.ending = ending;
  try {
    storage.setItem(entryKey(id), JSON.stringify(data));
  } catch (e) {
    return message(e);
  }
  const index = idx.index;
  index.games = index.games.filter((g) => g.id !== id);
  index.games.unshift({ id, savedAt });
  return writeIndex(storage, index);
}

/**
 * Deletes a saved game (the player asked). Returns an error message, or null.
 * @param {Storage | null} storage
 * @param {string} id
 * @returns {string | null}
 */
export function removeSaved(storage, id) {
  if (!storage) return 'storage is not available';
  const idx = readIndex(storage);
  if (idx.status !== 'ok') return `the saved games were written by a newer version of this page (format ${idx.version})`;
  try {
    storage.removeItem(entryKey(id));
  } catch (e) {
    return message(e);
  }
  const index = idx.index;
  index.games = index.games.filter((g) => g.id !== id);
  if (index.current === id) index.current = null;
  return writeIndex(storage, index);
}

/**
 * Remembers the game open now: in the index (for the next visit) and in this tab's session
 * storage (so a reload of this tab reopens it, whatever other tabs opened since).
 * @param {Storage | null} storage
 * @param {Storage | null} session
 * @param {string} id
 */
export function setCurrent(storage, session, id) {
  try {
    session?.setItem(SESSION_KEY, id);
  } catch {
    // Without session storage a reload opens the index's current game.
  }
  if (!storage) return;
  const idx = readIndex(storage);
  if (idx.status !== 'ok' || idx.index.current === id) return;
  idx.index.current = id;
  writeIndex(storage, idx.index);
}

/**
 * The game to open: this tab's, else the one last open, else the newest; null if none.
 * @param {Storage | null} storage
 * @param {Storage | null} session
 * @returns {string | null}
 */
export function currentId(storage, session) {
  const idx = readIndex(storage);
  if (idx.status !== 'ok') return null;
  const ids = idx.index.games.map((g) => g.id);
  /** @type {string | null} */
  let mine = null;
  try {
    mine = session?.getItem(SESSION_KEY) ?? null;
  } catch {
    mine = null;
  }
  if (mine && ids.includes(mine)) return mine;
  if (idx.index.current && ids.includes(idx.index.current)) return idx.index.current;
  return ids[0] ?? null;
}

/**
 * @param {Storage | null} storage
 * @returns {Prefs}
 */
export function loadPrefs(storage) {
  if (!storage) return {};
  try {
    const raw = storage.getItem(PREFS_KEY);
    if (!raw) return {};
    const obj = JSON.parse(raw);
    if (!isObject(obj)) return {};
    /** @type {Prefs} */
    const out = {};
    if (typeof obj.lang === 'string') out.lang = obj.lang;
    if (obj.theme === 'auto' || obj.theme === 'light' || obj.theme === 'dark') out.theme = obj.theme;
    if (typeof obj.coords === 'boolean') out.coords = obj.coords;
    if (typeof obj.turnBoard === 'boolean') out.turnBoard = obj.turnBoard;
    if (obj.speed === 'fast' || obj.speed === 'normal' || obj.speed === 'slow') out.speed = obj.speed;
    if (typeof obj.sound === 'boolean') out.sound = obj.sound;
    if (typeof obj.tutorialDone === 'boolean') out.tutorialDone = obj.tutorialDone;
    if (isObject(obj.quick)) {
      const q = obj.quick;
      /** @type {Quick} */
      const quick = {};
      if (typeof q.computer === 'string' && q.computer.length <= 200) quick.computer = q.computer;
      if (typeof q.friends === 'string' && q.friends.length <= 200) quick.friends = q.friends;
      if (typeof q.level === 'number' && Number.isInteger(q.level)) quick.level = q.level;
      if (q.last === 'computer' || q.last === 'friends' || q.last === 'puzzle') quick.last = q.last;
      if (typeof q.clock === 'string' && q.clock.length <= 10) quick.clock = q.clock;
      out.quick = quick;
    }
    return out;
  } catch {
    return {};
  }
}

/**
 * @param {Storage | null} storage
 * @param {Prefs} prefs
 */
export function savePrefs(storage, prefs) {
  if (!storage) return;
  try {
    storage.setItem(PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // Preferences are a convenience; failing to keep them is not worth a message.
  }
}

// --- Puzzle results ---
//
//   halma.puzzles      {v: 1, puzzles: {<puzzle id>: {best, at, figures?}}}
//
// `best` is the fewest moves of a solve, `at` its ISO time, `figures` (the solitaire) the
// distinct figures solved, each the engine's canonical figure (its cells in cell order)
// written as ids joined by commas. A value that does not read back as this format (not
// JSON, a wrong shape, a newer version) is reported and never written over: results are
// then not kept until the player clears it. Entries of puzzles this page does not know are
// kept as they are.

/** Key of the puzzle results. */
export const PUZZLES_KEY = 'halma.puzzles';
/** Format version of the puzzle results written by this code. */
export const PUZZLES_FORMAT = 1;
/** Most figures kept per puzzle (the solitaire has thousands; the gallery is for people). */
export const MAX_FIGURES = 2000;

const FIGURE_RE = /^\d{1,4}(,\d{1,4}){0,99}$/;
const PUZZLE_ID_RE = /^[a-z0-9-]{1,40}$/;

/**
 * @typedef {object} PuzzleResult
 * @property {number} best fewest moves of a solve
 * @property {string} at ISO time of that solve
 * @property {string[]} [figures] the distinct figures solved (the solitaire)
 */

/**
 * @typedef {{status: 'ok', results: Record<string, PuzzleResult>} |
 *   {status: 'bad', reason: string} | {status: 'newer', version: number}} PuzzleResults
 */

/**
 * @param {unknown} e
 * @returns {e is PuzzleResult}
 */
function isPuzzleResult(e) {
  if (!isObject(e)) return false;
  if (typeof e.best !== 'number' || !Number.isInteger(e.best) || e.best < 1 || e.best > 100000) return false;
  if (typeof e.at !== 'string' || e.at.length > 40) return false;
  if (e.figures === undefined) return true;
  return Array.isArray(e.figures) && e.figures.length <= MAX_FIGURES && e.figures.every((f) => typeof f === 'string' && FIGURE_RE.test(f));
}

/**
 * The stored puzzle results (none stored, or no storage: an empty set).
 * @param {Storage | null} storage
 * @returns {PuzzleResults}
 */
export function readPuzzleResults(storage) {
  const raw = storage ? get(storage, PUZZLES_KEY) : null;
  if (raw === null) return { status: 'ok', results: {} };
  let obj;
  try {
    obj = JSON.parse(raw);
  } catch (e) {
    return { status: 'bad', reason: `not JSON (${message(e)})` };
  }
  if (!isObject(obj)) return { status: 'bad', reason: 'not an object' };
  if (typeof obj.v === 'number' && obj.v > PUZZLES_FORMAT) return { status: 'newer', version: obj.v };
  if (obj.v !== PUZZLES_FORMAT) return { status: 'bad', reason: `unknown format ${JSON.stringify(obj.v)}` };
  if (!isObject(obj.puzzles)) return { status: 'bad', reason: 'no puzzle list' };
  /** @type {Record<string, PuzzleResult>} */
  const results = {};
  for (const [id, e] of Object.entries(obj.puzzles)) {
    if (!PUZZLE_ID_RE.test(id)) return { status: 'bad', reason: `a bad puzzle name ${JSON.stringify(id.slice(0, 40))}` };
    if (!isPuzzleResult(e)) return { status: 'bad', reason: `a bad entry for ${id}` };
    results[id] = e;
  }
  return { status: 'ok', results };
}

/**
 * Records a solve of puzzle `id` in `moves` moves (and its figure, for the solitaire): the
 * best is kept, a new figure added. Reads the stored value again first (another tab may have
 * written), and writes nothing when it does not read back.
 * @param {Storage | null} storage
 * @param {string} id
 * @param {number} moves
 * @param {string | null} figure
 * @returns {{status: 'saved' | 'unsaved', newBest: boolean, newFigure: boolean, result: PuzzleResult, reason?: string}}
 */
export function recordPuzzleSolve(storage, id, moves, figure) {
  const read = readPuzzleResults(storage);
  const results = read.status === 'ok' ? read.results : {};
  const old = results[id];
  const newBest = !old || moves < old.best;
  const figures = old?.figures ?? [];
  const newFigure = figure !== null && !figures.includes(figure);
  /** @type {PuzzleResult} */
  const result = {
    best: newBest ? moves : old.best,
    at: newBest ? new Date().toISOString() : old.at,
    ...(figure !== null || old?.figures ? { figures: newFigure && figures.length < MAX_FIGURES ? [...figures, /** @type {string} */ (figure)] : figures } : {}),
  };
  if (read.status !== 'ok') {
    const reason = read.status === 'newer' ? `written by a newer version (format ${read.version})` : read.reason;
    return { status: 'unsaved', newBest, newFigure, result, reason };
  }
  if (!storage) return { status: 'unsaved', newBest, newFigure, result, reason: 'no storage' };
  try {
    storage.setItem(PUZZLES_KEY, JSON.stringify({ v: PUZZLES_FORMAT, puzzles: { ...results, [id]: result } }));
  } catch (e) {
    return { status: 'unsaved', newBest, newFigure, result, reason: message(e) };
  }
  return { status: 'saved', newBest, newFigure, result };
}
