//! The play loop over any game's [`Rules`]: prompts and lines read from
//! standard input ([`Lines`]: piped, or a line editor on a terminal), `hint`, `undo`, `quit`,
//! and the review after the game. Prose is wrapped to the terminal's width and outcomes are
//! coloured (the output stream drops the colour where it is off).

use std::io::{BufRead, Write};

use gamesolve::analysis::Player;
use gamesolve::Verdict;

use super::Starter;
use crate::error::{CliError, Kind, Stop};
use crate::input::{abbreviate, read_line_bounded, LineRead};
use crate::term;

/// Where `play` reads its lines from.
pub(crate) trait Lines {
    /// Writes `prompt` (after flushing `output`) and reads one line; `None` when the player
    /// ends the game (end of input). `expected` says what to type, for a message about a bad
    /// line; `words` are the words Tab completes (a line editor's).
    fn read(
        &mut self,
        output: &mut dyn Write,
        prompt: &str,
        expected: &str,
        words: &[String],
    ) -> Result<Option<String>, Stop>;

    /// Keeps `line`, typed at the move prompt, for recall (a line editor's history: Up).
    /// Nothing by default.
    fn remember(&mut self, line: &str) {
        let _ = line;
    }

    /// Whether the last `None` of [`Lines::read`] was the player interrupting (Ctrl-C twice
    /// on a terminal), not the end of input: the game is then abandoned with exit status 130.
    fn interrupted(&self) -> bool {
        false
    }
}

/// Lines read as they come from a pipe, a file or a terminal in its ordinary mode: scripts and
/// tests pipe their moves.
pub(crate) struct Piped<I: BufRead>(pub(crate) I);

impl<I: BufRead> Lines for Piped<I> {
    fn read(
        &mut self,
        output: &mut dyn Write,
        prompt_text: &str,
        expected: &str,
        _words: &[String],
    ) -> Result<Option<String>, Stop> {
        prompt(&mut self.0, output, prompt_text, expected)
    }
}

/// Writes `text` wrapped to the terminal's width, and a newline.
fn say(output: &mut dyn Write, text: &str) -> Result<(), Stop> {
    writeln!(output, "{}", term::wrap(text))?;
    Ok(())
}

/// Writes `text`, a line refused or a request that cannot be done, in the colour of errors
/// (the output stream drops it where colour is off), wrapped, and a newline.
pub(super) fn refuse(output: &mut dyn Write, text: &str) -> Result<(), Stop> {
    writeln!(output, "{}", term::refusal(&term::wrap(text)))?;
    Ok(())
}

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
    /// What the human may type for a move, with the moves in the order of `listing` (the
    /// order last shown: the hint's, or the game's): `#1` is `listing[0]`.
    fn move_help(&self, p: &Self::Position, listing: &[Self::Move]) -> String;
    /// The move `text` names, a place (`#1`) counted in the game's own order.
    fn parse(&self, p: &Self::Position, text: &str) -> Result<Self::Move, String>;
    /// The move `text` names, a place (`#1`) counted in `listing`, the order last shown.
    fn parse_in(
        &self,
        p: &Self::Position,
        text: &str,
        listing: &[Self::Move],
    ) -> Result<Self::Move, String>;
    /// The legal moves at `p` in the game's own order (the listing before any hint).
    fn listing(&self, p: &Self::Position) -> Vec<Self::Move>;
    /// A move as the listing names it (`left 1`, `take 3`, `mouse to 4`): the prompt's
    /// help, the hint and the errors all name moves so.
    fn listed(&self, p: &Self::Position, m: Self::Move) -> String;
    /// What `player` is called after "You are the": `first player`, `Mouse`.
    fn player(&self, player: Player) -> String;
    fn play(&self, p: &Self::Position, m: Self::Move) -> Self::Position;
    /// Every legal move with its value for the mover, best first.
    fn moves(&mut self, p: &Self::Position) -> Result<Vec<Valued<Self>>, CliError>;
    /// "7" or "the left end (1)".
    fn move_words(&self, p: &Self::Position, m: Self::Move) -> String;
    /// What happened, after the move: "total 18 of 20".
    fn after_words(&self, p: &Self::Position, human: Player) -> String;
    /// "win in 3" or "win, margin +5 over the rest".
    fn eval_words(&self, e: Self::Eval) -> String;
    /// Whether a move of value `e` wins, loses or draws for its mover (its colour).
    fn eval_verdict(&self, e: Self::Eval) -> Verdict;
    /// The human's verdict at `p` when the game is over there (the colour of the result).
    fn result(&self, p: &Self::Position, human: Player) -> Option<Verdict>;
    /// The words Tab completes at `p`: the moves as listed and their short forms.
    fn words(&self, p: &Self::Position) -> Vec<String>;
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

/// Plays one game, reading lines from `input` and writing to `output`. End of input abandons
/// the game cleanly; every bad line gets a message and a new prompt.
pub(crate) fn session<R: Rules>(
    mut rules: R,
    first: Option<Starter>,
    input: &mut dyn Lines,
    output: &mut dyn Write,
) -> Result<(), Stop> {
    say(output, &rules.intro())?;
    say(
        output,
        "Type a move, `hint` for the value of every move, `undo` to take back your last move \
         and the reply, `quit` to stop.",
    )?;
    let yes_no = ["y".to_owned(), "n".to_owned()];
    let human = match first {
        Some(Starter::Human) => Player::First,
        Some(Starter::Computer) => Player::Second,
        None => loop {
            match input.read(
                output,
                "Do you want to move first? [y/n] ",
                "`y` or `n`",
                &yes_no,
            )? {
                None => return abandoned(&*input, output),
                Some(line) => match line.trim().to_ascii_lowercase().as_str() {
                    "" | "y" | "yes" => break Player::First,
                    "n" | "no" => break Player::Second,
                    "quit" | "q" => return quit(output),
                    other => refuse(
                        output,
                        &format!("Please answer `y` or `n` (not `{}`).", abbreviate(other)),
                    )?,
                },
            }
        },
    };
    say(
        output,
        &format!(
            "You are the {}; the computer plays perfectly.\n",
            rules.player(human)
        ),
    )?;

    let mut position = rules.start();
    // Positions at the human's turns, before each human move, for `undo`.
    let mut undo: Vec<R::Position> = Vec::new();
    let mut review: Vec<Reviewed<R>> = Vec::new();
    let mut show_board = true;
    // The legal moves at `position` in the order last shown, which `#k` counts in: the
    // hint's (best first) after a hint, else the game's own (the help's and the errors').
    let mut shown: Option<Vec<R::Move>> = None;
    loop {
        if rules.is_over(&position) {
            say(output, &rules.board(&position, human))?;
            let words = rules.verdict(&position, human);
            let words = match rules.result(&position, human) {
                Some(verdict) => term::verdict(verdict, &words),
                None => words,
            };
            say(output, &words)?;
            return write_review(&rules, &review, true, output);
        }
        if rules.to_move(&position) != human {
            let moves = rules.moves(&position)?;
            let Some(&(best, _)) = moves.first() else {
                // No legal move in a live position cannot happen; end cleanly.
                return write_review(&rules, &review, false, output);
            };
            let next = rules.play(&position, best);
            say(
                output,
                &format!(
                    "Computer {} {}: {}",
                    rules.verbs()[1],
                    rules.move_words(&position, best),
                    rules.after_words(&next, human)
                ),
            )?;
            position = next;
            shown = None;
            show_board = true;
            continue;
        }
        if show_board {
            say(output, &rules.board(&position, human))?;
            show_board = false;
        }
        let mut words = rules.words(&position);
        words.extend(["hint", "undo", "quit", "help"].map(str::to_owned));
        let Some(line) = input.read(
            output,
            "Your move> ",
            "a move, `hint`, `undo` or `quit`",
            &words,
        )?
        else {
            return abandoned(&*input, output);
        };
        let command = line.trim().to_ascii_lowercase();
        if !command.is_empty() {
            input.remember(line.trim());
        }
        match command.as_str() {
            "" => {}
            "quit" | "q" | "exit" => {
                quit(output)?;
                return write_review(&rules, &review, false, output);
            }
            "help" | "?" => {
                let listing = shown.clone().unwrap_or_else(|| rules.listing(&position));
                say(
                    output,
                    &format!(
                        "Type {}; or `hint`, `undo`, `quit`.",
                        rules.move_help(&position, &listing)
                    ),
                )?;
            }
            "hint" | "h" => {
                let moves = rules.moves(&position)?;
                say(
                    output,
                    "Hint (each move's value for you, best first; `#k` now picks the k-th):",
                )?;
                let names: Vec<String> = moves
                    .iter()
                    .map(|&(m, _)| rules.listed(&position, m))
                    .collect();
                let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
                let places = moves.len().to_string().len() + 1;
                for (k, ((_, eval), name)) in moves.iter().zip(&names).enumerate() {
                    let value = term::verdict(rules.eval_verdict(*eval), &rules.eval_words(*eval));
                    say(
                        output,
                        &format!(
                            "  {:<places$}  {name:<width$}  {value}",
                            format!("#{}", k + 1)
                        ),
                    )?;
                }
                let listing: Vec<R::Move> = moves.iter().map(|&(m, _)| m).collect();
                say(
                    output,
                    &format!("Type {}.", rules.move_help(&position, &listing)),
                )?;
                shown = Some(listing);
            }
            "undo" | "u" => match undo.pop() {
                Some(previous) => {
                    // Each human move left one undo entry and one review.
                    review.pop();
                    position = previous;
                    shown = None;
                    say(output, "Took back your last move and the computer's reply.")?;
                    show_board = true;
                }
                None => refuse(output, "Nothing to undo: you have not moved yet.")?,
            },
            text => match match &shown {
                Some(listing) => rules.parse_in(&position, text, listing),
                None => rules.parse(&position, text),
            } {
                Err(message) => refuse(output, &format!("{message}; or `hint`, `undo`, `quit`."))?,
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
                    say(
                        output,
                        &format!(
                            "You {} {}: {}",
                            rules.verbs()[0],
                            rules.move_words(&position, chosen),
                            rules.after_words(&next, human)
                        ),
                    )?;
                    position = next;
                    shown = None;
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
    output: &mut dyn Write,
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
                Err(_) => refuse(
                    output,
                    &format!("That line is not valid UTF-8; type {expected}."),
                )?,
            },
            Ok((LineRead::TooLong { len } | LineRead::Refused { len }, _)) => {
                refuse(output, &too_long(len, expected))?;
            }
            Err(e) => {
                return Err(Stop::Error(CliError::new(
                    Kind::Io,
                    format!("cannot read standard input: {e}"),
                )))
            }
        }
    }
}

/// The message for a line of `len` bytes, longer than [`MAX_LINE_BYTES`].
pub(super) fn too_long(len: impl std::fmt::Display, expected: &str) -> String {
    format!(
        "That line is {len} bytes long, more than the {MAX_LINE_BYTES} a line may have; type \
         {expected}."
    )
}

/// The game ends without a result: at the end of input, or interrupted by the player (then
/// [`Stop::Interrupted`], exit status 130, as a shell reports a program stopped by Ctrl-C).
fn abandoned(input: &dyn Lines, output: &mut dyn Write) -> Result<(), Stop> {
    if input.interrupted() {
        writeln!(output, "\nInterrupted: game abandoned.")?;
        output.flush()?;
        return Err(Stop::Interrupted);
    }
    writeln!(output, "\nEnd of input: game abandoned.")?;
    Ok(())
}

fn quit(output: &mut dyn Write) -> Result<(), Stop> {
    writeln!(output, "You quit the game.")?;
    Ok(())
}

fn write_review<R: Rules>(
    rules: &R,
    review: &[Reviewed<R>],
    finished: bool,
    output: &mut dyn Write,
) -> Result<(), Stop> {
    if review.is_empty() {
        return Ok(());
    }
    writeln!(output, "\nReview of your moves:")?;
    let mut lost = 0;
    for r in review {
        let chosen = rules.move_words(&r.position, r.chosen);
        match rules.loss_words(r.best_eval, r.chosen_eval) {
            None => say(
                output,
                &format!(
                    "  move {:>2}: you {} {chosen} ({}): best",
                    r.number,
                    rules.verbs()[2],
                    rules.eval_words(r.chosen_eval)
                ),
            )?,
            Some(loss) => {
                lost += 1;
                say(
                    output,
                    &format!(
                        "  move {:>2}: you {} {chosen} ({}); {} was better ({}): {}",
                        r.number,
                        rules.verbs()[2],
                        rules.eval_words(r.chosen_eval),
                        rules.move_words(&r.position, r.best),
                        rules.eval_words(r.best_eval),
                        term::bad(&loss)
                    ),
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
