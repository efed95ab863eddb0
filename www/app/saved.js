// The page's saved games: which saved game is open, its autosave, and opening links (with
// the players they name), records and saved games. Opening a link or a record adds a saved
// game and never overwrites another; a failed load never deletes one. The address itself is
// app/nav.js's.

import { Game } from '../pkg/halma.js';
import { t, tn } from '../i18n.js';
import {
  migrateLegacy,
  readIndex,
  listSaved,
  readSaved,
  checkEntry,
  writeSaved,
  removeSaved,
  setCurrent,
  currentId,
  newId,
} from '../storage.js';
import { splitFragment, parsePlayers, compareLinks, classifyImport, recordHasMoves, recordFromStart, MAX_INPUT } from '../share.js';
import { errText } from '../session.js';
import { gameName } from '../rules.js';
import { clampLevel, engineLevels } from '../computer.js';
import { checkSavedClocks, replayTimeLoss } from '../clock.js';
import { checkEnding, replayEnding, endingFromPart } from '../ending.js';
import { showNotice, hideNotice, announce } from '../panels/notice.js';

/** @typedef {import('../storage.js').GameSetup} GameSetup */
/** @typedef {import('../storage.js').PlayerSetup} PlayerSetup */
/** @typedef {import('../session.js').Session} Session */
/** @typedef {import('../session.js').Ply} Ply */
/** @typedef {import('../session.js').Outcome} Outcome */
/** @typedef {(g: Game, s: GameSetup, opts?: {announceText?: string, id?: string, clocks?: object, ending?: unknown}) => void} OpenGame */

/**
 * @typedef {object} Saved
 * @property {() => void} init moves the old single autosave into the list; stops saving
 *   when the list was written by a newer version
 * @property {() => string} id the open game's id among the saved games
 * @property {(id?: string) => string} assign makes a game the open one (default: a fresh id)
 * @property {() => void} save the open game (after every change)
 * @property {(text: string) => LinkOpened} openLink a link with its players part (the
 *   fragment without `#`); throws the engine's error for a bad link, or what is wrong with
 *   its players
 * @property {(id: string) => string | null} openSaved an error message, or null
 * @property {(id: string) => string | null} deleteSaved an error message, or null
 * @property {(text: string) => string | null} importText a link or a record; the engine's
 *   error message, or null
 * @property {() => import('../games-ui.js').SavedSummary[]} summaries what the Games dialog lists
 * @property {() => boolean} openLast opens the game open last (in this tab, else anywhere);
 *   false when there is none to open
 * @property {(id: string) => boolean} has whether a saved game loads
 */

/**
 * How a link was opened: as a saved game it is (`same`) or continues (`extends`), which keep
 * their own players, or as a new game (`new`); `players` whether the link named its players.
 * @typedef {{kind: 'same' | 'extends' | 'new', players: boolean}} LinkOpened
 */

/**
 * The default players for a number of seats: people, no names.
 * @param {number} n
 * @returns {PlayerSetup[]}
 */
export function defaultPlayers(n) {
  return Array.from({ length: n }, () => ({ name: '', kind: /** @type {'human'} */ ('human') }));
}

/**
 * Players for a game that arrives without any (a link, a record).
 * @param {Game} g
 * @returns {GameSetup}
 */
export function plainSetup(g) {
  return { variant: g.variant, players: defaultPlayers(g.seats), start: 'seat1', rotation: 'turn' };
}

/**
 * Replays a record and gives its number of seats (throws the engine's error when it does not
 * replay): how storage.js checks a saved game.
 * @param {string} record
 */
function replaySeats(record) {
  const g = Game.fromRecord(record);
  const n = g.seats;
  g.free();
  return n;
}

/**
 * Reads and checks a saved game: its record replays, its levels are the engine's.
 * @param {Storage | null} storage
 * @param {string} id
 */
function checkSaved(storage, id) {
  return checkEntry(readSaved(storage, id), replaySeats, engineLevels().levels);
}

/** @param {Game} g */
function variantName(g) {
  return gameName(g.variantInfo());
}

/**
 * @param {object} deps
 * @param {Storage | null} deps.storage
 * @param {Storage | null} deps.tab this tab's storage (the game open in it)
 * @param {Session} deps.session
 * @param {() => boolean} deps.hasGame whether a game is open yet
 * @param {() => GameSetup} deps.setup the open game's players and options
 * @param {OpenGame} deps.open replaces the open game
 * @param {() => void} deps.flush runs the deferred work first
 * @param {() => void} deps.onSaved after a save (the Games dialog lists it)
 * @param {() => object | undefined} deps.clocks a timed game's clocks, saved with it
 * @param {() => void} deps.none the last saved game was deleted: no game is open
 * @returns {Saved}
 */
export function createSaved({ storage, tab, session, hasGame, setup, open, flush, onSaved, clocks, none }) {
  let gameId = '';
  const check = (/** @type {string} */ id) => checkSaved(storage, id);
  /** Saving is off: the saved games were written by a newer version of the page. */
  let blocked = false;

  /**
   * A saved-game id for a new game: the open game's own when it has no moves yet and starts
   * from its variant's start (nothing to lose), else a new one.
   */
  function freshId() {
    if (hasGame() && gameId) {
      const r = session.game().record();
      if (!recordHasMoves(r) && recordFromStart(r)) return gameId;
      return newId();
    }
    // Nothing open yet (the page is starting): the same for the game that was open last.
    const cur = currentId(storage, tab);
    if (cur) {
      const r = check(cur);
      if (r.status === 'ok' && !recordHasMoves(r.data.record) && recordFromStart(r.data.record)) return cur;
    }
    return newId();
  }

  /**
   * @param {string} text
   * @returns {LinkOpened}
   */
  function openLink(text) {
    if (text.length > MAX_INPUT) throw new Error(`link is too long (${text.length} characters)`);
    const parts = splitFragment(text);
    const g = Game.fromLink(parts.link);
    // How the players ended it, when the link says (a resignation, a draw, an abort).
    const ending = endingFromPart(parts.ending, g.history().length);
    /** @type {PlayerSetup[] | null} */
    let named = null;
    if (parts.players !== null) {
      const r = parsePlayers(parts.players, g.seats, engineLevels().levels);
      if ('problem' in r) {
        g.free();
        throw new Error(t(r.problem.key, r.problem.params));
      }
      named = r.players;
    }
    const link = g.link();
    const ids = listSaved(storage).map((x) => x.id);
    // The open game first: a reload, or the next move of a game played by links.
    const first = gameId || currentId(storage, tab);
    ids.sort((x, y) => (x === first ? -1 : y === first ? 1 : 0));
    for (const id of ids) {
      const r = check(id);
      if (r.status !== 'ok') continue;
      const sg = Game.fromRecord(r.data.record);
      const rel = compareLinks(sg.link(), link);
      if (rel === 'same') {
        g.free();
        if (id !== gameId || !hasGame()) open(sg, r.data.setup, { id, clocks: r.data.clocks, ending: r.data.ending ?? ending, announceText: t('announce.switched', { variant: variantName(sg) }) });
        else sg.free();
        return { kind: 'same', players: !!named };
      }
      sg.free();
      // The same game with more moves (two people sending links back and forth).
      if (rel === 'extends') {
        open(g, r.data.setup, { id, ending, announceText: t('announce.openedLink', { variant: variantName(g) }) });
        return { kind: 'extends', players: !!named };
      }
    }
    const setup = plainSetup(g);
    open(g, named ? { ...setup, players: named } : setup, { ending, announceText: t('announce.openedLink', { variant: variantName(g) }) });
    return { kind: 'new', players: !!named };
  }

  /** @param {string} id */
  function openSaved(id) {
    const r = check(id);
    if (r.status === 'none') return t('games.gone');
    if (r.status === 'newer') return t('games.newer', { v: r.version });
    if (r.status === 'bad') return t('games.broken', { reason: r.reason });
    const g = Game.fromRecord(r.data.record);
    hideNotice();
    open(g, r.data.setup, { id, clocks: r.data.clocks, ending: r.data.ending, announceText: t('announce.switched', { variant: variantName(g) }) });
    return null;
  }

  return {
    init() {
      if (!storage) {
        showNotice(t('notice.noStorage'));
        return;
      }
      migrateLegacy(storage);
      const idx = readIndex(storage);
      if (idx.status === 'newer') {
        blocked = true;
        showNotice(t('notice.newerIndex', { v: idx.version }));
      }
    },
    id: () => gameId,
    assign(id) {
      gameId = id ?? freshId();
      setCurrent(storage, tab, gameId);
      return gameId;
    },
    save() {
      if (blocked || !storage || !gameId) return;
      const err = writeSaved(storage, gameId, session.game().record(), setup(), clocks(), session.ending());
      if (err) showNotice(t('notice.saveFailed', { reason: err }));
      onSaved();
    },
    openLink,
    openSaved,
    deleteSaved(id) {
      flush();
      const err = removeSaved(storage, id);
      if (err) return t('notice.saveFailed', { reason: err });
      if (id === gameId) {
        // Deleting the open game opens the newest other (or, with none left, the first screen).
        gameId = '';
        for (const x of listSaved(storage)) {
          if (openSaved(x.id) === null) {
            announce(t('announce.deleted'));
            return null;
          }
        }
        // The first screen (its address, so a reload does not open the deleted game again).
        none();
      }
      announce(t('announce.deleted'));
      return null;
    },
    importText(text) {
      if (text.length > MAX_INPUT) return `the text is too long (${text.length} characters)`;
      const what = classifyImport(text);
      try {
        if (what.kind === 'link') {
          openLink(what.text);
        } else {
          const g = Game.fromRecord(what.text);
          hideNotice();
          open(g, plainSetup(g), { announceText: t('announce.imported', { variant: variantName(g) }) });
        }
        return null;
      } catch (e) {
        return errText(e);
      }
    },
    summaries() {
      return listSaved(storage).map((item) => {
        const base = { id: item.id, savedAt: item.savedAt };
        const r = check(item.id);
        if (r.status !== 'ok') {
          const detail =
            r.status === 'newer' ? t('games.newer', { v: r.version }) : r.status === 'bad' ? t('games.broken', { reason: r.reason }) : t('games.gone');
          return { ...base, ok: false, title: t('games.unreadable'), detail, progress: '' };
        }
        const g = Game.fromRecord(r.data.record);
        try {
          const vi = g.variantInfo();
          const title = gameName(vi);
          const names = r.data.setup.players.map((p, i) => {
            const n = p.name || t(p.kind === 'computer' ? 'seat.computer' : 'seat.default', { n: i + 1 });
            return p.kind === 'computer' ? `${n} (${t('panel.level', { n: clampLevel(p.level) })})` : n;
          });
          /** @type {Ply[]} */
          const plies = g.history();
          const moves = plies.filter((p) => p.move).length;
          // Over by a resignation, a draw agreed or an abort (ending.js), or on time.
          const ended = replayEnding(checkEnding(r.data.ending, g.seats, plies.length), g, (seat) => g.loseOnTime(seat));
          replayTimeLoss(checkSavedClocks(r.data.clocks, g.seats, plies.length), g, (seat) => g.loseOnTime(seat));
          const o = ended ?? /** @type {Outcome | null} */ (g.outcome());
          /** @type {string} */
          let state;
          if (o) state = t('games.over');
          else {
            const seat = g.turn();
            const p = r.data.setup.players[seat - 1];
            const who = (p && p.name) || t(p && p.kind === 'computer' ? 'seat.computer' : 'seat.default', { n: seat });
            state = t('panel.toMove', { name: `${who} (${t(`color.${((seat - 1) % 6) + 1}`)})` });
          }
          const mv = moves === 0 ? t('games.noMoves') : tn('games.moves', moves);
          return { ...base, ok: true, title, detail: names.join(', '), progress: `${mv} · ${state}` };
        } finally {
          g.free();
        }
      });
    },
    openLast() {
      const cur = currentId(storage, tab);
      const r = cur ? check(cur) : null;
      if (cur && r && r.status === 'ok') {
        open(Game.fromRecord(r.data.record), r.data.setup, { id: cur, clocks: r.data.clocks, ending: r.data.ending });
        return true;
      }
      if (r && r.status === 'bad') showNotice(t('notice.badSave', { reason: r.reason }));
      else if (r && r.status === 'newer') showNotice(t('notice.newerSave', { v: r.version }));
      return false;
    },
    has(id) {
      return check(id).status === 'ok';
    },
  };
}
