// Offline play: registers the service worker (sw.js, next to the page, so it works under any
// sub-path) and offers a reload when a newer build has been cached. The deployed sw.js
// caches every file of the site on the first visit; in www/ during development it is a
// no-op (see sw.js). Pages opened from disk (file://) have no service worker.

/**
 * Registers sw.js. Safe to call anywhere: does nothing where service workers are not
 * available, and a failed registration only means no offline play.
 * @param {{onUpdate?: (apply: () => void) => void}} [opts] told when a new build waits;
 *   `apply()` switches to it and reloads (default: the page's #update bar)
 */
export function registerServiceWorker(opts = {}) {
  if (!('serviceWorker' in navigator) || !window.isSecureContext || location.protocol === 'file:') return;
  const onUpdate = opts.onUpdate ?? showUpdateBar;
  const sw = navigator.serviceWorker;
  let reloading = false;
  navigator.serviceWorker
    .register(new URL('./sw.js', import.meta.url), { scope: './' })
    .then((reg) => {
      /** @param {ServiceWorker} w */
      const offer = (w) =>
        onUpdate(() => {
          sw.addEventListener('controllerchange', () => {
            if (reloading) return;
            reloading = true;
            location.reload();
          });
          w.postMessage({ type: 'skip-waiting' });
        });
      // A newer build found on an earlier visit is waiting already.
      if (reg.waiting && sw.controller) offer(reg.waiting);
      reg.addEventListener('updatefound', () => {
        const w = reg.installing;
        if (!w) return;
        w.addEventListener('statechange', () => {
          // Installed while an older build controls the page: that is an update (on the
          // first visit there is no controller, and nothing to reload for).
          if (w.state === 'installed' && sw.controller) offer(w);
        });
      });
    })
    .catch(() => {
      // No offline play (private mode, a blocked scope): the page works as before.
    });
}

/**
 * Shows the page's #update bar (its texts are translated with the rest of the page).
 * @param {() => void} apply
 */
function showUpdateBar(apply) {
  const bar = document.getElementById('update');
  const btn = document.getElementById('update-reload');
  if (!bar || !btn) return;
  bar.hidden = false;
  btn.addEventListener('click', apply, { once: true });
}
