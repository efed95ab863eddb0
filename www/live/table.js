// One live game on this device: its connections (the host has one per guest device and
// relays between them; a guest has one, to the host), the messages (protocol.js) and what
// they do to the game. Every device plays every move through its own engine: a move from a
// peer goes through the inbox (controller.js) to the session like a computer's, a move made
// here goes to the peers. What arrives is checked (protocol.js, then the game, then the
// engine); what is refused gets an `error` back and changes nothing, and the two sides
// compare records (`sync`): the longer valid one is kept. Undo needs the consent of every
// other device; a resignation ends the game on all of them. No DOM: the page's side is
// `hooks` (index.js, ui.js).

import { makeOffer, makeAnswer } from './connection.js';
import { createSequence, parseMessage, pickRecord, isPrefix, recordMoves } from './protocol.js';
import { createInbox } from './controller.js';

/** @typedef {import('./store.js').LiveMeta} LiveMeta */
/** @typedef {import('./codec.js').Invite} Invite */
/** @typedef {import('./codec.js').Reply} Reply */
/** @typedef {import('./codec.js').CompactSdp} CompactSdp */
/** @typedef {import('./connection.js').Connection} Connection */
/** @typedef {import('./protocol.js').Message} Message */
/** @typedef {import('./protocol.js').ErrorCode} ErrorCode */
/** @typedef {import('./controller.js').Inbox} Inbox */

/**
 * A device at the other end of a connection. `key`: the guest's seat (on the host), 0 (the
 * host, on a guest).
 * @typedef {object} Peer
 * @property {number} key
 * @property {Connection} conn
 * @property {ReturnType<typeof createSequence>} seq
 * @property {number[]} seats the seats its device plays
 * @property {boolean} ready its hello has arrived
 */

/**
 * What the table needs from the page.
 * @typedef {object} TableHooks
 * @property {() => any} game the engine Game open (this live game's)
 * @property {(record: string) => boolean} valid whether a record replays in this engine, of
 *   this game's variant and start
 * @property {(record: string) => void} adopt replaces the game by a record (the seats stay)
 * @property {() => void} saveMeta the meta changed (names, mail)
 * @property {(kind: 'resign' | 'aborted', seat: number) => void} end another device ended the
 *   game (a seat there resigned, or it aborted): it ends here too
 * @property {() => RTCIceServer[]} servers the ICE servers to use
 * @property {() => void} changed connections, names or questions changed: redraw
 * @property {(key: string, params?: Record<string, string | number>) => void} note a
 *   message for the player (translation key)
 * @property {(who: string, ply: number) => Promise<boolean>} askUndo another device asks to go
 *   back to `ply` plies: the player's answer
 * @property {(seat: number) => string} name a seat's player for messages ("Bo (blue)")
 */

/**
 * @typedef {object} Table
 * @property {LiveMeta} meta
 * @property {Inbox} inbox
 * @property {(key: number) => Promise<CompactSdp>} offer a new connection to the device of
 *   `key` (host: a guest's seat; guest: 0): the offer for an invite
 * @property {(invite: Invite, peerKey: number) => Promise<CompactSdp>} answer takes an
 *   invite: the answer for the reply
 * @property {(reply: Reply) => Promise<void>} reply takes the reply to an offer of ours
 * @property {(key: number) => 'open' | 'waiting' | 'connecting' | 'failed' | 'none'} status
 * @property {() => number[]} keys the devices this one connects to (host: the guest seats; guest: [0])
 * @property {() => boolean} connected every device is connected
 * @property {(plies: import('../session.js').Ply[]) => void} played the session played plies
 * @property {() => boolean} askUndo asks the others to take back this device's last move
 *   (false: nothing to take back, or nobody connected)
 * @property {() => number | null} undoAsked the ply asked to go back to, while waiting
 * @property {(kind: 'resign' | 'aborted', seat: number) => void} ended the game was ended here
 *   (a seat here resigned, or it was aborted): the others are told
 * @property {() => void} dispose closes every connection
 * @property {(key: number, text: string) => void} [inject] for tests in Node only
 */

/**
 * The moves of a record cut to `ply` plies, as a record.
 * @param {string} rec
 * @param {number} ply
 */
export function cutRecord(rec, ply) {
  const { start, moves } = recordMoves(rec);
  return `${start}\n${moves.slice(0, ply).join(' ')}\n`;
}

/**
 * @param {LiveMeta} meta
 * @param {TableHooks} hooks
 * @returns {Table}
 */
export function createTable(meta, hooks) {
  const host = meta.role === 'host';
  /** @type {Map<number, Peer>} */
  const peers = new Map();
  /** Connections made and not yet open, by key. @type {Map<number, Connection>} */
  const pending = new Map();
  /** Keys whose last connection failed to open. @type {Set<number>} */
  const failed = new Set();
  let disposed = false;

  /** A guest: my own request to go back, while waiting. @type {number | null} */
  let asked = null;
  /** A `back` sync to this many plies is expected (an undo agreed). @type {number | null} */
  let allowBack = null;
  /** After a refused move of ours, a `back` sync that drops it is expected. */
  let refusedOurs = false;
  /**
   * The host: an undo being agreed: the ply, who asked ('me' or a guest's key), who has yet
   * to agree.
   * @type {{ply: number, asker: number | 'me', waiting: Set<number | 'me'>} | null}
   */
  let vote = null;

  const game = () => hooks.game();
  const plies = () => /** @type {number} */ (game().history().length);

  const inbox = createInbox({
    plies,
    turn: () => game().turn(),
    over: () => game().isOver(),
    legal(from, to) {
      try {
        return Array.from(/** @type {Uint16Array} */ (game().destinations(from))).includes(to);
      } catch {
        return false;
      }
    },
  });

  /** The seats played on the device of `key`. @param {number} key */
  function seatsOf(key) {
    if (host) return [key];
    return meta.seats.map((_, i) => i + 1).filter((s) => !meta.mine.includes(s));
  }

  /** The seat of the player at the device of `key` (a guest's; the host's). @param {number} key */
  function seatOfKey(key) {
    return host ? key : meta.seats.findIndex((s) => s.kind === 'h') + 1;
  }

  /** @param {number} key */
  function nameOf(key) {
    return hooks.name(seatOfKey(key));
  }

  /** @param {Peer} p @param {Record<string, unknown> & {t: string}} body */
  function send(p, body) {
    p.conn.send(p.seq.out(body));
  }

  /** @param {Record<string, unknown> & {t: string}} body @param {Peer | null} [except] */
  function broadcast(body, except = null) {
    for (const p of peers.values()) if (p !== except && p.ready) send(p, body);
  }

  /**
   * Refuses a message: an error back to its sender, and this device's record so the two can
   * agree again. Nothing here changes.
   * @param {Peer} p @param {ErrorCode} code @param {string} detail
   * @param {{sync?: boolean, back?: boolean}} [opts]
   */
  function refuse(p, code, detail, opts = {}) {
    send(p, { t: 'error', code, detail: detail.slice(0, 200) });
    if (opts.sync !== false) send(p, opts.back ? { t: 'sync', rec: game().record(), back: true } : { t: 'sync', rec: game().record() });
    hooks.note('live.refused', { name: nameOf(p.key), code });
  }

  /**
   * Takes a record over (it replays here: checked by the caller) and tells the other guests.
   * @param {string} rec @param {Peer | null} from
   */
  function adopt(rec, from) {
    inbox.clear();
    hooks.adopt(rec);
    if (host) broadcast({ t: 'sync', rec: game().record() }, from);
    inbox.advanced();
  }

  /** The other side's record, when it meets ours. @param {Peer} p @param {string} rec */
  function meet(p, rec) {
    const pick = pickRecord(game().record(), rec, !host);
    if (pick === null || !hooks.valid(rec)) {
      refuse(p, 'game', 'another game', { sync: false });
      return;
    }
    if (pick === 'theirs') adopt(rec, p);
  }

  /** @param {number} key @param {Connection} conn */
  function opened(key, conn) {
    pending.delete(key);
    failed.delete(key);
    const old = peers.get(key);
    if (old && old.conn !== conn) {
      // Replaced by the new connection: its closing is no loss.
      peers.delete(key);
      old.conn.close();
    }
    /** @type {Peer} */
    const p = { key, conn, seq: createSequence(), seats: seatsOf(key), ready: false };
    peers.set(key, p);
    send(p, { t: 'hello', id: meta.id, rec: game().record(), name: meta.seats[meta.mine[0] - 1]?.name ?? '', seats: [...meta.mine] });
    hooks.changed();
  }

  /** @param {number} key @param {Connection} conn @param {'closed' | 'failed' | 'timeout'} why */
  function closed(key, conn, why) {
    if (pending.get(key) === conn) {
      pending.delete(key);
      failed.add(key);
      if (!disposed) hooks.note(why === 'timeout' || why === 'failed' ? 'live.noRoute' : 'live.lost', { name: nameOf(key) });
    }
    const p = peers.get(key);
    if (p && p.conn === conn) {
      peers.delete(key);
      if (vote && (vote.asker === key || vote.waiting.has(key))) endVote(false);
      if (!host) asked = null;
      if (!disposed) hooks.note('live.lost', { name: nameOf(key) });
    }
    if (!disposed) hooks.changed();
  }

  /** @param {number} key */
  function events(key) {
    /** @type {Connection | null} */
    let me = null;
    const self = {
      /** @param {Connection} c */
      set(c) {
        me = c;
      },
      on: {
        open: () => me && opened(key, me),
        /** @param {string} text */
        message: (text) => {
          const p = peers.get(key);
          if (p && p.conn === me) receive(p, text);
        },
        /** @param {'closed' | 'failed' | 'timeout'} why */
        closed: (why) => me && closed(key, me, why),
      },
    };
    return self;
  }

  /** @param {Peer} p @param {string} text */
  function receive(p, text) {
    const r = parseMessage(text);
    if (!r.ok) {
      refuse(p, r.code, r.detail, { sync: false });
      return;
    }
    const m = r.msg;
    if (!p.seq.fresh(m.n)) {
      refuse(p, 'replayed', `message ${m.n} came again`, { sync: false });
      return;
    }
    if (m.t !== 'hello' && m.t !== 'error' && !p.ready) {
      refuse(p, 'out-of-turn', 'no hello yet', { sync: false });
      return;
    }
    switch (m.t) {
      case 'hello': {
        if (m.id !== meta.id) {
          refuse(p, 'game', 'another live game', { sync: false });
          p.conn.close();
          return;
        }
        if (host && (m.seats.length !== 1 || m.seats[0] !== p.key)) {
          refuse(p, 'game', 'not the seat invited', { sync: false });
          p.conn.close();
          return;
        }
        p.ready = true;
        const seat = seatOfKey(p.key);
        if (m.name && meta.seats[seat - 1] && meta.seats[seat - 1].name !== m.name) {
          meta.seats[seat - 1].name = m.name;
          hooks.saveMeta();
        }
        // Every guest learns every player's name (one joined).
        if (host) broadcast({ t: 'names', names: meta.seats.map((s) => s.name) });
        meet(p, m.rec);
        hooks.changed();
        return;
      }
      case 'names': {
        if (host || m.names.length !== meta.seats.length) {
          refuse(p, 'game', 'names from a guest', { sync: false });
          return;
        }
        let changed = false;
        m.names.forEach((n, i) => {
          // A guest's own name is its own to give.
          if (!meta.mine.includes(i + 1) && meta.seats[i].name !== n) {
            meta.seats[i].name = n;
            changed = true;
          }
        });
        if (changed) hooks.saveMeta();
        hooks.changed();
        return;
      }
      case 'move':
        inbox.arrive({
          msg: m,
          seats: p.seats,
          refuse: (code, detail) => {
            // A move this engine refuses is dropped on the other side too (it gets our
            // record back to go back to); a move out of turn or stale just gets our record.
            refuse(p, code, detail, { back: code === 'refused' });
          },
        });
        return;
      case 'sync': {
        if (!hooks.valid(m.rec) || pickRecord(game().record(), m.rec, !host) === null) {
          refuse(p, 'game', 'a record of another game', { sync: false });
          return;
        }
        if (m.back) {
          const n = recordMoves(m.rec).moves.length;
          const mine = game().record();
          const dropped = n < plies() ? game().history()[n] : null;
          const ok = isPrefix(m.rec, mine) && (allowBack === n || (refusedOurs && dropped && meta.mine.includes(dropped.seat)));
          if (!ok) {
            refuse(p, 'not-asked', 'nobody agreed to go back', { sync: false });
            return;
          }
          allowBack = null;
          refusedOurs = false;
          if (n < plies()) adopt(m.rec, p);
          return;
        }
        meet(p, m.rec);
        return;
      }
      case 'undo':
        onUndo(p, m.ply);
        return;
      case 'undo-ok':
      case 'undo-no':
        onUndoAnswer(p, m.ply, m.t === 'undo-ok');
        return;
      case 'resign':
        if (!p.seats.includes(m.seat) || meta.seats[m.seat - 1]?.kind === 'c' || game().isOver()) {
          refuse(p, 'out-of-turn', `seat ${m.seat} cannot resign from there`, { sync: false });
          return;
        }
        hooks.end('resign', m.seat);
        if (host) broadcast({ t: 'resign', seat: m.seat }, p);
        return;
      case 'abort':
        if (game().isOver()) {
          refuse(p, 'out-of-turn', 'the game is over', { sync: false });
          return;
        }
        hooks.end('aborted', 0);
        if (host) broadcast({ t: 'abort' }, p);
        return;
      case 'error':
        if (m.code === 'refused') refusedOurs = true;
        hooks.note('live.theyRefused', { name: nameOf(p.key), code: m.code });
        return;
    }
  }

  /** Whether `ply` is a ply to go back to: played, and by one of `seats`. @param {number} ply @param {readonly number[]} seats */
  function undoable(ply, seats) {
    const h = game().history();
    return ply >= 0 && ply < h.length && seats.includes(h[ply].seat) && !game().isOver();
  }

  /** @param {Peer} p @param {number} ply */
  async function onUndo(p, ply) {
    if (host) {
      if (vote || !undoable(ply, p.seats)) {
        send(p, { t: 'undo-no', ply });
        return;
      }
      const waiting = new Set(/** @type {(number | 'me')[]} */ (['me']));
      for (const q of peers.values()) if (q !== p && q.ready) waiting.add(q.key);
      vote = { ply, asker: p.key, waiting };
      for (const q of peers.values()) if (q !== p && q.ready) send(q, { t: 'undo', ply });
      hooks.changed();
      const yes = await hooks.askUndo(nameOf(p.key), ply);
      answerVote('me', ply, yes);
      return;
    }
    if (asked !== null || ply >= plies() || ply < 0) {
      send(p, { t: 'undo-no', ply });
      return;
    }
    const yes = await hooks.askUndo(nameOf(p.key), ply);
    if (!peers.has(p.key) || peers.get(p.key) !== p) return;
    if (yes) allowBack = ply;
    send(p, { t: yes ? 'undo-ok' : 'undo-no', ply });
  }

  /** @param {Peer} p @param {number} ply @param {boolean} yes */
  function onUndoAnswer(p, ply, yes) {
    if (host) {
      if (!vote || vote.ply !== ply || !vote.waiting.has(p.key)) {
        refuse(p, 'not-asked', 'no undo asked', { sync: false });
        return;
      }
      answerVote(p.key, ply, yes);
      return;
    }
    if (asked !== ply) {
      refuse(p, 'not-asked', 'no undo asked', { sync: false });
      return;
    }
    asked = null;
    if (yes) allowBack = ply;
    else hooks.note('live.undoRefused', { name: nameOf(p.key) });
    hooks.changed();
  }

  /** The host: one device's answer to the undo being agreed. @param {number | 'me'} who @param {number} ply @param {boolean} yes */
  function answerVote(who, ply, yes) {
    if (!vote || vote.ply !== ply || !vote.waiting.has(who)) return;
    vote.waiting.delete(who);
    if (!yes) endVote(false);
    else if (vote.waiting.size === 0) endVote(true);
  }

  /** @param {boolean} agreed */
  function endVote(agreed) {
    const v = vote;
    if (!v) return;
    vote = null;
    const asker = typeof v.asker === 'number' ? peers.get(v.asker) : null;
    if (asker) send(asker, { t: agreed ? 'undo-ok' : 'undo-no', ply: v.ply });
    if (agreed && v.ply < plies()) {
      adopt(cutRecord(game().record(), v.ply), null);
      broadcast({ t: 'sync', rec: game().record(), back: true });
    } else if (!agreed && v.asker === 'me') hooks.note('live.undoRefused', { name: '' });
    hooks.changed();
  }

  /** An invitation or reply of `key` made before is given up (a new one replaces it). @param {number} key */
  function drop(key) {
    const old = pending.get(key);
    pending.delete(key);
    failed.delete(key);
    old?.close();
  }

  /** @type {Table} */
  const table = {
    meta,
    inbox,
    async offer(key) {
      drop(key);
      const ev = events(key);
      const { conn, offer } = await makeOffer(hooks.servers(), ev.on);
      ev.set(conn);
      pending.set(key, conn);
      hooks.changed();
      return offer;
    },
    async answer(invite, key) {
      drop(key);
      const ev = events(key);
      const { conn, answer } = await makeAnswer(hooks.servers(), invite.d, ev.on);
      ev.set(conn);
      pending.set(key, conn);
      hooks.changed();
      return answer;
    },
    async reply(reply) {
      const key = host ? reply.s : 0;
      if (!host && !meta.mine.includes(reply.s)) throw new Error('the reply is for another seat');
      const conn = pending.get(key);
      if (!conn || conn.state() !== 'waiting') throw new Error('no invitation of this game is waiting for that reply');
      if (host && reply.n && meta.seats[key - 1] && reply.n !== meta.seats[key - 1].name) {
        meta.seats[key - 1].name = reply.n;
        hooks.saveMeta();
      }
      await conn.answered(reply.d);
      hooks.changed();
    },
    status(key) {
      const p = peers.get(key);
      if (p) return 'open';
      const c = pending.get(key);
      if (c) return c.state() === 'connecting' ? 'connecting' : 'waiting';
      return failed.has(key) ? 'failed' : 'none';
    },
    keys() {
      return host ? meta.seats.map((s, i) => (s.kind === 'g' ? i + 1 : 0)).filter((k) => k > 0) : [0];
    },
    connected() {
      return table.keys().every((k) => peers.get(k)?.ready);
    },
    played(list) {
      const first = list[0];
      if (first && first.move) {
        const ply = plies() - list.length;
        for (const p of peers.values()) {
          if (p.ready && !p.seats.includes(first.seat)) send(p, { t: 'move', ply, seat: first.seat, from: first.move.from, to: first.move.to });
        }
      }
      inbox.advanced();
    },
    askUndo() {
      const h = game().history();
      let ply = -1;
      for (let i = h.length - 1; i >= 0; i--) {
        if (meta.mine.includes(h[i].seat)) {
          ply = i;
          break;
        }
      }
      if (ply < 0 || game().isOver()) return false;
      const ready = [...peers.values()].filter((p) => p.ready);
      if (!ready.length || vote || asked !== null) return false;
      if (host) {
        vote = { ply, asker: 'me', waiting: new Set(ready.map((p) => p.key)) };
        for (const p of ready) send(p, { t: 'undo', ply });
      } else {
        asked = ply;
        send(ready[0], { t: 'undo', ply });
      }
      hooks.changed();
      return true;
    },
    undoAsked: () => (host ? (vote && vote.asker === 'me' ? vote.ply : null) : asked),
    ended(kind, seat) {
      broadcast(kind === 'resign' ? { t: 'resign', seat } : { t: 'abort' });
    },
    dispose() {
      disposed = true;
      for (const c of pending.values()) c.close();
      for (const p of peers.values()) p.conn.close();
      pending.clear();
      peers.clear();
      inbox.clear();
    },
  };
  return table;
}
