// The game session: one engine Game being played, for the game page (app.js) and the
// <halma-board> element (embed.js) alike. It knows whose turn it is and who plays each seat
// (a person at the screen, or a seat controller such as the computer, players.js), runs the
// computer's turn (ask, wait for the board, play the answer unless the position changed),
// pause, undo and redo to a person's turn, and says in words who is to move, how the game
// ended and what the board shows. No DOM: the page and the element are views that render
// what it says and call it when someone moves.

import { rotationForCamp } from './board/geometry.js';
import { AiCancelled } from './ai.js';
import { gameName } from './rules.js';
import { replayEnding } from './ending.js';

/** @typedef {import('./board/geometry.js').BoardDesc} BoardDesc */
/** @typedef {import('./rules.js').VariantInfo} VariantInfo */
/** @typedef {import('./players.js').SeatController} SeatController */
/** @typedef {import('./players.js').MoveAnswer} MoveAnswer */
/** @typedef {{seat: number, move: {from: number, to: number} | null, path: number[], text: string}} Ply */
/** @typedef {{seat: number, rank: number, points: number, winner: boolean, place: number | null}} Standing */
/**
 * How a game ended: the engine's outcome (`time`: a clock ran out, `loseOnTime`; the seat
 * out of time and the winners the engine gives), or an ending the players chose (ending.js):
 * `resign` (the engine's loss of that seat, as on time), a draw by agreement (`reason`
 * `agreed`) or an abort.
 * @typedef {{kind: 'win', winners: number[]} | {kind: 'draw', reason: string} | {kind: 'unsolved'} |
 *   {kind: 'time', loser: number, winners: number[]} | {kind: 'resign', loser: number, winners: number[]} |
 *   {kind: 'aborted'}} Outcome
 */
/** @typedef {import('./ending.js').Ending} Ending */
/** @typedef {import('./players.js').Player} Player */
/** @typedef {(key: string, params?: Record<string, string | number>) => string} Translate */

/**
 * What the session needs from its view.
 * @typedef {object} SessionHooks
 * @property {Translate} t words in the view's language
 * @property {(player: Player) => SeatController | null} controllerFor null: a person plays it
 * @property {(answer: MoveAnswer) => void} play plays a controller's answer, as the view
 *   plays a person's move (so it is drawn, announced and reported the same way)
 * @property {(error: unknown) => void} failed a controller could not answer
 * @property {() => number} [delay] pause between asking and playing (ms)
 * @property {() => boolean} [animating] whether the board still animates the last move
 */

/**
 * @typedef {object} Session
 * @property {(game: any, players: readonly Player[]) => void} load takes over a game (the old
 *   one is freed) and who plays its seats
 * @property {(players: readonly Player[]) => void} setPlayers
 * @property {() => any} game the engine Game
 * @property {() => VariantInfo} info
 * @property {() => BoardDesc} board
 * @property {() => readonly Player[]} players
 * @property {() => number} generation changes with every position (answers for older ones are dropped)
 * @property {(seat: number) => boolean} isExternal whether a controller plays the seat
 * @property {() => boolean} watching nobody at this screen plays
 * @property {() => boolean} humanToMove
 * @property {() => boolean} paused
 * @property {(on: boolean) => boolean} setPaused whether it changed
 * @property {() => Ply[]} plies
 * @property {() => number} movesPlayed plies that were moves (not passes)
 * @property {(h?: Ply[]) => number[] | null} lastMovePath
 * @property {(path: ArrayLike<number>) => number} hops hops in a path (0: a step)
 * @property {(move: string | {from: number, to: number}) => Ply[]} play throws the engine's error
 * @property {(h?: Ply[]) => boolean} canUndo
 * @property {() => boolean} canRedo
 * @property {() => boolean} final the game ended in a way no Undo takes back: on time, by a
 *   resignation, a draw agreed or an abort
 * @property {() => number[] | null} undo back to a person's turn (one move when watching);
 *   the path to animate back along
 * @property {() => Ply[]} redo up to the next person's turn (one move when watching)
 * @property {() => void} undoMove one move back, whoever made it
 * @property {() => Ply[]} redoMove one move again
 * @property {() => Outcome | null} takeOutcome the outcome once per time the game ends
 * @property {() => Outcome | null} outcome the engine's
 * @property {() => boolean} isOver
 * @property {() => Standing[]} standings the engine's
 * @property {(seat: number) => void} loseOnTime `seat`'s clock ran out: the engine ends the
 *   game for good; throws the engine's error
 * @property {(seat: number) => void} resign `seat` resigns: it loses as on time; throws the
 *   engine's error
 * @property {() => void} agreeDraw the people at the screen agree to a draw
 * @property {() => void} abort the game ends without a result (before everyone has moved)
 * @property {() => Ending | null} ending the ending the players chose, to save with the game
 * @property {(e: Ending | null) => void} restoreEnding a saved ending (checked by
 *   `checkEnding`), after `load`
 * @property {(orientation: number | 'turn', current: number | null) => number} rotation
 *   degrees that bring a seat's camp (or the person to move's) to the bottom
 * @property {(seat: number) => string} playerName "You" for the one person at this screen
 *   playing the computer (or a player far away), else the name or "Player 2"
 * @property {(seat: number) => string} seatName "Anna (red)", "You (red)"
 * @property {(key: string, seat: number, params?: Record<string, string | number>) => string} say
 *   a sentence about a seat: `key` with `{name}` its seat name, or `key.you` (with
 *   `{color}`) when the seat is "You" and the language has such a sentence
 * @property {() => string} variantTitle
 * @property {() => string} statusText
 * @property {(o: Outcome) => string} outcomeText
 * @property {(cells?: ArrayLike<number>, status?: string) => string} boardLabel the board's
 *   accessible description (of other pieces and status: a past position)
 * @property {() => void} think asks the controller of the seat to move (once per position)
 * @property {() => void} stop drops the answer awaited
 * @property {() => void} dispose
 * @property {(fn: (e: SessionEvent) => void) => () => void} watch calls `fn` when a game is
 *   loaded and after every move played (live play sends them on); returns the unwatch
 */

/**
 * What `watch` reports: a game loaded, a move played, the players ended the game (`ending`).
 * @typedef {{kind: 'load'} | {kind: 'play', plies: Ply[]} | {kind: 'end'}} SessionEvent
 */

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function nextFrame() {
  return new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
}

/** @param {unknown} e */
export function errText(e) {
  return e instanceof Error ? e.message : String(e);
}

/**
 * @param {SessionHooks} hooks
 * @returns {Session}
 */
export function createSession(hooks) {
  const { t } = hooks;
  /** @type {any} */
  let game = null;
  /** @type {VariantInfo} */
  let info;
  /** @type {BoardDesc} */
  let desc;
  /** @type {readonly Player[]} */
  let players = [];
  /** @type {(SeatController | null)[]} */
  let controllers = [];
  let paused = false;
  /** Generation of the position: answers asked for older ones are dropped. */
  let gen = 0;
  /** The generation a controller was asked for (-1: none). */
  let asked = -1;
  /** @type {{gen: number, ctl: SeatController} | null} */
  let pending = null;
  /** The record the outcome was last reported for. */
  let reported = '';
  /** @type {Set<(e: SessionEvent) => void>} */
  const watchers = new Set();
  /** @param {SessionEvent} e */
  const tell = (e) => watchers.forEach((fn) => fn(e));
  /** The ending the players chose (null: the board decides). @type {Ending | null} */
  let ending = null;

  /** @returns {Outcome | null} */
  function outcome() {
    const o = /** @type {Outcome | null} */ (need().outcome());
    if (!ending) return o;
    if (ending.kind === 'resign') return o && o.kind === 'time' && o.loser === ending.seat ? { kind: 'resign', loser: o.loser, winners: o.winners } : o;
    if (o) return o;
    return ending.kind === 'agreed' ? { kind: 'draw', reason: 'agreed' } : { kind: 'aborted' };
  }

  function isOver() {
    return !!game && (game.isOver() || (!!ending && ending.kind !== 'resign'));
  }

  /** The game ended in a way Undo does not take back (docs/rules.md#clocks). */
  function final() {
    const o = game ? outcome() : null;
    return !!o && (o.kind === 'time' || o.kind === 'resign' || o.kind === 'aborted' || (o.kind === 'draw' && o.reason === 'agreed'));
  }

  /** @param {Ending} e */
  function end(e) {
    if (isOver()) throw new Error('the game is over');
    ending = e;
    stop();
    tell({ kind: 'end' });
  }

  function need() {
    if (!game) throw new Error('there is no game in this session');
    return game;
  }

  /** Drops the answer being waited for (the position changed, or the game is paused). */
  function stop() {
    gen++;
    if (pending && pending.gen !== gen) {
      pending.ctl.cancel?.();
      pending = null;
    }
  }

  /** @param {readonly Player[]} list */
  function setPlayers(list) {
    stop();
    for (const c of controllers) c?.dispose?.();
    players = list;
    controllers = list.map((p) => hooks.controllerFor(p));
  }

  /** @param {number} seat */
  function isExternal(seat) {
    return !!controllers[seat - 1];
  }

  function watching() {
    return controllers.length > 0 && controllers.every((c) => c);
  }

  function humanToMove() {
    return !!game && !isOver() && !isExternal(game.turn());
  }

  /** @returns {Ply[]} */
  function plies() {
    return need().history();
  }

  /** @param {Ply[]} [h] */
  function lastMovePath(h = plies()) {
    for (let i = h.length - 1; i >= 0; i--) if (h[i].move) return h[i].path;
    return null;
  }

  /**
   * Hops in a path; 0 for a step (steps are one unit long on the board's layout).
   * @param {ArrayLike<number>} path
   */
  function hops(path) {
    if (path.length < 2) return 0;
    const a = desc.cells[path[0]];
    const b = desc.cells[path[1]];
    return Math.hypot(b.x - a.x, b.y - a.y) > 1.5 ? path.length - 1 : 0;
  }

  /**
   * Whether Undo leads somewhere: with people at the screen, back to a turn of theirs (a game
   * the computer opened has nothing to take back before its first move); when watching, one
   * move back.
   * @param {Ply[]} [h]
   */
  function canUndo(h = plies()) {
    if (final() || !game.canUndo()) return false;
    // A seat on another device: a move is taken back only with its consent (live play).
    if (controllers.some((c) => c?.consent)) return false;
    if (watching()) return true;
    return h.some((p) => !isExternal(p.seat));
  }

  /**
   * Whether a seat is "You": the only person at this screen, unnamed, playing against
   * seats played elsewhere (the computer); with several people at one screen each is
   * "Player N", as nobody would know whom "You" means.
   * @param {number} seat
   */
  function isYou(seat) {
    const p = players[seat - 1];
    if (!p || p.kind !== 'human' || p.name || isExternal(seat)) return false;
    let people = 0;
    for (let s = 1; s <= players.length; s++) if (!isExternal(s)) people++;
    return people === 1 && players.length > 1;
  }

  /** @param {number} seat */
  function playerName(seat) {
    const p = players[seat - 1];
    if (p && p.name) return p.name;
    if (isYou(seat)) return t('seat.you');
    return t(p && p.kind === 'computer' ? 'seat.computer' : 'seat.default', { n: seat });
  }

  /**
   * @param {string} key
   * @param {number} seat
   * @param {Record<string, string | number>} [params]
   */
  function say(key, seat, params = {}) {
    if (isYou(seat)) {
      const you = `${key}.you`;
      const text = t(you, { ...params, color: t(`color.${((seat - 1) % 6) + 1}`) });
      if (text !== you) return text;
    }
    return t(key, { ...params, name: seatName(seat) });
  }

  /** @param {number} seat */
  function seatName(seat) {
    return `${playerName(seat)} (${t(`color.${((seat - 1) % 6) + 1}`)})`;
  }

  function variantTitle() {
    return gameName(info, t);
  }

  /** @param {Outcome} o */
  function outcomeText(o) {
    if (o.kind === 'unsolved') return t('over.unsolved');
    if (o.kind === 'time' || o.kind === 'resign') {
      const lost = say(o.kind === 'time' ? 'over.time' : 'over.resign', o.loser);
      // A solitaire out of time has nobody else to win.
      return o.winners.length ? `${lost} ${winText(o.winners)}` : lost;
    }
    if (o.kind === 'aborted') return t('over.aborted');
    if (o.kind === 'draw') return t(`over.draw.${o.reason}`);
    if (info.solitaire) return t('over.solved');
    return winText(o.winners);
  }

  /** "Anna (red) wins!", "Anna (red) and Bo (blue) win!" @param {number[]} winners */
  function winText(winners) {
    const names = winners.map((s) => seatName(s));
    if (names.length === 1) return say('over.win', winners[0]);
    const last = names.pop();
    return t('over.winMany', { names: `${names.join(', ')}${t('over.and')}${last}` });
  }

  function statusText() {
    const o = outcome();
    if (o) return outcomeText(o);
    const seat = game.turn();
    if (isExternal(seat)) return t(paused ? 'panel.paused' : 'panel.thinking', { name: seatName(seat) });
    return say('panel.toMove', seat);
  }

  /**
   * @param {ArrayLike<number>} [cells] the pieces (default: the game's)
   * @param {string} [status] what is said before them (default: the status with a full stop)
   */
  function boardLabel(cells = need().cells(), status = `${statusText()}.`) {
    /** @type {string[][]} */
    const bySeat = Array.from({ length: info.seats }, () => []);
    for (let i = 0; i < cells.length; i++) if (cells[i]) bySeat[cells[i] - 1]?.push(desc.cells[i].name);
    const pieces = bySeat.map((list, i) => t('board.piecesOf', { name: seatName(i + 1), cells: list.join(', ') })).join(' ');
    return t('board.label', { variant: variantTitle(), status, pieces });
  }

  /**
   * @param {number | 'turn'} orientation a seat whose camp is at the bottom, or the person to move
   * @param {number | null} current the board's rotation now (kept while a computer moves)
   */
  function rotation(orientation, current) {
    const camp = (/** @type {number} */ seat) => rotationForCamp(desc, desc.seats[seat - 1].home);
    if (orientation === 'turn') {
      if (humanToMove()) return camp(game.turn());
      return current ?? camp(1);
    }
    return camp(Math.min(Math.max(1, Math.round(Number(orientation)) || 1), desc.seats.length));
  }

  /** The game changed under the turn loop. */
  function moved() {
    stop();
  }

  /** @type {Session} */
  const session = {
    load(g, list) {
      stop();
      if (game && game !== g) game.free();
      game = g;
      info = g.variantInfo();
      desc = g.board();
      paused = false;
      reported = '';
      ending = null;
      setPlayers(list);
      tell({ kind: 'load' });
    },
    setPlayers,
    game: () => need(),
    info: () => info,
    board: () => desc,
    players: () => players,
    generation: () => gen,
    isExternal,
    watching,
    humanToMove,
    paused: () => paused,
    setPaused(on) {
      if (paused === on) return false;
      paused = on;
      if (on) stop();
      return true;
    },
    plies,
    movesPlayed: () => plies().filter((p) => p.move).length,
    lastMovePath,
    hops,
    play(move) {
      const g = need();
      /** @type {Ply[]} */
      const out = typeof move === 'string' ? g.play(move) : g.playMove(move.from, move.to);
      moved();
      tell({ kind: 'play', plies: out });
      return out;
    },
    canUndo,
    canRedo: () => !final() && need().canRedo(),
    final,
    undo() {
      if (!canUndo()) return null;
      const watch = watching();
      /** @type {number[] | null} */
      let back = null;
      do {
        const path = lastMovePath();
        game.undo();
        back = path ? [...path].reverse() : null;
        // With computer seats, go back to the last position where a person was to move.
      } while (!watch && game.canUndo() && isExternal(game.turn()));
      moved();
      return back;
    },
    redo() {
      if (final() || !need().canRedo()) return [];
      const watch = watching();
      /** @type {Ply[]} */
      let all = [];
      // Replay the computers' answers too, up to the next person's turn.
      do {
        all = all.concat(game.redo());
      } while (!watch && game.canRedo() && !game.isOver() && isExternal(game.turn()));
      moved();
      return all;
    },
    undoMove() {
      need().undo();
      moved();
    },
    redoMove() {
      const out = need().redo();
      moved();
      return out;
    },
    takeOutcome() {
      const o = outcome();
      if (!o) {
        reported = '';
        return null;
      }
      const key = `${game.record()}~${o.kind}${'loser' in o ? o.loser : ''}`;
      if (reported === key) return null;
      reported = key;
      return o;
    },
    outcome: () => outcome(),
    isOver,
    standings: () => need().standings(),
    loseOnTime(seat) {
      need().loseOnTime(seat);
      stop();
    },
    resign(seat) {
      const at = plies().length;
      if (isOver()) throw new Error('the game is over');
      need().loseOnTime(seat);
      ending = { kind: 'resign', seat, at };
      stop();
      tell({ kind: 'end' });
    },
    agreeDraw() {
      end({ kind: 'agreed', at: plies().length });
    },
    abort() {
      end({ kind: 'aborted', at: plies().length });
    },
    ending: () => ending,
    restoreEnding(e) {
      ending = replayEnding(e, need(), (seat) => need().loseOnTime(seat));
      stop();
    },
    rotation,
    playerName,
    seatName,
    say,
    variantTitle,
    statusText,
    outcomeText,
    boardLabel,
    think() {
      if (!game || isOver() || paused || asked === gen) return;
      const seat = game.turn();
      const ctl = controllers[seat - 1];
      if (!ctl) return;
      const myGen = gen;
      asked = gen;
      const start = performance.now();
      pending = { gen: myGen, ctl };
      ctl
        .requestMove({
          id: myGen,
          position: game.position(),
          record: game.record(),
          seat,
          level: players[seat - 1]?.level,
          ply: game.history().length,
        })
        .then(async (ans) => {
          if (myGen !== gen) return;
          // Let the previous move be seen: the chosen pace, then the end of its animation.
          const wait = (hooks.delay?.() ?? 0) - (performance.now() - start);
          if (wait > 0) await sleep(wait);
          while (myGen === gen && hooks.animating?.()) await nextFrame();
          if (myGen !== gen) return;
          pending = null;
          hooks.play(ans);
        })
        .catch((/** @type {unknown} */ e) => {
          if (myGen !== gen || e instanceof AiCancelled) return;
          pending = null;
          // Asked again on the next render.
          asked = -1;
          hooks.failed(e);
        });
    },
    stop,
    watch(fn) {
      watchers.add(fn);
      return () => watchers.delete(fn);
    },
    dispose() {
      stop();
      for (const c of controllers) c?.dispose?.();
      controllers = [];
      game?.free();
      game = null;
    },
  };
  return session;
}
