//! Finds, for each pool size `n`, the Can I Win total `T` that makes a plain
//! top-down memo store the most states, 64 totals per pass:
//!
//! ```text
//! cargo run --release -p solver-tabular --example hardest_totals_scan -- 25 26 27
//! cargo run --release -p solver-tabular --example hardest_totals_scan -- --from 0.6 --to 0.9 28
//! cargo run --release -p solver-tabular --example hardest_totals_scan -- --bits 32 --from 0.64 --to 0.74 30
//! cargo run --release -p solver-tabular --example hardest_totals_scan -- --check
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
//! Each pass is `O(n · 2^n)` word operations for a window of 64 totals, with two tables
//! of `2^n` words (`2^(n+4)` bytes: 1 GiB at `n = 26`, 4 GiB at `n = 28`, 8 GiB at 29);
//! `--bits 32` or `16` takes 32 or 16 totals per pass in half or a quarter of that (8 GiB at
//! `n = 30` with 32, 16 GiB at `n = 32` with 16: about 8 minutes a pass on one core). The sums of the sets come from four 256-entry tables, not a table of
//! `2^n`.
//! `--from`/`--to` restrict the scan to a fraction of the pool sum
//! `n(n+1)/2` (default: every total `1 <= T < n(n+1)/2`, as the recursive
//! program scans). `--check` compares the counts with that recursive memo
//! for every total of `n <= 16`.
#![allow(clippy::unwrap_used)]

use std::process::ExitCode;
use std::time::Instant;

/// Largest `n` accepted: two tables of `2^n` words (16 GiB at 32 with 16-bit words).
const MAX_N: u32 = 32;

/// A bitset over a window of consecutive totals: 64, 32 or 16 of them per pass (`--bits`),
/// trading passes for memory (two tables of `2^n` words).
trait Window:
    Copy
    + Eq
    + std::ops::BitOr<Output = Self>
    + std::ops::BitOrAssign
    + std::ops::BitAnd<Output = Self>
    + std::ops::Not<Output = Self>
{
    const BITS: u32;
    const ZERO: Self;
    const ONES: Self;
    /// Bits `0..=i`.
    fn through(i: u32) -> Self;
    fn lowest(self) -> u32;
    fn without_lowest(self) -> Self;
}

macro_rules! window {
    ($($t:ty),*) => {$(
        impl Window for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            const ONES: Self = <$t>::MAX;
            fn through(i: u32) -> Self {
                if i + 1 >= Self::BITS { Self::ONES } else { (1 << (i + 1)) - 1 }
            }
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    )*};
}
window!(u16, u32, u64);

/// The sum of the integers in `mask` (bit `k` is `k + 1`), from one table per byte: the
/// scan keeps no `2^n` table of sums.
struct Sums([[u64; 256]; 4]);

impl Sums {
    fn new() -> Self {
        let mut table = [[0u64; 256]; 4];
        for (byte, row) in table.iter_mut().enumerate() {
            for (bits, sum) in row.iter_mut().enumerate() {
                *sum = (0..8)
                    .filter(|k| bits >> k & 1 == 1)
                    .map(|k| (byte * 8 + k + 1) as u64)
                    .sum();
            }
        }
        Sums(table)
    }

    fn of(&self, mask: usize) -> u64 {
        (0..4).map(|b| self.0[b][mask >> (8 * b) & 255]).sum()
    }
}

/// The states stored by the ascending-order memo for each total
/// `base..base + W::BITS` (capped at `n(n+1)/2 - 1`), for integers `1..=n`.
fn window_counts<W: Window>(n: u32, base: u64, sums: &Sums) -> Vec<(u64, u64)> {
    let sum = n as u64 * (n as u64 + 1) / 2;
    let size = 1usize << n;
    let full = size - 1;
    let width = u64::from(W::BITS);
    // Bits i with base + i <= x.
    let upto = |x: u64| -> W {
        if x < base {
            W::ZERO
        } else {
            W::through((x - base).min(width - 1) as u32)
        }
    };
    let in_game = !upto(0) & upto(sum - 1);
    // 1. Who loses, for every total of the window.
    let mut lose = vec![W::ZERO; size];
    for mask in (0..full).rev() {
        let s = sums.of(mask);
        if s >= base + width - 1 {
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
    let mut visited = vec![W::ZERO; size];
    visited[0] = in_game;
    let mut counts = vec![0u64; W::BITS as usize];
    for mask in 0..full {
        let mut open = visited[mask];
        if open == W::ZERO {
            continue;
        }
        let mut rest = open;
        while rest != W::ZERO {
            counts[rest.lowest() as usize] += 1;
            rest = rest.without_lowest();
        }
        let s = sums.of(mask);
        let free = full & !mask;
        let mut rest = free;
        while rest != 0 && open != W::ZERO {
            let bit = rest & rest.wrapping_neg();
            let k = u64::from(bit.trailing_zeros()) + 1;
            // Totals that k does not reach at once: visit the child.
            let live = open & !upto(s + k);
            visited[mask | bit] |= live;
            open = live & !lose[mask | bit];
            rest &= rest - 1;
        }
    }
    (0..width)
        .map(|i| (base + i, counts[i as usize]))
        .filter(|&(t, _)| t >= 1 && t < sum)
        .collect()
}

/// Every total `lo..=hi` of pool size `n`, `W::BITS` totals per pass.
fn scan<W: Window>(n: u32, lo: u64, hi: u64, sums: &Sums) -> Vec<(u64, u64)> {
    let mut all = Vec::new();
    let mut base = lo;
    while base <= hi {
        all.extend(
            window_counts::<W>(n, base, sums)
                .into_iter()
                .filter(|&(t, _)| t <= hi),
        );
        base += u64::from(W::BITS);
    }
    all
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
    let mut bits = 64u32;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--check" => {
                let sums = Sums::new();
                for n in 1..=16 {
                    let sum = n as u64 * (n as u64 + 1) / 2;
                    for (t, count) in scan::<u64>(n, 1, sum - 1, &sums) {
                        assert_eq!(count, memo_states(n, t), "n = {n}, T = {t}");
                    }
                    // The narrower windows count the same.
                    assert_eq!(
                        scan::<u16>(n, 1, sum - 1, &sums),
                        scan::<u32>(n, 1, sum - 1, &sums)
                    );
                    assert_eq!(
                        scan::<u32>(n, 1, sum - 1, &sums),
                        scan::<u64>(n, 1, sum - 1, &sums)
                    );
                }
                println!("ok: every total of n <= 16 agrees with the recursive memo");
                return ExitCode::SUCCESS;
            }
            "--from" => from = args.next().and_then(|a| a.parse().ok()).unwrap_or(-1.0),
            "--to" => to = args.next().and_then(|a| a.parse().ok()).unwrap_or(-1.0),
            "--bits" => bits = args.next().and_then(|a| a.parse().ok()).unwrap_or(0),
            _ => match arg.parse::<u32>() {
                Ok(n) if (1..=MAX_N).contains(&n) => sizes.push(n),
                _ => {
                    eprintln!("error: `{arg}` is not a pool size n in 1..={MAX_N}");
                    return ExitCode::from(2);
                }
            },
        }
    }
    if sizes.is_empty()
        || !(0.0..=1.0).contains(&from)
        || !(from..=1.0).contains(&to)
        || ![16, 32, 64].contains(&bits)
    {
        eprintln!(
            "usage: hardest_totals_scan [--from F] [--to F] [--bits 64|32|16] N... (pool sizes in \
             1..={MAX_N}, 0 <= F <= 1; --bits: totals per pass, two tables of 2^N such words) \
             | --check"
        );
        return ExitCode::from(2);
    }
    let sums = Sums::new();
    println!("n\thardest T\tT/sum\tstates stored\tof 2^n\tscanned T\tat the ends\tseconds");
    for n in sizes {
        let started = Instant::now();
        let sum = n as u64 * (n as u64 + 1) / 2;
        let lo = ((sum as f64 * from).floor() as u64).max(1);
        let hi = ((sum as f64 * to).ceil() as u64).min(sum - 1);
        let counts = match bits {
            16 => scan::<u16>(n, lo, hi, &sums),
            32 => scan::<u32>(n, lo, hi, &sums),
            _ => scan::<u64>(n, lo, hi, &sums),
        };
        let best = counts
            .iter()
            .copied()
            .max_by_key(|&(t, count)| (count, std::cmp::Reverse(t)))
            .unwrap_or((0, 0));
        // The counts at both ends of the scan: a maximum above both is inside the window.
        let ends = match (counts.first(), counts.last()) {
            (Some(first), Some(last)) => format!("{} / {}", first.1, last.1),
            _ => "-".to_string(),
        };
        println!(
            "{n}\t{}\t{:.3}\t{}\t{}\t{lo}..={hi}\t{ends}\t{:.1}",
            best.0,
            best.0 as f64 / sum as f64,
            best.1,
            1u64 << n,
            started.elapsed().as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}
