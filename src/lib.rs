//! # halma
//!
//! A rules engine for Halma and Chinese checkers (Sternhalma): square boards (16×16 with 2,
//! 3 or 4 seats, 10×10, 8×8, custom sizes) and the star board (2 to 6 seats), with the
//! variants of the project's RULES.md: long jumps, target lock, side points, the fill /
//! strict / swap win rules, equal turns, teams, draws by repetition and turn limit, and
//! Halma solitaire.
//!
//! The engine is pure Rust without dependencies on the browser; `wasm.rs` wraps it for
//! JavaScript when built for `wasm32`.
//!
//! # Examples
//! ```
//! use halma::{Game, Position, Variant};
//!
//! let variant: Variant = "star-2".parse()?;
//! let mut game = Game::new(variant);
//! let moves = game.position().legal_moves();
//! assert_eq!(moves.len(), 14);
//! game.play(moves[0])?;
//! assert_eq!(game.position().turn(), 2);
//! # Ok::<(), halma::Error>(())
//! ```
//!
//! Cells are numbered in the rules' cell order (top row first, left to right); names like
//! `e4` are for people and text formats. Moves are `(from, to)` pairs; different hop paths
//! to the same cell are one move, and [`Position::hop_path`] gives a shortest one.

#![warn(missing_docs)]

pub mod ai;
mod error;
mod game;
mod geometry;
mod link;
mod movegen;
mod position;
mod variant;

/// The JavaScript API (wasm32 only). Public for `tests/wasm.rs`, which calls it as JavaScript
/// would; JavaScript sees it through the generated `www/pkg/halma.js`.
#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
pub mod wasm;

pub use error::{Error, ErrorKind};
pub use game::{DrawReason, Game, Outcome, Ply, Standing, MAX_RECORD_LEN};
pub use geometry::{Cell, Geometry, Shape};
pub use link::{LINK_VERSION, MAX_LINK_LEN};
pub use movegen::MoveGen;
pub use position::{Move, Position, SeatSet, MAX_PIECES, MAX_SEATS};
pub use variant::{Teams, Variant, VariantId, WinRule, DEFAULT_TURN_LIMIT};

/// Fixed mid-game positions used by `halma bench`, the criterion benchmark and the wasm
/// benchmark, by board: `(name, positions)`. They were reached by level-4 self-play (plies
/// 20–50 on the star, 30–90 on the 16×16 board).
pub fn bench_positions() -> [(&'static str, &'static [&'static str]); 2] {
    [
        (
            "star-2",
            &[
                "star-2 1 ./22/2../2222/............./............/......1..../.....2..../.....2.../.....11.../.......1.../......1...../......1....../1.21/.1./1./.",
                "star-2 1 ./../2../.222/....2.1....../...2..1...../......1..../.....22.../.....2.../......1.../.....1.1.../.....1....../............./1.21/.../1./.",
                "star-2 1 ./../.../2.2./....2.1....../.....1....../...2..1..../..2..22.../...1.2.../....121.../......1..../.....1....../.....1......./..2./.../1./.",
                "star-2 1 ./../.1./..2./......1....../...221....../..12..1..../...11.2.../..2....../.....2..../.....2...../.....1....../.....1......./..22/.../1./.",
            ],
        ),
        (
            "halma",
            &[
                "halma 1 ...........2..../............2.2./............2..2/........1.112.2./.........22.2..2/.........21.1.../..........2...../............1.../..........22..../................/......1.11....../.1.21..1......../..1..1..1......./.2.1.2........../...11.........../.1.2............",
                "halma 1 ................/............2..1/.............2../........1.112.2./.......2.22..1../........1.1.1.../.........22.2.../...........21.../..........2.2.../..........1...../......11..1...../.1.2.2...1....../....11.2......../.2.1.2........../................/.21.............",
                "halma 1 ................/............2..1/................/........1.11.211/.......2.22.2.../........1..11.../.........22.2.../............1.../..........21..../........2..2..../...1.111..1...../22..12....1...../................/.2..22........../................/.21.............",
                "halma 1 ...............1/............1..1/................/........1..12.11/.......2..212.../........1..11.../.........21.2.../........1.1.1.../......22......../.......1.2....../...1...2..1...../222..2........../................/.2..22........../....2.........../.21.............",
            ],
        ),
    ]
}
