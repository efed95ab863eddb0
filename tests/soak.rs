#![cfg(not(target_arch = "wasm32"))]
//! Soak test: many whole games over every variant and a broad list of option sets, played by
//! random, greedy and AI players (levels 1 to 5 with tiny node budgets), checked at every
//! ply against the independent slow rules of `fuzz/src/reference.rs` with the same checks as
//! the fuzz targets (`fuzz/src/lib.rs`):
//!
//! - the engine's move set equals the reference's, every move is legal by it, hop paths are
//!   legal shortest chains, move text round-trips;
//! - the move played is legal, piece counts never change;
//! - undo then redo gives the same position and hash (and undo restores the one before);
//! - finished seats, winners and progress points equal a direct recomputation;
//! - the outcome is the one the rules give (win, shared win, repetition, turn limit,
//!   blocked, unsolved), and every game ends;
//! - the record and the share link read back as the same game every 25 plies and at the end
//!   (and every tenth game undoes all its moves and redoes them).
//!
//! Ignored by default; one command, about ten minutes on two cores:
//!
//! ```sh
//! cargo test --release --test soak -- --ignored --nocapture
//! ```
//!
//! `SOAK_GAMES=N` plays N games instead of 10,000, `SOAK_THREADS=N` sets the threads (default:
//! the available parallelism). It prints games, plies, outcomes per variant and failures.

#[path = "../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod checks;

use checks::reference::{self, Rules, State};
use checks::{
    check_moves, check_outcome, check_play_undo_redo, check_round_trips, check_undo_all, outcome_words,
    piece_counts,
};
use halma::ai::{think, Budget, NoClock, Player, Rng};
use halma::{Game, Variant};
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Every variant id with its defaults, and option sets: long jumps, free target, any camp,
/// strict, swap, equal turns, both kinds of teams, places, small turn limits, custom sizes, camps
/// and sides, solitaire. Big boards get a turn limit so that games between weak players end
/// in reasonable time; a few keep the default 300.
const VARIANTS: &[&str] = &[
    "halma+turns=60",
    "halma+long+turns=60",
    "halma+free-target+turns=60",
    "halma+strict+turns=80",
    "halma+swap+turns=80",
    "halma+balance+turns=60",
    "halma-3+turns=40",
    "halma-4+turns=40",
    "halma-4+teams=opposite+turns=40",
    "halma-4+teams=adjacent+long+turns=40",
    "halma-13+turns=60",
    "halma+size=12+camp=15+turns=60",
    "halma+size=20+turns=40",
    "halma-10x10",
    "halma-10x10+balance=off+turns=80",
    "halma-10x10+long+swap+turns=80",
    "halma-8x8",
    "halma-8x8+long",
    "halma-8x8+free-target",
    "halma-8x8+strict",
    "halma-8x8+swap",
    "halma-8x8+balance",
    "halma-8x8+turns=10",
    "halma-8x8+size=6+camp=10",
    "halma-4+size=10+camp=10+teams=opposite",
    "halma-4+size=9+camp=10+balance+teams=adjacent",
    "halma-4+size=8+camp=10+swap+teams=opposite",
    "halma-3+size=10+camp=10+balance",
    "star-2",
    "star-2+long+turns=80",
    "star-2+any-camp+turns=80",
    "star-2+free-target+turns=80",
    "star-2+strict+turns=80",
    "star-2+swap+turns=80",
    "star-2+balance+turns=80",
    "star-2+turns=15",
    "star-2+side=2",
    "star-2+side=3+long",
    "star-2+side=5+turns=60",
    "star-3",
    "star-3+side=3+balance+turns=60",
    "star-4+turns=50",
    "star-4+teams=opposite+turns=50",
    "star-4+side=3+swap+teams=adjacent+turns=50",
    "star-5+turns=40",
    "star-5+side=2+any-camp+strict",
    "star-6+turns=40",
    "star-6+teams=opposite+turns=40",
    "star-6+side=2+balance+teams=adjacent",
    "star-6+side=2+long+teams=opposite",
    "star-6+any-camp+long+free-target+turns=40",
    "halma-3+places+turns=60",
    "halma-3+size=10+camp=10+places",
    "star-3+places+turns=60",
    "star-5+side=2+places",
    "star-6+side=2+places",
    "star-6+teams=opposite+places+turns=40",
    "solitaire",
    "solitaire+long",
    "solitaire+size=8+camp=10",
];

/// Node budget of the AI players: levels 3 and 4 search at least 1,000 nodes whatever the
/// budget, level 5 this many.
const NODES: u64 = 1500;

/// Seat players: in one game of four, AI levels 2 to 5 at every seat (games that end in
/// wins on the big boards too); otherwise mostly random and greedy (quick), a third of the
/// seats AI of any level.
fn players(seats: usize, rng: &mut Rng) -> Vec<Player> {
    if rng.below(4) == 0 {
        return (0..seats)
            .map(|_| Player::Level(2 + rng.below(4) as u8))
            .collect();
    }
    (0..seats)
        .map(|_| match rng.below(20) {
            0..=6 => Player::Random,
            7..=12 => Player::Greedy,
            13..=14 => Player::Level(1),
            15..=16 => Player::Level(2),
            17 => Player::Level(3),
            18 => Player::Level(4),
            _ => Player::Level(5),
        })
        .collect()
}

/// Plies after which a game that has not ended is a failure: the turn limit must end it.
fn ply_cap(v: &Variant) -> usize {
    (v.turn_limit() as usize + 1) * v.seats() + 10
}

struct GameResult {
    variant: &'static str,
    plies: usize,
    moves_by: BTreeMap<String, usize>,
    outcome: String,
}

/// Plays game `i`, checking every ply; panics on the first failed check.
fn play(i: usize) -> GameResult {
    let name = VARIANTS[i % VARIANTS.len()];
    let v: Variant = name.parse().unwrap();
    let mut rng = Rng::new(i as u64 ^ 0x50a4_5eed);
    let who = players(v.seats(), &mut rng);
    let rules = Rules::new(v);
    let mut g = Game::new(v);
    let counts = piece_counts(g.position());
    let mut states: Vec<State> = vec![rules.start()];
    let mut moves_by: BTreeMap<String, usize> = BTreeMap::new();
    reference::assert_same(&rules, g.position(), &states[0], "start");
    check_outcome(&rules, &g, &states);
    let mut plies = 0;
    while !g.is_over() {
        assert!(
            g.history().len() <= ply_cap(&v),
            "game {i} ({name}) has not ended after {} plies",
            g.history().len()
        );
        let p = g.position().clone();
        let st = states.last().unwrap().clone();
        check_moves(&rules, &p, &st);
        let player = who[p.turn() - 1];
        let t = think(&p, player, Budget::nodes(NODES), rng.next_u64(), &NoClock)
            .unwrap_or_else(|| panic!("{player} found no move in {p}, a game that goes on"));
        let m = t.mv;
        // The engine's moves are the reference's (checked just above).
        assert!(
            p.legal_moves().contains(&m),
            "{player} played {m:?}, illegal by the reference in {p}"
        );
        assert_eq!(Some(t.path), p.hop_path(m));
        *moves_by.entry(player.to_string()).or_default() += 1;
        let before = g.history().len();
        check_play_undo_redo(&mut g, m);
        let mut st = st;
        for (k, ply) in g.history().skip(before).enumerate() {
            assert_eq!(ply.seat, st.to_move + 1, "seat of a turn after {m:?} in {p}");
            match ply.mv {
                Some(mv) => assert!(k == 0 && mv == m, "the move played"),
                None => assert!(
                    k > 0 && rules.moves(&st).is_empty(),
                    "seat {} passed with legal moves after {m:?} in {p}",
                    ply.seat
                ),
            }
            rules.apply(&mut st, ply.mv.map(|m| (m.from.index(), m.to.index())));
            states.push(st.clone());
        }
        reference::assert_same(&rules, g.position(), &st, &format!("game {i} after {m:?} in {p}"));
        assert_eq!(piece_counts(g.position()), counts, "piece counts");
        check_outcome(&rules, &g, &states);
        plies += 1;
        if plies % 25 == 0 {
            check_round_trips(&g);
        }
    }
    check_round_trips(&g);
    if i % 10 == 0 {
        check_undo_all(&mut g);
    }
    let words = outcome_words(&g);
    let plies = g.history().len();
    GameResult {
        variant: name,
        plies,
        moves_by,
        outcome: if words.starts_with("win") {
            "win".into()
        } else {
            words
        },
    }
}

#[derive(Default)]
struct Tally {
    games: usize,
    plies: usize,
    moves_by: BTreeMap<String, usize>,
    outcomes: BTreeMap<&'static str, BTreeMap<String, usize>>,
    failures: Vec<String>,
}

#[test]
#[ignore = "a soak test of about ten minutes: cargo test --release --test soak -- --ignored --nocapture"]
fn soak() {
    let env = |k: &str| std::env::var(k).ok().and_then(|v| v.parse::<usize>().ok());
    let games = env("SOAK_GAMES").unwrap_or(10_000);
    let threads = env("SOAK_THREADS")
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()))
        .max(1);
    let t0 = Instant::now();
    let next = AtomicUsize::new(0);
    let tally = Mutex::new(Tally::default());
    // Failures are counted and reported at the end, not printed by the panic hook as they
    // happen (the message is kept).
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let r = catch_unwind(AssertUnwindSafe(|| play(i)));
                let mut t = tally.lock().unwrap();
                t.games += 1;
                match r {
                    Ok(r) => {
                        t.plies += r.plies;
                        for (k, n) in r.moves_by {
                            *t.moves_by.entry(k).or_default() += n;
                        }
                        *t.outcomes
                            .entry(r.variant)
                            .or_default()
                            .entry(r.outcome)
                            .or_default() += 1;
                    }
                    Err(e) => {
                        let msg = e
                            .downcast_ref::<String>()
                            .cloned()
                            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                            .unwrap_or_default();
                        let name = VARIANTS[i % VARIANTS.len()];
                        t.failures.push(format!("game {i} ({name}): {msg}"));
                    }
                }
                if t.games % 1000 == 0 {
                    println!(
                        "soak: {} games, {} plies, {} failures, {:.0} s",
                        t.games,
                        t.plies,
                        t.failures.len(),
                        t0.elapsed().as_secs_f64()
                    );
                }
            });
        }
    });
    std::panic::set_hook(hook);
    let t = tally.into_inner().unwrap();
    println!(
        "\nsoak: {} games, {} plies, {} variants, {} threads, {:.0} s",
        t.games,
        t.plies,
        VARIANTS.len(),
        threads,
        t0.elapsed().as_secs_f64()
    );
    println!("moves by player: {:?}", t.moves_by);
    let kinds = [
        "win",
        "draw shared-win",
        "draw repetition",
        "draw turn-limit",
        "draw blocked",
        "unsolved",
    ];
    println!("{:<48} {}", "variant", kinds.map(|k| format!("{k:>16}")).join(""));
    for (v, o) in &t.outcomes {
        let row: Vec<String> = kinds
            .iter()
            .map(|k| format!("{:>16}", o.get(*k).copied().unwrap_or(0)))
            .collect();
        println!("{v:<48} {}", row.join(""));
    }
    println!("failures: {}", t.failures.len());
    for f in t.failures.iter().take(10) {
        println!("  {f}");
    }
    assert!(
        t.failures.is_empty(),
        "{} of {} games failed",
        t.failures.len(),
        t.games
    );
    assert_eq!(t.games, games);
}

/// A few games of the soak in every `cargo test`, so that the harness itself stays working.
#[test]
fn soak_harness_plays_a_few_games() {
    for i in [22, 23, 35, 51] {
        let r = play(i);
        assert!(r.plies > 0 && !r.outcome.is_empty(), "{}", r.variant);
    }
}

/// The variant lists of the soak and of the fuzz targets are all valid variants.
#[test]
fn listed_variants_parse() {
    for v in VARIANTS.iter().chain(checks::VARIANTS) {
        let parsed: Variant = v.parse().unwrap_or_else(|e| panic!("{v}: {e}"));
        assert_eq!(parsed.to_string().parse::<Variant>().unwrap(), parsed);
    }
}
