//! Teaching views: what a backend actually did to find its answer.
//!
//! The backends report every step of their search as
//! [`Event`]s through their [`Recorder`](crate::Recorder) (a no-op for the solving paths,
//! see [`core_types::events`]). [`Trace`] is a recorder that keeps them, and
//! an [`Explanation`] turns one traced run into:
//!
//! - the **call tree** of `recursive` and `memo` ([`Explanation::tree_text`]):
//!   each call with its position and value, memo hits marked, depth-limited
//!   and size-capped with a note when cut;
//! - the **table and its fill order** of `tabular`
//!   ([`Explanation::table_text`]);
//! - a **Graphviz DOT** picture ([`Explanation::dot`]): the tree of
//!   `recursive` (one node per call), the DAG of `memo` (one node per
//!   distinct position, memo hits in red), the dependency DAG of `tabular`'s
//!   cells;
//! - the summary "positions expanded X vs distinct positions Y"
//!   ([`Explanation::summary`]): tree versus DAG.
//!
//! Every view is written once against the game vocabulary ([`Game`]): positions and moves
//! read as the game shows them, so a user's own game gets the same views. A game may add a
//! richer table view by implementing [`TableView`] (the built-in games do).
//!
//! The module is split by concern: [`trace`](Trace) records, `tree` rebuilds the call tree and
//! writes it as text, `dot` writes Graphviz, and one module per built-in game writes its table.
//!
//! # Example
//!
//! ```
//! use gamesolve::explain::ExplainLimits;
//! use gamesolve::games::explain_can_i_win;
//! use gamesolve::{Backend, CanIWin, core_types::SolverConfig};
//!
//! let game = CanIWin::new(5, 11)?;
//! let limits = ExplainLimits::default();
//! let config = SolverConfig::default();
//! let Ok(recursive) = explain_can_i_win(&game, Backend::Recursive, &config, &limits) else {
//!     return Ok(()); // this build lacks `recursive`
//! };
//! assert_eq!(recursive.stats().positions, 34);
//! assert!(recursive.summary().contains("positions expanded 34 vs distinct positions 17"));
//! let text = recursive.tree_text(3, 100);
//! assert!(text.starts_with("{} total 0: loses"));
//! assert!(text.contains("├─ take 1 → {1} total 1: wins"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod dot;
mod layout;
mod rounds;
pub(crate) mod trace;
mod tree;
pub(crate) mod types;

use std::fmt::Write as _;

pub use crate::games::{
    explain_reduction, explain_reduction_within, ReductionExplanation, ReductionMerge, ReductionRun,
};
pub use layout::{grid_text, TableCell, TableLayout, TableShape};
pub use rounds::{retrograde_rounds, Decided, Rounds};
pub use trace::{Trace, TraceOverflow};
pub use tree::{Call, CallTree};
pub use types::{ExplainError, ExplainLimits, TableView, DEFAULT_TRACE_MEMORY_CAP_BYTES};

use crate::registry::{teaching_choice, Backend, BackendChoice, Registered};
use crate::{Event, Game, SolverConfig, Stats};

/// One traced run of a backend variant on one game; see the [module docs](self).
#[derive(Clone, Debug)]
pub struct Explanation<G: Game> {
    backend: &'static str,
    variant: &'static str,
    kernel: &'static str,
    game: G,
    answer: G::Solution,
    trace: Trace<G>,
}

/// Runs the chosen backend variant on `game` with a [`Trace`].
///
/// A bare `memo` runs `memo/textbook`: the recursion with a memo, in `recursive`'s move order
/// and with its pruning, so that its expanded positions are the distinct positions of the
/// recursion tree and its memo hits the tree's repeated subtrees. Name a variant
/// (`memo/dense`) to see a fast kernel's own search.
///
/// # Complexity
///
/// The backend's own cost, plus `O(1)` per event kept (at most
/// [`ExplainLimits::max_events`]) and a hash set of the distinct positions, together at most
/// [`ExplainLimits::memory_cap_bytes`].
/// Meant for small instances: the views are readable up to a few hundred
/// calls.
///
/// # Examples
///
/// See the [module docs](self).
///
/// # Errors
///
/// [`ExplainError::Backend`] when this build lacks the backend or variant, or it does not
/// apply to the game; [`ExplainError::Solve`] when it gives up (budget, table size; set the
/// limits in `config`); [`ExplainError::TraceTooLarge`] when the trace would exceed
/// [`ExplainLimits::memory_cap_bytes`] (the run still goes to its end, counting only).
///
/// # See also
///
/// [`Solver::solve_with_stats`](core_types::Solver::solve_with_stats) for the counters alone.
pub fn explain<G: Registered + TableView>(
    game: &G,
    choice: &BackendChoice,
    config: &SolverConfig,
    limits: &ExplainLimits,
) -> Result<Explanation<G>, ExplainError> {
    let mut trace = Trace::new(limits.max_events).with_memory_cap(limits.memory_cap_bytes());
    // A bare `memo` is the recursion with a memo (`memo/textbook`), whose DAG is the
    // recursion tree folded; the fast kernels search in an order of their own.
    let mut solver = teaching_choice::<G>(choice).solver_with::<G>(config)?;
    let answer = solver.solve_traced(game, &mut trace)?;
    if let Some(overflow) = trace.overflow() {
        return Err(overflow.into());
    }
    Ok(Explanation {
        backend: solver.name(),
        variant: solver.variant(),
        kernel: solver.last_kernel(),
        game: game.clone(),
        answer,
        trace,
    })
}

impl<G: Game + TableView> Explanation<G> {
    /// The backend that ran (its one name).
    pub const fn backend(&self) -> &'static str {
        self.backend
    }

    /// The variant asked for.
    pub const fn variant(&self) -> &'static str {
        self.variant
    }

    /// The listed variant whose algorithm the trace shows ([`Solver::last_kernel`]): the
    /// reference pass of a fast table kernel (`tabular/word` is traced as `per-mask`), the
    /// table an automatic memo picked, else [`Explanation::variant`].
    ///
    /// [`Solver::last_kernel`]: core_types::Solver::last_kernel
    pub const fn kernel(&self) -> &'static str {
        self.kernel
    }

    /// The game.
    pub const fn game(&self) -> &G {
        &self.game
    }

    /// The backend's answer.
    pub const fn answer(&self) -> &G::Solution {
        &self.answer
    }

    /// The counters of the run.
    pub const fn stats(&self) -> &Stats {
        self.trace.stats()
    }

    /// The trace: events and distinct positions.
    pub const fn trace(&self) -> &Trace<G> {
        &self.trace
    }

    /// Whether the run needed no search at all (a settled game).
    pub fn is_settled(&self) -> bool {
        self.stats().positions == 0 && self.trace.events().is_empty() && self.trace.dropped() == 0
    }

    /// Whether the run was a bottom-up pass (its events are table cells).
    pub fn is_table(&self) -> bool {
        self.trace
            .events()
            .iter()
            .any(|e| matches!(e, Event::Cell(..)))
    }

    /// "positions expanded X vs distinct positions Y", with the memo hits and
    /// what the difference means.
    pub fn summary(&self) -> String {
        let stats = self.stats();
        let distinct = self.trace.distinct_positions();
        let mut text = format!(
            "positions expanded {} vs distinct positions {distinct}",
            stats.positions
        );
        if stats.memo_hits > 0 {
            let _ = write!(text, " (memo hits {})", stats.memo_hits);
        }
        let repeats = stats.positions.saturating_sub(distinct as u64);
        if self.is_table() {
            text.push_str(": a bottom-up pass computes each table cell once");
        } else if repeats > 0 {
            let _ = write!(
                text,
                ": {repeats} expansions repeat a position already solved (a tree, not a DAG)"
            );
        } else if stats.memo_hits > 0 {
            // Positions reached more than once are shared nodes: a DAG.
            text.push_str(": every position is expanded once (a DAG)");
        } else if stats.positions > 0 {
            // No position is reached twice: the tree and the DAG are the same picture.
            text.push_str(": every position is expanded once, none is reached twice");
        }
        text
    }

    /// The call tree built from the trace.
    pub fn call_tree(&self) -> CallTree<G> {
        CallTree::from_events(self.trace.events())
    }

    /// The call tree as indented text: one line per call (position, the
    /// move that led to it, its value for the player to move, memo hits
    /// marked), at most `max_depth` levels below the root and `max_lines`
    /// lines, with a note where it is cut.
    pub fn tree_text(&self, max_depth: usize, max_lines: usize) -> String {
        let tree = self.call_tree();
        let mut out = tree::TreeWriter {
            game: &self.game,
            tree: &tree,
            text: String::new(),
            lines: 0,
            max_lines,
            max_depth,
            cut: 0,
        };
        for &root in &tree.roots {
            out.node(root, None, "", "", 0);
        }
        let mut text = out.text;
        if out.cut > 0 {
            let _ = writeln!(
                text,
                "… output cut at {max_lines} lines: {} more calls not shown (raise --max-lines)",
                out.cut
            );
        }
        if self.trace.dropped() > 0 {
            let _ = writeln!(
                text,
                "… the trace kept the first {} events; {} more were counted but not kept",
                self.trace.events().len(),
                self.trace.dropped()
            );
        }
        text
    }

    /// The table of a bottom-up pass in fill order, at most `max_lines`
    /// lines ([`TableView`]).
    pub fn table_text(&self, max_lines: usize) -> String {
        let cells: Vec<(G::Position, G::Value)> = self
            .trace
            .events()
            .iter()
            .filter_map(|e| match *e {
                Event::Cell(node, value) => Some((node, value)),
                _ => None,
            })
            .collect();
        let mut text = self.game.table_text(&cells, max_lines);
        if self.trace.dropped() > 0 {
            let _ = writeln!(
                text,
                "… the trace kept the first {} cells of {}",
                self.trace.events().len(),
                self.trace.events().len() as u64 + self.trace.dropped()
            );
        }
        text
    }

    /// The memo of a top-down run as the game's table ([`TableView::memo_table_text`]): each
    /// state once, in the order its value was stored (a call's value is stored when it returns,
    /// so the table fills from the end of the game back to the start, as a bottom-up pass
    /// would, but only with the states the search reached). `None` for a run that kept no memo
    /// (`recursive`), a bottom-up pass (see [`Explanation::table_text`]), or a game whose table
    /// view is about a bottom-up pass only.
    pub fn memo_table_text(&self, max_lines: usize) -> Option<String> {
        if self.is_table() || self.stats().states == 0 {
            return None;
        }
        let mut seen = std::collections::HashSet::new();
        let cells: Vec<(G::Position, G::Value)> = self
            .trace
            .events()
            .iter()
            .filter_map(|e| match *e {
                Event::Leave(node, value) if seen.insert(node) => Some((node, value)),
                _ => None,
            })
            .collect();
        self.game.memo_table_text(&cells, max_lines)
    }

    /// Graphviz DOT of what the backend did: the call tree (`recursive`),
    /// the DAG of distinct positions with memo hits in red (`memo`), or the
    /// table cells with their dependencies, labelled by fill step
    /// (`tabular`). At most `max_nodes` nodes; a note node says when cut.
    pub fn dot(&self, max_nodes: usize) -> String {
        let title = format!("{} on {}", self.backend, self.game.describe());
        if self.is_table() {
            let cells: Vec<(G::Position, G::Value)> = self
                .trace
                .events()
                .iter()
                .filter_map(|e| match *e {
                    Event::Cell(node, value) => Some((node, value)),
                    _ => None,
                })
                .collect();
            self.game
                .table_dot(&cells, &title, max_nodes)
                .unwrap_or_else(|| {
                    dot::dot_table(&self.game, self.trace.events(), &title, max_nodes)
                })
        } else if self.stats().memo_hits == 0 && self.backend == Backend::Recursive.name() {
            dot::dot_tree(&self.game, &self.call_tree(), &title, max_nodes)
        } else {
            dot::dot_dag(&self.game, self.trace.events(), &title, max_nodes)
        }
    }
}
