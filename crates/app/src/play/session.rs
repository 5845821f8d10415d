//! The play loop over any game's [`Rules`]: prompts and lines read from
//! standard input, `hint`, `undo`, `quit`, and the review after the game.

use std::io::{BufRead, Write};

use gamesolve::analysis::Player;

use super::Starter;
use crate::error::{CliError, Kind, Stop};
use crate::input::{abbreviate, read_line_bounded, LineRead};

/// What the play loop needs from a game.
pub(crate) trait Rules {
    /// A position of the game.
    type Position: Copy;
    /// A move.
    type Move: Copy + PartialEq;
    /// A move's value for the player making it.
    type Eval: Copy;

    /// The rules in two lines.
    fn intro(&self) -> String;
    fn start(&self) -> Self::Position;
    fn to_move(&self, p: &Self::Position) -> Player;
    fn moves_made(&self, p: &Self::Position) -> usize;
    fn is_over(&self, p: &Self::Position) -> bool;
    /// The board and running totals, one or two lines.
    fn board(&self, p: &Self::Position, human: Player) -> String;
    /// What the human may type for a move.
    fn move_help(&self, p: &Self::Position) -> String;
    fn parse(&self, p: &Self::Position, text: &str) -> Result<Self::Move, String>;
    fn play(&self, p: &Self::Position, m: Self::Move) -> Self::Position;
    /// Every legal move with its value for the mover, best first.
    fn moves(&mut self, p: &Self::Position) -> Result<Vec<Valued<Self>>, CliError>;
    /// "7" or "the left end (1)".
    fn move_words(&self, p: &Self::Position, m: Self::Move) -> String;
    /// What happened, after the move: "total 18 of 20".
    fn after_words(&self, p: &Self::Position, human: Player) -> String;
    /// "win in 3" or "margin +5".
    fn eval_words(&self, e: Self::Eval) -> String;
    /// How much worse `chosen` is than `best`, when it is.
    fn loss_words(&self, best: Self::Eval, chosen: Self::Eval) -> Option<String>;
    /// The result of a finished game, from the human's side.
    fn verdict(&self, p: &Self::Position, human: Player) -> String;
    /// The move made at `p` as JSON, as `serve`'s `/api/play` takes it back (replayed at the
    /// same position): `7`, `"left"`, `"take 3"`.
    #[cfg_attr(not(feature = "serve"), allow(dead_code))]
    fn move_json(&self, p: &Self::Position, m: Self::Move) -> serde_json::Value;
    /// A move's value in the terms of `serve`'s hint view: win, lose or draw, with the
    /// remoteness or the margin the game's analysis gives.
    #[cfg(feature = "serve")]
    fn evaluation(&self, e: Self::Eval) -> Evaluation;
    /// How a move is said, after "You" / "Computer" / "you" (`take 7`): `("take", "takes",
    /// "took")` for the built-in games, whose moves read as what is taken.
    fn verbs(&self) -> [&'static str; 3] {
        ["take", "takes", "took"]
    }
}

/// A move with its value for the mover.
pub(crate) type Valued<R> = (<R as Rules>::Move, <R as Rules>::Eval);

/// One human move, for the review.
struct Reviewed<R: Rules> {
    number: usize,
    position: R::Position,
    chosen: R::Move,
    chosen_eval: R::Eval,
    best: R::Move,
    best_eval: R::Eval,
}

/// Plays one game on `input`/`output`. End of input abandons the game
/// cleanly; every bad line gets a message and a new prompt.
pub(crate) fn session<R: Rules>(
    mut rules: R,
    first: Option<Starter>,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> Result<(), Stop> {
    writeln!(output, "{}", rules.intro())?;
    writeln!(
        output,
        "Type a move, `hint` for the value of every move, `undo` to take back your last move \
         and the reply, `quit` to stop."
    )?;
    let human = match first {
        Some(Starter::Human) => Player::First,
        Some(Starter::Computer) => Player::Second,
        None => loop {
            match prompt(
                input,
                output,
                "Do you want to move first? [y/n] ",
                "`y` or `n`",
            )? {
                None => return abandoned(output),
                Some(line) => match line.trim().to_ascii_lowercase().as_str() {
                    "" | "y" | "yes" => break Player::First,
                    "n" | "no" => break Player::Second,
                    "quit" | "q" => return quit(output),
                    other => writeln!(
                        output,
                        "Please answer `y` or `n` (not `{}`).",
                        abbreviate(other)
                    )?,
                },
            }
        },
    };
    writeln!(
        output,
        "You are the {human}; the computer plays perfectly.\n"
    )?;

    let mut position = rules.start();
    // Positions at the human's turns, before each human move, for `undo`.
    let mut undo: Vec<R::Position> = Vec::new();
    let mut review: Vec<Reviewed<R>> = Vec::new();
    let mut show_board = true;
    loop {
        if rules.is_over(&position) {
            writeln!(output, "{}", rules.board(&position, human))?;
            writeln!(output, "{}", rules.verdict(&position, human))?;
            return write_review(&rules, &review, true, output);
        }
        if rules.to_move(&position) != human {
            let moves = rules.moves(&position)?;
            let Some(&(best, _)) = moves.first() else {
                // No legal move in a live position cannot happen; end cleanly.
                return write_review(&rules, &review, false, output);
            };
            let next = rules.play(&position, best);
            writeln!(
                output,
                "Computer {} {}: {}",
                rules.verbs()[1],
                rules.move_words(&position, best),
                rules.after_words(&next, human)
            )?;
            position = next;
            show_board = true;
            continue;
        }
        if show_board {
            writeln!(output, "{}", rules.board(&position, human))?;
            show_board = false;
        }
        let Some(line) = prompt(
            input,
            output,
            "Your move> ",
            "a move, `hint`, `undo` or `quit`",
        )?
        else {
            return abandoned(output);
        };
        let command = line.trim().to_ascii_lowercase();
        match command.as_str() {
            "" => {}
            "quit" | "q" | "exit" => {
                quit(output)?;
                return write_review(&rules, &review, false, output);
            }
            "help" | "?" => writeln!(
                output,
                "Type {}; or `hint`, `undo`, `quit`.",
                rules.move_help(&position)
            )?,
            "hint" | "h" => {
                let moves = rules.moves(&position)?;
                writeln!(output, "Hint (each move's value for you, best first):")?;
                for (m, eval) in moves {
                    writeln!(
                        output,
                        "  {:<22} {}",
                        rules.move_words(&position, m),
                        rules.eval_words(eval)
                    )?;
                }
            }
            "undo" | "u" => match undo.pop() {
                Some(previous) => {
                    // Each human move left one undo entry and one review.
                    review.pop();
                    position = previous;
                    writeln!(output, "Took back your last move and the computer's reply.")?;
                    show_board = true;
                }
                None => writeln!(output, "Nothing to undo: you have not moved yet.")?,
            },
            text => match rules.parse(&position, text) {
                Err(message) => writeln!(output, "{message}")?,
                Ok(chosen) => {
                    let moves = rules.moves(&position)?;
                    let (best, best_eval) = moves[0];
                    let chosen_eval = moves
                        .iter()
                        .find(|(m, _)| *m == chosen)
                        .map_or(best_eval, |&(_, e)| e);
                    review.push(Reviewed {
                        number: rules.moves_made(&position) + 1,
                        position,
                        chosen,
                        chosen_eval,
                        best,
                        best_eval,
                    });
                    undo.push(position);
                    let next = rules.play(&position, chosen);
                    writeln!(
                        output,
                        "You {} {}: {}",
                        rules.verbs()[0],
                        rules.move_words(&position, chosen),
                        rules.after_words(&next, human)
                    )?;
                    position = next;
                }
            },
        }
    }
}

/// The longest line `play` reads, in bytes without its newline: a move is a few characters.
pub(super) const MAX_LINE_BYTES: usize = 4096;

/// Writes `prompt` and reads one line of at most [`MAX_LINE_BYTES`]; `None`
/// at end of input. A line that is not UTF-8, or longer (read to its end
/// without holding it), gets a message naming what to type (`expected`) and
/// the prompt again.
fn prompt(
    input: &mut impl BufRead,
    output: &mut impl Write,
    prompt: &str,
    expected: &str,
) -> Result<Option<String>, Stop> {
    let mut bytes = Vec::new();
    loop {
        write!(output, "{prompt}")?;
        output.flush()?;
        match read_line_bounded(input, &mut bytes, MAX_LINE_BYTES) {
            Ok((LineRead::End, _)) => return Ok(None),
            Ok((LineRead::Line, _)) => match std::str::from_utf8(&bytes) {
                Ok(line) => return Ok(Some(line.to_owned())),
                Err(_) => writeln!(output, "That line is not valid UTF-8; type {expected}.")?,
            },
            Ok((LineRead::TooLong { len } | LineRead::Refused { len }, _)) => writeln!(
                output,
                "That line is {len} bytes long, more than the {MAX_LINE_BYTES} a line may have; \
                 type {expected}."
            )?,
            Err(e) => {
                return Err(Stop::Error(CliError::new(
                    Kind::Io,
                    format!("cannot read standard input: {e}"),
                )))
            }
        }
    }
}

fn abandoned(output: &mut impl Write) -> Result<(), Stop> {
    writeln!(output, "\nEnd of input: game abandoned.")?;
    Ok(())
}

fn quit(output: &mut impl Write) -> Result<(), Stop> {
    writeln!(output, "You quit the game.")?;
    Ok(())
}

fn write_review<R: Rules>(
    rules: &R,
    review: &[Reviewed<R>],
    finished: bool,
    output: &mut impl Write,
) -> Result<(), Stop> {
    if review.is_empty() {
        return Ok(());
    }
    writeln!(output, "\nReview of your moves:")?;
    let mut lost = 0;
    for r in review {
        let chosen = rules.move_words(&r.position, r.chosen);
        match rules.loss_words(r.best_eval, r.chosen_eval) {
            None => writeln!(
                output,
                "  move {:>2}: you {} {chosen} ({}): best",
                r.number,
                rules.verbs()[2],
                rules.eval_words(r.chosen_eval)
            )?,
            Some(loss) => {
                lost += 1;
                writeln!(
                    output,
                    "  move {:>2}: you {} {chosen} ({}); {} was better ({}): {loss}",
                    r.number,
                    rules.verbs()[2],
                    rules.eval_words(r.chosen_eval),
                    rules.move_words(&r.position, r.best),
                    rules.eval_words(r.best_eval)
                )?;
            }
        }
    }
    if lost == 0 && finished {
        writeln!(output, "You played perfectly.")?;
    } else if lost == 0 {
        writeln!(output, "So far you played perfectly.")?;
    } else {
        writeln!(
            output,
            "Your play lost value on {lost} of your {} moves.",
            review.len()
        )?;
    }
    Ok(())
}

/// A move's value in the terms of the hint view: win, lose or draw, and the remoteness or
/// the margin that the game's analysis gives ([`Rules::evaluation`]).
#[cfg(feature = "serve")]
pub struct Evaluation {
    pub(crate) value: gamesolve::analysis::MoveValue,
    pub(crate) remoteness: Option<u64>,
    pub(crate) margin: Option<i128>,
}

#[cfg(feature = "serve")]
impl From<(gamesolve::analysis::MoveValue, u32)> for Evaluation {
    fn from((value, remoteness): (gamesolve::analysis::MoveValue, u32)) -> Self {
        Evaluation {
            value,
            remoteness: gamesolve::analysis::remoteness_json(remoteness).map(u64::from),
            margin: None,
        }
    }
}

#[cfg(feature = "serve")]
impl Evaluation {
    /// A scoring game's move: its margin and the moves until the end after it.
    pub fn scored(margin: i128, remoteness: u32) -> Self {
        Evaluation {
            value: gamesolve::analysis::MoveValue::from_margin(margin),
            remoteness: gamesolve::analysis::remoteness_json(remoteness).map(u64::from),
            margin: Some(margin),
        }
    }
}
