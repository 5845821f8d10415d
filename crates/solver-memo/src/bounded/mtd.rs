//! The root of `memo/bounded`: the value by MTD(f)'s null-window tests, then the best first
//! move in the game's order (see the [module docs](super#the-search)).

use core_types::{Error, Game, Recorder};

use super::search::{Cut, Searcher};
use super::table::{Keying, Store};

/// The most moves of the line played to find MTD(f)'s first guess.
const GUESS_LINE: usize = 4096;

/// The value of one line of play from `start`: the first move of the game's search order at
/// each position, up to [`GUESS_LINE`] moves (`None` when the line does not end by then).
fn line_value<G: Game>(game: &G, start: G::Position) -> Option<G::Value> {
    let mut line = Vec::new();
    let mut moves = Vec::new();
    let mut position = start;
    let end = loop {
        if let Some(value) = game.terminal_value(position) {
            break value;
        }
        if line.len() == GUESS_LINE {
            return None;
        }
        game.search_moves_into(position, &mut moves);
        let mv = *moves.first()?;
        line.push((position, mv));
        position = game.play(position, mv);
    };
    Some(
        line.iter()
            .rev()
            .fold(end, |reply, &(p, mv)| game.move_value(p, mv, reply)),
    )
}

/// The value of `start` (not over) by MTD(f): null-window tests from a first guess until the
/// bounds meet. Each test moves a bound strictly (a fail-soft search's result is a true
/// bound), so the tests end. Where the game knows bounds on the start's value
/// ([`Game::value_bounds`]) and names a value between two ([`Game::value_between`]), each
/// test is at the value it names inside the range still open (a bisection), and the first
/// guess is not needed.
pub(crate) fn mtd_f<G: Game, K: Keying<G>, R: Recorder<G>, S: Store<K::Key, G::Value>>(
    searcher: &mut Searcher<'_, G, K, R, S>,
    start: G::Position,
) -> Result<G::Value, Error> {
    mtd_f_with(searcher, start, |searcher, low, high| {
        searcher.value(start, low, high, 1)
    })
}

/// [`mtd_f`] with each test of the start made by `test`.
pub(crate) fn mtd_f_with<'a, G: Game, K: Keying<G>, R: Recorder<G>, S: Store<K::Key, G::Value>>(
    searcher: &mut Searcher<'a, G, K, R, S>,
    start: G::Position,
    mut test: impl FnMut(
        &mut Searcher<'a, G, K, R, S>,
        Option<Cut<G::Value>>,
        Option<Cut<G::Value>>,
    ) -> Result<G::Value, Error>,
) -> Result<G::Value, Error> {
    use core_types::GameValue as _;
    let game = searcher.game;
    // The range the value lies in, as the game's bounds and then the tests tell.
    let (mut low, mut high) = match game.winning_move_now(start) {
        Some(_) => (None, None),
        None => game
            .value_bounds(start)
            .map_or((None, None), |(l, h)| (Some(l), Some(h))),
    };
    let between = |low: Option<G::Value>, high: Option<G::Value>| {
        let (l, h) = (low?, high?);
        game.value_between(l, h)
            .filter(|g| l < *g && *g <= h)
            .map(Cut::below)
    };
    if let (Some(l), Some(h)) = (low, high) {
        if l == h {
            return Ok(l);
        }
    }
    let mut cut = match between(low, high) {
        Some(cut) => cut,
        None => match line_value(game, start) {
            Some(guess) => Cut::below(guess),
            // No guess: one search with an open window.
            None => return test(searcher, None, None),
        },
    };
    let (mut lower, mut upper) = (None, None);
    loop {
        let value = test(searcher, Some(cut), Some(cut))?;
        // Each test moves a bound strictly, unless the game's values break the order the
        // search assumes (a `move_value` that is not non-increasing): refused, not looped on.
        let narrows = if cut.under(&value) {
            lower.is_none_or(|l| value > l) && upper.is_none_or(|u| value <= u)
        } else {
            upper.is_none_or(|u| value < u) && lower.is_none_or(|l| value >= l)
        };
        if !narrows {
            return Err(Error::Inconsistent {
                game: G::NAME,
                position: game.show_position(start),
            });
        }
        if cut.under(&value) {
            lower = Some(value);
            low = Some(low.map_or(value, |l| l.max(value)));
            if value.is_best_possible() || upper == Some(value) || high == Some(value) {
                return Ok(value);
            }
            cut = Cut::above(value);
        } else {
            upper = Some(value);
            high = Some(high.map_or(value, |h| h.min(value)));
            if value.negate().is_best_possible() || lower == Some(value) || low == Some(value) {
                return Ok(value);
            }
            cut = Cut::below(value);
        }
        if let Some(bisect) = between(low, high) {
            cut = bisect;
        }
    }
}

/// The first move of `start` in the game's order whose value reaches `value` (the start's):
/// each tested with a null window.
pub(super) fn first_best_move<G: Game, K: Keying<G>, R: Recorder<G>, S: Store<K::Key, G::Value>>(
    searcher: &mut Searcher<'_, G, K, R, S>,
    start: G::Position,
    value: G::Value,
) -> Result<G::Move, Error> {
    let game = searcher.game;
    let target = Cut::below(value);
    let over_after = game.terminal_values_after(start);
    let moves = game.moves(start);
    for &mv in &moves {
        let child = game.play(start, mv);
        let reply = match over_after(mv, child) {
            Some(over) => over,
            None => {
                let cut = searcher.reply_cut(start, mv, Some(target));
                searcher.value(child, cut, cut, 2)?
            }
        };
        if target.under(&game.move_value(start, mv, reply)) {
            return Ok(mv);
        }
    }
    Err(if moves.is_empty() {
        Error::NoMoves {
            game: G::NAME,
            position: game.show_position(start),
        }
    } else {
        // The value came from these moves: none reaching it means they changed.
        Error::Inconsistent {
            game: G::NAME,
            position: game.show_position(start),
        }
    })
}
