//! "Your own variant in one file" (`examples/my_variant.rs`, docs/GUIDE.md#your-own-variant),
//! checked: the variant `tabular/pile-row`, written in that file only, is in the registry's
//! list for its game (which `compare --variants`, `--backend` and the variants bench iterate),
//! in `backends`, in `compare --variants` and in `growth` (over the game's default family,
//! its pile sizes); it answers as the other variants do and keeps the limits.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use gamesolve::{
    core_types::SolverConfig,
    registry::{all_variants, BackendChoice},
    Backend, Error, Outcome,
};
use gamesolve_app::embed::{self, GrowthOptions, Options};
use gamesolve_app::GameTable;

use crate::my_variant_example::{Subtraction, PILE_ROW};

const ID: &str = "tabular/pile-row";

fn ids() -> Vec<String> {
    all_variants::<Subtraction>()
        .iter()
        .map(|v| v.id())
        .collect()
}

#[test]
fn the_variant_is_in_the_registry_list_after_the_registry_s_own() {
    let ids = ids();
    if !Backend::Tabular.is_available() {
        assert!(!ids.iter().any(|id| id == ID), "{ids:?}");
        return;
    }
    let tabular: Vec<&str> = Backend::Tabular
        .variants::<Subtraction>()
        .iter()
        .map(|v| v.name)
        .collect();
    assert_eq!(tabular, ["retrograde", PILE_ROW]);
    // The game's registry variants are all still there (it is indexed: memo/indexed first).
    if Backend::Memo.is_available() {
        assert_eq!(Backend::Memo.variants::<Subtraction>()[0].name, "indexed");
    }
    // The same game's type without the extra variants lists no such variant.
    let plain: Vec<String> = all_variants::<crate::subtraction_example::Subtraction>()
        .iter()
        .map(|v| v.id())
        .collect();
    assert_eq!(plain.len() + 1, ids.len(), "{plain:?} against {ids:?}");
}

#[test]
fn the_variant_answers_as_the_others_and_keeps_the_limits() {
    if !Backend::Tabular.is_available() {
        return;
    }
    let choice: BackendChoice = ID.parse().unwrap();
    let mut mine = choice.solver::<Subtraction>().unwrap();
    let reference = if Backend::Memo.is_available() {
        "memo/hash-map"
    } else {
        "tabular/retrograde"
    };
    let mut reference = reference
        .parse::<BackendChoice>()
        .unwrap()
        .solver::<Subtraction>()
        .unwrap();
    for stones in 0..=200 {
        let game = Subtraction { stones };
        let got = mine.solve(&game).unwrap();
        let want = reference.solve(&game).unwrap();
        assert_eq!(got, want, "pile of {stones}");
        // The known answer of the subtraction game {1, 3, 4}: the lost piles are 0 and 2 mod 7.
        let lost = matches!(stones % 7, 0 | 2);
        assert_eq!(
            got.outcome == Outcome::SecondPlayerWins,
            lost,
            "pile of {stones}"
        );
    }
    let (_, stats) = mine
        .solve_with_stats(&Subtraction { stones: 1_000_000 })
        .unwrap();
    assert_eq!(stats.positions, 1_000_001);

    let small = SolverConfig {
        memory_cap_bytes: Some(100),
        ..SolverConfig::default()
    };
    let e = choice
        .solver_with::<Subtraction>(&small)
        .unwrap()
        .solve(&Subtraction { stones: 1_000 })
        .unwrap_err();
    assert!(
        matches!(
            e,
            Error::TableTooLarge {
                required_bytes: 1_001,
                ..
            }
        ),
        "{e}"
    );
    let none = SolverConfig {
        time_limit: Some(std::time::Duration::ZERO),
        ..SolverConfig::default()
    };
    let e = choice
        .solver_with::<Subtraction>(&none)
        .unwrap()
        .solve(&Subtraction { stones: 1_000_000 })
        .unwrap_err();
    assert!(matches!(e, Error::TimeLimitReached { .. }), "{e}");
}

#[test]
fn backends_and_compare_variants_offer_it() {
    let table = GameTable::builtin().with::<Subtraction>();
    let backends = String::from_utf8(embed::backends(&table)).unwrap();
    let builtin = String::from_utf8(embed::backends(&GameTable::builtin())).unwrap();
    assert!(!builtin.contains(PILE_ROW));
    assert_eq!(
        backends.contains(&format!("\"{PILE_ROW}\"")),
        Backend::Tabular.is_available(),
        "{backends}"
    );
    // A small pile: `recursive/negamax` (no memo) answers it too.
    let request = br#"{"game":"subtraction-1-3-4","stones":20}"#;
    let (rows, verdict) = embed::compare(&table, request, &Options::default(), true).unwrap();
    verdict.unwrap();
    let rows = String::from_utf8(rows).unwrap();
    assert_eq!(
        rows.contains(PILE_ROW),
        Backend::Tabular.is_available(),
        "{rows}"
    );
}

#[test]
fn the_variants_bench_iterates_the_example_game_s_list() {
    // `benches/variants.rs` benches every variant of `all_variants::<G>()` for each game it
    // has; the example's game is one of them, loaded from the example's file.
    let bench =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/benches/variants.rs"))
            .unwrap();
    assert!(bench.contains("#[path = \"../examples/my_variant.rs\"]"));
    assert!(bench.contains("bench_variants::<my_variant::Subtraction>"));
    assert!(bench.contains("all_variants::<G>()"));
}

#[test]
fn growth_times_it_over_the_pile_sizes() {
    if !Backend::Tabular.is_available() {
        return;
    }
    let table = GameTable::builtin().with::<Subtraction>();
    let request = br#"{"game":"subtraction-1-3-4","stones":1000}"#;
    let growth = GrowthOptions {
        variants: vec![ID.to_owned()],
        min_time: std::time::Duration::from_micros(200),
        min_runs: 2,
        ..GrowthOptions::default()
    };
    let report = embed::growth(&table, request, &Options::default(), &growth).unwrap();
    let report: serde_json::Value = serde_json::from_slice(&report).unwrap();
    // The family needs no code of its own: the game's one whole-number parameter, √2 apart
    // up to the instance's own pile.
    assert_eq!(report["axis"], "stones", "{report}");
    let sizes: Vec<u64> = report["sizes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .collect();
    assert_eq!(sizes.first(), Some(&1));
    assert_eq!(sizes.last(), Some(&1000));
    assert!(sizes.windows(2).all(|w| w[0] < w[1]), "{sizes:?}");
    let curves = report["curves"].as_array().unwrap();
    assert_eq!(curves.len(), 1, "{report}");
    assert_eq!(curves[0]["label"], ID);
    assert_eq!(curves[0]["variant"], PILE_ROW);
    let points = curves[0]["points"].as_array().unwrap();
    assert_eq!(points.len(), sizes.len(), "{report}");
    for (point, size) in points.iter().zip(&sizes) {
        // One cell per pile size 0..=stones.
        assert_eq!(point["stats"]["positions"], size + 1, "{point}");
        assert!(point["timing"]["runs"].as_u64().unwrap() >= 1, "{point}");
    }
    // A game with no family: refused with the reason.
    let e = embed::growth(
        &table,
        br#"{"game":"connect-four","width":4,"height":4}"#,
        &Options::default(),
        &GrowthOptions::default(),
    )
    .unwrap_err();
    assert!(
        e.message().contains("no sizes to grow over"),
        "{}",
        e.message()
    );
}
