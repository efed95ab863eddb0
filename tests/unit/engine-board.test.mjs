// The widget geometry and the setup dialog's variant strings against the real engine
// (www/pkg, built by ./build.sh). Skipped when the wasm module has not been built.
import test from 'node:test';
import assert from 'node:assert/strict';
import { engine, skipUnbuilt } from './engine.mjs';
import { makeLayout, cellCenter, hitTest, rotationForCamp, step } from '../../www/board/geometry.js';
import { variantOptions, defaultForm, formFromInfo, shuffle } from '../../www/setup.js';
import { rulesOf, differencesOf } from '../../www/rules.js';
import { setLang, t } from '../../www/i18n.js';

const opts = skipUnbuilt;

test('every engine board: each cell centre hits its own cell, at every seat rotation', opts, () => {
  for (const id of engine.variantIds()) {
    const g = new engine.Game(id);
    const b = g.board();
    for (const seat of b.seats) {
      const rot = rotationForCamp(b, seat.home);
      const l = makeLayout(b, { width: 613, height: 587, rotation: rot, margin: 1 });
      for (const c of b.cells) {
        const [x, y] = cellCenter(l, b.cells, c.id);
        assert.equal(hitTest(l, b.cells, x, y), c.id, `${id} seat ${seat.seat} ${c.name}`);
      }
      // The seat's home camp ends up in the lower half of the screen.
      const camp = b.camps[seat.home].cells;
      const my = camp.reduce((a, id2) => a + cellCenter(l, b.cells, id2)[1], 0) / camp.length;
      assert.ok(my > 587 / 2, `${id}: seat ${seat.seat}'s camp at the bottom`);
    }
    g.free();
  }
});

test('arrow keys reach every cell of every board', opts, () => {
  for (const id of ['halma', 'halma-8x8', 'star-2', 'star-6+side=2', 'star-3+side=5']) {
    const g = new engine.Game(id);
    const b = g.board();
    const l = makeLayout(b, { width: 500, height: 500, rotation: 60 * (b.shape === 'star' ? 1 : 0), margin: 1 });
    const seen = new Set([0]);
    const queue = [0];
    while (queue.length) {
      const c = queue.shift();
      for (const d of ['up', 'down', 'left', 'right']) {
        const [cx, cy] = cellCenter(l, b.cells, c);
        const n = step(l, b.cells, c, d, d === 'up' || d === 'down' ? cx : cy);
        if (!seen.has(n)) {
          seen.add(n);
          queue.push(n);
        }
      }
    }
    assert.equal(seen.size, b.cells.length, id);
    g.free();
  }
});

test('the setup form gives options the engine makes canonical variant strings of', opts, () => {
  const bases = engine.variants();
  assert.deepEqual(
    bases.map((b) => b.id),
    engine.variantIds(),
  );
  const base = (id) => bases.find((b) => b.id === id);
  const build = (f) => engine.variantString(variantOptions(f, base(f.id)));
  for (const b of bases) {
    const f = defaultForm(b);
    const s = build(f);
    assert.equal(s, b.id, `defaults of ${b.id} add no options`);
    const info = engine.variantInfo(s);
    assert.equal(info.variant, b.id);
    assert.deepEqual(formFromInfo(info, b), f, `form of ${b.id} round-trips`);
  }
  const form = (id, extra) => ({ ...defaultForm(base(id)), ...extra });
  const cases = [
    [form('halma', { long: true, freeTarget: true, win: 'swap', turns: 50 }), 'halma+long+free-target+swap+turns=50'],
    [form('halma', { size: 12, camp: 13 }), 'halma+size=12+camp=13'],
    [form('halma-10x10', { balance: false }), 'halma-10x10+balance=off'],
    [form('star-6', { anyCamp: true, teams: 'opposite', side: 3 }), 'star-6+side=3+any-camp+teams=opposite'],
    [form('halma-4', { teams: 'adjacent', balance: true }), 'halma-4+balance+teams=adjacent'],
    // Options that do not apply are left out: race options in the solitaire, square-only
    // options for the star, star-only ones for squares.
    [form('solitaire', { long: true, freeTarget: true, teams: 'opposite', turns: 50 }), 'solitaire+long'],
    [form('star-2', { size: 8 }), 'star-2'],
    [form('halma', { anyCamp: true, side: 3 }), 'halma'],
  ];
  for (const [f, want] of cases) {
    const s = build(f);
    assert.equal(s, want);
    const info = engine.variantInfo(s);
    assert.equal(info.variant, want);
    assert.deepEqual(build(formFromInfo(info, base(f.id))), want, `form of ${want} round-trips`);
  }
  // Combinations that make no sense are refused by the engine (the dialog shows why).
  assert.throws(() => build(form('halma', { size: 6 })), /overlap/);
  assert.throws(() => engine.variantString({ id: 'star-3', teams: 'opposite' }), /teams need 4 or 6/);
  // Teams apply only where the engine says they can be played.
  assert.deepEqual(
    bases.filter((b) => b.teams).map((b) => b.id),
    ['halma-4', 'star-4', 'star-6'],
  );
  assert.equal('teams' in variantOptions(form('star-3', { teams: 'opposite' }), base('star-3')), false);
});

test('rules text covers every option, in every language', opts, () => {
  for (const lang of /** @type {const} */ (['en', 'da', 'de'])) {
    setLang(lang);
    const std = engine.variantInfo('halma');
    assert.equal(differencesOf(std).length, 1, 'standard Halma: one sentence saying so');
    const v = engine.variantInfo('star-6+side=3+long+free-target+any-camp+swap+balance+teams=adjacent+turns=40');
    const rules = rulesOf(v).join(' ');
    const diff = differencesOf(v);
    assert.ok(diff.length >= 8, `${lang}: ${diff.length} differences`);
    for (const s of [...rulesOf(v), ...diff]) assert.doesNotMatch(s, /\{\w+\}|rules\./, `${lang}: unfilled text: ${s}`);
    assert.match(rules, /73/, 'the holes of a side-3 star');
    const sol = engine.variantInfo('solitaire');
    assert.match(rulesOf(sol).join(' '), /19/);
    // Each piece moves once: the rule is told for every board size, and no proof of
    // impossibility any more.
    assert.ok(rulesOf(sol).includes(t('rules.solitaire.once')), `${lang}: the once rule is told`);
    const small = engine.variantInfo('solitaire+size=8+camp=10');
    assert.ok(rulesOf(small).includes(t('rules.solitaire.once')));
    assert.equal(sol.noOnceSolution, undefined);
    // The mirror line comes from the engine and follows the board size.
    assert.deepEqual(sol.mirrorLine, ['p16', 'a1']);
    assert.deepEqual(small.mirrorLine, ['h8', 'a1']);
    assert.equal(std.mirrorLine, null);
    assert.match(rulesOf(sol).join(' '), /\ba1\b.*\bp16\b/, `${lang}: the 16×16 line`);
    assert.match(rulesOf(small).join(' '), /\ba1\b.*\bh8\b/, `${lang}: the 8×8 line`);
    for (const s of rulesOf(small)) {
      assert.doesNotMatch(s, /\{\w+\}|p16|a16|p1\b/, `${lang}: 8×8 rules name another board's corners: ${s}`);
    }
  }
  setLang('en');
});

test('the coin toss is a permutation', () => {
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = 0; i < 50; i++) {
    const out = shuffle([1, 2, 3, 4, 5, 6], rnd);
    assert.deepEqual([...out].sort(), [1, 2, 3, 4, 5, 6]);
  }
  const counts = [0, 0];
  for (let i = 0; i < 2000; i++) counts[shuffle(['a', 'b'])[0] === 'a' ? 0 : 1]++;
  assert.ok(counts[0] > 850 && counts[1] > 850, `fair enough: ${counts}`);
});
