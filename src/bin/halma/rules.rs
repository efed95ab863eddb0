//! `halma perft`, `halma moves` and `halma play`: the rules engine.

use crate::{move_name, parse_start, Outcome};
use clap::Args;
use halma::{Game, Position};
use std::time::Instant;

/// Count the move sequences of a given length (the engine's check).
///
/// Prints the number of move sequences DEPTH plies long (a seat with no legal move passes,
/// and the pass counts as its ply) and, on stderr, the time taken. With --divide, first the
/// count below each legal move. tests/perft/ holds the counts the engine is checked against.
#[derive(Args)]
#[command(verbatim_doc_comment, after_help = crate::FORMATS)]
pub struct PerftArgs {
    /// The variant (its starting position) or a position in quotes
    #[arg(value_name = "VARIANT|POSITION", value_parser = parse_start)]
    start: Position,
    /// Plies to count, 0 to 12
    #[arg(value_parser = clap::value_parser!(u32).range(0..=12))]
    depth: u32,
    /// Also print the count below each legal move ("e4-e6: 1234", "pass: 56")
    #[arg(long)]
    divide: bool,
}

/// List the legal moves, one per line as "from-to".
///
/// Different hop paths to the same cell are one move.
#[derive(Args)]
#[command(verbatim_doc_comment, after_help = crate::FORMATS)]
pub struct MovesArgs {
    /// The variant (its starting position) or a position in quotes
    #[arg(value_name = "VARIANT|POSITION", value_parser = parse_start)]
    start: Position,
}

/// Play moves, then print the position and the result.
///
/// Prints the position after the moves and the outcome, or which seat is to move. Fails
/// with the move's number and the reason at the first move the rules do not allow.
#[derive(Args)]
#[command(verbatim_doc_comment, after_help = crate::FORMATS)]
pub struct PlayArgs {
    /// The variant (its starting position) or a position in quotes
    #[arg(value_name = "VARIANT|POSITION", value_parser = parse_start)]
    start: Position,
    /// Moves as "from-to" or whole hop paths ("a1-c3-e5"), played in order
    #[arg(value_name = "MOVE")]
    moves: Vec<String>,
}

/// `halma perft`.
pub fn perft(a: PerftArgs) -> Outcome {
    let pos = a.start;
    let t = Instant::now();
    let total = if a.divide {
        let mut total = 0;
        for (m, n) in pos.perft_divide(a.depth) {
            match m {
                Some(m) => println!("{}: {n}", move_name(&pos, m)),
                None => println!("pass: {n}"),
            }
            total += n;
        }
        total
    } else {
        pos.perft(a.depth)
    };
    eprintln!("{:.3} s", t.elapsed().as_secs_f64());
    println!("{total}");
    Ok(())
}

/// `halma moves`.
pub fn moves(a: MovesArgs) -> Outcome {
    for m in a.start.legal_moves() {
        println!("{}", move_name(&a.start, m));
    }
    Ok(())
}

/// `halma play`.
pub fn play(a: PlayArgs) -> Outcome {
    let mut game = Game::from_position(a.start);
    for (i, m) in a.moves.iter().enumerate() {
        game.play_text(m)
            .map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
    }
    println!("{}", game.position());
    match game.outcome() {
        Some(o) => println!("{o}"),
        None => println!("seat {} to move", game.position().turn()),
    }
    Ok(())
}
