//! The retrograde tables against a plain negamax with remoteness, reversed edges against a
//! game's unmoves, the acyclic path against the counter-based pass, a loopy game's fallback,
//! and sparse lookups (a numbering spread far past what the start reaches) against dense ones
//! and the memory cap, on the crate's games.

use super::*;
use core_types::{CanIWin, CatAndMouse, NoStats, PredictTheWinner, Solver};
use solver_search::Ranked;

/// The two ways to find parents (reversed edges, the game's unmoves) give the same table.
fn same_tables<G: Unmove>(game: &G) {
    let reversed = solve_table(game, game.start(), 1 << 30, Deadline::NEVER, &mut NoStats);
    let unmoved = solve_table_unmoving(game, game.start(), 1 << 30, Deadline::NEVER, &mut NoStats);
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
        solve_table_unmoving(game, game.start(), 1 << 30, Deadline::NEVER, &mut NoStats).unwrap(),
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
