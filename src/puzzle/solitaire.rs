//! The exact solver of Halma solitaire: every piece of the yard moves exactly once, and the
//! figure the pieces form at the end, none left in the yard, is mirror-symmetric about the
//! long diagonal through the yard (`(x, y)` ↔ `(y, x)`).
//!
//! A depth-first search over states "which pieces have left the yard, and where they
//! landed" (a piece outside the yard has moved and stays put; the engine does not let a
//! move end in the yard, so the pieces there are the unmoved ones). A state and its
//! reflection in the diagonal count as one: the reflection maps the yard and every solution
//! figure onto themselves. A state is cut when a lower bound on the moves it still needs
//! ([`Solver::feasible`]) exceeds the moves left (one per unmoved piece). The same search
//! finds a solution ([`solve_solitaire`], the hints) or counts the solutions, all of them
//! or the paired or blocked ones ([`count_solitaire`], in `count.rs`). Design and
//! measurements: `docs/puzzles.md`.

use crate::ai::{Clock, Limits, NoClock};
use crate::error::{Error, ErrorKind};
use crate::geometry::{Cell, Shape};
use crate::position::{Move, Position};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

mod count;
pub use count::CountRule;

/// Words of the cell bit set: boards up to 20×20.
const WORDS: usize = 7;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
struct Bits([u64; WORDS]);

impl Bits {
    fn get(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 == 1
    }
    fn set(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }
    fn clear(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }
}

/// Hop and step targets of one cell.
#[derive(Default)]
struct Links {
    steps: Vec<u16>,
    /// `(jumped cell, landing cell)`.
    hops: Vec<(u16, u16)>,
}

/// What [`count_solitaire`] counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolitaireCount {
    /// Distinct final figures (sets of cells) that solve the puzzle.
    pub figures: u64,
    /// Distinct move sequences that solve it (moves as `(from, to)`).
    pub sequences: u128,
    /// States visited (a state and its reflection once).
    pub states: u64,
    /// Whether the search visited every state: the counts are exact. Otherwise it stopped
    /// at its limit and they are lower bounds.
    pub exhaustive: bool,
}

/// Finds a solution of the solitaire from `pos` (every piece in the yard still to move
/// once), or `None` when there is none: the search is exhaustive. `max_nodes` caps the
/// states visited (`None` when the cap is reached first).
///
/// # Examples
/// ```
/// use halma::{puzzle::solve_solitaire, Game, Outcome, Position};
/// let v = "solitaire".parse()?;
/// let moves = solve_solitaire(&Position::start(v), None)?.expect("solvable");
/// let mut g = Game::new(v);
/// for m in moves {
///     g.play(m)?;
/// }
/// assert!(matches!(g.outcome(), Some(Outcome::Win { .. })));
/// # Ok::<(), halma::Error>(())
/// ```
pub fn solve_solitaire(pos: &Position, max_nodes: Option<u64>) -> Result<Option<Vec<Move>>, Error> {
    let mut s = Solver::new(pos)?;
    let limits = Limits {
        nodes: max_nodes,
        time_ms: None,
        soft_ms: None,
    };
    Ok(s.first(&limits, &NoClock).map(|(line, _)| line))
}

/// Counts the solutions of the solitaire from `pos` that `rule` admits: distinct final
/// figures and move sequences, exhaustively unless `max_nodes` stops it first. The counts
/// of the states done are kept in at most `memory` bytes: with less, the states forgotten
/// are counted again (slower, as exact). `progress` is called now and then with the
/// states visited and the figures found so far.
/// [`CountRule::Mirror`] needs a symmetric `pos` (the start is).
///
/// # Examples
/// ```
/// use halma::{puzzle::{count_solitaire, CountRule}, Position};
/// let p = Position::start("solitaire+size=8+camp=10".parse()?);
/// let all = count_solitaire(&p, CountRule::All, None, 1 << 26, &mut |_, _| {})?;
/// assert!(all.exhaustive && all.figures > 0 && all.sequences >= all.figures as u128);
/// let paired = count_solitaire(&p, CountRule::Mirror, None, 1 << 26, &mut |_, _| {})?;
/// assert!(paired.figures <= all.figures);
/// # Ok::<(), halma::Error>(())
/// ```
pub fn count_solitaire(
    pos: &Position,
    rule: CountRule,
    max_nodes: Option<u64>,
    memory: usize,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<SolitaireCount, Error> {
    let mut s = Solver::new(pos)?;
    s.max_nodes = max_nodes.unwrap_or(u64::MAX);
    let mut memo = count::CountCache::new(memory);
    let mut figures = HashSet::new();
    let sequences = match rule {
        CountRule::All => {
            let n = s.yard.len();
            s.count_blocks(n, n, &mut memo, &mut figures, progress)
        }
        CountRule::Block(b) => s.count_blocks(b, b, &mut memo, &mut figures, progress),
        CountRule::Mirror => {
            if s.unpaired() > 0 {
                return Err(Error::new(
                    ErrorKind::Position,
                    "a mirror-paired count starts from a symmetric position",
                ));
            }
            s.count_paired(&mut memo, &mut figures, progress)
        }
    };
    Ok(SolitaireCount {
        figures: figures.len() as u64,
        sequences,
        states: s.nodes,
        exhaustive: !s.stopped,
    })
}

/// A solitaire hint: the first move of a solution from `pos` when the search finds one
/// within the limits, else the first move the search would try. Returns the move and the
/// states visited; `None` when no piece can move.
pub(crate) fn solitaire_hint(pos: &Position, limits: &Limits, clock: &dyn Clock) -> Option<(Move, u64)> {
    let mut s = Solver::new(pos).ok()?;
    if let Some((line, nodes)) = s.first(limits, clock) {
        if let Some(&m) = line.first() {
            return Some((m, nodes));
        }
    }
    let nodes = s.nodes;
    let fallback = s.children(false).first().map(|&(_, k, to)| s.to_move(k, to));
    fallback
        .or_else(|| pos.legal_moves().first().copied())
        .map(|m| (m, nodes))
}

/// A set of the search's table keys: open addressing, linear probing. The module's only
/// hash set on the hint's path, smaller than the standard library's (whose code and hasher
/// would be a copy of their own); only `insert` and `contains`, so no order to keep.
#[derive(Default)]
struct KeySet {
    /// The keys, 0 for an empty slot; the length is a power of two (or 0).
    slots: Vec<u128>,
    /// Keys in `slots`.
    len: usize,
    /// Whether the key 0 is in the set (0 marks an empty slot).
    zero: bool,
}

impl KeySet {
    /// The first slot to probe for `key` in a table of `n` slots (a power of two).
    fn home(key: u128, n: usize) -> usize {
        let h = (key as u64 ^ (key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 32) as usize & (n - 1)
    }

    fn contains(&self, key: u128) -> bool {
        if key == 0 {
            return self.zero;
        }
        let n = self.slots.len();
        if n == 0 {
            return false;
        }
        let mut i = Self::home(key, n);
        loop {
            match self.slots[i] {
                0 => return false,
                k if k == key => return true,
                _ => i = (i + 1) & (n - 1),
            }
        }
    }

    fn insert(&mut self, key: u128) {
        if key == 0 {
            self.zero = true;
            return;
        }
        if 2 * (self.len + 1) > self.slots.len() {
            let n = (2 * self.slots.len()).max(64);
            let old = std::mem::replace(&mut self.slots, vec![0; n]);
            self.len = 0;
            for k in old.into_iter().filter(|&k| k != 0) {
                self.put(k);
            }
        }
        self.put(key);
    }

    /// Puts a non-zero `key` in a table with room for it.
    fn put(&mut self, key: u128) {
        let n = self.slots.len();
        let mut i = Self::home(key, n);
        while self.slots[i] != 0 {
            if self.slots[i] == key {
                return;
            }
            i = (i + 1) & (n - 1);
        }
        self.slots[i] = key;
        self.len += 1;
    }
}

/// The search state and the tables it reads. Cells are indexed `y * n + x`.
struct Solver {
    /// Board side.
    n: i32,
    /// Per cell: parity class `(x mod 2) + 2 (y mod 2)`, mirror image, whether in the yard,
    /// whether a step from the yard can land there.
    class: Vec<u8>,
    mirror: Vec<usize>,
    in_yard: Vec<bool>,
    step_cell: Vec<bool>,
    links: Vec<Links>,
    long: bool,
    /// The crate's cell of each index.
    cell_of: Vec<Cell>,
    /// The yard's cells; the index of each one's mirror image in this list.
    yard: Vec<usize>,
    yard_refl: Vec<usize>,
    /// Landed pieces (as a set and in landing order); unmoved pieces (bit mask over `yard`).
    landed: Bits,
    landed_cells: Vec<usize>,
    unmoved: u32,
    line: Vec<(usize, usize)>,
    /// 128-bit keys (two independent 64-bit Zobrist hashes) of the state and its reflection.
    zl: Vec<[u64; 2]>,
    zu: Vec<[u64; 2]>,
    key: [u64; 2],
    key_refl: [u64; 2],
    nodes: u64,
    max_nodes: u64,
    stopped: bool,
}

impl Solver {
    fn new(pos: &Position) -> Result<Solver, Error> {
        let variant = *pos.variant();
        if !variant.is_solitaire() {
            return Err(Error::new(
                ErrorKind::Variant,
                format!("{variant} is not a solitaire variant"),
            ));
        }
        let g = pos.geometry();
        let Shape::Square { size } = g.shape() else {
            return Err(Error::new(
                ErrorKind::Variant,
                format!("{variant}: not a square board"),
            ));
        };
        let n = size as i32;
        let cells = (n * n) as usize;
        let idx = |x: i32, y: i32| (y * n + x) as usize;
        let inside = |x: i32, y: i32| (0..n).contains(&x) && (0..n).contains(&y);
        let mut cell_of = vec![Cell(0); cells];
        for c in g.cells() {
            let (x, y) = g.coord(c);
            cell_of[idx(x, y)] = c;
        }
        let mut in_yard = vec![false; cells];
        let yard: Vec<usize> = g
            .camp(variant.home_camps()[0] as usize)
            .iter()
            .map(|&c| {
                let (x, y) = g.coord(c);
                idx(x, y)
            })
            .collect();
        for &c in &yard {
            in_yard[c] = true;
        }
        let mut class = vec![0u8; cells];
        let mut mirror = vec![0; cells];
        let mut step_cell = vec![false; cells];
        let mut links: Vec<Links> = (0..cells).map(|_| Links::default()).collect();
        let reach = if variant.long_jumps() { n } else { 1 };
        for y in 0..n {
            for x in 0..n {
                let i = idx(x, y);
                class[i] = ((x & 1) + 2 * (y & 1)) as u8;
                mirror[i] = idx(y, x);
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        if (dx, dy) == (0, 0) || !inside(x + dx, y + dy) {
                            continue;
                        }
                        let t = idx(x + dx, y + dy);
                        links[i].steps.push(t as u16);
                        if in_yard[i] && !in_yard[t] {
                            step_cell[t] = true;
                        }
                        // Hops over the piece `k` cells away (long jumps: any k), landing
                        // `k` beyond; the cells between must be empty (checked in play).
                        for k in 1..=reach {
                            if inside(x + 2 * k * dx, y + 2 * k * dy) {
                                links[i].hops.push((
                                    idx(x + k * dx, y + k * dy) as u16,
                                    idx(x + 2 * k * dx, y + 2 * k * dy) as u16,
                                ));
                            }
                        }
                    }
                }
            }
        }
        debug_assert!(yard.len() <= 32);
        let yard_refl: Vec<usize> = yard
            .iter()
            .map(|&c| {
                yard.iter()
                    .position(|&d| d == mirror[c])
                    .expect("the yard is symmetric")
            })
            .collect();
        let mut rng = crate::ai::Rng::new(0x005E_ED0F_5011_7A1E);
        let mut next = || rng.next_u64();
        let zl: Vec<[u64; 2]> = (0..cells).map(|_| [next(), next()]).collect();
        let zu: Vec<[u64; 2]> = (0..yard.len()).map(|_| [next(), next()]).collect();
        let mut s = Solver {
            n,
            class,
            mirror,
            in_yard,
            step_cell,
            links,
            long: variant.long_jumps(),
            cell_of,
            yard,
            yard_refl,
            landed: Bits::default(),
            landed_cells: Vec::new(),
            unmoved: 0,
            line: Vec::new(),
            zl,
            zu,
            key: [0; 2],
            key_refl: [0; 2],
            nodes: 0,
            max_nodes: u64::MAX,
            stopped: false,
        };
        // The position: pieces in the yard have not moved, the others have landed.
        for c in pos.pieces(1) {
            let (x, y) = g.coord(c);
            let i = idx(x, y);
            if let Some(k) = s.yard.iter().position(|&d| d == i) {
                s.unmoved |= 1 << k;
                s.toggle_unmoved(k);
            } else {
                s.landed.set(i);
                s.landed_cells.push(i);
                s.toggle_landed(i);
            }
        }
        Ok(s)
    }

    fn toggle_unmoved(&mut self, k: usize) {
        for w in 0..2 {
            self.key[w] ^= self.zu[k][w];
            self.key_refl[w] ^= self.zu[self.yard_refl[k]][w];
        }
    }

    fn toggle_landed(&mut self, c: usize) {
        for w in 0..2 {
            self.key[w] ^= self.zl[c][w];
            self.key_refl[w] ^= self.zl[self.mirror[c]][w];
        }
    }

    fn to_move(&self, k: usize, to: usize) -> Move {
        Move::new(self.cell_of[self.yard[k]], self.cell_of[to])
    }

    fn occupied(&self) -> Bits {
        let mut o = self.landed;
        for (k, &c) in self.yard.iter().enumerate() {
            if self.unmoved >> k & 1 == 1 {
                o.set(c);
            }
        }
        o
    }

    /// Whether every piece has moved, into the symmetric figure.
    fn solved(&self) -> bool {
        self.unmoved == 0 && self.landed_cells.iter().all(|&c| self.landed.get(self.mirror[c]))
    }

    /// Landing cells of the piece on `from`: steps to empty neighbours, or hop chains; never
    /// in the yard (hops may pass through it).
    fn destinations(&self, occ: &Bits, from: usize, out: &mut Vec<usize>) {
        let mut stones = *occ;
        stones.clear(from);
        for &s in &self.links[from].steps {
            if !stones.get(s as usize) && !self.in_yard[s as usize] {
                out.push(s as usize);
            }
        }
        let mut seen = Bits::default();
        seen.set(from);
        let mut stack = vec![from];
        let n = self.n as usize;
        while let Some(c) = stack.pop() {
            for &(over, to) in &self.links[c].hops {
                let (over, to) = (over as usize, to as usize);
                if !stones.get(over) || stones.get(to) || seen.get(to) {
                    continue;
                }
                if self.long && !self.clear_between(&stones, c, over, to, n) {
                    continue;
                }
                seen.set(to);
                stack.push(to);
                if !self.in_yard[to] {
                    out.push(to);
                }
            }
        }
    }

    /// Long jumps: the cells between `from` and `over`, and between `over` and `to`, are
    /// empty.
    fn clear_between(&self, stones: &Bits, from: usize, over: usize, to: usize, n: usize) -> bool {
        let (fx, fy) = ((from % n) as i32, (from / n) as i32);
        let (ox, oy) = ((over % n) as i32, (over / n) as i32);
        let (tx, ty) = ((to % n) as i32, (to / n) as i32);
        let (dx, dy) = ((ox - fx).signum(), (oy - fy).signum());
        let at = |x: i32, y: i32| (y * n as i32 + x) as usize;
        let (mut x, mut y) = (fx + dx, fy + dy);
        while (x, y) != (tx, ty) {
            if (x, y) != (ox, oy) && stones.get(at(x, y)) {
                return false;
            }
            x += dx;
            y += dy;
        }
        true
    }

    /// Whether the state might still be solved in the moves left (one per unmoved piece):
    ///
    /// - **Forced landings.** A landed piece whose mirror cell is empty needs a future
    ///   landing on that cell (which is outside the yard too): `u` of them, `u ≤` moves left.
    /// - **Classes.** A hop keeps `(x mod 2, y mod 2)`; only a step changes it, and a step
    ///   lands next to the yard. A forced cell no step can reach needs a hop by an unmoved
    ///   piece of its own class.
    /// - **Parity.** The mirror swaps the classes (odd, even) and (even, odd), so the final
    ///   figure has as many pieces in each; a step changes the difference `D` of their
    ///   counts by at most 2, so `⌈|D|/2⌉` of the moves left must be steps.
    ///
    /// The tests check the bound against a plain count, with the engine's own move
    /// generator, of every way to finish from positions a few moves before the end.
    fn feasible(&self) -> bool {
        let left = self.unmoved.count_ones() as i32;
        let mut forced = 0;
        let mut need = [0i32; 4];
        let mut count = [0i32; 4];
        for &c in &self.landed_cells {
            count[self.class[c] as usize] += 1;
            let m = self.mirror[c];
            if !self.landed.get(m) {
                forced += 1;
                if !self.step_cell[m] {
                    need[self.class[m] as usize] += 1;
                }
            }
        }
        if forced > left {
            return false;
        }
        let mut home = [0i32; 4];
        for (k, &c) in self.yard.iter().enumerate() {
            if self.unmoved >> k & 1 == 1 {
                home[self.class[c] as usize] += 1;
            }
        }
        if (0..4).any(|k| need[k] > home[k]) {
            return false;
        }
        let gap = (count[1] + home[1] - count[2] - home[2]).abs();
        let steps = (gap + 1) / 2;
        // The hop-only forced landings, then the steps or the other forced landings.
        let hop_forced: i32 = need.iter().sum();
        hop_forced + steps.max(forced - hop_forced) <= left
    }

    fn play(&mut self, k: usize, to: usize) {
        self.unmoved &= !(1 << k);
        self.toggle_unmoved(k);
        self.landed.set(to);
        self.landed_cells.push(to);
        self.toggle_landed(to);
        self.line.push((k, to));
    }

    fn undo(&mut self, k: usize, to: usize) {
        self.unmoved |= 1 << k;
        self.toggle_unmoved(k);
        self.landed.clear(to);
        self.landed_cells.pop();
        self.toggle_landed(to);
        self.line.pop();
    }

    /// The key of the state and its reflection, as one.
    fn table_key(&self) -> u128 {
        let pack = |k: [u64; 2]| (k[0] as u128) << 64 | k[1] as u128;
        pack(self.key).min(pack(self.key_refl))
    }

    /// The feasible moves `(rank, piece, landing)`, most promising first: landings that
    /// give a landed piece its mirror image, then those on the diagonal, then the farthest.
    fn children(&mut self, check: bool) -> Vec<(i32, usize, usize)> {
        let occ = self.occupied();
        let mut children = Vec::new();
        let mut targets = Vec::new();
        for k in 0..self.yard.len() {
            if self.unmoved >> k & 1 == 0 {
                continue;
            }
            targets.clear();
            self.destinations(&occ, self.yard[k], &mut targets);
            for &to in &targets {
                self.play(k, to);
                if !check || self.feasible() {
                    let m = self.mirror[to];
                    let rank = 1000 * self.landed.get(m) as i32 * (m != to) as i32
                        + 500 * (m == to) as i32
                        + (to as i32 % self.n + to as i32 / self.n);
                    children.push((rank, k, to));
                }
                self.undo(k, to);
            }
        }
        // Best rank first, equal ranks in the order found (the index is in the key).
        let order: BinaryHeap<(Reverse<i32>, usize)> = children
            .iter()
            .enumerate()
            .map(|(i, c)| (Reverse(c.0), i))
            .collect();
        order
            .into_sorted_vec()
            .iter()
            .map(|&(_, i)| children[i])
            .collect()
    }

    /// The first solution below the current state and the states visited, within the
    /// limits.
    fn first(&mut self, limits: &Limits, clock: &dyn Clock) -> Option<(Vec<Move>, u64)> {
        self.max_nodes = limits.nodes.unwrap_or(u64::MAX);
        let deadline = limits.time_ms.map(|t| clock.now_ms() + t);
        let mut failed = KeySet::default();
        if self.dfs_first(&mut failed, &|| deadline.is_some_and(|d| clock.now_ms() > d)) {
            let line = self.line.iter().map(|&(k, to)| self.to_move(k, to)).collect();
            return Some((line, self.nodes));
        }
        None
    }

    fn over_budget(&mut self, late: &dyn Fn() -> bool) -> bool {
        if self.nodes >= self.max_nodes || (self.nodes % 1024 == 0 && late()) {
            self.stopped = true;
        }
        self.stopped
    }

    fn dfs_first(&mut self, failed: &mut KeySet, late: &dyn Fn() -> bool) -> bool {
        self.nodes += 1;
        if self.solved() {
            return true;
        }
        if self.over_budget(late) {
            return false;
        }
        let key = self.table_key();
        if failed.contains(key) {
            return false;
        }
        for (_, k, to) in self.children(true) {
            self.play(k, to);
            if self.dfs_first(failed, late) {
                return true;
            }
            self.undo(k, to);
            if self.stopped {
                return false;
            }
        }
        failed.insert(key);
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::MoveGen;
    use crate::{Game, Outcome, Variant};
    use std::collections::HashMap;

    /// Counts the ways to finish from `p`, with the engine's own move generator and goal
    /// test and no pruning, memoised on the board.
    fn plain_count(p: &Position, memo: &mut HashMap<Vec<u8>, u128>) -> u128 {
        if p.is_over() {
            return 1;
        }
        if let Some(&k) = memo.get(&p.cells()) {
            return k;
        }
        let mut moves = Vec::new();
        p.generate_moves(&mut MoveGen::new(), &mut moves);
        let mut total = 0;
        for m in moves {
            let mut q = p.clone();
            q.play_unchecked(m);
            total += plain_count(&q, memo);
        }
        memo.insert(p.cells(), total);
        total
    }

    fn random_line(v: Variant, len: usize, seed: &mut u64) -> Position {
        let mut p = Position::start(v);
        for _ in 0..len {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            p.play_unchecked(moves[(*seed >> 33) as usize % moves.len()]);
        }
        p
    }

    #[test]
    fn key_set_holds_what_was_put_in() {
        let mut set = KeySet::default();
        let keys: Vec<u128> = (0..1000u128)
            .map(|i| i.wrapping_mul(0x1234_5678_9ABC_DEF1_2345) << (i % 60))
            .collect();
        for (i, &k) in keys.iter().enumerate() {
            assert!(!set.contains(k) || keys[..i].contains(&k));
            set.insert(k);
            assert!(set.contains(k));
        }
        assert!(keys.iter().all(|&k| set.contains(k)));
        assert!(!set.contains(7) && !set.contains(u128::MAX));
    }

    #[test]
    fn pruned_count_matches_a_plain_count() {
        let mut seed = 12345u64;
        for variant in [
            "solitaire+size=8+camp=10",
            "solitaire+size=16+camp=10",
            "solitaire",
        ] {
            let v: Variant = variant.parse().unwrap();
            let n = v.pieces_per_seat();
            // Five moves before the end of a solution: at least one finish.
            let line = solve_solitaire(&Position::start(v), None)
                .unwrap()
                .expect("solvable");
            let mut p = Position::start(v);
            for &m in &line[..n - 5] {
                p.play(m).unwrap();
            }
            let c = count_solitaire(&p, CountRule::All, None, 1 << 26, &mut |_, _| {}).unwrap();
            assert!(c.sequences >= 1);
            assert_eq!(c.sequences, plain_count(&p, &mut HashMap::new()), "{variant}");
            for _ in 0..6 {
                let p = random_line(v, n - 5, &mut seed);
                let c = count_solitaire(&p, CountRule::All, None, 1 << 26, &mut |_, _| {}).unwrap();
                // The plain count counts finished games, solved or not: only solutions.
                let solved = {
                    fn solved_count(p: &Position, memo: &mut HashMap<Vec<u8>, u128>) -> u128 {
                        if p.is_over() || p.legal_moves().is_empty() {
                            return p.winners().contains(1) as u128;
                        }
                        if let Some(&k) = memo.get(&p.cells()) {
                            return k;
                        }
                        let mut t = 0;
                        for m in p.legal_moves() {
                            t += solved_count(&p.after(m).unwrap(), memo);
                        }
                        memo.insert(p.cells(), t);
                        t
                    }
                    solved_count(&p, &mut HashMap::new())
                };
                assert_eq!(c.sequences, solved, "{variant} from {p}");
            }
        }
    }

    #[test]
    fn the_issue_example_solves_the_puzzle() {
        let mut g = Game::new("solitaire".parse().unwrap());
        for m in "c1-e3 d1-f1 e1-g1 b2-d4-f2 d2-d4 e2-g2 a3-c5 c3-e5 d3-f3-h1 b1-d3-f3 a4-a6 \
                  c4-e4-e6 a5-b6 a1-a3-c3-a5-a7 b5-b7 a2-c4-c6-a8 c2-a4-c4-c6 b3-b5-d5-f5 b4-d6-f6"
            .split(' ')
        {
            let mv = g.position().parse_move(m).unwrap();
            g.play(mv).unwrap();
        }
        assert!(matches!(g.outcome(), Some(Outcome::Win { .. })));
    }

    #[test]
    fn hints_follow_a_solution() {
        let v: Variant = "solitaire+size=8+camp=10".parse().unwrap();
        let mut g = Game::new(v);
        while !g.is_over() {
            let (m, _) = solitaire_hint(g.position(), &Limits::default(), &NoClock).unwrap();
            g.play(m).unwrap();
        }
        assert!(matches!(g.outcome(), Some(Outcome::Win { .. })));
    }

    #[test]
    fn rejects_other_variants() {
        for v in ["halma", "star-2"] {
            let p = Position::start(v.parse().unwrap());
            assert_eq!(solve_solitaire(&p, None).unwrap_err().kind(), ErrorKind::Variant);
        }
    }
}
