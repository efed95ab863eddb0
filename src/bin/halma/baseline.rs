//! The baseline engine of `halma baseline-engine`: a plain alpha-beta search, the reference
//! opponent for measuring the real players (docs/ai.md). It is deliberately simple and shares
//! nothing with `halma::ai`: negamax with alpha-beta, iterative deepening, a transposition
//! table, and the progress evaluation (the rows the mover's pieces have gained minus the
//! opponent's). Moves are ordered by the table's move, then by rows gained.

use halma::ai::Budget;
use halma::ccp::{clip, Choice, Engine};
use halma::{Move, Position};
use std::collections::HashMap;
use std::time::Instant;

/// Score of a won position, less the plies to reach it.
const WIN: i32 = 1_000_000;
/// Positions the table holds before it is cleared.
const TABLE_MAX: usize = 1 << 21;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    depth: u32,
    score: i32,
    bound: Bound,
    best: Option<Move>,
}

/// The baseline engine.
pub struct Baseline {
    table: HashMap<u64, Entry>,
    nodes: u64,
    /// Budget checks so far, to read the clock only now and then.
    checks: u64,
    max_nodes: u64,
    deadline: Option<(Instant, f64)>,
    stopped: bool,
}

impl Baseline {
    /// A new engine with an empty table.
    pub fn new() -> Baseline {
        Baseline {
            table: HashMap::new(),
            nodes: 0,
            checks: 0,
            max_nodes: u64::MAX,
            deadline: None,
            stopped: false,
        }
    }

    /// Rows gained by `m` for the seat to move.
    fn gain(pos: &Position, m: Move) -> i32 {
        let home = pos.variant().home_camps()[pos.turn() - 1] as usize;
        let g = pos.geometry();
        g.distance_to_target(home, m.from) - g.distance_to_target(home, m.to)
    }

    /// The score of a finished game for the seat to move, `None` while it goes on.
    fn terminal(pos: &Position, ply: i32) -> Option<i32> {
        if !pos.is_over() {
            return None;
        }
        let w = pos.winners();
        Some(if w.len() != 1 {
            0
        } else if w.contains(pos.turn()) {
            WIN - ply
        } else {
            -WIN + ply
        })
    }

    /// Progress for the seat to move: its rows gained minus the other seat's.
    fn evaluate(pos: &Position) -> i32 {
        let me = pos.turn();
        (pos.points(me) - pos.points(3 - me)) * 100
    }

    /// Called at every inner node; looks at the clock every 64th call.
    fn out_of_budget(&mut self) -> bool {
        self.checks += 1;
        if self.nodes >= self.max_nodes {
            self.stopped = true;
        } else if self.checks % 64 == 0 {
            if let Some((start, ms)) = self.deadline {
                if start.elapsed().as_secs_f64() * 1000.0 >= ms {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    fn search(&mut self, pos: &Position, depth: u32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        self.nodes += 1;
        if let Some(s) = Self::terminal(pos, ply) {
            return s;
        }
        if depth == 0 {
            return Self::evaluate(pos);
        }
        if self.out_of_budget() {
            return 0;
        }
        let key = pos.hash();
        let mut tt_move = None;
        if let Some(e) = self.table.get(&key) {
            tt_move = e.best;
            if e.depth >= depth {
                match e.bound {
                    Bound::Exact => return e.score,
                    Bound::Lower if e.score >= beta => return e.score,
                    Bound::Upper if e.score <= alpha => return e.score,
                    _ => {}
                }
            }
        }
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            // A forced pass: the other seat moves.
            let mut p = pos.clone();
            p.pass();
            return -self.search(&p, depth - 1, -beta, -alpha, ply + 1);
        }
        moves.sort_by_key(|&m| (Some(m) != tt_move, -Self::gain(pos, m)));
        let alpha0 = alpha;
        let mut best = -WIN - 1;
        let mut best_move = None;
        for m in moves {
            let Ok(next) = pos.after(m) else { continue };
            let s = -self.search(&next, depth - 1, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                best_move = Some(m);
            }
            alpha = alpha.max(s);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if self.table.len() >= TABLE_MAX {
            self.table.clear();
        }
        self.table.insert(
            key,
            Entry {
                depth,
                score: best,
                bound,
                best: best_move,
            },
        );
        best
    }

    /// The expected line from the table.
    fn pv(&self, pos: &Position, first: Move) -> Vec<Move> {
        let mut line = vec![first];
        let mut p = pos.after(first).ok();
        while let Some(cur) = p {
            let Some(m) = self.table.get(&cur.hash()).and_then(|e| e.best) else {
                break;
            };
            if line.len() >= 16 || !cur.is_legal(m) {
                break;
            }
            line.push(m);
            p = cur.after(m).ok();
        }
        line
    }
}

impl Engine for Baseline {
    fn name(&self) -> String {
        format!("halma-baseline {}", env!("CARGO_PKG_VERSION"))
    }
    fn options(&self) -> Vec<String> {
        Vec::new()
    }
    fn set_option(&mut self, name: &str, _: Option<&str>) -> Result<(), String> {
        Err(format!("unknown option '{}' (the baseline has none)", clip(name)))
    }
    fn new_game(&mut self) {
        self.table.clear();
    }
    fn choose(&mut self, pos: &Position, budget: Budget) -> Option<Choice> {
        let moves = pos.legal_moves();
        let first = *moves.first()?;
        self.nodes = 0;
        self.stopped = false;
        self.max_nodes = budget.nodes.unwrap_or(u64::MAX);
        self.deadline = budget.millis.map(|ms| (Instant::now(), ms));
        let mut best = (first, 0, 0);
        // An immediate win ends the search.
        if let Some(&m) = moves.iter().find(|&&m| {
            pos.after(m)
                .is_ok_and(|p| p.winners().len() == 1 && p.winners().contains(pos.turn()))
        }) {
            best = (m, WIN, 1);
        } else if moves.len() > 1 {
            for depth in 1..=64 {
                let s = self.search(pos, depth, -WIN - 1, WIN + 1, 0);
                if self.stopped {
                    break;
                }
                if let Some(m) = self.table.get(&pos.hash()).and_then(|e| e.best) {
                    best = (m, s, depth);
                }
                if s.abs() >= WIN - 1000 {
                    break;
                }
            }
        }
        let (m, score, depth) = best;
        Some(Choice {
            path: pos.hop_path(m).unwrap_or_else(|| vec![m.from, m.to]),
            depth,
            score,
            nodes: self.nodes,
            pv: self.pv(pos, m),
        })
    }
}
