//! The game table's vocabulary: what a front end needs to offer a game by name.
//!
//! A game of a table ([`TableGame`]) says, once, in its own module: its name and title, one
//! line on what it is, its rules in a few sentences for people, its parameters (name, kind,
//! allowed range, help) and example instances ([`GameInfo`]); how an instance is built from
//! its parameters ([`GameParams::from_params`]) and read back ([`GameParams::params`]); and the
//! sentences that say its answer. Every front end reads that one definition: the command
//! line's subcommands and `--help`, `batch` lines, `serve`'s `GET /api/games` and the page's
//! game picker and parameter form.
//!
//! Parameters reach a game as [`Params`]: a front end reads each one by its [`ParamKind`]
//! (one command-line word or JSON number for an [`Integer`](ParamKind::Integer), a list of
//! whole numbers for [`Values`](ParamKind::Values)), and the game validates them with its own
//! messages.
//!
//! # Example
//!
//! ```
//! use gamesolve::games::{GameParams, ParamValue, Params, TableGame};
//! use gamesolve::CanIWin;
//!
//! let info = CanIWin::info();
//! assert_eq!(info.name, "can-i-win");
//! assert_eq!(info.params[0].name, "max_choosable");
//! let params = Params::new()
//!     .with("max_choosable", ParamValue::Text("10".into()))
//!     .with("desired_total", ParamValue::Text("11".into()));
//! let game = CanIWin::from_params(&params)?;
//! assert_eq!(game.params(), params);
//! let bad = Params::new()
//!     .with("max_choosable", ParamValue::Text("65".into()))
//!     .with("desired_total", ParamValue::Text("11".into()));
//! assert!(CanIWin::from_params(&bad).unwrap_err().to_string().contains("1..=64"));
//! # Ok::<(), gamesolve::Error>(())
//! ```

mod can_i_win;
mod cat_and_mouse;
pub mod connect_four;
pub mod growth;
mod params;
pub(crate) mod predict_the_winner;
pub mod values;

pub use params::{
    abbreviate, invalid, range_fits, read_params, rule, write_params, GameParams, ParamType,
    ParamValue, Params,
};

pub use can_i_win::all_totals::{
    self, all_totals_table_bytes, can_i_win_all_totals, can_i_win_all_totals_with_progress,
    AllTotals, ALL_TOTALS_MAX_CHOOSABLE,
};
pub use can_i_win::{can_i_win_from_text, explain_can_i_win, CanIWinReport};
pub use predict_the_winner::{
    explain_predict_the_winner, explain_reduction, explain_reduction_within, IntervalMargins,
    PredictTheWinnerReport, ReductionExplanation, ReductionMerge, ReductionRun,
};

pub use cat_and_mouse::{graph_from_json, CatAndMouseReport};
pub use connect_four::{
    ConnectFour, ConnectFourPosition, ConnectFourReport, ConnectFourScore, ConnectFourSolution,
};

use std::any::Any;

use serde::Serialize;

use crate::analysis::generic::Analyzer;
use crate::analysis::report::Analysis;
use crate::analysis::AnalysisConfig;
use crate::contract::Reported;
use crate::explain::types::{ExplainError, ExplainLimits, TableView};
use crate::{Error, Game, Margin, Outcome, Registered, SolutionOf};

/// The result of a game's parameter sweep ([`TableGame::sweep`]).
#[derive(Clone, Debug)]
pub struct SweepReport {
    /// The JSON of `--json`, its fields in the game's order.
    pub json: Box<serde_json::value::RawValue>,
    /// The text.
    pub text: String,
}

/// What a front end shows and asks of one game: its row of the game table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GameInfo {
    /// The machine name (the game's [`Game::NAME`]): the subcommand, the JSON `game` field.
    pub name: &'static str,
    /// The name people read: `Can I Win`.
    pub title: &'static str,
    /// One line on what the game asks.
    pub summary: &'static str,
    /// The rules in a few sentences, for people who have never played it.
    pub rules: &'static str,
    /// The parameters, in command-line order.
    pub params: &'static [Param],
    /// Example instances as command-line words after the game's name (`10 11`), the first
    /// one a good default for a form.
    pub examples: &'static [&'static str],
    /// A parameter sweep the game offers, if any: every value of one parameter at once.
    pub sweep: Option<Sweep>,
}

/// A parameter sweep: one pass that answers every value of one parameter at once (Can I Win's
/// `--all-totals` answers every total `T` of a pool).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Sweep {
    /// The command-line flag, without its dashes: `all-totals`.
    pub flag: &'static str,
    /// The parameter it sweeps, left out when the flag is given: `desired_total`.
    pub param: &'static str,
    /// One paragraph for `--help`.
    pub help: &'static str,
}

impl GameInfo {
    /// The row of game `G`: its [`Game::NAME`], `title` and its parameters
    /// ([`GameParams::PARAMS`]), with the summary, rules and examples given by the builder
    /// methods below and no sweep.
    ///
    /// ```
    /// use gamesolve::games::{GameInfo, GameParams};
    /// use gamesolve::CanIWin;
    ///
    /// const ROW: GameInfo = GameInfo::of::<CanIWin>("Can I Win")
    ///     .summary("Who wins Can I Win.")
    ///     .examples(&["10 11"]);
    /// assert_eq!((ROW.name, ROW.params.len()), ("can-i-win", 2));
    /// ```
    pub const fn of<G: Game + GameParams>(title: &'static str) -> GameInfo {
        GameInfo {
            name: G::NAME,
            title,
            summary: "",
            rules: "",
            params: G::PARAMS,
            examples: &[],
            sweep: None,
        }
    }

    /// This row with `summary`: one line on what the game asks.
    #[must_use]
    pub const fn summary(mut self, summary: &'static str) -> GameInfo {
        self.summary = summary;
        self
    }

    /// This row with `rules`: the rules in a few sentences, for people.
    #[must_use]
    pub const fn rules(mut self, rules: &'static str) -> GameInfo {
        self.rules = rules;
        self
    }

    /// This row with `examples`: instances as command-line words after the game's name, the
    /// first one a good default for a form.
    #[must_use]
    pub const fn examples(mut self, examples: &'static [&'static str]) -> GameInfo {
        self.examples = examples;
        self
    }

    /// The parameter called `name`.
    pub fn param(&self, name: &str) -> Option<&'static Param> {
        self.params.iter().find(|p| p.name == name)
    }
}

/// One parameter of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Param {
    /// The JSON field and the [`Params`] key: `max_choosable`.
    pub name: &'static str,
    /// How the command line's help shows it: `N`.
    pub value_name: &'static str,
    /// What kind of value it is, and its allowed range.
    #[serde(flatten)]
    pub kind: ParamKind,
    /// One sentence for `--help` and the page's form.
    pub help: &'static str,
}

/// What kind of value a parameter is: how a front end reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ParamKind {
    /// A whole number in `min..=max`: one command-line word, a JSON number. The game reads
    /// the text ([`ParamValue::Text`]) with [`Params::integer`] or its own parser, so a value
    /// beyond any machine integer is still reported as written.
    Integer {
        /// The smallest allowed value.
        min: u64,
        /// The largest allowed value.
        max: u64,
    },
    /// A row of whole numbers (`i64`): the remaining command-line words or `--file PATH|-`
    /// (separated by whitespace and/or commas, `[1,5,233,7]` too), a JSON array
    /// ([`ParamValue::Values`]).
    Values,
    /// A graph as adjacency lists in JSON (`[[2,5],[3],[0,4,5]]`: node `v`'s neighbours at
    /// position `v`): `--NAME JSON` or `--NAME-file PATH|-` on the command line, a JSON array
    /// of arrays in a batch line; the game reads the JSON text ([`ParamValue::Text`]).
    Graph,
    /// A word of text: `--NAME WORD` on the command line, a JSON string (or number) in a
    /// batch line, empty when not given; the game reads and checks it ([`ParamValue::Text`]):
    /// Connect Four's `played`, the columns played (`4453`).
    Text,
}

/// A game of a game table: the vocabulary ([`Game`]), its parameters
/// ([`GameParams`]), its backends' variants ([`Registered`]), its JSON contract ([`Reported`])
/// and table view ([`TableView`]), plus its [`GameInfo`] and the sentences of its answer.
///
/// A user's game declares its parameters with [`table_game!`](crate::table_game), which also
/// writes `GameParams`, `Registered`, `Reported` and (unless told otherwise) `TableView`; it
/// then implements `Game` and this trait's one required item, [`TableGame::INFO`]. Everything
/// else has a default and is overridden only where the game wants to (see the workspace's
/// `examples/subtraction_game.rs`): with it, every front end of `gamesolve_app` (the command
/// line, `batch`, `serve` and the page) offers the game. The words of `play` (its prompts,
/// how it reads a typed move, its phrasing) are no part of the game's description: they live
/// with the front end, in the app's `gamesolve_app::PlayWords`.
pub trait TableGame: GameParams + Registered + Reported + TableView {
    /// The game's row of the table; [`GameInfo::of`] builds it.
    const INFO: GameInfo;

    /// The game's row of the table, [`TableGame::INFO`].
    fn info() -> &'static GameInfo {
        const { &Self::INFO }
    }

    /// The answer in words, one line: "First player wins: take 7". By default the outcome,
    /// with the best first move when the first player wins ("every move loses" when the
    /// second does).
    fn headline(&self, solution: &Self::Solution) -> String {
        let outcome = self.outcome(solution);
        let words = capitalized(&outcome.to_string());
        match (outcome, solution.best_move()) {
            (Outcome::FirstPlayerWins, Some(mv)) => {
                format!("{words}: {}", self.show_move(self.start(), mv))
            }
            (Outcome::SecondPlayerWins, Some(_)) => format!("{words}: every move loses"),
            _ => words,
        }
    }

    /// The answer in a few words, for a table cell: "first wins: take 7". By default the
    /// outcome.
    fn short(&self, solution: &Self::Solution) -> String {
        self.outcome(solution).to_string()
    }

    /// The lines after the headline (each ending in a newline): the instance, the scores,
    /// LeetCode's boolean, the backend. By default the instance and the backend.
    fn details(&self, solution: &Self::Solution, backend: &str) -> String {
        let _ = solution;
        format!("{}; backend {backend}\n", self.describe())
    }

    /// The teaching view of a backend that does not walk the game's positions (no call tree
    /// or table), for `explain`, at most `max_lines` lines per list and within the memory cap
    /// of `limits`; `None` for the others.
    fn own_view(
        &self,
        backend: &str,
        max_lines: usize,
        limits: &ExplainLimits,
    ) -> Option<Result<String, ExplainError>> {
        let _ = (backend, max_lines, limits);
        None
    }

    /// The analysis front ends use for this game (`analyze`, `play`, `serve`'s `/api/play`):
    /// by default [`Registered::default_analyzer`], which [`register!`](crate::register)
    /// (and so [`table_game!`](crate::table_game)) makes
    /// [`Analyzer::indexed`](crate::analysis::generic::Analyzer::indexed) (a dense table, no
    /// hashing) for an [`Indexed`](crate::Indexed) game and
    /// [`Analyzer::new`](crate::analysis::generic::Analyzer::new) (a hash map) for any
    /// other. A game whose positions repeat returns
    /// [`Analyzer::with_values`](crate::analysis::generic::Analyzer::with_values) over the
    /// table a solver filled, since a search does not end on it.
    fn analyzer(&self, config: AnalysisConfig) -> Analyzer<Self> {
        <Self as Registered>::default_analyzer(self, config)
    }

    /// What `mv` earns the player making it at `position`, for a scoring game (whose values
    /// are [`Margin`]s): the running scores of `play` add it up. `None` for a win/lose/draw
    /// game. By default a margin game's move earns its value when the reply is worth nothing
    /// (a margin is what the mover earns now minus the opponent's margin from the reply), and
    /// any other game's earns `None`.
    fn earned(&self, position: Self::Position, mv: Self::Move) -> Option<i128> {
        let zero: &dyn Any = &Margin(0);
        let zero = zero.downcast_ref::<Self::Value>()?;
        let value: &dyn Any = &self.move_value(position, mv, *zero);
        value.downcast_ref::<Margin>().map(|margin| margin.0)
    }

    /// `analyze`: why the principal variation from `position` is left out under `config`, if
    /// it is (a line too costly to walk: Predict the Winner past its table's memory cap).
    /// `None` by default.
    fn principal_variation_omitted(
        &self,
        position: Self::Position,
        config: &AnalysisConfig,
    ) -> Option<String> {
        let _ = (position, config);
        None
    }

    /// `analyze --json`: the object of one analysed position. By default the
    /// [generic report](crate::contract::analysis::GenericAnalysisReport).
    fn analysis_json(&self, analysis: &Analysis<Self>) -> Box<serde_json::value::RawValue> {
        crate::analysis::report::generic_json(self, analysis)
    }

    /// `analyze`: one analysed position in words. By default every move numbered as `play`
    /// lists them, with its value and remoteness, and the principal variation.
    fn analysis_text(&self, analysis: &Analysis<Self>) -> String {
        crate::analysis::report::generic_text(self, analysis)
    }

    /// The game's parameter sweep ([`GameInfo::sweep`]): every value of the swept parameter at
    /// once, as JSON and in words, within `config`; `progress` hears `(done, total)` of its
    /// work. `None` (the default) for a game without a sweep.
    ///
    /// # Errors
    ///
    /// The sweep's limits (memory cap, time limit), as [`Error`]s naming them.
    fn sweep(
        &self,
        config: &AnalysisConfig,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Option<Result<SweepReport, Error>> {
        let _ = (config, progress);
        None
    }

    /// Whether [`TableGame::growth`] gives sizes, so that front ends offer the growth picture
    /// only where there is one (`serve`'s `GET /api/games` and `games --json` say
    /// `"growth"`). By default, whether the game has a whole-number parameter (the default
    /// family varies it: [`growth::by_first_integer_param`]); a game that overrides
    /// [`TableGame::growth`] sets it as its family says.
    const GROWTH: bool = growth::first_integer_param(Self::PARAMS).is_some();

    /// The same game at growing sizes, at most `points` of them (the largest kept), each with
    /// its size, for a picture of how each backend's work grows over the sizes the backends
    /// can solve (a backend stops at its budget). By default
    /// [`growth::by_first_integer_param`]: the first whole-number parameter at sizes about
    /// √2 apart up to this instance's value, the others as given (a subtraction game's pile:
    /// 1, 2, 3, 4, 6, 8, 11, …, its own); empty for a game without one. A game whose first
    /// whole-number parameter is no size (a seed) sets [`TableGame::GROWTH`] to `false`.
    fn growth(&self, points: usize) -> Vec<(u64, Self)> {
        if Self::GROWTH {
            growth::by_first_integer_param(self, points)
        } else {
            Vec::new()
        }
    }

    /// This game's size on the axis of [`TableGame::growth`] (the row's length, the largest
    /// integer), to mark it on the picture. By default the value of its first whole-number
    /// parameter when [`TableGame::GROWTH`] is set.
    fn growth_size(&self) -> Option<u64> {
        if Self::GROWTH {
            growth::first_integer_value(self)
        } else {
            None
        }
    }
}

/// `text` with its first letter in upper case: "first player wins" reads "First player wins".
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The outcome's words in a headline, for games whose answers are only an outcome.
pub fn outcome_headline(outcome: Outcome) -> String {
    capitalized(&outcome.to_string())
}
