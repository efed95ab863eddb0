// The deployable site as scripts/dist.mjs writes it with esbuild: minified bundles with maps
// beside them, no module syntax left where a classic script or an inline page needs none,
// the single-file page's CSP hashes matching its inline script and style, the element's
// classic script, and a service worker that caches every file of the site.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { assemble, listFiles, moduleEntries, tags } from '../../scripts/dist.mjs';

const WWW = fileURLToPath(new URL('../../www/', import.meta.url));
const built = existsSync(path.join(WWW, 'pkg/halma_bg.wasm'));
const skip = built ? false : 'www/pkg is not built (run ./build.sh)';

/** @type {string} */
let out = '';
/** @type {Awaited<ReturnType<typeof assemble>>} */
let result;
const read = (/** @type {string} */ f) => readFileSync(path.join(out, f), 'utf8');
const sha = (/** @type {string} */ s) => createHash('sha256').update(s, 'utf8').digest('base64');

/**
 * The import and export-from specifiers of an ES module, as esbuild parses them.
 * @param {string} code
 * @returns {Promise<string[]>}
 */
async function importsOf(code) {
  const r = await esbuild.build({
    stdin: { contents: code, loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    metafile: true,
    logLevel: 'silent',
    plugins: [{ name: 'all-external', setup: (b) => b.onResolve({ filter: /.*/ }, (a) => ({ path: a.path, external: true })) }],
  });
  return Object.values(r.metafile.inputs).flatMap((i) => i.imports.map((x) => x.path));
}

before(async () => {
  if (!built) return;
  out = mkdtempSync(path.join(tmpdir(), 'halma-dist-'));
  result = await assemble(out);
});
after(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

test('the entries are the pages\' module scripts, the element module and the AI worker', () => {
  const entries = moduleEntries();
  for (const e of ['app.js', 'embed-frame.js', 'embed-example.js', 'embed.js', 'ai-worker.js']) assert.ok(entries.includes(e), e);
  assert.equal(new Set(entries).size, entries.length);
  // Only what a page names or what is loaded by URL: the modules they import are esbuild's.
  assert.ok(!entries.includes('session.js') && !entries.includes('pkg/halma.js'));
});

test('tags: attributes in any order and quoting; escaped markup is not a tag', () => {
  const html = '<script src="a.js" type="module"></script><script type=module src=\'b.js\' defer></script><pre>&lt;script src="c.js"&gt;</pre>';
  assert.deepEqual(
    tags(html, 'script').map((t) => t.attrs),
    [
      { src: 'a.js', type: 'module' },
      { type: 'module', src: 'b.js', defer: '' },
    ],
  );
});

test('every file under www/, subfolders included, is listed', () => {
  const files = listFiles(WWW);
  assert.ok(files.includes('board/index.js') && files.includes('icons/icon-192.png'));
  assert.ok(files.every((f) => !f.startsWith('/') && !f.includes('\\')));
});

test('the JavaScript is bundled and minified, each file with its map beside it', { skip }, () => {
  // (vendor/ holds third-party scripts, copied as they are.)
  const js = listFiles(out).filter((f) => f.endsWith('.js') && !f.startsWith('vendor/'));
  for (const e of result.entries) assert.ok(js.includes(e), `${e} is built`);
  // One copy of what the pages share: chunks beside the entries.
  assert.ok(result.chunks.length > 0);
  let minified = 0;
  for (const f of js) {
    const code = read(f);
    const last = code.trimEnd().split('\n').at(-1);
    assert.equal(last, `//# sourceMappingURL=${path.posix.basename(f)}.map`, `${f} names its map`);
    const map = JSON.parse(read(`${f}.map`));
    assert.equal(map.version, 3);
    // (An entry whose code is all in chunks, as embed.js, only re-exports: nothing to map.)
    if (code.length > 1000) assert.ok(map.sources.length > 0 && map.mappings.length > 0, `${f}.map maps something`);
    // Minified: no comments (but the map's, and halma-board.js's header), no JSDoc.
    const body = f === 'halma-board.js' ? code.split('\n').slice(2).join('\n') : code;
    assert.doesNotMatch(body, /^\s*\/\/(?!# sourceMappingURL)/m, `${f} has no line comments`);
    assert.doesNotMatch(body, /\/\*\*/, `${f} has no JSDoc`);
    minified += code.length;
  }
  // Much smaller than the sources it comes from (the engine's glue included).
  const sources = listFiles(WWW)
    .filter((f) => f.endsWith('.js') && !f.startsWith('pkg.old/'))
    .reduce((n, f) => n + readFileSync(path.join(WWW, f)).length, 0);
  const site = js.filter((f) => f !== 'halma-board.js').reduce((n, f) => n + read(f).length, 0);
  assert.ok(site < 0.6 * sources, `site JS ${site} B against ${sources} B of sources`);
  assert.ok(minified > 0);
});

test('the modules import only files of the site; no JSON or source module is left to fetch', { skip }, async () => {
  for (const f of listFiles(out).filter((x) => x.endsWith('.js') && x !== 'halma-board.js' && x !== 'sw.js' && !x.startsWith('vendor/'))) {
    for (const imp of await importsOf(read(f))) {
      // A relative import() of a module in a subfolder resolves against the bundle, at the
      // top of the site: `import(new URL('../x.js', import.meta.url).href)` keeps its meaning.
      assert.ok(existsSync(path.join(out, path.dirname(f), imp)), `${f} imports ${imp}, which is not a file of the site`);
      assert.ok(result.chunks.includes(path.posix.join(path.posix.dirname(f), imp)), `${f} imports ${imp}, a chunk`);
    }
  }
  // The engine's glue finds its wasm where www/ has it (pkg/halma_bg.wasm), not beside the
  // bundle; nothing in what ships is there for the tests (no hook on window).
  const all = listFiles(out).filter((x) => x.endsWith('.js')).map(read).join('\n');
  assert.match(all, /new URL\("pkg\/halma\.js",import\.meta\.url\)/);
  assert.ok(existsSync(path.join(out, 'pkg/halma_bg.wasm')) && !existsSync(path.join(out, 'pkg/halma.js')));
  assert.doesNotMatch(all, /__halma\b/);
});

test('the pages preload their chunks, and name only files of the site', { skip }, () => {
  const index = read('index.html');
  const preloads = tags(index, 'link').filter((t) => t.attrs.rel === 'modulepreload').map((t) => t.attrs.href);
  assert.ok(preloads.length > 0);
  for (const p of preloads) assert.ok(result.chunks.includes(p), `${p} is a chunk`);
  for (const page of ['index.html', 'embed.html', 'embed-example.html']) {
    for (const t of [...tags(read(page), 'link'), ...tags(read(page), 'script')]) {
      const ref = t.attrs.href ?? t.attrs.src;
      if (ref && !/^[a-z]+:/.test(ref)) assert.ok(existsSync(path.join(out, ref)), `${page}: ${ref}`);
    }
  }
});

test('halma.html: one inline script and one style, hashed by its CSP; nothing to fetch', { skip }, async () => {
  const html = read('halma.html');
  const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
  const styles = [...html.matchAll(/<style([^>]*)>([\s\S]*?)<\/style>/g)];
  assert.equal(scripts.length, 1);
  assert.equal(styles.length, 1);
  assert.equal(scripts[0][1], ' type="module"');
  const [script, css] = [scripts[0][2], styles[0][2]];
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1] ?? '';
  assert.match(csp, new RegExp(`script-src 'sha256-${sha(script).replace(/[+/]/g, '\\$&')}' 'wasm-unsafe-eval'`));
  assert.match(csp, new RegExp(`style-src 'sha256-${sha(css).replace(/[+/]/g, '\\$&')}'`));
  assert.match(csp, /default-src 'none'/);
  // Everything inline: the engine as base64, the worker's source, no file named.
  assert.match(script, /globalThis\.HALMA_INLINE=\{wasm:"AGFzbQ/);
  assert.deepEqual(await importsOf(script), []);
  for (const t of [...tags(html, 'link'), ...tags(html, 'script'), ...tags(html, 'img')]) {
    const ref = t.attrs.href ?? t.attrs.src;
    assert.ok(ref === undefined || ref.startsWith('data:'), `halma.html names ${ref}`);
  }
  // The map is a file beside it, not inlined.
  assert.doesNotMatch(html, /sourceMappingURL=data:/);
  assert.match(script, /\/\/# sourceMappingURL=halma\.html\.map\n$/);
  assert.equal(JSON.parse(read('halma.html.map')).version, 3);
  // The style sheet is minified, its icon inline.
  assert.ok(!css.includes('\n  '));
  assert.doesNotMatch(css, /url\(['"]?favicon/);
});

test('halma-board.js: one classic script, engine and worker inside, no global data', { skip }, () => {
  const code = read('halma-board.js');
  assert.match(code, /^\/\/ halma-board\.js/);
  assert.doesNotMatch(code, /import\.meta|^(import|export)\b/m);
  // The inline data is the script's own constant, not globalThis.HALMA_INLINE.
  assert.doesNotMatch(code, /HALMA_INLINE\b/);
  assert.match(code, /const __halmaInline=\{"wasm":"AGFzbQ/);
  assert.match(code, /customElements\.define\("halma-board"/);
  // ASCII only: a classic script is read in the host page's encoding when no charset is sent.
  assert.doesNotMatch(code, /[^\x00-\x7f]/);
  // It compiles as a classic script (a function body: nothing runs), and so does the worker.
  assert.doesNotThrow(() => new Function(code));
  const data = code.split('\n').find((l) => l.startsWith('const __halmaInline=')) ?? '';
  const { wasm, worker } = JSON.parse(data.slice('const __halmaInline='.length, -1));
  assert.equal(Buffer.from(wasm, 'base64').compare(readFileSync(path.join(WWW, 'pkg/halma_bg.wasm'))), 0);
  assert.match(worker, /^"use strict";/);
  assert.doesNotThrow(() => new Function(worker));
});

test('the service worker caches every file of the site but itself and the maps', { skip }, () => {
  const sw = read('sw.js');
  const files = listFiles(out).filter((f) => f !== 'sw.js' && !f.endsWith('.map'));
  // At install, all but the self-contained copies; those on first use.
  assert.deepEqual(result.lazy, ['halma-board.js', 'halma.html']);
  assert.deepEqual([...result.assets, ...result.lazy].sort(), files);
  for (const f of ['index.html', 'pkg/halma_bg.wasm', 'ai-worker.js', ...result.chunks]) {
    assert.ok(result.assets.includes(f), f);
  }
  assert.ok(sw.includes(JSON.stringify(result.assets)));
  assert.ok(sw.includes(JSON.stringify(result.lazy)));
  assert.ok(sw.includes(`"${result.build}"`));
  assert.match(result.build, /^[0-9a-f]{16}$/);
  assert.doesNotThrow(() => new Function(sw));
});
