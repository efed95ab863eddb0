//! `halma ccp` and `halma baseline-engine`: an engine speaking CCP on stdin/stdout. The
//! messages, the board encoding and the rules are in `halma::ccp`; this file is the loop.

use crate::baseline::Baseline;
use crate::Outcome;
use clap::Args;
use halma::ai::{self, Budget, Player, SystemClock, DEFAULT_BUDGET};
use halma::ccp::{self, Command, GoLimits};
use halma::{Cell, Move, Position};
use std::io::{self, BufRead, Write};

/// What an engine answers to `go`.
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
    /// `setoption`; an error for an unknown option or a bad value.
    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String>;
    /// A move for the seat to move, `None` if it has none.
    fn choose(&mut self, pos: &Position, budget: Budget) -> Option<Choice>;
    /// `newgame`: forget what was learnt about the last game.
    fn new_game(&mut self) {}
}

/// Our computer player at a level.
pub struct Ours {
    level: Player,
    seed: u64,
}

impl Engine for Ours {
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
        let v = value.ok_or_else(|| format!("option {name} needs a value"))?;
        match name.to_ascii_lowercase().as_str() {
            "level" => self.level = v.parse()?,
            "seed" => self.seed = v.parse().map_err(|_| format!("Seed: '{v}' is not a number"))?,
            _ => return Err(format!("unknown option '{name}' (Level, Seed)")),
        }
        Ok(())
    }
    fn choose(&mut self, pos: &Position, budget: Budget) -> Option<Choice> {
        let t = ai::think(pos, self.level, budget, self.seed, &SystemClock::default())?;
        Some(Choice {
            path: t.path,
            depth: t.depth,
            score: t.score,
            nodes: t.nodes,
            pv: t.pv,
        })
    }
}

/// Speak CCP (the Chinese Checkers Protocol of the CCERL rating list) on stdin/stdout.
///
/// The engine plays the CCERL rules (the variant star-2+any-camp+balance+turns=120). It
/// answers ccp, protocol, isready, setoption (Level, Seed), position startpos | cells
/// <COMPACT121> player <0|1> ply <N>, go movetime | nodes | wtime/btime/winc/binc |
/// infinite, stop, newgame and quit. A bad or out-of-order line gets an "error" line and
/// the engine goes on.
#[derive(Args)]
#[command(verbatim_doc_comment)]
pub struct CcpArgs {
    /// The player: a level 1 to 5, greedy or random
    #[arg(long, value_name = "L", default_value = "5")]
    level: Player,
    /// Seed of the player's random choices
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
}

/// The baseline: a plain alpha-beta engine speaking CCP, the reference opponent.
///
/// Iterative deepening, a transposition table and the progress evaluation (rows gained,
/// ours minus theirs); nothing else. It answers the same commands as `halma ccp`.
#[derive(Args)]
#[command(verbatim_doc_comment)]
pub struct BaselineArgs {}

/// `halma ccp`.
pub fn ccp(a: CcpArgs) -> Outcome {
    let mut e = Ours {
        level: a.level,
        seed: a.seed,
    };
    serve(&mut e, io::stdin().lock(), &mut io::stdout().lock()).map_err(|e| e.to_string())
}

/// `halma baseline-engine`.
pub fn baseline(_: BaselineArgs) -> Outcome {
    let mut e = Baseline::new();
    serve(&mut e, io::stdin().lock(), &mut io::stdout().lock()).map_err(|e| e.to_string())
}

/// Milliseconds kept back from `movetime`, for the answer to reach the referee in time.
const MARGIN_MS: f64 = 5.0;

/// The budget of a `go`.
fn budget(g: &GoLimits, player: u8) -> (Budget, Option<String>) {
    if let Some(ms) = g.movetime {
        return (Budget::millis((ms as f64 * 0.97 - MARGIN_MS).max(1.0)), None);
    }
    if let Some(n) = g.nodes {
        return (Budget::nodes(n.max(1)), None);
    }
    if let Some(ms) = g.clock_millis(player) {
        return (Budget::millis((ms as f64 - MARGIN_MS).max(1.0)), None);
    }
    let note = g
        .depth
        .map(|_| "info string go depth is not supported; searching the default budget".to_string());
    (DEFAULT_BUDGET, note)
}

/// The protocol loop: reads commands until `quit` or the end of the input.
pub fn serve(engine: &mut dyn Engine, input: impl BufRead, out: &mut impl Write) -> io::Result<()> {
    let mut pos: Option<(Position, u32)> = None;
    for line in input.lines() {
        let line = line?;
        let cmd = match ccp::parse_command(&line) {
            Ok(Some(c)) => c,
            Ok(None) => continue,
            Err(e) => {
                writeln!(out, "error {e}")?;
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
                    None => Ok(Position::start(ccp::ccerl_variant())),
                    Some(c) => ccp::position_from_cells(&c, player),
                };
                match parsed {
                    Ok(p) => pos = Some((p, ply)),
                    Err(e) => {
                        pos = None;
                        writeln!(out, "error position: {e}")?;
                    }
                }
            }
            Command::Go(g) => {
                go(engine, pos.as_ref(), &g, out)?;
            }
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
    let Some((pos, _ply)) = pos else {
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
    let (budget, note) = budget(g, ccp::player_of(pos.turn()));
    if let Some(n) = note {
        writeln!(out, "{n}")?;
    }
    let t = std::time::Instant::now();
    let Some(c) = engine.choose(pos, budget) else {
        writeln!(
            out,
            "error go: player {} has no legal move",
            ccp::player_of(pos.turn())
        )?;
        return writeln!(out, "bestmove 0000");
    };
    let ms = t.elapsed().as_millis();
    let pv: Vec<String> = c.pv.iter().map(|m| ccp::path_text(&[m.from, m.to])).collect();
    writeln!(
        out,
        "info depth {} score cp {} nodes {} time {ms} pv {}",
        c.depth,
        c.score,
        c.nodes,
        pv.join(" ")
    )?;
    writeln!(out, "bestmove {}", ccp::path_text(&c.path))
}
