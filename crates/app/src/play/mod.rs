//! `gamesolve play …`: a human against the perfect opponent, on standard
//! input and output.
//!
//! The loop is written once over [`Rules`], implemented by each game. The
//! opponent plays the first move of the analysis order (fastest win,
//! slowest loss; largest margin, ties left), so it is deterministic. After
//! the game (or on `quit`), a review lists the moves where the human's play
//! lost value against the best move available.
//!
//! [`Rules`]: session::Rules

mod editor;
#[cfg(feature = "serve")]
pub(crate) mod replay;
pub(crate) mod session;

use std::io::{self, IsTerminal};
use std::path::Path;

use clap::{Args, ValueEnum};

use super::analyze::AnalysisLimitArgs;
use super::error::{CliError, Kind, Stop};
use super::generic::PlayFlags;
use super::input::abbreviate;
use super::table::GameCmd;
use session::session;

#[cfg(feature = "serve")]
pub use replay::Replay;

/// The rules of `play` for `game`, replayable from a list of moves (`serve`'s `/api/play`),
/// with the analysis engine's limits: the generic rules
/// ([`GenericRules`](super::generic::GenericRules)), in the game's own words.
///
/// # Errors
///
/// None today: every game of the table can be played (the `Result` is `serve`'s contract).
#[cfg(feature = "serve")]
pub fn rules_for<G: super::report::CliGame>(
    game: &G,
    config: gamesolve::analysis::AnalysisConfig,
) -> Result<Box<dyn Replay>, CliError> {
    Ok(Box::new(super::generic::GenericRules::new(game, config)))
}

/// Arguments of `gamesolve play`: a game of the table, its parameters, and the options.
#[derive(Args, Debug)]
pub struct PlayCmd {
    #[command(subcommand)]
    game: GameCmd<PlayFlags>,
}

/// Plays `rules` on standard input and output: through the line editor when both are a
/// terminal ([`editor`]), else reading lines as they come (scripts and tests pipe moves).
/// Colour follows `--color` and the terminal ([`anstream`]).
pub(crate) fn run_session<R: session::Rules>(rules: R, options: &PlayOptions) -> Result<(), Stop> {
    let mut output = anstream::stdout().lock();
    if io::stdin().is_terminal() && io::stdout().is_terminal() {
        let mut input = editor::Edited::new()?;
        session(rules, options.first, &mut input, &mut output)
    } else {
        let stdin = io::stdin();
        let mut input = session::Piped(stdin.lock());
        session(rules, options.first, &mut input, &mut output)
    }
}

#[derive(Args, Debug)]
pub(crate) struct PlayOptions {
    /// Who moves first; asked at the start when not given.
    #[arg(long, value_enum, value_name = "WHO")]
    pub(crate) first: Option<Starter>,
    #[command(flatten)]
    pub(crate) limits: AnalysisLimitArgs,
}

/// Who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Starter {
    /// You.
    Human,
    /// The perfect opponent.
    Computer,
}

/// Runs `gamesolve play` on standard input and output.
pub fn run(cmd: &PlayCmd) -> Result<(), Stop> {
    refuse_values_from_stdin(cmd.game.file())?;
    // The rules lock standard input themselves.
    cmd.game.game()?.play(&cmd.game.flags)
}

/// `play` reads the moves from standard input, so a game's values cannot come from it too.
///
/// # Errors
///
/// A usage error when `file` is `-` or the file standard input reads.
fn refuse_values_from_stdin(file: Option<&Path>) -> Result<(), CliError> {
    match file {
        // Reading the values to the end of standard input would
        // leave nothing for the moves (and a terminal would wait).
        Some(path) if path.as_os_str() == "-" => Err(CliError::new(
            Kind::Usage,
            "`play` reads your moves from standard input, so `--file -` cannot read \
             the values from it too: give the values as arguments or in a file",
        )),
        Some(path) if is_stdin(path) => Err(CliError::new(
            Kind::Usage,
            format!(
                "`play` reads your moves from standard input, and `--file {}` is \
                 standard input too, so it cannot read the values from it: give \
                 the values as arguments or in another file",
                abbreviate(&path.display().to_string())
            ),
        )),
        _ => Ok(()),
    }
}

/// Whether `path` is the file standard input reads (`/dev/stdin`, `/proc/self/fd/0`,
/// `/dev/fd/0`, a link to them, or the terminal or pipe itself): the same device and inode as
/// descriptor 0. Elsewhere than Unix, never.
fn is_stdin(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        use std::os::unix::fs::MetadataExt;
        let Ok(fd) = io::stdin().as_fd().try_clone_to_owned() else {
            return false;
        };
        match (std::fs::File::from(fd).metadata(), std::fs::metadata(path)) {
            (Ok(stdin), Ok(file)) => stdin.dev() == file.dev() && stdin.ino() == file.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use gamesolve::analysis::AnalysisConfig;
    use gamesolve::{CanIWin, PredictTheWinner};

    use super::session::Rules;
    use super::*;
    use crate::generic::GenericRules;

    fn run_session<R: Rules>(rules: R, first: Option<Starter>, input: &str) -> String {
        let mut out = Vec::new();
        let mut plain = anstream::StripStream::new(&mut out);
        let result = session(
            rules,
            first,
            &mut session::Piped(input.as_bytes()),
            &mut plain,
        );
        assert!(result.is_ok());
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn can_i_win_human_loses_and_gets_a_review() {
        let game = CanIWin::new(4, 6).unwrap();
        let rules = GenericRules::new(&game, AnalysisConfig::default());
        // (4, 6): 1 wins; 2 lets the computer reach 6 with 4.
        let out = run_session(rules, Some(Starter::Human), "2\n");
        assert!(out.contains("You take 2: total 2 of 6"), "{out}");
        assert!(out.contains("Computer takes 4: total 6 of 6"), "{out}");
        assert!(out.contains("The computer wins"), "{out}");
        assert!(out.contains("1 was better (win in 3)"), "{out}");
    }

    #[test]
    fn predict_the_winner_undo_and_bad_input() {
        let game = PredictTheWinner::new(vec![1, 5, 233, 7]);
        let rules = GenericRules::new(&game, AnalysisConfig::default());
        let out = run_session(rules, None, "y\nsideways\nr\nundo\nl\nl\n");
        assert!(
            out.contains("`sideways` is not a legal move here: type a move as listed"),
            "{out}"
        );
        assert!(out.contains("Took back your last move"), "{out}");
        assert!(out.contains("You win 234 to 12"), "{out}");
        assert!(out.contains("You played perfectly"), "{out}");
    }
}
