// Live play's signalling codec (www/live/codec.js): invitations and replies as links,
// compressed with CompressionStream and written in base64url, checked before use.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  toBase64Url,
  fromBase64Url,
  deflate,
  inflate,
  encodePayload,
  decodePayload,
  compactSdp,
  expandSdp,
  checkCompactSdp,
  checkInvite,
  checkReply,
  encodeSignal,
  decodeInvite,
  decodeReply,
  signalFromText,
  signalUrl,
  newLiveId,
  SignalError,
  MAX_PAYLOAD,
  MAX_INFLATED,
} from '../../www/live/codec.js';

/** An offer as headless Chromium makes it for a data channel (ICE gathering complete). */
const OFFER = [
  'v=0',
  'o=- 8504089211977166988 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0',
  'a=extmap-allow-mixed',
  'a=msid-semantic: WMS',
  'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
  'c=IN IP4 0.0.0.0',
  'a=candidate:2809409567 1 udp 2113937151 9d205d1d-e374-4dfc-a831-4d60d21f3ed1.local 33661 typ host generation 0 network-cost 999',
  'a=candidate:1813180927 1 udp 2113942271 a2f1e1e5-64ab-4be9-9b57-3e09008f499d.local 51777 typ host generation 0 network-cost 999',
  'a=candidate:842163049 1 udp 1677729535 203.0.113.7 51777 typ srflx raddr 0.0.0.0 rport 0 generation 0 network-cost 999',
  'a=ice-ufrag:q8Et',
  'a=ice-pwd:dfro2SnqUZ6FhbOliFFy4POS',
  'a=ice-options:trickle',
  'a=fingerprint:sha-256 9F:87:EE:4F:48:92:05:24:51:9D:62:0E:93:31:63:53:AB:19:CD:ED:5A:8C:08:51:5B:B7:80:5E:D4:D5:FD:1A',
  'a=setup:actpass',
  'a=mid:0',
  'a=sctp-port:5000',
  'a=max-message-size:262144',
  '',
].join('\r\n');

const ID = 'AbCdEfGhIjKlMnOp';

function invite(over = {}) {
  return { k: 'i', id: ID, g: '1~star-2~BvBm', n: 'Anna', s: 2, p: [['Anna', 'h'], ['', 'g']], r: 'h', d: compactSdp(OFFER), ...over };
}

test('base64url: round trips every byte, no padding, refuses other alphabets', () => {
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  const s = toBase64Url(all);
  assert.match(s, /^[A-Za-z0-9_-]+$/);
  assert.deepEqual(fromBase64Url(s), all);
  for (let n = 0; n < 5; n++) assert.deepEqual(fromBase64Url(toBase64Url(all.subarray(0, n))), all.subarray(0, n));
  assert.throws(() => fromBase64Url('ab+/'), SignalError);
  assert.throws(() => fromBase64Url('abc='), SignalError);
  assert.throws(() => fromBase64Url('abcde'), SignalError);
});

test('deflate-raw round trip; inflating stops at the limit (no decompression bomb)', async () => {
  const text = 'halma '.repeat(1000);
  const z = await deflate(text);
  assert.ok(z.length < 100);
  assert.equal(await inflate(z), text);
  const bomb = await deflate('x'.repeat(MAX_INFLATED + 1));
  await assert.rejects(inflate(bomb), (e) => e instanceof SignalError && e.code === 'size');
  await assert.rejects(inflate(Uint8Array.of(1, 2, 3, 4, 5)), (e) => e instanceof SignalError && e.code === 'encoding');
});

test('payloads: JSON in, JSON out; too long, not base64url, not JSON refused', async () => {
  const obj = { a: 1, b: ['x', 'y'] };
  assert.deepEqual(await decodePayload(await encodePayload(obj)), obj);
  await assert.rejects(decodePayload('A'.repeat(MAX_PAYLOAD + 1)), (e) => e.code === 'size');
  await assert.rejects(decodePayload('not base64!'), (e) => e.code === 'encoding');
  await assert.rejects(decodePayload(toBase64Url(await deflate('{not json'))), (e) => e.code === 'encoding');
});

test('a session description cut down and rebuilt keeps what a data channel needs', () => {
  const c = compactSdp(OFFER);
  assert.equal(c.u, 'q8Et');
  assert.equal(c.p, 'dfro2SnqUZ6FhbOliFFy4POS');
  assert.equal(c.s, 'actpass');
  assert.equal(c.m, 262144);
  assert.equal(c.f.split(' ')[0], 'sha-256');
  assert.deepEqual(c.c, [
    '1 1 udp 2113937151 9d205d1d-e374-4dfc-a831-4d60d21f3ed1.local 33661 typ host',
    '2 1 udp 2113942271 a2f1e1e5-64ab-4be9-9b57-3e09008f499d.local 51777 typ host',
    '3 1 udp 1677729535 203.0.113.7 51777 typ srflx raddr 0.0.0.0 rport 0',
  ]);
  const sdp = expandSdp(c);
  assert.match(sdp, /\r\na=fingerprint:sha-256 9F:87:EE:4F:48:92:05:24:51:9D:62:0E:93:31:63:53:AB:19:CD:ED:5A:8C:08:51:5B:B7:80:5E:D4:D5:FD:1A\r\n/);
  assert.match(sdp, /\r\na=ice-ufrag:q8Et\r\na=ice-pwd:dfro2SnqUZ6FhbOliFFy4POS\r\n/);
  assert.match(sdp, /\r\nm=application 9 UDP\/DTLS\/SCTP webrtc-datachannel\r\n/);
  assert.match(sdp, /\r\na=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n$/);
  // Rebuilt and cut again: the same.
  assert.deepEqual(compactSdp(sdp), c);
  // The default message size is left out.
  assert.equal(compactSdp(OFFER.replace('262144', '65536')).m, undefined);
  assert.throws(() => compactSdp(OFFER.replace(/a=ice-pwd:.*\r\n/, '')), /cannot be sent/);
});

test('a compact description from a link is checked field by field', () => {
  const c = compactSdp(OFFER);
  assert.deepEqual(checkCompactSdp(c), c);
  assert.equal(typeof checkCompactSdp({ ...c, u: 'a b' }), 'string');
  assert.equal(typeof checkCompactSdp({ ...c, p: 'short' }), 'string');
  assert.equal(typeof checkCompactSdp({ ...c, f: 'md5 abc' }), 'string');
  assert.equal(typeof checkCompactSdp({ ...c, s: 'holdconn' }), 'string');
  assert.equal(typeof checkCompactSdp({ ...c, c: ['1 1 udp 1 evil\r\na=x 1 typ host'] }), 'string');
  assert.equal(typeof checkCompactSdp({ ...c, c: Array(17).fill(c.c[0]) }), 'string');
  assert.equal(typeof checkCompactSdp({ ...c, m: 12 }), 'string');
  assert.equal(typeof checkCompactSdp(null), 'string');
});

test('an invitation round trips; its length stays short', async () => {
  const inv = invite({ ice: ['stun:stun.example.org:3478'] });
  const payload = await encodeSignal(inv);
  assert.match(payload, /^[A-Za-z0-9_-]+$/);
  assert.ok(payload.length < 520, `invitation payload ${payload.length} characters`);
  assert.deepEqual(await decodeInvite(payload), inv);
});

test('invitations: every field is checked', () => {
  const v = (o) => ({ v: 1, ...invite(), ...o });
  assert.deepEqual(checkInvite(v({})), invite());
  const bad = [
    [{ v: 2 }, 'version'],
    [{ v: 0 }, 'version'],
    [{ k: 'r' }, 'kind'],
    [{ id: 'short' }, 'shape'],
    [{ g: 'not a link' }, 'shape'],
    [{ g: `1~star-2~${'A'.repeat(7000)}` }, 'shape'],
    [{ n: 'x'.repeat(41) }, 'shape'],
    [{ n: 'a\u0000b' }, 'shape'],
    [{ s: 1 }, 'shape'],
    [{ s: 3 }, 'shape'],
    [{ p: [['A', 'h']] }, 'shape'],
    [{ p: [['A', 'g'], ['', 'g']] }, 'shape'],
    [{ p: [['A', 'h'], ['', 'x']] }, 'shape'],
    [{ r: 'x' }, 'shape'],
    [{ ice: ['turn:relay.example.org'] }, 'shape'],
    [{ ice: 'stun:x' }, 'shape'],
    [{ d: { u: 'q8Et' } }, 'shape'],
  ];
  for (const [o, code] of bad) assert.throws(() => checkInvite(v(o)), (e) => e instanceof SignalError && e.code === code, JSON.stringify(o));
  assert.throws(() => checkInvite([1]), SignalError);
  assert.match(/** @type {Error} */ (catchIt(() => checkInvite(v({ v: 9 })))).message, /newer version/);
});

test('replies round trip and are checked', async () => {
  const reply = { k: 'r', id: ID, s: 2, n: 'Bo', d: compactSdp(OFFER.replace('actpass', 'active')) };
  const payload = await encodeSignal(reply);
  assert.deepEqual(await decodeReply(payload), reply);
  assert.ok(payload.length < 480, `reply payload ${payload.length}`);
  assert.throws(() => checkReply({ v: 1, ...reply, s: 0 }), SignalError);
  assert.throws(() => checkReply({ v: 1, ...reply, n: 7 }), SignalError);
  await assert.rejects(decodeReply(await encodeSignal(invite())), (e) => e.code === 'kind');
  await assert.rejects(decodeInvite(payload), (e) => e.code === 'kind');
});

test('links: found in an address, a fragment or a pasted message; made from the page address', () => {
  assert.deepEqual(signalFromText('#live-invite=abc_-9'), { kind: 'invite', payload: 'abc_-9' });
  assert.deepEqual(signalFromText('https://x.test/halma/#live-reply=QQ'), { kind: 'reply', payload: 'QQ' });
  assert.deepEqual(signalFromText('  Here: https://x.test/#live-reply=QQ.  '), { kind: 'reply', payload: 'QQ' });
  assert.deepEqual(signalFromText('live-reply=QQ'), { kind: 'reply', payload: 'QQ' });
  assert.equal(signalFromText('#1~star-2~'), null);
  assert.equal(signalFromText('https://x.test/?q=live-invite=QQ'), null);
  assert.equal(signalUrl('https://x.test/halma/?variant=star-2#1~x~', 'invite', 'PAY'), 'https://x.test/halma/#live-invite=PAY');
});

test('live ids: 16 URL-safe characters, different each time', () => {
  const a = newLiveId();
  assert.match(a, /^[A-Za-z0-9_-]{16}$/);
  assert.notEqual(a, newLiveId());
});

function catchIt(fn) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return null;
}
