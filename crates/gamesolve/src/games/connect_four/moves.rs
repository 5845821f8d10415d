//! Reading Connect Four's `played` word: the columns played from the empty board.

use super::board::{ConnectFourPosition, Shape};
use crate::games::{abbreviate, rule};
use crate::Error;

/// The position the columns `moves` (1-based digits, as the public test sets write them)
/// reach from the empty board of `shape`.
///
/// # Complexity
///
/// `O(len)` time, no memory beyond the position.
///
/// # Errors
///
/// [`Error::InvalidParameter`] naming the move by its number (from 1) and index (from 0):
/// a character that is not a digit, a column out of `1..=width`, a full column, or a move
/// after a move that made four in a line.
pub(crate) fn replay(shape: Shape, moves: &str) -> Result<ConnectFourPosition, Error> {
    let mut p = ConnectFourPosition {
        current: 0,
        mask: 0,
    };
    let width = shape.width;
    for (index, ch) in moves.chars().enumerate() {
        let number = index + 1;
        // Written only for an error: a batch of positions plays thousands of moves.
        let at = || {
            let shown = abbreviate(moves);
            format!("played = `{shown}`: move #{number} (at index {index})")
        };
        let bad = |sentence| rule("played", moves, sentence);
        let Some(column) = ch.to_digit(10) else {
            return Err(bad(format!(
                "{} = `{ch}` is not a column: the moves are digits 1..={width}, one per \
                 stone, the columns counted from 1 at the left",
                at()
            )));
        };
        if !(1..=width).contains(&column) {
            return Err(bad(format!(
                "{} = column {column} is out of range: the columns are 1..={width}",
                at()
            )));
        }
        if shape.has_four(p.opponent()) {
            return Err(bad(format!(
                "{} = column {column} comes after the game is over: move #{index} made four \
                 in a line",
                at()
            )));
        }
        let c = column - 1;
        if !shape.can_play(p, c) {
            return Err(bad(format!(
                "{} = column {column} is full: it holds {} stones already",
                at(),
                shape.height
            )));
        }
        p = shape.play(p, c);
    }
    Ok(p)
}
