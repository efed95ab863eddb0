// The New game dialog: variant and options (checked live against the engine), players, who
// starts and the board orientation, with a rules panel for the chosen variant.

import { t } from './i18n.js';
import { rulesOf, differencesOf, optionWords } from './rules.js';
import { $, swatch, fillList, focusBoard } from './panels/dom.js';
import { isAvailable } from './players.js';
import { engineLevels, clampLevel } from './computer.js';
import { createClockSetup } from './panels/clock-setup.js';

/** @typedef {import('./rules.js').VariantInfo} VariantInfo */
/** @typedef {import('./rules.js').BaseGame} BaseGame */
/** @typedef {import('./storage.js').GameSetup} GameSetup */
/** @typedef {import('./storage.js').PlayerSetup} PlayerSetup */

/**
 * Form values of the dialog. `size` and `camp` belong to square boards, `side` to the star
 * (null where they do not apply).
 * @typedef {object} SetupForm
 * @property {string} id
 * @property {number | null} size
 * @property {number | null} camp
 * @property {number | null} side
 * @property {boolean} long
 * @property {boolean} freeTarget
 * @property {boolean} anyCamp
 * @property {boolean} balance
 * @property {boolean} places play on for the places after the first finish
 * @property {'fill' | 'strict' | 'swap'} win
 * @property {'none' | 'opposite' | 'adjacent'} teams
 * @property {number} turns
 */

/**
 * The default form for a base game (the engine's defaults, from `variants()`).
 * @param {BaseGame} base
 * @returns {SetupForm}
 */
export function defaultForm(base) {
  return {
    id: base.id,
    size: base.shape === 'square' ? base.size : null,
    camp: base.camp,
    side: base.side,
    long: false,
    freeTarget: false,
    anyCamp: false,
    balance: base.balance,
    places: false,
    win: 'fill',
    teams: 'none',
    turns: base.turnLimit,
  };
}

/**
 * The engine's `variantString` options for a form: only the options that apply to the base
 * game (the engine refuses a non-default value for one that does not).
 * @param {SetupForm} f
 * @param {BaseGame} base
 * @returns {Record<string, unknown>}
 */
export function variantOptions(f, base) {
  const has = (/** @type {string} */ o) => base.options.includes(o);
  /** @type {Record<string, unknown>} */
  const o = { id: f.id };
  if (has('size')) o.size = f.size;
  if (has('camp')) o.camp = f.camp;
  if (has('side')) o.side = f.side;
  if (has('long')) o.long = f.long;
  if (has('free-target')) o.freeTarget = f.freeTarget;
  if (has('any-camp')) o.anyCamp = f.anyCamp;
  if (has('win')) o.win = f.win;
  if (has('balance')) o.balance = f.balance;
  if (has('teams')) o.teams = f.teams;
  if (has('places')) o.places = f.places;
  if (has('turns')) o.turns = f.turns;
  return o;
}

/**
 * The form for a variant's info (to reopen the dialog on the current game's settings).
 * @param {VariantInfo} v
 * @param {BaseGame} base its base game
 * @returns {SetupForm}
 */
export function formFromInfo(v, base) {
  const f = defaultForm(base);
  const has = (/** @type {string} */ o) => base.options.includes(o);
  if (has('size')) f.size = v.size;
  if (has('camp')) f.camp = v.pieces;
  if (has('side')) f.side = v.size;
  f.long = v.longJumps;
  if (has('free-target')) f.freeTarget = !v.targetLock;
  if (has('any-camp')) f.anyCamp = !v.sidePoints;
  f.balance = v.balance;
  f.win = v.winRule;
  f.teams = v.teams;
  if (has('places')) f.places = v.places;
  if (has('turns')) f.turns = v.turnLimit;
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
 * @param {BaseGame[]} deps.variants the engine's base games, in rules order
 * @param {(options: Record<string, unknown>) => string} deps.variantString the engine's:
 *   throws with the reason when the options make no variant
 * @param {(text: string) => VariantInfo} deps.variantInfo throws on an invalid string
 * @param {(setup: GameSetup) => void} deps.onStart
 * @returns {SetupDialog}
 */
export function createSetupDialog({ variants, variantString, variantInfo, onStart }) {
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
  const places = /** @type {HTMLInputElement} */ ($('su-places'));
  const turns = /** @type {HTMLInputElement} */ ($('su-turns'));
  const seatsList = $('su-seats');
  const errorEl = $('su-error');
  const startBtn = /** @type {HTMLButtonElement} */ ($('su-start'));
  const clock = createClockSetup();

  /** Names typed so far, kept while the variant changes. @type {string[]} */
  let names = [];
  /** Who plays each seat, kept like the names. @type {('human' | 'computer')[]} */
  let kinds = [];
  /** The computer's level per seat. @type {number[]} */
  let levels = [];
  /** @type {VariantInfo | null} */
  let info = null;
  /** The base game the form shows (its options apply). */
  let shown = variants[0];

  /** @param {string} id */
  function baseOf(id) {
    return variants.find((v) => v.id === id) ?? variants[0];
  }

  function buildVariantOptions() {
    const keep = sel.value;
    sel.replaceChildren(
      ...variants.map(({ id }) => {
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
    const n = (/** @type {string} */ v, /** @type {number | null} */ dflt) => {
      const x = Number.parseInt(v, 10);
      return Number.isFinite(x) ? x : dflt;
    };
    const d = defaultForm(baseOf(id));
    return {
      id,
      size: n(size.value, d.size),
      camp: n(camp.value, d.camp),
      side: n(side.value, d.side),
      long: long.checked,
      freeTarget: free.checked,
      anyCamp: anyCamp.checked,
      balance: balance.checked,
      places: places.checked,
      win: /** @type {SetupForm['win']} */ (radioValue('su-win') || 'fill'),
      teams: /** @type {SetupForm['teams']} */ (radioValue('su-teams') || 'none'),
      turns: n(turns.value, d.turns) ?? d.turns,
    };
  }

  /** The base game and language the choices were built for. */
  let choicesShown = '';

  /**
   * The board's and the turn limit's controls offer what the engine allows for the base
   * game (`variants().choices`): camp sizes, star sides, the size and turn ranges.
   * @param {BaseGame} base
   */
  function fillChoices(base) {
    const key = `${base.id}:${t('setup.sideOption', { n: 1, pieces: 1 })}`;
    if (key === choicesShown) return;
    choicesShown = key;
    const ch = base.choices;
    /**
     * @param {HTMLSelectElement} el
     * @param {number[]} values
     * @param {(n: number) => string} label
     */
    const options = (el, values, label) => {
      const keep = el.value;
      el.replaceChildren(
        ...values.map((n) => {
          const o = document.createElement('option');
          o.value = String(n);
          o.textContent = label(n);
          return o;
        }),
      );
      if (values.map(String).includes(keep)) el.value = keep;
    };
    options(camp, ch.camp ?? [], (n) => String(n));
    const sides = [];
    if (ch.side) for (let n = ch.side[0]; n <= ch.side[1]; n++) sides.push(n);
    options(side, sides, (n) => t('setup.sideOption', { n, pieces: (n * (n + 1)) / 2 }));
    $('su-side-desc').textContent = ch.side ? t('opt.side', { min: ch.side[0], max: ch.side[1] }) : '';
    if (ch.size) {
      size.min = String(ch.size[0]);
      size.max = String(ch.size[1]);
    }
    $('su-size-desc').textContent = ch.size ? t('opt.size', { min: ch.size[0], max: ch.size[1] }) : '';
    if (ch.turns) {
      turns.min = String(ch.turns[0]);
      turns.max = String(ch.turns[1]);
    }
  }

  /** @param {SetupForm} f */
  function writeForm(f) {
    fillChoices(baseOf(f.id));
    const text = (/** @type {number | null} */ x) => (x === null ? '' : String(x));
    sel.value = f.id;
    size.value = text(f.size);
    camp.value = text(f.camp);
    side.value = text(f.side);
    long.checked = f.long;
    free.checked = f.freeTarget;
    anyCamp.checked = f.anyCamp;
    balance.checked = f.balance;
    places.checked = f.places;
    setRadio('su-win', f.win);
    setRadio('su-teams', f.teams);
    turns.value = String(f.turns);
  }

  /** Enables what applies to the chosen base game (the engine says which options do). */
  function applicability() {
    const base = baseOf(sel.value);
    shown = base;
    fillChoices(base);
    const has = (/** @type {string} */ o) => base.options.includes(o);
    $('su-square').hidden = !has('size');
    $('su-star').hidden = !has('side');
    anyCamp.disabled = !has('any-camp');
    $('su-anycamp-row').hidden = !has('any-camp');
    $('su-anycamp-desc').hidden = !has('any-camp');
    long.disabled = !has('long');
    free.disabled = !has('free-target');
    balance.disabled = !has('balance');
    // Places mean something with three players or more.
    places.disabled = !has('places');
    $('su-places-row').hidden = !has('places');
    $('su-places-desc').hidden = !has('places');
    turns.disabled = !has('turns');
    for (const el of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="su-win"]'))) {
      el.disabled = !has('win');
    }
    const teamsOk = base.teams && has('teams');
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
    try {
      info = variantInfo(variantString(variantOptions(f, shown)));
      errorEl.hidden = true;
      errorEl.textContent = '';
      startBtn.disabled = false;
    } catch (e) {
      info = null;
      errorEl.hidden = false;
      errorEl.textContent = t('setup.invalid', { reason: e instanceof Error ? e.message : String(e) });
      startBtn.disabled = true;
    }
    // The description is the base game's, and says every option that differs from it.
    const words = info ? optionWords(info) : [];
    const desc = t(`desc.${f.id}`);
    $('su-variant-desc').textContent = words.length ? `${desc} ${t('setup.with', { options: words.join(', ') })}` : desc;
    $('su-variant-string').textContent = info ? info.variant : '';
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
      for (const l of engineLevels().levels) {
        const o = document.createElement('option');
        o.value = String(l);
        // The short name fits beside the seat's kind, on a phone too; the full one is the
        // option's title.
        o.textContent = t(`level.short.${l}`);
        o.title = t(`level.${l}`);
        level.appendChild(o);
      }
      level.value = String(clampLevel(levels[i]));
      li.append(sw, kind, level, name);
      kind.addEventListener('change', () => applyKind(li, seat));
      applyKind(li, seat);
      if (info && teams !== 'none') {
        const tm = document.createElement('span');
        tm.className = 'team-tag';
        tm.textContent = t('setup.seatTeam', { n: info.seatTeams[i] });
        li.appendChild(tm);
      }
      rows.push(li);
    }
    seatsList.replaceChildren(...rows);
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
      if (p.kind === 'computer') p.level = clampLevel(levels[i]);
      players.push(p);
    }
    /** @type {GameSetup} */
    const out = {
      variant: info.variant,
      players,
      start: radioValue('su-start') === 'coin' ? 'coin' : 'seat1',
      rotation: radioValue('su-rotation') === 'fixed' ? 'fixed' : 'turn',
    };
    const control = clock.read();
    if (control) out.clock = control;
    return out;
  }

  sel.addEventListener('change', () => {
    // A game from the list is a preset: it sets every option to its own defaults, so
    // nothing chosen for the game before (long jumps, say) carries over unseen.
    writeForm(defaultForm(baseOf(sel.value)));
    refresh();
  });
  for (const el of [size, camp, side, long, free, anyCamp, balance, places, turns]) {
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
    // Start pressed (or Enter): the keyboard goes on on the new game's board.
    focusBoard();
  });

  return {
    open(current, currentInfo) {
      buildVariantOptions();
      names = current ? current.players.map((p) => p.name) : [];
      kinds = current ? current.players.map((p) => p.kind) : [];
      levels = current ? current.players.map((p) => clampLevel(p.level)) : [];
      seatsList.replaceChildren();
      seatsShown = '';
      writeForm(currentInfo ? formFromInfo(currentInfo, baseOf(currentInfo.id)) : defaultForm(variants[0]));
      setRadio('su-start', current?.start ?? 'seat1');
      setRadio('su-rotation', current?.rotation ?? 'turn');
      clock.write(current?.clock);
      refresh();
      // The options fold away again: the game, the players and Start come first.
      /** @type {HTMLDetailsElement} */ ($('su-advanced')).open = false;
      /** @type {HTMLDetailsElement} */ ($('su-rules-box')).open = false;
      if (!dialog.open) dialog.showModal();
      sel.focus();
    },
    relabel() {
      if (!dialog.open) return;
      buildVariantOptions();
      clock.relabel();
      refresh();
    },
    isOpen() {
      return dialog.open;
    },
  };
}
