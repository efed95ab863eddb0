// The replay view: a past position of the game on the board, chosen in the moves list (a
// click on a move; ←/→, Home/End outside text fields, and on the board while it shows one) or shown one move after
// the other by Replay. The game itself does not change: Back to the game (End, Esc) shows
// it again; Play from here takes the later moves back (Redo plays them again). The past
// positions come from a copy of the game (the engine's record replayed, then undo and redo),
// rebuilt when the game changes.

import { Game } from '../pkg/halma.js';
import { t } from '../i18n.js';
import { $ } from '../panels/dom.js';
import { announce } from '../panels/notice.js';
import { roundsOf } from '../panels/moves.js';

/** Pause between two moves of a replay, after the move's animation (ms). */
const REPLAY_PAUSE_MS = 450;

/**
 * @typedef {object} Browse
 * @property {() => boolean} active a past position is shown
 * @property {() => number | null} at plies played in the position shown (null: the game)
 * @property {(k: number, animate?: boolean) => void} show the position after `k` plies
 * @property {() => void} exit back to the game
 * @property {() => void} liveChanged the game changed (a computer's move, a new game)
 * @property {() => void} render the replay bar and the moves list's mark
 * @property {() => string | null} position the position shown (null: the game's)
 * @property {() => void} redraw puts the past position shown on the board again
 */

/**
 * @param {object} deps
 * @param {import('../session.js').Session} deps.session
 * @param {import('./board-view.js').BoardView} deps.view
 * @param {() => void} deps.showLive shows the game again (the board and the panels)
 * @param {(k: number) => void} deps.playFrom takes the moves after the first `k` back
 * @param {() => void} [deps.onShown] after the position shown changed (or may have)
 * @returns {Browse}
 */
export function createBrowse({ session, view, showLive, playFrom, onShown = () => {} }) {
  /** @type {number | null} */
  let at = null;
  /** @type {any} */
  let copy = null;
  let replaying = false;
  let timer = 0;

  function total() {
    return session.plies().length;
  }

  function dropCopy() {
    copy?.free();
    copy = null;
  }

  /** The copy of the game, at `k` plies. @param {number} k */
  function goTo(k) {
    if (!copy) copy = Game.fromRecord(session.game().record());
    while (copy.history().length > k && copy.canUndo()) copy.undo();
    while (copy.history().length < k && copy.canRedo()) copy.redo();
    return copy;
  }

  function stopReplay() {
    replaying = false;
    if (timer) window.clearTimeout(timer);
    timer = 0;
  }

  /**
   * "Position after turn 12 of Player 2 (blue): m16-m12." (the moves list's numbering).
   * @param {number} k @param {number} n
   */
  function label(k, n) {
    if (k === 0) return t('play.viewingStart', { total: n });
    const h = session.plies();
    const p = h[k - 1];
    const round = roundsOf(h.slice(0, k))[k - 1];
    return t('play.viewing', { round, name: session.seatName(p.seat), move: p.move ? p.text : t('panel.pass') });
  }

  /**
   * @param {number} k
   * @param {boolean} [animate] along the move when stepping one forward
   */
  function show(k, animate = false) {
    const n = total();
    k = Math.max(0, Math.min(n, Math.round(k)));
    if (k === n && !replaying) {
      exit();
      return;
    }
    const from = copy ? copy.history().length : -1;
    goTo(k);
    at = k;
    /** @type {import('../session.js').Ply[]} */
    const h = copy.history();
    const last = h[k - 1];
    const path = animate && k === from + 1 && last && last.move ? last.path : null;
    view.showPast(copy, path, session.boardLabel(copy.cells(), label(k, n)));
    render();
    if (!replaying) announce(label(k, n));
  }

  function exit() {
    stopReplay();
    if (at === null) {
      render();
      return;
    }
    at = null;
    dropCopy();
    showLive();
    render();
  }

  function tick() {
    timer = 0;
    if (!replaying) return;
    if (view.animating()) {
      timer = window.setTimeout(tick, 40);
      return;
    }
    const next = (at ?? 0) + 1;
    if (next > total()) {
      exit();
      return;
    }
    show(next, true);
    timer = window.setTimeout(tick, REPLAY_PAUSE_MS);
  }

  function replay() {
    if (replaying) {
      exit();
      return;
    }
    if (total() === 0) return;
    replaying = true;
    show(0);
    render();
    announce(t('play.replaying'));
    timer = window.setTimeout(tick, REPLAY_PAUSE_MS);
  }

  function render() {
    const n = total();
    const line = $('browse-line');
    const text = $('browse-text');
    line.hidden = at === null;
    text.textContent = at === null ? '' : label(at, n);
    const btn = (/** @type {string} */ id) => /** @type {HTMLButtonElement} */ ($(id));
    const cur = at ?? n;
    btn('br-first').disabled = n === 0 || cur === 0;
    btn('br-prev').disabled = n === 0 || cur === 0;
    btn('br-next').disabled = at === null;
    btn('br-last').disabled = at === null;
    btn('br-replay').disabled = n === 0;
    btn('br-replay').textContent = t(replaying ? 'play.stop' : 'play.replay');
    btn('br-replay').setAttribute('aria-pressed', replaying ? 'true' : 'false');
    // A game lost on time, resigned, agreed drawn or aborted is not played on from the past.
    btn('br-here').hidden = replaying || at === null || session.final();
    document.body.classList.toggle('browsing', at !== null);
    const list = $('moves');
    for (const li of list.querySelectorAll('li.viewing')) {
      li.classList.remove('viewing');
      li.removeAttribute('aria-current');
    }
    if (at !== null && at > 0) {
      const li = /** @type {HTMLElement | undefined} */ (list.children[at - 1]);
      if (li) {
        li.classList.add('viewing');
        li.setAttribute('aria-current', 'step');
        const top = li.offsetTop - list.offsetTop;
        if (top < list.scrollTop || top + li.offsetHeight > list.scrollTop + list.clientHeight) {
          list.scrollTop = top - (list.clientHeight - li.offsetHeight) / 2;
        }
      }
    }
    onShown();
  }

  /** @param {KeyboardEvent} e */
  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    if (document.querySelector('dialog[open]')) return;
    // The first screen or the puzzles are shown: the game's moves are not.
    const view = document.body.dataset.view;
    if (view && view !== 'game') return;
    const target = e.target instanceof HTMLElement ? e.target : null;
    if (target && target.closest('input, textarea, select, [contenteditable="true"], summary, .settings')) return;
    // On the board the arrow keys move its cursor, unless a past position is shown (the
    // board takes no move then).
    if (at === null && target && target.closest('canvas')) return;
    const n = total();
    const cur = at ?? n;
    const inList = !!target && target.id === 'moves';
    /** @type {number | null} */
    let k = null;
    if (e.key === 'ArrowLeft' || (inList && e.key === 'ArrowUp')) k = cur - 1;
    else if (e.key === 'ArrowRight' || (inList && e.key === 'ArrowDown')) k = at === null ? null : cur + 1;
    else if (e.key === 'Home') k = 0;
    else if (e.key === 'End') k = n;
    else if (e.key === 'Escape' && at !== null) k = n;
    if (k === null || n === 0) return;
    e.preventDefault();
    stopReplay();
    show(k);
  }

  $('moves').addEventListener('click', (e) => {
    const li = e.target instanceof Element ? e.target.closest('li[data-ply]') : null;
    if (!li) return;
    stopReplay();
    show(Number(/** @type {HTMLElement} */ (li).dataset.ply) + 1);
  });
  $('br-first').addEventListener('click', () => {
    stopReplay();
    show(0);
  });
  $('br-prev').addEventListener('click', () => {
    stopReplay();
    show((at ?? total()) - 1);
  });
  $('br-next').addEventListener('click', () => {
    stopReplay();
    if (at !== null) show(at + 1, true);
  });
  $('br-last').addEventListener('click', exit);
  $('br-resume').addEventListener('click', exit);
  $('br-replay').addEventListener('click', replay);
  $('br-here').addEventListener('click', () => {
    if (at === null || session.final()) return;
    const k = at;
    stopReplay();
    at = null;
    dropCopy();
    playFrom(k);
    render();
  });
  document.addEventListener('keydown', onKey);

  return {
    active: () => at !== null,
    at: () => at,
    show,
    exit,
    liveChanged() {
      dropCopy();
      if (at === null) {
        render();
        return;
      }
      if (at > total()) exit();
      else if (!replaying) render();
    },
    render,
    position: () => (at === null ? null : goTo(at).position()),
    redraw() {
      if (at === null) return;
      const n = total();
      view.showPast(goTo(at), null, session.boardLabel(goTo(at).cells(), label(at, n)));
    },
  };
}
