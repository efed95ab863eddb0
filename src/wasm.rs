//! JavaScript bindings (wasm32 only): the only file that touches wasm-bindgen. It converts
//! types and nothing else; what it returns is the engine's own data (`Variant::info`,
//! `Variant::describe_board`, `Game::movable`, …) as plain JavaScript objects and arrays.
//!
//! The objects are built by hand (`Obj`, `nums`, `strs` below) rather than by serde: a
//! derived serializer per type and serde-wasm-bindgen's machinery cost several KiB of the
//! module. The shapes are those of docs/engine.md "The wasm API": fields in the order
//! listed, `null` for an absent value, plain arrays of numbers inside objects.
//!
//! Every input from JavaScript arrives as a `JsValue` and is checked here, so a wrong type,
//! `undefined`, a huge string or an out-of-range cell becomes a JS `Error` with a message,
//! never a panic; a failed call leaves the `Game` as it was.

use crate::ai::{Budget, Clock, Player};
use crate::{Cell, Error, Game as Inner, Geometry, Move, Position, Variant, VariantId, VariantOptions};
use crate::{Teams, WinRule};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
extern "C" {
    // `Reflect.set(object, key, value)` with the key passed as a string and the value as a
    // number, string, flag or JS value: one call per field.
    #[wasm_bindgen(js_namespace = Reflect, js_name = set)]
    fn set_value(o: &JsValue, key: &str, value: &JsValue);
    #[wasm_bindgen(js_namespace = Reflect, js_name = set)]
    fn set_number(o: &JsValue, key: &str, value: f64);
    #[wasm_bindgen(js_namespace = Reflect, js_name = set)]
    fn set_string(o: &JsValue, key: &str, value: &str);
    #[wasm_bindgen(js_namespace = Reflect, js_name = set)]
    fn set_flag(o: &JsValue, key: &str, value: bool);
    // `Array.from(view)`: a plain array copied from a view of wasm memory.
    #[wasm_bindgen(js_namespace = Array, js_name = from)]
    fn array_of_numbers(values: &[f64]) -> JsValue;
}

/// A plain JavaScript object under construction, one field at a time. (Its setters are not
/// inlined: one call per field is smaller than a copy of the setter at each.)
struct Obj(JsValue);

impl Obj {
    fn new() -> Obj {
        Obj(js_sys::Object::new().into())
    }

    #[inline(never)]
    fn num(self, key: &str, value: f64) -> Obj {
        set_number(&self.0, key, value);
        self
    }

    #[inline(never)]
    fn int(self, key: &str, value: usize) -> Obj {
        self.num(key, value as f64)
    }

    /// A number, or `null` when absent.
    #[inline(never)]
    fn opt(self, key: &str, value: Option<usize>) -> Obj {
        match value {
            Some(n) => self.int(key, n),
            None => self.val(key, &JsValue::NULL),
        }
    }

    #[inline(never)]
    fn str(self, key: &str, value: &str) -> Obj {
        set_string(&self.0, key, value);
        self
    }

    #[inline(never)]
    fn flag(self, key: &str, value: bool) -> Obj {
        set_flag(&self.0, key, value);
        self
    }

    #[inline(never)]
    fn val(self, key: &str, value: &JsValue) -> Obj {
        set_value(&self.0, key, value);
        self
    }

    #[inline(never)]
    fn cells(self, key: &str, cells: &[Cell]) -> Obj {
        self.val(key, &cell_list(cells))
    }

    fn done(self) -> JsValue {
        self.0
    }
}

/// Numbers as a plain array.
fn nums(values: impl Iterator<Item = f64>) -> JsValue {
    array_of_numbers(&values.collect::<Vec<f64>>())
}

/// Cells as a plain array of numbers.
fn cell_list(cells: &[Cell]) -> JsValue {
    nums(cells.iter().map(|c| c.index() as f64))
}

/// Seats as a plain array of numbers.
fn seat_list(seats: crate::SeatSet) -> JsValue {
    nums(seats.seats().map(|s| s as f64))
}

/// Strings as a plain array.
fn strs<S: AsRef<str>>(items: &[S]) -> JsValue {
    let a = js_sys::Array::new();
    for s in items {
        a.push(&JsValue::from_str(s.as_ref()));
    }
    a.into()
}

/// Objects as a plain array.
fn list(items: impl Iterator<Item = JsValue>) -> JsValue {
    let a = js_sys::Array::new();
    for v in items {
        a.push(&v);
    }
    a.into()
}

/// `{from, to}`.
fn move_obj(o: Obj, m: Move) -> Obj {
    o.int("from", m.from.index()).int("to", m.to.index())
}

/// `{from, to, path}`.
fn move_path(m: Move, path: &[Cell]) -> JsValue {
    move_obj(Obj::new(), m).cells("path", path).done()
}

/// Longest string argument accepted (a game record is the largest legitimate input).
const MAX_ARG_LEN: usize = crate::MAX_RECORD_LEN;

fn err(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

fn str_arg(v: &JsValue, what: &str) -> Result<String, JsError> {
    let s = v
        .as_string()
        .ok_or_else(|| err(format!("{what} must be a string")))?;
    if s.len() > MAX_ARG_LEN {
        return Err(err(format!("{what} is too long ({} bytes)", s.len())));
    }
    Ok(s)
}

/// Checks that the object `v` has no properties but `known` (the options are read by name,
/// so a misspelt option would otherwise be ignored without a word).
fn known_keys(v: &JsValue, known: &[&str], what: &str) -> Result<(), JsError> {
    let obj: &js_sys::Object = v.unchecked_ref();
    for key in js_sys::Object::keys(obj).iter() {
        let key = key.as_string().unwrap_or_default();
        if !known.contains(&key.as_str()) {
            return Err(err(format!(
                "unknown {what} '{key}' (known: {})",
                known.join(", ")
            )));
        }
    }
    Ok(())
}

/// Property `key` of the object `o`, or `None` when it is absent, `undefined` or `null` (an
/// option left out).
fn prop(o: &JsValue, key: &str) -> Result<Option<JsValue>, JsError> {
    let v =
        js_sys::Reflect::get(o, &JsValue::from_str(key)).map_err(|_| err(format!("cannot read {key}")))?;
    Ok((!v.is_undefined() && !v.is_null()).then_some(v))
}

/// A whole number from 0 to `max` (printed as an integer: formatting an f64 would pull the
/// float printer into the module).
fn whole(v: &JsValue, what: &str, max: u64) -> Result<u64, JsError> {
    match v.as_f64() {
        Some(x) if x.fract() == 0.0 && x >= 0.0 && x <= max as f64 => Ok(x as u64),
        _ => Err(err(format!("{what} must be a whole number from 0 to {max}"))),
    }
}

/// Property `key` of the set-up form `o` as a whole number, if given.
fn form_number(o: &JsValue, key: &str) -> Result<Option<u32>, JsError> {
    prop(o, key)?
        .map(|v| whole(&v, key, u32::MAX.into()).map(|n| n as u32))
        .transpose()
}

/// Property `key` of the set-up form `o` as a flag, if given.
fn form_flag(o: &JsValue, key: &str) -> Result<Option<bool>, JsError> {
    prop(o, key)?
        .map(|v| {
            v.as_bool()
                .ok_or_else(|| err(format!("{key} must be true or false")))
        })
        .transpose()
}

/// Property `key` of the set-up form `o` as one of `choices` (by name), if given.
fn form_choice<T: Copy>(o: &JsValue, key: &str, choices: &[(&str, T)]) -> Result<Option<T>, JsError> {
    let Some(v) = prop(o, key)? else {
        return Ok(None);
    };
    let name = v.as_string();
    match choices.iter().find(|(n, _)| Some(*n) == name.as_deref()) {
        Some(&(_, c)) => Ok(Some(c)),
        None => {
            let names: Vec<&str> = choices.iter().map(|(n, _)| *n).collect();
            let not = name.map(|n| format!(", not '{n}'")).unwrap_or_default();
            Err(err(format!("{key} must be one of {}{not}", names.join(", "))))
        }
    }
}

/// Cells as the `Uint16Array` JavaScript gets.
fn ids(cells: Vec<Cell>) -> Vec<u16> {
    cells.into_iter().map(|c| c.index() as u16).collect()
}

fn cell_arg(g: &Geometry, v: &JsValue, what: &str) -> Result<Cell, JsError> {
    match v.as_f64() {
        Some(x) if x.fract() == 0.0 && x >= 0.0 && x < g.len() as f64 => Ok(Cell::new(x as u16)),
        // (The number as JavaScript prints it: formatting an f64 here would pull the float
        // printer into the module.)
        Some(x) => Err(err(format!(
            "{what} {} is not a cell of this board (0 to {})",
            String::from(
                js_sys::Number::from(x)
                    .to_string_with_radix(10)
                    .unwrap_or_default()
            ),
            g.len() - 1
        ))),
        None => Err(err(format!("{what} must be a cell number"))),
    }
}

/// Facts about a variant string: its canonical form, board, seats and options.
/// Throws when the string is not a valid variant.
#[wasm_bindgen(js_name = variantInfo)]
pub fn variant_info(text: JsValue) -> Result<JsValue, JsError> {
    let v: Variant = str_arg(&text, "variant")?.parse().map_err(err)?;
    Ok(info_out(&v))
}

/// The win rules and partnerships by their names in the API.
const WIN_RULES: [(&str, WinRule); 3] = [
    ("fill", WinRule::Fill),
    ("strict", WinRule::Strict),
    ("swap", WinRule::Swap),
];
const TEAMS: [(&str, Teams); 3] = [
    ("none", Teams::None),
    ("opposite", Teams::Opposite),
    ("adjacent", Teams::Adjacent),
];

/// `outcome()`'s object: `{kind: "win", winners}`, `{kind: "draw", reason}`, `{kind:
/// "unsolved"}` or `{kind: "time", loser, winners}`.
fn outcome_out(o: crate::Outcome) -> JsValue {
    use crate::{DrawReason, Outcome};
    match o {
        Outcome::Win { winners } => Obj::new().str("kind", "win").val("winners", &seat_list(winners)),
        Outcome::Draw { reason } => Obj::new().str("kind", "draw").str(
            "reason",
            match reason {
                DrawReason::SharedWin => "shared-win",
                DrawReason::Repetition => "repetition",
                DrawReason::TurnLimit => "turn-limit",
                DrawReason::Blocked => "blocked",
            },
        ),
        Outcome::Unsolved => Obj::new().str("kind", "unsolved"),
        Outcome::Time { loser, winners } => Obj::new()
            .str("kind", "time")
            .int("loser", loser)
            .val("winners", &seat_list(winners)),
    }
    .done()
}

/// The name of `value` in a table of names.
fn name_of<T: PartialEq>(table: &[(&'static str, T)], value: T) -> &'static str {
    table.iter().find(|(_, t)| *t == value).map_or("", |(n, _)| *n)
}

/// `variantInfo`'s object (fields in the order of docs/engine.md).
fn info_out(v: &Variant) -> JsValue {
    let i = v.info();
    let mirror = match &i.mirror_line {
        Some(ends) => strs(ends),
        None => JsValue::NULL,
    };
    Obj::new()
        .str("variant", &i.variant)
        .str("id", i.id)
        .str("shape", i.shape)
        .int("size", i.size.into())
        .int("cells", i.cells)
        .int("seats", i.seats)
        .int("pieces", i.pieces)
        .flag("longJumps", i.long_jumps)
        .flag("targetLock", i.target_lock)
        .flag("sidePoints", i.side_points)
        .str("winRule", name_of(&WIN_RULES, i.win_rule))
        .flag("balance", i.balance)
        .str("teams", name_of(&TEAMS, i.teams))
        .val("seatTeams", &nums(i.seat_teams.iter().map(|&t| t as f64)))
        .flag("places", i.places)
        .int("turnLimit", i.turn_limit.into())
        .flag("solitaire", i.solitaire)
        .val("mirrorLine", &mirror)
        .done()
}

/// Every variant id of the rules, in order.
#[wasm_bindgen(js_name = variantIds)]
pub fn variant_ids() -> Vec<String> {
    VariantId::ALL.iter().map(|v| v.as_str().to_string()).collect()
}

/// Every base game, in order, with its defaults and the options that apply:
/// `[{id, shape, size, camp, side, seats, pieces, cells, balance, turnLimit, solitaire,
/// teams, options, choices: {size: [min, max] | null, camp: [19, 13, 15, 10] | null,
/// side: [min, max] | null, turns: [min, max] | null}}]`.
#[wasm_bindgen]
pub fn variants() -> Result<JsValue, JsError> {
    let range = |r: Option<(u16, u16)>| match r {
        Some((lo, hi)) => nums([lo.into(), hi.into()].into_iter()),
        None => JsValue::NULL,
    };
    let widen = |r: Option<(u8, u8)>| r.map(|(lo, hi)| (lo.into(), hi.into()));
    Ok(list(VariantId::ALL.iter().map(|id| {
        let v = id.summary();
        let c = &v.choices;
        let camp = match c.camp {
            Some(sizes) => nums(sizes.iter().map(|&k| k.into())),
            None => JsValue::NULL,
        };
        let choices = Obj::new()
            .val("size", &range(widen(c.size)))
            .val("camp", &camp)
            .val("side", &range(widen(c.side)))
            .val("turns", &range(c.turns))
            .done();
        Obj::new()
            .str("id", v.id)
            .str("shape", v.shape)
            .int("size", v.size.into())
            .opt("camp", v.camp.map(usize::from))
            .opt("side", v.side.map(usize::from))
            .int("seats", v.seats)
            .int("pieces", v.pieces)
            .int("cells", v.cells)
            .flag("balance", v.balance)
            .int("turnLimit", v.turn_limit.into())
            .flag("solitaire", v.solitaire)
            .flag("teams", v.teams)
            .val("options", &strs(&v.options))
            .val("choices", &choices)
            .done()
    })))
}

/// The canonical variant string of a set-up form's fields `{id, size, camp, side, long,
/// freeTarget, anyCamp, win, balance, teams, places, turns}` (all but `id` optional: absent means
/// the base game's default). Throws with the reason when the combination is not a variant.
#[wasm_bindgen(js_name = variantString)]
pub fn variant_string(options: JsValue) -> Result<String, JsError> {
    if !options.is_object() {
        return Err(err("variant options must be an object like {id: 'halma'}"));
    }
    const KNOWN: [&str; 12] = [
        "id",
        "size",
        "camp",
        "side",
        "long",
        "freeTarget",
        "anyCamp",
        "win",
        "balance",
        "teams",
        "places",
        "turns",
    ];
    known_keys(&options, &KNOWN, "variant option")?;
    let o = &options;
    let id = prop(o, "id")?
        .and_then(|v| v.as_string())
        .ok_or_else(|| err("variant options need an id, a base game like 'halma'"))?;
    if id.len() > MAX_ARG_LEN {
        return Err(err(format!("id is too long ({} bytes)", id.len())));
    }
    let o = VariantOptions {
        id,
        size: form_number(o, "size")?,
        camp: form_number(o, "camp")?,
        side: form_number(o, "side")?,
        long: form_flag(o, "long")?,
        free_target: form_flag(o, "freeTarget")?,
        any_camp: form_flag(o, "anyCamp")?,
        win: form_choice(o, "win", &WIN_RULES)?,
        balance: form_flag(o, "balance")?,
        teams: form_choice(o, "teams", &TEAMS)?,
        places: form_flag(o, "places")?,
        turns: form_number(o, "turns")?,
    };
    Ok(o.build().map_err(err)?.to_string())
}

/// The computer's levels, weakest first, the one a new computer seat gets, and the budget
/// of a move in play (`bestMove` without `nodes` or `timeMs`): `{levels: [1, 2, 3, 4, 5],
/// defaultLevel, playNodes, playMillis}`. A page that caps the time of a move (a game on
/// the clock) passes `playNodes` with its own `timeMs`, so the level keeps its strength.
#[wasm_bindgen]
pub fn levels() -> Result<JsValue, JsError> {
    Ok(Obj::new()
        .val("levels", &nums(crate::ai::LEVELS.iter().map(|&l| l.into())))
        .int("defaultLevel", crate::ai::DEFAULT_LEVEL.into())
        .num("playNodes", crate::ai::PLAY_BUDGET.nodes.unwrap_or(0) as f64)
        .num("playMillis", crate::ai::PLAY_BUDGET.millis.unwrap_or(0.0))
        .done())
}

/// The puzzle collection, in order: `[{id, kind: "solitaire" | "crossing" |
/// "shortest-game", variant, start, par, proven, record, figures, solution}]`. `variant` and
/// `start` are what the game is played in (`Game.puzzle(id)`), `proven` whether no shorter
/// solution exists, `record` a shorter one from the literature that the shipped solution
/// does not match (or `null`), `figures` the distinct solving figures known (or `null`),
/// `solution` the shipped solution of exactly `par` moves in hop-path notation.
#[wasm_bindgen]
pub fn puzzles() -> Result<JsValue, JsError> {
    use crate::puzzle::Kind;
    Ok(list(crate::puzzle::PUZZLES.iter().map(|p| {
        let kind = match p.kind {
            Kind::Solitaire => "solitaire",
            Kind::Crossing => "crossing",
            Kind::ShortestGame => "shortest-game",
        };
        Obj::new()
            .str("id", p.name)
            .str("kind", kind)
            .str("variant", &p.play_variant().to_string())
            .str("start", &p.start())
            .int("par", p.par)
            .flag("proven", p.proven.is_some())
            .opt("record", p.record.map(|r| r.0))
            .opt("figures", p.figures.map(|f| f as usize))
            .val("solution", &strs(&p.solution()))
            .done()
    })))
}

fn puzzle_arg(id: &JsValue) -> Result<&'static crate::puzzle::Puzzle, JsError> {
    let id = str_arg(id, "puzzle")?;
    crate::puzzle::find(&id).ok_or_else(|| err(format!("no puzzle is called '{id}'")))
}

/// A game in progress: the one handle JavaScript holds.
#[wasm_bindgen]
pub struct Game {
    inner: Inner,
}

impl Game {
    fn pos(&self) -> &Position {
        self.inner.position()
    }

    /// The plies from index `from` on, as played (the move and any passes it forced):
    /// `[{seat, move: {from, to} | null, path, text}]`.
    fn plies_since(&self, from: usize) -> Result<JsValue, JsError> {
        Ok(list(self.inner.history().skip(from).map(|ply| {
            let mv = match ply.mv {
                Some(m) => move_obj(Obj::new(), m).done(),
                None => JsValue::NULL,
            };
            Obj::new()
                .int("seat", ply.seat)
                .val("move", &mv)
                .cells("path", &ply.path)
                .str("text", &ply.text(self.pos()))
                .done()
        })))
    }
}

#[wasm_bindgen]
impl Game {
    /// A new game from a variant string (`"halma"`, `"star-3+long"`).
    #[wasm_bindgen(constructor)]
    pub fn new(variant: JsValue) -> Result<Game, JsError> {
        let v: Variant = str_arg(&variant, "variant")?.parse().map_err(err)?;
        Ok(Game { inner: Inner::new(v) })
    }

    /// A new game of the puzzle `id` (see `puzzles()`), at its start.
    pub fn puzzle(id: JsValue) -> Result<Game, JsError> {
        Ok(Game {
            inner: puzzle_arg(&id)?.game(),
        })
    }

    /// The moves the puzzle `id` allows now: `[{from, to, path}]`, as `legalMoves` but on the
    /// puzzle's cells only (the star crossing never passes through a side point).
    #[wasm_bindgen(js_name = puzzleMoves)]
    pub fn puzzle_moves(&self, id: JsValue) -> Result<JsValue, JsError> {
        let moves = puzzle_arg(&id)?.legal_moves(&self.inner);
        Ok(list(
            moves.iter().map(|m| move_path(Move::new(m.from, m.to), &m.path)),
        ))
    }

    /// The goal check of the puzzle `id` for this game: `{reached, moves, par, stuck,
    /// problem, figure}`: the goal reached or not, the moves played, whether the game is
    /// over without the goal, why it is no fair attempt (another start, a move the puzzle
    /// does not allow; else `null`), and a solved solitaire's figure (its cells in order).
    #[wasm_bindgen(js_name = puzzleProgress)]
    pub fn puzzle_progress(&self, id: JsValue) -> Result<JsValue, JsError> {
        let p = puzzle_arg(&id)?.progress(&self.inner);
        let problem = match &p.problem {
            Some(text) => JsValue::from_str(text),
            None => JsValue::NULL,
        };
        let figure = match &p.figure {
            Some(cells) => cell_list(cells),
            None => JsValue::NULL,
        };
        Ok(Obj::new()
            .flag("reached", p.reached)
            .int("moves", p.moves)
            .int("par", p.par)
            .flag("stuck", p.stuck)
            .val("problem", &problem)
            .val("figure", &figure)
            .done())
    }

    /// A game starting from a position string.
    #[wasm_bindgen(js_name = fromPosition)]
    pub fn from_position(text: JsValue) -> Result<Game, JsError> {
        let p: Position = str_arg(&text, "position")?.parse().map_err(err)?;
        Ok(Game {
            inner: Inner::from_position(p),
        })
    }

    /// A game replayed from a game record (first line variant or position, then moves).
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(text: JsValue) -> Result<Game, JsError> {
        let g = Inner::from_record(&str_arg(&text, "game record")?).map_err(err)?;
        Ok(Game { inner: g })
    }

    /// A game replayed from share-link text (`1~<variant>~<moves>[~<seat>~<rows>]`, with
    /// or without the leading `#`).
    #[wasm_bindgen(js_name = fromLink)]
    pub fn from_link(text: JsValue) -> Result<Game, JsError> {
        let g = Inner::from_link(&str_arg(&text, "link")?).map_err(err)?;
        Ok(Game { inner: g })
    }

    /// The game as share-link text, to put after `#` in a URL (URL-safe, versioned).
    pub fn link(&self) -> String {
        self.inner.to_link()
    }

    /// The canonical variant string.
    #[wasm_bindgen(getter)]
    pub fn variant(&self) -> String {
        self.inner.variant().to_string()
    }

    /// Facts about the variant (as `variantInfo`).
    #[wasm_bindgen(js_name = variantInfo)]
    pub fn variant_info(&self) -> Result<JsValue, JsError> {
        Ok(info_out(self.inner.variant()))
    }

    /// Number of seats.
    #[wasm_bindgen(getter)]
    pub fn seats(&self) -> usize {
        self.pos().seats()
    }

    /// Everything needed to draw the board without knowing the rules: cells with names and
    /// layout coordinates (`y` downward, unit = neighbour distance), neighbour edges, camps
    /// with the seats that start in and head for them, and the seats.
    pub fn board(&self) -> Result<JsValue, JsError> {
        let b = self.pos().variant().describe_board();
        let cells = list(b.cells.iter().map(|c| {
            Obj::new()
                .int("id", c.id.index())
                .str("name", &c.name)
                .num("x", c.x.into())
                .num("y", c.y.into())
                .done()
        }));
        let edges = list(b.edges.iter().map(|&(a, b)| cell_list(&[a, b])));
        let camps = list(b.camps.iter().map(|c| {
            Obj::new()
                .cells("cells", &c.cells)
                .opt("homeOf", c.home_of)
                .opt("targetOf", c.target_of)
                .done()
        }));
        let seats = list(b.seats.iter().map(|s| {
            Obj::new()
                .int("seat", s.seat)
                .int("home", s.home)
                .opt("target", s.target)
                .int("team", s.team)
                .done()
        }));
        Ok(Obj::new()
            .str("shape", b.shape)
            .int("size", b.size.into())
            .val("cells", &cells)
            .val("edges", &edges)
            .val("camps", &camps)
            .val("seats", &seats)
            .num("width", b.width.into())
            .num("height", b.height.into())
            .done())
    }

    /// The seat on every cell in cell order (0 = empty), as a `Uint8Array`.
    pub fn cells(&self) -> Vec<u8> {
        self.pos().cells()
    }

    /// The seat to move (1-based).
    pub fn turn(&self) -> usize {
        self.pos().turn()
    }

    /// Every legal move of the seat to move: `[{from, to, path}]` with one shortest hop path.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Result<JsValue, JsError> {
        Ok(list(self.inner.legal_moves().into_iter().map(|m| {
            move_path(m, &self.inner.hop_path(m).unwrap_or_default())
        })))
    }

    /// The cells the piece on `cell` can move to (empty if it cannot move or is not the
    /// mover's), as a `Uint16Array`.
    pub fn destinations(&self, cell: JsValue) -> Result<Vec<u16>, JsError> {
        let c = cell_arg(self.pos().geometry(), &cell, "cell")?;
        Ok(ids(self.inner.destinations(c)))
    }

    /// The cells the mover can pick up (pieces with at least one legal move).
    pub fn movable(&self) -> Vec<u16> {
        ids(self.inner.movable())
    }

    /// One shortest path for the move `from`→`to` (cells, origin first, a `Uint16Array`), or
    /// `undefined` if the move is illegal.
    pub fn path(&self, from: JsValue, to: JsValue) -> Result<Option<Vec<u16>>, JsError> {
        let g = self.pos().geometry();
        let m = Move::new(cell_arg(g, &from, "from")?, cell_arg(g, &to, "to")?);
        Ok(self.inner.hop_path(m).map(ids))
    }

    /// Plays move text (`e4-e6` or a full hop path). Returns the plies it produced: the move
    /// `{seat, move: {from, to}, path, text}` and any passes it forced (`move: null`).
    /// Throws with the reason when the move is illegal; the game is unchanged then.
    pub fn play(&mut self, text: JsValue) -> Result<JsValue, JsError> {
        let text = str_arg(&text, "move")?;
        let before = self.inner.history().len();
        self.inner.play_text(&text).map_err(err)?;
        self.plies_since(before)
    }

    /// Plays the move `from`→`to` given as cell numbers; returns as `play`.
    #[wasm_bindgen(js_name = playMove)]
    pub fn play_move(&mut self, from: JsValue, to: JsValue) -> Result<JsValue, JsError> {
        let g = self.pos().geometry();
        let m = Move::new(cell_arg(g, &from, "from")?, cell_arg(g, &to, "to")?);
        let before = self.inner.history().len();
        self.inner.play(m).map_err(err)?;
        self.plies_since(before)
    }

    /// Takes back the last move (and the passes after it). Returns the move `{from, to}`.
    pub fn undo(&mut self) -> Result<JsValue, JsError> {
        Ok(move_obj(Obj::new(), self.inner.undo().map_err(err)?).done())
    }

    /// Plays again the last move taken back; returns the plies as `play`.
    pub fn redo(&mut self) -> Result<JsValue, JsError> {
        let before = self.inner.history().len();
        self.inner.redo().map_err(err)?;
        self.plies_since(before)
    }

    /// Whether there is a move to undo.
    #[wasm_bindgen(js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        self.inner.can_undo()
    }

    /// Whether there is a move to redo.
    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        self.inner.can_redo()
    }

    /// The current position as a position string.
    pub fn position(&self) -> String {
        self.pos().to_string()
    }

    /// The game record (variant or start position, then the moves).
    pub fn record(&self) -> String {
        self.inner.record()
    }

    /// `null` while the game goes on; else `{kind: "win", winners: [seats]}`,
    /// `{kind: "draw", reason: "shared-win" | "repetition" | "turn-limit" | "blocked"}`,
    /// `{kind: "unsolved"}` (solitaire) or `{kind: "time", loser, winners}` (`loseOnTime`).
    pub fn outcome(&self) -> Result<JsValue, JsError> {
        match self.inner.outcome() {
            Some(o) => Ok(outcome_out(o)),
            None => Ok(JsValue::NULL),
        }
    }

    /// Seat `seat` ran out of time (the page keeps the clocks): it loses with its team and
    /// the game ends; `outcome()` is then `{kind: "time", loser, winners}` and `standings()`
    /// ranks it last. Throws for a seat the game does not have or one that has finished,
    /// and when the game is over. `undo()` takes the loss back with the last move.
    #[wasm_bindgen(js_name = loseOnTime)]
    pub fn lose_on_time(&mut self, seat: JsValue) -> Result<(), JsError> {
        let s = whole(&seat, "seat", crate::MAX_SEATS as u64)?;
        self.inner.lose_on_time(s as usize).map_err(err)
    }

    /// The outcome in words (English), or an empty string while the game goes on.
    #[wasm_bindgen(js_name = outcomeText)]
    pub fn outcome_text(&self) -> String {
        self.inner.outcome().map(|o| o.to_string()).unwrap_or_default()
    }

    /// Whether the game is over.
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// Progress points of every seat, as an `Int32Array` (index 0 = seat 1).
    pub fn points(&self) -> Vec<i32> {
        (1..=self.pos().seats()).map(|s| self.pos().points(s)).collect()
    }

    /// How far each seat's pieces still have to go to fill the target camp (the progress
    /// points' distance, never below 0), as an `Int32Array` (index 0 = seat 1).
    #[wasm_bindgen(js_name = distanceToGo)]
    pub fn distance_to_go(&self) -> Vec<i32> {
        (1..=self.pos().seats())
            .map(|s| self.pos().distance_to_go(s))
            .collect()
    }

    /// A solitaire's unmatched pieces (their mirror cell is empty) as cells, a
    /// `Uint16Array`; empty in other variants.
    #[wasm_bindgen(js_name = unmatchedCells)]
    pub fn unmatched_cells(&self) -> Vec<u16> {
        ids(self.pos().unmatched_cells().unwrap_or_default())
    }

    /// Seats (1-based) that have reached their goal.
    pub fn finished(&self) -> Vec<u8> {
        self.pos().finished().seats().map(|s| s as u8).collect()
    }

    /// Standings: `[{seat, rank, points, winner, place}]`, winners first, then by points;
    /// `place` is the place a seat took by finishing (with `places` as soon as it
    /// finishes), else `null`.
    pub fn standings(&self) -> Result<JsValue, JsError> {
        Ok(list(self.inner.standings().iter().map(|s| {
            Obj::new()
                .int("seat", s.seat)
                .int("rank", s.rank)
                .num("points", s.points.into())
                .flag("winner", s.winner)
                .opt("place", s.place)
                .done()
        })))
    }

    /// Every ply so far: `[{seat, move: {from, to} | null, path, text}]`.
    pub fn history(&self) -> Result<JsValue, JsError> {
        self.plies_since(0)
    }

    /// A solitaire's progress: `{unmatched, movesLeft, moves}`, the pieces whose mirror cell
    /// is empty and the moves left of the `moves` allowed; `null` in other variants.
    #[wasm_bindgen(js_name = solitaireStatus)]
    pub fn solitaire_status(&self) -> Result<JsValue, JsError> {
        match self.inner.solitaire_status() {
            Some(st) => Ok(Obj::new()
                .int("unmatched", st.unmatched)
                .int("inYard", st.in_yard)
                .int("movesLeft", st.moves_left)
                .int("moves", st.moves)
                .done()),
            None => Ok(JsValue::NULL),
        }
    }

    /// Turns taken by each seat (passes included), index 0 = seat 1.
    #[wasm_bindgen(js_name = turnsTaken)]
    pub fn turns_taken(&self) -> Vec<u32> {
        (1..=self.pos().seats())
            .map(|s| self.inner.turns_taken(s))
            .collect()
    }

    /// The name of a cell (`e4`).
    #[wasm_bindgen(js_name = cellName)]
    pub fn cell_name(&self, cell: JsValue) -> Result<String, JsError> {
        let g = self.pos().geometry();
        Ok(g.name(cell_arg(g, &cell, "cell")?).to_string())
    }

    /// The cell with this name, or throws.
    #[wasm_bindgen(js_name = cellByName)]
    pub fn cell_by_name(&self, name: JsValue) -> Result<u16, JsError> {
        let name = str_arg(&name, "cell name")?;
        self.pos()
            .parse_cell(&name)
            .map(|c| c.index() as u16)
            .map_err(|e: Error| err(e))
    }
}

#[wasm_bindgen]
extern "C" {
    /// The `performance` object of the global scope (`window` on a page, the worker's scope
    /// in a worker); `null` where there is none. (Read directly, not by `js_sys::global()`,
    /// whose search for the global object costs the module more.)
    #[derive(Clone)]
    type Performance;
    #[wasm_bindgen(thread_local_v2, js_name = performance)]
    static PERFORMANCE: Option<Performance>;
    #[wasm_bindgen(method)]
    fn now(this: &Performance) -> f64;
}

/// The clock of the page or worker (`performance.now()`), for the search's time cap.
struct PerformanceClock(Performance);

impl PerformanceClock {
    fn new() -> Result<PerformanceClock, JsError> {
        PERFORMANCE
            .with(Option::clone)
            .map(PerformanceClock)
            .ok_or_else(|| err("this JavaScript environment has no performance clock"))
    }
}

impl Clock for PerformanceClock {
    fn now_ms(&self) -> f64 {
        self.0.now()
    }
}

/// The move generation benchmark of `halma bench`, run in this wasm module (bench builds
/// only): for each board of the bench positions, whole move lists per second over its fixed
/// mid-game positions for about `millis` ms, then the same two perft runs as the CLI.
/// Returns `[{name, listsPerSecond, movesPerList, leaves, positions, lists, seconds}]`.
/// Blocks for the whole run: for tools and workers, not the page's main thread.
#[cfg(feature = "bench")]
#[wasm_bindgen(js_name = benchMovegen)]
pub fn bench_movegen(millis: JsValue) -> Result<JsValue, JsError> {
    let millis = match millis.as_f64() {
        Some(ms) if (1.0..=600_000.0).contains(&ms) => ms,
        _ => return Err(err("millis must be a number from 1 to 600000")),
    };
    let runs = crate::run_bench(millis, &PerformanceClock::new()?);
    let opt = |v: Option<f64>| v.map_or(JsValue::NULL, JsValue::from_f64);
    Ok(list(runs.iter().map(|r| {
        Obj::new()
            .str("name", &r.name)
            .num("lists", r.lists as f64)
            .num("listsPerSecond", r.lists_per_second)
            .val("movesPerList", &opt(r.moves_per_list))
            .val("leaves", &opt(r.leaves.map(|n| n as f64)))
            .int("positions", r.positions)
            .num("seconds", r.seconds)
            .done()
    })))
}

/// The search benchmark of `halma bench`, run in this wasm module (bench builds only): for
/// each board of the bench positions, a level 5 search of `nodes` nodes from each of its
/// mid-game positions. Returns `[{name, nodes, nodesPerSecond, depth, positions, seconds}]`;
/// the nodes are the same as natively, so the speeds compare directly. Blocks for the run.
#[cfg(feature = "bench")]
#[wasm_bindgen(js_name = benchSearch)]
pub fn bench_search(nodes: JsValue) -> Result<JsValue, JsError> {
    let nodes = match nodes.as_f64() {
        Some(n) if (1000.0..=100_000_000.0).contains(&n) && n.fract() == 0.0 => n as u64,
        _ => return Err(err("nodes must be a whole number from 1000 to 100000000")),
    };
    let runs = crate::run_search_bench(nodes, &PerformanceClock::new()?);
    Ok(list(runs.iter().map(|r| {
        Obj::new()
            .str("name", &r.name)
            .num("nodes", r.nodes as f64)
            .num("nodesPerSecond", r.nodes_per_second)
            .num("depth", r.depth)
            .int("positions", r.positions)
            .num("seconds", r.seconds)
            .done()
    })))
}

/// Reads `{level, nodes, timeMs, seed}` (level 5, seed 1, and `default_budget` when neither
/// `nodes` nor `timeMs` is given).
fn think_options(options: &JsValue, default_budget: Budget) -> Result<(Player, Budget, u64), JsError> {
    let given = !options.is_undefined() && !options.is_null();
    if given && !options.is_object() {
        return Err(err("options must be an object like {level: 5}"));
    }
    if given {
        known_keys(options, &["level", "nodes", "timeMs", "seed"], "option")?;
    }
    let get = |k: &str| if given { prop(options, k) } else { Ok(None) };
    let player = match get("level")? {
        None => Player::Level(5),
        Some(level) => match (level.as_string(), level.as_f64()) {
            (Some(name), _) => name.parse::<Player>().map_err(err)?,
            (None, Some(l)) if l.fract() == 0.0 && (1.0..=5.0).contains(&l) => Player::Level(l as u8),
            _ => return Err(err("level must be 1 to 5, \"greedy\" or \"random\"")),
        },
    };
    let number = |k: &str, max: u64| -> Result<Option<u64>, JsError> {
        get(k)?.map(|v| whole(&v, k, max)).transpose()
    };
    let nodes = number("nodes", 10_000_000_000)?.map(|n| n.max(1));
    let millis = number("timeMs", 600_000)?.map(|t| t.max(1) as f64);
    let seed = number("seed", 9_007_199_254_740_991)?.unwrap_or(1);
    let budget = match (nodes, millis) {
        (None, None) => default_budget,
        (nodes, millis) => Budget { nodes, millis },
    };
    Ok((player, budget, seed))
}

fn think_out(pos: &Position, options: &JsValue, default_budget: Budget) -> Result<JsValue, JsError> {
    let (player, budget, seed) = think_options(options, default_budget)?;
    let clock = PerformanceClock::new()?;
    let t = clock.now_ms();
    let Some(th) = crate::ai::think(pos, player, budget, seed, &clock) else {
        return Ok(JsValue::NULL);
    };
    let pv: Vec<String> = th.pv.iter().map(|&m| pos.move_text(m)).collect();
    Ok(move_obj(Obj::new(), th.mv)
        .cells("path", &th.path)
        .str("text", &pos.move_text(th.mv))
        .num("score", th.score.into())
        .num("depth", th.depth.into())
        .num("nodes", th.nodes as f64)
        .val("pv", &strs(&pv))
        .num("millis", clock.now_ms() - t)
        .done())
}

/// The computer's move for the seat to move in a position string. `options`:
/// `{level: 1..5 | "greedy" | "random", nodes, timeMs, seed}`, all optional: level 5, seed 1,
/// and without `nodes` or `timeMs` the engine's budget for play (a fixed node count, so the
/// same move on every machine, capped at a few seconds on a slow device). Returns `{from,
/// to, path, text, score, depth, nodes, pv, millis}`, or `null` when the game is over or the
/// seat must pass. Blocks while it thinks: call it from a worker.
#[wasm_bindgen(js_name = bestMove)]
pub fn best_move(position: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let pos: Position = str_arg(&position, "position")?.parse().map_err(err)?;
    think_out(&pos, &options, crate::ai::PLAY_BUDGET)
}

#[wasm_bindgen]
impl Game {
    /// What the computer would play for the seat to move (a hint); as `bestMove`, with the
    /// engine's smaller hint budget when `options` gives none.
    pub fn hint(&self, options: JsValue) -> Result<JsValue, JsError> {
        if self.inner.is_over() {
            // Bad options are an error here too, as in a game that goes on.
            think_options(&options, crate::ai::HINT_BUDGET)?;
            return Ok(JsValue::NULL);
        }
        think_out(self.inner.position(), &options, crate::ai::HINT_BUDGET)
    }
}

/// The engine's analysis of a position string: `options` `{nodes, timeMs, seed}`, all
/// optional (without a budget, the hint's). Returns `{seat, twoSided, score, moves, lead, wins,
/// playouts, depth, nodes, pv: [{seat, from, to, path, text}], millis}` (see
/// `ai::Analysis`), or `null` when the game is over. Solitaire has no analysis (an error).
/// Blocks while it thinks: call it from a worker.
#[wasm_bindgen]
pub fn analyse(position: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let pos: Position = str_arg(&position, "position")?.parse().map_err(err)?;
    if options.is_object() {
        known_keys(&options, &["nodes", "timeMs", "seed"], "option")?;
    }
    let (_, budget, seed) = think_options(&options, crate::ai::ANALYSIS_BUDGET)?;
    if pos.variant().is_solitaire() {
        return Err(err(
            "a solitaire has no analysis: there is no opponent to compare with",
        ));
    }
    let clock = PerformanceClock::new()?;
    let t = clock.now_ms();
    let Some(a) = crate::ai::analyse(&pos, budget, seed, &clock) else {
        return Ok(JsValue::NULL);
    };
    let pv = list(a.pv.iter().map(|l| {
        move_obj(Obj::new().int("seat", l.seat), l.mv)
            .cells("path", &l.path)
            .str("text", &pos.move_text(l.mv))
            .done()
    }));
    Ok(Obj::new()
        .int("seat", a.seat)
        .flag("twoSided", a.two_sided)
        .num("score", a.score.into())
        .num("moves", a.moves)
        .num("lead", a.lead.into())
        .val("wins", &nums(a.wins.iter().copied()))
        .num("playouts", a.playouts.into())
        .num("depth", a.depth.into())
        .num("nodes", a.nodes as f64)
        .val("pv", &pv)
        .num("millis", clock.now_ms() - t)
        .done())
}
