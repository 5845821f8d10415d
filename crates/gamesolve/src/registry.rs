//! The one place that knows which backends this build has.
//!
//! Every `#[cfg(feature = …)]` of the facade lives in this module. The rest
//! of the code (and the CLI) sees a [`Backend`] value, which always names
//! every backend gamesolve knows, compiled in or not, so that asking for a
//! missing one gives a precise error instead of "unknown backend".

use core_types::{CanIWin, CatAndMouse, Game, Indexed, PredictTheWinner, Variant};

// The view's data types and the trace's refusal, both below this module (they import
// nothing of the registry): the conversion from the backend's trace is the cfg-gated part.
#[cfg_attr(not(feature = "reduction"), allow(unused_imports))]
use crate::explain::trace::TraceOverflow;
#[cfg_attr(not(feature = "reduction"), allow(unused_imports))]
use crate::games::predict_the_winner::reduction_view::{
    ReductionExplanation, ReductionMerge, ReductionRun,
};

#[cfg(not(any(
    feature = "recursive",
    feature = "memo",
    feature = "tabular",
    feature = "reduction"
)))]
compile_error!(
    "gamesolve needs at least one backend feature. Enable one, for example \
     `cargo build --features tabular`, or in Cargo.toml: \
     gamesolve = { version = \"0.1\", default-features = false, features = [\"tabular\"] }"
);

/// A user's game's own variants, listed after the registry's (see
/// `examples/my_variant.rs`).
pub use crate::extra_variants::ExtraVariants;

/// The backend crates this build has, for their solver types and options
/// (`backends::solver_memo::MemoSolver`, …).
pub mod backends {
    #[cfg(feature = "memo")]
    pub use solver_memo;
    #[cfg(feature = "recursive")]
    pub use solver_recursive;
    #[cfg(feature = "reduction")]
    pub use solver_reduction;
    #[cfg(feature = "tabular")]
    pub use solver_tabular;
}

mod backend;

pub use backend::{Backend, BackendChoice, BackendError};

/// A game whose backends' variants the registry knows.
///
/// The built-in games list every backend's game-specific kernels. Any other game says
/// `gamesolve::register!(MyGame);` (or declares its parameters with
/// [`table_game!`](crate::table_game), which does it): that gives it the generic variants
/// (`recursive/negamax`, `memo/hash-map`, `memo/alpha-beta`, `memo/bounded`, `memo/textbook`,
/// where compiled in) and, when `MyGame` implements
/// [`Indexed`], the indexed ones too (`memo/indexed` first, so `memo` picks the table over the
/// hash map, and `tabular/retrograde`), with no more code. [`Registered::variants_of`] has no
/// default on purpose: an empty `impl Registered for MyGame {}` does not compile, instead of
/// compiling and then refusing `memo/indexed` by name at run time.
pub trait Registered: Game {
    /// The variants `backend` has for this game, its automatic choice first; called only for
    /// backends this build has.
    fn variants_of(backend: Backend) -> Vec<Variant<Self>>;

    /// Advice when `backend` has no algorithm for this game; empty or starting with `"; "`.
    fn not_applicable_hint(backend: Backend) -> &'static str {
        let _ = backend;
        "; the generic variants recursive/negamax, memo/hash-map and memo/alpha-beta solve any game"
    }

    /// The analysis that suits the game's representation, the default of
    /// [`TableGame::analyzer`](crate::TableGame::analyzer): a dense table for an
    /// [`Indexed`] game ([`register!`](crate::register) picks it), a hash map otherwise (this default).
    fn default_analyzer(
        game: &Self,
        config: crate::analysis::AnalysisConfig,
    ) -> crate::analysis::generic::Analyzer<Self> {
        crate::analysis::generic::Analyzer::new(game.clone(), config)
    }
}

/// Registers a game with the backends: `gamesolve::register!(MyGame);` implements
/// [`Registered`] with the generic variants, and, when `MyGame` implements [`Indexed`], the
/// indexed variants ([`indexed_variants_of`]) as well: the macro sees which at compile time.
///
/// ```
/// use gamesolve::{Backend, Game, Solved, Verdict, registry::BackendChoice, core_types::Indexed};
///
/// #[derive(Clone, Debug)]
/// struct Pile(u32);
/// impl Game for Pile {
///     type Position = u32;
///     type Move = u32;
///     type Value = Verdict;
///     type Solution = Solved<Self>;
///     fn start(&self) -> u32 { self.0 }
///     fn terminal_value(&self, p: u32) -> Option<Verdict> { (p == 0).then_some(Verdict::Loss) }
///     fn moves(&self, p: u32) -> Vec<u32> { (1..=p.min(2)).collect() }
///     fn play(&self, p: u32, take: u32) -> u32 { p - take }
/// }
/// impl Indexed for Pile {
///     fn position_count(&self) -> u64 { u64::from(self.0) + 1 }
///     fn index(&self, p: u32) -> usize { p as usize }
/// }
/// gamesolve::register!(Pile);
///
/// if Backend::Memo.is_available() {
///     let mut solver = "memo/indexed".parse::<BackendChoice>()?.solver::<Pile>()?;
///     assert_eq!(solver.solve(&Pile(3))?.outcome, gamesolve::Outcome::SecondPlayerWins);
///     // `memo` alone picks the table too.
///     assert_eq!(Backend::Memo.variants::<Pile>()[0].name, "indexed");
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[macro_export]
macro_rules! register {
    ($game:ty) => {
        impl $crate::Registered for $game {
            fn variants_of(
                backend: $crate::Backend,
            ) -> ::std::vec::Vec<$crate::core_types::Variant<Self>> {
                #[allow(unused_imports)]
                use $crate::__private::{ViaGame as _, ViaIndexed as _};
                (&&$crate::__private::Probe::<Self>::new()).variants_of(backend)
            }

            fn default_analyzer(
                game: &Self,
                config: $crate::analysis::AnalysisConfig,
            ) -> $crate::analysis::generic::Analyzer<Self> {
                #[allow(unused_imports)]
                use $crate::__private::{ViaGame as _, ViaIndexed as _};
                (&&$crate::__private::Probe::<Self>::new()).analyzer(game, config)
            }
        }
    };
}

/// What [`register!`] expands to (not part of the API).
#[doc(hidden)]
pub mod probe;

/// The margins after taking the left and the right end of `values`, in `O(len)` time, from
/// the `reduction` backend when this build has it (the analysis uses it for rows whose decision
/// triangle does not fit its memory cap); its passes stop at `deadline`
/// ([`Error::TimeLimitReached`](crate::Error::TimeLimitReached) naming `reduction`).
pub(crate) fn linear_move_values(
    values: &[i64],
    deadline: crate::Deadline,
) -> Option<Result<(i128, i128), crate::Error>> {
    #[cfg(feature = "reduction")]
    {
        Some(solver_reduction::move_values_until(values, deadline))
    }
    #[cfg(not(feature = "reduction"))]
    {
        let _ = (values, deadline);
        None
    }
}

/// Longest line of the reduction's view: a merge shows four `i128` values (40 characters at
/// most) and two indices (20), a move three values and two indices, with their words.
const REDUCTION_LINE_BYTES: u128 = 256;

/// Bytes the `reduction` backend's traced pass takes for its teaching view of `len` values
/// keeping `keep` lines per list: the pass ([`solver_reduction::traced_bytes`]) and the view's
/// lines and reduced values (a `String` or an `i128` each).
#[cfg(feature = "reduction")]
fn reduction_trace_bytes(len: usize, keep: usize) -> u128 {
    let (rows, lines) = (len as u128, keep as u128);
    let line = std::mem::size_of::<String>() as u128 + REDUCTION_LINE_BYTES;
    solver_reduction::traced_bytes(len, keep)
        + lines.min(rows / 2) * line
        + lines.min(rows) * line
        + lines.saturating_mul(8).min(rows) * 16 * 2
        + lines.min(rows / 2) * std::mem::size_of::<ReductionMerge>() as u128
}

/// The `reduction` backend's traced pass, for its teaching view: the first `keep` merges and
/// moves and `8 × keep` reduced values, refused before it starts when it would take more than
/// `memory_cap_bytes` (or when the system refuses its memory); `None` in a build without
/// `reduction`. The view's types and its entry points
/// ([`explain_reduction_within`](crate::games::explain_reduction_within)) stand above this
/// module; only the cfg-gated conversion from the backend's trace is here.
pub(crate) fn reduction_trace(
    game: &PredictTheWinner,
    keep: usize,
    memory_cap_bytes: u64,
) -> Option<Result<ReductionExplanation, TraceOverflow>> {
    #[cfg(feature = "reduction")]
    {
        let required_bytes = reduction_trace_bytes(game.len(), keep);
        let too_large = |refused_by_system| TraceOverflow {
            required_bytes,
            memory_cap_bytes,
            refused_by_system,
        };
        if required_bytes > u128::from(memory_cap_bytes) {
            return Some(Err(too_large(false)));
        }
        let Ok(trace) = solver_reduction::reduce_traced_first(game.values(), keep) else {
            return Some(Err(too_large(true)));
        };
        let shown = keep.saturating_mul(8).min(trace.reduced.len());
        let run = |r: solver_reduction::trace::Run| ReductionRun {
            first: r.first,
            last: r.last,
            value: r.value,
        };
        Some(Ok(ReductionExplanation {
            len: game.len(),
            row: game.values()[..game.len().min(keep.saturating_mul(8))]
                .iter()
                .map(|&v| i128::from(v))
                .collect(),
            merges: trace.merges.iter().map(ToString::to_string).collect(),
            steps: trace
                .merges
                .iter()
                .map(|m| ReductionMerge {
                    left: run(m.left),
                    peak: run(m.peak),
                    right: run(m.right),
                    result: run(m.result),
                })
                .collect(),
            merge_count: trace.merge_count,
            reduced: trace.reduced[..shown].iter().map(|run| run.value).collect(),
            reduced_len: trace.reduced.len(),
            play: trace.play.iter().map(ToString::to_string).collect(),
            margin: trace.margin,
            values_pushed: game.len() as u64,
        }))
    }
    #[cfg(not(feature = "reduction"))]
    {
        let _ = (game, keep, memory_cap_bytes, REDUCTION_LINE_BYTES);
        None
    }
}

/// Every variant of every backend this build has for `G`, in [`Backend::ALL`] order: the one
/// list that `compare --variants`, the conformance suite and the benches iterate.
pub fn all_variants<G: Registered>() -> Vec<Variant<G>> {
    Backend::available()
        .flat_map(|b| b.variants::<G>())
        .collect()
}

/// The generic variants of `backend` for a game with a dense index ([`Indexed`]): those of
/// any game, `memo/indexed` (a table indexed by position in place of the hash map) and
/// `tabular/retrograde` (the bottom-up pass from the terminal positions backwards).
/// `memo/indexed` comes first: `memo` alone picks the table, which needs no hashing and no
/// growth (the hash map stays by name, for a game whose numbering is far larger than what it
/// reaches). [`register!`](crate::register) offers them to an indexed game with no more code.
///
/// ```
/// use gamesolve::{Backend, CanIWin, registry::indexed_variants_of};
///
/// let memo: Vec<_> = indexed_variants_of::<CanIWin>(Backend::Memo).iter().map(|v| v.name).collect();
/// if Backend::Memo.is_available() {
///     assert_eq!(memo, ["indexed", "hash-map", "alpha-beta", "bounded", "bounded-all-cores", "textbook"]);
/// }
/// ```
pub fn indexed_variants_of<G: Indexed>(backend: Backend) -> Vec<Variant<G>> {
    let mut variants = generic_variants_of(backend);
    #[cfg(feature = "memo")]
    if backend == Backend::Memo {
        variants.insert(0, solver_memo::indexed::variant());
    }
    if backend == Backend::Tabular {
        variants.extend(retrograde_variants());
    }
    variants
}

/// Every move's score at `position` from a retrograde pass over the positions reachable from
/// it (`tabular`'s [`solve_table`](solver_tabular::retrograde::solve_table)), within the memory
/// cap and by the deadline given; [`Error::NoAlgorithm`](crate::Error::NoAlgorithm) in a build
/// without `tabular`.
#[allow(clippy::type_complexity)]
pub(crate) fn retrograde_move_scores<G: Indexed>(
    game: &G,
    position: G::Position,
    memory_cap_bytes: u64,
    deadline: crate::Deadline,
) -> Result<Vec<(G::Move, crate::search::Ranked<G::Value>)>, crate::Error> {
    #[cfg(feature = "tabular")]
    {
        let table = solver_tabular::retrograde::solve_table(
            game,
            position,
            memory_cap_bytes,
            deadline,
            &mut crate::NoStats,
        )?;
        Ok(table.move_scores(game, position))
    }
    #[cfg(not(feature = "tabular"))]
    {
        let _ = (game, position, memory_cap_bytes, deadline);
        Err(crate::Error::NoAlgorithm {
            backend: Backend::Tabular.name(),
            game: G::NAME,
        })
    }
}

/// `tabular/retrograde` by the game's unmoves, when this build has `tabular`.
fn retrograde_by_unmoves<G: core_types::Unmove>() -> Vec<Variant<G>> {
    #[cfg(feature = "tabular")]
    {
        vec![solver_tabular::retrograde::variant_by_unmoves()]
    }
    #[cfg(not(feature = "tabular"))]
    {
        Vec::new()
    }
}

/// `tabular/retrograde` for an indexed game, when this build has `tabular`.
fn retrograde_variants<G: Indexed>() -> Vec<Variant<G>> {
    #[cfg(feature = "tabular")]
    {
        vec![solver_tabular::retrograde::variant()]
    }
    #[cfg(not(feature = "tabular"))]
    {
        Vec::new()
    }
}

/// The generic variants of `backend`, which solve any [`Game`]: `recursive/negamax`, and
/// `memo/hash-map`, `memo/alpha-beta`, `memo/bounded` and `memo/textbook` (where compiled in).
pub fn generic_variants_of<G: Game>(backend: Backend) -> Vec<Variant<G>> {
    match backend {
        #[cfg(feature = "recursive")]
        Backend::Recursive => vec![solver_recursive::negamax::variant()],
        #[cfg(feature = "memo")]
        Backend::Memo => vec![
            solver_memo::hash_map::variant(),
            solver_memo::alpha_beta::variant(),
            solver_memo::bounded::variant(),
            solver_memo::bounded::all_cores_variant(),
            solver_memo::textbook::variant(),
        ],
        #[allow(unreachable_patterns)]
        _ => Vec::new(),
    }
}

/// A game's hand-written memo variants, then `memo/textbook` (the recursion with a memo, which
/// the teaching views show) unless the list has it.
#[cfg(feature = "memo")]
fn with_textbook<G: Game>(variants: &[Variant<G>]) -> Vec<Variant<G>> {
    let mut variants = variants.to_vec();
    if !variants
        .iter()
        .any(|v| v.name == solver_memo::textbook::VARIANT)
    {
        variants.push(solver_memo::textbook::variant());
    }
    variants
}

/// The variant the teaching views run for `choice` on `G`: a bare `memo` (its automatic
/// choice) means `memo/textbook`, the recursion with a memo, whose DAG is the recursion tree
/// folded, rather than the fastest kernel, which searches in an order of its own; any other
/// choice as given.
#[cfg_attr(not(feature = "memo"), allow(clippy::extra_unused_type_parameters))]
pub(crate) fn teaching_choice<G: Registered>(choice: &BackendChoice) -> BackendChoice {
    #[cfg(feature = "memo")]
    if choice.backend == Backend::Memo
        && choice.variant.is_none()
        && Backend::Memo
            .variants::<G>()
            .iter()
            .any(|v| v.name == solver_memo::textbook::VARIANT)
    {
        return BackendChoice {
            backend: Backend::Memo,
            variant: Some(solver_memo::textbook::VARIANT.to_owned()),
        };
    }
    choice.clone()
}

impl Registered for CanIWin {
    fn not_applicable_hint(_backend: Backend) -> &'static str {
        "; `gamesolve backends` lists the backends and variants of each game"
    }

    fn variants_of(backend: Backend) -> Vec<Variant<Self>> {
        match backend {
            #[cfg(feature = "recursive")]
            Backend::Recursive => solver_recursive::can_i_win::VARIANTS.to_vec(),
            #[cfg(feature = "memo")]
            Backend::Memo => with_textbook(solver_memo::can_i_win::VARIANTS),
            #[cfg(feature = "tabular")]
            Backend::Tabular => {
                // The game-specific tables, then the generic retrograde pass.
                let mut variants = solver_tabular::can_i_win::VARIANTS.to_vec();
                variants.push(solver_tabular::retrograde::variant_by_unmoves());
                variants
            }
            #[allow(unreachable_patterns)]
            _ => Vec::new(),
        }
    }
}

impl Registered for PredictTheWinner {
    fn not_applicable_hint(_backend: Backend) -> &'static str {
        "; `gamesolve backends` lists the backends and variants of each game"
    }

    fn variants_of(backend: Backend) -> Vec<Variant<Self>> {
        match backend {
            #[cfg(feature = "recursive")]
            Backend::Recursive => solver_recursive::predict_the_winner::VARIANTS.to_vec(),
            #[cfg(feature = "memo")]
            Backend::Memo => with_textbook(solver_memo::predict_the_winner::VARIANTS),
            #[cfg(feature = "tabular")]
            Backend::Tabular => {
                // The game-specific tables, then the generic retrograde pass.
                let mut variants = solver_tabular::predict_the_winner::VARIANTS.to_vec();
                variants.push(solver_tabular::retrograde::variant_by_unmoves());
                variants
            }
            #[cfg(feature = "reduction")]
            Backend::Reduction => solver_reduction::predict_the_winner::VARIANTS.to_vec(),
            #[allow(unreachable_patterns)]
            _ => Vec::new(),
        }
    }
}

/// The reason every searching backend refuses Cat and Mouse.
const CAT_AND_MOUSE_SEARCH_REFUSED: &str =
    "; positions repeat in cat-and-mouse: plain recursion cannot decide them; use \
     tabular/retrograde";

/// Cat and Mouse's positions repeat: only the bottom-up `tabular/retrograde` decides them. A
/// search (`recursive`, `memo`) would not terminate, or with an "in progress" mark would answer
/// wrong, so those backends have no variant for it and refuse with the reason.
impl Registered for CatAndMouse {
    fn not_applicable_hint(backend: Backend) -> &'static str {
        match backend {
            Backend::Recursive | Backend::Memo | Backend::Tabular => CAT_AND_MOUSE_SEARCH_REFUSED,
            Backend::Reduction => {
                "; reduction solves Predict the Winner only; use tabular/retrograde"
            }
        }
    }

    fn variants_of(backend: Backend) -> Vec<Variant<Self>> {
        match backend {
            Backend::Tabular => retrograde_by_unmoves(),
            Backend::Recursive | Backend::Memo | Backend::Reduction => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests;
