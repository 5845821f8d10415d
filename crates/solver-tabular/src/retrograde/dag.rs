//! The acyclic fast path: the classic bottom-up dynamic programme over the positions the start
//! reaches, in the post-order of an iterative depth-first search (see the [module
//! docs](super)).
//!
//! Each position is given its id when it is *finished* (all its moves seen), so ids are the
//! post-order: a position's children all have smaller ids, the cells are written once each in
//! id order (appended, never revisited), and the [`Event::Cell`]s in id order are a valid
//! order of decision (every child before its parent). While a position is on the search's
//! path its index maps to [`ON_PATH`]; a move into a position on the path is a cycle, and the
//! fast path gives up (`Ok(None)`) so that the counter-based pass (which handles repeats)
//! solves the game from scratch.
//!
//! Time `O(S + E)` (expected, with the hash map): per position reached one `terminal_value`,
//! one `moves_into`, two lookups (the claim, then the id once finished), per move one `play`,
//! one `index`, one lookup and one `move_value`; no reversed edges, no counters, no queue.
//! Memory: per position reached `size_of::<Position>()` + a cell ([`bytes_per_position`]),
//! the lookup (as the counter-based pass's), and one frame per level of the path with its
//! moves; nothing per move.

use std::mem::size_of;

use core_types::search::{growth_bytes, map_bytes, Ranked};
use core_types::{Deadline, DeadlineClock, Error, Event, Game, Indexed, Recorder};
use hashbrown::hash_map::Entry;
use hashbrown::HashMap;

use super::pass::{as_u32, Limits};
use super::table::{Ids, RetrogradeTable, Slot};
use super::DENSE_INDICES;
use crate::NAME;

/// What the lookup holds for a position on the search's path (claimed, not finished). A
/// dense lookup holds id + 1, a sparse one the id; both stay below it (checked).
const ON_PATH: u32 = u32::MAX;

/// Bytes per position reached on the acyclic path: the position (for the events, in id
/// order) and its cell.
pub(super) const fn bytes_per_position<G: Game>() -> u64 {
    (size_of::<G::Position>() + size_of::<Slot<G::Value>>()) as u64
}

/// One level of the search's path: a position whose moves are being tried.
struct Frame<G: Game> {
    position: G::Position,
    index: usize,
    /// Its moves (the vector is kept for the next position at this depth: no allocation per
    /// position once the path has been this deep).
    moves: Vec<G::Move>,
    /// The next move to try.
    next: usize,
    /// The best score of the moves tried so far.
    best: Option<Ranked<G::Value>>,
}

/// A claim on an index: the id of a finished position, a position on the path, or a new one
/// (now marked [`ON_PATH`]).
enum Claim {
    Finished(usize),
    OnPath,
    New,
}

/// The fast path's state.
struct Dfs<'g, G: Indexed> {
    game: &'g G,
    limits: Limits,
    count: usize,
    count64: u64,
    ids: Ids,
    positions: Vec<G::Position>,
    slots: Vec<Slot<G::Value>>,
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
        ids: Ids::Sparse {
            map: HashMap::new(),
        },
        positions: Vec::new(),
        slots: Vec::new(),
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
        dfs.ids = Ids::Dense {
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
        self.claim(index)?;
        if self.enter(from, index)?.is_some() {
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
                    Claim::Finished(id) => self.score(id),
                    Claim::OnPath => return Ok(false),
                    Claim::New => {
                        if let Some(id) = self.enter(child, index)? {
                            self.score(id);
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
                let (position, index) = (frame.position, frame.index);
                self.depth -= 1;
                let id = self.finished(position, index, best.value, best.remoteness)?;
                if self.depth > 0 {
                    self.score(id);
                }
            }
        }
        Ok(true)
    }

    /// A new position (claimed): finished at once when it is over (its id), else its frame
    /// pushed with its moves (`None`).
    fn enter(&mut self, position: G::Position, index: usize) -> Result<Option<usize>, Error> {
        self.clock.tick_or_stop(NAME, G::NAME)?;
        if let Some(value) = self.game.terminal_value(position) {
            self.terminal += 1;
            return Ok(Some(self.finished(position, index, value, 0)?));
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
        frame.next = 0;
        frame.best = None;
        self.depth += 1;
        // The moves' vector is the game's to grow: counted once it has.
        let grown = after.saturating_sub(before) * size_of::<G::Move>();
        self.charge("positions", self.positions.len() as u64 + 1, grown as u128)?;
        self.edges += len as u64;
        as_u32::<G>("moves", self.edges)?;
        Ok(None)
    }

    /// The finished child `id` as a reply to the last move tried at the top of the path.
    #[inline]
    fn score(&mut self, id: usize) {
        let game = self.game;
        let slot = self.slots[id];
        let frame = &mut self.frames[self.depth - 1];
        let (Some(reply), mv) = (slot.value, frame.moves[frame.next - 1]) else {
            return;
        };
        let score = Ranked {
            value: game.move_value(frame.position, mv, reply),
            remoteness: slot.remoteness.saturating_add(1),
        };
        if frame
            .best
            .is_none_or(|best| score.cmp_for_mover(&best).is_gt())
        {
            frame.best = Some(score);
        }
    }

    /// Gives the finished `position` (index `index`) its id, the next one, and its cell.
    fn finished(
        &mut self,
        position: G::Position,
        index: usize,
        value: G::Value,
        remoteness: u32,
    ) -> Result<usize, Error> {
        let id = self.positions.len();
        if id == self.positions.capacity() {
            self.grow()?;
        }
        self.positions.push(position);
        self.slots.push(Slot {
            value: Some(value),
            remaining: 0,
            remoteness,
        });
        match &mut self.ids {
            Ids::Dense { ids } => ids[index] = id as u32 + 1,
            Ids::Sparse { map } => {
                if let Some(slot) = map.get_mut(&(index as u32)) {
                    *slot = id as u32;
                }
            }
        }
        Ok(id)
    }

    /// Looks `index` up, and marks it [`ON_PATH`] when it is new (the map grown first when
    /// full, counted against the memory cap). Inlined into the search's loop, the rare paths
    /// kept apart: one call per move.
    #[inline(always)]
    fn claim(&mut self, index: usize) -> Result<Claim, Error> {
        if let Ids::Sparse { map } = &self.ids {
            if map.len() == map.capacity() {
                self.grow_map()?;
            }
        }
        let claim = match &mut self.ids {
            Ids::Dense { ids } => match ids[index] {
                0 => {
                    ids[index] = ON_PATH;
                    Claim::New
                }
                ON_PATH => Claim::OnPath,
                id => Claim::Finished(id as usize - 1),
            },
            // Below `count`, which fits in `u32`.
            Ids::Sparse { map } => match map.entry(index as u32) {
                Entry::Occupied(known) => match *known.get() {
                    ON_PATH => Claim::OnPath,
                    id => Claim::Finished(id as usize),
                },
                Entry::Vacant(new) => {
                    new.insert(ON_PATH);
                    Claim::New
                }
            },
        };
        // Ids and id + 1 stay below the marker.
        if matches!(claim, Claim::New)
            && self.positions.len() as u64 + self.depth as u64 + 2 >= u64::from(ON_PATH)
        {
            return Err(self.too_many());
        }
        Ok(claim)
    }

    /// Room in the full map for one more entry, counted against the memory cap.
    #[cold]
    #[inline(never)]
    fn grow_map(&mut self) -> Result<(), Error> {
        let Ids::Sparse { map } = &self.ids else {
            return Ok(());
        };
        let now = map_bytes::<u32, u32>(map.capacity());
        let bytes = growth_bytes::<u32, u32>(map.capacity()) - now;
        self.charge("positions", self.positions.len() as u64 + 1, bytes)?;
        let refused = self.refused();
        if let Ids::Sparse { map } = &mut self.ids {
            map.try_reserve(1).map_err(|_| refused)?;
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
            hint: "",
        }
    }

    /// Room for twice as many finished positions.
    fn grow(&mut self) -> Result<(), Error> {
        let capacity = self.positions.capacity();
        let new_capacity = (capacity * 2).max(1024);
        let bytes = (new_capacity - capacity) as u128 * u128::from(bytes_per_position::<G>());
        self.charge("positions", capacity as u64 + 1, bytes)?;
        let refused = self.refused();
        let extra = new_capacity - self.positions.len();
        self.positions
            .try_reserve_exact(extra)
            .map_err(|_| refused.clone())?;
        self.slots.try_reserve_exact(extra).map_err(|_| refused)?;
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
        let cells = match self.ids {
            Ids::Dense { .. } => self.count64,
            Ids::Sparse { .. } => positions,
        };
        recorder.table(cells, u64::try_from(self.limits.peak).unwrap_or(u64::MAX));
        for (&position, slot) in self.positions.iter().zip(&self.slots) {
            if let Some(value) = slot.value {
                recorder.event(Event::Cell(position, value));
            }
        }
        recorder.positions(positions);
        recorder.states_stored(positions);
        RetrogradeTable {
            slots: self.slots,
            ids: self.ids,
            positions,
            edges: self.edges,
            terminal: self.terminal,
            decided: positions,
            bytes: self.limits.peak,
        }
    }
}
