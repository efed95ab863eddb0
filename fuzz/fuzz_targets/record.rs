//! Game records (`Game::from_record`): reading never panics; a record that reads back is a
//! game whose `record()` reads back as the same game (start, position, outcome, history,
//! turns, same text), whose link does too, and whose moves undo back to the start and redo
//! to the same end. The page's saved games are JSON `{v: 1, record, ...}` around such a
//! record: the engine side of reading them is this.
#![no_main]

use halma::Game;
use halma_fuzz::check_read;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_read(&String::from_utf8_lossy(data), Game::from_record);
});
