//! Integration tests of the `gamesolve` binary's backends: choosing one,
//! one that gives up or is missing from this build, `--version`, `backends`,
//! and `compare`, which runs them side by side. They drive the real binary;
//! the helpers are in `tests/it/common/cli.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::cli::*;
use gamesolve::Backend;
use predicates::prelude::*;
use serde_json::Value;

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
            .chain(
                backend
                    .variants::<gamesolve::CatAndMouse>()
                    .iter()
                    .map(|v| ("cat-and-mouse".to_owned(), v.name.to_owned())),
            )
            .chain(
                backend
                    .variants::<gamesolve::ConnectFour>()
                    .iter()
                    .map(|v| ("connect-four".to_owned(), v.name.to_owned())),
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
        if Backend::default_for::<gamesolve::CatAndMouse>() == backend && backend.is_available() {
            want.push("cat-and-mouse");
        }
        if Backend::default_for::<gamesolve::ConnectFour>() == backend && backend.is_available() {
            want.push("connect-four");
        }
        assert_eq!(default_for, want, "{backend}");
        assert_eq!(entry["default"], !want.is_empty());
        assert_eq!(entry["summary"], backend.summary());
    }
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
        // The answer column, its wrapped lines joined.
        let answers: Vec<&str> = stdout
            .lines()
            .filter_map(|line| line.split('┆').nth(1))
            .map(str::trim)
            .collect();
        assert!(
            answers.join(" ").contains("budget of 100 positions"),
            "{stdout}"
        );
    }
    // Invalid input is rejected before any backend runs.
    let (code, _, stderr) = run(&["compare", "can-i-win", "65", "10"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("max_choosable = 65"));
}
