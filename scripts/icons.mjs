// Draws the app icons as PNG files (www/icons/) from the same shapes as www/favicon.svg, in
// plain Node (zlib for the PNG encoding; no image tools, no network). The PNGs are committed;
// run this again only when the icon changes:
//
//   node scripts/icons.mjs
//
// icon-192.png and icon-512.png are the favicon's rounded square; icon-maskable-512.png has
// the board filling the whole square with the drawing inside the central 80 % (the safe zone
// of maskable icons), for launchers that cut their own shape.
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const OUT = fileURLToPath(new URL('../www/icons/', import.meta.url));

/** @param {string} hex */
function rgb(hex) {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

// The shapes of www/favicon.svg, in its 32 × 32 units, painted in order.
const FRAME = rgb('#7a4a24');
const LIGHT = rgb('#f2e2c0');
const DARK = rgb('#d2ac78');
const PIECES = [
  { cx: 10, cy: 22, fill: rgb('#D55E00'), ring: rgb('#5a2800') },
  { cx: 22, cy: 10, fill: rgb('#0072B2'), ring: rgb('#00304d') },
];

/** Inside a rounded rectangle. */
function inRound(x, y, x0, y0, w, h, r) {
  if (x < x0 || y < y0 || x > x0 + w || y > y0 + h) return false;
  const cx = Math.min(Math.max(x, x0 + r), x0 + w - r);
  const cy = Math.min(Math.max(y, y0 + r), y0 + h - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/**
 * The colour at a point of the drawing (32-unit space), or null outside it.
 * @param {number} x
 * @param {number} y
 * @param {boolean} fullBleed the frame fills the whole square (maskable)
 */
function paint(x, y, fullBleed) {
  let c = null;
  if (fullBleed || inRound(x, y, 0, 0, 32, 32, 6)) c = FRAME;
  if (inRound(x, y, 3, 3, 26, 26, 2)) {
    c = LIGHT;
    if ((x < 16 && y < 16) || (x >= 16 && y >= 16)) c = DARK;
  }
  for (const p of PIECES) {
    const d = Math.hypot(x - p.cx, y - p.cy);
    if (d <= 5.5) c = d <= 4.5 ? p.fill : p.ring;
  }
  return c;
}

/**
 * Renders the icon at `size` pixels, 4 × 4 samples a pixel.
 * @param {number} size
 * @param {boolean} maskable
 */
function render(size, maskable) {
  const px = Buffer.alloc(size * size * 4);
  const S = 4;
  // Maskable: the drawing at 80 % in the middle, the frame colour all around.
  const scale = maskable ? 0.8 : 1;
  const off = (32 - 32 / scale) / 2;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sj = 0; sj < S; sj++) {
        for (let si = 0; si < S; si++) {
          const u = ((i + (si + 0.5) / S) / size) * (32 / scale) + off;
          const v = ((j + (sj + 0.5) / S) / size) * (32 / scale) + off;
          const c = paint(u, v, maskable) ?? (maskable ? FRAME : null);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a++;
        }
      }
      const k = (j * size + i) * 4;
      if (a) {
        px[k] = Math.round(r / a);
        px[k + 1] = Math.round(g / a);
        px[k + 2] = Math.round(b / a);
        px[k + 3] = Math.round((a / (S * S)) * 255);
      }
    }
  }
  return png(size, size, px);
}

const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** @param {Buffer} buf */
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * @param {string} type
 * @param {Buffer} data
 */
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGBA PNG. */
function png(w, h, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 4 + 1)] = 0; // no filter
    rgba.copy(raw, y * (w * 4 + 1) + 1, y * w * 4, (y + 1) * w * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(OUT, { recursive: true });
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
]) {
  const data = render(/** @type {number} */ (size), /** @type {boolean} */ (maskable));
  writeFileSync(OUT + name, data);
  console.log(`${name}: ${data.length} bytes`);
}
