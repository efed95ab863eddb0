//! Self-play matches between two players, for measuring strength (`halma selfplay`).

use super::{think_after, Budget, Clock, Player, Rng};
use crate::error::{Error, ErrorKind};
use crate::game::{Game, Outcome};
use crate::variant::Variant;

/// A match: player A against player B over a number of games of one variant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Match {
    /// The variant played (two or more seats).
    pub variant: Variant,
    /// Player A.
    pub a: Player,
    /// Player B (every seat that is not A's).
    pub b: Player,
    /// Games played.
    pub games: u32,
    /// Each player's budget per move.
    pub budget: Budget,
    /// Seed of the openings and of the players' choices.
    pub seed: u64,
    /// Random forward plies per seat that open each pair of games.
    pub opening: u32,
}

/// A game's result for player A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A won alone.
    Win,
    /// A shared the win, or nobody won.
    Draw,
    /// Someone else won.
    Loss,
}

/// One finished game of a match.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// The game's number, from 0.
    pub number: u32,
    /// A's seat, 1-based.
    pub a_seat: usize,
    /// The result for A.
    pub verdict: Verdict,
    /// The game as played.
    pub game: Game,
}

/// What one side of a match spent on its moves.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SideStats {
    /// Moves chosen (the opening's random moves not counted).
    pub moves: u64,
    /// Positions searched.
    pub nodes: u64,
    /// Milliseconds of the match's clock spent choosing.
    pub millis: f64,
}

/// A side of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Player A.
    A,
    /// Player B.
    B,
}

/// The results of a match, from A's side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchReport {
    /// Games played.
    pub games: u32,
    /// Games A won alone.
    pub wins: u32,
    /// Games A shared or nobody won.
    pub draws: u32,
    /// Games someone else won.
    pub losses: u32,
    /// Plies played in all the games (the openings included).
    pub plies: usize,
    /// The sum of A's places (1 = first) in the final standings.
    pub place_total: usize,
    /// A against each single B seat in the final standings: 1 for ahead, ½ for level.
    pub pairs_ahead: f64,
    /// The pairings counted in `pairs_ahead`.
    pub pairs: usize,
    /// What A (index 0) and B (index 1) spent.
    pub sides: [SideStats; 2],
}

impl MatchReport {
    /// A's score: wins and half the draws, as a share of the games (0 to 1).
    pub fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games.max(1) as f64
    }

    /// A's average place in the final standings.
    pub fn average_place(&self) -> f64 {
        self.place_total as f64 / self.games.max(1) as f64
    }

    /// The share of pairings against single B seats that A won (level ones count half);
    /// `None` when there were none.
    pub fn pairings_won(&self) -> Option<f64> {
        (self.pairs > 0).then(|| self.pairs_ahead / self.pairs as f64)
    }

    /// Average plies per game.
    pub fn average_plies(&self) -> f64 {
        self.plies as f64 / self.games.max(1) as f64
    }

    /// What `side` spent.
    pub fn side(&self, side: Side) -> &SideStats {
        &self.sides[side as usize]
    }
}

/// Plays the match `m`. Seats are swapped every game (with three or more seats, A takes
/// each seat in turn and B plays all the others). Each pair of games shares an opening of
/// `m.opening` random forward plies per seat, so the pair differs only in who sits where.
/// `on_game` sees each game as it ends; `clock` times the players and bounds time budgets.
///
/// Errors: the variant has fewer than two seats.
///
/// # Examples
/// ```
/// use halma::ai::{selfplay, Budget, Match, NoClock, Player};
/// let m = Match {
///     variant: "star-2".parse()?,
///     a: Player::Greedy,
///     b: Player::Random,
///     games: 2,
///     budget: Budget::nodes(1000),
///     seed: 1,
///     opening: 2,
/// };
/// let report = selfplay(&m, &NoClock, &mut |_| {})?;
/// assert_eq!(report.wins + report.draws + report.losses, 2);
/// # Ok::<(), halma::Error>(())
/// ```
pub fn selfplay(
    m: &Match,
    clock: &dyn Clock,
    on_game: &mut dyn FnMut(&GameReport),
) -> Result<MatchReport, Error> {
    let seats = m.variant.seats();
    if seats < 2 {
        return Err(Error::new(
            ErrorKind::Variant,
            format!("{}: self-play needs a variant with two or more seats", m.variant),
        ));
    }
    let mut r = MatchReport {
        games: m.games,
        ..MatchReport::default()
    };
    for number in 0..m.games {
        let a_seat = if seats == 2 {
            (number % 2) as usize
        } else {
            (number as usize) % seats
        };
        let mut game = Game::new(m.variant);
        // The pair's shared opening: random moves that do not go backwards.
        let mut rng = Rng::new(m.seed.wrapping_mul(1_000_003).wrapping_add((number / 2) as u64));
        for _ in 0..m.opening as usize * seats {
            if game.is_over() {
                break;
            }
            let p = game.position();
            let s = p.turn() - 1;
            let g = p.geometry();
            let fwd: Vec<_> = p
                .legal_moves()
                .into_iter()
                .filter(|mv| p.rules().progress(s, g.pad(mv.from), g.pad(mv.to)) >= 0)
                .collect();
            if fwd.is_empty() {
                break;
            }
            let mv = fwd[rng.below(fwd.len() as u64) as usize];
            game.play(mv).expect("a legal opening move");
        }
        while !game.is_over() {
            let p = game.position();
            let side = usize::from(p.turn() - 1 != a_seat);
            let player = if side == 0 { m.a } else { m.b };
            let t = clock.now_ms();
            let seed = m.seed ^ (number as u64) << 32 ^ game.history().len() as u64;
            let th = think_after(p, game.earlier_hashes(), player, m.budget, seed, clock)
                .expect("the seat to move has a move");
            let spent = &mut r.sides[side];
            spent.millis += clock.now_ms() - t;
            spent.moves += 1;
            spent.nodes += th.nodes;
            game.play(th.mv).expect("the computer plays legal moves");
        }
        r.plies += game.history().len();
        let standings = game.standings();
        if let Some(me) = standings.iter().find(|st| st.seat == a_seat + 1) {
            r.place_total += me.rank;
            // With three or more seats, A against each B seat separately, so a near miss
            // behind one greedy player still shows as beating the others.
            for other in standings.iter().filter(|st| st.seat != me.seat) {
                r.pairs += 1;
                r.pairs_ahead += match me.rank.cmp(&other.rank) {
                    std::cmp::Ordering::Less => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Greater => 0.0,
                };
            }
        }
        let verdict = match game.outcome() {
            Some(Outcome::Win { winners }) if winners.contains(a_seat + 1) && winners.len() == 1 => {
                Verdict::Win
            }
            Some(Outcome::Win { winners }) if winners.contains(a_seat + 1) => Verdict::Draw,
            Some(Outcome::Win { .. }) => Verdict::Loss,
            _ => Verdict::Draw,
        };
        match verdict {
            Verdict::Win => r.wins += 1,
            Verdict::Draw => r.draws += 1,
            Verdict::Loss => r.losses += 1,
        }
        on_game(&GameReport {
            number,
            a_seat: a_seat + 1,
            verdict,
            game,
        });
    }
    Ok(r)
}
