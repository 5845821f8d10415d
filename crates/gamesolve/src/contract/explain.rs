//! The JSON of `explain --json`: the answer and the counters that explain it
//! ([`ExplainReport`]).

use serde::Serialize;

use crate::explain::Explanation;
use crate::{Outcome, Stats, TableGame};

/// The JSON of `explain --json`.
#[derive(Clone, Debug, Serialize)]
pub struct ExplainReport {
    game: &'static str,
    backend: &'static str,
    variant: &'static str,
    outcome: Outcome,
    positions: u64,
    distinct_states: usize,
    memo_hits: u64,
    stats: Stats,
    events_kept: usize,
    events_dropped: u64,
    /// The listed variant whose algorithm the trace shows (`per-mask` for `tabular/word`).
    kernel: &'static str,
}

impl ExplainReport {
    /// The report of one explanation.
    pub fn new<G: TableGame>(e: &Explanation<G>) -> Self {
        ExplainReport {
            game: G::NAME,
            backend: e.backend(),
            variant: e.variant(),
            outcome: e.game().outcome(e.answer()),
            positions: e.stats().positions,
            distinct_states: e.trace().distinct_positions(),
            memo_hits: e.stats().memo_hits,
            stats: *e.stats(),
            events_kept: e.trace().events().len(),
            events_dropped: e.trace().dropped(),
            kernel: e.kernel(),
        }
    }
}
