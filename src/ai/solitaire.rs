//! Halma solitaire: 19 pieces start in corner 0 and must form a figure mirror-symmetric
//! about the a16–p1 diagonal within 19 moves.
//!
//! A symmetric figure has its centre of mass on that diagonal, so the sum of `x + y` over
//! the pieces must rise from 60 to exactly 19 × 15 = 285: on average every move must gain
//! about twelve, which only long hop chains over ladders of pieces already sent ahead can
//! do. The solver is a beam search: every layer keeps the most promising distinct
//! positions, ranked by how far the sum is from 285 (scaled by the moves left) and how many
//! pieces still lack their mirror image. Positions are deduplicated by their Zobrist key.

use super::{Clock, Limits, NoClock};
use crate::movegen::MoveGen;
use crate::position::{Move, Position};
use crate::variant::Variant;
use std::collections::HashSet;

/// Searches for a solution of the solitaire puzzle of `variant` (which must be a solitaire
/// variant) with a beam of `width` positions per move. Returns the moves, or `None` when the
/// beam found none (which does not prove that none exists).
///
/// # Examples
/// ```no_run
/// use halma::{ai::solve_solitaire, Game};
/// let v = "solitaire".parse()?;
/// if let Some(moves) = solve_solitaire(v, 4000) {
///     let mut g = Game::new(v);
///     for m in moves { g.play(m)?; }
///     assert!(matches!(g.outcome(), Some(halma::Outcome::Win { .. })));
/// }
/// # Ok::<(), halma::Error>(())
/// ```
pub fn solve_solitaire(variant: Variant, width: usize) -> Option<Vec<Move>> {
    if !variant.is_solitaire() {
        return None;
    }
    let unlimited = Limits {
        nodes: None,
        time_ms: None,
    };
    match beam(
        &Position::start(variant),
        variant.turn_limit() as usize,
        width,
        &unlimited,
        &NoClock,
    ) {
        (line, true, _) => Some(line),
        _ => None,
    }
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
    let (line, _, nodes) = beam(pos, moves_left.max(1), width, limits, clock);
    line.first().map(|&m| (m, nodes))
}

/// Beam search from `start` over at most `limit` moves. Returns a solution and `true`, or
/// the best line found and `false`, and the positions visited. When the limits run out it
/// answers with the best line of the layer it was working on.
fn beam(
    start: &Position,
    limit: usize,
    width: usize,
    limits: &Limits,
    clock: &dyn Clock,
) -> (Vec<Move>, bool, u64) {
    let max_nodes = limits.nodes.unwrap_or(u64::MAX);
    let deadline = limits.time_ms.map_or(f64::INFINITY, |t| clock.now_ms() + t);
    let mut nodes = 0u64;
    let g = start.geometry();
    // x + y of every padded cell.
    let size = g.rows().len() as i32;
    let mut diag = vec![0i32; g.pad_len];
    for c in g.cells() {
        let (x, y) = g.coord(c);
        diag[g.pad(c)] = x + y;
    }
    let mirror = &start.rules().mirror;
    let pieces = start.count[0] as i32;
    let goal = pieces * (size - 1);
    let score = |p: &Position, left: usize| -> i64 {
        let ps = &p.pieces[0][..p.count[0] as usize];
        let sum: i32 = ps.iter().map(|&q| diag[q as usize]).sum();
        let unmatched = ps
            .iter()
            .filter(|&&q| p.board[mirror[q as usize] as usize] == 0)
            .count() as i64;
        let deficit = (goal - sum).abs() as i64;
        // Late in the search symmetry matters most; early on, getting across the board.
        let weight_sym = 40 + 400 / (left as i64 + 1);
        deficit * 30 / (left as i64 + 1).min(6) + unmatched * weight_sym
    };
    let mut gen = MoveGen::new();
    let cells = |line: &[(u16, u16)]| -> Vec<Move> {
        let cell = |q: u16| start.pad_cell(q as usize);
        line.iter().map(|&(f, t)| Move::new(cell(f), cell(t))).collect()
    };
    let mut beam: Vec<(Position, Vec<(u16, u16)>)> = vec![(start.clone(), Vec::new())];
    for depth in 0..limit {
        let left = limit - depth - 1;
        let mut cands: Vec<(i64, usize, u16, u16)> = Vec::new();
        let mut seen = HashSet::new();
        let beam_lines: Vec<Vec<(u16, u16)>> = beam.iter().map(|(_, l)| l.clone()).collect();
        for (bi, (p, line)) in beam.iter_mut().enumerate() {
            let mut moves = Vec::new();
            p.for_each_move(&mut gen, 0, |f, t| {
                moves.push((f as u16, t as u16));
                false
            });
            for (f, t) in moves {
                nodes += 1;
                if nodes > max_nodes || (nodes & 1023 == 0 && clock.now_ms() >= deadline) {
                    // Out of budget: the best candidate so far, else the best line so far.
                    let best = cands.iter().min_by_key(|c| c.0);
                    let line = match best {
                        Some(&(_, bi, f, t)) => {
                            let mut l = beam_lines[bi].clone();
                            l.push((f, t));
                            l
                        }
                        None => line.clone(),
                    };
                    return (cells(&line), false, nodes);
                }
                let u = p.make(f as usize, t as usize);
                if p.is_over() {
                    let mut line = line.clone();
                    line.push((f, t));
                    return (cells(&line), true, nodes);
                }
                if seen.insert(p.hash()) {
                    cands.push((score(p, left), bi, f, t));
                }
                p.unmake(u);
            }
        }
        cands.sort_unstable_by_key(|c| c.0);
        cands.truncate(width);
        if cands.is_empty() {
            break;
        }
        beam = cands
            .iter()
            .map(|&(_, bi, f, t)| {
                let (p, line) = &beam[bi];
                let mut p = p.clone();
                p.make(f as usize, t as usize);
                let mut line = line.clone();
                line.push((f, t));
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
