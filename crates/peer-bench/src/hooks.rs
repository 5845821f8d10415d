//! A game with only some of its hooks for `memo/bounded` ([`Game::table_key`],
//! [`Game::canonical`], [`Game::winning_move_now`]), the others left at their free defaults:
//! what each hook buys is measured by solving the same game with and without it (the bench
//! `benches/peers.rs`, group `bounded-hooks`).
//!
//! ```
//! use gamesolve::{Verdict, core_types::Solver};
//! use gamesolve::backends::solver_memo::bounded::Bounded;
//! use gamesolve_peers::hooks::Hooks;
//! use gamesolve_peers::tic_tac_toe::TicTacToe;
//!
//! let none = Hooks::<_, false, false, false>(TicTacToe);
//! let all = Hooks::<_, true, true, true>(TicTacToe);
//! let (a, plain) = Bounded::new().solve_with_stats(&none)?;
//! let (b, hooked) = Bounded::new().solve_with_stats(&all)?;
//! assert_eq!((a.verdict, b.verdict), (Verdict::Draw, Verdict::Draw));
//! assert!(hooked.positions < plain.positions);
//! # Ok::<(), gamesolve::Error>(())
//! ```

use gamesolve::{Game, Verdict};

use crate::Answer;

/// `G` with its key hook when `KEY`, its symmetry hook when `CANON`, its "wins at once" hook
/// when `WIN`; every rule and the search order are `G`'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hooks<G, const KEY: bool, const CANON: bool, const WIN: bool>(pub G);

impl<G, const KEY: bool, const CANON: bool, const WIN: bool> Game for Hooks<G, KEY, CANON, WIN>
where
    G: Game<Value = Verdict, Move = u8>,
{
    const NAME: &'static str = G::NAME;
    type Position = G::Position;
    type Move = u8;
    type Value = Verdict;
    type Solution = Answer;

    fn start(&self) -> G::Position {
        self.0.start()
    }

    #[inline]
    fn terminal_value(&self, position: G::Position) -> Option<Verdict> {
        self.0.terminal_value(position)
    }

    fn moves(&self, position: G::Position) -> Vec<u8> {
        self.0.moves(position)
    }

    #[inline]
    fn moves_into(&self, position: G::Position, out: &mut Vec<u8>) {
        self.0.moves_into(position, out);
    }

    #[inline]
    fn search_moves_into(&self, position: G::Position, out: &mut Vec<u8>) {
        self.0.search_moves_into(position, out);
    }

    #[inline]
    fn play(&self, position: G::Position, mv: u8) -> G::Position {
        self.0.play(position, mv)
    }

    #[inline]
    fn table_key(&self, position: G::Position) -> Option<u64> {
        if KEY {
            self.0.table_key(position)
        } else {
            None
        }
    }

    #[inline]
    fn canonical(&self, position: G::Position) -> G::Position {
        if CANON {
            self.0.canonical(position)
        } else {
            position
        }
    }

    #[inline]
    fn winning_move_now(&self, position: G::Position) -> Option<u8> {
        if WIN {
            self.0.winning_move_now(position)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, HashSet};

    use gamesolve::{Game, GameValue, Verdict};

    use crate::domineering::Domineering;
    use crate::tic_tac_toe::TicTacToe;

    /// Every position's value, by plain memoized negamax.
    fn values<G: Game<Value = Verdict>>(game: &G) -> HashMap<G::Position, Verdict> {
        fn value<G: Game<Value = Verdict>>(
            game: &G,
            p: G::Position,
            memo: &mut HashMap<G::Position, Verdict>,
        ) -> Verdict {
            if let Some(&v) = memo.get(&p) {
                return v;
            }
            let v = game.terminal_value(p).unwrap_or_else(|| {
                let moves = game.moves(p);
                let scores = moves.into_iter().map(|m| {
                    let reply = value(game, game.play(p, m), memo);
                    game.move_value(p, m, reply)
                });
                scores.max().unwrap_or(Verdict::Loss)
            });
            memo.insert(p, v);
            v
        }
        let mut memo = HashMap::new();
        value(game, game.start(), &mut memo);
        memo
    }

    /// The hooks keep values: a position and its representative are worth the same, the
    /// representative is its own, the keys are distinct, and a "wins at once" move does.
    fn check<G: Game<Value = Verdict>>(game: &G) {
        let values = values(game);
        let mut keys = HashSet::new();
        for (&p, &v) in &values {
            let c = game.canonical(p);
            assert_eq!(values.get(&c), Some(&v), "{p:?} and {c:?}");
            assert_eq!(game.canonical(c), c, "{p:?}");
            let key = game
                .table_key(p)
                .unwrap_or_else(|| panic!("{p:?} has no key"));
            assert!(keys.insert(key), "{p:?}: key {key} taken");
            if game.terminal_value(p).is_some() {
                continue;
            }
            let wins_at_once = |m| {
                game.terminal_value(game.play(p, m))
                    .is_some_and(|end| game.move_value(p, m, end).is_best_possible())
            };
            match game.winning_move_now(p) {
                Some(m) => assert!(game.moves(p).contains(&m) && wins_at_once(m), "{p:?}"),
                None => assert!(
                    !game.moves(p).into_iter().any(wins_at_once) || G::NAME == "domineering",
                    "{p:?}: a win at once not named"
                ),
            }
        }
    }

    #[test]
    fn the_hooks_keep_every_value() {
        check(&TicTacToe);
        check(&Domineering::<4, 4>);
        check(&Domineering::<3, 5>);
    }
}
