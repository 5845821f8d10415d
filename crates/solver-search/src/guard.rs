//! What stops a search, apart from its hot path: the error it keeps and unwinds with, the
//! memory cap over the memo, the stack segments, the move lists and the path, and the path of
//! a game whose positions may repeat. Most of it is cold and out of line; what the hot path
//! calls is `#[inline]`, so it may still be inlined into the search wherever the compiler
//! places it (a split of one file into two modules must not change the search's code).

use core_types::{Error, Game, Recorder};

use super::{other_bytes, stack, MemoPolicy, MemoRefusal, Pace, Score, Search, Stopped, SEGMENT};

impl<G, S, M, R, T> Search<'_, G, S, M, R, T>
where
    G: Game,
    S: Score<G::Value>,
    M: MemoPolicy<G::Position, S>,
    R: Recorder<G>,
    T: Pace,
{
    /// Keeps `error` for [`Search::take_error`] and unwinds.
    #[cold]
    #[inline(never)]
    pub(super) fn fail(&mut self, error: Error) -> Stopped {
        self.failed.get_or_insert(error);
        Stopped
    }

    /// The error the recursion stopped with.
    #[cold]
    #[inline]
    pub(super) fn take_error(&mut self) -> Error {
        // Only `fail` makes a `Stopped`, and it keeps its error first.
        #[allow(clippy::expect_used)]
        self.failed
            .take()
            .expect("a search stops only through `fail`, which keeps the error")
    }

    /// Bytes held beside the memo that count against the cap: the stack segments, the move
    /// lists' buffers, the path's positions (when kept) and what the game holds
    /// ([`Game::held_bytes`]).
    #[inline]
    pub(super) fn other_bytes(&self) -> u64 {
        other_bytes(
            self.stack_bytes,
            self.buffer_bytes,
            self.path.as_ref(),
            self.game,
        )
    }

    /// One more move list for the first position at `depth` (slot `slot`), the bytes held
    /// beside the memo checked against the cap first: a search that goes ever deeper (a game
    /// that does not end) stops at the cap even without a memo.
    #[cold]
    #[inline(never)]
    pub(super) fn deeper(&mut self, slot: usize, depth: u64) -> Result<(), Stopped> {
        let lists = slot.saturating_add(1);
        if lists > self.buffers.capacity() {
            let grown = lists.max(self.buffers.capacity() * 2);
            let before = self.buffers.capacity() * size_of::<Vec<G::Move>>();
            self.buffer_bytes += (grown * size_of::<Vec<G::Move>>() - before) as u64;
            if let Err(e) = self.within_cap(depth, 0) {
                return Err(self.fail(e));
            }
            self.buffers.reserve_exact(grown - self.buffers.len());
        }
        self.buffers.resize_with(lists, Vec::new);
        Ok(())
    }

    /// The pace's error ([`Pace::error`]), kept for [`Search::take_error`].
    #[cold]
    #[inline(never)]
    pub(super) fn paced_out(&mut self) -> Stopped {
        let e = self.pace.error(&self.names, G::NAME);
        self.fail(e)
    }

    /// `position` joins the search's path (kept when positions may repeat), or the search
    /// stops: it is on the path already. Out of line: most games keep no path, and its hash
    /// set's code would take room in every level's stack frame.
    #[inline(never)]
    pub(super) fn enter_path(&mut self, position: G::Position) -> Result<(), Stopped> {
        if let Some(path) = &mut self.path {
            if !path.insert(position) {
                let e = self.repeats(position);
                return Err(self.fail(e));
            }
        }
        Ok(())
    }

    /// `position` leaves the search's path (see [`Search::enter_path`]).
    #[inline(never)]
    pub(super) fn leave_path(&mut self, position: G::Position) {
        if let Some(path) = &mut self.path {
            path.remove(&position);
        }
    }

    /// The error for `position` met again on the search's path.
    #[cold]
    #[inline]
    pub(super) fn repeats(&self, position: G::Position) -> Error {
        Error::PositionRepeats {
            backend: self.names.who,
            game: G::NAME,
            position: self.game.show_position(position),
        }
    }

    /// [`Search::no_moves`], kept for [`Search::take_error`].
    #[cold]
    #[inline(never)]
    pub(super) fn fail_no_moves(&mut self, position: G::Position) -> Stopped {
        let e = self.no_moves(position);
        self.fail(e)
    }

    #[inline]
    pub(super) fn no_moves(&self, position: G::Position) -> Error {
        Error::NoMoves {
            game: G::NAME,
            position: self.game.show_position(position),
        }
    }

    /// Counts a new stack segment for the search at `depth`, or refuses it past the cap;
    /// returns the bytes counted, to give back when the segment is unmapped.
    #[inline]
    pub(super) fn admit_segment(&mut self, depth: u64) -> Result<u64, Error> {
        let segment = stack::segment_mapping_bytes(SEGMENT);
        self.within_cap(depth, segment)?;
        self.stack_bytes += segment;
        Ok(segment)
    }

    /// Whether the memo, the bytes held beside it and `more` bytes fit the cap; the error
    /// names the search's `depth` otherwise.
    #[inline]
    pub(super) fn within_cap(&self, depth: u64, more: u64) -> Result<(), Error> {
        let required = self.memo.bytes() + u128::from(self.other_bytes()) + u128::from(more);
        if required > u128::from(self.cap) {
            return Err(Error::TableTooLarge {
                backend: self.names.who,
                game: G::NAME,
                parameter: "depth",
                value: depth,
                required_bytes: required,
                memory_cap_bytes: self.cap,
                hint: self.names.cap_hint,
            });
        }
        Ok(())
    }

    /// The memo's refusal as an error, kept for [`Search::take_error`].
    #[cold]
    #[inline(never)]
    pub(super) fn refused(&mut self, refusal: MemoRefusal) -> Stopped {
        let (who, game) = (self.names.who, G::NAME);
        let e = match refusal {
            MemoRefusal::Budget { budget } => Error::BudgetExhausted {
                backend: who,
                game,
                budget,
                unit: "states",
                hint: &[],
            },
            MemoRefusal::Cap {
                states,
                required_bytes,
            } => Error::TableTooLarge {
                backend: who,
                game,
                parameter: "states",
                value: states,
                required_bytes,
                memory_cap_bytes: self.cap,
                hint: self.names.cap_hint,
            },
            MemoRefusal::Allocation {
                states,
                required_bytes,
            } => Error::AllocationFailed {
                backend: who,
                game,
                parameter: "states",
                value: states,
                required_bytes,
                memory_cap_bytes: self.cap,
                hint: &[],
            },
        };
        self.fail(e)
    }
}
