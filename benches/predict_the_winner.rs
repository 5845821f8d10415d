//! Predict the Winner, every backend of this build on the same rows.
//!
//! `predict-the-winner/len`: over the row length, from 10 to 10^5 values
//! ([`support::PREDICT_THE_WINNER`]), values uniform in `0..=10^7` from a
//! fixed seed ([`support::row`]). `recursive` (`2^len` calls) runs up to 25
//! values, `memo` (an `O(len^2)` table) up to 5,000, `tabular` (`O(len)` row)
//! everywhere. The summary axis is logarithmic.
//!
//! Each point is `BenchmarkId::new(backend, len)`, timed only after the
//! backend's answer was checked against the expected one. The row is built
//! outside the timed loop.
//!
//! ```text
//! cargo bench --bench predict_the_winner
//! cargo bench --bench predict_the_winner -- 'predict-the-winner/len/tabular/100000'
//! ```

mod support;

use std::hint::black_box;
use std::time::Instant;

use criterion::{
    criterion_group, criterion_main, AxisScale, BenchmarkId, Criterion, PlotConfiguration,
};
use gamesolve::{core_types::Solver, Backend, PredictTheWinner};
use support::Group;

fn by_length(c: &mut Criterion) {
    let group_kind = Group::PredictTheWinner;
    let mut group = c.benchmark_group(group_kind.name());
    group.plot_config(PlotConfiguration::default().summary_scale(AxisScale::Logarithmic));
    for &(len, margin, best_move) in support::PREDICT_THE_WINNER {
        let game = support::row(len);
        for backend in Backend::available() {
            if !support::runs(backend, group_kind, len as u64) {
                continue;
            }
            let mut solver = new_solver(backend);
            let started = Instant::now();
            let answer = solver.solve(&game);
            let elapsed = started.elapsed();
            match answer {
                Ok(answer) if answer.margin == margin && answer.best_move == Some(best_move) => {}
                other => panic!(
                    "{}: backend `{backend}` answered {other:?} on the {len}-value row, \
                     expected margin {margin} and best move {best_move}; not timing a wrong answer",
                    group_kind.name(),
                ),
            }
            group.sample_size(support::sample_size(elapsed));
            group.bench_with_input(BenchmarkId::new(backend.name(), len), &game, |b, game| {
                b.iter(|| solver.solve(black_box(game)))
            });
        }
    }
    group.finish();
}

fn new_solver(backend: Backend) -> Box<dyn Solver<PredictTheWinner> + Send> {
    match backend.solver::<PredictTheWinner>() {
        Ok(solver) => solver,
        Err(e) => panic!("{e}"),
    }
}

criterion_group! {
    name = benches;
    config = support::criterion();
    targets = by_length
}
criterion_main!(benches);
