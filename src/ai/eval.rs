//! Static evaluation: how good each cell is for each seat, and the position score.
//!
//! A piece's value is dominated by its distance to the far end of its target camp, with a
//! convex cost so that pieces left behind weigh more than the leaders (a straggler costs
//! the whole army time at the end), a small cost for drifting away from the line between the
//! camps (side lanes give fewer hop ladders and longer ways home), and a bonus for standing
//! inside the target camp (what finally wins). On square boards distance is measured
//! Manhattan-style toward the target corner, which matches the staircase camps better than
//! king moves (a cell on the camp's diagonal edge is as close as one deep inside).

use crate::geometry::Shape;
use crate::position::{Position, Rules, MAX_SEATS};

/// Units of evaluation: one row of progress is about `ROW` points.
pub(crate) const ROW: i32 = 100;
/// A piece `d` rows from its goal costs `d + d²/CONVEX` rows. Tuned by self-play against
/// the greedy player on `star-2` (1/16: 95%, 1/8: 99%, 1/5: 100% of 100 games). On `star-6`
/// (level 5 against five greedy players, 100k nodes, seeds 11–22, where 1/5 won 93.5% and
/// 95.0% in two runs) other weights made no measurable difference: 1/2 won 93.6%, 1/3 95.0%
/// (but 93.0% on seeds 23–34, where 1/5 won 94.0% on seeds 23–32), 1/9 93.7%.
const CONVEX: i32 = 5;
/// Cost per cell of distance from the line between the camps, in rows.
const LATERAL: f32 = 0.3;
/// Bonus for standing inside the target camp.
const IN_TARGET: i32 = ROW / 2;

/// Per-seat cell values for one variant.
#[derive(Debug)]
pub(crate) struct EvalTables {
    /// `value[s][pad]`: worth of a piece of seat `s` on padded cell `pad`.
    pub value: [Vec<i32>; MAX_SEATS],
    /// Sum of the values of seat `s`'s home cells (its score at the start).
    pub home: [i32; MAX_SEATS],
}

impl EvalTables {
    pub(crate) fn new(rules: &Rules) -> EvalTables {
        let geo = &rules.geo;
        let v = &rules.variant;
        let mut value: [Vec<i32>; MAX_SEATS] = Default::default();
        let mut home = [0; MAX_SEATS];
        // Centre of the layout, on every camp-to-camp axis.
        let n = geo.len() as f32;
        let (cx, cy) = geo.cells().fold((0.0, 0.0), |(x, y), c| {
            let (a, b) = geo.layout(c);
            (x + a / n, y + b / n)
        });
        for s in 0..rules.seats {
            let home_camp = v.home_camps()[s] as usize;
            let target = v.target_camp(s);
            let mut table = vec![0i32; geo.pad_len];
            // Axis direction: from the home camp's centre toward the target camp's centre.
            let centre = |k: usize| {
                let cells = geo.camp(k);
                let m = cells.len() as f32;
                cells.iter().fold((0.0, 0.0), |(x, y), &c| {
                    let (a, b) = geo.layout(c);
                    (x + a / m, y + b / m)
                })
            };
            let (hx, hy) = centre(home_camp);
            let (tx, ty) = centre(geo.opposite_camp(home_camp));
            let len = ((tx - hx).powi(2) + (ty - hy).powi(2)).sqrt().max(1e-3);
            let (ax, ay) = ((tx - hx) / len, (ty - hy) / len);
            for c in geo.cells() {
                let pad = geo.pad(c);
                let (x, y) = geo.layout(c);
                let lateral = ((x - cx) * ay - (y - cy) * ax).abs();
                let (dist, per_unit) = match geo.shape() {
                    Shape::Star { .. } => (geo.distance_to_target(home_camp, c), ROW),
                    Shape::Square { size } => {
                        let (px, py) = geo.coord(c);
                        let m = size as i32 - 1;
                        let (gx, gy) = match geo.opposite_camp(home_camp) {
                            0 => (0, 0),
                            1 => (0, m),
                            2 => (m, m),
                            _ => (m, 0),
                        };
                        ((px - gx).abs() + (py - gy).abs(), ROW / 2)
                    }
                };
                let mut val = -(dist * per_unit + dist * dist * per_unit / CONVEX);
                val -= (lateral * per_unit as f32 * LATERAL) as i32;
                if target.is_some_and(|t| geo.camp(t).contains(&c)) {
                    val += IN_TARGET;
                }
                table[pad] = val;
            }
            home[s] = geo.camp(home_camp).iter().map(|&c| table[geo.pad(c)]).sum();
            value[s] = table;
        }
        EvalTables { value, home }
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
