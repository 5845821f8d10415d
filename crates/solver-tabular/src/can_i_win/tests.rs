//! The word kernel against the per-mask reference, and that against the workspace's oracle
//! (`test_support::reference`), bit for bit.

use std::time::Duration;

use core_types::bits::subset_sums;
use core_types::{Outcome, SolverConfig};

use test_support::reference::mover_wins_at;

use super::*;
use crate::DEFAULT_MEMORY_CAP_BYTES as CAP;

fn game(n: u32, t: u64) -> CanIWin {
    CanIWin::new(n, t).unwrap()
}

#[test]
fn leetcode_and_seed_examples() {
    let s = |n, t| solve(&game(n, t), CAP).unwrap();
    assert!(!s(10, 11).can_i_win());
    assert_eq!(s(10, 11).outcome, Outcome::SecondPlayerWins);
    assert!(s(10, 0).can_i_win());
    assert_eq!(s(10, 0).best_move, None);
    assert!(s(10, 1).can_i_win());
    assert_eq!(s(10, 1).best_move, Some(1));
    assert!(!s(20, 158).can_i_win());
}

#[test]
fn edge_cases() {
    let s = |n, t| solve(&game(n, t), CAP).unwrap();
    // n = 1.
    assert_eq!(s(1, 1).best_move, Some(1));
    assert_eq!(s(1, 2).outcome, Outcome::Draw);
    // sum == T: parity of n.
    assert_eq!(s(5, 15).outcome, Outcome::FirstPlayerWins);
    assert_eq!(s(6, 21).outcome, Outcome::SecondPlayerWins);
    // sum < T: draw, whatever n.
    assert_eq!(s(10, 56).outcome, Outcome::Draw);
    assert_eq!(s(64, u64::MAX).outcome, Outcome::Draw);
    // T <= n: take T (or more) at once; the smallest such is T itself
    // unless a smaller move also wins.
    assert_eq!(s(10, 7).best_move, Some(7));
    assert_eq!(s(3, 3).best_move, Some(3));
    assert_eq!(s(64, 64).best_move, Some(64));
}

#[test]
fn word_kernel_matches_reference_for_every_total_up_to_14() {
    for n in 1..=14 {
        for t in 0..=pool_sum(n) + 1 {
            let g = game(n, t);
            let (fast, fast_stats) = solve_with_stats(&g, CAP).unwrap();
            let mut ref_stats = Stats::default();
            let reference = solve_per_mask_with(&g, CAP, Deadline::NEVER, &mut ref_stats).unwrap();
            assert_eq!(fast, reference, "n = {n}, T = {t}");
            assert_eq!(fast_stats, ref_stats, "n = {n}, T = {t}");
        }
    }
}

/// The word kernel before issue 13's groups, one word at a time (each
/// child word read and its immediate wins added per child): the exact
/// table the group pass must reproduce, bit for bit (positions whose
/// sum reaches T included).
pub(crate) fn per_word_table(n: u32, t: u64) -> Vec<u64> {
    let mut table = vec![0u64; (required_table_bytes(n) / 8) as usize];
    let tables = WordTables::new(n);
    let high = n.saturating_sub(6);
    let sums = subset_sums(high, 7);
    let high_mask = (1u64 << high) - 1;
    for w in (0..1u64 << high).rev() {
        let hs = sums[w as usize];
        if hs >= t {
            continue;
        }
        let r = t - hs;
        let mut free = !w & high_mask;
        if free != 0 && u64::from(70 - free.leading_zeros()) >= r {
            table[w as usize] = !0;
            continue;
        }
        let mut e = tables.imm[r.min(28) as usize];
        while free != 0 {
            let j = free.trailing_zeros();
            free &= free - 1;
            let num = u64::from(j) + 7;
            e |= tables.ge[(r - num).min(22) as usize] | !table[(w | 1 << j) as usize];
        }
        table[w as usize] = solve_word(e, t4());
    }
    table
}

/// The group pass's table, as `solve` fills it.
pub(crate) fn group_table(n: u32, t: u64) -> Vec<u64> {
    let mut table = vec![0u64; (required_table_bytes(n) / 8) as usize];
    fill_words(n, t, &mut table, Deadline::NEVER, &mut NoStats).unwrap();
    table
}

#[test]
fn group_pass_fills_the_per_word_table_bit_for_bit() {
    for n in 1..=13 {
        for t in n as u64 + 1..pool_sum(n) {
            assert!(
                group_table(n, t) == per_word_table(n, t),
                "n = {n}, T = {t}"
            );
        }
    }
    for (n, t) in [
        (16, 108),
        (18, 137),
        (20, 158),
        (20, 209),
        (21, 60),
        (22, 240),
    ] {
        assert!(
            group_table(n, t) == per_word_table(n, t),
            "n = {n}, T = {t}"
        );
    }
}

#[test]
fn word_kernel_matches_reference_up_to_20() {
    for (n, t) in [
        (15, 60),
        (16, 68),
        (17, 80),
        (18, 90),
        (19, 100),
        (20, 158),
        (20, 152),
    ] {
        let g = game(n, t);
        assert_eq!(
            solve(&g, CAP).unwrap(),
            solve_per_mask(&g, CAP).unwrap(),
            "n = {n}, T = {t}"
        );
    }
}

#[test]
fn reference_matches_brute_force() {
    for n in 1..=9 {
        for t in 1..pool_sum(n) {
            let expected = mover_wins_at(n, 0, t);
            let got = solve_per_mask(&game(n, t), CAP).unwrap();
            assert_eq!(got.can_i_win(), expected, "n = {n}, T = {t}");
            if let Some(m) = got.best_move {
                let k = m - 1;
                assert!(u64::from(m) >= t || !mover_wins_at(n, 1 << k, t - u64::from(m)));
                // Smallest: no smaller move wins.
                for smaller in 1..m {
                    assert!(
                        u64::from(smaller) < t
                            && mover_wins_at(n, 1 << (smaller - 1), t - u64::from(smaller))
                    );
                }
            }
        }
    }
}

/// The compile-time in-word tables against their definition, for every
/// number of in-word integers.
#[test]
fn word_tables_match_their_definition() {
    for n in 0..=8 {
        let low = n.min(6);
        let tables = WordTables::new(n);
        for p in 0..64u32 {
            let sum: u32 = (0..low).filter(|k| p >> k & 1 == 1).map(|k| k + 1).sum();
            let largest_free = (1..=low).rev().find(|k| p >> (k - 1) & 1 == 0);
            for x in 0..23 {
                assert_eq!(tables.ge[x as usize] >> p & 1 == 1, sum >= x, "n = {n}");
            }
            for r in 0..29 {
                let wins = largest_free.is_some_and(|k| sum + k >= r);
                assert_eq!(tables.imm[r as usize] >> p & 1 == 1, wins, "n = {n}");
            }
            let real = (low..6).all(|k| p >> k & 1 == 1);
            assert_eq!(tables.real >> p & 1 == 1, real, "n = {n}");
        }
    }
}

#[test]
fn solve_word_matches_descending_definition() {
    let reference = |e: u64| {
        let mut w = 0u64;
        for p in (0..64).rev() {
            let wins = e >> p & 1 == 1
                || (0..6).any(|k| p & (1 << k) == 0 && w >> (p | (1 << k)) & 1 == 0);
            w |= u64::from(wins) << p;
        }
        w
    };
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..2000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        for e in [x, x & (x >> 3), x | (x >> 5), 0, !0] {
            assert_eq!(solve_word(e, t4()), reference(e), "e = {e:#x}");
        }
    }
}

#[test]
fn stats_count_table_and_masks() {
    let (_, stats) = solve_with_stats(&game(10, 11), CAP).unwrap();
    assert_eq!(stats.table_cells, 1024);
    assert_eq!(stats.table_bytes, 128);
    assert!(stats.positions > 0 && stats.positions < 1024);
    assert_eq!(stats.states, stats.positions);
    // Settled games touch no table.
    assert_eq!(
        solve_with_stats(&game(10, 0), CAP).unwrap().1,
        Stats::default()
    );
}

#[test]
fn table_too_large_is_refused_before_allocating() {
    let err = solve(&game(20, 100), 1024).unwrap_err();
    assert!(matches!(
        err,
        Error::TableTooLarge {
            value: 20,
            required_bytes: 131_072,
            memory_cap_bytes: 1024,
            ..
        }
    ));
    assert!(err.to_string().contains("memo"));
    assert!(solve_per_mask(&game(20, 100), 1024).is_err());
    // 2^64 bits: beyond the index type, whatever the cap.
    let err = solve(&game(64, 100), u64::MAX).unwrap_err();
    assert!(matches!(err, Error::GameTooLarge { value: 64, .. }));
    // The default cap refuses n = 34 (2 GiB) and accepts settled games of any size.
    assert!(matches!(
        solve(&game(34, 300), CAP),
        Err(Error::TableTooLarge { .. })
    ));
    assert!(solve(&game(64, 1_000_000), CAP).is_ok());
}

fn pool_sum(n: u32) -> u64 {
    core_types::can_i_win::pool_sum(n)
}

fn limited(limit: Option<Duration>) -> SolverConfig {
    SolverConfig {
        time_limit: limit,
        ..SolverConfig::default()
    }
}

/// The time limit (issue 12): every variant, on its plain, counted and traced paths, gives
/// up with `TimeLimitReached` on a large table, with no limit (zero) or a few milliseconds
/// (the word kernels take about 0.1 s at n = 28 in release, far more in test builds).
#[test]
fn every_variant_gives_up_at_its_time_limit() {
    for (n, t, limit, shown) in [
        (26, 263, Duration::ZERO, "time limit of 0s"),
        (28, 305, Duration::from_millis(2), "time limit of 2ms"),
    ] {
        let g = game(n, t);
        let config = limited(Some(limit));
        for variant in VARIANTS {
            let mut solver = (variant.build)(&config);
            let name = variant.name;
            let mut stats = Stats::default();
            for err in [
                solver.solve(&g).unwrap_err(),
                solver.solve_with_stats(&g).unwrap_err(),
                solver.solve_traced(&g, &mut stats).unwrap_err(),
            ] {
                assert_eq!(
                    err,
                    Error::TimeLimitReached {
                        backend: NAME,
                        game: CanIWin::NAME,
                        limit
                    },
                    "{name}, n = {n}"
                );
                assert_eq!(err.kind(), core_types::ErrorKind::CannotAnswer);
                assert!(err.to_string().contains(shown), "{err}");
            }
        }
    }
}

/// The clock starts when a solve does, not when the solver is built; a limit that is not
/// reached changes nothing; settled games need no table and are answered at any limit.
#[test]
fn a_limit_not_reached_changes_nothing() {
    let limit = Duration::from_millis(200);
    let mut solvers: Vec<_> = VARIANTS
        .iter()
        .map(|v| (v.name, (v.build)(&limited(Some(limit)))))
        .collect();
    std::thread::sleep(limit + Duration::from_millis(50));
    let g = game(12, 50);
    let expected = solve_with_stats(&g, CAP).unwrap();
    for (name, solver) in &mut solvers {
        assert_eq!(solver.solve_with_stats(&g).unwrap(), expected, "{name}");
    }
    let g = game(20, 158);
    let expected = solve_with_stats(&g, CAP).unwrap();
    for variant in VARIANTS {
        let mut solver = (variant.build)(&limited(Some(Duration::from_secs(3600))));
        assert_eq!(solver.solve_with_stats(&g).unwrap(), expected);
        let mut zero = (variant.build)(&limited(Some(Duration::ZERO)));
        assert_eq!(
            zero.solve(&game(10, 0)).unwrap(),
            solve(&game(10, 0), CAP).unwrap()
        );
        assert_eq!(zero.solve(&game(10, 7)).unwrap().best_move, Some(7));
    }
}
