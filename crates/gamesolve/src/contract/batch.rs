//! A batch line in: a JSON object naming its game (`"game"`) with the game's parameters as
//! fields, read by the game table's rows ([`GameInfo`]) into the game's row and its
//! [`Params`]. (A line out is the game's contract object, [`super::Reported`], or an error
//! line, [`ErrorReport::line_json`].)
//!
//! Numbers are read from the raw JSON text, not through `f64`, so a number beyond `i64` (or
//! beyond any machine integer) is reported exactly as it was written.
//!
//! ```
//! use gamesolve::contract::batch::read_line;
//! use gamesolve::games::{ParamValue, TableGame};
//! use gamesolve::{CanIWin, PredictTheWinner};
//!
//! let games = [CanIWin::info(), PredictTheWinner::info()];
//! let (info, params) = read_line(br#"{"game":"predict-the-winner","values":[1,5,233,7]}"#, &games)?;
//! assert_eq!(info.name, "predict-the-winner");
//! assert_eq!(params.get("values"), Some(&ParamValue::Values(vec![1, 5, 233, 7])));
//!
//! let e = read_line(br#"{"game":"nim"}"#, &games).unwrap_err();
//! assert_eq!(e.message(), "unknown game `nim` (known games: can-i-win, predict-the-winner)");
//! # Ok::<(), gamesolve::contract::error::ErrorReport>(())
//! ```

use serde::Deserialize;
use serde_json::error::Category;
use serde_json::value::RawValue;

use super::error::{ErrorReport, Kind};
use super::line_error::LineError;
use crate::games::values::{parse_value, parse_values};
use crate::games::{abbreviate, GameInfo, ParamKind, ParamValue, Params};

/// The longest batch line, in bytes without its newline, with the default memory cap: 256 MiB.
pub const MAX_LINE_BYTES: u64 = 256 << 20;

/// The longest batch line under a memory cap (`None`: the default): [`MAX_LINE_BYTES`], or the
/// memory cap when that is smaller. A longer line is answered with [`line_too_long`] and
/// skipped without being held.
pub fn max_line_bytes(memory_cap: Option<u64>) -> usize {
    let max = memory_cap.map_or(MAX_LINE_BYTES, |cap| cap.min(MAX_LINE_BYTES));
    usize::try_from(max).unwrap_or(usize::MAX)
}

/// The error for a line of `len` bytes longer than `max_line` ([`max_line_bytes`]), or, when
/// `refused`, within it but refused memory by the system.
pub fn line_too_long(len: u64, max_line: usize, refused: bool) -> ErrorReport {
    let why = if refused {
        "and the system refused memory for it, within the limit"
    } else {
        "over the limit"
    };
    ErrorReport::invalid(format!(
        "the line is {len} bytes long, {why} of {max_line} bytes for one batch line \
         (256 MiB, or --memory-cap when smaller); it was skipped"
    ))
}

/// One input line's fields in order, each with its raw JSON text (numbers are read from their
/// text, so a number beyond any machine integer is reported as written), read in the one pass
/// of the JSON reader over the line; a field given twice stops the reading and is kept, by
/// name, in `duplicate`.
struct Fields<'s> {
    duplicate: &'s mut Option<String>,
}

impl<'de, 's> serde::de::DeserializeSeed<'de> for Fields<'s> {
    type Value = Vec<(String, &'de RawValue)>;

    fn deserialize<D: serde::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de, 's> serde::de::Visitor<'de> for Fields<'s> {
    type Value = Vec<(String, &'de RawValue)>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
        let mut fields: Vec<(String, &'de RawValue)> = Vec::new();
        while let Some(name) = map.next_key::<String>()? {
            if fields.iter().any(|(n, _)| *n == name) {
                *self.duplicate = Some(name);
                return Err(serde::de::Error::custom("duplicate field"));
            }
            fields.push((name, map.next_value()?));
        }
        Ok(fields)
    }
}

/// The line's fields, in one pass of the JSON reader; a line that is no JSON object, or has
/// a field twice, is refused with its [`LineError`].
fn fields_of(text: &[u8]) -> Result<Vec<(String, &RawValue)>, LineError> {
    if text.iter().all(u8::is_ascii_whitespace) {
        return Err(LineError::Empty);
    }
    let mut reader = serde_json::Deserializer::from_slice(text);
    let start = text.iter().position(|b| !b.is_ascii_whitespace());
    if start.is_some_and(|at| text[at] != b'{') {
        // Valid JSON that is not an object (an array would otherwise be
        // read as the fields in order).
        serde::de::IgnoredAny::deserialize(&mut reader)
            .and_then(|_| reader.end())
            .map_err(|e| json_error(&e))?;
        return Err(LineError::NotAnObject);
    }
    let mut duplicate = None;
    let read = serde::de::DeserializeSeed::deserialize(
        Fields {
            duplicate: &mut duplicate,
        },
        &mut reader,
    );
    match (
        read.and_then(|fields| reader.end().map(|()| fields)),
        duplicate,
    ) {
        (Ok(fields), _) => Ok(fields),
        (Err(_), Some(field)) => Err(LineError::DuplicateField { field }),
        (Err(e), None) => Err(json_error(&e)),
    }
}

/// Reads one line (without its newline): a JSON object naming its game (`"game"`, one of
/// `games`) with the game's parameters as fields, each read by its [`ParamKind`]: an integer
/// as its JSON text, values by [`values_of`].
///
/// # Errors
///
/// An `invalid_input` [`ErrorReport`] for a blank line, invalid JSON, a line that is not an
/// object, a field no game has or that does not belong to the line's game, a missing or
/// unknown `game`, a missing parameter (each a [`LineError`]), malformed values; a
/// `cannot_answer` one when the system refuses memory for the values.
pub fn read_line<'g>(
    text: &[u8],
    games: &[&'g GameInfo],
) -> Result<(&'g GameInfo, Params), ErrorReport> {
    let fields = fields_of(text)?;
    let fields: Vec<(&str, &str)> = fields.iter().map(|(n, v)| (n.as_str(), v.get())).collect();
    read_fields(&fields, games)
}

/// Reads a line's fields already taken apart, each name with its value's JSON text (the
/// fields of an `/api/*` body beside the endpoint's own), as [`read_line`] reads them.
///
/// # Errors
///
/// As [`read_line`], but for what concerns the whole line (blank, not JSON, not an object, a
/// field twice).
pub fn read_fields<'g>(
    fields: &[(&str, &str)],
    games: &[&'g GameInfo],
) -> Result<(&'g GameInfo, Params), ErrorReport> {
    // Every field is `game` or a parameter of some game of the table.
    for &(name, _) in fields {
        let known = name == "game" || games.iter().any(|i| i.param(name).is_some());
        if !known {
            let mut expected = vec!["game"];
            for param in games.iter().flat_map(|info| info.params) {
                if !expected.contains(&param.name) {
                    expected.push(param.name);
                }
            }
            let field = name.to_owned();
            return Err(LineError::UnknownField { field, expected }.into());
        }
    }
    let field = |name: &str| fields.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
    let names = || games.iter().map(|i| i.name).collect::<Vec<_>>();
    let Some(game) = field("game") else {
        return Err(LineError::MissingGame { games: names() }.into());
    };
    let game: String = serde_json::from_str(game).map_err(|_| LineError::GameNotAString {
        got: abbreviate(game),
    })?;
    let Some(info) = games.iter().copied().find(|i| i.name == game) else {
        let known = names();
        return Err(LineError::UnknownGame { game, known }.into());
    };
    for &(name, _) in fields {
        if name != "game" && info.param(name).is_none() {
            let field = name.to_owned();
            return Err(LineError::NotOfGame {
                field,
                game: info.name,
            }
            .into());
        }
    }
    let mut params = Params::new();
    for param in info.params {
        let Some(raw) = field(param.name) else {
            if param.kind == ParamKind::Text {
                // A word left out is the empty word (Connect Four's empty board).
                params.set(param.name, ParamValue::Text(String::new()));
                continue;
            }
            let (field, game) = (param.name, info.name);
            return Err(LineError::MissingParam { field, game }.into());
        };
        let value = match param.kind {
            ParamKind::Integer { .. } | ParamKind::Graph => ParamValue::Text(raw.to_owned()),
            ParamKind::Values => ParamValue::Values(values_of(param.name, raw)?),
            ParamKind::Text => ParamValue::Text(word_of(param.name, raw)?),
        };
        params.set(param.name, value);
    }
    Ok((info, params))
}

/// The word of a [`Text`](ParamKind::Text) field `name` whose JSON text is `raw`: a JSON
/// string's contents, or a whole number's digits (`"moves": 4453` reads as `"4453"`).
///
/// # Errors
///
/// An `invalid_input` [`ErrorReport`] for any other JSON value, naming the field.
pub fn word_of(name: &'static str, raw: &str) -> Result<String, ErrorReport> {
    match serde_json::from_str::<serde_json::Value>(raw) {
        Ok(serde_json::Value::String(word)) => Ok(word),
        Ok(serde_json::Value::Number(n)) if n.is_u64() => Ok(n.to_string()),
        _ => Err(LineError::NotAWord {
            field: name,
            got: abbreviate(raw),
        }
        .into()),
    }
}

/// The values of a field `name` whose JSON text is `raw`: an array of integers read in one
/// pass straight from its JSON text by the one values parser ([`parse_values`]; no list of
/// JSON values in between, so a row of 10^7 values costs its 8 bytes per value), or, for
/// anything but plain integers in an array, through the JSON reader for a precise message:
/// item by item ([`parse_value`]), up to the first that is not an integer (issue 23: the
/// items were first collected, 16 bytes each, which could abort on a long line).
///
/// # Errors
///
/// An `invalid_input` [`ErrorReport`] naming the first value that is not an integer, or the
/// field when it is not an array; a `cannot_answer` one when the system refuses memory.
pub fn values_of(name: &'static str, raw: &str) -> Result<Vec<i64>, ErrorReport> {
    let plain = raw.starts_with('[')
        && raw
            .bytes()
            .all(|b| b.is_ascii_digit() || b"-,[] \t\r\n".contains(&b));
    if plain {
        return parse_values(raw).map_err(|e| ErrorReport::from(e).in_field(name));
    }
    let not_an_array = || -> ErrorReport {
        LineError::NotAnArray {
            field: name,
            got: abbreviate(raw),
        }
        .into()
    };
    let mut reader = serde_json::Deserializer::from_str(raw);
    serde::Deserializer::deserialize_seq(&mut reader, ItemByItem)
        .map_err(|_| not_an_array())?
        .map_err(|e| e.in_field(name))
}

/// Reads a JSON array's items as `i64`, keeping the first error (and reading past the rest
/// without keeping them).
struct ItemByItem;

impl<'de> serde::de::Visitor<'de> for ItemByItem {
    type Value = Result<Vec<i64>, ErrorReport>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an array of integers")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(
        self,
        mut items: A,
    ) -> Result<Self::Value, A::Error> {
        let mut values: Vec<i64> = Vec::new();
        let mut failed = None;
        while let Some(item) = items.next_element::<&'de RawValue>()? {
            if failed.is_some() {
                continue;
            }
            match parse_value(item.get(), values.len() as u64 + 1) {
                Ok(value) if values.try_reserve(1).is_ok() => values.push(value),
                Ok(_) => {
                    failed = Some(ErrorReport::new(
                        Kind::CannotAnswer,
                        format!(
                            "cannot read the values: the system refused memory for more than {} \
                             values; free some memory",
                            values.len()
                        ),
                    ));
                }
                Err(e) => failed = Some(e.into()),
            }
        }
        Ok(failed.map_or(Ok(values), Err))
    }
}

/// A JSON syntax or shape error as a value: its category, its column (each input line is
/// its own document, so its line is always 1; the output's `"line"` says which) and the
/// reader's description of the fault, which is its message less the position it appends.
///
/// The one place a message is cut after it was made: serde_json has accessors for the line,
/// the column and the category, but none for the description alone (its `Display` always
/// appends ` at line L column C` to a positioned error), so the suffix it wrote is taken off.
fn json_error(e: &serde_json::Error) -> LineError {
    let text = e.to_string();
    let position = format!(" at line {} column {}", e.line(), e.column());
    let what = text.strip_suffix(&position).unwrap_or(&text).to_owned();
    match e.classify() {
        Category::Syntax | Category::Eof => LineError::Json {
            column: e.column(),
            what,
        },
        Category::Data | Category::Io => LineError::Shape { what },
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::games::TableGame;
    use crate::{CanIWin, PredictTheWinner};

    fn games() -> [&'static GameInfo; 2] {
        [CanIWin::info(), PredictTheWinner::info()]
    }

    fn message(line: &str) -> String {
        read_line(line.as_bytes(), &games()).unwrap_err().message()
    }

    #[test]
    fn reads_each_game_by_its_params() {
        let (info, params) = read_line(
            br#" {"desired_total":11,"game":"can-i-win","max_choosable":10} "#,
            &games(),
        )
        .unwrap();
        assert_eq!(info.name, "can-i-win");
        assert_eq!(
            params.get("max_choosable"),
            Some(&ParamValue::Text("10".to_owned()))
        );
        assert_eq!(
            params.get("desired_total"),
            Some(&ParamValue::Text("11".to_owned()))
        );
        let (info, params) =
            read_line(br#"{"game":"predict-the-winner","values":[]}"#, &games()).unwrap();
        assert_eq!(info.name, "predict-the-winner");
        assert_eq!(params.get("values"), Some(&ParamValue::Values(Vec::new())));
    }

    #[test]
    fn messages() {
        assert_eq!(message("  "), "empty line: expected a JSON object");
        assert_eq!(
            message("[1]"),
            format!(
                "each line must be a JSON object like {}",
                crate::contract::line_error::EXAMPLE
            )
        );
        assert!(message("{").starts_with("invalid JSON at column 1: "));
        assert_eq!(
            message(r#"{"game":"can-i-win","game":"x"}"#),
            "invalid line: duplicate field `game`"
        );
        assert_eq!(
            message(r#"{"nope":1}"#),
            "invalid line: unknown field `nope`, expected one of `game`, `max_choosable`, \
             `desired_total`, `values`"
        );
        assert_eq!(
            message(r#"{"values":[1]}"#),
            "missing field `game` (\"can-i-win\" or \"predict-the-winner\")"
        );
        assert_eq!(
            message(r#"{"game":7}"#),
            "`game` must be a string like \"can-i-win\", got 7"
        );
        assert_eq!(
            message(r#"{"game":"can-i-win","values":[1]}"#),
            "field `values` does not belong to game `can-i-win`"
        );
        assert_eq!(
            message(r#"{"game":"can-i-win","max_choosable":10}"#),
            "missing field `desired_total` for game `can-i-win`"
        );
    }

    #[test]
    fn values_fields() {
        assert_eq!(
            values_of("values", "[1, -5,233,7]").unwrap(),
            [1, -5, 233, 7]
        );
        // `+5` is not JSON.
        assert_eq!(
            values_of("values", "[1, +5]").unwrap_err().message(),
            "`values` must be an array of integers, got [1, +5]"
        );
        let e = values_of("values", "[1, 1.5]").unwrap_err();
        assert_eq!(
            e.message(),
            "value #2 = 1.5 is not an integer: values must be whole numbers in \
             -9223372036854775808..=9223372036854775807"
        );
        assert_eq!((e.kind, e.field()), (Kind::InvalidInput, Some("values")));
        // The field named as the game names it, on both readers (plain digits, and JSON).
        assert_eq!(
            values_of("piles", "[1, 1.5]").unwrap_err().field(),
            Some("piles")
        );
        assert_eq!(
            values_of("piles", "[1,,2]").unwrap_err().field(),
            Some("piles")
        );
        assert_eq!(
            values_of("values", r#"[1, 2, "3"]"#).unwrap_err().message(),
            "value #3 = \"3\" is not an integer: values must be whole numbers in \
             -9223372036854775808..=9223372036854775807"
        );
        assert_eq!(
            values_of("values", "[99999999999999999999]")
                .unwrap_err()
                .message(),
            "value #1 = 99999999999999999999 is out of range: values must be whole numbers in \
             -9223372036854775808..=9223372036854775807"
        );
        assert_eq!(
            values_of("values", "7").unwrap_err().message(),
            "`values` must be an array of integers, got 7"
        );
    }

    #[test]
    fn long_lines() {
        assert_eq!(max_line_bytes(None), 256 << 20);
        assert_eq!(max_line_bytes(Some(1000)), 1000);
        assert_eq!(
            line_too_long(2000, 1000, false).message(),
            "the line is 2000 bytes long, over the limit of 1000 bytes for one batch line \
             (256 MiB, or --memory-cap when smaller); it was skipped"
        );
    }
}
