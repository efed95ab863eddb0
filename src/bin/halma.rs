//! `halma`: the rules engine on the command line.

use halma::{Game, Position};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "\
usage:
  halma perft <variant|position> <depth> [--divide]
  halma moves <variant|position>
  halma play <variant|position> <move>...
  halma bench [--seconds S] [--nodes N]   (N: level 5's nodes a search position)
  halma bestmove <position> [--level L | --time MS | --nodes N] [--seed S]
  halma selfplay <variant> --a P --b P --games N [--time MS | --nodes N] [--seed S]
  halma solve [variant] [--width W] [--tail K] | --once   (the solitaire puzzle)
A position is one argument in quotes: \"<variant> <seat> <rows>\".";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("halma: {msg}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let Some(cmd) = args.first() else {
        return Err(format!("missing command\n{USAGE}"));
    };
    let rest = &args[1..];
    match cmd.as_str() {
        "perft" => perft(rest),
        "moves" => moves(rest),
        "play" => play(rest),
        "bench" => bench(rest),
        "bestmove" => halma::ai::cli::bestmove(rest),
        "selfplay" => halma::ai::cli::selfplay(rest),
        "solve" => halma::ai::cli::solve(rest),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command '{other}'\n{USAGE}")),
    }
}

fn perft(args: &[String]) -> Result<(), String> {
    let divide = args.iter().any(|a| a == "--divide");
    let pos_args: Vec<&String> = args.iter().filter(|a| *a != "--divide").collect();
    let [start, depth] = pos_args[..] else {
        return Err(format!("perft takes a variant or position and a depth\n{USAGE}"));
    };
    let pos = Position::from_variant_or_position(start).map_err(|e| e.to_string())?;
    let depth: u32 = depth
        .parse()
        .ok()
        .filter(|d| *d <= 12)
        .ok_or_else(|| format!("bad depth '{depth}': expected a number from 0 to 12"))?;
    let t = Instant::now();
    let total = if divide {
        let mut total = 0;
        for (m, n) in pos.perft_divide(depth) {
            let g = pos.geometry();
            match m {
                Some(m) => println!("{}-{}: {n}", g.name(m.from), g.name(m.to)),
                None => println!("pass: {n}"),
            }
            total += n;
        }
        total
    } else {
        pos.perft(depth)
    };
    eprintln!("{:.3} s", t.elapsed().as_secs_f64());
    println!("{total}");
    Ok(())
}

fn moves(args: &[String]) -> Result<(), String> {
    let [start] = args else {
        return Err(format!("moves takes one variant or position\n{USAGE}"));
    };
    let pos = Position::from_variant_or_position(start).map_err(|e| e.to_string())?;
    let g = pos.geometry();
    for m in pos.legal_moves() {
        println!("{}-{}", g.name(m.from), g.name(m.to));
    }
    Ok(())
}

fn play(args: &[String]) -> Result<(), String> {
    let Some((start, moves)) = args.split_first() else {
        return Err(format!("play takes a variant or position and moves\n{USAGE}"));
    };
    let mut game = Game::from_position(Position::from_variant_or_position(start).map_err(|e| e.to_string())?);
    for (i, m) in moves.iter().enumerate() {
        game.play_text(m)
            .map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
    }
    println!("{}", game.position());
    match game.outcome() {
        Some(o) => println!("{o}"),
        None => println!("seat {} to move", game.position().turn()),
    }
    Ok(())
}

fn bench(args: &[String]) -> Result<(), String> {
    let (mut secs, mut nodes) = (1.0f64, 200_000u64);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it
            .next()
            .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
        match flag.as_str() {
            "--seconds" => secs = value.parse().map_err(|_| format!("bad seconds '{value}'"))?,
            "--nodes" => match value.parse() {
                Ok(n) if n > 0 => nodes = n,
                _ => return Err(format!("bad nodes '{value}'")),
            },
            _ => return Err(format!("bench takes [--seconds S] [--nodes N]\n{USAGE}")),
        }
    }
    let clock = halma::ai::SystemClock::default();
    println!("move generation, single thread, whole move lists per second:");
    for r in halma::run_bench(secs * 1000.0, &clock) {
        match (r.moves_per_list, r.leaves) {
            (Some(moves), _) => println!(
                "  {:<8} mid-game: {:>6.2} M lists/s ({moves:.0} moves per list, {} positions)",
                r.name.trim_end_matches(" mid-game"),
                r.lists_per_second / 1e6,
                r.positions
            ),
            (_, leaves) => println!(
                "  {}: {} in {:.2} s, {:.2} M lists/s, {:.1} M leaves/s",
                r.name,
                leaves.unwrap_or(0),
                r.seconds,
                r.lists_per_second / 1e6,
                leaves.unwrap_or(0) as f64 / r.seconds / 1e6
            ),
        }
    }
    println!("search, level 5, {nodes} nodes from each mid-game position, single thread:");
    for r in halma::run_search_bench(nodes, &clock) {
        println!(
            "  {:<8} search: {:>6.2} M nodes/s ({} nodes in {:.2} s, depth {:.1}, {} positions)",
            r.name.trim_end_matches(" search"),
            r.nodes_per_second / 1e6,
            r.nodes,
            r.seconds,
            r.depth,
            r.positions
        );
    }
    Ok(())
}
