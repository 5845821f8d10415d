//! Connect Four: the cases of `tests/data/connect_four.toml` on every variant that answers in
//! time, the six test sets of `tests/data/connect_four/` (positions scored by solvers that are
//! not gamesolve's, `scripts/connect4_testsets.py`: every position of `L3_R1`, `L2_R1` and
//! `L1_R1`, the first positions of the slower `L2_R2`, `L1_R2` and `L1_R3`) reproduced by the
//! default backend, and the command line, `batch` and their errors.

use std::collections::BTreeSet;

use serde::Deserialize;

use crate::common::cases;
use crate::common::cli::{batch_lines, run};
use crate::common::report::Report;
use gamesolve::{
    core_types::{Solver, SolverConfig},
    registry::all_variants,
    Backend, ConnectFour, Game, Outcome,
};

/// The positions of the sets the scorers could make in the time they had (1,000 was the aim;
/// `scripts/connect4_testsets.py` with the seeds its docs give reproduces them).
const L1_R1_LINES: usize = 136;
const L1_R2_LINES: usize = 15;
const L1_R3_LINES: usize = 10;

/// The data file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    case: Vec<Case>,
}

/// One case.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    why: String,
    width: u32,
    height: u32,
    moves: String,
    score: i32,
    best_move: Option<u32>,
}

/// The most empty cells a variant is run on here: plain recursion expands every line (83
/// million positions on the empty 4x4 board), the plain memos every position of every root
/// move's subtree; `memo/alpha-beta` and `memo/bounded` prune on the score and take every
/// case.
fn most_empty_cells(
    variant: &gamesolve::core_types::Variant<ConnectFour>,
) -> Option<(u32, &'static str)> {
    match (variant.backend, variant.name) {
        ("recursive", _) => Some((12, "plain recursion expands every line")),
        ("memo", "alpha-beta" | "bounded") => None,
        ("memo", _) => Some((20, "a plain memo searches every root move's whole subtree")),
        _ => Some((0, "not expected to answer connect-four")),
    }
}

fn empty_cells(game: &ConnectFour) -> u32 {
    game.cells() - game.start().moves_played()
}

/// The score of `column` (from 1) at the start of `game`, by `solver`: what the move earns
/// (the reply's score, negated, or the win it makes).
fn score_of_move(
    solver: &mut (dyn Solver<ConnectFour> + Send),
    game: &ConnectFour,
    column: u32,
) -> i32 {
    let mut moves = game.moves_word().to_owned();
    moves.push(char::from_digit(column, 10).unwrap_or('?'));
    let next = ConnectFour::new(game.width(), game.height(), &moves)
        .unwrap_or_else(|e| panic!("{moves}: {e}"));
    match next.terminal_value(next.start()) {
        Some(value) => -value.0,
        None => {
            -solver
                .solve(&next)
                .unwrap_or_else(|e| panic!("{moves}: {e}"))
                .score
        }
    }
}

#[test]
fn data_cases_on_every_variant() {
    let file: File = cases::load("connect_four.toml");
    let mut report = Report::new("connect-four cases");
    let mut names = BTreeSet::new();
    let variants = all_variants::<ConnectFour>();
    for case in &file.case {
        if !names.insert(case.name.clone()) || case.why.trim().is_empty() {
            report.fail(format!("`{}`: duplicate name or empty `why`", case.name));
        }
        let game = match ConnectFour::new(case.width, case.height, &case.moves) {
            Ok(game) => game,
            Err(e) => {
                report.fail(format!("`{}`: {e}", case.name));
                continue;
            }
        };
        for variant in &variants {
            let label = format!("{} `{}`", variant.id(), case.name);
            if let Some((most, why)) = most_empty_cells(variant) {
                if empty_cells(&game) > most {
                    report.skip(format!("{label}: more than {most} empty cells ({why})"));
                    continue;
                }
            }
            let mut solver = variant.solver(&SolverConfig::default());
            match solver.solve(&game) {
                Ok(s) => {
                    report.check_eq(format!("{label}: score"), s.score, case.score);
                    let outcome = match case.score.signum() {
                        1 => Outcome::FirstPlayerWins,
                        -1 => Outcome::SecondPlayerWins,
                        _ => Outcome::Draw,
                    };
                    report.check_eq(format!("{label}: outcome"), s.outcome, outcome);
                    if let Some(best) = case.best_move {
                        report.check_eq(format!("{label}: best move"), s.best_move, Some(best));
                    }
                    if let Some(best) = s.best_move {
                        let got = score_of_move(solver.as_mut(), &game, best);
                        report.check_eq(format!("{label}: its best move scores"), got, case.score);
                    }
                }
                Err(e) => report.fail(format!("{label}: {e}")),
            }
        }
    }
    if Backend::Memo.is_available()
        && !variants
            .iter()
            .any(|v| (v.backend, v.name) == ("memo", "alpha-beta"))
    {
        report.fail("memo/alpha-beta does not answer connect-four although `memo` is built");
    }
    report.finish();
}

/// The scores of the test set `name` (`MOVES SCORE` lines of 7x6 positions with `played`
/// stones and `left` moves left under best play), by the default backend (`memo/bounded`):
/// every line, or the lines numbered (from 1) in `sample`; returns the lines in the file.
fn test_set(
    name: &str,
    played: std::ops::RangeInclusive<usize>,
    left: std::ops::RangeInclusive<u32>,
    sample: Option<&[usize]>,
) -> Option<usize> {
    let path = cases::data_dir().join(format!("connect_four/{name}.txt"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    // A build with no backend for the game (`tabular` or `reduction` alone) has nothing to run.
    let mut solver = Backend::default_for::<ConnectFour>()
        .solver::<ConnectFour>()
        .ok()?;
    let mut report = Report::new(format!("connect-four {name}"));
    for (k, line) in text.lines().enumerate() {
        if sample.is_some_and(|lines| !lines.contains(&(k + 1))) {
            continue;
        }
        let Some((moves, score)) = line.split_once(' ') else {
            report.fail(format!("line {}: `{line}` is not `MOVES SCORE`", k + 1));
            continue;
        };
        let score: i32 = score
            .parse()
            .unwrap_or_else(|e| panic!("line {}: {e}", k + 1));
        if !played.contains(&moves.len()) {
            report.fail(format!(
                "line {}: {} moves played, not {played:?}",
                k + 1,
                moves.len()
            ));
        }
        let game = match ConnectFour::new(7, 6, moves) {
            Ok(game) => game,
            Err(e) => {
                report.fail(format!("line {}: {e}", k + 1));
                continue;
            }
        };
        match solver.solve(&game) {
            Ok(s) => {
                report.check_eq(format!("line {} `{moves}`", k + 1), s.score, score);
                let moves_left = game.remoteness(game.start(), s.score);
                if !left.contains(&moves_left) {
                    report.fail(format!(
                        "line {} `{moves}`: {moves_left} moves left, not {left:?}",
                        k + 1
                    ));
                }
            }
            Err(e) => report.fail(format!("line {} `{moves}`: {e}", k + 1)),
        }
    }
    report.finish();
    Some(text.lines().count())
}

/// `L3_R1` (29 to 42 stones played, 0 to 13 moves left): all its 1,000 scores.
#[test]
fn the_l3_r1_test_set() {
    if let Some(lines) = test_set("L3_R1", 29..=42, 0..=13, None) {
        assert_eq!(lines, 1000);
    }
}

/// `L2_R1` (15 to 28 stones played, 0 to 13 moves left): all its 1,000 scores.
#[test]
fn the_l2_r1_test_set() {
    if let Some(lines) = test_set("L2_R1", 15..=28, 0..=13, None) {
        assert_eq!(lines, 1000);
    }
}

/// `L1_R1` (0 to 14 stones played, 0 to 13 moves left): all its scores (fewer than 1,000:
/// the independent Python scorer finds about two a minute; see the script).
#[test]
fn the_l1_r1_test_set() {
    if let Some(lines) = test_set("L1_R1", 0..=14, 0..=13, None) {
        assert_eq!(lines, L1_R1_LINES);
    }
}

/// `L2_R2` (15 to 28 stones played, 14 to 27 moves left): its first 100 scores of 1,000 (up
/// to a second each).
#[test]
fn the_l2_r2_test_set() {
    let first: Vec<usize> = (1..=100).collect();
    if let Some(lines) = test_set("L2_R2", 15..=28, 14..=27, Some(&first)) {
        assert_eq!(lines, 1000);
    }
}

/// `L1_R2` and `L1_R3` (0 to 14 stones played, 14 to 27 and 28 to 42 moves left): a few of
/// their scores, the positions the C++ peer solves fastest (the others take seconds each).
#[test]
fn the_l1_r2_and_l1_r3_test_sets_sampled() {
    let sets: [(&str, _, &[usize], usize); 2] = [
        ("L1_R2", 14..=27, &[8, 10, 13], L1_R2_LINES),
        ("L1_R3", 28..=42, &[7], L1_R3_LINES),
    ];
    for (name, left, sample, expected) in sets {
        if let Some(lines) = test_set(name, 0..=14, left, Some(sample)) {
            assert_eq!(lines, expected, "{name}");
        }
    }
}

#[test]
fn the_command_line_and_batch() {
    if !Backend::Memo.is_available() {
        return;
    }
    let (code, out, err) = run(&[
        "connect-four",
        "7",
        "6",
        "--played",
        "44455554221",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(json["score"], -15, "{out}");
    assert_eq!(json["best_move"], 4, "{out}");
    assert_eq!(json["moves_played"], 11, "{out}");
    assert_eq!(json["player_to_move"], 2, "{out}");
    assert_eq!(json["variant"], "bounded", "{out}");
    let (code, out, _) = run(&["connect-four", "4", "4"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("Draw with best play, score 0: X plays column 2"),
        "{out}"
    );
    // Errors: the value, why, what is allowed; exit code 2.
    for (args, says) in [
        (vec!["connect-four", "9", "6"], "width = 9 is out of range"),
        (
            vec!["connect-four", "8", "8"],
            "width × (height + 1) = 72 must be at most 64",
        ),
        (
            vec!["connect-four", "7", "6", "--played", "4z"],
            "move #2 (at index 1) = `z` is not a column",
        ),
        (
            vec!["connect-four", "7", "6", "--played", "1212121 2"],
            "is not a column",
        ),
        (
            vec!["connect-four", "7", "6", "--played", "12121212"],
            "move #8 (at index 7) = column 2 comes after the game is over",
        ),
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let (code, lines) = batch_lines(
        "{\"game\":\"connect-four\",\"width\":7,\"height\":6,\"played\":\"44455554221\"}\n\
         {\"game\":\"connect-four\",\"width\":4,\"height\":4}\n\
         {\"game\":\"connect-four\",\"width\":7,\"height\":6,\"played\":[4]}\n",
    );
    assert_eq!(code, 1, "{lines:?}");
    assert_eq!(lines[0]["score"], -15);
    assert_eq!(
        (lines[1]["score"].clone(), lines[1]["played"].clone()),
        (0.into(), "".into())
    );
    assert_eq!(lines[2]["kind"], "invalid_input");
    // `analyze`: every column's score, `--moves` one column at a time.
    let (code, out, err) = run(&[
        "analyze",
        "connect-four",
        "7",
        "6",
        "--moves",
        "4,4,4,5,5,5,5,4,2,2,1",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(json["score"], -15, "{out}");
    assert_eq!(json["moves"][0]["move"], "4", "{out}");
    assert_eq!(json["moves"][0]["score"], -15, "{out}");
    // The same position as `--played` and a word of columns for `--moves`.
    let (code, out, err) = run(&[
        "analyze",
        "connect-four",
        "7",
        "6",
        "--played",
        "4445555",
        "--moves",
        "4221",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let again: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again["position"], json["position"], "{out}");
    assert_eq!(again["score"], -15, "{out}");
}
