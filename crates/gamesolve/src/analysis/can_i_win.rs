//! Can I Win analysis: the value and remoteness of every available integer
//! from any position, the principal variation, and the whole-game table of
//! every total.
//!
//! A position is the set of integers used so far ([`CanIWinPosition`]); the
//! running total and the player to move follow from it. From a position
//! whose total is still below `T`, with `R` still needed and `P` the sum of
//! the integers left:
//!
//! - `P < R`: nobody can reach `T` any more: every move is a **draw**, and
//!   the game lasts until the pool is empty.
//! - `P == R`: only the move taking the last integer reaches `T`; the game
//!   lasts exactly as many moves as integers remain, and their parity
//!   decides every move alike.
//! - `P > R`: a plain win/lose game (no draw is reachable): searched exactly,
//!   with remoteness.

use std::num::NonZeroU8;

use core_types::state_table::{
    states_within, table_bytes, ByteSlot, StateTable, TableFull, WideByteSlot,
};
use serde::Serialize;

use super::{AnalysisConfig, AnalysisError, MoveValue, Player, NAME};
use crate::bits::set_bits;
use crate::deadline::{Deadline, DeadlineClock};
use crate::{CanIWin, Error, Game, Outcome};

/// A position of a Can I Win game: the integers used so far.
///
/// ```
/// use gamesolve::analysis::{CanIWinPosition, Player};
/// use gamesolve::CanIWin;
///
/// let game = CanIWin::new(10, 40)?;
/// let position = CanIWinPosition::from_numbers(&game, &[3, 7])?;
/// assert_eq!(position.total(), 10);
/// assert_eq!(position.to_move(), Player::First);
/// assert_eq!(position.numbers(), vec![3, 7]);
/// assert!(CanIWinPosition::from_numbers(&game, &[3, 3]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CanIWinPosition {
    used: u64,
}

impl CanIWinPosition {
    /// The start of the game: nothing used.
    pub const fn start() -> Self {
        CanIWinPosition { used: 0 }
    }

    /// The position after the integers `numbers` were taken (in any order).
    ///
    /// # Errors
    ///
    /// [`AnalysisError::InvalidPosition`] when a number is outside
    /// `1..=max_choosable` or appears twice.
    pub fn from_numbers(game: &CanIWin, numbers: &[u32]) -> Result<Self, AnalysisError> {
        let n = game.max_choosable();
        let mut used = 0u64;
        for &number in numbers {
            if !(1..=n).contains(&number) {
                return Err(AnalysisError::position(format!(
                    "used number {number} is not in the pool 1..={n}"
                )));
            }
            let bit = 1u64 << (number - 1);
            if used & bit != 0 {
                return Err(AnalysisError::position(format!(
                    "used number {number} is given twice: each integer can be taken once"
                )));
            }
            used |= bit;
        }
        Ok(CanIWinPosition { used })
    }

    /// The position with the integers of a bitmask used (bit `k` is integer
    /// `k + 1`), for a game with `max_choosable` integers.
    ///
    /// # Errors
    ///
    /// [`AnalysisError::InvalidPosition`] when a bit beyond the pool is set.
    pub fn from_mask(game: &CanIWin, used: u64) -> Result<Self, AnalysisError> {
        if used & !game.full_mask() != 0 {
            return Err(AnalysisError::position(format!(
                "used mask {used:#x} has integers beyond the pool 1..={}",
                game.max_choosable()
            )));
        }
        Ok(CanIWinPosition { used })
    }

    /// The used integers as a bitmask (bit `k` is integer `k + 1`).
    pub const fn used_mask(&self) -> u64 {
        self.used
    }

    /// The used integers, ascending.
    pub fn numbers(&self) -> Vec<u32> {
        bits(self.used).map(|(_, v)| v).collect()
    }

    /// Whether `number` is already used.
    pub const fn is_used(&self, number: u32) -> bool {
        number >= 1 && number <= 64 && self.used & (1u64 << (number - 1)) != 0
    }

    /// The running total: the sum of the used integers.
    pub fn total(&self) -> u64 {
        crate::can_i_win::mask_total(self.used)
    }

    /// How many moves were made.
    pub const fn moves_made(&self) -> usize {
        self.used.count_ones() as usize
    }

    /// The player to move: the first after an even number of moves.
    pub const fn to_move(&self) -> Player {
        Player::to_move_after(self.moves_made())
    }

    /// The position after taking `number` (which must be free and in the
    /// pool; see [`CanIWinPosition::is_used`]).
    ///
    /// # Errors
    ///
    /// [`AnalysisError::InvalidPosition`] when `number` is outside the pool
    /// or already used.
    pub fn play(&self, game: &CanIWin, number: u32) -> Result<Self, AnalysisError> {
        let n = game.max_choosable();
        if !(1..=n).contains(&number) {
            return Err(AnalysisError::position(format!(
                "{number} is not in the pool 1..={n}"
            )));
        }
        if self.is_used(number) {
            return Err(AnalysisError::position(format!(
                "{number} is already taken"
            )));
        }
        Ok(CanIWinPosition {
            used: self.used | 1u64 << (number - 1),
        })
    }

    /// Whether the game is over at this position: the total reaches `T`
    /// (the last mover won), or `T == 0` (the first player won without
    /// moving), or nothing is left to take.
    pub fn is_over(&self, game: &CanIWin) -> bool {
        self.total() >= game.desired_total() || self.used == game.full_mask()
    }
}

/// The value of one available integer, for the player taking it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct CanIWinMove {
    /// The integer taken.
    #[serde(rename = "move")]
    pub number: u32,
    /// Win, lose or draw for the player taking it.
    pub value: MoveValue,
    /// Moves until the game ends, this one included, when the winner
    /// hurries and the loser delays.
    pub remoteness: u32,
}

/// One move of a line of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct CanIWinPly {
    /// Who takes it.
    pub player: Player,
    /// The integer taken.
    #[serde(rename = "move")]
    pub number: u32,
    /// The running total after the move.
    pub total: u64,
}

/// Everything about one position: see [`CanIWinAnalyzer::analyze`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CanIWinAnalysis {
    /// The position analyzed.
    pub position: CanIWinPosition,
    /// Its running total.
    pub total: u64,
    /// The player to move.
    pub to_move: Player,
    /// Who wins from here under perfect play (players named by the whole
    /// game's turn order).
    pub outcome: Outcome,
    /// What the position is worth to the player to move.
    pub value: MoveValue,
    /// Moves until the game ends under perfect play (winner hurrying, loser
    /// delaying); 0 when the game is already decided (`T == 0`).
    pub remoteness: u32,
    /// The whole optimal line from here: the first move of [`Self::moves`]
    /// at every step.
    pub principal_variation: Vec<CanIWinPly>,
    /// Every available integer with its value, best first: wins by
    /// ascending remoteness, draws, losses by descending remoteness; ties by
    /// the smaller integer.
    pub moves: Vec<CanIWinMove>,
}

/// Encoded value of a searched position, for the player to move: bit 7 set
/// for a win, the low 7 bits the remoteness (always >= 1). 0 means unknown.
type Code = u8;
const WIN: Code = 0x80;

fn decode(code: Code) -> (MoveValue, u32) {
    let remoteness = u32::from(code & !WIN);
    if code & WIN != 0 {
        (MoveValue::Win, remoteness)
    } else {
        (MoveValue::Lose, remoteness)
    }
}

/// The value of the move into a position worth `child` to the opponent.
#[inline(always)]
fn through(child: Code) -> Code {
    let remoteness = (child & !WIN) + 1;
    if child & WIN != 0 {
        remoteness
    } else {
        WIN | remoteness
    }
}

/// Sort key, smaller is better for the mover: wins by remoteness, then
/// losses by descending remoteness; unknown (0) last.
#[inline(always)]
fn rank(code: Code) -> u16 {
    if code == 0 {
        u16::MAX
    } else if code & WIN != 0 {
        u16::from(code & !WIN)
    } else {
        512 - u16::from(code)
    }
}

fn move_rank(m: &CanIWinMove) -> (u8, i64, u32) {
    // Wins by ascending remoteness, draws, losses by descending remoteness.
    let r = i64::from(m.remoteness);
    match m.value {
        MoveValue::Win => (0, r, m.number),
        MoveValue::Draw => (1, 0, m.number),
        MoveValue::Lose => (2, -r, m.number),
    }
}

/// Positions the search expands between two readings of the clock. Fewer than
/// [`DeadlineClock::PERIOD`]: an expansion reads the codes of up to `n` children, each in a
/// page of the dense memo that may be fresh (zeroed by the system on first touch), so one can
/// take microseconds; 256 of them stay well under a millisecond, and a reading (about 20 ns)
/// still costs under 0.1 % of them.
const CLOCK_PERIOD: u32 = 256;

/// The memo: one byte per state, dense over all `2^n` sets while that fits
/// the memory cap, a table of the visited sets beyond it.
enum Memo {
    /// Not allocated yet (no search was needed so far).
    None,
    Dense(Vec<Code>),
    Sparse(SparseCodes),
}

/// The sparse memo: the visited sets with their codes (never 0, "unknown"), one 8-byte slot
/// per state for sets of at most 56 integers and 16 bytes beyond, at most three quarters full
/// (`gamesolve::state_table`).
enum SparseCodes {
    Narrow(StateTable<ByteSlot>),
    Wide(StateTable<WideByteSlot>),
}

/// The largest `n` whose sets leave room for the code in an 8-byte slot.
const NARROW_MAX_CHOOSABLE: u32 = 56;

/// Bytes of one slot of the sparse memo for `n` integers.
fn sparse_slot_bytes(n: u32) -> u128 {
    if n <= NARROW_MAX_CHOOSABLE {
        8
    } else {
        16
    }
}

impl SparseCodes {
    /// An empty memo of at most `limit` states for sets of `n` integers.
    fn new(n: u32, limit: u64, deadline: Deadline) -> Self {
        if n <= NARROW_MAX_CHOOSABLE {
            SparseCodes::Narrow(StateTable::new(limit, deadline))
        } else {
            SparseCodes::Wide(StateTable::new(limit, deadline))
        }
    }

    #[inline(always)]
    fn get(&self, used: u64) -> Code {
        let code = match self {
            SparseCodes::Narrow(table) => table.get(used),
            SparseCodes::Wide(table) => table.get(used),
        };
        code.map_or(0, NonZeroU8::get)
    }

    fn insert(&mut self, used: u64, code: NonZeroU8) -> Result<(), TableFull> {
        match self {
            SparseCodes::Narrow(table) => table.insert(used, code),
            SparseCodes::Wide(table) => table.insert(used, code),
        }
    }

    fn limit(&self) -> u64 {
        match self {
            SparseCodes::Narrow(table) => table.limit(),
            SparseCodes::Wide(table) => table.limit(),
        }
    }

    fn len(&self) -> u64 {
        match self {
            SparseCodes::Narrow(table) => table.len(),
            SparseCodes::Wide(table) => table.len(),
        }
    }

    fn set_deadline(&mut self, deadline: Deadline) {
        match self {
            SparseCodes::Narrow(table) => table.set_deadline(deadline),
            SparseCodes::Wide(table) => table.set_deadline(deadline),
        }
    }
}

/// Why the search stopped without a value.
enum Exhausted {
    /// The sparse memo ran out of states.
    States,
    /// The system refused the sparse memo's growth (the states it held are the memo's
    /// length). No payload: the search returns `Result<Code, Exhausted>` at every level, and
    /// a one-byte error keeps that result in registers.
    Refused,
    /// The analysis reached its time limit.
    Time,
}

impl From<TableFull> for Exhausted {
    fn from(full: TableFull) -> Self {
        match full {
            TableFull::Exhausted => Exhausted::States,
            TableFull::Refused { .. } => Exhausted::Refused,
            TableFull::TimeLimit => Exhausted::Time,
        }
    }
}

/// An exact Can I Win engine for one game, reusable across positions (its
/// memo persists, so analyzing the positions of a whole game costs little
/// more than the first).
///
/// # Complexity
///
/// With `n` the largest integer and `S <= 2^n` the states reachable from the
/// positions analyzed: time `O(S · n)` (every move of every state is
/// evaluated, to find the fastest win and the slowest loss); auxiliary
/// memory one byte per state, `2^n` bytes dense (1 MiB at `n = 20`, 64 MiB
/// at `n = 26`) while that fits [`AnalysisConfig::memory_cap_bytes`], else an
/// open-addressing table of the `S` visited states (up to
/// [`AnalysisConfig::state_budget`] and what fits the cap: one 8-byte slot per
/// state up to `n = 56`, 16 bytes beyond, at most three quarters full, 10.7 to
/// 21.3 bytes a state while it doubles), plus `O(n)` stack.
///
/// # Examples
///
/// ```
/// use gamesolve::analysis::{CanIWinAnalyzer, CanIWinPosition, MoveValue};
/// use gamesolve::{CanIWin, Outcome};
///
/// let game = CanIWin::new(10, 11)?;
/// let mut analyzer = CanIWinAnalyzer::new(game);
/// let start = analyzer.analyze(&CanIWinPosition::start())?;
/// assert_eq!(start.outcome, Outcome::SecondPlayerWins);
/// // After 1 is taken, the second player wins at once with 10.
/// let after = analyzer.analyze(&CanIWinPosition::from_numbers(&game, &[1])?)?;
/// assert_eq!((after.moves[0].number, after.moves[0].value), (10, MoveValue::Win));
/// assert_eq!(after.remoteness, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// See [`CanIWinAnalyzer::analyze`].
///
/// # See also
///
/// The solvers (`recursive`, `memo`, `tabular` backends) answer only the
/// start position, faster; [`can_i_win_all_totals`](super::can_i_win_all_totals) answers every total.
pub struct CanIWinAnalyzer {
    game: CanIWin,
    config: AnalysisConfig,
    memo: Memo,
    /// The time limit of the current [`CanIWinAnalyzer::analyze`] call, read once per 4,096
    /// positions searched.
    clock: DeadlineClock,
}

impl CanIWinAnalyzer {
    /// An engine for `game` with the default limits.
    pub fn new(game: CanIWin) -> Self {
        Self::with_config(game, AnalysisConfig::default())
    }

    /// An engine for `game` with the given limits.
    pub fn with_config(game: CanIWin, config: AnalysisConfig) -> Self {
        CanIWinAnalyzer {
            game,
            config,
            memo: Memo::None,
            clock: DeadlineClock::new(Deadline::NEVER),
        }
    }

    /// The game analyzed.
    pub const fn game(&self) -> &CanIWin {
        &self.game
    }

    /// Analyzes a position: its outcome and remoteness, the value of every
    /// available integer, and the principal variation.
    ///
    /// At the start of a game with `T == 0` the first player has already won
    /// (remoteness 0, no moves).
    ///
    /// # Errors
    ///
    /// - [`AnalysisError::InvalidPosition`] when the position's total
    ///   already reaches `T` (the game is over) or it uses integers beyond
    ///   the pool.
    /// - [`AnalysisError::Game`] with [`Error::BudgetExhausted`] (unit
    ///   `states`) when the dense memo exceeds the memory cap and the sparse
    ///   one runs out of its state limit (the state budget, or what fits the
    ///   cap); [`Error::AllocationFailed`] (parameter `states`) when the system
    ///   refuses the sparse memo's growth below that limit.
    /// - [`AnalysisError::Game`] with [`Error::TimeLimitReached`] when this call takes longer
    ///   than [`AnalysisConfig::time_limit`] (the memo keeps what it learnt).
    pub fn analyze(
        &mut self,
        position: &CanIWinPosition,
    ) -> Result<CanIWinAnalysis, AnalysisError> {
        let deadline = self.config.deadline();
        self.clock = DeadlineClock::with_period(deadline, CLOCK_PERIOD);
        if let Memo::Sparse(codes) = &mut self.memo {
            codes.set_deadline(deadline);
        }
        let game = self.game;
        let position = CanIWinPosition::from_mask(&game, position.used)?;
        let to_move = position.to_move();
        let total = position.total();
        let target = game.desired_total();
        if position.used == 0 && target == 0 {
            return Ok(CanIWinAnalysis {
                position,
                total,
                to_move,
                outcome: Outcome::FirstPlayerWins,
                value: MoveValue::Win,
                remoteness: 0,
                principal_variation: Vec::new(),
                moves: Vec::new(),
            });
        }
        if total >= target {
            return Err(AnalysisError::position(format!(
                "the game is over: the used numbers total {total}, which already reaches \
                 desired_total = {target}"
            )));
        }
        let moves = self.moves(position)?;
        let (value, remoteness) = match moves.first() {
            Some(best) => (best.value, best.remoteness),
            // Nothing left to take and T not reached: nobody can win.
            None => (MoveValue::Draw, 0),
        };
        let mut principal_variation = Vec::with_capacity(remoteness as usize);
        let mut line = position;
        let mut line_moves = moves.clone();
        while let Some(best) = line_moves.first() {
            let next = line.play(&game, best.number)?;
            let ply = CanIWinPly {
                player: line.to_move(),
                number: best.number,
                total: next.total(),
            };
            principal_variation.push(ply);
            if ply.total >= target {
                break;
            }
            line = next;
            line_moves = self.moves(line)?;
        }
        Ok(CanIWinAnalysis {
            position,
            total,
            to_move,
            outcome: to_move.outcome_of(value),
            value,
            remoteness,
            principal_variation,
            moves,
        })
    }

    /// The available integers of a live position (total below `T`) with
    /// their values, best first.
    fn moves(&mut self, position: CanIWinPosition) -> Result<Vec<CanIWinMove>, AnalysisError> {
        let game = self.game;
        let free = game.full_mask() & !position.used;
        let left = free.count_ones();
        let total = position.total();
        let remaining = game.desired_total() - total;
        let pool_left = game.pool_sum() - total;
        let mut moves: Vec<CanIWinMove> = if pool_left <= remaining {
            // Nobody can win (draw), or the last move wins: every move alike.
            let value = if pool_left < remaining {
                MoveValue::Draw
            } else if left % 2 == 1 {
                MoveValue::Win
            } else {
                MoveValue::Lose
            };
            bits(free)
                .map(|(_, number)| CanIWinMove {
                    number,
                    value,
                    remoteness: left,
                })
                .collect()
        } else {
            self.ensure_memo()?;
            let mut moves = Vec::with_capacity(left as usize);
            for (bit, number) in bits(free) {
                let code = if u64::from(number) >= remaining {
                    WIN | 1
                } else {
                    let child = self
                        .search(position.used | bit, remaining - u64::from(number))
                        .map_err(|why| self.exhausted(why))?;
                    through(child)
                };
                let (value, remoteness) = decode(code);
                moves.push(CanIWinMove {
                    number,
                    value,
                    remoteness,
                });
            }
            moves
        };
        moves.sort_by_key(move_rank);
        Ok(moves)
    }

    fn exhausted(&self, why: Exhausted) -> AnalysisError {
        match why {
            Exhausted::Time => {
                return AnalysisError::Game(self.clock.deadline().error(NAME, CanIWin::NAME))
            }
            Exhausted::Refused => {
                let states = match &self.memo {
                    Memo::Sparse(codes) => codes.len(),
                    _ => 0,
                };
                let slot = sparse_slot_bytes(self.game.max_choosable());
                return AnalysisError::Game(Error::AllocationFailed {
                    backend: NAME,
                    game: CanIWin::NAME,
                    parameter: "states",
                    value: states,
                    required_bytes: table_bytes(states.saturating_add(1), slot),
                    memory_cap_bytes: self.config.memory_cap_bytes,
                    hint: "; free some memory or raise the process memory limit",
                });
            }
            Exhausted::States => {}
        }
        let limit = match &self.memo {
            Memo::Sparse(codes) => codes.limit(),
            _ => 0,
        };
        AnalysisError::Game(Error::BudgetExhausted {
            backend: NAME,
            game: CanIWin::NAME,
            budget: limit,
            unit: "states",
            hint: if limit < self.config.state_budget {
                "; the memory cap bounds the analysis memo: raise it with --memory-cap"
            } else {
                "; raise the state budget with --state-budget"
            },
        })
    }

    /// Allocates the memo on first use: dense when `2^n` bytes fit the cap.
    fn ensure_memo(&mut self) -> Result<(), AnalysisError> {
        if !matches!(self.memo, Memo::None) {
            return Ok(());
        }
        let n = self.game.max_choosable();
        let dense_bytes = 1u128 << n;
        let cap = self.config.memory_cap_bytes;
        if dense_bytes <= u128::from(cap) {
            if let Ok(len) = usize::try_from(dense_bytes) {
                // Fallible, unlike `vec![0; len]`, which aborts when refused, and zeroed by the
                // allocator (calloc): the pages cost nothing until the search touches them, so
                // a time limit is not spent zeroing a gigabyte before the clock is first read.
                if let Ok(table) = bytemuck::allocation::try_zeroed_vec::<Code>(len) {
                    self.memo = Memo::Dense(table);
                    return Ok(());
                }
            }
        }
        let limit = states_within(cap, sparse_slot_bytes(n)).min(self.config.state_budget);
        self.memo = Memo::Sparse(SparseCodes::new(n, limit, self.clock.deadline()));
        Ok(())
    }

    /// The value of a live, undecided position for the player to move: the
    /// integers in `used` are gone, `remaining > 0` is still needed and the
    /// integers left sum to more than `remaining` (so no draw is reachable).
    fn search(&mut self, used: u64, remaining: u64) -> Result<Code, Exhausted> {
        let free = self.game.full_mask() & !used;
        if highest(free) >= remaining {
            return Ok(WIN | 1);
        }
        let known = match &self.memo {
            Memo::Dense(table) => table[used as usize],
            Memo::Sparse(codes) => codes.get(used),
            Memo::None => 0,
        };
        if known != 0 {
            return Ok(known);
        }
        if self.clock.tick() {
            return Err(Exhausted::Time);
        }
        let mut best: Code = 0;
        let mut rest = free;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            let value = u64::from(bit.trailing_zeros()) + 1;
            let candidate = through(self.search(used | bit, remaining - value)?);
            if rank(candidate) < rank(best) {
                best = candidate;
                // No position without an immediate win wins faster than in 3.
                if best == WIN | 3 {
                    break;
                }
            }
            rest &= rest - 1;
        }
        match &mut self.memo {
            Memo::Dense(table) => table[used as usize] = best,
            Memo::Sparse(codes) => {
                // Every live position has a move, so its code is known (not 0).
                if let Some(code) = NonZeroU8::new(best) {
                    codes.insert(used, code)?;
                }
            }
            Memo::None => {}
        }
        Ok(best)
    }
}

/// Analyzes one position of `game` with the default limits; see
/// [`CanIWinAnalyzer::analyze`].
///
/// ```
/// use gamesolve::analysis::{analyze_can_i_win, MoveValue};
/// use gamesolve::CanIWin;
///
/// // With 3 and 7 used (total 10), 8 wins at once for the first player.
/// let analysis = analyze_can_i_win(&CanIWin::new(10, 18)?, &[3, 7])?;
/// assert_eq!(analysis.moves[0].number, 8);
/// assert_eq!((analysis.value, analysis.remoteness), (MoveValue::Win, 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// As [`CanIWinAnalyzer::analyze`], and [`CanIWinPosition::from_numbers`]
/// for bad numbers.
pub fn analyze_can_i_win(game: &CanIWin, used: &[u32]) -> Result<CanIWinAnalysis, AnalysisError> {
    let position = CanIWinPosition::from_numbers(game, used)?;
    CanIWinAnalyzer::new(*game).analyze(&position)
}

/// The value of the highest integer in `free` (0 when empty).
#[inline(always)]
fn highest(free: u64) -> u64 {
    u64::from(64 - free.leading_zeros())
}

/// The set bits of `mask`, ascending, as `(bit, integer)` (bit `k` is integer `k + 1`), on the
/// shared [`set_bits`].
fn bits(mask: u64) -> impl Iterator<Item = (u64, u32)> {
    set_bits(mask).map(|k| (1u64 << k, k + 1))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn an_analysis_stops_at_its_time_limit_and_keeps_its_memo() {
        let game = CanIWin::new(20, 158).unwrap();
        let hasty = AnalysisConfig::default().with_time_limit(Some(std::time::Duration::ZERO));
        let mut analyzer = CanIWinAnalyzer::with_config(game, hasty);
        let err = analyzer.analyze(&CanIWinPosition::start()).unwrap_err();
        assert!(
            matches!(err, AnalysisError::Game(Error::TimeLimitReached { .. })),
            "{err}"
        );
        // The same engine without a limit still answers exactly.
        analyzer.config = AnalysisConfig::default();
        let analysis = analyzer.analyze(&CanIWinPosition::start()).unwrap();
        assert_eq!(analysis.outcome, Outcome::SecondPlayerWins);
    }

    /// `serve`'s `/api/play` runs one analysis per position under one deadline per request:
    /// once that deadline has passed, every later analysis stops too, although each has a
    /// time limit of its own that has not.
    #[test]
    fn analyses_sharing_a_deadline_stop_when_it_passes() {
        let game = CanIWin::new(20, 158).unwrap();
        let generous = AnalysisConfig::default()
            .with_time_limit(Some(std::time::Duration::from_secs(3600)))
            .with_shared_deadline(Deadline::after(Some(std::time::Duration::ZERO)));
        let mut analyzer = CanIWinAnalyzer::with_config(game, generous);
        for _ in 0..2 {
            let err = analyzer.analyze(&CanIWinPosition::start()).unwrap_err();
            assert!(
                matches!(err, AnalysisError::Game(Error::TimeLimitReached { .. })),
                "{err}"
            );
        }
        // The shared deadline far away: the analysis answers.
        analyzer.config = generous
            .with_shared_deadline(Deadline::after(Some(std::time::Duration::from_secs(3600))));
        let analysis = analyzer.analyze(&CanIWinPosition::start()).unwrap();
        assert_eq!(analysis.outcome, Outcome::SecondPlayerWins);
    }

    #[test]
    fn n20_t158_second_player_wins_in_16() {
        let mut analyzer = CanIWinAnalyzer::new(CanIWin::new(20, 158).unwrap());
        let a = analyzer.analyze(&CanIWinPosition::start()).unwrap();
        assert_eq!(a.outcome, Outcome::SecondPlayerWins);
        assert_eq!(a.remoteness, 16);
        assert_eq!(a.principal_variation.len(), 16);
        assert_eq!(a.principal_variation.last().unwrap().player, Player::Second);
        assert!(a.principal_variation.last().unwrap().total >= 158);
    }
}
