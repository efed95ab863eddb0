//! Counting the solitaire's solutions: every solution, the solutions in which the pieces
//! are symmetric again at most every `b` moves, and the mirror-paired solutions (every
//! move followed by its mirror image). Only the CLI counts: the page never reaches this.

use super::{Bits, Solver};
use std::collections::{HashMap, HashSet};

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
        memo: &mut HashMap<u128, u128>,
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
        if let Some(&c) = memo.get(&key) {
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
        memo.insert(key, total);
        total
    }

    /// Counts the mirror-paired solution sequences ([`CountRule::Mirror`]) below the
    /// current state, which is symmetric; as [`Solver::count_blocks`] otherwise.
    pub(super) fn count_paired(
        &mut self,
        memo: &mut HashMap<u128, u128>,
        figures: &mut HashSet<Bits>,
        progress: &mut dyn FnMut(u64, u64),
    ) -> u128 {
        self.tick(figures, progress);
        if self.unmoved == 0 {
            figures.insert(self.landed);
            return 1;
        }
        let key = self.table_key();
        if let Some(&c) = memo.get(&key) {
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
        memo.insert(key, total);
        total
    }
}

#[cfg(test)]
mod tests {
    use super::super::count_solitaire;
    use super::*;
    use crate::geometry::Cell;
    use crate::position::{Move, Position};

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

    fn count(p: &Position, rule: CountRule) -> (u64, u128) {
        let c = count_solitaire(p, rule, None, &mut |_, _| {}).unwrap();
        assert!(c.exhaustive);
        (c.figures, c.sequences)
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
            let e = count_solitaire(&q, CountRule::Mirror, None, &mut |_, _| {}).unwrap_err();
            assert!(e.to_string().contains("symmetric"), "{e}");
        }
    }
}
