//! Shared checks of the fuzz targets in `fuzz_targets/`: the independent slow rules in
//! [`reference`], a broad list of variants, fixed positions, and the properties every
//! target asserts (move lists equal to the reference's, hop paths, play/undo/redo, text,
//! record and link round trips). A failed check panics, which libFuzzer reports as a crash.

/// The independent slow rules checker, shared with the native tests (one file, not a copy).
#[path = "../../tests/perft/reference.rs"]
pub mod reference;

use halma::{Cell, Error, Game, Move, Position, Variant};
use reference::{Rules, State};
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// Variants the structured targets choose from: every base game, every option, small
/// boards where games reach their end (wins, equal-turn rounds, teams, swaps) quickly.
pub const VARIANTS: &[&str] = &[
    "halma-8x8",
    "halma-8x8+long",
    "halma-8x8+free-target",
    "halma-8x8+strict",
    "halma-8x8+swap",
    "halma-8x8+balance",
    "halma-8x8+strict+balance",
    "halma-8x8+turns=12",
    "halma-8x8+size=6+camp=10",
    "halma-8x8+size=5+camp=10+long",
    "halma-10x10",
    "halma-10x10+balance=off",
    "halma-10x10+long+swap",
    "halma",
    "halma+long",
    "halma+free-target+turns=40",
    "halma-13",
    "halma-3",
    "halma-3+balance+size=10+camp=10",
    "halma-4",
    "halma-4+teams=opposite",
    "halma-4+teams=adjacent+size=10+camp=10",
    "halma-4+size=9+camp=10+balance+teams=opposite",
    "halma-4+size=8+camp=10+swap+teams=opposite",
    "halma+size=12+camp=15",
    "halma+size=20",
    "star-2",
    "star-2+side=2",
    "star-2+side=3+long",
    "star-2+free-target+any-camp",
    "star-2+side=2+swap",
    "star-2+side=5",
    "star-3",
    "star-3+side=2+balance",
    "star-4+side=3+teams=opposite",
    "star-4+side=2+swap+teams=adjacent",
    "star-5+side=2",
    "star-5+side=2+strict+any-camp",
    "star-6",
    "star-6+side=2+teams=opposite",
    "star-6+side=2+balance+teams=adjacent",
    "star-6+any-camp+long",
    "star-6+side=3+swap",
    "star-6+side=2+long+free-target+teams=opposite+turns=30",
    "star-3+side=2+places",
    "star-6+side=2+teams=opposite+places",
    "halma-3+size=8+camp=10+places+turns=40",
    "solitaire",
    "solitaire+long",
    "solitaire+size=8+camp=10",
    "solitaire+long+size=6+camp=10",
];

/// The variant at `i` (modulo the list).
pub fn variant(i: usize) -> Variant {
    VARIANTS[i % VARIANTS.len()].parse().expect("a listed variant")
}

/// Reads fuzz input bytes one at a time; zeros once they run out.
pub struct Bytes<'a>(pub &'a [u8]);

impl Bytes<'_> {
    pub fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }
    pub fn u64(&mut self) -> u64 {
        (0..8).fold(0, |x, _| x << 8 | self.byte() as u64)
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// An index in `0..n` (`n > 0`) from one byte, spread over the whole range.
    pub fn index(&mut self, n: usize) -> usize {
        self.byte() as usize * n / 256
    }
}

/// Errors say something, and quote untrusted text only in part.
pub fn check_error(e: &Error) {
    assert!(
        !e.message().is_empty(),
        "an error without a message: {:?}",
        e.kind()
    );
    assert!(
        e.message().len() < 2000,
        "an error message of {} bytes",
        e.message().len()
    );
}

/// Position text for a board from the seat (0 empty) of every cell in cell order.
pub fn position_text(v: &Variant, to_move: usize, cells: &[u8]) -> String {
    let g = v.geometry();
    let rows: Vec<String> = g
        .rows()
        .iter()
        .map(|r| {
            r.iter()
                .map(|c| match cells[c.index()] {
                    0 => '.',
                    s => (b'0' + s) as char,
                })
                .collect()
        })
        .collect();
    format!("{v} {} {}", to_move + 1, rows.join("/"))
}

/// Fixed positions for the move-text target: starts, hop chains, long jumps, locked and
/// swapping pieces, side points, a finished game, and a few mid-game positions reached by
/// deterministic playouts.
pub fn fixed_positions() -> &'static [Position] {
    static CELL: OnceLock<Vec<Position>> = OnceLock::new();
    CELL.get_or_init(|| {
        let mut out: Vec<Position> = [
            // hop chain a1-c3-e5 (and the lifted origin)
            "halma-8x8 1 ......../......../......../......../...2..../......../.2....../1.......",
            // long jumps over one piece at a distance
            "halma-8x8+long 1 ......../......../.....2../......../...2..../......../.2....../1.......",
            // seat 1 with pieces inside its target camp (lock), seat 2 pieces there too (swap)
            "halma-8x8+swap 1 ..1.2122/.....122/......12/.......2/1......./11....../111...../1111....",
            "halma-8x8 2 ..1.1111/.....111/......11/.......1/2......./22....../222...../2222....",
            // a finished game: seat 1 filled its target
            "halma-8x8 2 ....1111/.....111/......11/.......1/2......./22....../222...../2222....",
        ]
        .iter()
        .map(|t| t.parse().unwrap_or_else(|e| panic!("{t}: {e}")))
        .collect();
        for (_, texts) in halma::bench_positions() {
            out.extend(texts.iter().map(|t| t.parse::<Position>().unwrap()));
        }
        for (i, v) in [
            "halma-8x8",
            "halma-10x10+long",
            "star-2",
            "star-3+any-camp",
            "star-6+teams=opposite",
            "halma-4+swap",
            "solitaire",
        ]
        .iter()
        .enumerate()
        {
            let mut g = Game::new(v.parse().unwrap());
            let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ i as u64;
            for ply in 0..40 {
                if g.is_over() {
                    break;
                }
                let moves = g.position().legal_moves();
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let m = if ply % 3 == 0 {
                    moves[(seed >> 33) as usize % moves.len()]
                } else {
                    *best_progress(g.position(), &moves).last().unwrap()
                };
                g.play(m).unwrap();
            }
            out.push(g.position().clone());
        }
        out
    })
}

/// The legal moves that gain the most progress points for the seat to move.
pub fn best_progress(p: &Position, moves: &[Move]) -> Vec<Move> {
    let seat = p.turn();
    let gain = |m: &Move| p.after(*m).map_or(i32::MIN, |q| q.points(seat));
    let best = moves.iter().map(gain).max().unwrap_or(0);
    moves.iter().copied().filter(|m| gain(m) == best).collect()
}

/// A cell's name, or `#n` when it is off the board.
pub fn name(p: &Position, c: usize) -> String {
    let g = p.geometry();
    if c < g.len() {
        g.name(Cell::new(c as u16)).to_string()
    } else {
        format!("#{c}")
    }
}

/// The engine's moves, the reference's, `has_moves`, `is_deadlocked`, `is_legal`, shortest
/// hop paths (checked hop by hop by the reference) and move text, for position `p` whose
/// reference state is `st`.
pub fn check_moves(rules: &Rules, p: &Position, st: &State) {
    let list = p.legal_moves();
    let engine: BTreeSet<(usize, usize)> = list.iter().map(|m| (m.from.index(), m.to.index())).collect();
    assert_eq!(engine.len(), list.len(), "duplicate moves in {p}");
    let paths = if st.over {
        Default::default()
    } else {
        rules.moves_with_paths(&st.board, st.to_move)
    };
    let theirs: BTreeSet<(usize, usize)> = paths.keys().copied().collect();
    if engine != theirs {
        let show = |s: BTreeSet<&(usize, usize)>| -> Vec<String> {
            s.iter()
                .map(|&&(f, t)| format!("{}-{}", name(p, f), name(p, t)))
                .collect()
        };
        panic!(
            "{p}\nengine moves the reference refuses: {:?}\nmoves the engine misses: {:?}",
            show(engine.difference(&theirs).collect()),
            show(theirs.difference(&engine).collect())
        );
    }
    assert_eq!(p.has_moves(), !engine.is_empty(), "has_moves in {p}");
    assert_eq!(p.is_deadlocked(), rules.deadlocked(st), "is_deadlocked in {p}");
    for &m in &list {
        let key = (m.from.index(), m.to.index());
        assert!(p.is_legal(m), "a listed move is not legal in {p}");
        let path: Vec<usize> = p
            .hop_path(m)
            .unwrap_or_else(|| panic!("no path for a legal move in {p}"))
            .iter()
            .map(|c| c.index())
            .collect();
        assert_eq!((path[0], *path.last().unwrap()), key, "path ends in {p}");
        let adjacent = rules
            .board
            .dirs
            .iter()
            .any(|&d| rules.board.step(key.0, d, 1) == Some(key.1));
        if adjacent {
            assert_eq!(path.len(), 2, "a step's path in {p}");
        } else {
            let names: Vec<String> = path.iter().map(|&c| name(p, c)).collect();
            assert!(rules.is_chain(st, &path), "bad hop path {names:?} in {p}");
            assert_eq!(
                path.len(),
                paths[&key].len(),
                "hop_path {names:?} is not shortest in {p}"
            );
            let (pm, cells) = p
                .parse_path(&names.join("-"))
                .unwrap_or_else(|e| panic!("{names:?}: {e}"));
            assert_eq!(pm, m);
            assert_eq!(cells.iter().map(|c| c.index()).collect::<Vec<_>>(), path);
        }
        let text = format!("{}-{}", name(p, key.0), name(p, key.1));
        assert_eq!(
            p.parse_move(&text)
                .unwrap_or_else(|e| panic!("{text} in {p}: {e}")),
            m
        );
    }
}

/// `is_legal` and `play` of an arbitrary `(from, to)` (cells possibly off the board) agree
/// with the move list; a refused move leaves the position unchanged.
pub fn check_any_move(p: &Position, from: usize, to: usize) {
    let m = Move::new(Cell::new(from as u16), Cell::new(to as u16));
    let listed = p.legal_moves().contains(&m);
    assert_eq!(p.is_legal(m), listed, "is_legal {from}->{to} in {p}");
    assert_eq!(p.hop_path(m).is_some(), listed, "hop_path {from}->{to} in {p}");
    let mut q = p.clone();
    match q.play(m) {
        Ok(()) => assert!(listed, "play accepted {from}->{to} in {p}"),
        Err(e) => {
            assert!(!listed, "play refused the legal {from}->{to} in {p}: {e}");
            check_error(&e);
            assert_eq!(&q, p);
            assert_eq!(q.hash(), p.hash());
        }
    }
}

/// A game read from text (a record or a link) by `read`: reading never panics, a failure is
/// a `Record` error with a message, and a game that reads back round-trips and undoes to
/// its start.
pub fn check_read(text: &str, read: fn(&str) -> Result<Game, Error>) {
    match read(text) {
        Ok(mut g) => {
            check_round_trips(&g);
            check_undo_all(&mut g);
        }
        Err(e) => {
            assert_eq!(e.kind(), halma::ErrorKind::Record, "{text:?}: {e}");
            check_error(&e);
        }
    }
}

/// Piece counts of every seat.
pub fn piece_counts(p: &Position) -> Vec<usize> {
    (1..=p.seats()).map(|s| p.pieces(s).len()).collect()
}

/// Plays `m` in `g`, takes it back and plays it again: undo restores the position (`==`
/// and hash), the history and the outcome; redo gives the same position as the play.
pub fn check_play_undo_redo(g: &mut Game, m: Move) {
    let before = g.position().clone();
    let (len, outcome, counts) = (g.history().len(), g.outcome(), piece_counts(&before));
    g.play(m).unwrap_or_else(|e| panic!("{m:?} in {before}: {e}"));
    let after = g.position().clone();
    let (len_after, outcome_after) = (g.history().len(), g.outcome());
    assert_eq!(
        piece_counts(&after),
        counts,
        "piece counts after {m:?} in {before}"
    );
    assert_eq!(g.undo().unwrap(), m);
    assert_eq!(g.position(), &before, "undo of {m:?}");
    assert_eq!(
        g.position().hash(),
        before.hash(),
        "hash after undo of {m:?} in {before}"
    );
    assert_eq!(
        (g.history().len(), g.outcome()),
        (len, outcome),
        "undo of {m:?} in {before}"
    );
    assert!(g.can_redo());
    assert_eq!(g.redo().unwrap(), m);
    assert_eq!(g.position(), &after, "redo of {m:?} in {before}");
    assert_eq!(g.position().hash(), after.hash());
    assert_eq!(
        (g.history().len(), g.outcome()),
        (len_after, outcome_after),
        "redo of {m:?}"
    );
}

/// The record and the link of `g` read back as the same game.
pub fn check_round_trips(g: &Game) {
    let rec = g.record();
    let again = Game::from_record(&rec).unwrap_or_else(|e| panic!("record {rec:?}: {e}"));
    same_game(g, &again, &rec);
    assert_eq!(again.record(), rec);
    let link = g.to_link();
    let back = Game::from_link(&link).unwrap_or_else(|e| panic!("link {link:?}: {e}"));
    same_game(g, &back, &link);
    assert_eq!(back.to_link(), link);
    assert_eq!(back.record(), rec, "{link}");
}

fn same_game(a: &Game, b: &Game, what: &str) {
    assert_eq!(b.start(), a.start(), "start of {what}");
    assert_eq!(b.position(), a.position(), "position of {what}");
    assert_eq!(b.position().hash(), a.position().hash(), "hash of {what}");
    assert_eq!(b.outcome(), a.outcome(), "outcome of {what}");
    let moves = |g: &Game| g.history().map(|p| (p.seat, p.mv)).collect::<Vec<_>>();
    assert_eq!(moves(b), moves(a), "history of {what}");
    for s in 1..=a.position().seats() {
        assert_eq!(b.turns_taken(s), a.turns_taken(s), "turns of seat {s} in {what}");
    }
}

/// Undoes every move of `g`, then redoes as many: back at the start (after any passes forced
/// there), then at the same position again, with the same moves (if any) left to redo.
pub fn check_undo_all(g: &mut Game) {
    let end = g.position().clone();
    let outcome = g.outcome();
    let redo_line = g.can_redo();
    let first = Game::from_position(g.start().clone());
    let mut undone = 0;
    while g.can_undo() {
        g.undo().unwrap();
        undone += 1;
    }
    assert_eq!(
        g.position(),
        first.position(),
        "undo to the start of {}",
        g.record()
    );
    assert_eq!(g.position().hash(), first.position().hash());
    for _ in 0..undone {
        g.redo().unwrap();
    }
    assert_eq!(g.can_redo(), redo_line, "moves left to redo");
    assert_eq!(g.position(), &end, "redo to the end");
    assert_eq!(g.outcome(), outcome, "outcome after undo and redo of everything");
}

/// The outcome the rules give after the plies of `g`, from the reference `states` (the
/// start and after each ply), in the engine's order of precedence: a win (or shared win),
/// then solitaire's move limit, a blocked board, threefold repetition (board and seat to
/// move), the turn limit (passes count as turns; not while an equal-turns round is being
/// completed).
pub fn expected_outcome(rules: &Rules, g: &Game, states: &[State]) -> String {
    let st = states.last().expect("the start state");
    let v = g.variant();
    if st.over {
        let w = rules.winners(st);
        return if w.len() == rules.seats && rules.seats > 1 {
            "draw shared-win".into()
        } else {
            format!("win {w:?}")
        };
    }
    if rules.solitaire {
        let moves = g.history().filter(|p| p.mv.is_some()).count();
        return if moves >= v.turn_limit() as usize || rules.deadlocked(st) {
            "unsolved".into()
        } else {
            "none".into()
        };
    }
    let seen = states
        .iter()
        .filter(|s| s.board == st.board && s.to_move == st.to_move)
        .count();
    let turns = g.history().filter(|p| p.seat == st.to_move + 1).count();
    let draw = if rules.deadlocked(st) {
        "draw blocked"
    } else if seen >= 3 {
        "draw repetition"
    } else if !st.closing && turns >= v.turn_limit() as usize {
        "draw turn-limit"
    } else {
        return "none".into();
    };
    // Played on for the places, a game stopped after the first finish has its winners.
    let first: Vec<usize> = (0..rules.seats)
        .filter(|&s| st.place[s] == 1)
        .map(|s| s + 1)
        .collect();
    if rules.places && !first.is_empty() {
        return format!("win {first:?}");
    }
    draw.into()
}

/// The engine's outcome in the words of [`expected_outcome`].
pub fn outcome_words(g: &Game) -> String {
    use halma::{DrawReason, Outcome};
    match g.outcome() {
        None => "none".into(),
        Some(Outcome::Win { winners }) => format!("win {:?}", winners.seats().collect::<Vec<_>>()),
        Some(Outcome::Unsolved) => "unsolved".into(),
        Some(Outcome::Time { loser, winners }) => {
            format!("time {loser} {:?}", winners.seats().collect::<Vec<_>>())
        }
        Some(Outcome::Draw { reason }) => match reason {
            DrawReason::SharedWin => "draw shared-win",
            DrawReason::Repetition => "draw repetition",
            DrawReason::TurnLimit => "draw turn-limit",
            DrawReason::Blocked => "draw blocked",
        }
        .into(),
    }
}

/// The game's outcome is the one the reference gives (see [`expected_outcome`]).
pub fn check_outcome(rules: &Rules, g: &Game, states: &[State]) {
    assert_eq!(states.len(), g.history().len() + 1, "one reference state per ply");
    assert_eq!(
        outcome_words(g),
        expected_outcome(rules, g, states),
        "outcome after {}",
        g.record()
    );
}
