//! Your own game in one file, with the whole gamesolve app: the subtraction game with moves
//! {1, 3, 4}, defined through the public API only, solved by every generic backend, shown with
//! the teaching views, and offered by every command of `gamesolve` beside the built-in games.
//!
//! A pile of stones; the players alternately take 1, 3 or 4 stones; whoever cannot move
//! loses. Implementing [`Game`] is the whole definition; `Registered` gives it the generic
//! variants (`recursive/negamax`, `memo/hash-map`), `TableView` the table view of `explain`,
//! `Reported` its JSON answer and `TableGame` its row of the game table (parameters, rules,
//! examples), with which `gamesolve_app::run` offers it on the command line, in `batch` and
//! on the page of `serve`.
//!
//! ```text
//! cargo run --example subtraction_game -- subtraction-1-3-4 22 --json
//! cargo run --example subtraction_game -- compare subtraction-1-3-4 21 --variants
//! cargo run --example subtraction_game -- explain subtraction-1-3-4 9 --html - > pile.html
//! echo '{"game":"subtraction-1-3-4","stones":21}' | cargo run --example subtraction_game -- batch
//! cargo run --example subtraction_game -- serve
//! ```
//!
//! `tests/it/subtraction_game.rs` checks the losing pile sizes with every backend ([`report`]).

use gamesolve::analysis::{generic, AnalysisConfig};
use gamesolve::contract::{GenericReport, Reported};
use gamesolve::explain::{explain, ExplainLimits, TableView};
use gamesolve::games::{GameInfo, Param, ParamKind, ParamValue, Params, TableGame};
use gamesolve::{Backend, Error, Game, Indexed, Outcome, Registered, SolverConfig, Stats, Verdict};
use gamesolve_app::GameTable;
use serde::Serialize;

/// The moves allowed: take 1, 3 or 4 stones.
const TAKE: [u32; 3] = [1, 3, 4];

/// A pile of `stones`; see the file's docs.
#[derive(Clone, Debug)]
pub struct Subtraction {
    /// The stones on the pile at the start.
    pub stones: u32,
}

/// The answer: who wins, and the first winning move (the smallest), if any; in JSON
/// `{"outcome":"first","best_move":"take 1"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// Who wins under perfect play.
    pub outcome: Outcome,
    /// The smallest winning first move, when the first player wins.
    #[serde(serialize_with = "take_words")]
    pub best_move: Option<u32>,
}

/// A move as the views print it: `take 1`.
fn take_words<S: serde::Serializer>(take: &Option<u32>, s: S) -> Result<S::Ok, S::Error> {
    take.map(|t| format!("take {t}")).serialize(s)
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

/// A pile's index is its size: a table of `stones + 1` cells replaces the hash map.
impl Indexed for Subtraction {
    fn position_count(&self) -> u64 {
        u64::from(self.stones) + 1
    }

    fn index(&self, stones: u32) -> usize {
        stones as usize
    }

    fn position_at(&self, index: usize) -> u32 {
        u32::try_from(index).unwrap_or(u32::MAX)
    }
}

/// The generic variants of every backend that applies, `memo/indexed` with them.
impl Registered for Subtraction {
    fn variants_of(backend: Backend) -> Vec<gamesolve::Variant<Self>> {
        gamesolve::indexed_variants_of(backend)
    }
}

/// The default table view of `explain`.
impl TableView for Subtraction {}

/// The JSON answer: the contract's frame with the pile and the [`Answer`]'s fields.
impl Reported for Subtraction {
    type Report = GenericReport;

    fn report(
        &self,
        answer: &Answer,
        backend: &'static str,
        variant: &'static str,
        kernel: &'static str,
        stats: Stats,
    ) -> GenericReport {
        GenericReport::new(self, answer, backend, variant, kernel, stats)
    }
}

/// The one parameter: the pile.
const STONES: Param = Param {
    name: "stones",
    value_name: "STONES",
    kind: ParamKind::Integer {
        min: 0,
        max: 1_000_000,
    },
    help: "The stones on the pile at the start (0..=1000000).",
};

/// The game's row of the game table.
static INFO: GameInfo = GameInfo {
    name: "subtraction-1-3-4",
    title: "Subtraction game {1, 3, 4}",
    summary: "Who wins the subtraction game {1, 3, 4}: take 1, 3 or 4 stones from a pile; \
              whoever cannot move loses.",
    rules: "A pile of stones lies on the table. The players take turns; each takes 1, 3 or 4 \
            stones from it (no more than are left). The player who cannot move, because the \
            pile is empty, loses.",
    params: &[STONES],
    examples: &["22", "9", "7"],
    sweep: None,
};

/// Its row of the game table: with it, every front end of the app offers the game.
impl TableGame for Subtraction {
    fn info() -> &'static GameInfo {
        &INFO
    }

    /// `analyze` and `play` search over a dense table of every position (the game is
    /// [`Indexed`]) instead of a hash map.
    fn analyzer(&self, config: AnalysisConfig) -> generic::Analyzer<Self> {
        generic::Analyzer::indexed(self.clone(), config)
    }

    fn from_params(params: &Params) -> Result<Self, Error> {
        let stones = params.integer(&STONES)?;
        // In range by STONES's bounds.
        Ok(Subtraction {
            stones: u32::try_from(stones).unwrap_or(u32::MAX),
        })
    }

    fn params(&self) -> Params {
        Params::new().with("stones", ParamValue::Text(self.stones.to_string()))
    }

    fn headline(&self, answer: &Answer) -> String {
        match (answer.outcome, answer.best_move) {
            (Outcome::FirstPlayerWins, Some(take)) => format!("First player wins: take {take}"),
            (Outcome::FirstPlayerWins, None) => "First player wins".to_owned(),
            (Outcome::SecondPlayerWins, _) => "Second player wins: every move loses".to_owned(),
            (Outcome::Draw, _) => "Draw".to_owned(),
        }
    }

    fn details(&self, _answer: &Answer, backend: &str) -> String {
        format!(
            "Subtraction game {{1, 3, 4}}: a pile of {}; backend {backend}\n",
            self.stones
        )
    }
}

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

/// The whole gamesolve app with this game beside the built-in ones.
#[allow(dead_code)] // the tests include this file as a module and call `report`
fn main() -> std::process::ExitCode {
    gamesolve_app::run(GameTable::builtin().with::<Subtraction>())
}
