//! Bit helpers shared by every crate that walks Can I Win's used-sets (the backends, the
//! analysis, the teaching views), so none keeps its own copy.

/// The indices of the set bits of `mask`, ascending: bit `k` of a used-set is integer `k + 1`.
///
/// # Complexity
///
/// `O(popcount)`: one `trailing_zeros` per set bit.
///
/// ```
/// let bits: Vec<u32> = gamesolve::core_types::bits::set_bits(0b1010_0001).collect();
/// assert_eq!(bits, vec![0, 5, 7]);
/// ```
pub fn set_bits(mut mask: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let k = mask.trailing_zeros();
            mask &= mask - 1;
            k
        })
    })
}

/// The sums of every subset of the `bits` integers `first, first + 1, …, first + bits - 1`,
/// by index (bit `k` of the index stands for `first + k`): `sums[s]` is the sum of subset `s`.
///
/// # Complexity
///
/// `O(2^bits)` time and `8 · 2^bits` bytes: one addition per entry (each subset extends the
/// one without its lowest bit).
///
/// ```
/// let sums = gamesolve::core_types::bits::subset_sums(3, 10);
/// assert_eq!(sums, vec![0, 10, 11, 21, 12, 22, 23, 33]);
/// ```
pub fn subset_sums(bits: u32, first: u64) -> Vec<u64> {
    let mut sums = vec![0u64; 1usize << bits];
    for x in 1..sums.len() {
        let k = x.trailing_zeros();
        sums[x] = sums[x & (x - 1)] + first + u64::from(k);
    }
    sums
}

/// Asks Linux to back the 2 MiB-aligned part of a large, untouched array with transparent huge
/// pages (when the system enables them on request, `/sys/kernel/mm/transparent_hugepage/enabled`
/// = `madvise`): one page fault per 2 MiB instead of per 4 KiB, and far fewer TLB misses when a
/// kernel reads a table of hundreds of megabytes at strides (`tabular`) or at random (`memo`'s
/// sparse table). A refusal is ignored: the array works either way. Does nothing elsewhere.
///
/// ```
/// let mut table = vec![0u64; 1 << 20];
/// gamesolve::core_types::bits::advise_huge_pages(&mut table);
/// assert!(table.iter().all(|&w| w == 0));
/// ```
#[cfg(target_os = "linux")]
pub fn advise_huge_pages<T>(array: &mut [T]) {
    const HUGE_PAGE: usize = 2 << 20;
    let start = array.as_mut_ptr() as usize;
    let end = start + std::mem::size_of_val(array);
    let (first, last) = (
        start.next_multiple_of(HUGE_PAGE),
        end / HUGE_PAGE * HUGE_PAGE,
    );
    if last > first {
        // SAFETY: `first..last` lies inside the allocation `array` borrows mutably, and
        // MADV_HUGEPAGE changes only how the kernel backs those pages, never their contents.
        unsafe {
            libc::madvise(
                first as *mut libc::c_void,
                last - first,
                libc::MADV_HUGEPAGE,
            );
        }
    }
}

/// Does nothing off Linux; see the Linux version.
#[cfg(not(target_os = "linux"))]
pub fn advise_huge_pages<T>(_array: &mut [T]) {}
