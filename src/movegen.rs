//! Move generation: steps, hop chains (with long jumps), swaps; hop paths; perft.
//!
//! A piece's hop destinations are found by a flood fill over the padded board from its
//! origin. The origin counts as empty (the piece is lifted), so no hop may pass over it;
//! landing back on it is excluded because the origin is marked as visited from the start.
//! Steps and hops never reach the same cell (a hop moves both coordinates by an even
//! amount), so the two need no deduplication, and the fill visits each cell once, so every
//! `(from, to)` comes out exactly once.
//!
//! The fill tests all directions of a cell at once, without branching on the board's
//! contents (which no branch predictor can guess), and it writes a piece's destinations to
//! a list that the callers' generic loops then read: one copy of the generator instead of
//! one per caller, which kept the wasm module 4 KiB smaller. With both, the search on
//! `star-6` (which spends three quarters of its time generating the modelled greedy
//! players' moves) runs about 1.3 times as fast.
//!
//! Callers that do not depend on the order of the moves (perft, counting, "can this seat
//! move", and the search, which orders its moves by keys of its own) take a faster path on
//! boards with parity-class frames ([`Classes`](crate::geometry::Classes)): a piece's hop
//! destinations are a flood fill of shifts and masks on one 128-bit set, over landing
//! masks computed once per position and shared by all pieces. [`Position::generate_moves`]
//! (the public move lists) keeps the flood fill above and its order. Counting (perft's
//! last ply) goes further: a class's hop moves are counted by the components of its
//! landing graph, one flood fill a component rather than one a piece.

use crate::error::{Error, ErrorKind};
use crate::geometry::{class_step, frame_shift, Cell, Classes, MAX_PAD, SQUARE_DIRS, STAR_DIRS};
use crate::position::{clip, Move, Position, EMPTY, MAX_SEATS};
use std::collections::BinaryHeap;

/// Runs `$body` once for each of the four parity classes, `$class` bound to the class as a
/// constant: so [`class_step`]'s frame steps, and the shifts by them, are constants.
macro_rules! each_class {
    ($class:ident => $body:block) => {{
        {
            let $class: usize = 0;
            $body
        }
        {
            let $class: usize = 1;
            $body
        }
        {
            let $class: usize = 2;
            $body
        }
        {
            let $class: usize = 3;
            $body
        }
    }};
}

/// Reusable scratch space for generation (visited set and flood-fill stack), so the hot
/// path allocates nothing.
pub struct MoveGen {
    seen: [u64; MAX_PAD.div_ceil(64)],
    stack: [u16; MAX_PAD],
    /// One piece's destinations.
    found: [u16; MAX_PAD],
    /// Per parity class and direction: the cells a short hop along it may land on (empty,
    /// with a piece one step back), for the position of the current call.
    land: [[u128; 8]; 4],
    /// Per parity class: the occupied cells.
    occ: [u128; 4],
    /// Per seat and parity class: its pieces, when `occ_kept`.
    seat_occ: [[u128; 4]; MAX_SEATS],
    /// Whether `occ` and `seat_occ` are kept up to date by the caller (perft, move by
    /// move) rather than gathered for each call.
    occ_kept: bool,
    /// Whether the CPU has a popcount instruction (x86-64: detected once, here).
    popcnt: bool,
}

impl MoveGen {
    /// The first `n` destinations [`Position::destinations_of`] wrote.
    #[inline(always)]
    pub(crate) fn found(&self, n: usize) -> &[u16] {
        &self.found[..n]
    }
}

impl Default for MoveGen {
    fn default() -> Self {
        MoveGen::new()
    }
}

impl MoveGen {
    /// Fresh scratch space.
    pub fn new() -> MoveGen {
        MoveGen {
            seen: [0; MAX_PAD.div_ceil(64)],
            stack: [0; MAX_PAD],
            found: [0; MAX_PAD],
            land: [[0; 8]; 4],
            occ: [0; 4],
            seat_occ: [[0; 4]; MAX_SEATS],
            occ_kept: false,
            #[cfg(target_arch = "x86_64")]
            popcnt: std::is_x86_feature_detected!("popcnt"),
            #[cfg(not(target_arch = "x86_64"))]
            popcnt: true,
        }
    }
}

#[inline(always)]
fn is_piece(v: u8) -> bool {
    v.wrapping_sub(1) < 6
}

impl Position {
    /// Calls `emit(from, to)` (padded indices) for every legal move of `seat` (0-based),
    /// stopping early when `emit` returns true. Returns whether it stopped early.
    ///
    /// Only this loop is generic, and so copied for every caller: the moves themselves are
    /// found once per piece by [`Position::destinations_of`].
    #[inline(always)]
    pub(crate) fn for_each_move<F: FnMut(usize, usize) -> bool>(
        &self,
        gen: &mut MoveGen,
        seat: usize,
        mut emit: F,
    ) -> bool {
        for &o in &self.pieces[seat][..self.count[seat] as usize] {
            let n = self.destinations_of(gen, seat, o as usize, true, true);
            for &t in &gen.found[..n] {
                if emit(o as usize, t as usize) {
                    return true;
                }
            }
        }
        false
    }

    /// Writes to `gen.found` the destinations of `seat`'s piece on padded `o`, its steps
    /// first, then its hops in the order the flood fill reaches them; returns how many.
    #[inline(never)]
    pub(crate) fn destinations_of(
        &self,
        gen: &mut MoveGen,
        seat: usize,
        o: usize,
        steps: bool,
        hops: bool,
    ) -> usize {
        let r = &*self.rules;
        let b = &self.board;
        let dirs = &r.dirs[..];
        let bit = 1u8 << seat;
        let tbits = &r.target_bits[..];
        let ebits = &r.end_bits[..];
        let lock = r.lock;
        let side = r.side_points || r.once;
        // Solitaire: a piece outside the yard has made its move.
        if r.once && ebits[o] & bit != 0 {
            return 0;
        }
        let mut n = if steps { self.steps_of(gen, seat, o) } else { 0 };
        if !hops {
            return n;
        }
        // Hop chains: flood fill from the origin.
        gen.seen.fill(0);
        gen.seen[o >> 6] |= 1 << (o & 63);
        gen.stack[0] = o as u16;
        let mut sp = 1;
        while sp > 0 {
            sp -= 1;
            let c = gen.stack[sp] as usize;
            let locked = lock && tbits[c] & bit != 0;
            // Short hops are found for all directions at once, without a branch on the board
            // (whose contents a branch cannot predict): bit i is a hop along dirs[i].
            let mut hops = if r.long { 0 } else { short_hops(b, o, c, dirs) };
            let mut next = 0;
            loop {
                let land = if r.long {
                    let Some(&d) = dirs.get(next) else { break };
                    next += 1;
                    match long_hop(b, o, c, d) {
                        Some(l) => l,
                        None => continue,
                    }
                } else {
                    if hops == 0 {
                        break;
                    }
                    let i = hops.trailing_zeros() as usize;
                    hops &= hops - 1;
                    (c as isize + 2 * dirs[i]) as usize
                };
                if gen.seen[land >> 6] & (1 << (land & 63)) != 0 {
                    continue;
                }
                if locked && tbits[land] & bit == 0 {
                    continue;
                }
                gen.seen[land >> 6] |= 1 << (land & 63);
                gen.stack[sp] = land as u16;
                sp += 1;
                if !side || ebits[land] & bit != 0 {
                    gen.found[n] = land as u16;
                    n += 1;
                }
            }
        }
        n
    }

    /// Writes to `gen.found` the steps (and swaps) of `seat`'s piece on padded `o`, in
    /// direction order; returns how many.
    #[inline(always)]
    fn steps_of(&self, gen: &mut MoveGen, seat: usize, o: usize) -> usize {
        let r = &*self.rules;
        let b = &self.board;
        let bit = 1u8 << seat;
        let tbits = &r.target_bits[..];
        let ebits = &r.end_bits[..];
        // (Solitaire: no move ends in the yard, which end_bits leaves out.)
        let side = r.side_points || r.once;
        let own = seat as u8 + 1;
        let start_locked = r.lock && tbits[o] & bit != 0;
        let mut n = 0;
        for &d in &r.dirs {
            let t = (o as isize + d) as usize;
            let v = b[t];
            let to = if v == EMPTY {
                (!start_locked || tbits[t] & bit != 0) && (!side || ebits[t] & bit != 0)
            } else {
                r.swap && is_piece(v) && v != own && tbits[t] & bit != 0
            };
            if to {
                gen.found[n] = t as u16;
                n += 1;
            }
        }
        n
    }

    /// The class frames to generate this position's hops with, if the board has them and
    /// hops are short (a long jump's landing is not one frame step away).
    #[inline(always)]
    fn short_hop_classes(&self) -> Option<&Classes> {
        let r = &*self.rules;
        // (Not in solitaire either: its each-piece-once rule is the ordered generator's.)
        r.geo.classes.as_deref().filter(|_| !r.long && !r.once)
    }

    /// Fills `gen.land` for this position: per class and direction, the empty cells with a
    /// piece one step back, where a hop along that direction may land. The occupancy is
    /// gathered here rather than kept up to date by every move, which would slow down the
    /// search, which does not use it.
    #[inline(always)]
    fn fill_landings<const N: usize>(&self, c: &Classes, gen: &mut MoveGen, dirs: &[(i8, i8); N]) {
        if !gen.occ_kept {
            gen.occ = self.class_occupancy(c);
        }
        let occ = gen.occ;
        each_class!(class => {
            let empty = c.cells[class] & !occ[class];
            for (i, &(v, u)) in dirs.iter().enumerate() {
                // The cell hopped over is one step back from the landing cell.
                let (over, s) = class_step(class, (-v, -u));
                gen.land[class][i] = empty & frame_shift(occ[over], -s);
            }
        });
    }

    /// The occupied cells of each parity class.
    #[inline(never)]
    fn class_occupancy(&self, c: &Classes) -> [u128; 4] {
        let mut occ = [0u128; 4];
        for s in 0..self.rules.seats {
            for (o, m) in occ.iter_mut().zip(self.seat_class_occupancy(c, s)) {
                *o |= m;
            }
        }
        occ
    }

    /// The cells of each parity class that hold a piece of `seat`.
    #[inline(always)]
    fn seat_class_occupancy(&self, c: &Classes, seat: usize) -> [u128; 4] {
        let mut occ = [0u128; 4];
        for &p in &self.pieces[seat][..self.count[seat] as usize] {
            let l = c.loc[p as usize];
            occ[(l >> 7) as usize] |= one_bit(l & 127);
        }
        occ
    }

    /// The hop destinations, as a set of its class, of `seat`'s piece on padded `o`; needs
    /// `gen.land` filled for this position.
    #[inline(always)]
    fn hop_set<const N: usize>(
        &self,
        c: &Classes,
        gen: &MoveGen,
        seat: usize,
        o: usize,
        hops: &[i8; N],
    ) -> u128 {
        let r = &*self.rules;
        let l = c.loc[o];
        let class = (l >> 7) as usize;
        // Hops out of a cell of the target camp must stay in it (target lock).
        let held = if r.lock { r.class_target[seat][class] } else { 0 };
        let start = one_bit(l & 127);
        let mut reach = spread(start, &gen.land[class], hops, held) & !start;
        if r.side_points {
            reach &= r.class_end[seat][class];
        }
        reach
    }

    /// Calls `emit(from, to)` for every legal move of `seat`, in no particular order (each
    /// piece's steps, then its hops in cell order of its class frame), stopping early when
    /// `emit` returns true; returns whether it stopped early. For callers that do not
    /// depend on the order: perft, counting, "can it move", the search's move lists.
    #[inline(always)]
    pub(crate) fn for_each_move_unordered<F: FnMut(usize, usize) -> bool>(
        &self,
        gen: &mut MoveGen,
        seat: usize,
        emit: F,
    ) -> bool {
        match self.short_hop_classes() {
            Some(c) if self.rules.dirs.len() == 6 => {
                self.moves_by_class(c, gen, seat, &STAR_DIRS, &STAR_HOPS, emit)
            }
            Some(c) => self.moves_by_class(c, gen, seat, &SQUARE_DIRS, &SQUARE_HOPS, emit),
            None => self.for_each_move(gen, seat, emit),
        }
    }

    #[inline(always)]
    fn moves_by_class<const N: usize, F: FnMut(usize, usize) -> bool>(
        &self,
        c: &Classes,
        gen: &mut MoveGen,
        seat: usize,
        dirs: &[(i8, i8); N],
        hops: &[i8; N],
        mut emit: F,
    ) -> bool {
        self.fill_landings(c, gen, dirs);
        for &o in &self.pieces[seat][..self.count[seat] as usize] {
            let o = o as usize;
            let n = self.steps_of(gen, seat, o);
            for &t in &gen.found[..n] {
                if emit(o, t as usize) {
                    return true;
                }
            }
            let class = (c.loc[o] >> 7) as usize;
            let mut to = self.hop_set(c, gen, seat, o, hops);
            while to != 0 {
                let b = to.trailing_zeros() as usize;
                to &= to - 1;
                if emit(o, c.pad_of[class][b] as usize) {
                    return true;
                }
            }
        }
        false
    }

    /// Readies `gen` for [`Position::destinations_unordered`] in this position (the landing
    /// masks of the class sets); returns whether the board has class frames for its hops.
    #[inline(always)]
    pub(crate) fn prepare_unordered(&self, gen: &mut MoveGen) -> bool {
        match self.short_hop_classes() {
            Some(c) if self.rules.dirs.len() == 6 => self.fill_landings(c, gen, &STAR_DIRS),
            Some(c) => self.fill_landings(c, gen, &SQUARE_DIRS),
            None => return false,
        }
        true
    }

    /// Writes to `gen.found` the destinations of `seat`'s piece on padded `o`, as
    /// [`Position::destinations_of`] (its steps only when `steps`, all its hops), in no
    /// particular order: by the class sets when `prepared` (what
    /// [`Position::prepare_unordered`] returned for this position), else by the flood fill.
    /// Returns how many.
    #[inline(always)]
    pub(crate) fn destinations_unordered(
        &self,
        gen: &mut MoveGen,
        seat: usize,
        o: usize,
        steps: bool,
        prepared: bool,
    ) -> usize {
        let Some(c) = self.short_hop_classes().filter(|_| prepared) else {
            return self.destinations_of(gen, seat, o, steps, true);
        };
        let mut n = if steps { self.steps_of(gen, seat, o) } else { 0 };
        let class = (c.loc[o] >> 7) as usize;
        let mut to = if self.rules.dirs.len() == 6 {
            self.hop_set(c, gen, seat, o, &STAR_HOPS)
        } else {
            self.hop_set(c, gen, seat, o, &SQUARE_HOPS)
        };
        while to != 0 {
            let b = to.trailing_zeros() as usize;
            to &= to - 1;
            gen.found[n] = c.pad_of[class][b];
            n += 1;
        }
        n
    }

    /// Number of legal moves of the seat to move.
    pub(crate) fn count_moves(&self, gen: &mut MoveGen) -> u64 {
        self.count_moves_of(gen, self.to_move as usize)
    }

    /// Whether [`count_moves_of`](Self::count_moves_of) reads only the class sets of `gen`
    /// (kept by the caller), the pieces of the seat it counts and the rules: not the board.
    /// Then it counts right in a position that differs from this one by a move of another
    /// seat, once `gen.occ` has that move.
    pub(crate) fn counts_by_sets(&self, gen: &MoveGen) -> bool {
        gen.occ_kept && gen.popcnt && !self.rules.swap && self.short_hop_classes().is_some()
    }

    /// Number of legal moves of `seat` (0-based), the game not being over.
    #[inline(never)]
    pub(crate) fn count_moves_of(&self, gen: &mut MoveGen, seat: usize) -> u64 {
        match self.short_hop_classes() {
            Some(c) if self.rules.dirs.len() == 6 => counted_with_popcount(gen, |gen, bulk| {
                self.count_by_class(c, gen, seat, &STAR_DIRS, &STAR_HOPS, bulk)
            }),
            Some(c) => counted_with_popcount(gen, |gen, bulk| {
                self.count_by_class(c, gen, seat, &SQUARE_DIRS, &SQUARE_HOPS, bulk)
            }),
            None => {
                let mut n = 0u64;
                self.for_each_move(gen, seat, |_, _| {
                    n += 1;
                    false
                });
                n
            }
        }
    }

    /// The moves of the seat to move, counted with the class sets; with `bulk`, the steps
    /// too (see [`Position::class_step_count`]), else piece by piece.
    #[inline(always)]
    fn count_by_class<const N: usize>(
        &self,
        c: &Classes,
        gen: &mut MoveGen,
        seat: usize,
        dirs: &[(i8, i8); N],
        hops: &[i8; N],
        bulk: bool,
    ) -> u64 {
        self.fill_landings(c, gen, dirs);
        let pieces = &self.pieces[seat][..self.count[seat] as usize];
        let mine = if gen.occ_kept {
            gen.seat_occ[seat]
        } else {
            self.seat_class_occupancy(c, seat)
        };
        // (A swap is a step onto a piece, which the class sets leave to the piece's steps.)
        let mut n = if bulk && !self.rules.swap {
            self.class_step_count(c, gen, seat, &mine, dirs)
        } else {
            pieces
                .iter()
                .map(|&o| self.steps_of(gen, seat, o as usize) as u64)
                .sum()
        };
        for (class, &mine) in mine.iter().enumerate() {
            if mine == 0 {
                continue;
            }
            n += match self.class_hop_count(gen, seat, class, mine, hops) {
                Some(k) => k,
                None => pieces
                    .iter()
                    .filter(|&&o| (c.loc[o as usize] >> 7) as usize == class)
                    .map(|&o| u64::from(self.hop_set(c, gen, seat, o as usize, hops).count_ones()))
                    .sum(),
            };
        }
        n
    }

    /// The number of steps of `seat`'s pieces `mine` (per class), swaps left out: per class
    /// and direction, the pieces moved one step along it onto the empty cells where the
    /// seat may end a move, counted at once (24 or 32 popcounts). A piece in its target
    /// camp under the target lock may only step within it.
    #[inline(always)]
    fn class_step_count<const N: usize>(
        &self,
        c: &Classes,
        gen: &MoveGen,
        seat: usize,
        mine: &[u128; 4],
        dirs: &[(i8, i8); N],
    ) -> u64 {
        let r = &*self.rules;
        let mut free = [0u128; 4];
        for (t, f) in free.iter_mut().enumerate() {
            *f = c.cells[t] & !gen.occ[t];
            if r.side_points {
                *f &= r.class_end[seat][t];
            }
        }
        let target = &r.class_target[seat];
        let mut n = 0;
        each_class!(class => {
            let held = if r.lock { mine[class] & target[class] } else { 0 };
            let loose = mine[class] & !held;
            for &d in dirs {
                let (to, s) = class_step(class, d);
                n += u64::from((frame_shift(loose, s) & free[to]).count_ones());
                if held != 0 {
                    n += u64::from((frame_shift(held, s) & free[to] & target[to]).count_ones());
                }
            }
        });
        n
    }

    /// The number of hop moves of `seat`'s pieces `mine` of class `class`, counted by the
    /// components of the class's landing graph rather than piece by piece; `None` when the
    /// target lock could matter (a piece or a reachable cell in the target camp), for the
    /// caller to count piece by piece.
    ///
    /// A hop over a cell of another class lands in the hopper's class, so a piece lifted
    /// from class `class` changes nothing in that class's landing graph, which is therefore
    /// the same for all its pieces; and between empty cells it is undirected (a hop back
    /// passes over the same piece). So a piece reaches exactly the components (of empty
    /// cells) its first hops land in, and each component `C` adds `|C|` moves for every
    /// piece with a first hop into it; a one-cell component adds a move for each first hop
    /// into it.
    #[inline(always)]
    fn class_hop_count<const N: usize>(
        &self,
        gen: &MoveGen,
        seat: usize,
        class: usize,
        mine: u128,
        hops: &[i8; N],
    ) -> Option<u64> {
        let r = &*self.rules;
        let land = &gen.land[class];
        // first[i]: the landings of first hops along direction i.
        let mut first = [0u128; N];
        let mut all = 0;
        for i in 0..N {
            first[i] = frame_shift(mine, hops[i]) & land[i];
            all |= first[i];
        }
        if all == 0 {
            return Some(0);
        }
        let held = if r.lock { r.class_target[seat][class] } else { 0 };
        if mine & held != 0 {
            return None;
        }
        let end = if r.side_points {
            r.class_end[seat][class]
        } else {
            !0
        };
        // A cell with no hop out of it is a component of its own: those are counted together,
        // a move for each first hop into one.
        let mut exits = 0;
        for i in 0..N {
            exits |= frame_shift(land[i], -hops[i]);
        }
        let lone = all & !exits;
        if lone & held != 0 {
            return None;
        }
        let mut n = 0;
        for &f in &first {
            n += u64::from((f & lone & end).count_ones());
        }
        let mut left = all & exits;
        while left != 0 {
            let comp = spread(left & left.wrapping_neg(), land, hops, 0);
            if comp & held != 0 {
                return None;
            }
            left &= !comp;
            // The pieces with a first hop into the component.
            let mut from = 0;
            for i in 0..N {
                from |= frame_shift(first[i] & comp, -hops[i]);
            }
            n += u64::from((comp & end).count_ones()) * u64::from(from.count_ones());
        }
        Some(n)
    }

    /// Whether seat `seat` (0-based) has a legal move.
    pub(crate) fn seat_can_move(&self, gen: &mut MoveGen, seat: usize) -> bool {
        // The ordered generator: asked rarely, and a second copy of the class-set one would
        // cost the wasm module 4 KiB gzipped.
        self.for_each_move(gen, seat, |_, _| true)
    }

    /// Appends the legal moves of the seat to move (unordered) to `out`.
    pub fn generate_moves(&self, gen: &mut MoveGen, out: &mut Vec<Move>) {
        let cells = &self.rules.geo.pad_to_cell;
        self.for_each_move(gen, self.to_move as usize, |f, t| {
            out.push(Move {
                from: Cell(cells[f]),
                to: Cell(cells[t]),
            });
            false
        });
    }

    /// The legal moves of the seat to move, sorted by origin then destination (cell order).
    /// Empty when the game is over or the seat is blocked (it must pass).
    ///
    /// # Examples
    /// ```
    /// use halma::{Position, Variant};
    /// let p = Position::start("halma".parse::<Variant>()?);
    /// assert_eq!(p.legal_moves().len(), 40);
    /// # Ok::<(), halma::Error>(())
    /// ```
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        if !self.is_over() {
            self.generate_moves(&mut MoveGen::new(), &mut out);
            out = BinaryHeap::from(out).into_sorted_vec();
        }
        out
    }

    /// The legal destinations of the piece on `from` (empty if it is not the mover's piece).
    pub fn destinations(&self, from: Cell) -> Vec<Cell> {
        // `legal_moves` is sorted by origin, then destination.
        self.legal_moves()
            .into_iter()
            .filter(|m| m.from == from)
            .map(|m| m.to)
            .collect()
    }

    /// The pieces the seat to move can pick up: those with at least one legal move, in cell
    /// order.
    pub fn movable(&self) -> Vec<Cell> {
        let mut out: Vec<Cell> = self.legal_moves().into_iter().map(|m| m.from).collect();
        out.dedup();
        out
    }

    /// Whether the seat to move has a legal move (if not, and the game is not over, it passes).
    pub fn has_moves(&self) -> bool {
        !self.is_over() && self.seat_can_move(&mut MoveGen::new(), self.to_move as usize)
    }

    /// Whether no seat still playing can move, so the game is drawn. (While a round is being
    /// completed after a win under equal turns, blocked seats just pass.)
    pub fn is_deadlocked(&self) -> bool {
        let mut gen = MoveGen::new();
        !self.is_over()
            && !self.is_closing()
            && (0..self.seats())
                .filter(|&s| !self.finished().contains(s + 1))
                .all(|s| !self.seat_can_move(&mut gen, s))
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        let g = self.geometry();
        if self.is_over() || !g.contains(m.from) || !g.contains(m.to) {
            return false;
        }
        let (f, t) = (g.pad(m.from), g.pad(m.to));
        if self.board[f] != self.to_move + 1 {
            return false;
        }
        self.for_each_move(&mut MoveGen::new(), self.to_move as usize, |from, to| {
            from == f && to == t
        })
    }

    /// Plays a legal move.
    ///
    /// # Errors
    /// When the move is not legal; the message says why and the position is unchanged.
    ///
    /// # Examples
    /// ```
    /// use halma::{Position, Move};
    /// let mut p: Position = "halma-8x8 1 ....2222/.....222/......22/.......2/1......./11....../111...../1111....".parse()?;
    /// let m = p.parse_move("c2-c3")?;
    /// p.play(m)?;
    /// assert_eq!(p.turn(), 2);
    /// let err = p.play(m).unwrap_err();
    /// assert_eq!(err.to_string(), "illegal move c2-c3: there is no piece on c2");
    /// # Ok::<(), halma::Error>(())
    /// ```
    pub fn play(&mut self, m: Move) -> Result<(), Error> {
        if let Err(why) = self.check_move(m) {
            return Err(Error::new(ErrorKind::IllegalMove, why));
        }
        self.play_unchecked(m);
        Ok(())
    }

    /// The move in notation (`e4-e6`); cells off this board show as `#<id>`.
    pub fn move_text(&self, m: Move) -> String {
        let g = self.geometry();
        let name = |c: Cell| {
            if g.contains(c) {
                g.name(c).to_string()
            } else {
                format!("#{}", c.index())
            }
        };
        format!("{}-{}", name(m.from), name(m.to))
    }

    /// Says why `m` is illegal, or Ok.
    pub(crate) fn check_move(&self, m: Move) -> Result<(), String> {
        let g = self.geometry();
        let text = self.move_text(m);
        let fail = |why: String| Err(format!("illegal move {text}: {why}"));
        if !g.contains(m.from) || !g.contains(m.to) {
            return fail(format!("a cell is not on the {}", g.shape()));
        }
        if self.is_over() {
            return fail("the game is over".into());
        }
        if self.is_legal(m) {
            return Ok(());
        }
        let seat = self.turn();
        let (from, to) = (g.name(m.from), g.name(m.to));
        match self.piece_at(m.from) {
            None => return fail(format!("there is no piece on {from}")),
            Some(s) if s != seat => {
                return fail(format!(
                    "{from} holds a piece of seat {s}, and seat {seat} is to move"
                ))
            }
            _ => {}
        }
        if m.from == m.to {
            return fail("a move must end on another cell".into());
        }
        let r = self.rules();
        let bit = 1u8 << (seat - 1);
        let (fp, tp) = (g.pad(m.from), g.pad(m.to));
        if r.once && r.end_bits[fp] & bit != 0 {
            return fail(format!(
                "the piece on {from} has moved already: in solitaire each piece moves exactly once"
            ));
        }
        if let Some(s) = self.piece_at(m.to) {
            let swap_hint = if r.swap && s != seat && r.target_bits[tp] & bit != 0 {
                " (a swap must be a step)"
            } else {
                ""
            };
            return fail(format!("{to} is occupied{swap_hint}"));
        }
        if r.once && r.end_bits[tp] & bit == 0 {
            return fail(format!(
                "{to} is in the yard: a piece that has moved may not stay there"
            ));
        }
        if r.side_points && r.end_bits[tp] & bit == 0 {
            return fail(format!(
                "{to} is in a side point: a move may end only in seat {seat}'s home or target point or the middle"
            ));
        }
        if r.lock && r.target_bits[fp] & bit != 0 && r.target_bits[tp] & bit == 0 {
            return fail(format!(
                "the piece on {from} is in its target camp and may not leave it"
            ));
        }
        fail(format!("{to} is not reachable from {from}"))
    }

    /// Parses move text: `from-to`, or a full hop path `a1-c3-e5` which is checked hop by hop.
    ///
    /// # Errors
    /// When the text is not a move, names cells not on the board, or the path is not a legal
    /// move here.
    pub fn parse_move(&self, text: &str) -> Result<Move, Error> {
        self.parse_path(text).map(|(m, _)| m)
    }

    /// Like [`parse_move`](Self::parse_move), also returning the cells of the path as written
    /// (just `[from, to]` for `from-to`).
    ///
    /// # Errors
    /// As `parse_move`.
    pub fn parse_path(&self, text: &str) -> Result<(Move, Vec<Cell>), Error> {
        let text = text.trim();
        let syntax = |m: String| Error::new(ErrorKind::MoveSyntax, m);
        if text.len() > 512 {
            return Err(syntax("move text is too long".into()));
        }
        let parts: Vec<&str> = text.split('-').collect();
        if parts.len() < 2 {
            return Err(syntax(format!(
                "'{}' is not a move: write from-to, like e4-e6",
                clip(text)
            )));
        }
        let mut cells = Vec::with_capacity(parts.len());
        for p in &parts {
            cells.push(
                self.parse_cell(p)
                    .map_err(|e| syntax(format!("in move '{}': {}", clip(text), e)))?,
            );
        }
        let m = Move {
            from: cells[0],
            to: cells[cells.len() - 1],
        };
        if cells.len() > 2 {
            self.check_path(&cells).map_err(|why| {
                Error::new(
                    ErrorKind::IllegalMove,
                    format!("illegal move {}: {why}", clip(text)),
                )
            })?;
        }
        if let Err(why) = self.check_move(m) {
            return Err(Error::new(ErrorKind::IllegalMove, why));
        }
        Ok((m, cells))
    }

    /// Checks a written hop path hop by hop (the move as a whole is checked separately).
    fn check_path(&self, cells: &[Cell]) -> Result<(), String> {
        let g = self.geometry();
        let r = self.rules();
        let seat = self.to_move as usize;
        let bit = 1u8 << seat;
        let o = g.pad(cells[0]);
        if self.board[o] != seat as u8 + 1 {
            return Ok(()); // reported by the whole-move check
        }
        let mut visited = vec![o];
        for w in cells.windows(2) {
            let (a, b) = (g.pad(w[0]), g.pad(w[1]));
            let hop = format!("{}-{}", g.name(w[0]), g.name(w[1]));
            let landed = r.dirs.iter().find_map(|&d| {
                let l = if r.long {
                    long_hop(&self.board, o, a, d)
                } else {
                    short_hop(&self.board, o, a, d)
                };
                l.filter(|&l| l == b)
            });
            if landed.is_none() {
                return Err(format!("{hop} is not a hop over a piece into an empty cell"));
            }
            if r.lock && r.target_bits[a] & bit != 0 && r.target_bits[b] & bit == 0 {
                return Err(format!(
                    "{hop} leaves the target camp, which the piece had reached"
                ));
            }
            // The origin is empty (the piece was lifted), so landing on it is a plain hop.
            if b != o && visited.contains(&b) {
                return Err(format!("{hop} returns to a cell the path already visited"));
            }
            visited.push(b);
        }
        Ok(())
    }

    /// One shortest hop path of a legal move, origin and destination included (a step or a
    /// swap is just `[from, to]`). `None` when the move is not legal.
    ///
    /// # Examples
    /// ```
    /// use halma::Position;
    /// let p: Position = "halma-8x8 1 ......../......../......../...2..../......../.2....../1......./........".parse()?;
    /// let m = p.parse_move("a2-e6")?;
    /// let path: Vec<&str> = p.hop_path(m).unwrap().iter().map(|&c| p.geometry().name(c)).collect();
    /// assert_eq!(path, ["a2", "c4", "e6"]);
    /// # Ok::<(), halma::Error>(())
    /// ```
    pub fn hop_path(&self, m: Move) -> Option<Vec<Cell>> {
        if !self.is_legal(m) {
            return None;
        }
        let g = self.geometry();
        let r = self.rules();
        let (o, t) = (g.pad(m.from), g.pad(m.to));
        if r.dirs.iter().any(|&d| (o as isize + d) as usize == t) {
            return Some(vec![m.from, m.to]);
        }
        let bit = 1u8 << self.to_move;
        let mut parent = vec![u16::MAX; g.pad_len];
        parent[o] = o as u16;
        let mut queue = std::collections::VecDeque::from([o]);
        while let Some(c) = queue.pop_front() {
            if c == t {
                break;
            }
            let locked = r.lock && r.target_bits[c] & bit != 0;
            for &d in &r.dirs {
                let land = if r.long {
                    long_hop(&self.board, o, c, d)
                } else {
                    short_hop(&self.board, o, c, d)
                };
                let Some(land) = land else { continue };
                if parent[land] != u16::MAX || (locked && r.target_bits[land] & bit == 0) {
                    continue;
                }
                parent[land] = c as u16;
                queue.push_back(land);
            }
        }
        let mut path = vec![t];
        let mut c = t;
        while c != o {
            c = parent[c] as usize;
            path.push(c);
        }
        path.reverse();
        Some(path.into_iter().map(|p| self.pad_cell(p)).collect())
    }

    /// The position after `m` (which must be legal) — convenience for tests and tools.
    ///
    /// # Errors
    /// When the move is illegal.
    pub fn after(&self, m: Move) -> Result<Position, Error> {
        let mut p = self.clone();
        p.play(m)?;
        Ok(p)
    }

    /// The seat to move passes; only meaningful when it has no legal move.
    pub fn pass(&mut self) {
        self.pass_turn();
    }

    /// Counts the move sequences of length `depth` (each `(from, to)` once). A seat with no
    /// legal move passes, and the pass counts as its turn; a game that is over, or where
    /// every seat is blocked, has no moves.
    ///
    /// # Examples
    /// ```
    /// use halma::{Position, Variant};
    /// let p = Position::start("star-2+any-camp+free-target".parse::<Variant>()?);
    /// assert_eq!(p.perft(2), 196);
    /// # Ok::<(), halma::Error>(())
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        self.perft_lists(depth).0
    }

    /// `perft(depth)` and the number of move lists generated on the way (for benchmarks).
    pub fn perft_lists(&self, depth: u32) -> (u64, u64) {
        let mut perft = Perft {
            gen: MoveGen::new(),
            lists: vec![Vec::new(); depth as usize + 1],
            generated: 0,
            loc: Vec::new(),
        };
        if let Some(c) = self.short_hop_classes() {
            perft.gen.occ = self.class_occupancy(c);
            for s in 0..self.rules.seats {
                perft.gen.seat_occ[s] = self.seat_class_occupancy(c, s);
            }
            perft.gen.occ_kept = true;
            perft.loc = c.loc.clone();
        }
        let n = perft.count(&mut self.clone(), depth, 0);
        (n, perft.generated)
    }

    /// `perft(depth)` split by first move: each legal move with the count below it.
    /// A forced pass appears as `None`.
    pub fn perft_divide(&self, depth: u32) -> Vec<(Option<Move>, u64)> {
        let mut out = Vec::new();
        if depth == 0 || self.is_over() {
            return out;
        }
        let moves = self.legal_moves();
        if moves.is_empty() {
            if !self.is_deadlocked() {
                let mut p = self.clone();
                p.pass();
                out.push((None, p.perft(depth - 1)));
            }
            return out;
        }
        for m in moves {
            let mut p = self.clone();
            p.play_unchecked(m);
            out.push((Some(m), p.perft(depth - 1)));
        }
        out
    }
}

/// Scratch space of a perft run: one move list per ply, and how many lists were generated.
struct Perft {
    gen: MoveGen,
    /// The class frames' cell locations (`Classes::loc`), when `gen.occ` is kept.
    loc: Vec<u16>,
    lists: Vec<Vec<(u16, u16)>>,
    generated: u64,
}

impl Perft {
    /// Updates the kept class sets for a piece of `seat` moving between padded `f` and `t`
    /// (either way: the update is its own inverse); `other` is what `t` holds before the
    /// move (`EMPTY`, or the seat + 1 of the piece a swap moves to `f`, which leaves the
    /// occupied cells as they are).
    #[inline(always)]
    fn flip(&mut self, seat: usize, other: u8, f: u16, t: u16) {
        for l in [self.loc[f as usize], self.loc[t as usize]] {
            let (class, b) = ((l >> 7) as usize, one_bit(l & 127));
            self.gen.seat_occ[seat][class] ^= b;
            match other {
                EMPTY => self.gen.occ[class] ^= b,
                s => self.gen.seat_occ[s as usize - 1][class] ^= b,
            }
        }
    }

    fn count(&mut self, p: &mut Position, depth: u32, ply: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        if p.is_over() {
            return 0;
        }
        self.generated += 1;
        if depth == 1 {
            let n = p.count_moves(&mut self.gen);
            if n > 0 {
                return n;
            }
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        p.for_each_move_unordered(&mut self.gen, p.to_move as usize, |f, t| {
            list.push((f as u16, t as u16));
            false
        });
        let total = if list.is_empty() {
            // Blocked: pass, unless nobody can move (a draw: no moves).
            if p.is_deadlocked() {
                0
            } else {
                let u = p.pass_turn();
                let n = self.count(p, depth - 1, ply + 1);
                p.unmake(u);
                n
            }
        } else {
            let mut total = 0;
            let by_sets = depth == 2 && p.counts_by_sets(&self.gen);
            let mover = p.to_move as usize;
            for &(f, t) in &list {
                let kept = self.gen.occ_kept;
                let other = p.board[t as usize];
                if kept {
                    self.flip(mover, other, f, t);
                }
                // The last ply, counted without making the move where the count reads only
                // the class sets (and the move decides nothing), unless the seat is blocked.
                let quiet = match by_sets {
                    true => p.quiet_next_seat(t as usize),
                    false => None,
                };
                let n = quiet.map_or(0, |s| p.count_moves_of(&mut self.gen, s));
                if n > 0 {
                    self.generated += 1;
                    total += n;
                } else {
                    let u = p.make(f as usize, t as usize);
                    total += self.count(p, depth - 1, ply + 1);
                    p.unmake(u);
                }
                if kept {
                    self.flip(mover, other, f, t);
                }
            }
            total
        };
        self.lists[ply] = list;
        total
    }
}

/// Runs `count(gen, bulk)`, with `bulk` (count the steps with class sets) where popcount
/// is an instruction: always on wasm (`i64.popcnt`), and on x86-64 when the CPU has it
/// (the baseline target lacks it, and there a software popcount makes the set counting
/// slower than counting piece by piece), in a copy compiled for it.
#[inline(always)]
fn counted_with_popcount<F: FnOnce(&mut MoveGen, bool) -> u64>(gen: &mut MoveGen, count: F) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "popcnt")]
        unsafe fn with_popcnt<F: FnOnce(&mut MoveGen, bool) -> u64>(gen: &mut MoveGen, count: F) -> u64 {
            count(gen, true)
        }
        if gen.popcnt {
            // SAFETY: `gen.popcnt` says the CPU has the instruction.
            unsafe { with_popcnt(gen, count) }
        } else {
            count(gen, false)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    count(gen, true)
}

/// The frame shifts of a short hop along each direction of the star (`Geometry::star`'s
/// direction order) and of the square board: one frame step is two cells.
const STAR_HOPS: [i8; 6] = [1, -1, 11, -11, -10, 10];
const SQUARE_HOPS: [i8; 8] = [1, -1, -11, 11, -10, 10, -12, 12];

/// `front` and every cell hop chains from it reach; hops from a cell of `held` must land in
/// `held`.
#[inline(always)]
fn spread<const N: usize>(mut front: u128, land: &[u128; 8], hops: &[i8; N], held: u128) -> u128 {
    let mut reach = front;
    loop {
        let mut new = hop_once(front & !held, land, hops);
        if front & held != 0 {
            new |= hop_once(front & held, land, hops) & held;
        }
        new &= !reach;
        if new == 0 {
            return reach;
        }
        reach |= new;
        front = new;
    }
}

/// The set of the one bit `b` (< 128), by masks: without a variable 128-bit shift, which
/// wasm does by a call into compiler-rt (LLVM turns a branch on `b < 64` into
/// `low << (b & 64)`).
#[inline(always)]
fn one_bit(b: u16) -> u128 {
    let low = 1u64 << (b & 63);
    // All ones when the bit is in the high half.
    let high = 0u64.wrapping_sub(u64::from(b >> 6 & 1));
    u128::from(low & high) << 64 | u128::from(low & !high)
}

/// The cells one short hop from the cells of `front`, along any direction: `front` moved a
/// frame step along each direction, on that direction's landing cells.
#[inline(always)]
fn hop_once<const N: usize>(front: u128, land: &[u128; 8], hops: &[i8; N]) -> u128 {
    let mut new = 0;
    for i in 0..N {
        new |= frame_shift(front, hops[i]) & land[i];
    }
    new
}

/// The short hops from padded `c` with the piece lifted from `o`: bit i is set when a piece
/// other than the lifted one lies along `dirs[i]` with an empty cell behind it. `c` is a
/// board cell, so the two-cell padding keeps both cells looked at inside the board.
#[inline(always)]
fn short_hops(b: &[u8; MAX_PAD], o: usize, c: usize, dirs: &[isize]) -> u32 {
    // The two board shapes' direction counts, unrolled.
    if let Ok(d) = <&[isize; 6]>::try_from(dirs) {
        short_hops_n(b, o, c, d)
    } else if let Ok(d) = <&[isize; 8]>::try_from(dirs) {
        short_hops_n(b, o, c, d)
    } else {
        dirs.iter()
            .enumerate()
            .fold(0, |h, (i, &d)| h | (short_hop_bit(b, o, c, d) << i))
    }
}

#[inline(always)]
fn short_hops_n<const N: usize>(b: &[u8; MAX_PAD], o: usize, c: usize, dirs: &[isize; N]) -> u32 {
    let mut hops = 0;
    for (i, &d) in dirs.iter().enumerate() {
        hops |= short_hop_bit(b, o, c, d) << i;
    }
    hops
}

#[inline(always)]
fn short_hop_bit(b: &[u8; MAX_PAD], o: usize, c: usize, d: isize) -> u32 {
    let over = (c as isize + d) as usize;
    let land = (over as isize + d) as usize;
    (is_piece(b[over]) & (over != o) & (b[land] == EMPTY)) as u32
}

/// A single hop from padded `c` in direction `d` with the piece lifted from `o`.
#[inline]
fn short_hop(b: &[u8; MAX_PAD], o: usize, c: usize, d: isize) -> Option<usize> {
    let over = (c as isize + d) as usize;
    if !is_piece(b[over]) || over == o {
        return None;
    }
    let land = (over as isize + d) as usize;
    (b[land] == EMPTY || land == o).then_some(land)
}

/// A long jump from padded `c` in direction `d` with the piece lifted from `o`: over the one
/// piece at distance k (empty cells before it) to distance 2k (empty cells after it).
#[inline]
fn long_hop(b: &[u8; MAX_PAD], o: usize, c: usize, d: isize) -> Option<usize> {
    let empty = |x: usize| b[x] == EMPTY || x == o;
    let mut x = (c as isize + d) as usize;
    let mut k = 1;
    while empty(x) {
        x = (x as isize + d) as usize;
        k += 1;
    }
    if !is_piece(b[x]) {
        return None;
    }
    for _ in 0..k {
        x = (x as isize + d) as usize;
        if !empty(x) {
            return None;
        }
    }
    Some(x)
}
