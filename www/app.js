// The game page: the entry that wires the game flow (app/play.js: the session, its board and
// the panels) to the dialogs, the settings, the saved games (app/saved.js) and the address
// (app/nav.js: every screen has one, Back and Forward move between them), then shows what
// the address names: a `?variant=` or `?position=` test parameter, else the screen or the
// game link in the fragment, else the game open last, else the first screen.

import { Game, variants, variantInfo, variantString, puzzles as enginePuzzles } from './pkg/halma.js';
import { loadEngine } from './engine.js';
import { t, setLang, getLang, applyI18n, onLangChange } from './i18n.js';
import { openStorage, loadPrefs, savePrefs } from './storage.js';
import { parseRoute, routeFragment, gameFragment, shareUrl, recordFileName } from './share.js';
import { createGamesDialog, createShareDialog } from './games-ui.js';
import { registerServiceWorker } from './pwa.js';
import { createSetupDialog } from './setup.js';
import { registerComputer, sharedAi, engineLevels } from './computer.js';
import { errText } from './session.js';
import { createLater } from './app/later.js';
import { createSaved, plainSetup } from './app/saved.js';
import { createPlay } from './app/play.js';
import { createNav } from './app/nav.js';
import { createSeatsDialog } from './app/seats.js';
import { $ } from './panels/dom.js';
import { wireControls } from './panels/controls.js';
import { createHint } from './panels/hint.js';
import { refreshGameOver, wireGameOver } from './panels/gameover.js';
import { showRules, refreshRules, wireRules } from './panels/rules-dialog.js';
import { showNotice, hideNotice, announce } from './panels/notice.js';
import { initialLang, effectiveTheme, showCoords, turnBoard, showTurnBoard, wireSettings } from './panels/settings.js';
import { createHome, rememberFrom, dialogDefault } from './panels/home.js';
import { controlText } from './clock.js';
import { createPuzzles } from './panels/puzzles.js';
import { wireMenu } from './panels/menu.js';
import { wireSound } from './sound.js';
import { createAnalysis } from './panels/analysis.js';
import { createReview } from './panels/review.js';
import { endingPart } from './ending.js';
import { createAi } from './ai.js';
import { createTutorial } from './tutorial.js';
import { createLive } from './live/index.js';

// Computer seats play through the AI worker; registering makes them available in the dialog.
registerComputer();
const ai = sharedAi();

const storage = openStorage();
const prefs = loadPrefs(storage);
const later = createLater();

/** @type {import('./setup.js').SetupDialog | null} */
let setupDialog = null;
/** @type {import('./games-ui.js').GamesDialog | null} */
let gamesDialog = null;
/** @type {import('./games-ui.js').ShareDialog | null} */
let shareDialog = null;
/** @type {import('./panels/hint.js').Hint | null} */
let hint = null;
/** @type {import('./panels/home.js').Home | null} */
let home = null;
/** @type {import('./panels/analysis.js').AnalysisPanel | null} */
let analysis = null;
/** @type {import('./panels/review.js').ReviewPanel | null} */
let review = null;
/** @type {import('./tutorial.js').Tutorial | null} */
let tutorial = null;
/** The analysis's own worker (the players' and the hint's stays free). */
const analysisAi = createAi();
/** @type {import('./panels/puzzles.js').Puzzles | null} */
let puzzles = null;
/** @type {import('./app/seats.js').SeatsDialog | null} */
let seats = null;
/** @type {import('./live/index.js').Live | null} */
let live = null;

const play = createPlay({
  prefs,
  ai,
  later,
  saved: () => saved,
  hint: () => hint,
  share: () => shareDialog,
  savePrefs: () => savePrefs(storage, prefs),
  // The clocks stop while the first screen or a dialog covers the game.
  covered: () => !!home?.shown() || !!document.querySelector('dialog[open]'),
  analysis: () => analysis,
  review: () => review,
  address: () => nav.sync(),
});
const { session, view } = play;
const saved = createSaved({
  storage,
  tab: openStorage(() => globalThis.sessionStorage),
  session,
  hasGame: play.hasGame,
  setup: play.setup,
  // Opening a saved game, a link or a record leaves the first screen for it.
  open: (g, s, opts) => {
    home?.hide();
    play.setGame(g, s, opts);
  },
  flush: later.flush,
  onSaved: () => gamesDialog?.refresh(),
  clocks: () => play.clocks.saved(),
  // The last saved game deleted: the first screen, with no game to go back to.
  none: () => {
    play.close();
    home?.show();
  },
});

/**
 * What is shown, for the address: the tutorial over anything, else the first screen, the
 * puzzles, or the game.
 * @returns {import('./app/nav.js').Shown | null}
 */
function describe() {
  const tu = tutorial?.shown();
  if (tu) return { key: 'tutorial', fragment: routeFragment({ screen: 'tutorial', ...tu }) };
  const view = document.body.dataset.view;
  if (view === 'home') return { key: 'home', fragment: 'home' };
  if (view === 'puzzles') {
    const p = puzzles?.shownPuzzle();
    return p ? { key: `puzzle:${p.id}`, fragment: routeFragment({ screen: 'puzzle', ...p }) } : { key: 'puzzles', fragment: 'puzzles' };
  }
  if (!play.hasGame()) return null;
  return { key: `game:${saved.id()}`, fragment: gameFragment(session.game().link(), play.setup().players, endingPart(session.ending())) };
}

const nav = createNav({
  describe,
  restore(key) {
    const route = parseRoute(location.hash);
    show(route, key);
    // A link that did not open, with no game to go back to: the first screen.
    if (!play.hasGame() && (route.screen === 'game' || route.screen === 'none')) home?.show();
  },
});

/**
 * Opens the game of an address: the saved game its history entry names (Back, Forward), else
 * its link (a new saved game unless it is one already); a link that names its players shows
 * who plays, to take a seat over.
 * @param {{link: string, players: string | null, ending: string | null}} route
 * @param {string | null} key the history entry's
 */
function openGameRoute(route, key) {
  const id = key?.startsWith('game:') ? key.slice(5) : '';
  if (id && saved.has(id)) {
    if (id !== saved.id() || !play.hasGame()) {
      const err = saved.openSaved(id);
      if (err) showNotice(err);
    }
    if (play.hasGame()) home?.hide();
    return;
  }
  try {
    const r = saved.openLink(`${route.players === null ? route.link : `${route.link}!${route.players}`}${route.ending ? `*${route.ending}` : ''}`);
    home?.hide();
    // A game over (a resignation, say) has no seat to take over.
    if (r.kind === 'new' && r.players && !session.isOver()) seats?.open(play.setup().players);
  } catch (e) {
    showNotice(t('notice.badLink', { reason: errText(e) }));
  }
}

/**
 * Shows the screen an address names (a reload, Back, Forward, an address typed in).
 * @param {import('./share.js').Route} route
 * @param {string | null} key the history entry's, when the page wrote it
 */
function show(route, key) {
  // An invitation or a reply to one is live play's (www/live/).
  if (live?.takeAddress(location.hash)) return;
  // A dialog belongs to the screen being left.
  for (const d of /** @type {NodeListOf<HTMLDialogElement>} */ (document.querySelectorAll('dialog[open]'))) {
    if (!(d.id === 'tutorial' && route.screen === 'tutorial')) d.close();
  }
  switch (route.screen) {
    case 'home':
      home?.show();
      break;
    case 'puzzles':
      puzzles?.showList();
      break;
    case 'puzzle': {
      const problem = puzzles?.open(route.id, route.moves);
      if (problem) showNotice(problem);
      break;
    }
    case 'tutorial':
      // Under it, the screen shown (at the start: the game open last, else the first screen).
      if (!play.hasGame() && document.body.dataset.view !== 'puzzles') home?.show();
      tutorial?.open(route.board, route.step);
      break;
    case 'game':
      openGameRoute(route, key);
      break;
    default:
      if (play.hasGame()) home?.hide();
      else home?.show();
  }
}

/** A computer does not play on behind another screen, the tutorial or the seats dialog. */
function updateAway() {
  const d = describe();
  play.setAway(!d || !d.key.startsWith('game:') || !!seats?.isOpen());
}

/** The lesson that fits the game shown: on its board (the star unless it is a square one). */
function lessonBoard() {
  if (play.hasGame() && describe()?.key.startsWith('game:') && session.board().shape === 'square') return 'square';
  return 'star';
}

/**
 * After the tutorial: a game against the computer on the board just learnt (the game
 * remembered when it is played there, else the lesson's own).
 * @param {'star' | 'square'} board
 */
function playLesson(board) {
  const last = prefs.quick?.computer;
  let fits = false;
  try {
    fits = !!last && variantInfo(last).shape === board;
  } catch {
    fits = false;
  }
  home?.playComputer(fits ? undefined : board === 'star' ? 'star-2' : 'halma-8x8');
}

function applyTheme() {
  const th = effectiveTheme(prefs);
  document.documentElement.dataset.theme = th;
  view.setTheme(th);
  puzzles?.setTheme(th);
}

function relabel() {
  document.documentElement.lang = getLang();
  applyI18n(document);
  /** @type {HTMLSelectElement} */ ($('set-lang')).value = getLang();
  home?.relabel();
  puzzles?.relabel();
  setupDialog?.relabel();
  tutorial?.relabel();
  if (!play.hasGame()) return;
  analysis?.relabel();
  review?.relabel();
  view.relabel();
  play.renderPanels();
  gamesDialog?.refresh();
  shareDialog?.refresh();
  refreshRules(session.info());
  refreshGameOver(session);
}

function wire() {
  // New game goes to the first screen (with a way back to the game).
  const newGame = () => home?.show();
  wireControls({
    newGame,
    undo: play.undo,
    redo: play.redo,
    rules: () => play.hasGame() && showRules(session.info()),
    games: () => gamesDialog?.open(),
    share: () => play.hasGame() && shareDialog?.open(),
    pause: play.togglePause,
    speed: prefs.speed ?? 'normal',
    setSpeed: (v) => {
      prefs.speed = v;
      savePrefs(storage, prefs);
    },
  });
  // With the analysis open, the hint agrees with it (or says why not).
  hint = createHint({ session, ai, show: (h) => view.setHint(h), analysed: () => analysis?.best() ?? null });
  analysis = createAnalysis({
    session,
    ai: analysisAi,
    onResult: () => hint?.render(),
    shownPosition: () => (play.hasGame() ? play.browse.position() : null),
    preview(game, path, label) {
      view.showPast(game, null, label);
      view.setHint({ path });
    },
    endPreview() {
      if (play.browse.active()) {
        play.browse.redraw();
      } else {
        view.sync(null);
        hint?.redraw();
      }
    },
  });
  // Leaving the page ends a running search; coming back (from the back-forward cache)
  // asks again.
  window.addEventListener('pagehide', () => {
    later.flush();
    // A timed game keeps the time used on this turn.
    if (play.hasGame() && play.clocks.timed()) saved.save();
    session.stop();
    hint?.clear();
    ai.dispose();
    analysis?.stop();
    analysisAi.dispose();
  });
  // A phone may end a hidden page without a pagehide: the save is written before.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden') return;
    later.flush();
    if (play.hasGame() && play.clocks.timed()) saved.save();
  });
  window.addEventListener('pageshow', (e) => {
    if (e.persisted && play.hasGame()) session.think();
    if (e.persisted && play.hasGame()) analysis?.update();
  });
  wireRules();
  $('notice-close').addEventListener('click', hideNotice);
  // Review after the game: the costliest moves of the people at the screen.
  review = createReview({ session, browse: play.browse, showMove: (h) => view.setHint(h), announce });
  wireGameOver({ newGame, rematch: play.rematch, review: () => review?.open(), canReview: () => !!review?.available() });
  wireSettings({
    prefs,
    save: () => savePrefs(storage, prefs),
    applyTheme,
    onCoords: (on) => {
      view.setCoords(on);
      puzzles?.setCoords(on);
    },
    onTurnBoard: () => play.setTurnBoard(),
  });
  // The skip link puts the keyboard focus on the board itself.
  /** @type {HTMLElement} */ (document.querySelector('.skip')).addEventListener('click', (e) => {
    if (view.focus()) e.preventDefault();
  });
  wireMenu();
  wireSound({ prefs, save: () => savePrefs(storage, prefs) });
  tutorial = createTutorial({
    theme: () => effectiveTheme(prefs),
    defaultBoard: lessonBoard,
    done() {
      prefs.tutorialDone = true;
      savePrefs(storage, prefs);
      home?.relabel();
    },
    play: playLesson,
    changed: () => {
      updateAway();
      nav.sync();
    },
  });
  $('btn-tutorial').addEventListener('click', () => tutorial?.open());
  // The move help folds away on a narrow screen, where the board needs the room.
  if (window.matchMedia('(min-width: 901px)').matches) /** @type {HTMLDetailsElement} */ ($('help-box')).open = true;
  onLangChange(relabel);
}

/**
 * Starts a game from the New game dialog; the first screen offers it next time.
 * @param {import('./storage.js').GameSetup} s
 */
function startFromDialog(s) {
  home?.hide();
  // The dialog shows the setting "Turn the board toward each player": changed there by the
  // player, it is the setting from now on (nothing else changes it).
  const turn = s.rotation === 'turn';
  if (turnBoard(prefs) !== turn) {
    prefs.turnBoard = turn;
    savePrefs(storage, prefs);
    showTurnBoard(turn);
  }
  play.startNew(s);
  home?.remember({ ...rememberFrom(s, s.players.length), clock: s.clock ? controlText(s.clock) : 'none' });
}

/**
 * The New game dialog, on the open game's settings, else on the game and players of the
 * first screen's card played last (a first visit: Chinese checkers against the computer).
 */
function openSetup() {
  // The dialog shows the board's orientation as the setting has it.
  const rotation = turnBoard(prefs) ? 'turn' : 'fixed';
  if (play.hasGame()) setupDialog?.open({ ...play.setup(), rotation }, session.info());
  else {
    const d = dialogDefault(prefs.quick ?? {}, (text) => variantInfo(text), engineLevels());
    setupDialog?.open({ ...d.setup, rotation }, d.info);
  }
}

async function main() {
  setLang(initialLang(prefs));
  relabel();
  applyTheme();
  registerServiceWorker();
  try {
    await loadEngine();
  } catch (e) {
    $('loading').textContent = t('app.loadFailed', { reason: errText(e) });
    $('board').dataset.state = 'error';
    return;
  }
  setupDialog = createSetupDialog({
    variants: variants(),
    variantString: (options) => variantString(options),
    variantInfo: (text) => variantInfo(text),
    onStart: startFromDialog,
  });
  const puzzleList = enginePuzzles();
  puzzles = createPuzzles({
    Game,
    list: puzzleList,
    storage,
    theme: () => effectiveTheme(prefs),
    coordinates: () => showCoords(prefs),
    home: () => home?.show(),
    changed: () => nav.sync(),
  });
  home = createHome({
    prefs,
    save: () => savePrefs(storage, prefs),
    levels: engineLevels(),
    variantInfo: (text) => variantInfo(text),
    hasGame: play.hasGame,
    start: play.startNew,
    more: openSetup,
    tutorial: () => tutorial?.open(),
    puzzles: () => puzzles?.showList(),
    puzzleCount: puzzleList.length,
  });
  // A change of screen: the computer waits behind any but the game's; the address follows.
  const screens = new MutationObserver(() => {
    updateAway();
    nav.sync();
  });
  screens.observe(document.body, { attributes: true, attributeFilter: ['data-view'] });
  for (const id of ['home', 'pz-view']) screens.observe($(id), { attributes: true, attributeFilter: ['hidden'] });
  live = createLive({ play, saved, storage, Game, variants, levels: engineLevels(), leaveHome: () => home?.hide(), t });
  $('home-live').addEventListener('click', () => live?.start());
  $('btn-live').addEventListener('click', () => live?.startFromGame());
  seats = createSeatsDialog({ levels: engineLevels().levels, done: play.setPlayers, changed: updateAway });
  gamesDialog = createGamesDialog({
    list: saved.summaries,
    currentId: saved.id,
    onOpen: saved.openSaved,
    onDelete: saved.deleteSaved,
    onImport: saved.importText,
  });
  shareDialog = createShareDialog({
    url: () => shareUrl(location.href, gameFragment(session.game().link(), play.setup().players, endingPart(session.ending()))),
    record: () => session.game().record(),
    fileName: () => recordFileName(session.game().variant),
    title: () => `${t('app.title')} · ${session.variantTitle()}`,
  });
  wire();
  saved.init();

  // The test parameters and a link each become a saved game of their own.
  const params = new URLSearchParams(location.search);
  const posParam = params.get('position');
  const variantParam = params.get('variant');
  const route = parseRoute(location.hash);
  if (posParam || variantParam) {
    // Drop the parameters so a reload continues the game instead of restarting it.
    history.replaceState(history.state, '', location.pathname + location.hash);
    try {
      const g = posParam ? Game.fromPosition(posParam) : new Game(variantParam);
      play.setGame(g, plainSetup(g));
    } catch (e) {
      showNotice(t('notice.badUrl', { reason: errText(e) }));
    }
    if (!play.hasGame() && !saved.openLast()) home.show();
  } else if (route.screen === 'game' || route.screen === 'none') {
    if (route.screen === 'game') show(route, nav.restoredKey());
    // Nothing to continue: the first screen.
    if (!play.hasGame() && !saved.openLast()) home.show();
  } else {
    // Another screen: the game open last waits behind it.
    saved.openLast();
    show(route, nav.restoredKey());
  }
  nav.start();
  updateAway();
  document.body.dataset.ready = '1';
  requestAnimationFrame(() => performance.mark('halma-interactive'));
}

main().catch((e) => {
  // Nothing above should throw; if it does, say so on the page instead of failing silently.
  const el = document.getElementById('loading');
  if (el) el.textContent = t('app.loadFailed', { reason: errText(e) });
  else showNotice(t('app.loadFailed', { reason: errText(e) }));
  console.error(e);
});
