//! How `compare` and `growth` time a backend, as a benchmark tool does (hyperfine, criterion):
//! one counted run gives the answer and the counters; then a warm-up, then plain runs
//! ([`Solver::solve`], every counter compiled away) repeated until their total passes a floor
//! ([`Floor`]: 100 ms and 10 runs by default), reported as the median with its spread and the
//! run count ([`Timing`]). A backend whose single run already passes the floor is timed once
//! more, not repeated; `--quick` keeps the one counted run.

use std::time::{Duration, Instant};

use clap::Args;
use gamesolve::contract::compare::Timing;
use gamesolve::{Error, Game, Solver, Stats};

/// The default least number of timed runs.
pub(crate) const MIN_RUNS: u64 = 10;
/// A sample (one clock reading) aims at this fraction of the floor's time: 1000 samples at
/// most for a fast solve, each long enough (100 µs by default) that the clock's own cost is
/// noise.
const SAMPLES_PER_FLOOR: u32 = 1000;

/// The measuring flags of `compare` and `growth`.
#[derive(Args, Debug, Clone)]
pub struct MeasureArgs {
    /// One cold run per backend with the counters on, as `compare` did before it measured: for
    /// instances where even one run per backend takes long. Its time is not a measurement.
    #[arg(long, global = true)]
    pub(crate) quick: bool,
    /// The least total time of a backend's timed runs (with `--min-runs`, whichever is
    /// longer), e.g. 100ms, 1s; a single run that passes it is not repeated.
    #[arg(
        long,
        global = true,
        value_name = "DURATION",
        default_value = "100ms",
        value_parser = crate::args::parse_time_limit
    )]
    pub(crate) min_time: Duration,
    /// The least number of timed runs of a backend (unless a single run passes `--min-time`).
    #[arg(
        long,
        global = true,
        value_name = "RUNS",
        default_value_t = MIN_RUNS,
        value_parser = parse_runs
    )]
    pub(crate) min_runs: u64,
}

/// `--min-runs`: a whole number from 1 up.
fn parse_runs(text: &str) -> Result<u64, String> {
    match crate::args::parse_count(text) {
        Ok(0) => Err("it is zero; expected a whole number in 1..=1000000".to_owned()),
        Ok(n) if n > 1_000_000 => {
            Err("it is too large; expected a whole number in 1..=1000000".to_owned())
        }
        other => other,
    }
}

impl MeasureArgs {
    /// The floor these flags ask for (`None` with `--quick`).
    pub(crate) fn floor(&self) -> Option<Floor> {
        (!self.quick).then_some(Floor {
            min_time: self.min_time,
            min_runs: self.min_runs,
        })
    }
}

/// How long a backend is timed: until the timed runs take `min_time` in total and number
/// `min_runs`, whichever is longer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Floor {
    /// The least total time of the timed runs.
    pub(crate) min_time: Duration,
    /// The least number of timed runs.
    pub(crate) min_runs: u64,
}

impl Floor {
    /// The line saying how the times were measured, for the table's notes.
    pub(crate) fn rule(&self) -> String {
        format!(
            "time: median of the runs after warming up (≥ {} and ≥ {} runs each), ± half their \
             interquartile range; counters from one separate run.",
            humantime::format_duration(self.min_time),
            self.min_runs
        )
    }
}

/// The line of `--quick`, for the table's notes.
pub(crate) const QUICK_RULE: &str =
    "time: one cold run with the counters on (--quick): not a measurement.";

/// One backend measured on one game.
pub(crate) struct Measured<G: Game> {
    /// The counted run's answer and counters with the timed runs' statistics, or why it could
    /// not answer.
    pub(crate) result: Result<(G::Solution, Stats, Timing), Error>,
    /// The wall time of the counted run (until it gave up, when it did).
    pub(crate) counted: Duration,
}

/// Measures `solver` on `game`: the counted run, then (unless `floor` is `None`) the timed
/// runs, stopping early when `budget` (the command's `--time-limit`) of timed runs is spent.
///
/// # Complexity
///
/// About `max(floor.min_time, floor.min_runs × t)` for a solve of time `t`, plus the counted
/// run and the warm-up (at most a sample's time, or one solve); `t` twice for a solve of
/// `floor.min_time` or more. Memory: one sample per clock reading, about
/// [`SAMPLES_PER_FLOOR`] at most beyond `floor.min_runs`; the solver keeps its tables between
/// runs, as the benches' solvers do.
pub(crate) fn measure<G: Game>(
    solver: &mut dyn Solver<G>,
    game: &G,
    floor: Option<Floor>,
    budget: Option<Duration>,
) -> Measured<G> {
    let start = Instant::now();
    let result = solver.solve_with_stats(game);
    let counted = start.elapsed();
    let result = result.map(|(solution, stats)| {
        let timing = floor
            .and_then(|floor| timed_runs(solver, game, floor, budget, counted))
            .unwrap_or_else(|| statistics(&[counted], 1, counted, false, false));
        (solution, stats, timing)
    });
    Measured { result, counted }
}

/// The plain runs after the counted one (which took `counted`); `None` when a plain run gave up
/// before any sample was taken (a time limit reached on the plain path only).
fn timed_runs<G: Game>(
    solver: &mut dyn Solver<G>,
    game: &G,
    floor: Floor,
    budget: Option<Duration>,
    counted: Duration,
) -> Option<Timing> {
    let mut run = |n: u64| -> Option<Duration> {
        let start = Instant::now();
        for _ in 0..n {
            std::hint::black_box(solver.solve(std::hint::black_box(game)).ok()?);
        }
        Some(start.elapsed())
    };
    // The first plain run comes after the counted one, which warmed the caches and the
    // solver's tables: when it alone passes the floor it is the one timed run (a cold counted
    // run that was slow, a thread pool or a table set up once, does not count).
    let first = run(1)?;
    if first >= floor.min_time {
        return Some(statistics(&[first], 1, counted, true, true));
    }
    // The warm-up: batches of 1, 2, 4, … plain runs until one takes a sample's time (the
    // floor's thousandth part); its pace sets the solves per sample.
    let target = floor.min_time / SAMPLES_PER_FLOOR;
    let (mut n, mut took): (u64, Duration) = (1, first);
    let per_solve = loop {
        if took >= target || n >= 1 << 24 {
            break took.as_nanos().div_ceil(u128::from(n)).max(1);
        }
        n *= 2;
        took = run(n)?;
    };
    let batch = u64::try_from(target.as_nanos().div_ceil(per_solve))
        .unwrap_or(u64::MAX)
        .max(1);
    let mut samples: Vec<Duration> = Vec::new();
    let (mut total, mut runs) = (Duration::ZERO, 0_u64);
    while total < floor.min_time || runs < floor.min_runs {
        if budget.is_some_and(|b| total >= b) && !samples.is_empty() {
            break;
        }
        let Some(took) = run(batch) else {
            break;
        };
        total += took;
        runs += batch;
        samples.push(took);
    }
    if samples.is_empty() {
        return None;
    }
    Some(statistics(&samples, batch, counted, true, true))
}

/// The statistics of `samples`, each the time of `batch` solves.
fn statistics(
    samples: &[Duration],
    batch: u64,
    counted: Duration,
    warm_up: bool,
    no_stats: bool,
) -> Timing {
    let per_solve = |d: &Duration| d.as_nanos() as f64 / batch as f64;
    let mut sorted: Vec<f64> = samples.iter().map(per_solve).collect();
    sorted.sort_by(f64::total_cmp);
    let total: Duration = samples.iter().sum();
    let runs = batch.saturating_mul(samples.len() as u64);
    let ns = |x: f64| x.round() as u64;
    Timing {
        runs,
        samples: samples.len() as u64,
        batch,
        median_ns: ns(quantile(&sorted, 0.5)),
        mean_ns: ns(total.as_nanos() as f64 / runs.max(1) as f64),
        min_ns: ns(sorted.first().copied().unwrap_or(0.0)),
        max_ns: ns(sorted.last().copied().unwrap_or(0.0)),
        p25_ns: ns(quantile(&sorted, 0.25)),
        p75_ns: ns(quantile(&sorted, 0.75)),
        total_ns: u64::try_from(total.as_nanos()).unwrap_or(u64::MAX),
        counted_ns: u64::try_from(counted.as_nanos()).unwrap_or(u64::MAX),
        warm_up,
        no_stats,
    }
}

/// The `q` quantile of `sorted` (ascending), interpolating linearly between neighbours; 0 when
/// empty.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    let Some(last) = sorted.len().checked_sub(1) else {
        return 0.0;
    };
    let at = q * last as f64;
    let (low, high) = (at.floor() as usize, at.ceil() as usize);
    let weight = at - low as f64;
    sorted[low] * (1.0 - weight) + sorted[high.min(last)] * weight
}

/// The spread of `timing` for the table: half the interquartile range as a percentage of the
/// median (`±1.2%`), `-` for a single run.
pub(crate) fn spread(timing: &Timing) -> String {
    if timing.samples < 2 || timing.median_ns == 0 {
        return "-".to_owned();
    }
    let half = (timing.p75_ns - timing.p25_ns) as f64 / 2.0;
    let percent = 100.0 * half / timing.median_ns as f64;
    if percent < 10.0 {
        format!("±{percent:.1}%")
    } else {
        format!("±{percent:.0}%")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_interpolate() {
        let sorted = [1.0, 2.0, 3.0, 4.0, 5.0];
        assert_eq!(quantile(&sorted, 0.5), 3.0);
        assert_eq!(quantile(&sorted, 0.25), 2.0);
        assert_eq!(quantile(&[1.0, 2.0], 0.5), 1.5);
        assert_eq!(quantile(&[], 0.5), 0.0);
    }

    #[test]
    fn statistics_are_per_solve_and_ordered() {
        let samples: Vec<Duration> = [40, 10, 30, 20, 100]
            .iter()
            .map(|&us| Duration::from_micros(us))
            .collect();
        let t = statistics(&samples, 10, Duration::from_micros(7), true, true);
        assert_eq!((t.runs, t.samples, t.batch), (50, 5, 10));
        assert_eq!((t.min_ns, t.median_ns, t.max_ns), (1000, 3000, 10_000));
        assert_eq!((t.p25_ns, t.p75_ns), (2000, 4000));
        assert_eq!(t.mean_ns, 4000);
        assert_eq!(t.total_ns, 200_000);
        assert_eq!(t.counted_ns, 7000);
        assert_eq!(spread(&t), "±33%");
    }

    #[test]
    fn runs_reach_the_floor() {
        let game = gamesolve::CanIWin::new(8, 20).unwrap_or_else(|e| panic!("{e}"));
        let Some(backend) = gamesolve::Backend::available().next() else {
            return;
        };
        let Ok(mut solver) = backend.solver::<gamesolve::CanIWin>() else {
            return;
        };
        let floor = Floor {
            min_time: Duration::from_millis(5),
            min_runs: 10,
        };
        let m = measure(solver.as_mut(), &game, Some(floor), None);
        let (_, _, t) = m.result.unwrap_or_else(|e| panic!("{e}"));
        assert!(t.runs >= 10 && t.warm_up && t.no_stats, "{t:?}");
        assert!(t.total_ns >= 5_000_000 || t.runs == 1, "{t:?}");
        assert!(t.min_ns <= t.median_ns && t.median_ns <= t.max_ns, "{t:?}");
        let quick = measure(solver.as_mut(), &game, None, None);
        let (_, _, q) = quick.result.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((q.runs, q.warm_up, q.no_stats), (1, false, false));
    }
}
