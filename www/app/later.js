// Work after a change of position that need not hold up the board (the saved game, the
// address, the share dialog, the moves list's scroll), keyed so repeats coalesce. Each job
// runs in a task of its own, so a move's task stays short on a slow or busy machine;
// anything that replaces the game or touches the saved games flushes it first.

/**
 * @typedef {object} Later
 * @property {(key: string, job: () => void) => void} later runs `job` soon (a newer job
 *   with the same key replaces it)
 * @property {() => void} flush runs what is waiting now
 */

/** @returns {Later} */
export function createLater() {
  /** @type {Map<string, () => void>} */
  const jobs = new Map();
  let timer = 0;

  /** One job a task, so that they do not add up to one long task either. */
  function step() {
    timer = 0;
    const next = jobs.entries().next();
    if (next.done) return;
    const [key, job] = next.value;
    jobs.delete(key);
    if (jobs.size) timer = window.setTimeout(step, 0);
    job();
  }

  return {
    later(key, job) {
      jobs.set(key, job);
      if (!timer) timer = window.setTimeout(step, 0);
    },
    flush() {
      if (timer) window.clearTimeout(timer);
      timer = 0;
      const all = [...jobs.values()];
      jobs.clear();
      for (const job of all) job();
    },
  };
}
