// UI text. The strings are data: one JSON file per language in www/i18n/ (en.json, da.json,
// de.json), each a flat object from key to text, imported here (the bundler inlines them).
// `t(key, params)` looks a key up in the current language and fills `{name}` placeholders; static
// markup carries `data-i18n` attributes that `applyI18n` fills. Every language must have the
// same keys and placeholders as English (tests/unit/i18n.test.mjs checks it).

import en from './i18n/en.json' with { type: 'json' };
import da from './i18n/da.json' with { type: 'json' };
import de from './i18n/de.json' with { type: 'json' };

/** @typedef {'en' | 'da' | 'de'} Lang */

/** @type {readonly Lang[]} */
export const LANGS = Object.freeze(/** @type {Lang[]} */ (['en', 'da', 'de']));

/** @type {Record<Lang, Record<string, string>>} */
export const STRINGS = { en, da, de };

/** @type {Lang} */
let current = 'en';
/** @type {Set<(lang: Lang) => void>} */
const listeners = new Set();

/**
 * Whether a string names a supported language.
 * @param {unknown} l
 * @returns {l is Lang}
 */
export function isLang(l) {
  return typeof l === 'string' && /** @type {readonly string[]} */ (LANGS).includes(l);
}

/**
 * The first supported language among the browser's preferences (`da-DK` → `da`).
 * @param {readonly string[]} prefs
 * @returns {Lang}
 */
export function detectLang(prefs) {
  for (const p of prefs) {
    const base = String(p).toLowerCase().split('-')[0];
    if (isLang(base)) return base;
    // Norwegian and Swedish readers get on better with Danish than with English.
    if (base === 'nb' || base === 'no' || base === 'nn') return 'da';
  }
  return 'en';
}

/** @returns {Lang} */
export function getLang() {
  return current;
}

/** @param {Lang} lang */
export function setLang(lang) {
  if (!isLang(lang) || lang === current) return;
  current = lang;
  for (const fn of listeners) fn(lang);
}

/**
 * @param {(lang: Lang) => void} fn
 * @returns {() => void}
 */
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * The text for `key` in the current language, with `{name}` placeholders filled.
 * Falls back to English, then to the key itself.
 * @param {string} key
 * @param {Record<string, string | number>} [params]
 * @param {Lang} [lang]
 */
export function t(key, params, lang = current) {
  const s = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  if (!params) return s;
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/**
 * `t` for a text about a count `n` (its `{n}`): the singular text `key.one` when `n` is 1
 * and the language has one.
 * @param {string} key
 * @param {number} n
 * @param {Record<string, string | number>} [params]
 * @param {Lang} [lang]
 */
export function tn(key, n, params, lang = current) {
  const one = `${key}.one`;
  const k = n === 1 && (one in STRINGS[lang] || one in STRINGS.en) ? one : key;
  return t(k, { ...params, n }, lang);
}

/**
 * Fills static markup: `data-i18n="key"` sets the text, `data-i18n-attr="attr:key;attr:key"`
 * sets attributes.
 * @param {ParentNode} root
 */
export function applyI18n(root) {
  for (const el of root.querySelectorAll('[data-i18n]')) {
    const key = el.getAttribute('data-i18n');
    if (key) el.textContent = t(key);
  }
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    const spec = el.getAttribute('data-i18n-attr') ?? '';
    for (const part of spec.split(';')) {
      const [attr, key] = part.split(':').map((s) => s.trim());
      if (attr && key) el.setAttribute(attr, t(key));
    }
  }
}
