//! The referee's reading of what an engine writes: arbitrary bytes as an engine's output,
//! split into lines by `halma::ccp::LineReader` (through reads of every size, with a small
//! cap and the protocol's), classified by `engine_line`, and every `bestmove` read by
//! `parse_move` in the standard start and in a middle game. Never panics; the lines are
//! those of a plain splitter (LF, CRLF or CR; cut at the cap, the rest skipped); a move
//! that reads is legal, and reads again from its `from-to` text; messages stay short.
#![no_main]

use halma::ccp::{self, EngineLine, Line, LineReader};
use halma::Position;
use libfuzzer_sys::fuzz_target;
use std::io::BufReader;
use std::sync::OnceLock;

/// The lines of `input` by a plain splitter: the reference.
fn reference(input: &[u8], max: usize) -> Vec<Line> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < input.len() {
        let end = input[i..]
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .map(|e| i + e);
        let stop = end.unwrap_or(input.len());
        let bytes = &input[i..stop];
        out.push(if bytes.len() > max {
            Line::TooLong(bytes[..max].to_vec())
        } else {
            Line::Bytes(bytes.to_vec())
        });
        i = match end {
            Some(e) if input[e] == b'\r' && input.get(e + 1) == Some(&b'\n') => e + 2,
            Some(e) => e + 1,
            None => input.len(),
        };
    }
    out
}

fn positions() -> &'static [Position; 2] {
    static P: OnceLock<[Position; 2]> = OnceLock::new();
    P.get_or_init(|| {
        let start = Position::start(ccp::ccerl_variant());
        let mut mid = start.clone();
        for text in ["a4-e5", "d14-i13", "e5-f6", "i13-h12", "b4-d6", "j13-g12"] {
            if let Ok(m) = mid.parse_move(text) {
                mid = mid.after(m).unwrap();
            }
        }
        [start, mid]
    })
}

fuzz_target!(|data: &[u8]| {
    let (cap, input) = match data.split_first() {
        Some((&b, rest)) => (1 + b as usize % 16, rest),
        None => (1, data),
    };
    for max in [cap * 4, ccp::MAX_LINE] {
        let mut r = LineReader::with_max(BufReader::with_capacity(cap, input), max);
        let mut lines = Vec::new();
        while let Some(l) = r.read_line().unwrap() {
            lines.push(l);
        }
        assert_eq!(lines, reference(input, max), "cap {max}, reads of {cap}");
        for l in &lines {
            let Line::Bytes(b) = l else { continue };
            match ccp::engine_line(b) {
                EngineLine::Blank => assert!(ccp::first_word(b).is_empty()),
                EngineLine::Other { word, utf8 } => {
                    assert!(word.chars().count() <= 25, "{word}");
                    assert_eq!(utf8, std::str::from_utf8(b).is_ok());
                }
                EngineLine::BestMove(Err(e)) => assert!(e.len() < 200 && std::str::from_utf8(b).is_err()),
                EngineLine::BestMove(Ok(text)) => {
                    for p in positions() {
                        match ccp::parse_move(p, &text) {
                            Ok(m) => {
                                assert!(p.is_legal(m));
                                let short = ccp::path_text(&[m.from, m.to]);
                                assert_eq!(ccp::parse_move(p, &short), Ok(m));
                            }
                            Err(e) => assert!(e.len() < 200, "{} bytes: {e:.100}", e.len()),
                        }
                    }
                }
            }
        }
    }
});
