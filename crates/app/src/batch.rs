//! `gamesolve batch`: many games as JSON Lines on standard input, one JSON
//! line out per line in, in the same order.
//!
//! One solver is built once and reused for every line, so a backend can keep
//! its tables between instances. Output is flushed whenever the next input
//! line is not already buffered, that is before the program could block on
//! reading: a script that writes one line and waits for its answer gets it at
//! once, while a whole file is written in large blocks.
//!
//! A line is read by the library's batch contract ([`gamesolve::contract::batch`]) and
//! answered with the game's contract object or an error line
//! ([`gamesolve::contract::error`]); this module reads standard input and writes the bytes.

use std::any::Any;
use std::io::{self, BufReader, BufWriter, Write};

use clap::Args;
use gamesolve::contract;
use gamesolve::contract::batch::{line_too_long, max_line_bytes};
use gamesolve::games::GameInfo;
use gamesolve::{BackendError, Solver, Stats};

use super::args::SolverArgs;
use super::error::{CliError, Kind, Stop};
use super::input::{read_line_bounded, LineRead};
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

/// The solver of the game of the last line, built on the first line of that game and reused by
/// the lines of that game that follow (with the game's name; it holds a
/// `Box<dyn Solver<G> + Send>`); a line of another game drops it (and the table it keeps), so
/// no line runs short of memory because of an earlier one.
pub struct Solvers<'a> {
    args: std::borrow::Cow<'a, SolverArgs>,
    current: Option<(&'static str, Box<dyn Any + Send>)>,
    /// Whether an answer also carries the game's `headline` (`serve`'s `/api/solve`).
    headline: bool,
}

impl<'a> Solvers<'a> {
    /// No solver yet; each is built with `args` on its game's first line.
    pub fn new(args: &'a SolverArgs) -> Self {
        Solvers {
            args: std::borrow::Cow::Borrowed(args),
            current: None,
            headline: false,
        }
    }

    /// No solver yet, with its own copy of `args` (for a run that outlives them: the embedding
    /// API's [`crate::embed::Batch`]).
    pub fn owned(args: SolverArgs) -> Solvers<'static> {
        Solvers {
            args: std::borrow::Cow::Owned(args),
            current: None,
            headline: false,
        }
    }

    /// Each answer also carries `"headline"`: the game's answer in words, as the command
    /// line prints it ("First player wins: take 7"), for a page that knows no game, and
    /// `"elapsed_seconds"`: the solve's own time.
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
        let started = std::time::Instant::now();
        let answer = if COUNT {
            solver.solve_with_stats(game)
        } else {
            solver
                .solve(game)
                .map(|solution| (solution, Stats::default()))
        };
        let elapsed = started.elapsed();
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
            // The solve's own time, without the HTTP round trip around it.
            json.extend_from_slice(b",\"elapsed_seconds\":");
            serde_json::to_writer(&mut json, &elapsed.as_secs_f64()).map_err(write_error)?;
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
    /// The embedding API's `compare`, `analyze` and `explain` ([`crate::embed`]).
    Embed(&'h mut super::embed::Handler),
}

impl LineHandler<'_, '_> {
    /// Hands `game` to the handler.
    pub fn with<G: CliGame>(&mut self, game: &G) -> Result<Vec<u8>, CliError> {
        match self {
            LineHandler::Solve(solvers) => solvers.with(game),
            #[cfg(feature = "serve")]
            LineHandler::Serve(handler) => handler.with(game),
            LineHandler::Embed(handler) => handler.with(game),
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

/// The error line for a line that failed ([`CliError::line_json`]).
pub fn error_line(e: &CliError, number: u64) -> Vec<u8> {
    e.line_json(number)
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
                let refused = matches!(how, LineRead::Refused { .. });
                let e = line_too_long(len, max_line, refused);
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

/// Reads one line: a JSON object naming its game (`"game"`) with the game's parameters as
/// fields, by the game table ([`gamesolve::contract::batch::read_line`]).
pub fn read_line(text: &[u8]) -> Result<Box<dyn AnyGame>, CliError> {
    let games = table();
    let infos: Vec<&'static GameInfo> = games.infos().collect();
    let (info, params) = contract::batch::read_line(text, &infos)?;
    games.game(info.name, &params)
}

/// Whether batch counts statistics: always, so every line carries real
/// counters. On the 6,020 LeetCode instances counting costs about 8 ms of
/// 70 ms with `tabular` (`docs/GUIDE.md`, "Batch").
const COUNT: bool = true;

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
