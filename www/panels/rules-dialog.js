// The Rules dialog: the rules of the game in play and how it differs from standard Halma.

import { rulesOf, differencesOf, gameName } from '../rules.js';
import { $, fillList } from './dom.js';

/** @typedef {import('../rules.js').VariantInfo} VariantInfo */

function dialog() {
  return /** @type {HTMLDialogElement} */ ($('rules'));
}

/** @param {VariantInfo} info */
function render(info) {
  // The game's name in words; its variant string is notation (Share shows the record).
  $('rules-variant').textContent = gameName(info);
  fillList($('rules-list'), rulesOf(info));
  fillList($('rules-diff'), differencesOf(info));
}

/** @param {VariantInfo} info */
export function showRules(info) {
  render(info);
  if (!dialog().open) dialog().showModal();
}

/** Re-renders an open dialog (after a change of language). @param {VariantInfo} info */
export function refreshRules(info) {
  if (dialog().open) render(info);
}

export function wireRules() {
  $('rules-close').addEventListener('click', () => dialog().close());
}
