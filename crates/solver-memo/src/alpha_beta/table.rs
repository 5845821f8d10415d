//! The table of `memo/alpha-beta`: each position searched with a lower and an upper bound on
//! its value and the index of its best move ([`Bounds`]), in a `hashbrown` table found by the
//! position's hash, which the search computes once per visit and uses for the lookup and for
//! the insertion that follows.
//!
//! A solver keeps its table for its next solve ([`KeptTable`]): emptied in place (one byte
//! written per slot), its room and its pages stay, so a solve of a game the size of the last
//! one neither doubles the table nor faults its pages in again. A kept table was grown within
//! the solver's memory cap (which does not change), and counts against it in the next solve
//! as the table of that solve.
//!
//! # Complexity
//!
//! A lookup or an insertion is one probe of the table (expected `O(1)`); a growth rehashes
//! every entry into a table twice as large (`O(S)` for `S` entries, amortized `O(1)` an
//! insertion). Memory: [`entry_bytes`] per entry on average right after a growth; emptying a
//! kept table costs one byte written per slot.

use core_types::error::{Hint, HintPart::Words};
use std::any::Any;
use std::hash::BuildHasher;

use core_types::{Error, Game, GameValue};
use hashbrown::{DefaultHashBuilder, HashTable};
use solver_search::{growth_bytes, map_bytes};

use crate::NAME;

/// What the table keeps of a position: bounds on its value (`None`: unbounded on that side)
/// and the index of its best move in the game's search order (`NO_MOVE`: none yet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds<V> {
    pub(super) lower: Option<V>,
    pub(super) upper: Option<V>,
    pub(super) best: u16,
}

/// No stored best move (or one past the index range).
pub(super) const NO_MOVE: u16 = u16::MAX;
/// The entry of a position that is over (its bounds met): no move, and no memo hit when
/// read.
pub(super) const LEAF: u16 = u16::MAX - 1;

impl<V: GameValue> Bounds<V> {
    /// The exact value, when the bounds meet ([`Bounds::settled`] makes them meet where one
    /// bound alone decides the value).
    #[inline(always)]
    pub(super) fn exact(&self) -> Option<V> {
        match (self.lower, self.upper) {
            (Some(lower), Some(upper)) if lower == upper => Some(lower),
            _ => None,
        }
    }

    /// The same bounds, met where one bound alone decides the value: a lower bound that is
    /// the best value there is (a win), or an upper bound that is the worst (a loss: its
    /// negation is the best). Done once when an entry is stored, so that a lookup asks only
    /// whether the bounds meet.
    #[inline(always)]
    pub(super) fn settled(mut self) -> Self {
        match (self.lower, self.upper) {
            (Some(lower), _) if lower.is_best_possible() => self.upper = Some(lower),
            (_, Some(upper)) if upper.negate().is_best_possible() => self.lower = Some(upper),
            _ => {}
        }
        self
    }
}

/// Bytes one table entry takes on average right after a growth (key, bounds, a control byte,
/// and the doubling's spare room). A figure for planning; the cap counts the real tables.
pub const fn entry_bytes<G: Game>() -> u64 {
    2 * (std::mem::size_of::<(G::Position, Bounds<G::Value>)>() as u64 + 1)
}

/// The entries a new table is made with (a few KiB, counted against the cap like any growth):
/// a small game (tic-tac-toe stores about 300) then never rehashes, where growing from empty
/// rehashed 8 times a solve (6 % of its instructions); a large one's doublings start higher.
const FIRST_ENTRIES: usize = 512;

/// The advice of a refusal at the memory cap.
pub(super) const CAP_HINT: Hint = &[Words(
    "; the table doubles when it grows (its old and new tables \
                                   are held together while the entries move) and the \
                                   recursion's stack segments count too: raise the memory cap",
)];

/// One entry: a position and its bounds.
type Slot<G> = (<G as Game>::Position, Bounds<<G as Game>::Value>);

/// The table of one solve; see the [module docs](self).
pub(super) struct BoundsTable<G: Game> {
    entries: HashTable<Slot<G>>,
    hasher: DefaultHashBuilder,
}

/// A table kept by a solver for its next solve (its game's entry type behind `Any`); a clone
/// of the solver starts without one.
#[derive(Default)]
pub(super) struct KeptTable(Option<Box<dyn Any + Send>>);

impl Clone for KeptTable {
    fn clone(&self) -> Self {
        KeptTable(None)
    }
}

impl std::fmt::Debug for KeptTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("KeptTable")
            .field(&self.0.as_ref().map(|_| "a table"))
            .finish()
    }
}

impl KeptTable {
    /// No table kept.
    pub(super) const fn none() -> Self {
        KeptTable(None)
    }
}

impl<G: Game> BoundsTable<G> {
    /// The table of a solve within `cap` bytes and `budget` entries: the one `kept` holds
    /// (emptied) when it is of this game's entries, else a new one with room for
    /// [`FIRST_ENTRIES`] (or `budget`, when smaller) where that fits the cap.
    pub(super) fn new(kept: &mut KeptTable, cap: u64, budget: u64) -> Self {
        let kept = kept
            .0
            .take()
            .and_then(|table| table.downcast::<Self>().ok());
        if let Some(mut table) = kept {
            table.entries.clear();
            return *table;
        }
        let first = usize::try_from(budget).map_or(FIRST_ENTRIES, |b| b.min(FIRST_ENTRIES));
        let mut entries = HashTable::new();
        let hasher = DefaultHashBuilder::default();
        if map_bytes::<G::Position, Bounds<G::Value>>(first) <= u128::from(cap) {
            // A refusal here only leaves the table to grow from empty, each growth checked.
            let _ = entries.try_reserve(first, |(p, _): &Slot<G>| hasher.hash_one(p));
        }
        BoundsTable { entries, hasher }
    }

    /// Keeps this table in `kept` for the solver's next solve.
    pub(super) fn keep(self, kept: &mut KeptTable) {
        kept.0 = Some(Box::new(self));
    }

    /// The hash of `position`, for [`BoundsTable::get`] and the store that follows.
    #[inline(always)]
    pub(super) fn hash(&self, position: G::Position) -> u64 {
        self.hasher.hash_one(position)
    }

    /// The bounds stored for `position` (`hash` its hash).
    #[inline(always)]
    pub(super) fn get(&self, hash: u64, position: G::Position) -> Option<Bounds<G::Value>> {
        self.entries
            .find(hash, |(p, _)| *p == position)
            .map(|&(_, bounds)| bounds)
    }

    /// The stored bounds of `position` to narrow in place, when it is there.
    #[inline(always)]
    pub(super) fn get_mut(
        &mut self,
        hash: u64,
        position: G::Position,
    ) -> Option<&mut Bounds<G::Value>> {
        self.entries
            .find_mut(hash, |(p, _)| *p == position)
            .map(|(_, bounds)| bounds)
    }

    /// Inserts the entry of a position not in the table (`hash` its hash): room for it is
    /// made first ([`BoundsTable::make_room`]).
    #[inline(always)]
    pub(super) fn insert_new(
        &mut self,
        hash: u64,
        position: G::Position,
        bounds: Bounds<G::Value>,
    ) {
        let hasher = &self.hasher;
        self.entries
            .insert_unique(hash, (position, bounds), |(p, _)| hasher.hash_one(p));
    }

    /// Whether one more entry fits at once: the table has room and `budget` allows it.
    #[inline(always)]
    pub(super) fn has_room(&self, budget: u64) -> bool {
        let len = self.entries.len();
        len < self.entries.capacity() && (len as u64) < budget
    }

    /// Room for one more entry within `budget` entries and `cap` bytes (the table's growth
    /// counted with `other_bytes` held beside it), the table grown when full.
    ///
    /// # Errors
    ///
    /// [`Error::BudgetExhausted`], [`Error::TableTooLarge`] or [`Error::AllocationFailed`],
    /// naming `game`.
    #[inline]
    pub(super) fn make_room(
        &mut self,
        budget: u64,
        cap: u64,
        other_bytes: u64,
        game: &'static str,
    ) -> Result<(), Error> {
        let len = self.entries.len();
        if len as u64 >= budget {
            return Err(Error::BudgetExhausted {
                backend: NAME,
                game,
                budget,
                unit: "states",
                hint: &[],
            });
        }
        let capacity = self.entries.capacity();
        if len < capacity {
            return Ok(());
        }
        let required =
            growth_bytes::<G::Position, Bounds<G::Value>>(capacity) + u128::from(other_bytes);
        if required > u128::from(cap) {
            return Err(Error::TableTooLarge {
                backend: NAME,
                game,
                parameter: "states",
                value: len as u64 + 1,
                required_bytes: required,
                memory_cap_bytes: cap,
                hint: CAP_HINT,
            });
        }
        let hasher = &self.hasher;
        self.entries
            .try_reserve(1, |(p, _)| hasher.hash_one(p))
            .map_err(|_| Error::AllocationFailed {
                backend: NAME,
                game,
                parameter: "states",
                value: len as u64,
                required_bytes: required,
                memory_cap_bytes: cap,
                hint: &[],
            })
    }

    /// The entries it has room for.
    pub(super) fn capacity(&self) -> usize {
        self.entries.capacity()
    }

    /// Bytes it takes, as `hashbrown` lays it out.
    pub(super) fn bytes(&self) -> u128 {
        map_bytes::<G::Position, Bounds<G::Value>>(self.entries.capacity())
    }
}
