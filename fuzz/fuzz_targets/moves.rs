//! Move text and hop paths against fixed positions: `parse_move`, `parse_path` and
//! `Game::play_text` never panic; text they accept names a legal move, a written path is a
//! legal chain by the reference, and the game plays exactly that move; text they refuse
//! leaves the game unchanged. Also arbitrary `(from, to)` cell numbers.
#![no_main]

use halma::Game;
use halma_fuzz::{check_any_move, check_error, fixed_positions, reference, Bytes};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    let positions = fixed_positions();
    let p = &positions[bytes.index(positions.len())];
    let n = p.geometry().len();
    let (from, to) = (
        bytes.byte() as usize * (n + 8) / 256,
        bytes.byte() as usize * (n + 8) / 256,
    );
    check_any_move(p, from, to);

    let text = String::from_utf8_lossy(bytes.0);
    let legal = p.legal_moves();
    let parsed = p.parse_path(&text);
    match (&parsed, p.parse_move(&text)) {
        (Ok((m, _)), Ok(m2)) => assert_eq!(*m, m2),
        (Err(e), Err(e2)) => {
            assert_eq!(e, &e2);
            check_error(e);
        }
        (a, b) => panic!("parse_path {a:?} but parse_move {b:?} for {text:?} in {p}"),
    }
    let mut g = Game::from_position(p.clone());
    let before = g.position().clone();
    let played = g.play_text(&text);
    match parsed {
        Ok((m, cells)) => {
            assert!(legal.contains(&m), "{text:?} accepted but not legal in {p}");
            assert_eq!((cells[0], *cells.last().unwrap()), (m.from, m.to));
            if cells.len() > 2 {
                let rules = reference::Rules::new(*p.variant());
                let st = rules.state_of(p);
                let path: Vec<usize> = cells.iter().map(|c| c.index()).collect();
                assert!(
                    rules.is_chain(&st, &path),
                    "{text:?} accepted, not a chain in {p}"
                );
            }
            assert_eq!(played.as_ref().ok(), Some(&m), "play_text of {text:?} in {p}");
            assert_eq!(
                g.position(),
                &p.after(m)
                    .map(|q| {
                        // Game::play also plays the passes the move forces
                        let mut q = q;
                        while !q.is_over() && !q.has_moves() && !q.is_deadlocked() {
                            q.pass();
                        }
                        q
                    })
                    .unwrap()
            );
            let ply = g.history().find(|ply| ply.mv.is_some()).unwrap();
            if cells.len() > 2 {
                assert_eq!(ply.path, cells, "the game keeps the written path");
            } else {
                assert_eq!(Some(ply.path.clone()), p.hop_path(m));
            }
        }
        Err(_) => {
            let e = played.expect_err("play_text accepted what parse_path refused");
            check_error(&e);
            assert_eq!(g.position(), &before);
            assert_eq!(g.history().len(), 0);
        }
    }
});
