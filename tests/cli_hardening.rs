//! Integration tests of the `gamesolve` binary for the hardening items of
//! issue 12: input that shares standard input with `play`, flags that were
//! accepted and ignored, bytes that are not UTF-8, closed or full output,
//! batch lines that are huge or not objects, flag errors with their range,
//! help examples, the README's transcripts and the batch progress display.
//! Like `tests/cli.rs`, they drive the real binary.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use assert_cmd::Command;
use serde_json::Value;

fn gamesolve() -> Command {
    let mut command = assert_cmd::cargo::cargo_bin_cmd!("gamesolve");
    // A regression that hangs fails instead of blocking the suite.
    command.timeout(Duration::from_secs(60));
    command
}

/// Runs with `args` and `stdin`; returns (exit code, stdout, stderr).
fn run_with_stdin(args: &[&str], stdin: impl Into<Vec<u8>>) -> (i32, String, String) {
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

fn run(args: &[&str]) -> (i32, String, String) {
    run_with_stdin(args, "")
}

// ---------------------------------------------------------------------------
// item 1: `play --file -` cannot share standard input with the moves

#[test]
fn play_refuses_values_from_standard_input() {
    let (code, stdout, stderr) = run_with_stdin(
        &["play", "predict-the-winner", "--file", "-"],
        "1 5 233 7\nl\n",
    );
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("--file -"), "{stderr}");
    assert!(stderr.contains("standard input"), "{stderr}");
    // A file is fine.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("row.txt");
    std::fs::write(&path, "1 5 233 7").unwrap();
    let (code, stdout, stderr) = run_with_stdin(
        &[
            "play",
            "predict-the-winner",
            "--file",
            path.to_str().unwrap(),
            "--first",
            "human",
        ],
        "l\nl\n",
    );
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("You win 234 to 12"), "{stdout}");
    // Can I Win has no way to read its game from standard input.
    let (code, _, _) = run(&["play", "can-i-win", "4", "6", "--file", "-"]);
    assert_eq!(code, 2);
}

// ---------------------------------------------------------------------------
// item 6: flags that were accepted and ignored are refused

#[test]
fn play_refuses_json() {
    for args in [
        &["play", "can-i-win", "4", "6", "--json"][..],
        &["--json", "play", "predict-the-winner", "1", "2"][..],
    ] {
        let (code, stdout, stderr) = run_with_stdin(args, "1\n");
        assert_eq!(code, 2, "{args:?}: {stdout}{stderr}");
        // Nothing but the JSON error: no prose on standard output.
        let v: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(v["kind"], "usage");
        let message = v["error"].as_str().unwrap();
        assert!(message.contains("--json"), "{message}");
        assert!(message.contains("play"), "{message}");
    }
}

#[test]
fn all_totals_refuses_backend_and_node_budget() {
    for (flags, named) in [
        (&["--backend", "memo"][..], "--backend"),
        (&["-b", "tabular"][..], "--backend"),
        (&["--node-budget", "5"][..], "--node-budget"),
    ] {
        let mut args = vec!["can-i-win", "8", "--all-totals"];
        args.extend_from_slice(flags);
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, 2, "{args:?}: {stdout}");
        assert!(stderr.contains("--all-totals"), "{stderr}");
        assert!(stderr.contains(named), "{stderr}");
    }
    // The limits it does use still work.
    let (code, stdout, stderr) = run(&[
        "can-i-win",
        "8",
        "--all-totals",
        "--memory-cap",
        "1MiB",
        "--state-budget",
        "1000",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("totals"), "{stdout}");
}

#[test]
fn batch_refuses_json() {
    let input = r#"{"game":"can-i-win","max_choosable":10,"desired_total":11}"#;
    let (code, stdout, stderr) = run_with_stdin(&["batch", "--json"], input);
    assert_eq!(code, 2, "{stdout}{stderr}");
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["kind"], "usage");
    assert!(
        v["error"].as_str().unwrap().contains("always writes JSON"),
        "{v}"
    );
}

// ---------------------------------------------------------------------------
// item 7: a line that is not UTF-8 gets a message and a new prompt

#[test]
fn play_answers_invalid_utf8_with_a_message_and_a_new_prompt() {
    let output = gamesolve()
        .args(["play", "can-i-win", "4", "6"])
        .write_stdin(&b"\xfe\ny\n\xff\n1\n"[..])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(0), "{stdout}{stderr}");
    assert_eq!(stdout.matches("not valid UTF-8").count(), 2, "{stdout}");
    let at_question = stdout.find("not valid UTF-8").unwrap();
    assert!(
        stdout[at_question..].contains("Do you want to move first?"),
        "{stdout}"
    );
    let at_move = stdout.rfind("not valid UTF-8").unwrap();
    let rest = &stdout[at_move..];
    assert!(rest.contains("Your move>"), "{stdout}");
    assert!(rest.contains("You take 1"), "{stdout}");
}
