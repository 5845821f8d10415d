//! Memoized negamax over any [`Game`]: the `memo/hash-map` variant.
//!
//! The textbook memo written once against the game vocabulary ([`solver_search`], the one
//! generic search, with a hash-map memo), so every game gets it, a user's own game included: each distinct position is expanded once and its value kept in a
//! hash map; a position reached again is a memo hit. The moves after a position's first
//! winning move are not tried ([`GameValue::is_best_possible`](core_types::GameValue::is_best_possible)).
//!
//! # Complexity
//!
//! With `S` the distinct positions reachable from the start and `m` the moves per position:
//! time `O(S · m)` game calls; memory one map entry per stored position plus `O(depth)` stack
//! frames, on heap-allocated segments for deep games ([`solver_search::stack`]). A time limit
//! costs one tick per expanded position (the clock is read once every 4,096 of them).
//!
//! The memory cap counts what is allocated: the map's table as `hashbrown` lays it out (its
//! power-of-two buckets, each a slot and a control byte, at most 7/8 full) and, while the map
//! doubles, the old table and the new one together; and the stack segments the search maps
//! (1 MiB and two guard pages each). A growth or a segment that would pass the cap is refused
//! before it is asked for: between 1/3 and 2/3 of the cap ends up holding entries, the rest is
//! the room a doubling needs ([`map_bytes`] and [`growth_bytes`] give the figures).
//!
//! # Examples
//!
//! ```
//! use gamesolve::{Error, PredictTheWinner, Stats, core_types::Solver};
//! use gamesolve::backends::solver_memo::hash_map::HashMemo;
//!
//! let mut solver = HashMemo::new();
//! let (answer, stats) = solver.solve_with_stats(&PredictTheWinner::new(vec![1, 5, 233, 7]))?;
//! assert_eq!(answer.margin, 222);
//! assert_eq!(stats.states, 10); // the 4 + 3 + 2 + 1 non-empty intervals
//! # Ok::<(), Error>(())
//! ```
//!
//! # Errors
//!
//! [`Error::BudgetExhausted`](core_types::Error::BudgetExhausted) (unit `states`) when the map would need more states than the
//! state budget allows; [`Error::TableTooLarge`](core_types::Error::TableTooLarge) (parameter `states`, or `depth` for a stack
//! segment) when the map's next growth or a new stack segment would pass the memory cap;
//! [`Error::AllocationFailed`](core_types::Error::AllocationFailed) when the system refuses the map's growth; [`Error::TimeLimitReached`](core_types::Error::TimeLimitReached) when the configured time limit passes first;
//! [`Error::NoMoves`](core_types::Error::NoMoves) for a game whose position is neither over nor has a move;
//! [`Error::StackRefused`](core_types::Error::StackRefused) when the system refuses a new stack segment.
//!
//! # See also
//!
//! `solver_recursive::negamax` (the same search without the memo), and the game-specific
//! tables of this crate ([`crate::can_i_win`], [`crate::predict_the_winner`]), far smaller and
//! faster for the built-in games.

use core_types::error::{Hint, HintPart::Words};
use core_types::{DeadlineClock, Game, Limits, SolverConfig, Variant};
use solver_search::{self as search, MemoPolicy, Plain, Search, SearchNames};

use crate::NAME;

/// Memoized negamax in a hash map; see the [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HashMemo {
    /// The limits it reads, defaults resolved when a solve starts.
    limits: Limits,
}

impl HashMemo {
    /// A solver with the default memory cap and state budget.
    pub const fn new() -> Self {
        HashMemo {
            limits: Limits::new(),
        }
    }

    /// A solver with the limits of `config` (or the defaults).
    pub fn from_config(config: &SolverConfig) -> Self {
        HashMemo { limits: *config }
    }
}

impl Default for HashMemo {
    fn default() -> Self {
        Self::new()
    }
}

/// The `memo/hash-map` entry for any game's variant list.
pub const fn variant<G: Game>() -> Variant<G> {
    Variant {
        backend: NAME,
        name: "hash-map",
        summary: "memoized negamax over the game vocabulary (works for any game): one hash-map \
                  entry per distinct position, up to the state budget and memory cap",
        build: |config| Box::new(HashMemo::from_config(config)),
    }
}

/// Bytes one stored position takes in the map on average right after a growth: the key and
/// value, one control byte, and the map's spare capacity (it grows by doubling at 7/8 full, so
/// up to twice the entries are allocated). A figure for planning; the memory cap is counted on
/// the real tables ([`map_bytes`], [`growth_bytes`]).
pub const fn entry_bytes<G: Game>() -> u64 {
    2 * (std::mem::size_of::<(G::Position, G::Value)>() as u64 + 1)
}

/// Bytes a map of `capacity` (its `capacity()`) holds: its table as `hashbrown` lays it out.
///
/// ```
/// use gamesolve::PredictTheWinner;
/// use gamesolve::backends::solver_memo::hash_map::{growth_bytes, map_bytes};
///
/// // A full table of 2^20 buckets (917,504 entries) and the growth that doubles it.
/// let (now, growth) = (map_bytes::<PredictTheWinner>(917_504), growth_bytes::<PredictTheWinner>(917_504));
/// assert!(now >= (1 << 20) * 17);
/// assert_eq!(growth, now + map_bytes::<PredictTheWinner>(2 * 917_504));
/// ```
pub fn map_bytes<G: Game>(capacity: usize) -> u128 {
    search::map_bytes::<G::Position, Plain<G::Value>>(capacity)
}

/// Bytes held while a full map of `capacity` grows to take one more entry: its table and the
/// one twice as large that its entries move into, both allocated until the move ends.
pub fn growth_bytes<G: Game>(capacity: usize) -> u128 {
    search::growth_bytes::<G::Position, Plain<G::Value>>(capacity)
}

/// The advice of a refusal at the memory cap.
const CAP_HINT: Hint = &[Words(
    "; the hash map doubles when it grows (its old and new tables are held \
                        together while the entries move) and the recursion's stack segments \
                        count too: raise the memory cap, or use a game-specific memo variant",
)];

/// The names its errors carry.
const NAMES: SearchNames = SearchNames {
    who: NAME,
    budget_hint: &[],
    cap_hint: CAP_HINT,
};

core_types::kernel! {
    impl<G: Game> Kernel<G> for HashMemo = (NAME, "hash-map");
    fn run(this, game, recorder) {
        let start = match search::before_search(game) {
            Ok(start) => start,
            Err(settled) => return Ok(settled),
        };
        // The one generic search, with a hash-map memo, paced by the clock.
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
        );
        let (Plain(value), best) = search.expand(start, 1)?;
        let capacity = MemoPolicy::<G::Position, Plain<G::Value>>::capacity(search.memo());
        let bytes = u64::try_from(map_bytes::<G>(capacity)).unwrap_or(u64::MAX);
        search.recorder().table(capacity as u64, bytes);
        Ok(game.solution(value, Some(best)))
    }
}
