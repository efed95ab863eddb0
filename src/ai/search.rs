//! Best-Reply Search with alpha-beta, iterative deepening and a transposition table.
//!
//! Layers alternate between the root's side (its team's seats, pooled; at the root only the
//! seat actually to move) and the opponents. Against a single opposing side (two seats, or
//! two teams) the opponents' layer pools every opposing seat and follows only the single
//! best reply (Schadd & Winands' Best-Reply Search); with two seats this is plain
//! alpha-beta. Move ordering: the transposition-table move, killer moves, then progress
//! gain plus a history score. Late moves with little gain are searched two plies shallower
//! first (late move reductions).
//!
//! Against several opposing sides the game is a race, and the search plans it as one: in
//! the opponents' layer each opponent, in turn order, plays its most-progress move (a greedy
//! player's, as the real opponents are), and the score is our own progress with each later
//! move of ours discounted ([`RACE_DISCOUNT`]), less a share of the opponents' modelled
//! gains ([`RACE_OPPONENT_SHARE`]); at a leaf where we are to move it counts our next greedy
//! move's gain ([`Searcher::next_gain`]). Pooled best replies assume the opponents conspire
//! against us, and they do not. The model's weakness is the greedy players' random choice
//! among equal moves: level 5 therefore runs several searches in sampled worlds
//! ([`Searcher::enter_world`]), each breaking those ties its own way, votes, and near the
//! end checks the vote by playouts ([`Searcher::playout`]); both live in the parent module.
//!
//! Why, with the self-play figures that decided each choice and the experiments that did
//! not help: `docs/ai.md`.

use super::eval::{EvalTables, ROW};
use super::{Clock, Limits};
use crate::movegen::MoveGen;
use crate::position::{mix64, turn_key, Position, EMPTY, MAX_SEATS};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

pub(crate) const WIN: i32 = 1_000_000;
/// Deepest iteration.
pub(crate) const MAX_DEPTH: u32 = 60;
/// Buckets of [`Searcher::been_count`], a power of two.
const BEEN_BUCKETS: usize = 1 << 16;
/// Remaining depth from which late quiet moves are reduced.
const LMR_DEPTH: i32 = 4;
const MAX_PLY: usize = 64;
/// Replies tried in a pooled opponent layer with three or more seats.
const BRS_REPLIES: usize = 16;
/// In a race against several sides, each later move of ours counts this fraction (in
/// 1024ths, about 0.7) of the one before: the further ahead, the less likely the board the
/// plan relies on still stands after the other seats' moves. Chosen by self-play against
/// greedy players (`docs/ai.md`).
const RACE_DISCOUNT: i32 = 717;

/// In a race, the share (in 1024ths, a quarter) of each opponent's modelled gain on the line
/// that is taken off our score, discounted like our own next move: a plan that hands the
/// others long hops is worth a little less. Chosen by self-play (`docs/ai.md`).
const RACE_OPPONENT_SHARE: i32 = 256;

/// The weight of our `k`-th move on a line, in 1024ths: `RACE_DISCOUNT^k`.
const RACE_WEIGHTS: [i32; MAX_PLY] = {
    let mut w = [0; MAX_PLY];
    let mut x = 1024;
    let mut k = 0;
    while k < MAX_PLY {
        w[k] = x;
        x = x * RACE_DISCOUNT / 1024;
        k += 1;
    }
    w
};

/// Keys of the two layers in the transposition table.
const LAYER_KEYS: [u64; 2] = [0x5bd1_e995_1234_5678, 0x9e37_79b9_8765_4321];

/// A greedy seat's most-progress moves in one position (see [`Searcher::greedy_move`]):
/// packed `piece << 20 | from << 10 | to`, in the order the model finds them.
#[derive(Clone, Copy)]
struct Ties {
    key: u64,
    n: u8,
    moves: [u32; TIES_KEPT],
}

/// Most-progress moves a table entry holds; positions with more are worked out each time.
const TIES_KEPT: usize = 24;
/// Entries of the table (2 MB).
const TIES_TABLE: usize = 1 << 14;
/// Salt of the table's keys, per seat.
const TIES_SALT: u64 = 0x7e57_0000;

#[derive(Clone, Copy, Default)]
struct TtEntry {
    key: u64,
    depth: i8,
    bound: u8,
    score: i32,
    best: u32,
}

const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Scored {
    pub from: u16,
    pub to: u16,
    pub seat: u8,
    pub score: i32,
}

impl Scored {
    fn packed(&self) -> u32 {
        (self.seat as u32) << 28 | (self.from as u32) << 14 | self.to as u32
    }
}

pub(crate) struct Searcher<'a> {
    pub pos: Position,
    gen: MoveGen,
    ev: &'a EvalTables,
    tt: Vec<TtEntry>,
    killers: [[u32; 2]; MAX_PLY],
    history: Vec<i32>,
    lists: Vec<Vec<Scored>>,
    pub nodes: u64,
    max_nodes: u64,
    deadline: f64,
    /// The node count at which the clock is next read.
    next_clock: u64,
    clock: &'a dyn Clock,
    stopped: bool,
    /// The last counted iteration's paired choice (see `Searcher::run`): each candidate
    /// with its score, its score a depth before and their sum.
    #[cfg(test)]
    pairs: Vec<(Scored, i32, i32, i32)>,
    /// Seats of the root's team.
    team: u8,
    /// The seat to move at the root.
    root_seat: u8,
    seats: usize,
    layer_key: [u64; 2],
    /// More than one opposing side: a race (modelled opponents, discounted own progress).
    race_only: bool,
    /// Our own progress at the root, the base of the race score.
    root_progress: i32,
    /// Discounted gain of our moves on the current line, in 1024ths of a point.
    race_gain: i32,
    /// Our moves on the current line.
    our_moves: usize,
    /// What each `make` added to `race_gain`, and whether it counted one of our moves, for
    /// `unmake`.
    gains: Vec<(i32, bool)>,
    /// Each seat's score ([`EvalTables::seat_score`]) in the current position, kept up to
    /// date by `make` and `unmake` rather than summed over the pieces at every leaf.
    scores: [i32; MAX_SEATS],
    /// What each `make` changed in `scores`: the mover's seat and change, and a swapped
    /// piece's (seat and change; 0 without a swap), for `unmake`.
    score_moves: Vec<(u8, i32, u8, i32)>,
    /// Each seat's hindmost piece's distance from its goal, kept by `make` and `unmake` when
    /// the evaluation counts it (`EvalTables::hindmost`), and what each `make` replaced.
    far: [u8; MAX_SEATS],
    far_moves: Vec<[u8; MAX_SEATS]>,
    /// Against one opposing side, the positions a line must not return to (see
    /// [`Searcher::avoid_repeats`]): the game's earlier positions and the root ([`Position::hash`]),
    /// then each position of the current line, `make` pushing and `unmake` popping it.
    /// Empty when the caller gave no history.
    been: Vec<u64>,
    /// How many of `been` fall in each of [`BEEN_BUCKETS`] buckets by their low bits: a
    /// position whose bucket is empty is new, without a scan of `been`.
    been_count: Vec<u8>,
    /// Each seat's team (`Variant::team_of`).
    team_of: [u8; MAX_SEATS],
    /// How the race model breaks an opponent's ties between most-progress moves: 0 by the
    /// evaluation's gain, else at random, fixed by this seed for the whole search (one
    /// sampled world, see [`Searcher::enter_world`]).
    tie_seed: u64,
    /// The greedy model's most-progress moves by position and seat, shared by the worlds
    /// (empty when the search models no opponents).
    ties: Vec<Ties>,
    /// The model's moves being worked out (see [`Searcher::most_progress`]).
    scratch: Vec<u32>,
    /// In a playout, which leaves the table alone.
    in_playout: bool,
    /// The game is played on for the places (`places`): a finish on the line ends it for
    /// the search, and the seats placed before the root are out of it.
    places: bool,
    /// With `places`, the seats that had a place at the root.
    root_placed: u8,
    /// The soft time limit ([`Limits::soft_ms`]): the clock's time when it began and the
    /// milliseconds it allows; `None` without one.
    soft: Option<(f64, f64)>,
}

/// How the deepening spends a soft time limit (see [`Pace::go_on`]).
struct Pace {
    /// The clock's time at the start, the soft and the hard limit's milliseconds.
    start: f64,
    soft: f64,
    hard: f64,
    /// When the last iteration ended (milliseconds from the start), and how long it took.
    last_end: f64,
    last_len: f64,
    /// The last iteration's best move and for how many iterations before it was the same.
    best: Option<(u16, u16)>,
    stable: u32,
    /// Each completed iteration's score.
    scores: Vec<i32>,
}

impl Pace {
    /// The least the next iteration is taken to grow over the last one (when the last took
    /// under a millisecond, the mean of the two bounds).
    const MIN_GROWTH: f64 = 2.0;
    /// The most the next iteration is taken to grow over the last one.
    const MAX_GROWTH: f64 = 8.0;
    /// No new iteration once this share of the target time is spent: the next one would
    /// most likely not end by the target (an iteration takes about three times all those
    /// before it together).
    const START_SHARE: f64 = 0.6;
    /// The target is the soft limit, times this when the best move just changed,
    const CHANGED: f64 = 1.7;
    /// times this when the score fell by [`Pace::DROP`] or more since the last iteration of
    /// the same parity (the side that moves last alternates, so the score does too),
    const FELL: f64 = 1.5;
    const DROP: i32 = ROW / 2;
    /// and times this when the best move was the same for [`Pace::STABLE`] iterations.
    const SETTLED: f64 = 0.5;
    const STABLE: u32 = 4;

    fn new(start: f64, soft: f64, deadline: f64) -> Pace {
        Pace {
            start,
            soft,
            hard: deadline - start,
            last_end: 0.0,
            last_len: 0.0,
            best: None,
            stable: 0,
            scores: Vec::new(),
        }
    }

    /// After an iteration that ended at `now` with `best` and `score`: whether to start
    /// the next. The target is the soft limit, longer (up to the hard limit) when the
    /// position looks sharp (the best move changed, the score fell), shorter when the best
    /// move has settled. No iteration starts past [`Pace::START_SHARE`] of the target, nor
    /// when it would likely run past the hard limit (the last iteration's time times its
    /// growth over the one before) and be cut off.
    fn go_on(&mut self, now: f64, best: (u16, u16), score: i32) -> bool {
        let elapsed = now - self.start;
        let len = elapsed - self.last_end;
        let growth = if self.last_len >= 1.0 {
            (len / self.last_len).clamp(Self::MIN_GROWTH, Self::MAX_GROWTH)
        } else {
            Self::MAX_GROWTH / 2.0
        };
        (self.last_end, self.last_len) = (elapsed, len);
        let changed = self.best.is_some_and(|b| b != best);
        self.stable = if self.best == Some(best) {
            self.stable + 1
        } else {
            0
        };
        self.best = Some(best);
        let fell = self.scores.len() >= 2 && self.scores[self.scores.len() - 2] - score >= Self::DROP;
        self.scores.push(score);
        let mut target = self.soft;
        if changed {
            target *= Self::CHANGED;
        }
        if fell {
            target *= Self::FELL;
        }
        if self.stable >= Self::STABLE {
            target *= Self::SETTLED;
        }
        let target = target.min(self.hard);
        elapsed < target * Self::START_SHARE && elapsed + len * growth < self.hard
    }
}

/// The result of a search at the root.
#[derive(Clone, Debug)]
pub(crate) struct RootResult {
    pub best: Scored,
    pub score: i32,
    pub depth: u32,
    pub pv: Vec<(u16, u16)>,
}

impl<'a> Searcher<'a> {
    pub(crate) fn new(pos: &Position, ev: &'a EvalTables, limits: &Limits, clock: &'a dyn Clock) -> Self {
        let r = pos.rules();
        let root = pos.to_move as usize;
        let mut team = 0u8;
        for s in 0..r.seats {
            if r.variant.team_of(s) == r.variant.team_of(root) {
                team |= 1 << s;
            }
        }
        let tt_size = 1 << 18;
        let v = &r.variant;
        // Played on for the places, the teams placed already are out of the race.
        let root_placed = if v.places() { pos.placed().0 } else { 0 };
        let opposing_sides = (0..r.seats)
            .filter(|&s| root_placed & (1 << s) == 0)
            .map(|s| v.team_of(s))
            .filter(|&t| t != v.team_of(root))
            .fold(0u8, |m, t| m | 1 << t)
            .count_ones();
        Searcher {
            pos: pos.clone(),
            gen: MoveGen::new(),
            ev,
            tt: vec![TtEntry::default(); tt_size],
            killers: [[0; 2]; MAX_PLY],
            history: vec![0; 1 << 16],
            lists: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(256)).collect(),
            nodes: 0,
            max_nodes: limits.nodes.unwrap_or(u64::MAX),
            deadline: limits.time_ms.map_or(f64::INFINITY, |t| clock.now_ms() + t),
            next_clock: 0,
            clock,
            stopped: false,
            #[cfg(test)]
            pairs: Vec::new(),
            team,
            root_seat: root as u8,
            seats: r.seats,
            race_only: opposing_sides > 1,
            layer_key: LAYER_KEYS,
            root_progress: 0,
            race_gain: 0,
            our_moves: 0,
            gains: Vec::with_capacity(MAX_PLY * MAX_SEATS),
            scores: std::array::from_fn(|s| if s < r.seats { ev.seat_score(pos, s) } else { 0 }),
            score_moves: Vec::with_capacity(MAX_PLY * MAX_SEATS),
            far: std::array::from_fn(|s| if s < r.seats { hindmost(pos, s) } else { 0 }),
            far_moves: Vec::with_capacity(MAX_PLY * MAX_SEATS),
            been: Vec::new(),
            been_count: Vec::new(),
            team_of: std::array::from_fn(|s| if s < r.seats { v.team_of(s) as u8 } else { 0 }),
            tie_seed: 0,
            ties: if opposing_sides > 1 {
                vec![
                    Ties {
                        key: 0,
                        n: 0,
                        moves: [0; TIES_KEPT],
                    };
                    TIES_TABLE
                ]
            } else {
                Vec::new()
            },
            scratch: Vec::with_capacity(64),
            in_playout: false,
            places: v.places(),
            root_placed,
            soft: limits.soft_ms.map(|t| (clock.now_ms(), t)),
        }
    }

    /// The share of its full progress (all its pieces in the target) the seat to move has
    /// made.
    pub(crate) fn endgame_share(&self) -> f64 {
        let s = self.pos.to_move as usize;
        let r = self.pos.rules();
        // The pieces fill the target camp (as many as it has cells in every race variant).
        let in_target: i32 = (0..r.dist[s].len())
            .filter(|&c| r.target_bits[c] & (1 << s) != 0)
            .map(|c| i32::from(r.dist[s][c]))
            .sum();
        let full = r.home_dist[s][self.pos.count[s] as usize] - in_target;
        f64::from(self.pos.points(s + 1)) / f64::from(full.max(1))
    }

    /// The supplied clock's time.
    pub(crate) fn now_ms(&self) -> f64 {
        self.clock.now_ms()
    }

    /// Whether the search plans a race (more than one opposing side).
    pub(crate) fn is_race(&self) -> bool {
        self.race_only
    }

    /// Starts a search in another sampled world: the race model breaks the opponents' ties
    /// by `tie_seed` (0: by the evaluation's gain), and the search may spend `limits` more.
    /// The table's keys are salted by the world, since a score found under one model of
    /// the opponents does not hold under another; move ordering carries over.
    /// Scores a line that returns to one of `earlier` (hashes of the game's positions
    /// before this one, [`Position::hash`]), to this position, or to one of its own earlier
    /// positions as a draw: 0, the sides level. A side that leads then makes progress
    /// rather than shuffle a piece back and forth while the other does the same, which
    /// under a ply cap ends in a draw anyway (and in our rules, at the third time, by
    /// repetition). Against one opposing side only; the races of several sides do not
    /// repeat.
    pub(crate) fn avoid_repeats(&mut self, earlier: &[u64]) {
        if self.race_only || earlier.is_empty() {
            return;
        }
        self.been_count = vec![0; BEEN_BUCKETS];
        self.been.clear();
        for &h in earlier.iter().chain(std::iter::once(&self.pos.hash())) {
            self.been_push(h);
        }
    }

    fn been_push(&mut self, h: u64) {
        let c = &mut self.been_count[h as usize & (BEEN_BUCKETS - 1)];
        *c = c.saturating_add(1);
        self.been.push(h);
    }

    /// Whether the current position (not the root) is one the line has been in before: in
    /// the game, at the root or earlier on the line.
    #[inline]
    fn repeated(&self) -> bool {
        if self.been.is_empty() {
            return false;
        }
        let h = self.pos.hash();
        // The current position is `been`'s last entry: another one must match.
        if self.been_count[h as usize & (BEEN_BUCKETS - 1)] < 2 {
            return false;
        }
        self.been[..self.been.len() - 1].contains(&h)
    }

    pub(crate) fn enter_world(&mut self, tie_seed: u64, limits: &Limits) {
        let salt = if tie_seed == 0 { 0 } else { mix64(tie_seed) };
        self.layer_key = [LAYER_KEYS[0] ^ salt, LAYER_KEYS[1] ^ salt];
        self.tie_seed = tie_seed;
        self.max_nodes = limits.nodes.map_or(u64::MAX, |n| self.nodes + n);
        self.deadline = limits.time_ms.map_or(f64::INFINITY, |t| self.clock.now_ms() + t);
        self.next_clock = self.nodes;
        self.stopped = false;
        self.soft = limits.soft_ms.map(|t| (self.clock.now_ms(), t));
    }

    /// Score of the position for the root's team: its progress minus the best opponent's
    /// when there is a single opposing side; with several, its own progress only, each of
    /// its moves on the line discounted (see [`RACE_DISCOUNT`]), less a share of the
    /// opponents' modelled gains (see [`RACE_OPPONENT_SHARE`]). Against many
    /// opponents, holding back the leader is worth little (the others run on; self-play in
    /// `docs/ai.md`). The opponents still count through the reply layer, where they block
    /// and take hops.
    pub(crate) fn evaluate(&self) -> i32 {
        if self.race_only {
            // Only our own moves change our progress, so the line's discounted gains (less the
            // opponents' share) are the whole story.
            return self.root_progress + self.race_gain / 1024;
        }
        self.static_eval()
    }

    /// The undiscounted score of the position (see [`Self::evaluate`]).
    fn static_eval(&self) -> i32 {
        debug_assert!((0..self.seats).all(|s| self.scores[s] == self.ev.seat_score(&self.pos, s)));
        self.eval_scores(&self.scores) + self.straggler(None)
    }

    /// The learnt cost of the hindmost pieces (`EvalTables::hindmost`), ours less the
    /// opponent's, after move `moved` when it is given (not made). 0 where nothing is learnt
    /// (every board but the star for two) and in a race.
    #[inline]
    fn straggler(&self, moved: Option<&Scored>) -> i32 {
        let w = self.ev.hindmost;
        if w == 0 || self.race_only {
            return 0;
        }
        debug_assert!((0..self.seats).all(|s| self.far[s] == hindmost(&self.pos, s)));
        let far = moved.map_or(self.far, |m| self.far_after(m));
        let mut total = 0;
        for (s, &d) in far.iter().enumerate().take(self.seats) {
            let h = w * i32::from(d);
            total += if self.team & (1 << s) != 0 { h } else { -h };
        }
        total
    }

    /// Each seat's hindmost distance (`far`) after move `m`, not yet made: only the mover's
    /// changes, and with a swap the swapped piece's seat's.
    fn far_after(&self, m: &Scored) -> [u8; MAX_SEATS] {
        let r = self.pos.rules();
        let (sd, f, t) = (m.seat as usize, m.from as usize, m.to as usize);
        // Seat `s`'s hindmost distance once its piece on `a` stands on `b`.
        let moved = |s: usize, a: usize, b: usize| {
            let dist = &r.dist[s];
            if dist[a] < self.far[s] {
                return self.far[s].max(dist[b]);
            }
            let pieces = &self.pos.pieces[s][..self.pos.count[s] as usize];
            let rest = pieces
                .iter()
                .filter(|&&p| p as usize != a)
                .map(|&p| dist[p as usize]);
            rest.fold(dist[b], u8::max)
        };
        let mut far = self.far;
        far[sd] = moved(sd, f, t);
        let other = self.pos.board[t];
        if other != EMPTY && (other as usize) <= MAX_SEATS {
            let o = other as usize - 1;
            far[o] = moved(o, t, f);
        }
        far
    }

    /// [`Self::static_eval`] of a position whose seats score `scores`.
    #[inline]
    fn eval_scores(&self, scores: &[i32; MAX_SEATS]) -> i32 {
        let mut mine = 0;
        let mut teams = [0i32; MAX_SEATS];
        for (s, &sc) in scores.iter().enumerate().take(self.seats) {
            if self.team & (1 << s) != 0 {
                mine += sc;
            } else {
                teams[self.team_of[s] as usize] += sc;
            }
        }
        if self.race_only {
            return mine;
        }
        let best_opp = (0..self.seats)
            .filter(|&s| (self.team | self.root_placed) & (1 << s) == 0)
            .map(|s| teams[self.team_of[s] as usize])
            .max()
            .unwrap_or(0);
        mine - best_opp
    }

    /// The part of a race score earned on the way to this node: the same position reached
    /// by our moves in another order has the same future but not the same discounted past,
    /// so the table stores scores without it (as chess engines store mate distances).
    fn path_score(&self) -> i32 {
        if self.race_only {
            self.race_gain / 1024
        } else {
            0
        }
    }

    /// Whether `score` is a won or lost game (`±(WIN - ply)`), not an evaluation.
    fn is_decisive(score: i32) -> bool {
        score.abs() >= WIN - MAX_PLY as i32
    }

    /// A score as the transposition table keeps it.
    fn score_to_tt(&self, score: i32) -> i32 {
        if Self::is_decisive(score) {
            score
        } else {
            score - self.path_score()
        }
    }

    /// A score from the transposition table, for the current line.
    fn score_from_tt(&self, score: i32) -> i32 {
        if Self::is_decisive(score) {
            score
        } else {
            score + self.path_score()
        }
    }

    /// Whether the line has ended: the game is over, or played on for the places, a team
    /// has finished since the root (the first to finish on the line takes the better place,
    /// which is what the search plays for).
    fn ended(&self) -> bool {
        self.pos.is_over() || (self.places && self.pos.placed().0 & !self.root_placed != 0)
    }

    fn terminal(&self, ply: usize) -> i32 {
        let w = if self.places {
            self.pos.placed().0 & !self.root_placed
        } else {
            self.pos.winners().0
        };
        let ours = w & self.team != 0;
        let theirs = w & !self.team != 0;
        match (ours, theirs) {
            (true, false) => WIN - ply as i32,
            (false, true) => -WIN + ply as i32,
            _ => 0,
        }
    }

    fn check_limits(&mut self) {
        if self.nodes >= self.max_nodes {
            self.stopped = true;
        } else if self.nodes >= self.next_clock {
            // The clock costs a call, so it is read once per 1024 nodes or so. Not when
            // `nodes` is a multiple of 1024: it grows by several between checks (leaves and
            // the race model's moves are not checked), so that skipped most readings and a
            // 50 ms search took 130.
            self.next_clock = self.nodes + 1024;
            if self.clock.now_ms() >= self.deadline {
                self.stopped = true;
            }
        }
    }

    fn tt_key(&self, max_layer: bool) -> u64 {
        self.pos.hash() ^ turn_key(self.pos.to_move) ^ self.layer_key[max_layer as usize]
    }

    fn hist_index(m: &Scored) -> usize {
        ((m.from as usize) * 613 + m.to as usize * 31 + m.seat as usize) & 0xffff
    }

    /// Generates and scores the moves of the layer's seats into `lists[ply]`, sorted best
    /// first.
    fn generate(&mut self, ply: usize, seats: u8, tt_move: u32) {
        self.generate_unsorted(ply, seats, tt_move);
        Self::sort(&mut self.lists[ply]);
    }

    /// The move ordering's key: the score, highest first, then the packed move, lowest
    /// first. A total order on the moves of a list (no two share seat, origin and
    /// destination), so the order, and with it the moves the search chooses, does not
    /// depend on the order the generator found them in.
    #[inline(always)]
    fn order_key(m: &Scored) -> u64 {
        u64::from(m.score as u32 ^ 0x7fff_ffff) << 32 | u64::from(m.packed())
    }

    /// The move ordering's sort, by [`Self::order_key`].
    fn sort(list: &mut [Scored]) {
        list.sort_unstable_by_key(Self::order_key);
    }

    /// Generates and scores the moves of the layer's seats into `lists[ply]`, in no
    /// particular order (the class-set generator's where the board has one); returns the
    /// index of the move the sort puts first (`None` for an empty list), for a search that
    /// may need no other move.
    fn generate_unsorted(&mut self, ply: usize, seats: u8, tt_move: u32) -> Option<usize> {
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        let finished = self.pos.finished().0;
        for s in 0..self.seats {
            if seats & (1 << s) == 0 || finished & (1 << s) != 0 {
                continue;
            }
            let ev = self.ev;
            self.pos.for_each_move_unordered(&mut self.gen, s, |f, t| {
                list.push(Scored {
                    from: f as u16,
                    to: t as u16,
                    seat: s as u8,
                    score: ev.gain(s, f, t),
                });
                false
            });
        }
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        let (mut best, mut at) = (u64::MAX, None);
        for (i, m) in list.iter_mut().enumerate() {
            let p = m.packed();
            if p == tt_move {
                m.score += 1 << 24;
            } else if p == killers[0] || p == killers[1] {
                m.score += 1 << 20;
            } else {
                m.score += self.history[Self::hist_index(m)].min(ROW * 4);
            }
            let k = Self::order_key(m);
            if k < best {
                (best, at) = (k, Some(i));
            }
        }
        self.lists[ply] = list;
        at
    }

    fn layer_seats(&self, max_layer: bool) -> u8 {
        let all = ((1u16 << self.seats) - 1) as u8;
        if max_layer {
            self.team
        } else {
            all & !self.team
        }
    }

    /// The discount (out of 1024) of the line's next move of ours: [`RACE_WEIGHTS`] by the
    /// moves we have made in it, nothing past its end.
    fn race_weight(&self) -> i32 {
        RACE_WEIGHTS.get(self.our_moves).copied().unwrap_or(0)
    }

    fn make(&mut self, m: &Scored) -> crate::position::Undo {
        self.nodes += 1;
        let (mut g, mut counted) = (0, false);
        if self.race_only {
            let w = self.race_weight();
            let gain = self.ev.gain(m.seat as usize, m.from as usize, m.to as usize);
            if self.team & (1 << m.seat) != 0 {
                self.our_moves += 1;
                (g, counted) = (w * gain, true);
            } else {
                g = -(w * RACE_OPPONENT_SHARE / 1024) * gain;
            }
        }
        self.race_gain += g;
        self.gains.push((g, counted));
        let moved = self.score_move(m);
        self.scores[moved.0 as usize] += moved.1;
        self.scores[moved.2 as usize] += moved.3;
        self.score_moves.push(moved);
        if self.ev.hindmost != 0 {
            self.far_moves.push(self.far);
            self.far = self.far_after(m);
        }
        self.pos.set_turn(m.seat as usize);
        let undo = self.pos.make(m.from as usize, m.to as usize);
        if !self.been.is_empty() {
            self.been_push(self.pos.hash());
        }
        undo
    }

    /// What move `m` changes in `scores`: the mover's seat and gain, and the seat and change
    /// of the piece it swaps with (seat 0 and no change without a swap).
    #[inline(always)]
    fn score_move(&self, m: &Scored) -> (u8, i32, u8, i32) {
        let (s, f, t) = (m.seat as usize, m.from as usize, m.to as usize);
        let other = self.pos.board[t];
        let swapped = if other != EMPTY && (other as usize) <= MAX_SEATS {
            let o = other as usize - 1;
            (o as u8, self.ev.value[o][f] - self.ev.value[o][t])
        } else {
            (0, 0)
        };
        (m.seat, self.ev.gain(s, f, t), swapped.0, swapped.1)
    }

    fn unmake(&mut self, u: crate::position::Undo, restore_turn: u8) {
        if !self.been.is_empty() {
            if let Some(h) = self.been.pop() {
                self.been_count[h as usize & (BEEN_BUCKETS - 1)] -= 1;
            }
        }
        if let Some((g, counted)) = self.gains.pop() {
            self.race_gain -= g;
            self.our_moves -= usize::from(counted);
        }
        if self.ev.hindmost != 0 {
            if let Some(f) = self.far_moves.pop() {
                self.far = f;
            }
        }
        if let Some((s, d, o, e)) = self.score_moves.pop() {
            self.scores[s as usize] -= d;
            self.scores[o as usize] -= e;
        }
        self.pos.unmake(u);
        self.pos.set_turn(restore_turn as usize);
    }

    fn search(&mut self, depth: i32, ply: usize, mut alpha: i32, mut beta: i32, max_layer: bool) -> i32 {
        if self.ended() {
            return self.terminal(ply);
        }
        if self.repeated() {
            return 0;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            if max_layer && self.race_only {
                return self.evaluate() + self.next_gain();
            }
            return self.greedy_leaf(ply, max_layer, self.ev.leaf_moves);
        }
        self.check_limits();
        if self.stopped {
            return 0;
        }
        if !max_layer && self.race_only {
            return self.modelled_replies(depth, ply, alpha, beta);
        }
        let key = self.tt_key(max_layer);
        let slot = (key as usize) & (self.tt.len() - 1);
        let e = self.tt[slot];
        let mut tt_move = u32::MAX;
        if e.key == key {
            tt_move = e.best;
            if e.depth as i32 >= depth {
                let s = self.score_from_tt(e.score);
                match e.bound {
                    EXACT => return s,
                    LOWER if s >= beta => return s,
                    UPPER if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let seats = self.layer_seats(max_layer);
        // The list is sorted only once a second move is needed: most nodes need only the
        // first, the one the sort puts first (`None` only for an empty list).
        let mut first = self.generate_unsorted(ply, seats, tt_move);
        let turn = self.pos.to_move;
        let mut list = std::mem::take(&mut self.lists[ply]);
        if list.is_empty() {
            self.lists[ply] = list;
            // The layer passes, unless nobody can move at all (a draw).
            let other = self.layer_seats(!max_layer) & !self.pos.finished().0;
            let any =
                (0..self.seats).any(|s| other & (1 << s) != 0 && self.pos.seat_can_move(&mut self.gen, s));
            return if any {
                self.search(depth - 1, ply + 1, alpha, beta, !max_layer)
            } else {
                0
            };
        }
        let truncate = !max_layer && self.seats > 2;
        // Children that are leaves and cannot end the game are scored without making the
        // move (see `leaf_score`), unless a leaf plays greedy moves first (`greedy_leaf`).
        let leaves = depth == 1 && !self.race_only && !self.pos.is_closing() && self.ev.leaf_moves == 0;
        let (alpha0, beta0) = (alpha, beta);
        let mut best = if max_layer { -WIN - 1 } else { WIN + 1 };
        let mut best_move = list[first.unwrap_or(0)];
        let mut i = 0;
        loop {
            if i > 0 && first.take().is_some() {
                Self::sort(&mut list);
                debug_assert_eq!(list[0].packed(), best_move.packed());
                if truncate {
                    list.truncate(BRS_REPLIES);
                }
            }
            let Some(m) = list.get(first.unwrap_or(i)) else {
                break;
            };
            let m = *m;
            i += 1;
            let leaf = if leaves {
                self.leaf_score(&m, !max_layer)
            } else {
                None
            };
            let score = if let Some(score) = leaf {
                // As `make` counts it.
                self.nodes += 1;
                score
            } else {
                let u = self.make(&m);
                let quiet = i > 3 && m.score < ROW / 2;
                // Reduce by two plies so the leaf still ends with the same side to move: in a
                // race game a leaf after our move and one after theirs differ by a whole
                // move's gain.
                let reduce = if depth >= LMR_DEPTH && quiet { 2 } else { 0 };
                let score = if i == 1 {
                    self.search(depth - 1, ply + 1, alpha, beta, !max_layer)
                } else if max_layer {
                    let mut s = self.search(depth - 1 - reduce, ply + 1, alpha, alpha + 1, false);
                    if s > alpha && !self.stopped {
                        s = self.search(depth - 1, ply + 1, alpha, beta, false);
                    }
                    s
                } else {
                    let mut s = self.search(depth - 1 - reduce, ply + 1, beta - 1, beta, true);
                    if s < beta && !self.stopped {
                        s = self.search(depth - 1, ply + 1, alpha, beta, true);
                    }
                    s
                };
                self.unmake(u, turn);
                if self.stopped {
                    break;
                }
                score
            };
            if max_layer {
                if score > best {
                    best = score;
                    best_move = m;
                }
                alpha = alpha.max(score);
            } else {
                if score < best {
                    best = score;
                    best_move = m;
                }
                beta = beta.min(score);
            }
            if alpha >= beta {
                let k = &mut self.killers[ply.min(MAX_PLY - 1)];
                let p = m.packed();
                if k[0] != p {
                    k[1] = k[0];
                    k[0] = p;
                }
                let h = &mut self.history[Self::hist_index(&m)];
                *h = (*h + depth * depth).min(1 << 16);
                break;
            }
        }
        self.lists[ply] = list;
        if self.stopped {
            return 0;
        }
        let bound = if best <= alpha0 {
            UPPER
        } else if best >= beta0 {
            LOWER
        } else {
            EXACT
        };
        // Under a max layer, a fail-low result is an upper bound; under a min layer the
        // roles of alpha and beta are the same in this minimax form.
        self.tt[slot] = TtEntry {
            key,
            depth: depth as i8,
            bound,
            score: self.score_to_tt(best),
            best: best_move.packed(),
        };
        best
    }

    /// The score of the leaf after move `m` of this node (`leaf_max`: the leaf's layer), the
    /// move not made: its evaluation from the seats' scores as `make` would change them,
    /// with the tempo of a leaf. `None` when the move may end the game or finish a seat (it
    /// starts or ends in the target camp of a seat still playing), which only the move made
    /// tells. Only outside a race, whose evaluation follows the line, and never while a
    /// round is being completed (the round may end with any move).
    #[inline(always)]
    fn leaf_score(&self, m: &Scored, leaf_max: bool) -> Option<i32> {
        let r = self.pos.rules();
        let touched = r.target_bits[m.from as usize] | r.target_bits[m.to as usize];
        if touched & !self.pos.finished().0 != 0 {
            return None;
        }
        let (s, d, o, e) = self.score_move(m);
        let mut scores = self.scores;
        scores[s as usize] += d;
        scores[o as usize] += e;
        Some(self.eval_scores(&scores) + self.straggler(Some(m)) + self.tempo(leaf_max))
    }

    /// The score of a two-sided leaf (`max_layer`: the root's side is to move) after the
    /// seats to move play `left` greedy moves ([`EvalTables::leaf_moves`] at a leaf; 0
    /// scores it as it stands), each its most-progress move as the race model plays it: the
    /// evaluation then, with the tempo of the side to move then, or the game's result if it
    /// ended. A static value misses the hop the mover has ready; the tempo only guesses it.
    fn greedy_leaf(&mut self, ply: usize, max_layer: bool, left: u8) -> i32 {
        let turn = self.pos.to_move;
        // A seat that must pass leaves the leaf to be scored as it stands.
        let Some(m) = (left > 0).then(|| self.greedy_move(turn as usize)).flatten() else {
            return self.evaluate() + self.tempo(max_layer);
        };
        let u = self.make(&m);
        let score = if self.ended() {
            self.terminal(ply + 1)
        } else {
            self.greedy_leaf(ply + 1, !max_layer, left - 1)
        };
        self.unmake(u, turn);
        score
    }

    /// The tempo at a two-sided leaf: for the root's side when it is to move (`max_layer`),
    /// against it when the others are.
    fn tempo(&self, max_layer: bool) -> i32 {
        if max_layer {
            self.ev.tempo
        } else {
            -self.ev.tempo
        }
    }

    /// At a race leaf where our side is to move: what our next move would add, the gain
    /// of our greedy move (the best of the team's seats), discounted as that move of the
    /// line. It stands where the table's tempo ([`Searcher::tempo`]) does in two-sided
    /// search; `docs/ai.md` has the figures.
    fn next_gain(&mut self) -> i32 {
        let w = self.race_weight();
        let finished = self.pos.finished().0;
        let mut best = 0;
        for s in 0..self.seats {
            if self.team & !finished & (1 << s) == 0 {
                continue;
            }
            if let Some(m) = self.greedy_move(s) {
                best = best.max(self.ev.gain(s, m.from as usize, m.to as usize));
            }
        }
        w * best / 1024
    }

    /// The move a greedy seat `s` plays, if it can move: one that wins on the spot, else its
    /// most-progress move, ties going to the best for its evaluation, or in a sampled world
    /// to a random one, the same on every line.
    ///
    /// The most-progress moves of a position do not depend on the world, only the choice
    /// among them does, and the worlds search the same positions near the root (as does each
    /// iteration of a world): so the search keeps them in a table by position and seat. Not
    /// the playouts, whose positions hardly recur.
    fn greedy_move(&mut self, s: usize) -> Option<Scored> {
        let one_short = self.pos.one_short(s);
        let table = !one_short && !self.in_playout && !self.ties.is_empty();
        let (key, slot) = if table {
            let key = self.pos.hash() ^ turn_key(self.pos.to_move) ^ mix64(TIES_SALT + s as u64);
            (key, (key as usize) & (self.ties.len() - 1))
        } else {
            (0, 0)
        };
        let hit = table && self.ties[slot].key == key;
        if !hit {
            if let Some(win) = self.most_progress(s, one_short) {
                return Some(win);
            }
            if table && self.scratch.len() <= TIES_KEPT {
                let e = &mut self.ties[slot];
                e.key = key;
                e.n = self.scratch.len() as u8;
                e.moves[..self.scratch.len()].copy_from_slice(&self.scratch);
            }
        }
        let list = if hit {
            &self.ties[slot].moves[..self.ties[slot].n as usize]
        } else {
            &self.scratch[..]
        };
        // The world's tie-break, then the first piece in the position's order, then the
        // lowest destination cell: a total order, whatever order the moves were found in.
        let (ev, seed) = (self.ev, self.tie_seed);
        let mut best: Option<((i32, i32, i32), usize, usize)> = None;
        for &m in list {
            let (f, t) = ((m >> 10 & 0x3ff) as usize, (m & 0x3ff) as usize);
            let k = (tie_break(ev, seed, s, f, t), -((m >> 20) as i32), -(t as i32));
            if best.is_none_or(|(b, ..)| k > b) {
                best = Some((k, f, t));
            }
        }
        best.map(|(_, f, t)| Scored {
            from: f as u16,
            to: t as u16,
            seat: s as u8,
            score: 0,
        })
    }

    /// Writes greedy seat `s`'s moves of the most progress to `scratch`, in no particular
    /// order (packed `piece << 20 | from << 10 | to`, the piece's index in the position's
    /// order); when `one_short`, returns instead a move that wins on the spot, if there is
    /// one (of several, the first piece's in the position's order, to the lowest cell).
    fn most_progress(&mut self, s: usize, one_short: bool) -> Option<Scored> {
        self.scratch.clear();
        let rules = self.pos.rules();
        // A greedy player takes a move that wins on the spot before any other (as `think`
        // plays it), and that move, a step or hop into the last hole, need not be the one of
        // most progress: a model without it can expect a round the race does not have.
        let mut entering: Vec<(u8, u16, u16)> = Vec::new();
        let dist = &rules.dist[s];
        // The most progress found so far: a piece nearer its goal than that cannot even tie
        // it, nor can a step (which makes at most one row) beat two, so those moves are not
        // generated (unless a winning entry is being looked for).
        let mut most = i32::MIN;
        // Nor can a piece that, landing on the nearest open cell, would make less.
        let near = self.pos.nearest_open(s);
        // The pieces farthest from the goal first: they make the most progress as a rule, so
        // the bound above soon skips the rest. Equal moves still go to the first piece in
        // the position's order (the index in the key), as without the sorting.
        let count = self.pos.count[s] as usize;
        let pieces = self.pos.pieces[s];
        let mut order = [0u8; crate::position::MAX_PIECES];
        for i in 0..count {
            let mut j = i;
            while j > 0 && dist[pieces[order[j - 1] as usize] as usize] < dist[pieces[i] as usize] {
                order[j] = order[j - 1];
                j -= 1;
            }
            order[j] = i as u8;
        }
        let prepared = self.pos.prepare_unordered(&mut self.gen);
        for &i in &order[..count] {
            let o = pieces[i as usize] as usize;
            if !one_short && (dist[o] as i32) - near < most {
                continue;
            }
            let steps = one_short || most <= rules.step_progress;
            let n = self
                .pos
                .destinations_unordered(&mut self.gen, s, o, steps, prepared);
            for &t in self.gen.found(n) {
                let t = t as usize;
                if one_short && rules.target_bits[t] & (1 << s) != 0 && rules.target_bits[o] & (1 << s) == 0 {
                    entering.push((i, o as u16, t as u16));
                }
                let progress = rules.progress(s, o, t);
                if progress < most {
                    continue;
                }
                if progress > most {
                    most = progress;
                    self.scratch.clear();
                }
                self.scratch
                    .push(u32::from(i) << 20 | (o as u32) << 10 | t as u32);
            }
        }
        entering.sort_unstable();
        for (_, f, t) in entering {
            let turn = self.pos.to_move;
            self.pos.set_turn(s);
            let u = self.pos.make(f as usize, t as usize);
            let won = self.pos.finished().contains(s + 1);
            self.pos.unmake(u);
            self.pos.set_turn(turn as usize);
            if won {
                return Some(Scored {
                    from: f,
                    to: t,
                    seat: s as u8,
                    score: 0,
                });
            }
        }
        None
    }

    /// Plays the modelled opponents' layer of a race: every opposing seat still playing, in
    /// turn order from the root's seat, makes its most-progress move. Returns the moves with
    /// their undo records and the turn to restore, and whether the game ended on the way.
    #[allow(clippy::type_complexity)]
    fn play_model(&mut self) -> (Vec<(crate::position::Undo, u8, (u16, u16))>, bool) {
        let mut undos = Vec::new();
        for k in 1..self.seats {
            let s = (self.root_seat as usize + k) % self.seats;
            if self.team & (1 << s) != 0 || self.pos.finished().contains(s + 1) {
                continue;
            }
            if let Some(m) = self.greedy_move(s) {
                let turn = self.pos.to_move;
                undos.push((self.make(&m), turn, (m.from, m.to)));
                if self.ended() {
                    return (undos, true);
                }
            }
        }
        (undos, false)
    }

    /// A race's opponents' layer: the modelled replies, then our next layer.
    fn modelled_replies(&mut self, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        let (mut undos, over) = self.play_model();
        let score = if over {
            self.terminal(ply)
        } else {
            self.search(depth - 1, ply + 1, alpha, beta, true)
        };
        while let Some((u, t, _)) = undos.pop() {
            self.unmake(u, t);
        }
        score
    }

    /// Iterative deepening at the root, where only the seat to move moves.
    pub(crate) fn run(&mut self, max_depth: u32, noise: &mut dyn FnMut() -> i32) -> Option<RootResult> {
        self.root_progress = self.static_eval();
        // At the root only the seat to move moves; nothing is known yet to order by but gain.
        self.generate(0, 1 << self.pos.to_move, u32::MAX);
        let mut root = self.lists[0].clone();
        if root.is_empty() {
            return None;
        }
        // A tiny deterministic jitter (from the caller's seed) breaks ties between equal moves.
        let jitter: Vec<i32> = root.iter().map(|_| noise()).collect();
        let mut result = RootResult {
            best: root[0],
            score: 0,
            depth: 0,
            pv: Vec::new(),
        };
        if root.len() == 1 {
            return Some(result);
        }
        let turn = self.pos.to_move;
        // With a soft time limit, each iteration decides whether to start the next.
        let mut pace = self
            .soft
            .map(|(start, soft)| Pace::new(start, soft, self.deadline));
        // The moves whose score the last iteration knows exactly, with that score.
        let mut last_exact: Vec<((u16, u16), i32)> = Vec::new();
        // The tables may cap the depth: where a deeper search plays worse (see
        // `EvalTables::max_depth`), the search stops there, time left or not.
        for depth in 1..=max_depth.min(self.ev.max_depth).max(1) {
            let mut alpha = -WIN - 1;
            let beta = WIN + 1;
            let mut best: Option<(Scored, i32)> = None;
            let mut scores = Vec::with_capacity(root.len());
            let mut exact = Vec::new();
            // From `EvalTables::paired_from` on, the move is chosen by two depths: among the
            // moves this iteration scores exactly (the first, and each that beat the best
            // before it), the one whose scores at this depth and the one before sum the
            // most. Alone, each depth leans towards lines whose last move flatters the side
            // that makes it; the sum plays better than either (docs/ai.md, "Two depths at
            // the root").
            let paired = depth >= self.ev.paired_from;
            let mut best_sum: Option<i32> = None;
            #[cfg(test)]
            let mut pairs: Vec<(Scored, i32, i32, i32)> = Vec::new();
            for (i, m) in root.clone().iter().enumerate() {
                let u = self.make(m);
                let floor = alpha;
                let mut s = if i == 0 {
                    self.search(depth as i32 - 1, 1, alpha, beta, false)
                } else {
                    let s = self.search(depth as i32 - 1, 1, alpha, alpha + 1, false);
                    if s > alpha && !self.stopped {
                        self.search(depth as i32 - 1, 1, alpha, beta, false)
                    } else {
                        s
                    }
                };
                // Searched with a window open below (the first move, or a re-search), a
                // score above the window's floor is exact.
                let is_exact = i == 0 || s > floor;
                let before = if paired && is_exact && !self.stopped {
                    match last_exact.iter().find(|(k, _)| *k == (m.from, m.to)) {
                        Some(&(_, b)) => Some(b),
                        None => {
                            let b = self.search(depth as i32 - 2, 1, -WIN - 1, WIN + 1, false);
                            (!self.stopped).then_some(b)
                        }
                    }
                } else {
                    None
                };
                self.unmake(u, turn);
                if self.stopped {
                    break;
                }
                if is_exact {
                    exact.push(((m.from, m.to), s));
                }
                if !Self::is_decisive(s) {
                    s += jitter[i];
                }
                scores.push((i, s));
                alpha = alpha.max(s);
                if let Some(b) = before {
                    // A forced result decides alone.
                    let sum = if Self::is_decisive(s) || Self::is_decisive(b) {
                        2 * s
                    } else {
                        s + b
                    };
                    if best_sum.is_none_or(|t| sum > t) {
                        best_sum = Some(sum);
                        best = Some((*m, s));
                    }
                    #[cfg(test)]
                    pairs.push((*m, s, b, sum));
                } else if !paired && best.is_none_or(|(_, b)| s > b) {
                    best = Some((*m, s));
                }
            }
            last_exact = exact;
            // A partial iteration searched the previous best first with a full window, and
            // any move that beat it was re-searched exactly, so its best is sound; but where
            // only odd partials count (`EvalTables::odd_partials`), one of even depth is
            // dropped: on the star for two, an even iteration begun after an odd one lost
            // more often than it helped (docs/ai.md, "Depth and time").
            let counts = !self.stopped || !self.ev.odd_partials || depth % 2 == 1;
            #[cfg(test)]
            if counts && paired {
                self.pairs = pairs;
            }
            if let Some((m, s)) = best.filter(|_| counts) {
                result.best = m;
                result.score = s;
                if !self.stopped {
                    result.depth = depth;
                }
            }
            if self.stopped {
                break;
            }
            // Order the next iteration by this one's scores, best first, equal scores in
            // their order now: the key holds the index, so the order is total and the same
            // on every platform (the moves chosen depend on it).
            let order: BinaryHeap<(Reverse<i32>, usize)> =
                scores.iter().map(|&(i, s)| (Reverse(s), i)).collect();
            root = order.into_sorted_vec().iter().map(|&(_, i)| root[i]).collect();
            if Self::is_decisive(result.score) {
                break; // a forced win or loss is found; deeper search cannot change it
            }
            if let Some(p) = pace.as_mut() {
                if !p.go_on(
                    self.clock.now_ms(),
                    (result.best.from, result.best.to),
                    result.score,
                ) {
                    break;
                }
            }
        }
        result.pv = self.principal_variation(&result.best);
        Some(result)
    }

    /// Plays the game out after the root move `first`, every seat (ours too) greedy as the
    /// race model plays them, ties broken by `tie_seed`, for at most `max_plies` moves; then
    /// takes it all back. Whether the root's team won. Each move counts as a node.
    pub(crate) fn playout(&mut self, first: (u16, u16), tie_seed: u64, max_plies: usize) -> bool {
        let saved = self.tie_seed;
        self.tie_seed = tie_seed;
        self.in_playout = true;
        let mut undos = Vec::with_capacity(max_plies + 1);
        undos.push(self.pos.make(first.0 as usize, first.1 as usize));
        self.play_greedy(&mut undos, max_plies);
        // Won as the search scores a finish (a win shared with an opponent is not).
        let won = self.terminal(0) > 0;
        while let Some(u) = undos.pop() {
            self.pos.unmake(u);
        }
        self.tie_seed = saved;
        self.in_playout = false;
        won
    }

    /// Plays the game out from the current position, every seat greedy as in
    /// [`Self::playout`], ties broken by `tie_seed`, for at most `max_plies` moves; then takes
    /// it all back. The seats that won (a bit a seat; none when the game did not end).
    pub(crate) fn playout_winners(&mut self, tie_seed: u64, max_plies: usize) -> u8 {
        let saved = self.tie_seed;
        self.tie_seed = tie_seed;
        self.in_playout = true;
        let mut undos = Vec::with_capacity(max_plies);
        self.play_greedy(&mut undos, max_plies);
        let won = self.pos.winners().0;
        while let Some(u) = undos.pop() {
            self.pos.unmake(u);
        }
        self.tie_seed = saved;
        self.in_playout = false;
        won
    }

    /// The moves of a playout: every seat greedy until the game ends or `max_plies` moves
    /// are made, their undo records pushed on `undos`. Each move counts as a node.
    fn play_greedy(&mut self, undos: &mut Vec<crate::position::Undo>, max_plies: usize) {
        for _ in 0..max_plies {
            if self.ended() {
                break;
            }
            self.nodes += 1;
            let s = self.pos.to_move as usize;
            undos.push(match self.greedy_move(s) {
                Some(m) => self.pos.make(m.from as usize, m.to as usize),
                None => self.pos.pass_turn(),
            });
        }
    }

    /// The move the seat to move would play as a greedy player: its most-progress move, ties
    /// going to the best for its evaluation (a playout's first move, where no world is kept).
    pub(crate) fn root_greedy(&mut self) -> Option<Scored> {
        let saved = self.tie_seed;
        self.tie_seed = 0;
        let m = self.greedy_move(self.pos.to_move as usize);
        self.tie_seed = saved;
        m
    }

    /// The expected line after `first`, read from the transposition table.
    fn principal_variation(&mut self, first: &Scored) -> Vec<(u16, u16)> {
        let mut pv = vec![(first.from, first.to)];
        let mut undos = Vec::new();
        let turn0 = self.pos.to_move;
        undos.push((self.make(first), turn0));
        let mut max_layer = false;
        while pv.len() < 8 && !self.ended() {
            if !max_layer && self.race_only {
                // The opponents' layer of a race is the model's moves, not a stored choice.
                let (layer, _) = self.play_model();
                for (u, t, m) in layer {
                    pv.push(m);
                    undos.push((u, t));
                }
                max_layer = true;
                continue;
            }
            let key = self.tt_key(max_layer);
            let e = self.tt[(key as usize) & (self.tt.len() - 1)];
            if e.key != key {
                break;
            }
            let m = Scored {
                from: ((e.best >> 14) & 0x3fff) as u16,
                to: (e.best & 0x3fff) as u16,
                seat: (e.best >> 28) as u8,
                score: 0,
            };
            if self.pos.board[m.from as usize] != m.seat + 1 {
                break;
            }
            pv.push((m.from, m.to));
            let t = self.pos.to_move;
            undos.push((self.make(&m), t));
            max_layer = !max_layer;
        }
        while let Some((u, t)) = undos.pop() {
            self.unmake(u, t);
        }
        pv
    }
}

/// How a greedy seat `s` ranks its move `f`-`t` among those of equal progress: by its
/// evaluation in world 0, else at random, the same way on every line of world `seed`.
/// The distance from its goal of seat `s`'s hindmost piece.
fn hindmost(pos: &Position, s: usize) -> u8 {
    let dist = &pos.rules().dist[s];
    pos.pieces[s][..pos.count[s] as usize]
        .iter()
        .map(|&p| dist[p as usize])
        .max()
        .unwrap_or(0)
}

fn tie_break(ev: &EvalTables, seed: u64, s: usize, f: usize, t: usize) -> i32 {
    if seed == 0 {
        ev.gain(s, f, t)
    } else {
        (mix64(seed ^ (f as u64) << 24 ^ (t as u64) << 8 ^ s as u64) >> 33) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::NoClock;
    use crate::Variant;

    /// The deepening under a soft limit of 100 ms (hard 400): no iteration starts past 60%
    /// of the target; the target grows when the best move changes or the score falls, and
    /// shrinks once the best move has settled; nothing starts that would run past the hard
    /// limit.
    #[test]
    fn the_pace_of_a_soft_limit() {
        let a = (1, 2);
        let b = (3, 4);
        // Iterations ending at these times (each about three times all before it).
        let run = |bests: &[((u16, u16), i32)], ends: &[f64]| {
            let mut p = Pace::new(1000.0, 100.0, 1400.0);
            let go: Vec<bool> = bests
                .iter()
                .zip(ends)
                .map(|(&(m, s), &t)| p.go_on(1000.0 + t, m, s))
                .collect();
            go
        };
        let ends = [1.0, 3.0, 10.0, 40.0, 70.0];
        assert_eq!(run(&[(a, 0); 5], &ends), [true, true, true, true, false]);
        // A new best move at 70 ms: the target is 170, and 70 ms is under 60% of it.
        let changed = [(a, 0), (a, 0), (a, 0), (a, 0), (b, 0)];
        assert_eq!(run(&changed, &ends), [true, true, true, true, true]);
        // So is a fall of half a row against the iteration two before (the target is 150;
        // without the fall it would be 100).
        let fell = [(a, 0), (a, 0), (b, 0), (b, 300), (b, -50)];
        assert_eq!(run(&fell, &ends), [true, true, true, true, true]);
        // The same best move five times: the target is 50, and 40 ms is past 60% of it.
        let settled = [1.0, 2.0, 4.0, 10.0, 40.0];
        assert_eq!(run(&[(a, 0); 5], &settled), [true, true, true, true, false]);
        // A new best at 90 ms after an iteration of 60 (three times the one before): the
        // next would end at 270 ms, within the hard limit, so it starts.
        assert!(run(&changed, &[1.0, 3.0, 10.0, 30.0, 90.0])[4]);
        // After an iteration of 120 ms, six times the one before, it would end past 400.
        let mut p = Pace::new(0.0, 200.0, 400.0);
        assert!(p.go_on(10.0, a, 0) && p.go_on(30.0, b, 0));
        assert!(!p.go_on(150.0, a, 0));
    }

    /// Each sampled world breaks an opponent's ties its own way, always among its
    /// most-progress moves and the same way every time; together the worlds cover several.
    #[test]
    fn worlds_break_the_models_ties_their_own_way() {
        let pos = Position::start("star-3".parse::<Variant>().unwrap());
        let ev = EvalTables::new(pos.rules());
        let mut s = Searcher::new(&pos, &ev, &Limits::default(), &NoClock);
        let seat = 1;
        let rules = pos.rules();
        let mut best = i32::MIN;
        let mut tied = 0;
        pos.clone().for_each_move(&mut MoveGen::new(), seat, |f, t| {
            let p = rules.progress(seat, f, t);
            if p > best {
                (best, tied) = (p, 0);
            }
            tied += usize::from(p == best);
            false
        });
        assert!(tied > 2, "the start offers several most-progress moves");
        let mut seen = std::collections::HashSet::new();
        for seed in 0..24u64 {
            let pick = |s: &mut Searcher| {
                s.enter_world(seed * 2 + 1, &Limits::default());
                let m = s.greedy_move(seat).unwrap();
                (m.from, m.to)
            };
            let m = pick(&mut s);
            assert_eq!(pick(&mut s), m, "a world's choice is fixed");
            assert_eq!(rules.progress(seat, m.0 as usize, m.1 as usize), best);
            seen.insert(m);
        }
        assert!(seen.len() > 2, "worlds differ: {seen:?}");
        // World 0 is the evaluation's choice, and its table keys are the plain ones.
        s.enter_world(0, &Limits::default());
        assert_eq!(s.layer_key, LAYER_KEYS);
    }

    /// The race score of a line: our first move at full weight, then each opponent's gain
    /// taken off at `RACE_OPPONENT_SHARE` of our next move's weight; undoing the line
    /// restores the root's score.
    #[test]
    fn the_hindmost_pieces_are_kept_through_make_and_unmake() {
        // With a hindmost weight (the learnt evaluation in play), every node's kept distances
        // match a scan (the debug assertion in `straggler`), and a leaf scored without its
        // move made scores as the move made does.
        let mut pos = Position::start("star-2+any-camp".parse().unwrap());
        for _ in 0..6 {
            let m = pos.legal_moves()[3];
            pos = pos.after(m).unwrap();
        }
        let mut ev = EvalTables::new(pos.rules());
        ev.hindmost = -1040;
        let limits = Limits {
            nodes: Some(20_000),
            ..Limits::default()
        };
        let mut s = Searcher::new(&pos, &ev, &limits, &crate::ai::NoClock);
        assert!(s.run(4, &mut || 0).is_some());
        s.generate(0, 1 << s.pos.to_move, u32::MAX);
        for m in s.lists[0].clone() {
            let unmade = s.straggler(Some(&m));
            let turn = s.pos.to_move;
            let u = s.make(&m);
            let made = s.straggler(None);
            s.unmake(u, turn);
            assert_eq!(unmade, made);
        }
    }

    #[test]
    fn a_race_line_scores_our_gain_less_a_share_of_the_opponents() {
        let pos = Position::start("star-3".parse::<Variant>().unwrap());
        let ev = EvalTables::new(pos.rules());
        let mut s = Searcher::new(&pos, &ev, &Limits::default(), &NoClock);
        assert!(s.race_only, "three seats are a race");
        s.root_progress = s.static_eval();
        let root = s.evaluate();
        let mut undos = Vec::new();
        let mut expected = 0i64;
        for seat in 0..3u8 {
            let mut best: Option<Scored> = None;
            s.pos
                .clone()
                .for_each_move(&mut MoveGen::new(), seat as usize, |f, t| {
                    let g = ev.gain(seat as usize, f, t);
                    if best.is_none_or(|b| g > b.score) {
                        best = Some(Scored {
                            from: f as u16,
                            to: t as u16,
                            seat,
                            score: g,
                        });
                    }
                    false
                });
            let m = best.expect("every seat can move at the start");
            assert!(m.score > 0, "a forward move gains");
            expected += if seat == 0 {
                1024 * m.score as i64
            } else {
                -((RACE_WEIGHTS[1] * RACE_OPPONENT_SHARE / 1024) as i64 * m.score as i64)
            };
            let turn = s.pos.to_move;
            undos.push((s.make(&m), turn));
        }
        assert_eq!(s.evaluate(), root + (expected / 1024) as i32);
        // The opponents' gains cost something, but less than our own gain is worth.
        assert!(s.evaluate() < root + s.gains[0].0 / 1024 && s.evaluate() > root);
        while let Some((u, t)) = undos.pop() {
            s.unmake(u, t);
        }
        assert_eq!((s.evaluate(), s.our_moves, s.race_gain), (root, 0, 0));
    }

    /// At a race leaf where we are to move, the score counts what our next move (our greedy
    /// one) would add, discounted as that move of the line; a leaf after our move keeps the
    /// constant tempo.
    #[test]
    fn a_race_leaf_with_us_to_move_counts_our_next_gain() {
        let pos = Position::start("star-3".parse::<Variant>().unwrap());
        let ev = EvalTables::new(pos.rules());
        let mut s = Searcher::new(&pos, &ev, &Limits::default(), &NoClock);
        s.root_progress = s.static_eval();
        let mut undos = Vec::new();
        for (k, weight) in RACE_WEIGHTS[..3].iter().enumerate() {
            let m = s.greedy_move(0).expect("we can move");
            let gain = ev.gain(0, m.from as usize, m.to as usize);
            assert!(gain > 0, "round {k}: a forward move gains");
            assert_eq!(s.our_moves, k);
            assert_eq!(
                s.search(0, 1, -WIN, WIN, true),
                s.evaluate() + weight * gain / 1024
            );
            // Our move, then the leaf after it, then the others' greedy replies.
            let turn = s.pos.to_move;
            undos.push((s.make(&m), turn));
            assert_eq!(s.search(0, 1, -WIN, WIN, false), s.evaluate() - ev.tempo);
            for seat in 1..3 {
                let r = s.greedy_move(seat).expect("they can move");
                let turn = s.pos.to_move;
                undos.push((s.make(&r), turn));
            }
        }
        assert!(RACE_WEIGHTS[2] < RACE_WEIGHTS[0], "later moves count less");
        while let Some((u, t)) = undos.pop() {
            s.unmake(u, t);
        }
        assert_eq!((s.our_moves, s.race_gain), (0, 0));
    }

    /// Level 5's two-sided leaf on the star for two is scored after the side to move plays
    /// its greedy move, with the other side's tempo, and leaves the position as it was; the
    /// levels below score it as it stands, with the mover's tempo.
    #[test]
    fn a_two_sided_leaf_of_level_5_plays_the_movers_greedy_move() {
        let mut pos = Position::start("star-2".parse::<Variant>().unwrap());
        for m in ["d4-h5", "b14-g13", "b4-g6", "a15-b14"] {
            let m = pos.parse_move(m).unwrap();
            pos.play(m).unwrap();
        }
        let deep = EvalTables::level5(pos.rules());
        assert_eq!(deep.leaf_moves, 1);
        for max_layer in [true, false] {
            let mut s = Searcher::new(&pos, &deep, &Limits::default(), &NoClock);
            let before = (s.pos.hash(), s.scores, s.nodes);
            let leaf = s.search(0, 1, -WIN, WIN, max_layer);
            assert_eq!((s.pos.hash(), s.scores), (before.0, before.1), "taken back");
            assert_eq!(s.nodes, before.2 + 1, "the greedy move counts as a node");
            let m = s.greedy_move(s.pos.to_move as usize).expect("the mover can move");
            assert!(s.ev.gain(m.seat as usize, m.from as usize, m.to as usize) > 0);
            let turn = s.pos.to_move;
            let u = s.make(&m);
            let after = s.evaluate() + s.tempo(!max_layer);
            s.unmake(u, turn);
            assert_eq!(leaf, after, "max_layer {max_layer}");
            assert_ne!(leaf, s.evaluate() + s.tempo(max_layer), "not the static value");
        }
        let levels = EvalTables::new(pos.rules());
        let mut s = Searcher::new(&pos, &levels, &Limits::default(), &NoClock);
        let nodes = s.nodes;
        assert_eq!(s.search(0, 1, -WIN, WIN, true), s.evaluate() + levels.tempo);
        assert_eq!(s.nodes, nodes);
    }

    /// Where only odd partial iterations count (level 5 on the star for two), a search cut
    /// off in an even iteration plays the move of its last complete (odd) iteration; without
    /// the rule, the cut-off iteration's move is played, and at some budgets it differs.
    #[test]
    fn a_cut_off_even_iteration_keeps_the_last_odd_move() {
        let mut pos = Position::start("star-2".parse::<Variant>().unwrap());
        let deep = EvalTables::level5(pos.rules());
        assert!(deep.odd_partials);
        let all = EvalTables {
            odd_partials: false,
            ..EvalTables::level5(pos.rules())
        };
        let (mut checked, mut differs) = (0, 0);
        for ply in 0..10 {
            for nodes in [4_000, 8_000, 16_000, 32_000] {
                let limits = Limits {
                    nodes: Some(nodes),
                    ..Limits::default()
                };
                let cut = Searcher::new(&pos, &deep, &limits, &NoClock)
                    .run(MAX_DEPTH, &mut || 0)
                    .unwrap();
                let d = cut.depth;
                if d % 2 == 0 {
                    continue; // the cut-off iteration, if any, is odd and counts
                }
                let complete = Searcher::new(&pos, &deep, &Limits::default(), &NoClock)
                    .run(d, &mut || 0)
                    .unwrap();
                assert_eq!(
                    cut.best.packed(),
                    complete.best.packed(),
                    "ply {ply}, {nodes} nodes"
                );
                let any = Searcher::new(&pos, &all, &limits, &NoClock)
                    .run(MAX_DEPTH, &mut || 0)
                    .unwrap();
                checked += 1;
                differs += usize::from(any.best.packed() != complete.best.packed());
            }
            let m = crate::ai::think(
                &pos,
                crate::ai::Player::Level(3),
                crate::ai::Budget::nodes(2_000),
                ply,
                &NoClock,
            )
            .unwrap()
            .mv;
            pos.play(m).unwrap();
        }
        assert!(checked >= 10, "{checked} searches cut off in an even iteration");
        assert!(differs > 0, "a cut-off even iteration never changed the move");
    }

    /// Level 5 on the star for two deepens no further than its tables' cap, however large
    /// the budget: it plays the move of a search to the cap; without the cap the same budget
    /// searches deeper.
    #[test]
    fn level5_on_the_star_for_two_stops_at_its_depth_cap() {
        let mut pos = Position::start("star-2".parse::<Variant>().unwrap());
        for m in ["d4-h5", "b14-g13", "b4-g6", "a15-b14"] {
            let m = pos.parse_move(m).unwrap();
            pos.play(m).unwrap();
        }
        let deep = EvalTables::level5(pos.rules());
        assert!(deep.max_depth < MAX_DEPTH);
        let limits = Limits {
            nodes: Some(3_000_000),
            ..Limits::default()
        };
        let mut capped = Searcher::new(&pos, &deep, &limits, &NoClock);
        let r = capped.run(MAX_DEPTH, &mut || 0).unwrap();
        assert_eq!(r.depth, deep.max_depth);
        assert!(capped.nodes < 3_000_000, "stopped with budget left");
        let to_cap = Searcher::new(&pos, &deep, &Limits::default(), &NoClock)
            .run(deep.max_depth, &mut || 0)
            .unwrap();
        assert_eq!(r.best.packed(), to_cap.best.packed());
        let uncapped = EvalTables {
            max_depth: MAX_DEPTH,
            ..EvalTables::level5(pos.rules())
        };
        let limits = Limits {
            nodes: Some(capped.nodes * 3),
            ..Limits::default()
        };
        let mut s = Searcher::new(&pos, &uncapped, &limits, &NoClock);
        s.run(MAX_DEPTH, &mut || 0).unwrap();
        assert!(s.nodes > capped.nodes, "the uncapped search went on");
    }

    /// From `paired_from` on, the root plays the move whose scores at two depths sum the
    /// most, among those the iteration scored exactly: the first, the one the depth alone
    /// would play, and each between that beat the best before it. On some positions of a
    /// real game that is not the move of the best score at the last depth.
    #[test]
    fn a_paired_choice_takes_the_best_sum_of_two_depths() {
        let record = crate::ai::tests::SHUFFLED;
        let mut lines = record.lines();
        let mut pos = Position::start(lines.next().unwrap().parse::<Variant>().unwrap());
        let moves: Vec<&str> = lines.flat_map(str::split_whitespace).collect();
        let ev = EvalTables {
            paired_from: 3,
            max_depth: 3,
            ..EvalTables::level5(pos.rules())
        };
        let mut changed = 0;
        for (ply, m) in moves.iter().enumerate().take(40) {
            if ply >= 8 && ply % 2 == 0 {
                let mut s = Searcher::new(&pos, &ev, &Limits::default(), &NoClock);
                let r = s.run(MAX_DEPTH, &mut || 0).unwrap();
                assert_eq!(r.depth, 3);
                let pairs = &s.pairs;
                assert!(!pairs.is_empty(), "the first move is exact");
                let chosen = pairs.iter().max_by_key(|p| p.3).unwrap();
                assert_eq!(pairs.iter().filter(|p| p.3 == chosen.3).count(), 1);
                assert_eq!((r.best.packed(), r.score), (chosen.0.packed(), chosen.1));
                // The exact scores rise: each later pair beat every score before it.
                assert!(pairs.windows(2).all(|w| w[1].1 > w[0].1), "{pairs:?}");
                for p in pairs {
                    assert_eq!(p.3, p.1 + p.2);
                }
                let deepest = pairs.last().unwrap();
                if deepest.0.packed() != chosen.0.packed() {
                    changed += 1;
                }
                // Alone, the depth plays the best of its own scores.
                let alone = EvalTables {
                    paired_from: u32::MAX,
                    max_depth: 3,
                    ..EvalTables::level5(pos.rules())
                };
                let a = Searcher::new(&pos, &alone, &Limits::default(), &NoClock)
                    .run(MAX_DEPTH, &mut || 0)
                    .unwrap();
                assert_eq!((a.best.packed(), a.score), (deepest.0.packed(), deepest.1));
            }
            let m = pos.parse_move(m).unwrap();
            pos.play(m).unwrap();
        }
        assert!(changed >= 1, "the two depths never chose otherwise");
    }

    /// A playout plays the game to its end and takes every move back; the same seed plays
    /// the same game, and a playout after a winning move is won. Its moves count as nodes.
    #[test]
    fn a_playout_plays_to_the_end_and_takes_it_all_back() {
        use crate::ai::{think, Budget, Player};
        let variant: Variant = "star-3".parse().unwrap();
        let mut pos = Position::start(variant);
        for seed in 0..24 {
            let t = think(&pos, Player::Greedy, Budget::nodes(1), seed, &NoClock).unwrap();
            pos = pos.after(t.mv).unwrap();
        }
        let ev = EvalTables::new(pos.rules());
        let mut s = Searcher::new(&pos, &ev, &Limits::default(), &NoClock);
        let mut first = None;
        pos.clone()
            .for_each_move(&mut MoveGen::new(), pos.to_move as usize, |f, t| {
                first = Some((f as u16, t as u16));
                true
            });
        let first = first.expect("the seat can move");
        let results: Vec<bool> = (1..=40u64)
            .map(|seed| s.playout(first, seed * 2 + 1, 600))
            .collect();
        assert_eq!(s.pos.to_string(), pos.to_string(), "the position is restored");
        assert_eq!(s.pos.hash(), pos.hash());
        assert!(s.nodes > 40 * 20, "playouts run on: {} moves", s.nodes);
        let again: Vec<bool> = (1..=40u64)
            .map(|seed| s.playout(first, seed * 2 + 1, 600))
            .collect();
        assert_eq!(results, again, "a seed plays the same game");
        // Greedy players share the wins: ours in some playouts, another seat's in others.
        assert!(
            results.iter().any(|&w| w) && results.iter().any(|&w| !w),
            "{results:?}"
        );

        // One piece from home, a winning move wins the playout at once.
        let mut pos = Position::start(variant);
        for seed in 0..400 {
            if pos.is_over() {
                break;
            }
            let seat = pos.turn() - 1;
            let win = pos
                .legal_moves()
                .into_iter()
                .find(|m| pos.after(*m).is_ok_and(|p| p.is_over()));
            if let Some(m) = win {
                let mut s = Searcher::new(&pos, &ev, &Limits::default(), &NoClock);
                let g = pos.geometry();
                let before = s.nodes;
                assert!(s.playout((g.pad(m.from) as u16, g.pad(m.to) as u16), 3, 600));
                assert_eq!(s.nodes, before, "no move after the win");
                assert_eq!(seat as u8, s.pos.to_move);
                return;
            }
            let t = think(&pos, Player::Greedy, Budget::nodes(1), seed, &NoClock).unwrap();
            pos = pos.after(t.mv).unwrap();
        }
        panic!("no greedy game offered a winning move");
    }

    /// The greedy candidate the playouts check the vote against: a most-progress move, the
    /// best of those for the evaluation, whatever world the searcher is in.
    #[test]
    fn our_greedy_candidate_makes_the_most_progress_ties_by_the_evaluation() {
        use crate::ai::{think, Budget, Player};
        let variant: Variant = "star-6".parse().unwrap();
        let mut pos = Position::start(variant);
        let ev = EvalTables::new(pos.rules());
        let mut ties = 0;
        for seed in 0..60 {
            let seat = pos.to_move as usize;
            let g = pos.geometry();
            let key = |m: &crate::Move| {
                let (f, t) = (g.pad(m.from), g.pad(m.to));
                (pos.rules().progress(seat, f, t), ev.gain(seat, f, t))
            };
            let moves = pos.legal_moves();
            let best = moves.iter().map(key).max().unwrap();
            let mut s = Searcher::new(&pos, &ev, &Limits::default(), &NoClock);
            s.enter_world(12345, &Limits::default());
            let m = s.root_greedy().expect("the seat can move");
            assert_eq!(s.tie_seed, 12345, "the world is kept");
            let mv = crate::Move::new(pos.pad_cell(m.from as usize), pos.pad_cell(m.to as usize));
            assert_eq!(key(&mv), best, "{mv:?} at ply {seed}");
            ties += usize::from(moves.iter().filter(|m| key(m).0 == best.0).count() > 1);
            let t = think(&pos, Player::Greedy, Budget::nodes(1), seed, &NoClock).unwrap();
            pos = pos.after(t.mv).unwrap();
        }
        assert!(ties > 10, "ties were broken: {ties}");
    }

    /// The greedy model skips pieces and steps that cannot make the most progress; it must
    /// still choose exactly what trying every move would, in every world, on boards of all
    /// shapes and rules, from the opening to the finish.
    #[test]
    fn the_greedy_model_skips_only_moves_that_cannot_be_chosen() {
        use crate::ai::{think, Budget, Player};
        // Every move tried: a win on the spot first, else the greatest (progress, tie); of
        // equals, the first piece's in the position's order, to the lowest cell.
        let reference = |pos: &Position, ev: &EvalTables, seed: u64, s: usize| {
            let rules = pos.rules();
            let mut all = Vec::new();
            pos.for_each_move(&mut MoveGen::new(), s, |f, t| {
                all.push((f, t));
                false
            });
            // By piece in the position's order, then destination.
            let piece = |f: usize| pos.pieces[s].iter().position(|&p| p as usize == f).unwrap();
            all.sort_by_key(|&(f, t)| (piece(f), t));
            let wins = |&(f, t): &(usize, usize)| {
                let mut p = pos.clone();
                p.set_turn(s);
                p.make(f, t);
                p.finished().contains(s + 1)
            };
            if let Some(&w) = all.iter().find(|m| pos.one_short(s) && wins(m)) {
                return Some(w);
            }
            let key = |&(f, t): &(usize, usize)| (rules.progress(s, f, t), tie_break(ev, seed, s, f, t));
            all.iter().fold(None, |b: Option<(usize, usize)>, m| match b {
                Some(b) if key(m) <= key(&b) => Some(b),
                _ => Some(*m),
            })
        };
        let mut compared = 0;
        for (game, name) in [
            "star-6",
            "star-2+long",
            "star-3+any-camp",
            "halma-4",
            "halma+free-target",
            "halma-8x8+swap",
        ]
        .into_iter()
        .enumerate()
        {
            let variant: Variant = name.parse().unwrap();
            let mut pos = Position::start(variant);
            let ev = EvalTables::new(pos.rules());
            for ply in 0..400 {
                if pos.is_over() {
                    break;
                }
                let mut s = Searcher::new(&pos, &ev, &Limits::default(), &NoClock);
                for seat in 0..pos.rules().seats {
                    for world in [0, 7, 1234] {
                        s.enter_world(world, &Limits::default());
                        let got = s.greedy_move(seat).map(|m| (m.from as usize, m.to as usize));
                        assert_eq!(
                            got,
                            reference(&pos, &ev, world, seat),
                            "{name}, seat {seat}, world {world}: {pos}"
                        );
                        compared += 1;
                    }
                }
                // Random moves now and then, so that the games are not all alike.
                let player = if ply % 5 == 4 {
                    Player::Random
                } else {
                    Player::Greedy
                };
                let t = think(&pos, player, Budget::nodes(1), game as u64 * 1000 + ply, &NoClock).unwrap();
                pos = pos.after(t.mv).unwrap();
            }
        }
        assert!(compared > 10_000, "{compared} choices compared");
    }

    /// The table of most-progress moves the worlds share changes nothing: searches in several
    /// worlds, one after the other as level 5 runs them, choose the same, score the same and
    /// visit as many positions with it as without it, from the opening to the finish.
    #[test]
    fn the_shared_table_of_greedy_moves_changes_no_search() {
        use crate::ai::{think, Budget, Player};
        for name in ["star-6", "star-3", "halma-4"] {
            let variant: Variant = name.parse().unwrap();
            let mut pos = Position::start(variant);
            let ev = EvalTables::new(pos.rules());
            let limits = Limits {
                nodes: Some(3000),
                time_ms: None,
                soft_ms: None,
            };
            let mut ply = 0u64;
            while !pos.is_over() {
                if ply % 25 == 7 {
                    let mut with = Searcher::new(&pos, &ev, &limits, &NoClock);
                    let mut without = Searcher::new(&pos, &ev, &limits, &NoClock);
                    assert!(!with.ties.is_empty(), "{name} is a race");
                    without.ties.clear();
                    for world in [0, 7, 1234, 99] {
                        let r: Vec<_> = [&mut with, &mut without]
                            .into_iter()
                            .map(|s| {
                                s.enter_world(world, &limits);
                                let r = s.run(MAX_DEPTH, &mut || 0).unwrap();
                                ((r.best.from, r.best.to), r.score, r.depth, r.pv, s.nodes)
                            })
                            .collect();
                        assert_eq!(r[0], r[1], "{name}, ply {ply}, world {world}: {pos}");
                    }
                }
                let t = think(&pos, Player::Greedy, Budget::nodes(1), ply, &NoClock).unwrap();
                pos = pos.after(t.mv).unwrap();
                ply += 1;
            }
            assert!(ply > 100, "{name}: a whole game was played");
        }
    }

    /// The model's greedy player takes a win on the spot, as the real one does, also where
    /// another move makes more progress (found in greedy games on `star-6`).
    #[test]
    fn the_models_greedy_player_takes_a_win_on_the_spot() {
        use crate::ai::{think, Budget, Player};
        use crate::position::Move;
        let variant: Variant = "star-6".parse().unwrap();
        let mut found = 0;
        for game in 0..300u64 {
            let mut pos = Position::start(variant);
            while !pos.is_over() && found < 2 {
                let seat = pos.turn() - 1;
                let g = pos.geometry();
                let moves = pos.legal_moves();
                let wins = |m: &Move| pos.after(*m).is_ok_and(|p| p.winners().contains(seat + 1));
                let progress = |m: &Move| pos.rules().progress(seat, g.pad(m.from), g.pad(m.to));
                let most = moves.iter().map(progress).max().unwrap_or(0);
                if pos.one_short(seat)
                    && moves.iter().any(wins)
                    && !moves.iter().any(|m| wins(m) && progress(m) == most)
                {
                    let ev = EvalTables::new(pos.rules());
                    let mut s = Searcher::new(&pos, &ev, &Limits::default(), &NoClock);
                    for world in [0, 7] {
                        s.enter_world(world, &Limits::default());
                        let m = s.greedy_move(seat).expect("the seat can move");
                        let mv = Move::new(pos.pad_cell(m.from as usize), pos.pad_cell(m.to as usize));
                        assert!(wins(&mv), "the model plays {mv:?} instead of the win in {pos}");
                    }
                    found += 1;
                }
                let t = think(&pos, Player::Greedy, Budget::nodes(1), game, &NoClock).unwrap();
                pos = pos.after(t.mv).unwrap();
            }
        }
        assert_eq!(found, 2, "greedy games offer wins of less than the most progress");
    }
}
