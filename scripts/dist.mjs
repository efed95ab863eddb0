// Assembles the deployable site from www/ (after ./build.sh has written www/pkg/):
//
//   node scripts/dist.mjs [OUT]      (default: dist; ./build.sh dist runs this)
//
//   OUT/             a copy of www/ (without the TypeScript declarations of pkg/)
//   OUT/sw.js        the service worker with this build's id and the list of files to cache
//   OUT/halma.html   the whole game in one self-contained page that works from disk
//                    (file://): styles inlined, the ES modules bundled into one inline module
//                    script, the wasm engine embedded as base64, the AI worker started from a
//                    Blob of its inlined source; a Content-Security-Policy with the hashes
//                    of the one script and the one style element
//   OUT/halma-board.js  the <halma-board> element (embed.js) as one classic script with the
//                    engine and the AI worker inside, the same way: a page on any origin
//                    loads it with <script src>, which needs no CORS, and it fetches nothing
//
// www/ stays the one source: nothing here is edited by hand. The bundler is deliberately
// small: it understands the import and export forms this project's modules use (named
// imports, a default import, `export function/class/const/let`, `export { a as b }`) and
// stops with an error on anything else rather than guess.
import { readFileSync, writeFileSync, rmSync, mkdirSync, readdirSync, statSync, copyFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const WWW = path.join(ROOT, 'www');

/** Files of www/ not copied: generated declarations and a failed build's leftovers. */
function skipped(rel) {
  return rel.endsWith('.d.ts') || rel.startsWith('pkg.old/') || rel === 'pkg.old';
}

/** Files copied but not cached by the service worker. */
function uncached(rel) {
  return rel === 'sw.js' || rel === 'halma.html' || rel === 'halma-board.js';
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

// ------------------------------------------------------------------ the bundler

const IMPORT_RE = /^import\s+(?:([A-Za-z_$][\w$]*)\s*(?:,\s*)?)?(?:\{([^}]*)\}\s*)?(?:from\s+)?'([^']+)';[ \t]*$/gm;

/**
 * The static imports of a module: `[{statement, defaultName, names: [[imported, local]], from}]`.
 * @param {string} code
 */
export function parseImports(code) {
  /** @type {{statement: string, defaultName: string | null, names: [string, string][], from: string}[]} */
  const out = [];
  for (const m of code.matchAll(IMPORT_RE)) {
    /** @type {[string, string][]} */
    const names = [];
    for (const part of (m[2] ?? '').split(',')) {
      const p = part.trim();
      if (!p) continue;
      const mm = /^([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?$/.exec(p);
      if (!mm) throw new Error(`unsupported import specifier '${p}'`);
      names.push([mm[1], mm[2] ?? mm[1]]);
    }
    out.push({ statement: m[0], defaultName: m[1] ?? null, names, from: m[3] });
  }
  return out;
}

/**
 * Rewrites one ES module as a function body: imports become destructured constants of the
 * modules already evaluated, exports are collected into the returned object.
 * @param {string} code
 * @param {(spec: string) => string} varFor the variable holding the module a specifier names
 * @param {string} name for error messages
 * @returns {string} statements ending in `return {...};`
 */
export function transformModule(code, varFor, name) {
  let body = code;
  for (const imp of parseImports(code)) {
    const parts = [];
    if (imp.defaultName) parts.push(`default: ${imp.defaultName}`);
    for (const [a, b] of imp.names) parts.push(a === b ? a : `${a}: ${b}`);
    const v = varFor(imp.from);
    body = body.replace(imp.statement, parts.length ? `const { ${parts.join(', ')} } = ${v};` : '');
  }
  /** @type {[string, string][]} exported name, local name */
  const exported = [];
  body = body.replace(/^export\s+((?:async\s+)?function\*?|class|const|let|var)\s+([A-Za-z_$][\w$]*)/gm, (_m, kind, id) => {
    exported.push([id, id]);
    return `${kind} ${id}`;
  });
  body = body.replace(/^export\s*\{([^}]*)\};?[ \t]*$/gm, (_m, list) => {
    for (const part of String(list).split(',')) {
      const p = part.trim();
      if (!p) continue;
      const mm = /^([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?$/.exec(p);
      if (!mm) throw new Error(`${name}: unsupported export specifier '${p}'`);
      exported.push([mm[2] ?? mm[1], mm[1]]);
    }
    return '';
  });
  const left = /^(import|export)\b.*$/m.exec(body);
  if (left) throw new Error(`${name}: unsupported module syntax: ${left[0].slice(0, 80)}`);
  const ret = exported.map(([e, l]) => (e === l ? e : `${JSON.stringify(e)}: ${l}`)).join(', ');
  return `${body}\nreturn { ${ret} };`;
}

/**
 * Bundles an entry module of www/ and everything it imports into one script: each module in
 * its own function scope, dependencies first.
 * @param {string[]} entries paths relative to www/, evaluated in this order
 * @param {{importMeta?: string}} [opts] `importMeta`: an expression to put in place of
 *   `import.meta.url` (a classic script has none)
 * @returns {{code: string, modules: string[]}}
 */
export function bundle(entries, opts = {}) {
  /** @type {string[]} */
  const order = [];
  /** @type {Map<string, string>} */
  const sources = new Map();
  const visiting = new Set();
  const visit = (/** @type {string} */ rel) => {
    if (sources.has(rel)) return;
    if (visiting.has(rel)) throw new Error(`import cycle through ${rel}`);
    visiting.add(rel);
    const code = readFileSync(path.join(WWW, rel), 'utf8');
    for (const imp of parseImports(code)) {
      if (!imp.from.startsWith('.')) throw new Error(`${rel}: only relative imports can be bundled ('${imp.from}')`);
      visit(path.posix.normalize(path.posix.join(path.posix.dirname(rel), imp.from)));
    }
    visiting.delete(rel);
    sources.set(rel, code);
    order.push(rel);
  };
  for (const e of entries) visit(e);
  const varOf = (/** @type {string} */ rel) => `__mod${order.indexOf(rel)}`;
  const chunks = order.map((rel) => {
    let code = /** @type {string} */ (sources.get(rel));
    if (opts.importMeta) code = code.replaceAll('import.meta.url', opts.importMeta);
    const body = transformModule(
      code,
      (spec) => varOf(path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec))),
      rel,
    );
    return `// ---- ${rel}\nconst ${varOf(rel)} = (() => {\n${body}\n})();\n`;
  });
  return { code: chunks.join('\n'), modules: order };
}

// ------------------------------------------------------------------ the single page

/** @param {string} s */
function sha256b64(s) {
  return createHash('sha256').update(s, 'utf8').digest('base64');
}

/**
 * Makes text safe inside a <script> or <style> element: no `</script`, `</style` or `<!--`
 * (in JavaScript strings `<\/` reads as `</`, and `<\!` as `<!`).
 * @param {string} s
 */
function escapeRaw(s) {
  return s.replace(/<\/(script|style)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

/** @param {string} file */
function dataUrl(file) {
  const type = file.endsWith('.svg') ? 'image/svg+xml' : file.endsWith('.png') ? 'image/png' : 'application/octet-stream';
  return `data:${type};base64,${readFileSync(path.join(WWW, file)).toString('base64')}`;
}

/**
 * The single-file page: index.html with everything inlined.
 * @returns {string}
 */
export function singleFile() {
  let html = readFileSync(path.join(WWW, 'index.html'), 'utf8');
  const wasm = readFileSync(path.join(WWW, 'pkg/halma_bg.wasm')).toString('base64');
  const worker = bundle(['pkg/halma.js', 'ai-worker.js'], { importMeta: 'self.location.href' });
  const page = bundle(['app.js']);
  const prelude =
    '// Halma in one file (generated by scripts/dist.mjs from www/; edit www/, not this).\n' +
    `globalThis.HALMA_INLINE = { wasm: ${JSON.stringify(wasm)}, worker: ${JSON.stringify(
      `globalThis.HALMA_INLINE_WORKER = true;\n${worker.code}`,
    )} };\n`;
  const script = escapeRaw(`\n${prelude}${page.code}`);
  const css = escapeRaw(
    `\n${readFileSync(path.join(WWW, 'style.css'), 'utf8').replace(/url\('favicon\.svg'\)/g, `url('${dataUrl('favicon.svg')}')`)}`,
  );

  /**
   * @param {RegExp} re
   * @param {string | ((...args: string[]) => string)} by
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
  return html;
}

// ------------------------------------------------------------------ the classic element

/** How inline.js reads the single-file data; the classic script gives it its own instead. */
const INLINE_GLOBAL = '/** @type {any} */ (globalThis).HALMA_INLINE';

/**
 * halma-board.js: embed.js and everything it imports in one classic script, the engine as
 * base64 and the AI worker's source inside. Its own URL (`document.currentScript`) stands
 * for `import.meta.url`; the inline data stays local to it (no global), so an embed.js
 * module on the same page is not affected.
 * @returns {string}
 */
export function classicEmbed() {
  const wasm = readFileSync(path.join(WWW, 'pkg/halma_bg.wasm')).toString('base64');
  const worker = bundle(['pkg/halma.js', 'ai-worker.js'], { importMeta: 'self.location.href' });
  let { code } = bundle(['embed.js'], { importMeta: '__halmaScript' });
  if (code.split(INLINE_GLOBAL).length !== 2) throw new Error(`www/inline.js: expected one \`${INLINE_GLOBAL}\``);
  code = code.replace(INLINE_GLOBAL, '__halmaInline');
  const left = /import\.meta/.exec(code);
  if (left) throw new Error(`embed.js: the classic script cannot use ${left[0]}`);
  const data = { wasm, worker: `globalThis.HALMA_INLINE_WORKER = true;\n${worker.code}` };
  return (
    '// halma-board.js: the <halma-board> element in one classic script, engine included\n' +
    '// (generated by scripts/dist.mjs from www/embed.js; edit www/, not this). Load it with\n' +
    '// <script src=".../halma-board.js"></script> from any origin: it fetches nothing.\n' +
    '(() => {\n' +
    "'use strict';\n" +
    'const __halmaScript = (document.currentScript && document.currentScript.src) || location.href;\n' +
    `const __halmaInline = ${JSON.stringify(data)};\n` +
    `${code}\n})();\n`
  );
}

// ------------------------------------------------------------------ the site

/**
 * Writes the site into `out` (replacing it).
 * @param {string} out
 * @returns {{build: string, assets: string[], cacheBytes: number, singleBytes: number, classicBytes: number, files: number}}
 */
export function assemble(out) {
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
  for (const rel of files) {
    mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
    copyFileSync(path.join(WWW, rel), path.join(out, rel));
  }

  // The service worker: this build's id and files.
  const assets = files.filter((f) => !uncached(f));
  const h = createHash('sha256');
  let cacheBytes = 0;
  for (const rel of assets) {
    const data = readFileSync(path.join(out, rel));
    cacheBytes += data.length;
    h.update(`${rel}\0${data.length}\0`);
    h.update(data);
  }
  const build = h.digest('hex').slice(0, 16);
  let sw = readFileSync(path.join(out, 'sw.js'), 'utf8');
  const before = sw;
  sw = sw.replace(/^const BUILD = 'dev';$/m, `const BUILD = '${build}';`);
  sw = sw.replace(/^const ASSETS = \[\];$/m, `const ASSETS = ${JSON.stringify(assets, null, 2)};`);
  if (sw === before || !sw.includes(build) || sw.includes('const ASSETS = [];')) {
    throw new Error("www/sw.js: expected the lines `const BUILD = 'dev';` and `const ASSETS = [];`");
  }
  writeFileSync(path.join(out, 'sw.js'), sw);

  const single = singleFile();
  writeFileSync(path.join(out, 'halma.html'), single);
  const classic = classicEmbed();
  writeFileSync(path.join(out, 'halma-board.js'), classic);
  return {
    build,
    assets,
    cacheBytes,
    singleBytes: Buffer.byteLength(single),
    classicBytes: Buffer.byteLength(classic),
    files: files.length + 2,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist'));
  try {
    const r = assemble(out);
    const kib = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} KiB`;
    console.log(`    build ${r.build}: ${r.files} files in ${path.relative(ROOT, out) || out}/`);
    console.log(`    service worker caches ${r.assets.length} files, ${kib(r.cacheBytes)}`);
    console.log(`    halma.html (one file, works from disk): ${kib(r.singleBytes)}`);
    console.log(`    halma-board.js (the element, one classic script): ${kib(r.classicBytes)}`);
  } catch (e) {
    console.error(`scripts/dist.mjs: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}
