// Share links and records, the parts without a browser or engine (www/share.js).
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  linkFromHash,
  shareUrl,
  compareLinks,
  classifyImport,
  recordFileName,
  recordHasMoves,
  recordFromStart,
  splitFragment,
  playersPart,
  gameFragment,
  parsePlayers,
  encodeMoves,
  decodeMoves,
  parseRoute,
  routeFragment,
} from '../../www/share.js';

test('the link in a fragment: without #, escapes undone, bad escapes left alone', () => {
  assert.equal(linkFromHash('#1~halma-8x8~AyAq'), '1~halma-8x8~AyAq');
  assert.equal(linkFromHash('1~halma~'), '1~halma~');
  assert.equal(linkFromHash('#1%7Estar-3%2Blong%7E'), '1~star-3+long~');
  assert.equal(linkFromHash('#%E0%A4%A'), '%E0%A4%A');
  assert.equal(linkFromHash(''), '');
  assert.equal(linkFromHash('#'), '');
});

test('the address to share drops the query and sets the fragment', () => {
  assert.equal(shareUrl('https://x.test/halma/?variant=star-2#old', '1~star-2~AbCd'), 'https://x.test/halma/#1~star-2~AbCd');
  assert.equal(shareUrl('file:///tmp/halma.html', '1~halma~'), 'file:///tmp/halma.html#1~halma~');
});

test('links compare as the same game, a continuation, or unrelated', () => {
  assert.equal(compareLinks('1~halma~AAAB', '1~halma~AAAB'), 'same');
  assert.equal(compareLinks('1~halma~AAAB', '1~halma~AAABCCCD'), 'extends');
  assert.equal(compareLinks('1~halma~', '1~halma~AAAB'), 'extends');
  assert.equal(compareLinks('1~halma~AAABCCCD', '1~halma~AAAB'), null, 'an earlier position is not a continuation');
  assert.equal(compareLinks('1~halma~AAAB', '1~star-2~AAABCCCD'), null);
  assert.equal(compareLinks('1~halma-8x8~AAAB~1~x', '1~halma-8x8~AAABCCCD~2~x'), null, 'another start');
  assert.equal(compareLinks('1~halma-8x8~AAAB~1~x', '1~halma-8x8~AAABCCCD~1~x'), 'extends');
  assert.equal(compareLinks('1~halma~AAAB', '1~halma~AAAB~1~x'), null);
});

test('pasted text: a link, an address with one, else a record', () => {
  assert.deepEqual(classifyImport('1~halma~AAAB'), { kind: 'link', text: '1~halma~AAAB' });
  assert.deepEqual(classifyImport('  #1~halma~AAAB \n'), { kind: 'link', text: '1~halma~AAAB' });
  assert.deepEqual(classifyImport('https://x.test/halma/#1~star-3~'), { kind: 'link', text: '1~star-3~' });
  assert.deepEqual(classifyImport('https://x.test/halma/#1~star-2~AyAq!h,c3'), { kind: 'link', text: '1~star-2~AyAq!h,c3' }, 'the players come along');
  assert.deepEqual(classifyImport('1~star-2~AyAq!h,c3'), { kind: 'link', text: '1~star-2~AyAq!h,c3' });
  assert.equal(classifyImport('halma\ne4-e5 f3-f5\n').kind, 'record');
  assert.equal(classifyImport('halma-8x8 1 ....2222/.....222/......22/.......2/1......./11....../111...../1111....\n').kind, 'record');
  assert.equal(classifyImport('halma\n# a comment #1~x\n').kind, 'record');
  assert.equal(classifyImport('2~halma~').kind, 'link', 'a link of another version goes to the engine, which says so');
});

test('record file names are safe and dated', () => {
  const d = new Date(2025, 0, 2, 3, 4);
  assert.equal(recordFileName('star-3+long', d), 'halma-star-3-long-20250102-0304.txt');
  assert.equal(recordFileName('halma+size=12+camp=10', d), 'halma-halma-size-12-camp-10-20250102-0304.txt');
  assert.equal(recordFileName('<script>/../', d), 'halma-script-20250102-0304.txt');
  assert.equal(recordFileName('', d), 'halma-game-20250102-0304.txt');
});

test('records: moves or not, from the start or from a position', () => {
  assert.equal(recordHasMoves('halma\n'), false);
  assert.equal(recordHasMoves('halma\n\n'), false);
  assert.equal(recordHasMoves('halma\ne4-e5\n'), true);
  assert.equal(recordFromStart('star-2\n'), true);
  assert.equal(recordFromStart('halma-8x8 1 ....2222/x\n'), false);
});

const LEVELS = [1, 2, 3, 4, 5];

test('the players part: written only when a seat is a computer or has a name, read back', () => {
  const human = { name: '', kind: 'human' };
  assert.equal(playersPart([human, human]), '', 'people without names: no part (a link as before)');
  assert.equal(playersPart([human, { name: '', kind: 'computer', level: 3 }]), 'h,c3');
  assert.equal(gameFragment('1~star-2~AyAq', [human, { name: '', kind: 'computer', level: 3 }]), '1~star-2~AyAq!h,c3');
  assert.equal(gameFragment('1~star-2~AyAq', [human, human]), '1~star-2~AyAq');
  const named = [
    { name: 'Ada, the first!', kind: 'human' },
    { name: "Grace (1906~1992) 'amazing' *", kind: 'computer', level: 5 },
    { name: 'Åse 🐉', kind: 'human' },
  ];
  const part = playersPart(named);
  assert.match(part, /^[A-Za-z0-9%:,._-]+$/, 'nothing a fragment, a link finder or the separators would take');
  assert.deepEqual(parsePlayers(part, 3, LEVELS), { players: named });
  // Through the whole fragment, also with everything escaped once more by some program.
  const frag = gameFragment('1~star-3~', named);
  assert.deepEqual(splitFragment(`#${frag}`), { link: '1~star-3~', players: part, ending: null });
  const escaped = frag.replace(/[~%:,!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  assert.deepEqual(splitFragment(`#${escaped}`), { link: '1~star-3~', players: part, ending: null });
  assert.deepEqual(splitFragment(`#${escaped.replace('%21', '!')}`), { link: '1~star-3~', players: part, ending: null });
  assert.deepEqual(splitFragment('#1%7Estar-2%7EAyAq!h,c3'), { link: '1~star-2~AyAq', players: 'h,c3', ending: null });
  assert.deepEqual(splitFragment('#1~halma~'), { link: '1~halma~', players: null, ending: null });
  assert.equal(linkFromHash('#1~star-2~AyAq!h,c3'), '1~star-2~AyAq', 'the engine gets its own link only');
});

test('a malformed players part says what is wrong', () => {
  assert.deepEqual(parsePlayers('h', 2, LEVELS), { problem: { key: 'link.players.count', params: { n: 1, seats: 2 } } });
  assert.deepEqual(parsePlayers('h,c3,h', 2, LEVELS), { problem: { key: 'link.players.count', params: { n: 3, seats: 2 } } });
  for (const bad of ['x', 'c9', 'c', 'C3', 'c03x', '', 'hh', 'h3']) {
    const r = parsePlayers(`h,${bad}`, 2, LEVELS);
    assert.ok('problem' in r && r.problem.key === 'link.players.bad' && r.problem.params.n === 2, `${bad}: ${JSON.stringify(r)}`);
    assert.equal(r.problem.params.lo, 1);
    assert.equal(r.problem.params.hi, 5);
  }
  const long = parsePlayers(`h:${'a'.repeat(61)},h`, 2, LEVELS);
  assert.equal('problem' in long && long.problem.key, 'link.players.name');
  assert.equal('problem' in parsePlayers('h:%E0%A4%A,h', 2, LEVELS) && 'bad escape', 'bad escape');
  assert.equal(parsePlayers('h:a%0Ab,h', 2, LEVELS).problem?.key, 'link.players.name', 'no control characters');
  assert.deepEqual(parsePlayers('c1,c5', 2, LEVELS), { players: [{ name: '', kind: 'computer', level: 1 }, { name: '', kind: 'computer', level: 5 }] });
});

test('puzzle moves: two characters a cell, read back; anything else is not moves', () => {
  const moves = [
    { from: 0, to: 4095 },
    { from: 120, to: 64 },
  ];
  const text = encodeMoves(moves);
  assert.equal(text, 'AA__B4BA');
  assert.deepEqual(decodeMoves(text), moves);
  assert.deepEqual(decodeMoves(''), []);
  assert.equal(decodeMoves('AAA'), null);
  assert.equal(decodeMoves('AA!A'), null);
});

test('a game ended by choice says how after a `*`: resigned, a draw, aborted', () => {
  const human = { name: '', kind: /** @type {const} */ ('human') };
  const computer = { name: '', kind: /** @type {const} */ ('computer'), level: 3 };
  assert.equal(gameFragment('1~star-2~AyAq', [human, computer], 'r1'), '1~star-2~AyAq!h,c3*r1');
  assert.equal(gameFragment('1~star-2~AyAq', [human, human], 'd'), '1~star-2~AyAq*d');
  assert.equal(gameFragment('1~star-2~AyAq', [human, human], ''), '1~star-2~AyAq');
  assert.deepEqual(splitFragment('#1~star-2~AyAq!h,c3*r1'), { link: '1~star-2~AyAq', players: 'h,c3', ending: 'r1' });
  assert.deepEqual(splitFragment('#1~star-2~AyAq*d'), { link: '1~star-2~AyAq', players: null, ending: 'd' });
  assert.deepEqual(splitFragment('#1~star-2~AyAq%2Aa'), { link: '1~star-2~AyAq', players: null, ending: 'a' });
  // A name with a `*` is escaped, so it is never taken for an ending.
  const named = gameFragment('1~star-2~', [{ name: 'A*d', kind: 'human' }, human]);
  assert.deepEqual(splitFragment(`#${named}`).ending, null);
  // Not an ending: left to the engine, which says what is wrong.
  assert.deepEqual(splitFragment('#1~star-2~AyAq*x'), { link: '1~star-2~AyAq*x', players: null, ending: null });
  assert.deepEqual(parseRoute('#1~star-2~AyAq!h,c3*r2'), { screen: 'game', link: '1~star-2~AyAq', players: 'h,c3', ending: 'r2' });
  assert.deepEqual(classifyImport('https://example.org/halma/#1~star-2~AyAq*d'), { kind: 'link', text: '1~star-2~AyAq*d' });
});

test('every screen has an address, and each reads back', () => {
  assert.deepEqual(parseRoute(''), { screen: 'none' });
  assert.deepEqual(parseRoute('#'), { screen: 'none' });
  const routes = [
    { screen: 'home' },
    { screen: 'puzzles' },
    { screen: 'puzzle', id: 'solitaire', moves: '' },
    { screen: 'puzzle', id: 'star-crossing', moves: 'AAAB-_Cd' },
    { screen: 'tutorial', board: 'star', step: 3 },
    { screen: 'tutorial', board: 'square', step: 'end' },
  ];
  for (const r of routes) assert.deepEqual(parseRoute(`#${routeFragment(r)}`), r, JSON.stringify(r));
  assert.equal(routeFragment({ screen: 'puzzle', id: 'solitaire', moves: 'AAAB' }), 'puzzle/solitaire/AAAB');
  assert.equal(routeFragment({ screen: 'tutorial', board: 'star', step: 2 }), 'tutorial/star/2');
  assert.deepEqual(parseRoute('#tutorial'), { screen: 'tutorial', board: 'star', step: 1 });
  assert.deepEqual(parseRoute('#1~star-2~AyAq!h,c3'), { screen: 'game', link: '1~star-2~AyAq', players: 'h,c3', ending: null });
  assert.deepEqual(parseRoute('#1~halma~'), { screen: 'game', link: '1~halma~', players: null, ending: null });
  // Anything else is taken for a link, for the engine to say what is wrong with it.
  assert.deepEqual(parseRoute('#homes'), { screen: 'game', link: 'homes', players: null, ending: null });
  assert.deepEqual(parseRoute('#puzzle/<b>'), { screen: 'game', link: 'puzzle/<b>', players: null, ending: null });
});
