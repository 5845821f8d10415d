//! Times the tabular kernels on the issue-5 target sizes (run in release):
//!
//! ```text
//! cargo run --release -p solver-tabular --example measure [ciw|threshold|par|batch|ptw|ptw300k|all]
//! ```
//!
//! Prints the median thread CPU time of several runs per input (set `WALL=1`
//! for wall time). Not a benchmark harness
//! (see the workspace criterion benches); a quick check of the targets.
#![allow(clippy::unwrap_used)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use core_types::{CanIWin, Deadline, NoStats, PredictTheWinner};
use solver_tabular::{
    can_i_win, can_i_win_parallel, predict_the_winner, DEFAULT_MEMORY_CAP_BYTES as CAP,
};

fn median(mut runs: Vec<Duration>) -> Duration {
    runs.sort();
    runs[runs.len() / 2]
}

/// CPU time of this thread: unlike wall time, not inflated when other
/// processes share the cores.
fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0);
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// CPU time of every thread of this process, user and system.
fn process_cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0);
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// Median thread CPU time of `reps` runs (wall time if `WALL` is set).
fn time<T>(reps: usize, f: impl FnMut() -> T) -> Duration {
    time_with(reps, std::env::var_os("WALL").is_some(), f)
}

/// Median CPU time of this thread, or wall time, of `reps` runs.
fn time_with<T>(reps: usize, wall: bool, mut f: impl FnMut() -> T) -> Duration {
    median(
        (0..reps)
            .map(|_| {
                let (start, cpu) = (Instant::now(), thread_cpu_time());
                black_box(f());
                if wall {
                    start.elapsed()
                } else {
                    thread_cpu_time() - cpu
                }
            })
            .collect(),
    )
}

fn main() {
    let what = std::env::args().nth(1).unwrap_or_else(|| "all".into());
    if what == "all" || what == "ciw" {
        for (n, t, reps) in [
            (20, 158, 201),
            (20, 209, 201),
            (28, 305, 5),
            (28, 405, 5),
            (30, 349, 3),
            (30, 464, 3),
            (32, 396, 3),
            (32, 527, 3),
        ] {
            let game = CanIWin::new(n, t).unwrap();
            let answer = can_i_win::solve(&game, CAP).unwrap();
            let fast = time(reps, || can_i_win::solve(&game, CAP).unwrap());
            let reference = if n <= 20 {
                format!(
                    "{:>10.3?}",
                    time(11, || can_i_win::solve_per_mask(&game, CAP).unwrap())
                )
            } else {
                "         -".into()
            };
            println!(
                "can-i-win n={n:2} T={t:3}: word kernel {fast:>10.3?}  per-mask {reference}  ({})",
                answer.outcome
            );
        }
    }
    if what == "threshold" || what == "par" {
        // One core against all cores, wall time, both in the same run, at
        // the hardest total of each n (`threshold`: around the one-thread
        // threshold; `par`: the large tables).
        let cases: &[(u32, u64, usize)] = if what == "threshold" {
            &[
                (14, 69, 2001),
                (16, 108, 1001),
                (17, 120, 501),
                (18, 137, 501),
                (19, 150, 301),
                (20, 158, 201),
                (21, 170, 101),
                (22, 167, 51),
                (24, 198, 21),
            ]
        } else {
            &[(26, 263, 9), (28, 305, 7), (30, 349, 5), (32, 396, 5)]
        };
        for &(n, t, reps) in cases {
            let game = CanIWin::new(n, t).unwrap();
            let one = can_i_win::solve_with_stats(&game, CAP).unwrap();
            // Below the threshold `solve_with` would stay on one thread.
            let forced = |threads| {
                let game = &game;
                move || can_i_win_parallel::solve_always_split(game, CAP, threads).unwrap()
            };
            assert_eq!(
                can_i_win_parallel::solve_with_stats(&game, CAP).unwrap(),
                one
            );
            let (mut single, mut multi) = (Vec::new(), Vec::new());
            // Interleaved, so both see the same load.
            for _ in 0..reps {
                single.push(time_with(1, true, || can_i_win::solve(&game, CAP).unwrap()));
                multi.push(time_with(1, true, forced(0)));
            }
            let (single, multi) = (median(single), median(multi));
            println!(
                "can-i-win n={n:2} T={t:3}: one core {single:>10.3?}  all cores {multi:>10.3?}  speed-up {:.2}x",
                single.as_secs_f64() / multi.as_secs_f64()
            );
        }
    }
    // `all-totals=N` moved with the pass to the facade's analysis: time it with
    // `hyperfine 'gamesolve can-i-win N --all-totals --json'`.
    if let Some(spec) = what.strip_prefix("big=") {
        // One large table, one core then all cores, wall time:
        // `big=N,T,CAP_MIB` (e.g. `big=34,446,2048`).
        let parts: Vec<u64> = spec.split(',').map(|x| x.parse().unwrap()).collect();
        let game = CanIWin::new(parts[0] as u32, parts[1]).unwrap();
        let cap = parts[2] << 20;
        let one = time_with(1, true, || can_i_win::solve(&game, cap).unwrap());
        let (answer, all) = {
            let started = Instant::now();
            let answer = can_i_win_parallel::solve(&game, cap).unwrap();
            (answer, started.elapsed())
        };
        assert_eq!(answer, can_i_win::solve(&game, cap).unwrap());
        println!(
            "can-i-win {game:?} cap {} MiB: one core {one:.3?}  all cores {all:.3?}  ({answer:?})",
            parts[2]
        );
    }
    if let Some(spec) = what.strip_prefix("cpu=") {
        // One instance on one core then on all cores, wall and process CPU
        // time of each (how much of the all-core run is work): `cpu=N,T`.
        let (n, t) = spec.split_once(',').unwrap();
        let game = CanIWin::new(n.parse().unwrap(), t.parse().unwrap()).unwrap();
        for (label, threads) in [("one core", 1), ("all cores", 0)] {
            let (start, cpu) = (Instant::now(), process_cpu_time());
            black_box(
                can_i_win_parallel::solve_with(&game, CAP, threads, Deadline::NEVER, &mut NoStats)
                    .unwrap(),
            );
            let (wall, cpu) = (start.elapsed(), process_cpu_time() - cpu);
            println!("can-i-win {game:?} {label}: wall {wall:.3?}, CPU {cpu:.3?}");
        }
    }
    if let Some(n) = what.strip_prefix("ciw=") {
        // One instance, for profilers: `ciw=N,T`.
        let (n, t) = n.split_once(',').unwrap();
        let game = CanIWin::new(n.parse().unwrap(), t.parse().unwrap()).unwrap();
        let took = time(1, || can_i_win::solve(&game, CAP).unwrap());
        println!("can-i-win {game:?}: {took:.3?}");
    }
    if let Some(spec) = what.strip_prefix("ptw=") {
        // One solve, for profilers and `time`: `ptw=LEN,THREADS`.
        let (len, threads) = spec.split_once(',').unwrap();
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let values: Vec<i64> = (0..len.parse::<usize>().unwrap())
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x % 1_000_000) as i64
            })
            .collect();
        let game = PredictTheWinner::new(values);
        let threads = threads.parse().unwrap();
        let took = time_with(1, true, || {
            predict_the_winner::solve_with(&game, CAP, threads, Deadline::NEVER, &mut NoStats)
                .unwrap()
        });
        println!("predict-the-winner len={len} threads={threads}: {took:.3?} wall");
    }
    if what == "all" || what == "batch" {
        // The whole LeetCode 464 range: n in 1..=20, T in 0..=300.
        let games: Vec<CanIWin> = (1..=20)
            .flat_map(|n| (0..=300).map(move |t| CanIWin::new(n, t).unwrap()))
            .collect();
        let all = time(5, || {
            games
                .iter()
                .filter(|g| can_i_win::solve(g, CAP).unwrap().can_i_win())
                .count()
        });
        println!(
            "can-i-win LeetCode range ({} games, one thread): {all:>10.3?}",
            games.len()
        );
    }
    if what == "all" || what == "ptw" || what == "ptw300k" {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let sizes: &[(usize, usize)] = if what == "ptw300k" {
            &[(300_000, 1)]
        } else {
            &[(20_000, 11), (100_000, 3)]
        };
        for &(len, reps) in sizes {
            let values: Vec<i64> = (0..len)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    (x % 1_000_000) as i64
                })
                .collect();
            let game = PredictTheWinner::new(values);
            let cells = (len as f64) * (len as f64 + 1.0) / 2.0;
            let rate = |d: Duration| cells / d.as_nanos() as f64;
            let game = &game;
            let on = |threads| {
                move || {
                    predict_the_winner::solve_with(
                        game,
                        CAP,
                        threads,
                        Deadline::NEVER,
                        &mut NoStats,
                    )
                    .unwrap()
                }
            };
            assert_eq!(on(1)(), on(0)(), "one thread and all cores disagree");
            let single = time(reps, on(1));
            // Several threads: wall time (CPU time of this thread says little).
            let all = time_with(reps, true, on(0));
            print!(
                "predict-the-winner len={len:6}: one thread {single:>10.3?} ({:.2} cells/ns)  all cores (wall) {all:>10.3?} ({:.2} cells/ns)",
                rate(single),
                rate(all),
            );
            if len <= 100_000 {
                let portable = time(reps, || {
                    predict_the_winner::solve_portable(game, CAP).unwrap()
                });
                print!(
                    "  portable {portable:>10.3?} ({:.2} cells/ns)",
                    rate(portable)
                );
            }
            println!();
        }
    }
}
