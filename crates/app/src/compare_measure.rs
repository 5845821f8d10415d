//! How `compare` and `growth` time a backend, as a benchmark tool does (hyperfine, criterion):
//! one counted run gives the answer and the counters; then a warm-up, then plain runs
//! ([`Solver::solve`], every counter compiled away) repeated until their total passes a floor
//! ([`Floor`]: 100 ms and 10 runs by default), reported as the median with its spread and the
//! run count ([`Timing`]). A backend whose first plain run already passes the floor is not
//! repeated (that run is its one timed run); `--quick` keeps the one counted run. The timed
//! runs of several backends are interleaved, one sample of each in turn ([`measure_all`]), so
//! that a change in the machine's load weighs on all of them alike.

use std::time::{Duration, Instant};

use gamesolve::contract::compare::Timing;
use gamesolve::{core_types::Solver, Error, Game, Stats};

/// The default least number of timed runs.
pub(crate) const MIN_RUNS: u64 = 10;
/// A sample (one clock reading) aims at this fraction of the floor's time: 1000 samples at
/// most for a fast solve, each long enough (100 µs by default) that the clock's own cost is
/// noise.
const SAMPLES_PER_FLOOR: u32 = 1000;

/// The measuring flags of `compare` and `growth`.
#[derive(Debug, Clone)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct MeasureArgs {
    /// One cold run per backend with the counters on, as `compare` did before it measured: for
    /// instances where even one run per backend takes long. Its time is not a measurement.
    #[cfg_attr(feature = "cli", arg(long, global = true))]
    pub(crate) quick: bool,
    /// The least total time of a backend's timed runs (with `--min-runs`, whichever is
    /// longer), e.g. 100ms, 1s; a single run that passes it is not repeated.
    #[cfg_attr(feature = "cli", arg(
        long,
        global = true,
        value_name = "DURATION",
        default_value = "100ms",
        value_parser = crate::args::parse_time_limit
    ))]
    pub(crate) min_time: Duration,
    /// The least number of timed runs of a backend (unless a single run passes `--min-time`).
    #[cfg_attr(feature = "cli", arg(
        long,
        global = true,
        value_name = "RUNS",
        default_value_t = MIN_RUNS,
        value_parser = parse_runs
    ))]
    pub(crate) min_runs: u64,
}

/// `--min-runs`: a whole number from 1 up.
#[cfg(feature = "cli")]
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
    /// The backend's one name ([`Solver::name`]).
    pub(crate) backend: &'static str,
    /// The variant ([`Solver::variant`]).
    pub(crate) variant: &'static str,
    /// The listed variant the counted run ran ([`Solver::last_kernel`]).
    pub(crate) kernel: &'static str,
}

/// A solver being timed: its pace and its samples so far.
struct Timer<G: Game> {
    solver: Box<dyn Solver<G> + Send>,
    /// Solves per sample.
    batch: u64,
    samples: Vec<Duration>,
    total: Duration,
    runs: u64,
    /// A plain run gave up (a time limit): no more samples.
    stopped: bool,
}

impl<G: Game> Timer<G> {
    /// Whether it has its samples: the floor reached, `budget` of timed runs spent, or a run
    /// gave up.
    fn done(&self, floor: Floor, budget: Option<Duration>) -> bool {
        self.stopped
            || (self.total >= floor.min_time && self.runs >= floor.min_runs)
            || budget.is_some_and(|b| self.total >= b)
    }

    /// Times one more sample.
    fn sample(&mut self, game: &G) {
        match run(self.solver.as_mut(), game, self.batch) {
            Some(took) => {
                self.total += took;
                self.runs += self.batch;
                self.samples.push(took);
            }
            None => self.stopped = true,
        }
    }

    /// `measured` with this timer's statistics (or, with no sample, as it is).
    fn finish(self, mut measured: Measured<G>) -> Measured<G> {
        if !self.samples.is_empty() {
            let timing = statistics(&self.samples, self.batch, measured.counted, true, true);
            if let Ok((_, _, t)) = &mut measured.result {
                *t = timing;
            }
        }
        measured
    }
}

/// `n` plain runs of `solver` on `game`, timed together; `None` when one gives up.
fn run<G: Game>(solver: &mut dyn Solver<G>, game: &G, n: u64) -> Option<Duration> {
    let start = Instant::now();
    for _ in 0..n {
        std::hint::black_box(solver.solve(std::hint::black_box(game)).ok()?);
    }
    Some(start.elapsed())
}

/// What the counted and first plain runs of a solver decided.
enum Start<G: Game> {
    /// Measured already: one timed run, the counted run alone (`--quick`), or gave up.
    Done(Measured<G>),
    /// To be sampled, with the counted run's answer.
    Sample(Measured<G>, Timer<G>),
}

/// The counted run of `solver`, then (unless `floor` is `None`) its first plain run and its
/// warm-up: batches of 1, 2, 4, … plain runs until one takes a sample's time (the floor's
/// thousandth part), whose pace sets the solves per sample.
fn start<G: Game>(
    mut solver: Box<dyn Solver<G> + Send>,
    game: &G,
    floor: Option<Floor>,
) -> Start<G> {
    let clock = Instant::now();
    let result = solver.solve_with_stats(game);
    let counted = clock.elapsed();
    let (backend, variant, kernel) = (solver.name(), solver.variant(), solver.last_kernel());
    let measured = |result| Measured {
        result,
        counted,
        backend,
        variant,
        kernel,
    };
    let (solution, stats) = match result {
        Err(e) => return Start::Done(measured(Err(e))),
        Ok(answer) => answer,
    };
    let alone = statistics(&[counted], 1, counted, false, false);
    let Some(floor) = floor else {
        return Start::Done(measured(Ok((solution, stats, alone))));
    };
    // The first plain run comes after the counted one, which warmed the caches and the
    // solver's tables: when it alone passes the floor it is the one timed run (a cold counted
    // run that was slow, a thread pool or a table set up once, does not count).
    let Some(first) = run(solver.as_mut(), game, 1) else {
        return Start::Done(measured(Ok((solution, stats, alone))));
    };
    if first >= floor.min_time {
        let once = statistics(&[first], 1, counted, true, true);
        return Start::Done(measured(Ok((solution, stats, once))));
    }
    let target = floor.min_time / SAMPLES_PER_FLOOR;
    let (mut n, mut took): (u64, Duration) = (1, first);
    while took < target && n < 1 << 24 {
        n *= 2;
        match run(solver.as_mut(), game, n) {
            Some(t) => took = t,
            None => return Start::Done(measured(Ok((solution, stats, alone)))),
        }
    }
    let per_solve = took.as_nanos().div_ceil(u128::from(n)).max(1);
    let batch = u64::try_from(target.as_nanos().div_ceil(per_solve))
        .unwrap_or(u64::MAX)
        .max(1);
    let answer = measured(Ok((solution, stats, alone)));
    Start::Sample(
        answer,
        Timer {
            solver,
            batch,
            samples: Vec::new(),
            total: Duration::ZERO,
            runs: 0,
            stopped: false,
        },
    )
}

/// Measures each of `solvers` on `game`, in order: its counted run, then (unless `floor` is
/// `None`) its timed runs. The timed runs of the solvers that need repeating are interleaved,
/// one sample of each in turn, so that a change in the machine's load weighs on all of them
/// alike and their order holds from one call to the next; each stops at the floor, or when
/// `budget` (the command's `--time-limit`) of its timed runs is spent. A solver is dropped
/// (its tables freed) as soon as it is measured.
///
/// # Complexity
///
/// Per solver, about `max(floor.min_time, floor.min_runs × t)` for a solve of time `t`, plus
/// the counted run and the warm-up (at most two samples' time, or one solve); `2t` for a solve
/// of `floor.min_time` or more. Memory: one sample per clock reading, about
/// [`SAMPLES_PER_FLOOR`] at most beyond `floor.min_runs`; the solvers being sampled keep their
/// tables at once (each solve of theirs takes under `floor.min_time`).
pub(crate) fn measure_all<G: Game>(
    solvers: Vec<Box<dyn Solver<G> + Send>>,
    game: &G,
    floor: Option<Floor>,
    budget: Option<Duration>,
) -> Vec<Measured<G>> {
    let mut measured: Vec<Option<Measured<G>>> = Vec::with_capacity(solvers.len());
    let mut timers: Vec<(usize, Timer<G>)> = Vec::new();
    for solver in solvers {
        match start(solver, game, floor) {
            Start::Done(m) => measured.push(Some(m)),
            Start::Sample(m, timer) => {
                timers.push((measured.len(), timer));
                measured.push(Some(m));
            }
        }
    }
    if let Some(floor) = floor {
        while timers.iter().any(|(_, t)| !t.done(floor, budget)) {
            for (_, timer) in &mut timers {
                if !timer.done(floor, budget) {
                    timer.sample(game);
                }
            }
        }
    }
    for (index, timer) in timers {
        measured[index] = measured[index].take().map(|m| timer.finish(m));
    }
    measured.into_iter().flatten().collect()
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
        let solver = || backend.solver::<gamesolve::CanIWin>();
        let Ok(first) = solver() else {
            return;
        };
        let floor = Floor {
            min_time: Duration::from_millis(5),
            min_runs: 10,
        };
        let one = |solver, floor| {
            let mut all = measure_all(vec![solver], &game, floor, None);
            assert_eq!(all.len(), 1);
            all.remove(0)
        };
        let m = one(first, Some(floor));
        let (_, _, t) = m.result.unwrap_or_else(|e| panic!("{e}"));
        assert!(t.runs >= 10 && t.warm_up && t.no_stats, "{t:?}");
        assert!(t.total_ns >= 5_000_000 || t.runs == 1, "{t:?}");
        assert!(t.min_ns <= t.median_ns && t.median_ns <= t.max_ns, "{t:?}");
        let quick = one(solver().unwrap_or_else(|e| panic!("{e}")), None);
        let (_, _, q) = quick.result.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((q.runs, q.warm_up, q.no_stats), (1, false, false));
        // Interleaved: each solver reaches the floor, in the order given.
        let all = measure_all(
            vec![
                solver().unwrap_or_else(|e| panic!("{e}")),
                solver().unwrap_or_else(|e| panic!("{e}")),
            ],
            &game,
            Some(floor),
            None,
        );
        assert_eq!(all.len(), 2);
        for m in all {
            let (_, _, t) = m.result.unwrap_or_else(|e| panic!("{e}"));
            assert!(
                t.runs >= 10 && t.total_ns >= 5_000_000 || t.runs == 1,
                "{t:?}"
            );
        }
    }
}
