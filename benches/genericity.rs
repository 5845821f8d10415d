//! What genericity costs (issue 20): the algorithms written once against `Game` beside the
//! hand-written kernels of the same backend, on the issue's three questions.
//!
//! - `genericity/can-i-win-20-158`: `memo/dense` (hand-written) against every generic variant
//!   (`memo/indexed`, `memo/hash-map`, `tabular/retrograde` where this build has it,
//!   `recursive/negamax`, which stops at its node budget here and is left out with its reason);
//! - `genericity/predict-the-winner-3000`: `memo/interval` against the same generic variants on
//!   the benches' 3,000-value row (the state budget raised to hold its 4.5 million intervals);
//! - `genericity/negamax-per-position`: `recursive/negamax` against `recursive/backtrack` on
//!   Can I Win n = 12, T = 50, with criterion's throughput set to the positions each expands,
//!   so the report reads positions per second.
//!
//! Every point's answer is checked against `memo/dense` or `memo/interval` before it is timed.
//! Compare ratios within one run (the machine is shared; say its load with the figures).
//!
//! ```text
//! cargo bench --bench genericity
//! ```

mod support;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use gamesolve::{
    core_types::SolverConfig, registry::all_variants, CanIWin, PredictTheWinner, Registered,
};

/// The variants compared, hand-written baseline first; those this build lacks are skipped.
const CAN_I_WIN: [&str; 5] = [
    "memo/dense",
    "memo/indexed",
    "tabular/retrograde",
    "memo/hash-map",
    "recursive/negamax",
];
const PREDICT_THE_WINNER: [&str; 5] = [
    "memo/interval",
    "memo/indexed",
    "tabular/retrograde",
    "memo/hash-map",
    "recursive/negamax",
];
const PER_POSITION: [&str; 2] = ["recursive/backtrack", "recursive/negamax"];

/// Benches the variants `ids` of `G` on `game`, each checked against the first's answer;
/// with `per_position`, the throughput is the positions each variant expands.
fn compare<G: Registered>(
    c: &mut Criterion,
    group: &str,
    game: &G,
    ids: &[&str],
    config: &SolverConfig,
    per_position: bool,
) {
    let mut group = c.benchmark_group(group);
    let variants = all_variants::<G>();
    let mut baseline: Option<G::Solution> = None;
    for id in ids {
        let Some(variant) = variants.iter().find(|v| v.id() == *id) else {
            eprintln!("{id}: not in this build");
            continue;
        };
        let mut solver = variant.solver(config);
        let (answer, stats) = match solver.solve_with_stats(game) {
            Ok(solved) => solved,
            Err(e) => {
                eprintln!("{id}: left out: {e}");
                continue;
            }
        };
        match &baseline {
            None => baseline = Some(answer),
            Some(expected) => assert_eq!(
                &answer,
                expected,
                "{id} disagrees with {} on {}",
                ids[0],
                game.describe()
            ),
        }
        if per_position {
            group.throughput(Throughput::Elements(stats.positions.max(1)));
        }
        group.sample_size(10);
        group.bench_function(BenchmarkId::from_parameter(id), |b| {
            b.iter(|| solver.solve(black_box(game)))
        });
    }
    group.finish();
}

fn genericity(c: &mut Criterion) {
    let defaults = SolverConfig::default();
    let game = CanIWin::new(20, 158).expect("n = 20 is in range");
    compare(
        c,
        "genericity/can-i-win-20-158",
        &game,
        &CAN_I_WIN,
        &defaults,
        false,
    );

    let row: PredictTheWinner = support::row(3_000);
    let roomy = SolverConfig {
        state_budget: Some(10_000_000),
        ..SolverConfig::default()
    };
    compare(
        c,
        "genericity/predict-the-winner-3000",
        &row,
        &PREDICT_THE_WINNER,
        &roomy,
        false,
    );

    let small = CanIWin::new(12, 50).expect("n = 12 is in range");
    compare(
        c,
        "genericity/negamax-per-position",
        &small,
        &PER_POSITION,
        &defaults,
        true,
    );
}

criterion_group! {
    name = benches;
    config = support::criterion();
    targets = genericity
}
criterion_main!(benches);
