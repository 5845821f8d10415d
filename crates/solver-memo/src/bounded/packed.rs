//! `memo/bounded`'s table for games that give an exact 64-bit key ([`Game::table_key`]) and
//! whose values have words ([`GameValue::from_word`] gives a value for 0): each bucket's two entries **in place**,
//! in one 32-byte block (a probe reads one cache line, where [`super::table::Table`] reads a
//! slot and then its entry in the arena: two misses on a table larger than the caches), and
//! shared between threads without a lock for readers (`memo/bounded-all-cores`).
//!
//! [`Game::table_key`]: core_types::Game::table_key
//!
//! # Layout
//!
//! A bucket is four 64-bit words, 32 bytes aligned to 32 (so never across two cache lines):
//!
//! | word | holds |
//! |---|---|
//! | version | the solve's stamp (high 32 bits) and a sequence number (low 32: odd while a thread writes the bucket) |
//! | key 0, key 1 | the two entries' keys, whole: an entry is never read for another position |
//! | data | the two entries' 32-bit data (entry 0 low) |
//!
//! An entry's data: bit 0 set when the entry is there; bits 1-10 and 11-20 its lower and
//! upper bound (a value `v` as `v + 512`, 0 for none); bits 21-26 the index of its best move
//! (63 for none); bit 27 whether it was stored from a mirrored position; bits 28-31 its work
//! as a power of two (`⌊log2 work⌋`, at most 15). A bound whose value is outside -511..=511
//! (as [`GameValue::to_word`] gives it) is not kept, and a best move past index 62 is not
//! kept: the position is searched again or its moves tried in the game's order (time, never
//! exactness). Connect Four's scores (at most ±33 on 8x8) and win, draw or loss fit.
//!
//! # Sharing between threads: a sequence lock per bucket
//!
//! A reader reads the version, the words, then the version again, and takes the bucket only
//! when both versions are equal and even and carry this solve's stamp; otherwise the probe is
//! a miss. A writer takes the bucket by moving its version to odd (a compare-and-swap; a
//! bucket another thread is writing is left alone: the result is not stored, a miss later,
//! never a wrong value), writes, and moves it to the next even number. So a reader never
//! takes half of one write and half of another: what it reads is a true bound that some thread
//! found for that key. (The lockless "key XOR data" check of chess programs has no such
//! guarantee: a torn read can pass it, rarely; an exact solver cannot accept rarely.)
//!
//! # Replacement policy
//!
//! As [`super::table`]'s: the result for a key already in the bucket narrows that entry; a
//! new key takes entry 0 (the *kept* one) when its work is at least that entry's (which moves
//! to entry 1, dropping what was there), else entry 1 (*always replaced*).
//!
//! # Complexity
//!
//! 16 bytes an entry; a probe reads one 32-byte bucket; a store is one compare-and-swap and
//! four word writes. Emptied for the next solve by a new stamp (no clearing); zeroed once
//! every 2^32 - 1 solves when the stamp wraps.

use std::sync::atomic::{fence, AtomicU64, Ordering};

use core_types::GameValue;

use super::table::{Entry, Store, TableRefusal, NO_MOVE};

/// One bucket's words: version, the two keys, the two entries' data; see the
/// [module docs](self).
type Bucket = [AtomicU64];
const VERSION: usize = 0;
const KEYS: usize = 1;
const DATA: usize = 3;

/// Words a bucket takes, and its bytes (the alignment its first word is given).
const BUCKET_WORDS: usize = 4;
const BUCKET_BYTES: usize = BUCKET_WORDS * 8;

/// Bytes one entry takes (half a bucket).
pub(crate) const ENTRY_BYTES: u64 = (BUCKET_BYTES / 2) as u64;

/// The bound codes' offset: a value `v` is kept as `v + OFFSET`, 0 meaning no bound.
const OFFSET: i64 = 512;
/// The best-move code for none.
const NO_BEST: u32 = 63;

/// The table; see the [module docs](self).
#[derive(Debug)]
pub(crate) struct PackedTable {
    /// The buckets' words from `skip` on (a few more than the buckets', so that the first
    /// bucket starts on a 32-byte boundary: allocated as 8-byte words, the table is zeroed by
    /// the system's `calloc`, which touches no page; a type aligned to 32 would be zeroed by
    /// writing every byte, before the huge-page hint could apply).
    words: Vec<AtomicU64>,
    /// Words before the first bucket.
    skip: usize,
    /// Buckets minus one.
    mask: usize,
    /// This solve's stamp (never 0).
    stamp: u32,
}

/// A value's bound code: `v + 512` for a value in -511..=511, else `None` (not kept).
#[inline(always)]
fn bound_code<V: GameValue>(value: Option<V>) -> u32 {
    value
        .and_then(GameValue::to_word)
        .map(|word| word as i64)
        .filter(|v| (1 - OFFSET..OFFSET).contains(v))
        .map_or(0, |v| (v + OFFSET) as u32)
}

/// The value of a bound code (0: none).
#[inline(always)]
fn bound_value<V: GameValue>(code: u32) -> Option<V> {
    if code == 0 {
        return None;
    }
    V::from_word((i64::from(code) - OFFSET) as u64)
}

/// `⌊log2 work⌋`, at most 15.
#[inline(always)]
fn work_class(work: u32) -> u32 {
    (31 - work.max(1).leading_zeros()).min(15)
}

/// An entry's 32-bit data.
#[inline(always)]
fn encode<V: GameValue>(entry: &Entry<u64, V>) -> u32 {
    let best = if u32::from(entry.best) < NO_BEST {
        u32::from(entry.best)
    } else {
        NO_BEST
    };
    1 | bound_code(entry.lower) << 1
        | bound_code(entry.upper) << 11
        | best << 21
        | u32::from(entry.flipped) << 27
        | work_class(entry.work) << 28
}

/// The entry of key `key` and data `data` (bit 0 set).
#[inline(always)]
fn decode<V: GameValue>(key: u64, data: u32) -> Entry<u64, V> {
    let best = (data >> 21) & 63;
    Entry {
        key,
        lower: bound_value((data >> 1) & 1023),
        upper: bound_value((data >> 11) & 1023),
        best: if best == NO_BEST {
            NO_MOVE
        } else {
            best as u16
        },
        flipped: data >> 27 & 1 == 1,
        work: 1 << (data >> 28),
    }
}

impl PackedTable {
    /// A table of `entries` entries (an even power of two), on `kept`'s buckets when they are
    /// as many.
    pub(crate) fn new(entries: u64, kept: Option<PackedTable>) -> Result<Self, TableRefusal> {
        let buckets = usize::try_from(entries / 2)
            .map_err(|_| TableRefusal::Allocation)?
            .max(1);
        if let Some(mut table) = kept.filter(|table| table.mask + 1 == buckets) {
            if table.stamp == u32::MAX {
                for word in &mut table.words {
                    *word.get_mut() = 0;
                }
                table.stamp = 1;
            } else {
                table.stamp += 1;
            }
            return Ok(table);
        }
        let length = buckets
            .checked_mul(BUCKET_WORDS)
            .and_then(|words| words.checked_add(BUCKET_WORDS - 1))
            .ok_or(TableRefusal::Allocation)?;
        let words = bytemuck::allocation::try_zeroed_vec::<AtomicU64>(length)
            .map_err(|()| TableRefusal::Allocation)?;
        let skip = (words.as_ptr() as usize).wrapping_neg() % BUCKET_BYTES / 8;
        // Before any bucket is written: its pages are then backed huge from the start.
        solver_search::pages::advise_huge_pages(words.as_ptr(), words.len());
        // One write in each huge page, so that it is backed now, and by a huge page: a
        // search's first touch of a page is a read (a probe), which maps the shared zero
        // page, and the write after it then splits it into small pages (measured: 12 of the
        // default table's 62 MiB ended on huge pages, and each probe missed the TLB).
        for word in words
            .iter()
            .step_by(solver_search::pages::HUGE_PAGE_BYTES / 8)
        {
            word.store(0, Ordering::Relaxed);
        }
        Ok(PackedTable {
            words,
            skip,
            mask: buckets - 1,
            stamp: 1,
        })
    }

    /// How many entries it holds.
    pub(crate) fn entries(&self) -> usize {
        (self.mask + 1) * 2
    }

    /// Bytes it takes.
    pub(crate) fn bytes(&self) -> u64 {
        self.entries() as u64 * ENTRY_BYTES
    }

    #[inline(always)]
    fn bucket(&self, hash: u64) -> &Bucket {
        let first = self.skip + (hash as usize & self.mask) * BUCKET_WORDS;
        &self.words[first..first + BUCKET_WORDS]
    }

    /// Asks for the bucket of `hash` to be brought into the cache.
    #[inline(always)]
    pub(crate) fn prefetch(&self, hash: u64) {
        solver_search::pages::prefetch(&self.bucket(hash)[VERSION]);
    }

    /// The bucket's two keys and data when it holds this solve's entries and no write was
    /// under way while it was read; `None` otherwise (a miss).
    #[inline(always)]
    fn read(&self, bucket: &Bucket) -> Option<([u64; 2], u64)> {
        let before = bucket[VERSION].load(Ordering::Acquire);
        if (before >> 32) as u32 != self.stamp || before & 1 == 1 {
            return None;
        }
        let keys = [
            bucket[KEYS].load(Ordering::Relaxed),
            bucket[KEYS + 1].load(Ordering::Relaxed),
        ];
        let data = bucket[DATA].load(Ordering::Relaxed);
        fence(Ordering::Acquire);
        (bucket[VERSION].load(Ordering::Relaxed) == before).then_some((keys, data))
    }

    /// The entry of `key`, if the table has it.
    #[inline(always)]
    pub(crate) fn get<V: GameValue>(&self, hash: u64, key: u64) -> Option<Entry<u64, V>> {
        let (keys, data) = self.read(self.bucket(hash))?;
        (0..2).find_map(|i| {
            let half = (data >> (32 * i)) as u32;
            (half & 1 == 1 && keys[i] == key).then(|| decode(key, half))
        })
    }

    /// Keeps `new`'s bounds for its key by the replacement policy ([module docs](self)).
    /// `true` when a new entry was placed; `false` when an entry was narrowed, or the bucket
    /// was being written by another thread (nothing stored).
    pub(crate) fn store<V: GameValue>(&self, hash: u64, new: &Entry<u64, V>) -> bool {
        let bucket = self.bucket(hash);
        let version = bucket[VERSION].load(Ordering::Relaxed);
        if version & 1 == 1 {
            return false;
        }
        let fresh = (version >> 32) as u32 != self.stamp;
        let sequence = if fresh { 0 } else { version as u32 };
        let locked = u64::from(self.stamp) << 32 | u64::from(sequence.wrapping_add(1));
        if bucket[VERSION]
            .compare_exchange(version, locked, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            return false;
        }
        fence(Ordering::Release);
        self.write(bucket, version, new)
    }

    /// [`PackedTable::store`] by the only thread that uses the table (no other thread reads
    /// or writes it meanwhile): the same words written, without taking the bucket's lock
    /// (`store`, with its compare-and-swap, a locked instruction, was 3 % of a single-threaded
    /// search's profile on Connect Four).
    #[inline(always)]
    pub(crate) fn store_alone<V: GameValue>(&self, hash: u64, new: &Entry<u64, V>) -> bool {
        let bucket = self.bucket(hash);
        let version = bucket[VERSION].load(Ordering::Relaxed);
        self.write(bucket, version, new)
    }

    /// Writes `new` into `bucket`, whose version was `version` (even) before the write.
    #[inline(always)]
    fn write<V: GameValue>(&self, bucket: &Bucket, version: u64, new: &Entry<u64, V>) -> bool {
        let fresh = (version >> 32) as u32 != self.stamp;
        let sequence = if fresh { 0 } else { version as u32 };
        let (mut keys, mut data) = if fresh {
            ([0; 2], 0)
        } else {
            (
                [
                    bucket[KEYS].load(Ordering::Relaxed),
                    bucket[KEYS + 1].load(Ordering::Relaxed),
                ],
                bucket[DATA].load(Ordering::Relaxed),
            )
        };
        let half = |data: u64, i: usize| (data >> (32 * i)) as u32;
        let present = |data: u64, i: usize| half(data, i) & 1 == 1;
        let placed = match (0..2).find(|&i| present(data, i) && keys[i] == new.key) {
            Some(i) => {
                let old: Entry<u64, V> = decode(new.key, half(data, i));
                let merged = Entry {
                    key: new.key,
                    lower: match (old.lower, new.lower) {
                        (Some(a), Some(b)) => Some(a.max(b)),
                        (a, b) => a.or(b),
                    },
                    upper: match (old.upper, new.upper) {
                        (Some(a), Some(b)) => Some(a.min(b)),
                        (a, b) => a.or(b),
                    },
                    best: if new.best == NO_MOVE {
                        old.best
                    } else {
                        new.best
                    },
                    flipped: if new.best == NO_MOVE {
                        old.flipped
                    } else {
                        new.flipped
                    },
                    work: old.work.max(new.work),
                };
                let shift = 32 * i;
                data = data & !(u64::from(u32::MAX) << shift) | u64::from(encode(&merged)) << shift;
                false
            }
            None => {
                let kept_work = present(data, 0).then(|| half(data, 0) >> 28);
                if kept_work.is_none_or(|class| work_class(new.work) >= class) {
                    // The kept entry moves down; the new one takes its place.
                    keys = [new.key, keys[0]];
                    data = data << 32 | u64::from(encode(new));
                } else {
                    keys[1] = new.key;
                    data = data & u64::from(u32::MAX) | u64::from(encode(new)) << 32;
                }
                true
            }
        };
        bucket[KEYS].store(keys[0], Ordering::Relaxed);
        bucket[KEYS + 1].store(keys[1], Ordering::Relaxed);
        bucket[DATA].store(data, Ordering::Relaxed);
        let unlocked = u64::from(self.stamp) << 32 | u64::from(sequence.wrapping_add(2));
        bucket[VERSION].store(unlocked, Ordering::Release);
        placed
    }
}

/// The table used by one thread alone (`memo/bounded`, or the phase after the threads
/// joined): reads as [`PackedTable::get`], writes by [`PackedTable::store_alone`].
pub(crate) struct Alone<'a>(pub(crate) &'a PackedTable);

impl<V: GameValue> Store<u64, V> for Alone<'_> {
    #[inline(always)]
    fn get(&self, hash: u64, key: &u64) -> Option<Entry<u64, V>> {
        self.0.get(hash, *key)
    }
    #[inline(always)]
    fn store(&mut self, hash: u64, new: Entry<u64, V>) -> bool {
        self.0.store_alone(hash, &new)
    }
    #[inline(always)]
    fn prefetch(&self, hash: u64) {
        self.0.prefetch(hash);
    }
    fn bytes(&self) -> u64 {
        self.0.bytes()
    }
}

/// The search's view of the table, shared: each thread holds a reference.
impl<V: GameValue> Store<u64, V> for &PackedTable {
    #[inline(always)]
    fn get(&self, hash: u64, key: &u64) -> Option<Entry<u64, V>> {
        PackedTable::get(self, hash, *key)
    }
    #[inline(always)]
    fn store(&mut self, hash: u64, new: Entry<u64, V>) -> bool {
        PackedTable::store(self, hash, &new)
    }
    #[inline(always)]
    fn prefetch(&self, hash: u64) {
        PackedTable::prefetch(self, hash);
    }
    fn bytes(&self) -> u64 {
        PackedTable::bytes(self)
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

    /// One bucket: the costlier entry stays, the newest replaces the other.
    #[test]
    fn replacement_keeps_work_and_the_newest() {
        let table = PackedTable::new(2, None).unwrap();
        assert!(table.store(0, &entry(1, 16)));
        assert!(table.store(0, &entry(2, 5)));
        assert!(table.get::<Verdict>(0, 1).is_some() && table.get::<Verdict>(0, 2).is_some());
        // Less work than the kept entry (1): replaces the always-replaced one (2).
        assert!(table.store(0, &entry(3, 4)));
        assert!(table.get::<Verdict>(0, 1).is_some() && table.get::<Verdict>(0, 2).is_none());
        // More work: kept; 1 moves down, 3 is dropped.
        assert!(table.store(0, &entry(4, 40)));
        assert_eq!(table.get::<Verdict>(0, 4).unwrap().work, 32);
        assert!(table.get::<Verdict>(0, 1).is_some() && table.get::<Verdict>(0, 3).is_none());
        // A result for a key present narrows its bounds in place.
        let mut upper = entry(1, 1);
        (upper.lower, upper.upper) = (None, Some(Verdict::Draw));
        upper.best = 5;
        assert!(!table.store(0, &upper));
        let narrowed = table.get::<Verdict>(0, 1).unwrap();
        assert_eq!((narrowed.exact(), narrowed.best), (Some(Verdict::Draw), 5));
    }

    /// Key 0 and an empty bucket are told apart; a new stamp empties the table.
    #[test]
    fn key_zero_and_new_stamps() {
        let table = PackedTable::new(4, None).unwrap();
        assert!(table.get::<Verdict>(0, 0).is_none());
        assert!(table.store(0, &entry(0, 1)));
        assert!(table.get::<Verdict>(0, 0).is_some());
        let table = PackedTable::new(4, Some(table)).unwrap();
        assert_eq!(table.stamp, 2);
        assert!(table.get::<Verdict>(0, 0).is_none());
        let table = PackedTable::new(8, Some(table)).unwrap();
        assert_eq!((table.entries(), table.stamp), (8, 1));
    }

    /// Values outside the codes' range are not kept; the ones inside come back.
    #[test]
    fn bounds_round_trip_within_the_range() {
        use core_types::Margin;
        for v in [-511, -1, 0, 7, 511] {
            assert_eq!(
                bound_value::<Margin>(bound_code(Some(Margin(v)))),
                Some(Margin(v))
            );
        }
        for v in [-512, 512, 1 << 40] {
            assert_eq!(bound_code(Some(Margin(v))), 0);
        }
        assert_eq!(work_class(0), 0);
        assert_eq!(work_class(1 << 20), 15);
    }

    /// Two threads storing into the same buckets never leave an entry another key can read.
    #[test]
    fn threads_never_mix_entries() {
        let table = PackedTable::new(16, None).unwrap();
        std::thread::scope(|scope| {
            for t in 0..2u64 {
                let table = &table;
                scope.spawn(move || {
                    for i in 0..20_000u64 {
                        let key = i % 64;
                        // Each key's bound is its own: key mod 3 as loss, draw, win.
                        let value =
                            [Verdict::Loss, Verdict::Draw, Verdict::Win][(key % 3) as usize];
                        let new = Entry {
                            key,
                            lower: Some(value),
                            upper: Some(value),
                            best: (key % 7) as u16,
                            flipped: false,
                            work: (i ^ t) as u32 % 100,
                        };
                        table.store(key, &new);
                        if let Some(found) = table.get::<Verdict>(key, key) {
                            assert_eq!(found.exact(), Some(value));
                            assert_eq!(u64::from(found.best), key % 7);
                        }
                    }
                });
            }
        });
    }
}
