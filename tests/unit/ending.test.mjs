// The endings the players choose (www/ending.js): a saved ending checked against its game,
// who resigns, whether everyone has moved, and an ending made true again on a loaded game.
import test from 'node:test';
import assert from 'node:assert/strict';
import { checkEnding, everyoneMoved, movedSeats, replayEnding, resigner, endingPart, endingFromPart } from '../../www/ending.js';

test('a saved ending fits its game or is dropped', () => {
  assert.deepEqual(checkEnding({ kind: 'resign', seat: 2, at: 7 }, 2, 7), { kind: 'resign', seat: 2, at: 7 });
  assert.deepEqual(checkEnding({ kind: 'agreed', at: 7, extra: 1 }, 2, 7), { kind: 'agreed', at: 7 });
  assert.deepEqual(checkEnding({ kind: 'aborted', at: 0 }, 6, 0), { kind: 'aborted', at: 0 });
  // Another number of plies (the record changed), a seat the game lacks, junk: none.
  assert.equal(checkEnding({ kind: 'resign', seat: 2, at: 6 }, 2, 7), null);
  assert.equal(checkEnding({ kind: 'resign', seat: 3, at: 7 }, 2, 7), null);
  assert.equal(checkEnding({ kind: 'resign', seat: 1.5, at: 7 }, 2, 7), null);
  assert.equal(checkEnding({ kind: 'resign', at: 7 }, 2, 7), null);
  assert.equal(checkEnding({ kind: 'time', seat: 1, at: 7 }, 2, 7), null);
  assert.equal(checkEnding(null, 2, 7), null);
  assert.equal(checkEnding('resign', 2, 7), null);
  assert.equal(checkEnding(undefined, 2, 7), null);
});

test('who has moved: passes are not moves', () => {
  const h = [
    { seat: 1, move: { from: 1, to: 2 } },
    { seat: 2, move: null },
    { seat: 3, move: { from: 5, to: 6 } },
  ];
  assert.deepEqual([...movedSeats(h)].sort(), [1, 3]);
  assert.equal(everyoneMoved(h, 3), false);
  assert.equal(everyoneMoved([...h, { seat: 2, move: { from: 7, to: 8 } }], 3), true);
  assert.equal(everyoneMoved([], 2), false);
});

test('who resigns: the person to move, else the only person at the screen', () => {
  const person = (/** @type {number[]} */ seats) => (/** @type {number} */ s) => seats.includes(s);
  const none = () => false;
  // Against the computer: the person, whoever is to move.
  assert.equal(resigner({ turn: 1, seats: 2, person: person([1]), finished: none }), 1);
  assert.equal(resigner({ turn: 2, seats: 2, person: person([1]), finished: none }), 1);
  // People at one screen: the one to move; with the computer to move, nobody can tell.
  assert.equal(resigner({ turn: 2, seats: 2, person: person([1, 2]), finished: none }), 2);
  assert.equal(resigner({ turn: 3, seats: 3, person: person([1, 2]), finished: none }), null);
  // A finished seat (played on for the places) is out of play.
  assert.equal(resigner({ turn: 3, seats: 3, person: person([1, 2]), finished: (s) => s === 2 }), 1);
  // Nobody at the screen.
  assert.equal(resigner({ turn: 1, seats: 2, person: none, finished: none }), null);
});

test('an ending made true on a loaded game', () => {
  const lost = [];
  const game = { over: false, isOver() { return this.over; } };
  assert.deepEqual(replayEnding({ kind: 'resign', seat: 2, at: 3 }, game, (s) => lost.push(s)), { kind: 'resign', seat: 2, at: 3 });
  assert.deepEqual(lost, [2]);
  assert.deepEqual(replayEnding({ kind: 'agreed', at: 3 }, game, () => assert.fail('no loss')), { kind: 'agreed', at: 3 });
  // The engine refuses (a seat that has finished): the game stays as its record is.
  assert.equal(replayEnding({ kind: 'resign', seat: 1, at: 3 }, game, () => { throw new Error('finished'); }), null);
  // Over already (by its record): nothing to replay.
  game.over = true;
  assert.equal(replayEnding({ kind: 'aborted', at: 3 }, game, () => {}), null);
  assert.equal(replayEnding(null, game, () => {}), null);
});

test("an ending as a link writes it, read back for the link's moves", () => {
  assert.equal(endingPart({ kind: 'resign', seat: 2, at: 9 }), 'r2');
  assert.equal(endingPart({ kind: 'agreed', at: 9 }), 'd');
  assert.equal(endingPart({ kind: 'aborted', at: 1 }), 'a');
  assert.equal(endingPart(null), '');
  assert.deepEqual(endingFromPart('r2', 9), { kind: 'resign', seat: 2, at: 9 });
  assert.deepEqual(endingFromPart('d', 9), { kind: 'agreed', at: 9 });
  assert.deepEqual(endingFromPart('a', 0), { kind: 'aborted', at: 0 });
  for (const bad of [null, undefined, '', 'r', 'r7', 'r0', 'x', 'dd', 'R1']) assert.equal(endingFromPart(bad, 3), null, String(bad));
});
