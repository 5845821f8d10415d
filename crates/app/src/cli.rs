//! The `gamesolve` program's command line (the `cli` feature): the arguments read by clap
//! against the app's commands and the game table's games, the command dispatched, and its
//! result turned into output and an exit code in one place: 0 success, 1 a backend gave up (or
//! a batch line failed), 2 usage or validation error. With `--json`, errors are
//! `{"error":…,"kind":…}` on standard output; otherwise the message goes to standard error.

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{FromArgMatches as _, Parser, Subcommand};
use gamesolve::Backend;

use super::error::{CliError, ExitStatus as _, Kind, Stop};
#[cfg(feature = "serve")]
use super::serve;
use super::stdio::{stdout_was_closed, write_json, JsonFlag};
use super::table::GameTable;
use super::{
    analyze, backends, batch, commands, compare, explain, gamecmd, games, growth, guard, limits,
    play, program, solve, stdio, term,
};

/// Solve two-player games exactly (Can I Win, Predict the Winner, Cat and
/// Mouse, and your own), with interchangeable backends.
#[derive(Parser, Debug)]
#[command(
    name = "gamesolve",
    version = version(),
    about,
    long_about = "Solve two-player games exactly (`gamesolve games` lists them), with \
                  interchangeable backends (recursive, memo, tabular, reduction).\n\n\
                  Exit status: 0 success, 1 a backend gave up (or a batch line failed), \
                  2 usage or validation error.",
    arg_required_else_help = true,
    after_help = "Examples:\n  gamesolve can-i-win 10 11\n  gamesolve predict-the-winner 1 5 233 7 --json\n  \
                  gamesolve compare can-i-win 20 158\n\n\
                  `gamesolve COMMAND --help` shows each command's flags and examples."
)]
struct Cli {
    /// Print results, and errors, as one JSON value on standard output (the commands that
    /// print results take it too: `gamesolve can-i-win 10 11 --json`).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    term: term::TermArgs,
    #[command(subcommand)]
    command: Command,
}

/// The commands; each is a verb or a game name.
#[derive(Subcommand, Debug)]
enum Command {
    /// A game of the table: solve it (`gamesolve can-i-win 10 11`). Its subcommands are the
    /// table's ([`commands::with_games`]), read by [`parse`].
    #[command(skip)]
    Game(gamecmd::GameCmd<solve::SolveFlags>),
    /// Run every backend of this build on one game, side by side.
    #[command(after_help = compare::AFTER_HELP)]
    Compare(compare::CompareCmd),
    /// Time the backends over a game's growing sizes, and fit each one's curve (a power or
    /// an exponential, with R²); CSV, JSON and an SVG chart on request.
    #[command(after_help = growth::AFTER_HELP)]
    Growth(growth::GrowthCmd),
    /// Solve JSON Lines from standard input: one JSON line out per line in.
    #[command(
        after_help = "Examples:\n  gamesolve batch < games.jsonl > answers.jsonl\n  gamesolve batch --backend memo < games.jsonl\n  echo '{\"game\":\"can-i-win\",\"max_choosable\":10,\"desired_total\":11}' | gamesolve batch"
    )]
    Batch(batch::BatchCmd),
    /// List the backends, which this build has, and what each is for.
    #[command(after_help = "Examples:\n  gamesolve backends\n  gamesolve backends --json")]
    Backends(JsonFlag),
    /// List the games this program offers: each one's parameters, rules and examples.
    #[command(after_help = "Examples:\n  gamesolve games\n  gamesolve games --json")]
    Games(JsonFlag),
    /// Analyze a position: the value of every move, the remoteness, and the
    /// principal variation (the whole line of perfect play).
    #[command(
        after_help = "Examples:\n  gamesolve analyze can-i-win 20 158\n  gamesolve analyze can-i-win 10 40 --used 3,7 --json\n  gamesolve analyze predict-the-winner 1 5 233 7 --taken-left 1"
    )]
    Analyze(analyze::AnalyzeCmd),
    /// Play against the perfect opponent in the terminal.
    #[command(
        after_help = "Examples:\n  gamesolve play can-i-win 10 25\n  gamesolve play predict-the-winner 1 5 233 7 --first computer"
    )]
    Play(play::PlayCmd),
    /// Show what a backend did on a small instance: its call tree (recursive,
    /// memo), its table in fill order (tabular) or its merges (reduction), optionally as
    /// Graphviz DOT or a step-through HTML page.
    #[command(
        after_help = "Examples:\n  gamesolve explain can-i-win 5 11 --backend memo --dot memo.dot\n  gamesolve explain predict-the-winner 1 5 233 7 --backend tabular\n  gamesolve explain can-i-win 6 12 --backend recursive --depth 2"
    )]
    Explain(explain::ExplainCmd),
    /// Serve the teaching page and its JSON API over HTTP (on 127.0.0.1 unless `--host`
    /// says otherwise) until Ctrl-C.
    #[cfg(feature = "serve")]
    #[command(
        after_help = "Examples:\n  gamesolve serve\n  gamesolve serve --port 0\n  gamesolve serve --host 0.0.0.0 --port 8080 --max-solves 4"
    )]
    Serve(serve::ServeCmd),
}

/// `0.1.0 (+recursive +memo +tabular)`.
fn version() -> String {
    format!(
        "{} ({})",
        env!("CARGO_PKG_VERSION"),
        Backend::feature_flags()
    )
}

/// Parses the process's command line, runs the command on the games of `games` and returns the
/// exit code: the whole `gamesolve` program is `run(GameTable::builtin())`.
///
/// The table is handed down to every command (the command line's subcommands, `batch`,
/// `serve`'s state): a second call in one process runs with its own table.
pub fn run(games: GameTable) -> ExitCode {
    let games = Arc::new(games);
    // Keep the start-up check of standard output linked in from this library.
    #[cfg(target_os = "linux")]
    std::hint::black_box(&stdio::RECORD_STDOUT);
    if stdout_was_closed() {
        // Every command answers on standard output: the answer would be lost.
        let _ = writeln!(
            io::stderr(),
            "error: cannot write standard output: it is closed (Bad file descriptor)"
        );
        return ExitCode::from(Kind::Io.exit_code());
    }
    let args: Vec<OsString> = std::env::args_os().collect();
    program::install_program(args.first().map(OsString::as_os_str));
    // Before parsing, so that clap's help and errors follow `--color` too.
    term::ColorWhen::from_args(&args).install();
    let cli = match parse(&args, &games) {
        Ok(cli) => cli,
        Err(e) => return clap_error(&e, wants_json(&args)),
    };
    let json = cli.json || cli.command.json();
    cli.term.install();
    guard::install();
    match run_command(cli, &games) {
        Ok(code) => code,
        Err(Stop::Error(e)) => report_error(&e, json),
        Err(Stop::AfterOutput(e)) => report_error(&e, false),
        Err(Stop::OutputClosed) => ExitCode::SUCCESS,
        Err(Stop::Interrupted) => ExitCode::from(INTERRUPTED),
        Err(Stop::OutputFailed(e)) => {
            let _ = writeln!(io::stderr(), "error: cannot write standard output: {e}");
            ExitCode::from(Kind::Io.exit_code())
        }
    }
}

/// The program's commands with the games of `games` ([`commands::with_games`]), named and
/// exemplified for the running program ([`program::for_program`]).
fn command(games: &GameTable) -> clap::Command {
    let command = clap::Command::new("gamesolve");
    program::for_program(commands::with_games(
        command,
        games,
        <Cli as clap::Args>::augment_args,
    ))
}

/// The command line read against the app's commands and the games of `games`, in the colours
/// `--color` asks for.
fn parse(args: &[OsString], games: &GameTable) -> Result<Cli, clap::Error> {
    let color = term::ColorWhen::from_args(args).clap();
    let mut command = command(games).color(color);
    let mut matches = command.try_get_matches_from_mut(args)?;
    let game = matches
        .subcommand_name()
        .filter(|name| games.find(name).is_some());
    if game.is_some() {
        // A game's name: solve it (the program's own commands are read by their derive).
        let json = matches.get_flag("json");
        let game =
            gamecmd::GameCmd::from_arg_matches(&matches).map_err(|e| e.format(&mut command))?;
        let term =
            term::TermArgs::from_arg_matches(&matches).map_err(|e| e.format(&mut command))?;
        return Ok(Cli {
            json,
            term,
            command: Command::Game(game),
        });
    }
    <Cli as clap::FromArgMatches>::from_arg_matches_mut(&mut matches)
        .map_err(|e| e.format(&mut command))
}

fn run_command(cli: Cli, games: &Arc<GameTable>) -> Result<ExitCode, Stop> {
    let json = cli.json || cli.command.json();
    match &cli.command {
        Command::Game(cmd) => commands::solve(cmd, games, json)?,
        Command::Compare(cmd) => commands::compare(cmd, games, json)?,
        Command::Growth(cmd) => commands::growth(cmd, games, json)?,
        Command::Batch(_) if cli.json => {
            return Err(usage(
                "`--json` does not apply to `batch`: batch always writes JSON lines, one per \
                 input line; leave `--json` out",
            ))
        }
        Command::Batch(cmd) => {
            if !batch::run(cmd, games)? {
                return Ok(ExitCode::FAILURE);
            }
        }
        Command::Backends(_) => backends::run(games, json)?,
        Command::Games(_) => self::games::run(games, json)?,
        Command::Analyze(cmd) => commands::analyze(cmd, games, json)?,
        Command::Play(_) if cli.json => {
            return Err(usage(
                "`--json` does not apply to `play`, an interactive game in words; leave \
                 `--json` out (`analyze --json` gives every move's value as JSON)",
            ))
        }
        Command::Play(cmd) => commands::play(cmd, games)?,
        Command::Explain(cmd) => commands::explain(cmd, games, json)?,
        #[cfg(feature = "serve")]
        Command::Serve(_) if cli.json => {
            return Err(usage(
                "`--json` does not apply to `serve`: its API always answers JSON; leave \
                 `--json` out",
            ))
        }
        #[cfg(feature = "serve")]
        Command::Serve(cmd) => serve::run(cmd, Arc::clone(games))?,
    }
    Ok(ExitCode::SUCCESS)
}

/// A usage error: a flag that does not apply.
fn usage(message: &str) -> Stop {
    Stop::Error(CliError::new(Kind::Usage, message))
}

impl Command {
    /// Whether the command's own `--json` was given.
    fn json(&self) -> bool {
        match self {
            Command::Game(cmd) => cmd.flags.json.json,
            Command::Compare(cmd) => cmd.json.json,
            Command::Growth(cmd) => cmd.json.json,
            Command::Analyze(cmd) => cmd.json.json,
            Command::Explain(cmd) => cmd.json.json,
            Command::Backends(flag) | Command::Games(flag) => flag.json,
            Command::Batch(_) | Command::Play(_) => false,
            #[cfg(feature = "serve")]
            Command::Serve(_) => false,
        }
    }
}

/// Why `batch`, `play` and `serve` take no `--json`, after clap's "unexpected argument".
/// The exit status of a command the user interrupted (`play`: Ctrl-C twice): 128 + SIGINT,
/// as a shell reports it.
const INTERRUPTED: u8 = 130;

const JSON_REFUSED: &str = ": `batch` always writes JSON lines, `play` is a game in words \
                            (`analyze --json` gives every move's value as JSON), and `serve`'s \
                            API always answers JSON";

/// `--json` anywhere before a `--`, for reporting clap's own errors in JSON.
fn wants_json(args: &[OsString]) -> bool {
    args.iter()
        .skip(1)
        .take_while(|a| *a != "--")
        .any(|a| a == "--json")
}

fn report_error(e: &CliError, json: bool) -> ExitCode {
    // The library names a limit by its `Limits` field; the command line adds its flag.
    if json {
        // Standard output may be gone too; the exit code still tells.
        let _ = write_json(&e.object_in(&limits::Flags));
    } else {
        let _ = writeln!(
            anstream::stderr(),
            "{}",
            term::wrap_error(&format!(
                "{} {}",
                term::error_label(),
                e.worded(&limits::Flags)
            ))
        );
    }
    ExitCode::from(e.kind.exit_code())
}

fn clap_error(e: &clap::Error, json: bool) -> ExitCode {
    use clap::error::ErrorKind as K;
    let informational = matches!(
        e.kind(),
        K::DisplayHelp | K::DisplayVersion | K::DisplayHelpOnMissingArgumentOrSubcommand
    );
    if json && !informational {
        // clap words its errors only by rendering them (no accessor for the sentence alone):
        // the message is the rendering's first paragraph, less its `error: ` label.
        let rendered = e.render().to_string();
        let message = rendered
            .trim()
            .strip_prefix("error: ")
            .unwrap_or(rendered.trim());
        // The first paragraph; usage and tips follow a blank line.
        let message = message.split("\n\n").next().unwrap_or(message);
        let mut message = message.split_whitespace().collect::<Vec<_>>().join(" ");
        let invalid = e.get(clap::error::ContextKind::InvalidArg);
        let unknown_json =
            matches!(invalid, Some(clap::error::ContextValue::String(arg)) if arg == "--json");
        if e.kind() == K::UnknownArgument && unknown_json {
            message.push_str(JSON_REFUSED);
        }
        let _ = write_json(&CliError::new(Kind::Usage, message).object());
    } else if let Err(why) = print_clap(e) {
        // Help or version written nowhere (`--help > /dev/full`) is not a success.
        let _ = writeln!(io::stderr(), "error: cannot write standard output: {why}");
        return ExitCode::from(Kind::Io.exit_code());
    }
    let code = u8::try_from(e.exit_code()).unwrap_or(Kind::Usage.exit_code());
    ExitCode::from(code)
}

/// Prints clap's help, version or error message as `e.print()` does, then flushes, so that
/// a failed write is seen: help and version go to standard output, errors to standard
/// error. A closed pipe (`gamesolve --help | head -1`) is not a failure.
fn print_clap(e: &clap::Error) -> io::Result<()> {
    let result = if e.kind() == clap::error::ErrorKind::DisplayHelp {
        // clap wraps the help to the width but not its usage line: wrap that too.
        let help = term::fit_usage(&e.render().ansi().to_string(), term::help_width());
        let mut out = anstream::stdout().lock();
        out.write_all(help.as_bytes()).and_then(|()| out.flush())
    } else {
        e.print()
    };
    let result = result.and_then(|()| {
        if e.use_stderr() {
            io::stderr().flush()
        } else {
            io::stdout().flush()
        }
    });
    match result {
        Err(why) if why.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_consistent() {
        Cli::command().debug_assert();
        command(&GameTable::builtin()).debug_assert();
    }

    #[test]
    fn json_flag_before_double_dash_only() {
        let args = |list: &[&str]| list.iter().map(OsString::from).collect::<Vec<_>>();
        assert!(wants_json(&args(&["gamesolve", "can-i-win", "--json"])));
        assert!(!wants_json(&args(&[
            "gamesolve",
            "predict-the-winner",
            "--",
            "--json"
        ])));
    }
}
