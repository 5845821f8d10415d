//! The inputs of the criterion benches, with their expected answers, shared by
//! `benches/*.rs` and `examples/plot_benchmarks.rs` (which includes this file
//! with `#[path]`).
//!
//! Every input is fixed: Can I Win instances are listed below, Predict the
//! Winner rows come from a seeded [`SplitMix64`]. Each backend's answer is
//! checked against the expected one here before it is timed; the expected answers within
//! the reach of the workspace's oracle (`test_support::reference`) are checked against it by
//! `tests/it/bench_inputs.rs`.

#![allow(dead_code)] // each includer uses a different part

use gamesolve::{
    core_types::{CanIWinSolution, Side},
    Backend, CanIWin, PredictTheWinner,
};

/// One Can I Win benchmark point: the pool `1..=n`, the total, and the
/// expected best move (`None`: the second player wins).
#[derive(Clone, Copy, Debug)]
pub struct CanIWinCase {
    /// The largest integer of the pool.
    pub n: u32,
    /// The total to reach.
    pub total: u64,
    /// The smallest winning first integer, `None` when the first player loses.
    pub best_move: Option<u32>,
}

impl CanIWinCase {
    /// The game.
    pub fn game(&self) -> CanIWin {
        match CanIWin::new(self.n, self.total) {
            Ok(game) => game,
            Err(e) => panic!(
                "bench input n = {}, T = {} is invalid: {e}",
                self.n, self.total
            ),
        }
    }

    /// The expected answer (none of the cases is settled without search).
    pub fn expected(&self) -> CanIWinSolution {
        CanIWinSolution::from_search(self.best_move)
    }
}

const fn case(n: u32, total: u64, best_move: Option<u32>) -> CanIWinCase {
    CanIWinCase {
        n,
        total,
        best_move,
    }
}

/// The hardest total per `n`: for `n <= 24` the total on which a plain
/// LeetCode-style top-down memo (ascending moves) stores the most states,
/// found by `cargo run --release --example hardest_totals -- 8 10 12 14 16 18
/// 20 22 24` (for `n = 20`: `T = 158`, 770,565 states, as in issue 5). Larger
/// `n` use `T = 3/4` of the pool sum, rounded (hard for every backend: `memo`
/// stores 12.3 million of the 2^25 states at `n = 25`, `T = 244`), the totals
/// issue 13's targets are stated at; the hardest totals of `n = 25..32`, found
/// since by `solver-tabular`'s `hardest_totals_scan` example, are
/// [`HARDEST_SCANNED`]. The expected answers are those of `tabular` and `memo`,
/// which agree on every case.
pub const HARDEST: &[CanIWinCase] = &[
    case(8, 31, None),
    case(10, 48, None),
    case(12, 56, None),
    case(14, 69, None),
    case(16, 108, None),
    case(18, 137, Some(15)),
    case(20, 158, None),
    case(22, 167, None),
    case(24, 198, Some(22)),
    case(25, 244, Some(1)),
    case(26, 263, Some(5)),
    case(28, 305, Some(1)),
    case(30, 349, None),
    case(32, 396, None),
];

/// The hardest total of each `n = 25..32` found by an actual scan (issue 13): the total on
/// which the same plain top-down memo as [`HARDEST`]'s stores the most states, found by
/// `solver-tabular`'s `hardest_totals_scan` example (commands, windows and counts in
/// BENCHMARKS.md, "Hardest totals"; `n = 32`: `T = 352`, 3,590,400,304 of the `2^32` states).
/// [`HARDEST`] keeps `T = 3/4` of the pool sum from `n = 25` on, the totals issue 13's targets
/// are stated at. The expected answers are `tabular`'s, and `memo/dense`'s agree for
/// `n = 25..29`.
pub const HARDEST_SCANNED: &[CanIWinCase] = &[
    case(25, 226, None),
    case(26, 251, None),
    case(27, 271, None),
    case(28, 264, None),
    case(29, 306, None),
    case(30, 313, None),
    case(31, 344, Some(26)),
    case(32, 352, Some(27)),
];

/// An easy total per `n`: `T = 5n/2`, where a top-down memo stores only
/// hundreds of states (267 at `n = 20`, 1,660 at `n = 32`) while a bottom-up
/// table still fills every subset whose sum is below `T`. The expected
/// answers are those of `tabular` and `memo` (only `memo` beyond `n = 33`,
/// checked there with an independent hash-map memo).
pub const EASY: &[CanIWinCase] = &[
    case(8, 20, Some(1)),
    case(12, 30, None),
    case(16, 40, Some(6)),
    case(20, 50, Some(2)),
    case(24, 60, Some(3)),
    case(28, 70, Some(3)),
    case(32, 80, Some(7)),
    case(40, 100, Some(14)),
    case(48, 120, Some(18)),
    case(64, 160, Some(12)),
];

/// The Predict the Winner row lengths benched, with the expected margin and
/// best move of [`row`]`(len)`: `tabular`'s answers, checked against `memo`
/// up to 5,000 values and against `tabular`'s portable (non-SIMD) kernel
/// beyond.
pub const PREDICT_THE_WINNER: &[(usize, i128, Side)] = &[
    // Short rows locate the crossover between `reduction` and the tables (issue 10).
    (2, 1_383_973, Side::Left),
    (4, 2_228_473, Side::Left),
    (6, 10_290_800, Side::Left),
    (8, 10_381_070, Side::Left),
    (10, 12_182_396, Side::Left),
    (15, 4_504_367, Side::Right),
    (20, 9_090_013, Side::Left),
    (25, -1_617_417, Side::Left),
    (100, 17_241_101, Side::Left),
    (300, 27_818_573, Side::Left),
    (1_000, 130_704_697, Side::Left),
    (2_000, 155_316_572, Side::Left),
    (5_000, 330_415_057, Side::Left),
    (20_000, 265_239_601, Side::Left),
    (50_000, 336_776_620, Side::Right),
    (100_000, 1_446_633_775, Side::Left),
];

/// The longest row benched (only by `tabular` on all cores, in
/// `predict-the-winner/tabular-kernels`), with its expected margin and best
/// move: the all-cores kernel and the portable one agree.
pub const PREDICT_THE_WINNER_LONGEST: (usize, i128, Side) = (300_000, 870_523_424, Side::Left);

/// The expected margin and best move of [`row`]`(len)`, for the lengths
/// listed above.
pub fn expected_row(len: usize) -> Option<(i128, Side)> {
    PREDICT_THE_WINNER
        .iter()
        .chain([&PREDICT_THE_WINNER_LONGEST])
        .find(|(l, _, _)| *l == len)
        .map(|&(_, margin, side)| (margin, side))
}

/// Whether `backend` is benched on a point: the slow backends stop where one
/// run would take longer than about a tenth of a second (or exceed their
/// budget or memory cap).
pub fn runs(backend: Backend, group: Group, size: u64) -> bool {
    match group {
        Group::CanIWinVariants | Group::PredictTheWinnerVariants => false,
        Group::Hardest | Group::HardestScanned => match backend {
            Backend::Recursive => size <= 14,
            Backend::Memo => size <= 25,
            Backend::Tabular => size <= 32,
            Backend::Reduction => false, // no algorithm for Can I Win
        },
        Group::Easy => match backend {
            Backend::Recursive => size <= 24,
            Backend::Memo => true,
            Backend::Tabular => size <= 32,
            Backend::Reduction => false,
        },
        Group::PredictTheWinner => match backend {
            Backend::Recursive => size <= 25,
            Backend::Memo => size <= 5_000,
            Backend::Tabular | Backend::Reduction => true,
        },
    }
}

/// The bench groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// `can-i-win/hardest`, over `n`.
    Hardest,
    /// `can-i-win/easy`, over `n`.
    Easy,
    /// `can-i-win/hardest-scanned`, over `n = 25..32`: [`HARDEST_SCANNED`].
    HardestScanned,
    /// `predict-the-winner/len`, over the row length.
    PredictTheWinner,
    /// `can-i-win/variants`: every variant of every backend, hardest totals, over `n`.
    CanIWinVariants,
    /// `predict-the-winner/variants`: every variant of every backend, over the row length.
    PredictTheWinnerVariants,
}

impl Group {
    /// The groups comparing the backends (one panel of the plot each).
    pub const BACKENDS: [Group; 3] = [Group::Hardest, Group::Easy, Group::PredictTheWinner];

    /// Every group.
    pub const ALL: [Group; 6] = [
        Group::Hardest,
        Group::Easy,
        Group::HardestScanned,
        Group::PredictTheWinner,
        Group::CanIWinVariants,
        Group::PredictTheWinnerVariants,
    ];

    /// The criterion group name.
    pub const fn name(self) -> &'static str {
        match self {
            Group::Hardest => "can-i-win/hardest",
            Group::Easy => "can-i-win/easy",
            Group::HardestScanned => "can-i-win/hardest-scanned",
            Group::PredictTheWinner => "predict-the-winner/len",
            Group::CanIWinVariants => "can-i-win/variants",
            Group::PredictTheWinnerVariants => "predict-the-winner/variants",
        }
    }
}

/// Seed of every benched Predict the Winner row.
pub const SEED: u64 = 0x5EED_0486;

/// Largest value in a benched row: LeetCode 486's bound `10^7`.
pub const MAX_VALUE: u64 = 10_000_000;

/// The Predict the Winner row of `len` values benched: uniform in
/// `0..=MAX_VALUE` from [`SplitMix64`] seeded with [`SEED`] (`len` prefixes
/// of one stream, so a shorter row is a prefix of a longer one).
pub fn row(len: usize) -> PredictTheWinner {
    let mut rng = SplitMix64(SEED);
    let values = (0..len)
        .map(|_| (rng.next_u64() % (MAX_VALUE + 1)) as i64)
        .collect();
    PredictTheWinner::new(values)
}

/// Vigna's SplitMix64: tiny, fast, and fixed forever, so the inputs never
/// change with a dependency's version.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The criterion settings of every bench: 1 s of warm-up and 2 s of
/// measurement per point (command-line flags such as `--measurement-time`
/// still override them).
pub fn criterion() -> criterion::Criterion {
    criterion::Criterion::default()
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(2))
}

/// Samples to take of a point whose checking run took `elapsed`: fewer for
/// slow points so that the whole `cargo bench` stays within minutes
/// (criterion's minimum is 10).
pub fn sample_size(elapsed: std::time::Duration) -> usize {
    match elapsed.as_micros() {
        0..=49 => 100,
        50..=4_999 => 30,
        _ => 10,
    }
}
