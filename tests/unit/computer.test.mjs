// The computer player's pieces that need no browser: levels, seeds and search options
// (computer.js, against the engine's levels and budgets), and the AI client's bookkeeping
// (ai.js) against a stand-in Worker: one request at a time, newer requests and cancels
// supersede older ones, stale answers are dropped, a running search is ended by terminating
// the worker.
import test from 'node:test';
import assert from 'node:assert/strict';
import { engine, skipUnbuilt } from './engine.mjs';
import { clampLevel, seedFor, searchOptions, hintOptions, engineLevels, playOptions, timedOptions, LEVEL5_MAX_MS } from '../../www/computer.js';
import { createAi, AiCancelled } from '../../www/ai.js';
import { checkSetup, loadPrefs } from '../../www/storage.js';

const opts = skipUnbuilt;

test("levels: the engine's 1 to 5, anything else falls back or is clamped", opts, () => {
  const { levels, defaultLevel } = engineLevels();
  assert.deepEqual([...levels], [1, 2, 3, 4, 5]);
  assert.ok(levels.includes(defaultLevel));
  assert.equal(clampLevel(4), 4);
  assert.equal(clampLevel('2'), 2);
  assert.equal(clampLevel(9), 5);
  assert.equal(clampLevel(0), 1);
  assert.equal(clampLevel(undefined), defaultLevel);
  assert.equal(clampLevel('x'), defaultLevel);
});

test("search options: a level and a seed from the ply count; the budgets are the engine's", opts, () => {
  assert.equal(seedFor(0), 1);
  assert.equal(seedFor(17), 18);
  assert.deepEqual(searchOptions(2, 4), { level: 2, seed: 5 });
  // No budget from the page: level 5 searches the engine's fixed node count (under its time
  // cap), a hint the engine's smaller one. On the square board: on the star for two level 5
  // stops at depth 5, from the start within a hint's budget.
  assert.deepEqual(searchOptions(5, 0), { level: 5, seed: 1 });
  assert.deepEqual(hintOptions(3), { hint: true, seed: 4 });
  const g = new engine.Game('halma');
  const hint = g.hint({ seed: 1 });
  const play = engine.bestMove(g.position(), searchOptions(5, 0));
  g.free();
  assert.ok(hint.nodes > 0 && hint.nodes < play.nodes, `hint ${hint.nodes} nodes, play ${play.nodes}`);
  assert.ok(play.nodes >= 1_000_000, `level 5 keeps its node budget: ${play.nodes}`);
});

test('in play, level 5 keeps to about a second on every board; a clock caps it further', opts, () => {
  const { playNodes, playMillis } = engineLevels();
  assert.ok(LEVEL5_MAX_MS >= 800 && LEVEL5_MAX_MS <= 1500, `"about a second": ${LEVEL5_MAX_MS} ms`);
  assert.deepEqual(playOptions(5, 0), { level: 5, seed: 1, nodes: playNodes, timeMs: LEVEL5_MAX_MS });
  // The lower levels spend an eighth of the budget or less: no cap, the same move always.
  assert.deepEqual(playOptions(3, 4), { level: 3, seed: 5 });
  assert.deepEqual(playOptions(1, 0), { level: 1, seed: 1 });
  // On the clock: the smaller of the level's cap and the clock's share.
  assert.equal(timedOptions(playOptions(5, 0), 5000).timeMs, LEVEL5_MAX_MS);
  assert.equal(timedOptions(playOptions(5, 0), 300.7).timeMs, 300);
  assert.equal(timedOptions(playOptions(3, 0), 5000).timeMs, Math.min(5000, playMillis));
  assert.deepEqual(timedOptions(playOptions(5, 0), null), playOptions(5, 0));
});

test("saved setups keep a level of the engine's only; the speed preference is read back", opts, () => {
  const s = checkSetup(
    {
      variant: 'halma',
      players: [
        { name: '', kind: 'computer', level: 5 },
        { name: '', kind: 'computer', level: 7 },
      ],
    },
    engineLevels().levels,
  );
  assert.equal(typeof s, 'object');
  assert.equal(s.players[0].level, 5);
  assert.equal(s.players[1].level, undefined);
  const mem = { getItem: () => JSON.stringify({ speed: 'slow' }) };
  assert.equal(loadPrefs(/** @type {any} */ (mem)).speed, 'slow');
  const bad = { getItem: () => JSON.stringify({ speed: 'warp' }) };
  assert.equal(loadPrefs(/** @type {any} */ (bad)).speed, undefined);
});

/** A stand-in for the module worker: records messages, answers when told to. */
class FakeWorker {
  static all = [];
  constructor(url, opts) {
    this.url = String(url);
    this.opts = opts;
    this.sent = [];
    this.terminated = false;
    this.onmessage = null;
    this.onerror = null;
    FakeWorker.all.push(this);
  }
  postMessage(m) {
    this.sent.push(m);
  }
  terminate() {
    this.terminated = true;
  }
  /** Delivers a message from the worker to the page. */
  reply(data) {
    this.onmessage?.({ data });
  }
  lastThink() {
    return this.sent.filter((m) => m.type === 'think').at(-1);
  }
}

/** Runs `fn` with the stand-in Worker installed. */
async function withFakeWorker(fn) {
  const saved = globalThis.Worker;
  globalThis.Worker = /** @type {any} */ (FakeWorker);
  FakeWorker.all = [];
  try {
    await fn();
  } finally {
    globalThis.Worker = saved;
  }
}

const move = (id, from = 1, to = 2) => ({ type: 'move', id, from, to, path: [from, to], text: 'a1-a2', score: 0, depth: 1, nodes: 5, millis: 1 });

test('ai: a module worker, started lazily and once; an answer resolves its request', async () => {
  await withFakeWorker(async () => {
    const ai = createAi({ url: 'x/ai-worker.js' });
    assert.equal(FakeWorker.all.length, 0, 'no worker before the first request');
    const job = ai.think({ position: 'p', level: 3, seed: 1 });
    assert.equal(FakeWorker.all.length, 1);
    const w = FakeWorker.all[0];
    assert.deepEqual(w.opts, { type: 'module' });
    assert.deepEqual(w.lastThink(), { type: 'think', id: job.id, position: 'p', level: 3, seed: 1 });
    assert.equal(ai.busy(), true);
    w.reply({ type: 'ready', millis: 12 });
    w.reply(move(job.id, 7, 9));
    const th = await job.result;
    assert.equal(th.from, 7);
    assert.equal(th.to, 9);
    assert.equal(ai.busy(), false);
    assert.equal(typeof ai.stats.lastStartMs, 'number');
    // The next request reuses the worker.
    const job2 = ai.think({ position: 'q', level: 1 });
    assert.equal(FakeWorker.all.length, 1);
    w.reply({ type: 'none', id: job2.id });
    assert.equal(await job2.result, null);
  });
});

test('ai: a newer request supersedes a running one (the worker is replaced); stale answers are dropped', async () => {
  await withFakeWorker(async () => {
    const ai = createAi({ url: 'w.js' });
    const a = ai.think({ position: 'a', level: 5 });
    const w1 = FakeWorker.all[0];
    w1.reply({ type: 'ready', millis: 1 });
    const b = ai.think({ position: 'b', level: 5 });
    await assert.rejects(a.result, AiCancelled);
    assert.equal(w1.terminated, true, 'the running search is ended with its worker');
    assert.equal(ai.stats.restarts, 1);
    const w2 = FakeWorker.all[1];
    assert.equal(w2.lastThink().position, 'b');
    // A late answer from the old worker, or for the old id, changes nothing.
    w1.reply(move(a.id));
    w2.reply(move(a.id));
    assert.equal(ai.busy(), true);
    w2.reply({ type: 'ready', millis: 1 });
    w2.reply(move(b.id, 3, 4));
    assert.equal((await b.result).from, 3);
  });
});

test('ai: before the engine has loaded, a cancel only tells the worker (no restart)', async () => {
  await withFakeWorker(async () => {
    const ai = createAi({ url: 'w.js' });
    const a = ai.think({ position: 'a', level: 2 });
    ai.cancel(a.id);
    await assert.rejects(a.result, AiCancelled);
    const w = FakeWorker.all[0];
    assert.equal(w.terminated, false);
    assert.deepEqual(w.sent.at(-1), { type: 'cancel', id: a.id });
    assert.equal(ai.busy(), false);
    // Cancelling an id that is not current does nothing.
    const b = ai.think({ position: 'b', level: 2 });
    ai.cancel(a.id);
    assert.equal(ai.busy(), true);
    w.reply({ type: 'ready', millis: 1 });
    w.reply(move(b.id));
    await b.result;
  });
});

test('ai: errors reject; a worker that fails to load rejects and is replaced next time', async () => {
  await withFakeWorker(async () => {
    const ai = createAi({ url: 'w.js' });
    const a = ai.think({ position: 'bad', level: 1 });
    const w = FakeWorker.all[0];
    w.reply({ type: 'ready', millis: 1 });
    w.reply({ type: 'error', id: a.id, message: 'bad position' });
    await assert.rejects(a.result, /bad position/);
    const b = ai.think({ position: 'p', level: 1 });
    w.onerror?.({ message: 'boom', preventDefault() {} });
    await assert.rejects(b.result, /boom/);
    assert.equal(w.terminated, true);
    ai.think({ position: 'p', level: 1 });
    assert.equal(FakeWorker.all.length, 2);
    ai.dispose();
    assert.equal(FakeWorker.all[1].terminated, true);
  });
});

test('ai: an analysis is a request like a move: its answer resolves it, a newer one drops it', async () => {
  await withFakeWorker(async () => {
    const ai = createAi({ url: 'w.js' });
    const a = ai.analyse({ position: 'p', nodes: 40000, seed: 1 });
    const w1 = FakeWorker.all[0];
    assert.deepEqual(w1.sent.at(-1), { type: 'analyse', id: a.id, position: 'p', nodes: 40000, seed: 1 });
    w1.reply({ type: 'ready', millis: 1 });
    const body = { seat: 1, twoSided: true, score: 120, lead: 3, wins: [], playouts: 0, depth: 4, nodes: 40000, pv: [], millis: 9 };
    w1.reply({ type: 'analysis', id: a.id, analysis: body });
    assert.deepEqual(await a.result, body);
    // A newer analysis (the position changed) supersedes the running one; its late answer
    // is dropped.
    const b = ai.analyse({ position: 'q' });
    const c = ai.analyse({ position: 'r' });
    await assert.rejects(b.result, AiCancelled);
    const w2 = FakeWorker.all.at(-1);
    w2.reply({ type: 'ready', millis: 1 });
    w2.reply({ type: 'analysis', id: b.id, analysis: { ...body, lead: -99 } });
    assert.equal(ai.busy(), true, 'the stale answer resolved nothing');
    w2.reply({ type: 'none', id: c.id });
    assert.equal(await c.result, null, 'a finished game has no analysis');
  });
});
