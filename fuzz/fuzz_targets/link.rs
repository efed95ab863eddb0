//! Share links (`Game::from_link`): reading never panics; a link that reads back is a game
//! whose link reads back as the same game with the same link text, whose record does too,
//! and whose moves undo back to the start and redo to the same end.
#![no_main]

use halma::Game;
use halma_fuzz::check_read;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_read(&String::from_utf8_lossy(data), Game::from_link);
});
