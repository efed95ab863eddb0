// The seat controller of a player on another device (players.js's `remote` kind): the
// session asks it for the seat's move like it asks the computer, and it answers with the
// move that came over the connection, once that move has been checked against this device's
// game. Moves may arrive before the session asks (the page was on another screen, the last
// move still animating): they wait in an inbox, in order, and each is checked when it is the
// next ply. Its `consent` flag turns the page's own Undo off: in live play a move is taken
// back only when the other players agree (table.js).

import { registerController } from '../players.js';
import { checkMove } from './protocol.js';

/** @typedef {import('../players.js').MoveRequest} MoveRequest */
/** @typedef {import('../players.js').MoveAnswer} MoveAnswer */
/** @typedef {import('./protocol.js').MoveMsg} MoveMsg */
/** @typedef {import('./protocol.js').ErrorCode} ErrorCode */

/** Moves that may wait in an inbox: more from one device is flooding. */
export const INBOX_MAX = 12;

/**
 * What the inbox needs to know about the game on this device.
 * @typedef {object} InboxGame
 * @property {() => number} plies plies played
 * @property {() => number} turn the seat to move
 * @property {() => boolean} over
 * @property {(from: number, to: number) => boolean} legal whether the engine allows the move now
 */

/**
 * @typedef {object} Arrival a move from a device, with the seats that device plays
 * @property {MoveMsg} msg
 * @property {readonly number[]} seats
 * @property {(code: ErrorCode, detail: string) => void} refuse tells the sender (and resyncs)
 */

/**
 * @typedef {object} Inbox
 * @property {(a: Arrival) => void} arrive
 * @property {(req: MoveRequest) => Promise<MoveAnswer>} wait the session asks for a seat's move
 * @property {() => void} cancel the session no longer waits
 * @property {() => void} advanced the game changed (a move played, a record adopted): look again
 * @property {() => void} clear drops what waits (the game was replaced)
 */

/**
 * @param {InboxGame} game
 * @returns {Inbox}
 */
export function createInbox(game) {
  /** @type {Arrival[]} */
  let queue = [];
  /** @type {{req: MoveRequest, resolve: (a: MoveAnswer) => void} | null} */
  let waiting = null;
  /**
   * The move handed to the session and not yet played (the session paces and animates it);
   * handed again if the session asks again for the same ply (it dropped the answer).
   * @type {Arrival | null}
   */
  let handed = null;

  /**
   * Checks the moves at the head of the queue against the game as it is now: a move for the
   * next ply is judged (the seat, then the engine); a move for a later ply waits while a move
   * handed to the session is still to be played, and is out of turn otherwise.
   */
  function pump() {
    const plies = game.plies();
    if (handed && handed.msg.ply < plies) handed = null;
    if (handed) {
      if (waiting && waiting.req.ply === plies && waiting.req.seat === handed.msg.seat) give(handed);
      return;
    }
    while (queue.length) {
      const a = queue[0];
      const problem = checkMove(a.msg, { plies, turn: game.turn(), over: game.over(), peerSeats: a.seats });
      if (problem) {
        queue.shift();
        a.refuse(problem.code, problem.detail);
        continue;
      }
      if (!game.legal(a.msg.from, a.msg.to)) {
        queue.shift();
        a.refuse('refused', `${a.msg.from}-${a.msg.to} is not a legal move here`);
        continue;
      }
      // The next ply, and legal: handed over as soon as the session asks for it.
      queue.shift();
      handed = a;
      if (waiting && waiting.req.ply === plies && waiting.req.seat === a.msg.seat) give(a);
      return;
    }
  }

  /** @param {Arrival} a */
  function give(a) {
    const w = /** @type {NonNullable<typeof waiting>} */ (waiting);
    waiting = null;
    w.resolve({ from: a.msg.from, to: a.msg.to });
  }

  return {
    arrive(a) {
      if (queue.length >= INBOX_MAX) {
        a.refuse('oversized', 'too many moves at once');
        return;
      }
      queue.push(a);
      pump();
    },
    wait(req) {
      return new Promise((resolve) => {
        waiting = { req, resolve };
        pump();
      });
    },
    cancel() {
      waiting = null;
    },
    advanced() {
      pump();
    },
    clear() {
      queue = [];
      waiting = null;
      handed = null;
    },
  };
}

/** The inbox of the live game open now (null: none, the seats wait). */
/** @type {Inbox | null} */
let current = null;
let registered = false;

/**
 * Makes the `remote` kind of seat available; its controllers answer from `inbox()`.
 * @param {() => Inbox | null} inbox
 */
export function registerRemote(inbox) {
  if (registered) return;
  registered = true;
  registerController('remote', () => ({
    consent: true,
    requestMove(req) {
      current = inbox();
      // No live game open: the seat waits (a reconnection gives it one).
      return current ? current.wait(req) : new Promise(() => {});
    },
    cancel() {
      current?.cancel();
    },
  }));
}
