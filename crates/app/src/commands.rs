//! The commands that take a game, run on the game table handed down from [`crate::run`]: the
//! games' subcommands of each command ([`with_games`]) and, per command, the game its words
//! name built by the table and handed to the command's generic function (a
//! [`GameCommand`], through [`AnyGame::visit`]).

use clap::Command;

use super::analyze::AnalyzeCmd;
use super::any_game::{AnyGame, GameCommand, Visitor};
use super::compare::{CompareCmd, CompareFlags};
use super::error::Stop;
use super::explain::{ExplainCmd, ViewArgs};
use super::gamecmd::{self, GameCmd, GameRow};
use super::generic::AnalyzeFlags;
use super::growth::{GrowthCmd, GrowthFlags};
use super::play::{self, PlayCmd, PlayFlags};
use super::solve::{self, SolveFlags};
use super::table::GameTable;

/// `command` (the program's, without games) with every game of `games` as a subcommand of the
/// program (solving it), of `compare`, `growth`, `analyze`, `play` and `explain`. The program's own
/// subcommands follow the games, as `gamesolve --help` lists them.
pub(crate) fn with_games(
    command: Command,
    games: &GameTable,
    rest: fn(Command) -> Command,
) -> Command {
    games.with_rows(|rows| {
        let mut command = rest(gamecmd::subcommands::<SolveFlags>(
            command,
            rows.iter().cloned(),
        ));
        command = command
            .mut_subcommand("compare", |c| {
                gamecmd::subcommands::<CompareFlags>(c, rows.iter().cloned())
            })
            .mut_subcommand("growth", |c| {
                // Only the games that give sizes to grow over.
                let grows =
                    |row: &&GameRow<'_>| games.find(row.info.name).is_some_and(|e| e.grows());
                gamecmd::subcommands::<GrowthFlags>(c, rows.iter().filter(grows).cloned())
            })
            .mut_subcommand("analyze", |c| {
                gamecmd::subcommands::<AnalyzeFlags>(c, rows.iter().cloned())
            })
            .mut_subcommand("play", |c| {
                gamecmd::subcommands::<PlayFlags>(c, rows.iter().cloned())
            })
            .mut_subcommand("explain", |c| {
                gamecmd::subcommands::<ViewArgs>(c, rows.iter().cloned())
            });
        command
    })
}

/// `gamesolve GAME ...`: solves the game, or runs its parameter sweep
/// (`can-i-win N --all-totals`).
pub(crate) fn solve(cmd: &GameCmd<SolveFlags>, games: &GameTable, json: bool) -> Result<(), Stop> {
    let game = games.game_for(cmd)?;
    if cmd.sweep {
        let info = games.entry(&cmd.name)?.info();
        let limits = solve::sweep_limits(&cmd.flags);
        return run(
            &*game,
            GameCommand::Sweep {
                limits: &limits,
                json,
            },
        )
        .map_err(|stop| solve::sweep_error(stop, cmd, info));
    }
    run(
        &*game,
        GameCommand::Solve {
            args: &cmd.flags.solver,
            stats: cmd.flags.stats,
            json,
        },
    )
}

/// `gamesolve compare GAME ...`.
pub(crate) fn compare(cmd: &CompareCmd, games: &GameTable, json: bool) -> Result<(), Stop> {
    let game = games.game_of(&cmd.game, cmd.limits.memory_cap_bytes)?;
    run(&*game, GameCommand::Compare { cmd, json })
}

/// `gamesolve growth GAME ...`: a game of the table that gives sizes to grow over
/// ([`gamesolve::TableGame::growth`]), or the error naming the ones that do (`growth` has no
/// subcommand for another game: this holds for a table that changed since).
pub(crate) fn growth(cmd: &GrowthCmd, games: &GameTable, json: bool) -> Result<(), Stop> {
    if !games.entry(&cmd.game.name)?.grows() {
        let growing: Vec<&str> = games
            .entries()
            .filter(|e| e.grows())
            .map(|e| e.info().name)
            .collect();
        return Err(Stop::Error(crate::error::CliError::invalid(format!(
            "`{}` gives no sizes to grow over (its game does not implement \
             `TableGame::growth`); `growth` takes {}",
            cmd.game.name,
            if growing.is_empty() {
                "no game of this program".to_owned()
            } else {
                growing.join(", ")
            }
        ))));
    }
    let game = games.game_of(&cmd.game, cmd.limits.memory_cap_bytes)?;
    run(&*game, GameCommand::Growth { cmd, json })
}

/// `gamesolve explain GAME ...`.
pub(crate) fn explain(cmd: &ExplainCmd, games: &GameTable, json: bool) -> Result<(), Stop> {
    let view = &cmd.game.flags;
    run(
        &*games.game_for(&cmd.game)?,
        GameCommand::Explain { view, json },
    )
}

/// `gamesolve analyze GAME ...`, at the position the game's own flags name (or `--moves`).
pub(crate) fn analyze(cmd: &AnalyzeCmd, games: &GameTable, json: bool) -> Result<(), Stop> {
    let flags = cmd
        .game
        .flags_at(games.entry(&cmd.game.name)?.position_flags());
    run(
        &*games.game_for(&cmd.game)?,
        GameCommand::Analyze {
            flags: &flags,
            json,
        },
    )
}

/// `gamesolve play GAME ...` on standard input and output.
pub(crate) fn play(cmd: &PlayCmd, games: &GameTable) -> Result<(), Stop> {
    play::refuse_values_from_stdin(cmd.game.file())?;
    // The rules lock standard input themselves.
    let flags = &cmd.game.flags;
    run(&*games.game_for(&cmd.game)?, GameCommand::Play { flags })
}

/// Runs `command` on `game`.
fn run(game: &dyn AnyGame, command: GameCommand<'_>) -> Result<(), Stop> {
    game.visit(Visitor::Print(command)).printed()
}
