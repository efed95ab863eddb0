//! Static evaluation: how good each cell is for each seat, and the position score.
//!
//! A piece's value is dominated by its distance to the far end of its target camp, with a
//! convex cost so that pieces left behind weigh more than the leaders (a straggler costs
//! the whole army time at the end), a small cost for drifting away from the line between the
//! camps (side lanes give fewer hop ladders and longer ways home), and a bonus for standing
//! inside the target camp (what finally wins). On square boards distance is measured
//! Manhattan-style toward the target corner, which matches the staircase camps better than
//! king moves (a cell on the camp's diagonal edge is as close as one deep inside).
//!
//! On the standard star for two, the cell values are learnt instead (`halma train`, the
//! weights in `eval/star2.rs`, their provenance in `docs/ai.md`): one value a cell class
//! (its rows from the goal and its distance from the axis), fitted to the outcomes of
//! self-play games.

use crate::geometry::Shape;
use crate::geometry::{square_target_corner, Cell};
use crate::position::{Position, Rules, MAX_SEATS};
use crate::Variant;

use super::search::MAX_DEPTH;

/// Units of evaluation: one row of progress is about `ROW` points.
pub(crate) const ROW: i32 = 100;
/// A piece `d` rows from its goal costs `d + d²/CONVEX` rows. Tuned by self-play against
/// the greedy player on `star-2` (1/16: 95%, 1/8: 99%, 1/5: 100% of 100 games). On `star-6`
/// (level 5 against five greedy players, 100k nodes, seeds 11–22, where 1/5 won 93.5% and
/// 95.0% in two runs) other weights made no measurable difference: 1/2 won 93.6%, 1/3 95.0%
/// (but 93.0% on seeds 23–34, where 1/5 won 94.0% on seeds 23–32), 1/9 93.7%.
const CONVEX: i32 = 5;
/// Level 5's cost on the standard star for two: `d + d²/CONVEX_LEVEL5` rows, far steeper.
/// The levels below keep [`CONVEX`] (their blur and ladder were measured with it). Against
/// the MCTS engine at 100 ms a move, 32 games each: 1/5 scored 19%, 1/3 33%, 1/2 42%, 1/1
/// 55%, 2/1 58%, linear 0%; 1/1 beat 1/5 by 30-0-2 (docs/ai.md, "The straggler's cost").
const CONVEX_LEVEL5: i32 = 1;
/// What having the move is worth at a two-sided leaf, in points: the side to move is
/// about a move ahead, so leaves after our move and after theirs are comparable only with
/// this correction. (In a race, a leaf where we are to move counts our next move's actual
/// gain instead: `Searcher::next_gain`.)
const TEMPO: i32 = 150;
/// Level 5's tempo with [`CONVEX_LEVEL5`], where a move's gain is several times larger.
/// Against the MCTS engine at 100 ms a move, 256 games each, side by side: 58.6% against
/// 48.4% with [`TEMPO`]; 32 games each: none 36%, 1.5 rows 55%, 6 rows 61%, 15 rows 67%,
/// 30 rows 56% (`docs/ai.md`, "The tempo").
const TEMPO_LEVEL5: i32 = 1500;
/// Level 5's two-sided leaves on the standard star for two are scored after the side to
/// move plays its most-progress move (see `Searcher::greedy_leaf`): the leaf then sees the
/// hop the mover has ready, which a static value misses (`docs/ai.md`, "The leaf's greedy
/// move").
const LEAF_MOVES_LEVEL5: u8 = 1;
/// Level 5 on the standard star for two keeps a deepening iteration cut off by its budget
/// only when the iteration's depth is odd (see `Searcher::run`): with the even ones too,
/// four times the nodes scored 31 to 45% against itself; without them, 56% (`docs/ai.md`,
/// "Depth and time").
const ODD_PARTIALS_LEVEL5: bool = true;
/// Level 5 on the standard star for two deepens to this depth at most: depth 7 costs about
/// twelve times depth 6, beyond its budgets. Without the paired choice below, a complete
/// depth 6 lost to depth 5 (8-0-24 at fixed depth) and the cap was 5 (`docs/ai.md`, "At
/// most five plies"); with it, depth 6 beat depth 5 (74.2%).
const MAX_DEPTH_LEVEL5: u32 = 6;
/// From this depth of its deepening on, level 5 on the standard star for two chooses its
/// move by two depths at once (see `Searcher::run`): at a fixed depth of 5 it scored 66.4%
/// against the choice by depth 5 alone, at 100 ms a move 63.7% (`docs/ai.md`, "Two depths
/// at the root").
const PAIRED_FROM_LEVEL5: u32 = 5;
/// Cost per cell of distance from the line between the camps, in rows.
const LATERAL: f32 = 0.3;
/// Bonus for standing inside the target camp.
const IN_TARGET: i32 = ROW / 2;

/// The learnt values of the standard star for two (`halma train fit` writes the file).
mod star2;

/// What the evaluation knows of a cell for one seat.
#[derive(Clone, Copy, Debug)]
struct CellTerms {
    cell: Cell,
    /// Rows (star) or Manhattan units (square) from the goal.
    dist: i32,
    /// Evaluation points a unit of `dist`.
    per_unit: i32,
    /// Distance from the line between the camps, in layout units.
    lateral: f32,
    in_target: bool,
}

/// The terms of every cell for every seat of `rules`.
fn cell_terms(rules: &Rules) -> Vec<Vec<CellTerms>> {
    let geo = &rules.geo;
    let v = &rules.variant;
    // Centre of the layout, on every camp-to-camp axis.
    let n = geo.len() as f32;
    let (cx, cy) = geo.cells().fold((0.0, 0.0), |(x, y), c| {
        let (a, b) = geo.layout(c);
        (x + a / n, y + b / n)
    });
    let centre = |k: usize| {
        let cells = geo.camp(k);
        let m = cells.len() as f32;
        cells.iter().fold((0.0, 0.0), |(x, y), &c| {
            let (a, b) = geo.layout(c);
            (x + a / m, y + b / m)
        })
    };
    (0..rules.seats)
        .map(|s| {
            let home_camp = v.home_camps()[s] as usize;
            let target = v.target_camp(s);
            // Axis direction: from the home camp's centre toward the target camp's centre.
            let (hx, hy) = centre(home_camp);
            let (tx, ty) = centre(geo.opposite_camp(home_camp));
            let len = ((tx - hx).powi(2) + (ty - hy).powi(2)).sqrt().max(1e-3);
            let (ax, ay) = ((tx - hx) / len, (ty - hy) / len);
            geo.cells()
                .map(|c| {
                    let (x, y) = geo.layout(c);
                    let lateral = ((x - cx) * ay - (y - cy) * ax).abs();
                    let (dist, per_unit) = match geo.shape() {
                        Shape::Star { .. } => (geo.distance_to_target(home_camp, c), ROW),
                        Shape::Square { size } => {
                            let (px, py) = geo.coord(c);
                            let (gx, gy) = square_target_corner(size, geo.opposite_camp(home_camp));
                            ((px - gx).abs() + (py - gy).abs(), ROW / 2)
                        }
                    };
                    CellTerms {
                        cell: c,
                        dist,
                        per_unit,
                        lateral,
                        in_target: target.is_some_and(|t| geo.camp(t).contains(&c)),
                    }
                })
                .collect()
        })
        .collect()
}

impl CellTerms {
    /// The hand-set value: a convex distance cost (`d + d²/convex` rows), the lane drift,
    /// the camp bonus.
    fn hand_set(&self, convex: i32) -> i32 {
        let (d, u) = (self.dist, self.per_unit);
        let mut val = -(d * u + d * d * u / convex);
        val -= (self.lateral * u as f32 * LATERAL) as i32;
        if self.in_target {
            val += IN_TARGET;
        }
        val
    }

    /// The class of the cell: its distance and its distance from the axis in hundredths
    /// (a cell and its mirror image share a class).
    fn class(&self) -> (i32, i32) {
        (self.dist, (self.lateral * 100.0).round() as i32)
    }
}

/// Whether the learnt values apply: a board with [`CellClasses`], and the values in play
/// ([`star2::PLAY`]: a fit that did not play better stays out of play, recorded).
fn learnt_applies(rules: &Rules) -> bool {
    has_classes(rules) && star2::PLAY
}

/// Whether the board has [`CellClasses`]: the standard star (side 4) with two seats.
fn has_classes(rules: &Rules) -> bool {
    matches!(rules.geo.shape(), Shape::Star { side: 4 }) && rules.seats == 2
}

/// The learnt value of a cell class (rows from the goal, distance from the axis in
/// hundredths), in hundredths of a row.
fn learnt_value(class: (i32, i32)) -> Option<i32> {
    star2::VALUES
        .iter()
        .find(|&&(d, lat, _)| (d, lat) == class)
        .map(|&(.., v)| v)
}

/// Per-seat cell values for one variant.
#[derive(Debug)]
pub(crate) struct EvalTables {
    /// `value[s][pad]`: worth of a piece of seat `s` on padded cell `pad`.
    pub value: [Vec<i32>; MAX_SEATS],
    /// Sum of the values of seat `s`'s home cells (its score at the start).
    pub home: [i32; MAX_SEATS],
    /// The learnt weight of the hindmost piece's distance (the straggler the whole army
    /// waits for), negative: the evaluation adds it times the rows of each side's hindmost
    /// piece from its goal, ours less theirs. 0 where nothing is learnt.
    pub hindmost: i32,
    /// What having the move is worth at a two-sided leaf, in points.
    pub tempo: i32,
    /// How many greedy moves a two-sided leaf plays before it is scored (0: none).
    pub leaf_moves: u8,
    /// Whether an iteration of the deepening cut off by the budget replaces the last
    /// complete iteration's move only when its depth is odd (the root's side moves last on
    /// its lines): see `Searcher::run`.
    pub odd_partials: bool,
    /// The deepest iteration of the two-sided search's deepening.
    pub max_depth: u32,
    /// From this depth of the two-sided search's deepening on, the root's move is chosen by
    /// the sum of its scores at the iteration's depth and at the depth before (see
    /// `Searcher::run`); `u32::MAX`: by the iteration's depth alone.
    pub paired_from: u32,
}

impl EvalTables {
    /// The values of levels 1 to 4 (and of every level off the standard star for two).
    pub(crate) fn new(rules: &Rules) -> EvalTables {
        EvalTables::with_convex(rules, CONVEX, TEMPO, 0)
    }

    /// Level 5's values: on the standard star for two the steeper cost of
    /// [`CONVEX_LEVEL5`], its tempo, its leaves' greedy move, only odd cut-off iterations,
    /// at most [`MAX_DEPTH_LEVEL5`] plies and the move chosen by two depths from
    /// [`PAIRED_FROM_LEVEL5`] on, elsewhere those of [`EvalTables::new`].
    pub(crate) fn level5(rules: &Rules) -> EvalTables {
        if has_classes(rules) {
            EvalTables {
                odd_partials: ODD_PARTIALS_LEVEL5,
                max_depth: MAX_DEPTH_LEVEL5,
                paired_from: PAIRED_FROM_LEVEL5,
                ..EvalTables::with_convex(rules, CONVEX_LEVEL5, TEMPO_LEVEL5, LEAF_MOVES_LEVEL5)
            }
        } else {
            EvalTables::new(rules)
        }
    }

    fn with_convex(rules: &Rules, convex: i32, tempo: i32, leaf_moves: u8) -> EvalTables {
        let geo = &rules.geo;
        let v = &rules.variant;
        let learnt = learnt_applies(rules);
        let mut value: [Vec<i32>; MAX_SEATS] = Default::default();
        let mut home = [0; MAX_SEATS];
        for (s, terms) in cell_terms(rules).into_iter().enumerate() {
            let mut table = vec![0i32; geo.pad_len];
            for t in terms {
                let value = if learnt { learnt_value(t.class()) } else { None };
                table[geo.pad(t.cell)] = value.unwrap_or_else(|| t.hand_set(convex));
            }
            let home_camp = v.home_camps()[s] as usize;
            home[s] = geo.camp(home_camp).iter().map(|&c| table[geo.pad(c)]).sum();
            value[s] = table;
        }
        let hindmost = if learnt { star2::HINDMOST } else { 0 };
        EvalTables {
            value,
            home,
            hindmost,
            tempo,
            leaf_moves,
            odd_partials: false,
            max_depth: MAX_DEPTH,
            paired_from: u32::MAX,
        }
    }

    /// Progress of seat `s` (0-based): the value of its pieces relative to the start,
    /// so seats with different camps compare fairly.
    #[inline]
    pub(crate) fn seat_score(&self, pos: &Position, s: usize) -> i32 {
        let t = &self.value[s];
        let sum: i32 = pos.pieces[s][..pos.count[s] as usize]
            .iter()
            .map(|&p| t[p as usize])
            .sum();
        sum - self.home[s]
    }

    /// Gain for seat `s` of moving a piece from padded `from` to padded `to`.
    #[inline]
    pub(crate) fn gain(&self, s: usize, from: usize, to: usize) -> i32 {
        self.value[s][to] - self.value[s][from]
    }
}

/// The classes of cells the learnt evaluation gives values to (`halma train`): on the
/// standard star for two, a cell's rows from its goal and its distance from the axis, as
/// seen by each seat, so that one value serves both seats and mirror images.
#[derive(Clone, Debug)]
pub struct CellClasses {
    /// Each class's key: rows from the goal, distance from the axis in hundredths.
    pub keys: Vec<(i32, i32)>,
    /// Each class's hand-set value (hundredths of a row), the prior of a fit.
    pub prior: Vec<i32>,
    /// `class[seat][cell]`: the class of a cell for a seat.
    class: Vec<Vec<u16>>,
}

impl CellClasses {
    /// The classes of `variant`, `None` unless it is a star of side 4 for two seats.
    pub fn new(variant: &Variant) -> Option<CellClasses> {
        let rules = Rules::new(*variant);
        if !has_classes(&rules) {
            return None;
        }
        let terms = cell_terms(&rules);
        let mut keys: Vec<(i32, i32)> = terms[0].iter().map(CellTerms::class).collect();
        keys.sort_unstable();
        keys.dedup();
        let of = |k: (i32, i32)| keys.binary_search(&k).ok();
        let mut prior = vec![0; keys.len()];
        let mut class = Vec::new();
        for seat_terms in &terms {
            let mut row = vec![u16::MAX; rules.geo.len()];
            for t in seat_terms {
                let k = of(t.class())?;
                row[t.cell.index()] = k as u16;
                prior[k] = t.hand_set(CONVEX);
            }
            class.push(row);
        }
        Some(CellClasses { keys, prior, class })
    }

    /// The class of `cell` for `seat` (0-based).
    pub fn class_of(&self, seat: usize, cell: Cell) -> usize {
        self.class[seat][cell.index()] as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The learnt values by class.
    fn learnt() -> Vec<((i32, i32), i32)> {
        star2::VALUES.iter().map(|&(d, lat, v)| ((d, lat), v)).collect()
    }

    #[test]
    fn every_learnt_value_is_a_class_of_the_star() {
        const { assert!(star2::HINDMOST < 0, "the hindmost piece costs") };
        let learnt = learnt();
        let classes = CellClasses::new(&"star-2".parse().unwrap()).unwrap();
        assert_eq!(learnt.len(), classes.keys.len(), "one value a class");
        for (k, _) in &learnt {
            assert!(classes.keys.contains(k), "{k:?} is no class of the star");
        }
    }

    #[test]
    fn level5_is_steeper_on_the_standard_star_for_two_only() {
        let names = [
            "star-2",
            "star-2+any-camp+balance+turns=120",
            "star-2+side=3",
            "star-3",
            "star-6",
            "halma",
            "halma-8x8",
        ];
        for name in names {
            let rules = Rules::new(name.parse().unwrap());
            let (levels, deep) = (EvalTables::new(&rules), EvalTables::level5(&rules));
            let steep = name.starts_with("star-2") && !name.contains("side=3");
            let convex = if steep { CONVEX_LEVEL5 } else { CONVEX };
            for (s, terms) in cell_terms(&rules).into_iter().enumerate() {
                for t in terms {
                    let pad = rules.geo.pad(t.cell);
                    assert_eq!(levels.value[s][pad], t.hand_set(CONVEX), "{name}");
                    assert_eq!(deep.value[s][pad], t.hand_set(convex), "{name}");
                }
            }
            let total = |e: &EvalTables| e.value[0].iter().map(|&v| i64::from(v)).sum::<i64>();
            assert_eq!(total(&deep) < total(&levels), steep, "{name}");
            assert_eq!(levels.tempo, TEMPO, "{name}");
            assert_eq!(deep.tempo, if steep { TEMPO_LEVEL5 } else { TEMPO }, "{name}");
            assert_eq!(levels.leaf_moves, 0, "{name}");
            assert_eq!(
                deep.leaf_moves,
                if steep { LEAF_MOVES_LEVEL5 } else { 0 },
                "{name}"
            );
            assert!(!levels.odd_partials, "{name}");
            assert_eq!(deep.odd_partials, steep && ODD_PARTIALS_LEVEL5, "{name}");
            assert_eq!(levels.max_depth, MAX_DEPTH, "{name}");
            let cap = if steep { MAX_DEPTH_LEVEL5 } else { MAX_DEPTH };
            assert_eq!(deep.max_depth, cap, "{name}");
            assert_eq!(levels.paired_from, u32::MAX, "{name}");
            let paired = if steep { PAIRED_FROM_LEVEL5 } else { u32::MAX };
            assert_eq!(deep.paired_from, paired, "{name}");
        }
    }

    #[test]
    fn the_learnt_values_favour_progress() {
        // Along the axis, a cell nearer the goal is worth more (farther back the hindmost
        // piece's cost takes over).
        let learnt = learnt();
        let axis = |d: i32| {
            let on_axis = learnt.iter().filter(|(k, _)| k.0 == d).min_by_key(|(k, _)| k.1);
            on_axis.unwrap().1
        };
        for d in 0..12 {
            assert!(
                axis(d) > axis(d + 1),
                "distance {d}: {} against {}",
                axis(d),
                axis(d + 1)
            );
        }
    }

    #[test]
    fn only_the_star_for_two_is_learnt() {
        for v in ["star-3", "star-6", "halma", "halma-8x8", "star-2+side=3"] {
            let rules = Rules::new(v.parse().unwrap());
            let tables = EvalTables::new(&rules);
            for (s, terms) in cell_terms(&rules).iter().enumerate() {
                for t in terms {
                    assert_eq!(tables.value[s][rules.geo.pad(t.cell)], t.hand_set(CONVEX), "{v}");
                }
            }
        }
        assert!(CellClasses::new(&"star-3".parse().unwrap()).is_none());
    }
}
