//! An [`OwnedGame`] in the game table: with [`OwnedTableGame`], [`Interned<G>`] is a
//! [`TableGame`], so every front end of the app (`solve`, `compare`, `analyze`, `play`,
//! `explain`, `batch`, `serve`) offers it: `GameTable::builtin().with::<Interned<MyGame>>()`.
//!
//! The wrapper takes every default of the table (the answer's sentences, the generic JSON
//! answer, the views, `play`'s words, which read the game's [`OwnedGame::show_move`]): the
//! game's type is the wrapper's, so its own overrides would be impls on a foreign type.

use super::{Interned, OwnedGame};
use crate::analysis::AnalysisConfig;
use crate::contract::{GenericReport, Reported};
use crate::explain::TableView;
use crate::games::{GameInfo, GameParams, Params};
use crate::registry::{generic_variants_of, Backend, Registered};
use crate::{Error, Stats, TableGame};
use core_types::Variant;

/// An [`OwnedGame`] with its parameters ([`GameParams`]) and its row of the game table.
///
/// ```
/// use gamesolve::games::{GameInfo, GameParams, Param, ParamKind, ParamValue, Params};
/// use gamesolve::owned::{Interned, OwnedGame, OwnedTableGame};
/// use gamesolve::{Error, Verdict};
///
/// /// A word; each move drops its last letter; who cannot move loses.
/// #[derive(Clone, Debug)]
/// struct Word(String);
///
/// impl OwnedGame for Word {
///     const NAME: &'static str = "word";
///     type Position = String;
///     type Move = ();
///     type Value = Verdict;
///     fn start(&self) -> String { self.0.clone() }
///     fn terminal_value(&self, w: &String) -> Option<Verdict> {
///         w.is_empty().then_some(Verdict::Loss)
///     }
///     fn moves(&self, _: &String) -> Vec<()> { vec![()] }
///     fn play(&self, w: &String, _: &()) -> String { w[..w.len() - 1].to_owned() }
/// }
///
/// impl GameParams for Word {
///     const PARAMS: &'static [Param] = &[Param {
///         name: "word", value_name: "WORD", kind: ParamKind::Text, help: "The word.",
///     }];
///     fn from_params(params: &Params) -> Result<Self, Error> {
///         Ok(Word(params.text("word")?.to_owned()))
///     }
///     fn params(&self) -> Params {
///         Params::new().with("word", ParamValue::Text(self.0.clone()))
///     }
/// }
///
/// impl OwnedTableGame for Word {
///     const INFO: GameInfo = GameInfo::of::<Interned<Self>>("Word");
/// }
///
/// let params = Params::new().with("word", ParamValue::Text("abc".into()));
/// let game = Interned::<Word>::from_params(&params)?;
/// assert_eq!(gamesolve::solve(&game)?.outcome, gamesolve::Outcome::FirstPlayerWins);
/// # Ok::<(), gamesolve::Error>(())
/// ```
pub trait OwnedTableGame: OwnedGame + GameParams {
    /// The game's row of the table ([`TableGame::INFO`]): built with
    /// `GameInfo::of::<Interned<Self>>(title)`.
    const INFO: GameInfo;
}

/// The wrapped game's parameters; an instance is a new numbering of it.
impl<G: OwnedGame + GameParams> GameParams for Interned<G> {
    const PARAMS: &'static [crate::games::Param] = G::PARAMS;

    fn from_params(params: &Params) -> Result<Self, Error> {
        G::from_params(params).map(Interned::new)
    }

    fn params(&self) -> Params {
        self.game().params()
    }
}

/// The generic variants (`recursive/negamax`, `memo/hash-map`, `memo/alpha-beta`,
/// `memo/bounded`, `memo/textbook`) and the hash-map analysis.
impl<G: OwnedGame> Registered for Interned<G> {
    fn variants_of(backend: Backend) -> Vec<Variant<Self>> {
        generic_variants_of(backend)
    }

    fn default_analyzer(
        game: &Self,
        config: AnalysisConfig,
    ) -> crate::analysis::generic::Analyzer<Self> {
        crate::analysis::generic::Analyzer::new(game.clone(), config)
    }
}

/// The generic JSON answer.
impl<G: OwnedTableGame> Reported for Interned<G> {
    type Report = GenericReport;

    fn report(
        &self,
        solution: &Self::Solution,
        backend: &'static str,
        variant: &'static str,
        kernel: &'static str,
        stats: Stats,
    ) -> GenericReport {
        GenericReport::new(self, solution, backend, variant, kernel, stats)
    }
}

/// The default table view.
impl<G: OwnedGame> TableView for Interned<G> {}

impl<G: OwnedTableGame> TableGame for Interned<G> {
    const INFO: GameInfo = G::INFO;
}
