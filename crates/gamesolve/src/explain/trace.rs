//! [`Trace`]: the recorder that keeps a run's events for the teaching views.

use std::collections::HashSet;
use std::fmt;

use crate::{Event, Game, GameEvent, Recorder, Stats};

/// A [`Recorder`] that counts like [`Stats`] and keeps the first
/// `max_events` search events, and the set of distinct positions seen.
///
/// ```
/// use gamesolve::explain::Trace;
/// use gamesolve::{CanIWin, Event, Recorder};
///
/// let mut trace = Trace::<CanIWin>::new(1);
/// trace.position(1);
/// trace.event(Event::Enter(0));
/// trace.event(Event::Enter(1));
/// assert_eq!(trace.events().len(), 1);
/// assert_eq!(trace.dropped(), 1);
/// assert_eq!(trace.distinct_positions(), 2);
/// ```
pub struct Trace<G: Game> {
    stats: Stats,
    events: Vec<GameEvent<G>>,
    max_events: usize,
    dropped: u64,
    distinct: HashSet<G::Position>,
}

impl<G: Game> Trace<G> {
    /// A trace keeping at most `max_events` events (later ones are counted
    /// as [`Trace::dropped`]).
    pub fn new(max_events: usize) -> Self {
        Trace {
            stats: Stats::default(),
            events: Vec::new(),
            max_events,
            dropped: 0,
            distinct: HashSet::new(),
        }
    }

    /// The counters, as [`Stats`] would have counted them.
    pub const fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The events kept, in order.
    pub fn events(&self) -> &[GameEvent<G>] {
        &self.events
    }

    /// Events not kept because the trace was full.
    pub const fn dropped(&self) -> u64 {
        self.dropped
    }

    /// Distinct positions expanded or computed (entered or filled), counted
    /// over the whole run, kept events or not.
    pub fn distinct_positions(&self) -> usize {
        self.distinct.len()
    }
}

impl<G: Game> Recorder<G> for Trace<G> {
    fn position(&mut self, depth: u64) {
        Recorder::<G>::position(&mut self.stats, depth);
    }
    fn positions(&mut self, count: u64) {
        Recorder::<G>::positions(&mut self.stats, count);
    }
    fn memo_hit(&mut self) {
        Recorder::<G>::memo_hit(&mut self.stats);
    }
    fn states_stored(&mut self, count: u64) {
        Recorder::<G>::states_stored(&mut self.stats, count);
    }
    fn table(&mut self, cells: u64, bytes: u64) {
        Recorder::<G>::table(&mut self.stats, cells, bytes);
    }
    fn event(&mut self, event: GameEvent<G>) {
        if let Event::Enter(node) | Event::Cell(node, _) = event {
            self.distinct.insert(node);
        }
        if self.events.len() < self.max_events {
            self.events.push(event);
        } else {
            self.dropped += 1;
        }
    }
}

impl<G: Game> Clone for Trace<G> {
    fn clone(&self) -> Self {
        Trace {
            stats: self.stats,
            events: self.events.clone(),
            max_events: self.max_events,
            dropped: self.dropped,
            distinct: self.distinct.clone(),
        }
    }
}

impl<G: Game> fmt::Debug for Trace<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Trace")
            .field("stats", &self.stats)
            .field("events", &self.events.len())
            .field("dropped", &self.dropped)
            .field("distinct", &self.distinct.len())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CanIWin, Verdict};

    #[test]
    fn the_cap_keeps_the_first_events_and_counts_the_rest() {
        let mut trace = Trace::<CanIWin>::new(2);
        Recorder::<CanIWin>::position(&mut trace, 1);
        trace.event(Event::Enter(0));
        trace.event(Event::Enter(1));
        trace.event(Event::Cell(3, Verdict::Win));
        trace.event(Event::Leave(1, Verdict::Loss));
        assert_eq!(trace.events().len(), 2);
        assert_eq!(trace.dropped(), 2);
        // Distinct positions are counted over the whole run, kept or not.
        assert_eq!(trace.distinct_positions(), 3);
        assert_eq!(trace.stats().positions, 1);
    }
}
