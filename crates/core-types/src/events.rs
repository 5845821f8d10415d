//! Search events: what a backend did, step by step, for views that show it
//! (the `gamesolve explain` call trees and tables).
//!
//! Backends report events through [`Recorder::event`](crate::Recorder::event),
//! whose default does nothing and is `#[inline(always)]`: [`NoStats`] and
//! [`Stats`] keep that default, so the solving paths pay nothing for them. A
//! recorder that overrides `event` sees, in order:
//!
//! - [`Event::Enter`] when a recursive search starts expanding a position
//!   (right after [`Recorder::position`](crate::Recorder::position)), and the
//!   matching [`Event::Leave`] with its value when it is done: the events nest
//!   like the calls, so they rebuild the call tree;
//! - [`Event::MemoHit`] when a memo lookup answers a position without
//!   expanding it (alongside [`Recorder::memo_hit`](crate::Recorder::memo_hit));
//! - [`Event::Cell`] when a bottom-up pass computes one cell of its table, in
//!   fill order.
//!
//! A search that gives up (budget, size) stops sending events; an `Enter`
//! may then have no `Leave`.
//!
//! [`NoStats`]: crate::NoStats
//! [`Stats`]: crate::Stats

/// One step of a search on a game with positions `P` and values `V` (for a [`Game`]
/// `G`: [`GameEvent<G>`]); see the [module docs](self).
///
/// [`Game`]: crate::Game
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Event<P, V> {
    /// The search starts expanding the position.
    Enter(P),
    /// The search finished the position most recently entered and not yet
    /// left, with this value for the player to move.
    Leave(P, V),
    /// A memo lookup answered the position without expanding it.
    MemoHit(P, V),
    /// A bottom-up pass computed the position's cell.
    Cell(P, V),
}

impl<P: Copy, V: Copy> Event<P, V> {
    /// The position the event is about.
    pub const fn position(&self) -> P {
        match *self {
            Event::Enter(p) | Event::Leave(p, _) | Event::MemoHit(p, _) | Event::Cell(p, _) => p,
        }
    }
}

/// The events of a [`Game`](crate::Game): its own positions and values.
pub type GameEvent<G> = Event<<G as crate::Game>::Position, <G as crate::Game>::Value>;

#[cfg(test)]
mod tests {
    use crate::{CanIWin, Event, GameEvent, NoStats, Recorder, Stats, Verdict};

    /// A recorder that keeps the events.
    #[derive(Default)]
    struct Log(Vec<GameEvent<CanIWin>>);

    impl Recorder<CanIWin> for Log {
        fn position(&mut self, _depth: u64) {}
        fn positions(&mut self, _count: u64) {}
        fn memo_hit(&mut self) {}
        fn states_stored(&mut self, _count: u64) {}
        fn table(&mut self, _cells: u64, _bytes: u64) {}
        fn event(&mut self, event: GameEvent<CanIWin>) {
            self.0.push(event);
        }
    }

    fn search<R: Recorder<CanIWin>>(recorder: &mut R) {
        let root = 0;
        recorder.position(1);
        recorder.event(Event::Enter(root));
        recorder.memo_hit();
        recorder.event(Event::MemoHit(1, Verdict::Win));
        recorder.event(Event::Leave(root, Verdict::Loss));
    }

    #[test]
    fn the_default_ignores_events_and_an_override_sees_them() {
        let mut stats = Stats::default();
        search(&mut stats);
        assert_eq!((stats.positions, stats.memo_hits), (1, 1));
        search(&mut NoStats);
        let mut log = Log::default();
        search(&mut log);
        assert_eq!(log.0.len(), 3);
        assert_eq!(log.0[0], Event::Enter(0));
    }
}
