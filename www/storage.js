// Saving the game in progress and the player's preferences in localStorage.
//
// The saved game is `{v: 1, record, setup, savedAt}` under one key: `record` is the engine's
// game record (variant or start position, then the moves), `setup` the players and table
// options. Loading validates by replaying the record through the engine (the caller passes
// the replay function). A bad or unknown entry is reported and left in place; storage that
// throws (private modes, blocked cookies) is treated as absent and never breaks the page.

/** Key of the game in progress. */
export const GAME_KEY = 'halma.game';
/** Key of the preferences (language, theme, coordinates). */
export const PREFS_KEY = 'halma.prefs';
/** Format version of saved games written by this code. */
export const FORMAT = 1;

/**
 * @typedef {object} PlayerSetup
 * @property {string} name
 * @property {'human' | 'computer'} kind
 * @property {number} [level] a computer's level, 1 to 5
 */

/**
 * @typedef {object} GameSetup
 * @property {string} variant canonical variant string
 * @property {PlayerSetup[]} players one per seat, seat 1 first
 * @property {'seat1' | 'coin'} start
 * @property {'turn' | 'fixed'} rotation
 */

/**
 * @typedef {object} SavedGame
 * @property {1} v
 * @property {string} record
 * @property {GameSetup} setup
 * @property {string} [savedAt]
 */

/**
 * @typedef {{status: 'none'} | {status: 'ok', data: SavedGame} |
 *   {status: 'bad', reason: string} | {status: 'newer', version: number}} LoadResult
 */

/**
 * @typedef {object} Prefs
 * @property {string} [lang]
 * @property {'auto' | 'light' | 'dark'} [theme]
 * @property {boolean} [coords]
 * @property {'fast' | 'normal' | 'slow'} [speed] pace of the computer's moves
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

/**
 * Checks the shape of a setup; fills what a valid older save may lack.
 * @param {unknown} s
 * @returns {GameSetup | string} the setup, or what is wrong with it
 */
export function checkSetup(s) {
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
    if (typeof p.level === 'number' && Number.isInteger(p.level) && p.level >= 1 && p.level <= 5) out.level = p.level;
    players.push(out);
  }
  return {
    variant: s.variant,
    players,
    start: s.start === 'coin' ? 'coin' : 'seat1',
    rotation: s.rotation === 'fixed' ? 'fixed' : 'turn',
  };
}

/**
 * Reads and checks the saved game. `replay(record)` must throw when the record does not
 * replay (the app passes one that runs it through the engine) and return the number of
 * seats of the game.
 * @param {Storage | null} storage
 * @param {(record: string) => number} replay
 * @returns {LoadResult}
 */
export function loadGame(storage, replay) {
  if (!storage) return { status: 'none' };
  /** @type {string | null} */
  let raw;
  try {
    raw = storage.getItem(GAME_KEY);
  } catch {
    return { status: 'none' };
  }
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
  const setup = checkSetup(obj.setup);
  if (typeof setup === 'string') return { status: 'bad', reason: setup };
  let seats;
  try {
    seats = replay(obj.record);
  } catch (e) {
    return { status: 'bad', reason: e instanceof Error ? e.message : String(e) };
  }
  if (seats !== setup.players.length) return { status: 'bad', reason: 'the players do not match the game' };
  /** @type {SavedGame} */
  const data = { v: FORMAT, record: obj.record, setup };
  if (typeof obj.savedAt === 'string') data.savedAt = obj.savedAt;
  return { status: 'ok', data };
}

/**
 * Writes the game in progress. Returns an error message, or null when saved.
 * @param {Storage | null} storage
 * @param {string} record
 * @param {GameSetup} setup
 * @returns {string | null}
 */
export function saveGame(storage, record, setup) {
  if (!storage) return 'storage is not available';
  /** @type {SavedGame} */
  const data = { v: FORMAT, record, setup, savedAt: new Date().toISOString() };
  try {
    storage.setItem(GAME_KEY, JSON.stringify(data));
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
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
    if (obj.speed === 'fast' || obj.speed === 'normal' || obj.speed === 'slow') out.speed = obj.speed;
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
