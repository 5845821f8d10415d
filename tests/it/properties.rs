//! Differential property tests: every variant of every backend this build has (the one list,
//! `gamesolve::registry::all_variants`) against the tiny brute-force oracle of
//! `test_support::reference` (crates/test-support) on small generated inputs, backends against each other on
//! larger ones, and the properties every answer must have.
//!
//! Case counts are tuned so the whole file stays well under a minute in a
//! debug build on 2 cores; raise them for a deeper run with
//! `PROPTEST_CASES=...` (which overrides every `with_cases` below).
//! Failures are saved to `proptest-regressions/properties.txt` and replayed
//! first on every later run; commit that file.

use crate::common::reference;
use gamesolve::{
    core_types::{CanIWinSolution, PredictTheWinnerSolution, Side, Solver, SolverConfig},
    registry::all_variants,
    Backend, CanIWin, Outcome, PredictTheWinner, Registered,
};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

/// The largest `n` the oracle comparison runs `recursive` on: without a memo
/// its hardest total at `n = 12` takes about 0.07 s in a debug build, and the
/// cost grows about tenfold per `n`.
const RECURSIVE_MAX_N: u32 = 12;

/// The largest `n` the oracle comparison runs the generic `recursive/negamax` on: it expands
/// the same positions as `recursive/backtrack` (both stop at the first winning move), each
/// about fifteen times slower (a vector of moves and the game vocabulary per position).
const NEGAMAX_MAX_N: u32 = 10;

/// The largest `n` a Can I Win variant is run on in the oracle and consistency properties.
fn max_n(id: &str) -> u32 {
    match id {
        "recursive/negamax" => NEGAMAX_MAX_N,
        "recursive/backtrack" => RECURSIVE_MAX_N,
        _ => 64,
    }
}

/// The longest row a Predict the Winner variant is run on in the properties.
fn max_len(backend: &str) -> usize {
    if backend == Backend::Recursive.name() {
        RECURSIVE_MAX_LEN
    } else {
        usize::MAX
    }
}

/// The longest row the oracle comparison runs `recursive` on (`2^len` paths).
const RECURSIVE_MAX_LEN: usize = 14;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/properties.txt",
        ))),
        ..ProptestConfig::with_cases(cases)
    }
}

/// Every variant of every backend this build has, by id (`memo/dense`), with a fresh solver.
fn solvers<G: Registered>() -> Vec<(String, Box<dyn Solver<G> + Send>)> {
    all_variants::<G>()
        .into_iter()
        .map(|v| (v.id(), v.solver(&SolverConfig::default())))
        .collect()
}

/// The automatic choice of `backend`, if this build has it.
fn solver<G: Registered>(backend: Backend) -> Option<Box<dyn Solver<G> + Send>> {
    backend.solver::<G>().ok()
}

/// `memo/dense` → `memo`.
fn backend_of(id: &str) -> &str {
    id.split('/').next().unwrap_or(id)
}

fn solve_can_i_win(
    solver: &mut dyn Solver<CanIWin>,
    n: u32,
    t: u64,
) -> Result<CanIWinSolution, String> {
    let game = CanIWin::new(n, t).map_err(|e| e.to_string())?;
    let answer = solver.solve(&game).map_err(|e| e.to_string())?;
    let (with_stats, _) = solver.solve_with_stats(&game).map_err(|e| e.to_string())?;
    if with_stats != answer {
        return Err(format!(
            "with stats: {with_stats:?}, without: {answer:?} (n = {n}, T = {t})"
        ));
    }
    Ok(answer)
}

fn solve_ptw(
    solver: &mut dyn Solver<PredictTheWinner>,
    values: &[i64],
) -> Result<PredictTheWinnerSolution, String> {
    let game = PredictTheWinner::new(values.to_vec());
    let answer = solver.solve(&game).map_err(|e| e.to_string())?;
    let (with_stats, _) = solver.solve_with_stats(&game).map_err(|e| e.to_string())?;
    if with_stats != answer {
        return Err(format!("with stats: {with_stats:?}, without: {answer:?}"));
    }
    Ok(answer)
}

// ------------------------------------------------------------------ strategies

/// `(n, T)` with `n in 1..=max_n` and `T` anywhere from 0 to a little above
/// the pool sum (so draws, parity and searched games all come up).
fn can_i_win_game(min_n: u32, max_n: u32) -> impl Strategy<Value = (u32, u64)> {
    (min_n..=max_n).prop_flat_map(|n| (Just(n), 0..=reference::pool_sum(n) + 3))
}

/// One value, from one of the families the issue asks for.
fn value() -> impl Strategy<Value = i64> {
    prop_oneof![
        // The whole i64 range.
        any::<i64>(),
        // Small values: real games with ties.
        -6i64..=6,
        // The bounds and their neighbours, where overflow hides.
        prop::sample::select(vec![
            i64::MIN,
            i64::MIN + 1,
            i64::MAX,
            i64::MAX - 1,
            -1,
            0,
            1
        ]),
    ]
}

/// A row of at most `max_len` values: mixed families, only small values, or
/// many ties (values from a set of two or three).
fn row(max_len: usize) -> impl Strategy<Value = Vec<i64>> {
    prop_oneof![
        prop::collection::vec(value(), 0..=max_len),
        prop::collection::vec(any::<i64>(), 0..=max_len),
        prop::collection::vec(-3i64..=3, 0..=max_len),
        prop::collection::vec(prop::sample::select(vec![0i64, 1, 2]), 0..=max_len),
        prop::collection::vec(prop::sample::select(vec![i64::MIN, i64::MAX]), 0..=max_len),
    ]
}

// ------------------------------------------------------------ against the oracle

proptest! {
    #![proptest_config(config(512))]

    /// Every variant equals the oracle on Can I Win with `n <= 12`: outcome,
    /// and the best move is the smallest winning move.
    #[test]
    fn can_i_win_matches_oracle((n, t) in can_i_win_game(1, 12)) {
        let want = reference::can_i_win(n, t);
        for (backend, mut solver) in solvers::<CanIWin>() {
            if n > max_n(&backend) {
                continue;
            }
            let got = solve_can_i_win(solver.as_mut(), n, t)
                .map_err(|e| TestCaseError::fail(format!("{backend}: {e}")))?;
            prop_assert_eq!(got.outcome, want.outcome, "{} n = {} T = {}", backend, n, t);
            prop_assert_eq!(
                got.best_move, want.best_move(),
                "{} n = {} T = {}: winning moves {:?}", backend, n, t, want.winning_moves
            );
            prop_assert_eq!(got.can_i_win(), want.outcome == Outcome::FirstPlayerWins);
        }
    }
}

proptest! {
    #![proptest_config(config(512))]

    /// Every backend equals the brute force on rows of length <= 14 over the
    /// whole i64 range: outcome, margin and both scores; the best move is one
    /// of the optimal moves, and left whenever left is optimal.
    #[test]
    fn predict_the_winner_matches_oracle(values in row(RECURSIVE_MAX_LEN)) {
        let want = reference::predict_the_winner_brute(&values);
        for (backend, mut solver) in solvers::<PredictTheWinner>() {
            let got = solve_ptw(solver.as_mut(), &values)
                .map_err(|e| TestCaseError::fail(format!("{backend}: {e}")))?;
            prop_assert_eq!(got.margin, want.margin, "{} margin on {:?}", backend, values);
            prop_assert_eq!(got.outcome, want.outcome(), "{} outcome on {:?}", backend, values);
            prop_assert_eq!(got.first_score, want.first_score, "{} first on {:?}", backend, values);
            prop_assert_eq!(got.second_score, want.second_score, "{} second on {:?}", backend, values);
            match got.best_move {
                Some(side) => prop_assert!(
                    want.optimal_moves.contains(&side),
                    "{} best move {:?} not optimal on {:?} (optimal: {:?})",
                    backend, side, values, want.optimal_moves
                ),
                None => prop_assert!(values.is_empty(), "{} no best move on {:?}", backend, values),
            }
            prop_assert_eq!(got.best_move, want.best_move(), "{} tie-break on {:?}", backend, values);
        }
    }
}

// ------------------------------------------------------- backends vs each other

proptest! {
    #![proptest_config(config(24))]

    /// `memo` and `tabular` agree on Can I Win for `n in 13..=22`: through the
    /// top of the LeetCode range (also covered by the golden table) and
    /// beyond it, where they are each other's only check.
    #[test]
    fn can_i_win_memo_equals_tabular((n, t) in can_i_win_game(13, 22)) {
        let (Some(mut memo), Some(mut tabular)) = (solver(Backend::Memo), solver(Backend::Tabular)) else {
            return Ok(()); // this build lacks one of them
        };
        let a = solve_can_i_win(memo.as_mut(), n, t).map_err(TestCaseError::fail)?;
        let b = solve_can_i_win(tabular.as_mut(), n, t).map_err(TestCaseError::fail)?;
        prop_assert_eq!(a, b, "n = {} T = {}", n, t);
    }
}

proptest! {
    #![proptest_config(config(16))]

    /// `memo` and `tabular` agree on rows of up to 3000 values.
    #[test]
    fn predict_the_winner_memo_equals_tabular(values in row(3000)) {
        let (Some(mut memo), Some(mut tabular)) = (solver(Backend::Memo), solver(Backend::Tabular)) else {
            return Ok(());
        };
        let a = solve_ptw(memo.as_mut(), &values).map_err(TestCaseError::fail)?;
        let b = solve_ptw(tabular.as_mut(), &values).map_err(TestCaseError::fail)?;
        prop_assert_eq!(a, b, "len = {}", values.len());
    }
}

proptest! {
    #![proptest_config(config(256))]

    /// `recursive` agrees with `memo` (or `tabular`) on rows up to 16 values,
    /// beyond the brute force's range.
    #[test]
    fn predict_the_winner_recursive_equals_tables(values in row(16)) {
        let Some(mut recursive) = solver(Backend::Recursive) else {
            return Ok(());
        };
        let Some(mut table) = solver(Backend::Memo).or_else(|| solver(Backend::Tabular)) else {
            return Ok(());
        };
        let a = solve_ptw(recursive.as_mut(), &values).map_err(TestCaseError::fail)?;
        let b = solve_ptw(table.as_mut(), &values).map_err(TestCaseError::fail)?;
        prop_assert_eq!(a, b, "{:?}", values);
    }
}

// ------------------------------------------------------------------ properties

proptest! {
    #![proptest_config(config(256))]

    /// Scores add up to the total, the outcome is the margin's sign, the
    /// classic booleans follow the margin, an even-length row never loses for
    /// the first player, and reversing the row keeps the margin (mirroring an
    /// optimal move). Rows up to 200 values (`recursive` only up to 14).
    #[test]
    fn predict_the_winner_properties(values in row(200)) {
        let total: i128 = values.iter().map(|&v| i128::from(v)).sum();
        let reversed: Vec<i64> = values.iter().rev().copied().collect();
        for (backend, mut solver) in solvers::<PredictTheWinner>() {
            if values.len() > max_len(backend_of(&backend)) {
                continue;
            }
            let got = solve_ptw(solver.as_mut(), &values)
                .map_err(|e| TestCaseError::fail(format!("{backend}: {e}")))?;
            prop_assert_eq!(got.first_score + got.second_score, total, "{} sum", backend);
            prop_assert_eq!(got.first_score - got.second_score, got.margin, "{} difference", backend);
            prop_assert_eq!(got.outcome, Outcome::from_margin(got.margin), "{} sign", backend);
            prop_assert_eq!(got.predict_the_winner(), got.margin >= 0);
            prop_assert_eq!(got.first_player_strictly_wins(), got.margin > 0);
            if values.len() % 2 == 0 {
                // The first player can take all the odd or all the even
                // positions, whichever sum is larger.
                prop_assert!(got.margin >= 0, "{} even length lost: {:?}", backend, values);
            }
            let mirror = solve_ptw(solver.as_mut(), &reversed)
                .map_err(|e| TestCaseError::fail(format!("{backend}: {e}")))?;
            prop_assert_eq!(mirror.margin, got.margin, "{} reversed", backend);
            prop_assert_eq!(mirror.first_score, got.first_score, "{} reversed", backend);
            if got.best_move == Some(Side::Right) {
                // Left was not optimal here, so right is not optimal in the
                // mirror, and the mirror must take the (optimal) left end.
                prop_assert_eq!(mirror.best_move, Some(Side::Left), "{} mirrored move", backend);
            }
        }
    }
}

proptest! {
    #![proptest_config(config(64))]

    /// `T == n(n+1)/2` is decided by parity for every `n in 1..=64`, instantly,
    /// by every backend; one more is a draw.
    #[test]
    fn can_i_win_pool_sum_follows_parity(n in 1u32..=64) {
        let sum = reference::pool_sum(n);
        for (backend, mut solver) in solvers::<CanIWin>() {
            let got = solve_can_i_win(solver.as_mut(), n, sum)
                .map_err(|e| TestCaseError::fail(format!("{backend}: {e}")))?;
            let want = if n % 2 == 1 { Outcome::FirstPlayerWins } else { Outcome::SecondPlayerWins };
            prop_assert_eq!(got.outcome, want, "{} n = {} T = {}", backend, n, sum);
            let over = solve_can_i_win(solver.as_mut(), n, sum + 1)
                .map_err(|e| TestCaseError::fail(format!("{backend}: {e}")))?;
            prop_assert_eq!(over.outcome, Outcome::Draw, "{} n = {} T = {}", backend, n, sum + 1);
        }
    }
}

proptest! {
    #![proptest_config(config(256))]

    /// A reported Can I Win move is a real move, exists exactly when the first
    /// player wins by moving, and the boolean matches the outcome.
    #[test]
    fn can_i_win_answers_are_consistent((n, t) in can_i_win_game(1, 16)) {
        for (backend, mut solver) in solvers::<CanIWin>() {
            if n > max_n(&backend) {
                continue;
            }
            let got = solve_can_i_win(solver.as_mut(), n, t)
                .map_err(|e| TestCaseError::fail(format!("{backend}: {e}")))?;
            prop_assert_eq!(got.can_i_win(), got.outcome == Outcome::FirstPlayerWins);
            prop_assert_eq!(
                got.best_move.is_some(),
                got.outcome == Outcome::FirstPlayerWins && t > 0,
                "{} n = {} T = {}: {:?}", backend, n, t, got
            );
            if let Some(k) = got.best_move {
                prop_assert!((1..=n).contains(&k), "{} move {} outside 1..={}", backend, k, n);
            }
            prop_assert_eq!(
                got.outcome == Outcome::Draw,
                t > reference::pool_sum(n),
                "{} n = {} T = {}: draws are exactly the unreachable totals", backend, n, t
            );
        }
    }
}
