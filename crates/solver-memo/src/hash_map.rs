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
//! time `O(S · m)` game calls; memory one map entry per stored position
//! ([`entry_bytes`] each, counted against the memory cap) plus `O(depth)` stack frames, on
//! heap-allocated segments for deep games ([`core_types::stack`]). A time limit costs one tick
//! per expanded position (the clock is read once every 4,096 of them).
//!
//! # Examples
//!
//! ```
//! use core_types::{Error, PredictTheWinner, Solver, Stats};
//! use solver_memo::hash_map::HashMemo;
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
//! state budget or the memory cap allows; [`Error::AllocationFailed`] when the system refuses
//! the map's growth; [`Error::TimeLimitReached`] when the configured time limit passes first;
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

/// Bytes one stored position takes in the map, as counted against the memory cap: the key and
/// value, one control byte, and the map's spare capacity (it grows by doubling at 7/8 full, so
/// up to twice the entries are allocated).
pub const fn entry_bytes<G: Game>() -> u64 {
    2 * (std::mem::size_of::<(G::Position, G::Value)>() as u64 + 1)
}

/// The bytes of the map while it grows to hold `entries + 1` entries: hashbrown's
/// power-of-two table (a slot and a control byte per bucket, at most 7/8 full) and the old
/// half-size table it copies from. What a refused growth asked the system for.
fn grown_map_bytes<G: Game>(entries: u64) -> u128 {
    let slot = std::mem::size_of::<(G::Position, G::Value)>() as u128 + 1;
    let buckets = ((u128::from(entries) + 1) * 8)
        .div_ceil(7)
        .next_power_of_two()
        .max(4);
    (buckets + buckets / 2) * slot + 32
}

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
        let limit = self
            .state_budget
            .min(self.memory_cap_bytes / entry_bytes::<G>());
        let mut search = Search {
            game,
            recorder,
            clock: DeadlineClock::new(Deadline::after(self.time_limit)),
            memo: HashMap::new(),
            limit,
            budget: self.state_budget,
            cap: self.memory_cap_bytes,
        };
        let (value, best) = search.expand(start, 1)?;
        search.recorder.table(
            search.memo.capacity() as u64,
            search.memo.capacity() as u64 * entry_bytes::<G>() / 2,
        );
        Ok(game.solution(value, Some(best)))
    }
}

struct Search<'a, G: Game, R> {
    game: &'a G,
    recorder: &'a mut R,
    /// Ticked once per expanded position.
    clock: DeadlineClock,
    memo: HashMap<G::Position, G::Value>,
    limit: u64,
    budget: u64,
    cap: u64,
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
            } else {
                let refused = |refused: StackRefused| refused.error(NAME, G::NAME, "");
                stack::maybe_grow_fallible(RED_ZONE, SEGMENT, refused, || {
                    self.expand(child, depth + 1)
                })?
                .0
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

    fn store(&mut self, position: G::Position, value: G::Value) -> Result<(), Error> {
        if self.memo.len() as u64 >= self.limit {
            return Err(Error::BudgetExhausted {
                backend: NAME,
                game: G::NAME,
                budget: self.limit,
                unit: "states",
                hint: if self.limit < self.budget {
                    "; the memory cap bounds the map (raise --memory-cap)"
                } else {
                    "; raise --state-budget"
                },
            });
        }
        if self.memo.try_reserve(1).is_err() {
            return Err(Error::AllocationFailed {
                backend: NAME,
                game: G::NAME,
                parameter: "states",
                value: self.memo.len() as u64,
                required_bytes: grown_map_bytes::<G>(self.memo.len() as u64),
                memory_cap_bytes: self.cap,
                hint: "",
            });
        }
        self.memo.insert(position, value);
        self.recorder.states_stored(1);
        Ok(())
    }
}
