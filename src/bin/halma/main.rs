//! `halma`: the rules engine, the computer players and the solitaire solvers on the command
//! line. Each file holds a group of subcommands; clap parses the arguments, the library
//! does the work, and this program prints it.

mod ai;
mod baseline;
mod bench;
mod ccp;
mod mcts;
mod procs;
mod referee;
mod rules;
mod solve;
mod train;

use clap::{Parser, Subcommand};
use halma::{Move, Position, Variant};
use std::process::ExitCode;

/// How positions and variants are written, for the help texts.
const FORMATS: &str = "\
A variant is a string like halma, halma-8x8, star-3+long, star-6+teams=opposite or solitaire.
A position is one argument in quotes, \"<variant> <seat to move> <rows>\", e.g.
\"halma-8x8 1 ....2222/.....222/......22/.......2/1......./11....../111...../1111....\".";

/// Halma and Chinese checkers on the command line: rules checks, the computer players,
/// benchmarks and the puzzles.
#[derive(Parser)]
#[command(name = "halma", version, after_help = FORMATS)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Perft(rules::PerftArgs),
    Moves(rules::MovesArgs),
    Play(rules::PlayArgs),
    Bench(bench::BenchArgs),
    Bestmove(ai::BestmoveArgs),
    Selfplay(ai::SelfplayArgs),
    Solve(solve::SolveArgs),
    Ccp(ccp::CcpArgs),
    BaselineEngine(ccp::BaselineArgs),
    MctsEngine(mcts::MctsArgs),
    Match(referee::MatchArgs),
    Openings(referee::OpeningsArgs),
    Puzzle(solve::PuzzleArgs),
    Train(train::TrainArgs),
}

/// A failed command: the message for the user (clap reports usage errors itself).
type Outcome = Result<(), String>;

fn main() -> ExitCode {
    let command = Cli::parse().command;
    if !matches!(command, Command::Match(_)) {
        // Output to a closed pipe (`halma play … | head -1`) ends the program quietly, as
        // other command-line tools do, instead of a panic in `println!`. Not for the
        // referee, which writes to engines that may have died and handles the error.
        // SAFETY: setting a signal's disposition to the default, before any thread starts.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        }
    }
    let result = match command {
        Command::Perft(a) => rules::perft(a),
        Command::Moves(a) => rules::moves(a),
        Command::Play(a) => rules::play(a),
        Command::Bench(a) => bench::bench(a),
        Command::Bestmove(a) => ai::bestmove(a),
        Command::Selfplay(a) => ai::selfplay(a),
        Command::Solve(a) => solve::solve(a),
        Command::Ccp(a) => ccp::ccp(a),
        Command::BaselineEngine(a) => ccp::baseline(a),
        Command::MctsEngine(a) => mcts::mcts_engine(a),
        Command::Match(a) => referee::run_match(a),
        Command::Openings(a) => referee::openings(a),
        Command::Puzzle(a) => solve::puzzle(a),
        Command::Train(a) => train::train(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("halma: {msg}");
            ExitCode::from(2)
        }
    }
}

/// Parses `<variant|position>`: a variant's starting position or a whole position.
fn parse_start(text: &str) -> Result<Position, halma::Error> {
    Position::from_variant_or_position(text)
}

/// Parses a number of `unit` from `lo` to `hi`: finite, in range (clap's value parser for
/// the floating-point arguments).
fn ranged_f64(text: &str, lo: f64, hi: f64, unit: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && (lo..=hi).contains(&x) => Ok(x),
        _ => Err(format!("expected {unit} from {lo} to {hi}")),
    }
}

/// Parses a variant.
fn parse_variant(text: &str) -> Result<Variant, halma::Error> {
    text.parse()
}

/// `e4-e6`: a move by its cell names.
fn move_name(pos: &Position, m: Move) -> String {
    let g = pos.geometry();
    format!("{}-{}", g.name(m.from), g.name(m.to))
}
