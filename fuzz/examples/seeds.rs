//! Writes the seed corpus of every fuzz target into `fuzz/corpus/<target>/` (a handful of
//! valid inputs each): `cargo +nightly run --example seeds` from `fuzz/`. Files are named by
//! content, so running it again adds nothing new.

use halma::{Game, Position};
use halma_fuzz::fixed_positions;
use std::path::Path;

fn write(target: &str, data: &[u8]) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus").join(target);
    std::fs::create_dir_all(&dir).unwrap();
    // FNV-1a, so the name depends on the content only
    let h = data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    });
    std::fs::write(dir.join(format!("seed-{h:016x}")), data).unwrap();
}

/// A game of `variant` after `plies` moves chosen by a fixed sequence.
fn game(variant: &str, plies: usize) -> Game {
    let mut g = Game::new(variant.parse().unwrap());
    for i in 0..plies {
        if g.is_over() {
            break;
        }
        let moves = g.position().legal_moves();
        g.play(moves[(i * 7 + 3) % moves.len()]).unwrap();
    }
    g
}

fn main() {
    for v in [
        "halma",
        "halma-8x8+long+free-target",
        "star-6+any-camp+teams=opposite",
        "halma-4+size=10+camp=10+swap+balance+teams=adjacent+turns=50",
        "star-3+side=3",
        "solitaire+long",
        "halma-10x10+balance=off",
    ] {
        write("variant", v.as_bytes());
    }
    let positions = fixed_positions();
    for p in positions.iter().step_by(3) {
        write("position", p.to_string().as_bytes());
    }
    write(
        "position",
        Position::start("star-2".parse().unwrap()).to_string().as_bytes(),
    );
    for (i, text) in [
        (0u8, "a1-c3-e5"),
        (0, "a1-e5"),
        (40, "a1-c3"),
        (100, "c2-c3"),
        (200, "pass"),
    ] {
        let mut data = vec![i, 1, 2];
        data.extend_from_slice(text.as_bytes());
        write("moves", &data);
    }
    for (v, plies) in [
        ("halma-8x8", 12),
        ("star-3+long", 20),
        ("halma-4+teams=opposite", 9),
    ] {
        let g = game(v, plies);
        write("record", g.record().as_bytes());
        write("link", g.to_link().as_bytes());
    }
    let mut g = Game::from_position(positions[0].clone());
    g.play_text("a1-c3-e5").unwrap();
    write("record", g.record().as_bytes());
    write("link", g.to_link().as_bytes());
    for (i, flags) in [(0u8, 0u8), (8, 3), (26, 1), (44, 2)] {
        let mut data = vec![i, flags];
        data.extend((0..120u32).map(|k| (k * 37 % 256) as u8 | 0x80));
        write("playout", &data);
    }
    for (i, mode, player) in [(0u8, 0u8, 6u8), (26, 1, 4), (38, 0, 7), (45, 0, 2)] {
        let mut data = vec![i, mode, player, 20, 1, 2, 3, 4, 5, 6, 7, 8, 60];
        data.extend((0..60u32).map(|k| (k * 53 % 256) as u8));
        write("ai", &data);
    }
    println!("wrote the seeds into {}/corpus/", env!("CARGO_MANIFEST_DIR"));
}
