//! Issue 44: `compare` measures like a benchmark tool (a counted run for the counters, then
//! timed plain runs, the median with its spread and the run count), and `growth` times the
//! backends over a game's growing sizes and fits each curve. These tests check the shape of
//! the output and of the files, never a speed: timing is not pass/fail here.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::cli::*;
use serde_json::Value;

/// A `timing` object's shape: every statistic, ordered, with at least `min_runs` runs (or one
/// run that passed the floor on its own).
fn assert_timing(timing: &Value, min_runs: u64) {
    let fields = [
        "runs",
        "samples",
        "batch",
        "median_ns",
        "mean_ns",
        "min_ns",
        "max_ns",
        "p25_ns",
        "p75_ns",
        "total_ns",
        "counted_ns",
        "warm_up",
        "no_stats",
    ];
    assert_eq!(keys(timing), set(&fields), "{timing}");
    let n = |name: &str| timing[name].as_u64().unwrap();
    assert!(n("runs") >= min_runs || n("runs") == 1, "{timing}");
    assert_eq!(n("runs"), n("samples") * n("batch"), "{timing}");
    assert!(n("min_ns") <= n("p25_ns"), "{timing}");
    assert!(n("p25_ns") <= n("median_ns"), "{timing}");
    assert!(n("median_ns") <= n("p75_ns"), "{timing}");
    assert!(n("p75_ns") <= n("max_ns"), "{timing}");
}

#[test]
fn compare_json_carries_each_backends_sample_statistics() {
    let v = json_ok(&[
        "compare",
        "can-i-win",
        "5",
        "11",
        "--json",
        "--min-time",
        "5ms",
    ]);
    let mut measured = 0;
    for row in v.as_array().unwrap() {
        if row.get("error").is_some() {
            assert!(row.get("timing").is_none(), "{row}");
            continue;
        }
        let timing = &row["timing"];
        assert_timing(timing, 10);
        assert_eq!(row["time_ns"], timing["median_ns"], "{row}");
        assert_eq!(timing["warm_up"], true, "{row}");
        assert_eq!(timing["no_stats"], true, "{row}");
        assert!(timing["total_ns"].as_u64().unwrap() >= 5_000_000, "{row}");
        measured += 1;
    }
    assert!(measured >= 1, "{v}");
}

#[test]
fn compare_quick_keeps_one_cold_counted_run() {
    let v = json_ok(&["compare", "can-i-win", "5", "11", "--json", "--quick"]);
    for row in v.as_array().unwrap() {
        if row.get("error").is_some() {
            continue;
        }
        let timing = &row["timing"];
        assert_timing(timing, 1);
        assert_eq!(timing["runs"], 1, "{row}");
        assert_eq!(timing["warm_up"], false, "{row}");
        assert_eq!(timing["no_stats"], false, "{row}");
        assert_eq!(timing["median_ns"], timing["counted_ns"], "{row}");
    }
    let (code, text, _) = run(&["compare", "can-i-win", "5", "11", "--quick"]);
    assert_eq!(code, 0);
    assert!(
        text.contains("one cold run with the counters on (--quick)"),
        "{text}"
    );
}

#[test]
fn compare_table_says_how_it_measured_with_runs_and_spread() {
    let (code, text, _) = run(&["compare", "predict-the-winner", "3", "9", "1", "2"]);
    assert_eq!(code, 0, "{text}");
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "time: median of the runs after warming up (≥ 100ms and ≥ 10 runs each), ± half \
             their interquartile range; counters from one separate run."
        ),
        "{text}"
    );
    let header = text.lines().nth(1).unwrap();
    for column in ["time", "±", "runs"] {
        assert!(header.contains(column), "{header}");
    }
    // Each answering row has a spread and a run count of at least 10.
    for line in text.lines().filter(|l| l.contains("first player wins")) {
        let cells: Vec<&str> = line.split('┆').map(str::trim).collect();
        assert!(cells[3].starts_with('±'), "{line}");
        assert!(cells[4].parse::<u64>().unwrap() >= 10, "{line}");
    }
}

#[test]
fn compare_fits_24_lines_of_80_columns_and_its_help_names_the_game_once() {
    let (code, text, _) = run(&["compare", "can-i-win", "20", "158", "--quick"]);
    assert!(code == 0, "{text}");
    assert!(
        text.lines().count() <= 22,
        "{} lines:\n{text}",
        text.lines().count()
    );
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "{line}");
    }
    let (_, help, _) = run(&["compare", "can-i-win", "--help"]);
    assert!(
        help.starts_with("Compare the backends on Can I Win.\n"),
        "{help}"
    );
}

#[test]
fn bad_measuring_flags_are_usage_errors() {
    for (flag, value, why) in [
        ("--min-runs", "0", "it is zero"),
        ("--min-time", "0s", "it is zero"),
        ("--min-time", "soon", "expected a duration"),
    ] {
        let (code, _, err) = run(&["compare", "can-i-win", "5", "11", flag, value]);
        assert_eq!(code, 2, "{flag} {value}");
        assert!(err.contains(why), "{flag} {value}: {err}");
    }
}

#[test]
fn growth_writes_its_table_csv_svg_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("g.csv");
    let svg = dir.path().join("g.svg");
    let args = [
        "growth",
        "can-i-win",
        "12",
        "0",
        "--sizes",
        "4..12",
        "--min-time",
        "2ms",
        "--min-runs",
        "3",
        "--csv",
        csv.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ];
    let (code, text, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(
        text.starts_with("can-i-win: time per solve by n (largest integer)"),
        "{text}"
    );
    assert!(text.contains("fastest"), "{text}");
    assert!(text.contains("Fits (least squares on log time"), "{text}");
    assert!(text.contains("Wrote "), "{text}");
    let csv = std::fs::read_to_string(&csv).unwrap();
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(&header[..3], ["game", "size", "label"]);
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert!(rows.len() >= 9, "{csv}");
    for row in &rows {
        assert_eq!(row[0], "can-i-win");
        let size: u64 = row[1].parse().unwrap();
        assert!((4..=12).contains(&size), "{row:?}");
    }
    let svg = std::fs::read_to_string(&svg).unwrap();
    assert!(svg.starts_with("<svg"), "{svg:.100}");
    for label in [
        "n (largest integer)",
        "median time per solve (log scale)",
        " µs",
    ] {
        assert!(svg.contains(label), "{label} not in the chart");
    }

    let v = json_ok(&[
        "growth",
        "predict-the-winner",
        "1",
        "5",
        "233",
        "7",
        "--sizes",
        "..64",
        "--min-time",
        "2ms",
        "--json",
        "--variants",
        "memo",
    ]);
    assert_eq!(v["game"], "predict-the-winner");
    assert_eq!(v["axis"], "length (values in the row)");
    let sizes: Vec<u64> = v["sizes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .collect();
    assert_eq!(sizes, [1, 2, 3, 4, 6, 8, 11, 16, 23, 32, 45, 64]);
    let curves = v["curves"].as_array().unwrap();
    assert_eq!(curves.len(), 1);
    assert_eq!(curves[0]["label"], "memo");
    for point in curves[0]["points"].as_array().unwrap() {
        assert_timing(&point["timing"], 10);
        assert_eq!(point["time_ns"], point["timing"]["median_ns"]);
        assert!(point["stats"]["positions"].is_u64(), "{point}");
    }
    // Enough points of a microsecond or more to fit: both shapes, with R² in [0, 1].
    let fit = &curves[0]["fit"];
    if !fit.is_null() {
        for shape in ["power", "exponential"] {
            let r2 = fit[shape]["r2"].as_f64().unwrap();
            assert!((0.0..=1.0 + 1e-9).contains(&r2), "{fit}");
        }
        assert!(["power", "exponential"].contains(&fit["best"].as_str().unwrap()));
    }
}

#[test]
fn growth_refuses_bad_input_clearly() {
    // A range with no size of the family.
    let (code, _, err) = run(&["growth", "can-i-win", "10", "0", "--sizes", "30..40"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--sizes 30..40: no size of can-i-win's family"),
        "{err}"
    );
    assert!(err.contains("1, 2, 3"), "{err}");
    // An empty or malformed range.
    let (code, _, err) = run(&["growth", "can-i-win", "10", "0", "--sizes", "9..3"]);
    assert_eq!(code, 2);
    assert!(err.contains("it is empty (9 > 3)"), "{err}");
    // An unknown backend, an unknown variant, a backend with no algorithm for the game.
    let (code, _, err) = run(&["growth", "can-i-win", "10", "0", "--variants", "memo,fast"]);
    assert_eq!(code, 2);
    assert!(err.contains("fast"), "{err}");
    let (code, _, err) = run(&["growth", "can-i-win", "10", "0", "--variants", "memo/quick"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("quick"), "{err}");
    if gamesolve::Backend::Reduction.is_available() {
        let (code, _, err) = run(&["growth", "can-i-win", "10", "0", "--variants", "reduction"]);
        assert_ne!(code, 0);
        assert!(err.contains("reduction"), "{err}");
    }
    // A game with no sizes to grow over has no `growth` subcommand.
    let (code, _, err) = run(&["growth", "connect-four", "4", "4"]);
    assert_eq!(code, 2);
    assert!(err.contains("connect-four"), "{err}");
    // A JSON error on standard output with --json.
    let (code, out, _) = run(&[
        "growth",
        "can-i-win",
        "10",
        "0",
        "--sizes",
        "30..40",
        "--json",
    ]);
    assert_eq!(code, 2);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["kind"], "invalid_input");
}
