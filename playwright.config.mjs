// End-to-end tests of the game page in Debian's Chromium (never a downloaded browser).
// Static servers: www/ at the root; the repository root, so the page is also tried under a
// sub-path (/www/); the deployable site (scripts/dist.mjs, assembled into target/e2e-dist/)
// under /halma/, as GitHub Pages serves it (CORS headers included), for the service worker,
// the single-file page and the embeds; the same site without CORS headers (a plain static
// host); and another site's pages that embed boards from those two (tests/e2e/serve-host.mjs).
import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_LAUNCH } from './tests/chromium.mjs';

const PORT = Number(process.env.HALMA_E2E_PORT || 47391);
const SUBPATH_PORT = PORT + 1;
const DIST_PORT = PORT + 2;
const NOCORS_PORT = PORT + 3;
const HOST_PORT = PORT + 4;
/** The deployed site as another origin sees it: with CORS headers, and without. */
const CORS_SITE = `http://127.0.0.1:${DIST_PORT}/halma/`;
const NOCORS_SITE = `http://127.0.0.1:${NOCORS_PORT}/halma/`;
/** Another site (another origin: another port), whose pages embed the boards. */
const HOST = `http://127.0.0.1:${HOST_PORT}/`;
/** Where the e2e run assembles the deployable site (not dist/, which is the user's). */
const E2E_DIST = fileURLToPath(new URL('./target/e2e-dist/', import.meta.url));

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.spec.mjs',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two shared cores: one browser at a time keeps timings (and the speed figures) honest.
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    viewport: { width: 1200, height: 900 },
    trace: 'off',
    screenshot: 'off',
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: `python3 -m http.server --bind 127.0.0.1 --directory www ${PORT}`,
      url: `http://127.0.0.1:${PORT}/index.html`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'ignore',
    },
    {
      command: `python3 -m http.server --bind 127.0.0.1 --directory . ${SUBPATH_PORT}`,
      url: `http://127.0.0.1:${SUBPATH_PORT}/www/index.html`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'ignore',
    },
    {
      command: `node tests/e2e/serve-dist.mjs ${DIST_PORT} ${E2E_DIST} /halma/ ${NOCORS_PORT}`,
      url: `http://127.0.0.1:${DIST_PORT}/halma/index.html`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node tests/e2e/serve-host.mjs ${HOST_PORT} ${CORS_SITE} ${NOCORS_SITE}`,
      url: `${HOST}health`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});

export { PORT, SUBPATH_PORT, DIST_PORT, NOCORS_PORT, HOST_PORT, CORS_SITE, NOCORS_SITE, HOST, E2E_DIST };
