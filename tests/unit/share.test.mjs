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
