//! `halma ccp`, `halma baseline-engine`, `halma openings` and `halma match`: the protocol
//! as the CCERL referee speaks it, fed on stdin, and our referee over a few short games.

use std::io::Write;
use std::process::{Command, Stdio};

fn start_cells() -> String {
    format!("{}{}{}", "0".repeat(10), ".".repeat(101), "1".repeat(10))
}

/// Runs `halma <args>` with `input` on stdin; returns stdout's lines.
fn converse(args: &[&str], input: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_halma"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the halma binary runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

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
    assert_eq!(
        lines.iter().filter(|l| *l == "bestmove 0000").count(),
        2,
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
