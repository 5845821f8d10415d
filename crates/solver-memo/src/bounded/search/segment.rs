//! The search's stack segments: a new one where the stack nears its floor, counted against
//! the memory cap with the other bytes held beside the table.

use core_types::{Error, Game, Recorder};
use solver_search::stack::{self, StackRefused};

use super::{Cut, Place, Searcher, CAP_HINT, RED_ZONE, SEGMENT};
use crate::bounded::table::{Keying, Store};
use crate::segments::admit_segment;
use crate::NAME;

impl<G: Game, K: Keying<G>, R: Recorder<G>, S: Store<K::Key, G::Value>> Searcher<'_, G, K, R, S> {
    /// [`Searcher::expand`] on a new stack segment, counted against the cap (the stack is
    /// near its floor at `depth`).
    #[cold]
    #[inline(never)]
    pub(super) fn expand_on_new_segment(
        &mut self,
        position: G::Position,
        place: Place<K::Key>,
        low: Option<Cut<G::Value>>,
        high: Option<Cut<G::Value>>,
        depth: u64,
        reply: bool,
    ) -> Result<G::Value, Error> {
        let segment = self.admit_segment(depth)?;
        let refused = |refused: StackRefused| refused.error(NAME, G::NAME, &[]);
        let outer_floor = self.stack_floor;
        let value = stack::grow_fallible(SEGMENT, refused, || {
            self.stack_floor = stack::floor(RED_ZONE);
            self.expand(position, place, low, high, depth, reply)
        });
        self.stack_floor = outer_floor;
        self.stack_bytes -= segment;
        value
    }

    /// Bytes held beside the table that count against the same cap: the stack segments, the
    /// path's positions (when kept) and what the game holds ([`Game::held_bytes`]).
    pub(crate) fn other_bytes(&self) -> u64 {
        let path = self.path.as_ref().map_or(0, |path| {
            solver_search::map_bytes::<G::Position, ()>(path.capacity())
        });
        self.stack_bytes
            .saturating_add(u64::try_from(path).unwrap_or(u64::MAX))
            .saturating_add(self.game.held_bytes())
    }

    /// Counts a new stack segment at `depth`, or refuses it past the cap.
    fn admit_segment(&mut self, depth: u64) -> Result<u64, Error> {
        let held = u128::from(self.table.bytes()) + u128::from(self.other_bytes());
        let segment = admit_segment(SEGMENT, held, self.cap, depth, G::NAME, CAP_HINT)?;
        self.stack_bytes += segment;
        Ok(segment)
    }
}
