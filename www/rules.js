// Rules text for a variant, built from the engine's `variantInfo`: what the chosen game is,
// and how it differs from standard Halma (the engine's `halma` and its defaults). No DOM:
// returns lists of sentences.

import { variants } from './pkg/halma.js';
import { t, tn } from './i18n.js';

/**
 * A base game as the engine lists it (`variants()`), with its defaults and the options that
 * apply to it.
 * @typedef {object} BaseGame
 * @property {string} id
 * @property {'square' | 'star'} shape
 * @property {number} size squares per side, or the star's point side
 * @property {number | null} camp cells per camp (square boards)
 * @property {number | null} side the star's point side (the star)
 * @property {number} seats
 * @property {number} pieces pieces per seat
 * @property {number} cells cells (holes) on the board
 * @property {boolean} balance
 * @property {number} turnLimit
 * @property {boolean} solitaire
 * @property {boolean} teams whether teams are possible
 * @property {string[]} options the options that apply (`size camp side long free-target
 *   any-camp win balance teams places turns`)
 * @property {BaseChoices} choices the values the numeric options allow
 */

/**
 * What a base game's numeric options allow (null where the option does not apply): a size
 * or side range `[min, max]`, the camp sizes, the turn limit's range.
 * @typedef {object} BaseChoices
 * @property {[number, number] | null} size
 * @property {number[] | null} camp
 * @property {[number, number] | null} side
 * @property {[number, number] | null} turns
 */

/**
 * What the engine says about a variant (`variantInfo(text)`).
 * @typedef {object} VariantInfo
 * @property {string} variant canonical variant string
 * @property {string} id base game
 * @property {'square' | 'star'} shape
 * @property {number} size squares per side, or the star's point side
 * @property {number} cells cells (holes) on the board
 * @property {number} seats
 * @property {number} pieces pieces per seat
 * @property {boolean} longJumps
 * @property {boolean} targetLock
 * @property {boolean} sidePoints
 * @property {'fill' | 'strict' | 'swap'} winRule
 * @property {boolean} balance
 * @property {'none' | 'opposite' | 'adjacent'} teams
 * @property {boolean} places play on for the places after the first finish
 * @property {number[]} seatTeams team of each seat, 1-based (index 0: seat 1)
 * @property {number} turnLimit
 * @property {boolean} solitaire
 * @property {[string, string] | null} mirrorLine solitaire: the end cells of the diagonal the
 *   figure must be mirror-symmetric about, top end first (`p16`, `a1`); null otherwise
 */

/**
 * The rules of a variant as sentences, in the current language.
 * @param {VariantInfo} v
 * @returns {string[]}
 */
export function rulesOf(v) {
  /** @type {string[]} */
  const out = [];
  if (v.shape === 'square') out.push(t('rules.board.square', { n: v.size }));
  else out.push(t('rules.board.star', { holes: v.cells }));
  if (v.solitaire) {
    out.push(t('rules.pieces.solitaire', { pieces: v.pieces }));
    // Named from the yard's corner outwards: a1 to p16.
    const [to, from] = /** @type {[string, string]} */ (v.mirrorLine);
    out.push(t('rules.goal.solitaire', { n: v.turnLimit, from, to }));
    out.push(t('rules.solitaire.once'));
  } else {
    out.push(t('rules.pieces', { seats: v.seats, pieces: v.pieces }));
    out.push(t('rules.goal'));
  }
  out.push(t('rules.move', { dirs: v.shape === 'square' ? 8 : 6 }));
  out.push(t('rules.hop'));
  if (v.longJumps) out.push(t('rules.long'));
  if (!v.solitaire) {
    out.push(t(v.targetLock ? 'rules.lock' : 'rules.nolock'));
    if (v.shape === 'star') out.push(t(v.sidePoints ? 'rules.side' : 'rules.anycamp'));
    out.push(t(`rules.win.${v.winRule}`));
    if (v.balance) out.push(t('rules.balance'));
    if (v.teams !== 'none') out.push(t(`rules.teams.${v.teams}`));
    if (v.places) out.push(t(v.teams !== 'none' ? 'rules.places.teams' : 'rules.places'));
    out.push(t('rules.pass'));
    out.push(tn('rules.draw', v.turnLimit));
    out.push(t('rules.points'));
  }
  return out;
}

/** @type {BaseGame | null} */
let standard = null;

/** Standard Halma as the engine defines it. */
function standardHalma() {
  if (!standard) {
    const all = /** @type {BaseGame[]} */ (variants());
    standard = all.find((v) => v.id === 'halma') ?? all[0];
  }
  return standard;
}

/**
 * How a variant differs from standard Halma (its board, seats, pieces and turn limit, target
 * lock, the fill rule), as sentences; one sentence saying it is standard Halma when nothing
 * differs.
 * @param {VariantInfo} v
 * @returns {string[]}
 */
export function differencesOf(v) {
  const std = standardHalma();
  /** @type {string[]} */
  const out = [];
  if (v.solitaire) out.push(t('rules.diff.solitaire'));
  if (v.shape !== std.shape) out.push(t('rules.diff.board.star'));
  else if (v.size !== std.size) out.push(t('rules.diff.board.square', { n: v.size }));
  if (v.pieces !== std.pieces) out.push(t('rules.diff.pieces', { pieces: v.pieces }));
  if (!v.solitaire && v.seats !== std.seats) out.push(t('rules.diff.seats', { seats: v.seats }));
  if (v.longJumps) out.push(t('rules.diff.long'));
  if (!v.solitaire) {
    if (!v.targetLock) out.push(t('rules.diff.nolock'));
    if (v.shape === 'star' && v.sidePoints) out.push(t('rules.diff.side'));
    if (v.winRule === 'strict') out.push(t('rules.diff.strict'));
    if (v.winRule === 'swap') out.push(t('rules.diff.swap'));
    if (v.balance) out.push(t('rules.diff.balance'));
    if (v.teams !== 'none') out.push(t('rules.diff.teams'));
    if (v.places) out.push(t('rules.diff.places'));
    if (v.turnLimit !== std.turnLimit) out.push(tn('rules.diff.turns', v.turnLimit, { std: std.turnLimit }));
  }
  if (out.length === 0) out.push(t('rules.diff.none'));
  return out;
}

/** @type {BaseGame[] | null} */
let bases = null;

/**
 * The engine's base game of a variant (its defaults).
 * @param {string} id
 * @returns {BaseGame | undefined}
 */
function baseGame(id) {
  if (!bases) bases = /** @type {BaseGame[]} */ (variants());
  return bases.find((b) => b.id === id);
}

/**
 * How a variant differs from its base game's defaults, in words a player reads ("long
 * jumps", "teams: neighbours"): never the variant string, which is notation.
 * @param {VariantInfo} v
 * @param {(key: string, params?: Record<string, string | number>) => string} [tr] the
 *   view's words (default: the page's language)
 * @returns {string[]}
 */
export function optionWords(v, tr = t) {
  const base = baseGame(v.id);
  /** @type {string[]} */
  const out = [];
  if (!base) return out;
  const count = (/** @type {string} */ key, /** @type {number} */ n) => tr(n === 1 ? `${key}.one` : key, { n });
  if (v.shape === 'square' && v.size !== base.size) out.push(tr('name.size', { n: v.size }));
  if (v.pieces !== base.pieces) out.push(count(v.shape === 'star' ? 'name.marbles' : 'name.pieces', v.pieces));
  if (v.longJumps) out.push(tr('name.long'));
  if (!v.solitaire) {
    if (!v.targetLock) out.push(tr('name.free-target'));
    if (v.shape === 'star' && !v.sidePoints) out.push(tr('name.any-camp'));
    if (v.winRule !== 'fill') out.push(tr(`name.win.${v.winRule}`));
    if (v.balance !== base.balance) out.push(tr(v.balance ? 'name.balance' : 'name.noBalance'));
    if (v.teams !== 'none') out.push(tr(`name.teams.${v.teams}`));
    if (v.places) out.push(tr('name.places'));
    if (v.turnLimit !== base.turnLimit) out.push(count('name.turns', v.turnLimit));
  }
  return out;
}

/**
 * The game's name for players: the base game's name, then what differs from its defaults
 * ("Chinese checkers for 6 · teams: neighbours").
 * @param {VariantInfo} v
 * @param {(key: string, params?: Record<string, string | number>) => string} [tr]
 */
export function gameName(v, tr = t) {
  const name = tr(`variant.${v.id}`);
  const words = optionWords(v, tr);
  return words.length ? `${name} · ${words.join(', ')}` : name;
}
