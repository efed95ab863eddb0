// Halma boards for other pages: the <halma-board> element and the JS API behind it.
//
//   <script src="https://…/halma/halma-board.js"></script>          (any host: no CORS needed)
//   <script type="module" src="https://…/halma/embed.js"></script>  (same origin, or with CORS)
//   <halma-board variant="star-3" interactive seats="human,computer,human" level="3"></halma-board>
//
//   import { createGame } from 'https://…/halma/embed.js';
//   const game = createGame(document.querySelector('#board'), { variant: 'halma-8x8', interactive: true });
//   game.on('move', (d) => console.log(d.text, d.link));
//
// This module loads the engine (pkg/halma.js, its wasm) and the AI worker relative to its own
// URL; from another origin that needs CORS headers (GitHub Pages sends them). halma-board.js,
// which scripts/dist.mjs makes from this module, is one classic script with the engine inside:
// it needs no CORS, since a classic script loads from anywhere and fetches nothing more.
//
// Each board draws into a Shadow DOM with its own styles: the host page's CSS does not reach
// in (inherited properties are reset inside), and the board's does not leak out (size the
// element from outside: `width`). Boards on one page are independent: each has its own engine
// game, and its own AI worker once a computer seat needs one. Everything shown from attributes
// or games (names, errors) is set as text, never as HTML. A configuration that is not valid
// (a bad variant, `level="99"`, `theme="purple"`) shows why in the board and fires `error`;
// the board keeps the game it showed until the configuration is valid again.
//
// Game source, first match wins: `link` (share-link text), `record` (a game record), else
// `position` or `variant` (default `halma`), then `moves` (`e4-e6 f3-f5 …`). A read-only board
// with moves gets ⏮ ◀ ▶ ⏭ buttons to step through them (`controls` shows or hides them).
//
// An element taken out of the page keeps its game: put back (as frameworks do when they
// re-render), it goes on where it was, a computer's answer included. After PARK_MS out of the
// page it stops its AI worker and drawing; the game stays and resumes when it is put back.
//
// This file is the entry (what <script type="module"> and the bundler load): it defines the
// element once per page and exports the API. The board itself is the package www/embed/:
// config.js (the configuration: keys, checks, seats), element.js (<halma-board>), create.js
// (createGame), mount.js (one board: its state, session and engine) with dom.js and
// styles.js (its markup and styles), view.js (drawing, status, errors), play.js (moves and
// stepping), apply.js (configuration to game: an attribute replaces the game only when it
// names another one, and `beforereset` asks before moves are discarded), colors.js (the
// board's colours from the page's CSS custom properties `--halma-*`), widget.js, events.js,
// api.js, lifecycle.js (park, put back, destroy), registry.js (which board is on which
// element), explain.js (load failures, in words the host page can act on).

import { createGame as createGameHere } from './embed/create.js';
import { HalmaBoardHere, PARK_MS } from './embed/element.js';
import { parseSeats } from './embed/config.js';
import { setSite } from './embed/explain.js';

/** @typedef {import('./embed/config.js').EmbedConfig} EmbedConfig */
/** @typedef {import('./embed/play.js').MoveDetail} MoveDetail */
/** @typedef {import('./embed/api.js').EmbedApi} EmbedApi */

export { PARK_MS, parseSeats };

// The site this module came from, named in the messages about what a host page must allow
// (the engine and the worker load from beside it: engine.js, ai.js).
setSite(new URL('./', import.meta.url).href);

// ------------------------------------------------------------------ one copy per page

/**
 * The copy of this module that owns <halma-board> on this page. A page may load the script
 * twice (embed.js from two URLs, or embed.js and halma-board.js): the first copy defines the
 * element and loads the engine; later copies warn and hand everything to it, so the page has
 * one wasm engine and one kind of element.
 * @typedef {{url: string, createGame: typeof createGameHere, element: typeof HalmaBoardHere, parseSeats: typeof parseSeats}} Owner
 */
const OWNER_KEY = Symbol.for('halma.embed');
const here = import.meta.url;
/** @type {Owner | undefined} */
const earlier = /** @type {any} */ (globalThis)[OWNER_KEY];

/** @type {Owner} */
const owner = earlier ?? { url: here, createGame: createGameHere, element: HalmaBoardHere, parseSeats };

/**
 * Creates a board in `element` (its content is replaced by the board, in a shadow root) and
 * returns its API. A second call on the same element replaces the first board (whose API
 * then throws). The page's first copy's (the element's static `createGame`).
 * @type {(element: HTMLElement, config?: EmbedConfig) => EmbedApi}
 */
export const createGame = owner.createGame;

/** The chessground-style name of the same thing. */
export const createBoard = createGame;

/** The element's class (the page's one, if another copy defined it first). */
export const HalmaBoardElement = owner.element;

if (earlier) {
  if (earlier.url !== here) {
    console.warn(
      `halma: the board script is on this page twice (${earlier.url}, then ${here}); ` +
        'the second copy uses the first one\'s element and engine. Load it once.',
    );
  }
} else if (typeof customElements !== 'undefined') {
  /** @type {any} */ (globalThis)[OWNER_KEY] = owner;
  const defined = customElements.get('halma-board');
  if (defined) console.warn('halma: <halma-board> is already defined on this page by another script; embed.js leaves it');
  else customElements.define('halma-board', HalmaBoardHere);
}
