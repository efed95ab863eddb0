// Chess clocks for a game: the time controls the New game dialog offers (minutes plus a
// Fischer increment in seconds), one clock per seat counting down while its seat is to move,
// and the clocks as saved with a game (with the seat whose time ran out). No DOM and no
// timers: the caller says which seat to charge and when (panels/clocks.js). What running out
// of time does to the game is the engine's rule (`Game.loseOnTime`, docs/rules.md#clocks).

/**
 * A time control: the time each seat starts with and the time added after each of its
 * moves, in milliseconds.
 * @typedef {{base: number, inc: number}} TimeControl
 */

/**
 * The clocks as saved with a game: each seat's time left (ms) when it was saved, the plies
 * played then, each seat's time left after every ply (`past[k]`: after k plies; null where
 * unknown) and the seat whose time ran out (0: none).
 * @typedef {{left: number[], at: number, past: (number[] | null)[], flagged: number}} SavedClocks
 */

/** The presets of the New game dialog: minutes + increment seconds, as lichess lists them. */
export const PRESETS = /** @type {const} */ (['1+0', '3+2', '5+3', '10+5', '15+10']);

/** The bounds of a custom control: 1 to 180 minutes, 0 to 60 seconds of increment. */
export const LIMITS = { minMinutes: 1, maxMinutes: 180, maxInc: 60 };

/** Below this a clock is shown with tenths and emphasised (ms). */
export const LOW_MS = 10_000;

/**
 * The control of "M+S" (minutes + increment seconds), or null.
 * @param {string} text
 * @returns {TimeControl | null}
 */
export function parseControl(text) {
  const m = /^(\d{1,3})\+(\d{1,2})$/.exec(String(text).trim());
  if (!m) return null;
  return checkControl({ base: Number(m[1]) * 60_000, inc: Number(m[2]) * 1000 });
}

/**
 * A control from a saved setup or a form, checked: whole seconds within the limits, else
 * null (no clock).
 * @param {unknown} c
 * @returns {TimeControl | null}
 */
export function checkControl(c) {
  if (typeof c !== 'object' || c === null) return null;
  const { base, inc } = /** @type {Record<string, unknown>} */ (c);
  if (typeof base !== 'number' || typeof inc !== 'number' || !Number.isInteger(base) || !Number.isInteger(inc)) return null;
  if (base % 1000 !== 0 || inc % 1000 !== 0) return null;
  if (base < LIMITS.minMinutes * 60_000 || base > LIMITS.maxMinutes * 60_000 || inc < 0 || inc > LIMITS.maxInc * 1000) return null;
  return { base, inc };
}

/**
 * "5+3" for a control (minutes may be a fraction only for a saved one: whole seconds).
 * @param {TimeControl} c
 */
export function controlText(c) {
  const min = c.base / 60_000;
  return `${Number.isInteger(min) ? min : min.toFixed(1)}+${c.inc / 1000}`;
}

/**
 * A clock's face: "m:ss" (or "h:mm:ss"), and under ten seconds "s.t" with tenths. Rounded
 * up, so a clock shows 0 only when its time is out.
 * @param {number} ms
 */
export function formatClock(ms) {
  const left = Math.max(0, ms);
  if (left < LOW_MS) {
    const tenths = Math.min(99, Math.ceil(left / 100));
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const s = Math.ceil(left / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * @typedef {object} Clock
 * @property {TimeControl} control
 * @property {(seat: number) => void} run charges `seat` from now on (0: none; the time so
 *   far goes to the seat charged before)
 * @property {() => number} running the seat charged (0: none)
 * @property {(seat: number) => number} left its time left now (ms)
 * @property {(seat: number) => void} moved `seat` moved: its time so far is charged and the
 *   increment added
 * @property {() => number[]} times every seat's time left now
 * @property {(times: readonly number[]) => void} set sets every seat's time left
 */

/**
 * @param {TimeControl} control
 * @param {number} seats
 * @param {() => number} now a monotonic clock (ms)
 * @returns {Clock}
 */
export function createClock(control, seats, now) {
  /** @type {number[]} */
  let left = Array.from({ length: seats }, () => control.base);
  let charged = 0;
  let since = now();

  /** Charges the time since the last settle to the seat charged. */
  function settle() {
    const t = now();
    if (charged) left[charged - 1] = Math.max(0, left[charged - 1] - Math.max(0, t - since));
    since = t;
  }

  return {
    control,
    run(seat) {
      settle();
      charged = seat;
    },
    running: () => charged,
    left(seat) {
      const base = left[seat - 1] ?? 0;
      return seat === charged ? Math.max(0, base - Math.max(0, now() - since)) : base;
    },
    moved(seat) {
      settle();
      if (left[seat - 1] !== undefined && left[seat - 1] > 0) left[seat - 1] += control.inc;
    },
    times() {
      settle();
      return [...left];
    },
    set(times) {
      settle();
      left = Array.from({ length: seats }, (_, i) => clampTime(times[i], control));
    },
  };
}

/**
 * A saved time, within 0 and the most a seat could have; a broken one is the base time.
 * @param {unknown} ms
 * @param {TimeControl} control
 */
function clampTime(ms, control) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return control.base;
  return Math.min(Math.max(0, Math.round(ms)), LIMITS.maxMinutes * 60_000 * 10);
}

/**
 * Saved clocks, checked against the game they belong to; null when they do not fit (the
 * game then loads with its clocks as they were at the last ply known, or full).
 * @param {unknown} c
 * @param {number} seats
 * @param {number} plies the plies the game's record holds
 * @returns {SavedClocks | null}
 */
export function checkSavedClocks(c, seats, plies) {
  if (typeof c !== 'object' || c === null) return null;
  const o = /** @type {Record<string, unknown>} */ (c);
  const times = (/** @type {unknown} */ a) =>
    Array.isArray(a) && a.length === seats && a.every((x) => typeof x === 'number' && Number.isFinite(x) && x >= 0) ? /** @type {number[]} */ (a) : null;
  const left = times(o.left);
  if (!left || o.at !== plies) return null;
  const past = Array.isArray(o.past) && o.past.length <= plies + 1 ? o.past.map(times) : [];
  const flagged = typeof o.flagged === 'number' && Number.isInteger(o.flagged) && o.flagged >= 1 && o.flagged <= seats ? o.flagged : 0;
  return { left: [...left], at: plies, past, flagged };
}

/**
 * A game saved as lost on time is so again: the record holds the moves only, the saved
 * clocks the seat whose time ran out. A seat the engine refuses (one that has finished)
 * leaves the game as its record is.
 * @param {SavedClocks | null} saved checked by `checkSavedClocks`
 * @param {{isOver(): boolean}} game
 * @param {(seat: number) => void} lose ends the game on `seat`'s time (the engine's `loseOnTime`)
 * @returns {boolean} whether the game was ended on time
 */
export function replayTimeLoss(saved, game, lose) {
  if (!saved?.flagged || game.isOver()) return false;
  try {
    lose(saved.flagged);
    return true;
  } catch {
    return false;
  }
}
