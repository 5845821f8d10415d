//! Finds, for each pool size `n`, the Can I Win total `T` that makes a plain
//! top-down memo store the most states, 64 totals per pass:
//!
//! ```text
//! cargo run --release -p solver-tabular --example hardest_totals -- 25 26 27
//! cargo run --release -p solver-tabular --example hardest_totals -- --from 0.6 --to 0.9 28
//! cargo run --release -p solver-tabular --example hardest_totals -- --check
//! ```
//!
//! The memo is the one of the workspace's `examples/hardest_totals.rs` (and
//! `benches/support/mod.rs`'s `HARDEST`): integers tried in ascending order,
//! a move that reaches `T` wins at once, a position stops at its first
//! winning move, every position visited is stored once. That program runs
//! the memo once per total (`O(n · 2^n)` each, hours beyond `n = 24`); this
//! one counts the same states for a window of 64 totals at once, without
//! recursion:
//!
//! 1. `lose[U]`, bit `i`: the player to move at used set `U` loses in the
//!    game with total `T = base + i` (descending masks, as
//!    `solver_tabular::all_totals`: the OR of the children's bitsets).
//! 2. `visited[U]`, bit `i`: the memo visits `U` in the game with total `T`
//!    (ascending masks: from each visited `U`, move `k = 1, 2, …` visits
//!    `U + {k}` for the totals not yet decided, and decides those where
//!    `k` reaches `T` or the child loses).
//! 3. The states stored for `T` are the sets whose `visited` bit `i` is set.
//!
//! Each pass is `O(n · 2^n)` word operations for 64 totals, with two tables
//! of `2^n` words (`2^(n+4)` bytes: 1 GiB at `n = 26`, 4 GiB at `n = 28`).
//! `--from`/`--to` restrict the scan to a fraction of the pool sum
//! `n(n+1)/2` (default: every total `1 <= T < n(n+1)/2`, as the recursive
//! program scans). `--check` compares the counts with that recursive memo
//! for every total of `n <= 16`.
#![allow(clippy::unwrap_used)]

use std::process::ExitCode;
use std::time::Instant;

/// Largest `n` accepted: two tables of `2^n` words (8 GiB at 29).
const MAX_N: u32 = 28;

/// The states stored by the ascending-order memo for each total
/// `base..base + 64` (capped at `n(n+1)/2 - 1`), for integers `1..=n`.
fn window_counts(n: u32, base: u64) -> Vec<(u64, u64)> {
    let sum = n as u64 * (n as u64 + 1) / 2;
    let size = 1usize << n;
    let full = size - 1;
    // Bits i with base + i <= x.
    let upto = |x: u64| -> u64 {
        if x < base {
            0
        } else if x - base >= 63 {
            u64::MAX
        } else {
            (2u64 << (x - base)) - 1
        }
    };
    let in_game = !upto(0) & upto(sum - 1);
    let mut sums = vec![0u64; size];
    for mask in 1..size {
        let k = mask.trailing_zeros();
        sums[mask] = sums[mask & (mask - 1)] + u64::from(k) + 1;
    }
    // 1. Who loses, for every total of the window.
    let mut lose = vec![0u64; size];
    for mask in (0..full).rev() {
        let s = sums[mask];
        if s >= base + 63 {
            continue; // no total of the window is still open
        }
        let free = full & !mask;
        let largest = u64::from(usize::BITS - free.leading_zeros());
        let mut wins = upto(s + largest);
        let mut rest = free;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            wins |= lose[mask | bit];
            rest &= rest - 1;
        }
        lose[mask] = !wins & in_game;
    }
    // 2. Which positions the memo visits.
    let mut visited = vec![0u64; size];
    visited[0] = in_game;
    let mut counts = [0u64; 64];
    for mask in 0..full {
        let mut open = visited[mask];
        if open == 0 {
            continue;
        }
        let mut rest = open;
        while rest != 0 {
            counts[rest.trailing_zeros() as usize] += 1;
            rest &= rest - 1;
        }
        let s = sums[mask];
        let free = full & !mask;
        let mut rest = free;
        while rest != 0 && open != 0 {
            let bit = rest & rest.wrapping_neg();
            let k = u64::from(bit.trailing_zeros()) + 1;
            // Totals that k does not reach at once: visit the child.
            let live = open & !upto(s + k);
            visited[mask | bit] |= live;
            open = live & !lose[mask | bit];
            rest &= rest - 1;
        }
    }
    (0..64u64)
        .map(|i| (base + i, counts[i as usize]))
        .filter(|&(t, _)| t >= 1 && t < sum)
        .collect()
}

/// The recursive memo of the workspace example, for `--check`.
fn memo_states(n: u32, total: u64) -> u64 {
    fn wins(used: usize, remaining: u64, n: u32, memo: &mut [u8], stored: &mut u64) -> bool {
        match memo[used] {
            1 => return true,
            2 => return false,
            _ => {}
        }
        let win = (1..=n).any(|k| {
            let bit = 1usize << (k - 1);
            used & bit == 0
                && (u64::from(k) >= remaining
                    || !wins(used | bit, remaining - u64::from(k), n, memo, stored))
        });
        memo[used] = if win { 1 } else { 2 };
        *stored += 1;
        win
    }
    let mut memo = vec![0u8; 1 << n];
    let mut stored = 0;
    wins(0, total, n, &mut memo, &mut stored);
    stored
}

fn main() -> ExitCode {
    let mut sizes = Vec::new();
    let (mut from, mut to) = (0.0f64, 1.0f64);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--check" => {
                for n in 1..=16 {
                    let sum = n as u64 * (n as u64 + 1) / 2;
                    for base in (0..sum).step_by(64) {
                        for (t, count) in window_counts(n, base) {
                            assert_eq!(count, memo_states(n, t), "n = {n}, T = {t}");
                        }
                    }
                }
                println!("ok: every total of n <= 16 agrees with the recursive memo");
                return ExitCode::SUCCESS;
            }
            "--from" => from = args.next().and_then(|a| a.parse().ok()).unwrap_or(-1.0),
            "--to" => to = args.next().and_then(|a| a.parse().ok()).unwrap_or(-1.0),
            _ => match arg.parse::<u32>() {
                Ok(n) if (1..=MAX_N).contains(&n) => sizes.push(n),
                _ => {
                    eprintln!("error: `{arg}` is not a pool size n in 1..={MAX_N}");
                    return ExitCode::from(2);
                }
            },
        }
    }
    if sizes.is_empty() || !(0.0..=1.0).contains(&from) || !(from..=1.0).contains(&to) {
        eprintln!("usage: hardest_totals [--from F] [--to F] N... (pool sizes in 1..={MAX_N}, 0 <= F <= 1) | --check");
        return ExitCode::from(2);
    }
    println!("n\thardest T\tT/sum\tstates stored\tof 2^n\tscanned T\tseconds");
    for n in sizes {
        let started = Instant::now();
        let sum = n as u64 * (n as u64 + 1) / 2;
        let lo = ((sum as f64 * from).floor() as u64).max(1);
        let hi = ((sum as f64 * to).ceil() as u64).min(sum - 1);
        let mut best = (0, 0);
        let mut base = lo;
        while base <= hi {
            for (t, count) in window_counts(n, base) {
                if t <= hi && count > best.1 {
                    best = (t, count);
                }
            }
            base += 64;
        }
        println!(
            "{n}\t{}\t{:.3}\t{}\t{}\t{lo}..={hi}\t{:.1}",
            best.0,
            best.0 as f64 / sum as f64,
            best.1,
            1u64 << n,
            started.elapsed().as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}
