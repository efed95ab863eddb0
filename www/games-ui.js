// The Games dialog (saved games: open, delete; import a record or link by paste or file)
// and the Share dialog (the link through the system's share sheet where the browser has
// one, the Web Share API, or copied; copy or download the game record). Everything shown
// comes from the app through callbacks and is set as text, never as HTML.

import { t, getLang } from './i18n.js';
import { MAX_INPUT } from './share.js';
import { $ } from './panels/dom.js';

/**
 * What the list shows of one saved game.
 * @typedef {object} SavedSummary
 * @property {string} id
 * @property {string} savedAt
 * @property {boolean} ok whether it loads
 * @property {string} title the variant (or, when broken, a word for it)
 * @property {string} detail players, or why it cannot be opened
 * @property {string} progress moves and whose turn or the result
 */

/**
 * @param {string} tag
 * @param {string} [cls]
 * @param {string} [text]
 */
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** @param {string} iso */
function when(iso) {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(getLang(), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
  } catch {
    return d.toLocaleString();
  }
}

/**
 * Copies text: the Clipboard API where allowed, else the selected text field and the old
 * copy command; failing both, the field stays selected for Ctrl+C.
 * @param {string} text
 * @param {HTMLInputElement | HTMLTextAreaElement} field shows the same text
 * @returns {Promise<'copied' | 'manual'>}
 */
export async function copyText(text, field) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return 'copied';
    }
  } catch {
    // Not allowed here (permissions, an iframe, an old browser): fall back.
  }
  field.focus();
  field.select();
  try {
    if (document.execCommand('copy')) return 'copied';
  } catch {
    // Nothing more to try.
  }
  return 'manual';
}

/**
 * Whether the browser can hand a link to the system's share sheet (the Web Share API: on
 * phones, and some desktops).
 * @param {string} url
 */
export function canShareLink(url) {
  const nav = /** @type {Navigator & {share?: unknown, canShare?: (d: object) => boolean}} */ (navigator);
  if (typeof nav.share !== 'function' || !window.isSecureContext) return false;
  try {
    return typeof nav.canShare === 'function' ? nav.canShare({ url }) : true;
  } catch {
    return false;
  }
}

/**
 * Hands a link to the system's share sheet: 'shared', 'cancelled' (the person closed the
 * sheet), or 'failed' (not allowed here: copy instead).
 * @param {{title: string, text: string, url: string}} data
 * @returns {Promise<'shared' | 'cancelled' | 'failed'>}
 */
export async function shareLink(data) {
  try {
    await navigator.share(data);
    return 'shared';
  } catch (e) {
    return e instanceof DOMException && e.name === 'AbortError' ? 'cancelled' : 'failed';
  }
}

/**
 * Offers text as a file download.
 * @param {string} text
 * @param {string} name
 */
export function downloadText(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * @typedef {object} GamesDialog
 * @property {() => void} open
 * @property {() => void} refresh re-renders the list (after a save, a language change)
 * @property {() => boolean} isOpen
 */

/**
 * @param {object} deps
 * @param {() => SavedSummary[]} deps.list the saved games, newest first
 * @param {() => string} deps.currentId the game open now
 * @param {(id: string) => string | null} deps.onOpen opens a saved game; an error message or null
 * @param {(id: string) => string | null} deps.onDelete deletes one; an error message or null
 * @param {(text: string) => string | null} deps.onImport opens a pasted or uploaded record or
 *   link; an error message (the engine's) or null
 * @returns {GamesDialog}
 */
export function createGamesDialog({ list, currentId, onOpen, onDelete, onImport }) {
  const dialog = /** @type {HTMLDialogElement} */ ($('games'));
  const ul = $('games-list');
  const area = /** @type {HTMLTextAreaElement} */ ($('import-text'));
  const file = /** @type {HTMLInputElement} */ ($('import-file'));
  const errorEl = $('import-error');
  const listError = $('games-error');
  /** The row asking "delete?", if any. */
  let confirming = '';

  /** @param {string} text */
  function showError(text) {
    errorEl.textContent = text;
    errorEl.hidden = !text;
  }

  /** @param {string} text */
  function showListError(text) {
    listError.textContent = text;
    listError.hidden = !text;
  }

  function render() {
    const items = list();
    const cur = currentId();
    if (items.length === 0) {
      ul.replaceChildren(el('li', 'empty', t('games.empty')));
      return;
    }
    ul.replaceChildren(
      ...items.map((g) => {
        const li = el('li', g.ok ? 'saved' : 'saved broken');
        li.dataset.id = g.id;
        const isCur = g.id === cur;
        if (isCur) li.setAttribute('aria-current', 'true');
        const main = el('div', 'saved-main');
        main.id = `saved-${g.id}`;
        const title = el('span', 'saved-title', g.title);
        if (isCur) title.append(' ', el('span', 'badge', t('games.current')));
        main.append(title, el('span', 'saved-detail', g.detail));
        const meta = [g.progress, g.savedAt ? t('games.saved', { time: when(g.savedAt) }) : ''].filter(Boolean).join(' · ');
        if (meta) main.append(el('span', 'saved-meta', meta));
        const actions = el('div', 'saved-actions');
        if (confirming === g.id) {
          const q = el('span', 'confirm', t('games.confirm'));
          const yes = /** @type {HTMLButtonElement} */ (el('button', 'danger', t('games.delete')));
          yes.type = 'button';
          yes.dataset.action = 'confirm-delete';
          yes.setAttribute('aria-describedby', main.id);
          const no = /** @type {HTMLButtonElement} */ (el('button', '', t('games.keep')));
          no.type = 'button';
          no.dataset.action = 'keep';
          yes.addEventListener('click', () => {
            confirming = '';
            const err = onDelete(g.id);
            showListError(err ?? '');
            render();
            /** @type {HTMLElement | null} */ (ul.querySelector('button'))?.focus();
          });
          no.addEventListener('click', () => {
            confirming = '';
            render();
            /** @type {HTMLElement | null} */ (ul.querySelector(`li[data-id="${g.id}"] [data-action="delete"]`))?.focus();
          });
          actions.append(q, yes, no);
          window.setTimeout(() => no.focus(), 0);
        } else {
          if (g.ok && !isCur) {
            const open = /** @type {HTMLButtonElement} */ (el('button', '', t('games.open')));
            open.type = 'button';
            open.dataset.action = 'open';
            open.setAttribute('aria-describedby', main.id);
            open.addEventListener('click', () => {
              const err = onOpen(g.id);
              if (err) {
                showListError(err);
                render();
              } else {
                dialog.close();
              }
            });
            actions.append(open);
          }
          const del = /** @type {HTMLButtonElement} */ (el('button', '', t('games.delete')));
          del.type = 'button';
          del.dataset.action = 'delete';
          del.setAttribute('aria-describedby', main.id);
          del.addEventListener('click', () => {
            confirming = g.id;
            render();
          });
          actions.append(del);
        }
        li.append(main, actions);
        return li;
      }),
    );
  }

  /** @param {string} text */
  function importText(text) {
    if (!text.trim()) {
      showError(t('games.import.empty'));
      return;
    }
    const err = onImport(text);
    if (err) {
      showError(t('games.import.bad', { reason: err }));
      return;
    }
    showError('');
    area.value = '';
    dialog.close();
  }

  $('import-open').addEventListener('click', () => importText(area.value));
  file.addEventListener('change', async () => {
    const f = file.files && file.files[0];
    file.value = '';
    if (!f) return;
    if (f.size > MAX_INPUT) {
      showError(t('games.import.tooBig', { name: f.name, size: `${Math.round(f.size / 1024 / 1024)} MB` }));
      return;
    }
    let text;
    try {
      text = await f.text();
    } catch (e) {
      showError(t('games.import.bad', { reason: e instanceof Error ? e.message : String(e) }));
      return;
    }
    importText(text);
  });
  $('games-close').addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => {
    confirming = '';
  });

  return {
    open() {
      confirming = '';
      showError('');
      showListError('');
      render();
      if (!dialog.open) dialog.showModal();
      const first = /** @type {HTMLElement | null} */ (ul.querySelector('button'));
      (first ?? area).focus();
    },
    refresh() {
      if (dialog.open) render();
    },
    isOpen() {
      return dialog.open;
    },
  };
}

/**
 * @typedef {object} ShareDialog
 * @property {() => void} open
 * @property {() => void} refresh
 */

/**
 * @param {object} deps
 * @param {() => string} deps.url the address of this game
 * @param {() => string} deps.record the game record
 * @param {() => string} deps.fileName for the download
 * @param {() => string} [deps.title] what the game is, for the share sheet ("Halma · Chinese
 *   checkers for 2")
 * @returns {ShareDialog}
 */
export function createShareDialog({ url, record, fileName, title = () => t('app.title') }) {
  const dialog = /** @type {HTMLDialogElement} */ ($('share'));
  const urlField = /** @type {HTMLInputElement} */ ($('share-url'));
  const recField = /** @type {HTMLTextAreaElement} */ ($('share-record'));
  const status = $('share-status');
  const native = /** @type {HTMLButtonElement} */ ($('share-native'));
  const copyBtn = $('share-copy');

  function fill() {
    urlField.value = url();
    recField.value = record();
    status.textContent = '';
    // The share sheet first where there is one (a phone), Copy link beside it.
    const sheet = canShareLink(urlField.value);
    native.hidden = !sheet;
    copyBtn.classList.toggle('primary', !sheet);
  }

  /** Copies the link and says how it went. */
  async function copyLink() {
    const how = await copyText(urlField.value, urlField);
    status.textContent = t(how === 'copied' ? 'share.copied' : 'share.copyManual');
    status.dataset.how = how;
  }

  native.addEventListener('click', async () => {
    const how = await shareLink({ title: title(), text: title(), url: urlField.value });
    if (how === 'failed') {
      // Not allowed here after all: the link is copied instead.
      await copyLink();
      return;
    }
    status.textContent = how === 'shared' ? t('share.shared') : '';
    status.dataset.how = how;
  });
  copyBtn.addEventListener('click', copyLink);
  $('share-copy-record').addEventListener('click', async () => {
    const how = await copyText(recField.value, recField);
    status.textContent = t(how === 'copied' ? 'share.recordCopied' : 'share.copyManual');
    status.dataset.how = how;
  });
  $('share-download').addEventListener('click', () => downloadText(recField.value, fileName()));
  // A click in a field selects all of it, ready to copy by hand.
  for (const f of [urlField, recField]) f.addEventListener('focus', () => f.select());
  $('share-close').addEventListener('click', () => dialog.close());

  return {
    open() {
      fill();
      if (!dialog.open) dialog.showModal();
      (native.hidden ? copyBtn : native).focus();
    },
    refresh() {
      if (dialog.open) fill();
    },
  };
}
