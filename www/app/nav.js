// The page's address and the browser's history. Every screen has its fragment (the formats
// are share.js's): the first screen, a game (its link and players), the puzzle chooser, a
// puzzle with the moves of the attempt, the tutorial's step. The app says what is shown
// (`describe`); `sync` writes it to the address:
//
// - the same screen changed (a move, a step of the tutorial): the entry is replaced;
// - another screen: an entry is pushed, unless it is the screen of the entry below, which
//   is gone back to (so "Back to the game" and Close leave no loop for the Back button), or
//   the tutorial is left for a new screen (Play the computer), which takes its entry.
//
// Back, Forward and an address typed or pasted into this tab come in as `popstate`: the
// app shows the screen the entry names (`restore`), and the entry is then written again.
// Each entry's state holds its screen's key (`game:<saved id>` for a game) and the keys of
// the entries below it, ours all.

/**
 * What the app shows: a key that names the screen (`home`, `puzzles`, `puzzle:<id>`,
 * `tutorial`, `game:<saved id>`) and its fragment (without `#`).
 * @typedef {{key: string, fragment: string}} Shown
 */

/** @typedef {{halma: 1, key: string, trail: string[]}} EntryState */

/** How many screens below an entry it remembers. */
const TRAIL = 40;

/**
 * @typedef {object} Nav
 * @property {() => void} start the first screen is shown: its entry is written
 * @property {() => void} sync the screen shown, or its content, changed
 * @property {() => string | null} restoredKey the key of the entry being shown, as its state
 *   says (null for an entry the page did not write)
 */

/**
 * @param {object} deps
 * @param {() => Shown | null} deps.describe what is shown now (null: nothing yet)
 * @param {(key: string | null) => void} deps.restore shows the screen of the address (Back,
 *   Forward, a typed address); `key` is the entry's, when the page wrote it
 * @returns {Nav}
 */
export function createNav({ describe, restore }) {
  /** @type {EntryState} */
  let cur = { halma: 1, key: '', trail: [] };
  let started = false;
  /** The next write replaces the entry whatever the screen (the entry was just restored). */
  let replaceNext = true;
  /** A `history.back()` of ours is on its way: nothing is written until it arrives. */
  let backTimer = 0;
  /** The last address handled, so a popstate and its hashchange count once. */
  let handled = '';

  /** @param {unknown} s @returns {s is EntryState} */
  const ours = (s) => !!s && typeof s === 'object' && /** @type {any} */ (s).halma === 1 && typeof (/** @type {any} */ (s).key) === 'string' && Array.isArray(/** @type {any} */ (s).trail);

  /**
   * @param {'push' | 'replace'} how
   * @param {EntryState} state
   * @param {string} fragment
   */
  function write(how, state, fragment) {
    cur = state;
    const url = `${location.pathname}${location.search}#${fragment}`;
    try {
      if (how === 'push') history.pushState(state, '', url);
      else history.replaceState(state, '', url);
    } catch {
      // A sandboxed frame may refuse; the page goes on.
    }
    handled = location.href;
  }

  function sync() {
    if (!started || backTimer) return;
    const d = describe();
    if (!d) return;
    if (replaceNext || d.key === cur.key) {
      replaceNext = false;
      if (d.key !== cur.key || location.hash !== `#${d.fragment}` || history.state?.key !== d.key) write('replace', { ...cur, key: d.key }, d.fragment);
      return;
    }
    if (cur.trail.length && cur.trail[cur.trail.length - 1] === d.key) {
      // Back to the screen below: the browser's own entry for it.
      backTimer = window.setTimeout(() => {
        // The browser did not go back (a frame that may not): write the screen instead.
        backTimer = 0;
        replaceNext = true;
        sync();
      }, 1000);
      history.back();
      return;
    }
    // The tutorial gives its entry to the screen it starts (its screen below stays below).
    if (cur.key === 'tutorial') write('replace', { ...cur, key: d.key }, d.fragment);
    else write('push', { halma: 1, key: d.key, trail: [...cur.trail, cur.key].filter(Boolean).slice(-TRAIL) }, d.fragment);
  }

  function onPop() {
    handled = location.href;
    const st = history.state;
    const mine = backTimer !== 0;
    window.clearTimeout(backTimer);
    backTimer = 0;
    cur = ours(st) ? st : { halma: 1, key: '', trail: cur.key ? [...cur.trail, cur.key].slice(-TRAIL) : cur.trail };
    replaceNext = true;
    // Our own step back lands on the screen already shown.
    const d = describe();
    if (!(mine && d && d.key === cur.key)) restore(ours(st) ? st.key : null);
    sync();
  }

  window.addEventListener('popstate', onPop);
  // A fragment navigation fires popstate first; a browser that does not, fires this alone.
  window.addEventListener('hashchange', () => {
    if (location.href !== handled) onPop();
  });

  return {
    start() {
      const st = history.state;
      if (ours(st)) cur = st;
      started = true;
      replaceNext = true;
      sync();
    },
    sync,
    restoredKey: () => (ours(history.state) ? history.state.key : null),
  };
}
