//! The shortest game: a beam search over whole games of a two-seat variant in which the
//! player chooses both seats' moves, for the quickest win of either seat.
//!
//! Each layer keeps the `width` most promising positions, ranked for the seat whose win is
//! nearer: its pieces' distance to the target, their spread, and (under the strict rule)
//! the other seat's pieces still standing in that target. Proves nothing when it fails.

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
