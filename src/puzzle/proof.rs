//! An exact search for crossings: is there a solution in at most `N` moves? Used by
//! `halma puzzle prove` only (never by the page).
//!
//! A breadth-first search from the start, cut by an admissible lower bound, that meets
//! itself in the middle: a crossing's moves are reversible, and a symmetry of the board
//! that swaps the two camps (the star's half turn, the square's reflection in the
//! anti-diagonal) maps the positions `k` moves from the goal onto those `k` moves from the
//! start. So a solution in `L ≤ N` moves exists exactly when some position `P` at most
//! `⌊N/2⌋` moves from the start has its image at most `N - depth(P)` moves from the start.
//! Positions are kept modulo the symmetries that fix both camps (the star's mirror).
//!
//! The lower bound projects a position onto each family of parallel lines: how many
//! pieces stand on each line. In the projection a piece steps to a neighbouring line or
//! hops over any line that holds another piece, which every real move is; the exact
//! distances to the goal's projection, by a breadth-first search over all projected
//! positions, bound the real distance from below. The bound is the largest over the
//! families.

use super::crossing::{bits as cells_of, Board};

/// A position: the occupied model cells (at most 128).
type Key = u128;

/// One family of parallel lines and the exact distances in its projection.
struct Projection {
    /// The line of each model cell, `0..lines`.
    line: Vec<u8>,
    /// Cells per line.
    cap: Vec<u8>,
    /// The nonzero changes of line a step can make.
    deltas: Vec<i32>,
    /// The distance to the goal of each projected position (by its rank), `u8::MAX` when
    /// the goal cannot be reached.
    dist: Vec<u8>,
}

/// The figures of a proof attempt.
#[derive(Clone, Debug, Default)]
pub struct ProofReport {
    /// The shortest solution of at most `N` moves, in moves; `None` proves there is none.
    pub shortest: Option<usize>,
    /// The lower bound at the start.
    pub bound_at_start: usize,
    /// Distinct positions (modulo the symmetries) kept per depth from the start.
    pub layers: Vec<u64>,
    /// Positions generated (every child of every kept position).
    pub generated: u64,
    /// The shortest solution, as `(from, to)` model cells, when there is one.
    pub(crate) line: Vec<(usize, usize)>,
    /// The shortest solution in hop-path notation (filled by [`crate::puzzle::Puzzle::prove`]),
    /// checked by replaying it.
    pub solution: Vec<String>,
}

/// The exact search's board: the moves on bit sets, the symmetries and the bounds.
pub(crate) struct Prover {
    nbr: Vec<[u16; 8]>,
    start: Key,
    goal: Key,
    /// Cell maps that fix both camps (without the identity), to keep one of each class.
    fix: Vec<Vec<u8>>,
    /// A cell map that swaps the two camps.
    swap: Vec<u8>,
    proj: Vec<Projection>,
    pieces: usize,
    binom: Vec<Vec<u64>>,
}

const NONE: u16 = u16::MAX;

fn bit(i: usize) -> Key {
    1 << i
}

fn map_key(k: Key, perm: &[u8]) -> Key {
    cells_of(k).fold(0, |a, i| a | bit(perm[i] as usize))
}

impl Prover {
    /// The prover of the crossing `b`, from `start` to `goal` (sets of model cells with as
    /// many pieces), or an error when the board is too large for it or no symmetry swaps
    /// the two.
    pub(crate) fn new(b: &Board, start: &[usize], goal: &[usize]) -> Result<Prover, String> {
        Prover::new_with(b, start, goal, true)
    }

    /// [`Prover::new`], with the bound's tables only when `bounds`.
    fn new_with(b: &Board, start: &[usize], goal: &[usize], bounds: bool) -> Result<Prover, String> {
        let n = b.cells.len();
        if n > 128 {
            return Err(format!("{n} cells: the prover handles at most 128"));
        }
        if start.len() != goal.len() || start.len() > 15 {
            return Err("the start and the goal need as many pieces, at most 15".into());
        }
        let nbr = b.neighbours().to_vec();
        let coord: Vec<(i32, i32)> = b.cells.iter().map(|&c| b.geo.coord(c)).collect();
        // The direction vector of each neighbour slot.
        let mut dirs: Vec<Option<(i32, i32)>> = vec![None; 8];
        for (i, row) in nbr.iter().enumerate() {
            for (k, &j) in row.iter().enumerate() {
                if j != NONE {
                    let (a, c) = (coord[i], coord[j as usize]);
                    dirs[k] = Some((c.0 - a.0, c.1 - a.1));
                }
            }
        }
        let dirs: Vec<(i32, i32)> = dirs.into_iter().flatten().collect();
        let key = |cells: &[usize]| cells.iter().fold(0, |a, &i| a | bit(i));
        let (start, goal) = (key(start), key(goal));
        // The lattice maps (2×2 matrices of -1, 0, 1 permuting the directions) that map the
        // cells onto themselves, as permutations of the model cells.
        let at = |p: (i32, i32)| coord.iter().position(|&c| c == p);
        let mut fix = Vec::new();
        let mut swap = None;
        for m in 0..81 {
            let e = [m % 3 - 1, m / 3 % 3 - 1, m / 9 % 3 - 1, m / 27 % 3 - 1];
            let f = |(x, y): (i32, i32)| (e[0] * x + e[1] * y, e[2] * x + e[3] * y);
            if e == [1, 0, 0, 1] || !dirs.iter().all(|&d| dirs.contains(&f(d))) {
                continue;
            }
            let img: Vec<(i32, i32)> = coord.iter().map(|&c| f(c)).collect();
            let min = |v: &[(i32, i32)]| {
                v.iter()
                    .fold((i32::MAX, i32::MAX), |a, c| (a.0.min(c.0), a.1.min(c.1)))
            };
            let (lo, ilo) = (min(&coord), min(&img));
            let perm: Option<Vec<u8>> = img
                .iter()
                .map(|&(x, y)| at((x + lo.0 - ilo.0, y + lo.1 - ilo.1)).map(|i| i as u8))
                .collect();
            let Some(perm) = perm else { continue };
            let (s, g) = (map_key(start, &perm), map_key(goal, &perm));
            if s == start && g == goal {
                fix.push(perm);
            } else if s == goal && g == start && swap.is_none() {
                swap = Some(perm);
            }
        }
        let swap = swap.ok_or("no symmetry of the board swaps the start and the goal")?;
        let mut binom = vec![vec![0u64; 17]; 160];
        for row in binom.iter_mut() {
            row[0] = 1;
        }
        for i in 1..160 {
            for j in 1..17 {
                binom[i][j] = binom[i - 1][j - 1].saturating_add(binom[i - 1][j]);
            }
        }
        let mut p = Prover {
            nbr,
            start,
            goal,
            fix,
            swap,
            proj: Vec::new(),
            pieces: start.count_ones() as usize,
            binom,
        };
        // One projection per family of lines (a direction and its opposite).
        let mut families: Vec<(i32, i32)> = Vec::new();
        for &d in &dirs {
            if !families.iter().any(|&f| f == d || f == (-d.0, -d.1)) {
                families.push(d);
            }
        }
        for d in families.into_iter().filter(|_| bounds) {
            let v: Vec<i32> = coord.iter().map(|&(x, y)| d.0 * y - d.1 * x).collect();
            let lo = *v.iter().min().unwrap_or(&0);
            let line: Vec<u8> = v.iter().map(|&x| (x - lo) as u8).collect();
            let lines = *line.iter().max().unwrap_or(&0) as usize + 1;
            let mut cap = vec![0u8; lines];
            for &l in &line {
                cap[l as usize] += 1;
            }
            let mut deltas: Vec<i32> = dirs
                .iter()
                .map(|&(x, y)| d.0 * y - d.1 * x)
                .filter(|&x| x != 0)
                .collect();
            deltas.sort();
            deltas.dedup();
            // Too many projected positions to tabulate: leave the family out.
            if lines + p.pieces > 159 || p.binom[lines + p.pieces - 1][p.pieces] > 60_000_000 {
                continue;
            }
            let mut pr = Projection {
                line,
                cap,
                deltas,
                dist: Vec::new(),
            };
            pr.dist = p.tabulate(&pr);
            p.proj.push(pr);
        }
        Ok(p)
    }

    /// The rank of a projected position (pieces per line) among all with as many pieces.
    fn rank(&self, counts: &[u8]) -> usize {
        let mut r = 0;
        let mut i = 0;
        for (v, &c) in counts.iter().enumerate() {
            for _ in 0..c {
                r += self.binom[v + i][i + 1];
                i += 1;
            }
        }
        r as usize
    }

    fn unrank(&self, mut r: u64, lines: usize, counts: &mut [u8]) {
        counts.iter_mut().for_each(|c| *c = 0);
        let n = self.pieces;
        for i in (0..n).rev() {
            // The largest b with C(b, i + 1) <= r.
            let mut b = i;
            while b + 1 < lines + n && self.binom[b + 1][i + 1] <= r {
                b += 1;
            }
            r -= self.binom[b][i + 1];
            counts[b - i] += 1;
        }
    }

    /// The distances to the goal in a projection, by a breadth-first search from the goal
    /// (the projected moves are reversible).
    fn tabulate(&self, pr: &Projection) -> Vec<u8> {
        let lines = pr.cap.len();
        let total = self.binom[lines + self.pieces - 1][self.pieces] as usize;
        let mut dist = vec![u8::MAX; total];
        let mut counts = vec![0u8; lines];
        for i in cells_of(self.goal) {
            counts[pr.line[i] as usize] += 1;
        }
        let g = self.rank(&counts);
        dist[g] = 0;
        let mut frontier = vec![g as u64];
        let mut d = 0u8;
        let mut reach = vec![false; lines];
        while !frontier.is_empty() && d < u8::MAX - 1 {
            let mut next = Vec::new();
            for &r in &frontier {
                self.unrank(r, lines, &mut counts);
                for from in 0..lines {
                    if counts[from] == 0 {
                        continue;
                    }
                    counts[from] -= 1;
                    // Steps, then the lines hop chains reach (any other piece is a stone).
                    reach.iter_mut().for_each(|x| *x = false);
                    let mut stack = vec![from];
                    let mut seen = vec![false; lines];
                    seen[from] = true;
                    while let Some(u) = stack.pop() {
                        for &dl in &pr.deltas {
                            let (mid, to) = (u as i32 + dl, u as i32 + 2 * dl);
                            if to < 0 || to >= lines as i32 || counts[mid as usize] == 0 {
                                continue;
                            }
                            let to = to as usize;
                            if !seen[to] {
                                seen[to] = true;
                                reach[to] = true;
                                stack.push(to);
                            }
                        }
                    }
                    for &dl in &pr.deltas {
                        let to = from as i32 + dl;
                        if to >= 0 && (to as usize) < lines {
                            reach[to as usize] = true;
                        }
                    }
                    for to in 0..lines {
                        if reach[to] && to != from && counts[to] < pr.cap[to] {
                            counts[to] += 1;
                            let q = self.rank(&counts);
                            if dist[q] == u8::MAX {
                                dist[q] = d + 1;
                                next.push(q as u64);
                            }
                            counts[to] -= 1;
                        }
                    }
                    counts[from] += 1;
                }
            }
            frontier = next;
            d += 1;
        }
        dist
    }

    /// The lower bound on the moves from `k` to the goal (`u8::MAX`: unreachable).
    pub(crate) fn bound(&self, k: Key) -> u8 {
        let mut best = 0;
        let mut counts = [0u8; 64];
        for pr in &self.proj {
            let lines = pr.cap.len();
            counts[..lines].iter_mut().for_each(|c| *c = 0);
            for i in cells_of(k) {
                counts[pr.line[i] as usize] += 1;
            }
            best = best.max(pr.dist[self.rank(&counts[..lines])]);
        }
        best
    }

    /// The representative of `k` among its images under the maps that fix both camps.
    fn canon(&self, k: Key) -> Key {
        self.fix.iter().fold(k, |a, p| a.min(map_key(k, p)))
    }

    /// Calls `f` with every position one move from `k`.
    fn children(&self, k: Key, mut f: impl FnMut(Key)) {
        let mut stack = Vec::with_capacity(32);
        for from in cells_of(k) {
            let rest = k & !bit(from);
            for &t in &self.nbr[from] {
                if t != NONE && k & bit(t as usize) == 0 {
                    f(rest | bit(t as usize));
                }
            }
            // Hop chains: every landing once.
            let mut seen: Key = bit(from);
            stack.clear();
            stack.push(from);
            while let Some(c) = stack.pop() {
                for d in 0..8 {
                    let over = self.nbr[c][d];
                    if over == NONE || rest & bit(over as usize) == 0 {
                        continue;
                    }
                    let to = self.nbr[over as usize][d];
                    if to == NONE || (rest | seen) & bit(to as usize) != 0 {
                        continue;
                    }
                    seen |= bit(to as usize);
                    stack.push(to as usize);
                    f(rest | bit(to as usize));
                }
            }
        }
    }

    /// Decides whether a solution of at most `n` moves exists, and finds the length of the
    /// shortest one when it does. `progress(depth, kept, generated)` after each depth.
    pub(crate) fn prove(&self, n: usize, progress: &mut dyn FnMut(usize, u64, u64)) -> ProofReport {
        let mut report = ProofReport {
            bound_at_start: self.bound(self.start) as usize,
            ..ProofReport::default()
        };
        if self.start == self.goal {
            report.shortest = Some(0);
            return report;
        }
        let half = n.div_ceil(2);
        // layers[d]: the kept positions first reached at depth d, sorted.
        let mut layers: Vec<Vec<Key>> = vec![vec![self.canon(self.start)]];
        report.layers.push(1);
        if report.bound_at_start > n {
            return report;
        }
        for d in 1..=half {
            let mut next: Vec<Key> = Vec::new();
            let mut buf: Vec<Key> = Vec::new();
            let (cur, prev) = (&layers[d - 1], d.checked_sub(2).map(|i| &layers[i]));
            let flush = |buf: &mut Vec<Key>, next: &mut Vec<Key>| {
                buf.sort_unstable();
                buf.dedup();
                buf.retain(|k| {
                    cur.binary_search(k).is_err() && prev.is_none_or(|p| p.binary_search(k).is_err())
                });
                let mut merged = Vec::with_capacity(next.len() + buf.len());
                let (mut i, mut j) = (0, 0);
                while i < next.len() || j < buf.len() {
                    if j == buf.len() || (i < next.len() && next[i] < buf[j]) {
                        merged.push(next[i]);
                        i += 1;
                    } else {
                        if i < next.len() && next[i] == buf[j] {
                            i += 1;
                        }
                        merged.push(buf[j]);
                        j += 1;
                    }
                }
                *next = merged;
                buf.clear();
            };
            for &k in cur {
                self.children(k, |c| {
                    report.generated += 1;
                    if (d + self.bound(c) as usize) <= n {
                        buf.push(self.canon(c));
                    }
                });
                if buf.len() >= 1 << 22 {
                    flush(&mut buf, &mut next);
                }
            }
            flush(&mut buf, &mut next);
            report.layers.push(next.len() as u64);
            progress(d, next.len() as u64, report.generated);
            layers.push(next);
            if layers[d].is_empty() {
                break;
            }
        }
        // The meeting: P at depth i <= n/2 whose image under the swap is at depth j.
        let mut best: Option<(usize, usize, usize, Key)> = None;
        for (i, layer) in layers.iter().enumerate().take(n / 2 + 1) {
            for &k in layer {
                let img = self.canon(map_key(k, &self.swap));
                for (j, other) in layers.iter().enumerate() {
                    if i + j <= n && best.is_none_or(|b| i + j < b.0) && other.binary_search(&img).is_ok() {
                        best = Some((i + j, i, j, k));
                    }
                }
            }
        }
        if let Some((len, i, j, k)) = best {
            report.shortest = Some(len);
            // start → P, then P → goal as the swap's inverse of start → swap(P), reversed.
            let mut inverse = vec![0u8; self.swap.len()];
            for (a, &b) in self.swap.iter().enumerate() {
                inverse[b as usize] = a as u8;
            }
            let mut line = self.trace(&layers, k, i);
            let back: Vec<Key> = self
                .trace(&layers, map_key(k, &self.swap), j)
                .iter()
                .map(|&q| map_key(q, &inverse))
                .collect();
            line.extend(back.iter().rev().skip(1));
            report.line = line
                .windows(2)
                .map(|w| {
                    let from = (w[0] & !w[1]).trailing_zeros() as usize;
                    let to = (w[1] & !w[0]).trailing_zeros() as usize;
                    (from, to)
                })
                .collect();
        }
        report
    }

    /// A line of positions from the start to `k`, which the search kept at depth `d`: each
    /// step back is a move (moves are reversible) to a position kept one depth earlier.
    fn trace(&self, layers: &[Vec<Key>], k: Key, d: usize) -> Vec<Key> {
        let mut line = vec![k];
        let mut at = k;
        for e in (0..d).rev() {
            let mut prev = None;
            self.children(at, |c| {
                if prev.is_none() && layers[e].binary_search(&self.canon(c)).is_ok() {
                    prev = Some(c);
                }
            });
            // Every kept position has a parent kept one depth earlier.
            at = prev.unwrap_or(self.start);
            line.push(at);
        }
        line.reverse();
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::find;
    use std::collections::HashMap;

    /// The exact distance from `start` to `goal` by a plain breadth-first search (no bound,
    /// no symmetry).
    fn bfs(p: &Prover, start: Key, goal: Key) -> Option<usize> {
        let mut seen = HashMap::from([(start, 0usize)]);
        let mut frontier = vec![start];
        let mut d = 0;
        while !frontier.is_empty() {
            if frontier.contains(&goal) {
                return Some(d);
            }
            let mut next = Vec::new();
            for &k in &frontier {
                p.children(k, |c| {
                    if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(c) {
                        e.insert(d + 1);
                        next.push(c);
                    }
                });
            }
            frontier = next;
            d += 1;
        }
        None
    }

    /// A crossing of `name` with only `k` pieces of its camp, the farthest from the target,
    /// into the image of those cells under the swap.
    fn small(name: &str, k: usize) -> (Prover, Key, Key) {
        let b = find(name).unwrap().board_model();
        let mut start = b.start_cells();
        start.sort_by_key(|&i| (-b.distance(i), i));
        start.truncate(k);
        let swap = Prover::new_with(&b, &b.start_cells(), &b.goal_cells(), false)
            .unwrap()
            .swap;
        let goal: Vec<usize> = start.iter().map(|&i| swap[i] as usize).collect();
        let p = Prover::new(&b, &start, &goal).unwrap();
        let (s, g) = (p.start, p.goal);
        (p, s, g)
    }

    #[test]
    fn the_prover_agrees_with_a_plain_search_on_small_crossings() {
        for (name, k) in [
            ("star-crossing", 3),
            ("halma-8x8-crossing", 3),
            ("halma-8x8-crossing", 4),
        ] {
            let (p, s, g) = small(name, k);
            let exact = bfs(&p, s, g).expect("solvable");
            assert!(
                p.bound(s) as usize <= exact,
                "{name} {k}: the bound is admissible"
            );
            let r = p.prove(exact, &mut |_, _, _| {});
            assert_eq!(r.shortest, Some(exact), "{name} {k}");
            // The line it gives is a solution: legal moves from the start to the goal.
            assert_eq!(r.line.len(), exact, "{name} {k}");
            let mut at = s;
            for &(from, to) in &r.line {
                let mut legal = false;
                p.children(at, |c| legal |= c == (at & !bit(from)) | bit(to));
                assert!(legal && at & bit(from) != 0, "{name} {k}: {from}-{to}");
                at = (at & !bit(from)) | bit(to);
            }
            assert_eq!(at, g, "{name} {k}");
            let r = p.prove(exact - 1, &mut |_, _, _| {});
            assert_eq!(r.shortest, None, "{name} {k}: nothing shorter");
            let r = p.prove(exact + 3, &mut |_, _, _| {});
            assert_eq!(
                r.shortest,
                Some(exact),
                "{name} {k}: the shortest within a looser limit"
            );
        }
    }
}
