// Putting the configuration asked for in effect: a new game from its source (checked by the
// engine), or new options on the game shown; or, when it is not valid, the message, while
// the board keeps what it showed.

import { Game, variantInfo } from '../pkg/halma.js';
import { errText } from '../session.js';
import { blank, whole, configProblem, seatProblem } from './config.js';
import { players, applyTheme, render, showError, clearError } from './view.js';
import { goTo } from './play.js';
import { makeWidget, showNewGame } from './widget.js';

/** @typedef {import('./config.js').EmbedConfig} EmbedConfig */
/** @typedef {import('./mount.js').Mount} Mount */

/**
 * Builds the engine game a configuration describes (throws the engine's error).
 * @param {EmbedConfig} cfg
 * @returns {Game}
 */
export function buildGame(cfg) {
  if (!blank(cfg.link)) return Game.fromLink(String(cfg.link));
  if (!blank(cfg.record)) return Game.fromRecord(String(cfg.record));
  /** @type {string} */
  let head;
  if (!blank(cfg.position)) {
    // Checked on its own first, so the message is about the position.
    Game.fromPosition(String(cfg.position)).free();
    head = String(cfg.position);
  } else {
    const v = blank(cfg.variant) ? 'halma' : String(cfg.variant);
    head = variantInfo(v).variant;
  }
  if (/[\n\r]/.test(head)) throw new Error('a variant or position is one line');
  return Game.fromRecord(`${head}\n${cfg.moves ?? ''}\n`);
}

/**
 * Puts the configuration asked for (`m.wanted`) in effect, or says why it cannot be.
 * @param {Mount} m
 */
export function apply(m) {
  if (m.destroyed || !m.engineReady) return;
  const { wanted, session } = m;
  const problem = configProblem(wanted);
  if (problem) {
    showError(m, problem);
    return;
  }
  if (m.pending.source || !m.game) {
    /** @type {Game} */
    let g;
    try {
      g = buildGame(wanted);
    } catch (e) {
      showError(m, errText(e));
      return;
    }
    const p = seatProblem(wanted, g.seats);
    if (p) {
      g.free();
      showError(m, p);
      return;
    }
    m.cfg = wanted;
    session.load(g, players(m, g));
    m.game = g;
    m.redoCount = 0;
    if (!blank(m.cfg.at)) goTo(m, Number(whole(m.cfg.at)), false);
    if (!m.board && !m.parked) {
      m.board = makeWidget(m);
    } else if (m.board) {
      showNewGame(m, m.board);
    }
  } else {
    const p = seatProblem(wanted, m.game.seats);
    if (p) {
      showError(m, p);
      return;
    }
    m.cfg = wanted;
    if (m.pending.at && !blank(m.cfg.at)) goTo(m, Number(whole(m.cfg.at)), false);
    if (m.pending.keys.has('seats') || m.pending.keys.has('level')) session.setPlayers(players(m, m.game));
  }
  m.pending = { source: false, at: false, keys: new Set() };
  m.parts.board.hidden = false;
  clearError(m);
  applyTheme(m);
  render(m);
}
