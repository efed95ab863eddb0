// The game's controls: the toolbar (New game, Undo, Redo, Rules, Games, Share), Ctrl+Z and
// Ctrl+Y (Ctrl+Shift+Z) outside text fields and dialogs, and the watch bar shown when a
// computer plays (pause, only when nobody at the screen plays; the computer's pace).

import { t } from '../i18n.js';
import { $ } from './dom.js';

/** @typedef {import('../session.js').Session} Session */
/** @typedef {import('../session.js').Ply} Ply */
/** @typedef {'fast' | 'normal' | 'slow'} Speed */

/**
 * @param {Session} session
 * @param {Ply[]} h the plies (`session.plies()`)
 */
export function renderControls(session, h) {
  /** @type {HTMLButtonElement} */ ($('btn-undo')).disabled = !session.canUndo(h);
  // A game lost on time, resigned, agreed drawn or aborted stays so: no Undo, no Redo.
  /** @type {HTMLButtonElement} */ ($('btn-redo')).disabled = !session.canRedo();
  // The computer's pace: not for a seat played on another device (live play).
  $('watch').hidden = !session.players().some((p, i) => p.kind !== 'remote' && session.isExternal(i + 1));
  const pause = /** @type {HTMLButtonElement} */ ($('btn-pause'));
  pause.hidden = !session.watching();
  pause.disabled = session.isOver();
  pause.textContent = t(session.paused() ? 'watch.resume' : 'watch.pause');
  pause.setAttribute('aria-pressed', session.paused() ? 'true' : 'false');
}

/**
 * @param {object} on
 * @param {() => void} on.newGame
 * @param {() => void} on.undo
 * @param {() => void} on.redo
 * @param {() => void} on.rules
 * @param {() => void} on.games
 * @param {() => void} on.share
 * @param {() => void} on.pause toggles
 * @param {Speed} on.speed the pace chosen before
 * @param {(speed: Speed) => void} on.setSpeed
 */
export function wireControls(on) {
  $('btn-new').addEventListener('click', on.newGame);
  $('btn-undo').addEventListener('click', on.undo);
  $('btn-redo').addEventListener('click', on.redo);
  $('btn-rules').addEventListener('click', on.rules);
  $('btn-games').addEventListener('click', on.games);
  $('btn-share').addEventListener('click', on.share);
  $('btn-pause').addEventListener('click', on.pause);
  const speedSel = /** @type {HTMLSelectElement} */ ($('set-speed'));
  speedSel.value = on.speed;
  speedSel.addEventListener('change', () => {
    const v = speedSel.value;
    on.setSpeed(v === 'fast' || v === 'slow' ? v : 'normal');
  });
  document.addEventListener('keydown', (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    // The puzzles have an undo of their own (panels/puzzles.js).
    if (document.body.dataset.view === 'puzzles') return;
    const target = /** @type {HTMLElement | null} */ (e.target instanceof HTMLElement ? e.target : null);
    if (target && target.closest('input, textarea, select, [contenteditable="true"]')) return;
    if (document.querySelector('dialog[open]')) return;
    const k = e.key.toLowerCase();
    if (k === 'z' && !e.shiftKey) {
      e.preventDefault();
      on.undo();
    } else if (k === 'y' || (k === 'z' && e.shiftKey)) {
      e.preventDefault();
      on.redo();
    }
  });
}
