//! `halma ccp`, `halma baseline-engine`, `halma openings` and `halma match`: the protocol
//! as the CCERL referee speaks it, fed on stdin, and our referee over a few short games.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn start_cells() -> String {
    format!("{}{}{}", "0".repeat(10), ".".repeat(101), "1".repeat(10))
}

/// Runs `halma <args>` with `input` on stdin; returns stdout's lines.
fn converse(args: &[&str], input: &str) -> Vec<String> {
    converse_bytes(args, input.as_bytes())
}

/// Runs `halma <args>` with `input` on stdin, which must succeed; returns stdout's lines
/// (each line end, LF, CRLF or CR, ends a line).
fn converse_bytes(args: &[&str], input: &[u8]) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_halma"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the halma binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Written from a thread: a long input must not block on a full pipe while the engine
    // waits for its output to be read.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

const ENGINES: [&[&str]; 2] = [&["ccp", "--level", "5"], &["baseline-engine"]];

/// The legal first moves of CCP's player 0 from the start, as hole numbers `from-to`.
fn first_moves() -> Vec<(usize, usize)> {
    let pos = halma::ccp::position_from_cells(&start_cells(), 0).unwrap();
    pos.legal_moves()
        .into_iter()
        .map(|m| (halma::ccp::hole_of(m.from), halma::ccp::hole_of(m.to)))
        .collect()
}

fn check_bestmove(line: &str) {
    let text = line.strip_prefix("bestmove ").expect("a bestmove line");
    let holes: Vec<usize> = text.split('-').map(|h| h.parse().unwrap()).collect();
    assert!(holes.len() >= 2);
    let m = (holes[0], holes[holes.len() - 1]);
    assert!(first_moves().contains(&m), "{line} is a legal first move");
}

#[test]
fn the_referees_conversation() {
    for engine in [&["ccp", "--level", "5"][..], &["baseline-engine"][..]] {
        let input = format!(
            "ccp\nisready\nposition cells {} player 0 ply 0\ngo movetime 50\nquit\n",
            start_cells()
        );
        let lines = converse(engine, &input);
        assert!(lines[0].starts_with("id name "), "{lines:?}");
        assert!(lines.contains(&"ccpok".to_string()), "{lines:?}");
        let ready = lines.iter().position(|l| l == "readyok").expect("readyok");
        assert!(lines.iter().position(|l| l == "ccpok").unwrap() < ready);
        assert!(lines[ready + 1].starts_with("info depth "), "{lines:?}");
        check_bestmove(&lines[ready + 2]);
        assert_eq!(lines.len(), ready + 3, "{lines:?}");
    }
}

#[test]
fn bad_and_out_of_order_input_gets_an_error_line_and_the_engine_goes_on() {
    let input = format!(
        "go nodes 1000\nfly away\nposition cells 000\nposition cells {s} player 7\ngo nodes 1000\n\
         go movetime soon\nsetoption name Level value 9\nsetoption name Colour value red\n\
         position cells {s} player 0 ply 0\nsetoption name Level value 2\ngo nodes 2000\nprotocol\nquit\nisready\n",
        s = start_cells()
    );
    let lines = converse(&["ccp"], &input);
    let errors: Vec<&String> = lines.iter().filter(|l| l.starts_with("error ")).collect();
    assert_eq!(errors.len(), 8, "{lines:?}");
    assert!(errors[0].contains("go before a valid position"), "{}", errors[0]);
    assert!(errors[1].contains("unknown command 'fly'"), "{}", errors[1]);
    assert!(errors[2].contains("121 characters"), "{}", errors[2]);
    assert!(errors[3].contains("player 7 does not exist"), "{}", errors[3]);
    assert!(errors[4].contains("go before a valid position"), "{}", errors[4]);
    assert!(errors[5].contains("not a number"), "{}", errors[5]);
    assert!(errors[6].contains("level"), "{}", errors[6]);
    assert!(errors[7].contains("unknown option 'Colour'"), "{}", errors[7]);
    // Two go before a position, and the go whose limits cannot be read.
    assert_eq!(
        lines.iter().filter(|l| *l == "bestmove 0000").count(),
        3,
        "{lines:?}"
    );
    let last = lines.iter().rev().find(|l| l.starts_with("bestmove")).unwrap();
    check_bestmove(last);
    assert_eq!(
        lines.last().unwrap(),
        "protocol ccp 1",
        "nothing after quit: {lines:?}"
    );
}

#[test]
fn openings_are_reproducible_and_the_shipped_file_is_theirs() {
    let out = Command::new(env!("CARGO_BIN_EXE_halma"))
        .args(["openings", "--seed", "38", "--plies", "8", "--count", "128"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let shipped = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/openings-star2.txt"
    ))
    .unwrap();
    assert_eq!(
        text, shipped,
        "tests/data/openings-star2.txt is halma openings --seed 38 --plies 8"
    );
    assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), 128);
}

#[test]
fn match_plays_both_sides_and_reports_the_score() {
    let dir = std::env::temp_dir().join(format!("halma-match-{}", std::process::id()));
    let openings = dir.join("openings.txt");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(&openings, "# two openings\nstart\na4-e5 d14-i13\n").unwrap();
    let exe = env!("CARGO_BIN_EXE_halma");
    let games = dir.join("games/");
    let out = Command::new(exe)
        .args(["match", "--engine1", &format!("{exe} ccp --level 2"), "--engine2"])
        .arg(format!("{exe} baseline-engine"))
        .arg("--openings")
        .arg(&openings)
        .args(["--nodes", "300", "--concurrency", "2", "--out"])
        .arg(&games)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("4 games of 4 (2 openings"), "{text}");
    assert!(text.contains("engine 1 wins "), "{text}");
    assert!(text.contains("from the standard start: "), "{text}");
    assert!(
        text.contains("engine 2: ") && text.contains("ms an answer on average"),
        "{text}"
    );
    let results = std::fs::read_to_string(games.join("results.txt")).unwrap();
    assert_eq!(results.lines().count(), 4, "{results}");
    for n in 1..=4 {
        let rec = std::fs::read_to_string(games.join(format!("{n:04}.txt"))).unwrap();
        assert!(rec.starts_with(halma::ccp::CCERL_VARIANT), "{rec}");
        // Every record replays with our rules (up to our own repetition draw).
        let words = rec.split_whitespace().count();
        assert!(words > 20, "{rec}");
    }
    // A dead engine is an error, not a hang.
    let bad = Command::new(exe)
        .args(["match", "--engine1", "true", "--engine2", "true", "--openings"])
        .arg(&openings)
        .args(["--timeout", "1"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("the engine exited"));
    std::fs::remove_dir_all(&dir).ok();
}

/// A line that is not UTF-8 text gets an `error` line and the engine goes on; a bare CR
/// ends a line as LF and CRLF do.
#[test]
fn lines_that_are_not_utf8_get_an_error_and_a_bare_cr_ends_a_line() {
    for engine in ENGINES {
        let lines = converse_bytes(
            engine,
            b"isready\n\xff\nisready\rprotocol\r\nisready\n\xc3\x28 go\rquit\r",
        );
        assert_eq!(lines.len(), 6, "{engine:?}: {lines:?}");
        assert_eq!(lines[0], "readyok");
        assert!(
            lines[1].starts_with("error ") && lines[1].contains("UTF-8"),
            "{lines:?}"
        );
        assert_eq!(
            &lines[2..5],
            ["readyok", "protocol ccp 1", "readyok"],
            "{lines:?}"
        );
        assert!(
            lines[5].starts_with("error ") && lines[5].contains("UTF-8"),
            "{lines:?}"
        );
    }
}

/// Every `go` gets exactly one `bestmove`: when its limits cannot be read, the error line
/// and then `bestmove 0000` at once.
#[test]
fn every_go_gets_exactly_one_bestmove() {
    let bad = [
        "go movetime -5",
        "go movetime",
        "go nodes 1e18",
        "go nodes 18446744073709551616",
        "go foo",
        "go depth -1",
        "go  wtime 1000 btime",
    ];
    for engine in ENGINES {
        let mut input = String::from("position startpos\n");
        for g in bad {
            input.push_str(g);
            input.push('\n');
        }
        input.push_str("isready\n");
        let lines = converse(engine, &input);
        assert_eq!(lines.len(), 2 * bad.len() + 1, "{engine:?}: {lines:?}");
        for (k, g) in bad.iter().enumerate() {
            assert!(lines[2 * k].starts_with("error go"), "{g}: {lines:?}");
            assert_eq!(lines[2 * k + 1], "bestmove 0000", "{g}: {lines:?}");
        }
        assert_eq!(lines.last().unwrap(), "readyok");
    }
}

/// A clock with an increment near 2^62 neither overflows nor collapses the search to a
/// few milliseconds: the move gets the capped share of the time left (835 of 900 ms, see
/// `GoLimits::clock_limits`). The pacing may stop after any iteration whose successor
/// would not end within that, and level 5 stops at depth 5 in any case, so the search is
/// only required to run for tens of milliseconds, not to the limit. The position is a
/// middle game, where depth 5 takes hundreds of milliseconds (from the start, a few).
#[test]
fn a_huge_increment_is_capped_not_wrapped() {
    let mut pos = halma::Position::start(halma::ccp::ccerl_variant());
    let moves = "a3-g5 a15-g13 a1-e5 b14-f13 c4-f6 b16-e12 d4-h5 a17-e11 a2-h6 c14-d10 b3-f7 \
                 e11-e10 b2-e8 c15-e7 f7-d11 a16-d12 c3-b3 g13-c9 b3-f11 b15-a15 f6-c10 c9-c8 \
                 a4-d8 a15-c7";
    for m in moves.split_whitespace() {
        let m = pos.parse_move(m).unwrap();
        pos.play(m).unwrap();
    }
    let player = halma::ccp::player_of(pos.turn());
    let cells = halma::ccp::cells_of(&pos);
    for engine in ENGINES {
        let input = format!(
            "position cells {cells} player {player} ply 24\n\
             go wtime 900 btime 900 winc 4611686018427387904 binc 18446744073709551615\n"
        );
        let t = Instant::now();
        let lines = converse(engine, &input);
        let ms = t.elapsed().as_millis();
        let last = lines.last().expect("an answer");
        let text = last.strip_prefix("bestmove ").expect("a bestmove line");
        assert!(halma::ccp::parse_move(&pos, text).is_ok(), "{last} is legal");
        // 835 ms at most, and the process's start and end
        assert!(ms < 3000, "{engine:?}: {ms} ms");
        if engine[0] == "ccp" {
            let info = lines.iter().find(|l| l.starts_with("info depth")).unwrap();
            let time: u64 = info
                .split(' ')
                .skip_while(|w| *w != "time")
                .nth(1)
                .unwrap()
                .parse()
                .unwrap();
            assert!(
                time >= 50,
                "{engine:?}: the search took {time} ms of its 835: {info}"
            );
        }
    }
}

/// An error line never repeats a long input at full length; a line longer than 64 KiB is
/// refused as such (a `go` among them still gets its `bestmove 0000`), and the engine goes on.
#[test]
fn error_lines_are_short_and_long_lines_are_refused() {
    let long = "x".repeat(60_000);
    let huge = "y".repeat(1 << 20);
    for engine in ENGINES {
        let input = format!(
            "setoption name {long} value 3\nsetoption name Seed value {long}\nfly{long}\nposition cells {long}\n\
             position startpos\nbestmove 4-{long}\ngo movetime {long}\ngo {huge}\nsetoption name {huge} value 3\nisready\n"
        );
        let lines = converse(engine, &input);
        assert_eq!(lines.len(), 11, "{engine:?}: {}", lines.join("\n").len());
        for l in &lines[..10] {
            assert!(
                l.starts_with("error ") || l == "bestmove 0000",
                "{engine:?}: {l:.200}"
            );
            assert!(l.len() < 300, "{engine:?}: {} bytes: {l:.200}", l.len());
        }
        assert!(lines[5].starts_with("error go"), "{}", lines[5]);
        assert_eq!(lines[6], "bestmove 0000");
        assert!(lines[7].contains("longer than 65536 bytes"), "{}", lines[7]);
        assert_eq!(lines[8], "bestmove 0000", "a go too long is still answered");
        assert!(lines[9].contains("longer than 65536 bytes"), "{}", lines[9]);
        assert_eq!(lines[10], "readyok");
    }
}

/// What `halma match` did against an engine: its status, output, peak memory, and the
/// process ids the engines recorded.
struct MatchRun {
    status: i32,
    stdout: String,
    stderr: String,
    /// Peak resident memory of the referee (and the engines it waited for), KiB.
    max_rss_kib: i64,
    pids: Vec<i32>,
    results: String,
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("halma-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn engine_script(name: &str) -> String {
    format!(
        "sh {}/tests/engines/{name} {}",
        env!("CARGO_MANIFEST_DIR"),
        env!("CARGO_BIN_EXE_halma")
    )
}

/// Runs `halma match` with `engine1` against `halma ccp --level 1` on the standard start
/// (two games); `signal` sends that signal to the referee once the engines have started.
/// The referee is reaped by `wait4`, which gives its peak memory, not by `Child::wait`.
#[allow(clippy::zombie_processes)]
fn run_match(dir: &Path, engine1: &str, args: &[&str], signal: Option<i32>) -> MatchRun {
    let exe = env!("CARGO_BIN_EXE_halma");
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "start\n").unwrap();
    let pids = dir.join("pids");
    std::fs::write(&pids, "").unwrap();
    let games = dir.join("games/");
    let mut child = Command::new(exe)
        .args(["match", "--engine1", engine1, "--engine2"])
        .arg(format!("{exe} ccp --level 1"))
        .arg("--openings")
        .arg(&openings)
        .arg("--out")
        .arg(&games)
        .args(args)
        .env("HALMA_TEST_PIDS", &pids)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id() as i32;
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        out.read_to_string(&mut s).unwrap();
        s
    });
    let ereader = std::thread::spawn(move || {
        let mut s = Vec::new();
        err.read_to_end(&mut s).unwrap();
        String::from_utf8_lossy(&s).into_owned()
    });
    if let Some(sig) = signal {
        let t = Instant::now();
        while std::fs::read_to_string(&pids).unwrap().lines().count() < 2 {
            assert!(t.elapsed() < Duration::from_secs(20), "the engines did not start");
            std::thread::sleep(Duration::from_millis(20));
        }
        std::thread::sleep(Duration::from_millis(300));
        unsafe { libc::kill(pid, sig) };
    }
    let mut status = 0;
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(r, pid);
    let status = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        128 + libc::WTERMSIG(status)
    };
    let pids = std::fs::read_to_string(&pids)
        .unwrap()
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect();
    MatchRun {
        status,
        stdout: reader.join().unwrap(),
        stderr: ereader.join().unwrap(),
        max_rss_kib: usage.ru_maxrss,
        pids,
        results: std::fs::read_to_string(games.join("results.txt")).unwrap_or_default(),
    }
}

/// Whether a process is still running (a zombie waiting for its parent is not).
fn alive(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => false,
        Ok(stat) => {
            let state = stat.rsplit(')').next().unwrap_or("").trim_start().chars().next();
            !matches!(state, Some('Z' | 'X'))
        }
    }
}

fn assert_none_left(run: &MatchRun, what: &str) {
    assert!(!run.pids.is_empty(), "{what}: the engines recorded no process");
    let left: Vec<i32> = run.pids.iter().copied().filter(|&p| alive(p)).collect();
    for &p in &left {
        unsafe { libc::kill(p, libc::SIGKILL) };
    }
    assert!(
        left.is_empty(),
        "{what}: processes left running: {left:?}\n{}",
        run.stderr
    );
}

/// Each misbehaving engine of tests/engines/ loses both its games with the reason in the
/// result, the match ends normally (exit 0), the referee stays small, and no engine
/// process is left running.
#[test]
fn misbehaving_engines_lose_and_leave_nothing_behind() {
    let cases = [
        ("silent.sh", "timeout"),
        ("crashing.sh", "engine_exited"),
        ("flooding.sh", "line_too_long"),
        ("chatty.sh", "timeout"),
        ("garbage.sh", "illegal_move"),
        ("illegal.sh", "illegal_move"),
        ("stubborn.sh", "timeout"),
    ];
    for (script, reason) in cases {
        let dir = scratch(&format!("bad-{script}"));
        let t = Instant::now();
        let run = run_match(
            &dir,
            &engine_script(script),
            &["--nodes", "100", "--timeout", "0.5"],
            None,
        );
        let what = format!("{script}: {}\n{}", run.stdout, run.stderr);
        assert_eq!(run.status, 0, "{what}");
        assert!(
            run.stdout.contains("engine 1 wins 0, draws 0, losses 2"),
            "{what}"
        );
        assert_eq!(run.results.lines().count(), 2, "{what}");
        for line in run.results.lines() {
            assert!(line.contains(&format!("({reason})")), "{what}\n{line}");
        }
        assert!(
            run.max_rss_kib < 100 * 1024,
            "{script}: peak memory {} KiB",
            run.max_rss_kib
        );
        assert!(
            t.elapsed() < Duration::from_secs(30),
            "{script}: {:?}",
            t.elapsed()
        );
        assert_none_left(&run, script);
        std::fs::remove_dir_all(&dir).ok();
    }
}

/// Lines that are not UTF-8 (an `id`, `info` before each `bestmove`) are ignored with a
/// note: the games are played to their end.
#[test]
fn lines_that_are_not_utf8_from_an_engine_are_ignored_with_a_note() {
    let dir = scratch("non-utf8");
    let run = run_match(&dir, &engine_script("non-utf8.sh"), &["--nodes", "100"], None);
    let what = format!("{}\n{}\n{}", run.stdout, run.stderr, run.results);
    assert_eq!(run.status, 0, "{what}");
    assert!(run.stdout.contains("2 games of 2"), "{what}");
    assert!(run.stderr.contains("not UTF-8"), "{what}");
    for bad in ["timeout", "engine_exited", "illegal_move", "line_too_long"] {
        assert!(!run.results.contains(bad), "{what}");
    }
    assert_none_left(&run, "non-utf8.sh");
    std::fs::remove_dir_all(&dir).ok();
}

/// An engine behind a shell that does not `exec` it (a grandchild of the referee), which
/// loses on time while it searches: the referee ends the whole process group.
#[test]
fn an_engine_behind_a_wrapper_is_ended_with_its_group() {
    let dir = scratch("wrapped");
    let run = run_match(
        &dir,
        &engine_script("wrapped.sh"),
        &["--movetime", "20000", "--timeout", "0.3"],
        None,
    );
    let what = format!("{}\n{}\n{}", run.stdout, run.stderr, run.results);
    assert_eq!(run.status, 0, "{what}");
    assert!(run.results.contains("(timeout)"), "{what}");
    assert_eq!(
        run.pids.len(),
        4,
        "two launches, a shell and the engine each: {what}"
    );
    assert_none_left(&run, "wrapped.sh");
    // A normal end leaves nothing behind either.
    let run = run_match(&dir, &engine_script("wrapped.sh"), &["--nodes", "100"], None);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_none_left(&run, "wrapped.sh, a normal end");
    std::fs::remove_dir_all(&dir).ok();
}

/// Ctrl-C (SIGINT) or SIGTERM to the referee ends the engines' groups before it exits,
/// with a status that says it was interrupted.
#[test]
fn an_interrupted_referee_ends_its_engines() {
    for (sig, code) in [(libc::SIGINT, 130), (libc::SIGTERM, 143)] {
        let dir = scratch(&format!("interrupted-{sig}"));
        let run = run_match(
            &dir,
            &engine_script("stubborn.sh"),
            &["--movetime", "20000", "--timeout", "60"],
            Some(sig),
        );
        assert_eq!(run.status, code, "{}\n{}", run.stdout, run.stderr);
        assert!(run.stderr.contains("interrupted"), "{}", run.stderr);
        assert_none_left(&run, "an interrupted match");
        std::fs::remove_dir_all(&dir).ok();
    }
}

/// The `time` of the engine's `info depth` line.
fn info_time(lines: &[String]) -> u64 {
    let info = lines
        .iter()
        .find(|l| l.starts_with("info depth"))
        .expect("an info line");
    info.split(' ')
        .skip_while(|w| *w != "time")
        .nth(1)
        .and_then(|t| t.parse().ok())
        .expect("a time")
}

/// Under a clock the engine answers well within it (`go wtime 300 btime 300`: it aims at
/// a twenty-fifth and stops by a sixth at most), and with one legal move at once, whatever
/// the clock. The bounds are generous: the machine may be loaded.
#[test]
fn a_clock_is_kept_and_a_forced_move_is_answered_at_once() {
    let lines = converse(
        &["ccp", "--level", "5"],
        "position startpos\ngo wtime 300 btime 300\n",
    );
    check_bestmove(lines.last().unwrap());
    let ms = info_time(&lines);
    assert!(ms < 300, "{ms} ms of a 300 ms clock: {lines:?}");
    // Player 0's one piece at the apex, hole 0, can only step to hole 2: hole 1 is taken
    // and the jump over it lands on hole 3, taken too.
    let mut cells = vec!['.'; 121];
    cells[0] = '0';
    for h in [1, 3].into_iter().chain(60..68) {
        cells[h] = '1';
    }
    let cells: String = cells.into_iter().collect();
    let t = Instant::now();
    let lines = converse(
        &["ccp", "--level", "5"],
        &format!(
            "position cells {cells} player 0 ply 40\ngo wtime 100000 btime 100000 winc 1000 binc 1000\n"
        ),
    );
    assert_eq!(lines.last().unwrap(), "bestmove 0-2", "{lines:?}");
    assert!(info_time(&lines) < 1000, "{lines:?}");
    // A search would aim at 4 s here.
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
}

/// `halma match --tc`: each engine gets `go wtime .. btime .. winc .. binc ..` from its
/// own clock; the games are played out, and an engine that does not answer before its
/// clock runs out loses by `time_forfeit`.
#[test]
fn match_under_a_clock_plays_out_and_a_flag_fall_loses() {
    let dir = scratch("tc");
    let run = run_match(
        &dir,
        &format!("{} ccp --level 2", env!("CARGO_BIN_EXE_halma")),
        &["--tc", "20+0.1"],
        None,
    );
    let what = format!("{}\n{}", run.stdout, run.stderr);
    assert_eq!(run.status, 0, "{what}");
    assert!(
        run.stdout.contains("2 games of 2") && run.stdout.contains("--tc 20+0.1"),
        "{what}"
    );
    assert_eq!(run.results.lines().count(), 2, "{what}");
    assert!(!run.results.contains("time_forfeit"), "{what}");
    std::fs::remove_dir_all(&dir).ok();
    let dir = scratch("tc-flag");
    let t = Instant::now();
    let run = run_match(&dir, &engine_script("silent.sh"), &["--tc", "0.3+1"], None);
    let what = format!("{}\n{}", run.stdout, run.stderr);
    assert_eq!(run.status, 0, "{what}");
    assert!(
        run.stdout.contains("engine 1 wins 0, draws 0, losses 2"),
        "{what}"
    );
    for line in run.results.lines() {
        assert!(line.contains("(time_forfeit)"), "{what}");
    }
    // The clock, not the 10 s timeout, decides.
    assert!(t.elapsed() < Duration::from_secs(9), "{:?}", t.elapsed());
    assert_none_left(&run, "tc-flag");
    std::fs::remove_dir_all(&dir).ok();
}
