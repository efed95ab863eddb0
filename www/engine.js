// Loading the wasm engine, once per page, for the game page and the embed element alike.
// Normally the engine's glue (pkg/halma.js) fetches pkg/halma_bg.wasm next to itself; in the
// single-file build the engine is compiled from the bytes in the page (see inline.js).

import init from './pkg/halma.js';
import { inlineBuild, fromBase64, setInlineModule } from './inline.js';

/** @type {Promise<void> | null} */
let loading = null;

/**
 * Loads the engine (once; later calls share the first load, a failed load can be retried).
 * @returns {Promise<void>}
 */
export function loadEngine() {
  if (!loading) {
    loading = (async () => {
      const inline = inlineBuild();
      if (inline) {
        const m = await WebAssembly.compile(fromBase64(inline.wasm));
        setInlineModule(m);
        await init({ module_or_path: m });
      } else {
        await init();
      }
    })();
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}
