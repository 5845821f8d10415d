//! Argument groups shared by several commands, and the parsing of the
//! numbers they carry.
//!
//! Game numbers are taken as text and parsed here rather than by clap, so
//! that a bad value is an `invalid_input` error naming the value and the
//! allowed range (`max_choosable = 65 is out of range: … in 1..=64`), the
//! same message whatever the command or the batch line it came from.

use std::time::Duration;

#[cfg(feature = "cli")]
use clap::builder::{StringValueParser, TypedValueParser};
use gamesolve::{core_types::Solver, registry::BackendChoice, Backend, Registered};

use super::error::CliError;
use super::input::abbreviate;
pub use super::limits::LimitArgs;

/// `--backend` and the limits: everything needed to build one solver.
#[derive(Debug, Clone)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct SolverArgs {
    /// The backend to solve with, and optionally one of its variants: `memo` (its automatic
    /// choice) or `memo/dense` (see `gamesolve backends`) [default: the fastest this build
    /// has for the game].
    #[cfg_attr(feature = "cli", arg(long, short = 'b', value_name = "BACKEND[/VARIANT]", value_parser = backend_parser()))]
    pub backend: Option<BackendChoice>,
    #[cfg_attr(feature = "cli", command(flatten))]
    pub limits: LimitArgs,
}

impl SolverArgs {
    /// The chosen backend (and variant) for the game `G`, or the default for `G`.
    pub fn backend_for<G: Registered>(&self) -> BackendChoice {
        self.backend
            .clone()
            .unwrap_or_else(|| Backend::default_for::<G>().into())
    }

    /// A solver of the chosen backend variant for `G` with the chosen limits.
    pub fn solver<G: Registered>(&self) -> Result<Box<dyn Solver<G> + Send>, CliError> {
        Ok(self
            .backend_for::<G>()
            .solver_with::<G>(&self.limits.limits())?)
    }
}

/// Accepts every backend name gamesolve knows, compiled in or not, with an optional
/// `/VARIANT`: a missing backend is reported when its solver is built, with the cargo feature
/// to enable, and a variant is checked against the game's list.
#[cfg(feature = "cli")]
pub fn backend_parser() -> impl TypedValueParser<Value = BackendChoice> {
    StringValueParser::new().try_map(|text| text.parse::<BackendChoice>())
}

/// Parses `1073741824`, `512MiB`, `2G`, `64 KiB`, `1.5GiB` into bytes, with [`parse_size`]:
/// K, M, G, T are powers of 1000 and KiB, MiB, GiB, TiB powers of 1024 (the `B` is optional).
pub fn parse_byte_size(text: &str) -> Result<u64, String> {
    let expected = || {
        format!(
            "expected a whole number in 0..={} (bytes), or one with a unit, e.g. 512MiB or 2G",
            u64::MAX
        )
    };
    let trimmed = text.trim();
    if trimmed.starts_with('-') {
        return Err(format!("it is negative; {}", expected()));
    }
    parse_size::parse_size(trimmed).map_err(|why| {
        let why = match why {
            parse_size::Error::PosOverflow => "it is too large".to_string(),
            parse_size::Error::Empty if trimmed.is_empty() => "it is empty".to_string(),
            parse_size::Error::Empty => "it has no number".to_string(),
            _ if trimmed.starts_with(|c: char| c.is_ascii_digit() || c == '.') => format!(
                "unknown unit in `{}`: use bytes or K, M, G, T, KiB, MiB, GiB, TiB",
                abbreviate(trimmed)
            ),
            _ => "it is not a size".to_string(),
        };
        format!("{why}; {}", expected())
    })
}

/// Parses `--time-limit`: a duration as [`humantime`] reads it (`500ms`, `2s`, `1m 30s`),
/// above zero.
pub fn parse_time_limit(text: &str) -> Result<Duration, String> {
    const EXPECTED: &str = "expected a duration above zero with a unit, e.g. 500ms, 2s or 1m 30s";
    let trimmed = text.trim();
    if trimmed.starts_with('-') {
        return Err(format!("it is negative; {EXPECTED}"));
    }
    match humantime::parse_duration(trimmed) {
        Ok(limit) if limit.is_zero() => Err(format!("it is zero; {EXPECTED}")),
        Ok(limit) => Ok(limit),
        Err(why) => Err(format!("{why}; {EXPECTED}")),
    }
}

/// Parses a count flag (`--node-budget`, `--state-budget`): a whole number
/// in `0..=u64::MAX`.
pub fn parse_count(text: &str) -> Result<u64, String> {
    whole_number(text, u64::MAX)
}

/// Parses a size flag (`--depth`, `--max-lines`, `--taken-left`, ...): a
/// whole number in `0..=usize::MAX`.
pub fn parse_usize(text: &str) -> Result<usize, String> {
    let max = u64::try_from(usize::MAX).unwrap_or(u64::MAX);
    whole_number(text, max).map(|n| usize::try_from(n).unwrap_or(usize::MAX))
}

/// A whole number in `0..=max`, or why not and the allowed range (clap puts
/// the flag and the value before it: "invalid value '-1' for
/// '--node-budget <POSITIONS>': it is negative; expected ...").
fn whole_number(text: &str, max: u64) -> Result<u64, String> {
    use std::num::IntErrorKind;
    let trimmed = text.trim();
    let why = match trimmed.parse::<u64>() {
        Ok(n) if n <= max => return Ok(n),
        Ok(_) => "it is too large",
        Err(e) => match e.kind() {
            IntErrorKind::PosOverflow => "it is too large",
            IntErrorKind::Empty => "it is empty",
            _ if trimmed.starts_with('-') && trimmed[1..].bytes().all(|b| b.is_ascii_digit()) => {
                "it is negative"
            }
            _ => "it is not a whole number",
        },
    };
    Err(format!("{why}; expected a whole number in 0..={max}"))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn byte_sizes() {
        assert_eq!(parse_byte_size("1073741824"), Ok(1 << 30));
        assert_eq!(parse_byte_size("512MiB"), Ok(512 << 20));
        assert_eq!(parse_byte_size("2G"), Ok(2_000_000_000));
        assert_eq!(parse_byte_size("64 KiB"), Ok(64 << 10));
        assert_eq!(parse_byte_size("1.5GiB"), Ok(3 << 29));
        assert_eq!(parse_byte_size("2g"), Ok(2_000_000_000));
        let unknown = parse_byte_size("12 parsecs").unwrap_err();
        assert!(
            unknown.starts_with("unknown unit in `12 parsecs`"),
            "{unknown}"
        );
        assert!(parse_byte_size("MiB")
            .unwrap_err()
            .starts_with("it has no number"));
        assert!(parse_byte_size("99999999999TiB")
            .unwrap_err()
            .starts_with("it is too large"));
        assert!(parse_byte_size("-1")
            .unwrap_err()
            .starts_with("it is negative"));
        assert!(parse_byte_size("").unwrap_err().starts_with("it is empty"));
    }
}
