//! Integration tests of what `gamesolve play` reads (issue 12): its game
//! cannot come from the standard input its moves come from, `--json` is
//! refused, and a line that is not UTF-8 gets a message and a new prompt.
//! The rest of `play` is tested in `tests/play.rs`; the helpers are in
//! `tests/common/cli.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::cli::*;
use serde_json::Value;

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
