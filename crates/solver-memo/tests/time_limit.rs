//! Issue 12: every memo variant honours `SolverConfig::time_limit`.
//!
//! Each variant gets a hard instance (far more than a few milliseconds of work) and a limit
//! that has passed (`0s`) or soon passes (`1ms`): it must give up with
//! `Error::TimeLimitReached`, of kind `CannotAnswer`, naming the limit. No test asserts on
//! elapsed times; how soon a variant stops is measured by
//! `cargo run --release -p solver-memo --example memo_timing -- limit 50`.
#![allow(clippy::unwrap_used)]

use std::time::Duration;

use core_types::{CanIWin, Error, ErrorKind, Game, PredictTheWinner, SolverConfig, Variant};
use solver_memo::{can_i_win, predict_the_winner};

/// The limits tried, with how the message shows each.
const LIMITS: [(Duration, &str); 2] = [
    (Duration::ZERO, "time limit of 0s"),
    (Duration::from_millis(1), "time limit of 1ms"),
];

/// Runs every variant of `variants` on `game` under each of [`LIMITS`] and checks the error.
fn gives_up_at_every_limit<G: Game>(variants: &[Variant<G>], game: &G) {
    for variant in variants {
        for (limit, shown) in LIMITS {
            let config = SolverConfig {
                time_limit: Some(limit),
                ..SolverConfig::default()
            };
            let mut solver = variant.solver(&config);
            let result = solver.solve(game);
            let Err(error) = result else {
                panic!("{}: answered under a {limit:?} limit", variant.id());
            };
            assert!(
                matches!(error, Error::TimeLimitReached { backend: "memo", limit: l, .. } if l == limit),
                "{}: {error:?}",
                variant.id()
            );
            assert_eq!(error.kind(), ErrorKind::CannotAnswer, "{}", variant.id());
            assert!(
                error.to_string().contains(shown),
                "{}: {error}",
                variant.id()
            );
            // The counted and traced paths honour it too.
            assert!(matches!(
                solver.solve_with_stats(game),
                Err(Error::TimeLimitReached { .. })
            ));
        }
    }
}

#[test]
fn every_can_i_win_variant_gives_up_at_its_time_limit() {
    // n = 24, T = 200: hundreds of milliseconds for the fastest variant, far more for the
    // sparse map and the generic hash map.
    let game = CanIWin::new(24, 200).unwrap();
    gives_up_at_every_limit(can_i_win::VARIANTS, &game);
}

#[test]
fn the_sparse_memo_gives_up_at_its_time_limit_beyond_the_dense_table() {
    // n = 40 does not fit densely: `auto` is the sparse map here.
    let game = CanIWin::new(40, 600).unwrap();
    let variants: Vec<_> = can_i_win::VARIANTS
        .iter()
        .copied()
        .filter(|v| matches!(v.name, "auto" | "sparse"))
        .collect();
    assert_eq!(variants.len(), 2);
    gives_up_at_every_limit(&variants, &game);
}

#[test]
fn every_predict_the_winner_variant_gives_up_at_its_time_limit() {
    let values: Vec<i64> = (0..3_000).map(|k| (k * 7919) % 1000).collect();
    gives_up_at_every_limit(predict_the_winner::VARIANTS, &PredictTheWinner::new(values));
}

#[test]
fn the_traced_path_gives_up_too() {
    let config = SolverConfig {
        time_limit: Some(Duration::ZERO),
        ..SolverConfig::default()
    };
    let game = CanIWin::new(24, 200).unwrap();
    for variant in can_i_win::VARIANTS {
        let mut events = 0u64;
        let mut recorder = Counting(&mut events);
        let result = variant.solver(&config).solve_traced(&game, &mut recorder);
        assert!(
            matches!(result, Err(Error::TimeLimitReached { .. })),
            "{}: {result:?}",
            variant.id()
        );
    }
    let values: Vec<i64> = (0..3_000).map(|k| (k * 7919) % 1000).collect();
    let game = PredictTheWinner::new(values);
    for variant in predict_the_winner::VARIANTS {
        let mut events = 0u64;
        let mut recorder = Counting(&mut events);
        let result = variant.solver(&config).solve_traced(&game, &mut recorder);
        assert!(
            matches!(result, Err(Error::TimeLimitReached { .. })),
            "{}: {result:?}",
            variant.id()
        );
    }
}

#[test]
fn a_generous_limit_changes_no_answer() {
    let generous = SolverConfig {
        time_limit: Some(Duration::from_secs(3600)),
        ..SolverConfig::default()
    };
    let unlimited = SolverConfig::default();
    for (n, t) in [(10, 40), (16, 90), (20, 158), (40, 100), (64, 30)] {
        let game = CanIWin::new(n, t).unwrap();
        for variant in can_i_win::VARIANTS {
            if variant.name == "hash-map" && n > 12 {
                continue; // seconds in a test build; the conformance suite covers it
            }
            let expected = variant.solver(&unlimited).solve(&game);
            let got = variant.solver(&generous).solve(&game);
            assert_eq!(got, expected, "{} n = {n}, T = {t}", variant.id());
        }
    }
    for len in [0, 1, 2, 33, 100, 1_000] {
        let values: Vec<i64> = (0..len).map(|k| (k * 7919) % 1000 - 300).collect();
        let game = PredictTheWinner::new(values);
        for variant in predict_the_winner::VARIANTS {
            if variant.name == "hash-map" && len > 100 {
                continue;
            }
            let expected = variant.solver(&unlimited).solve(&game);
            let got = variant.solver(&generous).solve(&game);
            assert_eq!(got, expected, "{} len = {len}", variant.id());
        }
    }
}

/// Counts the events of a traced run.
struct Counting<'a>(&'a mut u64);

impl<G: Game> core_types::Recorder<G> for Counting<'_> {
    fn position(&mut self, _depth: u64) {}
    fn positions(&mut self, _count: u64) {}
    fn memo_hit(&mut self) {}
    fn states_stored(&mut self, _count: u64) {}
    fn table(&mut self, _cells: u64, _bytes: u64) {}
    fn event(&mut self, _event: core_types::GameEvent<G>) {
        *self.0 += 1;
    }
}
