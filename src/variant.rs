//! Variants and their options, and the variant string format.

use crate::error::{Error, ErrorKind};
use crate::geometry::{square_camp_rows, Geometry, Shape};
use std::fmt;
use std::str::FromStr;

/// The base games of `docs/rules.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VariantId {
    /// `halma`: 16×16, two seats, 19 pieces each.
    Halma,
    /// `halma-3`: 16×16, three seats in corners 0, 1, 2, 13 pieces each.
    Halma3,
    /// `halma-4`: 16×16, four seats, 13 pieces each.
    Halma4,
    /// `halma-13`: 16×16, two seats with the 13-cell camps.
    Halma13,
    /// `halma-10x10`: 10×10, two seats, 15 pieces each, equal turns.
    Halma10x10,
    /// `halma-8x8`: 8×8, two seats, 10 pieces each.
    Halma8x8,
    /// `star-2` .. `star-6`: Chinese checkers on the star with that many seats.
    Star(u8),
    /// `solitaire`: one seat, 19 pieces, make a figure symmetric about the long diagonal.
    Solitaire,
}

impl VariantId {
    /// Every variant id, in the order of `docs/rules.md`.
    pub const ALL: [VariantId; 12] = [
        VariantId::Halma,
        VariantId::Halma3,
        VariantId::Halma4,
        VariantId::Halma13,
        VariantId::Halma10x10,
        VariantId::Halma8x8,
        VariantId::Star(2),
        VariantId::Star(3),
        VariantId::Star(4),
        VariantId::Star(5),
        VariantId::Star(6),
        VariantId::Solitaire,
    ];

    /// The id as written in variant strings.
    pub fn as_str(self) -> &'static str {
        match self {
            VariantId::Halma => "halma",
            VariantId::Halma3 => "halma-3",
            VariantId::Halma4 => "halma-4",
            VariantId::Halma13 => "halma-13",
            VariantId::Halma10x10 => "halma-10x10",
            VariantId::Halma8x8 => "halma-8x8",
            VariantId::Star(2) => "star-2",
            VariantId::Star(3) => "star-3",
            VariantId::Star(4) => "star-4",
            VariantId::Star(5) => "star-5",
            VariantId::Star(_) => "star-6",
            VariantId::Solitaire => "solitaire",
        }
    }

    fn parse(s: &str) -> Option<VariantId> {
        VariantId::ALL.into_iter().find(|v| v.as_str() == s)
    }

    /// Default board size and camp size of square variants.
    fn square_defaults(self) -> Option<(u8, u8)> {
        match self {
            VariantId::Halma | VariantId::Solitaire => Some((16, 19)),
            VariantId::Halma3 | VariantId::Halma4 | VariantId::Halma13 => Some((16, 13)),
            VariantId::Halma10x10 => Some((10, 15)),
            VariantId::Halma8x8 => Some((8, 10)),
            VariantId::Star(_) => None,
        }
    }

    /// The camp (corner or point) of each seat, in turn order.
    pub fn home_camps(self) -> &'static [u8] {
        match self {
            VariantId::Halma | VariantId::Halma13 | VariantId::Halma10x10 | VariantId::Halma8x8 => &[0, 2],
            VariantId::Halma3 => &[0, 1, 2],
            VariantId::Halma4 => &[0, 1, 2, 3],
            VariantId::Star(2) => &[0, 3],
            VariantId::Star(3) => &[0, 2, 4],
            VariantId::Star(4) => &[0, 1, 3, 4],
            VariantId::Star(5) => &[0, 1, 2, 3, 4],
            VariantId::Star(_) => &[0, 1, 2, 3, 4, 5],
            VariantId::Solitaire => &[0],
        }
    }
}

/// How a seat wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum WinRule {
    /// Every target cell occupied, at least one by the seat's own piece.
    Fill,
    /// The target camp holds only the seat's own pieces.
    Strict,
    /// `Strict`, and a piece may swap places with another seat's piece in its target camp.
    Swap,
}

/// Partnerships.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Teams {
    /// Everyone plays for themselves.
    None,
    /// Seats whose camps face each other play together.
    Opposite,
    /// Neighbours in turn order play together (1+2, 3+4, 5+6).
    Adjacent,
}

/// A variant: a base game and its options. Parses from and prints to the variant string
/// format of `docs/engine.md` (`halma+long`, `star-6+teams=opposite+any-camp`); printing is canonical.
///
/// # Examples
/// ```
/// use halma::Variant;
/// let v: Variant = "star-6+any-camp+teams=opposite".parse()?;
/// assert_eq!(v.to_string(), "star-6+any-camp+teams=opposite");
/// assert_eq!(v.seats(), 6);
/// assert_eq!(v.pieces_per_seat(), 10);
/// # Ok::<(), halma::Error>(())
/// ```
///
/// # Errors
/// Unknown ids and options, bad values and combinations that make no sense:
/// ```
/// use halma::Variant;
/// let e = "star-3+teams=opposite".parse::<Variant>().unwrap_err();
/// assert!(e.to_string().contains("teams need 4 or 6 seats"));
/// assert!("halma+size=3".parse::<Variant>().is_err());
/// assert!("chess".parse::<Variant>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    id: VariantId,
    size: u8,
    camp: u8,
    side: u8,
    long: bool,
    target_lock: bool,
    side_points: bool,
    win: WinRule,
    balance: bool,
    teams: Teams,
    places: bool,
    turns: u16,
}

/// Default number of turns per seat before a game is drawn.
pub const DEFAULT_TURN_LIMIT: u16 = 300;

/// The sizes `size=N` allows (square boards), least and most.
pub const SIZE_RANGE: (u8, u8) = (4, 20);
/// The camp sizes `camp=K` allows (square boards).
pub const CAMP_SIZES: [u8; 4] = [19, 13, 15, 10];
/// The triangle sides `side=N` allows (the star), least and most.
pub const SIDE_RANGE: (u8, u8) = (2, 5);
/// The turn limits `turns=N` allows, least and most.
pub const TURNS_RANGE: (u16, u16) = (1, 10000);

impl Variant {
    /// The variant with its default options.
    pub fn new(id: VariantId) -> Variant {
        let (size, camp) = id.square_defaults().unwrap_or((0, 0));
        Variant {
            id,
            size,
            camp,
            side: if matches!(id, VariantId::Star(_)) { 4 } else { 0 },
            long: false,
            target_lock: id != VariantId::Solitaire,
            side_points: matches!(id, VariantId::Star(_)),
            win: WinRule::Fill,
            balance: id == VariantId::Halma10x10,
            teams: Teams::None,
            places: false,
            turns: DEFAULT_TURN_LIMIT,
        }
    }

    /// The base game.
    pub fn id(&self) -> VariantId {
        self.id
    }
    /// The board shape.
    pub fn shape(&self) -> Shape {
        match self.id {
            VariantId::Star(_) => Shape::Star { side: self.side },
            _ => Shape::Square { size: self.size },
        }
    }
    /// Number of seats.
    pub fn seats(&self) -> usize {
        self.id.home_camps().len()
    }
    /// The camp each seat starts in.
    pub fn home_camps(&self) -> &'static [u8] {
        self.id.home_camps()
    }
    /// Pieces each seat has at the start (the size of a camp).
    pub fn pieces_per_seat(&self) -> usize {
        match self.id {
            VariantId::Star(_) => {
                let n = self.side as usize;
                n * (n + 1) / 2
            }
            _ => self.camp as usize,
        }
    }
    /// Long jumps (`long`).
    pub fn long_jumps(&self) -> bool {
        self.long
    }
    /// Target lock (on unless `free-target`; never in solitaire).
    pub fn target_lock(&self) -> bool {
        self.target_lock
    }
    /// Star side-point rule: moves may not end in a point that is neither home nor target.
    pub fn side_points(&self) -> bool {
        self.side_points
    }
    /// The win rule.
    pub fn win_rule(&self) -> WinRule {
        self.win
    }
    /// Equal turns (`balance`).
    pub fn balance(&self) -> bool {
        self.balance
    }
    /// Partnerships.
    pub fn teams(&self) -> Teams {
        self.teams
    }
    /// Play on for the places (`places`): a seat (or team) that finishes takes the next
    /// place and leaves play, and the game goes on until one is left. Without it the game
    /// ends at the first finish.
    pub fn places(&self) -> bool {
        self.places
    }
    /// The sides of the game: the teams, or the seats when there are none.
    pub fn sides(&self) -> usize {
        match self.teams {
            Teams::None => self.seats(),
            _ => self.seats() / 2,
        }
    }
    /// Turns per seat before the game is drawn (solitaire: the move limit).
    pub fn turn_limit(&self) -> u16 {
        if self.id == VariantId::Solitaire {
            self.pieces_per_seat() as u16
        } else {
            self.turns
        }
    }
    /// Whether this is the one-seat solitaire puzzle.
    pub fn is_solitaire(&self) -> bool {
        self.id == VariantId::Solitaire
    }

    /// The team (0-based) of a seat (0-based); without teams every seat is its own team.
    pub fn team_of(&self, seat: usize) -> usize {
        match (self.teams, self.seats()) {
            (Teams::None, _) => seat,
            (Teams::Adjacent, _) => seat / 2,
            (Teams::Opposite, 4) => seat % 2,
            (Teams::Opposite, _) => seat % 3,
        }
    }

    /// Builds the board for this variant.
    pub fn geometry(&self) -> Geometry {
        match self.shape() {
            Shape::Square { size } => Geometry::square(size, self.camp),
            Shape::Star { side } => Geometry::star(side),
        }
    }

    /// The target camp of a seat (0-based), or `None` in solitaire.
    pub fn target_camp(&self, seat: usize) -> Option<usize> {
        if self.is_solitaire() {
            return None;
        }
        let home = self.home_camps()[seat] as usize;
        Some(match self.shape() {
            Shape::Square { .. } => (home + 2) % 4,
            Shape::Star { .. } => (home + 3) % 6,
        })
    }

    fn check(&self) -> Result<(), Error> {
        let bad = |m: String| Err(Error::new(ErrorKind::Variant, m));
        if self.teams != Teams::None && !matches!(self.seats(), 4 | 6) {
            return bad(format!(
                "teams need 4 or 6 seats; {} has {}",
                self.id.as_str(),
                self.seats()
            ));
        }
        if self.places && self.balance && self.sides() > 2 {
            // Equal turns share the win among the seats finishing in one round; a game
            // played on for the places has a finish per place, and which of them a round
            // is completing is not in the position.
            return bad(format!(
                "options 'places' and 'balance' do not go together in a game of {} sides",
                self.sides()
            ));
        }
        if let Shape::Square { size } = self.shape() {
            // The camps in play (homes and targets) must fit without overlapping.
            let g = Geometry::square(size, self.camp);
            let rows = square_camp_rows(self.camp).unwrap_or(&[]);
            if rows.len() > size as usize || rows[0] as usize > size as usize {
                return bad(format!(
                    "a camp of {} cells does not fit a {size}×{size} board",
                    self.camp
                ));
            }
            let mut used = [false; 4];
            for s in 0..self.seats() {
                used[self.home_camps()[s] as usize] = true;
                if let Some(t) = self.target_camp(s) {
                    used[t] = true;
                }
            }
            let mut seen = vec![false; g.len()];
            for (k, _) in used.iter().enumerate().filter(|(_, &u)| u) {
                for &c in g.camp(k) {
                    if std::mem::replace(&mut seen[c.index()], true) {
                        return bad(format!(
                            "camps of {} cells overlap on a {size}×{size} board",
                            self.camp
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

/// Where an option does not apply.
#[derive(Clone, Copy)]
enum Misplaced {
    /// A square board's option on the star.
    Square,
    /// A star option on a square board.
    Star,
    /// An option of games with opponents in solitaire.
    Solitaire,
}

// The parser's checks of an option, out of line: inlined, each of the option's uses got its
// own copy of the check and its error message (the page's wasm module carries them).

/// The error for option `what` where it does not apply.
#[inline(never)]
fn misplaced(what: &str, id: VariantId, rule: Misplaced) -> Error {
    let id = id.as_str();
    Error::new(
        ErrorKind::Variant,
        match rule {
            Misplaced::Square => format!("option '{what}' is for square boards; {id} is played on the star"),
            Misplaced::Star => {
                format!("option '{what}' is for the star board; {id} is played on a square board")
            }
            Misplaced::Solitaire => {
                format!("option '{what}' makes no sense in solitaire (one seat, no target camp)")
            }
        },
    )
}

/// The value of the numeric option `name`, from `lo` to `hi`.
#[inline(never)]
fn option_number(name: &str, value: Option<&str>, lo: u32, hi: u32) -> Result<u32, Error> {
    let Some(val) = value else {
        return Err(Error::new(
            ErrorKind::Variant,
            format!("option '{name}' needs a value: {name}=N"),
        ));
    };
    match val.parse::<u32>() {
        Ok(n) if (lo..=hi).contains(&n) && !val.starts_with('+') => Ok(n),
        _ => Err(Error::new(
            ErrorKind::Variant,
            format!("bad value '{val}' for {name}: expected a number from {lo} to {hi}"),
        )),
    }
}

/// The value of the on/off option `name` (on when it has none).
#[inline(never)]
fn option_flag(name: &str, value: Option<&str>) -> Result<bool, Error> {
    match value {
        None | Some("on") => Ok(true),
        Some("off") => Ok(false),
        Some(other) => Err(Error::new(
            ErrorKind::Variant,
            format!("bad value '{other}' for {name}: expected on or off"),
        )),
    }
}

impl FromStr for Variant {
    type Err = Error;

    fn from_str(text: &str) -> Result<Variant, Error> {
        let bad = |m: String| Err(Error::new(ErrorKind::Variant, m));
        let text = text.trim();
        if text.len() > 200 {
            return bad("variant string is too long".into());
        }
        let mut parts = text.split('+');
        let id_text = parts.next().unwrap_or("");
        let Some(id) = VariantId::parse(id_text) else {
            let known: Vec<&str> = VariantId::ALL.iter().map(|v| v.as_str()).collect();
            return bad(if id_text.is_empty() {
                format!("missing variant id (one of {})", known.join(", "))
            } else {
                format!("unknown variant '{}' (known: {})", id_text, known.join(", "))
            });
        };
        let mut v = Variant::new(id);
        let star = matches!(id, VariantId::Star(_));
        let solitaire = id == VariantId::Solitaire;
        let mut seen: Vec<&str> = Vec::new();
        for opt in parts {
            let (name, value) = match opt.split_once('=') {
                Some((n, val)) => (n, Some(val)),
                None => (opt, None),
            };
            if name.is_empty() {
                return bad(format!("empty option in '{text}'"));
            }
            let key = if name == "swap" { "strict" } else { name };
            if seen.contains(&key) {
                return bad(format!(
                    "option '{name}' given twice (or with a rule it conflicts with)"
                ));
            }
            seen.push(key);
            let number = |lo: u32, hi: u32| option_number(name, value, lo, hi);
            let flag = || option_flag(name, value);
            let square_only = |what: &str| match star {
                true => Err(misplaced(what, id, Misplaced::Square)),
                false => Ok(()),
            };
            let star_only = |what: &str| match star {
                true => Ok(()),
                false => Err(misplaced(what, id, Misplaced::Star)),
            };
            let not_solitaire = |what: &str| match solitaire {
                true => Err(misplaced(what, id, Misplaced::Solitaire)),
                false => Ok(()),
            };
            match name {
                "size" => {
                    square_only(name)?;
                    v.size = number(SIZE_RANGE.0 as u32, SIZE_RANGE.1 as u32)? as u8;
                }
                "camp" => {
                    square_only(name)?;
                    let k = number(1, 99)? as u8;
                    if !CAMP_SIZES.contains(&k) || square_camp_rows(k).is_none() {
                        return bad(format!("bad value '{k}' for camp: expected 19, 13, 15 or 10"));
                    }
                    v.camp = k;
                }
                "side" => {
                    star_only(name)?;
                    v.side = number(SIDE_RANGE.0 as u32, SIDE_RANGE.1 as u32)? as u8;
                }
                "long" => v.long = flag()?,
                "free-target" => {
                    not_solitaire(name)?;
                    v.target_lock = !flag()?;
                }
                "any-camp" => {
                    star_only(name)?;
                    v.side_points = !flag()?;
                }
                "strict" | "swap" => {
                    not_solitaire(name)?;
                    let on = flag()?;
                    v.win = match (on, name) {
                        (false, _) => WinRule::Fill,
                        (true, "strict") => WinRule::Strict,
                        _ => WinRule::Swap,
                    };
                }
                "balance" => {
                    not_solitaire(name)?;
                    v.balance = flag()?;
                }
                "teams" => {
                    not_solitaire(name)?;
                    v.teams = match value {
                        Some("opposite") => Teams::Opposite,
                        Some("adjacent") => Teams::Adjacent,
                        Some("off") => Teams::None,
                        Some(other) => return bad(format!("bad value '{other}' for teams: expected opposite or adjacent")),
                        None => return bad("option 'teams' needs a value: teams=opposite or teams=adjacent".into()),
                    };
                }
                "places" => {
                    not_solitaire(name)?;
                    v.places = flag()?;
                }
                "turns" => {
                    not_solitaire(name)?;
                    v.turns = number(TURNS_RANGE.0 as u32, TURNS_RANGE.1 as u32)? as u16;
                }
                _ => {
                    return bad(format!(
                        "unknown option '{name}' (known: size, camp, side, long, free-target, any-camp, strict, swap, balance, teams, places, turns)"
                    ))
                }
            }
        }
        v.check()?;
        Ok(v)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = Variant::new(self.id);
        f.write_str(self.id.as_str())?;
        if self.size != d.size {
            write!(f, "+size={}", self.size)?;
        }
        if self.camp != d.camp {
            write!(f, "+camp={}", self.camp)?;
        }
        if self.side != d.side {
            write!(f, "+side={}", self.side)?;
        }
        if self.long {
            f.write_str("+long")?;
        }
        if !self.target_lock && d.target_lock {
            f.write_str("+free-target")?;
        }
        if !self.side_points && d.side_points {
            f.write_str("+any-camp")?;
        }
        match self.win {
            WinRule::Fill => {}
            WinRule::Strict => f.write_str("+strict")?,
            WinRule::Swap => f.write_str("+swap")?,
        }
        if self.balance != d.balance {
            f.write_str(if self.balance { "+balance" } else { "+balance=off" })?;
        }
        match self.teams {
            Teams::None => {}
            Teams::Opposite => f.write_str("+teams=opposite")?,
            Teams::Adjacent => f.write_str("+teams=adjacent")?,
        }
        if self.places {
            f.write_str("+places")?;
        }
        if self.turns != d.turns {
            write!(f, "+turns={}", self.turns)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_round_trip() {
        for (input, canon) in [
            ("halma", "halma"),
            ("star-6+teams=opposite+any-camp", "star-6+any-camp+teams=opposite"),
            ("halma-10x10", "halma-10x10"),
            ("halma-10x10+balance=off", "halma-10x10+balance=off"),
            ("halma-10x10+balance", "halma-10x10"),
            ("halma+long=on+free-target", "halma+long+free-target"),
            ("halma+long=off", "halma"),
            ("halma+swap", "halma+swap"),
            ("halma+size=12+camp=13", "halma+size=12+camp=13"),
            ("halma+size=16", "halma"),
            ("star-3+side=3", "star-3+side=3"),
            (
                "halma-4+teams=adjacent+turns=50",
                "halma-4+teams=adjacent+turns=50",
            ),
            ("solitaire+long", "solitaire+long"),
            ("star-3+turns=80+places", "star-3+places+turns=80"),
            ("star-6+places=on+teams=opposite", "star-6+teams=opposite+places"),
            ("halma-3+places=off", "halma-3"),
            ("halma-10x10+places", "halma-10x10+places"),
        ] {
            let v: Variant = input.parse().unwrap_or_else(|e| panic!("{input}: {e}"));
            assert_eq!(v.to_string(), canon);
            assert_eq!(canon.parse::<Variant>().unwrap(), v);
        }
    }

    #[test]
    fn errors_name_the_problem() {
        for (input, needle) in [
            ("", "missing variant id"),
            ("star-7", "unknown variant 'star-7'"),
            ("halma+fast", "unknown option 'fast'"),
            ("halma+size=21", "bad value '21' for size"),
            ("halma+size", "needs a value"),
            ("halma+camp=12", "bad value '12' for camp"),
            ("halma+side=3", "for the star board"),
            ("star-2+size=8", "for square boards"),
            ("halma+long=maybe", "expected on or off"),
            ("halma+strict+swap", "given twice"),
            ("halma+long+long", "given twice"),
            ("star-3+teams=opposite", "teams need 4 or 6 seats"),
            ("halma-4+teams=diagonal", "bad value 'diagonal' for teams"),
            ("halma+size=4", "does not fit"),
            ("halma+size=6", "overlap"),
            ("halma-4+size=7", "overlap"),
            ("solitaire+balance", "solitaire"),
            ("halma++long", "empty option"),
            ("halma+turns=0", "bad value '0' for turns"),
            ("solitaire+places", "solitaire"),
            ("star-3+places+balance", "'places' and 'balance'"),
            ("star-6+places+balance+teams=opposite", "game of 3 sides"),
            ("halma-4+places=yes", "expected on or off"),
        ] {
            let e = input.parse::<Variant>().expect_err(input);
            assert!(e.to_string().contains(needle), "{input}: {e}");
        }
    }

    #[test]
    fn teams() {
        let v: Variant = "star-6+teams=opposite".parse().unwrap();
        assert_eq!((v.team_of(0), v.team_of(3)), (0, 0));
        assert_eq!((v.team_of(1), v.team_of(4)), (1, 1));
        let v: Variant = "halma-4+teams=opposite".parse().unwrap();
        assert_eq!(
            (v.team_of(0), v.team_of(2), v.team_of(1), v.team_of(3)),
            (0, 0, 1, 1)
        );
        let v: Variant = "star-4+teams=adjacent".parse().unwrap();
        assert_eq!(
            (v.team_of(0), v.team_of(1), v.team_of(2), v.team_of(3)),
            (0, 0, 1, 1)
        );
    }
}
