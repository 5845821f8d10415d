//! Issue 29: the memo the teaching views show (`explain --backend memo`, the page's memo view)
//! is the recursion with a memo. On every game of the table that has both a recursion and a
//! memo (Can I Win, Predict the Winner; Cat and Mouse has neither: its positions repeat) and
//! on the two example games, for a few instances each, the default memo trace expands exactly
//! the distinct positions of `recursive`'s tree, in the order the tree first reaches them, and
//! its memo hits are the tree's repeated subtrees: the places where the tree solves again a
//! position it has solved before (a repeat inside a repeat is not counted again: the memo never
//! goes there).
#![allow(clippy::unwrap_used)]

use std::collections::HashSet;
use std::hash::Hash;

use gamesolve::explain::{explain, ExplainLimits, TableView};
use gamesolve::{
    core_types::{Event, SolverConfig},
    registry::BackendChoice,
    Backend, CanIWin, Game, PredictTheWinner, Registered,
};

use crate::stone_game_example::StoneGameII;
use crate::subtraction_example::Subtraction;

/// The recursion tree folded: its distinct positions in order of first expansion, its
/// expansions, and its repeated subtrees.
#[derive(Debug, PartialEq, Eq)]
struct Folded<P> {
    distinct: Vec<P>,
    expansions: u64,
    repeated_subtrees: u64,
}

/// Folds a run's `enter`/`leave` events: a repeated subtree is an expansion of a position
/// expanded before whose parent is not itself inside a repeated subtree. Memo hits (none in a
/// tree) are read as repeated subtrees, so a memo's trace folds to itself.
fn fold<G: Game>(events: &[Event<G::Position, G::Value>]) -> Folded<G::Position>
where
    G::Position: Eq + Hash,
{
    let mut seen = HashSet::new();
    let mut folded = Folded {
        distinct: Vec::new(),
        expansions: 0,
        repeated_subtrees: 0,
    };
    // For each open call: whether it lies inside a repeated subtree.
    let mut inside: Vec<bool> = Vec::new();
    for event in events {
        match *event {
            Event::Enter(p) => {
                folded.expansions += 1;
                let parent_inside = inside.last().copied().unwrap_or(false);
                let first = seen.insert(p);
                if first {
                    folded.distinct.push(p);
                } else if !parent_inside {
                    folded.repeated_subtrees += 1;
                }
                inside.push(parent_inside || !first);
            }
            Event::Leave(..) => {
                inside.pop();
            }
            Event::MemoHit(..) => folded.repeated_subtrees += 1,
            _ => {}
        }
    }
    folded
}

/// Checks the default memo trace of `game` against `recursive`'s tree; returns (the tree's
/// expansions, its distinct positions, the positions the memo expanded, its memo hits).
fn check<G: Registered + TableView>(game: &G) -> (u64, usize, u64, u64)
where
    G::Position: Eq + Hash,
{
    let config = SolverConfig::default();
    let limits = ExplainLimits::default();
    let recursive = explain(
        game,
        &BackendChoice::automatic(Backend::Recursive),
        &config,
        &limits,
    )
    .unwrap();
    let memo = explain(
        game,
        &BackendChoice::automatic(Backend::Memo),
        &config,
        &limits,
    )
    .unwrap();
    let what = game.describe();
    assert_eq!(memo.variant(), "textbook", "{what}");
    assert_eq!(
        (recursive.trace().dropped(), memo.trace().dropped()),
        (0, 0)
    );
    assert_eq!(memo.answer(), recursive.answer(), "{what}");
    let tree = fold::<G>(recursive.trace().events());
    assert_eq!(tree.expansions, recursive.stats().positions, "{what}");
    assert_eq!(recursive.stats().memo_hits, 0, "{what}");
    let dag = fold::<G>(memo.trace().events());
    // The memo expands each distinct position of the tree once, in the tree's order.
    assert_eq!(dag.distinct, tree.distinct, "{what}: the memo's positions");
    assert_eq!(dag.expansions, tree.distinct.len() as u64, "{what}");
    assert_eq!(memo.stats().positions, tree.distinct.len() as u64, "{what}");
    // Each memo hit is one repeated subtree of the tree.
    assert_eq!(memo.stats().memo_hits, tree.repeated_subtrees, "{what}");
    assert_eq!(dag.repeated_subtrees, tree.repeated_subtrees, "{what}");
    (
        tree.expansions,
        tree.distinct.len(),
        memo.stats().positions,
        memo.stats().memo_hits,
    )
}

fn memo_and_recursive() -> bool {
    Backend::Memo.is_available() && Backend::Recursive.is_available()
}

#[test]
fn can_i_win_memo_is_the_recursion_folded() {
    if !memo_and_recursive() {
        return;
    }
    // The lesson's instance: the tree expands 34 positions, 17 of them distinct; its 17
    // repeated expansions lie in 9 repeated subtrees, which the memo answers with 9 hits (the
    // 8 other repeats sit inside those subtrees, where the memo never goes).
    assert_eq!(check(&CanIWin::new(5, 11).unwrap()), (34, 17, 17, 9));
    for (n, t) in [(4, 6), (6, 12), (7, 15), (8, 20), (10, 11)] {
        check(&CanIWin::new(n, t).unwrap());
    }
}

#[test]
fn predict_the_winner_memo_is_the_recursion_folded() {
    if !memo_and_recursive() {
        return;
    }
    // 4 values: 15 calls of 10 distinct intervals; the memo meets 3 of them again (the middle
    // interval [15, 3] and the single values 15 and 3 reached a second way).
    let figures = check(&PredictTheWinner::new(vec![8, 15, 3, 7]));
    assert_eq!(figures, (15, 10, 10, 3));
    for row in [vec![1, 5, 2], vec![1, 5, 233, 7], vec![3, 9, 1, 2, 7, 5, 4]] {
        check(&PredictTheWinner::new(row));
    }
}

#[test]
fn the_example_games_memo_is_the_recursion_folded() {
    if !memo_and_recursive() {
        return;
    }
    for stones in [5, 10, 14] {
        check(&Subtraction { stones });
    }
    for piles in [
        vec![2, 7, 9, 4, 4],
        vec![1, 2, 3, 4, 5, 100],
        vec![3, 1, 4, 1, 5, 9],
    ] {
        check(&StoneGameII { piles });
    }
}

#[test]
fn a_named_memo_variant_keeps_its_own_search() {
    if !Backend::Memo.is_available() {
        return;
    }
    // `memo/dense` searches largest-first and skips moves that lose at once: fewer positions.
    let e = explain(
        &CanIWin::new(5, 11).unwrap(),
        &"memo/dense".parse().unwrap(),
        &SolverConfig::default(),
        &ExplainLimits::default(),
    )
    .unwrap();
    assert_eq!(e.variant(), "dense");
    assert!(e.stats().positions < 17, "{:?}", e.stats());
}
