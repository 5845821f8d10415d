//! Every algorithm variant of every backend, from the one list the CLI and the tests use
//! (`gamesolve::registry::all_variants`): no hand-written kernel list here, so a new variant is benched
//! as soon as its backend lists it.
//!
//! - `can-i-win/variants`, over `n` at the hardest totals ([`support::HARDEST`]);
//! - `predict-the-winner/variants`, over the row length ([`support::PREDICT_THE_WINNER`] and
//!   the 300,000-value row).
//!
//! Each point is `BenchmarkId::new("backend/variant", size)` (`memo/dense`, `tabular/word`),
//! timed only after its answer was checked against the expected one. A variant stops at the
//! first size it cannot answer (its budget or memory cap; the reason is printed) or whose
//! checking run takes longer than [`SLOW`]: the larger sizes would only take longer.
//!
//! ```text
//! cargo bench --bench variants
//! cargo bench --bench variants -- 'can-i-win/variants/tabular'
//! ```

mod support;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{
    criterion_group, criterion_main, AxisScale, BenchmarkGroup, BenchmarkId, Criterion,
    PlotConfiguration,
};
use gamesolve::{
    core_types::SolverConfig, registry::all_variants, CanIWin, Game, PredictTheWinner, Registered,
};
use support::Group;

/// A checking run slower than this is benched, and the variant's larger sizes are not.
const SLOW: Duration = Duration::from_secs(1);

/// `n` of the Can I Win variant comparison (at the hardest totals).
const CAN_I_WIN_SIZES: [u32; 6] = [12, 16, 20, 22, 24, 28];

/// Row lengths of the Predict the Winner variant comparison.
const PREDICT_THE_WINNER_SIZES: [usize; 6] = [25, 1_000, 5_000, 20_000, 100_000, 300_000];

/// The check of an answer.
type Check<G> = Box<dyn Fn(&<G as Game>::Solution) -> bool>;

/// One benched input: its size, the game, and the check of an answer.
struct Point<G: Game> {
    size: u64,
    game: G,
    expected: Check<G>,
}

/// Benches every variant of `G` on `points`, ascending.
fn bench_variants<G: Registered>(c: &mut Criterion, group_kind: Group, points: &[Point<G>]) {
    let mut group: BenchmarkGroup<'_, _> = c.benchmark_group(group_kind.name());
    group.plot_config(PlotConfiguration::default().summary_scale(AxisScale::Logarithmic));
    for variant in all_variants::<G>() {
        let id = variant.id();
        let mut solver = variant.solver(&SolverConfig::default());
        for point in points {
            let (size, game) = (point.size, &point.game);
            let started = Instant::now();
            let answer = solver.solve(game);
            let elapsed = started.elapsed();
            match answer {
                Ok(answer) if (point.expected)(&answer) => {}
                Ok(answer) => panic!(
                    "{}: `{id}` answered {answer:?} on {}, which is wrong; not timing a wrong \
                     answer",
                    group_kind.name(),
                    game.describe()
                ),
                Err(e) => {
                    eprintln!("{}: `{id}` stops before {size}: {e}", group_kind.name());
                    break;
                }
            }
            group.sample_size(support::sample_size(elapsed));
            group.bench_with_input(BenchmarkId::new(&id, size), game, |b, game| {
                b.iter(|| solver.solve(black_box(game)))
            });
            if elapsed > SLOW {
                eprintln!(
                    "{}: `{id}` stops after {size}: one run took {elapsed:.2?}",
                    group_kind.name()
                );
                break;
            }
        }
    }
    group.finish();
}

fn can_i_win_variants(c: &mut Criterion) {
    let points: Vec<Point<CanIWin>> = support::HARDEST
        .iter()
        .filter(|case| CAN_I_WIN_SIZES.contains(&case.n))
        .map(|case| {
            let want = case.expected();
            Point {
                size: u64::from(case.n),
                game: case.game(),
                expected: Box::new(move |got| *got == want),
            }
        })
        .collect();
    bench_variants(c, Group::CanIWinVariants, &points);
}

fn predict_the_winner_variants(c: &mut Criterion) {
    let points: Vec<Point<PredictTheWinner>> = PREDICT_THE_WINNER_SIZES
        .iter()
        .map(|&len| {
            let Some((margin, side)) = support::expected_row(len) else {
                panic!("no expected answer for the {len}-value row");
            };
            Point {
                size: len as u64,
                game: support::row(len),
                expected: Box::new(move |got| got.margin == margin && got.best_move == Some(side)),
            }
        })
        .collect();
    bench_variants(c, Group::PredictTheWinnerVariants, &points);
}

criterion_group! {
    name = benches;
    config = support::criterion();
    targets = can_i_win_variants, predict_the_winner_variants
}
criterion_main!(benches);
