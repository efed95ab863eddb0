//! CCP sessions into the engine's command loop (`halma::ccp::serve`): arbitrary bytes as
//! what a referee sends, our player behind it (random, greedy, or level 1 or 2 with at most 50 nodes). It
//! never panics nor fails; its output is UTF-8 lines of at most 300 bytes; every line whose
//! first word is `go`, up to the first `quit`, gets exactly one `bestmove`, in order; and
//! a `bestmove` other than `0000` is a legal move in the position the session last set
//! (read here by the same line reader and command parser), `0000` only when there was
//! none to make or the `go` could not be read.
#![no_main]

use halma::ai::{Budget, Player};
use halma::ccp::{self, AiEngine, Choice, Command, Engine, Line, LineReader};
use halma::Position;
use libfuzzer_sys::fuzz_target;

/// Our player with a budget of at most 50 nodes and no clock.
struct Tiny(AiEngine);

impl Engine for Tiny {
    fn name(&self) -> String {
        self.0.name()
    }
    fn options(&self) -> Vec<String> {
        self.0.options()
    }
    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let r = self.0.set_option(name, value);
        if let Err(e) = &r {
            assert!(e.len() < 200, "a long option error: {} bytes", e.len());
        }
        r
    }
    fn choose(&mut self, pos: &Position, budget: Budget) -> Option<Choice> {
        let nodes = budget.nodes.unwrap_or(50).clamp(1, 50);
        self.0.choose(pos, Budget::nodes(nodes))
    }
}

/// What each `go` of the input should get: `Some(position)` when it has a move to make.
fn expected(input: &[u8]) -> Vec<Option<Position>> {
    let mut out = Vec::new();
    let mut pos: Option<Position> = None;
    let mut r = LineReader::new(input);
    while let Some(line) = r.read_line().unwrap() {
        let is_go = ccp::first_word(line.bytes()) == b"go";
        let cmd = match &line {
            Line::TooLong(_) => None,
            Line::Bytes(b) => ccp::text(b)
                .ok()
                .and_then(|t| ccp::parse_command(t).ok().flatten()),
        };
        match cmd {
            Some(Command::Quit) => break,
            Some(Command::NewGame) => pos = None,
            Some(Command::Position { cells, player, .. }) => {
                pos = match cells {
                    None => Some(Position::start(ccp::ccerl_variant())),
                    Some(c) => ccp::position_from_cells(&c, player).ok(),
                }
            }
            Some(Command::Go(_)) => out.push(
                pos.clone()
                    .filter(|p| !p.is_over() && !p.legal_moves().is_empty()),
            ),
            _ if is_go => out.push(None),
            _ => {}
        }
    }
    out
}

fuzz_target!(|data: &[u8]| {
    // Mostly the cheap players: the loop is under test, not the search.
    let player = match data.first().map_or(0, |b| b % 8) {
        0..=2 => Player::Random,
        3..=5 => Player::Greedy,
        k => Player::Level(k - 5),
    };
    let mut engine = Tiny(AiEngine::new(player, 1));
    let mut out = Vec::new();
    ccp::serve(&mut engine, data, &mut out).expect("serve fails only on I/O errors");
    let text = String::from_utf8(out).expect("the output is UTF-8");
    for l in text.lines() {
        assert!(l.len() <= 300, "an output line of {} bytes: {:.120}", l.len(), l);
    }
    let bestmoves: Vec<&str> = text.lines().filter(|l| l.starts_with("bestmove")).collect();
    let gos = expected(data);
    assert_eq!(bestmoves.len(), gos.len(), "one bestmove for each go:\n{text}");
    for (b, pos) in bestmoves.iter().zip(&gos) {
        match pos {
            None => assert_eq!(*b, "bestmove 0000"),
            Some(p) => {
                let m = ccp::parse_move(p, b).unwrap_or_else(|e| panic!("{b}: {e}\n{p}"));
                assert!(p.is_legal(m));
            }
        }
    }
});
