//! `gamesolve analyze GAME …` (the value of every move, remoteness, principal variation) and a
//! game's parameter sweep (`gamesolve can-i-win N --all-totals`), for every game of the table:
//! one generic function each, the analysis and the words the game's (`TableGame::analyzer`,
//! `analysis_json`, `analysis_text`, `sweep`).

use std::time::Duration;

use clap::Args;
use gamesolve::analysis::report::Analysis;
use gamesolve::analysis::AnalysisConfig;
use gamesolve::games::TableGame;

use super::args::{parse_byte_size, parse_count, parse_time_limit};
use super::error::{CliError, Kind, Stop};
use super::generic::{replay, AnalyzeFlags};
use super::progress::Progress;
use super::table::GameCmd;
use super::{write_json, write_text};

/// Arguments of `gamesolve analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeCmd {
    #[command(subcommand)]
    game: GameCmd<AnalyzeFlags>,
    #[command(flatten)]
    pub(crate) json: crate::GlobalJsonFlag,
}

/// The analysis engine's limits.
#[derive(Args, Debug, Clone, Default)]
#[command(next_help_heading = "Limits")]
pub struct AnalysisLimitArgs {
    /// The largest table the analysis allocates, in bytes; suffixes K, M,
    /// G and KiB, MiB, GiB work [default: 1GiB, as for the backends].
    #[arg(long, value_name = "SIZE", value_parser = parse_byte_size, allow_negative_numbers = true)]
    pub memory_cap: Option<u64>,
    /// States the analysis's hash-map memo may store (used when the game has no dense table,
    /// or when its table exceeds the memory cap) [default: 3000000].
    #[arg(long, value_name = "STATES", value_parser = parse_count, allow_negative_numbers = true)]
    pub state_budget: Option<u64>,
    /// The wall-clock time one analysis may take (for `play`, each of the computer's moves),
    /// e.g. 500ms, 2s or 1m 30s; past it the answer is `cannot_answer` naming the limit
    /// [default: no limit].
    #[arg(long, value_name = "DURATION", value_parser = parse_time_limit, allow_negative_numbers = true)]
    pub time_limit: Option<Duration>,
}

impl AnalysisLimitArgs {
    /// The limits given, as the one limits type (no node budget: the analysis has none).
    pub fn limits(&self) -> gamesolve::Limits {
        gamesolve::Limits {
            node_budget: None,
            memory_cap_bytes: self.memory_cap,
            state_budget: self.state_budget,
            time_limit: self.time_limit,
        }
    }

    /// The limits as the engine's configuration.
    pub fn config(&self) -> AnalysisConfig {
        AnalysisConfig::from_limits(&self.limits())
    }
}

/// Runs `gamesolve analyze`.
pub fn run(cmd: &AnalyzeCmd, json: bool) -> Result<(), Stop> {
    cmd.game.game()?.analyze(&cmd.game.flags, json)
}

/// `gamesolve analyze GAME ...`: the position the flags name (the game's own position flags,
/// or `--moves` from the start), analysed by the game's analyzer, in the game's words.
pub fn analyze<G: TableGame>(game: &G, flags: &AnalyzeFlags, json: bool) -> Result<(), Stop> {
    let by_flags = game.position_from_flags(&flags.position)?;
    if by_flags.is_some() && !flags.moves.is_empty() {
        return Err(CliError::new(
            Kind::Usage,
            "`--moves` and the game's own position flags both name a position: give one",
        )
        .into());
    }
    let (position, moves_made) = match by_flags {
        Some(found) => found,
        None => (replay(game, &flags.moves)?, flags.moves.len()),
    };
    let big = game.is_big(gamesolve::Backend::Memo);
    let progress = Progress::spinner_if(big, "analyzing");
    let analysis = Analysis::of(
        game,
        position,
        moves_made,
        flags.moves.clone(),
        flags.limits.config(),
    )?;
    drop(progress);
    if json {
        write_json(&game.analysis_json(&analysis))
    } else {
        write_text(&crate::term::fit(&game.analysis_text(&analysis)))
    }
}

/// `gamesolve analyze GAME ... --moves ... --json` as bytes: the position after `moves` from
/// the start, analysed under `limits` (for the Python module's `analyze`).
///
/// # Errors
///
/// As the command: an illegal move, a limit reached.
pub(crate) fn analysis_json<G: TableGame>(
    game: &G,
    moves: Vec<String>,
    limits: AnalysisLimitArgs,
) -> Result<Vec<u8>, CliError> {
    let position = replay(game, &moves)?;
    let made = moves.len();
    let analysis = Analysis::of(game, position, made, moves, limits.config())?;
    serde_json::to_vec(&game.analysis_json(&analysis))
        .map_err(|e| CliError::new(Kind::Io, format!("cannot write the analysis: {e}")))
}

/// Runs a game's parameter sweep ([`gamesolve::games::Sweep`]): Can I Win's all totals, the
/// one the built-in games offer.
pub fn sweep<G: TableGame>(game: &G, limits: &AnalysisLimitArgs, json: bool) -> Result<(), Stop> {
    let mut bar: Option<Progress> = None;
    let mut progress = |done: u64, total: u64| {
        bar.get_or_insert_with(|| Progress::count(total >= 1 << 21, total, "steps"))
            .set(done);
    };
    let Some(report) = game.sweep(&limits.config(), &mut progress) else {
        return Err(
            CliError::new(Kind::Usage, format!("{} has no parameter sweep", G::NAME)).into(),
        );
    };
    let report = report?;
    drop(bar);
    if json {
        write_json(&report.json)
    } else {
        write_text(&crate::term::fit(&report.text))
    }
}
