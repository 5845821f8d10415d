//! Issue 12, item 5: `--time-limit DURATION` on every solving command, `compare`, `analyze`,
//! `explain`, `play` and per line in `batch`. Past the limit the answer is `cannot_answer`
//! (exit 1) with a reason that names the limit; a bad duration is a usage error (exit 2).
//!
//! Each test gives a limit far below what its job needs (a search of seconds or minutes
//! against a limit of a tenth of a second), so none depends on the machine's speed; none
//! asserts how long anything took.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::cli::*;

/// Can I Win with 22 integers and T = 200: plain backtracking needs far more than 10^9
/// positions (minutes), so a budget this large leaves only the clock to stop it.
const SLOW_FOR_RECURSIVE: [&str; 2] = ["22", "200"];
const HUGE_BUDGET: &str = "1000000000000";

#[test]
fn a_solve_past_its_time_limit_is_cannot_answer_naming_the_limit() {
    if !has("recursive") {
        eprintln!("skipped: needs backend `recursive`");
        return;
    }
    let mut args = vec!["can-i-win"];
    args.extend(SLOW_FOR_RECURSIVE);
    args.extend([
        "--backend",
        "recursive",
        "--node-budget",
        HUGE_BUDGET,
        "--time-limit",
        "100ms",
    ]);
    let (code, out, err) = run(&args);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains(
            "backend `recursive` gave up on can-i-win: it reached its time limit of 100ms"
        ),
        "{err}"
    );

    args.push("--json");
    let (code, out, _) = run(&args);
    assert_eq!(code, 1);
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(value["kind"], "cannot_answer");
    assert!(
        value["error"]
            .as_str()
            .unwrap()
            .contains("time limit of 100ms"),
        "{value}"
    );
}

#[test]
fn predict_the_winner_stops_at_its_time_limit() {
    if !has("recursive") {
        eprintln!("skipped: needs backend `recursive`");
        return;
    }
    // 40 values: 2^40 calls of plain recursion, hours.
    let values: Vec<String> = (1..=40).map(|k| (k * 37 % 101).to_string()).collect();
    let mut args = vec![
        "predict-the-winner",
        "--backend",
        "recursive",
        "--node-budget",
        "18446744073709551615",
        "--time-limit",
        "150ms",
        "--json",
        "--",
    ];
    args.extend(values.iter().map(String::as_str));
    let (code, out, err) = run(&args);
    assert_eq!(code, 1, "{out}{err}");
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(value["kind"], "cannot_answer", "{value}");
    assert!(
        value["error"]
            .as_str()
            .unwrap()
            .contains("time limit of 150ms"),
        "{value}"
    );
}

#[test]
fn a_generous_limit_changes_no_answer() {
    let (code, out, err) = run(&["can-i-win", "10", "11", "--time-limit", "1m", "--json"]);
    assert_eq!(code, 0, "{err}");
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(value["can_i_win"], false);
    let (code, out, _) = run(&[
        "predict-the-winner",
        "1",
        "5",
        "233",
        "7",
        "--time-limit",
        "10s",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("\"margin\":222"), "{out}");
}

#[test]
fn analyze_and_all_totals_stop_at_their_time_limit() {
    // The remoteness search of n = 27, T = 300 takes about a minute.
    let (code, out, err) = run(&["analyze", "can-i-win", "27", "300", "--time-limit", "200ms"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains(
            "the `analyze` command gave up on can-i-win: it reached its time limit of 200ms"
        ),
        "{err}"
    );
    // Every total of n = 26: seconds of work, a millisecond allowed.
    let (code, out, err) = run(&[
        "can-i-win",
        "26",
        "--all-totals",
        "--time-limit",
        "1ms",
        "--json",
    ]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("time limit of 1ms"), "{out}");
}

#[test]
fn each_batch_line_has_its_own_time_limit() {
    if !has("recursive") {
        eprintln!("skipped: needs backend `recursive`");
        return;
    }
    let input = "{\"game\":\"can-i-win\",\"max_choosable\":22,\"desired_total\":200}\n\
                 {\"game\":\"can-i-win\",\"max_choosable\":10,\"desired_total\":11}\n\
                 {\"game\":\"can-i-win\",\"max_choosable\":22,\"desired_total\":200}\n";
    let (code, out, _) = run_with_stdin(
        &[
            "batch",
            "--backend",
            "recursive",
            "--node-budget",
            HUGE_BUDGET,
            "--time-limit",
            "100ms",
        ],
        input,
    );
    assert_eq!(code, 1, "a line could not be answered: {out}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{out}");
    for slow in [&lines[0], &lines[2]] {
        assert_eq!(slow["kind"], "cannot_answer", "{slow}");
        assert!(slow["error"]
            .as_str()
            .unwrap()
            .contains("time limit of 100ms"));
    }
    // The line between them is answered: the limit is per line, not for the whole batch.
    assert_eq!(lines[1]["can_i_win"], false, "{}", lines[1]);
}

#[test]
fn compare_and_explain_take_the_limit_too() {
    if !has("recursive") {
        eprintln!("skipped: needs backend `recursive`");
        return;
    }
    let mut args = vec!["compare", "can-i-win"];
    args.extend(SLOW_FOR_RECURSIVE);
    args.extend([
        "--node-budget",
        HUGE_BUDGET,
        "--time-limit",
        "100ms",
        "--json",
    ]);
    let (_, out, err) = run(&args);
    // The `recursive` row gave up at the limit; the others answered within it.
    assert!(out.contains("time limit of 100ms"), "{out}{err}");

    let mut args = vec!["explain", "can-i-win"];
    args.extend(SLOW_FOR_RECURSIVE);
    args.extend([
        "--backend",
        "recursive",
        "--node-budget",
        HUGE_BUDGET,
        "--time-limit",
        "100ms",
    ]);
    let (code, out, err) = run(&args);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("time limit of 100ms"), "{err}");
}

#[test]
fn a_bad_duration_is_a_usage_error_that_says_what_works() {
    // `--time-limit=-1s`: a value starting with `-` must be attached to its flag.
    for (flag, why) in [
        ("--time-limit=0s", "it is zero"),
        ("--time-limit=2", "time unit needed"),
        ("--time-limit=soon", "expected a duration"),
        ("--time-limit=-1s", "it is negative"),
    ] {
        let (code, out, err) = run(&["can-i-win", "10", "11", flag]);
        assert_eq!(code, 2, "{flag}: {out}{err}");
        assert!(err.contains("--time-limit"), "{err}");
        assert!(err.contains(why), "{flag}: {err}");
        assert!(err.contains("e.g. 500ms, 2s or 1m 30s"), "{err}");
    }
}

#[test]
fn help_describes_the_time_limit() {
    for command in [
        vec!["can-i-win", "--help"],
        vec!["predict-the-winner", "--help"],
        vec!["compare", "--help"],
        vec!["batch", "--help"],
        vec!["explain", "can-i-win", "--help"],
        vec!["analyze", "can-i-win", "--help"],
    ] {
        let (code, out, _) = run(&command);
        assert_eq!(code, 0);
        assert!(
            out.contains("--time-limit <DURATION>"),
            "{command:?}: {out}"
        );
    }
}
