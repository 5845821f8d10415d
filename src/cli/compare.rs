//! `gamesolve compare`: every backend this build has, on one game, side by
//! side.

use std::time::{Duration, Instant};

use clap::{Args, Subcommand};
use comfy_table::{presets, CellAlignment, ContentArrangement, Table};
use gamesolve::{Backend, CanIWin, PredictTheWinner, SolverConfig, Stats};
use serde::Serialize;

use super::args::{CanIWinArgs, LimitArgs, PredictTheWinnerArgs};
use super::error::{CliError, Kind, Stop};
use super::progress::Progress;
use super::report::{bytes, duration, Report, Solved};
use super::{write_json, write_text};

/// Arguments of `gamesolve compare`.
#[derive(Args, Debug)]
pub struct CompareCmd {
    #[command(subcommand)]
    game: GameCommand,
    #[command(flatten)]
    limits: LimitArgs,
}

/// The game to compare the backends on.
#[derive(Subcommand, Debug)]
pub enum GameCommand {
    /// Compare the backends on a Can I Win game.
    #[command(allow_negative_numbers = true)]
    #[command(
        after_help = "Examples:\n  gamesolve compare can-i-win 20 158\n  gamesolve compare can-i-win 16 60 --node-budget 100000 --json"
    )]
    CanIWin(CanIWinArgs),
    /// Compare the backends on a Predict the Winner game.
    #[command(allow_negative_numbers = true)]
    #[command(
        after_help = "Examples:\n  gamesolve compare predict-the-winner 1 5 233 7\n  gamesolve compare predict-the-winner --file values.txt --json"
    )]
    PredictTheWinner(PredictTheWinnerArgs),
}

/// One backend's run: its answer and counters, or why it could not answer.
struct Entry<'g> {
    backend: &'static str,
    result: Result<(Solved<'g>, Stats), CliError>,
    elapsed: Duration,
}

/// One element of the `--json` array: the contract object of the answer, or
/// `{"game","backend","error","kind"}`, plus the wall time of the counted
/// run (or of the run until it gave up) in nanoseconds.
#[derive(Serialize)]
struct JsonRow {
    #[serde(flatten)]
    result: JsonResult,
    time_ns: u128,
}

#[derive(Serialize)]
#[serde(untagged)]
enum JsonResult {
    Solved(Report),
    Failed {
        game: &'static str,
        backend: &'static str,
        error: String,
        kind: &'static str,
    },
}

/// The game, parsed once.
enum Game {
    CanIWin(CanIWin),
    PredictTheWinner(PredictTheWinner),
}

impl Game {
    fn name(&self) -> &'static str {
        match self {
            Game::CanIWin(_) => CanIWin::NAME,
            Game::PredictTheWinner(_) => PredictTheWinner::NAME,
        }
    }

    /// Runs one backend, counting, and times it.
    fn run(&self, backend: Backend, config: &SolverConfig) -> Result<Entry<'_>, CliError> {
        let mut solver = backend.solver_with(config)?;
        let solver = solver.as_mut();
        let _progress = Progress::spinner(format!("compare: running {backend}"));
        let start = Instant::now();
        let result = match self {
            Game::CanIWin(g) => solver
                .solve_can_i_win_with_stats(g)
                .map(|(s, stats)| (Solved::CanIWin(g, s), stats)),
            Game::PredictTheWinner(g) => solver
                .solve_predict_the_winner_with_stats(g)
                .map(|(s, stats)| (Solved::PredictTheWinner(g, s), stats)),
        };
        let elapsed = start.elapsed();
        let result = result.map_err(CliError::from);
        Ok(Entry {
            backend: solver.name(),
            result,
            elapsed,
        })
    }
}

/// Runs `gamesolve compare`.
///
/// Exit status: 0 when at least one backend answered and all answers agree;
/// 1 when no backend could answer, or when two backends disagree (a bug).
pub fn run(cmd: &CompareCmd, json: bool) -> Result<(), Stop> {
    let game = match &cmd.game {
        GameCommand::CanIWin(args) => Game::CanIWin(args.game()?),
        GameCommand::PredictTheWinner(args) => Game::PredictTheWinner(args.game()?),
    };
    let config = cmd.limits.config();
    let entries = Backend::available()
        .map(|backend| game.run(backend, &config))
        .collect::<Result<Vec<_>, _>>()?;

    if json {
        let rows: Vec<JsonRow> = entries
            .iter()
            .map(|entry| JsonRow {
                result: match &entry.result {
                    Ok((solved, stats)) => JsonResult::Solved(solved.report(entry.backend, *stats)),
                    Err(e) => JsonResult::Failed {
                        game: game.name(),
                        backend: entry.backend,
                        error: e.message.clone(),
                        kind: e.kind.as_str(),
                    },
                },
                time_ns: entry.elapsed.as_nanos(),
            })
            .collect();
        write_json(&rows)?;
    } else {
        write_text(&table(&entries))?;
    }

    let mut answers = entries.iter().filter_map(|e| {
        e.result
            .as_ref()
            .ok()
            .map(|(solved, _)| (e.backend, solved))
    });
    let Some((first_name, first)) = answers.next() else {
        return Err(Stop::AfterOutput(CliError::new(
            Kind::CannotAnswer,
            "no backend could answer this game (each row gives the reason)",
        )));
    };
    if let Some((name, other)) = answers.find(|(_, answer)| answer != &first) {
        return Err(Stop::AfterOutput(CliError::new(
            Kind::Disagreement,
            format!(
                "backends disagree: `{first_name}` says \"{}\" but `{name}` says \"{}\" \
                 (this is a bug; please report it with the game)",
                first.short(),
                other.short()
            ),
        )));
    }
    Ok(())
}

fn table(entries: &[Entry<'_>]) -> String {
    let mut table = Table::new();
    table
        .load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(120)
        .set_header([
            "backend",
            "answer",
            "time",
            "positions",
            "memo hits",
            "states",
            "table cells",
            "table bytes",
        ]);
    for entry in entries {
        let row = match &entry.result {
            Ok((solved, s)) => [
                entry.backend.to_owned(),
                solved.short(),
                duration(entry.elapsed),
                s.positions.to_string(),
                s.memo_hits.to_string(),
                s.states.to_string(),
                s.table_cells.to_string(),
                bytes(s.table_bytes),
            ],
            Err(e) => {
                let dash = || "-".to_owned();
                [
                    entry.backend.to_owned(),
                    e.message.clone(),
                    duration(entry.elapsed),
                    dash(),
                    dash(),
                    dash(),
                    dash(),
                    dash(),
                ]
            }
        };
        table.add_row(row);
    }
    for index in 2..=7 {
        if let Some(column) = table.column_mut(index) {
            column.set_cell_alignment(CellAlignment::Right);
        }
    }
    format!("{}\n", table.trim_fmt())
}
