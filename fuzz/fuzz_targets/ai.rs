//! The computer players on arbitrary positions (playouts from the start, or pieces scattered
//! by the input), with tiny node budgets: `think` returns a legal move with its hop path,
//! or `None` exactly when the seat to move has no legal move, and the same answer again for
//! the same position, seed and budget.
#![no_main]

use halma::ai::{think, Budget, NoClock, Player};
use halma::{Game, Position};
use halma_fuzz::{position_text, variant, Bytes};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let v = variant(b.byte() as usize);
    let mode = b.byte();
    let player = match b.byte() % 8 {
        0 => Player::Random,
        1 => Player::Greedy,
        k => Player::Level(k - 1), // 1..=6: 6 is clamped to 5
    };
    let nodes = 200 + b.byte() as u64 * 20;
    let seed = b.u64();
    let p: Position = if mode & 1 == 0 {
        let mut g = Game::new(v);
        for _ in 0..300 {
            if b.is_empty() || g.is_over() {
                break;
            }
            let moves = g.position().legal_moves();
            g.play(moves[b.index(moves.len())]).unwrap();
        }
        g.position().clone()
    } else {
        let geo = v.geometry();
        let seats = v.seats();
        let density = b.byte();
        let mut counts = vec![0usize; seats];
        let mut cells = vec![0u8; geo.len()];
        for c in cells.iter_mut() {
            let x = b.byte();
            if x < density {
                let s = x as usize % seats;
                if counts[s] < halma::MAX_PIECES {
                    counts[s] += 1;
                    *c = s as u8 + 1;
                }
            }
        }
        let text = position_text(&v, b.index(seats), &cells);
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    };
    let moves = p.legal_moves();
    let budget = Budget::nodes(nodes);
    let t = think(&p, player, budget, seed, &NoClock);
    match &t {
        None => assert!(moves.is_empty(), "{player} found no move in {p}"),
        Some(t) => {
            assert!(
                moves.contains(&t.mv),
                "{player} chose {:?}, not legal in {p}",
                t.mv
            );
            assert_eq!(Some(t.path.clone()), p.hop_path(t.mv), "{player}: path in {p}");
            assert_eq!(t.pv.first(), Some(&t.mv), "{player}: pv in {p}");
        }
    }
    let again = think(&p, player, budget, seed, &NoClock);
    assert_eq!(
        again.as_ref().map(|t| (t.mv, t.score, t.depth, t.nodes)),
        t.as_ref().map(|t| (t.mv, t.score, t.depth, t.nodes)),
        "{player} is not deterministic in {p}"
    );
});
