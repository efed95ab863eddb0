//! Crossing puzzles: one army alone on the board, from its camp into the opposite one in as
//! few moves as possible. A small board model of its own (the cells in play, steps and hop
//! chains, no other seat; a target lock only for the shortest game's two armies, which
//! move on it too) and a beam search for short solutions.
//!
//! The beam keeps, after every move, the `width` most promising distinct positions: least
//! total distance to the target, with a penalty for the spread between the leading and the
//! trailing piece (an army that strings out has no ladders left to hop on). It proves
//! nothing about optimality; the pars it finds are recorded in `docs/puzzles.md`.

use crate::geometry::{Cell, Geometry, Shape};
use std::collections::HashSet;

/// A set of cells of the board model (up to 256).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub(crate) struct Set([u64; 4]);

impl Set {
    pub(crate) fn get(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 == 1
    }
    pub(crate) fn set(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }
    pub(crate) fn clear(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }
    pub(crate) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (0..4).flat_map(|w| bits(self.0[w] as u128).map(move |i| 64 * w + i))
    }
}

/// The set of the model cells `0..128` whose bits are set in `k`.
impl From<u128> for Set {
    fn from(k: u128) -> Set {
        Set([k as u64, (k >> 64) as u64, 0, 0])
    }
}

/// The indices of the set bits of `k`, lowest first.
pub(crate) fn bits(mut k: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (k != 0).then(|| {
            let i = k.trailing_zeros() as usize;
            k &= k - 1;
            i
        })
    })
}

const NONE: u16 = u16::MAX;

/// A position the beam kept: the army, its parent in the layer before, the move to it.
type Kept = (Set, usize, (usize, usize));

/// The cells in play and how they connect.
pub(crate) struct Board {
    pub geo: Geometry,
    /// The board's cell of each model cell.
    pub cells: Vec<Cell>,
    /// Per model cell, per direction: the neighbour, or `NONE`.
    nbr: Vec<[u16; 8]>,
    /// Per model cell: distance to the target camp's far corner or point.
    dist: Vec<i32>,
    pub start: Set,
    pub goal: Set,
}

impl Board {
    /// The board of `geo` restricted to the cells `keep` accepts, the army starting in camp
    /// `home` and going to the opposite camp.
    pub(crate) fn new(geo: Geometry, home: usize, keep: &dyn Fn(Cell) -> bool) -> Board {
        let cells: Vec<Cell> = geo.cells().filter(|&c| keep(c)).collect();
        // The model cell at each coordinate, on a dense grid over the cells' bounding box
        // (a plain vector: the page's wasm has no hash map to spare for it).
        let (x0, y0) = cells.iter().fold((i32::MAX, i32::MAX), |(a, b), &c| {
            let (x, y) = geo.coord(c);
            (a.min(x), b.min(y))
        });
        let (x1, y1) = cells.iter().fold((i32::MIN, i32::MIN), |(a, b), &c| {
            let (x, y) = geo.coord(c);
            (a.max(x), b.max(y))
        });
        let w = x1 - x0 + 1;
        let mut grid = vec![NONE; (w * (y1 - y0 + 1)).max(0) as usize];
        for (i, &c) in cells.iter().enumerate() {
            let (x, y) = geo.coord(c);
            grid[((y - y0) * w + x - x0) as usize] = i as u16;
        }
        let at = |x: i32, y: i32| -> Option<usize> {
            if x < x0 || x > x1 || y < y0 || y > y1 {
                return None;
            }
            match grid[((y - y0) * w + x - x0) as usize] {
                NONE => None,
                i => Some(i as usize),
            }
        };
        let dirs: &[(i32, i32)] = match geo.shape() {
            Shape::Square { .. } => &[
                (1, 0),
                (1, 1),
                (0, 1),
                (-1, 1),
                (-1, 0),
                (-1, -1),
                (0, -1),
                (1, -1),
            ],
            Shape::Star { .. } => &[(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)],
        };
        let nbr = cells
            .iter()
            .map(|&c| {
                let (x, y) = geo.coord(c);
                let mut n = [NONE; 8];
                for (k, &(dx, dy)) in dirs.iter().enumerate() {
                    if let Some(j) = at(x + dx, y + dy) {
                        n[k] = j as u16;
                    }
                }
                n
            })
            .collect();
        let dist = cells.iter().map(|&c| geo.distance_to_target(home, c)).collect();
        let mut start = Set::default();
        let mut goal = Set::default();
        let target = geo.opposite_camp(home);
        for (i, c) in cells.iter().enumerate() {
            if geo.camp(home).contains(c) {
                start.set(i);
            }
            if geo.camp(target).contains(c) {
                goal.set(i);
            }
        }
        Board {
            geo,
            cells,
            nbr,
            dist,
            start,
            goal,
        }
    }

    /// The model cell named `name`.
    pub(crate) fn index(&self, name: &str) -> Option<usize> {
        let c = self.geo.cell_by_name(name)?;
        self.cells.iter().position(|&d| d == c)
    }

    /// Per model cell, per direction: the neighbour, or `u16::MAX`.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn neighbours(&self) -> &[[u16; 8]] {
        &self.nbr
    }

    /// The model cells of the start, in order.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn start_cells(&self) -> Vec<usize> {
        self.start.iter().filter(|&i| i < self.cells.len()).collect()
    }

    /// The model cells of the goal, in order.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn goal_cells(&self) -> Vec<usize> {
        self.goal.iter().filter(|&i| i < self.cells.len()).collect()
    }

    /// The distance of model cell `i` to the target's far corner or point.
    #[cfg(test)]
    pub(crate) fn distance(&self, i: usize) -> i32 {
        self.dist[i]
    }

    /// The name of model cell `i`.
    pub(crate) fn name(&self, i: usize) -> &str {
        self.geo.name(self.cells[i])
    }

    /// Calls `f(to, via)` for every landing of the piece on `from` among the pieces `occ`:
    /// steps (`via` = `from`), then hop chains (`via` = the cell the last hop started
    /// from), each landing once. `lock` is a target lock (empty for none): a piece on a
    /// cell of `lock`, at the start or during a chain, lands only on cells of `lock`.
    pub(crate) fn each_move(&self, occ: &Set, lock: &Set, from: usize, mut f: impl FnMut(usize, usize)) {
        let free = |c: usize, t: usize| !lock.get(c) || lock.get(t);
        for &t in &self.nbr[from] {
            if t != NONE && !occ.get(t as usize) && free(from, t as usize) {
                f(t as usize, from);
            }
        }
        let mut seen = Set::default();
        seen.set(from);
        // Each landing is pushed once: at most 256.
        let mut stack = [0u16; 256];
        stack[0] = from as u16;
        let mut sp = 1;
        while sp > 0 {
            sp -= 1;
            let c = stack[sp] as usize;
            for k in 0..8 {
                let over = self.nbr[c][k];
                if over == NONE || over as usize == from || !occ.get(over as usize) {
                    continue;
                }
                let to = self.nbr[over as usize][k];
                if to == NONE
                    || (occ.get(to as usize) && to as usize != from)
                    || seen.get(to as usize)
                    || !free(c, to as usize)
                {
                    continue;
                }
                seen.set(to as usize);
                stack[sp] = to;
                sp += 1;
                f(to as usize, c);
            }
        }
    }

    /// The moves of the army `occ` (every piece is its own), as `(from, to)`.
    pub(crate) fn moves(&self, occ: &Set) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for from in occ.iter() {
            self.each_move(occ, &Set::default(), from, |to, _| out.push((from, to)));
        }
        out
    }

    /// A hop path (or the step) of `from`-`to` for `occ`, all cells, or `None` when it is
    /// not a move.
    pub(crate) fn path(&self, occ: &Set, from: usize, to: usize) -> Option<Vec<usize>> {
        self.locked_path(occ, &Set::default(), from, to)
    }

    /// [`Board::path`] under the target lock `lock` (see [`Board::each_move`]).
    pub(crate) fn locked_path(&self, occ: &Set, lock: &Set, from: usize, to: usize) -> Option<Vec<usize>> {
        // The cell each landing was first reached from.
        let mut prev = vec![NONE; self.cells.len()];
        let mut is_step = false;
        self.each_move(occ, lock, from, |t, via| {
            if t == to && via == from && self.nbr[from].contains(&(t as u16)) && !occ.get(t) {
                is_step = true;
            }
            if prev[t] == NONE {
                prev[t] = via as u16;
            }
        });
        if is_step {
            return Some(vec![from, to]);
        }
        if prev.get(to).is_none_or(|&p| p == NONE) {
            return None;
        }
        let mut line = vec![to];
        let mut c = to;
        while c != from {
            c = prev[c] as usize;
            line.push(c);
        }
        line.reverse();
        Some(line)
    }

    /// Parses and checks a move in hop-path notation (`a1-c3-e5` or `from-to`) for the army
    /// `occ`, each hop in turn. Returns `(from, to)`.
    pub(crate) fn parse_path(&self, occ: &Set, text: &str) -> Result<(usize, usize), String> {
        let cells = text
            .split('-')
            .map(|n| {
                self.index(n)
                    .ok_or_else(|| format!("{n} is not a cell of the puzzle"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let (&from, &to) = (
            cells.first().ok_or("empty move")?,
            cells.last().ok_or("empty move")?,
        );
        if cells.len() < 2 || !occ.get(from) {
            return Err(format!("{text}: no piece to move"));
        }
        if cells.len() == 2 && self.nbr[from].contains(&(to as u16)) {
            return if occ.get(to) {
                Err(format!("{text}: occupied"))
            } else {
                Ok((from, to))
            };
        }
        let mut o = *occ;
        o.clear(from);
        // The cells the chain has landed on (a bit set: no hash set in the module for this).
        let mut seen = Set::default();
        seen.set(from);
        for w in cells.windows(2) {
            let ok = (0..8).any(|k| {
                let over = self.nbr[w[0]][k];
                over != NONE && o.get(over as usize) && self.nbr[over as usize][k] == w[1] as u16
            });
            if !ok || o.get(w[1]) || seen.get(w[1]) {
                return Err(format!("{text}: not a hop chain"));
            }
            seen.set(w[1]);
        }
        Ok((from, to))
    }

    /// The beam's score of a position: lower is better.
    fn score(&self, occ: &Set) -> i32 {
        let (mut sum, mut lo, mut hi) = (0, i32::MAX, 0);
        for i in occ.iter() {
            let d = self.dist[i];
            sum += d;
            lo = lo.min(d);
            hi = hi.max(d);
        }
        4 * sum + 3 * (hi - lo)
    }

    /// A beam search: the shortest solution it finds within `max_moves`, as `(from, to)`
    /// moves, with `width` positions per move. `progress(move, best score)` after each move.
    pub(crate) fn beam(
        &self,
        width: usize,
        max_moves: usize,
        progress: &mut dyn FnMut(usize, i32),
    ) -> Option<Vec<(usize, usize)>> {
        // Per layer: (position, parent index in the previous layer, move).
        let mut layers: Vec<Vec<Kept>> = vec![vec![(self.start, 0, (0, 0))]];
        let mut seen: HashSet<Set> = HashSet::from([self.start]);
        for depth in 1..=max_moves {
            let mut next: Vec<(i32, Set, usize, (usize, usize))> = Vec::new();
            for (pi, (occ, _, _)) in layers[depth - 1].iter().enumerate() {
                for (from, to) in self.moves(occ) {
                    let mut o = *occ;
                    o.clear(from);
                    o.set(to);
                    if !seen.insert(o) {
                        continue;
                    }
                    if o == self.goal {
                        let mut line = vec![(from, to)];
                        let mut at = pi;
                        for d in (1..depth).rev() {
                            let (_, parent, m) = layers[d][at];
                            line.push(m);
                            at = parent;
                        }
                        line.reverse();
                        return Some(line);
                    }
                    next.push((self.score(&o), o, pi, (from, to)));
                }
            }
            if next.is_empty() {
                return None;
            }
            if next.len() > width {
                next.select_nth_unstable_by_key(width, |e| (e.0, e.1));
                next.truncate(width);
            }
            progress(depth, next.iter().map(|e| e.0).min().unwrap_or(0));
            // Positions of earlier layers are rarely met again: only the kept ones stay
            // known, which bounds the memory.
            seen = next.iter().map(|e| e.1).collect();
            layers.push(next.into_iter().map(|(_, o, p, m)| (o, p, m)).collect());
        }
        None
    }
}
