// The first screen: three ways to start, each one tap: against the computer, two people at
// one screen, the puzzles (their chooser). It remembers the game and level played last (in
// the preferences), and "More games and options" opens the New game dialog. Shown when there is no game to
// continue, and by New game (then with a way back to the game).

import { t } from '../i18n.js';
import { gameName } from '../rules.js';
import { $, focusBoard } from './dom.js';
import { parseControl } from '../clock.js';

/** @typedef {import('../storage.js').Prefs} Prefs */
/** @typedef {import('../storage.js').Quick} Quick */
/** @typedef {import('../storage.js').GameSetup} GameSetup */
/** @typedef {import('../rules.js').VariantInfo} VariantInfo */

/**
 * What a first visit plays: Chinese checkers for two is the game most people know, with a
 * board that stays legible on a phone (121 holes, ten marbles each).
 */
export const QUICK_VARIANT = 'star-2';

/**
 * The players of a quick game: the person at the screen in seat 1, the computer (at
 * `level`) or more people in the others.
 * @param {'computer' | 'friends' | 'puzzle'} choice
 * @param {string} variant
 * @param {number} seats
 * @param {number} level
 * @returns {GameSetup}
 */
export function quickSetup(choice, variant, seats, level) {
  const players = Array.from({ length: seats }, (_, i) =>
    choice === 'computer' && i > 0 ? { name: '', kind: /** @type {const} */ ('computer'), level } : { name: '', kind: /** @type {const} */ ('human') },
  );
  return { variant, players, start: 'seat1', rotation: 'turn' };
}

/**
 * What a game started from the New game dialog teaches the quick start: a game against the
 * computer, or people only, is the one to offer next time.
 * @param {GameSetup} s
 * @param {number} seats
 * @returns {Partial<Quick>}
 */
export function rememberFrom(s, seats) {
  const computer = s.players.find((p) => p.kind === 'computer');
  const human = s.players.some((p) => p.kind === 'human');
  if (seats === 1) return { last: 'puzzle' };
  if (computer && human) return { last: 'computer', computer: s.variant, level: computer.level };
  if (!computer) return { last: 'friends', friends: s.variant };
  return {};
}

/**
 * @typedef {object} Home
 * @property {() => void} show
 * @property {() => void} hide
 * @property {() => boolean} shown
 * @property {(variant?: string) => void} playComputer the quick game against the computer
 *   (another game than the one remembered: from then on remembered)
 * @property {() => void} relabel
 * @property {(q: Partial<Quick>) => void} remember
 */

/**
 * @param {object} deps
 * @param {Prefs} deps.prefs `quick` is read and written here
 * @param {() => void} deps.save writes the preferences
 * @param {{levels: number[], defaultLevel: number}} deps.levels the engine's
 * @param {(text: string) => VariantInfo} deps.variantInfo throws on an invalid string
 * @param {() => boolean} deps.hasGame whether there is a game to go back to
 * @param {(s: GameSetup) => void} deps.start starts a new game
 * @param {() => void} deps.more opens the New game dialog
 * @param {() => void} deps.puzzles opens the puzzle chooser
 * @param {number} deps.puzzleCount how many puzzles there are
 * @param {() => void} [deps.tutorial] opens the tutorial
 * @returns {Home}
 */
export function createHome({ prefs, save, levels, variantInfo, hasGame, start, more, puzzles, puzzleCount, tutorial = () => {} }) {
  const home = $('home');
  const levelSel = /** @type {HTMLSelectElement} */ ($('home-level'));

  /** @param {string | undefined} v @param {string} fallback */
  function valid(v, fallback) {
    if (v) {
      try {
        return variantInfo(v);
      } catch {
        // A remembered game the engine no longer knows: the default instead.
      }
    }
    return variantInfo(fallback);
  }

  function quick() {
    const q = prefs.quick ?? {};
    const level = levels.levels.includes(q.level ?? -1) ? /** @type {number} */ (q.level) : levels.defaultLevel;
    return { computer: valid(q.computer, QUICK_VARIANT), friends: valid(q.friends, QUICK_VARIANT), level, last: q.last ?? 'computer' };
  }

  function render() {
    const q = quick();
    levelSel.replaceChildren(
      ...levels.levels.map((l) => {
        const o = document.createElement('option');
        o.value = String(l);
        // The short name fits the card (its label says "Computer level"); the full one,
        // with what the level does, is the option's title.
        o.textContent = t(`level.short.${l}`);
        o.title = t(`level.${l}`);
        return o;
      }),
    );
    levelSel.value = String(q.level);
    levelSel.title = t(`level.${q.level}`);
    $('home-computer-what').textContent = gameName(q.computer);
    $('home-friends-what').textContent = t('home.friends.what', { game: gameName(q.friends) });
    $('home-puzzle-what').textContent = t('home.puzzle.list', { n: puzzleCount });
    for (const card of home.querySelectorAll('.home-card')) {
      card.classList.toggle('last', /** @type {HTMLElement} */ (card).dataset.choice === q.last);
    }
    $('home-continue').hidden = !hasGame();
    $('home-tutorial-done').hidden = !prefs.tutorialDone;
  }

  /** @param {Partial<Quick>} q */
  function remember(q) {
    prefs.quick = { ...(prefs.quick ?? {}), ...q };
    save();
  }

  function hide() {
    home.hidden = true;
    document.body.dataset.view = 'game';
  }

  /** @param {'computer' | 'friends'} choice @param {string} [variant] */
  function go(choice, variant) {
    const q = quick();
    const info = variant ? valid(variant, QUICK_VARIANT) : choice === 'computer' ? q.computer : q.friends;
    remember(variant ? { last: choice, [choice]: info.variant } : { last: choice });
    hide();
    start(quickSetup(choice, info.variant, info.seats, q.level));
    // The card pressed is gone: the keyboard goes on on the board, not the page's body.
    focusBoard();
  }

  $('home-computer').addEventListener('click', () => go('computer'));
  $('home-friends').addEventListener('click', () => go('friends'));
  $('home-puzzle').addEventListener('click', () => {
    remember({ last: 'puzzle' });
    home.hidden = true;
    puzzles();
  });
  $('home-setup').addEventListener('click', more);
  $('home-tutorial').addEventListener('click', tutorial);
  $('home-continue').addEventListener('click', hide);
  levelSel.addEventListener('change', () => {
    const l = Number(levelSel.value);
    levelSel.title = t(`level.${l}`);
    if (levels.levels.includes(l)) remember({ level: l });
  });
  home.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && hasGame()) {
      hide();
      $('btn-new').focus();
    }
  });

  return {
    show() {
      render();
      home.hidden = false;
      document.body.dataset.view = 'home';
      window.scrollTo(0, 0);
      const last = /** @type {HTMLElement | null} */ (home.querySelector('.home-card.last .home-choice'));
      (last ?? $('home-computer')).focus();
    },
    hide,
    shown: () => !home.hidden,
    /** The quick game against the computer, as its card starts it. */
    playComputer: (variant) => go('computer', variant),
    relabel() {
      if (!home.hidden) render();
    },
    remember,
  };
}

/**
 * What the New game dialog shows when no game is open: the game played last, against the
 * computer when that was last (or a puzzle was) (at the level played), with the clock of the last game
 * started from the dialog.
 * @param {Partial<Quick>} q the first screen's memory (`prefs.quick`)
 * @param {(text: string) => VariantInfo} variantInfo throws on an invalid string
 * @param {{levels: number[], defaultLevel: number}} levels the engine's
 * @returns {{setup: GameSetup, info: VariantInfo}}
 */
export function dialogDefault(q, variantInfo, levels) {
  // After a puzzle (they have a view of their own), the dialog offers a game again.
  const choice = q.last === 'friends' ? 'friends' : 'computer';
  const wanted = choice === 'computer' ? q.computer : q.friends;
  /** @type {VariantInfo} */
  let info;
  try {
    info = variantInfo(wanted ?? QUICK_VARIANT);
  } catch {
    info = variantInfo(QUICK_VARIANT);
  }
  const level = levels.levels.includes(q.level ?? -1) ? /** @type {number} */ (q.level) : levels.defaultLevel;
  const setup = quickSetup(choice, info.variant, info.seats, level);
  const clock = q.clock ? parseControl(q.clock) : null;
  if (clock) setup.clock = clock;
  return { setup, info };
}
