//! The acyclic fast path: the classic bottom-up dynamic programme over the positions the start
//! reaches, in the post-order of an iterative depth-first search (see the [module
//! docs](super)).
//!
//! Each position is given its id when it is *finished* (all its moves seen), so ids are the
//! post-order: a position's children all have smaller ids, the cells are written once each in
//! id order (appended, never revisited), and the [`Event::Cell`]s in id order are a valid
//! order of decision (every child before its parent). While a position is on the search's
//! path it is marked as such in the lookup; a move into a position on the path is a cycle,
//! and the fast path gives up (`Ok(None)`) so that the counter-based pass (which handles
//! repeats) solves the game from scratch.
//!
//! The lookup: for a numbering of at most [`DENSE_INDICES`] indices, an array of ids by index
//! (a move's child: its id there, then its cell); beyond, one hash table whose entry holds the
//! index *and* a copy of its cell ([`Known`]), so that a move's child costs one probe and no
//! read elsewhere. Once the table outgrows the cache, each of those reads is a cache miss,
//! and they are what the pass's time goes to on a game with cheap rules (BENCHMARKS.md,
//! "Issue 28, round 10": the copy took 0.88x the time of an id map and a cell array on
//! bitboard Domineering 5x5). A finished position's entry is found again by the bucket its
//! claim returned, without hashing, unless the table has grown since.
//!
//! Time `O(S + E)` (expected, with the hash table): per position reached one `terminal_value`,
//! one `moves_into`, one lookup (its claim; finishing it writes its cell at the bucket of the
//! claim), per move one `play`, one `index`, one lookup and one `move_value`; no reversed
//! edges, no counters, no queue. Memory: per position reached `size_of::<Position>()` + a
//! cell when dense, + its value alone when sparse ([`bytes_per_position`]), the lookup (4
//! bytes per index when dense; per position reached an entry of
//! `8 + size_of::<Option<Value>>()` bytes (12 for a win/lose/draw value) and one control
//! byte, at most 7/8 full, when sparse), and one frame per level of the path with its moves;
//! nothing per move.

use std::hash::BuildHasher;
use std::mem::size_of;

use core_types::{Deadline, DeadlineClock, Error, Event, Game, Indexed, Recorder};
use hashbrown::hash_table::Entry;
use hashbrown::{DefaultHashBuilder, HashTable};
use solver_search::{growth_bytes, map_bytes, Ranked};

use super::budget::{as_u32, Limits};
use super::table::{Ids, Known, Reached, RetrogradeTable, Slot};
use super::DENSE_INDICES;
use crate::NAME;

/// What the dense lookup holds for a position on the search's path (claimed, not finished);
/// it holds id + 1 for a finished one, which stays below it (checked). The sparse lookup's
/// entry has no value while its position is on the path.
const ON_PATH: u32 = u32::MAX;

/// No bucket: the dense lookup's positions.
const NO_BUCKET: usize = usize::MAX;

/// Bytes per position reached on the acyclic path: the position (for the events, in id
/// order) and, with the dense lookup, its cell; with the sparse one (whose entries hold the
/// cells) its value alone.
pub(super) const fn bytes_per_position<G: Game>(dense: bool) -> u64 {
    (size_of::<G::Position>()
        + if dense {
            size_of::<Slot<G::Value>>()
        } else {
            size_of::<G::Value>()
        }) as u64
}

/// One level of the search's path: a position whose moves are being tried.
struct Frame<G: Game> {
    position: G::Position,
    index: usize,
    /// Where its entry is in the sparse lookup when it was claimed ([`NO_BUCKET`] for the
    /// dense one): found again there without hashing unless the table has grown since.
    bucket: usize,
    /// Its moves (the vector is kept for the next position at this depth: no allocation per
    /// position once the path has been this deep).
    moves: Vec<G::Move>,
    /// The next move to try.
    next: usize,
    /// The best score of the moves tried so far.
    best: Option<Ranked<G::Value>>,
}

/// A claim on an index: the cell of a finished position, a position on the path, or a new
/// one (now marked as on the path, its entry in the sparse lookup at this bucket).
enum Claim<V> {
    Finished { value: Option<V>, remoteness: u32 },
    OnPath,
    New { bucket: usize },
}

/// Where a reached index's id or cell is found: an array by index for a numbering of at most
/// [`DENSE_INDICES`], else one hash table of cells (kept as the table's [`Reached`]).
enum Lookup<V> {
    /// Index → id + 1, 0 when not reached, [`ON_PATH`] while on the path.
    Dense { ids: Vec<u32> },
    /// Reached index → its cell.
    Cells {
        cells: HashTable<Known<V>>,
        hasher: DefaultHashBuilder,
    },
}

/// The fast path's state.
struct Dfs<'g, G: Indexed> {
    game: &'g G,
    limits: Limits,
    count: usize,
    count64: u64,
    lookup: Lookup<G::Value>,
    positions: Vec<G::Position>,
    /// With the dense lookup, the finished positions' cells in id order.
    slots: Vec<Slot<G::Value>>,
    /// With the sparse lookup, the finished positions' values in id order, for the events
    /// (which wait until the search has met no cycle); their cells are in the lookup.
    values: Vec<G::Value>,
    frames: Vec<Frame<G>>,
    depth: usize,
    edges: u64,
    terminal: u64,
    clock: DeadlineClock,
}

/// Solves every position `from` reaches by the post-order of a depth-first search, if no
/// position repeats; `Ok(None)` (everything freed) at the first move into a position on the
/// search's path. Events and counters go to `recorder` only for a finished table.
pub(super) fn solve<G: Indexed, R: Recorder<G> + ?Sized>(
    game: &G,
    from: G::Position,
    memory_cap_bytes: u64,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<Option<RetrogradeTable<G>>, Error> {
    let count64 = game.position_count();
    let count = as_u32::<G>("positions", count64)? as usize;
    let mut dfs = Dfs {
        game,
        limits: Limits::new(memory_cap_bytes),
        count,
        count64,
        lookup: Lookup::Cells {
            cells: HashTable::new(),
            hasher: DefaultHashBuilder::default(),
        },
        positions: Vec::new(),
        slots: Vec::new(),
        values: Vec::new(),
        frames: Vec::new(),
        depth: 0,
        edges: 0,
        terminal: 0,
        clock: DeadlineClock::new(deadline),
    };
    if count64 <= DENSE_INDICES {
        let required = u128::from(count64) * 4;
        dfs.charge("positions", count64, required)?;
        let refused = || dfs.limits.refused::<G>("positions", count64, required);
        dfs.lookup = Lookup::Dense {
            ids: bytemuck::allocation::try_zeroed_vec::<u32>(count).map_err(|_| refused())?,
        };
    }
    if !dfs.run(from)? {
        return Ok(None);
    }
    Ok(Some(dfs.finish(recorder)))
}

impl<G: Indexed> Dfs<'_, G> {
    /// The search from `from`: `false` at the first cycle.
    fn run(&mut self, from: G::Position) -> Result<bool, Error> {
        let game = self.game;
        let index = self.index_of(from)?;
        // A fresh search's first claim: always new.
        let Claim::New { bucket } = self.claim(index)? else {
            return Ok(true);
        };
        if self.enter(from, index, bucket)?.is_some() {
            return Ok(true);
        }
        while self.depth > 0 {
            let frame = &mut self.frames[self.depth - 1];
            if frame.next < frame.moves.len() {
                let (position, mv) = (frame.position, frame.moves[frame.next]);
                frame.next += 1;
                let child = game.play(position, mv);
                let index = self.index_of(child)?;
                match self.claim(index)? {
                    Claim::Finished { value, remoteness } => self.score(value, remoteness),
                    Claim::OnPath => return Ok(false),
                    Claim::New { bucket } => {
                        if let Some((value, remoteness)) = self.enter(child, index, bucket)? {
                            self.score(Some(value), remoteness);
                        }
                    }
                }
            } else {
                let Some(best) = frame.best else {
                    return Err(Error::NoMoves {
                        game: G::NAME,
                        position: game.show_position(frame.position),
                    });
                };
                let (position, index, bucket) = (frame.position, frame.index, frame.bucket);
                self.depth -= 1;
                self.finished(position, index, bucket, best.value, best.remoteness)?;
                if self.depth > 0 {
                    self.score(Some(best.value), best.remoteness);
                }
            }
        }
        Ok(true)
    }

    /// A new position (claimed, its entry at `bucket`): finished at once when it is over (its
    /// value and remoteness 0), else its frame pushed with its moves (`None`).
    fn enter(
        &mut self,
        position: G::Position,
        index: usize,
        bucket: usize,
    ) -> Result<Option<(G::Value, u32)>, Error> {
        self.clock.tick_or_stop(NAME, G::NAME)?;
        if let Some(value) = self.game.terminal_value(position) {
            self.terminal += 1;
            self.finished(position, index, bucket, value, 0)?;
            return Ok(Some((value, 0)));
        }
        if self.depth == self.frames.len() {
            self.charge(
                "positions",
                self.positions.len() as u64 + 1,
                size_of::<Frame<G>>() as u128,
            )?;
            let refused = self.refused();
            self.frames.try_reserve(1).map_err(|_| refused)?;
            self.frames.push(Frame {
                position,
                index,
                bucket,
                moves: Vec::new(),
                next: 0,
                best: None,
            });
        }
        let frame = &mut self.frames[self.depth];
        let before = frame.moves.capacity();
        self.game.moves_into(position, &mut frame.moves);
        let (len, after) = (frame.moves.len(), frame.moves.capacity());
        frame.position = position;
        frame.index = index;
        frame.bucket = bucket;
        frame.next = 0;
        frame.best = None;
        self.depth += 1;
        // The moves' vector is the game's to grow: counted once it has.
        if after > before {
            let grown = (after - before) * size_of::<G::Move>();
            self.charge("positions", self.positions.len() as u64 + 1, grown as u128)?;
        }
        self.edges += len as u64;
        as_u32::<G>("moves", self.edges)?;
        Ok(None)
    }

    /// The finished child's cell (`value`, `remoteness`) as a reply to the last move tried at
    /// the top of the path.
    #[inline]
    fn score(&mut self, value: Option<G::Value>, remoteness: u32) {
        let game = self.game;
        let frame = &mut self.frames[self.depth - 1];
        let (Some(reply), mv) = (value, frame.moves[frame.next - 1]) else {
            return;
        };
        let score = Ranked {
            value: game.move_value(frame.position, mv, reply),
            remoteness: remoteness.saturating_add(1),
        };
        if frame
            .best
            .is_none_or(|best| score.cmp_for_mover(&best).is_gt())
        {
            frame.best = Some(score);
        }
    }

    /// Gives the finished `position` (index `index`, its sparse entry claimed at `bucket`) its
    /// id, the next one, and its cell.
    fn finished(
        &mut self,
        position: G::Position,
        index: usize,
        bucket: usize,
        value: G::Value,
        remoteness: u32,
    ) -> Result<(), Error> {
        let id = self.positions.len();
        if id == self.positions.capacity() {
            self.grow()?;
        }
        self.positions.push(position);
        match &mut self.lookup {
            Lookup::Dense { ids } => {
                self.slots.push(Slot {
                    value: Some(value),
                    remaining: 0,
                    remoteness,
                });
                ids[index] = id as u32 + 1;
            }
            Lookup::Cells { cells, hasher } => {
                self.values.push(value);
                let key = index as u32;
                // The bucket claimed, unless the table has grown since (then the entry moved).
                let known = match cells.get_bucket_mut(bucket) {
                    Some(known) if known.index == key => Some(known),
                    _ => cells.find_mut(hasher.hash_one(key), |known| known.index == key),
                };
                if let Some(known) = known {
                    known.value = Some(value);
                    known.remoteness = remoteness;
                }
            }
        }
        Ok(())
    }

    /// Looks `index` up, and marks it as on the path when it is new (the table grown first
    /// when full, counted against the memory cap). Inlined into the search's loop, the rare
    /// paths kept apart: one call per move.
    #[inline(always)]
    fn claim(&mut self, index: usize) -> Result<Claim<G::Value>, Error> {
        if let Lookup::Cells { cells, .. } = &self.lookup {
            if cells.len() == cells.capacity() {
                self.grow_map()?;
            }
        }
        let claim = match &mut self.lookup {
            Lookup::Dense { ids } => match ids[index] {
                0 => {
                    ids[index] = ON_PATH;
                    Claim::New { bucket: NO_BUCKET }
                }
                ON_PATH => Claim::OnPath,
                id => {
                    let slot = self.slots[id as usize - 1];
                    Claim::Finished {
                        value: slot.value,
                        remoteness: slot.remoteness,
                    }
                }
            },
            // Below `count`, which fits in `u32`.
            Lookup::Cells { cells, hasher } => {
                let key = index as u32;
                let hash = hasher.hash_one(key);
                match cells.entry(
                    hash,
                    |known| known.index == key,
                    |known| hasher.hash_one(known.index),
                ) {
                    Entry::Occupied(known) => match *known.get() {
                        Known { value: None, .. } => Claim::OnPath,
                        Known {
                            value, remoteness, ..
                        } => Claim::Finished { value, remoteness },
                    },
                    Entry::Vacant(new) => {
                        let known = new.insert(Known {
                            index: key,
                            remoteness: 0,
                            value: None,
                        });
                        Claim::New {
                            bucket: known.bucket_index(),
                        }
                    }
                }
            }
        };
        // Ids and id + 1 stay below the marker.
        if matches!(claim, Claim::New { .. })
            && self.positions.len() as u64 + self.depth as u64 + 2 >= u64::from(ON_PATH)
        {
            return Err(self.too_many());
        }
        Ok(claim)
    }

    /// Room in the full table for one more entry, counted against the memory cap.
    #[cold]
    #[inline(never)]
    fn grow_map(&mut self) -> Result<(), Error> {
        let Lookup::Cells { cells, .. } = &self.lookup else {
            return Ok(());
        };
        let now = map_bytes::<(), Known<G::Value>>(cells.capacity());
        let bytes = growth_bytes::<(), Known<G::Value>>(cells.capacity()) - now;
        self.charge("positions", self.positions.len() as u64 + 1, bytes)?;
        let refused = self.refused();
        if let Lookup::Cells { cells, hasher } = &mut self.lookup {
            cells
                .try_reserve(1, |known| hasher.hash_one(known.index))
                .map_err(|_| refused)?;
        }
        self.release(now);
        Ok(())
    }

    /// [`Error::GameTooLarge`]: more positions than ids below [`ON_PATH`].
    #[cold]
    fn too_many(&self) -> Error {
        Error::GameTooLarge {
            backend: NAME,
            game: G::NAME,
            parameter: "positions",
            value: self.positions.len() as u64 + 1,
            limit: u64::from(ON_PATH) - 2,
            hint: &[],
        }
    }

    /// Room for twice as many finished positions.
    fn grow(&mut self) -> Result<(), Error> {
        let capacity = self.positions.capacity();
        let new_capacity = (capacity * 2).max(1024);
        let dense = matches!(self.lookup, Lookup::Dense { .. });
        let per_position = u128::from(bytes_per_position::<G>(dense));
        let bytes = (new_capacity - capacity) as u128 * per_position;
        self.charge("positions", capacity as u64 + 1, bytes)?;
        let refused = self.refused();
        let extra = new_capacity - self.positions.len();
        self.positions
            .try_reserve_exact(extra)
            .map_err(|_| refused.clone())?;
        if dense {
            self.slots.try_reserve_exact(extra).map_err(|_| refused)?;
        } else {
            self.values.try_reserve_exact(extra).map_err(|_| refused)?;
        }
        Ok(())
    }

    /// [`Error::AllocationFailed`] for the positions reached so far.
    fn refused(&self) -> Error {
        let positions = self.positions.len() as u64 + 1;
        self.limits
            .refused::<G>("positions", positions, self.limits.peak)
    }

    fn charge(&mut self, parameter: &'static str, value: u64, bytes: u128) -> Result<(), Error> {
        self.limits.charge::<G>(parameter, value, bytes)
    }

    fn release(&mut self, bytes: u128) {
        self.limits.release(bytes);
    }

    /// The index of `position`, checked against the game's position count.
    #[inline]
    fn index_of(&self, position: G::Position) -> Result<usize, Error> {
        let index = self.game.index(position);
        if index < self.count {
            Ok(index)
        } else {
            Err(Error::IndexOutOfRange {
                game: G::NAME,
                position: self.game.show_position(position),
                index: index as u64,
                count: self.count64,
            })
        }
    }

    /// The table, after reporting it, its cells in the order decided (ids: children first)
    /// and the counters.
    fn finish<R: Recorder<G> + ?Sized>(self, recorder: &mut R) -> RetrogradeTable<G> {
        let positions = self.positions.len() as u64;
        let (cells, reached) = match self.lookup {
            Lookup::Dense { ids } => (self.count64, Reached::Ids(Ids::Dense { ids })),
            Lookup::Cells { cells, hasher } => (positions, Reached::Cells { cells, hasher }),
        };
        recorder.table(cells, u64::try_from(self.limits.peak).unwrap_or(u64::MAX));
        // The cells in id order: the dense lookup's slots, else the values kept for this.
        for (&position, slot) in self.positions.iter().zip(&self.slots) {
            if let Some(value) = slot.value {
                recorder.event(Event::Cell(position, value));
            }
        }
        for (&position, &value) in self.positions.iter().zip(&self.values) {
            recorder.event(Event::Cell(position, value));
        }
        recorder.positions(positions);
        recorder.states_stored(positions);
        RetrogradeTable {
            slots: self.slots,
            reached,
            positions,
            edges: self.edges,
            terminal: self.terminal,
            decided: positions,
            bytes: self.limits.peak,
        }
    }
}
