// The embedded board's configuration helpers (www/embed/config.js) and the widget's palette
// (www/board/palette.js): what decides whether an attribute names another game, moves given
// as a list, and the page's colours over the theme's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { movesText, sameValue } from '../../www/embed/config.js';
import { withPalette } from '../../www/board/palette.js';

test('moves as text or as a list of moves', () => {
  assert.equal(movesText('c2-c3 f7-f6'), 'c2-c3 f7-f6');
  assert.equal(movesText(['c2-c3', 'f7-f6']), 'c2-c3 f7-f6');
  assert.equal(movesText(undefined), '');
});

test('a value that says what is in effect is no change', () => {
  assert.equal(sameValue('4', 4), true);
  assert.equal(sameValue(' 4 ', '4'), true);
  assert.equal(sameValue(undefined, ''), true);
  assert.equal(sameValue(null, '  '), true);
  assert.equal(sameValue(['human', ' computer'], 'human,computer'), true);
  assert.equal(sameValue('2', '3'), false);
  assert.equal(sameValue('', '0'), false);
});

test("the page's colours over the theme's materials", () => {
  const base = { sqLight: '#f2e2c0', sqDark: '#d2ac78', plate: '#e8c98e', hole: '#5b3b1c', destDot: '#0a7d45', destHalo: 'x', last: 'rgba(255,170,0,', cursor: '#1b57d6' };
  const p = { board: '#808080', hole: '#102030', destination: '#00ff00', lastMove: '#ff0000' };
  const t = withPalette(base, p);
  assert.equal(t.sqLight, '#808080');
  assert.equal(t.plate, '#808080');
  // The dark squares and the frame: darker shades of the board.
  assert.equal(t.sqDark, '#6e6e6e');
  assert.equal(t.hole, '#102030');
  assert.equal(t.destDot, '#00ff00');
  assert.equal(t.destHalo, 'rgba(0,255,0,0.75)');
  assert.equal(t.last, 'rgba(255,0,0,');
  assert.equal(t.cursor, '#1b57d6');
  // The same palette gives the same object (drawing asks for it on every frame); the base
  // is untouched; an empty palette changes nothing.
  assert.equal(withPalette(base, p), t);
  assert.equal(base.sqLight, '#f2e2c0');
  assert.deepEqual(withPalette(base, {}), base);
});
