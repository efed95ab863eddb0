//! Board geometry: square and star boards, cell ids and names, directions and camps.
//!
//! A [`Cell`] is the index of a cell in the *cell order* of the rules (top row first, each
//! row left to right). Internally the engine works on a padded array (two rows/columns of
//! off-board cells around the board) so that neighbour and hop lookups need no bounds checks;
//! that index never leaves the crate.

use std::collections::BinaryHeap;
use std::fmt;

/// Largest padded array any board needs (star with side 5: 25 × 25).
pub(crate) const MAX_PAD: usize = 625;
/// Sentinel for "no cell" in padded lookup tables.
pub(crate) const NO_CELL: u16 = u16::MAX;

/// A cell of a board: its index in the rules' cell order (top row first, left to right).
///
/// Cells are plain numbers; which board they belong to is the caller's business, and every
/// API that takes a cell checks it against its board.
///
/// # Examples
/// ```
/// use halma::{Cell, Variant};
/// let v: Variant = "halma-8x8".parse().unwrap();
/// let g = v.geometry();
/// let a1 = g.cell_by_name("a1").unwrap();
/// assert_eq!(a1, Cell::new(56)); // bottom-left of 8x8: last row, first column
/// assert_eq!(g.name(a1), "a1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(target_arch = "wasm32", derive(serde::Serialize), serde(transparent))]
pub struct Cell(pub(crate) u16);

impl Cell {
    /// The cell with this index in cell order.
    pub const fn new(index: u16) -> Cell {
        Cell(index)
    }
    /// The index of the cell in cell order.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The shape of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// An N×N board of squares with eight directions.
    Square {
        /// Number of rows and columns, 4..=20.
        size: u8,
    },
    /// A six-pointed star of holes with six directions.
    Star {
        /// Length of a point's side, 2..=5 (4 is the standard 121-hole board).
        side: u8,
    },
}

impl Shape {
    /// Number of directions a piece can step in (8 on square boards, 6 on the star).
    pub fn directions(self) -> usize {
        match self {
            Shape::Square { .. } => 8,
            Shape::Star { .. } => 6,
        }
    }
}

/// Row lengths, from the corner edge outward, of a square camp with this many cells.
pub(crate) fn square_camp_rows(cells: u8) -> Option<&'static [u8]> {
    match cells {
        19 => Some(&[5, 5, 4, 3, 2]),
        13 => Some(&[4, 4, 3, 2]),
        15 => Some(&[5, 4, 3, 2, 1]),
        10 => Some(&[4, 3, 2, 1]),
        _ => None,
    }
}

/// Per-cell facts.
#[derive(Clone, Debug)]
pub(crate) struct CellInfo {
    pub name: String,
    pub pad: u16,
    /// Square: (x, y) with (0,0) bottom-left. Star: axial (q, r).
    pub coord: (i8, i8),
    /// Drawing position in cell units, y growing downward.
    pub layout: (f32, f32),
}

/// The geometry of one board: cells, names, neighbours, camps.
///
/// Obtained from a [`Variant`](crate::Variant) with
/// [`Variant::geometry`](crate::Variant::geometry) or from a position.
#[derive(Clone, Debug)]
pub struct Geometry {
    shape: Shape,
    pub(crate) pad_len: usize,
    /// Padded offsets of the directions; opposite directions are `d` and `d ^ 1`.
    pub(crate) dirs: Vec<isize>,
    pub(crate) cells: Vec<CellInfo>,
    /// Padded index → cell id, or `NO_CELL`.
    pub(crate) pad_to_cell: Vec<u16>,
    /// The cells of each camp (square: corners 0..4 for the variant's camp size; star: points 0..6).
    pub(crate) camps: Vec<Vec<Cell>>,
    /// For each camp, the corner/tip cell its opposite camp's pieces head for, used for progress.
    rows: Vec<Vec<Cell>>,
    /// The parity-class frames of the board, when it fits them (see [`Classes`]).
    pub(crate) classes: Option<Box<Classes>>,
}

/// Width of a frame row in bits: 10 columns and a guard column that no board cell uses, so
/// a shift by one column never carries a cell into the next row.
pub(crate) const FRAME_W: u32 = 11;

/// The board split into its four parity classes, each a 128-bit set.
///
/// A hop moves a piece two cells along a line, so it keeps the parity of both the row and
/// the column: the cells a piece can reach by hops lie in its own class, and in the class's
/// frame (every second row and column) a hop is one frame step. So one piece's hop
/// destinations are a flood fill of a few shifts and masks on a `u128`, and the masks of
/// where hops may land are the same for every piece of a class. The frame: cell
/// `(row, col)` of the board (padding left out) is in class `(row % 2) * 2 + col % 2`, at
/// frame row `r = row / 2` and column `col / 2`; the even frame rows fill the low 64 bits
/// and the odd ones the high 64, `FRAME_W` bits a row: bit
/// `(r % 2) * 64 + (r / 2) * FRAME_W + col / 2`. So a step to the next frame row moves
/// bits between the halves without crossing inside one, and every frame step is one
/// 64-bit shift a half ([`frame_shift`]) rather than a 128-bit shift, which wasm does with
/// several. Boards up to 20×20 and stars up to side 4 fit.
#[derive(Clone, Debug)]
pub(crate) struct Classes {
    /// Per padded cell: `class << 7 | bit` (board cells only).
    pub loc: Vec<u16>,
    /// Per class and bit: the padded cell.
    pub pad_of: [[u16; 128]; 4],
    /// Per class: its board cells.
    pub cells: [u128; 4],
}

/// The directions of the star and of the square board (in `Geometry::dirs` order) as
/// (row, column) steps of the padded board.
pub(crate) const STAR_DIRS: [(i8, i8); 6] = [(0, 1), (0, -1), (1, 0), (-1, 0), (-1, 1), (1, -1)];
pub(crate) const SQUARE_DIRS: [(i8, i8); 8] = [
    (0, 1),
    (0, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (1, -1),
    (-1, -1),
    (1, 1),
];

/// Where the cell one step along direction `d` from a cell of class `class` lies: its
/// class, and the frame step onto it as `FRAME_W * rows + columns` (each −1, 0 or 1), the
/// form [`frame_shift`] takes.
pub(crate) const fn class_step(class: usize, d: (i8, i8)) -> (usize, i8) {
    let (v, u) = ((class >> 1) as i8 + d.0, (class & 1) as i8 + d.1);
    let to = ((v & 1) * 2 + (u & 1)) as usize;
    (to, v.div_euclid(2) * FRAME_W as i8 + u.div_euclid(2))
}

/// The class-frame bit of the cell at frame row `r` and column `c` (see [`Classes`]).
const fn frame_bit(r: usize, c: usize) -> usize {
    (r & 1) * 64 + (r >> 1) * FRAME_W as usize + c
}

/// The set `x` of a class frame moved by the frame step `s`, `FRAME_W * rows + columns`
/// with rows and columns each −1, 0 or 1 (see [`Classes`]). Each half is shifted by a
/// constant when `s` is one, as in the move generator's unrolled loops.
#[inline(always)]
pub(crate) fn frame_shift(x: u128, s: i8) -> u128 {
    #[inline(always)]
    fn cols(x: u64, c: i8) -> u64 {
        if c >= 0 {
            x << c
        } else {
            x >> -c
        }
    }
    let (even, odd) = (x as u64, (x >> 64) as u64);
    let w = FRAME_W as i8;
    let (even, odd) = if s > w / 2 {
        // Down a row: an even row r moves to odd row r + 1 at the same place in its half,
        // an odd row to the even row r + 1, one row further into its half.
        let c = s - w;
        (odd << (w + c), cols(even, c))
    } else if s < -w / 2 {
        let c = s + w;
        (cols(odd, c), even >> (w - c))
    } else {
        (cols(even, s), cols(odd, s))
    };
    u128::from(odd) << 64 | u128::from(even)
}

impl Classes {
    /// The frames of a board whose cells are on padded rows and columns `2..2 + span`, of
    /// padded width `w`; `None` when a class does not fit a frame.
    #[inline(never)]
    fn new(w: usize, span: usize, dirs: &[isize], pads: &[u16]) -> Option<Box<Classes>> {
        let half = span.div_ceil(2);
        if half >= FRAME_W as usize || half.div_ceil(2) * FRAME_W as usize > 64 {
            return None;
        }
        let mut c = Box::new(Classes {
            loc: vec![u16::MAX; w * w],
            pad_of: [[0; 128]; 4],
            cells: [0; 4],
        });
        for &pad in pads {
            let (v, u) = (pad as usize / w - 2, pad as usize % w - 2);
            let class = (v & 1) * 2 + (u & 1);
            let bit = frame_bit(v >> 1, u >> 1);
            c.loc[pad as usize] = (class << 7 | bit) as u16;
            c.pad_of[class][bit] = pad;
            c.cells[class] |= 1 << bit;
        }
        // The move generator's direction tables must be the board's.
        let table: &[(i8, i8)] = if dirs.len() == 6 { &STAR_DIRS } else { &SQUARE_DIRS };
        let w = w as isize;
        assert!(table
            .iter()
            .zip(dirs)
            .all(|(&(v, u), &d)| v as isize * w + u as isize == d));
        Some(c)
    }
}

impl Geometry {
    /// A square board of `size`×`size` with camps of `camp` cells in each corner.
    pub(crate) fn square(size: u8, camp: u8) -> Geometry {
        let n = size as usize;
        let w = n + 4;
        let pad_len = w * w;
        let mut cells = Vec::with_capacity(n * n);
        let mut pad_to_cell = vec![NO_CELL; pad_len];
        // Cell order: top row first, left to right.
        for row_from_top in 0..n {
            let y = n - 1 - row_from_top;
            for x in 0..n {
                let pad = (row_from_top + 2) * w + x + 2;
                pad_to_cell[pad] = cells.len() as u16;
                cells.push(CellInfo {
                    name: format!("{}{}", (b'a' + x as u8) as char, y + 1),
                    pad: pad as u16,
                    coord: (x as i8, y as i8),
                    layout: (x as f32, row_from_top as f32),
                });
            }
        }
        let w = w as isize;
        // right, left, up, down, up-right, down-left, up-left, down-right (pairs are opposites)
        let dirs = vec![1, -1, -w, w, 1 - w, w - 1, -w - 1, w + 1];
        let mut rows = Vec::new();
        for y in (0..n).rev() {
            rows.push((0..n).map(|x| Cell(((n - 1 - y) * n + x) as u16)).collect());
        }
        let pads: Vec<u16> = cells.iter().map(|c| c.pad).collect();
        let mut g = Geometry {
            shape: Shape::Square { size },
            pad_len,
            classes: Classes::new(w as usize, n, &dirs, &pads),
            dirs,
            cells,
            pad_to_cell,
            camps: Vec::new(),
            rows,
        };
        let lens = square_camp_rows(camp).unwrap_or(&[]);
        for corner in 0..4 {
            let mut camp_cells = Vec::new();
            for (i, &len) in lens.iter().enumerate() {
                for j in 0..len as usize {
                    if i >= n || j >= n {
                        continue;
                    }
                    let (x, y) = match corner {
                        0 => (j, i),
                        1 => (j, n - 1 - i),
                        2 => (n - 1 - j, n - 1 - i),
                        _ => (n - 1 - j, i),
                    };
                    camp_cells.push(g.square_cell(x, y));
                }
            }
            // In cell order. (The cold sorts are std's heap sort, `BinaryHeap::into_sorted_vec`:
            // each slice sort instance costs the wasm module 2-3 KB; docs/engine.md "Size".)
            g.camps.push(BinaryHeap::from(camp_cells).into_sorted_vec());
        }
        g
    }

    /// A star board whose points have side `side`.
    pub(crate) fn star(side: u8) -> Geometry {
        let n = side as i32;
        let span = (4 * n + 1) as usize;
        let w = span + 4;
        let pad_len = w * w;
        let exists = |q: i32, r: i32| {
            let s = -q - r;
            q.max(r).max(s) <= n || q.min(r).min(s) >= -n
        };
        let mut cells = Vec::new();
        let mut pad_to_cell = vec![NO_CELL; pad_len];
        let mut rows = Vec::new();
        for r in -2 * n..=2 * n {
            let row_number = 2 * n - r + 1;
            let mut row = Vec::new();
            for q in -2 * n..=2 * n {
                if !exists(q, r) {
                    continue;
                }
                let pad = (r + 2 * n + 2) as usize * w + (q + 2 * n + 2) as usize;
                pad_to_cell[pad] = cells.len() as u16;
                row.push(Cell(cells.len() as u16));
                cells.push(CellInfo {
                    name: format!("{}{}", (b'a' + (row.len() - 1) as u8) as char, row_number),
                    pad: pad as u16,
                    coord: (q as i8, r as i8),
                    layout: (q as f32 + r as f32 / 2.0, r as f32 * 3f32.sqrt() / 2.0),
                });
            }
            rows.push(row);
        }
        let w = w as isize;
        // (1,0) (-1,0) (0,1) (0,-1) (1,-1) (-1,1) as padded offsets; pairs are opposites
        let dirs = vec![1, -1, w, -w, 1 - w, w - 1];
        let mut camps = vec![Vec::new(); 6];
        for (i, c) in cells.iter().enumerate() {
            let (q, r) = (c.coord.0 as i32, c.coord.1 as i32);
            let s = -q - r;
            let point = if r > n {
                Some(0)
            } else if q < -n {
                Some(1)
            } else if s > n {
                Some(2)
            } else if r < -n {
                Some(3)
            } else if q > n {
                Some(4)
            } else if s < -n {
                Some(5)
            } else {
                None
            };
            if let Some(p) = point {
                camps[p].push(Cell(i as u16));
            }
        }
        let pads: Vec<u16> = cells.iter().map(|c| c.pad).collect();
        Geometry {
            shape: Shape::Star { side },
            pad_len,
            classes: Classes::new(w as usize, span, &dirs, &pads),
            dirs,
            cells,
            pad_to_cell,
            camps,
            rows,
        }
    }

    fn square_cell(&self, x: usize, y: usize) -> Cell {
        let n = self.cells.len().isqrt();
        Cell(((n - 1 - y) * n + x) as u16)
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: every board has cells.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// All cells in cell order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.cells.len() as u16).map(Cell)
    }

    /// Whether `cell` is on this board.
    pub fn contains(&self, cell: Cell) -> bool {
        cell.index() < self.cells.len()
    }

    /// The name of a cell (`a1`, `p16`, `e13`).
    ///
    /// # Panics
    /// When the cell is not on this board.
    pub fn name(&self, cell: Cell) -> &str {
        &self.cells[cell.index()].name
    }

    /// The cell with this name, if there is one.
    pub fn cell_by_name(&self, name: &str) -> Option<Cell> {
        let b = name.as_bytes();
        if b.len() < 2 || !b[0].is_ascii_lowercase() {
            return None;
        }
        let col = (b[0] - b'a') as usize;
        // (Bytes, not `&name[1..]`: a str slice brings the module std's char-boundary panic.)
        let digits = &b[1..];
        if digits[0] == b'0' || !digits.iter().all(u8::is_ascii_digit) || digits.len() > 2 {
            return None;
        }
        let row = digits.iter().fold(0, |row, &d| row * 10 + (d - b'0') as usize);
        let rows = self.rows.len();
        if row == 0 || row > rows {
            return None;
        }
        self.rows[rows - row].get(col).copied()
    }

    /// The rows of the board, top row first, each left to right.
    pub fn rows(&self) -> &[Vec<Cell>] {
        &self.rows
    }

    /// Square: `(x, y)` with `(0, 0)` bottom-left. Star: axial `(q, r)` with row `r = -2n` on top.
    pub fn coord(&self, cell: Cell) -> (i32, i32) {
        let c = self.cells[cell.index()].coord;
        (c.0 as i32, c.1 as i32)
    }

    /// Where to draw the cell, in units of the distance between neighbours, `y` downward.
    pub fn layout(&self, cell: Cell) -> (f32, f32) {
        self.cells[cell.index()].layout
    }

    /// The neighbours of a cell, one per direction that stays on the board.
    pub fn neighbors(&self, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
        let pad = self.pad(cell) as isize;
        self.dirs
            .iter()
            .filter_map(move |&d| self.cell_at((pad + d) as usize))
    }

    /// The cells of camp `k` (square: corner 0 bottom-left, 1 top-left, 2 top-right,
    /// 3 bottom-right; star: point 0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE), in cell order.
    pub fn camp(&self, k: usize) -> &[Cell] {
        self.camps.get(k).map_or(&[], |c| c.as_slice())
    }

    /// Number of camps the board has (4 corners or 6 points).
    pub fn camp_count(&self) -> usize {
        self.camps.len()
    }

    /// The camp opposite camp `k`: where the pieces starting in `k` are heading.
    pub fn opposite_camp(&self, k: usize) -> usize {
        match self.shape {
            Shape::Square { .. } => (k + 2) % 4,
            Shape::Star { .. } => (k + 3) % 6,
        }
    }

    /// How far `cell` is from the far end of the camp opposite to `home`: king-move distance
    /// to the target corner on square boards, rows along the axis to the target tip on the star.
    pub fn distance_to_target(&self, home: usize, cell: Cell) -> i32 {
        let (a, b) = self.coord(cell);
        match self.shape {
            Shape::Square { size } => {
                let (tx, ty) = square_target_corner(size, self.opposite_camp(home));
                (a - tx).abs().max((b - ty).abs())
            }
            Shape::Star { side } => {
                let n2 = 2 * side as i32;
                let (q, r) = (a, b);
                let s = -q - r;
                match home {
                    0 => r + n2,
                    1 => n2 - q,
                    2 => s + n2,
                    3 => n2 - r,
                    4 => q + n2,
                    _ => n2 - s,
                }
            }
        }
    }

    pub(crate) fn pad(&self, cell: Cell) -> usize {
        self.cells[cell.index()].pad as usize
    }

    pub(crate) fn cell_at(&self, pad: usize) -> Option<Cell> {
        match self.pad_to_cell.get(pad) {
            Some(&c) if c != NO_CELL => Some(Cell(c)),
            _ => None,
        }
    }

    /// Reflection across the long diagonal through corner 0, from the bottom-left to the
    /// top-right corner: `(x, y)` ↔ `(y, x)` (square boards; the solitaire goal).
    pub(crate) fn mirror_diagonal(&self, cell: Cell) -> Cell {
        let (x, y) = self.coord(cell);
        self.square_cell(y as usize, x as usize)
    }

    /// The two end cells of the solitaire's mirror line, the diagonal that
    /// `mirror_diagonal` leaves in place, top end first: `(p16, a1)` on 16×16, `(h8, a1)`
    /// on 8×8. `None` on a star board.
    pub fn mirror_line(&self) -> Option<(Cell, Cell)> {
        if !matches!(self.shape, Shape::Square { .. }) {
            return None;
        }
        let mut fixed = self.cells().filter(|&c| self.mirror_diagonal(c) == c);
        let first = fixed.next()?;
        Some((first, fixed.last().unwrap_or(first)))
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shape::Square { size } => write!(f, "{size}×{size} board"),
            Shape::Star { side } => write!(f, "star board of side {side}"),
        }
    }
}

/// The corner cell's coordinates of camp `camp` on a square board of side `size`: the far
/// end of the seats' targets there.
pub(crate) fn square_target_corner(size: u8, camp: usize) -> (i32, i32) {
    let m = i32::from(size) - 1;
    match camp {
        0 => (0, 0),
        1 => (0, m),
        2 => (m, m),
        _ => (m, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every step and every short hop from every cell, done on the cell's class-frame bit by
    /// `frame_shift`, lands on the bit of the cell it reaches, on every board with frames;
    /// and a step off the board lands on no cell of its class.
    #[test]
    fn frame_shifts_move_each_cell_onto_its_neighbour() {
        let boards = [
            Geometry::star(2),
            Geometry::star(4),
            Geometry::square(8, 10),
            Geometry::square(16, 19),
            Geometry::square(20, 19),
        ];
        for g in &boards {
            let c = g.classes.as_deref().expect("the board has class frames");
            let table: &[(i8, i8)] = if g.dirs.len() == 6 {
                &STAR_DIRS
            } else {
                &SQUARE_DIRS
            };
            let mut checked = 0;
            for cell in g.cells() {
                let pad = g.pad(cell);
                let l = c.loc[pad];
                let (class, bit) = ((l >> 7) as usize, 1u128 << (l & 127));
                for (&(v, u), &d) in table.iter().zip(&g.dirs) {
                    for k in [1, 2] {
                        let (to, s) = class_step(class, (k * v, k * u));
                        let moved = frame_shift(bit, s);
                        let t = (pad as isize + k as isize * d) as usize;
                        match g.pad_to_cell.get(t) {
                            Some(&n) if n != NO_CELL => {
                                let lt = c.loc[t];
                                assert_eq!(to, (lt >> 7) as usize);
                                assert_eq!(
                                    moved,
                                    1 << (lt & 127),
                                    "{} by {:?}",
                                    g.name(cell),
                                    (k * v, k * u)
                                );
                                checked += 1;
                            }
                            _ => assert_eq!(moved & c.cells[to], 0, "{} off the board", g.name(cell)),
                        }
                    }
                }
            }
            assert!(checked > g.len() * 2);
        }
    }

    #[test]
    fn star_sizes_and_names() {
        for (side, holes) in [(2u8, 37usize), (3, 73), (4, 121), (5, 181)] {
            let g = Geometry::star(side);
            assert_eq!(g.len(), holes);
            let n = side as usize;
            for k in 0..6 {
                assert_eq!(g.camp(k).len(), n * (n + 1) / 2);
            }
        }
        let g = Geometry::star(4);
        assert_eq!(g.name(Cell(0)), "a17");
        assert_eq!(g.name(Cell(120)), "a1");
        assert_eq!(g.rows().len(), 17);
        assert_eq!(g.rows()[4].len(), 13); // row 13
        assert_eq!(g.rows()[12].len(), 13); // row 5
        assert_eq!(g.rows()[8].len(), 9); // middle row 9
        assert_eq!(
            g.cell_by_name("m5").map(|c| g.name(c).to_string()),
            Some("m5".into())
        );
        assert_eq!(g.cell_by_name("n5"), None);
        assert_eq!(g.cell_by_name("a18"), None);
        assert_eq!(g.cell_by_name("a01"), None);
        // The bottom tip belongs to the S point, the top tip to N.
        assert!(g.camp(0).contains(&g.cell_by_name("a1").unwrap()));
        assert!(g.camp(3).contains(&g.cell_by_name("a17").unwrap()));
        // The leftmost cell of row 5 is the SW point's corner, the rightmost the SE's.
        assert!(g.camp(1).contains(&g.cell_by_name("a5").unwrap()));
        assert!(g.camp(5).contains(&g.cell_by_name("m5").unwrap()));
        assert!(g.camp(2).contains(&g.cell_by_name("a13").unwrap()));
        assert!(g.camp(4).contains(&g.cell_by_name("m13").unwrap()));
    }

    #[test]
    fn square_camps() {
        let g = Geometry::square(16, 19);
        assert_eq!(g.len(), 256);
        assert_eq!(g.name(Cell(0)), "a16");
        assert_eq!(g.name(Cell(255)), "p1");
        for k in 0..4 {
            assert_eq!(g.camp(k).len(), 19);
        }
        let names: Vec<&str> = g.camp(0).iter().map(|&c| g.name(c)).collect();
        for n in ["a1", "e1", "a5", "b5", "e2", "d3", "c4"] {
            assert!(names.contains(&n), "{n} in corner 0");
        }
        for n in ["f1", "a6", "c5", "e3", "d4"] {
            assert!(!names.contains(&n), "{n} not in corner 0");
        }
        let top_right: Vec<&str> = g.camp(2).iter().map(|&c| g.name(c)).collect();
        assert!(top_right.contains(&"p16") && top_right.contains(&"l16") && top_right.contains(&"o12"));
        // neighbours: corner cell has 3, edge 5, inside 8
        assert_eq!(g.neighbors(g.cell_by_name("a1").unwrap()).count(), 3);
        assert_eq!(g.neighbors(g.cell_by_name("a5").unwrap()).count(), 5);
        assert_eq!(g.neighbors(g.cell_by_name("e5").unwrap()).count(), 8);
        let s = Geometry::star(4);
        assert_eq!(s.neighbors(s.cell_by_name("a1").unwrap()).count(), 2);
        assert_eq!(s.neighbors(s.cell_by_name("e9").unwrap()).count(), 6);
    }

    #[test]
    fn progress_distances() {
        let g = Geometry::star(4);
        let total = |home: usize, cells: &[Cell]| -> i32 {
            cells.iter().map(|&c| g.distance_to_target(home, c)).sum()
        };
        for home in 0..6 {
            let target = g.opposite_camp(home);
            assert_eq!(total(home, g.camp(home)) - total(home, g.camp(target)), 120);
        }
        let sq = Geometry::square(16, 19);
        assert_eq!(sq.distance_to_target(0, sq.cell_by_name("a1").unwrap()), 15);
        assert_eq!(sq.distance_to_target(0, sq.cell_by_name("p16").unwrap()), 0);
        assert_eq!(sq.distance_to_target(1, sq.cell_by_name("a16").unwrap()), 15);
        let m = sq.mirror_diagonal(sq.cell_by_name("a1").unwrap());
        assert_eq!(sq.name(m), "a1");
        let m = sq.mirror_diagonal(sq.cell_by_name("b1").unwrap());
        assert_eq!(sq.name(m), "a2");
        let m = sq.mirror_diagonal(sq.cell_by_name("p1").unwrap());
        assert_eq!(sq.name(m), "a16");
    }

    #[test]
    fn mirror_line_ends_follow_the_board_size() {
        let ends = |g: &Geometry| {
            g.mirror_line()
                .map(|(a, b)| format!("{}-{}", g.name(a), g.name(b)))
        };
        assert_eq!(ends(&Geometry::square(16, 19)).as_deref(), Some("p16-a1"));
        assert_eq!(ends(&Geometry::square(10, 15)).as_deref(), Some("j10-a1"));
        assert_eq!(ends(&Geometry::square(8, 10)).as_deref(), Some("h8-a1"));
        assert_eq!(ends(&Geometry::square(5, 10)).as_deref(), Some("e5-a1"));
        assert_eq!(Geometry::star(4).mirror_line(), None);
        // Both ends lie on the line: the mirror keeps them in place.
        for size in 4..=20 {
            let g = Geometry::square(size, 10);
            let (a, b) = g.mirror_line().unwrap();
            assert_eq!((g.mirror_diagonal(a), g.mirror_diagonal(b)), (a, b), "{size}");
            assert_eq!(
                (g.coord(a), g.coord(b)),
                ((size as i32 - 1, size as i32 - 1), (0, 0))
            );
        }
    }
}
