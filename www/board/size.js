// Sizing: the canvas fills its element, with a backing store of device pixels so the board
// is crisp. It follows the element's size (ResizeObserver, else window resizes) and the
// pixel ratio (zoom, or a window moved to another screen).

import { relayout } from './state.js';

/** @typedef {import('./state.js').BoardState} BoardState */
/** @typedef {import('./input.js').Listen} Listen */

/**
 * Follows the size of `element`; returns `measure`, which sizes the canvas to it now.
 * @param {BoardState} st
 * @param {HTMLElement} element
 * @param {Listen} listen adds a listener that `destroy()` removes
 * @param {(fn: () => void) => void} onDestroy
 * @returns {() => void}
 */
export function bindSize(st, element, listen, onDestroy) {
  const { win, canvas } = st;

  /**
   * @param {number} w
   * @param {number} h
   * @param {number} [devW]
   * @param {number} [devH]
   */
  function resize(w, h, devW, devH) {
    st.dpr = win.devicePixelRatio || 1;
    st.cssW = w;
    st.cssH = h;
    canvas.style.width = `${w}px`;
    canvas.style.height = `${h}px`;
    const pw = devW ?? Math.round(w * st.dpr);
    const ph = devH ?? Math.round(h * st.dpr);
    if (canvas.width !== pw || canvas.height !== ph) {
      canvas.width = pw;
      canvas.height = ph;
    }
    relayout(st);
    st.redraw();
  }

  function measure() {
    const r = element.getBoundingClientRect();
    resize(Math.max(0, Math.floor(r.width)), Math.max(0, Math.floor(r.height)));
  }

  if (typeof ResizeObserver !== 'undefined') {
    const ro = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const box = entry.contentBoxSize && entry.contentBoxSize[0];
        const w = Math.floor(box ? box.inlineSize : entry.contentRect.width);
        const h = Math.floor(box ? box.blockSize : entry.contentRect.height);
        if (w !== st.cssW || h !== st.cssH || (win.devicePixelRatio || 1) !== st.dpr) resize(w, h);
      }
    });
    ro.observe(element);
    onDestroy(() => ro.disconnect());
  } else {
    listen(win, 'resize', measure);
  }
  // Moving the window to a screen with another pixel ratio: redraw crisp.
  /** @type {MediaQueryList | null} */
  let dprQuery = null;
  /** @type {() => void} */
  const onDpr = () => {
    measure();
    watchDpr();
  };
  function watchDpr() {
    if (dprQuery) dprQuery.removeEventListener('change', onDpr);
    if (!win.matchMedia) return;
    dprQuery = win.matchMedia(`(resolution: ${win.devicePixelRatio || 1}dppx)`);
    dprQuery.addEventListener('change', onDpr);
  }
  watchDpr();
  onDestroy(() => dprQuery?.removeEventListener('change', onDpr));
  return measure;
}
