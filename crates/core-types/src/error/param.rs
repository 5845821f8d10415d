//! Why a game's parameter was refused, as a value ([`ParamFault`]): an
//! [`Error::InvalidParameter`](super::Error::InvalidParameter) carries the parameter's name,
//! the value as given and its fault, and its sentence is written from them when it is worded.

use std::fmt::Write as _;

/// What a parameter was expected to be, when it was given as another kind of value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Expected {
    /// One whole number (a list was given).
    Integer,
    /// A list of values (one word was given).
    List,
    /// A parameter of whole numbers (the parameter is declared of another kind: a bug of the
    /// caller, not of the input).
    IntegerParam,
}

/// Why a parameter was refused: each fault words its sentence with the parameter's name and
/// the value as given ([`ParamFault::sentence`]).
///
/// ```
/// use core_types::error::ParamFault;
///
/// let fault = ParamFault::OutOfRange { min: 0, max: 1000 };
/// assert_eq!(
///     fault.sentence("stones", "5000"),
///     "stones = 5000 is out of range: it must be a whole number in 0..=1000"
/// );
/// assert_eq!(ParamFault::Missing.sentence("stones", ""), "missing parameter `stones`");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParamFault {
    /// Not given.
    Missing,
    /// Not a whole number; one in `min..=max` was expected.
    NotAnInteger {
        /// Smallest allowed value.
        min: u64,
        /// Largest allowed value.
        max: u64,
    },
    /// A whole number outside `min..=max`.
    OutOfRange {
        /// Smallest allowed value.
        min: u64,
        /// Largest allowed value.
        max: u64,
    },
    /// Can I Win's pool size outside `min..=max` (the pool is `1..=max_choosable`).
    PoolOutOfRange {
        /// Smallest allowed value.
        min: u32,
        /// Largest allowed value.
        max: u32,
    },
    /// A value of another kind than the parameter's.
    WrongKind {
        /// What the parameter takes.
        expected: Expected,
    },
    /// Not JSON.
    NotJson {
        /// The JSON reader's description of the fault.
        what: String,
    },
    /// A rule of the game's own (a column that is full, a graph's node that lists itself),
    /// in the game's words: the whole sentence, which names the parameter and the value its
    /// own way.
    Rule {
        /// The sentence.
        sentence: String,
    },
}

impl ParamFault {
    /// The sentence of this fault of the parameter `field` given as `value` (the value as
    /// given, cut to a readable length; empty when missing).
    pub fn sentence(&self, field: &str, value: &str) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = match self {
            ParamFault::Missing => write!(out, "missing parameter `{field}`"),
            ParamFault::NotAnInteger { min, max } => write!(
                out,
                "{field} = `{value}` is not an integer: expected a whole number in {min}..={max}"
            ),
            ParamFault::OutOfRange { min, max } => write!(
                out,
                "{field} = {value} is out of range: it must be a whole number in {min}..={max}"
            ),
            ParamFault::PoolOutOfRange { min, max } => write!(
                out,
                "{field} = {value} is out of range: the pool is 1..={field} with {field} in \
                 {min}..={max}"
            ),
            ParamFault::WrongKind { expected } => match expected {
                Expected::Integer => write!(out, "{field} must be one whole number, not a list"),
                Expected::List => write!(out, "{field} must be a list of values"),
                Expected::IntegerParam => write!(out, "{field} is not a whole-number parameter"),
            },
            ParamFault::NotJson { what } => write!(out, "{field} = `{value}` is not JSON: {what}"),
            ParamFault::Rule { sentence } => write!(out, "{sentence}"),
        };
        out
    }
}
