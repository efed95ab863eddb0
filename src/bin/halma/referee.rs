//! `halma match`, our CCP referee, and `halma openings`, the openings it plays from.
//!
//! The referee launches each engine command (through `sh -c`, in a process group of its
//! own: `procs.rs`), shakes hands as the CCERL referee does (`ccp`, then `isready`), sends
//! `position cells .. player .. ply ..` and `go` for every move, checks each answer with
//! our rules, and adjudicates by the CCERL rules (`halma::ccp::verdict`). An illegal move,
//! a timeout, a line longer than 64 KiB or a dead engine loses the game, and the engine's
//! whole process group is ended.

use crate::procs::{self, Group};
use crate::{ranged_f64, Outcome};
use clap::builder::RangedU64ValueParser;
use clap::Args;
use halma::ai::Rng;
use halma::ccp::{self, EngineLine, Line, LineReader, Verdict, MAX_MOVETIME_MS, MAX_NODES};
use halma::{Move, Position};
use std::collections::HashSet;
use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The most openings `halma openings --count` writes.
pub const MAX_OPENINGS: usize = 100_000;

/// Lines of an engine's output the referee holds before it stops reading (and the engine
/// waits on its pipe): with [`ccp::MAX_LINE`], at most 16 MiB an engine.
const QUEUED_LINES: usize = 256;

/// How long an engine has to exit after `quit` before its group gets SIGTERM.
const QUIT_GRACE: Duration = Duration::from_millis(500);

/// Parses an engine command: anything but blank.
fn engine_command(text: &str) -> Result<String, String> {
    if text.trim().is_empty() {
        Err("the engine command is empty".into())
    } else {
        Ok(text.to_string())
    }
}

/// Parses `--timeout`: seconds, finite, from 0.01 to 3600.
fn timeout_seconds(text: &str) -> Result<f64, String> {
    ranged_f64(text, 0.01, 3600.0, "seconds")
}

/// `--tc BASE+INC`: each engine's clock at the start of a game and its increment a move,
/// in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq)]
struct TimeControl {
    base_ms: f64,
    inc_ms: f64,
}

/// Parses `--tc`: `BASE` or `BASE+INC`, seconds, the base from 0.01 to 3600, the
/// increment from 0 to 60, finite.
fn time_control(text: &str) -> Result<TimeControl, String> {
    let usage = "expected BASE+INC in seconds (BASE 0.01 to 3600, INC 0 to 60), e.g. 6+0.1";
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let base = ranged_f64(base, 0.01, 3600.0, "seconds").map_err(|_| usage.to_string())?;
    let inc = ranged_f64(inc, 0.0, 60.0, "seconds").map_err(|_| usage.to_string())?;
    Ok(TimeControl {
        base_ms: base * 1000.0,
        inc_ms: inc * 1000.0,
    })
}

/// `--sprt ELO0,ELO1`.
#[derive(Clone, Copy, Debug)]
struct Sprt {
    e0: f64,
    e1: f64,
}

/// Parses `--sprt`: two finite Elo differences from -1000 to 1000, the first the smaller.
fn sprt(text: &str) -> Result<Sprt, String> {
    let usage = "expected ELO0,ELO1: two numbers from -1000 to 1000, ELO0 < ELO1, e.g. 0,50";
    let v: Vec<f64> = text
        .split(',')
        .map(|x| x.trim().parse::<f64>())
        .collect::<Result<_, _>>()
        .map_err(|_| usage.to_string())?;
    match v[..] {
        [e0, e1]
            if e0.is_finite() && e1.is_finite() && e0.abs() <= 1000.0 && e1.abs() <= 1000.0 && e0 < e1 =>
        {
            Ok(Sprt { e0, e1 })
        }
        _ => Err(usage.into()),
    }
}

/// Play two CCP engines against each other over an openings file.
///
/// Each opening is played twice, each engine taking player 0 (the first to move from the
/// start) once. Every move is checked with our rules; games end by the CCERL rules (the
/// variant star-2+any-camp+balance+turns=120, the first player's finish answered at once,
/// 240 plies). Prints engine 1's wins, draws and losses, its score and the Elo difference
/// with a 95% interval.
#[derive(Args)]
#[command(verbatim_doc_comment)]
pub struct MatchArgs {
    /// Engine 1's command line, e.g. "halma ccp --level 5"
    #[arg(long, value_name = "CMD", value_parser = engine_command)]
    engine1: String,
    /// Engine 2's command line, e.g. "halma baseline-engine"
    #[arg(long, value_name = "CMD", value_parser = engine_command)]
    engine2: String,
    /// The openings file (see halma openings)
    #[arg(long, value_name = "FILE")]
    openings: PathBuf,
    /// Only the first N openings (1 to 1000000)
    #[arg(long, value_name = "N", value_parser = RangedU64ValueParser::<usize>::new().range(1..=1_000_000))]
    limit: Option<usize>,
    /// Milliseconds a move (go movetime), 1 to 3600000 [default: 100]
    #[arg(long, value_name = "MS", conflicts_with = "nodes",
          value_parser = clap::value_parser!(u64).range(1..=MAX_MOVETIME_MS))]
    movetime: Option<u64>,
    /// Nodes a move (go nodes) instead of a time, 1 to 10^10
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_NODES))]
    nodes: Option<u64>,
    /// A clock instead: BASE seconds a game for each engine, INC more after each of its
    /// moves (go wtime .. btime .. winc .. binc ..); an engine whose clock runs out loses
    /// (time_forfeit). BASE 0.01 to 3600, INC 0 to 60, e.g. 6+0.1
    #[arg(long, value_name = "BASE+INC", conflicts_with_all = ["movetime", "nodes"],
          value_parser = time_control)]
    tc: Option<TimeControl>,
    /// Games played at once (each with its own pair of engine processes), 1 to 64
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=64))]
    concurrency: usize,
    /// Ply cap, counted from the standard start, 1 to 10000
    #[arg(long, value_name = "N", default_value_t = ccp::CCERL_MAX_PLIES,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    max_plies: u32,
    /// Seconds an engine may take to answer before it loses the game, 0.01 to 3600 (with
    /// --tc its clock decides, and this bounds only the handshake)
    #[arg(long, value_name = "S", default_value_t = 10.0, value_parser = timeout_seconds)]
    timeout: f64,
    /// Write the games as game records: into a directory (one file a game and results.txt)
    /// when OUT is a directory or ends with '/', else all into one file, a blank line apart
    #[arg(long, value_name = "OUT")]
    out: Option<PathBuf>,
    /// Stop early by a sequential test of ELO0 against ELO1 (5% error each way), e.g. 0,50
    #[arg(long, value_name = "ELO0,ELO1", value_parser = sprt)]
    sprt: Option<Sprt>,
    /// Report every game on stderr
    #[arg(short, long)]
    verbose: bool,
}

/// Write reproducible openings for halma match, one a line.
///
/// The first line is the standard start ("start"); each other is a sequence of moves from
/// it in our notation: between half and all of --plies plies, each a move chosen at random
/// among those that gain rows (any move when none does), kept when its position is new and
/// the game goes on.
#[derive(Args)]
#[command(verbatim_doc_comment)]
pub struct OpeningsArgs {
    /// Openings to write, the standard start included, 1 to 100000
    #[arg(long, value_name = "N", default_value_t = 128,
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_OPENINGS as u64))]
    count: usize,
    /// The longest opening, in plies, 1 to 200
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=200))]
    plies: u32,
    /// Seed of the random choices
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
}

/// One opening: the position, its plies from the start, and the moves to it.
#[derive(Clone)]
struct Opening {
    pos: Position,
    ply: u32,
    moves: Vec<Move>,
}

/// Rows gained by `m` for the seat to move.
fn gain(pos: &Position, m: Move) -> i32 {
    let home = pos.variant().home_camps()[pos.turn() - 1] as usize;
    let g = pos.geometry();
    g.distance_to_target(home, m.from) - g.distance_to_target(home, m.to)
}

/// `halma openings`.
pub fn openings(a: OpeningsArgs) -> Outcome {
    let start = Position::start(ccp::ccerl_variant());
    let mut rng = Rng::new(a.seed);
    let mut seen = HashSet::new();
    seen.insert(start.hash());
    println!(
        "# halma openings --count {} --plies {} --seed {}",
        a.count, a.plies, a.seed
    );
    println!("start");
    let mut written = 1;
    let mut tries = 0;
    while written < a.count {
        tries += 1;
        if tries > a.count.saturating_mul(1000) {
            return Err(format!("found only {written} distinct openings"));
        }
        let lo = a.plies.div_ceil(2).max(1);
        let len = lo + rng.below((a.plies.max(lo) - lo + 1) as u64) as u32;
        let mut pos = start.clone();
        let mut text = Vec::new();
        for _ in 0..len {
            let moves = pos.legal_moves();
            let forward: Vec<Move> = moves.iter().copied().filter(|&m| gain(&pos, m) > 0).collect();
            let pool = if forward.is_empty() { &moves } else { &forward };
            let Some(&m) = pool.get(rng.below(pool.len().max(1) as u64) as usize) else {
                break;
            };
            text.push(pos.move_text(m));
            pos = pos.after(m).map_err(|e| e.to_string())?;
        }
        if text.len() as u32 == len && ccp::verdict(&pos, len, 0).is_none() && seen.insert(pos.hash()) {
            println!("{}", text.join(" "));
            written += 1;
        }
    }
    Ok(())
}

/// Reads an openings file: `#` comments and blank lines are skipped, `start` is the
/// standard start, any other line the moves from it.
fn read_openings(path: &Path) -> Result<Vec<Opening>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let start = Position::start(ccp::ccerl_variant());
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut o = Opening {
            pos: start.clone(),
            ply: 0,
            moves: Vec::new(),
        };
        if line != "start" {
            for word in line.split_whitespace() {
                let m = o
                    .pos
                    .parse_move(word)
                    .map_err(|e| format!("{}, line {}: {word}: {e}", path.display(), i + 1))?;
                o.pos = o.pos.after(m).map_err(|e| e.to_string())?;
                o.moves.push(m);
                o.ply += 1;
            }
        }
        if ccp::verdict(&o.pos, o.ply, 0).is_some() || o.pos.is_over() {
            return Err(format!("{}, line {}: the game is over", path.display(), i + 1));
        }
        out.push(o);
    }
    if out.is_empty() {
        return Err(format!("{}: no openings", path.display()));
    }
    Ok(out)
}

/// What ended an engine's turn other than an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Failure {
    /// No answer in time.
    Timeout,
    /// The engine closed its output or its input: it exited.
    Exited,
    /// A line longer than [`ccp::MAX_LINE`].
    TooLong,
}

impl Failure {
    /// The reason in a game's result.
    fn reason(self) -> &'static str {
        match self {
            Failure::Timeout => "timeout",
            Failure::Exited => "engine_exited",
            Failure::TooLong => "line_too_long",
        }
    }
    /// The failure in words, for a failed handshake: `waiting` is what was awaited.
    fn describe(self, waiting: &str, timeout: Duration) -> String {
        match self {
            Failure::Timeout => format!("no {waiting} within {} s", timeout.as_secs_f64()),
            Failure::Exited => format!("the engine exited before its {waiting}"),
            Failure::TooLong => format!("a line longer than {} bytes before its {waiting}", ccp::MAX_LINE),
        }
    }
}

/// What the reading thread passes on.
enum Event {
    Line(Vec<u8>),
    TooLong,
}

/// A running engine: its process group, its input, and its output's lines (read by a
/// thread, at most [`QUEUED_LINES`] held).
struct Engine {
    group: Group,
    stdin: ChildStdin,
    lines: Receiver<Event>,
    /// `engine 1 (CMD)`, for messages.
    label: String,
    /// Whether a line that is not UTF-8 was noted already.
    noted: bool,
}

impl Engine {
    fn launch(number: usize, cmd: &str, timeout: Duration) -> Result<Engine, String> {
        let label = format!("engine {number} ({})", ccp::clip(cmd));
        let mut group = procs::spawn(
            Command::new("sh")
                .arg("-c")
                .arg(cmd)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null()),
        )
        .map_err(|e| format!("{label}: cannot start: {e}"))?;
        let stdin = group.child.stdin.take().ok_or("no stdin")?;
        let stdout = group.child.stdout.take().ok_or("no stdout")?;
        let (tx, lines) = mpsc::sync_channel(QUEUED_LINES);
        std::thread::spawn(move || {
            let mut reader = LineReader::new(BufReader::new(stdout));
            loop {
                let event = match reader.read_line() {
                    Ok(Some(Line::Bytes(b))) => Event::Line(b),
                    Ok(Some(Line::TooLong(_))) => Event::TooLong,
                    Ok(None) | Err(_) => return,
                };
                let last = matches!(event, Event::TooLong);
                if tx.send(event).is_err() || last {
                    return;
                }
            }
        });
        let mut e = Engine {
            group,
            stdin,
            lines,
            label,
            noted: false,
        };
        let word = |w: &'static [&'static str]| move |l: &EngineLine| matches!(l, EngineLine::Other { word, .. } if w.contains(&word.as_str()));
        e.send("ccp")
            .and_then(|_| e.wait_for(word(&["ccpok", "id", "protocol"]), timeout))
            .map_err(|f| format!("{}: {}", e.label, f.describe("answer to ccp", timeout)))?;
        e.send("isready")
            .and_then(|_| e.wait_for(word(&["readyok"]), timeout))
            .map_err(|f| format!("{}: {}", e.label, f.describe("readyok", timeout)))?;
        Ok(e)
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        // A closed pipe is an engine that has exited (it may go before our first line).
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|_| Failure::Exited)
    }

    /// Notes, once for this engine, a line that is not UTF-8 (ignored).
    fn note(&mut self, line: &EngineLine) {
        if let EngineLine::Other { word, utf8: false } = line {
            if !self.noted {
                self.noted = true;
                eprintln!(
                    "halma: note: {} wrote a line that is not UTF-8 text ('{word} …'); such lines are ignored",
                    self.label
                );
            }
        }
    }

    /// The first line that `want` accepts, skipping (and noting) others.
    fn wait_for(
        &mut self,
        want: impl Fn(&EngineLine) -> bool,
        timeout: Duration,
    ) -> Result<EngineLine, Failure> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Event::Line(b)) => {
                    let l = ccp::engine_line(&b);
                    if want(&l) {
                        return Ok(l);
                    }
                    self.note(&l);
                }
                Ok(Event::TooLong) => return Err(Failure::TooLong),
                Err(mpsc::RecvTimeoutError::Timeout) => return Err(Failure::Timeout),
                Err(mpsc::RecvTimeoutError::Disconnected) => return Err(Failure::Exited),
            }
        }
    }

    /// Drops what the engine wrote since its last answer (so that a stray `bestmove` is
    /// not taken for the next one); a line too long there is a failure.
    fn drain(&mut self) -> Result<(), Failure> {
        while let Ok(ev) = self.lines.try_recv() {
            match ev {
                Event::Line(b) => {
                    let l = ccp::engine_line(&b);
                    self.note(&l);
                }
                Event::TooLong => return Err(Failure::TooLong),
            }
        }
        Ok(())
    }

    /// Ends the engine at once, its whole process group (after a forfeit).
    fn kill(mut self) {
        self.group.end(Duration::ZERO);
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        self.group.end(QUIT_GRACE);
    }
}

/// One game's result.
struct GameResult {
    number: usize,
    opening: usize,
    /// Whether engine 1 was player 0.
    e1_first: bool,
    verdict: Verdict,
    plies: u32,
    record: String,
    /// Each engine's answer times (engine 1 first), milliseconds.
    times: [Vec<f64>; 2],
}

impl GameResult {
    /// Engine 1's score: 1, ½ or 0.
    fn score(&self) -> f64 {
        match self.verdict {
            Verdict::Draw(_) => 0.5,
            Verdict::Win(p, _) => {
                if (p == 0) == self.e1_first {
                    1.0
                } else {
                    0.0
                }
            }
        }
    }
}

struct Settings {
    go: String,
    /// With `--tc`, the clock (`go` is then made for each move).
    tc: Option<TimeControl>,
    max_plies: u32,
    timeout: Duration,
}

/// Plays one game; `engines[p]` plays CCP player `p`. A failing engine is dropped (and
/// relaunched by the caller).
/// `times[p]` gathers player `p`'s answer times in milliseconds. With a clock, each
/// answer's time (from the `position` line sent to the `bestmove` read) comes off the
/// mover's clock and the increment is added; an answer not in by the time the clock shows
/// loses by `time_forfeit` (and ends the engine, as a timeout does).
fn play(
    o: &Opening,
    engines: &mut [Option<Engine>; 2],
    s: &Settings,
    times: &mut [Vec<f64>; 2],
) -> (Verdict, u32, Vec<Move>) {
    let mut pos = o.pos.clone();
    let mut ply = o.ply;
    let mut moves = o.moves.clone();
    // Each player's clock, milliseconds.
    let mut clock = [s.tc.map_or(0.0, |t| t.base_ms); 2];
    loop {
        if let Some(v) = ccp::verdict(&pos, ply, s.max_plies) {
            return (v, ply, moves);
        }
        if pos.legal_moves().is_empty() || pos.is_over() {
            return (Verdict::Draw("no_legal_moves"), ply, moves);
        }
        let player = ccp::player_of(pos.turn());
        let p = player as usize;
        let Some(e) = engines[p].as_mut() else {
            return (Verdict::Win(1 - player, Failure::Exited.reason()), ply, moves);
        };
        let (go, wait) = match s.tc {
            Some(t) => (
                format!(
                    "go wtime {} btime {} winc {inc} binc {inc}",
                    clock[0] as u64,
                    clock[1] as u64,
                    inc = t.inc_ms as u64
                ),
                Duration::from_secs_f64(clock[p] / 1000.0),
            ),
            None => (s.go.clone(), s.timeout),
        };
        let asked_at = Instant::now();
        let cells = ccp::cells_of(&pos);
        let asked = e
            .drain()
            .and_then(|_| e.send(&format!("position cells {cells} player {player} ply {ply}")))
            .and_then(|_| e.send(&go))
            .and_then(|_| e.wait_for(|l| matches!(l, EngineLine::BestMove(_)), wait));
        let ms = asked_at.elapsed().as_secs_f64() * 1000.0;
        times[p].push(ms);
        let flagged = s.tc.is_some() && (ms > clock[p] || asked == Err(Failure::Timeout));
        if let Some(t) = s.tc {
            clock[p] += t.inc_ms - ms;
        }
        let answer = match asked {
            Ok(EngineLine::BestMove(Ok(_))) if flagged => {
                return (Verdict::Win(1 - player, "time_forfeit"), ply, moves)
            }
            Ok(EngineLine::BestMove(Ok(a))) => a,
            Ok(_) => return (Verdict::Win(1 - player, "illegal_move"), ply, moves),
            Err(f) => {
                if let Some(e) = engines[p].take() {
                    e.kill();
                }
                let why = if flagged { "time_forfeit" } else { f.reason() };
                return (Verdict::Win(1 - player, why), ply, moves);
            }
        };
        let Ok(m) = ccp::parse_move(&pos, &answer) else {
            return (Verdict::Win(1 - player, "illegal_move"), ply, moves);
        };
        pos = match pos.after(m) {
            Ok(p) => p,
            Err(_) => return (Verdict::Win(1 - player, "illegal_move"), ply, moves),
        };
        moves.push(m);
        ply += 1;
    }
}

/// The game record: the variant, then the moves from the standard start.
fn record(moves: &[Move]) -> String {
    let mut pos = Position::start(ccp::ccerl_variant());
    let mut words = Vec::new();
    for &m in moves {
        words.push(pos.move_text(m));
        match pos.after(m) {
            Ok(p) => pos = p,
            Err(_) => break,
        }
    }
    let lines: Vec<String> = words.chunks(12).map(|c| c.join(" ")).collect();
    format!("{}\n{}\n", ccp::CCERL_VARIANT, lines.join("\n"))
}

/// Engine 1's score and Elo difference with its 95% interval (normal approximation).
pub struct Tally {
    /// Wins, draws and losses of engine 1.
    pub wdl: [u32; 3],
}

impl Tally {
    fn games(&self) -> u32 {
        self.wdl.iter().sum()
    }
    /// Mean score and its per-game variance.
    fn moments(&self) -> (f64, f64) {
        let n = self.games().max(1) as f64;
        let [w, d, l] = self.wdl.map(|x| x as f64);
        let s = (w + d / 2.0) / n;
        let var = (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / n;
        (s, var)
    }
    /// Elo of a score (±infinity at 1 and 0).
    fn elo(s: f64) -> f64 {
        if s >= 1.0 {
            f64::INFINITY
        } else if s <= 0.0 {
            f64::NEG_INFINITY
        } else {
            -400.0 * (1.0 / s - 1.0).log10()
        }
    }
    /// Score, Elo and the Elo interval's ends.
    pub fn elo_interval(&self) -> (f64, f64, f64, f64) {
        let (s, var) = self.moments();
        let se = (var / self.games().max(1) as f64).sqrt();
        (
            s,
            Self::elo(s),
            Self::elo(s - 1.96 * se),
            Self::elo(s + 1.96 * se),
        )
    }
    /// The log-likelihood ratio of Elo `e1` against `e0` (the trinomial approximation).
    pub fn llr(&self, e0: f64, e1: f64) -> f64 {
        let (s, var) = self.moments();
        if var <= 0.0 {
            return 0.0;
        }
        let score = |e: f64| 1.0 / (1.0 + 10f64.powf(-e / 400.0));
        let (s0, s1) = (score(e0), score(e1));
        self.games() as f64 * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }
}

fn fmt_elo(e: f64) -> String {
    if e.is_infinite() {
        if e > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    } else {
        format!("{e:+.0}")
    }
}

/// `halma match`.
pub fn run_match(a: MatchArgs) -> Outcome {
    let mut openings = read_openings(&a.openings)?;
    if let Some(n) = a.limit {
        openings.truncate(n);
    }
    let sprt = a.sprt.map(|s| (s.e0, s.e1));
    procs::end_groups_on_signals().map_err(|e| format!("cannot handle signals: {e}"))?;
    // Dropped last: an early return with games running (a result that cannot be written)
    // or a panic ends the engines too.
    let _end_all = procs::EndAll;
    let go = match (a.tc, a.movetime, a.nodes) {
        (Some(t), ..) => format!("--tc {}+{}", t.base_ms / 1000.0, t.inc_ms / 1000.0),
        (_, _, Some(n)) => format!("go nodes {n}"),
        (_, ms, None) => format!("go movetime {}", ms.unwrap_or(100)),
    };
    let settings = Arc::new(Settings {
        go: go.clone(),
        tc: a.tc,
        max_plies: a.max_plies,
        timeout: Duration::from_secs_f64(a.timeout),
    });
    // The outputs first: a path that cannot be written stops the match before any game.
    let dir = a
        .out
        .as_ref()
        .filter(|p| p.is_dir() || p.to_string_lossy().ends_with('/'));
    let mut file = None;
    if let Some(d) = dir {
        std::fs::create_dir_all(d).map_err(|e| format!("{}: {e}", d.display()))?;
    } else if let Some(p) = &a.out {
        file = Some(std::fs::File::create(p).map_err(|e| format!("{}: {e}", p.display()))?);
    }
    let mut results_txt = match dir {
        Some(d) => {
            Some(std::fs::File::create(d.join("results.txt")).map_err(|e| format!("{}: {e}", d.display()))?)
        }
        None => None,
    };
    let tasks: Vec<(usize, usize, bool)> = (0..openings.len())
        .flat_map(|i| [(2 * i, i, true), (2 * i + 1, i, false)])
        .collect();
    let total = tasks.len();
    let tasks = Arc::new(Mutex::new(tasks.into_iter()));
    let openings = Arc::new(openings);
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<Result<GameResult, String>>();
    let mut workers = Vec::new();
    for _ in 0..a.concurrency {
        let (tasks, openings, stop, tx, settings) = (
            tasks.clone(),
            openings.clone(),
            stop.clone(),
            tx.clone(),
            settings.clone(),
        );
        let cmds = [a.engine1.clone(), a.engine2.clone()];
        workers.push(std::thread::spawn(move || {
            let mut e: [Option<Engine>; 2] = [None, None];
            loop {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let Some((number, oi, e1_first)) = tasks.lock().unwrap().next() else {
                    return;
                };
                for k in 0..2 {
                    if e[k].is_none() {
                        match Engine::launch(k + 1, &cmds[k], settings.timeout) {
                            Ok(x) => e[k] = Some(x),
                            Err(m) => {
                                let _ = tx.send(Err(m));
                                return;
                            }
                        }
                    }
                }
                // engines[p] plays player p.
                let mut seats = if e1_first {
                    [e[0].take(), e[1].take()]
                } else {
                    [e[1].take(), e[0].take()]
                };
                let mut times = [Vec::new(), Vec::new()];
                let (verdict, plies, moves) = play(&openings[oi], &mut seats, &settings, &mut times);
                let [p0, p1] = seats;
                e = if e1_first { [p0, p1] } else { [p1, p0] };
                if !e1_first {
                    times.swap(0, 1);
                }
                let r = GameResult {
                    number,
                    opening: oi,
                    e1_first,
                    verdict,
                    plies,
                    record: record(&moves),
                    times,
                };
                if tx.send(Ok(r)).is_err() {
                    return;
                }
            }
        }));
    }
    drop(tx);
    let started = Instant::now();
    let mut tally = Tally { wdl: [0; 3] };
    let mut from_start = [0u32; 3];
    let mut plies = 0u64;
    // Per engine: total answer time, answers, the slowest.
    let mut time = [(0.0f64, 0u64, 0.0f64); 2];
    let mut failure = None;
    let mut sprt_result = None;
    for r in rx {
        let r = match r {
            Ok(r) => r,
            Err(m) => {
                failure = Some(m);
                stop.store(true, Ordering::Relaxed);
                continue;
            }
        };
        let k = if r.score() == 1.0 {
            0
        } else if r.score() == 0.5 {
            1
        } else {
            2
        };
        tally.wdl[k] += 1;
        if openings[r.opening].ply == 0 {
            from_start[k] += 1;
        }
        plies += r.plies as u64;
        for (t, ms) in time.iter_mut().zip(&r.times) {
            t.0 += ms.iter().sum::<f64>();
            t.1 += ms.len() as u64;
            t.2 = ms.iter().copied().fold(t.2, f64::max);
        }
        let (what, reason) = match r.verdict {
            Verdict::Win(p, why) => (format!("player {p} wins"), why),
            Verdict::Draw(why) => ("draw".to_string(), why),
        };
        let line = format!(
            "game {} opening {} engine 1 = player {}: {what} ({reason}) after {} plies",
            r.number + 1,
            r.opening + 1,
            if r.e1_first { 0 } else { 1 },
            r.plies
        );
        if a.verbose {
            eprintln!("{line}");
        }
        if let Some(f) = results_txt.as_mut() {
            writeln!(f, "{line}").map_err(|e| e.to_string())?;
        }
        if let Some(d) = dir {
            std::fs::write(d.join(format!("{:04}.txt", r.number + 1)), &r.record)
                .map_err(|e| e.to_string())?;
        } else if let Some(f) = file.as_mut() {
            writeln!(f, "{}", r.record).map_err(|e| e.to_string())?;
        }
        if let Some((e0, e1)) = sprt {
            let llr = tally.llr(e0, e1);
            let bound = (0.95f64 / 0.05).ln();
            if sprt_result.is_none() && (llr >= bound || llr <= -bound) {
                sprt_result = Some((llr, llr >= bound));
                stop.store(true, Ordering::Relaxed);
            }
        }
    }
    let mut panicked = false;
    for w in workers {
        panicked |= w.join().is_err();
    }
    if let Some(m) = failure {
        return Err(m);
    }
    let n = tally.games();
    if n == 0 {
        return Err("no game was played".into());
    }
    if panicked {
        return Err(format!("a game failed inside the referee after {n} games"));
    }
    let (s, elo, lo, hi) = tally.elo_interval();
    println!(
        "engine 1: {}\nengine 2: {}\n{} games of {total} ({} openings from {}, both sides), {go}, {} at once",
        a.engine1,
        a.engine2,
        n,
        openings.len(),
        a.openings.display(),
        a.concurrency
    );
    println!(
        "engine 1 wins {}, draws {}, losses {}: score {:.1}%, Elo {} [{}, {}] (95%)",
        tally.wdl[0],
        tally.wdl[1],
        tally.wdl[2],
        s * 100.0,
        fmt_elo(elo),
        fmt_elo(lo),
        fmt_elo(hi)
    );
    if from_start.iter().sum::<u32>() > 0 {
        println!(
            "from the standard start: wins {}, draws {}, losses {}",
            from_start[0], from_start[1], from_start[2]
        );
    }
    if let Some((e0, e1)) = sprt {
        match sprt_result {
            Some((llr, true)) => println!("SPRT [{e0}, {e1}]: H1 accepted (LLR {llr:.2})"),
            Some((llr, false)) => println!("SPRT [{e0}, {e1}]: H0 accepted (LLR {llr:.2})"),
            None => println!("SPRT [{e0}, {e1}]: no decision (LLR {:.2})", tally.llr(e0, e1)),
        }
    }
    for (k, t) in time.iter().enumerate() {
        println!(
            "engine {}: {:.1} ms an answer on average, the slowest {:.0} ms",
            k + 1,
            t.0 / t.1.max(1) as f64,
            t.2
        );
    }
    println!(
        "average game length {:.1} plies; wall time {:.1} s",
        plies as f64 / n.max(1) as f64,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_its_interval() {
        let t = Tally { wdl: [60, 20, 20] };
        let (s, elo, lo, hi) = t.elo_interval();
        assert!((s - 0.7).abs() < 1e-9);
        assert!((elo - 147.2).abs() < 0.1, "{elo}");
        assert!(lo < elo && elo < hi && lo > 70.0 && hi < 240.0, "{lo} {hi}");
        let all = Tally { wdl: [10, 0, 0] };
        assert_eq!(all.elo_interval().1, f64::INFINITY);
        assert!(t.llr(0.0, 50.0) > 2.95);
        assert!(Tally { wdl: [20, 20, 60] }.llr(0.0, 50.0) < -2.95);
    }

    #[test]
    fn time_controls() {
        let tc = |b: f64, i: f64| TimeControl {
            base_ms: b,
            inc_ms: i,
        };
        assert_eq!(time_control("6+0.1"), Ok(tc(6000.0, 100.0)));
        assert_eq!(time_control("60"), Ok(tc(60_000.0, 0.0)));
        assert_eq!(time_control(" 0.5 + 0 "), Ok(tc(500.0, 0.0)));
        for bad in ["", "+1", "6+", "0+1", "6+-1", "6+61", "inf+0", "6+0.1+1", "x"] {
            assert!(time_control(bad).is_err(), "{bad}");
        }
    }
}
