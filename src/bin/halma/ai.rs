//! `halma bestmove` and `halma selfplay`: the computer players.

use crate::{move_name, parse_start, parse_variant, Outcome};
use clap::Args;
use halma::ai::{self, think, Budget, Match, Player, Side, SystemClock, Verdict, DEFAULT_BUDGET};
use halma::ccp::{MAX_MOVETIME_MS, MAX_NODES};
use halma::{Position, Variant};
use std::time::Instant;

/// How much a player may spend on a move.
#[derive(Args)]
pub struct BudgetArgs {
    /// Milliseconds per move instead of a node budget, 1 to 3600000
    ///
    /// Level 5 spends it all, levels 3 and 4 a fixed share. The search stops by the clock,
    /// so the moves vary from run to run.
    #[arg(long, value_name = "MS", conflicts_with = "nodes",
          value_parser = clap::value_parser!(u64).range(1..=MAX_MOVETIME_MS))]
    time: Option<u64>,
    /// Positions searched per move, 1 to 10^10 [default: level 5's budget in the browser]
    ///
    /// Level 5 spends it all, levels 3 and 4 a fixed share. The same budget and seed give
    /// the same moves on every machine.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_NODES))]
    nodes: Option<u64>,
}

impl BudgetArgs {
    fn budget(&self) -> Budget {
        match (self.time, self.nodes) {
            (Some(ms), _) => Budget::millis(ms.max(1) as f64),
            (None, Some(n)) => Budget::nodes(n.max(1)),
            (None, None) => DEFAULT_BUDGET,
        }
    }
}

/// Let the computer choose a move.
///
/// Prints a line "info player .. depth .. score .. nodes .. time .. nps .. pv ..." (the
/// score in hundredths of a row for the mover, the expected line of play) and then the
/// move as its hop path, e.g. "e2-e4-g6".
#[derive(Args)]
#[command(verbatim_doc_comment, after_help = crate::FORMATS)]
pub struct BestmoveArgs {
    /// The position in quotes, or a variant (its starting position)
    #[arg(value_name = "POSITION|VARIANT", value_parser = parse_start)]
    start: Position,
    /// The player: a level 1 (beginner) to 5 (full search), greedy or random
    #[arg(long, value_name = "L", default_value = "5")]
    level: Player,
    #[command(flatten)]
    budget: BudgetArgs,
    /// Seed of the player's random choices
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
}

/// Play two computer players against each other.
///
/// Seats are swapped every game (with three or more seats, A takes each seat in turn and B
/// plays all the others). Each pair of games shares an opening of random forward plies, so
/// the pair differs only in who sits where. Prints A's wins, draws, losses and score, with
/// three or more seats A's average place and its share of pairings won against single B
/// seats, the average game length, and each side's time and nodes per move.
#[derive(Args)]
#[command(verbatim_doc_comment)]
pub struct SelfplayArgs {
    /// The variant, with two or more seats
    #[arg(value_parser = parse_variant)]
    variant: Variant,
    /// Player A: a level 1 to 5, greedy or random
    #[arg(long = "a", value_name = "P")]
    a: Player,
    /// Player B: a level 1 to 5, greedy or random
    #[arg(long = "b", value_name = "P")]
    b: Player,
    /// Games to play, 1 to 1000000
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: u32,
    #[command(flatten)]
    budget: BudgetArgs,
    /// Seed of the openings and the players' random choices
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Random forward plies per seat that open each pair of games, 0 to 100
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=100))]
    opening: u32,
    /// Report every game on stderr, with the record of each game A lost
    #[arg(short, long)]
    verbose: bool,
}

/// `halma bestmove`.
pub fn bestmove(a: BestmoveArgs) -> Outcome {
    let pos = a.start;
    let player = a.level;
    let t = Instant::now();
    let Some(th) = think(&pos, player, a.budget.budget(), a.seed, &SystemClock::default()) else {
        return Err(if pos.is_over() {
            "the game is over in this position".into()
        } else {
            format!("seat {} has no legal move and must pass", pos.turn())
        });
    };
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    let pv: Vec<String> = th.pv.iter().map(|&m| move_name(&pos, m)).collect();
    println!(
        "info player {player} depth {} score {} nodes {} time {:.0} ms nps {:.0} pv {}",
        th.depth,
        th.score,
        th.nodes,
        ms,
        th.nodes as f64 / (ms / 1000.0).max(1e-9),
        pv.join(" ")
    );
    let g = pos.geometry();
    let path: Vec<&str> = th.path.iter().map(|&c| g.name(c)).collect();
    println!("{}", path.join("-"));
    Ok(())
}

/// `halma selfplay`.
pub fn selfplay(a: SelfplayArgs) -> Outcome {
    let m = Match {
        variant: a.variant,
        a: a.a,
        b: a.b,
        games: a.games,
        budget: a.budget.budget(),
        seed: a.seed,
        opening: a.opening,
    };
    let started = Instant::now();
    let r = ai::selfplay(&m, &SystemClock::default(), &mut |g| {
        if a.verbose {
            if g.verdict == Verdict::Loss {
                eprintln!("lost game record:\n{}", g.game.record());
            }
            eprintln!(
                "game {} (A = seat {}): {} after {} plies",
                g.number + 1,
                g.a_seat,
                g.game.outcome().map(|x| x.to_string()).unwrap_or_default(),
                g.game.history().len()
            );
        }
    })
    .map_err(|e| e.to_string())?;
    let seats = m.variant.seats();
    println!(
        "variant {}: A = {}, B = {}, {} games, budget {:?}",
        m.variant, m.a, m.b, m.games, m.budget
    );
    println!(
        "A wins {}, draws {}, losses {}: A scores {:.1}%",
        r.wins,
        r.draws,
        r.losses,
        r.score() * 100.0
    );
    if let Some(pairings) = r.pairings_won().filter(|_| seats > 2) {
        println!(
            "A's average place {:.2} of {seats}; A places ahead of a B seat in {:.1}% of pairings",
            r.average_place(),
            pairings * 100.0
        );
    }
    println!("average game length {:.1} plies", r.average_plies());
    for (side, name) in [(Side::A, "A"), (Side::B, "B")] {
        let s = r.side(side);
        if s.moves > 0 {
            let secs = s.millis / 1000.0;
            println!(
                "{name}: {:.1} ms per move, {:.0} nodes per move, {:.2} M nodes/s",
                s.millis / s.moves as f64,
                s.nodes as f64 / s.moves as f64,
                s.nodes as f64 / secs.max(1e-9) / 1e6
            );
        }
    }
    println!("wall time {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}
