//! The solved table of a retrograde pass, and where each reached position's cells are.

use core_types::search::Ranked;
use core_types::{Game, GameValue, Indexed};
use hashbrown::HashMap;

/// Where the cells of a reached position are (its *slot*), by the game's index.
#[derive(Clone, Debug)]
pub(super) enum Slots {
    /// One cell per index of the game (the slot is the index), and one bit per index saying
    /// whether it was reached: for a numbering the start reaches much of.
    Dense {
        /// Bit `i` is set when index `i` was reached.
        reached: Vec<u64>,
    },
    /// Cells only for the positions reached, in the order they were reached, found by a hash
    /// map from index to slot: for a numbering much larger than what the start reaches.
    Sparse {
        /// Index → slot.
        map: HashMap<u32, u32>,
    },
}

impl Slots {
    /// The slot of `index`, `None` when it was not reached.
    #[inline]
    pub(super) fn get(&self, index: usize) -> Option<usize> {
        match self {
            Slots::Dense { reached } => {
                let word = reached.get(index / 64)?;
                (word >> (index % 64) & 1 == 1).then_some(index)
            }
            Slots::Sparse { map } => {
                let index = u32::try_from(index).ok()?;
                map.get(&index).map(|&slot| slot as usize)
            }
        }
    }
}

/// What the pass knows of one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell<V> {
    /// Not reachable from the start (not computed).
    Unreached,
    /// Decided with this value for the player to move, this many moves from the end (the
    /// round of the propagation that decided it).
    Decided {
        /// The value for the player to move.
        value: V,
        /// Moves to the end under perfect play; 0 for a terminal position.
        remoteness: u32,
    },
    /// Never decided: perfect play never ends ([`GameValue::endless`]).
    Endless,
}

/// The solved table of one game: every reachable position's [`Cell`], by index.
#[derive(Clone, Debug)]
pub struct RetrogradeTable<G: Game> {
    pub(super) values: Vec<Option<G::Value>>,
    pub(super) remoteness: Vec<u32>,
    pub(super) slots: Slots,
    /// The index of each slot, with sparse slots (empty with dense ones).
    pub(super) indices: Vec<u32>,
    /// Positions reachable from the start.
    pub positions: u64,
    /// Moves between them.
    pub edges: u64,
    /// Terminal positions among them.
    pub terminal: u64,
    /// Positions decided (the rest are endless).
    pub decided: u64,
    /// Bytes the pass allocated.
    pub bytes: u128,
}

impl<G: Indexed> RetrogradeTable<G> {
    /// What the pass knows of the position with index `index`.
    pub fn cell(&self, index: usize) -> Cell<G::Value> {
        let Some(slot) = self.slots.get(index) else {
            return Cell::Unreached;
        };
        match self.values[slot] {
            Some(value) => Cell::Decided {
                value,
                remoteness: self.remoteness[slot],
            },
            None => Cell::Endless,
        }
    }

    /// What the pass knows of `position`.
    pub fn cell_of(&self, game: &G, position: G::Position) -> Cell<G::Value> {
        self.cell(game.index(position))
    }

    /// The value of `position` (endless play as [`GameValue::endless`]), `None` when it was not
    /// reached or has no value.
    pub fn value_of(&self, game: &G, position: G::Position) -> Option<G::Value> {
        match self.cell_of(game, position) {
            Cell::Decided { value, .. } => Some(value),
            Cell::Endless => G::Value::endless(),
            Cell::Unreached => None,
        }
    }

    /// The score of each move at `position` (reached by the pass), in the game's order: the
    /// move's value for the mover and the moves to the end (`u32::MAX` for endless play);
    /// moves into positions without a value are left out.
    pub fn move_scores(&self, game: &G, position: G::Position) -> Vec<(G::Move, Ranked<G::Value>)> {
        let mut scores = Vec::new();
        for mv in game.moves(position) {
            let child = game.play(position, mv);
            let (reply, remoteness) = match self.cell_of(game, child) {
                Cell::Decided { value, remoteness } => (value, remoteness.saturating_add(1)),
                Cell::Endless => match G::Value::endless() {
                    Some(value) => (value, u32::MAX),
                    None => continue,
                },
                Cell::Unreached => continue,
            };
            let value = game.move_value(position, mv, reply);
            scores.push((mv, Ranked { value, remoteness }));
        }
        scores
    }

    /// The indices of the reachable positions, in index order.
    pub fn reached_indices(&self) -> Vec<usize> {
        match &self.slots {
            Slots::Dense { reached } => set_bits_in(reached).collect(),
            Slots::Sparse { .. } => {
                let mut indices: Vec<usize> = self.indices.iter().map(|&i| i as usize).collect();
                indices.sort_unstable();
                indices
            }
        }
    }

    /// Whether the cells are kept for the reached positions only (a hash map from index to
    /// cell), as for a numbering larger than [`super::DENSE_INDICES`]; else one cell per index.
    pub fn is_sparse(&self) -> bool {
        matches!(self.slots, Slots::Sparse { .. })
    }
}

/// The indices of the set bits of `words` (bit `k` of word `w` is index `64 w + k`).
pub(super) fn set_bits_in(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words
        .iter()
        .enumerate()
        .flat_map(|(w, &word)| core_types::bits::set_bits(word).map(move |k| w * 64 + k as usize))
}
