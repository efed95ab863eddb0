//! The engine side of CCP: the command loop ([`serve`]) over any [`Engine`], and our
//! computer player behind it ([`AiEngine`]). `halma ccp` and `halma baseline-engine` run
//! it on stdin/stdout; the fuzz target `ccp` feeds it arbitrary bytes.

use super::{
    clip, first_word, parse_command, player_of, text, Command, GoLimits, Line, LineReader, MAX_LINE,
};
use crate::ai::{self, Budget, Player, SystemClock, DEFAULT_BUDGET};
use crate::{Cell, Move, Position};
use std::io::{self, BufRead, Write};

/// What an engine answers to `go`.
#[derive(Clone, Debug)]
pub struct Choice {
    /// The move's path, origin first.
    pub path: Vec<Cell>,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Score for the mover, hundredths of a row.
    pub score: i32,
    /// Positions visited.
    pub nodes: u64,
    /// The expected line.
    pub pv: Vec<Move>,
}

/// A player behind the protocol.
pub trait Engine {
    /// `id name`.
    fn name(&self) -> String;
    /// The `option` lines of the handshake.
    fn options(&self) -> Vec<String>;
    /// `setoption`; an error for an unknown option or a bad value (echoing at most a
    /// [`clip`] of what it was sent).
    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String>;
    /// A move for the seat to move, `None` if it has none.
    fn choose(&mut self, pos: &Position, budget: Budget) -> Option<Choice>;
    /// `newgame`: forget what was learnt about the last game.
    fn new_game(&mut self) {}
}

/// Our computer player at a level (`halma ccp`): options `Level` and `Seed`.
pub struct AiEngine {
    level: Player,
    seed: u64,
    /// The hashes of the game's positions so far (those it was asked about and those its
    /// moves made), which its search avoids returning to ([`ai::think_after`]); the
    /// protocol sends positions, not the game. Cleared by `newgame`.
    earlier: Vec<u64>,
}

/// The most positions [`AiEngine`] remembers (a game under the CCERL rules has 240 plies).
const EARLIER_MAX: usize = 1024;

impl AiEngine {
    /// The player at `level`, its random choices seeded by `seed`.
    pub fn new(level: Player, seed: u64) -> AiEngine {
        AiEngine {
            level,
            seed,
            earlier: Vec::new(),
        }
    }
}

impl Engine for AiEngine {
    fn name(&self) -> String {
        format!("halma {} ({})", env!("CARGO_PKG_VERSION"), self.level)
    }
    fn options(&self) -> Vec<String> {
        vec![
            "option name Level type spin default 5 min 1 max 5".into(),
            "option name Seed type spin default 1 min 0 max 4294967295".into(),
        ]
    }
    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let v = value.ok_or_else(|| format!("option {} needs a value", clip(name)))?;
        match name.to_ascii_lowercase().as_str() {
            "level" => {
                self.level = v
                    .parse()
                    .map_err(|_| format!("Level: '{}' is not a level 1 to 5, greedy or random", clip(v)))?
            }
            "seed" => {
                self.seed = v
                    .parse()
                    .map_err(|_| format!("Seed: '{}' is not a number", clip(v)))?
            }
            _ => return Err(format!("unknown option '{}' (Level, Seed)", clip(name))),
        }
        Ok(())
    }
    fn choose(&mut self, pos: &Position, budget: Budget) -> Option<Choice> {
        let t = ai::think_after(
            pos,
            &self.earlier,
            self.level,
            budget,
            self.seed,
            &SystemClock::default(),
        );
        if self.earlier.len() + 2 > EARLIER_MAX {
            self.earlier.drain(..self.earlier.len() + 2 - EARLIER_MAX);
        }
        self.earlier.push(pos.hash());
        let t = t?;
        if let Ok(after) = pos.after(t.mv) {
            self.earlier.push(after.hash());
        }
        Some(Choice {
            path: t.path,
            depth: t.depth,
            score: t.score,
            nodes: t.nodes,
            pv: t.pv,
        })
    }
    fn new_game(&mut self) {
        self.earlier.clear();
    }
}

/// The protocol loop: reads commands until `quit` or the end of the input, and answers on
/// `out`. Lines are read as bytes ([`LineReader`]: LF, CRLF or CR ends one). A line that
/// is not UTF-8, longer than [`MAX_LINE`], or not a command gets one `error` line and the
/// loop goes on; every line whose first word is `go` gets exactly one `bestmove` (`bestmove
/// 0000` after the error line when it cannot be answered).
///
/// # Errors
/// Only the input's and the output's I/O errors.
pub fn serve(engine: &mut dyn Engine, input: impl BufRead, out: &mut impl Write) -> io::Result<()> {
    let mut pos: Option<(Position, u32)> = None;
    let mut reader = LineReader::new(input);
    while let Some(line) = reader.read_line()? {
        let is_go = first_word(line.bytes()) == b"go";
        let parsed = match &line {
            Line::TooLong(_) => Err(format!("the line is longer than {MAX_LINE} bytes; ignored")),
            Line::Bytes(b) => text(b).and_then(parse_command),
        };
        let cmd = match parsed {
            Ok(Some(c)) => c,
            Ok(None) => continue,
            Err(e) => {
                writeln!(out, "error {e}")?;
                if is_go {
                    writeln!(out, "bestmove 0000")?;
                }
                out.flush()?;
                continue;
            }
        };
        match cmd {
            Command::Ccp => {
                writeln!(out, "id name {}", engine.name())?;
                writeln!(out, "id author the halma authors")?;
                for o in engine.options() {
                    writeln!(out, "{o}")?;
                }
                writeln!(out, "ccpok")?;
            }
            Command::Protocol => writeln!(out, "protocol ccp 1")?,
            Command::IsReady => writeln!(out, "readyok")?,
            Command::NewGame => {
                pos = None;
                engine.new_game();
            }
            Command::SetOption { name, value } => {
                if matches!(name.to_ascii_lowercase().as_str(), "threads" | "hash" | "gpu") {
                    writeln!(
                        out,
                        "info string option {name} ignored: the engine uses one thread"
                    )?;
                } else if let Err(e) = engine.set_option(&name, value.as_deref()) {
                    writeln!(out, "error setoption: {e}")?;
                }
            }
            Command::Position { cells, player, ply } => {
                let parsed = match cells {
                    None => Ok(Position::start(super::ccerl_variant())),
                    Some(c) => super::position_from_cells(&c, player),
                };
                match parsed {
                    Ok(p) => pos = Some((p, ply)),
                    Err(e) => {
                        pos = None;
                        writeln!(out, "error position: {e}")?;
                    }
                }
            }
            Command::Go(g) => go(engine, pos.as_ref(), &g, out)?,
            Command::Stop => {}
            Command::Quit => return out.flush(),
        }
        out.flush()?;
    }
    out.flush()
}

/// Answers `go` with `info` and `bestmove`, or an error line and `bestmove 0000` when there
/// is nothing to move (so a referee waiting for `bestmove` is never left waiting).
fn go(
    engine: &mut dyn Engine,
    pos: Option<&(Position, u32)>,
    g: &GoLimits,
    out: &mut impl Write,
) -> io::Result<()> {
    let Some((pos, ply)) = pos else {
        writeln!(
            out,
            "error go before a valid position: send position startpos or position cells ..."
        )?;
        return writeln!(out, "bestmove 0000");
    };
    if pos.is_over() {
        writeln!(out, "error go: the game is over in this position")?;
        return writeln!(out, "bestmove 0000");
    }
    let (budget, notes) = g.budget(player_of(pos.turn()), *ply, DEFAULT_BUDGET);
    for n in notes {
        writeln!(out, "{n}")?;
    }
    out.flush()?;
    let t = std::time::Instant::now();
    let Some(c) = engine.choose(pos, budget) else {
        writeln!(
            out,
            "error go: player {} has no legal move",
            player_of(pos.turn())
        )?;
        return writeln!(out, "bestmove 0000");
    };
    let ms = t.elapsed().as_millis();
    let pv: Vec<String> = c.pv.iter().map(|m| super::path_text(&[m.from, m.to])).collect();
    writeln!(
        out,
        "info depth {} score cp {} nodes {} time {ms} pv {}",
        c.depth,
        c.score,
        c.nodes,
        pv.join(" ")
    )?;
    writeln!(out, "bestmove {}", super::path_text(&c.path))
}
