// Another site's pages, embedding the boards of the deployed site (serve-dist.mjs) from
// another origin (this server's port), as a site owner would:
//
//   node tests/e2e/serve-host.mjs PORT CORS_SITE NOCORS_SITE
//
//   /docs/cors/<file>, /docs/nocors/<file>   a code block of docs/embedding.md or of the
//       README marked `<!-- e2e: <file> -->`, with https://example.github.io/halma/ replaced
//       by the site (CORS_SITE sends CORS headers, as GitHub Pages; NOCORS_SITE sends none)
//   /p/cors/<file>, /p/nocors/<file>         tests/e2e/host/<file>, with %SITE% (that site),
//       %SITE_ORIGIN%, %CORS_SITE%, %NOCORS_SITE% and %SITE_LOCALHOST% (the site named
//       `localhost` instead of 127.0.0.1: the same files from yet another origin) replaced
//   /example/cors/<name>.html?html=a,b&css=c&js=d&extra=…, /example/nocors/…   a page built
//       from blocks of the docs (as /docs/ serves them): the `html` blocks in its body as
//       written, the `css` ones as its style sheets, the `js` ones as module scripts, and the
//       test's own markup `extra` (with the %…% names above) before the scripts
//   /health
//
// 127.0.0.1 only; GET only. The pages carry their own Content-Security-Policy (<meta>).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const [port, corsSite, noCorsSite] = process.argv.slice(2);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HOST = path.join(ROOT, 'tests/e2e/host');
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/**
 * The code blocks of docs/embedding.md and the README marked for the tests, by file name.
 * @returns {Promise<Map<string, string>>}
 */
async function docBlocks() {
  const out = new Map();
  for (const file of ['docs/embedding.md', 'README.md']) {
    const md = await readFile(path.join(ROOT, file), 'utf8');
    for (const m of md.matchAll(/<!-- e2e: ([\w.-]+) -->\n```[a-z]*\n([\s\S]*?)```/g)) out.set(m[1], m[2]);
  }
  return out;
}

/**
 * A text with the board's site in it: a block of the docs names the example site, a page of
 * tests/e2e/host/ the %…% names.
 * @param {string} text
 * @param {string} kind `docs` or `p`
 * @param {string} site
 */
function fill(text, kind, site) {
  const origin = new URL(site).origin;
  return kind === 'docs'
    ? text.replaceAll('https://example.github.io/halma/', site).replaceAll('https://example.github.io', origin)
    : text
        .replaceAll('%CORS_SITE%', corsSite)
        .replaceAll('%NOCORS_SITE%', noCorsSite)
        .replaceAll('%SITE_ORIGIN%', origin)
        .replaceAll('%SITE_LOCALHOST%', site.replace('//127.0.0.1:', '//localhost:'))
        .replaceAll('%SITE%', site);
}

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (req.method !== 'GET') {
    res.writeHead(405).end();
    return;
  }
  if (url.pathname === '/favicon.ico') {
    res.writeHead(204).end();
    return;
  }
  if (url.pathname === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  const ex = /^\/example\/(cors|nocors)\/[\w.+-]+\.html$/.exec(url.pathname);
  if (ex) {
    const site = ex[1] === 'cors' ? corsSite : noCorsSite;
    const blocks = await docBlocks();
    const list = (/** @type {string} */ k) => (url.searchParams.get(k) ?? '').split(',').filter(Boolean);
    const html = list('html').map((n) => blocks.get(n));
    if (html.some((h) => h === undefined)) {
      res.writeHead(404).end('no such block');
      return;
    }
    const page = [
      '<!doctype html>',
      '<html lang="en">',
      '<head>',
      '<meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      '<title>An example of the docs</title>',
      ...list('css').map((c) => `<link rel="stylesheet" href="/docs/${ex[1]}/${c}">`),
      '</head>',
      '<body>',
      ...html.map((h) => fill(/** @type {string} */ (h), 'docs', site)),
      fill(url.searchParams.get('extra') ?? '', 'p', site),
      ...list('js').map((j) => `<script type="module" src="/docs/${ex[1]}/${j}"></script>`),
      '</body>',
      '</html>',
    ].join('\n');
    res.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-cache' });
    res.end(page);
    return;
  }
  const m = /^\/(docs|p)\/(cors|nocors)\/([\w.-]+)$/.exec(url.pathname);
  if (!m) {
    res.writeHead(404).end('not found');
    return;
  }
  const [, kind, which, name] = m;
  const site = which === 'cors' ? corsSite : noCorsSite;
  /** @type {string | undefined} */
  let text;
  try {
    text = kind === 'docs' ? (await docBlocks()).get(name) : await readFile(path.join(HOST, name), 'utf8');
  } catch {
    text = undefined;
  }
  if (text === undefined) {
    res.writeHead(404).end('not found');
    return;
  }
  text = fill(text, kind, site);
  res.writeHead(200, {
    'content-type': TYPES[/** @type {keyof typeof TYPES} */ (path.extname(name))] ?? 'text/plain',
    'cache-control': 'no-cache',
  });
  res.end(text);
}).listen(Number(port), '127.0.0.1');
