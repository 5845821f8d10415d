//! [`Trace`]: the recorder that keeps a run's events for the teaching views.

use std::collections::HashSet;
use std::fmt;

use crate::{Event, Game, GameEvent, Recorder, Stats};

/// A [`Recorder`] that counts like [`Stats`] and keeps the first
/// `max_events` search events, and the set of distinct positions seen.
///
/// Its memory is bounded: the event list and the set grow by fallible allocation, and only
/// while their bytes (see [`Trace::bytes`]) stay within the memory cap
/// ([`Trace::with_memory_cap`]). Past the cap, or when the system refuses the growth, the
/// trace stops keeping anything and records it in [`Trace::overflow`]; the counters go on.
///
/// ```
/// use gamesolve::explain::Trace;
/// use gamesolve::{CanIWin, core_types::{Event, Recorder}};
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
    memory_cap_bytes: u64,
    overflow: Option<TraceOverflow>,
}

/// Why a [`Trace`] stopped keeping events and positions: the memory it would have needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TraceOverflow {
    /// The bytes the trace asked for (its event list and position set after the growth).
    pub required_bytes: u128,
    /// The memory cap in bytes.
    pub memory_cap_bytes: u64,
    /// True when the bytes were within the cap but the system refused them.
    pub refused_by_system: bool,
}

impl<G: Game> Trace<G> {
    /// A trace keeping at most `max_events` events (later ones are counted
    /// as [`Trace::dropped`]).
    ///
    /// Its memory cap is unbounded (`u64::MAX`); see [`Trace::with_memory_cap`].
    pub fn new(max_events: usize) -> Self {
        Trace {
            stats: Stats::default(),
            events: Vec::new(),
            max_events,
            dropped: 0,
            distinct: HashSet::new(),
            memory_cap_bytes: u64::MAX,
            overflow: None,
        }
    }

    /// The same trace, keeping at most `memory_cap_bytes` bytes of events and positions.
    ///
    /// ```
    /// use gamesolve::explain::Trace;
    /// use gamesolve::{CanIWin, core_types::{Event, Recorder}};
    ///
    /// let mut trace = Trace::<CanIWin>::new(1_000).with_memory_cap(1_000);
    /// for position in 0..1_000 {
    ///     trace.event(Event::Enter(position));
    /// }
    /// let overflow = trace.overflow().expect("1,000 positions do not fit 1,000 bytes");
    /// assert_eq!(overflow.memory_cap_bytes, 1_000);
    /// assert!(overflow.required_bytes > 1_000);
    /// assert!(trace.bytes() <= 1_000);
    /// ```
    pub const fn with_memory_cap(mut self, memory_cap_bytes: u64) -> Self {
        self.memory_cap_bytes = memory_cap_bytes;
        self
    }

    /// The bytes held by the event list and the position set (their allocated capacity:
    /// a slot and a control byte per bucket of the set, at most 7/8 of them used).
    pub fn bytes(&self) -> u128 {
        vec_bytes::<GameEvent<G>>(self.events.capacity())
            + set_bytes::<G::Position>(self.distinct.capacity())
    }

    /// Set when the trace stopped keeping events and positions because they would not fit the
    /// memory cap (or the system refused them): the run's views would be incomplete.
    pub const fn overflow(&self) -> Option<TraceOverflow> {
        self.overflow
    }

    /// Checks that growing to `required` bytes fits the cap, then runs the fallible `grow`;
    /// records the overflow and returns false otherwise.
    fn grow(&mut self, required: u128, grow: impl FnOnce(&mut Self) -> bool) -> bool {
        if required > u128::from(self.memory_cap_bytes) {
            self.overflow = Some(TraceOverflow {
                required_bytes: required,
                memory_cap_bytes: self.memory_cap_bytes,
                refused_by_system: false,
            });
            return false;
        }
        if !grow(self) {
            self.overflow = Some(TraceOverflow {
                required_bytes: required,
                memory_cap_bytes: self.memory_cap_bytes,
                refused_by_system: true,
            });
            return false;
        }
        true
    }

    /// Keeps `node` in the set of distinct positions; false when it would not fit.
    fn keep_position(&mut self, node: G::Position) -> bool {
        if self.distinct.len() == self.distinct.capacity() && !self.distinct.contains(&node) {
            let grown = self.distinct.capacity() + 1;
            let required =
                vec_bytes::<GameEvent<G>>(self.events.capacity()) + set_bytes::<G::Position>(grown);
            if !self.grow(required, |t| t.distinct.try_reserve(1).is_ok()) {
                return false;
            }
        }
        self.distinct.insert(node);
        true
    }

    /// Keeps `event` in the list; false when it would not fit.
    fn keep_event(&mut self, event: GameEvent<G>) -> bool {
        if self.events.len() == self.events.capacity() {
            let grown = (self.events.capacity() * 2).max(4).min(self.max_events);
            let required = vec_bytes::<GameEvent<G>>(grown)
                + set_bytes::<G::Position>(self.distinct.capacity());
            let more = grown - self.events.len();
            if !self.grow(required, |t| t.events.try_reserve_exact(more).is_ok()) {
                return false;
            }
        }
        self.events.push(event);
        true
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
        if self.overflow.is_some() {
            self.dropped += 1;
            return;
        }
        if let Event::Enter(node) | Event::Cell(node, _) = event {
            if !self.keep_position(node) {
                self.dropped += 1;
                return;
            }
        }
        if self.events.len() >= self.max_events || !self.keep_event(event) {
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
            memory_cap_bytes: self.memory_cap_bytes,
            overflow: self.overflow,
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
            .field("overflow", &self.overflow)
            .finish()
    }
}

/// Bytes of a vector of `capacity` elements of `T`.
fn vec_bytes<T>(capacity: usize) -> u128 {
    capacity as u128 * std::mem::size_of::<T>() as u128
}

/// Bytes of a hash set holding `capacity` elements of `T`: hashbrown keeps at most 7/8 of a
/// power-of-two number of buckets full, each bucket a slot and a control byte.
fn set_bytes<T>(capacity: usize) -> u128 {
    if capacity == 0 {
        return 0;
    }
    let buckets = (capacity as u128 * 8).div_ceil(7).next_power_of_two();
    buckets * (std::mem::size_of::<T>() as u128 + 1)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
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

    #[test]
    fn the_memory_cap_stops_the_trace_and_says_so() {
        let mut trace = Trace::<CanIWin>::new(1 << 20).with_memory_cap(64 << 10);
        for position in 0..100_000u64 {
            Recorder::<CanIWin>::position(&mut trace, 1);
            trace.event(Event::Enter(position));
        }
        let overflow = trace.overflow().unwrap();
        assert!(!overflow.refused_by_system);
        assert!(overflow.required_bytes > 64 << 10);
        assert!(trace.bytes() <= 64 << 10, "{}", trace.bytes());
        // The counters go on; what was not kept is counted as dropped.
        assert_eq!(trace.stats().positions, 100_000);
        assert_eq!(trace.events().len() as u64 + trace.dropped(), 100_000);
        // Without a cap nothing overflows.
        let mut free = Trace::<CanIWin>::new(10);
        for position in 0..1_000u64 {
            free.event(Event::Enter(position));
        }
        assert_eq!(free.overflow(), None);
        assert_eq!(free.distinct_positions(), 1_000);
    }
}
