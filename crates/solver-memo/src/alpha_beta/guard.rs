//! What stops the alpha-beta search, apart from its hot path: the error it keeps and unwinds
//! with, the time limit, the path of a game whose positions may repeat, and the bytes held
//! beside the table (stack segments, the path) against the memory cap. Cold and out of line,
//! or `#[inline]` where the hot path calls it, so the split leaves the search's code as it was.

use core_types::{Error, Game, Recorder};
use solver_search::map_bytes;

use super::table::CAP_HINT;
use super::{Searcher, Stopped, SEGMENT};
use crate::segments::admit_segment;
use crate::NAME;

impl<G: Game, R: Recorder<G>> Searcher<'_, G, R> {
    /// Keeps `error` for the solve to return, and unwinds.
    #[cold]
    #[inline(never)]
    pub(super) fn fail(&mut self, error: Error) -> Stopped {
        self.failed.get_or_insert(error);
        Stopped
    }

    /// The time limit's error, kept.
    #[cold]
    #[inline(never)]
    pub(super) fn timed_out(&mut self) -> Stopped {
        let e = self.clock.deadline().error(NAME, G::NAME);
        self.fail(e)
    }

    /// The error of a position with no move that is not over, kept.
    #[cold]
    #[inline(never)]
    pub(super) fn fail_no_moves(&mut self, position: G::Position) -> Stopped {
        let e = Error::NoMoves {
            game: G::NAME,
            position: self.game.show_position(position),
        };
        self.fail(e)
    }

    /// `position` joins the search's path (kept when positions may repeat), or the search
    /// stops: it is on the path already.
    #[inline(never)]
    pub(super) fn enter_path(&mut self, position: G::Position) -> Result<(), Stopped> {
        if let Some(path) = &mut self.path {
            if !path.insert(position) {
                let e = Error::PositionRepeats {
                    backend: NAME,
                    game: G::NAME,
                    position: self.game.show_position(position),
                };
                return Err(self.fail(e));
            }
        }
        Ok(())
    }

    /// `position` leaves the search's path (see [`Searcher::enter_path`]).
    #[inline(never)]
    pub(super) fn leave_path(&mut self, position: G::Position) {
        if let Some(path) = &mut self.path {
            path.remove(&position);
        }
    }

    /// One more move list, for the first position at `slot`'s depth.
    #[cold]
    #[inline(never)]
    pub(super) fn deeper(&mut self, slot: usize) {
        self.buffers.resize_with(slot.saturating_add(1), Vec::new);
    }

    /// Bytes held beside the table that count against the same cap: the stack segments, the
    /// path's positions (when kept) and what the game holds ([`Game::held_bytes`]).
    #[inline]
    pub(super) fn other_bytes(&self) -> u64 {
        let path = self
            .path
            .as_ref()
            .map_or(0, |path| map_bytes::<G::Position, ()>(path.capacity()));
        self.stack_bytes
            .saturating_add(u64::try_from(path).unwrap_or(u64::MAX))
            .saturating_add(self.game.held_bytes())
    }

    /// Counts a new stack segment at `depth`, or refuses it past the cap.
    #[inline]
    pub(super) fn admit_segment(&mut self, depth: u64) -> Result<u64, Error> {
        let held = self.table.bytes() + u128::from(self.other_bytes());
        let segment = admit_segment(SEGMENT, held, self.cap, depth, G::NAME, CAP_HINT)?;
        self.stack_bytes += segment;
        Ok(segment)
    }
}
