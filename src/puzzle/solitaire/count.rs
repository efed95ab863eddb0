//! Counting the solitaire's solutions: every solution, the solutions in which the pieces
//! are symmetric again at most every `b` moves, and the mirror-paired solutions (every
//! move followed by its mirror image). Only the CLI counts: the page never reaches this.

use super::{Bits, Solver};
use std::collections::HashSet;

/// The sequence counts of the states done, by state key: a cache that grows up to a given
/// size and then makes room by forgetting, so a count takes no more memory than it is
/// given. A state it has forgotten is counted again: that costs time, never exactness (its
/// figures were collected the first time). Entries are 24 bytes, in buckets of
/// [`CountCache::WAYS`]; a full bucket gives up the entry with the fewest pieces left to
/// move, the cheapest to count again.
pub(super) struct CountCache {
    /// Per entry: the key's two halves (both 0: empty), then the count shifted left by
    /// [`CountCache::LEFT_BITS`] with the pieces left to move below it.
    words: Vec<u64>,
    /// The entries there is room for (a power of two).
    slots: usize,
    used: usize,
    max_slots: usize,
}

impl CountCache {
    const WAYS: usize = 4;
    const LEFT_BITS: u32 = 6;

    /// A cache of at most `max_bytes` (and at least one bucket), counting the old table
    /// and the new one while it grows: the largest table is a power of two of entries
    /// that, with the half-size one it grows from, fits `max_bytes`.
    pub(super) fn new(max_bytes: usize) -> CountCache {
        let fit = (max_bytes / 36).max(Self::WAYS);
        let max_slots = if fit.is_power_of_two() {
            fit
        } else {
            fit.next_power_of_two() / 2
        };
        let slots = max_slots.min(1 << 16);
        CountCache {
            words: vec![0; 3 * slots],
            slots,
            used: 0,
            max_slots,
        }
    }

    fn bucket(&self, key: u128) -> usize {
        (key as usize ^ (key >> 64) as usize) & (self.slots - 1) & !(Self::WAYS - 1)
    }

    pub(super) fn get(&self, key: u128) -> Option<u128> {
        let (k0, k1) = (key as u64, (key >> 64) as u64);
        let b = self.bucket(key);
        (b..b + Self::WAYS).find_map(|i| {
            let w = &self.words[3 * i..3 * i + 3];
            (w[0] == k0 && w[1] == k1 && (k0 | k1) != 0).then(|| u128::from(w[2] >> Self::LEFT_BITS))
        })
    }

    /// Keeps `count` for `key`, a state with `left` pieces left to move (counts too large
    /// for an entry are not kept).
    pub(super) fn insert(&mut self, key: u128, count: u128, left: u32) {
        let Ok(count) = u64::try_from(count) else { return };
        if count >> (64 - Self::LEFT_BITS) != 0 || key == 0 {
            return;
        }
        if self.used * 4 >= self.slots * 3 && self.slots < self.max_slots {
            self.grow();
        }
        let (k0, k1) = (key as u64, (key >> 64) as u64);
        let b = self.bucket(key);
        let mask = (1 << Self::LEFT_BITS) - 1;
        // The key's own entry, else an empty one, else the one with the fewest pieces left.
        let i = (b..b + Self::WAYS)
            .min_by_key(|&i| match &self.words[3 * i..3 * i + 3] {
                &[w0, w1, _] if w0 == k0 && w1 == k1 => -2,
                &[0, 0, _] => -1,
                w => (w[2] & mask) as i64,
            })
            .unwrap_or(b);
        if self.words[3 * i] | self.words[3 * i + 1] == 0 {
            self.used += 1;
        }
        self.words[3 * i..3 * i + 3].copy_from_slice(&[k0, k1, count << Self::LEFT_BITS | u64::from(left)]);
    }

    fn grow(&mut self) {
        let old = std::mem::replace(&mut self.words, vec![0; 6 * self.slots]);
        self.slots *= 2;
        self.used = 0;
        let mask = (1 << Self::LEFT_BITS) - 1;
        for w in old.chunks_exact(3).filter(|w| w[0] | w[1] != 0) {
            let key = u128::from(w[1]) << 64 | u128::from(w[0]);
            self.insert(key, u128::from(w[2] >> Self::LEFT_BITS), (w[2] & mask) as u32);
        }
    }
}

/// Which solutions [`count_solitaire`](super::count_solitaire) counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountRule {
    /// Every solution.
    All,
    /// The solutions in which the pieces are symmetric about the diagonal again at most
    /// `b` moves after they last were (the start is symmetric). `Block(2)`: a move that
    /// breaks the symmetry is followed by one that restores it. With `b` at least the
    /// number of pieces, every solution.
    Block(usize),
    /// Mirror-paired: a move `(f, t)` of a piece off the diagonal is followed at once by
    /// its mirror image `(f', t')`, and a piece on the diagonal moves alone onto the
    /// diagonal (its move is its own mirror image). So a piece off the diagonal never
    /// lands on it (its mirror image would land on the same cell), and two pieces of the
    /// diagonal never land on a pair of mirror cells (`Block(2)` allows both).
    Mirror,
}

impl Solver {
    fn diagonal(&self, c: usize) -> bool {
        self.mirror[c] == c
    }

    /// A lower bound on the moves that make the pieces symmetric again, 0 when they are:
    /// every landed piece whose mirror cell is empty needs a landing there, and every
    /// unmoved piece whose mirror image has moved needs to move (one move can do both).
    pub(super) fn unpaired(&self) -> usize {
        let landed = self
            .landed_cells
            .iter()
            .filter(|&&c| !self.landed.get(self.mirror[c]))
            .count();
        let yard = (0..self.yard.len())
            .filter(|&k| self.unmoved >> k & 1 == 1 && self.unmoved >> self.yard_refl[k] & 1 == 0)
            .count();
        landed.max(yard)
    }

    fn tick(&mut self, figures: &HashSet<Bits>, progress: &mut dyn FnMut(u64, u64)) {
        self.nodes += 1;
        if self.nodes % (1 << 20) == 0 {
            progress(self.nodes, figures.len() as u64);
        }
    }

    /// Counts the solution sequences below the current state in which the pieces are
    /// symmetric again at most `block` moves after they last were, `r` moves being left
    /// before they must be; adds the final figures to `figures`. The counts of the states
    /// done are in `memo` (a state and its reflection once, with `r` when it restricts).
    pub(super) fn count_blocks(
        &mut self,
        block: usize,
        r: usize,
        memo: &mut CountCache,
        figures: &mut HashSet<Bits>,
        progress: &mut dyn FnMut(u64, u64),
    ) -> u128 {
        self.tick(figures, progress);
        if self.solved() {
            // A figure is symmetric, so it is its own reflection.
            figures.insert(self.landed);
            return 1;
        }
        let left = self.unmoved.count_ones() as usize;
        let r = r.min(left);
        let mut key = self.table_key();
        if r < left {
            key ^= (r as u128 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835);
        }
        if let Some(c) = memo.get(key) {
            return c;
        }
        if self.over_budget(&|| false) {
            return 0;
        }
        let mut total = 0;
        for (_, k, to) in self.children(true) {
            self.play(k, to);
            let u = self.unpaired();
            if u < r {
                let next = if u == 0 { block } else { r - 1 };
                total += self.count_blocks(block, next, memo, figures, progress);
            }
            self.undo(k, to);
            if self.stopped {
                return total;
            }
        }
        memo.insert(key, total, left as u32);
        total
    }

    /// Counts the mirror-paired solution sequences ([`CountRule::Mirror`]) below the
    /// current state, which is symmetric; as [`Solver::count_blocks`] otherwise.
    pub(super) fn count_paired(
        &mut self,
        memo: &mut CountCache,
        figures: &mut HashSet<Bits>,
        progress: &mut dyn FnMut(u64, u64),
    ) -> u128 {
        self.tick(figures, progress);
        if self.unmoved == 0 {
            figures.insert(self.landed);
            return 1;
        }
        let key = self.table_key();
        if let Some(c) = memo.get(key) {
            return c;
        }
        if self.over_budget(&|| false) {
            return 0;
        }
        let occ = self.occupied();
        let mut total = 0;
        let (mut targets, mut seconds) = (Vec::new(), Vec::new());
        for k in 0..self.yard.len() {
            if self.unmoved >> k & 1 == 0 {
                continue;
            }
            let from = self.yard[k];
            targets.clear();
            self.destinations(&occ, from, &mut targets);
            for &to in &targets {
                if self.diagonal(from) != self.diagonal(to) {
                    continue;
                }
                self.play(k, to);
                if self.diagonal(from) {
                    total += self.count_paired(memo, figures, progress);
                } else {
                    // The mirror image, from the position after the first move.
                    let (k2, to2) = (self.yard_refl[k], self.mirror[to]);
                    seconds.clear();
                    self.destinations(&self.occupied(), self.yard[k2], &mut seconds);
                    if seconds.contains(&to2) {
                        self.play(k2, to2);
                        total += self.count_paired(memo, figures, progress);
                        self.undo(k2, to2);
                    }
                }
                self.undo(k, to);
                if self.stopped {
                    return total;
                }
            }
        }
        memo.insert(key, total, self.unmoved.count_ones());
        total
    }
}

#[cfg(test)]
mod tests {
    use super::super::count_solitaire;
    use super::*;
    use crate::geometry::Cell;
    use crate::position::{Move, Position};
    use std::collections::HashMap;

    /// The plain enumeration: the engine's own moves and goal test, no pruning.
    struct Plain {
        mirror: HashMap<Cell, Cell>,
        memo: HashMap<(Vec<u8>, usize, Option<Move>), u128>,
        figures: HashSet<Vec<Cell>>,
    }

    impl Plain {
        fn new(p: &Position) -> Plain {
            let g = p.geometry();
            let at: HashMap<(i32, i32), Cell> = g.cells().map(|c| (g.coord(c), c)).collect();
            let mirror = g
                .cells()
                .map(|c| {
                    let (x, y) = g.coord(c);
                    (c, at[&(y, x)])
                })
                .collect();
            Plain {
                mirror,
                memo: HashMap::new(),
                figures: HashSet::new(),
            }
        }

        fn symmetric(&self, p: &Position) -> bool {
            let pieces = p.pieces(1);
            pieces.iter().all(|c| pieces.contains(&self.mirror[c]))
        }

        fn diagonal(&self, c: Cell) -> bool {
            self.mirror[&c] == c
        }

        /// Solutions in which the pieces are symmetric again at most `block` moves after
        /// they last were (`since` moves ago); with `cross` false, no move crosses the
        /// diagonal (from a cell on it to one off it, or the other way).
        fn blocks(&mut self, p: &Position, since: usize, block: usize, cross: bool) -> u128 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                if p.winners().contains(1) {
                    let mut f = p.pieces(1);
                    f.sort();
                    self.figures.insert(f);
                    return 1;
                }
                return 0;
            }
            let key = (p.cells(), since, None);
            if let Some(&n) = self.memo.get(&key) {
                return n;
            }
            let mut total = 0;
            for m in moves {
                if !cross && self.diagonal(m.from) != self.diagonal(m.to) {
                    continue;
                }
                let q = p.after(m).unwrap();
                let s = if self.symmetric(&q) { 0 } else { since + 1 };
                if s < block {
                    total += self.blocks(&q, s, block, cross);
                }
            }
            self.memo.insert(key, total);
            total
        }

        /// Mirror-paired solutions: after a move that left its mirror image to play
        /// (`pending`), only that mirror image.
        fn mirror(&mut self, p: &Position, pending: Option<Move>) -> u128 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                return self.blocks(p, 0, 1, true);
            }
            let key = (p.cells(), 0, pending);
            if let Some(&n) = self.memo.get(&key) {
                return n;
            }
            let mut total = 0;
            for m in moves {
                let image = Move::new(self.mirror[&m.from], self.mirror[&m.to]);
                let next = match pending {
                    Some(want) if m != want => continue,
                    Some(_) => None,
                    None if image == m => None,
                    None => Some(image),
                };
                total += self.mirror(&p.after(m).unwrap(), next);
            }
            self.memo.insert(key, total);
            total
        }
    }

    /// The count with room for every state, checked against the count with a cache of
    /// 1,024 entries, which forgets most states (of up to 74,502 here) and must count the
    /// same.
    fn count(p: &Position, rule: CountRule) -> (u64, u128) {
        let c = count_solitaire(p, rule, None, 1 << 26, &mut |_, _| {}).unwrap();
        let small = count_solitaire(p, rule, None, 36 * 1024, &mut |_, _| {}).unwrap();
        assert!(c.exhaustive && small.exhaustive);
        assert_eq!(
            (small.figures, small.sequences),
            (c.figures, c.sequences),
            "{rule:?}"
        );
        assert!(small.states >= c.states, "{rule:?}");
        (c.figures, c.sequences)
    }

    #[test]
    fn the_cache_keeps_counts_within_its_size() {
        let mut cache = CountCache::new(36 * 64);
        assert_eq!(cache.max_slots, 64);
        assert_eq!(CountCache::new(36 * 64 - 1).max_slots, 32);
        for k in 1..=1000u128 {
            cache.insert(k * 0x1234_5678_9abc_def1, k, (k % 19) as u32);
        }
        assert_eq!(cache.slots, 64);
        assert!(cache.used <= 64);
        let kept = (1..=1000u128)
            .filter(|&k| match cache.get(k * 0x1234_5678_9abc_def1) {
                Some(c) => {
                    assert_eq!(c, k);
                    true
                }
                None => false,
            })
            .count();
        assert_eq!(kept, cache.used);
        // Too large for an entry: not kept.
        cache.insert(7, 1 << 60, 3);
        assert_eq!(cache.get(7), None);
    }

    fn plain_blocks(p: &Position, block: usize, cross: bool) -> (u64, u128) {
        let mut e = Plain::new(p);
        let n = e.blocks(p, 0, block, cross);
        (e.figures.len() as u64, n)
    }

    fn plain_mirror(p: &Position) -> (u64, u128) {
        let mut e = Plain::new(p);
        let n = e.mirror(p, None);
        (e.figures.len() as u64, n)
    }

    #[test]
    fn the_restricted_counts_match_a_plain_enumeration() {
        // 8×8, 10 pieces (the counts of every solution: `tests/cli.rs`, 122 figures).
        let p = Position::start("solitaire+size=8+camp=10".parse().unwrap());
        assert_eq!(count(&p, CountRule::Mirror), plain_mirror(&p));
        assert_eq!(count(&p, CountRule::Mirror), (55, 113_552));
        for b in [1, 2, 3] {
            assert_eq!(count(&p, CountRule::Block(b)), plain_blocks(&p, b, true), "{b}");
        }
        let p = Position::start("solitaire+size=8+camp=13".parse().unwrap());
        assert_eq!(count(&p, CountRule::Mirror), plain_mirror(&p));
        assert_eq!(count(&p, CountRule::Block(2)), plain_blocks(&p, 2, true));
    }

    /// Mirror pairing is `Block(2)` without the moves across the diagonal: a piece off it
    /// may not land on it, a piece on it may not leave it.
    #[test]
    fn the_pairing_rule() {
        let p = Position::start("solitaire+size=8+camp=13".parse().unwrap());
        let paired = count(&p, CountRule::Mirror);
        assert_eq!(paired, plain_blocks(&p, 2, false));
        assert_eq!(paired, (22, 155_552));
        assert_eq!(count(&p, CountRule::Block(2)), (161, 1_378_144));
        // Not from an asymmetric position.
        let mut q = p.clone();
        q.play(q.legal_moves()[0]).unwrap();
        if !Plain::new(&q).symmetric(&q) {
            let e = count_solitaire(&q, CountRule::Mirror, None, 1 << 20, &mut |_, _| {}).unwrap_err();
            assert!(e.to_string().contains("symmetric"), "{e}");
        }
    }
}
