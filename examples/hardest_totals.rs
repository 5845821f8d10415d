//! Finds, for each pool size `n`, the Can I Win total `T` that makes a plain
//! top-down memo work hardest: the table `HARDEST` in `benches/support/mod.rs`
//! comes from this program.
//!
//! ```text
//! cargo run --release --example hardest_totals -- 8 10 12 14 16 18 20 22 24
//! ```
//!
//! "Hardest" means the most distinct states stored by the LeetCode-style memo
//! (integers tried in ascending order, a move that reaches `T` wins at once,
//! a position stops at its first winning move), scanned over every total
//! `1 <= T < n(n+1)/2` (the others are settled without search). For `n = 20`
//! that is `T = 158` with 770,565 of the 2^20 states, the figure of issue 5.
//! The gamesolve backends order moves differently (`memo` tries the largest
//! integer first) and so visit fewer states, but the same totals stay hard.
//!
//! Cost: `O(n · 2^n)` per total and `2^n` bytes of memory: 3 s for all of
//! `n <= 20`, a few minutes for `n = 22` and `24`, hours beyond (`n > 28` is
//! refused).

use std::process::ExitCode;

/// Largest `n` scanned (a 256 MiB memo, about 300 totals).
const MAX_N: u32 = 28;

/// Memo cell values.
const UNKNOWN: u8 = 0;
const WIN: u8 = 1;
const LOSE: u8 = 2;

/// Whether the player to move wins with the integers of `used` taken and
/// `remaining` still needed; counts each state stored in `stored`.
fn wins(used: usize, remaining: u64, n: u32, memo: &mut [u8], stored: &mut u64) -> bool {
    match memo[used] {
        WIN => return true,
        LOSE => return false,
        _ => {}
    }
    let win = (1..=n).any(|k| {
        let bit = 1usize << (k - 1);
        used & bit == 0
            && (u64::from(k) >= remaining
                || !wins(used | bit, remaining - u64::from(k), n, memo, stored))
    });
    memo[used] = if win { WIN } else { LOSE };
    *stored += 1;
    win
}

/// The hardest total for `n` and the states the memo stores there.
fn hardest(n: u32) -> (u64, u64) {
    let sum = u64::from(n) * u64::from(n + 1) / 2;
    let mut memo = vec![UNKNOWN; 1 << n];
    let mut best = (0, 0);
    for total in 1..sum {
        memo.fill(UNKNOWN);
        let mut stored = 0;
        wins(0, total, n, &mut memo, &mut stored);
        if stored > best.1 {
            best = (total, stored);
        }
    }
    best
}

fn main() -> ExitCode {
    let mut sizes = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.parse::<u32>() {
            Ok(n) if (1..=MAX_N).contains(&n) => sizes.push(n),
            _ => {
                eprintln!("error: `{arg}` is not a pool size n in 1..={MAX_N}");
                return ExitCode::from(2);
            }
        }
    }
    if sizes.is_empty() {
        eprintln!("usage: hardest_totals N... (pool sizes in 1..={MAX_N})");
        return ExitCode::from(2);
    }
    println!("n\thardest T\tstates stored\tof 2^n");
    for n in sizes {
        let (total, stored) = hardest(n);
        println!("{n}\t{total}\t{stored}\t{}", 1u64 << n);
    }
    ExitCode::SUCCESS
}
