// Live play for the game page: the glue between the page (app/play.js, app/saved.js, the
// session) and the live game (table.js), its links (codec.js) and its dialog and bar
// (ui.js). A live game is a saved game like any other, with a seat controller of kind
// `remote` for each seat played on another device and its live details beside it
// (store.js); opening it again (a reload) shows it with a Reconnect action.
//
//   host:  Play a friend on another device → game and seats → an invitation per friend
//          (link, Share, QR) → the friend's reply (a new tab hands it over by
//          BroadcastChannel, or it is pasted) → connected: the game is on.
//   guest: the invitation link → who invites, the game, the seat → Accept → a reply link
//          (Share, QR) to send back → connected.

import { registerRemote } from './controller.js';
import { createTable } from './table.js';
import { readMeta, writeMeta, findMeta, readNet, writeNet, parseSiteServers, iceServers, stunUrls } from './store.js';
import { encodeSignal, decodeInvite, decodeReply, signalFromText, signalUrl, newLiveId, SignalError } from './codec.js';
import { createLiveUi } from './ui.js';
import { gameName } from '../rules.js';

/** @typedef {import('./store.js').LiveMeta} LiveMeta */
/** @typedef {import('./store.js').LiveSeat} LiveSeat */
/** @typedef {import('./codec.js').Invite} Invite */
/** @typedef {import('./table.js').Table} Table */
/** @typedef {import('../storage.js').GameSetup} GameSetup */
/** @typedef {import('../storage.js').PlayerSetup} PlayerSetup */

/** The BroadcastChannel a reply opened in a new tab goes over to the waiting game. */
export const CHANNEL = 'halma-live';
/** How long a tab with a reply waits for the waiting game to take it (ms). */
export const HANDOVER_MS = 4000;

/**
 * The players of a live game as this device's session has them: its own seats people here,
 * the host's computers the computer there, every other seat `remote` (a person or computer
 * on another device, players.js).
 * @param {LiveMeta} meta
 * @param {number} defaultLevel
 * @returns {import('../players.js').Player[]}
 */
export function sessionPlayers(meta, defaultLevel) {
  return meta.seats.map((s, i) => {
    if (meta.mine.includes(i + 1)) return { name: s.name, kind: 'human' };
    if (meta.role === 'host' && s.kind === 'c') return { name: s.name, kind: 'computer', level: s.level ?? defaultLevel };
    return { name: s.name, kind: 'remote' };
  });
}

/**
 * The players as the saved game keeps them (storage.js knows people and computers): a seat
 * on another device is saved as a person with its name; the live details (store.js) say
 * which seats are remote, and the session gets `sessionPlayers` when the game opens.
 * @param {LiveMeta} meta
 * @param {number} defaultLevel
 * @returns {PlayerSetup[]}
 */
export function savedPlayers(meta, defaultLevel) {
  return sessionPlayers(meta, defaultLevel).map((p) => (p.kind === 'computer' ? { name: p.name ?? '', kind: 'computer', level: p.level } : { name: p.name ?? '', kind: 'human' }));
}

/**
 * @typedef {object} Live
 * @property {(hash: string) => boolean} takeAddress an address with an invitation or a
 *   reply: handled here (true), else left to the page
 * @property {() => void} start opens the dialog to invite a friend (from the first screen)
 * @property {() => void} startFromGame the same from a game: the open game is offered
 */

/**
 * @param {object} deps
 * @param {import('../app/play.js').Play} deps.play
 * @param {import('../app/saved.js').Saved} deps.saved
 * @param {Storage | null} deps.storage
 * @param {any} deps.Game the engine's Game class
 * @param {() => any[]} deps.variants the engine's variants
 * @param {{levels: number[], defaultLevel: number}} deps.levels the computer's levels
 * @param {() => void} deps.leaveHome hides the first screen (a game is shown)
 * @param {(key: string, params?: Record<string, string | number>) => string} deps.t
 * @returns {Live}
 */
export function createLive({ play, saved, storage, Game, variants, levels, leaveHome, t }) {
  const session = play.session;
  /** @type {Table | null} */
  let table = null;
  /** The saved game the table belongs to. */
  let tableGame = '';
  /** Meta of a game being opened (written once the game has its saved id). @type {LiveMeta | null} */
  let opening = null;
  /** Invitations made on this device, waiting for replies: the links by key. @type {Map<number, string>} */
  const invites = new Map();
  const site = parseSiteServers(document.querySelector('meta[name="halma-ice-servers"]')?.getAttribute('content'));
  /** STUN servers the invitation being answered names. @type {string[]} */
  let invited = [];

  registerRemote(() => table?.inbox ?? null);

  const ui = createLiveUi({
    t,
    variants,
    levels,
    session,
    net: () => readNet(storage),
    setNet: (n) => writeNet(storage, n),
    siteServers: () => site,
    table: () => table,
    invites: () => invites,
    host,
    accept,
    paste,
    reinvite,
    mail,
    // The address holds the game and its players: that is the link to send.
    sendMove: () => location.href,
    describe(link) {
      const g = Game.fromLink(link);
      try {
        return { name: gameName(g.variantInfo(), t), plies: g.history().length };
      } finally {
        g.free();
      }
    },
  });

  // A reply opened in another tab of this browser comes over the channel.
  /** @type {BroadcastChannel | null} */
  const bc = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  bc?.addEventListener('message', async (e) => {
    const d = e.data;
    if (!d || typeof d.payload !== 'string' || !table) return;
    if (d.type === 'invite') {
      // Another device's invitation to reconnect to the game open here.
      try {
        const inv = await decodeInvite(d.payload);
        // Not one of this device's own invitations.
        if (inv.id !== table.meta.id || (inv.r === 'h') === (table.meta.role === 'host')) return;
        bc.postMessage({ type: 'taken', id: inv.id });
        ui.showInvite(inv, true);
      } catch {
        // Not this game's.
      }
      return;
    }
    if (d.type !== 'reply') return;
    try {
      const reply = await decodeReply(d.payload);
      if (reply.id !== table.meta.id) return;
      await table.reply(reply);
      bc.postMessage({ type: 'taken', id: reply.id });
      ui.replyTaken();
    } catch {
      // Not for this tab's game (or not waited for): another tab may take it.
    }
  });

  /** The table's view of the page. @param {LiveMeta} meta @param {string} savedId */
  function makeTable(meta, savedId) {
    return createTable(meta, {
      game: () => session.game(),
      valid(rec) {
        try {
          const g = Game.fromRecord(rec);
          const ok = g.variant === session.game().variant;
          g.free();
          return ok;
        } catch {
          return false;
        }
      },
      adopt(rec) {
        const g = Game.fromRecord(rec);
        play.setGame(g, play.setup(), { id: savedId, announceText: t('live.adopted') });
      },
      saveMeta() {
        writeMeta(storage, savedId, meta);
        const players = savedPlayers(meta, levels.defaultLevel);
        play.setGame(session.game(), { ...play.setup(), players }, { id: savedId });
      },
      end: endHere,
      servers: () => iceServers(site, readNet(storage), invited),
      changed: () => ui.render(),
      note: (key, params) => ui.note(t(key, params)),
      askUndo: (who, ply) => ui.askUndo(who, ply),
      name: (seat) => session.seatName(seat),
    });
  }

  /**
   * Another device ended the game (a seat there resigned, or it aborted): it ends here the
   * same way, saved with its ending (ending.js), the game over shown.
   * @param {'resign' | 'aborted'} kind
   * @param {number} seat
   */
  function endHere(kind, seat) {
    if (session.isOver()) return;
    const at = session.plies().length;
    const ending = kind === 'resign' ? { kind, seat, at } : { kind, at };
    play.setGame(Game.fromRecord(session.game().record()), play.setup(), { id: tableGame, ending });
    ui.render();
  }

  // The open game changes (a new one, a saved one, a record adopted) and moves are played.
  session.watch((e) => {
    if (e.kind === 'load') {
      const id = saved.id();
      if (opening) {
        writeMeta(storage, id, opening);
        opening = null;
      }
      if (table && tableGame !== id) {
        table.dispose();
        table = null;
        invites.clear();
      }
      const meta = table ? table.meta : readMeta(storage, id);
      if (meta && !table) {
        table = makeTable(meta, id);
        tableGame = id;
      }
      // The seats on other devices wait for their moves to come over the connection.
      if (meta) session.setPlayers(sessionPlayers(meta, levels.defaultLevel));
      ui.render();
    } else if (e.kind === 'play' && table && e.plies) {
      table.played(e.plies);
      ui.render();
    } else if (e.kind === 'end' && table) {
      // Ended here (Resign, Abort: panels/ending.js): the other devices are told.
      const end = session.ending();
      if (end && end.kind === 'resign') table.ended('resign', end.seat);
      else if (end && end.kind === 'aborted') table.ended('aborted', 0);
      ui.render();
    }
  });

  /**
   * The host starts a live game: the game (new, or the open one) with its seats, then an
   * invitation for each friend's seat.
   * @param {{record: string | null, variant: string, seats: LiveSeat[], mine: number}} choice
   */
  async function host(choice) {
    /** @type {LiveMeta} */
    const meta = { v: 1, id: newLiveId(), role: 'host', mine: [choice.mine], seats: choice.seats };
    const g = choice.record ? Game.fromRecord(choice.record) : new Game(choice.variant);
    opening = meta;
    invites.clear();
    leaveHome();
    play.setGame(g, { variant: g.variant, players: savedPlayers(meta, levels.defaultLevel), start: 'seat1', rotation: 'fixed' }, { announceText: t('live.started') });
    await makeInvites();
  }

  /** Invitations for every seat of another device that is not connected. */
  async function makeInvites() {
    if (!table) return;
    for (const key of table.keys()) {
      if (table.status(key) === 'open') continue;
      invites.set(key, await inviteFor(table, key));
      ui.render();
    }
  }

  /** @param {Table} tb @param {number} key */
  async function inviteFor(tb, key) {
    const meta = tb.meta;
    const servers = iceServers(site, readNet(storage), invited);
    const offer = await tb.offer(key);
    const me = meta.mine[0];
    /** @type {Invite} */
    const inv = {
      k: 'i',
      id: meta.id,
      g: session.game().link(),
      n: meta.seats[me - 1]?.name ?? '',
      // A guest's invitation offers its own seat back to the host.
      s: meta.role === 'host' ? key : me,
      p: meta.seats.map((s) => [s.name, s.kind]),
      r: meta.role === 'host' ? 'h' : 'g',
      d: offer,
    };
    const stun = stunUrls(servers);
    if (stun.length) inv.ice = stun;
    return signalUrl(location.href, 'invite', await encodeSignal(inv));
  }

  /** New invitations from the current position (after a dropped connection, a reload). */
  async function reinvite() {
    if (!table) return;
    for (const key of table.keys()) if (table.status(key) !== 'open') invites.delete(key);
    ui.render();
    await makeInvites();
  }

  /** Play on by sending links (no connection could be made). */
  function mail() {
    if (!table) return;
    table.meta.mail = true;
    writeMeta(storage, tableGame, table.meta);
    ui.render();
  }

  /**
   * A friend accepts an invitation: the game opens (a new saved game, or the one it
   * continues), and the reply is made.
   * @param {Invite} inv
   * @param {string} name
   * @returns {Promise<string>} the reply link
   */
  async function accept(inv, name) {
    let existing = findMeta(storage, inv.id);
    /** @type {LiveMeta | null} */
    let meta = existing ? readMeta(storage, existing) : null;
    if (existing && meta) {
      if (name) meta.seats[meta.mine[0] - 1].name = name;
      writeMeta(storage, existing, meta);
      // The saved game may be gone (deleted): then the invitation starts it again here.
      if ((existing !== saved.id() || !play.hasGame()) && saved.openSaved(existing) !== null) existing = null;
      else leaveHome();
    }
    if (existing && meta) {
      // Opened above.
      if (name && table) table.meta.seats[table.meta.mine[0] - 1].name = name;
    } else if (inv.r === 'g') {
      throw new Error(t('live.notHere'));
    } else {
      const seats = inv.p.map(([n, kind]) => ({ name: n, kind }));
      seats[inv.s - 1].name = name;
      meta = { v: 1, id: inv.id, role: 'guest', mine: [inv.s], seats };
      const g = Game.fromLink(inv.g);
      opening = meta;
      leaveHome();
      play.setGame(g, { variant: g.variant, players: savedPlayers(meta, levels.defaultLevel), start: 'seat1', rotation: 'fixed' }, { announceText: t('live.joined') });
    }
    if (!table) throw new Error('the game did not open');
    invited = inv.ice ?? [];
    // An invitation from a guest (a reconnection) comes to the host: the key is its seat.
    const key = table.meta.role === 'host' ? inv.s : 0;
    const answer = await table.answer(inv, key);
    const me = table.meta.mine[0];
    // The seat is the guest's either way (the one offered, or the guest's own).
    const payload = await encodeSignal({ k: 'r', id: inv.id, s: inv.s, n: table.meta.seats[me - 1]?.name ?? '', d: answer });
    return signalUrl(location.href, 'reply', payload);
  }

  /**
   * Text pasted into the dialog: a reply (or an invitation, or a whole link).
   * @param {string} text
   * @returns {Promise<string | null>} what is wrong, or null
   */
  async function paste(text) {
    const sig = signalFromText(text);
    if (!sig) return t('live.paste.none');
    try {
      if (sig.kind === 'reply') {
        const reply = await decodeReply(sig.payload);
        if (!table || reply.id !== table.meta.id) return t('live.paste.other');
        await table.reply(reply);
        return null;
      }
      const inv = await decodeInvite(sig.payload);
      ui.showInvite(inv, !!findMeta(storage, inv.id));
      return null;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  }

  /**
   * Offers a link to the tab of this browser that has its game open (a reply to that tab's
   * invitation, or an invitation to reconnect to its game): true when one took it.
   * @param {'reply' | 'invite'} type
   * @param {string} payload
   * @param {number} ms
   * @returns {Promise<boolean>}
   */
  function offerToTabs(type, payload, ms) {
    if (!bc) return Promise.resolve(false);
    const channel = bc;
    return new Promise((resolve) => {
      /** @param {MessageEvent} e */
      const on = (e) => {
        if (e.data && e.data.type === 'taken') finish(true);
      };
      /** @param {boolean} v */
      const finish = (v) => {
        clearTimeout(timer);
        channel.removeEventListener('message', on);
        resolve(v);
      };
      const timer = setTimeout(() => finish(false), ms);
      channel.addEventListener('message', on);
      channel.postMessage({ type, payload });
    });
  }

  /** This tab was opened for a link another tab took: it closes if it may. */
  function handedOver() {
    ui.handover('taken');
    // A tab opened from a link (nothing before it in its history) may close itself.
    if (history.length <= 1) setTimeout(() => window.close(), 600);
  }

  /**
   * A reply opened in a tab of its own: handed to the waiting game in another tab; this one
   * closes when it is taken.
   * @param {string} payload
   */
  async function handOver(payload) {
    ui.handover('sending');
    try {
      await decodeReply(payload);
    } catch (e) {
      ui.handover('bad', e instanceof Error ? e.message : String(e));
      return;
    }
    if (await offerToTabs('reply', payload, HANDOVER_MS)) handedOver();
    else ui.handover('none', payload);
  }

  /**
   * An invitation opened here: to the tab that has its game open, if one does (a
   * reconnection), else shown here.
   * @param {string} payload
   * @param {string} here the live game open in this tab when the link came ('' for none)
   */
  async function openInvite(payload, here) {
    /** @type {Invite} */
    let inv;
    try {
      inv = await decodeInvite(payload);
    } catch (e) {
      ui.showProblem(e instanceof SignalError ? e.message : String(e));
      return;
    }
    const id = findMeta(storage, inv.id);
    const known = !!id;
    if (id && readMeta(storage, id)?.role === (inv.r === 'h' ? 'host' : 'guest')) {
      ui.showProblem(t('live.own'));
      return;
    }
    if (known && here !== inv.id && (await offerToTabs('invite', payload, 1500))) {
      handedOver();
      return;
    }
    ui.showInvite(inv, known);
  }

  return {
    takeAddress(hash) {
      const sig = signalFromText(hash);
      if (!sig || !hash.replace(/^#/, '').startsWith('live-')) return false;
      // The address keeps no invitation: a reload does not answer it twice.
      try {
        history.replaceState(history.state, '', location.pathname + location.search);
      } catch {
        // A sandboxed frame may refuse.
      }
      if (sig.kind === 'reply') {
        handOver(sig.payload);
        return true;
      }
      openInvite(sig.payload, table?.meta.id ?? '');
      return true;
    },
    start: () => ui.openHost(null),
    startFromGame() {
      if (table) ui.openStatus();
      else ui.openHost(play.hasGame() ? session.game() : null);
    },
  };
}
