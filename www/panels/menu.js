// The header's "More" menu on narrow screens: Rules, Games, Share and Settings fold behind
// one button so the header stays one row. On wide screens the button is hidden and the menu's
// items stand in the header (style.css), so opening it changes nothing there.

import { $ } from './dom.js';

export function wireMenu() {
  const btn = $('btn-more');
  const menu = $('more-menu');
  const isOpen = () => menu.classList.contains('open');
  /** @param {boolean} open */
  const set = (open) => {
    menu.classList.toggle('open', open);
    btn.setAttribute('aria-expanded', String(open));
  };
  btn.addEventListener('click', () => set(!isOpen()));
  document.addEventListener('click', (e) => {
    if (isOpen() && e.target instanceof Node && !menu.contains(e.target) && !btn.contains(e.target)) set(false);
  });
  // A button in the menu opens its dialog: the menu has done its job.
  menu.addEventListener('click', (e) => {
    if (e.target instanceof Element && e.target.closest('button')) set(false);
  });
  // Esc closes the open settings first (settings.js), then the menu. Seen before the
  // settings' own handler, so an Esc that closes the settings leaves the menu open.
  menu.addEventListener(
    'keydown',
    (e) => {
      if (e.key !== 'Escape' || !isOpen()) return;
      const settings = /** @type {HTMLDetailsElement | null} */ (menu.querySelector('details.settings'));
      if (settings?.open) return;
      set(false);
      btn.focus();
    },
    true,
  );
}
