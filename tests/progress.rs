#![cfg(not(target_arch = "wasm32"))]
//! What the page shows of a seat's progress: the distance its pieces still have to go
//! (`Position::distance_to_go`, the progress points' distance counted from the goal) and a
//! solitaire's unmatched pieces by cell (`Position::unmatched_cells`).

use halma::{Game, Position, Variant};

fn variant(text: &str) -> Variant {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn distance_to_go_and_points_add_up_to_a_full_game() {
    // 10 pieces make 120 points on the standard star: at the start all 120 are to go.
    let p = Position::start(variant("star-2"));
    assert_eq!((p.points(1), p.distance_to_go(1)), (0, 120));
    assert_eq!((p.points(2), p.distance_to_go(2)), (0, 120));
    // Every move shifts points and distance by the same amount (a backward move too: the
    // points go below 0, the distance above 120).
    let mut g = Game::new(variant("star-2"));
    for i in 0..40 {
        let moves = g.legal_moves();
        let Some(&m) = moves.get(i * 7 % moves.len().max(1)) else {
            break;
        };
        g.play(m).unwrap();
        let p = g.position();
        for s in 1..=2 {
            assert_eq!(
                p.points(s) + p.distance_to_go(s),
                120,
                "seat {s} after {}",
                g.record()
            );
        }
    }
    assert_eq!(Position::start(variant("star-2")).distance_to_go(3), 0);
    assert_eq!(Position::start(variant("star-2")).distance_to_go(0), 0);
}

#[test]
fn a_filled_target_camp_has_nothing_to_go() {
    let v = variant("halma-8x8");
    // Seat 1's pieces in seat 2's home camp (its target), seat 2's in seat 1's.
    let start = Position::start(v);
    let swapped: String = start
        .to_string()
        .chars()
        .map(|c| match c {
            '1' => '2',
            '2' => '1',
            c => c,
        })
        .collect();
    // The seat to move is the text's second field: keep it seat 1.
    let mut parts: Vec<&str> = swapped.splitn(3, ' ').collect();
    parts[1] = "1";
    let p: Position = parts.join(" ").parse().unwrap();
    assert_eq!(p.distance_to_go(1), 0);
    assert_eq!(p.distance_to_go(2), 0);
    assert!(p.points(1) > 0);
    assert_eq!(p.points(1), start.distance_to_go(1));
}

#[test]
fn unmatched_cells_are_the_pieces_unmatched_counts() {
    assert_eq!(Position::start(variant("halma")).unmatched_cells(), None);
    let mut g = Game::new(variant("solitaire"));
    for _ in 0..6 {
        let p = g.position();
        let cells = p.unmatched_cells().expect("a solitaire");
        assert_eq!(Some(cells.len()), p.unmatched());
        let board = p.cells();
        for c in &cells {
            assert_eq!(board[c.index()], 1, "{} holds a piece", p.geometry().name(*c));
        }
        let mut names: Vec<_> = cells.iter().map(|c| c.index()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), cells.len(), "no cell twice");
        let Some(&m) = g.legal_moves().first() else { break };
        g.play(m).unwrap();
    }
}
