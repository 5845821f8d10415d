//! The fixed-size transposition table of `memo/bounded`: buckets of two entries, one kept by
//! the work its search cost, one always replaced; keys checked in full, so an entry is never
//! read for another position.
//!
//! # Layout
//!
//! `2 · B` slots (`B` buckets, a power of two) of 8 bytes each, allocated zeroed (calloc
//! through bytemuck: a slot never written costs no page) and, like the arena, marked for huge
//! pages ([`solver_search::pages`]: a probe at random into tens of MiB misses the TLB on
//! small pages), and an arena of at most `2 · B`
//! entries whose room is reserved when the table is made (`try_reserve_exact`: pages are
//! touched only as entries arrive). A slot holds the solve's stamp and one plus the index of
//! its entry in the arena; a slot of another stamp (or 0) is empty, so a solver keeps its
//! slots and its arena for the next solve of the same size ([`Kept`]) and starts it with a new
//! stamp and an emptied arena, without clearing or faulting them in again (an arena made
//! afresh each solve cost Connect Four's `L3_R1` positions most of their time: the
//! allocator's `mmap` and `munmap` of its room, and a page fault per 4 KiB of entries). The arena's length never passes its reserved room, so
//! the table never grows after it is made. Bucket `b` is slots `2b` (the *kept* entry) and `2b + 1` (the
//! *always-replaced* entry).
//!
//! # Replacement policy
//!
//! A result for a position already in its bucket narrows that entry's bounds in place. A new
//! position's result goes into the kept slot when its work (the positions its search
//! expanded) is at least the kept entry's, and the kept entry then moves to the
//! always-replaced slot (whose entry is dropped); otherwise it replaces the always-replaced
//! entry. So the costliest results of a bucket stay longest, and the most recent one is always
//! there (Fhourstones' "work" and the two-tier tables of chess programs).

use std::any::Any;
use std::hash::BuildHasher;
use std::mem::size_of;

use core_types::{Game, GameValue};

/// What the table keeps of a position: bounds on its value (`None`: unbounded on that side),
/// the index of its best move in the game's search order, the work its search cost, and
/// whether it was stored from a position that is not its own representative
/// ([`Game::canonical`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry<K, V> {
    pub(crate) key: K,
    pub(crate) lower: Option<V>,
    pub(crate) upper: Option<V>,
    pub(crate) best: u16,
    pub(crate) flipped: bool,
    pub(crate) work: u32,
}

/// No stored best move (or one past the index range).
pub(crate) const NO_MOVE: u16 = u16::MAX;

impl<K, V: GameValue> Entry<K, V> {
    /// The exact value, when the bounds meet, or one bound is the best (a win) or the worst
    /// (a loss) value there is.
    pub(crate) fn exact(&self) -> Option<V> {
        match (self.lower, self.upper) {
            (Some(lower), Some(upper)) if lower == upper => Some(lower),
            (Some(lower), _) if lower.is_best_possible() => Some(lower),
            (_, Some(upper)) if upper.negate().is_best_possible() => Some(upper),
            _ => None,
        }
    }
}

/// How positions are keyed: by the game's exact compact key ([`Game::table_key`]) or by the
/// whole position.
pub(crate) trait Keying<G: Game> {
    /// What an entry keeps to tell its position from every other.
    type Key: Copy + Eq + Send + 'static;
    /// The key of `position`'s representative ([`Game::canonical`]; `None`: the position is
    /// not kept) and whether that representative is not `position` itself.
    fn key(game: &G, position: G::Position) -> (Option<Self::Key>, bool);
    /// A well-mixed hash of a key: its low bits choose the bucket.
    fn hash(key: &Self::Key) -> u64;
}

/// Keys by [`Game::table_key`]: 8 bytes an entry.
pub(crate) struct ByTableKey;

impl<G: Game> Keying<G> for ByTableKey {
    type Key = u64;
    #[inline(always)]
    fn key(game: &G, position: G::Position) -> (Option<u64>, bool) {
        game.canonical_table_key(position)
            .map_or((None, false), |(key, flipped)| (Some(key), flipped))
    }
    #[inline(always)]
    fn hash(key: &u64) -> u64 {
        mix(*key)
    }
}

/// Keys by the whole position: exact for any game.
pub(crate) struct ByPosition;

impl<G: Game> Keying<G> for ByPosition {
    type Key = G::Position;
    #[inline(always)]
    fn key(game: &G, position: G::Position) -> (Option<G::Position>, bool) {
        let canonical = game.canonical(position);
        (Some(canonical), canonical != position)
    }
    #[inline(always)]
    fn hash(key: &G::Position) -> u64 {
        // A fixed seed: the same solve stores the same entries every run.
        mix(foldhash::fast::FixedState::with_seed(0).hash_one(key))
    }
}

/// SplitMix64's finalizer: every bit of `x` moves the low bits that choose a bucket.
#[inline(always)]
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// What the search asks of a table: [`Table`] (for any key) and the packed table
/// (`packed.rs`: shared by threads, for games with a table key and values with words).
pub(crate) trait Store<K, V> {
    /// The entry of `key` in the bucket of `hash`, if the table has it.
    fn get(&self, hash: u64, key: &K) -> Option<Entry<K, V>>;
    /// Keeps `new`'s bounds; `true` when a new entry was placed.
    fn store(&mut self, hash: u64, new: Entry<K, V>) -> bool;
    /// Asks for the bucket of `hash` to be brought into the cache.
    fn prefetch(&self, hash: u64);
    /// Bytes the table takes.
    fn bytes(&self) -> u64;

    /// Whether a position at `depth` shares its moves with other threads searching the same
    /// table (ABDADA's deferral, `parallel.rs`). The hooks below do nothing by default, and a
    /// one-thread search compiles them away.
    #[inline(always)]
    fn shares(&self, _depth: u64) -> bool {
        false
    }
    /// Whether another thread searches the move of `token` (a position's hash and the move).
    #[inline(always)]
    fn busy(&self, _token: u64) -> bool {
        false
    }
    /// This thread starts searching the move of `token`.
    #[inline(always)]
    fn enter(&self, _token: u64) {}
    /// This thread is done with the move of `token`.
    #[inline(always)]
    fn leave(&self, _token: u64) {}
}

impl<K: Copy + Eq + Send + 'static, V: GameValue> Store<K, V> for Table<K, V> {
    #[inline(always)]
    fn get(&self, hash: u64, key: &K) -> Option<Entry<K, V>> {
        Table::get(self, hash, key)
    }
    #[inline(always)]
    fn store(&mut self, hash: u64, new: Entry<K, V>) -> bool {
        Table::store(self, hash, new)
    }
    #[inline(always)]
    fn prefetch(&self, hash: u64) {
        Table::prefetch(self, hash);
    }
    fn bytes(&self) -> u64 {
        Table::bytes(self)
    }
}

/// Why a table could not be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TableRefusal {
    /// The system refused the memory.
    Allocation,
}

impl TableRefusal {
    /// The error for a table of `entries` entries of `entry_bytes` bytes under the memory
    /// cap `cap`.
    pub(crate) fn error<G: Game>(
        self,
        entries: u64,
        entry_bytes: u64,
        cap: u64,
    ) -> core_types::Error {
        match self {
            TableRefusal::Allocation => core_types::Error::AllocationFailed {
                backend: crate::NAME,
                game: G::NAME,
                parameter: "table_entries",
                value: entries,
                required_bytes: u128::from(entries) * u128::from(entry_bytes),
                memory_cap_bytes: cap,
                hint: &[],
            },
        }
    }
}

/// The fixed-size table; see the [module docs](self).
pub(crate) struct Table<K, V> {
    /// Per slot: the stamp above 32 bits, one plus its entry's index in `arena` below; live
    /// only with this solve's stamp.
    slots: Vec<u64>,
    /// The entries, at most `slots.len()`, room reserved up front.
    arena: Vec<Entry<K, V>>,
    /// Buckets minus one (a power of two minus one).
    mask: usize,
    /// This solve's stamp (never 0).
    stamp: u32,
}

/// A table's slots and arena kept by a solver between solves, with the last solve's stamp
/// (the arena as the `Vec` of entries of its game's key and value types, behind `Any`).
pub(crate) struct Kept {
    slots: Vec<u64>,
    arena: Option<Box<dyn Any + Send>>,
    stamp: u32,
}

/// A clone keeps the slots and makes its arena afresh.
impl Clone for Kept {
    fn clone(&self) -> Self {
        Kept {
            slots: self.slots.clone(),
            arena: None,
            stamp: self.stamp,
        }
    }
}

impl std::fmt::Debug for Kept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Kept")
            .field("slots", &self.slots.len())
            .field("stamp", &self.stamp)
            .finish()
    }
}

/// Bytes one entry of the table takes: its slot and its place in the arena.
pub(crate) const fn entry_bytes<K, V>() -> u64 {
    (size_of::<u64>() + size_of::<Entry<K, V>>()) as u64
}

/// The entries of the largest table of at most `bytes` bytes and at most `most` entries of
/// `entry_bytes` bytes each: an even power of two (two per bucket), 0 when not even one bucket
/// fits.
pub(crate) fn entries_within_at(bytes: u64, most: u64, entry_bytes: u64) -> u64 {
    let fit = (bytes / entry_bytes).min(most).min(MAX_ENTRIES);
    if fit < 2 {
        return 0;
    }
    1 << (63 - fit.leading_zeros())
}

/// The most entries a table has: slot indices are 32-bit.
pub(crate) const MAX_ENTRIES: u64 = 1 << 31;

impl<K: Copy + Eq + Send + 'static, V: GameValue> Table<K, V> {
    /// A table of `entries` entries (an even power of two, at most [`MAX_ENTRIES`]), on the
    /// slots and arena of `kept` when they are as many (and its arena of the same types).
    pub(crate) fn new(entries: u64, kept: Option<Kept>) -> Result<Self, TableRefusal> {
        let entries = usize::try_from(entries).map_err(|_| TableRefusal::Allocation)?;
        let (slots, arena, stamp) = match kept {
            Some(Kept {
                mut slots,
                arena,
                stamp,
            }) if slots.len() == entries => {
                let arena = arena
                    .and_then(|arena| arena.downcast::<Vec<Entry<K, V>>>().ok())
                    .map(|arena| *arena);
                if stamp == u32::MAX {
                    slots.fill(0);
                    (slots, arena, 1)
                } else {
                    (slots, arena, stamp + 1)
                }
            }
            _ => {
                let slots = bytemuck::allocation::try_zeroed_vec::<u64>(entries)
                    .map_err(|()| TableRefusal::Allocation)?;
                // Before any slot is written: the pages are then backed huge from the start.
                solver_search::pages::advise_huge_pages(slots.as_ptr(), slots.len());
                (slots, None, 1)
            }
        };
        let mut arena = arena.unwrap_or_default();
        arena.clear();
        if arena.capacity() < entries {
            arena
                .try_reserve_exact(entries)
                .map_err(|_| TableRefusal::Allocation)?;
            solver_search::pages::advise_huge_pages(arena.as_ptr(), arena.capacity());
        }
        Ok(Table {
            slots,
            arena,
            mask: entries / 2 - 1,
            stamp,
        })
    }

    /// The slots and the arena, for the next solve.
    pub(crate) fn into_kept(self) -> Kept {
        Kept {
            slots: self.slots,
            arena: Some(Box::new(self.arena)),
            stamp: self.stamp,
        }
    }

    /// The arena index of the entry of `slot`, when it is live.
    #[inline(always)]
    fn live(&self, slot: usize) -> Option<usize> {
        let word = self.slots[slot];
        let index = word as u32;
        ((word >> 32) as u32 == self.stamp && index != 0).then(|| (index - 1) as usize)
    }

    /// Points `slot` at the arena's entry `at`.
    #[inline(always)]
    fn point(&mut self, slot: usize, at: usize) {
        self.slots[slot] = u64::from(self.stamp) << 32 | (at as u64 + 1);
    }

    /// How many entries it can hold.
    pub(crate) fn entries(&self) -> usize {
        self.slots.len()
    }

    /// Bytes it holds (its slots and its arena's reserved room).
    pub(crate) fn bytes(&self) -> u64 {
        self.slots.len() as u64 * entry_bytes::<K, V>()
    }

    /// The slots of the bucket of `hash`.
    #[inline(always)]
    fn bucket(&self, hash: u64) -> usize {
        (hash as usize & self.mask) * 2
    }

    /// Asks for the slots of the bucket of `hash` to be brought into the cache (a hint, read
    /// ahead of [`Table::get`] while the caller does other work).
    #[inline(always)]
    pub(crate) fn prefetch(&self, hash: u64) {
        solver_search::pages::prefetch(&self.slots[self.bucket(hash)]);
    }

    /// The arena index of the entry of `key` in the bucket of `hash`, if there is one.
    #[inline(always)]
    fn find(&self, hash: u64, key: &K) -> Option<usize> {
        let first = self.bucket(hash);
        (first..first + 2).find_map(|slot| {
            let at = self.live(slot)?;
            (self.arena[at].key == *key).then_some(at)
        })
    }

    /// The entry of `key`, if the table has it.
    #[inline(always)]
    pub(crate) fn get(&self, hash: u64, key: &K) -> Option<Entry<K, V>> {
        self.find(hash, key).map(|at| self.arena[at])
    }

    /// Keeps `new`'s bounds for its key: narrows the entry already there, or places a new one
    /// by the replacement policy ([module docs](self)). `true` when a new entry was placed.
    pub(crate) fn store(&mut self, hash: u64, new: Entry<K, V>) -> bool {
        if let Some(at) = self.find(hash, &new.key) {
            let entry = &mut self.arena[at];
            if let Some(upper) = new.upper {
                entry.upper = Some(entry.upper.map_or(upper, |u| u.min(upper)));
            }
            if let Some(lower) = new.lower {
                entry.lower = Some(entry.lower.map_or(lower, |l| l.max(lower)));
            }
            if new.best != NO_MOVE {
                (entry.best, entry.flipped) = (new.best, new.flipped);
            }
            entry.work = entry.work.max(new.work);
            return false;
        }
        let kept = self.bucket(hash);
        let always = kept + 1;
        let kept_work = self.live(kept).map(|at| self.arena[at].work);
        let target = if kept_work.is_none_or(|work| new.work >= work) {
            // The kept entry moves down; the always-replaced one's room takes the new entry.
            self.slots.swap(kept, always);
            kept
        } else {
            always
        };
        // After the swap, `always` holds the demoted entry and `kept` the room to reuse.
        match self.live(target) {
            Some(at) => self.arena[at] = new,
            None => {
                debug_assert!(self.arena.len() < self.arena.capacity());
                self.arena.push(new);
                self.point(target, self.arena.len() - 1);
            }
        }
        true
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use core_types::Verdict;

    fn entry(key: u64, work: u32) -> Entry<u64, Verdict> {
        Entry {
            key,
            lower: Some(Verdict::Draw),
            upper: None,
            best: NO_MOVE,
            flipped: false,
            work,
        }
    }

    /// One bucket: the costlier entry stays, the newest replaces the other, the arena never
    /// passes its room.
    #[test]
    fn replacement_keeps_work_and_the_newest() {
        let mut table = Table::<u64, Verdict>::new(2, None).unwrap();
        assert!(table.store(0, entry(1, 10)));
        assert!(table.store(0, entry(2, 5)));
        assert!(table.get(0, &1).is_some() && table.get(0, &2).is_some());
        // Less work than the kept entry (1): replaces the always-replaced one (2).
        assert!(table.store(0, entry(3, 4)));
        assert!(table.get(0, &1).is_some() && table.get(0, &2).is_none());
        // More work: kept; 1 moves down, 3 is dropped.
        assert!(table.store(0, entry(4, 20)));
        assert_eq!(table.get(0, &4).unwrap().work, 20);
        assert!(table.get(0, &1).is_some() && table.get(0, &3).is_none());
        assert!(table.arena.len() <= 2 && table.arena.capacity() == 2);
        // A result for a key present narrows its bounds in place.
        let mut upper = entry(1, 1);
        (upper.lower, upper.upper) = (None, Some(Verdict::Draw));
        assert!(!table.store(0, upper));
        assert_eq!(table.get(0, &1).unwrap().exact(), Some(Verdict::Draw));
    }

    /// Slots kept for the next solve start empty under its new stamp, without clearing.
    #[test]
    fn kept_slots_start_empty_under_a_new_stamp() {
        let mut table = Table::<u64, Verdict>::new(4, None).unwrap();
        assert!(table.store(0, entry(1, 10)) && table.store(1, entry(2, 5)));
        let kept = table.into_kept();
        assert_eq!(kept.stamp, 1);
        let mut table = Table::<u64, Verdict>::new(4, Some(kept)).unwrap();
        assert!(table.get(0, &1).is_none() && table.get(1, &2).is_none());
        assert!(table.store(1, entry(3, 1)));
        assert_eq!(table.get(1, &3).unwrap().work, 1);
        assert!(table.arena.len() == 1 && table.stamp == 2);
        // Another size: new slots.
        let table = Table::<u64, Verdict>::new(8, Some(table.into_kept())).unwrap();
        assert_eq!((table.entries(), table.stamp), (8, 1));
    }

    #[test]
    fn sizes_are_even_powers_of_two_within_the_bytes() {
        let one = entry_bytes::<u64, Verdict>();
        assert_eq!(entries_within_at(one, u64::MAX, one), 0);
        assert_eq!(entries_within_at(2 * one, u64::MAX, one), 2);
        assert_eq!(entries_within_at(1000 * one, u64::MAX, one), 512);
        assert_eq!(entries_within_at(1000 * one, 300, one), 256);
    }
}
