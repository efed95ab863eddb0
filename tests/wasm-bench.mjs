// Move generation and search speed of the wasm build in Node (or headless Chromium): the
// benchMovegen and benchSearch exports of src/wasm.rs, the same work as the native
// `halma bench`, on the same positions (the search visits the same nodes on both).
//
//   node tests/wasm-bench.mjs --pkg DIR [--millis MS] [--nodes N] [--rounds N] [--native PATH_TO_HALMA] [--browser]
//
// DIR holds a wasm build with the `bench` feature (the production www/pkg leaves the
// benchmarks out); `./build.sh bench` builds one into target/pkg-bench/. With --native (as `./build.sh bench` runs it), the
// native `halma bench` runs too, alternating with the wasm runs, and the best figure of
// each over the rounds is compared: on a busy machine the best run is the least disturbed.
// With --browser the wasm runs in a page of headless Chromium (Debian's /usr/bin/chromium,
// driven by playwright-core) instead of in Node: the browser's engine, not Node's.
// A benchmark, not a test: nothing here fails on a slow machine.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CHROMIUM_LAUNCH } from './chromium.mjs';

/** The requirement: wasm perft and search at least this fraction of native speed. */
const TARGET_RATIO = 0.8;
/** The requirement: native level 5 search on star-2 mid-games, M nodes/s. */
const NATIVE_SEARCH_TARGET = 1;

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: opts } = parseArgs({
  options: {
    millis: { type: 'string', default: '1000' },
    nodes: { type: 'string', default: '200000' },
    rounds: { type: 'string', default: '3' },
    native: { type: 'string' },
    pkg: { type: 'string', default: `${root}target/pkg-bench` },
    browser: { type: 'boolean', default: false },
  },
});
const millis = Number(opts.millis);
const nodes = Number(opts.nodes);
const rounds = Math.max(1, Number(opts.rounds) || 1);

const pkg = opts.pkg.replace(/\/$/, '');

/**
 * The wasm build's two benchmarks, in Node or in a Chromium page; and how to shut down.
 * @returns {Promise<{ movegen: (ms: number) => Promise<any[]>, search: (n: number) => Promise<any[]>, engine: string, close: () => Promise<void> }>}
 */
async function loadWasm() {
  if (!opts.browser) {
    const { default: init, benchMovegen, benchSearch } = await import(pathToFileURL(`${pkg}/halma.js`).href);
    await init({ module_or_path: readFileSync(`${pkg}/halma_bg.wasm`) });
    if (typeof benchMovegen !== 'function') {
      throw new Error(`${pkg} is a wasm build without the bench feature (./build.sh bench builds one)`);
    }
    return {
      movegen: async (ms) => benchMovegen(ms),
      search: async (n) => benchSearch(n),
      engine: `Node ${process.version}`,
      close: async () => {},
    };
  }
  const { chromium } = await import('playwright-core');
  // The page and the package from one local origin (a module import needs http).
  const server = createServer((req, res) => {
    const name = new URL(req.url, 'http://x').pathname.slice(1);
    if (name === '') {
      res.setHeader('content-type', 'text/html');
      res.end('<!doctype html><title>wasm bench</title>');
      return;
    }
    if (!/^halma(_bg\.wasm|\.js)$/.test(name)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('content-type', name.endsWith('.wasm') ? 'application/wasm' : 'text/javascript');
    res.end(readFileSync(`${pkg}/${name}`));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const profile = mkdtempSync(`${tmpdir()}/halma-bench-`);
  const context = await chromium.launchPersistentContext(profile, { ...CHROMIUM_LAUNCH, headless: true });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  const ok = await page.evaluate(async () => {
    const m = await import('/halma.js');
    await m.default();
    globalThis.bench = m;
    return typeof m.benchMovegen === 'function';
  });
  if (!ok) throw new Error(`${pkg} is a wasm build without the bench feature (./build.sh bench builds one)`);
  const version = context.browser()?.version() ?? await page.evaluate(() => navigator.userAgent);
  return {
    movegen: (ms) => page.evaluate((x) => globalThis.bench.benchMovegen(x), ms),
    search: (n) => page.evaluate((x) => globalThis.bench.benchSearch(x), n),
    engine: `Chromium ${version}`,
    close: async () => {
      await context.close();
      server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const wasmBench = await loadWasm();

/**
 * Millions per second by figure name from `halma bench` output:
 * "  star-2   mid-game:   1.23 M lists/s (...)",
 * "  perft halma 4: 4562496 in 0.06 s, 1.39 M lists/s, ..." and
 * "  star-2   search:   2.36 M nodes/s (...)".
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
    m = line.match(/^\s*(\S+)\s+search:\s+([\d.]+) M nodes\/s/);
    if (m) figures.set(`${m[1]} search`, Number(m[2]));
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
await wasmBench.movegen(200);
await wasmBench.search(20000);
const native = new Map();
const wasm = new Map();
/** @type {Map<string, any>} the wasm result with the best figure, for its details */
const details = new Map();
for (let round = 1; round <= rounds; round++) {
  if (opts.native) {
    const args = ['bench', '--seconds', String(millis / 1000), '--nodes', String(nodes)];
    const out = execFileSync(opts.native, args, {
      encoding: 'utf8',
    });
    keepBest(native, parseNative(out));
  }
  const runs = [
    ...(await wasmBench.movegen(millis)).map((r) => ({ r, mps: r.listsPerSecond / 1e6 })),
    ...(await wasmBench.search(nodes)).map((r) => ({ r, mps: r.nodesPerSecond / 1e6 })),
  ];
  for (const { r, mps } of runs) {
    if (mps > (wasm.get(r.name) ?? 0)) details.set(r.name, r);
    keepBest(wasm, new Map([[r.name, mps]]));
  }
}

console.log(
  `move generation (M lists/s, best of ${rounds} run(s) of ${millis} ms each) and level 5`
  + ` search (M nodes/s, ${nodes} nodes a position); wasm in ${wasmBench.engine}:`,
);
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
  if (r.movesPerList != null) {
    line += `  (${r.movesPerList.toFixed(0)} moves per list, ${r.positions} positions)`;
  } else if (r.leaves != null) {
    line += `  (perft ${r.leaves})`;
  } else {
    line += `  (${r.nodes} nodes, depth ${r.depth.toFixed(1)}, ${r.positions} positions)`;
  }
  console.log(line);
}

// The target is on perft and the search (the figures); the mid-game lists, which
// use the search's ordered generator, are judged beside them.
const judged = [
  ['perft and search', ratios.filter((r) => !r.name.endsWith('mid-game'))],
  ['mid-game move lists', ratios.filter((r) => r.name.endsWith('mid-game'))],
];
for (const [what, rs] of judged) {
  if (rs.length === 0) continue;
  const worst = rs.reduce((a, b) => (b.ratio < a.ratio ? b : a));
  const verdict = worst.ratio >= TARGET_RATIO ? 'meets' : 'BELOW';
  console.log(
    `wasm/native on ${what}: worst ${worst.ratio.toFixed(3)}`
    + ` (${worst.name}), ${verdict} the ${TARGET_RATIO}x target`,
  );
}
const star2 = native.get('star-2 search');
if (star2) {
  const verdict = star2 >= NATIVE_SEARCH_TARGET ? 'meets' : 'BELOW';
  console.log(
    `native search on star-2 mid-games: ${star2.toFixed(2)} M nodes/s, ${verdict}`
    + ` the ${NATIVE_SEARCH_TARGET} M nodes/s target`,
  );
}
await wasmBench.close();
