//! `halma solve`: the solitaire puzzle.

use crate::{parse_variant, Outcome};
use clap::Args;
use halma::puzzle::{search_solitaire_with_tail, solve_each_once, OnceResult};
use halma::{Game, Move, Variant};
use std::time::Instant;

/// Solve the solitaire puzzle.
///
/// By default a beam search under the rules (a piece may move again): prints the solution
/// as the final position and the game record, or the best line the beam reached (its sum
/// of x + y against the goal, and the pieces left unmatched) and fails, which does not
/// prove that no solution exists. The beam's positions TAIL moves before the end are
/// completed exhaustively. With --once, decides exhaustively the reading in which no piece
/// moves twice, and prints the solution or that there is none.
#[derive(Args)]
#[command(verbatim_doc_comment)]
pub struct SolveArgs {
    /// A solitaire variant
    #[arg(value_parser = parse_variant, default_value = "solitaire")]
    variant: Variant,
    /// Positions the beam keeps per move
    ///
    /// On 16×16 a beam of 1000 came closer (3 pieces unmatched) than 4000 or 30000 (4).
    #[arg(long, value_name = "W", default_value_t = 1000)]
    width: usize,
    /// Last moves searched in full from the beam's positions
    ///
    /// Each move more costs about ten times as much; 10 adds about 11 s to a beam of 1000.
    #[arg(long, value_name = "K", default_value_t = 10)]
    tail: usize,
    /// Decide the reading "no piece moves twice" exhaustively instead
    ///
    /// The 16×16 puzzle takes about 12 minutes and 3 GB of memory (it has no such solution).
    #[arg(long, conflicts_with_all = ["width", "tail"])]
    once: bool,
}

/// `halma solve`.
pub fn solve(a: SolveArgs) -> Outcome {
    let v = a.variant;
    if !v.is_solitaire() {
        return Err(format!("{v} is not a solitaire variant"));
    }
    if a.once {
        return solve_once(v);
    }
    let t = Instant::now();
    let found = search_solitaire_with_tail(v, a.width, a.tail).ok_or("not a solitaire variant")?;
    let secs = t.elapsed().as_secs_f64();
    if !found.solved {
        println!(
            "best line: sum of x + y {} ({} needed), {} pieces unmatched",
            found.sum, found.goal, found.unmatched
        );
    }
    print_line(v, &found.moves)?;
    if found.solved {
        eprintln!("solved in {} moves, {secs:.1} s", found.moves.len());
        Ok(())
    } else {
        Err(format!(
            "no solution found with a beam of {} and a tail of {} ({secs:.1} s); this does not prove that none exists",
            a.width, a.tail
        ))
    }
}

/// `halma solve --once`.
fn solve_once(v: Variant) -> Outcome {
    let t = Instant::now();
    let found = solve_each_once(v, &mut |states| {
        eprintln!(
            "{:.0} s: {} million states",
            t.elapsed().as_secs_f64(),
            states / 1_000_000
        );
    })
    .map_err(|e| e.to_string())?;
    let secs = t.elapsed().as_secs_f64();
    match found {
        OnceResult::NoSolution { states } => {
            println!(
                "{v}: no solution in which no piece moves twice (exhaustive: {states} states, {secs:.0} s)"
            );
        }
        OnceResult::Solved { moves, states } => {
            print_line(v, &moves)?;
            eprintln!("solved, no piece moving twice ({states} states, {secs:.1} s)");
        }
    }
    Ok(())
}

/// Prints the position after `moves` from the start of `v`, and the game record.
fn print_line(v: Variant, moves: &[Move]) -> Outcome {
    let mut g = Game::new(v);
    for &m in moves {
        g.play(m).map_err(|e| e.to_string())?;
    }
    println!("{}", g.position());
    print!("{}", g.record());
    Ok(())
}
