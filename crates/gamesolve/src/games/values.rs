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
    let mut parser = Parser {
        memory_cap_bytes,
        max_values: usize::try_from(memory_cap_bytes / VALUE_BYTES).unwrap_or(usize::MAX),
        ..Parser::default()
    };
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

/// What the text holds at some offset.
enum Unit {
    /// White space of this many bytes.
    Space(usize),
    /// A comma.
    Comma,
    /// The first character of a value, this many bytes.
    Other(usize),
    /// A character cut by the end of the buffer: read more.
    Incomplete,
    /// Bytes that are not UTF-8.
    Invalid,
}

/// `char::is_whitespace` on ASCII: `\t \n \x0B \x0C \r` and space.
#[inline(always)]
fn is_ascii_space(b: u8) -> bool {
    b == b' ' || (b'\t'..=b'\r').contains(&b)
}

/// Classifies the character at `buf[p]`; `eof` says no bytes follow `buf`.
#[inline(always)]
fn unit(buf: &[u8], p: usize, eof: bool) -> Unit {
    let b = buf[p];
    if b < 0x80 {
        return if is_ascii_space(b) {
            Unit::Space(1)
        } else if b == b',' {
            Unit::Comma
        } else {
            Unit::Other(1)
        };
    }
    let len = match b {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return Unit::Invalid,
    };
    let Some(bytes) = buf.get(p..p + len) else {
        return if eof { Unit::Invalid } else { Unit::Incomplete };
    };
    match std::str::from_utf8(bytes)
        .ok()
        .and_then(|s| s.chars().next())
    {
        Some(c) if c.is_whitespace() => Unit::Space(len),
        Some(_) => Unit::Other(len),
        None => Unit::Invalid,
    }
}

/// Eight ASCII bytes, little-endian (the first character in the low byte).
#[inline(always)]
fn load8(buf: &[u8], at: usize) -> Option<u64> {
    let bytes: [u8; 8] = buf.get(at..at + 8)?.try_into().ok()?;
    Some(u64::from_le_bytes(bytes))
}

/// How many of the eight characters in `chunk` (from the low byte) are
/// decimal digits before the first that is not.
#[inline(always)]
fn leading_digits(chunk: u64) -> usize {
    const HIGH: u64 = 0xF0F0_F0F0_F0F0_F0F0;
    const ZEROS: u64 = 0x3030_3030_3030_3030;
    // A byte is a digit when its high nibble is 3 and adding 6 keeps it 3.
    // A carry out of a non-digit byte can only disturb the bytes after it.
    let not_digit =
        ((chunk & HIGH) ^ ZEROS) | ((chunk.wrapping_add(0x0606_0606_0606_0606) & HIGH) ^ ZEROS);
    (not_digit.trailing_zeros() / 8) as usize
}

/// The number written by the first `n` (1 to 8) characters of `chunk`,
/// all digits: three multiplications whatever `n` (Lemire's method).
#[inline(always)]
fn digits_value(chunk: u64, n: usize) -> u64 {
    // Digit values, moved to the high bytes: the low bytes become leading
    // zeros.
    let v = chunk.wrapping_sub(0x3030_3030_3030_3030) << (8 * (8 - n));
    let v = v.wrapping_mul(10).wrapping_add(v >> 8);
    let mask = 0x0000_00FF_0000_00FF;
    let v = (v & mask)
        .wrapping_mul(100 + (1_000_000 << 32))
        .wrapping_add(((v >> 16) & mask).wrapping_mul(1 + (10_000 << 32)));
    v >> 32
}

const POW10: [u64; 9] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
];

/// A plain value at `buf[p]` (an optional sign and 1 to 16 digits, or up to
/// 18 near the end of the buffer) ended by ASCII white space, a comma or the
/// end of the text: its value and end. `None` for anything else, left to
/// the general path (and to `str::parse`).
#[inline(always)]
fn plain_value(buf: &[u8], p: usize, eof: bool) -> Option<(i64, usize)> {
    let b = buf[p];
    let start = p + usize::from(b == b'-' || b == b'+');
    let (magnitude, end) = match (load8(buf, start), load8(buf, start + 8)) {
        (Some(first), Some(second)) => {
            let n = leading_digits(first);
            if n == 0 {
                return None;
            }
            if n < 8 {
                (digits_value(first, n), start + n)
            } else {
                let m = leading_digits(second);
                if m == 8 {
                    return None;
                }
                let high = digits_value(first, 8);
                let low = if m == 0 { 0 } else { digits_value(second, m) };
                (high * POW10[m] + low, start + 8 + m)
            }
        }
        // Near the end of the buffer: one digit at a time, up to 18.
        _ => {
            let mut q = start;
            let mut magnitude: u64 = 0;
            let limit = buf.len().min(start + 18);
            while q < limit && buf[q].is_ascii_digit() {
                magnitude = magnitude * 10 + u64::from(buf[q] - b'0');
                q += 1;
            }
            if q == start {
                return None;
            }
            (magnitude, q)
        }
    };
    let ended = match buf.get(end) {
        Some(&c) => is_ascii_space(c) || c == b',',
        None => eof,
    };
    if !ended {
        return None;
    }
    // At most 18 digits: within i64 with either sign.
    let value = magnitude as i64;
    Some((if b == b'-' { -value } else { value }, end))
}

/// What the text after a leading `[` is known to be.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Bracket {
    /// No non-blank character yet.
    #[default]
    Start,
    /// The first non-blank character was not `[`.
    None,
    /// The first non-blank character was `[`; whether the last is `]` is
    /// known only at the end.
    Open,
}

#[derive(Default)]
struct Parser {
    values: Vec<i64>,
    /// The most values to keep: the memory cap over [`VALUE_BYTES`].
    max_values: usize,
    /// The memory cap, in bytes, for messages.
    memory_cap_bytes: u64,
    /// Bytes consumed before the current buffer.
    offset: u64,
    /// The current comma-separated field has a value.
    field_has_value: bool,
    bracket: Bracket,
    /// The last unit was the opening `[`.
    just_opened: bool,
    /// With an open bracket: the first value's text as the CLI would see it
    /// if the bracket turns out not to be closed (`[` glued to what
    /// follows it).
    first_text: Option<String>,
    /// With an open bracket: a value ending in `]`, which is the closing
    /// bracket if only white space follows, and an error otherwise.
    held: Option<String>,
    /// A problem was found while the bracket was open; the rest of the text
    /// is read only to learn whether its last character is `]`.
    pending: Option<ValuesError>,
    /// While draining: the last non-blank character seen was `]`.
    last_is_close: bool,
}

impl Parser {
    /// Parses the complete units of `buf`; returns the bytes consumed (the
    /// rest is an unfinished value or character, to be fed again with more
    /// bytes after it). With `eof`, consumes everything.
    fn feed(&mut self, buf: &[u8], eof: bool) -> Result<usize, ValuesError> {
        if self.pending.is_some() {
            return self.drain(buf, eof);
        }
        let mut p = 0;
        while p < buf.len() {
            if self.bracket != Bracket::Start && self.held.is_none() && !self.just_opened {
                p = self.plain_run(buf, p, eof);
                if p == buf.len() {
                    break;
                }
            }
            let b = buf[p];
            match unit(buf, p, eof) {
                Unit::Space(len) => {
                    self.end_opening();
                    p += len;
                }
                Unit::Comma => {
                    self.end_opening();
                    if let Err(e) = self.comma() {
                        return self.fail(e, buf, p + 1, eof);
                    }
                    p += 1;
                }
                Unit::Other(_) if self.bracket == Bracket::Start && b == b'[' => {
                    self.bracket = Bracket::Open;
                    self.just_opened = true;
                    p += 1;
                }
                Unit::Other(_) => {
                    if self.bracket == Bracket::Start {
                        self.bracket = Bracket::None;
                    }
                    // Find the end of the value: white space, a comma, or
                    // the end of the text.
                    let mut q = p;
                    loop {
                        if q == buf.len() {
                            if eof {
                                break;
                            }
                            return Ok(p);
                        }
                        match unit(buf, q, eof) {
                            Unit::Space(_) | Unit::Comma => break,
                            // Longer than a value (and a closing bracket) may be: refuse it
                            // now, without waiting for its end.
                            Unit::Other(len) if q + len - p > MAX_VALUE_BYTES + 1 => {
                                return self.long_value(buf, p, q + len, eof);
                            }
                            Unit::Other(len) => q += len,
                            Unit::Incomplete => return Ok(p),
                            Unit::Invalid => {
                                return Err(ValuesError::InvalidUtf8 {
                                    offset: self.offset + q as u64,
                                })
                            }
                        }
                    }
                    // Checked UTF-8 character by character above.
                    let text = std::str::from_utf8(&buf[p..q]).unwrap_or_default();
                    if let Err(e) = self.value(text) {
                        return self.fail(e, buf, q, eof);
                    }
                    p = q;
                }
                Unit::Incomplete => return Ok(p),
                Unit::Invalid => {
                    return Err(ValuesError::InvalidUtf8 {
                        offset: self.offset + p as u64,
                    })
                }
            }
        }
        Ok(p)
    }

    /// The hot path: plain values (an optional sign and up to 16 digits)
    /// separated by spaces, tabs, newlines and commas, from `buf[p]`, until
    /// anything else (which the caller then handles one character at a
    /// time). Returns where it stopped.
    #[inline(always)]
    fn plain_run(&mut self, buf: &[u8], mut p: usize, eof: bool) -> usize {
        let values = &mut self.values;
        let mut has_value = self.field_has_value;
        while p < buf.len() {
            let c = buf[p];
            if c == b' ' || c == b'\n' || c == b'\t' || c == b'\r' {
                p += 1;
            } else if c == b',' && has_value {
                has_value = false;
                p += 1;
            } else if values.len() == values.capacity() {
                // Full: the general path grows the values, fallibly.
                break;
            } else if let Some((value, end)) = plain_value(buf, p, eof) {
                values.push(value);
                has_value = true;
                p = end;
            } else {
                break;
            }
        }
        self.field_has_value = has_value;
        p
    }

    /// Makes room for more values: doubles the capacity, within the cap.
    fn grow(&mut self) -> Result<(), ValuesError> {
        let len = self.values.len();
        if len >= self.max_values {
            return Err(ValuesError::TooManyValues {
                max_values: self.max_values as u64,
                memory_cap_bytes: self.memory_cap_bytes,
            });
        }
        let more = len.max(1024).min(self.max_values - len);
        self.values
            .try_reserve_exact(more)
            .map_err(|_| ValuesError::MemoryRefused {
                values: (len + more) as u64,
                bytes: (len + more) as u64 * VALUE_BYTES,
                memory_cap_bytes: self.memory_cap_bytes,
            })
    }

    /// Keeps `value`, growing the values within the cap.
    fn push(&mut self, value: i64) -> Result<(), ValuesError> {
        if self.values.len() == self.values.capacity() {
            self.grow()?;
        }
        self.values.push(value);
        Ok(())
    }

    /// A value starting at `buf[p]` already longer than [`MAX_VALUE_BYTES`]
    /// (and a closing bracket): `buf[p..q]` is its complete beginning. It is
    /// refused now, by its beginning; the rest is read (with an open
    /// bracket) only to learn whether the bracket closes.
    fn long_value(
        &mut self,
        buf: &[u8],
        p: usize,
        q: usize,
        eof: bool,
    ) -> Result<usize, ValuesError> {
        if let Err(e) = self.release_held() {
            return self.fail(e, buf, p, eof);
        }
        // Checked UTF-8 character by character by the caller.
        let start = std::str::from_utf8(&buf[p..q]).unwrap_or_default();
        if self.just_opened {
            self.just_opened = false;
            self.first_text = Some(format!("[{start}"));
        }
        let error = match self.parse_text(start) {
            Ok(_) => self.not_an_integer(start),
            Err(e) => e,
        };
        self.fail(error, buf, q, eof)
    }

    /// White space or a comma right after the opening `[`: without a
    /// closing bracket, the CLI would see the value `[` alone.
    fn end_opening(&mut self) {
        if self.just_opened {
            self.just_opened = false;
            self.first_text = Some("[".to_owned());
        }
    }

    /// A comma: the field it ends must hold a value.
    fn comma(&mut self) -> Result<(), ValuesError> {
        self.release_held()?;
        if !self.field_has_value {
            return Err(ValuesError::Empty {
                index: self.values.len() as u64 + 1,
            });
        }
        self.field_has_value = false;
        Ok(())
    }

    /// A value held as a possible closing bracket is followed by more text:
    /// it is a value after all, and an error (its `]` is not a digit; but
    /// like the CLI, `str::parse` may report it out of range first, as for
    /// `9223372036854775808]`).
    fn release_held(&mut self) -> Result<(), ValuesError> {
        match self.held.take() {
            Some(text) => match self.parse_text(&text) {
                Ok(_) => Err(self.not_an_integer(&text)),
                Err(e) => Err(e),
            },
            None => Ok(()),
        }
    }

    fn not_an_integer(&self, text: &str) -> ValuesError {
        ValuesError::NotAnInteger {
            index: self.values.len() as u64 + 1,
            text: shown(text),
            min: i64::MIN,
            max: i64::MAX,
        }
    }

    /// A value's text (anything between separators).
    fn value(&mut self, text: &str) -> Result<(), ValuesError> {
        self.release_held()?;
        if self.just_opened {
            self.just_opened = false;
            self.first_text = Some(format!("[{text}"));
        }
        if self.bracket == Bracket::Open && text.ends_with(']') {
            self.held = Some(text.to_owned());
            return Ok(());
        }
        self.push_parsed(text)
    }

    /// Parses `text` as the CLI does (`str::parse::<i64>`) and keeps it.
    fn push_parsed(&mut self, text: &str) -> Result<(), ValuesError> {
        let value = self.parse_text(text)?;
        self.push(value)?;
        self.field_has_value = true;
        Ok(())
    }

    /// The next value, `text` (or, when it is longer than
    /// [`MAX_VALUE_BYTES`], its beginning): [`parse_value`].
    fn parse_text(&self, text: &str) -> Result<i64, ValuesError> {
        parse_value(text, self.values.len() as u64 + 1)
    }

    /// A problem found in `buf[..at]`. With an open bracket, whether the
    /// CLI would report it depends on the last non-blank character of the
    /// whole text (is the bracket closed?), so read on; otherwise report it
    /// now. Returns the bytes of `buf` consumed.
    fn fail(
        &mut self,
        error: ValuesError,
        buf: &[u8],
        at: usize,
        eof: bool,
    ) -> Result<usize, ValuesError> {
        if self.bracket != Bracket::Open {
            return Err(error);
        }
        self.pending = Some(error);
        // The problem's own text may end the input with `]`.
        self.last_is_close = at > 0 && buf[at - 1] == b']';
        let consumed = self.drain(&buf[at..], eof)?;
        Ok(at + consumed)
    }

    /// Reads on after a problem with an open bracket, noting whether the
    /// last non-blank character is `]`.
    fn drain(&mut self, buf: &[u8], eof: bool) -> Result<usize, ValuesError> {
        let mut p = 0;
        while p < buf.len() {
            match unit(buf, p, eof) {
                Unit::Space(len) => p += len,
                Unit::Comma => {
                    self.last_is_close = false;
                    p += 1;
                }
                Unit::Other(len) => {
                    self.last_is_close = buf[p] == b']';
                    p += len;
                }
                Unit::Incomplete => return Ok(p),
                Unit::Invalid => {
                    self.last_is_close = false;
                    p += 1;
                }
            }
        }
        Ok(p)
    }

    /// The end of the text.
    fn finish(mut self) -> Result<Vec<i64>, ValuesError> {
        if let Some(error) = self.pending.take() {
            return Err(if self.last_is_close {
                // The bracket encloses the list: the problem stands.
                error
            } else {
                self.unclosed()
            });
        }
        match self.held.take() {
            // Only white space after it: its `]` closes the list.
            Some(text) => {
                let inner = &text[..text.len() - 1];
                if !inner.is_empty() {
                    self.push_parsed(inner)?;
                }
            }
            None if self.bracket == Bracket::Open => return Err(self.unclosed()),
            None => {}
        }
        Ok(self.values)
    }

    /// A leading `[` never closed: it is part of the first value, which is
    /// then not an integer (and comes before any other problem).
    fn unclosed(&mut self) -> ValuesError {
        let text = self.first_text.take().unwrap_or_else(|| "[".to_owned());
        ValuesError::NotAnInteger {
            index: 1,
            text: shown(&text),
            min: i64::MIN,
            max: i64::MAX,
        }
    }
}

/// The largest char boundary of `text` at or below `at`.
fn floor_char_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// A value's text for a message: whole up to [`MAX_VALUE_BYTES`], else its
/// first [`MAX_VALUE_BYTES`] bytes (at a character boundary) and `…`.
fn shown(text: &str) -> String {
    let cut = floor_char_boundary(text, MAX_VALUE_BYTES);
    if cut == text.len() {
        text.to_owned()
    } else {
        format!("{}…", &text[..cut])
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests;
