//! Integration tests of the limits the process runs under: the system refusing memory
//! (`prlimit --as`), a small stack (`prlimit --stack`) and `--memory-cap`. Each answer is an
//! error that says what happened, never a panic or an abort. They drive the real binary; tests
//! that need `prlimit` (util-linux) skip with a message where it is missing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::cli::*;
use std::process::Command as StdCommand;

/// Runs the binary under `prlimit` with `limits` (e.g. `--as=629145600`); `None` when
/// `prlimit` is not installed (the caller skips). Returns (exit code, stdout, stderr).
fn run_limited(
    limits: &[&str],
    args: &[&str],
    stdin: Option<&str>,
) -> Option<(i32, String, String)> {
    if StdCommand::new("prlimit")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("skipped: `prlimit` (util-linux) is not installed");
        return None;
    }
    let mut command = StdCommand::new("prlimit");
    command.args(limits).arg("--").arg(bin()).args(args);
    let output = if let Some(input) = stdin {
        use std::io::Write;
        command
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        let mut child = command.spawn().unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        child.wait_with_output().unwrap()
    } else {
        command.output().unwrap()
    };
    Some((
        output
            .status
            .code()
            .expect("exited normally, not by a signal"),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    ))
}

// ---------------------------------------------------------------------------
// the system refuses memory

/// Issue 12, item 9: the sparse map's growth refused by the system was reported as an
/// exhausted state budget ("exceeded its budget of 20000000 states").
#[test]
fn refused_sparse_map_growth_says_the_system_refused_not_the_budget() {
    if !has("memo") {
        return;
    }
    let Some((code, _, stderr)) = run_limited(
        &["--as=157286400"],
        &["can-i-win", "40", "200", "--backend", "memo"],
        None,
    ) else {
        return;
    };
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("the system refused the"), "{stderr}");
    assert!(stderr.contains("states ="), "{stderr}");
    assert!(!stderr.contains("budget"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
