//! The one trait of a command's handler: what a command does with a game, generic over the
//! game's type. A game of the table reaches a handler through the closed enum of every
//! handler, [`crate::any_game::Visitor`].

use super::report::CliGame;

/// One command's work on a game, whichever game it is: a command's handler (a value holding
/// the command's arguments), given the game with its type.
pub(crate) trait Visit {
    /// What the command makes of the game.
    type Output;
    /// Does it for `game`.
    fn with<G: CliGame>(&mut self, game: &G) -> Self::Output;
}
