//! The shortest game: beam searches over whole games of a two-seat variant in which the
//! player chooses both seats' moves, for the quickest win.
//!
//! - [`beam`] (used under `fill`): each ply keeps the `width` most promising engine
//!   positions, ranked for the seat whose win is nearer.
//! - [`Duel`] (under `strict`): the two armies on the crossing model's cells; the second
//!   seat crosses while the first vacates its target, with exact cuts for a bound on the
//!   winner's moves (see `docs/puzzles.md`).
//!
//! Neither proves anything when it fails.

use super::crossing::{self, bits, Board, Set};
use crate::position::{Move, Position};
use crate::variant::{Variant, WinRule};
use std::collections::HashSet;

/// How far seat `s` (0-based) is from winning: lower is better.
fn score(p: &Position, strict: bool, s: usize) -> i32 {
    let v = p.variant();
    let g = p.geometry();
    let home = v.home_camps()[s] as usize;
    let target = g.opposite_camp(home);
    let (mut sum, mut lo, mut hi) = (0, i32::MAX, 0);
    for c in p.pieces(s + 1) {
        let d = g.distance_to_target(home, c);
        sum += d;
        lo = lo.min(d);
        hi = hi.max(d);
    }
    let other = p.pieces(2 - s);
    let blocking = g.camp(target).iter().filter(|c| other.contains(c)).count() as i32;
    if strict {
        4 * sum + 3 * (hi - lo) + 8 * blocking
    } else {
        // The fill rule needs one own piece in, the other cells filled by anyone.
        let inside = g
            .camp(target)
            .iter()
            .filter(|c| p.piece_at(**c).is_some())
            .count() as i32;
        let own_in = p
            .pieces(s + 1)
            .iter()
            .filter(|c| g.camp(target).contains(c))
            .count() as i32;
        4 * lo.min(sum) + 6 * (g.camp(target).len() as i32 - inside) - 20 * own_in.min(1)
    }
}

/// A beam search for the quickest win in `variant` (two seats), `width` positions per ply,
/// at most `max_plies`. Returns the moves of both seats in turn.
pub(crate) fn beam(
    variant: Variant,
    width: usize,
    max_plies: usize,
    progress: &mut dyn FnMut(&str),
) -> Option<Vec<Move>> {
    let strict = variant.win_rule() != WinRule::Fill;
    let start = Position::start(variant);
    // Per ply: (parent index, move) of each kept position; the positions of the last ply.
    let mut links: Vec<Vec<(usize, Move)>> = Vec::new();
    let mut current = vec![start.clone()];
    let mut seen = HashSet::from([start.hash()]);
    for depth in 1..=max_plies {
        let mut next: Vec<(i32, u64, Position, usize, Move)> = Vec::new();
        for (pi, p) in current.iter().enumerate() {
            for m in p.legal_moves() {
                let q = p.after(m).ok()?;
                if !seen.insert(q.hash()) {
                    continue;
                }
                if q.is_over() {
                    let mut line = vec![m];
                    let mut at = pi;
                    for l in links.iter().rev() {
                        let (parent, mv) = l[at];
                        line.push(mv);
                        at = parent;
                    }
                    line.reverse();
                    return Some(line);
                }
                let sc = score(&q, strict, 0).min(score(&q, strict, 1));
                next.push((sc, q.hash(), q, pi, m));
            }
        }
        if next.is_empty() {
            return None;
        }
        if next.len() > width {
            next.select_nth_unstable_by_key(width, |e| (e.0, e.1));
            next.truncate(width);
        }
        progress(&format!(
            "ply {depth}: best score {}",
            next.iter().map(|e| e.0).min().unwrap_or(0)
        ));
        // Positions of earlier plies are not met again often enough to be worth the memory.
        seen = next.iter().map(|e| e.1).collect();
        links.push(next.iter().map(|e| (e.3, e.4)).collect());
        current = next.into_iter().map(|e| e.2).collect();
    }
    None
}

/// The strict shortest game as two armies on the crossing model's cells (the two points
/// and the centre, no side point): side 0 moves first and vacates its home, side 1 crosses
/// into it. Each army is a set of model cells (bits of a `u128`); the moves are the
/// model's, over both armies, with the engine's target lock.
pub(crate) struct Duel<'a> {
    board: &'a Board,
    /// Per side: each cell's distance to that side's target tip.
    dist: [Vec<i32>; 2],
    /// Per side: its home camp; a side's target is the other's home.
    home: [u128; 2],
    /// The largest distance to the tip within a target point (its rows less one): a
    /// landing no farther is in the target.
    rim: i32,
}

const NO: u8 = u8::MAX;

/// A position kept in a layer: the armies, the parent's index and the round's two moves.
#[derive(Clone, Copy)]
struct Node {
    a: u128,
    b: u128,
    parent: u32,
    moves: [u8; 4],
}

impl<'a> Duel<'a> {
    /// The duel on `board` (a star crossing model: its army starts in side 0's home).
    pub(crate) fn new(board: &'a Board) -> Duel<'a> {
        assert!(board.cells.len() <= 128, "the duel's cells fit in a u128");
        let to_bits = |s: &crossing::Set| s.iter().fold(0u128, |m, i| m | 1 << i);
        let (h0, h1) = (to_bits(&board.start), to_bits(&board.goal));
        let g = &board.geo;
        let camp_of = |h: u128| {
            let c = board.cells[h.trailing_zeros() as usize];
            (0..g.camp_count()).find(|&k| g.camp(k).contains(&c)).unwrap_or(0)
        };
        let dist: [Vec<i32>; 2] = [h0, h1].map(|h| {
            let home = camp_of(h);
            board
                .cells
                .iter()
                .map(|&c| g.distance_to_target(home, c))
                .collect()
        });
        let rim = bits(h0).map(|c| dist[1][c]).max().unwrap_or(0);
        Duel {
            board,
            dist,
            home: [h0, h1],
            rim,
        }
    }

    fn target(&self, s: usize) -> u128 {
        self.home[1 - s]
    }

    /// Every landing of side `s`'s piece on `f` (`occ`: both armies), each once, under
    /// the engine's target lock.
    fn each_move(&self, s: usize, occ: u128, f: usize, mut out: impl FnMut(usize)) {
        let lock = Set::from(self.target(s));
        self.board.each_move(&Set::from(occ), &lock, f, |t, _| out(t));
    }

    /// The cells of a hop path (or the step) `f`-`to` of side `s`.
    fn path(&self, s: usize, occ: u128, f: usize, to: usize) -> Option<Vec<usize>> {
        let lock = Set::from(self.target(s));
        self.board.locked_path(&Set::from(occ), &lock, f, to)
    }

    /// The beam's ranking of a position with side 1 to move (lower is better), `left` its
    /// moves left. Per piece of side 1 outside its target: its distance to the target tip,
    /// the distance of its best landing now (the ladders built for it), and whether that
    /// landing is in the target (one more move) or not (counted as two); a heavy penalty
    /// when those moves exceed `left`; a little for side 0's pieces still in its home.
    fn score(&self, a: u128, b: u128, left: i32) -> i32 {
        let t1 = self.target(1);
        let (mut sum, mut need) = (0, 0);
        for c in bits(b & !t1) {
            let mut best = self.dist[1][c];
            self.each_move(1, a | b, c, |u| best = best.min(self.dist[1][u]));
            sum += self.dist[1][c] + best;
            need += if best <= self.rim { 1 } else { 2 };
        }
        10 * need + sum + 4 * (a & self.home[0]).count_ones() as i32 + 1000 * (need - left).max(0)
    }

    /// A beam for a win of side 1 with its `rounds`-th move at the latest, `width`
    /// positions per layer. The first layer is side 0's first move; each later one a move of
    /// side 1 and the reply of side 0, so that a position is ranked when side 1 is to move.
    /// A position is cut when side 0 has more pieces at home, or side 1 more pieces outside
    /// its target, than it has moves left. Returns both sides' moves in hop-path notation.
    pub(crate) fn beam(
        &self,
        rounds: usize,
        width: usize,
        progress: &mut dyn FnMut(&str),
    ) -> Option<Vec<String>> {
        let (h0, t1) = (self.home[0], self.target(1));
        let start = Node {
            a: self.home[0],
            b: self.home[1],
            parent: 0,
            moves: [NO; 4],
        };
        let mut layers: Vec<Vec<Node>> = vec![vec![start]];
        let mut landings = Vec::with_capacity(128);
        let mut wins = Vec::new();
        for r in 1..=rounds {
            // Moves left after this layer: side 1 then has played r - 1, side 0 r.
            let (left0, left1) = ((rounds - r) as u32, (rounds + 1 - r) as u32);
            let mut next: Vec<(i32, Node)> = Vec::new();
            let mut cut = i32::MAX;
            let keep = |next: &mut Vec<(i32, Node)>| {
                next.sort_unstable_by_key(|e| (e.0, e.1.a, e.1.b));
                next.dedup_by_key(|e| (e.1.a, e.1.b));
                next.truncate(width);
            };
            for (pi, p) in layers[r - 1].iter().enumerate() {
                // Side 1's move (none before side 0's first).
                let mut ones = Vec::new();
                if r == 1 {
                    ones.push((p.b, NO, NO));
                } else {
                    for g in bits(p.b) {
                        self.each_move(1, p.a | p.b, g, |u| {
                            ones.push((p.b & !(1u128 << g) | 1 << u, g as u8, u as u8));
                        });
                    }
                }
                for (b, g, u) in ones {
                    if b == t1 {
                        wins.push(Node {
                            a: p.a,
                            b,
                            parent: pi as u32,
                            moves: [g, u, NO, NO],
                        });
                        continue;
                    }
                    if (b & !t1).count_ones() > left1 {
                        continue;
                    }
                    for f in bits(p.a) {
                        landings.clear();
                        self.each_move(0, p.a | b, f, |t| landings.push(t));
                        for &t in &landings {
                            let a = p.a & !(1u128 << f) | 1 << t;
                            if (a & h0).count_ones() > left0 {
                                continue;
                            }
                            let sc = self.score(a, b, left1 as i32);
                            if sc <= cut {
                                next.push((
                                    sc,
                                    Node {
                                        a,
                                        b,
                                        parent: pi as u32,
                                        moves: [g, u, f as u8, t as u8],
                                    },
                                ));
                            }
                        }
                    }
                }
                if !wins.is_empty() {
                    break;
                }
                if next.len() > 4 * width.max(64) {
                    keep(&mut next);
                    cut = next.last().map_or(i32::MAX, |e| e.0);
                }
            }
            if let Some(&w) = wins.first() {
                layers.push(vec![w]);
                return self.line(&layers);
            }
            keep(&mut next);
            if next.is_empty() {
                return None;
            }
            progress(&format!(
                "at most {rounds} moves a side: move {r}, {} positions, best score {}",
                next.len(),
                next[0].0
            ));
            layers.push(next.into_iter().map(|e| e.1).collect());
        }
        // Side 1's last move.
        for (pi, p) in layers[rounds].iter().enumerate() {
            for g in bits(p.b & !t1) {
                self.each_move(1, p.a | p.b, g, |u| {
                    let b = p.b & !(1u128 << g) | 1 << u;
                    if b == t1 && wins.is_empty() {
                        wins.push(Node {
                            a: p.a,
                            b,
                            parent: pi as u32,
                            moves: [g as u8, u as u8, NO, NO],
                        });
                    }
                });
            }
        }
        let w = *wins.first()?;
        layers.push(vec![w]);
        self.line(&layers)
    }

    /// The moves to the single position of the last layer, in hop-path notation.
    fn line(&self, layers: &[Vec<Node>]) -> Option<Vec<String>> {
        let mut nodes = Vec::new();
        let mut at = 0;
        for l in layers[1..].iter().rev() {
            nodes.push(l[at]);
            at = l[at].parent as usize;
        }
        nodes.reverse();
        let (mut a, mut b) = (self.home[0], self.home[1]);
        let mut out = Vec::new();
        let name = |p: Vec<usize>| {
            p.iter()
                .map(|&i| self.board.name(i))
                .collect::<Vec<_>>()
                .join("-")
        };
        for n in nodes {
            let [g, u, f, t] = n.moves.map(usize::from);
            if n.moves[0] != NO {
                out.push(name(self.path(1, a | b, g, u)?));
                b = n.b;
            }
            if n.moves[2] != NO {
                out.push(name(self.path(0, a | b, f, t)?));
                a = n.a;
            }
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Along the shipped strict game, every move of the duel's model is one the engine
    /// allows (the model leaves out hops through the side points, which the engine allows).
    #[test]
    fn the_duels_moves_are_the_engines() {
        let p = super::super::find("shortest-game").unwrap();
        let b = p.board_model();
        let duel = Duel::new(&b);
        let mut pos = Position::start(p.play_variant());
        for text in p.solution() {
            let cells = pos.cells();
            let (mut a, mut w) = (0u128, 0u128);
            for (i, &c) in b.cells.iter().enumerate() {
                match cells[c.index()] {
                    1 => a |= 1 << i,
                    2 => w |= 1 << i,
                    _ => {}
                }
            }
            let side = pos.turn() - 1;
            let own = if side == 0 { a } else { w };
            let engine: HashSet<(usize, usize)> = pos
                .legal_moves()
                .into_iter()
                .map(|m| (m.from.index(), m.to.index()))
                .collect();
            let mut n = 0;
            for f in bits(own) {
                duel.each_move(side, a | w, f, |t| {
                    n += 1;
                    let m = (b.cells[f].index(), b.cells[t].index());
                    assert!(
                        engine.contains(&m),
                        "{text}: {}-{} side {side}",
                        b.name(f),
                        b.name(t)
                    );
                });
            }
            assert!(n > 0 && n <= engine.len(), "{text}");
            pos.play(pos.parse_move(&text).unwrap()).unwrap();
        }
        assert!(pos.is_over());
    }
}
