//! `analyze` and `play` for every game of the table that has no engine of its own (the
//! built-in games have theirs, in `analyze.rs` and `play/`): written once over the game
//! vocabulary, with the generic analysis (`gamesolve::analysis::generic`: each move's value
//! and remoteness) and the default move parser (`gamesolve::games::parse_move`).

use std::any::TypeId;
use std::fmt::Write as _;

use clap::Args;
#[cfg(feature = "serve")]
use gamesolve::analysis::MoveValue;
use gamesolve::analysis::{AnalysisConfig, Player};
use gamesolve::contract::analysis::GenericAnalysisReport;
use gamesolve::games::{parse_move, GameInfo, TableGame};
use gamesolve::{Deadline, Game, GameValue, Margin, Verdict};

use super::analyze::AnalysisLimitArgs;
use super::error::{CliError, Kind, Stop};
use super::play::session::{Rules, Valued};
use super::table::{Entry, GameFlags};
use super::{write_json, write_text};

/// The flags of `gamesolve analyze GAME ...` for a game without an engine of its own.
#[derive(Args, Debug)]
pub struct AnalyzeFlags {
    /// The moves already made from the start, in order, as `play` reads them (what the game
    /// prints for a move, or its number in the listing): `--moves "take 1,take 3"`.
    #[arg(
        long,
        value_name = "MOVES",
        value_delimiter = ',',
        allow_hyphen_values = true
    )]
    moves: Vec<String>,
    #[command(flatten)]
    limits: AnalysisLimitArgs,
}

impl GameFlags for AnalyzeFlags {
    fn memory_cap(&self) -> Option<u64> {
        self.limits.memory_cap
    }

    const VERB: &'static str = "analyze";
    const EXAMPLE_FLAGS: &'static [&'static str] = &["", " --json", " --moves 1"];

    fn about(info: &GameInfo) -> String {
        format!(
            "Every move of a {} position with its value and remoteness, and the principal \
             variation.",
            info.title
        )
    }

    fn includes(entry: &dyn Entry) -> bool {
        !super::analyze::has_own_engine(entry.info().name)
    }
}

/// The flags of `gamesolve play GAME ...` for a game without rules of its own.
#[derive(Args, Debug)]
pub struct PlayFlags {
    #[command(flatten)]
    options: super::play::PlayOptions,
}

impl GameFlags for PlayFlags {
    fn memory_cap(&self) -> Option<u64> {
        self.options.limits.memory_cap
    }

    const VERB: &'static str = "play";
    const EXAMPLE_FLAGS: &'static [&'static str] = &["", " --first computer"];

    fn about(info: &GameInfo) -> String {
        format!(
            "Play {} against the perfect opponent: type a move as it is shown, or its number.",
            info.title
        )
    }

    fn includes(entry: &dyn Entry) -> bool {
        // A scoring game's result needs its scores, which a margin over what is left cannot
        // give: `play` does not offer it (`analyze` does).
        !super::play::has_own_rules(entry.info().name) && entry.has_verdicts()
    }
}

/// Whether `G`'s values are verdicts (win, lose, draw), not margins: the generic rules of
/// `play` can then tell who won from the last position.
pub(crate) fn has_verdicts<G: Game>() -> bool {
    TypeId::of::<G::Value>() != TypeId::of::<Margin>()
}

/// Replays `texts` from the start of `game`.
fn replay<G: Game>(game: &G, texts: &[String]) -> Result<G::Position, CliError> {
    let mut position = game.start();
    for (k, text) in texts.iter().enumerate() {
        if game.terminal_value(position).is_some() {
            return Err(CliError::invalid(format!(
                "`--moves` has {} moves, but the game is over after {k}",
                texts.len()
            )));
        }
        let mv = parse_move(game, position, text)
            .map_err(|why| CliError::invalid(format!("move #{}: {why}", k + 1)))?;
        position = game.play(position, mv);
    }
    Ok(position)
}

/// `gamesolve analyze GAME ...` with the generic analysis.
pub fn analyze<G: TableGame>(game: &G, flags: &AnalyzeFlags, json: bool) -> Result<(), Stop> {
    let position = replay(game, &flags.moves)?;
    // One deadline for the position and its principal variation.
    let config = flags
        .limits
        .config()
        .with_shared_deadline(Deadline::after(flags.limits.time_limit));
    let analysis = game.analyze_position(position, &config)?;
    let mut line = Vec::new();
    let mut at = position;
    let mut best = analysis.moves.first().map(|m| m.mv);
    // A repeated position ends the line (a draw, in a game whose positions repeat).
    let mut seen = std::collections::HashSet::from([position]);
    while let Some(mv) = best {
        line.push(game.show_move(at, mv));
        at = game.play(at, mv);
        if !seen.insert(at) {
            line.push("(position repeated: a draw)".to_owned());
            break;
        }
        best = game
            .analyze_position(at, &config)?
            .moves
            .first()
            .map(|m| m.mv);
    }
    let listing = game.moves(position);
    let number = |mv| listing.iter().position(|&m| m == mv).map_or(0, |k| k + 1);
    if json {
        return write_json(&GenericAnalysisReport::new(
            game,
            position,
            flags.moves.clone(),
            &analysis,
            line,
        ));
    }
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{}: {}\nValue for the player to move: {}; {} under perfect play.",
        game.describe(),
        game.show_position(position),
        analysis.value,
        moves_to_end(analysis.remoteness)
    );
    if analysis.moves.is_empty() {
        text.push_str("The game is over: no moves.\n");
    } else {
        text.push_str("\nMoves, best first (value for the player making it, moves to the end):\n");
        for m in &analysis.moves {
            let _ = writeln!(
                text,
                "  {:>3}. {}: {}",
                number(m.mv),
                game.show_move(position, m.mv),
                if m.remoteness == u32::MAX {
                    format!("{} (no end)", m.value)
                } else {
                    format!("{} in {}", m.value, m.remoteness)
                }
            );
        }
        let _ = writeln!(text, "\nPrincipal variation: {}", line.join(", "));
    }
    write_text(&text)
}

/// The moves to the end as the analysis's text says them: `4 moves to the end`, or, for
/// endless play (remoteness `u32::MAX`, a game whose positions repeat), `no end`.
fn moves_to_end(remoteness: u32) -> String {
    if remoteness == u32::MAX {
        "no end (neither player can force one)".to_owned()
    } else {
        format!("{remoteness} moves to the end")
    }
}

/// `gamesolve play GAME ...` over the generic analysis.
pub fn play<G: TableGame>(game: &G, flags: &PlayFlags) -> Result<(), Stop> {
    let rules = GenericRules::new(game, flags.options.limits.config())?;
    super::play::run_session(rules, &flags.options)
}

/// `play`'s rules for any win/lose/draw game (the terminal `play` and `serve`'s `/api/play`).
pub(crate) struct GenericRules<G: Game> {
    game: G,
    config: AnalysisConfig,
    /// The positions of the line being played, by moves made (`[0]` the start): a position
    /// met again ends the game in a draw, the rule of a game whose positions repeat (Cat and
    /// Mouse); a game whose positions never repeat never meets it. Going back (`undo`, a
    /// replay) cuts the line at the position played from.
    line: std::sync::Mutex<Vec<G::Position>>,
}

impl<G: TableGame> GenericRules<G> {
    /// Whether the position `p` (after `p.1` moves) was met earlier on the line played.
    fn repeated(&self, p: &(G::Position, usize)) -> bool {
        let line = self.line.lock().unwrap_or_else(|e| e.into_inner());
        line.get(p.1) == Some(&p.0) && line[..p.1].contains(&p.0)
    }

    /// The rules for `game`, with the analysis engine's limits.
    ///
    /// # Errors
    ///
    /// A usage error for a scoring game: its result cannot be read from its positions.
    pub(crate) fn new(game: &G, config: AnalysisConfig) -> Result<Self, CliError> {
        if !has_verdicts::<G>() {
            // A margin over what is left says nothing of the scores so far: the end of a game
            // could not be told truthfully without the game's own scoring.
            return Err(CliError::new(
                Kind::Usage,
                format!(
                    "`play` reads the result of {} from its positions, which works for \
                     win/lose/draw games only; this one is a scoring game: `analyze` gives \
                     every move's margin",
                    G::NAME
                ),
            ));
        }
        Ok(GenericRules {
            game: game.clone(),
            config,
            line: std::sync::Mutex::new(vec![game.start()]),
        })
    }
}

impl<G: TableGame> Rules for GenericRules<G> {
    /// The game's position and the moves made so far.
    type Position = (G::Position, usize);
    type Move = G::Move;
    /// The value for the mover and the remoteness.
    type Eval = (G::Value, u32);

    fn intro(&self) -> String {
        format!(
            "{} against a perfect opponent: {}\n{}",
            G::info().title,
            self.game.describe(),
            G::info().rules
        )
    }

    fn start(&self) -> Self::Position {
        (self.game.start(), 0)
    }

    fn to_move(&self, p: &Self::Position) -> Player {
        if p.1 % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    fn moves_made(&self, p: &Self::Position) -> usize {
        p.1
    }

    fn is_over(&self, p: &Self::Position) -> bool {
        self.game.terminal_value(p.0).is_some() || self.repeated(p)
    }

    fn board(&self, p: &Self::Position, _human: Player) -> String {
        self.game.show_position(p.0)
    }

    fn move_help(&self, p: &Self::Position) -> String {
        let moves: Vec<String> = self
            .game
            .moves(p.0)
            .into_iter()
            .take(20)
            .map(|mv| self.game.show_move(p.0, mv))
            .collect();
        format!("a move ({}) or its number", moves.join(", "))
    }

    fn parse(&self, p: &Self::Position, text: &str) -> Result<G::Move, String> {
        parse_move(&self.game, p.0, text)
    }

    fn play(&self, p: &Self::Position, m: G::Move) -> Self::Position {
        let next = (self.game.play(p.0, m), p.1 + 1);
        let mut line = self.line.lock().unwrap_or_else(|e| e.into_inner());
        line.truncate(p.1 + 1);
        if line.len() == p.1 + 1 {
            line.push(next.0);
        }
        next
    }

    fn moves(&mut self, p: &Self::Position) -> Result<Vec<Valued<Self>>, CliError> {
        let analysis = self.game.analyze_position(p.0, &self.config)?;
        Ok(analysis
            .moves
            .into_iter()
            .map(|m| (m.mv, (m.value, m.remoteness)))
            .collect())
    }

    fn move_words(&self, p: &Self::Position, m: G::Move) -> String {
        self.game.show_move(p.0, m)
    }

    fn after_words(&self, p: &Self::Position, _human: Player) -> String {
        self.game.show_position(p.0)
    }

    fn eval_words(&self, (value, remoteness): (G::Value, u32)) -> String {
        match value.verdict() {
            Verdict::Win => format!("win in {remoteness}"),
            Verdict::Loss => format!("loss in {remoteness}"),
            Verdict::Draw => "draw".to_owned(),
        }
    }

    fn loss_words(&self, best: Self::Eval, chosen: Self::Eval) -> Option<String> {
        (chosen.0 < best.0).then(|| {
            format!(
                "a {} instead of a {}",
                self.eval_words(chosen),
                self.eval_words(best)
            )
        })
    }

    fn verdict(&self, p: &Self::Position, human: Player) -> String {
        let Some(value) = self.game.terminal_value(p.0) else {
            if self.repeated(p) {
                return "The position repeated: a draw.".to_owned();
            }
            return "The game goes on.".to_owned();
        };
        // The terminal value is the player to move's; the human's is its negation when the
        // human made the last move.
        let for_human = if self.to_move(p) == human {
            value
        } else {
            value.negate()
        };
        match for_human.verdict() {
            Verdict::Win => "You win.".to_owned(),
            Verdict::Loss => "The computer wins.".to_owned(),
            Verdict::Draw => "A draw.".to_owned(),
        }
    }

    fn move_json(&self, p: &Self::Position, m: G::Move) -> serde_json::Value {
        // The move as the game shows it where it is made: the replay parses it there (a
        // number would be read as the move's place in the listing, not as the move).
        serde_json::Value::from(self.game.show_move(p.0, m))
    }

    #[cfg(feature = "serve")]
    fn evaluation(&self, (value, remoteness): Self::Eval) -> super::play::replay::Evaluation {
        (MoveValue::from(value.verdict()), remoteness).into()
    }

    fn verbs(&self) -> [&'static str; 3] {
        ["play", "plays", "played"]
    }

    fn moves_left(&self, _p: &Self::Position) -> u64 {
        0
    }
}
