//! A game's own algorithm variants, beside the ones the registry gives it.

use crate::{Backend, Game, Variant};

/// Algorithm variants of a game's own, listed after the ones [`register!`](crate::register)
/// (or [`table_game!`](crate::table_game), which calls it) gives the game: implement it for
/// your game in the same crate, and every front end that reads the registry offers them with
/// no other edit: `gamesolve backends`, `--backend tabular/<name>`, `compare --variants`,
/// `batch`, the Python-free embedding API and any bench or test that iterates
/// [`all_variants`](crate::all_variants). The registry sees the implementation at compile time
/// (the macro names the game's type), so nothing is registered at run time.
///
/// Each variant's [`Variant::backend`] must be `backend.name()` of the backend it is listed
/// under, and its name must differ from that backend's other variants for the game
/// (`--backend memo/hash-map` finds the first of a name). The built-in games list their
/// variants by hand ([`Registered`](crate::Registered)); this trait is for a game of yours.
///
/// # Examples
///
/// A pile game with a variant of its own under `tabular`: who wins from every pile size,
/// filled upward (`examples/my_variant.rs` is the full version, with the app).
///
/// ```
/// use gamesolve::core_types::{Kernel, Recorder, SolverConfig, Variant};
/// use gamesolve::registry::{BackendChoice, ExtraVariants};
/// use gamesolve::{Backend, Error, Game, Outcome, Solved, Verdict};
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
/// gamesolve::register!(Pile);
///
/// /// Who wins from each pile size `0..=start`, bottom-up.
/// struct Row;
/// impl Kernel<Pile> for Row {
///     const BACKEND: &'static str = "tabular";
///     const VARIANT: &'static str = "row";
///     fn run<R: Recorder<Pile>>(&mut self, game: &Pile, recorder: &mut R) -> Result<Solved<Pile>, Error> {
///         let mut wins = vec![false; game.0 as usize + 1];
///         for p in 1..=game.0 {
///             wins[p as usize] = game.moves(p).iter().any(|&take| !wins[(p - take) as usize]);
///         }
///         recorder.positions(u64::from(game.0) + 1);
///         // A move to a lost pile, else the first move (all lose); none from an empty pile.
///         let moves = game.moves(game.0);
///         let best = moves.iter().copied().find(|&take| !wins[(game.0 - take) as usize]);
///         let best = best.or_else(|| moves.first().copied());
///         let value = if wins[game.0 as usize] { Verdict::Win } else { Verdict::Loss };
///         Ok(game.solution(value, best))
///     }
/// }
///
/// impl ExtraVariants for Pile {
///     fn extra_variants(backend: Backend) -> Vec<Variant<Self>> {
///         match backend {
///             Backend::Tabular => vec![Variant {
///                 backend: "tabular",
///                 name: "row",
///                 summary: "who wins from every pile size, bottom-up: O(pile) time and memory",
///                 build: |_limits: &SolverConfig| Box::new(Row),
///             }],
///             Backend::Recursive | Backend::Memo | Backend::Reduction => Vec::new(),
///         }
///     }
/// }
///
/// if Backend::Tabular.is_available() {
///     let ids: Vec<String> = gamesolve::registry::all_variants::<Pile>().iter().map(|v| v.id()).collect();
///     assert!(ids.contains(&"tabular/row".to_owned()));
///     let mut solver = "tabular/row".parse::<BackendChoice>()?.solver::<Pile>()?;
///     assert_eq!(solver.solve(&Pile(3))?.outcome, Outcome::SecondPlayerWins);
///     assert_eq!(solver.solve(&Pile(4))?.outcome, Outcome::FirstPlayerWins);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait ExtraVariants: Game {
    /// The game's own variants of `backend`, listed after the registry's; called only for
    /// backends this build has.
    fn extra_variants(backend: Backend) -> Vec<Variant<Self>>;
}
