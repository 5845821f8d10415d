//! The analysis engine against brute force: every move value, every
//! remoteness, the order of the moves, and the principal variation (legal,
//! and optimal at every step), on every position of small games.
#![allow(clippy::unwrap_used)]

use gamesolve::analysis::report::Analysis;
use gamesolve::analysis::{AnalysisConfig, MoveValue, Player};
use gamesolve::core_types::WithLimits;
use gamesolve::games::can_i_win_all_totals;
use gamesolve::{
    core_types::{ErrorKind, Side},
    Backend, CanIWin, Outcome, PredictTheWinner,
};
use proptest::prelude::*;
use serde_json::Value;

/// The analysis of the position `flags` name (the game's own `analyze` flags: `used`,
/// `taken_left`, `taken_right`), as `analyze --json` reports it: the library's generic analysis
/// in the game's words.
fn analyze_json<G: gamesolve_app::PlayWords>(
    game: &G,
    flags: &[(&'static str, &str)],
    config: AnalysisConfig,
) -> Result<Value, gamesolve::Error> {
    Ok(serde_json::from_str(&analyze_raw(game, flags, config)?).unwrap())
}

/// [`analyze_json`] as the text written (margins past 64 bits read exactly from it).
fn analyze_raw<G: gamesolve_app::PlayWords>(
    game: &G,
    flags: &[(&'static str, &str)],
    config: AnalysisConfig,
) -> Result<String, gamesolve::Error> {
    let flags: Vec<(&'static str, Vec<String>)> = flags
        .iter()
        .map(|&(name, words)| (name, words.split(',').map(str::to_owned).collect()))
        .collect();
    let (position, moves_made) = game
        .position_from_flags(&flags)?
        .unwrap_or((gamesolve::Game::start(game), 0));
    let analysis = Analysis::of(game, position, moves_made, Vec::new(), config)?;
    Ok(game.analysis_json(&analysis).get().to_owned())
}

/// The used integers of a mask, as `--used` takes them.
fn used_words(used: u64) -> String {
    (1..=64u32)
        .filter(|v| used >> (v - 1) & 1 == 1)
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// Can I Win at the position `used` (a mask), as `analyze --json` reports it.
fn can_i_win_json(
    game: &CanIWin,
    used: u64,
    config: AnalysisConfig,
) -> Result<Value, gamesolve::Error> {
    analyze_json(game, &[("used", &used_words(used))], config)
}

fn move_value(text: &Value) -> MoveValue {
    match text.as_str() {
        Some("win") => MoveValue::Win,
        Some("lose") => MoveValue::Lose,
        Some("draw") => MoveValue::Draw,
        other => panic!("not a value: {other:?}"),
    }
}

fn player(text: &Value) -> Player {
    match text.as_str() {
        Some("first") => Player::First,
        Some("second") => Player::Second,
        other => panic!("not a player: {other:?}"),
    }
}

fn outcome(text: &Value) -> Outcome {
    match text.as_str() {
        Some("first") => Outcome::FirstPlayerWins,
        Some("second") => Outcome::SecondPlayerWins,
        Some("draw") => Outcome::Draw,
        other => panic!("not an outcome: {other:?}"),
    }
}

/// The margins of `analyze predict-the-winner --json`, exact in `i128`.
#[derive(serde::Deserialize)]
struct Margins {
    margin: i128,
    first_margin: i128,
    moves: Vec<MoveMargin>,
}

#[derive(serde::Deserialize)]
struct MoveMargin {
    margin: i128,
}

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

fn check_position(n: u32, t: u64, used: u64, analysis: &Value) {
    let at = format!("n = {n}, T = {t}, used = {used:#b}");
    let mut expected = brute_moves(n, t, used);
    expected.sort_by_key(|&(v, value, r)| (preference(value, r), v));
    let moves = analysis["moves"].as_array().unwrap();
    let got: Vec<_> = moves
        .iter()
        .map(|m| {
            (
                m["move"].as_u64().unwrap() as u32,
                move_value(&m["value"]),
                m["remoteness"].as_u64().unwrap() as u32,
            )
        })
        .collect();
    assert_eq!(got, expected, "moves at {at}");
    let (value, remoteness) = brute_value(n, t, used);
    assert_eq!(
        (
            move_value(&analysis["value"]),
            analysis["remoteness"].as_u64().unwrap() as u32
        ),
        (value, remoteness),
        "{at}"
    );
    if let Some(best) = moves.first() {
        assert_eq!(best["remoteness"], analysis["remoteness"], "{at}");
    }
    let to_move = Player::to_move_after(used.count_ones() as usize);
    assert_eq!(player(&analysis["to_move"]), to_move);
    assert_eq!(
        outcome(&analysis["outcome"]),
        to_move.outcome_of(value),
        "{at}"
    );

    // The principal variation: legal, alternating, optimal at every step,
    // as long as the remoteness, and ending the game.
    let pv = analysis["principal_variation"].as_array().unwrap();
    assert_eq!(pv.len(), remoteness as usize, "pv length at {at}");
    let mut line = used;
    let mut total: u64 = (1..=n)
        .filter(|v| used >> (v - 1) & 1 == 1)
        .map(u64::from)
        .sum();
    let mut mover = to_move;
    for ply in pv {
        let number = ply["move"].as_u64().unwrap() as u32;
        assert_eq!(self::player(&ply["player"]), mover, "{at}");
        assert!((1..=n).contains(&number), "{at}");
        assert_eq!(line >> (number - 1) & 1, 0, "pv reuses {number} at {at}");
        let best = brute_moves(n, t, line)
            .into_iter()
            .min_by_key(|&(v, value, r)| (preference(value, r), v))
            .unwrap();
        assert_eq!(number, best.0, "pv not optimal at {at}");
        line |= 1 << (number - 1);
        total += u64::from(number);
        assert_eq!(ply["total"].as_u64(), Some(total));
        mover = mover.other();
    }
    match value {
        MoveValue::Draw => assert!(total < t && line == (1u64 << n) - 1, "{at}"),
        MoveValue::Win | MoveValue::Lose => {
            assert!(total >= t, "{at}");
            let winner = self::player(&pv.last().unwrap()["player"]);
            assert_eq!(winner.wins(), outcome(&analysis["outcome"]), "{at}");
        }
    }
}

#[test]
fn can_i_win_every_position_of_small_games_matches_brute_force() {
    for n in 1..=7u32 {
        let sum = u64::from(n * (n + 1) / 2);
        for t in 1..=sum + 2 {
            let game = CanIWin::new(n, t).unwrap();
            for used in 0..1u64 << n {
                let total: u64 = (1..=n)
                    .filter(|v| used >> (v - 1) & 1 == 1)
                    .map(u64::from)
                    .sum();
                match can_i_win_json(&game, used, AnalysisConfig::default()) {
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
        let analysis = can_i_win_json(&game, 0, AnalysisConfig::default()).unwrap();
        check_position(8, t, 0, &analysis);
    }
}

#[test]
fn can_i_win_start_agrees_with_every_backend() {
    for n in 1..=12u32 {
        let sum = u64::from(n * (n + 1) / 2);
        for t in 0..=sum + 1 {
            let game = CanIWin::new(n, t).unwrap();
            let analysis = can_i_win_json(&game, 0, AnalysisConfig::default()).unwrap();
            for backend in Backend::available() {
                if backend == Backend::Recursive && n > 9 {
                    continue; // exponential: covered up to 9
                }
                let Ok(mut solver) = backend.solver::<CanIWin>() else {
                    continue; // `reduction` has no algorithm for Can I Win
                };
                let solution = solver.solve(&game).unwrap();
                assert_eq!(
                    outcome(&analysis["outcome"]),
                    solution.outcome,
                    "{backend} n = {n}, T = {t}"
                );
                // The solvers' best move (the smallest winning integer) is
                // among the analysis' winning moves.
                if let Some(best) = solution.best_move {
                    let moves = analysis["moves"].as_array().unwrap();
                    let listed = moves.iter().find(|m| m["move"] == best);
                    assert_eq!(
                        listed.map(|m| move_value(&m["value"])),
                        Some(MoveValue::Win),
                        "n = {n}, T = {t}"
                    );
                }
            }
        }
    }
}

/// The remoteness, outcome, moves and principal variation of an analysis.
fn summary(a: &Value) -> (Outcome, u64, usize, usize) {
    (
        outcome(&a["outcome"]),
        a["remoteness"].as_u64().unwrap(),
        a["moves"].as_array().unwrap().len(),
        a["principal_variation"].as_array().unwrap().len(),
    )
}

#[test]
fn can_i_win_settled_starts() {
    let config = AnalysisConfig::default();
    // T == 0: the first player has already won.
    let a = can_i_win_json(&CanIWin::new(5, 0).unwrap(), 0, config).unwrap();
    assert_eq!(summary(&a), (Outcome::FirstPlayerWins, 0, 0, 0));
    // Sum below T: a draw lasting the whole pool.
    let a = can_i_win_json(&CanIWin::new(4, 11).unwrap(), 0, config).unwrap();
    assert_eq!(summary(&a), (Outcome::Draw, 4, 4, 4));
    assert!(a["moves"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["value"] == "draw"));
    // Sum equal to T: parity, every move alike; n = 64 needs no table.
    let a = can_i_win_json(&CanIWin::new(64, 2080).unwrap(), 0, config).unwrap();
    assert_eq!(summary(&a), (Outcome::SecondPlayerWins, 64, 64, 64));
    // A draw of 64 integers, equally cheap.
    let a = can_i_win_json(&CanIWin::new(64, 5000).unwrap(), 0, config).unwrap();
    assert_eq!(outcome(&a["outcome"]), Outcome::Draw);
}

#[test]
fn can_i_win_large_n_small_total_uses_the_hash_map_memo() {
    // 2^60 positions have no dense table: the hash map holds the few the search reaches.
    let a = can_i_win_json(&CanIWin::new(60, 30).unwrap(), 0, AnalysisConfig::default()).unwrap();
    assert_eq!(
        (outcome(&a["outcome"]), a["remoteness"].as_u64()),
        (Outcome::FirstPlayerWins, Some(1))
    );
    assert_eq!(a["moves"][0]["move"], 30);
    // A tiny budget is an honest "cannot answer".
    let config = AnalysisConfig::default()
        .with_memory_cap_bytes(1 << 20)
        .with_state_budget(10);
    let err = can_i_win_json(&CanIWin::new(30, 300).unwrap(), 0, config).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::CannotAnswer);
    assert!(err.to_string().contains("budget of 10 states"), "{err}");
}

#[test]
fn can_i_win_dense_table_and_hash_map_give_the_same_analyses() {
    // One byte under the dense table of 2^16 positions: the hash map, within the same cap.
    let n = 16;
    let cap = gamesolve::analysis::generic::IndexedScores::<CanIWin>::bytes_for(
        &CanIWin::new(n, 1).unwrap(),
    );
    let hashed = AnalysisConfig::default().with_memory_cap_bytes(u64::try_from(cap).unwrap() - 1);
    let mut compared = 0;
    for t in 0..=136 {
        let game = CanIWin::new(n, t).unwrap();
        let positions = std::iter::once(0u64).chain((0..n).map(|k| 1 << k));
        for used in positions {
            let expected = can_i_win_json(&game, used, AnalysisConfig::default());
            let got = can_i_win_json(&game, used, hashed);
            match (expected, got) {
                (Ok(expected), Ok(got)) => {
                    assert_eq!(got, expected, "T = {t}, used {used:#b}");
                    compared += 1;
                }
                // The game is over: the same error.
                (Err(expected), Err(got)) => assert_eq!(got.to_string(), expected.to_string()),
                (Ok(_), Err(err)) => assert_eq!(err.kind(), ErrorKind::CannotAnswer, "{err}"),
                (Err(err), Ok(_)) => panic!("only the dense table failed: {err}"),
            }
        }
    }
    assert!(compared > 500, "{compared}");
}

#[test]
fn can_i_win_invalid_positions_name_the_value() {
    let game = CanIWin::new(10, 40).unwrap();
    let config = AnalysisConfig::default();
    let err = analyze_json(&game, &[("used", "11")], config).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidInput);
    assert!(
        err.to_string().contains("11") && err.to_string().contains("1..=10"),
        "{err}"
    );
    let err = analyze_json(&game, &[("used", "4,4")], config).unwrap_err();
    assert!(err.to_string().contains("twice"), "{err}");
    let err = analyze_json(&game, &[("used", "10,9,8,7,6")], config).unwrap_err();
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

/// Obviously right: plain recursion on the interval, exact in `i128` (the shared reference,
/// `common::reference`).
fn brute_margin(values: &[i64]) -> i128 {
    crate::common::reference::predict_the_winner_brute(values).margin
}

fn check_predict_the_winner(values: &[i64]) {
    let game = PredictTheWinner::new(values.to_vec());
    let len = values.len();
    for taken_left in 0..=len {
        for taken_right in 0..=len - taken_left {
            let (l, r) = (taken_left.to_string(), taken_right.to_string());
            let flags = [("taken_left", l.as_str()), ("taken_right", r.as_str())];
            let raw = analyze_raw(&game, &flags, AnalysisConfig::default()).unwrap();
            let a: Value = serde_json::from_str(&raw).unwrap();
            let margins: Margins = serde_json::from_str(&raw).unwrap();
            let at = format!("{values:?} taken {taken_left}/{taken_right}");
            let rest = &values[taken_left..len - taken_right];
            let margin = margins.margin;
            assert_eq!(margin, brute_margin(rest), "{at}");
            assert_eq!(a["remoteness"].as_u64(), Some(rest.len() as u64));
            let to_move = Player::to_move_after(taken_left + taken_right);
            assert_eq!(player(&a["to_move"]), to_move);
            let first_margin = if to_move == Player::First {
                margin
            } else {
                -margin
            };
            assert_eq!(margins.first_margin, first_margin, "{at}");
            assert_eq!(
                outcome(&a["outcome"]),
                Outcome::from_margin(first_margin),
                "{at}"
            );

            // Every move, best first, ties left.
            let mut expected = Vec::new();
            if let (Some(&l), Some(&r)) = (rest.first(), rest.last()) {
                expected.push(("left", i128::from(l) - brute_margin(&rest[1..])));
                if rest.len() > 1 {
                    expected.push((
                        "right",
                        i128::from(r) - brute_margin(&rest[..rest.len() - 1]),
                    ));
                }
            }
            expected.sort_by_key(|&(_, m)| std::cmp::Reverse(m));
            let moves = a["moves"].as_array().unwrap();
            let got: Vec<_> = moves
                .iter()
                .zip(&margins.moves)
                .map(|(m, typed)| (m["move"].as_str().unwrap(), typed.margin))
                .collect();
            assert_eq!(got, expected, "{at}");
            assert!(moves
                .iter()
                .zip(&margins.moves)
                .all(|(m, typed)| move_value(&m["value"]) == MoveValue::from_margin(typed.margin)));
            if let Some(best) = margins.moves.first() {
                assert_eq!(best.margin, margin, "{at}");
            }

            // The principal variation: legal, alternating, optimal (ties
            // left) at every step, and its scores give the margin.
            let pv = a["principal_variation"].as_array().unwrap();
            assert_eq!(pv.len(), rest.len());
            let (mut i, mut j) = (taken_left, len - taken_right);
            let mut mover = to_move;
            let mut line_margin = 0i128;
            for ply in pv {
                assert_eq!(player(&ply["player"]), mover, "{at}");
                let left = i128::from(values[i]) - brute_margin(&values[i + 1..j]);
                let right = i128::from(values[j - 1]) - brute_margin(&values[i..j - 1]);
                let side = match ply["move"].as_str() {
                    Some("left") => Side::Left,
                    _ => Side::Right,
                };
                assert_eq!(side, Side::choose(left, right), "pv not optimal at {at}");
                let index = if side == Side::Left { i } else { j - 1 };
                assert_eq!(ply["index"].as_u64(), Some(index as u64), "{at}");
                assert_eq!(ply["value"].as_i64(), Some(values[index]), "{at}");
                if side == Side::Left {
                    i += 1;
                } else {
                    j -= 1;
                }
                let signed = i128::from(values[index]);
                line_margin += if mover == to_move { signed } else { -signed };
                mover = mover.other();
            }
            assert_eq!(line_margin, margin, "{at}");
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
    let game = PredictTheWinner::new(vec![1, 5, 233, 7]);
    let a = analyze_json(&game, &[], AnalysisConfig::default()).unwrap();
    let solved = gamesolve::solve_predict_the_winner(&game).unwrap();
    assert_eq!(
        (
            i128::from(a["margin"].as_i64().unwrap()),
            outcome(&a["outcome"])
        ),
        (solved.margin, solved.outcome)
    );
    assert_eq!(a["moves"][0]["move"], solved.best_move.unwrap().as_str());
}

#[test]
fn predict_the_winner_invalid_position() {
    let game = PredictTheWinner::new(vec![1, 2, 3]);
    let config = AnalysisConfig::default();
    let err =
        analyze_json(&game, &[("taken_left", "2"), ("taken_right", "2")], config).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidInput);
    assert!(err.to_string().contains("taken_left = 2"), "{err}");
    let huge = usize::MAX.to_string();
    let flags = [("taken_left", huge.as_str()), ("taken_right", "1")];
    assert!(analyze_json(&game, &flags, config).is_err());
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
    let out = crate::common::cli::gamesolve()
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
            {"move": "left", "value": "win", "margin": 222, "taken": 1, "remoteness": 4},
            {"move": "right", "value": "lose", "margin": -222, "taken": 7, "remoteness": 4}
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
    let run = |args: &[&str]| crate::common::cli::gamesolve().args(args).assert();
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
    // The hash map's next table would pass 1 KiB: refused before it is allocated.
    .stderr(predicates::str::contains(
        "more than the memory cap of 1024 bytes",
    ));
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
    let text = crate::common::cli::gamesolve()
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
    crate::common::cli::gamesolve()
        .args(["can-i-win", "5", "7", "--all-totals"])
        .assert()
        .code(2);
    crate::common::cli::gamesolve()
        .args(["can-i-win", "5"])
        .assert()
        .code(2);
}
