//! Issue 12, item 5: `--time-limit DURATION` on every solving command, `compare`, `analyze`,
//! `explain`, `play` and per line in `batch`. Past the limit the answer is `cannot_answer`
//! (exit 1) with a reason that names the limit; a bad duration is a usage error (exit 2).
//!
//! Each test gives a limit far below what its job needs (a search of seconds or minutes
//! against a limit of a tenth of a second), so none depends on the machine's speed; none
//! asserts how long anything took.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::cli::*;

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

/// Runs the binary with `args`; returns (exit code, stdout, stderr, the most memory it held
/// at once in KiB: its maximum resident set size, from `wait4`, for this child alone).
#[cfg(target_os = "linux")]
fn run_measured(args: &[&str]) -> (i32, String, String, u64) {
    use std::io::{Read, Seek};
    let mut stdout = tempfile::tempfile().unwrap();
    let mut stderr = tempfile::tempfile().unwrap();
    // Reaped by `wait4` below, which `Child::wait` cannot replace: it gives the usage.
    #[allow(clippy::zombie_processes)]
    let child = std::process::Command::new(bin())
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(stdout.try_clone().unwrap())
        .stderr(stderr.try_clone().unwrap())
        .spawn()
        .unwrap();
    let pid = libc::pid_t::try_from(child.id()).unwrap();
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is a valid value of the plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our own child, not waited for yet; both pointers are to live locals.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4: {}", std::io::Error::last_os_error());
    assert!(libc::WIFEXITED(status), "exited normally, not by a signal");
    let read = |file: &mut std::fs::File| {
        let mut text = String::new();
        file.rewind().unwrap();
        file.read_to_string(&mut text).unwrap();
        text
    };
    let (out, err) = (read(&mut stdout), read(&mut stderr));
    (
        libc::WEXITSTATUS(status),
        out,
        err,
        u64::try_from(usage.ru_maxrss).unwrap(),
    )
}

/// Issue 23, item 5: `analyze can-i-win 30 300 --time-limit 1ms` zeroed its whole dense memo
/// (1 GiB, 2^30 one-byte codes) before the search first read the clock, so it held 1 GB and
/// took half a second to say it had reached its limit of 1ms. The memo is now zeroed by the
/// allocator: the pages the search never reached are never touched.
///
/// A child's peak resident size counts what its parent held when it was spawned (Linux keeps
/// the high-water mark across `exec`), and this test binary holds the other tests' tables: the
/// measure runs in a fresh process of this binary (`MEASURE_CHILD` set), whose own child is
/// then measured alone.
#[cfg(target_os = "linux")]
#[test]
fn analyze_at_its_time_limit_has_not_zeroed_its_whole_memo() {
    const MEASURE_CHILD: &str = "GAMESOLVE_MEASURE_CHILD";
    if std::env::var_os(MEASURE_CHILD).is_none() {
        let output = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "cli_time_limit::analyze_at_its_time_limit_has_not_zeroed_its_whole_memo",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(MEASURE_CHILD, "1")
            .output()
            .unwrap();
        let (stdout, stderr) = (
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr),
        );
        assert!(output.status.success(), "{stdout}\n{stderr}");
        assert!(stdout.contains("1 passed"), "{stdout}\n{stderr}");
        return;
    }
    let (code, out, err, max_rss_kib) =
        run_measured(&["analyze", "can-i-win", "30", "300", "--time-limit", "1ms"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains(
            "the `analyze` command gave up on can-i-win: it reached its time limit of 1ms"
        ),
        "{err}"
    );
    // 1 GiB zeroed is 1,048,576 KiB resident; the program and the few pages the search
    // touched before its limit are a few MiB.
    assert!(
        max_rss_kib < 256 * 1024,
        "{max_rss_kib} KiB resident at once"
    );
}

/// Issue 23, item 5: the analysis of a row too long for its decision triangle falls back on
/// the linear-time reduction, which ignored the time limit: 10^7 values answered (exit 0)
/// after 0.26 s with a limit of 20ms. The reduction's passes now read the same deadline.
#[test]
fn analyze_predict_the_winner_on_a_long_row_stops_at_its_time_limit() {
    if !has("reduction") {
        eprintln!("skipped: needs backend `reduction`");
        return;
    }
    use std::io::Write;
    // 4,000,000 values: two passes of the reduction, tens of milliseconds; 1ms allowed.
    let mut file = tempfile::NamedTempFile::new().unwrap();
    let mut text = String::new();
    for k in 0..4_000_000u64 {
        text.push_str(&(k * 7919 % 1000 + 1).to_string());
        text.push('\n');
    }
    file.write_all(text.as_bytes()).unwrap();
    let path = file.path().to_str().unwrap();
    let (code, out, err) = run(&[
        "analyze",
        "predict-the-winner",
        "--file",
        path,
        "--time-limit",
        "1ms",
        "--json",
    ]);
    assert_eq!(code, 1, "{out}{err}");
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(value["kind"], "cannot_answer", "{value}");
    assert!(
        value["error"].as_str().unwrap().contains(
            "the `analyze` command gave up on predict-the-winner: it reached its time limit of 1ms"
        ),
        "{value}"
    );
}
