//! Games: history with undo and redo, passes, every end condition, ranking, and the game
//! record format.

use crate::error::{Error, ErrorKind};
use crate::geometry::Cell;
use crate::movegen::MoveGen;
use crate::position::{clip, Move, Position, SeatSet, Undo};
use crate::variant::Variant;
use serde::Serialize;
use std::fmt::Write as _;

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
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
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Win { winners } => {
                let seats: Vec<String> = winners.seats().map(|s| s.to_string()).collect();
                if seats.len() == 1 {
                    write!(f, "seat {} wins", seats[0])
                } else {
                    write!(f, "seats {} win", seats.join(", "))
                }
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ply {
    /// The seat (1-based) whose turn it was.
    pub seat: usize,
    /// The move, or `None` for a pass.
    #[serde(rename = "move")]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Standing {
    /// The seat, 1-based.
    pub seat: usize,
    /// 1 for the winners; shared ranks for equal points.
    pub rank: usize,
    /// Progress points.
    pub points: i32,
    /// Whether the seat is among the winners.
    pub winner: bool,
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
        if p.is_deadlocked() {
            return Some(Outcome::Draw {
                reason: DrawReason::Blocked,
            });
        }
        let h = p.hash();
        if self.hashes.iter().filter(|&&x| x == h).count() >= 3 {
            return Some(Outcome::Draw {
                reason: DrawReason::Repetition,
            });
        }
        if !p.is_closing() && self.turns_taken(p.turn()) >= v.turn_limit() as u32 {
            return Some(Outcome::Draw {
                reason: DrawReason::TurnLimit,
            });
        }
        None
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        self.entries.iter().any(|e| e.ply.mv.is_some())
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes back the last move and the passes that followed it.
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
    /// When nothing has been undone since the last move.
    pub fn redo(&mut self) -> Result<Move, Error> {
        let Some(m) = self.redo.pop() else {
            return Err(Error::new(ErrorKind::History, "nothing to redo"));
        };
        let path = self.pos.hop_path(m).unwrap_or_default();
        self.apply(m, path);
        self.settle();
        Ok(m)
    }

    /// The standings: winners first, then by progress points (equal points share a rank).
    /// With teams, seats are ranked by their team's result and total points.
    pub fn standings(&self) -> Vec<Standing> {
        let p = &self.pos;
        let v = p.variant();
        let winners = match self.outcome {
            Some(Outcome::Win { winners }) => winners,
            Some(Outcome::Draw {
                reason: DrawReason::SharedWin,
            }) => p.winners(),
            _ => SeatSet::EMPTY,
        };
        let n = p.seats();
        let team_points = |s: usize| -> i32 {
            (1..=n)
                .filter(|&t| v.team_of(t - 1) == v.team_of(s - 1))
                .map(|t| p.points(t))
                .sum()
        };
        let key = |s: usize| (winners.contains(s), team_points(s));
        let mut seats: Vec<usize> = (1..=n).collect();
        // Largest key first: winners, then by points (far below 2^30 in size).
        crate::sort::sort_by_key(&mut seats, |&s| {
            let (won, points) = key(s);
            !(u32::from(won) << 31 | (points.clamp(-(1 << 30), (1 << 30) - 1) + (1 << 30)) as u32)
        });
        let mut out: Vec<Standing> = Vec::with_capacity(n);
        for (i, &s) in seats.iter().enumerate() {
            let rank = match out.last() {
                Some(prev) if key(prev.seat) == key(s) => prev.rank,
                _ => i + 1,
            };
            out.push(Standing {
                seat: s,
                rank,
                points: p.points(s),
                winner: winners.contains(s),
            });
        }
        out
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
