//! Integration tests of the `gamesolve` binary's solve commands, `can-i-win`
//! and `predict-the-winner`: the answer in words, the JSON contract field by
//! field, bad inputs and their exit codes, and odd inputs that must not
//! panic. They drive the real binary through `assert_cmd`. The other
//! commands are tested in `tests/cli_*.rs`; the helpers are in
//! `tests/it/common/cli.rs`.
//!
//! The instances are small so the debug binary answers them in milliseconds
//! (no `memo`/`recursive` runs on hard n = 20 totals here).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::cli::*;
use gamesolve::{CanIWin, PredictTheWinner};
use serde_json::Value;

// ---------------------------------------------------------------------------
// can-i-win

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
                    "stats",
                    "kernel"
                ]),
                "{v}"
            );
            assert_eq!(v["game"], "can-i-win");
            assert_eq!(v["backend"], backend);
            // The variant that ran: tests/kernels.rs checks which.
            assert!(v["kernel"].as_str().is_some_and(|k| !k.is_empty()), "{v}");
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
        "states stored",
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
        assert_eq!(keys(&v), set(&["error", "kind", "field"]));
        assert_eq!(v["kind"], "invalid_input");
        // The parameter at fault, as the message names it first.
        assert_eq!(v["field"], needles[0].split(' ').next().unwrap(), "{v}");
        assert!(v["error"].as_str().unwrap().contains(needles[0]), "{v}");
    }
}

// ---------------------------------------------------------------------------
// issue 12, item 6: `--all-totals` refuses the flags it would ignore

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

// ---------------------------------------------------------------------------
// predict-the-winner

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
                    "stats",
                    "kernel"
                ]),
                "{v}"
            );
            assert_eq!(v["game"], "predict-the-winner");
            assert_eq!(v["first_player_strictly_wins"], margin > 0);
            assert_eq!(v["backend"], backend);
            assert!(v["kernel"].as_str().is_some_and(|k| !k.is_empty()), "{v}");
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
// issue 12, item 15: `first_player_strictly_wins` in every Predict the Winner answer

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
