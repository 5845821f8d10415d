//! `memo/bounded` against `memo/hash-map`: the same answers (values and first best moves)
//! whatever the table's size, down to one bucket.
#![allow(clippy::unwrap_used)]

use super::*;
use crate::hash_map::HashMemo;
use core_types::{CanIWin, GameValue, Margin, PredictTheWinner, Solved, Solver, Stats, Verdict};
use proptest::prelude::*;

/// Table sizes from one bucket to more than the small games' positions.
const SIZES: [u64; 4] = [2, 16, 256, 1 << 16];

#[test]
fn agrees_with_the_hash_map_on_can_i_win_and_predict_the_winner() {
    for entries in SIZES {
        let mut bounded = Bounded::new().with_table_entries(entries);
        for n in 1..=10u32 {
            for t in 0..=u64::from(n * (n + 1) / 2) + 1 {
                let game = CanIWin::new(n, t).unwrap();
                let expected = HashMemo::new().solve(&game).unwrap();
                assert_eq!(
                    bounded.solve(&game).unwrap(),
                    expected,
                    "{entries}: {t}/{n}"
                );
            }
        }
        let mut seed = 0x1234_5678_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for len in 0..=11usize {
            for _ in 0..10 {
                let row: Vec<i64> = (0..len).map(|_| (next() % 9) as i64 - 3).collect();
                let game = PredictTheWinner::new(row.clone());
                let expected = HashMemo::new().solve(&game).unwrap();
                assert_eq!(
                    bounded.solve(&game).unwrap(),
                    expected,
                    "{entries}: {row:?}"
                );
            }
        }
    }
    let extremes = PredictTheWinner::new(vec![i64::MAX, i64::MIN, 5, i64::MAX]);
    assert_eq!(
        Bounded::new()
            .with_table_entries(2)
            .solve(&extremes)
            .unwrap(),
        HashMemo::new().solve(&extremes).unwrap()
    );
}

/// The table never holds more than its entries, and a small one is searched again where a
/// large one remembers: more positions, the same answer.
#[test]
fn a_small_table_costs_positions_not_exactness() {
    let game = CanIWin::new(14, 60).unwrap();
    let (large, large_stats): (_, Stats) = Bounded::new().solve_with_stats(&game).unwrap();
    let (small, small_stats) = Bounded::new()
        .with_table_entries(64)
        .solve_with_stats(&game)
        .unwrap();
    assert_eq!(large, small);
    assert_eq!(large, HashMemo::new().solve(&game).unwrap());
    assert_eq!(small_stats.table_cells, 64);
    assert!(
        small_stats.positions > large_stats.positions,
        "{small_stats:?}"
    );
}

/// Threads sharing the packed table (Can I Win: a table key, values with words) give the
/// one-thread answers whatever the table's size, and stop at the time limit together.
#[test]
fn threads_sharing_a_table_give_the_same_answers() {
    for entries in SIZES {
        for threads in [2, 3] {
            let mut bounded = Bounded::new()
                .with_table_entries(entries)
                .with_threads(threads)
                .with_helpers_after(if threads == 3 { 100 } else { 0 });
            for n in [6u32, 9, 12] {
                for t in (0..=u64::from(n * (n + 1) / 2) + 1).step_by(5) {
                    let game = CanIWin::new(n, t).unwrap();
                    let expected = HashMemo::new().solve(&game).unwrap();
                    assert_eq!(
                        bounded.solve(&game).unwrap(),
                        expected,
                        "{entries} entries, {threads} threads: {t}/{n}"
                    );
                }
            }
        }
    }
    let game = CanIWin::new(20, 160).unwrap();
    let time = SolverConfig {
        time_limit: Some(std::time::Duration::ZERO),
        ..SolverConfig::default()
    };
    let err = Bounded::from_config(&time)
        .with_threads(2)
        .solve(&game)
        .unwrap_err();
    assert!(matches!(err, Error::TimeLimitReached { .. }), "{err}");
}

#[test]
fn refuses_a_table_past_the_cap_and_stops_at_the_time_limit() {
    let game = CanIWin::new(14, 60).unwrap();
    let cap = SolverConfig {
        memory_cap_bytes: Some(1 << 20),
        ..SolverConfig::default()
    };
    let err = Bounded::from_config(&cap)
        .with_table_entries(1 << 20)
        .solve(&game)
        .unwrap_err();
    assert!(
        matches!(
            err,
            Error::TableTooLarge {
                parameter: "table_entries",
                value: 1_048_576,
                memory_cap_bytes: 1_048_576,
                ..
            }
        ),
        "{err}"
    );
    // The default table fits any cap that holds one bucket: half the cap.
    let (answer, stats) = Bounded::from_config(&cap).solve_with_stats(&game).unwrap();
    assert_eq!(answer, HashMemo::new().solve(&game).unwrap());
    assert!(stats.table_bytes <= 1 << 19, "{stats:?}");
    let time = SolverConfig {
        time_limit: Some(std::time::Duration::ZERO),
        ..SolverConfig::default()
    };
    let err = Bounded::from_config(&time).solve(&game).unwrap_err();
    assert!(matches!(err, Error::TimeLimitReached { .. }), "{err}");
}

/// A line far deeper than a small thread's stack is searched on stack segments.
#[test]
fn a_deep_line_runs_on_stack_segments_from_a_small_thread() {
    #[derive(Clone, Debug)]
    struct Line(u64);
    impl Game for Line {
        type Position = u64;
        type Move = u64;
        type Value = Verdict;
        type Solution = Verdict;
        fn start(&self) -> u64 {
            0
        }
        fn terminal_value(&self, p: u64) -> Option<Verdict> {
            (p == self.0).then_some(Verdict::Loss)
        }
        fn moves(&self, p: u64) -> Vec<u64> {
            vec![p + 1]
        }
        fn play(&self, _p: u64, to: u64) -> u64 {
            to
        }
    }
    std::thread::Builder::new()
        .stack_size(64 << 10)
        .spawn(|| {
            for len in [100_000u64, 100_001] {
                let value = Bounded::new()
                    .with_table_entries(256)
                    .solve(&Line(len))
                    .unwrap();
                let expected = Verdict::from_wins(len % 2 == 1);
                assert_eq!(value, expected, "len {len}");
            }
        })
        .unwrap()
        .join()
        .unwrap();
}

/// A game whose positions repeat is refused, naming the position, as `memo/alpha-beta` does.
#[test]
fn a_position_met_again_on_the_path_is_refused() {
    #[derive(Clone, Debug)]
    struct Cycle;
    impl Game for Cycle {
        type Position = u8;
        type Move = u8;
        type Value = Verdict;
        type Solution = Verdict;
        fn start(&self) -> u8 {
            0
        }
        fn terminal_value(&self, _p: u8) -> Option<Verdict> {
            None
        }
        fn moves(&self, p: u8) -> Vec<u8> {
            vec![(p + 1) % 3]
        }
        fn play(&self, _p: u8, to: u8) -> u8 {
            to
        }
        fn positions_may_repeat(&self) -> bool {
            true
        }
    }
    let err = Bounded::new().solve(&Cycle).unwrap_err();
    assert!(matches!(err, Error::PositionRepeats { .. }), "{err}");
}

/// A random game on a DAG of up to 12 nodes (edges go to larger nodes, so transpositions
/// abound): `Dag<false>` valued by verdicts (a node's end value's sign), `Dag<true>` a scoring
/// game whose moves earn their gain. With `clamp`, a move is worth at least -5: a
/// `move_value` that is not its own inverse, so the reply's window is left open.
#[derive(Clone, Debug)]
struct Dag<const SCORING: bool> {
    edges: Vec<Vec<(u8, i8)>>,
    ends: Vec<i8>,
    clamp: bool,
}

impl<const SCORING: bool> Dag<SCORING> {
    fn from_raw(raw: &[(Vec<(u8, i8)>, i8)], clamp: bool) -> Self {
        let n = raw.len();
        let edges = raw
            .iter()
            .enumerate()
            .map(|(i, (out, _))| {
                let room = n - 1 - i;
                if room == 0 {
                    return Vec::new();
                }
                out.iter()
                    .map(|&(to, gain)| ((i + 1 + usize::from(to) % room) as u8, gain))
                    .collect()
            })
            .collect();
        let ends = raw.iter().map(|&(_, end)| end).collect();
        Dag { edges, ends, clamp }
    }
}

impl Game for Dag<true> {
    type Position = u8;
    type Move = u8;
    type Value = Margin;
    type Solution = Solved<Self>;
    fn start(&self) -> u8 {
        0
    }
    fn terminal_value(&self, p: u8) -> Option<Margin> {
        self.edges[usize::from(p)]
            .is_empty()
            .then(|| Margin(i128::from(self.ends[usize::from(p)])))
    }
    fn moves(&self, p: u8) -> Vec<u8> {
        (0..self.edges[usize::from(p)].len() as u8).collect()
    }
    fn play(&self, p: u8, mv: u8) -> u8 {
        self.edges[usize::from(p)][usize::from(mv)].0
    }
    fn move_value(&self, p: u8, mv: u8, reply: Margin) -> Margin {
        let gain = i128::from(self.edges[usize::from(p)][usize::from(mv)].1);
        let value = gain - reply.0;
        Margin(if self.clamp { value.max(-5) } else { value })
    }
}

impl Game for Dag<false> {
    type Position = u8;
    type Move = u8;
    type Value = Verdict;
    type Solution = Solved<Self>;
    fn start(&self) -> u8 {
        0
    }
    fn terminal_value(&self, p: u8) -> Option<Verdict> {
        self.edges[usize::from(p)]
            .is_empty()
            .then(|| Margin(i128::from(self.ends[usize::from(p)])).verdict())
    }
    fn moves(&self, p: u8) -> Vec<u8> {
        (0..self.edges[usize::from(p)].len() as u8).collect()
    }
    fn play(&self, p: u8, mv: u8) -> u8 {
        self.edges[usize::from(p)][usize::from(mv)].0
    }
}

/// Nodes with up to 3 moves each, gains and ends in -3..=3.
fn raw_dag() -> impl Strategy<Value = Vec<(Vec<(u8, i8)>, i8)>> {
    prop::collection::vec(
        (
            prop::collection::vec((any::<u8>(), -3i8..=3), 1..=3),
            -3i8..=3,
        ),
        1..=12,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn scoring_dags_agree_with_the_hash_map(
        raw in raw_dag(), clamp in any::<bool>(), entries in 2u64..=8
    ) {
        let game = Dag::<true>::from_raw(&raw, clamp);
        let expected = HashMemo::new().solve(&game).unwrap();
        let answer = Bounded::new().with_table_entries(entries).solve(&game).unwrap();
        prop_assert_eq!(answer, expected);
    }

    #[test]
    fn verdict_dags_agree_with_the_hash_map(raw in raw_dag(), entries in 2u64..=8) {
        let game = Dag::<false>::from_raw(&raw, false);
        let expected = HashMemo::new().solve(&game).unwrap();
        let answer = Bounded::new().with_table_entries(entries).solve(&game).unwrap();
        prop_assert_eq!(answer, expected);
    }

    #[test]
    fn small_games_agree_with_the_hash_map(
        n in 1u32..=9, t in 0u64..=50, row in prop::collection::vec(-20i64..=20, 0..=9),
        entries in 2u64..=16
    ) {
        let mut bounded = Bounded::new().with_table_entries(entries);
        let game = CanIWin::new(n, t).unwrap();
        prop_assert_eq!(bounded.solve(&game).unwrap(), HashMemo::new().solve(&game).unwrap());
        let game = PredictTheWinner::new(row);
        prop_assert_eq!(bounded.solve(&game).unwrap(), HashMemo::new().solve(&game).unwrap());
    }
}
