//! A game's answer: [`SolutionOf`], what every answer type offers, and [`Solved`], the answer
//! any game may take.

use std::fmt;

use serde::Serialize;

use super::{Game, GameValue, Verdict};
use crate::Outcome;

/// What a game's answer type ([`Game::Solution`]) must offer: how it is built from the start
/// position's value and best first move, and who wins by it.
///
/// [`Solved`] implements it for every game; a game with an answer of its own (more fields,
/// other words) implements it for that type.
pub trait SolutionOf<G: Game>: Clone + fmt::Debug + PartialEq + Send + Sync + 'static {
    /// The answer for the start position's `value` (for the first player) and its best first
    /// move (`None` when the game is over before the first move).
    fn from_search(game: &G, value: G::Value, best_move: Option<G::Move>) -> Self;

    /// Who wins.
    fn outcome(&self) -> Outcome;

    /// The best first move the answer names, if any (for the default sentences of the
    /// views). `None` by default.
    fn best_move(&self) -> Option<G::Move> {
        None
    }
}

/// The answer of any game: who wins, the start's value for the first player and the best
/// first move. In JSON `{"outcome":"first","best_move":"take 1"}` (the move as
/// [`Game::show_move`] prints it), with `"margin"` for a scoring game.
///
/// ```
/// use gamesolve::{Game, Outcome, Solved, Verdict, core_types::SolutionOf};
///
/// #[derive(Clone, Debug)]
/// struct Pile(u32);
/// impl Game for Pile {
///     type Position = u32;
///     type Move = u32;
///     type Value = Verdict;
///     type Solution = Solved<Self>;
///     fn start(&self) -> u32 { self.0 }
///     fn terminal_value(&self, p: u32) -> Option<Verdict> { (p == 0).then_some(Verdict::Loss) }
///     fn moves(&self, p: u32) -> Vec<u32> { (1..=p.min(2)).collect() }
///     fn play(&self, p: u32, take: u32) -> u32 { p - take }
/// }
/// let answer = Pile(4).solution(Verdict::Win, Some(1));
/// assert_eq!(answer.outcome, Outcome::FirstPlayerWins);
/// assert_eq!(answer.best_move, Some(1));
/// assert_eq!(serde_json::to_string(&answer)?, r#"{"outcome":"first","best_move":"1"}"#);
/// # Ok::<(), serde_json::Error>(())
/// ```
pub struct Solved<G: Game> {
    /// Who wins under perfect play.
    pub outcome: Outcome,
    /// The start position's value for the first player.
    pub value: G::Value,
    /// The best first move (the first of equally good ones in [`Game::moves`] order); `None`
    /// when the game is over before the first move, and when the first player of a
    /// win/lose/draw game loses whatever they play (no move is better than another).
    pub best_move: Option<G::Move>,
    /// The best move as [`Game::show_move`] prints it at the start.
    pub best_move_shown: Option<String>,
}

impl<G: Game> SolutionOf<G> for Solved<G> {
    fn from_search(game: &G, value: G::Value, best_move: Option<G::Move>) -> Self {
        // No move is named when a win/lose/draw game is lost whatever the first player plays
        // (docs/JSON.md, as Can I Win); a scoring game names the move that loses by the least.
        let best_move =
            best_move.filter(|_| value.amount().is_some() || value.verdict() != Verdict::Loss);
        Solved {
            outcome: value.verdict().outcome_for_first(),
            value,
            best_move,
            best_move_shown: best_move.map(|mv| game.show_move(game.start(), mv)),
        }
    }

    fn outcome(&self) -> Outcome {
        self.outcome
    }

    fn best_move(&self) -> Option<G::Move> {
        self.best_move
    }
}

impl<G: Game> Clone for Solved<G> {
    fn clone(&self) -> Self {
        Solved {
            outcome: self.outcome,
            value: self.value,
            best_move: self.best_move,
            best_move_shown: self.best_move_shown.clone(),
        }
    }
}

impl<G: Game> PartialEq for Solved<G> {
    fn eq(&self, other: &Self) -> bool {
        (self.outcome, self.value, self.best_move) == (other.outcome, other.value, other.best_move)
    }
}

impl<G: Game> fmt::Debug for Solved<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solved")
            .field("outcome", &self.outcome)
            .field("value", &self.value)
            .field("best_move", &self.best_move)
            .finish_non_exhaustive()
    }
}

impl<G: Game> Serialize for Solved<G> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("outcome", &self.outcome)?;
        if let Some(margin) = self.value.amount() {
            map.serialize_entry("margin", &margin)?;
        }
        map.serialize_entry("best_move", &self.best_move_shown)?;
        map.end()
    }
}

/// A win/lose/draw game may answer with the first player's [`Verdict`] alone.
impl<G: Game<Value = Verdict>> SolutionOf<G> for Verdict {
    fn from_search(_game: &G, value: Verdict, _best_move: Option<G::Move>) -> Self {
        value
    }

    fn outcome(&self) -> Outcome {
        self.outcome_for_first()
    }
}
