// Move generation speed of the wasm build in Node: the benchMovegen export of
// src/wasm.rs, the same loop as the native `halma bench`, on the same positions.
//
//   node tests/wasm-bench.mjs [--millis MS] [--rounds N] [--native PATH_TO_HALMA]
//
// Needs www/pkg from `./build.sh`. With --native (as `./build.sh bench` runs it), the
// native `halma bench` runs too, alternating with the wasm runs, and the best figure of
// each over the rounds is compared: on a busy machine the best run is the least disturbed.
// A benchmark, not a test: nothing here fails on a slow machine.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The requirement: wasm move generation at least this fraction of native. */
const TARGET_RATIO = 0.6;

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: opts } = parseArgs({
  options: {
    millis: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
    native: { type: 'string' },
  },
});
const millis = Number(opts.millis);
const rounds = Math.max(1, Number(opts.rounds) || 1);

const { default: init, benchMovegen } = await import(`${root}www/pkg/halma.js`);
await init({ module_or_path: readFileSync(`${root}www/pkg/halma_bg.wasm`) });

/**
 * Million move lists per second by figure name from `halma bench` output:
 * "  star-2   mid-game:   1.23 M lists/s (...)" and
 * "  perft halma 4: 4562496 in 0.06 s, 1.39 M lists/s, ...".
 * @param {string} text
 * @returns {Map<string, number>}
 */
function parseNative(text) {
  const figures = new Map();
  for (const line of text.split('\n')) {
    let m = line.match(/^\s*(\S+)\s+mid-game:\s+([\d.]+) M lists\/s/);
    if (m) figures.set(`${m[1]} mid-game`, Number(m[2]));
    m = line.match(/^\s*(perft \S+ \d+): .*?([\d.]+) M lists\/s/);
    if (m) figures.set(m[1], Number(m[2]));
  }
  return figures;
}

/**
 * Keeps the best (highest) figure of each name.
 * @param {Map<string, number>} best
 * @param {Map<string, number>} figures
 */
function keepBest(best, figures) {
  for (const [name, v] of figures) best.set(name, Math.max(best.get(name) ?? 0, v));
}

// Warm-up, so the figures measure V8's optimised tier rather than its baseline compiler
// (native code needs no warm-up).
benchMovegen(200);
const native = new Map();
const wasm = new Map();
/** @type {Map<string, any>} the wasm result with the best figure, for its details */
const details = new Map();
for (let round = 1; round <= rounds; round++) {
  if (opts.native) {
    const out = execFileSync(opts.native, ['bench', '--seconds', String(millis / 1000)], {
      encoding: 'utf8',
    });
    keepBest(native, parseNative(out));
  }
  for (const r of benchMovegen(millis)) {
    const mps = r.listsPerSecond / 1e6;
    if (mps > (wasm.get(r.name) ?? 0)) details.set(r.name, r);
    keepBest(wasm, new Map([[r.name, mps]]));
  }
}

console.log(
  `move generation, whole move lists per second, best of ${rounds} run(s) of ${millis} ms each;`
  + ` wasm in Node ${process.version}:`,
);
if (![...wasm.keys()].some((name) => name.endsWith('mid-game'))) {
  console.log('  (no mid-game bench positions yet: halma::bench_positions() is empty)');
}
const ratios = [];
for (const [name, mps] of wasm) {
  const r = details.get(name);
  let line = `  ${name.padEnd(36)} wasm ${mps.toFixed(2).padStart(5)} M/s`;
  const n = native.get(name);
  if (n) {
    const ratio = mps / n;
    ratios.push({ name, ratio });
    line += `  native ${n.toFixed(2).padStart(5)} M/s  wasm/native ${ratio.toFixed(2)}`;
  }
  line += r.movesPerList != null
    ? `  (${r.movesPerList.toFixed(0)} moves per list, ${r.positions} positions)`
    : `  (perft ${r.leaves})`;
  console.log(line);
}

if (ratios.length > 0) {
  const midGame = ratios.filter((r) => r.name.endsWith('mid-game'));
  const judged = midGame.length > 0 ? midGame : ratios;
  const worst = Math.min(...judged.map((r) => r.ratio));
  const what = midGame.length > 0 ? 'mid-game positions' : 'perft (no mid-game positions yet)';
  const verdict = worst >= TARGET_RATIO ? 'meets' : 'BELOW';
  console.log(
    `wasm/native on ${what}: worst ${worst.toFixed(2)}, ${verdict} the ${TARGET_RATIO}x target`,
  );
}
