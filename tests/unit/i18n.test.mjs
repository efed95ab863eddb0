import test from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { STRINGS, LANGS, t, tn, setLang, getLang, detectLang, isLang, onLangChange } from '../../www/i18n.js';

const DIR = new URL('../../www/i18n/', import.meta.url);

test('the strings are data: one JSON file per language in www/i18n/, and the module serves them', () => {
  const files = readdirSync(DIR).sort();
  assert.deepEqual(files, LANGS.map((l) => `${l}.json`).sort(), 'www/i18n/ holds exactly one <lang>.json per language of LANGS');
  for (const l of LANGS) {
    const data = JSON.parse(readFileSync(new URL(`${l}.json`, DIR), 'utf8'));
    assert.equal(typeof data, 'object');
    assert.ok(data && !Array.isArray(data), `${l}.json is an object`);
    for (const [k, v] of Object.entries(data)) assert.equal(typeof v, 'string', `${l}.json: ${k} is text`);
    // Same keys in the same order: what the page uses is the file, not a copy of it.
    assert.deepEqual(Object.entries(STRINGS[l]), Object.entries(data), `STRINGS.${l} is ${l}.json`);
  }
  assert.deepEqual(Object.keys(STRINGS).sort(), [...LANGS].sort(), 'STRINGS has a table for each language and no other');
});

test('the module holds no strings of its own', () => {
  const src = readFileSync(new URL('../../www/i18n.js', import.meta.url), 'utf8');
  for (const l of LANGS) assert.ok(src.includes(`'./i18n/${l}.json'`), `i18n.js imports ${l}.json`);
  assert.doesNotMatch(src, /'btn\.new'/, 'i18n.js has no string table');
});

test('every language has exactly the same keys, in the same order', () => {
  const en = Object.keys(STRINGS.en);
  for (const l of LANGS) {
    assert.deepEqual(Object.keys(STRINGS[l]).sort(), [...en].sort(), `keys of ${l}`);
    assert.deepEqual(Object.keys(STRINGS[l]), en, `order of the keys of ${l}.json (as en.json, so the files compare line by line)`);
  }
});

test('placeholders match between languages, and no text is empty', () => {
  const ph = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const key of Object.keys(STRINGS.en)) {
    for (const l of LANGS) {
      assert.ok(STRINGS[l][key].length > 0 || key === 'board.help', `${l} ${key} empty`);
      assert.deepEqual(ph(STRINGS[l][key]), ph(STRINGS.en[key]), `placeholders of ${key} in ${l}`);
    }
  }
});

test('the Danish text is Danish (spot checks)', () => {
  assert.equal(STRINGS.da['btn.new'], 'Nyt spil');
  assert.match(STRINGS.da['rules.hop'], /spring/);
  assert.match(STRINGS.da['rules.lock'], /mållejren/);
});

test('the German text is German (spot checks): Sternhalma words', () => {
  assert.equal(STRINGS.de['btn.new'], 'Neues Spiel');
  assert.equal(STRINGS.de['variant.star-2'], 'Sternhalma zu zweit');
  assert.match(STRINGS.de['rules.hop'], /Sprung/);
  assert.match(STRINGS.de['rules.lock'], /Ziel/);
  assert.match(STRINGS.de['tutorial.star.chain.good'], /Sprungkette/);
  assert.match(STRINGS.de['puzzle.star-crossing.rules'], /Spitze/);
  // Not a copy of the English: most texts differ.
  const same = Object.keys(STRINGS.en).filter((k) => STRINGS.de[k] === STRINGS.en[k] && /[a-z]{4}/.test(STRINGS.en[k]));
  assert.ok(same.length < 25, `texts left in English: ${same.join(', ')}`);
});

test('t fills placeholders, falls back to English, then to the key', () => {
  setLang('en');
  assert.equal(t('panel.toMove', { name: 'Ann' }), 'Ann to move');
  assert.equal(t('panel.toMove', {}), '{name} to move');
  assert.equal(t('no.such.key'), 'no.such.key');
  assert.equal(t('btn.new', undefined, 'da'), 'Nyt spil');
});

test('language detection and switching', () => {
  assert.equal(detectLang(['da-DK', 'en']), 'da');
  assert.equal(detectLang(['de-DE', 'en-GB']), 'de');
  assert.equal(detectLang(['de-AT']), 'de');
  assert.equal(detectLang(['fr-CH', 'de-CH']), 'de');
  assert.equal(detectLang(['nb-NO']), 'da');
  assert.equal(detectLang(['fr']), 'en');
  assert.equal(detectLang([]), 'en');
  assert.ok(isLang('da') && isLang('de') && !isLang('fr') && !isLang(3));
  const seen = [];
  const off = onLangChange((l) => seen.push(l));
  setLang('da');
  assert.equal(getLang(), 'da');
  assert.equal(t('btn.undo'), 'Fortryd');
  setLang('da'); // no change, no event
  setLang(/** @type {any} */ ('xx')); // ignored
  setLang('en');
  off();
  setLang('da');
  assert.deepEqual(seen, ['da', 'en']);
  setLang('en');
});

test('tn: the singular text for a count of 1, the plural otherwise', () => {
  setLang('en');
  assert.equal(tn('panel.points.value', 1), '1 point');
  assert.equal(tn('panel.points.value', 0), '0 points');
  assert.equal(tn('panel.points.value', 2), '2 points');
  assert.equal(tn('rules.diff.turns', 1, { std: 300 }), 'Drawn after 1 turn per player instead of 300.');
  assert.equal(tn('rules.diff.turns', 50, { std: 300 }), 'Drawn after 50 turns per player instead of 300.');
  assert.equal(tn('rules.diff.turns', 1, { std: 300 }, 'da'), 'Uafgjort efter 1 tur pr. spiller i stedet for 300.');
  // A text without a singular form is the same for every count.
  assert.equal(tn('panel.turns', 1), 'Turn 1');
  // Every singular text belongs to a text with a count.
  for (const l of LANGS) {
    for (const key of Object.keys(STRINGS[l]).filter((k) => k.endsWith('.one') && STRINGS[l][k.slice(0, -4)])) {
      assert.match(STRINGS[l][key.slice(0, -4)], /\{n\}/, `${l} ${key}`);
    }
  }
});
