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

use std::io::{self, BufReader, BufWriter, Write};

use gamesolve::contract;
use gamesolve::contract::batch::{line_too_long, max_line_bytes};
use gamesolve::games::{GameInfo, Params};
use gamesolve::registry::BackendError;

use super::any_game::{AnyGame, Visitor};
use super::args::SolverArgs;
use super::error::{CliError, Kind, Stop};
use super::input::{read_line_bounded, LineRead};
use super::limits::Flags;
use super::line::{Answer, Solvers};
use super::progress::Progress;
use super::table::GameTable;

/// Arguments of `gamesolve batch`.
#[derive(Debug)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
#[cfg_attr(feature = "cli", command(mut_arg("memory_cap", |arg| arg.help(
    "`memo`, `tabular`: the largest table to allocate, in bytes; suffixes K, M, G (powers of \
     1000) and KiB, MiB, GiB work; also bounds one input line: a line may be at most 256MiB, \
     or this cap when smaller, and a longer one is answered with an `invalid_input` error line \
     and skipped [default: 1GiB]"
))))]
pub struct BatchCmd {
    #[cfg_attr(feature = "cli", command(flatten))]
    solver: SolverArgs,
}

/// The answer line of one input line: the contract object, or `{"line":…,"error":…,"kind":…}`.
/// Returns the JSON text (without the newline) and the error's kind when the line failed.
pub(crate) fn answer_line(
    games: &GameTable,
    solvers: &mut Solvers<'_>,
    text: &[u8],
    number: u64,
) -> (Vec<u8>, Option<Kind>) {
    match solve_line(games, solvers, text).and_then(|answer| to_json(&answer)) {
        Ok(json) => (json, None),
        Err(e) => (error_line(&e, number), Some(e.kind)),
    }
}

/// The answer of one line, its game solved by `solvers` ([`solve_read`]).
pub(crate) fn solve_line(
    games: &GameTable,
    solvers: &mut Solvers<'_>,
    text: &[u8],
) -> Result<Answer, CliError> {
    let (info, params) = read_params(games, text)?;
    solve_read(games, solvers, info, &params)
}

/// The answer of a line already read into its game's row and parameters, solved by the solver
/// kept for its game when the line before was of the same game, else by a new one.
pub(crate) fn solve_read(
    games: &GameTable,
    solvers: &mut Solvers<'_>,
    info: &GameInfo,
    params: &Params,
) -> Result<Answer, CliError> {
    if let Some(answer) = solvers.answer_kept(info.name, params) {
        return answer;
    }
    games
        .game(info.name, params)?
        .visit(Visitor::Solve(solvers))
        .answer()
}

/// A line's answer as JSON text.
pub(crate) fn to_json(answer: &Answer) -> Result<Vec<u8>, CliError> {
    serde_json::to_vec(answer)
        .map_err(|e| CliError::new(Kind::Io, format!("cannot write the answer: {e}")))
}

/// The error line for a line that failed ([`CliError::line_json_in`]), each limit it names
/// worded with its command-line flag too ([`Flags`]: the limits of `batch` are its flags).
pub fn error_line(e: &CliError, number: u64) -> Vec<u8> {
    e.line_json_in(number, &Flags)
}

/// Runs `gamesolve batch`. Returns whether every line was answered.
///
/// When the reader closes standard output early (`gamesolve batch < F |
/// head -1`), the run ends quietly, but a line that failed before still
/// fails it: exit 1 as documented, not 0.
pub fn run(cmd: &BatchCmd, games: &GameTable) -> Result<bool, Stop> {
    let mut all_ok = true;
    match answer_lines(cmd, games, &mut all_ok) {
        Ok(()) => Ok(all_ok),
        Err(Stop::OutputClosed) if !all_ok => Ok(false),
        Err(stop) => Err(stop),
    }
}

/// Answers every line; clears `all_ok` when a line fails.
fn answer_lines(cmd: &BatchCmd, games: &GameTable, all_ok: &mut bool) -> Result<(), Stop> {
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
    let max_line = max_line_bytes(cmd.solver.limits.memory_cap_bytes);
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
                answer_line(games, &mut solvers, text, number)
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
pub(crate) fn read_line(games: &GameTable, text: &[u8]) -> Result<Box<dyn AnyGame>, CliError> {
    let (info, params) = read_params(games, text)?;
    games.game(info.name, &params)
}

/// Reads one line into its game's row and parameters, by the game table
/// ([`gamesolve::contract::batch::read_line`]): the one pass over its bytes.
pub(crate) fn read_params(
    games: &GameTable,
    text: &[u8],
) -> Result<(&'static GameInfo, Params), CliError> {
    let infos: Vec<&'static GameInfo> = games.infos().collect();
    contract::batch::read_line(text, &infos)
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use gamesolve::registry::BackendChoice;
    use gamesolve::Limits;

    use super::*;

    /// One solver is kept for the lines of one game: a line whose game cannot be built leaves
    /// it, and a line of another game or a failed solve (here: past the state budget) drops it.
    #[test]
    fn one_solver_is_kept_for_the_lines_of_a_game() {
        let games = GameTable::builtin();
        let args = SolverArgs {
            backend: Some("memo/hash-map".parse::<BackendChoice>().unwrap()),
            limits: Limits {
                state_budget: Some(1000),
                ..Limits::default()
            }
            .into(),
        };
        let mut solvers = Solvers::new(&args);
        let can_i_win = r#"{"game":"can-i-win","max_choosable":12,"desired_total":40}"#;
        let too_big = r#"{"game":"can-i-win","max_choosable":20,"desired_total":158}"#;
        // Each line, the kind of its error, and the game whose solver is kept after it.
        let steps = [
            (can_i_win, None, Some("can-i-win")),
            (can_i_win, None, Some("can-i-win")),
            (
                r#"{"game":"can-i-win","max_choosable":65,"desired_total":40}"#,
                Some(Kind::InvalidInput),
                Some("can-i-win"),
            ),
            (
                r#"{"game":"predict-the-winner","values":"x"}"#,
                Some(Kind::InvalidInput),
                Some("can-i-win"),
            ),
            (too_big, Some(Kind::CannotAnswer), None),
            (can_i_win, None, Some("can-i-win")),
            (
                r#"{"game":"predict-the-winner","values":[1,5,2]}"#,
                None,
                Some("predict-the-winner"),
            ),
            (too_big, Some(Kind::CannotAnswer), None),
        ];
        for (number, (line, error, kept)) in steps.into_iter().enumerate() {
            let answer = solve_line(&games, &mut solvers, line.as_bytes());
            assert_eq!(answer.err().map(|e| e.kind), error, "line {}", number + 1);
            assert_eq!(solvers.kept_game(), kept, "line {}", number + 1);
        }
    }
}
