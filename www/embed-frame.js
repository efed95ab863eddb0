// embed.html: the board of an iframe. The game is the share link in the address's fragment,
// the options are query parameters named as the attributes of <halma-board> (embed.js);
// flags (`interactive`, `coordinates`, `controls`) take 1/0 or true/false. A change of the
// fragment (the parent sets a new src#…) shows the new game. Moves and the end of the game
// are posted to the parent page: {type: 'halma:move' | 'halma:gameover', detail}.
import './embed.js';
import { linkFromHash } from './share.js';

const board = /** @type {HTMLElement} */ (document.getElementById('board'));
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

for (const type of ['move', 'gameover']) {
  board.addEventListener(type, (e) => {
    if (window.parent === window) return;
    const detail = /** @type {CustomEvent} */ (e).detail;
    // The game is public (it is in this frame's address): any parent may hear of it.
    window.parent.postMessage({ type: `halma:${type}`, detail }, '*');
  });
}
