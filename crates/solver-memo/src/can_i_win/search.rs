//! The recursive search both memo layouts share, over the [`Memo`] trait.

use core_types::{CanIWin, Deadline, DeadlineClock, Event, Recorder, Verdict};

/// Where the search keeps what it learned: dense table or sparse table.
pub(super) trait Memo {
    /// Why storing can fail: [`Infallible`] for the dense table.
    ///
    /// [`Infallible`]: std::convert::Infallible
    type Full;
    /// The stored answer for `used`, if any.
    fn get(&self, used: u64) -> Option<bool>;
    /// Stores the answer for `used`, a state not stored before.
    fn insert(&mut self, used: u64, wins: bool) -> Result<(), Self::Full>;
}

/// Why the search stopped without an answer.
#[derive(Debug)]
pub(super) enum Stop<F> {
    /// The memo could not store a state.
    Full(F),
    /// The deadline passed (ticked once per expanded state, the clock read once every
    /// [`DeadlineClock::PERIOD`] of them).
    TimeLimit,
}

/// The value of the highest integer in `free` (0 when empty).
#[inline(always)]
fn highest(free: u64) -> u64 {
    u64::from(64 - free.leading_zeros())
}

/// Runs the search from the empty set and returns the smallest winning first
/// integer. The game must not be settled (so `0 < T < n(n+1)/2`). Gives up when the memo is
/// full or `deadline` passes.
pub(super) fn search<M: Memo, R: Recorder<CanIWin>>(
    game: &CanIWin,
    memo: M,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<Option<u32>, Stop<M::Full>> {
    let mut search = Search {
        full: game.full_mask(),
        memo,
        clock: DeadlineClock::new(deadline),
        stopped: false,
        recorder,
    };
    search.recorder.position(1);
    search.recorder.event(Event::Enter(0));
    let best = search.smallest_winning_move(game.desired_total());
    // The deadline passed first: whatever happened while unwinding is moot.
    if search.stopped {
        return Err(Stop::TimeLimit);
    }
    let best = best.map_err(Stop::Full)?;
    let wins = Verdict::from_wins(best.is_some());
    search.recorder.event(Event::Leave(0, wins));
    Ok(best)
}

struct Search<'r, M, R> {
    /// Bits `0..n` set: the whole pool.
    full: u64,
    memo: M,
    /// Ticked once per expanded state.
    clock: DeadlineClock,
    /// The deadline passed. Every later expansion then returns "loses" at
    /// once without storing anything, so each frame above wins at its
    /// current move and returns: the search unwinds in one step per frame,
    /// with meaningless values (stored in a memo that is then discarded, and
    /// reported in no event), and no error path in the recursion (the dense
    /// table's search has none at all).
    stopped: bool,
    recorder: &'r mut R,
}

impl<M: Memo, R: Recorder<CanIWin>> Search<'_, M, R> {
    /// The root's move loop: the smallest integer that reaches `total` or
    /// leaves a losing position.
    #[inline(always)]
    fn smallest_winning_move(&mut self, total: u64) -> Result<Option<u32>, M::Full> {
        let mut free = self.full;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            let value = bit.trailing_zeros() + 1;
            let value_u64 = u64::from(value);
            if value_u64 >= total || self.loses_after(bit, self.full ^ bit, total - value_u64)? {
                return Ok(Some(value));
            }
            free &= free - 1;
        }
        Ok(None)
    }

    /// Whether the player to move loses when `used` is taken, `free` is left
    /// and `remaining > 0` is still needed.
    #[inline(always)]
    fn loses_after(&mut self, used: u64, free: u64, remaining: u64) -> Result<bool, M::Full> {
        // The largest free integer reaches the total: the mover wins at once.
        Ok(highest(free) < remaining && !self.wins(used, remaining)?)
    }

    /// Whether the player to move wins when `used` is taken and `remaining`
    /// is still needed, given that no single free integer reaches it.
    #[inline(always)]
    fn wins(&mut self, used: u64, remaining: u64) -> Result<bool, M::Full> {
        if let Some(known) = self.memo.get(used) {
            self.recorder.memo_hit();
            if !self.stopped {
                let value = Verdict::from_wins(known);
                self.recorder.event(Event::MemoHit(used, value));
            }
            return Ok(known);
        }
        self.expand(used, remaining)
    }

    /// Solves and stores a position not in the memo; as [`Self::wins`].
    fn expand(&mut self, used: u64, remaining: u64) -> Result<bool, M::Full> {
        if self.clock.tick() {
            return Ok(self.stop());
        }
        self.recorder.position(u64::from(used.count_ones()) + 1);
        self.recorder.event(Event::Enter(used));
        let free = self.full & !used;
        // Every free integer is below `remaining`. Taking `v` leaves the
        // opponent `remaining - v`, reachable at once with the largest free
        // integer `h` (when `v != h`) iff `v >= remaining - h`: such moves
        // lose on the spot and need no search. Only the smaller ones, and `h`
        // itself when the next largest cannot answer it, are candidates.
        let top = highest(free);
        let limit = remaining - top; // >= 1
        let mut candidates = free & low_values(limit - 1);
        if top != 0 {
            let top_bit = 1u64 << (top - 1);
            if highest(free ^ top_bit) < limit {
                candidates |= top_bit;
            }
        }
        // Largest first. No candidate leaves the opponent an immediate win,
        // which is what `wins` assumes.
        let mut wins = false;
        while candidates != 0 {
            let index = 63 - candidates.leading_zeros();
            let bit = 1u64 << index;
            let value = u64::from(index) + 1;
            if !self.wins(used | bit, remaining - value)? {
                wins = true;
                break;
            }
            candidates ^= bit;
        }
        self.memo.insert(used, wins)?;
        self.recorder.states_stored(1);
        if !self.stopped {
            let value = Verdict::from_wins(wins);
            self.recorder.event(Event::Leave(used, value));
        }
        Ok(wins)
    }

    /// The deadline has passed: marks the search stopped and has every later tick read the
    /// clock again (and find it passed), so that every later expansion stops too; the
    /// position "loses", which ends the move loop of the frame above.
    #[cold]
    #[inline(never)]
    fn stop(&mut self) -> bool {
        self.stopped = true;
        self.clock = DeadlineClock::new(self.clock.deadline());
        false
    }
}

/// The bits of the integers `1..=count`.
#[inline(always)]
fn low_values(count: u64) -> u64 {
    if count >= 64 {
        u64::MAX
    } else {
        (1u64 << count) - 1
    }
}
