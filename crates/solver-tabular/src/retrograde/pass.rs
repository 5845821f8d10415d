//! One retrograde pass: the positions the start reaches, numbered by *id* in the order they are
//! reached (see [`Ids`]), their arrays by id, and the pass's three steps.

use std::mem::size_of;

use core_types::{
    Deadline, DeadlineClock, Error, Event, Game, GameValue, Indexed, Recorder, Unmove,
};
use hashbrown::HashMap;
use solver_search::{growth_bytes, map_bytes, Ranked};

use super::budget::{as_u32, Limits};
use super::table::{Ids, Reached, RetrogradeTable, Slot};
use super::DENSE_INDICES;
use crate::NAME;

/// A zeroed `u32` array, `None` when the system refuses it.
fn zeroed_u32(len: usize) -> Option<Vec<u32>> {
    bytemuck::allocation::try_zeroed_vec::<u32>(len).ok()
}

/// Bytes per position reached: the position itself, its [`Slot`] (value, moves left
/// undecided, remoteness) and place in the queue, and with reversed edges its first outgoing
/// and first reversed edge (the index → id lookup is counted apart: 4 bytes per index when
/// dense, the hash map's entry when sparse).
pub(super) const fn bytes_per_reached<G: Game>(reversing: bool) -> u64 {
    (size_of::<G::Position>() + size_of::<Slot<G::Value>>() + 4 + if reversing { 8 } else { 0 })
        as u64
}

/// Bytes per move with reversed edges: the child's id and the move (the moves out of each
/// position, kept until they are reversed), then the parent's id and the move; both are held
/// while the edges are reversed.
pub(super) const fn bytes_per_move<G: Game>() -> u64 {
    2 * (4 + size_of::<G::Move>()) as u64
}

/// Where the parents of a decided position come from.
pub(super) trait Parents<G: Game> {
    /// Calls `f(parent id, move)` for each reached parent of `child` (id `id`).
    fn each<F: FnMut(usize, G::Move)>(
        &mut self,
        game: &G,
        id: usize,
        child: G::Position,
        ids: &Ids,
        f: F,
    );
}

/// The reversed edges: the parents of id `c` are `parents[offsets[c]..offsets[c + 1]]`, by
/// the moves `moves[…]`.
pub(super) struct Reversed<M> {
    offsets: Vec<u32>,
    parents: Vec<u32>,
    moves: Vec<M>,
}

impl<G: Game> Parents<G> for Reversed<G::Move> {
    #[inline]
    fn each<F: FnMut(usize, G::Move)>(
        &mut self,
        _game: &G,
        id: usize,
        _child: G::Position,
        _ids: &Ids,
        mut f: F,
    ) {
        let (from, to) = (self.offsets[id] as usize, self.offsets[id + 1] as usize);
        for (&parent, &mv) in self.parents[from..to].iter().zip(&self.moves[from..to]) {
            f(parent as usize, mv);
        }
    }
}

/// The game's own list of the moves into a position.
pub(super) struct Unmoves<P, M> {
    pub(super) buffer: Vec<(P, M)>,
    pub(super) count: usize,
}

impl<G: Unmove> Parents<G> for Unmoves<G::Position, G::Move> {
    #[inline]
    fn each<F: FnMut(usize, G::Move)>(
        &mut self,
        game: &G,
        _id: usize,
        child: G::Position,
        ids: &Ids,
        mut f: F,
    ) {
        game.unmoves_into(child, &mut self.buffer);
        for &(parent, mv) in &self.buffer {
            let parent = game.index(parent);
            if parent >= self.count {
                continue;
            }
            if let Some(id) = ids.get(parent) {
                f(id, mv);
            }
        }
    }
}

/// One retrograde pass: its arrays, by id.
pub(super) struct Pass<'g, G: Indexed> {
    game: &'g G,
    pub(super) limits: Limits,
    pub(super) count: usize,
    count64: u64,
    ids: Ids,
    reversing: bool,
    /// The positions reached, by id (ids are given in the order reached: breadth first, so
    /// this is pass 1's queue too).
    positions: Vec<G::Position>,
    /// What the pass knows of each position, in one place (one cache line to read per move
    /// in pass 3).
    slots: Vec<Slot<G::Value>>,
    /// With reversed edges: the moves out of id `p` are `targets[out[p]..out[p + 1]]` (the
    /// children's ids) by `out_moves[…]`, until pass 2 reverses them.
    out: Vec<u32>,
    targets: Vec<u32>,
    out_moves: Vec<G::Move>,
    /// With reversed edges: how many moves lead into each id.
    in_degree: Vec<u32>,
    edges: u64,
    terminal: u64,
    decided: u64,
    clock: DeadlineClock,
}

impl<'g, G: Indexed> Pass<'g, G> {
    /// Pass 1, forward and breadth first from `from`: the reachable positions (each one's
    /// terminal value and moves asked once), and, when `reversing`, the moves between them by
    /// id and how many lead into each. The index → id lookup is an array when the game has
    /// at most [`DENSE_INDICES`] indices or lists its unmoves, a hash map otherwise.
    pub(super) fn enumerate(
        game: &'g G,
        from: G::Position,
        memory_cap_bytes: u64,
        deadline: Deadline,
        reversing: bool,
    ) -> Result<Self, Error> {
        let limits = Limits::new(memory_cap_bytes);
        let count64 = game.position_count();
        let count = as_u32::<G>("positions", count64)? as usize;
        let dense = !reversing || count64 <= DENSE_INDICES;
        let mut pass = Pass {
            game,
            count,
            count64,
            ids: Ids::Sparse {
                map: HashMap::new(),
            },
            reversing,
            positions: Vec::new(),
            slots: Vec::new(),
            out: Vec::new(),
            targets: Vec::new(),
            out_moves: Vec::new(),
            in_degree: Vec::new(),
            limits,
            edges: 0,
            terminal: 0,
            decided: 0,
            clock: DeadlineClock::new(deadline),
        };
        if dense {
            let required = u128::from(count64) * 4;
            pass.charge("positions", count64, required)?;
            let refused = || pass.limits.refused::<G>("positions", count64, required);
            pass.ids = Ids::Dense {
                ids: zeroed_u32(count).ok_or_else(refused)?,
            };
        }
        let start = pass.index_of(from)?;
        pass.reach(start, from)?;
        if reversing {
            pass.out.push(0);
        }
        let mut moves = Vec::new();
        let mut children = Vec::new();
        let mut id = 0;
        while id < pass.positions.len() {
            pass.clock.tick_or_stop(NAME, G::NAME)?;
            let position = pass.positions[id];
            if let Some(value) = game.terminal_value(position) {
                pass.slots[id].value = Some(value);
                pass.terminal += 1;
            } else {
                game.moves_into(position, &mut moves);
                if moves.is_empty() {
                    return Err(Error::NoMoves {
                        game: G::NAME,
                        position: game.show_position(position),
                    });
                }
                pass.edges += moves.len() as u64;
                as_u32::<G>("moves", pass.edges)?;
                pass.slots[id].remaining = moves.len() as u32;
                if reversing {
                    pass.room_for_moves(moves.len())?;
                }
                // The children's ids looked up first, all at once: independent lookups, whose
                // cache misses overlap (the pass is bound by them), then the new ones added.
                children.clear();
                for &mv in &moves {
                    let child = game.play(position, mv);
                    let index = pass.index_of(child)?;
                    children.push((child, index, pass.ids.get_unchecked_len(index)));
                }
                for (&mv, &(child, index, known)) in moves.iter().zip(&children) {
                    let child = match known {
                        Some(id) => id,
                        None => pass.reach(index, child)?,
                    };
                    if reversing {
                        pass.in_degree[child] += 1;
                        pass.targets.push(child as u32);
                        pass.out_moves.push(mv);
                    }
                }
            }
            if reversing {
                pass.out.push(pass.targets.len() as u32);
            }
            id += 1;
        }
        Ok(pass)
    }

    fn charge(&mut self, parameter: &'static str, value: u64, bytes: u128) -> Result<(), Error> {
        self.limits.charge::<G>(parameter, value, bytes)
    }

    fn release(&mut self, bytes: u128) {
        self.limits.release(bytes);
    }

    /// The id of the position `position`, whose index is `index`, given now if it was not
    /// reached before (then queued for pass 1). The arrays (and the map) are grown first when
    /// full, their bytes checked against the memory cap before they are asked for.
    #[inline]
    fn reach(&mut self, index: usize, position: G::Position) -> Result<usize, Error> {
        let id = self.positions.len();
        match &mut self.ids {
            Ids::Dense { ids } => {
                if let Some(known) = ids[index].checked_sub(1) {
                    return Ok(known as usize);
                }
                if id == self.positions.capacity() {
                    self.grow(false)?;
                }
                if let Ids::Dense { ids } = &mut self.ids {
                    ids[index] = id as u32 + 1;
                }
            }
            Ids::Sparse { map } => {
                let map_full = map.len() == map.capacity();
                if map_full || id == self.positions.capacity() {
                    self.grow(map_full)?;
                }
                let Ids::Sparse { map } = &mut self.ids else {
                    return Ok(id);
                };
                // Below `count`, which fits in `u32`.
                match map.entry(index as u32) {
                    hashbrown::hash_map::Entry::Occupied(known) => return Ok(*known.get() as usize),
                    hashbrown::hash_map::Entry::Vacant(new) => {
                        new.insert(id as u32);
                    }
                }
            }
        }
        self.positions.push(position);
        self.slots.push(Slot {
            value: None,
            remaining: 0,
            remoteness: 0,
        });
        if self.reversing {
            self.in_degree.push(0);
        }
        Ok(id)
    }

    /// Room for twice as many positions (when the arrays are full), and for the map to grow
    /// (when `map_full`).
    fn grow(&mut self, map_full: bool) -> Result<(), Error> {
        let (len, capacity) = (self.positions.len(), self.positions.capacity());
        let positions = len as u64 + 1;
        let new_capacity = if len == capacity {
            (capacity * 2).max(1024)
        } else {
            capacity
        };
        let extra = new_capacity - len;
        // The queue comes after pass 1 (`bytes_per_reached`'s 4 bytes).
        let mut bytes = (new_capacity - capacity) as u128
            * u128::from(bytes_per_reached::<G>(self.reversing) - 4);
        let map_now = match &self.ids {
            Ids::Sparse { map } if map_full => {
                let now = map_bytes::<u32, u32>(map.capacity());
                // The table its entries move into, held with the old one until they have.
                bytes += growth_bytes::<u32, u32>(map.capacity()) - now;
                now
            }
            _ => 0,
        };
        self.charge("positions", positions, bytes)?;
        let refused = self
            .limits
            .refused::<G>("positions", positions, self.limits.peak);
        self.positions
            .try_reserve_exact(extra)
            .map_err(|_| refused.clone())?;
        self.slots
            .try_reserve_exact(extra)
            .map_err(|_| refused.clone())?;
        if self.reversing {
            self.in_degree
                .try_reserve_exact(extra)
                .map_err(|_| refused.clone())?;
            self.out
                .try_reserve_exact(new_capacity + 1 - self.out.len())
                .map_err(|_| refused.clone())?;
        }
        if let Ids::Sparse { map } = &mut self.ids {
            if map_full {
                map.try_reserve(1).map_err(|_| refused)?;
                // The old table is freed once its entries have moved.
                self.release(map_now);
            }
        }
        Ok(())
    }

    /// Room for `more` moves out of the position being expanded (doubling), checked against
    /// the memory cap.
    fn room_for_moves(&mut self, more: usize) -> Result<(), Error> {
        let (len, capacity) = (self.targets.len(), self.targets.capacity());
        if len + more <= capacity {
            return Ok(());
        }
        let new_capacity = (capacity * 2).max(len + more).max(1024);
        let edges = self.edges;
        let half = u128::from(bytes_per_move::<G>() / 2);
        self.charge("moves", edges, (new_capacity - capacity) as u128 * half)?;
        let refused = self.limits.refused::<G>("moves", edges, self.limits.peak);
        self.targets
            .try_reserve_exact(new_capacity - len)
            .map_err(|_| refused.clone())?;
        self.out_moves
            .try_reserve_exact(new_capacity - len)
            .map_err(|_| refused)?;
        Ok(())
    }

    /// The cells of the table: one per index with a dense lookup (the position's id), one per
    /// position reached with a sparse one.
    pub(super) fn cells(&self) -> u64 {
        match self.ids {
            Ids::Dense { .. } => self.count64,
            Ids::Sparse { .. } => self.positions.len() as u64,
        }
    }

    /// The index of `position`, checked against the game's position count.
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

    /// Pass 2: the moves of pass 1 reversed (CSR), without asking the game again: the parents
    /// of each id in one slice, each with its move. The moves out of each position are freed
    /// once reversed.
    pub(super) fn reverse_edges(&mut self) -> Result<Reversed<G::Move>, Error> {
        let edges = self.edges;
        let (n, e) = (self.positions.len(), self.targets.len());
        let half = bytes_per_move::<G>() / 2;
        self.charge("moves", edges, 4 + e as u128 * u128::from(half))?;
        let refused = || self.limits.refused::<G>("moves", edges, self.limits.peak);
        let mut parents = zeroed_u32(e).ok_or_else(refused)?;
        let mut moves = Vec::new();
        moves.try_reserve_exact(e).map_err(|_| refused())?;
        moves.extend_from_slice(&self.out_moves);
        // Each id's offset starts at the end of its slice and is counted down to its start as
        // its parents are written, in the order of pass 1 (as today's tables were built).
        let mut offsets = std::mem::take(&mut self.in_degree);
        offsets.push(0);
        let mut sum = 0u32;
        for offset in &mut offsets[..n] {
            sum += *offset;
            *offset = sum;
        }
        offsets[n] = sum;
        for parent in 0..n {
            self.clock.tick_or_stop(NAME, G::NAME)?;
            let (from, to) = (self.out[parent] as usize, self.out[parent + 1] as usize);
            for k in from..to {
                let child = self.targets[k] as usize;
                offsets[child] -= 1;
                let edge = offsets[child] as usize;
                parents[edge] = parent as u32;
                moves[edge] = self.out_moves[k];
            }
        }
        let freed =
            self.targets.capacity() as u128 * u128::from(half) + 4 * self.out.capacity() as u128;
        self.out = Vec::new();
        self.targets = Vec::new();
        self.out_moves = Vec::new();
        self.release(freed);
        Ok(Reversed {
            offsets,
            parents,
            moves,
        })
    }

    /// Pass 3: backwards from the terminal positions by a FIFO queue of ids. Each position
    /// keeps the best of its moves decided so far, so the one whose last move is decided is
    /// decided at once, without asking the game for its moves again.
    pub(super) fn propagate<P: Parents<G>, R: Recorder<G> + ?Sized>(
        &mut self,
        parents: &mut P,
        recorder: &mut R,
    ) -> Result<(), Error> {
        let game = self.game;
        let n = self.positions.len();
        self.charge("positions", n as u64, n as u128 * 4)?;
        let refused = || {
            self.limits
                .refused::<G>("positions", n as u64, self.limits.peak)
        };
        let mut queue: Vec<u32> = Vec::new();
        queue.try_reserve_exact(n).map_err(|_| refused())?;
        for (id, slot) in self.slots.iter().enumerate() {
            if let Some(value) = slot.value {
                queue.push(id as u32);
                recorder.event(Event::Cell(self.positions[id], value));
            }
        }
        let mut head = 0;
        while head < queue.len() {
            self.clock.tick_or_stop(NAME, G::NAME)?;
            let child = queue[head] as usize;
            head += 1;
            let Slot {
                value: Some(value),
                remoteness,
                ..
            } = self.slots[child]
            else {
                continue;
            };
            let rounds = remoteness.saturating_add(1);
            let Pass {
                slots,
                positions,
                ids,
                ..
            } = self;
            parents.each(game, child, positions[child], ids, |parent, mv| {
                let slot = &mut slots[parent];
                if slot.remaining == 0 {
                    return;
                }
                let position = positions[parent];
                let score = Ranked {
                    value: game.move_value(position, mv, value),
                    remoteness: rounds,
                };
                let winning = score.value.is_best_possible();
                let best = match slot.value {
                    Some(value) if !winning => {
                        let before = Ranked {
                            value,
                            remoteness: slot.remoteness,
                        };
                        if score.cmp_for_mover(&before).is_gt() {
                            score
                        } else {
                            before
                        }
                    }
                    _ => score,
                };
                slot.value = Some(best.value);
                slot.remoteness = best.remoteness;
                slot.remaining = if winning { 0 } else { slot.remaining - 1 };
                if slot.remaining == 0 {
                    queue.push(parent as u32);
                    recorder.event(Event::Cell(position, best.value));
                }
            });
        }
        self.decided = queue.len() as u64;
        Ok(())
    }

    /// The table, after reporting the endless positions (by index with a dense lookup, in
    /// the order reached with a sparse one) and the counters.
    pub(super) fn finish<R: Recorder<G> + ?Sized>(
        mut self,
        recorder: &mut R,
    ) -> RetrogradeTable<G> {
        let positions = self.positions.len() as u64;
        if self.decided < positions {
            // A position never decided holds the best of its moves decided so far: not its
            // value.
            let mut endless: Vec<usize> = Vec::new();
            for (id, slot) in self.slots.iter_mut().enumerate() {
                if slot.remaining > 0 {
                    slot.value = None;
                    endless.push(id);
                }
            }
            if let Some(value) = G::Value::endless() {
                if let Ids::Dense { .. } = self.ids {
                    endless.sort_unstable_by_key(|&id| self.game.index(self.positions[id]));
                }
                for id in endless {
                    recorder.event(Event::Cell(self.positions[id], value));
                }
            }
        }
        recorder.positions(positions);
        recorder.states_stored(positions);
        RetrogradeTable {
            slots: self.slots,
            reached: Reached::Ids(self.ids),
            positions,
            edges: self.edges,
            terminal: self.terminal,
            decided: self.decided,
            bytes: self.limits.peak,
        }
    }
}
