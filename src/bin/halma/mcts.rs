//! The MCTS engine of `halma mcts-engine`: a second reference opponent, written apart from
//! `halma::ai` from the published description of Monte-Carlo Tree Search for Chinese
//! checkers by Nijssen & Winands ("Enhancements for Multi-Player Monte-Carlo Tree Search",
//! CG 2010; "Playout Search for Monte-Carlo Tree Search in Multi-Player Games", ACG 2011).
//! It shares nothing with our search but the `Budget` it is handed (docs/ai.md).
//!
//! UCT (UCB1) with Progressive History picks the child; one node is added to the tree per
//! playout; the playouts are ε-greedy, preferring the move that goes furthest forward; a
//! playout is cut off after a fixed number of plies and scored by a logistic squash of the
//! progress difference. Rewards are in [0, 1] for the seat that made the move into a node,
//! a draw ½. The move played is the root's most visited child. A search depends only on
//! the position, the seed and a node budget: there is no reuse between moves.

use crate::Outcome;
use clap::Args;
use halma::ai::Budget;
use halma::ccp::{clip, serve, Choice, Engine};
use halma::{Move, MoveGen, Position};
use std::io;
use std::time::Instant;

/// The exploration constant C of UCB1, on rewards in [0, 1].
const C: f64 = 0.2;
/// The weight W of Progressive History.
const W: f64 = 5.0;
/// The chance of a random move in a playout (else the move of most progress).
const EPSILON: f64 = 0.05;
/// Plies a playout runs before it is scored (10 beat 20 by 31-4-13 in self-play at 50 and
/// 100 ms a move, and 20 beat 60 by 27-5-0 at 50 ms).
const PLAYOUT_PLIES: usize = 10;
/// Rows of progress difference, ours minus theirs, worth a reward of 1 / (1 + e^-1).
const SCALE: f64 = 6.0;
/// Tree nodes at most; once there are as many, playouts start from the leaves.
const MAX_TREE: usize = 1 << 19;
/// Reported as the score of a move that finishes, hundredths of a row.
const FINISH_SCORE: i32 = 100_000;

/// An MCTS engine speaking CCP, the second reference opponent.
///
/// Monte-Carlo Tree Search written apart from halma::ai from Nijssen & Winands' description
/// (UCT with Progressive History, ε-greedy playouts that prefer forward moves, cut off and
/// scored by the progress difference). Nodes are playouts. It answers the same commands as
/// `halma ccp`; its one option is Seed.
#[derive(Args)]
#[command(verbatim_doc_comment)]
pub struct MctsArgs {
    /// Seed of the engine's random choices
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
}

/// `halma mcts-engine`.
pub fn mcts_engine(a: MctsArgs) -> Outcome {
    let mut e = Mcts::new(a.seed);
    serve(&mut e, io::stdin().lock(), &mut io::stdout().lock()).map_err(|e| e.to_string())
}

/// SplitMix64: the engine's own random numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// A number below `n` (> 0).
    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
    /// A number in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A node of the tree: the position after its move.
struct Node {
    /// The move into it, `None` for the root and a pass.
    mv: Option<Move>,
    /// The seat (1 or 2) that made the move.
    mover: u8,
    visits: u32,
    /// Summed rewards, for `mover`.
    reward: f64,
    children: Vec<u32>,
    /// The moves not yet in the tree, the next one to add last; `None` until the node is
    /// reached a second time.
    untried: Option<Vec<Option<Move>>>,
}

impl Node {
    fn new(mv: Option<Move>, mover: u8) -> Node {
        Node {
            mv,
            mover,
            visits: 0,
            reward: 0.0,
            children: Vec::new(),
            untried: None,
        }
    }
    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.reward / f64::from(self.visits)
        }
    }
}

/// One search: the tree, the history table and the scratch buffers.
struct Search {
    nodes: Vec<Node>,
    /// Per seat, origin and destination: summed playout rewards for that seat and count.
    history: Vec<(f32, u32)>,
    cells: usize,
    /// Per seat: each cell's distance, in rows, to the far end of its target.
    dist: [Vec<i32>; 2],
    rng: Rng,
    gen: MoveGen,
    buf: Vec<Move>,
    /// The iteration's nodes, root first.
    path: Vec<u32>,
    /// The iteration's moves, in the tree and in the playout, with their seat.
    trail: Vec<(u8, Move)>,
    max_depth: u32,
}

impl Search {
    fn new(pos: &Position, seed: u64) -> Search {
        let g = pos.geometry();
        let homes = pos.variant().home_camps();
        let dist = [0, 1].map(|s| {
            let home = homes.get(s).copied().unwrap_or(0) as usize;
            g.cells().map(|c| g.distance_to_target(home, c)).collect()
        });
        Search {
            nodes: vec![Node::new(None, (3 - pos.turn()) as u8)],
            history: vec![(0.0, 0); 2 * g.len() * g.len()],
            cells: g.len(),
            dist,
            rng: Rng(seed ^ pos.hash()),
            gen: MoveGen::new(),
            buf: Vec::new(),
            path: Vec::new(),
            trail: Vec::new(),
            max_depth: 0,
        }
    }

    /// Rows `m` gains for `seat`.
    fn gain(&self, seat: usize, m: Move) -> i32 {
        let d = &self.dist[seat - 1];
        d[m.from.index()] - d[m.to.index()]
    }

    fn history_index(&self, seat: u8, m: Move) -> usize {
        (usize::from(seat) - 1) * self.cells * self.cells + m.from.index() * self.cells + m.to.index()
    }

    /// The moves of a node at `pos` in the order they are added: most rows gained last,
    /// ties at random; a pass when the seat to move has no move.
    fn untried(&mut self, pos: &Position) -> Vec<Option<Move>> {
        self.buf.clear();
        pos.generate_moves(&mut self.gen, &mut self.buf);
        if self.buf.is_empty() {
            return vec![None];
        }
        let seat = pos.turn();
        let mut keyed: Vec<(i32, u64, Move)> = Vec::with_capacity(self.buf.len());
        for i in 0..self.buf.len() {
            let m = self.buf[i];
            keyed.push((self.gain(seat, m), self.rng.next(), m));
        }
        keyed.sort_unstable_by_key(|&(g, r, _)| (g, r));
        keyed.into_iter().map(|(_, _, m)| Some(m)).collect()
    }

    /// The child of `node` of greatest UCB1 value plus Progressive History's bias.
    fn select(&self, node: usize) -> usize {
        let n = &self.nodes[node];
        let ln = f64::from(n.visits.max(1)).ln();
        let mut best = (f64::NEG_INFINITY, n.children[0] as usize);
        for &c in &n.children {
            let ch = &self.nodes[c as usize];
            let visits = f64::from(ch.visits.max(1));
            let q = ch.mean();
            let mut v = q + C * (ln / visits).sqrt();
            if let Some(m) = ch.mv {
                let (sum, count) = self.history[self.history_index(ch.mover, m)];
                if count > 0 {
                    let h = f64::from(sum) / f64::from(count);
                    v += W * h / (visits * (1.0 - q) + 1.0);
                }
            }
            if v > best.0 {
                best = (v, c as usize);
            }
        }
        best.1
    }

    /// Plays `mv` (a pass if `None`) on `pos`, keeping it in the trail.
    fn apply(&mut self, pos: &mut Position, mv: Option<Move>) {
        match mv {
            Some(m) => {
                self.trail.push((pos.turn() as u8, m));
                pos.play_unchecked(m);
            }
            None => pos.pass(),
        }
    }

    /// Seat 1's reward for a finished game.
    fn final_reward(pos: &Position) -> f64 {
        let w = pos.winners();
        if w.len() != 1 {
            0.5
        } else if w.contains(1) {
            1.0
        } else {
            0.0
        }
    }

    /// Seat 1's reward for a game cut off: the logistic of the rows it has less to go.
    fn cutoff_reward(pos: &Position) -> f64 {
        let diff = f64::from(pos.distance_to_go(2) - pos.distance_to_go(1));
        1.0 / (1.0 + (-diff / SCALE).exp())
    }

    /// The move of a playout: a random one with chance ε, else one of most rows gained.
    fn policy(&mut self, seat: usize) -> Move {
        let n = self.buf.len();
        if self.rng.unit() < EPSILON {
            return self.buf[self.rng.below(n)];
        }
        let d = &self.dist[seat - 1];
        let mut best = i32::MIN;
        let mut ties = 0;
        let mut pick = self.buf[0];
        for &m in &self.buf {
            let g = d[m.from.index()] - d[m.to.index()];
            if g > best {
                best = g;
                ties = 1;
                pick = m;
            } else if g == best {
                ties += 1;
                if self.rng.below(ties) == 0 {
                    pick = m;
                }
            }
        }
        pick
    }

    /// Plays on from `pos` and returns seat 1's reward.
    fn playout(&mut self, pos: &mut Position) -> f64 {
        let mut passes = 0;
        for _ in 0..PLAYOUT_PLIES {
            if pos.is_over() {
                return Self::final_reward(pos);
            }
            self.buf.clear();
            pos.generate_moves(&mut self.gen, &mut self.buf);
            if self.buf.is_empty() {
                passes += 1;
                if passes >= 2 {
                    return 0.5;
                }
                pos.pass();
                continue;
            }
            passes = 0;
            let seat = pos.turn();
            let m = self.policy(seat);
            self.trail.push((seat as u8, m));
            pos.play_unchecked(m);
        }
        if pos.is_over() {
            Self::final_reward(pos)
        } else {
            Self::cutoff_reward(pos)
        }
    }

    /// One iteration: selection, expansion of one node, a playout, the backup.
    fn iterate(&mut self, root: &Position) {
        let mut pos = root.clone();
        self.trail.clear();
        self.path.clear();
        self.path.push(0);
        let mut node = 0;
        while !pos.is_over() {
            if self.nodes[node].untried.is_none() {
                let u = self.untried(&pos);
                self.nodes[node].untried = Some(u);
            }
            if self.nodes.len() < MAX_TREE {
                if let Some(mv) = self.nodes[node].untried.as_mut().and_then(|u| u.pop()) {
                    let child = self.nodes.len();
                    self.nodes.push(Node::new(mv, pos.turn() as u8));
                    self.nodes[node].children.push(child as u32);
                    self.apply(&mut pos, mv);
                    self.path.push(child as u32);
                    break;
                }
            }
            if self.nodes[node].children.is_empty() {
                break;
            }
            node = self.select(node);
            let mv = self.nodes[node].mv;
            self.apply(&mut pos, mv);
            self.path.push(node as u32);
        }
        self.max_depth = self.max_depth.max(self.path.len() as u32 - 1);
        let r1 = self.playout(&mut pos);
        for &i in &self.path {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            n.reward += if n.mover == 1 { r1 } else { 1.0 - r1 };
        }
        for k in 0..self.trail.len() {
            let (seat, m) = self.trail[k];
            let i = self.history_index(seat, m);
            let e = &mut self.history[i];
            e.0 += (if seat == 1 { r1 } else { 1.0 - r1 }) as f32;
            e.1 += 1;
        }
    }

    /// The most visited child of `node`, if it has any.
    fn most_visited(&self, node: usize) -> Option<usize> {
        self.nodes[node]
            .children
            .iter()
            .map(|&c| c as usize)
            .max_by(|&a, &b| {
                let (x, y) = (&self.nodes[a], &self.nodes[b]);
                x.visits.cmp(&y.visits).then(x.reward.total_cmp(&y.reward))
            })
    }
}

/// The MCTS engine.
pub struct Mcts {
    seed: u64,
}

impl Mcts {
    /// A new engine whose random choices are seeded by `seed`.
    pub fn new(seed: u64) -> Mcts {
        Mcts { seed }
    }
}

/// The answer for the move `m` from `pos`.
fn choice(pos: &Position, m: Move, depth: u32, score: i32, nodes: u64, pv: Vec<Move>) -> Choice {
    Choice {
        path: pos.hop_path(m).unwrap_or_else(|| vec![m.from, m.to]),
        depth,
        score,
        nodes,
        pv,
    }
}

impl Engine for Mcts {
    fn name(&self) -> String {
        format!("halma-mcts {}", env!("CARGO_PKG_VERSION"))
    }
    fn options(&self) -> Vec<String> {
        vec!["option name Seed type spin default 1 min 0 max 4294967295".into()]
    }
    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        if !name.eq_ignore_ascii_case("seed") {
            return Err(format!("unknown option '{}' (Seed)", clip(name)));
        }
        let v = value.ok_or_else(|| format!("option {} needs a value", clip(name)))?;
        self.seed = v
            .trim()
            .parse()
            .map_err(|_| format!("Seed: '{}' is not a number", clip(v)))?;
        Ok(())
    }
    fn choose(&mut self, pos: &Position, budget: Budget) -> Option<Choice> {
        let start = Instant::now();
        let moves = pos.legal_moves();
        let first = *moves.first()?;
        if moves.len() == 1 {
            return Some(choice(pos, first, 0, 0, 0, vec![first]));
        }
        let me = pos.turn();
        if let Some(&m) = moves
            .iter()
            .find(|&&m| pos.after(m).is_ok_and(|p| p.finished().contains(me)))
        {
            return Some(choice(pos, m, 1, FINISH_SCORE, 0, vec![m]));
        }
        let mut s = Search::new(pos, self.seed);
        let max_iterations = budget.nodes.unwrap_or(u64::MAX);
        let mut iterations = 0;
        // The longest iteration so far: the search stops when one more might overrun.
        let mut longest = 0.0f64;
        let mut last = start.elapsed().as_secs_f64() * 1000.0;
        while iterations < max_iterations {
            if let Some(ms) = budget.millis {
                if last + 2.0 * longest + 1.0 >= ms {
                    break;
                }
            }
            s.iterate(pos);
            iterations += 1;
            let now = start.elapsed().as_secs_f64() * 1000.0;
            longest = longest.max(now - last);
            last = now;
        }
        let Some(best) = s.most_visited(0) else {
            // No time for one playout: the move of most rows gained.
            let m = *moves.iter().max_by_key(|&&m| s.gain(me, m))?;
            return Some(choice(pos, m, 0, 0, 0, vec![m]));
        };
        let mut pv = Vec::new();
        let mut node = Some(best);
        while let Some(n) = node {
            match s.nodes[n].mv {
                Some(m) if pv.len() < 16 && s.nodes[n].visits > 0 => pv.push(m),
                _ => break,
            }
            node = s.most_visited(n);
        }
        let q = s.nodes[best].mean().clamp(0.001, 0.999);
        let score = (SCALE * 100.0 * (q / (1.0 - q)).ln()).round() as i32;
        let m = s.nodes[best].mv.unwrap_or(first);
        Some(choice(pos, m, s.max_depth, score, iterations, pv))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use halma::ccp::ccerl_variant;

    /// The move of a choice, checked legal with the path the rules give.
    fn checked_move(pos: &Position, c: &Choice) -> Move {
        let m = Move::new(c.path[0], *c.path.last().unwrap());
        assert!(pos.is_legal(m), "an illegal move {}", pos.move_text(m));
        assert_eq!(pos.hop_path(m).as_ref(), Some(&c.path));
        m
    }

    #[test]
    fn a_legal_move_from_the_start() {
        let pos = Position::start(ccerl_variant());
        let c = Mcts::new(1).choose(&pos, Budget::nodes(300)).unwrap();
        checked_move(&pos, &c);
        assert_eq!(c.nodes, 300);
        assert!(!c.pv.is_empty());
    }

    #[test]
    fn legal_moves_from_random_positions() {
        let mut rng = Rng(7);
        let mut e = Mcts::new(3);
        for game in 0..4 {
            let mut pos = Position::start(ccerl_variant());
            for _ in 0..10 + 15 * game {
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.is_over() {
                    break;
                }
                pos.play(moves[rng.below(moves.len())]).unwrap();
            }
            if pos.is_over() || pos.legal_moves().is_empty() {
                continue;
            }
            let c = e.choose(&pos, Budget::nodes(150)).unwrap();
            let m = checked_move(&pos, &c);
            // The expected line is playable.
            let mut p = pos.after(m).unwrap();
            for &n in &c.pv[1..] {
                p.play(n).unwrap();
            }
        }
    }

    #[test]
    fn a_node_budget_and_a_seed_give_the_same_move() {
        let mut pos = Position::start(ccerl_variant());
        for m in ["d4-h5", "b14-g13", "b4-g6", "a15-b14"] {
            let m = pos.parse_move(m).unwrap();
            pos.play(m).unwrap();
        }
        let a = Mcts::new(5).choose(&pos, Budget::nodes(400)).unwrap();
        let b = Mcts::new(5).choose(&pos, Budget::nodes(400)).unwrap();
        assert_eq!((a.path, a.score, a.pv, a.nodes), (b.path, b.score, b.pv, b.nodes));
    }

    #[test]
    fn a_time_budget_stops_the_search() {
        let pos = Position::start(ccerl_variant());
        let t = Instant::now();
        let c = Mcts::new(1).choose(&pos, Budget::millis(40.0)).unwrap();
        checked_move(&pos, &c);
        // Loose: the machine may be busy; the point is that the clock stops it.
        assert!(t.elapsed().as_millis() < 1000);
    }

    #[test]
    fn a_finishing_move_is_taken_at_once() {
        // Seat 1 has nine pieces in its target and one a step from the last hole.
        let start = Position::start(ccerl_variant());
        let g = start.geometry();
        let target = g.camp(start.variant().target_camp(0).unwrap());
        let home = start.variant().home_camps()[0] as usize;
        // A hole of the target's outer row, and a neighbour outside the target.
        let hole = *target
            .iter()
            .max_by_key(|&&c| g.distance_to_target(home, c))
            .unwrap();
        let outside = g
            .neighbors(hole)
            .find(|c| !target.contains(c))
            .expect("a hole of the outer row has a neighbour outside the target");
        let mut cells = vec![b'.'; g.len()];
        for &c in target {
            if c != hole {
                cells[c.index()] = b'1';
            }
        }
        cells[outside.index()] = b'1';
        // Seat 2: five pieces in the middle of the board.
        cells[58..63].fill(b'2');
        let text = position_text(&start, &cells);
        let pos = Position::from_variant_or_position(&text).unwrap();
        let c = Mcts::new(1).choose(&pos, Budget::nodes(1000)).unwrap();
        let m = checked_move(&pos, &c);
        assert_eq!((m.from, m.to), (outside, hole));
        assert_eq!(c.score, FINISH_SCORE);
        assert!(pos.after(m).unwrap().finished().contains(1));
    }

    /// A CCERL position text, seat 1 to move, from one character a cell.
    fn position_text(start: &Position, cells: &[u8]) -> String {
        let rows: Vec<String> = start
            .geometry()
            .rows()
            .iter()
            .map(|r| r.iter().map(|c| cells[c.index()] as char).collect())
            .collect();
        format!("{} 1 {}", start.variant(), rows.join("/"))
    }
}
