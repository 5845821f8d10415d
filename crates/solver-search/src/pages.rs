//! Large tables read at random places: the hint to the system that a table should be mapped
//! in 2 MiB pages rather than 4 KiB ones, and the hint to the processor to fetch a bucket's
//! cache line ahead of its read ([`prefetch`]).
//!
//! A search that probes a table of tens of MiB at random (`memo/bounded`'s transposition
//! table) pays on 4 KiB pages a TLB miss on almost every probe, a page walk that costs more
//! than the probe itself on a virtual machine. Linux's transparent huge pages, when the
//! system leaves them to each program (`/sys/kernel/mm/transparent_hugepage/enabled` set to
//! `madvise`, a common default), are given only to memory the program marks with
//! `madvise(MADV_HUGEPAGE)`. Elsewhere (another system, or THP off) the hint does nothing.
//!
//! # Complexity
//!
//! One system call per table made; no memory beyond the table's (a huge page is backed only
//! when the table's memory there is first written, as a 4 KiB one would be).

/// The size of a huge page the hint asks for, and the least table worth the hint.
pub const HUGE_PAGE_BYTES: usize = 2 << 20;

/// Asks the system to back the whole 2 MiB pages of `count` values of `T` from `start` (a
/// buffer the caller owns, written or not) with huge pages. A hint: nothing happens when the
/// buffer is smaller than two huge pages, or on a system without the call; an error is ignored
/// (the table works the same on small pages).
pub fn advise_huge_pages<T>(start: *const T, count: usize) {
    let bytes = count.saturating_mul(std::mem::size_of::<T>());
    if bytes < 2 * HUGE_PAGE_BYTES {
        return;
    }
    let begin = start as usize;
    let low = begin.next_multiple_of(HUGE_PAGE_BYTES);
    let high = begin.saturating_add(bytes) / HUGE_PAGE_BYTES * HUGE_PAGE_BYTES;
    if high > low {
        advise(low, high - low);
    }
}

#[cfg(target_os = "linux")]
fn advise(at: usize, bytes: usize) {
    // SAFETY: MADV_HUGEPAGE changes how the range is backed, never its contents; the range
    // lies inside a buffer the caller owns (whole pages of it, so page-aligned).
    let _ = unsafe { libc::madvise(at as *mut libc::c_void, bytes, libc::MADV_HUGEPAGE) };
}

#[cfg(not(target_os = "linux"))]
fn advise(_at: usize, _bytes: usize) {}

/// Asks the processor to bring the cache line of `place` in ahead of its read (a table's
/// bucket, while the caller does other work): a hint that reads nothing and cannot fault; on
/// a processor without the instruction it does nothing.
#[inline(always)]
pub fn prefetch<T>(place: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE is part of every x86_64 processor; a prefetch reads nothing and never
    // faults, and `place` is a live reference.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            std::ptr::from_ref(place).cast(),
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = place;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hint leaves a buffer's contents alone, large or small.
    #[test]
    fn the_hint_keeps_the_contents() {
        let mut big = vec![7u64; 3 * HUGE_PAGE_BYTES / 8 + 5];
        advise_huge_pages(big.as_ptr(), big.len());
        big[HUGE_PAGE_BYTES / 8] += 1;
        assert_eq!(
            big.iter().map(|&x| x as usize).sum::<usize>(),
            7 * big.len() + 1
        );
        let small = [1u8; 100];
        advise_huge_pages(small.as_ptr(), small.len());
        assert_eq!(small.iter().map(|&x| usize::from(x)).sum::<usize>(), 100);
    }
}
