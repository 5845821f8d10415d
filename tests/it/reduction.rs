//! The `reduction` backend (issue 10) through the library and the real binary: long rows
//! against the interval table, the default for Predict the Winner, a clear refusal for Can I
//! Win, its teaching view, and `analyze` on rows too long for the decision triangle.
#![allow(clippy::unwrap_used)]

use crate::common::cli::gamesolve;
use gamesolve::{Backend, CanIWin, PredictTheWinner};
use serde_json::Value;

/// SplitMix64: a fixed generator for the long rows.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Long rows, several seeds and shapes, including values so large that margins need `i128`:
/// the linear reduction equals the tabular interval row on every one (10^4 and 3·10^4 values
/// for every seed and shape, and one row of 10^5: the table's `len^2 / 2` cells take about a
/// second there).
#[test]
fn long_rows_agree_with_the_interval_table() {
    let (Ok(mut reduction), Ok(mut table)) = (
        Backend::Reduction.solver::<PredictTheWinner>(),
        Backend::Tabular.solver::<PredictTheWinner>(),
    ) else {
        eprintln!("skipped: this build lacks `reduction` or `tabular`");
        return;
    };
    let shapes = [
        "uniform 0..=10^7",
        "small -3..=3",
        "full i64 (the i128 path)",
    ];
    let mut rows = Vec::new();
    for seed in 1..=3u64 {
        for len in [10_000usize, 30_000] {
            for shape in shapes {
                rows.push((seed, len, shape));
            }
        }
    }
    rows.push((4, 100_000, shapes[0]));
    for (seed, len, shape) in rows {
        let mut rng = Rng(seed << 32 | len as u64);
        let values: Vec<i64> = (0..len)
            .map(|_| match shape {
                "uniform 0..=10^7" => (rng.next() % 10_000_001) as i64,
                "small -3..=3" => (rng.next() % 7) as i64 - 3,
                _ => rng.next() as i64,
            })
            .collect();
        let game = PredictTheWinner::new(values);
        let a = reduction.solve(&game).unwrap();
        let b = table.solve(&game).unwrap();
        assert_eq!(a, b, "seed {seed}, {len} values, {shape}");
    }
}

#[test]
fn reduction_is_the_default_for_predict_the_winner_only() {
    if !Backend::Reduction.is_available() {
        return;
    }
    assert_eq!(
        Backend::default_for::<PredictTheWinner>(),
        Backend::Reduction
    );
    assert_ne!(Backend::default_for::<CanIWin>(), Backend::Reduction);
    let out = gamesolve()
        .args(["predict-the-winner", "1", "5", "233", "7", "--json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["backend"].as_str(), v["variant"].as_str()),
        (Some("reduction"), Some("stack"))
    );
    assert_eq!(v["margin"], 222);
}

#[test]
fn can_i_win_with_reduction_is_refused_not_answered_by_another_backend() {
    if !Backend::Reduction.is_available() {
        return;
    }
    let out = gamesolve()
        .args(["can-i-win", "10", "11", "--backend", "reduction", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["kind"], "unavailable_backend");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("backend `reduction` has no algorithm for can-i-win"),
        "{v}"
    );
}

#[test]
fn explain_shows_the_merges_and_the_greedy_play() {
    if !Backend::Reduction.is_available() {
        return;
    }
    let out = gamesolve()
        .args([
            "explain",
            "predict-the-winner",
            "3",
            "9",
            "1",
            "2",
            "8",
            "4",
            "7",
        ])
        .args(["--backend", "reduction"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    for line in [
        "First player wins by 4",
        "values pushed 7 / merges 2 / cells a table would fill 28",
        "1. merge 3 <= 9 >= 1 at [0..=2] -> -5",
        "2. merge 2 <= 8 >= 4 at [3..=5] -> -2",
        "-5 -2 7",
        "1. first takes right 7 [6..=6]: 7 to 0",
        "Margin for the first player: +4",
    ] {
        assert!(text.contains(line), "{line}:\n{text}");
    }
}

#[test]
fn analyze_takes_rows_too_long_for_the_decision_triangle() {
    if !Backend::Reduction.is_available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("row.txt");
    let mut rng = Rng(7);
    let values: Vec<i64> = (0..100_000).map(|_| (rng.next() % 1000) as i64).collect();
    let text: Vec<String> = values.iter().map(i64::to_string).collect();
    std::fs::write(&path, text.join("\n")).unwrap();
    let out = gamesolve()
        .args(["analyze", "predict-the-winner", "--file"])
        .arg(&path)
        .args(["--memory-cap", "1MiB", "--json"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let game = PredictTheWinner::new(values);
    let want = gamesolve::solve_predict_the_winner(&game).unwrap();
    assert_eq!(v["margin"], want.margin as i64);
    assert_eq!(v["principal_variation"].as_array().unwrap().len(), 0);
    assert!(v["principal_variation_omitted"]
        .as_str()
        .unwrap()
        .contains("linear-time reduction"));
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2);
    // The even-length remark, in the text report.
    let out = gamesolve()
        .args(["analyze", "predict-the-winner", "--file"])
        .arg(&path)
        .args(["--memory-cap", "1MiB"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("An even number of values left: the first player cannot lose"),
        "{text}"
    );
    assert!(text.contains("No principal variation:"), "{text}");
}

#[test]
fn file_values_stream_and_bad_values_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.txt");
    std::fs::write(&path, "1, 5, 2x3, 7").unwrap();
    let out = gamesolve()
        .args(["predict-the-winner", "--file"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("value #3 = 2x3 is not an integer"), "{err}");
    std::fs::write(&path, "[1, 99999999999999999999, 7]").unwrap();
    let out = gamesolve()
        .args(["predict-the-winner", "--file"])
        .arg(&path)
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("value #2 = 99999999999999999999 is out of range"),
        "{err}"
    );
}

#[test]
fn batch_reads_long_rows_straight_from_the_json_text() {
    // The default backend of a single-backend build may not take a long row: plain recursion
    // takes 2^len paths, the memo's interval table len^2/2 cells of memory.
    let len = match Backend::default_for::<PredictTheWinner>() {
        Backend::Recursive => 12,
        Backend::Memo => 2_000,
        Backend::Tabular | Backend::Reduction => 50_000,
    };
    let values: Vec<String> = (0..len).map(|k| ((k * 7919) % 1000).to_string()).collect();
    let line = format!(
        "{{\"game\":\"predict-the-winner\",\"values\":[{}]}}\n{{\"game\":\"predict-the-winner\",\"values\":[1,\"5\"]}}\n",
        values.join(",")
    );
    let out = gamesolve().arg("batch").write_stdin(line).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["len"], len);
    let row: Vec<i64> = values.iter().map(|v| v.parse().unwrap()).collect();
    let want = gamesolve::solve_predict_the_winner(&PredictTheWinner::new(row)).unwrap();
    assert_eq!(lines[0]["margin"], want.margin as i64);
    // A string among the values: the precise message of the JSON reader.
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .contains("value #2 = \"5\" is not an integer"),
        "{}",
        lines[1]
    );
    assert_eq!(out.status.code(), Some(1));
}
