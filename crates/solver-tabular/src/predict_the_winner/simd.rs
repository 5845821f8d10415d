//! The row kernels: the time-skewed tiled kernel, compiled once per vector
//! width, and the run-time choice of the fastest one this CPU supports.

use core_types::{Arithmetic, Deadline, Error, MarginValue};
use std::ops::Range;

use super::{time_limit_reached, RowKernel};

/// A margin width with its row kernels.
pub(super) trait Width: MarginValue {
    /// The width as [`PredictTheWinner::arithmetic`] names it.
    ///
    /// [`PredictTheWinner::arithmetic`]: core_types::PredictTheWinner::arithmetic
    const ARITHMETIC: Arithmetic;
    /// [`advance`] with the chosen kernel, giving up at `deadline`.
    fn advance(
        a: &[i64],
        row: &mut [Self],
        lengths: Range<usize>,
        kernel: RowKernel,
        deadline: Deadline,
    ) -> Result<(), Error>;
}

impl Width for i128 {
    const ARITHMETIC: Arithmetic = Arithmetic::I128;

    /// Always portable: there is no vector `i128` compare, and this exact
    /// path is only taken for values near the `i64` limits.
    fn advance(
        a: &[i64],
        row: &mut [Self],
        lengths: Range<usize>,
        _kernel: RowKernel,
        deadline: Deadline,
    ) -> Result<(), Error> {
        advance::<i128, 1>(a, row, lengths, deadline)
    }
}

impl Width for i64 {
    const ARITHMETIC: Arithmetic = Arithmetic::I64;

    fn advance(
        a: &[i64],
        row: &mut [Self],
        lengths: Range<usize>,
        kernel: RowKernel,
        deadline: Deadline,
    ) -> Result<(), Error> {
        #[cfg(target_arch = "x86_64")]
        if kernel == RowKernel::Dispatch {
            if std::arch::is_x86_feature_detected!("avx512f") {
                // SAFETY: `advance_avx512` only requires AVX-512F, which the
                // CPU running this code has, as detected just above.
                return unsafe { x86::advance_avx512(a, row, lengths, deadline) };
            }
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: `advance_avx2` only requires AVX2, which the CPU
                // running this code has, as detected just above.
                return unsafe { x86::advance_avx2(a, row, lengths, deadline) };
            }
        }
        let _ = kernel;
        advance::<i64, 1>(a, row, lengths, deadline)
    }
}

/// The `i64` kernel compiled for wider vector units, selected at run time.
#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::ops::Range;

    use core_types::{Deadline, Error};

    /// [`super::advance`] compiled with AVX2, so the row update vectorises
    /// with 64-bit compares (`vpcmpgtq`, 4 lanes); two lengths per sweep
    /// measured best.
    ///
    /// # Safety
    ///
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn advance_avx2(
        a: &[i64],
        row: &mut [i64],
        lengths: Range<usize>,
        deadline: Deadline,
    ) -> Result<(), Error> {
        super::advance::<i64, 2>(a, row, lengths, deadline)
    }

    /// [`super::advance`] compiled with AVX-512F (`vpmaxsq`, 8 lanes); six
    /// lengths per sweep measured best.
    ///
    /// # Safety
    ///
    /// The CPU must support AVX-512F.
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn advance_avx512(
        a: &[i64],
        row: &mut [i64],
        lengths: Range<usize>,
        deadline: Deadline,
    ) -> Result<(), Error> {
        super::advance::<i64, 6>(a, row, lengths, deadline)
    }
}

/// Cells per tile: the tile's row cells and values (3 × 8 KiB for `i64`)
/// stay in a 32 KiB or larger L1 data cache.
const TILE: usize = 1024;
/// Lengths per tiled pass (a multiple of 2 and 6, the `K` values in use).
pub(super) const LEVELS: usize = 258;

/// Advances `row` through `lengths = first..end`: on entry
/// `row[i] = m(i, i+first-2)` for every cell of length `first - 1`
/// (`i <= n + 1 - first`, with `n = a.len()`); on exit
/// `row[i] = m(i, i+end-2)` for every cell of length `end - 1`.
/// `2..a.len()` from `row = a` leaves `row[0] = m(0, n-2)` and
/// `row[1] = m(1, n-1)`. See [`advance_tiled`]. Reads the clock before each
/// tile (`TILE · LEVELS` cells) and gives up, leaving `row` part-way, once
/// `deadline` has passed.
#[inline(always)]
pub(super) fn advance<M: MarginValue, const K: usize>(
    a: &[i64],
    row: &mut [M],
    lengths: Range<usize>,
    deadline: Deadline,
) -> Result<(), Error> {
    advance_tiled::<M, K, TILE, LEVELS>(a, row, lengths, deadline)
}

/// [`advance`] with explicit tile sizes.
///
/// Time-skewed tiling: lengths go in passes of `LEVELS` lengths. Within a
/// pass, tile `s` (cells `s..s + TILE` at the pass's first length) covers at
/// its `k`-th length the cells `[s - k, s + TILE - k)`, shifted one to the
/// left per length. As `m(i, j)` needs only cells `i` and `i + 1` of the
/// previous length, every cell a tile reads was computed by this tile or the
/// one before it, and is not yet overwritten (the update is in place).
/// Within a tile, [`step_multi`] advances `K` lengths per sweep.
#[inline(always)]
fn advance_tiled<M: MarginValue, const K: usize, const TILE: usize, const LEVELS: usize>(
    a: &[i64],
    row: &mut [M],
    lengths: Range<usize>,
    deadline: Deadline,
) -> Result<(), Error> {
    let n = a.len();
    // The range of cells tile `s` updates for length `len`, `k` lengths into
    // the pass (empty when it is clipped away).
    let range = |s: usize, k: usize, len: usize| {
        let cells = n + 1 - len;
        let lo = s.saturating_sub(k);
        let hi = (s + TILE).saturating_sub(k).min(cells);
        (lo, hi)
    };
    let mut first = lengths.start;
    while first < lengths.end {
        let levels = LEVELS.min(lengths.end - first);
        let mut s = 0;
        while s < n + 1 - first {
            if deadline.reached() {
                return Err(time_limit_reached(deadline));
            }
            let mut k = 0;
            while k + K <= levels {
                let (lo, hi) = range(s, k, first + k);
                if lo + 1 >= K && lo < hi {
                    step_multi::<M, K>(a, row, first + k, lo, hi);
                } else {
                    // The first tile of the pass, where shifted ranges are
                    // clipped at 0: one length at a time.
                    for j in k..k + K {
                        let (lo, hi) = range(s, j, first + j);
                        if lo < hi {
                            step_multi::<M, 1>(a, row, first + j, lo, hi);
                        }
                    }
                }
                k += K;
            }
            for j in k..levels {
                let (lo, hi) = range(s, j, first + j);
                if lo < hi {
                    step_multi::<M, 1>(a, row, first + j, lo, hi);
                }
            }
            s += TILE;
        }
        first += levels;
    }
    Ok(())
}

/// Advances a tile through `K` lengths, `len..len + K`, in one sweep over
/// the columns `c` in `lo..hi`.
///
/// On entry `row[i]` holds length `len - 1` for `i` in `lo..=hi`, and length
/// `len + j - 1` at `lo - j` for `j` in `1..K` (left there by the tile
/// before). At column `c` the sweep computes length `len + j` at cell
/// `c - j` for each `j < K`, from length `len + j - 1` at cells `c - j` and
/// `c - j + 1`: the one just computed at this column and the one carried
/// from the previous column. All `K` lengths at a column use the same right
/// value `a[c + len - 1]`. It stores the last length at `c - K + 1` and, at
/// the end, the carried lengths at `hi - 1 - j`, as the next tile expects.
///
/// Requires `lo >= K - 1`. With `K = 1` it is the plain one-length update of
/// `lo..hi`.
#[inline(always)]
fn step_multi<M: MarginValue, const K: usize>(
    a: &[i64],
    row: &mut [M],
    len: usize,
    lo: usize,
    hi: usize,
) {
    let mut carried = [M::default(); K];
    for (j, c) in carried.iter_mut().enumerate().take(K - 1) {
        *c = row[lo - 1 - j];
    }
    let base = lo + 1 - K;
    let left = &a[base..hi];
    let right = &a[lo + len - 1..hi + len - 1];
    let window = &mut row[base..=hi];
    let max = |x: M, y: M| if x > y { x } else { y };
    for i in 0..hi - lo {
        // Column c = lo + i, at index i + K - 1 of `left` and `window`.
        let c = i + K - 1;
        let r = M::from(right[i]);
        let mut value = max(M::from(left[c]) - window[c + 1], r - window[c]);
        for j in 1..K {
            let next = max(M::from(left[c - j]) - value, r - carried[j - 1]);
            carried[j - 1] = value;
            value = next;
        }
        window[i] = value;
    }
    for (j, &c) in carried.iter().enumerate().take(K - 1) {
        row[hi - 1 - j] = c;
    }
}

/// Runs lengths `2..a.len()` one full sweep per length: the plain rolling
/// row, the reference for the tiled kernels.
#[cfg(test)]
pub(super) fn fill_row_by_length<M: MarginValue>(a: &[i64], row: &mut [M]) {
    let n = a.len();
    for len in 2..n {
        step_multi::<M, 1>(a, row, len, 0, n + 1 - len);
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use core_types::PredictTheWinner;
    use proptest::prelude::*;

    use super::*;
    use crate::predict_the_winner::tests::by_length;
    use crate::predict_the_winner::{solve, solve_portable};
    use crate::DEFAULT_MEMORY_CAP_BYTES as CAP;

    /// The tiled kernel with small tiles, so boundaries and clipping show up
    /// on short rows.
    fn tiled<M: MarginValue, const K: usize, const T: usize, const L: usize>(a: &[i64]) -> Vec<M> {
        let mut row: Vec<M> = a.iter().map(|&v| M::from(v)).collect();
        advance_tiled::<M, K, T, L>(a, &mut row, 2..a.len(), Deadline::NEVER).unwrap();
        row
    }

    fn small_values() -> impl Strategy<Value = Vec<i64>> {
        prop::collection::vec(-1000i64..1000, 0..200)
    }

    proptest! {
        #[test]
        fn tiled_kernels_match_one_sweep_per_length(values in small_values()) {
            if values.len() >= 2 {
                let reference = by_length::<i64>(&values);
                // Only cells 0 and 1 hold the final lengths; compare those.
                let key = |row: &[i64]| (row[0], row[1]);
                prop_assert_eq!(key(&tiled::<i64, 1, 8, 12>(&values)), key(&reference));
                prop_assert_eq!(key(&tiled::<i64, 2, 8, 12>(&values)), key(&reference));
                prop_assert_eq!(key(&tiled::<i64, 6, 16, 12>(&values)), key(&reference));
                prop_assert_eq!(key(&tiled::<i64, 6, 7, 13>(&values)), key(&reference));
                prop_assert_eq!(key(&tiled::<i64, 3, 5, 4>(&values)), key(&reference));
                let wide = by_length::<i128>(&values);
                let wide_tiled = tiled::<i128, 6, 9, 12>(&values);
                prop_assert_eq!((wide_tiled[0], wide_tiled[1]), (wide[0], wide[1]));
            }
        }
    }

    proptest! {
        // Long rows (past one 1024-cell tile) are slow in debug builds.
        #![proptest_config(ProptestConfig::with_cases(24))]

        #[test]
        fn dispatched_kernel_matches_portable(
            values in prop::collection::vec(-1_000_000i64..1_000_000, 0..2600),
        ) {
            let game = PredictTheWinner::new(values);
            prop_assert_eq!(solve(&game, CAP).unwrap(), solve_portable(&game, CAP).unwrap());
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn every_x86_kernel_this_cpu_has_matches_the_reference() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for n in [2usize, 3, 7, 64, 1023, 1024, 1025, 2100, 5000] {
            let a: Vec<i64> = (0..n)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    (x % 2_000_001) as i64 - 1_000_000
                })
                .collect();
            let reference = by_length::<i64>(&a);
            let expected = (reference[0], reference.get(1).copied());
            let check =
                |row: Vec<i64>| assert_eq!((row[0], row.get(1).copied()), expected, "n = {n}");
            if std::arch::is_x86_feature_detected!("avx2") {
                let mut row = a.clone();
                // SAFETY: AVX2 is available, checked just above.
                unsafe { x86::advance_avx2(&a, &mut row, 2..n, Deadline::NEVER) }.unwrap();
                check(row);
            }
            if std::arch::is_x86_feature_detected!("avx512f") {
                let mut row = a.clone();
                // SAFETY: AVX-512F is available, checked just above.
                unsafe { x86::advance_avx512(&a, &mut row, 2..n, Deadline::NEVER) }.unwrap();
                check(row);
            }
            let mut row = a.clone();
            advance::<i64, 1>(&a, &mut row, 2..n, Deadline::NEVER).unwrap();
            check(row);
        }
    }
}
