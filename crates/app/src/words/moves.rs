//! The one rule for reading a move a person typed, in every game and every front end (`play`,
//! `analyze --moves`, `serve`'s `/api/play`), and the sentence that states it.
//!
//! A move is accepted, letter case and extra spaces aside:
//!
//! 1. as the listing shows it ([`Game::show_move`](gamesolve::Game::show_move): `take 3`,
//!    `left 5`, `mouse to 4`);
//! 2. in the game's short form ([`PlayWords::move_aliases`]: Predict the Winner's `l`, `left`,
//!    `r`, `right` and the value at that end; Can I Win's integer; Cat and Mouse's node to move
//!    to), when exactly one legal move has it;
//! 3. by its place in the listing, counting from 1: `#2`, or a bare `2` when whole numbers are
//!    not the game's short form ([`PlayWords::numbers_are_moves`]), so that a number never
//!    means two moves (a bare number that is one move's short form and another's place is
//!    refused as ambiguous). The listing is the legal moves in the game's order, or in the
//!    order last shown to the player ([`parse_move_in`]: `play`'s hint, best first).
//!
//! Reading costs one pass over the legal moves, each shown once: `O(m)` time and memory for
//! `m` legal moves.

use gamesolve::games::abbreviate;

use super::PlayWords;

/// At most this many moves are listed in a sentence; `…` stands for the rest.
const LISTED: usize = 20;

/// `text` as compared: trimmed, lower case, runs of spaces as one.
fn normal(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The move `text` names at `position` by the module's rule: the default move reader
/// of `play`, `analyze --moves` and `serve`'s `/api/play` for every game
/// ([`PlayWords::play_read_move`]).
///
/// ```
/// use gamesolve_app::words::parse_move;
/// use gamesolve::{CanIWin, Game, PredictTheWinner};
///
/// let game = CanIWin::new(4, 6)?;
/// let after_1 = game.play(game.start(), 1);
/// assert_eq!(parse_move(&game, after_1, "take 3"), Ok(3));
/// assert_eq!(parse_move(&game, after_1, "3"), Ok(3)); // the integer itself
/// assert_eq!(parse_move(&game, after_1, "#1"), Ok(2)); // the first move listed
/// assert!(parse_move(&game, after_1, "1").unwrap_err().contains("#1 to #3"));
///
/// let row = PredictTheWinner::new(vec![1, 5, 233, 7]);
/// let start = row.start();
/// assert_eq!(parse_move(&row, start, "R"), parse_move(&row, start, "2"));
/// assert_eq!(parse_move(&row, start, "left 1"), parse_move(&row, start, "l"));
/// assert_eq!(parse_move(&row, start, "7"), parse_move(&row, start, "right 7")); // a value
/// // `2` is the value at the left end and the second move listed (the right end).
/// let row = PredictTheWinner::new(vec![2, 9]);
/// assert!(parse_move(&row, row.start(), "2").unwrap_err().contains("ambiguous"));
/// # Ok::<(), gamesolve::Error>(())
/// ```
///
/// # Errors
///
/// A sentence naming the text (abbreviated), why it names no move when the game says
/// ([`PlayWords::why_not_a_move`]), and exactly what is accepted ([`accepted_moves`]).
pub fn parse_move<G: PlayWords>(
    game: &G,
    position: G::Position,
    text: &str,
) -> Result<G::Move, String> {
    parse_move_in(game, position, text, &game.moves(position))
}

/// [`parse_move`] with the places counted in `listing`, the legal moves at `position` in the
/// order last shown to the player (`play`'s hint lists them best first): `#1` is
/// `listing[0]`. The errors name the moves in that order too ([`accepted_moves_in`]).
///
/// ```
/// use gamesolve_app::words::parse_move_in;
/// use gamesolve::{CatAndMouse, Game};
///
/// let game = CatAndMouse::new(vec![vec![2, 5], vec![3], vec![0, 4, 5], vec![1, 4, 5],
///                                  vec![2, 3], vec![0, 2, 3]])?;
/// let after_3 = game.play(game.play(game.start(), 3), 5);
/// // The hint's order: mouse to 4, mouse to 1, mouse to 5.
/// let hint = [4, 1, 5];
/// assert_eq!(parse_move_in(&game, after_3, "#1", &hint), Ok(4));
/// assert_eq!(parse_move_in(&game, after_3, "1", &hint), Ok(1)); // the node itself
/// assert!(parse_move_in(&game, after_3, "#4", &hint).unwrap_err().contains("(#1 to #3)"));
/// # Ok::<(), gamesolve::Error>(())
/// ```
///
/// # Errors
///
/// As [`parse_move`]'s.
pub fn parse_move_in<G: PlayWords>(
    game: &G,
    position: G::Position,
    text: &str,
    listing: &[G::Move],
) -> Result<G::Move, String> {
    let wanted = normal(text);
    if let Some(&mv) = listing
        .iter()
        .find(|&&mv| normal(&game.show_move(position, mv)) == wanted)
    {
        return Ok(mv);
    }
    let by_alias: Vec<G::Move> = listing
        .iter()
        .copied()
        .filter(|&mv| {
            game.move_aliases(position, mv)
                .iter()
                .any(|alias| normal(alias) == wanted)
        })
        .collect();
    let place = match wanted.strip_prefix('#') {
        Some(digits) => Some(digits),
        None if !game.numbers_are_moves() => Some(wanted.as_str()),
        None => None,
    };
    let by_place = place
        .and_then(|digits| digits.trim().parse::<usize>().ok())
        .and_then(|number| number.checked_sub(1).and_then(|k| listing.get(k)).copied());
    match (by_alias.as_slice(), by_place) {
        // A bare number that is one move's short form (Predict the Winner's value at an
        // end) and another's place in the listing names two moves: say so, never guess.
        ([mv], Some(placed)) if *mv != placed && !wanted.starts_with('#') => {
            return Err(format!(
                "`{}` is ambiguous here: it names {} (its short form) and {} (#{wanted} in \
                 the listing); type `#{wanted}` for the place, or the move as listed",
                abbreviate(text.trim()),
                game.show_move(position, *mv),
                game.show_move(position, placed)
            ));
        }
        ([mv], _) => return Ok(*mv),
        ([], Some(mv)) => return Ok(mv),
        ([], None) => {}
        several => {
            let shown: Vec<String> = several
                .0
                .iter()
                .map(|&mv| game.show_move(position, mv))
                .collect();
            return Err(format!(
                "`{}` is ambiguous here: it names {}; type one as listed",
                abbreviate(text.trim()),
                shown.join(" and ")
            ));
        }
    }
    let why = game
        .why_not_a_move(position, &wanted)
        .unwrap_or_else(|| format!("`{}` is not a legal move here", abbreviate(text.trim())));
    Err(format!(
        "{why}: type {}",
        accepted_moves_in(game, position, listing)
    ))
}

/// What [`parse_move`] accepts at `position`, as a sentence to follow "type": the moves as
/// listed, their places in the listing and their short forms. `play`'s help, hint and
/// errors, `analyze --moves` and `/api/play` all say it.
///
/// ```
/// use gamesolve_app::words::accepted_moves;
/// use gamesolve::{Game, PredictTheWinner};
///
/// let row = PredictTheWinner::new(vec![1, 5, 233, 7]);
/// assert_eq!(
///     accepted_moves(&row, row.start()),
///     "a move as listed (left 1, right 7), its number in the listing (1 or 2), \
///      or its short form (l or left or 1, r or right or 7)"
/// );
/// ```
pub fn accepted_moves<G: PlayWords>(game: &G, position: G::Position) -> String {
    accepted_moves_in(game, position, &game.moves(position))
}

/// [`accepted_moves`] with the moves in the order of `listing` (the legal moves at
/// `position` as last shown: `play`'s hint lists them best first), so that the places it
/// names are `listing`'s.
pub fn accepted_moves_in<G: PlayWords>(
    game: &G,
    position: G::Position,
    listing: &[G::Move],
) -> String {
    let moves = listing;
    if moves.is_empty() {
        return "nothing: the game is over".to_owned();
    }
    let more = if moves.len() > LISTED { ", …" } else { "" };
    let listed: Vec<String> = moves
        .iter()
        .take(LISTED)
        .map(|&mv| game.show_move(position, mv))
        .collect();
    let n = moves.len();
    let places = match (game.numbers_are_moves(), n) {
        (true, 1) => "#1".to_owned(),
        (true, _) => format!("#1 to #{n}"),
        (false, 1) => "1".to_owned(),
        (false, 2) => "1 or 2".to_owned(),
        (false, _) => format!("1 to {n}"),
    };
    let aliases: Vec<String> = moves
        .iter()
        .take(LISTED)
        .map(|&mv| game.move_aliases(position, mv).join(" or "))
        .filter(|words| !words.is_empty())
        .collect();
    let listing = format!("a move as listed ({}{more})", listed.join(", "));
    if aliases.is_empty() {
        format!("{listing} or its number in the listing ({places})")
    } else {
        format!(
            "{listing}, its number in the listing ({places}), or its short form ({}{more})",
            aliases.join(", ")
        )
    }
}

/// Every word [`parse_move`] reads as a legal move at `position` except places in the
/// listing: the moves as listed and their short forms, in listing order, for completion.
pub fn move_words<G: PlayWords>(game: &G, position: G::Position) -> Vec<String> {
    let mut words = Vec::new();
    for mv in game.moves(position) {
        words.extend(game.move_aliases(position, mv));
        words.push(game.show_move(position, mv));
    }
    words
}
