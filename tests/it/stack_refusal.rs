//! Embedding the library under a process address-space limit: every recursive kernel (the
//! generic `recursive/negamax` and `memo/hash-map` on a user's game, `memo`'s interval table,
//! the generic analysis) answers a stack segment the system refuses with
//! `Error::StackRefused`, never a panic (issue 12, item 4, now for library callers too).
//!
//! The limit is set in a child process (this same test binary, run again with
//! `STACK_REFUSAL_CHILD` set), on a thread with a 128 KiB stack, so the recursion needs a
//! segment at once and the rest of the test binary keeps its memory.
#![cfg(target_os = "linux")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::subtraction_example as example;

use std::process::Command;

use example::Subtraction;
use gamesolve::analysis::{generic, AnalysisConfig};
use gamesolve::{
    core_types::{ErrorKind, SolverConfig},
    registry::BackendChoice,
    Error, Game, PredictTheWinner, Registered,
};

const CHILD: &str = "STACK_REFUSAL_CHILD";

/// The process's mapped bytes (`VmSize`).
fn mapped_bytes() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmSize:")).unwrap();
    let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kib * 1024
}

/// Limits the process to what it maps now and `slack` bytes more: less than one stack segment.
fn limit_address_space(slack: u64) {
    let limit = mapped_bytes() + slack;
    let rlimit = libc::rlimit {
        rlim_cur: limit,
        rlim_max: libc::RLIM_INFINITY,
    };
    // SAFETY: setrlimit reads the struct it is given.
    assert_eq!(unsafe { libc::setrlimit(libc::RLIMIT_AS, &rlimit) }, 0);
}

/// Lifts the limit again.
fn unlimit_address_space() {
    let rlimit = libc::rlimit {
        rlim_cur: libc::RLIM_INFINITY,
        rlim_max: libc::RLIM_INFINITY,
    };
    // SAFETY: as above.
    assert_eq!(unsafe { libc::setrlimit(libc::RLIMIT_AS, &rlimit) }, 0);
}

/// Solves `game` with `choice` under the limit; `None` when this build lacks the backend.
fn solve_limited<G: Registered>(choice: &str, game: &G) -> Option<Result<G::Solution, Error>> {
    let choice: BackendChoice = choice.parse().unwrap();
    if !choice.backend.is_available() {
        return None;
    }
    let mut solver = choice
        .solver_with::<G>(&SolverConfig::default())
        .expect("the variant solves this game");
    limit_address_space(512 << 10);
    let result = solver.solve(game);
    unlimit_address_space();
    Some(result)
}

fn assert_stack_refused<T: std::fmt::Debug>(what: &str, result: Result<T, Error>) {
    match result {
        Err(error @ Error::StackRefused { .. }) => {
            assert!(
                matches!(error.kind(), ErrorKind::CannotAnswer),
                "{what}: {error}"
            );
            let text = error.to_string();
            assert!(text.contains("stack segment"), "{what}: {text}");
            println!("{what}: {text}");
        }
        other => panic!("{what}: expected a refused stack segment, got {other:?}"),
    }
}

/// Runs in the child: every recursive kernel on a 128 KiB thread under the limit.
fn child() {
    let deep_pile = Subtraction { stones: 50_000 };
    let row = PredictTheWinner::new((0..300).map(|i| i * 7 % 13).collect());
    std::thread::Builder::new()
        .stack_size(128 << 10)
        .spawn(move || {
            // Warm the thread's allocator so the limit is measured after its arena exists.
            drop(vec![0u8; 1 << 10]);
            for choice in ["recursive/negamax", "memo/hash-map"] {
                if let Some(result) = solve_limited(choice, &deep_pile) {
                    assert_stack_refused(choice, result);
                }
            }
            if let Some(result) = solve_limited("memo/interval", &row) {
                assert_stack_refused("memo/interval", result);
            }
            limit_address_space(512 << 10);
            let analysis =
                generic::analyze(&deep_pile, deep_pile.start(), &AnalysisConfig::default());
            unlimit_address_space();
            assert_stack_refused("analysis", analysis);
        })
        .unwrap()
        .join()
        .unwrap();
    println!("every kernel refused as an error");
}

#[test]
fn every_recursive_kernel_answers_a_refused_stack_segment_with_an_error() {
    if std::env::var_os(CHILD).is_some() {
        child();
        return;
    }
    let output = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "stack_refusal::every_recursive_kernel_answers_a_refused_stack_segment_with_an_error",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, "1")
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("every kernel refused as an error"),
        "{stdout}\n{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}
