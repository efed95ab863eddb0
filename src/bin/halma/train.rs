//! `halma train`: the learnt evaluation of the star for two. `selfplay` plays level 5
//! against itself under the CCERL rules and writes every position with the game's result;
//! `fit` fits one value a cell class ([`CellClasses`]) to those results by logistic
//! regression (the Texel method), held toward the hand-set values, and writes the weights
//! data file the engine compiles in (`src/ai/eval/star2.rs`).

use crate::Outcome;
use clap::{Args, Subcommand};
use halma::ai::{think, Budget, CellClasses, NoClock, Player, Rng};
use halma::ccp::{self, Verdict};
use halma::{Move, Position};
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

/// Learn the evaluation of the star for two from self-play (docs/ai.md, "The learnt
/// evaluation").
#[derive(Args)]
pub struct TrainArgs {
    #[command(subcommand)]
    step: Step,
}

#[derive(Subcommand)]
enum Step {
    Selfplay(SelfplayArgs),
    Fit(FitArgs),
}

/// Play level 5 against itself under the CCERL rules and write the positions.
///
/// Each game starts with 2 to 8 random forward plies (drawn from the seed and the game's
/// number), then both sides play level 5 with a node budget. Every position after the
/// opening is written as a line "<result> <position>", the result for the first player (1
/// a win, 0.5 a draw, 0 a loss). The same arguments write the same file.
#[derive(Args)]
#[command(verbatim_doc_comment)]
pub struct SelfplayArgs {
    /// Games to play, 1 to 1000000
    #[arg(long, value_name = "N", default_value_t = 1000,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: u32,
    /// Nodes a move, 1000 to 10^8
    #[arg(long, value_name = "N", default_value_t = 20_000,
          value_parser = clap::value_parser!(u64).range(1000..=100_000_000))]
    nodes: u64,
    /// Seed of the openings and the players
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Threads, 1 to 64
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = clap::value_parser!(u32).range(1..=64))]
    threads: u32,
    /// The file to write
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

/// Fit the cell values to the results of `halma train selfplay`.
///
/// Logistic regression of each position's result on the difference of the two sides'
/// pieces in each cell class, and the side to move; Newton's method with a ridge toward the
/// hand-set values (scaled by a first fit of the hand-set evaluation alone). Every tenth
/// game is held out: the log-loss of the hand-set and the learnt values on those games is
/// printed. Writes the weights file in hundredths of a row.
#[derive(Args)]
#[command(verbatim_doc_comment)]
pub struct FitArgs {
    /// Files written by `halma train selfplay`
    #[arg(long = "data", value_name = "FILE", required = true, num_args = 1..)]
    data: Vec<PathBuf>,
    /// Strength of the pull toward the hand-set values, per position (0 to 1)
    #[arg(long, value_name = "L", default_value_t = 1e-4,
          value_parser = |s: &str| crate::ranged_f64(s, 0.0, 1.0, "a strength"))]
    lambda: f64,
    /// Keep the hand-set cell values and learn only the hindmost piece's weight
    #[arg(long)]
    keep_cells: bool,
    /// Put the values in play (`PLAY = true`; without it the engine keeps its hand-set
    /// evaluation and the file only records the fit)
    #[arg(long)]
    play: bool,
    /// The Rust data file to write (the engine's is src/ai/eval/star2.rs)
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

/// `halma train`.
pub fn train(a: TrainArgs) -> Outcome {
    match a.step {
        Step::Selfplay(a) => selfplay(a),
        Step::Fit(a) => fit(a),
    }
}

fn selfplay(a: SelfplayArgs) -> Outcome {
    let threads = a.threads as usize;
    let games: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let a = &a;
                scope.spawn(move || {
                    (0..a.games as usize)
                        .filter(|g| g % threads == t)
                        .map(|g| (g, play_game(a.seed, g as u64, a.nodes)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<(usize, String)> = handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect();
        all.sort_by_key(|&(g, _)| g);
        all.into_iter().map(|(_, text)| text).collect()
    });
    let mut text = format!(
        "# halma train selfplay --games {} --nodes {} --seed {}\n",
        a.games, a.nodes, a.seed
    );
    for g in &games {
        text.push_str(g);
    }
    fs::write(&a.out, text).map_err(|e| format!("{}: {e}", a.out.display()))?;
    let positions = games.iter().map(|g| g.lines().count()).sum::<usize>();
    println!(
        "{} games, {positions} positions written to {}",
        games.len(),
        a.out.display()
    );
    Ok(())
}

/// One self-play game: its positions after the opening, a line each, with the result.
fn play_game(seed: u64, game: u64, nodes: u64) -> String {
    let mut rng = Rng::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ game);
    let mut pos = Position::start(ccp::ccerl_variant());
    let mut ply = 0u32;
    let opening = 2 + rng.below(7) as u32;
    let mut seen = Vec::new();
    let result = loop {
        if let Some(v) = ccp::verdict(&pos, ply, ccp::CCERL_MAX_PLIES) {
            break match v {
                Verdict::Win(0, _) => "1",
                Verdict::Win(_, _) => "0",
                Verdict::Draw(_) => "0.5",
            };
        }
        let m: Option<Move> = if ply < opening {
            let moves = pos.legal_moves();
            let home = pos.variant().home_camps()[pos.turn() - 1] as usize;
            let g = pos.geometry();
            let forward: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| g.distance_to_target(home, m.to) < g.distance_to_target(home, m.from))
                .collect();
            let pool = if forward.is_empty() { &moves } else { &forward };
            pool.get(rng.below(pool.len().max(1) as u64) as usize).copied()
        } else {
            seen.push(pos.to_string());
            think(
                &pos,
                Player::Level(5),
                Budget::nodes(nodes),
                rng.next_u64(),
                &NoClock,
            )
            .map(|t| t.mv)
        };
        let Some(m) = m else { break "0.5" };
        match pos.after(m) {
            Ok(p) => pos = p,
            Err(_) => break "0.5",
        }
        ply += 1;
    };
    let mut out = format!("# game {game}\n");
    for p in seen {
        let _ = writeln!(out, "{result} {p}");
    }
    out
}

/// A position as the fit sees it: the result for the first player, the pieces of the first
/// player less the second's in each class, and +1 when the first player is to move (-1
/// else).
struct Sample {
    result: f64,
    counts: Vec<(u16, f64)>,
    to_move: f64,
    held_out: bool,
    /// Candidate features outside the cell values, for the report only: see [`EXTRA`].
    extra: [f64; EXTRA.len()],
}

/// Candidate features the fit reports on (each added alone to the cell values): whether
/// they would predict the results better. For the first player, less the second's.
const EXTRA: [&str; 2] = [
    "the hindmost piece's rows from the goal",
    "the best move's rows gained for the side to move (signed by the side)",
];

/// The [`EXTRA`] features of `pos`.
fn extra_features(pos: &Position) -> [f64; EXTRA.len()] {
    let g = pos.geometry();
    let dist = |seat: usize, c| {
        let home = pos.variant().home_camps()[seat - 1] as usize;
        f64::from(g.distance_to_target(home, c))
    };
    let hindmost = |seat: usize| {
        pos.pieces(seat)
            .iter()
            .map(|&c| dist(seat, c))
            .fold(0.0, f64::max)
    };
    let mover = pos.turn();
    let best = pos
        .legal_moves()
        .iter()
        .map(|m| dist(mover, m.from) - dist(mover, m.to))
        .fold(0.0, f64::max);
    [hindmost(1) - hindmost(2), if mover == 1 { best } else { -best }]
}

fn read_samples(paths: &[PathBuf], classes: &CellClasses) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    let mut game = 0usize;
    for path in paths {
        let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        for (n, line) in text.lines().enumerate() {
            if line.starts_with("# game") {
                game += 1;
            }
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let bad = |e: String| format!("{}:{}: {e}", path.display(), n + 1);
            let (result, rest) = line
                .split_once(' ')
                .ok_or_else(|| bad("expected '<result> <position>'".into()))?;
            let result: f64 = match result {
                "1" => 1.0,
                "0" => 0.0,
                "0.5" => 0.5,
                r => return Err(bad(format!("'{r}' is not a result (1, 0.5 or 0)"))),
            };
            let pos = Position::from_variant_or_position(rest).map_err(|e| bad(e.to_string()))?;
            let mut counts = vec![0.0; classes.keys.len()];
            for seat in 0..2 {
                let sign = if seat == 0 { 1.0 } else { -1.0 };
                for c in pos.pieces(seat + 1) {
                    counts[classes.class_of(seat, c)] += sign;
                }
            }
            samples.push(Sample {
                result,
                counts: counts
                    .iter()
                    .enumerate()
                    .filter(|(_, &v)| v != 0.0)
                    .map(|(k, &v)| (k as u16, v))
                    .collect(),
                to_move: if pos.turn() == 1 { 1.0 } else { -1.0 },
                held_out: game % 10 == 0,
                extra: extra_features(&pos),
            });
        }
    }
    Ok(samples)
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// The linear score of a sample under weights `w` (one a class, then the side to move).
fn score(s: &Sample, w: &[f64]) -> f64 {
    s.counts.iter().map(|&(k, v)| w[k as usize] * v).sum::<f64>() + w[w.len() - 1] * s.to_move
}

/// Mean log-loss of the samples selected by `pick`.
fn log_loss(samples: &[Sample], w: &[f64], pick: impl Fn(&Sample) -> bool) -> f64 {
    let (mut sum, mut n) = (0.0f64, 0.0f64);
    for s in samples.iter().filter(|s| pick(s)) {
        let p = sigmoid(score(s, w)).clamp(1e-12, 1.0 - 1e-12);
        sum -= s.result * p.ln() + (1.0 - s.result) * (1.0 - p).ln();
        n += 1.0;
    }
    sum / n.max(1.0)
}

/// Newton's method for ridge-penalised logistic regression on the training samples:
/// `ridge[i]` pulls weight `i` toward `centre[i]` (the ridge also fixes the values' common
/// offset, which the score does not see: both sides have as many pieces).
fn newton(samples: &[Sample], centre: &[f64], ridge: &[f64], rounds: usize) -> Vec<f64> {
    let n = centre.len();
    let mut w = centre.to_vec();
    for _ in 0..rounds {
        let mut grad: Vec<f64> = (0..n).map(|i| 2.0 * ridge[i] * (w[i] - centre[i])).collect();
        let mut hess = vec![vec![0.0; n]; n];
        for (i, row) in hess.iter_mut().enumerate() {
            row[i] = 2.0 * ridge[i];
        }
        for s in samples.iter().filter(|s| !s.held_out) {
            let p = sigmoid(score(s, &w));
            let (g, h) = (p - s.result, p * (1.0 - p));
            let mut x: Vec<(usize, f64)> = s.counts.iter().map(|&(k, v)| (k as usize, v)).collect();
            x.push((n - 1, s.to_move));
            for &(i, xi) in &x {
                grad[i] += g * xi;
                for &(j, xj) in &x {
                    hess[i][j] += h * xi * xj;
                }
            }
        }
        let step = solve(hess, grad);
        let mut largest: f64 = 0.0;
        for i in 0..n {
            w[i] -= step[i];
            largest = largest.max(step[i].abs());
        }
        if largest < 1e-7 {
            break;
        }
    }
    w
}

/// Solves `a x = b` for a symmetric positive definite `a` (Gaussian elimination with
/// partial pivoting).
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for c in 0..n {
        let p = (c..n)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .unwrap_or(c);
        a.swap(c, p);
        b.swap(c, p);
        let d = a[c][c];
        if d.abs() < 1e-300 {
            continue;
        }
        let (top, rest) = a.split_at_mut(c + 1);
        let pivot = &top[c];
        for (i, row) in rest.iter_mut().enumerate() {
            let f = row[c] / d;
            if f != 0.0 {
                for (x, &y) in row[c..].iter_mut().zip(&pivot[c..]) {
                    *x -= f * y;
                }
                b[c + 1 + i] -= f * b[c];
            }
        }
    }
    let mut x = vec![0.0; n];
    for c in (0..n).rev() {
        let s: f64 = (c + 1..n).map(|k| a[c][k] * x[k]).sum();
        x[c] = if a[c][c].abs() < 1e-300 {
            0.0
        } else {
            (b[c] - s) / a[c][c]
        };
    }
    x
}

/// The samples with [`EXTRA`] feature `e` as one more class, `class`.
fn with_extra(samples: &[Sample], class: usize, e: usize) -> Vec<Sample> {
    samples
        .iter()
        .map(|s| {
            let mut counts = s.counts.clone();
            counts.push((class as u16, s.extra[e]));
            Sample { counts, ..*s }
        })
        .collect()
}

/// Weights (or ridges) with one more class, `value`, before the side to move's (the last).
fn one_more(w: &[f64], value: f64) -> Vec<f64> {
    let (classes, last) = w.split_at(w.len() - 1);
    let mut v = classes.to_vec();
    v.push(value);
    v.extend_from_slice(last);
    v
}

fn fit(a: FitArgs) -> Outcome {
    let classes = CellClasses::new(&ccp::ccerl_variant()).ok_or("the CCERL variant has no cell classes")?;
    let samples = read_samples(&a.data, &classes)?;
    let train_n = samples.iter().filter(|s| !s.held_out).count();
    if train_n == 0 {
        return Err("no positions to fit".into());
    }
    let k = classes.keys.len();
    // First the hand-set values as they are, with one scale and the side to move: the scale
    // turns hundredths of a row into the fit's units.
    let prior_samples: Vec<Sample> = samples
        .iter()
        .map(|s| Sample {
            result: s.result,
            counts: vec![(
                0,
                s.counts
                    .iter()
                    .map(|&(c, v)| f64::from(classes.prior[c as usize]) * v)
                    .sum(),
            )],
            to_move: s.to_move,
            held_out: s.held_out,
            extra: s.extra,
        })
        .collect();
    let base = newton(&prior_samples, &[0.0, 0.0], &[0.0, 0.0], 30);
    let mut scale = base[0];
    if scale <= 0.0 {
        return Err(format!(
            "the hand-set evaluation does not predict the results (scale {scale})"
        ));
    }
    let mut centre: Vec<f64> = classes.prior.iter().map(|&v| f64::from(v) * scale).collect();
    centre.push(base[1]);
    let mut ridge = vec![a.lambda * train_n as f64; k];
    ridge.push(0.0);
    let w = newton(&samples, &centre, &ridge, 30);
    let held = |s: &Sample| s.held_out;
    let train = |s: &Sample| !s.held_out;
    println!(
        "{} positions ({} held out), {k} classes",
        samples.len(),
        samples.len() - train_n
    );
    println!(
        "hand-set: scale {scale:.6} a hundredth of a row, side to move {:.1} hundredths of a row; log-loss train {:.5}, held out {:.5}",
        base[1] / scale,
        log_loss(&samples, &centre, train),
        log_loss(&samples, &centre, held)
    );
    println!(
        "cell values: side to move {:.1} hundredths of a row; log-loss train {:.5}, held out {:.5}",
        w[k] / scale,
        log_loss(&samples, &w, train),
        log_loss(&samples, &w, held)
    );
    for (e, name) in EXTRA.iter().enumerate() {
        // The feature as one more class, its value free.
        let with = with_extra(&samples, k, e);
        let we = newton(&with, &one_more(&w, 0.0), &one_more(&ridge, 0.0), 30);
        println!(
            "with {name}: weight {:.1} hundredths of a row a row; log-loss held out {:.5}",
            we[k] / scale,
            log_loss(&with, &we, held)
        );
    }
    // The engine's model: the cell values and the hindmost piece (EXTRA[0]).
    let joint = with_extra(&samples, k, 0);
    let mut c = one_more(&centre, 0.0);
    let mut r = one_more(&ridge, 0.0);
    if a.keep_cells {
        // The hand-set values as they are (one class of weight `scale`), the hindmost free.
        let hs: Vec<Sample> = prior_samples
            .iter()
            .map(|s| {
                let mut counts = s.counts.clone();
                counts.push((1, s.extra[0]));
                Sample { counts, ..*s }
            })
            .collect();
        let f = newton(&hs, &[scale, 0.0, base[1]], &[0.0; 3], 30);
        c = classes.prior.iter().map(|&v| f64::from(v) * f[0]).collect();
        c.push(f[1]);
        c.push(f[2]);
        r = vec![1e12; k];
        r.push(0.0);
        r.push(0.0);
        scale = f[0];
    }
    let w = newton(&joint, &c, &r, 30);
    let (train_loss, held_loss) = (log_loss(&joint, &w, train), log_loss(&joint, &w, held));
    println!(
        "written: cell values and the hindmost piece ({:.1} hundredths of a row a row), side to move {:.1}; log-loss train {train_loss:.5}, held out {held_loss:.5}",
        w[k] / scale,
        w[k + 1] / scale
    );
    // In hundredths of a row.
    let values: Vec<i32> = w[..k].iter().map(|&x| (x / scale).round() as i32).collect();
    let mut text = String::new();
    let headers: Vec<String> = a
        .data
        .iter()
        .filter_map(|p| {
            fs::read_to_string(p)
                .ok()?
                .lines()
                .next()
                .map(|l| l.trim_start_matches("# ").to_string())
        })
        .collect();
    let _ = writeln!(
        text,
        "//! The learnt cell values of the standard star for two (`super`), written by\n\
         //! `halma train fit --lambda {}{}{}` on the positions of\n//! `{}`.\n\
         //! {} positions ({} held out); log-loss held out: hand-set {:.5}, learnt {:.5}.\n\n\
         /// Whether the engine plays with these values (else with the hand-set ones).\n\
         pub(super) const PLAY: bool = {};\n\n\
         /// Hundredths of a row a row of the hindmost piece's distance from its goal.\n\
         pub(super) const HINDMOST: i32 = {};\n\n\
         /// (rows from the goal, distance from the axis in hundredths, value in hundredths of a\n\
         /// row), one a class.\n\
         #[rustfmt::skip]\n\
         pub(super) const VALUES: [(i32, i32, i32); {k}] = [",
        a.lambda,
        if a.keep_cells { " --keep-cells" } else { "" },
        if a.play { " --play" } else { "" },
        headers.join("`,\n//! `"),
        samples.len(),
        samples.len() - train_n,
        log_loss(&samples, &centre, held),
        held_loss,
        a.play,
        (w[k] / scale).round() as i32,
    );
    for (i, &(d, lat)) in classes.keys.iter().enumerate() {
        let _ = writeln!(text, "    ({d}, {lat}, {}),", values[i]);
    }
    text.push_str("];\n");
    fs::write(&a.out, text).map_err(|e| format!("{}: {e}", a.out.display()))?;
    println!("wrote {}", a.out.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solve_inverts_a_symmetric_system() {
        let a = vec![vec![4.0, 1.0, 0.5], vec![1.0, 3.0, 0.2], vec![0.5, 0.2, 2.0]];
        let x = [1.0, -2.0, 0.5];
        let b: Vec<f64> = a
            .iter()
            .map(|r| r.iter().zip(&x).map(|(p, q)| p * q).sum())
            .collect();
        let got = solve(a, b);
        for (g, w) in got.iter().zip(x) {
            assert!((g - w).abs() < 1e-9, "{got:?}");
        }
    }

    #[test]
    fn newton_recovers_the_weights_that_made_the_results() {
        // Results drawn from known weights; the fit without a ridge finds them again.
        let truth = [0.8, -0.5, 0.3];
        let mut rng = Rng::new(5);
        let samples: Vec<Sample> = (0..20_000)
            .map(|_| {
                let counts: Vec<(u16, f64)> = (0..2).map(|k| (k as u16, rng.below(7) as f64 - 3.0)).collect();
                let to_move = if rng.below(2) == 0 { 1.0 } else { -1.0 };
                let mut s = Sample {
                    result: 0.0,
                    counts,
                    to_move,
                    held_out: false,
                    extra: [0.0; EXTRA.len()],
                };
                let p = sigmoid(score(&s, &truth));
                s.result = if (rng.below(1_000_000) as f64) < p * 1e6 {
                    1.0
                } else {
                    0.0
                };
                s
            })
            .collect();
        let w = newton(&samples, &[0.0; 3], &[0.0; 3], 30);
        for (g, t) in w.iter().zip(truth) {
            assert!((g - t).abs() < 0.06, "{w:?}");
        }
        assert!(log_loss(&samples, &w, |_| true) < log_loss(&samples, &[0.0; 3], |_| true));
    }

    #[test]
    fn a_self_play_game_writes_positions_with_one_result() {
        let text = play_game(3, 0, 2000);
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some("# game 0"));
        let results: Vec<&str> = lines.map(|l| l.split(' ').next().unwrap_or("")).collect();
        assert!(results.len() > 20, "{} positions", results.len());
        assert!(results.iter().all(|&r| r == results[0]) && ["1", "0.5", "0"].contains(&results[0]));
        assert_eq!(text, play_game(3, 0, 2000), "the same seed plays the same game");
    }
}
