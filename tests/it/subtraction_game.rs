//! The "your own game in one file" example (`examples/subtraction_game.rs`), checked: every
//! backend that applies finds the losing pile sizes of the subtraction game {1, 3, 4}, and
//! the teaching views work on it, through the library as a caller would use it.
#![allow(clippy::unwrap_used)]

use std::fmt::Write as _;

use crate::subtraction_example as example;

use example::Subtraction;
use gamesolve::analysis::{generic, AnalysisConfig};
use gamesolve::explain::{explain, ExplainLimits};
use gamesolve::{core_types::SolverConfig, Backend, Game, Outcome};

/// What a caller of the library gets: one line per backend with the losing pile sizes
/// 0..=30, the move values from a pile of 9, and the memo's call tree on a pile of 7.
fn report() -> Result<String, Box<dyn std::error::Error>> {
    let mut out = String::new();
    for backend in Backend::available() {
        let Ok(mut solver) = backend.solver::<Subtraction>() else {
            continue; // `reduction` has no algorithm for a game it does not know
        };
        let mut losing = Vec::new();
        for stones in 0..=30 {
            if solver.solve(&Subtraction { stones })?.outcome == Outcome::SecondPlayerWins {
                losing.push(stones.to_string());
            }
        }
        writeln!(out, "{backend}: losing pile sizes {}", losing.join(" "))?;
    }
    let game = Subtraction { stones: 9 };
    let analysis = generic::analyze(&game, game.start(), &AnalysisConfig::default())?;
    writeln!(
        out,
        "\nMoves from a pile of 9 (the player to move {} in {}), best first:",
        analysis.value, analysis.remoteness
    )?;
    for m in &analysis.moves {
        let after = game.play(game.start(), m.mv);
        let shown = game.show_move(game.start(), m.mv);
        writeln!(
            out,
            "  {shown} → pile {after}: {} in {}",
            m.value, m.remoteness
        )?;
    }
    if !Backend::Memo.is_available() {
        return Ok(out);
    }
    let game = Subtraction { stones: 7 };
    let choice = "memo/hash-map".parse()?;
    let run = explain(
        &game,
        &choice,
        &SolverConfig::default(),
        &ExplainLimits::default(),
    )?;
    writeln!(out, "\nmemo on a pile of 7: {}", run.summary())?;
    out.push_str(&run.tree_text(8, 40));
    Ok(out)
}

/// Losing positions of the subtraction game {1, 3, 4}: `n mod 7` is 0 or 2.
const LOSING: &str = "0 2 7 9 14 16 21 23 28 30";

#[test]
fn every_generic_backend_finds_the_losing_piles() {
    let text = report().unwrap();
    let mut lines = 0;
    for backend in Backend::available() {
        let applies = backend.solver::<Subtraction>().is_ok();
        let line = format!("{backend}: losing pile sizes {LOSING}");
        assert_eq!(text.contains(&line), applies, "{backend}:\n{text}");
        lines += usize::from(applies);
    }
    // At least `recursive` and `memo` apply when compiled in.
    let expected =
        usize::from(Backend::Recursive.is_available()) + usize::from(Backend::Memo.is_available());
    assert!(lines >= expected, "{text}");
}

#[test]
fn the_answers_follow_the_period_of_seven() {
    for backend in Backend::available() {
        let Ok(mut solver) = backend.solver::<Subtraction>() else {
            continue;
        };
        // Negamax remembers nothing, so its work grows exponentially with the pile: keep it
        // to piles it finishes in well under a second (the memo goes further).
        let largest = if backend == Backend::Recursive {
            26
        } else {
            60
        };
        for stones in 0..=largest {
            let answer = solver.solve(&Subtraction { stones }).unwrap();
            let losing = matches!(stones % 7, 0 | 2);
            assert_eq!(
                answer.outcome,
                if losing {
                    Outcome::SecondPlayerWins
                } else {
                    Outcome::FirstPlayerWins
                },
                "{backend} pile {stones}"
            );
            // A winning move leaves a losing pile; a lost pile names no move (every move
            // loses), as Can I Win's answer (docs/JSON.md).
            match (answer.best_move, losing) {
                (Some(take), false) => {
                    let game = Subtraction { stones };
                    assert!(
                        matches!(game.play(stones, take) % 7, 0 | 2),
                        "{backend} {stones}"
                    );
                }
                (None, true) => {}
                (best, _) => panic!("{backend} pile {stones}: best move {best:?}"),
            }
        }
    }
}

#[test]
fn the_teaching_views_work_on_the_users_game() {
    if !Backend::Memo.is_available() {
        return;
    }
    let text = report().unwrap();
    assert!(
        text.contains("Moves from a pile of 9 (the player to move loses in 6), best first:"),
        "{text}"
    );
    assert!(text.contains("  take 1 → pile 8: loses in 6"), "{text}");
    assert!(
        text.contains("pile 7: loses\n├─ take 1 → pile 6: wins"),
        "{text}"
    );
    assert!(text.contains("[memo hit]"), "{text}");
}

/// `best_move` means the same in every game's answer (docs/JSON.md): a lost start names no
/// move (every move loses), as Can I Win's does; a batch line of 21 stones once answered
/// `"outcome":"second","best_move":"take 1"`. A scoring game still names its best move when
/// it loses (it loses by the least).
#[test]
fn a_lost_start_names_no_best_move_in_every_game() {
    use gamesolve::{CanIWin, PredictTheWinner};
    for backend in Backend::available() {
        let Ok(mut solver) = backend.solver::<Subtraction>() else {
            continue;
        };
        let lost = solver.solve(&Subtraction { stones: 21 }).unwrap();
        assert_eq!(lost.outcome, Outcome::SecondPlayerWins, "{backend}");
        assert_eq!(lost.best_move, None, "{backend}");
        let json = serde_json::to_string(&lost).unwrap();
        assert!(json.contains(r#""best_move":null"#), "{backend}: {json}");
        let won = solver.solve(&Subtraction { stones: 22 }).unwrap();
        assert_eq!(won.best_move, Some(1), "{backend}");
    }
    for backend in Backend::available() {
        if let Ok(mut solver) = backend.solver::<CanIWin>() {
            let lost = solver.solve(&CanIWin::new(10, 11).unwrap()).unwrap();
            assert_eq!(lost.best_move, None, "{backend}");
        }
        if let Ok(mut solver) = backend.solver::<PredictTheWinner>() {
            let lost = solver.solve(&PredictTheWinner::new(vec![1, 5, 2])).unwrap();
            assert_eq!(lost.outcome, Outcome::SecondPlayerWins, "{backend}");
            assert!(lost.best_move.is_some(), "{backend}");
        }
    }
}
