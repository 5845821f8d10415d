//! `gamesolve batch`: many games as JSON Lines on standard input, one JSON
//! line out per line in, in the same order.
//!
//! One solver is built once and reused for every line, so a backend can keep
//! its tables between instances. Output is flushed whenever the next input
//! line is not already buffered, that is before the program could block on
//! reading: a script that writes one line and waits for its answer gets it at
//! once, while a whole file is written in large blocks.
//!
//! Numbers are read from the raw JSON text, not through `f64`, so a number
//! beyond `i64` (or beyond any machine integer) is reported exactly as it
//! was written.

use std::io::{self, BufRead, BufReader, BufWriter, Write};

use clap::Args;
use gamesolve::core_types::values::parse_values_from_reader;
use gamesolve::{BackendError, CanIWin, Game, PredictTheWinner, Solver, Stats};
use serde::Deserialize;
use serde::Serialize;
use serde_json::value::RawValue;

use super::args::{can_i_win_from_text, SolverArgs};
use super::error::{CliError, Kind, Stop};
use super::input::{abbreviate, parse_value, values_error};
use super::progress::Progress;
use super::report::CliGame;

/// Arguments of `gamesolve batch`.
#[derive(Args, Debug)]
pub struct BatchCmd {
    #[command(flatten)]
    solver: SolverArgs,
}

/// One input line. Every field is optional here so that a missing one gets
/// a message naming the game that needs it; unknown fields are rejected.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Line<'a> {
    game: Option<String>,
    #[serde(borrow)]
    max_choosable: Option<&'a RawValue>,
    #[serde(borrow)]
    desired_total: Option<&'a RawValue>,
    #[serde(borrow)]
    values: Option<&'a RawValue>,
}

/// The output line for an input line that could not be answered.
#[derive(Serialize)]
struct ErrorLine<'a> {
    line: u64,
    error: &'a str,
    kind: &'static str,
}

/// One solver per game, built on the first line of that game and reused by the lines of that
/// game that follow; a line of the other game drops it (and the table it keeps), so no line
/// runs short of memory because of an earlier one.
struct Solvers<'a> {
    args: &'a SolverArgs,
    can_i_win: Option<Box<dyn Solver<CanIWin> + Send>>,
    predict_the_winner: Option<Box<dyn Solver<PredictTheWinner> + Send>>,
}

/// Solves `game` with the line's solver (built on first use), counting, and returns its
/// contract object.
fn solve<G: CliGame>(
    slot: &mut Option<Box<dyn Solver<G> + Send>>,
    args: &SolverArgs,
    game: &G,
) -> Result<G::Report, CliError> {
    let solver = match slot {
        Some(solver) => solver,
        None => slot.insert(args.solver::<G>()?),
    };
    let answer = super::guard::refusals_are_errors(|| {
        Ok::<_, CliError>(if COUNT {
            solver.solve_with_stats(game)?
        } else {
            (solver.solve(game)?, Stats::default())
        })
    });
    let (solution, stats) = match answer {
        Ok(answer) => answer,
        Err(e) => {
            // A search cut short (a refused stack segment) may leave its kept table half
            // written: the next line starts from a fresh solver.
            *slot = None;
            return Err(e);
        }
    };
    Ok(game.report(&solution, solver.name(), solver.variant(), stats))
}

/// Runs `gamesolve batch`. Returns whether every line was answered.
///
/// When the reader closes standard output early (`gamesolve batch < F |
/// head -1`), the run ends quietly, but a line that failed before still
/// fails it: exit 1 as documented, not 0.
pub fn run(cmd: &BatchCmd) -> Result<bool, Stop> {
    let mut all_ok = true;
    match answer_lines(cmd, &mut all_ok) {
        Ok(()) => Ok(all_ok),
        Err(Stop::OutputClosed) if !all_ok => Ok(false),
        Err(stop) => Err(stop),
    }
}

/// Answers every line; clears `all_ok` when a line fails.
fn answer_lines(cmd: &BatchCmd, all_ok: &mut bool) -> Result<(), Stop> {
    // A backend this build lacks fails the whole run (exit 2), before any line.
    if let Some(choice) = &cmd.solver.backend {
        if !choice.backend.is_available() {
            return Err(BackendError::Unavailable {
                backend: choice.backend,
            }
            .into());
        }
    }
    let mut solvers = Solvers {
        args: &cmd.solver,
        can_i_win: None,
        predict_the_winner: None,
    };
    let stdin = io::stdin();
    let len = stdin_len();
    let progress = len.map_or_else(Progress::lines, Progress::bytes);
    let mut input = BufReader::with_capacity(1 << 16, stdin.lock());
    let mut output = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut buffer = Vec::new();
    let mut number: u64 = 0;
    loop {
        if input.buffer().is_empty() {
            // The next read may block: let the reader see every answer so far.
            output.flush()?;
        }
        buffer.clear();
        let read = input.read_until(b'\n', &mut buffer).map_err(|e| {
            CliError::new(
                Kind::Io,
                format!("cannot read standard input after line {number}: {e}"),
            )
        })?;
        if read == 0 {
            break;
        }
        number += 1;
        progress.inc(if len.is_some() { read as u64 } else { 1 });
        let mut text = trim_newline(&buffer);
        if number == 1 {
            // A UTF-8 byte-order mark, as some editors write.
            text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
        }
        match answer(&mut solvers, text, &mut output) {
            Ok(()) => {}
            Err(Stop::Error(e)) => {
                *all_ok = false;
                let line = ErrorLine {
                    line: number,
                    error: &e.message,
                    kind: e.kind.as_str(),
                };
                serde_json::to_writer(&mut output, &line)?;
            }
            Err(stop) => return Err(stop),
        }
        output.write_all(b"\n")?;
    }
    output.flush()?;
    Ok(())
}

/// Solves one line and writes its JSON object (without the newline).
fn answer(solvers: &mut Solvers<'_>, text: &[u8], output: &mut impl Write) -> Result<(), Stop> {
    if text.iter().all(u8::is_ascii_whitespace) {
        return Err(CliError::invalid("empty line: expected a JSON object").into());
    }
    let start = text.iter().position(|b| !b.is_ascii_whitespace());
    if start.is_some_and(|at| text[at] != b'{') {
        // Valid JSON that is not an object (an array would otherwise be
        // read as the fields in order).
        serde_json::from_slice::<serde::de::IgnoredAny>(text).map_err(json_error)?;
        return Err(
            CliError::invalid(format!("each line must be a JSON object like {EXAMPLE}")).into(),
        );
    }
    let line: Line<'_> = serde_json::from_slice(text).map_err(json_error)?;
    let Some(game) = line.game.as_deref() else {
        return Err(CliError::invalid(
            "missing field `game` (\"can-i-win\" or \"predict-the-winner\")",
        )
        .into());
    };
    match game {
        CanIWin::NAME => {
            reject(game, "values", line.values.is_some())?;
            let n = required(game, "max_choosable", line.max_choosable)?;
            let t = required(game, "desired_total", line.desired_total)?;
            let game = can_i_win_from_text(n.get(), t.get())?;
            // A line's answer never depends on earlier lines: the other game's solver, with
            // any table it keeps for reuse, is freed before this one allocates.
            solvers.predict_the_winner = None;
            let report = solve(&mut solvers.can_i_win, solvers.args, &game)?;
            serde_json::to_writer(output, &report)?;
        }
        PredictTheWinner::NAME => {
            reject(game, "max_choosable", line.max_choosable.is_some())?;
            reject(game, "desired_total", line.desired_total.is_some())?;
            let raw = required(game, "values", line.values)?;
            let values = values_of(raw.get())?;
            let game = PredictTheWinner::new(values);
            solvers.can_i_win = None;
            let report = solve(&mut solvers.predict_the_winner, solvers.args, &game)?;
            serde_json::to_writer(output, &report)?;
        }
        other => {
            return Err(CliError::invalid(format!(
                "unknown game `{}` (known games: can-i-win, predict-the-winner)",
                abbreviate(other)
            ))
            .into())
        }
    }
    Ok(())
}

/// An input line, for messages.
const EXAMPLE: &str = r#"{"game":"can-i-win","max_choosable":10,"desired_total":11}"#;

/// Whether batch counts statistics: always, so every line carries real
/// counters. On the 6,020 LeetCode instances counting costs about 8 ms of
/// 70 ms with `tabular` (README, "Batch input and output").
const COUNT: bool = true;

/// The values of a `values` field: an array of integers read in one pass straight from its
/// JSON text (no list of JSON values in between, so a row of 10^7 values costs its 8 bytes
/// per value), or, for anything but plain integers in an array, through the JSON reader for a
/// precise message.
fn values_of(raw: &str) -> Result<Vec<i64>, CliError> {
    let plain = raw.starts_with('[')
        && raw
            .bytes()
            .all(|b| b.is_ascii_digit() || b"-,[] \t\r\n".contains(&b));
    if plain {
        return parse_values_from_reader(raw.as_bytes()).map_err(values_error);
    }
    let items: Vec<&RawValue> = serde_json::from_str(raw).map_err(|_| {
        CliError::invalid(format!(
            "`values` must be an array of integers, got {}",
            abbreviate(raw)
        ))
    })?;
    items
        .iter()
        .enumerate()
        .map(|(index, item)| parse_value(item.get(), index + 1))
        .collect()
}

fn required<'a>(
    game: &str,
    field: &str,
    value: Option<&'a RawValue>,
) -> Result<&'a RawValue, CliError> {
    value.ok_or_else(|| CliError::invalid(format!("missing field `{field}` for game `{game}`")))
}

fn reject(game: &str, field: &str, present: bool) -> Result<(), CliError> {
    if present {
        Err(CliError::invalid(format!(
            "field `{field}` does not belong to game `{game}`"
        )))
    } else {
        Ok(())
    }
}

/// A JSON syntax or shape error, without serde's "line 1" (each input line
/// is its own document; the output's `"line"` says which).
fn json_error(e: serde_json::Error) -> CliError {
    let text = e.to_string();
    let message = text
        .rsplit_once(" at line ")
        .map_or(text.as_str(), |(message, _)| message);
    // serde names the type it reads into; say what the line must be.
    let message = shorten_quoted(&message.replace("struct Line", "a JSON object"));
    let message = if e.is_syntax() || e.is_eof() {
        format!("invalid JSON at column {}: {message}", e.column())
    } else {
        format!("invalid line: {message}")
    };
    CliError::invalid(message)
}

/// `message` with every `quoted` or "quoted" part of it (serde repeats field
/// names and strings from the input) cut by [`abbreviate`].
fn shorten_quoted(message: &str) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(open) = rest.find(['`', '"']) {
        let quote = &rest[open..=open];
        out.push_str(&rest[..=open]);
        rest = &rest[open + 1..];
        match rest.find(quote) {
            Some(close) => {
                out.push_str(&abbreviate(&rest[..close]));
                out.push_str(quote);
                rest = &rest[close + 1..];
            }
            None => {
                out.push_str(&abbreviate(rest));
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

fn trim_newline(mut line: &[u8]) -> &[u8] {
    if let Some(rest) = line.strip_suffix(b"\n") {
        line = rest;
    }
    if let Some(rest) = line.strip_suffix(b"\r") {
        line = rest;
    }
    line
}

/// The size of standard input when it is a regular file (`< input.jsonl`),
/// for a progress bar.
#[cfg(unix)]
fn stdin_len() -> Option<u64> {
    use std::os::fd::AsFd;
    if !Progress::enabled_beside_output() {
        return None;
    }
    let fd = io::stdin().as_fd().try_clone_to_owned().ok()?;
    let metadata = std::fs::File::from(fd).metadata().ok()?;
    metadata.is_file().then_some(metadata.len())
}

#[cfg(not(unix))]
fn stdin_len() -> Option<u64> {
    None
}
