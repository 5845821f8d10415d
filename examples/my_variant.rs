//! Your own algorithm variant in one file: `tabular/pile-row` for the subtraction game {1, 3, 4}
//! of `examples/subtraction_game.rs` (whose file is used as it is), offered beside the
//! registry's variants by every front end with no other edit.
//!
//! The variant is a [`Kernel`] (the algorithm) and a [`Variant`] entry (its name, summary and
//! constructor) returned by [`ExtraVariants`] for the backend it belongs to. `register!` (which
//! the game's `table_game!` calls) sees the implementation at compile time and lists the
//! variant after the registry's own, so:
//!
//! ```text
//! cargo run --example my_variant -- backends                                 # listed under tabular
//! cargo run --example my_variant -- subtraction-1-3-4 1000 --backend tabular/pile-row --stats
//! cargo run --example my_variant -- compare subtraction-1-3-4 1000 --variants
//! cargo run --example my_variant -- growth subtraction-1-3-4 1000 --variants memo,tabular/pile-row
//! cargo bench --bench variants -- 'subtraction/variants'                    # benched with the others
//! ```
//!
//! `tests/it/my_variant.rs` checks all five (the bench through the list it iterates).

#[path = "subtraction_game.rs"]
#[allow(dead_code)] // its `main` is the app without this variant; ours is below
mod subtraction_game;

use gamesolve::core_types::error::HintPart::Words;
use gamesolve::{
    core_types::{DeadlineClock, Kernel, Recorder, SolverConfig, Variant},
    registry::ExtraVariants,
    Backend, Error, Game, Limits, Verdict,
};
pub use subtraction_game::Subtraction;

/// The variant's name under its backend: `--backend tabular/pile-row`.
pub const PILE_ROW: &str = "pile-row";

/// Who wins from every pile size `0..=stones`, filled upward: a pile is won when a move leads
/// to a lost one. One byte per pile size, refused above the memory cap before anything is
/// allocated; the time limit is read as the row fills.
///
/// # Complexity
///
/// `O(s)` time and `O(s)` bytes for a pile of `s` stones (three moves per size), where the
/// memos recurse `s` deep and `tabular/retrograde` keeps every position's remoteness.
///
/// # Errors
///
/// [`Error::TableTooLarge`] above the memory cap, [`Error::TimeLimitReached`] at the limit.
pub struct PileRow {
    limits: Limits,
}

impl Kernel<Subtraction> for PileRow {
    const BACKEND: &'static str = "tabular";
    const VARIANT: &'static str = PILE_ROW;

    fn run<R: Recorder<Subtraction>>(
        &mut self,
        game: &Subtraction,
        recorder: &mut R,
    ) -> Result<<Subtraction as Game>::Solution, Error> {
        let size = game.stones as usize + 1;
        let memory_cap_bytes = self.limits.memory_cap_or_default();
        if size as u64 > memory_cap_bytes {
            return Err(Error::TableTooLarge {
                backend: Self::BACKEND,
                game: Subtraction::NAME,
                parameter: "stones",
                value: u64::from(game.stones),
                required_bytes: size as u128,
                memory_cap_bytes,
                hint: &[Words(
                    "; memo/indexed keeps one cell per pile size too, with no row to fill",
                )],
            });
        }
        let mut clock = DeadlineClock::new(self.limits.deadline());
        // wins[p]: the player to move with p stones left wins.
        let mut wins = vec![false; size];
        for stones in 1..=game.stones {
            if clock.tick() {
                return Err(clock.deadline().error(Self::BACKEND, Subtraction::NAME));
            }
            wins[stones as usize] = game
                .moves(stones)
                .into_iter()
                .any(|take| !wins[(stones - take) as usize]);
        }
        recorder.positions(size as u64);
        recorder.table(size as u64, size as u64);
        let start = game.stones;
        let value = if wins[start as usize] {
            Verdict::Win
        } else {
            Verdict::Loss
        };
        // The first move (in the game's order) to a lost pile; from a lost pile, the first move
        // (all are equally bad); none from an empty pile.
        let moves = game.moves(start);
        let best = moves
            .iter()
            .copied()
            .find(|&take| !wins[(start - take) as usize])
            .or_else(|| moves.first().copied());
        Ok(game.solution(value, best))
    }
}

/// The game's own variants: `tabular/pile-row`, listed after `tabular`'s generic ones.
impl ExtraVariants for Subtraction {
    fn extra_variants(backend: Backend) -> Vec<Variant<Self>> {
        match backend {
            Backend::Tabular => vec![Variant {
                backend: Backend::Tabular.name(),
                name: PILE_ROW,
                summary: "who wins from every pile size, filled upward: O(stones) time, \
                          one byte per pile size, no recursion",
                build: |limits: &SolverConfig| Box::new(PileRow { limits: *limits }),
            }],
            Backend::Recursive | Backend::Memo | Backend::Reduction => Vec::new(),
        }
    }
}

/// The whole gamesolve app with the game and its variant beside the built-in games.
fn main() -> std::process::ExitCode {
    gamesolve_app::run(gamesolve_app::GameTable::builtin().with::<Subtraction>())
}
