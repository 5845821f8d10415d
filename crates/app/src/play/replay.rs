//! One step of a game against the perfect opponent, without a session: the moves so far are
//! replayed from the start, the computer answers when it is its turn, and the reply says
//! everything the terminal `play` would show at that point (the board, the moves as it
//! announces them, every legal move's value for the hint, the result). `serve`'s `/api/play`
//! is this, so the page plays exactly as the terminal does.

use gamesolve::analysis::{MoveValue, Player};
use gamesolve::Outcome;
use serde::Serialize;
use serde_json::Value;

use super::session::Rules;
use crate::error::CliError;
use crate::input::abbreviate;

/// Lines of the game's record sent at most (the last ones); a long row played to its end
/// would otherwise make the reply as long again as the moves.
const LOG_LINES: usize = 200;

/// A game's rules, replayable from a list of moves.
pub trait Replay {
    /// Plays `moves` (each as it would be typed: `7`, `left`, `r`) from the start with the
    /// human as `human`, then the computer's reply if it is its turn.
    ///
    /// # Errors
    ///
    /// `invalid_input` for a move that is not legal where it is played (naming it and the
    /// legal ones), also one after the end of the game; `cannot_answer` when the analysis
    /// runs out of its memory cap or state budget.
    fn replay(
        &mut self,
        game: &'static str,
        human: Player,
        moves: &[String],
    ) -> Result<PlayReply, CliError>;
}

/// A legal move with its value for the player to move (the human), as the hint shows it.
#[derive(Serialize)]
pub struct Hint {
    /// The move as the API takes it back: `7`, `"left"`, `"take 3"`.
    #[serde(rename = "move")]
    pub mv: Value,
    /// The move in words, as `play` says it: `7`, `the left end (1)`.
    pub label: String,
    /// `win`, `lose` or `draw` for the human, with perfect play after it.
    pub value: MoveValue,
    /// Moves until the game ends when the winner hurries and the loser delays, this one
    /// included (Predict the Winner: the values left, since every value is taken); `None`
    /// (`null`) for a draw that never ends (a game whose positions repeat).
    pub remoteness: Option<u64>,
    /// A scoring game: the human's margin over the rest of the game after this move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margin: Option<i128>,
    /// As `play`'s `hint` prints it: `win in 3`, `margin +5 over the rest`.
    pub words: String,
}

/// The state of a game after the moves of a request and the computer's reply.
#[derive(Serialize)]
pub struct PlayReply {
    game: &'static str,
    /// The rules in a sentence.
    intro: String,
    /// Which player the human is.
    human: Player,
    /// Every move so far, the computer's reply included: send it back with the next move.
    moves: Vec<Value>,
    /// The computer's move made for this request, if it was its turn.
    computer_move: Option<Value>,
    /// The game so far as `play` prints it ("You take 2: total 2 of 6"), its last
    /// [`LOG_LINES`] lines.
    log: Vec<String>,
    /// Lines of the record left out at its start.
    #[serde(skip_serializing_if = "is_zero")]
    log_omitted: usize,
    /// The board as `play` shows it.
    board: String,
    /// Whether the game is over.
    over: bool,
    /// The player to move (the human, unless the game is over: then `null`).
    to_move: Option<Player>,
    /// The result in words, from the human's side, once the game is over.
    result: Option<String>,
    /// While the game goes on, who wins from here under perfect play (the answer contract's
    /// `outcome`, as `analyze` gives it); absent once the game is over (`result` says it).
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<Outcome>,
    /// While the game goes on, the position's value for the human (to move): `win`, `lose`
    /// or `draw`, the first hint's.
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<MoveValue>,
    /// While the game goes on, a scoring game's margin for the human over the rest.
    #[serde(skip_serializing_if = "Option::is_none")]
    margin: Option<i128>,
    /// While the game goes on, the moves to the end under perfect play (`null` for a draw
    /// that never ends); absent once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    remoteness: Option<Option<u64>>,
    /// Every legal move for the human, best first, with its value (empty when over).
    hints: Vec<Hint>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl<R: Rules> Replay for R {
    fn replay(
        &mut self,
        game: &'static str,
        human: Player,
        moves: &[String],
    ) -> Result<PlayReply, CliError> {
        let rules = self;
        // "You take 7", "Computer plays take 3": as the terminal `play` says it.
        let [verb, verbs, _] = rules.verbs();
        let mut position = rules.start();
        let mut log = Vec::new();
        let mut played = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            if rules.is_over(&position) {
                return Err(CliError::invalid(format!(
                    "too many moves: the game is over after {i} moves, so `moves[{i}]` ({}) \
                     cannot be played",
                    abbreviate(text)
                )));
            }
            let typed = text.trim().to_ascii_lowercase();
            let chosen = rules.parse(&position, &typed).map_err(|_| {
                CliError::invalid(format!(
                    "`moves[{i}]` ({}) is not a legal move after {i} moves: play {}",
                    abbreviate(text),
                    rules.move_help(&position)
                ))
            })?;
            let who = if rules.to_move(&position) == human {
                format!("You {verb}")
            } else {
                format!("Computer {verbs}")
            };
            let next = rules.play(&position, chosen);
            log.push(format!(
                "{who} {}: {}",
                rules.move_words(&position, chosen),
                rules.after_words(&next, human)
            ));
            played.push(rules.move_json(&position, chosen));
            position = next;
        }
        let mut computer_move = None;
        if !rules.is_over(&position) && rules.to_move(&position) != human {
            let options = rules.moves(&position)?;
            if let Some(&(best, _)) = options.first() {
                let next = rules.play(&position, best);
                log.push(format!(
                    "Computer {verbs} {}: {}",
                    rules.move_words(&position, best),
                    rules.after_words(&next, human)
                ));
                played.push(rules.move_json(&position, best));
                computer_move = Some(rules.move_json(&position, best));
                position = next;
            }
        }
        let over = rules.is_over(&position);
        let hints = if over {
            Vec::new()
        } else {
            rules
                .moves(&position)?
                .into_iter()
                .map(|(m, eval)| {
                    let evaluation = rules.evaluation(eval);
                    Hint {
                        mv: rules.move_json(&position, m),
                        label: rules.move_words(&position, m),
                        value: evaluation.value,
                        remoteness: evaluation.remoteness,
                        margin: evaluation.margin,
                        words: rules.eval_words(eval),
                    }
                })
                .collect()
        };
        // The position's value is its best move's, for the human to move.
        let best = hints.first();
        let to_move = (!over).then(|| rules.to_move(&position));
        let outcome = best
            .zip(to_move)
            .map(|(h, player)| player.outcome_of(h.value));
        let log_omitted = log.len().saturating_sub(LOG_LINES);
        log.drain(..log_omitted);
        Ok(PlayReply {
            game,
            intro: rules.intro(),
            human,
            moves: played,
            computer_move,
            log,
            log_omitted,
            board: rules.board(&position, human),
            over,
            to_move,
            result: over.then(|| rules.verdict(&position, human)),
            outcome,
            value: best.map(|h| h.value),
            margin: best.and_then(|h| h.margin),
            remoteness: best.map(|h| h.remoteness),
            hints,
        })
    }
}
