//! `halma bestmove`, `halma selfplay` and `halma solve` (native programs: they read the
//! system clock).

use super::{think, Budget, Player, Rng, SystemClock, DEFAULT_BUDGET};
use crate::{Game, Outcome, Position, Variant};
use std::time::Instant;

/// Flags shared by both commands.
struct Opts {
    positional: Vec<String>,
    level: Option<Player>,
    a: Option<Player>,
    b: Option<Player>,
    games: u32,
    budget: Budget,
    seed: u64,
    opening: u32,
    verbose: bool,
}

fn parse_opts(args: &[String]) -> Result<Opts, String> {
    let mut o = Opts {
        positional: Vec::new(),
        level: None,
        a: None,
        b: None,
        games: 10,
        budget: DEFAULT_BUDGET,
        seed: 1,
        opening: 2,
        verbose: false,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or_else(|| format!("{name} needs a value"));
        let num = |name: &str, v: String| -> Result<u64, String> {
            v.parse::<u64>()
                .map_err(|_| format!("bad value '{v}' for {name}: expected a whole number"))
        };
        match arg.as_str() {
            "--level" => o.level = Some(value("--level")?.parse::<Player>()?),
            "--a" => o.a = Some(value("--a")?.parse()?),
            "--b" => o.b = Some(value("--b")?.parse()?),
            "--games" => o.games = num("--games", value("--games")?)? as u32,
            "--time" => o.budget = Budget::millis(num("--time", value("--time")?)?.max(1) as f64),
            "--nodes" => o.budget = Budget::nodes(num("--nodes", value("--nodes")?)?.max(1)),
            "--seed" => o.seed = num("--seed", value("--seed")?)?,
            "--opening" => o.opening = num("--opening", value("--opening")?)? as u32,
            "-v" | "--verbose" => o.verbose = true,
            flag if flag.starts_with("--") => return Err(format!("unknown option '{flag}'")),
            _ => o.positional.push(arg.clone()),
        }
    }
    Ok(o)
}

/// `halma bestmove <position> [--level L | --time MS | --nodes N] [--seed S]`
pub fn bestmove(args: &[String]) -> Result<(), String> {
    let o = parse_opts(args)?;
    let [start] = &o.positional[..] else {
        return Err("bestmove takes one position (in quotes) or variant".into());
    };
    let pos = Position::from_variant_or_position(start).map_err(|e| e.to_string())?;
    let player = o.level.unwrap_or(Player::Level(5));
    let clock = SystemClock::default();
    let t = Instant::now();
    let Some(th) = think(&pos, player, o.budget, o.seed, &clock) else {
        return Err(if pos.is_over() {
            "the game is over in this position".into()
        } else {
            format!("seat {} has no legal move and must pass", pos.turn())
        });
    };
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    let g = pos.geometry();
    let name = |m: &crate::Move| format!("{}-{}", g.name(m.from), g.name(m.to));
    let pv: Vec<String> = th.pv.iter().map(name).collect();
    println!(
        "info player {player} depth {} score {} nodes {} time {:.0} ms nps {:.0} pv {}",
        th.depth,
        th.score,
        th.nodes,
        ms,
        th.nodes as f64 / (ms / 1000.0).max(1e-9),
        pv.join(" ")
    );
    let path: Vec<&str> = th.path.iter().map(|&c| g.name(c)).collect();
    println!("{}", path.join("-"));
    Ok(())
}

/// `halma selfplay <variant> --a P --b P --games N [--time MS | --nodes N] [--seed S]`
///
/// Seats are swapped every game (with three or more seats, A takes each seat in turn and B
/// plays all the others). Each pair of games shares an opening of `--opening` random
/// forward plies per seat (default 2), so the pair differs only in who sits where. With
/// three or more seats it also reports A's average place and its share of pairings won
/// against single B seats, from the final standings.
pub fn selfplay(args: &[String]) -> Result<(), String> {
    let o = parse_opts(args)?;
    let [variant] = &o.positional[..] else {
        return Err("selfplay takes one variant".into());
    };
    let variant: Variant = variant.parse().map_err(|e: crate::Error| e.to_string())?;
    let (Some(a), Some(b)) = (o.a, o.b) else {
        return Err("selfplay needs --a and --b (a level 1 to 5, greedy or random)".into());
    };
    if variant.seats() < 2 {
        return Err("selfplay needs a variant with two or more seats".into());
    }
    let seats = variant.seats();
    let clock = SystemClock::default();
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    let mut plies_total = 0usize;
    // With three or more seats: A's place in each game, and A against each B seat (ahead 1,
    // level ½), so a near miss behind one greedy player still shows as beating the others.
    let (mut place_total, mut pairs_ahead, mut pairs) = (0usize, 0f64, 0usize);
    let mut time = [0f64; 2];
    let mut moves = [0u64; 2];
    let mut nodes = [0u64; 2];
    let started = Instant::now();
    for game_no in 0..o.games {
        let a_seat = if seats == 2 {
            (game_no % 2) as usize
        } else {
            (game_no as usize) % seats
        };
        let mut game = Game::new(variant);
        // Shared opening for the pair of games: random non-backward moves.
        let mut rng = Rng::new(o.seed.wrapping_mul(1_000_003).wrapping_add((game_no / 2) as u64));
        for _ in 0..o.opening as usize * seats {
            if game.is_over() {
                break;
            }
            let p = game.position();
            let s = p.turn() - 1;
            let g = p.geometry();
            let fwd: Vec<_> = p
                .legal_moves()
                .into_iter()
                .filter(|m| p.rules().progress(s, g.pad(m.from), g.pad(m.to)) >= 0)
                .collect();
            if fwd.is_empty() {
                break;
            }
            let m = fwd[rng.below(fwd.len() as u64) as usize];
            game.play(m).map_err(|e| e.to_string())?;
        }
        while !game.is_over() {
            let p = game.position();
            let seat = p.turn() - 1;
            let side = usize::from(seat != a_seat);
            let player = if side == 0 { a } else { b };
            let t = Instant::now();
            let seed = o.seed ^ (game_no as u64) << 32 ^ game.history().len() as u64;
            let th = think(p, player, o.budget, seed, &clock).ok_or("a seat to move had no move")?;
            time[side] += t.elapsed().as_secs_f64();
            moves[side] += 1;
            nodes[side] += th.nodes;
            game.play(th.mv)
                .map_err(|e| format!("the computer played an illegal move: {e}"))?;
        }
        plies_total += game.history().len();
        let standings = game.standings();
        if let Some(me) = standings.iter().find(|st| st.seat == a_seat + 1) {
            place_total += me.rank;
            for other in standings.iter().filter(|st| st.seat != me.seat) {
                pairs += 1;
                pairs_ahead += match me.rank.cmp(&other.rank) {
                    std::cmp::Ordering::Less => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Greater => 0.0,
                };
            }
        }
        let result = match game.outcome() {
            Some(Outcome::Win { winners }) if winners.contains(a_seat + 1) && winners.len() == 1 => 'W',
            Some(Outcome::Win { winners }) if winners.contains(a_seat + 1) => 'D',
            Some(Outcome::Win { .. }) => 'L',
            _ => 'D',
        };
        match result {
            'W' => wins += 1,
            'L' => losses += 1,
            _ => draws += 1,
        }
        if o.verbose && result == 'L' {
            eprintln!("lost game record:\n{}", game.record());
        }
        if o.verbose {
            eprintln!(
                "game {} (A = seat {}): {} after {} plies",
                game_no + 1,
                a_seat + 1,
                game.outcome().map(|x| x.to_string()).unwrap_or_default(),
                game.history().len()
            );
        }
    }
    let n = o.games.max(1) as f64;
    println!(
        "variant {variant}: A = {a}, B = {b}, {} games, budget {:?}",
        o.games, o.budget
    );
    println!(
        "A wins {wins}, draws {draws}, losses {losses}: A scores {:.1}%",
        (wins as f64 + draws as f64 / 2.0) / n * 100.0
    );
    if seats > 2 && pairs > 0 {
        println!(
            "A's average place {:.2} of {seats}; A places ahead of a B seat in {:.1}% of pairings",
            place_total as f64 / n,
            pairs_ahead / pairs as f64 * 100.0
        );
    }
    println!("average game length {:.1} plies", plies_total as f64 / n);
    for (i, name) in ["A", "B"].iter().enumerate() {
        if moves[i] > 0 {
            println!(
                "{name}: {:.1} ms per move, {:.0} nodes per move, {:.2} M nodes/s",
                time[i] * 1000.0 / moves[i] as f64,
                nodes[i] as f64 / moves[i] as f64,
                nodes[i] as f64 / time[i].max(1e-9) / 1e6
            );
        }
    }
    println!("wall time {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// `halma solve [variant] [--width W] [--tail K] | --once`: the solitaire puzzle. Prints the
/// solution, or the best line the beam reached (its sum of `x + y` and unmatched pieces) and
/// fails. The beam's positions `K` moves before the end are completed exhaustively. With
/// `--once`, decides the reading "no piece moves twice" exhaustively instead.
pub fn solve(args: &[String]) -> Result<(), String> {
    // Width 1000 came closer (3 unmatched pieces) than 4000 (4) or 30000 (4). A tail of 10
    // adds about 11 s to it, and each move more about ten times as much.
    let mut width = 1000usize;
    let mut tail = 10usize;
    let mut once = false;
    let mut variant = "solitaire".to_string();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--width" {
            let w = it.next().ok_or("--width needs a value")?;
            width = w.parse().map_err(|_| format!("bad width '{w}'"))?;
        } else if a == "--tail" {
            let k = it.next().ok_or("--tail needs a value")?;
            tail = k.parse().map_err(|_| format!("bad tail '{k}'"))?;
        } else if a == "--once" {
            once = true;
        } else {
            variant = a.clone();
        }
    }
    let v: Variant = variant.parse().map_err(|e: crate::Error| e.to_string())?;
    if !v.is_solitaire() {
        return Err(format!("{v} is not a solitaire variant"));
    }
    if once {
        return solve_once(v);
    }
    let t = Instant::now();
    let found = crate::puzzle::search_solitaire_with_tail(v, width, tail).ok_or("not a solitaire variant")?;
    let mut g = Game::new(v);
    for &m in &found.moves {
        g.play(m).map_err(|e| e.to_string())?;
    }
    let secs = t.elapsed().as_secs_f64();
    if !found.solved {
        println!(
            "best line: sum of x + y {} ({} needed), {} pieces unmatched",
            found.sum, found.goal, found.unmatched
        );
    }
    println!("{}", g.position());
    print!("{}", g.record());
    if found.solved {
        eprintln!("solved in {} moves, {secs:.1} s", found.moves.len());
        Ok(())
    } else {
        Err(format!(
            "no solution found with a beam of {width} and a tail of {tail} ({secs:.1} s); this does not prove that none exists"
        ))
    }
}

/// `halma solve --once`: the exhaustive search of [`crate::puzzle::solve_each_once`].
fn solve_once(v: Variant) -> Result<(), String> {
    let t = Instant::now();
    let found = crate::puzzle::solve_each_once(v, &mut |nodes| {
        eprintln!(
            "{:.0} s: {} million states",
            t.elapsed().as_secs_f64(),
            nodes / 1_000_000
        );
    })
    .map_err(|e| e.to_string())?;
    let secs = t.elapsed().as_secs_f64();
    let found_states = found.states();
    let moves = match found {
        crate::puzzle::OnceResult::NoSolution { states } => {
            println!(
                "{v}: no solution in which no piece moves twice (exhaustive: {states} states, {secs:.0} s)"
            );
            return Ok(());
        }
        crate::puzzle::OnceResult::Solved { moves, .. } => moves,
    };
    let mut g = Game::new(v);
    for m in moves {
        g.play(m).map_err(|e| e.to_string())?;
    }
    println!("{}", g.position());
    print!("{}", g.record());
    eprintln!(
        "solved, no piece moving twice ({} states, {secs:.1} s)",
        found_states
    );
    Ok(())
}
