//! Memoized negamax over any [`Game`]: the `memo/hash-map` variant.
//!
//! The textbook memo written once against the game vocabulary, so every game gets it, a
//! user's own game included: each distinct position is expanded once and its value kept in a
//! hash map; a position reached again is a memo hit. The moves after a position's first
//! winning move are not tried ([`GameValue::is_best_possible`]).
//!
//! # Complexity
//!
//! With `S` the distinct positions reachable from the start and `m` the moves per position:
//! time `O(S · m)` game calls; memory one map entry per stored position plus `O(depth)` stack
//! frames, on heap-allocated segments for deep games ([`core_types::stack`]). A time limit
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
//! use gamesolve::{Error, PredictTheWinner, Solver, Stats};
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
//! [`Error::BudgetExhausted`] (unit `states`) when the map would need more states than the
//! state budget allows; [`Error::TableTooLarge`] (parameter `states`, or `depth` for a stack
//! segment) when the map's next growth or a new stack segment would pass the memory cap;
//! [`Error::AllocationFailed`] when the system refuses the map's growth; [`Error::TimeLimitReached`] when the configured time limit passes first;
//! [`Error::NoMoves`] for a game whose position is neither over nor has a move;
//! [`Error::StackRefused`] when the system refuses a new stack segment.
//!
//! # See also
//!
//! `solver_recursive::negamax` (the same search without the memo), and the game-specific
//! tables of this crate ([`crate::can_i_win`], [`crate::predict_the_winner`]), far smaller and
//! faster for the built-in games.

use std::time::Duration;

use core_types::stack::{self, StackRefused};
use core_types::{
    Deadline, DeadlineClock, Error, Event, Game, GameValue, Kernel, Recorder, SolverConfig, Variant,
};
use hashbrown::HashMap;

use crate::{DEFAULT_MEMORY_CAP_BYTES, DEFAULT_STATE_BUDGET, NAME};

/// Memoized negamax in a hash map; see the [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HashMemo {
    memory_cap_bytes: u64,
    state_budget: u64,
    time_limit: Option<Duration>,
}

impl HashMemo {
    /// A solver with the default memory cap and state budget.
    pub const fn new() -> Self {
        HashMemo {
            memory_cap_bytes: DEFAULT_MEMORY_CAP_BYTES,
            state_budget: DEFAULT_STATE_BUDGET,
            time_limit: None,
        }
    }

    /// A solver with the limits of `config` (or the defaults).
    pub fn from_config(config: &SolverConfig) -> Self {
        HashMemo {
            memory_cap_bytes: config.memory_cap_bytes.unwrap_or(DEFAULT_MEMORY_CAP_BYTES),
            state_budget: config.state_budget.unwrap_or(DEFAULT_STATE_BUDGET),
            time_limit: config.time_limit,
        }
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

/// Control bytes `hashbrown` reads at once (its `Group::WIDTH`: 16 with SSE2, 8 otherwise;
/// the larger is counted). Each table has one group of control bytes past its buckets.
const GROUP: u128 = 16;

/// Bytes `hashbrown` allocates for a table of `buckets` buckets (a power of two; none for 0):
/// the slots, padded to the alignment of the control bytes, one control byte per bucket and
/// one group more.
fn table_bytes<G: Game>(buckets: u128) -> u128 {
    if buckets == 0 {
        return 0;
    }
    let slot = std::mem::size_of::<(G::Position, G::Value)>() as u128;
    let align = (std::mem::align_of::<(G::Position, G::Value)>() as u128).max(GROUP);
    (slot * buckets).next_multiple_of(align) + buckets + GROUP
}

/// The buckets of a `hashbrown` table whose `capacity()` is `capacity`: tables of up to 8
/// buckets keep one empty, larger ones are at most 7/8 full.
fn buckets_of(capacity: usize) -> u128 {
    let capacity = capacity as u128;
    match capacity {
        0 => 0,
        1..8 => capacity + 1,
        _ => capacity / 7 * 8,
    }
}

/// The buckets `hashbrown` allocates to hold `items` entries (at most: small tables may get
/// fewer).
fn buckets_for(items: u128) -> u128 {
    match items {
        0..8 => 8,
        8..15 => 16,
        _ => (items * 8).div_ceil(7).next_power_of_two(),
    }
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
    table_bytes::<G>(buckets_of(capacity))
}

/// Bytes held while a full map of `capacity` grows to take one more entry: its table and the
/// one twice as large that its entries move into, both allocated until the move ends.
pub fn growth_bytes<G: Game>(capacity: usize) -> u128 {
    map_bytes::<G>(capacity) + table_bytes::<G>(buckets_for(capacity as u128 + 1))
}

/// The advice of a refusal at the memory cap.
const CAP_HINT: &str = "; the hash map doubles when it grows (its old and new tables are held \
                        together while the entries move) and the recursion's stack segments \
                        count too: raise --memory-cap, or use a game-specific memo variant";

const RED_ZONE: usize = 64 * 1024;
const SEGMENT: usize = 1024 * 1024;

impl<G: Game> Kernel<G> for HashMemo {
    const BACKEND: &'static str = NAME;
    const VARIANT: &'static str = "hash-map";

    fn run<R: Recorder<G>>(&mut self, game: &G, recorder: &mut R) -> Result<G::Solution, Error> {
        if let Some(settled) = game.settled() {
            return Ok(settled);
        }
        let start = game.start();
        if let Some(value) = game.terminal_value(start) {
            return Ok(game.solution(value, None));
        }
        let mut search = Search {
            game,
            recorder,
            clock: DeadlineClock::new(Deadline::after(self.time_limit)),
            memo: HashMap::new(),
            budget: self.state_budget,
            cap: self.memory_cap_bytes,
            stack_bytes: 0,
        };
        let (value, best) = search.expand(start, 1)?;
        let capacity = search.memo.capacity();
        let bytes = u64::try_from(map_bytes::<G>(capacity)).unwrap_or(u64::MAX);
        search.recorder.table(capacity as u64, bytes);
        Ok(game.solution(value, Some(best)))
    }
}

struct Search<'a, G: Game, R> {
    game: &'a G,
    recorder: &'a mut R,
    /// Ticked once per expanded position.
    clock: DeadlineClock,
    memo: HashMap<G::Position, G::Value>,
    /// The state budget.
    budget: u64,
    /// The memory cap, for the map's tables and the stack segments together.
    cap: u64,
    /// Bytes of the stack segments mapped for the search right now.
    stack_bytes: u64,
}

impl<G: Game, R: Recorder<G>> Search<'_, G, R> {
    /// The value of a position that is neither over nor stored, and its first best move.
    fn expand(&mut self, position: G::Position, depth: u64) -> Result<(G::Value, G::Move), Error> {
        self.clock.tick_or_stop(NAME, G::NAME)?;
        self.recorder.position(depth);
        self.recorder.event(Event::Enter(position));
        let mut best: Option<(G::Value, G::Move)> = None;
        for mv in self.game.moves(position) {
            let child = self.game.play(position, mv);
            let reply = if let Some(value) = self.game.terminal_value(child) {
                value
            } else if let Some(&value) = self.memo.get(&child) {
                self.recorder.memo_hit();
                self.recorder.event(Event::MemoHit(child, value));
                value
            } else if stack::needs_segment(RED_ZONE) {
                // A new segment, counted against the cap before it is mapped.
                let segment = self.admit_segment(depth + 1)?;
                let refused = |refused: StackRefused| refused.error(NAME, G::NAME, "");
                let reply =
                    stack::grow_fallible(SEGMENT, refused, || self.expand(child, depth + 1));
                self.stack_bytes -= segment;
                reply?.0
            } else {
                self.expand(child, depth + 1)?.0
            };
            let value = self.game.move_value(position, mv, reply);
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, mv));
                // A win: no later move can do better.
                if value.is_best_possible() {
                    break;
                }
            }
        }
        let Some((value, mv)) = best else {
            return Err(Error::NoMoves {
                game: G::NAME,
                position: self.game.show_position(position),
            });
        };
        self.store(position, value)?;
        self.recorder.event(Event::Leave(position, value));
        Ok((value, mv))
    }

    /// Counts a new stack segment for the search at `depth`, or refuses it past the cap;
    /// returns the bytes counted, to give back when the segment is unmapped.
    fn admit_segment(&mut self, depth: u64) -> Result<u64, Error> {
        let segment = stack::segment_mapping_bytes(SEGMENT);
        let required = map_bytes::<G>(self.memo.capacity())
            + u128::from(self.stack_bytes)
            + u128::from(segment);
        if required > u128::from(self.cap) {
            return Err(Error::TableTooLarge {
                backend: NAME,
                game: G::NAME,
                parameter: "depth",
                value: depth,
                required_bytes: required,
                memory_cap_bytes: self.cap,
                hint: CAP_HINT,
            });
        }
        self.stack_bytes += segment;
        Ok(segment)
    }

    fn store(&mut self, position: G::Position, value: G::Value) -> Result<(), Error> {
        let len = self.memo.len();
        if len as u64 >= self.budget {
            return Err(Error::BudgetExhausted {
                backend: NAME,
                game: G::NAME,
                budget: self.budget,
                unit: "states",
                hint: "; raise --state-budget",
            });
        }
        let capacity = self.memo.capacity();
        if len >= capacity {
            // The insertion grows the table: the old and the new one are held together.
            let required = growth_bytes::<G>(capacity) + u128::from(self.stack_bytes);
            if required > u128::from(self.cap) {
                return Err(Error::TableTooLarge {
                    backend: NAME,
                    game: G::NAME,
                    parameter: "states",
                    value: len as u64 + 1,
                    required_bytes: required,
                    memory_cap_bytes: self.cap,
                    hint: CAP_HINT,
                });
            }
            if self.memo.try_reserve(1).is_err() {
                return Err(Error::AllocationFailed {
                    backend: NAME,
                    game: G::NAME,
                    parameter: "states",
                    value: len as u64,
                    required_bytes: required,
                    memory_cap_bytes: self.cap,
                    hint: "",
                });
            }
        }
        self.memo.insert(position, value);
        self.recorder.states_stored(1);
        Ok(())
    }
}
