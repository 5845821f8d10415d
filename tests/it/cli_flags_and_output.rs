//! Integration tests of the `gamesolve` binary's flags and output streams
//! (issue 12): flags that would be ignored are refused, numeric flag errors
//! name the value and the range, `--dot -` writes to standard output, and a
//! closed standard output is an error. They drive the real binary; the
//! helpers are in `tests/it/common/cli.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::cli::*;
use std::process::{Command as StdCommand, Stdio};

// ---------------------------------------------------------------------------
// item 6: flags that were accepted and ignored are refused

#[test]
fn explain_refuses_view_flags_that_would_be_ignored() {
    for (args, named) in [
        (&["--max-dot-nodes", "5"][..], "--dot"),
        (&["--depth", "2", "--json"][..], "--depth"),
        (&["--max-lines", "9", "--json"][..], "--max-lines"),
        (&["-b", "tabular", "--depth", "2"][..], "--depth"),
    ] {
        // `--depth` on a table needs the table's backend in this build.
        if args.first() == Some(&"-b") && !has(args[1]) {
            continue;
        }
        let mut full = vec!["explain", "can-i-win", "5", "11"];
        full.extend_from_slice(args);
        let (code, stdout, stderr) = run(&full);
        assert_eq!(code, 2, "{full:?}: {stdout}{stderr}");
        assert!(
            stdout.contains(named) || stderr.contains(named),
            "{full:?}: {stdout}{stderr}"
        );
    }
    for args in [
        &["-b", "memo", "--depth", "2"][..],
        &["-b", "tabular", "--max-lines", "3"][..],
        &["-b", "memo", "--json"][..],
        &["-b", "memo", "--dot", "-", "--max-dot-nodes", "5"][..],
    ] {
        if !has(args[1]) {
            continue;
        }
        let mut full = vec!["explain", "can-i-win", "5", "11"];
        full.extend_from_slice(args);
        let (code, _, stderr) = run(&full);
        assert_eq!(code, 0, "{full:?}: {stderr}");
    }
}

// ---------------------------------------------------------------------------
// item 11: numeric flag errors say the value, why, and the allowed range;
// `--dot -` writes to standard output

#[test]
fn numeric_flag_errors_name_value_reason_and_range() {
    let u64_range = "0..=18446744073709551615";
    let usize_range = format!("0..={}", usize::MAX);
    let cases: Vec<(Vec<&str>, &str, &str)> = vec![
        (
            vec!["can-i-win", "10", "11", "--node-budget", "-1"],
            "-1",
            u64_range,
        ),
        (
            vec!["can-i-win", "10", "11", "--node-budget", "1e9"],
            "1e9",
            u64_range,
        ),
        (
            vec![
                "can-i-win",
                "10",
                "11",
                "--state-budget",
                "99999999999999999999",
            ],
            "99999999999999999999",
            u64_range,
        ),
        (
            vec!["can-i-win", "10", "11", "--memory-cap", "-1"],
            "-1",
            u64_range,
        ),
        (
            vec!["analyze", "can-i-win", "10", "11", "--state-budget", "x"],
            "x",
            u64_range,
        ),
        (
            vec!["explain", "can-i-win", "5", "11", "--depth", "-2"],
            "-2",
            &usize_range,
        ),
        (
            vec!["explain", "can-i-win", "5", "11", "--max-lines", "many"],
            "many",
            &usize_range,
        ),
        (
            vec!["explain", "can-i-win", "5", "11", "--max-dot-nodes", "1.5"],
            "1.5",
            &usize_range,
        ),
        (
            vec![
                "analyze",
                "predict-the-winner",
                "1",
                "2",
                "--taken-left",
                "-1",
            ],
            "-1",
            &usize_range,
        ),
    ];
    for (args, value, range) in cases {
        let flag = args[args.len() - 2];
        let (code, _, stderr) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(stderr.contains(flag), "{args:?}: {stderr}");
        assert!(stderr.contains(value), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!("whole number in {range}")),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn dot_dash_writes_the_dot_to_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let output = gamesolve()
        .current_dir(dir.path())
        .args(["explain", "can-i-win", "5", "11", "--dot", "-"])
        .args(["-b", some_backend()])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout.starts_with("digraph"), "{stdout}");
    assert!(stdout.trim_end().ends_with('}'), "{stdout}");
    assert!(!dir.path().join("-").exists(), "wrote a file named `-`");
    // Both the DOT and one JSON value on standard output cannot be.
    let (code, _, stderr) = run(&["explain", "can-i-win", "5", "11", "--dot", "-", "--json"]);
    assert_eq!(code, 2, "{stderr}");
}

// ---------------------------------------------------------------------------
// item 8: closed or full output never hides a failure

/// Runs the binary through `sh` with standard output closed (`>&-`).
fn run_with_stdout_closed(args: &[&str]) -> (i32, String) {
    let output = StdCommand::new("sh")
        .arg("-c")
        .arg(r#"exec "$0" "$@" >&-"#)
        .arg(bin())
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// Issue 23, item 6: help and version written to a full device exited 0 (clap's `print`
/// result was dropped).
#[test]
fn help_or_version_that_cannot_be_written_is_an_io_error() {
    if !std::path::Path::new("/dev/full").exists() {
        eprintln!("skipped: no /dev/full");
        return;
    }
    for args in [
        &["--help"][..],
        &["--version"][..],
        &["batch", "--help"][..],
    ] {
        let output = StdCommand::new("sh")
            .arg("-c")
            .arg(r#"exec "$0" "$@" >/dev/full"#)
            .arg(bin())
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("error: cannot write standard output: No space left on device"),
            "{args:?}: {stderr}"
        );
    }
}

/// Issue 23, item 6: `predict-the-winner -f -` with standard input closed (`<&-`) read the
/// runtime's `/dev/null` in its place and answered an empty row.
#[test]
fn values_from_a_closed_standard_input_are_an_io_error() {
    let run_closed = |extra: &str| {
        StdCommand::new("sh")
            .arg("-c")
            .arg(format!(r#"exec "$0" predict-the-winner -f - {extra} <&-"#))
            .arg(bin())
            .output()
            .unwrap()
    };
    let output = run_closed("");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(
        stderr.trim_end(),
        "error: cannot read values from standard input: it is closed"
    );
    assert!(output.stdout.is_empty());
    let output = run_closed("--json");
    assert_eq!(output.status.code(), Some(2));
    let error: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(error["kind"], "io");
    assert_eq!(
        error["error"],
        "cannot read values from standard input: it is closed"
    );
}

#[test]
fn a_closed_standard_output_is_an_io_error() {
    for args in [
        &["can-i-win", "10", "11", "--json"][..],
        &["can-i-win", "10", "11"][..],
        &["predict-the-winner", "1", "5", "233", "7"][..],
        &["backends"][..],
    ] {
        let (code, stderr) = run_with_stdout_closed(args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(
            stderr.contains("cannot write standard output"),
            "{args:?}: {stderr}"
        );
    }
    // /dev/null is open: not an error, write-only (`Stdio::null()`) or
    // read-write (`1<>`, as Python's `subprocess.DEVNULL` opens it).
    let status = StdCommand::new(bin())
        .args(["can-i-win", "10", "11", "--json"])
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    let status = StdCommand::new("sh")
        .arg("-c")
        .arg(r#"exec "$0" can-i-win 10 11 1<>/dev/null"#)
        .arg(bin())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
}
