//! The shipped solutions: the best line each puzzle's solver found (`halma puzzle solve
//! NAME`, widths in `docs/puzzles.md`), one move per hop path, separated by spaces.

/// `solitaire`: 19 moves.
pub(super) const SOLITAIRE: &str =
    "b4-d4 c3-e5 c4-e4-e6 d3-d5-f5 a4-a6-c4-e4-g6 b1-d3-d5-f7 b5-c6 e2-f3 c1-e3-g3 \
    a3-c1-e3-c5-c7 a2-c4-e4-g2-g4 d1-d3-d5-b7-d7 a5-b6 e1-f2 a1-c3-c1-e3-c5 b2-b4-d6-f6 \
    b3-d1-d3-d5 c2-e2-g2-e4 d2-e3";

/// `star-crossing`: 27 moves.
pub(super) const STAR_CROSSING: &str =
    "a4-f5 a2-a4-f6 a3-g5-e7 e7-d8 c3-g5-e7-c9 a1-c3-g5-e7 b4-e6-e8-c8-d10 d10-e11 \
    d4-b4-e6-e8-c8-d10-f12 b2-b4-e6-e8-c8-d10 f5-g5 b3-h5-f5-f7-d7-d9-d11-f11-f13 \
    d8-c10-e10-e12-b14 b14-c14 f6-d8-c10-e10-e12-b14-d14 c4-f6-d8-c10-e10-e12-b14 b14-b15 \
    g5-f6 f6-d8-c10-e10-e12-b14-b16 e7-d8 d8-c10-e10-e12-b14 e11-g13-a15 c9-e11-g13-c15-a17 \
    d10-e11 e11-g13-c15 f12-a14-a16 f13-a14";

/// The moves of [`SHORTEST_GAME`].
pub(super) const SHORTEST_PAR: usize = 32;
/// `shortest-game`: 32 moves, 16 a side (`--side-moves 16`).
pub(super) const SHORTEST_GAME: &str =
    "b4-f5 a14-f13 a4-f6 a16-a14-f12 c3-g5-e7 c15-g13-e11 b2-b4-e6-e8 a17-a16 e8-d9 \
    f12-d10-e8-e6-b4-b2 d4-b4-e6-g6 a16-a14-f12-d10-e8-e6-b4-d4 f6-f7 \
    b14-e12-e10-d8-f6-h6 a2-a4-f6-f8 d14-b14-e12-e10-d8-f6-a4-a2 a1-c3-g5 \
    b16-b14-e12-e10-d8-f6-a4 c4-f6-d8-e10-e12-b14 c14-a14-f12-d10-e8-e6-b4 d9-e10 \
    e11-e9-g7-i5-c3-a1 a3-c3-i5-g7-e9-e11 f13-g13 e11-f12 g13-e11-e9-g7-i5-c3-a3 f7-e8 \
    a15-g13-e11-e9-g7-i5-c3 b3-c4 b15-f13-f11-d9-f7-h5-b3 c4-f6-d8 h6-f6-c4";

/// The moves of [`SHORTEST_FILL`].
pub(super) const SHORTEST_FILL_PAR: usize = 13;
/// `shortest-game-fill`: 13 moves.
pub(super) const SHORTEST_FILL: &str =
    "a4-e5 c14-g13 a2-a4-d6 g13-f12 b3-f5-d5-d7 f12-f11 d7-c8 f11-f12 e5-c7-c9 f12-e11 \
    c8-d10-f12 e11-g13 f12-c14";

/// The moves of [`HALMA`].
pub(super) const HALMA_PAR: usize = 52;
/// `halma-crossing`: 52 moves.
pub(super) const HALMA: &str =
    "b3-d5 a5-c5-e5 b4-d4-d6-f4 c1-e3-g5 a4-c6-e4-g4-g6 d1-f3-f5-h5-f7 a2-a4-c6-e4-e6-g8 \
    b2-d4-f6-f8-h8 g5-g7-i9 d3-d1-f3-f5-h7-h9-j9 a1-c1-e3-g5-g7-g9-i7 d2-b2-d4-f6-h6-j8-h10 \
    e1-e3-g5-g7-g9-i11 b5-d3-b3-d1-f3-f5-h7-h9-h11-j11 g8-i8-i10-k12 c4-e6-g8-i8-i10-i12 \
    b1-d3-b3-d1-f3-f5-h7-h9-h11-j13-l11 c2-c4-e6-g8-i8-k10-m12 i11-k11-m11-m13 \
    f4-d6-d4-f6-h6-j8-j10-j12-l12-n14 a3-b2 b2-d4-f6-h6-j8-j10-j12-l12-n12-l14 \
    i7-g9-i11-k11-k13 k12-k14-m14-o14 d5-f5-h7-h9-h11-j13-l13-n13-p15 g6-g7 \
    f7-h7-h9-h11-j13-l13-n13-n15 i12-k10-i8-i10-k12-k14-m14-o16 l14-m15 \
    h10-j8-j10-j12-l14-n16-p16-p14 h8-j10-j12-l14-n16-p16 c3-d4 d4-f6-h8-j10-j12-l14-n16 \
    e2-e3 e3-d4 d4-f6-h8-j10-j12-l14-n12 e5-f6 f6-h8-j10-j12-l14 j11-k10 g7-h8 \
    h8-j10-l10-l12 k13-m11-o13-o15 i9-k9-k11-m11-o13 l11-n13 j9-l11-l13-l15 l14-l16 k10-l11 \
    n12-o12 l11-l13-n11-p13 l12-n12-p12 m12-m14-m16 m13-m14";

/// The moves of [`HALMA_13`].
pub(super) const HALMA_13_PAR: usize = 41;
/// `halma-13-crossing`: 41 moves.
pub(super) const HALMA_13: &str =
    "c3-d4 a3-c3-e5 e5-f6 a1-c3-e5-g7 c1-c3-e5 a4-c4-e4-e6-g6-g8 b1-d3-d5-f5-f7-h7 \
    a2-c4-e4-e6-g6-i8 i8-i9 c2-a2-c4-e4-e6-g6-i8-i10 d1-d3-d5-f5-f7-h9-j9 b4-c4 \
    b3-d5-f5-f7-h9-j11 j11-k11 c4-e4-e6-g6-i8-k10-k12 h7-f7-h9-j11-l13 f6-h8-j10-l12-l14 \
    d4-f6-h8-j10-l12-j12 d2-c3 b2-d4-f6-h8-j10-l12 l12-m13 c3-d4 d4-f6-h8-j10-l12-n14 \
    k12-m14-o14 e5-f6 f6-h8 g8-i8-k10-k12-m14-m12 j9-h9-j11-l11-n13-p15 i9-i11-k13-m15-o13 \
    g7-i9 h8-j10-l12-n12-p14-p16 i9-i11-k13-m15 i10-j11 j12-j10-l12-n12-p14 l14-n16 \
    j11-l11-n13-n15 m12-m14-o16 k11-k12 k12-m14-m16 l13-n13-p13 m13-o15";

/// The moves of [`HALMA_10X10`].
pub(super) const HALMA_10X10_PAR: usize = 29;
/// `halma-10x10-crossing`: 29 moves.
pub(super) const HALMA_10X10: &str =
    "b2-d4 c3-e5 e5-f6 a3-c3-e5-g7 a1-a3-c3-e5 a4-c4-e4-e6-g6-g8 b1-d3-d5-f5-f7-h7 \
    a2-c4-e4-e6-g6-i8 g7-i7-i9 d1-d3-d5-f5-f7-h9-j9 b3-d1-d3-d5-f5-f7-h9 e5-g7-i7 \
    a5-c3-e5-g7-g9 c1-c3-e5-g7 f6-h8-j8 e1-c3-e5 b4-c3 d4-f6-h8-j10 d2-b2-d4 c2-c4-e4-e6 \
    d4-f6-h8-h10 c3-d4 d4-f6-h8-f10 g8-i10 e5-f6 e6-g6-g8-g10 h7-j7 f6-h8-j6 g7-h8";

/// The moves of [`HALMA_8X8`].
pub(super) const HALMA_8X8_PAR: usize = 18;
/// `halma-8x8-crossing`: 18 moves, found by the exact search (`halma puzzle prove`), which
/// also shows that no 17-move solution exists.
pub(super) const HALMA_8X8: &str = "b1-d3 b2-d2-d4 a3-b4 a1-a3-c3-e5 c1-c3-a3-c5 a2-c4-e4-e6 b3-b5-d5-f7 \
    d1-b3-b5-d5-f5-d7 c2-e4-c4-c6-e8-g6 a4-c4-c6-e8 b4-d6-f6-h6 d3-d5-f5-h7-h5 d4-f6-f8 \
    e5-d6 c5-e7-g7 d6-f6-h8 d7-f5-h7 e6-g8";
