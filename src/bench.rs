//! The benchmarks shared by `halma bench` and the wasm module's `benchMovegen` and
//! `benchSearch`, so native and wasm measure exactly the same work.

use crate::ai::{think, Budget, Clock, Player};
use crate::{MoveGen, Position};

/// Perft runs of the benchmark: the cross-checked start positions.
const PERFT_RUNS: [(&str, u32); 2] = [("star-2+any-camp+free-target", 5), ("halma", 4)];

/// One line of the benchmark.
#[derive(Clone, Debug)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct BenchRun {
    /// `"<board> mid-game"` or `"perft <variant> <depth>"`.
    pub name: String,
    /// Whole move lists generated.
    pub lists: u64,
    /// Lists per second.
    pub lists_per_second: f64,
    /// Mid-game: average legal moves per list.
    pub moves_per_list: Option<f64>,
    /// Perft: the perft count.
    pub leaves: Option<u64>,
    /// Positions measured.
    pub positions: usize,
    /// Time taken.
    pub seconds: f64,
}

/// For each board of [`bench_positions`], whole move lists per second over its mid-game
/// positions for about `millis` ms of `clock`, then perft of the two cross-checked start
/// positions. Single thread; blocks for the whole run.
pub fn run_bench(millis: f64, clock: &dyn Clock) -> Vec<BenchRun> {
    let mut out = Vec::new();
    let mut gen = MoveGen::new();
    let mut list = Vec::with_capacity(512);
    for (name, texts) in bench_positions() {
        let positions: Vec<Position> = texts
            .iter()
            .map(|t| t.parse().expect("the bench positions are valid"))
            .collect();
        let (mut lists, mut moves) = (0u64, 0u64);
        let t = clock.now_ms();
        while clock.now_ms() - t < millis {
            for p in &positions {
                for _ in 0..100 {
                    list.clear();
                    p.generate_moves(&mut gen, &mut list);
                    moves += list.len() as u64;
                }
                lists += 100;
            }
        }
        let seconds = (clock.now_ms() - t) / 1000.0;
        out.push(BenchRun {
            name: format!("{name} mid-game"),
            lists,
            lists_per_second: lists as f64 / seconds,
            moves_per_list: Some(moves as f64 / lists as f64),
            leaves: None,
            positions: positions.len(),
            seconds,
        });
    }
    for (variant, depth) in PERFT_RUNS {
        let p = Position::start(variant.parse().expect("the bench variants are valid"));
        let t = clock.now_ms();
        let (leaves, lists) = p.perft_lists(depth);
        let seconds = (clock.now_ms() - t) / 1000.0;
        out.push(BenchRun {
            name: format!("perft {variant} {depth}"),
            lists,
            lists_per_second: lists as f64 / seconds,
            moves_per_list: None,
            leaves: Some(leaves),
            positions: 1,
            seconds,
        });
    }
    out
}

/// One line of the search benchmark: level 5 on one board's mid-game positions.
#[derive(Clone, Debug)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct SearchRun {
    /// `"<board> search"`.
    pub name: String,
    /// Positions the searches visited, all positions together.
    pub nodes: u64,
    /// Nodes per second.
    pub nodes_per_second: f64,
    /// Average depth of the last completed iteration.
    pub depth: f64,
    /// Positions searched.
    pub positions: usize,
    /// Time taken.
    pub seconds: f64,
}

/// For each board of [`bench_positions`], a level 5 search of `nodes` nodes (seed 1) from
/// each of its mid-game positions, timed by `clock`: nodes per second of the whole search
/// (move generation, evaluation, table and ordering), the same work on every platform.
/// Single thread; blocks for the whole run.
pub fn run_search_bench(nodes: u64, clock: &dyn Clock) -> Vec<SearchRun> {
    bench_positions()
        .into_iter()
        .map(|(name, texts)| {
            let (mut visited, mut depths) = (0u64, 0u32);
            let t = clock.now_ms();
            for text in texts {
                let pos: Position = text.parse().expect("the bench positions are valid");
                if let Some(th) = think(&pos, Player::Level(5), Budget::nodes(nodes), 1, clock) {
                    visited += th.nodes;
                    depths += th.depth;
                }
            }
            let seconds = (clock.now_ms() - t) / 1000.0;
            SearchRun {
                name: format!("{name} search"),
                nodes: visited,
                nodes_per_second: visited as f64 / seconds,
                depth: depths as f64 / texts.len() as f64,
                positions: texts.len(),
                seconds,
            }
        })
        .collect()
}

/// Fixed mid-game positions used by `halma bench`, the criterion benchmark and the wasm
/// benchmark, by board: `(name, positions)`. They were reached by level-4 self-play (plies
/// 20–50 on the star, 30–90 on the 16×16 board).
pub fn bench_positions() -> [(&'static str, &'static [&'static str]); 2] {
    [
        (
            "star-2",
            &[
                "star-2 1 ./22/2../2222/............./............/......1..../.....2..../.....2.../.....11.../.......1.../......1...../......1....../1.21/.1./1./.",
                "star-2 1 ./../2../.222/....2.1....../...2..1...../......1..../.....22.../.....2.../......1.../.....1.1.../.....1....../............./1.21/.../1./.",
                "star-2 1 ./../.../2.2./....2.1....../.....1....../...2..1..../..2..22.../...1.2.../....121.../......1..../.....1....../.....1......./..2./.../1./.",
                "star-2 1 ./../.1./..2./......1....../...221....../..12..1..../...11.2.../..2....../.....2..../.....2...../.....1....../.....1......./..22/.../1./.",
            ],
        ),
        (
            "halma",
            &[
                "halma 1 ...........2..../............2.2./............2..2/........1.112.2./.........22.2..2/.........21.1.../..........2...../............1.../..........22..../................/......1.11....../.1.21..1......../..1..1..1......./.2.1.2........../...11.........../.1.2............",
                "halma 1 ................/............2..1/.............2../........1.112.2./.......2.22..1../........1.1.1.../.........22.2.../...........21.../..........2.2.../..........1...../......11..1...../.1.2.2...1....../....11.2......../.2.1.2........../................/.21.............",
                "halma 1 ................/............2..1/................/........1.11.211/.......2.22.2.../........1..11.../.........22.2.../............1.../..........21..../........2..2..../...1.111..1...../22..12....1...../................/.2..22........../................/.21.............",
                "halma 1 ...............1/............1..1/................/........1..12.11/.......2..212.../........1..11.../.........21.2.../........1.1.1.../......22......../.......1.2....../...1...2..1...../222..2........../................/.2..22........../....2.........../.21.............",
            ],
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::SystemClock;

    #[test]
    fn search_bench_spends_the_budget_on_every_board() {
        let runs = run_search_bench(5_000, &SystemClock::default());
        let names: Vec<&str> = runs.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["star-2 search", "halma search"]);
        for r in &runs {
            // Each search stops at its budget, give or take the last node's children.
            assert!(r.nodes >= 4 * 4_000 && r.nodes <= 4 * 6_000, "{r:?}");
            assert!(r.depth >= 2.0, "{r:?}");
            assert!(r.nodes_per_second > 0.0);
        }
    }
}
