// embed.html: the board of an iframe. The game is the share link in the address's fragment,
// the options are query parameters named as the attributes of <halma-board> (embed.js);
// flags (`interactive`, `coordinates`, `controls`) take 1/0 or true/false. A change of the
// fragment (the parent sets a new src#…) shows the new game.
//
// Messages to the parent page, each `{type, detail}` (docs/embedding.md#the-iframe):
//   halma:ready, halma:move, halma:gameover, halma:error   the element's events, in order
//   halma:size {width, height}   the height the frame wants at its width (the board is square)
//   halma:result {id, command, value}   the answer to a command
// Commands from the parent page, `{type, id?, ...}`: halma:play {move}, halma:undo,
// halma:redo, halma:goto {n}, halma:set {config} (a position, link, record, options),
// halma:get (the game now). A command that fails answers with halma:error {message, command, id}.
import './embed.js';
import { linkFromHash } from './share.js';

const board = /** @type {HTMLElement & {game: import('./embed.js').EmbedApi | null}} */ (document.getElementById('board'));
const query = new URLSearchParams(location.search);

for (const name of ['variant', 'position', 'moves', 'record', 'seats', 'level', 'orientation', 'theme', 'at', 'lang']) {
  const v = query.get(name);
  if (v !== null) board.setAttribute(name, v);
}
for (const name of ['interactive', 'coordinates', 'controls']) {
  const v = query.get(name);
  if (v === null) continue;
  board.setAttribute(name, v === '0' || v === 'false' ? 'false' : '');
}

function showFragment() {
  const link = linkFromHash(location.hash);
  if (link) board.setAttribute('link', link);
  else board.removeAttribute('link');
}
showFragment();
window.addEventListener('hashchange', showFragment);

const framed = window.parent !== window;

/**
 * The game is public (it is in this frame's address): any parent may hear of it.
 * @param {string} type
 * @param {unknown} detail
 */
function tell(type, detail) {
  if (framed) window.parent.postMessage({ type: `halma:${type}`, detail }, '*');
}

for (const type of ['ready', 'move', 'gameover', 'error']) {
  board.addEventListener(type, (e) => tell(type, /** @type {CustomEvent} */ (e).detail));
}

// ------------------------------------------------------------------ the frame's height

let lastSize = '';
/** Before the board shows there is nothing to size (a frame shrunk to nothing would flash). */
let shown = false;
/** Posts the height the frame wants, when it changes. */
function postSize() {
  if (!shown) return;
  const inner = board.shadowRoot?.querySelector('.board');
  const square = inner instanceof HTMLElement && !inner.hidden ? inner.getBoundingClientRect().height : 0;
  // The part of the element under the square board (status, buttons, a message).
  const below = Math.ceil(board.getBoundingClientRect().height - square);
  // The board takes the frame's width when the frame is as tall as it asks (embed-frame.css).
  board.style.setProperty('--below', `${below}px`);
  const width = document.documentElement.clientWidth;
  const side = square > 0 ? Math.max(width - 4, 168) : 0;
  const height = Math.ceil(side + below + 4);
  const key = `${width}x${height}`;
  if (key === lastSize) return;
  lastSize = key;
  tell('size', { width, height });
}
if (typeof ResizeObserver !== 'undefined') {
  new ResizeObserver(postSize).observe(board);
  new ResizeObserver(postSize).observe(document.documentElement);
}
board.addEventListener('ready', () => {
  shown = true;
  postSize();
});

// ------------------------------------------------------------------ commands

/**
 * @param {any} m
 * @param {import('./embed.js').EmbedApi} game
 */
function run(m, game) {
  switch (m.type) {
    case 'halma:play':
      return game.play(m.move);
    case 'halma:undo':
      return game.undo();
    case 'halma:redo':
      return game.redo();
    case 'halma:goto':
      game.goTo(Number(m.n));
      return game.step();
    case 'halma:set': {
      if (!m.config || typeof m.config !== 'object') throw new Error('halma:set needs {config: {...}}');
      game.set(m.config);
      const err = game.error();
      if (err) throw new Error(err);
      return game.step();
    }
    case 'halma:get':
      return { position: game.position(), record: game.record(), link: game.link(), turn: game.turn(), outcome: game.outcome(), step: game.step() };
    default:
      throw new Error(`unknown command '${m.type}': use halma:play, halma:undo, halma:redo, halma:goto, halma:set or halma:get`);
  }
}

window.addEventListener('message', async (e) => {
  // Commands come from the page that holds this frame only.
  if (!framed || e.source !== window.parent) return;
  const m = e.data;
  if (!m || typeof m !== 'object' || typeof m.type !== 'string' || !m.type.startsWith('halma:')) return;
  const id = m.id ?? null;
  const command = m.type;
  try {
    if (!board.game) throw new Error('the board is not in the page');
    await board.game.ready;
    const value = run(m, board.game);
    tell('result', { id, command, value });
  } catch (err) {
    tell('error', { message: err instanceof Error ? err.message : String(err), command, id });
  }
});
