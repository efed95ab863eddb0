//! Share links: a whole game in a short, URL-fragment-safe text.
//!
//! Format, version 1: `1~<variant>~<moves>` for a game from the variant's start, or
//! `1~<variant>~<moves>~<seat>~<rows>` from another start (the position format's second and
//! third parts), and `~<places>` after them when that start has a places field. `<moves>` holds two characters per cell, four per move, in the URL-safe base64
//! alphabet (`A`–`Z`, `a`–`z`, `0`–`9`, `-`, `_`), cell ids in cell order; passes are not
//! written (they are forced, and replay puts them back). Every character is safe in a URL
//! fragment, so links need no escaping.

use crate::error::{Error, ErrorKind};
use crate::game::Game;
use crate::geometry::Cell;
use crate::position::{clip, Move, Position};
use crate::variant::Variant;

/// The link format version this engine writes.
pub const LINK_VERSION: u32 = 1;
/// Longest link text accepted.
pub const MAX_LINK_LEN: usize = 1 << 20;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn digit(c: u8) -> Option<u16> {
    ALPHABET.iter().position(|&a| a == c).map(|i| i as u16)
}

impl Game {
    /// The game as share-link text (see the module docs), to put after `#` in a URL.
    ///
    /// # Examples
    /// ```
    /// use halma::Game;
    /// let mut g = Game::new("halma-8x8".parse()?);
    /// g.play_text("c2-c3")?;
    /// let link = g.to_link();
    /// assert_eq!(link, "1~halma-8x8~AyAq");
    /// assert_eq!(Game::from_link(&link)?.position(), g.position());
    /// # Ok::<(), halma::Error>(())
    /// ```
    pub fn to_link(&self) -> String {
        let start = self.start();
        let mut s = format!("{LINK_VERSION}~{}~", start.variant());
        for p in self.history() {
            if let Some(m) = p.mv {
                for c in [m.from, m.to] {
                    let i = c.index();
                    s.push(ALPHABET[i >> 6] as char);
                    s.push(ALPHABET[i & 63] as char);
                }
            }
        }
        if *start != Position::start(*start.variant()) {
            let text = start.to_string();
            let mut parts = text.split(' ').skip(1);
            s.push('~');
            s.push_str(parts.next().unwrap_or("1"));
            s.push('~');
            s.push_str(parts.next().unwrap_or(""));
            if let Some(places) = parts.next() {
                s.push('~');
                s.push_str(places);
            }
        }
        s
    }

    /// Reads share-link text (with or without a leading `#`) and replays it.
    ///
    /// # Errors
    /// A link of another version, a bad variant or start, characters outside the alphabet,
    /// or an illegal move: the message says which and where.
    pub fn from_link(text: &str) -> Result<Game, Error> {
        let bad = |m: String| Error::new(ErrorKind::Record, m);
        let text = text.trim().trim_start_matches('#');
        if text.len() > MAX_LINK_LEN {
            return Err(bad(format!("link is too long ({} bytes)", text.len())));
        }
        let parts: Vec<&str> = text.split('~').collect();
        match parts[0].parse::<u32>() {
            Ok(LINK_VERSION) => {}
            Ok(v) if v > LINK_VERSION => {
                return Err(bad(format!(
                    "this link is version {v}; this page reads version {LINK_VERSION}"
                )))
            }
            _ => return Err(bad(format!("'{}' is not a game link", clip(text)))),
        }
        if !matches!(parts.len(), 3 | 5 | 6) {
            return Err(bad(
                "a game link has the parts version~variant~moves[~seat~rows[~places]]".into(),
            ));
        }
        let variant: Variant = parts[1].parse().map_err(|e: Error| bad(format!("link: {e}")))?;
        let start = if parts.len() >= 5 {
            format!("{variant} {}", parts[3..].join(" "))
                .parse::<Position>()
                .map_err(|e| bad(format!("link start position: {e}")))?
        } else {
            Position::start(variant)
        };
        let moves = parts[2].as_bytes();
        if moves.len() % 4 != 0 {
            return Err(bad(format!(
                "link moves have {} characters; expected four per move",
                moves.len()
            )));
        }
        let mut game = Game::from_position(start);
        for (n, chunk) in moves.chunks(4).enumerate() {
            let mut cells = [Cell::new(0); 2];
            for (k, pair) in chunk.chunks(2).enumerate() {
                let (Some(hi), Some(lo)) = (digit(pair[0]), digit(pair[1])) else {
                    return Err(bad(format!("link move {}: unexpected characters", n + 1)));
                };
                cells[k] = Cell::new(hi << 6 | lo);
            }
            game.play(Move::new(cells[0], cells[1]))
                .map_err(|e| bad(format!("link move {}: {e}", n + 1)))?;
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_errors() {
        let mut g = Game::new("star-3+long".parse().unwrap());
        for _ in 0..12 {
            let m = g.position().legal_moves()[3];
            g.play(m).unwrap();
        }
        let link = g.to_link();
        assert!(
            link.bytes()
                .all(|c| c.is_ascii_alphanumeric() || b"~-_+=".contains(&c)),
            "{link}"
        );
        let back = Game::from_link(&format!("#{link}")).unwrap();
        assert_eq!(back.position(), g.position());
        assert_eq!(back.record(), g.record());

        let start: Position =
            "halma-8x8 2 ....2222/.....222/......22/.......2/1......./11....../111...../1111...."
                .parse()
                .unwrap();
        let mut g = Game::from_position(start);
        g.play_text("f7-f6").unwrap();
        let link = g.to_link();
        assert!(
            link.starts_with("1~halma-8x8~") && link.contains("~2~....2222/"),
            "{link}"
        );
        assert_eq!(Game::from_link(&link).unwrap().position(), g.position());

        for (text, needle) in [
            ("2~halma~", "version 2"),
            ("x~halma~", "not a game link"),
            ("1~halma", "parts"),
            ("1~chess~", "unknown variant"),
            ("1~halma~abc", "four per move"),
            ("1~halma~AA!A", "unexpected characters"),
            ("1~halma~AAAB", "link move 1: illegal move"),
            ("1~halma-8x8~~3~x", "start position"),
        ] {
            let e = Game::from_link(text).expect_err(text);
            assert!(e.to_string().contains(needle), "{text}: {e}");
        }
    }
}
