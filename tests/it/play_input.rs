//! Integration tests of what `gamesolve play` reads (issue 12): its game
//! cannot come from the standard input its moves come from, `--json` is
//! refused, and a line that is not UTF-8 gets a message and a new prompt.
//! The rest of `play` is tested in `tests/play.rs`; the helpers are in
//! `tests/it/common/cli.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::cli::*;
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

// ---------------------------------------------------------------------------
// issue 23: bounded move lines, and no values from standard input by another name

/// Issue 23, item 1: `play` read a move line whole and echoed it back in "`…` is not a
/// move", so a 5 MB line made a 5 MB answer. A line is now at most 4 KiB; a longer one is
/// read to its end without being held and gets a short message.
#[test]
fn play_answers_a_huge_line_briefly_and_goes_on() {
    let huge = "z".repeat(5 << 20);
    let (code, stdout, stderr) = run_with_stdin(
        &[
            "play",
            "predict-the-winner",
            "1",
            "5",
            "233",
            "7",
            "--first",
            "human",
        ],
        format!("{huge}\nl\n{}\nl\n", "w".repeat(2000)),
    );
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.len() < 10_000, "{} bytes", stdout.len());
    assert!(
        stdout.contains("That line is 5242880 bytes long, more than the 4096 a line may have"),
        "{stdout}"
    );
    // A bad move within the limit is echoed cut to 40 characters.
    assert!(
        stdout.contains(&format!("`{}…` is not a legal move here", "w".repeat(40))),
        "{stdout}"
    );
    assert!(stdout.contains("You win 234 to 12"), "{stdout}");
}

/// Issue 23, item 6: `play --file /dev/stdin` got around the refusal of `--file -`: the values
/// took standard input, and the game was abandoned for want of moves. Any path to the file
/// standard input reads (same device and inode) is now refused.
#[test]
fn play_refuses_standard_input_by_any_name() {
    for name in ["/dev/stdin", "/proc/self/fd/0", "/dev/fd/0"] {
        if !std::path::Path::new(name).exists() {
            continue;
        }
        let (code, stdout, stderr) = run_with_stdin(
            &["play", "predict-the-winner", "--file", name],
            "1 5 233 7\nl\n",
        );
        assert_eq!(code, 2, "{name}: {stdout}{stderr}");
        assert!(stdout.is_empty(), "{name}: {stdout}");
        assert!(
            stderr.contains(&format!("`--file {name}` is standard input too")),
            "{name}: {stderr}"
        );
    }
}
