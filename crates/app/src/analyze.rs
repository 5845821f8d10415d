//! `gamesolve analyze …` (the value of every move, remoteness, principal
//! variation) and `gamesolve can-i-win N --all-totals` (every total at
//! once).

use std::fmt::Write as _;
use std::time::Duration;

use clap::{Args, Subcommand};
use gamesolve::analysis::{
    analyze_predict_the_winner, can_i_win_all_totals_with_progress, AllTotals, AnalysisConfig,
    AnalysisError, CanIWinAnalysis, CanIWinAnalyzer, CanIWinPosition, MoveValue, Player,
    PredictTheWinnerAnalysis, PredictTheWinnerPosition,
};
use gamesolve::contract::analysis::{
    AllTotalsReport, CanIWinAnalysisReport, PredictTheWinnerAnalysisReport,
};
use gamesolve::{CanIWin, Game, Outcome, PredictTheWinner, Side};

use super::args::{
    parse_byte_size, parse_count, parse_time_limit, parse_usize, CanIWinArgs, PredictTheWinnerArgs,
};
use super::error::{CliError, Kind, Stop};
use super::generic::AnalyzeFlags;
use super::progress::Progress;
use super::table::GameCmd;
use super::{write_json, write_text};

/// Arguments of `gamesolve analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeCmd {
    #[command(subcommand)]
    game: AnalyzeGame,
    #[command(flatten)]
    pub(crate) json: crate::GlobalJsonFlag,
}

#[derive(Subcommand, Debug)]
enum AnalyzeGame {
    /// Every available number of a Can I Win position as win/lose with its
    /// remoteness, and the principal variation.
    #[command(allow_negative_numbers = true)]
    #[command(
        after_help = "Examples:\n  gamesolve analyze can-i-win 20 158\n  gamesolve analyze can-i-win 10 40 --used 3,7 --json"
    )]
    CanIWin(AnalyzeCanIWin),
    /// Each end of a Predict the Winner position with the margin it leads
    /// to, and the principal variation.
    #[command(allow_negative_numbers = true)]
    #[command(
        after_help = "Examples:\n  gamesolve analyze predict-the-winner 1 5 233 7\n  gamesolve analyze predict-the-winner 1 5 233 7 --taken-left 1 --json"
    )]
    PredictTheWinner(AnalyzePredictTheWinner),
    /// Every other game of the table, with the generic analysis.
    #[command(flatten)]
    Other(GameCmd<AnalyzeFlags>),
}

/// Whether `analyze` has an engine of its own for the game called `name` (the built-in games'
/// engines: a dense table of every position, the principal variation without a search per
/// move).
pub fn has_own_engine(name: &str) -> bool {
    name == CanIWin::NAME || name == PredictTheWinner::NAME
}

#[derive(Args, Debug)]
struct AnalyzeCanIWin {
    #[command(flatten)]
    game: CanIWinArgs,
    /// The numbers already taken, in any order: `--used 3,7` (default:
    /// the start of the game).
    #[arg(
        long,
        value_name = "NUMBERS",
        value_delimiter = ',',
        allow_hyphen_values = true
    )]
    used: Vec<String>,
    #[command(flatten)]
    limits: AnalysisLimitArgs,
}

#[derive(Args, Debug)]
struct AnalyzePredictTheWinner {
    #[command(flatten)]
    game: PredictTheWinnerArgs,
    /// Values already taken from the left end.
    #[arg(long, value_name = "K", default_value_t = 0, value_parser = parse_usize, allow_negative_numbers = true)]
    taken_left: usize,
    /// Values already taken from the right end.
    #[arg(long, value_name = "K", default_value_t = 0, value_parser = parse_usize, allow_negative_numbers = true)]
    taken_right: usize,
    #[command(flatten)]
    limits: AnalysisLimitArgs,
}

/// The analysis engine's limits.
#[derive(Args, Debug, Clone, Default)]
#[command(next_help_heading = "Limits")]
pub struct AnalysisLimitArgs {
    /// The largest table the analysis allocates, in bytes; suffixes K, M,
    /// G and KiB, MiB, GiB work [default: 1GiB, as for the backends].
    #[arg(long, value_name = "SIZE", value_parser = parse_byte_size, allow_negative_numbers = true)]
    pub memory_cap: Option<u64>,
    /// States the sparse Can I Win memo may store (used when the dense
    /// one exceeds the memory cap) [default: 3000000].
    #[arg(long, value_name = "STATES", value_parser = parse_count, allow_negative_numbers = true)]
    pub state_budget: Option<u64>,
    /// The wall-clock time one analysis may take (for `play`, each of the computer's moves),
    /// e.g. 500ms, 2s or 1m 30s; past it the answer is `cannot_answer` naming the limit
    /// [default: no limit].
    #[arg(long, value_name = "DURATION", value_parser = parse_time_limit, allow_negative_numbers = true)]
    pub time_limit: Option<Duration>,
}

impl AnalysisLimitArgs {
    /// The limits given, as the one limits type (no node budget: the analysis has none).
    pub fn limits(&self) -> gamesolve::Limits {
        gamesolve::Limits {
            node_budget: None,
            memory_cap_bytes: self.memory_cap,
            state_budget: self.state_budget,
            time_limit: self.time_limit,
        }
    }

    /// The limits as the engine's configuration.
    pub fn config(&self) -> AnalysisConfig {
        AnalysisConfig::from_limits(&self.limits())
    }
}

/// The CLI error for an analysis error.
pub fn analysis_error(e: AnalysisError) -> CliError {
    CliError::from(e)
}

/// Runs `gamesolve analyze`.
pub fn run(cmd: &AnalyzeCmd, json: bool) -> Result<(), Stop> {
    match &cmd.game {
        AnalyzeGame::CanIWin(args) => can_i_win(args, json),
        AnalyzeGame::PredictTheWinner(args) => predict_the_winner(args, json),
        AnalyzeGame::Other(cmd) => cmd.game()?.analyze(&cmd.flags, json),
    }
}

/// Parses `--used` numbers (range-checked by the position).
pub fn parse_used(game: &CanIWin, texts: &[String]) -> Result<CanIWinPosition, CliError> {
    let n = game.max_choosable();
    let numbers = texts
        .iter()
        .map(|text| text.trim())
        .filter(|text| !text.is_empty())
        .map(|text| {
            text.parse::<u32>().map_err(|_| {
                CliError::invalid(format!(
                    "used number `{text}` is not an integer: expected numbers of the pool 1..={n}"
                ))
            })
        })
        .collect::<Result<Vec<u32>, CliError>>()?;
    CanIWinPosition::from_numbers(game, &numbers).map_err(analysis_error)
}

fn can_i_win(args: &AnalyzeCanIWin, json: bool) -> Result<(), Stop> {
    let game = args.game.game()?;
    let position = parse_used(&game, &args.used)?;
    let big = game.settled_without_search().is_none() && game.max_choosable() >= 22;
    let progress = Progress::spinner_if(big, "analyzing");
    let analysis = CanIWinAnalyzer::with_config(game, args.limits.config())
        .analyze(&position)
        .map_err(analysis_error)?;
    drop(progress);
    if json {
        write_json(&CanIWinAnalysisReport::new(&game, &analysis))
    } else {
        write_text(&can_i_win_text(&game, &analysis))
    }
}

fn predict_the_winner(args: &AnalyzePredictTheWinner, json: bool) -> Result<(), Stop> {
    let game = args.game.game_within(args.limits.memory_cap)?;
    let position = PredictTheWinnerPosition::new(&game, args.taken_left, args.taken_right)
        .map_err(analysis_error)?;
    let progress = Progress::spinner_if(game.len() >= 10_000, "analyzing");
    let analysis = analyze_predict_the_winner(&game, &position, &args.limits.config())
        .map_err(analysis_error)?;
    drop(progress);
    if json {
        write_json(&PredictTheWinnerAnalysisReport::new(&game, &analysis))
    } else {
        write_text(&predict_the_winner_text(&game, &analysis))
    }
}

/// "win in 3", "lose in 16", "draw (4 moves left)".
pub fn value_words(value: MoveValue, remoteness: u32) -> String {
    match value {
        MoveValue::Win => format!("win in {remoteness}"),
        MoveValue::Lose => format!("lose in {remoteness}"),
        MoveValue::Draw => format!("draw ({remoteness} moves left)"),
    }
}

fn capitalized(player: Player) -> &'static str {
    match player {
        Player::First => "First player",
        Player::Second => "Second player",
    }
}

fn moves_word(count: u32) -> &'static str {
    if count == 1 {
        "move"
    } else {
        "moves"
    }
}

/// The human report of a Can I Win analysis.
pub fn can_i_win_text(game: &CanIWin, a: &CanIWinAnalysis) -> String {
    let (n, t) = (game.max_choosable(), game.desired_total());
    let mut text = String::new();
    let headline = match a.outcome {
        _ if a.remoteness == 0 && a.value == MoveValue::Win => {
            format!("First player wins without moving: the total 0 already reaches {t}")
        }
        Outcome::Draw => format!(
            "Draw: nobody can reach {t} any more ({} {} left until the pool is empty)",
            a.remoteness,
            moves_word(a.remoteness)
        ),
        Outcome::FirstPlayerWins | Outcome::SecondPlayerWins => {
            let winner = match a.outcome {
                Outcome::FirstPlayerWins => Player::First,
                _ => Player::Second,
            };
            format!(
                "{} wins in {} {} (the winner hurries, the loser delays)",
                capitalized(winner),
                a.remoteness,
                moves_word(a.remoteness)
            )
        }
    };
    let _ = writeln!(text, "{headline}");
    let used = a.position.numbers();
    let position = if used.is_empty() {
        "the start".to_owned()
    } else {
        format!("used {} (total {})", join(&used), a.total)
    };
    let _ = writeln!(
        text,
        "Can I Win: pool 1..={n}, reach {t}; position: {position}; {} to move",
        a.to_move
    );
    if !a.moves.is_empty() {
        let _ = writeln!(text, "\nMoves for the {}, best first:", a.to_move);
        // Group equal values, keeping the best-first order.
        let mut groups: Vec<(MoveValue, u32, Vec<u32>)> = Vec::new();
        for m in &a.moves {
            match groups.last_mut() {
                Some((value, r, numbers)) if *value == m.value && *r == m.remoteness => {
                    numbers.push(m.number);
                }
                _ => groups.push((m.value, m.remoteness, vec![m.number])),
            }
        }
        let width = groups
            .iter()
            .map(|(v, r, _)| value_words(*v, *r).len())
            .max()
            .unwrap_or(0);
        for (value, r, numbers) in groups {
            let label = value_words(value, r);
            let _ = writeln!(text, "  {label:<width$}  take {}", join(&numbers));
        }
    }
    if !a.principal_variation.is_empty() {
        let _ = writeln!(
            text,
            "\nPrincipal variation ({} {}):",
            a.principal_variation.len(),
            moves_word(a.principal_variation.len() as u32)
        );
        for (k, ply) in a.principal_variation.iter().enumerate() {
            let _ = writeln!(
                text,
                "  {:>2}. {:<6} takes {:>2}   total {}",
                k + 1,
                ply.player.as_str(),
                ply.number,
                ply.total
            );
        }
    }
    text
}

/// The human report of a Predict the Winner analysis.
pub fn predict_the_winner_text(game: &PredictTheWinner, a: &PredictTheWinnerAnalysis) -> String {
    let mut text = String::new();
    let rest = a.position.remaining(game);
    let whole = a.position.moves_made() == 0;
    let of = if whole { "" } else { " of the values left" };
    let by = a.first_margin.unsigned_abs();
    let headline = match a.outcome {
        _ if rest.is_empty() => "Draw: there are no values left to take".to_owned(),
        Outcome::FirstPlayerWins => format!("First player wins by {by}{of}"),
        Outcome::SecondPlayerWins => format!("Second player wins by {by}{of}"),
        Outcome::Draw => format!("Draw: both players get the same{of}"),
    };
    let _ = writeln!(text, "{headline}");
    let position = if whole {
        "the start".to_owned()
    } else {
        format!(
            "{} taken from the left, {} from the right",
            a.position.taken_left(),
            a.position.taken_right()
        )
    };
    let _ = writeln!(
        text,
        "Predict the Winner: {} values, {} left; position: {position}; {} to move",
        game.len(),
        rest.len(),
        a.to_move
    );
    if !a.moves.is_empty() {
        let _ = writeln!(
            text,
            "\nMoves for the {} (margin: their share of the values left minus the opponent's):",
            a.to_move
        );
        for m in &a.moves {
            let side = match m.side {
                Side::Left => "left ",
                Side::Right => "right",
            };
            let _ = writeln!(
                text,
                "  {side} (takes {}): margin {:+}, {}",
                m.taken, m.margin, m.value
            );
        }
    }
    if !rest.is_empty() && rest.len().is_multiple_of(2) {
        let _ = writeln!(
            text,
            "\nAn even number of values left: the {} cannot lose (they can take every value \
             at an even position of the row, or every value at an odd one, whichever sums more).",
            a.to_move
        );
    }
    if let Some(why) = &a.principal_variation_omitted {
        let _ = writeln!(text, "\nNo principal variation: {why}.");
    }
    if !a.principal_variation.is_empty() {
        let _ = writeln!(text, "\nPrincipal variation (ties go left):");
        let (mut first, mut second) = (0i128, 0i128);
        for (k, ply) in a.principal_variation.iter().enumerate() {
            match ply.player {
                Player::First => first += i128::from(ply.value),
                Player::Second => second += i128::from(ply.value),
            }
            let _ = writeln!(
                text,
                "  {:>2}. {:<6} takes {:<5} {}",
                k + 1,
                ply.player.as_str(),
                ply.side.as_str(),
                ply.value
            );
        }
        let scope = if whole { "" } else { " (values left only)" };
        let _ = writeln!(
            text,
            "Scores along it{scope}: first player {first}, second player {second}"
        );
    }
    text
}

fn join(numbers: &[u32]) -> String {
    numbers
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `gamesolve can-i-win N --all-totals`.
/// Runs a game's parameter sweep ([`gamesolve::games::Sweep`]): Can I Win's all totals, the
/// one the built-in games offer.
pub fn sweep(game: &dyn std::any::Any, limits: &AnalysisLimitArgs, json: bool) -> Result<(), Stop> {
    match game.downcast_ref::<CanIWin>() {
        Some(game) => all_totals(game, limits, json),
        None => Err(CliError::new(Kind::Usage, "this game has no parameter sweep").into()),
    }
}

/// `gamesolve can-i-win N --all-totals`: every total's answer at once.
pub fn all_totals(game: &CanIWin, limits: &AnalysisLimitArgs, json: bool) -> Result<(), Stop> {
    let n = game.max_choosable();
    let progress = Progress::count(n >= 21, 1 << n, "sets of used integers");
    let table = can_i_win_all_totals_with_progress(n, &limits.config(), &mut |done, _| {
        progress.set(done);
    })
    .map_err(analysis_error)?;
    drop(progress);
    if json {
        write_json(&AllTotalsReport::new(&table))
    } else {
        write_text(&all_totals_text(&table))
    }
}

fn all_totals_text(table: &AllTotals) -> String {
    let (n, sum) = (table.max_choosable(), table.pool_sum());
    let second = table.second_player_totals();
    let count = sum + 1;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "Can I Win with the pool 1..={n} (it sums to {sum}): the first player wins {} of the \
         {count} totals 0..={sum}, the second player {}; beyond {sum} nobody can reach T (a draw).",
        count - second.len() as u64,
        second.len()
    );
    let _ = writeln!(text, "\n  totals          winner");
    let mut runs: Vec<(u64, u64, Outcome)> = Vec::new();
    for (t, s) in table.iter() {
        match runs.last_mut() {
            Some((_, end, outcome)) if *outcome == s.outcome => *end = t,
            _ => runs.push((t, t, s.outcome)),
        }
    }
    for (start, end, outcome) in runs {
        let range = if start == end {
            start.to_string()
        } else {
            format!("{start}..={end}")
        };
        let _ = writeln!(text, "  {range:<15} {outcome}");
    }
    if !second.is_empty() {
        let list = second
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let _ = writeln!(text, "\nThe second player wins for T = {list}.");
    }
    text
}
