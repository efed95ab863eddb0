// How the tests and benchmarks start a browser: Debian's Chromium (never a downloaded
// one), headless, with the flags it needs as root and without its background traffic.
// Used by playwright.config.mjs (the end-to-end tests) and tests/wasm-bench.mjs.

/** Playwright launch options for /usr/bin/chromium. */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--headless',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
