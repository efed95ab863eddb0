//! The values that cross to and from JavaScript and have no engine type of their own, as
//! serde types (wasm32 only; `wasm.rs` converts them with serde-wasm-bindgen). The engine's
//! own data (`VariantInfo`, `BoardDescription`, `Standing`, `Outcome`, …) derives
//! `Serialize` where it is defined, behind the same `cfg`, so the native build has no serde.
//!
//! The shapes are those of docs/engine.md "The wasm API": fields in camelCase, in the order
//! listed there, `null` for an absent value, plain arrays of numbers inside objects.

use crate::ai::{Analysis, Player, Thought};
use crate::puzzle::{Kind, Puzzle};
use crate::{Cell, Move, Ply, Position};
use serde::de::{self, Deserializer, Unexpected, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A move with one shortest hop path: `{from, to, path}`.
#[derive(Serialize)]
pub struct PathMove {
    /// The origin.
    pub from: Cell,
    /// The destination.
    pub to: Cell,
    /// The cells of the path, origin first.
    pub path: Vec<Cell>,
}

impl PathMove {
    /// `m` with its path.
    pub fn new(m: Move, path: Vec<Cell>) -> PathMove {
        PathMove {
            from: m.from,
            to: m.to,
            path,
        }
    }
}

/// One ply as played: `{seat, move: {from, to} | null, path, text}`.
#[derive(Serialize)]
pub struct PlyOut {
    /// The seat whose turn it was (1-based).
    pub seat: usize,
    /// The move, `null` for a pass.
    #[serde(rename = "move")]
    pub mv: Option<Move>,
    /// Its path, empty for a pass.
    pub path: Vec<Cell>,
    /// The move text, or `pass`.
    pub text: String,
}

impl PlyOut {
    /// `ply` with its text in `pos` (any position of the game: names do not change).
    pub fn new(ply: &Ply, pos: &Position) -> PlyOut {
        PlyOut {
            seat: ply.seat,
            mv: ply.mv,
            path: ply.path.clone(),
            text: ply.text(pos),
        }
    }
}

/// `bestMove`'s and `hint`'s answer: `{from, to, path, text, score, depth, nodes, pv,
/// millis}`.
#[derive(Serialize)]
pub struct ThoughtOut {
    /// The origin.
    pub from: Cell,
    /// The destination.
    pub to: Cell,
    /// One shortest path of the move.
    pub path: Vec<Cell>,
    /// The move text.
    pub text: String,
    /// The score for the mover, in hundredths of a row.
    pub score: i32,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// The expected line, as move texts.
    pub pv: Vec<String>,
    /// Time taken.
    pub millis: f64,
}

impl ThoughtOut {
    /// `th`, found in `pos` in `millis` ms.
    pub fn new(th: Thought, pos: &Position, millis: f64) -> ThoughtOut {
        ThoughtOut {
            from: th.mv.from,
            to: th.mv.to,
            path: th.path,
            text: pos.move_text(th.mv),
            score: th.score,
            depth: th.depth,
            nodes: th.nodes,
            pv: th.pv.iter().map(|&m| pos.move_text(m)).collect(),
            millis,
        }
    }
}

/// `analyse`'s answer (see `ai::Analysis`), the line with move texts.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisOut {
    /// The seat the figures are for.
    pub seat: usize,
    /// Whether the game has two sides.
    pub two_sided: bool,
    /// The score for `seat`.
    pub score: i32,
    /// The score in moves.
    pub moves: f64,
    /// The lead in rows of progress.
    pub lead: i32,
    /// Each seat's chance to win (more than two sides).
    pub wins: Vec<f64>,
    /// Playouts of the race model.
    pub playouts: u32,
    /// Search depth.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// The expected line.
    pub pv: Vec<LineOut>,
    /// Time taken.
    pub millis: f64,
}

/// A move of the analysis' line: `{seat, from, to, path, text}`.
#[derive(Serialize)]
pub struct LineOut {
    /// The seat that plays it.
    pub seat: usize,
    /// The origin.
    pub from: Cell,
    /// The destination.
    pub to: Cell,
    /// One shortest path.
    pub path: Vec<Cell>,
    /// The move text.
    pub text: String,
}

impl AnalysisOut {
    /// `a`, made in `pos` in `millis` ms.
    pub fn new(a: Analysis, pos: &Position, millis: f64) -> AnalysisOut {
        let pv =
            a.pv.into_iter()
                .map(|l| LineOut {
                    seat: l.seat,
                    from: l.mv.from,
                    to: l.mv.to,
                    text: pos.move_text(l.mv),
                    path: l.path,
                })
                .collect();
        AnalysisOut {
            seat: a.seat,
            two_sided: a.two_sided,
            score: a.score,
            moves: a.moves,
            lead: a.lead,
            wins: a.wins,
            playouts: a.playouts,
            depth: a.depth,
            nodes: a.nodes,
            pv,
            millis,
        }
    }
}

/// An entry of `puzzles()`.
#[derive(Serialize)]
pub struct PuzzleOut {
    /// Its name.
    pub id: &'static str,
    /// What it asks for.
    pub kind: Kind,
    /// The variant it is played in.
    pub variant: String,
    /// The start position.
    pub start: String,
    /// The moves of the shipped solution.
    pub par: usize,
    /// Whether no shorter solution exists.
    pub proven: bool,
    /// A shorter solution from the literature, in moves.
    pub record: Option<usize>,
    /// The distinct solving figures known.
    pub figures: Option<u64>,
    /// The shipped solution, in hop-path notation.
    pub solution: Vec<String>,
}

impl From<&Puzzle> for PuzzleOut {
    fn from(p: &Puzzle) -> PuzzleOut {
        PuzzleOut {
            id: p.name,
            kind: p.kind,
            variant: p.play_variant().to_string(),
            start: p.start(),
            par: p.par,
            proven: p.proven.is_some(),
            record: p.record.map(|r| r.0),
            figures: p.figures,
            solution: p.solution(),
        }
    }
}

/// `levels()`: the computer's levels, the default, and the budget of a move in play.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Levels {
    /// The levels, weakest first.
    pub levels: &'static [u8],
    /// The level a new computer seat gets.
    pub default_level: u8,
    /// The node budget of a move in play.
    pub play_nodes: u64,
    /// The time cap of a move in play.
    pub play_millis: f64,
}

/// `bestMove`'s and `hint`'s options, `{level, nodes, timeMs, seed}`, all optional. The
/// numbers are read as JavaScript numbers and checked by `wasm.rs`, which names the field.
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ThinkOptions {
    /// 1 to 5, `"greedy"` or `"random"`.
    pub level: Option<Level>,
    /// The node budget.
    pub nodes: Option<f64>,
    /// The time cap in ms.
    pub time_ms: Option<f64>,
    /// The random seed.
    pub seed: Option<f64>,
}

/// `analyse`'s options, `{nodes, timeMs, seed}`: those of [`ThinkOptions`] without a level.
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AnalyseOptions {
    /// The node budget.
    pub nodes: Option<f64>,
    /// The time cap in ms.
    pub time_ms: Option<f64>,
    /// The random seed.
    pub seed: Option<f64>,
}

impl From<AnalyseOptions> for ThinkOptions {
    fn from(o: AnalyseOptions) -> ThinkOptions {
        ThinkOptions {
            level: None,
            nodes: o.nodes,
            time_ms: o.time_ms,
            seed: o.seed,
        }
    }
}

/// The `level` option: a number 1 to 5, or a name `Player` parses (`"greedy"`, `"random"`,
/// `"3"`).
pub struct Level(pub Player);

impl<'de> Deserialize<'de> for Level {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Level, D::Error> {
        struct LevelVisitor;
        impl Visitor<'_> for LevelVisitor {
            type Value = Level;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a level 1 to 5, \"greedy\" or \"random\"")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Level, E> {
                s.parse().map(Level).map_err(E::custom)
            }
            fn visit_f64<E: de::Error>(self, x: f64) -> Result<Level, E> {
                match x {
                    1.0..=5.0 if x.fract() == 0.0 => Ok(Level(Player::Level(x as u8))),
                    _ => Err(E::invalid_value(Unexpected::Float(x), &self)),
                }
            }
            fn visit_i64<E: de::Error>(self, x: i64) -> Result<Level, E> {
                match x {
                    1..=5 => Ok(Level(Player::Level(x as u8))),
                    _ => Err(E::invalid_value(Unexpected::Signed(x), &self)),
                }
            }
            fn visit_u64<E: de::Error>(self, x: u64) -> Result<Level, E> {
                self.visit_i64(x.min(i64::MAX as u64) as i64)
            }
        }
        d.deserialize_any(LevelVisitor)
    }
}
