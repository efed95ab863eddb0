// Failures to load the engine or to start the computer player, said with what the host
// page can do about them (its Content-Security-Policy, CORS, halma-board.js).
//
// The site the board's files come from is the folder of embed.js. Only the entry module
// knows it (its import.meta.url; in a bundle, the script's): it tells this module once, as
// it loads (setSite). The modules of www/embed/ use no import.meta of their own, so they
// mean the same thing bundled or not.

import { errText } from '../session.js';

/** The site the board came from (for messages about what a host page must allow). */
let SITE = '';

/**
 * Where the board's files are: the folder of embed.js, a full URL ending in `/`.
 * @param {string} url
 */
export function setSite(url) {
  SITE = url;
}

/** What the page's Content-Security-Policy has refused so far (`effectiveDirective`s). */
const refused = new Set();
if (typeof document !== 'undefined') {
  document.addEventListener('securitypolicyviolation', (e) => refused.add(e.effectiveDirective));
}

/**
 * A failure to load the engine or start the computer, with what the host page can do about it.
 * @param {unknown} e
 */
export function explain(e) {
  const msg = errText(e);
  const origin = new URL(SITE).origin;
  if (/worker/i.test(msg) && refused.has('worker-src')) {
    return `the page's Content-Security-Policy does not allow the computer player's worker: add worker-src blob: ${origin}. (${msg})`;
  }
  if (/wasm-unsafe-eval|unsafe-eval|Refused to compile/i.test(msg)) {
    return `the page's Content-Security-Policy does not allow WebAssembly: add 'wasm-unsafe-eval' to its script-src. (${msg})`;
  }
  if (/Worker/.test(msg) && /Content Security Policy|denied|SecurityError/i.test(msg)) {
    return `the page's Content-Security-Policy does not allow the computer player's worker: add worker-src blob: ${origin}. (${msg})`;
  }
  if (/worker failed to start/i.test(msg)) {
    return `${msg}. (A page with a Content-Security-Policy needs worker-src blob: ${origin}.)`;
  }
  if (e instanceof TypeError && /fetch|import|load/i.test(msg)) {
    return (
      `the engine could not be loaded from ${SITE}. A page with a Content-Security-Policy needs ` +
      `connect-src ${origin}; from another origin, that site must send Access-Control-Allow-Origin ` +
      `(CORS), or load ${SITE}halma-board.js instead, which needs neither. (${msg})`
    );
  }
  return msg;
}
