// The built engine (www/pkg, from ./build.sh) for the unit tests that check the page's code
// against it; they are skipped, with `skipUnbuilt`, when the module has not been built.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
const built = existsSync(`${pkg}halma.js`) && existsSync(`${pkg}halma_bg.wasm`);

/** The loaded module (its exports), or null when www/pkg is not built. */
export const engine = built ? await import(`${pkg}halma.js`) : null;
if (engine) await engine.default({ module_or_path: readFileSync(`${pkg}halma_bg.wasm`) });

/** Test options that skip a test, with the reason, when the engine is not built. */
export const skipUnbuilt = { skip: built ? false : 'www/pkg is not built (run ./build.sh)' };
