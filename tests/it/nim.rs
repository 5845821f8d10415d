//! The Nim example (`examples/nim.rs`): a game whose positions are not `Copy` (heaps in a
//! `Vec<u32>`), solved through `gamesolve::owned::Interned`. Checked against the XOR rule
//! (Bouton's theorem) on every generic variant of the build, and through the app's own
//! commands (`embed`: the bytes `solve --json`, `compare`, `analyze` and `explain` print)
//! with the example's game table.
#![allow(clippy::unwrap_used)]

use crate::nim_example::Nim;

use gamesolve::core_types::SolverConfig;
use gamesolve::owned::Interned;
use gamesolve::registry::generic_variants_of;
use gamesolve::{Backend, Game, Outcome};
use gamesolve_app::embed::{self, Options};
use gamesolve_app::GameTable;

/// The heaps' XOR: the first player wins exactly when it is not 0.
fn xor(heaps: &[u32]) -> u32 {
    heaps.iter().fold(0, |x, &h| x ^ h)
}

/// The example's table: the built-in games and Nim.
fn table() -> GameTable {
    GameTable::builtin().with::<Interned<Nim>>()
}

/// Whether this build has a generic variant (`recursive` or `memo`): a build with only
/// `tabular` or `reduction` has no algorithm for a game that does not number its positions.
fn generic() -> bool {
    Backend::Recursive.is_available() || Backend::Memo.is_available()
}

/// A JSON answer's bytes as a value.
fn json(bytes: &[u8]) -> serde_json::Value {
    serde_json::from_slice(bytes).unwrap()
}

#[test]
fn every_generic_variant_follows_the_xor_rule() {
    let mut checked = 0;
    for backend in Backend::available() {
        for variant in generic_variants_of::<Interned<Nim>>(backend) {
            let mut solver = variant.solver(&SolverConfig::default());
            for heaps in [
                [1, 2, 3],
                [3, 4, 5],
                [2, 2, 0],
                [1, 4, 6],
                [5, 5, 5],
                [0, 0, 0],
            ] {
                let game = Interned::new(Nim::new(&heaps.map(i64::from)).unwrap());
                let answer = solver.solve(&game).unwrap();
                let wins = xor(&game.game().heaps) != 0;
                let expected = if wins {
                    Outcome::FirstPlayerWins
                } else {
                    Outcome::SecondPlayerWins
                };
                assert_eq!(answer.outcome, expected, "{} on {heaps:?}", variant.id());
                if let Some(mv) = answer.best_move.filter(|_| wins) {
                    let after = game.position(game.play(game.start(), mv)).unwrap();
                    assert_eq!(xor(&after), 0, "{} on {heaps:?}", variant.id());
                }
                checked += 1;
            }
        }
    }
    assert!(
        checked >= 6 || !generic(),
        "no generic variant in this build"
    );
}

#[test]
fn solve_and_compare_answer_through_the_table() {
    if !generic() {
        return;
    }
    let table = table();
    let options = Options::default();
    let answer = embed::solve(&table, br#"{"game":"nim","heaps":[3,4,5]}"#, &options).unwrap();
    let answer = json(&answer);
    assert_eq!(answer["outcome"], "first", "{answer}");
    // 3 ^ 4 ^ 5 = 2: take 2 from the first heap (1 ^ 4 ^ 5 = 0).
    assert_eq!(answer["best_move"], "take 2 from heap 1", "{answer}");
    assert_eq!(answer["heaps"], serde_json::json!([3, 4, 5]), "{answer}");
    let lost = embed::solve(&table, br#"{"game":"nim","heaps":[1,2,3]}"#, &options).unwrap();
    assert_eq!(json(&lost)["outcome"], "second");

    let request = br#"{"game":"nim","heaps":[2,3]}"#;
    let (rows, verdict) = embed::compare(&table, request, &options, true).unwrap();
    verdict.unwrap();
    let rows = String::from_utf8(rows).unwrap();
    if Backend::Memo.is_available() {
        assert!(rows.contains("hash-map"), "{rows}");
    }
    assert!(rows.contains("first"), "{rows}");
}

#[test]
fn analyze_and_explain_show_the_games_words() {
    if !Backend::Memo.is_available() {
        return;
    }
    let table = table();
    let options = Options::default();
    let request = br#"{"game":"nim","heaps":[1,2]}"#;
    let analysis = embed::analyze(&table, request, &options, Vec::new()).unwrap();
    let analysis = String::from_utf8(analysis).unwrap();
    // 1 ^ 2 = 3: the only winning move takes 1 from heap 2 (leaving 1 1).
    assert!(analysis.contains("take 1 from heap 2"), "{analysis}");
    assert!(analysis.contains("\"value\":\"win\""), "{analysis}");
    let views = embed::explain(&table, request, &options).unwrap();
    let views = String::from_utf8(views).unwrap();
    assert!(views.contains("heaps 1 2"), "{views}");
}

#[test]
fn bad_heaps_are_refused_with_a_sentence() {
    if !generic() {
        return;
    }
    let table = table();
    let options = Options::default();
    for (request, words) in [
        (
            &br#"{"game":"nim","heaps":[3,-1]}"#[..],
            "heaps = -1 is out of range",
        ),
        (br#"{"game":"nim","heaps":[]}"#, "heaps has 0 values"),
        (
            br#"{"game":"nim","heaps":[1,1,1,1,1,1,1,1,1]}"#,
            "it must have 1 to 8",
        ),
    ] {
        let e = embed::solve(&table, request, &options).unwrap_err();
        assert_eq!(e.kind.as_str(), "invalid_input", "{e:?}");
        assert!(e.message().contains(words), "{}", e.message());
    }
}

#[test]
fn a_game_past_the_memory_cap_is_an_error_not_an_abort() {
    // The memo's growth is where a search checks the numbering's bytes against its cap;
    // `recursive/negamax` keeps no memo (the wrapper's own cap, 1 GiB, bounds it there).
    if !Backend::Memo.is_available() {
        return;
    }
    let table = table();
    let mut options = Options::default();
    options.set_limit("memory_cap", "64KiB").unwrap();
    // 8 heaps of 9: 10^8 positions.
    let request = br#"{"game":"nim","heaps":[9,9,9,9,9,9,9,9]}"#;
    let e = embed::solve(&table, request, &options).unwrap_err();
    assert_eq!(e.kind.as_str(), "cannot_answer", "{e:?}");
}
