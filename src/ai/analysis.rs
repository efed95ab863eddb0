//! Analysis of a position for people: the engine's evaluation and its expected line.
//!
//! Two sides (two seats, or two teams): the level 5 search's score, progress against the
//! opponent in hundredths of a row. Several opposing sides: the race search scores only
//! the mover's own progress, which says nothing about who is ahead, so each seat's chance
//! is estimated by greedy playouts to the end instead (the ones level 5 uses near the end
//! of a race). The line is level 5's principal variation, cut where it stops being a
//! legal sequence of turns. Solitaire has no opponent to compare with: no analysis.

use super::eval::{EvalTables, ROW};
use super::search::{Searcher, WIN};
use super::{budget_limits, think, Budget, Clock, Player, Rng};
use crate::geometry::Cell;
use crate::position::{Move, Position};

/// What the engine thinks of a position.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The seat the score is for: the seat to move (1-based).
    pub seat: usize,
    /// Whether the game has two sides; then `score` compares them, else `wins` does.
    pub two_sided: bool,
    /// For the seat to move's side, its progress less the opponent's, in hundredths of a
    /// row (±[`super::WIN_SCORE`] and beyond: a forced win or loss). 0 in a race.
    pub score: i32,
    /// Two sides: `score` in moves — the score divided by the mean gain of the expected
    /// line's moves in the evaluation's own units (at least a row) — so "how far ahead" reads
    /// as moves. 0 in a race and for a forced result.
    pub moves: f64,
    /// Two sides: the progress points by which the seat to move's side leads the other after
    /// the expected line's whole rounds (every seat has moved as often), the unit the page
    /// shows the standings in. 0 in a race.
    pub lead: i32,
    /// With several opposing sides, each seat's share of the playouts it won (seat order,
    /// a shared win split); empty with two sides.
    pub wins: Vec<f64>,
    /// Playouts played for `wins`.
    pub playouts: u32,
    /// Depth of the search's last completed iteration.
    pub depth: u32,
    /// Positions visited, the playouts' moves included.
    pub nodes: u64,
    /// The expected line from the position, the best move first, each move legal in turn
    /// (a seat that must pass is skipped, as the game skips it).
    pub pv: Vec<LineMove>,
}

/// A move of an analysis's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineMove {
    /// The seat that plays it (1-based).
    pub seat: usize,
    /// The move.
    pub mv: Move,
    /// One shortest path of the move (its hops), from its origin to its destination.
    pub path: Vec<Cell>,
}

/// The budget of an analysis when the caller gives none: the hint's nodes, a race's share
/// of them for playouts.
pub const ANALYSIS_BUDGET: Budget = super::HINT_BUDGET;

/// The most moves of a line shown.
const PV_MAX: usize = 8;
/// A line shorter than this is extended by shorter searches (see [`analyse`]).
const PV_EXTENDED: usize = 4;
/// What a race's playouts spend, after the search, as a share of the budget.
const PLAYOUT_SHARE: f64 = 0.4;
/// A playout gives up after this many moves (the game is then counted for nobody).
const PLAYOUT_PLIES: usize = 400;

/// Analyses `pos` within `budget`. `None` when the game is over or is a solitaire.
pub fn analyse(pos: &Position, budget: Budget, seed: u64, clock: &dyn Clock) -> Option<Analysis> {
    if pos.is_over() || pos.variant().is_solitaire() {
        return None;
    }
    let v = pos.variant();
    let ours = v.team_of(pos.turn() - 1);
    // The sides are the distinct teams (a seat alone is a team of its own).
    let sides = (0..pos.seats()).fold(0u64, |m, s| m | 1 << v.team_of(s));
    let two_sided = sides.count_ones() == 2;
    // A forced move, or a seat that must pass, says nothing by itself: the score is that
    // of the position after it (seen from the same side), its line after the move.
    let mut here = pos.clone();
    let mut forced = Vec::new();
    let mut flips = false;
    let (mut score, mut depth, mut nodes, mut line) = (0, 0, 0, Vec::new());
    // (Passes count too: every seat may be blocked.)
    for _ in 0..PV_MAX {
        if here.is_over() {
            break;
        }
        let moves = here.legal_moves();
        if moves.len() > 1 {
            if let Some(t) = think(&here, Player::Level(5), budget, seed, clock) {
                (score, depth, nodes, line) = (t.score, t.depth, t.nodes, t.pv);
            }
            break;
        }
        match moves.first() {
            Some(&m) => {
                forced.push(m);
                here.play_unchecked(m);
            }
            None => here.pass(),
        }
        flips = v.team_of(here.turn() - 1) != ours;
    }
    if two_sided && here.is_over() {
        let w = here.winners();
        let us = w.seats().any(|s| v.team_of(s - 1) == ours);
        let them = w.seats().any(|s| v.team_of(s - 1) != ours);
        score = match (us, them) {
            (true, false) => WIN,
            (false, true) => -WIN,
            _ => 0,
        };
        flips = false;
    }
    if flips {
        score = -score;
    }
    forced.extend(line);
    let mut pv = legal_prefix(pos, &forced);
    // With teams the search pools team-mates' moves in a layer, so its line soon has a seat
    // move out of turn: the line goes on by a shorter search for each seat in turn.
    let mut p = pos.clone();
    for l in &pv {
        p.play_unchecked(l.mv);
    }
    let short = Budget {
        nodes: budget.nodes.map(|n| (n / 8).max(1000)),
        millis: budget.millis.map(|t| t / 8.0),
        soft_millis: budget.soft_millis.map(|t| t / 8.0),
    };
    let mut passes = 0;
    while pv.len() < PV_EXTENDED && !p.is_over() && passes < p.seats() {
        if !p.has_moves() {
            p.pass();
            passes += 1;
            continue;
        }
        passes = 0;
        let Some(t) = think(&p, Player::Level(5), short, seed, clock) else {
            break;
        };
        nodes += t.nodes;
        pv.push(LineMove {
            seat: p.turn(),
            mv: t.mv,
            path: t.path,
        });
        p.play_unchecked(t.mv);
    }
    let (mut wins, mut playouts) = (Vec::new(), 0);
    if !two_sided {
        let ev = EvalTables::level5(pos.rules());
        let limits = budget_limits(budget, 1.0 / PLAYOUT_SHARE);
        let mut s = Searcher::new(pos, &ev, &limits, clock);
        let mut rng = Rng::new(seed ^ pos.hash());
        let max_nodes = limits.nodes.map_or(u64::MAX, |n| n);
        let deadline = limits.time_ms.map_or(f64::INFINITY, |t| s.now_ms() + t);
        wins = vec![0.0; pos.seats()];
        // 1,000 games tell a chance to about a point and a half; more is wasted on it.
        while playouts < 1000 && s.nodes < max_nodes && s.now_ms() < deadline {
            let w = s.playout_winners(rng.next_u64() | 1, PLAYOUT_PLIES);
            let n = w.count_ones();
            for (seat, share) in wins.iter_mut().enumerate() {
                if w & (1 << seat) != 0 {
                    *share += 1.0 / f64::from(n);
                }
            }
            playouts += 1;
        }
        for share in &mut wins {
            *share /= f64::from(playouts.max(1));
        }
        nodes += s.nodes;
    }
    let lead = if two_sided { lead_after(pos, &pv) } else { 0 };
    let moves = if two_sided && score.abs() < super::WIN_SCORE {
        f64::from(score) / f64::from(mean_gain(pos, &pv))
    } else {
        0.0
    };
    Some(Analysis {
        seat: pos.turn(),
        two_sided,
        score: if two_sided { score } else { 0 },
        moves,
        lead,
        wins,
        playouts,
        depth,
        nodes,
        pv,
    })
}

/// The mean gain of the moves of `line` for their movers, in the evaluation's units
/// (hundredths of a row), at least a row: what a move is worth here.
fn mean_gain(pos: &Position, line: &[LineMove]) -> i32 {
    let ev = EvalTables::level5(pos.rules());
    let g = pos.geometry();
    let total: i32 = line
        .iter()
        .map(|l| ev.gain(l.seat - 1, g.pad(l.mv.from), g.pad(l.mv.to)).max(0))
        .sum();
    (total / line.len().max(1) as i32).max(ROW)
}

/// The points by which the side to move in `pos` leads the other side after the whole
/// rounds of `line` (a round: as many moves as seats).
fn lead_after(pos: &Position, line: &[LineMove]) -> i32 {
    let v = pos.variant();
    let ours = v.team_of(pos.turn() - 1);
    let mut p = pos.clone();
    let rounds = line.len() / pos.seats() * pos.seats();
    for l in &line[..rounds] {
        p.set_turn(l.seat - 1);
        p.play_unchecked(l.mv);
    }
    (1..=pos.seats())
        .map(|s| {
            if v.team_of(s - 1) == ours {
                p.points(s)
            } else {
                -p.points(s)
            }
        })
        .sum()
}

/// The longest start of `line` that is a legal sequence of turns from `pos`, seats that
/// must pass skipped (the search pools a team's seats, so its line may have a team-mate
/// move out of turn), at most [`PV_MAX`] moves.
fn legal_prefix(pos: &Position, line: &[Move]) -> Vec<LineMove> {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for &m in line.iter().take(PV_MAX) {
        // A blocked seat passes (at most a round of them).
        for _ in 0..p.seats() {
            if p.is_over() || p.has_moves() {
                break;
            }
            p.pass();
        }
        let Some(path) = p.hop_path(m) else {
            break;
        };
        out.push(LineMove {
            seat: p.turn(),
            mv: m,
            path,
        });
        p.play_unchecked(m);
    }
    out
}
