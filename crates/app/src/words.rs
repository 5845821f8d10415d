//! The words of `play` (the terminal's and `serve`'s `/api/play`), how a typed move is read
//! (`play`, `analyze --moves`, `/api/play`), the flags of `analyze` that name a position in a
//! game's own terms (`--used 3,7`), when a solve shows a progress spinner, `explain`'s legend
//! and the growth chart's axis: the
//! front ends' side of a game, kept apart from
//! the game's description in the library ([`TableGame`]: its name, parameters, how a position
//! and a move are shown, its answer).
//!
//! Every item of [`PlayWords`] has a default, so a game of the table that wants no words of
//! its own writes `impl PlayWords for MyGame {}`; the built-in games' words are in this
//! module's files, one per game.

mod can_i_win;
mod cat_and_mouse;
mod connect_four;
mod moves;
mod predict_the_winner;

pub use moves::{accepted_moves, accepted_moves_in, move_words, parse_move, parse_move_in};

use gamesolve::analysis::Player;
use gamesolve::games::growth::first_integer_param;
use gamesolve::games::TableGame;
use gamesolve::owned::{Interned, OwnedTableGame};
use gamesolve::{Backend, Error, Verdict};
use serde::Serialize;

/// A flag of `analyze` naming a position of one game in its own terms
/// ([`PlayWords::position_flags`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PositionFlag {
    /// The flag's name, `--` and this with `_` written `-` (`taken_left`: `--taken-left`);
    /// [`PlayWords::position_from_flags`] receives its words under this name.
    pub name: &'static str,
    /// The value's name in `--help`: `NUMBERS`, `K`.
    pub value_name: &'static str,
    /// Whether it takes a comma-separated list (`--used 3,7`), else one whole number (a
    /// count, `--taken-left 2`: front ends check it as they check every count).
    pub list: bool,
    /// Its line in `--help`.
    pub help: &'static str,
}

/// What the app's front ends say of a game of the table and how they read a move typed for
/// it: `play`'s intro, board, phrasing and result, and the reading of a move (its short forms,
/// why a word names no move). Every item has a default, in the words of
/// [`Game::show_position`] and [`Game::show_move`]; a game overrides what it wants to say its
/// own way (Can I Win's "You take 6: total 6 of 12").
///
/// [`GameTable::with`](crate::GameTable::with) takes a game with these words; a game that
/// keeps every default writes `impl PlayWords for MyGame {}` (see the workspace's
/// `examples/subtraction_game.rs`).
///
/// [`Game::show_position`]: gamesolve::Game::show_position
/// [`Game::show_move`]: gamesolve::Game::show_move
///
/// ```
/// use gamesolve::{CanIWin, Game};
/// use gamesolve_app::PlayWords;
///
/// let game = CanIWin::new(4, 6)?;
/// assert_eq!(game.play_verbs(), ["take", "takes", "took"]);
/// assert_eq!(game.play_read_move(game.start(), "3"), Ok(3));
/// # Ok::<(), gamesolve::Error>(())
/// ```
pub trait PlayWords: TableGame {
    /// `play`: the game and its rules, shown first. By default the title,
    /// [`Game::describe`](gamesolve::Game::describe) and the rules of the game's row.
    fn play_intro(&self) -> String {
        let info = Self::info();
        format!(
            "{} against a perfect opponent: {}\n{}",
            info.title,
            self.describe(),
            info.rules
        )
    }

    /// `play`: the board at `position`, with `scores` (the human's, the computer's) for a
    /// scoring game. By default [`Game::show_position`] and the scores.
    ///
    /// [`Game::show_position`]: gamesolve::Game::show_position
    fn play_board(&self, position: Self::Position, scores: Option<(i128, i128)>) -> String {
        let board = self.show_position(position);
        match scores {
            Some((you, computer)) => format!("{board}   score: you {you}, computer {computer}"),
            None => board,
        }
    }

    /// `play`: what is said after a move that led to `position` ("total 6 of 12"). The board
    /// by default.
    fn play_after_move(&self, position: Self::Position, scores: Option<(i128, i128)>) -> String {
        self.play_board(position, scores)
    }

    /// `play`: what the player may type at `position`, after "type". By default
    /// [`accepted_moves`]: the one rule of [`parse_move`] in words.
    fn play_move_help(&self, position: Self::Position) -> String {
        accepted_moves(self, position)
    }

    /// `play`, `analyze --moves` and `serve`'s `/api/play`: the move `text` names at
    /// `position`, or a sentence saying why it names none. By default [`parse_move`], the one
    /// rule for every game: the move as listed, its short form ([`PlayWords::move_aliases`]),
    /// or its place in the listing.
    ///
    /// # Errors
    ///
    /// A sentence naming the text and what is accepted.
    fn play_read_move(&self, position: Self::Position, text: &str) -> Result<Self::Move, String> {
        parse_move(self, position, text)
    }

    /// The moves one word of `analyze --moves` names, each as [`PlayWords::play_read_move`]
    /// reads it: the word itself by default; Connect Four splits the columns of a test set's
    /// line (`4453` is four moves, as its `moves` parameter writes them).
    fn split_moves(&self, word: &str) -> Vec<String> {
        vec![word.to_owned()]
    }

    /// The game's short forms of `mv` at `position`, besides what
    /// [`Game::show_move`](gamesolve::Game::show_move) prints, read by [`parse_move`] when only
    /// one legal move has them: Predict the Winner's `l` and `left`, Can I Win's integer, Cat
    /// and Mouse's node. None by default.
    fn move_aliases(&self, position: Self::Position, mv: Self::Move) -> Vec<String> {
        let _ = (position, mv);
        Vec::new()
    }

    /// Whether whole numbers are the game's short forms of its moves (Can I Win's integers,
    /// Cat and Mouse's nodes): a bare number then never means a place in the listing, which
    /// is written `#2` instead. `false` by default (`2` and `#2` are the second move listed).
    fn numbers_are_moves(&self) -> bool {
        false
    }

    /// Why `text` (trimmed, in lower case) names no legal move at `position`, in the game's
    /// own terms ("5 is already taken"), when the game can say more than "not a legal move
    /// here"; [`parse_move`] follows it with what is accepted. `None` by default.
    fn why_not_a_move(&self, position: Self::Position, text: &str) -> Option<String> {
        let _ = (position, text);
        None
    }

    /// `play`: a move in words, after the verb ("You take 6", "Computer plays take 1").
    /// [`Game::show_move`](gamesolve::Game::show_move) by default.
    fn play_move_words(&self, position: Self::Position, mv: Self::Move) -> String {
        self.show_move(position, mv)
    }

    /// `play`: what `player` is called after "You are the": `first player` and `second
    /// player` by default (Cat and Mouse: `Mouse` and `Cat`).
    fn play_player(&self, player: Player) -> String {
        player.to_string()
    }

    /// `play`: how a move is said after "You", "Computer" and "you" in the review:
    /// `["play", "plays", "played"]` by default.
    fn play_verbs(&self) -> [&'static str; 3] {
        ["play", "plays", "played"]
    }

    /// `play`: the result of the finished game at `position`, for the human: `verdict` says
    /// whether they won, lost or drew, `scores` (the human's, the computer's) are a scoring
    /// game's final scores. By default "You win.", "The computer wins.", "A draw.", with the
    /// scores when there are some.
    fn play_result(
        &self,
        position: Self::Position,
        verdict: Verdict,
        scores: Option<(i128, i128)>,
    ) -> String {
        let _ = position;
        match (verdict, scores) {
            (Verdict::Win, None) => "You win.".to_owned(),
            (Verdict::Loss, None) => "The computer wins.".to_owned(),
            (Verdict::Draw, None) => "A draw.".to_owned(),
            (Verdict::Win, Some((you, computer))) => {
                format!("You win {you} to {computer}, by {}.", you - computer)
            }
            (Verdict::Loss, Some((you, computer))) => format!(
                "The computer wins {computer} to {you}, by {}.",
                computer - you
            ),
            (Verdict::Draw, Some((you, computer))) => format!("A draw, {you} to {computer}."),
        }
    }

    /// `analyze`: the flags that name a position of this game in its own terms, besides the
    /// moves from the start that every game takes (`--moves`): Can I Win's `--used 3,7`.
    /// None by default.
    fn position_flags() -> &'static [PositionFlag] {
        &[]
    }

    /// `analyze`: the position the [`PlayWords::position_flags`] name, and the moves made to
    /// reach it, from the words given for each flag (by the flag's `name`; flags not given are
    /// absent). `None` (the default) when none was given: the start, or `--moves`.
    ///
    /// # Errors
    ///
    /// An invalid-input [`Error`] naming the value and what is allowed.
    fn position_from_flags(
        &self,
        flags: &[(&'static str, Vec<String>)],
    ) -> Result<Option<(Self::Position, usize)>, Error> {
        let _ = flags;
        Ok(None)
    }

    /// Whether solving with `backend` may take long enough (a tenth of a second or more) for
    /// the command line to show a progress spinner (`solve`, `analyze`, `explain`). `false`
    /// by default.
    fn is_big(&self, backend: Backend) -> bool {
        let _ = backend;
        false
    }

    /// What the call tree of `backend`/`variant` leaves out, for `explain`'s legend: empty (the
    /// default) or starting with `"; "` ("; the moves that reach T at once make no call").
    fn calls_skipped(&self, backend: &str, variant: &str) -> &'static str {
        let _ = (backend, variant);
        ""
    }

    /// The name of [`TableGame::growth`]'s size axis, for the charts and tables of `gamesolve
    /// growth` and `serve`'s `/api/growth`: "n (largest integer)", "length (values in the
    /// row)". By default the name of the first whole-number parameter (the one the default
    /// family varies), else `"size"`.
    const GROWTH_AXIS: &'static str = match first_integer_param(Self::PARAMS) {
        Some(param) => param.name,
        None => "size",
    };

    /// How [`TableGame::growth`] builds its games, in a few words ("pools 1..=n, total
    /// ⌈3/4 of 1+…+n⌉"), so a chart or a table of the growth says what was solved. By
    /// default the default family's rule, for a game that has one.
    const GROWTH_FAMILY: &'static str = if Self::GROWTH {
        "the first whole-number parameter at sizes about √2 apart, up to this game's; the \
         other parameters as given"
    } else {
        ""
    };

    /// `serve`'s `/api/play`: the move made at `position` as JSON, as the request gives it back
    /// (read again at the same position by [`PlayWords::play_read_move`]). By default the move
    /// as the game shows it (a number would be read as the move's place in the listing).
    fn play_move_json(&self, position: Self::Position, mv: Self::Move) -> serde_json::Value {
        serde_json::Value::from(self.show_move(position, mv))
    }
}

/// A game of `gamesolve::owned` ([`Interned`]) takes every default: its type is the wrapper's,
/// so its own words would be impls on a foreign type.
impl<G: OwnedTableGame> PlayWords for Interned<G> {}
