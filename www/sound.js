// The game's sounds, synthesised with WebAudio (no sound files): a soft click for a step, a
// run of rising ticks for a hop (one per jump of the chain), and a short chime when the game
// ends. Off unless turned on in Settings (kept in the preferences). A browser lets audio
// start only after the person has used the page, so nothing is made before that. The page
// plays them for moves of the game as it goes on, never while a past position or a replay
// is shown.

import { $ } from './panels/dom.js';

/** @typedef {import('./storage.js').Prefs} Prefs */
/** @typedef {'move' | 'hop' | 'end'} SoundKind */

/** @type {Prefs | null} */
let prefsRef = null;
/** @type {AudioContext | null} */
let ctx = null;

/** Whether sound is on (off unless turned on). */
export function soundOn() {
  return prefsRef?.sound === true;
}

/** Whether the person has used the page yet (audio may start only then). */
function activated() {
  const ua = /** @type {{hasBeenActive?: boolean} | undefined} */ (/** @type {any} */ (navigator).userActivation);
  return ua ? ua.hasBeenActive === true : true;
}

/** The audio context, made on first use after a gesture; null where there is none. */
function context() {
  if (ctx) return ctx;
  const AC = globalThis.AudioContext ?? /** @type {any} */ (globalThis).webkitAudioContext;
  if (!AC || !activated()) return null;
  try {
    ctx = /** @type {AudioContext} */ (new AC());
  } catch {
    ctx = null;
  }
  return ctx;
}

/**
 * One short tone: a pitch that falls a little, with a quick attack and decay.
 * @param {AudioContext} ac
 * @param {number} at start (the context's time, s)
 * @param {number} freq Hz
 * @param {number} dur s
 * @param {number} gain peak
 * @param {OscillatorType} type
 */
function tone(ac, at, freq, dur, gain, type) {
  const osc = ac.createOscillator();
  const amp = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  osc.frequency.exponentialRampToValueAtTime(freq * 0.7, at + dur);
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(gain, at + 0.008);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + dur);
  osc.connect(amp).connect(ac.destination);
  osc.start(at);
  osc.stop(at + dur + 0.02);
}

/**
 * Plays a sound when sound is on (and the page may make one).
 * @param {SoundKind} kind
 * @param {number} [hops] the jumps of a hop chain
 */
export function playSound(kind, hops = 1) {
  if (!soundOn()) return;
  const ac = context();
  if (!ac) return;
  if (ac.state === 'suspended') ac.resume().catch(() => {});
  const t0 = ac.currentTime + 0.01;
  if (kind === 'move') {
    tone(ac, t0, 330, 0.09, 0.25, 'triangle');
  } else if (kind === 'hop') {
    // One tick per jump, each a step higher; a long chain is capped so it stays short.
    const n = Math.min(Math.max(1, hops), 8);
    for (let i = 0; i < n; i++) tone(ac, t0 + i * 0.075, 440 * 2 ** (i / 6), 0.07, 0.22, 'triangle');
  } else {
    // The end of the game: a rising major arpeggio.
    [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => tone(ac, t0 + i * 0.11, f, 0.35, 0.2, 'sine'));
  }
}

/**
 * Wires the Settings switch.
 * @param {object} deps
 * @param {Prefs} deps.prefs `sound` is read and written here
 * @param {() => void} deps.save writes the preferences
 */
export function wireSound({ prefs, save }) {
  prefsRef = prefs;
  const box = /** @type {HTMLInputElement} */ ($('set-sound'));
  box.checked = soundOn();
  box.addEventListener('change', () => {
    prefs.sound = box.checked;
    save();
    // Turning it on is a gesture: the context may start now, and a click says it works.
    if (box.checked) playSound('move');
  });
}
