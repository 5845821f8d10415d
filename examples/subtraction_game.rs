//! Your own game in one file: the subtraction game with moves {1, 3, 4}, defined through the
//! public API only, solved by every generic backend, and shown with the teaching views.
//!
//! A pile of stones; the players alternately take 1, 3 or 4 stones; whoever cannot move
//! loses. Implementing [`Game`] is the whole definition; `Registered` gives it the generic
//! variants (`recursive/negamax`, `memo/hash-map`), `TableView` the table view of `explain`.
//!
//! ```text
//! cargo run --example subtraction_game
//! ```

use gamesolve::analysis::{generic, AnalysisConfig};
use gamesolve::explain::{explain, ExplainLimits, TableView};
use gamesolve::{Backend, Game, Outcome, Registered, SolverConfig, Verdict};

/// The moves allowed: take 1, 3 or 4 stones.
const TAKE: [u32; 3] = [1, 3, 4];

/// A pile of `stones`; see the file's docs.
#[derive(Clone, Debug)]
pub struct Subtraction {
    /// The stones on the pile at the start.
    pub stones: u32,
}

/// The answer: who wins, and the first winning move (the smallest), if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Who wins under perfect play.
    pub outcome: Outcome,
    /// The smallest winning first move, when the first player wins.
    pub best_move: Option<u32>,
}

impl Game for Subtraction {
    const NAME: &'static str = "subtraction-1-3-4";
    /// The stones left.
    type Position = u32;
    /// The stones taken.
    type Move = u32;
    type Value = Verdict;
    type Solution = Answer;

    fn start(&self) -> u32 {
        self.stones
    }

    fn terminal_value(&self, stones: u32) -> Option<Verdict> {
        // No move left: the player to move loses.
        (stones == 0).then_some(Verdict::Loss)
    }

    fn moves(&self, stones: u32) -> Vec<u32> {
        TAKE.into_iter().filter(|&take| take <= stones).collect()
    }

    fn play(&self, stones: u32, take: u32) -> u32 {
        stones - take
    }

    fn solution(&self, value: Verdict, best_move: Option<u32>) -> Answer {
        Answer {
            outcome: value.outcome_for_first(),
            best_move: best_move.filter(|_| value == Verdict::Win),
        }
    }

    fn outcome(&self, answer: &Answer) -> Outcome {
        answer.outcome
    }

    fn describe(&self) -> String {
        format!("{} with a pile of {}", Self::NAME, self.stones)
    }

    fn show_position(&self, stones: u32) -> String {
        format!("pile {stones}")
    }

    fn show_move(&self, _stones: u32, take: u32) -> String {
        format!("take {take}")
    }
}

/// The generic variants of every backend that applies.
impl Registered for Subtraction {}

/// The default table view of `explain`.
impl TableView for Subtraction {}

/// Everything the example prints: one line per backend with the losing pile sizes 0..=30,
/// the move values from a pile of 9, and the memo's call tree on a pile of 7.
///
/// # Errors
///
/// A backend or the analysis giving up (none does on these small piles).
pub fn report() -> Result<String, Box<dyn std::error::Error>> {
    use std::fmt::Write as _;
    let mut out = String::new();
    // Every pile size 0..=30 with every backend that has an algorithm for this game.
    for backend in Backend::available() {
        let Ok(mut solver) = backend.solver::<Subtraction>() else {
            continue; // `tabular` has no table for a game it does not know
        };
        let mut losing = Vec::new();
        for stones in 0..=30 {
            let answer = solver.solve(&Subtraction { stones })?;
            if answer.outcome == Outcome::SecondPlayerWins {
                losing.push(stones.to_string());
            }
        }
        writeln!(out, "{backend}: losing pile sizes {}", losing.join(" "))?;
    }

    // What every move from a pile of 9 is worth, to the player making it.
    let game = Subtraction { stones: 9 };
    let analysis = generic::analyze(&game, game.start(), &AnalysisConfig::default())?;
    writeln!(
        out,
        "\nMoves from a pile of 9 (the player to move {} in {}), best first:",
        analysis.value, analysis.remoteness
    )?;
    for m in &analysis.moves {
        let after = game.play(game.start(), m.mv);
        writeln!(
            out,
            "  {} → pile {after}: {} in {}",
            game.show_move(game.start(), m.mv),
            m.value,
            m.remoteness
        )?;
    }

    // The call tree on a pile of 7, from the memo (each position once, memo hits marked) or,
    // in a build without it, plain recursion; the moves that empty the pile end the game and
    // make no call.
    let Some(backend) = [Backend::Memo, Backend::Recursive]
        .into_iter()
        .find(|b| b.is_available())
    else {
        writeln!(
            out,
            "\nNo generic backend in this build: no call tree to show."
        )?;
        return Ok(out);
    };
    let game = Subtraction { stones: 7 };
    let limits = ExplainLimits::default();
    let run = explain(&game, &backend.into(), &SolverConfig::default(), &limits)?;
    writeln!(out, "\n{backend} on a pile of 7: {}", run.summary())?;
    out.push_str(&run.tree_text(8, 40));
    Ok(out)
}

#[allow(dead_code)] // the tests include this file as a module and call `report`
fn main() -> Result<(), Box<dyn std::error::Error>> {
    print!("{}", report()?);
    Ok(())
}
