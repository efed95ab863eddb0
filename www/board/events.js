// The widget's events: `pick`, `move`, `cursor` and `deselect`, to the config's callbacks
// (onPick, onMove, onCursor) and to the listeners added with `api.on`.

/** @typedef {import('./state.js').BoardState} BoardState */

/** @typedef {'pick' | 'move' | 'cursor' | 'deselect'} EventType */

/**
 * Adds a listener; returns the function that removes it.
 * @param {BoardState} st
 * @param {EventType} type
 * @param {(...args: any[]) => void} fn
 * @returns {() => void}
 */
export function addHandler(st, type, fn) {
  const set = st.handlers[type];
  if (!set) throw new Error(`unknown board event '${type}'`);
  set.add(fn);
  return () => set.delete(fn);
}

/**
 * Tells the config's callback and then every listener.
 * @param {BoardState} st
 * @param {EventType} type
 * @param {...any} args
 */
export function emit(st, type, ...args) {
  const cfg = st.cfg;
  if (type === 'pick') cfg.onPick?.(args[0]);
  if (type === 'move') cfg.onMove?.(args[0], args[1], args[2]);
  if (type === 'cursor') cfg.onCursor?.(args[0]);
  for (const fn of [...(st.handlers[type] ?? [])]) fn(...args);
}
