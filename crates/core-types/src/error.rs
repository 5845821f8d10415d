//! Errors shared by every backend.
//!
//! Two kinds are kept apart (see [`ErrorKind`]):
//! - **invalid input**: the game itself is malformed, whatever the backend;
//! - **cannot answer**: the game is fine but this backend gives up on it (its
//!   table would exceed the memory cap, its budget ran out, the game is larger
//!   than its state encoding). This is an honest "indeterminate": another
//!   backend, or the same one with a larger budget, may answer it. A backend
//!   never returns a wrong answer instead.

use std::fmt;

use crate::limits::Limit;

mod param;
pub use param::{Expected, ParamFault};

/// A part of a hint: words, or a limit that each front end names its own way
/// ([`Wording::limit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HintPart {
    /// Words every front end writes as they are.
    Words(&'static str),
    /// A limit, worded by the front end.
    Limit(Limit),
}

/// Advice written where an error is made, in parts: empty, or starting with `"; "`
/// (`&[Words("; the memory cap ("), Limit(Limit::MemoryCap), Words(") bounds the sparse memo")]`),
/// so that a limit it names stays a value until the error is worded.
pub type Hint = &'static [HintPart];

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
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// Can I Win: the largest choosable integer is outside the allowed range.
    MaxChoosableOutOfRange {
        /// The rejected value.
        value: i128,
        /// Smallest allowed value.
        min: u32,
        /// Largest allowed value.
        max: u32,
    },

    /// Can I Win: the desired total is negative or does not fit in `u64`.
    DesiredTotalOutOfRange {
        /// The rejected value.
        value: i128,
        /// Largest allowed value.
        max: u64,
    },

    /// A game's parameter, as read from a command-line word or a JSON field, is not one the
    /// game accepts: its name, the value as given and why ([`ParamFault`], which words the
    /// sentence: `stones = 9999999 is out of range: …`).
    InvalidParameter {
        /// The parameter at fault (`stones`, `graph`, `played`); empty for a fault of the
        /// parameters together.
        field: String,
        /// The value as given, cut to a readable length; empty when it is missing or the
        /// fault's sentence names it its own way.
        value: String,
        /// Why it was refused.
        fault: ParamFault,
    },

    /// A game definition broke its contract: a position that is not over has no move (see
    /// [`Game::terminal_value`](crate::Game::terminal_value)). A bug in the game's code, not a
    /// limit of the backend.
    NoMoves {
        /// The game's machine name.
        game: &'static str,
        /// The position, as the game shows it.
        position: String,
    },

    /// A game's index broke its contract: [`Indexed::index`](crate::Indexed::index) of a
    /// position is not below [`Indexed::position_count`](crate::Indexed::position_count). A bug
    /// in the game's code, not a limit of the backend.
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
    EndlessPlay {
        /// The game's machine name.
        game: &'static str,
        /// The start position, as the game shows it.
        position: String,
    },

    /// This backend's state encoding cannot represent a game this large.
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
        /// Advice on what to do instead, empty or starting with `"; "`, in parts ([`Hint`]).
        hint: Hint,
    },

    /// The table this backend needs is larger than its memory cap.
    ///
    /// Reported before anything is allocated.
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
        /// Advice on what to do instead, empty or starting with `"; "`, in parts ([`Hint`]).
        hint: Hint,
    },

    /// The system refused the memory for this backend's table, although the
    /// table is within the memory cap (not enough free memory right now).
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
        /// Advice on what to do instead, empty or starting with `"; "`, in parts ([`Hint`]).
        hint: Hint,
    },

    /// The system refused the memory of a new stack segment for the recursive search (see
    /// the solver crates' stack segments): a process memory limit such as `ulimit -v`, or no free memory.
    StackRefused {
        /// The backend's name.
        backend: &'static str,
        /// The game's machine name.
        game: &'static str,
        /// The size of the segment asked for.
        segment_bytes: u64,
        /// Advice on what to do instead, empty or starting with `"; "`, in parts ([`Hint`]).
        hint: Hint,
    },

    /// No backend of this build has an algorithm for the game (a build with only `reduction`
    /// asked for Can I Win).
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
    BackendUnavailable {
        /// The name asked for (`memo/alpha-beta`).
        asked: String,
        /// The game's machine name.
        game: &'static str,
        /// Why, in one sentence, with what is allowed.
        reason: String,
    },

    /// The search hit its budget before finishing.
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
        /// Advice on what to do instead, empty or starting with `"; "`, in parts ([`Hint`]).
        hint: Hint,
    },

    /// The search reached its wall-clock time limit before finishing (see
    /// [`crate::deadline`]).
    TimeLimitReached {
        /// The backend's name.
        backend: &'static str,
        /// The game's machine name.
        game: &'static str,
        /// The time limit it was given.
        limit: std::time::Duration,
    },
}

/// Who gave up, for the messages: `backend `memo``, or (in the library's words) `the `analyze`
/// command` for the analysis engine, which is a command of its own and not a backend.
fn who(backend: &str, words: &dyn Wording) -> String {
    if backend == ANALYZE {
        words.analysis()
    } else {
        format!("backend `{backend}`")
    }
}

/// How a front end names, in an error's sentence, what the library names by its own API: a
/// limit (the library: its [`Limits`](crate::Limits) field, ``(`Limits::state_budget`)``; the
/// command line adds its flag) and the analysis engine when it gave up (the library: "the
/// `analyze` command"; `can-i-win N --all-totals` names itself). Every method has the
/// library's words as its default, so [`LibraryWords`] implements none, and an error is
/// worded once, when a front end prints it ([`Error::worded`]); its `Display` is
/// `worded(&LibraryWords)`.
///
/// ```
/// use core_types::error::{Error, LibraryWords, Wording};
/// use core_types::limits::Limit;
///
/// struct Flags;
/// impl Wording for Flags {
///     fn limit(&self, limit: Limit) -> String {
///         format!("{limit}, --{}", limit.words().replace(' ', "-"))
///     }
/// }
/// let err = Error::BudgetExhausted {
///     backend: "memo", game: "domineering", budget: 3_000_000, unit: "states", hint: &[],
/// };
/// assert_eq!(err.to_string(), err.worded(&LibraryWords));
/// assert!(err.worded(&Flags).ends_with("(`Limits::state_budget`, --state-budget)"));
/// ```
pub trait Wording {
    /// How the sentence names `limit`: ``(`Limits::state_budget`)`` by default (the text
    /// inside the parentheses).
    fn limit(&self, limit: Limit) -> String {
        limit.to_string()
    }

    /// How the sentence names the analysis engine as the one that gave up: "the `analyze`
    /// command" by default.
    fn analysis(&self) -> String {
        format!("the `{ANALYZE}` command")
    }
}

/// The library's own words ([`Wording`]'s defaults): what an error's `Display` writes.
#[derive(Clone, Copy, Debug, Default)]
pub struct LibraryWords;

impl Wording for LibraryWords {}

/// A hint with each limit it names worded by `words`.
fn hint_worded(hint: Hint, words: &dyn Wording) -> String {
    hint.iter()
        .map(|part| match part {
            HintPart::Words(text) => (*text).to_owned(),
            HintPart::Limit(limit) => words.limit(*limit),
        })
        .collect()
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
fn budget_words(budget: u64, unit: &str, words: &dyn Wording) -> String {
    match budget_limit(unit) {
        Some(limit) => format!(
            "{} of {budget} {unit} ({})",
            limit.words(),
            words.limit(limit)
        ),
        None => format!("budget of {budget} {unit}"),
    }
}

/// The name the analysis engine reports in the `backend` field of its errors: it is the
/// `analyze` command (and `--all-totals`, `play`), not a backend.
pub const ANALYZE: &str = "analyze";

impl Error {
    /// The error's sentence with what it names worded by `words` (a front end's [`Wording`]):
    /// the same sentence as `Display`, which is `worded(&LibraryWords)`, but for how a limit
    /// and the analysis engine are named.
    pub fn worded(&self, words: &dyn Wording) -> String {
        match self {
            Error::MaxChoosableOutOfRange { value, min, max } => ParamFault::PoolOutOfRange {
                min: *min,
                max: *max,
            }
            .sentence("max_choosable", &value.to_string()),
            Error::DesiredTotalOutOfRange { value, max } => {
                ParamFault::OutOfRange { min: 0, max: *max }
                    .sentence("desired_total", &value.to_string())
            }
            Error::InvalidParameter {
                field,
                value,
                fault,
            } => fault.sentence(field, value),
            Error::NoMoves { game, position } => format!(
                "{game}: position `{position}` is not over (no terminal value) but has no legal \
                 move; the game's terminal_value and moves disagree"
            ),
            Error::IndexOutOfRange {
                game,
                position,
                index,
                count,
            } => format!(
                "{game}: position `{position}` has index {index}, not below the game's \
                 position_count() = {count}; the game's index and position_count disagree"
            ),
            Error::Inconsistent { game, position } => format!(
                "{game}: position `{position}` gave different moves, or moves leading elsewhere, \
                 when asked a second time; a game's moves and play must give the same answer \
                 every time"
            ),
            Error::PositionRepeats {
                backend,
                game,
                position,
            } => format!(
                "{} cannot solve {game}: position `{position}` repeats on the search's own path \
                 (the game's positions can repeat, so this search would never end); use \
                 `tabular/retrograde`, which solves games whose positions repeat: it needs the \
                 game's index (`index(position)` and `count()` for a Python game, `Indexed` in \
                 Rust)",
                who(backend, words)
            ),
            Error::EndlessPlay { game, position } => format!(
                "{game}: play from position `{position}` can go on forever under perfect play, \
                 and the game's value type has no value for a game that never ends \
                 (GameValue::endless)"
            ),
            Error::GameTooLarge {
                backend,
                game,
                parameter,
                value,
                limit,
                hint,
            } => format!(
                "{} cannot answer {game} with {parameter} = {value}: it supports at most \
                 {limit}{}",
                who(backend, words),
                hint_worded(hint, words)
            ),
            Error::TableTooLarge {
                backend,
                game,
                parameter,
                value,
                required_bytes,
                memory_cap_bytes,
                hint,
            } => format!(
                "{} cannot answer {game} with {parameter} = {value}: its table needs \
                 {required_bytes} bytes, more than the memory cap of {memory_cap_bytes} bytes \
                 ({}){}",
                who(backend, words),
                words.limit(Limit::MemoryCap),
                hint_worded(hint, words)
            ),
            Error::AllocationFailed {
                backend,
                game,
                parameter,
                value,
                required_bytes,
                memory_cap_bytes,
                hint,
            } => format!(
                "{} cannot answer {game} with {parameter} = {value}: the system refused the \
                 {required_bytes} bytes its table needs (within the memory cap of \
                 {memory_cap_bytes} bytes){}",
                who(backend, words),
                hint_worded(hint, words)
            ),
            Error::StackRefused {
                backend,
                game,
                segment_bytes,
                hint,
            } => format!(
                "{} cannot answer {game}: the system refused the {segment_bytes} bytes of a new \
                 stack segment its recursive search needed (a process memory limit such as \
                 `ulimit -v`, or no free memory){}",
                who(backend, words),
                hint_worded(hint, words)
            ),
            Error::NoAlgorithm { backend, game } => format!(
                "backend `{backend}` has no algorithm for {game}; build with a backend that has \
                 one"
            ),
            Error::BackendUnavailable { reason, .. } => reason.clone(),
            Error::BudgetExhausted {
                backend,
                game,
                budget,
                unit,
                hint,
            } => format!(
                "{} gave up on {game}: it exceeded its {}{}",
                who(backend, words),
                budget_words(*budget, unit, words),
                hint_worded(hint, words)
            ),
            Error::TimeLimitReached {
                backend,
                game,
                limit,
            } => format!(
                "{} gave up on {game}: it reached its time limit of {} ({})",
                who(backend, words),
                humantime::format_duration(*limit),
                words.limit(Limit::TimeLimit)
            ),
        }
    }

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
    ///     backend: "memo", game: "domineering", budget: 3_000_000, unit: "states", hint: &[],
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

    /// The game's parameter this error refused (`max_choosable`, `graph`), which a caller
    /// corrects; `None` for any other error, or a fault of the parameters together.
    ///
    /// ```
    /// use gamesolve::CanIWin;
    /// assert_eq!(CanIWin::new(65, 10).unwrap_err().field(), Some("max_choosable"));
    /// ```
    pub fn field(&self) -> Option<&str> {
        match self {
            Error::MaxChoosableOutOfRange { .. } => Some("max_choosable"),
            Error::DesiredTotalOutOfRange { .. } => Some("desired_total"),
            Error::InvalidParameter { field, .. } if !field.is_empty() => Some(field),
            _ => None,
        }
    }

    /// `true` for errors of kind [`ErrorKind::InvalidInput`].
    pub const fn is_invalid_input(&self) -> bool {
        matches!(self.kind(), ErrorKind::InvalidInput)
    }
}

impl fmt::Display for Error {
    /// The sentence in the library's words ([`Error::worded`] with [`LibraryWords`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.worded(&LibraryWords))
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hint names a limit as a part, worded with the error: the library's words, or a
    /// front end's.
    #[test]
    fn hints_word_the_limits_they_name() {
        struct Flags;
        impl Wording for Flags {
            fn limit(&self, limit: Limit) -> String {
                format!("{limit}, --flag")
            }
        }
        let err = Error::BudgetExhausted {
            backend: "memo",
            game: "can-i-win",
            budget: 3072,
            unit: "states",
            hint: &[
                HintPart::Words("; the memory cap ("),
                HintPart::Limit(Limit::MemoryCap),
                HintPart::Words(") bounds the sparse memo: raise it"),
            ],
        };
        assert_eq!(
            err.to_string(),
            "backend `memo` gave up on can-i-win: it exceeded its state budget of 3072 states \
             (`Limits::state_budget`); the memory cap (`Limits::memory_cap_bytes`) bounds the \
             sparse memo: raise it"
        );
        assert!(
            err.worded(&Flags).ends_with(
                "(`Limits::state_budget`, --flag); the memory cap (`Limits::memory_cap_bytes`, \
                 --flag) bounds the sparse memo: raise it"
            ),
            "{}",
            err.worded(&Flags)
        );
    }

    #[test]
    fn allocation_failure_is_told_apart_from_the_cap() {
        let err = Error::AllocationFailed {
            backend: "tabular",
            game: "can-i-win",
            parameter: "max_choosable",
            value: 33,
            required_bytes: 1 << 30,
            memory_cap_bytes: 1 << 30,
            hint: &[HintPart::Words("; free some memory")],
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
