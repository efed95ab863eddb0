//! Puzzles: Halma solitaire, the crossing puzzles and the shortest game, each with its par
//! and a shipped solution, and the solvers the engine uses for the pars and the hints.
//!
//! - [`solve_solitaire`] and [`count_solitaire`]: the exact solitaire solver (each piece
//!   moves once into a figure symmetric about the long diagonal); it answers the computer
//!   players' solitaire hints too (see [`crate::ai::think`]).
//! - The crossings (one army alone, into the opposite camp) and the shortest game (both
//!   seats' moves chosen, one seat to win) are searched by beams ([`Puzzle::search`]).
//!
//! Every puzzle ships its best known solution as a move list ([`Puzzle::solution`]), so a
//! page can show it without a search; [`Puzzle::check`] replays a line and says whether it
//! reaches the goal. A page plays a puzzle as an engine [`Game`] ([`Puzzle::game`]), with
//! the moves the puzzle allows ([`Puzzle::legal_moves`]) and its goal check
//! ([`Puzzle::progress`]).
//!
//! # Examples
//! ```
//! use halma::puzzle::{find, PUZZLES};
//! let p = find("star-crossing").unwrap();
//! assert_eq!(p.check(&p.solution())?, p.par);
//! assert!(PUZZLES.iter().any(|p| p.name == "solitaire"));
//! # Ok::<(), String>(())
//! ```

mod crossing;
#[cfg(not(target_arch = "wasm32"))]
mod proof;
mod shortest;
mod solitaire;
mod solutions;

use crate::geometry::{Cell, Geometry, Shape};
use crate::position::Position;
use crate::variant::{Variant, WinRule};
use crate::{Game, Outcome};
use crossing::Board;
use solutions::*;

pub(crate) use solitaire::solitaire_hint;
pub use solitaire::{count_solitaire, solve_solitaire, CountRule, SolitaireCount};

/// What a puzzle asks for (`"solitaire"`, `"crossing"`, `"shortest-game"` in the wasm API).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
pub enum Kind {
    /// Halma solitaire of a solitaire variant: each piece once, into the symmetric figure.
    Solitaire,
    /// One army, alone, from camp 0 into the opposite camp.
    Crossing,
    /// Both seats of a two-seat game, moved by the player, until one seat wins.
    ShortestGame,
}

/// A puzzle of the collection.
#[derive(Clone, Copy, Debug)]
pub struct Puzzle {
    /// Its name (`halma puzzle solve NAME`).
    pub name: &'static str,
    /// What it asks for.
    pub kind: Kind,
    /// The variant whose board, start and moves it uses.
    pub variant: &'static str,
    /// The board, in words.
    pub board: &'static str,
    /// The goal, in a sentence.
    pub goal: &'static str,
    /// The fewest moves known.
    pub par: usize,
    /// Whether no solution is shorter, and who showed it; `None` when that is open.
    pub proven: Option<&'static str>,
    /// The fewest moves known from the literature, when our solver has not matched it.
    pub record: Option<(usize, &'static str)>,
    /// How many distinct final figures are known to solve it (a lower bound: our solver's
    /// count), for a puzzle with more than one figure.
    pub figures: Option<u64>,
    /// The best solution: moves in hop-path notation, separated by spaces.
    solution_text: &'static str,
}

/// The collection, in the order `halma puzzle list` prints it.
pub const PUZZLES: &[Puzzle] = &[
    Puzzle {
        name: "solitaire",
        kind: Kind::Solitaire,
        variant: "solitaire",
        board: "16×16, 19 pieces in the yard at a1",
        goal: "in 19 moves, each piece moving once, a figure symmetric about the a1–p16 diagonal, none left in the yard",
        par: 19,
        proven: Some("the rule: one move per piece"),
        record: None,
        // Our exhaustive count of the solutions symmetric again at most every 7 moves
        // (`halma solve --count --block 7`); the full count is open (docs/puzzles.md).
        figures: Some(22565),
        solution_text: SOLITAIRE,
    },
    Puzzle {
        name: "star-crossing",
        kind: Kind::Crossing,
        variant: "star-2",
        board: "star, the 81 cells of two points and the centre",
        goal: "the 10 pieces of the bottom point into the top point",
        par: 27,
        proven: Some("George Bell 2009 (A* and bidirectional search)"),
        record: None,
        figures: None,
        solution_text: STAR_CROSSING,
    },
    Puzzle {
        name: "shortest-game",
        kind: Kind::ShortestGame,
        variant: "star-2+strict",
        board: "star, two players (10 pieces each), strict win",
        goal: "both players' moves chosen: one player wins as soon as possible",
        par: SHORTEST_PAR,
        proven: None,
        record: Some((30, "David Fabian 1979, proven optimal by George Bell 2009")),
        figures: None,
        solution_text: SHORTEST_GAME,
    },
    Puzzle {
        name: "shortest-game-fill",
        kind: Kind::ShortestGame,
        variant: "star-2",
        board: "star, two players (10 pieces each), fill win",
        goal: "both players' moves chosen: one player wins as soon as possible",
        par: SHORTEST_FILL_PAR,
        proven: None,
        record: None,
        figures: None,
        solution_text: SHORTEST_FILL,
    },
    Puzzle {
        name: "halma-crossing",
        kind: Kind::Crossing,
        variant: "halma",
        board: "16×16, 19 pieces",
        goal: "the 19 pieces of the a1 camp into the p16 camp",
        par: HALMA_PAR,
        proven: None,
        record: None,
        figures: None,
        solution_text: HALMA,
    },
    Puzzle {
        name: "halma-13-crossing",
        kind: Kind::Crossing,
        variant: "halma-13",
        board: "16×16, 13 pieces",
        goal: "the 13 pieces of the a1 camp into the p16 camp",
        par: HALMA_13_PAR,
        proven: None,
        record: None,
        figures: None,
        solution_text: HALMA_13,
    },
    Puzzle {
        name: "halma-10x10-crossing",
        kind: Kind::Crossing,
        variant: "halma-10x10",
        board: "10×10, 15 pieces",
        goal: "the 15 pieces of the a1 camp into the j10 camp",
        par: HALMA_10X10_PAR,
        proven: None,
        record: None,
        figures: None,
        solution_text: HALMA_10X10,
    },
    Puzzle {
        name: "halma-8x8-crossing",
        kind: Kind::Crossing,
        variant: "halma-8x8",
        board: "8×8, 10 pieces",
        goal: "the 10 pieces of the a1 camp into the h8 camp",
        par: HALMA_8X8_PAR,
        proven: Some("our exact search: no solution in 17 moves"),
        record: None,
        figures: None,
        solution_text: HALMA_8X8,
    },
];

/// The puzzle named `name`.
pub fn find(name: &str) -> Option<&'static Puzzle> {
    PUZZLES.iter().find(|p| p.name == name)
}

/// How a game of a puzzle stands: the page's goal check ([`Puzzle::progress`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Progress {
    /// Whether the goal is reached.
    pub reached: bool,
    /// The moves that count toward the par: every move played (the empty seats' passes in
    /// a crossing are not moves).
    pub moves: usize,
    /// The par.
    pub par: usize,
    /// Whether the game is over without the goal (a solitaire with no move left, a draw).
    pub stuck: bool,
    /// Why the game is not a fair attempt at this puzzle (another start, a move the puzzle
    /// does not allow); `None` for every game played with [`Puzzle::legal_moves`].
    pub problem: Option<String>,
    /// A solved solitaire's figure: the cells of its pieces in cell order. A solving figure
    /// is its own mirror image, so this is its one canonical form.
    pub figure: Option<Vec<Cell>>,
}

/// A move a puzzle allows, with the hop path to show.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct PuzzleMove {
    /// The origin.
    pub from: Cell,
    /// The destination.
    pub to: Cell,
    /// One shortest path, origin first, that stays on the puzzle's cells.
    pub path: Vec<Cell>,
}

impl Puzzle {
    /// The variant the puzzle is played in. A crossing has no target lock (`free-target`):
    /// a hop chain may pass out of the target camp again, as in the crossing model.
    pub fn play_variant(&self) -> Variant {
        let text = match self.kind {
            Kind::Crossing => format!("{}+free-target", self.variant),
            _ => self.variant.to_string(),
        };
        match text.parse() {
            Ok(v) => v,
            // (Not `expect`: formatting the error would pull its Debug into the page's wasm.)
            Err(_) => unreachable!("the puzzles' variants parse"),
        }
    }

    fn variant(&self) -> Variant {
        self.play_variant()
    }

    /// The game a page plays: the puzzle's start in [`Puzzle::play_variant`]. In a crossing
    /// the other seat has no pieces and passes by itself.
    pub fn game(&self) -> Game {
        match self.start().parse() {
            Ok(start) => Game::from_position(start),
            Err(_) => unreachable!("a puzzle's start parses"),
        }
    }

    /// The moves the puzzle allows now in `g` (a game of [`Puzzle::game`]): the engine's
    /// legal moves, and in a crossing only those the crossing model allows too (on the star,
    /// no hop through a side point), each with a path on the puzzle's cells.
    pub fn legal_moves(&self, g: &Game) -> Vec<PuzzleMove> {
        let moves = g.legal_moves();
        if self.kind != Kind::Crossing {
            return moves
                .into_iter()
                .map(|m| PuzzleMove {
                    from: m.from,
                    to: m.to,
                    path: g.hop_path(m).unwrap_or_default(),
                })
                .collect();
        }
        let b = self.board_model();
        let Some(occ) = model_occupancy(&b, g.position()) else {
            return Vec::new();
        };
        moves
            .into_iter()
            .filter_map(|m| {
                let path = b.path(&occ, b.cells.iter().position(|&c| c == m.from)?, {
                    b.cells.iter().position(|&c| c == m.to)?
                })?;
                Some(PuzzleMove {
                    from: m.from,
                    to: m.to,
                    path: path.into_iter().map(|i| b.cells[i]).collect(),
                })
            })
            .collect()
    }

    /// The goal check of a game of this puzzle: reached or not, in how many moves, and
    /// whether the game is a fair attempt (the puzzle's start, only moves it allows).
    pub fn progress(&self, g: &Game) -> Progress {
        let moves = g.moves_played();
        let mut out = Progress {
            reached: false,
            moves,
            par: self.par,
            stuck: false,
            problem: None,
            figure: None,
        };
        if g.start().to_string() != self.start() {
            out.problem = Some(format!(
                "the game does not start at the {} puzzle's start",
                self.name
            ));
            return out;
        }
        if self.kind == Kind::Crossing {
            // Replays the moves in the crossing model, which knows the cells in play.
            let b = self.board_model();
            let mut occ = b.start;
            let index = |c: Cell| b.cells.iter().position(|&d| d == c);
            for (i, m) in g.history().filter_map(|p| p.mv).enumerate() {
                let path = match (index(m.from), index(m.to)) {
                    (Some(f), Some(t)) => b.path(&occ, f, t).map(|_| (f, t)),
                    _ => None,
                };
                let Some((f, t)) = path else {
                    out.problem = Some(format!("move {} is not allowed in this puzzle", i + 1));
                    return out;
                };
                occ.clear(f);
                occ.set(t);
            }
            out.reached = occ == b.goal;
        } else {
            out.reached = matches!(g.outcome(), Some(Outcome::Win { .. }));
        }
        out.stuck = !out.reached && g.is_over();
        if out.reached && self.kind == Kind::Solitaire {
            let cells = g.position().cells();
            out.figure = Some(
                (0..cells.len())
                    .filter(|&i| cells[i] != 0)
                    .map(|i| Cell::new(i as u16))
                    .collect(),
            );
        }
        out
    }

    /// The board model of a crossing.
    fn board_model(&self) -> Board {
        let v = self.variant();
        let geo: Geometry = v.geometry();
        let home = v.home_camps()[0] as usize;
        // On the star, the two points and the centre: no cell of another point.
        let out: Vec<Cell> = match geo.shape() {
            Shape::Star { .. } => (0..6)
                .filter(|&k| k != home && k != geo.opposite_camp(home))
                .flat_map(|k| geo.camp(k).iter().copied())
                .collect(),
            Shape::Square { .. } => Vec::new(),
        };
        Board::new(geo, home, &|c| !out.contains(&c))
    }

    /// The start as a position string of the puzzle's variant (a crossing: the other
    /// seats have no pieces).
    pub fn start(&self) -> String {
        let v = self.variant();
        let p = Position::start(v);
        match self.kind {
            Kind::Crossing => {
                let text = p.to_string();
                let (head, rows) = text.rsplit_once(' ').expect("a position has rows");
                let rows: String = rows
                    .chars()
                    .map(|c| if c.is_ascii_digit() && c != '1' { '.' } else { c })
                    .collect();
                format!("{head} {rows}")
            }
            _ => p.to_string(),
        }
    }

    /// The shipped solution, one move per entry in hop-path notation.
    pub fn solution(&self) -> Vec<String> {
        self.solution_text.split_whitespace().map(String::from).collect()
    }

    /// Replays `moves` (hop-path notation) from the start, checking each, and returns how
    /// many moves reached the goal; an error when a move is illegal, moves follow the goal,
    /// or the line ends short of it.
    pub fn check(&self, moves: &[String]) -> Result<usize, String> {
        match self.kind {
            Kind::Crossing => {
                let b = self.board_model();
                let mut occ = b.start;
                for (i, m) in moves.iter().enumerate() {
                    if occ == b.goal {
                        return Err(format!("move {}: the goal was reached already", i + 1));
                    }
                    let (from, to) = b
                        .parse_path(&occ, m)
                        .map_err(|e| format!("move {}: {e}", i + 1))?;
                    occ.clear(from);
                    occ.set(to);
                }
                if occ == b.goal {
                    Ok(moves.len())
                } else {
                    Err("the line ends before the goal".into())
                }
            }
            Kind::Solitaire | Kind::ShortestGame => {
                let mut g = Game::new(self.variant());
                for (i, m) in moves.iter().enumerate() {
                    if g.is_over() {
                        return Err(format!("move {}: the game is over", i + 1));
                    }
                    let mv = g
                        .position()
                        .parse_move(m)
                        .map_err(|e| format!("move {}: {e}", i + 1))?;
                    g.play(mv).map_err(|e| format!("move {}: {e}", i + 1))?;
                }
                match g.outcome() {
                    Some(Outcome::Win { .. }) => Ok(moves.len()),
                    _ => Err("the line ends before the goal".into()),
                }
            }
        }
    }

    /// Searches for a solution: the solitaire's exact solver, or a beam of `width`
    /// positions per move for the others (which proves nothing when it fails). `progress`
    /// gets a line of text now and then. Returns the moves in hop-path notation.
    pub fn search(&self, width: usize, progress: &mut dyn FnMut(&str)) -> Option<Vec<String>> {
        self.search_with(width, None, progress)
    }

    /// [`Puzzle::search`], and for the strict shortest game the most moves the winner may
    /// make (`side_moves`); without it the search tries 10, 11, … up to 25 in turn and
    /// returns the first game found.
    pub fn search_with(
        &self,
        width: usize,
        side_moves: Option<usize>,
        progress: &mut dyn FnMut(&str),
    ) -> Option<Vec<String>> {
        match self.kind {
            Kind::Solitaire => {
                let p = Position::start(self.variant());
                let line = solve_solitaire(&p, None).ok()??;
                let mut g = Game::new(self.variant());
                let mut out = Vec::new();
                for m in line {
                    out.push(path_text(g.position(), m));
                    g.play(m).ok()?;
                }
                Some(out)
            }
            Kind::Crossing => {
                let b = self.board_model();
                let line = b.beam(width, 4 * self.par.max(30), &mut |d, s| {
                    progress(&format!("move {d}: best score {s}"))
                })?;
                let mut occ = b.start;
                let mut out = Vec::new();
                for (from, to) in line {
                    let path = b.path(&occ, from, to)?;
                    out.push(path.iter().map(|&i| b.name(i)).collect::<Vec<_>>().join("-"));
                    occ.clear(from);
                    occ.set(to);
                }
                Some(out)
            }
            Kind::ShortestGame if self.variant().win_rule() != WinRule::Fill => {
                let b = self.board_model();
                let duel = shortest::Duel::new(&b);
                // Side 0 has 10 pieces to take out of the winner's target: 10 moves at least.
                let tries = match side_moves {
                    Some(n) => n..=n,
                    None => 10..=25,
                };
                let line = tries.into_iter().find_map(|n| duel.beam(n, width, progress))?;
                let mut p = Position::start(self.variant());
                let mut out = Vec::new();
                for text in line {
                    let m = p.parse_move(&text).ok()?;
                    out.push(path_text(&p, m));
                    p.play(m).ok()?;
                }
                Some(out)
            }
            Kind::ShortestGame => {
                let line = shortest::beam(self.variant(), width, 2 * self.par.max(30), progress)?;
                let mut p = Position::start(self.variant());
                let mut out = Vec::new();
                for m in line {
                    out.push(path_text(&p, m));
                    p.play(m).ok()?;
                }
                Some(out)
            }
        }
    }
}

/// What [`Puzzle::prove`] found.
#[cfg(not(target_arch = "wasm32"))]
pub use proof::ProofReport;

#[cfg(not(target_arch = "wasm32"))]
impl Puzzle {
    /// Decides exactly whether the crossing has a solution of at most `n` moves (see
    /// `proof.rs`); `progress(depth, positions kept, positions generated)` after each depth
    /// of the search. An error for a puzzle that is not a crossing or a board too large.
    pub fn prove(&self, n: usize, progress: &mut dyn FnMut(usize, u64, u64)) -> Result<ProofReport, String> {
        if self.kind != Kind::Crossing {
            return Err(format!("{} is not a crossing", self.name));
        }
        let b = self.board_model();
        let p = proof::Prover::new(&b, &b.start_cells(), &b.goal_cells())?;
        let mut r = p.prove(n, progress);
        let mut occ = b.start;
        for &(from, to) in &r.line {
            let path = b
                .path(&occ, from, to)
                .ok_or("the prover's line has an illegal move")?;
            r.solution
                .push(path.iter().map(|&i| b.name(i)).collect::<Vec<_>>().join("-"));
            occ.clear(from);
            occ.set(to);
        }
        if r.shortest.is_some() {
            self.check(&r.solution)?;
        }
        Ok(r)
    }
}

/// The pieces of `p` as a set of the crossing model's cells; `None` when one stands on a
/// cell outside the model.
fn model_occupancy(b: &Board, p: &Position) -> Option<crossing::Set> {
    let cells = p.cells();
    let mut occ = crossing::Set::default();
    for (i, &seat) in cells.iter().enumerate() {
        if seat != 0 {
            occ.set(b.cells.iter().position(|&c| c.index() == i)?);
        }
    }
    Some(occ)
}

/// A move in full hop-path notation (`a1-c3-e5`, or `a1-a2` for a step).
pub fn path_text(p: &Position, m: crate::Move) -> String {
    let g = p.geometry();
    match p.hop_path(m) {
        Some(path) => path.iter().map(|&c| g.name(c)).collect::<Vec<_>>().join("-"),
        None => p.move_text(m),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_solution_reaches_its_goal_in_its_par() {
        for p in PUZZLES {
            assert_eq!(p.check(&p.solution()), Ok(p.par), "{}", p.name);
        }
    }

    /// What the page does: the solution played into [`Puzzle::game`], each move one the
    /// puzzle allows, and the goal check says reached in exactly the par only at the end.
    #[test]
    fn every_shipped_solution_plays_in_the_pages_game_to_its_par() {
        for p in PUZZLES {
            let mut g = p.game();
            for (i, text) in p.solution().iter().enumerate() {
                let st = p.progress(&g);
                assert!(
                    !st.reached && !st.stuck && st.problem.is_none(),
                    "{} before move {}",
                    p.name,
                    i + 1
                );
                assert_eq!(st.moves, i, "{}", p.name);
                let m = g.position().parse_move(text).unwrap();
                let allowed = p.legal_moves(&g);
                let pm = allowed.iter().find(|a| a.from == m.from && a.to == m.to);
                let pm = pm.unwrap_or_else(|| panic!("{} move {}: {text} not allowed", p.name, i + 1));
                assert_eq!(pm.path.first(), Some(&m.from));
                assert_eq!(pm.path.last(), Some(&m.to));
                g.play(m).unwrap();
            }
            let st = p.progress(&g);
            assert!(st.reached && st.problem.is_none(), "{}: {st:?}", p.name);
            assert_eq!((st.moves, st.par), (p.par, p.par), "{}", p.name);
            assert_eq!(st.figure.is_some(), p.kind == Kind::Solitaire, "{}", p.name);
        }
    }

    #[test]
    fn the_star_crossings_paths_stay_on_its_cells() {
        let p = find("star-crossing").unwrap();
        let b = p.board_model();
        let mut g = p.game();
        for text in p.solution() {
            for m in p.legal_moves(&g) {
                assert!(m.path.iter().all(|c| b.cells.contains(c)), "{m:?}");
            }
            g.play_text(&text).unwrap();
        }
        // A game that leaves the puzzle's start is no attempt at it.
        g = Game::new("star-2".parse().unwrap());
        assert!(p.progress(&g).problem.is_some());
    }

    #[test]
    fn a_solitaire_with_no_move_left_is_stuck_and_a_crossing_is_counted() {
        let p = find("solitaire").unwrap();
        let mut g = p.game();
        // Every piece moves once but not into a symmetric figure: steps out of the yard.
        while !g.is_over() {
            let m = g.legal_moves()[0];
            g.play(m).unwrap();
        }
        let st = p.progress(&g);
        assert!(!st.reached);
        assert_eq!(st.stuck, g.outcome() == Some(Outcome::Unsolved));
        let c = find("halma-8x8-crossing").unwrap();
        let mut g = c.game();
        g.play_text("a3-c3").unwrap();
        let st = c.progress(&g);
        assert_eq!((st.moves, st.reached, st.stuck), (1, false, false));
        assert_eq!(g.position().turn(), 1, "the empty seat passed");
    }
}
