//! The exhaustive solitaire search under the reading "no piece moves twice" (each piece
//! moves once or stays at home).
//!
//! With as many moves as pieces (19 and 19 on 16×16), that is the natural way to read the
//! puzzle. This search decides it: it returns a solution, or visits every line (up to
//! equivalences) and proves there is none. Lines in which a piece moves twice are the
//! beam's ([`super::search_solitaire`]), without a proof. The search and its bound are
//! described on `Prover` and `Prover::feasible`; measurements are in
//! `docs/notes/puzzle-history.md`.

use crate::error::{Error, ErrorKind};
use crate::geometry::{Cell, Shape};
use crate::position::{Move, Position};
use crate::variant::{Variant, VariantId};

/// Words of the cell bit set: boards up to 20×20.
const WORDS: usize = 7;

#[derive(Clone, Copy, PartialEq, Eq)]
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

/// What [`solve_each_once`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnceResult {
    /// A solution in which no piece moves twice.
    Solved {
        /// The moves, from the start.
        moves: Vec<Move>,
        /// States visited.
        states: u64,
    },
    /// Every line was visited (up to equivalences): there is no solution in which no piece
    /// moves twice.
    NoSolution {
        /// States visited.
        states: u64,
    },
}

impl OnceResult {
    /// States visited.
    pub fn states(&self) -> u64 {
        match *self {
            OnceResult::Solved { states, .. } | OnceResult::NoSolution { states } => states,
        }
    }

    /// The solution, if there is one.
    pub fn solution(&self) -> Option<&[Move]> {
        match self {
            OnceResult::Solved { moves, .. } => Some(moves),
            OnceResult::NoSolution { .. } => None,
        }
    }
}

/// Decides the solitaire puzzle of `variant` under the reading "no piece moves twice"
/// (each moves once or stays at home): a solution, or the proof by exhaustive search that
/// none exists. `progress` is called now and then with the states visited so far. The
/// 16×16 puzzle has none: 298,522,225 states, about 12 minutes and up to 3 GB of memory
/// (see [`recorded_once_result`]).
///
/// Errors: `variant` is not a solitaire variant, has long jumps (the frontier bound assumes
/// short hops), or a board so small that a step can reach the mirror line.
///
/// # Examples
/// ```
/// use halma::{puzzle::{solve_each_once, OnceResult}, Game, Outcome};
/// let v = "solitaire+size=8+camp=10".parse()?;
/// let OnceResult::Solved { moves, .. } = solve_each_once(v, &mut |_| {})? else {
///     panic!("8×8 has solutions");
/// };
/// let mut g = Game::new(v);
/// for m in moves {
///     g.play(m)?;
/// }
/// assert!(matches!(g.outcome(), Some(Outcome::Win { .. })));
/// # Ok::<(), halma::Error>(())
/// ```
pub fn solve_each_once(variant: Variant, progress: &mut dyn FnMut(u64)) -> Result<OnceResult, Error> {
    let mut p = Prover::new(variant)?;
    p.progress = Some(progress);
    p.dfs(false);
    let states = p.nodes;
    Ok(match p.solution.take() {
        Some(line) => OnceResult::Solved {
            moves: line
                .iter()
                .map(|&(k, to)| Move::new(p.cell_of[p.yard[k]], p.cell_of[to]))
                .collect(),
            states,
        },
        None => OnceResult::NoSolution { states },
    })
}

/// States the search of the standard 16×16 puzzle visits to prove it has no solution.
const STANDARD_PUZZLE_STATES: u64 = 298_522_225;

/// The result of [`solve_each_once`] for `variant`, when it is recorded because the search
/// takes too long to run on demand: only the standard 16×16 puzzle (no solution; 12 minutes
/// and 3 GB, repeated by the ignored test `standard_puzzle_has_no_once_solution`). `None`
/// for every other variant: the smaller boards answer in a moment, some with solutions.
pub fn recorded_once_result(variant: &Variant) -> Option<OnceResult> {
    (*variant == Variant::new(VariantId::Solitaire)).then_some(OnceResult::NoSolution {
        states: STANDARD_PUZZLE_STATES,
    })
}

/// Whether [`solve_each_once`] is known to find no solution for `variant`, from
/// [`recorded_once_result`].
pub fn proved_no_once_solution(variant: &Variant) -> bool {
    matches!(recorded_once_result(variant), Some(OnceResult::NoSolution { .. }))
}

/// Hop and step targets of one cell.
#[derive(Default)]
struct Links {
    steps: Vec<u16>,
    /// `(jumped cell, landing cell)`.
    hops: Vec<(u16, u16)>,
}

/// The depth-first search over states "which pieces have moved, and where they landed"
/// (the unmoved ones are still on their home cells). A state known to have no solution
/// below it is kept in a table keyed by a 128-bit hash, and a state and its reflection in
/// the `x = y` diagonal (which maps the corner camp and the mirror onto themselves) count
/// as one. A state is cut when a lower bound on the moves it still needs ([`Self::feasible`])
/// exceeds the moves left (one per unmoved piece).
struct Prover<'a> {
    /// Board side.
    n: i32,
    /// Per cell (`y * n + x`): `x + y`, parity class, mirror, reflection in `x = y`.
    level: Vec<i32>,
    class: Vec<u8>,
    mirror: Vec<usize>,
    links: Vec<Links>,
    /// The crate's cell of each index.
    cell_of: Vec<Cell>,
    /// Home cell of each piece; the piece each piece's home maps to under reflection.
    yard: Vec<usize>,
    /// Per cell: 1 + the piece whose home it is, or 0.
    home_of: Vec<u8>,
    yard_refl: Vec<usize>,
    refl: Vec<usize>,
    use_refl: bool,
    /// The two classes the mirror swaps.
    pair: (usize, usize),
    /// Highest `x + y` of the home camp.
    h0: i32,
    /// Cells of landed pieces, as a set and in landing order; unmoved pieces (bit mask).
    landed: Bits,
    landed_cells: Vec<usize>,
    unmoved: u32,
    line: Vec<(usize, usize)>,
    /// 128-bit keys (two independent 64-bit Zobrist hashes) of the state and its reflection.
    zl: Vec<[u64; 2]>,
    zu: Vec<[u64; 2]>,
    key: [u64; 2],
    key_refl: [u64; 2],
    /// States with no solution below them (open addressing, 0 = empty).
    table: Vec<u128>,
    stored: usize,
    nodes: u64,
    solution: Option<Vec<(usize, usize)>>,
    progress: Option<&'a mut dyn FnMut(u64)>,
}

/// Largest failed-state table (entries of 16 bytes): 2 GiB. When it is full the search
/// goes on without storing more, which only costs time.
const MAX_TABLE: usize = 1 << 27;

impl<'a> Prover<'a> {
    fn new(variant: Variant) -> Result<Prover<'a>, Error> {
        if !variant.is_solitaire() {
            return Err(Error::new(
                ErrorKind::Variant,
                format!("{variant} is not a solitaire variant"),
            ));
        }
        if variant.long_jumps() {
            return Err(Error::new(
                ErrorKind::Variant,
                format!("{variant}: the exhaustive search assumes short hops (no long jumps)"),
            ));
        }
        let start = Position::start(variant);
        let g = start.geometry();
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
        let mut level = vec![0; cells];
        let mut class = vec![0u8; cells];
        let mut mirror = vec![0; cells];
        let mut refl = vec![0; cells];
        let mut links: Vec<Links> = (0..cells).map(|_| Links::default()).collect();
        for y in 0..n {
            for x in 0..n {
                let i = idx(x, y);
                level[i] = x + y;
                class[i] = ((x & 1) + 2 * (y & 1)) as u8;
                mirror[i] = idx(n - 1 - y, n - 1 - x);
                refl[i] = idx(y, x);
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        if (dx, dy) == (0, 0) || !inside(x + dx, y + dy) {
                            continue;
                        }
                        links[i].steps.push(idx(x + dx, y + dy) as u16);
                        if inside(x + 2 * dx, y + 2 * dy) {
                            links[i]
                                .hops
                                .push((idx(x + dx, y + dy) as u16, idx(x + 2 * dx, y + 2 * dy) as u16));
                        }
                    }
                }
            }
        }
        let yard: Vec<usize> = start
            .pieces(1)
            .iter()
            .map(|&c| {
                let (x, y) = g.coord(c);
                idx(x, y)
            })
            .collect();
        // Camps hold at most 19 pieces: `unmoved` is a 32-bit mask.
        debug_assert!(yard.len() <= 32);
        let yard_refl: Vec<usize> = yard
            .iter()
            .map(|&c| yard.iter().position(|&d| d == refl[c]).unwrap_or(usize::MAX))
            .collect();
        let use_refl = yard_refl.iter().all(|&k| k != usize::MAX);
        // The mirror maps (even, even) to (odd, odd) on an even board; on an odd one it
        // swaps (odd, even) and (even, odd).
        let pair = match class[mirror[0]] {
            0 => (1, 2),
            k => (0, k as usize),
        };
        // The seed gives the keys the state counts in the docs and tests were measured with.
        let mut rng = crate::ai::Rng::new(0x9E37_79B9_7F4A_7C15 ^ 0x2545_F491_4F6C_DD1D);
        let mut next = || rng.next_u64();
        let zl: Vec<[u64; 2]> = (0..cells).map(|_| [next(), next()]).collect();
        let zu: Vec<[u64; 2]> = (0..yard.len()).map(|_| [next(), next()]).collect();
        let mut key = [0; 2];
        let mut key_refl = [0; 2];
        for k in 0..yard.len() {
            for w in 0..2 {
                key[w] ^= zu[k][w];
                if use_refl {
                    key_refl[w] ^= zu[yard_refl[k]][w];
                }
            }
        }
        let h0 = yard.iter().map(|&c| level[c]).max().unwrap_or(0);
        let mut home_of = vec![0u8; cells];
        for (k, &c) in yard.iter().enumerate() {
            home_of[c] = k as u8 + 1;
        }
        if h0 + 2 >= n - 1 {
            return Err(Error::new(
                ErrorKind::Variant,
                format!("{variant}: the board is too small for the exhaustive search (a step reaches the mirror line)"),
            ));
        }
        Ok(Prover {
            n,
            level,
            class,
            mirror,
            links,
            cell_of,
            unmoved: (1u64 << yard.len()).wrapping_sub(1) as u32,
            yard,
            home_of,
            yard_refl,
            refl,
            use_refl,
            pair,
            h0,
            landed: Bits([0; WORDS]),
            landed_cells: Vec::new(),
            line: Vec::new(),
            zl,
            zu,
            key,
            key_refl,
            table: vec![0; 1 << 16],
            stored: 0,
            nodes: 0,
            solution: None,
            progress: None,
        })
    }

    /// Whether `c` is the home of a piece that has not moved (and so still stands there).
    fn home_piece_on(&self, c: usize) -> bool {
        let k = self.home_of[c];
        k != 0 && self.unmoved >> (k - 1) & 1 == 1
    }

    /// The home cells of the pieces that have not moved.
    fn at_home(&self) -> impl Iterator<Item = usize> + '_ {
        let unmoved = self.unmoved;
        self.yard
            .iter()
            .enumerate()
            .filter(move |&(k, _)| unmoved >> k & 1 == 1)
            .map(|(_, &c)| c)
    }

    /// Whether the pieces, those at home included, form the symmetric figure.
    fn solved(&self) -> bool {
        let occ = self.occupied();
        self.landed_cells
            .iter()
            .copied()
            .chain(self.at_home())
            .all(|c| occ.get(self.mirror[c]))
    }

    fn occupied(&self) -> Bits {
        let mut o = self.landed;
        for c in self.at_home() {
            o.set(c);
        }
        o
    }

    /// Landing cells of the piece on `from`: steps to empty neighbours, or hop chains.
    fn destinations(&self, occ: &Bits, from: usize, out: &mut Vec<usize>) {
        let mut stones = *occ;
        stones.clear(from);
        for &s in &self.links[from].steps {
            if !stones.get(s as usize) {
                out.push(s as usize);
            }
        }
        let mut seen = Bits([0; WORDS]);
        seen.set(from);
        let mut stack = vec![from];
        while let Some(c) = stack.pop() {
            for &(over, to) in &self.links[c].hops {
                let (over, to) = (over as usize, to as usize);
                if stones.get(over) && !stones.get(to) && !seen.get(to) {
                    seen.set(to);
                    stack.push(to);
                    // Hops keep both coordinates' parities: never a step's target.
                    out.push(to);
                }
            }
        }
    }

    /// Whether the state might still be solved in the moves left (one per unmoved piece).
    /// A piece that has landed never moves again, which makes the bound strong:
    ///
    /// - **Forced landings.** A landed piece whose mirror cell is empty needs a future
    ///   landing on that cell, `u` of them in all.
    /// - **Parity.** A hop keeps `(x mod 2, y mod 2)`; only steps change it. The mirror
    ///   swaps two of these classes, so the final figure has as many pieces in each of
    ///   them; a step changes their difference `D` by at most 2, so `⌈D/2⌉` steps are still
    ///   needed. A step moves a piece off its home cell, so it lands at most 2 above the
    ///   home camp's largest `x + y` (`h0 + 2`). A forced cell higher than that must be
    ///   reached by a hop, by an unmoved piece of the cell's own class. A step that lands
    ///   on no forced cell creates an unmatched piece whose mirror, far up the board, needs
    ///   one more landing: two moves.
    /// - **Frontier.** A hop lands at most 2 above the piece it jumps (in `x + y`), and
    ///   landed pieces stay put, so the highest `x + y` on the board grows by at most 2 per
    ///   move. The levels the future landings reach, above the current highest, can skip no
    ///   more than one level at a time: a run of `l` levels with no forced landing needs
    ///   `⌊l/2⌋` more moves landing in it. A step's mirror landing is above the middle
    ///   (`N - 1`), so it can stand in for one of those in a run reaching above the middle.
    ///
    /// The step argument needs a step never to reach the mirror line (`h0 + 2 < N - 1`), so
    /// [`Prover::new`] refuses boards too small for that. The tests check the bound against
    /// a plain count, with the engine's own move generator, of every way to finish from
    /// positions a few moves before the end.
    fn feasible(&self) -> bool {
        let left = self.unmoved.count_ones() as i32;
        let step_top = self.h0 + 2;
        let middle = self.n - 1;
        let mut forced = 0;
        let mut forced_low = 0;
        let mut need = [0i32; 4];
        let mut count = [0i32; 4];
        let mut covered = [false; 40];
        let mut high = self.h0;
        let mut top = self.h0;
        for &c in &self.landed_cells {
            count[self.class[c] as usize] += 1;
            high = high.max(self.level[c]);
            let m = self.mirror[c];
            if !self.landed.get(m) && !self.home_piece_on(m) {
                forced += 1;
                let v = self.level[m];
                covered[v as usize] = true;
                top = top.max(v);
                if v > step_top {
                    need[self.class[m] as usize] += 1;
                } else {
                    forced_low += 1;
                }
            }
        }
        top = top.max(high);
        if forced > left {
            return false;
        }
        // Forced cells above step range, by class, need unmoved pieces of that class.
        let mut home = [0i32; 4];
        for c in self.at_home() {
            home[self.class[c] as usize] += 1;
        }
        if (0..4).any(|k| need[k] > home[k]) {
            return false;
        }
        for k in 0..4 {
            count[k] += home[k];
        }
        let steps = ((count[self.pair.0] - count[self.pair.1]).abs() + 1) / 2;
        let extra_steps = (steps - forced_low).max(0);
        // Each extra step's mirror lands at least this high.
        let step_mirror = 2 * (self.n - 1) - step_top;
        let mut spare = extra_steps;
        if spare > 0 && top < step_mirror {
            top = step_mirror;
            covered[top as usize] = true;
            spare -= 1;
        }
        if steps > 0 {
            covered[(self.h0 + 1) as usize] = true;
            covered[step_top as usize] = true;
        }
        // Runs of uncovered levels between the highest piece and the highest landing.
        let (mut below, mut above) = (0, 0);
        let mut v = high + 1;
        while v < top {
            if covered[v as usize] {
                v += 1;
                continue;
            }
            let first = v;
            while v < top && !covered[v as usize] {
                v += 1;
            }
            let run = v - first;
            if v - 1 < middle {
                below += run / 2;
            } else {
                above += run / 2;
            }
        }
        let bridges = below + (above - spare).max(0);
        forced + 2 * extra_steps + bridges <= left
    }

    fn table_key(&self) -> u128 {
        let pack = |k: [u64; 2]| (k[0] as u128) << 64 | k[1] as u128;
        let a = pack(self.key);
        let b = if self.use_refl { pack(self.key_refl) } else { a };
        a.min(b) | 1
    }

    fn slot(&self, key: u128) -> usize {
        (key as usize ^ (key >> 64) as usize) & (self.table.len() - 1)
    }

    fn known_failed(&self, key: u128) -> bool {
        let mut i = self.slot(key);
        loop {
            match self.table[i] {
                0 => return false,
                k if k == key => return true,
                _ => i = (i + 1) & (self.table.len() - 1),
            }
        }
    }

    fn store_failed(&mut self, key: u128) {
        if self.stored * 10 > self.table.len() * 7 {
            if self.table.len() >= MAX_TABLE {
                return;
            }
            let bigger = vec![0; self.table.len() * 2];
            let old = std::mem::replace(&mut self.table, bigger);
            self.stored = 0;
            for k in old.into_iter().filter(|&k| k != 0) {
                self.insert(k);
            }
        }
        self.insert(key);
    }

    fn insert(&mut self, key: u128) {
        let mut i = self.slot(key);
        while self.table[i] != 0 {
            if self.table[i] == key {
                return;
            }
            i = (i + 1) & (self.table.len() - 1);
        }
        self.table[i] = key;
        self.stored += 1;
    }

    fn toggle(&mut self, k: usize, to: usize) {
        for w in 0..2 {
            self.key[w] ^= self.zu[k][w] ^ self.zl[to][w];
            if self.use_refl {
                self.key_refl[w] ^= self.zu[self.yard_refl[k]][w] ^ self.zl[self.refl[to]][w];
            }
        }
    }

    fn play(&mut self, k: usize, to: usize) {
        self.unmoved &= !(1 << k);
        self.landed.set(to);
        self.landed_cells.push(to);
        self.line.push((k, to));
        self.toggle(k, to);
    }

    fn undo(&mut self, k: usize, to: usize) {
        self.unmoved |= 1 << k;
        self.landed.clear(to);
        self.landed_cells.pop();
        self.line.pop();
        self.toggle(k, to);
    }

    /// Searches below the current state. Returns the number of solutions found: all of
    /// them with `count_all` (for the tests), else stops at the first.
    fn dfs(&mut self, count_all: bool) -> u64 {
        self.nodes += 1;
        if self.nodes % (1 << 24) == 0 {
            let nodes = self.nodes;
            if let Some(f) = self.progress.as_mut() {
                f(nodes);
            }
        }
        // The game ends as soon as the figure stands.
        if self.solved() {
            if self.solution.is_none() {
                self.solution = Some(self.line.clone());
            }
            return 1;
        }
        let key = self.table_key();
        if self.known_failed(key) {
            return 0;
        }
        let occ = self.occupied();
        let mut children: Vec<(i32, usize, usize)> = Vec::new();
        let mut targets = Vec::new();
        for k in 0..self.yard.len() {
            if self.unmoved >> k & 1 == 0 {
                continue;
            }
            targets.clear();
            self.destinations(&occ, self.yard[k], &mut targets);
            for &to in &targets {
                self.play(k, to);
                if self.feasible() {
                    // Landings that match a piece first, then the highest.
                    let matches = self.landed.get(self.mirror[to]);
                    children.push((1000 * matches as i32 + self.level[to], k, to));
                }
                self.undo(k, to);
            }
        }
        children.sort_by_key(|c| std::cmp::Reverse(c.0));
        let mut found = 0;
        for (_, k, to) in children {
            self.play(k, to);
            found += self.dfs(count_all);
            self.undo(k, to);
            if found > 0 && !count_all {
                return found;
            }
        }
        if found == 0 {
            self.store_failed(key);
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::MoveGen;
    use crate::Game;
    use std::collections::HashMap;

    impl Prover<'_> {
        /// Plays `m`, which must move an unmoved piece.
        fn play_move(&mut self, m: Move) {
            let index = |c: Cell| self.cell_of.iter().position(|&d| d == c).unwrap();
            let (from, to) = (index(m.from), index(m.to));
            let k = (0..self.yard.len())
                .find(|&k| self.unmoved >> k & 1 == 1 && self.yard[k] == from)
                .expect("an unmoved piece");
            self.play(k, to);
        }
    }

    /// Counts the ways to finish from `p` in which no piece moves twice (a piece on a cell
    /// in `landed` has moved), stopping where the figure first stands: no pruning, the
    /// engine's own move generator and mirror, memoised on (board, cells landed on).
    fn plain_count(
        p: &Position,
        landed: &mut Vec<Cell>,
        memo: &mut HashMap<(Vec<u8>, Vec<Cell>), u64>,
    ) -> u64 {
        let g = p.geometry();
        if p.pieces(1)
            .iter()
            .all(|&c| p.piece_at(g.mirror_anti_diagonal(c)).is_some())
        {
            return 1;
        }
        let mut key_landed = landed.clone();
        key_landed.sort();
        let key = (p.cells(), key_landed);
        if let Some(&k) = memo.get(&key) {
            return k;
        }
        let mut moves = Vec::new();
        p.generate_moves(&mut MoveGen::new(), &mut moves);
        moves.retain(|m| !landed.contains(&m.from));
        let mut total = 0;
        for m in moves {
            let mut q = p.clone();
            q.play_unchecked(m);
            landed.push(m.to);
            total += plain_count(&q, landed, memo);
            landed.pop();
        }
        memo.insert(key, total);
        total
    }

    /// Both counts from the position after `line` (each piece moving once).
    fn both_counts(v: Variant, line: &[Move]) -> (u64, u64) {
        let mut prover = Prover::new(v).unwrap();
        let mut p = Position::start(v);
        let mut landed = Vec::new();
        for &m in line {
            prover.play_move(m);
            p.play_unchecked(m);
            landed.push(m.to);
        }
        (
            prover.dfs(true),
            plain_count(&p, &mut landed, &mut HashMap::new()),
        )
    }

    #[test]
    fn pruned_search_counts_every_finish_a_plain_count_finds() {
        let mut seed = 12345u64;
        let mut random = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        for variant in [
            "solitaire+size=7+camp=10",
            "solitaire+size=8+camp=10",
            "solitaire+size=16+camp=10",
        ] {
            let v: Variant = variant.parse().unwrap();
            let n = v.pieces_per_seat();
            // Five moves before the end of a solution (when there is one): at least one
            // finish, which the pruning must not lose.
            if let OnceResult::Solved { moves: line, .. } = solve_each_once(v, &mut |_| {}).unwrap() {
                let start = &line[..line.len().saturating_sub(5)];
                let (pruned, plain) = both_counts(v, start);
                assert!(plain >= 1, "{variant}");
                assert_eq!(pruned, plain, "{variant} after {start:?}");
            }
            // Random lines in which each piece moves once, five moves before the end.
            for _ in 0..6 {
                let mut p = Position::start(v);
                let mut line: Vec<Move> = Vec::new();
                while line.len() < n - 5 {
                    let mut moves = Vec::new();
                    p.generate_moves(&mut MoveGen::new(), &mut moves);
                    moves.retain(|m| !line.iter().any(|l| l.to == m.from));
                    let m = moves[random(moves.len())];
                    p.play_unchecked(m);
                    line.push(m);
                }
                let (pruned, plain) = both_counts(v, &line);
                assert_eq!(pruned, plain, "{variant} after {line:?}");
            }
        }
    }

    /// All solutions of a whole puzzle, both ways (about 15 minutes in release mode:
    /// `cargo test --release --lib once -- --ignored`).
    #[test]
    #[ignore]
    fn pruned_search_counts_every_solution_of_8x8() {
        let v: Variant = "solitaire+size=8+camp=10".parse().unwrap();
        assert_eq!(both_counts(v, &[]), (32, 32));
    }

    /// The recorded result of [`recorded_once_result`] (12 minutes and 3 GB in release
    /// mode: `cargo test --release --lib once -- --ignored`).
    #[test]
    #[ignore]
    fn standard_puzzle_has_no_once_solution() {
        let v: Variant = "solitaire".parse().unwrap();
        let found = solve_each_once(v, &mut |_| {}).unwrap();
        assert_eq!(Some(found), recorded_once_result(&v));
        assert!(proved_no_once_solution(&v));
    }

    #[test]
    fn only_the_standard_puzzle_is_recorded_as_proved() {
        let yes = |v: &str| proved_no_once_solution(&v.parse().unwrap());
        assert!(yes("solitaire") && yes("solitaire+size=16+camp=19"));
        assert!(!yes("solitaire+long") && !yes("solitaire+size=8+camp=10") && !yes("halma"));
        assert_eq!(
            recorded_once_result(&"solitaire".parse().unwrap()).map(|r| r.states()),
            Some(298_522_225)
        );
        assert_eq!(
            recorded_once_result(&"solitaire+size=8+camp=10".parse().unwrap()),
            None
        );
    }

    #[test]
    fn a_solution_found_wins_the_game() {
        let v: Variant = "solitaire+size=7+camp=10".parse().unwrap();
        let found = solve_each_once(v, &mut |_| {}).unwrap();
        let moves = found.solution().expect("7×7 has solutions").to_vec();
        assert!(moves.len() <= 10);
        let mut g = Game::new(v);
        // No piece moves twice: no move starts where an earlier one landed.
        let mut landed = Vec::new();
        for m in moves {
            assert!(!landed.contains(&m.from), "{m:?} moves a piece again");
            landed.push(m.to);
            g.play(m).unwrap();
        }
        assert!(matches!(g.outcome(), Some(crate::Outcome::Win { .. })));
    }

    #[test]
    fn rejects_other_variants() {
        for v in ["halma", "star-2", "solitaire+long", "solitaire+size=6+camp=10"] {
            let err = solve_each_once(v.parse().unwrap(), &mut |_| {}).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Variant, "{v}");
        }
    }
}
