//! Retrograde analysis for any [`Indexed`] game: the `tabular/retrograde` variant.
//!
//! The bottom-up answer for games whose positions may repeat (Cat and Mouse), and a generic
//! table for acyclic ones (Can I Win, Predict the Winner, a user's indexed game), over the
//! positions reachable from the start only, with no recursion, each position's terminal value
//! and moves asked of the game once.
//!
//! **The acyclic path** (tried first by [`solve_table`]): the classic bottom-up dynamic
//! programme over the directed acyclic graph of the positions reached, in the post-order of an
//! iterative depth-first search from the start. A position is *finished* when all its moves
//! have been tried; it then gets its id (the next one: ids are the post-order, children
//! first) and its cell, negamax with remoteness over its children's cells (the best move for
//! the mover by [`Ranked::cmp_for_mover`](solver_search::Ranked::cmp_for_mover): a
//! larger value, at equal values a win sooner and anything else later). No edges, counters or
//! queue are kept: a child's id is looked up when its move is tried, and its cell read at
//! once. While a position is on the search's path its index is marked as such; a move into a
//! marked position is a cycle, and the path gives up (everything it holds freed) for the
//! counter-based pass below, from scratch ([`solve_table_by_counting`]).
//!
//! **The counter-based pass** (loopy games, and every game that lists its unmoves), in three
//! steps:
//!
//! 1. **Enumerate** (forward, breadth first from the start): every reachable position gets an
//!    *id*, its place in the order reached, and is kept by id (so the pass never turns an index
//!    back into a position: [`Indexed::position_at`] is not needed); with reversed edges, the
//!    moves out of each position are kept as the children's ids (CSR: one offset per position,
//!    one id and one move per edge), and how many moves lead into each position.
//! 2. **Reverse the edges** once, from those arrays without asking the game again, into the
//!    same compact form: the positions a decided position is reached from are a slice.
//! 3. **Propagate backwards** by a FIFO queue of ids, starting from the terminal positions:
//!    when a position is decided, each undecided parent either is decided at once (the move
//!    into it reaches a value nothing beats, [`GameValue::is_best_possible`](core_types::GameValue::is_best_possible): a win), or counts
//!    one more of its moves decided and keeps the best of them so far; a parent whose moves are
//!    all decided gets that best, as negamax would (so margins work too: a position is final
//!    when all its children are, which is reverse topological order in an acyclic game).
//!
//! Positions never decided can be kept from the end forever by one of the players: they are
//! worth [`GameValue::endless`](core_types::GameValue::endless) (a draw for win/lose/draw games). The pass records each
//! position's **remoteness**, the moves to the end under perfect play (the winner hurries, the
//! loser delays), which is also the round of the propagation that decided it: round 0 holds the
//! terminal positions, round `k` the positions decided from round `k - 1`.
//!
//! Where the parents come from: a game may list the moves into a position ([`Unmove`], as
//! GamesmanClassic's loopy solver asks for an "unmove"); Cat and Mouse, Can I Win and Predict
//! the Winner do, and their `tabular/retrograde` ([`variant_by_unmoves`],
//! [`solve_table_unmoving`]) keeps no edges. Any other indexed game (a user's) gets the
//! reversed edges built once from pass 1's moves ([`variant`], [`solve_table`]): it needs
//! nothing beyond [`Game`] and [`Indexed`]'s `position_count` and `index`, so no second
//! statement of the rules can drift from the first, at the cost of [`bytes_per_edge`] per move.
//!
//! Where an id is found from an index (the *lookup*): a game numbered with at most
//! [`DENSE_INDICES`] (2^24) indices, or one that lists its unmoves, gets an array of one `u32`
//! per index, found without hashing; a game over reversed edges numbered with more gets a hash
//! map from index to id (on the acyclic path, a hash table whose entry holds the cell itself
//! beside the index: one probe per move): Domineering 5x5 numbers 2^26 positions and reaches
//! 455,317, so the pass costs what it reaches, not what the numbering names. Either way the
//! cells are kept for the positions reached only.
//!
//! # Complexity
//!
//! With `C` = [`Indexed::position_count`] indices, `S` positions reachable from the start, `E`
//! moves between them and `D` the longest line of play: time `O(S + E)` either way (expected,
//! with the hash map), and `O(C)` more to zero the dense lookup (calloc: pages never touched
//! cost nothing); `terminal_value` and `moves_into` once per position and `play` once per move
//! on each path (a loopy game's are asked again by the counter-based pass after the acyclic
//! path gives up at its first cycle, so at most twice); no allocation per position.
//!
//! - **Acyclic path:** one lookup per move (a position's claim when first met is its parent's
//!   move's lookup; finishing it writes its cell where the claim found room), `move_value`
//!   once per move. Memory: the lookup (beyond [`DENSE_INDICES`] indices, a hash table whose
//!   entries hold each reached index with a copy of its cell: 12 bytes and a control byte for
//!   a win/lose/draw value, so a move's child is one probe), and per position reached
//!   `size_of::<Position>()` + a cell when the lookup is an array (12 bytes for a
//!   win/lose/draw value: 20 bytes for Domineering 4x4's `u64` positions), + its value alone
//!   when the hash table holds the cells (9 bytes for Domineering 5x5: its peak fell from
//!   17.3 MB to 12.6 MB and its time to 0.88x, issue 43), plus one frame and its moves per
//!   level of the path (`O(D)`); nothing per move.
//! - **Counter-based pass:** one lookup per move in pass 1 (the children of a position looked
//!   up together, so their cache misses overlap), none in passes 2 and 3 with reversed edges
//!   (one per parent listed by a game's unmoves); `move_value` once per reversed edge. Memory:
//!   per position reached [`bytes_per_position`] (`size_of::<Position>()` + a 12-byte cell for
//!   a win/lose/draw value + 12: 32 bytes for Domineering's `u64` positions), 8 fewer by
//!   unmoves; with reversed edges [`bytes_per_edge`] per move at the most (the moves out, then
//!   the moves in: 16 bytes for 4-byte moves while they are reversed, 8 after).
//!
//! Every array is checked against the memory cap before it is asked for or grown (by
//! doubling): the dense lookup's 4 bytes per index, the hash tables' entries and one control
//! byte per bucket (at most 7/8 full), the arrays above.
//!
//! Measured on Domineering 5x5 (455,317 positions reached, 2,052,030 moves, 10,666 terminal;
//! BENCHMARKS.md, "Issue 28, round 3"): the acyclic path runs 645 M instructions (callgrind)
//! against the counter-based pass's 743 M and `memo/hash-map`'s 116 M, holds 15.2 MB against
//! 52.6 MB, and takes 0.73x the counter-based pass's CPU time and 6.9x the memo's
//! (interleaved pairs of processes, load 6 to 8). The game's own
//! calls for the positions reached are 303 M instructions of it, 2.6x the memo's whole solve:
//! the memo expands 107,172 positions (23.5 % of what the start reaches) because it stops at a
//! position's first winning move, where a table of every reached position must ask the game
//! about all of them. On the same board with bitboard rules (the peers' Domineering,
//! `retrograde/domineering-5x5-bitboard` in `benches/retrograde.rs`), where the game's calls
//! are cheap, the acyclic path runs 373 M instructions against the memos' 50 M and takes 11x
//! their time (BENCHMARKS.md, "Issue 28, round 10", where its cells moved into its hash
//! table: 0.88x the time of round 8's id map and cell array): what bounds it there is its own
//! work per move (a probe, the frame, the score) over every reached position, not the game.
//!
//! # Examples
//!
//! ```
//! use gamesolve::{CanIWin, Error, Outcome, core_types::Solver};
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
//! arrays would pass the memory cap (checked before each is allocated or grown);
//! [`Error::AllocationFailed`] when the system refuses them; [`Error::TimeLimitReached`] past
//! the time limit (read every 4,096 positions); [`Error::NoMoves`], [`Error::IndexOutOfRange`]
//! for a game that breaks its contract (the game is asked once per position, so a game whose
//! moves change between calls cannot make the arrays disagree); [`Error::EndlessPlay`] when
//! the start can be kept from the end forever and the value type has no value for that.
//!
//! # See also
//!
//! `memo/indexed` (the same table top-down, for acyclic games: visits only what the search
//! needs), and the game-specific tables of this crate.

use std::time::Duration;

use core_types::{Deadline, Error, Game, Indexed, Limits, Recorder, SolverConfig, Unmove, Variant};
use solver_search as search;

use crate::NAME;

mod budget;
mod dag;
mod pass;
mod table;

use pass::{Pass, Unmoves};
pub use table::{Cell, RetrogradeTable};

/// Indices of a game up to which `tabular/retrograde` over reversed edges keeps one cell per
/// index (dense slots: no hashing); past it, one cell per position reached, found by a hash
/// map from index to cell (sparse slots). The core types' [`DENSE_INDICES`] bound, also
/// `memo/indexed`'s.
pub use core_types::limits::DENSE_INDICES;

/// The variant's name within `tabular`.
pub const VARIANT: &str = "retrograde";

/// Retrograde analysis by the acyclic path, else over reversed edges; see the [module
/// docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Retrograde {
    /// The limits it reads, defaults resolved when a solve starts.
    limits: Limits,
}

impl Retrograde {
    /// A solver with the default memory cap and no time limit.
    pub const fn new() -> Self {
        Retrograde {
            limits: Limits::new(),
        }
    }

    /// A solver with the limits of `config` (or the defaults).
    pub fn from_config(config: &SolverConfig) -> Self {
        Retrograde { limits: *config }
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
        summary: "retrograde analysis (any indexed game, loopy ones too): bottom-up over the \
                  positions reached in depth-first post-order while no position repeats, else \
                  from the terminal positions backwards over reversed edges by a queue, the \
                  undecided are draws",
        build: |config| Box::new(Retrograde::from_config(config)),
    }
}

/// Bytes of the arrays per position reached, with reversed edges: the position, its value,
/// moves left undecided, remoteness, place in the queue, first move out and first reversed
/// edge (`size_of::<Position>() + size_of::<Option<Value>>() + 20`); 8 fewer for a game that
/// lists its unmoves. The index → id lookup comes on top: 4 bytes per index of the game up to
/// [`DENSE_INDICES`] indices (or for a game that lists its unmoves), a hash map's entry (8
/// bytes, one control byte, at most 7/8 full) per position reached beyond.
pub const fn bytes_per_position<G: Game>() -> u64 {
    pass::bytes_per_reached::<G>(true)
}

/// Bytes per move with reversed edges, at the most (while they are reversed): the child's id
/// and the move as pass 1 lists them, and the parent's id and the move reversed (`2 (4 +
/// size_of::<Move>())`: 16 bytes for 4-byte moves); half of it once reversed.
pub const fn bytes_per_edge<G: Game>() -> u64 {
    pass::bytes_per_move::<G>()
}

/// Bytes the pass over reversed edges needs at the most for `positions` positions reached and
/// `edges` moves, beside its index → id lookup.
pub fn required_bytes<G: Game>(positions: u64, edges: u64) -> u128 {
    u128::from(positions) * u128::from(bytes_per_position::<G>())
        + u128::from(edges) * u128::from(bytes_per_edge::<G>())
}

/// Solves every position reachable from `from` in `game` by the acyclic path (post-order), or at
/// the first repeated position by retrograde analysis over reversed edges, within
/// `memory_cap_bytes` and `deadline`, reporting each decided position to `recorder` as an
/// [`Event::Cell`](core_types::Event::Cell) in the order it was decided (children first; by the counter-based pass the
/// endless ones last, valued [`GameValue::endless`](core_types::GameValue::endless) when there is such a value). See the
/// [module docs](self).
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
    if let Some(table) = dag::solve(game, from, memory_cap_bytes, deadline, recorder)? {
        return Ok(table);
    }
    solve_table_by_counting(game, from, memory_cap_bytes, deadline, recorder)
}

/// The counter-based pass over reversed edges alone (passes 1 to 3 of the [module
/// docs](self)), for any game, loopy or not: what [`solve_table`] falls back to when a position
/// repeats. The same table as [`solve_table`]'s (the events in round order, not post-order),
/// at the cost of the edges; kept public so that both paths can be compared on an acyclic
/// game.
///
/// # Errors
///
/// As [`solve_table`].
pub fn solve_table_by_counting<G: Indexed, R: Recorder<G> + ?Sized>(
    game: &G,
    from: G::Position,
    memory_cap_bytes: u64,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<RetrogradeTable<G>, Error> {
    let mut pass = Pass::enumerate(game, from, memory_cap_bytes, deadline, true)?;
    let mut parents = pass.reverse_edges()?;
    recorder.table(
        pass.cells(),
        u64::try_from(pass.limits.peak).unwrap_or(u64::MAX),
    );
    pass.propagate(&mut parents, recorder)?;
    Ok(pass.finish(recorder))
}

/// [`solve_table`] for a game that lists the moves into a position ([`Unmove`]): no edges are
/// kept ([`bytes_per_edge`] per move fewer, and 8 bytes per position fewer), the parents come
/// from [`Unmove::unmoves_into`], and the lookup is always an array of one entry per index.
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
    recorder.table(
        pass.cells(),
        u64::try_from(pass.limits.peak).unwrap_or(u64::MAX),
    );
    let mut parents = Unmoves {
        buffer: Vec::new(),
        count: pass.count,
    };
    pass.propagate(&mut parents, recorder)?;
    Ok(pass.finish(recorder))
}

core_types::kernel! {
    impl<G: Indexed> Kernel<G> for Retrograde = (NAME, VARIANT);
    fn run(this, game, recorder) {
        let (cap, time_limit) = (this.limits.memory_cap_or_default(), this.limits.time_limit);
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

core_types::kernel! {
    impl<G: Unmove> Kernel<G> for RetrogradeByUnmoves = (NAME, VARIANT);
    fn run(this, game, recorder) {
        let (cap, time_limit) = (
            this.0.limits.memory_cap_or_default(),
            this.0.limits.time_limit,
        );
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
mod tests;
