//! The app's game table: the games every front end offers (the command line's subcommands,
//! `batch` lines, `serve`'s `GET /api/games` and the page's picker), each read from its
//! [`GameInfo`] and built from its [`Params`].
//!
//! A game enters the table by its type ([`GameTable::with`]); the table keeps, per game, an
//! entry that knows the type, so every command stays one generic function over
//! [`TableGame`](gamesolve::TableGame) (with the words of `play`, [`PlayWords`]) and the
//! table hands out a game of any type as an [`AnyGame`], which hands it to a command's
//! handler with its type ([`crate::any_game`]).

use std::marker::PhantomData;

use gamesolve::games::{GameInfo, Params};
use gamesolve::{Backend, CanIWin, CatAndMouse, ConnectFour, PredictTheWinner};

use super::any_game::{AnyGame, Instance};
use super::error::CliError;
use super::gamecmd::{GameCmd, GameFlags, GameRow};
use super::input;
use super::words::{PlayWords, PositionFlag};

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
            .with::<ConnectFour>()
    }

    /// No games.
    pub fn empty() -> Self {
        GameTable {
            entries: Vec::new(),
        }
    }

    /// This table and the game `G` (in place of a game of the same name): its description
    /// ([`TableGame`](gamesolve::TableGame)) and its words in `play` ([`PlayWords`];
    /// `impl PlayWords for MyGame {}` keeps every default).
    #[must_use]
    pub fn with<G: PlayWords>(mut self) -> Self {
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
        self.entry(name)?.build(params)
    }

    /// The game a command line names, its values read within `memory_cap`.
    pub(crate) fn game_of<F>(
        &self,
        cmd: &GameCmd<F>,
        memory_cap: Option<u64>,
    ) -> Result<Box<dyn AnyGame>, CliError> {
        let entry = self.entry(&cmd.name)?;
        entry.build(&cmd.params_within(entry.info(), memory_cap)?)
    }

    /// The game a command line names, its values read within the flags' `--memory-cap`.
    pub(crate) fn game_for<F: GameFlags>(
        &self,
        cmd: &GameCmd<F>,
    ) -> Result<Box<dyn AnyGame>, CliError> {
        self.game_of(cmd, cmd.flags.memory_cap())
    }

    /// The entry of the game called `name`, or the error naming the known games.
    pub(crate) fn entry(&self, name: &str) -> Result<&dyn Entry, CliError> {
        self.find(name).ok_or_else(|| {
            CliError::invalid(format!(
                "unknown game `{}` (known games: {})",
                input::abbreviate(name),
                self.names()
            ))
        })
    }

    /// Each game's row, for its subcommands ([`crate::gamecmd::subcommands`]), passed to `f`.
    pub(crate) fn with_rows<R>(&self, f: impl FnOnce(Vec<GameRow<'_>>) -> R) -> R {
        let has: Vec<Box<dyn Fn(Backend) -> bool + '_>> = self
            .entries()
            .map(|e| Box::new(move |b: Backend| !e.variants_of(b).is_empty()) as Box<_>)
            .collect();
        let rows = self
            .entries()
            .zip(&has)
            .map(|(e, has_backend)| GameRow {
                info: e.info(),
                position_flags: e.position_flags(),
                has_backend: has_backend.as_ref(),
            })
            .collect();
        f(rows)
    }
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
    /// Whether the game gives sizes to grow over
    /// ([`TableGame::GROWTH`](gamesolve::TableGame::GROWTH)).
    fn grows(&self) -> bool;
}

struct EntryOf<G>(PhantomData<fn() -> G>);

impl<G: PlayWords> Entry for EntryOf<G> {
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

    fn grows(&self) -> bool {
        G::GROWTH
    }
}
