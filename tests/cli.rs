//! Integration tests of the `gamesolve` binary: every command, the JSON
//! contract field by field, bad inputs and their exit codes, and the batch
//! error path. They drive the real binary through `assert_cmd`.
//!
//! The instances are small so the debug binary answers them in milliseconds
//! (no `memo`/`recursive` runs on hard n = 20 totals here).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command as StdCommand, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use assert_cmd::Command;
use gamesolve::{Backend, CanIWin, PredictTheWinner};
use predicates::prelude::*;
use serde_json::Value;

fn gamesolve() -> Command {
    assert_cmd::cargo::cargo_bin_cmd!("gamesolve")
}

/// Runs with `args` and returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    run_with_stdin(args, "")
}

fn run_with_stdin(args: &[&str], stdin: impl Into<Vec<u8>>) -> (i32, String, String) {
    let output = gamesolve().args(args).write_stdin(stdin).output().unwrap();
    (
        output
            .status
            .code()
            .expect("exited normally, not by a signal"),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// Runs a command that must succeed with `--json` output, and parses it.
fn json_ok(args: &[&str]) -> Value {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, 0, "{args:?}: stderr {stderr}");
    assert_eq!(stdout.lines().count(), 1, "one JSON line: {stdout}");
    serde_json::from_str(&stdout).unwrap()
}

fn keys(value: &Value) -> BTreeSet<&str> {
    value
        .as_object()
        .expect("a JSON object")
        .keys()
        .map(String::as_str)
        .collect()
}

fn set(list: &[&'static str]) -> BTreeSet<&'static str> {
    list.iter().copied().collect()
}

const STATS_KEYS: [&str; 6] = [
    "positions",
    "memo_hits",
    "states",
    "table_cells",
    "table_bytes",
    "max_depth",
];

fn assert_stats_object(stats: &Value) {
    assert_eq!(keys(stats), set(&STATS_KEYS), "{stats}");
    for key in STATS_KEYS {
        assert!(stats[key].is_u64(), "stats.{key} is a count: {stats}");
    }
}

fn available() -> Vec<&'static str> {
    Backend::available().map(Backend::name).collect()
}

/// The backends of this build with an algorithm for Can I Win (`reduction` has none).
fn can_i_win_backends() -> Vec<&'static str> {
    Backend::available()
        .filter(|b| !b.variants::<CanIWin>().is_empty())
        .map(Backend::name)
        .collect()
}

/// The backends of this build with an algorithm for Predict the Winner.
fn predict_the_winner_backends() -> Vec<&'static str> {
    Backend::available()
        .filter(|b| !b.variants::<PredictTheWinner>().is_empty())
        .map(Backend::name)
        .collect()
}

// ---------------------------------------------------------------------------
// can-i-win

/// (N, T, outcome, best_move, human headline start). LeetCode 464 examples
/// and the three settled cases.
const CAN_I_WIN_CASES: &[(u32, u64, &str, Option<u64>, &str)] = &[
    (10, 11, "second", None, "Second player wins"),
    (10, 0, "first", None, "First player wins without moving"),
    (10, 1, "first", Some(1), "First player wins: take 1"),
    (12, 40, "first", Some(1), "First player wins: take 1"),
    (
        10,
        56,
        "draw",
        None,
        "Draw: nobody can reach 56 (the pool sums to 55)",
    ),
    (
        5,
        15,
        "first",
        Some(1),
        "First player wins: take 1 (any first move wins",
    ),
    (
        4,
        10,
        "second",
        None,
        "Second player wins (whatever anyone takes",
    ),
    (3, 4, "second", None, "Second player wins"),
    (4, 8, "first", Some(3), "First player wins: take 3"),
];

#[test]
fn can_i_win_human_output_starts_with_the_answer_in_words() {
    for &(n, t, _, _, headline) in CAN_I_WIN_CASES {
        let (code, stdout, stderr) = run(&["can-i-win", &n.to_string(), &t.to_string()]);
        assert_eq!(code, 0, "{n} {t}: {stderr}");
        assert!(stdout.starts_with(headline), "{n} {t}: {stdout}");
        assert!(stdout.contains("LeetCode 464 answer"), "{stdout}");
        assert!(
            !stdout.contains("positions expanded"),
            "no counters without --stats"
        );
    }
}

#[test]
fn can_i_win_json_contract_field_by_field_for_every_backend() {
    for backend in can_i_win_backends() {
        for &(n, t, outcome, best_move, _) in CAN_I_WIN_CASES {
            let v = json_ok(&[
                "can-i-win",
                &n.to_string(),
                &t.to_string(),
                "--json",
                "--backend",
                backend,
            ]);
            assert_eq!(
                keys(&v),
                set(&[
                    "game",
                    "backend",
                    "variant",
                    "max_choosable",
                    "desired_total",
                    "outcome",
                    "can_i_win",
                    "best_move",
                    "stats"
                ]),
                "{v}"
            );
            assert_eq!(v["game"], "can-i-win");
            assert_eq!(v["backend"], backend);
            assert_eq!(v["max_choosable"], n);
            assert_eq!(v["desired_total"], t);
            assert_eq!(v["outcome"], outcome, "{backend} {n} {t}");
            assert_eq!(v["can_i_win"], outcome == "first");
            match best_move {
                Some(m) => assert_eq!(v["best_move"], m, "{backend} {n} {t}"),
                None => assert!(v["best_move"].is_null(), "{v}"),
            }
            assert_stats_object(&v["stats"]);
        }
    }
}

#[test]
fn can_i_win_json_agrees_with_the_library() {
    for n in 1..=8u32 {
        for t in 0..=40u64 {
            let v = json_ok(&["can-i-win", &n.to_string(), &t.to_string(), "--json"]);
            let expected = gamesolve::solve_can_i_win(&CanIWin::new(n, t).unwrap()).unwrap();
            assert_eq!(v["outcome"], expected.outcome.as_str(), "{n} {t}");
            assert_eq!(v["best_move"].as_u64(), expected.best_move.map(u64::from));
        }
    }
}

#[test]
fn stats_flag_adds_counters_to_human_output() {
    let (code, stdout, _) = run(&["can-i-win", "12", "40", "--stats"]);
    assert_eq!(code, 0);
    for label in [
        "positions expanded",
        "memo hits",
        "distinct states",
        "table cells",
        "table bytes",
        "max depth",
        "time",
    ] {
        assert!(stdout.contains(label), "{label}: {stdout}");
    }
    for backend in can_i_win_backends() {
        let v = json_ok(&["can-i-win", "12", "40", "--json", "--backend", backend]);
        assert!(
            v["stats"]["positions"].as_u64().unwrap() > 0,
            "--json counts: {v}"
        );
    }
}

#[test]
fn can_i_win_bad_numbers_name_value_and_range_exit_2() {
    let cases: &[(&[&str], &[&str])] = &[
        (&["65", "10"], &["max_choosable = 65", "1..=64"]),
        (&["0", "10"], &["max_choosable = 0", "1..=64"]),
        (&["-3", "10"], &["max_choosable = -3", "1..=64"]),
        (
            &["10", "-1"],
            &["desired_total = -1", "0..=18446744073709551615"],
        ),
        (
            &["10", "18446744073709551616"],
            &[
                "desired_total = 18446744073709551616",
                "0..=18446744073709551615",
            ],
        ),
        (
            &["10", "999999999999999999999999999999999999999999999"],
            &["desired_total = 999999999999999999999999999999999999999999999"],
        ),
        (
            &["ten", "10"],
            &["max_choosable = `ten` is not an integer", "1..=64"],
        ),
        (&["10", "1.5"], &["desired_total = `1.5` is not an integer"]),
    ];
    for (args, needles) in cases {
        let mut full = vec!["can-i-win"];
        full.extend_from_slice(args);
        let (code, stdout, stderr) = run(&full);
        assert_eq!(code, 2, "{full:?}");
        assert!(stdout.is_empty(), "errors go to stderr: {stdout}");
        for needle in *needles {
            assert!(
                stderr.contains(needle),
                "{full:?}: {needle} not in {stderr}"
            );
        }
        // The same error as JSON on stdout.
        full.push("--json");
        let (code, stdout, _) = run(&full);
        assert_eq!(code, 2);
        let v: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(keys(&v), set(&["error", "kind"]));
        assert_eq!(v["kind"], "invalid_input");
        assert!(v["error"].as_str().unwrap().contains(needles[0]), "{v}");
    }
}

// ---------------------------------------------------------------------------
// predict-the-winner

/// (values, outcome, margin, first, second, best move, headline start).
type PtwCase = (
    &'static [i64],
    &'static str,
    i64,
    i64,
    i64,
    Option<&'static str>,
    &'static str,
);
const PTW_CASES: &[PtwCase] = &[
    (
        &[1, 5, 2],
        "second",
        -2,
        3,
        5,
        Some("left"),
        "Second player wins by 2",
    ),
    (
        &[1, 5, 233, 7],
        "first",
        222,
        234,
        12,
        Some("left"),
        "First player wins by 222: take the left end (1)",
    ),
    (
        &[],
        "draw",
        0,
        0,
        0,
        None,
        "Draw: there are no values to take",
    ),
    (
        &[7],
        "first",
        7,
        7,
        0,
        Some("left"),
        "First player wins by 7",
    ),
    (
        &[1, 2],
        "first",
        1,
        2,
        1,
        Some("right"),
        "First player wins by 1: take the right end (2)",
    ),
    (
        &[3, 3],
        "draw",
        0,
        3,
        3,
        Some("left"),
        "Draw: both players score 3",
    ),
    (
        &[-3, 5, -2],
        "second",
        -10,
        -5,
        5,
        Some("left"),
        "Second player wins by 10",
    ),
];

fn ptw_args(values: &[i64]) -> Vec<String> {
    let mut args = vec!["predict-the-winner".to_owned()];
    args.extend(values.iter().map(i64::to_string));
    args
}

#[test]
fn predict_the_winner_human_output() {
    for &(values, _, margin, first, second, _, headline) in PTW_CASES {
        let args = ptw_args(values);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, 0, "{values:?}: {stderr}");
        assert!(stdout.starts_with(headline), "{values:?}: {stdout}");
        let scores =
            format!("Scores: first player {first}, second player {second} (margin {margin:+})");
        assert!(stdout.contains(&scores), "{values:?}: {stdout}");
    }
}

#[test]
fn predict_the_winner_json_contract_field_by_field_for_every_backend() {
    for backend in predict_the_winner_backends() {
        for &(values, outcome, margin, first, second, best_move, _) in PTW_CASES {
            let mut args = ptw_args(values);
            args.extend([
                "--json".to_owned(),
                "--backend".to_owned(),
                backend.to_owned(),
            ]);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let v = json_ok(&args);
            assert_eq!(
                keys(&v),
                set(&[
                    "game",
                    "backend",
                    "variant",
                    "len",
                    "outcome",
                    "margin",
                    "first_score",
                    "second_score",
                    "predict_the_winner",
                    "first_player_strictly_wins",
                    "best_move",
                    "stats"
                ]),
                "{v}"
            );
            assert_eq!(v["game"], "predict-the-winner");
            assert_eq!(v["first_player_strictly_wins"], margin > 0);
            assert_eq!(v["backend"], backend);
            assert_eq!(v["len"], values.len());
            assert_eq!(v["outcome"], outcome, "{backend} {values:?}");
            assert_eq!(v["margin"], margin, "{backend} {values:?}");
            assert_eq!(v["first_score"], first);
            assert_eq!(v["second_score"], second);
            assert_eq!(v["predict_the_winner"], margin >= 0);
            assert_eq!(v["first_player_strictly_wins"], margin > 0);
            match best_move {
                Some(side) => assert_eq!(v["best_move"], side, "{backend} {values:?}"),
                None => assert!(v["best_move"].is_null()),
            }
            assert_stats_object(&v["stats"]);
        }
    }
}

#[test]
fn margins_and_scores_beyond_i64_are_exact_json_numbers() {
    let cases: &[&[i64]] = &[
        &[i64::MAX, i64::MIN],
        &[i64::MIN, i64::MIN, i64::MIN],
        &[i64::MAX, i64::MAX, i64::MAX, i64::MIN],
        &[i64::MIN, 5, i64::MAX, -7],
    ];
    for backend in predict_the_winner_backends() {
        for values in cases {
            let expected =
                gamesolve::solve_predict_the_winner(&PredictTheWinner::new(values.to_vec()))
                    .unwrap();
            let mut args = ptw_args(values);
            args.extend(["--json".to_owned(), "-b".to_owned(), backend.to_owned()]);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let (code, stdout, stderr) = run(&args);
            assert_eq!(code, 0, "{stderr}");
            // serde_json::Value would round numbers beyond 64 bits: check the text.
            for (field, number) in [
                ("margin", expected.margin),
                ("first_score", expected.first_score),
                ("second_score", expected.second_score),
            ] {
                let needle = format!("\"{field}\":{number},");
                assert!(
                    stdout.contains(&needle),
                    "{backend} {values:?}: {needle} in {stdout}"
                );
            }
        }
    }
    // One beyond both i64 and u64, checked by hand: 3 * i64::MIN.
    let (_, stdout, _) = run(&[
        "predict-the-winner",
        "--json",
        "--",
        "-9223372036854775808",
        "-9223372036854775808",
        "-9223372036854775808",
    ]);
    assert!(
        stdout.contains("\"first_score\":-18446744073709551616,"),
        "{stdout}"
    );
    assert!(
        stdout.contains("\"second_score\":-9223372036854775808,"),
        "{stdout}"
    );
}

#[test]
fn negative_values_work_with_and_without_double_dash() {
    for args in [
        &["predict-the-winner", "-3", "5", "-2", "--json"][..],
        &["predict-the-winner", "--json", "--", "-3", "5", "-2"],
        &["predict-the-winner", "--json", "--", "-3,5,-2"],
        &["predict-the-winner", "[-3,", "5,", "-2", "]", "--json"],
    ] {
        let v = json_ok(args);
        assert_eq!(v["margin"], -10, "{args:?}");
        assert_eq!(v["len"], 3, "{args:?}");
    }
}

#[test]
fn values_from_a_file_and_from_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("values.txt");
    for text in [
        "1 5 233 7\n",
        "1,5,233,7",
        "[1, 5, 233, 7]\n",
        "1\n5,\n233 ,7,\n",
    ] {
        std::fs::write(&path, text).unwrap();
        let path = path.to_str().unwrap();
        let v = json_ok(&["predict-the-winner", "--file", path, "--json"]);
        assert_eq!(v["margin"], 222, "{text:?}");
        let (code, stdout, _) = run_with_stdin(&["predict-the-winner", "-f", "-", "--json"], text);
        assert_eq!(code, 0);
        let v: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(v["margin"], 222, "{text:?}");
    }
    // An empty file is the empty row.
    std::fs::write(&path, "").unwrap();
    let v = json_ok(&[
        "predict-the-winner",
        "--file",
        path.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(v["len"], 0);
    assert_eq!(v["outcome"], "draw");
}

#[test]
fn predict_the_winner_bad_values_exit_2_naming_the_value() {
    let cases: &[(&[&str], &str, &[&str])] = &[
        (
            &["1", "9223372036854775808"],
            "invalid_input",
            &[
                "value #2 = 9223372036854775808 is out of range",
                "-9223372036854775808..=9223372036854775807",
            ],
        ),
        (
            &["--", "-9223372036854775809"],
            "invalid_input",
            &["value #1 = -9223372036854775809 is out of range"],
        ),
        (
            &["1", "2", "99999999999999999999999999999999999999999999"],
            "invalid_input",
            &["value #3 = 99999999999999999999999999999999999999999999"],
        ),
        (
            &["1", "x"],
            "invalid_input",
            &["value #2 = x is not an integer"],
        ),
        (&["1,,2"], "invalid_input", &["value #2 is empty"]),
        (
            &["1", "--file", "values.txt"],
            "usage",
            &["cannot be used with"],
        ),
        (
            &["--file", "/no/such/file"],
            "io",
            &["cannot read values from `/no/such/file`"],
        ),
    ];
    for (args, kind, needles) in cases {
        let mut full = vec!["predict-the-winner"];
        full.extend_from_slice(args);
        let (code, _, stderr) = run(&full);
        assert_eq!(code, 2, "{full:?}: {stderr}");
        for needle in *needles {
            assert!(
                stderr.contains(needle),
                "{full:?}: {needle} not in {stderr}"
            );
        }
        let mut full = vec!["predict-the-winner", "--json"];
        full.extend_from_slice(args);
        let (code, stdout, _) = run(&full);
        assert_eq!(code, 2, "{full:?}");
        let v: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(v["kind"], *kind, "{full:?}: {v}");
        assert!(v["error"].as_str().unwrap().contains(needles[0]), "{v}");
    }
}

// ---------------------------------------------------------------------------
// backends, limits, version

#[test]
fn a_backend_that_gives_up_exits_1_with_its_reason() {
    if available().contains(&"recursive") {
        let (code, stdout, stderr) = run(&[
            "can-i-win",
            "20",
            "158",
            "-b",
            "recursive",
            "--node-budget",
            "1000",
        ]);
        assert_eq!(code, 1);
        assert!(stdout.is_empty());
        assert!(stderr.contains("budget of 1000 positions"), "{stderr}");
        let (code, stdout, _) = run(&[
            "can-i-win",
            "20",
            "158",
            "-b",
            "recursive",
            "--node-budget",
            "1000",
            "--json",
        ]);
        assert_eq!(code, 1);
        let v: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(v["kind"], "cannot_answer");
    }
    if available().contains(&"tabular") {
        let (code, _, stderr) = run(&[
            "can-i-win",
            "30",
            "300",
            "-b",
            "tabular",
            "--memory-cap",
            "1MiB",
        ]);
        assert_eq!(code, 1);
        assert!(stderr.contains("memory cap of 1048576 bytes"), "{stderr}");
    }
}

#[test]
fn unknown_backend_is_a_usage_error_listing_the_known_ones() {
    let (code, _, stderr) = run(&["can-i-win", "10", "11", "--backend", "quantum"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("quantum"), "{stderr}");
    assert!(stderr.contains("recursive, memo, tabular"), "{stderr}");
    let (code, stdout, _) = run(&["can-i-win", "10", "11", "--backend", "quantum", "--json"]);
    assert_eq!(code, 2);
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["kind"], "usage");
}

/// Meaningful in the single-backend builds CI runs
/// (`--no-default-features --features memo`, …).
#[test]
fn a_backend_missing_from_this_build_names_its_cargo_feature() {
    for backend in Backend::ALL.into_iter().filter(|b| !b.is_available()) {
        let name = backend.name();
        let message = format!(
            "backend `{name}` is not available in this build (enable cargo feature `{name}`)"
        );
        for args in [
            &["can-i-win", "10", "11", "--backend", name][..],
            &["predict-the-winner", "1", "2", "--backend", name],
            &["batch", "--backend", name],
        ] {
            let (code, _, stderr) = run(args);
            assert_eq!(code, 2, "{args:?}");
            assert!(stderr.contains(&message), "{stderr}");
        }
        let (code, stdout, _) = run(&["can-i-win", "10", "11", "--json", "--backend", name]);
        assert_eq!(code, 2);
        let v: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(v["kind"], "unavailable_backend");
        assert_eq!(v["error"], message);
    }
}

#[test]
fn version_lists_the_backend_features() {
    let flags = Backend::feature_flags();
    for flag in ["--version", "-V"] {
        gamesolve()
            .arg(flag)
            .assert()
            .success()
            .stdout(predicate::str::starts_with(format!(
                "gamesolve {} ({flags})",
                env!("CARGO_PKG_VERSION")
            )));
    }
    if cfg!(all(
        feature = "recursive",
        feature = "memo",
        feature = "tabular"
    )) {
        gamesolve()
            .arg("--version")
            .assert()
            .stdout(predicate::str::contains("+recursive +memo +tabular"));
    }
}

#[test]
fn backends_lists_every_backend_with_availability() {
    let (code, stdout, _) = run(&["backends"]);
    assert_eq!(code, 0);
    for backend in Backend::ALL {
        assert!(stdout.contains(backend.name()), "{stdout}");
    }
    assert!(stdout.contains("default"), "{stdout}");
    let v = json_ok(&["backends", "--json"]);
    let list = v.as_array().unwrap();
    assert_eq!(list.len(), Backend::ALL.len());
    for entry in list {
        assert_eq!(
            keys(entry),
            set(&[
                "name",
                "available",
                "default",
                "default_for",
                "summary",
                "variants"
            ])
        );
        let backend: Backend = entry["name"].as_str().unwrap().parse().unwrap();
        assert_eq!(entry["available"], backend.is_available());
        // Its variants, per game, as the registry lists them.
        let listed: Vec<(String, String)> = entry["variants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| {
                assert_eq!(keys(v), set(&["game", "name", "summary"]));
                (
                    v["game"].as_str().unwrap().to_owned(),
                    v["name"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        let registry: Vec<(String, String)> = backend
            .variants::<gamesolve::CanIWin>()
            .iter()
            .map(|v| ("can-i-win".to_owned(), v.name.to_owned()))
            .chain(
                backend
                    .variants::<gamesolve::PredictTheWinner>()
                    .iter()
                    .map(|v| ("predict-the-winner".to_owned(), v.name.to_owned())),
            )
            .collect();
        assert_eq!(listed, registry, "{backend}");
        // The default for a game is the first of the priority list with an algorithm for it.
        let default_for: Vec<&str> = entry["default_for"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g.as_str().unwrap())
            .collect();
        let mut want = Vec::new();
        if Backend::default_for::<gamesolve::CanIWin>() == backend && backend.is_available() {
            want.push("can-i-win");
        }
        if Backend::default_for::<gamesolve::PredictTheWinner>() == backend
            && backend.is_available()
        {
            want.push("predict-the-winner");
        }
        assert_eq!(default_for, want, "{backend}");
        assert_eq!(entry["default"], !want.is_empty());
        assert_eq!(entry["summary"], backend.summary());
    }
}

#[test]
fn help_and_missing_command() {
    gamesolve().arg("--help").assert().success().stdout(
        predicate::str::contains("can-i-win")
            .and(predicate::str::contains("predict-the-winner"))
            .and(predicate::str::contains("compare"))
            .and(predicate::str::contains("batch"))
            .and(predicate::str::contains("backends")),
    );
    let (code, _, stderr) = run(&[]);
    assert_eq!(code, 2);
    assert!(stderr.contains("Usage"), "{stderr}");
    let (code, stdout, _) = run(&["frobnicate", "--json"]);
    assert_eq!(code, 2);
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["kind"], "usage");
}

// ---------------------------------------------------------------------------
// compare

#[test]
fn compare_runs_every_backend_human_and_json() {
    let (code, stdout, stderr) = run(&["compare", "can-i-win", "12", "40"]);
    assert_eq!(code, 0, "{stderr}");
    for header in [
        "backend",
        "answer",
        "time",
        "positions",
        "memo hits",
        "states",
        "table bytes",
    ] {
        assert!(stdout.contains(header), "{header}: {stdout}");
    }
    for backend in available() {
        assert!(stdout.contains(backend), "{stdout}");
    }
    assert!(stdout.contains("first wins: take 1"), "{stdout}");

    let v = json_ok(&["compare", "can-i-win", "12", "40", "--json"]);
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), available().len());
    for (row, backend) in rows.iter().zip(available()) {
        assert_eq!(row["backend"], backend);
        if !can_i_win_backends().contains(&backend) {
            // Listed, and said to have no algorithm for the game.
            assert_eq!(row["kind"], "unavailable_backend", "{row}");
            continue;
        }
        assert_eq!(row["outcome"], "first");
        assert_eq!(row["best_move"], 1);
        assert!(row["time_ns"].is_u64());
        assert_stats_object(&row["stats"]);
    }

    let v = json_ok(&["compare", "--json", "predict-the-winner", "-3", "5", "-2"]);
    for row in v.as_array().unwrap() {
        assert_eq!(row["game"], "predict-the-winner");
        assert_eq!(row["margin"], -10);
        assert_eq!(row["best_move"], "left");
    }
}

#[test]
fn compare_shows_a_backend_that_gives_up_in_its_row() {
    // Every backend gives up under these limits: exit 1, reasons in the rows,
    // standard output still one JSON array.
    let args = [
        "compare",
        "can-i-win",
        "30",
        "300",
        "--memory-cap",
        "1KiB",
        "--node-budget",
        "10",
        "--state-budget",
        "10",
        "--json",
    ];
    let (code, stdout, stderr) = run(&args);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("no backend could answer"), "{stderr}");
    let v: Value = serde_json::from_str(&stdout).unwrap();
    for row in v.as_array().unwrap() {
        assert_eq!(
            keys(row),
            set(&["game", "backend", "variant", "error", "kind", "time_ns"])
        );
        let applies = can_i_win_backends().contains(&row["backend"].as_str().unwrap());
        let kind = if applies {
            "cannot_answer"
        } else {
            "unavailable_backend"
        };
        assert_eq!(row["kind"], kind, "{row}");
        assert!(
            row["error"].as_str().unwrap().contains("backend `"),
            "{row}"
        );
    }
    // One backend gives up, the others answer: exit 0.
    if available().contains(&"recursive") && available().len() > 1 {
        let (code, stdout, _) = run(&["compare", "can-i-win", "16", "60", "--node-budget", "100"]);
        assert_eq!(code, 0);
        assert!(stdout.contains("budget of 100 positions"), "{stdout}");
    }
    // Invalid input is rejected before any backend runs.
    let (code, _, stderr) = run(&["compare", "can-i-win", "65", "10"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("max_choosable = 65"));
}

// ---------------------------------------------------------------------------
// batch

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
            "unknown game `chess` (known games: can-i-win, predict-the-winner)",
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
                assert_eq!(keys(line), set(&["line", "error", "kind"]), "{line}");
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

/// A script that writes one line and waits for its answer must get it
/// before it closes standard input.
#[test]
fn batch_answers_each_line_before_the_next_arrives() {
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin!("gamesolve"))
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
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin!("gamesolve"))
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

// ---------------------------------------------------------------------------
// robustness

/// Odd inputs of every kind: each ends with exit 0, 1 or 2, never a panic.
#[test]
fn no_input_makes_the_program_panic() {
    let cases: &[&[&str]] = &[
        &["can-i-win", "64", "1"],
        &["can-i-win", "64", "2080"],
        &["can-i-win", "64", "18446744073709551615"],
        &["can-i-win", "1", "1"],
        &["can-i-win", "", ""],
        &["can-i-win", " 7 ", "+5"],
        &["can-i-win", "-0", "0"],
        &["can-i-win", "40", "100", "--memory-cap", "0"],
        &[
            "can-i-win",
            "40",
            "100",
            "-b",
            "memo",
            "--state-budget",
            "0",
        ],
        &[
            "can-i-win",
            "10",
            "11",
            "--memory-cap",
            "18446744073709551615",
        ],
        &[
            "can-i-win",
            "10",
            "11",
            "--memory-cap",
            "99999999999999999999",
        ],
        &["can-i-win", "10", "11", "--node-budget", "-1"],
        &["predict-the-winner", ","],
        &["predict-the-winner", "[", "]"],
        &["predict-the-winner", "]["],
        &["predict-the-winner", "\u{00e9}"],
        &["predict-the-winner", "--file", "/"],
        &["compare", "predict-the-winner"],
        &["compare", "can-i-win", "1", "0", "--json"],
        &["batch", "--json"],
    ];
    for args in cases {
        let (code, _, stderr) = run(args);
        assert!(matches!(code, 0..=2), "{args:?}: exit {code}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
    let weird_lines: &[&[u8]] = &[
        "\u{feff}{}".as_bytes(),
        br#"{"game":null}"#,
        b"[]",
        br#"{"game":"can-i-win","max_choosable":{},"desired_total":[]}"#,
        br#"{"game":"predict-the-winner","values":[[]]}"#,
        br#"{"game":"predict-the-winner","values":[1,2]"#,
        b"\xff\xfe",
        br#"{"game":"predict-the-winner","values":["\xff"]}"#,
    ];
    let (code, stdout, stderr) = run_with_stdin(&["batch"], weird_lines.join(&b'\n'));
    assert_eq!(code, 1, "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(stdout.lines().count(), weird_lines.len(), "{stdout}");
    assert!(stdout.lines().all(|l| l.contains("\"error\"")), "{stdout}");
}
