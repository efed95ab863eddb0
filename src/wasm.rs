//! JavaScript bindings (wasm32 only). The only file that touches wasm-bindgen.
//!
//! Every input from JavaScript arrives as a `JsValue` and is checked here, so a wrong type,
//! `undefined`, a huge string or an out-of-range cell becomes a JS `Error` with a message,
//! never a panic; a failed call leaves the `Game` as it was.

use crate::{Cell, Error, Game as Inner, Geometry, Move, Position, Shape, Variant, VariantId};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
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

fn to_js<T: Serialize>(v: &T) -> Result<JsValue, JsError> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(err)
}

fn cell_arg(g: &Geometry, v: &JsValue, what: &str) -> Result<Cell, JsError> {
    match v.as_f64() {
        Some(x) if x.fract() == 0.0 && x >= 0.0 && x < g.len() as f64 => Ok(Cell::new(x as u16)),
        Some(x) => Err(err(format!(
            "{what} {x} is not a cell of this board (0 to {})",
            g.len() - 1
        ))),
        None => Err(err(format!("{what} must be a cell number"))),
    }
}

#[derive(Serialize)]
struct PlyOut {
    seat: usize,
    #[serde(rename = "move")]
    mv: Option<MoveOut>,
    path: Vec<Cell>,
    text: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SolitaireOut {
    unmatched: usize,
    moves_left: usize,
    moves: usize,
}

#[derive(Serialize)]
struct MoveOut {
    from: Cell,
    to: Cell,
}

#[derive(Serialize)]
struct LegalOut {
    from: Cell,
    to: Cell,
    path: Vec<Cell>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CellOut<'a> {
    id: Cell,
    name: &'a str,
    x: f32,
    y: f32,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CampOut {
    cells: Vec<Cell>,
    /// Seat (1-based) starting here, or null.
    home_of: Option<usize>,
    /// Seat (1-based) heading here, or null.
    target_of: Option<usize>,
}

#[derive(Serialize)]
struct SeatOut {
    seat: usize,
    home: usize,
    target: Option<usize>,
    team: usize,
}

#[derive(Serialize)]
struct BoardOut<'a> {
    shape: &'static str,
    size: u8,
    cells: Vec<CellOut<'a>>,
    edges: Vec<(Cell, Cell)>,
    camps: Vec<CampOut>,
    seats: Vec<SeatOut>,
    width: f32,
    height: f32,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct VariantOut {
    variant: String,
    id: &'static str,
    shape: &'static str,
    size: u8,
    seats: usize,
    pieces: usize,
    long_jumps: bool,
    target_lock: bool,
    side_points: bool,
    win_rule: crate::WinRule,
    balance: bool,
    teams: crate::Teams,
    turn_limit: u16,
    solitaire: bool,
    /// Solitaire proved to need some piece to move twice ([`crate::ai::proved_no_once_solution`]).
    no_once_solution: bool,
    /// Solitaire: the names of the two end cells of the mirror line, top end first
    /// ([`Geometry::mirror_line`]); `null` otherwise.
    mirror_line: Option<[String; 2]>,
}

fn variant_out(v: &Variant) -> VariantOut {
    let (shape, size) = match v.shape() {
        Shape::Square { size } => ("square", size),
        Shape::Star { side } => ("star", side),
    };
    VariantOut {
        variant: v.to_string(),
        id: v.id().as_str(),
        shape,
        size,
        seats: v.seats(),
        pieces: v.pieces_per_seat(),
        long_jumps: v.long_jumps(),
        target_lock: v.target_lock(),
        side_points: v.side_points(),
        win_rule: v.win_rule(),
        balance: v.balance(),
        teams: v.teams(),
        turn_limit: v.turn_limit(),
        solitaire: v.is_solitaire(),
        no_once_solution: crate::ai::proved_no_once_solution(v),
        mirror_line: v.is_solitaire().then(|| v.geometry()).and_then(|g| {
            let (a, b) = g.mirror_line()?;
            Some([g.name(a).to_string(), g.name(b).to_string()])
        }),
    }
}

/// Facts about a variant string: its canonical form, board, seats and options.
/// Throws when the string is not a valid variant.
#[wasm_bindgen(js_name = variantInfo)]
pub fn variant_info(text: JsValue) -> Result<JsValue, JsError> {
    let v: Variant = str_arg(&text, "variant")?.parse().map_err(err)?;
    to_js(&variant_out(&v))
}

/// Every variant id of the rules, in order.
#[wasm_bindgen(js_name = variantIds)]
pub fn variant_ids() -> Vec<String> {
    VariantId::ALL.iter().map(|v| v.as_str().to_string()).collect()
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

    fn ply_out(&self, ply: &crate::Ply) -> PlyOut {
        let g = self.pos().geometry();
        PlyOut {
            seat: ply.seat,
            mv: ply.mv.map(|m| MoveOut {
                from: m.from,
                to: m.to,
            }),
            path: ply.path.clone(),
            text: match ply.mv {
                Some(m) => format!("{}-{}", g.name(m.from), g.name(m.to)),
                None => "pass".into(),
            },
        }
    }

    /// The plies from index `from` on, as played (the move and any passes it forced).
    fn plies_since(&self, from: usize) -> Result<JsValue, JsError> {
        let out: Vec<PlyOut> = self.inner.history().skip(from).map(|p| self.ply_out(p)).collect();
        to_js(&out)
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
        to_js(&variant_out(self.inner.variant()))
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
        let p = self.pos();
        let v = p.variant();
        let g = p.geometry();
        let (shape, size) = match g.shape() {
            Shape::Square { size } => ("square", size),
            Shape::Star { side } => ("star", side),
        };
        let cells: Vec<CellOut> = g
            .cells()
            .map(|c| {
                let (x, y) = g.layout(c);
                CellOut {
                    id: c,
                    name: g.name(c),
                    x,
                    y,
                }
            })
            .collect();
        let (mut w, mut h) = (0f32, 0f32);
        let (mut x0, mut y0) = (f32::MAX, f32::MAX);
        for c in &cells {
            w = w.max(c.x);
            h = h.max(c.y);
            x0 = x0.min(c.x);
            y0 = y0.min(c.y);
        }
        let mut edges = Vec::new();
        for c in g.cells() {
            for n in g.neighbors(c) {
                if n > c {
                    edges.push((c, n));
                }
            }
        }
        let homes = v.home_camps();
        let camps = (0..g.camp_count())
            .map(|k| CampOut {
                cells: g.camp(k).to_vec(),
                home_of: homes.iter().position(|&h| h as usize == k).map(|s| s + 1),
                target_of: (0..v.seats())
                    .find(|&s| v.target_camp(s) == Some(k))
                    .map(|s| s + 1),
            })
            .collect();
        let seats = (0..v.seats())
            .map(|s| SeatOut {
                seat: s + 1,
                home: homes[s] as usize,
                target: v.target_camp(s),
                team: v.team_of(s) + 1,
            })
            .collect();
        to_js(&BoardOut {
            shape,
            size,
            cells,
            edges,
            camps,
            seats,
            width: w - x0,
            height: h - y0,
        })
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
        let p = self.pos();
        if self.inner.is_over() {
            return to_js(&Vec::<LegalOut>::new());
        }
        let out: Vec<LegalOut> = p
            .legal_moves()
            .into_iter()
            .map(|m| LegalOut {
                from: m.from,
                to: m.to,
                path: p.hop_path(m).unwrap_or_default(),
            })
            .collect();
        to_js(&out)
    }

    /// The cells the piece on `cell` can move to (empty if it cannot move or is not the
    /// mover's), as a `Uint16Array`.
    pub fn destinations(&self, cell: JsValue) -> Result<Vec<u16>, JsError> {
        let c = cell_arg(self.pos().geometry(), &cell, "cell")?;
        if self.inner.is_over() {
            return Ok(Vec::new());
        }
        Ok(self
            .pos()
            .destinations(c)
            .into_iter()
            .map(|c| c.index() as u16)
            .collect())
    }

    /// The cells the mover can pick up (pieces with at least one legal move).
    pub fn movable(&self) -> Vec<u16> {
        if self.inner.is_over() {
            return Vec::new();
        }
        let mut v: Vec<u16> = self
            .pos()
            .legal_moves()
            .iter()
            .map(|m| m.from.index() as u16)
            .collect();
        v.dedup();
        v
    }

    /// One shortest path for the move `from`→`to` (cells, origin first, a `Uint16Array`), or
    /// `undefined` if the move is illegal.
    pub fn path(&self, from: JsValue, to: JsValue) -> Result<Option<Vec<u16>>, JsError> {
        let g = self.pos().geometry();
        let m = Move::new(cell_arg(g, &from, "from")?, cell_arg(g, &to, "to")?);
        if self.inner.is_over() {
            return Ok(None);
        }
        Ok(self
            .pos()
            .hop_path(m)
            .map(|p| p.into_iter().map(|c| c.index() as u16).collect()))
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
        let m = self.inner.undo().map_err(err)?;
        to_js(&MoveOut {
            from: m.from,
            to: m.to,
        })
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
    /// `{kind: "draw", reason: "shared-win" | "repetition" | "turn-limit" | "blocked"}` or
    /// `{kind: "unsolved"}` (solitaire).
    pub fn outcome(&self) -> Result<JsValue, JsError> {
        match self.inner.outcome() {
            Some(o) => to_js(&o),
            None => Ok(JsValue::NULL),
        }
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

    /// Seats (1-based) that have reached their goal.
    pub fn finished(&self) -> Vec<u8> {
        self.pos().finished().seats().map(|s| s as u8).collect()
    }

    /// Standings: `[{seat, rank, points, winner}]`, winners first, then by points.
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
        let Some(unmatched) = self.pos().unmatched() else {
            return Ok(JsValue::NULL);
        };
        let moves = self.pos().variant().turn_limit() as usize;
        to_js(&SolitaireOut {
            unmatched,
            moves_left: moves.saturating_sub(self.inner.moves_played()),
            moves,
        })
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

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`: milliseconds, sub-millisecond resolution (browsers, workers, Node).
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// The move generation benchmark of `halma bench`, run in this wasm module: for each board
/// of the bench positions, whole move lists per second over its fixed mid-game positions
/// for about `millis` ms (boards without positions are left out), then the same two perft
/// runs as the CLI. Returns `[{name, listsPerSecond, movesPerList, leaves, positions,
/// lists, seconds}]`. Blocks for the whole run: for tools and workers, not the page's main thread.
#[wasm_bindgen(js_name = benchMovegen)]
pub fn bench_movegen(millis: JsValue) -> Result<JsValue, JsError> {
    let millis = match millis.as_f64() {
        Some(ms) if (1.0..=600_000.0).contains(&ms) => ms,
        _ => return Err(err("millis must be a number from 1 to 600000")),
    };
    to_js(&crate::run_bench(millis, &PerformanceClock))
}

/// The search benchmark of `halma bench`, run in this wasm module: for each board of the
/// bench positions, a level 5 search of `nodes` nodes from each of its mid-game positions.
/// Returns `[{name, nodes, nodesPerSecond, depth, positions, seconds}]`; the nodes are the
/// same as natively, so the speeds compare directly. Blocks for the whole run.
#[wasm_bindgen(js_name = benchSearch)]
pub fn bench_search(nodes: JsValue) -> Result<JsValue, JsError> {
    let nodes = match nodes.as_f64() {
        Some(n) if (1000.0..=100_000_000.0).contains(&n) && n.fract() == 0.0 => n as u64,
        _ => return Err(err("nodes must be a whole number from 1000 to 100000000")),
    };
    to_js(&crate::run_search_bench(nodes, &PerformanceClock))
}

/// The browser's clock for the search's time cap.
struct PerformanceClock;

impl crate::ai::Clock for PerformanceClock {
    fn now_ms(&self) -> f64 {
        performance_now()
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ThoughtOut {
    from: Cell,
    to: Cell,
    path: Vec<Cell>,
    text: String,
    score: i32,
    depth: u32,
    nodes: u64,
    pv: Vec<String>,
    millis: f64,
}

/// Reads `{level, nodes, timeMs, seed}`; every field optional (level 5, its default
/// budget, seed 1).
fn think_options(options: &JsValue) -> Result<(crate::ai::Player, crate::ai::Budget, u64), JsError> {
    use crate::ai::{Budget, Player, DEFAULT_BUDGET};
    if options.is_undefined() || options.is_null() {
        return Ok((Player::Level(5), DEFAULT_BUDGET, 1));
    }
    if !options.is_object() {
        return Err(err("options must be an object like {level: 5}"));
    }
    let get = |k: &str| js_sys::Reflect::get(options, &JsValue::from_str(k)).unwrap_or(JsValue::UNDEFINED);
    let level = get("level");
    let player = if level.is_undefined() {
        Player::Level(5)
    } else if let Some(s) = level.as_string() {
        s.parse::<Player>().map_err(err)?
    } else {
        match level.as_f64() {
            Some(l) if l.fract() == 0.0 && (1.0..=5.0).contains(&l) => Player::Level(l as u8),
            _ => return Err(err("level must be 1 to 5, \"greedy\" or \"random\"")),
        }
    };
    let number = |k: &str, max: f64| -> Result<Option<f64>, JsError> {
        let v = get(k);
        if v.is_undefined() || v.is_null() {
            return Ok(None);
        }
        match v.as_f64() {
            Some(x) if x.fract() == 0.0 && x >= 0.0 && x <= max => Ok(Some(x)),
            _ => Err(err(format!("{k} must be a whole number from 0 to {max}"))),
        }
    };
    let nodes = number("nodes", 1e10)?.map(|n| (n as u64).max(1));
    let millis = number("timeMs", 600_000.0)?.map(|t| t.max(1.0));
    let seed = number("seed", 9_007_199_254_740_991.0)?.map_or(1, |s| s as u64);
    let budget = match (nodes, millis) {
        (None, None) => DEFAULT_BUDGET,
        (nodes, millis) => Budget { nodes, millis },
    };
    Ok((player, budget, seed))
}

fn think_out(pos: &Position, options: &JsValue) -> Result<JsValue, JsError> {
    let (player, budget, seed) = think_options(options)?;
    let t = performance_now();
    let Some(th) = crate::ai::think(pos, player, budget, seed, &PerformanceClock) else {
        return Ok(JsValue::NULL);
    };
    let g = pos.geometry();
    let text = |m: &Move| format!("{}-{}", g.name(m.from), g.name(m.to));
    to_js(&ThoughtOut {
        from: th.mv.from,
        to: th.mv.to,
        text: text(&th.mv),
        path: th.path,
        score: th.score,
        depth: th.depth,
        nodes: th.nodes,
        pv: th.pv.iter().map(text).collect(),
        millis: performance_now() - t,
    })
}

/// The computer's move for the seat to move in a position string. `options`:
/// `{level: 1..5 | "greedy" | "random", nodes, timeMs, seed}`, all optional (level 5 with
/// its default budget of about a second). With a node budget the answer is the same on
/// every platform. Returns `{from, to, path, text, score, depth, nodes, pv, millis}`, or
/// `null` when the game is over or the seat must pass. Blocks while it thinks: call it from
/// a worker.
#[wasm_bindgen(js_name = bestMove)]
pub fn best_move(position: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let pos: Position = str_arg(&position, "position")?.parse().map_err(err)?;
    think_out(&pos, &options)
}

#[wasm_bindgen]
impl Game {
    /// What the computer would play for the seat to move (a hint); as `bestMove`.
    pub fn hint(&self, options: JsValue) -> Result<JsValue, JsError> {
        if self.inner.is_over() {
            // Bad options are an error here too, as in a game that goes on.
            think_options(&options)?;
            return Ok(JsValue::NULL);
        }
        think_out(self.inner.position(), &options)
    }
}
