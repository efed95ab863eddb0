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
//! reaches the goal.
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
mod shortest;
mod solitaire;
mod solutions;

use crate::geometry::{Geometry, Shape};
use crate::position::Position;
use crate::variant::Variant;
use crate::{Game, Outcome};
use crossing::Board;
use solutions::*;

pub(crate) use solitaire::solitaire_hint;
pub use solitaire::{count_solitaire, solve_solitaire, SolitaireCount};

/// What a puzzle asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
        solution_text: HALMA_10X10,
    },
    Puzzle {
        name: "halma-8x8-crossing",
        kind: Kind::Crossing,
        variant: "halma-8x8",
        board: "8×8, 10 pieces",
        goal: "the 10 pieces of the a1 camp into the h8 camp",
        par: HALMA_8X8_PAR,
        proven: None,
        record: None,
        solution_text: HALMA_8X8,
    },
];

/// The puzzle named `name`.
pub fn find(name: &str) -> Option<&'static Puzzle> {
    PUZZLES.iter().find(|p| p.name == name)
}

impl Puzzle {
    fn variant(&self) -> Variant {
        self.variant.parse().expect("the puzzles' variants parse")
    }

    /// The board model of a crossing.
    fn board_model(&self) -> Board {
        let v = self.variant();
        let geo: Geometry = v.geometry();
        let home = v.home_camps()[0] as usize;
        match geo.shape() {
            Shape::Star { .. } => {
                // The two points and the centre: no cell of another point.
                let sides: Vec<usize> = (0..6)
                    .filter(|&k| k != home && k != geo.opposite_camp(home))
                    .collect();
                let g2 = geo.clone();
                Board::new(geo, home, move |c| {
                    !sides.iter().any(|&k| g2.camp(k).contains(&c))
                })
            }
            Shape::Square { .. } => Board::new(geo, home, |_| true),
        }
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
}
