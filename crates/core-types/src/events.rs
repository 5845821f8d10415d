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

/// The position an [`Event`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Node {
    /// A Can I Win position: the set of used integers (bit `k` is integer
    /// `k + 1`).
    Used(u64),
    /// A Predict the Winner position: the values `a[first..=last]` still on
    /// the table (0-based, `first <= last`).
    Interval {
        /// Index of the leftmost value left.
        first: usize,
        /// Index of the rightmost value left.
        last: usize,
    },
}

/// What a search found a [`Node`] to be worth, for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NodeValue {
    /// Can I Win: whether the player to move wins.
    Wins(bool),
    /// Predict the Winner: the best margin of the player to move over the
    /// values left (their share minus the opponent's).
    Margin(i128),
}

/// One step of a search; see the [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Event {
    /// The search starts expanding the position.
    Enter(Node),
    /// The search finished the position most recently entered and not yet
    /// left, with this value.
    Leave(Node, NodeValue),
    /// A memo lookup answered the position without expanding it.
    MemoHit(Node, NodeValue),
    /// A bottom-up pass computed the position's cell.
    Cell(Node, NodeValue),
}

#[cfg(test)]
mod tests {
    use crate::{Event, NoStats, Node, NodeValue, Recorder, Stats};

    /// A recorder that keeps the events.
    #[derive(Default)]
    struct Log(Vec<Event>);

    impl Recorder for Log {
        fn position(&mut self, _depth: u64) {}
        fn positions(&mut self, _count: u64) {}
        fn memo_hit(&mut self) {}
        fn states_stored(&mut self, _count: u64) {}
        fn table(&mut self, _cells: u64, _bytes: u64) {}
        fn event(&mut self, event: Event) {
            self.0.push(event);
        }
    }

    fn search<R: Recorder>(recorder: &mut R) {
        let root = Node::Used(0);
        recorder.position(1);
        recorder.event(Event::Enter(root));
        recorder.memo_hit();
        recorder.event(Event::MemoHit(Node::Used(1), NodeValue::Wins(true)));
        recorder.event(Event::Leave(root, NodeValue::Wins(false)));
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
        assert_eq!(log.0[0], Event::Enter(Node::Used(0)));
    }
}
