//! Where the search remembers positions ([`MemoPolicy`]): nowhere ([`NoMemo`]), a hash map
//! ([`HashMemo`]) or a dense table of an [`Indexed`] game ([`DenseMemo`]), and the bytes a
//! `hashbrown` table takes ([`map_bytes`], [`growth_bytes`]).

use std::hash::Hash;
use std::mem::{align_of, size_of, MaybeUninit};

use hashbrown::HashMap;

use core_types::Indexed;

/// Why a memo would not store one more position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoRefusal {
    /// The state budget is reached.
    Budget {
        /// The budget.
        budget: u64,
    },
    /// The memo's next growth would pass the memory cap.
    Cap {
        /// The positions it would hold.
        states: u64,
        /// The bytes it would hold then, with the stack segments.
        required_bytes: u128,
    },
    /// The system refused the growth.
    Allocation {
        /// The positions it holds.
        states: u64,
        /// The bytes the growth asked for, with the stack segments.
        required_bytes: u128,
    },
}

/// Where the search remembers positions, if anywhere.
///
/// A lookup that misses says where the position's score will go (its [`MemoPolicy::Slot`]:
/// a dense table's cell), and the search hands that slot to the store that follows once the
/// position is expanded, so a table whose cells are found by a computation (a game's index)
/// makes it once per lookup, not once more per store.
pub trait MemoPolicy<P, S> {
    /// Whether it remembers anything (a search without a memo skips the lookups).
    const REMEMBERS: bool;
    /// Where a position's score goes, found by a lookup and handed to the store that follows
    /// ([`MemoPolicy::find`], [`MemoPolicy::store_in`]): a dense table's index, or `()` where
    /// a store finds its own place (a hash map).
    type Slot: Copy;
    /// The stored score of `position`, or, when it has none, the slot its score will go to.
    ///
    /// # Errors
    ///
    /// The slot, when `position` has no score stored (not an error: a miss).
    fn find(&self, position: &P) -> Result<S, Self::Slot>;
    /// The slot of `position`, for a position not looked up first (the search's root).
    fn slot(&self, position: &P) -> Self::Slot;
    /// Stores `score` for `position` in `slot` (which [`MemoPolicy::find`] or
    /// [`MemoPolicy::slot`] gave for this position), or says why not; `other_bytes` gives the
    /// bytes held beside the memo (stack segments) that count against the same cap, asked
    /// only when the memo grows (a store into room it has costs no count).
    ///
    /// # Errors
    ///
    /// A [`MemoRefusal`] at the state budget, the memory cap or a refused allocation.
    fn store_in(
        &mut self,
        slot: Self::Slot,
        position: P,
        score: S,
        other_bytes: impl FnOnce() -> u64,
    ) -> Result<(), MemoRefusal>;
    /// Bytes the memo holds now.
    fn bytes(&self) -> u128;
    /// Positions it can hold without growing (its table's cells).
    fn capacity(&self) -> usize;

    /// The stored score of `position`.
    #[inline(always)]
    fn get(&self, position: &P) -> Option<S> {
        self.find(position).ok()
    }

    /// Stores `score` for `position` ([`MemoPolicy::store_in`] its slot).
    ///
    /// # Errors
    ///
    /// As [`MemoPolicy::store_in`].
    #[inline(always)]
    fn store(
        &mut self,
        position: P,
        score: S,
        other_bytes: impl FnOnce() -> u64,
    ) -> Result<(), MemoRefusal> {
        let slot = self.slot(&position);
        self.store_in(slot, position, score, other_bytes)
    }
}

/// No memo: plain recursion.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoMemo;

impl<P, S> MemoPolicy<P, S> for NoMemo {
    const REMEMBERS: bool = false;
    type Slot = ();
    #[inline(always)]
    fn find(&self, _position: &P) -> Result<S, ()> {
        Err(())
    }
    #[inline(always)]
    fn slot(&self, _position: &P) {}
    #[inline(always)]
    fn store_in(
        &mut self,
        _slot: (),
        _position: P,
        _score: S,
        _other: impl FnOnce() -> u64,
    ) -> Result<(), MemoRefusal> {
        Ok(())
    }
    fn bytes(&self) -> u128 {
        0
    }
    fn capacity(&self) -> usize {
        0
    }
}

/// A hash map from position to score, bounded by a state budget and a memory cap counted on
/// the tables as `hashbrown` lays them out ([`map_bytes`], [`growth_bytes`]): a growth that
/// would pass the cap (old and new table together, as while the entries move) is refused
/// before it is asked for.
#[derive(Clone, Debug)]
pub struct HashMemo<P, S> {
    map: HashMap<P, S>,
    budget: u64,
    cap: u64,
}

impl<P, S> HashMemo<P, S> {
    /// An empty memo with a state budget and a memory cap in bytes.
    pub fn new(budget: u64, cap: u64) -> Self {
        HashMemo {
            map: HashMap::new(),
            budget,
            cap,
        }
    }

    /// The positions stored.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

impl<P: Copy + Eq + Hash, S: Copy> MemoPolicy<P, S> for HashMemo<P, S> {
    const REMEMBERS: bool = true;
    /// A store finds its own place (the map's insert hashes the position again); keeping the
    /// lookup's place instead was not tried.
    type Slot = ();

    #[inline]
    fn find(&self, position: &P) -> Result<S, ()> {
        self.map.get(position).copied().ok_or(())
    }

    #[inline(always)]
    fn slot(&self, _position: &P) {}

    #[inline]
    fn store_in(
        &mut self,
        _slot: (),
        position: P,
        score: S,
        other_bytes: impl FnOnce() -> u64,
    ) -> Result<(), MemoRefusal> {
        let len = self.map.len();
        if len as u64 >= self.budget {
            return Err(MemoRefusal::Budget {
                budget: self.budget,
            });
        }
        let capacity = self.map.capacity();
        if len >= capacity {
            // The insertion grows the table: the old and the new one are held together.
            let required = growth_bytes::<P, S>(capacity) + u128::from(other_bytes());
            if required > u128::from(self.cap) {
                return Err(MemoRefusal::Cap {
                    states: len as u64 + 1,
                    required_bytes: required,
                });
            }
            if self.map.try_reserve(1).is_err() {
                return Err(MemoRefusal::Allocation {
                    states: len as u64,
                    required_bytes: required,
                });
            }
        }
        self.map.insert(position, score);
        Ok(())
    }

    fn bytes(&self) -> u128 {
        map_bytes::<P, S>(self.map.capacity())
    }

    fn capacity(&self) -> usize {
        self.map.capacity()
    }
}

/// A table with one cell per index of an [`Indexed`] game: no hashing and no growth. Its size
/// is known before the search starts, so the memory cap is checked then, and the whole table is
/// allocated at once (fallibly).
///
/// A cell is an `Option<S>` where that costs no more than `S` (a win/lose/draw value: one
/// byte), else the bare score with one bit beside it saying whether it is stored: an
/// `Option<S>` would double a margin's cell (32 bytes, for the alignment of `i128`), and a
/// table of margins is read at random, so its bytes are its speed. The cells are not written
/// before the search stores them: the system gives their pages when first touched, and
/// positions never reached cost no memory.
pub struct DenseMemo<'g, G, S> {
    game: &'g G,
    /// The cells when `Option<S>` is as small as `S` ([`DenseMemo::OPTIONS`]); else empty.
    options: Vec<Option<S>>,
    /// Otherwise the scores: cell `i` is initialised when bit `i` of `stored` is set.
    scores: Vec<MaybeUninit<S>>,
    stored: Vec<u64>,
}

impl<'g, G: Indexed, S: Copy> DenseMemo<'g, G, S> {
    /// Whether an `Option<S>` cell costs nothing more than `S`.
    const OPTIONS: bool = size_of::<Option<S>>() == size_of::<S>();

    /// Bytes the table of `game` takes.
    pub fn bytes_for(game: &G) -> u128 {
        Self::bytes_of(u128::from(game.position_count()))
    }

    fn bytes_of(count: u128) -> u128 {
        if Self::OPTIONS {
            count * size_of::<S>() as u128
        } else {
            count * size_of::<S>() as u128 + count.div_ceil(64) * 8
        }
    }

    /// The table for `game`, within `cap` bytes.
    ///
    /// # Errors
    ///
    /// [`MemoRefusal::Cap`] when the table would pass the cap, [`MemoRefusal::Allocation`]
    /// when the system refuses it.
    pub fn new(game: &'g G, cap: u64) -> Result<Self, MemoRefusal> {
        let count = game.position_count();
        let required_bytes = Self::bytes_for(game);
        let cells = usize::try_from(count)
            .ok()
            .filter(|_| required_bytes <= u128::from(cap));
        let Some(cells) = cells else {
            return Err(MemoRefusal::Cap {
                states: count,
                required_bytes,
            });
        };
        let refused = MemoRefusal::Allocation {
            states: count,
            required_bytes,
        };
        let (mut options, mut scores, mut stored) = (Vec::new(), Vec::new(), Vec::new());
        if Self::OPTIONS {
            options.try_reserve_exact(cells).map_err(|_| refused)?;
            options.resize(cells, None);
        } else {
            stored
                .try_reserve_exact(cells.div_ceil(64))
                .map_err(|_| refused)?;
            stored.resize(cells.div_ceil(64), 0);
            scores.try_reserve_exact(cells).map_err(|_| refused)?;
            // SAFETY: the capacity is `cells` (reserved above), and a `MaybeUninit` needs no
            // initialisation; a cell is read only once its bit in `stored` says it was
            // written.
            unsafe { scores.set_len(cells) };
        }
        Ok(DenseMemo {
            game,
            options,
            scores,
            stored,
        })
    }
}

impl<G: Indexed, S: Copy> MemoPolicy<G::Position, S> for DenseMemo<'_, G, S> {
    const REMEMBERS: bool = true;
    /// The position's index ([`Indexed::index`]).
    type Slot = usize;

    #[inline]
    fn find(&self, position: &G::Position) -> Result<S, usize> {
        let index = self.game.index(*position);
        if Self::OPTIONS {
            return self.options.get(index).copied().flatten().ok_or(index);
        }
        match self.stored.get(index / 64) {
            Some(word) if word >> (index % 64) & 1 == 1 => {}
            _ => return Err(index),
        }
        // SAFETY: the bit is set only by `store_in`, after it wrote this cell.
        self.scores
            .get(index)
            .map(|cell| unsafe { cell.assume_init() })
            .ok_or(index)
    }

    #[inline(always)]
    fn slot(&self, position: &G::Position) -> usize {
        self.game.index(*position)
    }

    #[inline]
    fn store_in(
        &mut self,
        index: usize,
        _position: G::Position,
        score: S,
        _other: impl FnOnce() -> u64,
    ) -> Result<(), MemoRefusal> {
        // An index past the table is the game's bug; the position is then not remembered,
        // which costs time, never a wrong answer.
        if Self::OPTIONS {
            if let Some(cell) = self.options.get_mut(index) {
                *cell = Some(score);
            }
        } else if let (Some(cell), Some(word)) =
            (self.scores.get_mut(index), self.stored.get_mut(index / 64))
        {
            *cell = MaybeUninit::new(score);
            *word |= 1 << (index % 64);
        }
        Ok(())
    }

    fn bytes(&self) -> u128 {
        Self::bytes_of(self.capacity() as u128)
    }

    fn capacity(&self) -> usize {
        self.options.len().max(self.scores.len())
    }
}

/// Control bytes `hashbrown` reads at once (its `Group::WIDTH`: 16 with SSE2, 8 otherwise;
/// the larger is counted). Each table has one group of control bytes past its buckets.
const GROUP: u128 = 16;

/// Bytes `hashbrown` allocates for a table of `buckets` buckets of `(K, V)` (a power of two;
/// none for 0): the slots, padded to the alignment of the control bytes, one control byte per
/// bucket and one group more.
fn table_bytes<K, V>(buckets: u128) -> u128 {
    if buckets == 0 {
        return 0;
    }
    let slot = size_of::<(K, V)>() as u128;
    let align = (align_of::<(K, V)>() as u128).max(GROUP);
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

/// Bytes a `hashbrown` map from `K` to `V` of `capacity` (its `capacity()`) holds.
pub fn map_bytes<K, V>(capacity: usize) -> u128 {
    table_bytes::<K, V>(buckets_of(capacity))
}

/// Bytes held while a full map of `capacity` grows to take one more entry: its table and the
/// one twice as large that its entries move into, both allocated until the move ends.
pub fn growth_bytes<K, V>(capacity: usize) -> u128 {
    map_bytes::<K, V>(capacity) + table_bytes::<K, V>(buckets_for(capacity as u128 + 1))
}
