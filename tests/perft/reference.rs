//! An independent, deliberately simple implementation of the rules of `docs/rules.md`, used by
//! `tests/perft.rs` (to confirm the perft tables), `tests/props.rs`, the soak test and the
//! fuzz targets (to check the engine's move lists, paths, wins and points).
//!
//! It shares nothing with the engine's internals: the board is rebuilt here from the shape
//! alone (coordinates, cell order, names, camps, written out from `docs/rules.md`), the board is a
//! plain `Vec<u8>` in cell order, neighbours are found by coordinate arithmetic, and hop
//! chains are a breadth-first search over `(cell, has reached the target)` states on a copy
//! of the board with the moving piece lifted. From the engine it takes only the parsed
//! [`Variant`] (its shape and option getters) and, for comparisons, positions' public state.
//! `check_board` compares this board with the engine's [`halma::Geometry`].
#![allow(dead_code, clippy::len_without_is_empty)]

use halma::{Position, Shape, Teams, Variant, WinRule};
use std::collections::{BTreeSet, HashMap, VecDeque};

/// A board rebuilt from `docs/rules.md`.
pub struct Board {
    pub shape: Shape,
    /// Square `(x, y)`, `(0, 0)` bottom-left; star axial `(q, r)`.
    pub coords: Vec<(i32, i32)>,
    pub names: Vec<String>,
    at: HashMap<(i32, i32), usize>,
    pub dirs: Vec<(i32, i32)>,
    /// Cells of each camp (square corners 0..4, star points 0..6), sorted.
    pub camps: Vec<Vec<usize>>,
}

impl Board {
    pub fn new(shape: Shape, camp_cells: usize) -> Board {
        let mut coords = Vec::new();
        let mut names = Vec::new();
        let dirs;
        let mut camps: Vec<Vec<usize>>;
        match shape {
            Shape::Square { size } => {
                let n = size as i32;
                for y in (0..n).rev() {
                    for x in 0..n {
                        coords.push((x, y));
                        names.push(format!("{}{}", (b'a' + x as u8) as char, y + 1));
                    }
                }
                dirs = vec![
                    (1, 0),
                    (-1, 0),
                    (0, 1),
                    (0, -1),
                    (1, 1),
                    (1, -1),
                    (-1, 1),
                    (-1, -1),
                ];
                let rows: &[i32] = match camp_cells {
                    19 => &[5, 5, 4, 3, 2],
                    13 => &[4, 4, 3, 2],
                    15 => &[5, 4, 3, 2, 1],
                    10 => &[4, 3, 2, 1],
                    other => panic!("no camp of {other} cells"),
                };
                camps = vec![Vec::new(); 4];
                for (k, camp) in camps.iter_mut().enumerate() {
                    for (i, &len) in rows.iter().enumerate() {
                        let i = i as i32;
                        for j in 0..len {
                            // corners clockwise: bottom-left, top-left, top-right, bottom-right
                            let (x, y) = match k {
                                0 => (j, i),
                                1 => (j, n - 1 - i),
                                2 => (n - 1 - j, n - 1 - i),
                                _ => (n - 1 - j, i),
                            };
                            camp.push(coords.iter().position(|&c| c == (x, y)).unwrap());
                        }
                    }
                }
            }
            Shape::Star { side } => {
                let n = side as i32;
                for r in -2 * n..=2 * n {
                    let mut in_row = 0u8;
                    for q in -2 * n..=2 * n {
                        let s = -q - r;
                        if q.max(r).max(s) <= n || q.min(r).min(s) >= -n {
                            coords.push((q, r));
                            names.push(format!("{}{}", (b'a' + in_row) as char, 2 * n - r + 1));
                            in_row += 1;
                        }
                    }
                }
                dirs = vec![(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];
                camps = vec![Vec::new(); 6];
                for (i, &(q, r)) in coords.iter().enumerate() {
                    let s = -q - r;
                    let point = [r > n, q < -n, s > n, r < -n, q > n, s < -n];
                    if let Some(k) = point.iter().position(|&b| b) {
                        camps[k].push(i);
                    }
                }
            }
        }
        for c in camps.iter_mut() {
            c.sort();
        }
        let at = coords.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        Board {
            shape,
            coords,
            names,
            at,
            dirs,
            camps,
        }
    }

    pub fn len(&self) -> usize {
        self.coords.len()
    }

    /// The cell `k` steps from `c` in direction `d`, if it is on the board.
    pub fn step(&self, c: usize, d: (i32, i32), k: i32) -> Option<usize> {
        let (a, b) = self.coords[c];
        self.at.get(&(a + d.0 * k, b + d.1 * k)).copied()
    }

    pub fn opposite(&self, k: usize) -> usize {
        match self.shape {
            Shape::Square { .. } => (k + 2) % 4,
            Shape::Star { .. } => (k + 3) % 6,
        }
    }

    pub fn cell(&self, name: &str) -> usize {
        self.names
            .iter()
            .position(|n| n == name)
            .unwrap_or_else(|| panic!("no cell {name}"))
    }
}

/// Panics unless the engine's geometry agrees with this board.
pub fn check_board(v: &Variant) {
    let b = Board::new(v.shape(), v.pieces_per_seat());
    let g = v.geometry();
    assert_eq!(g.len(), b.len(), "{v}: cell count");
    for (i, c) in g.cells().enumerate() {
        assert_eq!(c.index(), i);
        assert_eq!(g.coord(c), b.coords[i], "{v}: coordinate of cell {i}");
        assert_eq!(g.name(c), b.names[i], "{v}: name of cell {i}");
        assert_eq!(g.cell_by_name(&b.names[i]), Some(c), "{v}: cell_by_name");
        let mut theirs: Vec<usize> = g.neighbors(c).map(|n| n.index()).collect();
        let mut ours: Vec<usize> = b.dirs.iter().filter_map(|&d| b.step(i, d, 1)).collect();
        theirs.sort();
        ours.sort();
        assert_eq!(theirs, ours, "{v}: neighbours of {}", b.names[i]);
    }
    assert_eq!(g.camp_count(), b.camps.len());
    for (k, camp) in b.camps.iter().enumerate() {
        let theirs: Vec<usize> = g.camp(k).iter().map(|c| c.index()).collect();
        assert_eq!(&theirs, camp, "{v}: camp {k}");
        assert_eq!(g.opposite_camp(k), b.opposite(k));
    }
}

/// The rules of one variant, as plain tables.
pub struct Rules {
    pub variant: Variant,
    pub board: Board,
    pub seats: usize,
    pub home: Vec<usize>,
    pub target: Vec<Option<usize>>,
    /// `[seat][cell]`: the cell is in the seat's target camp.
    pub in_target: Vec<Vec<bool>>,
    /// `[seat][cell]`: a move of the seat may end here (star side points).
    pub may_end: Vec<Vec<bool>>,
    pub team: Vec<usize>,
    pub lock: bool,
    pub long: bool,
    pub win: WinRule,
    pub balance: bool,
    pub teams: bool,
    pub places: bool,
    pub solitaire: bool,
}

impl Rules {
    pub fn new(variant: Variant) -> Rules {
        let board = Board::new(variant.shape(), variant.pieces_per_seat());
        // The seat table of `docs/rules.md`.
        let id = variant.to_string();
        let id = id.split('+').next().unwrap();
        let home: Vec<usize> = match id {
            "halma" | "halma-13" | "halma-10x10" | "halma-8x8" => vec![0, 2],
            "halma-3" => vec![0, 1, 2],
            "halma-4" => vec![0, 1, 2, 3],
            "star-2" => vec![0, 3],
            "star-3" => vec![0, 2, 4],
            "star-4" => vec![0, 1, 3, 4],
            "star-5" => vec![0, 1, 2, 3, 4],
            "star-6" => vec![0, 1, 2, 3, 4, 5],
            "solitaire" => vec![0],
            other => panic!("unknown id {other}"),
        };
        let solitaire = id == "solitaire";
        let seats = home.len();
        let star = matches!(variant.shape(), Shape::Star { .. });
        let target: Vec<Option<usize>> = home
            .iter()
            .map(|&h| (!solitaire).then(|| board.opposite(h)))
            .collect();
        let cells = board.len();
        let mut in_target = vec![vec![false; cells]; seats];
        let mut may_end = vec![vec![true; cells]; seats];
        for s in 0..seats {
            if let Some(t) = target[s] {
                for &c in &board.camps[t] {
                    in_target[s][c] = true;
                }
            }
            // Solitaire: each piece moves exactly once, and a solution leaves none in the
            // yard, so no move ends there (and a piece outside it has moved).
            if solitaire {
                for &c in &board.camps[home[s]] {
                    may_end[s][c] = false;
                }
            }
            if star && variant.side_points() {
                for k in 0..6 {
                    if k != home[s] && Some(k) != target[s] {
                        for &c in &board.camps[k] {
                            may_end[s][c] = false;
                        }
                    }
                }
            }
        }
        let team: Vec<usize> = (0..seats)
            .map(|s| match variant.teams() {
                Teams::None => s,
                Teams::Adjacent => s / 2,
                // the lower seat number of the two whose camps face each other
                Teams::Opposite => {
                    let partner = (0..seats).find(|&t| home[t] == board.opposite(home[s])).unwrap();
                    s.min(partner)
                }
            })
            .collect();
        Rules {
            lock: variant.target_lock() && !solitaire,
            long: variant.long_jumps(),
            win: variant.win_rule(),
            balance: variant.balance(),
            teams: variant.teams() != Teams::None,
            places: variant.places(),
            solitaire,
            variant,
            board,
            seats,
            home,
            target,
            in_target,
            may_end,
            team,
        }
    }

    /// The landing cell of a hop from `c` in direction `d` on `board` (the mover already
    /// lifted), if the hop is possible.
    pub fn hop(&self, board: &[u8], c: usize, d: (i32, i32)) -> Option<usize> {
        let b = &self.board;
        if !self.long {
            let over = b.step(c, d, 1)?;
            let land = b.step(c, d, 2)?;
            return (board[over] != 0 && board[land] == 0).then_some(land);
        }
        // Long jump: k-1 empty cells, one piece at distance k, k-1 empty cells, land at 2k.
        let mut k = 1;
        loop {
            let x = b.step(c, d, k)?;
            if board[x] != 0 {
                break;
            }
            k += 1;
        }
        for j in k + 1..2 * k {
            if board[b.step(c, d, j)?] != 0 {
                return None;
            }
        }
        let land = b.step(c, d, 2 * k)?;
        (board[land] == 0).then_some(land)
    }

    /// Every legal `(from, to)` of `seat` in `board`, and for each hop move one shortest path.
    pub fn moves_of(&self, board: &[u8], seat: usize) -> BTreeSet<(usize, usize)> {
        self.moves_with_paths(board, seat).into_keys().collect()
    }

    pub fn moves_with_paths(&self, board: &[u8], seat: usize) -> HashMap<(usize, usize), Vec<usize>> {
        let b = &self.board;
        let own = seat as u8 + 1;
        let mut out = HashMap::new();
        // Solitaire: only the pieces still in the yard (those that have not moved) move.
        for o in (0..board.len()).filter(|&c| board[c] == own && (!self.solitaire || !self.may_end[seat][c]))
        {
            let start_in = self.in_target[seat][o];
            for &d in &b.dirs {
                let Some(t) = b.step(o, d, 1) else { continue };
                if board[t] == 0 {
                    let locked_out = self.lock && start_in && !self.in_target[seat][t];
                    if !locked_out && self.may_end[seat][t] {
                        out.insert((o, t), vec![o, t]);
                    }
                } else if self.win == WinRule::Swap && board[t] != own && self.in_target[seat][t] {
                    out.insert((o, t), vec![o, t]);
                }
            }
            let mut lifted = board.to_vec();
            lifted[o] = 0;
            // BFS over (cell, reached target) states.
            let mut prev: HashMap<(usize, bool), (usize, bool)> = HashMap::new();
            let start = (o, start_in);
            let mut queue = VecDeque::from([start]);
            prev.insert(start, start);
            while let Some((c, reached)) = queue.pop_front() {
                for &d in &b.dirs {
                    let Some(land) = self.hop(&lifted, c, d) else {
                        continue;
                    };
                    let inside = self.in_target[seat][land];
                    if self.lock && reached && !inside {
                        continue;
                    }
                    let next = (land, reached || inside);
                    if prev.contains_key(&next) {
                        continue;
                    }
                    prev.insert(next, (c, reached));
                    queue.push_back(next);
                    if land != o && self.may_end[seat][land] && !out.contains_key(&(o, land)) {
                        let mut path = vec![land];
                        let mut s = next;
                        while s != start {
                            s = prev[&s];
                            path.push(s.0);
                        }
                        path.reverse();
                        out.insert((o, land), path);
                    }
                }
            }
        }
        out
    }

    /// Whether `path` (origin first) is a legal hop chain for the piece on `path[0]` (of the
    /// seat to move), checked hop by hop.
    pub fn is_chain(&self, st: &State, path: &[usize]) -> bool {
        let seat = st.to_move;
        let o = path[0];
        if path.len() < 2 || st.board[o] != seat as u8 + 1 || *path.last().unwrap() == o {
            return false;
        }
        if self.solitaire && self.may_end[seat][o] {
            return false; // a piece outside the yard has moved
        }
        let mut lifted = st.board.clone();
        lifted[o] = 0;
        let mut reached = self.in_target[seat][o];
        for w in path.windows(2) {
            let ok = self
                .board
                .dirs
                .iter()
                .any(|&d| self.hop(&lifted, w[0], d) == Some(w[1]));
            if !ok {
                return false;
            }
            let inside = self.in_target[seat][w[1]];
            if self.lock && reached && !inside {
                return false;
            }
            reached |= inside;
        }
        self.may_end[seat][*path.last().unwrap()]
    }

    /// Whether seat `s` meets its goal on `board`.
    pub fn done(&self, board: &[u8], s: usize) -> bool {
        let own = s as u8 + 1;
        if self.solitaire {
            // every piece out of the yard, mirror-symmetric about the diagonal a1..p16:
            // (x, y) -> (y, x)
            let mine: Vec<usize> = (0..board.len()).filter(|&c| board[c] == own).collect();
            return !mine.is_empty()
                && mine.iter().all(|&c| self.may_end[s][c])
                && mine.iter().all(|&c| {
                    let (x, y) = self.board.coords[c];
                    let m = self.board.coords.iter().position(|&p| p == (y, x)).unwrap();
                    board[m] == own
                });
        }
        let camp = &self.board.camps[self.target[s].unwrap()];
        match self.win {
            WinRule::Fill => camp.iter().all(|&c| board[c] != 0) && camp.iter().any(|&c| board[c] == own),
            WinRule::Strict | WinRule::Swap => camp.iter().all(|&c| board[c] == own),
        }
    }

    /// The number of distinct teams among the seats for which `pick` holds.
    fn teams_where(&self, pick: impl Fn(usize) -> bool) -> usize {
        let mut teams: Vec<usize> = (0..self.seats)
            .filter(|&s| pick(s))
            .map(|s| self.team[s])
            .collect();
        teams.sort();
        teams.dedup();
        teams.len()
    }

    /// Teams whose seats have all finished take the next place (all of them the same one);
    /// while a round is being completed under equal turns, the winners' place.
    fn take_places(&self, st: &mut State) {
        let done: Vec<usize> = (0..self.seats)
            .filter(|&s| {
                st.place[s] == 0
                    && (0..self.seats)
                        .filter(|&t| self.team[t] == self.team[s])
                        .all(|t| st.finished[t])
            })
            .collect();
        if done.is_empty() {
            return;
        }
        let place = if st.closing {
            1
        } else {
            1 + self.teams_where(|s| st.place[s] != 0)
        };
        for s in done {
            st.place[s] = place;
        }
    }

    /// The end by finishes: the first team, or with `places` every team but one.
    fn win_reached(&self, st: &State) -> bool {
        if self.places {
            self.teams_where(|s| st.place[s] == 0) <= 1
        } else {
            st.place.iter().any(|&p| p != 0)
        }
    }

    /// The state a position text describes: finished seats are those that meet their goal;
    /// if that is a win the game is over, except under equal turns when the seat to move
    /// comes after every finished seat (the round is still being completed). A finished
    /// seat to move (team games) hands the turn to the next unfinished seat.
    pub fn state_from(&self, cells: Vec<u8>, to_move: usize) -> State {
        self.state_from_placed(cells, to_move, vec![0; self.seats])
    }

    /// As [`state_from`](Self::state_from), with the places field of a position text: a
    /// seat with a place has finished.
    pub fn state_from_placed(&self, cells: Vec<u8>, to_move: usize, place: Vec<usize>) -> State {
        let finished: Vec<bool> = (0..self.seats)
            .map(|s| place[s] != 0 || self.done(&cells, s))
            .collect();
        let mut st = State {
            board: cells,
            to_move,
            finished,
            place,
            closing: false,
            over: false,
        };
        self.take_places(&mut st);
        if self.win_reached(&st) {
            if self.balance {
                st.closing = true;
                st.over = (to_move..self.seats).any(|s| st.finished[s]);
            } else {
                st.over = true;
            }
        } else if st.finished[to_move] {
            st.to_move = (1..=self.seats)
                .map(|i| (to_move + i) % self.seats)
                .find(|&s| !st.finished[s])
                .unwrap_or(to_move);
        }
        st
    }

    pub fn state_of(&self, p: &Position) -> State {
        let place = (1..=self.seats).map(|s| p.place(s).unwrap_or(0)).collect();
        self.state_from_placed(p.cells(), p.turn() - 1, place)
    }

    pub fn start(&self) -> State {
        let mut cells = vec![0u8; self.board.len()];
        for (s, &h) in self.home.iter().enumerate() {
            for &c in &self.board.camps[h] {
                cells[c] = s as u8 + 1;
            }
        }
        self.state_from(cells, 0)
    }

    pub fn moves(&self, st: &State) -> BTreeSet<(usize, usize)> {
        if st.over {
            return BTreeSet::new();
        }
        self.moves_of(&st.board, st.to_move)
    }

    /// No seat still playing can move (and no round is being completed): a draw.
    pub fn deadlocked(&self, st: &State) -> bool {
        !st.over
            && !st.closing
            && (0..self.seats)
                .filter(|&s| !st.finished[s])
                .all(|s| self.moves_of(&st.board, s).is_empty())
    }

    /// Plays `(from, to)` (or a pass with `None`) for the seat to move.
    pub fn apply(&self, st: &mut State, mv: Option<(usize, usize)>) {
        let mover = st.to_move;
        if let Some((f, t)) = mv {
            // the target is empty, or holds the piece swapped back to the origin
            st.board.swap(f, t);
        }
        for s in 0..self.seats {
            if self.done(&st.board, s) {
                st.finished[s] = true;
            }
        }
        self.take_places(st);
        if !st.closing && self.win_reached(st) {
            if !self.balance {
                st.over = true;
                return;
            }
            st.closing = true;
        }
        // The next unfinished seat; while a round is being completed, only later seats.
        for s in mover + 1..mover + 1 + self.seats {
            if st.closing && s >= self.seats {
                break;
            }
            if !st.finished[s % self.seats] {
                st.to_move = s % self.seats;
                return;
            }
        }
        st.over = true;
        if st.closing {
            // the round is complete: the turn would go back to seat 1 (so that the position
            // text, which only has the seat to move, reads as over)
            st.to_move = 0;
        }
    }

    /// The winners once the game is over (teams: every seat of a team that finished).
    pub fn winners(&self, st: &State) -> Vec<usize> {
        if !st.over {
            return Vec::new();
        }
        if self.places {
            return (0..self.seats)
                .filter(|&s| st.place[s] == 1)
                .map(|s| s + 1)
                .collect();
        }
        (0..self.seats)
            .filter(|&s| {
                (0..self.seats)
                    .filter(|&t| self.team[t] == self.team[s])
                    .all(|t| st.finished[t])
            })
            .map(|s| s + 1)
            .collect()
    }

    /// Progress points of seat `s` (0-based): the total distance of its home camp's cells
    /// from the target minus the total distance of its pieces now — rows along the axis to
    /// the target tip on the star, king moves to the target corner on square boards. (With
    /// a full set of pieces this is the sum over the pieces of the distance gained; text
    /// positions with fewer pieces get the engine's convention.)
    pub fn points(&self, board: &[u8], s: usize) -> i32 {
        let b = &self.board;
        let dist = |c: usize| -> i32 {
            let (a, bb) = b.coords[c];
            match b.shape {
                Shape::Star { side } => {
                    let n2 = 2 * side as i32;
                    let (q, r) = (a, bb);
                    let s3 = -q - r;
                    // the target tip is at r = -2n for S, q = 2n for SW, s = -2n for NW, ...
                    match self.home[s] {
                        0 => r + n2,
                        1 => n2 - q,
                        2 => s3 + n2,
                        3 => n2 - r,
                        4 => q + n2,
                        _ => n2 - s3,
                    }
                }
                Shape::Square { size } => {
                    let m = size as i32 - 1;
                    let (tx, ty) = [(m, m), (m, 0), (0, 0), (0, m)][self.home[s]];
                    (a - tx).abs().max((bb - ty).abs())
                }
            }
        };
        // Each piece counts from a home cell: with n pieces, the n farthest home cells
        // (the farthest one repeated when there are more pieces than home cells).
        let mine: Vec<usize> = (0..board.len()).filter(|&c| board[c] == s as u8 + 1).collect();
        let mut home: Vec<i32> = b.camps[self.home[s]].iter().map(|&c| dist(c)).collect();
        home.sort_unstable_by(|x, y| y.cmp(x));
        let far = home.first().copied().unwrap_or(0);
        let start: i32 = (0..mine.len()).map(|i| home.get(i).copied().unwrap_or(far)).sum();
        let now: i32 = mine.iter().map(|&c| dist(c)).sum();
        start - now
    }

    pub fn perft(&self, st: &State, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if st.over {
            return 0;
        }
        let moves = self.moves(st);
        if moves.is_empty() {
            if self.deadlocked(st) {
                return 0;
            }
            let mut next = st.clone();
            self.apply(&mut next, None);
            return self.perft(&next, depth - 1);
        }
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| {
                let mut next = st.clone();
                self.apply(&mut next, Some(m));
                self.perft(&next, depth - 1)
            })
            .sum()
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// Seat (1-based) of each cell in cell order, 0 empty.
    pub board: Vec<u8>,
    /// 0-based.
    pub to_move: usize,
    pub finished: Vec<bool>,
    /// The place each seat took by finishing (0: none).
    pub place: Vec<usize>,
    pub closing: bool,
    pub over: bool,
}

/// Panics unless the engine position and the reference state agree on everything visible.
pub fn assert_same(r: &Rules, p: &Position, st: &State, context: &str) {
    assert_eq!(p.cells(), st.board, "{context}: board");
    assert_eq!(p.turn(), st.to_move + 1, "{context}: seat to move of {p}");
    let fin: Vec<usize> = p.finished().seats().collect();
    let ours: Vec<usize> = (0..r.seats).filter(|&s| st.finished[s]).map(|s| s + 1).collect();
    assert_eq!(fin, ours, "{context}: finished seats of {p}");
    assert_eq!(p.is_over(), st.over, "{context}: over in {p}");
    let place: Vec<usize> = (1..=r.seats).map(|s| p.place(s).unwrap_or(0)).collect();
    assert_eq!(place, st.place, "{context}: places in {p}");
    assert_eq!(
        p.is_closing(),
        st.closing && !st.over,
        "{context}: closing in {p}"
    );
    let w: Vec<usize> = p.winners().seats().collect();
    assert_eq!(w, r.winners(st), "{context}: winners of {p}");
    for s in 0..r.seats {
        assert_eq!(
            p.points(s + 1),
            r.points(&st.board, s),
            "{context}: points of seat {} in {p}",
            s + 1
        );
    }
}
