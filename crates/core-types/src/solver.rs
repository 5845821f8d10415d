//! The trait every backend implements.

use crate::{
    CanIWin, CanIWinSolution, Error, PredictTheWinner, PredictTheWinnerSolution, Recorder, Stats,
};

/// A backend that solves both games exactly.
///
/// Each method either returns the exact answer or an [`Error`](enum@crate::Error) of kind
/// [`CannotAnswer`](crate::ErrorKind::CannotAnswer) (too large, budget
/// exhausted); never a guess. Methods take `&mut self` so a solver may keep
/// and reuse its tables between calls.
///
/// The `*_with_stats` methods also count what the search did; the plain
/// methods count nothing and are the fast path (see [`crate::stats`]). The
/// `*_traced` methods report every counter and every search
/// [`Event`](crate::Event) to a recorder of the caller's, for views that show
/// what the backend did (`gamesolve explain`).
///
/// The trait is object safe: `Box<dyn Solver>` works.
pub trait Solver {
    /// The backend's one name: `recursive`, `memo` or `tabular`. The same
    /// string is its crate suffix, cargo feature, CLI `--backend` value and
    /// bench id.
    fn name(&self) -> &'static str;

    /// Solves a Can I Win game.
    ///
    /// # Errors
    ///
    /// A [`CannotAnswer`](crate::ErrorKind::CannotAnswer) error when this
    /// backend gives up on the game.
    fn solve_can_i_win(&mut self, game: &CanIWin) -> Result<CanIWinSolution, Error>;

    /// Solves a Can I Win game, counting what the search did.
    ///
    /// # Errors
    ///
    /// As [`Solver::solve_can_i_win`].
    fn solve_can_i_win_with_stats(
        &mut self,
        game: &CanIWin,
    ) -> Result<(CanIWinSolution, Stats), Error>;

    /// Solves a Can I Win game, reporting every counter and every search
    /// [`Event`](crate::Event) to `recorder`, in the order the backend works.
    ///
    /// Meant for small games: a backend whose fastest kernel does not work
    /// one position at a time runs its reference algorithm here (same
    /// answer, same table, same fill order, one event per cell), so this can
    /// be far slower than [`Solver::solve_can_i_win`].
    ///
    /// # Errors
    ///
    /// As [`Solver::solve_can_i_win`].
    fn solve_can_i_win_traced(
        &mut self,
        game: &CanIWin,
        recorder: &mut dyn Recorder,
    ) -> Result<CanIWinSolution, Error>;

    /// Solves a Predict the Winner game.
    ///
    /// # Errors
    ///
    /// A [`CannotAnswer`](crate::ErrorKind::CannotAnswer) error when this
    /// backend gives up on the game.
    fn solve_predict_the_winner(
        &mut self,
        game: &PredictTheWinner,
    ) -> Result<PredictTheWinnerSolution, Error>;

    /// Solves a Predict the Winner game, counting what the search did.
    ///
    /// # Errors
    ///
    /// As [`Solver::solve_predict_the_winner`].
    fn solve_predict_the_winner_with_stats(
        &mut self,
        game: &PredictTheWinner,
    ) -> Result<(PredictTheWinnerSolution, Stats), Error>;

    /// Solves a Predict the Winner game, reporting every counter and every
    /// search [`Event`](crate::Event) to `recorder`; see
    /// [`Solver::solve_can_i_win_traced`].
    ///
    /// # Errors
    ///
    /// As [`Solver::solve_predict_the_winner`].
    fn solve_predict_the_winner_traced(
        &mut self,
        game: &PredictTheWinner,
        recorder: &mut dyn Recorder,
    ) -> Result<PredictTheWinnerSolution, Error>;
}
