//! A game named on the command line: each game's subcommand (its parameters, `--file`, its
//! position flags, its examples) for a command with flags `F`, and the words read back from
//! it. The subcommands are built from the game table's rows ([`subcommands`]), which the
//! caller hands in: nothing here knows the table or the commands. The subcommands and their
//! reading are clap's (the `cli` feature, in `parse`); a [`GameCmd`] is a plain value.

use std::path::PathBuf;

use gamesolve::games::{GameInfo, ParamKind, ParamValue, Params};

use crate::words::PositionFlag;
use gamesolve::Backend;

use super::error::CliError;
use super::input;

/// What a game's subcommand is built from: the game's row, its position flags and which
/// backends have an algorithm for it (a row of the game table).
#[derive(Clone)]
pub struct GameRow<'a> {
    /// The game's row.
    pub info: &'static GameInfo,
    /// The game's own flags naming a position (`analyze`).
    pub position_flags: &'static [PositionFlag],
    /// Whether `backend` has an algorithm for the game in this build.
    pub has_backend: &'a dyn Fn(Backend) -> bool,
}

/// What a command that takes a game adds to each game's subcommand (its clap arguments, with
/// the `cli` feature, come from its `clap::Args` derive: `subcommands` asks for them).
pub trait GameFlags: Sized {
    /// The command's words before the game's name (`compare`), empty for solving.
    const VERB: &'static str;
    /// Flags that make each example of the game's help show the command better, in turn.
    const EXAMPLE_FLAGS: &'static [&'static str];
    /// What the game's subcommand does, from the game's row.
    fn about(info: &GameInfo) -> String;
    /// The `--memory-cap` among the flags, which also bounds the values read from a file.
    fn memory_cap(&self) -> Option<u64> {
        None
    }
    /// Whether the command takes the game's own flags naming a position
    /// (`TableGame::position_flags`: `analyze`).
    const TAKES_POSITION: bool = false;
    /// These flags with the words given for the game's position flags (by name).
    #[must_use]
    fn with_position(self, position: Vec<(&'static str, Vec<String>)>) -> Self {
        let _ = position;
        self
    }
}

/// A game named on the command line, its parameters' words, and the command's own flags.
///
/// It is read from the command line without the table (clap has already checked the game's
/// name and arguments against the subcommands the table built); the game's row gives the words
/// their meaning when the game is built ([`GameCmd::params_within`]).
#[derive(Debug)]
pub struct GameCmd<F> {
    /// The game's name.
    pub name: String,
    /// The words of each of the game's own arguments (its parameters and position flags), by
    /// argument id.
    words: Vec<(String, Vec<String>)>,
    /// `--file PATH|-`, the values of a game's row of values.
    file: Option<PathBuf>,
    /// `--NAME-file PATH|-` of each graph parameter given so.
    graph_files: Vec<(String, PathBuf)>,
    /// The game's parameter sweep was asked for (`--all-totals`).
    pub sweep: bool,
    /// The command's own flags.
    pub flags: F,
}

impl<F> GameCmd<F> {
    /// `--file PATH|-`, when given.
    pub fn file(&self) -> Option<&std::path::Path> {
        self.file.as_deref()
    }

    /// The words given for the argument `name`, if any.
    fn words_of(&self, name: &str) -> Option<&[String]> {
        self.words
            .iter()
            .find(|(id, _)| id == name)
            .map(|(_, words)| words.as_slice())
    }

    /// The parameters of the game of row `info` as read from the words (a row of values from
    /// the file, read within `memory_cap` at 8 bytes a value, 1 GiB by default).
    pub fn params_within(
        &self,
        info: &GameInfo,
        memory_cap: Option<u64>,
    ) -> Result<Params, CliError> {
        let mut params = Params::new();
        for param in info.params {
            let words = self.words_of(param.name).unwrap_or_default();
            let swept = self.sweep && info.sweep.is_some_and(|s| s.param == param.name);
            let value = match param.kind {
                // The swept parameter takes every value; the instance has its smallest.
                ParamKind::Integer { min, .. } if swept => ParamValue::Text(min.to_string()),
                ParamKind::Integer { .. } => match words.first() {
                    Some(word) => ParamValue::Text(word.clone()),
                    None => continue,
                },
                ParamKind::Values => {
                    ParamValue::Values(input::values_from(words, self.file(), memory_cap)?)
                }
                ParamKind::Graph => {
                    let file = self.graph_files.iter().find(|(name, _)| name == param.name);
                    match (words.first(), file) {
                        (Some(word), _) => ParamValue::Text(word.clone()),
                        (None, Some((_, path))) => {
                            ParamValue::Text(input::text_from_file(path, memory_cap)?)
                        }
                        (None, None) => continue,
                    }
                }
                // Optional: not given (or taken by the command's own flag of that name, as
                // `analyze`'s `--moves`) is the empty word.
                ParamKind::Text => ParamValue::Text(words.first().cloned().unwrap_or_default()),
            };
            params.set(param.name, value);
        }
        Ok(params)
    }
}

impl<F: GameFlags + Clone> GameCmd<F> {
    /// The command's flags with the words of the game's own `position_flags` (`analyze`).
    pub fn flags_at(&self, position_flags: &'static [PositionFlag]) -> F {
        let flags = self.flags.clone();
        if !F::TAKES_POSITION {
            return flags;
        }
        let position = position_flags
            .iter()
            .filter_map(|flag| Some((flag.name, self.words_of(flag.name)?.to_vec())))
            .collect();
        flags.with_position(position)
    }
}

#[cfg(feature = "cli")]
mod parse;
#[cfg(feature = "cli")]
pub use parse::subcommands;
