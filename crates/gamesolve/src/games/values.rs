//! Reading Predict the Winner values from text, streamed, for huge rows.
//!
//! This is the one values parser: the command line's words ([`parse_values`]),
//! `--file` and standard input ([`parse_values_from_reader_with_cap`]) and a
//! batch line's `values` field all read through it. It accepts integers separated by
//! whitespace and/or commas, one pair of enclosing brackets and one trailing
//! comma allowed, so `1 5 233 7`, `1,5,233,7`, `1, 5, 233, 7,` and
//! LeetCode's `[1,5,233,7]` all read the same. An empty value between two
//! commas (`1,,2`), or a leading comma, is an error rather than silently
//! skipped: it usually means a value went missing.
//!
//! The exact rules:
//! - whitespace is any Unicode white space (`char::is_whitespace`: space,
//!   tab, newline, carriage return, vertical tab, form feed, no-break
//!   space, …);
//! - brackets: when the first non-blank character is `[` and the last is
//!   `]`, both are removed; a bracket anywhere else is part of a value (and
//!   so an error);
//! - a value is what `str::parse::<i64>` accepts: an optional `+` or `-`,
//!   then decimal digits (leading zeros allowed), at most [`MAX_VALUE_BYTES`]
//!   bytes long (an `i64` needs at most 20 characters: only leading zeros
//!   could make a valid value longer). A longer value is refused as soon as
//!   its first [`MAX_VALUE_BYTES`] bytes are read: as not an integer or out
//!   of range when they already show it (as `str::parse` would, reading from
//!   the left), otherwise as [`ValuesError::TooLong`]; so a value is never
//!   buffered whole and a 30 MB run of digits costs no more than a short one;
//! - no values at all (empty or blank input, `[]`) is a valid, empty row.
//!
//! It never holds the text: it reads 64 KiB at a
//! time and parses in place, so memory is the values (8 bytes each) plus the
//! buffer. [`parse_values_from_reader_with_cap`] bounds the values by a
//! memory cap, and every growth of the values asks the system with
//! `try_reserve`, so a refusal is an error ([`ValuesError::MemoryRefused`]),
//! never an abort. 10^7 values (79 MB of text) parse in about 0.12 s in a release
//! build, read from a file in the page cache on a shared 2-core VM; a third
//! of that is the system faulting in the 80 MB of values.

use std::io::{self, Read};

use thiserror::Error;

mod parser;

use parser::{floor_char_boundary, shown, Parser};

/// Bytes read from the reader at a time.
pub const BUFFER_BYTES: usize = 64 * 1024;

/// The longest value's text, in bytes: 100, five times the longest `i64`
/// (`-9223372036854775808`, 20 characters), so only leading zeros can make a
/// valid value reach it. A longer value is refused; see the [module docs](self).
pub const MAX_VALUE_BYTES: usize = 100;

/// What one value costs in memory, in bytes (an `i64`): the memory cap of
/// [`parse_values_from_reader_with_cap`] allows `cap / VALUE_BYTES` values.
pub const VALUE_BYTES: u64 = 8;

/// Why a list of values could not be read; see the [module docs](self).
///
/// Reports the first problem in reading order (invalid UTF-8 included).
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ValuesError {
    /// A value is not an integer (a stray letter, a lone sign, a bracket
    /// that does not enclose the whole list).
    #[error(
        "value #{index} = {text} is not an integer: values must be whole numbers in {min}..={max}"
    )]
    NotAnInteger {
        /// Which value, counting from 1.
        index: u64,
        /// The value's text, exactly as written; one longer than
        /// [`MAX_VALUE_BYTES`] is cut to its first [`MAX_VALUE_BYTES`] bytes
        /// followed by `…`.
        text: String,
        /// Smallest allowed value, `i64::MIN`.
        min: i64,
        /// Largest allowed value, `i64::MAX`.
        max: i64,
    },

    /// A value is an integer outside `i64`.
    #[error(
        "value #{index} = {text} is out of range: values must be whole numbers in {min}..={max}"
    )]
    OutOfRange {
        /// Which value, counting from 1.
        index: u64,
        /// The value's text, exactly as written; one longer than
        /// [`MAX_VALUE_BYTES`] is cut to its first [`MAX_VALUE_BYTES`] bytes
        /// followed by `…`.
        text: String,
        /// Smallest allowed value, `i64::MIN`.
        min: i64,
        /// Largest allowed value, `i64::MAX`.
        max: i64,
    },

    /// A value is longer than [`MAX_VALUE_BYTES`] and its first
    /// [`MAX_VALUE_BYTES`] bytes are digits (after an optional sign) that fit
    /// `i64`: leading zeros. (A longer value whose first bytes are not an
    /// integer, or overflow, is [`ValuesError::NotAnInteger`] or
    /// [`ValuesError::OutOfRange`].)
    #[error(
        "value #{index} = {text} is too long: values must be whole numbers in {min}..={max}, \
         written in at most {max_bytes} characters"
    )]
    TooLong {
        /// Which value, counting from 1.
        index: u64,
        /// The value's first [`MAX_VALUE_BYTES`] bytes followed by `…`.
        text: String,
        /// The longest allowed text, [`MAX_VALUE_BYTES`].
        max_bytes: usize,
        /// Smallest allowed value, `i64::MIN`.
        min: i64,
        /// Largest allowed value, `i64::MAX`.
        max: i64,
    },

    /// More values than the memory cap holds, at [`VALUE_BYTES`] each.
    #[error(
        "the row has more than {max_values} values, which at 8 bytes each exceeds the memory \
         cap of {memory_cap_bytes} bytes"
    )]
    TooManyValues {
        /// The most values the cap holds: `memory_cap_bytes / 8`.
        max_values: u64,
        /// The memory cap, in bytes.
        memory_cap_bytes: u64,
    },

    /// The system refused memory for the values (within the memory cap).
    #[error(
        "the system refused memory for {values} values ({bytes} bytes), within the memory cap \
         of {memory_cap_bytes} bytes"
    )]
    MemoryRefused {
        /// How many values the refused allocation was for.
        values: u64,
        /// Its size in bytes.
        bytes: u64,
        /// The memory cap, in bytes.
        memory_cap_bytes: u64,
    },

    /// Two commas with nothing between them, or a leading comma.
    #[error("value #{index} is empty: two commas with nothing between them, or a leading comma")]
    Empty {
        /// Which value is missing, counting from 1.
        index: u64,
    },

    /// The input is not UTF-8 text.
    #[error("the input is not valid UTF-8: the byte at offset {offset} (counting from 0) does not start a valid character")]
    InvalidUtf8 {
        /// Offset of the first byte of the invalid sequence.
        offset: u64,
    },

    /// The reader failed.
    #[error("cannot read the values: {0}")]
    Io(#[from] io::Error),
}

/// Reads a row of `i64` values from `text`: the command line's words (joined by spaces), a
/// `values` field; the same rules and messages as [`parse_values_from_reader`], which it
/// calls.
///
/// # Examples
///
/// ```
/// use gamesolve::games::values::{parse_values, ValuesError};
///
/// assert_eq!(parse_values("[1,5,233,7]")?, [1, 5, 233, 7]);
/// assert_eq!(parse_values("1 5, 233 7,")?, [1, 5, 233, 7]);
/// assert_eq!(
///     parse_values("1 x").unwrap_err().to_string(),
///     "value #2 = x is not an integer: \
///      values must be whole numbers in -9223372036854775808..=9223372036854775807"
/// );
/// # Ok::<(), ValuesError>(())
/// ```
///
/// # Errors
///
/// Those of [`parse_values_from_reader`] but [`ValuesError::Io`] and
/// [`ValuesError::InvalidUtf8`], which a `&str` cannot cause.
pub fn parse_values(text: &str) -> Result<Vec<i64>, ValuesError> {
    parse_values_from_reader(text.as_bytes())
}

/// Reads one value, the `index`-th of its row (counting from 1): what `str::parse::<i64>`
/// accepts, at most [`MAX_VALUE_BYTES`] long (a longer one is judged by its beginning, see the
/// [module docs](self)). The rule every value of [`parse_values_from_reader`] follows, for a
/// value that comes alone (an item of a JSON array).
///
/// # Examples
///
/// ```
/// use gamesolve::games::values::{parse_value, ValuesError};
///
/// assert_eq!(parse_value("-007", 1)?, -7);
/// assert!(matches!(parse_value("1.5", 3), Err(ValuesError::NotAnInteger { index: 3, .. })));
/// assert!(matches!(parse_value(&"0".repeat(101), 1), Err(ValuesError::TooLong { .. })));
/// # Ok::<(), ValuesError>(())
/// ```
///
/// # Errors
///
/// [`ValuesError::NotAnInteger`], [`ValuesError::OutOfRange`] or [`ValuesError::TooLong`],
/// with `index`, the text (cut after [`MAX_VALUE_BYTES`] bytes) and the `i64` range.
pub fn parse_value(text: &str, index: u64) -> Result<i64, ValuesError> {
    let head = &text[..floor_char_boundary(text, MAX_VALUE_BYTES)];
    match head.parse::<i64>() {
        Ok(value) if head.len() == text.len() => Ok(value),
        Ok(_) => Err(ValuesError::TooLong {
            index,
            text: shown(text),
            max_bytes: MAX_VALUE_BYTES,
            min: i64::MIN,
            max: i64::MAX,
        }),
        Err(e) => {
            let text = shown(text);
            Err(match e.kind() {
                std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow => {
                    ValuesError::OutOfRange {
                        index,
                        text,
                        min: i64::MIN,
                        max: i64::MAX,
                    }
                }
                _ => ValuesError::NotAnInteger {
                    index,
                    text,
                    min: i64::MIN,
                    max: i64::MAX,
                },
            })
        }
    }
}

/// Reads a row of `i64` values from `reader`, streaming; see the
/// [module docs](self) for the accepted syntax.
///
/// # Complexity
///
/// One pass over the input, `O(bytes)` time (a value is refused after
/// [`MAX_VALUE_BYTES`] bytes, so no value is scanned twice more than that);
/// memory: the values (8 bytes each, in a growing `Vec`) plus a
/// [`BUFFER_BYTES`] buffer.
///
/// # Examples
///
/// ```
/// use gamesolve::games::values::{parse_values_from_reader, ValuesError};
///
/// let values = parse_values_from_reader("[1, 5, 233, 7]".as_bytes())?;
/// assert_eq!(values, [1, 5, 233, 7]);
/// assert_eq!(parse_values_from_reader("-3 +5\n-2,".as_bytes())?, [-3, 5, -2]);
///
/// let err = parse_values_from_reader("1,,2".as_bytes()).unwrap_err();
/// assert!(matches!(err, ValuesError::Empty { index: 2 }));
/// let err = parse_values_from_reader("1 9223372036854775808".as_bytes()).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "value #2 = 9223372036854775808 is out of range: \
///      values must be whole numbers in -9223372036854775808..=9223372036854775807"
/// );
/// # Ok::<(), ValuesError>(())
/// ```
///
/// # Errors
///
/// [`ValuesError::NotAnInteger`], [`ValuesError::OutOfRange`],
/// [`ValuesError::TooLong`] (each with the value's text, its 1-based index
/// and the `i64` range), [`ValuesError::Empty`], [`ValuesError::InvalidUtf8`]
/// (with the byte offset), [`ValuesError::MemoryRefused`] when the system
/// refuses memory for the values, [`ValuesError::Io`] when the reader fails
/// (`Interrupted` reads are retried).
pub fn parse_values_from_reader<R: Read>(reader: R) -> Result<Vec<i64>, ValuesError> {
    parse_values_from_reader_with_cap(reader, u64::MAX)
}

/// [`parse_values_from_reader`] keeping at most `memory_cap_bytes` of values
/// ([`VALUE_BYTES`] each): one value more is [`ValuesError::TooManyValues`],
/// found as it is read, before the values outgrow the cap.
///
/// # Complexity
///
/// As [`parse_values_from_reader`]; the values' `Vec` grows by doubling, up
/// to the cap and no further.
///
/// # Examples
///
/// ```
/// use gamesolve::games::values::{parse_values_from_reader_with_cap, ValuesError};
///
/// assert_eq!(parse_values_from_reader_with_cap("1 2 3".as_bytes(), 24)?, [1, 2, 3]);
/// let err = parse_values_from_reader_with_cap("1 2 3".as_bytes(), 16).unwrap_err();
/// assert!(matches!(err, ValuesError::TooManyValues { max_values: 2, memory_cap_bytes: 16 }));
/// # Ok::<(), ValuesError>(())
/// ```
///
/// # Errors
///
/// Those of [`parse_values_from_reader`], and [`ValuesError::TooManyValues`].
pub fn parse_values_from_reader_with_cap<R: Read>(
    mut reader: R,
    memory_cap_bytes: u64,
) -> Result<Vec<i64>, ValuesError> {
    let mut buf = vec![0u8; BUFFER_BYTES];
    // buf[..carry]: the unconsumed end of the previous read (an unfinished
    // value, at most MAX_VALUE_BYTES + 1 bytes, or character).
    let mut carry = 0;
    let max_values = usize::try_from(memory_cap_bytes / VALUE_BYTES).unwrap_or(usize::MAX);
    let mut parser = Parser::new(memory_cap_bytes, max_values);
    loop {
        if carry == buf.len() {
            // Cannot happen (a value is refused past MAX_VALUE_BYTES): keep
            // room to read anyway.
            buf.resize(buf.len() * 2, 0);
        }
        let read = match reader.read(&mut buf[carry..]) {
            Ok(read) => read,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        let filled = carry + read;
        let eof = read == 0;
        let consumed = parser.feed(&buf[..filled], eof)?;
        if eof {
            return parser.finish();
        }
        buf.copy_within(consumed..filled, 0);
        carry = filled - consumed;
        parser.offset += consumed as u64;
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests;
