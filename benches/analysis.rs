//! The analysis engine (`analyze`, `play`, `serve`'s `/api/play`): the value and remoteness of
//! every move from the start of a Can I Win game, on a fresh engine each time (its memo empty).
//!
//! - `analysis/can-i-win/dense`: `n <= 30`, one byte per state over all `2^n` sets;
//! - `analysis/can-i-win/sparse`: `n = 34`, whose `2^34` bytes exceed the 1 GiB cap, so the
//!   memo keeps only the visited sets (`core_types::state_table`, 8 bytes a slot).
//!
//! Each point is checked (outcome and fastest winning move) before it is timed.
//!
//! ```text
//! cargo bench --bench analysis
//! ```

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use gamesolve::analysis::{CanIWinAnalyzer, CanIWinPosition};
use gamesolve::{CanIWin, Outcome};

/// `(memo, n, T, outcome, the fastest winning first move)`.
const CASES: &[(&str, u32, u64, Outcome, Option<u32>)] = &[
    ("dense", 16, 100, Outcome::FirstPlayerWins, Some(3)),
    ("dense", 20, 158, Outcome::SecondPlayerWins, None),
    ("sparse", 34, 100, Outcome::FirstPlayerWins, Some(30)),
    ("sparse", 34, 110, Outcome::FirstPlayerWins, Some(25)),
];

fn analysis(c: &mut Criterion) {
    let mut group = c.benchmark_group("analysis/can-i-win");
    group.sample_size(10);
    for &(memo, n, t, outcome, best) in CASES {
        let game = CanIWin::new(n, t).expect("a valid game");
        let analyze = || {
            CanIWinAnalyzer::new(game)
                .analyze(&CanIWinPosition::start())
                .expect("within the default limits")
        };
        let first = analyze();
        assert_eq!(first.outcome, outcome, "n = {n}, T = {t}");
        let winning = first
            .moves
            .first()
            .filter(|_| outcome == Outcome::FirstPlayerWins);
        assert_eq!(winning.map(|m| m.number), best, "n = {n}, T = {t}");
        group.bench_with_input(BenchmarkId::new(memo, format!("{n}-{t}")), &game, |b, _| {
            b.iter(|| black_box(analyze()))
        });
    }
    group.finish();
}

criterion_group!(benches, analysis);
criterion_main!(benches);
