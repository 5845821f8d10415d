//! Helpers shared by the command-line tests (`tests/cli*.rs`,
//! `tests/play_input.rs`): the real `gamesolve` binary with its exit code and
//! output, the JSON contract's shapes, and the instances several commands
//! answer.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::time::Duration;

use assert_cmd::Command;
use gamesolve::Backend;
use serde_json::Value;

pub fn gamesolve() -> Command {
    let mut command = assert_cmd::cargo::cargo_bin_cmd!("gamesolve");
    // A regression that hangs fails instead of blocking the suite.
    command.timeout(Duration::from_secs(60));
    command
}

/// Runs with `args` and `stdin`; returns (exit code, stdout, stderr).
pub fn run_with_stdin(args: &[&str], stdin: impl Into<Vec<u8>>) -> (i32, String, String) {
    let output = gamesolve().args(args).write_stdin(stdin).output().unwrap();
    (
        output
            .status
            .code()
            .expect("exited normally, not by a signal or the timeout"),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// Runs with `args` and returns (exit code, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    run_with_stdin(args, "")
}

/// Runs a command that must succeed with `--json` output, and parses it.
pub fn json_ok(args: &[&str]) -> Value {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, 0, "{args:?}: stderr {stderr}");
    assert_eq!(stdout.lines().count(), 1, "one JSON line: {stdout}");
    serde_json::from_str(&stdout).unwrap()
}

pub fn keys(value: &Value) -> BTreeSet<&str> {
    value
        .as_object()
        .expect("a JSON object")
        .keys()
        .map(String::as_str)
        .collect()
}

pub fn set(list: &[&'static str]) -> BTreeSet<&'static str> {
    list.iter().copied().collect()
}

pub const STATS_KEYS: [&str; 6] = [
    "positions",
    "memo_hits",
    "states",
    "table_cells",
    "table_bytes",
    "max_depth",
];

pub fn assert_stats_object(stats: &Value) {
    assert_eq!(keys(stats), set(&STATS_KEYS), "{stats}");
    for key in STATS_KEYS {
        assert!(stats[key].is_u64(), "stats.{key} is a count: {stats}");
    }
}

pub fn available() -> Vec<&'static str> {
    Backend::available().map(Backend::name).collect()
}

/// The backends of this build with an algorithm for Can I Win (`reduction` has none).
pub fn can_i_win_backends() -> Vec<&'static str> {
    Backend::available()
        .filter(|b| !b.variants::<gamesolve::CanIWin>().is_empty())
        .map(Backend::name)
        .collect()
}

/// The backends of this build with an algorithm for Predict the Winner.
pub fn predict_the_winner_backends() -> Vec<&'static str> {
    Backend::available()
        .filter(|b| !b.variants::<gamesolve::PredictTheWinner>().is_empty())
        .map(Backend::name)
        .collect()
}

/// Whether this build has `backend` (CI also runs single-backend builds).
pub fn has(backend: &str) -> bool {
    gamesolve::Backend::available().any(|b| b.name() == backend)
}

/// A backend this build has, for `explain`.
pub fn some_backend() -> &'static str {
    gamesolve::Backend::available()
        .next()
        .map(gamesolve::Backend::name)
        .unwrap()
}

pub fn bin() -> &'static std::path::Path {
    assert_cmd::cargo::cargo_bin!("gamesolve")
}

pub fn batch_lines(input: impl Into<Vec<u8>>) -> (i32, Vec<Value>) {
    let (code, stdout, stderr) = run_with_stdin(&["batch"], input);
    assert!(!stderr.contains("panicked"), "{stderr}");
    let lines = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (code, lines)
}

// ---------------------------------------------------------------------------
// instances that several commands answer

/// (N, T, outcome, best_move, human headline start). LeetCode 464 examples
/// and the three settled cases.
pub const CAN_I_WIN_CASES: &[(u32, u64, &str, Option<u64>, &str)] = &[
    (10, 11, "second", None, "Second player wins"),
    (10, 0, "first", None, "First player wins without moving"),
    (10, 1, "first", Some(1), "First player wins: take 1"),
    (12, 40, "first", Some(1), "First player wins: take 1"),
    (
        10,
        56,
        "draw",
        None,
        "Draw: nobody can reach 56 (the pool sums to 55)",
    ),
    (
        5,
        15,
        "first",
        Some(1),
        "First player wins: take 1 (any first move wins",
    ),
    (
        4,
        10,
        "second",
        None,
        "Second player wins (whatever anyone takes",
    ),
    (3, 4, "second", None, "Second player wins"),
    (4, 8, "first", Some(3), "First player wins: take 3"),
];

/// (values, outcome, margin, first, second, best move, headline start).
pub type PtwCase = (
    &'static [i64],
    &'static str,
    i64,
    i64,
    i64,
    Option<&'static str>,
    &'static str,
);
pub const PTW_CASES: &[PtwCase] = &[
    (
        &[1, 5, 2],
        "second",
        -2,
        3,
        5,
        Some("left"),
        "Second player wins by 2",
    ),
    (
        &[1, 5, 233, 7],
        "first",
        222,
        234,
        12,
        Some("left"),
        "First player wins by 222: take the left end (1)",
    ),
    (
        &[],
        "draw",
        0,
        0,
        0,
        None,
        "Draw: there are no values to take",
    ),
    (
        &[7],
        "first",
        7,
        7,
        0,
        Some("left"),
        "First player wins by 7",
    ),
    (
        &[1, 2],
        "first",
        1,
        2,
        1,
        Some("right"),
        "First player wins by 1: take the right end (2)",
    ),
    (
        &[3, 3],
        "draw",
        0,
        3,
        3,
        Some("left"),
        "Draw: both players score 3",
    ),
    (
        &[-3, 5, -2],
        "second",
        -10,
        -5,
        5,
        Some("left"),
        "Second player wins by 10",
    ),
];

pub fn ptw_args(values: &[i64]) -> Vec<String> {
    let mut args = vec!["predict-the-winner".to_owned()];
    args.extend(values.iter().map(i64::to_string));
    args
}
