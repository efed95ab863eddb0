//! `halma bench`: move generation and search speed.

use crate::{ranged_f64, Outcome};
use clap::Args;
use halma::ai::SystemClock;
use halma::ccp::MAX_NODES;

/// Measure move generation and search speed (single thread).
///
/// Move generation: whole move lists per second on fixed mid-game positions of each board,
/// then perft of two cross-checked start positions. Search: level 5 nodes per second from
/// each mid-game position. The wasm build runs the same work (./build.sh bench compares
/// the two).
#[derive(Args)]
#[command(verbatim_doc_comment)]
pub struct BenchArgs {
    /// Seconds of move generation per board, 0.01 to 3600
    #[arg(long, value_name = "S", default_value_t = 1.0, value_parser = seconds)]
    seconds: f64,
    /// Level 5's nodes per search position, 1 to 10^10
    #[arg(long, value_name = "N", default_value_t = 200_000, value_parser = positive)]
    nodes: u64,
}

/// Parses `--seconds`: finite, from 0.01 to 3600.
fn seconds(text: &str) -> Result<f64, String> {
    ranged_f64(text, 0.01, 3600.0, "seconds")
}

/// Parses a whole number above 0, at most [`MAX_NODES`].
fn positive(text: &str) -> Result<u64, String> {
    match text.parse() {
        Ok(n) if n > 0 && n <= MAX_NODES => Ok(n),
        _ => Err(format!("expected a whole number above 0, at most {MAX_NODES}")),
    }
}

/// `halma bench`.
pub fn bench(a: BenchArgs) -> Outcome {
    let clock = SystemClock::default();
    println!("move generation, single thread, whole move lists per second:");
    for r in halma::run_bench(a.seconds * 1000.0, &clock) {
        match (r.moves_per_list, r.leaves) {
            (Some(moves), _) => println!(
                "  {:<8} mid-game: {:>6.2} M lists/s ({moves:.0} moves per list, {} positions)",
                r.name.trim_end_matches(" mid-game"),
                r.lists_per_second / 1e6,
                r.positions
            ),
            (_, leaves) => println!(
                "  {}: {} in {:.2} s, {:.2} M lists/s, {:.1} M leaves/s",
                r.name,
                leaves.unwrap_or(0),
                r.seconds,
                r.lists_per_second / 1e6,
                leaves.unwrap_or(0) as f64 / r.seconds / 1e6
            ),
        }
    }
    println!(
        "search, level 5, {} nodes from each mid-game position, single thread:",
        a.nodes
    );
    for r in halma::run_search_bench(a.nodes, &clock) {
        println!(
            "  {:<8} search: {:>6.2} M nodes/s ({} nodes in {:.2} s, depth {:.1}, {} positions)",
            r.name.trim_end_matches(" search"),
            r.nodes_per_second / 1e6,
            r.nodes,
            r.seconds,
            r.depth,
            r.positions
        );
    }
    Ok(())
}
