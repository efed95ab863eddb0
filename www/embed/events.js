// A board's events: to the API's listeners (`on`), then as a CustomEvent on its element.

/** @typedef {'move' | 'gameover' | 'error' | 'ready'} EventType */

/**
 * @typedef {object} Events
 * @property {(type: EventType, detail: any) => void} emit
 * @property {(type: EventType, fn: (detail: any) => void) => () => void} on throws for
 *   another type
 * @property {() => void} clear drops every listener (destroy)
 */

/**
 * @param {HTMLElement} host the element the events are dispatched on
 * @returns {Events}
 */
export function createEvents(host) {
  /** @type {Record<string, Set<(d: any) => void>>} */
  const handlers = { move: new Set(), gameover: new Set(), error: new Set(), ready: new Set() };
  return {
    emit(type, detail) {
      for (const fn of [...handlers[type]]) {
        try {
          fn(detail);
        } catch (e) {
          // A listener's failure is the page's business; the board goes on.
          setTimeout(() => {
            throw e;
          });
        }
      }
      // 'error' does not bubble: a window-level error handler must not take it for a script error.
      host.dispatchEvent(new CustomEvent(type, { detail, bubbles: type !== 'error' }));
    },
    on(type, fn) {
      const set = handlers[type];
      if (!set) throw new Error(`unknown event '${type}': use move, gameover, error or ready`);
      set.add(fn);
      return () => set.delete(fn);
    },
    clear() {
      for (const set of Object.values(handlers)) set.clear();
    },
  };
}
