#![cfg(not(target_arch = "wasm32"))]
//! Property tests: random positions of many variants (random playouts from the start, and
//! random scatterings of pieces given as position text), checked against the independent
//! slow implementation in `tests/perft/reference.rs`:
//!
//! - the engine's legal moves are exactly the reference's (none missing, none extra);
//! - `hop_path` gives a chain the reference accepts hop by hop, as short as its BFS path;
//! - finished seats, game over, equal-turn rounds, winners and progress points agree;
//! - playing a move and taking it back with `Game::undo` restores the position (`==`, hash);
//! - position text, move text (`from-to` and full paths) and game records round-trip;
//! - piece counts never change.
//!
//! Case counts are kept small so that `cargo test` stays fast; set `PROPTEST_CASES` for more.

// The checks the fuzz targets and the soak test make (and, through them, the reference
// rules of `tests/perft/reference.rs`).
#[allow(dead_code)]
#[path = "../fuzz/src/lib.rs"]
mod checks;

use checks::reference::{self, Rules, State};
use halma::{Game, Move, Position, Variant};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

/// Variants for random positions: every base game, the options, and small boards where
/// random games reach their end (wins, equal-turn rounds, teams) quickly.
const VARIANTS: &[&str] = &[
    "halma-8x8",
    "halma-8x8+long",
    "halma-8x8+free-target",
    "halma-8x8+swap",
    "halma-8x8+strict+balance",
    "halma-8x8+size=6+camp=10",
    "halma-10x10",
    "halma-10x10+long+swap",
    "halma",
    "halma+long",
    "halma-13+free-target",
    "halma-3+balance",
    "halma-4+teams=opposite",
    "halma-4+size=10+camp=10+teams=adjacent",
    "halma-4+size=9+camp=10+balance+teams=opposite",
    "star-2",
    "star-2+side=2",
    "star-2+side=3+long",
    "star-2+free-target+any-camp",
    "star-3+side=2+balance",
    "star-4+side=3+teams=opposite",
    "star-4+side=2+swap+teams=adjacent",
    "star-5+side=2",
    "star-6+side=2+teams=opposite",
    "star-6+side=2+balance+teams=adjacent",
    "star-6+any-camp+long",
    "star-6+side=3+swap",
    "halma-3+size=8+camp=10+places",
    "star-3+side=2+places",
    "star-6+side=2+places+turns=60",
    "star-6+side=2+teams=adjacent+places",
    "solitaire",
    "solitaire+long+size=8",
];

/// `cases` cases from a fixed seed, unless `PROPTEST_CASES` / `PROPTEST_RNG_SEED` say otherwise.
fn config(cases: u32) -> Config {
    let d = Config::default();
    Config {
        cases: if std::env::var_os("PROPTEST_CASES").is_some() {
            d.cases
        } else {
            cases
        },
        rng_seed: match d.rng_seed {
            RngSeed::Random => RngSeed::Fixed(0x4a17a),
            fixed => fixed,
        },
        failure_persistence: None,
        ..d
    }
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn variant(i: usize) -> Variant {
    VARIANTS[i % VARIANTS.len()].parse().unwrap()
}

/// Plays up to `plies` moves from the start: mostly a move that gains the most progress,
/// sometimes any move, so that games get far. Returns the game and the reference state
/// kept in step with it, checking the two agree after every turn.
fn playout(v: Variant, plies: usize, seed: u64) -> (Game, Rules, State) {
    let rules = Rules::new(v);
    let mut g = Game::new(v);
    let mut rng = Rng(seed | 1);
    let counts: Vec<usize> = (1..=v.seats()).map(|s| g.position().pieces(s).len()).collect();
    let mut st = rules.start();
    reference::assert_same(&rules, g.position(), &st, "start");
    for _ in 0..plies {
        if g.is_over() {
            break;
        }
        let p = g.position().clone();
        let moves = p.legal_moves();
        assert!(!moves.is_empty(), "the game passes for a blocked seat: {p}");
        let m = if rng.below(10) < 3 {
            moves[rng.below(moves.len())]
        } else {
            let geo = p.geometry();
            let home = v.home_camps()[p.turn() - 1] as usize;
            let gain = |m: &Move| geo.distance_to_target(home, m.from) - geo.distance_to_target(home, m.to);
            let best = moves.iter().map(gain).max().unwrap();
            let top: Vec<&Move> = moves.iter().filter(|m| gain(m) == best).collect();
            *top[rng.below(top.len())]
        };
        let before = g.history().len();
        g.play(m).unwrap();
        for ply in g.history().skip(before) {
            assert_eq!(ply.seat, st.to_move + 1, "seat of a turn");
            rules.apply(&mut st, ply.mv.map(|m| (m.from.index(), m.to.index())));
        }
        reference::assert_same(
            &rules,
            g.position(),
            &st,
            &format!("after {} turns", g.history().len()),
        );
        for (s, &n) in counts.iter().enumerate() {
            assert_eq!(
                g.position().pieces(s + 1).len(),
                n,
                "piece count of seat {}",
                s + 1
            );
        }
    }
    (g, rules, st)
}

/// A random scattering of pieces as position text.
fn scatter(v: Variant, seed: u64) -> Position {
    let mut rng = Rng(seed | 1);
    let g = v.geometry();
    let seats = v.seats();
    let density = 5 + rng.below(40); // percent of cells holding a piece
    let mut counts = vec![0usize; seats];
    let mut cells = vec!['.'; g.len()];
    for c in cells.iter_mut() {
        if rng.below(100) < density {
            let s = rng.below(seats);
            if counts[s] < 30 {
                counts[s] += 1;
                *c = (b'1' + s as u8) as char;
            }
        }
    }
    let rows: Vec<String> = g
        .rows()
        .iter()
        .map(|r| r.iter().map(|c| cells[c.index()]).collect())
        .collect();
    let text = format!("{v} {} {}", 1 + rng.below(seats), rows.join("/"));
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The move checks shared by both kinds of positions: the move list against the reference
/// (paths, text), then a sample of arbitrary `(from, to)` pairs, legal exactly when listed.
fn check_moves(rules: &Rules, p: &Position, st: &State) {
    checks::check_moves(rules, p, st);
    let n = p.geometry().len();
    for (i, from) in (0..n).step_by(7).enumerate() {
        checks::check_any_move(p, from, (from * 31 + i * 17) % n);
    }
}

/// Play each of a few moves in a game from `p` and take it back.
fn check_undo(p: &Position, rng: &mut Rng) {
    let mut g = Game::from_position(p.clone());
    if g.is_over() {
        return;
    }
    let base = g.position().clone();
    let moves = base.legal_moves();
    for _ in 0..moves.len().min(6) {
        let m = moves[rng.below(moves.len())];
        g.play(m).unwrap();
        assert_eq!(g.undo().unwrap(), m);
        assert_eq!(g.position(), &base, "undo of {m:?}");
        assert_eq!(g.position().hash(), base.hash());
        assert!(!g.is_over());
        g.redo().unwrap();
        let after = g.position().clone();
        let over = g.is_over();
        g.undo().unwrap();
        assert_eq!(g.position(), &base);
        if !over {
            // Game::play is Position::play followed by the passes of blocked seats
            let mut q = base.after(m).unwrap();
            while !q.is_over() && !q.has_moves() && !q.is_deadlocked() {
                q.pass();
            }
            assert_eq!(after, q);
        }
    }
}

/// Position text round-trips whenever the text determines the state: when the finished
/// seats, the equal-turns round and the end of the game follow from the board and the seat
/// to move (`representable`, decided by the reference).
fn check_text(p: &Position, representable: bool) {
    let text = p.to_string();
    let q: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(q.cells(), p.cells());
    if representable {
        let flags = |p: &Position| (p.turn(), p.finished(), p.is_over(), p.is_closing());
        assert_eq!(
            &q,
            p,
            "position text round trip: (turn, finished, over, closing) {:?} vs {:?}",
            flags(&q),
            flags(p)
        );
        assert_eq!(q.hash(), p.hash());
    }
}

fn check_record(g: &Game) {
    let rec = g.record();
    let again = Game::from_record(&rec).unwrap_or_else(|e| panic!("{rec}: {e}"));
    assert_eq!(again.position(), g.position(), "{rec}");
    assert_eq!(again.outcome(), g.outcome(), "{rec}");
    assert_eq!(
        again.history().map(|p| p.mv).collect::<Vec<_>>(),
        g.history().map(|p| p.mv).collect::<Vec<_>>()
    );
    assert_eq!(again.record(), rec);
}

proptest! {
    #![proptest_config(config(48))]

    #[test]
    fn playouts_agree_with_the_reference(vi in 0..VARIANTS.len(), plies in 0usize..120, seed in any::<u64>()) {
        let v = variant(vi);
        let (g, rules, st) = playout(v, plies, seed);
        let p = g.position();
        check_moves(&rules, p, &st);
        // The places field of the text records the places.
        let derived = rules.state_from_placed(st.board.clone(), st.to_move, if v.places() { st.place.clone() } else { vec![0; st.place.len()] });
        // Not representable: team games where a finished seat's (fill) target camp has been
        // emptied again by another seat's piece leaving it; finished seats stay finished.
        check_text(p, derived == st);
        check_record(&g);
        check_undo(p, &mut Rng(seed ^ 0x5555));
    }

    #[test]
    fn scattered_positions_agree_with_the_reference(vi in 0..VARIANTS.len(), seed in any::<u64>()) {
        let v = variant(vi);
        let p = scatter(v, seed);
        let rules = Rules::new(v);
        let st = rules.state_of(&p);
        reference::assert_same(&rules, &p, &st, "scattered");
        check_moves(&rules, &p, &st);
        check_text(&p, true);
        check_undo(&p, &mut Rng(seed ^ 0xaaaa));
        // a game from the position: record round trip after a few moves
        let mut g = Game::from_position(p.clone());
        let mut rng = Rng(seed ^ 0x1234);
        for _ in 0..4 {
            if g.is_over() { break; }
            let moves = g.position().legal_moves();
            g.play(moves[rng.below(moves.len())]).unwrap();
        }
        check_record(&g);
    }
}

/// Perft through the reference equals the engine's on random mid-game positions (depth 2).
#[test]
fn perft_two_agrees_on_random_positions() {
    for (i, name) in VARIANTS.iter().enumerate() {
        let v: Variant = name.parse().unwrap();
        let big = matches!(v.shape(), halma::Shape::Square { size: 16 })
            || (matches!(v.shape(), halma::Shape::Star { side } if side > 2) && v.seats() > 2);
        if big {
            continue; // too slow for the reference in a debug build
        }
        let (g, rules, st) = playout(v, 10 + 7 * i, i as u64 * 7919 + 1);
        assert_eq!(g.position().perft(2), rules.perft(&st, 2), "{}", g.position());
    }
}
