// The small bundler behind the single-file page (scripts/dist.mjs): the import and export
// forms the modules use become plain scopes; anything else stops the build.
import test from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { parseImports, transformModule, bundle, listFiles, classicEmbed } from '../../scripts/dist.mjs';

/** Runs a transformed module body with the given dependency objects. */
function run(body, deps = {}) {
  return new Function(...Object.keys(deps), body)(...Object.values(deps));
}

test('imports: default, named, renamed, multi-line, side effect', () => {
  const code = "import init, { a, b as c } from './x.js';\nimport {\n  d,\n  e,\n} from '../y.js';\nimport './z.js';\n";
  const imps = parseImports(code);
  assert.deepEqual(
    imps.map((i) => [i.defaultName, i.names, i.from]),
    [
      ['init', [['a', 'a'], ['b', 'c']], './x.js'],
      [null, [['d', 'd'], ['e', 'e']], '../y.js'],
      [null, [], './z.js'],
    ],
  );
});

test('a module becomes a scope returning its exports', () => {
  const src = [
    "import dflt, { twice as two } from './dep.js';",
    'export const K = 3;',
    'export function f(x) { return two(x) + K; }',
    'export class C { v() { return dflt(); } }',
    'function g() { return 7; }',
    'export { g as seven, g };',
  ].join('\n');
  const body = transformModule(src, () => 'dep', 'm.js');
  const mod = run(body, { dep: { default: () => 'D', twice: (x) => 2 * x } });
  assert.equal(mod.K, 3);
  assert.equal(mod.f(5), 13);
  assert.equal(new mod.C().v(), 'D');
  assert.equal(mod.seven(), 7);
  assert.equal(mod.g(), 7);
});

test('unsupported module syntax stops the bundle', () => {
  assert.throws(() => transformModule("import * as ns from './x.js';\n", () => 'x', 'm.js'), /unsupported/);
  assert.throws(() => transformModule('export default 5;\n', () => 'x', 'm.js'), /unsupported/);
  assert.throws(() => transformModule('export const { a } = o;\n', () => 'x', 'm.js'), /unsupported/);
});

test('the game page bundles with its engine glue, dependencies first', () => {
  const { code, modules } = bundle(['app.js']);
  assert.equal(modules.at(-1), 'app.js');
  assert.ok(modules.indexOf('pkg/halma.js') < modules.indexOf('app.js'));
  assert.ok(modules.indexOf('i18n.js') < modules.indexOf('rules.js'));
  assert.doesNotMatch(code, /^(import|export)\b/m);
  // Nothing in what ships is there for the tests: no hook on window.
  assert.doesNotMatch(code, /__halma\b/);
  assert.ok(modules.includes('session.js') && modules.includes('app/play.js') && modules.includes('panels/status.js'));
});

test('modules in a subfolder bundle, their ../ imports resolved to the same module', () => {
  const { modules } = bundle(['app.js']);
  for (const m of ['board/index.js', 'board/geometry.js', 'board/render.js', 'board/pieces.js']) {
    assert.ok(modules.includes(m), `${m} bundled`);
  }
  // colors.js is imported as './colors.js' by app.js and as '../colors.js' by the board.
  assert.equal(modules.filter((m) => m.endsWith('colors.js')).length, 1);
  assert.ok(modules.indexOf('colors.js') < modules.indexOf('board/pieces.js'));
  assert.ok(modules.indexOf('board/index.js') < modules.indexOf('app.js'));
});

test('every file under www/, subfolders included, is listed for the service worker', () => {
  const files = listFiles(fileURLToPath(new URL('../../www/', import.meta.url)));
  assert.ok(files.includes('board/index.js'));
  assert.ok(files.includes('board/geometry.js'));
  assert.ok(files.includes('icons/icon-192.png'));
  assert.ok(files.every((f) => !f.startsWith('/') && !f.includes('\\')));
});

test('the element as one classic script: no module syntax, the engine inside, no global', {
  skip: existsSync(fileURLToPath(new URL('../../www/pkg/halma_bg.wasm', import.meta.url))) ? false : 'www/pkg is not built (run ./build.sh)',
}, () => {
  const code = classicEmbed();
  assert.match(code, /^\/\/ halma-board\.js/);
  assert.doesNotMatch(code, /import\.meta|^(import|export)\b/m);
  // The inline data is the script's own constant, not globalThis.HALMA_INLINE.
  assert.doesNotMatch(code, /\(globalThis\)\.HALMA_INLINE\b/);
  assert.match(code, /const __halmaInline = \{"wasm":"AGFzbQ/);
  assert.match(code, /customElements\.define\('halma-board'/);
  // It compiles as a classic script (a function body: nothing runs).
  assert.doesNotThrow(() => new Function(code));
});
