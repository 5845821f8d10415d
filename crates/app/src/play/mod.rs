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

#[cfg(feature = "terminal")]
mod editor;
#[cfg(feature = "serve")]
pub(crate) mod replay;
pub(crate) mod session;

use std::io;
use std::path::Path;

use gamesolve::games::GameInfo;

use super::error::{CliError, Kind, Stop};
use super::gamecmd::{GameCmd, GameFlags};
use super::input::abbreviate;
use super::limits::{Analysis, LimitArgs};
use session::session;

#[cfg(feature = "serve")]
pub use replay::Replay;

/// Arguments of `gamesolve play`: a game of the table, its parameters, and the options.
#[derive(Debug)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct PlayCmd {
    #[cfg_attr(feature = "cli", command(subcommand))]
    pub(crate) game: GameCmd<PlayFlags>,
}

/// Plays `rules` on standard input and output: through the line editor when both are a
/// terminal (the line editor, with the `terminal` feature), else reading lines as they come (scripts and tests pipe moves).
/// Colour follows `--color` and the terminal ([`anstream`]).
pub(crate) fn run_session<R: session::Rules>(rules: R, options: &PlayOptions) -> Result<(), Stop> {
    let mut output = anstream::stdout().lock();
    #[cfg(feature = "terminal")]
    if std::io::IsTerminal::is_terminal(&io::stdin())
        && std::io::IsTerminal::is_terminal(&io::stdout())
    {
        let mut input = editor::Edited::new()?;
        return session(rules, options.first, &mut input, &mut output);
    }
    {
        let stdin = io::stdin();
        let mut input = session::Piped(stdin.lock());
        session(rules, options.first, &mut input, &mut output)
    }
}

#[derive(Debug)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub(crate) struct PlayOptions {
    /// Who moves first; asked at the start when not given.
    #[cfg_attr(feature = "cli", arg(long, value_enum, value_name = "WHO"))]
    pub(crate) first: Option<Starter>,
    #[cfg_attr(feature = "cli", command(flatten))]
    pub(crate) limits: LimitArgs<Analysis>,
}

/// Who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub(crate) enum Starter {
    /// You.
    Human,
    /// The perfect opponent.
    Computer,
}

/// `play` reads the moves from standard input, so a game's values cannot come from it too.
///
/// # Errors
///
/// A usage error when `file` is `-` or the file standard input reads.
pub(crate) fn refuse_values_from_stdin(file: Option<&Path>) -> Result<(), CliError> {
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

/// The flags of `gamesolve play GAME ...`.
#[derive(Debug)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct PlayFlags {
    #[cfg_attr(feature = "cli", command(flatten))]
    pub(crate) options: PlayOptions,
}

impl GameFlags for PlayFlags {
    fn memory_cap(&self) -> Option<u64> {
        self.options.limits.memory_cap_bytes
    }

    const VERB: &'static str = "play";
    const EXAMPLE_FLAGS: &'static [&'static str] = &["", " --first computer"];

    fn about(info: &GameInfo) -> String {
        format!(
            "Play {} against the perfect opponent: type a move as listed, its number in the \
             listing (`#2` where numbers are the game's short forms), or its short form \
             (`help` in the game says which).",
            info.title
        )
    }
}
