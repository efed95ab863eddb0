// The messages of live play on a data channel, and their checks. Every message is a JSON
// object `{v, t, n, ...}`: `v` the protocol version, `t` its type, `n` the sender's sequence
// number on this connection (1, 2, 3, ...: a number not above the last one seen is a replay).
// A message is checked like every other input before anything acts on it: its size, that it
// is JSON, its version, its type and the type and range of every field. What the game
// allows (whose turn, which ply) is checked by `checkMove` against the local engine's game;
// the move itself by the engine. No DOM, no engine: unit-tested in Node
// (tests/unit/live-protocol.test.mjs). docs/live.md describes the protocol.

/** Version of the message protocol. */
export const PROTOCOL = 1;
/** Longest message with a game record (hello, sync): about 3,000 moves. */
export const MAX_MESSAGE = 32 * 1024;
/** Longest message of any other type. */
export const MAX_SMALL = 512;
/** Longest game record in a message. */
export const MAX_RECORD = MAX_MESSAGE - 512;

/**
 * @typedef {{v: 1, t: 'hello', n: number, id: string, rec: string, name: string, seats: number[]}} Hello
 *   sent by both sides when the channel opens: the live game's id, the sender's game record,
 *   its player's name and the seats its device plays
 * @typedef {{v: 1, t: 'move', n: number, ply: number, seat: number, from: number, to: number}} MoveMsg
 *   a move by `seat`, played after `ply` plies
 * @typedef {{v: 1, t: 'sync', n: number, rec: string, back?: boolean}} Sync
 *   the sender's record; `back`: go back to it (an agreed undo, or a refused move)
 * @typedef {{v: 1, t: 'undo', n: number, ply: number}} UndoAsk asks to go back to `ply` plies
 * @typedef {{v: 1, t: 'undo-ok' | 'undo-no', n: number, ply: number}} UndoAnswer
 * @typedef {{v: 1, t: 'resign', n: number, seat: number}} Resign
 * @typedef {{v: 1, t: 'abort', n: number}} Abort the game ends without a result (before
 *   everyone has moved)
 * @typedef {{v: 1, t: 'names', n: number, names: string[]}} Names
 *   the host's list of every seat's player (a guest joined)
 * @typedef {{v: 1, t: 'error', n: number, code: string, detail: string}} ErrorMsg
 * @typedef {Hello | MoveMsg | Sync | UndoAsk | UndoAnswer | Resign | Abort | Names | ErrorMsg} Message
 */

/**
 * Why a message was refused; `code` goes back to the sender in an `error` message.
 * @typedef {'oversized' | 'malformed' | 'version' | 'type' | 'replayed' | 'out-of-turn' | 'stale' | 'refused' | 'game' | 'not-asked'} ErrorCode
 */

/** @type {readonly string[]} */
export const TYPES = Object.freeze(['hello', 'move', 'sync', 'undo', 'undo-ok', 'undo-no', 'resign', 'abort', 'names', 'error']);

const ERROR_CODES = ['oversized', 'malformed', 'version', 'type', 'replayed', 'out-of-turn', 'stale', 'refused', 'game', 'not-asked'];

/** @param {unknown} v @returns {v is Record<string, unknown>} */
function isObject(v) {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** @param {unknown} v @param {number} lo @param {number} hi @returns {v is number} */
function isInt(v, lo, hi) {
  return typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi;
}

/** @param {unknown} v @param {number} max @returns {v is string} */
function isText(v, max) {
  // eslint-disable-next-line no-control-regex
  return typeof v === 'string' && v.length <= max && !/[\u0000-\u0008\u000b-\u001f\u007f]/.test(v);
}

/**
 * @typedef {{ok: true, msg: Message} | {ok: false, code: ErrorCode, detail: string}} Parsed
 */

/**
 * @param {ErrorCode} code
 * @param {string} detail
 * @returns {Parsed}
 */
function bad(code, detail) {
  return { ok: false, code, detail };
}

/**
 * Parses and checks one message as it came off the channel (its shape only: whether it fits
 * the game is `checkMove`'s and the engine's).
 * @param {unknown} data a string (anything else is refused)
 * @returns {Parsed}
 */
export function parseMessage(data) {
  if (typeof data !== 'string') return bad('malformed', 'not text');
  if (data.length > MAX_MESSAGE) return bad('oversized', `${data.length} characters`);
  /** @type {unknown} */
  let o;
  try {
    o = JSON.parse(data);
  } catch {
    return bad('malformed', 'not JSON');
  }
  if (!isObject(o)) return bad('malformed', 'not an object');
  if (o.v !== PROTOCOL) return bad('version', `protocol ${String(o.v).slice(0, 20)}`);
  if (typeof o.t !== 'string' || !TYPES.includes(o.t)) return bad('type', `type ${String(o.t).slice(0, 20)}`);
  if (!isInt(o.n, 1, Number.MAX_SAFE_INTEGER)) return bad('malformed', 'no sequence number');
  if (o.t !== 'hello' && o.t !== 'sync' && data.length > MAX_SMALL) return bad('oversized', `${data.length} characters for ${o.t}`);
  const keys = Object.keys(o);
  /** @param {string[]} allowed */
  const only = (allowed) => keys.every((k) => k === 'v' || k === 't' || k === 'n' || allowed.includes(k));
  switch (o.t) {
    case 'hello':
      if (!only(['id', 'rec', 'name', 'seats'])) return bad('malformed', 'unknown fields');
      if (!isText(o.id, 32) || !/^[A-Za-z0-9_-]{8,32}$/.test(o.id)) return bad('malformed', 'no game id');
      if (!isText(o.rec, MAX_RECORD) || o.rec.length === 0) return bad('malformed', 'no record');
      if (!isText(o.name, 40)) return bad('malformed', 'no name');
      if (!Array.isArray(o.seats) || o.seats.length === 0 || o.seats.length > 6 || !o.seats.every((s) => isInt(s, 1, 6))) return bad('malformed', 'no seats');
      break;
    case 'move':
      if (!only(['ply', 'seat', 'from', 'to'])) return bad('malformed', 'unknown fields');
      if (!isInt(o.ply, 0, 1e6) || !isInt(o.seat, 1, 6) || !isInt(o.from, 0, 4095) || !isInt(o.to, 0, 4095)) return bad('malformed', 'a bad move');
      break;
    case 'sync':
      if (!only(['rec', 'back'])) return bad('malformed', 'unknown fields');
      if (!isText(o.rec, MAX_RECORD) || o.rec.length === 0) return bad('malformed', 'no record');
      if (o.back !== undefined && typeof o.back !== 'boolean') return bad('malformed', 'a bad flag');
      break;
    case 'undo':
    case 'undo-ok':
    case 'undo-no':
      if (!only(['ply']) || !isInt(o.ply, 0, 1e6)) return bad('malformed', 'a bad ply');
      break;
    case 'resign':
      if (!only(['seat']) || !isInt(o.seat, 1, 6)) return bad('malformed', 'a bad seat');
      break;
    case 'abort':
      if (!only([])) return bad('malformed', 'unknown fields');
      break;
    case 'names':
      if (!only(['names']) || !Array.isArray(o.names) || o.names.length < 2 || o.names.length > 6 || !o.names.every((x) => isText(x, 40))) return bad('malformed', 'bad names');
      break;
    case 'error':
      if (!only(['code', 'detail']) || !isText(o.code, 20) || !ERROR_CODES.includes(o.code) || !isText(o.detail, 200)) return bad('malformed', 'a bad error');
      break;
  }
  return { ok: true, msg: /** @type {Message} */ (/** @type {unknown} */ (o)) };
}

/**
 * The sequence numbers of one connection: what is sent is numbered, what arrives must be
 * numbered above everything seen before (a repeated or older number is a replay).
 */
export function createSequence() {
  let sent = 0;
  let seen = 0;
  return {
    /**
     * A message to send, numbered.
     * @template {Record<string, unknown> & {t: string}} M
     * @param {M} body
     * @returns {string}
     */
    out(body) {
      sent++;
      return JSON.stringify({ v: PROTOCOL, ...body, n: sent });
    },
    /**
     * Whether an arriving number is new (then it is remembered).
     * @param {number} n
     */
    fresh(n) {
      if (n <= seen) return false;
      seen = n;
      return true;
    },
  };
}

/**
 * Whether a move message fits the game as this device has it: the ply is the next one, the
 * seat is to move, and the sender plays that seat. The move itself is the engine's to judge.
 * @param {MoveMsg} msg
 * @param {{plies: number, turn: number, over: boolean, peerSeats: readonly number[]}} game
 * @returns {null | {code: ErrorCode, detail: string}}
 */
export function checkMove(msg, game) {
  if (game.over) return { code: 'out-of-turn', detail: 'the game is over' };
  if (msg.ply < game.plies) return { code: 'stale', detail: `ply ${msg.ply} was played (${game.plies} plies here)` };
  if (msg.ply > game.plies) return { code: 'out-of-turn', detail: `ply ${msg.ply} is ahead (${game.plies} plies here)` };
  if (!game.peerSeats.includes(msg.seat)) return { code: 'out-of-turn', detail: `seat ${msg.seat} is not played there` };
  if (msg.seat !== game.turn) return { code: 'out-of-turn', detail: `seat ${game.turn} is to move, not ${msg.seat}` };
  return null;
}

/**
 * The moves of a game record (after its first line, the variant or start position).
 * @param {string} rec
 */
export function recordMoves(rec) {
  const lines = rec.split('\n');
  return {
    start: (lines[0] ?? '').trim(),
    moves: lines
      .slice(1)
      .join(' ')
      .split(/\s+/)
      .filter((m) => m !== ''),
  };
}

/**
 * Which of two records of the same game to keep when two devices meet again: the longer
 * (its validity is the engine's to check first); at equal length the host's. `same` when
 * they agree; null when they are not the same game (another start).
 * @param {string} mine
 * @param {string} theirs
 * @param {boolean} theyHost whether the other side hosts the game
 * @returns {'same' | 'mine' | 'theirs' | null}
 */
export function pickRecord(mine, theirs, theyHost) {
  const a = recordMoves(mine);
  const b = recordMoves(theirs);
  if (a.start !== b.start) return null;
  if (a.moves.length === b.moves.length && a.moves.every((m, i) => m === b.moves[i])) return 'same';
  if (a.moves.length !== b.moves.length) return b.moves.length > a.moves.length ? 'theirs' : 'mine';
  return theyHost ? 'theirs' : 'mine';
}

/**
 * Whether `shorter` is `longer` with moves taken off its end (an agreed undo, a refused move):
 * the only kind of `back` sync a device follows.
 * @param {string} shorter
 * @param {string} longer
 */
export function isPrefix(shorter, longer) {
  const a = recordMoves(shorter);
  const b = recordMoves(longer);
  return a.start === b.start && a.moves.length <= b.moves.length && a.moves.every((m, i) => m === b.moves[i]);
}
