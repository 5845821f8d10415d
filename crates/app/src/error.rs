//! The CLI's one error type: a message, a stable machine `kind`, and the
//! exit code that follows from it.

use std::fmt;
use std::io;

use gamesolve::{BackendError, Error};

/// What went wrong, by the stable machine name used in `--json` errors and
/// batch error lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// The stable machine name.
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

    /// The process exit code: 1 when a backend gave up (or, for
    /// `compare`, answered inconsistently), 2 for usage and validation errors.
    pub const fn exit_code(self) -> u8 {
        match self {
            Kind::CannotAnswer | Kind::Disagreement => 1,
            Kind::Usage | Kind::InvalidInput | Kind::UnavailableBackend | Kind::Io => 2,
        }
    }
}

/// An error to report to the user, then exit with [`Kind::exit_code`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CliError {
    /// The stable machine kind.
    pub kind: Kind,
    /// A complete sentence naming the offending value and the allowed range.
    pub message: String,
}

impl CliError {
    /// An error of `kind` with `message`.
    pub fn new(kind: Kind, message: impl Into<String>) -> Self {
        CliError {
            kind,
            message: message.into(),
        }
    }

    /// An invalid-input error.
    pub fn invalid(message: impl Into<String>) -> Self {
        CliError::new(Kind::InvalidInput, message)
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<Error> for CliError {
    fn from(e: Error) -> Self {
        let kind = if e.is_invalid_input() {
            Kind::InvalidInput
        } else {
            Kind::CannotAnswer
        };
        CliError::new(kind, e.to_string())
    }
}

impl From<BackendError> for CliError {
    fn from(e: BackendError) -> Self {
        let kind = match e {
            BackendError::Unavailable { .. } | BackendError::NotApplicable { .. } => {
                Kind::UnavailableBackend
            }
            _ => Kind::Usage,
        };
        CliError::new(kind, e.to_string())
    }
}

/// Why the command stopped early: an error to report, or standard output
/// was closed by the reader (`gamesolve batch | head -1`), which is not an
/// error and ends the program quietly.
#[derive(Debug)]
pub enum Stop {
    /// Report this error.
    Error(CliError),
    /// The command's output is already written (e.g. `compare --json`, whose
    /// array holds every backend's reason): exit with this error's code and
    /// say why on standard error only, so standard output stays one JSON
    /// value.
    AfterOutput(CliError),
    /// Standard output is gone; exit quietly.
    OutputClosed,
    /// Writing standard output failed for another reason; it cannot carry
    /// a report, so say so on standard error.
    OutputFailed(io::Error),
}

impl From<CliError> for Stop {
    fn from(e: CliError) -> Self {
        Stop::Error(e)
    }
}

impl From<Error> for Stop {
    fn from(e: Error) -> Self {
        Stop::Error(e.into())
    }
}

impl From<BackendError> for Stop {
    fn from(e: BackendError) -> Self {
        Stop::Error(e.into())
    }
}

impl From<io::Error> for Stop {
    /// Only for errors writing standard output: reading errors become a
    /// [`Kind::Io`] [`CliError`] with the path in the message.
    fn from(e: io::Error) -> Self {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Stop::OutputClosed
        } else {
            Stop::OutputFailed(e)
        }
    }
}

impl From<serde_json::Error> for Stop {
    /// Only for errors writing standard output as JSON (our own values
    /// always serialize, so this is an I/O error).
    fn from(e: serde_json::Error) -> Self {
        match e.io_error_kind() {
            Some(kind) => Stop::from(io::Error::from(kind)),
            None => Stop::OutputFailed(io::Error::other(e)),
        }
    }
}
