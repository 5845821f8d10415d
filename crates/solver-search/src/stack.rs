//! Deep recursion on fresh stack segments, where a segment the system refuses is an error
//! the caller can return, not a panic.
//!
//! The recursive searches (`recursive/negamax`, `memo`'s interval table and hash-map, the
//! generic analysis) recurse as deep as the game is long: 10,000 values deep for a
//! 10,000-value row. They run on [`stacker`], which maps a new stack segment when the current
//! one runs low. When the system refuses that mapping (a process memory limit such as
//! `ulimit -v` or `prlimit --as`, or no free memory), `stacker` panics. [`maybe_grow`] asks
//! the system for the segment first and returns [`StackRefused`] when it is refused, so a
//! library caller gets an [`Error::StackRefused`] like any other
//! refused allocation; should the system refuse `stacker`'s own mapping right after (another
//! thread took the memory in between), that one panic is caught here and returned the same
//! way (the default panic hook still prints it).
//!
//! We keep `stacker` (a well-kept crate: the stack switching is platform assembly) and add
//! only the check around it: it has no fallible entry point.
//!
//! ```
//! use solver_search::stack::{maybe_grow, StackRefused};
//!
//! /// The depth of a chain of `n` calls, each on a segment when the stack runs low.
//! fn depth(n: u64) -> Result<u64, StackRefused> {
//!     if n == 0 {
//!         return Ok(0);
//!     }
//!     Ok(1 + maybe_grow(64 * 1024, 1024 * 1024, || depth(n - 1))??)
//! }
//! assert_eq!(depth(100_000), Ok(100_000));
//! ```
//!
//! # Cost
//!
//! When the stack has room, one comparison of the stack pointer with the limit, as
//! `stacker::maybe_grow`. When a segment is needed (once per `segment_bytes` of recursion),
//! one extra `mmap` and `munmap` of the segment's size on Linux, next to the `mmap` that
//! `stacker` makes anyway.

use core_types::error::Hint;
use std::panic::{self, AssertUnwindSafe};

use core_types::Error;

/// The system refused the memory of a new stack segment of `segment_bytes` bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the system refused the {segment_bytes} bytes of a new stack segment")]
pub struct StackRefused {
    /// The size of the segment asked for.
    pub segment_bytes: usize,
}

impl StackRefused {
    /// The error a backend returns for it: [`Error::StackRefused`]
    /// naming the backend, the game and `hint` (empty or starting with `"; "`).
    pub fn error(self, backend: &'static str, game: &'static str, hint: Hint) -> Error {
        Error::StackRefused {
            backend,
            game,
            segment_bytes: self.segment_bytes as u64,
            hint,
        }
    }
}

/// Runs `f` on the current stack when at least `red_zone` bytes of it are left, otherwise on
/// a new segment of `segment_bytes` bytes; [`StackRefused`] when the system refuses that
/// segment (`f` is then not run).
///
/// A panic of `f` itself goes on unwinding. Inlined, as `stacker::maybe_grow` is: the check
/// is on the hot path of every recursive search, the growth is not.
#[inline(always)]
pub fn maybe_grow<R>(
    red_zone: usize,
    segment_bytes: usize,
    f: impl FnOnce() -> R,
) -> Result<R, StackRefused> {
    if stacker::remaining_stack().is_some_and(|left| left >= red_zone) {
        Ok(f())
    } else {
        grow(segment_bytes, f)
    }
}

/// [`maybe_grow`] for a fallible `f`: its `Result` is returned as it is, and a refused
/// segment becomes the error `refused` makes of it. For recursive searches that return
/// `Result` at every level: no second `Result` to unwrap on the hot path.
///
/// ```
/// use solver_search::stack::{maybe_grow_fallible, StackRefused};
///
/// fn depth(n: u64) -> Result<u64, String> {
///     if n == 0 {
///         return Ok(0);
///     }
///     let refused = |r: StackRefused| r.to_string();
///     Ok(1 + maybe_grow_fallible(64 * 1024, 1024 * 1024, refused, || depth(n - 1))?)
/// }
/// assert_eq!(depth(100_000), Ok(100_000));
/// ```
#[inline(always)]
pub fn maybe_grow_fallible<T, E>(
    red_zone: usize,
    segment_bytes: usize,
    refused: impl FnOnce(StackRefused) -> E,
    f: impl FnOnce() -> Result<T, E>,
) -> Result<T, E> {
    if needs_segment(red_zone) {
        grow_fallible(segment_bytes, refused, f)
    } else {
        f()
    }
}

/// Whether less than `red_zone` bytes of the current stack are left, so that
/// [`maybe_grow`] would run its callback on a new segment: for a search that counts the
/// segments it grows against a memory cap, and refuses one before it is mapped. Then
/// [`grow_fallible`] runs the callback on the segment.
///
/// ```
/// use solver_search::stack::{grow_fallible, needs_segment, segment_mapping_bytes, StackRefused};
///
/// /// The depth of a chain of `n` calls, and the most segment bytes mapped at once.
/// fn depth(n: u64, mapped: &mut u64, peak: &mut u64) -> Result<u64, StackRefused> {
///     if n == 0 {
///         return Ok(0);
///     }
///     if !needs_segment(64 * 1024) {
///         return Ok(1 + depth(n - 1, mapped, peak)?);
///     }
///     *mapped += segment_mapping_bytes(1 << 20);
///     *peak = (*peak).max(*mapped);
///     let below = grow_fallible(1 << 20, |r| r, || depth(n - 1, mapped, peak));
///     *mapped -= segment_mapping_bytes(1 << 20);
///     Ok(1 + below?)
/// }
/// let (mut mapped, mut peak) = (0, 0);
/// assert_eq!(depth(100_000, &mut mapped, &mut peak), Ok(100_000));
/// assert_eq!(mapped, 0);
/// assert!(peak >= segment_mapping_bytes(1 << 20));
/// ```
#[inline(always)]
pub fn needs_segment(red_zone: usize) -> bool {
    stacker::remaining_stack().is_none_or(|left| left < red_zone)
}

/// The lowest address the current stack may reach with `red_zone` bytes still left below it,
/// read once (a call into `stacker`), so that a recursion checks its depth by one comparison
/// ([`below_floor`]) rather than a call per check. `usize::MAX` when the stack's limit is
/// unknown: every check then says a segment is needed, as [`needs_segment`] does. Valid on the
/// stack (or segment) it was read on: a search reads it again on each new segment. It assumes
/// a stack that grows down, as on x86, ARM and RISC-V.
///
/// ```
/// use solver_search::stack::{below_floor, floor};
///
/// let floor = floor(64 * 1024);
/// assert!(!below_floor(floor));
/// ```
#[inline]
pub fn floor(red_zone: usize) -> usize {
    match stacker::remaining_stack() {
        Some(left) => stack_address()
            .saturating_sub(left)
            .saturating_add(red_zone),
        None => usize::MAX,
    }
}

/// Whether the stack is below `floor` ([`floor`]): time for a new segment. One comparison of
/// an address in the caller's frame.
#[inline(always)]
pub fn below_floor(floor: usize) -> bool {
    stack_address() < floor
}

/// An address in the caller's frame: that of a byte kept on its stack. (Its address alone,
/// without `black_box`, is one instruction less for `recursive/negamax` but changes the
/// code around it: Predict the Winner's `memo/indexed` took 647 M instructions a solve
/// against 629 M.)
#[inline(always)]
fn stack_address() -> usize {
    let marker = 0u8;
    std::ptr::from_ref(std::hint::black_box(&marker)) as usize
}

/// Runs `f` on a new stack segment of `segment_bytes` bytes (whatever the stack has left: ask
/// [`needs_segment`] first); a refused segment becomes the error `refused` makes of it, as in
/// [`maybe_grow_fallible`].
#[cold]
#[inline(never)]
pub fn grow_fallible<T, E>(
    segment_bytes: usize,
    refused: impl FnOnce(StackRefused) -> E,
    f: impl FnOnce() -> Result<T, E>,
) -> Result<T, E> {
    grow(segment_bytes, f).unwrap_or_else(|r| Err(refused(r)))
}

/// Bytes the system maps for a segment of `segment_bytes` bytes: the segment rounded up to
/// whole pages and the two guard pages `stacker` adds. What a search counts against its memory
/// cap per segment it grows.
pub fn segment_mapping_bytes(segment_bytes: usize) -> u64 {
    mapping_bytes(segment_bytes).map_or(u64::MAX, |bytes| bytes as u64)
}

/// The page size of the system.
#[cfg(target_os = "linux")]
fn page_bytes() -> usize {
    // SAFETY: sysconf reads a constant of the system.
    usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) })
        .unwrap_or(4096)
        .max(1)
}

/// The page size of the system.
#[cfg(not(target_os = "linux"))]
fn page_bytes() -> usize {
    4096
}

/// The segment rounded up to whole pages, plus two guard pages; `None` past `usize`.
fn mapping_bytes(segment_bytes: usize) -> Option<usize> {
    let page = page_bytes();
    segment_bytes
        .checked_next_multiple_of(page)
        .and_then(|b| b.checked_add(2 * page))
}

/// Runs `f` on a new segment of `segment_bytes` bytes, or [`StackRefused`].
#[cold]
#[inline(never)]
fn grow<R>(segment_bytes: usize, f: impl FnOnce() -> R) -> Result<R, StackRefused> {
    let refused = StackRefused { segment_bytes };
    if !segment_available(segment_bytes) {
        return Err(refused);
    }
    // `stacker::grow` panics only before it switches stacks, when its mapping is refused: a
    // panic while this thread is still setting the segment up (the callback has not started)
    // is that refusal; the callback's own panics are resumed.
    let mut result = None;
    SETTING_UP.set(true);
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
        stacker::grow(segment_bytes, || {
            SETTING_UP.set(false);
            result = Some(f());
        });
    }));
    let refused_by_stacker = SETTING_UP.replace(false);
    match outcome {
        Ok(()) => result.ok_or(refused),
        Err(_) if refused_by_stacker => Err(refused),
        Err(payload) => panic::resume_unwind(payload),
    }
}

thread_local! {
    /// Whether this thread is in `stacker::grow` before its callback started: mapping a
    /// segment, which panics only when the system refuses it.
    static SETTING_UP: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether a panic being raised on this thread now is `stacker`'s refusal of a segment (its
/// `mmap`, or the `mprotect` that makes it writable): it was raised while [`maybe_grow`] was setting
/// a segment up, before the callback started. For a panic hook, which runs before the panic
/// unwinds to [`maybe_grow`] (which then reports [`StackRefused`]).
pub fn is_stack_refusal() -> bool {
    SETTING_UP.get()
}

/// Whether the system grants a writable private mapping of `segment_bytes` bytes plus the two
/// guard pages `stacker` adds: the mapping `stacker` is about to make, made and unmapped.
#[cfg(target_os = "linux")]
fn segment_available(segment_bytes: usize) -> bool {
    let Some(bytes) = mapping_bytes(segment_bytes) else {
        return false;
    };
    // SAFETY: a fresh anonymous mapping at an address the system picks touches no memory of
    // ours; it is unmapped at once with the address and length it was made with.
    unsafe {
        let mapping = libc::mmap(
            std::ptr::null_mut(),
            bytes,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        );
        if mapping == libc::MAP_FAILED {
            return false;
        }
        libc::munmap(mapping, bytes);
    }
    true
}

/// Off Linux the segment is not checked first; a refusal is still caught from `stacker`'s panic.
#[cfg(not(target_os = "linux"))]
fn segment_available(_segment_bytes: usize) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth(n: u64) -> Result<u64, StackRefused> {
        if n == 0 {
            return Ok(0);
        }
        Ok(1 + maybe_grow(32 * 1024, 256 * 1024, || depth(n - 1))??)
    }

    #[test]
    fn deep_recursion_runs_on_segments() {
        assert_eq!(depth(200_000), Ok(200_000));
    }

    #[test]
    fn a_panic_of_the_callback_goes_on_unwinding() {
        let caught = panic::catch_unwind(|| {
            // A zero red zone is never met by a stack with no room: use a huge one to force
            // a segment, then panic on it.
            let _ = maybe_grow(usize::MAX, 64 * 1024, || panic!("a bug in the callback"));
        });
        let _ = caught.expect_err("the callback's panic unwinds");
        assert!(!is_stack_refusal());
    }

    #[test]
    fn a_panic_while_setting_a_segment_up_is_a_refusal() {
        // What `grow` sees when `stacker` panics before the callback starts.
        SETTING_UP.set(true);
        let seen = panic::catch_unwind(|| {
            assert!(is_stack_refusal(), "a hook sees the refusal");
            panic!("mmap failed to allocate stack")
        });
        assert!(seen.is_err() && SETTING_UP.replace(false));
        assert!(!is_stack_refusal());
    }

    #[test]
    fn an_impossible_segment_is_refused_without_a_panic() {
        // No system maps (almost) the whole address space.
        let huge = usize::MAX / 2;
        assert_eq!(
            maybe_grow(usize::MAX, huge, || 1),
            Err(StackRefused {
                segment_bytes: huge
            })
        );
    }
}
