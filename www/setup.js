// The New game dialog: variant and options (checked live against the engine), players, who
// starts and the board orientation, with a rules panel for the chosen variant.

import { t } from './i18n.js';
import { rulesOf, differencesOf } from './rules.js';
import { $, swatch, fillList } from './panels/dom.js';
import { isAvailable } from './players.js';
import { LEVELS, DEFAULT_LEVEL, clampLevel } from './computer.js';

/** @typedef {import('./rules.js').VariantInfo} VariantInfo */
/** @typedef {import('./storage.js').GameSetup} GameSetup */
/** @typedef {import('./storage.js').PlayerSetup} PlayerSetup */

/** Board size and camp of the square variants (RULES.md). */
const SQUARE_DEFAULTS = /** @type {Record<string, [number, number]>} */ ({
  halma: [16, 19],
  'halma-3': [16, 13],
  'halma-4': [16, 13],
  'halma-13': [16, 13],
  'halma-10x10': [10, 15],
  'halma-8x8': [8, 10],
  solitaire: [16, 19],
});

/**
 * Form values of the dialog.
 * @typedef {object} SetupForm
 * @property {string} id
 * @property {number} size
 * @property {number} camp
 * @property {number} side
 * @property {boolean} long
 * @property {boolean} freeTarget
 * @property {boolean} anyCamp
 * @property {boolean} balance
 * @property {'fill' | 'strict' | 'swap'} win
 * @property {'none' | 'opposite' | 'adjacent'} teams
 * @property {number} turns
 */

/**
 * The default form for a base game.
 * @param {string} id
 * @returns {SetupForm}
 */
export function defaultForm(id) {
  const [size, camp] = SQUARE_DEFAULTS[id] ?? [16, 19];
  return {
    id,
    size,
    camp,
    side: 4,
    long: false,
    freeTarget: false,
    anyCamp: false,
    balance: id === 'halma-10x10',
    win: 'fill',
    teams: 'none',
    turns: 300,
  };
}

/**
 * The variant string for a form (not yet checked; the engine canonicalises and validates).
 * Options that do not apply to the base game are left out.
 * @param {SetupForm} f
 */
export function variantString(f) {
  const star = f.id.startsWith('star-');
  const solitaire = f.id === 'solitaire';
  const d = defaultForm(f.id);
  let s = f.id;
  if (!star) {
    if (f.size !== d.size) s += `+size=${f.size}`;
    if (f.camp !== d.camp) s += `+camp=${f.camp}`;
  } else if (f.side !== 4) {
    s += `+side=${f.side}`;
  }
  if (f.long) s += '+long';
  if (!solitaire) {
    if (f.freeTarget) s += '+free-target';
    if (star && f.anyCamp) s += '+any-camp';
    if (f.win !== 'fill') s += `+${f.win}`;
    if (f.balance !== d.balance) s += f.balance ? '+balance' : '+balance=off';
    if (f.teams !== 'none') s += `+teams=${f.teams}`;
    if (f.turns !== 300) s += `+turns=${f.turns}`;
  }
  return s;
}

/**
 * The form for a variant's info (to reopen the dialog on the current game's settings).
 * @param {VariantInfo} v
 * @returns {SetupForm}
 */
export function formFromInfo(v) {
  const f = defaultForm(v.id);
  if (v.shape === 'square') {
    f.size = v.size;
    f.camp = v.pieces;
  } else {
    f.side = v.size;
  }
  f.long = v.longJumps;
  f.freeTarget = !v.solitaire && !v.targetLock;
  f.anyCamp = v.shape === 'star' && !v.sidePoints;
  f.balance = v.balance;
  f.win = v.winRule;
  f.teams = v.teams;
  f.turns = v.solitaire ? 300 : v.turnLimit;
  return f;
}

/**
 * Shuffles the players over the seats (the coin toss), with a fair random permutation.
 * @template T
 * @param {readonly T[]} list
 * @param {() => number} [random] uniform in [0, 1)
 * @returns {T[]}
 */
export function shuffle(list, random = Math.random) {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/**
 * @param {string} name
 * @returns {string}
 */
function radioValue(name) {
  const el = /** @type {HTMLInputElement | null} */ (document.querySelector(`input[name="${name}"]:checked`));
  return el ? el.value : '';
}

/**
 * @param {string} name
 * @param {string} value
 */
function setRadio(name, value) {
  for (const el of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll(`input[name="${name}"]`))) {
    el.checked = el.value === value;
  }
}

/**
 * @typedef {object} SetupDialog
 * @property {(current: GameSetup | null, info: VariantInfo | null) => void} open
 * @property {() => void} relabel re-renders the texts after a language change
 * @property {() => boolean} isOpen
 */

/**
 * Wires the dialog.
 * @param {object} deps
 * @param {string[]} deps.variantIds
 * @param {(text: string) => VariantInfo} deps.variantInfo throws on an invalid string
 * @param {(setup: GameSetup) => void} deps.onStart
 * @returns {SetupDialog}
 */
export function createSetupDialog({ variantIds, variantInfo, onStart }) {
  const dialog = /** @type {HTMLDialogElement} */ ($('setup'));
  const form = /** @type {HTMLFormElement} */ ($('setup-form'));
  const sel = /** @type {HTMLSelectElement} */ ($('su-variant'));
  const size = /** @type {HTMLInputElement} */ ($('su-size'));
  const camp = /** @type {HTMLSelectElement} */ ($('su-camp'));
  const side = /** @type {HTMLSelectElement} */ ($('su-side'));
  const long = /** @type {HTMLInputElement} */ ($('su-long'));
  const free = /** @type {HTMLInputElement} */ ($('su-free'));
  const anyCamp = /** @type {HTMLInputElement} */ ($('su-anycamp'));
  const balance = /** @type {HTMLInputElement} */ ($('su-balance'));
  const turns = /** @type {HTMLInputElement} */ ($('su-turns'));
  const seatsList = $('su-seats');
  const errorEl = $('su-error');
  const startBtn = /** @type {HTMLButtonElement} */ ($('su-start'));

  /** Names typed so far, kept while the variant changes. @type {string[]} */
  let names = [];
  /** Who plays each seat, kept like the names. @type {('human' | 'computer')[]} */
  let kinds = [];
  /** The computer's level per seat. @type {number[]} */
  let levels = [];
  /** @type {VariantInfo | null} */
  let info = null;

  function buildVariantOptions() {
    const keep = sel.value;
    sel.replaceChildren(
      ...variantIds.map((id) => {
        const o = document.createElement('option');
        o.value = id;
        o.textContent = t(`variant.${id}`);
        return o;
      }),
    );
    if (keep) sel.value = keep;
  }

  /** @returns {SetupForm} */
  function readForm() {
    const id = sel.value;
    const n = (/** @type {string} */ v, /** @type {number} */ dflt) => {
      const x = Number.parseInt(v, 10);
      return Number.isFinite(x) ? x : dflt;
    };
    const d = defaultForm(id);
    return {
      id,
      size: n(size.value, d.size),
      camp: n(camp.value, d.camp),
      side: n(side.value, 4),
      long: long.checked,
      freeTarget: free.checked,
      anyCamp: anyCamp.checked,
      balance: balance.checked,
      win: /** @type {SetupForm['win']} */ (radioValue('su-win') || 'fill'),
      teams: /** @type {SetupForm['teams']} */ (radioValue('su-teams') || 'none'),
      turns: n(turns.value, 300),
    };
  }

  /** @param {SetupForm} f */
  function writeForm(f) {
    sel.value = f.id;
    size.value = String(f.size);
    camp.value = String(f.camp);
    side.value = String(f.side);
    long.checked = f.long;
    free.checked = f.freeTarget;
    anyCamp.checked = f.anyCamp;
    balance.checked = f.balance;
    setRadio('su-win', f.win);
    setRadio('su-teams', f.teams);
    turns.value = String(f.turns);
  }

  /** Enables what applies to the chosen base game. */
  function applicability() {
    const id = sel.value;
    const star = id.startsWith('star-');
    const solitaire = id === 'solitaire';
    $('su-square').hidden = star;
    $('su-star').hidden = !star;
    anyCamp.disabled = !star;
    $('su-anycamp-row').hidden = !star;
    $('su-anycamp-desc').hidden = !star;
    for (const el of [free, balance, turns]) el.disabled = solitaire;
    for (const el of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="su-win"]'))) {
      el.disabled = solitaire;
    }
    const seats = star ? Number(id.slice(5)) : id === 'halma-3' ? 3 : id === 'halma-4' ? 4 : solitaire ? 1 : 2;
    const teamsOk = seats === 4 || seats === 6;
    for (const el of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="su-teams"]'))) {
      el.disabled = !teamsOk && el.value !== 'none';
    }
    if (!teamsOk) setRadio('su-teams', 'none');
    $('su-teams-note').hidden = teamsOk;
  }

  /** Re-checks the variant with the engine and redraws the rules and seats. */
  function refresh() {
    applicability();
    const f = readForm();
    $('su-variant-desc').textContent = t(`desc.${f.id}`);
    const text = variantString(f);
    try {
      info = variantInfo(text);
      errorEl.hidden = true;
      errorEl.textContent = '';
      startBtn.disabled = false;
    } catch (e) {
      info = null;
      errorEl.hidden = false;
      errorEl.textContent = t('setup.invalid', { reason: e instanceof Error ? e.message : String(e) });
      startBtn.disabled = true;
    }
    $('su-variant-string').textContent = info ? info.variant : text;
    fillList($('su-rules'), info ? rulesOf(info) : []);
    fillList($('su-diff'), info ? differencesOf(info) : []);
    renderSeats();
  }

  function readNames() {
    const inputs = /** @type {NodeListOf<HTMLInputElement>} */ (seatsList.querySelectorAll('input.seat-name'));
    inputs.forEach((el, i) => {
      names[i] = el.value;
    });
    const kindSels = /** @type {NodeListOf<HTMLSelectElement>} */ (seatsList.querySelectorAll('select.seat-kind'));
    kindSels.forEach((el, i) => {
      kinds[i] = el.value === 'computer' && isAvailable('computer') ? 'computer' : 'human';
    });
    const levelSels = /** @type {NodeListOf<HTMLSelectElement>} */ (seatsList.querySelectorAll('select.seat-level'));
    levelSels.forEach((el, i) => {
      levels[i] = clampLevel(el.value);
    });
  }

  /**
   * Shows the level only for a computer seat, and the matching default name.
   * @param {HTMLElement} row
   * @param {number} seat
   */
  function applyKind(row, seat) {
    const kind = /** @type {HTMLSelectElement} */ (row.querySelector('select.seat-kind'));
    const level = /** @type {HTMLElement} */ (row.querySelector('.seat-level'));
    const name = /** @type {HTMLInputElement} */ (row.querySelector('input.seat-name'));
    const computer = kind.value === 'computer';
    level.hidden = !computer;
    row.classList.toggle('computer', computer);
    name.placeholder = t(computer ? 'seat.computer' : 'seat.default', { n: seat });
  }

  /** What the seat rows show besides the names; they are rebuilt only when it changes. */
  let seatsShown = '';

  function renderSeats() {
    const n = info ? info.seats : 0;
    const teams = info ? info.teams : 'none';
    const sig = `${n}:${teams}:${t('seat.default', { n: 1 })}:${isAvailable('computer')}`;
    // Rebuilding would replace the field someone is typing in: only when the rows change.
    if (sig === seatsShown && seatsList.children.length === n) return;
    seatsShown = sig;
    readNames();
    /** @type {HTMLElement[]} */
    const rows = [];
    for (let i = 0; i < n; i++) {
      const seat = i + 1;
      const li = document.createElement('li');
      li.className = 'seat-row';
      const sw = swatch(seat);
      const name = document.createElement('input');
      name.type = 'text';
      name.className = 'seat-name';
      name.id = `su-name-${seat}`;
      name.maxLength = 40;
      name.autocomplete = 'off';
      name.placeholder = t('seat.default', { n: seat });
      name.value = names[i] ?? '';
      name.setAttribute('aria-label', t('setup.name', { n: seat }));
      const kind = document.createElement('select');
      kind.className = 'seat-kind';
      kind.id = `su-kind-${seat}`;
      kind.setAttribute('aria-label', `${t('setup.kind')} (${t('seat.default', { n: seat })})`);
      for (const k of ['human', 'computer']) {
        const o = document.createElement('option');
        o.value = k;
        o.textContent = t(`setup.kind.${k}`);
        o.disabled = !isAvailable(k);
        kind.appendChild(o);
      }
      kind.value = kinds[i] === 'computer' && isAvailable('computer') ? 'computer' : 'human';
      const level = document.createElement('select');
      level.className = 'seat-level';
      level.id = `su-level-${seat}`;
      level.setAttribute('aria-label', `${t('setup.level')} (${t('seat.default', { n: seat })})`);
      for (const l of LEVELS) {
        const o = document.createElement('option');
        o.value = String(l);
        o.textContent = t(`level.${l}`);
        level.appendChild(o);
      }
      level.value = String(levels[i] ?? DEFAULT_LEVEL);
      li.append(sw, name, kind, level);
      kind.addEventListener('change', () => applyKind(li, seat));
      applyKind(li, seat);
      if (info && teams !== 'none') {
        const tm = document.createElement('span');
        tm.className = 'team-tag';
        tm.textContent = t('setup.seatTeam', { n: teamOf(info, i) + 1 });
        li.appendChild(tm);
      }
      rows.push(li);
    }
    seatsList.replaceChildren(...rows);
  }

  /**
   * @param {VariantInfo} v
   * @param {number} seat 0-based
   */
  function teamOf(v, seat) {
    if (v.teams === 'adjacent') return Math.floor(seat / 2);
    if (v.teams === 'opposite') return v.seats === 4 ? seat % 2 : seat % 3;
    return seat;
  }

  /** @returns {GameSetup | null} */
  function result() {
    refresh();
    if (!info) return null;
    readNames();
    /** @type {PlayerSetup[]} */
    const players = [];
    for (let i = 0; i < info.seats; i++) {
      /** @type {PlayerSetup} */
      const p = { name: (names[i] ?? '').trim(), kind: kinds[i] === 'computer' ? 'computer' : 'human' };
      if (p.kind === 'computer') p.level = clampLevel(levels[i] ?? DEFAULT_LEVEL);
      players.push(p);
    }
    return {
      variant: info.variant,
      players,
      start: radioValue('su-start') === 'coin' ? 'coin' : 'seat1',
      rotation: radioValue('su-rotation') === 'fixed' ? 'fixed' : 'turn',
    };
  }

  sel.addEventListener('change', () => {
    const f = defaultForm(sel.value);
    // Keep the rule options the player chose; reset what belongs to the board.
    const cur = readForm();
    writeForm({ ...cur, size: f.size, camp: f.camp, side: f.side, balance: f.balance, id: f.id });
    refresh();
  });
  for (const el of [size, camp, side, long, free, anyCamp, balance, turns]) {
    el.addEventListener('change', refresh);
    el.addEventListener('input', refresh);
  }
  for (const el of document.querySelectorAll('input[name="su-win"], input[name="su-teams"]')) {
    el.addEventListener('change', refresh);
  }
  $('su-cancel').addEventListener('click', () => dialog.close());
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const r = result();
    if (!r) return;
    dialog.close();
    onStart(r);
  });

  return {
    open(current, currentInfo) {
      buildVariantOptions();
      names = current ? current.players.map((p) => p.name) : [];
      kinds = current ? current.players.map((p) => p.kind) : [];
      levels = current ? current.players.map((p) => clampLevel(p.level ?? DEFAULT_LEVEL)) : [];
      seatsList.replaceChildren();
      seatsShown = '';
      writeForm(currentInfo ? formFromInfo(currentInfo) : defaultForm(variantIds[0] ?? 'halma'));
      setRadio('su-start', current?.start ?? 'seat1');
      setRadio('su-rotation', current?.rotation ?? 'turn');
      refresh();
      if (!dialog.open) dialog.showModal();
      sel.focus();
    },
    relabel() {
      if (!dialog.open) return;
      buildVariantOptions();
      refresh();
    },
    isOpen() {
      return dialog.open;
    },
  };
}
