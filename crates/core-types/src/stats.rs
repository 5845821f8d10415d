//! Search statistics, counted only when asked for.
//!
//! Every backend is written once, generic over a [`Recorder`]. Solving with
//! [`NoStats`] compiles every counter away (its methods are empty and
//! `#[inline(always)]`), so the fast path pays nothing; solving with [`Stats`]
//! counts. The [`Solver`](crate::Solver) trait exposes both as
//! `solve_*` and `solve_*_with_stats`.

use serde::{Deserialize, Serialize};

use crate::{Game, GameEvent};

/// What a backend did to find an answer. One struct for every backend; a
/// counter that does not apply to a backend stays 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stats {
    /// Positions expanded: calls of the recursive function, or table cells
    /// computed by a bottom-up pass.
    pub positions: u64,
    /// Lookups answered from the memo without expanding the position.
    pub memo_hits: u64,
    /// Distinct states stored in the memo or table.
    pub states: u64,
    /// Cells in the table or memo as allocated (dense tables count every
    /// cell, used or not).
    pub table_cells: u64,
    /// Bytes of the table or memo as allocated.
    pub table_bytes: u64,
    /// Deepest recursion reached (the root is depth 1); 0 for bottom-up passes.
    pub max_depth: u64,
}

/// A sink for search counters and events of a [`Game`] `G`; see the [module docs](self).
///
/// Counters are the same for every game; [`Recorder::event`] carries the game's own positions
/// and values ([`GameEvent<G>`]).
pub trait Recorder<G: Game> {
    /// A position was expanded at `depth` (the root is depth 1).
    fn position(&mut self, depth: u64);
    /// `count` positions were computed by a bottom-up pass.
    fn positions(&mut self, count: u64);
    /// A memo lookup found a stored value.
    fn memo_hit(&mut self);
    /// `count` distinct states were stored.
    fn states_stored(&mut self, count: u64);
    /// A table of `cells` cells taking `bytes` bytes was allocated.
    fn table(&mut self, cells: u64, bytes: u64);

    /// A step of the search, for views that show what a backend did (see
    /// [`crate::events`]). Ignored by default, at no cost: [`NoStats`] and
    /// [`Stats`] keep this default.
    #[inline(always)]
    fn event(&mut self, event: GameEvent<G>) {
        let _ = event;
    }
}

/// Forwards to the recorder behind the reference, so a `&mut dyn Recorder`
/// can be handed to code generic over `R: Recorder` (the `*_traced`
/// methods of [`Solver`](crate::Solver) do this).
impl<G: Game, R: Recorder<G> + ?Sized> Recorder<G> for &mut R {
    #[inline(always)]
    fn position(&mut self, depth: u64) {
        (**self).position(depth);
    }
    #[inline(always)]
    fn positions(&mut self, count: u64) {
        (**self).positions(count);
    }
    #[inline(always)]
    fn memo_hit(&mut self) {
        (**self).memo_hit();
    }
    #[inline(always)]
    fn states_stored(&mut self, count: u64) {
        (**self).states_stored(count);
    }
    #[inline(always)]
    fn table(&mut self, cells: u64, bytes: u64) {
        (**self).table(cells, bytes);
    }
    #[inline(always)]
    fn event(&mut self, event: GameEvent<G>) {
        (**self).event(event);
    }
}

/// A [`Recorder`] that records nothing and costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoStats;

impl<G: Game> Recorder<G> for NoStats {
    #[inline(always)]
    fn position(&mut self, _depth: u64) {}
    #[inline(always)]
    fn positions(&mut self, _count: u64) {}
    #[inline(always)]
    fn memo_hit(&mut self) {}
    #[inline(always)]
    fn states_stored(&mut self, _count: u64) {}
    #[inline(always)]
    fn table(&mut self, _cells: u64, _bytes: u64) {}
}

impl<G: Game> Recorder<G> for Stats {
    #[inline]
    fn position(&mut self, depth: u64) {
        self.positions += 1;
        self.max_depth = self.max_depth.max(depth);
    }
    #[inline]
    fn positions(&mut self, count: u64) {
        self.positions += count;
    }
    #[inline]
    fn memo_hit(&mut self) {
        self.memo_hits += 1;
    }
    #[inline]
    fn states_stored(&mut self, count: u64) {
        self.states += count;
    }
    #[inline]
    fn table(&mut self, cells: u64, bytes: u64) {
        self.table_cells += cells;
        self.table_bytes += bytes;
    }
}
