//! Retrograde analysis for any [`Indexed`] game: the `tabular/retrograde` variant.
//!
//! The bottom-up answer for games whose positions may repeat (Cat and Mouse), and a generic
//! table for acyclic ones (Can I Win, Predict the Winner, a user's indexed game). In three
//! passes over the positions reachable from the start, with no recursion and no hashing:
//!
//! 1. **Enumerate** (forward, breadth first): every reachable position by its index, how many
//!    moves it has, and how many moves lead into each position.
//! 2. **Reverse the edges** once into compact arrays (CSR: one start offset per position, one
//!    parent index and one move per edge), so that the positions a decided position is reached
//!    from are a slice.
//! 3. **Propagate backwards** by a FIFO queue, starting from the terminal positions: when a
//!    position is decided, each undecided parent either is decided at once (the move into it
//!    reaches a value nothing beats, [`GameValue::is_best_possible`]: a win), or counts one
//!    more of its moves decided; a parent whose moves are all decided gets the best of them,
//!    as negamax would (so margins work too: a position is final when all its children are,
//!    which is reverse topological order in an acyclic game).
//!
//! Positions never decided can be kept from the end forever by one of the players: they are
//! worth [`GameValue::endless`] (a draw for win/lose/draw games). The pass records each
//! position's **remoteness**, the moves to the end under perfect play (the winner hurries, the
//! loser delays), which is also the round of the propagation that decided it: round 0 holds the
//! terminal positions, round `k` the positions decided from round `k - 1`.
//!
//! Where the parents come from: a game may list the moves into a position ([`Unmove`], as
//! GamesmanClassic's loopy solver asks for an "unmove"); Cat and Mouse, Can I Win and Predict
//! the Winner do, and their `tabular/retrograde` ([`variant_by_unmoves`],
//! [`solve_table_unmoving`]) needs no second pass and no edge arrays. Any other indexed game
//! (a user's) gets the reversed edges built once from its moves ([`variant`], [`solve_table`]):
//! it needs nothing beyond [`Game`] and [`Indexed`], so no second statement of the rules can
//! drift from the first, at the cost of one more pass of move generation and
//! `4 + size_of::<Move>()` bytes per move, which the memory cap accounts for.
//!
//! # Complexity
//!
//! With `C` = [`Indexed::position_count`] indices, `S` positions reachable from the start and
//! `E` moves between them: time `O(C + S + E)` (the game's `moves_into` once per position, or
//! twice with reversed edges, `play` and `move_value` about twice per move); no allocation per
//! position. Memory, allocated before the passes and checked against the memory cap:
//! [`bytes_per_position`] per index (`size_of::<Option<Value>>() + 16` bytes and one bit: 17
//! bytes for a win/lose/draw game; 4 fewer by unmoves: 13 bytes for Cat and Mouse) and, with
//! reversed edges only, [`bytes_per_edge`] per move (`4 + size_of::<Move>()`: 8 bytes for
//! 4-byte moves).
//!
//! Measured (release build, a shared 2-core AMD EPYC under a load average of 8 to 14 from
//! other builds, so wall times are inflated; `--stats` and `/usr/bin/time`): a Cat and Mouse
//! graph of 1,000 nodes (2·10^6 positions, a ring plus random chords, average degree 4; 25 MiB)
//! takes 0.25 to 0.35 s of CPU time (0.7 to 1.3 s wall), about 6 to 8 million positions per CPU
//! second; average degree 10, 0.35 to 0.5 s of CPU. The largest graph within `--memory-cap 1GiB`
//! has 6,395 nodes (81,792,050 positions, 1,023.8 MiB; 6,396 nodes are refused before
//! allocating): 25.7 s of CPU time. Can I Win `n = 20, T = 158` (`compare --variants`, one run):
//! 725 ms against `memo/dense`'s 28 ms and `memo/indexed`'s 345 ms (13 MiB of arrays against
//! 256 KiB): the pass visits all 10^6 subsets and their 10^7 moves where the memo stops at the
//! first winning move, and every array access is a cache miss.
//!
//! # Examples
//!
//! ```
//! use gamesolve::{CanIWin, Error, Outcome, Solver};
//! use gamesolve::backends::solver_tabular::retrograde::Retrograde;
//!
//! let mut solver = Retrograde::new();
//! let (answer, stats) = solver.solve_with_stats(&CanIWin::new(10, 11)?)?;
//! assert_eq!(answer.outcome, Outcome::SecondPlayerWins);
//! assert_eq!(stats.table_cells, 1 << 10);
//! # Ok::<(), Error>(())
//! ```
//!
//! # Errors
//!
//! [`Error::GameTooLarge`] beyond `u32::MAX` indices or moves; [`Error::TableTooLarge`] when the
//! arrays would pass the memory cap (checked for the positions before anything is allocated,
//! and for the moves once they are counted); [`Error::AllocationFailed`] when the system
//! refuses them; [`Error::TimeLimitReached`] past the time limit (read every 4,096 positions);
//! [`Error::NoMoves`], [`Error::IndexOutOfRange`] for a game that breaks its contract;
//! [`Error::EndlessPlay`] when the start can be kept from the end forever and the value type
//! has no value for that.
//!
//! # See also
//!
//! `memo/indexed` (the same table top-down, for acyclic games: visits only what the search
//! needs), and the game-specific tables of this crate.

use std::mem::size_of;
use std::time::Duration;

use core_types::search::{self, Ranked};
use core_types::{
    Deadline, DeadlineClock, Error, Event, Game, GameValue, Indexed, Kernel, Recorder,
    SolverConfig, Unmove, Variant,
};

use crate::{DEFAULT_MEMORY_CAP_BYTES, NAME};

/// The variant's name within `tabular`.
pub const VARIANT: &str = "retrograde";

/// Retrograde analysis over reversed edges; see the [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Retrograde {
    memory_cap_bytes: u64,
    time_limit: Option<Duration>,
}

impl Retrograde {
    /// A solver with the default memory cap and no time limit.
    pub const fn new() -> Self {
        Retrograde {
            memory_cap_bytes: DEFAULT_MEMORY_CAP_BYTES,
            time_limit: None,
        }
    }

    /// A solver with the limits of `config` (or the defaults).
    pub fn from_config(config: &SolverConfig) -> Self {
        Retrograde {
            memory_cap_bytes: config.memory_cap_or_default(),
            time_limit: config.time_limit,
        }
    }
}

impl Default for Retrograde {
    fn default() -> Self {
        Self::new()
    }
}

/// The `tabular/retrograde` entry for an indexed game's variant list.
pub const fn variant<G: Indexed>() -> Variant<G> {
    Variant {
        backend: NAME,
        name: VARIANT,
        summary: "retrograde analysis over reversed edges (any indexed game, loopy ones too): \
                  from the terminal positions backwards by a queue, the undecided are draws",
        build: |config| Box::new(Retrograde::from_config(config)),
    }
}

/// Bytes of the arrays per index of the game: its value, remoteness, moves left undecided,
/// first reversed edge and place in the queue (one bit more marks it reached).
pub const fn bytes_per_position<G: Game>() -> u64 {
    (size_of::<Option<G::Value>>() + 16) as u64
}

/// Bytes of the reversed edges per move: the parent's index and the move.
pub const fn bytes_per_edge<G: Game>() -> u64 {
    (4 + size_of::<G::Move>()) as u64
}

/// Bytes the pass over reversed edges needs for `positions` indices and `edges` moves.
pub fn required_bytes<G: Game>(positions: u64, edges: u64) -> u128 {
    required_bytes_with::<G>(positions, edges, true)
}

/// Bytes a pass needs, with reversed edges or (for an [`Unmove`] game) without: then no
/// offsets and no edges.
fn required_bytes_with<G: Game>(positions: u64, edges: u64, reversing: bool) -> u128 {
    let per_position = bytes_per_position::<G>() - if reversing { 0 } else { 4 };
    let reversed = if reversing {
        4 + u128::from(edges) * u128::from(bytes_per_edge::<G>())
    } else {
        0
    };
    u128::from(positions) * u128::from(per_position) + u128::from(positions).div_ceil(8) + reversed
}

/// What the pass knows of one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell<V> {
    /// Not reachable from the start (not computed).
    Unreached,
    /// Decided with this value for the player to move, this many moves from the end (the
    /// round of the propagation that decided it).
    Decided {
        /// The value for the player to move.
        value: V,
        /// Moves to the end under perfect play; 0 for a terminal position.
        remoteness: u32,
    },
    /// Never decided: perfect play never ends ([`GameValue::endless`]).
    Endless,
}

/// The solved table of one game: every reachable position's [`Cell`], by index.
#[derive(Clone, Debug)]
pub struct RetrogradeTable<G: Game> {
    values: Vec<Option<G::Value>>,
    remoteness: Vec<u32>,
    reached: Vec<u64>,
    /// Positions reachable from the start.
    pub positions: u64,
    /// Moves between them.
    pub edges: u64,
    /// Terminal positions among them.
    pub terminal: u64,
    /// Positions decided (the rest are endless).
    pub decided: u64,
    /// Bytes the pass allocated.
    pub bytes: u128,
}

impl<G: Indexed> RetrogradeTable<G> {
    /// What the pass knows of the position with index `index`.
    pub fn cell(&self, index: usize) -> Cell<G::Value> {
        if self
            .reached
            .get(index / 64)
            .is_none_or(|w| w >> (index % 64) & 1 == 0)
        {
            return Cell::Unreached;
        }
        match self.values[index] {
            Some(value) => Cell::Decided {
                value,
                remoteness: self.remoteness[index],
            },
            None => Cell::Endless,
        }
    }

    /// What the pass knows of `position`.
    pub fn cell_of(&self, game: &G, position: G::Position) -> Cell<G::Value> {
        self.cell(game.index(position))
    }

    /// The value of `position` (endless play as [`GameValue::endless`]), `None` when it was not
    /// reached or has no value.
    pub fn value_of(&self, game: &G, position: G::Position) -> Option<G::Value> {
        match self.cell_of(game, position) {
            Cell::Decided { value, .. } => Some(value),
            Cell::Endless => G::Value::endless(),
            Cell::Unreached => None,
        }
    }

    /// The score of each move at `position` (reached by the pass), in the game's order: the
    /// move's value for the mover and the moves to the end (`u32::MAX` for endless play);
    /// moves into positions without a value are left out.
    pub fn move_scores(&self, game: &G, position: G::Position) -> Vec<(G::Move, Ranked<G::Value>)> {
        let mut scores = Vec::new();
        for mv in game.moves(position) {
            let child = game.play(position, mv);
            let (reply, remoteness) = match self.cell_of(game, child) {
                Cell::Decided { value, remoteness } => (value, remoteness.saturating_add(1)),
                Cell::Endless => match G::Value::endless() {
                    Some(value) => (value, u32::MAX),
                    None => continue,
                },
                Cell::Unreached => continue,
            };
            let value = game.move_value(position, mv, reply);
            scores.push((mv, Ranked { value, remoteness }));
        }
        scores
    }

    /// The indices of the reachable positions, in index order.
    pub fn reached_indices(&self) -> impl Iterator<Item = usize> + '_ {
        set_bits_in(&self.reached)
    }
}

/// The indices of the set bits of `words` (bit `k` of word `w` is index `64 w + k`).
fn set_bits_in(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words
        .iter()
        .enumerate()
        .flat_map(|(w, &word)| core_types::bits::set_bits(word).map(move |k| w * 64 + k as usize))
}

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
            hint: "; raise --memory-cap",
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

/// Solves every position reachable from `from` in `game` by retrograde analysis over reversed
/// edges, within `memory_cap_bytes` and `deadline`, reporting each decided position to
/// `recorder` as an [`Event::Cell`] in the order it was decided (the endless ones last, valued
/// [`GameValue::endless`] when there is such a value). See the [module docs](self).
///
/// # Errors
///
/// As the [module docs](self) say.
pub fn solve_table<G: Indexed, R: Recorder<G> + ?Sized>(
    game: &G,
    from: G::Position,
    memory_cap_bytes: u64,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<RetrogradeTable<G>, Error> {
    let mut pass = Pass::enumerate(game, from, memory_cap_bytes, deadline, true)?;
    let mut parents = pass.reverse_edges()?;
    recorder.table(pass.count64, u64::try_from(pass.bytes).unwrap_or(u64::MAX));
    pass.propagate(&mut parents, recorder)?;
    Ok(pass.finish(recorder))
}

/// [`solve_table`] for a game that lists the moves into a position ([`Unmove`]): no reversed
/// edges are built (one pass of move generation and [`bytes_per_edge`] per move fewer, and
/// 4 bytes per position fewer), the parents come from [`Unmove::unmoves_into`].
///
/// # Errors
///
/// As [`solve_table`].
pub fn solve_table_unmoving<G: Unmove, R: Recorder<G> + ?Sized>(
    game: &G,
    from: G::Position,
    memory_cap_bytes: u64,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<RetrogradeTable<G>, Error> {
    let mut pass = Pass::enumerate(game, from, memory_cap_bytes, deadline, false)?;
    recorder.table(pass.count64, u64::try_from(pass.bytes).unwrap_or(u64::MAX));
    let mut parents = Unmoves {
        buffer: Vec::new(),
        count: pass.count,
    };
    pass.propagate(&mut parents, recorder)?;
    Ok(pass.finish(recorder))
}

/// Where the parents of a decided position come from.
trait Parents<G: Game> {
    /// Calls `f(parent index, move)` for each move into the position with index `child`.
    fn each<F: FnMut(usize, G::Move)>(&mut self, game: &G, child: usize, f: F);
}

/// The reversed edges: `parents[offsets[c]..offsets[c + 1]]` and their moves.
struct Reversed<M> {
    offsets: Vec<u32>,
    parents: Vec<u32>,
    moves: Vec<M>,
}

impl<G: Game> Parents<G> for Reversed<G::Move> {
    #[inline]
    fn each<F: FnMut(usize, G::Move)>(&mut self, _game: &G, child: usize, mut f: F) {
        let (from, to) = (
            self.offsets[child] as usize,
            self.offsets[child + 1] as usize,
        );
        for edge in from..to {
            f(self.parents[edge] as usize, self.moves[edge]);
        }
    }
}

/// The game's own list of the moves into a position.
struct Unmoves<P, M> {
    buffer: Vec<(P, M)>,
    count: usize,
}

impl<G: Unmove> Parents<G> for Unmoves<G::Position, G::Move> {
    #[inline]
    fn each<F: FnMut(usize, G::Move)>(&mut self, game: &G, child: usize, mut f: F) {
        game.unmoves_into(game.position_at(child), &mut self.buffer);
        for &(parent, mv) in &self.buffer {
            let parent = game.index(parent);
            if parent < self.count {
                f(parent, mv);
            }
        }
    }
}

/// One retrograde pass: its arrays, by index of the game.
struct Pass<'g, G: Indexed> {
    game: &'g G,
    limits: Limits,
    count: usize,
    count64: u64,
    reached: Vec<u64>,
    /// Moves of each position not yet decided.
    remaining: Vec<u32>,
    /// In-degrees (pass 1), then the reversed edges' offsets; empty without reversed edges.
    offsets: Vec<u32>,
    /// The reached positions in breadth-first order, then the queue.
    order: Vec<u32>,
    remoteness: Vec<u32>,
    values: Vec<Option<G::Value>>,
    reached_count: usize,
    edges: u64,
    terminal: u64,
    decided: u64,
    /// A move of the game, to fill the reversed edges' array before it is written.
    some_move: Option<G::Move>,
    bytes: u128,
    clock: DeadlineClock,
    moves: Vec<G::Move>,
}

impl<'g, G: Indexed> Pass<'g, G> {
    /// Pass 1, forward and breadth first from `from`: the reachable positions, their moves,
    /// and, when `reversing`, how many moves lead into each.
    fn enumerate(
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
        let node_bytes = required_bytes_with::<G>(count64, 0, reversing);
        if node_bytes > u128::from(memory_cap_bytes) {
            return Err(limits.too_large::<G>("positions", count64, node_bytes));
        }
        let refused = || limits.refused::<G>("positions", count64, node_bytes);
        let mut pass = Pass {
            game,
            count,
            count64,
            reached: bytemuck::allocation::try_zeroed_vec::<u64>(count.div_ceil(64))
                .map_err(|_| refused())?,
            remaining: zeroed_u32(count).ok_or_else(refused)?,
            offsets: if reversing {
                zeroed_u32(count + 1).ok_or_else(refused)?
            } else {
                Vec::new()
            },
            order: zeroed_u32(count).ok_or_else(refused)?,
            remoteness: zeroed_u32(count).ok_or_else(refused)?,
            values: filled(count, None).ok_or_else(refused)?,
            limits,
            reached_count: 0,
            edges: 0,
            terminal: 0,
            decided: 0,
            some_move: None,
            bytes: node_bytes,
            clock: DeadlineClock::new(deadline),
            moves: Vec::new(),
        };
        let start = pass.index_of(from)?;
        pass.reached[start / 64] |= 1 << (start % 64);
        pass.order[0] = start as u32;
        let mut tail = 1usize;
        let mut head = 0;
        let mut moves = std::mem::take(&mut pass.moves);
        while head < tail {
            pass.clock.tick_or_stop(NAME, G::NAME)?;
            let at = pass.order[head] as usize;
            head += 1;
            let position = game.position_at(at);
            if let Some(value) = game.terminal_value(position) {
                pass.values[at] = Some(value);
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
            pass.remaining[at] = moves.len() as u32;
            pass.some_move = pass.some_move.or(moves.first().copied());
            for &mv in &moves {
                let child = pass.index_of(game.play(position, mv))?;
                if reversing {
                    pass.offsets[child] += 1;
                }
                let (word, bit) = (child / 64, 1u64 << (child % 64));
                if pass.reached[word] & bit == 0 {
                    pass.reached[word] |= bit;
                    pass.order[tail] = child as u32;
                    tail += 1;
                }
            }
        }
        pass.moves = moves;
        pass.reached_count = tail;
        Ok(pass)
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

    /// Pass 2: the reversed edges (CSR), checked against the memory cap now that the moves are
    /// counted. `offsets[c]` becomes the end of `c`'s slice, then, filled backwards, its start.
    fn reverse_edges(&mut self) -> Result<Reversed<G::Move>, Error> {
        let (game, count, edges) = (self.game, self.count, self.edges);
        let bytes = required_bytes::<G>(self.count64, edges);
        if bytes > u128::from(self.limits.cap) {
            return Err(self.limits.too_large::<G>("moves", edges, bytes));
        }
        self.bytes = bytes;
        let mut offsets = std::mem::take(&mut self.offsets);
        let mut sum = 0u32;
        for offset in &mut offsets[..count] {
            sum += *offset;
            *offset = sum;
        }
        offsets[count] = sum;
        let refused = || self.limits.refused::<G>("moves", edges, bytes);
        let mut parents = zeroed_u32(edges as usize).ok_or_else(refused)?;
        let mut edge_moves = match self.some_move {
            Some(mv) => filled(edges as usize, mv).ok_or_else(refused)?,
            None => Vec::new(),
        };
        let mut moves = std::mem::take(&mut self.moves);
        for k in 0..self.reached_count {
            self.clock.tick_or_stop(NAME, G::NAME)?;
            let at = self.order[k] as usize;
            if self.values[at].is_some() {
                continue;
            }
            let position = game.position_at(at);
            game.moves_into(position, &mut moves);
            for &mv in &moves {
                let child = self.index_of(game.play(position, mv))?;
                offsets[child] -= 1;
                let edge = offsets[child] as usize;
                parents[edge] = at as u32;
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

    /// Pass 3: backwards from the terminal positions by a FIFO queue (the order array, reused:
    /// its first `queued` entries, compacted from the reachable ones).
    fn propagate<P: Parents<G>, R: Recorder<G> + ?Sized>(
        &mut self,
        parents: &mut P,
        recorder: &mut R,
    ) -> Result<(), Error> {
        let game = self.game;
        let mut queued = 0;
        for k in 0..self.reached_count {
            let at = self.order[k] as usize;
            if let Some(value) = self.values[at] {
                self.order[queued] = at as u32;
                queued += 1;
                recorder.event(Event::Cell(game.position_at(at), value));
            }
        }
        let mut moves = std::mem::take(&mut self.moves);
        let mut head = 0;
        while head < queued {
            self.clock.tick_or_stop(NAME, G::NAME)?;
            let child = self.order[head] as usize;
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
                reached,
                ..
            } = self;
            parents.each(game, child, |parent, mv| {
                if values[parent].is_some() || reached[parent / 64] >> (parent % 64) & 1 == 0 {
                    return;
                }
                let position = game.position_at(parent);
                let mv_value = game.move_value(position, mv, value);
                let decided = if mv_value.is_best_possible() {
                    Some(Ranked {
                        value: mv_value,
                        remoteness: rounds,
                    })
                } else {
                    remaining[parent] -= 1;
                    if remaining[parent] == 0 {
                        best_of_decided(game, position, &mut moves, values, remoteness)
                    } else {
                        None
                    }
                };
                if let Some(score) = decided {
                    values[parent] = Some(score.value);
                    remoteness[parent] = score.remoteness;
                    order[queued] = parent as u32;
                    queued += 1;
                    recorder.event(Event::Cell(position, score.value));
                }
            });
        }
        self.moves = moves;
        self.decided = queued as u64;
        Ok(())
    }

    /// The table, after reporting the endless positions and the counters.
    fn finish<R: Recorder<G> + ?Sized>(self, recorder: &mut R) -> RetrogradeTable<G> {
        let positions = self.reached_count as u64;
        if self.decided < positions {
            if let Some(endless) = G::Value::endless() {
                for at in set_bits_in(&self.reached) {
                    if self.values[at].is_none() {
                        recorder.event(Event::Cell(self.game.position_at(at), endless));
                    }
                }
            }
        }
        recorder.positions(positions);
        recorder.states_stored(positions);
        RetrogradeTable {
            values: self.values,
            remoteness: self.remoteness,
            reached: self.reached,
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
) -> Option<Ranked<G::Value>> {
    game.moves_into(position, moves);
    let mut best: Option<Ranked<G::Value>> = None;
    for &mv in moves.iter() {
        let child = game.index(game.play(position, mv));
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

impl<G: Indexed> Kernel<G> for Retrograde {
    const BACKEND: &'static str = NAME;
    const VARIANT: &'static str = VARIANT;

    fn run<R: Recorder<G>>(&mut self, game: &G, recorder: &mut R) -> Result<G::Solution, Error> {
        let (cap, time_limit) = (self.memory_cap_bytes, self.time_limit);
        run_with(game, time_limit, |start, deadline| {
            solve_table(game, start, cap, deadline, recorder)
        })
    }
}

/// `tabular/retrograde` for a game that lists the moves into a position ([`Unmove`]): the
/// same pass without reversed edges ([`solve_table_unmoving`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RetrogradeByUnmoves(pub Retrograde);

/// The `tabular/retrograde` entry for a game that lists the moves into a position: the same
/// pass, its parents from [`Unmove::unmoves_into`] in place of reversed edges.
pub const fn variant_by_unmoves<G: Unmove>() -> Variant<G> {
    Variant {
        backend: NAME,
        name: VARIANT,
        summary: "retrograde analysis (loopy games too): from the terminal positions backwards \
                  by a queue, each position's parents listed by the game, the undecided are \
                  draws",
        build: |config| Box::new(RetrogradeByUnmoves(Retrograde::from_config(config))),
    }
}

impl<G: Unmove> Kernel<G> for RetrogradeByUnmoves {
    const BACKEND: &'static str = NAME;
    const VARIANT: &'static str = VARIANT;

    fn run<R: Recorder<G>>(&mut self, game: &G, recorder: &mut R) -> Result<G::Solution, Error> {
        let (cap, time_limit) = (self.0.memory_cap_bytes, self.0.time_limit);
        run_with(game, time_limit, |start, deadline| {
            solve_table_unmoving(game, start, cap, deadline, recorder)
        })
    }
}

/// A solve: the settled answer, or the table `pass` builds from the start and the start's
/// value with the first of its best moves in the game's order, as every other variant reports
/// it.
fn run_with<G: Indexed>(
    game: &G,
    time_limit: Option<Duration>,
    pass: impl FnOnce(G::Position, Deadline) -> Result<RetrogradeTable<G>, Error>,
) -> Result<G::Solution, Error> {
    let start = match search::before_search(game) {
        Ok(start) => start,
        Err(settled) => return Ok(settled),
    };
    let deadline = Deadline::after(time_limit);
    deadline.check(NAME, G::NAME)?;
    let table = pass(start, deadline)?;
    let endless = || Error::EndlessPlay {
        game: G::NAME,
        position: game.show_position(start),
    };
    let value = table.value_of(game, start).ok_or_else(endless)?;
    let mut best: Option<(G::Value, G::Move)> = None;
    for mv in game.moves(start) {
        let Some(reply) = table.value_of(game, game.play(start, mv)) else {
            continue;
        };
        let mv_value = game.move_value(start, mv, reply);
        if best.is_none_or(|(b, _)| mv_value > b) {
            best = Some((mv_value, mv));
        }
    }
    Ok(game.solution(value, best.map(|(_, mv)| mv)))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use core_types::{CanIWin, CatAndMouse, NoStats, PredictTheWinner, Solver};

    /// The two ways to find parents (reversed edges, the game's unmoves) give the same table.
    fn same_tables<G: Unmove>(game: &G) {
        let reversed = solve_table(game, game.start(), 1 << 30, Deadline::NEVER, &mut NoStats);
        let unmoved =
            solve_table_unmoving(game, game.start(), 1 << 30, Deadline::NEVER, &mut NoStats);
        let (reversed, unmoved) = (reversed.unwrap(), unmoved.unwrap());
        assert_eq!(reversed.positions, unmoved.positions);
        assert_eq!(reversed.decided, unmoved.decided);
        for index in 0..game.position_count() as usize {
            assert_eq!(reversed.cell(index), unmoved.cell(index), "{index}");
        }
    }

    #[test]
    fn reversed_edges_and_unmoves_agree() {
        for (n, t) in [(5, 11), (10, 40), (12, 50), (8, 36)] {
            same_tables(&CanIWin::new(n, t).unwrap());
        }
        same_tables(&PredictTheWinner::new(vec![3, 9, 1, 2, -7, 4, 4]));
        let graph = vec![
            vec![2, 5],
            vec![3],
            vec![0, 4, 5],
            vec![1, 4, 5],
            vec![2, 3],
            vec![0, 2, 3],
        ];
        same_tables(&CatAndMouse::new(graph).unwrap());
    }

    #[test]
    fn both_kernels_answer_alike() {
        let game = CanIWin::new(12, 40).unwrap();
        let a = Retrograde::new().solve_with_stats(&game).unwrap();
        let b = RetrogradeByUnmoves(Retrograde::new())
            .solve_with_stats(&game)
            .unwrap();
        assert_eq!(a.0, b.0);
        assert_eq!(a.1.positions, b.1.positions);
        assert!(a.1.table_bytes > b.1.table_bytes);
    }
}
