//! `gamesolve analyze GAME …` (the value of every move, remoteness, principal variation) and a
//! game's parameter sweep (`gamesolve can-i-win N --all-totals`), for every game of the table:
//! one generic function each, the analysis and the words the game's (`TableGame::analyzer`,
//! `analysis_json`, `analysis_text`, `sweep`).

use gamesolve::analysis::report::Analysis;
use gamesolve::analysis::AnalysisConfig;
use gamesolve::games::TableGame;
use gamesolve::Limits;

use super::error::{CliError, Kind, Stop};
use super::gamecmd::GameCmd;
use super::generic::{replay, AnalyzeFlags};
use super::progress::Progress;
use super::stdio::{write_json, write_text};
use super::words::PlayWords;

/// Arguments of `gamesolve analyze`.
#[derive(Debug)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct AnalyzeCmd {
    #[cfg_attr(feature = "cli", command(subcommand))]
    pub(crate) game: GameCmd<AnalyzeFlags>,
    #[cfg_attr(feature = "cli", command(flatten))]
    pub(crate) json: crate::stdio::GlobalJsonFlag,
}

/// `gamesolve analyze GAME ...`: the position the flags name (the game's own position flags,
/// or `--moves` from the start), analysed by the game's analyzer, in the game's words.
pub fn analyze<G: PlayWords>(game: &G, flags: &AnalyzeFlags, json: bool) -> Result<(), Stop> {
    let by_flags = game.position_from_flags(&flags.position)?;
    let moves = super::generic::split_moves(game, &flags.moves);
    if by_flags.is_some() && !moves.is_empty() {
        return Err(CliError::new(
            Kind::Usage,
            "`--moves` and the game's own position flags both name a position: give one",
        )
        .into());
    }
    let (position, moves_made) = match by_flags {
        Some(found) => found,
        None => (replay(game, &moves)?, moves.len()),
    };
    let big = game.is_big(gamesolve::Backend::Memo);
    let progress = Progress::spinner_if(big, "analyzing");
    let analysis = Analysis::of(
        game,
        position,
        moves_made,
        moves,
        AnalysisConfig::from_limits(&flags.limits),
    )?;
    drop(progress);
    if json {
        write_json(&game.analysis_json(&analysis))
    } else {
        let text = game.analysis_text(&analysis);
        // The headline (the first line) in the colour of the position's outcome.
        let (headline, rest) = text.split_once('\n').unwrap_or((&text, ""));
        let coloured = crate::term::outcome(analysis.outcome(), headline);
        write_text(&crate::term::fit(&format!("{coloured}\n{rest}")))
    }
}

/// `gamesolve analyze GAME ... --moves ... --json` as bytes: the position after `moves` from
/// the start, analysed under `limits` (for the Python module's `analyze`).
///
/// # Errors
///
/// As the command: an illegal move, a limit reached.
pub(crate) fn analysis_json<G: PlayWords>(
    game: &G,
    moves: Vec<String>,
    limits: Limits,
) -> Result<Vec<u8>, CliError> {
    let moves = super::generic::split_moves(game, &moves);
    let position = replay(game, &moves)?;
    let made = moves.len();
    let analysis = Analysis::of(
        game,
        position,
        made,
        moves,
        AnalysisConfig::from_limits(&limits),
    )?;
    serde_json::to_vec(&game.analysis_json(&analysis))
        .map_err(|e| CliError::new(Kind::Io, format!("cannot write the analysis: {e}")))
}

/// Runs a game's parameter sweep ([`gamesolve::games::Sweep`]): Can I Win's all totals, the
/// one the built-in games offer.
pub fn sweep<G: TableGame>(game: &G, limits: &Limits, json: bool) -> Result<(), Stop> {
    let mut bar: Option<Progress> = None;
    let mut progress = |done: u64, total: u64| {
        bar.get_or_insert_with(|| Progress::count(total >= 1 << 21, total, "steps"))
            .set(done);
    };
    let Some(report) = game.sweep(&AnalysisConfig::from_limits(limits), &mut progress) else {
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
