//! Connect Four's row of the game table: its parameters, rules and sentences.

use serde_json::value::RawValue;

use super::{ConnectFour, ConnectFourPosition, ConnectFourSolution};
use crate::analysis::generic::Analyzer;
use crate::analysis::report::Analysis;
use crate::analysis::AnalysisConfig;
use crate::explain::TableView;
use crate::games::{GameInfo, Param, ParamKind, ParamValue, Params, TableGame};
use crate::{Error, Game, Outcome};

/// Connect Four's parameters: `WIDTH HEIGHT [--played MOVES]` (not `moves` nor `position`: `analyze
/// --moves` and `/api/play`'s `moves` are every game's moves from the start, and `analyze
/// --json`'s `position` is the board shown).
const PARAMS: [Param; 3] = [
    Param {
        name: "width",
        value_name: "WIDTH",
        kind: ParamKind::Integer {
            min: ConnectFour::MIN_SIDE as u64,
            max: ConnectFour::MAX_SIDE as u64,
        },
        help: "The number of columns, 4..=8 (7 is the classic board), with WIDTH × (HEIGHT + 1) \
               <= 64.",
    },
    Param {
        name: "height",
        value_name: "HEIGHT",
        kind: ParamKind::Integer {
            min: ConnectFour::MIN_SIDE as u64,
            max: ConnectFour::MAX_SIDE as u64,
        },
        help: "The number of rows, 4..=8 (6 is the classic board).",
    },
    Param {
        name: "played",
        value_name: "MOVES",
        kind: ParamKind::Text,
        help: "The position: the columns played from the empty board, one digit each, from 1 \
               at the left (`4453`, as the public test sets write it); empty or left out: the \
               empty board. The answer is for the player to move there.",
    },
];

const INFO: GameInfo = GameInfo {
    name: "connect-four",
    title: "Connect Four",
    summary: "Who wins Connect Four from a position, and by what score: drop stones into \
              columns; four in a line wins.",
    rules: "A board of WIDTH columns and HEIGHT rows stands upright. The players take turns; \
            each drops a stone into a column that is not full, and it falls to the lowest \
            empty cell. Whoever first has four stones in a line (across, up or diagonally) \
            wins; a full board without one is a draw. The score, for the player to move: a \
            win scores the stones the winner has not played when it wins, plus one (on 7x6: \
            22 minus the winning stone's number, 18 for a win with the 4th stone); a loss \
            minus that; a draw 0.",
    params: &PARAMS,
    // Positions near the end, so that every command (plain recursion's `explain` too) answers
    // each at once; the empty 4x4 board is `4 4`. The 7x6 line second: `--help` shows the
    // first with the longest flags, and a line past 100 columns wraps.
    examples: &[
        "5 4 --played 2513144442",
        "7 6 --played 713271464146736553141551345456332",
        "4 4 --played 11132332",
        "6 5 --played 25523546615143522466",
    ],
    sweep: None,
};

/// Its parameters, read and written by the game itself (messages of its own).
impl crate::games::GameParams for ConnectFour {
    const PARAMS: &'static [Param] = &PARAMS;

    fn from_params(params: &Params) -> Result<Self, Error> {
        let width = params.integer(&PARAMS[0])?;
        let height = params.integer(&PARAMS[1])?;
        let moves = match params.get("played") {
            Some(_) => params.text("played")?,
            None => "",
        };
        // Both are in 4..=8, checked above.
        ConnectFour::new(width as u32, height as u32, moves)
    }

    fn params(&self) -> Params {
        Params::new()
            .with("width", ParamValue::Text(self.width().to_string()))
            .with("height", ParamValue::Text(self.height().to_string()))
            .with("played", ParamValue::Text(self.moves_word().to_owned()))
    }
}

/// The plain views: positions are listed as the search met them.
impl TableView for ConnectFour {}

impl ConnectFour {
    /// Who is to move at `position`, in words: `X (the first player)`.
    fn mover(position: ConnectFourPosition) -> &'static str {
        match ConnectFour::player_to_move(position) {
            1 => "X",
            _ => "O",
        }
    }
}

impl TableGame for ConnectFour {
    const INFO: GameInfo = INFO;
    /// No growth family: a wider board at the same height soon takes hours (its first
    /// whole-number parameter, the width, is no size to sweep).
    const GROWTH: bool = false;

    fn headline(&self, s: &ConnectFourSolution) -> String {
        let start = self.start();
        let who = Self::mover(start);
        let column = |c: u32| format!("column {c}");
        match (s.outcome, s.best_move) {
            (_, None) if s.score == 0 => "The board is full: a draw (score 0)".to_owned(),
            (_, None) => format!(
                "The game is over: {who}, to move, has lost (score {})",
                s.score
            ),
            (Outcome::FirstPlayerWins, Some(c)) => {
                format!(
                    "{who} (to move) wins, score {:+}: play {}",
                    s.score,
                    column(c)
                )
            }
            (Outcome::SecondPlayerWins, Some(c)) => format!(
                "{who} (to move) loses, score {} (the longest defence: {})",
                s.score,
                column(c)
            ),
            (Outcome::Draw, Some(c)) => {
                format!("Draw with best play, score 0: {who} plays {}", column(c))
            }
        }
    }

    fn short(&self, s: &ConnectFourSolution) -> String {
        let column = s
            .best_move
            .map_or(String::new(), |c| format!(", column {c}"));
        match s.outcome {
            Outcome::Draw => format!("draw{column}"),
            Outcome::FirstPlayerWins => format!("win {:+}{column}", s.score),
            Outcome::SecondPlayerWins => format!("loss {}{column}", s.score),
        }
    }

    fn details(&self, s: &ConnectFourSolution, backend: &str) -> String {
        let start = self.start();
        format!(
            "{}\nConnect Four {}x{}: {} stones played, {} to move; score {}; backend {backend}\n",
            self.board_text(start),
            self.width(),
            self.height(),
            start.moves_played(),
            Self::mover(start),
            s.score
        )
    }

    /// `analyze --json`: the generic report, with the test sets' `score` beside each
    /// `margin` (the same number: the score is the game's value).
    fn analysis_json(&self, analysis: &Analysis<Self>) -> Box<RawValue> {
        let generic = crate::analysis::report::generic_json(self, analysis);
        let Ok(mut json) = serde_json::from_str::<serde_json::Value>(generic.get()) else {
            return generic;
        };
        add_scores(&mut json);
        serde_json::value::to_raw_value(&json).unwrap_or(generic)
    }

    /// Each position solved by `memo/bounded` (its remoteness read off its score), where the
    /// build has `memo`: the generic analysis's plain memo searches every move's whole
    /// subtree, hopeless from the middle of a 7x6 game.
    fn analyzer(&self, config: AnalysisConfig) -> Analyzer<Self> {
        #[cfg(feature = "memo")]
        {
            let scores = super::analysis::BoundedScores {
                limits: config.limits,
                solver: solver_memo::bounded::Bounded::new(),
            };
            Analyzer::with_values(self.clone(), config, Box::new(scores))
        }
        #[cfg(not(feature = "memo"))]
        {
            <Self as crate::Registered>::default_analyzer(self, config)
        }
    }
}

/// `score` beside every `margin` of an analysis report (top level and each move).
fn add_scores(json: &mut serde_json::Value) {
    let serde_json::Value::Object(fields) = json else {
        return;
    };
    if let Some(margin) = fields.get("margin").cloned() {
        fields.insert("score".to_owned(), margin);
    }
    if let Some(serde_json::Value::Array(moves)) = fields.get_mut("moves") {
        for mv in moves {
            if let serde_json::Value::Object(m) = mv {
                if let Some(margin) = m.get("margin").cloned() {
                    m.insert("score".to_owned(), margin);
                }
            }
        }
    }
}
