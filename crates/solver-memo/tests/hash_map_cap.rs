//! Issue 23, item 4: `memo/hash-map` counted a flat `2 × (slot + 1)` bytes per entry against
//! the memory cap, not the tables `hashbrown` allocates: while the map doubles, its old and new
//! tables are both held, so `can-i-win 26 250 --memory-cap 1GiB` peaked at 1.64 GB. Nor did it
//! count the stack segments of its recursion. These tests count the bytes the search really
//! allocates (a counting global allocator; one test per file binary so no other test's
//! allocations mix in) and the stack segments it maps.
#![allow(clippy::unwrap_used)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use core_types::{CanIWin, Error, ErrorKind, Game, Outcome, Solver, SolverConfig, Verdict};
use solver_memo::hash_map::HashMemo;

/// The system allocator, counting the bytes live now and the most live at once.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to `System` unchanged; only counters are updated beside.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, forwarded.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, forwarded.
        let ptr = unsafe { System.alloc_zeroed(layout) };
        if !ptr.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract, forwarded.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract, forwarded.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            let live = LIVE.fetch_add(new_size, Ordering::Relaxed) + new_size;
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        new
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The most bytes live at once while `f` runs, above what was live when it started.
fn peak_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let result = f();
    (result, PEAK.load(Ordering::Relaxed) - before)
}

/// A pile of `n` counters, each move takes one or two; whoever takes the last wins. The search
/// is `n` calls deep and stores `n` positions: a deep search with a small map.
#[derive(Clone, Debug)]
struct TakeOneOrTwo(u32);

impl Game for TakeOneOrTwo {
    const NAME: &'static str = "take-one-or-two";
    type Position = u32;
    type Move = u32;
    type Value = Verdict;
    type Solution = Verdict;
    fn start(&self) -> u32 {
        self.0
    }
    fn terminal_value(&self, pile: u32) -> Option<Verdict> {
        // The player to move faces an empty pile: the other one took the last counter.
        (pile == 0).then_some(Verdict::Loss)
    }
    fn moves(&self, pile: u32) -> Vec<u32> {
        (1..=pile.min(2)).collect()
    }
    fn play(&self, pile: u32, take: u32) -> u32 {
        pile - take
    }
    fn solution(&self, value: Verdict, _best: Option<u32>) -> Verdict {
        value
    }
    fn outcome(&self, value: &Verdict) -> Outcome {
        value.outcome_for_first()
    }
    fn describe(&self) -> String {
        format!("take-one-or-two pile {}", self.0)
    }
    fn show_position(&self, pile: u32) -> String {
        format!("pile {pile}")
    }
    fn show_move(&self, _pile: u32, take: u32) -> String {
        format!("take {take}")
    }
}

fn capped(memory_cap_bytes: u64) -> HashMemo {
    HashMemo::from_config(&SolverConfig {
        memory_cap_bytes: Some(memory_cap_bytes),
        state_budget: Some(u64::MAX),
        ..SolverConfig::default()
    })
}

#[test]
fn the_hash_map_and_its_stack_stay_within_the_memory_cap() {
    // Can I Win, n = 20, T = 150: hundreds of thousands of positions, far more than 1 MiB of
    // map. Before, a cap of 1 MiB allowed 1 MiB / 34 bytes = 30,840 entries, so the table
    // doubled from 32,768 to 65,536 buckets of 17 bytes at 28,672 entries: 1.6 MB held at once.
    let game = CanIWin::new(20, 150).unwrap();
    for cap in [1u64 << 20, 3 << 20, 8 << 20] {
        let (result, peak) = peak_during(|| capped(cap).solve(&game));
        assert!(peak as u64 <= cap, "cap {cap}: {peak} bytes allocated");
        // The map was not refused early: its last growth used more than a third of the cap.
        assert!(
            peak as u64 > cap / 3,
            "cap {cap}: only {peak} bytes allocated"
        );
        let error = result.unwrap_err();
        assert!(
            matches!(
                error,
                Error::TableTooLarge { backend: "memo", parameter: "states", memory_cap_bytes, .. }
                    if memory_cap_bytes == cap
            ),
            "{error:?}"
        );
        assert_eq!(error.kind(), ErrorKind::CannotAnswer);
        assert!(
            error
                .to_string()
                .contains(&format!("more than the memory cap of {cap} bytes")),
            "{error}"
        );
    }

    // A search 99,999 calls deep stores 99,999 positions (under 2 MiB of map) but runs on
    // stack segments of 1 MiB: tens of them. Before, they were not counted, and the search
    // answered within a 4 MiB cap.
    let deep = TakeOneOrTwo(99_999);
    let error = capped(4 << 20).solve(&deep).unwrap_err();
    assert!(
        matches!(
            error,
            Error::TableTooLarge { backend: "memo", parameter: "depth", memory_cap_bytes, .. }
                if memory_cap_bytes == 4 << 20
        ),
        "{error:?}"
    );
    // With room for both, it answers: 99,999 is a multiple of 3, a loss for the first player.
    assert_eq!(capped(1 << 30).solve(&deep), Ok(Verdict::Loss));
}
