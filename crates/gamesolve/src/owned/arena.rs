//! The numbering of an [`Interned`](super::Interned) game: each position kept once, in the
//! order first seen, with what the game said of it.
//!
//! Time: a question answered before is a vector read; a new position is one hash of it and
//! one probe of the hash table (amortised `O(1)`), plus its pushes. Memory: see
//! [`Arena::bytes`], counted from the vectors' and the table's capacities, and checked
//! against the cap *before* anything grows, so the numbering never holds more than its cap.

use crate::core_types::error::HintPart::Words;
use std::hash::BuildHasher;
use std::mem::size_of;

use hashbrown::{DefaultHashBuilder, HashTable};

use super::OwnedGame;
use crate::Error;

/// No number: a move not played yet (in [`Arena::children`]), and the position a move leads
/// to past the memory cap (it has no move and is not over, so a search stops there).
pub(super) const NONE: u32 = u32::MAX;

/// One numbered position and what the game said of it.
struct Entry<G: OwnedGame> {
    position: G::Position,
    /// [`OwnedGame::terminal_value`], once asked.
    terminal: Option<Option<G::Value>>,
    /// Where its moves are in [`Arena::moves`] and [`Arena::children`].
    first: usize,
    /// How many moves it has; [`NONE`] before they are listed.
    count: u32,
}

/// The positions of an [`Interned`](super::Interned) game, numbered.
pub(super) struct Arena<G: OwnedGame> {
    /// By number.
    entries: Vec<Entry<G>>,
    /// The numbers, found by their position's hash.
    index: HashTable<u32>,
    hasher: DefaultHashBuilder,
    /// Each listed move of each position, a position's moves side by side.
    moves: Vec<G::Move>,
    /// Where each of those moves leads ([`NONE`] before it is played).
    children: Vec<u32>,
    /// The positions' own heap bytes ([`OwnedGame::heap_bytes`]).
    heap: u64,
    start: Option<u32>,
    /// Why the numbering stopped, once it did.
    refusal: Option<Error>,
}

/// Bytes of a hash table of numbers that holds `capacity` of them: a bucket of 4 bytes and a
/// control byte each, at most 7/8 full, and a group of control bytes more (hashbrown's
/// layout; `0` before the first insertion).
fn index_bytes(capacity: usize) -> u64 {
    if capacity == 0 {
        return 0;
    }
    let buckets = if capacity < 7 {
        capacity + 1
    } else {
        capacity / 7 * 8
    };
    buckets as u64 * 5 + 16
}

/// The capacity a hash table holding `capacity` numbers has once it holds `needed`: what
/// hashbrown's growth gives (the buckets for `needed` or one more than it held, a power of
/// two, 7/8 of them usable).
fn index_grown(needed: usize, capacity: usize) -> usize {
    if needed <= capacity {
        return capacity;
    }
    let items = needed.max(capacity + 1);
    let buckets = if items < 4 {
        4
    } else if items < 8 {
        8
    } else {
        (items * 8 / 7).next_power_of_two()
    };
    if buckets < 8 {
        buckets - 1
    } else {
        buckets / 8 * 7
    }
}

/// The capacity a vector of `capacity` items has once it holds `needed`: it doubles, from 4,
/// or grows to `needed` when that is more.
fn grown(needed: usize, capacity: usize) -> usize {
    if needed <= capacity {
        capacity
    } else {
        (capacity * 2).max(needed).max(4)
    }
}

/// The error of a numbering past its cap: `positions` numbered, `required` bytes for one more
/// step beside a cap of `cap`.
pub(super) fn refused<G: OwnedGame>(positions: usize, required: u64, cap: u64) -> Error {
    Error::TableTooLarge {
        backend: "interned",
        game: G::NAME,
        parameter: "positions interned",
        value: positions as u64,
        required_bytes: u128::from(required),
        memory_cap_bytes: cap,
        hint: &[Words(
            "; an OwnedGame's positions and moves are kept while its Interned value lives, \
               within its own cap (Interned::with_memory_cap)",
        )],
    }
}

/// The system refused room for `positions` positions' numbering.
fn allocation_failed<G: OwnedGame>(positions: usize, required: u64, cap: u64) -> Error {
    Error::AllocationFailed {
        backend: "interned",
        game: G::NAME,
        parameter: "positions interned",
        value: positions as u64,
        required_bytes: u128::from(required),
        memory_cap_bytes: cap,
        hint: &[],
    }
}

impl<G: OwnedGame> Arena<G> {
    pub(super) fn new() -> Self {
        Arena {
            entries: Vec::new(),
            index: HashTable::new(),
            hasher: DefaultHashBuilder::default(),
            moves: Vec::new(),
            children: Vec::new(),
            heap: 0,
            start: None,
            refusal: None,
        }
    }

    /// How many positions are numbered.
    pub(super) fn len(&self) -> usize {
        self.entries.len()
    }

    /// Bytes held: the vectors' and the hash table's capacities, and the positions' own heap
    /// bytes.
    pub(super) fn bytes(&self) -> u64 {
        self.bytes_with(
            self.entries.capacity(),
            self.index.capacity(),
            self.moves.capacity(),
            self.children.capacity(),
        )
        .saturating_add(self.heap)
    }

    /// Bytes of the vectors and the table at these capacities.
    fn bytes_with(&self, entries: usize, index: usize, moves: usize, children: usize) -> u64 {
        (entries as u64 * size_of::<Entry<G>>() as u64)
            .saturating_add(index_bytes(index))
            .saturating_add(moves as u64 * size_of::<G::Move>() as u64)
            .saturating_add(children as u64 * size_of::<u32>() as u64)
    }

    /// Keeps the first error the numbering stopped with.
    pub(super) fn refuse(&mut self, e: Error) {
        self.refusal.get_or_insert(e);
    }

    pub(super) fn refusal(&self) -> Option<&Error> {
        self.refusal.as_ref()
    }

    /// The position numbered `id`.
    pub(super) fn position(&self, id: u32) -> Option<&G::Position> {
        self.entries.get(id as usize).map(|e| &e.position)
    }

    /// The listed move at `at` of [`Arena::moves`] (a place [`Arena::listed`] gave).
    pub(super) fn move_at(&self, at: usize) -> &G::Move {
        &self.moves[at]
    }

    /// The position `id` and its move `mv`, once its moves are listed.
    pub(super) fn position_and_move(&self, id: u32, mv: u32) -> Option<(&G::Position, &G::Move)> {
        let entry = self.entries.get(id as usize)?;
        if entry.count == NONE || mv >= entry.count {
            return None;
        }
        Some((&entry.position, self.moves.get(entry.first + mv as usize)?))
    }

    /// The start position's number, numbering it the first time.
    pub(super) fn start(&mut self, game: &G, cap: u64) -> Result<u32, Error> {
        if let Some(start) = self.start {
            return Ok(start);
        }
        let start = self.intern(game, game.start(), cap)?;
        self.start = Some(start);
        Ok(start)
    }

    /// The game's terminal value of `id`, asked once; `None` for [`NONE`].
    pub(super) fn terminal_value(&mut self, game: &G, id: u32) -> Option<G::Value> {
        let entry = self.entries.get_mut(id as usize)?;
        *entry
            .terminal
            .get_or_insert_with(|| game.terminal_value(&entry.position))
    }

    /// Where `id`'s moves are and how many (listing them the first time); `(0, 0)` for
    /// [`NONE`].
    pub(super) fn listed(&mut self, game: &G, id: u32, cap: u64) -> Result<(usize, u32), Error> {
        let Some(entry) = self.entries.get(id as usize) else {
            return Ok((0, 0));
        };
        if entry.count != NONE {
            return Ok((entry.first, entry.count));
        }
        let listed = game.moves(&entry.position);
        let count = u32::try_from(listed.len()).ok().filter(|&k| k < NONE);
        let total = self.moves.len().saturating_add(listed.len());
        let required = self.bytes_with(
            self.entries.capacity(),
            self.index.capacity(),
            grown(total, self.moves.capacity()),
            grown(total, self.children.capacity()),
        ) + self.heap;
        let Some(count) = count.filter(|_| required <= cap) else {
            return Err(refused::<G>(self.entries.len(), required, cap));
        };
        let fits = self.moves.try_reserve(listed.len()).is_ok()
            && self.children.try_reserve(listed.len()).is_ok();
        if !fits {
            return Err(allocation_failed::<G>(self.entries.len(), required, cap));
        }
        let first = self.moves.len();
        self.moves.extend(listed);
        self.children.resize(self.moves.len(), NONE);
        let entry = &mut self.entries[id as usize];
        (entry.first, entry.count) = (first, count);
        Ok((first, count))
    }

    /// The number of the position move `mv` of `id` leads to, played once; [`NONE`] for a
    /// move that is not one of `id`'s.
    pub(super) fn play(&mut self, game: &G, id: u32, mv: u32, cap: u64) -> Result<u32, Error> {
        let (first, count) = self.listed(game, id, cap)?;
        if mv >= count {
            return Ok(NONE);
        }
        let at = first + mv as usize;
        if self.children[at] != NONE {
            return Ok(self.children[at]);
        }
        let child = game.play(&self.entries[id as usize].position, &self.moves[at]);
        let child = self.intern(game, child, cap)?;
        self.children[at] = child;
        Ok(child)
    }

    /// The number of `position`, numbering it when it is new (the cap checked first).
    pub(super) fn intern(
        &mut self,
        game: &G,
        position: G::Position,
        cap: u64,
    ) -> Result<u32, Error> {
        let hash = self.hasher.hash_one(&position);
        let entries = &self.entries;
        if let Some(&id) = self
            .index
            .find(hash, |&id| entries[id as usize].position == position)
        {
            return Ok(id);
        }
        let n = self.entries.len();
        let heap = game.heap_bytes(&position);
        let required = self
            .bytes_with(
                grown(n + 1, self.entries.capacity()),
                index_grown(self.index.len() + 1, self.index.capacity()),
                self.moves.capacity(),
                self.children.capacity(),
            )
            .saturating_add(self.heap)
            .saturating_add(heap);
        let id = u32::try_from(n).ok().filter(|&id| id < NONE);
        let Some(id) = id.filter(|_| required <= cap) else {
            return Err(refused::<G>(n, required, cap));
        };
        if self.entries.try_reserve(1).is_err() {
            return Err(allocation_failed::<G>(n, required, cap));
        }
        let (hasher, entries) = (&self.hasher, &self.entries);
        let rehash = |&i: &u32| hasher.hash_one(&entries[i as usize].position);
        if self.index.try_reserve(1, rehash).is_err() {
            return Err(allocation_failed::<G>(n, required, cap));
        }
        self.entries.push(Entry {
            position,
            terminal: None,
            first: 0,
            count: NONE,
        });
        self.heap = self.heap.saturating_add(heap);
        let (hasher, entries) = (&self.hasher, &self.entries);
        self.index.insert_unique(hash, id, |&i| {
            hasher.hash_one(&entries[i as usize].position)
        });
        Ok(id)
    }
}
