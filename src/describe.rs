//! What a user interface needs to know of a variant and its board, as plain
//! data, so that a front end shows and sets up every game without holding rules of its own:
//! the base games with their defaults and options ([`VariantSummary`]), a variant's rules
//! ([`VariantInfo`]), the board to draw ([`BoardDescription`]), and a variant built from a
//! set-up form's fields ([`VariantOptions`]).

use crate::error::{Error, ErrorKind};
use crate::geometry::{Cell, Shape};
use crate::variant::{
    Teams, Variant, VariantId, WinRule, CAMP_SIZES, DEFAULT_TURN_LIMIT, SIDE_RANGE, SIZE_RANGE, TURNS_RANGE,
};

/// A base game, its defaults and the options that apply to it.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct VariantSummary {
    /// The variant id (`halma`, `star-3`).
    pub id: &'static str,
    /// `"square"` or `"star"`.
    pub shape: &'static str,
    /// Squares per side, or the star's triangle side.
    pub size: u8,
    /// Square boards: cells per camp (the default `camp=` option); `None` on the star.
    pub camp: Option<u8>,
    /// Star boards: the triangle side (the default `side=` option); `None` on square boards.
    pub side: Option<u8>,
    /// Number of seats.
    pub seats: usize,
    /// Pieces per seat.
    pub pieces: usize,
    /// Cells (holes) on the board.
    pub cells: usize,
    /// Whether equal turns are on by default.
    pub balance: bool,
    /// The default turn limit per seat (solitaire: its move limit).
    pub turn_limit: u16,
    /// The one-seat solitaire puzzle.
    pub solitaire: bool,
    /// Whether teams are possible (4 or 6 seats).
    pub teams: bool,
    /// The options that apply, by their names in variant strings (`win` stands for `strict`
    /// and `swap`), in the canonical order.
    pub options: Vec<&'static str>,
    /// The values the numeric options allow (`None` where the option does not apply).
    pub choices: OptionChoices,
}

/// The values of the numeric options, for a form's fields.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct OptionChoices {
    /// `size=N`: least and most.
    pub size: Option<(u8, u8)>,
    /// `camp=K`: the camp sizes.
    pub camp: Option<[u8; 4]>,
    /// `side=N`: least and most.
    pub side: Option<(u8, u8)>,
    /// `turns=N`: least and most.
    pub turns: Option<(u16, u16)>,
}

impl VariantId {
    /// The base game's defaults and applicable options.
    pub fn summary(self) -> VariantSummary {
        let v = Variant::new(self);
        let g = v.geometry();
        let star = matches!(v.shape(), Shape::Star { .. });
        let teams = matches!(v.seats(), 4 | 6);
        let mut options = Vec::new();
        options.extend(if star {
            &["side"][..]
        } else {
            &["size", "camp"][..]
        });
        options.push("long");
        if !v.is_solitaire() {
            options.push("free-target");
            if star {
                options.push("any-camp");
            }
            options.extend(["win", "balance"]);
            if teams {
                options.push("teams");
            }
            // Playing on for the places means something with three sides or more.
            if v.seats() > 2 {
                options.push("places");
            }
            options.push("turns");
        }
        let (shape, size) = shape_name(v.shape());
        VariantSummary {
            id: self.as_str(),
            shape,
            size,
            camp: (!star).then_some(v.pieces_per_seat() as u8),
            side: star.then_some(size),
            seats: v.seats(),
            pieces: v.pieces_per_seat(),
            cells: g.len(),
            balance: v.balance(),
            turn_limit: v.turn_limit(),
            solitaire: v.is_solitaire(),
            teams,
            choices: OptionChoices {
                size: options.contains(&"size").then_some(SIZE_RANGE),
                camp: options.contains(&"camp").then_some(CAMP_SIZES),
                side: options.contains(&"side").then_some(SIDE_RANGE),
                turns: options.contains(&"turns").then_some(TURNS_RANGE),
            },
            options,
        }
    }
}

fn shape_name(shape: Shape) -> (&'static str, u8) {
    match shape {
        Shape::Square { size } => ("square", size),
        Shape::Star { side } => ("star", side),
    }
}

/// Every rule of one variant, for a rules panel and a set-up form.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct VariantInfo {
    /// The canonical variant string.
    pub variant: String,
    /// The base game.
    pub id: &'static str,
    /// `"square"` or `"star"`.
    pub shape: &'static str,
    /// Squares per side, or the star's triangle side.
    pub size: u8,
    /// Cells (holes) on the board.
    pub cells: usize,
    /// Number of seats.
    pub seats: usize,
    /// Pieces per seat.
    pub pieces: usize,
    /// Long jumps.
    pub long_jumps: bool,
    /// Target lock.
    pub target_lock: bool,
    /// Star: moves may not end in side points.
    pub side_points: bool,
    /// The win rule.
    pub win_rule: WinRule,
    /// Equal turns.
    pub balance: bool,
    /// Partnerships.
    pub teams: Teams,
    /// The team of each seat, 1-based (index 0 = seat 1); each seat its own without teams.
    pub seat_teams: Vec<usize>,
    /// Play on for the places after the first finish.
    pub places: bool,
    /// Turns per seat before a draw (solitaire: the move limit).
    pub turn_limit: u16,
    /// The one-seat solitaire puzzle.
    pub solitaire: bool,
    /// Solitaire: the names of the two end cells of the mirror line, top end first.
    pub mirror_line: Option<[String; 2]>,
}

impl Variant {
    /// The variant's rules as data.
    pub fn info(&self) -> VariantInfo {
        let (shape, size) = shape_name(self.shape());
        let g = self.geometry();
        VariantInfo {
            variant: self.to_string(),
            id: self.id().as_str(),
            shape,
            size,
            cells: g.len(),
            seats: self.seats(),
            pieces: self.pieces_per_seat(),
            long_jumps: self.long_jumps(),
            target_lock: self.target_lock(),
            side_points: self.side_points(),
            win_rule: self.win_rule(),
            balance: self.balance(),
            teams: self.teams(),
            seat_teams: (0..self.seats()).map(|s| self.team_of(s) + 1).collect(),
            places: self.places(),
            turn_limit: self.turn_limit(),
            solitaire: self.is_solitaire(),
            mirror_line: self.is_solitaire().then_some(&g).and_then(|g| {
                let (a, b) = g.mirror_line()?;
                Some([g.name(a).to_string(), g.name(b).to_string()])
            }),
        }
    }

    /// Everything needed to draw the board: cells with names and layout coordinates (`y`
    /// downward, unit = neighbour distance), neighbour edges, the camps with the seats that
    /// start in and head for them, and the seats.
    pub fn describe_board(&self) -> BoardDescription {
        let g = self.geometry();
        let (shape, size) = shape_name(g.shape());
        let cells: Vec<CellDescription> = g
            .cells()
            .map(|c| {
                let (x, y) = g.layout(c);
                CellDescription {
                    id: c,
                    name: g.name(c).to_string(),
                    x,
                    y,
                }
            })
            .collect();
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, 0f32, 0f32);
        for c in &cells {
            x0 = x0.min(c.x);
            y0 = y0.min(c.y);
            x1 = x1.max(c.x);
            y1 = y1.max(c.y);
        }
        let edges = g
            .cells()
            .flat_map(|c| g.neighbors(c).filter(move |&n| n > c).map(move |n| (c, n)))
            .collect();
        let homes = self.home_camps();
        let camps = (0..g.camp_count())
            .map(|k| CampDescription {
                cells: g.camp(k).to_vec(),
                home_of: homes.iter().position(|&h| h as usize == k).map(|s| s + 1),
                target_of: (0..self.seats())
                    .find(|&s| self.target_camp(s) == Some(k))
                    .map(|s| s + 1),
            })
            .collect();
        let seats = (0..self.seats())
            .map(|s| SeatDescription {
                seat: s + 1,
                home: homes[s] as usize,
                target: self.target_camp(s),
                team: self.team_of(s) + 1,
            })
            .collect();
        BoardDescription {
            shape,
            size,
            cells,
            edges,
            camps,
            seats,
            width: x1 - x0,
            height: y1 - y0,
        }
    }
}

/// A board to draw.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct BoardDescription {
    /// `"square"` or `"star"`.
    pub shape: &'static str,
    /// Squares per side, or the star's triangle side.
    pub size: u8,
    /// Every cell, in cell order.
    pub cells: Vec<CellDescription>,
    /// Neighbouring cells, each pair once (lower id first).
    pub edges: Vec<(Cell, Cell)>,
    /// The corners or points, in camp order.
    pub camps: Vec<CampDescription>,
    /// The seats, in turn order.
    pub seats: Vec<SeatDescription>,
    /// Extent of the layout coordinates.
    pub width: f32,
    /// Extent of the layout coordinates.
    pub height: f32,
}

/// A cell to draw.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct CellDescription {
    /// Its id (index in cell order).
    pub id: Cell,
    /// Its name (`e4`).
    pub name: String,
    /// Layout x, in neighbour distances.
    pub x: f32,
    /// Layout y (downward), in neighbour distances.
    pub y: f32,
}

/// A camp (corner or point).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct CampDescription {
    /// Its cells.
    pub cells: Vec<Cell>,
    /// The seat (1-based) that starts here.
    pub home_of: Option<usize>,
    /// The seat (1-based) that heads here.
    pub target_of: Option<usize>,
}

/// A seat.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct SeatDescription {
    /// The seat, 1-based.
    pub seat: usize,
    /// Its home camp.
    pub home: usize,
    /// Its target camp (none in solitaire).
    pub target: Option<usize>,
    /// Its team, 1-based.
    pub team: usize,
}

/// A variant as a set-up form holds it: a base game and one field per option; a field left
/// out, or at the base game's default, adds nothing. [`VariantOptions::build`] checks the
/// combination as the variant string parser does (so an option that does not apply to the
/// base game is an error).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
// JavaScript's `variantString` reads it: a misspelt field is an error that names it.
#[cfg_attr(
    target_arch = "wasm32",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct VariantOptions {
    /// The base game's id.
    pub id: String,
    /// `size=N`.
    pub size: Option<u32>,
    /// `camp=K`.
    pub camp: Option<u32>,
    /// `side=N`.
    pub side: Option<u32>,
    /// `long`.
    pub long: Option<bool>,
    /// `free-target`.
    pub free_target: Option<bool>,
    /// `any-camp`.
    pub any_camp: Option<bool>,
    /// `strict` / `swap` (`fill` adds nothing).
    pub win: Option<WinRule>,
    /// `balance` / `balance=off`.
    pub balance: Option<bool>,
    /// `teams=…` (`none` adds nothing).
    pub teams: Option<Teams>,
    /// `places`.
    pub places: Option<bool>,
    /// `turns=N`.
    pub turns: Option<u32>,
}

impl VariantOptions {
    /// The variant these fields describe, checked and canonical.
    ///
    /// ```
    /// use halma::VariantOptions;
    /// let o = VariantOptions { id: "halma-10x10".into(), balance: Some(false), long: Some(true), ..Default::default() };
    /// assert_eq!(o.build()?.to_string(), "halma-10x10+long+balance=off");
    /// let bad = VariantOptions { id: "star-2".into(), size: Some(10), ..Default::default() };
    /// assert!(bad.build().is_err());
    /// # Ok::<(), halma::Error>(())
    /// ```
    pub fn build(&self) -> Result<Variant, Error> {
        let Some(id) = VariantId::ALL.into_iter().find(|v| v.as_str() == self.id) else {
            let known: Vec<&str> = VariantId::ALL.iter().map(|v| v.as_str()).collect();
            return Err(Error::new(
                ErrorKind::Variant,
                format!("unknown variant '{}' (known: {})", self.id, known.join(", ")),
            ));
        };
        let base = Variant::new(id);
        let mut s = id.as_str().to_string();
        let (square_size, star_side) = match base.shape() {
            Shape::Square { size } => (Some(size as u32), None),
            Shape::Star { side } => (None, Some(side as u32)),
        };
        let camp = square_size.map(|_| base.pieces_per_seat() as u32);
        let mut number = |name: &str, value: Option<u32>, default: Option<u32>| {
            if let Some(n) = value.filter(|&n| Some(n) != default) {
                s.push_str(&format!("+{name}={n}"));
            }
        };
        number("size", self.size, square_size);
        number("camp", self.camp, camp);
        number("side", self.side, star_side);
        let mut flag = |name: &str, on: Option<bool>| {
            if on == Some(true) {
                s.push('+');
                s.push_str(name);
            }
        };
        flag("long", self.long);
        flag("free-target", self.free_target);
        flag("any-camp", self.any_camp);
        match self.win {
            Some(WinRule::Strict) => s.push_str("+strict"),
            Some(WinRule::Swap) => s.push_str("+swap"),
            _ => {}
        }
        match self.balance {
            Some(b) if b != base.balance() => s.push_str(if b { "+balance" } else { "+balance=off" }),
            _ => {}
        }
        match self.teams {
            Some(Teams::Opposite) => s.push_str("+teams=opposite"),
            Some(Teams::Adjacent) => s.push_str("+teams=adjacent"),
            _ => {}
        }
        if self.places == Some(true) {
            s.push_str("+places");
        }
        if let Some(n) = self.turns.filter(|&n| n != DEFAULT_TURN_LIMIT as u32) {
            s.push_str(&format!("+turns={n}"));
        }
        s.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_match_the_variants() {
        let all: Vec<VariantSummary> = VariantId::ALL.iter().map(|v| v.summary()).collect();
        assert_eq!(all.len(), 12);
        let halma = &all[0];
        assert_eq!(
            (halma.size, halma.camp, halma.side, halma.pieces, halma.cells),
            (16, Some(19), None, 19, 256)
        );
        assert!(!halma.teams && !halma.options.contains(&"teams"));
        let ten = all.iter().find(|s| s.id == "halma-10x10").unwrap();
        assert!(ten.balance);
        assert_eq!(ten.turn_limit, 300);
        let star6 = all.iter().find(|s| s.id == "star-6").unwrap();
        assert_eq!(
            (star6.shape, star6.side, star6.cells, star6.seats),
            ("star", Some(4), 121, 6)
        );
        assert!(star6.options.contains(&"any-camp") && star6.options.contains(&"teams"));
        assert!(star6.options.contains(&"places") && !halma.options.contains(&"places"));
        let sol = all.iter().find(|s| s.solitaire).unwrap();
        assert_eq!(sol.options, ["size", "camp", "long"]);
        assert_eq!(sol.choices.size, Some((4, 20)));
        assert_eq!(sol.choices.turns, None);
        assert_eq!(star6.choices.side, Some((2, 5)));
        assert_eq!(halma.choices.camp, Some([19, 13, 15, 10]));
        // Every applicable option, set to a non-default value, builds (alone).
        for s in &all {
            for &o in &s.options {
                let mut f = VariantOptions {
                    id: s.id.into(),
                    ..Default::default()
                };
                match o {
                    "size" => f.size = Some(s.size as u32 + 2),
                    "camp" => f.camp = Some(if s.camp == Some(10) { 13 } else { 10 }),
                    "side" => f.side = Some(3),
                    "long" => f.long = Some(true),
                    "free-target" => f.free_target = Some(true),
                    "any-camp" => f.any_camp = Some(true),
                    "win" => f.win = Some(WinRule::Strict),
                    "balance" => f.balance = Some(!s.balance),
                    "teams" => f.teams = Some(Teams::Adjacent),
                    "places" => f.places = Some(true),
                    "turns" => f.turns = Some(50),
                    _ => unreachable!("{o}"),
                }
                let v = f.build().unwrap_or_else(|e| panic!("{} {o}: {e}", s.id));
                assert_ne!(v, Variant::new(v.id()), "{} {o}", s.id);
            }
        }
    }

    #[test]
    fn options_build_canonical_strings_and_reject_what_does_not_apply() {
        let o = |id: &str| VariantOptions {
            id: id.into(),
            ..Default::default()
        };
        let all_defaults = VariantOptions {
            size: Some(16),
            camp: Some(19),
            long: Some(false),
            free_target: Some(false),
            win: Some(WinRule::Fill),
            balance: Some(false),
            teams: Some(Teams::None),
            turns: Some(300),
            ..o("halma")
        };
        assert_eq!(all_defaults.build().unwrap().to_string(), "halma");
        let many = VariantOptions {
            teams: Some(Teams::Opposite),
            any_camp: Some(true),
            win: Some(WinRule::Swap),
            turns: Some(120),
            side: Some(3),
            ..o("star-6")
        };
        assert_eq!(
            many.build().unwrap().to_string(),
            "star-6+side=3+any-camp+swap+teams=opposite+turns=120"
        );
        let err = |f: VariantOptions| f.build().unwrap_err().to_string();
        assert!(err(VariantOptions {
            side: Some(3),
            ..o("halma")
        })
        .contains("star"));
        assert!(err(VariantOptions {
            teams: Some(Teams::Adjacent),
            ..o("star-3")
        })
        .contains("4 or 6 seats"));
        assert!(err(VariantOptions {
            turns: Some(40),
            ..o("solitaire")
        })
        .contains("solitaire"));
        assert!(err(VariantOptions {
            size: Some(30),
            ..o("halma-8x8")
        })
        .contains("4 to 20"));
        assert!(err(o("halma+long")).contains("unknown variant"));
    }

    #[test]
    fn info_and_board_agree_with_the_geometry() {
        let v: Variant = "star-6+teams=opposite".parse().unwrap();
        let info = v.info();
        assert_eq!(info.seat_teams, [1, 2, 3, 1, 2, 3]);
        assert_eq!(info.cells, 121);
        let b = v.describe_board();
        assert_eq!(b.cells.len(), 121);
        assert_eq!(b.camps.len(), 6);
        assert!(b.edges.iter().all(|(a, c)| a < c));
        assert_eq!(
            b.seats.iter().map(|s| s.team).collect::<Vec<_>>(),
            info.seat_teams
        );
    }
}
