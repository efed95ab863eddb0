// What live play keeps in localStorage beside the saved game (storage.js keeps the game and
// its players; a seat on another device is a player of kind `remote`):
//
//   halma.live.<saved id>   the live game: {v: 1, id, role, mine, seats, mail?}
//   halma.live-net          the player's STUN and TURN servers: {v: 1, stun, turn, user, pass}
//
// and reads the site owner's servers from the page (`<meta name="halma-ice-servers">`).
// Everything read is checked; a bad entry reads as none and is never deleted here.

/** Prefix of a live game's key (then the saved game's id). */
export const META_PREFIX = 'halma.live.';
/** Key of the network settings. */
export const NET_KEY = 'halma.live-net';

/**
 * A seat of a live game: its player's name, and who plays it: `h` the host's device, `g` a
 * guest's device, `c` the computer on the host (at `level`).
 * @typedef {{name: string, kind: 'h' | 'g' | 'c', level?: number}} LiveSeat
 */

/**
 * @typedef {object} LiveMeta
 * @property {1} v
 * @property {string} id the live game's id, the same on every device
 * @property {'host' | 'guest'} role this device's
 * @property {number[]} mine the seats a person at this device plays
 * @property {LiveSeat[]} seats
 * @property {boolean} [mail] played by sending links (no connection could be made)
 */

/**
 * @typedef {object} NetSettings
 * @property {string} stun a STUN server (`stun:host:port`), '' for none
 * @property {string} turn a TURN server (`turn:host:port` or `turns:`), '' for none
 * @property {string} user the TURN user name
 * @property {string} pass the TURN password
 */

/** @param {unknown} v @returns {v is Record<string, unknown>} */
function isObject(v) {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Checks a live game as stored.
 * @param {unknown} o
 * @returns {LiveMeta | null}
 */
export function checkMeta(o) {
  if (!isObject(o) || o.v !== 1) return null;
  if (typeof o.id !== 'string' || !/^[A-Za-z0-9_-]{8,32}$/.test(o.id)) return null;
  if (o.role !== 'host' && o.role !== 'guest') return null;
  if (!Array.isArray(o.seats) || o.seats.length < 2 || o.seats.length > 6) return null;
  /** @type {LiveSeat[]} */
  const seats = [];
  for (const s of o.seats) {
    if (!isObject(s) || typeof s.name !== 'string' || s.name.length > 40 || !['h', 'g', 'c'].includes(/** @type {string} */ (s.kind))) return null;
    /** @type {LiveSeat} */
    const seat = { name: s.name, kind: /** @type {LiveSeat['kind']} */ (s.kind) };
    if (typeof s.level === 'number' && Number.isInteger(s.level) && s.level >= 1 && s.level <= 20) seat.level = s.level;
    seats.push(seat);
  }
  const n = seats.length;
  if (!Array.isArray(o.mine) || o.mine.length === 0 || !o.mine.every((x) => Number.isInteger(x) && x >= 1 && x <= n)) return null;
  /** @type {LiveMeta} */
  const out = { v: 1, id: o.id, role: o.role, mine: [...o.mine], seats };
  if (o.mail === true) out.mail = true;
  return out;
}

/**
 * @param {Storage | null} storage
 * @param {string} savedId
 * @returns {LiveMeta | null}
 */
export function readMeta(storage, savedId) {
  if (!storage || !savedId) return null;
  try {
    const raw = storage.getItem(META_PREFIX + savedId);
    return raw ? checkMeta(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

/**
 * @param {Storage | null} storage
 * @param {string} savedId
 * @param {LiveMeta} meta
 */
export function writeMeta(storage, savedId, meta) {
  if (!storage || !savedId) return;
  try {
    storage.setItem(META_PREFIX + savedId, JSON.stringify(meta));
  } catch {
    // Full or refused: the game is saved without who plays where on the other devices.
  }
}

/**
 * The saved game (its id) of a live game, by the live game's id.
 * @param {Storage | null} storage
 * @param {string} liveId
 * @returns {string | null}
 */
export function findMeta(storage, liveId) {
  if (!storage) return null;
  try {
    for (let i = 0; i < storage.length; i++) {
      const k = storage.key(i);
      if (!k || !k.startsWith(META_PREFIX)) continue;
      const id = k.slice(META_PREFIX.length);
      if (readMeta(storage, id)?.id === liveId) return id;
    }
  } catch {
    // Storage refused.
  }
  return null;
}

const STUN_RE = /^stuns?:[A-Za-z0-9.\-[\]:]{1,200}$/;
const TURN_RE = /^turns?:[A-Za-z0-9.\-[\]:]{1,200}(?:\?transport=(?:udp|tcp))?$/;

/**
 * Checks network settings (as typed by the player, or read back).
 * @param {unknown} o
 * @returns {NetSettings | string} the settings, or the translation key of what is wrong
 */
export function checkNet(o) {
  if (!isObject(o)) return 'live.net.bad';
  const stun = typeof o.stun === 'string' ? o.stun.trim() : '';
  const turn = typeof o.turn === 'string' ? o.turn.trim() : '';
  const user = typeof o.user === 'string' ? o.user.slice(0, 200) : '';
  const pass = typeof o.pass === 'string' ? o.pass.slice(0, 200) : '';
  if (stun && !STUN_RE.test(stun)) return 'live.net.badStun';
  if (turn && !TURN_RE.test(turn)) return 'live.net.badTurn';
  return { stun, turn, user, pass };
}

/** @param {Storage | null} storage @returns {NetSettings} */
export function readNet(storage) {
  const none = { stun: '', turn: '', user: '', pass: '' };
  if (!storage) return none;
  try {
    const raw = storage.getItem(NET_KEY);
    const r = raw ? checkNet(JSON.parse(raw)) : none;
    return typeof r === 'string' ? none : r;
  } catch {
    return none;
  }
}

/** @param {Storage | null} storage @param {NetSettings} net */
export function writeNet(storage, net) {
  try {
    storage?.setItem(NET_KEY, JSON.stringify({ v: 1, ...net }));
  } catch {
    // Not kept: it still applies in this page.
  }
}

/**
 * The site owner's ICE servers: `<meta name="halma-ice-servers" content="[...]">`, a JSON
 * array of RTCIceServer objects (`urls` one `stun:`, `turn:` or `turns:` URL or a list of
 * them, with `username` and `credential` for TURN). Anything else is ignored.
 * @param {string | null | undefined} content
 * @returns {RTCIceServer[]}
 */
export function parseSiteServers(content) {
  if (!content) return [];
  /** @type {unknown} */
  let list;
  try {
    list = JSON.parse(content);
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  /** @type {RTCIceServer[]} */
  const out = [];
  for (const s of list.slice(0, 8)) {
    if (!isObject(s)) continue;
    const urls = (Array.isArray(s.urls) ? s.urls : [s.urls]).filter((u) => typeof u === 'string' && (STUN_RE.test(u) || TURN_RE.test(u)));
    if (!urls.length) continue;
    /** @type {RTCIceServer} */
    const server = { urls };
    if (typeof s.username === 'string') server.username = s.username;
    if (typeof s.credential === 'string') server.credential = s.credential;
    out.push(server);
  }
  return out;
}

/**
 * The ICE servers to use: the site's, the player's, and the STUN servers an invite names.
 * @param {RTCIceServer[]} site
 * @param {NetSettings} net
 * @param {string[]} [invited]
 * @returns {RTCIceServer[]}
 */
export function iceServers(site, net, invited = []) {
  /** @type {RTCIceServer[]} */
  const out = [...site];
  if (net.stun) out.push({ urls: net.stun });
  if (net.turn) out.push({ urls: net.turn, username: net.user, credential: net.pass });
  for (const u of invited) if (!out.some((s) => (Array.isArray(s.urls) ? s.urls : [s.urls]).includes(u))) out.push({ urls: u });
  return out;
}

/**
 * The STUN servers an invite passes on (never a TURN server: its password stays here).
 * @param {RTCIceServer[]} servers
 */
export function stunUrls(servers) {
  /** @type {string[]} */
  const out = [];
  for (const s of servers) for (const u of Array.isArray(s.urls) ? s.urls : [s.urls]) if (STUN_RE.test(u) && !out.includes(u)) out.push(u);
  return out.slice(0, 4);
}
