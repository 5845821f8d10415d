//! The flags of `analyze` and `play`, and `play`'s rules, for every game of the table: written
//! once over the game vocabulary, with the game's analyzer (`TableGame::analyzer`: each move's
//! value and remoteness), its move parser (`PlayWords::play_read_move`, by default
//! `crate::words::parse_move`) and its words (`PlayWords::play_board`, …).

use std::any::TypeId;

use gamesolve::analysis::generic::Analyzer;
#[cfg(feature = "serve")]
use gamesolve::analysis::MoveValue;
use gamesolve::analysis::{AnalysisConfig, Player, ENDLESS};
use gamesolve::games::GameInfo;
use gamesolve::{core_types::Margin, Game, GameValue, Verdict};

use super::error::{CliError, Stop};
use super::gamecmd::GameFlags;
use super::limits::{Analysis, LimitArgs};
use super::play::session::{Rules, Valued};
use super::play::{run_session, PlayFlags};
use super::words::{accepted_moves_in, move_words, parse_move_in, PlayWords};

/// The flags of `gamesolve analyze GAME ...`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct AnalyzeFlags {
    /// The moves already made from the start, in order, as `play` reads them: each as listed
    /// (`take 3`), by its number in the listing (`2`, or `#2` where numbers are the game's
    /// short forms), or in its short form (`l`/`r`, Can I Win's integer, Cat and Mouse's
    /// node): `--moves "take 1,take 3"`.
    #[cfg_attr(
        feature = "cli",
        arg(
            long,
            value_name = "MOVES",
            value_delimiter = ',',
            allow_hyphen_values = true
        )
    )]
    pub(crate) moves: Vec<String>,
    #[cfg_attr(feature = "cli", command(flatten))]
    pub(crate) limits: LimitArgs<Analysis>,
    /// The words of the game's own position flags (`--used 3,7`), by name.
    #[cfg_attr(feature = "cli", arg(skip))]
    pub(crate) position: Vec<(&'static str, Vec<String>)>,
}

impl GameFlags for AnalyzeFlags {
    const TAKES_POSITION: bool = true;

    fn with_position(mut self, position: Vec<(&'static str, Vec<String>)>) -> Self {
        self.position = position;
        self
    }

    fn memory_cap(&self) -> Option<u64> {
        self.limits.memory_cap_bytes
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
}

/// Whether `G`'s values are verdicts (win, lose, draw), not margins: the generic rules of
/// `play` can then tell who won from the last position.
pub(crate) fn has_verdicts<G: Game>() -> bool {
    TypeId::of::<G::Value>() != TypeId::of::<Margin>()
}

/// The points of a margin `value` (a scoring game's), `None` for a win/lose/draw value.
fn margin_of<V: GameValue>(value: V) -> Option<i128> {
    value.amount()
}

/// The words of `--moves` one move each: each word split by the game
/// ([`PlayWords::split_moves`]: Connect Four's `4453` is four columns).
pub(crate) fn split_moves<G: PlayWords>(game: &G, texts: &[String]) -> Vec<String> {
    texts
        .iter()
        .flat_map(|text| game.split_moves(text))
        .collect()
}

/// Replays `texts` from the start of `game`.
pub(crate) fn replay<G: PlayWords>(game: &G, texts: &[String]) -> Result<G::Position, CliError> {
    let mut position = game.start();
    for (k, text) in texts.iter().enumerate() {
        if game.terminal_value(position).is_some() {
            return Err(CliError::invalid(format!(
                "`--moves` has {} moves, but the game is over after {k}",
                texts.len()
            )));
        }
        let mv = game
            .play_read_move(position, text)
            .map_err(|why| CliError::invalid(format!("move #{}: {why}", k + 1)))?;
        position = game.play(position, mv);
    }
    Ok(position)
}

/// `gamesolve play GAME ...` over the generic analysis.
pub fn play<G: PlayWords>(game: &G, flags: &PlayFlags) -> Result<(), Stop> {
    let rules = GenericRules::new(game, AnalysisConfig::from_limits(&flags.options.limits));
    run_session(rules, &flags.options)
}

/// The rules of `play` for `game`, replayable from a list of moves (`serve`'s `/api/play`),
/// with the analysis engine's limits: the generic rules ([`GenericRules`]), in the game's own
/// words.
///
/// # Errors
///
/// None today: every game of the table can be played (the `Result` is `serve`'s contract).
#[cfg(feature = "serve")]
pub fn rules_for<G: super::report::CliGame>(
    game: &G,
    config: gamesolve::analysis::AnalysisConfig,
) -> Result<Box<dyn super::play::Replay>, CliError> {
    Ok(Box::new(GenericRules::new(game, config)))
}

/// A position of `play`'s generic rules: the game's position, the moves made so far, and the
/// points each player earned so far (a scoring game's running scores; zero otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Played<P> {
    position: P,
    moves_made: usize,
    /// The first player's points, then the second's.
    scores: [i128; 2],
}

/// `play`'s rules for any game of the table (the terminal `play` and `serve`'s `/api/play`):
/// the moves and their values from the game's own analyzer ([`TableGame::analyzer`](gamesolve::TableGame::analyzer), kept for
/// the whole game, so each position is searched once), the running scores of a scoring game
/// from [`TableGame::earned`](gamesolve::TableGame::earned).
pub(crate) struct GenericRules<G: PlayWords> {
    game: G,
    analyzer: Analyzer<G>,
    /// Whether the game scores points (its values are margins): the result is then read from
    /// the running scores, else from the last position's value.
    scoring: bool,
    /// The positions of the line being played, by moves made (`[0]` the start): a position
    /// met again ends the game in a draw, the rule of a game whose positions repeat (Cat and
    /// Mouse); a game whose positions never repeat never meets it. Going back (`undo`, a
    /// replay) cuts the line at the position played from.
    line: std::sync::Mutex<Vec<G::Position>>,
}

impl<G: PlayWords> GenericRules<G> {
    /// The rules for `game`, with the analysis engine's limits.
    pub(crate) fn new(game: &G, config: AnalysisConfig) -> Self {
        let scoring = !has_verdicts::<G>();
        GenericRules {
            game: game.clone(),
            analyzer: game.analyzer(config),
            scoring,
            line: std::sync::Mutex::new(vec![game.start()]),
        }
    }

    /// Whether the position `p` was met earlier on the line played.
    fn repeated(&self, p: &Played<G::Position>) -> bool {
        let line = self.line.lock().unwrap_or_else(|e| e.into_inner());
        line.get(p.moves_made) == Some(&p.position) && line[..p.moves_made].contains(&p.position)
    }

    /// A scoring game's scores from `human`'s side: (the human's, the computer's); `None`
    /// for a win/lose/draw game.
    fn scores(&self, p: &Played<G::Position>, human: Player) -> Option<(i128, i128)> {
        self.scoring.then_some(match human {
            Player::First => (p.scores[0], p.scores[1]),
            Player::Second => (p.scores[1], p.scores[0]),
        })
    }
}

/// How a game stands after a move: over (the human's verdict and a scoring game's final
/// scores, the human's first), a draw by repetition, or going on.
enum Ending {
    Over(Verdict, Option<(i128, i128)>),
    Repeated,
    Going,
}

impl<G: PlayWords> GenericRules<G> {
    /// How the game stands at `p`, for `human`.
    fn ending(&self, p: &Played<G::Position>, human: Player) -> Ending {
        let Some(value) = self.game.terminal_value(p.position) else {
            if self.repeated(p) {
                return Ending::Repeated;
            }
            return Ending::Going;
        };
        // The terminal value is the player to move's; the human's is its negation when the
        // human made the last move.
        let for_human = if self.to_move(p) == human {
            value
        } else {
            value.negate()
        };
        let scores = if self.scoring {
            // The points earned along the game, plus what the end itself is worth to the
            // player to move there (nothing for a game whose points are all earned by moves).
            let mut scores = p.scores;
            if let Some(points) = margin_of(value) {
                let mover = usize::from(self.to_move(p) == Player::Second);
                scores[mover] = scores[mover].saturating_add(points);
            }
            self.scores(&Played { scores, ..*p }, human)
        } else {
            None
        };
        let verdict = match scores {
            Some((you, computer)) => match you.cmp(&computer) {
                std::cmp::Ordering::Greater => Verdict::Win,
                std::cmp::Ordering::Less => Verdict::Loss,
                std::cmp::Ordering::Equal => Verdict::Draw,
            },
            None => for_human.verdict(),
        };
        Ending::Over(verdict, scores)
    }
}

impl<G: PlayWords> Rules for GenericRules<G> {
    type Position = Played<G::Position>;
    type Move = G::Move;
    /// The value for the mover and the remoteness.
    type Eval = (G::Value, u32);

    fn intro(&self) -> String {
        self.game.play_intro()
    }

    fn start(&self) -> Self::Position {
        Played {
            position: self.game.start(),
            moves_made: 0,
            scores: [0, 0],
        }
    }

    fn to_move(&self, p: &Self::Position) -> Player {
        Player::to_move_after(p.moves_made)
    }

    fn moves_made(&self, p: &Self::Position) -> usize {
        p.moves_made
    }

    fn is_over(&self, p: &Self::Position) -> bool {
        self.game.terminal_value(p.position).is_some() || self.repeated(p)
    }

    fn board(&self, p: &Self::Position, human: Player) -> String {
        self.game.play_board(p.position, self.scores(p, human))
    }

    /// The game's own help ([`PlayWords::play_move_help`]) for its own order, else the one
    /// rule's sentence ([`accepted_moves_in`]) for `listing`'s order.
    fn move_help(&self, p: &Self::Position, listing: &[G::Move]) -> String {
        if listing == self.listing(p).as_slice() {
            self.game.play_move_help(p.position)
        } else {
            accepted_moves_in(&self.game, p.position, listing)
        }
    }

    fn parse(&self, p: &Self::Position, text: &str) -> Result<G::Move, String> {
        self.game.play_read_move(p.position, text)
    }

    /// The game's own reader ([`PlayWords::play_read_move`]) for its own order, else the one
    /// rule ([`parse_move_in`]) with places counted in `listing`.
    fn parse_in(
        &self,
        p: &Self::Position,
        text: &str,
        listing: &[G::Move],
    ) -> Result<G::Move, String> {
        if listing == self.listing(p).as_slice() {
            self.game.play_read_move(p.position, text)
        } else {
            parse_move_in(&self.game, p.position, text, listing)
        }
    }

    fn listing(&self, p: &Self::Position) -> Vec<G::Move> {
        self.game.moves(p.position)
    }

    fn listed(&self, p: &Self::Position, m: G::Move) -> String {
        self.game.show_move(p.position, m)
    }

    fn player(&self, player: Player) -> String {
        self.game.play_player(player)
    }

    fn words(&self, p: &Self::Position) -> Vec<String> {
        move_words(&self.game, p.position)
    }

    fn play(&self, p: &Self::Position, m: G::Move) -> Self::Position {
        let mut scores = p.scores;
        if let Some(points) = self.game.earned(p.position, m) {
            let mover = usize::from(self.to_move(p) == Player::Second);
            scores[mover] = scores[mover].saturating_add(points);
        }
        let next = Played {
            position: self.game.play(p.position, m),
            moves_made: p.moves_made + 1,
            scores,
        };
        let mut line = self.line.lock().unwrap_or_else(|e| e.into_inner());
        line.truncate(p.moves_made + 1);
        if line.len() == p.moves_made + 1 {
            line.push(next.position);
        }
        next
    }

    fn moves(&mut self, p: &Self::Position) -> Result<Vec<Valued<Self>>, CliError> {
        let analysis = self.analyzer.analyze(p.position)?;
        Ok(analysis
            .moves
            .into_iter()
            .map(|m| (m.mv, (m.value, m.remoteness)))
            .collect())
    }

    fn move_words(&self, p: &Self::Position, m: G::Move) -> String {
        self.game.play_move_words(p.position, m)
    }

    fn after_words(&self, p: &Self::Position, human: Player) -> String {
        self.game.play_after_move(p.position, self.scores(p, human))
    }

    fn eval_words(&self, (value, remoteness): (G::Value, u32)) -> String {
        if let Some(margin) = margin_of(value) {
            // A margin is the mover's points minus the opponent's from here on: its sign says
            // who wins the rest of the row.
            let word = match margin.cmp(&0) {
                std::cmp::Ordering::Greater => "win",
                std::cmp::Ordering::Less => "lose",
                std::cmp::Ordering::Equal => "draw",
            };
            if !self.scoring {
                // A value of its own that is a number (Connect Four's score): its own words.
                return format!("{word}, {value}");
            }
            // The moves left, as the page's chips say it ("win in 3, margin +5"); a draw
            // has no remoteness there either.
            return match word {
                "draw" => format!("draw, margin {margin:+} over the rest"),
                _ => format!("{word} in {remoteness}, margin {margin:+} over the rest"),
            };
        }
        match value.verdict() {
            Verdict::Win => format!("win in {remoteness}"),
            Verdict::Loss => format!("lose in {remoteness}"),
            // With perfect play a position repeats: by the rules, a draw.
            Verdict::Draw if remoteness == ENDLESS => "draw by repetition".to_owned(),
            Verdict::Draw => format!("draw, {remoteness} moves left"),
        }
    }

    fn eval_verdict(&self, (value, _): (G::Value, u32)) -> Verdict {
        match margin_of(value) {
            Some(margin) => match margin.cmp(&0) {
                std::cmp::Ordering::Greater => Verdict::Win,
                std::cmp::Ordering::Less => Verdict::Loss,
                std::cmp::Ordering::Equal => Verdict::Draw,
            },
            None => value.verdict(),
        }
    }

    fn loss_words(&self, best: Self::Eval, chosen: Self::Eval) -> Option<String> {
        if let (Some(best), Some(chosen)) = (margin_of(best.0), margin_of(chosen.0)) {
            let what = if self.scoring { "margin" } else { "score" };
            return (chosen < best)
                .then(|| format!("it gave away {} points of {what}", best - chosen));
        }
        if best == chosen {
            return None;
        }
        let (best_by, chosen_by) = (best.1, chosen.1);
        Some(match (best.0.verdict(), chosen.0.verdict()) {
            (Verdict::Win, Verdict::Loss) => "it threw away a won game".to_owned(),
            (Verdict::Win, Verdict::Draw) => "it turned a win into a draw".to_owned(),
            (Verdict::Draw, Verdict::Loss) => "it turned a draw into a loss".to_owned(),
            (Verdict::Win, Verdict::Win) if chosen_by > best_by => {
                format!("a slower win, by {} moves", chosen_by - best_by)
            }
            (Verdict::Loss, Verdict::Loss) if chosen_by < best_by => {
                format!("a faster loss, by {} moves", best_by - chosen_by)
            }
            // The same verdict as fast (or a draw of another length): no value lost.
            (b, c) if b == c && chosen.0 == best.0 => return None,
            _ => "a worse move".to_owned(),
        })
    }

    fn verdict(&self, p: &Self::Position, human: Player) -> String {
        match self.ending(p, human) {
            Ending::Repeated => "The position repeated: a draw.".to_owned(),
            Ending::Going => "The game goes on.".to_owned(),
            Ending::Over(verdict, scores) => self.game.play_result(p.position, verdict, scores),
        }
    }

    fn result(&self, p: &Self::Position, human: Player) -> Option<Verdict> {
        match self.ending(p, human) {
            Ending::Repeated => Some(Verdict::Draw),
            Ending::Going => None,
            Ending::Over(verdict, _) => Some(verdict),
        }
    }

    fn move_json(&self, p: &Self::Position, m: G::Move) -> serde_json::Value {
        self.game.play_move_json(p.position, m)
    }

    #[cfg(feature = "serve")]
    fn evaluation(&self, (value, remoteness): Self::Eval) -> super::play::session::Evaluation {
        match margin_of(value) {
            Some(margin) => super::play::session::Evaluation::scored(margin, remoteness),
            None => (MoveValue::from(value.verdict()), remoteness).into(),
        }
    }

    fn verbs(&self) -> [&'static str; 3] {
        self.game.play_verbs()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use gamesolve::analysis::AnalysisConfig;
    use gamesolve::{CanIWin, PredictTheWinner};

    use super::*;
    use crate::play::session::{session, Rules};
    use crate::play::Starter;

    fn run_session<R: Rules>(rules: R, first: Option<Starter>, input: &str) -> String {
        let mut out = Vec::new();
        let mut plain = anstream::StripStream::new(&mut out);
        let result = session(
            rules,
            first,
            &mut crate::play::session::Piped(input.as_bytes()),
            &mut plain,
        );
        assert!(result.is_ok());
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn can_i_win_human_loses_and_gets_a_review() {
        let game = CanIWin::new(4, 6).unwrap();
        let rules = GenericRules::new(&game, AnalysisConfig::default());
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
        let rules = GenericRules::new(&game, AnalysisConfig::default());
        let out = run_session(rules, None, "y\nsideways\nr\nundo\nl\nl\n");
        assert!(
            out.contains("`sideways` is not a legal move here: type a move as listed"),
            "{out}"
        );
        assert!(out.contains("Took back your last move"), "{out}");
        assert!(out.contains("You win 234 to 12"), "{out}");
        assert!(out.contains("You played perfectly"), "{out}");
    }
}
