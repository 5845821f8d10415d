//! Integration tests of `gamesolve batch`: one JSON answer per input line, in
//! order, error lines in their place, each line answered before the next
//! arrives, closed pipes, huge lines and lines that are not objects, and the
//! progress display on a terminal. They drive the real binary; the helpers
//! are in `tests/it/common/cli.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::cli::*;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command as StdCommand, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use serde_json::Value;

// ---------------------------------------------------------------------------
// answers and error lines

#[test]
fn batch_answers_each_line_in_order_like_single_solves() {
    let mut input = String::new();
    let mut expected = Vec::new();
    for &(n, t, _, _, _) in CAN_I_WIN_CASES {
        input.push_str(&format!(
            "{{\"game\":\"can-i-win\",\"max_choosable\":{n},\"desired_total\":{t}}}\n"
        ));
        expected.push(json_ok(&[
            "can-i-win",
            &n.to_string(),
            &t.to_string(),
            "--json",
        ]));
    }
    for &(values, ..) in PTW_CASES {
        input.push_str(&format!(
            "{{\"values\":{},\"game\":\"predict-the-winner\"}}\r\n",
            serde_json::to_string(values).unwrap()
        ));
        let mut args = ptw_args(values);
        args.push("--json".to_owned());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        expected.push(json_ok(&args));
    }
    let (code, stdout, stderr) = run_with_stdin(&["batch"], input.as_str());
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines, expected);
}

#[test]
fn batch_error_lines_keep_their_place_and_exit_1() {
    let input = [
        r#"{"game":"can-i-win","max_choosable":10,"desired_total":11}"#,
        r#"not json"#,
        r#"{"game":"chess","max_choosable":10,"desired_total":11}"#,
        r#"{"game":"can-i-win","max_choosable":10}"#,
        r#"{"game":"can-i-win","max_choosable":65,"desired_total":11}"#,
        r#"{"game":"can-i-win","max_choosable":10,"desired_total":-1}"#,
        r#"{"game":"predict-the-winner","values":[1,9223372036854775808]}"#,
        r#"{"game":"predict-the-winner","values":[1,2,123456789012345678901234567890]}"#,
        r#"{"game":"predict-the-winner","values":[1,5,233,7]}"#,
        r#""#,
        r#"{"game":"predict-the-winner","values":[1.5]}"#,
        r#"{"game":"predict-the-winner"}"#,
        r#"{"game":"predict-the-winner","values":"1 5 2"}"#,
        r#"{"game":"can-i-win","max_choosable":10,"desired_total":11,"colour":"red"}"#,
        r#"{"max_choosable":10,"desired_total":11}"#,
        r#"{"game":"can-i-win","max_choosable":10,"desired_total":11,"values":[1]}"#,
        r#"{"game":"can-i-win","max_choosable":10,"desired_total":100000000000000000000000000000000000000000}"#,
        r#"{"game":"predict-the-winner","values":[-3,5,-2]}"#,
    ]
    .join("\n");
    // (line, expected error fragment) for the failing lines; others succeed.
    let errors: &[(u64, &str)] = &[
        (2, "invalid JSON"),
        (
            3,
            "unknown game `chess` (known games: can-i-win, predict-the-winner, cat-and-mouse, connect-four)",
        ),
        (4, "missing field `desired_total` for game `can-i-win`"),
        (5, "max_choosable = 65 is out of range"),
        (6, "desired_total = -1 is out of range"),
        (7, "value #2 = 9223372036854775808 is out of range"),
        (
            8,
            "value #3 = 123456789012345678901234567890 is out of range",
        ),
        (10, "empty line"),
        (11, "value #1 = 1.5 is not an integer"),
        (12, "missing field `values` for game `predict-the-winner`"),
        (13, "`values` must be an array of integers"),
        (14, "unknown field `colour`"),
        (15, "missing field `game`"),
        (16, "field `values` does not belong to game `can-i-win`"),
        (
            17,
            "desired_total = 100000000000000000000000000000000000000000 is out of range",
        ),
    ];
    let (code, stdout, _) = run_with_stdin(&["batch"], input.as_str());
    assert_eq!(code, 1);
    let lines: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 18, "one output line per input line: {stdout}");
    for (index, line) in lines.iter().enumerate() {
        let number = index as u64 + 1;
        match errors.iter().find(|(n, _)| *n == number) {
            Some((_, fragment)) => {
                // `field` names the parameter at fault, when the error is about one.
                let mut fields = keys(line);
                fields.remove("field");
                assert_eq!(fields, set(&["line", "error", "kind"]), "{line}");
                assert_eq!(line["line"], number);
                assert_eq!(line["kind"], "invalid_input");
                let message = line["error"].as_str().unwrap();
                assert!(
                    message.contains(fragment),
                    "line {number}: {fragment} not in {message}"
                );
            }
            None => assert!(line.get("error").is_none(), "line {number}: {line}"),
        }
    }
    // The parameter at fault, as a value: a list's bad value names the list.
    for (number, field) in [
        (5, "max_choosable"),
        (6, "desired_total"),
        (7, "values"),
        (8, "values"),
        (11, "values"),
        (12, "values"),
        (13, "values"),
        (17, "desired_total"),
    ] {
        assert_eq!(lines[number - 1]["field"], field, "line {number}");
    }
    assert_eq!(lines[0]["outcome"], "second");
    assert_eq!(lines[8]["margin"], 222);
    assert_eq!(lines[17]["margin"], -10);
}

#[test]
fn batch_with_no_input_prints_nothing_and_succeeds() {
    let (code, stdout, _) = run_with_stdin(&["batch"], "");
    assert_eq!(code, 0);
    assert!(stdout.is_empty());
}

#[test]
fn batch_cannot_answer_lines_have_kind_cannot_answer() {
    if !available().contains(&"recursive") {
        return;
    }
    let input = "{\"game\":\"can-i-win\",\"max_choosable\":20,\"desired_total\":158}\n\
                 {\"game\":\"can-i-win\",\"max_choosable\":4,\"desired_total\":8}\n";
    let (code, stdout, _) =
        run_with_stdin(&["batch", "-b", "recursive", "--node-budget", "50"], input);
    assert_eq!(code, 1);
    let lines: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["kind"], "cannot_answer");
    assert_eq!(lines[0]["line"], 1);
    assert_eq!(lines[1]["backend"], "recursive");
    assert_eq!(lines[1]["outcome"], "first");
    assert_eq!(lines[1]["best_move"], 3);
}

// ---------------------------------------------------------------------------
// issue 12, item 6: `--json` is refused (batch always writes JSON)

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
// issue 12, item 10: batch error lines stay short, non-objects are refused, a BOM is
// accepted

#[test]
fn batch_error_lines_do_not_repeat_huge_input() {
    let huge = "x".repeat(1 << 20);
    let digits = "9".repeat(1 << 16);
    let input = [
        format!(r#"{{"game":"{huge}"}}"#),
        format!(r#"{{"game":"can-i-win","{huge}":1}}"#),
        format!(r#"{{"game":"can-i-win","max_choosable":"{huge}","desired_total":3}}"#),
        format!(r#"{{"game":"can-i-win","max_choosable":5,"desired_total":{digits}}}"#),
        format!(r#"{{"game":"predict-the-winner","values":["{huge}"]}}"#),
        format!(r#"{{"game":"predict-the-winner","values":[{digits}]}}"#),
        format!(r#"{{"game":"predict-the-winner","values":"{huge}"}}"#),
        format!(r#"{{"game":{{"{huge}":1}}}}"#),
        format!(r#"["{huge}"]"#),
    ]
    .join("\n");
    let (code, lines) = batch_lines(input);
    assert_eq!(code, 1);
    assert_eq!(lines.len(), 9);
    for (index, line) in lines.iter().enumerate() {
        let message = line["error"].as_str().unwrap();
        assert!(
            message.len() < 400,
            "line {}: {} bytes: {}…",
            index + 1,
            message.len(),
            &message[..400]
        );
    }
    assert!(
        lines[0]["error"].as_str().unwrap().contains("xxxx…"),
        "{}",
        lines[0]
    );
}

/// Issue 23, item 1: a line was read whole however long; a line longer than the limit (256 MiB,
/// or `--memory-cap` when smaller, as `batch --help` says) is answered with an error line
/// and skipped, and the run goes on. (The same under an address-space limit:
/// `tests/cli_limits.rs`.)
#[test]
fn batch_answers_a_line_over_the_limit_with_an_error_line_and_goes_on() {
    let ok = r#"{"game":"can-i-win","max_choosable":10,"desired_total":11}"#;
    // 2,000 bytes, a valid game: over a 1 KiB cap; then a line of exactly 1,024 bytes
    // (padded with spaces, then `\r\n`) within it.
    // Long in bytes, two values: any backend (plain recursion in a one-backend build too)
    // answers it once it is read.
    let long = format!(
        r#"{{"game":"predict-the-winner","values":[2,{}1]}}"#,
        " ".repeat(1960)
    );
    let exact = format!("{ok}{}", " ".repeat(1024 - ok.len()));
    let input = format!("{ok}\n{long}\n{exact}\r\n{long}");
    let (code, stdout, stderr) = run_with_stdin(&["batch", "--memory-cap", "1KiB"], input);
    assert_eq!(code, 1, "{stderr}");
    let lines: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    for k in [1, 3] {
        assert_eq!(lines[k]["line"], k + 1);
        assert_eq!(lines[k]["kind"], "invalid_input");
        assert_eq!(
            lines[k]["error"],
            format!(
                "the line is {} bytes long, over the limit of 1024 bytes for one batch line \
                 (256 MiB, or --memory-cap when smaller); it was skipped",
                long.len()
            )
        );
    }
    assert_eq!(lines[0]["outcome"], "second");
    assert_eq!(lines[2]["outcome"], "second");
    // Without the cap the same line is a game like any other.
    let (code, lines) = batch_lines(format!("{long}\n"));
    assert_eq!(code, 0);
    assert_eq!(lines[0]["outcome"], "first");
    let (_, help, _) = run(&["batch", "--help"]);
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("a line may be at most 256MiB, or this cap when smaller"),
        "{help}"
    );
}

#[test]
fn batch_refuses_lines_that_are_not_objects_without_naming_rust_types() {
    let input = [
        r#"["predict-the-winner",null,null,[1,5,233,7]]"#,
        r#"["can-i-win",10,11]"#,
        r#"42"#,
        r#""can-i-win""#,
        r#"null"#,
        r#"{"game":"can-i-win","max_choosable":10,"desired_total":11}"#,
    ]
    .join("\n");
    let (code, lines) = batch_lines(input);
    assert_eq!(code, 1);
    assert_eq!(lines.len(), 6);
    for line in &lines[..5] {
        let message = line["error"].as_str().unwrap();
        assert!(
            message.contains("each line must be a JSON object like {"),
            "{message}"
        );
        assert_eq!(line["kind"], "invalid_input");
    }
    assert_eq!(lines[5]["outcome"], "second");
    // No error names a Rust type.
    let odd = [
        r#"{"game":5}"#,
        r#"{"game":"can-i-win","max_choosable":10,"desired_total":11,"x":1}"#,
        r#"{"game":[1]}"#,
        r#"[]"#,
        r#"{}"#,
    ]
    .join("\n");
    let (_, lines) = batch_lines(odd);
    for line in lines {
        let message = line["error"].as_str().unwrap();
        for leak in ["struct", "Line", "Option", "RawValue"] {
            assert!(!message.contains(leak), "{leak}: {message}");
        }
    }
}

#[test]
fn batch_accepts_a_byte_order_mark_on_the_first_line() {
    let input = "\u{feff}{\"game\":\"can-i-win\",\"max_choosable\":10,\"desired_total\":11}\n\
                 {\"game\":\"predict-the-winner\",\"values\":[1,5,233,7]}\n";
    let (code, lines) = batch_lines(input);
    assert_eq!(code, 0, "{lines:?}");
    assert_eq!(lines[0]["outcome"], "second");
    assert_eq!(lines[1]["margin"], 222);
}

// ---------------------------------------------------------------------------
// pipes: answers flushed per line, a closed standard output

/// A script that writes one line and waits for its answer must get it
/// before it closes standard input.
#[test]
fn batch_answers_each_line_before_the_next_arrives() {
    let mut child = StdCommand::new(crate::common::cli::bin())
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (sender, receiver) = mpsc::channel();
    let reader = thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if sender.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    for (input, margin) in [("[1,5,2]", -2), ("[1,5,233,7]", 222)] {
        writeln!(
            stdin,
            "{{\"game\":\"predict-the-winner\",\"values\":{input}}}"
        )
        .unwrap();
        stdin.flush().unwrap();
        let line = receiver.recv_timeout(Duration::from_secs(20));
        let Ok(line) = line else {
            let _ = child.kill();
            panic!("no answer while standard input stays open: output is not flushed");
        };
        let v: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v["margin"], margin);
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
    reader.join().unwrap();
}

/// `gamesolve batch | head -1`: a closed standard output ends the program
/// quietly, never with a panic (exit 101).
#[test]
fn batch_stops_quietly_when_stdout_is_closed() {
    let mut child = StdCommand::new(crate::common::cli::bin())
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    let line = "{\"game\":\"can-i-win\",\"max_choosable\":5,\"desired_total\":9}\n";
    // Writing may fail once the child has exited; that is fine.
    for _ in 0..20_000 {
        if stdin.write_all(line.as_bytes()).is_err() {
            break;
        }
    }
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// `gamesolve batch < F | head -1` where line 1 of F failed: exit 1, as
/// docs/GUIDE.md promises for a failed line, not 0 because the pipe closed.
#[test]
fn batch_a_closed_pipe_does_not_hide_an_earlier_failed_line() {
    use std::io::{BufRead, BufReader, Write};
    for (first, expected) in [
        (r#"{"game":"chess"}"#, 1),
        (
            r#"{"game":"can-i-win","max_choosable":5,"desired_total":9}"#,
            0,
        ),
    ] {
        let mut child = StdCommand::new(bin())
            .arg("batch")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "{first}").unwrap();
        stdin.flush().unwrap();
        // Read the first answer, then close the pipe like `head -1`.
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert!(line.starts_with('{'), "{line}");
        drop(reader);
        let good = "{\"game\":\"can-i-win\",\"max_choosable\":5,\"desired_total\":9}\n";
        for _ in 0..20_000 {
            if stdin.write_all(good.as_bytes()).is_err() {
                break;
            }
        }
        drop(stdin);
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(expected), "{first}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

// ---------------------------------------------------------------------------
// issue 12, item 12: batch progress on a terminal

/// Runs `shell` under `script`, which gives it a terminal; returns what the
/// terminal showed. `None` when `script` is not available here.
fn on_a_terminal(shell: &str) -> Option<String> {
    let output = std::process::Command::new("script")
        .args(["-qec", shell, "/dev/null"])
        .env("GAMESOLVE", bin())
        .stdin(std::process::Stdio::null())
        .output()
        .ok()?;
    if !output.status.success() {
        eprintln!("script failed: {}", String::from_utf8_lossy(&output.stderr));
        return None;
    }
    Some(String::from_utf8_lossy(&output.stdout).into_owned())
}

fn slow_batch_file(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("games.jsonl");
    let mut text = String::new();
    for t in 0..=300 {
        for n in 1..=12 {
            text.push_str(&format!(
                "{{\"game\":\"can-i-win\",\"max_choosable\":{n},\"desired_total\":{t}}}\n"
            ));
        }
    }
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn batch_progress_stays_off_when_stdout_is_the_terminal_too() {
    let dir = tempfile::tempdir().unwrap();
    let file = slow_batch_file(dir.path());
    let shell = format!("\"$GAMESOLVE\" batch < '{}'", file.display());
    let Some(screen) = on_a_terminal(&shell) else {
        eprintln!("skipped: `script` is not available");
        return;
    };
    // Only answer lines: no bar drawn between them.
    for line in screen.lines() {
        let line = line.trim_end_matches('\r');
        assert!(line.starts_with("{\"game\""), "{line:?}");
    }
}

#[test]
fn batch_progress_counts_lines_from_a_pipe_and_shows_no_early_eta() {
    let dir = tempfile::tempdir().unwrap();
    let line = r#"{"game":"can-i-win","max_choosable":10,"desired_total":11}"#;
    // Lines arrive through a pipe, with pauses: a spinner with a count.
    let shell = format!(
        "(echo '{line}'; sleep 0.6; echo '{line}'; sleep 0.6; echo '{line}') \
         | \"$GAMESOLVE\" batch > '{}'",
        dir.path().join("out").display()
    );
    let Some(screen) = on_a_terminal(&shell) else {
        eprintln!("skipped: `script` is not available");
        return;
    };
    assert!(screen.contains("lines answered"), "{screen:?}");
    // A file: a bar, without a wild ETA in its first seconds.
    let file = slow_batch_file(dir.path());
    let shell = format!(
        "\"$GAMESOLVE\" batch < '{}' > '{}'",
        file.display(),
        dir.path().join("out").display()
    );
    let screen = on_a_terminal(&shell).unwrap();
    assert!(!screen.contains("eta"), "{screen:?}");
}
