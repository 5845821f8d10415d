//! A game searched through its plain move list: [`EveryMove`] lists every move of a position
//! in the game's own order ([`Game::moves_into`]) wherever a search asks for its search order
//! ([`Game::search_moves_into`]), so no move is left out and none is tried early (tic-tac-toe's
//! search order plays a win at once alone and else only the blocks; Domineering's already is its
//! plain list). For the every-move groups of the peer bench (`benches/peers.rs`,
//! `peers-every-move/*`), where every library lists every move.
//!
//! The game's hooks fall in two kinds. The ones about **moves** change which moves a search
//! tries, or in what order: the search order itself ([`Game::search_moves_into`]) and
//! "a move that wins at once" ([`Game::winning_move_now`]: the search plays it before any
//! list); [`EveryMove`] leaves both out (the default: no such move named). The ones about
//! **positions** change what a table keeps, never a move: the exact compact key
//! ([`Game::table_key`]) and the mirror image ([`Game::canonical`]); [`EveryMove`] keeps the
//! game's, as the bench gives the peers the mirror image too (through their tables' keys).
//! Wrap it in [`Hooks`](crate::hooks::Hooks) to leave those out as well. The numbering
//! ([`Indexed`]) is the game's.
//!
//! ```
//! use gamesolve::{Game, Verdict, core_types::Solver};
//! use gamesolve::backends::solver_memo::alpha_beta::AlphaBeta;
//! use gamesolve_peers::every_move::EveryMove;
//! use gamesolve_peers::tic_tac_toe::TicTacToe;
//!
//! let game = EveryMove(TicTacToe);
//! // X on 0 and 1, O on 3 and 4, X to move: every empty cell, not only the win at 2.
//! let position = 0b11 | 0b1_1000 << 16;
//! let mut moves = Vec::new();
//! game.search_moves_into(position, &mut moves);
//! assert_eq!(moves, [2, 5, 6, 7, 8]);
//! assert_eq!(AlphaBeta::new().solve(&game)?.verdict, Verdict::Draw);
//! # Ok::<(), gamesolve::Error>(())
//! ```

use gamesolve::{
    core_types::{Indexed, Variant},
    registry::indexed_variants_of,
    Backend, Game, Registered, Verdict,
};

use crate::Answer;

/// `G` with its search order replaced by its plain move list; see the [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EveryMove<G>(pub G);

impl<G> Game for EveryMove<G>
where
    G: Game<Value = Verdict, Move = u8, Solution = Answer>,
{
    const NAME: &'static str = G::NAME;
    type Position = G::Position;
    type Move = u8;
    type Value = Verdict;
    type Solution = Answer;
    const MOVES_ONE_BY_ONE: bool = G::MOVES_ONE_BY_ONE;
    /// True by construction: the search order is the plain list.
    const SEARCH_ORDER_IS_GAME_ORDER: bool = true;

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

    /// Every move, in the game's order ([`Game::moves_into`]).
    #[inline]
    fn search_moves_into(&self, position: G::Position, out: &mut Vec<u8>) {
        self.0.moves_into(position, out);
    }

    #[inline]
    fn next_move(&self, position: G::Position, after: Option<u8>) -> Option<u8> {
        self.0.next_move(position, after)
    }

    #[inline]
    fn play(&self, position: G::Position, mv: u8) -> G::Position {
        self.0.play(position, mv)
    }

    #[inline]
    fn table_key(&self, position: G::Position) -> Option<u64> {
        self.0.table_key(position)
    }

    #[inline]
    fn canonical(&self, position: G::Position) -> G::Position {
        self.0.canonical(position)
    }

    fn describe(&self) -> String {
        self.0.describe()
    }

    fn show_position(&self, position: G::Position) -> String {
        self.0.show_position(position)
    }

    fn show_move(&self, position: G::Position, mv: u8) -> String {
        self.0.show_move(position, mv)
    }
}

/// The game's own numbering.
impl<G> Indexed for EveryMove<G>
where
    G: Indexed<Value = Verdict, Move = u8, Solution = Answer>,
{
    fn position_count(&self) -> u64 {
        self.0.position_count()
    }

    #[inline]
    fn index(&self, position: G::Position) -> usize {
        self.0.index(position)
    }

    fn position_at(&self, index: usize) -> G::Position {
        self.0.position_at(index)
    }
}

/// The generic variants and the numbered ones (`memo/indexed`, `tabular/retrograde`).
impl<G> Registered for EveryMove<G>
where
    G: Indexed<Value = Verdict, Move = u8, Solution = Answer>,
{
    fn variants_of(backend: Backend) -> Vec<Variant<Self>> {
        indexed_variants_of(backend)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::domineering::Domineering;
    use crate::tic_tac_toe::TicTacToe;
    use gamesolve::{core_types::SolverConfig, registry::all_variants};

    /// The move hooks are left out and the position hooks kept: X on 0 and 1, O on 3 and 4,
    /// X to move wins at cell 2, which the game names and `EveryMove` does not; the key and
    /// the mirror image are the game's.
    #[test]
    fn keeps_the_position_hooks_and_leaves_out_the_move_hooks() {
        let position = 0b11 | 0b1_1000 << 16;
        assert_eq!(TicTacToe.winning_move_now(position), Some(2));
        assert_eq!(EveryMove(TicTacToe).winning_move_now(position), None);
        let mirrored = 0b110 | 0b11_0000 << 16;
        assert_eq!(TicTacToe.canonical(mirrored), position);
        assert_eq!(EveryMove(TicTacToe).canonical(mirrored), position);
        assert_eq!(
            EveryMove(TicTacToe).table_key(position),
            TicTacToe.table_key(position)
        );
        let board = 0b1_0000_0001;
        assert_eq!(
            EveryMove(Domineering::<5, 5>).canonical(board),
            Domineering::<5, 5>.canonical(board)
        );
    }

    /// Every memo variant finds the known results with every move listed: tic-tac-toe a draw
    /// (first best move cell 0), Domineering 4x4 a first-player win.
    #[test]
    fn every_memo_variant_finds_the_known_results() {
        let config = SolverConfig::default();
        for variant in all_variants::<EveryMove<TicTacToe>>() {
            let answer = variant
                .solver(&config)
                .solve(&EveryMove(TicTacToe))
                .unwrap();
            assert_eq!(answer.verdict, Verdict::Draw, "{}", variant.id());
            assert_eq!(answer.best_move, Some(0), "{}", variant.id());
        }
        let memo = indexed_variants_of::<EveryMove<Domineering<4, 4>>>(Backend::Memo);
        assert!(memo.iter().any(|v| v.id() == "memo/indexed"));
        for variant in memo {
            let answer = variant
                .solver(&config)
                .solve(&EveryMove(Domineering::<4, 4>))
                .unwrap();
            assert_eq!(answer.verdict, Verdict::Win, "{}", variant.id());
        }
    }
}
