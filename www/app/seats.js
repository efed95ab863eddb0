// Who plays a game opened from a link: the dialog lists each seat (its colour, its name) as
// the link has it — a person at this screen, or the computer at a level — and lets the
// person who opened it take a seat over ("you play blue") or give one to the computer.
// Play keeps the choice; Esc keeps the link's players.

import { t } from '../i18n.js';
import { $, swatch } from '../panels/dom.js';

/** @typedef {import('../storage.js').PlayerSetup} PlayerSetup */

/**
 * @typedef {object} SeatsDialog
 * @property {(players: PlayerSetup[]) => void} open
 * @property {() => boolean} isOpen
 * @property {() => void} relabel
 */

/**
 * @param {object} deps
 * @param {number[]} deps.levels the computer's levels
 * @param {(players: PlayerSetup[]) => void} deps.done the players chosen (only when changed)
 * @param {() => void} deps.changed the dialog opened or closed (the game waits while open)
 * @returns {SeatsDialog}
 */
export function createSeatsDialog({ levels, done, changed }) {
  const dialog = /** @type {HTMLDialogElement} */ ($('seats'));
  const list = $('seats-list');
  /** @type {PlayerSetup[]} */
  let given = [];

  /** @param {number} seat */
  function seatLabel(seat) {
    const p = given[seat - 1];
    const color = t(`color.${((seat - 1) % 6) + 1}`);
    return p.name ? t('seats.named', { name: p.name, color }) : t('seats.seat', { n: seat, color });
  }

  function render() {
    /** @type {Record<number, string>} */
    const picked = {};
    for (const sel of list.querySelectorAll('select')) picked[Number(sel.dataset.seat)] = sel.value;
    list.replaceChildren(
      ...given.map((p, i) => {
        const seat = i + 1;
        const li = document.createElement('li');
        li.className = 'seat-row';
        const label = document.createElement('label');
        label.htmlFor = `seats-${seat}`;
        label.className = 'seats-who';
        label.textContent = seatLabel(seat);
        const sel = document.createElement('select');
        sel.id = `seats-${seat}`;
        sel.dataset.seat = String(seat);
        const human = document.createElement('option');
        human.value = 'h';
        human.textContent = t('seats.human');
        sel.append(human);
        for (const l of levels) {
          const o = document.createElement('option');
          o.value = `c${l}`;
          o.textContent = `${t('setup.kind.computer')} · ${t(`level.${l}`)}`;
          sel.append(o);
        }
        sel.value = picked[seat] ?? (p.kind === 'computer' ? `c${p.level}` : 'h');
        li.append(swatch(seat), label, sel);
        return li;
      }),
    );
  }

  /** The players as the dialog has them. @returns {PlayerSetup[]} */
  function chosen() {
    return given.map((p, i) => {
      const v = /** @type {HTMLSelectElement} */ ($(`seats-${i + 1}`)).value;
      return v === 'h' ? { name: p.name, kind: 'human' } : { name: p.name, kind: 'computer', level: Number(v.slice(1)) };
    });
  }

  $('seats-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const now = chosen();
    const same = now.every((p, i) => p.kind === given[i].kind && (p.kind !== 'computer' || p.level === given[i].level));
    dialog.close();
    if (!same) done(now);
  });
  dialog.addEventListener('close', changed);

  return {
    open(players) {
      given = players.map((p) => ({ ...p }));
      list.replaceChildren();
      render();
      if (!dialog.open) dialog.showModal();
      /** @type {HTMLElement} */ ($('seats-ok')).focus();
      changed();
    },
    isOpen: () => dialog.open,
    relabel() {
      if (dialog.open) render();
    },
  };
}
