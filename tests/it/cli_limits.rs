//! Integration tests of the limits the process runs under: the system refusing memory
//! (`prlimit --as`), a small stack (`prlimit --stack`) and `--memory-cap`. Each answer is an
//! error that says what happened, never a panic or an abort. They drive the real binary; tests
//! that need `prlimit` (util-linux) skip with a message where it is missing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::cli::*;
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
/// exhausted state budget ("exceeded its budget of 20000000 states"). The budget is given
/// (the old default): the default of 3,000,000 states fits within this address-space limit.
#[test]
fn refused_sparse_map_growth_says_the_system_refused_not_the_budget() {
    if !has("memo") {
        return;
    }
    let Some((code, _, stderr)) = run_limited(
        &["--as=157286400"],
        &[
            "can-i-win",
            "40",
            "200",
            "--backend",
            "memo",
            "--state-budget",
            "20000000",
        ],
        None,
    ) else {
        return;
    };
    assert_refused_growth(code, &stderr);
}

/// Exit 1 with the system's refusal of a sparse table's growth (naming its states), not a
/// spent budget, and no panic.
fn assert_refused_growth(code: i32, stderr: &str) {
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("the system refused the"), "{stderr}");
    assert!(stderr.contains("states ="), "{stderr}");
    assert!(!stderr.contains("budget"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// The same for the analysis engine's sparse memo (`solver_search::state_table`, as `memo`'s): a
/// refused growth names the bytes the system refused, not a budget.
#[test]
fn refused_analysis_memo_growth_says_the_system_refused_not_the_budget() {
    let Some((code, _, stderr)) = run_limited(
        &["--as=157286400"],
        &[
            "analyze",
            "can-i-win",
            "40",
            "200",
            "--state-budget",
            "20000000",
        ],
        None,
    ) else {
        return;
    };
    assert_refused_growth(code, &stderr);
}

// ---------------------------------------------------------------------------
// a small stack

/// A row of 4,000 values, one per line, in a temporary file (the memo's recursion is as
/// deep as the row is long).
fn values_4k() -> tempfile::NamedTempFile {
    use std::io::Write;
    let mut file = tempfile::NamedTempFile::new().unwrap();
    for i in 0..4000u64 {
        writeln!(file, "{}", i * 7919 % 1000 + 1).unwrap();
    }
    file
}

/// Issue 12, item 4: the tree printer recursed once per level of the call tree and
/// overflowed a 1 MiB stack (`ulimit -s 1024`) on a 4,000-deep memo search.
#[test]
fn explain_prints_a_4000_deep_call_tree_on_a_1_mib_stack() {
    if !has("memo") {
        return;
    }
    let file = values_4k();
    let path = file.path().to_str().unwrap();
    let Some((code, stdout, stderr)) = run_limited(
        &["--stack=1048576"],
        &[
            "explain",
            "predict-the-winner",
            "--file",
            path,
            // The interval kernel (a bare `memo` explains memo/textbook, whose 8 million
            // intervals pass the state budget): a 4,000-deep recursion.
            "--backend",
            "memo/interval",
            "--depth",
            "100000",
            "--max-lines",
            "100000",
        ],
        None,
    ) else {
        return;
    };
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.lines().count() > 4000, "the whole depth is shown");
}

/// Issue 12, item 4: under a small stack and a tight address space, `stacker` could not map
/// a new stack segment and the memo search panicked (exit 101). Whatever the limit, the answer
/// is now a result or an error (exit 1) that names what the system refused.
#[test]
fn a_refused_stack_segment_is_an_error_not_a_panic() {
    if !has("memo") {
        return;
    }
    let file = values_4k();
    let path = file.path().to_str().unwrap();
    let mut refused_segment = false;
    // The table (64 MB) fits from about 72 MB on; the stack segments from a few MB later.
    for mb in (66..=100).step_by(2) {
        let limit = format!("--as={}", mb * 1_000_000);
        let Some((code, stdout, stderr)) = run_limited(
            &["--stack=300000", &limit],
            &["predict-the-winner", "--file", path, "--backend", "memo"],
            None,
        ) else {
            return;
        };
        assert!(!stderr.contains("panicked"), "{limit}: {stderr}");
        match code {
            0 => assert!(stdout.contains("margin"), "{limit}: {stdout}"),
            1 => {
                assert!(stderr.contains("the system refused"), "{limit}: {stderr}");
                refused_segment |= stderr.contains("stack segment");
            }
            _ => panic!("{limit}: exit {code}: {stderr}"),
        }
    }
    if !refused_segment {
        eprintln!("note: no limit in 66..=100 MB hit the stack segment on this build");
    }
}

// ---------------------------------------------------------------------------
// batch: no line pays for an earlier one

/// Issue 12, item 3: `batch --backend memo` kept the interval table of a long Predict the
/// Winner line (about 100 MB for 5,000 values) while the next line, a Can I Win game whose
/// 256 MiB table fits the limit alone, asked for its table: the system refused it.
#[test]
fn a_batch_line_does_not_run_short_because_of_an_earlier_line() {
    if !has("memo") {
        return;
    }
    let long_row: Vec<u64> = (0..5000u64).map(|i| i * 7919 % 1000 + 1).collect();
    let first = format!(
        "{{\"game\":\"predict-the-winner\",\"values\":{}}}\n",
        serde_json::to_string(&long_row).unwrap()
    );
    let second = "{\"game\":\"can-i-win\",\"max_choosable\":30,\"desired_total\":100}\n";
    let limits = ["--as=335544320"]; // 320 MiB
    let args = ["batch", "--backend", "memo", "--memory-cap", "256MiB"];
    let Some((code, alone, stderr)) = run_limited(&limits, &args, Some(second)) else {
        return;
    };
    assert_eq!(code, 0, "the line alone fits the limit: {alone} {stderr}");
    let both = format!("{first}{second}");
    let (code, stdout, stderr) = run_limited(&limits, &args, Some(&both)).unwrap();
    assert_eq!(code, 0, "{stdout} {stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert_eq!(
        lines[1],
        alone.trim_end(),
        "line 2 answers as it does alone"
    );
}

// ---------------------------------------------------------------------------
// explain: the trace within --memory-cap

/// Issue 12, item 2: `explain` kept its trace (events and the set of distinct positions)
/// whatever `--memory-cap` said, and grew to gigabytes on hard instances. Past the cap it now
/// gives up with a `cannot_answer` error that names the cap.
#[test]
fn explain_keeps_its_trace_within_the_memory_cap() {
    if !has("memo") {
        return;
    }
    let args = [
        "explain",
        "can-i-win",
        "20",
        "158",
        // The fast kernel (memo/textbook's hash map would pass the cap before the trace).
        "--backend",
        "memo/auto",
        "--memory-cap",
        // The values (8 bytes each, 1.6 MB) fit; the trace (32 bytes a value) does not.
        "3MiB",
    ];
    let (code, stdout, stderr) = run(&args);
    assert_eq!(code, 1, "{stdout} {stderr}");
    assert!(
        stderr.contains("more than the memory cap of 3145728 bytes"),
        "{stderr}"
    );
    assert!(stderr.contains("trace"), "{stderr}");
    assert!(stderr.contains("--memory-cap"), "{stderr}");
    let mut json = args.to_vec();
    json.push("--json");
    let (code, stdout, _) = run(&json);
    assert_eq!(code, 1);
    let error: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(error["kind"], "cannot_answer");
    // The same run within the default cap (1 GiB) is explained.
    let (code, _, stderr) = run(&args[..6]);
    assert_eq!(code, 0, "{stderr}");
}

// ---------------------------------------------------------------------------
// input within the memory cap (issue 23, item 1)

/// Issue 23, item 1: `predict-the-winner -f` kept every value in a `Vec` that grew without
/// bound; under an address-space limit a large file aborted ("memory allocation of 134217728
/// bytes failed", signal 6). The values now grow fallibly within `--memory-cap`.
#[test]
fn values_from_a_file_stay_within_the_memory_cap_and_the_system_limit() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("values.txt");
    // 10^7 values, 20 MB of text, 80 MB of values.
    std::fs::write(&path, "1\n".repeat(10_000_000)).unwrap();
    let path = path.to_str().unwrap();
    // The system refuses: an error that says so, not an abort.
    let Some((code, stdout, stderr)) = run_limited(
        &["--as=100000000"],
        &["predict-the-winner", "-f", path],
        None,
    ) else {
        return;
    };
    assert_eq!(code, 1, "{stdout} {stderr}");
    assert!(
        stderr.contains("cannot read the values: the system refused memory for"),
        "{stderr}"
    );
    // The cap refuses, before the values outgrow it.
    let (code, stdout, stderr) = run(&["predict-the-winner", "-f", path, "--memory-cap", "1MiB"]);
    assert_eq!(code, 1, "{stdout} {stderr}");
    assert_eq!(
        stderr.trim_end(),
        "error: cannot read the values: the row has more than 131072 values, which at 8 bytes \
         each exceeds the memory cap of 1048576 bytes; raise the cap (`Limits::memory_cap_bytes`, \
         --memory-cap)"
    );
    let (code, stdout, _) = run(&[
        "predict-the-winner",
        "-f",
        path,
        "--memory-cap",
        "1MiB",
        "--json",
    ]);
    assert_eq!(code, 1);
    let error: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(error["kind"], "cannot_answer");
}

/// Issue 23, item 1: `batch` read each line whole (`read_until`): one huge line aborted the run
/// under an address-space limit, and the lines after it were lost. A line longer than the
/// limit (256 MiB, or `--memory-cap` when smaller) is now answered with an error line naming
/// the limit and skipped as it streams by; the next line is answered.
#[test]
fn a_batch_line_over_the_limit_is_skipped_without_being_held() {
    let long = format!(
        "{{\"game\":\"predict-the-winner\",\"values\":[{}1]}}\n",
        "1,".repeat(40 << 20)
    );
    let next = "{\"game\":\"can-i-win\",\"max_choosable\":10,\"desired_total\":11}\n";
    let input = format!("{long}{next}");
    let Some((code, stdout, stderr)) = run_limited(
        &["--as=150000000"],
        &["batch", "--memory-cap", "32MiB"],
        Some(&input),
    ) else {
        return;
    };
    assert_eq!(code, 1, "{stderr}");
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert_eq!(lines[0]["line"], 1);
    assert_eq!(lines[0]["kind"], "invalid_input");
    assert_eq!(
        lines[0]["error"],
        format!(
            "the line is {} bytes long, over the limit of 33554432 bytes for one batch line \
             (256 MiB, or --memory-cap when smaller); it was skipped",
            long.len() - 1
        )
    );
    assert_eq!(lines[1]["outcome"], "second", "{}", lines[1]);
}

/// `n` values rising 1, 2, …, one per line, in a temporary file: no peak to merge, so the
/// reduced row and the greedy play on it are as long as the row.
fn rising_values(n: u64) -> tempfile::NamedTempFile {
    use std::io::Write;
    let mut file = tempfile::NamedTempFile::new().unwrap();
    let mut text = String::new();
    for k in 1..=n {
        text.push_str(&k.to_string());
        text.push('\n');
    }
    file.write_all(text.as_bytes()).unwrap();
    file
}

/// Issue 23, item 3: `explain --backend reduction` kept every merge and move of its trace as
/// text whatever `--memory-cap` said (3.05 GB for 10^7 rising values). It now keeps the lines
/// it shows and refuses, before it starts, a trace past the cap, naming it.
#[test]
fn explain_reduction_keeps_its_trace_within_the_memory_cap() {
    if !has("reduction") {
        return;
    }
    let file = rising_values(200_000);
    let path = file.path().to_str().unwrap();
    let mut args = vec![
        "explain",
        "predict-the-winner",
        "--file",
        path,
        "--backend",
        "reduction",
        "--memory-cap",
        // The values (8 bytes each, 1.6 MB) fit; the trace (32 bytes a value) does not.
        "3MiB",
    ];
    let (code, stdout, stderr) = run(&args);
    assert_eq!(code, 1, "{stdout} {stderr}");
    assert!(
        stderr.contains("more than the memory cap of 3145728 bytes"),
        "{stderr}"
    );
    assert!(stderr.contains("trace"), "{stderr}");
    assert!(stderr.contains("--memory-cap"), "{stderr}");
    // Within a cap that holds its stack of runs (32 bytes a value), the view is shown, cut at
    // --max-lines, with the counts of the whole run.
    args[7] = "16MiB";
    let (code, stdout, stderr) = run(&args);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("values pushed 200000 / merges 0 /"),
        "{stdout}"
    );
    assert!(
        stdout.contains("… 199800 more moves (raise --max-lines)"),
        "{stdout}"
    );
}

/// Issue 23, item 3: under an address-space limit of the memory cap plus room for the program
/// and its input, the traced reduction of 2,000,000 rising values aborted ("memory allocation
/// of 32000000 bytes failed"). Within its cap it now answers or refuses, never aborts.
#[test]
fn explain_reduction_never_aborts_at_its_memory_cap() {
    if !has("reduction") {
        return;
    }
    let file = rising_values(2_000_000);
    let path = file.path().to_str().unwrap();
    let Some((code, stdout, stderr)) = run_limited(
        &["--as=268435456"], // the cap, 128 MiB, and as much again
        &[
            "explain",
            "predict-the-winner",
            "--file",
            path,
            "--backend",
            "reduction",
            "--memory-cap",
            "128MiB",
        ],
        None,
    ) else {
        return;
    };
    assert!(!stderr.contains("memory allocation"), "{stderr}");
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("more moves (raise --max-lines)"),
        "{stdout}"
    );
}
