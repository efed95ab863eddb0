// Bad and hostile input: a malformed fragment, record, file or element attribute (another
// version, illegal moves, markup in a name or a record, a string of megabytes) shows the
// engine's own message, as text; nothing from it becomes HTML; the page goes on and the
// saved games are exactly as they were.
import { test, expect } from '@playwright/test';
import { open, watchErrors, engine, storageSnapshot, playGreedyMoves, pagePosition } from './helpers.mjs';

const PAYLOAD = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
const MB = 1024 * 1024;

/** The engine's message for text that does not load (the page must show this). */
async function engineError(fn, text) {
  const mod = await engine();
  try {
    if (fn === 'variantInfo') mod.variantInfo(text);
    else mod.Game[fn](text).free();
  } catch (e) {
    return e.message;
  }
  throw new Error(`the engine accepts ${text.slice(0, 40)}`);
}

/** Nothing from the input became markup or ran. */
async function nothingInjected(page) {
  const r = await page.evaluate(() => ({
    pwned: window.__pwned ?? null,
    imgs: document.querySelectorAll('img').length,
    inlineScripts: document.querySelectorAll('script:not([src])').length,
  }));
  expect(r).toEqual({ pwned: null, imgs: 0, inlineScripts: 0 });
}

/** A page with a saved game in progress (two moves), and its storage. */
async function withSavedGame(page) {
  await open(page, '?variant=halma-8x8');
  const { Game } = await engine();
  const mirror = new Game('halma-8x8');
  await playGreedyMoves(page, mirror, 2);
  const pos = mirror.position();
  mirror.free();
  return { pos, snap: await storageSnapshot(page) };
}

const FRAGMENTS = [
  ['another version', '2~halma~AAAB'],
  ['illegal moves', '1~halma~AAAB'],
  ['markup as the variant', `1~${PAYLOAD}~`],
  ['markup as the start position', `1~halma-8x8~~1~${PAYLOAD}`],
  ['1.5 MB of text', `1~halma~${'A'.repeat(1.5 * MB)}`],
];

test('bad share links in the address: the engine says why, the saved games stay', async ({ page }) => {
  const errs = watchErrors(page);
  const { pos, snap } = await withSavedGame(page);
  for (const [what, text] of FRAGMENTS) {
    const msg = await engineError('fromLink', text);
    await page.goto(`./#${text}`);
    await page.waitForSelector('body[data-ready="1"]');
    await expect(page.locator('#notice'), what).toBeVisible();
    const shown = await page.locator('#notice-text').textContent();
    expect(shown, what).toContain(msg.slice(0, 200));
    expect(shown, what).toMatch(/^The game link could not be opened: /);
    // The game that was open is back, the address shows it, storage is untouched.
    expect(await pagePosition(page), what).toBe(pos);
    expect(new URL(page.url()).hash.length, what).toBeLessThan(100);
    expect(await storageSnapshot(page), what).toEqual(snap);
    await nothingInjected(page);
  }
  // A bad link typed into the address of the open page: the same.
  await page.evaluate(() => {
    location.hash = '1~halma~$$$$';
  });
  await expect(page.locator('#notice-text')).toContainText('link move 1: unexpected characters');
  expect(await pagePosition(page)).toBe(pos);
  expect(await storageSnapshot(page)).toEqual(snap);
  errs.check();
});

test('bad records by paste and by file: the engine says why, the saved games stay', async ({ page }) => {
  const errs = watchErrors(page);
  const { pos, snap } = await withSavedGame(page);
  const cases = [
    ['markup as the first line', `${PAYLOAD}\ne4-e5\n`],
    ['markup as a move', `halma\n${PAYLOAD}\n`],
    ['an illegal move', 'halma-8x8\nc2-c3 c3-c4 z9-z10\n'],
    ['10 MB of text', `halma\n${'e4-e5 '.repeat((10 * MB) / 6)}`],
  ];
  await page.locator('#btn-games').click();
  for (const [what, text] of cases) {
    const msg = await engineError('fromRecord', text);
    // Set by script: typing 10 MB would take minutes.
    await page.locator('#import-text').evaluate((el, v) => {
      el.value = v;
    }, text);
    await page.locator('#import-open').click();
    await expect(page.locator('#import-error'), what).toBeVisible();
    const shown = await page.locator('#import-error').textContent();
    expect(shown, what).toBe(`This could not be opened: ${msg}`);
    expect(await storageSnapshot(page), what).toEqual(snap);
    await nothingInjected(page);
  }
  // The same by file, and a file too large to be a record at all.
  await page.locator('#import-file').setInputFiles({ name: 'x.txt', mimeType: 'text/plain', buffer: Buffer.from(`${PAYLOAD}\n`) });
  await expect(page.locator('#import-error')).toContainText(await engineError('fromRecord', `${PAYLOAD}\n`));
  await page.locator('#import-file').setInputFiles({ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(17 * MB, 97) });
  await expect(page.locator('#import-error')).toContainText('The file big.txt is too large (17 MB)');
  expect(await storageSnapshot(page)).toEqual(snap);
  await page.locator('#games-close').click();
  expect(await pagePosition(page)).toBe(pos);
  await nothingInjected(page);
  errs.check();
});

test('markup in saved player names is shown as text', async ({ page }) => {
  const errs = watchErrors(page);
  await page.goto('./');
  await page.waitForSelector('body[data-ready="1"]');
  await page.evaluate((p) => {
    localStorage.clear();
    sessionStorage.clear();
    const setup = { variant: 'halma', players: [{ name: p.slice(0, 60), kind: 'human' }, { name: '<b>bold</b>', kind: 'human' }], start: 'seat1', rotation: 'turn' };
    localStorage.setItem('halma.game.x1', JSON.stringify({ v: 1, record: 'halma\n', setup, savedAt: '2025-01-01T00:00:00Z' }));
    localStorage.setItem('halma.games', JSON.stringify({ v: 1, current: 'x1', games: [{ id: 'x1', savedAt: '2025-01-01T00:00:00Z' }] }));
  }, PAYLOAD);
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  await expect(page.locator('#status')).toContainText('<img src=x');
  await page.locator('#btn-games').click();
  await expect(page.locator('#games-list li').first()).toContainText('<b>bold</b>');
  expect(await page.locator('#games-list b').count()).toBe(0);
  await nothingInjected(page);
  errs.check();
});

test('bad element attributes: the engine says why, inside the board, as text', async ({ page }) => {
  const errs = watchErrors(page);
  await page.goto('./embed-example.html');
  await page.waitForFunction(() => document.getElementById('ex-hotseat').game?.position().startsWith('halma-8x8'));
  const good = await page.evaluate(() => document.getElementById('ex-hotseat').game.position());
  const cases = [
    ['variant', PAYLOAD, () => engineError('variantInfo', PAYLOAD)],
    ['link', '2~halma~', () => engineError('fromLink', '2~halma~')],
    ['record', `halma\n${PAYLOAD}`, () => engineError('fromRecord', `halma\n${PAYLOAD}`)],
    ['record', 'x'.repeat(10 * MB), () => engineError('fromRecord', 'x'.repeat(10 * MB))],
  ];
  for (const [name, value, expected] of cases) {
    const msg = await expected();
    const r = await page.evaluate(
      async ([n, v]) => {
        // A board made with the bad attribute from the start, and the example's board changed to it.
        const fresh = document.createElement('halma-board');
        fresh.setAttribute(n, v);
        document.body.append(fresh);
        const b = document.getElementById('ex-hotseat');
        const was = b.getAttribute(n);
        b.setAttribute(n, v);
        await fresh.game.ready;
        await new Promise((r) => setTimeout(r, 50));
        const out = {
          fresh: fresh.shadowRoot.querySelector('.error').textContent,
          changed: b.shadowRoot.querySelector('.error').textContent,
          position: b.game.position(),
          markup: [fresh, b].map((x) => x.shadowRoot.querySelectorAll('img, script, b').length),
        };
        fresh.remove();
        if (was === null) b.removeAttribute(n);
        else b.setAttribute(n, was);
        await new Promise((r) => setTimeout(r, 50));
        return out;
      },
      [name, value],
    );
    expect(r.fresh, name).toBe(`This game cannot be shown: ${msg}`);
    // The board that had a game keeps showing it, and says so.
    expect(r.changed, name).toBe(`Not changed: ${msg}. The board still shows the game as it was.`);
    expect(r.position, name).toBe(good);
    expect(r.markup, name).toEqual([0, 0]);
  }
  // A good value clears the message.
  await page.evaluate(() => document.getElementById('ex-hotseat').setAttribute('variant', 'star-2'));
  await page.waitForFunction(() => document.getElementById('ex-hotseat').game.position().startsWith('star-2'));
  expect(await page.evaluate(() => document.getElementById('ex-hotseat').shadowRoot.querySelector('.error').hidden)).toBe(true);
  await nothingInjected(page);
  errs.check();
});
