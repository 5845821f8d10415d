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

/// Whether this build has `backend` (CI also runs single-backend builds).
fn has(backend: &str) -> bool {
    gamesolve::Backend::available().any(|b| b.name() == backend)
}

/// A backend this build has, for `explain`.
fn some_backend() -> &'static str {
    gamesolve::Backend::available()
        .next()
        .map(gamesolve::Backend::name)
        .unwrap()
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
fn explain_refuses_view_flags_that_would_be_ignored() {
    for (args, named) in [
        (&["--max-dot-nodes", "5"][..], "--dot"),
        (&["--depth", "2", "--json"][..], "--depth"),
        (&["--max-lines", "9", "--json"][..], "--max-lines"),
        (&["-b", "tabular", "--depth", "2"][..], "--depth"),
    ] {
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

// ---------------------------------------------------------------------------
// item 8: closed or full output never hides a failure

use std::process::{Command as StdCommand, Stdio};

fn bin() -> &'static std::path::Path {
    assert_cmd::cargo::cargo_bin!("gamesolve")
}

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

/// `gamesolve batch < F | head -1` where line 1 of F failed: exit 1, as
/// the README promises for a failed line, not 0 because the pipe closed.
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
// item 10: batch error lines stay short, non-objects are refused, a BOM is
// accepted

fn batch_lines(input: impl Into<Vec<u8>>) -> (i32, Vec<Value>) {
    let (code, stdout, stderr) = run_with_stdin(&["batch"], input);
    assert!(!stderr.contains("panicked"), "{stderr}");
    let lines = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (code, lines)
}

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
// item 13: help with examples, truthful defaults

#[test]
fn every_command_help_has_examples() {
    let commands: &[&[&str]] = &[
        &["can-i-win"],
        &["predict-the-winner"],
        &["compare"],
        &["compare", "can-i-win"],
        &["compare", "predict-the-winner"],
        &["batch"],
        &["backends"],
        &["analyze"],
        &["analyze", "can-i-win"],
        &["analyze", "predict-the-winner"],
        &["play"],
        &["play", "can-i-win"],
        &["play", "predict-the-winner"],
        &["explain"],
        &["explain", "can-i-win"],
        &["explain", "predict-the-winner"],
    ];
    for command in commands {
        let mut args = command.to_vec();
        args.push("--help");
        let (code, stdout, _) = run(&args);
        assert_eq!(code, 0, "{args:?}");
        let examples = stdout
            .split_once("Examples:")
            .unwrap_or_else(|| panic!("{args:?}: no examples in\n{stdout}"))
            .1;
        let count = examples
            .lines()
            .filter(|l| l.trim_start().starts_with("gamesolve "))
            .count();
        assert!((2..=4).contains(&count), "{args:?}: {count} examples");
        // Every example names the command it documents.
        let name = format!("gamesolve {}", command.join(" "));
        for line in examples
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with("gamesolve "))
        {
            assert!(line.starts_with(&name), "{args:?}: {line}");
        }
    }
}

#[test]
fn can_i_win_help_states_the_memory_cap_default_of_both_engines() {
    // The backends and the analysis engine of `--all-totals` share one default, 1 GiB.
    let (_, stdout, _) = run(&["can-i-win", "--help"]);
    let flat = stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("[default: 1GiB, the same with `--all-totals`"),
        "{flat}"
    );
    assert!(!flat.contains("256MiB"), "{flat}");
    let (_, stdout, _) = run(&["analyze", "can-i-win", "--help"]);
    let flat = stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("[default: 1GiB"), "{flat}");
}

/// The README's command summary lists every flag of every command.
#[test]
fn readme_command_summary_lists_every_flag() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let summary = readme
        .split_once("## Command line\n\n```text\n")
        .unwrap()
        .1
        .split_once("```")
        .unwrap()
        .0;
    let commands: &[&[&str]] = &[
        &["can-i-win"],
        &["predict-the-winner"],
        &["compare", "can-i-win"],
        &["compare", "predict-the-winner"],
        &["batch"],
        &["backends"],
        &["analyze", "can-i-win"],
        &["analyze", "predict-the-winner"],
        &["play", "can-i-win"],
        &["play", "predict-the-winner"],
        &["explain", "can-i-win"],
        &["explain", "predict-the-winner"],
    ];
    for command in commands {
        let prefix = format!("gamesolve {} ", command.join(" "));
        // The command's lines, with their indented continuations, and
        // `[LIMITS]` spelled out.
        let mut lines = String::new();
        let mut inside = false;
        for line in summary.lines() {
            if line.starts_with(&prefix) || line == prefix.trim_end() {
                inside = true;
            } else if !line.starts_with(' ') {
                inside = false;
            }
            if inside {
                lines.push_str(line);
                lines.push('\n');
            }
        }
        assert!(!lines.is_empty(), "{prefix}: not in the summary");
        let limits = summary
            .lines()
            .find_map(|l| l.strip_prefix("LIMITS: "))
            .unwrap();
        let lines = lines.replace("[LIMITS]", limits);
        let mut args = command.to_vec();
        args.push("--help");
        let (_, help, _) = run(&args);
        for line in help.lines().map(str::trim_start) {
            let Some(rest) = line.strip_prefix('-') else {
                continue;
            };
            // `-b, --backend <BACKEND>` or `--json`.
            let (short, long) = match rest.split_once(", --") {
                Some((short, long)) => (Some(format!("-{short}")), long),
                None => match rest.strip_prefix('-') {
                    Some(long) => (None, long),
                    None => continue,
                },
            };
            let long = format!("--{}", long.split_whitespace().next().unwrap());
            // `--json` is global, but refused by `play` and `batch`.
            let refused = long == "--json" && matches!(command[0], "play" | "batch");
            if long == "--help" || refused {
                continue;
            }
            assert!(
                lines.contains(&long),
                "{prefix}: {long} missing in\n{lines}"
            );
            if let Some(short) = short {
                assert!(
                    lines.contains(&format!("{short}|{long}"))
                        || lines.contains(&format!("{long}|{short}"))
                        || lines.contains(&format!("[{short} ")),
                    "{prefix}: {short} missing in\n{lines}"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------
// item 14: the README's play transcript is a real run

#[test]
fn readme_play_transcript_is_an_exact_run() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let command = "$ gamesolve play can-i-win 4 6 --first human\n";
    let transcript = readme
        .split_once(command)
        .unwrap()
        .1
        .split_once("```")
        .unwrap()
        .0;
    assert!(!transcript.contains("\n...\n"), "{transcript}");
    // The typed lines follow each prompt in the transcript.
    let mut typed = Vec::new();
    for line in transcript.lines() {
        if let Some(input) = line.strip_prefix("Your move> ") {
            typed.push(input.to_owned());
        }
    }
    let input: String = typed.iter().map(|t| format!("{t}\n")).collect();
    let (code, stdout, _) =
        run_with_stdin(&["play", "can-i-win", "4", "6", "--first", "human"], input);
    assert_eq!(code, 0);
    let mut echoed = String::new();
    let mut inputs = typed.iter();
    for (index, piece) in stdout.split("Your move> ").enumerate() {
        if index > 0 {
            echoed.push_str("Your move> ");
            echoed.push_str(inputs.next().unwrap());
            echoed.push('\n');
        }
        echoed.push_str(piece);
    }
    assert_eq!(transcript, echoed);
}

#[test]
fn readme_renders_dot_one_way() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let (_, help, _) = run(&["explain", "can-i-win", "--help"]);
    let (_, text, _) = run(&[
        "explain",
        "can-i-win",
        "5",
        "11",
        "--dot",
        "/dev/null",
        "-b",
        some_backend(),
    ]);
    let mut seen = 0;
    for source in [readme.as_str(), help.as_str(), text.as_str()] {
        // Help text wraps lines: compare words.
        let flat = source.split_whitespace().collect::<Vec<_>>().join(" ");
        for rest in flat.split("dot -T").skip(1) {
            let words: Vec<&str> = rest.split(' ').take(3).collect();
            // `dot -Tsvg memo.dot -o memo.svg`, the one way everywhere.
            assert_eq!(words[0], "svg", "dot -T{rest:.60}");
            assert_eq!(words[2], "-o", "dot -T{rest:.60}");
            seen += 1;
        }
    }
    assert!(seen >= 3, "{seen}");
    assert!(readme.contains("1.89"), "the minimum Rust version");
}

// ---------------------------------------------------------------------------
// item 15: `first_player_strictly_wins` in every Predict the Winner answer

#[test]
fn predict_the_winner_json_says_whether_the_first_player_strictly_wins() {
    let backends: Vec<&str> = gamesolve::Backend::available()
        .map(gamesolve::Backend::name)
        .collect();
    for (values, strictly) in [
        (&["1", "5", "233", "7"][..], true),
        (&["1", "5", "2"][..], false),
        (&["4", "4"][..], false),
        (&[][..], false),
    ] {
        for backend in &backends {
            let mut args = vec!["predict-the-winner", "--json", "-b", backend, "--"];
            args.extend_from_slice(values);
            let (code, stdout, _) = run(&args);
            assert_eq!(code, 0);
            let v: Value = serde_json::from_str(&stdout).unwrap();
            assert_eq!(v["first_player_strictly_wins"], strictly, "{args:?}: {v}");
        }
        let mut args = vec!["compare", "--json", "predict-the-winner", "--"];
        args.extend_from_slice(values);
        let (_, stdout, _) = run(&args);
        let rows: Value = serde_json::from_str(&stdout).unwrap();
        for row in rows.as_array().unwrap() {
            assert_eq!(row["first_player_strictly_wins"], strictly, "{row}");
        }
        let line = format!(
            "{{\"game\":\"predict-the-winner\",\"values\":[{}]}}",
            values.join(",")
        );
        let (_, lines) = batch_lines(line);
        assert_eq!(lines[0]["first_player_strictly_wins"], strictly);
    }
}

// ---------------------------------------------------------------------------
// item 12: batch progress on a terminal

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
