//! JavaScript bindings (wasm32 only): the only file that touches wasm-bindgen. It checks the
//! arguments and converts types, nothing else: what it returns is the engine's own data
//! (`Variant::info`, `Variant::describe_board`, `Game::standings`, …) or the small view types
//! of `js.rs`, turned into plain JavaScript objects and arrays by serde-wasm-bindgen; the
//! option objects come in the same way. The shapes are those of docs/engine.md "The wasm
//! API".
//!
//! Every input from JavaScript arrives as a `JsValue` and is checked here, so a wrong type,
//! `undefined`, a huge string, an out-of-range cell or a misspelt option becomes a JS
//! `Error` with a message, never a panic; a failed call leaves the `Game` as it was. A
//! panic (an engine bug) prints Rust's message in the console (`start`).

use crate::ai::{Budget, Clock, Player};
use crate::js::{AnalyseOptions, AnalysisOut, Levels, PathMove, PlyOut, PuzzleOut, ThinkOptions, ThoughtOut};
use crate::{Cell, Error, Game as Inner, Geometry, Move, Position, Variant, VariantId, VariantOptions};
use serde::de::value::MapDeserializer;
use serde::de::{DeserializeOwned, IntoDeserializer};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Runs once when the module is instantiated: a panic (an engine bug; every bad input is an
/// error) then prints Rust's message and location in the console, not a bare `unreachable`.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// How the values go to JavaScript: `null` (not `undefined`) for an absent value.
const TO_JS: serde_wasm_bindgen::Serializer =
    serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true);

/// `value` as a plain JavaScript value.
fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value.serialize(&TO_JS).map_err(|e| serde_err("the answer", e))
}

/// `what`, an options object, read from the JavaScript object `v`.
///
/// It is read as a map of all its own fields, not by serde-wasm-bindgen's `from_value`: that
/// looks up only the fields the Rust struct has, so `deny_unknown_fields` would never see a
/// misspelt one; given every field, serde's derive names the unknown one.
fn from_js<T: DeserializeOwned>(v: JsValue, what: &str) -> Result<T, JsError> {
    let entries = js_sys::Object::entries(v.unchecked_ref());
    let fields = entries.iter().map(|entry| {
        let entry: js_sys::Array = entry.unchecked_into();
        (entry.get(0).as_string().unwrap_or_default(), Field(entry.get(1)))
    });
    T::deserialize(MapDeserializer::new(fields)).map_err(|e| serde_err(what, e))
}

/// A field's value, for [`from_js`]'s map.
struct Field(JsValue);

impl IntoDeserializer<'_, serde_wasm_bindgen::Error> for Field {
    type Deserializer = serde_wasm_bindgen::Deserializer;
    fn into_deserializer(self) -> serde_wasm_bindgen::Deserializer {
        self.0.into()
    }
}

/// A serde-wasm-bindgen error (a JS `Error`) as an error about `what`.
fn serde_err(what: &str, e: serde_wasm_bindgen::Error) -> JsError {
    let v: JsValue = e.into();
    let message = match v.dyn_ref::<js_sys::Error>() {
        Some(e) => String::from(e.message()),
        None => String::new(),
    };
    err(format!("{what}: {message}"))
}

/// Longest string argument accepted (a game record is the largest legitimate input).
const MAX_ARG_LEN: usize = crate::MAX_RECORD_LEN;

fn err(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

fn str_arg(v: &JsValue, what: &str) -> Result<String, JsError> {
    let s = v
        .as_string()
        .ok_or_else(|| err(format!("{what} must be a string")))?;
    if s.len() > MAX_ARG_LEN {
        return Err(err(format!("{what} is too long ({} bytes)", s.len())));
    }
    Ok(s)
}

/// `x` if it is a whole number from 0 to `max`; else an error naming `what`.
fn whole(x: f64, what: &str, max: u64) -> Result<u64, JsError> {
    if x.fract() == 0.0 && x >= 0.0 && x <= max as f64 {
        Ok(x as u64)
    } else {
        Err(err(format!("{what} must be a whole number from 0 to {max}")))
    }
}

/// Cells as the `Uint16Array` JavaScript gets.
fn ids(cells: Vec<Cell>) -> Vec<u16> {
    cells.into_iter().map(|c| c.index() as u16).collect()
}

fn cell_arg(g: &Geometry, v: &JsValue, what: &str) -> Result<Cell, JsError> {
    match v.as_f64() {
        Some(x) if x.fract() == 0.0 && x >= 0.0 && x < g.len() as f64 => Ok(Cell::new(x as u16)),
        // The number as JavaScript prints it (`1e+300`, not Rust's 301 digits).
        Some(x) => Err(err(format!(
            "{what} {} is not a cell of this board (0 to {})",
            String::from(
                js_sys::Number::from(x)
                    .to_string_with_radix(10)
                    .unwrap_or_default()
            ),
            g.len() - 1
        ))),
        None => Err(err(format!("{what} must be a cell number"))),
    }
}

/// Facts about a variant string: its canonical form, board, seats and options.
/// Throws when the string is not a valid variant.
#[wasm_bindgen(js_name = variantInfo)]
pub fn variant_info(text: JsValue) -> Result<JsValue, JsError> {
    let v: Variant = str_arg(&text, "variant")?.parse().map_err(err)?;
    to_js(&v.info())
}

/// Every variant id of the rules, in order.
#[wasm_bindgen(js_name = variantIds)]
pub fn variant_ids() -> Vec<String> {
    VariantId::ALL.iter().map(|v| v.as_str().to_string()).collect()
}

/// Every base game, in order, with its defaults and the options that apply:
/// `[{id, shape, size, camp, side, seats, pieces, cells, balance, turnLimit, solitaire,
/// teams, options, choices: {size: [min, max] | null, camp: [19, 13, 15, 10] | null,
/// side: [min, max] | null, turns: [min, max] | null}}]`.
#[wasm_bindgen]
pub fn variants() -> Result<JsValue, JsError> {
    let all: Vec<_> = VariantId::ALL.iter().map(|id| id.summary()).collect();
    to_js(&all)
}

/// The canonical variant string of a set-up form's fields `{id, size, camp, side, long,
/// freeTarget, anyCamp, win, balance, teams, places, turns}` (all but `id` optional: absent means
/// the base game's default). Throws with the reason when the combination is not a variant.
#[wasm_bindgen(js_name = variantString)]
pub fn variant_string(options: JsValue) -> Result<String, JsError> {
    if !options.is_object() {
        return Err(err("variant options must be an object like {id: 'halma'}"));
    }
    let o: VariantOptions = from_js(options, "variant options")?;
    if o.id.len() > MAX_ARG_LEN {
        return Err(err(format!("id is too long ({} bytes)", o.id.len())));
    }
    Ok(o.build().map_err(err)?.to_string())
}

/// The computer's levels, weakest first, the one a new computer seat gets, and the budget
/// of a move in play (`bestMove` without `nodes` or `timeMs`): `{levels: [1, 2, 3, 4, 5],
/// defaultLevel, playNodes, playMillis}`. A page that caps the time of a move (a game on
/// the clock) passes `playNodes` with its own `timeMs`, so the level keeps its strength.
#[wasm_bindgen]
pub fn levels() -> Result<JsValue, JsError> {
    to_js(&Levels {
        levels: &crate::ai::LEVELS,
        default_level: crate::ai::DEFAULT_LEVEL,
        play_nodes: crate::ai::PLAY_BUDGET.nodes.unwrap_or(0),
        play_millis: crate::ai::PLAY_BUDGET.millis.unwrap_or(0.0),
    })
}

/// The puzzle collection, in order: `[{id, kind: "solitaire" | "crossing" |
/// "shortest-game", variant, start, par, proven, record, figures, solution}]`. `variant` and
/// `start` are what the game is played in (`Game.puzzle(id)`), `proven` whether no shorter
/// solution exists, `record` a shorter one from the literature that the shipped solution
/// does not match (or `null`), `figures` the distinct solving figures known (or `null`),
/// `solution` the shipped solution of exactly `par` moves in hop-path notation.
#[wasm_bindgen]
pub fn puzzles() -> Result<JsValue, JsError> {
    let all: Vec<PuzzleOut> = crate::puzzle::PUZZLES.iter().map(PuzzleOut::from).collect();
    to_js(&all)
}

fn puzzle_arg(id: &JsValue) -> Result<&'static crate::puzzle::Puzzle, JsError> {
    let id = str_arg(id, "puzzle")?;
    crate::puzzle::find(&id).ok_or_else(|| err(format!("no puzzle is called '{id}'")))
}

/// A game in progress: the one handle JavaScript holds.
#[wasm_bindgen]
pub struct Game {
    inner: Inner,
}

impl Game {
    fn pos(&self) -> &Position {
        self.inner.position()
    }

    /// The plies from index `from` on, as played (the move and any passes it forced):
    /// `[{seat, move: {from, to} | null, path, text}]`.
    fn plies_since(&self, from: usize) -> Result<JsValue, JsError> {
        let plies: Vec<PlyOut> = self
            .inner
            .history()
            .skip(from)
            .map(|ply| PlyOut::new(ply, self.pos()))
            .collect();
        to_js(&plies)
    }
}

#[wasm_bindgen]
impl Game {
    /// A new game from a variant string (`"halma"`, `"star-3+long"`).
    #[wasm_bindgen(constructor)]
    pub fn new(variant: JsValue) -> Result<Game, JsError> {
        let v: Variant = str_arg(&variant, "variant")?.parse().map_err(err)?;
        Ok(Game { inner: Inner::new(v) })
    }

    /// A new game of the puzzle `id` (see `puzzles()`), at its start.
    pub fn puzzle(id: JsValue) -> Result<Game, JsError> {
        Ok(Game {
            inner: puzzle_arg(&id)?.game(),
        })
    }

    /// The moves the puzzle `id` allows now: `[{from, to, path}]`, as `legalMoves` but on the
    /// puzzle's cells only (the star crossing never passes through a side point).
    #[wasm_bindgen(js_name = puzzleMoves)]
    pub fn puzzle_moves(&self, id: JsValue) -> Result<JsValue, JsError> {
        to_js(&puzzle_arg(&id)?.legal_moves(&self.inner))
    }

    /// The goal check of the puzzle `id` for this game: `{reached, moves, par, stuck,
    /// problem, figure}`: the goal reached or not, the moves played, whether the game is
    /// over without the goal, why it is no fair attempt (another start, a move the puzzle
    /// does not allow; else `null`), and a solved solitaire's figure (its cells in order).
    #[wasm_bindgen(js_name = puzzleProgress)]
    pub fn puzzle_progress(&self, id: JsValue) -> Result<JsValue, JsError> {
        to_js(&puzzle_arg(&id)?.progress(&self.inner))
    }

    /// A game starting from a position string.
    #[wasm_bindgen(js_name = fromPosition)]
    pub fn from_position(text: JsValue) -> Result<Game, JsError> {
        let p: Position = str_arg(&text, "position")?.parse().map_err(err)?;
        Ok(Game {
            inner: Inner::from_position(p),
        })
    }

    /// A game replayed from a game record (first line variant or position, then moves).
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(text: JsValue) -> Result<Game, JsError> {
        let g = Inner::from_record(&str_arg(&text, "game record")?).map_err(err)?;
        Ok(Game { inner: g })
    }

    /// A game replayed from share-link text (`1~<variant>~<moves>[~<seat>~<rows>]`, with
    /// or without the leading `#`).
    #[wasm_bindgen(js_name = fromLink)]
    pub fn from_link(text: JsValue) -> Result<Game, JsError> {
        let g = Inner::from_link(&str_arg(&text, "link")?).map_err(err)?;
        Ok(Game { inner: g })
    }

    /// The game as share-link text, to put after `#` in a URL (URL-safe, versioned).
    pub fn link(&self) -> String {
        self.inner.to_link()
    }

    /// The canonical variant string.
    #[wasm_bindgen(getter)]
    pub fn variant(&self) -> String {
        self.inner.variant().to_string()
    }

    /// Facts about the variant (as `variantInfo`).
    #[wasm_bindgen(js_name = variantInfo)]
    pub fn variant_info(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.variant().info())
    }

    /// Number of seats.
    #[wasm_bindgen(getter)]
    pub fn seats(&self) -> usize {
        self.pos().seats()
    }

    /// Everything needed to draw the board without knowing the rules: cells with names and
    /// layout coordinates (`y` downward, unit = neighbour distance), neighbour edges, camps
    /// with the seats that start in and head for them, and the seats.
    pub fn board(&self) -> Result<JsValue, JsError> {
        to_js(&self.pos().variant().describe_board())
    }

    /// The seat on every cell in cell order (0 = empty), as a `Uint8Array`.
    pub fn cells(&self) -> Vec<u8> {
        self.pos().cells()
    }

    /// The seat to move (1-based).
    pub fn turn(&self) -> usize {
        self.pos().turn()
    }

    /// Every legal move of the seat to move: `[{from, to, path}]` with one shortest hop path.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Result<JsValue, JsError> {
        let moves: Vec<PathMove> = (self.inner.legal_moves().into_iter())
            .map(|m| PathMove::new(m, self.inner.hop_path(m).unwrap_or_default()))
            .collect();
        to_js(&moves)
    }

    /// The cells the piece on `cell` can move to (empty if it cannot move or is not the
    /// mover's), as a `Uint16Array`.
    pub fn destinations(&self, cell: JsValue) -> Result<Vec<u16>, JsError> {
        let c = cell_arg(self.pos().geometry(), &cell, "cell")?;
        Ok(ids(self.inner.destinations(c)))
    }

    /// The cells the mover can pick up (pieces with at least one legal move).
    pub fn movable(&self) -> Vec<u16> {
        ids(self.inner.movable())
    }

    /// One shortest path for the move `from`→`to` (cells, origin first, a `Uint16Array`), or
    /// `undefined` if the move is illegal.
    pub fn path(&self, from: JsValue, to: JsValue) -> Result<Option<Vec<u16>>, JsError> {
        let g = self.pos().geometry();
        let m = Move::new(cell_arg(g, &from, "from")?, cell_arg(g, &to, "to")?);
        Ok(self.inner.hop_path(m).map(ids))
    }

    /// Plays move text (`e4-e6` or a full hop path). Returns the plies it produced: the move
    /// `{seat, move: {from, to}, path, text}` and any passes it forced (`move: null`).
    /// Throws with the reason when the move is illegal; the game is unchanged then.
    pub fn play(&mut self, text: JsValue) -> Result<JsValue, JsError> {
        let text = str_arg(&text, "move")?;
        let before = self.inner.history().len();
        self.inner.play_text(&text).map_err(err)?;
        self.plies_since(before)
    }

    /// Plays the move `from`→`to` given as cell numbers; returns as `play`.
    #[wasm_bindgen(js_name = playMove)]
    pub fn play_move(&mut self, from: JsValue, to: JsValue) -> Result<JsValue, JsError> {
        let g = self.pos().geometry();
        let m = Move::new(cell_arg(g, &from, "from")?, cell_arg(g, &to, "to")?);
        let before = self.inner.history().len();
        self.inner.play(m).map_err(err)?;
        self.plies_since(before)
    }

    /// Takes back the last move (and the passes after it). Returns the move `{from, to}`.
    pub fn undo(&mut self) -> Result<JsValue, JsError> {
        to_js(&self.inner.undo().map_err(err)?)
    }

    /// Plays again the last move taken back; returns the plies as `play`.
    pub fn redo(&mut self) -> Result<JsValue, JsError> {
        let before = self.inner.history().len();
        self.inner.redo().map_err(err)?;
        self.plies_since(before)
    }

    /// Whether there is a move to undo.
    #[wasm_bindgen(js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        self.inner.can_undo()
    }

    /// Whether there is a move to redo.
    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        self.inner.can_redo()
    }

    /// The current position as a position string.
    pub fn position(&self) -> String {
        self.pos().to_string()
    }

    /// The game record (variant or start position, then the moves).
    pub fn record(&self) -> String {
        self.inner.record()
    }

    /// `null` while the game goes on; else `{kind: "win", winners: [seats]}`,
    /// `{kind: "draw", reason: "shared-win" | "repetition" | "turn-limit" | "blocked"}`,
    /// `{kind: "unsolved"}` (solitaire) or `{kind: "time", loser, winners}` (`loseOnTime`).
    pub fn outcome(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.outcome())
    }

    /// Seat `seat` ran out of time (the page keeps the clocks): it loses with its team and
    /// the game ends; `outcome()` is then `{kind: "time", loser, winners}` and `standings()`
    /// ranks it last. Throws for a seat the game does not have or one that has finished,
    /// and when the game is over. `undo()` takes the loss back with the last move.
    #[wasm_bindgen(js_name = loseOnTime)]
    pub fn lose_on_time(&mut self, seat: JsValue) -> Result<(), JsError> {
        let s = whole(seat.as_f64().unwrap_or(f64::NAN), "seat", crate::MAX_SEATS as u64)?;
        self.inner.lose_on_time(s as usize).map_err(err)
    }

    /// The outcome in words (English), or an empty string while the game goes on.
    #[wasm_bindgen(js_name = outcomeText)]
    pub fn outcome_text(&self) -> String {
        self.inner.outcome().map(|o| o.to_string()).unwrap_or_default()
    }

    /// Whether the game is over.
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// Progress points of every seat, as an `Int32Array` (index 0 = seat 1).
    pub fn points(&self) -> Vec<i32> {
        (1..=self.pos().seats()).map(|s| self.pos().points(s)).collect()
    }

    /// How far each seat's pieces still have to go to fill the target camp (the progress
    /// points' distance, never below 0), as an `Int32Array` (index 0 = seat 1).
    #[wasm_bindgen(js_name = distanceToGo)]
    pub fn distance_to_go(&self) -> Vec<i32> {
        (1..=self.pos().seats())
            .map(|s| self.pos().distance_to_go(s))
            .collect()
    }

    /// A solitaire's unmatched pieces (their mirror cell is empty) as cells, a
    /// `Uint16Array`; empty in other variants.
    #[wasm_bindgen(js_name = unmatchedCells)]
    pub fn unmatched_cells(&self) -> Vec<u16> {
        ids(self.pos().unmatched_cells().unwrap_or_default())
    }

    /// Seats (1-based) that have reached their goal.
    pub fn finished(&self) -> Vec<u8> {
        self.pos().finished().seats().map(|s| s as u8).collect()
    }

    /// Standings: `[{seat, rank, points, winner, place}]`, winners first, then by points;
    /// `place` is the place a seat took by finishing (with `places` as soon as it
    /// finishes), else `null`.
    pub fn standings(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.standings())
    }

    /// Every ply so far: `[{seat, move: {from, to} | null, path, text}]`.
    pub fn history(&self) -> Result<JsValue, JsError> {
        self.plies_since(0)
    }

    /// A solitaire's progress: `{unmatched, movesLeft, moves}`, the pieces whose mirror cell
    /// is empty and the moves left of the `moves` allowed; `null` in other variants.
    #[wasm_bindgen(js_name = solitaireStatus)]
    pub fn solitaire_status(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.solitaire_status())
    }

    /// Turns taken by each seat (passes included), index 0 = seat 1.
    #[wasm_bindgen(js_name = turnsTaken)]
    pub fn turns_taken(&self) -> Vec<u32> {
        (1..=self.pos().seats())
            .map(|s| self.inner.turns_taken(s))
            .collect()
    }

    /// The name of a cell (`e4`).
    #[wasm_bindgen(js_name = cellName)]
    pub fn cell_name(&self, cell: JsValue) -> Result<String, JsError> {
        let g = self.pos().geometry();
        Ok(g.name(cell_arg(g, &cell, "cell")?).to_string())
    }

    /// The cell with this name, or throws.
    #[wasm_bindgen(js_name = cellByName)]
    pub fn cell_by_name(&self, name: JsValue) -> Result<u16, JsError> {
        let name = str_arg(&name, "cell name")?;
        self.pos()
            .parse_cell(&name)
            .map(|c| c.index() as u16)
            .map_err(|e: Error| err(e))
    }
}

/// The clock of the page or worker (`performance.now()`), for the search's time cap.
struct PerformanceClock(web_sys::Performance);

impl PerformanceClock {
    /// The `performance` of the global scope: the `Window`'s on a page, the
    /// `WorkerGlobalScope`'s in a worker (and Node's).
    fn new() -> Result<PerformanceClock, JsError> {
        js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("performance"))
            .ok()
            .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
            .map(PerformanceClock)
            .ok_or_else(|| err("this JavaScript environment has no performance clock"))
    }
}

impl Clock for PerformanceClock {
    fn now_ms(&self) -> f64 {
        self.0.now()
    }
}

/// The move generation benchmark of `halma bench`, run in this wasm module (bench builds
/// only): for each board of the bench positions, whole move lists per second over its fixed
/// mid-game positions for about `millis` ms, then the same two perft runs as the CLI.
/// Returns `[{name, listsPerSecond, movesPerList, leaves, positions, lists, seconds}]`.
/// Blocks for the whole run: for tools and workers, not the page's main thread.
#[cfg(feature = "bench")]
#[wasm_bindgen(js_name = benchMovegen)]
pub fn bench_movegen(millis: JsValue) -> Result<JsValue, JsError> {
    let millis = match millis.as_f64() {
        Some(ms) if (1.0..=600_000.0).contains(&ms) => ms,
        _ => return Err(err("millis must be a number from 1 to 600000")),
    };
    to_js(&crate::run_bench(millis, &PerformanceClock::new()?))
}

/// The search benchmark of `halma bench`, run in this wasm module (bench builds only): for
/// each board of the bench positions, a level 5 search of `nodes` nodes from each of its
/// mid-game positions. Returns `[{name, nodes, nodesPerSecond, depth, positions, seconds}]`;
/// the nodes are the same as natively, so the speeds compare directly. Blocks for the run.
#[cfg(feature = "bench")]
#[wasm_bindgen(js_name = benchSearch)]
pub fn bench_search(nodes: JsValue) -> Result<JsValue, JsError> {
    let nodes = match nodes.as_f64() {
        Some(n) if (1000.0..=100_000_000.0).contains(&n) && n.fract() == 0.0 => n as u64,
        _ => return Err(err("nodes must be a whole number from 1000 to 100000000")),
    };
    to_js(&crate::run_search_bench(nodes, &PerformanceClock::new()?))
}

/// Panics with `message`, on purpose (bench builds only, never the production module): a
/// test calls it to see the panic hook print Rust's message in the console (`start`).
#[cfg(feature = "bench")]
#[wasm_bindgen(js_name = panicOnPurpose)]
pub fn panic_on_purpose(message: JsValue) {
    panic!("{}", message.as_string().unwrap_or_default());
}

/// An options object, or `undefined` / `null` for none: `T`'s defaults.
fn options_arg<T: DeserializeOwned + Default>(options: JsValue) -> Result<T, JsError> {
    if options.is_undefined() || options.is_null() {
        return Ok(T::default());
    }
    if !options.is_object() {
        return Err(err("options must be an object like {level: 5}"));
    }
    from_js(options, "options")
}

/// The player, budget and seed of `{level, nodes, timeMs, seed}`: level 5, seed 1, and
/// `default_budget` when neither `nodes` nor `timeMs` is given.
fn think_options(o: ThinkOptions, default_budget: Budget) -> Result<(Player, Budget, u64), JsError> {
    let number = |v: Option<f64>, what: &str, max: u64| v.map(|x| whole(x, what, max)).transpose();
    let nodes = number(o.nodes, "nodes", 10_000_000_000)?.map(|n| n.max(1));
    let millis = number(o.time_ms, "timeMs", 600_000)?.map(|t| t.max(1) as f64);
    let seed = number(o.seed, "seed", 9_007_199_254_740_991)?.unwrap_or(1);
    let budget = match (nodes, millis) {
        (None, None) => default_budget,
        (nodes, millis) => Budget {
            nodes,
            millis,
            soft_millis: None,
        },
    };
    Ok((o.level.map_or(Player::Level(5), |l| l.0), budget, seed))
}

/// `earlier`: the hashes of the game's positions before `pos` (`ai::think_after`).
fn think_out(
    pos: &Position,
    earlier: &[u64],
    options: JsValue,
    default_budget: Budget,
) -> Result<JsValue, JsError> {
    let (player, budget, seed) = think_options(options_arg(options)?, default_budget)?;
    let clock = PerformanceClock::new()?;
    let t = clock.now_ms();
    match crate::ai::think_after(pos, earlier, player, budget, seed, &clock) {
        Some(th) => to_js(&ThoughtOut::new(th, pos, clock.now_ms() - t)),
        None => Ok(JsValue::NULL),
    }
}

/// The computer's move for the seat to move in a position string. `options`:
/// `{level: 1..5 | "greedy" | "random", nodes, timeMs, seed}`, all optional: level 5, seed 1,
/// and without `nodes` or `timeMs` the engine's budget for play (a fixed node count, so the
/// same move on every machine, capped at a few seconds on a slow device). Returns `{from,
/// to, path, text, score, depth, nodes, pv, millis}`, or `null` when the game is over or the
/// seat must pass. Blocks while it thinks: call it from a worker.
#[wasm_bindgen(js_name = bestMove)]
pub fn best_move(position: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let pos: Position = str_arg(&position, "position")?.parse().map_err(err)?;
    think_out(&pos, &[], options, crate::ai::PLAY_BUDGET)
}

#[wasm_bindgen]
impl Game {
    /// What the computer would play for the seat to move (a hint); as `bestMove`, with the
    /// engine's smaller hint budget when `options` gives none.
    pub fn hint(&self, options: JsValue) -> Result<JsValue, JsError> {
        self.think(options, crate::ai::HINT_BUDGET)
    }

    /// The computer's move in this game: as `bestMove` for its position, but knowing the
    /// game's earlier positions, so that a side ahead does not shuffle back and forth into a
    /// draw by repetition (`null` when the game is over or the seat must pass).
    #[wasm_bindgen(js_name = bestMove)]
    pub fn best_move(&self, options: JsValue) -> Result<JsValue, JsError> {
        self.think(options, crate::ai::PLAY_BUDGET)
    }
}

impl Game {
    /// The computer's move for the seat to move, knowing the game's earlier positions;
    /// `null` when the game is over (bad options are an error then too, as in a game that
    /// goes on).
    fn think(&self, options: JsValue, default_budget: Budget) -> Result<JsValue, JsError> {
        if self.inner.is_over() {
            think_options(options_arg(options)?, default_budget)?;
            return Ok(JsValue::NULL);
        }
        let (pos, earlier) = (self.inner.position(), self.inner.earlier_hashes());
        think_out(pos, earlier, options, default_budget)
    }
}

/// The engine's analysis of a position string: `options` `{nodes, timeMs, seed}`, all
/// optional (without a budget, the hint's). Returns `{seat, twoSided, score, moves, lead, wins,
/// playouts, depth, nodes, pv: [{seat, from, to, path, text}], millis}` (see
/// `ai::Analysis`), or `null` when the game is over. Solitaire has no analysis (an error).
/// Blocks while it thinks: call it from a worker.
#[wasm_bindgen]
pub fn analyse(position: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let pos: Position = str_arg(&position, "position")?.parse().map_err(err)?;
    let o: AnalyseOptions = options_arg(options)?;
    let (_, budget, seed) = think_options(o.into(), crate::ai::ANALYSIS_BUDGET)?;
    if pos.variant().is_solitaire() {
        return Err(err(
            "a solitaire has no analysis: there is no opponent to compare with",
        ));
    }
    let clock = PerformanceClock::new()?;
    let t = clock.now_ms();
    match crate::ai::analyse(&pos, budget, seed, &clock) {
        Some(a) => to_js(&AnalysisOut::new(a, &pos, clock.now_ms() - t)),
        None => Ok(JsValue::NULL),
    }
}
