//! The analysis engine (`analyze`, `play`, `serve`'s `/api/play`): the value and remoteness of
//! every move from the start of a Can I Win game, on a fresh engine each time (its memo empty).
//!
//! - `analysis/can-i-win/dense`: the generic analysis with the dense table of every set of used
//!   integers (`Analyzer::indexed`, 8 bytes a cell: `n <= 27` within the 1 GiB cap);
//! - `analysis/can-i-win/sparse`: `n = 34`, whose table exceeds the cap, so the hash map keeps
//!   only the visited sets (with the pool's theory of hopeless positions).
//!
//! Each point is checked (outcome and fastest winning move) before it is timed.
//!
//! ```text
//! cargo bench --bench analysis
//! ```

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use gamesolve::analysis::report::Analysis;
use gamesolve::analysis::AnalysisConfig;
use gamesolve::{CanIWin, Game, Outcome};

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
            Analysis::of(
                &game,
                game.start(),
                0,
                Vec::new(),
                AnalysisConfig::default(),
            )
            .expect("within the default limits")
        };
        let first = analyze();
        assert_eq!(first.outcome(), outcome, "n = {n}, T = {t}");
        let winning = first
            .analysis
            .moves
            .first()
            .filter(|_| outcome == Outcome::FirstPlayerWins);
        assert_eq!(winning.map(|m| m.mv), best, "n = {n}, T = {t}");
        group.bench_with_input(BenchmarkId::new(memo, format!("{n}-{t}")), &game, |b, _| {
            b.iter(|| black_box(analyze()))
        });
    }
    group.finish();
}

criterion_group!(benches, analysis);
criterion_main!(benches);
