//! The engine's error type.

use std::fmt;

/// What kind of input was wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// A variant string.
    Variant,
    /// A position string.
    Position,
    /// A cell name or number.
    Cell,
    /// Move text that does not parse.
    MoveSyntax,
    /// A well-formed move that the rules do not allow here.
    IllegalMove,
    /// A game record.
    Record,
    /// Undo or redo with nothing to undo or redo, or a move in a finished game.
    History,
    /// A seat the game does not have, or one that has finished (a loss on time).
    Seat,
}

/// An error with a message meant for people: it says what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
        }
    }

    /// What kind of input was wrong.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message, the same text as `Display`.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}
