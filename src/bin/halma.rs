//! `halma`: the rules engine on the command line.

use halma::{Game, MoveGen, Position, Variant};
use std::process::ExitCode;
use std::time::{Duration, Instant};

const USAGE: &str = "\
usage:
  halma perft <variant|position> <depth> [--divide]
  halma moves <variant|position>
  halma play <variant|position> <move>...
  halma bench [--seconds S]
  halma bestmove <position> [--level L | --time MS | --nodes N] [--seed S]
  halma selfplay <variant> --a P --b P --games N [--time MS | --nodes N] [--seed S]
  halma solve [variant] [--width W]   (the solitaire puzzle)
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
        // The AI commands live in a native-only module; the wasm tests build this binary too.
        #[cfg(not(target_arch = "wasm32"))]
        "bestmove" => halma::ai::cli::bestmove(rest),
        #[cfg(not(target_arch = "wasm32"))]
        "selfplay" => halma::ai::cli::selfplay(rest),
        #[cfg(not(target_arch = "wasm32"))]
        "solve" => halma::ai::cli::solve(rest),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command '{other}'\n{USAGE}")),
    }
}

/// A variant string (its start position) or a full position.
fn parse_start(text: &str) -> Result<Position, String> {
    if text.trim().contains(char::is_whitespace) {
        text.parse().map_err(|e: halma::Error| e.to_string())
    } else {
        text.parse::<Variant>()
            .map(Position::start)
            .map_err(|e| e.to_string())
    }
}

fn perft(args: &[String]) -> Result<(), String> {
    let divide = args.iter().any(|a| a == "--divide");
    let pos_args: Vec<&String> = args.iter().filter(|a| *a != "--divide").collect();
    let [start, depth] = pos_args[..] else {
        return Err(format!("perft takes a variant or position and a depth\n{USAGE}"));
    };
    let pos = parse_start(start)?;
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
    let pos = parse_start(start)?;
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
    let mut game = Game::from_position(parse_start(start)?);
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
    let secs: f64 = match args {
        [] => 1.0,
        [flag, s] if flag == "--seconds" => s.parse().map_err(|_| format!("bad seconds '{s}'"))?,
        _ => return Err(format!("bench takes [--seconds S]\n{USAGE}")),
    };
    let budget = Duration::from_secs_f64(secs);
    println!("move generation, single thread, whole move lists per second:");
    for (name, positions) in halma::bench_positions() {
        let positions: Vec<Position> = positions
            .iter()
            .map(|p| p.parse().expect("bench position"))
            .collect();
        let mut gen = MoveGen::new();
        let mut list = Vec::with_capacity(512);
        let (mut lists, mut moves) = (0u64, 0u64);
        let t = Instant::now();
        while t.elapsed() < budget {
            for p in &positions {
                for _ in 0..100 {
                    list.clear();
                    p.generate_moves(&mut gen, &mut list);
                    moves += list.len() as u64;
                }
                lists += 100;
            }
        }
        let dt = t.elapsed().as_secs_f64();
        println!(
            "  {name:<8} mid-game: {:>6.2} M lists/s ({:.0} moves per list, {} positions)",
            lists as f64 / dt / 1e6,
            moves as f64 / lists as f64,
            positions.len()
        );
    }
    for (variant, depth) in [("star-2+any-camp+free-target", 5), ("halma", 4)] {
        let p = Position::start(variant.parse().expect("variant"));
        let t = Instant::now();
        let (leaves, lists) = p.perft_lists(depth);
        let dt = t.elapsed().as_secs_f64();
        println!(
            "  perft {variant} {depth}: {leaves} in {dt:.2} s, {:.2} M lists/s, {:.1} M leaves/s",
            lists as f64 / dt / 1e6,
            leaves as f64 / dt / 1e6
        );
    }
    Ok(())
}
