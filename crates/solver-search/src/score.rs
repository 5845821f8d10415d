//! What the search keeps of a position ([`Score`]): its value ([`Plain`]), its value and
//! whether it is over ([`Marked`]), or its value and remoteness ([`Ranked`]).

use core_types::{GameValue, Verdict};

/// What the search keeps of a position: its value alone, or its value and remoteness.
pub trait Score<V: GameValue>: Copy {
    /// The score of a position that is over with `value` for the player to move.
    fn terminal(value: V) -> Self;
    /// The score of a move worth `value` to the mover, whose reply position scored `reply`.
    fn after_move(value: V, reply: Self) -> Self;
    /// The value part.
    fn value(self) -> V;
    /// Whether this score is strictly better than `other` for the player to move.
    fn better_than(self, other: Self) -> bool;
    /// Whether no move can score better (the search then stops trying moves).
    fn cannot_be_beaten(self) -> bool;
    /// Whether this is the score of a position that is over ([`Score::terminal`]), as far as
    /// the score can tell: a memo keeps such positions too (so that the game is asked
    /// [`Game::terminal_value`](core_types::Game::terminal_value) once per position), and a lookup that finds one is not
    /// counted as a memo hit when this says so. `false` by default: [`Plain`] cannot tell,
    /// so its hits on positions that are over count as memo hits; [`Ranked`] (remoteness 0)
    /// and [`Marked`] can.
    #[inline(always)]
    fn is_terminal(self) -> bool {
        false
    }
}

/// The value alone: what a solver needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Plain<V>(pub V);

impl<V: GameValue> Score<V> for Plain<V> {
    #[inline(always)]
    fn terminal(value: V) -> Self {
        Plain(value)
    }
    #[inline(always)]
    fn after_move(value: V, _reply: Self) -> Self {
        Plain(value)
    }
    #[inline(always)]
    fn value(self) -> V {
        self.0
    }
    #[inline(always)]
    fn better_than(self, other: Self) -> bool {
        self.0 > other.0
    }
    #[inline(always)]
    fn cannot_be_beaten(self) -> bool {
        self.0.is_best_possible()
    }
}

/// The value and whether the position is over: [`Plain`] for a search that reports its memo
/// hits exactly as the recursion's repeated subtrees (the textbook memo), where a position
/// that is over, kept in the memo, is no hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Marked<V> {
    /// The value for the player to move.
    pub value: V,
    /// Whether the position is over.
    pub terminal: bool,
}

impl<V: GameValue> Score<V> for Marked<V> {
    #[inline(always)]
    fn terminal(value: V) -> Self {
        Marked {
            value,
            terminal: true,
        }
    }
    #[inline(always)]
    fn after_move(value: V, _reply: Self) -> Self {
        Marked {
            value,
            terminal: false,
        }
    }
    #[inline(always)]
    fn value(self) -> V {
        self.value
    }
    #[inline(always)]
    fn better_than(self, other: Self) -> bool {
        self.value > other.value
    }
    #[inline(always)]
    fn cannot_be_beaten(self) -> bool {
        self.value.is_best_possible()
    }
    #[inline(always)]
    fn is_terminal(self) -> bool {
        self.terminal
    }
}

/// The value and the remoteness (moves until the end under perfect play: the winner hurries,
/// the loser and a drawing player delay): what an analysis needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ranked<V> {
    /// The value for the player to move.
    pub value: V,
    /// Moves until the end (0 when the game is over).
    pub remoteness: u32,
}

impl<V: GameValue> Ranked<V> {
    /// How `self` compares with `other` for the player to move: a larger value is better; at
    /// equal values a win is better sooner, anything else later.
    pub fn cmp_for_mover(&self, other: &Self) -> std::cmp::Ordering {
        self.value.cmp(&other.value).then_with(|| {
            if self.value.verdict() == Verdict::Win {
                other.remoteness.cmp(&self.remoteness)
            } else {
                self.remoteness.cmp(&other.remoteness)
            }
        })
    }
}

impl<V: GameValue> Score<V> for Ranked<V> {
    fn terminal(value: V) -> Self {
        Ranked {
            value,
            remoteness: 0,
        }
    }
    fn after_move(value: V, reply: Self) -> Self {
        Ranked {
            value,
            remoteness: reply.remoteness.saturating_add(1),
        }
    }
    fn value(self) -> V {
        self.value
    }
    fn better_than(self, other: Self) -> bool {
        self.cmp_for_mover(&other).is_gt()
    }
    fn cannot_be_beaten(self) -> bool {
        // A win in one move: no value is larger and no win sooner.
        self.value.is_best_possible() && self.remoteness == 1
    }
    fn is_terminal(self) -> bool {
        // Every move adds one: only a position that is over is 0 moves from the end.
        self.remoteness == 0
    }
}
