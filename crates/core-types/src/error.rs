//! Errors shared by every backend.
//!
//! Two kinds are kept apart (see [`ErrorKind`]):
//! - **invalid input**: the game itself is malformed, whatever the backend;
//! - **cannot answer**: the game is fine but this backend gives up on it (its
//!   table would exceed the memory cap, its budget ran out, the game is larger
//!   than its state encoding). This is an honest "indeterminate": another
//!   backend, or the same one with a larger budget, may answer it. A backend
//!   never returns a wrong answer instead.

use thiserror::Error;

use crate::limits::Limit;

/// Which of the two kinds of error an [`Error`](enum@Error) is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The game definition is malformed; no backend can solve it.
    InvalidInput,
    /// The game is valid but this backend cannot answer it within its limits.
    CannotAnswer,
}

impl ErrorKind {
    /// The stable machine name: `"invalid_input"` or `"cannot_answer"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorKind::InvalidInput => "invalid_input",
            ErrorKind::CannotAnswer => "cannot_answer",
        }
    }
}

/// Everything that can go wrong when building or solving a game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Error {
    /// Can I Win: the largest choosable integer is outside the allowed range.
    #[error(
        "max_choosable = {value} is out of range: the pool is 1..=max_choosable with max_choosable in {min}..={max}"
    )]
    MaxChoosableOutOfRange {
        /// The rejected value.
        value: i128,
        /// Smallest allowed value.
        min: u32,
        /// Largest allowed value.
        max: u32,
    },

    /// Can I Win: the desired total is negative or does not fit in `u64`.
    #[error("desired_total = {value} is out of range: it must be a whole number in 0..={max}")]
    DesiredTotalOutOfRange {
        /// The rejected value.
        value: i128,
        /// Largest allowed value.
        max: u64,
    },

    /// A game's parameter, as read from a command-line word or a JSON field, is not one the
    /// game accepts; the message names the parameter, the value and what is allowed.
    #[error("{message}")]
    InvalidParameter {
        /// The complete sentence: `stones = 9999999 is out of range: …`.
        message: String,
    },

    /// A game definition broke its contract: a position that is not over has no move (see
    /// [`Game::terminal_value`](crate::Game::terminal_value)). A bug in the game's code, not a
    /// limit of the backend.
    #[error(
        "{game}: position `{position}` is not over (no terminal value) but has no legal move; \
         the game's terminal_value and moves disagree"
    )]
    NoMoves {
        /// The game's machine name.
        game: &'static str,
        /// The position, as the game shows it.
        position: String,
    },

    /// A game's index broke its contract: [`Indexed::index`](crate::Indexed::index) of a
    /// position is not below [`Indexed::position_count`](crate::Indexed::position_count). A bug
    /// in the game's code, not a limit of the backend.
    #[error(
        "{game}: position `{position}` has index {index}, not below the game's position_count() \
         = {count}; the game's index and position_count disagree"
    )]
    IndexOutOfRange {
        /// The game's machine name.
        game: &'static str,
        /// The position, as the game shows it.
        position: String,
        /// Its index.
        index: u64,
        /// The game's position count.
        count: u64,
    },

    /// A game answered differently when asked the same thing twice: a position's moves, or
    /// where they lead, changed between two passes over it (`tabular/retrograde` lists each
    /// position's moves twice when it reverses the edges). A bug in the game's code (or a
    /// method that failed in between), not a limit of the backend.
    #[error(
        "{game}: position `{position}` gave different moves, or moves leading elsewhere, when \
         asked a second time; a game's moves and play must give the same answer every time"
    )]
    Inconsistent {
        /// The game's machine name.
        game: &'static str,
        /// The position, as the game shows it.
        position: String,
    },

    /// A search met a position again on its own path: the game's positions repeat, so a
    /// search that recurses (`recursive`, `memo`) would never end; retrograde analysis
    /// (`tabular/retrograde`) solves such games. This backend cannot answer, whatever its
    /// limits.
    #[error(
        "{} cannot solve {game}: position `{position}` repeats on the search's own path (the \
         game's positions can repeat, so this search would never end); use \
         `tabular/retrograde`, which solves games whose positions repeat: it needs the game's \
         index (`index(position)` and `count()` for a Python game, `Indexed` in Rust)",
        who(backend)
    )]
    PositionRepeats {
        /// The backend's name.
        backend: &'static str,
        /// The game's machine name.
        game: &'static str,
        /// The position met again, as the game shows it.
        position: String,
    },

    /// Play from a position can go on forever under perfect play, and the game's value type
    /// has no value for that ([`GameValue::endless`](crate::GameValue::endless) is `None`: a
    /// scoring game whose positions repeat).
    #[error(
        "{game}: play from position `{position}` can go on forever under perfect play, and the \
         game's value type has no value for a game that never ends (GameValue::endless)"
    )]
    EndlessPlay {
        /// The game's machine name.
        game: &'static str,
        /// The start position, as the game shows it.
        position: String,
    },

    /// This backend's state encoding cannot represent a game this large.
    #[error(
        "{} cannot answer {game} with {parameter} = {value}: it supports at most {limit}{hint}",
        who(backend)
    )]
    GameTooLarge {
        /// The backend's name (`recursive`, `memo`, `tabular`).
        backend: &'static str,
        /// The game's machine name (`can-i-win`, `predict-the-winner`).
        game: &'static str,
        /// Which size parameter is too large (`max_choosable`, `len`).
        parameter: &'static str,
        /// The value given.
        value: u64,
        /// The largest value this backend accepts.
        limit: u64,
        /// Advice on what to do instead; empty or starting with `"; "`.
        hint: &'static str,
    },

    /// The table this backend needs is larger than its memory cap.
    ///
    /// Reported before anything is allocated.
    #[error(
        "{} cannot answer {game} with {parameter} = {value}: its table needs {required_bytes} bytes, more than the memory cap of {memory_cap_bytes} bytes ({}){hint}", who(backend), Limit::MemoryCap
    )]
    TableTooLarge {
        /// The backend's name.
        backend: &'static str,
        /// The game's machine name.
        game: &'static str,
        /// Which size parameter drives the table size.
        parameter: &'static str,
        /// The value given.
        value: u64,
        /// Bytes the table would need.
        required_bytes: u128,
        /// The configured memory cap in bytes.
        memory_cap_bytes: u64,
        /// Advice on what to do instead; empty or starting with `"; "`.
        hint: &'static str,
    },

    /// The system refused the memory for this backend's table, although the
    /// table is within the memory cap (not enough free memory right now).
    #[error(
        "{} cannot answer {game} with {parameter} = {value}: the system refused the {required_bytes} bytes its table needs (within the memory cap of {memory_cap_bytes} bytes){hint}", who(backend)
    )]
    AllocationFailed {
        /// The backend's name.
        backend: &'static str,
        /// The game's machine name.
        game: &'static str,
        /// Which size parameter drives the table size.
        parameter: &'static str,
        /// The value given.
        value: u64,
        /// Bytes the table needed.
        required_bytes: u128,
        /// The configured memory cap in bytes.
        memory_cap_bytes: u64,
        /// Advice on what to do instead; empty or starting with `"; "`.
        hint: &'static str,
    },

    /// The system refused the memory of a new stack segment for the recursive search (see
    /// the solver crates' stack segments): a process memory limit such as `ulimit -v`, or no free memory.
    #[error(
        "{} cannot answer {game}: the system refused the {segment_bytes} bytes of a new stack segment its recursive search needed (a process memory limit such as `ulimit -v`, or no free memory){hint}",
        who(backend)
    )]
    StackRefused {
        /// The backend's name.
        backend: &'static str,
        /// The game's machine name.
        game: &'static str,
        /// The size of the segment asked for.
        segment_bytes: u64,
        /// Advice on what to do instead; empty or starting with `"; "`.
        hint: &'static str,
    },

    /// No backend of this build has an algorithm for the game (a build with only `reduction`
    /// asked for Can I Win).
    #[error("backend `{backend}` has no algorithm for {game}; build with a backend that has one")]
    NoAlgorithm {
        /// The backend's name.
        backend: &'static str,
        /// The game's machine name.
        game: &'static str,
    },

    /// The backend or variant asked for by name cannot solve this game in this build: no
    /// backend or variant has that name, its cargo feature is off, or it has no algorithm for
    /// the game. The front door's [`Solver`](crate::Solver) builder reports a name it was given
    /// this way; `reason` is the registry's sentence, which names the known backends, the
    /// variants or the cargo feature to enable.
    #[error("{reason}")]
    BackendUnavailable {
        /// The name asked for (`memo/alpha-beta`).
        asked: String,
        /// The game's machine name.
        game: &'static str,
        /// Why, in one sentence, with what is allowed.
        reason: String,
    },

    /// The search hit its budget before finishing.
    #[error(
        "{} gave up on {game}: it exceeded its {}{hint}",
        who(backend),
        budget_words(*budget, unit)
    )]
    BudgetExhausted {
        /// The backend's name.
        backend: &'static str,
        /// The game's machine name.
        game: &'static str,
        /// The budget that ran out.
        budget: u64,
        /// What the budget counts: `positions` for the node budget
        /// ([`Limits::node_budget`](crate::Limits::node_budget)), `states` for the state budget
        /// ([`Limits::state_budget`](crate::Limits::state_budget)).
        unit: &'static str,
        /// Advice on what to do instead; empty or starting with `"; "`.
        hint: &'static str,
    },

    /// The search reached its wall-clock time limit before finishing (see
    /// [`crate::deadline`]).
    #[error(
        "{} gave up on {game}: it reached its time limit of {} ({})",
        who(backend),
        humantime::format_duration(*limit),
        Limit::TimeLimit
    )]
    TimeLimitReached {
        /// The backend's name.
        backend: &'static str,
        /// The game's machine name.
        game: &'static str,
        /// The time limit it was given.
        limit: std::time::Duration,
    },
}

/// Who gave up, for the messages: `backend `memo``, or `the `analyze` command` for the
/// analysis engine, which is a command of its own and not a backend.
fn who(backend: &str) -> String {
    if backend == ANALYZE {
        format!("the `{backend}` command")
    } else {
        format!("backend `{backend}`")
    }
}

/// The limit a budget counting `unit` is: the node budget counts positions, the state budget
/// states.
const fn budget_limit(unit: &str) -> Option<Limit> {
    match unit.as_bytes() {
        b"positions" => Some(Limit::NodeBudget),
        b"states" => Some(Limit::StateBudget),
        _ => None,
    }
}

/// `state budget of 3000000 states (`Limits::state_budget`)`, or `budget of 5 runs` for a
/// budget that is none of [`Limits`](crate::Limits)' fields.
fn budget_words(budget: u64, unit: &str) -> String {
    match budget_limit(unit) {
        Some(limit) => format!("{} of {budget} {unit} ({limit})", limit.words()),
        None => format!("budget of {budget} {unit}"),
    }
}

/// The name the analysis engine reports in the `backend` field of its errors: it is the
/// `analyze` command (and `--all-totals`, `play`), not a backend.
pub const ANALYZE: &str = "analyze";

impl Error {
    /// Whether the game is malformed or only this backend gave up.
    ///
    /// ```
    /// use gamesolve::{CanIWin, core_types::ErrorKind};
    /// let err = CanIWin::new(65, 10).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::InvalidInput);
    /// ```
    pub const fn kind(&self) -> ErrorKind {
        match self {
            Error::MaxChoosableOutOfRange { .. }
            | Error::DesiredTotalOutOfRange { .. }
            | Error::InvalidParameter { .. }
            | Error::NoMoves { .. }
            | Error::IndexOutOfRange { .. }
            | Error::Inconsistent { .. }
            | Error::EndlessPlay { .. } => ErrorKind::InvalidInput,
            Error::GameTooLarge { .. }
            | Error::TableTooLarge { .. }
            | Error::AllocationFailed { .. }
            | Error::StackRefused { .. }
            | Error::NoAlgorithm { .. }
            | Error::BackendUnavailable { .. }
            | Error::PositionRepeats { .. }
            | Error::BudgetExhausted { .. }
            | Error::TimeLimitReached { .. } => ErrorKind::CannotAnswer,
        }
    }

    /// The field of [`Limits`](crate::Limits) this error stopped at, which a caller raises to
    /// get further: the memory cap for a table refused by it, the node or state budget for an
    /// exhausted budget, the time limit; `None` for any other error (a table the system
    /// refused within the cap is not the cap's doing).
    ///
    /// ```
    /// use core_types::limits::Limit;
    /// use core_types::Error;
    ///
    /// let err = Error::BudgetExhausted {
    ///     backend: "memo", game: "domineering", budget: 3_000_000, unit: "states", hint: "",
    /// };
    /// assert_eq!(err.limit(), Some(Limit::StateBudget));
    /// assert_eq!(
    ///     err.to_string(),
    ///     "backend `memo` gave up on domineering: it exceeded its state budget of 3000000 \
    ///      states (`Limits::state_budget`)"
    /// );
    /// ```
    pub const fn limit(&self) -> Option<Limit> {
        match self {
            Error::TableTooLarge { .. } => Some(Limit::MemoryCap),
            Error::BudgetExhausted { unit, .. } => budget_limit(unit),
            Error::TimeLimitReached { .. } => Some(Limit::TimeLimit),
            _ => None,
        }
    }

    /// `true` for errors of kind [`ErrorKind::InvalidInput`].
    pub const fn is_invalid_input(&self) -> bool {
        matches!(self.kind(), ErrorKind::InvalidInput)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocation_failure_is_told_apart_from_the_cap() {
        let err = Error::AllocationFailed {
            backend: "tabular",
            game: "can-i-win",
            parameter: "max_choosable",
            value: 33,
            required_bytes: 1 << 30,
            memory_cap_bytes: 1 << 30,
            hint: "; free some memory",
        };
        assert_eq!(err.kind(), ErrorKind::CannotAnswer);
        let message = err.to_string();
        assert!(
            message.contains("the system refused the 1073741824 bytes"),
            "{message}"
        );
        assert!(message.contains("within the memory cap"), "{message}");
        assert!(!message.contains("more than the memory cap"), "{message}");
    }
}
