//! The CLI's one error type, the library's [`CliError`] (a message and a stable machine
//! `kind`), the exit code that follows from its kind, and why a command stopped.

use std::io;

use gamesolve::{registry::BackendError, Error};

/// The error kinds and the error the front ends report are the library's contract
/// ([`gamesolve::contract::error`]); the CLI adds the exit code each kind gives.
pub use gamesolve::contract::error::{ErrorReport as CliError, Kind};

/// The exit code of an error [`Kind`].
pub trait ExitStatus {
    /// The process exit code: 1 when a backend gave up (or, for `compare`, answered
    /// inconsistently), 2 for usage and validation errors.
    fn exit_code(self) -> u8;
}

impl ExitStatus for Kind {
    fn exit_code(self) -> u8 {
        match self {
            Kind::CannotAnswer | Kind::Disagreement => 1,
            Kind::Usage | Kind::InvalidInput | Kind::UnavailableBackend | Kind::Io => 2,
        }
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
