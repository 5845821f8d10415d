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

use std::any::Any;
use std::io::{self, BufReader, BufWriter, Write};

use clap::Args;
use gamesolve::core_types::values::parse_values_from_reader;
use gamesolve::games::{ParamKind, ParamValue, Params};
use gamesolve::{BackendError, Solver, Stats};
use serde::Deserialize;
use serde::Serialize;
use serde_json::value::RawValue;

use super::args::SolverArgs;
use super::error::{CliError, Kind, Stop};
use super::input::{abbreviate, parse_value, read_line_bounded, values_error, LineRead};
use super::progress::Progress;
use super::report::CliGame;
use super::table::{table, AnyGame};

/// Arguments of `gamesolve batch`.
#[derive(Args, Debug)]
#[command(mut_arg("memory_cap", |arg| arg.help(
    "`memo`, `tabular`: the largest table to allocate, in bytes; suffixes K, M, G (powers of \
     1000) and KiB, MiB, GiB work; also bounds one input line: a line may be at most 256MiB, \
     or this cap when smaller, and a longer one is answered with an `invalid_input` error line \
     and skipped [default: 1GiB]"
)))]
pub struct BatchCmd {
    #[command(flatten)]
    solver: SolverArgs,
}

/// One input line's fields in order, each with its raw JSON text (numbers are read from their
/// text, so a number beyond any machine integer is reported as written).
struct Fields<'a>(Vec<(String, &'a RawValue)>);

impl<'de: 'a, 'a> Deserialize<'de> for Fields<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> serde::de::Visitor<'de> for Visitor<'a> {
            type Value = Fields<'a>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(
                self,
                mut map: M,
            ) -> Result<Self::Value, M::Error> {
                let mut fields: Vec<(String, &'a RawValue)> = Vec::new();
                while let Some(name) = map.next_key::<String>()? {
                    if fields.iter().any(|(n, _)| *n == name) {
                        return Err(serde::de::Error::custom(format_args!(
                            "duplicate field `{name}`"
                        )));
                    }
                    let value: &'a RawValue = map.next_value()?;
                    fields.push((name, value));
                }
                Ok(Fields(fields))
            }
        }
        deserializer.deserialize_map(Visitor(std::marker::PhantomData))
    }
}

/// The output line for an input line that could not be answered.
#[derive(Serialize)]
struct ErrorLine<'a> {
    line: u64,
    error: &'a str,
    kind: &'static str,
}

/// The solver of the game of the last line, built on the first line of that game and reused by
/// the lines of that game that follow (with the game's name; it holds a
/// `Box<dyn Solver<G> + Send>`); a line of another game drops it (and the table it keeps), so
/// no line runs short of memory because of an earlier one.
pub struct Solvers<'a> {
    args: &'a SolverArgs,
    current: Option<(&'static str, Box<dyn Any + Send>)>,
    /// Whether an answer also carries the game's `headline` (`serve`'s `/api/solve`).
    headline: bool,
}

impl<'a> Solvers<'a> {
    /// No solver yet; each is built with `args` on its game's first line.
    pub fn new(args: &'a SolverArgs) -> Self {
        Solvers {
            args,
            current: None,
            headline: false,
        }
    }

    /// Each answer also carries `"headline"`: the game's answer in words, as the command
    /// line prints it ("First player wins: take 7"), for a page that knows no game.
    #[cfg_attr(not(feature = "serve"), allow(dead_code))]
    pub fn with_headline(mut self) -> Self {
        self.headline = true;
        self
    }
}

impl LineGame for Solvers<'_> {
    type Output = Vec<u8>;

    /// Solves `game` with its game's solver (built on first use), counting, and returns its
    /// contract object as JSON.
    fn with<G: CliGame>(&mut self, game: &G) -> Result<Vec<u8>, CliError> {
        // A line's answer never depends on earlier lines: the other game's solver, with any
        // table it keeps for reuse, is freed before this one allocates.
        if self
            .current
            .as_ref()
            .is_some_and(|(name, _)| *name != G::NAME)
        {
            self.current = None;
        }
        let (_, slot) = match &mut self.current {
            Some(current) => current,
            None => {
                let config = self.args.limits.config();
                let solver: Box<dyn Solver<G> + Send> =
                    self.args.backend_for::<G>().solver_with::<G>(&config)?;
                self.current.insert((G::NAME, Box::new(solver)))
            }
        };
        let Some(solver) = slot.downcast_mut::<Box<dyn Solver<G> + Send>>() else {
            return Err(CliError::new(
                Kind::Usage,
                format!(
                    "internal error: the solver kept for `{}` has another type",
                    G::NAME
                ),
            ));
        };
        let answer = if COUNT {
            solver.solve_with_stats(game)
        } else {
            solver
                .solve(game)
                .map(|solution| (solution, Stats::default()))
        };
        let (solution, stats) = match answer {
            Ok(answer) => answer,
            Err(e) => {
                // A search cut short (a refused stack segment, a time limit) may leave its kept
                // table half written: the next line starts from a fresh solver.
                self.current = None;
                return Err(e.into());
            }
        };
        let report = game.report(
            &solution,
            solver.name(),
            solver.variant(),
            solver.last_kernel(),
            stats,
        );
        let write_error =
            |e: serde_json::Error| CliError::new(Kind::Io, format!("cannot write the answer: {e}"));
        let mut json = serde_json::to_vec(&report).map_err(write_error)?;
        if self.headline && json.last() == Some(&b'}') {
            // The contract object as it is, one field more at its end.
            json.pop();
            if json.len() > 1 {
                json.push(b',');
            }
            json.extend_from_slice(b"\"headline\":");
            serde_json::to_writer(&mut json, &game.headline(&solution)).map_err(write_error)?;
            json.push(b'}');
        }
        Ok(json)
    }
}

/// What to do with the game one line describes, whichever game it is: solve it (`batch`,
/// `serve`'s `/api/solve`), trace it (`serve`'s `/api/trace`).
pub trait LineGame {
    /// What the line turns into.
    type Output;
    /// Does it for `game`.
    fn with<G: CliGame>(&mut self, game: &G) -> Result<Self::Output, CliError>;
}

/// Every handler of a line's game, so a game of the table (of any type) reaches the one the
/// line is for ([`AnyGame::line`]).
pub enum LineHandler<'h, 'a> {
    /// `batch`, `/api/solve`.
    Solve(&'h mut Solvers<'a>),
    /// `serve`'s trace, growth and play.
    #[cfg(feature = "serve")]
    Serve(&'h mut super::serve::api::Handler),
}

impl LineHandler<'_, '_> {
    /// Hands `game` to the handler.
    pub fn with<G: CliGame>(&mut self, game: &G) -> Result<Vec<u8>, CliError> {
        match self {
            LineHandler::Solve(solvers) => solvers.with(game),
            #[cfg(feature = "serve")]
            LineHandler::Serve(handler) => handler.with(game),
        }
    }
}

/// The answer line of one input line: the contract object, or `{"line":…,"error":…,"kind":…}`.
/// Returns the JSON text (without the newline) and the error's kind when the line failed.
pub fn answer_line(solvers: &mut Solvers<'_>, text: &[u8], number: u64) -> (Vec<u8>, Option<Kind>) {
    match read_line(text).and_then(|game| game.line(&mut LineHandler::Solve(solvers))) {
        Ok(json) => (json, None),
        Err(e) => (error_line(&e, number), Some(e.kind)),
    }
}

/// The error line for a line that failed.
pub fn error_line(e: &CliError, number: u64) -> Vec<u8> {
    let line = ErrorLine {
        line: number,
        error: &e.message,
        kind: e.kind.as_str(),
    };
    serde_json::to_vec(&line).unwrap_or_else(|_| b"{}".to_vec())
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
    let mut solvers = Solvers::new(&cmd.solver);
    let stdin = io::stdin();
    let len = stdin_len();
    let progress = len.map_or_else(Progress::lines, Progress::bytes);
    let mut input = BufReader::with_capacity(1 << 16, stdin.lock());
    let mut output = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut buffer = Vec::new();
    let max_line = max_line_bytes(cmd.solver.limits.memory_cap);
    let mut number: u64 = 0;
    loop {
        if input.buffer().is_empty() {
            // The next read may block: let the reader see every answer so far.
            output.flush()?;
        }
        let (how, read) = read_line_bounded(&mut input, &mut buffer, max_line).map_err(|e| {
            CliError::new(
                Kind::Io,
                format!("cannot read standard input after line {number}: {e}"),
            )
        })?;
        if how == LineRead::End {
            break;
        }
        number += 1;
        progress.inc(if len.is_some() { read } else { 1 });
        let (json, failed) = match how {
            LineRead::TooLong { len } | LineRead::Refused { len } => {
                let why = if matches!(how, LineRead::TooLong { .. }) {
                    "over the limit"
                } else {
                    "and the system refused memory for it, within the limit"
                };
                let e = CliError::invalid(format!(
                    "the line is {len} bytes long, {why} of {max_line} bytes for one batch line \
                     (256 MiB, or --memory-cap when smaller); it was skipped"
                ));
                (error_line(&e, number), Some(e.kind))
            }
            LineRead::End | LineRead::Line => {
                let mut text = trim_newline(&buffer);
                if number == 1 {
                    // A UTF-8 byte-order mark, as some editors write.
                    text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
                }
                answer_line(&mut solvers, text, number)
            }
        };
        if failed.is_some() {
            *all_ok = false;
        }
        output.write_all(&json)?;
        output.write_all(b"\n")?;
    }
    output.flush()?;
    Ok(())
}

/// The longest batch line, in bytes without its newline, with the default memory cap: 256 MiB.
pub const MAX_LINE_BYTES: u64 = 256 << 20;

/// The longest batch line under `--memory-cap` (`None`: the default): [`MAX_LINE_BYTES`], or
/// the memory cap when that is smaller. A longer line is answered with an error line and
/// skipped without being held.
fn max_line_bytes(memory_cap: Option<u64>) -> usize {
    let max = memory_cap.map_or(MAX_LINE_BYTES, |cap| cap.min(MAX_LINE_BYTES));
    usize::try_from(max).unwrap_or(usize::MAX)
}

/// Reads one line: a JSON object naming its game (`"game"`) with the game's parameters as
/// fields, by the game table.
pub fn read_line(text: &[u8]) -> Result<Box<dyn AnyGame>, CliError> {
    if text.iter().all(u8::is_ascii_whitespace) {
        return Err(CliError::invalid("empty line: expected a JSON object"));
    }
    let start = text.iter().position(|b| !b.is_ascii_whitespace());
    if start.is_some_and(|at| text[at] != b'{') {
        // Valid JSON that is not an object (an array would otherwise be
        // read as the fields in order).
        serde_json::from_slice::<serde::de::IgnoredAny>(text).map_err(json_error)?;
        return Err(CliError::invalid(format!(
            "each line must be a JSON object like {EXAMPLE}"
        )));
    }
    let Fields(fields) = serde_json::from_slice(text).map_err(json_error)?;
    let games = table();
    // Every field is `game` or a parameter of some game of the table.
    for (name, _) in &fields {
        let known = name == "game" || games.infos().any(|i| i.param(name).is_some());
        if !known {
            let mut expected = vec!["`game`".to_owned()];
            for info in games.infos() {
                for param in info.params {
                    let quoted = format!("`{}`", param.name);
                    if !expected.contains(&quoted) {
                        expected.push(quoted);
                    }
                }
            }
            return Err(CliError::invalid(format!(
                "invalid line: unknown field `{}`, expected one of {}",
                abbreviate(name),
                expected.join(", ")
            )));
        }
    }
    let field = |name: &str| fields.iter().find(|(n, _)| n == name).map(|(_, v)| *v);
    let Some(game) = field("game") else {
        let names: Vec<String> = games.infos().map(|i| format!("\"{}\"", i.name)).collect();
        return Err(CliError::invalid(format!(
            "missing field `game` ({})",
            names.join(" or ")
        )));
    };
    let game: String = serde_json::from_str(game.get()).map_err(|_| {
        CliError::invalid(format!(
            "`game` must be a string like \"can-i-win\", got {}",
            abbreviate(game.get())
        ))
    })?;
    let Some(entry) = games.find(&game) else {
        return Err(CliError::invalid(format!(
            "unknown game `{}` (known games: {})",
            abbreviate(&game),
            games.names()
        )));
    };
    let info = entry.info();
    for (name, _) in &fields {
        if name != "game" && info.param(name).is_none() {
            return Err(CliError::invalid(format!(
                "field `{name}` does not belong to game `{}`",
                info.name
            )));
        }
    }
    let mut params = Params::new();
    for param in info.params {
        let Some(raw) = field(param.name) else {
            return Err(CliError::invalid(format!(
                "missing field `{}` for game `{}`",
                param.name, info.name
            )));
        };
        let value = match param.kind {
            ParamKind::Integer { .. } => ParamValue::Text(raw.get().to_owned()),
            ParamKind::Values => ParamValue::Values(values_of(param.name, raw.get())?),
        };
        params.set(param.name, value);
    }
    entry.build(&params)
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
/// precise message: item by item, up to the first that is not an integer (issue 23: the items
/// were first collected, 16 bytes each, which could abort on a long line).
fn values_of(name: &str, raw: &str) -> Result<Vec<i64>, CliError> {
    let plain = raw.starts_with('[')
        && raw
            .bytes()
            .all(|b| b.is_ascii_digit() || b"-,[] \t\r\n".contains(&b));
    if plain {
        return parse_values_from_reader(raw.as_bytes()).map_err(values_error);
    }
    let not_an_array = || {
        CliError::invalid(format!(
            "`{name}` must be an array of integers, got {}",
            abbreviate(raw)
        ))
    };
    let mut reader = serde_json::Deserializer::from_str(raw);
    serde::Deserializer::deserialize_seq(&mut reader, ItemByItem).map_err(|_| not_an_array())?
}

/// Reads a JSON array's items as `i64`, keeping the first error (and reading past the rest
/// without keeping them).
struct ItemByItem;

impl<'de> serde::de::Visitor<'de> for ItemByItem {
    type Value = Result<Vec<i64>, CliError>;

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
            match parse_value(item.get(), values.len() + 1) {
                Ok(value) if values.try_reserve(1).is_ok() => values.push(value),
                Ok(_) => {
                    failed = Some(CliError::new(
                        Kind::CannotAnswer,
                        format!(
                            "cannot read the values: the system refused memory for more than {} \
                             values; free some memory",
                            values.len()
                        ),
                    ));
                }
                Err(e) => failed = Some(e),
            }
        }
        Ok(failed.map_or(Ok(values), Err))
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
