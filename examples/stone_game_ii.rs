//! Stone Game II (LeetCode 1140) as a user's own game in one file, through the public API only:
//! a scoring game solved by every generic backend, with the teaching views and a table of its
//! states by (pile index, M).
//!
//! A row of piles (any `i64` stone counts, read as Predict the Winner values are). With `M`
//! starting at 1, the player to move takes all the stones of the first `X` remaining piles,
//! `1 <= X <= 2M`, and then `M = max(M, X)`; the game ends when no pile is left, and each
//! player maximises their own stones. A position's value is the [`Margin`] of the player to
//! move (their stones minus the opponent's over the piles left, exactly), and a move is worth
//! the stones it takes minus the opponent's margin after it, as in Predict the Winner.
//!
//! The file is laid out as a game a front end can register: the game and its answer first, then
//! its views (`Registered`, `TableView`), its JSON answer (`Reported`) and its row of the game
//! table (`TableGame`), then what the example runs: the whole gamesolve app with the game added
//! (`main`), and a report of the two LeetCode rows that the tests check (`report`).
//!
//! ```text
//! cargo run --example stone_game_ii -- stone-game-ii 2 7 9 4 4 --json
//! cargo run --example stone_game_ii -- explain stone-game-ii 2 7 9 4 4 --backend memo
//! cargo run --example stone_game_ii -- compare stone-game-ii 1 2 3 4 5 100 --variants
//! ```

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};
use std::str::FromStr;

use gamesolve::analysis::{generic, AnalysisConfig};
use gamesolve::contract::{GenericReport, Reported};
use gamesolve::core_types::values::{parse_values_from_reader, ValuesError};
use gamesolve::explain::{explain, ExplainLimits, TableCell, TableLayout, TableShape, TableView};
use gamesolve::games::{invalid, GameInfo, Param, ParamKind, ParamValue, Params, TableGame};
use gamesolve::{
    Backend, BackendChoice, Error, Event, Game, Indexed, Margin, Outcome, Registered, SolverConfig,
    Stats,
};

// ---------------------------------------------------------------------------------------------
// The game
// ---------------------------------------------------------------------------------------------

/// A Stone Game II instance: the piles, left to right; see the file's docs.
///
/// ```text
/// let game: StoneGameII = "2 7 9 4 4".parse()?;   // or "[2,7,9,4,4]", as LeetCode writes it
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoneGameII {
    piles: Vec<i64>,
    /// `prefix[k]` is the sum of the first `k` piles, exactly (`len + 1` entries), so a move's
    /// stones are one subtraction.
    prefix: Vec<i128>,
}

/// Why a row of piles is not a Stone Game II instance.
#[derive(Debug)]
#[non_exhaustive]
pub enum StoneGameIIError {
    /// The text is not a row of `i64` values (the Predict the Winner reader's error, with the
    /// value's index and text).
    Values(ValuesError),
    /// More piles than a position's `u32` pile index can count.
    TooManyPiles {
        /// The number of piles given.
        len: usize,
        /// The most piles allowed, `u32::MAX`.
        max: usize,
    },
}

impl fmt::Display for StoneGameIIError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoneGameIIError::Values(e) => write!(f, "stone-game-ii piles: {e}"),
            StoneGameIIError::TooManyPiles { len, max } => write!(
                f,
                "stone-game-ii takes at most {max} piles, not {len}: a position counts piles in u32"
            ),
        }
    }
}

impl std::error::Error for StoneGameIIError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StoneGameIIError::Values(e) => Some(e),
            StoneGameIIError::TooManyPiles { .. } => None,
        }
    }
}

impl From<ValuesError> for StoneGameIIError {
    fn from(e: ValuesError) -> Self {
        StoneGameIIError::Values(e)
    }
}

impl StoneGameII {
    /// A game on `piles`. Every row of `i64` values is a game (the empty row too: a draw
    /// at 0); negative piles are fine, the players still maximise their own sums.
    ///
    /// # Errors
    ///
    /// [`StoneGameIIError::TooManyPiles`] past `u32::MAX` piles.
    pub fn new(piles: Vec<i64>) -> Result<Self, StoneGameIIError> {
        let max = u32::MAX as usize;
        if piles.len() > max {
            return Err(StoneGameIIError::TooManyPiles {
                len: piles.len(),
                max,
            });
        }
        let mut prefix = Vec::with_capacity(piles.len() + 1);
        let mut sum = 0i128;
        prefix.push(sum);
        for &pile in &piles {
            sum += i128::from(pile);
            prefix.push(sum);
        }
        Ok(StoneGameII { piles, prefix })
    }

    /// A game on the piles written in `text`, read exactly as the command line reads Predict
    /// the Winner values (`2 7 9 4 4`, `2,7,9,4,4`, `[2,7,9,4,4]`); see
    /// [`gamesolve::core_types::values`].
    ///
    /// # Errors
    ///
    /// [`StoneGameIIError::Values`] when the text is not a row of `i64` values, as
    /// [`StoneGameII::new`] otherwise.
    pub fn parse(text: &str) -> Result<Self, StoneGameIIError> {
        StoneGameII::new(parse_values_from_reader(text.as_bytes())?)
    }

    /// The piles, left to right.
    pub fn piles(&self) -> &[i64] {
        &self.piles
    }

    /// The number of piles.
    pub fn len(&self) -> usize {
        self.piles.len()
    }

    /// `true` when there is no pile (the game is over before it starts: a draw).
    pub fn is_empty(&self) -> bool {
        self.piles.is_empty()
    }

    /// All the stones, exactly.
    pub fn total(&self) -> i128 {
        self.prefix.last().copied().unwrap_or(0)
    }

    /// The piles left from `state` on.
    fn remaining(&self, state: State) -> u32 {
        // `new` keeps the length within u32.
        (self.piles.len() as u32).saturating_sub(state.index)
    }

    /// The stones of the `take` piles from `index` on.
    fn stones(&self, index: u32, take: u32) -> i128 {
        let from = (index as usize).min(self.piles.len());
        let to = (from + take as usize).min(self.piles.len());
        self.prefix[to] - self.prefix[from]
    }

    /// The position with the first remaining pile at `index` and `m`, with `m` capped.
    ///
    /// `M = max(M, X)` with `X` at most the piles left, so `M` never exceeds the number of
    /// piles; more: once `2M` reaches the piles left, every move is allowed and stays allowed
    /// (the next `M` is no smaller while fewer piles are left), so all `M >= ⌈left / 2⌉` are
    /// one state. Storing the smallest of them (1 when no pile is left) makes equivalent
    /// states coincide: one memo entry, one table cell, one node of the DAG.
    fn state(&self, index: u32, m: u32) -> State {
        let left = (self.piles.len() as u32).saturating_sub(index);
        State {
            index,
            m: m.min(left.div_ceil(2)).max(1),
        }
    }
}

impl FromStr for StoneGameII {
    type Err = StoneGameIIError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        StoneGameII::parse(text)
    }
}

/// A position: the first remaining pile and `M`, ordered by `(index, m)`; `m` is capped at
/// `⌈piles left / 2⌉` (see [`StoneGameII`]'s `state`), so it is at most the number of piles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    /// The index of the first remaining pile (the number of piles when none is left).
    pub index: u32,
    /// `M`: the player to move may take 1 to `2M` piles.
    pub m: u32,
}

/// The answer: who wins, the margin and both scores, and the best first move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct StoneGameIISolution {
    /// Who wins: by the sign of `margin`, a draw on equal scores.
    pub outcome: Outcome,
    /// The first player's stones minus the second player's, under optimal play.
    pub margin: i128,
    /// The first player's stones: `(total + margin) / 2`.
    pub first_score: i128,
    /// The second player's stones: `(total - margin) / 2`.
    pub second_score: i128,
    /// `X`, the piles the first player takes first (the smallest of equally good ones); `None`
    /// when there is no pile.
    pub best_move: Option<u32>,
}

impl Game for StoneGameII {
    const NAME: &'static str = "stone-game-ii";
    type Position = State;
    /// `X`: how many piles the player to move takes.
    type Move = u32;
    type Value = Margin;
    type Solution = StoneGameIISolution;

    fn start(&self) -> State {
        self.state(0, 1)
    }

    fn terminal_value(&self, state: State) -> Option<Margin> {
        // No pile left: nothing more to gain for either player.
        (self.remaining(state) == 0).then_some(Margin(0))
    }

    fn moves(&self, state: State) -> Vec<u32> {
        // Smallest X first: the tie-break among equally good moves.
        let most = u64::from(state.m) * 2;
        let left = self.remaining(state);
        (1..=most.min(u64::from(left)) as u32).collect()
    }

    fn play(&self, state: State, take: u32) -> State {
        self.state(state.index + take, state.m.max(take))
    }

    fn move_value(&self, state: State, take: u32, reply: Margin) -> Margin {
        // The stones taken, minus what the opponent then gets over the mover.
        Margin(self.stones(state.index, take) - reply.0)
    }

    fn solution(&self, value: Margin, best_move: Option<u32>) -> StoneGameIISolution {
        let margin = value.0;
        let total = self.total();
        // first + second = total and first - second = margin: total and margin have the same
        // parity, so the division is exact.
        let first_score = (total + margin) / 2;
        StoneGameIISolution {
            outcome: Outcome::from_margin(margin),
            margin,
            first_score,
            second_score: total - first_score,
            best_move,
        }
    }

    fn outcome(&self, solution: &StoneGameIISolution) -> Outcome {
        solution.outcome
    }

    fn describe(&self) -> String {
        let len = self.len();
        format!(
            "{} {len} pile{}",
            Self::NAME,
            if len == 1 { "" } else { "s" }
        )
    }

    fn show_position(&self, state: State) -> String {
        let from = (state.index as usize).min(self.piles.len());
        let left = &self.piles[from..];
        if left.is_empty() {
            return format!("piles {from}.. none left");
        }
        if left.len() <= 8 {
            let shown: Vec<String> = left.iter().map(i64::to_string).collect();
            format!("piles {from}.. [{}] M={}", shown.join(" "), state.m)
        } else {
            format!("piles {from}.. ({} left) M={}", left.len(), state.m)
        }
    }

    fn show_move(&self, state: State, take: u32) -> String {
        format!(
            "take {take} pile{} ({})",
            if take == 1 { "" } else { "s" },
            self.stones(state.index, take)
        )
    }
}

// ---------------------------------------------------------------------------------------------
// Its place in gamesolve: backends and views
// ---------------------------------------------------------------------------------------------

/// A state's index is `index * (len + 1) + M` (`M` is at most `len`): a table of
/// `(len + 1)^2` cells replaces the hash map (`memo/indexed`).
impl Indexed for StoneGameII {
    fn position_count(&self) -> u64 {
        let side = self.piles.len() as u64 + 1;
        side.saturating_mul(side)
    }

    fn index(&self, state: State) -> usize {
        state.index as usize * (self.piles.len() + 1) + state.m as usize
    }

    fn position_at(&self, index: usize) -> State {
        let side = self.piles.len() + 1;
        State {
            index: u32::try_from(index / side).unwrap_or(u32::MAX),
            m: u32::try_from(index % side).unwrap_or(u32::MAX),
        }
    }
}

/// The generic variants of every backend that applies (`recursive/negamax`, `memo/hash-map`,
/// and `memo/indexed` with the index above).
impl Registered for StoneGameII {
    fn variants_of(backend: Backend) -> Vec<gamesolve::Variant<Self>> {
        gamesolve::indexed_variants_of(backend)
    }
}

/// Columns of the (pile index, M) table shown at most; wider rows say how many are cut.
const MAX_TABLE_COLUMNS: u32 = 12;

/// The states laid out by pile index (rows) and `M` (columns), each cell the margin of the
/// player to move; the default `dependencies` (follow every move) is right for this game.
impl TableView for StoneGameII {
    /// The grid by pile index `i` (rows) and `M` (columns `1..=⌈len / 2⌉`), for the page.
    fn table_layout(&self) -> Option<TableLayout> {
        let len = self.len() as u64;
        Some(
            TableLayout::new(TableShape::Grid, len, len.div_ceil(2) + 1, "i", "M")
                .with_formula(
                    "m(i, M) = max over 1 <= X <= 2M of (a[i] + … + a[i+X-1]) - m(i+X, max(M, X))",
                )
                .with_answer("0,1"),
        )
    }

    /// State `(i, M)` at row `i`, column `M`, key `"i,M"`; no cell once the piles are gone.
    fn table_cell(&self, state: State) -> Option<TableCell> {
        (state.index < self.len() as u32).then(|| {
            TableCell::new(
                format!("{},{}", state.index, state.m),
                u64::from(state.index),
                u64::from(state.m),
            )
        })
    }

    /// The same layout for the states a memo stored: they are coordinates, not a fill order.
    fn memo_table_text(&self, cells: &[(State, Margin)], max_lines: usize) -> Option<String> {
        Some(self.table_text(cells, max_lines))
    }

    fn table_text(&self, cells: &[(State, Margin)], max_lines: usize) -> String {
        let mut text = String::new();
        if self.is_empty() {
            let _ = writeln!(text, "No table: there is no pile.");
            return text;
        }
        // A traced search may report a state more than once (every call of plain recursion):
        // the values agree, keep one.
        let solved: BTreeMap<State, i128> = cells.iter().map(|&(s, Margin(v))| (s, v)).collect();
        let len = self.len() as u32;
        // `M` is stored capped at ⌈left / 2⌉, so no state has a larger `M` than ⌈len / 2⌉.
        let widest = len.div_ceil(2);
        let columns = widest.min(MAX_TABLE_COLUMNS);
        // Blank past the cap on `M` (no such state), `·` for a state the run did not compute.
        let cell = |s: State| {
            if s.m > (len - s.index).div_ceil(2).max(1) {
                String::new()
            } else {
                solved.get(&s).map_or("·".to_owned(), |v| format!("{v:+}"))
            }
        };
        let width = solved
            .values()
            .map(|v| format!("{v:+}").chars().count())
            .chain([format!("M={columns}").len(), 2])
            .max()
            .unwrap_or(2);
        let pile_width = self
            .piles
            .iter()
            .map(|p| p.to_string().len())
            .chain([4])
            .max()
            .unwrap_or(4);
        let index_width = (len - 1).to_string().len().max(1);
        let _ = writeln!(
            text,
            "m(i, M): the margin of the player to move with piles i.. left, by pile index i \
             (rows) and M (columns); · where this run computed none. {} states for {len} piles.",
            solved.len()
        );
        let _ = writeln!(
            text,
            "  m(i, M) = max over 1 <= X <= min(2M, {len} - i) of \
             (a[i] + … + a[i+X-1]) - m(i+X, max(M, X)), m({len}, ·) = 0"
        );
        let _ = writeln!(
            text,
            "  M is kept at most ⌈({len} - i) / 2⌉ (blank past it): from there on every move is \
             allowed, so a larger M is the same state."
        );
        let mut header = format!("  {:>index_width$}  {:>pile_width$} │", "i", "a[i]");
        for m in 1..=columns {
            let _ = write!(header, " {:>width$}", format!("M={m}"));
        }
        if columns < widest {
            let _ = write!(header, "  … M up to {widest} not shown");
        }
        let _ = writeln!(text, "{header}");
        for index in 0..len {
            if index as usize >= max_lines {
                let _ = writeln!(text, "  … {} more rows (raise --max-lines)", len - index);
                break;
            }
            let mut row = format!(
                "  {index:>index_width$}  {:>pile_width$} │",
                self.piles[index as usize]
            );
            for m in 1..=columns {
                let _ = write!(row, " {:>width$}", cell(State { index, m }));
            }
            let _ = writeln!(text, "{}", row.trim_end());
        }
        text
    }
}

// ---------------------------------------------------------------------------------------------
// Its JSON answer and its row of the game table
// ---------------------------------------------------------------------------------------------

/// The JSON answer: the contract's frame with the piles and the solution's fields (`margin`,
/// `first_score`, `second_score`, `outcome`, `best_move`), as Predict the Winner's.
impl Reported for StoneGameII {
    type Report = GenericReport;

    fn report(
        &self,
        solution: &StoneGameIISolution,
        backend: &'static str,
        variant: &'static str,
        kernel: &'static str,
        stats: Stats,
    ) -> GenericReport {
        GenericReport::new(self, solution, backend, variant, kernel, stats)
    }
}

/// The one parameter: the piles, read like Predict the Winner's values.
const PILES: Param = Param {
    name: "piles",
    value_name: "PILES",
    kind: ParamKind::Values,
    help: "The piles' stones, left to right, separated by spaces and/or commas (`[2,7,9,4,4]` \
           too).",
};

static INFO: GameInfo = GameInfo {
    name: "stone-game-ii",
    title: "Stone Game II",
    summary: "Who wins Stone Game II: take all the stones of the first X piles, 1 <= X <= 2M, \
              then M = max(M, X); the larger total wins.",
    rules: "A row of piles of stones lies on the table, and M starts at 1. The players take \
            turns; each takes all the stones of the first X remaining piles, for any X from 1 \
            to 2M, and then M becomes the larger of M and X. When no pile is left, the player \
            with more stones wins; equal totals are a draw (LeetCode 1140).",
    params: &[PILES],
    examples: &["2 7 9 4 4", "1 2 3 4 5 100", "3 1 4 1 5 9 2 6"],
    sweep: None,
};

/// Its row of the game table: with it, every front end of the app offers the game.
impl TableGame for StoneGameII {
    fn info() -> &'static GameInfo {
        &INFO
    }

    /// `analyze` and `play` search over a dense table of every position (the game is
    /// [`Indexed`]) instead of a hash map.
    fn analyzer(&self, config: AnalysisConfig) -> generic::Analyzer<Self> {
        generic::Analyzer::indexed(self.clone(), config)
    }

    fn from_params(params: &Params) -> Result<Self, Error> {
        StoneGameII::new(params.values("piles")?.to_vec()).map_err(|e| invalid(e.to_string()))
    }

    fn params(&self) -> Params {
        Params::new().with("piles", ParamValue::Values(self.piles.clone()))
    }

    fn headline(&self, s: &StoneGameIISolution) -> String {
        let by = s.margin.unsigned_abs();
        let take = |x: u32| {
            let stones = self.prefix[x as usize] - self.prefix[0];
            format!("take {x} pile{} ({stones})", if x == 1 { "" } else { "s" })
        };
        match (s.outcome, s.best_move) {
            (_, None) => "Draw: there are no piles to take".to_owned(),
            (Outcome::FirstPlayerWins, Some(x)) => {
                format!("First player wins by {by}: {}", take(x))
            }
            (Outcome::SecondPlayerWins, Some(x)) => format!(
                "Second player wins by {by} (the first player's best: {})",
                take(x)
            ),
            (Outcome::Draw, Some(x)) => format!("Draw ({})", take(x)),
        }
    }

    fn details(&self, s: &StoneGameIISolution, backend: &str) -> String {
        format!(
            "Scores: first player {}, second player {} (margin {:+})\n\
             Stone Game II: {} piles; backend {backend}\n",
            s.first_score,
            s.second_score,
            s.margin,
            self.len()
        )
    }
}

// ---------------------------------------------------------------------------------------------
// What the example prints
// ---------------------------------------------------------------------------------------------

/// LeetCode 1140's two examples and their first player's stones.
pub const KNOWN_ROWS: [(&str, i128); 2] = [("2 7 9 4 4", 10), ("1 2 3 4 5 100", 104)];

/// Everything the example prints: both known rows solved by every backend that applies, what
/// each first move of `2 7 9 4 4` is worth, and the memo's call tree and (pile, M) table on it.
///
/// # Errors
///
/// A backend or the analysis giving up (none does on these small rows).
pub fn report() -> Result<String, Box<dyn std::error::Error>> {
    let mut out = String::new();
    // The known rows with every backend that has an algorithm for this game.
    for backend in Backend::available() {
        let Ok(mut solver) = backend.solver::<StoneGameII>() else {
            continue; // `tabular` and `reduction` have no table for a game they do not know
        };
        for (text, _) in KNOWN_ROWS {
            let game = StoneGameII::parse(text)?;
            let answer = solver.solve(&game)?;
            let first = answer
                .best_move
                .map_or("none".to_owned(), |x| game.show_move(game.start(), x));
            writeln!(
                out,
                "{}/{}: [{text}] first {} second {} (margin {:+}, {}), first move {first}",
                solver.name(),
                solver.variant(),
                answer.first_score,
                answer.second_score,
                answer.margin,
                answer.outcome,
            )?;
        }
    }

    // What every first move of the first row is worth to the first player.
    let game = StoneGameII::parse(KNOWN_ROWS[0].0)?;
    let analysis = generic::analyze(&game, game.start(), &AnalysisConfig::default())?;
    writeln!(
        out,
        "\nFirst moves of [{}] (the first player's {}), best first:",
        KNOWN_ROWS[0].0, analysis.value
    )?;
    for m in &analysis.moves {
        let after = game.play(game.start(), m.mv);
        writeln!(
            out,
            "  {} → {}: {}",
            game.show_move(game.start(), m.mv),
            game.show_position(after),
            m.value
        )?;
    }

    // The call tree and the (pile, M) table of a traced run: the memo (each state once, memo
    // hits marked) or, in a build without it, plain recursion. `explain`'s own table view shows
    // the cells of a bottom-up pass, which no backend has for this game, so the table is drawn
    // from the states the search left (`Event::Leave`), with this game's `table_text`.
    let Some(choice) = ["memo/hash-map", "recursive/negamax"]
        .into_iter()
        .filter_map(|name| name.parse::<BackendChoice>().ok())
        .find(|choice| choice.backend.is_available())
    else {
        writeln!(
            out,
            "\nNo generic backend in this build: no call tree to show."
        )?;
        return Ok(out);
    };
    let run = explain(
        &game,
        &choice,
        &SolverConfig::default(),
        &ExplainLimits::default(),
    )?;
    writeln!(out, "\n{choice} on {}: {}", game.describe(), run.summary())?;
    out.push_str(&run.tree_text(6, 40));
    writeln!(out)?;
    out.push_str(&game.table_text(&solved_states(run.trace().events()), 20));
    Ok(out)
}

/// The states a traced search solved, with their values, in the order it left them.
pub fn solved_states(events: &[Event<State, Margin>]) -> Vec<(State, Margin)> {
    events
        .iter()
        .filter_map(|event| match *event {
            Event::Leave(state, value) | Event::Cell(state, value) => Some((state, value)),
            // `Event` is non-exhaustive; entries and memo hits carry no new state.
            _ => None,
        })
        .collect()
}

/// The whole gamesolve app with Stone Game II beside the built-in games.
#[allow(dead_code)] // the tests include this file as a module and call `report`
fn main() -> std::process::ExitCode {
    gamesolve_app::run(gamesolve_app::GameTable::builtin().with::<StoneGameII>())
}
