//! Two games outside gamesolve's built-in table, written against the public [`Game`]
//! vocabulary, for the peer benchmark of issue 28 (`benches/peers.rs`) and its tests:
//! [`tic_tac_toe::TicTacToe`] (a draw) and [`domineering::Domineering`] on boards up to 63
//! cells (5x5: the second player wins; 6x6: the first).
//!
//! Each keeps its rules in plain functions on bitboards ([`tic_tac_toe::rules`],
//! [`domineering::rules`]) that the bench's peer implementations (the `game-solver` and
//! `minimax` crates' traits) call too, so every library solves the same game with the same
//! move generation and the same move order. [`every_move::EveryMove`] searches either game
//! through its plain move list (every move, in the game's order), for the bench's every-move
//! groups.
//!
//! ```
//! use gamesolve::{Backend, Outcome, Verdict, registry::BackendChoice, core_types::Solver};
//! use gamesolve_peers::domineering::Domineering;
//! use gamesolve_peers::tic_tac_toe::TicTacToe;
//!
//! let choice: BackendChoice = "memo/alpha-beta".parse()?;
//! let ttt = choice.solver::<TicTacToe>()?.solve(&TicTacToe)?;
//! assert_eq!(ttt.verdict, Verdict::Draw);
//! let board = Domineering::<4, 4>;
//! assert_eq!(choice.solver()?.solve(&board)?.verdict, Verdict::Win);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`Game`]: gamesolve::Game

pub mod domineering;
pub mod every_move;
pub mod hooks;
pub mod tic_tac_toe;

use gamesolve::{core_types::SolutionOf, Game, Outcome, Verdict};

/// The answer of either game: the first player's verdict and the first best move in the
/// game's order (a cell number), `None` when the game is over at the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Win, draw or loss for the first player.
    pub verdict: Verdict,
    /// The first best first move.
    pub best_move: Option<u8>,
}

/// Both games answer with the first player's verdict and the first best move.
impl<G: Game<Value = Verdict, Move = u8>> SolutionOf<G> for Answer {
    fn from_search(_game: &G, value: Verdict, best_move: Option<u8>) -> Self {
        Answer {
            verdict: value,
            best_move,
        }
    }

    fn outcome(&self) -> Outcome {
        self.verdict.outcome_for_first()
    }

    fn best_move(&self) -> Option<u8> {
        self.best_move
    }
}
