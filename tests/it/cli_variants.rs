//! Algorithm variants through the real binary (issue 9): `--backend NAME/VARIANT` on the
//! solving commands, `batch` and `explain`, the JSON `variant` field, and
//! `compare --variants`, all from the registry's one list.
#![allow(clippy::unwrap_used)]

use crate::common::cli::*;
use gamesolve::{registry::all_variants, Backend, CanIWin, PredictTheWinner};
use serde_json::Value;

#[test]
fn every_variant_answers_through_backend_name_slash_variant() {
    for variant in all_variants::<CanIWin>() {
        let id = variant.id();
        let v = json_ok(&["can-i-win", "10", "11", "--json", "--backend", &id]);
        assert_eq!(
            (v["backend"].as_str(), v["variant"].as_str()),
            (Some(variant.backend), Some(variant.name)),
            "{id}"
        );
        assert_eq!(v["outcome"], "second", "{id}");
    }
    for variant in all_variants::<PredictTheWinner>() {
        let id = variant.id();
        let v = json_ok(&[
            "predict-the-winner",
            "1",
            "5",
            "233",
            "7",
            "--json",
            "--backend",
            &id,
        ]);
        assert_eq!(v["variant"], variant.name, "{id}");
        assert_eq!(v["margin"], 222, "{id}");
    }
}

#[test]
fn a_bare_backend_is_its_first_variant() {
    for backend in Backend::available() {
        let Some(first) = backend.variants::<PredictTheWinner>().first().copied() else {
            continue;
        };
        let v = json_ok(&[
            "predict-the-winner",
            "1",
            "5",
            "2",
            "--json",
            "--backend",
            backend.name(),
        ]);
        assert_eq!(v["variant"], first.name, "{backend}");
    }
}

#[test]
fn an_unknown_variant_lists_the_backends_variants() {
    if !Backend::Memo.is_available() {
        return;
    }
    let (code, _, stderr) = run(&["can-i-win", "10", "11", "--backend", "memo/nope"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("backend `memo` has no variant `nope` for can-i-win (its variants: auto, dense, sparse, sparse-then-dense, hash-map, indexed, alpha-beta, bounded, bounded-all-cores, textbook)"),
        "{stderr}"
    );
}

#[test]
fn compare_variants_gives_one_row_per_variant() {
    let v = json_ok(&["compare", "--variants", "can-i-win", "8", "20", "--json"]);
    let rows: Vec<(String, String)> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["backend"].as_str().unwrap().to_owned(),
                r["variant"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let mut want = Vec::new();
    for backend in Backend::available() {
        let variants = backend.variants::<CanIWin>();
        if variants.is_empty() {
            want.push((backend.name().to_owned(), "-".to_owned()));
        }
        want.extend(
            variants
                .iter()
                .map(|v| (v.backend.to_owned(), v.name.to_owned())),
        );
    }
    assert_eq!(rows, want);
    // Every variant that answers agrees.
    for row in v.as_array().unwrap() {
        if row.get("error").is_none() {
            assert_eq!(row["outcome"], v[0]["outcome"], "{row}");
        }
    }
    let (code, text, _) = run(&["compare", "can-i-win", "8", "20", "--variants"]);
    assert_eq!(code, 0);
    for (backend, variant) in &want {
        if variant != "-" {
            assert!(
                text.contains(&format!("{backend}/{variant}")),
                "{backend}/{variant}:\n{text}"
            );
        }
    }
}

#[test]
fn batch_and_explain_take_a_variant_too() {
    if !Backend::Tabular.is_available() {
        return;
    }
    let (code, out, _) = run_with_stdin(
        &["batch", "--backend", "tabular/per-mask"],
        "{\"game\":\"can-i-win\",\"max_choosable\":10,\"desired_total\":11}\n",
    );
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (v["backend"].as_str(), v["variant"].as_str()),
        (Some("tabular"), Some("per-mask"))
    );
    let v = json_ok(&[
        "explain",
        "can-i-win",
        "5",
        "11",
        "--backend",
        "tabular/per-mask",
        "--json",
    ]);
    assert_eq!(v["variant"], "per-mask");
}
