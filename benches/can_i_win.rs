//! Can I Win, every backend of this build on the same instances.
//!
//! - `can-i-win/hardest`: over `n`, at the total that makes search hardest
//!   ([`support::HARDEST`]; `n = 20` is `T = 158`). Exponential in `n`, so
//!   the summary axis is logarithmic.
//! - `can-i-win/hardest-scanned`: over `n = 25..32`, at the hardest total an actual scan
//!   found ([`support::HARDEST_SCANNED`]; `n = 32` is `T = 352`); `can-i-win/hardest` uses
//!   `T = 3/4` of the pool sum from `n = 25` on.
//! - `can-i-win/easy`: over `n`, at the small total `T = 5n/2`
//!   ([`support::EASY`]), where top-down `memo` visits only hundreds of
//!   states and beats bottom-up `tabular`, which fills every subset below `T`.
//!
//! Each point is `BenchmarkId::new(backend, n)`. A backend is timed only
//! where it finishes quickly ([`support::runs`]), and only after its answer
//! was checked against the expected one. The solver is created once per
//! point, as `gamesolve batch` does, so a backend may reuse its tables.
//!
//! ```text
//! cargo bench --bench can_i_win
//! cargo bench --bench can_i_win -- 'can-i-win/hardest/tabular'
//! ```

mod support;

use std::hint::black_box;
use std::time::Instant;

use criterion::{
    criterion_group, criterion_main, AxisScale, BenchmarkId, Criterion, PlotConfiguration,
};
use gamesolve::{core_types::Solver, Backend, CanIWin};
use support::{CanIWinCase, Group};

fn bench_group(c: &mut Criterion, group_kind: Group, cases: &[CanIWinCase]) {
    let mut group = c.benchmark_group(group_kind.name());
    group.plot_config(PlotConfiguration::default().summary_scale(AxisScale::Logarithmic));
    for case in cases {
        let game = case.game();
        for backend in Backend::available() {
            if !support::runs(backend, group_kind, u64::from(case.n)) {
                continue;
            }
            let mut solver = new_solver(backend);
            let started = Instant::now();
            let answer = solver.solve(&game);
            let elapsed = started.elapsed();
            match answer {
                Ok(answer) if answer == case.expected() => {}
                other => panic!(
                    "{}: backend `{backend}` answered {other:?} on n = {}, T = {}, \
                     expected {:?}; not timing a wrong answer",
                    group_kind.name(),
                    case.n,
                    case.total,
                    case.expected(),
                ),
            }
            group.sample_size(support::sample_size(elapsed));
            group.bench_with_input(
                BenchmarkId::new(backend.name(), case.n),
                &game,
                |b, game| b.iter(|| solver.solve(black_box(game))),
            );
        }
    }
    group.finish();
}

fn new_solver(backend: Backend) -> Box<dyn Solver<CanIWin> + Send> {
    match backend.solver::<CanIWin>() {
        Ok(solver) => solver,
        Err(e) => panic!("{e}"),
    }
}

fn hardest(c: &mut Criterion) {
    bench_group(c, Group::Hardest, support::HARDEST);
}

fn hardest_scanned(c: &mut Criterion) {
    bench_group(c, Group::HardestScanned, support::HARDEST_SCANNED);
}

fn easy(c: &mut Criterion) {
    bench_group(c, Group::Easy, support::EASY);
}

criterion_group! {
    name = benches;
    config = support::criterion();
    targets = hardest, hardest_scanned, easy
}
criterion_main!(benches);
