// Move generation and search speed of the wasm build in Node (or headless Chromium): the
// benchMovegen and benchSearch exports of src/wasm.rs, the same work as the native
// `halma bench`, on the same positions (the search visits the same nodes on both).
//
//   node tests/wasm-bench.mjs --pkg DIR [--millis MS] [--nodes N] [--rounds N] [--native PATH_TO_HALMA]
//                             [--baseline-pkg DIR] [--browser]
//
// DIR holds a wasm build with the `bench` feature (the production www/pkg leaves the
// benchmarks out); `./build.sh bench` builds one into target/pkg-bench/. With --native (as `./build.sh bench` runs it), the
// native `halma bench` runs too, alternating with the wasm runs, and the best figure of
// each over the rounds is compared: on a busy machine the best run is the least disturbed.
// With --browser the wasm runs in a page of headless Chromium (Debian's /usr/bin/chromium,
// driven by playwright-core) instead of in Node: the browser's engine, not Node's.
// With --baseline-pkg (another bench build, e.g. of an older commit), that build runs too,
// alternating with DIR's round by round in the same Node process or page, and each figure
// is printed beside it with the ratio DIR/baseline: a before-and-after in one run.
// A package that exports panicOnPurpose (bench builds) is also checked, in a second
// instance, for the panic hook: a Rust panic must print Rust's message in the console.
// A benchmark, not a test: nothing here fails on a slow machine (a missing panic hook does).

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
    'baseline-pkg': { type: 'string' },
    browser: { type: 'boolean', default: false },
  },
});
const millis = Number(opts.millis);
const nodes = Number(opts.nodes);
const rounds = Math.max(1, Number(opts.rounds) || 1);

const pkg = opts.pkg.replace(/\/$/, '');
const baselinePkg = opts['baseline-pkg']?.replace(/\/$/, '');

/** The message the panic check panics with. */
const PANIC_MESSAGE = 'a panic on purpose, to check the panic hook';

/**
 * The first console.error line of a call that panics in the wasm module, or null when the
 * call did not throw. Runs in Node or, passed to page.evaluate, in the page.
 * @param {{ panicOnPurpose: (m: string) => void }} m
 * @param {string} message
 */
function panicOutput(m, message) {
  const seen = [];
  const error = console.error;
  console.error = (...args) => seen.push(args.join(' '));
  try {
    m.panicOnPurpose(message);
    return null;
  } catch {
    return seen.join('\n');
  } finally {
    console.error = error;
  }
}

/**
 * The wasm build in DIR's two benchmarks, in Node or in a Chromium page; its panic check;
 * and how to shut down. Several builds share one browser (`shared`).
 * @param {string} dir
 * @param {string} name the package's path on the local server (browser)
 * @param {{ page?: any, close?: () => Promise<void> }} shared
 * @returns {Promise<{ movegen: (ms: number) => Promise<any[]>, search: (n: number) => Promise<any[]>, panicCheck: () => Promise<string | null | undefined>, engine: string, close: () => Promise<void> }>}
 */
async function loadWasm(dir, name, shared) {
  const notBench = `${dir} is a wasm build without the bench feature (./build.sh bench builds one)`;
  if (!opts.browser) {
    const url = pathToFileURL(`${dir}/halma.js`).href;
    const { default: init, benchMovegen, benchSearch } = await import(url);
    await init({ module_or_path: readFileSync(`${dir}/halma_bg.wasm`) });
    if (typeof benchMovegen !== 'function') throw new Error(notBench);
    return {
      movegen: async (ms) => benchMovegen(ms),
      search: async (n) => benchSearch(n),
      // A second instance (another module URL), so the panic leaves the benchmarked one as it was.
      panicCheck: async () => {
        const m = await import(`${url}?panic`);
        if (typeof m.panicOnPurpose !== 'function') return undefined;
        await m.default({ module_or_path: readFileSync(`${dir}/halma_bg.wasm`) });
        return panicOutput(m, PANIC_MESSAGE);
      },
      engine: `Node ${process.version}`,
      close: async () => {},
    };
  }
  if (!shared.page) {
    const { chromium } = await import('playwright-core');
    // The page and the packages from one local origin (a module import needs http):
    // /new/halma.js is --pkg's, /base/halma.js --baseline-pkg's.
    const dirs = { new: pkg, base: baselinePkg };
    const server = createServer((req, res) => {
      const path = new URL(req.url, 'http://x').pathname;
      if (path === '/') {
        res.setHeader('content-type', 'text/html');
        res.end('<!doctype html><title>wasm bench</title>');
        return;
      }
      const m = path.match(/^\/(new|base)\/(halma(_bg\.wasm|\.js))$/);
      if (!m || !dirs[m[1]]) {
        res.statusCode = 404;
        res.end();
        return;
      }
      res.setHeader('content-type', m[2].endsWith('.wasm') ? 'application/wasm' : 'text/javascript');
      res.end(readFileSync(`${dirs[m[1]]}/${m[2]}`));
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const profile = mkdtempSync(`${tmpdir()}/halma-bench-`);
    const context = await chromium.launchPersistentContext(profile, { ...CHROMIUM_LAUNCH, headless: true });
    shared.page = await context.newPage();
    await shared.page.goto(`http://127.0.0.1:${server.address().port}/`);
    shared.engine = `Chromium ${context.browser()?.version() ?? await shared.page.evaluate(() => navigator.userAgent)}`;
    shared.close = async () => {
      await context.close();
      server.close();
      rmSync(profile, { recursive: true, force: true });
    };
  }
  const { page } = shared;
  const ok = await page.evaluate(async (n) => {
    const m = await import(`/${n}/halma.js`);
    await m.default();
    (globalThis.bench ??= {})[n] = m;
    return typeof m.benchMovegen === 'function';
  }, name);
  if (!ok) throw new Error(notBench);
  return {
    movegen: (ms) => page.evaluate(([n, x]) => globalThis.bench[n].benchMovegen(x), [name, ms]),
    search: (k) => page.evaluate(([n, x]) => globalThis.bench[n].benchSearch(x), [name, k]),
    panicCheck: () => page.evaluate(async ([n, message, check]) => {
      const m = await import(`/${n}/halma.js?panic`);
      if (typeof m.panicOnPurpose !== 'function') return undefined;
      await m.default();
      // eslint-disable-next-line no-new-func
      return new Function(`return (${check})`)()(m, message);
    }, [name, PANIC_MESSAGE, panicOutput.toString()]),
    engine: shared.engine,
    close: async () => {},
  };
}

const shared = {};
const wasmBench = await loadWasm(pkg, 'new', shared);
const baseline = baselinePkg ? await loadWasm(baselinePkg, 'base', shared) : null;

// The panic hook (bench builds that export panicOnPurpose): Rust's message in the console.
for (const [label, build] of [[pkg, wasmBench], [baselinePkg, baseline]]) {
  if (!build) continue;
  const out = await build.panicCheck();
  if (out === undefined) {
    console.log(`panic hook of ${label}: not checked (no panicOnPurpose export)`);
  } else if (out && out.includes('panicked at') && out.includes(PANIC_MESSAGE)) {
    console.log(`panic hook of ${label}: Rust's message in the console (${out.split('\n')[0]})`);
  } else {
    console.log(`panic hook of ${label}: MISSING (console: ${JSON.stringify(out)})`);
    process.exitCode = 1;
  }
}

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

/**
 * One round of a wasm build's two benchmarks: million lists or nodes per second by figure.
 * @param {typeof wasmBench} build
 * @param {Map<string, number>} best the best figure of each name so far (updated)
 * @param {Map<string, any>} [details] the result with the best figure, for its details
 */
async function wasmRound(build, best, details) {
  const runs = [
    ...(await build.movegen(millis)).map((r) => ({ r, mps: r.listsPerSecond / 1e6 })),
    ...(await build.search(nodes)).map((r) => ({ r, mps: r.nodesPerSecond / 1e6 })),
  ];
  for (const { r, mps } of runs) {
    if (details && mps > (best.get(r.name) ?? 0)) details.set(r.name, r);
    keepBest(best, new Map([[r.name, mps]]));
  }
}

// Warm-up, so the figures measure V8's optimised tier rather than its baseline compiler
// (native code needs no warm-up).
for (const build of [wasmBench, baseline]) {
  if (!build) continue;
  await build.movegen(200);
  await build.search(20000);
}
const native = new Map();
const wasm = new Map();
const base = new Map();
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
  // Baseline and new in turn, first one then the other, so neither always runs first.
  const order = round % 2 ? [[baseline, base], [wasmBench, wasm]] : [[wasmBench, wasm], [baseline, base]];
  for (const [build, best] of order) {
    if (build) await wasmRound(build, best, best === wasm ? details : undefined);
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
  const b = base.get(name);
  if (b) line += `  baseline ${b.toFixed(2).padStart(5)} M/s  wasm/baseline ${(mps / b).toFixed(3)}`;
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
if (baseline) {
  const vs = [...wasm].filter(([name]) => base.get(name)).map(([name, v]) => ({ name, ratio: v / base.get(name) }));
  for (const [what, rs] of [
    ['perft and search', vs.filter((r) => !r.name.endsWith('mid-game'))],
    ['mid-game move lists', vs.filter((r) => r.name.endsWith('mid-game'))],
  ]) {
    if (rs.length === 0) continue;
    const lo = rs.reduce((a, b) => (b.ratio < a.ratio ? b : a));
    const hi = rs.reduce((a, b) => (b.ratio > a.ratio ? b : a));
    console.log(
      `wasm/baseline (${pkg} against ${baselinePkg}) on ${what}: ${lo.ratio.toFixed(3)} (${lo.name})`
      + ` to ${hi.ratio.toFixed(3)} (${hi.name})`,
    );
  }
}
const star2 = native.get('star-2 search');
if (star2) {
  const verdict = star2 >= NATIVE_SEARCH_TARGET ? 'meets' : 'BELOW';
  console.log(
    `native search on star-2 mid-games: ${star2.toFixed(2)} M nodes/s, ${verdict}`
    + ` the ${NATIVE_SEARCH_TARGET} M nodes/s target`,
  );
}
await shared.close?.();
