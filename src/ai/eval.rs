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
                let convex = tune("EVAL_CONVEX", 5);
                let lat = tune("EVAL_LAT", 30) as f32 / 100.0;
                let bonus = tune("EVAL_TGT", 50);
                let mut val = -(dist * per_unit
                    + if convex > 0 {
                        dist * dist * per_unit / convex
                    } else {
                        0
                    });
                val -= (lateral * per_unit as f32 * lat) as i32;
                if let Some(t) = target {
                    if geo.camp(t).contains(&c) {
                        val += bonus;
                    }
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

fn tune(name: &str, default: i32) -> i32 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
