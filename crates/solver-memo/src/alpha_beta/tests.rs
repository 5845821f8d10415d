//! The tests of `memo/alpha-beta`: its answers against the plain memo's, its pruning, its
//! limits, its kept table, and a deep line on stack segments.
#![allow(clippy::unwrap_used)]

use super::*;
use crate::hash_map::HashMemo;
use core_types::{CanIWin, PredictTheWinner, Solver};

/// The same answers (values and first best moves) as the plain memo, on every total of
/// small pools and on rows with ties, negatives and extremes.
#[test]
fn agrees_with_the_hash_map() {
    for n in 1..=10u32 {
        for t in 0..=u64::from(n * (n + 1) / 2) + 1 {
            let game = CanIWin::new(n, t).unwrap();
            let a = AlphaBeta::new().solve(&game).unwrap();
            let b = HashMemo::new().solve(&game).unwrap();
            assert_eq!(a, b, "n = {n}, T = {t}");
        }
    }
    let mut seed = 0x1234_5678_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for len in 0..=12usize {
        for _ in 0..20 {
            let row: Vec<i64> = (0..len).map(|_| (next() % 9) as i64 - 3).collect();
            let game = PredictTheWinner::new(row.clone());
            let a = AlphaBeta::new().solve(&game).unwrap();
            let b = HashMemo::new().solve(&game).unwrap();
            assert_eq!(a, b, "{row:?}");
        }
    }
    let extremes = PredictTheWinner::new(vec![i64::MAX, i64::MIN, 5, i64::MAX]);
    assert_eq!(
        AlphaBeta::new().solve(&extremes).unwrap(),
        HashMemo::new().solve(&extremes).unwrap()
    );
}

/// Pruning: a scoring game's positions that cannot change the margin are never searched,
/// so fewer distinct positions are stored than the plain memo stores (every interval). A
/// position may be searched more than once, with different windows.
#[test]
fn stores_fewer_positions_than_the_plain_memo() {
    let row: Vec<i64> = (0..40).map(|i| (i * 7919 % 101) as i64).collect();
    let game = PredictTheWinner::new(row);
    let (a, sa) = AlphaBeta::new().solve_with_stats(&game).unwrap();
    let (b, sb) = HashMemo::new().solve_with_stats(&game).unwrap();
    assert_eq!(a, b);
    assert!(sa.states < sb.states, "{sa:?} vs {sb:?}");
    assert!(sa.positions >= sa.states, "{sa:?}");
}

/// A solver keeps its table for the next solve, emptied: the same search again (no position
/// answered by the last solve's entries), and a smaller game of the same type on the larger
/// table; another game type gets a table of its own; `release_table` frees it.
#[test]
fn keeps_its_table_emptied_for_the_next_solve() {
    let large = CanIWin::new(20, 158).unwrap();
    let small = CanIWin::new(5, 9).unwrap();
    let mut solver = AlphaBeta::new();
    let (first, before) = solver.solve_with_stats(&large).unwrap();
    let (again, after) = solver.solve_with_stats(&large).unwrap();
    assert_eq!(first, again);
    assert_eq!(before.positions, after.positions, "{before:?} vs {after:?}");
    assert_eq!(before.states, after.states, "{before:?} vs {after:?}");
    let (answer, kept) = solver.solve_with_stats(&small).unwrap();
    assert_eq!(answer, HashMemo::new().solve(&small).unwrap());
    assert_eq!(kept.table_cells, before.table_cells, "{kept:?}");
    let row = PredictTheWinner::new(vec![3, 9, 1, 2]);
    assert_eq!(
        solver.solve(&row).unwrap(),
        HashMemo::new().solve(&row).unwrap()
    );
    solver.release_table();
    let (_, fresh) = solver.solve_with_stats(&small).unwrap();
    assert!(fresh.table_cells < before.table_cells, "{fresh:?}");
    assert_eq!(solver.solve(&large).unwrap(), first);
}

#[test]
fn honours_the_budget_and_the_cap() {
    let game = CanIWin::new(14, 60).unwrap();
    let budget = SolverConfig {
        state_budget: Some(10),
        ..SolverConfig::default()
    };
    let err = AlphaBeta::from_config(&budget).solve(&game).unwrap_err();
    assert!(
        matches!(err, Error::BudgetExhausted { budget: 10, .. }),
        "{err}"
    );
    let cap = SolverConfig {
        memory_cap_bytes: Some(1024),
        ..SolverConfig::default()
    };
    let err = AlphaBeta::from_config(&cap).solve(&game).unwrap_err();
    assert!(matches!(err, Error::TableTooLarge { .. }), "{err}");
    let time = SolverConfig {
        time_limit: Some(std::time::Duration::ZERO),
        ..SolverConfig::default()
    };
    let err = AlphaBeta::from_config(&time).solve(&game).unwrap_err();
    assert!(matches!(err, Error::TimeLimitReached { .. }), "{err}");
}

/// A line far deeper than a small thread's stack is searched on stack segments: the
/// depth is checked against the floor of the stack it runs on, read again on each
/// segment.
#[test]
fn a_deep_line_runs_on_stack_segments_from_a_small_thread() {
    #[derive(Clone, Debug)]
    struct Line(u64);
    impl Game for Line {
        type Position = u64;
        type Move = u64;
        type Value = core_types::Verdict;
        type Solution = core_types::Verdict;
        fn start(&self) -> u64 {
            0
        }
        fn terminal_value(&self, p: u64) -> Option<core_types::Verdict> {
            (p == self.0).then_some(core_types::Verdict::Loss)
        }
        fn moves(&self, p: u64) -> Vec<u64> {
            vec![p + 1]
        }
        fn play(&self, _p: u64, to: u64) -> u64 {
            to
        }
    }
    std::thread::Builder::new()
        .stack_size(64 << 10)
        .spawn(|| {
            for len in [100_000u64, 100_001] {
                let value = AlphaBeta::new().solve(&Line(len)).unwrap();
                // The last position is lost for its mover: the first player wins an odd line.
                let expected = if len % 2 == 1 {
                    core_types::Verdict::Win
                } else {
                    core_types::Verdict::Loss
                };
                assert_eq!(value, expected, "len {len}");
            }
        })
        .unwrap()
        .join()
        .unwrap();
}
