//! How often each generic search asks the game `terminal_value` (issue 28): a memo asks it
//! at most once per distinct position (a position that is over is kept in the memo too),
//! plain recursion once per node of its tree (the start, and each position a move leads to).
//!
//! A counting wrapper delegates every method to a built-in game and counts, per position, the
//! `terminal_value` calls and the `play` calls; every generic variant solves it, and its
//! answer is checked against the unwrapped game's.

#![allow(clippy::unwrap_used)]

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use gamesolve::backends::solver_memo::alpha_beta::AlphaBeta;
use gamesolve::backends::solver_memo::hash_map::HashMemo;
use gamesolve::backends::solver_memo::indexed::IndexedMemo;
use gamesolve::backends::solver_memo::textbook::TextbookMemo;
use gamesolve::backends::solver_recursive::negamax::Negamax;
use gamesolve::{
    core_types::{Indexed, Solver},
    CanIWin, Game, PredictTheWinner, Solved,
};

use crate::domineering_game::Domineering;

/// The calls a search made: `terminal_value` per position, and `play` in all.
#[derive(Debug)]
struct Calls<P> {
    terminal: HashMap<P, u64>,
    plays: u64,
}

impl<P> Default for Calls<P> {
    fn default() -> Self {
        Calls {
            terminal: HashMap::new(),
            plays: 0,
        }
    }
}

/// `G` with its calls counted.
#[derive(Clone, Debug)]
struct Counting<G: Game> {
    game: G,
    calls: Arc<Mutex<Calls<G::Position>>>,
}

impl<G: Game> Counting<G> {
    fn new(game: G) -> Self {
        Counting {
            game,
            calls: Arc::new(Mutex::new(Calls::default())),
        }
    }

    /// The calls since the last take, and a fresh count.
    fn take(&self) -> Calls<G::Position> {
        std::mem::take(&mut *self.calls.lock().unwrap())
    }
}

impl<G: Game> Game for Counting<G> {
    const NAME: &'static str = G::NAME;
    type Position = G::Position;
    type Move = G::Move;
    type Value = G::Value;
    type Solution = Solved<Self>;

    fn start(&self) -> G::Position {
        self.game.start()
    }
    fn terminal_value(&self, position: G::Position) -> Option<G::Value> {
        *self
            .calls
            .lock()
            .unwrap()
            .terminal
            .entry(position)
            .or_default() += 1;
        self.game.terminal_value(position)
    }
    fn moves(&self, position: G::Position) -> Vec<G::Move> {
        self.game.moves(position)
    }
    fn moves_into(&self, position: G::Position, out: &mut Vec<G::Move>) {
        self.game.moves_into(position, out);
    }
    fn search_moves_into(&self, position: G::Position, out: &mut Vec<G::Move>) {
        self.game.search_moves_into(position, out);
    }
    fn play(&self, position: G::Position, mv: G::Move) -> G::Position {
        self.calls.lock().unwrap().plays += 1;
        self.game.play(position, mv)
    }
    fn move_value(&self, position: G::Position, mv: G::Move, reply: G::Value) -> G::Value {
        self.game.move_value(position, mv, reply)
    }
}

impl<G: Indexed> Indexed for Counting<G> {
    fn position_count(&self) -> u64 {
        self.game.position_count()
    }
    fn index(&self, position: G::Position) -> usize {
        self.game.index(position)
    }
    fn position_at(&self, index: usize) -> G::Position {
        self.game.position_at(index)
    }
}

/// A variant's solver for the counting game.
type Boxed<G> = Box<dyn Solver<Counting<G>>>;

/// Every generic variant on `game`: the same value, `terminal_value` at most once per
/// position with a memo, once per node without; returns the memos' calls and distinct
/// positions asked, for the caller's own checks.
fn check<G: Indexed>(game: G, what: &str) -> Vec<(&'static str, u64, u64)> {
    let counting = Counting::new(game);
    let solvers: Vec<(&'static str, Boxed<G>)> = vec![
        ("memo/hash-map", Box::new(HashMemo::new())),
        ("memo/indexed", Box::new(IndexedMemo::new())),
        ("memo/alpha-beta", Box::new(AlphaBeta::new())),
        ("memo/textbook", Box::new(TextbookMemo::new())),
        ("recursive/negamax", Box::new(Negamax::new())),
    ];
    let mut value = None;
    let mut seen = Vec::new();
    for (id, mut solver) in solvers {
        counting.take();
        let answer = solver.solve(&counting).unwrap().value;
        let calls = counting.take();
        assert_eq!(*value.get_or_insert(answer), answer, "{id} on {what}");
        let total: u64 = calls.terminal.values().sum();
        let distinct = calls.terminal.len() as u64;
        if id.starts_with("recursive/") {
            // The start, and each position a move leads to: one call per node.
            assert_eq!(total, calls.plays + 1, "{id} on {what}");
        } else {
            let repeated: Vec<_> = calls.terminal.iter().filter(|(_, &n)| n > 1).collect();
            assert!(
                repeated.is_empty(),
                "{id} on {what} asked terminal_value more than once of {} positions, e.g. {:?}",
                repeated.len(),
                repeated.first()
            );
            assert!(total <= calls.plays + 1, "{id} on {what}");
        }
        seen.push((id, total, distinct));
    }
    seen
}

#[test]
fn each_memo_asks_terminal_value_once_per_position_and_recursion_once_per_node() {
    for (n, t) in [(6, 12), (8, 20), (10, 40)] {
        let seen = check(CanIWin::new(n, t).unwrap(), &format!("can-i-win {n} {t}"));
        // The positions reached from the start by more than one line are the point: the
        // tree asks more often than the memo.
        let plain = seen.iter().find(|s| s.0 == "recursive/negamax").unwrap();
        let memo = seen.iter().find(|s| s.0 == "memo/textbook").unwrap();
        assert!(plain.1 > memo.1, "{seen:?}");
    }
    let row = PredictTheWinner::new(vec![3, 9, 1, 2, -7, 4, 4, 8, 0, 5]);
    check(row, "predict-the-winner");
    check(Domineering::new(3, 4), "domineering 3x4");
}
