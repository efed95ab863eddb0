//! Games: history with undo and redo, passes, every end condition, ranking, and the game
//! record format.

use crate::error::{Error, ErrorKind};
use crate::geometry::Cell;
use crate::movegen::MoveGen;
use crate::position::{clip, Move, Position, SeatSet, Undo};
use crate::variant::Variant;
use std::fmt::Write as _;

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
pub enum DrawReason {
    /// Every seat (or team) finished in the same round under equal turns.
    SharedWin,
    /// The same position with the same seat to move for the third time.
    Repetition,
    /// The turn limit per seat was reached without a winner.
    TurnLimit,
    /// No seat still playing can move.
    Blocked,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(serde::Serialize),
    serde(tag = "kind", rename_all = "kebab-case")
)]
pub enum Outcome {
    /// These seats won (several when a win is shared, or a team's seats).
    Win {
        /// The winning seats, 1-based.
        winners: SeatSet,
    },
    /// A draw.
    Draw {
        /// Why.
        reason: DrawReason,
    },
    /// Solitaire: the move limit was reached without the symmetric figure.
    Unsolved,
    /// A seat ran out of time ([`Game::lose_on_time`]): it loses, with its team, and the
    /// game ends there; the best of the others win.
    Time {
        /// The seat out of time, 1-based.
        loser: usize,
        /// The winning seats: the best placed of the others (none in a solitaire).
        winners: SeatSet,
    },
}

/// "seat 2 wins", "seats 1, 3 win" (no list joined: smaller in the wasm module).
fn write_winners(f: &mut std::fmt::Formatter<'_>, winners: SeatSet) -> std::fmt::Result {
    let one = winners.len() == 1;
    f.write_str(if one { "seat " } else { "seats " })?;
    for (i, s) in winners.seats().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{s}")?;
    }
    f.write_str(if one { " wins" } else { " win" })
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Win { winners } => write_winners(f, *winners),
            Outcome::Time { loser, winners } => {
                write!(f, "seat {loser} lost on time")?;
                if winners.is_empty() {
                    return Ok(());
                }
                f.write_str("; ")?;
                write_winners(f, *winners)
            }
            Outcome::Draw { reason } => f.write_str(match reason {
                DrawReason::SharedWin => "draw: everyone finished in the same round",
                DrawReason::Repetition => "draw by threefold repetition",
                DrawReason::TurnLimit => "draw: turn limit reached",
                DrawReason::Blocked => "draw: no seat can move",
            }),
            Outcome::Unsolved => f.write_str("unsolved: the move limit was reached"),
        }
    }
}

/// One turn of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The seat (1-based) whose turn it was.
    pub seat: usize,
    /// The move, or `None` for a pass.
    pub mv: Option<Move>,
    /// One shortest path of the move (origin first), empty for a pass.
    pub path: Vec<Cell>,
}

impl Ply {
    /// The ply in notation: `from-to`, or `pass`.
    pub fn text(&self, position: &Position) -> String {
        match self.mv {
            Some(m) => position.move_text(m),
            None => "pass".into(),
        }
    }
}

/// A solitaire's progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct SolitaireStatus {
    /// Pieces not yet in place: still in the yard, or with an empty mirror cell.
    pub unmatched: usize,
    /// Pieces still in the yard: those that have not made their move.
    pub in_yard: usize,
    /// Moves left of those allowed.
    pub moves_left: usize,
    /// Moves allowed.
    pub moves: usize,
}

#[derive(Clone, Debug)]
struct Entry {
    ply: Ply,
    undo: Undo,
}

/// A seat's place when the game is over (or the standings so far).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Standing {
    /// The seat, 1-based.
    pub seat: usize,
    /// 1 for the winners; shared ranks for equal points. With `places`, the place taken
    /// by finishing, and for the seats left at the end the places after those.
    pub rank: usize,
    /// Progress points.
    pub points: i32,
    /// Whether the seat is among the winners.
    pub winner: bool,
    /// The place the seat (its team) took by finishing, as soon as it finished (games
    /// played on for the places, and the winners of any game); `None` for a seat still
    /// playing, or ranked by its points at the end.
    pub place: Option<usize>,
}

/// A game: a starting position, the turns played, undo and redo, and how it ended.
///
/// Seats that cannot move pass automatically; undo takes back the last move together with
/// the passes that followed it.
///
/// # Examples
/// ```
/// use halma::Game;
/// let mut g = Game::new("halma-8x8".parse()?);
/// g.play_text("c2-c3")?;
/// g.play_text("f7-f6")?;
/// assert_eq!(g.record(), "halma-8x8\nc2-c3 f7-f6\n");
/// g.undo()?;
/// assert_eq!(g.position().turn(), 2);
/// g.redo()?;
/// let again = Game::from_record(&g.record())?;
/// assert_eq!(again.position(), g.position());
/// # Ok::<(), halma::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    pos: Position,
    entries: Vec<Entry>,
    /// Hash of the start and of the position after each entry, for repetition.
    hashes: Vec<u64>,
    redo: Vec<Move>,
    turns: [u32; 6],
    outcome: Option<Outcome>,
}

/// Longest game record accepted, in bytes.
pub const MAX_RECORD_LEN: usize = 1 << 21;

impl Game {
    /// A new game of `variant` from its starting position.
    pub fn new(variant: Variant) -> Game {
        Game::from_position(Position::start(variant))
    }

    /// A game starting from any position.
    pub fn from_position(start: Position) -> Game {
        let mut g = Game {
            hashes: vec![start.hash()],
            pos: start.clone(),
            start,
            entries: Vec::new(),
            redo: Vec::new(),
            turns: [0; 6],
            outcome: None,
        };
        g.settle();
        g
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The starting position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The variant.
    pub fn variant(&self) -> &Variant {
        self.pos.variant()
    }

    /// The turns played, passes included.
    pub fn history(&self) -> impl ExactSizeIterator<Item = &Ply> {
        self.entries.iter().map(|e| &e.ply)
    }

    /// Number of moves played (passes not counted).
    pub fn moves_played(&self) -> usize {
        self.entries.iter().filter(|e| e.ply.mv.is_some()).count()
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// A solitaire's progress; `None` in other variants.
    pub fn solitaire_status(&self) -> Option<SolitaireStatus> {
        let unmatched = self.pos.unmatched()?;
        let moves = self.variant().turn_limit() as usize;
        Some(SolitaireStatus {
            unmatched,
            in_yard: self.pos.in_yard(),
            moves_left: moves.saturating_sub(self.moves_played()),
            moves,
        })
    }

    /// The legal moves of the seat to move; none once the game is over by any rule
    /// (repetition and the turn limit included).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        self.pos.legal_moves()
    }

    /// Where the piece on `from` may go now (empty when it may not move or the game is over).
    pub fn destinations(&self, from: Cell) -> Vec<Cell> {
        if self.is_over() {
            return Vec::new();
        }
        self.pos.destinations(from)
    }

    /// The pieces the seat to move can pick up (none once the game is over).
    pub fn movable(&self) -> Vec<Cell> {
        if self.is_over() {
            return Vec::new();
        }
        self.pos.movable()
    }

    /// One shortest path of a legal move, origin first; `None` if it is not legal now.
    pub fn hop_path(&self, m: Move) -> Option<Vec<Cell>> {
        if self.is_over() {
            return None;
        }
        self.pos.hop_path(m)
    }

    /// Turns taken by `seat` (1-based), passes included.
    pub fn turns_taken(&self, seat: usize) -> u32 {
        self.turns.get(seat.wrapping_sub(1)).copied().unwrap_or(0)
    }

    /// Plays a legal move, then any passes it forces.
    ///
    /// # Errors
    /// When the game is over or the move is illegal; the game is unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), Error> {
        self.play_path(m, None)
    }

    /// Parses and plays move text (`e4-e6` or a full hop path).
    ///
    /// # Errors
    /// As [`play`](Self::play), and when the text is not a move.
    pub fn play_text(&mut self, text: &str) -> Result<Move, Error> {
        if let Some(o) = self.outcome {
            return Err(Error::new(
                ErrorKind::IllegalMove,
                format!("illegal move {}: the game is over ({o})", clip(text.trim())),
            ));
        }
        let (m, cells) = self.pos.parse_path(text)?;
        self.play_path(m, if cells.len() > 2 { Some(cells) } else { None })?;
        Ok(m)
    }

    fn play_path(&mut self, m: Move, path: Option<Vec<Cell>>) -> Result<(), Error> {
        if let Some(o) = self.outcome {
            let g = self.pos.geometry();
            let text = if g.contains(m.from) && g.contains(m.to) {
                format!("{}-{}", g.name(m.from), g.name(m.to))
            } else {
                "move".into()
            };
            return Err(Error::new(
                ErrorKind::IllegalMove,
                format!("illegal move {text}: the game is over ({o})"),
            ));
        }
        let path = match path {
            Some(p) => p,
            None => self.pos.hop_path(m).unwrap_or_default(),
        };
        self.pos
            .check_move(m)
            .map_err(|why| Error::new(ErrorKind::IllegalMove, why))?;
        self.apply(m, path);
        self.redo.clear();
        self.settle();
        Ok(())
    }

    fn apply(&mut self, m: Move, path: Vec<Cell>) {
        let seat = self.pos.turn();
        let g = self.pos.geometry();
        let undo = self.pos.make(g.pad(m.from), g.pad(m.to));
        self.push(
            Ply {
                seat,
                mv: Some(m),
                path,
            },
            undo,
        );
    }

    fn push(&mut self, ply: Ply, undo: Undo) {
        self.turns[ply.seat - 1] += 1;
        self.entries.push(Entry { ply, undo });
        self.hashes.push(self.pos.hash());
    }

    /// Decides the outcome and plays forced passes until a seat can move or the game ends.
    fn settle(&mut self) {
        let mut gen = MoveGen::new();
        loop {
            self.outcome = self.decide();
            if self.outcome.is_some() || self.pos.seat_can_move(&mut gen, self.pos.turn() - 1) {
                return;
            }
            let seat = self.pos.turn();
            let undo = self.pos.pass_turn();
            self.push(
                Ply {
                    seat,
                    mv: None,
                    path: Vec::new(),
                },
                undo,
            );
        }
    }

    fn decide(&self) -> Option<Outcome> {
        let p = &self.pos;
        let v = p.variant();
        if p.is_over() {
            let winners = p.winners();
            if winners.len() == p.seats() && p.seats() > 1 {
                return Some(Outcome::Draw {
                    reason: DrawReason::SharedWin,
                });
            }
            return Some(Outcome::Win { winners });
        }
        if v.is_solitaire() {
            // A blocked solitaire could only pass, forever: it ends unsolved.
            let done = self.moves_played() >= v.turn_limit() as usize || p.is_deadlocked();
            return done.then_some(Outcome::Unsolved);
        }
        let reason = if p.is_deadlocked() {
            DrawReason::Blocked
        } else if self.hashes.iter().filter(|&&x| x == p.hash()).count() >= 3 {
            DrawReason::Repetition
        } else if !p.is_closing() && self.turns_taken(p.turn()) >= v.turn_limit() as u32 {
            DrawReason::TurnLimit
        } else {
            return None;
        };
        // Played on for the places, a game that stops after a first finish has its winners;
        // the seats left are ranked by points (see `standings`).
        let first: SeatSet = SeatSet(
            (1..=p.seats())
                .filter(|&s| p.place(s) == Some(1))
                .fold(0, |m, s| m | 1 << (s - 1)),
        );
        if !first.is_empty() {
            return Some(Outcome::Win { winners: first });
        }
        Some(Outcome::Draw { reason })
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        self.entries.iter().any(|e| e.ply.mv.is_some())
    }

    /// The hashes ([`Position::hash`]) of the positions before the current one, the start
    /// first: what [`crate::ai::think_after`] avoids returning to.
    pub fn earlier_hashes(&self) -> &[u64] {
        &self.hashes[..self.hashes.len() - 1]
    }

    /// Whether there is a move to redo (none in a game lost on time: the moves taken back
    /// before the loss stay for after an undo).
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty() && !self.lost_on_time()
    }

    fn lost_on_time(&self) -> bool {
        matches!(self.outcome, Some(Outcome::Time { .. }))
    }

    /// Takes back the last move and the passes that followed it (in a game lost on time,
    /// the loss too: the game goes on).
    ///
    /// # Errors
    /// When no move has been played.
    pub fn undo(&mut self) -> Result<Move, Error> {
        if !self.can_undo() {
            return Err(Error::new(ErrorKind::History, "nothing to undo"));
        }
        while let Some(e) = self.entries.pop() {
            self.hashes.pop();
            self.turns[e.ply.seat - 1] -= 1;
            self.pos.unmake(e.undo);
            if let Some(m) = e.ply.mv {
                self.redo.push(m);
                self.outcome = self.decide();
                return Ok(m);
            }
        }
        unreachable!("can_undo saw a move")
    }

    /// Plays again the last move taken back.
    ///
    /// # Errors
    /// When nothing has been undone since the last move, or the game was lost on time.
    pub fn redo(&mut self) -> Result<Move, Error> {
        if self.lost_on_time() {
            return Err(Error::new(
                ErrorKind::History,
                "nothing to redo: the game was lost on time",
            ));
        }
        let Some(m) = self.redo.pop() else {
            return Err(Error::new(ErrorKind::History, "nothing to redo"));
        };
        let path = self.pos.hop_path(m).unwrap_or_default();
        self.apply(m, path);
        self.settle();
        Ok(m)
    }

    /// Seat `seat` ran out of time (the clocks are the page's; the engine keeps the
    /// result): it loses, with its whole team, and the game ends there, also when it is
    /// played on for the places. The others are ranked as [`standings`](Self::standings)
    /// ranks them, and the best of them win (a place taken by finishing first, else the
    /// most progress points of the team; equal ones share the win). [`undo`](Self::undo)
    /// takes the loss back with the last move.
    ///
    /// # Errors
    /// When the game has no seat `seat`, the seat has finished (it is out of play), or the
    /// game is over; the game is unchanged.
    pub fn lose_on_time(&mut self, seat: usize) -> Result<(), Error> {
        let n = self.pos.seats();
        let bad = |m: String| Err(Error::new(ErrorKind::Seat, m));
        if !(1..=n).contains(&seat) {
            return bad(format!("no seat {seat}: this game has seats 1 to {n}"));
        }
        if let Some(o) = self.outcome {
            return Err(Error::new(
                ErrorKind::History,
                format!("seat {seat} cannot lose on time: the game is over ({o})"),
            ));
        }
        if self.pos.finished().contains(seat) {
            return bad(format!("seat {seat} has finished: it cannot lose on time"));
        }
        // The others ranked with the seat out of time: the best of them win.
        self.outcome = Some(Outcome::Time {
            loser: seat,
            winners: SeatSet::EMPTY,
        });
        let winners = SeatSet(
            self.standings()
                .iter()
                .filter(|st| st.rank == 1 && st.seat != seat)
                .fold(0, |m, st| m | 1 << (st.seat - 1)),
        );
        self.outcome = Some(Outcome::Time { loser: seat, winners });
        Ok(())
    }

    /// The standings: winners first, then by progress points (equal points share a rank).
    /// With teams, seats are ranked by their team's result and total points. With `places`,
    /// the seats that finished first, by their places, then the others by points, ranked
    /// by team (the teams before them counted once each); during the game too. In a game
    /// lost on time, the seat out of time is last, its team (sharing its rank) just before.
    pub fn standings(&self) -> Vec<Standing> {
        let p = &self.pos;
        let v = p.variant();
        let places = v.places();
        let (winners, lost) = match self.outcome {
            Some(Outcome::Win { winners }) => (winners, 0),
            Some(Outcome::Time { loser, winners }) => (winners, loser),
            Some(Outcome::Draw {
                reason: DrawReason::SharedWin,
            }) => (p.winners(), 0),
            _ => (SeatSet::EMPTY, 0),
        };
        let n = p.seats();
        let team_points = |s: usize| -> i32 {
            (1..=n)
                .filter(|&t| v.team_of(t - 1) == v.team_of(s - 1))
                .map(|t| p.points(t))
                .sum()
        };
        // Smaller is better: the winners (with `places`, a place taken, by place), then by
        // the team's points, and last the team of the seat out of time.
        let key = |s: usize| -> (i32, i32) {
            if lost != 0 && v.team_of(s - 1) == v.team_of(lost - 1) {
                return (2, 0);
            }
            match p.place(s) {
                Some(pl) if places => (0, pl as i32),
                _ if !places && winners.contains(s) => (0, 0),
                _ => (1, -team_points(s)),
            }
        };
        // Six seats at most: an insertion sort (stable, and smaller in the wasm module than
        // the library's sort). The seat out of time goes after its team.
        let order = |s: usize| (key(s), s == lost);
        let mut seats: Vec<usize> = Vec::with_capacity(n);
        for s in 1..=n {
            let at = seats
                .iter()
                .position(|&t| order(t) > order(s))
                .unwrap_or(seats.len());
            seats.insert(at, s);
        }
        seats
            .iter()
            .map(|&s| {
                // Ranks count the seats ahead, with `places` the teams ahead (places go by team).
                let ahead = (1..=n).filter(|&t| key(t) < key(s));
                let rank = 1 + if places {
                    ahead.fold(0u8, |m, t| m | 1 << v.team_of(t - 1)).count_ones() as usize
                } else {
                    ahead.count()
                };
                let place = if places {
                    p.place(s)
                } else {
                    winners.contains(s).then_some(1)
                };
                Standing {
                    seat: s,
                    rank,
                    points: p.points(s),
                    // On time, the winners by points too (no place taken).
                    winner: if places && lost == 0 {
                        place == Some(1)
                    } else {
                        winners.contains(s)
                    },
                    place,
                }
            })
            .collect()
    }

    /// The game record: the variant string (or the starting position, when the game did not
    /// start from the variant's start) on the first line, then the moves as `from-to`,
    /// separated by spaces, with `pass` for a pass.
    pub fn record(&self) -> String {
        let mut s = if self.start == Position::start(*self.start.variant()) {
            self.start.variant().to_string()
        } else {
            self.start.to_string()
        };
        s.push('\n');
        let g = self.pos.geometry();
        for (i, e) in self.entries.iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            match e.ply.mv {
                Some(m) => {
                    let _ = write!(s, "{}-{}", g.name(m.from), g.name(m.to));
                }
                None => s.push_str("pass"),
            }
        }
        if !self.entries.is_empty() {
            s.push('\n');
        }
        s
    }

    /// Reads a game record (see [`record`](Self::record)) and replays it. Passes may be
    /// written as `pass` or left out; moves may be full hop paths.
    ///
    /// # Errors
    /// When the first line is not a variant or position, or a move is illegal: the message
    /// names the move by number.
    pub fn from_record(text: &str) -> Result<Game, Error> {
        let bad = |m: String| Error::new(ErrorKind::Record, m);
        if text.len() > MAX_RECORD_LEN {
            return Err(bad(format!(
                "game record is too long ({} bytes; at most {MAX_RECORD_LEN})",
                text.len()
            )));
        }
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        let head = lines
            .next()
            .ok_or_else(|| bad("empty game record: the first line must be a variant or a position".into()))?;
        let start: Position = if head.contains(char::is_whitespace) {
            head.parse()
                .map_err(|e: Error| bad(format!("game record, first line: {e}")))?
        } else {
            Position::start(
                head.parse()
                    .map_err(|e: Error| bad(format!("game record, first line: {e}")))?,
            )
        };
        let mut game = Game::from_position(start);
        let mut passes_read = 0;
        for (i, tok) in lines.flat_map(str::split_whitespace).enumerate() {
            let n = i + 1;
            if tok == "pass" {
                // Passes are automatic; a written one must match a pass that happened.
                let passed = game
                    .entries
                    .iter()
                    .rev()
                    .take_while(|e| e.ply.mv.is_none())
                    .count();
                passes_read += 1;
                if passes_read > passed {
                    return Err(bad(format!(
                        "turn {n}: 'pass' but seat {} has legal moves",
                        game.pos.turn()
                    )));
                }
                continue;
            }
            passes_read = 0;
            game.play_text(tok)
                .map_err(|e| bad(format!("turn {n} ({}): {e}", clip(tok))))?;
        }
        Ok(game)
    }
}
