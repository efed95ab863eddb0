// Endings the players decide rather than the board: a resignation, a draw agreed by the
// people at the screen, and a game aborted before everyone has moved (as lichess). No DOM.
//
// The engine's game record holds the moves only, so the page keeps the ending beside it:
// in the saved game (`ending`, with the plies it came after, checked against the record
// when the game is loaded) and in the game's link, after a `*` (share.js;
// docs/rules.md#resigning-draws-and-aborting). A resignation is
// the engine's own rule for a seat that leaves the game (`Game.loseOnTime`: the seat loses
// with its team, the others are ranked by the standings, the game is over); the page only
// remembers that it was a resignation, not a clock, that ended it. A draw by agreement and
// an abort end the game for the page alone (the engine's game simply stops there).

/**
 * An ending the players chose, as saved with a game: the seat that resigned, a draw by
 * agreement, or an abort; `at` is the number of plies played when it happened.
 * @typedef {{kind: 'resign', seat: number, at: number} | {kind: 'agreed', at: number} |
 *   {kind: 'aborted', at: number}} Ending
 */

/**
 * A saved ending, checked against the game it belongs to (its seats and plies); null when
 * there is none or it does not fit (the game then loads as its record is).
 * @param {unknown} e
 * @param {number} seats
 * @param {number} plies the plies the game's record holds
 * @returns {Ending | null}
 */
export function checkEnding(e, seats, plies) {
  if (typeof e !== 'object' || e === null) return null;
  const o = /** @type {Record<string, unknown>} */ (e);
  if (o.at !== plies) return null;
  if (o.kind === 'agreed' || o.kind === 'aborted') return { kind: o.kind, at: plies };
  if (o.kind === 'resign' && typeof o.seat === 'number' && Number.isInteger(o.seat) && o.seat >= 1 && o.seat <= seats) {
    return { kind: 'resign', seat: o.seat, at: plies };
  }
  return null;
}

/**
 * An ending as a share link writes it after its `*` (share.js): `r<seat>`, `d`, `a`; ''
 * for none.
 * @param {Ending | null} e
 */
export function endingPart(e) {
  if (!e) return '';
  return e.kind === 'resign' ? `r${e.seat}` : e.kind === 'agreed' ? 'd' : 'a';
}

/**
 * A link's ending part read back, for the game after its link's moves (`plies`); null when
 * there is none or it does not read.
 * @param {string | null | undefined} part
 * @param {number} plies
 * @returns {Ending | null}
 */
export function endingFromPart(part, plies) {
  const m = /^(?:r([1-6])|(d)|(a))$/.exec(part ?? '');
  if (!m) return null;
  if (m[1]) return { kind: 'resign', seat: Number(m[1]), at: plies };
  return { kind: m[2] ? 'agreed' : 'aborted', at: plies };
}

/**
 * Whether every seat has made a move of its own (before that, a game can be aborted rather
 * than resigned, and a seat's clock has not started).
 * @param {readonly {seat: number, move: unknown}[]} plies the game's history
 * @param {number} seats
 */
export function everyoneMoved(plies, seats) {
  return movedSeats(plies).size >= seats;
}

/**
 * The seats that have made a move of their own (a pass is not one).
 * @param {readonly {seat: number, move: unknown}[]} plies
 * @returns {Set<number>}
 */
export function movedSeats(plies) {
  const out = new Set();
  for (const p of plies) if (p.move) out.add(p.seat);
  return out;
}

/**
 * Makes an engine game end as a saved ending says: a resignation is the engine's loss of a
 * seat (`lose`, its `loseOnTime`); an agreed draw and an abort need nothing of the engine. A
 * resignation the engine refuses (the seat has finished, the game is over) is dropped.
 * @param {Ending | null} ending checked by `checkEnding`
 * @param {{isOver(): boolean}} game
 * @param {(seat: number) => void} lose
 * @returns {Ending | null} the ending in force
 */
export function replayEnding(ending, game, lose) {
  if (!ending || game.isOver()) return null;
  if (ending.kind !== 'resign') return ending;
  try {
    lose(ending.seat);
    return ending;
  } catch {
    return null;
  }
}

/**
 * Who resigns when the Resign button is pressed: the person to move, or, while another seat
 * (the computer, a player far away) is to move, the only person at this screen still
 * playing; null when there is none or more than one could mean it.
 * @param {object} g
 * @param {number} g.turn the seat to move
 * @param {number} g.seats
 * @param {(seat: number) => boolean} g.person a person at this screen plays the seat
 * @param {(seat: number) => boolean} g.finished the seat has finished (out of play)
 * @returns {number | null}
 */
export function resigner({ turn, seats, person, finished }) {
  if (person(turn) && !finished(turn)) return turn;
  const here = [];
  for (let s = 1; s <= seats; s++) if (person(s) && !finished(s)) here.push(s);
  return here.length === 1 ? here[0] : null;
}
