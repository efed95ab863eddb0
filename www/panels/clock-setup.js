// The New game dialog's clock: no clock (the default), a preset (minutes + increment
// seconds) or a custom control, in the dialog's folded options (clock.js has the controls).

import { t } from '../i18n.js';
import { PRESETS, LIMITS, parseControl, checkControl, controlText } from '../clock.js';
import { $ } from './dom.js';

/** @typedef {import('../clock.js').TimeControl} TimeControl */

/**
 * @typedef {object} ClockSetup
 * @property {() => TimeControl | undefined} read the control chosen (undefined: no clock)
 * @property {(c: TimeControl | undefined) => void} write shows a control
 * @property {() => void} relabel
 */

/**
 * A whole number from an input, within bounds (its old value when it is not a number).
 * @param {HTMLInputElement} el
 * @param {number} min
 * @param {number} max
 * @param {number} dflt
 */
function whole(el, min, max, dflt) {
  const n = Number.parseInt(el.value, 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : dflt;
}

/** @returns {ClockSetup} */
export function createClockSetup() {
  const sel = /** @type {HTMLSelectElement} */ ($('su-clock'));
  const custom = $('su-clock-custom');
  const min = /** @type {HTMLInputElement} */ ($('su-clock-min'));
  const inc = /** @type {HTMLInputElement} */ ($('su-clock-inc'));
  min.min = String(LIMITS.minMinutes);
  min.max = String(LIMITS.maxMinutes);
  inc.min = '0';
  inc.max = String(LIMITS.maxInc);

  function build() {
    const keep = sel.value || 'none';
    /** @param {string} value @param {string} text */
    const option = (value, text) => {
      const o = document.createElement('option');
      o.value = value;
      o.textContent = text;
      return o;
    };
    sel.replaceChildren(
      option('none', t('clock.none')),
      ...PRESETS.map((p) => {
        const c = /** @type {TimeControl} */ (parseControl(p));
        return option(p, t('clock.preset', { min: c.base / 60_000, inc: c.inc / 1000 }));
      }),
      option('custom', t('clock.custom')),
    );
    sel.value = keep;
  }

  function show() {
    custom.hidden = sel.value !== 'custom';
  }

  sel.addEventListener('change', show);
  build();
  show();

  return {
    read() {
      if (sel.value === 'none') return undefined;
      if (sel.value !== 'custom') return parseControl(sel.value) ?? undefined;
      const m = whole(min, LIMITS.minMinutes, LIMITS.maxMinutes, 5);
      const s = whole(inc, 0, LIMITS.maxInc, 0);
      return checkControl({ base: m * 60_000, inc: s * 1000 }) ?? undefined;
    },
    write(c) {
      build();
      const text = c ? controlText(c) : 'none';
      if ((/** @type {readonly string[]} */ (PRESETS)).includes(text) || text === 'none') sel.value = text;
      else if (c) {
        sel.value = 'custom';
        min.value = String(Math.max(LIMITS.minMinutes, Math.round(c.base / 60_000)));
        inc.value = String(c.inc / 1000);
      }
      show();
    },
    relabel: build,
  };
}
