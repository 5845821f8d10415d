//! What the CLI prints for one solved game: the JSON object of the stable
//! contract (see `docs/JSON.md`) and the human sentences.

use std::fmt::Write as _;
use std::time::Duration;

use gamesolve::Stats;

use super::words::PlayWords;

/// What every command needs of a game: a game of the game table
/// ([`TableGame`](gamesolve::TableGame): the vocabulary, variants, JSON contract, table view,
/// parameters and sentences) with the front ends' words ([`PlayWords`]: `play`'s phrasing,
/// the reading of a typed move), so every command is written once, generic over the game.
pub trait CliGame: PlayWords {}

impl<G: PlayWords> CliGame for G {}

/// The variant that ran (`memo/dense`), the counters and the time as aligned lines, for
/// `--stats`.
pub fn stats_lines(stats: &Stats, ran: &str, elapsed: Duration) -> String {
    let rows = [
        ("variant run", ran.to_string()),
        ("positions expanded", stats.positions.to_string()),
        ("memo hits", stats.memo_hits.to_string()),
        ("states stored", stats.states.to_string()),
        ("table cells", stats.table_cells.to_string()),
        ("table bytes", bytes(stats.table_bytes)),
        ("max depth", stats.max_depth.to_string()),
        ("time", duration(elapsed)),
    ];
    let mut text = String::new();
    for (name, value) in rows {
        let _ = writeln!(text, "  {name:<20}{value}");
    }
    text
}

/// Bytes with a binary unit: `131072 (128.0 KiB)`, by [`bytesize`].
pub fn bytes(n: u64) -> String {
    if n < 1024 {
        return n.to_string();
    }
    format!("{n} ({})", bytesize::ByteSize(n).display().iec())
}

/// A measured duration with a unit that keeps three significant digits: `1.23 ms`, `45.6 s`.
///
/// Kept here rather than taken from a crate: `humantime` prints exact compound durations
/// (`1s 234ms 567us`), right for a limit a person typed but not for a measurement, and std's
/// `{:.2?}` fixes the decimals rather than the significant digits (`812.00ns`, `45.60s`).
pub fn duration(d: Duration) -> String {
    let ns = d.as_nanos() as f64;
    let (value, unit) = if ns < 1e3 {
        (ns, "ns")
    } else if ns < 1e6 {
        (ns / 1e3, "µs")
    } else if ns < 1e9 {
        (ns / 1e6, "ms")
    } else {
        (ns / 1e9, "s")
    };
    let precision = if value < 10.0 {
        2
    } else if value < 100.0 {
        1
    } else {
        0
    };
    format!("{value:.precision$} {unit}")
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn units() {
        assert_eq!(bytes(100), "100");
        assert_eq!(bytes(131072), "131072 (128.0 KiB)");
        assert_eq!(bytes(1 << 30), "1073741824 (1.0 GiB)");
        assert_eq!(duration(Duration::from_nanos(812)), "812 ns");
        assert_eq!(duration(Duration::from_micros(1234)), "1.23 ms");
        assert_eq!(duration(Duration::from_millis(45_600)), "45.6 s");
    }
}
