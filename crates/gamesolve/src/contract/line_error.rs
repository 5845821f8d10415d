//! Why an input line (a `batch` line, an `/api/*` body, an embedding request) is not a game,
//! as a value: the kind of fault, the field it names, the value as written and what is
//! allowed ([`LineError`]). The message is written from those parts when a front end words
//! the error ([`ErrorReport`](super::error::ErrorReport) keeps the value until then), never by
//! editing another message's text.
//!
//! ```
//! use gamesolve::contract::line_error::LineError;
//!
//! let e = LineError::UnknownGame { game: "nim".into(), known: vec!["can-i-win", "predict-the-winner"] };
//! assert_eq!(e.to_string(), "unknown game `nim` (known games: can-i-win, predict-the-winner)");
//! let e = LineError::Json { column: 7, what: "expected `:`".into() };
//! assert_eq!(e.to_string(), "invalid JSON at column 7: expected `:`");
//! ```

use std::fmt;

use crate::games::abbreviate;

/// An input line, for messages.
pub(crate) const EXAMPLE: &str = r#"{"game":"can-i-win","max_choosable":10,"desired_total":11}"#;

/// Why an input line is not a game. Each value repeated from the input is kept as written,
/// and cut to a readable length ([`abbreviate`]) when worded.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LineError {
    /// The line is blank.
    Empty,
    /// The line is valid JSON but no object.
    NotAnObject,
    /// The line is not JSON: where (the column of the line, counting from 1) and what the JSON
    /// reader expected there (its description of the fault, without its position).
    Json {
        /// The column, counting from 1.
        column: usize,
        /// What the JSON reader says of the fault.
        what: String,
    },
    /// The JSON reader refused the line's shape (its description, without its position).
    Shape {
        /// What the JSON reader says of the fault.
        what: String,
    },
    /// The object has a field twice.
    DuplicateField {
        /// The field's name.
        field: String,
    },
    /// A field no game of the table has.
    UnknownField {
        /// The field's name.
        field: String,
        /// `game` and every game's parameters, in table order.
        expected: Vec<&'static str>,
    },
    /// No `game` field.
    MissingGame {
        /// The games of the table.
        games: Vec<&'static str>,
    },
    /// The `game` field is no string.
    GameNotAString {
        /// Its JSON text.
        got: String,
    },
    /// The `game` field names no game of the table.
    UnknownGame {
        /// The name given.
        game: String,
        /// The games of the table.
        known: Vec<&'static str>,
    },
    /// A field of another game's.
    NotOfGame {
        /// The field's name.
        field: String,
        /// The line's game.
        game: &'static str,
    },
    /// A parameter of the game is missing.
    MissingParam {
        /// The parameter.
        field: &'static str,
        /// The line's game.
        game: &'static str,
    },
    /// A word parameter that is neither a string nor a whole number.
    NotAWord {
        /// The parameter.
        field: &'static str,
        /// Its JSON text.
        got: String,
    },
    /// A row of values that is no JSON array of numbers.
    NotAnArray {
        /// The parameter.
        field: &'static str,
        /// Its JSON text.
        got: String,
    },
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Empty => f.write_str("empty line: expected a JSON object"),
            LineError::NotAnObject => write!(f, "each line must be a JSON object like {EXAMPLE}"),
            LineError::Json { column, what } => {
                write!(f, "invalid JSON at column {column}: {what}")
            }
            LineError::Shape { what } => write!(f, "invalid line: {}", abbreviate_quoted(what)),
            LineError::DuplicateField { field } => {
                // The field's name cut as the JSON reader's own messages were: each part between
                // quotes on its own.
                let said = format!("duplicate field `{field}`");
                write!(f, "invalid line: {}", abbreviate_quoted(&said))
            }
            LineError::UnknownField { field, expected } => {
                write!(
                    f,
                    "invalid line: unknown field `{}`, expected one of ",
                    abbreviate(field)
                )?;
                for (i, name) in expected.iter().enumerate() {
                    let comma = if i == 0 { "" } else { ", " };
                    write!(f, "{comma}`{name}`")?;
                }
                Ok(())
            }
            LineError::MissingGame { games } => {
                f.write_str("missing field `game` (")?;
                for (i, name) in games.iter().enumerate() {
                    let or = if i == 0 { "" } else { " or " };
                    write!(f, "{or}\"{name}\"")?;
                }
                f.write_str(")")
            }
            LineError::GameNotAString { got } => write!(
                f,
                "`game` must be a string like \"can-i-win\", got {}",
                abbreviate(got)
            ),
            LineError::UnknownGame { game, known } => write!(
                f,
                "unknown game `{}` (known games: {})",
                abbreviate(game),
                known.join(", ")
            ),
            LineError::NotOfGame { field, game } => {
                write!(f, "field `{field}` does not belong to game `{game}`")
            }
            LineError::MissingParam { field, game } => {
                write!(f, "missing field `{field}` for game `{game}`")
            }
            LineError::NotAWord { field, got } => write!(
                f,
                "field `{field}` = {} is not a word: expected a JSON string such as \"4453\"",
                abbreviate(got)
            ),
            LineError::NotAnArray { field, got } => write!(
                f,
                "`{field}` must be an array of integers, got {}",
                abbreviate(got)
            ),
        }
    }
}

impl LineError {
    /// The game's parameter this error names as missing or malformed; `None` for a fault of
    /// the line itself (not JSON, an unknown field, a duplicate).
    pub fn field(&self) -> Option<&'static str> {
        match self {
            LineError::MissingParam { field, .. }
            | LineError::NotAWord { field, .. }
            | LineError::NotAnArray { field, .. } => Some(field),
            _ => None,
        }
    }
}

impl std::error::Error for LineError {}

/// `said` with every `quoted` or "quoted" part of it cut by [`abbreviate`]: how a duplicate
/// field's name has always been shown (a name with quotes in it is cut part by part).
fn abbreviate_quoted(said: &str) -> String {
    let mut out = String::new();
    let mut rest = said;
    while let Some(open) = rest.find(['`', '"']) {
        let quote = &rest[open..=open];
        out.push_str(&rest[..=open]);
        rest = &rest[open + 1..];
        match rest.find(quote) {
            Some(close) => {
                out.push_str(&abbreviate(&rest[..close]));
                out.push_str(quote);
                rest = &rest[close + 1..];
            }
            None => {
                out.push_str(&abbreviate(rest));
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}
