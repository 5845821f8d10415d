//! The explanation's vocabulary, below everything that explains: its limits
//! ([`ExplainLimits`]), why a run could not be explained ([`ExplainError`]), and how a game's
//! table reads ([`TableView`]). The games, the registry and the views all import these; this
//! module imports only the crate's root types, the backends' error and the table layout.

use std::fmt::Write as _;

use super::layout::{self, TableCell, TableLayout};
use super::trace::TraceOverflow;
use crate::registry::BackendError;
use crate::{Error, Game};

/// Limits of an explanation run: the events its views keep, and the one
/// [`Limits`](crate::Limits), whose memory cap bounds the trace as it bounds the backends'
/// tables.
///
/// ```
/// use gamesolve::explain::ExplainLimits;
/// let limits = ExplainLimits::default().with_memory_cap(1 << 20);
/// assert_eq!(limits.memory_cap_bytes(), 1 << 20);
/// assert_eq!(limits.limits.memory_cap_bytes, Some(1 << 20));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ExplainLimits {
    /// Events kept for the views (default 200,000); the run itself goes on
    /// and is counted in full.
    pub max_events: usize,
    /// The limits; the trace reads the memory cap: the bytes the trace (events kept and the
    /// set of distinct positions) may hold (default [`DEFAULT_TRACE_MEMORY_CAP_BYTES`], 1 GiB);
    /// past it the run is not explained ([`ExplainError::TraceTooLarge`]).
    pub limits: crate::Limits,
}

/// The trace's default memory cap: 1 GiB, the default memory cap of the backends' tables.
pub const DEFAULT_TRACE_MEMORY_CAP_BYTES: u64 = crate::limits::DEFAULT_MEMORY_CAP_BYTES;

impl Default for ExplainLimits {
    fn default() -> Self {
        ExplainLimits {
            max_events: 200_000,
            limits: crate::Limits::new(),
        }
    }
}

impl ExplainLimits {
    /// The same limits keeping at most `events` events.
    pub const fn with_max_events(mut self, events: usize) -> Self {
        self.max_events = events;
        self
    }

    /// The same limits with the trace's memory capped at `bytes`.
    pub const fn with_memory_cap(mut self, bytes: u64) -> Self {
        self.limits = self.limits.with_memory_cap_bytes(bytes);
        self
    }

    /// The trace's memory cap in bytes (its default when not set).
    pub const fn memory_cap_bytes(&self) -> u64 {
        match self.limits.memory_cap_bytes {
            Some(bytes) => bytes,
            None => DEFAULT_TRACE_MEMORY_CAP_BYTES,
        }
    }

    /// The trace's reading of the one [`Limits`](crate::Limits): its memory cap bounds the
    /// trace as it bounds the backends' tables (the default events kept otherwise).
    pub fn from_limits(limits: &crate::Limits) -> Self {
        ExplainLimits {
            limits: *limits,
            ..ExplainLimits::default()
        }
    }
}

/// Why a run could not be explained.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExplainError {
    /// The backend or variant is not in this build, or does not apply to the game.
    Backend(BackendError),
    /// The backend gave up (budget, table size).
    Solve(Error),
    /// The trace of the run (its events and distinct positions) would not fit the memory cap,
    /// or the system refused its memory: the views would be incomplete, so the run is not
    /// explained. A "cannot answer", as [`ExplainError::Solve`] is.
    TraceTooLarge {
        /// The bytes the trace asked for when it stopped.
        required_bytes: u128,
        /// The memory cap in bytes.
        memory_cap_bytes: u64,
        /// True when the bytes were within the cap but the system refused them.
        refused_by_system: bool,
    },
}

impl ExplainError {
    /// The sentence with the limit it names worded by `words` (a front end's
    /// [`Wording`](crate::core_types::error::Wording)), as [`Error::worded`]; `Display` writes
    /// the library's words.
    pub fn worded(&self, words: &dyn crate::core_types::error::Wording) -> String {
        match self {
            ExplainError::Backend(e) => e.to_string(),
            ExplainError::Solve(e) => e.worded(words),
            ExplainError::TraceTooLarge {
                required_bytes,
                memory_cap_bytes,
                refused_by_system: true,
            } => format!(
                "explain cannot show this run: its trace needs {required_bytes} bytes, which the \
                 system refused (within the memory cap of {memory_cap_bytes} bytes); explain a \
                 smaller instance, or free some memory"
            ),
            ExplainError::TraceTooLarge {
                required_bytes,
                memory_cap_bytes,
                refused_by_system: false,
            } => format!(
                "explain cannot show this run: its trace needs {required_bytes} bytes, more than \
                 the memory cap of {memory_cap_bytes} bytes; explain a smaller instance, or raise \
                 the memory cap ({})",
                words.limit(crate::core_types::limits::Limit::MemoryCap)
            ),
        }
    }
}

impl std::fmt::Display for ExplainError {
    /// The sentence in the library's words ([`ExplainError::worded`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.worded(&crate::core_types::error::LibraryWords))
    }
}

impl std::error::Error for ExplainError {}

impl From<BackendError> for ExplainError {
    fn from(e: BackendError) -> Self {
        ExplainError::Backend(e)
    }
}

impl From<Error> for ExplainError {
    fn from(e: Error) -> Self {
        ExplainError::Solve(e)
    }
}

impl From<TraceOverflow> for ExplainError {
    fn from(overflow: TraceOverflow) -> Self {
        ExplainError::TraceTooLarge {
            required_bytes: overflow.required_bytes,
            memory_cap_bytes: overflow.memory_cap_bytes,
            refused_by_system: overflow.refused_by_system,
        }
    }
}

/// A game played on a graph (Cat and Mouse), as the teaching views draw and list it: its
/// nodes `0..nodes`, its undirected edges (each once, the smaller node first, in order) and
/// the nodes with a role (`0` the hole, `1` the Mouse's start, `2` the Cat's).
///
/// ```
/// use gamesolve::explain::GraphView;
///
/// let graph = GraphView::from_lists(&[vec![1, 2], vec![0], vec![0]], vec![(0, "hole".into())]);
/// assert_eq!(graph.edges, vec![(0, 1), (0, 2)]);
/// assert_eq!(graph.edge_list(), "0–1, 0–2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GraphView {
    /// The number of nodes.
    pub nodes: usize,
    /// Each undirected edge once, `(smaller, larger)`, sorted.
    pub edges: Vec<(u32, u32)>,
    /// The nodes with a role and its name.
    pub marks: Vec<(u32, String)>,
}

impl GraphView {
    /// The graph of adjacency lists `lists` (node `v`'s neighbours at `lists[v]`; an edge
    /// listed from both ends, or only one, is one edge), with `marks`. `O(E log E)`.
    pub fn from_lists(lists: &[Vec<u32>], marks: Vec<(u32, String)>) -> Self {
        let mut edges: Vec<(u32, u32)> = lists
            .iter()
            .enumerate()
            .flat_map(|(v, list)| {
                let v = u32::try_from(v).unwrap_or(u32::MAX);
                list.iter().map(move |&w| (v.min(w), v.max(w)))
            })
            .collect();
        edges.sort_unstable();
        edges.dedup();
        GraphView {
            nodes: lists.len(),
            edges,
            marks,
        }
    }

    /// The edges as text: `0–2, 0–5, 1–3`.
    pub fn edge_list(&self) -> String {
        self.edges
            .iter()
            .map(|(a, b)| format!("{a}–{b}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// How a bottom-up table reads in the teaching views. The default lists the cells in fill
/// order, one line each; a game may explain its table's shape (the built-in games do).
pub trait TableView: Game {
    /// The states a memo stored (each once, in the order their values were stored) laid out
    /// as the game's table, at most `max_lines` lines; `None` (the default) when the game's
    /// table view is about a bottom-up pass's fill order and says nothing true of a memo. A
    /// game whose [`TableView::table_text`] lays states out by their coordinates (Stone Game
    /// II by pile index and `M`) returns it here too.
    fn memo_table_text(
        &self,
        cells: &[(Self::Position, Self::Value)],
        max_lines: usize,
    ) -> Option<String> {
        let _ = (cells, max_lines);
        None
    }

    /// The game's board when it is a graph (Cat and Mouse's), for `explain` to list its edges
    /// and its `--html` file to draw it; `None` (the default) for a game not played on one.
    fn graph_view(&self) -> Option<GraphView> {
        None
    }

    /// The shape of the game's table for the teaching page's table view (Predict the
    /// Winner's triangle `m(i, j)`, Can I Win's subsets by layer, Stone Game II's
    /// `(pile, M)` grid); `None` (the default): the page shows the cells in fill order.
    fn table_layout(&self) -> Option<TableLayout> {
        None
    }

    /// Where `position` sits in [`TableView::table_layout`]; `None` (the default) for a
    /// position outside it, or a game without one.
    fn table_cell(&self, position: Self::Position) -> Option<TableCell> {
        let _ = position;
        None
    }

    /// The teaching view of a backend that walks no positions as data the page can draw step
    /// by step (the `reduction` backend's row and merges), at most `max_lines` steps, within
    /// the memory cap of `limits`; `None` (the default) when there is none, or it cannot be
    /// made (the text view then says why).
    fn own_view_data(
        &self,
        backend: &str,
        max_lines: usize,
        limits: &ExplainLimits,
    ) -> Option<serde_json::Value> {
        let _ = (backend, max_lines, limits);
        None
    }

    /// The table of a bottom-up pass as Graphviz DOT, titled `title`, at most `max_nodes`
    /// nodes; `None` (the default) for the fill-order graph every game gets.
    fn table_dot(
        &self,
        cells: &[(Self::Position, Self::Value)],
        title: &str,
        max_nodes: usize,
    ) -> Option<String> {
        let _ = (cells, title, max_nodes);
        None
    }

    /// The table of a bottom-up pass, at most `max_lines` lines: by default drawn at its
    /// coordinates for a game whose [`TableView::table_layout`] is a grid or a triangle
    /// ([`grid_text`](super::grid_text)), else in fill order.
    fn table_text(&self, cells: &[(Self::Position, Self::Value)], max_lines: usize) -> String {
        if let Some(text) = layout::grid_text(self, cells, max_lines) {
            return text;
        }
        let mut text = String::new();
        if cells.is_empty() {
            let _ = writeln!(text, "No table: the answer follows without one.");
            return text;
        }
        let _ = writeln!(
            text,
            "The table in fill order, one cell per line ({} cells):",
            cells.len()
        );
        for (step, (position, value)) in cells.iter().enumerate() {
            if step >= max_lines {
                let _ = writeln!(
                    text,
                    "  … {} more cells (raise --max-lines)",
                    cells.len() - step
                );
                break;
            }
            let _ = writeln!(
                text,
                "  {:>4}  {}  {value}",
                step + 1,
                self.show_position(*position)
            );
        }
        text
    }
}
