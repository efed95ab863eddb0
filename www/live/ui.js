// What the player sees of live play: one dialog (choose the game and seats, the invitations
// with their links and QR codes, an invitation received, the reply to send back, a reply
// handed over from another tab, the network settings), a question dialog (another device
// asks to take a move back), and a bar in the game's status panel (connected or not, and
// the actions: reconnect, ask to take back, send your move; Resign and Abort are the
// game's own, panels/ending.js, and reach the other devices through the session). Everything shown is set
// as text, never as HTML.

import { swatch } from '../panels/dom.js';
import { copyText } from '../games-ui.js';
import { checkNet } from './store.js';
import { drawQr } from './qr.js';
import { tn } from '../i18n.js';

/** @typedef {import('./store.js').LiveSeat} LiveSeat */
/** @typedef {import('./store.js').NetSettings} NetSettings */
/** @typedef {import('./codec.js').Invite} Invite */
/** @typedef {import('./table.js').Table} Table */
/** @typedef {(key: string, params?: Record<string, string | number>) => string} Translate */

/** The QR codes' size on the screen (CSS pixels). */
const QR_PX = 232;

/**
 * @param {string} tag
 * @param {{cls?: string, text?: string, id?: string}} [o]
 */
function el(tag, o = {}) {
  const e = document.createElement(tag);
  if (o.cls) e.className = o.cls;
  if (o.id) e.id = o.id;
  if (o.text !== undefined) e.textContent = o.text;
  return e;
}

/** @param {string} text @param {() => void} onClick @param {{primary?: boolean, id?: string}} [o] */
function button(text, onClick, o = {}) {
  const b = /** @type {HTMLButtonElement} */ (el('button', { text, id: o.id, cls: o.primary ? 'primary' : undefined }));
  b.type = 'button';
  b.addEventListener('click', onClick);
  return b;
}

/**
 * @typedef {object} LiveUi
 * @property {() => void} render the bar (and the dialog's connection states)
 * @property {(text: string) => void} note a message in the bar
 * @property {(who: string, ply: number) => Promise<boolean>} askUndo
 * @property {() => void} replyTaken a reply came from another tab
 * @property {(inv: Invite, known: boolean) => void} showInvite
 * @property {(text: string) => void} showProblem an invitation that cannot be used
 * @property {(state: 'sending' | 'taken' | 'none' | 'bad', detail?: string) => void} handover
 * @property {(game: any) => void} openHost choose the game and seats (`game`: the open one, offered)
 * @property {() => void} openStatus the live game's connections and invitations
 */

/**
 * @param {object} deps
 * @param {Translate} deps.t
 * @param {() => any[]} deps.variants
 * @param {{levels: number[], defaultLevel: number}} deps.levels
 * @param {import('../session.js').Session} deps.session
 * @param {() => NetSettings} deps.net
 * @param {(n: NetSettings) => void} deps.setNet
 * @param {() => RTCIceServer[]} deps.siteServers
 * @param {() => Table | null} deps.table
 * @param {() => Map<number, string>} deps.invites
 * @param {(choice: {record: string | null, variant: string, seats: LiveSeat[], mine: number}) => Promise<void>} deps.host
 * @param {(inv: Invite, name: string) => Promise<string>} deps.accept the reply link
 * @param {(text: string) => Promise<string | null>} deps.paste
 * @param {() => Promise<void>} deps.reinvite
 * @param {() => void} deps.mail
 * @param {() => string} deps.sendMove the link of the game to send
 * @param {(link: string) => {name: string, plies: number}} deps.describe a game link's game
 * @returns {LiveUi}
 */
export function createLiveUi(deps) {
  const { t } = deps;

  // ---------------------------------------------------------------- the dialog
  const dialog = /** @type {HTMLDialogElement} */ (el('dialog', { id: 'live-dialog', cls: 'dialog live' }));
  dialog.setAttribute('aria-labelledby', 'live-h');
  const heading = el('h2', { id: 'live-h' });
  const body = el('div', { cls: 'live-body' });
  const status = el('p', { id: 'live-status', cls: 'status-line' });
  status.setAttribute('role', 'status');
  const buttons = el('div', { cls: 'dialog-buttons' });
  dialog.append(heading, body, status, buttons);
  document.body.appendChild(dialog);
  /** Which view the dialog shows: the invitations view is redrawn when connections change. */
  let view = '';

  // The question another device asks.
  const ask = /** @type {HTMLDialogElement} */ (el('dialog', { id: 'live-ask', cls: 'dialog' }));
  ask.setAttribute('aria-labelledby', 'live-ask-h');
  const askH = el('h2', { id: 'live-ask-h', text: '' });
  const askText = el('p', { id: 'live-ask-text' });
  const askButtons = el('div', { cls: 'dialog-buttons' });
  ask.append(askH, askText, askButtons);
  document.body.appendChild(ask);

  /**
   * @param {string} title
   * @param {string} name of the view
   */
  function openView(title, name) {
    view = name;
    heading.textContent = title;
    body.replaceChildren();
    buttons.replaceChildren();
    status.textContent = '';
    if (!dialog.open) dialog.showModal();
  }

  function close() {
    view = '';
    if (dialog.open) dialog.close();
  }

  /** @param {string} text */
  function desc(text) {
    return el('p', { cls: 'desc', text });
  }

  /**
   * A link to pass on: the field, Copy, Share (where the system has a share sheet), and its
   * QR code for a friend in the same room.
   * @param {string} url
   * @param {string} label
   * @param {string} id
   */
  function linkBox(url, label, id) {
    const box = el('div', { cls: 'live-link' });
    const lab = /** @type {HTMLLabelElement} */ (el('label', { text: label }));
    lab.htmlFor = `${id}-url`;
    const row = el('div', { cls: 'copy-row' });
    const field = /** @type {HTMLInputElement} */ (el('input', { id: `${id}-url` }));
    field.type = 'text';
    field.readOnly = true;
    field.spellcheck = false;
    field.value = url;
    field.addEventListener('focus', () => field.select());
    const copy = button(t('share.copy'), async () => {
      const how = await copyText(url, field);
      status.textContent = t(how === 'copied' ? 'share.copied' : 'share.copyManual');
    });
    copy.classList.add('primary');
    copy.id = `${id}-copy`;
    row.append(field, copy);
    if (typeof navigator.share === 'function') {
      const share = button(t('live.share'), () => {
        navigator.share({ title: t('live.shareTitle'), url }).catch(() => {});
      });
      share.id = `${id}-share`;
      row.append(share);
    }
    const canvas = /** @type {HTMLCanvasElement} */ (el('canvas', { cls: 'live-qr', id: `${id}-qr` }));
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', t('live.qr'));
    canvas.style.display = 'block';
    canvas.style.margin = '0.6rem auto 0';
    canvas.style.maxWidth = '100%';
    drawQr(canvas, url, QR_PX).then((ok) => {
      if (!ok) canvas.remove();
    });
    box.append(lab, row, canvas);
    box.dataset.length = String(url.length);
    return box;
  }

  /** What the network does, in words: which servers are contacted (none unless named). */
  function networkText(/** @type {string[]} */ invited = []) {
    const n = deps.net();
    const named = [...deps.siteServers().flatMap((s) => (Array.isArray(s.urls) ? s.urls : [s.urls])), ...(n.stun ? [n.stun] : []), ...(n.turn ? [n.turn] : []), ...invited];
    const uniq = [...new Set(named)];
    return uniq.length ? t('live.net.some', { servers: uniq.join(', ') }) : t('live.net.none');
  }

  /** The network settings, folded. */
  function networkBox() {
    const det = /** @type {HTMLDetailsElement} */ (el('details', { cls: 'setup-more live-net' }));
    det.append(el('summary', { text: t('live.net.title') }));
    const n = deps.net();
    det.append(desc(t('live.net.help')));
    /** @param {string} key @param {string} id @param {string} value @param {string} [type] */
    const field = (key, id, value, type = 'text') => {
      const lab = el('label', { cls: 'live-field' });
      const input = /** @type {HTMLInputElement} */ (el('input', { id }));
      input.type = type;
      input.value = value;
      input.spellcheck = false;
      input.autocomplete = 'off';
      lab.append(el('span', { text: t(key) }), input);
      det.append(lab);
      return input;
    };
    const stun = field('live.net.stun', 'live-stun', n.stun);
    stun.placeholder = 'stun:stun.example.org:3478';
    const turn = field('live.net.turn', 'live-turn', n.turn);
    turn.placeholder = 'turn:turn.example.org:3478';
    const user = field('live.net.user', 'live-turn-user', n.user);
    const pass = field('live.net.pass', 'live-turn-pass', n.pass, 'password');
    const err = el('p', { cls: 'error' });
    err.setAttribute('role', 'alert');
    err.hidden = true;
    const said = el('p', { cls: 'desc live-net-now', text: networkText() });
    det.append(err, said);
    const save = () => {
      const r = checkNet({ stun: stun.value, turn: turn.value, user: user.value, pass: pass.value });
      err.hidden = typeof r !== 'string';
      if (typeof r === 'string') {
        err.textContent = t(r);
        return;
      }
      deps.setNet(r);
      said.textContent = networkText();
      for (const p of body.querySelectorAll('.live-net-said')) p.textContent = networkText();
    };
    for (const i of [stun, turn, user, pass]) i.addEventListener('change', save);
    return det;
  }

  // ---------------------------------------------------------------- host: game and seats

  /** @param {any} game the open game (offered first), or null */
  function openHost(game) {
    openView(t('live.title'), 'host');
    body.append(desc(t('live.intro')));
    const form = el('div', { cls: 'live-form' });
    // The game.
    const gameLab = /** @type {HTMLLabelElement} */ (el('label', { cls: 'setup-label', text: t('setup.variant') }));
    gameLab.htmlFor = 'live-variant';
    const sel = /** @type {HTMLSelectElement} */ (el('select', { id: 'live-variant' }));
    sel.style.width = '100%';
    if (game) {
      const o = /** @type {HTMLOptionElement} */ (el('option', { text: tn('live.thisGame', game.history().length, { game: deps.describe(game.link()).name }) }));
      o.value = '';
      o.dataset.seats = String(game.seats);
      sel.append(o);
    }
    for (const v of deps.variants()) {
      if (v.solitaire || v.seats < 2) continue;
      const o = /** @type {HTMLOptionElement} */ (el('option', { text: t(`variant.${v.id}`) }));
      o.value = v.id;
      o.dataset.seats = String(v.seats);
      sel.append(o);
    }
    if (!game) sel.value = 'star-2';
    // The name.
    const nameLab = el('label', { cls: 'live-field' });
    const name = /** @type {HTMLInputElement} */ (el('input', { id: 'live-name' }));
    name.maxLength = 40;
    name.setAttribute('autocomplete', 'nickname');
    nameLab.append(el('span', { text: t('live.yourName') }), name);
    // The seats.
    const fs = el('fieldset', { cls: 'setup-players' });
    fs.append(el('legend', { text: t('setup.players') }));
    const list = el('ol', { cls: 'seats', id: 'live-seats' });
    fs.append(list);
    const renderSeats = () => {
      const n = Number(sel.selectedOptions[0]?.dataset.seats ?? 2);
      /** @type {string[]} */
      const before = [...list.querySelectorAll('select')].map((s) => /** @type {HTMLSelectElement} */ (s).value);
      list.replaceChildren(
        ...Array.from({ length: n }, (_, i) => {
          const seat = i + 1;
          const li = el('li', { cls: 'seat-row' });
          const s = /** @type {HTMLSelectElement} */ (el('select', { id: `live-seat-${seat}` }));
          s.setAttribute('aria-label', t('seat.default', { n: seat }) + ` (${t(`color.${((seat - 1) % 6) + 1}`)})`);
          /** @param {string} value @param {string} text */
          const opt = (value, text) => {
            const o = /** @type {HTMLOptionElement} */ (el('option', { text }));
            o.value = value;
            s.append(o);
          };
          opt('me', t('live.seat.me'));
          opt('friend', t('live.seat.friend'));
          for (const l of deps.levels.levels) opt(`c${l}`, `${t('setup.kind.computer')} · ${t(`level.${l}`)}`);
          s.value = before[i] ?? (seat === 1 ? 'me' : 'friend');
          li.append(swatch(seat), el('span', { text: t(`color.${((seat - 1) % 6) + 1}`) }), s);
          return li;
        }),
      );
    };
    sel.addEventListener('change', renderSeats);
    renderSeats();
    form.append(gameLab, sel, nameLab, fs);
    const err = el('p', { cls: 'error', id: 'live-error' });
    err.setAttribute('role', 'alert');
    err.hidden = true;
    body.append(form, networkBox(), err);
    const go = button(
      t('live.make'),
      async () => {
        const picks = [...list.querySelectorAll('select')].map((s) => /** @type {HTMLSelectElement} */ (s).value);
        const mine = picks.indexOf('me') + 1;
        let problem = '';
        if (picks.filter((p) => p === 'me').length !== 1) problem = t('live.needMe');
        else if (!picks.includes('friend')) problem = t('live.needFriend');
        err.hidden = !problem;
        err.textContent = problem;
        if (problem) return;
        /** @type {LiveSeat[]} */
        const seats = picks.map((p, i) => (p === 'me' ? { name: name.value.trim(), kind: 'h' } : p === 'friend' ? { name: '', kind: 'g' } : { name: t('seat.computer', { n: i + 1 }), kind: 'c', level: Number(p.slice(1)) }));
        go.disabled = true;
        status.textContent = t('live.making');
        try {
          await deps.host({ record: sel.value === '' && game ? game.record() : null, variant: sel.value, seats, mine });
          openInvites();
        } catch (e) {
          err.hidden = false;
          err.textContent = e instanceof Error ? e.message : String(e);
          go.disabled = false;
          status.textContent = '';
        }
      },
      { primary: true, id: 'live-make' },
    );
    buttons.append(button(t('btn.cancel'), close), go);
    name.focus();
  }

  // ---------------------------------------------------------------- invitations and their state

  /** @param {number} key */
  function who(key) {
    const tb = deps.table();
    if (!tb) return '';
    const seat = tb.meta.role === 'host' ? key : tb.meta.seats.findIndex((s) => s.kind === 'h') + 1;
    const s = tb.meta.seats[seat - 1];
    const color = t(`color.${((seat - 1) % 6) + 1}`);
    return s?.name ? `${s.name} (${color})` : t('live.friendSeat', { color });
  }

  /** @param {ReturnType<Table['status']>} st */
  function stateText(st) {
    return t(`live.state.${st}`);
  }

  /** @param {boolean} [again] a new invitation for a game under way (Reconnect) */
  function openInvites(again = false) {
    const tb = deps.table();
    if (!tb) return;
    drawn = '';
    // Closed by itself when the connection it waits for opens (not when opened connected).
    closeOnOpen = !tb.connected();
    openView(t(again ? 'live.invites.again' : tb.keys().length > 1 ? 'live.invites.many' : 'live.invites'), 'invites');
    drawInvites();
  }

  /** What the invitations view shows, to redraw it only when that changes (a reply being
   * pasted is not wiped by a move arriving). */
  let drawn = '';
  let closeOnOpen = true;

  function drawInvites() {
    const tb = deps.table();
    if (!tb || view !== 'invites') return;
    const key = JSON.stringify([tb.keys().map((k) => [k, tb.status(k), deps.invites().get(k) ?? '', who(k)]), tb.connected()]);
    if (key === drawn && body.childElementCount) return;
    drawn = key;
    body.replaceChildren();
    buttons.replaceChildren();
    body.append(desc(t(tb.meta.role === 'host' ? 'live.invites.help' : 'live.invites.helpGuest')));
    const invites = deps.invites();
    let anyFailed = false;
    for (const key of tb.keys()) {
      const st = tb.status(key);
      if (st === 'failed') anyFailed = true;
      const sec = el('section', { cls: 'live-invite' });
      sec.dataset.key = String(key);
      sec.dataset.state = st;
      const h = el('h3', { text: who(key) });
      const line = el('p', { cls: 'live-state', text: stateText(st) });
      sec.append(h, line);
      const url = invites.get(key);
      // A failed invitation's link is spent: New invitation makes another.
      if (url && st !== 'open' && st !== 'failed') sec.append(linkBox(url, t('live.inviteLink'), `live-inv-${key}`));
      body.append(sec);
    }
    if (!tb.connected()) {
      // The reply, pasted (from another device's message).
      const lab = /** @type {HTMLLabelElement} */ (el('label', { text: t('live.paste') }));
      lab.htmlFor = 'live-paste';
      const row = el('div', { cls: 'copy-row' });
      const input = /** @type {HTMLInputElement} */ (el('input', { id: 'live-paste' }));
      input.type = 'text';
      input.spellcheck = false;
      input.autocomplete = 'off';
      const err = el('p', { cls: 'error', id: 'live-paste-error' });
      err.setAttribute('role', 'alert');
      err.hidden = true;
      const open = button(
        t('live.paste.open'),
        async () => {
          const problem = await deps.paste(input.value);
          err.hidden = !problem;
          err.textContent = problem ?? '';
        },
        { id: 'live-paste-open' },
      );
      row.append(input, open);
      body.append(lab, row, err);
    }
    const said = el('p', { cls: 'desc live-net-said', text: networkText() });
    body.append(said);
    if (anyFailed) {
      body.append(el('p', { cls: 'error', text: t('live.noRoute.help') }));
      buttons.append(
        button(t('live.retry'), () => deps.reinvite().then(drawInvites)),
        button(t('live.mail'), () => {
          deps.mail();
          close();
        }),
      );
    }
    buttons.append(button(t('btn.close'), close, { primary: tb.connected(), id: 'live-close' }));
    if (tb.connected()) {
      status.textContent = t('live.connected');
      // Nothing more to do here: the game is on.
      if (closeOnOpen) setTimeout(() => {
        if (view === 'invites' && deps.table()?.connected()) close();
      }, 900);
    }
  }

  // ---------------------------------------------------------------- guest: an invitation

  /** @param {Invite} inv @param {boolean} known this device has the game: a reconnection */
  function showInvite(inv, known) {
    /** @type {{name: string, plies: number}} */
    let game;
    try {
      game = deps.describe(inv.g);
    } catch (e) {
      showProblem(e instanceof Error ? e.message : String(e));
      return;
    }
    const reconnect = known || inv.r === 'g';
    const from = inv.n || t('live.someone');
    openView(reconnect ? t('live.back.title', { name: from }) : t('live.invited.title', { name: from }), 'invited');
    const color = t(`color.${((inv.s - 1) % 6) + 1}`);
    body.append(el('p', { cls: 'live-game', text: game.plies ? tn('live.invited.gameOn', game.plies, { game: game.name }) : game.name }));
    const seats = el('ul', { cls: 'seats live-seats' });
    inv.p.forEach(([n, kind], i) => {
      const seat = i + 1;
      const li = el('li', { cls: 'seat-row' });
      const c = t(`color.${((seat - 1) % 6) + 1}`);
      const whoText = inv.r === 'h' && seat === inv.s ? t('live.invited.you', { color: c }) : kind === 'h' ? t('live.invited.host', { name: n || from, color: c }) : kind === 'c' ? t('live.invited.computer', { color: c }) : t('live.invited.friend', { name: n || t('live.someone'), color: c });
      li.append(swatch(seat), el('span', { text: whoText }));
      seats.append(li);
    });
    body.append(seats);
    if (inv.r === 'h') body.append(el('p', { cls: 'live-you', text: t('live.invited.seat', { color, n: inv.s }) }));
    const nameLab = el('label', { cls: 'live-field' });
    const name = /** @type {HTMLInputElement} */ (el('input', { id: 'live-name' }));
    name.maxLength = 40;
    name.setAttribute('autocomplete', 'nickname');
    name.value = inv.r === 'h' ? inv.p[inv.s - 1][0] : '';
    nameLab.append(el('span', { text: t('live.yourName') }), name);
    if (inv.r === 'h') body.append(nameLab);
    body.append(el('p', { cls: 'desc live-net-said', text: networkText(inv.ice ?? []) }));
    const err = el('p', { cls: 'error', id: 'live-error' });
    err.setAttribute('role', 'alert');
    err.hidden = true;
    body.append(err);
    const yes = button(
      t(reconnect ? 'live.back.accept' : 'live.accept'),
      async () => {
        yes.disabled = true;
        status.textContent = t('live.making');
        try {
          const url = await deps.accept(inv, name.value.trim());
          showReply(url, from);
        } catch (e) {
          err.hidden = false;
          err.textContent = e instanceof Error ? e.message : String(e);
          yes.disabled = false;
          status.textContent = '';
        }
      },
      { primary: true, id: 'live-accept' },
    );
    buttons.append(button(t('live.decline'), close, { id: 'live-decline' }), yes);
    yes.focus();
  }

  /** @param {string} url @param {string} from */
  function showReply(url, from) {
    openView(t('live.reply.title', { name: from }), 'reply');
    body.append(desc(t('live.reply.help', { name: from })), linkBox(url, t('live.replyLink'), 'live-reply'));
    status.textContent = t('live.reply.waiting', { name: from });
    buttons.append(button(t('btn.close'), close, { id: 'live-close' }));
  }

  /** @param {string} text */
  function showProblem(text) {
    openView(t('live.problem.title'), 'problem');
    body.append(el('p', { cls: 'error', text }));
    buttons.append(button(t('btn.close'), close, { primary: true, id: 'live-close' }));
  }

  // ---------------------------------------------------------------- the bar

  const bar = el('div', { cls: 'live-bar', id: 'live-bar' });
  bar.hidden = true;
  bar.setAttribute('role', 'group');
  const barState = el('p', { cls: 'live-line', id: 'live-line' });
  const barNote = el('p', { cls: 'muted small', id: 'live-note' });
  barNote.setAttribute('role', 'status');
  const barButtons = el('div', { cls: 'row-buttons' });
  bar.append(barState, barButtons, barNote);
  const statusEl = document.getElementById('status');
  statusEl?.insertAdjacentElement('afterend', bar);

  function render() {
    const tb = deps.table();
    bar.hidden = !tb;
    if (!tb) return;
    bar.setAttribute('aria-label', t('live.bar'));
    const meta = tb.meta;
    const over = deps.session.isOver();
    const connected = tb.connected();
    const keys = tb.keys();
    const waiting = keys.some((k) => ['waiting', 'connecting'].includes(tb.status(k)));
    const names = keys.map(who).join(', ');
    let state = '';
    if (over) state = t('live.over', { names });
    else if (meta.mail) state = t('live.mailOn');
    else if (connected) state = t('live.on', { names });
    else if (waiting) state = t('live.waiting', { names });
    else state = t('live.off', { names });
    barState.textContent = state;
    bar.dataset.state = meta.mail ? 'mail' : connected ? 'open' : waiting ? 'waiting' : 'off';
    barButtons.replaceChildren();
    if (!connected && !meta.mail && !over) {
      barButtons.append(
        button(
          t('live.reconnect'),
          () => {
            openInvites(true);
            deps.reinvite().then(drawInvites);
          },
          { id: 'live-reconnect', primary: !waiting },
        ),
      );
    }
    if (connected && !over) {
      const asked = tb.undoAsked();
      const b = button(t(asked === null ? 'live.undo' : 'live.undo.asked'), () => {
        if (!tb.askUndo()) note(t('live.undo.nothing'));
      }, { id: 'live-undo' });
      b.disabled = asked !== null;
      barButtons.append(b);
    }
    // After a move of this device's with nobody connected, it can go by link (as in play by
    // sending links): the address holds the game and who plays each seat.
    const h = deps.session.plies();
    const lastMine = h.length > 0 && meta.mine.includes(h[h.length - 1].seat);
    if ((meta.mail || (!connected && lastMine)) && !over) {
      const sendB = button(t('live.send'), async () => {
        const url = deps.sendMove();
        if (typeof navigator.share === 'function') {
          navigator.share({ title: t('live.shareTitle'), url }).catch(() => {});
          return;
        }
        // Shown in the bar, so that it can be selected and copied by hand if need be.
        const field = /** @type {HTMLInputElement} */ (el('input', { id: 'live-send-url' }));
        field.readOnly = true;
        field.value = url;
        field.style.width = '100%';
        barNote.replaceChildren(field);
        const how = await copyText(url, field);
        barNote.append(el('span', { text: ` ${t(how === 'copied' ? 'share.copied' : 'share.copyManual')}` }));
      }, { id: 'live-send', primary: meta.mail });
      barButtons.append(sendB);
    }
    if (view === 'invites') drawInvites();
    // The reply led nowhere: what to do instead (New invitation, Play by sending links).
    if (view === 'reply' && keys.some((k) => tb.status(k) === 'failed')) openInvites(true);
    // The reply made its way: the game is on.
    if (view === 'reply' && connected) {
      status.textContent = t('live.connected');
      setTimeout(() => {
        if (view === 'reply') close();
      }, 900);
    }
  }

  /**
   * @param {string} title @param {string} text
   * @param {[string, () => void][]} choices the last one is the primary
   */
  function openAsk(title, text, choices) {
    askH.textContent = title;
    askText.textContent = text;
    askButtons.replaceChildren(
      ...choices.map(([label, fn], i) =>
        button(
          label,
          () => {
            ask.close();
            fn();
          },
          { primary: i === choices.length - 1, id: `live-ask-${i}` },
        ),
      ),
    );
    if (!ask.open) ask.showModal();
  }

  /** @param {string} text */
  function note(text) {
    barNote.textContent = text;
  }

  return {
    render,
    note,
    askUndo(whoName, ply) {
      return new Promise((resolve) => {
        let answered = false;
        /** @param {boolean} v */
        const done = (v) => {
          if (answered) return;
          answered = true;
          resolve(v);
        };
        openAsk(t('live.undo.title'), t('live.undo.question', { name: whoName || t('live.someone'), n: ply + 1 }), [
          [t('live.undo.no'), () => done(false)],
          [t('live.undo.yes'), () => done(true)],
        ]);
        ask.addEventListener('close', () => done(false), { once: true });
      });
    },
    replyTaken() {
      status.textContent = t('live.replyTaken');
      render();
    },
    showInvite,
    showProblem,
    handover(state, detail = '') {
      if (state === 'sending') {
        openView(t('live.handover.title'), 'handover');
        status.textContent = t('live.handover.sending');
        return;
      }
      openView(t('live.handover.title'), 'handover');
      if (state === 'taken') body.append(desc(t('live.handover.taken')));
      else if (state === 'bad') body.append(el('p', { cls: 'error', text: detail }));
      else {
        body.append(desc(t('live.handover.none')));
        const field = /** @type {HTMLInputElement} */ (el('input', { id: 'live-handover-text' }));
        field.readOnly = true;
        field.value = `#live-reply=${detail}`;
        const row = el('div', { cls: 'copy-row' });
        row.append(
          field,
          button(t('share.copy'), async () => {
            const how = await copyText(field.value, field);
            status.textContent = t(how === 'copied' ? 'share.copied' : 'share.copyManual');
          }),
        );
        body.append(row);
      }
      buttons.append(button(t('btn.close'), close, { primary: true, id: 'live-close' }));
    },
    openHost,
    openStatus: () => openInvites(true),
  };
}
