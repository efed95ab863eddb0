// One WebRTC connection between two devices with one data channel, set up by exchanging
// two links (codec.js): the offerer's description goes in the invite, the answerer's in the
// reply. Descriptions are sent complete (ICE gathering finished), never trickled, since
// there is no server to carry candidates later. No STUN or TURN server is contacted unless
// one is named (`iceServers`): then only host candidates are gathered, which is enough on
// one local network.

import { compactSdp, expandSdp } from './codec.js';

/** @typedef {import('./codec.js').CompactSdp} CompactSdp */

/** Longest wait for ICE gathering (ms): a STUN server that does not answer costs no more. */
export const GATHER_MS = 8000;
/** How long an answered connection may take to open before it counts as failed (ms). */
export const CONNECT_MS = 25000;

/**
 * @typedef {'new' | 'waiting' | 'connecting' | 'open' | 'closed' | 'failed'} ConnState
 *   waiting: the description is made, the other's is awaited; connecting: both are set
 */

/**
 * @typedef {object} Connection
 * @property {() => ConnState} state
 * @property {(text: string) => boolean} send false when the channel is not open
 * @property {(remote: CompactSdp) => Promise<void>} answered the offerer takes the reply
 * @property {() => void} close
 * @property {() => string} route how the channel runs: `host` (a local network), `srflx`,
 *   `relay`, or '' (not known yet)
 */

/**
 * @typedef {object} ConnectionEvents
 * @property {(text: string) => void} message
 * @property {() => void} open
 * @property {(why: 'closed' | 'failed' | 'timeout') => void} closed the channel is gone (once)
 */

/**
 * Waits until the connection has gathered its candidates (or GATHER_MS passed).
 * @param {RTCPeerConnection} pc
 */
function gathered(pc) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve(undefined);
    const done = () => {
      if (pc.iceGatheringState !== 'complete') return;
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', done);
      resolve(undefined);
    };
    const timer = setTimeout(() => {
      pc.removeEventListener('icegatheringstatechange', done);
      resolve(undefined);
    }, GATHER_MS);
    pc.addEventListener('icegatheringstatechange', done);
  });
}

/**
 * @param {RTCIceServer[]} iceServers
 * @param {ConnectionEvents} on
 */
function base(iceServers, on) {
  const pc = new RTCPeerConnection({ iceServers });
  /** @type {RTCDataChannel | null} */
  let dc = null;
  /** @type {ConnState} */
  let state = 'new';
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  let route = '';

  /** @param {'closed' | 'failed' | 'timeout'} why */
  function end(why) {
    if (state === 'closed' || state === 'failed') return;
    state = why === 'closed' ? 'closed' : 'failed';
    clearTimeout(timer);
    try {
      dc?.close();
      pc.close();
    } catch {
      // Already closed.
    }
    on.closed(why);
  }

  pc.addEventListener('connectionstatechange', () => {
    if (pc.connectionState === 'failed') end(state === 'open' ? 'closed' : 'failed');
    if (pc.connectionState === 'connected') findRoute();
  });

  async function findRoute() {
    try {
      const stats = await pc.getStats();
      /** @type {Map<string, any>} */
      const byId = new Map();
      stats.forEach((s) => byId.set(s.id, s));
      for (const s of byId.values()) {
        if (s.type === 'transport' && s.selectedCandidatePairId) {
          const pair = byId.get(s.selectedCandidatePairId);
          const local = pair && byId.get(pair.localCandidateId);
          const remote = pair && byId.get(pair.remoteCandidateId);
          const types = [local?.candidateType, remote?.candidateType];
          route = types.includes('relay') ? 'relay' : types.includes('srflx') || types.includes('prflx') ? 'srflx' : 'host';
        }
      }
    } catch {
      // Statistics are a nicety.
    }
  }

  /** @param {RTCDataChannel} channel */
  function attach(channel) {
    dc = channel;
    channel.addEventListener('open', () => {
      if (state === 'closed' || state === 'failed') return;
      clearTimeout(timer);
      state = 'open';
      on.open();
    });
    channel.addEventListener('message', (e) => {
      if (state !== 'open') return;
      // Binary data is not part of the protocol: handed on as it is, refused there.
      on.message(typeof e.data === 'string' ? e.data : /** @type {any} */ (e.data));
    });
    channel.addEventListener('close', () => end('closed'));
  }

  /** Both descriptions are set: the channel must open within CONNECT_MS. */
  function connecting() {
    if (state === 'waiting' || state === 'new') state = 'connecting';
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (state === 'connecting') end('timeout');
    }, CONNECT_MS);
  }

  /** @type {Connection} */
  const conn = {
    state: () => state,
    send(text) {
      if (state !== 'open' || !dc || dc.readyState !== 'open') return false;
      try {
        dc.send(text);
        return true;
      } catch {
        return false;
      }
    },
    async answered() {
      throw new Error('only the offering side takes a reply');
    },
    close: () => end('closed'),
    route: () => route,
  };
  return {
    pc,
    conn,
    attach,
    connecting,
    /** @param {ConnState} s */
    setState(s) {
      state = s;
    },
  };
}

/**
 * The offering side: makes the data channel and the offer (complete), to go in an invite.
 * @param {RTCIceServer[]} iceServers
 * @param {ConnectionEvents} on
 * @returns {Promise<{conn: Connection, offer: CompactSdp}>}
 */
export async function makeOffer(iceServers, on) {
  const b = base(iceServers, on);
  b.attach(b.pc.createDataChannel('halma', { ordered: true }));
  await b.pc.setLocalDescription(await b.pc.createOffer());
  await gathered(b.pc);
  const sdp = b.pc.localDescription?.sdp ?? '';
  b.setState('waiting');
  b.conn.answered = async (remote) => {
    if (b.conn.state() !== 'waiting') throw new Error('this invitation has already been answered');
    await b.pc.setRemoteDescription({ type: 'answer', sdp: expandSdp(remote) });
    b.connecting();
  };
  return { conn: b.conn, offer: compactSdp(sdp) };
}

/**
 * The answering side: takes an invite's offer and makes the answer (complete), to go in the
 * reply. The channel opens when the offerer has taken the reply.
 * @param {RTCIceServer[]} iceServers
 * @param {CompactSdp} offer
 * @param {ConnectionEvents} on
 * @param {number} [waitMs] how long to wait for the offerer to take the reply and the
 *   channel to open (the reply travels by hand: minutes)
 * @returns {Promise<{conn: Connection, answer: CompactSdp}>}
 */
export async function makeAnswer(iceServers, offer, on, waitMs = 30 * 60 * 1000) {
  const b = base(iceServers, on);
  b.pc.addEventListener('datachannel', (e) => b.attach(e.channel));
  await b.pc.setRemoteDescription({ type: 'offer', sdp: expandSdp(offer) });
  await b.pc.setLocalDescription(await b.pc.createAnswer());
  await gathered(b.pc);
  const sdp = b.pc.localDescription?.sdp ?? '';
  b.setState('waiting');
  // The channel opens once the other side has the reply; a connection never answered is
  // given up after a long while.
  setTimeout(() => {
    if (b.conn.state() === 'waiting') b.conn.close();
  }, waitMs);
  return { conn: b.conn, answer: compactSdp(sdp) };
}
