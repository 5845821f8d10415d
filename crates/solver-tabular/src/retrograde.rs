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
//! Why reversed edges built once rather than an "unmove" the game would offer: it needs nothing
//! of the game beyond [`Game`] and [`Indexed`] (a user's game gets it for free, and no second
//! definition of the rules can drift from the first), and it costs one extra pass of move
//! generation plus `4 + size_of::<Move>()` bytes per move, which the memory cap accounts for.
//!
//! # Complexity
//!
//! With `C` = [`Indexed::position_count`] indices, `S` positions reachable from the start and
//! `E` moves between them: time `O(C + S + E)` (the game's `moves_into` twice per position,
//! `play` and `move_value` about twice per move); no allocation per position. Memory,
//! allocated before the passes and checked against the memory cap:
//! [`bytes_per_position`] per index (`size_of::<Option<Value>>() + 16` bytes and one bit:
//! 17 bytes for a win/lose/draw game) and [`bytes_per_edge`] per move
//! (`4 + size_of::<Move>()`: 8 bytes for Cat and Mouse and Can I Win).
//!
//! Measured (release build, one core of a shared two-core machine): a Cat and Mouse graph of
//! 1,000 nodes (2·10^6 positions), see the crate's `BENCHMARKS.md` entry and the figures in
//! the README.
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
    SolverConfig, Variant,
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

/// Bytes the pass needs for `positions` indices and `edges` moves.
pub fn required_bytes<G: Game>(positions: u64, edges: u64) -> u128 {
    u128::from(positions) * u128::from(bytes_per_position::<G>())
        + u128::from(positions).div_ceil(8)
        + 4
        + u128::from(edges) * u128::from(bytes_per_edge::<G>())
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

/// Solves every position reachable from `from` in `game` by retrograde analysis, within
/// `memory_cap_bytes` and `deadline`, reporting each decided position to `recorder` as an
/// [`Event::Cell`] in the order it was decided (the endless ones last, valued
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
    let limits = Limits {
        cap: memory_cap_bytes,
    };
    let count64 = game.position_count();
    let count = as_u32::<G>("positions", count64)? as usize;
    let node_bytes = required_bytes::<G>(count64, 0);
    if node_bytes > u128::from(memory_cap_bytes) {
        return Err(limits.too_large::<G>("positions", count64, node_bytes));
    }
    let refused = || limits.refused::<G>("positions", count64, node_bytes);
    let mut reached =
        bytemuck::allocation::try_zeroed_vec::<u64>(count.div_ceil(64)).map_err(|_| refused())?;
    let mut remaining = zeroed_u32(count).ok_or_else(refused)?;
    let mut offsets = zeroed_u32(count + 1).ok_or_else(refused)?;
    let mut order = zeroed_u32(count).ok_or_else(refused)?;
    let mut remoteness = zeroed_u32(count).ok_or_else(refused)?;
    let mut values: Vec<Option<G::Value>> = filled(count, None).ok_or_else(refused)?;
    let mut clock = DeadlineClock::new(deadline);
    let mut moves = Vec::new();
    let index_of = |position: G::Position| -> Result<usize, Error> {
        let index = game.index(position);
        if index < count {
            Ok(index)
        } else {
            Err(Error::IndexOutOfRange {
                game: G::NAME,
                position: game.show_position(position),
                index: index as u64,
                count: count64,
            })
        }
    };

    // Pass 1: forward, breadth first: the reachable positions, their moves, in-degrees.
    let start = index_of(from)?;
    reached[start / 64] |= 1 << (start % 64);
    order[0] = start as u32;
    let (mut tail, mut edges, mut terminal) = (1usize, 0u64, 0u64);
    let mut some_move = None;
    let mut head = 0;
    while head < tail {
        clock.tick_or_stop(NAME, G::NAME)?;
        let at = order[head] as usize;
        head += 1;
        let position = game.position_at(at);
        if let Some(value) = game.terminal_value(position) {
            values[at] = Some(value);
            terminal += 1;
            continue;
        }
        game.moves_into(position, &mut moves);
        if moves.is_empty() {
            return Err(Error::NoMoves {
                game: G::NAME,
                position: game.show_position(position),
            });
        }
        edges += moves.len() as u64;
        as_u32::<G>("moves", edges)?;
        remaining[at] = moves.len() as u32;
        some_move = some_move.or(moves.first().copied());
        for &mv in &moves {
            let child = index_of(game.play(position, mv))?;
            offsets[child] += 1;
            let (word, bit) = (child / 64, 1u64 << (child % 64));
            if reached[word] & bit == 0 {
                reached[word] |= bit;
                order[tail] = child as u32;
                tail += 1;
            }
        }
    }
    let positions = tail as u64;

    // Pass 2: the reversed edges (CSR). `offsets[c]` becomes the end of `c`'s slice, then,
    // filled backwards, its start; `offsets[count]` is the end of the last.
    let bytes = required_bytes::<G>(count64, edges);
    if bytes > u128::from(memory_cap_bytes) {
        return Err(limits.too_large::<G>("moves", edges, bytes));
    }
    let mut sum = 0u32;
    for offset in &mut offsets[..count] {
        sum += *offset;
        *offset = sum;
    }
    offsets[count] = sum;
    let refused = || limits.refused::<G>("moves", edges, bytes);
    let mut parents = zeroed_u32(edges as usize).ok_or_else(refused)?;
    let mut edge_moves = match some_move {
        Some(mv) => filled(edges as usize, mv).ok_or_else(refused)?,
        None => Vec::new(),
    };
    for &at in &order[..tail] {
        clock.tick_or_stop(NAME, G::NAME)?;
        let at = at as usize;
        if values[at].is_some() {
            continue;
        }
        let position = game.position_at(at);
        game.moves_into(position, &mut moves);
        for &mv in &moves {
            let child = index_of(game.play(position, mv))?;
            offsets[child] -= 1;
            let edge = offsets[child] as usize;
            parents[edge] = at as u32;
            edge_moves[edge] = mv;
        }
    }
    recorder.table(count64, u64::try_from(bytes).unwrap_or(u64::MAX));

    // Pass 3: backwards from the terminal positions, by a FIFO queue (the order array, reused:
    // its first `queued` entries, compacted from the reachable ones).
    let mut queued = 0;
    for k in 0..tail {
        let at = order[k] as usize;
        if let Some(value) = values[at] {
            order[queued] = at as u32;
            queued += 1;
            recorder.event(Event::Cell(game.position_at(at), value));
        }
    }
    let mut head = 0;
    while head < queued {
        clock.tick_or_stop(NAME, G::NAME)?;
        let child = order[head] as usize;
        head += 1;
        let Some(value) = values[child] else {
            continue;
        };
        let rounds = remoteness[child].saturating_add(1);
        let (from, to) = (offsets[child] as usize, offsets[child + 1] as usize);
        for edge in from..to {
            let parent = parents[edge] as usize;
            if values[parent].is_some() {
                continue;
            }
            let position = game.position_at(parent);
            let mv_value = game.move_value(position, edge_moves[edge], value);
            let decided = if mv_value.is_best_possible() {
                Some(Ranked {
                    value: mv_value,
                    remoteness: rounds,
                })
            } else {
                remaining[parent] -= 1;
                if remaining[parent] == 0 {
                    best_of_decided(game, position, &mut moves, &values, &remoteness)
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
        }
    }
    let decided = queued as u64;
    if decided < positions {
        if let Some(endless) = G::Value::endless() {
            for at in set_bits_in(&reached) {
                if values[at].is_none() {
                    recorder.event(Event::Cell(game.position_at(at), endless));
                }
            }
        }
    }
    recorder.positions(positions);
    recorder.states_stored(positions);
    Ok(RetrogradeTable {
        values,
        remoteness,
        reached,
        positions,
        edges,
        terminal,
        decided,
        bytes,
    })
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
        let start = match search::before_search(game) {
            Ok(start) => start,
            Err(settled) => return Ok(settled),
        };
        let deadline = Deadline::after(self.time_limit);
        deadline.check(NAME, G::NAME)?;
        let table = solve_table(game, start, self.memory_cap_bytes, deadline, recorder)?;
        let endless = || Error::EndlessPlay {
            game: G::NAME,
            position: game.show_position(start),
        };
        let value = table.value_of(game, start).ok_or_else(endless)?;
        // The first of the best moves in the game's order, as every other variant reports it.
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
}
