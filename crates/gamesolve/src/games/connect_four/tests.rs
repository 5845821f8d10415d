#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use crate::games::{GameParams, ParamValue, Params};
use crate::GameValue;
#[cfg(feature = "memo")]
use crate::Outcome;

/// A plain-array board and a plain negamax with no bitboard, no memo and no move order: the
/// oracle the bitboard game is checked against on small boards.
#[derive(Clone)]
struct Plain {
    width: usize,
    height: usize,
    /// cells[c][r]: 0 empty, 1 first player, 2 second.
    cells: Vec<Vec<u8>>,
    played: usize,
}

impl Plain {
    fn new(width: usize, height: usize, moves: &str) -> Plain {
        let mut board = Plain {
            width,
            height,
            cells: vec![vec![0; height]; width],
            played: 0,
        };
        for ch in moves.chars() {
            board.drop_in(ch.to_digit(10).unwrap() as usize - 1);
        }
        board
    }

    fn drop_in(&mut self, c: usize) -> (usize, usize) {
        let r = self.cells[c].iter().position(|&v| v == 0).unwrap();
        self.cells[c][r] = (self.played % 2 + 1) as u8;
        self.played += 1;
        (c, r)
    }

    fn four_through(&self, c: usize, r: usize) -> bool {
        let who = self.cells[c][r];
        let at = |c: i64, r: i64| {
            c >= 0
                && r >= 0
                && (c as usize) < self.width
                && (r as usize) < self.height
                && self.cells[c as usize][r as usize] == who
        };
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dc, dr)| {
            let run = |sign: i64| {
                (1..4)
                    .take_while(|&k| at(c as i64 + sign * k * dc, r as i64 + sign * k * dr))
                    .count()
            };
            1 + run(1) + run(-1) >= 4
        })
    }

    /// The test sets' score for the player to move, by plain negamax.
    #[cfg_attr(not(all(feature = "memo", feature = "recursive")), allow(dead_code))]
    fn score(&self) -> i32 {
        let n = self.width * self.height;
        if self.played == n {
            return 0;
        }
        let mut best = i32::MIN;
        for c in 0..self.width {
            if self.cells[c][self.height - 1] != 0 {
                continue;
            }
            let mut next = self.clone();
            let (c, r) = next.drop_in(c);
            let value = if next.four_through(c, r) {
                ((n + 1 - self.played) / 2) as i32
            } else {
                -next.score()
            };
            best = best.max(value);
        }
        best
    }
}

#[cfg(feature = "memo")]
fn solve_with(name: &str, game: &ConnectFour) -> ConnectFourSolution {
    let choice: crate::BackendChoice = name.parse().unwrap();
    choice.solver::<ConnectFour>().unwrap().solve(game).unwrap()
}

#[test]
fn the_score_counts_the_stones_left_plus_one() {
    let game = ConnectFour::new(7, 6, "").unwrap();
    // The first player's 4th stone is move 7, the second's 4th move 8: 22 − 4 = 18 both.
    assert_eq!((game.win_score(7), game.win_score(8)), (18, 18));
    // The last stones: the first player's 21st is move 41, the second's 21st move 42.
    assert_eq!((game.win_score(41), game.win_score(42)), (1, 1));
    // 5 × 5: the first player owns 13 stones, the second 12.
    let odd = ConnectFour::new(5, 5, "").unwrap();
    assert_eq!((odd.win_score(7), odd.win_score(8)), (10, 9));
    assert_eq!((odd.win_score(25), odd.win_score(24)), (1, 1));
}

/// `canonical_table_key` (the key mirrored as one word) agrees with the default it stands
/// for, the key of `canonical`'s representative, on every board size and on random games to
/// their end: height 8 takes the per-column mirror, the others the three swaps.
#[test]
fn the_mirrored_key_is_the_key_of_the_mirror_image() {
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut checked = 0;
    for width in 4..=8 {
        for height in 4..=8 {
            let Ok(game) = ConnectFour::new(width, height, "") else {
                continue;
            };
            for _ in 0..20 {
                let mut p = game.start();
                loop {
                    let canonical = game.canonical(p);
                    let expected = game.table_key(canonical).map(|key| (key, canonical != p));
                    assert_eq!(
                        game.canonical_table_key(p),
                        expected,
                        "{width}x{height} {p:?}"
                    );
                    checked += 1;
                    let moves = game.moves(p);
                    if moves.is_empty() || game.terminal_value(p).is_some() {
                        break;
                    }
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    p = game.play(p, moves[(seed >> 33) as usize % moves.len()]);
                }
            }
        }
    }
    assert!(checked > 5_000, "{checked} positions");
}

#[test]
fn four_in_every_direction_ends_the_game() {
    // Across (X: 1 2 3 4 on the bottom row), up (X: column 1 four times), both diagonals.
    for (moves, played) in [
        ("1122334", 7),
        ("1212121", 7),
        ("12233434544", 11),
        ("76655454344", 11),
    ] {
        let game = ConnectFour::new(7, 6, moves).unwrap();
        let start = game.start();
        assert_eq!(start.moves_played(), played, "{moves}");
        let expected = ConnectFourScore(-game.win_score(played));
        assert_eq!(game.terminal_value(start), Some(expected), "{moves}");
        let plain = Plain::new(7, 6, moves);
        let (c, r) = {
            let c = moves.chars().last().unwrap().to_digit(10).unwrap() as usize - 1;
            let r = plain.cells[c].iter().rposition(|&v| v != 0).unwrap();
            (c, r)
        };
        assert!(plain.four_through(c, r), "{moves}");
    }
    // Four in a bit row across a column's top (X on column 1's two top cells and column 2's
    // two bottom ones) is no win: the empty sentinel bit breaks it.
    let game = ConnectFour::new(4, 4, "2121131").unwrap();
    assert_eq!(game.terminal_value(game.start()), None);
    let game = ConnectFour::new(4, 4, "1112222").unwrap();
    assert_eq!(game.terminal_value(game.start()), None);
}

#[test]
fn bad_parameters_say_what_and_why() {
    let message = |w, h, moves| ConnectFour::new(w, h, moves).unwrap_err().to_string();
    assert_eq!(
        message(3, 6, ""),
        "width = 3 is out of range: it must be a whole number in 4..=8"
    );
    assert!(message(8, 8, "").contains("width × (height + 1) = 72 must be at most 64"));
    assert_eq!(
        message(7, 6, "44a"),
        "played = `44a`: move #3 (at index 2) = `a` is not a column: the moves are digits \
         1..=7, one per stone, the columns counted from 1 at the left"
    );
    assert!(message(7, 6, "48").contains("move #2 (at index 1) = column 8 is out of range"));
    assert!(message(7, 6, "40").contains("column 0 is out of range: the columns are 1..=7"));
    assert!(message(7, 6, "4444444")
        .contains("move #7 (at index 6) = column 4 is full: it holds 6 stones already"));
    assert!(message(7, 6, "12121212").contains(
        "move #8 (at index 7) = column 2 comes after the game is over: move #7 made four"
    ));
    let params = Params::new()
        .with("width", ParamValue::Text("9".into()))
        .with("height", ParamValue::Text("6".into()));
    assert!(ConnectFour::from_params(&params)
        .unwrap_err()
        .to_string()
        .contains("width = 9 is out of range"));
}

#[test]
fn parameters_round_trip() {
    let game = ConnectFour::new(6, 5, " 3344 ").unwrap();
    assert_eq!(game.moves_word(), "3344");
    assert_eq!(ConnectFour::from_params(&game.params()).unwrap(), game);
    let no_moves = Params::new()
        .with("width", ParamValue::Text("4".into()))
        .with("height", ParamValue::Text("4".into()));
    assert_eq!(ConnectFour::from_params(&no_moves).unwrap().start().mask, 0);
}

#[test]
fn positions_show_the_board() {
    let game = ConnectFour::new(4, 4, "2232").unwrap();
    assert_eq!(game.show_position(game.start()), "..../.O../.O../.XX.");
    assert_eq!(
        game.board_text(game.start()),
        "|.|.|.|.|\n|.|O|.|.|\n|.|O|.|.|\n|.|X|X|.|\n 1 2 3 4"
    );
    assert_eq!(game.show_move(game.start(), 0), "1");
}

// The searches by name need their backends (a `reduction`-only build has none for the game).
#[cfg(feature = "memo")]
#[test]
fn the_4x4_board_is_a_draw() {
    let game = ConnectFour::new(4, 4, "").unwrap();
    for variant in ["memo/alpha-beta", "memo/hash-map"] {
        let answer = solve_with(variant, &game);
        assert_eq!(
            (answer.outcome, answer.score),
            (Outcome::Draw, 0),
            "{variant}"
        );
    }
}

#[cfg(feature = "memo")]
#[test]
fn a_win_next_move_scores_the_tutorial_formula() {
    // X has 4 4 4 in column 4 and is to move with 6 stones played: (42 + 1 − 6) / 2 = 18.
    let game = ConnectFour::new(7, 6, "414243").unwrap();
    let answer = solve_with("memo/alpha-beta", &game);
    assert_eq!((answer.score, answer.best_move), (18, Some(4)));
    assert_eq!(answer.outcome, Outcome::FirstPlayerWins);
}

/// Random positions of small boards: alpha-beta, the bounded table, the hash map and plain
/// recursion give the plain negamax's score, and their best move scores it; the game's hooks
/// for the bounded table (the mirror image, the win at once, the score bounds) hold there.
#[cfg(all(feature = "memo", feature = "recursive"))]
#[test]
fn every_search_agrees_with_plain_negamax() {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = |below: u32| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % u64::from(below)) as u32
    };
    let mut checked = 0;
    for (width, height, played) in [(4, 4, 6), (5, 4, 10), (4, 5, 9), (5, 4, 12), (6, 4, 14)] {
        for _ in 0..6 {
            let mut moves = String::new();
            let mut plain = Plain::new(width, height, "");
            while moves.len() < played {
                let c = next(width as u32) as usize;
                if plain.cells[c][height - 1] != 0 {
                    continue;
                }
                let (c, r) = plain.drop_in(c);
                moves.push(char::from_digit(c as u32 + 1, 10).unwrap());
                if plain.four_through(c, r) {
                    break;
                }
            }
            let game = ConnectFour::new(width as u32, height as u32, &moves).unwrap();
            if game.terminal_value(game.start()).is_some() {
                continue;
            }
            let expected = plain.score();
            check_hooks(&game, expected);
            for variant in [
                "memo/alpha-beta",
                "memo/bounded",
                "memo/hash-map",
                "recursive/negamax",
            ] {
                let answer = solve_with(variant, &game);
                assert_eq!(answer.score, expected, "{variant} {width}x{height} {moves}");
                let best = answer.best_move.unwrap();
                let mut after = plain.clone();
                let (c, r) = after.drop_in(best as usize - 1);
                let n = (width * height) as i32;
                let got = if after.four_through(c, r) {
                    (n + 1 - plain.played as i32) / 2
                } else {
                    -after.score()
                };
                assert_eq!(got, expected, "{variant} best move {best} {moves}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} positions were still open");
}

#[test]
fn the_search_order_keeps_a_best_move() {
    // X to move can win at once in column 4 (and 1): only one winning move is listed.
    let game = ConnectFour::new(7, 6, "414243").unwrap();
    let mut out = Vec::new();
    game.search_moves_into(game.start(), &mut out);
    assert_eq!(out, [3]);
    // O to move must block column 4.
    let game = ConnectFour::new(7, 6, "41424").unwrap();
    game.search_moves_into(game.start(), &mut out);
    assert_eq!(out, [3]);
    // The centre first on an open board.
    let game = ConnectFour::new(7, 6, "").unwrap();
    game.search_moves_into(game.start(), &mut out);
    assert_eq!(out, [3, 2, 4, 1, 5, 0, 6]);
    assert_eq!(ConnectFourScore(3).negate(), ConnectFourScore(-3));
}

/// The hooks of `memo/bounded` at `game`'s start, whose score is `expected`: the mirror image
/// is the same class and scores the same, a win at once scores the tutorial's formula, the
/// bounds hold the score.
#[cfg(all(feature = "memo", feature = "recursive"))]
fn check_hooks(game: &ConnectFour, expected: i32) {
    let start = game.start();
    let canonical = game.canonical(start);
    assert_eq!(game.canonical(canonical), canonical);
    let mirror = ConnectFourPosition {
        current: game.shape.mirror(start.current),
        mask: game.shape.mirror(start.mask),
    };
    assert_eq!(game.canonical(mirror), canonical);
    assert_eq!(game.shape.mirror(mirror.mask), start.mask);
    assert_eq!(game.table_key(start), Some(start.current + start.mask));
    let n = start.moves_played();
    match game.winning_move_now(start) {
        Some(c) => {
            assert_eq!(expected, game.win_score(n + 1), "{}", game.moves_word());
            assert!(game.terminal_value(game.play(start, c)).is_some());
        }
        None => {
            let (lower, upper) = game.value_bounds(start).unwrap();
            assert!(
                lower.0 <= expected && expected <= upper.0,
                "{}: {expected} not in {lower}..={upper}",
                game.moves_word()
            );
        }
    }
}

/// `memo/bounded` with a table of 256 entries, far fewer than the positions searched: the
/// test sets' scores still, on a sample of `L3_R1` and `L2_R1` (the hooks of the game on, the
/// table replacing entries all the time).
#[cfg(feature = "memo")]
#[test]
fn a_tiny_bounded_table_gives_exact_scores() {
    use crate::backends::solver_memo::bounded::Bounded;
    use crate::core_types::Solver;
    let root = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/connect_four/"
    );
    let mut solver = Bounded::new().with_table_entries(256);
    let mut checked = 0;
    for (set, sample) in [("L3_R1", 40), ("L2_R1", 40)] {
        let text = std::fs::read_to_string(format!("{root}{set}.txt")).unwrap();
        for line in text.lines().take(sample) {
            let (moves, score) = line.split_once(' ').unwrap();
            let game = ConnectFour::new(7, 6, moves).unwrap();
            let (answer, stats) = solver.solve_with_stats(&game).unwrap();
            assert_eq!(answer.score, score.parse::<i32>().unwrap(), "{set} {moves}");
            assert!(
                stats.table_cells == 256 || stats.table_cells == 0,
                "{stats:?}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 80);
}

/// `value_between` names a score inside every range (`low < g <= high`), none in an empty one,
/// and leans towards 0 as the tutorial's midpoint does.
#[test]
fn value_between_bisects_leaning_to_zero() {
    let game = ConnectFour::new(7, 6, "").unwrap();
    for low in -21..=21 {
        for high in -21..=21 {
            let g = game.value_between(ConnectFourScore(low), ConnectFourScore(high));
            if low >= high {
                assert_eq!(g, None);
            } else {
                let g = g.unwrap().0;
                assert!(low < g && g <= high, "{low}..={high}: {g}");
            }
        }
    }
    // -18..=18: the midpoint 0 moves to half the low end, "more than -9?"; 0..=18: "more
    // than 9?".
    let between = |l, h| game.value_between(ConnectFourScore(l), ConnectFourScore(h));
    assert_eq!(between(-18, 18), Some(ConnectFourScore(-8)));
    assert_eq!(between(0, 18), Some(ConnectFourScore(10)));
    assert_eq!(between(-18, 0), Some(ConnectFourScore(-8)));
}
