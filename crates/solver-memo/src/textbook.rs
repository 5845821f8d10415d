//! The textbook memo over any [`Game`]: the `memo/textbook` variant, the recursion with a memo.
//!
//! Plain recursion (`recursive/negamax`, `recursive/backtrack`) with one change: a position's
//! value is kept in a hash map the first time it is solved and read from it ever after. Its
//! moves are tried in the game's order at every depth ([`Game::moves_into`]) and a position
//! stops at its first move that cannot be beaten, exactly as the recursion does, so it expands
//! the **distinct positions of the recursion tree**, each once and in the order the tree first
//! reaches them, and its **memo hits are the tree's repeated subtrees** (each hit is one place
//! where the tree solves again a position it has solved before). This is the memo the teaching
//! views show (`explain --backend memo`, the page's memo view): its DAG is the recursion tree
//! folded, and nothing else changes.
//!
//! The fast memo kernels ([`crate::can_i_win`], [`crate::predict_the_winner`],
//! [`crate::hash_map`]) search in their own order (Can I Win's largest integers first, leaving
//! out those that lose at once) and reach fewer positions; they stay the backend's automatic
//! choice for solving and `compare`.
//!
//! # Complexity
//!
//! With `S` the distinct positions of the recursion tree (at most those reachable from the
//! start) and `m` the moves per position: time `O(S · m)` game calls; memory one hash-map entry
//! per stored position (as `memo/hash-map`, [`crate::hash_map::map_bytes`], with a flag for the
//! positions that are over, which are kept too) plus `O(depth)`
//! stack frames, on heap-allocated segments for deep games.
//!
//! # Examples
//!
//! ```
//! use gamesolve::{CanIWin, Error, Outcome, core_types::Solver};
//! use gamesolve::backends::solver_memo::textbook::TextbookMemo;
//!
//! // Can I Win 5 11: the recursion expands 34 positions, 17 of them distinct, and solves 9
//! // subtrees again; the textbook memo expands those 17 once and answers the 9 from the memo.
//! let (answer, stats) = TextbookMemo::new().solve_with_stats(&CanIWin::new(5, 11)?)?;
//! assert_eq!(answer.outcome, Outcome::SecondPlayerWins);
//! assert_eq!((stats.positions, stats.memo_hits), (17, 9));
//! # Ok::<(), Error>(())
//! ```
//!
//! # Errors
//!
//! As [`crate::hash_map`]: [`Error::BudgetExhausted`](core_types::Error::BudgetExhausted) (unit `states`) past the state budget;
//! [`Error::TableTooLarge`](core_types::Error::TableTooLarge) when the map's next growth or a stack segment would pass the memory
//! cap; [`Error::AllocationFailed`](core_types::Error::AllocationFailed) when the system refuses the map's growth;
//! [`Error::TimeLimitReached`](core_types::Error::TimeLimitReached) past the time limit; [`Error::NoMoves`](core_types::Error::NoMoves) for a game whose position
//! is neither over nor has a move; [`Error::StackRefused`](core_types::Error::StackRefused) when the system refuses a stack
//! segment.
//!
//! # See also
//!
//! `solver_recursive::negamax` (the same search without the memo: the tree this one folds),
//! [`crate::hash_map`] (the same memo in the game's search order: fewer positions).

use core_types::error::HintPart::Words;
use core_types::{DeadlineClock, Game, Limits, SolverConfig, Variant};
use solver_search::{self as search, Marked, MemoPolicy, Search, SearchNames};

use crate::NAME;

/// The variant's name: `memo/textbook`.
pub const VARIANT: &str = "textbook";

/// The recursion with a hash-map memo, in the game's order; see the [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextbookMemo {
    /// The limits it reads, defaults resolved when a solve starts.
    limits: Limits,
}

impl TextbookMemo {
    /// A solver with the default memory cap and state budget.
    pub const fn new() -> Self {
        TextbookMemo {
            limits: Limits::new(),
        }
    }

    /// A solver with the limits of `config` (or the defaults).
    pub fn from_config(config: &SolverConfig) -> Self {
        TextbookMemo { limits: *config }
    }
}

impl Default for TextbookMemo {
    fn default() -> Self {
        Self::new()
    }
}

/// The `memo/textbook` entry for any game's variant list.
pub const fn variant<G: Game>() -> Variant<G> {
    Variant {
        backend: NAME,
        name: VARIANT,
        summary: "the recursion with a memo (works for any game): recursive's move order and \
                  pruning, one hash-map entry per distinct position of its tree; what explain \
                  and the page show for memo",
        build: |config| Box::new(TextbookMemo::from_config(config)),
    }
}

/// The names its errors carry.
const NAMES: SearchNames = SearchNames {
    who: NAME,
    budget_hint: &[],
    cap_hint: &[Words(
        "; the hash map doubles when it grows (its old and new tables are held together \
               while the entries move) and the recursion's stack segments count too: raise \
               the memory cap, or use a game-specific memo variant",
    )],
};

core_types::kernel! {
    impl<G: Game> Kernel<G> for TextbookMemo = (NAME, VARIANT);
    fn run(this, game, recorder) {
        let start = match search::before_search(game) {
            Ok(start) => start,
            Err(settled) => return Ok(settled),
        };
        // The one generic search, with a hash-map memo, in the game's order at every depth.
        let memo = search::HashMemo::new(
            this.limits.state_budget_or_default(),
            this.limits.memory_cap_or_default(),
        );
        let pace = DeadlineClock::new(this.limits.deadline());
        let mut search = Search::new(
            game,
            memo,
            recorder,
            pace,
            NAMES,
            this.limits.memory_cap_or_default(),
        )
        .in_game_order();
        // Marked scores: a position that is over, kept in the memo so that the game is asked
        // once, is no memo hit (the recursion's tree has no subtree there).
        let (Marked { value, .. }, best) = search.expand(start, 1)?;
        let capacity = MemoPolicy::<G::Position, Marked<G::Value>>::capacity(search.memo());
        let bytes = search::map_bytes::<G::Position, Marked<G::Value>>(capacity);
        let bytes = u64::try_from(bytes).unwrap_or(u64::MAX);
        search.recorder().table(capacity as u64, bytes);
        Ok(game.solution(value, Some(best)))
    }
}
