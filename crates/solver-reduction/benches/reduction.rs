//! The linear-time reduction over the row length.
//!
//! `predict-the-winner/reduction`: [`margin`] (one pass) and [`solve`] (two
//! passes: margin, scores and best move) on 10^3 to 10^7 values uniform in
//! `0..=10^7` from a fixed-seed xorshift, plus `margin-i128`: the same rows
//! with every value shifted by `2^62` so the sum of `|a[k]|` overflows
//! `i64` and the `i128` kernel runs. Each answer is checked against
//! [`plain_margin`] (the textbook stack pass, written here with branches and
//! `i128`) before timing; rows are built outside the timed loop. Throughput
//! is in values.
//!
//! ```text
//! cargo bench -p solver-reduction
//! cargo bench -p solver-reduction -- 'reduction/margin/1000000'
//! ```

use std::hint::black_box;

use core_types::{NoStats, PredictTheWinner};
use criterion::{
    criterion_group, criterion_main, AxisScale, BenchmarkId, Criterion, PlotConfiguration,
    Throughput,
};
use solver_reduction::{margin, solve};

/// Row lengths: 10^3 to 10^7.
const LENGTHS: [usize; 5] = [1_000, 10_000, 100_000, 1_000_000, 10_000_000];

/// `len` values uniform in `0..=10^7` from a fixed-seed xorshift64.
fn row(len: usize) -> Vec<i64> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % 10_000_001) as i64
        })
        .collect()
}

/// The reference: a plain stack pass with branches, in `i128`, then the
/// greedy count from both ends.
fn plain_margin(values: &[i64]) -> i128 {
    let mut stack: Vec<i128> = Vec::new();
    for &v in values {
        let mut z = i128::from(v);
        while let [.., x, y] = stack[..] {
            if x <= y && y >= z {
                z += x - y;
                stack.truncate(stack.len() - 2);
            } else {
                break;
            }
        }
        stack.push(z);
    }
    let (mut lo, mut hi, mut sign, mut total) = (0, stack.len(), 1, 0i128);
    while lo < hi {
        let taken = if stack[lo] >= stack[hi - 1] {
            lo += 1;
            stack[lo - 1]
        } else {
            hi -= 1;
            stack[hi]
        };
        total += sign * taken;
        sign = -sign;
    }
    total
}

fn by_length(c: &mut Criterion) {
    let mut group = c.benchmark_group("predict-the-winner/reduction");
    group.plot_config(PlotConfiguration::default().summary_scale(AxisScale::Logarithmic));
    for len in LENGTHS {
        let values = row(len);
        // The same shape in the i128 kernel: a shift by 2^62 keeps every
        // comparison (so the same merges happen) and the margin moves by
        // 2^62 when len is odd.
        let wide: Vec<i64> = values.iter().map(|&v| v + (1 << 62)).collect();
        let expected = plain_margin(&values);
        let expected_wide = expected + if len % 2 == 1 { 1i128 << 62 } else { 0 };
        assert_eq!(
            margin(&values),
            expected,
            "margin, len {len}: not timing a wrong answer"
        );
        assert_eq!(margin(&wide), expected_wide, "margin-i128, len {len}");
        assert_eq!(plain_margin(&wide), expected_wide);
        let game = PredictTheWinner::new(values.clone());
        let answer = solve(&game, &mut NoStats).expect("the reduction always answers");
        assert_eq!(answer.margin, expected, "solve, len {len}");

        group.sample_size(if len >= 1_000_000 { 20 } else { 100 });
        group.throughput(Throughput::Elements(len as u64));
        group.bench_with_input(BenchmarkId::new("margin", len), &values, |b, v| {
            b.iter(|| margin(black_box(v)))
        });
        group.bench_with_input(BenchmarkId::new("margin-i128", len), &wide, |b, v| {
            b.iter(|| margin(black_box(v)))
        });
        group.bench_with_input(BenchmarkId::new("solve", len), &game, |b, g| {
            b.iter(|| solve(black_box(g), &mut NoStats))
        });
    }
    group.finish();
}

criterion_group!(benches, by_length);
criterion_main!(benches);
