//! Move values, remoteness and the principal variation for any [`Game`], written once.
//!
//! An [`Analyzer`] answers, for any position of its game, what each legal move is worth to the
//! player making it, how many moves the game lasts after it under perfect play (the winner
//! hurries, the loser and a drawing player delay), and the line of perfect play from there.
//! It reads the scores of positions from a [`PositionValues`] source, kept between analyses so
//! that a principal variation or a whole game of `play` searches each position once:
//!
//! - [`Analyzer::new`]: the one generic search (`solver_search`) with a hash-map memo,
//!   for any game;
//! - [`Analyzer::indexed`]: the same search with a dense table of one cell per index, for a
//!   game with an [`Indexed`] numbering (every built-in and example game): no hashing, the
//!   table checked against the memory cap before it is allocated; a game too large for it
//!   falls back on the hash map;
//! - [`Analyzer::with_values`]: any other source, e.g. the values of every position solved by a
//!   table (a game whose positions repeat cannot be searched by negamax; a retrograde solver
//!   hands its table here instead).
//!
//! # Complexity
//!
//! With `S` the distinct positions reachable from the analysed one and `m` the moves per
//! position: `O(S · m)` game calls for the first analysis, and `O(m)` for every later position
//! already searched (a principal variation of length `d` costs `O(S · m + d · m)` in all).
//! Memory: one memo cell per position (`O(S)` entries of the hash map, bounded by the state
//! budget of [`AnalysisConfig`]; `position_count` cells of the dense table); the recursion runs
//! on heap-allocated stack segments when deep, counted against the same memory cap.
//!
//! # Examples
//!
//! ```
//! use gamesolve::analysis::{generic::Analyzer, AnalysisConfig};
//! use gamesolve::{CanIWin, Game, Verdict};
//!
//! // The hardest LeetCode instance: the second player wins, in 16 moves.
//! let game = CanIWin::new(20, 158)?;
//! let mut analyzer = Analyzer::indexed(game, AnalysisConfig::default());
//! let analysis = analyzer.analyze(game.start())?;
//! assert_eq!((analysis.value, analysis.remoteness), (Verdict::Loss, 16));
//! assert!(analysis.moves.iter().all(|m| m.value == Verdict::Loss));
//! assert_eq!(analyzer.principal_variation(game.start())?.len(), 16);
//! # Ok::<(), gamesolve::Error>(())
//! ```
//!
//! # Errors
//!
//! [`Error::BudgetExhausted`] (unit `states`) past the state budget;
//! [`Error::TimeLimitReached`] past [`AnalysisConfig::time_limit`]; [`Error::TableTooLarge`]
//! when the memo and stack would pass the memory cap; [`Error::NoMoves`] for a position that is
//! neither over nor has a move; [`Error::StackRefused`] when the system refuses a new stack
//! segment. All name the `analyze` command.
//!
//! # See also
//!
//! [`crate::games::TableGame::analyzer`], how a game of the table picks its analyzer (the
//! front ends' `analyze` and `play` use it); [`crate::games::can_i_win_all_totals`], Can I Win's parameter
//! sweep.

use std::cmp::Ordering;

use super::{AnalysisConfig, NAME};
use crate::search::{HashMemo, MemoPolicy, MemoRefusal, Ranked, Search, SearchNames};
use crate::{Deadline, DeadlineClock, Error, Game, Indexed, NoStats};

/// One legal move and what it is worth to the player making it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveAnalysis<G: Game> {
    /// The move.
    pub mv: G::Move,
    /// Its value for the player making it.
    pub value: G::Value,
    /// Moves until the game ends after perfect play (the winner hurries, the loser delays),
    /// this move included.
    pub remoteness: u32,
}

/// A position's value, remoteness and every move's, best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionAnalysis<G: Game> {
    /// The value for the player to move.
    pub value: G::Value,
    /// Moves until the game ends under perfect play (0 when it is over).
    pub remoteness: u32,
    /// Every legal move, best first: larger values first; among equal values the faster win,
    /// or the slower loss or draw, first; then the game's move order.
    pub moves: Vec<MoveAnalysis<G>>,
}

impl<G: Game> PositionAnalysis<G> {
    /// The best move (the first of [`Self::moves`]), `None` when the game is over.
    pub fn best(&self) -> Option<&MoveAnalysis<G>> {
        self.moves.first()
    }
}

/// Where an [`Analyzer`] reads the score (value for the player to move, remoteness) of a
/// position: a search, or a table solved beforehand.
pub trait PositionValues<G: Game>: Send {
    /// The score of `position` (over or not), within `deadline`.
    ///
    /// # Errors
    ///
    /// The source's limits (state budget, memory cap, time limit), each naming `analyze`.
    fn score(
        &mut self,
        game: &G,
        position: G::Position,
        deadline: Deadline,
    ) -> Result<Ranked<G::Value>, Error>;
}

/// The generic search with the memo `M`, kept between calls: [`Analyzer::new`]'s and
/// [`Analyzer::indexed`]'s source.
pub struct Searched<M> {
    memo: M,
    memory_cap_bytes: u64,
}

impl<M> Searched<M> {
    /// A search keeping its positions in `memo`, its memo and stack within `memory_cap_bytes`.
    pub const fn new(memo: M, memory_cap_bytes: u64) -> Self {
        Searched {
            memo,
            memory_cap_bytes,
        }
    }
}

impl<G, M> PositionValues<G> for Searched<M>
where
    G: Game,
    M: MemoPolicy<G::Position, Ranked<G::Value>> + Send,
{
    fn score(
        &mut self,
        game: &G,
        position: G::Position,
        deadline: Deadline,
    ) -> Result<Ranked<G::Value>, Error> {
        let mut stats = NoStats;
        let pace = DeadlineClock::new(deadline);
        let memo = Kept(&mut self.memo);
        let mut search = Search::new(game, memo, &mut stats, pace, NAMES, self.memory_cap_bytes);
        search.score_at(position, 1)
    }
}

/// A memo lent to one search and kept by the [`Searched`] source afterwards.
struct Kept<'m, M>(&'m mut M);

impl<P, S, M: MemoPolicy<P, S>> MemoPolicy<P, S> for Kept<'_, M> {
    const REMEMBERS: bool = M::REMEMBERS;
    type Slot = M::Slot;

    #[inline]
    fn find(&self, position: &P) -> Result<S, M::Slot> {
        self.0.find(position)
    }

    #[inline]
    fn slot(&self, position: &P) -> M::Slot {
        self.0.slot(position)
    }

    #[inline]
    fn store_in(
        &mut self,
        slot: M::Slot,
        position: P,
        score: S,
        other_bytes: impl FnOnce() -> u64,
    ) -> Result<(), MemoRefusal> {
        self.0.store_in(slot, position, score, other_bytes)
    }

    fn bytes(&self) -> u128 {
        self.0.bytes()
    }

    fn capacity(&self) -> usize {
        self.0.capacity()
    }
}

/// A dense table of scores, one cell per index of an [`Indexed`] game, owning its copy of the
/// game (for the index): the memo of [`Analyzer::indexed`].
pub struct IndexedScores<G: Indexed> {
    game: G,
    table: Vec<Option<Ranked<G::Value>>>,
}

impl<G: Indexed> IndexedScores<G> {
    /// Bytes the table of `game` takes: one cell per index.
    pub fn bytes_for(game: &G) -> u128 {
        u128::from(game.position_count()) * size_of::<Option<Ranked<G::Value>>>() as u128
    }

    /// The table for `game`, or `None` when it would pass `memory_cap_bytes` or the system
    /// refuses it.
    pub fn new(game: G, memory_cap_bytes: u64) -> Option<Self> {
        if Self::bytes_for(&game) > u128::from(memory_cap_bytes) {
            return None;
        }
        let cells = usize::try_from(game.position_count()).ok()?;
        let mut table = Vec::new();
        table.try_reserve_exact(cells).ok()?;
        table.resize(cells, None);
        Some(IndexedScores { game, table })
    }
}

impl<G: Indexed> MemoPolicy<G::Position, Ranked<G::Value>> for IndexedScores<G> {
    const REMEMBERS: bool = true;
    /// The position's index ([`Indexed::index`]).
    type Slot = usize;

    #[inline]
    fn find(&self, position: &G::Position) -> Result<Ranked<G::Value>, usize> {
        let index = self.game.index(*position);
        self.table.get(index).copied().flatten().ok_or(index)
    }

    #[inline]
    fn slot(&self, position: &G::Position) -> usize {
        self.game.index(*position)
    }

    #[inline]
    fn store_in(
        &mut self,
        index: usize,
        _position: G::Position,
        score: Ranked<G::Value>,
        _other_bytes: impl FnOnce() -> u64,
    ) -> Result<(), MemoRefusal> {
        // An index past the table is the game's bug: the position is then not remembered,
        // which costs time, never a wrong answer.
        if let Some(cell) = self.table.get_mut(index) {
            *cell = Some(score);
        }
        Ok(())
    }

    fn bytes(&self) -> u128 {
        self.table.len() as u128 * size_of::<Option<Ranked<G::Value>>>() as u128
    }

    fn capacity(&self) -> usize {
        self.table.len()
    }
}

/// The analysis of one game, its scores kept between positions; see the [module docs](self).
pub struct Analyzer<G: Game> {
    game: G,
    config: AnalysisConfig,
    values: Box<dyn PositionValues<G>>,
}

impl<G: Game> Analyzer<G> {
    /// The generic search with a hash-map memo (bounded by the config's state budget and
    /// memory cap): works for every game whose positions do not repeat.
    pub fn new(game: G, config: AnalysisConfig) -> Self {
        let memo: HashMemo<G::Position, Ranked<G::Value>> =
            HashMemo::new(config.state_budget(), config.memory_cap_bytes());
        Analyzer::with_values(
            game,
            config,
            Box::new(Searched::new(memo, config.memory_cap_bytes())),
        )
    }

    /// An analysis reading scores from `values` (e.g. a table a solver filled for a game whose
    /// positions repeat).
    pub fn with_values(
        game: G,
        config: AnalysisConfig,
        values: Box<dyn PositionValues<G>>,
    ) -> Self {
        Analyzer {
            game,
            config,
            values,
        }
    }

    /// The game analysed.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The limits.
    pub fn config(&self) -> &AnalysisConfig {
        &self.config
    }

    /// Every move of `position` with its value and remoteness, best first; see the
    /// [module docs](self). The time limit counts from this call.
    ///
    /// # Errors
    ///
    /// See the [module docs](self).
    pub fn analyze(&mut self, position: G::Position) -> Result<PositionAnalysis<G>, Error> {
        let deadline = self.config.deadline();
        self.analyze_until(position, deadline)
    }

    /// [`Analyzer::analyze`] within `deadline`.
    ///
    /// # Errors
    ///
    /// See the [module docs](self).
    pub fn analyze_until(
        &mut self,
        position: G::Position,
        deadline: Deadline,
    ) -> Result<PositionAnalysis<G>, Error> {
        // The game's refusal, when it could not go on, in place of values wound down.
        let analysis = self.analyze_within(position, deadline);
        self.game.refusal().map_or(analysis, Err)
    }

    /// [`Analyzer::analyze_until`], before the game's [`Game::refusal`] is asked.
    fn analyze_within(
        &mut self,
        position: G::Position,
        deadline: Deadline,
    ) -> Result<PositionAnalysis<G>, Error> {
        if let Some(value) = self.game.terminal_value(position) {
            return Ok(PositionAnalysis {
                value,
                remoteness: 0,
                moves: Vec::new(),
            });
        }
        let mut scored: Vec<(G::Move, Ranked<G::Value>)> = Vec::new();
        for mv in self.game.moves(position) {
            let child = self.game.play(position, mv);
            let reply = self.values.score(&self.game, child, deadline)?;
            let value = self.game.move_value(position, mv, reply.value);
            let remoteness = reply.remoteness.saturating_add(1);
            scored.push((mv, Ranked { value, remoteness }));
        }
        // Best first; among equals, the game's order (a stable sort).
        scored.sort_by(|(_, a), (_, b)| b.cmp_for_mover(a));
        let Some(&(_, best)) = scored.first() else {
            return Err(Error::NoMoves {
                game: G::NAME,
                position: self.game.show_position(position),
            });
        };
        Ok(PositionAnalysis {
            value: best.value,
            remoteness: best.remoteness,
            moves: scored
                .into_iter()
                .map(|(mv, score)| MoveAnalysis {
                    mv,
                    value: score.value,
                    remoteness: score.remoteness,
                })
                .collect(),
        })
    }

    /// The line of perfect play from `position` to the end of the game: the best move (the
    /// first of [`PositionAnalysis::moves`]) at every step. The time limit counts from this
    /// call, for the whole line.
    ///
    /// # Errors
    ///
    /// See the [module docs](self).
    pub fn principal_variation(&mut self, position: G::Position) -> Result<Vec<G::Move>, Error> {
        let deadline = self.config.deadline();
        self.principal_variation_until(position, deadline)
    }

    /// [`Analyzer::principal_variation`] within `deadline`.
    ///
    /// # Errors
    ///
    /// See the [module docs](self).
    pub fn principal_variation_until(
        &mut self,
        position: G::Position,
        deadline: Deadline,
    ) -> Result<Vec<G::Move>, Error> {
        let line = self.line_within(position, deadline);
        self.game.refusal().map_or(line, Err)
    }

    /// [`Analyzer::principal_variation_until`], before the game's [`Game::refusal`] is asked.
    fn line_within(
        &mut self,
        position: G::Position,
        deadline: Deadline,
    ) -> Result<Vec<G::Move>, Error> {
        let mut line = Vec::new();
        let mut at = position;
        // A position met again ends the line: in a game whose positions repeat (Cat and
        // Mouse), best play that never ends is a draw, and its line would go round for ever.
        let mut seen = std::collections::HashSet::from([position]);
        while self.game.terminal_value(at).is_none() {
            let best = self.best_move(at, deadline)?;
            line.push(best);
            at = self.game.play(at, best);
            if !seen.insert(at) {
                break;
            }
        }
        Ok(line)
    }

    /// The first best move of `position` (not over), from the scores of its children alone.
    fn best_move(&mut self, position: G::Position, deadline: Deadline) -> Result<G::Move, Error> {
        let mut best: Option<(G::Move, Ranked<G::Value>)> = None;
        for mv in self.game.moves(position) {
            let child = self.game.play(position, mv);
            let reply = self.values.score(&self.game, child, deadline)?;
            let score = Ranked {
                value: self.game.move_value(position, mv, reply.value),
                remoteness: reply.remoteness.saturating_add(1),
            };
            if best.is_none_or(|(_, b)| score.cmp_for_mover(&b) == Ordering::Greater) {
                best = Some((mv, score));
            }
        }
        best.map(|(mv, _)| mv).ok_or_else(|| Error::NoMoves {
            game: G::NAME,
            position: self.game.show_position(position),
        })
    }
}

impl<G: Indexed> Analyzer<G> {
    /// The generic search with a dense table of one cell per index of the game (no hashing),
    /// when the table fits the config's memory cap; the hash-map memo of [`Analyzer::new`]
    /// otherwise. The table is allocated and cleared at the first analysis, in chunks that
    /// read its deadline, so a time limit holds while a large table is prepared.
    pub fn indexed(game: G, config: AnalysisConfig) -> Self {
        if IndexedScores::bytes_for(&game) > u128::from(config.memory_cap_bytes()) {
            return Analyzer::new(game, config);
        }
        let source = DenseSearch {
            game: game.clone(),
            table: None,
            memory_cap_bytes: config.memory_cap_bytes(),
        };
        Analyzer::with_values(game, config, Box::new(source))
    }
}

/// [`Analyzer::indexed`]'s source: the search over an [`IndexedScores`] table made on the first
/// score.
struct DenseSearch<G: Indexed> {
    game: G,
    table: Option<Searched<IndexedScores<G>>>,
    memory_cap_bytes: u64,
}

/// Cells cleared between two readings of the deadline while a dense table is prepared.
const CLEAR_CHUNK: usize = 1 << 20;

impl<G: Indexed> DenseSearch<G> {
    /// The table of `game`, allocated fallibly and cleared in chunks that read `deadline`.
    fn prepare(
        game: &G,
        memory_cap_bytes: u64,
        deadline: Deadline,
    ) -> Result<Searched<IndexedScores<G>>, Error> {
        let count = game.position_count();
        let refused = Error::AllocationFailed {
            backend: NAME,
            game: G::NAME,
            parameter: "states",
            value: count,
            required_bytes: IndexedScores::bytes_for(game),
            memory_cap_bytes,
            hint: &[],
        };
        let Ok(cells) = usize::try_from(count) else {
            return Err(refused);
        };
        let mut table = Vec::new();
        if table.try_reserve_exact(cells).is_err() {
            return Err(refused);
        }
        while table.len() < cells {
            deadline.check(NAME, G::NAME)?;
            let chunk = CLEAR_CHUNK.min(cells - table.len());
            table.resize(table.len() + chunk, None);
        }
        let scores = IndexedScores {
            game: game.clone(),
            table,
        };
        Ok(Searched::new(scores, memory_cap_bytes))
    }
}

impl<G: Indexed> PositionValues<G> for DenseSearch<G> {
    fn score(
        &mut self,
        game: &G,
        position: G::Position,
        deadline: Deadline,
    ) -> Result<Ranked<G::Value>, Error> {
        let search = match &mut self.table {
            Some(search) => search,
            slot @ None => slot.insert(Self::prepare(&self.game, self.memory_cap_bytes, deadline)?),
        };
        search.score(game, position, deadline)
    }
}

/// The names the analysis's errors carry.
const NAMES: SearchNames = SearchNames {
    who: NAME,
    budget_hint: &[],
    cap_hint: &[],
};

/// Analyses `position` of `game` once (a fresh [`Analyzer::new`]); see the
/// [module docs](self).
///
/// ```
/// use gamesolve::analysis::{generic, AnalysisConfig};
/// use gamesolve::{CanIWin, Game, Verdict};
///
/// let game = CanIWin::new(5, 11)?;
/// let analysis = generic::analyze(&game, game.start(), &AnalysisConfig::default())?;
/// assert_eq!(analysis.value, Verdict::Loss);
/// assert_eq!(analysis.moves.len(), 5);
/// # Ok::<(), gamesolve::Error>(())
/// ```
///
/// # Errors
///
/// See the [module docs](self).
pub fn analyze<G: Game>(
    game: &G,
    position: G::Position,
    config: &AnalysisConfig,
) -> Result<PositionAnalysis<G>, Error> {
    Analyzer::new(game.clone(), *config).analyze(position)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::{CanIWin, PredictTheWinner};
    use core_types::WithLimits;

    #[test]
    fn the_dense_table_and_the_hash_map_agree_on_every_move_and_line() {
        let game = CanIWin::new(7, 16).unwrap();
        let config = AnalysisConfig::default();
        let mut dense = Analyzer::indexed(game, config);
        let mut hashed = Analyzer::new(game, config);
        for used in 0..(1u64 << 7) {
            assert_eq!(
                dense.analyze(used).unwrap(),
                hashed.analyze(used).unwrap(),
                "{used:#b}"
            );
            assert_eq!(
                dense.principal_variation(used).unwrap(),
                hashed.principal_variation(used).unwrap()
            );
        }
    }

    #[test]
    fn a_line_is_as_long_as_the_remoteness_and_ends_the_game() {
        let game = PredictTheWinner::new(vec![1, 5, 233, 7, 4, 9]);
        let mut analyzer = Analyzer::indexed(game.clone(), AnalysisConfig::default());
        let start = game.start();
        let analysis = analyzer.analyze(start).unwrap();
        let line = analyzer.principal_variation(start).unwrap();
        assert_eq!(line.len(), analysis.remoteness as usize);
        assert_eq!(line.first(), analysis.best().map(|m| &m.mv));
        let end = line.iter().fold(start, |p, &mv| game.play(p, mv));
        assert!(game.terminal_value(end).is_some());
    }

    #[test]
    fn a_table_past_the_cap_falls_back_on_the_hash_map() {
        let game = CanIWin::new(12, 40).unwrap();
        let config = AnalysisConfig::default().with_memory_cap_bytes(1 << 10);
        let small = Analyzer::indexed(game, config).analyze(0);
        // The hash map also refuses past 1 KiB: the cap holds either way.
        assert!(
            matches!(small, Err(Error::TableTooLarge { .. })),
            "{small:?}"
        );
        let dense = Analyzer::indexed(game, AnalysisConfig::default()).analyze(0);
        let hashed = Analyzer::new(game, AnalysisConfig::default()).analyze(0);
        assert_eq!(dense.unwrap(), hashed.unwrap());
    }
}
