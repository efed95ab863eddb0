// Live play between devices over real WebRTC in headless Chromium (loopback, no STUN): each
// device is a browser context of its own. The host invites from the first screen, the
// friend opens the invitation and sends a reply, the host opens the reply in a new tab (it
// hands it to the waiting game and closes); moves go both ways and every device's engine
// referees; malformed, out-of-turn and replayed messages are refused and change nothing;
// taking back needs consent; a reload drops the connection, nothing is lost, and a new
// invitation from the current position reconnects (pasted this time); a resignation ends the
// game on both. Then three devices and a computer, the host relaying; and a reply whose
// addresses cannot be reached, which ends in the offer to play on by sending links.
// The dialogs are photographed on a phone's screen (390×844).
import { test, expect } from '@playwright/test';
import { watchErrors, clickMove, engine, greedyMove, pageState, shotPath, recordPerf, settle } from './helpers.mjs';
import { decodeReply, encodeSignal, signalFromText, signalUrl } from '../../www/live/codec.js';

const PHONE = { width: 390, height: 844 };

/**
 * Keeps every data channel a page makes or receives (`window.__dcs`) and what arrives on it
 * (`window.__got`), so a test can speak on the channel as a misbehaving peer would.
 * @param {import('@playwright/test').BrowserContext} ctx
 */
async function tapChannels(ctx) {
  await ctx.addInitScript(() => {
    const w = /** @type {any} */ (window);
    w.__dcs = [];
    w.__got = [];
    const keep = (/** @type {RTCDataChannel} */ dc) => {
      w.__dcs.push(dc);
      dc.addEventListener('message', (e) => w.__got.push(String(e.data)));
    };
    const Orig = window.RTCPeerConnection;
    const make = Orig.prototype.createDataChannel;
    Orig.prototype.createDataChannel = function (...a) {
      const dc = make.apply(this, a);
      keep(dc);
      return dc;
    };
    window.RTCPeerConnection = class extends Orig {
      constructor(...a) {
        super(...a);
        this.addEventListener('datachannel', (e) => keep(e.channel));
      }
    };
  });
}

/** A device: a context of its own with a phone's screen, its channels tapped. */
async function device(browser) {
  const ctx = await browser.newContext({ viewport: PHONE });
  await tapChannels(ctx);
  const page = await ctx.newPage();
  return { ctx, page, errs: watchErrors(page) };
}

/** @param {import('@playwright/test').Page} page */
async function ready(page) {
  await page.waitForSelector('body[data-ready="1"]');
}

/** The live bar's state: `open`, `waiting`, `off`, `mail`. */
const barState = (page) => page.locator('#live-bar').getAttribute('data-state');

/** Plies of the game the page shows, from its address (helpers' pageState). */
const plies = async (page) => (await pageState(page)).plies;

/**
 * The host's first steps: the first screen's card, a name, the seats (`me`, `friend`, `c1`),
 * the invitation. Returns the invitation links by seat.
 */
async function hostInvites(page, { variant, name, seats, shot }) {
  await page.goto('./#home');
  await ready(page);
  await page.click('#home-live');
  await expect(page.locator('#live-dialog')).toBeVisible();
  if (variant) await page.selectOption('#live-variant', variant);
  await page.fill('#live-name', name);
  for (let i = 0; i < seats.length; i++) await page.selectOption(`#live-seat-${i + 1}`, seats[i]);
  if (shot) await page.screenshot({ path: shotPath(`${shot}-host-setup.png`) });
  await page.click('#live-make');
  /** @type {Record<number, string>} */
  const links = {};
  for (let i = 0; i < seats.length; i++) {
    if (seats[i] !== 'friend') continue;
    const field = page.locator(`#live-inv-${i + 1}-url`);
    await expect(field).toHaveValue(/#live-invite=/);
    links[i + 1] = await field.inputValue();
  }
  // The QR code is drawn by the qrcode package.
  await expect(page.locator('canvas.live-qr').first()).toBeVisible();
  if (shot) await page.screenshot({ path: shotPath(`${shot}-host-invite.png`) });
  return links;
}

/** A friend opens an invitation and accepts: the reply link. */
async function guestReplies(page, url, { name, shot, expectText }) {
  await page.goto(url);
  await ready(page);
  await expect(page.locator('#live-accept')).toBeVisible();
  for (const text of expectText ?? []) await expect(page.locator('#live-dialog')).toContainText(text);
  if (shot) await page.screenshot({ path: shotPath(`${shot}-guest-invite.png`) });
  if (name !== null) await page.fill('#live-name', name);
  await page.click('#live-accept');
  const field = page.locator('#live-reply-url');
  await expect(field).toHaveValue(/#live-reply=/);
  await expect(page.locator('#live-reply-qr')).toBeVisible();
  if (shot) await page.screenshot({ path: shotPath(`${shot}-guest-reply.png`) });
  return field.inputValue();
}

/**
 * Opens a link in a new tab of the same browser, as a link tapped in a message opens: the
 * tab hands it to the waiting game and closes itself.
 */
async function openInNewTab(page, url) {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.evaluate((u) => window.open(u, '_blank', 'noopener'), url)]);
  return tab;
}

/** Sends raw text on a page's first data channel (as a peer that misbehaves). */
const sendRaw = (page, text) => page.evaluate((t) => /** @type {any} */ (window).__dcs.find((d) => d.readyState === 'open').send(t), text);
/** The messages a page's channels received, parsed. */
const received = (page) => page.evaluate(() => /** @type {any} */ (window).__got.map((s) => JSON.parse(s)));

test('two devices: invite, reply, moves both ways, bad messages refused, undo by consent, drop and reconnect, resign', async ({ browser }) => {
  test.setTimeout(180_000);
  const { Game } = await engine();
  const A = await device(browser);
  const B = await device(browser);

  // The host invites from the first screen; the link holds the offer, compressed.
  const links = await hostInvites(A.page, { name: 'Anna', seats: ['me', 'friend'], shot: 'live' });
  const invite = links[2];
  expect(signalFromText(invite)?.kind).toBe('invite');
  await expect(A.page.locator('#live-bar')).toHaveAttribute('data-state', 'waiting');

  // The friend sees the game, who they play and who invites them; accepts; gets a reply.
  const reply = await guestReplies(B.page, invite, {
    name: 'Bo',
    shot: 'live',
    expectText: ['Anna invites you to a game', 'Chinese checkers for 2', 'You play blue (seat 2)', 'No server is contacted'],
  });
  const r = await decodeReply(/** @type {any} */ (signalFromText(reply)).payload);
  expect(r.s).toBe(2);
  expect(r.n).toBe('Bo');
  recordPerf('live.linkLength', { invite: invite.length, reply: reply.length, origin: new URL(invite).origin.length + 1 });

  // The host opens the reply in a new tab: handed over by BroadcastChannel, the tab closes.
  const t0 = Date.now();
  const tab = await openInNewTab(A.page, reply);
  await tab.waitForEvent('close', { timeout: 15_000 });
  await expect(A.page.locator('#live-bar')).toHaveAttribute('data-state', 'open');
  await expect(B.page.locator('#live-bar')).toHaveAttribute('data-state', 'open');
  const connectedMs = Date.now() - t0;
  await expect(A.page.locator('#live-dialog')).toBeHidden();
  await expect(B.page.locator('#live-dialog')).toBeHidden();
  await expect(A.page.locator('#live-line')).toHaveText('Live with Bo (blue): connected.');
  await expect(B.page.locator('#live-line')).toHaveText('Live with Anna (red): connected.');
  await A.page.screenshot({ path: shotPath('live-host-connected.png') });

  // Moves both ways: each device's board, each engine.
  const mirror = new Game('star-2');
  let first = 0;
  for (let i = 0; i < 6; i++) {
    const mover = i % 2 === 0 ? A.page : B.page;
    const other = i % 2 === 0 ? B.page : A.page;
    const m = greedyMove(mirror);
    await clickMove(mover, m.from, m.to);
    mirror.playMove(m.from, m.to);
    await expect.poll(() => plies(other)).toBe(i + 1);
    if (i === 0) first = Date.now() - t0;
  }
  recordPerf('live.loopback', { replyToConnectedMs: connectedMs, replyToFirstMoveSeenMs: first });
  expect((await pageState(A.page)).rec).toBe(mirror.record());
  expect((await pageState(B.page)).rec).toBe(mirror.record());
  await B.page.screenshot({ path: shotPath('live-guest-playing.png') });
  // Undo is not the page's own in a live game: the toolbar's is off.
  await expect(A.page.locator('#btn-undo')).toBeDisabled();

  // Taking back needs the other's consent: Bo asks, Anna agrees, both go back.
  await B.page.click('#live-undo');
  await expect(A.page.locator('#live-ask')).toBeVisible();
  await expect(A.page.locator('#live-ask')).toContainText('Bo (blue) asks to go back to before move 6');
  await A.page.screenshot({ path: shotPath('live-undo-ask.png') });
  await A.page.click('#live-ask-1');
  await expect.poll(() => plies(A.page)).toBe(5);
  await expect.poll(() => plies(B.page)).toBe(5);
  mirror.undo();
  const redo = greedyMove(mirror);
  await clickMove(B.page, redo.from, redo.to);
  mirror.playMove(redo.from, redo.to);
  await expect.poll(() => plies(A.page)).toBe(6);

  // A malformed message, a move out of turn, a replayed number, an oversized message: each
  // gets an error back and changes nothing. (The made-up sequence numbers spoil this
  // connection's numbering for the friend's own messages: it is dropped next anyway.)
  const before = await pageState(A.page);
  await sendRaw(B.page, '{"v":1,"t":"move","n":');
  await sendRaw(B.page, JSON.stringify({ v: 1, t: 'move', n: 1000, ply: 6, seat: 1, from: 0, to: 1 }));
  await sendRaw(B.page, JSON.stringify({ v: 1, t: 'undo', n: 1000, ply: 0 }));
  await sendRaw(B.page, JSON.stringify({ v: 1, t: 'sync', n: 1001, rec: 'x'.repeat(40_000) }));
  await expect
    .poll(async () => (await received(B.page)).filter((m) => m.t === 'error').map((m) => m.code))
    .toEqual(['malformed', 'out-of-turn', 'replayed', 'oversized']);
  await expect(A.page.locator('#live-note')).toContainText('was refused (oversized)');
  await expect(B.page.locator('#live-note')).toContainText("Anna (red)'s device refused a message (oversized)");
  expect(await pageState(A.page)).toEqual(before);
  expect(await pageState(B.page)).toEqual(before);
  await expect(A.page.locator('#live-bar')).toHaveAttribute('data-state', 'open');

  // A reload of the friend's page drops the connection: both keep the game and say so.
  await B.page.reload();
  await ready(B.page);
  await expect(A.page.locator('#live-bar')).toHaveAttribute('data-state', 'off');
  await expect(A.page.locator('#live-note')).toContainText('The connection to Bo (blue) was lost');
  await expect(B.page.locator('#live-bar')).toHaveAttribute('data-state', 'off');
  await expect(B.page.locator('#live-reconnect')).toBeVisible();
  expect((await pageState(B.page)).rec).toBe(mirror.record());
  // Saved with who played where.
  await expect(B.page.locator('#status')).toContainText('Anna (red)');
  // The host plays on meanwhile: that move must reach the friend on reconnection.
  const lone = greedyMove(mirror);
  await clickMove(A.page, lone.from, lone.to);
  mirror.playMove(lone.from, lone.to);
  // With nobody connected, the move can also go by link.
  await expect(A.page.locator('#live-send')).toBeVisible();
  await A.page.screenshot({ path: shotPath('live-host-lost.png') });

  // The friend makes a new invitation from the current position; the host opens it in a new
  // tab, which hands it to the game's tab; the reply is pasted into the friend's dialog.
  await B.page.click('#live-reconnect');
  const again = B.page.locator('#live-inv-0-url');
  await expect(again).toHaveValue(/#live-invite=/);
  await B.page.screenshot({ path: shotPath('live-guest-reconnect.png') });
  const tab2 = await openInNewTab(A.page, await again.inputValue());
  await tab2.waitForEvent('close', { timeout: 15_000 });
  await expect(A.page.locator('#live-dialog')).toContainText('Bo wants to reconnect');
  await A.page.click('#live-accept');
  const reply2 = await A.page.locator('#live-reply-url').inputValue();
  await B.page.fill('#live-paste', `Here it is: ${reply2}`);
  const tp = Date.now();
  await B.page.click('#live-paste-open');
  await expect(A.page.locator('#live-bar')).toHaveAttribute('data-state', 'open', { timeout: 15_000 });
  await expect(B.page.locator('#live-bar')).toHaveAttribute('data-state', 'open');
  const pastedMs = Date.now() - tp;
  // The dialogs close by themselves.
  await expect(A.page.locator('#live-dialog')).toBeHidden();
  await expect(B.page.locator('#live-dialog')).toBeHidden();
  // The longer record won: no move lost.
  await expect.poll(async () => (await pageState(B.page)).rec).toBe(mirror.record());
  expect((await pageState(A.page)).rec).toBe(mirror.record());
  const next = greedyMove(mirror);
  await clickMove(B.page, next.from, next.to);
  const tm = Date.now();
  mirror.playMove(next.from, next.to);
  await expect.poll(() => plies(A.page), { intervals: [10] }).toBe(mirror.history().length);
  recordPerf('live.reconnect', { pastedReplyToConnectedMs: pastedMs, moveSeenOnTheOtherMs: Date.now() - tm });

  // Resign ends the game on both.
  await settle(A.page);
  await A.page.click('#btn-resign');
  await A.page.click('#end-yes');
  await expect(A.page.locator('#status')).toContainText('resigned');
  await expect(B.page.locator('#status')).toContainText('Anna (red) resigned');
  await expect(B.page.locator('#live-line')).toContainText('the game is over');

  A.errs.check();
  B.errs.check();
  await A.ctx.close();
  await B.ctx.close();
});

test('three devices and a computer: the host relays every move', async ({ browser }) => {
  test.setTimeout(150_000);
  const { Game } = await engine();
  const H = await device(browser);
  const G2 = await device(browser);
  const G3 = await device(browser);
  const links = await hostInvites(H.page, { variant: 'star-4', name: 'Ada', seats: ['me', 'friend', 'friend', 'c1'], shot: 'live3' });
  expect(Object.keys(links)).toEqual(['2', '3']);
  const r2 = await guestReplies(G2.page, links[2], { name: 'Bea', expectText: ['Ada invites you', 'The computer'] });
  const r3 = await guestReplies(G3.page, links[3], { name: 'Cy' });
  // One by new tab, one pasted.
  const tab = await openInNewTab(H.page, r2);
  await tab.waitForEvent('close', { timeout: 15_000 });
  await H.page.fill('#live-paste', r3);
  await H.page.click('#live-paste-open');
  for (const p of [H.page, G2.page, G3.page]) await expect(p.locator('#live-bar')).toHaveAttribute('data-state', 'open');
  for (const p of [H.page, G2.page, G3.page]) await expect(p.locator('#live-dialog')).toBeHidden();
  // Names travel: the third device knows the second's.
  await expect(G3.page.locator('#live-line')).toContainText('Ada');
  await expect(G2.page.locator('#standings')).toContainText('Cy');

  // Two rounds: each person at their own device, the computer on the host.
  const mirror = new Game('star-4');
  const pages = { 1: H.page, 2: G2.page, 3: G3.page };
  for (let round = 0; round < 2; round++) {
    for (const seat of [1, 2, 3]) {
      await expect.poll(async () => (await pageState(pages[seat])).turn, { timeout: 20_000 }).toBe(seat);
      const m = greedyMove(Game.fromRecord((await pageState(pages[seat])).rec));
      await clickMove(pages[seat], m.from, m.to);
    }
    // The computer answers on the host; every device gets its move.
    const n = (round + 1) * 4;
    for (const p of [H.page, G2.page, G3.page]) await expect.poll(() => plies(p), { timeout: 30_000 }).toBe(n);
  }
  const recs = await Promise.all([H.page, G2.page, G3.page].map(async (p) => (await pageState(p)).rec));
  expect(recs[1]).toBe(recs[0]);
  expect(recs[2]).toBe(recs[0]);
  expect(Game.fromRecord(recs[0]).history().length).toBe(8);
  mirror.free();

  // Blue asks to take back its move: the host and the third device both agree, all go back
  // to before it (the computer's move after it goes too).
  await G2.page.click('#live-undo');
  for (const p of [H.page, G3.page]) {
    await expect(p.locator('#live-ask')).toBeVisible();
    await p.click('#live-ask-1');
  }
  for (const p of [H.page, G2.page, G3.page]) await expect.poll(() => plies(p)).toBe(5);
  await expect.poll(async () => (await pageState(G2.page)).turn).toBe(2);

  // Green resigns at its device: the game ends on all three.
  await G3.page.click('#btn-resign');
  await G3.page.click('#end-yes');
  for (const p of [H.page, G2.page, G3.page]) await expect(p.locator('#status')).toContainText('resigned');
  for (const d of [H, G2, G3]) {
    d.errs.check();
    await d.ctx.close();
  }
});

test('no way between the devices: the invitation times out and offers play by sending links', async ({ browser }) => {
  test.setTimeout(120_000);
  const A = await device(browser);
  const B = await device(browser);
  const links = await hostInvites(A.page, { name: 'Ann', seats: ['me', 'friend'] });
  const reply = await guestReplies(B.page, links[2], { name: null });
  // The reply's addresses replaced by one nobody answers (a documentation address).
  const sig = /** @type {any} */ (signalFromText(reply));
  const r = await decodeReply(sig.payload);
  r.d.c = ['1 1 udp 2113937151 192.0.2.1 9 typ host'];
  // The friend's device is gone too: nothing answers.
  await B.ctx.close();
  r.d.u = 'dead';
  r.d.p = 'deaddeaddeaddeaddeaddead';
  const dead2 = signalUrl(reply, 'reply', await encodeSignal(r));
  await A.page.fill('#live-paste', dead2);
  await A.page.click('#live-paste-open');
  await expect(A.page.locator('.live-invite[data-state="connecting"]')).toBeVisible();
  await expect(A.page.locator('.live-invite[data-state="failed"]')).toBeVisible({ timeout: 60_000 });
  await expect(A.page.locator('#live-dialog')).toContainText('could not reach each other');
  await A.page.screenshot({ path: shotPath('live-no-route.png') });
  await A.page.getByRole('button', { name: 'Play by sending links' }).click();
  await expect(A.page.locator('#live-bar')).toHaveAttribute('data-state', 'mail');
  await expect(A.page.locator('#live-line')).toHaveText('Played by sending links: after your move, send it.');
  await expect(A.page.locator('#live-send')).toBeVisible();
  // The link to send carries the seats.
  expect(new URL(A.page.url()).hash).toBe('#1~star-2~!h:Ann,h');
  await A.page.click('#live-send');
  await expect(A.page.locator('#live-send-url')).toHaveValue(/#1~star-2~!h:Ann,h$/);
  A.errs.check();
  await A.ctx.close();
});
