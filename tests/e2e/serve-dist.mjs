// The deployed site as the end-to-end tests see it: assembles dist/ from www/ into a
// scratch folder (scripts/dist.mjs: the modules bundled by esbuild, the stamped service
// worker, the single-file page, the element's classic script) and
// serves it under a sub-path, as GitHub Pages serves a project site at /<repo>/.
//
//   node tests/e2e/serve-dist.mjs PORT OUT_DIR [SUBPATH] [NOCORS_PORT]   (default SUBPATH: /halma/)
//
// 127.0.0.1 only; GET and HEAD; no directory listings; `/halma` redirects to `/halma/`;
// CORS open to every origin on PORT, as GitHub Pages. On NOCORS_PORT the same files without
// any CORS header, as a plain static host (for the element's classic script).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { assemble } from '../../scripts/dist.mjs';

const [port, outArg, subArg, noCorsPort] = process.argv.slice(2);
const OUT = path.resolve(outArg);
const SUB = subArg ?? '/halma/';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

const r = await assemble(OUT);
console.log(`dist ${r.build} in ${OUT}, served at http://127.0.0.1:${port}${SUB}`);

/** @param {boolean} cors */
const handler = (cors) => async (/** @type {import('node:http').IncomingMessage} */ req, /** @type {import('node:http').ServerResponse} */ res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405).end();
    return;
  }
  if (url.pathname === '/blog-post.html') {
    // A page of another site embedding the board: served here as 127.0.0.1, it loads
    // embed.js from the same server named `localhost`, another origin (a route-fulfilled page
    // would count as a public address, and Chrome blocks its requests to loopback).
    const site = `http://localhost:${port}${SUB}`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A blog post</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src ${site} 'wasm-unsafe-eval'; connect-src ${site}; worker-src blob: ${site}; img-src data:">
<script type="module" src="${site}embed.js"></script></head>
<body><h1>My game</h1>
<halma-board id="b" variant="halma-8x8" interactive seats="computer,human" level="1"></halma-board>
</body></html>`);
    return;
  }
  if (url.pathname === SUB.slice(0, -1)) {
    res.writeHead(301, { location: SUB }).end();
    return;
  }
  if (!url.pathname.startsWith(SUB)) {
    res.writeHead(404).end('not found');
    return;
  }
  let rel = decodeURIComponent(url.pathname.slice(SUB.length));
  if (rel === '' || rel.endsWith('/')) rel += 'index.html';
  const file = path.join(OUT, rel);
  if (!file.startsWith(OUT + path.sep)) {
    res.writeHead(403).end();
    return;
  }
  try {
    const st = await stat(file);
    if (!st.isFile()) throw new Error('not a file');
    const body = await readFile(file);
    res.writeHead(200, {
      'content-type': TYPES[/** @type {keyof typeof TYPES} */ (path.extname(file))] ?? 'application/octet-stream',
      'content-length': body.length,
      'cache-control': 'no-cache',
      // As GitHub Pages: other origins may load the modules and the wasm (embed.js).
      ...(cors ? { 'access-control-allow-origin': '*' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    res.writeHead(404).end('not found');
  }
};

createServer(handler(true)).listen(Number(port), '127.0.0.1');
if (noCorsPort) createServer(handler(false)).listen(Number(noCorsPort), '127.0.0.1');
