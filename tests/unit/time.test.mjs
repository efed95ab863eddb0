// A game lost on time as the page holds it: the session over the real engine (www/pkg, built
// by ./build.sh), whose `loseOnTime` keeps the rule (docs/rules.md#clocks): the result, the
// words, the standings, no Undo; and the endings the players choose (ending.js): a
// resignation, a draw agreed, an abort. Skipped when the wasm module has not been built.
import test from 'node:test';
import assert from 'node:assert/strict';
import { engine, skipUnbuilt } from './engine.mjs';
import { createSession } from '../../www/session.js';
import { t } from '../../www/i18n.js';

/** A session over a new game of `variant` after `moves`, people in every seat. */
function sessionOf(variant, moves = []) {
  const s = createSession({ t, controllerFor: () => null, play() {}, failed() {} });
  const g = new engine.Game(variant);
  for (const m of moves) g.play(m);
  s.load(
    g,
    Array.from({ length: g.seats }, () => ({ name: '', kind: /** @type {const} */ ('human') })),
  );
  return s;
}

/** The standings as [seat, rank, winner]. */
const ranked = (s) => s.standings().map((x) => [x.seat, x.rank, x.winner]);

test('out of time with two seats: the other wins, and the game stays lost', skipUnbuilt, () => {
  const s = sessionOf('halma-8x8', ['c2-c3']);
  s.loseOnTime(2);
  assert.deepEqual(s.outcome(), { kind: 'time', loser: 2, winners: [1] });
  assert.ok(s.isOver() && !s.humanToMove());
  assert.equal(s.statusText(), 'Player 2 (blue) ran out of time. Player 1 (red) wins!');
  assert.deepEqual(ranked(s), [
    [1, 1, true],
    [2, 2, false],
  ]);
  assert.throws(() => s.loseOnTime(1), /the game is over \(seat 2 lost on time; seat 1 wins\)/);
  assert.throws(() => s.play('f7-f6'), /game is over/);
  // The key the Game over dialog is shown once for includes the loss.
  assert.deepEqual(s.takeOutcome(), s.outcome());
  assert.equal(s.takeOutcome(), null);
  // No Undo, no Redo: a game lost on time stays lost (as on lichess).
  assert.ok(s.final());
  assert.equal(s.canUndo(), false);
  assert.equal(s.undo(), null);
  assert.deepEqual(s.redo(), []);
  assert.equal(s.canRedo(), false);
  assert.deepEqual(s.outcome(), { kind: 'time', loser: 2, winners: [1] });
  s.dispose();
});

test('out of time with more seats: the others by progress, a tie sharing the win', skipUnbuilt, () => {
  // From the start every seat has the same points: the two others share the win.
  const s = sessionOf('star-3');
  s.loseOnTime(2);
  assert.deepEqual(s.outcome(), { kind: 'time', loser: 2, winners: [1, 3] });
  assert.match(s.statusText(), /^Player 2 \(\w+\) ran out of time\. Player 1 \(red\) and Player 3 \(\w+\) win!$/);
  assert.deepEqual(ranked(s), [
    [1, 1, true],
    [3, 1, true],
    [2, 3, false],
  ]);
  s.dispose();
  // Seat 1 a move ahead: it alone wins, seat 2 second, the one out of time last.
  const g = sessionOf('star-3');
  const game = g.game();
  const forward = game.legalMoves().find((/** @type {{from: number, to: number}} */ m) => {
    game.playMove(m.from, m.to);
    const ahead = game.points()[0] > 0;
    game.undo();
    return ahead;
  });
  g.play(forward);
  g.loseOnTime(3);
  assert.deepEqual(g.outcome(), { kind: 'time', loser: 3, winners: [1] });
  assert.deepEqual(ranked(g), [
    [1, 1, true],
    [2, 2, false],
    [3, 3, false],
  ]);
  g.dispose();
});

test('out of time in a team game: the whole team loses', skipUnbuilt, () => {
  const s = sessionOf('halma-4+teams=opposite');
  s.loseOnTime(1);
  assert.deepEqual(s.outcome(), { kind: 'time', loser: 1, winners: [2, 4] });
  assert.deepEqual(ranked(s), [
    [2, 1, true],
    [4, 1, true],
    [3, 3, false],
    [1, 3, false],
  ]);
  s.dispose();
});

test('out of time: a seat the game does not have is refused, the game goes on', skipUnbuilt, () => {
  const s = sessionOf('star-3');
  assert.throws(() => s.loseOnTime(0), /^Error: no seat 0: this game has seats 1 to 3$/);
  assert.throws(() => s.loseOnTime(5), /^Error: no seat 5: this game has seats 1 to 3$/);
  assert.throws(() => s.loseOnTime(9), /seat must be a whole number from 0 to 6/);
  assert.throws(() => s.loseOnTime(/** @type {any} */ ('2')), /seat must be a whole number/);
  assert.equal(s.outcome(), null);
  s.dispose();
  // A solitaire out of time: nobody else to win.
  const p = sessionOf('solitaire');
  p.loseOnTime(1);
  assert.equal(p.statusText(), 'Player 1 (red) ran out of time.');
  p.dispose();
});

test('a resignation: the engine ranks it as a loss of that seat, named as such, for good', skipUnbuilt, () => {
  const s = sessionOf('halma-8x8', ['c2-c3', 'f7-f6']);
  s.resign(1);
  assert.deepEqual(s.outcome(), { kind: 'resign', loser: 1, winners: [2] });
  assert.equal(s.statusText(), 'Player 1 (red) resigned. Player 2 (blue) wins!');
  assert.deepEqual(ranked(s), [
    [2, 1, true],
    [1, 2, false],
  ]);
  assert.ok(s.isOver() && s.final() && !s.canUndo() && !s.canRedo());
  assert.deepEqual(s.ending(), { kind: 'resign', seat: 1, at: 2 });
  assert.deepEqual(s.takeOutcome(), s.outcome());
  assert.equal(s.takeOutcome(), null);
  assert.throws(() => s.resign(2), /over/);
  assert.throws(() => s.agreeDraw(), /over/);
  // Saved and loaded again: the same ending.
  const saved = s.ending();
  const record = s.game().record();
  s.dispose();
  const again = createSession({ t, controllerFor: () => null, play() {}, failed() {} });
  again.load(engine.Game.fromRecord(record), [
    { name: '', kind: 'human' },
    { name: '', kind: 'human' },
  ]);
  assert.equal(again.outcome(), null);
  again.restoreEnding(saved);
  assert.deepEqual(again.outcome(), { kind: 'resign', loser: 1, winners: [2] });
  assert.ok(!again.canUndo());
  // A new game in the session forgets it.
  again.load(new engine.Game('halma-8x8'), [
    { name: '', kind: 'human' },
    { name: '', kind: 'human' },
  ]);
  assert.equal(again.ending(), null);
  assert.equal(again.outcome(), null);
  again.dispose();
});

test('a draw agreed and an abort end the game for the page; the engine game stops there', skipUnbuilt, () => {
  const s = sessionOf('halma-8x8', ['c2-c3', 'f7-f6']);
  s.agreeDraw();
  assert.deepEqual(s.outcome(), { kind: 'draw', reason: 'agreed' });
  assert.equal(s.statusText(), 'Draw by agreement.');
  assert.ok(s.isOver() && !s.humanToMove() && !s.canUndo());
  assert.equal(s.game().isOver(), false);
  s.dispose();
  const a = sessionOf('halma-8x8', ['c2-c3']);
  a.abort();
  assert.deepEqual(a.outcome(), { kind: 'aborted' });
  assert.match(a.statusText(), /^Game aborted/);
  assert.deepEqual(a.ending(), { kind: 'aborted', at: 1 });
  assert.ok(a.isOver() && a.final());
  a.dispose();
});
