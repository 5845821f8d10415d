//! The name the running program is called by, for help text and hints: `gamesolve` for the
//! built-in program, the example's or user's binary name otherwise. It is the process's own
//! name (one per process, as `argv[0]` is), not the game table, which is handed down.

use std::sync::OnceLock;

#[cfg(feature = "cli")]
use clap::Command;

/// The name the running program is called by (the file name of its path on the command line,
/// as clap names it in `Usage:`): `gamesolve` for the built-in program, the example's or user's
/// binary name otherwise. Help examples and hints are written with it, so a user's app shows
/// its own command lines.
pub(crate) fn program() -> &'static str {
    PROGRAM.get().map_or(BUILTIN_PROGRAM, String::as_str)
}

/// Records the running program's name from its first command-line word (once per process).
#[cfg(feature = "cli")]
pub(crate) fn install_program(first_arg: Option<&std::ffi::OsStr>) {
    let name = first_arg
        .map(std::path::Path::new)
        .and_then(std::path::Path::file_stem)
        .and_then(std::ffi::OsStr::to_str)
        .filter(|name| !name.is_empty())
        .unwrap_or(BUILTIN_PROGRAM);
    let _ = PROGRAM.set(name.to_owned());
}

/// The name the help text is written with (`gamesolve`), replaced by [`program`] when the
/// program runs under another name.
pub(crate) const BUILTIN_PROGRAM: &str = "gamesolve";

static PROGRAM: OnceLock<String> = OnceLock::new();

/// `command` with its help examples (every `after_help`, its subcommands' too) and its name
/// written for the running [`program`] instead of `gamesolve`; unchanged for `gamesolve`.
#[cfg(feature = "cli")]
pub(crate) fn for_program(command: Command) -> Command {
    let name = program();
    if name == BUILTIN_PROGRAM {
        return command;
    }
    rename(
        command.name(name.to_owned()).bin_name(name.to_owned()),
        name,
    )
}

#[cfg(feature = "cli")]
fn rename(mut command: Command, name: &str) -> Command {
    let from = format!("{BUILTIN_PROGRAM} ");
    let to = format!("{name} ");
    if let Some(help) = command.get_after_help() {
        let text = help.to_string().replace(&from, &to);
        command = command.after_help(text);
    }
    if let Some(about) = command.get_long_about() {
        let text = about.to_string().replace(&from, &to);
        command = command.long_about(text);
    }
    let names: Vec<String> = command
        .get_subcommands()
        .map(|sub| sub.get_name().to_owned())
        .collect();
    for sub in names {
        command = command.mut_subcommand(sub, |sub| rename(sub, name));
    }
    command
}
