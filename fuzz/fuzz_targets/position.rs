//! Position text: parsing never panics. A parsed position prints to text that reads back as
//! the same position (`==`, hash, text); its state (finished seats, game over, equal-turn
//! round, winners, points) and its legal moves equal the independent reference's; hop
//! paths are legal chains and shortest; and playing moves in a `Game` from it and taking
//! them back restores it.
#![no_main]

use halma::{ErrorKind, Game, Position};
use halma_fuzz::{check_any_move, check_error, check_moves, check_play_undo_redo, reference};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let p = match text.parse::<Position>() {
        Ok(p) => p,
        Err(e) => {
            assert!(
                matches!(e.kind(), ErrorKind::Position | ErrorKind::Variant),
                "{text:?}: {e}"
            );
            check_error(&e);
            return;
        }
    };
    let printed = p.to_string();
    let q: Position = printed.parse().unwrap_or_else(|e| panic!("{printed}: {e}"));
    assert_eq!(q, p, "{text:?} -> {printed}");
    assert_eq!(q.hash(), p.hash(), "{printed}");
    assert_eq!(q.to_string(), printed);

    let rules = reference::Rules::new(*p.variant());
    let st = rules.state_of(&p);
    reference::assert_same(&rules, &p, &st, "parsed");
    check_moves(&rules, &p, &st);

    // Arbitrary (from, to) pairs from the input's tail, cells possibly off the board.
    let n = p.geometry().len();
    for w in data.chunks(2).rev().take(4) {
        let from = w[0] as usize * (n + 8) / 256;
        let to = *w.last().unwrap() as usize * (n + 8) / 256;
        check_any_move(&p, from, to);
    }

    let mut g = Game::from_position(p.clone());
    if g.is_over() {
        return;
    }
    let base = g.position().clone();
    let moves = base.legal_moves();
    let step = moves.len().div_ceil(6).max(1);
    for &m in moves.iter().step_by(step) {
        check_play_undo_redo(&mut g, m);
        g.undo().unwrap();
    }
    assert_eq!(g.position(), &base);
    assert_eq!(g.position().hash(), base.hash());
});
