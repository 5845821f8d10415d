//! The analysis engine against brute force: every move value, every
//! remoteness, the order of the moves, and the principal variation (legal,
//! and optimal at every step), on every position of small games.
#![allow(clippy::unwrap_used)]

use gamesolve::analysis::{
    analyze_predict_the_winner, can_i_win_all_totals, AnalysisConfig, AnalysisError,
    CanIWinAnalysis, CanIWinAnalyzer, CanIWinPosition, MoveValue, Player, PredictTheWinnerPosition,
};
use gamesolve::{Backend, CanIWin, ErrorKind, Outcome, PredictTheWinner, Side};
use proptest::prelude::*;

// ---------------------------------------------------------------------------
// Can I Win

/// Obviously right: plain minimax over the integers left, no memo and no
/// theory about draws. The player to move at `used` (total below `t`) gets
/// `(value, remoteness)`: a move reaching `t` wins in 1; otherwise the
/// opponent's value flipped, one move longer; no move left is a draw in 0.
/// Preference: the fastest win, then a draw, then the slowest loss.
fn brute_moves(n: u32, t: u64, used: u64) -> Vec<(u32, MoveValue, u32)> {
    let total: u64 = (1..=n)
        .filter(|v| used >> (v - 1) & 1 == 1)
        .map(u64::from)
        .sum();
    (1..=n)
        .filter(|v| used >> (v - 1) & 1 == 0)
        .map(|v| {
            if total + u64::from(v) >= t {
                (v, MoveValue::Win, 1)
            } else {
                let (value, r) = brute_value(n, t, used | 1 << (v - 1));
                (v, value.flipped(), r + 1)
            }
        })
        .collect()
}

fn preference(value: MoveValue, r: u32) -> (u8, i64) {
    match value {
        MoveValue::Win => (0, i64::from(r)),
        MoveValue::Draw => (1, 0),
        MoveValue::Lose => (2, -i64::from(r)),
    }
}

fn brute_value(n: u32, t: u64, used: u64) -> (MoveValue, u32) {
    brute_moves(n, t, used)
        .into_iter()
        .min_by_key(|&(v, value, r)| (preference(value, r), v))
        .map_or((MoveValue::Draw, 0), |(_, value, r)| (value, r))
}

fn check_position(n: u32, t: u64, used: u64, analysis: &CanIWinAnalysis) {
    let at = format!("n = {n}, T = {t}, used = {used:#b}");
    let mut expected = brute_moves(n, t, used);
    expected.sort_by_key(|&(v, value, r)| (preference(value, r), v));
    let got: Vec<_> = analysis
        .moves
        .iter()
        .map(|m| (m.number, m.value, m.remoteness))
        .collect();
    assert_eq!(got, expected, "moves at {at}");
    let (value, remoteness) = brute_value(n, t, used);
    assert_eq!(
        (analysis.value, analysis.remoteness),
        (value, remoteness),
        "{at}"
    );
    if let Some(best) = analysis.moves.first() {
        assert_eq!(best.remoteness, analysis.remoteness, "{at}");
    }
    let to_move = Player::to_move_after(used.count_ones() as usize);
    assert_eq!(analysis.to_move, to_move);
    assert_eq!(analysis.outcome, to_move.outcome_of(value), "{at}");

    // The principal variation: legal, alternating, optimal at every step,
    // as long as the remoteness, and ending the game.
    let pv = &analysis.principal_variation;
    assert_eq!(pv.len(), remoteness as usize, "pv length at {at}");
    let mut line = used;
    let mut total: u64 = (1..=n)
        .filter(|v| used >> (v - 1) & 1 == 1)
        .map(u64::from)
        .sum();
    let mut player = to_move;
    for ply in pv {
        assert_eq!(ply.player, player, "{at}");
        assert!((1..=n).contains(&ply.number), "{at}");
        assert_eq!(
            line >> (ply.number - 1) & 1,
            0,
            "pv reuses {} at {at}",
            ply.number
        );
        let best = brute_moves(n, t, line)
            .into_iter()
            .min_by_key(|&(v, value, r)| (preference(value, r), v))
            .unwrap();
        assert_eq!(ply.number, best.0, "pv not optimal at {at}");
        line |= 1 << (ply.number - 1);
        total += u64::from(ply.number);
        assert_eq!(ply.total, total);
        player = player.other();
    }
    match value {
        MoveValue::Draw => assert!(total < t && line == (1u64 << n) - 1, "{at}"),
        MoveValue::Win | MoveValue::Lose => {
            assert!(total >= t, "{at}");
            let winner = pv.last().unwrap().player;
            assert_eq!(winner.wins(), analysis.outcome, "{at}");
        }
    }
}

#[test]
fn can_i_win_every_position_of_small_games_matches_brute_force() {
    for n in 1..=7u32 {
        let sum = u64::from(n * (n + 1) / 2);
        for t in 1..=sum + 2 {
            let game = CanIWin::new(n, t).unwrap();
            let mut analyzer = CanIWinAnalyzer::new(game);
            for used in 0..1u64 << n {
                let position = CanIWinPosition::from_mask(&game, used).unwrap();
                let total = position.total();
                match analyzer.analyze(&position) {
                    Ok(analysis) => {
                        assert!(total < t);
                        check_position(n, t, used, &analysis);
                    }
                    Err(e) => {
                        assert!(total >= t, "n = {n}, T = {t}, used = {used:#b}: {e}");
                        assert_eq!(e.kind(), ErrorKind::InvalidInput);
                        assert!(e.to_string().contains("the game is over"), "{e}");
                    }
                }
            }
        }
    }
}

#[test]
fn can_i_win_start_positions_of_n8_match_brute_force() {
    for t in [1, 9, 12, 18, 20, 25, 30, 35, 36, 37] {
        let game = CanIWin::new(8, t).unwrap();
        let analysis = CanIWinAnalyzer::new(game)
            .analyze(&CanIWinPosition::start())
            .unwrap();
        check_position(8, t, 0, &analysis);
    }
}

#[test]
fn can_i_win_start_agrees_with_every_backend() {
    for n in 1..=12u32 {
        let sum = u64::from(n * (n + 1) / 2);
        for t in 0..=sum + 1 {
            let game = CanIWin::new(n, t).unwrap();
            let analysis = CanIWinAnalyzer::new(game)
                .analyze(&CanIWinPosition::start())
                .unwrap();
            for backend in Backend::available() {
                if backend == Backend::Recursive && n > 9 {
                    continue; // exponential: covered up to 9
                }
                let Ok(mut solver) = backend.solver::<CanIWin>() else {
                    continue; // `reduction` has no algorithm for Can I Win
                };
                let solution = solver.solve(&game).unwrap();
                assert_eq!(
                    analysis.outcome, solution.outcome,
                    "{backend} n = {n}, T = {t}"
                );
                // The solvers' best move (the smallest winning integer) is
                // among the analysis' winning moves.
                if let Some(best) = solution.best_move {
                    let listed = analysis.moves.iter().find(|m| m.number == best);
                    assert_eq!(
                        listed.map(|m| m.value),
                        Some(MoveValue::Win),
                        "n = {n}, T = {t}"
                    );
                }
            }
        }
    }
}

#[test]
fn can_i_win_settled_starts() {
    let start = CanIWinPosition::start();
    // T == 0: the first player has already won.
    let a = CanIWinAnalyzer::new(CanIWin::new(5, 0).unwrap())
        .analyze(&start)
        .unwrap();
    assert_eq!((a.outcome, a.remoteness), (Outcome::FirstPlayerWins, 0));
    assert!(a.moves.is_empty() && a.principal_variation.is_empty());
    // Sum below T: a draw lasting the whole pool.
    let a = CanIWinAnalyzer::new(CanIWin::new(4, 11).unwrap())
        .analyze(&start)
        .unwrap();
    assert_eq!((a.outcome, a.remoteness), (Outcome::Draw, 4));
    assert!(a.moves.iter().all(|m| m.value == MoveValue::Draw));
    // Sum equal to T: parity, every move alike; n = 64 needs no table.
    let a = CanIWinAnalyzer::new(CanIWin::new(64, 2080).unwrap())
        .analyze(&start)
        .unwrap();
    assert_eq!((a.outcome, a.remoteness), (Outcome::SecondPlayerWins, 64));
    assert_eq!(a.moves.len(), 64);
    assert_eq!(a.principal_variation.len(), 64);
    // A draw of 64 integers, equally cheap.
    let a = CanIWinAnalyzer::new(CanIWin::new(64, 5000).unwrap())
        .analyze(&start)
        .unwrap();
    assert_eq!(a.outcome, Outcome::Draw);
}

#[test]
fn can_i_win_large_n_small_total_uses_the_sparse_memo() {
    let a = CanIWinAnalyzer::new(CanIWin::new(60, 30).unwrap())
        .analyze(&CanIWinPosition::start())
        .unwrap();
    assert_eq!((a.outcome, a.remoteness), (Outcome::FirstPlayerWins, 1));
    assert_eq!(a.moves[0].number, 30);
    // A tiny budget is an honest "cannot answer".
    let config = AnalysisConfig::default()
        .with_memory_cap_bytes(1 << 10)
        .with_state_budget(10);
    let err = CanIWinAnalyzer::with_config(CanIWin::new(20, 158).unwrap(), config)
        .analyze(&CanIWinPosition::start())
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::CannotAnswer);
    assert!(err.to_string().contains("budget of 10 states"), "{err}");
}

#[test]
fn can_i_win_sparse_and_dense_memos_give_the_same_analyses() {
    // One byte under the dense table of 2^16 states: the sparse memo, 3,072 states at most.
    let n = 16;
    let sparse = AnalysisConfig::default().with_memory_cap_bytes((1 << n) - 1);
    let mut compared = 0;
    for t in 0..=136 {
        let game = CanIWin::new(n, t).unwrap();
        let mut dense = CanIWinAnalyzer::new(game);
        let mut small = CanIWinAnalyzer::with_config(game, sparse);
        let positions = std::iter::once(vec![]).chain((1..=n).map(|k| vec![k]));
        for used in positions {
            let Ok(position) = CanIWinPosition::from_numbers(&game, &used) else {
                continue; // the game is over
            };
            let (expected, got) = (dense.analyze(&position), small.analyze(&position));
            match (expected, got) {
                (Ok(expected), Ok(got)) => {
                    assert_eq!(got, expected, "T = {t}, used {used:?}");
                    compared += 1;
                }
                // The game is over: the same error.
                (Err(expected), Err(got)) => assert_eq!(got.to_string(), expected.to_string()),
                (Ok(_), Err(err)) => assert!(err.to_string().contains("3072 states"), "{err}"),
                (Err(err), Ok(_)) => panic!("only the dense memo failed: {err}"),
            }
        }
    }
    // The easy totals fit (768 analyses); the hard ones run out of states.
    assert!(compared > 500, "{compared}");
}

#[test]
fn can_i_win_invalid_positions_name_the_value() {
    let game = CanIWin::new(10, 40).unwrap();
    let err = CanIWinPosition::from_numbers(&game, &[11]).unwrap_err();
    assert!(matches!(err, AnalysisError::InvalidPosition { .. }));
    assert!(
        err.to_string().contains("11") && err.to_string().contains("1..=10"),
        "{err}"
    );
    let err = CanIWinPosition::from_numbers(&game, &[4, 4]).unwrap_err();
    assert!(err.to_string().contains("twice"), "{err}");
    let over = CanIWinPosition::from_numbers(&game, &[10, 9, 8, 7, 6]).unwrap();
    let err = CanIWinAnalyzer::new(game).analyze(&over).unwrap_err();
    assert!(err.to_string().contains("total 40"), "{err}");
}

#[test]
fn all_totals_agree_with_the_backends() {
    let default = Backend::default_for::<CanIWin>();
    if default.variants::<CanIWin>().is_empty() {
        return; // a build with no Can I Win backend (`reduction` alone)
    }
    for n in 1..=12u32 {
        let table = can_i_win_all_totals(n, &AnalysisConfig::default()).unwrap();
        let sum = u64::from(n * (n + 1) / 2);
        assert_eq!(table.iter().count() as u64, sum + 1);
        let mut solver = default.solver::<CanIWin>().unwrap();
        for (t, solution) in table.iter() {
            let expected = solver.solve(&CanIWin::new(n, t).unwrap()).unwrap();
            assert_eq!(solution, expected, "n = {n}, T = {t}");
        }
        assert_eq!(table.get(sum + 1), None);
    }
}

#[test]
fn all_totals_is_refused_above_the_memory_cap() {
    let config = AnalysisConfig::default().with_memory_cap_bytes(1 << 20);
    let err = can_i_win_all_totals(20, &config).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::CannotAnswer);
    assert!(err.to_string().contains("max_choosable = 20"), "{err}");
    assert!(can_i_win_all_totals(0, &config).is_err());
}

// ---------------------------------------------------------------------------
// Predict the Winner

/// Obviously right: plain recursion on the interval, exact in `i128`.
fn brute_margin(values: &[i64]) -> i128 {
    match values {
        [] => 0,
        [only] => i128::from(*only),
        [first, .., last] => {
            let left = i128::from(*first) - brute_margin(&values[1..]);
            let right = i128::from(*last) - brute_margin(&values[..values.len() - 1]);
            left.max(right)
        }
    }
}

fn check_predict_the_winner(values: &[i64]) {
    let game = PredictTheWinner::new(values.to_vec());
    let len = values.len();
    for taken_left in 0..=len {
        for taken_right in 0..=len - taken_left {
            let position = PredictTheWinnerPosition::new(&game, taken_left, taken_right).unwrap();
            let a =
                analyze_predict_the_winner(&game, &position, &AnalysisConfig::default()).unwrap();
            let at = format!("{values:?} taken {taken_left}/{taken_right}");
            let rest = &values[taken_left..len - taken_right];
            assert_eq!(a.margin, brute_margin(rest), "{at}");
            assert_eq!(a.remoteness, rest.len());
            let to_move = Player::to_move_after(taken_left + taken_right);
            assert_eq!(a.to_move, to_move);
            let first_margin = if to_move == Player::First {
                a.margin
            } else {
                -a.margin
            };
            assert_eq!(a.outcome, Outcome::from_margin(first_margin), "{at}");

            // Every move, best first, ties left.
            let mut expected = Vec::new();
            if let (Some(&l), Some(&r)) = (rest.first(), rest.last()) {
                expected.push((Side::Left, i128::from(l) - brute_margin(&rest[1..])));
                if rest.len() > 1 {
                    expected.push((
                        Side::Right,
                        i128::from(r) - brute_margin(&rest[..rest.len() - 1]),
                    ));
                }
            }
            expected.sort_by_key(|&(_, m)| std::cmp::Reverse(m));
            let got: Vec<_> = a.moves.iter().map(|m| (m.side, m.margin)).collect();
            assert_eq!(got, expected, "{at}");
            assert!(a
                .moves
                .iter()
                .all(|m| m.value == MoveValue::from_margin(m.margin)));
            if let Some(best) = a.moves.first() {
                assert_eq!(best.margin, a.margin, "{at}");
            }

            // The principal variation: legal, alternating, optimal (ties
            // left) at every step, and its scores give the margin.
            assert_eq!(a.principal_variation.len(), rest.len());
            let (mut i, mut j) = (taken_left, len - taken_right);
            let mut player = to_move;
            let mut line_margin = 0i128;
            for ply in &a.principal_variation {
                assert_eq!(ply.player, player, "{at}");
                let left = i128::from(values[i]) - brute_margin(&values[i + 1..j]);
                let right = i128::from(values[j - 1]) - brute_margin(&values[i..j - 1]);
                assert_eq!(
                    ply.side,
                    Side::choose(left, right),
                    "pv not optimal at {at}"
                );
                let index = if ply.side == Side::Left { i } else { j - 1 };
                assert_eq!((ply.index, ply.value), (index, values[index]), "{at}");
                if ply.side == Side::Left {
                    i += 1;
                } else {
                    j -= 1;
                }
                let signed = i128::from(ply.value);
                line_margin += if player == to_move { signed } else { -signed };
                player = player.other();
            }
            assert_eq!(line_margin, a.margin, "{at}");
        }
    }
}

#[test]
fn predict_the_winner_seed_examples() {
    for values in [
        &[1, 5, 2][..],
        &[1, 5, 233, 7],
        &[3, 2, 2],
        &[1, 2, 4],
        &[1, 20, 4],
        &[],
        &[7],
        &[0, 0, 0, 0],
    ] {
        check_predict_the_winner(values);
    }
    let start = PredictTheWinnerPosition::start();
    let game = PredictTheWinner::new(vec![1, 5, 233, 7]);
    let a = analyze_predict_the_winner(&game, &start, &AnalysisConfig::default()).unwrap();
    let solved = gamesolve::solve_predict_the_winner(&game).unwrap();
    assert_eq!((a.margin, a.outcome), (solved.margin, solved.outcome));
    assert_eq!(a.moves[0].side, solved.best_move.unwrap());
}

#[test]
fn predict_the_winner_invalid_position() {
    let game = PredictTheWinner::new(vec![1, 2, 3]);
    let err = PredictTheWinnerPosition::new(&game, 2, 2).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidInput);
    assert!(err.to_string().contains("taken_left = 2"), "{err}");
    assert!(PredictTheWinnerPosition::new(&game, usize::MAX, 1).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn predict_the_winner_small_values(values in prop::collection::vec(-9i64..=9, 0..=7)) {
        check_predict_the_winner(&values);
    }

    #[test]
    fn predict_the_winner_extreme_values(values in prop::collection::vec(any::<i64>(), 0..=6)) {
        check_predict_the_winner(&values);
    }
}

// ---------------------------------------------------------------------------
// The command line: `analyze` and `can-i-win N --all-totals`

fn gamesolve_json(args: &[&str]) -> serde_json::Value {
    let out = assert_cmd::Command::cargo_bin("gamesolve")
        .unwrap()
        .arg("--json")
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&out).unwrap()
}

#[test]
fn cli_analyze_can_i_win_json() {
    let json = gamesolve_json(&["analyze", "can-i-win", "20", "158"]);
    assert_eq!(json["game"], "can-i-win");
    assert_eq!(json["outcome"], "second");
    assert_eq!(json["remoteness"], 16);
    assert_eq!(json["principal_variation"].as_array().unwrap().len(), 16);
    assert_eq!(json["principal_variation"][15]["player"], "second");
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 20);
    assert!(moves.iter().all(|m| m["value"] == "lose"));

    let json = gamesolve_json(&["analyze", "can-i-win", "10", "18", "--used", "3,7"]);
    assert_eq!(json["used"], serde_json::json!([3, 7]));
    assert_eq!(
        (json["total"].as_u64(), json["to_move"].as_str()),
        (Some(10), Some("first"))
    );
    assert_eq!(
        json["moves"][0],
        serde_json::json!({"move": 8, "value": "win", "remoteness": 1})
    );
    assert_eq!(
        json["principal_variation"],
        serde_json::json!([{"player": "first", "move": 8, "total": 18}])
    );
}

#[test]
fn cli_analyze_predict_the_winner_json() {
    let json = gamesolve_json(&["analyze", "predict-the-winner", "1", "5", "233", "7"]);
    assert_eq!(
        (json["outcome"].as_str(), json["margin"].as_i64()),
        (Some("first"), Some(222))
    );
    assert_eq!(
        json["moves"],
        serde_json::json!([
            {"move": "left", "value": "win", "margin": 222, "taken": 1},
            {"move": "right", "value": "lose", "margin": -222, "taken": 7}
        ])
    );
    assert_eq!(json["remoteness"], 4);
    let json = gamesolve_json(&[
        "analyze",
        "predict-the-winner",
        "1",
        "5",
        "233",
        "7",
        "--taken-left",
        "1",
    ]);
    assert_eq!(
        (json["to_move"].as_str(), json["margin"].as_i64()),
        (Some("second"), Some(-221))
    );
    assert_eq!(json["first_margin"], 221);
}

#[test]
fn cli_analyze_errors() {
    let run = |args: &[&str]| {
        assert_cmd::Command::cargo_bin("gamesolve")
            .unwrap()
            .args(args)
            .assert()
    };
    run(&["analyze", "can-i-win", "10", "11", "--used", "11"])
        .code(2)
        .stderr(predicates::str::contains(
            "used number 11 is not in the pool 1..=10",
        ));
    run(&["analyze", "can-i-win", "10", "11", "--used", "x"])
        .code(2)
        .stderr(predicates::str::contains(
            "used number `x` is not an integer",
        ));
    run(&[
        "--json",
        "analyze",
        "can-i-win",
        "10",
        "11",
        "--used",
        "5,6",
    ])
    .code(2)
    .stdout(predicates::str::contains(r#""kind":"invalid_input""#))
    .stdout(predicates::str::contains("the game is over"));
    run(&[
        "analyze",
        "predict-the-winner",
        "1",
        "2",
        "--taken-right",
        "3",
    ])
    .code(2)
    .stderr(predicates::str::contains("taken_right = 3"));
    run(&[
        "analyze",
        "can-i-win",
        "30",
        "300",
        "--memory-cap",
        "1KiB",
        "--state-budget",
        "100",
    ])
    .code(1)
    // 64 slots of 8 bytes, three quarters full, within 1 KiB.
    .stderr(predicates::str::contains("budget of 48 states"));
}

#[test]
fn cli_all_totals() {
    let json = gamesolve_json(&["can-i-win", "20", "--all-totals"]);
    assert_eq!(json["pool_sum"], 210);
    assert_eq!(json["second_wins"], 57);
    assert_eq!(json["totals"].as_array().unwrap().len(), 211);
    assert_eq!(
        json["totals"][158],
        serde_json::json!({"desired_total": 158, "outcome": "second", "can_i_win": false, "best_move": null})
    );
    let text = assert_cmd::Command::cargo_bin("gamesolve")
        .unwrap()
        .args(["can-i-win", "5", "--all-totals"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(text).unwrap();
    assert!(
        text.contains("the first player wins 14 of the 16 totals 0..=15"),
        "{text}"
    );
    assert!(
        text.contains("The second player wins for T = 6, 11."),
        "{text}"
    );
    // T and --all-totals exclude each other; without either, T is missing.
    assert_cmd::Command::cargo_bin("gamesolve")
        .unwrap()
        .args(["can-i-win", "5", "7", "--all-totals"])
        .assert()
        .code(2);
    assert_cmd::Command::cargo_bin("gamesolve")
        .unwrap()
        .args(["can-i-win", "5"])
        .assert()
        .code(2);
}
