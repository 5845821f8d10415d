//! The solved table of a retrograde pass, and where each reached position's cells are.

use std::hash::BuildHasher;

use core_types::{Game, GameValue, Indexed};
use hashbrown::{DefaultHashBuilder, HashMap, HashTable};
use solver_search::Ranked;

/// The id of each reached position (its place in the order the pass reached them, where its
/// cells are), by the game's index.
#[derive(Clone, Debug)]
pub(super) enum Ids {
    /// One entry per index of the game: the id plus one, 0 when the index was not reached;
    /// for a numbering the start reaches much of.
    Dense {
        /// Index → id + 1.
        ids: Vec<u32>,
    },
    /// A hash map from index to id: for a numbering much larger than what the start reaches.
    Sparse {
        /// Index → id.
        map: HashMap<u32, u32>,
    },
}

/// Where a solved table finds a reached index's cell.
#[derive(Clone, Debug)]
pub(super) enum Reached<V> {
    /// By its id ([`Ids`]), in the table's slots.
    Ids(Ids),
    /// The acyclic path's sparse lookup: each reached index with a copy of its cell in one
    /// entry, so that a move's child is one probe of one table, not a probe and then a read of
    /// its cell elsewhere (each a cache miss once the table outgrows the cache). The
    /// counter-based pass changes its cells long after it finds their ids, so it keeps ids.
    Cells {
        /// Reached index → cell.
        cells: HashTable<Known<V>>,
        /// The cells' hasher.
        hasher: DefaultHashBuilder,
    },
}

/// One entry of [`Reached::Cells`]: a reached index and its cell (no value while the acyclic
/// path has the position on its path).
#[derive(Clone, Copy, Debug)]
pub(super) struct Known<V> {
    /// The position's index.
    pub(super) index: u32,
    /// A finished position's remoteness.
    pub(super) remoteness: u32,
    /// A finished position's value; `None` while it is on the search's path.
    pub(super) value: Option<V>,
}

impl<V> Known<V> {
    /// The entry of `index` in `cells`, `None` when it was not reached.
    #[inline]
    pub(super) fn find<'a>(
        cells: &'a HashTable<Known<V>>,
        hasher: &DefaultHashBuilder,
        index: u32,
    ) -> Option<&'a Known<V>> {
        cells.find(hasher.hash_one(index), |known| known.index == index)
    }
}

impl Ids {
    /// The id of `index`, below the game's position count (so within a dense array), `None`
    /// when it was not reached.
    #[inline]
    pub(super) fn get_unchecked_len(&self, index: usize) -> Option<usize> {
        match self {
            Ids::Dense { ids } => ids[index].checked_sub(1).map(|id| id as usize),
            Ids::Sparse { map } => map.get(&(index as u32)).map(|&id| id as usize),
        }
    }

    /// The id of `index`, `None` when it was not reached.
    #[inline]
    pub(super) fn get(&self, index: usize) -> Option<usize> {
        match self {
            Ids::Dense { ids } => ids.get(index)?.checked_sub(1).map(|id| id as usize),
            Ids::Sparse { map } => {
                let index = u32::try_from(index).ok()?;
                map.get(&index).map(|&id| id as usize)
            }
        }
    }
}

/// What the pass keeps of one position reached, in one place.
#[derive(Clone, Copy, Debug)]
pub(super) struct Slot<V> {
    /// A decided position's value; before, the best of its moves decided so far.
    pub(super) value: Option<V>,
    /// Moves not yet decided; 0 once the position is decided.
    pub(super) remaining: u32,
    /// A decided position's remoteness; before, that of the best move decided so far.
    pub(super) remoteness: u32,
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
    pub(super) slots: Vec<Slot<G::Value>>,
    pub(super) reached: Reached<G::Value>,
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
        let (value, remoteness) = match &self.reached {
            Reached::Ids(ids) => {
                let Some(id) = ids.get(index) else {
                    return Cell::Unreached;
                };
                (self.slots[id].value, self.slots[id].remoteness)
            }
            Reached::Cells { cells, hasher } => {
                let Some(known) = u32::try_from(index)
                    .ok()
                    .and_then(|index| Known::find(cells, hasher, index))
                else {
                    return Cell::Unreached;
                };
                (known.value, known.remoteness)
            }
        };
        match value {
            Some(value) => Cell::Decided { value, remoteness },
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
        let mut indices: Vec<usize> = match &self.reached {
            Reached::Ids(Ids::Dense { ids }) => {
                return (0..ids.len()).filter(|&i| ids[i] != 0).collect();
            }
            Reached::Ids(Ids::Sparse { map }) => map.keys().map(|&i| i as usize).collect(),
            Reached::Cells { cells, .. } => cells.iter().map(|k| k.index as usize).collect(),
        };
        indices.sort_unstable();
        indices
    }

    /// Whether a reached position's cells are found by a hash map from index to cell, as for a
    /// numbering larger than [`super::DENSE_INDICES`]; else by an array of one entry per index.
    /// Either way the cells are kept for the positions reached only.
    pub fn is_sparse(&self) -> bool {
        !matches!(self.reached, Reached::Ids(Ids::Dense { .. }))
    }
}
