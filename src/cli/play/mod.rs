//! `gamesolve play …`: a human against the perfect opponent, on standard
//! input and output.
//!
//! The loop is written once over [`Rules`], implemented by each game. The
//! opponent plays the first move of the analysis order (fastest win,
//! slowest loss; largest margin, ties left), so it is deterministic. After
//! the game (or on `quit`), a review lists the moves where the human's play
//! lost value against the best move available.

use std::io::{self, BufRead, Write};

use clap::{Args, Subcommand, ValueEnum};
use gamesolve::analysis::{
    analyze_predict_the_winner, AnalysisConfig, CanIWinAnalyzer, CanIWinPosition, MoveValue,
    Player, PredictTheWinnerPosition,
};
use gamesolve::{CanIWin, PredictTheWinner, Side};

use super::analyze::{analysis_error, value_words, AnalysisLimitArgs};
use super::args::{CanIWinArgs, PredictTheWinnerArgs};
use super::error::{CliError, Kind, Stop};

/// Arguments of `gamesolve play`.
#[derive(Args, Debug)]
pub struct PlayCmd {
    #[command(subcommand)]
    game: PlayGame,
}

#[derive(Subcommand, Debug)]
enum PlayGame {
    /// Play Can I Win: type a number from the pool to take it.
    #[command(
        after_help = "Examples:\n  gamesolve play can-i-win 10 25\n  gamesolve play can-i-win 4 6 --first human"
    )]
    CanIWin(PlayCanIWin),
    /// Play Predict the Winner: type `left` or `right` (`l`, `r`).
    #[command(allow_negative_numbers = true)]
    #[command(
        after_help = "Examples:\n  gamesolve play predict-the-winner 1 5 233 7\n  gamesolve play predict-the-winner --file values.txt --first computer"
    )]
    PredictTheWinner(PlayPredictTheWinner),
}

#[derive(Args, Debug)]
struct PlayCanIWin {
    #[command(flatten)]
    game: CanIWinArgs,
    #[command(flatten)]
    options: PlayOptions,
}

#[derive(Args, Debug)]
struct PlayPredictTheWinner {
    #[command(flatten)]
    game: PredictTheWinnerArgs,
    #[command(flatten)]
    options: PlayOptions,
}

#[derive(Args, Debug)]
struct PlayOptions {
    /// Who moves first; asked at the start when not given.
    #[arg(long, value_enum, value_name = "WHO")]
    first: Option<Starter>,
    #[command(flatten)]
    limits: AnalysisLimitArgs,
}

/// Who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Starter {
    /// You.
    Human,
    /// The perfect opponent.
    Computer,
}

/// Runs `gamesolve play` on standard input and output.
pub fn run(cmd: &PlayCmd) -> Result<(), Stop> {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut output = io::stdout().lock();
    match &cmd.game {
        PlayGame::CanIWin(args) => {
            let game = args.game.game()?;
            let rules = CanIWinRules::new(game, args.options.limits.config());
            session(rules, args.options.first, &mut input, &mut output)
        }
        PlayGame::PredictTheWinner(args) => {
            if args.game.file.as_deref() == Some(std::path::Path::new("-")) {
                // Reading the values to the end of standard input would
                // leave nothing for the moves (and a terminal would wait).
                return Err(CliError::new(
                    Kind::Usage,
                    "`play` reads your moves from standard input, so `--file -` cannot read the \
                     values from it too: give the values as arguments or in a file",
                )
                .into());
            }
            let game = args.game.game()?;
            let rules = PredictTheWinnerRules {
                game,
                config: args.options.limits.config(),
            };
            session(rules, args.options.first, &mut input, &mut output)
        }
    }
}

/// What the play loop needs from a game.
trait Rules {
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
}

/// A move with its value for the mover.
type Valued<R> = (<R as Rules>::Move, <R as Rules>::Eval);

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
fn session<R: Rules>(
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
                    other => writeln!(output, "Please answer `y` or `n` (not `{other}`).")?,
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
                "Computer takes {}: {}",
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
                        "You take {}: {}",
                        rules.move_words(&position, chosen),
                        rules.after_words(&next, human)
                    )?;
                    position = next;
                }
            },
        }
    }
}

/// Writes `prompt` and reads one line; `None` at end of input. A line that
/// is not UTF-8 gets a message naming what to type (`expected`) and the
/// prompt again.
fn prompt(
    input: &mut impl BufRead,
    output: &mut impl Write,
    prompt: &str,
    expected: &str,
) -> Result<Option<String>, Stop> {
    loop {
        write!(output, "{prompt}")?;
        output.flush()?;
        let mut bytes = Vec::new();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) => return Ok(None),
            Ok(_) => match String::from_utf8(bytes) {
                Ok(line) => return Ok(Some(line)),
                Err(_) => writeln!(output, "That line is not valid UTF-8; type {expected}.")?,
            },
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
                "  move {:>2}: you took {chosen} ({}): best",
                r.number,
                rules.eval_words(r.chosen_eval)
            )?,
            Some(loss) => {
                lost += 1;
                writeln!(
                    output,
                    "  move {:>2}: you took {chosen} ({}); {} was better ({}): {loss}",
                    r.number,
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

// ---------------------------------------------------------------------------
// Can I Win

struct CanIWinRules {
    game: CanIWin,
    analyzer: CanIWinAnalyzer,
}

impl CanIWinRules {
    fn new(game: CanIWin, config: AnalysisConfig) -> Self {
        CanIWinRules {
            game,
            analyzer: CanIWinAnalyzer::with_config(game, config),
        }
    }

    fn free(&self, p: &CanIWinPosition) -> Vec<u32> {
        (1..=self.game.max_choosable())
            .filter(|&v| !p.is_used(v))
            .collect()
    }
}

impl Rules for CanIWinRules {
    type Position = CanIWinPosition;
    type Move = u32;
    type Eval = (MoveValue, u32);

    fn intro(&self) -> String {
        format!(
            "Can I Win against a perfect opponent: players take turns taking a number from \
             1..={} (each number once) and adding it to a running total; whoever brings the \
             total to {} or more wins.",
            self.game.max_choosable(),
            self.game.desired_total()
        )
    }

    fn start(&self) -> CanIWinPosition {
        CanIWinPosition::start()
    }

    fn to_move(&self, p: &CanIWinPosition) -> Player {
        p.to_move()
    }

    fn moves_made(&self, p: &CanIWinPosition) -> usize {
        p.moves_made()
    }

    fn is_over(&self, p: &CanIWinPosition) -> bool {
        p.is_over(&self.game)
    }

    fn board(&self, p: &CanIWinPosition, _human: Player) -> String {
        let pool = (1..=self.game.max_choosable())
            .map(|v| {
                if p.is_used(v) {
                    "·".repeat(v.to_string().len())
                } else {
                    v.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(" ");
        format!(
            "Pool: {pool}   total {} of {}",
            p.total(),
            self.game.desired_total()
        )
    }

    fn move_help(&self, p: &CanIWinPosition) -> String {
        let free = self.free(p);
        format!(
            "a number still in the pool ({})",
            free.iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        )
    }

    fn parse(&self, p: &CanIWinPosition, text: &str) -> Result<u32, String> {
        let number: u32 = text.parse().map_err(|_| {
            format!(
                "`{text}` is not a move: type {}, or `hint`, `undo`, `quit`.",
                self.move_help(p)
            )
        })?;
        match p.play(&self.game, number) {
            Ok(_) => Ok(number),
            Err(e) => Err(format!("{e}: type {}.", self.move_help(p))),
        }
    }

    fn play(&self, p: &CanIWinPosition, m: u32) -> CanIWinPosition {
        p.play(&self.game, m).unwrap_or(*p)
    }

    fn moves(&mut self, p: &CanIWinPosition) -> Result<Vec<(u32, (MoveValue, u32))>, CliError> {
        let analysis = self.analyzer.analyze(p).map_err(analysis_error)?;
        Ok(analysis
            .moves
            .iter()
            .map(|m| (m.number, (m.value, m.remoteness)))
            .collect())
    }

    fn move_words(&self, _p: &CanIWinPosition, m: u32) -> String {
        m.to_string()
    }

    fn after_words(&self, p: &CanIWinPosition, _human: Player) -> String {
        format!("total {} of {}", p.total(), self.game.desired_total())
    }

    fn eval_words(&self, (value, remoteness): (MoveValue, u32)) -> String {
        value_words(value, remoteness)
    }

    fn loss_words(&self, best: (MoveValue, u32), chosen: (MoveValue, u32)) -> Option<String> {
        if best == chosen {
            return None;
        }
        Some(match (best.0, chosen.0) {
            (MoveValue::Win, MoveValue::Lose) => "it threw away a won game".to_owned(),
            (MoveValue::Win, MoveValue::Draw) => "it turned a win into a draw".to_owned(),
            (MoveValue::Draw, MoveValue::Lose) => "it turned a draw into a loss".to_owned(),
            (MoveValue::Win, MoveValue::Win) => {
                format!("a slower win, by {} moves", chosen.1.saturating_sub(best.1))
            }
            (MoveValue::Lose, MoveValue::Lose) => format!(
                "a faster loss, by {} moves",
                best.1.saturating_sub(chosen.1)
            ),
            _ => "a worse move".to_owned(),
        })
    }

    fn verdict(&self, p: &CanIWinPosition, human: Player) -> String {
        let t = self.game.desired_total();
        if p.total() < t {
            return format!("Draw: the pool is empty and nobody reached {t}.");
        }
        // The player who made the last move won (or the first player, who
        // wins without moving when T = 0).
        let winner = if p.moves_made() == 0 {
            Player::First
        } else {
            p.to_move().other()
        };
        if winner == human {
            format!("You win: the total {} reaches {t}.", p.total())
        } else {
            format!("The computer wins: the total {} reaches {t}.", p.total())
        }
    }
}

// ---------------------------------------------------------------------------
// Predict the Winner

struct PredictTheWinnerRules {
    game: PredictTheWinner,
    config: AnalysisConfig,
}

impl PredictTheWinnerRules {
    /// The value at `index` of the whole row.
    fn value_at(&self, index: usize) -> i64 {
        self.game.values().get(index).copied().unwrap_or(0)
    }
}

/// A Predict the Winner position with both scores (which the analysis
/// position, knowing only how many values left each end, does not hold).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PtwPosition {
    at: PredictTheWinnerPosition,
    first: i128,
    second: i128,
}

/// The human's score and the computer's.
fn scores(p: &PtwPosition, human: Player) -> (i128, i128) {
    match human {
        Player::First => (p.first, p.second),
        Player::Second => (p.second, p.first),
    }
}

impl Rules for PredictTheWinnerRules {
    type Position = PtwPosition;
    type Move = Side;
    type Eval = i128;

    fn intro(&self) -> String {
        "Predict the Winner against a perfect opponent: players take turns taking the value at \
         either end of the row; the larger sum wins."
            .to_owned()
    }

    fn start(&self) -> PtwPosition {
        PtwPosition {
            at: PredictTheWinnerPosition::start(),
            first: 0,
            second: 0,
        }
    }

    fn to_move(&self, p: &PtwPosition) -> Player {
        p.at.to_move()
    }

    fn moves_made(&self, p: &PtwPosition) -> usize {
        p.at.moves_made()
    }

    fn is_over(&self, p: &PtwPosition) -> bool {
        p.at.remaining(&self.game).is_empty()
    }

    fn board(&self, p: &PtwPosition, human: Player) -> String {
        let rest = p.at.remaining(&self.game);
        let row = rest
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(" ");
        let (you, computer) = scores(p, human);
        if rest.is_empty() {
            return format!("Row: empty   you {you}, computer {computer}");
        }
        format!("Row: {row}   you {you}, computer {computer}")
    }

    fn move_help(&self, p: &PtwPosition) -> String {
        let rest = p.at.remaining(&self.game);
        match (rest.first(), rest.last()) {
            (Some(l), Some(r)) if rest.len() > 1 => {
                format!("`left` (`l`, takes {l}) or `right` (`r`, takes {r})")
            }
            (Some(l), _) => format!("`left` or `right` (both take the last value, {l})"),
            _ => "nothing: the row is empty".to_owned(),
        }
    }

    fn parse(&self, p: &PtwPosition, text: &str) -> Result<Side, String> {
        match text {
            "left" | "l" => Ok(Side::Left),
            "right" | "r" => {
                // A single value is the left end too: one move, one name.
                if p.at.remaining(&self.game).len() == 1 {
                    Ok(Side::Left)
                } else {
                    Ok(Side::Right)
                }
            }
            _ => Err(format!(
                "`{text}` is not a move: type {}, or `hint`, `undo`, `quit`.",
                self.move_help(p)
            )),
        }
    }

    fn play(&self, p: &PtwPosition, m: Side) -> PtwPosition {
        let rest = p.at.remaining(&self.game);
        let index = match m {
            Side::Left => p.at.taken_left(),
            Side::Right => (p.at.taken_left() + rest.len()).saturating_sub(1),
        };
        let value = i128::from(self.value_at(index));
        let Some(at) = p.at.play(&self.game, m) else {
            return *p;
        };
        let (mut first, mut second) = (p.first, p.second);
        match p.at.to_move() {
            Player::First => first += value,
            Player::Second => second += value,
        }
        PtwPosition { at, first, second }
    }

    fn moves(&mut self, p: &PtwPosition) -> Result<Vec<(Side, i128)>, CliError> {
        let analysis =
            analyze_predict_the_winner(&self.game, &p.at, &self.config).map_err(analysis_error)?;
        Ok(analysis.moves.iter().map(|m| (m.side, m.margin)).collect())
    }

    fn move_words(&self, p: &PtwPosition, m: Side) -> String {
        let rest = p.at.remaining(&self.game);
        let value = match m {
            Side::Left => rest.first(),
            Side::Right => rest.last(),
        };
        match value {
            Some(v) => format!("the {m} end ({v})"),
            None => format!("the {m} end"),
        }
    }

    fn after_words(&self, p: &PtwPosition, human: Player) -> String {
        let (you, computer) = scores(p, human);
        format!("you {you}, computer {computer}")
    }

    fn eval_words(&self, margin: i128) -> String {
        format!("margin {margin:+} over the rest")
    }

    fn loss_words(&self, best: i128, chosen: i128) -> Option<String> {
        (chosen < best).then(|| format!("it gave away {} points of margin", best - chosen))
    }

    fn verdict(&self, p: &PtwPosition, human: Player) -> String {
        let (you, computer) = scores(p, human);
        match you.cmp(&computer) {
            std::cmp::Ordering::Greater => {
                format!("You win {you} to {computer}, by {}.", you - computer)
            }
            std::cmp::Ordering::Less => format!(
                "The computer wins {computer} to {you}, by {}.",
                computer - you
            ),
            std::cmp::Ordering::Equal => format!("Draw: {you} each."),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn run_session<R: Rules>(rules: R, first: Option<Starter>, input: &str) -> String {
        let mut out = Vec::new();
        let result = session(rules, first, &mut input.as_bytes(), &mut out);
        assert!(result.is_ok());
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn can_i_win_human_loses_and_gets_a_review() {
        let game = CanIWin::new(4, 6).unwrap();
        let rules = CanIWinRules::new(game, AnalysisConfig::default());
        // (4, 6): 1 wins; 2 lets the computer reach 6 with 4.
        let out = run_session(rules, Some(Starter::Human), "2\n");
        assert!(out.contains("You take 2: total 2 of 6"), "{out}");
        assert!(out.contains("Computer takes 4: total 6 of 6"), "{out}");
        assert!(out.contains("The computer wins"), "{out}");
        assert!(out.contains("1 was better (win in 3)"), "{out}");
    }

    #[test]
    fn predict_the_winner_undo_and_bad_input() {
        let game = PredictTheWinner::new(vec![1, 5, 233, 7]);
        let rules = PredictTheWinnerRules {
            game,
            config: AnalysisConfig::default(),
        };
        let out = run_session(rules, None, "y\nsideways\nr\nundo\nl\nl\n");
        assert!(out.contains("`sideways` is not a move"), "{out}");
        assert!(out.contains("Took back your last move"), "{out}");
        assert!(out.contains("You win 234 to 12"), "{out}");
        assert!(out.contains("You played perfectly"), "{out}");
    }
}
