//! One-shot timings of the memo backend on the instances issue 5 names, with
//! the counters. Not a benchmark (see `benches/` in the workspace root for
//! those): one run per instance, for a quick figure.
//!
//! ```text
//! cargo run --release -p solver-memo --example memo_timing            # all
//! cargo run --release -p solver-memo --example memo_timing -- can-i-win 25 238
//! cargo run --release -p solver-memo --example memo_timing -- predict-the-winner 5000
//! cargo run --release -p solver-memo --example memo_timing -- scan 20 1 210  # hardest T
//! cargo run --release -p solver-memo --example memo_timing -- sparse 40 800 20000000
//! # How far past a time limit (here 50 ms) each variant stops, on hard instances:
//! cargo run --release -p solver-memo --example memo_timing -- limit 50
//! # One run of one variant, for instruction counts (valgrind --tool=callgrind):
//! cargo run --release -p solver-memo --example memo_timing -- once sparse 20 158
//! cargo run --release -p solver-memo --example memo_timing -- once interval 3000
//! # One solver solving the genericity bench's 3,000-value row 20 times (as criterion does),
//! # for `perf stat` (page faults, cache misses) of `memo/interval` against `memo/indexed`:
//! cargo run --release -p solver-memo --example memo_timing -- repeat indexed 3000 20
//! # The same for Can I Win n = 20, T = 158 (`memo/dense` against `memo/hash-map`):
//! cargo run --release -p solver-memo --example memo_timing -- repeat hash-map 20 158 5
//! ```

use std::time::{Duration, Instant};

use core_types::{
    CanIWin, Deadline, Error, NoStats, PredictTheWinner, Solver, SolverConfig, Stats,
};
use solver_memo::{can_i_win, predict_the_winner, MemoSolver, DEFAULT_MEMORY_CAP_BYTES};

fn main() -> Result<(), Error> {
    let args: Vec<u64> = std::env::args()
        .skip(2)
        .filter_map(|a| a.parse().ok())
        .collect();
    match std::env::args().nth(1).as_deref() {
        Some("can-i-win") if args.len() == 2 => {
            can_i_win(u32::try_from(args[0]).unwrap_or(64), args[1])?
        }
        Some("scan") if args.len() == 3 => {
            // The total in T1..=T2 that makes the search expand the most.
            let n = u32::try_from(args[0]).unwrap_or(64);
            let mut hardest = (0, 0);
            for t in args[1]..=args[2] {
                let game = CanIWin::new(n, t)?;
                let (_, stats) = MemoSolver::new().solve_with_stats(&game)?;
                hardest = hardest.max((stats.positions, t));
            }
            println!("n={n}: hardest T={} ({} positions)", hardest.1, hardest.0);
        }
        Some("sparse") if args.len() == 3 => sparse(
            &CanIWin::new(u32::try_from(args[0]).unwrap_or(64), args[1])?,
            args[2],
        ),
        Some("limit") if args.len() == 1 => limit(Duration::from_millis(args[0])),
        Some("repeat") if args.len() == 3 => repeat_can_i_win(
            std::env::args().nth(2).as_deref().unwrap_or(""),
            CanIWin::new(u32::try_from(args[0]).unwrap_or(64), args[1])?,
            args[2],
        )?,
        Some("repeat") if args.len() == 2 => repeat(
            std::env::args().nth(2).as_deref().unwrap_or(""),
            usize::try_from(args[0]).unwrap_or(0),
            args[1],
        )?,
        Some("once") => once(std::env::args().nth(2).as_deref().unwrap_or(""), &args)?,
        Some("predict-the-winner") if args.len() == 1 => {
            predict_the_winner(usize::try_from(args[0]).unwrap_or(0))?
        }
        _ => {
            for (n, t) in [(12, 40), (20, 158), (25, 238), (60, 30), (64, 100)] {
                can_i_win(n, t)?;
            }
            predict_the_winner(5000)?;
        }
    }
    Ok(())
}

/// The fastest of a few runs (one for slow instances), then one with stats.
fn time<T>(mut run: impl FnMut() -> Result<T, Error>) -> Result<(T, Duration), Error> {
    let mut best = Duration::MAX;
    let mut answer = None;
    for _ in 0..5 {
        let start = Instant::now();
        answer = Some(run()?);
        best = best.min(start.elapsed());
        if best > Duration::from_millis(300) {
            break;
        }
    }
    answer.map(|a| (a, best)).ok_or(Error::BudgetExhausted {
        backend: "memo",
        game: "timing",
        budget: 0,
        unit: "runs",
        hint: &[],
    })
}

/// One solve by the variant `name` (of Can I Win with `n T`, of Predict the Winner with a
/// row length), with the default limits: a fixed amount of work for instruction counts.
fn once(name: &str, args: &[u64]) -> Result<(), Error> {
    let config = SolverConfig::default();
    match *args {
        [n, t] => {
            let game = CanIWin::new(u32::try_from(n).unwrap_or(64), t)?;
            for variant in can_i_win::VARIANTS.iter().filter(|v| v.name == name) {
                let answer = variant.solver(&config).solve(&game)?;
                println!("{} {game:?}: {answer:?}", variant.id());
            }
        }
        [len] => {
            let game = PredictTheWinner::new(row(usize::try_from(len).unwrap_or(0)));
            for variant in predict_the_winner::VARIANTS
                .iter()
                .filter(|v| v.name == name)
            {
                let answer = variant.solver(&config).solve(&game)?;
                println!("{} len={len}: margin {}", variant.id(), answer.margin);
            }
        }
        _ => println!("once <variant> <n> <T> | once <variant> <len>"),
    }
    Ok(())
}

/// `times` solves of the benches' row of `len` values (`benches/support`'s fixed-seed
/// SplitMix64 row) by one solver of the variant `name`, as criterion's `b.iter` does.
fn repeat(name: &str, len: usize, times: u64) -> Result<(), Error> {
    let config = SolverConfig {
        state_budget: Some(10_000_000),
        ..SolverConfig::default()
    };
    let game = PredictTheWinner::new(bench_row(len));
    for variant in predict_the_winner::VARIANTS
        .iter()
        .filter(|v| v.name == name)
    {
        let mut solver = variant.solver(&config);
        let start = Instant::now();
        let mut margin = 0;
        for _ in 0..times {
            margin = solver.solve(std::hint::black_box(&game))?.margin;
        }
        let each = start.elapsed() / u32::try_from(times.max(1)).unwrap_or(u32::MAX);
        println!(
            "{} len={len} x{times}: margin {margin}, {each:.2?} each",
            variant.id()
        );
    }
    Ok(())
}

/// `times` solves of `game` by one solver of the Can I Win variant `name`.
fn repeat_can_i_win(name: &str, game: CanIWin, times: u64) -> Result<(), Error> {
    let config = SolverConfig::default();
    for variant in can_i_win::VARIANTS.iter().filter(|v| v.name == name) {
        let mut solver = variant.solver(&config);
        let start = Instant::now();
        let mut answer = None;
        for _ in 0..times {
            answer = Some(solver.solve(std::hint::black_box(&game))?);
        }
        let each = start.elapsed() / u32::try_from(times.max(1)).unwrap_or(u32::MAX);
        println!(
            "{} {game:?} x{times}: {answer:?}, {each:.2?} each",
            variant.id()
        );
    }
    Ok(())
}

/// The benches' row (`benches/support/mod.rs`, `row`): `len` values in `0..=10^7` from
/// SplitMix64 seeded with `0x5EED_0486`.
fn bench_row(len: usize) -> Vec<i64> {
    let mut state = 0x5EED_0486u64;
    (0..len)
        .map(|_| {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) % 10_000_001) as i64
        })
        .collect()
}

/// Every variant on hard instances under a time limit: how long it ran before giving up.
fn limit(limit: Duration) {
    let config = SolverConfig {
        time_limit: Some(limit),
        ..SolverConfig::default()
    };
    let report = |id: String, what: String, start: Instant, ok: bool| {
        let elapsed = start.elapsed();
        let over = elapsed.saturating_sub(limit);
        let verdict = if ok { "answered" } else { "gave up" };
        println!("{id:<24} {what:<22} {verdict} after {elapsed:>10.2?} ({over:.2?} over)");
    };
    for (n, t) in [(24, 200), (40, 800)] {
        let Ok(game) = CanIWin::new(n, t) else { return };
        for variant in can_i_win::VARIANTS {
            let mut solver = variant.solver(&config);
            let start = Instant::now();
            let ok = solver.solve(&game).is_ok();
            report(variant.id(), format!("can-i-win {n} {t}"), start, ok);
        }
    }
    for len in [3_000, 10_000, 16_000] {
        let game = PredictTheWinner::new(row(len));
        for variant in predict_the_winner::VARIANTS {
            let mut solver = variant.solver(&config);
            let start = Instant::now();
            let ok = solver.solve(&game).is_ok();
            report(variant.id(), format!("predict-the-winner {len}"), start, ok);
        }
    }
}

/// How long the sparse memo takes to use up a state budget (or answer), and what one stored
/// state costs: the table's bytes and the time, per state. The time is of a plain run
/// (`NoStats`), the counters of a second, counted run.
fn sparse(game: &CanIWin, budget: u64) {
    let cap = DEFAULT_MEMORY_CAP_BYTES;
    let start = Instant::now();
    let result = can_i_win::solve_sparse(game, cap, budget, Deadline::NEVER, &mut NoStats);
    let elapsed = start.elapsed();
    let mut stats = Stats::default();
    let _ = can_i_win::solve_sparse(game, cap, budget, Deadline::NEVER, &mut stats);
    let states = stats.states.max(1);
    println!(
        "sparse {game:?}: {result:?} in {elapsed:.2?}\n  {} positions, {} memo hits, {} states; \
         table {} bytes = {:.1} bytes/state; {:.0} ns/state, {:.0} ns/position",
        stats.positions,
        stats.memo_hits,
        stats.states,
        stats.table_bytes,
        stats.table_bytes as f64 / states as f64,
        elapsed.as_nanos() as f64 / states as f64,
        elapsed.as_nanos() as f64 / stats.positions.max(1) as f64,
    );
}

fn can_i_win(n: u32, t: u64) -> Result<(), Error> {
    let game = CanIWin::new(n, t)?;
    let mut solver = MemoSolver::new();
    let (answer, best) = time(|| solver.solve(&game))?;
    let (_, stats) = solver.solve_with_stats(&game)?;
    println!(
        "can-i-win n={n} T={t}: {} (move {:?}) in {best:.2?}; {stats:?}",
        answer.outcome, answer.best_move
    );
    Ok(())
}

fn predict_the_winner(len: usize) -> Result<(), Error> {
    let game = PredictTheWinner::new(row(len));
    let mut solver = MemoSolver::new();
    let (answer, best) = time(|| solver.solve(&game))?;
    let (_, stats) = solver.solve_with_stats(&game)?;
    println!(
        "predict-the-winner len={len}: margin {} in {best:.2?}; {stats:?}",
        answer.margin
    );
    Ok(())
}

/// A fixed-seed xorshift row of `len` values in `0..10^6`.
fn row(len: usize) -> Vec<i64> {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    (0..len)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % 1_000_000) as i64
        })
        .collect()
}
