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
//! the mover by [`Ranked::cmp_for_mover`](core_types::search::Ranked::cmp_for_mover): a
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
//! map from index to id: Domineering 5x5 numbers 2^26 positions and reaches 455,317, so the
//! pass costs what it reaches, not what the numbering names. Either way the cells are kept for
//! the positions reached only.
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
//!   `size_of::<Position>()` + a cell (12 bytes for a win/lose/draw value: 20 bytes for
//!   Domineering's `u64` positions), plus one frame and its moves per level of the path
//!   (`O(D)`); nothing per move.
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

use core_types::search;
use core_types::{
    Deadline, Error, Game, Indexed, Kernel, Limits, Recorder, SolverConfig, Unmove, Variant,
};

use crate::NAME;

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
    use core_types::search::Ranked;
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

    /// The games the table tests run on: Can I Win at each of `totals`, a Predict the Winner
    /// row, and LeetCode 913's first Cat and Mouse graph (positions repeat).
    fn games(totals: &[(u32, u64)]) -> (Vec<CanIWin>, PredictTheWinner, CatAndMouse) {
        let graph = vec![
            vec![2, 5],
            vec![3],
            vec![0, 4, 5],
            vec![1, 4, 5],
            vec![2, 3],
            vec![0, 2, 3],
        ];
        (
            totals
                .iter()
                .map(|&(n, t)| CanIWin::new(n, t).unwrap())
                .collect(),
            PredictTheWinner::new(vec![3, 9, 1, 2, -7, 4, 4]),
            CatAndMouse::new(graph).unwrap(),
        )
    }

    #[test]
    fn reversed_edges_and_unmoves_agree() {
        let (can_i_win, row, graph) = games(&[(5, 11), (10, 40), (12, 50), (8, 36)]);
        can_i_win.iter().for_each(same_tables);
        same_tables(&row);
        same_tables(&graph);
    }

    /// Negamax with remoteness (the winner hurries, anyone else delays), by recursion with a
    /// memo: what every reached position's cell must hold in an acyclic game.
    fn negamax<G: Indexed>(
        game: &G,
        p: G::Position,
        known: &mut std::collections::HashMap<G::Position, Ranked<G::Value>>,
    ) -> Ranked<G::Value> {
        if let Some(&r) = known.get(&p) {
            return r;
        }
        let score = match game.terminal_value(p) {
            Some(value) => Ranked {
                value,
                remoteness: 0,
            },
            None => {
                let mut best: Option<Ranked<G::Value>> = None;
                for mv in game.moves(p) {
                    let reply = negamax(game, game.play(p, mv), known);
                    let score = Ranked {
                        value: game.move_value(p, mv, reply.value),
                        remoteness: reply.remoteness + 1,
                    };
                    if best.is_none_or(|b| score.cmp_for_mover(&b).is_gt()) {
                        best = Some(score);
                    }
                }
                best.unwrap()
            }
        };
        known.insert(p, score);
        score
    }

    /// Every position the start reaches, by both ways to find parents, holds negamax's value
    /// and remoteness (win/lose games and margins).
    fn cells_are_negamax<G: Unmove>(game: &G) {
        let mut known = std::collections::HashMap::new();
        negamax(game, game.start(), &mut known);
        let tables = [
            solve_table(game, game.start(), 1 << 30, Deadline::NEVER, &mut NoStats).unwrap(),
            solve_table_by_counting(game, game.start(), 1 << 30, Deadline::NEVER, &mut NoStats)
                .unwrap(),
            solve_table_unmoving(game, game.start(), 1 << 30, Deadline::NEVER, &mut NoStats)
                .unwrap(),
        ];
        for table in tables {
            assert_eq!(table.positions, known.len() as u64);
            for (&p, r) in &known {
                let cell = Cell::Decided {
                    value: r.value,
                    remoteness: r.remoteness,
                };
                assert_eq!(table.cell_of(game, p), cell, "{}", game.show_position(p));
            }
        }
    }

    #[test]
    fn cells_are_negamax_with_remoteness() {
        for (n, t) in [(5, 11), (8, 20), (10, 40), (12, 50)] {
            cells_are_negamax(&CanIWin::new(n, t).unwrap());
        }
        cells_are_negamax(&PredictTheWinner::new(vec![3, 9, 1, 2, -7, 4, 4, 5]));
        cells_are_negamax(&PredictTheWinner::new(vec![1, 5, 233, 7, 2, 2]));
    }

    /// Records the cells in the order they are reported.
    struct Cells<G: Game>(Vec<(G::Position, G::Value)>);

    impl<G: Game> Recorder<G> for Cells<G> {
        fn position(&mut self, _depth: u64) {}
        fn positions(&mut self, _count: u64) {}
        fn memo_hit(&mut self) {}
        fn states_stored(&mut self, _count: u64) {}
        fn table(&mut self, _cells: u64, _bytes: u64) {}
        fn event(&mut self, event: core_types::GameEvent<G>) {
            if let core_types::Event::Cell(p, v) = event {
                self.0.push((p, v));
            }
        }
    }

    /// On an acyclic game the post-order path (no edges kept) gives the counter-based pass's
    /// table in fewer bytes, and reports every reached position once, each after all its
    /// children (a valid order of decision).
    fn acyclic_path_as_counting<G: Indexed>(game: &G) {
        let (mut dag_cells, mut counted_cells) = (Cells(Vec::new()), Cells(Vec::new()));
        let dag = solve_table(game, game.start(), 1 << 30, Deadline::NEVER, &mut dag_cells);
        let counted = solve_table_by_counting(
            game,
            game.start(),
            1 << 30,
            Deadline::NEVER,
            &mut counted_cells,
        );
        let (dag, counted) = (dag.unwrap(), counted.unwrap());
        assert_eq!(dag.positions, counted.positions);
        assert_eq!(dag.decided, counted.decided);
        assert_eq!((dag.edges, dag.terminal), (counted.edges, counted.terminal));
        // A table the acyclic path gave up on is the counter-based pass's, bytes and all. So
        // this also fails when a finished position's cell is not written back into a sparse
        // table that grew after its claim: it would look still on the path, a cycle.
        assert!(dag.bytes < counted.bytes, "{} {}", dag.bytes, counted.bytes);
        assert_eq!(dag.reached_indices(), counted.reached_indices());
        for index in dag.reached_indices() {
            assert_eq!(dag.cell(index), counted.cell(index), "{index}");
        }
        assert_eq!(dag_cells.0.len(), counted_cells.0.len());
        let mut seen = std::collections::HashSet::new();
        for &(p, v) in &dag_cells.0 {
            assert_eq!(dag.value_of(game, p), Some(v));
            if game.terminal_value(p).is_none() {
                for mv in game.moves(p) {
                    assert!(
                        seen.contains(&game.play(p, mv)),
                        "{}",
                        game.show_position(p)
                    );
                }
            }
            assert!(seen.insert(p));
        }
    }

    #[test]
    fn acyclic_path_agrees_with_counting() {
        let (can_i_win, row, _) = games(&[(5, 11), (10, 40), (12, 50), (8, 36)]);
        for game in &can_i_win {
            acyclic_path_as_counting(game);
            acyclic_path_as_counting(&Spread::new(*game));
        }
        acyclic_path_as_counting(&row);
        acyclic_path_as_counting(&Spread::new(row.clone()));
    }

    /// A loopy game falls back to the counter-based pass: the same table, endless cells too.
    #[test]
    fn a_cycle_falls_back_to_counting() {
        let (_, _, graph) = games(&[]);
        let table = solve_table(
            &graph,
            graph.start(),
            1 << 30,
            Deadline::NEVER,
            &mut NoStats,
        );
        let counted = solve_table_by_counting(
            &graph,
            graph.start(),
            1 << 30,
            Deadline::NEVER,
            &mut NoStats,
        );
        let (table, counted) = (table.unwrap(), counted.unwrap());
        assert!(table.decided < table.positions);
        assert_eq!(table.bytes, counted.bytes);
        for index in counted.reached_indices() {
            assert_eq!(table.cell(index), counted.cell(index), "{index}");
        }
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
        // (Their bytes differ by the arrays each path keeps: the acyclic path's are compared
        // with the counter-based pass's in `acyclic_path_agrees_with_counting`.)
        assert!(a.1.table_bytes > 0 && b.1.table_bytes > 0);
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
        // No `position_at`: the pass never asks for it.
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
        let (can_i_win, row, graph) = games(&[(5, 11), (10, 40), (8, 36)]);
        can_i_win.iter().for_each(sparse_as_dense);
        sparse_as_dense(&row);
        sparse_as_dense(&graph);
    }

    /// The arrays of a sparse lookup (the positions reached, their moves) are counted against
    /// the memory cap as they grow.
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
            matches!(err, Error::TableTooLarge { parameter: "positions" | "moves", required_bytes, .. }
                if required_bytes > 1 << 16),
            "{err}"
        );
    }
}
