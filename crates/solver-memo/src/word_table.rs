//! A dense memo of 64-bit words for `memo/indexed`: cells sized to the game's values.
//!
//! [`WordMemo`] is the [`MemoPolicy`] `memo/indexed` uses for a game whose values pack into
//! a word ([`GameValue::PACKS`]: Predict the Winner's margins): one `u64` cell per index of
//! the game, 0 while nothing is stored and the value's word with its top bit flipped after (the
//! word of `i64::MIN` would read 0: it is kept aside), so the table needs no presence bits. A
//! value that does not fit a word (a margin beyond `i64`) is kept aside in a hash map, counted
//! against the same memory cap. A margin table takes 8 bytes a cell where the generic
//! [`DenseMemo`](solver_search::DenseMemo) takes 16 and a bit: the 3,000-value row's 4.5
//! million intervals in 36 MB instead of 72 MB.
//!
//! The cells live in a [`WordTable`], which the solver keeps between solves (as
//! `memo/interval` keeps its [`IntervalTable`](crate::predict_the_winner::IntervalTable)): a
//! fresh table is allocated zeroed (its pages cost nothing until touched, but each is faulted
//! in twice, read then written, on every solve), a kept one is cleared in place (one
//! sequential pass, no page faults). A kept table far larger than the next game needs is
//! freed first.
//!
//! # Complexity
//!
//! `O(1)` per lookup and store (one index computation, one word); memory `8 · C` bytes for
//! `C` = [`Indexed::position_count`], plus the values kept aside; preparing a kept table
//! writes its `8 · C` bytes once.

use core_types::{Deadline, GameValue, Indexed};
use hashbrown::HashMap;
use solver_search::{growth_bytes, map_bytes, MemoPolicy, MemoRefusal, Plain};

/// The top bit: a cell holds a word with it flipped, so that 0 (the word of `i64::MIN`)
/// means "not stored" and margins near 0 stay in the table.
const FLIP: u64 = 1 << 63;

/// A kept table is cleared in chunks of this many cells, the deadline read between two
/// (1 MiB: well under a millisecond each).
const CLEAR_CHUNK_CELLS: usize = (1 << 20) / 8;

/// A kept table more than twice the cells a game needs is freed (and one of the right size
/// allocated) when the excess is larger than this many bytes; smaller ones are reused.
const SHRINK_ABOVE_BYTES: usize = 1 << 20;

/// Why [`WordMemo::new`] gave no table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableRefusal {
    /// The table would pass the memory cap, or the system refused it.
    Memo(MemoRefusal),
    /// The deadline passed while a kept table was being cleared.
    TimeLimit,
}

/// The allocation behind a [`WordMemo`], kept between solves by one solver (`memo/indexed`
/// keeps one). Cloning gives an empty one: tables are scratch space, not state.
///
/// ```
/// use gamesolve::backends::solver_memo::word_table::{WordMemo, WordTable};
/// use gamesolve::{PredictTheWinner, core_types::Deadline};
///
/// let mut table = WordTable::new();
/// let game = PredictTheWinner::new(vec![1, 5, 233, 7]);
/// WordMemo::new(&game, &mut table, 1 << 20, Deadline::NEVER).expect("within the cap");
/// // The 15 intervals of a 4-value row (the empty ones among them), a word each, kept.
/// assert_eq!(table.allocated_bytes(), 15 * 8);
/// table.release();
/// assert_eq!(table.allocated_bytes(), 0);
/// ```
#[derive(Default)]
pub struct WordTable {
    words: Vec<u64>,
}

impl WordTable {
    /// An empty table; nothing is allocated until a solve needs it.
    pub const fn new() -> Self {
        WordTable { words: Vec::new() }
    }

    /// The bytes held.
    pub fn allocated_bytes(&self) -> usize {
        self.words.capacity() * 8
    }

    /// Frees the allocation.
    pub fn release(&mut self) {
        self.words = Vec::new();
    }

    /// `cells` empty cells: the kept allocation cleared when it is large enough and not far
    /// larger (and within `cap` bytes), else a fresh zeroed one (the old one freed first).
    fn prepare(&mut self, cells: usize, cap: u64, deadline: Deadline) -> Result<(), TableRefusal> {
        let required_bytes = cells as u128 * 8;
        let capacity = self.words.capacity();
        let excess = capacity.saturating_sub(cells.saturating_mul(2));
        let kept_fits = capacity * 8 <= usize::try_from(cap).unwrap_or(usize::MAX);
        if capacity < cells || excess * 8 > SHRINK_ABOVE_BYTES || !kept_fits {
            // Never hold both: the old table is freed before the new one is asked for.
            self.words = Vec::new();
            self.words = bytemuck::allocation::try_zeroed_vec::<u64>(cells).map_err(|()| {
                TableRefusal::Memo(MemoRefusal::Allocation {
                    states: cells as u64,
                    required_bytes,
                })
            })?;
            return Ok(());
        }
        // A kept table: cleared where it was used (its pages are already the process's).
        self.words.truncate(cells);
        for chunk in self.words.chunks_mut(CLEAR_CHUNK_CELLS) {
            if deadline.reached() {
                return Err(TableRefusal::TimeLimit);
            }
            chunk.fill(0);
        }
        while self.words.len() < cells {
            if deadline.reached() {
                return Err(TableRefusal::TimeLimit);
            }
            let len = cells.min(self.words.len() + CLEAR_CHUNK_CELLS);
            self.words.resize(len, 0);
        }
        Ok(())
    }
}

impl Clone for WordTable {
    fn clone(&self) -> Self {
        WordTable::new()
    }
}

impl std::fmt::Debug for WordTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WordTable")
            .field("allocated_bytes", &self.allocated_bytes())
            .finish()
    }
}

/// One word a cell; see the [module docs](self).
pub struct WordMemo<'a, G: Indexed> {
    game: &'a G,
    /// 0: not stored; else the value's word with its top bit flipped ([`FLIP`]). The cells of
    /// a [`WordTable`], whose whole allocation counts in [`MemoPolicy::bytes`].
    words: &'a mut [u64],
    /// The bytes of the table's allocation (at least `8 · words.len()`).
    allocated: u128,
    /// The values with no word, or whose word is [`FLIP`], by index.
    aside: HashMap<usize, G::Value>,
    cap: u64,
}

impl<'a, G: Indexed> WordMemo<'a, G> {
    /// Bytes the table of `game` takes (without values kept aside).
    pub fn bytes_for(game: &G) -> u128 {
        u128::from(game.position_count()) * 8
    }

    /// The memo of `game` in `table`'s allocation (kept when it fits, else a fresh zeroed
    /// one), within `cap` bytes.
    ///
    /// # Errors
    ///
    /// [`TableRefusal::Memo`] with [`MemoRefusal::Cap`] when the table would pass the cap, or
    /// [`MemoRefusal::Allocation`] when the system refuses it; [`TableRefusal::TimeLimit`]
    /// when `deadline` passes while a kept table is cleared.
    pub fn new(
        game: &'a G,
        table: &'a mut WordTable,
        cap: u64,
        deadline: Deadline,
    ) -> Result<Self, TableRefusal> {
        let count = game.position_count();
        let required_bytes = Self::bytes_for(game);
        let cells = usize::try_from(count)
            .ok()
            .filter(|_| required_bytes <= u128::from(cap));
        let Some(cells) = cells else {
            return Err(TableRefusal::Memo(MemoRefusal::Cap {
                states: count,
                required_bytes,
            }));
        };
        table.prepare(cells, cap, deadline)?;
        let allocated = table.allocated_bytes() as u128;
        Ok(WordMemo {
            game,
            words: &mut table.words[..cells],
            allocated,
            aside: HashMap::new(),
            cap,
        })
    }
}

impl<G: Indexed> WordMemo<'_, G> {
    /// Keeps `value`, which has no word (or whose word is [`FLIP`]), aside at `index`, within
    /// the cap. Out of line: margins beyond `i64` are rare, and the search's hot path stays
    /// small.
    #[cold]
    #[inline(never)]
    fn store_aside(
        &mut self,
        index: usize,
        value: G::Value,
        other_bytes: u64,
    ) -> Result<(), MemoRefusal> {
        let (len, capacity) = (self.aside.len(), self.aside.capacity());
        if len >= capacity {
            let required = self.allocated
                + growth_bytes::<usize, G::Value>(capacity)
                + u128::from(other_bytes);
            if required > u128::from(self.cap) {
                return Err(MemoRefusal::Cap {
                    states: len as u64 + 1,
                    required_bytes: required,
                });
            }
            self.aside
                .try_reserve(1)
                .map_err(|_| MemoRefusal::Allocation {
                    states: len as u64,
                    required_bytes: required,
                })?;
        }
        self.aside.insert(index, value);
        Ok(())
    }
}

impl<G: Indexed> MemoPolicy<G::Position, Plain<G::Value>> for WordMemo<'_, G> {
    const REMEMBERS: bool = true;
    /// The position's index ([`Indexed::index`]): computed once per lookup, not again by the
    /// store that follows a miss.
    type Slot = usize;

    #[inline]
    fn find(&self, position: &G::Position) -> Result<Plain<G::Value>, usize> {
        let index = self.game.index(*position);
        match self.words.get(index) {
            Some(&0) | None => {
                if self.aside.is_empty() {
                    Err(index)
                } else {
                    self.aside.get(&index).copied().map(Plain).ok_or(index)
                }
            }
            Some(&cell) => G::Value::from_word(cell ^ FLIP).map(Plain).ok_or(index),
        }
    }

    #[inline(always)]
    fn slot(&self, position: &G::Position) -> usize {
        self.game.index(*position)
    }

    #[inline(always)]
    fn store_in(
        &mut self,
        index: usize,
        _position: G::Position,
        Plain(value): Plain<G::Value>,
        other_bytes: impl FnOnce() -> u64,
    ) -> Result<(), MemoRefusal> {
        // An index past the table is the game's bug; the position is then not remembered,
        // which costs time, never a wrong answer.
        let Some(cell) = self.words.get_mut(index) else {
            return Ok(());
        };
        match value.to_word() {
            Some(word) if word != FLIP => {
                *cell = word ^ FLIP;
                Ok(())
            }
            _ => self.store_aside(index, value, other_bytes()),
        }
    }

    fn bytes(&self) -> u128 {
        self.allocated + map_bytes::<usize, G::Value>(self.aside.capacity())
    }

    fn capacity(&self) -> usize {
        self.words.len()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use core_types::{Game, Margin, PredictTheWinner};

    /// Values that fit a word and values that do not (kept aside) read back alike.
    #[test]
    fn words_and_values_aside_read_back() {
        let game = PredictTheWinner::new(vec![1, 2, 3, 4]);
        let mut table = WordTable::new();
        let mut memo = WordMemo::new(&game, &mut table, 1 << 20, Deadline::NEVER).unwrap();
        let start = game.start();
        let left = game.play(start, core_types::Side::Left);
        let right = game.play(start, core_types::Side::Right);
        assert_eq!(memo.get(&start), None);
        memo.store(start, Plain(Margin(-7)), || 0).unwrap();
        memo.store(left, Plain(Margin(i128::from(i64::MAX) * 3)), || 0)
            .unwrap();
        memo.store(right, Plain(Margin(i64::MIN.into())), || 0)
            .unwrap(); // the word FLIP: aside
        assert_eq!(memo.get(&start), Some(Plain(Margin(-7))));
        assert_eq!(
            memo.get(&left),
            Some(Plain(Margin(i128::from(i64::MAX) * 3)))
        );
        assert_eq!(memo.get(&right), Some(Plain(Margin(i64::MIN.into()))));
        assert_eq!(memo.aside.len(), 2);
    }

    #[test]
    fn a_table_past_the_cap_is_refused() {
        let game = PredictTheWinner::new(vec![1; 100]);
        assert!(matches!(
            WordMemo::new(&game, &mut WordTable::new(), 100, Deadline::NEVER),
            Err(TableRefusal::Memo(MemoRefusal::Cap { .. }))
        ));
    }

    /// A kept table is cleared before it is used again: nothing of the last game is read.
    #[test]
    fn a_kept_table_is_empty_again() {
        let game = PredictTheWinner::new(vec![1, 2, 3, 4]);
        let mut table = WordTable::new();
        let mut memo = WordMemo::new(&game, &mut table, 1 << 20, Deadline::NEVER).unwrap();
        memo.store(game.start(), Plain(Margin(5)), || 0).unwrap();
        assert_eq!(memo.get(&game.start()), Some(Plain(Margin(5))));
        let kept = table.allocated_bytes();
        let memo = WordMemo::new(&game, &mut table, 1 << 20, Deadline::NEVER).unwrap();
        assert_eq!(memo.get(&game.start()), None);
        assert_eq!(memo.bytes(), kept as u128);
        // A shorter row reuses the allocation as it is (it is not far larger).
        let shorter = PredictTheWinner::new(vec![1, 2, 3]);
        let memo = WordMemo::new(&shorter, &mut table, 1 << 20, Deadline::NEVER).unwrap();
        assert_eq!(memo.capacity(), 10);
        assert_eq!(table.allocated_bytes(), kept);
    }

    /// Issue 28: a table kept from a long row is not held for a short one (as
    /// `memo/interval`'s), and the whole allocation counts against the cap.
    #[test]
    fn a_kept_table_far_larger_than_needed_is_freed() {
        let long = PredictTheWinner::new(vec![1; 1_000]);
        let mut table = WordTable::new();
        WordMemo::new(&long, &mut table, 1 << 30, Deadline::NEVER).unwrap();
        assert_eq!(table.allocated_bytes(), 1001 * 1002 / 2 * 8);
        let short = PredictTheWinner::new(vec![1; 10]);
        let memo = WordMemo::new(&short, &mut table, 1 << 30, Deadline::NEVER).unwrap();
        assert_eq!(memo.bytes(), 66 * 8);
        assert_eq!(table.allocated_bytes(), 66 * 8);
    }

    /// Clearing a kept table stops at a deadline that has passed.
    #[test]
    fn clearing_a_kept_table_honours_the_deadline() {
        let game = PredictTheWinner::new(vec![1; 100]);
        let mut table = WordTable::new();
        WordMemo::new(&game, &mut table, 1 << 20, Deadline::NEVER).unwrap();
        let passed = Deadline::after(Some(std::time::Duration::ZERO));
        assert!(matches!(
            WordMemo::new(&game, &mut table, 1 << 20, passed),
            Err(TableRefusal::TimeLimit)
        ));
    }
}
