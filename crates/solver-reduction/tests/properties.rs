//! The reduction against an independent, obviously right oracle (the workspace's one, in
//! `test_support::reference`): the interval recurrence
//! `m(i, j) = max(a[i] - m(i+1, j), a[j] - m(i, j-1))`.
//!
//! Short rows (up to 40 values) from several value shapes, compared on the
//! margin, both move values and the best move. The case count follows
//! `PROPTEST_CASES` (default 2048 per property here); a release run with
//! many cases:
//!
//! ```text
//! PROPTEST_CASES=100000 cargo test --release -p solver-reduction --test properties
//! ```
//!
//! Long rows (10^4 to 10^5 values, several seeds, both widths) are checked
//! against the same recurrence with an `O(len)` rolling row
//! (`reference::predict_the_winner_margin`); 10^4 always, 3·10^4 and 10^5 in
//! `long_rows_100k`, which is `#[ignore]`d (about 70 s even in release).

use core_types::{NoStats, PredictTheWinner, Side, Stats};
use proptest::prelude::*;
use solver_reduction::{margin, move_values, reduce_traced, solve, ReductionStats};
use test_support::reference;

/// The workspace's one Predict the Winner oracle (`test_support::reference`): the margin and
/// the two move values (`(0, 0, 0)` for an empty row).
fn oracle(a: &[i64]) -> (i128, i128, i128) {
    let answer = reference::predict_the_winner(a);
    let (left, right) = answer.move_values.unwrap_or((0, 0));
    (answer.margin, left, right)
}

/// Everything the crate computes about `values`, checked against the oracle.
fn check(values: &[i64]) -> Result<(), TestCaseError> {
    let (expected, left, right) = oracle(values);
    prop_assert_eq!(margin(values), expected, "margin of {:?}", values);
    if !values.is_empty() {
        prop_assert_eq!(move_values(values), (left, right), "moves of {:?}", values);
    }
    let game = PredictTheWinner::new(values.to_vec());
    let answer = solve(&game, &mut NoStats).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(answer.margin, expected);
    let best = (!values.is_empty()).then(|| Side::choose(left, right));
    prop_assert_eq!(answer.best_move, best, "best move of {:?}", values);
    prop_assert_eq!(answer.first_score - answer.second_score, expected);
    prop_assert_eq!(
        reduce_traced(values).margin,
        expected,
        "traced {:?}",
        values
    );
    Ok(())
}

fn config() -> ProptestConfig {
    // ProptestConfig::default() reads PROPTEST_CASES; without it, 2048.
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(2048);
    ProptestConfig::with_cases(cases)
}

/// Rows of up to 40 values: strictly increasing or decreasing (no merges at
/// all, or the whole row a slope towards one end).
fn monotone() -> impl Strategy<Value = Vec<i64>> {
    (
        prop::collection::vec(1i64..=5, 0..=40),
        -50i64..=50,
        any::<bool>(),
    )
        .prop_map(|(steps, start, up)| {
            let mut v = start;
            let mut row: Vec<i64> = steps
                .iter()
                .map(|s| {
                    v += s;
                    v
                })
                .collect();
            if !up {
                row.reverse();
            }
            row
        })
}

/// Zig-zags: peaks everywhere, including at both ends.
fn zig_zag() -> impl Strategy<Value = Vec<i64>> {
    (0usize..=40, 0i64..=10, 0i64..=10, any::<bool>()).prop_map(|(len, low, high, phase)| {
        (0..len)
            .map(|k| if (k % 2 == 0) == phase { low } else { high })
            .collect()
    })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn small_values(values in prop::collection::vec(-3i64..=3, 0..=40)) {
        check(&values)?;
    }

    #[test]
    fn bits(values in prop::collection::vec(0i64..=1, 0..=40)) {
        check(&values)?;
    }

    #[test]
    fn full_i64_range(values in prop::collection::vec(any::<i64>(), 0..=40)) {
        check(&values)?;
    }

    #[test]
    fn extremes(values in prop::collection::vec(
        prop::sample::select(vec![i64::MIN, i64::MIN + 1, -1, 0, 1, i64::MAX - 1, i64::MAX]),
        0..=40,
    )) {
        check(&values)?;
    }

    #[test]
    fn all_equal(len in 0usize..=40, value in prop_oneof![-3i64..=3, any::<i64>()]) {
        check(&vec![value; len])?;
    }

    #[test]
    fn strictly_monotone(values in monotone()) {
        check(&values)?;
    }

    #[test]
    fn zig_zags(values in zig_zag()) {
        check(&values)?;
    }

    #[test]
    fn wide_spread(values in prop::collection::vec(-1_000_000i64..=1_000_000, 0..=40)) {
        check(&values)?;
    }
}

/// Every row of length up to 10 over {0, 1, 2}: small enough to try all
/// (88,573 rows), peaks at the ends in every position and parity.
#[test]
fn exhaustive_short_rows() {
    for len in 0..=10u32 {
        for code in 0..3u64.pow(len) {
            let mut c = code;
            let row: Vec<i64> = (0..len)
                .map(|_| {
                    let v = (c % 3) as i64;
                    c /= 3;
                    v
                })
                .collect();
            let (expected, left, right) = oracle(&row);
            assert_eq!(margin(&row), expected, "{row:?}");
            if !row.is_empty() {
                assert_eq!(move_values(&row), (left, right), "{row:?}");
            }
        }
    }
}

/// A fixed-seed xorshift, so long rows need no `rand`.
fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed | 1;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// Long rows: uniform values, small values (many ties), and values near
/// `i64::MAX`/`i64::MIN` that force the `i128` path.
fn long_rows(len: usize, seeds: &[u64]) {
    for &seed in seeds {
        let mut next = xorshift(seed);
        let shapes: [(&str, Vec<i64>); 3] = [
            (
                "uniform 0..=10^7",
                (0..len).map(|_| (next() % 10_000_001) as i64).collect(),
            ),
            (
                "small -3..=3",
                (0..len).map(|_| (next() % 7) as i64 - 3).collect(),
            ),
            (
                "full i64 (i128 path)",
                (0..len).map(|_| next() as i64).collect(),
            ),
        ];
        for (name, values) in shapes {
            let expected = reference::predict_the_winner_margin(&values);
            assert_eq!(margin(&values), expected, "{name}, len {len}, seed {seed}");
            let game = PredictTheWinner::new(values);
            let mut stats = Stats::default();
            let answer = solve(&game, &mut stats).expect("the reduction always answers");
            assert_eq!(answer.margin, expected, "{name}, len {len}, seed {seed}");
            // One pass, or two.
            let pushed = stats.positions;
            assert!(
                pushed == len as u64 || pushed == 2 * len as u64 - 1,
                "{pushed}"
            );
        }
    }
}

#[test]
fn long_rows_10k() {
    long_rows(10_000, &[1, 2, 3]);
}

#[test]
#[ignore = "O(len^2) i128 oracle, 3·10^10 cells: about 70 s in a release build, far longer in debug; run with `cargo test --release -p solver-reduction --test properties -- --ignored`"]
fn long_rows_100k() {
    long_rows(30_000, &[4, 5]);
    long_rows(100_000, &[6, 7]);
}

#[test]
fn stats_count_pushes_merges_and_bytes() {
    let game = PredictTheWinner::new(vec![1, 5, 233, 7, 2]);
    let mut stats = ReductionStats::default();
    solve(&game, &mut stats).expect("answers");
    // A pass over [1, 5, 233, 7] (5 <= 233 >= 7 merges: [1, -221]), then 2
    // ([1, -221, 2], V = 2 - 1 - 221 = -220, which taking 2 first achieves):
    // a second pass over [5, 233, 7, 2] (merges again) shows taking 1 is
    // worse (-222), so the move is right. One stack of 4 + 5 cells of 8
    // bytes.
    assert_eq!(
        stats,
        ReductionStats {
            values_pushed: 9,
            merges: 2,
            bytes_held: 9 * 8
        }
    );
    assert_eq!(
        solve(&game, &mut NoStats).expect("answers").best_move,
        Some(Side::Right)
    );
    // A tie between the two ends needs the second pass: [1, 5, 2] then [5, 2].
    let mut stats = ReductionStats::default();
    let answer = solve(&PredictTheWinner::new(vec![1, 5, 2]), &mut stats).expect("answers");
    assert_eq!(answer.best_move, Some(Side::Left));
    assert_eq!((stats.values_pushed, stats.merges), (5, 1));
}
