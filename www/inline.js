// The single-file build (dist/halma.html, made by scripts/dist.mjs) has no files to fetch:
// it sets `globalThis.HALMA_INLINE = {wasm: <base64>, worker: <AI worker source>}` before
// the modules run. engine.js compiles the engine from those bytes and keeps the compiled
// module here; ai.js hands it to the AI worker. On a normal page all of this is null.

/**
 * What a single-file build puts in the page.
 * @typedef {object} InlineBuild
 * @property {string} wasm the engine, base64
 * @property {string} [worker] the AI worker's source (a classic script)
 */

/** @type {WebAssembly.Module | null} */
let compiled = null;

/** The inline build's data, or null on a normal page. */
export function inlineBuild() {
  const v = /** @type {any} */ (globalThis).HALMA_INLINE;
  return v && typeof v === 'object' && typeof v.wasm === 'string' ? /** @type {InlineBuild} */ (v) : null;
}

/**
 * Decodes base64 (standard alphabet) into bytes.
 * @param {string} b64
 */
export function fromBase64(b64) {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** The compiled engine of a single-file build (for the AI worker), else null. */
export function inlineModule() {
  return compiled;
}

/** @param {WebAssembly.Module} m */
export function setInlineModule(m) {
  compiled = m;
}
