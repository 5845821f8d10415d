//! The benches' Can I Win inputs (`benches/support/mod.rs`) hold the answers their comments
//! say: the benches check each answer before timing it, but they run only by hand, so a wrong
//! expected answer would be found only then. `tabular` (exact, tested against every other
//! backend) answers every case here.
#![allow(clippy::unwrap_used)]

#[path = "../../benches/support/mod.rs"]
mod support;

use gamesolve::{core_types::Solver, Backend};

#[test]
fn every_can_i_win_bench_case_has_its_expected_answer() {
    if !Backend::Tabular.is_available() {
        return;
    }
    let mut solver: Box<dyn Solver<gamesolve::CanIWin> + Send> = Backend::Tabular.solver().unwrap();
    let lists = [
        ("HARDEST", support::HARDEST),
        ("HARDEST_SCANNED", support::HARDEST_SCANNED),
        ("EASY", support::EASY),
    ];
    for (list, cases) in lists {
        // `tabular` fits `n <= 32` in its default 1 GiB cap; larger easy cases are `memo`'s.
        for case in cases.iter().filter(|case| case.n <= 32) {
            let answer = solver.solve(&case.game()).unwrap();
            assert_eq!(
                answer,
                case.expected(),
                "{list}: n = {}, T = {}",
                case.n,
                case.total
            );
        }
    }
}

/// The benches' expected answers within the reach of the workspace's one oracle per game
/// (`test_support::reference`) are the oracle's: Can I Win up to `n = 16`, Predict the Winner
/// rows up to 2,000 values (the oracle's rolling row, `O(len^2)` time, three passes: the row
/// and the row after each end is taken).
#[test]
fn bench_answers_within_the_oracles_reach_are_the_oracles() {
    use gamesolve::core_types::Side;
    use test_support::reference;

    let lists = [support::HARDEST, support::HARDEST_SCANNED, support::EASY];
    for case in lists.iter().flat_map(|cases| cases.iter()) {
        if case.n <= 16 {
            let answer = reference::can_i_win(case.n, case.total);
            assert_eq!(
                (answer.outcome, answer.best_move()),
                (case.expected().outcome, case.best_move),
                "n = {}, T = {}",
                case.n,
                case.total
            );
        }
    }
    for &(len, margin, side) in support::PREDICT_THE_WINNER {
        if len > 2_000 {
            continue;
        }
        let row = support::row(len);
        let values = row.values();
        let take_left = i128::from(values[0]) - reference::predict_the_winner_margin(&values[1..]);
        let take_right =
            i128::from(values[len - 1]) - reference::predict_the_winner_margin(&values[..len - 1]);
        assert_eq!(
            reference::predict_the_winner_margin(values),
            margin,
            "len {len}"
        );
        assert_eq!(Side::choose(take_left, take_right), side, "len {len}");
        assert_eq!(support::expected_row(len), Some((margin, side)));
    }
}
