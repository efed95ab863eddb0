//! `halma ccp` and `halma baseline-engine`: an engine speaking CCP on stdin/stdout. The
//! messages, the board encoding, the rules and the command loop are in `halma::ccp`; this
//! file starts it.

use crate::baseline::Baseline;
use crate::Outcome;
use clap::Args;
use halma::ai::Player;
use halma::ccp::{serve, AiEngine};
use std::io;

/// Speak CCP (the Chinese Checkers Protocol of the CCERL rating list) on stdin/stdout.
///
/// The engine plays the CCERL rules (the variant star-2+any-camp+balance+turns=120). It
/// answers ccp, protocol, isready, setoption (Level, Seed), position startpos | cells
/// <COMPACT121> player <0|1> ply <N>, go movetime | nodes | wtime/btime/winc/binc |
/// infinite, stop, newgame and quit. A bad or out-of-order line, one that is not UTF-8 or
/// longer than 64 KiB gets an "error" line and the engine goes on; every go gets one
/// bestmove ("bestmove 0000" when it cannot be answered). Movetimes and clocks are capped
/// at an hour a move, nodes at 10^10.
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
    let mut e = AiEngine::new(a.level, a.seed);
    serve(&mut e, io::stdin().lock(), &mut io::stdout().lock()).map_err(|e| e.to_string())
}

/// `halma baseline-engine`.
pub fn baseline(_: BaselineArgs) -> Outcome {
    let mut e = Baseline::new();
    serve(&mut e, io::stdin().lock(), &mut io::stdout().lock()).map_err(|e| e.to_string())
}
