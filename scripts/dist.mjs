// Assembles the deployable site from www/ with esbuild (after ./build.sh has written www/pkg/):
//
//   node scripts/dist.mjs [OUT]      (default: dist; ./build.sh dist runs this)
//
//   OUT/             the site. The module scripts of every page of www/, the element as a
//                    module (embed.js) and the AI worker (ai-worker.js) are bundled by esbuild
//                    into minified ES modules of the same names, the code they share in chunk
//                    files beside them (so a page that loads two of them has one copy of each
//                    module); the style sheets minified; a source map beside each. The pages
//                    preload their chunks; the wasm engine (pkg/halma_bg.wasm), icons,
//                    manifest and vendor/ (third-party scripts loaded by URL) are copied as
//                    they are.
//   OUT/sw.js        the service worker, with this build's id and the list of files to cache:
//                    every file of OUT but itself and the source maps
//   OUT/halma.html   the whole game in one self-contained page that works from disk
//                    (file://): the styles inlined, the game bundled into one inline module
//                    script, the wasm engine embedded as base64, the AI worker started from a
//                    Blob of its bundled source; a Content-Security-Policy with the hashes of
//                    the one script and the one style element. Its map is halma.html.map.
//   OUT/halma-board.js  the <halma-board> element (embed.js) as one classic script (esbuild's
//                    iife format) with the engine and the AI worker inside, the same way: a
//                    page on any origin loads it with <script src>, which needs no CORS, and
//                    it fetches nothing
//
// www/ stays the one source, served unbundled in development: nothing here is edited by hand.
import { readFileSync, writeFileSync, rmSync, mkdirSync, readdirSync, statSync, copyFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import * as esbuild from 'esbuild';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const WWW = path.join(ROOT, 'www');

/**
 * Module entries that no page names in a <script>: the element as a module, which other
 * sites import (docs/embedding.md), and the AI worker, which www/ai.js starts by its URL
 * (`new URL('./ai-worker.js', import.meta.url)`).
 */
const URL_ENTRIES = ['embed.js', 'ai-worker.js'];
/** Files the service worker caches when first fetched, not at install: the self-contained
 * copies of the game, which the page itself never loads. */
const LAZY_FILES = ['halma.html', 'halma-board.js'];

/** Files of www/ never copied: generated declarations and a failed build's leftovers. */
function skipped(/** @type {string} */ rel) {
  return rel.endsWith('.d.ts') || rel.startsWith('pkg.old/') || rel.startsWith('pkg-stage/');
}

/**
 * Every file under a folder, as paths relative to it with '/', sorted.
 * @param {string} dir
 * @returns {string[]}
 */
export function listFiles(dir) {
  /** @type {string[]} */
  const out = [];
  const walk = (/** @type {string} */ sub) => {
    for (const name of readdirSync(path.join(dir, sub))) {
      const rel = sub ? `${sub}/${name}` : name;
      if (statSync(path.join(dir, rel)).isDirectory()) walk(rel);
      else out.push(rel);
    }
  };
  walk('');
  return out.sort();
}

/** @param {string} p an absolute path under www/ @returns {string} relative with '/' */
const relWww = (p) => path.relative(WWW, p).split(path.sep).join('/');

/**
 * The attributes of each `<tag …>` in an HTML text (lower-case names; a bare attribute is '').
 * Text inside <pre>/<code> is escaped (`&lt;script`), so it is not taken for a tag.
 * @param {string} html
 * @param {string} tag
 * @returns {{text: string, attrs: Record<string, string>}[]}
 */
export function tags(html, tag) {
  const out = [];
  for (const m of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))) {
    /** @type {Record<string, string>} */
    const attrs = {};
    for (const a of m[1].matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attrs[a[1].toLowerCase()] = a[2] ?? a[3] ?? a[4] ?? '';
    }
    out.push({ text: m[0], attrs });
  }
  return out;
}

/** A reference in a page to a file of the site (not another site, not data:, not a folder). */
function localRef(/** @type {string} */ ref) {
  return ref !== '' && !/^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(ref) && !ref.split(/[?#]/)[0].endsWith('/');
}

/** The pages of www/ (its top-level .html files). */
export function pages() {
  return readdirSync(WWW)
    .filter((f) => f.endsWith('.html'))
    .sort();
}

/**
 * The module entries: each page's module scripts, then URL_ENTRIES, as paths relative to
 * www/. Everything they import is found by esbuild.
 * @returns {string[]}
 */
export function moduleEntries() {
  const entries = new Set();
  for (const page of pages()) {
    const html = readFileSync(path.join(WWW, page), 'utf8');
    for (const { attrs } of tags(html, 'script')) {
      if (attrs.src === undefined) continue;
      if (!localRef(attrs.src)) continue;
      if (attrs.type !== 'module') throw new Error(`www/${page}: only module scripts are bundled (<script src="${attrs.src}">)`);
      entries.add(path.posix.normalize(attrs.src));
    }
  }
  for (const e of URL_ENTRIES) entries.add(e);
  return [...entries];
}

// ------------------------------------------------------------------ esbuild

/**
 * esbuild leaves `import.meta.url` as it is: in a bundle it is the URL of the output file,
 * not of the module the code was written in. Every output sits at the top of OUT, where
 * www/'s top-level modules are, so they resolve relative URLs as before; a module in a
 * subfolder gets its own URL back (the engine's glue, pkg/halma.js, finds its wasm by
 * `new URL('halma_bg.wasm', import.meta.url)`: pkg/halma_bg.wasm in OUT as in www/).
 * @type {esbuild.Plugin}
 */
const moduleUrl = {
  name: 'halma-module-url',
  setup(build) {
    build.onLoad({ filter: /\.js$/ }, async (args) => {
      const rel = relWww(args.path);
      if (rel.startsWith('../') || !rel.includes('/')) return undefined;
      const code = await readFile(args.path, 'utf8');
      if (!code.includes('import.meta.url')) return undefined;
      return { contents: code.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`), loader: 'js' };
    });
  },
};

/** What every JavaScript build shares. */
const JS = /** @type {const} */ ({
  // The metafile's paths are relative to this.
  absWorkingDir: ROOT,
  bundle: true,
  minify: true,
  // The syntax www/ is written in; minifying never introduces newer syntax than this.
  target: 'es2022',
  platform: 'browser',
  logLevel: 'warning',
  plugins: [moduleUrl],
});

/**
 * The site's modules: every entry and its chunks, minified ES modules with linked maps.
 * @param {string} out
 * @param {string[]} entries relative to www/
 */
async function buildModules(out, entries) {
  const r = await esbuild.build({
    ...JS,
    entryPoints: entries.map((e) => path.join(WWW, e)),
    outdir: out,
    outbase: WWW,
    entryNames: '[dir]/[name]',
    chunkNames: '[name]-[hash]',
    format: 'esm',
    splitting: true,
    sourcemap: 'linked',
    charset: 'utf8',
    metafile: true,
  });
  return r.metafile;
}

/**
 * The AI worker as one classic script (for a Blob), the engine's glue inside. Built with
 * `HALMA_INLINE_WORKER` true, it fetches no wasm and waits for the page's `init` message
 * with the compiled engine.
 * @returns {Promise<string>}
 */
async function inlineWorker() {
  const r = await esbuild.build({
    ...JS,
    entryPoints: [path.join(WWW, 'ai-worker.js')],
    format: 'iife',
    write: false,
    charset: 'ascii',
    define: { 'import.meta.url': 'self.location.href', 'globalThis.HALMA_INLINE_WORKER': 'true' },
  });
  return r.outputFiles[0].text;
}

/**
 * The style sheets of www/, their imports inlined, minified, each with a linked map.
 * @param {string} out
 * @param {string[]} sheets relative to www/
 */
async function buildStyles(out, sheets) {
  if (sheets.length === 0) return;
  await esbuild.build({
    entryPoints: sheets.map((s) => path.join(WWW, s)),
    outdir: out,
    outbase: WWW,
    bundle: true,
    minify: true,
    // The logo and any other picture a sheet names: inlined (they are small).
    loader: { '.svg': 'dataurl', '.png': 'dataurl' },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

// ------------------------------------------------------------------ the pages of the site

/**
 * The chunks an output module imports statically, all the way down (what to preload).
 * @param {esbuild.Metafile} meta
 * @param {string} outRel the output file, relative to OUT
 * @param {string} outAbsDir OUT
 */
function staticImports(meta, outRel, outAbsDir) {
  const key = (/** @type {string} */ rel) => path.relative(ROOT, path.join(outAbsDir, rel)).split(path.sep).join('/');
  const back = (/** @type {string} */ k) => path.relative(outAbsDir, path.join(ROOT, k)).split(path.sep).join('/');
  /** @type {Set<string>} */
  const seen = new Set();
  const visit = (/** @type {string} */ k) => {
    for (const imp of meta.outputs[k]?.imports ?? []) {
      if (imp.kind !== 'import-statement' || imp.external || seen.has(imp.path)) continue;
      seen.add(imp.path);
      visit(imp.path);
    }
  };
  visit(key(outRel));
  return [...seen].map(back);
}

/**
 * A page of the site: its modulepreload links name the bundles' chunks instead of the
 * source modules.
 * @param {string} html
 * @param {string} page
 * @param {esbuild.Metafile} meta
 * @param {string} out
 */
function sitePage(html, page, meta, out) {
  const scripts = tags(html, 'script').filter((t) => t.attrs.type === 'module' && t.attrs.src && localRef(t.attrs.src));
  html = html.replace(/^[ \t]*<link rel="modulepreload"[^>]*>\r?\n/gm, '');
  if (scripts.length === 0) return html;
  /** @type {Set<string>} */
  const preload = new Set();
  for (const s of scripts) for (const c of staticImports(meta, path.posix.normalize(s.attrs.src), out)) preload.add(c);
  const first = scripts[0].text;
  const indent = /^([ \t]*)/m.exec(html.slice(html.lastIndexOf('\n', html.indexOf(first)) + 1))?.[1] ?? '';
  const links = [...preload].map((c) => `<link rel="modulepreload" href="${c}">\n${indent}`).join('');
  return html.replace(first, () => `${links}${first}`);
}

/**
 * Every file a page of OUT names (href, src) must be in OUT.
 * @param {string} out
 * @param {string} page
 */
function checkRefs(out, page) {
  const html = readFileSync(path.join(out, page), 'utf8');
  for (const tag of ['link', 'script', 'img', 'iframe', 'source']) {
    for (const { text, attrs } of tags(html, tag)) {
      for (const ref of [attrs.href, attrs.src]) {
        if (ref === undefined || !localRef(ref)) continue;
        const file = path.join(out, path.dirname(page), ref.split(/[?#]/)[0]);
        try {
          statSync(file);
        } catch {
          throw new Error(`${page}: ${text} names ${ref}, which is not in the site`);
        }
      }
    }
  }
}

// ------------------------------------------------------------------ the single page

/** @param {string | Uint8Array} s */
export function sha256b64(s) {
  return createHash('sha256').update(s).digest('base64');
}

/**
 * Makes text safe inside a <script> or <style> element: no `</script`, `</style` or `<!--`
 * (in JavaScript strings `<\/` reads as `</`, and `<\!` as `<!`).
 * @param {string} s
 */
function escapeRaw(s) {
  return s.replace(/<\/(script|style)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

/** @param {string} file relative to www/ */
function dataUrl(file) {
  const type = file.endsWith('.svg') ? 'image/svg+xml' : file.endsWith('.png') ? 'image/png' : 'application/octet-stream';
  return `data:${type};base64,${readFileSync(path.join(WWW, file)).toString('base64')}`;
}

/**
 * The single-file page, index.html with everything inlined, and its source map.
 * @param {string} wasm the engine, base64
 * @param {string} worker the AI worker as a classic script
 * @returns {Promise<{html: string, map: string}>}
 */
async function singleFile(wasm, worker) {
  let html = readFileSync(path.join(WWW, 'index.html'), 'utf8');
  const prelude =
    '// Halma in one file (generated by scripts/dist.mjs from www/; edit www/, not this).\n' +
    `globalThis.HALMA_INLINE={wasm:${JSON.stringify(wasm)},worker:${JSON.stringify(worker)}};`;
  const js = await esbuild.build({
    ...JS,
    entryPoints: [path.join(WWW, 'app.js')],
    // Named for the map's sake only: nothing is written.
    outfile: path.join(WWW, 'halma.html.js'),
    format: 'esm',
    write: false,
    sourcemap: 'external',
    charset: 'utf8',
    banner: { js: prelude },
  });
  const code = js.outputFiles.find((f) => f.path.endsWith('.js'))?.text ?? '';
  const map = js.outputFiles.find((f) => f.path.endsWith('.map'))?.text ?? '';
  // The script starts on the element's first line, as its map counts lines.
  const script = escapeRaw(`${code}//# sourceMappingURL=halma.html.map\n`);
  const sheet = await esbuild.build({
    entryPoints: [path.join(WWW, 'style.css')],
    bundle: true,
    minify: true,
    write: false,
    loader: { '.svg': 'dataurl', '.png': 'dataurl' },
    logLevel: 'warning',
  });
  const css = escapeRaw(sheet.outputFiles[0].text);

  /**
   * @param {RegExp} re
   * @param {string | (() => string)} by
   */
  const must = (re, by) => {
    if (!re.test(html)) throw new Error(`index.html: expected to find ${re}`);
    html = html.replace(re, /** @type {any} */ (by));
  };
  must(/^\s*<link rel="(?:modulepreload|preload|manifest|apple-touch-icon)"[^>]*>\n/gm, '');
  must(/<link rel="icon" href="favicon\.svg"/, `<link rel="icon" href="${dataUrl('favicon.svg')}"`);
  must(/<link rel="stylesheet" href="style\.css">/, () => `<style>${css}</style>`);
  must(/<script type="module" src="app\.js"><\/script>/, () => `<script type="module">${script}</script>`);
  const csp = [
    "default-src 'none'",
    `script-src 'sha256-${sha256b64(script)}' 'wasm-unsafe-eval'`,
    `style-src 'sha256-${sha256b64(css)}'`,
    'img-src data:',
    'worker-src blob:',
    "connect-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  must(/<meta http-equiv="Content-Security-Policy" content="[^"]*">/, () => `<meta http-equiv="Content-Security-Policy" content="${csp}">`);
  return { html, map };
}

// ------------------------------------------------------------------ the classic element

/**
 * halma-board.js: embed.js and everything it imports in one classic script, the engine as
 * base64 and the AI worker's source inside. Its own URL (`document.currentScript`) stands
 * for `import.meta.url`; the inline data is a constant of the script, not a global, so an
 * embed.js module on the same page is not affected.
 * @param {string} out
 * @param {string} wasm the engine, base64
 * @param {string} worker the AI worker as a classic script
 */
async function classicEmbed(out, wasm, worker) {
  const data = JSON.stringify({ wasm, worker });
  await esbuild.build({
    ...JS,
    entryPoints: [path.join(WWW, 'embed.js')],
    outfile: path.join(out, 'halma-board.js'),
    format: 'iife',
    sourcemap: 'linked',
    // A classic script is read in the host page's encoding when the server names none.
    charset: 'ascii',
    define: { 'import.meta.url': '__halmaScript', 'globalThis.HALMA_INLINE': '__halmaInline' },
    banner: {
      js:
        '// halma-board.js: the <halma-board> element in one classic script, engine included\n' +
        '// (generated by scripts/dist.mjs from www/embed.js; edit www/, not this).\n' +
        '(()=>{"use strict";const __halmaScript=(document.currentScript&&document.currentScript.src)||location.href;\n' +
        `const __halmaInline=${data};`,
    },
    footer: { js: '})();' },
  });
}

// ------------------------------------------------------------------ the site

/** @param {string} file */
const gzipBytes = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/**
 * Writes the site into `out` (replacing it).
 * @param {string} out
 */
export async function assemble(out) {
  for (const f of ['pkg/halma.js', 'pkg/halma_bg.wasm']) {
    try {
      statSync(path.join(WWW, f));
    } catch {
      throw new Error(`www/${f} is missing: run ./build.sh first`);
    }
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const files = listFiles(WWW).filter((f) => !skipped(f));

  // The modules, bundled; the style sheets, minified.
  const entries = moduleEntries();
  const meta = await buildModules(out, entries);
  const bundled = new Set(Object.keys(meta.inputs).map((k) => relWww(path.join(ROOT, k))));
  // styles/: the parts www/style.css imports, inlined into it.
  const sheets = files.filter((f) => f.endsWith('.css') && !f.startsWith('styles/'));
  await buildStyles(out, sheets);

  // The pages, with their preloads; everything else that is not source, as it is.
  /** @type {string[]} */
  const unused = [];
  for (const rel of files) {
    if (rel === 'sw.js' || bundled.has(rel) || rel.endsWith('.css')) continue;
    // vendor/: third-party scripts built elsewhere, loaded by URL at run time: as they are.
    if (/\.m?js$/.test(rel) && !rel.startsWith('vendor/')) {
      unused.push(rel);
      continue;
    }
    mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
    if (rel.endsWith('.html') && !rel.includes('/')) {
      writeFileSync(path.join(out, rel), sitePage(readFileSync(path.join(WWW, rel), 'utf8'), rel, meta, out));
    } else {
      copyFileSync(path.join(WWW, rel), path.join(out, rel));
    }
  }
  if (unused.length) console.warn(`    not in the site (no page, embed.js or the worker imports them): ${unused.join(', ')}`);
  for (const page of pages()) checkRefs(out, page);

  // The single page and the classic element.
  const wasm = readFileSync(path.join(WWW, 'pkg/halma_bg.wasm')).toString('base64');
  const worker = await inlineWorker();
  const single = await singleFile(wasm, worker);
  writeFileSync(path.join(out, 'halma.html'), single.html);
  writeFileSync(path.join(out, 'halma.html.map'), single.map);
  await classicEmbed(out, wasm, worker);

  // The service worker: this build's id and files (everything but itself and the maps); the
  // self-contained copies of the game are cached on first use, not by every visit.
  const cached = listFiles(out).filter((f) => !f.endsWith('.map') && f !== 'sw.js');
  const lazy = cached.filter((f) => LAZY_FILES.includes(f));
  const assets = cached.filter((f) => !LAZY_FILES.includes(f));
  const h = createHash('sha256');
  let cacheBytes = 0;
  for (const rel of cached) {
    const data = readFileSync(path.join(out, rel));
    if (!lazy.includes(rel)) cacheBytes += data.length;
    h.update(`${rel}\0${data.length}\0`);
    h.update(data);
  }
  const build = h.digest('hex').slice(0, 16);
  const swSource = readFileSync(path.join(WWW, 'sw.js'), 'utf8');
  const sw = swSource
    .replace(/^const BUILD = 'dev';$/m, `const BUILD = '${build}';`)
    .replace(/^const ASSETS = \[\];$/m, `const ASSETS = ${JSON.stringify(assets)};`)
    .replace(/^const LAZY = \[\];$/m, `const LAZY = ${JSON.stringify(lazy)};`);
  if (!sw.includes(`'${build}'`) || sw.includes('const ASSETS = [];') || sw.includes('const LAZY = [];')) {
    throw new Error("www/sw.js: expected the lines `const BUILD = 'dev';`, `const ASSETS = [];` and `const LAZY = [];`");
  }
  await esbuild.build({
    ...JS,
    stdin: { contents: sw, sourcefile: 'sw.js', resolveDir: WWW, loader: 'js' },
    outfile: path.join(out, 'sw.js'),
    format: 'iife',
    sourcemap: 'linked',
    charset: 'utf8',
  });

  const all = listFiles(out);
  // The site's modules: the entries and their chunks.
  const modules = Object.keys(meta.outputs)
    .filter((k) => k.endsWith('.js'))
    .map((k) => path.relative(out, path.join(ROOT, k)).split(path.sep).join('/'));
  return {
    build,
    assets,
    lazy,
    cacheBytes,
    files: all.length,
    entries,
    chunks: modules.filter((f) => !entries.includes(f)),
    modulesBytes: modules.reduce((n, f) => n + statSync(path.join(out, f)).size, 0),
    gzip: {
      modules: modules.reduce((n, f) => n + gzipBytes(path.join(out, f)), 0),
      single: gzipBytes(path.join(out, 'halma.html')),
      classic: gzipBytes(path.join(out, 'halma-board.js')),
    },
    singleBytes: Buffer.byteLength(single.html),
    classicBytes: statSync(path.join(out, 'halma-board.js')).size,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist'));
  try {
    const r = await assemble(out);
    const kib = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} KiB`;
    console.log(`    build ${r.build}: ${r.files} files in ${path.relative(ROOT, out) || out}/`);
    console.log(`    modules (esbuild): ${r.entries.join(', ')} + ${r.chunks.length} shared chunks: ${kib(r.modulesBytes)}, ${kib(r.gzip.modules)} gzipped`);
    console.log(`    service worker caches ${r.assets.length} files, ${kib(r.cacheBytes)} (and on first use: ${r.lazy.join(', ')})`);
    console.log(`    halma.html (one file, works from disk): ${kib(r.singleBytes)}, ${kib(r.gzip.single)} gzipped`);
    console.log(`    halma-board.js (the element, one classic script): ${kib(r.classicBytes)}, ${kib(r.gzip.classic)} gzipped`);
  } catch (e) {
    console.error(`scripts/dist.mjs: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}
