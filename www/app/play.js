// The page's game flow: the session and its board, replacing the game, a move (a person's
// or a computer's), undo, redo and pause, and everything after a change of position: the
// board, the panels, the deferred save and address, the Game over dialog, the computer's
// turn and the announcements.

import { Game } from '../pkg/halma.js';
import { t } from '../i18n.js';
import { shuffle } from '../setup.js';
import { gameName } from '../rules.js';
import { controllerFor } from '../players.js';
import { createSession, errText } from '../session.js';
import { createBoardView } from './board-view.js';
import { createBrowse } from './browse.js';
import { $ } from '../panels/dom.js';
import { renderStatus, renderVariantLine } from '../panels/status.js';
import { renderStandings } from '../panels/standings.js';
import { renderMoves } from '../panels/moves.js';
import { renderControls } from '../panels/controls.js';
import { showGameOver, closeGameOver } from '../panels/gameover.js';
import { showNotice, hideNotice, announce, describePlies } from '../panels/notice.js';
import { effectiveTheme, showCoords, turnBoard } from '../panels/settings.js';
import { createClocks } from '../panels/clocks.js';
import { createEnding } from '../panels/ending.js';
import { checkEnding } from '../ending.js';
import { setTiming } from '../computer.js';
import { playSound } from '../sound.js';

/** @typedef {import('../storage.js').GameSetup} GameSetup */
/** @typedef {import('../storage.js').Prefs} Prefs */
/** @typedef {import('../session.js').Ply} Ply */

/** Pause before a computer's move is played, counted from when it was asked (ms). */
const SPEED_MS = /** @type {const} */ ({ fast: 0, normal: 700, slow: 1600 });

/**
 * @typedef {object} Play
 * @property {import('../session.js').Session} session
 * @property {import('./board-view.js').BoardView} view
 * @property {() => boolean} hasGame
 * @property {() => GameSetup} setup the open game's players and options
 * @property {(g: Game, s: GameSetup, opts?: {announceText?: string, id?: string, clocks?: object, ending?: unknown}) => void} setGame
 *   replaces the game; `id`: which saved game it is (default: a new one, or the open game's
 *   slot when that one is still empty); `clocks`: a timed game's clocks as saved; `ending`:
 *   a resignation, agreed draw or abort as saved (ending.js)
 * @property {import('../panels/clocks.js').Clocks} clocks
 * @property {() => void} close no game open any more (the last saved game was deleted)
 * @property {(on: boolean) => void} setAway the first screen covers the game: a computer
 *   does not play on behind it
 * @property {(s: GameSetup) => void} startNew from the New game dialog
 * @property {(players: GameSetup['players']) => void} setPlayers who plays each seat of the
 *   open game (a seat taken over)
 * @property {() => void} rematch everyone one seat on, so someone else starts
 * @property {() => void} undo
 * @property {() => void} redo
 * @property {() => void} togglePause
 * @property {() => void} renderPanels
 * @property {() => void} setTurnBoard the setting changed: the open game follows it
 * @property {import('./browse.js').Browse} browse the replay view
 */

/**
 * @param {object} deps
 * @param {Prefs} deps.prefs
 * @param {import('../ai.js').Ai} deps.ai the page's AI worker
 * @param {import('./later.js').Later} deps.later
 * @param {() => import('./saved.js').Saved} deps.saved
 * @param {() => import('../panels/hint.js').Hint | null} deps.hint
 * @param {() => import('../games-ui.js').ShareDialog | null} deps.share
 * @param {() => void} [deps.savePrefs] writes the preferences (unused: a game never changes them)
 * @param {() => boolean} deps.covered whether the first screen or a dialog covers the game
 * @param {() => import('../panels/analysis.js').AnalysisPanel | null} [deps.analysis]
 * @param {() => import('../panels/review.js').ReviewPanel | null} [deps.review] dropped when
 *   the game changes
 * @param {() => void} [deps.address] writes the open game to the page's address (app/nav.js)
 * @returns {Play}
 */
export function createPlay({ prefs, ai, later, saved, hint, share, covered, analysis = () => null, review = () => null, address = () => {} }) {
  /** @type {GameSetup} */
  let setup;
  let hasGame = false;

  const session = createSession({
    t: (key, params) => t(key, params),
    controllerFor,
    play: (ans) => applyMove(ans.from, ans.to, { animate: true }),
    failed: (e) => showNotice(t('notice.aiFailed', { reason: errText(e) })),
    delay: () => SPEED_MS[prefs.speed ?? 'normal'] ?? SPEED_MS.normal,
    animating: () => view.animating(),
  });

  const clocks = createClocks({
    session,
    covered,
    announce,
    onTimeOut() {
      sync({ save: true });
      playSound('end');
      announce(session.statusText());
    },
  });
  // The computer thinks within its clock, and its clock stops when it has answered.
  setTiming({ budget: (seat) => clocks.budget(seat), answered: (seat) => clocks.answered(seat) });
  /** Whether the game was paused before the first screen covered it. */
  let pausedBefore = false;
  let away = false;

  const view = createBoardView({
    session,
    // The setting's, whatever a saved game says (the New game dialog sets the setting).
    orientation: () => (turnBoard(prefs) ? 'turn' : 'fixed'),
    theme: () => effectiveTheme(prefs),
    coordinates: () => showCoords(prefs),
    onMove: (from, to, animate) => applyMove(from, to, { animate }),
  });

  const browse = createBrowse({
    session,
    view,
    showLive() {
      hint()?.clear();
      view.sync(null);
      renderPanels();
    },
    playFrom(k) {
      // Watching the computers: stay at that position.
      if (session.watching()) session.setPaused(true);
      while (session.plies().length > k && session.game().canUndo()) session.undoMove();
      sync();
      announce(`${t('play.fromHereDone')} ${session.say('announce.turn', session.game().turn())}`);
    },
    // Every change of the position shown ends here (renderPanels renders the browse bar).
    onShown: () => analysis()?.update(),
  });

  /**
   * Everything after a change of position.
   * @param {{animate?: ArrayLike<number> | null, save?: boolean}} [opts]
   */
  function sync(opts = {}) {
    // What was deferred belongs to the position before: it is done first.
    later.flush();
    hint()?.clear();
    const h = session.plies();
    clocks.sync();
    // While a past position is shown, the board stays on it.
    if (!browse.active()) view.sync(opts.animate ?? null);
    renderPanels(h);
    browse.liveChanged();
    if (opts.save !== false) later.later('save', saved().save);
    later.later('fragment', address);
    later.later('share', () => share()?.refresh());
    // Let the last move's animation play first.
    if (session.takeOutcome()) window.setTimeout(() => showGameOver(session), opts.animate ? 700 : 0);
    session.think();
  }

  /** @param {Ply[]} [h] */
  function renderPanels(h = session.plies()) {
    renderStatus($('status'), session);
    renderVariantLine($('variant-line'), session);
    renderStandings(session);
    clocks.render();
    renderMoves(session, h, (job) => later.later('scroll-moves', job));
    renderControls(session, h);
    ending.render();
    review()?.gameChanged();
    hint()?.render();
    browse.render();
  }

  /**
   * Plays a move and updates everything.
   * @param {number} from
   * @param {number} to
   * @param {{animate: boolean}} how
   */
  function applyMove(from, to, how) {
    const placedBefore = places();
    /** @type {Ply[]} */
    let plies;
    const seat = session.game().turn();
    try {
      plies = session.play({ from, to });
    } catch (e) {
      showNotice(t('notice.moveFailed', { reason: errText(e) }));
      sync({ save: false });
      return;
    }
    const mv = plies[0];
    clocks.played(seat);
    sync({ animate: how.animate && mv ? mv.path : null });
    // Heard only for the game as it goes on, not while a past position is shown.
    if (!browse.active()) playSound(session.isOver() ? 'end' : mv && session.hops(mv.path) > 0 ? 'hop' : 'move', mv ? session.hops(mv.path) : 0);
    const game = session.game();
    let text = describePlies(session, plies);
    // Played on for the places: who finished on this move, and that the others go on.
    for (const [placed, place] of places()) {
      if (placedBefore.has(placed)) continue;
      text += ` ${session.say(session.isOver() ? 'announce.place' : 'announce.placeOn', placed, { ord: t(`ord.${place}`) })}`;
    }
    if (!session.isOver()) text += ` ${session.say('announce.turn', game.turn())}`;
    else text += ` ${session.statusText()}`;
    announce(text);
  }

  /**
   * The places taken so far by finishing, by seat (empty unless the game is played on for
   * the places).
   * @returns {Map<number, number>}
   */
  function places() {
    /** @type {Map<number, number>} */
    const out = new Map();
    if (!session.info().places) return out;
    for (const s of /** @type {import('../session.js').Standing[]} */ (session.game().standings())) {
      if (s.place) out.set(s.seat, s.place);
    }
    return out;
  }

  /**
   * The players end the game: a resignation, a draw agreed, an abort (panels/ending.js).
   * @param {'resign' | 'agreed' | 'aborted'} kind
   * @param {number | null} seat who resigns
   */
  function endGame(kind, seat) {
    if (!hasGame || session.isOver()) return;
    browse.exit();
    view.finishAnimation();
    try {
      if (kind === 'resign') session.resign(seat ?? 0);
      else if (kind === 'agreed') session.agreeDraw();
      else session.abort();
    } catch (e) {
      showNotice(t('notice.moveFailed', { reason: errText(e) }));
      return;
    }
    sync();
    playSound('end');
    announce(session.statusText());
  }

  // Resign, agree a draw, abort: under the status.
  const ending = createEnding({ session, hasGame: () => hasGame, end: endGame });

  /** @param {Game} g @param {GameSetup} s @param {{announceText?: string, id?: string, clocks?: object, ending?: unknown}} [opts] */
  function setGame(g, s, opts = {}) {
    later.flush();
    if (hasGame) browse.exit();
    saved().assign(opts.id);
    if (hasGame) hint()?.clear();
    setup = { ...s, variant: g.variantInfo().variant };
    session.load(g, setup.players);
    // A game saved as resigned, agreed drawn or aborted stays so (before the clocks, which
    // then see a game that is over).
    session.restoreEnding(checkEnding(opts.ending, g.seats, session.plies().length));
    clocks.load(setup.clock, opts.clocks);
    hasGame = true;
    // A computer will be asked soon: load the engine in the worker now.
    if (setup.players.some((_, i) => session.isExternal(i + 1))) ai.warm();
    closeGameOver();
    view.show();
    sync();
    if (opts.announceText) announce(opts.announceText);
  }

  /** @param {GameSetup} s */
  function startNew(s) {
    let players = s.players;
    let coinText = '';
    if (s.start === 'coin' && players.length > 1) {
      players = shuffle(players, secureRandom);
      coinText = ` ${t('announce.coin', { name: players[0].name || t('seat.default', { n: 1 }) })}`;
    }
    const g = new Game(s.variant);
    // The settings (the board's turn among them) are the player's alone: a new game, a
    // rematch or a quick start never changes them (the New game dialog's orientation is
    // applied by app.js when the player changes it there).
    hideNotice();
    setGame(g, { ...s, players }, { announceText: `${t('announce.newGame', { variant: gameName(g.variantInfo()) })}${coinText}` });
  }

  return {
    session,
    view,
    hasGame: () => hasGame,
    setup: () => setup,
    clocks,
    close() {
      later.flush();
      browse.exit();
      hint()?.clear();
      session.stop();
      clocks.load(undefined, null);
      hasGame = false;
    },
    setAway(on) {
      if (on === away) return;
      away = on;
      if (!hasGame) return;
      if (on) {
        pausedBefore = session.paused();
        session.setPaused(true);
      } else if (!pausedBefore) {
        session.setPaused(false);
        session.think();
      }
      renderPanels();
    },
    setGame,
    startNew,
    setPlayers(players) {
      if (!hasGame) return;
      later.flush();
      setup = { ...setup, players };
      session.setPlayers(players);
      if (players.some((_, i) => session.isExternal(i + 1))) ai.warm();
      view.relabel();
      sync();
    },
    rematch() {
      const players = setup.players.length > 1 ? [...setup.players.slice(1), setup.players[0]] : setup.players;
      startNew({ ...setup, players, start: 'seat1' });
    },
    undo() {
      if (!hasGame) return;
      browse.exit();
      if (!session.canUndo()) return;
      view.finishAnimation();
      // Watching the computers: step back one move, and stay there.
      if (session.watching()) session.setPaused(true);
      const back = session.undo();
      sync({ animate: back });
      announce(`${t('announce.undo')} ${session.say('announce.turn', session.game().turn())}`);
    },
    redo() {
      if (!hasGame) return;
      browse.exit();
      if (!session.game().canRedo()) return;
      view.finishAnimation();
      const all = session.redo();
      const last = [...all].reverse().find((p) => p.move);
      sync({ animate: last ? last.path : null });
      announce(`${t('announce.redo')} ${describePlies(session, all)}`);
    },
    togglePause() {
      const on = !session.paused();
      session.setPaused(on);
      renderPanels();
      view.relabel();
      announce(t(on ? 'announce.paused' : 'announce.resumed'));
      if (!on) session.think();
    },
    renderPanels: () => renderPanels(),
    setTurnBoard() {
      if (!browse.active()) view.sync(null);
    },
    browse,
  };
}

function secureRandom() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0] / 2 ** 32;
}
