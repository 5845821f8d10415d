//! Reading Predict the Winner values from text: arguments, a file or
//! standard input.
//!
//! Values are separated by whitespace and/or commas. One trailing comma and
//! one pair of enclosing brackets are accepted, so `1 5 233 7`, `1,5,233,7`,
//! `1, 5, 233, 7,` and LeetCode's `[1,5,233,7]` all read the same. An empty
//! value between two commas (`1,,2`) is an error rather than silently
//! skipped: it usually means a value went missing.

use std::num::IntErrorKind;
use std::path::Path;

use gamesolve::core_types::values::{parse_values_from_reader, ValuesError};

use super::error::{CliError, Kind};

/// Reads values from the file at `path`, or standard input when it is `-`.
///
/// # Errors
///
/// A [`Kind::Io`] error naming the path when it cannot be read; an
/// `invalid_input` error when a value is malformed.
///
/// The text is parsed as it streams in, in one pass and without keeping it: about 8 bytes per
/// value in memory (the values), whatever the file's size.
pub fn read_values_file(path: &Path) -> Result<Vec<i64>, CliError> {
    let source = || {
        if path.as_os_str() == "-" {
            "standard input".to_owned()
        } else {
            format!("`{}`", path.display())
        }
    };
    let parsed = if path.as_os_str() == "-" {
        parse_values_from_reader(std::io::stdin().lock())
    } else {
        match std::fs::File::open(path) {
            Ok(file) => parse_values_from_reader(file),
            Err(e) => Err(ValuesError::Io(e)),
        }
    };
    parsed.map_err(|e| match e {
        ValuesError::Io(e) => CliError::new(
            Kind::Io,
            format!("cannot read values from {}: {e}", source()),
        ),
        other => values_error(other),
    })
}

/// The CLI's message for a malformed value: the same words as [`parse_value`], with any
/// repeated input cut to a readable length ([`abbreviate`]).
pub fn values_error(e: ValuesError) -> CliError {
    match e {
        ValuesError::NotAnInteger { index, text, .. } => CliError::invalid(format!(
            "value #{index} = {} is not an integer: values must be whole numbers in {}..={}",
            abbreviate(&text),
            i64::MIN,
            i64::MAX
        )),
        ValuesError::OutOfRange { index, text, .. } => CliError::invalid(format!(
            "value #{index} = {} is out of range: values must be whole numbers in {}..={}",
            abbreviate(&text),
            i64::MIN,
            i64::MAX
        )),
        other => CliError::invalid(other.to_string()),
    }
}

/// Parses values separated by whitespace and/or commas; see the
/// [module docs](self).
///
/// # Errors
///
/// An `invalid_input` error naming the value (and its position, counting
/// from 1) that is not an integer, beyond `i64`, or empty.
pub fn parse_values(text: &str) -> Result<Vec<i64>, CliError> {
    let mut body = text.trim();
    if let Some(inner) = body.strip_prefix('[').and_then(|b| b.strip_suffix(']')) {
        body = inner;
    }
    let fields: Vec<&str> = body.split(',').collect();
    let last = fields.len() - 1; // split always yields at least one field
    let mut values = Vec::new();
    for (index, field) in fields.iter().enumerate() {
        let before = values.len();
        for token in field.split_whitespace() {
            values.push(parse_value(token, values.len() + 1)?);
        }
        let empty = values.len() == before;
        // Allowed empty fields: the whole input (no values), and the one
        // after a trailing comma.
        if empty && fields.len() > 1 && !(index == last && index > 0) {
            return Err(CliError::invalid(format!(
                "value #{} is empty: two commas with nothing between them, or a leading comma",
                values.len() + 1
            )));
        }
    }
    Ok(values)
}

/// Parses one value, the `position`-th (from 1), as `i64`.
///
/// # Errors
///
/// An `invalid_input` error naming the value and the `i64` range.
pub fn parse_value(token: &str, position: usize) -> Result<i64, CliError> {
    token.parse::<i64>().map_err(|e| {
        let problem = match e.kind() {
            IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => "is out of range",
            _ => "is not an integer",
        };
        CliError::invalid(format!(
            "value #{position} = {} {problem}: values must be whole numbers in {}..={}",
            abbreviate(token),
            i64::MIN,
            i64::MAX
        ))
    })
}

pub use gamesolve::games::abbreviate;

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

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
        assert!(e.message.contains("value #2 is empty"), "{e}");
        assert!(parse_values(",1").is_err());
        assert!(parse_values(",").is_err());
        assert!(parse_values("1,2,,").is_err());
        let e = parse_values("1 2 9223372036854775808").unwrap_err();
        assert!(
            e.message
                .contains("value #3 = 9223372036854775808 is out of range"),
            "{e}"
        );
        assert!(e
            .message
            .contains("-9223372036854775808..=9223372036854775807"));
        let e = parse_values("1 x").unwrap_err();
        assert!(e.message.contains("value #2 = x is not an integer"), "{e}");
        assert_eq!(
            parse_values("-9223372036854775808 9223372036854775807").unwrap(),
            vec![i64::MIN, i64::MAX]
        );
    }
}
