//! The error objects of the contract: `{"error":…,"kind":…}` (a command's `--json` error, an
//! `/api/*` error) and a batch error line `{"line":…,"error":…,"kind":…}`, with the stable
//! machine [`Kind`]s every front end reports.
//!
//! ```
//! use gamesolve::contract::error::{ErrorReport, Kind};
//!
//! let e = ErrorReport::invalid("missing field `game` (\"can-i-win\" or \"predict-the-winner\")");
//! assert_eq!(e.kind, Kind::InvalidInput);
//! assert_eq!(
//!     serde_json::to_string(&e.object()).expect("serializes"),
//!     r#"{"error":"missing field `game` (\"can-i-win\" or \"predict-the-winner\")","kind":"invalid_input"}"#
//! );
//! assert_eq!(
//!     String::from_utf8(e.line_json(3)).expect("UTF-8"),
//!     r#"{"line":3,"error":"missing field `game` (\"can-i-win\" or \"predict-the-winner\")","kind":"invalid_input"}"#
//! );
//! ```

use std::fmt;

use serde::{Serialize, Serializer};

use crate::analysis::AnalysisError;
use crate::core_types::limits::Limit;
use crate::games::abbreviate;
use crate::games::values::ValuesError;
use crate::{BackendError, Error, ErrorKind};

/// What went wrong, by the stable machine name used in JSON errors and batch error lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The command line itself is malformed (unknown flag, unknown backend).
    Usage,
    /// A game is malformed: a value is not an integer or out of range.
    InvalidInput,
    /// The backend gave up on a valid game (too large, budget exhausted).
    CannotAnswer,
    /// The backend exists but this build does not have it.
    UnavailableBackend,
    /// Reading the input failed (missing file, unreadable standard input).
    Io,
    /// Backends returned different answers for one game: a bug.
    Disagreement,
}

impl Kind {
    /// The stable machine name: `usage`, `invalid_input`, `cannot_answer`,
    /// `unavailable_backend`, `io` or `disagreement`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Kind::Usage => "usage",
            Kind::InvalidInput => "invalid_input",
            Kind::CannotAnswer => "cannot_answer",
            Kind::UnavailableBackend => "unavailable_backend",
            Kind::Io => "io",
            Kind::Disagreement => "disagreement",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Kind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// An error to report: a stable machine [`Kind`] and a complete sentence naming the offending
/// value and the allowed range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorReport {
    /// The stable machine kind.
    pub kind: Kind,
    /// A complete sentence naming the offending value and the allowed range.
    pub message: String,
}

impl ErrorReport {
    /// An error of `kind` with `message`.
    pub fn new(kind: Kind, message: impl Into<String>) -> Self {
        ErrorReport {
            kind,
            message: message.into(),
        }
    }

    /// An invalid-input error.
    pub fn invalid(message: impl Into<String>) -> Self {
        ErrorReport::new(Kind::InvalidInput, message)
    }

    /// The JSON object `{"error":…,"kind":…}`.
    pub fn object(&self) -> ErrorObject<'_> {
        ErrorObject {
            error: &self.message,
            kind: self.kind,
        }
    }

    /// The batch error line of input line `line` (counting from 1), without its newline:
    /// `{"line":…,"error":…,"kind":…}`.
    pub fn line_json(&self, line: u64) -> Vec<u8> {
        let line = ErrorLine {
            line,
            error: &self.message,
            kind: self.kind,
        };
        serde_json::to_vec(&line).unwrap_or_else(|_| b"{}".to_vec())
    }
}

impl fmt::Display for ErrorReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ErrorReport {}

impl From<Error> for ErrorReport {
    /// `invalid_input` for a malformed game; `unavailable_backend` for a search that met a
    /// position again on its own path ([`Error::PositionRepeats`]: no limit makes this backend
    /// answer, `tabular/retrograde` does); else `cannot_answer`.
    fn from(e: Error) -> Self {
        let kind = if matches!(e, Error::PositionRepeats { .. }) {
            Kind::UnavailableBackend
        } else if e.is_invalid_input() {
            Kind::InvalidInput
        } else {
            Kind::CannotAnswer
        };
        ErrorReport::new(kind, e.to_string())
    }
}

impl From<BackendError> for ErrorReport {
    /// `unavailable_backend` for a backend this build lacks (or with no algorithm for the
    /// game), else `usage`.
    fn from(e: BackendError) -> Self {
        let kind = match e {
            BackendError::Unavailable { .. } | BackendError::NotApplicable { .. } => {
                Kind::UnavailableBackend
            }
            _ => Kind::Usage,
        };
        ErrorReport::new(kind, e.to_string())
    }
}

impl From<AnalysisError> for ErrorReport {
    /// `invalid_input` for a malformed game or position, else `cannot_answer`.
    fn from(e: AnalysisError) -> Self {
        let kind = match e.kind() {
            ErrorKind::InvalidInput => Kind::InvalidInput,
            _ => Kind::CannotAnswer,
        };
        ErrorReport::new(kind, e.to_string())
    }
}

impl From<ValuesError> for ErrorReport {
    /// A malformed value is `invalid_input` (with any repeated input cut to a readable length,
    /// [`abbreviate`]); too many values for the memory cap, or memory the system refused, is
    /// `cannot_answer`; a failed read is `io`.
    fn from(e: ValuesError) -> Self {
        let range = format!(
            "values must be whole numbers in {}..={}",
            i64::MIN,
            i64::MAX
        );
        match e {
            ValuesError::NotAnInteger { index, text, .. } => ErrorReport::invalid(format!(
                "value #{index} = {} is not an integer: {range}",
                abbreviate(&text),
            )),
            ValuesError::OutOfRange { index, text, .. } => ErrorReport::invalid(format!(
                "value #{index} = {} is out of range: {range}",
                abbreviate(&text),
            )),
            ValuesError::TooLong {
                index,
                text,
                max_bytes,
                ..
            } => ErrorReport::invalid(format!(
                "value #{index} = {} is too long: {range}, written in at most {max_bytes} \
                 characters",
                abbreviate(&text),
            )),
            e @ ValuesError::TooManyValues { .. } => ErrorReport::new(
                Kind::CannotAnswer,
                format!(
                    "cannot read the values: {e}; raise the cap ({})",
                    Limit::MemoryCap
                ),
            ),
            e @ ValuesError::MemoryRefused { .. } => ErrorReport::new(
                Kind::CannotAnswer,
                format!("cannot read the values: {e}; free some memory"),
            ),
            e @ ValuesError::Io(_) => ErrorReport::new(Kind::Io, e.to_string()),
            other => ErrorReport::invalid(other.to_string()),
        }
    }
}

/// The JSON object of an error: `{"error":…,"kind":…}` ([`ErrorReport::object`]).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ErrorObject<'a> {
    /// The message.
    pub error: &'a str,
    /// The machine kind.
    pub kind: Kind,
}

/// A batch error line: `{"line":…,"error":…,"kind":…}` ([`ErrorReport::line_json`]).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ErrorLine<'a> {
    /// The input line, counting from 1.
    pub line: u64,
    /// The message.
    pub error: &'a str,
    /// The machine kind.
    pub kind: Kind,
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::games::values::parse_values;

    #[test]
    fn kinds_have_stable_names() {
        let all = [
            (Kind::Usage, "usage"),
            (Kind::InvalidInput, "invalid_input"),
            (Kind::CannotAnswer, "cannot_answer"),
            (Kind::UnavailableBackend, "unavailable_backend"),
            (Kind::Io, "io"),
            (Kind::Disagreement, "disagreement"),
        ];
        for (kind, name) in all {
            assert_eq!(kind.as_str(), name);
            assert_eq!(serde_json::to_string(&kind).unwrap(), format!("\"{name}\""));
        }
    }

    #[test]
    fn objects_keep_their_field_order() {
        let e = ErrorReport::new(Kind::CannotAnswer, "too big");
        assert_eq!(
            serde_json::to_string(&e.object()).unwrap(),
            r#"{"error":"too big","kind":"cannot_answer"}"#
        );
        assert_eq!(
            e.line_json(12),
            br#"{"line":12,"error":"too big","kind":"cannot_answer"}"#
        );
    }

    /// The values parser's errors, as every front end words them.
    #[test]
    fn values_errors() {
        let e = ErrorReport::from(parse_values("1 2 9223372036854775808").unwrap_err());
        assert_eq!(e.kind, Kind::InvalidInput);
        assert_eq!(
            e.message,
            "value #3 = 9223372036854775808 is out of range: values must be whole numbers in \
             -9223372036854775808..=9223372036854775807"
        );
        let e = ErrorReport::from(parse_values("1,,2").unwrap_err());
        assert_eq!(
            e.message,
            "value #2 is empty: two commas with nothing between them, or a leading comma"
        );
        // A word is cut at 40 characters, a number at 100.
        let e = ErrorReport::from(parse_values(&"x".repeat(150)).unwrap_err());
        assert!(
            e.message
                .starts_with(&format!("value #1 = {}… is not an integer", "x".repeat(40))),
            "{e}"
        );
        let e = ErrorReport::from(parse_values(&"7".repeat(150)).unwrap_err());
        assert!(
            e.message
                .starts_with(&format!("value #1 = {}… is out of range", "7".repeat(100))),
            "{e}"
        );
        let e = ErrorReport::from(
            crate::games::values::parse_values_from_reader_with_cap("1 2 3".as_bytes(), 16)
                .unwrap_err(),
        );
        assert_eq!(e.kind, Kind::CannotAnswer);
        assert!(
            e.message
                .ends_with("; raise the cap (`Limits::memory_cap_bytes`)"),
            "{e}"
        );
    }
}
