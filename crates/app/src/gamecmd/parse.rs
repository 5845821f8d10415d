//! Each game's subcommand for a command with flags `F`, built with clap from the game table's
//! rows, and the [`GameCmd`] read back from clap's matches (the `cli` feature).

use std::path::PathBuf;

use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches, Subcommand};
use gamesolve::games::ParamKind;
use gamesolve::Backend;

use super::{GameCmd, GameFlags, GameRow};
use crate::program::program;

/// Every game's subcommand for a command with flags `F`, added to `command` (the table hands
/// in its rows).
pub fn subcommands<'a, F: GameFlags + Args + FromArgMatches>(
    mut command: Command,
    rows: impl IntoIterator<Item = GameRow<'a>>,
) -> Command {
    for row in rows {
        command = command.subcommand(game_command::<F>(&row));
    }
    command
}

/// The argument id of a game's parameter sweep flag.
const SWEEP: &str = "sweep";
/// The argument id of `--file`.
const FILE: &str = "file";

/// The argument id of `--NAME-file` for the graph parameter `name`.
fn graph_file_id(name: &str) -> String {
    format!("{name}_file")
}

/// The subcommand of one game for a command with flags `F`.
fn game_command<F: GameFlags + Args + FromArgMatches>(row: &GameRow<'_>) -> Command {
    let info = row.info;
    let mut command = Command::new(info.name).allow_negative_numbers(true);
    // Only solving offers the game's parameter sweep.
    let sweep = info.sweep.filter(|_| F::VERB.is_empty());
    let mut has_values = None;
    // The command's own argument ids: a game's optional word of the same name gives way to
    // it (`analyze --moves` names the position move by move).
    let own: Vec<String> = F::augment_args(Command::new(""))
        .get_arguments()
        .map(|arg| arg.get_id().to_string())
        .collect();
    for param in info.params {
        if param.kind == ParamKind::Text && own.iter().any(|id| id == param.name) {
            continue;
        }
        let swept = sweep.is_some_and(|s| s.param == param.name);
        let arg = Arg::new(param.name)
            .value_name(param.value_name)
            .help(param.help);
        let arg = match param.kind {
            ParamKind::Integer { .. } if swept => arg.required_unless_present(SWEEP),
            ParamKind::Integer { .. } => arg.required(true),
            ParamKind::Values => {
                has_values = Some(param.name);
                arg.num_args(0..).action(ArgAction::Append)
            }
            ParamKind::Graph => {
                let file = graph_file_id(param.name);
                command = command.arg(
                    Arg::new(file.clone())
                        .long(format!("{}-file", param.name))
                        .value_name("PATH")
                        .value_parser(clap::value_parser!(PathBuf))
                        .conflicts_with(param.name)
                        .help(format!(
                            "Read the {} (JSON) from a file, `-` for standard input",
                            param.name
                        )),
                );
                // Not required: a game with a graph parameter has a default graph (Cat and
                // Mouse: LeetCode 913's first example), and says so in the help.
                arg.long(param.name)
            }
            ParamKind::Text => arg.long(param.name).allow_hyphen_values(true),
        };
        command = command.arg(arg);
    }
    if let Some(values) = has_values {
        command = command.mut_arg(values, |arg| arg.conflicts_with(FILE)).arg(
            Arg::new(FILE)
                .long("file")
                .short('f')
                .value_name("PATH")
                .value_parser(clap::value_parser!(PathBuf))
                .help(if F::VERB == "play" {
                    "Read the values from a file, separated by whitespace and/or commas; \
                     `[1, 5, 233, 7]` works too (not from standard input: `play` reads your \
                     moves from it)."
                } else {
                    "Read the values from a file (`-` for standard input), separated by \
                     whitespace and/or commas; `[1, 5, 233, 7]` works too."
                }),
        );
    }
    if F::TAKES_POSITION {
        // The game's own flags naming a position (`--used 3,7`), besides `--moves`.
        for flag in row.position_flags {
            let mut arg = Arg::new(flag.name)
                .long(flag.name.replace('_', "-"))
                .value_name(flag.value_name)
                .help(flag.help)
                .allow_hyphen_values(true)
                .conflicts_with("moves");
            arg = if flag.list {
                arg.value_delimiter(',').action(ArgAction::Append)
            } else {
                // A count, checked here as every count flag is (the value, why, the range).
                arg.value_parser(|text: &str| {
                    crate::args::parse_usize(text).map(|count| count.to_string())
                })
            };
            command = command.arg(arg);
        }
    }
    // The flags' own doc would be the subcommand's about: the game's row says what it does.
    command = F::augment_args(command)
        .about(F::about(info))
        .long_about(None);
    if let Some(sweep) = sweep {
        // The sweep runs without a backend; the flags that only a backend reads do not apply.
        let excluded = [sweep.param, "stats", "backend", "node_budget"];
        let mut arg = Arg::new(SWEEP)
            .long(sweep.flag)
            .help_heading("Options")
            .action(ArgAction::SetTrue)
            .help(sweep.help);
        for id in excluded {
            if id == sweep.param || command.get_arguments().any(|a| a.get_id() == id) {
                arg = arg.conflicts_with(id);
            }
        }
        command = command.arg(arg).mut_arg("memory_cap", |arg| {
            arg.help(format!(
                "`memo`, `tabular`, and the analysis engine of `--{}`: the largest table to \
                 allocate, in bytes; suffixes K, M, G (powers of 1000) and KiB, MiB, GiB work \
                 [default: 1GiB, the same with `--{}`]",
                sweep.flag, sweep.flag
            ))
        });
    }
    let mut examples = String::from("Examples:");
    // An example with a word wider than the help's lines (a graph's JSON at 40 columns) would
    // overflow them, since a command to copy is never broken inside a word: it is left out
    // there, unless it is the only one.
    let width = crate::term::help_width();
    let fits = |words: &str| words.split(' ').all(|word| word.len() + 2 <= width);
    let shown: Vec<(usize, &&str)> = info.examples.iter().take(3).enumerate().collect();
    let shown: Vec<(usize, &&str)> = if shown.iter().any(|(_, words)| fits(words)) {
        shown.into_iter().filter(|(_, words)| fits(words)).collect()
    } else {
        shown
    };
    for (k, words) in shown {
        let flags = F::EXAMPLE_FLAGS.get(k).copied().unwrap_or_default();
        // Flags naming a backend with no algorithm for the game are left out.
        let names_other_backend = flags
            .split_once("--backend ")
            .and_then(|(_, rest)| rest.split(['/', ' ']).next())
            .and_then(|name| name.parse::<Backend>().ok())
            .is_some_and(|backend| !(row.has_backend)(backend));
        let flags = if names_other_backend { "" } else { flags };
        let verb = if F::VERB.is_empty() {
            String::new()
        } else {
            format!("{} ", F::VERB)
        };
        examples.push_str(&format!(
            "\n  {} {verb}{} {words}{flags}",
            program(),
            info.name
        ));
    }
    command.after_help(examples)
}

impl<F: GameFlags + Args + FromArgMatches> Subcommand for GameCmd<F> {
    /// No subcommand: the games are added by the table ([`subcommands`]).
    fn augment_subcommands(command: Command) -> Command {
        command
    }

    fn augment_subcommands_for_update(command: Command) -> Command {
        command
    }

    /// Never flattened into another command's subcommands: a game's name is read by the
    /// caller that built the subcommands from the table.
    fn has_subcommand(_name: &str) -> bool {
        false
    }
}

impl<F: GameFlags + Args + FromArgMatches> FromArgMatches for GameCmd<F> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let Some((name, sub)) = matches.subcommand() else {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::MissingSubcommand,
                "a game is required (`games` lists them)\n",
            ));
        };
        // The command's own arguments and the ones of this module are not the game's words.
        let own: Vec<String> = F::augment_args(Command::new(""))
            .get_arguments()
            .map(|arg| arg.get_id().to_string())
            .collect();
        let mut words = Vec::new();
        let mut graph_files = Vec::new();
        for id in sub.ids() {
            let id = id.as_str();
            if own.iter().any(|o| o == id) || id == SWEEP || id == FILE {
                continue;
            }
            if let Some(param) = id.strip_suffix("_file") {
                if let Ok(Some(path)) = sub.try_get_one::<PathBuf>(id) {
                    graph_files.push((param.to_owned(), path.clone()));
                    continue;
                }
            }
            if let Ok(Some(values)) = sub.try_get_many::<String>(id) {
                words.push((id.to_owned(), values.cloned().collect()));
            }
        }
        let file = sub.try_get_one::<PathBuf>(FILE).ok().flatten().cloned();
        let sweep = sub
            .try_get_one::<bool>(SWEEP)
            .ok()
            .flatten()
            .copied()
            .unwrap_or(false);
        Ok(GameCmd {
            name: name.to_owned(),
            words,
            file,
            graph_files,
            sweep,
            flags: F::from_arg_matches(sub)?,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}
