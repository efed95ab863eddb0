// Share links and game-record files: the pure parts (no DOM, no engine), unit-tested.
//
// A link is the engine's share-link text `1~<variant>~<moves>[~<seat>~<rows>]` (see
// src/link.rs) after `#` in the page's address. A game record is the engine's text format:
// the variant or start position on the first line, then the moves `from-to` separated by
// spaces, `pass` for a pass.

/** Longest text read from the address, a paste or a file before the engine sees it. */
export const MAX_INPUT = 16 * 1024 * 1024;

/**
 * The link text in a URL fragment (`location.hash`): without the `#`, percent-escapes
 * undone (some programs escape `~`). Empty when there is none.
 * @param {string} hash
 */
export function linkFromHash(hash) {
  let s = hash.startsWith('#') ? hash.slice(1) : hash;
  if (s.includes('%')) {
    try {
      s = decodeURIComponent(s);
    } catch {
      // Left as it is: the engine says what is wrong with it.
    }
  }
  return s.trim();
}

/**
 * The address to share: this page's, without query, with the link as the fragment.
 * @param {string} href the page's address
 * @param {string} link
 */
export function shareUrl(href, link) {
  const u = new URL(href);
  u.search = '';
  u.hash = link;
  return u.href;
}

/**
 * How a link relates to a saved game's link: the same game and position, a continuation
 * (the same start and the saved moves, then more), or unrelated.
 * @param {string} saved the saved game's link
 * @param {string} opened the link being opened
 * @returns {'same' | 'extends' | null}
 */
export function compareLinks(saved, opened) {
  if (saved === opened) return 'same';
  const a = saved.split('~');
  const b = opened.split('~');
  if (a.length !== b.length || a.length < 3) return null;
  for (let i = 0; i < a.length; i++) if (i !== 2 && a[i] !== b[i]) return null;
  return b[2].length > a[2].length && b[2].startsWith(a[2]) ? 'extends' : null;
}

/**
 * What pasted or uploaded text is: a link (the text, or an address with one after `#`), or
 * a game record.
 * @param {string} text
 * @returns {{kind: 'link' | 'record', text: string}}
 */
export function classifyImport(text) {
  const s = text.trim();
  const hash = s.indexOf('#');
  if (hash >= 0 && !s.slice(0, hash).includes('\n')) {
    const frag = linkFromHash(s.slice(hash));
    if (/^\d+~/.test(frag)) return { kind: 'link', text: frag };
  }
  if (/^\d+~\S*$/.test(s)) return { kind: 'link', text: s };
  return { kind: 'record', text };
}

/**
 * A file name for a game record: `halma-<variant>-<date>-<time>.txt`, in safe characters.
 * @param {string} variant
 * @param {Date} [when]
 */
export function recordFileName(variant, when = new Date()) {
  const v = variant.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'game';
  /** @param {number} n */
  const two = (n) => String(n).padStart(2, '0');
  const d = `${when.getFullYear()}${two(when.getMonth() + 1)}${two(when.getDate())}`;
  const t = `${two(when.getHours())}${two(when.getMinutes())}`;
  return `halma-${v}-${d}-${t}.txt`;
}

/**
 * Whether a record has any moves (a line after the first with something on it).
 * @param {string} record
 */
export function recordHasMoves(record) {
  const lines = record.split('\n').filter((l) => l.trim() !== '');
  return lines.length > 1;
}

/**
 * Whether a record starts from the variant's own start (its first line is a variant, not a
 * position, which has spaces).
 * @param {string} record
 */
export function recordFromStart(record) {
  const first = record.split('\n').find((l) => l.trim() !== '') ?? '';
  return !/\s/.test(first.trim());
}
