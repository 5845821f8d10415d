//! Reading Predict the Winner values from text: arguments, a file or
//! standard input.
//!
//! Values are separated by whitespace and/or commas. One trailing comma and
//! one pair of enclosing brackets are accepted, so `1 5 233 7`, `1,5,233,7`,
//! `1, 5, 233, 7,` and LeetCode's `[1,5,233,7]` all read the same. An empty
//! value between two commas (`1,,2`) is an error rather than silently
//! skipped: it usually means a value went missing. A value is at most 100 characters.
//! Words, files and batch lines all read through the one values parser,
//! [`gamesolve::games::values`].

use std::io::{self, BufRead};
use std::path::Path;

use gamesolve::games::values::{self, parse_values_from_reader_with_cap, ValuesError};

use super::error::{CliError, Kind};

/// Reads values from the file at `path`, or standard input when it is `-`, keeping at most
/// `memory_cap` bytes of values (8 bytes each).
///
/// # Errors
///
/// A [`Kind::Io`] error naming the path when it cannot be read (or standard input was closed
/// when the program started); an `invalid_input` error when a value is malformed; a
/// `cannot_answer` error when the values exceed `memory_cap`, or the system refuses memory
/// for them.
///
/// The text is parsed as it streams in, in one pass and without keeping it: about 8 bytes per
/// value in memory (the values), whatever the file's size; a value longer than 100 characters
/// is refused by its beginning.
pub fn read_values_file(path: &Path, memory_cap: u64) -> Result<Vec<i64>, CliError> {
    let source = || {
        if path.as_os_str() == "-" {
            "standard input".to_owned()
        } else {
            format!("`{}`", path.display())
        }
    };
    let parsed = if path.as_os_str() == "-" {
        if super::stdio::stdin_was_closed() {
            // The runtime put `/dev/null` in its place: it would read as an empty row.
            return Err(CliError::new(
                Kind::Io,
                "cannot read values from standard input: it is closed",
            ));
        }
        parse_values_from_reader_with_cap(io::stdin().lock(), memory_cap)
    } else {
        match std::fs::File::open(path) {
            Ok(file) => parse_values_from_reader_with_cap(file, memory_cap),
            Err(e) => Err(ValuesError::Io(e)),
        }
    };
    parsed.map_err(|e| match e {
        ValuesError::Io(e) => CliError::new(
            Kind::Io,
            format!("cannot read values from {}: {e}", source()),
        ),
        other => CliError::from(other),
    })
}

/// How [`read_line_bounded`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineRead {
    /// End of input: nothing was read.
    End,
    /// A line, in the buffer with its newline (if the input did not end first).
    Line,
    /// A line longer than the limit: read to its end and dropped, never held whole.
    TooLong {
        /// The line's length in bytes, without its line ending.
        len: u64,
    },
    /// The system refused memory to hold a line within the limit; read to its end and
    /// dropped like [`LineRead::TooLong`].
    Refused {
        /// The line's length in bytes, without its line ending.
        len: u64,
    },
}

/// Reads one line of at most `max` bytes (not counting its line ending, `\n` or `\r\n`) into
/// `line`, cleared first. A longer line is read to its newline and dropped as it streams by,
/// so memory stays within `max` bytes whatever the input; the buffer grows fallibly
/// (`try_reserve_exact`), so a refusal is [`LineRead::Refused`], not an abort. Returns how it
/// ended and the bytes read (line ending included).
///
/// # Errors
///
/// The reader's error (`Interrupted` reads are retried).
pub fn read_line_bounded(
    input: &mut (impl BufRead + ?Sized),
    line: &mut Vec<u8>,
    max: usize,
) -> io::Result<(LineRead, u64)> {
    /// What a line buffer keeps after an over-long line.
    const KEEP: usize = 1 << 16;
    line.clear();
    let mut read: u64 = 0;
    let mut dropped: Option<LineRead> = None;
    let mut ended_by_newline = false;
    // The last byte read before the newline, for `\r\n`.
    let mut last = 0u8;
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            break;
        }
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(at) => (at + 1, true),
            None => (available.len(), false),
        };
        let body = &available[..chunk - usize::from(done)];
        if let Some(&b) = body.last() {
            last = b;
        }
        if dropped.is_none() {
            let needed = line.len() + chunk;
            // Bytes of the line so far without its ending (a `\r` at the end of an unfinished
            // line may still be part of `\r\n`).
            let cr = usize::from(last == b'\r' && needed > usize::from(done));
            let content = needed - usize::from(done) - cr;
            if content > max {
                dropped = Some(LineRead::TooLong { len: 0 });
            } else if needed > line.capacity()
                && line
                    .try_reserve_exact(
                        needed
                            .max(line.capacity() * 2)
                            .min(max.saturating_add(2))
                            .max(needed)
                            - line.len(),
                    )
                    .is_err()
            {
                dropped = Some(LineRead::Refused { len: 0 });
            } else {
                line.extend_from_slice(&available[..chunk]);
            }
            if dropped.is_some() {
                line.clear();
                line.shrink_to(KEEP);
            }
        }
        input.consume(chunk);
        read += chunk as u64;
        if done {
            ended_by_newline = true;
            break;
        }
    }
    let ending = if ended_by_newline {
        1 + u64::from(last == b'\r' && read > 1)
    } else {
        0
    };
    let len = read - ending;
    let how = match dropped {
        None if read == 0 => LineRead::End,
        None => LineRead::Line,
        Some(LineRead::Refused { .. }) => LineRead::Refused { len },
        Some(_) => LineRead::TooLong { len },
    };
    Ok((how, read))
}

/// The values of a row given on the command line: from `file` when there is one (within
/// `memory_cap`, at 8 bytes a value; `None` for the default, 1 GiB), else from the `words`.
///
/// # Errors
///
/// As [`read_values_file`] and [`parse_values`].
pub fn values_from(
    words: &[String],
    file: Option<&Path>,
    memory_cap: Option<u64>,
) -> Result<Vec<i64>, CliError> {
    match file {
        Some(path) => read_values_file(
            path,
            memory_cap.unwrap_or(gamesolve::analysis::DEFAULT_MEMORY_CAP_BYTES),
        ),
        None => parse_values(&words.join(" ")),
    }
}

/// The whole text of the file at `path` (`-` for standard input), read within `memory_cap`
/// bytes (1 GiB by default): a graph given with `--graph-file`.
///
/// # Errors
///
/// An `io` error naming the file when it cannot be read or is not UTF-8; a `cannot_answer`
/// one when it is longer than the cap.
pub fn text_from_file(path: &Path, memory_cap: Option<u64>) -> Result<String, CliError> {
    use std::io::Read as _;
    let cap = memory_cap.unwrap_or(gamesolve::analysis::DEFAULT_MEMORY_CAP_BYTES);
    let shown = path.display();
    let reader: Box<dyn std::io::Read> = if path == Path::new("-") {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(
            std::fs::File::open(path)
                .map_err(|e| CliError::new(Kind::Io, format!("cannot read {shown}: {e}")))?,
        )
    };
    let mut text = String::new();
    reader
        .take(cap.saturating_add(1))
        .read_to_string(&mut text)
        .map_err(|e| CliError::new(Kind::Io, format!("cannot read {shown}: {e}")))?;
    if text.len() as u64 > cap {
        return Err(CliError::new(
            Kind::CannotAnswer,
            format!(
                "cannot read {shown}: it is longer than the memory cap of {cap} bytes; raise \
                 the cap with --memory-cap"
            ),
        ));
    }
    Ok(text)
}

/// Parses values separated by whitespace and/or commas (the command line's words, joined by
/// spaces) with the one values parser, [`gamesolve::games::values::parse_values`]; see
/// the [module docs](self).
///
/// # Errors
///
/// An `invalid_input` error naming the value (and its position, counting
/// from 1) that is not an integer, beyond `i64`, too long, or empty.
pub fn parse_values(text: &str) -> Result<Vec<i64>, CliError> {
    values::parse_values(text).map_err(CliError::from)
}

pub use gamesolve::games::abbreviate;

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// Issue 23: lines were read whole (`read_until`), so one huge line took memory without
    /// bound; a line past the limit is now dropped as it streams by, and the next line reads.
    #[test]
    fn bounded_lines() {
        let text = format!("abc\n{}\r\nxyz\n{}", "x".repeat(100), "y".repeat(10));
        // A reader handing out 7 bytes at a time: lines cut everywhere.
        let mut input = io::BufReader::with_capacity(7, text.as_bytes());
        let mut line = Vec::new();
        let mut next = || read_line_bounded(&mut input, &mut line, 10).unwrap();
        assert_eq!(next(), (LineRead::Line, 4));
        assert_eq!(next(), (LineRead::TooLong { len: 100 }, 102));
        assert_eq!(next(), (LineRead::Line, 4));
        assert_eq!(next(), (LineRead::Line, 10));
        assert_eq!(next(), (LineRead::End, 0));
        let mut input = "0123456789\n0123456789x".as_bytes();
        assert_eq!(
            read_line_bounded(&mut input, &mut line, 10).unwrap(),
            (LineRead::Line, 11)
        );
        assert_eq!(line, b"0123456789\n");
        assert_eq!(
            read_line_bounded(&mut input, &mut line, 10).unwrap(),
            (LineRead::TooLong { len: 11 }, 11)
        );
        assert!(line.is_empty());
        // `\r\n` ends a line of exactly the limit, wherever the reads cut it.
        for step in 1..=12 {
            let text = "0123456789\r\n0123456789\r\r\n";
            let mut input = io::BufReader::with_capacity(step, text.as_bytes());
            assert_eq!(
                read_line_bounded(&mut input, &mut line, 10).unwrap(),
                (LineRead::Line, 12),
                "{step}"
            );
            assert_eq!(
                read_line_bounded(&mut input, &mut line, 10).unwrap(),
                (LineRead::TooLong { len: 11 }, 13),
                "{step}"
            );
        }
    }

    #[test]
    fn abbreviate_keeps_cut_text() {
        let digits = "7".repeat(150);
        let once = abbreviate(&digits);
        assert_eq!(once, format!("{}…", &digits[..100]));
        assert_eq!(abbreviate(&once), once);
        let word = "x".repeat(150);
        assert_eq!(abbreviate(&abbreviate(&word)), abbreviate(&word));
    }

    #[test]
    fn separators() {
        let expected = vec![1, 5, 233, 7];
        for text in [
            "1 5 233 7",
            "1,5,233,7",
            "1, 5, 233, 7,",
            "[1,5,233,7]",
            " [ 1, 5,\n233,\t7 ] \n",
            "1\n5\n233\n7\n",
            "1 5, 233 7",
        ] {
            assert_eq!(parse_values(text).unwrap(), expected, "{text:?}");
        }
        assert_eq!(parse_values("").unwrap(), Vec::<i64>::new());
        assert_eq!(parse_values("  \n").unwrap(), Vec::<i64>::new());
        assert_eq!(parse_values("[]").unwrap(), Vec::<i64>::new());
        assert_eq!(parse_values("-3 +5 -2").unwrap(), vec![-3, 5, -2]);
    }

    #[test]
    fn errors_name_value_and_position() {
        let e = parse_values("1,,2").unwrap_err();
        assert!(e.message().contains("value #2 is empty"), "{e}");
        assert!(parse_values(",1").is_err());
        assert!(parse_values(",").is_err());
        assert!(parse_values("1,2,,").is_err());
        let e = parse_values("1 2 9223372036854775808").unwrap_err();
        assert!(
            e.message()
                .contains("value #3 = 9223372036854775808 is out of range"),
            "{e}"
        );
        assert!(e
            .message()
            .contains("-9223372036854775808..=9223372036854775807"));
        let e = parse_values("1 x").unwrap_err();
        assert!(
            e.message().contains("value #2 = x is not an integer"),
            "{e}"
        );
        assert_eq!(
            parse_values("-9223372036854775808 9223372036854775807").unwrap(),
            vec![i64::MIN, i64::MAX]
        );
        // Arguments follow the same length rule as a file (`docs/GUIDE.md`, "Solving a game"): the
        // command line's former parser accepted any number of leading zeros.
        let e = parse_values(&format!("1 {}7", "0".repeat(100))).unwrap_err();
        assert!(
            e.message()
                .starts_with(&format!("value #2 = {}… is too long", "0".repeat(100))),
            "{e}"
        );
        assert!(
            e.message().ends_with("written in at most 100 characters"),
            "{e}"
        );
    }
}
