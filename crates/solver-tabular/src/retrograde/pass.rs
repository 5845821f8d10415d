//! One retrograde pass: its arrays, by slot (see [`Slots`]), and its three steps.

use std::mem::size_of;

use core_types::search::{growth_bytes, map_bytes, Ranked};
use core_types::{
    Deadline, DeadlineClock, Error, Event, Game, GameValue, Indexed, Recorder, Unmove,
};
use hashbrown::HashMap;

use super::table::{set_bits_in, RetrogradeTable, Slots};
use super::{bytes_per_edge, required_bytes_with, DENSE_INDICES};
use crate::NAME;

/// A zeroed `u32` array, `None` when the system refuses it.
fn zeroed_u32(len: usize) -> Option<Vec<u32>> {
    bytemuck::allocation::try_zeroed_vec::<u32>(len).ok()
}

/// `len` copies of `fill`, `None` when the system refuses the memory.
fn filled<T: Clone>(len: usize, fill: T) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).ok()?;
    v.resize(len, fill);
    Some(v)
}

/// The names of the limits in the errors.
struct Limits {
    cap: u64,
}

impl Limits {
    fn too_large<G: Game>(&self, parameter: &'static str, value: u64, required: u128) -> Error {
        Error::TableTooLarge {
            backend: NAME,
            game: G::NAME,
            parameter,
            value,
            required_bytes: required,
            memory_cap_bytes: self.cap,
            hint: "",
        }
    }

    fn refused<G: Game>(&self, parameter: &'static str, value: u64, required: u128) -> Error {
        Error::AllocationFailed {
            backend: NAME,
            game: G::NAME,
            parameter,
            value,
            required_bytes: required,
            memory_cap_bytes: self.cap,
            hint: "",
        }
    }
}

/// A count as `u32`, or [`Error::GameTooLarge`] naming `parameter`.
fn as_u32<G: Game>(parameter: &'static str, value: u64) -> Result<u32, Error> {
    u32::try_from(value).map_err(|_| Error::GameTooLarge {
        backend: NAME,
        game: G::NAME,
        parameter,
        value,
        limit: u64::from(u32::MAX),
        hint: "",
    })
}

/// Bytes per reached position with sparse slots: its value, moves left undecided, index,
/// remoteness and place in the queue, and its first reversed edge when `reversing` (the hash
/// map's entry is counted apart, as `hashbrown` lays it out).
pub(super) const fn bytes_per_sparse_slot<G: Game>(reversing: bool) -> u64 {
    (size_of::<Option<G::Value>>() + 16 + if reversing { 4 } else { 0 }) as u64
}

/// Where the parents of a decided position come from.
pub(super) trait Parents<G: Game> {
    /// Calls `f(parent slot, move)` for each reached parent of the position with index
    /// `child` and slot `slot`.
    fn each<F: FnMut(usize, G::Move)>(
        &mut self,
        game: &G,
        child: usize,
        slot: usize,
        slots: &Slots,
        f: F,
    );
}

/// The reversed edges: `parents[offsets[s]..offsets[s + 1]]` (slots) and their moves.
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
        _child: usize,
        slot: usize,
        _slots: &Slots,
        mut f: F,
    ) {
        let (from, to) = (self.offsets[slot] as usize, self.offsets[slot + 1] as usize);
        for edge in from..to {
            f(self.parents[edge] as usize, self.moves[edge]);
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
        child: usize,
        _slot: usize,
        slots: &Slots,
        mut f: F,
    ) {
        game.unmoves_into(game.position_at(child), &mut self.buffer);
        for &(parent, mv) in &self.buffer {
            let parent = game.index(parent);
            if parent >= self.count {
                continue;
            }
            if let Some(slot) = slots.get(parent) {
                f(slot, mv);
            }
        }
    }
}

/// The index of the position in `slot`: the slot itself when dense, else `indices[slot]`.
#[inline]
fn index_at(indices: &[u32], dense: bool, slot: usize) -> usize {
    if dense {
        slot
    } else {
        indices[slot] as usize
    }
}

/// One retrograde pass: its arrays, by slot.
pub(super) struct Pass<'g, G: Indexed> {
    game: &'g G,
    limits: Limits,
    pub(super) count: usize,
    count64: u64,
    slots: Slots,
    dense: bool,
    reversing: bool,
    /// The index of each reached position, in the order reached (breadth first): with dense
    /// slots sized for every index (and reused as the queue of pass 3); with sparse slots,
    /// the index of each slot (slots are given in the order reached).
    order: Vec<u32>,
    /// Moves of each position not yet decided.
    remaining: Vec<u32>,
    /// In-degrees (pass 1), then the reversed edges' offsets; empty without reversed edges.
    offsets: Vec<u32>,
    remoteness: Vec<u32>,
    values: Vec<Option<G::Value>>,
    reached_count: usize,
    edges: u64,
    terminal: u64,
    decided: u64,
    /// A move of the game, to fill the reversed edges' array before it is written.
    some_move: Option<G::Move>,
    pub(super) bytes: u128,
    clock: DeadlineClock,
    moves: Vec<G::Move>,
}

impl<'g, G: Indexed> Pass<'g, G> {
    /// Pass 1, forward and breadth first from `from`: the reachable positions, their moves,
    /// and, when `reversing`, how many moves lead into each. With reversed edges and more
    /// than [`DENSE_INDICES`] indices, the slots are sparse.
    pub(super) fn enumerate(
        game: &'g G,
        from: G::Position,
        memory_cap_bytes: u64,
        deadline: Deadline,
        reversing: bool,
    ) -> Result<Self, Error> {
        let limits = Limits {
            cap: memory_cap_bytes,
        };
        let count64 = game.position_count();
        let count = as_u32::<G>("positions", count64)? as usize;
        let dense = !reversing || count64 <= DENSE_INDICES;
        let mut pass = Pass {
            game,
            count,
            count64,
            slots: Slots::Sparse {
                map: HashMap::new(),
            },
            dense,
            reversing,
            order: Vec::new(),
            remaining: Vec::new(),
            offsets: Vec::new(),
            remoteness: Vec::new(),
            values: Vec::new(),
            limits,
            reached_count: 0,
            edges: 0,
            terminal: 0,
            decided: 0,
            some_move: None,
            bytes: 0,
            clock: DeadlineClock::new(deadline),
            moves: Vec::new(),
        };
        if dense {
            pass.allocate_dense()?;
        }
        let start = pass.index_of(from)?;
        pass.reach(start)?;
        let mut head = 0;
        let mut moves = std::mem::take(&mut pass.moves);
        while head < pass.reached_count {
            pass.clock.tick_or_stop(NAME, G::NAME)?;
            let at = pass.order[head] as usize;
            let slot = if dense { at } else { head };
            head += 1;
            let position = game.position_at(at);
            if let Some(value) = game.terminal_value(position) {
                pass.values[slot] = Some(value);
                pass.terminal += 1;
                continue;
            }
            game.moves_into(position, &mut moves);
            if moves.is_empty() {
                return Err(Error::NoMoves {
                    game: G::NAME,
                    position: game.show_position(position),
                });
            }
            pass.edges += moves.len() as u64;
            as_u32::<G>("moves", pass.edges)?;
            pass.remaining[slot] = moves.len() as u32;
            pass.some_move = pass.some_move.or(moves.first().copied());
            for &mv in &moves {
                let child = pass.index_of(game.play(position, mv))?;
                let child = pass.reach(child)?;
                if reversing {
                    pass.offsets[child] += 1;
                }
            }
        }
        pass.moves = moves;
        if !dense {
            let n = pass.reached_count;
            let refused = || pass.limits.refused::<G>("positions", n as u64, pass.bytes);
            pass.remoteness = zeroed_u32(n).ok_or_else(refused)?;
        }
        Ok(pass)
    }

    /// The arrays of dense slots, one cell per index, checked against the memory cap first.
    fn allocate_dense(&mut self) -> Result<(), Error> {
        let (count, count64) = (self.count, self.count64);
        let node_bytes = required_bytes_with::<G>(count64, 0, self.reversing);
        if node_bytes > u128::from(self.limits.cap) {
            return Err(self.limits.too_large::<G>("positions", count64, node_bytes));
        }
        let refused = || self.limits.refused::<G>("positions", count64, node_bytes);
        self.slots = Slots::Dense {
            reached: bytemuck::allocation::try_zeroed_vec::<u64>(count.div_ceil(64))
                .map_err(|_| refused())?,
        };
        self.remaining = zeroed_u32(count).ok_or_else(refused)?;
        if self.reversing {
            self.offsets = zeroed_u32(count + 1).ok_or_else(refused)?;
        }
        self.order = zeroed_u32(count).ok_or_else(refused)?;
        self.remoteness = zeroed_u32(count).ok_or_else(refused)?;
        self.values = filled(count, None).ok_or_else(refused)?;
        self.bytes = node_bytes;
        Ok(())
    }

    /// The slot of the position with index `index`, reached now if it was not before (then
    /// queued for pass 1).
    #[inline]
    fn reach(&mut self, index: usize) -> Result<usize, Error> {
        match &mut self.slots {
            Slots::Dense { reached } => {
                let (word, bit) = (index / 64, 1u64 << (index % 64));
                if reached[word] & bit == 0 {
                    reached[word] |= bit;
                    self.order[self.reached_count] = index as u32;
                    self.reached_count += 1;
                }
                Ok(index)
            }
            Slots::Sparse { map } => {
                // Below `count`, which fits in `u32`.
                let key = index as u32;
                if let Some(&slot) = map.get(&key) {
                    return Ok(slot as usize);
                }
                self.new_sparse_slot(key)
            }
        }
    }

    /// A sparse slot for index `key`, the arrays and the map grown first when full (the bytes
    /// they then hold checked against the memory cap before they are asked for).
    fn new_sparse_slot(&mut self, key: u32) -> Result<usize, Error> {
        let Slots::Sparse { map } = &mut self.slots else {
            return Ok(key as usize);
        };
        let slot = self.reached_count;
        let capacity = self.order.capacity();
        let (slots_full, map_full) = (slot == capacity, map.len() == map.capacity());
        if slots_full || map_full {
            let new_capacity = if slots_full {
                (capacity * 2).max(1024)
            } else {
                capacity
            };
            let map_bytes = if map_full {
                growth_bytes::<u32, u32>(map.capacity())
            } else {
                map_bytes::<u32, u32>(map.capacity())
            };
            let required = new_capacity as u128
                * u128::from(bytes_per_sparse_slot::<G>(self.reversing))
                + map_bytes;
            let positions = slot as u64 + 1;
            if required > u128::from(self.limits.cap) {
                return Err(self.limits.too_large::<G>("positions", positions, required));
            }
            let refused = self.limits.refused::<G>("positions", positions, required);
            let extra = new_capacity - slot;
            self.order
                .try_reserve_exact(extra)
                .map_err(|_| refused.clone())?;
            self.remaining
                .try_reserve_exact(extra)
                .map_err(|_| refused.clone())?;
            self.values
                .try_reserve_exact(extra)
                .map_err(|_| refused.clone())?;
            if self.reversing {
                self.offsets
                    .try_reserve_exact(extra + 1)
                    .map_err(|_| refused.clone())?;
            }
            if map_full {
                map.try_reserve(1).map_err(|_| refused)?;
            }
            self.bytes = self.bytes.max(required);
        }
        map.insert(key, slot as u32);
        self.order.push(key);
        self.remaining.push(0);
        self.values.push(None);
        if self.reversing {
            self.offsets.push(0);
        }
        self.reached_count += 1;
        Ok(slot)
    }

    /// The cells the pass keeps: one per index with dense slots, one per reached position
    /// with sparse ones.
    pub(super) fn cells(&self) -> u64 {
        self.values.len() as u64
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

    /// The error for a game whose moves of `position`, or where they lead, changed since
    /// pass 1.
    fn changed(&self, position: G::Position) -> Error {
        Error::Inconsistent {
            game: G::NAME,
            position: self.game.show_position(position),
        }
    }

    /// Pass 2: the reversed edges (CSR), checked against the memory cap now that the moves are
    /// counted. `offsets[s]` becomes the end of slot `s`'s slice, then, filled backwards, its
    /// start. A game whose moves differ from pass 1's is refused ([`Error::Inconsistent`]).
    pub(super) fn reverse_edges(&mut self) -> Result<Reversed<G::Move>, Error> {
        let (game, edges, dense) = (self.game, self.edges, self.dense);
        let cells = self.values.len();
        let edge_bytes = 4 + u128::from(edges) * u128::from(bytes_per_edge::<G>());
        let bytes = self.bytes + edge_bytes;
        if bytes > u128::from(self.limits.cap) {
            return Err(self.limits.too_large::<G>("moves", edges, bytes));
        }
        self.bytes = bytes;
        let mut offsets = std::mem::take(&mut self.offsets);
        if offsets.len() == cells {
            offsets.push(0);
        }
        let mut sum = 0u32;
        for offset in &mut offsets[..cells] {
            sum += *offset;
            *offset = sum;
        }
        offsets[cells] = sum;
        let refused = || self.limits.refused::<G>("moves", edges, bytes);
        let mut parents = filled(edges as usize, u32::MAX).ok_or_else(refused)?;
        let mut edge_moves = match self.some_move {
            Some(mv) => filled(edges as usize, mv).ok_or_else(refused)?,
            None => Vec::new(),
        };
        let mut moves = std::mem::take(&mut self.moves);
        for k in 0..self.reached_count {
            self.clock.tick_or_stop(NAME, G::NAME)?;
            let at = self.order[k] as usize;
            let slot = if dense { at } else { k };
            if self.values[slot].is_some() {
                continue;
            }
            let position = game.position_at(at);
            game.moves_into(position, &mut moves);
            if moves.len() != self.remaining[slot] as usize {
                return Err(self.changed(position));
            }
            for &mv in &moves {
                let child = self.index_of(game.play(position, mv))?;
                // An in-degree passed, or an edge written twice: the game's moves changed
                // since pass 1 (checked before writing, so a changing game gets an error,
                // never a write out of bounds).
                let Some(child) = self.slots.get(child).filter(|&c| offsets[c] > 0) else {
                    return Err(self.changed(position));
                };
                offsets[child] -= 1;
                let edge = offsets[child] as usize;
                if parents[edge] != u32::MAX {
                    return Err(self.changed(position));
                }
                parents[edge] = slot as u32;
                edge_moves[edge] = mv;
            }
        }
        self.moves = moves;
        Ok(Reversed {
            offsets,
            parents,
            moves: edge_moves,
        })
    }

    /// Pass 3: backwards from the terminal positions by a FIFO queue of slots (with dense
    /// slots, the order array reused: its first `queued` entries, compacted from the reachable
    /// ones).
    pub(super) fn propagate<P: Parents<G>, R: Recorder<G> + ?Sized>(
        &mut self,
        parents: &mut P,
        recorder: &mut R,
    ) -> Result<(), Error> {
        let (game, dense) = (self.game, self.dense);
        let mut queue = if dense {
            std::mem::take(&mut self.order)
        } else {
            let (n, bytes) = (self.reached_count, self.bytes);
            zeroed_u32(n).ok_or_else(|| self.limits.refused::<G>("positions", n as u64, bytes))?
        };
        let mut queued = 0;
        for k in 0..self.reached_count {
            let slot = if dense { queue[k] as usize } else { k };
            if let Some(value) = self.values[slot] {
                queue[queued] = slot as u32;
                queued += 1;
                let at = index_at(&self.order, dense, slot);
                recorder.event(Event::Cell(game.position_at(at), value));
            }
        }
        let mut moves = std::mem::take(&mut self.moves);
        let mut head = 0;
        while head < queued {
            self.clock.tick_or_stop(NAME, G::NAME)?;
            let child = queue[head] as usize;
            head += 1;
            let Some(value) = self.values[child] else {
                continue;
            };
            let rounds = self.remoteness[child].saturating_add(1);
            let Pass {
                values,
                remaining,
                remoteness,
                order,
                slots,
                ..
            } = self;
            let at = index_at(order, dense, child);
            parents.each(game, at, child, slots, |parent, mv| {
                if values[parent].is_some() {
                    return;
                }
                let position = game.position_at(index_at(order, dense, parent));
                let mv_value = game.move_value(position, mv, value);
                let decided = if mv_value.is_best_possible() {
                    Some(Ranked {
                        value: mv_value,
                        remoteness: rounds,
                    })
                } else {
                    remaining[parent] -= 1;
                    if remaining[parent] == 0 {
                        best_of_decided(game, position, &mut moves, values, remoteness, slots)
                    } else {
                        None
                    }
                };
                if let Some(score) = decided {
                    values[parent] = Some(score.value);
                    remoteness[parent] = score.remoteness;
                    queue[queued] = parent as u32;
                    queued += 1;
                    recorder.event(Event::Cell(position, score.value));
                }
            });
        }
        self.moves = moves;
        if dense {
            // The queue was the order array; with dense slots the table does not need it.
            drop(queue);
        }
        self.decided = queued as u64;
        Ok(())
    }

    /// The table, after reporting the endless positions and the counters.
    pub(super) fn finish<R: Recorder<G> + ?Sized>(self, recorder: &mut R) -> RetrogradeTable<G> {
        let positions = self.reached_count as u64;
        if self.decided < positions {
            if let Some(endless) = G::Value::endless() {
                let mut report = |index: usize| {
                    recorder.event(Event::Cell(self.game.position_at(index), endless));
                };
                match &self.slots {
                    Slots::Dense { reached } => set_bits_in(reached)
                        .filter(|&at| self.values[at].is_none())
                        .for_each(&mut report),
                    Slots::Sparse { .. } => (0..self.reached_count)
                        .filter(|&slot| self.values[slot].is_none())
                        .for_each(|slot| report(self.order[slot] as usize)),
                }
            }
        }
        recorder.positions(positions);
        recorder.states_stored(positions);
        RetrogradeTable {
            values: self.values,
            remoteness: self.remoteness,
            indices: if self.dense { Vec::new() } else { self.order },
            slots: self.slots,
            positions,
            edges: self.edges,
            terminal: self.terminal,
            decided: self.decided,
            bytes: self.bytes,
        }
    }
}

/// The best move's score at `position`, all of whose moves lead to decided positions: the
/// largest value, and at equal values the quickest win or the slowest anything else
/// ([`Ranked::cmp_for_mover`]).
fn best_of_decided<G: Indexed>(
    game: &G,
    position: G::Position,
    moves: &mut Vec<G::Move>,
    values: &[Option<G::Value>],
    remoteness: &[u32],
    slots: &Slots,
) -> Option<Ranked<G::Value>> {
    game.moves_into(position, moves);
    let mut best: Option<Ranked<G::Value>> = None;
    for &mv in moves.iter() {
        let Some(child) = slots.get(game.index(game.play(position, mv))) else {
            continue;
        };
        let Some(value) = values[child] else { continue };
        let score = Ranked {
            value: game.move_value(position, mv, value),
            remoteness: remoteness[child].saturating_add(1),
        };
        if best.is_none_or(|b| score.cmp_for_mover(&b).is_gt()) {
            best = Some(score);
        }
    }
    best
}
