//! The beam search for Halma solitaire under the rules' reading, in which a piece may move
//! more than once.
//!
//! Every layer keeps the most promising distinct positions (by progress towards the
//! symmetric figure and a one-move lookahead) and drops those that provably cannot be
//! solved in the moves left. The positions kept a few moves before the end can then be
//! completed exhaustively ([`search_solitaire_with_tail`]). A beam that fails proves
//! nothing. Measurements and the history of the design: `docs/notes/puzzle-history.md`.

use crate::ai::{Clock, Limits, NoClock};
use crate::movegen::MoveGen;
use crate::position::{Move, Position, EMPTY};
use crate::variant::Variant;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

/// The result of a solitaire beam search: [`search_solitaire`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolitaireSearch {
    /// A solution when `solved`, else the best line the beam reached (all its moves).
    pub moves: Vec<Move>,
    /// Whether `moves` solves the puzzle.
    pub solved: bool,
    /// The sum of `x + y` over the pieces after `moves` (`goal` when solved).
    pub sum: i32,
    /// The sum of `x + y` of every symmetric figure: pieces × (board side − 1), 285 for 19
    /// pieces on 16×16.
    pub goal: i32,
    /// Pieces whose mirror cell is empty after `moves` (0 when solved).
    pub unmatched: usize,
    /// Positions visited.
    pub nodes: u64,
}

/// Searches for a solution of the solitaire puzzle of `variant` (which must be a solitaire
/// variant) with a beam of `width` positions per move. Returns the moves, or `None` when the
/// beam found none (which does not prove that none exists).
///
/// # Examples
/// ```no_run
/// use halma::{puzzle::solve_solitaire, Game};
/// let v = "solitaire".parse()?;
/// if let Some(moves) = solve_solitaire(v, 4000) {
///     let mut g = Game::new(v);
///     for m in moves { g.play(m)?; }
///     assert!(matches!(g.outcome(), Some(halma::Outcome::Win { .. })));
/// }
/// # Ok::<(), halma::Error>(())
/// ```
pub fn solve_solitaire(variant: Variant, width: usize) -> Option<Vec<Move>> {
    search_solitaire(variant, width).and_then(|s| s.solved.then_some(s.moves))
}

/// Like [`solve_solitaire`], but also reports the best line when there is no solution in
/// reach of the beam (how far it got: its sum and unmatched pieces). `None` when `variant`
/// is not a solitaire variant.
///
/// # Examples
/// ```
/// use halma::puzzle::search_solitaire;
/// let s = search_solitaire("solitaire".parse()?, 20).unwrap();
/// assert_eq!(s.moves.len(), 19);
/// assert!(s.solved || s.unmatched > 0);
/// # Ok::<(), halma::Error>(())
/// ```
pub fn search_solitaire(variant: Variant, width: usize) -> Option<SolitaireSearch> {
    search_solitaire_with_tail(variant, width, 0)
}

/// Like [`search_solitaire`], and every position the beam keeps `tail` moves before the end
/// is then completed exhaustively: the last `tail` moves are searched in full (pruned by the
/// proven bounds only), so no solution that passes through one of those positions is missed.
/// Each move added to the tail costs about ten times as much.
///
/// # Examples
/// ```
/// use halma::puzzle::search_solitaire_with_tail;
/// let s = search_solitaire_with_tail("solitaire".parse()?, 20, 6).unwrap();
/// assert_eq!(s.moves.len(), 19);
/// # Ok::<(), halma::Error>(())
/// ```
pub fn search_solitaire_with_tail(variant: Variant, width: usize, tail: usize) -> Option<SolitaireSearch> {
    if !variant.is_solitaire() {
        return None;
    }
    let unlimited = Limits {
        nodes: None,
        time_ms: None,
    };
    let start = Position::start(variant);
    let limit = variant.turn_limit() as usize;
    let t = Tables::new(&start);
    // The rest of the way exhaustively, from each kept position, best first.
    let mut complete = |left: usize, kept: &mut [Kept]| -> (Option<Vec<(u16, u16)>>, u64) {
        if tail == 0 || left != tail.min(limit) {
            return (None, 0);
        }
        let mut c = Completion::new(&t);
        for (p, line) in kept.iter_mut() {
            let mut rest = Vec::new();
            if c.search(p, left, &mut rest) {
                line.extend(rest.iter().rev());
                return (Some(line.clone()), c.nodes);
            }
        }
        (None, c.nodes)
    };
    let (line, solved, nodes) = beam(&start, limit, width, &mut complete, &unlimited, &NoClock);
    let mut end = start.clone();
    for &m in &line {
        end.play_unchecked(m);
    }
    let s = t.stats(&end);
    Some(SolitaireSearch {
        moves: line,
        solved,
        sum: s.sum,
        goal: t.goal,
        unmatched: s.unmatched as usize,
        nodes,
    })
}

/// A solitaire hint: the first move of the most promising line the beam finds from `pos`
/// within `moves_left` moves (a winning line when there is one in reach of the beam),
/// within the node and time limits. Returns the move and the positions visited.
pub(crate) fn solitaire_hint(
    pos: &Position,
    moves_left: usize,
    width: usize,
    limits: &Limits,
    clock: &dyn Clock,
) -> Option<(Move, u64)> {
    let (line, _, nodes) = beam(pos, moves_left.max(1), width, &mut beam_only, limits, clock);
    line.first().map(|&m| (m, nodes))
}

/// What the ranking and the pruning need to know of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stats {
    /// Sum of `x + y` over the pieces.
    sum: i32,
    /// Pieces whose mirror cell is empty (`A`).
    unmatched: i32,
    /// The difference `D` between the piece counts of the two parity classes the mirror
    /// swaps.
    parity_gap: i32,
}

impl Stats {
    /// A lower bound on the moves still needed: `⌈A/2⌉` and `⌈D/2⌉`. A position needing
    /// more than the moves left is pruned.
    ///
    /// - One move changes the mirror status of at most the moved piece and the piece facing
    ///   its landing cell, so it lowers the unmatched count `A` by at most 2.
    /// - A hop moves a piece two cells along a line (or an even number, with long hops), so
    ///   it keeps the parities `(x mod 2, y mod 2)`; only steps change them. On an even
    ///   board the mirror swaps the classes (even, even) and (odd, odd), so a symmetric
    ///   figure has as many pieces in each of them; a diagonal step changes their
    ///   difference `D` by 2, an orthogonal one by 1. The 16×16 start has 6 and 3 (`D = 3`):
    ///   at least two of the 19 moves must be steps, one of them orthogonal.
    fn moves_needed(&self) -> i32 {
        ((self.unmatched + 1) / 2).max((self.parity_gap + 1) / 2)
    }
}

/// Per-cell tables of the board (indexed by padded cell).
struct Tables<'a> {
    /// `x + y`.
    diag: Vec<i32>,
    /// The parity class `(x mod 2) + 2 (y mod 2)`.
    class: Vec<u8>,
    /// The two parity classes the mirror swaps.
    pair: (u8, u8),
    /// The padded cell of each cell's mirror image.
    mirror: &'a [u16],
    /// The sum of a symmetric figure.
    goal: i32,
    /// The largest gain in `x + y` of one move.
    max_gain: i32,
}

impl<'a> Tables<'a> {
    fn new(start: &'a Position) -> Tables<'a> {
        let g = start.geometry();
        let size = g.rows().len() as i32;
        let mut diag = vec![0i32; g.pad_len];
        let mut class = vec![0u8; g.pad_len];
        for c in g.cells() {
            let (x, y) = g.coord(c);
            diag[g.pad(c)] = x + y;
            class[g.pad(c)] = ((x & 1) + 2 * (y & 1)) as u8;
        }
        let mirror = &start.rules().mirror[..];
        // The mirror maps parity classes to parity classes: (even, even) to (odd, odd) on
        // an even board, else (even, odd) and (odd, even) swap.
        let corner = g
            .cells()
            .map(|c| g.pad(c))
            .find(|&q| class[q] == 0)
            .expect("a board has an (even, even) cell");
        let image = class[mirror[corner] as usize];
        let pair = if image != 0 { (0, image) } else { (1, 2) };
        Tables {
            diag,
            class,
            pair,
            mirror,
            goal: start.count[0] as i32 * (size - 1),
            max_gain: 2 * (size - 1),
        }
    }

    fn stats(&self, p: &Position) -> Stats {
        let ps = &p.pieces[0][..p.count[0] as usize];
        let mut sum = 0;
        let mut unmatched = 0;
        let mut cnt = [0i32; 4];
        for &q in ps {
            let q = q as usize;
            sum += self.diag[q];
            unmatched += (p.board[self.mirror[q] as usize] == EMPTY) as i32;
            cnt[self.class[q] as usize] += 1;
        }
        Stats {
            sum,
            unmatched,
            parity_gap: (cnt[self.pair.0 as usize] - cnt[self.pair.1 as usize]).abs(),
        }
    }

    /// The change of `A` when the piece on `f` moves to the empty `t` in `p`.
    fn unmatched_delta(&self, p: &Position, f: usize, t: usize) -> i32 {
        let (mf, mt) = (self.mirror[f] as usize, self.mirror[t] as usize);
        let occ = |c: usize| c != f && (c == t || p.board[c] != EMPTY);
        let mut d = 0;
        // The moved piece.
        d -= (mf != f && p.board[mf] == EMPTY) as i32;
        d += (mt != t && !occ(mt)) as i32;
        // The piece facing the cell it leaves loses its mirror image...
        d += (mf != f && mf != t && p.board[mf] != EMPTY) as i32;
        // ...and the piece facing the cell it lands on gains one.
        d -= (mt != t && mt != f && p.board[mt] != EMPTY) as i32;
        d
    }
}

/// Keeps the two largest values seen in `first` and `second` (one per piece, so the second
/// is the best move by another piece).
fn keep_top_two(first: &mut i64, second: &mut i64, v: i64) {
    if v > *first {
        *second = *first;
        *first = v;
    } else if v > *second {
        *second = v;
    }
}

/// Ranking weights (sum units are tenths).
const SUM: i64 = 10;
/// Penalty per unit of sum above the goal.
const OVERSHOOT: i64 = 20;
/// Weight of the best next move (by any piece) and of the best by another piece.
const LOOK1: i64 = 10;
const LOOK2: i64 = 5;

/// Penalty per unmatched piece with `left` moves left: nothing early, then growing.
fn unmatched_weight(left: usize) -> i64 {
    let left = left as i64;
    if left >= 10 {
        0
    } else {
        400 / (left + 1)
    }
}

/// The rank lost per move a position needs beyond the moves left (only positions that
/// cannot be solved any more pay it: more than any score difference).
const HOPELESS: i64 = 1 << 40;

/// A candidate child: rank key (larger is better), parent index, move (padded cells).
type Cand = (i64, usize, u16, u16);

/// A position the beam keeps, with the line to it (padded cells).
type Kept = (Position, Vec<(u16, u16)>);

/// Called by the beam before each layer with the moves left and the positions kept; may
/// return a solution (a whole line) and reports the positions it visited.
type LayerHook<'h> = dyn FnMut(usize, &mut [Kept]) -> (Option<Vec<(u16, u16)>>, u64) + 'h;

/// The hook of a plain beam: nothing beyond it.
fn beam_only(_: usize, _: &mut [Kept]) -> (Option<Vec<(u16, u16)>>, u64) {
    (None, 0)
}

/// Beam search from `start` over at most `limit` moves. Returns a solution and `true`, or
/// the best line found and `false`, and the positions visited. When the limits run out it
/// answers with the best line of the layer it was working on.
///
/// A symmetric figure has its centre of mass on the mirror line, so the sum of `x + y` over
/// the pieces must rise to the goal (from 60 to 285 on 16×16: about twelve a move, which
/// only long hop chains over ladders of pieces sent ahead can do). A position is ranked by
/// that progress, `10 × sum` (less a penalty for overshooting the goal), plus a one-move
/// lookahead: ten times the best gain a next move could make, plus five times the best gain
/// of a next move by another piece, so a position whose pieces can keep hopping forward is
/// worth more than a stuck one of the same sum. As the moves run out the ranking turns to
/// symmetry: a penalty per unmatched piece grows as the moves left shrink, and the
/// lookahead counts the unmatched pieces a next move would fix as well as its gain.
///
/// Children that cannot be solved in time ([`Stats::moves_needed`]) are dropped. When no
/// child of a layer can (a hint late in a hopeless game, or the last layer of a failed
/// search), the beam keeps those that need the fewest extra moves instead, so it always
/// answers with its best line.
fn beam(
    start: &Position,
    limit: usize,
    width: usize,
    layer: &mut LayerHook,
    limits: &Limits,
    clock: &dyn Clock,
) -> (Vec<Move>, bool, u64) {
    let max_nodes = limits.nodes.unwrap_or(u64::MAX);
    let deadline = limits.time_ms.map_or(f64::INFINITY, |t| clock.now_ms() + t);
    let width = width.max(1);
    let mut nodes = 0u64;
    let tables = Tables::new(start);
    let t = &tables;
    // The score of a position without the lookahead.
    let base = |s: &Stats, left: usize| -> i64 {
        let over = (s.sum - t.goal).max(0) as i64;
        SUM * s.sum as i64 - OVERSHOOT * over - unmatched_weight(left) * s.unmatched as i64
    };
    // The most the lookahead can add.
    let look_bound = |left: usize| -> i64 {
        if left == 0 {
            return 0;
        }
        let best = SUM * t.max_gain as i64 + 2 * unmatched_weight(left - 1);
        LOOK1 * best / 10 + if left > 1 { LOOK2 * best / 10 } else { 0 }
    };
    let mut gen = MoveGen::new();
    let mut look_gen = MoveGen::new();
    // The lookahead of `p` with `left` moves left: the best next move and the best by
    // another piece, each worth its gain and the unmatched pieces it fixes.
    let mut lookahead = |p: &Position, left: usize| -> i64 {
        if left == 0 {
            return 0;
        }
        let w = unmatched_weight(left - 1);
        let none = i64::MIN / 4;
        let (mut g1, mut g2, mut cur, mut origin) = (none, none, none, usize::MAX);
        p.for_each_move(&mut look_gen, 0, |f, to| {
            if f != origin {
                keep_top_two(&mut g1, &mut g2, cur);
                origin = f;
                cur = none;
            }
            let v = SUM * (t.diag[to] - t.diag[f]) as i64 - w * t.unmatched_delta(p, f, to) as i64;
            cur = cur.max(v);
            false
        });
        keep_top_two(&mut g1, &mut g2, cur);
        let floor = -SUM * t.max_gain as i64;
        LOOK1 * g1.max(floor) / 10 + if left > 1 { LOOK2 * g2.max(floor) / 10 } else { 0 }
    };
    let cells = |line: &[(u16, u16)]| -> Vec<Move> {
        let cell = |q: u16| start.pad_cell(q as usize);
        line.iter().map(|&(f, t)| Move::new(cell(f), cell(t))).collect()
    };
    let mut beam: Vec<Kept> = vec![(start.clone(), Vec::new())];
    for depth in 0..limit {
        let left = limit - depth - 1;
        let (solution, n) = layer(limit - depth, &mut beam);
        nodes += n;
        if let Some(line) = solution {
            return (cells(&line), true, nodes);
        }
        // Children: (moves needed beyond `left`, base score, parent, move).
        let mut cands: Vec<(i32, i64, usize, u16, u16)> = Vec::new();
        let mut seen = HashSet::new();
        let mut moves = Vec::new();
        for bi in 0..beam.len() {
            let (p, line) = &mut beam[bi];
            moves.clear();
            p.for_each_move(&mut gen, 0, |f, t| {
                moves.push((f as u16, t as u16));
                false
            });
            for &(f, to) in &moves {
                nodes += 1;
                if nodes > max_nodes || (nodes & 1023 == 0 && clock.now_ms() >= deadline) {
                    // Out of budget: the best candidate so far, else the best line so far.
                    let best = cands.iter().min_by_key(|c| (c.0, Reverse(c.1)));
                    let line = match best {
                        Some(&(_, _, bi, f, to)) => {
                            let mut l = beam[bi].1.clone();
                            l.push((f, to));
                            l
                        }
                        None => line.clone(),
                    };
                    return (cells(&line), false, nodes);
                }
                let u = p.make(f as usize, to as usize);
                if p.is_over() {
                    let mut line = line.clone();
                    line.push((f, to));
                    return (cells(&line), true, nodes);
                }
                if seen.insert(p.hash()) {
                    let s = t.stats(p);
                    let excess = (s.moves_needed() - left as i32).max(0);
                    cands.push((excess, base(&s, left), bi, f, to));
                }
                p.unmake(u);
            }
        }
        if cands.is_empty() {
            break;
        }
        // Prune the children that cannot be solved in time, unless none can.
        let hopeless = cands.iter().all(|c| c.0 > 0);
        if !hopeless {
            cands.retain(|c| c.0 == 0);
        }
        // Best base score first (stable: ties keep the generation order).
        cands.sort_by_key(|c| (c.0, Reverse(c.1)));
        // Add the lookahead, lazily: once `width` children are ranked, a child whose base
        // score plus the most the lookahead can add cannot beat the last of them is not
        // looked at (nor is any after it).
        let bound = if hopeless { 0 } else { look_bound(left) };
        let mut top: BinaryHeap<Reverse<(i64, Reverse<usize>)>> = BinaryHeap::new();
        let mut ranked: Vec<Cand> = Vec::new();
        for (i, &(excess, b, bi, f, to)) in cands.iter().enumerate() {
            // When nothing can be solved in time any more: the fewest extra moves first, then
            // the base score (the lookahead does not help there).
            let b = b - excess as i64 * HOPELESS;
            if top.len() >= width {
                let Reverse((worst, _)) = *top.peek().expect("full");
                if b + bound <= worst {
                    break;
                }
            }
            if i & 255 == 255 && clock.now_ms() >= deadline {
                break;
            }
            let key = if hopeless {
                b
            } else {
                let p = &mut beam[bi].0;
                let u = p.make(f as usize, to as usize);
                let look = lookahead(p, left);
                p.unmake(u);
                b + look
            };
            ranked.push((key, bi, f, to));
            top.push(Reverse((key, Reverse(i))));
            if top.len() > width {
                top.pop();
            }
        }
        ranked.sort_by_key(|c| Reverse(c.0));
        ranked.truncate(width);
        beam = ranked
            .iter()
            .map(|&(_, bi, f, to)| {
                let (p, line) = &beam[bi];
                let mut p = p.clone();
                p.make(f as usize, to as usize);
                let mut line = line.clone();
                line.push((f, to));
                (p, line)
            })
            .collect();
    }
    (
        beam.first().map(|(_, line)| cells(line)).unwrap_or_default(),
        false,
        nodes,
    )
}

/// The exhaustive completion of [`search_solitaire_with_tail`]: a depth-first search over
/// every line of the last moves, pruned by the bounds of [`Stats::moves_needed`], with a
/// table of positions known to fail with so many moves left.
///
/// The bound on unmatched pieces makes it cheap. A matched piece that moves never lowers
/// `A` (its partner loses its image), and a piece on the mirror line lowers it by one at
/// most, so while the slack `2m − A` is below 2 only the unmatched pieces need to move; and
/// the beam's positions a few moves before the end have nearly as many unmatched pieces as
/// twice the moves left, so nearly every move of the rest must fix two pieces at once.
struct Completion<'a> {
    t: &'a Tables<'a>,
    gen: MoveGen,
    /// Keys of failed (position, moves left) pairs; lossy, 0 is empty.
    failed: Vec<u64>,
    /// Moves of each depth, reused.
    lists: Vec<Vec<(u16, u16)>>,
    nodes: u64,
}

impl<'a> Completion<'a> {
    fn new(t: &'a Tables<'a>) -> Completion<'a> {
        Completion {
            t,
            gen: MoveGen::new(),
            // 8M entries, 64 MB.
            failed: vec![0; 1 << 23],
            lists: Vec::new(),
            nodes: 0,
        }
    }

    fn key(p: &Position, m: usize) -> u64 {
        (p.hash() ^ (m as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)) | 1
    }

    /// Whether `p` is solved within `m` moves; the moves are pushed onto `rest` in reverse
    /// order.
    fn search(&mut self, p: &mut Position, m: usize, rest: &mut Vec<(u16, u16)>) -> bool {
        if p.is_over() {
            return true;
        }
        let s = self.t.stats(p);
        if m == 0 || s.moves_needed() > m as i32 {
            return false;
        }
        let key = Self::key(p, m);
        let slot = key as usize & (self.failed.len() - 1);
        if self.failed[slot] == key {
            return false;
        }
        let t = self.t;
        let a = s.unmatched;
        // After this move at most 2 (m - 1) pieces may be unmatched. A matched piece off the
        // mirror line that moves never lowers A, and one on the line lowers it by one at
        // most: when the slack 2m - A is short, only the unmatched pieces (and those on the
        // line) may move.
        let cap = 2 * (m as i32 - 1);
        let slack = 2 * m as i32 - a;
        let mut list = self.lists.pop().unwrap_or_default();
        list.clear();
        let pick = |o: usize| {
            let mo = t.mirror[o] as usize;
            slack >= 2 || p.board[mo] == EMPTY || (mo == o && slack >= 1)
        };
        p.for_each_move(&mut self.gen, 0, |f, to| {
            if pick(f) && a + t.unmatched_delta(p, f, to) <= cap {
                list.push((f as u16, to as u16));
            }
            false
        });
        let mut found = false;
        for &(f, to) in &list {
            self.nodes += 1;
            let u = p.make(f as usize, to as usize);
            found = self.search(p, m - 1, rest);
            p.unmake(u);
            if found {
                rest.push((f, to));
                break;
            }
        }
        self.lists.push(list);
        if !found {
            self.failed[slot] = key;
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A solitaire position with pieces on the named cells.
    fn place(names: &str) -> Position {
        let v: Variant = "solitaire".parse().unwrap();
        let g = v.geometry();
        let mut cells = vec!['.'; g.len()];
        for n in names.split(',') {
            cells[g.cell_by_name(n).unwrap().index()] = '1';
        }
        let rows: Vec<String> = g
            .rows()
            .iter()
            .map(|r| r.iter().map(|c| cells[c.index()]).collect())
            .collect();
        format!("solitaire 1 {}", rows.join("/")).parse().unwrap()
    }

    /// 15 cells of the diagonal (all but h9), a1 and p16, g9 and i10: unmatched are g9 and
    /// i10, and i10-h10 solves it (h10 is g9's mirror image, i10 leaves).
    const ONE_SHORT: &str = "a16,b15,c14,d13,e12,f11,g10,i8,j7,k6,l5,m4,n3,o2,p1,a1,p16,g9,i10";

    fn mv(p: &Position, from: &str, to: &str) -> (usize, usize) {
        let g = p.geometry();
        (
            g.pad(p.parse_cell(from).unwrap()),
            g.pad(p.parse_cell(to).unwrap()),
        )
    }

    #[test]
    fn the_start_has_nineteen_unmatched_pieces_and_a_parity_gap_of_three() {
        let p = Position::start("solitaire".parse().unwrap());
        let t = Tables::new(&p);
        let s = t.stats(&p);
        assert_eq!((s.sum, s.unmatched, s.parity_gap), (60, 19, 3));
        // (even, even) and (odd, odd): 6 and 3 of the 19 pieces.
        let ps = &p.pieces[0][..19];
        let count = |k: u8| ps.iter().filter(|&&q| t.class[q as usize] == k).count();
        assert_eq!((t.pair, count(t.pair.0), count(t.pair.1)), ((0, 3), 6, 3));
        assert_eq!(t.goal, 285);
        // Ten moves at least (A = 19), so 19 are enough for the bound, 9 are not.
        assert_eq!(s.moves_needed(), 10);
    }

    #[test]
    fn a_symmetric_figure_has_nothing_unmatched() {
        let mut p = place(ONE_SHORT);
        let board = p.clone();
        let t = Tables::new(&board);
        let s = t.stats(&p);
        assert_eq!((s.unmatched, s.moves_needed()), (2, 1));
        let (f, to) = mv(&p, "i10", "h10");
        // One move fixes two pieces at most, and this one does.
        assert_eq!(t.unmatched_delta(&p, f, to), -2);
        p.make(f, to);
        assert!(p.is_over());
        let s = t.stats(&p);
        assert_eq!((s.sum, s.unmatched, s.parity_gap), (285, 0, 0));
    }

    #[test]
    fn a_move_fixes_two_pieces_at_most_and_only_steps_change_parity() {
        // The start and the positions along a line of the beam.
        let v: Variant = "solitaire".parse().unwrap();
        let mut p = Position::start(v);
        let board = p.clone();
        let t = Tables::new(&board);
        let line = search_solitaire(v, 10).unwrap().moves;
        let mut gen = MoveGen::new();
        let mut checked = 0;
        for m in line {
            let before = t.stats(&p);
            let mut moves = Vec::new();
            p.for_each_move(&mut gen, 0, |f, to| {
                moves.push((f, to));
                false
            });
            for (f, to) in moves {
                let delta = t.unmatched_delta(&p, f, to);
                let u = p.make(f, to);
                let after = t.stats(&p);
                p.unmake(u);
                assert_eq!(after.unmatched - before.unmatched, delta);
                assert!(delta >= -2);
                let (fx, fy) = p.geometry().coord(p.pad_cell(f));
                let (tx, ty) = p.geometry().coord(p.pad_cell(to));
                let step = (fx - tx).abs().max((fy - ty).abs()) == 1;
                let gap = (after.parity_gap - before.parity_gap).abs();
                assert!(gap <= if step { 2 } else { 0 }, "{fx},{fy} -> {tx},{ty}");
                checked += 1;
            }
            p.play_unchecked(m);
        }
        assert!(checked > 500, "{checked}");
    }

    #[test]
    fn the_beam_prunes_what_cannot_be_fixed_in_time() {
        // With one move left only i10-h10 keeps A <= 2: it is found at once.
        let p = place(ONE_SHORT);
        let no = Limits::default();
        let (line, solved, _) = beam(&p, 1, 1, &mut beam_only, &no, &NoClock);
        assert!(solved);
        assert_eq!(line.len(), 1);
        // Without p16, a1 is unmatched too: three cannot be fixed in one move, and the beam
        // (with nothing left to prune to) still answers.
        let p = place("a16,b15,c14,d13,e12,f11,g10,i8,j7,k6,l5,m4,n3,o2,p1,a1,g9,i10");
        let t = Tables::new(&p);
        let s = t.stats(&p);
        assert_eq!(s.unmatched, 3);
        assert!(s.moves_needed() > 1 && s.moves_needed() <= 2);
        let (line, solved, _) = beam(&p, 1, 50, &mut beam_only, &no, &NoClock);
        assert!(!solved);
        assert_eq!(line.len(), 1);
    }

    /// Whether `p` can be solved within `m` moves, by trying every line (no pruning).
    fn plain_solvable(p: &mut Position, m: usize) -> bool {
        if p.is_over() {
            return true;
        }
        if m == 0 {
            return false;
        }
        let mut moves = Vec::new();
        p.for_each_move(&mut MoveGen::new(), 0, |f, to| {
            moves.push((f, to));
            false
        });
        moves.into_iter().any(|(f, to)| {
            let u = p.make(f, to);
            let ok = plain_solvable(p, m - 1);
            p.unmake(u);
            ok
        })
    }

    /// The completion's pruning loses nothing: on positions one and two moves before the end
    /// of a 12×12 solution and of the 16×16 beam's best line (which fails), it answers as a
    /// search of every line does, and the lines it returns solve the puzzle.
    #[test]
    fn the_completion_answers_as_a_plain_search_does() {
        let mut answers = Vec::new();
        for (v, width) in [("solitaire+size=12", 50), ("solitaire", 30)] {
            let v: Variant = v.parse().unwrap();
            let line = search_solitaire(v, width).unwrap().moves;
            let start = Position::start(v);
            let t = Tables::new(&start);
            for back in 1..=2 {
                let mut p = start.clone();
                for &m in &line[..line.len() - back] {
                    p.play_unchecked(m);
                }
                for m in 1..=2 {
                    let mut c = Completion::new(&t);
                    let mut rest = Vec::new();
                    let found = c.search(&mut p.clone(), m, &mut rest);
                    assert_eq!(
                        found,
                        plain_solvable(&mut p.clone(), m),
                        "{v}, {back} back, {m} moves"
                    );
                    if found {
                        let mut q = p.clone();
                        for &(f, to) in rest.iter().rev() {
                            q.make(f as usize, to as usize);
                        }
                        assert!(q.is_over() && rest.len() <= m);
                    }
                    answers.push(found);
                }
            }
        }
        // The 12×12 line is solved from two back in two moves (not one), the 16×16 one not.
        assert_eq!(answers, [true, true, false, true, false, false, false, false]);
    }

    /// A beam too narrow to solve the 12×12 puzzle does with its last moves searched in full.
    #[test]
    fn the_tail_solves_what_a_narrow_beam_misses() {
        let v: Variant = "solitaire+size=12".parse().unwrap();
        assert!(!search_solitaire(v, 20).unwrap().solved);
        let s = search_solitaire_with_tail(v, 20, 8).unwrap();
        assert!(s.solved && s.unmatched == 0 && s.moves.len() <= 19, "{s:?}");
        let mut p = Position::start(v);
        for m in &s.moves {
            assert!(p.is_legal(*m));
            p.play_unchecked(*m);
        }
        assert!(p.is_over());
    }

    #[test]
    fn the_beam_gets_further_than_the_sum_alone() {
        let s = search_solitaire("solitaire".parse().unwrap(), 200).unwrap();
        assert_eq!(s.moves.len(), 19);
        assert!(!s.solved);
        assert!(s.unmatched <= 6, "{s:?}");
    }

    #[test]
    fn the_hint_honours_its_node_limit_and_is_deterministic() {
        let p = Position::start("solitaire".parse().unwrap());
        let lim = Limits {
            nodes: Some(3000),
            time_ms: None,
        };
        let a = solitaire_hint(&p, 19, 300, &lim, &NoClock).unwrap();
        let b = solitaire_hint(&p, 19, 300, &lim, &NoClock).unwrap();
        assert_eq!(a, b);
        assert!(a.1 <= 3001 && p.is_legal(a.0), "{a:?}");
    }
}
