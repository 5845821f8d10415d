//! The streaming parser behind [`parse_values_from_reader_with_cap`](super::parse_values_from_reader_with_cap):
//! the text is cut into units (a value, a comma, white space, a bracket) in place, in the
//! buffer it was read into, with a fast path for runs of plain values (eight digits at a
//! time); the rules it follows are the [module docs](super)'s.
//!
//! Time `O(n)` for `n` bytes of text; memory the values (8 bytes each, within the cap) and the
//! caller's buffer.
//!
//! ```
//! use gamesolve::games::values::parse_values;
//!
//! assert_eq!(parse_values("[1, 5, 233, 7,]")?, vec![1, 5, 233, 7]);
//! # Ok::<(), gamesolve::games::values::ValuesError>(())
//! ```

use super::{parse_value, ValuesError, MAX_VALUE_BYTES, VALUE_BYTES};

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
pub(super) fn leading_digits(chunk: u64) -> usize {
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
pub(super) fn digits_value(chunk: u64, n: usize) -> u64 {
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
pub(super) struct Parser {
    values: Vec<i64>,
    /// The most values to keep: the memory cap over [`VALUE_BYTES`].
    max_values: usize,
    /// The memory cap, in bytes, for messages.
    memory_cap_bytes: u64,
    /// Bytes consumed before the current buffer.
    pub(super) offset: u64,
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
    /// A parser keeping at most `max_values` values, the memory cap `memory_cap_bytes` named
    /// in its errors.
    pub(super) fn new(memory_cap_bytes: u64, max_values: usize) -> Self {
        Parser {
            memory_cap_bytes,
            max_values,
            ..Parser::default()
        }
    }

    /// Parses the complete units of `buf`; returns the bytes consumed (the
    /// rest is an unfinished value or character, to be fed again with more
    /// bytes after it). With `eof`, consumes everything.
    pub(super) fn feed(&mut self, buf: &[u8], eof: bool) -> Result<usize, ValuesError> {
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
    pub(super) fn finish(mut self) -> Result<Vec<i64>, ValuesError> {
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
pub(super) fn floor_char_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// A value's text for a message: whole up to [`MAX_VALUE_BYTES`], else its
/// first [`MAX_VALUE_BYTES`] bytes (at a character boundary) and `…`.
pub(super) fn shown(text: &str) -> String {
    let cut = floor_char_boundary(text, MAX_VALUE_BYTES);
    if cut == text.len() {
        text.to_owned()
    } else {
        format!("{}…", &text[..cut])
    }
}
