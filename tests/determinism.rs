#![cfg(not(target_arch = "wasm32"))]
//! The computer's move is a function of the position, the player, the seed and the node
//! budget, the same natively and in wasm. `tests/determinism.txt` holds the table, one row
//! per line, `position | options | expected move`:
//!
//! - `options`: `level=<1..5|greedy|random> nodes=<N> seed=<S>` (the `bestMove` options);
//! - `expected move`: `from-to` in cell names, or `none` when there is no move to make.
//!
//! This test computes `think` natively for every row; `tests/wasm.rs` calls the exported
//! `bestMove` for every row of the same file in headless Chromium. Both run in
//! `./build.sh test`.
//!
//! The table was generated natively, once, by this file:
//!
//! ```sh
//! HALMA_WRITE_DETERMINISM=1 cargo test --release --test determinism
//! ```
//!
//! Regenerate it (and review the diff) only when the AI changes on purpose: a changed row
//! otherwise means the search is not deterministic.

use halma::ai::{think, Budget, NoClock, Player, Rng};
use halma::{Game, Position};

const TABLE: &str = include_str!("determinism.txt");

/// One row of the table.
struct Row {
    position: String,
    level: String,
    nodes: u64,
    seed: u64,
    expected: String,
}

fn parse_table(text: &str) -> Vec<Row> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let parts: Vec<&str> = line.split('|').map(str::trim).collect();
            assert_eq!(parts.len(), 3, "a row has three parts: {line}");
            let mut row = Row {
                position: parts[0].to_string(),
                level: String::new(),
                nodes: 0,
                seed: 0,
                expected: parts[2].to_string(),
            };
            for opt in parts[1].split_whitespace() {
                match opt.split_once('=') {
                    Some(("level", v)) => row.level = v.to_string(),
                    Some(("nodes", v)) => row.nodes = v.parse().unwrap(),
                    Some(("seed", v)) => row.seed = v.parse().unwrap(),
                    _ => panic!("unknown option {opt} in {line}"),
                }
            }
            assert!(!row.level.is_empty() && row.nodes > 0, "{line}");
            row
        })
        .collect()
}

/// What the native engine plays for a row: `from-to` or `none`.
fn native_move(position: &str, level: &str, nodes: u64, seed: u64) -> String {
    let p: Position = position.parse().unwrap_or_else(|e| panic!("{position}: {e}"));
    let player: Player = level.parse().unwrap();
    match think(&p, player, Budget::nodes(nodes), seed, &NoClock) {
        Some(t) => {
            let g = p.geometry();
            format!("{}-{}", g.name(t.mv.from), g.name(t.mv.to))
        }
        None => "none".into(),
    }
}

/// Mid-game positions: `(variant, plies)` played by the beginner level from the start.
const GAMES: &[(&str, usize)] = &[
    ("halma", 30),
    ("halma-8x8", 9),
    ("halma-10x10", 20),
    ("halma-4", 24),
    ("halma+long+swap", 40),
    ("star-2", 20),
    ("star-3+long", 18),
    ("star-4+any-camp+free-target", 16),
    ("star-6+teams=opposite", 30),
    ("solitaire", 6),
];

/// A finished game (seat 1 has filled its target): every player answers `none`.
const FINISHED: &str = "halma-8x8 2 ....1111/.....111/......11/.......1/2......./22....../222...../2222....";

/// `(level, nodes)` of the table's players, each with every seed.
const PLAYERS: &[(&str, u64)] = &[
    ("random", 6000),
    ("greedy", 6000),
    ("1", 6000),
    ("2", 6000),
    ("3", 16000),
    ("4", 16000),
    ("5", 6000),
];
const SEEDS: &[u64] = &[1, 2024];

fn generate() -> String {
    let mut out = String::from(
        "# AI determinism table: position | options | expected move (see tests/determinism.rs).\n\
         # Generated natively by: HALMA_WRITE_DETERMINISM=1 cargo test --release --test determinism\n\
         # Checked natively (tests/determinism.rs) and in wasm through bestMove (tests/wasm.rs).\n",
    );
    let mut positions: Vec<String> = GAMES
        .iter()
        .map(|&(v, plies)| {
            let mut g = Game::new(v.parse().unwrap());
            let mut rng = Rng::new(plies as u64);
            for _ in 0..plies {
                if g.is_over() {
                    break;
                }
                let t = think(
                    g.position(),
                    Player::Level(1),
                    Budget::nodes(1000),
                    rng.next_u64(),
                    &NoClock,
                )
                .expect("a move");
                g.play(t.mv).unwrap();
            }
            assert!(!g.is_over(), "{v} after {plies} plies is over: {:?}", g.outcome());
            g.position().to_string()
        })
        .collect();
    positions.push(FINISHED.to_string());
    for p in &positions {
        for &(level, nodes) in PLAYERS {
            for &seed in SEEDS {
                let mv = native_move(p, level, nodes, seed);
                out.push_str(&format!("{p} | level={level} nodes={nodes} seed={seed} | {mv}\n"));
            }
        }
    }
    out
}

fn writing() -> bool {
    std::env::var_os("HALMA_WRITE_DETERMINISM").is_some()
}

#[test]
fn write_table_when_asked() {
    if writing() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/determinism.txt");
        std::fs::write(path, generate()).unwrap();
        println!("wrote {path}");
    }
}

#[test]
fn native_moves_match_the_table() {
    if writing() {
        return; // the table is being rewritten
    }
    let rows = parse_table(TABLE);
    assert!(rows.len() >= 100, "the table has {} rows", rows.len());
    let mut wrong = Vec::new();
    for r in &rows {
        let got = native_move(&r.position, &r.level, r.nodes, r.seed);
        if got != r.expected {
            wrong.push(format!(
                "{} | level={} nodes={} seed={}: expected {}, got {got}",
                r.position, r.level, r.nodes, r.seed, r.expected
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} rows differ:\n{}",
        wrong.len(),
        rows.len(),
        wrong.join("\n")
    );
}

#[test]
fn the_table_covers_variants_levels_seeds_and_a_finished_game() {
    if writing() {
        return;
    }
    let rows = parse_table(TABLE);
    let variants: std::collections::BTreeSet<&str> = rows
        .iter()
        .map(|r| r.position.split(' ').next().unwrap())
        .collect();
    assert!(variants.len() >= 8, "{variants:?}");
    for (level, _) in PLAYERS {
        assert!(rows.iter().any(|r| r.level == *level), "level {level}");
    }
    assert!(rows.iter().any(|r| r.expected == "none"));
    // Different seeds give different moves somewhere (the seed is used).
    assert!(rows
        .chunks(2)
        .any(|w| w.len() == 2 && w[0].position == w[1].position && w[0].expected != w[1].expected));
}
