//! The one limits type: node budget, memory cap, state budget and time limit, with their
//! defaults stated once.
//!
//! Every front end (the command line's flags, a `batch` run, `serve`'s per-request limits, a
//! library call) fills one [`Limits`]; each backend and each command reads the limits that
//! apply to it and ignores the others, the way each engine of `regex-automata` reads one
//! `Config`: `recursive` the node budget, `memo` the memory cap and the state budget, `tabular`
//! the memory cap, every backend the time limit; the analysis engine translates them into its
//! `AnalysisConfig` (memory cap, state budget, time limit), `explain` into its trace's memory
//! cap. A limit left `None` takes its default below.
//!
//! # The defaults, and why
//!
//! A library caller who sets nothing gets the same defaults as the command line: solve what
//! fits in memory, and stop with a typed "cannot answer" error (never an abort or a wrong
//! answer) past it. The memory cap ([`DEFAULT_MEMORY_CAP_BYTES`], 1 GiB) bounds every table a
//! backend, the analysis or `explain` allocates, so a default run stays within the memory of
//! an ordinary machine; the state budget ([`DEFAULT_STATE_BUDGET`], 3,000,000 states) bounds
//! what a hash map memo stores, whose entries cost more than a dense table's cells; the node
//! budget ([`DEFAULT_NODE_BUDGET`], 10^8 positions) bounds plain recursion, which stores
//! nothing and would otherwise run on for exponential time; there is no time limit. Each
//! error that stops at a limit names it, and a caller who wants more raises that field of
//! [`Limits`] (the command line's `--memory-cap`, `--state-budget`, `--node-budget`,
//! `--time-limit`).
//!
//! ```
//! use core_types::limits::{Limits, DEFAULT_MEMORY_CAP_BYTES};
//! use std::time::Duration;
//!
//! let limits = Limits {
//!     node_budget: Some(1_000),
//!     time_limit: Some(Duration::from_millis(500)),
//!     ..Limits::default()
//! };
//! assert_eq!(limits.node_budget_or_default(), 1_000);
//! assert_eq!(limits.memory_cap_or_default(), DEFAULT_MEMORY_CAP_BYTES);
//! ```

use std::time::Duration;

use crate::Deadline;

/// Positions plain recursion (`recursive`) expands before giving up: 10^8.
pub const DEFAULT_NODE_BUDGET: u64 = 100_000_000;

/// The largest table a backend or the analysis allocates, in bytes: 1 GiB.
pub const DEFAULT_MEMORY_CAP_BYTES: u64 = 1 << 30;

/// States a sparse memo (`memo`, the analysis) stores before giving up: 3,000,000.
pub const DEFAULT_STATE_BUDGET: u64 = 3_000_000;

/// The limits of one solve or one command; `None` keeps the default, and a limit a backend
/// does not use is ignored by it. See the [module docs](self).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// `recursive`: positions to expand before giving up ([`DEFAULT_NODE_BUDGET`]).
    pub node_budget: Option<u64>,
    /// `memo`, `tabular`, the analysis, `explain`'s trace: the largest table to allocate, in
    /// bytes ([`DEFAULT_MEMORY_CAP_BYTES`]).
    pub memory_cap_bytes: Option<u64>,
    /// `memo`'s sparse tables and the analysis: states to store before giving up
    /// ([`DEFAULT_STATE_BUDGET`]).
    pub state_budget: Option<u64>,
    /// Every backend and command: wall-clock time one solve may take before giving up with
    /// [`Error::TimeLimitReached`](crate::Error::TimeLimitReached); `None` for no limit. The
    /// clock starts when the solve does (see [`crate::deadline`]).
    pub time_limit: Option<Duration>,
}

impl Limits {
    /// The node budget, or its default.
    pub fn node_budget_or_default(&self) -> u64 {
        self.node_budget.unwrap_or(DEFAULT_NODE_BUDGET)
    }

    /// The memory cap, or its default.
    pub fn memory_cap_or_default(&self) -> u64 {
        self.memory_cap_bytes.unwrap_or(DEFAULT_MEMORY_CAP_BYTES)
    }

    /// The state budget, or its default.
    pub fn state_budget_or_default(&self) -> u64 {
        self.state_budget.unwrap_or(DEFAULT_STATE_BUDGET)
    }

    /// The deadline of a solve that starts now.
    pub fn deadline(&self) -> Deadline {
        Deadline::after(self.time_limit)
    }
}
