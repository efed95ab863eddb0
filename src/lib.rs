//! # halma
//!
//! A rules engine for Halma and Chinese checkers (Sternhalma): square boards (16×16 with 2,
//! 3 or 4 seats, 10×10, 8×8, custom sizes) and the star board (2 to 6 seats), with the
//! variants of `docs/rules.md`: long jumps, target lock, side points, the fill /
//! strict / swap win rules, equal turns, teams, draws by repetition and turn limit, and
//! Halma solitaire.
//!
//! The engine is pure Rust without dependencies on the browser; `wasm.rs` wraps it for
//! JavaScript when built for `wasm32`. The computer players are in [`ai`], the solitaire
//! solvers in [`puzzle`].
//!
//! Cargo features: `cli` (default) builds the `halma` command line program and enables
//! `bench`, the benchmarks it shares with the wasm bench build (`run_bench`,
//! `run_search_bench`). The library itself needs neither.
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
#[cfg(feature = "bench")]
mod bench;
pub mod ccp;
mod describe;
mod error;
mod game;
mod geometry;
mod link;
mod movegen;
mod position;
pub mod puzzle;
mod variant;

/// The values that cross to JavaScript without an engine type of their own (wasm32 only).
#[cfg(target_arch = "wasm32")]
mod js;
/// The JavaScript API (wasm32 only). Public for `tests/wasm.rs`, which calls it as JavaScript
/// would; JavaScript sees it through the generated `www/pkg/halma.js`.
#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
pub mod wasm;

#[cfg(feature = "bench")]
pub use bench::{bench_positions, run_bench, run_search_bench, BenchRun, SearchRun};
pub use describe::{
    BoardDescription, CampDescription, CellDescription, OptionChoices, SeatDescription, VariantInfo,
    VariantOptions, VariantSummary,
};
pub use error::{Error, ErrorKind};
pub use game::{DrawReason, Game, Outcome, Ply, SolitaireStatus, Standing, MAX_RECORD_LEN};
pub use geometry::{Cell, Geometry, Shape};
pub use link::{LINK_VERSION, MAX_LINK_LEN};
pub use movegen::MoveGen;
pub use position::{Move, Position, SeatSet, MAX_PIECES, MAX_SEATS};
pub use variant::{
    Teams, Variant, VariantId, WinRule, CAMP_SIZES, DEFAULT_TURN_LIMIT, SIDE_RANGE, SIZE_RANGE, TURNS_RANGE,
};
