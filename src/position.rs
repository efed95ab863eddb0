//! Positions: the board, the seat to move, who has finished; the position text format;
//! making and unmaking moves.

use crate::error::{Error, ErrorKind};
use crate::geometry::{Cell, Geometry, Shape, MAX_PAD, NO_CELL};
use crate::variant::{Variant, WinRule};
use std::collections::BinaryHeap;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// Most pieces one seat may have in a position.
pub const MAX_PIECES: usize = 32;
/// Most seats a variant has.
pub const MAX_SEATS: usize = 6;

pub(crate) const EMPTY: u8 = 0;
pub(crate) const VOID: u8 = 0xff;

/// A set of seats (0-based bit positions). Printed and serialised with 1-based seat numbers.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(pub(crate) u8);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);
    /// Whether seat `seat` (1-based) is in the set.
    pub fn contains(self, seat: usize) -> bool {
        (1..=MAX_SEATS).contains(&seat) && self.0 & (1 << (seat - 1)) != 0
    }
    /// The seats (1-based) in the set, ascending.
    pub fn seats(self) -> impl Iterator<Item = usize> {
        (1..=MAX_SEATS).filter(move |&s| self.0 & (1 << (s - 1)) != 0)
    }
    /// Number of seats in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.seats()).finish()
    }
}

/// JavaScript gets a set of seats as an array of their 1-based numbers.
#[cfg(target_arch = "wasm32")]
impl serde::Serialize for SeatSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.seats())
    }
}

/// A move: one piece from `from` to `to`. Different hop paths to the same cell are the same
/// move. With the `swap` rule, `to` may hold another seat's piece, which goes to `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(target_arch = "wasm32", derive(serde::Serialize))]
pub struct Move {
    /// Where the piece starts.
    pub from: Cell,
    /// Where it ends.
    pub to: Cell,
}

impl Move {
    /// A move from `from` to `to`.
    pub const fn new(from: Cell, to: Cell) -> Move {
        Move { from, to }
    }
}

/// Everything about a variant that moves and wins depend on, computed once and shared by
/// the positions of a game.
#[derive(Debug)]
pub(crate) struct Rules {
    pub variant: Variant,
    pub geo: Geometry,
    pub seats: usize,
    pub dirs: Vec<isize>,
    /// Per padded cell: bit `s` when the cell is in seat `s`'s target camp.
    pub target_bits: Vec<u8>,
    /// Per padded cell: bit `s` when seat `s` may end a move there (star side points; the
    /// solitaire's yard).
    pub end_bits: Vec<u8>,
    pub target_size: [u8; MAX_SEATS],
    /// Per seat, per padded cell: distance to the target (progress).
    pub dist: [Vec<u8>; MAX_SEATS],
    /// The most progress (fall in `dist`) any seat makes by a single step.
    pub step_progress: i32,
    /// Per seat: the distances of its home cells, largest first, as prefix sums: a seat with
    /// `n` pieces has points = `home_dist[n]` − the current sum of its pieces' distances
    /// (with more pieces than home cells, the extra ones count from the farthest home cell).
    pub home_dist: [Vec<i32>; MAX_SEATS],
    /// Per seat: the padded cells of its target camp, nearest the goal first.
    pub target_by_dist: [Vec<u16>; MAX_SEATS],
    /// Per seat: the least distance of a cell outside its target camp where it may end a
    /// move.
    pub outside_dist: [u8; MAX_SEATS],
    /// Per seat: the seats of its team, as a bit mask.
    pub team_mask: [u8; MAX_SEATS],
    /// Solitaire: the padded index of each cell's mirror image.
    pub mirror: Vec<u16>,
    /// Per seat and parity class (boards with [`Classes`](crate::geometry::Classes)): the
    /// cells of its target camp, and those it may end a move on.
    pub class_target: [[u128; 4]; MAX_SEATS],
    pub class_end: [[u128; 4]; MAX_SEATS],
    pub lock: bool,
    pub side_points: bool,
    /// Solitaire: each piece moves exactly once. A move may not end in the yard (`end_bits`
    /// leaves it out), since a piece there could never leave it again and a solution has
    /// none left there; so the pieces in the yard are exactly those that have not moved,
    /// and a piece outside it has moved and may not move again.
    pub once: bool,
    pub long: bool,
    pub swap: bool,
}

impl Rules {
    pub(crate) fn new(variant: Variant) -> Rules {
        let geo = variant.geometry();
        let seats = variant.seats();
        let mut target_bits = vec![0u8; geo.pad_len];
        let mut end_bits = vec![0u8; geo.pad_len];
        let mut target_size = [0u8; MAX_SEATS];
        let mut dist: [Vec<u8>; MAX_SEATS] = Default::default();
        let mut home_dist: [Vec<i32>; MAX_SEATS] = Default::default();
        let mut team_mask = [0u8; MAX_SEATS];
        let mut target_by_dist: [Vec<u16>; MAX_SEATS] = Default::default();
        let mut outside_dist = [u8::MAX; MAX_SEATS];
        let mut step_progress = 0;
        for s in 0..seats {
            let home = variant.home_camps()[s] as usize;
            if let Some(t) = variant.target_camp(s) {
                for &c in geo.camp(t) {
                    target_bits[geo.pad(c)] |= 1 << s;
                }
                target_size[s] = geo.camp(t).len() as u8;
            }
            // Side points: on the star, a move may not end in a point that is neither
            // this seat's home nor its target.
            let forbidden: Vec<usize> = match geo.shape() {
                Shape::Star { .. } if variant.side_points() => (0..6)
                    .filter(|&k| k != home && Some(k) != variant.target_camp(s))
                    .collect(),
                _ => Vec::new(),
            };
            // Solitaire: a move may not end in the yard (see `Rules::once`).
            let forbidden = if variant.is_solitaire() {
                vec![home]
            } else {
                forbidden
            };
            for c in geo.cells() {
                if !forbidden.iter().any(|&k| geo.camp(k).contains(&c)) {
                    end_bits[geo.pad(c)] |= 1 << s;
                }
            }
            let mut d = vec![0u8; geo.pad_len];
            for c in geo.cells() {
                d[geo.pad(c)] = geo.distance_to_target(home, c) as u8;
            }
            let ds: BinaryHeap<i32> = geo.camp(home).iter().map(|&c| d[geo.pad(c)] as i32).collect();
            let mut ds: Vec<i32> = ds.into_sorted_vec().into_iter().rev().collect();
            let far = ds.first().copied().unwrap_or(0);
            ds.resize(MAX_PIECES, far);
            home_dist[s] = std::iter::once(0)
                .chain(ds.iter().scan(0, |acc, &x| {
                    *acc += x;
                    Some(*acc)
                }))
                .collect();
            // The most progress a single step makes (one row, but measured, not assumed).
            for c in geo.cells() {
                let p = geo.pad(c);
                for &dir in &geo.dirs {
                    let q = (p as isize + dir) as usize;
                    if geo.pad_to_cell[q] != NO_CELL {
                        step_progress = step_progress.max(d[p] as i32 - d[q] as i32);
                    }
                }
            }
            // By distance, without a sort (whose code the wasm module would carry).
            let camp: Vec<usize> = geo
                .cells()
                .map(|c| geo.pad(c))
                .filter(|&p| target_bits[p] & (1 << s) != 0)
                .collect();
            let far = camp.iter().map(|&p| d[p]).max().unwrap_or(0);
            for k in 0..=far {
                target_by_dist[s].extend(camp.iter().filter(|&&p| d[p] == k).map(|&p| p as u16));
            }
            outside_dist[s] = geo
                .cells()
                .map(|c| geo.pad(c))
                .filter(|&p| target_bits[p] & (1 << s) == 0 && end_bits[p] & (1 << s) != 0)
                .map(|p| d[p])
                .min()
                .unwrap_or(u8::MAX);
            dist[s] = d;
            for t in 0..seats {
                if variant.team_of(t) == variant.team_of(s) {
                    team_mask[s] |= 1 << t;
                }
            }
        }
        let mirror = if variant.is_solitaire() {
            let mut m = vec![0u16; geo.pad_len];
            for c in geo.cells() {
                m[geo.pad(c)] = geo.pad(geo.mirror_diagonal(c)) as u16;
            }
            m
        } else {
            Vec::new()
        };
        let class_target = class_sets(&geo, &target_bits);
        let class_end = class_sets(&geo, &end_bits);
        Rules {
            dirs: geo.dirs.clone(),
            lock: variant.target_lock() && !variant.is_solitaire(),
            side_points: variant.side_points(),
            once: variant.is_solitaire(),
            long: variant.long_jumps(),
            swap: variant.win_rule() == WinRule::Swap,
            variant,
            geo,
            seats,
            target_bits,
            end_bits,
            target_size,
            dist,
            step_progress,
            home_dist,
            target_by_dist,
            outside_dist,
            team_mask,
            mirror,
            class_target,
            class_end,
        }
    }

    /// The progress seat `s` makes moving a piece from padded `from` to padded `to`: what
    /// the greedy player maximises and the race search's model of an opponent assumes.
    #[inline]
    pub(crate) fn progress(&self, s: usize, from: usize, to: usize) -> i32 {
        self.dist[s][from] as i32 - self.dist[s][to] as i32
    }
}

/// Per seat and parity class, the cells whose bit for the seat is set in `bits` (per padded
/// cell); all empty on boards without class frames.
#[inline(never)]
fn class_sets(geo: &Geometry, bits: &[u8]) -> [[u128; 4]; MAX_SEATS] {
    let mut sets = [[0u128; 4]; MAX_SEATS];
    if let Some(cl) = &geo.classes {
        for c in geo.cells() {
            let l = cl.loc[geo.pad(c)];
            for (s, set) in sets.iter_mut().enumerate() {
                if bits[geo.pad(c)] & (1 << s) != 0 {
                    set[(l >> 7) as usize] |= 1 << (l & 127);
                }
            }
        }
    }
    sets
}

/// What `play_unchecked` needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    from: u16,
    to: u16,
    /// Seat + 1 of the piece swapped back to `from`, or 0.
    swapped: u8,
    to_move: u8,
    finished: u8,
    place: [u8; MAX_SEATS],
    closing: bool,
    over: bool,
}

/// A position: the pieces on the board, the seat to move, and which seats have finished.
///
/// Parses from and prints to the position format of `docs/engine.md`:
/// `<variant> <seat to move> <rows>` with rows top first, `.` empty and `1`..`6` pieces,
/// and with the option `places` a fourth part once a seat has finished: each seat's place
/// (`.` while it plays on), `1..` when seat 1 finished first of three.
///
/// # Examples
/// ```
/// use halma::{Position, Variant};
/// let start = Position::start("halma-8x8".parse()?);
/// assert_eq!(
///     start.to_string(),
///     "halma-8x8 1 ....2222/.....222/......22/.......2/1......./11....../111...../1111...."
/// );
/// let same: Position = start.to_string().parse()?;
/// assert_eq!(same, start);
/// # Ok::<(), halma::Error>(())
/// ```
///
/// # Errors
/// Parsing says what is wrong and where:
/// ```
/// use halma::Position;
/// let e = "halma-8x8 1 ....2222/.....222/......22/.......2/1......./11....../111...../1113...."
///     .parse::<Position>().unwrap_err();
/// assert_eq!(e.to_string(), "row 8 from the top, character 4: seat 3 does not exist in halma-8x8 (2 seats)");
/// ```
#[derive(Clone)]
pub struct Position {
    pub(crate) rules: Arc<Rules>,
    pub(crate) board: [u8; MAX_PAD],
    pub(crate) pieces: [[u16; MAX_PIECES]; MAX_SEATS],
    pub(crate) count: [u8; MAX_SEATS],
    /// Occupied cells of each seat's target camp.
    tgt_occ: [u8; MAX_SEATS],
    /// Own pieces in each seat's target camp.
    tgt_own: [u8; MAX_SEATS],
    /// Sum over each seat's pieces of their distance to target.
    dist_sum: [i32; MAX_SEATS],
    pub(crate) to_move: u8,
    finished: u8,
    /// Per seat: the place its team took by finishing (1 the winners), 0 while it plays on.
    /// Without `places` only the winners get one, and the game is then over.
    place: [u8; MAX_SEATS],
    /// A seat has won under equal turns and the round is being completed.
    closing: bool,
    over: bool,
    hash: u64,
}

/// A well-mixed 64-bit key for a piece of `seat` on padded cell `pad` (Zobrist hashing),
/// computed instead of stored so the wasm module carries no table.
#[inline]
pub(crate) fn zobrist(seat: usize, pad: usize) -> u64 {
    mix64(
        ((seat as u64) << 16 | pad as u64)
            .wrapping_add(1)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15),
    )
}

/// SplitMix64's finaliser: every input bit affects every output bit (hash keys, the AI's
/// random numbers and tie-breaks).
#[inline]
pub(crate) fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[inline]
pub(crate) fn turn_key(seat: u8) -> u64 {
    zobrist(7, seat as usize)
}

impl Position {
    /// The starting position of a variant: every seat's pieces in its home camp, seat 1 to move.
    pub fn start(variant: Variant) -> Position {
        let rules = Arc::new(Rules::new(variant));
        let mut cells = vec![EMPTY; rules.geo.len()];
        for s in 0..rules.seats {
            let home = variant.home_camps()[s] as usize;
            for &c in rules.geo.camp(home) {
                cells[c.index()] = s as u8 + 1;
            }
        }
        Position::from_cells(rules, &cells, 0)
    }

    /// Builds a position from the seat (1-based, 0 empty) of every cell in cell order.
    fn from_cells(rules: Arc<Rules>, cells: &[u8], to_move: u8) -> Position {
        Position::from_cells_placed(rules, cells, to_move, [0; MAX_SEATS])
    }

    /// As [`from_cells`](Self::from_cells), with the places seats already took (a position
    /// string's places field): those seats have finished, whatever their camps hold now.
    fn from_cells_placed(rules: Arc<Rules>, cells: &[u8], to_move: u8, place: [u8; MAX_SEATS]) -> Position {
        let mut p = Position {
            board: [VOID; MAX_PAD],
            pieces: [[0; MAX_PIECES]; MAX_SEATS],
            count: [0; MAX_SEATS],
            tgt_occ: [0; MAX_SEATS],
            tgt_own: [0; MAX_SEATS],
            dist_sum: [0; MAX_SEATS],
            to_move,
            finished: 0,
            place: [0; MAX_SEATS],
            closing: false,
            over: false,
            hash: turn_key(to_move),
            rules,
        };
        let rules = Arc::clone(&p.rules);
        for c in rules.geo.cells() {
            let pad = rules.geo.pad(c);
            let v = cells[c.index()];
            p.board[pad] = v;
            if v != EMPTY {
                let s = v as usize - 1;
                p.pieces[s][p.count[s] as usize] = pad as u16;
                p.count[s] += 1;
                p.dist_sum[s] += rules.dist[s][pad] as i32;
                p.hash ^= zobrist(s, pad);
            }
            let tb = rules.target_bits[pad];
            for s in 0..rules.seats {
                if tb & (1 << s) != 0 && v != EMPTY {
                    p.tgt_occ[s] += 1;
                    if v as usize == s + 1 {
                        p.tgt_own[s] += 1;
                    }
                }
            }
        }
        // Seats that already meet their goal have finished.
        for s in 0..rules.seats {
            if p.seat_done(s) {
                p.finished |= 1 << s;
            }
        }
        for (s, &pl) in place.iter().enumerate().take(rules.seats) {
            if pl != 0 {
                p.finished |= 1 << s;
                p.place[s] = pl;
            }
        }
        p.settle_start();
        p
    }

    /// Decides, for a position just built from its cells (and the places of a position
    /// string), who has a place, whether the game is over, and skips a finished seat to move.
    fn settle_start(&mut self) {
        let p = self;
        let rules = Arc::clone(&p.rules);
        let to_move = p.to_move;
        p.take_places();
        if p.end_reached() {
            if rules.variant.balance() {
                // The round is being completed unless a finished seat sits at or after the
                // seat to move, in which case the round has wrapped.
                let wrapped = (to_move as usize..rules.seats).any(|s| p.finished & (1 << s) != 0);
                p.closing = true;
                p.over = wrapped;
            } else {
                p.over = true;
            }
        } else if p.finished & (1 << to_move) != 0 {
            // Finished seats are skipped (teams, places).
            p.set_turn(p.next_seat(to_move as usize, false).unwrap_or(to_move as usize));
        }
    }

    /// A variant string's starting position, or a full position string: what the command
    /// line takes wherever it says `<variant|position>`.
    ///
    /// # Errors
    /// As parsing a variant or a position.
    pub fn from_variant_or_position(text: &str) -> Result<Position, Error> {
        if text.trim().contains(char::is_whitespace) {
            text.parse()
        } else {
            text.parse().map(Position::start)
        }
    }

    pub(crate) fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The variant.
    pub fn variant(&self) -> &Variant {
        &self.rules.variant
    }

    /// The board.
    pub fn geometry(&self) -> &Geometry {
        &self.rules.geo
    }

    /// Number of seats.
    pub fn seats(&self) -> usize {
        self.rules.seats
    }

    /// The seat to move (1-based).
    pub fn turn(&self) -> usize {
        self.to_move as usize + 1
    }

    /// The seat (1-based) whose piece stands on `cell`, if any.
    ///
    /// # Panics
    /// When the cell is not on this board.
    pub fn piece_at(&self, cell: Cell) -> Option<usize> {
        match self.board[self.rules.geo.pad(cell)] {
            EMPTY => None,
            v => Some(v as usize),
        }
    }

    /// The seat (1-based, 0 for empty) of every cell in cell order.
    pub fn cells(&self) -> Vec<u8> {
        self.rules
            .geo
            .cells()
            .map(|c| self.board[self.rules.geo.pad(c)])
            .collect()
    }

    /// The cells holding the pieces of `seat` (1-based), in cell order.
    pub fn pieces(&self, seat: usize) -> Vec<Cell> {
        if seat == 0 || seat > self.rules.seats {
            return Vec::new();
        }
        let v: BinaryHeap<Cell> = self.pieces[seat - 1][..self.count[seat - 1] as usize]
            .iter()
            .map(|&p| self.pad_cell(p as usize))
            .collect();
        v.into_sorted_vec()
    }

    /// Seats that have reached their goal (in team games, they are skipped from then on).
    pub fn finished(&self) -> SeatSet {
        SeatSet(self.finished)
    }

    /// Whether the game is over in this position by a win (or shared win). Draws by
    /// repetition, the turn limit and blocked seats are decided by [`Game`](crate::Game).
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Whether a seat has won under equal turns and the rest of the round is being played.
    pub fn is_closing(&self) -> bool {
        self.closing && !self.over
    }

    /// The winning seats once the game is over: the finished seats, or with teams every seat
    /// of a team whose seats have all finished. Empty while the game goes on.
    pub fn winners(&self) -> SeatSet {
        if !self.over {
            return SeatSet::EMPTY;
        }
        SeatSet(
            (0..self.rules.seats)
                .filter(|&s| self.place[s] == 1)
                .fold(0, |m, s| m | 1 << s),
        )
    }

    /// The place seat `seat` (1-based) took by finishing, its team's place with teams: 1 for
    /// the first to finish; `None` while it plays on (and for the seats left when the game
    /// ends, which [`Game::standings`](crate::Game::standings) ranks by points). Without
    /// the option `places` only the winners have one.
    pub fn place(&self, seat: usize) -> Option<usize> {
        match self.place.get(seat.wrapping_sub(1)) {
            Some(&p) if p != 0 && seat <= self.rules.seats => Some(p as usize),
            _ => None,
        }
    }

    /// The seats that have a place (see [`place`](Self::place)).
    pub fn placed(&self) -> SeatSet {
        SeatSet(self.placed_bits())
    }

    /// Progress points of `seat` (1-based): the distance its pieces have gained toward the
    /// target (rows along the axis on the star, king moves to the target corner on square
    /// boards). 120 is a full star game.
    pub fn points(&self, seat: usize) -> i32 {
        if seat == 0 || seat > self.rules.seats {
            return 0;
        }
        let s = seat - 1;
        self.rules.home_dist[s][self.count[s] as usize] - self.dist_sum[s]
    }

    /// A 64-bit Zobrist key of the pieces and the seat to move.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub(crate) fn pad_cell(&self, pad: usize) -> Cell {
        Cell(self.rules.geo.pad_to_cell[pad])
    }

    /// Solitaire: the pieces not yet in place, those still in the yard and those whose
    /// mirror cell (about the a1–p16 diagonal) is empty; 0 exactly when the puzzle is
    /// solved. `None` in other variants.
    ///
    /// ```
    /// use halma::Position;
    /// assert_eq!(Position::start("solitaire".parse()?).unmatched(), Some(19));
    /// assert_eq!(Position::start("halma".parse()?).unmatched(), None);
    /// # Ok::<(), halma::Error>(())
    /// ```
    pub fn unmatched(&self) -> Option<usize> {
        let r = &*self.rules;
        if !r.variant.is_solitaire() {
            return None;
        }
        let n = self.count[0] as usize;
        let pieces = &self.pieces[0][..n];
        Some(
            pieces
                .iter()
                .filter(|&&p| {
                    r.end_bits[p as usize] & 1 == 0 || self.board[r.mirror[p as usize] as usize] == EMPTY
                })
                .count(),
        )
    }

    /// Solitaire: the pieces still in the yard, which have not moved (0 in other variants).
    pub fn in_yard(&self) -> usize {
        let r = &*self.rules;
        if !r.once {
            return 0;
        }
        let n = self.count[0] as usize;
        self.pieces[0][..n]
            .iter()
            .filter(|&&p| r.end_bits[p as usize] & 1 == 0)
            .count()
    }

    /// Solitaire: the cells of the pieces not yet in place, those `unmatched` counts (still
    /// in the yard, or with an empty mirror cell), in no particular order; `None` in other
    /// variants.
    pub fn unmatched_cells(&self) -> Option<Vec<Cell>> {
        let r = &*self.rules;
        if !r.variant.is_solitaire() {
            return None;
        }
        let n = self.count[0] as usize;
        Some(
            self.pieces[0][..n]
                .iter()
                .filter(|&&p| {
                    r.end_bits[p as usize] & 1 == 0 || self.board[r.mirror[p as usize] as usize] == EMPTY
                })
                .map(|&p| self.pad_cell(p as usize))
                .collect(),
        )
    }

    /// How far seat `seat`'s pieces still have to go: the sum of their distances to the
    /// target (as progress points count them) less the least sum they could have, every
    /// piece on the nearest free-standing cells of the target camp. 0 when the camp is
    /// filled; never below 0 (on a square board a piece just outside the camp can stand
    /// nearer than the camp's far cells). 0 for a seat out of range or without a target.
    pub fn distance_to_go(&self, seat: usize) -> i32 {
        if seat == 0 || seat > self.rules.seats {
            return 0;
        }
        let s = seat - 1;
        let r = &*self.rules;
        let n = self.count[s] as usize;
        if r.target_by_dist[s].is_empty() {
            return 0;
        }
        let best: i32 = r.target_by_dist[s]
            .iter()
            .take(n)
            .map(|&p| i32::from(r.dist[s][p as usize]))
            .sum();
        (self.dist_sum[s] - best).max(0)
    }

    /// A lower bound on the distance to the goal at which seat `s` could end a move now:
    /// that of the nearest cell of its target camp it may move into (empty, or with the
    /// swap rule held by another seat), or of the nearest cell outside the camp (on the
    /// square board some are nearer than the camp's far corner). No move of a piece at
    /// distance `d` makes more progress than `d` less this.
    pub(crate) fn nearest_open(&self, s: usize) -> i32 {
        let r = &*self.rules;
        let own = s as u8 + 1;
        let outside = i32::from(r.outside_dist[s]);
        for &c in &r.target_by_dist[s] {
            let d = i32::from(r.dist[s][c as usize]);
            if d >= outside {
                break;
            }
            let v = self.board[c as usize];
            if v == EMPTY || (r.swap && v != own) {
                return d;
            }
        }
        outside
    }

    /// Whether seat `s` could finish with one more piece entering its target (so a move
    /// of its may win on the spot). Cheap; the search's model of a greedy opponent asks it
    /// before looking for a winning move.
    pub(crate) fn one_short(&self, s: usize) -> bool {
        let size = self.rules.target_size[s];
        match self.rules.variant.win_rule() {
            WinRule::Fill => self.tgt_occ[s] + 1 >= size,
            WinRule::Strict | WinRule::Swap => self.tgt_own[s] + 1 >= size,
        }
    }

    pub(crate) fn seat_done(&self, s: usize) -> bool {
        let r = &*self.rules;
        if r.once {
            // Every piece has left the yard (so each has moved once), symmetrically.
            return self.count[s] > 0 && self.unmatched() == Some(0);
        }
        match r.variant.win_rule() {
            WinRule::Fill => self.tgt_occ[s] == r.target_size[s] && self.tgt_own[s] > 0,
            WinRule::Strict | WinRule::Swap => self.tgt_own[s] == r.target_size[s],
        }
    }

    /// The seats (bits) whose team has a place.
    fn placed_bits(&self) -> u8 {
        (0..self.rules.seats)
            .filter(|&s| self.place[s] != 0)
            .fold(0, |m, s| m | 1 << s)
    }

    /// The number of teams (seats, without teams) among the seats `bits`.
    fn teams_in(&self, bits: u8) -> usize {
        // A team counts once, by its first seat.
        (0..self.rules.seats)
            .filter(|&s| bits & (1 << s) != 0 && self.rules.team_mask[s].trailing_zeros() as usize == s)
            .count()
    }

    /// Gives the next place to every team whose seats have all finished and that has no
    /// place yet (several teams finishing on one move share it). While a round is being
    /// completed under equal turns, the place is the winners' (1).
    fn take_places(&mut self) {
        let placed = self.placed_bits();
        let done: u8 = (0..self.rules.seats)
            .filter(|&s| placed & (1 << s) == 0 && self.rules.team_mask[s] & !self.finished == 0)
            .fold(0, |m, s| m | 1 << s);
        if done == 0 {
            return;
        }
        let place = if self.closing {
            1
        } else {
            1 + self.teams_in(placed) as u8
        };
        for s in 0..self.rules.seats {
            if done & (1 << s) != 0 {
                self.place[s] = place;
            }
        }
    }

    /// Whether the game has reached its end by finishes: the first team to finish, or with
    /// `places` all teams but one (the last) finished.
    fn end_reached(&self) -> bool {
        let placed = self.placed_bits();
        if !self.rules.variant.places() {
            return placed != 0;
        }
        let all = ((1u16 << self.rules.seats) - 1) as u8;
        self.teams_in(all & !placed) <= 1
    }

    pub(crate) fn set_turn(&mut self, s: usize) {
        self.hash ^= turn_key(self.to_move) ^ turn_key(s as u8);
        self.to_move = s as u8;
    }

    /// The next unfinished seat after `mover`; with `no_wrap`, only seats later in the round.
    fn next_seat(&self, mover: usize, no_wrap: bool) -> Option<usize> {
        let n = self.rules.seats;
        (1..=n)
            .map(|i| mover + i)
            .take_while(|&s| !no_wrap || s < n)
            .map(|s| s % n)
            .find(|&s| self.finished & (1 << s) == 0)
    }

    /// After `mover` has moved or passed: record finished seats, decide a win, pick the next
    /// seat. Only the seats in `touched` can have finished: a seat's target camp changes only
    /// when a move starts or ends in it (every position starts with its finished seats
    /// recorded, see `from_cells`).
    fn advance(&mut self, mover: usize, touched: u8) {
        let mut newly = 0;
        for s in 0..self.rules.seats {
            if touched & !self.finished & (1 << s) != 0 && self.seat_done(s) {
                self.finished |= 1 << s;
                newly |= 1 << s;
            }
        }
        // The end can only come with a finish: once reached, the game is over or closing.
        if newly != 0 {
            self.take_places();
        }
        if newly != 0 && !self.closing && self.end_reached() {
            if !self.rules.variant.balance() {
                self.over = true;
                return;
            }
            self.closing = true;
        }
        match self.next_seat(mover, self.closing) {
            Some(s) => self.set_turn(s),
            None => {
                self.over = true;
                if self.closing {
                    // The round is complete; the turn goes back to seat 1, so that the
                    // position text reads as over (see `from_cells`), not as the last seat
                    // of the round still to move.
                    self.set_turn(0);
                }
            }
        }
    }

    /// The seat to move after the seat to move plays a move to padded `to`, when that move
    /// can neither finish a seat nor end the game and the next seat is another one: what
    /// perft's last ply needs to count the next seat's moves without making the move.
    /// `None` otherwise. A seat finishes only when a piece enters its target camp (leaving
    /// one takes a seat further from its goal), so a move that ends outside every target
    /// camp (not in a solitaire, not while a round is being completed) is such a move.
    #[inline]
    pub(crate) fn quiet_next_seat(&self, to: usize) -> Option<usize> {
        let r = &*self.rules;
        if self.over || self.closing || r.once || r.target_bits[to] != 0 {
            return None;
        }
        let mover = self.to_move as usize;
        self.next_seat(mover, false).filter(|&s| s != mover)
    }

    /// The seat to move passes (it has no legal move).
    pub(crate) fn pass_turn(&mut self) -> Undo {
        let undo = self.undo_info(0, 0, 0);
        if !self.over {
            self.advance(self.to_move as usize, 0);
        }
        undo
    }

    fn undo_info(&self, from: u16, to: u16, swapped: u8) -> Undo {
        Undo {
            from,
            to,
            swapped,
            to_move: self.to_move,
            finished: self.finished,
            place: self.place,
            closing: self.closing,
            over: self.over,
        }
    }

    #[inline]
    fn lift(&mut self, s: usize, pad: usize) {
        let r = &*self.rules;
        self.board[pad] = EMPTY;
        self.dist_sum[s] -= r.dist[s][pad] as i32;
        self.hash ^= zobrist(s, pad);
        let mut tb = r.target_bits[pad];
        while tb != 0 {
            let t = tb.trailing_zeros() as usize;
            tb &= tb - 1;
            self.tgt_occ[t] -= 1;
            self.tgt_own[t] -= (t == s) as u8;
        }
    }

    #[inline]
    fn drop_piece(&mut self, s: usize, pad: usize) {
        let r = &*self.rules;
        self.board[pad] = s as u8 + 1;
        self.dist_sum[s] += r.dist[s][pad] as i32;
        self.hash ^= zobrist(s, pad);
        let mut tb = r.target_bits[pad];
        while tb != 0 {
            let t = tb.trailing_zeros() as usize;
            tb &= tb - 1;
            self.tgt_occ[t] += 1;
            self.tgt_own[t] += (t == s) as u8;
        }
    }

    #[inline]
    fn relist(&mut self, s: usize, from: u16, to: u16) {
        let n = self.count[s] as usize;
        if let Some(slot) = self.pieces[s][..n].iter_mut().find(|p| **p == from) {
            *slot = to;
        }
    }

    /// Moves the piece on padded `from` to padded `to` (a swap when `to` is occupied) and
    /// passes the turn on. No legality check.
    pub(crate) fn make(&mut self, from: usize, to: usize) -> Undo {
        let s = self.to_move as usize;
        let other = self.board[to];
        let undo = self.undo_info(from as u16, to as u16, other);
        self.lift(s, from);
        if other != EMPTY {
            let o = other as usize - 1;
            self.lift(o, to);
            self.drop_piece(o, from);
            self.relist(o, to as u16, from as u16);
        }
        self.drop_piece(s, to);
        self.relist(s, from as u16, to as u16);
        let r = &*self.rules;
        // The solitaire's goal is the mirror image of the whole army, which any move may reach.
        let touched = if r.variant.is_solitaire() {
            u8::MAX
        } else {
            r.target_bits[from] | r.target_bits[to]
        };
        self.advance(s, touched);
        undo
    }

    /// Takes back a move made with `make` (or a pass).
    pub(crate) fn unmake(&mut self, u: Undo) {
        let moved_seat = u.to_move as usize;
        self.hash ^= turn_key(self.to_move) ^ turn_key(u.to_move);
        self.to_move = u.to_move;
        self.finished = u.finished;
        self.place = u.place;
        self.closing = u.closing;
        self.over = u.over;
        if u.from == u.to {
            return; // a pass
        }
        let (from, to) = (u.from as usize, u.to as usize);
        self.lift(moved_seat, to);
        if u.swapped != EMPTY {
            let o = u.swapped as usize - 1;
            self.lift(o, from);
            self.drop_piece(o, to);
            self.relist(o, u.from, u.to);
        }
        self.drop_piece(moved_seat, from);
        self.relist(moved_seat, u.to, u.from);
    }

    /// Plays a move without checking that it is legal: for search over moves the engine
    /// generated. A move that is not legal leaves the position in an unspecified (but
    /// memory-safe) state.
    ///
    /// # Panics
    /// When a cell is not on the board.
    pub fn play_unchecked(&mut self, m: Move) {
        let g = &self.rules.geo;
        let (from, to) = (g.pad(m.from), g.pad(m.to));
        self.make(from, to);
    }

    /// Parses a cell name of this board.
    ///
    /// # Errors
    /// When the name is not a cell of this board.
    pub fn parse_cell(&self, name: &str) -> Result<Cell, Error> {
        self.rules.geo.cell_by_name(name).ok_or_else(|| {
            Error::new(
                ErrorKind::Cell,
                format!("'{}' is not a cell of the {}", clip(name), self.rules.geo.shape()),
            )
        })
    }
}

/// Shortens untrusted text for quoting in messages.
pub(crate) fn clip(s: &str) -> String {
    if s.chars().count() > 24 {
        format!("{}…", s.chars().take(24).collect::<String>())
    } else {
        s.to_string()
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.rules.variant == other.rules.variant
            && self.to_move == other.to_move
            && self.finished == other.finished
            && self.place == other.place
            && self.over == other.over
            && self.closing == other.closing
            && self.board[..self.rules.geo.pad_len] == other.board[..other.rules.geo.pad_len]
    }
}

impl Eq for Position {}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} ", self.rules.variant, self.to_move + 1)?;
        for (i, row) in self.rules.geo.rows().iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            for &c in row {
                let ch = match self.board[self.rules.geo.pad(c)] {
                    EMPTY => '.',
                    v => (b'0' + v) as char,
                };
                write!(f, "{ch}")?;
            }
        }
        // The places field: only a game played on for the places needs it, and only once a
        // seat has finished.
        if self.rules.variant.places() && self.placed_bits() != 0 {
            f.write_str(" ")?;
            for s in 0..self.rules.seats {
                match self.place[s] {
                    0 => f.write_str(".")?,
                    p => write!(f, "{p}")?,
                }
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

impl FromStr for Position {
    type Err = Error;

    fn from_str(text: &str) -> Result<Position, Error> {
        let bad = |m: String| Err(Error::new(ErrorKind::Position, m));
        if text.len() > 4096 {
            return bad(format!("position text is too long ({} bytes)", text.len()));
        }
        let parts: Vec<&str> = text.split_whitespace().collect();
        if parts.len() != 3 && parts.len() != 4 {
            return bad(format!(
                "a position has three parts separated by spaces (variant, seat to move, rows), and a fourth for the places with the option places; found {}",
                parts.len()
            ));
        }
        let variant: Variant = parts[0].parse()?;
        let place = match parts.get(3) {
            Some(field) => parse_places(&variant, field)?,
            None => [0; MAX_SEATS],
        };
        let seats = variant.seats();
        let to_move = match parts[1].parse::<usize>() {
            Ok(s) if (1..=seats).contains(&s) => s - 1,
            _ => {
                return bad(format!(
                    "seat to move '{}' is not a seat of {} (1 to {seats})",
                    clip(parts[1]),
                    variant
                ))
            }
        };
        let rules = Arc::new(Rules::new(variant));
        let geo = &rules.geo;
        let rows: Vec<&str> = parts[2].split('/').collect();
        if rows.len() != geo.rows().len() {
            return bad(format!(
                "{} has {} rows separated by '/'; found {}",
                variant,
                geo.rows().len(),
                rows.len()
            ));
        }
        let mut cells = vec![EMPTY; geo.len()];
        let mut counts = [0usize; MAX_SEATS];
        for (i, (row_text, row)) in rows.iter().zip(geo.rows()).enumerate() {
            let chars: Vec<char> = row_text.chars().collect();
            if chars.len() != row.len() {
                return bad(format!(
                    "row {} from the top has {} cells; expected {}",
                    i + 1,
                    chars.len(),
                    row.len()
                ));
            }
            for (j, (&ch, &cell)) in chars.iter().zip(row).enumerate() {
                let v = match ch {
                    '.' => EMPTY,
                    '1'..='6' => {
                        let s = ch as usize - '0' as usize;
                        if s > seats {
                            return bad(format!(
                                "row {} from the top, character {}: seat {s} does not exist in {variant} ({seats} seats)",
                                i + 1,
                                j + 1
                            ));
                        }
                        counts[s - 1] += 1;
                        if counts[s - 1] > MAX_PIECES {
                            return bad(format!("seat {s} has more than {MAX_PIECES} pieces"));
                        }
                        s as u8
                    }
                    other => {
                        return bad(format!(
                            "row {} from the top, character {}: unexpected '{}' (use '.' for an empty cell and 1 to {seats} for pieces)",
                            i + 1,
                            j + 1,
                            other.escape_default()
                        ))
                    }
                };
                cells[cell.index()] = v;
            }
        }
        Ok(Position::from_cells_placed(rules, &cells, to_move as u8, place))
    }
}

/// Reads a position string's places field: one character a seat, `.` for a seat still
/// playing, else the place it took (1 the first). The places must be those a game can
/// give: a team's seats share one, and a place `p` has `p - 1` teams before it.
fn parse_places(variant: &Variant, field: &str) -> Result<[u8; MAX_SEATS], Error> {
    let bad = |m: String| Err(Error::new(ErrorKind::Position, m));
    if !variant.places() {
        return bad(format!(
            "a fourth part (the places) needs the option places; {variant} has none"
        ));
    }
    let seats = variant.seats();
    let chars: Vec<char> = field.chars().collect();
    if chars.len() != seats {
        return bad(format!(
            "the places '{}' have {} characters; expected one for each of the {seats} seats",
            clip(field),
            chars.len()
        ));
    }
    let mut place = [0u8; MAX_SEATS];
    for (s, &ch) in chars.iter().enumerate() {
        place[s] = match ch {
            '.' => 0,
            '1'..='6' => ch as u8 - b'0',
            other => {
                return bad(format!(
                    "the places, seat {}: unexpected '{}' (use '.' for a seat still playing, or its place)",
                    s + 1,
                    other.escape_default()
                ))
            }
        };
    }
    for s in 0..seats {
        for t in 0..seats {
            if variant.team_of(s) == variant.team_of(t) && place[s] != place[t] {
                return bad(format!(
                    "the places: seats {} and {} play together and so share a place",
                    s + 1,
                    t + 1
                ));
            }
        }
        if place[s] != 0 {
            // Competition ranking by team: place p follows exactly p - 1 teams.
            let before = (0..seats)
                .filter(|&t| place[t] != 0 && place[t] < place[s])
                .fold(0u8, |m, t| m | 1 << variant.team_of(t))
                .count_ones() as u8;
            if before + 1 != place[s] {
                return bad(format!(
                    "the places: seat {} cannot be {} with {before} before it",
                    s + 1,
                    place[s]
                ));
            }
        }
    }
    Ok(place)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_round_trip() {
        for id in crate::VariantId::ALL {
            let v = Variant::new(id);
            let p = Position::start(v);
            let text = p.to_string();
            let q: Position = text.parse().unwrap();
            assert_eq!(p, q, "{text}");
            assert_eq!(q.hash(), p.hash());
            for s in 1..=v.seats() {
                assert_eq!(p.pieces(s).len(), v.pieces_per_seat());
                assert_eq!(p.points(s), 0);
            }
            assert!(!p.is_over());
        }
    }

    #[test]
    fn points_count_each_piece_from_a_home_cell() {
        let v: Variant = "star-2".parse().unwrap();
        let g = v.geometry();
        let tip = g.camp(3)[0]; // the top tip, seat 1's target tip
        let mut cells = vec![EMPTY; g.len()];
        let rules = Arc::new(Rules::new(v));
        assert_eq!(Position::from_cells(Arc::clone(&rules), &cells, 0).points(1), 0);
        cells[tip.index()] = 1;
        // One piece: it counts from the farthest home cell (the bottom tip), 16 rows away.
        assert_eq!(Position::from_cells(rules, &cells, 0).points(1), 16);
    }

    #[test]
    fn parse_errors() {
        let ok = "halma-8x8 1 ....2222/.....222/......22/.......2/1......./11....../111...../1111....";
        assert!(ok.parse::<Position>().is_ok());
        for (text, needle) in [
            ("halma-8x8 1", "three parts"),
            ("halma-9x9 1 ........", "unknown variant"),
            (
                "halma-8x8 3 ....2222/.....222/......22/.......2/1......./11....../111...../1111....",
                "seat to move '3'",
            ),
            (
                "halma-8x8 1 ....2222/.....222/......22/.......2/1......./11....../111.....",
                "found 7",
            ),
            (
                "halma-8x8 1 ....2222/.....222/......22/.......2/1......./11....../111....../1111....",
                "row 7 from the top has 9 cells",
            ),
            (
                "halma-8x8 1 ....2222/.....222/......22/.......2/1......./11....x./111...../1111....",
                "row 6 from the top, character 7: unexpected 'x'",
            ),
        ] {
            let e = text.parse::<Position>().expect_err(text);
            assert!(e.to_string().contains(needle), "{text}: {e}");
        }
    }
}
