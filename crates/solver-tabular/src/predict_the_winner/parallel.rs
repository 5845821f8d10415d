//! The multi-thread fill: the row cut into one part per thread, band by band
//! of lengths, each part advanced with its halo in a scratch row.

use core_types::{Error, MarginValue};

use super::simd::{Width, LEVELS};
use super::{Run, PARALLEL_MIN_LEN};

/// Lengths per parallel band: each band starts threads once, and its halo
/// (recomputed by the part to its left) is this wide.
pub(super) const BAND: usize = 8 * LEVELS;

/// The thread count and scratch rows for a parallel solve of `n` values, or
/// `None` to stay on one thread (short row, one core, memory cap, or the
/// allocator refusing the scratch).
pub(super) fn parallel_scratch<M: MarginValue>(n: usize, run: Run) -> Option<(usize, Vec<Vec<M>>)> {
    // Short rows first: `available_parallelism` reads cgroup files on Linux
    // (about 13 µs), far more than solving a short row.
    if n < PARALLEL_MIN_LEN {
        return None;
    }
    let threads = match run.threads {
        0 => std::thread::available_parallelism().map_or(1, |t| t.get()),
        t => t,
    };
    if threads < 2 {
        return None;
    }
    // Part p < threads - 1 needs its cells and a halo of BAND + 1 more.
    let per_part = n / threads + BAND + 2;
    let width = std::mem::size_of::<M>() as u128;
    let bytes = (n as u128 + (threads as u128 - 1) * per_part as u128) * width;
    if bytes > u128::from(run.memory_cap_bytes) {
        return None;
    }
    let mut scratch = Vec::new();
    scratch.try_reserve_exact(threads - 1).ok()?;
    for _ in 0..threads - 1 {
        let mut part: Vec<M> = Vec::new();
        part.try_reserve_exact(per_part).ok()?;
        scratch.push(part);
    }
    Some((threads, scratch))
}

/// Runs lengths `2..a.len()` like [`advance`], on `parts` threads: per band
/// of `band` ([`BAND`]) lengths, the cells the band leaves are cut into
/// `parts` ranges. The last range is advanced in place. Every other range `[b, e)`
/// is copied with its halo, the cells `[e, e + BAND)` its results depend on,
/// into its scratch row, advanced there as a shorter game (values
/// `a[b..]`, cut so that the cells valid at each length are exactly those
/// whose inputs are in the copy), and copied back.
///
/// Each scratch row must hold `a.len() / parts + band + 2` cells without
/// growing.
///
/// Every thread reads `run.deadline` before each of its tiles; once it has
/// passed, all of them stop, and the band's error is returned when they
/// have (`row` is left part-way).
///
/// [`advance`]: super::simd::advance
pub(super) fn fill_parallel<M: Width>(
    a: &[i64],
    row: &mut [M],
    scratch: &mut [Vec<M>],
    parts: usize,
    run: Run,
    band: usize,
) -> Result<(), Error> {
    let (kernel, deadline) = (run.kernel, run.deadline);
    let n = a.len();
    let mut first = 2;
    while first < n {
        let end = (first + band).min(n);
        let band = end - first;
        // Cells valid before (length first - 1) and after (length end - 1).
        let before = n + 2 - first;
        let after = n + 2 - end;
        // Short rows: the halos would be a large share of the work.
        if after < parts * 4 * band {
            M::advance(a, &mut row[..before], first..end, kernel, deadline)?;
            first = end;
            continue;
        }
        let bounds: Vec<usize> = (0..=parts).map(|p| p * after / parts).collect();
        for (p, part) in scratch.iter_mut().enumerate() {
            let halo_end = (bounds[p + 1] + band).min(before);
            part.clear();
            part.extend_from_slice(&row[bounds[p]..halo_end]);
        }
        std::thread::scope(|scope| {
            let mut rest = &mut row[..before];
            let mut offset = 0;
            let mut helpers = Vec::with_capacity(scratch.len());
            for (p, part) in scratch.iter_mut().enumerate() {
                let (mine, tail) = rest.split_at_mut(bounds[p + 1] - offset);
                rest = tail;
                offset = bounds[p + 1];
                let values = &a[bounds[p]..bounds[p] + part.len() + first - 2];
                helpers.push(scope.spawn(move || {
                    M::advance(values, part, first..end, kernel, deadline)?;
                    mine.copy_from_slice(&part[..mine.len()]);
                    Ok(())
                }));
            }
            let mut result = M::advance(&a[offset..], rest, first..end, kernel, deadline);
            for helper in helpers {
                let helped = helper
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                result = result.and(helped);
            }
            result
        })?;
        first = end;
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use core_types::{Deadline, NoStats, PredictTheWinner};
    use proptest::prelude::*;

    use super::super::RowKernel;
    use super::*;
    use crate::predict_the_winner::solve_with;
    use crate::predict_the_winner::tests::by_length;
    use crate::DEFAULT_MEMORY_CAP_BYTES as CAP;

    proptest! {
        #[test]
        fn parallel_bands_match_one_sweep_per_length(
            values in prop::collection::vec(-1000i64..1000, 2..500),
            parts in 2usize..5,
            band in 1usize..40,
        ) {
            let reference = by_length::<i64>(&values);
            for kernel in [RowKernel::Portable, RowKernel::Dispatch] {
                let mut row = values.clone();
                let mut scratch: Vec<Vec<i64>> = (1..parts)
                    .map(|_| Vec::with_capacity(values.len() / parts + band + 2))
                    .collect();
                let run = Run::new(CAP, parts, Deadline::NEVER, kernel);
                fill_parallel(&values, &mut row, &mut scratch, parts, run, band).unwrap();
                prop_assert_eq!((row[0], row[1]), (reference[0], reference[1]));
                // The scratch rows never grew.
                for part in &scratch {
                    prop_assert!(part.capacity() == values.len() / parts + band + 2);
                }
            }
        }
    }

    #[test]
    fn long_rows_use_threads_within_the_cap() {
        let run = |threads, memory_cap_bytes| {
            Run::new(
                memory_cap_bytes,
                threads,
                Deadline::NEVER,
                RowKernel::Dispatch,
            )
        };
        let n = PARALLEL_MIN_LEN;
        assert!(parallel_scratch::<i64>(n - 1, run(2, CAP)).is_none());
        assert!(parallel_scratch::<i64>(n, run(1, CAP)).is_none());
        let (parts, scratch) = parallel_scratch::<i64>(n, run(2, CAP)).unwrap();
        assert_eq!((parts, scratch.len()), (2, 1));
        // Row plus scratch must fit the cap, else one thread.
        let needed = (n + n / 2 + BAND + 2) as u64 * 8;
        assert!(parallel_scratch::<i64>(n, run(2, needed)).is_some());
        assert!(parallel_scratch::<i64>(n, run(2, needed - 1)).is_none());
        // And the answer is the same on any thread count.
        let game = PredictTheWinner::new((0..n as i64).map(|i| (i * 7919) % 1001 - 500).collect());
        let one = solve_with(&game, CAP, 1, Deadline::NEVER, &mut NoStats).unwrap();
        let two = solve_with(&game, CAP, 2, Deadline::NEVER, &mut NoStats).unwrap();
        assert_eq!(two, one);
    }
}
