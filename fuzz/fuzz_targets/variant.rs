//! Variant strings: parsing never panics; a parsed variant prints canonically, and the
//! canonical string reads back as the same variant and prints the same. Its board agrees
//! with the reference's, and its starting position round-trips through position text.
#![no_main]

use halma::{ErrorKind, Position, Variant};
use halma_fuzz::{check_error, reference};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let v = match text.parse::<Variant>() {
        Ok(v) => v,
        Err(e) => {
            assert_eq!(e.kind(), ErrorKind::Variant, "{text:?}: {e}");
            check_error(&e);
            return;
        }
    };
    let canon = v.to_string();
    let again: Variant = canon
        .parse()
        .unwrap_or_else(|e| panic!("{text:?} -> {canon:?}: {e}"));
    assert_eq!(again, v, "{text:?} -> {canon:?}");
    assert_eq!(again.to_string(), canon);
    assert!(v.seats() >= 1 && v.seats() <= halma::MAX_SEATS);
    assert!(v.pieces_per_seat() >= 1 && v.pieces_per_seat() <= halma::MAX_PIECES);
    reference::check_board(&v);
    let start = Position::start(v);
    let t = start.to_string();
    let p: Position = t.parse().unwrap_or_else(|e| panic!("{t}: {e}"));
    assert_eq!(p, start, "{t}");
    assert_eq!(p.hash(), start.hash());
    assert!(!start.is_over(), "{t}");
    assert!(start.has_moves(), "no move at the start of {canon}");
});
