#![cfg(not(target_arch = "wasm32"))]
//! The computer players: legal, deterministic, quick when the choice is forced, never
//! missing a win in one, and the search sees a forced win a few plies ahead.

use halma::ai::{selfplay, think, Budget, Clock, Match, NoClock, Player, Rng, Side, Verdict, WIN_SCORE};
use halma::puzzle::solve_solitaire;
use halma::{Game, Position, Variant, VariantId};

const PLAYERS: [Player; 7] = [
    Player::Random,
    Player::Greedy,
    Player::Level(1),
    Player::Level(2),
    Player::Level(3),
    Player::Level(4),
    Player::Level(5),
];

/// A game of `variant` after `plies` random moves from the start.
fn midgame(variant: &str, plies: usize, seed: u64) -> Game {
    let mut g = Game::new(variant.parse().unwrap());
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        if g.is_over() {
            break;
        }
        let moves = g.position().legal_moves();
        g.play(moves[rng.below(moves.len() as u64) as usize]).unwrap();
    }
    g
}

#[test]
fn every_player_plays_legal_moves_in_every_variant() {
    let mut variants: Vec<String> = VariantId::ALL
        .iter()
        .filter(|v| **v != VariantId::Solitaire)
        .map(|v| v.as_str().to_string())
        .collect();
    variants.extend(
        [
            "halma-4+teams=opposite",
            "star-6+teams=adjacent+long",
            "halma+swap+long",
            "star-3+any-camp",
        ]
        .map(String::from),
    );
    for v in &variants {
        for plies in [0, 25] {
            let g = midgame(v, plies, 3);
            if g.is_over() {
                continue;
            }
            for p in PLAYERS {
                let t = think(g.position(), p, Budget::nodes(3000), 11, &NoClock)
                    .unwrap_or_else(|| panic!("{v}: {p} found no move"));
                assert!(
                    g.position().is_legal(t.mv),
                    "{v}: {p} chose an illegal move {:?}",
                    t.mv
                );
                assert_eq!(t.path.first(), Some(&t.mv.from));
                assert_eq!(t.path.last(), Some(&t.mv.to));
                assert_eq!(t.pv.first(), Some(&t.mv));
            }
        }
    }
}

#[test]
fn same_seed_and_budget_give_the_same_move() {
    let g = midgame("star-3", 20, 5);
    for p in PLAYERS {
        let a = think(g.position(), p, Budget::nodes(20_000), 99, &NoClock).unwrap();
        let b = think(g.position(), p, Budget::nodes(20_000), 99, &NoClock).unwrap();
        assert_eq!((a.mv, a.score, a.nodes), (b.mv, b.score, b.nodes), "{p}");
    }
}

/// A clock that advances a millisecond each time it is read.
struct TickClock(std::cell::Cell<f64>);

impl Clock for TickClock {
    fn now_ms(&self) -> f64 {
        let t = self.0.get();
        self.0.set(t + 1.0);
        t
    }
}

/// A time budget is kept: the search reads the clock every thousand nodes or so, so with a
/// clock that advances a millisecond a reading, 64 ms stop it after about 64 thousand
/// nodes, in a race split among worlds and in a two-seat search alike.
#[test]
fn a_time_budget_stops_the_search_in_time() {
    for (variant, plies) in [("star-6", 36), ("star-2", 12), ("halma", 12)] {
        let g = midgame(variant, plies, 5);
        let clock = TickClock(std::cell::Cell::new(0.0));
        let t = think(g.position(), Player::Level(5), Budget::millis(64.0), 1, &clock).unwrap();
        let reads = clock.0.get();
        assert!(
            t.nodes > 16 * 1024 && t.nodes < 2 * 64 * 1024,
            "{variant}: {} nodes in {reads} readings of the clock",
            t.nodes
        );
    }
}

#[test]
fn a_forced_move_is_played_at_once() {
    // Seat 1's only piece is boxed in on a1 but for one hop over b1 to c1.
    let p: Position = "halma-8x8 1 2222..../222...../22....../2......./......../2.2...../22....../12......"
        .parse()
        .unwrap();
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 1, "{moves:?}");
    let t = think(&p, Player::Level(5), Budget::nodes(1_000_000), 1, &NoClock).unwrap();
    assert_eq!(t.mv, moves[0]);
    assert_eq!(t.nodes, 0);
}

#[test]
fn a_win_in_one_is_never_missed() {
    // Seat 1's target (the top-right camp of 10) lacks g7; f6 steps in.
    let p: Position = "halma-8x8 1 ....1111/.....1.1/.....111/.......1/......../......../22222.../22222..."
        .parse()
        .unwrap();
    let win = p.parse_move("f6-g7").unwrap();
    assert!(p.after(win).unwrap().is_over());
    for player in PLAYERS.into_iter().filter(|&p| p != Player::Random) {
        let t = think(&p, player, Budget::nodes(10_000), 4, &NoClock).unwrap();
        let after = p.after(t.mv).unwrap();
        assert!(
            after.winners().contains(1),
            "{player} played {:?} instead of winning",
            t.mv
        );
    }
}

#[test]
fn the_search_finds_a_win_two_moves_ahead() {
    // Seat 1 lacks e8 and f7, with e7 and f6 next to them; seat 2 needs three more moves.
    let p: Position = "halma-8x8 1 .....111/....1.11/.....111/.......1/......../......../22222.../22222..."
        .parse()
        .unwrap();
    let t = think(&p, Player::Level(5), Budget::nodes(200_000), 4, &NoClock).unwrap();
    assert!(t.score >= WIN_SCORE, "score {} pv {:?}", t.score, t.pv);
    let mut g = Game::from_position(p.clone());
    g.play(t.mv).unwrap();
    let reply = think(g.position(), Player::Greedy, Budget::nodes(1), 1, &NoClock).unwrap();
    g.play(reply.mv).unwrap();
    let second = think(
        g.position(),
        Player::Level(5),
        Budget::nodes(200_000),
        4,
        &NoClock,
    )
    .unwrap();
    g.play(second.mv).unwrap();
    assert_eq!(g.position().winners().seats().collect::<Vec<_>>(), vec![1]);
}

#[test]
fn no_move_when_the_game_is_over() {
    let p: Position = "halma-8x8 2 ....1111/.....111/......11/.......1/......../......../22222.../22222..."
        .parse()
        .unwrap();
    assert!(p.is_over());
    assert!(think(&p, Player::Level(5), Budget::nodes(1000), 1, &NoClock).is_none());
}

#[test]
fn levels_parse_and_print() {
    for (text, p) in [
        ("greedy", Player::Greedy),
        ("random", Player::Random),
        ("3", Player::Level(3)),
    ] {
        assert_eq!(text.parse::<Player>().unwrap(), p);
    }
    assert!("6".parse::<Player>().is_err());
    assert!("best".parse::<Player>().is_err());
    let _: Variant = "star-2".parse().unwrap();
}

#[test]
fn solitaire_hints_are_legal_and_aim_for_symmetry() {
    let g = midgame("solitaire", 3, 8);
    for p in PLAYERS {
        let t = think(g.position(), p, Budget::nodes(1000), 2, &NoClock).unwrap();
        assert!(g.position().is_legal(t.mv), "{p}: {:?}", t.mv);
    }
    // The beam keeps to the node budget.
    let start = Position::start("solitaire".parse().unwrap());
    let t = think(&start, Player::Level(5), Budget::nodes(2000), 2, &NoClock).unwrap();
    assert!(
        start.is_legal(t.mv) && t.nodes > 0 && t.nodes <= 2001,
        "{} nodes",
        t.nodes
    );
    // One piece left in the yard, and d2-e3 completes the figure: the hint finds it.
    let mut near: Position = "solitaire 1 ................/................/................/................/................/................/................/................/................/..11.1........../.11.111........./..1111........../...11.1........./.....11........./...1.1........../................".parse().unwrap();
    assert!(!near.is_over());
    let t = think(&near, Player::Level(2), Budget::nodes(1000), 2, &NoClock).unwrap();
    near.play(t.mv).unwrap();
    assert!(near.is_over(), "the hint {:?} does not solve the puzzle", t.mv);
}

#[test]
fn in_a_race_the_expected_line_has_each_opponent_play_its_most_progress_move() {
    // Against two or more opposing seats the search models each opponent, in turn order,
    // as playing its most-progress move: the expected line after our move shows exactly that.
    for (variant, seed) in [("star-3", 5), ("star-6", 9), ("halma-4", 2)] {
        let mut g = midgame(variant, 18, seed);
        let t = think(g.position(), Player::Level(5), Budget::nodes(30_000), 1, &NoClock).unwrap();
        let seats = g.position().seats();
        assert!(t.pv.len() >= seats, "{variant}: pv {:?}", t.pv);
        g.play(t.pv[0]).unwrap();
        for &m in &t.pv[1..seats] {
            let p = g.position().clone();
            let seat = p.turn();
            let progress = |m| p.after(m).unwrap().points(seat) - p.points(seat);
            let best = p.legal_moves().into_iter().map(progress).max().unwrap();
            assert!(p.is_legal(m), "{variant}: {m:?} is not seat {seat}'s move");
            assert_eq!(
                progress(m),
                best,
                "{variant}: seat {seat} expected to play its most-progress move"
            );
            g.play(m).unwrap();
        }
    }
}

/// `halma selfplay` with three seats reports A's place and its pairings against the B seats,
/// from the final standings: greedy against two random players wins every game, so it is
/// first every time and ahead in every pairing.
/// A match reports A's results from the final standings; with three or more seats also
/// its places and pairings against single B seats.
#[test]
fn selfplay_reports_place_and_pairings_with_several_seats() {
    let base = Match {
        variant: "star-3".parse().unwrap(),
        a: Player::Greedy,
        b: Player::Random,
        games: 3,
        budget: Budget::nodes(1000),
        seed: 1,
        opening: 2,
    };
    let run = |variant: &str| {
        let m = Match {
            variant: variant.parse().unwrap(),
            ..base
        };
        let mut seats = Vec::new();
        let r = selfplay(&m, &NoClock, &mut |g| {
            assert!(
                g.game.is_over() && g.verdict == Verdict::Win,
                "{}",
                g.game.record()
            );
            seats.push(g.a_seat);
        })
        .unwrap();
        (r, seats)
    };
    let (three, seats) = run("star-3");
    assert_eq!((three.wins, three.draws, three.losses), (3, 0, 0), "{three:?}");
    assert_eq!((three.average_place(), three.pairings_won()), (1.0, Some(1.0)));
    assert_eq!(seats, [1, 2, 3], "A takes each seat in turn");
    assert_eq!(three.score(), 1.0);
    let a = three.side(Side::A);
    assert!(
        a.moves > 0 && a.nodes > 0 && three.plies as u64 > a.moves,
        "{three:?}"
    );
    let (two, seats) = run("star-2");
    assert_eq!(two.wins, 3, "{two:?}");
    assert_eq!(seats, [1, 2, 1]);
    let solitaire = Match {
        variant: "solitaire".parse().unwrap(),
        ..base
    };
    let err = selfplay(&solitaire, &NoClock, &mut |_| {}).unwrap_err();
    assert_eq!(err.kind(), halma::ErrorKind::Variant, "{err}");
}

/// The exact solver solves the solitaire on every board size, each piece moving once (no
/// move starts where an earlier one landed) and the yard left empty.
#[test]
fn the_solver_solves_each_board_moving_each_piece_once() {
    for v in [
        "solitaire",
        "solitaire+size=12",
        "solitaire+size=8+camp=10",
        "solitaire+long",
    ] {
        let v: Variant = v.parse().unwrap();
        let start = Position::start(v);
        let moves = solve_solitaire(&start, None).unwrap().expect("solvable");
        assert_eq!(moves.len(), v.pieces_per_seat(), "{v}");
        let mut g = Game::new(v);
        for (j, &m) in moves.iter().enumerate() {
            assert!(
                moves[..j].iter().all(|e| e.to != m.from),
                "{v}: {m:?} moves a piece again"
            );
            g.play(m).unwrap();
        }
        assert!(matches!(g.outcome(), Some(halma::Outcome::Win { .. })), "{v}");
        assert_eq!(g.position().in_yard(), 0);
    }
}

/// Played on for the places, with seat 1 finished (and skipped), the search plays the race
/// for second place: it sees seat 2's finish two moves ahead against the one seat left.
#[test]
fn with_places_the_search_plays_on_for_second_place() {
    let v: Variant = "halma-3+places".parse().unwrap();
    let g = v.geometry();
    let mut cells = vec!['.'; g.len()];
    for (names, seat) in [
        ("m16 n16 o16 p16 m15 n15 o15 p15 n14 o14 p14 p13 o13", '1'),
        ("m1 n1 o1 p1 m2 n2 o2 p2 o3 p3 p4 m3 n5", '2'),
        ("h8 h9", '3'),
    ] {
        for n in names.split(' ') {
            cells[g.cell_by_name(n).unwrap().index()] = seat;
        }
    }
    let rows: Vec<String> = g
        .rows()
        .iter()
        .map(|r| r.iter().map(|c| cells[c.index()]).collect())
        .collect();
    let p: Position = format!("{v} 2 {} 1..", rows.join("/")).parse().unwrap();
    assert_eq!((p.turn(), p.place(1)), (2, Some(1)));
    let t = think(&p, Player::Level(5), Budget::nodes(200_000), 4, &NoClock).unwrap();
    assert!(t.score >= WIN_SCORE, "score {} pv {:?}", t.score, t.pv);
    let mut game = Game::from_position(p);
    game.play(t.mv).unwrap();
    assert_eq!(game.position().turn(), 3, "seat 1 is skipped");
    for level in [1, 3, 5] {
        let reply = think(
            game.position(),
            Player::Level(level),
            Budget::nodes(3000),
            1,
            &NoClock,
        )
        .unwrap();
        assert!(game.position().is_legal(reply.mv));
    }
    let reply = think(game.position(), Player::Greedy, Budget::nodes(1), 1, &NoClock).unwrap();
    game.play(reply.mv).unwrap();
    let second = think(
        game.position(),
        Player::Level(5),
        Budget::nodes(200_000),
        4,
        &NoClock,
    )
    .unwrap();
    game.play(second.mv).unwrap();
    assert!(game.is_over());
    assert_eq!(game.position().place(2), Some(2));
    let ranks: Vec<_> = game.standings().iter().map(|s| (s.seat, s.rank)).collect();
    assert_eq!(ranks, [(1, 1), (2, 2), (3, 3)]);
}

/// Plays `line` from `pos` as the game would, a seat that must pass skipped; panics at the
/// first move that is not legal in turn.
fn replay_line(pos: &Position, line: &[halma::ai::LineMove], what: &str) {
    let mut p = pos.clone();
    for (i, l) in line.iter().enumerate() {
        while !p.is_over() && !p.has_moves() {
            p.pass();
        }
        assert_eq!(p.turn(), l.seat, "{what}: move {i} is seat {}'s", l.seat);
        assert_eq!(
            p.hop_path(l.mv).as_ref(),
            Some(&l.path),
            "{what}: move {i}'s path"
        );
        p.play(l.mv)
            .unwrap_or_else(|e| panic!("{what}: move {i} {:?}: {e}", l.mv));
    }
}

#[test]
fn an_analysis_line_is_legal_in_turn_and_starts_with_the_best_move() {
    use halma::ai::analyse;
    let budget = Budget::nodes(20_000);
    let variants = [
        "star-2",
        "halma",
        "halma-8x8",
        "star-3",
        "star-6",
        "halma-4",
        "halma-4+teams=opposite",
        "star-6+teams=adjacent",
    ];
    for v in variants {
        for (plies, seed) in [(0, 1), (14, 3), (40, 5)] {
            let g = midgame(v, plies, seed);
            if g.is_over() {
                continue;
            }
            let pos = g.position();
            let what = format!("{v} after {plies}");
            let a = analyse(pos, budget, 7, &NoClock).unwrap();
            assert_eq!(a.seat, pos.turn());
            assert!(a.pv.len() >= 2, "{what}: line {:?}", a.pv);
            replay_line(pos, &a.pv, &what);
            if pos.legal_moves().len() > 1 {
                let t = think(pos, Player::Level(5), budget, 7, &NoClock).unwrap();
                assert_eq!(a.pv[0].mv, t.mv, "{what}: the line starts with level 5's move");
            }
            let seats = pos.seats();
            let two = seats == 2 || v == "halma-4+teams=opposite";
            assert_eq!(a.two_sided, two, "{what}");
            if a.two_sided {
                assert!(a.wins.is_empty() && a.playouts == 0, "{what}");
            } else {
                assert_eq!(a.wins.len(), seats, "{what}");
                assert!(a.playouts >= 10, "{what}: {} playouts", a.playouts);
                let sum: f64 = a.wins.iter().sum();
                assert!(sum <= 1.0 + 1e-9 && sum > 0.5, "{what}: wins {:?}", a.wins);
            }
        }
    }
}

#[test]
fn the_analysis_favours_the_side_that_is_ahead() {
    use halma::ai::analyse;
    // Seat 1's pieces half-way across, seat 2's still at home.
    let text = "halma-8x8 1 ....2222/.....222/.111..22/1111...2/.111..../......../......../........";
    let ahead: Position = text.parse().unwrap();
    let a = analyse(&ahead, Budget::nodes(30_000), 1, &NoClock).unwrap();
    assert!(a.two_sided);
    assert!(a.score > 1000, "seat 1 to move, far ahead: {}", a.score);
    assert!(a.lead >= 10, "seat 1 leads by {} points", a.lead);
    assert!(a.moves >= 3.0, "seat 1 is {} moves ahead", a.moves);
    let behind: Position = text.replacen(" 1 ", " 2 ", 1).parse().unwrap();
    let b = analyse(&behind, Budget::nodes(30_000), 1, &NoClock).unwrap();
    assert!(b.score < -1000, "seat 2 to move, far behind: {}", b.score);
    assert!(b.lead <= -10, "seat 2 trails by {} points", b.lead);
    assert!(b.moves <= -3.0, "seat 2 is {} moves behind", b.moves);
    // In a race the seat far ahead wins most playouts.
    let mut g = Game::new("star-3".parse().unwrap());
    for _ in 0..30 {
        // Seat 1 plays greedy moves, the others only shuffle at home (their first move).
        let p = g.position().clone();
        let m = if p.turn() == 1 {
            think(&p, Player::Greedy, Budget::nodes(1), 1, &NoClock)
                .unwrap()
                .mv
        } else {
            let moves = p.legal_moves();
            *moves
                .iter()
                .min_by_key(|&&m| p.after(m).unwrap().points(p.turn()))
                .unwrap()
        };
        g.play(m).unwrap();
    }
    let r = analyse(g.position(), Budget::nodes(40_000), 1, &NoClock).unwrap();
    assert!(!r.two_sided);
    let pts: Vec<i32> = (1..=3).map(|s| g.position().points(s)).collect();
    assert!(
        r.wins[0] > r.wins[1].max(r.wins[2]) + 0.1,
        "seat 1 ahead in the race ({pts:?} points): {:?}",
        r.wins
    );
}

#[test]
fn no_analysis_of_a_solitaire_or_a_finished_game() {
    use halma::ai::analyse;
    let s = Position::start("solitaire".parse().unwrap());
    assert!(analyse(&s, Budget::nodes(1000), 1, &NoClock).is_none());
    let mut g = Game::new("halma-8x8".parse().unwrap());
    while !g.is_over() {
        let t = think(g.position(), Player::Greedy, Budget::nodes(1), 1, &NoClock);
        match t {
            Some(t) => g.play(t.mv).unwrap(),
            None => break,
        }
    }
    assert!(g.position().is_over());
    assert!(analyse(g.position(), Budget::nodes(1000), 1, &NoClock).is_none());
}
