//! The `halma` program: its help, version and usage errors, and the output formats that
//! scripts (`./build.sh bench`, `tests/wasm-bench.mjs`) and the README rely on.

use std::process::{Command, Output};

const COMMANDS: [&str; 7] = ["perft", "moves", "play", "bench", "bestmove", "selfplay", "solve"];

fn halma(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_halma"))
        .args(args)
        .output()
        .expect("the halma binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("utf-8 output")
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("utf-8 output")
}

/// Runs `halma` and returns its output, which must be a success.
fn ok(args: &[&str]) -> String {
    let out = halma(args);
    assert!(out.status.success(), "halma {args:?}: {}", stderr(&out));
    stdout(&out)
}

/// Runs `halma`, which must fail with exit code 2, and returns its error output.
fn usage_error(args: &[&str]) -> String {
    let out = halma(args);
    assert_eq!(out.status.code(), Some(2), "halma {args:?}: {}", stdout(&out));
    stderr(&out)
}

#[test]
fn version_names_the_program_and_its_version() {
    let v = ok(&["--version"]);
    assert_eq!(v.trim(), format!("halma {}", env!("CARGO_PKG_VERSION")));
}

#[test]
fn every_subcommand_has_its_own_help() {
    let top = ok(&["--help"]);
    for cmd in COMMANDS {
        assert!(top.contains(cmd), "halma --help lists {cmd}: {top}");
        let help = ok(&[cmd, "--help"]);
        assert!(help.contains(&format!("Usage: halma {cmd}")), "{help}");
        // A description beyond the usage line and the standard options.
        let about = help.lines().next().unwrap_or_default();
        assert!(about.len() > 15 && !about.starts_with("Usage"), "{cmd}: {help}");
        assert_eq!(ok(&["help", cmd]), help, "halma help {cmd}");
    }
    let perft = ok(&["perft", "--help"]);
    assert!(perft.contains("--divide") && perft.contains("<DEPTH>"), "{perft}");
}

#[test]
fn a_mistyped_flag_gets_a_suggestion() {
    let e = usage_error(&["perft", "halma-8x8", "2", "--divde"]);
    assert!(e.contains("'--divde'") && e.contains("'--divide'"), "{e}");
    let e = usage_error(&["selfplay", "star-2", "--a", "1", "--b", "2", "--game", "4"]);
    assert!(e.contains("'--games'"), "{e}");
    let e = usage_error(&["prft", "halma", "1"]);
    assert!(e.contains("'perft'"), "{e}");
}

#[test]
fn bad_values_are_usage_errors() {
    let e = usage_error(&["perft", "halma-8x8", "13"]);
    assert!(e.contains("13") && e.contains("0..=12"), "{e}");
    let e = usage_error(&["perft", "chess", "1"]);
    assert!(e.contains("chess"), "{e}");
    let e = usage_error(&["bestmove", "star-2", "--level", "6"]);
    assert!(e.contains("a level 1 to 5, greedy or random"), "{e}");
    let e = usage_error(&["bestmove", "star-2", "--time", "10", "--nodes", "100"]);
    assert!(e.contains("--time") && e.contains("--nodes"), "{e}");
    let e = usage_error(&["selfplay", "star-2", "--a", "1"]);
    assert!(e.contains("--b"), "{e}");
    let e = usage_error(&["bench", "--nodes", "0"]);
    assert!(e.contains("above 0"), "{e}");
    let e = usage_error(&["solve", "halma"]);
    assert!(e.contains("halma is not a solitaire variant"), "{e}");
    let e = usage_error(&[]);
    assert!(e.contains("Usage: halma <COMMAND>"), "{e}");
}

#[test]
fn perft_counts_the_move_sequences() {
    assert_eq!(ok(&["perft", "halma-8x8", "2"]), "576\n");
    let divide = ok(&["perft", "halma-8x8", "2", "--divide"]);
    let lines: Vec<&str> = divide.lines().collect();
    assert_eq!(lines.last(), Some(&"576"));
    let sum: u64 = lines[..lines.len() - 1]
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 576, "{divide}");
    assert!(lines[0].contains('-'), "{divide}");
}

#[test]
fn moves_lists_the_legal_moves() {
    let moves = ok(&["moves", "star-2"]);
    assert_eq!(moves.lines().count(), 14, "{moves}");
    assert!(moves.lines().all(|l| l.split('-').count() == 2), "{moves}");
}

#[test]
fn play_prints_the_position_and_who_is_to_move() {
    let first = ok(&["moves", "halma-8x8"]).lines().next().unwrap().to_string();
    let out = ok(&["play", "halma-8x8", &first]);
    let mut lines = out.lines();
    assert!(lines.next().unwrap().starts_with("halma-8x8 2 "), "{out}");
    assert_eq!(lines.next(), Some("seat 2 to move"));
}

#[test]
fn play_of_an_illegal_move_says_which_and_why() {
    let first = ok(&["moves", "halma-8x8"]).lines().next().unwrap().to_string();
    let e = usage_error(&["play", "halma-8x8", &first, "a1-h8"]);
    assert!(e.starts_with("halma: move 2 (a1-h8): "), "{e}");
    assert!(e.contains("seat 2 is to move"), "{e}");
    let e = usage_error(&["play", "halma-8x8", "z9-a1"]);
    assert!(
        e.contains("move 1 (z9-a1)") && e.contains("'z9' is not a cell"),
        "{e}"
    );
}

#[test]
fn bestmove_prints_the_search_and_the_move() {
    let run = || ok(&["bestmove", "star-2", "--nodes", "2000", "--seed", "3"]);
    let out = run();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].starts_with("info player level 5 depth "), "{out}");
    assert!(lines[0].contains(" nodes ") && lines[0].contains(" pv "), "{out}");
    // The move as its hop path, playable as it stands.
    ok(&["play", "star-2", lines[1]]);
    // A node budget is deterministic: all but the time is the same again.
    let timeless = |text: &str| {
        text.split(' ')
            .scan("", |prev, w| {
                let keep = !matches!(*prev, "time" | "nps") && !matches!(w, "time" | "ms" | "nps");
                *prev = w;
                Some(keep.then_some(w))
            })
            .flatten()
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(timeless(&run()), timeless(&out));
}

#[test]
fn selfplay_reports_place_and_pairings_with_several_seats() {
    let run = |variant: &str| {
        ok(&[
            "selfplay", variant, "--a", "greedy", "--b", "random", "--games", "3",
        ])
    };
    let three = run("star-3");
    assert!(
        three.contains("A wins 3, draws 0, losses 0: A scores 100.0%"),
        "{three}"
    );
    assert!(
        three.contains("A's average place 1.00 of 3; A places ahead of a B seat in 100.0% of pairings"),
        "{three}"
    );
    assert!(three.contains("average game length "), "{three}");
    // Two seats: the win rate says it all, no pairings line.
    let two = run("star-2");
    assert!(
        two.starts_with("variant star-2: A = greedy, B = random, 3 games"),
        "{two}"
    );
    assert!(two.contains("A wins 3"), "{two}");
    assert!(!two.contains("pairings"), "{two}");
}

/// `halma solve` solves a solitaire exactly and prints the final position and the moves;
/// `--count` counts every solution (exhaustively on 8×8).
#[test]
fn solve_prints_a_solution_and_counts() {
    let out = halma(&["solve", "solitaire+size=8+camp=10"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("solitaire+size=8+camp=10 "), "{text}");
    assert_eq!(text.lines().nth(1).unwrap().split(' ').count(), 10, "{text}");
    let out = halma(&["solve", "solitaire+size=8+camp=10", "--count"]);
    let text = stdout(&out);
    assert!(
        text.contains("122 distinct solution figures, 53840696 move sequences (exhaustive"),
        "{text}"
    );
    // With 1 MiB for the states done (16,384 entries; the count visits 863,616 states),
    // the same count.
    let out = halma(&["solve", "solitaire+size=8+camp=10", "--count", "--memory", "1"]);
    let text = stdout(&out);
    assert!(
        text.contains("122 distinct solution figures, 53840696 move sequences (exhaustive"),
        "{text}"
    );
    let e = usage_error(&["solve", "--max-states", "5"]);
    assert!(e.contains("--count"), "{e}");
    for bad in ["0", "lots", "2000000000"] {
        let e = usage_error(&["solve", "--count", "--memory", bad]);
        assert!(e.contains("--memory"), "{e}");
    }
    let out = halma(&["solve", "solitaire+size=8+camp=13", "--count", "--paired"]);
    let text = stdout(&out);
    assert!(
        text.contains("(mirror-paired): 22 distinct solution figures, 155552 move sequences (exhaustive"),
        "{text}"
    );
    let out = halma(&["solve", "solitaire+size=8+camp=13", "--count", "--block", "2"]);
    let text = stdout(&out);
    assert!(
        text.contains("(symmetric again at most every 2 moves): 161 distinct solution figures"),
        "{text}"
    );
    let e = usage_error(&["solve", "--count", "--paired", "--block", "2"]);
    assert!(e.contains("cannot be used with"), "{e}");
    let e = usage_error(&["solve", "--count", "--block", "0"]);
    assert!(e.contains("--block"), "{e}");
}

/// `halma puzzle list` names every puzzle with its par; `halma puzzle solve` prints the
/// start position, one hop path per line and a summary, and the line replays.
#[test]
fn puzzle_list_and_solve() {
    let out = halma(&["puzzle", "list"]);
    let text = stdout(&out);
    for name in [
        "solitaire ",
        "star-crossing ",
        "shortest-game ",
        "halma-8x8-crossing ",
    ] {
        assert!(text.contains(name), "{text}");
    }
    assert!(
        text.lines()
            .any(|l| l.starts_with("star-crossing") && l.contains(" 27  yes")),
        "{text}"
    );
    assert!(
        text.contains("solitaire: at least 22565 distinct figures solve it"),
        "{text}"
    );
    let out = halma(&["puzzle", "solve", "solitaire"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 21, "{text}");
    assert_eq!(
        lines[0],
        halma::Position::start("solitaire".parse().unwrap()).to_string()
    );
    assert!(lines[1..20].iter().all(|m| m.split('-').count() >= 2), "{text}");
    assert!(
        lines[20].starts_with("solved solitaire in 19 moves, the par"),
        "{text}"
    );
    let out = halma(&["puzzle", "solve", "star-crossing", "--shipped"]);
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 29, "{text}");
    // The start in the variant the crossing is played in: no target lock.
    assert!(text.starts_with("star-2+free-target 1 "), "{text}");
    let out = halma(&["puzzle", "solve", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("puzzles: solitaire, star-crossing"));
    // The 8×8 crossing's par of 18 is proven by our exact search.
    assert!(text_of(&["puzzle", "list"])
        .lines()
        .any(|l| l.starts_with("halma-8x8-crossing") && l.contains(" 18  yes (our exact search")),);
}

fn text_of(args: &[&str]) -> String {
    stdout(&halma(args))
}

/// `halma puzzle prove` works on crossings only, and says so for the others.
#[test]
fn puzzle_prove_refuses_what_is_no_crossing() {
    let out = halma(&["puzzle", "prove", "solitaire"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("solitaire is not a crossing"),
        "{}",
        stderr(&out)
    );
    let out = halma(&["puzzle", "prove", "nope"]);
    assert!(stderr(&out).contains("no puzzle 'nope'"), "{}", stderr(&out));
}

/// Every numeric argument is read at parse time: a number that is not finite or out of its
/// range is a usage error that names the argument and the range, never a panic or a run
/// that does not end.
#[test]
fn numeric_arguments_are_checked_at_parse_time() {
    let openings = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/openings-star2.txt");
    let m = |extra: &[&str]| -> Vec<String> {
        let mut v: Vec<String> = [
            "match",
            "--engine1",
            "true",
            "--engine2",
            "true",
            "--openings",
            openings,
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        v.extend(extra.iter().map(|s| s.to_string()));
        v
    };
    let mut cases: Vec<(Vec<String>, &str)> = Vec::new();
    for t in [
        "1e20", "inf", "nan", "1.8e19", "-1", "0", "NaN", "-inf", "0.001", "3601",
    ] {
        cases.push((m(&[&format!("--timeout={t}")]), "--timeout"));
    }
    cases.push((m(&["--movetime", "0"]), "--movetime"));
    cases.push((m(&["--movetime", "18446744073709551615"]), "--movetime"));
    cases.push((m(&["--nodes", "0"]), "--nodes"));
    cases.push((m(&["--nodes", "99999999999999999"]), "--nodes"));
    cases.push((m(&["--concurrency", "0"]), "--concurrency"));
    cases.push((m(&["--concurrency", "100000"]), "--concurrency"));
    cases.push((m(&["--limit", "0"]), "--limit"));
    cases.push((m(&["--max-plies", "0"]), "--max-plies"));
    cases.push((m(&["--sprt", "0,inf"]), "--sprt"));
    cases.push((m(&["--sprt", "nan,5"]), "--sprt"));
    cases.push((m(&["--sprt", "5,0"]), "--sprt"));
    let plain: &[(&[&str], &str)] = &[
        (
            &["openings", "--count", "18446744073709551615", "--plies", "1"],
            "--count",
        ),
        (&["openings", "--count", "0"], "--count"),
        (&["openings", "--plies", "0"], "--plies"),
        (&["openings", "--plies", "4294967295"], "--plies"),
        (&["bench", "--seconds", "nan"], "--seconds"),
        (&["bench", "--seconds", "inf"], "--seconds"),
        (&["bench", "--seconds=-1"], "--seconds"),
        (&["bench", "--seconds", "1e300"], "--seconds"),
        (&["bench", "--nodes", "18446744073709551615"], "--nodes"),
        (&["bestmove", "star-2", "--time", "0"], "--time"),
        (
            &["bestmove", "star-2", "--time", "18446744073709551615"],
            "--time",
        ),
        (&["bestmove", "star-2", "--nodes", "0"], "--nodes"),
        (
            &["bestmove", "star-2", "--nodes", "18446744073709551615"],
            "--nodes",
        ),
        (
            &["selfplay", "star-2", "--a", "1", "--b", "2", "--games", "0"],
            "--games",
        ),
        (
            &[
                "selfplay",
                "star-2",
                "--a",
                "1",
                "--b",
                "2",
                "--games",
                "4000000000",
            ],
            "--games",
        ),
        (
            &[
                "selfplay",
                "star-2",
                "--a",
                "1",
                "--b",
                "2",
                "--opening",
                "4000000000",
            ],
            "--opening",
        ),
        (
            &["selfplay", "star-2", "--a", "1", "--b", "2", "--time", "1e3"],
            "--time",
        ),
        (
            &[
                "puzzle",
                "solve",
                "star-crossing",
                "--width",
                "18446744073709551615",
            ],
            "--width",
        ),
        (&["puzzle", "solve", "star-crossing", "--width", "0"], "--width"),
        (
            &[
                "puzzle",
                "solve",
                "shortest-game",
                "--side-moves",
                "18446744073709551615",
            ],
            "--side-moves",
        ),
        (
            &[
                "puzzle",
                "prove",
                "halma-8x8-crossing",
                "--moves",
                "18446744073709551615",
            ],
            "--moves",
        ),
        (&["solve", "--count", "--max-states", "0"], "--max-states"),
        (&["ccp", "--seed=-1"], "--seed"),
        (&["ccp", "--seed", "18446744073709551616"], "--seed"),
    ];
    for (args, flag) in plain {
        cases.push((args.iter().map(|s| s.to_string()).collect(), flag));
    }
    for (args, flag) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = halma(&args);
        let e = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "halma {args:?}: {e}");
        assert!(
            e.contains("invalid value") && e.contains(flag),
            "halma {args:?}: {e}"
        );
        assert!(!e.contains("panicked"), "halma {args:?}: {e}");
    }
    // The messages say what is allowed.
    let e = usage_error(
        &m(&["--timeout", "inf"])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    assert!(e.contains("0.01") && e.contains("3600"), "{e}");
    let e = usage_error(&[
        "puzzle",
        "solve",
        "star-crossing",
        "--width",
        "18446744073709551615",
    ]);
    assert!(e.contains("100000"), "{e}");
}

/// An empty engine command is refused before anything runs, naming the engine.
#[test]
fn match_refuses_an_empty_engine_command() {
    let openings = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/openings-star2.txt");
    for (flag, other) in [("--engine1", "--engine2"), ("--engine2", "--engine1")] {
        let e = usage_error(&["match", flag, " ", other, "true", "--openings", openings]);
        assert!(e.contains(flag) && e.contains("empty"), "{e}");
    }
}

/// Output into a pipe closed early (`halma openings … | head -1`: more than a pipe holds)
/// ends the program quietly (by SIGPIPE, as other tools do), with no panic message.
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_halma"))
        .args(["openings", "--count", "100000", "--plies", "8"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the halma binary runs");
    let mut first = [0u8; 1];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap(); // then closed
    let out = child.wait_with_output().unwrap();
    let err = stderr(&out);
    assert!(!err.contains("panicked"), "{err}");
    assert!(!out.status.success());
}
