//! The app's game table: the games every front end offers (the command line's subcommands,
//! `batch` lines, `serve`'s `GET /api/games` and the page's picker), each read from its
//! [`GameInfo`] and built from its [`Params`].
//!
//! A game enters the table by its type ([`GameTable::with`]); the table keeps, per game, an
//! entry that knows the type, so every command stays one generic function over
//! [`TableGame`] and the table hands out a game of any type as an [`AnyGame`].

use std::marker::PhantomData;
use std::path::PathBuf;
use std::sync::OnceLock;

use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches, Subcommand};
use gamesolve::games::{GameInfo, ParamKind, ParamValue, Params, PositionFlag, TableGame};
use gamesolve::{Backend, CanIWin, CatAndMouse, PredictTheWinner};

use super::error::{CliError, Stop};
use super::input;

/// The games an app offers: the built-in ones, and any a user's crate adds.
///
/// ```no_run
/// # use gamesolve_app::GameTable;
/// // The `gamesolve` program:
/// let code = gamesolve_app::run(GameTable::builtin());
/// // A user's crate adds its own game (see the workspace's `examples/subtraction_game.rs`):
/// // gamesolve_app::run(GameTable::builtin().with::<MyGame>())
/// ```
pub struct GameTable {
    entries: Vec<Box<dyn Entry>>,
}

impl GameTable {
    /// The built-in games, one line each.
    pub fn builtin() -> Self {
        GameTable::empty()
            .with::<CanIWin>()
            .with::<PredictTheWinner>()
            .with::<CatAndMouse>()
    }

    /// No games.
    pub fn empty() -> Self {
        GameTable {
            entries: Vec::new(),
        }
    }

    /// This table and the game `G` (in place of a game of the same name).
    #[must_use]
    pub fn with<G: TableGame>(mut self) -> Self {
        let entry: Box<dyn Entry> = Box::new(EntryOf::<G>(PhantomData));
        match self
            .entries
            .iter_mut()
            .find(|e| e.info().name == G::info().name)
        {
            Some(slot) => *slot = entry,
            None => self.entries.push(entry),
        }
        self
    }

    /// Every game's row, in table order.
    pub fn infos(&self) -> impl Iterator<Item = &'static GameInfo> + '_ {
        self.entries.iter().map(|e| e.info())
    }

    /// Every game's entry, in table order.
    pub(crate) fn entries(&self) -> impl Iterator<Item = &dyn Entry> + '_ {
        self.entries.iter().map(AsRef::as_ref)
    }

    /// The entry of the game called `name`.
    pub(crate) fn find(&self, name: &str) -> Option<&dyn Entry> {
        self.entries
            .iter()
            .find(|e| e.info().name == name)
            .map(AsRef::as_ref)
    }

    /// The names, comma-separated, for messages.
    pub(crate) fn names(&self) -> String {
        self.infos().map(|i| i.name).collect::<Vec<_>>().join(", ")
    }

    /// Builds the game called `name` from `params`.
    pub(crate) fn game(&self, name: &str, params: &Params) -> Result<Box<dyn AnyGame>, CliError> {
        match self.find(name) {
            Some(entry) => entry.build(params),
            None => Err(CliError::invalid(format!(
                "unknown game `{}` (known games: {})",
                input::abbreviate(name),
                self.names()
            ))),
        }
    }
}

/// The table this process runs with: the one given to [`crate::run`], else the built-in one.
pub(crate) fn table() -> &'static GameTable {
    TABLE.get_or_init(GameTable::builtin)
}

/// Makes `games` the process's table, unless one is already in use (a second [`crate::run`]
/// in one process keeps the first).
pub(crate) fn install(games: GameTable) {
    let _ = TABLE.set(games);
}

static TABLE: OnceLock<GameTable> = OnceLock::new();

/// The name the running program is called by (the file name of its path on the command line,
/// as clap names it in `Usage:`): `gamesolve` for the built-in program, the example's or user's
/// binary name otherwise. Help examples and hints are written with it, so a user's app shows
/// its own command lines.
pub(crate) fn program() -> &'static str {
    PROGRAM.get().map_or(BUILTIN_PROGRAM, String::as_str)
}

/// Records the running program's name from its first command-line word (once per process).
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

/// One game of the table, by its type.
pub trait Entry: Send + Sync {
    /// The game's row.
    fn info(&self) -> &'static GameInfo;
    /// The instance with these parameters.
    fn build(&self, params: &Params) -> Result<Box<dyn AnyGame>, CliError>;
    /// The names and summaries of `backend`'s variants for the game in this build.
    fn variants_of(&self, backend: Backend) -> Vec<(&'static str, &'static str)>;
    /// The game's default backend in this build.
    fn default_backend(&self) -> Backend;
    /// The game's own flags naming a position for `analyze`.
    fn position_flags(&self) -> &'static [PositionFlag];
}

struct EntryOf<G>(PhantomData<fn() -> G>);

impl<G: TableGame> Entry for EntryOf<G> {
    fn info(&self) -> &'static GameInfo {
        G::info()
    }

    fn build(&self, params: &Params) -> Result<Box<dyn AnyGame>, CliError> {
        Ok(Box::new(Instance(G::from_params(params)?)))
    }

    fn variants_of(&self, backend: Backend) -> Vec<(&'static str, &'static str)> {
        backend
            .variants::<G>()
            .into_iter()
            .map(|v| (v.name, v.summary))
            .collect()
    }

    fn default_backend(&self) -> Backend {
        Backend::default_for::<G>()
    }

    fn position_flags(&self) -> &'static [PositionFlag] {
        G::position_flags()
    }
}

/// One instance of a game of the table, whatever its type: every command's generic function
/// over [`TableGame`], reached through the table.
pub(crate) trait AnyGame {
    /// `gamesolve GAME ...`: solves it and prints the answer.
    fn solve(&self, args: &super::args::SolverArgs, stats: bool, json: bool) -> Result<(), Stop>;
    /// `gamesolve compare GAME ...`.
    fn compare(&self, cmd: &super::compare::CompareCmd, json: bool) -> Result<(), Stop>;
    /// `gamesolve explain GAME ...`.
    fn explain(&self, view: &super::explain::ViewArgs, json: bool) -> Result<(), Stop>;
    /// `gamesolve analyze GAME ...`.
    fn analyze(&self, flags: &super::generic::AnalyzeFlags, json: bool) -> Result<(), Stop>;
    /// The game's parameter sweep (`can-i-win N --all-totals`).
    fn sweep(&self, limits: &super::analyze::AnalysisLimitArgs, json: bool) -> Result<(), Stop>;
    /// `gamesolve play GAME ...` with the generic rules.
    fn play(&self, flags: &super::generic::PlayFlags) -> Result<(), Stop>;
    /// Hands the game to a line's handler (`batch`, `serve`'s API).
    fn line(&self, handler: &mut super::batch::LineHandler<'_, '_>) -> Result<Vec<u8>, CliError>;
}

struct Instance<G>(G);

impl<G: TableGame> AnyGame for Instance<G> {
    fn solve(&self, args: &super::args::SolverArgs, stats: bool, json: bool) -> Result<(), Stop> {
        super::solve::solve_and_print(&self.0, args, stats, json)
    }

    fn compare(&self, cmd: &super::compare::CompareCmd, json: bool) -> Result<(), Stop> {
        super::compare::compare(&self.0, cmd, json)
    }

    fn explain(&self, view: &super::explain::ViewArgs, json: bool) -> Result<(), Stop> {
        super::explain::show(&self.0, view, json)
    }

    fn analyze(&self, flags: &super::generic::AnalyzeFlags, json: bool) -> Result<(), Stop> {
        super::analyze::analyze(&self.0, flags, json)
    }

    fn sweep(&self, limits: &super::analyze::AnalysisLimitArgs, json: bool) -> Result<(), Stop> {
        super::analyze::sweep(&self.0, limits, json)
    }

    fn play(&self, flags: &super::generic::PlayFlags) -> Result<(), Stop> {
        super::generic::play(&self.0, flags)
    }

    fn line(&self, handler: &mut super::batch::LineHandler<'_, '_>) -> Result<Vec<u8>, CliError> {
        handler.with(&self.0)
    }
}

/// What a command that takes a game adds to each game's subcommand.
pub trait GameFlags: Args + FromArgMatches {
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
    /// Whether the command offers the game this way (every command offers every game).
    fn includes(entry: &dyn Entry) -> bool {
        let _ = entry;
        true
    }
}

/// A game named on the command line, its parameters' words, and the command's own flags.
#[derive(Debug)]
pub struct GameCmd<F> {
    /// The game's name.
    pub name: &'static str,
    /// Each parameter's words, in the game's order.
    words: Vec<(&'static str, Vec<String>)>,
    /// `--file PATH|-`, the values of a game's row of values.
    file: Option<PathBuf>,
    /// `--NAME-file PATH|-` of each graph parameter given so.
    graph_files: Vec<(&'static str, PathBuf)>,
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

    /// The parameters as read from the words (a row of values from the file, read within
    /// `memory_cap` at 8 bytes a value, 1 GiB by default).
    pub fn params_within(&self, memory_cap: Option<u64>) -> Result<Params, CliError> {
        let info = table()
            .find(self.name)
            .map(|e| e.info())
            .ok_or_else(|| CliError::invalid(format!("unknown game `{}`", self.name)))?;
        let mut params = Params::new();
        for param in info.params {
            let words = self
                .words
                .iter()
                .find(|(name, _)| *name == param.name)
                .map(|(_, words)| words.as_slice())
                .unwrap_or_default();
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
                    let file = self
                        .graph_files
                        .iter()
                        .find(|(name, _)| *name == param.name);
                    match (words.first(), file) {
                        (Some(word), _) => ParamValue::Text(word.clone()),
                        (None, Some((_, path))) => {
                            ParamValue::Text(input::text_from_file(path, memory_cap)?)
                        }
                        (None, None) => continue,
                    }
                }
            };
            params.set(param.name, value);
        }
        Ok(params)
    }

    /// The game these words name, its values read within `memory_cap`.
    pub fn game_within(&self, memory_cap: Option<u64>) -> Result<Box<dyn AnyGame>, CliError> {
        table().game(self.name, &self.params_within(memory_cap)?)
    }
}

impl<F: GameFlags> GameCmd<F> {
    /// The game these words name, its values read within the flags' `--memory-cap`.
    pub fn game(&self) -> Result<Box<dyn AnyGame>, CliError> {
        self.game_within(self.flags.memory_cap())
    }
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
fn game_command<F: GameFlags>(entry: &dyn Entry) -> Command {
    let info = entry.info();
    let mut command = Command::new(info.name).allow_negative_numbers(true);
    // Only solving offers the game's parameter sweep.
    let sweep = info.sweep.filter(|_| F::VERB.is_empty());
    let mut has_values = None;
    for param in info.params {
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
                arg.long(param.name).required_unless_present(file)
            }
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
        for flag in entry.position_flags() {
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
                    super::args::parse_usize(text).map(|count| count.to_string())
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
    for (k, words) in info.examples.iter().take(3).enumerate() {
        let flags = F::EXAMPLE_FLAGS.get(k).copied().unwrap_or_default();
        // Flags naming a backend with no algorithm for the game are left out.
        let names_other_backend = flags
            .split_once("--backend ")
            .and_then(|(_, rest)| rest.split(['/', ' ']).next())
            .and_then(|name| name.parse::<Backend>().ok())
            .is_some_and(|backend| entry.variants_of(backend).is_empty());
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

impl<F: GameFlags> Subcommand for GameCmd<F> {
    fn augment_subcommands(mut command: Command) -> Command {
        for entry in table().entries().filter(|e| F::includes(*e)) {
            command = command.subcommand(game_command::<F>(entry));
        }
        command
    }

    fn augment_subcommands_for_update(command: Command) -> Command {
        Self::augment_subcommands(command)
    }

    fn has_subcommand(name: &str) -> bool {
        table().find(name).is_some_and(|e| F::includes(e))
    }
}

impl<F: GameFlags> FromArgMatches for GameCmd<F> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let Some((name, sub)) = matches.subcommand() else {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::MissingSubcommand,
                format!("a game is required: {}\n", table().names()),
            ));
        };
        let Some(entry) = table().find(name) else {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::InvalidSubcommand,
                format!("unknown game `{name}` (known games: {})\n", table().names()),
            ));
        };
        let info = entry.info();
        let words = info
            .params
            .iter()
            .map(|p| {
                let words = sub
                    .get_many::<String>(p.name)
                    .map(|w| w.cloned().collect())
                    .unwrap_or_default();
                (p.name, words)
            })
            .collect();
        let file = sub.try_get_one::<PathBuf>(FILE).ok().flatten().cloned();
        let graph_files = info
            .params
            .iter()
            .filter(|p| p.kind == ParamKind::Graph)
            .filter_map(|p| {
                let path = sub.try_get_one::<PathBuf>(&graph_file_id(p.name)).ok()??;
                Some((p.name, path.clone()))
            })
            .collect();
        let sweep = sub
            .try_get_one::<bool>(SWEEP)
            .ok()
            .flatten()
            .copied()
            .unwrap_or(false);
        let mut flags = F::from_arg_matches(sub)?;
        if F::TAKES_POSITION {
            let position = entry
                .position_flags()
                .iter()
                .filter_map(|flag| {
                    let words = sub.try_get_many::<String>(flag.name).ok().flatten()?;
                    Some((flag.name, words.cloned().collect()))
                })
                .collect();
            flags = flags.with_position(position);
        }
        Ok(GameCmd {
            name: info.name,
            words,
            file,
            graph_files,
            sweep,
            flags,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}
