//! "Legal moves are legal": input bytes choose a variant and drive a playout (random or
//! most-progress moves, with take-backs). In every position reached: the engine's moves
//! equal the reference's and each is legal by it, hop paths are legal shortest chains,
//! play/undo/redo restore the position (`==` and hash), piece counts never change, the
//! state (finished seats, winners, points) and the outcome agree with the reference, and
//! the record and link read back as the same game.
#![no_main]

use halma::Game;
use halma_fuzz::reference::{Rules, State};
use halma_fuzz::{
    best_progress, check_moves, check_outcome, check_play_undo_redo, check_round_trips, check_undo_all,
    piece_counts, reference, variant, Bytes,
};
use libfuzzer_sys::fuzz_target;

/// Plies per input at most, so that a big board stays quick enough.
const MAX_PLIES: usize = 400;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    let v = variant(bytes.byte() as usize);
    let flags = bytes.byte();
    let rules = Rules::new(v);
    let mut g = Game::new(v);
    let counts = piece_counts(g.position());
    // The reference state at the start and after each ply (move or pass) of the history.
    let mut states: Vec<State> = vec![rules.start()];
    reference::assert_same(&rules, g.position(), &states[0], "start");
    check_outcome(&rules, &g, &states);
    for ply in 0..MAX_PLIES {
        if bytes.is_empty() {
            break;
        }
        let c = bytes.byte();
        if flags & 1 != 0 && c % 16 == 15 && g.can_undo() {
            // Take a move back and go on from there (the next move drops the redo line).
            g.undo().unwrap();
            states.truncate(g.history().len() + 1);
            reference::assert_same(&rules, g.position(), states.last().unwrap(), "after undo");
            check_outcome(&rules, &g, &states);
            continue;
        }
        if g.is_over() {
            break;
        }
        let p = g.position().clone();
        let st = states.last().unwrap().clone();
        check_moves(&rules, &p, &st);
        let moves = p.legal_moves();
        assert!(
            !moves.is_empty(),
            "a game goes on with a blocked seat to move: {p}"
        );
        let m = if c & 0x80 != 0 {
            let top = best_progress(&p, &moves);
            top[(c as usize & 0x7f) % top.len()]
        } else {
            moves[c as usize * moves.len() / 128]
        };
        let before = g.history().len();
        check_play_undo_redo(&mut g, m);
        let mut st = st;
        for (i, ply) in g.history().skip(before).enumerate() {
            assert_eq!(ply.seat, st.to_move + 1, "seat of a turn after {m:?} in {p}");
            match ply.mv {
                Some(mv) => assert!(i == 0 && mv == m, "the move played"),
                None => assert!(
                    i > 0 && rules.moves(&st).is_empty(),
                    "seat {} passed with legal moves after {m:?} in {p}",
                    ply.seat
                ),
            }
            rules.apply(&mut st, ply.mv.map(|m| (m.from.index(), m.to.index())));
            states.push(st.clone());
        }
        reference::assert_same(&rules, g.position(), &st, &format!("after {m:?} in {p}"));
        assert_eq!(piece_counts(g.position()), counts, "piece counts");
        check_outcome(&rules, &g, &states);
        if ply % 16 == 15 {
            check_round_trips(&g);
        }
    }
    check_round_trips(&g);
    if flags & 2 != 0 {
        check_undo_all(&mut g);
    }
});
