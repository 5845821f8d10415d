//! Memoized negamax over a dense table for any [`Indexed`] game: the `memo/indexed` variant.
//!
//! The same search as `memo/hash-map` ([`solver_search`]), with one table cell per index
//! of the game ([`Indexed::index`]) in place of the hash map: no hashing, no growth, the whole
//! table allocated (and checked against the memory cap) before the search starts. The moves
//! are listed into one reused buffer per depth ([`Game::moves_into`](core_types::Game::moves_into)).
//! A game numbered with more than [`DENSE_INDICES`] (2^24) indices gets a hash map of the
//! positions reached instead (`memo/hash-map`'s memo, within the same memory cap and without
//! a state budget): such a numbering usually names far more than the start reaches
//! (Domineering 5x5: 2^26 indices, 455,317 positions), and a table of every index would cost
//! more than the search.
//!
//! # Complexity
//!
//! With `S` the distinct positions reachable from the start and `m` the moves per position:
//! time `O(S · m)` game calls plus the table's allocation, `O(C)` for `C` =
//! [`Indexed::position_count`] cells (none past [`DENSE_INDICES`]: then `S` hash-map
//! entries); memory `C` cells sized to the game's values (one byte a
//! cell for win/lose/draw games, `2^n` bytes for Can I Win; one 8-byte word for a value that
//! packs into one, [`GameValue::PACKS`]: Predict the Winner's margins, see
//! [`crate::word_table`]) plus `O(depth)` stack frames (about 240 bytes a level for
//! Predict the Winner). A solver keeps its word table between solves, as `memo/interval`
//! keeps its interval table: the next solve clears it in place (one sequential pass over its
//! `8 · C` bytes, no page faults) instead of allocating fresh zeroed pages, each faulted in
//! twice; the kept table counts against the memory cap, and one more than twice the size the
//! next game needs (and over 1 MiB more) is freed first
//! ([`IndexedMemo::release_tables`] frees it at once).
//!
//! # Examples
//!
//! ```
//! use core_types::{CanIWin, Error, Outcome, Solver};
//! use solver_memo::indexed::IndexedMemo;
//!
//! let mut solver = IndexedMemo::new();
//! let (answer, stats) = solver.solve_with_stats(&CanIWin::new(10, 11)?)?;
//! assert_eq!(answer.outcome, Outcome::SecondPlayerWins);
//! assert_eq!(stats.table_cells, 1 << 10);
//! # Ok::<(), Error>(())
//! ```
//!
//! # Errors
//!
//! [`Error::TableTooLarge`] (parameter `positions`) when the table would pass the memory cap;
//! [`Error::AllocationFailed`] when the system refuses it; [`Error::TimeLimitReached`] past the
//! time limit; [`Error::NoMoves`] for a game whose position is neither over nor has a move;
//! [`Error::StackRefused`] when the system refuses a new stack segment.
//!
//! # See also
//!
//! [`crate::hash_map`] (the same search for any game, without an index), and the game-specific
//! tables of this crate (2 bits a state for Can I Win).

use core_types::error::HintPart::Words;
use core_types::limits::DENSE_INDICES;
use core_types::{
    Deadline, DeadlineClock, Error, GameValue, Indexed, Limits, Recorder, SolverConfig, Variant,
};
use solver_search::{
    self as search, DenseMemo, MemoPolicy, MemoRefusal, Plain, Search, SearchNames,
};

use crate::word_table::{TableRefusal, WordMemo, WordTable};
use crate::NAME;

/// Memoized negamax over a dense table; see the [module docs](self).
///
/// A solver keeps the table of a game whose values pack into a word ([`WordTable`]) between
/// solves, within its memory cap; cloning gives a solver with the same limits and no table.
#[derive(Clone, Debug)]
pub struct IndexedMemo {
    /// The limits it reads, defaults resolved when a solve starts.
    limits: Limits,
    /// The word table kept from the last solve ([`WordMemo`]); empty until one needs it.
    words: WordTable,
}

impl IndexedMemo {
    /// A solver with the default memory cap.
    pub const fn new() -> Self {
        IndexedMemo {
            limits: Limits::new(),
            words: WordTable::new(),
        }
    }

    /// A solver with the limits of `config` (or the defaults).
    pub fn from_config(config: &SolverConfig) -> Self {
        IndexedMemo {
            limits: *config,
            words: WordTable::new(),
        }
    }

    /// The bytes of the table kept from the last solve (0 when none is kept).
    pub fn kept_bytes(&self) -> usize {
        self.words.allocated_bytes()
    }

    /// Frees the table kept from the last solve.
    pub fn release_tables(&mut self) {
        self.words.release();
    }
}

impl Default for IndexedMemo {
    fn default() -> Self {
        Self::new()
    }
}

/// The `memo/indexed` entry for an indexed game's variant list.
pub const fn variant<G: Indexed>() -> Variant<G> {
    Variant {
        backend: NAME,
        name: "indexed",
        summary: "memoized negamax over the game vocabulary with a dense table indexed by \
                  position (any indexed game): no hashing, refused beyond the memory cap",
        build: |config| Box::new(IndexedMemo::from_config(config)),
    }
}

/// The names its errors carry.
const NAMES: SearchNames = SearchNames {
    who: NAME,
    budget_hint: &[],
    cap_hint: &[Words(
        "; raise the memory cap, or use backend `memo/hash-map`, which stores only the \
               positions reached",
    )],
};

/// The error of a table refused before the search.
fn refused<G: Indexed>(refusal: MemoRefusal, cap: u64) -> Error {
    let (value, required_bytes, refused) = match refusal {
        MemoRefusal::Cap {
            states,
            required_bytes,
        } => (states, required_bytes, false),
        MemoRefusal::Allocation {
            states,
            required_bytes,
        } => (states, required_bytes, true),
        MemoRefusal::Budget { budget } => (budget, 0, false),
    };
    if refused {
        Error::AllocationFailed {
            backend: NAME,
            game: G::NAME,
            parameter: "positions",
            value,
            required_bytes,
            memory_cap_bytes: cap,
            hint: &[],
        }
    } else {
        Error::TableTooLarge {
            backend: NAME,
            game: G::NAME,
            parameter: "positions",
            value,
            required_bytes,
            memory_cap_bytes: cap,
            hint: NAMES.cap_hint,
        }
    }
}

/// The search of `game` from `start` with `memo` within `cap` bytes until `deadline`, its
/// table reported first.
fn search<G, M, R>(
    game: &G,
    start: G::Position,
    memo: M,
    recorder: &mut R,
    cap: u64,
    deadline: Deadline,
) -> Result<G::Solution, Error>
where
    G: Indexed,
    M: MemoPolicy<G::Position, Plain<G::Value>>,
    R: Recorder<G>,
{
    let cells = memo.capacity() as u64;
    let bytes = u64::try_from(memo.bytes()).unwrap_or(u64::MAX);
    recorder.table(cells, bytes);
    let pace = DeadlineClock::new(deadline);
    let mut search = Search::new(game, memo, recorder, pace, NAMES, cap);
    let (Plain(value), best) = search.expand(start, 1)?;
    Ok(game.solution(value, Some(best)))
}

core_types::kernel! {
    impl<G: Indexed> Kernel<G> for IndexedMemo = (NAME, "indexed");
    fn run(this, game, recorder) {
        let start = match search::before_search(game) {
            Ok(start) => start,
            Err(settled) => return Ok(settled),
        };
        let (cap, time_limit) = (this.limits.memory_cap_or_default(), this.limits.time_limit);
        if game.position_count() > DENSE_INDICES {
            this.words.release();
            // A numbering this large names far more than the search reaches: the cells of the
            // positions reached, in a hash map, within the same cap.
            let memo = search::HashMemo::new(u64::MAX, cap);
            let pace = DeadlineClock::new(Deadline::after(time_limit));
            let mut search = Search::new(game, memo, recorder, pace, NAMES, cap);
            let (Plain(value), best) = search.expand(start, 1)?;
            let capacity = MemoPolicy::<G::Position, Plain<G::Value>>::capacity(search.memo());
            let bytes = MemoPolicy::<G::Position, Plain<G::Value>>::bytes(search.memo());
            let bytes = u64::try_from(bytes).unwrap_or(u64::MAX);
            search.recorder().table(capacity as u64, bytes);
            return Ok(game.solution(value, Some(best)));
        }
        let deadline = Deadline::after(time_limit);
        // Cells sized to the game's values: a word where they pack (margins), in the table
        // kept between solves, else the value itself (a one-byte `Option` for win/lose/draw).
        if <G::Value as GameValue>::PACKS {
            let memo = match WordMemo::new(game, &mut this.words, cap, deadline) {
                Ok(memo) => memo,
                Err(TableRefusal::Memo(r)) => return Err(refused::<G>(r, cap)),
                Err(TableRefusal::TimeLimit) => return Err(deadline.error(NAME, G::NAME)),
            };
            search(game, start, memo, recorder, cap, deadline)
        } else {
            // A word table kept from another game would only hold memory this one may need.
            this.words.release();
            let memo = DenseMemo::<G, Plain<G::Value>>::new(game, cap)
                .map_err(|r| refused::<G>(r, cap))?;
            search(game, start, memo, recorder, cap, deadline)
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::hash_map::HashMemo;
    use core_types::{CanIWin, PredictTheWinner, Solver};

    /// Same answers as the hash map, on every total of small pools and on rows.
    #[test]
    fn agrees_with_the_hash_map() {
        for n in 1..=10u32 {
            for t in 0..=u64::from(n * (n + 1) / 2) + 1 {
                let game = CanIWin::new(n, t).unwrap();
                let (a, sa) = IndexedMemo::new().solve_with_stats(&game).unwrap();
                let (b, sb) = HashMemo::new().solve_with_stats(&game).unwrap();
                assert_eq!(a, b, "n = {n}, T = {t}");
                assert_eq!(sa.positions, sb.positions, "n = {n}, T = {t}");
            }
        }
        let row = PredictTheWinner::new(vec![3, 9, 1, 2, -7, 4, 4]);
        assert_eq!(
            IndexedMemo::new().solve(&row).unwrap(),
            HashMemo::new().solve(&row).unwrap()
        );
    }

    /// Issue 28: one solver keeps its word table between solves (as `memo/interval` does)
    /// and answers every row as a fresh solver does: longer and shorter rows, margins beyond
    /// `i64` (kept aside), a game of another value type (its table freed).
    #[test]
    fn a_kept_table_gives_the_answers_of_a_fresh_one() {
        let rows: Vec<Vec<i64>> = vec![
            (0..300).map(|k| (k * 7919) % 1000 - 500).collect(),
            (0..200).map(|k| (k * 104_729) % 997).collect(),
            vec![i64::MAX, 3, i64::MIN, 4, i64::MIN],
            (0..300).map(|k| (k * 31) % 17).collect(),
            vec![1, 5, 233, 7],
        ];
        let mut kept = IndexedMemo::new();
        for values in rows {
            let game = PredictTheWinner::new(values.clone());
            let (answer, stats) = kept.solve_with_stats(&game).unwrap();
            assert_eq!(
                answer,
                IndexedMemo::new().solve(&game).unwrap(),
                "{values:?}"
            );
            assert_eq!(
                answer.margin,
                test_support::reference::predict_the_winner_margin(&values)
            );
            // The table's whole allocation is what the solve reports (and counts).
            assert_eq!(stats.table_bytes, kept.kept_bytes() as u64);
        }
        // The 300-value table was kept for every shorter row: its excess is under 1 MiB.
        assert_eq!(kept.kept_bytes(), 301 * 302 / 2 * 8);
        kept.solve(&CanIWin::new(10, 40).unwrap()).unwrap();
        assert_eq!(kept.kept_bytes(), 0);
        let mut clone = kept.clone();
        clone.solve(&PredictTheWinner::new(vec![1, 2, 3])).unwrap();
        assert_eq!((clone.kept_bytes(), kept.kept_bytes()), (10 * 8, 0));
        clone.release_tables();
        assert_eq!(clone.kept_bytes(), 0);
    }

    #[test]
    fn a_table_past_the_cap_is_refused_before_the_search() {
        let config = SolverConfig {
            memory_cap_bytes: Some(1 << 10),
            ..SolverConfig::default()
        };
        let err = IndexedMemo::from_config(&config)
            .solve(&CanIWin::new(20, 150).unwrap())
            .unwrap_err();
        assert!(matches!(err, Error::TableTooLarge { .. }), "{err}");
    }

    /// A game numbered with more than 2^24 indices is searched with a hash map of the
    /// positions reached: a table of 2^32 cells would pass the cap, the search needs 2^10.
    #[test]
    fn a_numbering_past_the_dense_bound_takes_a_hash_map() {
        #[derive(Clone, Debug)]
        struct Spread(CanIWin);
        impl core_types::Game for Spread {
            const NAME: &'static str = "spread";
            type Position = u64;
            type Move = u32;
            type Value = core_types::Verdict;
            type Solution = core_types::Verdict;
            fn start(&self) -> u64 {
                self.0.start()
            }
            fn terminal_value(&self, p: u64) -> Option<core_types::Verdict> {
                self.0.terminal_value(p)
            }
            fn moves(&self, p: u64) -> Vec<u32> {
                self.0.moves(p)
            }
            fn play(&self, p: u64, mv: u32) -> u64 {
                self.0.play(p, mv)
            }
            fn describe(&self) -> String {
                self.0.describe()
            }
            fn show_position(&self, p: u64) -> String {
                self.0.show_position(p)
            }
            fn show_move(&self, p: u64, mv: u32) -> String {
                self.0.show_move(p, mv)
            }
        }
        impl Indexed for Spread {
            fn position_count(&self) -> u64 {
                1 << 32
            }
            fn index(&self, p: u64) -> usize {
                (p as usize) << 22
            }
            fn position_at(&self, index: usize) -> u64 {
                (index >> 22) as u64
            }
        }
        let game = CanIWin::new(10, 40).unwrap();
        let config = SolverConfig {
            memory_cap_bytes: Some(1 << 20),
            ..SolverConfig::default()
        };
        let (a, stats) = IndexedMemo::from_config(&config)
            .solve_with_stats(&Spread(game))
            .unwrap();
        assert_eq!(a, HashMemo::new().solve(&Spread(game)).unwrap());
        assert!(stats.table_cells < 1 << 11, "{}", stats.table_cells);
    }
}
