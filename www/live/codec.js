// The signalling codec of live play: an invite (the host's WebRTC offer and the game) and a
// reply (the friend's answer) travel as links, `#live-invite=<payload>` and
// `#live-reply=<payload>`, where the payload is a small JSON object compressed with
// CompressionStream ('deflate-raw') and written in base64url (RFC 4648 §5, no padding).
// The session description inside is cut down to what a data channel needs (`compactSdp`)
// and rebuilt on the other side (`expandSdp`). Everything read from a link is checked here
// (sizes first, then shape) before anything else sees it. No DOM and no engine: unit-tested
// in Node (tests/unit/live-codec.test.mjs).

/** Version of the signal format; an unknown one is refused with a clear message. */
export const SIGNAL_VERSION = 1;
/** Longest payload read from a link or a paste (characters of base64url). */
export const MAX_PAYLOAD = 8000;
/** Longest JSON a payload may inflate to (bytes): a decompression bomb stops here. */
export const MAX_INFLATED = 32 * 1024;
/** Longest game link (`1~variant~moves`) an invite may carry. */
export const MAX_GAME_LINK = 6000;
/** Longest name of a player. */
export const MAX_NAME = 40;
/** At most this many ICE candidates are kept from one description. */
export const MAX_CANDIDATES = 16;

/** The fragment prefixes of the two links. */
export const PREFIX = /** @type {const} */ ({ invite: 'live-invite=', reply: 'live-reply=' });

/** A problem with a link or paste, in words for the player. */
export class SignalError extends Error {
  /** @param {string} code machine-readable: `size`, `encoding`, `version`, `shape`, `kind` @param {string} message */
  constructor(code, message) {
    super(message);
    this.name = 'SignalError';
    this.code = code;
  }
}

// ------------------------------------------------------------------ base64url

/** @param {Uint8Array} bytes */
export function toBase64Url(bytes) {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** @param {string} text base64url without padding (padding and standard base64 are refused) */
export function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new SignalError('encoding', 'the link is damaged (not base64url)');
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

// ------------------------------------------------------------------ compression

/**
 * Reads a stream to its end, refusing more than `limit` bytes.
 * @param {ReadableStream<Uint8Array>} stream
 * @param {number} limit
 */
async function readAll(stream, limit) {
  const reader = stream.getReader();
  /** @type {Uint8Array[]} */
  const parts = [];
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    n += value.length;
    if (n > limit) {
      await reader.cancel().catch(() => {});
      throw new SignalError('size', 'the link holds too much');
    }
    parts.push(value);
  }
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** @param {Uint8Array} bytes @param {CompressionStream | DecompressionStream} transform */
function through(bytes, transform) {
  const input = new ReadableStream({
    start(c) {
      c.enqueue(bytes);
      c.close();
    },
  });
  return input.pipeThrough(/** @type {ReadableWritablePair<Uint8Array, Uint8Array>} */ (/** @type {unknown} */ (transform)));
}

/** @param {string} text */
export async function deflate(text) {
  return readAll(through(new TextEncoder().encode(text), new CompressionStream('deflate-raw')), Infinity);
}

/** @param {Uint8Array} bytes @param {number} [limit] */
export async function inflate(bytes, limit = MAX_INFLATED) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await readAll(through(bytes, new DecompressionStream('deflate-raw')), limit));
  } catch (e) {
    if (e instanceof SignalError) throw e;
    throw new SignalError('encoding', 'the link is damaged (it does not unpack)');
  }
}

/**
 * A JSON-able object as a payload: JSON, deflate-raw, base64url.
 * @param {unknown} obj
 */
export async function encodePayload(obj) {
  return toBase64Url(await deflate(JSON.stringify(obj)));
}

/**
 * A payload back to an object (not yet checked for shape).
 * @param {string} payload
 * @returns {Promise<unknown>}
 */
export async function decodePayload(payload) {
  if (payload.length > MAX_PAYLOAD) throw new SignalError('size', `the link is too long (${payload.length} characters)`);
  const text = await inflate(fromBase64Url(payload));
  try {
    return JSON.parse(text);
  } catch {
    throw new SignalError('encoding', 'the link is damaged (not JSON)');
  }
}

// ------------------------------------------------------------------ session descriptions

/**
 * The parts of a data-channel session description the other side needs.
 * @typedef {object} CompactSdp
 * @property {string} u ICE user fragment
 * @property {string} p ICE password
 * @property {string} f the DTLS fingerprint: hash name, a space, the digest in base64url
 * @property {'actpass' | 'active' | 'passive'} s the DTLS role
 * @property {string[]} c candidates, each the text after `a=candidate:` without the optional
 *   extensions (`generation`, `network-id`, `network-cost`, `ufrag`), the foundation
 *   shortened to the candidate's number (a foundation only has to tell candidates apart)
 * @property {number} [m] the peer's largest message (bytes), when it says one other than
 *   the 64 KiB a description without it means
 */

const ICE_CHAR = /^[A-Za-z0-9+/]+$/;
const HASHES = ['sha-1', 'sha-224', 'sha-256', 'sha-384', 'sha-512'];
const CANDIDATE_RE = /^[A-Za-z0-9+/]{1,32} \d{1,3} (?:udp|tcp|UDP|TCP) \d{1,10} [A-Za-z0-9.:\-[\]]{1,80} \d{1,5} typ (?:host|srflx|prflx|relay)(?: (?:raddr|rport|tcptype) [A-Za-z0-9.:\-[\]]{1,80})*$/;

/**
 * Cuts a session description down to `CompactSdp` (throws when something it needs is missing).
 * @param {string} sdp
 * @returns {CompactSdp}
 */
export function compactSdp(sdp) {
  /** @type {Partial<CompactSdp>} */
  const out = { c: [] };
  for (const raw of sdp.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('a=ice-ufrag:')) out.u ??= line.slice(12);
    else if (line.startsWith('a=ice-pwd:')) out.p ??= line.slice(10);
    else if (line.startsWith('a=fingerprint:') && !out.f) {
      const [hash, hex] = line.slice(14).split(' ');
      const bytes = (hex ?? '').split(':').map((x) => parseInt(x, 16));
      if (bytes.every((b) => b >= 0 && b < 256)) out.f = `${hash.toLowerCase()} ${toBase64Url(Uint8Array.from(bytes))}`;
    } else if (line.startsWith('a=setup:')) out.s ??= /** @type {CompactSdp['s']} */ (line.slice(8));
    else if (line.startsWith('a=max-message-size:')) {
      const m = Number(line.slice(19));
      if (m !== 65536) out.m ??= m;
    } else if (line.startsWith('a=candidate:')) {
      // The extensions are optional: the other side does without them.
      const parts = line.slice(12).replace(/ (?:generation|network-id|network-cost|ufrag) \S+/g, '').split(' ');
      const list = /** @type {string[]} */ (out.c);
      parts[0] = String(list.length + 1);
      if (list.length < MAX_CANDIDATES) list.push(parts.join(' '));
    }
  }
  const r = checkCompactSdp(out);
  if (typeof r === 'string') throw new Error(`the session description cannot be sent: ${r}`);
  return r;
}

/**
 * Checks a `CompactSdp` read from a link.
 * @param {unknown} d
 * @returns {CompactSdp | string} it, or what is wrong
 */
export function checkCompactSdp(d) {
  if (!isObject(d)) return 'no connection details';
  const { u, p, f, s, c, m } = d;
  if (typeof u !== 'string' || u.length < 4 || u.length > 256 || !ICE_CHAR.test(u)) return 'a bad ICE user fragment';
  if (typeof p !== 'string' || p.length < 22 || p.length > 256 || !ICE_CHAR.test(p)) return 'a bad ICE password';
  if (typeof f !== 'string') return 'no fingerprint';
  const [hash, digest, more] = f.split(' ');
  if (more !== undefined || !HASHES.includes(hash) || !/^[A-Za-z0-9_-]{27,86}$/.test(digest ?? '') || digest.length % 4 === 1) return 'a bad fingerprint';
  if (s !== 'actpass' && s !== 'active' && s !== 'passive') return 'a bad DTLS role';
  if (!Array.isArray(c) || c.length > MAX_CANDIDATES || !c.every((x) => typeof x === 'string' && CANDIDATE_RE.test(x))) return 'bad candidates';
  /** @type {CompactSdp} */
  const out = { u, p, f, s, c: [...c] };
  if (m !== undefined) {
    if (typeof m !== 'number' || !Number.isInteger(m) || m < 1024 || m > 2 ** 30) return 'a bad message size';
    out.m = m;
  }
  return out;
}

/**
 * Rebuilds a session description from its compact form (a data channel on SCTP over DTLS,
 * media section `0`, as every browser offers it).
 * @param {CompactSdp} d
 * @param {string} [sessionId] the `o=` line's session id (digits)
 */
export function expandSdp(d, sessionId = '1') {
  const [hash, digest] = d.f.split(' ');
  const fp = [...fromBase64Url(digest)].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
  const lines = [
    'v=0',
    `o=- ${sessionId} 2 IN IP4 127.0.0.1`,
    's=-',
    't=0 0',
    'a=group:BUNDLE 0',
    'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
    'c=IN IP4 0.0.0.0',
    ...d.c.map((c) => `a=candidate:${c}`),
    `a=ice-ufrag:${d.u}`,
    `a=ice-pwd:${d.p}`,
    `a=fingerprint:${hash} ${fp}`,
    `a=setup:${d.s}`,
    'a=mid:0',
    'a=sctp-port:5000',
  ];
  if (d.m) lines.push(`a=max-message-size:${d.m}`);
  return `${lines.join('\r\n')}\r\n`;
}

// ------------------------------------------------------------------ invites and replies

/**
 * Who plays a seat, as an invite tells it: `h` the host's device, `g` a guest's device,
 * `c` the computer (on the host).
 * @typedef {'h' | 'g' | 'c'} SeatKind
 */

/**
 * @typedef {object} Invite
 * @property {'i'} k
 * @property {string} id the live game's id (the same for every invite of one game)
 * @property {string} g the game as the engine's share link (`1~variant~moves`)
 * @property {string} n the sender's name ('' when none)
 * @property {number} s the seat offered to the friend (1-based)
 * @property {[string, SeatKind][]} p every seat: its player's name and kind
 * @property {'h' | 'g'} r the sender's role: the host, or a guest making a new invite after a
 *   dropped connection
 * @property {string[]} [ice] STUN servers the sender uses (`stun:` URLs only, never a
 *   password): the friend's browser asks them too
 * @property {CompactSdp} d the offer
 */

/**
 * @typedef {object} Reply
 * @property {'r'} k
 * @property {string} id
 * @property {number} s the seat the reply is for
 * @property {string} n the friend's name ('' when none)
 * @property {CompactSdp} d the answer
 */

const ID_RE = /^[A-Za-z0-9_-]{8,32}$/;
const STUN_RE = /^stuns?:[A-Za-z0-9.\-[\]:]{1,200}$/;

/**
 * @param {unknown} v
 * @returns {v is Record<string, unknown>}
 */
function isObject(v) {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** @param {unknown} n */
function checkName(n) {
  // No control characters: a name is shown as text, but it should also read as one line.
  // eslint-disable-next-line no-control-regex
  return typeof n === 'string' && n.length <= MAX_NAME && !/[\u0000-\u001f\u007f]/.test(n);
}

/** @param {unknown} s @param {number} seats */
function checkSeat(s, seats) {
  return typeof s === 'number' && Number.isInteger(s) && s >= 1 && s <= seats;
}

/**
 * Checks the version, then the kind, then the fields.
 * @param {unknown} o
 * @param {'i' | 'r'} kind
 */
function checkHead(o, kind) {
  if (!isObject(o)) throw new SignalError('shape', 'the link holds no invitation');
  if (o.v !== SIGNAL_VERSION) {
    throw new SignalError('version', typeof o.v === 'number' && o.v > SIGNAL_VERSION ? 'the link was made by a newer version of the game: reload this page' : 'the link is of an unknown format');
  }
  if (o.k !== kind) throw new SignalError('kind', kind === 'i' ? 'this is a reply, not an invitation' : 'this is an invitation, not a reply');
  if (typeof o.id !== 'string' || !ID_RE.test(o.id)) throw new SignalError('shape', 'the link has no game id');
  return o;
}

/** @param {Record<string, unknown>} o */
function checkSdpField(o) {
  const d = checkCompactSdp(o.d);
  if (typeof d === 'string') throw new SignalError('shape', `the link is damaged (${d})`);
  return d;
}

/**
 * Checks an object read from an invite link (the game link itself is the engine's to check).
 * @param {unknown} obj
 * @returns {Invite}
 */
export function checkInvite(obj) {
  const o = checkHead(obj, 'i');
  if (typeof o.g !== 'string' || o.g.length > MAX_GAME_LINK || !/^\d+~[^\s~]+~[A-Za-z0-9_~-]*$/.test(o.g)) throw new SignalError('shape', 'the link holds no game');
  if (!checkName(o.n)) throw new SignalError('shape', 'the name in the link is not a name');
  if (!Array.isArray(o.p) || o.p.length < 2 || o.p.length > 6) throw new SignalError('shape', 'the link holds no seats');
  /** @type {[string, SeatKind][]} */
  const seats = [];
  for (const x of o.p) {
    if (!Array.isArray(x) || x.length !== 2 || !checkName(x[0]) || !['h', 'g', 'c'].includes(x[1])) throw new SignalError('shape', 'a seat in the link is broken');
    seats.push([x[0], x[1]]);
  }
  if (!checkSeat(o.s, seats.length) || seats[/** @type {number} */ (o.s) - 1][1] !== 'g') throw new SignalError('shape', 'the seat offered is not a guest seat');
  if (seats.filter((x) => x[1] === 'h').length !== 1) throw new SignalError('shape', 'the link does not say who hosts');
  if (o.r !== 'h' && o.r !== 'g') throw new SignalError('shape', 'the link does not say who sent it');
  /** @type {Invite} */
  const out = { k: 'i', id: /** @type {string} */ (o.id), g: o.g, n: /** @type {string} */ (o.n), s: /** @type {number} */ (o.s), p: seats, r: o.r, d: checkSdpField(o) };
  if (o.ice !== undefined) {
    if (!Array.isArray(o.ice) || o.ice.length > 4 || !o.ice.every((u) => typeof u === 'string' && STUN_RE.test(u))) throw new SignalError('shape', 'the STUN servers in the link are not STUN servers');
    out.ice = /** @type {string[]} */ ([...o.ice]);
  }
  return out;
}

/**
 * Checks an object read from a reply link.
 * @param {unknown} obj
 * @returns {Reply}
 */
export function checkReply(obj) {
  const o = checkHead(obj, 'r');
  if (!checkSeat(o.s, 6)) throw new SignalError('shape', 'the reply names no seat');
  if (!checkName(o.n)) throw new SignalError('shape', 'the name in the reply is not a name');
  return { k: 'r', id: /** @type {string} */ (o.id), s: /** @type {number} */ (o.s), n: /** @type {string} */ (o.n), d: checkSdpField(o) };
}

/**
 * An invite or reply as its payload.
 * @param {Invite | Reply} signal
 */
export function encodeSignal(signal) {
  return encodePayload({ v: SIGNAL_VERSION, ...signal });
}

/**
 * An invite's payload read back and checked.
 * @param {string} payload
 */
export async function decodeInvite(payload) {
  return checkInvite(await decodePayload(payload));
}

/** @param {string} payload */
export async function decodeReply(payload) {
  return checkReply(await decodePayload(payload));
}

/**
 * The live signal in an address's fragment, or in pasted text (a whole link, or the
 * fragment, with or without `#`): its kind and payload; null when there is none.
 * @param {string} text
 * @returns {{kind: 'invite' | 'reply', payload: string} | null}
 */
export function signalFromText(text) {
  const s = text.trim();
  for (const kind of /** @type {const} */ (['invite', 'reply'])) {
    const at = s.indexOf(PREFIX[kind]);
    if (at < 0) continue;
    // At the start of the text or of a fragment.
    if (at > 0 && s[at - 1] !== '#') continue;
    let payload = s.slice(at + PREFIX[kind].length);
    // A messenger may add a full stop or wrap the link in brackets.
    payload = payload.replace(/[^A-Za-z0-9_-].*$/s, '');
    return { kind, payload };
  }
  return null;
}

/**
 * The link to send: this page's address without query, the signal in the fragment.
 * @param {string} href
 * @param {'invite' | 'reply'} kind
 * @param {string} payload
 */
export function signalUrl(href, kind, payload) {
  const u = new URL(href);
  u.search = '';
  u.hash = `${PREFIX[kind]}${payload}`;
  return u.href;
}

/**
 * A fresh id for a live game: 96 random bits in base64url.
 * @param {(a: Uint8Array) => Uint8Array} [random]
 */
export function newLiveId(random = (a) => crypto.getRandomValues(a)) {
  return toBase64Url(random(new Uint8Array(12)));
}
