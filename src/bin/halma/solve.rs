//! `halma puzzle` and `halma solve`: the puzzle collection and the solitaire solver.

use crate::{parse_variant, Outcome};
use clap::builder::RangedU64ValueParser;
use clap::{Args, Subcommand};
use halma::puzzle::{count_solitaire, find, path_text, solve_solitaire, CountRule, PUZZLES};
use halma::{Game, Position, Variant};
use std::io::IsTerminal;
use std::time::Instant;

/// The puzzle collection: Halma solitaire, the crossings and the shortest game.
#[derive(Args)]
pub struct PuzzleArgs {
    #[command(subcommand)]
    command: PuzzleCommand,
}

#[derive(Subcommand)]
enum PuzzleCommand {
    /// List the puzzles: name, board, par, and whether the par is proven optimal
    List,
    /// Solve a puzzle with the engine's solver
    ///
    /// Prints the start position (a position string) on the first line, then one move per
    /// line in full hop-path notation (a1-c3-e5), then a summary line. Progress goes to
    /// stderr when it is a terminal.
    #[command(verbatim_doc_comment)]
    Solve(PuzzleSolveArgs),
    /// Decide exactly whether a crossing has a solution in at most N moves
    ///
    /// A breadth-first search from the start, cut by a lower bound, that meets its own
    /// mirror image from the goal (docs/puzzles.md). Prints the result and the figures;
    /// progress per depth goes to stderr.
    #[command(verbatim_doc_comment)]
    Prove(PuzzleProveArgs),
}

#[derive(Args)]
struct PuzzleProveArgs {
    /// The crossing's name (see `halma puzzle list`)
    name: String,
    /// The most moves a solution may have, 0 to 500 (default: one less than the par)
    #[arg(long, value_name = "N", value_parser = RangedU64ValueParser::<usize>::new().range(0..=500))]
    moves: Option<usize>,
}

#[derive(Args)]
struct PuzzleSolveArgs {
    /// The puzzle's name (see `halma puzzle list`)
    name: String,
    /// Positions the beam keeps per move (crossings and the shortest game), 1 to 100000
    /// (a few hundred MB at 10000 on 16×16; time and memory grow with it)
    #[arg(long, value_name = "W", default_value_t = 3000,
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=100_000))]
    width: usize,
    /// The strict shortest game: search only for games in which the winner makes at most
    /// N moves, 1 to 100 (default: N = 10, 11, … until a game is found)
    #[arg(long, value_name = "N", value_parser = RangedU64ValueParser::<usize>::new().range(1..=100))]
    side_moves: Option<usize>,
    /// Print the shipped solution instead of searching
    #[arg(long)]
    shipped: bool,
}

/// Solve the solitaire of a variant exactly (each piece moves once, into a figure
/// symmetric about the a1–p16 diagonal): prints the final position and the game record.
/// With --count, counts every solution instead (distinct figures and move sequences);
/// --paired counts those in which every move is followed by its mirror image, --block N
/// those in which the pieces are symmetric again at most N moves after they last were.
#[derive(Args)]
#[command(verbatim_doc_comment)]
pub struct SolveArgs {
    /// A solitaire variant
    #[arg(value_parser = parse_variant, default_value = "solitaire")]
    variant: Variant,
    /// Count the solutions (exhaustively, unless --max-states stops it first)
    #[arg(long)]
    count: bool,
    /// Stop the count after this many states, at least 1 (then the counts are lower bounds)
    #[arg(long, value_name = "N", requires = "count", value_parser = clap::value_parser!(u64).range(1..))]
    max_states: Option<u64>,
    /// Count only the mirror-paired solutions: a move of a piece off the diagonal is
    /// followed by its mirror image, a piece on the diagonal moves alone onto it
    #[arg(long, requires = "count", conflicts_with = "block")]
    paired: bool,
    /// Count only the solutions in which the pieces are symmetric again at most N moves
    /// after they last were (2: each move that breaks the symmetry is followed by one that
    /// restores it)
    #[arg(long, value_name = "N", requires = "count", value_parser = clap::value_parser!(u64).range(1..))]
    block: Option<u64>,
    /// The memory, in MiB, for the counts of the states done; with less than a count
    /// needs, forgotten states are counted again (slower, as exact)
    #[arg(long, value_name = "MIB", requires = "count", default_value_t = 2048, value_parser = clap::value_parser!(u64).range(1..=1 << 30))]
    memory: u64,
}

/// `halma puzzle`.
pub fn puzzle(a: PuzzleArgs) -> Outcome {
    match a.command {
        PuzzleCommand::List => {
            println!("{:<22} {:<48} {:>4}  proven", "name", "board", "par");
            for p in PUZZLES {
                println!(
                    "{:<22} {:<48} {:>4}  {}",
                    p.name,
                    p.board,
                    p.par,
                    match (p.proven, p.record) {
                        (Some(w), _) => format!("yes ({w})"),
                        (None, Some((n, w))) => format!("no (record {n}: {w})"),
                        (None, None) => "no".into(),
                    }
                );
            }
            for p in PUZZLES {
                if let Some(f) = p.figures {
                    println!(
                        "{}: at least {f} distinct figures solve it (halma solve --count)",
                        p.name
                    );
                }
            }
            Ok(())
        }
        PuzzleCommand::Solve(a) => puzzle_solve(a),
        PuzzleCommand::Prove(a) => puzzle_prove(a),
    }
}

fn find_puzzle(name: &str) -> Result<&'static halma::puzzle::Puzzle, String> {
    find(name).ok_or_else(|| {
        let names: Vec<&str> = PUZZLES.iter().map(|p| p.name).collect();
        format!("no puzzle '{name}' (puzzles: {})", names.join(", "))
    })
}

fn puzzle_prove(a: PuzzleProveArgs) -> Outcome {
    let p = find_puzzle(&a.name)?;
    let n = a.moves.unwrap_or(p.par.saturating_sub(1));
    let t = Instant::now();
    let r = p.prove(n, &mut |d, kept, generated| {
        eprintln!(
            "{:.0} s: depth {d}, {kept} positions kept, {generated} generated",
            t.elapsed().as_secs_f64()
        );
    })?;
    let secs = t.elapsed().as_secs_f64();
    let kept: u64 = r.layers.iter().sum();
    let figures = format!(
        "lower bound at the start {}; {kept} positions kept (per depth: {}); {} generated; {secs:.1} s",
        r.bound_at_start,
        r.layers
            .iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(" "),
        r.generated
    );
    match r.shortest {
        Some(s) => {
            for m in &r.solution {
                println!("{m}");
            }
            println!(
                "{}: a solution in {s} moves (the shortest within {n}); {figures}",
                p.name
            )
        }
        None => println!("{}: proven: no solution in {n} moves or fewer; {figures}", p.name),
    }
    Ok(())
}

fn puzzle_solve(a: PuzzleSolveArgs) -> Outcome {
    let p = find_puzzle(&a.name)?;
    let t = Instant::now();
    let tty = std::io::stderr().is_terminal();
    let moves = if a.shipped {
        p.solution()
    } else {
        p.search_with(a.width, a.side_moves, &mut |line| {
            if tty {
                eprint!("\r{:.0} s, {line}\x1b[K", t.elapsed().as_secs_f64());
            }
        })
        .ok_or_else(|| {
            if tty {
                eprintln!();
            }
            format!(
                "{}: the search found no solution (beam of {}); this proves nothing",
                p.name, a.width
            )
        })?
    };
    if tty && !a.shipped {
        eprintln!();
    }
    let secs = t.elapsed().as_secs_f64();
    let n = p
        .check(&moves)
        .map_err(|e| format!("{}: the solution does not check: {e}", p.name))?;
    println!("{}", p.start());
    for m in &moves {
        println!("{m}");
    }
    let proven = p.proven.map_or("not proven optimal".to_string(), |w| {
        format!("proven optimal: {w}")
    });
    let how = if a.shipped {
        "shipped solution".to_string()
    } else {
        format!("found in {secs:.1} s")
    };
    let vs = match n.cmp(&p.par) {
        std::cmp::Ordering::Less => format!("better than the par {}!", p.par),
        std::cmp::Ordering::Equal => "the par".into(),
        std::cmp::Ordering::Greater => format!("{} over the par {}", n - p.par, p.par),
    };
    println!("solved {} in {n} moves, {vs} ({proven}); {how}", p.name);
    Ok(())
}

/// `halma solve`.
pub fn solve(a: SolveArgs) -> Outcome {
    let v = a.variant;
    if !v.is_solitaire() {
        return Err(format!("{v} is not a solitaire variant"));
    }
    let start = Position::start(v);
    let t = Instant::now();
    if a.count {
        let tty = std::io::stderr().is_terminal();
        let (rule, what) = match (a.paired, a.block) {
            (true, _) => (CountRule::Mirror, " (mirror-paired)".to_string()),
            (_, Some(b)) => (
                CountRule::Block(b as usize),
                format!(" (symmetric again at most every {b} moves)"),
            ),
            _ => (CountRule::All, String::new()),
        };
        let memory = usize::try_from(a.memory << 20).unwrap_or(usize::MAX);
        let c = count_solitaire(&start, rule, a.max_states, memory, &mut |states, figures| {
            if tty {
                eprint!(
                    "\r{:.0} s: {} million states, {figures} figures\x1b[K",
                    t.elapsed().as_secs_f64(),
                    states / 1_000_000
                );
            }
        })
        .map_err(|e| e.to_string())?;
        if tty {
            eprintln!();
        }
        println!(
            "{v}{what}: {} distinct solution figures, {} move sequences ({}: {} states, {:.1} s)",
            c.figures,
            c.sequences,
            if c.exhaustive {
                "exhaustive"
            } else {
                "stopped early, lower bounds"
            },
            c.states,
            t.elapsed().as_secs_f64()
        );
        return Ok(());
    }
    let line = solve_solitaire(&start, None)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("{v} has no solution (the search is exhaustive)"))?;
    let mut g = Game::new(v);
    let mut paths = Vec::new();
    for &m in &line {
        paths.push(path_text(g.position(), m));
        g.play(m).map_err(|e| e.to_string())?;
    }
    println!("{}", g.position());
    println!("{}", paths.join(" "));
    eprintln!(
        "solved in {} moves, {:.1} s",
        line.len(),
        t.elapsed().as_secs_f64()
    );
    Ok(())
}
