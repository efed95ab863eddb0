//! CCP, the Chinese Checkers Protocol of the CCERL engine rating list: its messages, its
//! board encoding and cell numbers, and the list's rules (`CCERL-2P10-v2`) as one of our
//! variants plus the referee's adjudication; the engine side's command loop ([`serve`]),
//! and the reading of lines as bytes with a cap ([`LineReader`]) that both sides share.
//! The processes (stdin/stdout, the match referee) are in the `halma` program. The
//! protocol and the rules are described in `docs/engine.md` and `docs/rules.md`.
//!
//! Cells: CCP numbers the 121 holes of the standard star top row first, left to right,
//! as we do, and its player 0 starts in the top point and moves first. Our seat 1 starts at
//! the bottom and moves first, so CCP is our board turned half a turn: CCP hole `i` is our
//! cell `120 - i`, CCP player `p` our seat `p + 1`.

use crate::ai::Budget;
use crate::{Cell, Move, Position, Variant};
use std::io::{self, BufRead};

#[cfg(not(target_arch = "wasm32"))]
mod engine;
#[cfg(not(target_arch = "wasm32"))]
pub use engine::{serve, AiEngine, Choice, Engine};

/// The longest protocol line, in bytes, its end not counted. The longest legal line, a
/// `position cells` with its 121 characters, is under 200 bytes; an engine answers a longer
/// one with an `error` line, and the referee forfeits an engine that writes one.
pub const MAX_LINE: usize = 64 * 1024;

/// The most milliseconds a move may be given (`go movetime`, a clock, `halma match
/// --movetime`, `halma bestmove --time`): an hour. Larger limits are capped to it.
pub const MAX_MOVETIME_MS: u64 = 3_600_000;

/// The most nodes a move may be given (`go nodes`, `--nodes`): 10^10, a few hours of search.
/// Larger limits are capped to it.
pub const MAX_NODES: u64 = 10_000_000_000;

/// Text from outside as it is echoed in messages: at most 24 characters, then `…`.
pub fn clip(text: &str) -> String {
    crate::position::clip(text)
}

/// One line read by [`LineReader`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A whole line, without its end.
    Bytes(Vec<u8>),
    /// A line longer than the cap: its first bytes, as many as the cap. The next read skips
    /// the rest of it.
    TooLong(Vec<u8>),
}

impl Line {
    /// The line's bytes (the first ones of a line too long).
    pub fn bytes(&self) -> &[u8] {
        match self {
            Line::Bytes(b) | Line::TooLong(b) => b,
        }
    }
}

/// Reads protocol lines as bytes: a line ends at LF, CRLF or a bare CR; a line longer than
/// its cap is cut there (only the cap is ever held), and the last line may lack its end.
/// The text need not be UTF-8 ([`text`] decodes it).
pub struct LineReader<R> {
    inner: R,
    max: usize,
    /// The last line ended with CR: an LF right after it is that line's end too.
    after_cr: bool,
    /// In the rest of a line too long.
    skipping: bool,
}

impl<R: BufRead> LineReader<R> {
    /// A reader with the protocol's cap, [`MAX_LINE`].
    pub fn new(inner: R) -> Self {
        Self::with_max(inner, MAX_LINE)
    }

    /// A reader that cuts lines at `max` bytes.
    pub fn with_max(inner: R, max: usize) -> Self {
        LineReader {
            inner,
            max,
            after_cr: false,
            skipping: false,
        }
    }

    /// The next line, `None` at the end of the input.
    ///
    /// # Errors
    /// The reader's errors (an interrupted read is retried).
    pub fn read_line(&mut self) -> io::Result<Option<Line>> {
        let mut line = Vec::new();
        let mut started = false;
        loop {
            let buf = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                self.skipping = false;
                return Ok(started.then_some(Line::Bytes(line)));
            }
            if self.after_cr {
                self.after_cr = false;
                if buf[0] == b'\n' {
                    self.inner.consume(1);
                    continue;
                }
            }
            let end = buf.iter().position(|&b| b == b'\n' || b == b'\r');
            let n = end.unwrap_or(buf.len());
            let cr = end.is_some_and(|e| buf[e] == b'\r');
            if self.skipping {
                if end.is_some() {
                    self.skipping = false;
                    self.after_cr = cr;
                    self.inner.consume(n + 1);
                } else {
                    self.inner.consume(n);
                }
                continue;
            }
            started = true;
            let room = self.max - line.len();
            if n > room {
                line.extend_from_slice(&buf[..room]);
                self.inner.consume(room);
                self.skipping = true;
                return Ok(Some(Line::TooLong(line)));
            }
            line.extend_from_slice(&buf[..n]);
            if end.is_some() {
                self.after_cr = cr;
                self.inner.consume(n + 1);
                return Ok(Some(Line::Bytes(line)));
            }
            self.inner.consume(n);
        }
    }
}

/// A line's text, or a message that says it is not UTF-8 and where.
///
/// # Errors
/// When the bytes are not UTF-8.
pub fn text(bytes: &[u8]) -> Result<&str, String> {
    std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        format!(
            "the line is not UTF-8 text (byte 0x{:02x} at {at})",
            bytes.get(at).copied().unwrap_or(0)
        )
    })
}

/// The first word of a line (split at ASCII white space), as bytes; empty for a blank line.
pub fn first_word(bytes: &[u8]) -> &[u8] {
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    let rest = &bytes[start..];
    let end = rest
        .iter()
        .position(|b| b.is_ascii_whitespace())
        .unwrap_or(rest.len());
    &rest[..end]
}

/// A line an engine wrote, as the referee reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineLine {
    /// A blank line.
    Blank,
    /// `bestmove`: the text after the word (to read with [`parse_move`]), or why it cannot
    /// be read (not UTF-8).
    BestMove(Result<String, String>),
    /// Any other line (`id`, `ccpok`, `readyok`, `info`, `option`, `error`, …): its first
    /// word (clipped, decoded lossily) and whether the whole line is UTF-8 text.
    Other {
        /// The first word.
        word: String,
        /// Whether the line is UTF-8 text.
        utf8: bool,
    },
}

/// Reads a line an engine wrote (its end removed): what the referee makes of it.
pub fn engine_line(bytes: &[u8]) -> EngineLine {
    let word = first_word(bytes);
    if word.is_empty() {
        return EngineLine::Blank;
    }
    let decoded = text(bytes);
    if word == b"bestmove" {
        return EngineLine::BestMove(match decoded {
            Ok(t) => Ok(t.trim().strip_prefix("bestmove").unwrap_or("").trim().to_string()),
            Err(e) => Err(format!("bestmove: {e}")),
        });
    }
    EngineLine::Other {
        word: clip(&String::from_utf8_lossy(word)),
        utf8: decoded.is_ok(),
    }
}

/// The CCERL rules as a variant string: the standard star for two (`star-2`), moves may end
/// in the side points (`any-camp`), the `fill` win (the default), equal turns after the
/// first player finishes (`balance`) and the 240-ply cap (`turns=120`, per seat).
pub const CCERL_VARIANT: &str = "star-2+any-camp+balance+turns=120";

/// The CCERL game length cap in plies, counted from the standard start.
pub const CCERL_MAX_PLIES: u32 = 240;

/// Holes of the CCP board.
pub const CCP_CELLS: usize = 121;

/// The CCERL variant.
pub fn ccerl_variant() -> Variant {
    CCERL_VARIANT.parse().expect("the CCERL variant string is valid")
}

/// Our cell for a CCP hole number, `None` out of range.
pub fn cell_of(hole: usize) -> Option<Cell> {
    (hole < CCP_CELLS).then(|| Cell::new((CCP_CELLS - 1 - hole) as u16))
}

/// The CCP hole number of one of our cells of the standard star.
pub fn hole_of(cell: Cell) -> usize {
    CCP_CELLS - 1 - cell.index()
}

/// Our seat (1-based) for a CCP player (0 or 1).
pub fn seat_of(player: u8) -> usize {
    player as usize + 1
}

/// The CCP player (0 or 1) of our seat (1 or 2).
pub fn player_of(seat: usize) -> u8 {
    (seat - 1) as u8
}

/// A CCERL position from the protocol's board (`COMPACT121`: one character a hole, `.`
/// empty, `0` or `1` a piece of that player) and the player to move.
///
/// # Errors
/// A message that says what is wrong: the length, a character and where, the player.
pub fn position_from_cells(cells: &str, player: u8) -> Result<Position, String> {
    if player > 1 {
        return Err(format!("player {player} does not exist (0 or 1)"));
    }
    let chars: Vec<char> = cells.chars().collect();
    if chars.len() != CCP_CELLS {
        return Err(format!(
            "the board has {CCP_CELLS} characters, one a hole; found {}",
            chars.len()
        ));
    }
    let mut ours = vec!['.'; CCP_CELLS];
    for (hole, &ch) in chars.iter().enumerate() {
        ours[CCP_CELLS - 1 - hole] = match ch {
            '.' => '.',
            '0' => '1',
            '1' => '2',
            other => {
                return Err(format!(
                    "hole {hole}: unexpected '{}' (use '.', '0' or '1')",
                    other.escape_default()
                ))
            }
        };
    }
    let variant = ccerl_variant();
    let geo = variant.geometry();
    let rows: Vec<String> = geo
        .rows()
        .iter()
        .map(|row| row.iter().map(|c| ours[c.index()]).collect())
        .collect();
    format!("{variant} {} {}", seat_of(player), rows.join("/"))
        .parse()
        .map_err(|e: crate::Error| e.to_string())
}

/// The protocol's board of a position of the standard two-seat star.
pub fn cells_of(pos: &Position) -> String {
    let mut out = vec!['.'; CCP_CELLS];
    for (i, &s) in pos.cells().iter().enumerate().take(CCP_CELLS) {
        out[CCP_CELLS - 1 - i] = match s {
            0 => '.',
            1 => '0',
            _ => '1',
        };
    }
    out.into_iter().collect()
}

/// A move in CCP notation: its path as hole numbers, `4-15-28`.
pub fn path_text(path: &[Cell]) -> String {
    let holes: Vec<String> = path.iter().map(|&c| hole_of(c).to_string()).collect();
    holes.join("-")
}

/// Reads a CCP move (`bestmove` prefix optional) as the referee does: hole numbers joined
/// by `-` (or `,`), at least two. The move is its first and last hole; it must be legal
/// here (the referee takes a path whose ends make a legal move, since every `(from, to)` is
/// one move).
///
/// # Errors
/// When the text is not a move or the move is not legal here.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, String> {
    let text = text.trim();
    let text = text.strip_prefix("bestmove").map_or(text, str::trim);
    let mut holes = Vec::new();
    for part in text.split(['-', ',']).filter(|p| !p.is_empty()) {
        let hole: usize = part
            .parse()
            .map_err(|_| format!("'{}' is not a hole number (0 to 120)", clip(part)))?;
        holes.push(cell_of(hole).ok_or_else(|| format!("hole {hole} is not on the board (0 to 120)"))?);
        // A path visits each hole once at most: a longer one is no move.
        if holes.len() > CCP_CELLS {
            return Err(format!(
                "'{}' is not a move: a path of more than {CCP_CELLS} holes",
                clip(text)
            ));
        }
    }
    if holes.len() < 2 {
        return Err(format!(
            "'{}' is not a move: expected holes like 4-15-28",
            clip(text)
        ));
    }
    let m = Move::new(holes[0], holes[holes.len() - 1]);
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(format!("{} is not a legal move here", path_text(&[m.from, m.to])))
    }
}

/// How a CCERL game ended, by the referee's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A win for this CCP player (0 or 1).
    Win(u8, &'static str),
    /// A draw.
    Draw(&'static str),
}

/// The referee's verdict on a position reached after `ply` plies from the standard start,
/// `None` while the game goes on. In the referee's order: both players finished (a draw);
/// player 0 finished with all its pieces (a draw if player 1 is to move with an immediate
/// finishing move, else player 0 wins); player 1 finished with all its pieces; a target
/// point full with at least one piece of each side (its owner wins, player 0 checked first);
/// the ply cap (a draw). The referee keeps no history, so there are no repetition draws.
pub fn verdict(pos: &Position, ply: u32, max_plies: u32) -> Option<Verdict> {
    let own = |p: &Position, seat: usize| target_counts(p, seat).0;
    let full = |seat: usize| own(pos, seat) == target_size(pos, seat);
    match (full(1), full(2)) {
        (true, true) => return Some(Verdict::Draw("equal_turn_goal_draw")),
        (true, false) => {
            let size = target_size(pos, 2);
            let reply = pos.turn() == 2
                && own(pos, 2) + 1 == size
                && pos
                    .legal_moves()
                    .into_iter()
                    .any(|m| pos.after(m).is_ok_and(|p| own(&p, 2) == size));
            return Some(if reply {
                Verdict::Draw("equal_turn_goal_draw")
            } else {
                Verdict::Win(0, "all_pieces_in_goal")
            });
        }
        (false, true) => return Some(Verdict::Win(1, "all_pieces_in_goal")),
        _ => {}
    }
    for seat in 1..=2 {
        let (own, blockers) = target_counts(pos, seat);
        if own > 0 && blockers > 0 && own + blockers == target_size(pos, seat) {
            return Some(Verdict::Win(player_of(seat), "anti_block_goal_full"));
        }
    }
    (max_plies > 0 && ply >= max_plies).then_some(Verdict::Draw("max_ply"))
}

fn target_size(pos: &Position, seat: usize) -> usize {
    let k = pos.variant().target_camp(seat - 1).unwrap_or(0);
    pos.geometry().camp(k).len()
}

/// Own pieces and other pieces in a seat's target camp.
fn target_counts(pos: &Position, seat: usize) -> (usize, usize) {
    let k = pos.variant().target_camp(seat - 1).unwrap_or(0);
    let mut own = 0;
    let mut other = 0;
    for &c in pos.geometry().camp(k) {
        match pos.piece_at(c) {
            Some(s) if s == seat => own += 1,
            Some(_) => other += 1,
            None => {}
        }
    }
    (own, other)
}

/// Moves to go that a clock's time left is shared among when `go` gives no `movestogo`
/// (see [`GoLimits::clock_limits`]). A CCERL game lasts about 65 moves a side, but each
/// move's share is of the time left, which shrinks: a twenty-fifth leaves about a fifth
/// of the clock (with its increments) after 40 moves.
pub const MOVES_TO_GO: u64 = 25;

/// The margin a time limit loses for the answer to reach the referee: it is multiplied by
/// the first, less the second in milliseconds.
pub const CLOCK_MARGIN: (f64, f64) = (0.97, 5.0);

/// How long an engine may think, from a `go` command.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoLimits {
    /// `movetime MS`: milliseconds for this move.
    pub movetime: Option<u64>,
    /// `nodes N`.
    pub nodes: Option<u64>,
    /// `depth D`.
    pub depth: Option<u32>,
    /// `wtime MS` (player 0's clock).
    pub wtime: Option<u64>,
    /// `btime MS` (player 1's clock).
    pub btime: Option<u64>,
    /// `winc MS`.
    pub winc: Option<u64>,
    /// `binc MS`.
    pub binc: Option<u64>,
    /// `movestogo N`.
    pub movestogo: Option<u64>,
    /// `infinite`.
    pub infinite: bool,
}

impl GoLimits {
    /// The soft and the hard limit, in milliseconds, of a move for `player` under a clock
    /// (`wtime`/`btime`), `ply` plies from the standard start; `None` without a clock for
    /// that player.
    ///
    /// With `left` on the clock, an increment `inc` and `n` moves to go (`movestogo`, else
    /// [`MOVES_TO_GO`]; fewer when the draw at [`CCERL_MAX_PLIES`] comes sooner):
    /// - soft = `left / n + ¾ inc`: the time the search aims at (it spends less when the
    ///   best move settles, more when it changes or the score falls; `Searcher::run`);
    /// - hard = `min(4 soft, max(left / 4, soft) + inc)`: the search is cut off there.
    ///
    /// Both then lose [`CLOCK_MARGIN`] for the answer to reach the referee (3% and 5 ms, as
    /// `movetime`), the hard limit is never above `left` less 5% and 20 ms, the soft never
    /// above the hard, both at least 1 ms and at most [`MAX_MOVETIME_MS`]. Any `u64` is
    /// safe (the arithmetic is in `f64`).
    pub fn clock_limits(&self, player: u8, ply: u32) -> Option<(f64, f64)> {
        let (left, inc) = if player == 0 {
            (self.wtime?, self.winc.unwrap_or(0))
        } else {
            (self.btime?, self.binc.unwrap_or(0))
        };
        let own_moves_left = u64::from(CCERL_MAX_PLIES.saturating_sub(ply).div_ceil(2));
        let n = self.movestogo.unwrap_or(MOVES_TO_GO).min(own_moves_left).max(1) as f64;
        let (left, inc) = (left as f64, inc as f64);
        let soft = left / n + 0.75 * inc;
        let hard = (4.0 * soft).min(soft.max(left / 4.0) + inc);
        let (share, ms) = CLOCK_MARGIN;
        let max = MAX_MOVETIME_MS as f64;
        let hard = (hard * share - ms).min(left * 0.95 - 20.0).clamp(1.0, max);
        let soft = (soft * share - ms).clamp(1.0, hard);
        Some((soft, hard))
    }

    /// The search budget of this `go` for `player`, `ply` plies from the standard start,
    /// with `info string` lines to send first (a limit that was capped, `depth`
    /// unsupported). In order: `movetime` (less [`CLOCK_MARGIN`], 3% and 5 ms, for the
    /// answer to reach the referee in time; a hard limit only: the search uses the whole
    /// time, since a fixed time per move gains nothing from saving), `nodes`, the clock (a
    /// soft and a hard limit, [`GoLimits::clock_limits`]); else (`go infinite`, `go depth`,
    /// `go` alone) `default`. Movetimes and clocks are capped at [`MAX_MOVETIME_MS`], nodes
    /// at [`MAX_NODES`].
    pub fn budget(&self, player: u8, ply: u32, default: Budget) -> (Budget, Vec<String>) {
        let (share, margin_ms) = CLOCK_MARGIN;
        let mut notes = Vec::new();
        let mut capped = |what: &str, n: u64, max: u64| {
            if n > max {
                notes.push(format!("info string {what} {n} capped at {max}"));
            }
            n.min(max)
        };
        if let Some(ms) = self.movetime {
            let ms = capped("movetime", ms, MAX_MOVETIME_MS);
            return (Budget::millis((ms as f64 * share - margin_ms).max(1.0)), notes);
        }
        if let Some(n) = self.nodes {
            let n = capped("nodes", n, MAX_NODES);
            return (Budget::nodes(n.max(1)), notes);
        }
        if let Some((soft, hard)) = self.clock_limits(player, ply) {
            return (Budget::clock(soft, hard), notes);
        }
        if self.depth.is_some() {
            notes.push("info string go depth is not supported; searching the default budget".into());
        }
        (default, notes)
    }
}

/// A message to an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `ccp`: the handshake; the engine answers with `id` lines, its options and `ccpok`.
    Ccp,
    /// `protocol`: answered `protocol ccp 1`.
    Protocol,
    /// `isready`: answered `readyok`.
    IsReady,
    /// `newgame`: forget the last game.
    NewGame,
    /// `setoption name N [value V]`.
    SetOption {
        /// The option's name.
        name: String,
        /// Its value, if given.
        value: Option<String>,
    },
    /// `position startpos` or `position cells <COMPACT121> [player P] [ply N]`.
    Position {
        /// The board, `None` for the standard start.
        cells: Option<String>,
        /// The player to move (0 or 1).
        player: u8,
        /// Plies played since the standard start.
        ply: u32,
    },
    /// `go` with its limits; answered with `info` and `bestmove`.
    Go(GoLimits),
    /// `stop`.
    Stop,
    /// `quit`.
    Quit,
}

/// Parses one line of input. Blank lines are `Ok(None)`.
///
/// # Errors
/// A message that names the command and what is wrong with it.
pub fn parse_command(line: &str) -> Result<Option<Command>, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&cmd, args)) = words.split_first() else {
        return Ok(None);
    };
    let none = |c: Command| {
        if args.is_empty() {
            Ok(Some(c))
        } else {
            Err(format!("{cmd} takes no arguments"))
        }
    };
    match cmd {
        "ccp" => none(Command::Ccp),
        "protocol" => Ok(Some(Command::Protocol)),
        "isready" => none(Command::IsReady),
        "newgame" | "ccpnewgame" => none(Command::NewGame),
        "stop" => none(Command::Stop),
        "quit" => Ok(Some(Command::Quit)),
        "setoption" => parse_setoption(args).map(Some),
        "position" => parse_position(args).map(Some),
        "go" => parse_go(args)
            .map(|g| Some(Command::Go(g)))
            .map_err(|e| format!("go: {e}")),
        other => Err(format!("unknown command '{}'", crate::position::clip(other))),
    }
}

fn parse_setoption(args: &[&str]) -> Result<Command, String> {
    let usage = "expected: setoption name <name> [value <value>]";
    if args.first() != Some(&"name") || args.len() < 2 {
        return Err(usage.into());
    }
    let v = args.iter().position(|&a| a == "value");
    let name = args[1..v.unwrap_or(args.len())].join(" ");
    if name.is_empty() {
        return Err(usage.into());
    }
    let value = v.map(|i| args[i + 1..].join(" "));
    Ok(Command::SetOption { name, value })
}

fn number<T: std::str::FromStr>(what: &str, text: Option<&&str>) -> Result<T, String> {
    let t = text.ok_or_else(|| format!("{what} needs a number"))?;
    t.parse()
        .map_err(|_| format!("{what}: '{}' is not a number", crate::position::clip(t)))
}

fn parse_position(args: &[&str]) -> Result<Command, String> {
    let usage = "expected: position startpos, or position cells <121 characters> player <0|1> ply <N>";
    match args.first() {
        Some(&"startpos") if args.len() == 1 => Ok(Command::Position {
            cells: None,
            player: 0,
            ply: 0,
        }),
        Some(&"cells") if args.len() >= 2 => {
            let (mut player, mut ply) = (0u8, 0u32);
            let mut rest = args[2..].iter();
            while let Some(&key) = rest.next() {
                match key {
                    "player" => {
                        player = number("player", rest.next())?;
                        if player > 1 {
                            return Err(format!("player {player} does not exist (0 or 1)"));
                        }
                    }
                    "ply" => ply = number("ply", rest.next())?,
                    other => {
                        return Err(format!(
                            "position: unexpected '{}'; {usage}",
                            crate::position::clip(other)
                        ))
                    }
                }
            }
            Ok(Command::Position {
                cells: Some(args[1].to_string()),
                player,
                ply,
            })
        }
        _ => Err(usage.into()),
    }
}

fn parse_go(args: &[&str]) -> Result<GoLimits, String> {
    let mut g = GoLimits::default();
    let mut it = args.iter();
    while let Some(&key) = it.next() {
        match key {
            "movetime" => g.movetime = Some(number(key, it.next())?),
            "nodes" => g.nodes = Some(number(key, it.next())?),
            "depth" => g.depth = Some(number(key, it.next())?),
            "wtime" => g.wtime = Some(number(key, it.next())?),
            "btime" => g.btime = Some(number(key, it.next())?),
            "winc" => g.winc = Some(number(key, it.next())?),
            "binc" => g.binc = Some(number(key, it.next())?),
            "movestogo" => g.movestogo = Some(number(key, it.next())?),
            "infinite" => g.infinite = true,
            other => {
                return Err(format!(
                "unknown limit '{}' (movetime, nodes, depth, wtime, btime, winc, binc, movestogo, infinite)",
                crate::position::clip(other)
            ))
            }
        }
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `halma ccp` keeps the game's positions it is sent (and those its moves make), so in
    /// a game where it leads it does not shuffle back to one of them; `newgame` forgets them.
    #[test]
    fn the_engine_remembers_the_game_until_newgame() {
        let record = include_str!("../tests/data/shuffled-star2.txt");
        let game = crate::Game::from_record(record).unwrap();
        let moves: Vec<_> = game.history().filter_map(|p| p.mv).collect();
        let mut earlier = Position::start(*game.position().variant());
        for &m in &moves[..38] {
            earlier.play(m).unwrap();
        }
        let now = game.position();
        let budget = Budget::nodes(1_000_000);
        let back = "g12-h12";
        let g = now.geometry();
        let mv = |c: &Choice| format!("{}-{}", g.name(c.path[0]), g.name(*c.path.last().unwrap()));
        let mut e = AiEngine::new(crate::ai::Player::Level(5), 1);
        assert_eq!(mv(&e.choose(now, budget).unwrap()), back, "the move of the game");
        e.new_game();
        e.choose(&earlier, budget).unwrap();
        let c = e.choose(now, budget).unwrap();
        assert_ne!(mv(&c), back);
        assert!(c.score > 0, "it still leads");
        e.new_game();
        assert_eq!(mv(&e.choose(now, budget).unwrap()), back, "forgotten");
    }

    fn start_text() -> String {
        format!("{}{}{}", "0".repeat(10), ".".repeat(101), "1".repeat(10))
    }

    /// The CCP board's holes as its referee builds them: the hexagon of radius 4 and the
    /// six points, sorted by row, then by `q`.
    fn their_coords() -> Vec<(i32, i32)> {
        let mut v = Vec::new();
        for q in -4..=4i32 {
            for r in -4..=4i32 {
                if q.abs().max(r.abs()).max((q + r).abs()) <= 4 {
                    v.push((q, r));
                }
            }
        }
        for d in 1..=4 {
            v.extend((-4..=-d).map(|r| (4 + d, r)));
            v.extend((d..=4).map(|r| (-4 - d, r)));
            v.extend((-4..=-d).map(|q| (q, 4 + d)));
            v.extend((d..=4).map(|q| (q, -4 - d)));
            v.extend((-4..=-d).map(|q| (q, -4 - d - q)));
            v.extend((d..=4).map(|q| (q, 4 + d - q)));
        }
        v.sort_by_key(|&(q, r)| (r, q));
        v.dedup();
        v
    }

    #[test]
    fn holes_are_our_cells_turned_half_a_turn() {
        let g = ccerl_variant().geometry();
        let theirs = their_coords();
        assert_eq!(theirs.len(), CCP_CELLS);
        for (hole, &(q, r)) in theirs.iter().enumerate() {
            let c = cell_of(hole).unwrap();
            assert_eq!(hole_of(c), hole);
            assert_eq!(g.coord(c), (-q, -r), "hole {hole}");
        }
        assert_eq!(cell_of(121), None);
        // CCP's player 0 starts in the top point (holes 0..10) = our seat 1's home.
        let start = Position::start(ccerl_variant());
        assert_eq!(cells_of(&start), start_text());
    }

    #[test]
    fn positions_round_trip() {
        let p = position_from_cells(&start_text(), 0).unwrap();
        assert_eq!(p.turn(), 1);
        assert_eq!(p.cells(), Position::start(ccerl_variant()).cells());
        let q = position_from_cells(&start_text(), 1).unwrap();
        assert_eq!(q.turn(), 2);
        assert_eq!(cells_of(&q), start_text());
        assert!(position_from_cells(&start_text()[1..], 0)
            .unwrap_err()
            .contains("121 characters"));
        let bad = start_text().replacen('.', "x", 1);
        assert!(position_from_cells(&bad, 0)
            .unwrap_err()
            .contains("hole 10: unexpected 'x'"));
        assert!(position_from_cells(&start_text(), 2).is_err());
    }

    #[test]
    fn moves_in_hole_numbers() {
        let p = position_from_cells(&start_text(), 0).unwrap();
        // Player 0's first moves: steps out of the top point, hops over its front row.
        let mut n = 0;
        for m in p.legal_moves() {
            let path = p.hop_path(m).unwrap();
            let text = path_text(&path);
            assert_eq!(parse_move(&p, &text), Ok(m));
            assert_eq!(parse_move(&p, &format!("bestmove {text}")), Ok(m));
            n += 1;
        }
        assert_eq!(n, 14);
        // Hole 6 is (1, -5), the front row's left piece: steps to (0, -4) and (1, -4).
        assert!(parse_move(&p, "6-14").is_ok() && parse_move(&p, "6-15").is_ok());
        assert!(parse_move(&p, "0-1").unwrap_err().contains("not a legal move"));
        assert!(parse_move(&p, "4").is_err());
        assert!(parse_move(&p, "4-x").unwrap_err().contains("not a hole number"));
        assert!(parse_move(&p, "4-500").unwrap_err().contains("not on the board"));
    }

    #[test]
    fn commands_parse() {
        assert_eq!(parse_command("  "), Ok(None));
        assert_eq!(parse_command("ccp"), Ok(Some(Command::Ccp)));
        assert_eq!(parse_command("isready"), Ok(Some(Command::IsReady)));
        assert_eq!(
            parse_command(&format!("position cells {} player 1 ply 73", start_text())),
            Ok(Some(Command::Position {
                cells: Some(start_text()),
                player: 1,
                ply: 73
            }))
        );
        assert_eq!(
            parse_command("position startpos"),
            Ok(Some(Command::Position {
                cells: None,
                player: 0,
                ply: 0
            }))
        );
        assert_eq!(
            parse_command("go movetime 100"),
            Ok(Some(Command::Go(GoLimits {
                movetime: Some(100),
                ..GoLimits::default()
            })))
        );
        assert_eq!(
            parse_command("setoption name Threads value 8"),
            Ok(Some(Command::SetOption {
                name: "Threads".into(),
                value: Some("8".into())
            }))
        );
        assert!(parse_command("go movetime x")
            .unwrap_err()
            .contains("not a number"));
        assert!(parse_command("go sideways")
            .unwrap_err()
            .contains("unknown limit"));
        assert!(parse_command("position").is_err());
        assert!(parse_command("position cells x player 3").is_err());
        assert!(parse_command("fly").unwrap_err().contains("unknown command"));
        let g = GoLimits {
            wtime: Some(60_000),
            winc: Some(1000),
            ..GoLimits::default()
        };
        // soft 60000 / 25 + 750 = 3150, hard min(4 × 3150, 15000 + 1000); less 3% and 5 ms.
        assert_eq!(
            g.clock_limits(0, 0),
            Some((3150.0 * 0.97 - 5.0, 12600.0 * 0.97 - 5.0))
        );
        assert_eq!(g.clock_limits(1, 0), None);
        let (b, notes) = g.budget(0, 0, Budget::nodes(7));
        assert_eq!(
            (b.soft_millis, b.millis, b.nodes),
            (Some(3050.5), Some(12217.0), None)
        );
        assert!(notes.is_empty());
        // movetime is a hard limit only: the search spends it all, as before.
        let m = GoLimits {
            movetime: Some(1000),
            ..g
        };
        assert_eq!(m.budget(0, 0, Budget::nodes(7)).0, Budget::millis(965.0));
    }

    #[test]
    fn a_clock_is_shared_among_the_moves_to_go_and_never_overspent() {
        let limits = |left: u64, inc: u64, movestogo: Option<u64>, ply: u32| {
            GoLimits {
                btime: Some(left),
                binc: Some(inc),
                movestogo,
                ..GoLimits::default()
            }
            .clock_limits(1, ply)
            .unwrap()
        };
        let mut last = (0.0, 0.0);
        for left in (0..2000).map(|i| i * 37).chain([1 << 20, 1 << 30, u64::MAX]) {
            for inc in [0, 10, 100, 2000] {
                for mtg in [None, Some(1), Some(2), Some(10), Some(40), Some(1000)] {
                    for ply in [0, 60, 200, 239, 240, 1000] {
                        let (soft, hard) = limits(left, inc, mtg, ply);
                        assert!(1.0 <= soft && soft <= hard && hard <= MAX_MOVETIME_MS as f64);
                        // Never past the clock, less a margin (1 ms at least is spent).
                        assert!(hard <= (left as f64 * 0.95 - 20.0).max(1.0), "{left} {inc}");
                    }
                }
            }
            // More time left never means less time to spend.
            let now = limits(left, 100, None, 0);
            assert!(now.0 >= last.0 && now.1 >= last.1, "{left}: {now:?} {last:?}");
            last = now;
        }
        // movestogo is respected: the time left is shared among the moves to go.
        let soft = |mtg, ply| limits(100_000, 0, mtg, ply).0;
        assert_eq!(soft(Some(10), 0), 10_000.0 * 0.97 - 5.0);
        assert_eq!(soft(Some(40), 0), 2500.0 * 0.97 - 5.0);
        assert_eq!(soft(None, 0), 4000.0 * 0.97 - 5.0);
        assert!(soft(Some(1), 0) > soft(Some(2), 0));
        // Fewer moves to go when the draw at 240 plies is near: 5 moves of ours from ply 230.
        assert_eq!(soft(None, 230), 20_000.0 * 0.97 - 5.0);
        assert_eq!(soft(Some(2), 230), soft(Some(2), 0));
        // The last move before the time control may spend nearly all of it.
        let (s1, h1) = limits(10_000, 0, Some(1), 0);
        assert!(s1 == h1 && h1 == 10_000.0 * 0.95 - 20.0);
        // The hard limit: four times the soft, at most a quarter of what is left and the
        // increment.
        assert_eq!(limits(100_000, 0, None, 0).1, 16_000.0 * 0.97 - 5.0);
        assert_eq!(limits(100_000, 0, Some(100), 0).1, 4000.0 * 0.97 - 5.0);
    }

    /// The lines of `input` as a plain splitter sees them (LF, CRLF, CR; cut at `max`).
    fn reference_lines(input: &[u8], max: usize) -> Vec<Line> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < input.len() {
            let end = input[i..]
                .iter()
                .position(|&b| b == b'\n' || b == b'\r')
                .map(|e| i + e);
            let stop = end.unwrap_or(input.len());
            let bytes = input[i..stop].to_vec();
            out.push(if bytes.len() > max {
                Line::TooLong(bytes[..max].to_vec())
            } else {
                Line::Bytes(bytes)
            });
            i = match end {
                Some(e) if input[e] == b'\r' && input.get(e + 1) == Some(&b'\n') => e + 2,
                Some(e) => e + 1,
                None => input.len(),
            };
        }
        out
    }

    #[test]
    fn lines_end_at_lf_crlf_or_cr_and_are_cut_at_the_cap() {
        let inputs: [&[u8]; 7] = [
            b"a\nb\r\nc\rd\r\r\ne",
            b"abcdefgh\nxy\r\n",
            b"abcd\r\nabcde\rabc",
            b"\r\n\r\n\n\r",
            b"go \xff\xfe\nisready\n",
            b"",
            b"0123456789\r0123\n",
        ];
        for input in inputs {
            for cap in 1..6 {
                let mut r = LineReader::with_max(io::BufReader::with_capacity(cap, input), 4);
                let mut got = Vec::new();
                while let Some(l) = r.read_line().unwrap() {
                    got.push(l);
                }
                assert_eq!(got, reference_lines(input, 4), "{input:?}, buffer {cap}");
            }
        }
        let mut r = LineReader::new(&b"a\nb\r\nc\rd\r\r\ne"[..]);
        let mut texts = Vec::new();
        while let Some(l) = r.read_line().unwrap() {
            texts.push(String::from_utf8(l.bytes().to_vec()).unwrap());
        }
        assert_eq!(texts, ["a", "b", "c", "d", "", "e"]);
        assert!(text(b"go \xff").unwrap_err().contains("byte 0xff at 3"));
        assert_eq!(first_word(b"  go movetime 5"), b"go");
        assert_eq!(first_word(b" \t "), b"");
    }

    #[test]
    fn engine_lines_as_the_referee_reads_them() {
        assert_eq!(
            engine_line(b"bestmove 4-15 "),
            EngineLine::BestMove(Ok("4-15".into()))
        );
        assert_eq!(engine_line(b"bestmove"), EngineLine::BestMove(Ok(String::new())));
        assert!(
            matches!(engine_line(b"bestmove 4-\xff"), EngineLine::BestMove(Err(e)) if e.contains("UTF-8"))
        );
        assert_eq!(
            engine_line(b"id name \xff\xfe"),
            EngineLine::Other {
                word: "id".into(),
                utf8: false
            }
        );
        assert_eq!(
            engine_line(b"bestmovex 1-2"),
            EngineLine::Other {
                word: "bestmovex".into(),
                utf8: true
            }
        );
        assert_eq!(engine_line(b" \t"), EngineLine::Blank);
        let p = Position::start(ccerl_variant());
        let long = format!("4-{}", "15-".repeat(30_000));
        assert!(parse_move(&p, &long).unwrap_err().len() < 200);
        assert!(parse_move(&p, &"x".repeat(60_000)).unwrap_err().len() < 200);
    }

    #[test]
    fn clocks_and_budgets_saturate_and_are_capped() {
        let huge = GoLimits {
            wtime: Some(900),
            winc: Some(4_611_686_018_427_387_904),
            btime: Some(u64::MAX),
            binc: Some(u64::MAX),
            ..GoLimits::default()
        };
        assert_eq!(huge.clock_limits(0, 0), Some((835.0, 835.0)));
        let max = MAX_MOVETIME_MS as f64;
        assert_eq!(huge.clock_limits(1, 0), Some((max, max)));
        let zero = GoLimits {
            wtime: Some(0),
            movestogo: Some(0),
            ..GoLimits::default()
        };
        assert_eq!(zero.clock_limits(0, 0), Some((1.0, 1.0)));
        let (b, notes) = GoLimits {
            movetime: Some(u64::MAX),
            ..GoLimits::default()
        }
        .budget(0, 0, Budget::nodes(7));
        assert_eq!(b.millis, Some(MAX_MOVETIME_MS as f64 * 0.97 - 5.0));
        assert!(notes[0].contains("capped at 3600000"), "{notes:?}");
        let (b, notes) = GoLimits {
            nodes: Some(u64::MAX),
            ..GoLimits::default()
        }
        .budget(0, 0, Budget::nodes(7));
        assert_eq!(b.nodes, Some(MAX_NODES));
        assert_eq!(notes.len(), 1);
        let (b, notes) = GoLimits {
            depth: Some(3),
            ..GoLimits::default()
        }
        .budget(0, 0, Budget::nodes(7));
        assert_eq!(b.nodes, Some(7));
        assert!(notes[0].contains("depth is not supported"));
        for bad in [
            "go movetime -5",
            "go movetime",
            "go nodes 1e18",
            "go nodes 18446744073709551616",
            "go foo",
        ] {
            assert!(parse_command(bad).unwrap_err().starts_with("go: "), "{bad}");
        }
    }

    #[test]
    fn referee_verdicts() {
        let v = ccerl_variant();
        let start = Position::start(v);
        assert_eq!(verdict(&start, 0, 240), None);
        assert_eq!(verdict(&start, 240, 240), Some(Verdict::Draw("max_ply")));
        // Player 0 (top start) has all ten at the bottom; player 1 nine at the top with the
        // tenth one step away: a draw. Without the step, a win for player 0.
        let mut cells = vec!['.'; CCP_CELLS];
        cells[111..121].fill('0');
        cells[0..9].fill('1');
        // Hole 9, (4, -5), is empty; 17, (3, -4), is next to it.
        cells[17] = '1';
        let text: String = cells.iter().collect();
        let p = position_from_cells(&text, 1).unwrap();
        assert_eq!(verdict(&p, 100, 240), Some(Verdict::Draw("equal_turn_goal_draw")));
        let p0 = position_from_cells(&text, 0).unwrap();
        assert_eq!(
            verdict(&p0, 100, 240),
            Some(Verdict::Win(0, "all_pieces_in_goal"))
        );
        cells[17] = '.';
        cells[60] = '1';
        let far: String = cells.iter().collect();
        let p = position_from_cells(&far, 1).unwrap();
        assert_eq!(verdict(&p, 100, 240), Some(Verdict::Win(0, "all_pieces_in_goal")));
        // Player 1's target (the top) full with one of player 0's pieces in it.
        let mut cells = vec!['.'; CCP_CELLS];
        cells[0] = '0';
        cells[1..10].fill('1');
        cells[40..49].fill('0');
        cells[60] = '1';
        let text: String = cells.iter().collect();
        let p = position_from_cells(&text, 0).unwrap();
        assert_eq!(
            verdict(&p, 50, 240),
            Some(Verdict::Win(1, "anti_block_goal_full"))
        );
    }

    /// The CCERL referee's move generator, written from its description: steps, and hop
    /// chains by depth-first search that never land on a hole twice (the origin included),
    /// the origin counting as empty, with goal locking at every landing and side points
    /// playable. Returns the `(from, to)` pairs.
    fn their_moves(pos: &Position) -> std::collections::BTreeSet<(usize, usize)> {
        let g = pos.geometry();
        let index: std::collections::HashMap<(i32, i32), Cell> = g.cells().map(|c| (g.coord(c), c)).collect();
        let at = |q: i32, r: i32| index.get(&(q, r)).copied();
        let seat = pos.turn();
        let goal = g.camp(pos.variant().target_camp(seat - 1).unwrap());
        let in_goal = |c: Cell| goal.contains(&c);
        const DIRS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];
        let mut out = std::collections::BTreeSet::new();
        for from in pos.pieces(seat) {
            let empty = |c: Cell| c == from || pos.piece_at(c).is_none();
            let (q, r) = g.coord(from);
            let locked = in_goal(from);
            for (dq, dr) in DIRS {
                if let Some(to) = at(q + dq, r + dr) {
                    if empty(to) && to != from && (!locked || in_goal(to)) {
                        out.insert((from.index(), to.index()));
                    }
                }
            }
            let mut visited = vec![from];
            fn dfs(
                cur: Cell,
                locked: bool,
                visited: &mut Vec<Cell>,
                out: &mut std::collections::BTreeSet<(usize, usize)>,
                step: &dyn Fn(Cell, (i32, i32)) -> Option<(Cell, Cell)>,
                empty: &dyn Fn(Cell) -> bool,
                in_goal: &dyn Fn(Cell) -> bool,
            ) {
                for d in DIRS {
                    let Some((mid, land)) = step(cur, d) else { continue };
                    if empty(mid) || !empty(land) || visited.contains(&land) || (locked && !in_goal(land)) {
                        continue;
                    }
                    out.insert((visited[0].index(), land.index()));
                    visited.push(land);
                    dfs(land, locked || in_goal(land), visited, out, step, empty, in_goal);
                    visited.pop();
                }
            }
            let step = |c: Cell, (dq, dr): (i32, i32)| {
                let (q, r) = g.coord(c);
                Some((at(q + dq, r + dr)?, at(q + 2 * dq, r + 2 * dr)?))
            };
            dfs(from, locked, &mut visited, &mut out, &step, &empty, &in_goal);
        }
        out
    }

    #[test]
    fn our_move_sets_are_the_referees() {
        let mut rng = crate::ai::Rng::new(38);
        let mut compared = 0;
        for _game in 0..12 {
            let mut pos = Position::start(ccerl_variant());
            for ply in 0..240u32 {
                if verdict(&pos, ply, CCERL_MAX_PLIES).is_some() {
                    break;
                }
                let ours: std::collections::BTreeSet<(usize, usize)> = pos
                    .legal_moves()
                    .iter()
                    .map(|m| (m.from.index(), m.to.index()))
                    .collect();
                assert_eq!(ours, their_moves(&pos), "{pos}");
                compared += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Mostly forward moves, so that games reach the goal-locked endgame.
                let fwd: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|&m| {
                        let home = pos.variant().home_camps()[pos.turn() - 1] as usize;
                        let g = pos.geometry();
                        g.distance_to_target(home, m.to) < g.distance_to_target(home, m.from)
                    })
                    .collect();
                let pool = if fwd.is_empty() || rng.below(5) == 0 {
                    &moves
                } else {
                    &fwd
                };
                pos = pos.after(pool[rng.below(pool.len() as u64) as usize]).unwrap();
            }
        }
        assert!(compared > 1000, "{compared}");
    }
}
