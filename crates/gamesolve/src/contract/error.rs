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

use super::line_error::LineError;
use crate::analysis::AnalysisError;
use crate::core_types::error::{LibraryWords, Wording};
use crate::core_types::limits::Limit;
use crate::explain::ExplainError;
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
///
/// The sentence is kept in parts: what each front end names its own way (a limit, a library
/// error's who and limit, the command that asked) stays a value until it is printed, and
/// [`ErrorReport::worded`] words it with the front end's [`Wording`] (the command line names a
/// limit by its flag too). [`ErrorReport::message`] and `Display` give the library's words.
///
/// ```
/// use gamesolve::contract::error::ErrorReport;
/// use gamesolve::core_types::error::Wording;
/// use gamesolve::core_types::limits::Limit;
/// use gamesolve::Error;
///
/// struct Flags;
/// impl Wording for Flags {
///     fn limit(&self, limit: Limit) -> String {
///         format!("{limit}, --{}", limit.words().replace(' ', "-"))
///     }
/// }
/// let e = ErrorReport::from(Error::BudgetExhausted {
///     backend: "recursive", game: "can-i-win", budget: 100, unit: "positions", hint: &[],
/// });
/// assert_eq!(e.limit(), Some(Limit::NodeBudget));
/// assert!(e.message().ends_with("(`Limits::node_budget`)"));
/// assert!(e.worded(&Flags).ends_with("(`Limits::node_budget`, --node-budget)"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorReport {
    /// The stable machine kind.
    pub kind: Kind,
    /// The sentence, in parts.
    parts: Vec<Part>,
    /// The command that ran the analysis engine for its own purpose (`can-i-win --all-totals`),
    /// named in place of the engine when it gave up; `None`: the engine's own name.
    command: Option<String>,
    /// The game's parameter at fault when the parts do not name it: a list of values that is
    /// not one ([`ErrorReport::in_field`]).
    field: Option<&'static str>,
}

/// A part of an error's sentence: text, or what a front end words its own way.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Part {
    /// Words every front end prints as they are.
    Text(String),
    /// A limit ([`Wording::limit`]).
    Limit(Limit),
    /// A library error ([`Error::worded`]).
    Error(Error),
    /// An error of `explain` ([`ExplainError::worded`]).
    Explain(ExplainError),
    /// Why an input line is not a game ([`LineError`]'s `Display`).
    Line(LineError),
}

/// [`Wording`] with the analysis engine named as the command that asked for it.
struct Asked<'a> {
    words: &'a dyn Wording,
    command: &'a str,
}

impl Wording for Asked<'_> {
    fn limit(&self, limit: Limit) -> String {
        self.words.limit(limit)
    }

    fn analysis(&self) -> String {
        self.command.to_owned()
    }
}

impl ErrorReport {
    /// An error of `kind` with `message`.
    pub fn new(kind: Kind, message: impl Into<String>) -> Self {
        ErrorReport::of_parts(kind, vec![Part::Text(message.into())])
    }

    fn of_parts(kind: Kind, parts: Vec<Part>) -> Self {
        ErrorReport {
            kind,
            parts,
            command: None,
            field: None,
        }
    }

    /// An invalid-input error.
    pub fn invalid(message: impl Into<String>) -> Self {
        ErrorReport::new(Kind::InvalidInput, message)
    }

    /// This error with `field` named as the game's parameter at fault ([`ErrorReport::field`],
    /// the JSON's `"field"`) when it is invalid input; any other error is returned as it is.
    #[must_use]
    pub fn in_field(mut self, field: &'static str) -> Self {
        if self.kind == Kind::InvalidInput {
            self.field = Some(field);
        }
        self
    }

    /// This error with the analysis engine named as `command` where it gave up: a command that
    /// runs the engine for its own purpose (`` `can-i-win --all-totals` ``) names itself, not
    /// "the `analyze` command".
    #[must_use]
    pub fn asked_by(mut self, command: impl Into<String>) -> Self {
        self.command = Some(command.into());
        self
    }

    /// The sentence in the library's words (a limit named by its [`Limits`](crate::Limits)
    /// field): what `Display`, the Python module and the server print.
    pub fn message(&self) -> String {
        self.worded(&LibraryWords)
    }

    /// The sentence with what it names worded by `words`, a front end's [`Wording`] (the
    /// command line's names each limit by its flag too).
    pub fn worded(&self, words: &dyn Wording) -> String {
        let asked;
        let words = match &self.command {
            Some(command) => {
                asked = Asked { words, command };
                &asked as &dyn Wording
            }
            None => words,
        };
        let mut out = String::new();
        for part in &self.parts {
            match part {
                Part::Text(text) => out.push_str(text),
                Part::Limit(limit) => out.push_str(&words.limit(*limit)),
                Part::Error(e) => out.push_str(&e.worded(words)),
                Part::Explain(e) => out.push_str(&e.worded(words)),
                Part::Line(e) => out.push_str(&e.to_string()),
            }
        }
        out
    }

    /// The limit the error stopped at, which a caller raises to get further (as
    /// [`Error::limit`]), or the one the sentence names; `None` for any other error.
    pub fn limit(&self) -> Option<Limit> {
        self.parts.iter().find_map(|part| match part {
            Part::Limit(limit) => Some(*limit),
            Part::Error(e) | Part::Explain(ExplainError::Solve(e)) => e.limit(),
            Part::Explain(ExplainError::TraceTooLarge {
                refused_by_system: false,
                ..
            }) => Some(Limit::MemoryCap),
            Part::Text(_) | Part::Explain(_) | Part::Line(_) => None,
        })
    }

    /// The game's parameter at fault, for an invalid parameter ([`Error::field`], or the
    /// field of a line's missing or malformed parameter); `None` for any other error.
    pub fn field(&self) -> Option<&str> {
        self.field.or_else(|| {
            self.parts.iter().find_map(|part| match part {
                Part::Error(e) | Part::Explain(ExplainError::Solve(e)) => e.field(),
                Part::Line(e) => e.field(),
                Part::Text(_) | Part::Limit(_) | Part::Explain(_) => None,
            })
        })
    }

    /// Why an input line is not a game, when that is the error: its fault, field and value as
    /// a value, for a front end that words it its own way.
    pub fn line_error(&self) -> Option<&LineError> {
        self.parts.iter().find_map(|part| match part {
            Part::Line(e) => Some(e),
            Part::Text(_) | Part::Limit(_) | Part::Error(_) | Part::Explain(_) => None,
        })
    }

    /// The JSON object `{"error":…,"kind":…}`, in the library's words.
    pub fn object(&self) -> ErrorObject {
        self.object_in(&LibraryWords)
    }

    /// The JSON object `{"error":…,"kind":…}` (with `"field"` and `"limit"` when the error has
    /// them), worded by `words`.
    pub fn object_in(&self, words: &dyn Wording) -> ErrorObject {
        ErrorObject {
            error: self.worded(words),
            kind: self.kind,
            field: self.field().map(str::to_owned),
            limit: self.limit().map(Limit::field),
        }
    }

    /// The batch error line of input line `line` (counting from 1), without its newline:
    /// `{"line":…,"error":…,"kind":…}`, in the library's words.
    pub fn line_json(&self, line: u64) -> Vec<u8> {
        self.line_json_in(line, &LibraryWords)
    }

    /// [`ErrorReport::line_json`] worded by `words`.
    pub fn line_json_in(&self, line: u64, words: &dyn Wording) -> Vec<u8> {
        serde_json::to_vec(&self.line_in(line, words)).unwrap_or_else(|_| b"{}".to_vec())
    }

    /// The batch error line of input line `line`, worded by `words`, as a value.
    pub fn line_in(&self, line: u64, words: &dyn Wording) -> ErrorLine {
        let ErrorObject {
            error,
            kind,
            field,
            limit,
        } = self.object_in(words);
        ErrorLine {
            line,
            error,
            kind,
            field,
            limit,
        }
    }
}

impl fmt::Display for ErrorReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
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
        ErrorReport::of_parts(kind, vec![Part::Error(e)])
    }
}

impl From<LineError> for ErrorReport {
    /// `invalid_input`, the line's fault kept as a value until it is worded.
    fn from(e: LineError) -> Self {
        ErrorReport::of_parts(Kind::InvalidInput, vec![Part::Line(e)])
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
        match e {
            AnalysisError::Game(e) => ErrorReport::of_parts(kind, vec![Part::Error(e)]),
            other => ErrorReport::new(kind, other.to_string()),
        }
    }
}

impl From<ExplainError> for ErrorReport {
    /// As the backend's error ([`BackendError`], [`Error`]); a trace too large to keep is
    /// `cannot_answer`.
    fn from(e: ExplainError) -> Self {
        match e {
            ExplainError::Backend(e) => e.into(),
            ExplainError::Solve(e) => e.into(),
            other => ErrorReport::of_parts(Kind::CannotAnswer, vec![Part::Explain(other)]),
        }
    }
}

impl From<ValuesError> for ErrorReport {
    /// A malformed value is `invalid_input` in the field `values` (with any repeated input cut
    /// to a readable length, [`abbreviate`]; [`ErrorReport::in_field`] names another); too many values for the memory cap, or memory the system refused, is
    /// `cannot_answer`; a failed read is `io`.
    fn from(e: ValuesError) -> Self {
        let range = format!(
            "values must be whole numbers in {}..={}",
            i64::MIN,
            i64::MAX
        );
        let report = match e {
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
            e @ ValuesError::TooManyValues { .. } => ErrorReport::of_parts(
                Kind::CannotAnswer,
                vec![
                    Part::Text(format!("cannot read the values: {e}; raise the cap (")),
                    Part::Limit(Limit::MemoryCap),
                    Part::Text(")".to_owned()),
                ],
            ),
            e @ ValuesError::MemoryRefused { .. } => ErrorReport::new(
                Kind::CannotAnswer,
                format!("cannot read the values: {e}; free some memory"),
            ),
            e @ ValuesError::Io(_) => ErrorReport::new(Kind::Io, e.to_string()),
            other => ErrorReport::invalid(other.to_string()),
        };
        report.in_field("values")
    }
}

/// The JSON object of an error: `{"error":…,"kind":…}` ([`ErrorReport::object`]), and
/// `"field"`, `"limit"` when the error has them.
#[derive(Clone, Debug, Serialize)]
pub struct ErrorObject {
    /// The message.
    pub error: String,
    /// The machine kind.
    pub kind: Kind,
    /// The game's parameter at fault, on an invalid parameter ([`ErrorReport::field`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// The [`Limits`](crate::Limits) field that made the backend give up (`node_budget`,
    /// `memory_cap_bytes`, `time_limit`; [`ErrorReport::limit`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<&'static str>,
}

/// A batch error line: `{"line":…,"error":…,"kind":…}` ([`ErrorReport::line_json`]), and
/// `"field"`, `"limit"` as in [`ErrorObject`].
#[derive(Clone, Debug, Serialize)]
pub struct ErrorLine {
    /// The input line, counting from 1.
    pub line: u64,
    /// The message.
    pub error: String,
    /// The machine kind.
    pub kind: Kind,
    /// As [`ErrorObject::field`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// As [`ErrorObject::limit`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<&'static str>,
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

    /// An invalid parameter names it (`field`), a refusal at a limit names the limit by its
    /// `Limits` field (`limit`), after the message, which is the same as without them.
    #[test]
    fn objects_name_the_field_and_the_limit() {
        let e = ErrorReport::from(crate::CanIWin::new(65, 10).unwrap_err());
        assert_eq!(
            serde_json::to_string(&e.object()).unwrap(),
            r#"{"error":"max_choosable = 65 is out of range: the pool is 1..=max_choosable with max_choosable in 1..=64","kind":"invalid_input","field":"max_choosable"}"#
        );
        let e = ErrorReport::from(Error::BudgetExhausted {
            backend: "memo",
            game: "can-i-win",
            budget: 7,
            unit: "states",
            hint: &[],
        });
        assert_eq!(
            String::from_utf8(e.line_json(2)).unwrap(),
            "{\"line\":2,\"error\":\"backend `memo` gave up on can-i-win: it exceeded its state \
             budget of 7 states (`Limits::state_budget`)\",\"kind\":\"cannot_answer\",\
             \"limit\":\"state_budget\"}"
        );
        let e = ErrorReport::from(LineError::MissingParam {
            field: "values",
            game: "predict-the-winner",
        });
        assert_eq!(e.field(), Some("values"));
        let e = ErrorReport::from(LineError::Empty);
        assert_eq!((e.field(), e.limit()), (None, None));
    }

    /// The values parser's errors, as every front end words them.
    #[test]
    fn values_errors() {
        let e = ErrorReport::from(parse_values("1 2 9223372036854775808").unwrap_err());
        assert_eq!(e.kind, Kind::InvalidInput);
        assert_eq!(
            e.message(),
            "value #3 = 9223372036854775808 is out of range: values must be whole numbers in \
             -9223372036854775808..=9223372036854775807"
        );
        assert_eq!(e.field(), Some("values"));
        let e = ErrorReport::from(parse_values("1,,2").unwrap_err());
        assert_eq!(
            e.message(),
            "value #2 is empty: two commas with nothing between them, or a leading comma"
        );
        assert_eq!(e.field(), Some("values"));
        assert!(String::from_utf8(e.line_json(1))
            .unwrap()
            .ends_with(r#""kind":"invalid_input","field":"values"}"#));
        // A word is cut at 40 characters, a number at 100.
        let e = ErrorReport::from(parse_values(&"x".repeat(150)).unwrap_err());
        assert!(
            e.message()
                .starts_with(&format!("value #1 = {}… is not an integer", "x".repeat(40))),
            "{e}"
        );
        let e = ErrorReport::from(parse_values(&"7".repeat(150)).unwrap_err());
        assert!(
            e.message()
                .starts_with(&format!("value #1 = {}… is out of range", "7".repeat(100))),
            "{e}"
        );
        let e = ErrorReport::from(
            crate::games::values::parse_values_from_reader_with_cap("1 2 3".as_bytes(), 16)
                .unwrap_err(),
        );
        assert_eq!(e.kind, Kind::CannotAnswer);
        assert!(
            e.message()
                .ends_with("; raise the cap (`Limits::memory_cap_bytes`)"),
            "{e}"
        );
        // Not the values' fault: no field, whatever the caller names.
        assert_eq!(e.in_field("values").field(), None);
    }
}
