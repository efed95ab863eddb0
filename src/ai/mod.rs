//! Computer players: five levels from beginner to full search, the `greedy` and `random`
//! baselines, and hints (for solitaire from the puzzle solver, [`crate::puzzle`]).
//!
//! The search is deterministic for a given position, seed and node budget, on native and
//! wasm alike; a time budget trades that for a bounded wait. Time comes from a [`Clock`]
//! the caller supplies (the browser's clock in wasm), so this module never reads the system
//! time itself.
//!
//! # Examples
//! ```
//! use halma::ai::{think, Budget, NoClock, Player};
//! use halma::Position;
//! let pos = Position::start("star-2".parse()?);
//! let t = think(&pos, Player::Level(3), Budget::nodes(20_000), 7, &NoClock).unwrap();
//! assert!(pos.is_legal(t.mv));
//! # Ok::<(), halma::Error>(())
//! ```

mod analysis;
mod eval;
mod search;
mod selfplay;

use crate::geometry::{Cell, Shape};
use crate::position::{Move, Position};
pub use eval::CellClasses;
use eval::{EvalTables, ROW};
use search::{Searcher, MAX_DEPTH, WIN};
use std::str::FromStr;

pub use analysis::{analyse, Analysis, LineMove, ANALYSIS_BUDGET};
pub use selfplay::{selfplay, GameReport, Match, MatchReport, Side, SideStats, Verdict};

/// A source of time in milliseconds (any origin).
pub trait Clock {
    /// Milliseconds since some fixed origin.
    fn now_ms(&self) -> f64;
}

/// A clock that never advances: only node and depth limits stop the search.
pub struct NoClock;

impl Clock for NoClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// The system's monotonic clock, for native programs (wasm32-unknown-unknown has no system
/// clock: there the caller passes the browser's).
pub struct SystemClock(std::time::Instant);

impl Default for SystemClock {
    fn default() -> Self {
        SystemClock(std::time::Instant::now())
    }
}

impl Clock for SystemClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

/// Who chooses the moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A uniformly random legal move.
    Random,
    /// One ply, the most progress points (ties broken at random).
    Greedy,
    /// Levels 1 (beginner) to 5 (full search).
    Level(u8),
}

impl FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Player, String> {
        match s {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            _ => match s.parse::<u8>() {
                Ok(l @ 1..=5) => Ok(Player::Level(l)),
                _ => Err(format!(
                    "bad player '{s}': expected a level 1 to 5, greedy or random"
                )),
            },
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Greedy => f.write_str("greedy"),
            Player::Level(l) => write!(f, "level {l}"),
        }
    }
}

/// How much the strongest level may spend; levels 3 and 4 spend a fixed fraction of it.
/// A node budget is deterministic on every platform; a time cap bounds the wait on slow
/// machines. With both, the search stops at whichever comes first.
///
/// `soft_millis` (under a game clock, see `halma::ccp::GoLimits::budget`) is the time the
/// two-sided search aims at, within the hard limit `millis`: it starts no new iteration
/// of its deepening past it, less when the best move has been stable, more when it just
/// changed or the score fell (see `Searcher::run`). Without it (every budget but the
/// clock's) the search runs until a hard limit, as it always did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Positions to visit at most.
    pub nodes: Option<u64>,
    /// Milliseconds of the supplied clock at most.
    pub millis: Option<f64>,
    /// Milliseconds the search aims to spend (a soft limit, within `millis`).
    pub soft_millis: Option<f64>,
}

impl Budget {
    /// A node budget.
    pub const fn nodes(n: u64) -> Budget {
        Budget {
            nodes: Some(n),
            millis: None,
            soft_millis: None,
        }
    }
    /// A time budget.
    pub const fn millis(ms: f64) -> Budget {
        Budget {
            nodes: None,
            millis: Some(ms),
            soft_millis: None,
        }
    }
    /// A game clock's budget: aims at `soft` milliseconds, never spends more than `hard`.
    pub fn clock(soft: f64, hard: f64) -> Budget {
        Budget {
            nodes: None,
            millis: Some(hard),
            soft_millis: Some(soft.min(hard)),
        }
    }
}

/// Level 5's default budget: about a second per move in the browser.
pub const DEFAULT_BUDGET: Budget = Budget::nodes(1_500_000);

/// The budget of a move in interactive play: [`DEFAULT_BUDGET`]'s nodes (the same move on
/// every machine), with a time cap that ends the search earlier only on a slow device.
pub const PLAY_BUDGET: Budget = Budget {
    nodes: DEFAULT_BUDGET.nodes,
    millis: Some(6000.0),
    soft_millis: None,
};

/// The budget of a hint: a fraction of a second of the strongest level.
pub const HINT_BUDGET: Budget = Budget {
    nodes: Some(250_000),
    millis: Some(2000.0),
    soft_millis: None,
};

/// The playing levels, weakest first.
pub const LEVELS: [u8; 5] = [1, 2, 3, 4, 5];

/// The level a new computer seat gets.
pub const DEFAULT_LEVEL: u8 = 3;

/// What the computer chose and why.
#[derive(Clone, Debug)]
pub struct Thought {
    /// The move.
    pub mv: Move,
    /// One shortest path of the move.
    pub path: Vec<Cell>,
    /// Score for the mover's side in hundredths of a row of progress (±1,000,000 = forced win/loss).
    pub score: i32,
    /// Depth of the last completed iteration (0 for one-ply players and forced moves).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Expected continuation, starting with `mv`.
    pub pv: Vec<Move>,
}

/// Score at or beyond which a search result is a forced win (or at or below its negation, a loss).
pub const WIN_SCORE: i32 = WIN - 100;

/// A small deterministic random generator (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x2545_f491_4f6c_dd1d)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        crate::position::mix64(self.0)
    }
    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }
}

/// Chooses a move for the seat to move. `None` when the game is over or the seat must pass.
///
/// Levels: 1 plays like a beginner (forward-looking random choices, never absurd); 2 is
/// greedy on the evaluation with a random blur of up to a row and a half; 3 searches two
/// plies with a sixteenth of the budget and a blur of about a row; 4 four plies with an
/// eighth of it and a slight blur; 5 searches as deep as the whole budget allows, in a race
/// against several opposing sides split among 16 sampled models of the opponents'
/// tie-breaks, near the end of the race checked by playouts. A position with one legal move
/// is answered at once.
///
/// The game's earlier positions are not known here: see [`think_after`].
pub fn think(
    pos: &Position,
    player: Player,
    budget: Budget,
    seed: u64,
    clock: &dyn Clock,
) -> Option<Thought> {
    think_after(pos, &[], player, budget, seed, clock)
}

/// [`think`] in a game whose earlier positions have the hashes `earlier`
/// ([`Position::hash`], e.g. [`crate::Game::earlier_hashes`]): against one opposing side the
/// searching levels score a line that returns to one of them, or to this position, as a
/// draw, so a side that leads makes progress instead of shuffling a piece back and forth
/// (which the ply cap, or our rules' repetition draw, ends in a draw).
pub fn think_after(
    pos: &Position,
    earlier: &[u64],
    player: Player,
    budget: Budget,
    seed: u64,
    clock: &dyn Clock,
) -> Option<Thought> {
    let mut rng = Rng::new(seed ^ pos.hash());
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let seat = pos.turn() - 1;
    let finish = |mv: Move, score: i32, depth: u32, nodes: u64, pv: Vec<Move>| {
        let path = pos.hop_path(mv).unwrap_or_else(|| vec![mv.from, mv.to]);
        Some(Thought {
            mv,
            path,
            score,
            depth,
            nodes,
            pv,
        })
    };
    if moves.len() == 1 {
        return finish(moves[0], 0, 0, 0, vec![moves[0]]);
    }
    if pos.variant().is_solitaire() && player != Player::Random {
        // The race evaluation means nothing here: the exact solver looks for a solution,
        // as far as the level's budget allows.
        let share = match player {
            Player::Level(l) => level_share(l),
            _ => 1.0,
        };
        let limits = budget_limits(budget, share);
        let (m, nodes) = crate::puzzle::solitaire_hint(pos, &limits, clock)?;
        return finish(m, 0, 0, nodes, vec![m]);
    }
    // Level 5 has values of its own (the steeper cost on the star for two).
    let ev = match player {
        Player::Level(l) if l >= 5 => EvalTables::level5(pos.rules()),
        _ => EvalTables::new(pos.rules()),
    };
    let g = pos.geometry();
    let gain = |m: &Move| ev.gain(seat, g.pad(m.from), g.pad(m.to));
    let progress = |m: &Move| pos.rules().progress(seat, g.pad(m.from), g.pad(m.to));
    // A move that wins on the spot is always taken (by every player but random).
    if player != Player::Random {
        if let Some(&m) = moves.iter().find(|&&m| {
            pos.after(m).is_ok_and(|p| {
                // Played on for the places, finishing takes the best place left.
                p.winners().contains(seat + 1) || (p.variant().places() && p.placed().contains(seat + 1))
            })
        }) {
            return finish(m, WIN, 1, moves.len() as u64, vec![m]);
        }
    }
    let level = match player {
        Player::Random => {
            let m = moves[rng.below(moves.len() as u64) as usize];
            return finish(m, 0, 0, 0, vec![m]);
        }
        Player::Greedy => {
            let best = moves.iter().map(progress).max().unwrap_or(0);
            let top: Vec<Move> = moves.iter().copied().filter(|m| progress(m) == best).collect();
            let m = top[rng.below(top.len() as u64) as usize];
            return finish(m, best * ROW, 0, moves.len() as u64, vec![m]);
        }
        Player::Level(l) => l.clamp(1, 5),
    };
    match level {
        1 => {
            // A beginner: mostly forward moves, chosen with a strong random element, so it
            // moves sensibly but misses the long chains and the plan.
            let weights: Vec<u64> = moves
                .iter()
                .map(|m| {
                    let gn = gain(m);
                    if gn < -ROW / 2 {
                        0
                    } else {
                        (gn + ROW).clamp(1, 6 * ROW) as u64
                    }
                })
                .collect();
            let total: u64 = weights.iter().sum();
            let m = if total == 0 {
                moves[rng.below(moves.len() as u64) as usize]
            } else {
                let mut r = rng.below(total);
                let i = weights.iter().position(|&w| {
                    if r < w {
                        true
                    } else {
                        r -= w;
                        false
                    }
                });
                moves[i.unwrap_or(0)]
            };
            finish(m, gain(&m), 0, moves.len() as u64, vec![m])
        }
        2 => {
            // Greedy on the evaluation, blurred by up to a row and a half of gain: with half
            // a row, level 3 won only about 69% of games on star-2 and halma (100k nodes,
            // seeds 11-14), with this about 77%; level 1 still loses them all.
            let m = *moves
                .iter()
                .max_by_key(|m| gain(m) * 4 + rng.below(ROW as u64 * 6) as i32)?;
            finish(m, gain(&m), 0, moves.len() as u64, vec![m])
        }
        _ => {
            // (depth cap, share of the budget, root noise in hundredths of a row): each level
            // below 5 searches shallower with less, and its choice among close moves is
            // blurred, so the levels stay apart at any budget and on every board.
            let (depth, share, noise) = match level {
                3 => (2, level_share(3), 100),
                4 => (4, level_share(4), 25),
                _ => (MAX_DEPTH, level_share(5), 0),
            };
            let limits = budget_limits(budget, share);
            let mut s = Searcher::new(pos, &ev, &limits, clock);
            s.avoid_repeats(earlier);
            let cell = |p: u16| pos.pad_cell(p as usize);
            let r = if level == 5 && s.is_race() {
                // Playouts pay on the star, not on the square board (see `PLAYOUT_FROM`).
                let check = matches!(pos.geometry().shape(), Shape::Star { .. });
                race_worlds(&mut s, budget, check, true, &mut rng)?
            } else {
                let mut noise = move || rng.below(8 + noise) as i32;
                s.run(depth, &mut noise)?
            };
            let mv = Move::new(cell(r.best.from), cell(r.best.to));
            let pv = r.pv.iter().map(|&(f, t)| Move::new(cell(f), cell(t))).collect();
            finish(mv, r.score, r.depth, s.nodes, pv)
        }
    }
}

/// Sampled worlds of a race at level 5 (see [`race_worlds`]).
const WORLDS: u64 = 16;

/// Level 5 in a race (several opposing sides): the opponents are modelled as playing their
/// most-progress moves, but a greedy player picks at random among equal ones (more than
/// half its moves), and a plan that relies on one guess often fails. So the budget is
/// shared among [`WORLDS`] searches, each with the ties broken its own way (the first by
/// the evaluation, the others at random), and the move most of them choose is played;
/// equal votes go to the higher summed score.
///
/// Near the end of a race on the star (from [`PLAYOUT_FROM`] of our full progress) the
/// worlds get 60% of the budget, and the rest checks their choice by [`playouts`]: the
/// most-voted moves and our own greedy move are each followed by games played to the end
/// with every seat greedy, and the move that wins most often is played. The worlds see a
/// few moves ahead under one guess each; a playout sees the whole finish under the greedy
/// players' own randomness and counts wins, not progress.
///
/// With `settle`, before the playouts begin (when only the most-voted move matters) the
/// worlds stop once the rest could not change it (see [`vote_settled`]): the same move, in
/// fewer nodes. With the playouts every world's vote counts, for the order of the
/// candidates. The self-play figures behind each choice are in docs/ai.md.
fn race_worlds(
    s: &mut Searcher,
    budget: Budget,
    check: bool,
    settle: bool,
    rng: &mut Rng,
) -> Option<search::RootResult> {
    let endgame = check && s.endgame_share() >= PLAYOUT_FROM;
    let worlds_share = if endgame { 1.0 - PLAYOUT_SHARE } else { 1.0 };
    let limits = budget_limits(budget, WORLDS as f64 / worlds_share);
    // (votes, summed score, the result of the first world that chose the move)
    let mut votes: Vec<(u32, i64, search::RootResult)> = Vec::new();
    for w in 0..WORLDS {
        if settle && !endgame && vote_settled(&votes, (WORLDS - w) as u32) {
            break;
        }
        let tie_seed = if w == 0 { 0 } else { rng.next_u64() | 1 };
        s.enter_world(tie_seed, &limits);
        let mut noise = || rng.below(8) as i32;
        let r = s.run(MAX_DEPTH, &mut noise)?;
        if r.score >= WIN - 2 {
            return Some(r); // a win on our move holds in every world
        }
        let same = |v: &&mut (u32, i64, search::RootResult)| {
            (v.2.best.from, v.2.best.to) == (r.best.from, r.best.to)
        };
        match votes.iter_mut().find(same) {
            Some(v) => {
                v.0 += 1;
                v.1 += r.score as i64;
            }
            None => votes.push((1, r.score as i64, r)),
        }
    }
    // The most-voted moves, best first (a few passes over a short list).
    let mut ranked = Vec::new();
    let candidates = if endgame { PLAYOUT_MOVES } else { 1 };
    while ranked.len() < candidates {
        let Some(i) = (0..votes.len()).max_by_key(|&i| (votes[i].0, votes[i].1)) else {
            break;
        };
        ranked.push(votes.swap_remove(i).2);
    }
    // Our own greedy move joins them: the worlds can agree on a move that loses the finish
    // greedy play would win (the playouts then tell), and a unanimous vote is checked too.
    if endgame {
        if let Some(g) = s.root_greedy() {
            if !ranked.iter().any(|r| (r.best.from, r.best.to) == (g.from, g.to)) {
                // Every root move was searched as deep as the worlds went; its score is not
                // known (no world chose it).
                let depth = ranked.first().map_or(0, |r| r.depth);
                let pv = vec![(g.from, g.to)];
                ranked.push(search::RootResult {
                    best: g,
                    score: 0,
                    depth,
                    pv,
                });
            }
        }
    }
    if ranked.len() > 1 {
        let moves: Vec<(u16, u16)> = ranked.iter().map(|r| (r.best.from, r.best.to)).collect();
        if let Some(i) = playouts(s, &moves, budget_limits(budget, 1.0 / PLAYOUT_SHARE), rng) {
            return Some(ranked.swap_remove(i));
        }
    }
    ranked.into_iter().next()
}

/// Whether the `remaining` worlds cannot change the most-voted move: it has more votes than
/// any other (or a move no world chose yet) could reach with every remaining one.
fn vote_settled(votes: &[(u32, i64, search::RootResult)], remaining: u32) -> bool {
    let (mut first, mut second) = (0, 0);
    for &(n, ..) in votes {
        if n > first {
            (first, second) = (n, first);
        } else if n > second {
            second = n;
        }
    }
    first > second + remaining
}

/// From this share of our full progress on (60 of the star's 120 points), level 5 checks
/// the worlds' choice by playing the game out, on the star only: on the square board a
/// playout move costs half as much again as a search node and won nothing (docs/ai.md).
const PLAYOUT_FROM: f64 = 0.5;
/// The share of the budget the playouts take.
const PLAYOUT_SHARE: f64 = 0.4;
/// The most-voted moves compared by playouts (with our own greedy move).
const PLAYOUT_MOVES: usize = 3;

/// Near the end of a race the worlds' vote is checked by playouts: the game played to the
/// end after each of `moves`, every seat greedy with random ties, round after round while
/// the budget lasts. Returns the index of the move that won most often (the first of
/// equals), or `None` when too few games were played to tell.
///
/// Each game draws its own tie-breaks (common random numbers across the moves made no
/// measurable difference; docs/ai.md).
fn playouts(s: &mut Searcher, moves: &[(u16, u16)], limits: Limits, rng: &mut Rng) -> Option<usize> {
    let max_nodes = limits.nodes.map_or(u64::MAX, |n| s.nodes + n);
    let deadline = limits.time_ms.map_or(f64::INFINITY, |t| s.now_ms() + t);
    let mut wins = vec![0u32; moves.len()];
    let mut rounds = 0;
    // 400 rounds tell wins apart to a few percent; a larger budget (the browser's) stops
    // there rather than spend itself on a settled question.
    'rounds: while rounds < 400 {
        for (i, &m) in moves.iter().enumerate() {
            if s.nodes >= max_nodes || s.now_ms() >= deadline {
                break 'rounds;
            }
            wins[i] += u32::from(s.playout(m, rng.next_u64() | 1, 300));
        }
        rounds += 1;
    }
    (rounds >= 10).then(|| {
        (0..moves.len())
            .max_by_key(|&i| (wins[i], std::cmp::Reverse(i)))
            .unwrap_or(0)
    })
}

/// The part of the budget a level spends (levels 3 and 4 spend less than 5).
fn level_share(level: u8) -> f64 {
    match level {
        3 => 16.0,
        4 => 8.0,
        _ => 1.0,
    }
}

fn budget_limits(budget: Budget, share: f64) -> Limits {
    Limits {
        nodes: budget.nodes.map(|n| ((n as f64 / share) as u64).max(1000)),
        time_ms: budget.millis.map(|t| t / share),
        soft_ms: budget.soft_millis.map(|t| t / share),
    }
}

/// Search limits.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Limits {
    pub nodes: Option<u64>,
    pub time_ms: Option<f64>,
    /// The soft time limit of the two-sided search's deepening (see [`Budget`]).
    pub soft_ms: Option<f64>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    /// Stopping the worlds once their vote is settled plays the same move as all 16 would,
    /// and saves nodes in some positions (a vote that never settled would save nothing).
    #[test]
    fn a_settled_vote_plays_the_move_all_the_worlds_would() {
        for name in ["star-6", "star-3"] {
            let variant: Variant = name.parse().unwrap();
            let mut pos = Position::start(variant);
            let ev = EvalTables::new(pos.rules());
            let budget = Budget::nodes(16_000);
            let limits = budget_limits(budget, 1.0);
            let (mut checked, mut saved) = (0, 0);
            for ply in 0..400u64 {
                if pos.is_over() {
                    break;
                }
                if ply % 6 == 3 {
                    let r: Vec<_> = [false, true]
                        .into_iter()
                        .map(|settle| {
                            let mut s = Searcher::new(&pos, &ev, &limits, &NoClock);
                            let mut rng = Rng::new(ply);
                            let r = race_worlds(&mut s, budget, true, settle, &mut rng).unwrap();
                            (
                                (r.best.from, r.best.to),
                                s.nodes,
                                s.endgame_share() >= PLAYOUT_FROM,
                            )
                        })
                        .collect();
                    assert_eq!(r[0].0, r[1].0, "{name}, ply {ply}: {pos}");
                    if r[0].2 {
                        assert_eq!(r[0].1, r[1].1, "{name}, ply {ply}: with playouts all vote");
                    } else {
                        assert!(r[1].1 <= r[0].1, "{name}, ply {ply}: no more nodes");
                        checked += 1;
                        saved += usize::from(r[1].1 < r[0].1);
                    }
                }
                let t = think(&pos, Player::Greedy, Budget::nodes(1), ply, &NoClock).unwrap();
                pos = pos.after(t.mv).unwrap();
            }
            assert!(checked >= 5, "{name}: {checked} positions before the playouts");
            assert!(
                saved >= 1,
                "{name}: the vote settled early in {saved} of {checked}"
            );
        }
    }

    /// A game of level 5 against the MCTS engine under the CCERL rules (issue 54): from
    /// here on both shuffled a piece back and forth until the ply cap, level 5 far ahead.
    pub(crate) const SHUFFLED: &str = include_str!("../../tests/data/shuffled-star2.txt");

    #[test]
    fn level5_does_not_return_to_an_earlier_position_when_it_leads() {
        let game = crate::Game::from_record(SHUFFLED).unwrap();
        let pos = game.position();
        let earlier = game.earlier_hashes();
        let budget = Budget::nodes(1_000_000);
        let back = |t: &Thought| earlier.contains(&pos.after(t.mv).unwrap().hash());
        let blind = think(pos, Player::Level(5), budget, 1, &NoClock).unwrap();
        assert!(blind.score > 0 && back(&blind), "without the game, g12-h12 again");
        let seen = think_after(pos, earlier, Player::Level(5), budget, 1, &NoClock).unwrap();
        assert!(!back(&seen), "{:?} returns to an earlier position", seen.mv);
        assert!(seen.score > 0, "{seen:?}");
    }

    #[test]
    fn a_vote_is_settled_only_when_the_rest_cannot_overturn_it() {
        let r = |from: u16| search::RootResult {
            best: search::Scored {
                from,
                to: from + 1,
                seat: 0,
                score: 0,
            },
            score: 0,
            depth: 1,
            pv: Vec::new(),
        };
        let votes = vec![(9, 0, r(1)), (2, 0, r(2))];
        assert!(vote_settled(&votes, 6), "9 > 2 + 6");
        assert!(!vote_settled(&votes, 7), "9 = 2 + 7 could tie");
        let votes = vec![(2, 0, r(2)), (3, 0, r(1)), (9, 0, r(3))];
        assert!(
            vote_settled(&votes, 5) && !vote_settled(&votes, 6),
            "the leader may come last"
        );
        assert!(vote_settled(&votes[..1], 1), "a move no world chose yet has none");
        assert!(!vote_settled(&[], 16));
    }
}
