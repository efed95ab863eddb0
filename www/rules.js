// Rules text for a variant, built from the engine's `variantInfo`: what the chosen game is,
// and how it differs from standard Halma. Pure (no DOM): returns lists of sentences.

import { t, tn } from './i18n.js';

/**
 * What the engine says about a variant (`variantInfo(text)`).
 * @typedef {object} VariantInfo
 * @property {string} variant canonical variant string
 * @property {string} id base game
 * @property {'square' | 'star'} shape
 * @property {number} size squares per side, or the star's point side
 * @property {number} seats
 * @property {number} pieces pieces per seat
 * @property {boolean} longJumps
 * @property {boolean} targetLock
 * @property {boolean} sidePoints
 * @property {'fill' | 'strict' | 'swap'} winRule
 * @property {boolean} balance
 * @property {'none' | 'opposite' | 'adjacent'} teams
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
  else out.push(t('rules.board.star', { holes: 6 * v.size * v.size + 6 * v.size + 1 }));
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
    out.push(t('rules.pass'));
    out.push(tn('rules.draw', v.turnLimit));
    out.push(t('rules.points'));
  }
  return out;
}

/**
 * How a variant differs from standard Halma (16×16, two seats, 19 pieces, target lock, fill),
 * as sentences; one sentence saying it is standard Halma when nothing differs.
 * @param {VariantInfo} v
 * @returns {string[]}
 */
export function differencesOf(v) {
  /** @type {string[]} */
  const out = [];
  if (v.solitaire) out.push(t('rules.diff.solitaire'));
  if (v.shape === 'star') out.push(t('rules.diff.board.star'));
  else if (v.size !== 16) out.push(t('rules.diff.board.square', { n: v.size }));
  if (v.pieces !== 19) out.push(t('rules.diff.pieces', { pieces: v.pieces }));
  if (!v.solitaire && v.seats !== 2) out.push(t('rules.diff.seats', { seats: v.seats }));
  if (v.longJumps) out.push(t('rules.diff.long'));
  if (!v.solitaire) {
    if (!v.targetLock) out.push(t('rules.diff.nolock'));
    if (v.shape === 'star' && v.sidePoints) out.push(t('rules.diff.side'));
    if (v.winRule === 'strict') out.push(t('rules.diff.strict'));
    if (v.winRule === 'swap') out.push(t('rules.diff.swap'));
    if (v.balance) out.push(t('rules.diff.balance'));
    if (v.teams !== 'none') out.push(t('rules.diff.teams'));
    if (v.turnLimit !== 300) out.push(tn('rules.diff.turns', v.turnLimit));
  }
  if (out.length === 0) out.push(t('rules.diff.none'));
  return out;
}
