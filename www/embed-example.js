// embed-example.html: the JS API board and the event readouts.
import { createGame } from './embed.js';

/**
 * @template {HTMLElement} T
 * @param {string} id
 * @returns {T}
 */
function $(id) {
  return /** @type {T} */ (document.getElementById(id));
}

// The element's events: the last move of the hot-seat board.
$('ex-hotseat').addEventListener('move', (e) => {
  const d = /** @type {CustomEvent} */ (e).detail;
  $('ex-hotseat-log').textContent = `${d.text} (seat ${d.seat}, move ${d.moves})`;
});

const log = $('api-log');
/** @param {string} text */
function say(text) {
  const li = document.createElement('li');
  li.textContent = text;
  log.prepend(li);
}

const game = createGame($('api-board'), { variant: 'star-2', interactive: true, theme: 'auto' });
// Like a <halma-board>'s `game` property (the tests read it).
/** @type {any} */ ($('api-board')).game = game;
game.on('ready', () => say('ready'));
game.on('move', (m) => say(`${m.text} by seat ${m.seat} (${m.by})`));
game.on('gameover', (o) => say(`game over: ${o.text}`));
game.on('error', (e) => say(`error: ${e.message}`));

let flipped = false;
$('api-play').addEventListener('click', () => {
  try {
    game.play('a3-e5');
  } catch (e) {
    say(`not played: ${e instanceof Error ? e.message : String(e)}`);
  }
});
$('api-undo').addEventListener('click', () => {
  if (game.undo()) say('undo');
});
$('api-flip').addEventListener('click', () => {
  flipped = !flipped;
  game.set({ orientation: flipped ? 2 : 1 });
});
$('api-new').addEventListener('click', () => {
  game.set({ variant: 'star-2' });
  say('new game');
});
