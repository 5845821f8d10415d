//! What a search learns of a position from the game before it looks the position up:
//! [`SearchFacts`], the answer of [`Game::search_facts`](super::Game::search_facts).

/// A position's winning move now or its bounds, and a word for the move order; see
/// [`Game::search_facts`](super::Game::search_facts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchFacts<V, M> {
    /// A move that ends the game at once with the best value the position can have
    /// ([`Game::winning_move_now`](super::Game::winning_move_now)); the other fields are
    /// then not read.
    pub wins_with: Option<M>,
    /// Bounds (lower, upper) on the value
    /// ([`Game::value_bounds`](super::Game::value_bounds)).
    pub bounds: Option<(V, V)>,
    /// What the game keeps of this call's work for
    /// [`Game::search_moves_after`](super::Game::search_moves_after) (0 when nothing).
    pub scan: u64,
}

impl<V, M> SearchFacts<V, M> {
    /// A position with a move that wins at once.
    pub const fn wins_with(mv: M) -> Self {
        SearchFacts {
            wins_with: Some(mv),
            bounds: None,
            scan: 0,
        }
    }

    /// A position with no such move, its bounds when known, and the word `scan`.
    pub const fn bounded(bounds: Option<(V, V)>, scan: u64) -> Self {
        SearchFacts {
            wins_with: None,
            bounds,
            scan,
        }
    }
}
