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
//! Solvers and the analysis hold a [`Limits`] (they never copy its fields into types of their
//! own) and read each limit through the `*_or_default` methods when a solve starts. At most three
//! types carry two or more limits: this one, and the command line's and the server's parsing
//! structs, which parse straight into it (ARCHITECTURE.md lists them).
//!
//! # The defaults, and why
//!
//! A library caller who sets nothing gets the defaults below: solve what fits in memory, and
//! stop with a typed "cannot answer" error (never an abort or a wrong answer) past it.
//!
//! - **Memory cap** ([`DEFAULT_MEMORY_CAP_BYTES`], 1 GiB): bounds every table a backend, the
//!   analysis or `explain` allocates, so a default run stays within the memory of an ordinary
//!   machine.
//! - **State budget** ([`DEFAULT_STATE_BUDGET`]: none of its own, `u64::MAX`): a memo stores as
//!   many states as fit in the memory cap, each memo counting its own entries' bytes (a sparse
//!   Can I Win memo of `n <= 63` holds 50,331,648 states in 1 GiB, a hash map of 8-byte
//!   positions some 30 million). It was a fixed 3,000,000 states until issue 27: that refused
//!   games a library user expects to solve (Domineering 6x6 needs 6.5 million states with a
//!   cutting memo) although they fit in a tenth of the memory cap. A caller who wants a hopeless
//!   search to give up sooner sets one (the command line's `compare` and `serve` do, see
//!   ARCHITECTURE.md).
//! - **Node budget** ([`DEFAULT_NODE_BUDGET`], 10^8 positions): bounds plain recursion, which
//!   stores nothing and would otherwise run on for exponential time (about a minute).
//! - **Time limit**: none.
//!
//! Each error that stops at a limit names its field (`Limits::state_budget`, see [`Limit`]); a
//! caller who wants more raises that field (a front end names its own spelling of it: the
//! command line's `--state-budget`).
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

/// States a memo (`memo`, the analysis) stores before giving up when the caller sets no budget:
/// no budget of its own (`u64::MAX`), so the memory cap bounds how many states fit (see the
/// [module docs](self) for why).
pub const DEFAULT_STATE_BUDGET: u64 = u64::MAX;

/// The most indices of an [`Indexed`](crate::Indexed) game for which a table indexed by
/// position keeps one cell per index (`memo/indexed`, `tabular/retrograde` over reversed
/// edges): 2^24. Past it, a table keeps cells only for the positions the search reaches, in a
/// hash map, because a numbering that large usually names far more than the start reaches
/// (Domineering 5x5: 2^26 indices, 455,317 positions reached) and allocating, zeroing and
/// touching one cell per index would cost more than the whole search. Below it, a table of
/// every index costs at most a few tens of milliseconds and no hashing.
pub const DENSE_INDICES: u64 = 1 << 24;

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
    /// ([`DEFAULT_STATE_BUDGET`]: as many as fit in the memory cap).
    pub state_budget: Option<u64>,
    /// Every backend and command: wall-clock time one solve may take before giving up with
    /// [`Error::TimeLimitReached`](crate::Error::TimeLimitReached); `None` for no limit. The
    /// clock starts when the solve does (see [`crate::deadline`]).
    pub time_limit: Option<Duration>,
}

impl Limits {
    /// No limit set: every limit takes its default (the same as [`Limits::default`], in a
    /// `const` context).
    pub const fn new() -> Self {
        Limits {
            node_budget: None,
            memory_cap_bytes: None,
            state_budget: None,
            time_limit: None,
        }
    }

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

    /// The same limits with another node budget.
    #[must_use]
    pub const fn with_node_budget(mut self, positions: u64) -> Self {
        self.node_budget = Some(positions);
        self
    }

    /// The same limits with another memory cap, in bytes.
    #[must_use]
    pub const fn with_memory_cap_bytes(mut self, bytes: u64) -> Self {
        self.memory_cap_bytes = Some(bytes);
        self
    }

    /// The same limits with another state budget.
    #[must_use]
    pub const fn with_state_budget(mut self, states: u64) -> Self {
        self.state_budget = Some(states);
        self
    }

    /// The same limits with another time limit (`None`: no limit).
    #[must_use]
    pub const fn with_time_limit(mut self, limit: Option<Duration>) -> Self {
        self.time_limit = limit;
        self
    }
}

/// What a solver or an analysis is configured by: one [`Limits`]. The builder's setters are
/// written here once, over [`WithLimits::limits_mut`], for every type that holds its limits
/// (each backend's solver, `memo/bounded`, the analysis' configuration); a limit left `None`
/// keeps its default.
///
/// ```
/// use core_types::{Limits, WithLimits};
///
/// /// A solver of yours that reads the one `Limits`.
/// #[derive(Default)]
/// struct Mine { limits: Limits }
/// impl WithLimits for Mine {
///     fn limits_mut(&mut self) -> &mut Limits { &mut self.limits }
/// }
///
/// let mine = Mine::default().with_state_budget(1_000).with_memory_cap_bytes(1 << 20);
/// assert_eq!(mine.limits.state_budget, Some(1_000));
/// assert_eq!(mine.limits.memory_cap_or_default(), 1 << 20);
/// assert_eq!(mine.with_limits(Limits::new()).limits, Limits::new());
/// ```
pub trait WithLimits: Sized {
    /// The limits it reads.
    fn limits_mut(&mut self) -> &mut Limits;

    /// The same with every limit at once.
    #[must_use]
    fn with_limits(self, limits: Limits) -> Self {
        self.map_limits(|_| limits)
    }

    /// The same with its limits changed by `change`.
    #[must_use]
    fn map_limits(mut self, change: impl FnOnce(Limits) -> Limits) -> Self {
        let limits = self.limits_mut();
        *limits = change(*limits);
        self
    }

    /// The same with another node budget: positions a search may expand before it gives up
    /// with [`Error::BudgetExhausted`](crate::Error::BudgetExhausted).
    #[must_use]
    fn with_node_budget(self, positions: u64) -> Self {
        self.map_limits(|limits| limits.with_node_budget(positions))
    }

    /// The same with another memory cap, in bytes: the largest table it may allocate.
    #[must_use]
    fn with_memory_cap_bytes(self, bytes: u64) -> Self {
        self.map_limits(|limits| limits.with_memory_cap_bytes(bytes))
    }

    /// The same with another state budget: how many states a sparse memo may store.
    #[must_use]
    fn with_state_budget(self, states: u64) -> Self {
        self.map_limits(|limits| limits.with_state_budget(states))
    }

    /// The same with another time limit for each solve (`None`: no limit); a solve that
    /// reaches it gives up with [`Error::TimeLimitReached`](crate::Error::TimeLimitReached).
    #[must_use]
    fn with_time_limit(self, limit: Option<Duration>) -> Self {
        self.map_limits(|limits| limits.with_time_limit(limit))
    }
}

/// One of the four fields of [`Limits`], as an error names it: a library error that stops at a
/// limit says which field to raise (``(`Limits::state_budget`)``), and each front end maps the
/// field to its own spelling (the command line's `--state-budget`, a JSON request's
/// `state_budget`) in one place.
///
/// ```
/// use core_types::limits::Limit;
/// assert_eq!(Limit::StateBudget.to_string(), "`Limits::state_budget`");
/// assert_eq!(Limit::MemoryCap.words(), "memory cap");
/// assert_eq!(Limit::ALL.map(Limit::field), ["node_budget", "memory_cap_bytes", "state_budget", "time_limit"]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// [`Limits::node_budget`].
    NodeBudget,
    /// [`Limits::memory_cap_bytes`].
    MemoryCap,
    /// [`Limits::state_budget`].
    StateBudget,
    /// [`Limits::time_limit`].
    TimeLimit,
}

impl Limit {
    /// The four, in the order of [`Limits`]' fields.
    pub const ALL: [Limit; 4] = [
        Limit::NodeBudget,
        Limit::MemoryCap,
        Limit::StateBudget,
        Limit::TimeLimit,
    ];

    /// The field's name in [`Limits`]: `node_budget`, `memory_cap_bytes`, `state_budget`,
    /// `time_limit`.
    pub const fn field(self) -> &'static str {
        match self {
            Limit::NodeBudget => "node_budget",
            Limit::MemoryCap => "memory_cap_bytes",
            Limit::StateBudget => "state_budget",
            Limit::TimeLimit => "time_limit",
        }
    }

    /// The limit in words: `node budget`, `memory cap`, `state budget`, `time limit`.
    pub const fn words(self) -> &'static str {
        match self {
            Limit::NodeBudget => "node budget",
            Limit::MemoryCap => "memory cap",
            Limit::StateBudget => "state budget",
            Limit::TimeLimit => "time limit",
        }
    }
}

impl std::fmt::Display for Limit {
    /// ``` `Limits::state_budget` ```, the way an error names the field.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "`Limits::{}`", self.field())
    }
}
