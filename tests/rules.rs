#![cfg(not(target_arch = "wasm32"))]
//! One test per rule choice of `docs/rules.md`, each on a small hand-made position.
//!
//! Positions are built with [`place`]: a variant, the seat to move and the pieces by cell
//! name (`"e5,c4=1 f6=2"`); everything else is empty.

use halma::{DrawReason, ErrorKind, Game, Move, Outcome, Position, Shape, Variant, VariantId};

/// A position of `variant` with `seat` to move and the pieces of `spec` (`"a1,b2=1 c3=2"`).
fn place(variant: &str, seat: usize, spec: &str) -> Position {
    let v: Variant = variant.parse().unwrap_or_else(|e| panic!("{variant}: {e}"));
    let g = v.geometry();
    let mut cells = vec!['.'; g.len()];
    for part in spec.split_whitespace() {
        let (names, s) = part.split_once('=').expect("names=seat");
        for n in names.split(',') {
            let c = g.cell_by_name(n).unwrap_or_else(|| panic!("no cell {n}"));
            cells[c.index()] = s.chars().next().unwrap();
        }
    }
    let rows: Vec<String> = g
        .rows()
        .iter()
        .map(|r| r.iter().map(|c| cells[c.index()]).collect())
        .collect();
    let text = format!("{v} {seat} {}", rows.join("/"));
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The destinations of the piece on `from`, as sorted names.
fn dests(p: &Position, from: &str) -> Vec<String> {
    let g = p.geometry();
    let c = g.cell_by_name(from).unwrap();
    let mut v: Vec<String> = p.destinations(c).iter().map(|&c| g.name(c).to_string()).collect();
    v.sort();
    v
}

fn sorted(names: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn mv(p: &Position, text: &str) -> Move {
    p.parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {p}: {e}"))
}

/// The error message for move text that must be rejected.
fn rejected(p: &Position, text: &str) -> String {
    match p.parse_move(text) {
        Ok(m) => panic!("{text} was accepted as {m:?} in {p}"),
        Err(e) => e.to_string(),
    }
}

fn path_names(p: &Position, m: Move) -> Vec<String> {
    let g = p.geometry();
    p.hop_path(m)
        .expect("legal move")
        .iter()
        .map(|&c| g.name(c).to_string())
        .collect()
}

fn game(p: Position) -> Game {
    Game::from_position(p)
}

fn play(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        g.play_text(m)
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", g.position()));
    }
}

fn winners(g: &Game) -> Vec<usize> {
    match g.outcome() {
        Some(Outcome::Win { winners }) => winners.seats().collect(),
        other => panic!("expected a win, got {other:?}"),
    }
}

// ---------------------------------------------------------------- boards, seats, formats

#[test]
fn variant_table_seats_camps_pieces() {
    // The table of `docs/rules.md`: seats → camps, pieces each.
    let table: [(&str, &[usize], usize); 12] = [
        ("halma", &[0, 2], 19),
        ("halma-3", &[0, 1, 2], 13),
        ("halma-4", &[0, 1, 2, 3], 13),
        ("halma-13", &[0, 2], 13),
        ("halma-10x10", &[0, 2], 15),
        ("halma-8x8", &[0, 2], 10),
        ("star-2", &[0, 3], 10),
        ("star-3", &[0, 2, 4], 10),
        ("star-4", &[0, 1, 3, 4], 10),
        ("star-5", &[0, 1, 2, 3, 4], 10),
        ("star-6", &[0, 1, 2, 3, 4, 5], 10),
        ("solitaire", &[0], 19),
    ];
    for (id, camps, pieces) in table {
        let v: Variant = id.parse().unwrap();
        let p = Position::start(v);
        assert_eq!(p.seats(), camps.len(), "{id}");
        assert_eq!(p.turn(), 1, "{id}: seat 1 moves first");
        for (s, &k) in camps.iter().enumerate() {
            let mine = p.pieces(s + 1);
            assert_eq!(mine.len(), pieces, "{id} seat {}", s + 1);
            assert_eq!(
                mine,
                p.geometry().camp(k).to_vec(),
                "{id}: seat {} starts in camp {k}",
                s + 1
            );
        }
        let size = match v.shape() {
            Shape::Square { size } => size as usize * size as usize,
            Shape::Star { side } => 6 * side as usize * side as usize + 6 * side as usize + 1,
        };
        assert_eq!(p.geometry().len(), size);
    }
    let sizes: Vec<usize> = [2u8, 3, 4, 5]
        .iter()
        .map(|&n| {
            let v: Variant = format!("star-2+side={n}").parse().unwrap();
            assert_eq!(v.pieces_per_seat(), n as usize * (n as usize + 1) / 2);
            v.geometry().len()
        })
        .collect();
    assert_eq!(sizes, [37, 73, 121, 181]);
}

#[test]
fn cell_names_and_order() {
    let v: Variant = "halma".parse().unwrap();
    let g = v.geometry();
    assert_eq!(g.coord(g.cell_by_name("a1").unwrap()), (0, 0));
    assert_eq!(g.coord(g.cell_by_name("p16").unwrap()), (15, 15));
    assert_eq!(g.name(halma::Cell::new(0)), "a16", "cell order starts top left");
    assert_eq!(g.name(halma::Cell::new(255)), "p1");
    // square camps: 19 = 5,5,4,3,2 from the corner edge
    let camp0: Vec<&str> = g.camp(0).iter().map(|&c| g.name(c)).collect();
    for n in ["a1", "e1", "a2", "e2", "a3", "d3", "a4", "c4", "a5", "b5"] {
        assert!(camp0.contains(&n), "{n}");
    }
    for n in ["f1", "f2", "e3", "d4", "c5", "a6"] {
        assert!(!camp0.contains(&n), "{n}");
    }
    let s: Variant = "star-2".parse().unwrap();
    let g = s.geometry();
    assert_eq!(g.name(halma::Cell::new(0)), "a17", "top tip first");
    assert_eq!(g.name(halma::Cell::new(120)), "a1", "bottom tip last");
    assert!(g.cell_by_name("m5").is_some() && g.cell_by_name("n5").is_none());
    assert!(g.cell_by_name("m13").is_some() && g.cell_by_name("n13").is_none());
    assert!(g.cell_by_name("b1").is_none() && g.cell_by_name("a18").is_none());
    assert_eq!(
        g.coord(g.cell_by_name("a17").unwrap()),
        (4, -8),
        "row r = -2n is the top"
    );
    assert!(
        g.camp(0).contains(&g.cell_by_name("a1").unwrap()),
        "camp 0 is the south point"
    );
    assert!(
        g.camp(3).contains(&g.cell_by_name("a17").unwrap()),
        "camp 3 is the north point"
    );
}

#[test]
fn position_text_format() {
    let text = "halma-8x8 1 ....2222/.....222/......22/.......2/1......./11....../111...../1111....";
    let p: Position = text.parse().unwrap();
    assert_eq!(p, Position::start("halma-8x8".parse().unwrap()));
    assert_eq!(p.to_string(), text);
    let q: Position = "halma-8x8 2 ....2222/.....222/......22/.......2/1......./11....../111...../1111...."
        .parse()
        .unwrap();
    assert_eq!(q.turn(), 2);
    assert_ne!(p, q);
    assert_ne!(p.hash(), q.hash());
    for (bad, needle) in [
        ("halma-8x8 1 ....2222", "rows"),
        (
            "halma-8x8 0 ....2222/.....222/......22/.......2/1......./11....../111...../1111....",
            "seat to move",
        ),
        (
            "halma-8x8 1 ....2222/.....222/......22/.......2/1......./11....../111...../1111...3",
            "seat 3",
        ),
        (
            "halma-8x8 1 ....2222/.....222/......22/.......2/1......./11....../111...../1111...x",
            "unexpected 'x'",
        ),
        (
            "halma-8x8 1 ....2222/.....222/......22/.......2/1......./11....../111...../1111.....",
            "row 8",
        ),
    ] {
        let e = bad.parse::<Position>().unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Position, "{bad}");
        assert!(e.to_string().contains(needle), "{bad}: {e}");
    }
}

#[test]
fn variant_strings() {
    for (input, canon) in [
        ("star-6+teams=opposite+any-camp", "star-6+any-camp+teams=opposite"),
        ("star-2+any-camp+free-target", "star-2+free-target+any-camp"),
        (
            "halma+turns=50+long+size=12+camp=13",
            "halma+size=12+camp=13+long+turns=50",
        ),
        ("halma-10x10+balance=off", "halma-10x10+balance=off"),
        ("halma-10x10+balance", "halma-10x10"),
        ("halma+long=off", "halma"),
        ("halma+swap", "halma+swap"),
        ("halma+strict", "halma+strict"),
        ("star-2+side=3", "star-2+side=3"),
    ] {
        let v: Variant = input.parse().unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(v.to_string(), canon, "{input}");
    }
    for bad in [
        "halma+fast",
        "halma+size=21",
        "halma+size=3",
        "halma+camp=12",
        "halma+side=3",
        "star-2+size=10",
        "star-2+side=6",
        "halma+any-camp",
        "halma+strict+swap",
        "halma-3+teams=opposite",
        "star-5+teams=adjacent",
        "halma+size=6",
        "solitaire+free-target",
        "solitaire+swap",
        "halma+turns=0",
        "halma+long=maybe",
        "star-7",
    ] {
        let e = bad.parse::<Variant>().expect_err(bad);
        assert_eq!(e.kind(), ErrorKind::Variant, "{bad}");
        assert!(!e.to_string().is_empty());
    }
}

// ---------------------------------------------------------------- moves

#[test]
fn steps_in_eight_directions_on_square_boards() {
    let p = place("halma-8x8", 1, "d4=1 h8=2");
    assert_eq!(
        dests(&p, "d4"),
        sorted(&["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"])
    );
    let corner = place("halma-8x8", 1, "a1=1 h8=2");
    assert_eq!(dests(&corner, "a1"), sorted(&["a2", "b1", "b2"]));
}

#[test]
fn steps_in_six_directions_on_the_star() {
    let p = place("star-2", 1, "e9=1 a17=2");
    // (±1,0) (0,±1) (1,-1) (-1,1) from the centre (0,0)
    assert_eq!(dests(&p, "e9"), sorted(&["d9", "f9", "e8", "f8", "e10", "f10"]));
}

#[test]
fn hops_over_own_and_other_pieces() {
    let p = place("halma-8x8", 1, "d4,d5=1 e4,c3=2 h8=2");
    let d = dests(&p, "d4");
    assert!(d.contains(&"d6".to_string()), "over own d5: {d:?}");
    assert!(d.contains(&"f4".to_string()), "over seat 2's e4: {d:?}");
    assert!(d.contains(&"b2".to_string()), "diagonally over c3: {d:?}");
    // nothing is captured
    let after = p.after(mv(&p, "d4-f4")).unwrap();
    assert_eq!(after.pieces(2).len(), 3);
    let star = place("star-2", 1, "e9=1 f9,e10=2 a17=2");
    let d = dests(&star, "e9");
    assert!(
        d.contains(&"g9".to_string()) && d.contains(&"e11".to_string()),
        "{d:?}"
    );
}

#[test]
fn chains_may_stop_after_any_hop() {
    let p = place("halma-8x8", 1, "a1=1 b2,d4,f6=2 h1=2");
    let d = dests(&p, "a1");
    for stop in ["c3", "e5", "g7"] {
        assert!(d.contains(&stop.to_string()), "{stop}: {d:?}");
    }
    assert_eq!(path_names(&p, mv(&p, "a1-g7")), ["a1", "c3", "e5", "g7"]);
    assert_eq!(mv(&p, "a1-c3-e5-g7"), mv(&p, "a1-g7"));
}

#[test]
fn steps_and_hops_never_mix() {
    let p = place("halma-8x8", 1, "a1=1 c1=2 h8=2");
    // a1-b1 is a step; b1 over c1 to d1 would be a hop after it
    assert_eq!(dests(&p, "a1"), sorted(&["a2", "b1", "b2"]));
    let e = rejected(&p, "a1-b1-d1");
    assert!(e.contains("a1-b1 is not a hop"), "{e}");
    // nor a step after a hop
    let q = place("halma-8x8", 1, "a1=1 b1=2 h8=2");
    assert_eq!(dests(&q, "a1"), sorted(&["a2", "b2", "c1"]));
    assert!(rejected(&q, "a1-c1-d1").contains("c1-d1 is not a hop"));
}

#[test]
fn a_move_is_from_and_to_once_whatever_the_path() {
    // c3 is reached directly (over b2) and through c1 (over b1, then over c2)
    let p = place("halma-8x8", 1, "a1=1 b1,b2,c2=2 h8=2");
    let moves = p.legal_moves();
    let g = p.geometry();
    let c3 = g.cell_by_name("c3").unwrap();
    assert_eq!(moves.iter().filter(|m| m.to == c3).count(), 1);
    let mut dedup = moves.clone();
    dedup.dedup();
    assert_eq!(dedup.len(), moves.len());
    assert!(moves.iter().all(|m| m.from != m.to));
    assert_eq!(path_names(&p, mv(&p, "a1-c3")), ["a1", "c3"], "one shortest path");
    // both written paths are accepted and name the same move
    assert_eq!(mv(&p, "a1-c1-c3"), mv(&p, "a1-c3"));
    // a chain back to the origin is no move
    assert!(rejected(&p, "a1-c3-a1").contains("another cell"));
}

#[test]
fn the_origin_is_lifted_no_hop_over_it() {
    // d1 hops to f3 (over e2) and f1 (over f2). From f1 a long jump over d1 to b1 would
    // need a piece on d1, but the moving piece has left it.
    let p = place("halma+long", 1, "d1=1 e2,f2=2 p16=2");
    let d = dests(&p, "d1");
    assert!(d.contains(&"f1".to_string()), "{d:?}");
    assert!(
        !d.contains(&"b1".to_string()),
        "hopped over the lifted origin: {d:?}"
    );
    assert!(rejected(&p, "d1-f3-f1-b1").contains("f1-b1 is not a hop"));
}

#[test]
fn the_origin_is_lifted_a_chain_may_cross_it() {
    // Long jumps: from j1 the piece jumps left over f1 (4 away) to b1 (8 away); the cells
    // between include its own origin h1, which counts as empty.
    let p = place("halma+long", 1, "h1=1 i2,j2,f1=2 p16=2");
    let d = dests(&p, "h1");
    assert!(d.contains(&"b1".to_string()), "{d:?}");
    assert_eq!(path_names(&p, mv(&p, "h1-b1")), ["h1", "j3", "j1", "b1"]);
    assert!(d.contains(&"d1".to_string()), "{d:?}");
}

#[test]
fn the_origin_is_lifted_a_chain_may_land_on_it() {
    // c3 hops to e3 over d3, back onto its own (empty) origin c3, then over c4 to c5.
    let p = place("halma-8x8", 1, "c3=1 d3,c4=2 h8=2");
    assert_eq!(mv(&p, "c3-e3-c3-c5"), mv(&p, "c3-c5"));
    let mut g = game(p.clone());
    g.play_text("c3-e3-c3-c5").unwrap();
    assert_eq!(g.position().piece_at(p.parse_cell("c5").unwrap()), Some(1));
    // other cells may not be visited twice
    assert!(rejected(&p, "c3-e3-c3-e3-c3-c5").contains("already visited"));
}

#[test]
fn target_lock_at_the_start_of_a_move() {
    // seat 1's target is corner 2: e8-h8, f7-h7, g6-h6, h5
    let p = place("halma-8x8", 1, "f7,g7=1 g5,f6=2 a1=2");
    // f7 may only stay inside: steps to e8 f8 g8 g6 and the hop over g7 to h7; not the
    // steps to e7 or e6 nor the hop over f6 to f5
    assert_eq!(dests(&p, "f7"), sorted(&["e8", "f8", "g8", "g6", "h7"]));
    // g7 may not hop out over f6 to e5
    assert!(!dests(&p, "g7").contains(&"e5".to_string()));
    let e = rejected(&p, "f7-e7");
    assert!(e.contains("in its target camp and may not leave it"), "{e}");
    let free = place("halma-8x8+free-target", 1, "f7,g7=1 g5,f6=2 a1=2");
    let d = dests(&free, "f7");
    for t in ["e6", "e7", "f5"] {
        assert!(d.contains(&t.to_string()), "{t}: {d:?}");
    }
    assert!(dests(&free, "g7").contains(&"e5".to_string()));
}

#[test]
fn target_lock_mid_chain() {
    // e5 hops over f6 into g7 (target); from g7 it could hop on over f7 to e7, outside.
    let p = place("halma-8x8", 1, "e5=1 f6,f7=2 a1=2");
    let d = dests(&p, "e5");
    assert!(d.contains(&"g7".to_string()), "{d:?}");
    assert!(!d.contains(&"e7".to_string()), "left the target mid-chain: {d:?}");
    let e = rejected(&p, "e5-g7-e7");
    assert!(e.contains("g7-e7 leaves the target camp"), "{e}");
    let e = rejected(&p, "e5-e7");
    assert!(e.contains("e7 is not reachable from e5"), "{e}");
    // free-target lifts it
    let free = place("halma-8x8+free-target", 1, "e5=1 f6,f7=2 a1=2");
    assert!(dests(&free, "e5").contains(&"e7".to_string()));
    assert_eq!(path_names(&free, mv(&free, "e5-e7")), ["e5", "g7", "e7"]);
    // a chain may go on inside the target: c4 over d5 to e6, over f7 into g8
    let q = place("halma-8x8", 1, "c4=1 d5,f7,g7=2 a1=2");
    assert!(dests(&q, "c4").contains(&"g8".to_string()));
}

#[test]
fn solitaire_moves_each_piece_once_and_never_into_the_yard() {
    // b6 is outside the yard: it has moved. e2 is in the yard: it still moves, but not
    // into the yard (d1 is empty) and with no target lock (o15 is corner 2's camp).
    let p = place("solitaire", 1, "b6,o14=1 e2,e1=1");
    assert!(dests(&p, "b6").is_empty() && dests(&p, "o14").is_empty());
    let d = dests(&p, "e2");
    assert!(
        d.contains(&"f2".to_string()) && !d.contains(&"d1".to_string()),
        "{d:?}"
    );
    assert!(!Variant::new(VariantId::Solitaire).target_lock());
    let why = |m: &str| {
        p.parse_move(m)
            .and_then(|m| p.clone().play(m))
            .unwrap_err()
            .to_string()
    };
    assert!(why("b6-b7").contains("has moved already"), "{}", why("b6-b7"));
    assert!(why("e2-d1").contains("d1 is in the yard"), "{}", why("e2-d1"));
    let mut g = Game::new("solitaire".parse().unwrap());
    assert!(g.play_text("e1-f1").is_ok());
    assert!(g
        .play_text("f1-g1")
        .unwrap_err()
        .to_string()
        .contains("has moved already"));
}

#[test]
fn star_side_points_block_ending_not_passing() {
    // f5 hops over e5 into d5 (SW point: a side point for seat 1, S→N), then over d6 to d7.
    let p = place("star-2", 1, "f5=1 e5,d6=2 a17=2");
    let d = dests(&p, "f5");
    assert!(d.contains(&"d7".to_string()), "{d:?}");
    assert!(!d.contains(&"d5".to_string()), "ended in a side point: {d:?}");
    assert_eq!(path_names(&p, mv(&p, "f5-d7")), ["f5", "d5", "d7"]);
    assert_eq!(mv(&p, "f5-d5-d7"), mv(&p, "f5-d7"));
    let e = rejected(&p, "f5-d5");
    assert!(e.contains("d5 is in a side point"), "{e}");
    // steps into a side point are refused too; home and target points are fine
    let q = place("star-2", 1, "e5=1 a17=2");
    assert!(!dests(&q, "e5").contains(&"d5".to_string()));
    assert!(dests(&q, "e5").contains(&"a4".to_string()), "own home point");
    let any = place("star-2+any-camp", 1, "f5=1 e5,d6=2 a17=2");
    assert!(dests(&any, "f5").contains(&"d5".to_string()));
    // with more seats, another seat's home is still a side point for seat 1
    let three = place("star-3", 1, "e12=1 d12=2 a1=3");
    // e12 hops over d12 into c12, in NW: seat 2's home, a side point for seat 1
    assert!(!dests(&three, "e12").contains(&"c12".to_string()));
}

#[test]
fn long_jumps() {
    let legal = place("halma-8x8+long", 1, "a1=1 d1=2 h8=2");
    assert!(dests(&legal, "a1").contains(&"g1".to_string()), "a . . X . . b");
    let short = place("halma-8x8", 1, "a1=1 d1=2 h8=2");
    assert!(
        !dests(&short, "a1").contains(&"g1".to_string()),
        "only with +long"
    );
    // short hops are still long jumps with k = 1
    let one = place("halma-8x8+long", 1, "a1=1 b1=2 h8=2");
    assert!(dests(&one, "a1").contains(&"c1".to_string()));
    // a . X . . b: X two away, land four away (not three, not five)
    let even = place("halma-8x8+long", 1, "a1=1 c1=2 h8=2");
    assert_eq!(dests(&even, "a1"), sorted(&["a2", "b1", "b2", "e1"]));
    // a . X X . b: two pieces side by side
    let two = place("halma-8x8+long", 1, "a1=1 c1,d1=2 h8=2");
    assert_eq!(dests(&two, "a1"), sorted(&["a2", "b1", "b2"]));
    // a . . X . . X: the landing cell is taken; no landing at the uneven f1 either
    let taken = place("halma-8x8+long", 1, "a1=1 d1,g1=2 h8=2");
    assert_eq!(dests(&taken, "a1"), sorted(&["a2", "b1", "b2"]));
    // a . X . X . . b: over two pieces
    let over_two = place("halma-8x8+long", 1, "a1=1 c1,e1=2 h8=2");
    assert_eq!(dests(&over_two, "a1"), sorted(&["a2", "b1", "b2"]));
    // the far side must be on the board
    let edge = place("halma-8x8+long", 1, "a1=1 e1=2 h8=2");
    assert_eq!(dests(&edge, "a1"), sorted(&["a2", "b1", "b2"]));
    // long chains, also diagonal: a1 over d1 to g1, over g4 to g7
    let chain = place("halma-8x8+long", 1, "a1=1 d1,g4=2 a8=2");
    assert!(dests(&chain, "a1").contains(&"g7".to_string()));
    assert_eq!(path_names(&chain, mv(&chain, "a1-g7")), ["a1", "g1", "g7"]);
    let diag = place("halma-8x8+long", 1, "a1=1 c3=2 a8=2");
    assert!(dests(&diag, "a1").contains(&"e5".to_string()));
    let e = rejected(&two, "a1-f1");
    assert!(e.contains("not reachable"), "{e}");
    let star = place("star-2+long+any-camp", 1, "e9=1 g9=2 a17=2");
    assert!(dests(&star, "e9").contains(&"i9".to_string()));
}

#[test]
fn swaps_only_by_step_into_the_target() {
    let spec = "e7,g5,c6=1 e8,f8,f7,h6,d7,a1=2";
    let p = place("halma-8x8+swap", 1, spec);
    let d = dests(&p, "e7");
    for t in ["e8", "f8", "f7"] {
        assert!(d.contains(&t.to_string()), "swap onto {t}: {d:?}");
    }
    assert!(!d.contains(&"d7".to_string()), "d7 is not in the target: {d:?}");
    assert!(dests(&p, "g5").contains(&"h6".to_string()));
    // by hop: c6 over d7 onto e8
    let e = rejected(&p, "c6-e8");
    assert!(e.contains("e8 is occupied (a swap must be a step)"), "{e}");
    assert!(rejected(&p, "e7-d7").contains("d7 is occupied"));
    // the other seat's piece goes to the mover's origin
    let after = p.after(mv(&p, "e7-e8")).unwrap();
    let g = p.geometry();
    assert_eq!(after.piece_at(g.cell_by_name("e8").unwrap()), Some(1));
    assert_eq!(after.piece_at(g.cell_by_name("e7").unwrap()), Some(2));
    assert_eq!(after.pieces(2).len(), 6);
    // without swap, no swapping
    let plain = place("halma-8x8+strict", 1, spec);
    assert!(!dests(&plain, "e7").contains(&"e8".to_string()));
    // and the swap rule is strict: a swap that completes the target wins
    let mut win = game(place(
        "halma-8x8+swap",
        1,
        "e8,f8,g8,h8,f7,g7,h7,g6,h6,h4=1 h5,a1=2",
    ));
    assert!(win.outcome().is_none(), "h5 holds seat 2's piece");
    play(&mut win, "h4-h5");
    assert_eq!(winners(&win), [1]);
    assert_eq!(
        win.position().piece_at(win.position().parse_cell("h4").unwrap()),
        Some(2)
    );
}

#[test]
fn different_paths_to_the_same_cell_swap_and_hop_dont_clash() {
    // With swap, a step onto an occupied target cell and hops never produce the same move twice.
    let p = place("halma-8x8+swap", 1, "f6=1 g7,f7=2 a1=2");
    let moves = p.legal_moves();
    let mut dedup = moves.clone();
    dedup.dedup();
    assert_eq!(dedup.len(), moves.len());
}

// ---------------------------------------------------------------- winning

const FILL_SPEC: &str = "e8,f8,g8,h8,f7,g7,h7,f5=1 h6,h5,a1,b1=2";

#[test]
fn fill_win_with_another_seats_pieces_in_the_target() {
    let mut g = game(place("halma-8x8", 1, FILL_SPEC));
    assert!(g.outcome().is_none());
    play(&mut g, "f5-g6");
    assert_eq!(winners(&g), [1]);
    assert!(g.position().is_over());
    assert!(g.position().legal_moves().is_empty());
    let e = g.play_text("h6-h7").unwrap_err();
    assert!(e.to_string().contains("game is over"), "{e}");
    // a full target with none of the seat's own pieces is no win
    let others = place("halma-8x8", 2, "e8,f8,g8,h8,f7,g7,h7,g6,h6,h5=2 a1=1");
    assert!(others.finished().is_empty());
    assert!(!others.is_over());
}

#[test]
fn strict_does_not_win_with_a_blocker() {
    let mut g = game(place("halma-8x8+strict", 1, FILL_SPEC));
    play(&mut g, "f5-g6");
    assert_eq!(g.outcome(), None);
    assert!(g.position().finished().is_empty());
    assert_eq!(g.position().turn(), 2);
}

#[test]
fn the_game_ends_at_the_first_win() {
    // three seats, no teams, no equal turns: seat 1's finishing move ends it
    let mut g = game(three_seat_finish("halma-3"));
    play(&mut g, "n12-o13");
    assert_eq!(winners(&g), [1]);
}

/// halma-3: every seat has 12 pieces in its target and one next to the missing cell
/// (seat 1: n12 → o13; seat 2: n5 → o4; seat 3: `third` → b4).
fn three_seat_finish_with(variant: &str, third: &str) -> Position {
    place(
        variant,
        1,
        &format!(
            "m16,n16,o16,p16,m15,n15,o15,p15,n14,o14,p14,p13,n12=1 \
             m1,n1,o1,p1,m2,n2,o2,p2,n3,o3,p3,p4,n5=2 \
             a1,b1,c1,d1,a2,b2,c2,d2,a3,b3,c3,a4,{third}=3"
        ),
    )
}

fn three_seat_finish(variant: &str) -> Position {
    three_seat_finish_with(variant, "c5")
}

// ---------------------------------------------------------------- equal turns, teams

const BALANCE: &str = "f10,g10,h10,i10,j10,g9,h9,i9,j9,h8,i8,j8,i7,j7,i5=1 \
                       a1,b1,c1,d1,e1,a2,b2,c2,d2,a3,b3,c3,a4,b4,a6=2";

#[test]
fn equal_turns_two_seats_finishing_in_one_round_draw() {
    let mut g = game(place("halma-10x10", 1, BALANCE));
    play(&mut g, "i5-j6");
    assert_eq!(g.outcome(), None, "the round is completed");
    assert!(g.position().is_closing());
    assert_eq!(g.position().turn(), 2);
    play(&mut g, "a6-a5");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::SharedWin
        })
    );
    let st = g.standings();
    assert!(st.iter().all(|s| s.winner && s.rank == 1), "{st:?}");
}

#[test]
fn equal_turns_first_seat_wins_after_the_second_moves() {
    let mut g = game(place("halma-10x10", 1, BALANCE));
    play(&mut g, "i5-j6");
    assert_eq!(g.outcome(), None);
    play(&mut g, "a6-b6");
    assert_eq!(winners(&g), [1]);
    assert_eq!(g.standings()[0].seat, 1);
    // the last seat of the round wins at once
    let mut h = game(place("halma-10x10", 1, BALANCE));
    play(&mut h, "i5-h5 a6-a5");
    assert_eq!(winners(&h), [2]);
    // without equal turns seat 1 wins at once
    let mut k = game(place("halma-10x10+balance=off", 1, BALANCE));
    play(&mut k, "i5-j6");
    assert_eq!(winners(&k), [1]);
}

#[test]
fn equal_turns_finished_game_reads_back_as_over() {
    // The position text of a game that ended after a completed round must read back as over,
    // not as the last seat of the round still to move.
    let mut g = game(place("halma-10x10", 1, BALANCE));
    play(&mut g, "i5-j6 a6-b6");
    let p = g.position();
    assert!(p.is_over());
    let q: Position = p.to_string().parse().unwrap();
    assert!(q.is_over(), "{q} reads back as a game in progress");
    assert_eq!(&q, p);
    assert_eq!(Game::from_position(q).outcome(), g.outcome());
    let mut g = game(three_seat_finish("halma-3+balance"));
    play(&mut g, "n12-o13 n5-o4 c5-c6");
    let q: Position = g.position().to_string().parse().unwrap();
    assert_eq!(&q, g.position());
    assert_eq!(Game::from_position(q).outcome(), g.outcome());
}

#[test]
fn equal_turns_three_seats_share_a_win() {
    let mut g = game(three_seat_finish("halma-3+balance"));
    play(&mut g, "n12-o13");
    assert_eq!(g.outcome(), None);
    play(&mut g, "n5-o4");
    assert_eq!(g.outcome(), None);
    play(&mut g, "c5-c6");
    assert_eq!(winners(&g), [1, 2]);
    let st = g.standings();
    assert_eq!((st[0].rank, st[1].rank, st[2].rank), (1, 1, 3), "{st:?}");
    assert!(!st[2].winner);
    // all three finish: a draw
    let mut all = game(three_seat_finish("halma-3+balance"));
    play(&mut all, "n12-o13 n5-o4 c5-b4");
    assert_eq!(
        all.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::SharedWin
        })
    );
}

const TEAMS: &str = "m16,n16,o16,p16,m15,n15,o15,p15,n14,o14,p14,o13,p13=1 \
                     a1,b1,c1,d1,a2,b2,c2,d2,a3,b3,c3,a4,c5=3 a14,b13,c12=2 p3,o4,n5=4";

#[test]
fn teams_win_when_both_seats_finished_finished_seats_skipped() {
    let p = place("halma-4+teams=opposite", 2, TEAMS);
    assert_eq!(
        p.finished().seats().collect::<Vec<_>>(),
        [1],
        "seat 1 has finished"
    );
    assert!(!p.is_over(), "its partner has not");
    let mut g = game(p);
    play(&mut g, "a14-a15 c5-c6 p3-p2");
    assert_eq!(g.position().turn(), 2, "seat 1 is skipped");
    play(&mut g, "a15-a16 c6-c5 p2-p3 a16-a15 c5-b4");
    assert_eq!(winners(&g), [1, 3]);
    let st = g.standings();
    assert!(st[0].winner && st[1].winner && st[0].rank == 1 && st[1].rank == 1);
    // seat 1 finishing first would have ended nothing; a seat to move that has finished
    // hands the turn on
    let q = place("halma-4+teams=opposite", 1, TEAMS);
    assert_eq!(q.turn(), 2);
    // adjacent teams pair 1+2 and 3+4: the same position, seat 1 and 3 on different teams
    let adj = place("halma-4+teams=adjacent", 2, TEAMS);
    let mut g = game(adj);
    play(&mut g, "a14-a15 c5-b4");
    assert_eq!(g.outcome(), None, "seat 3 finished, seat 4 has not");
    play(&mut g, "p3-p2");
    assert_eq!(g.position().turn(), 2, "seats 1 and 3 are skipped");
}

#[test]
fn star_teams_opposite_pairs_facing_points() {
    let v: Variant = "star-6+teams=opposite".parse().unwrap();
    // 1+4, 2+5, 3+6
    for (a, b) in [(0, 3), (1, 4), (2, 5)] {
        assert_eq!(v.team_of(a), v.team_of(b));
    }
    assert_ne!(v.team_of(0), v.team_of(1));
    let v: Variant = "star-4+teams=opposite".parse().unwrap();
    // camps 0, 1, 3, 4: seat 1 (S) faces seat 3 (N), seat 2 (SW) faces seat 4 (NE)
    assert_eq!(v.team_of(0), v.team_of(2));
    assert_eq!(v.team_of(1), v.team_of(3));
    let v: Variant = "star-6+teams=adjacent".parse().unwrap();
    assert_eq!(v.team_of(4), v.team_of(5));
    assert_ne!(v.team_of(1), v.team_of(2));
}

// ---------------------------------------------------------------- playing on for places

/// The places of seats 1.. of a game, `0` for none.
fn places(g: &Game) -> Vec<usize> {
    let p = g.position();
    (1..=p.seats()).map(|s| p.place(s).unwrap_or(0)).collect()
}

#[test]
fn places_play_on_after_the_first_finish_and_rank_by_finishing() {
    let mut g = game(three_seat_finish("halma-3+places"));
    play(&mut g, "n12-o13");
    assert_eq!(g.outcome(), None, "play goes on for second place");
    assert_eq!(places(&g), [1, 0, 0]);
    assert_eq!(g.position().turn(), 2);
    let st = g.standings();
    assert_eq!((st[0].seat, st[0].rank, st[0].place), (1, 1, Some(1)), "{st:?}");
    assert!(st[0].winner);
    assert_eq!(st[1].place, None);
    // the finished seat is skipped: 2, 3, 2
    play(&mut g, "n5-n4 c5-c6");
    assert_eq!(g.position().turn(), 2, "seat 1 is skipped");
    assert!(g.destinations(g.position().parse_cell("n12").unwrap()).is_empty());
    // seat 2 finishes second: one seat is left, and the game is over
    play(&mut g, "n4-o4");
    assert_eq!(winners(&g), [1]);
    assert_eq!(places(&g), [1, 2, 0]);
    let st: Vec<_> = g.standings().iter().map(|s| (s.seat, s.rank, s.place)).collect();
    assert_eq!(st, [(1, 1, Some(1)), (2, 2, Some(2)), (3, 3, None)]);
    // the default: the first finish ends the game, the others by points
    let mut d = game(three_seat_finish("halma-3"));
    play(&mut d, "n12-o13");
    assert_eq!(winners(&d), [1]);
}

#[test]
fn places_a_seat_may_finish_on_another_seats_move() {
    // halma-3 under fill: seat 2 fills the last cell of seat 3's target camp (seat 1's
    // home); seat 3 takes first place on seat 2's move and its turn is skipped
    let p = place(
        "halma-3+places",
        2,
        "a1,b1,c1,d1,a2,b2,c2,d2,a3,b3,c3,a4=3 b5,m1=2 h8=1",
    );
    let mut g = game(p);
    play(&mut g, "b5-b4");
    assert_eq!(places(&g), [0, 0, 1]);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.position().turn(), 1, "seat 3 is skipped");
    play(&mut g, "h8-h9");
    assert_eq!(g.position().turn(), 2);
}

#[test]
fn places_position_strings_and_records_round_trip_mid_game() {
    let mut g = game(three_seat_finish("halma-3+places"));
    play(&mut g, "n12-o13 n5-n4");
    let text = g.position().to_string();
    assert!(text.ends_with(" 1.."), "{text}");
    let q: Position = text.parse().unwrap();
    assert_eq!(&q, g.position());
    assert_eq!(q.turn(), 3);
    assert_eq!(q.place(1), Some(1));
    // the record and the link replay to the same game
    let back = Game::from_record(&g.record()).unwrap();
    assert_eq!(back.position(), g.position());
    assert_eq!(back.standings(), g.standings());
    let linked = Game::from_link(&g.to_link()).unwrap();
    assert_eq!(linked.position(), g.position());
    // a game started from a position with a finished seat records that position
    let mut h = Game::from_position(q.clone());
    play(&mut h, "c5-c6");
    assert!(h.record().starts_with(&format!("{text}\n")), "{}", h.record());
    let h2 = Game::from_record(&h.record()).unwrap();
    assert_eq!(h2.position(), h.position());
    let link = h.to_link();
    assert!(link.ends_with("~1.."), "{link}");
    let linked = Game::from_link(&link).unwrap();
    assert_eq!(linked.position(), h.position());
    // the link keeps the places field too: from the star start, where only the field says
    // that seat 2 has finished
    let start = Position::start("star-3+places".parse().unwrap()).to_string();
    let mut k = Game::from_position(format!("{start} .1.").parse().unwrap());
    let m = k.legal_moves()[0];
    k.play(m).unwrap();
    assert_eq!(k.position().turn(), 3, "seat 2 is skipped");
    let back = Game::from_link(&k.to_link()).unwrap();
    assert_eq!(back.position(), k.position());
    assert_eq!(back.position().place(2), Some(1));
    // no field while nobody has finished, nor without the option
    assert_eq!(
        Position::start("halma-3+places".parse().unwrap())
            .to_string()
            .split(' ')
            .count(),
        3
    );
}

#[test]
fn places_field_keeps_a_seat_finished_and_is_checked() {
    // seat 1 has a place though its camp is no longer full (under fill, another seat's
    // blocker may leave it): it stays finished and is skipped
    let start = Position::start("star-3+places".parse().unwrap()).to_string();
    let q: Position = format!("{start} 1.2").parse().unwrap();
    assert_eq!((q.place(1), q.place(2), q.place(3)), (Some(1), None, Some(2)));
    assert!(q.is_over(), "one seat is left");
    let q: Position = format!("{start} .1.").parse().unwrap();
    assert!(!q.is_over());
    assert_eq!(q.turn(), 1);
    let q: Position = (start.replacen(" 1 ", " 2 ", 1) + " .1.").parse().unwrap();
    assert_eq!(q.turn(), 3, "a finished seat to move hands the turn on");
    let e = |text: String| text.parse::<Position>().unwrap_err().to_string();
    assert!(
        e(format!("{start} 2..")).contains("seat 1 cannot be 2"),
        "{}",
        e(format!("{start} 2.."))
    );
    assert!(e(format!("{start} 1.")).contains("3 seats"));
    assert!(e(format!("{start} 1x.")).contains("unexpected 'x'"));
    let plain = Position::start("star-3".parse().unwrap()).to_string();
    assert!(e(format!("{plain} 1..")).contains("needs the option places"));
    // two seats sharing the first place, then the next is third
    assert!(format!("{start} 11.").parse::<Position>().unwrap().is_over());
    let six = Position::start("star-6+places".parse().unwrap()).to_string();
    assert!(format!("{six} 11.3..").parse::<Position>().is_ok());
    assert!(e(format!("{six} 11.2..")).contains("seat 4 cannot be 2"));
}

#[test]
fn places_with_teams_rank_teams_and_skip_their_seats() {
    // star-6 opposite teams 1+4, 2+5, 3+6: a team's seats share its place
    let start = Position::start("star-6+teams=opposite+places".parse().unwrap()).to_string();
    let q: Position = format!("{start} 1..1..").parse().unwrap();
    assert!(!q.is_over(), "two teams are left");
    assert_eq!(q.turn(), 2, "seat 1 is skipped");
    let mut g = Game::from_position(q);
    let m = g.legal_moves()[0];
    g.play(m).unwrap();
    assert_eq!(g.position().turn(), 3);
    let m = g.legal_moves()[0];
    g.play(m).unwrap();
    assert_eq!(g.position().turn(), 5, "seat 4 is skipped");
    let st: Vec<_> = g.standings().iter().map(|s| (s.seat, s.rank)).collect();
    assert_eq!(&st[..2], [(1, 1), (4, 1)]);
    // the teams still playing rank after it by their points, two seats a rank
    assert!(
        st[2].1 == 2 && st[3].1 == 2 && st[4].1 >= 2 && st[4].1 == st[5].1,
        "{st:?}"
    );
    let e = format!("{start} 1.....")
        .parse::<Position>()
        .unwrap_err()
        .to_string();
    assert!(e.contains("seats 1 and 4 play together"), "{e}");
    // the last team left is third, after the two
    let over: Position = format!("{start} 12.12.").parse().unwrap();
    assert!(over.is_over());
    let st: Vec<_> = Game::from_position(over)
        .standings()
        .iter()
        .map(|s| (s.seat, s.rank))
        .collect();
    assert_eq!(st, [(1, 1), (4, 1), (2, 2), (5, 2), (3, 3), (6, 3)]);
}

#[test]
fn places_turn_limit_ranks_the_rest_by_points() {
    let mut g = game(three_seat_finish("halma-3+places+turns=2"));
    play(&mut g, "n12-o13 n5-n4 c5-c6 n4-n5 c6-c7");
    // seat 2 to move with its 2 turns taken: the game stops; seat 1 keeps its win
    assert_eq!(g.position().turn(), 2);
    assert_eq!(winners(&g), [1]);
    let st: Vec<_> = g.standings().iter().map(|s| (s.seat, s.rank, s.place)).collect();
    assert_eq!(st[0], (1, 1, Some(1)));
    assert_eq!((st[1].0, st[1].1, st[2].0, st[2].1), (2, 2, 3, 3), "{st:?}");
    // before any finish it is a draw as without places
    let mut d = game(three_seat_finish("halma-3+places+turns=1"));
    play(&mut d, "n12-n13 n5-n4 c5-c6");
    assert_eq!(
        d.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::TurnLimit
        })
    );
}

#[test]
fn places_change_nothing_with_two_sides() {
    for v in ["halma-8x8+places", "halma-8x8"] {
        let mut g = game(place(v, 1, FILL_SPEC));
        play(&mut g, "f5-g6");
        assert_eq!(winners(&g), [1], "{v}");
    }
    // equal turns still share the win with two seats
    let mut g = game(place("halma-10x10+places", 1, BALANCE));
    play(&mut g, "i5-j6 a6-a5");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::SharedWin
        })
    );
    let e = "star-3+places+balance"
        .parse::<Variant>()
        .unwrap_err()
        .to_string();
    assert!(e.contains("do not go together"), "{e}");
    assert!("solitaire+places".parse::<Variant>().is_err());
}

// ---------------------------------------------------------------- passes and draws

/// Seat 2's only piece, h8, is walled in: g8 g7 h7 and the hop landings f8 f6 h6 are taken.
const PASS: &str = "g8,g7,h7,f8,f6,h6,c3,b2=1 h8=2";

#[test]
fn a_blocked_seat_passes_and_undo_takes_back_move_and_pass() {
    let p = place("halma-8x8", 1, PASS);
    assert!(p.has_moves());
    let mut g = game(p.clone());
    play(&mut g, "c3-d4");
    let hist: Vec<_> = g.history().cloned().collect();
    assert_eq!(hist.len(), 2);
    assert_eq!(hist[1].seat, 2);
    assert_eq!(hist[1].mv, None, "seat 2 passed");
    assert!(hist[1].path.is_empty());
    assert_eq!(g.position().turn(), 1);
    assert_eq!(g.turns_taken(2), 1, "the pass is seat 2's turn");
    assert_eq!(g.record(), format!("{p}\nc3-d4 pass\n"));
    g.undo().unwrap();
    assert_eq!(g.history().len(), 0);
    assert_eq!(g.position(), &p);
    assert_eq!(g.position().hash(), p.hash());
    assert!(!g.can_undo());
    g.redo().unwrap();
    assert_eq!(g.history().len(), 2);
    // a seat that is blocked at the start passes at once
    let q = place("halma-8x8", 2, PASS);
    let g = game(q);
    assert_eq!(g.history().next().unwrap().mv, None);
    assert_eq!(g.position().turn(), 1);
    assert!(g.outcome().is_none());
    // Position::pass and perft count the pass as a turn
    let r = place("halma-8x8", 2, PASS);
    assert!(!r.has_moves() && !r.is_deadlocked());
    assert_eq!(r.perft(1), 1);
    let mut s = r.clone();
    s.pass();
    assert_eq!(s.turn(), 1);
}

#[test]
fn all_seats_blocked_is_a_draw() {
    let p: Position = "halma-8x8+size=5 1 22222/12222/11122/11122/11111"
        .parse()
        .unwrap();
    assert!(p.is_deadlocked());
    let g = game(p.clone());
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Blocked
        })
    );
    assert_eq!(p.perft(1), 0);
    let e = game(p).play_text("a1-a2").unwrap_err();
    assert!(e.to_string().contains("game is over"), "{e}");
}

#[test]
fn threefold_repetition_is_a_draw() {
    let mut g = Game::new("halma-8x8".parse().unwrap());
    play(&mut g, "a4-a5 h5-h4 a5-a4 h4-h5");
    assert_eq!(g.outcome(), None, "second time");
    play(&mut g, "a4-a5 h5-h4 a5-a4");
    assert_eq!(g.outcome(), None);
    play(&mut g, "h4-h5");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
    // undo reopens the game
    g.undo().unwrap();
    assert_eq!(g.outcome(), None);
}

#[test]
fn turn_limit_is_a_draw() {
    let mut g = Game::new("halma-8x8+turns=2".parse().unwrap());
    play(&mut g, "c2-c3 f7-f6 c3-c4");
    assert_eq!(g.outcome(), None);
    play(&mut g, "f6-f5");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::TurnLimit
        })
    );
    assert_eq!(Variant::new(VariantId::Halma).turn_limit(), 300);
}

// ---------------------------------------------------------------- points, standings

#[test]
fn progress_points() {
    let s = Position::start("star-2".parse().unwrap());
    assert_eq!((s.points(1), s.points(2)), (0, 0));
    // a full star game: all ten pieces in the opposite point
    let v: Variant = "star-2".parse().unwrap();
    let g = v.geometry();
    let names = |k: usize| -> String {
        g.camp(k)
            .iter()
            .map(|&c| g.name(c).to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let full = place("star-2", 1, &format!("{}=1 {}=2", names(3), names(0)));
    assert_eq!((full.points(1), full.points(2)), (120, 120));
    // one row up the axis is a point; sideways nothing; backwards minus one
    let p = place("star-2", 1, "e9=1 a17=2");
    let base = p.points(1);
    assert_eq!(p.after(mv(&p, "e9-e10")).unwrap().points(1) - base, 1);
    assert_eq!(p.after(mv(&p, "e9-f10")).unwrap().points(1) - base, 1);
    assert_eq!(p.after(mv(&p, "e9-d9")).unwrap().points(1) - base, 0);
    assert_eq!(p.after(mv(&p, "e9-e8")).unwrap().points(1) - base, -1);
    // seat 2 heads south: its points grow going down
    let q = place("star-2", 2, "e9=2 a1=1");
    let base = q.points(2);
    assert_eq!(q.after(mv(&q, "e9-e8")).unwrap().points(2) - base, 1);
    // square boards: king-move distance to the target corner
    let h = Position::start("halma-8x8".parse().unwrap());
    assert_eq!(h.after(mv(&h, "c2-c3")).unwrap().points(1), 1);
    assert_eq!(
        h.after(mv(&h, "a4-b4")).unwrap().points(1),
        1,
        "sideways toward the corner"
    );
    assert_eq!(
        h.after(mv(&h, "a4-a5")).unwrap().points(1),
        0,
        "no nearer in king moves"
    );
    let full = place(
        "halma-8x8",
        1,
        "e8,f8,g8,h8,f7,g7,h7,g6,h6,h5=1 a1,b1,c1,d1,a2,b2,c2,a3,b3,a4=2",
    );
    // home cells 67 king moves from h8, target cells 17
    assert_eq!((full.points(1), full.points(2)), (50, 50));
}

#[test]
fn standings_winners_first_then_points() {
    // seat 1 wins; seats 2 and 3 have the same points and share rank 2
    let mut g = game(three_seat_finish("halma-3"));
    play(&mut g, "n12-o13");
    let st = g.standings();
    let order: Vec<(usize, usize, bool)> = st.iter().map(|s| (s.seat, s.rank, s.winner)).collect();
    assert_eq!(st[1].points, st[2].points);
    assert_eq!(order, [(1, 1, true), (2, 2, false), (3, 2, false)]);
    // seat 3 one row further back: rank 3
    let mut g = game(three_seat_finish_with("halma-3", "c6"));
    play(&mut g, "n12-o13");
    let st = g.standings();
    let order: Vec<(usize, usize)> = st.iter().map(|s| (s.seat, s.rank)).collect();
    assert!(st[1].points > st[2].points);
    assert_eq!(order, [(1, 1), (2, 2), (3, 3)]);
    // while the game goes on: by points, nobody a winner
    let mut g = Game::new("halma-8x8".parse().unwrap());
    play(&mut g, "c2-c3");
    let st = g.standings();
    assert_eq!((st[0].seat, st[0].rank, st[0].winner), (1, 1, false));
    assert_eq!((st[1].seat, st[1].rank), (2, 2));
}

// ---------------------------------------------------------------- lost on time

/// `(seat, rank, winner, place)` of every standing, in order.
fn ranked(g: &Game) -> Vec<(usize, usize, bool, Option<usize>)> {
    g.standings()
        .iter()
        .map(|s| (s.seat, s.rank, s.winner, s.place))
        .collect()
}

#[test]
fn lost_on_time_two_seats_the_other_wins_and_undo_takes_it_back() {
    let mut g = Game::new("halma-8x8".parse().unwrap());
    play(&mut g, "c2-c3 f7-f6 c3-c4");
    g.undo().unwrap();
    g.lose_on_time(1).unwrap();
    let o = g.outcome().unwrap();
    assert!(
        matches!(o, Outcome::Time { loser: 1, winners } if winners.seats().eq([2])),
        "{o:?}"
    );
    assert_eq!(o.to_string(), "seat 1 lost on time; seat 2 wins");
    assert!(g.is_over());
    assert_eq!(ranked(&g), [(2, 1, true, Some(1)), (1, 2, false, None)]);
    assert!(g.legal_moves().is_empty() && g.movable().is_empty());
    let e = g.play_text("c3-c4").unwrap_err();
    assert!(e.message().contains("seat 1 lost on time"), "{e}");
    // the move taken back before the loss is not played again over it
    assert!(!g.can_redo());
    assert_eq!(g.redo().unwrap_err().kind(), ErrorKind::History);
    let e = g.lose_on_time(2).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::History);
    assert!(e.message().contains("the game is over"), "{e}");
    // the record holds no times: replayed, the game goes on
    assert_eq!(Game::from_record(&g.record()).unwrap().outcome(), None);
    // undo takes the last move back with the loss, and both moves can be played again
    g.undo().unwrap();
    assert_eq!(g.outcome(), None);
    assert_eq!(g.position().turn(), 2);
    g.redo().unwrap();
    g.redo().unwrap();
    assert_eq!(g.record(), "halma-8x8\nc2-c3 f7-f6 c3-c4\n");
}

#[test]
fn lost_on_time_bad_seats_are_refused_and_change_nothing() {
    let mut g = game(three_seat_finish("halma-3"));
    for s in [0, 4, 7] {
        let e = g.lose_on_time(s).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Seat);
        assert_eq!(e.message(), format!("no seat {s}: this game has seats 1 to 3"));
    }
    assert_eq!(g.outcome(), None);
    // a game over by the rules is over
    play(&mut g, "n12-o13");
    assert_eq!(g.lose_on_time(2).unwrap_err().kind(), ErrorKind::History);
    assert_eq!(winners(&g), [1]);
}

#[test]
fn lost_on_time_three_seats_the_others_ranked_by_points() {
    // equal points: the two others share the win
    let mut g = game(three_seat_finish("halma-3"));
    g.lose_on_time(1).unwrap();
    assert_eq!(
        g.outcome().unwrap().to_string(),
        "seat 1 lost on time; seats 2, 3 win"
    );
    assert_eq!(
        ranked(&g),
        [(2, 1, true, Some(1)), (3, 1, true, Some(1)), (1, 3, false, None)]
    );
    // seat 3 a row further back: seat 2 alone wins, seat 3 second, the seat out of time last
    let mut g = game(three_seat_finish_with("halma-3", "c6"));
    g.lose_on_time(1).unwrap();
    assert_eq!(
        ranked(&g),
        [(2, 1, true, Some(1)), (3, 2, false, None), (1, 3, false, None)]
    );
    // any seat still playing may lose, not only the one to move
    let mut g = game(three_seat_finish_with("halma-3", "c6"));
    g.lose_on_time(3).unwrap();
    assert_eq!(ranked(&g)[2].0, 3);
}

#[test]
fn lost_on_time_with_teams_the_whole_team_loses() {
    // seat 1 has finished (out of play, cannot run out of time); seat 2 to move runs out:
    // 2+4 lose, 1+3 win, seat 2 last
    let mut g = game(place("halma-4+teams=opposite", 2, TEAMS));
    let e = g.lose_on_time(1).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Seat);
    assert_eq!(e.message(), "seat 1 has finished: it cannot lose on time");
    g.lose_on_time(2).unwrap();
    assert_eq!(
        g.outcome().unwrap().to_string(),
        "seat 2 lost on time; seats 1, 3 win"
    );
    assert_eq!(
        ranked(&g),
        [
            (1, 1, true, Some(1)),
            (3, 1, true, Some(1)),
            (4, 3, false, None),
            (2, 3, false, None)
        ]
    );
    // the seat out of time is last of its team also when it has more points
    let mut g = game(place("halma-4+teams=opposite", 2, TEAMS));
    g.lose_on_time(4).unwrap();
    let st = ranked(&g);
    assert_eq!((st[2].0, st[3].0), (2, 4), "{st:?}");
}

#[test]
fn lost_on_time_with_places_ends_the_game_and_keeps_the_places_taken() {
    let mut g = game(three_seat_finish("halma-3+places"));
    play(&mut g, "n12-o13");
    assert_eq!(g.outcome(), None, "played on for second place");
    assert_eq!(g.lose_on_time(1).unwrap_err().kind(), ErrorKind::Seat);
    g.lose_on_time(2).unwrap();
    assert!(g.is_over(), "the game ends, as at the turn limit");
    assert_eq!(
        g.outcome().unwrap().to_string(),
        "seat 2 lost on time; seat 1 wins"
    );
    assert_eq!(
        ranked(&g),
        [(1, 1, true, Some(1)), (3, 2, false, None), (2, 3, false, None)]
    );
    // before any finish: the others by points, sharing the win (no place taken)
    let mut g = game(three_seat_finish("halma-3+places"));
    g.lose_on_time(3).unwrap();
    assert_eq!(
        ranked(&g),
        [(1, 1, true, None), (2, 1, true, None), (3, 3, false, None)]
    );
    // with teams, places count teams: the team out of time is after the others
    let start = Position::start("star-6+teams=opposite+places".parse().unwrap()).to_string();
    let mut g = Game::from_position(format!("{start} 1..1..").parse().unwrap());
    assert_eq!(g.position().turn(), 2);
    g.lose_on_time(2).unwrap();
    let st = ranked(&g);
    assert_eq!(st[..2], [(1, 1, true, Some(1)), (4, 1, true, Some(1))]);
    assert_eq!((st[2].0, st[2].1, st[3].0, st[3].1), (3, 2, 6, 2), "{st:?}");
    assert_eq!((st[4].0, st[4].1, st[5].0, st[5].1), (5, 3, 2, 3), "{st:?}");
}

#[test]
fn lost_on_time_in_a_solitaire_nobody_wins() {
    let mut g = Game::new("solitaire".parse().unwrap());
    g.lose_on_time(1).unwrap();
    assert_eq!(g.outcome().unwrap().to_string(), "seat 1 lost on time");
    assert_eq!(ranked(&g), [(1, 1, false, None)]);
}

// ---------------------------------------------------------------- solitaire

/// The a1–p16 diagonal from f6 up (11 cells), the pairs g1/a7, h2/b8 and i3/c9, and b6
/// outside the yard; e2 still in it, and e2-f2 gives b6 its mirror image.
const SOLITAIRE: &str = "f6,g7,h8,i9,j10,k11,l12,m13,n14,o15,p16,g1,a7,h2,b8,i3,c9,b6,e2=1";

#[test]
fn solitaire_is_solved_by_symmetry_about_the_a1_p16_diagonal() {
    let p = place("solitaire", 1, SOLITAIRE);
    assert_eq!(p.pieces(1).len(), 19);
    assert!(!p.is_over());
    let mut g = game(p);
    play(&mut g, "e2-f2");
    assert_eq!(winners(&g), [1]);
    // symmetric about the anti-diagonal (top-left to bottom-right) is not solved
    let other = place(
        "solitaire",
        1,
        "a16,b15,c14,d13,e12,f11,g10,h9,i8,j7,k6,l5,m4,n3,o2,p1,b16,a15,p16=1",
    );
    assert!(!other.is_over() && other.finished().is_empty());
    // symmetric about a1–p16 with a piece left in the yard (a1) is not solved either
    let in_yard = place(
        "solitaire",
        1,
        "a1,d4,f6,g7,h8,i9,j10,k11,l12,m13,n14,o15,p16,g1,a7,h2,b8,i3,c9=1",
    );
    // a1 has its image (itself) but is still in the yard: not in place.
    assert_eq!(in_yard.unmatched(), Some(1));
    assert!(!in_yard.is_over() && in_yard.in_yard() == 1);
    let start = Position::start("solitaire".parse().unwrap());
    assert_eq!(
        start.unmatched(),
        Some(19),
        "the yard is symmetric, but no piece is in place"
    );
    assert!(!start.is_over() && start.in_yard() == 19);
}

#[test]
fn solitaire_counts_the_pieces_without_a_mirror_partner() {
    // b6 lacks its image f2, and e2 is still in the yard; the diagonal and the pairs are in
    // place.
    let p = place("solitaire", 1, SOLITAIRE);
    assert_eq!(p.unmatched(), Some(2));
    assert_eq!(p.in_yard(), 1);
    let mut g = game(p);
    play(&mut g, "e2-f2");
    assert_eq!(g.position().unmatched(), Some(0));
    assert_eq!(Position::start("halma".parse().unwrap()).unmatched(), None);
}

#[test]
fn solitaire_unsolved_after_nineteen_moves() {
    let mut g = Game::new("solitaire".parse().unwrap());
    assert_eq!(g.variant().turn_limit(), 19);
    // Always the last legal move: the figure comes out lopsided, and the game ends (when
    // the yard is empty, or earlier when its pieces are blocked) unsolved.
    while !g.is_over() {
        let m = *g.legal_moves().last().unwrap();
        g.play(m).unwrap();
    }
    assert_eq!(g.outcome(), Some(Outcome::Unsolved));
    assert!(g.moves_played() <= 19);
    assert!(g.legal_moves().is_empty());
    // Nineteen moves empty the yard: no move is left, solved or not.
    let mut g = Game::new("solitaire".parse().unwrap());
    for m in halma::puzzle::solve_solitaire(g.position(), None)
        .unwrap()
        .unwrap()
    {
        g.play(m).unwrap();
    }
    assert_eq!((g.moves_played(), g.position().in_yard()), (19, 0));
}

/// The example of issue 39 solves the puzzle.
#[test]
fn solitaire_example_line_solves_it() {
    let mut g = Game::new("solitaire".parse().unwrap());
    play(
        &mut g,
        "c1-e3 d1-f1 e1-g1 b2-d4-f2 d2-d4 e2-g2 a3-c5 c3-e5 d3-f3-h1 b1-d3-f3 a4-a6 \
         c4-e4-e6 a5-b6 a1-a3-c3-a5-a7 b5-b7 a2-c4-c6-a8 c2-a4-c4-c6 b3-b5-d5-f5 b4-d6-f6",
    );
    assert_eq!(winners(&g), [1]);
}

#[test]
fn solitaire_without_moves_ends() {
    // A solitaire position where the seat cannot move must end (it used to pass forever).
    let empty: Position = format!("solitaire 1 {}", vec!["................"; 16].join("/"))
        .parse()
        .unwrap();
    assert_eq!(game(empty).outcome(), Some(Outcome::Unsolved));
}

// ---------------------------------------------------------------- move text

#[test]
fn move_text_and_errors() {
    let start = Position::start("halma-8x8".parse().unwrap());
    let m = mv(&start, "c2-c3");
    assert_eq!(
        (m.from, m.to),
        (start.parse_cell("c2").unwrap(), start.parse_cell("c3").unwrap())
    );
    for (text, needle) in [
        ("c3-c4", "there is no piece on c3"),
        ("f7-f6", "f7 holds a piece of seat 2, and seat 1 is to move"),
        ("a1-a2", "a2 is occupied"),
        ("c2-c5", "c5 is not reachable from c2"),
        ("c2-c2", "a move must end on another cell"),
    ] {
        let e = start.parse_move(text).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::IllegalMove, "{text}");
        assert_eq!(e.to_string(), format!("illegal move {text}: {needle}"));
    }
    for text in ["e4", "", "c2-", "z9-a1", "c2-c3-", "c2--c3", "c2 c3"] {
        let e = start.parse_move(text).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::MoveSyntax, "{text:?}: {e}");
    }
    assert!(start
        .parse_move("z9-a1")
        .unwrap_err()
        .to_string()
        .contains("'z9' is not a cell"));
    // full paths, checked hop by hop
    let p = place("halma-8x8", 1, "a1=1 b2,d4=2 h8=2");
    assert_eq!(mv(&p, "a1-c3-e5"), mv(&p, "a1-e5"));
    let e = rejected(&p, "a1-c3-e6");
    assert!(e.contains("c3-e6 is not a hop"), "{e}");
    let e = rejected(&p, "a1-b2-c3");
    assert!(e.contains("a1-b2 is not a hop"), "{e}");
    let (m, cells) = p.parse_path("a1-c3-e5").unwrap();
    assert_eq!(m, mv(&p, "a1-e5"));
    assert_eq!(cells.len(), 3);
    // game over
    let won = place("halma-8x8", 2, "e8,f8,g8,h8,f7,g7,h7,g6=1 h6,h5,a1,b1=2");
    let e = won.parse_move("a1-a2").unwrap_err();
    assert!(e.to_string().contains("the game is over"), "{e}");
}

// ---------------------------------------------------------------- game records

#[test]
fn game_record_round_trip_with_passes() {
    let p = place("halma-8x8", 1, PASS);
    let mut g = game(p.clone());
    play(&mut g, "c3-d4 d4-e5 e5-e4");
    let rec = g.record();
    assert_eq!(rec, format!("{p}\nc3-d4 pass d4-e5 pass e5-e4 pass\n"));
    let again = Game::from_record(&rec).unwrap();
    assert_eq!(again.position(), g.position());
    assert_eq!(
        again.history().cloned().collect::<Vec<_>>(),
        g.history().cloned().collect::<Vec<_>>()
    );
    assert_eq!(again.record(), rec);
    // passes may be left out; moves may be written as paths
    let lean = Game::from_record(&format!("{p}\nc3-d4 d4-e5\ne5-e4\n")).unwrap();
    assert_eq!(lean.position(), g.position());
    // a game from the start records the variant only
    let mut s = Game::new("star-2+long".parse().unwrap());
    let first = s.position().legal_moves()[3];
    s.play(first).unwrap();
    let rec = s.record();
    assert!(rec.starts_with("star-2+long\n"), "{rec}");
    assert_eq!(Game::from_record(&rec).unwrap().position(), s.position());
}

#[test]
fn bad_game_records_name_the_move() {
    for (rec, needle) in [
        ("halma-8x8\nc2-c3 f7-f6 c3-c5", "turn 3 (c3-c5)"),
        ("halma-8x8\nc2-c3 c3-c4", "turn 2 (c3-c4)"),
        ("halma-8x8\nc2-c3 x9-a1", "turn 2"),
        ("halma-8x8\npass", "turn 1: 'pass' but seat 1 has legal moves"),
        ("chess\nc2-c3", "first line"),
        ("", "empty game record"),
    ] {
        let e = Game::from_record(rec).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Record, "{rec:?}");
        assert!(e.to_string().contains(needle), "{rec:?}: {e}");
    }
    // moves after the end
    let won = format!("{}\nf5-g6 h5-h4", place("halma-8x8", 1, FILL_SPEC));
    let e = Game::from_record(&won).unwrap_err();
    assert!(
        e.to_string().contains("turn 2") && e.to_string().contains("game is over"),
        "{e}"
    );
}

#[test]
fn undo_redo_restore_positions_and_outcomes() {
    let mut g = game(place("halma-8x8", 1, FILL_SPEC));
    let before = g.position().clone();
    play(&mut g, "f5-g6");
    assert!(g.is_over());
    assert_eq!(g.undo().unwrap(), mv(&before, "f5-g6"));
    assert_eq!(g.position(), &before);
    assert_eq!(g.outcome(), None);
    g.redo().unwrap();
    assert_eq!(winners(&g), [1]);
    assert!(g.redo().is_err());
    let mut fresh = Game::new("halma".parse().unwrap());
    assert_eq!(fresh.undo().unwrap_err().kind(), ErrorKind::History);
}
