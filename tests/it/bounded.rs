//! `memo/bounded` with a table of a few hundred entries (and of two, one bucket, on the small
//! games), on one thread and on two sharing the table, gives exactly `memo/hash-map`'s answers: values, margins and the first best move, on
//! the examples' games (the subtraction game, Stone Game II), the peer bench's (tic-tac-toe,
//! with and without its hooks, Domineering up to 4x4 and 3x5), the bench's Domineering and the
//! built-in games. The conformance suite runs it over `tests/data/` through the registry.
#![allow(clippy::unwrap_used)]

use std::fmt::Debug;

use gamesolve::backends::solver_memo::bounded::Bounded;
use gamesolve::backends::solver_memo::hash_map::HashMemo;
use gamesolve::{core_types::Solver, CanIWin, ConnectFour, Game, PredictTheWinner};
use gamesolve_peers::domineering::Domineering;
use gamesolve_peers::hooks::Hooks;
use gamesolve_peers::tic_tac_toe::TicTacToe;

use crate::stone_game_example::StoneGameII;
use crate::subtraction_example::Subtraction;

/// `game` solved with each table size of `sizes` agrees with the plain memo.
fn agree<G: Game>(game: &G, sizes: &[u64])
where
    G::Solution: PartialEq + Debug,
{
    let expected = HashMemo::new().solve(game).unwrap();
    for &entries in sizes {
        // Two or three threads share the table where the game gives a table key (else one
        // searches); three on two cores interleave differently.
        for threads in [1, 2, 3] {
            let answer = Bounded::new()
                .with_table_entries(entries)
                .with_threads(threads)
                .with_helpers_after(0)
                .solve(game)
                .unwrap();
            assert_eq!(
                answer,
                expected,
                "{} with {entries} entries, {threads} threads",
                game.describe()
            );
        }
    }
}

#[test]
fn the_examples_games_agree_with_the_hash_map() {
    // With one bucket the search is close to alpha-beta without memory: exponential in the
    // pile, so two entries on the small piles only.
    for stones in 0..=80 {
        let sizes: &[u64] = if stones <= 16 { &[2, 256] } else { &[256] };
        agree(&Subtraction { stones }, sizes);
    }
    let mut seed = 0x9e37_79b9_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut rows = vec![vec![2, 7, 9, 4, 4], vec![1, 2, 3, 4, 5, 100], vec![]];
    for len in 1..=12 {
        rows.push((0..len).map(|_| (next() % 12) as i64 - 2).collect());
    }
    for piles in rows {
        let sizes: &[u64] = if piles.len() <= 7 { &[2, 256] } else { &[256] };
        agree(&StoneGameII { piles }, sizes);
    }
}

#[test]
fn the_peer_games_agree_with_the_hash_map() {
    agree(&TicTacToe, &[2, 256]);
    agree(&Hooks::<_, false, false, false>(TicTacToe), &[2, 256]);
    agree(&Hooks::<_, true, false, false>(TicTacToe), &[256]);
    agree(&Hooks::<_, false, true, false>(TicTacToe), &[256]);
    agree(&Hooks::<_, false, false, true>(TicTacToe), &[256]);
    agree(&Domineering::<4, 4>, &[256]);
    agree(&Domineering::<3, 5>, &[256]);
    // 5x5 (455,317 positions) with a table of 256 is close to alpha-beta without memory:
    // far too long for a test; the hooks bench checks it with 2^14 entries.
    agree(&crate::domineering_game::Domineering::new(3, 4), &[2, 256]);
}

#[test]
fn the_built_in_games_agree_with_the_hash_map() {
    for (n, t) in [(10, 11), (10, 40), (12, 40), (12, 50), (20, 210), (20, 211)] {
        agree(&CanIWin::new(n, t).unwrap(), &[256]);
    }
    agree(
        &PredictTheWinner::new((0..40).map(|i| (i * 7919 % 101) as i64).collect()),
        &[256],
    );
    agree(&PredictTheWinner::new(vec![1, 5, 233, 7]), &[2]);
}

/// Connect Four on small boards, threads sharing the table from the first position (its
/// moves put off while another thread searches them, ABDADA): the one-thread answers (score
/// and first best move) with a table that holds the search and one far too small.
#[test]
fn connect_four_on_threads_agrees_with_one_thread() {
    for (width, height, played) in [
        (4, 4, ""),
        (5, 4, ""),
        (5, 4, "33"),
        (6, 4, ""),
        (5, 5, "3344"),
    ] {
        let game = ConnectFour::new(width, height, played).unwrap();
        let expected = Bounded::new().solve(&game).unwrap();
        for entries in [256, 1 << 16] {
            for threads in [2, 3] {
                let answer = Bounded::new()
                    .with_table_entries(entries)
                    .with_threads(threads)
                    .with_helpers_after(0)
                    .solve(&game)
                    .unwrap();
                assert_eq!(
                    answer, expected,
                    "{width}x{height} `{played}`: {entries} entries, {threads} threads"
                );
            }
        }
    }
}
