//! Retrograde analysis for any [`Indexed`] game: the `tabular/retrograde` variant.
//!
//! The bottom-up answer for games whose positions may repeat (Cat and Mouse), and a generic
//! table for acyclic ones (Can I Win, Predict the Winner, a user's indexed game). In three
//! passes over the positions reachable from the start, with no recursion (and no hashing
//! but for a numbering far larger than what the start reaches):
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
//! Where the cells are (the *slots*): a game numbered with at most [`DENSE_INDICES`] (2^24)
//! indices, or one that lists its unmoves (the built-in games number their positions densely),
//! gets one cell per index, found without hashing. A game over reversed edges numbered with
//! more gets cells only for the positions the start reaches, in the order pass 1 reaches
//! them, found by a hash map from index to cell: Domineering 5x5 numbers 2^26 positions and
//! reaches 455,317, so the pass costs what it reaches, not what the numbering names.
//!
//! # Complexity
//!
//! With `C` = [`Indexed::position_count`] indices, `S` positions reachable from the start and
//! `E` moves between them: time `O(C + S + E)` with dense slots, `O(S + E)` expected with
//! sparse ones (a hash lookup per move in passes 1 and 2, per parent in pass 3); the game's
//! `moves_into` once per position, or twice with reversed edges, `play` and `move_value`
//! about twice per move; no allocation per position. Memory, checked against the memory cap
//! before it is allocated: with dense slots [`bytes_per_position`] per index
//! (`size_of::<Option<Value>>() + 16` bytes and one bit: 17 bytes for a win/lose/draw game; 4
//! fewer by unmoves: 13 bytes for Cat and Mouse), allocated before the passes; with sparse
//! slots `size_of::<Option<Value>>() + 20` bytes per position reached, grown by doubling, and
//! the hash map's 8 bytes and one control byte per bucket (at most 7/8 full); and, with
//! reversed edges, [`bytes_per_edge`] per move (`4 + size_of::<Move>()`: 8 bytes for 4-byte
//! moves).
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
//! [`Error::NoMoves`], [`Error::IndexOutOfRange`] for a game that breaks its contract, and
//! [`Error::Inconsistent`] for one whose moves change between the two passes of reversed
//! edges (checked before each write: never an index out of bounds);
//! [`Error::EndlessPlay`] when the start can be kept from the end forever and the value type
//! has no value for that.
//!
//! # See also
//!
//! `memo/indexed` (the same table top-down, for acyclic games: visits only what the search
//! needs), and the game-specific tables of this crate.

use std::mem::size_of;
use std::time::Duration;

use core_types::search;
use core_types::{
    Deadline, Error, Game, Indexed, Kernel, Limits, Recorder, SolverConfig, Unmove, Variant,
};

use crate::NAME;

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

/// Retrograde analysis over reversed edges; see the [module docs](self).
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
    recorder.table(pass.cells(), u64::try_from(pass.bytes).unwrap_or(u64::MAX));
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
    recorder.table(pass.cells(), u64::try_from(pass.bytes).unwrap_or(u64::MAX));
    let mut parents = Unmoves {
        buffer: Vec::new(),
        count: pass.count,
    };
    pass.propagate(&mut parents, recorder)?;
    Ok(pass.finish(recorder))
}

impl<G: Indexed> Kernel<G> for Retrograde {
    const BACKEND: &'static str = NAME;
    const VARIANT: &'static str = VARIANT;

    fn run<R: Recorder<G>>(&mut self, game: &G, recorder: &mut R) -> Result<G::Solution, Error> {
        let (cap, time_limit) = (self.limits.memory_cap_or_default(), self.limits.time_limit);
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
        let (cap, time_limit) = (
            self.0.limits.memory_cap_or_default(),
            self.0.limits.time_limit,
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

    /// A game's positions numbered `SPREAD` apart: a numbering far larger than what the start
    /// reaches, as Domineering's, so that reversed edges take sparse slots.
    #[derive(Clone, Debug)]
    struct Spread<G>(G, usize);

    impl<G: Indexed> Spread<G> {
        /// `game` numbered with more than [`DENSE_INDICES`] indices.
        fn new(game: G) -> Self {
            let spread = ((DENSE_INDICES * 2) / game.position_count()).max(2) as usize;
            Spread(game, spread)
        }
    }

    impl<G: Indexed> Game for Spread<G> {
        const NAME: &'static str = G::NAME;
        type Position = G::Position;
        type Move = G::Move;
        type Value = G::Value;
        type Solution = core_types::Solved<Self>;
        fn start(&self) -> G::Position {
            self.0.start()
        }
        fn terminal_value(&self, p: G::Position) -> Option<G::Value> {
            self.0.terminal_value(p)
        }
        fn moves(&self, p: G::Position) -> Vec<G::Move> {
            self.0.moves(p)
        }
        fn play(&self, p: G::Position, mv: G::Move) -> G::Position {
            self.0.play(p, mv)
        }
        fn move_value(&self, p: G::Position, mv: G::Move, reply: G::Value) -> G::Value {
            self.0.move_value(p, mv, reply)
        }
        fn describe(&self) -> String {
            self.0.describe()
        }
        fn show_position(&self, p: G::Position) -> String {
            self.0.show_position(p)
        }
        fn show_move(&self, p: G::Position, mv: G::Move) -> String {
            self.0.show_move(p, mv)
        }
    }

    impl<G: Indexed> Indexed for Spread<G> {
        fn position_count(&self) -> u64 {
            self.0.position_count() * self.1 as u64
        }
        fn index(&self, p: G::Position) -> usize {
            self.0.index(p) * self.1 + self.1 / 2
        }
        fn position_at(&self, index: usize) -> G::Position {
            self.0.position_at(index / self.1)
        }
    }

    /// Past [`DENSE_INDICES`] the cells are kept for the positions reached only, and the
    /// table is the dense one's, loopy games included.
    fn sparse_as_dense<G: Unmove>(game: &G) {
        let spread = Spread::new(game.clone());
        let step = spread.1;
        assert!(spread.position_count() > DENSE_INDICES);
        let dense = solve_table(game, game.start(), 1 << 30, Deadline::NEVER, &mut NoStats);
        let sparse = solve_table(
            &spread,
            game.start(),
            1 << 30,
            Deadline::NEVER,
            &mut NoStats,
        );
        let (dense, sparse) = (dense.unwrap(), sparse.unwrap());
        assert!(!dense.is_sparse() && sparse.is_sparse());
        assert_eq!(dense.positions, sparse.positions);
        assert_eq!(dense.decided, sparse.decided);
        assert!(
            sparse.bytes < dense.bytes.max(1 << 16) * 16,
            "{}",
            sparse.bytes
        );
        for index in 0..game.position_count() as usize {
            let p = game.position_at(index);
            assert_eq!(dense.cell(index), sparse.cell_of(&spread, p), "{index}");
            assert_eq!(sparse.cell(index * step), Cell::Unreached);
        }
        let reached: Vec<usize> = dense
            .reached_indices()
            .iter()
            .map(|i| i * step + step / 2)
            .collect();
        assert_eq!(sparse.reached_indices(), reached);
        let (whole, sparse) = (
            Retrograde::new().solve(game).unwrap(),
            Retrograde::new().solve(&spread).unwrap(),
        );
        assert_eq!(game.outcome(&whole), sparse.outcome);
    }

    #[test]
    fn sparse_slots_agree_with_dense_ones() {
        for (n, t) in [(5, 11), (10, 40), (8, 36)] {
            sparse_as_dense(&CanIWin::new(n, t).unwrap());
        }
        sparse_as_dense(&PredictTheWinner::new(vec![3, 9, 1, 2, -7, 4, 4]));
        let graph = vec![
            vec![2, 5],
            vec![3],
            vec![0, 4, 5],
            vec![1, 4, 5],
            vec![2, 3],
            vec![0, 2, 3],
        ];
        sparse_as_dense(&CatAndMouse::new(graph).unwrap());
    }

    /// Sparse slots are counted against the memory cap as they grow.
    #[test]
    fn sparse_slots_stop_at_the_memory_cap() {
        let spread = Spread::new(CanIWin::new(16, 100).unwrap());
        let err = solve_table(
            &spread,
            spread.start(),
            1 << 16,
            Deadline::NEVER,
            &mut NoStats,
        )
        .unwrap_err();
        assert!(
            matches!(err, Error::TableTooLarge { parameter: "positions", required_bytes, .. }
                if required_bytes > 1 << 16),
            "{err}"
        );
    }
}
