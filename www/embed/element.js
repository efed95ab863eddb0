// The <halma-board> element: its attributes are its configuration, and changing one updates
// the board. Taken out of the page it keeps its game, and after PARK_MS parks it (no worker,
// no drawing) until it is put back.

import { CONFIG_KEYS, SOURCE_KEYS, parseSeats, warnUnknown } from './config.js';
import { mount } from './mount.js';
import { createGame } from './create.js';
import { internals, mounted, addElement } from './registry.js';

/** @typedef {import('./config.js').EmbedConfig} EmbedConfig */
/** @typedef {import('./api.js').EmbedApi} EmbedApi */

/** How long an element out of the page keeps its AI worker and drawing (ms). */
export const PARK_MS = 3000;

/** Attributes every element has (not the board's configuration, no warning for them). */
const GLOBAL_ATTRS = new Set(
  'id class style title hidden dir tabindex slot part exportparts role is nonce autofocus draggable inert translate spellcheck contenteditable accesskey autocapitalize enterkeyhint inputmode popover itemscope itemprop itemtype itemid itemref xmlns'.split(
    ' ',
  ),
);

/**
 * A boolean attribute: present (and not "false" or "0") means on.
 * @param {string | null} v
 */
function flag(v) {
  return v !== null && v !== 'false' && v !== '0';
}

/** The element: attributes are its configuration, changes update the board. */
export class HalmaBoardHere extends HTMLElement {
  static get observedAttributes() {
    return [...CONFIG_KEYS];
  }

  /** createGame, for pages that load the classic script (no module to import from). */
  static createGame = createGame;
  /** The chessground-style name of the same function. */
  static createBoard = createGame;
  static parseSeats = parseSeats;

  constructor() {
    super();
    addElement(this);
    /** @type {EmbedApi | null} */
    this.game = null;
    this._queued = false;
    /** @type {Set<string>} */
    this._changed = new Set();
    /** @type {ReturnType<typeof setTimeout> | null} */
    this._parkTimer = null;
    this._warned = false;
  }

  /** The configuration the attributes describe (their text; the board checks it). */
  config() {
    const a = (/** @type {string} */ n) => this.getAttribute(n) ?? undefined;
    /** @type {EmbedConfig} */
    const c = {
      variant: a('variant'),
      position: a('position'),
      moves: a('moves'),
      record: a('record'),
      link: a('link'),
      at: a('at'),
      interactive: flag(this.getAttribute('interactive')),
      seats: a('seats'),
      level: a('level'),
      orientation: a('orientation'),
      theme: a('theme'),
      coordinates: flag(this.getAttribute('coordinates')),
      controls: this.getAttribute('controls') === null ? null : flag(this.getAttribute('controls')),
      lang: a('lang'),
    };
    return c;
  }

  connectedCallback() {
    if (this._parkTimer !== null) {
      clearTimeout(this._parkTimer);
      this._parkTimer = null;
    }
    if (!this._warned) {
      this._warned = true;
      warnUnknown(
        this.getAttributeNames().filter((n) => !GLOBAL_ATTRS.has(n) && !/^(data-|aria-|on)/.test(n)),
        'attribute',
      );
    }
    if (this.game) {
      // Put back: the same board goes on (no new game, no second `ready`).
      internals.get(this.game)?.unpark();
      return;
    }
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    this.game = mount(root, this, this.config());
    mounted.set(this, this.game);
  }

  disconnectedCallback() {
    // Frameworks take elements out and put them back when they re-render: keep the board
    // as it is for a while, then stop its worker and drawing (the game stays).
    if (this._parkTimer !== null) clearTimeout(this._parkTimer);
    this._parkTimer = setTimeout(() => {
      this._parkTimer = null;
      if (!this.isConnected && this.game) internals.get(this.game)?.park();
    }, PARK_MS);
  }

  /**
   * @param {string} name
   * @param {string | null} before
   * @param {string | null} after
   */
  attributeChangedCallback(name, before, after) {
    // Frameworks set attributes again on every render: the same value is no change.
    if (!this.game || before === after) return;
    this._changed.add(name);
    if (this._queued) return;
    this._queued = true;
    // Several attributes set in a row become one update.
    queueMicrotask(() => {
      this._queued = false;
      const changed = this._changed;
      this._changed = new Set();
      if (!this.game) return;
      const all = this.config();
      /** @type {EmbedConfig} */
      const partial = {};
      const src = SOURCE_KEYS.some((k) => changed.has(k));
      for (const k of /** @type {(keyof EmbedConfig)[]} */ (Object.keys(all))) {
        if (changed.has(k) || (src && /** @type {readonly string[]} */ (SOURCE_KEYS).includes(k))) {
          /** @type {any} */ (partial)[k] = all[k];
        }
      }
      if (src && !changed.has('at')) partial.at = all.at;
      // Only a change of what the attributes describe counts (apply.js): the game is replaced
      // when they name another game, and never for a value that says what is in effect.
      internals.get(this.game)?.attributes(partial);
    });
  }
}
