// The clocks of a timed game on the page: each seat's time by its name in the standings
// (the running one highlighted, under ten seconds emphasised), charged to the seat to move
// while the game is on screen, the increment after each move, the clocks of every ply so
// that Undo and Redo bring back the times of then, the clocks saved with the game, the
// computer's share of its time, and the end of the game when a clock runs out (the rule on
// time is the engine's: `session.loseOnTime`, which the engine ranks; the game stays lost).
// As on lichess, a seat's clock starts after its first move: nobody loses on time before
// moving, and a game nobody starts can be aborted instead (panels/ending.js).
//
// The clocks stop while the first screen or a dialog covers the game, while the game is
// paused, and while the computer's answer waits to be shown (the pace of its moves is the
// page's, not its thinking). They keep running while the page is hidden: at one screen
// nobody else is waiting for a turn, but real clocks do not stop when you look away.

import { createClock, checkSavedClocks, replayTimeLoss, formatClock, LOW_MS } from '../clock.js';
import { movedSeats } from '../ending.js';
import { $ } from './dom.js';

/** @typedef {import('../session.js').Session} Session */
/** @typedef {import('../clock.js').TimeControl} TimeControl */
/** @typedef {import('../clock.js').SavedClocks} SavedClocks */

/** How often the clocks are looked at (ms). */
const TICK_MS = 100;

/**
 * @typedef {object} Clocks
 * @property {(control: TimeControl | undefined, saved: unknown) => void} load a game was
 *   opened (saved: its clocks as saved, or nothing)
 * @property {(seat: number) => void} played a move of `seat` was just played (before the sync)
 * @property {() => void} sync after every change of position
 * @property {() => SavedClocks | undefined} saved what to save with the game
 * @property {() => void} render
 * @property {(seat: number) => number | null} budget the longest the computer may think for
 *   `seat` (ms; null: untimed)
 * @property {(seat: number) => void} answered the computer's answer for `seat` arrived
 * @property {() => boolean} timed
 */

/**
 * @param {object} deps
 * @param {Session} deps.session
 * @param {() => boolean} deps.covered whether the first screen or a dialog covers the game
 * @param {() => void} deps.onTimeOut a clock ran out: the game is over (session.outcome())
 * @param {(text: string) => void} deps.announce
 * @param {() => number} [deps.now]
 * @returns {Clocks}
 */
export function createClocks({ session, covered, onTimeOut, announce, now = () => performance.now() }) {
  /** @type {import('../clock.js').Clock | null} */
  let clock = null;
  /** The clocks after each ply: `past[k]` after k plies. @type {(number[] | null)[]} */
  let past = [];
  /** The seat whose move was just played (its increment comes with the sync). */
  let mover = 0;
  /** The seat whose computer answered: its clock waits for the move to be shown. */
  let hold = 0;
  /** The plies the clocks were last synced for. */
  let at = 0;
  /** The seats told they are low on time (once each, until they get time back). */
  const warned = new Set();
  /** The seats that have made a move: only their clocks run. @type {Set<number>} */
  let started = new Set();
  let timer = 0;

  function plies() {
    return session.game().history().length;
  }

  /** The seat to charge now (0: none). */
  function due() {
    if (!clock || session.isOver() || session.paused() || covered()) return 0;
    const seat = session.game().turn();
    return seat === hold || !started.has(seat) ? 0 : seat;
  }

  function tick() {
    if (!clock) return;
    const seat = due();
    if (!seat && hold && (session.paused() || covered())) hold = 0;
    if (clock.running() !== seat) clock.run(seat);
    if (seat && clock.left(seat) <= 0) {
      timeOut(seat);
      onTimeOut();
      return;
    }
    if (seat && clock.left(seat) < LOW_MS && !warned.has(seat)) {
      warned.add(seat);
      announce(session.say('clock.low', seat));
    }
    render();
  }

  /** @param {number} seat its clock ran out: the engine ends the game */
  function timeOut(seat) {
    if (!clock) return;
    clock.run(0);
    past[at] = clock.times();
    session.loseOnTime(seat);
    render();
  }

  function stopTimer() {
    if (timer) window.clearInterval(timer);
    timer = 0;
  }

  /** @param {number[]} times */
  function restore(times) {
    clock?.set(times);
    for (const s of [...warned]) if ((clock?.left(s) ?? 0) >= LOW_MS) warned.delete(s);
  }

  function render() {
    const list = $('standings');
    for (const li of /** @type {NodeListOf<HTMLElement>} */ (list.querySelectorAll('li[data-seat]'))) {
      let el = /** @type {HTMLElement | null} */ (li.querySelector('.clock'));
      if (!clock) {
        el?.remove();
        continue;
      }
      const seat = Number(li.dataset.seat);
      if (!el) {
        el = document.createElement('span');
        el.className = 'clock';
        el.setAttribute('role', 'timer');
        li.appendChild(el);
      }
      const left = clock.left(seat);
      const text = formatClock(left);
      const running = clock.running() === seat;
      // Not started yet: the seat has not moved (its first move is free, as on lichess).
      const waiting = !started.has(seat) && !session.isOver();
      const label = session.say(waiting ? 'clock.label.waiting' : 'clock.label', seat, { time: text });
      if (el.textContent !== text) el.textContent = text;
      if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
      el.classList.toggle('running', running);
      el.classList.toggle('waiting', waiting);
      if (el.title !== (waiting ? label : '')) el.title = waiting ? label : '';
      el.classList.toggle('low', left < LOW_MS);
      el.classList.toggle('out', left <= 0);
    }
  }

  return {
    load(control, saved) {
      stopTimer();
      clock = null;
      past = [];
      mover = 0;
      hold = 0;
      warned.clear();
      at = plies();
      started = movedSeats(session.game().history());
      if (control) {
        const seats = session.info().seats;
        clock = createClock(control, seats, now);
        const s = checkSavedClocks(saved, seats, at);
        if (s) {
          past = s.past;
          restore(s.left);
        } else {
          // No clocks saved (or not for this game): full time from here on.
          past[at] = clock.times();
        }
        // A game saved as lost on time stays so (Undo takes it back).
        replayTimeLoss(s, session.game(), timeOut);
        timer = window.setInterval(tick, TICK_MS);
      }
      render();
    },
    played(seat) {
      mover = seat;
    },
    sync() {
      if (!clock) return;
      const n = plies();
      const before = started;
      started = movedSeats(session.game().history());
      if (mover) {
        // A move played now: its time is charged and the increment added (a seat's first
        // move was not timed: its clock starts now, with no increment).
        if (before.has(mover)) clock.moved(mover);
        else clock.run(0);
        past.length = n;
        past[n] = clock.times();
      } else if (n !== at) {
        // Undo, redo, a position from the list: the clocks of then (as they are when unknown).
        const then = past[n];
        if (then) restore(then);
        else past[n] = clock.times();
      }
      mover = 0;
      hold = 0;
      at = n;
      tick();
    },
    saved() {
      if (!clock) return undefined;
      const o = session.outcome();
      return { left: clock.times(), at, past: past.slice(0, at + 1).map((x) => x ?? null), flagged: o?.kind === 'time' ? o.loser : 0 };
    },
    render,
    budget(seat) {
      if (!clock) return null;
      const left = clock.left(seat);
      const inc = clock.control.inc;
      // A share of what is left plus most of the increment; never more than a fifth of what
      // is left, and a little kept back for the worker and the page.
      const share = left / 40 + inc * 0.8;
      return Math.max(10, Math.floor(Math.min(share, left / 5) - 150));
    },
    answered(seat) {
      if (clock && seat === session.game().turn()) {
        hold = seat;
        tick();
      }
    },
    timed: () => !!clock,
  };
}
