//! Share links (`Game::from_link`): reading never panics; a link that reads back is a game
//! whose link reads back as the same game with the same link text, whose record does too,
//! and whose moves undo back to the start and redo to the same end.
#![no_main]

use halma::{ErrorKind, Game};
use halma_fuzz::{check_error, check_round_trips, check_undo_all};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match Game::from_link(&text) {
        Ok(mut g) => {
            check_round_trips(&g);
            check_undo_all(&mut g);
        }
        Err(e) => {
            assert_eq!(e.kind(), ErrorKind::Record, "{text:?}: {e}");
            check_error(&e);
        }
    }
});
