//! Solvers for the Halma solitaire puzzle: move the pieces of one corner camp into a figure
//! that is mirror-symmetric about the opposite diagonal within the turn limit.
//!
//! Two readings, two solvers. Under the rules a piece may move again: the beam search
//! ([`search_solitaire`], with an exhaustive finish [`search_solitaire_with_tail`]) looks for
//! a solution and reports how close it came, without proving anything when it fails. Under
//! "no piece moves twice", [`solve_each_once`] decides the puzzle exhaustively. The computer
//! players' solitaire hints use the beam (see [`crate::ai::think`]).
//!
//! # Examples
//! ```
//! use halma::puzzle::search_solitaire;
//! let s = search_solitaire("solitaire+size=12".parse()?, 50).unwrap();
//! assert!(s.solved && s.unmatched == 0);
//! # Ok::<(), halma::Error>(())
//! ```

mod beam;
mod once;

pub(crate) use beam::solitaire_hint;
pub use beam::{search_solitaire, search_solitaire_with_tail, solve_solitaire, SolitaireSearch};
pub use once::{proved_no_once_solution, recorded_once_result, solve_each_once, OnceResult};
