//! Teaching views: what a backend actually did to find its answer.
//!
//! The backends report every step of their search as
//! [`Event`]s through their [`Recorder`] (a no-op for the solving paths,
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
//! - the summary "positions expanded X vs distinct states Y"
//!   ([`Explanation::summary`]): tree versus DAG.
//!
//! # Example
//!
//! ```
//! use gamesolve::explain::{explain_can_i_win, ExplainLimits};
//! use gamesolve::{Backend, CanIWin, SolverConfig};
//!
//! let game = CanIWin::new(5, 11)?;
//! let limits = ExplainLimits::default();
//! let config = SolverConfig::default();
//! let Ok(recursive) = explain_can_i_win(&game, Backend::Recursive, &config, &limits) else {
//!     return Ok(()); // this build lacks `recursive`
//! };
//! assert_eq!(recursive.stats().positions, 34);
//! assert!(recursive.summary().contains("positions expanded 34 vs distinct states 17"));
//! let text = recursive.tree_text(3, 100);
//! assert!(text.starts_with("{} total 0: loses"));
//! assert!(text.contains("├─ take 1 → {1} total 1: wins"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod can_i_win;
mod predict_the_winner;

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use crate::{
    Backend, BackendError, CanIWin, CanIWinSolution, Error, Event, Node, NodeValue,
    PredictTheWinner, PredictTheWinnerSolution, Recorder, SolverConfig, Stats,
};

/// A [`Recorder`] that counts like [`Stats`] and keeps the first
/// `max_events` search events, and the set of distinct positions seen.
///
/// ```
/// use gamesolve::explain::Trace;
/// use gamesolve::{Event, Node, Recorder};
///
/// let mut trace = Trace::new(1);
/// trace.position(1);
/// trace.event(Event::Enter(Node::Used(0)));
/// trace.event(Event::Enter(Node::Used(1)));
/// assert_eq!(trace.events().len(), 1);
/// assert_eq!(trace.dropped(), 1);
/// assert_eq!(trace.distinct_positions(), 2);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Trace {
    stats: Stats,
    events: Vec<Event>,
    max_events: usize,
    dropped: u64,
    distinct: HashSet<Node>,
}

impl Trace {
    /// A trace keeping at most `max_events` events (later ones are counted
    /// as [`Trace::dropped`]).
    pub fn new(max_events: usize) -> Self {
        Trace {
            max_events,
            ..Trace::default()
        }
    }

    /// The counters, as [`Stats`] would have counted them.
    pub const fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The events kept, in order.
    pub fn events(&self) -> &[Event] {
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

impl Recorder for Trace {
    fn position(&mut self, depth: u64) {
        self.stats.position(depth);
    }
    fn positions(&mut self, count: u64) {
        self.stats.positions(count);
    }
    fn memo_hit(&mut self) {
        self.stats.memo_hit();
    }
    fn states_stored(&mut self, count: u64) {
        self.stats.states_stored(count);
    }
    fn table(&mut self, cells: u64, bytes: u64) {
        self.stats.table(cells, bytes);
    }
    fn event(&mut self, event: Event) {
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

/// Limits of an explanation run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ExplainLimits {
    /// Events kept for the views (default 200,000); the run itself goes on
    /// and is counted in full.
    pub max_events: usize,
}

impl Default for ExplainLimits {
    fn default() -> Self {
        ExplainLimits {
            max_events: 200_000,
        }
    }
}

impl ExplainLimits {
    /// The same limits keeping at most `events` events.
    pub const fn with_max_events(mut self, events: usize) -> Self {
        self.max_events = events;
        self
    }
}

/// Why a run could not be explained.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExplainError {
    /// The backend is not in this build.
    #[error(transparent)]
    Backend(#[from] BackendError),
    /// The backend gave up (budget, table size).
    #[error(transparent)]
    Solve(#[from] Error),
}

/// The game an [`Explanation`] is about.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExplainedGame {
    /// A Can I Win game.
    CanIWin(CanIWin),
    /// A Predict the Winner game.
    PredictTheWinner(PredictTheWinner),
}

/// The answer of the traced run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Answer {
    /// A Can I Win answer.
    CanIWin(CanIWinSolution),
    /// A Predict the Winner answer.
    PredictTheWinner(PredictTheWinnerSolution),
}

/// One traced run of a backend on one game; see the [module docs](self).
#[derive(Clone, Debug)]
pub struct Explanation {
    backend: Backend,
    game: ExplainedGame,
    answer: Answer,
    trace: Trace,
}

/// Runs `backend` on a Can I Win game with a [`Trace`].
///
/// # Complexity
///
/// The backend's own cost, plus `O(1)` per event kept (at most
/// [`ExplainLimits::max_events`]) and a hash set of the distinct positions.
/// Meant for small instances: the views are readable up to a few hundred
/// calls.
///
/// # Examples
///
/// See the [module docs](self).
///
/// # Errors
///
/// [`ExplainError::Backend`] when this build lacks `backend`;
/// [`ExplainError::Solve`] when it gives up (budget, table size; set the
/// limits in `config`).
///
/// # See also
///
/// [`explain_predict_the_winner`]; `Solver::solve_can_i_win_with_stats` for
/// the counters alone.
pub fn explain_can_i_win(
    game: &CanIWin,
    backend: Backend,
    config: &SolverConfig,
    limits: &ExplainLimits,
) -> Result<Explanation, ExplainError> {
    let mut trace = Trace::new(limits.max_events);
    let answer = backend
        .solver_with(config)?
        .solve_can_i_win_traced(game, &mut trace)?;
    Ok(Explanation {
        backend,
        game: ExplainedGame::CanIWin(*game),
        answer: Answer::CanIWin(answer),
        trace,
    })
}

/// Runs `backend` on a Predict the Winner game with a [`Trace`].
///
/// # Complexity
///
/// As [`explain_can_i_win`].
///
/// # Examples
///
/// ```
/// use gamesolve::explain::{explain_predict_the_winner, ExplainLimits};
/// use gamesolve::{Backend, PredictTheWinner, SolverConfig};
///
/// let game = PredictTheWinner::new(vec![1, 5, 2]);
/// let (config, limits) = (SolverConfig::default(), ExplainLimits::default());
/// if let Ok(memo) = explain_predict_the_winner(&game, Backend::Memo, &config, &limits) {
///     assert!(memo.tree_text(5, 50).starts_with("[0..=2] 1 5 2: margin -2"));
/// }
/// # Ok::<(), gamesolve::explain::ExplainError>(())
/// ```
///
/// # Errors
///
/// As [`explain_can_i_win`].
///
/// # See also
///
/// [`explain_can_i_win`].
pub fn explain_predict_the_winner(
    game: &PredictTheWinner,
    backend: Backend,
    config: &SolverConfig,
    limits: &ExplainLimits,
) -> Result<Explanation, ExplainError> {
    let mut trace = Trace::new(limits.max_events);
    let answer = backend
        .solver_with(config)?
        .solve_predict_the_winner_traced(game, &mut trace)?;
    Ok(Explanation {
        backend,
        game: ExplainedGame::PredictTheWinner(game.clone()),
        answer: Answer::PredictTheWinner(answer),
        trace,
    })
}

impl Explanation {
    /// The backend that ran.
    pub const fn backend(&self) -> Backend {
        self.backend
    }

    /// The game.
    pub const fn game(&self) -> &ExplainedGame {
        &self.game
    }

    /// The backend's answer.
    pub const fn answer(&self) -> &Answer {
        &self.answer
    }

    /// The counters of the run.
    pub const fn stats(&self) -> &Stats {
        self.trace.stats()
    }

    /// The trace: events and distinct positions.
    pub const fn trace(&self) -> &Trace {
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

    /// "positions expanded X vs distinct states Y", with the memo hits and
    /// what the difference means.
    pub fn summary(&self) -> String {
        let stats = self.stats();
        let distinct = self.trace.distinct_positions();
        let mut text = format!(
            "positions expanded {} vs distinct states {distinct}",
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
        } else if stats.positions > 0 {
            text.push_str(": every position is expanded once (a DAG)");
        }
        text
    }

    /// The call tree built from the trace.
    pub fn call_tree(&self) -> CallTree {
        CallTree::from_events(self.trace.events())
    }

    /// The call tree as indented text: one line per call (position, the
    /// move that led to it, its value for the player to move, memo hits
    /// marked), at most `max_depth` levels below the root and `max_lines`
    /// lines, with a note where it is cut.
    pub fn tree_text(&self, max_depth: usize, max_lines: usize) -> String {
        let labels = self.labels();
        let tree = self.call_tree();
        let mut out = TreeWriter {
            labels: &labels,
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
    /// lines.
    pub fn table_text(&self, max_lines: usize) -> String {
        let cells: Vec<(Node, NodeValue)> = self
            .trace
            .events()
            .iter()
            .filter_map(|e| match *e {
                Event::Cell(node, value) => Some((node, value)),
                _ => None,
            })
            .collect();
        let mut text = match &self.game {
            ExplainedGame::CanIWin(game) => can_i_win::table_text(game, &cells, max_lines),
            ExplainedGame::PredictTheWinner(game) => {
                predict_the_winner::table_text(game, &cells, max_lines)
            }
        };
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

    /// Graphviz DOT of what the backend did: the call tree (`recursive`),
    /// the DAG of distinct positions with memo hits in red (`memo`), or the
    /// table cells with their dependencies, labelled by fill step
    /// (`tabular`). At most `max_nodes` nodes; a note node says when cut.
    pub fn dot(&self, max_nodes: usize) -> String {
        let labels = self.labels();
        let title = format!("{} on {}", self.backend, labels.title());
        if self.is_table() {
            dot_table(&labels, self.trace.events(), &title, max_nodes)
        } else if self.backend == Backend::Recursive {
            dot_tree(&labels, &self.call_tree(), &title, max_nodes)
        } else {
            dot_dag(&labels, self.trace.events(), &title, max_nodes)
        }
    }

    fn labels(&self) -> Labels<'_> {
        match &self.game {
            ExplainedGame::CanIWin(game) => Labels::CanIWin(game),
            ExplainedGame::PredictTheWinner(game) => Labels::PredictTheWinner(game),
        }
    }
}

/// How positions, values and moves read, per game.
enum Labels<'g> {
    CanIWin(&'g CanIWin),
    PredictTheWinner(&'g PredictTheWinner),
}

impl Labels<'_> {
    fn title(&self) -> String {
        match self {
            Labels::CanIWin(g) => {
                format!("can-i-win n={} T={}", g.max_choosable(), g.desired_total())
            }
            Labels::PredictTheWinner(g) => format!("predict-the-winner {:?}", g.values()),
        }
    }

    fn node(&self, node: Node) -> String {
        match self {
            Labels::CanIWin(_) => can_i_win::node_label(node),
            Labels::PredictTheWinner(g) => predict_the_winner::node_label(g, node),
        }
    }

    fn value(&self, value: NodeValue) -> String {
        match value {
            NodeValue::Wins(true) => "wins".to_owned(),
            NodeValue::Wins(false) => "loses".to_owned(),
            NodeValue::Margin(m) => format!("margin {m:+}"),
            #[allow(unreachable_patterns)]
            _ => "?".to_owned(),
        }
    }

    fn edge(&self, parent: Node, child: Node) -> String {
        match self {
            Labels::CanIWin(_) => can_i_win::edge_label(parent, child),
            Labels::PredictTheWinner(g) => predict_the_winner::edge_label(g, parent, child),
        }
    }

    /// The positions a cell's value depends on (for the table DOT).
    fn dependencies(&self, node: Node) -> Vec<Node> {
        match self {
            Labels::CanIWin(g) => can_i_win::dependencies(g, node),
            Labels::PredictTheWinner(_) => predict_the_winner::dependencies(node),
        }
    }

    /// Fill colour of a node by its value.
    fn colour(&self, value: Option<NodeValue>) -> &'static str {
        match value {
            Some(NodeValue::Wins(true)) => "palegreen",
            Some(NodeValue::Wins(false)) => "lightpink",
            Some(NodeValue::Margin(m)) if m > 0 => "palegreen",
            Some(NodeValue::Margin(m)) if m < 0 => "lightpink",
            Some(_) => "lightyellow",
            None => "white",
        }
    }
}

/// A call of a recursive search, rebuilt from the events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Call {
    /// The position.
    pub node: Node,
    /// Its value, when the call finished.
    pub value: Option<NodeValue>,
    /// Whether the memo answered it (no expansion).
    pub memo_hit: bool,
    /// Indices of the calls it made, in order.
    pub children: Vec<usize>,
    /// Calls in its subtree, itself included.
    pub size: usize,
}

/// The calls of a search as a tree (indices into [`CallTree::calls`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CallTree {
    /// Every call, in the order the calls were made (a preorder).
    pub calls: Vec<Call>,
    /// The top-level calls (one root for a complete search).
    pub roots: Vec<usize>,
}

impl CallTree {
    /// Rebuilds the tree from `Enter`/`Leave`/`MemoHit` events (cells are
    /// ignored); a truncated trace gives a truncated tree.
    ///
    /// ```
    /// use gamesolve::explain::CallTree;
    /// use gamesolve::{Event, Node, NodeValue};
    ///
    /// let (root, child) = (Node::Used(0), Node::Used(1));
    /// let tree = CallTree::from_events(&[
    ///     Event::Enter(root),
    ///     Event::MemoHit(child, NodeValue::Wins(true)),
    ///     Event::Leave(root, NodeValue::Wins(false)),
    /// ]);
    /// assert_eq!(tree.roots, vec![0]);
    /// assert_eq!(tree.calls[0].size, 2);
    /// assert!(tree.calls[1].memo_hit);
    /// ```
    pub fn from_events(events: &[Event]) -> Self {
        let mut tree = CallTree::default();
        let mut stack: Vec<usize> = Vec::new();
        let attach = |tree: &mut CallTree, stack: &[usize], call: Call| {
            let index = tree.calls.len();
            tree.calls.push(call);
            match stack.last() {
                Some(&parent) => tree.calls[parent].children.push(index),
                None => tree.roots.push(index),
            }
            index
        };
        for event in events {
            match *event {
                Event::Enter(node) => {
                    let call = Call {
                        node,
                        value: None,
                        memo_hit: false,
                        children: Vec::new(),
                        size: 1,
                    };
                    let index = attach(&mut tree, &stack, call);
                    stack.push(index);
                }
                Event::Leave(_, value) => {
                    if let Some(index) = stack.pop() {
                        tree.calls[index].value = Some(value);
                    }
                }
                Event::MemoHit(node, value) => {
                    let call = Call {
                        node,
                        value: Some(value),
                        memo_hit: true,
                        children: Vec::new(),
                        size: 1,
                    };
                    attach(&mut tree, &stack, call);
                }
                _ => {}
            }
        }
        // Sizes bottom-up: children always come after their parent.
        for index in (0..tree.calls.len()).rev() {
            let size: usize = tree.calls[index]
                .children
                .iter()
                .map(|&c| tree.calls[c].size)
                .sum();
            tree.calls[index].size += size;
        }
        tree
    }
}

struct TreeWriter<'a> {
    labels: &'a Labels<'a>,
    tree: &'a CallTree,
    text: String,
    lines: usize,
    max_lines: usize,
    max_depth: usize,
    /// Calls not shown because of the line cap.
    cut: usize,
}

impl TreeWriter<'_> {
    fn line(&mut self, line: String) -> bool {
        if self.lines >= self.max_lines {
            return false;
        }
        self.lines += 1;
        self.text.push_str(&line);
        self.text.push('\n');
        true
    }

    fn node(&mut self, index: usize, parent: Option<Node>, lead: &str, rest: &str, depth: usize) {
        let call = &self.tree.calls[index];
        let mut line = String::from(lead);
        if let Some(parent) = parent {
            let _ = write!(line, "{} → ", self.labels.edge(parent, call.node));
        }
        line.push_str(&self.labels.node(call.node));
        match call.value {
            Some(value) => {
                let _ = write!(line, ": {}", self.labels.value(value));
            }
            None => line.push_str(": (unfinished)"),
        }
        if call.memo_hit {
            line.push_str("   [memo hit]");
        }
        if !self.line(line) {
            self.cut += call.size;
            return;
        }
        let children = &call.children;
        if children.is_empty() {
            return;
        }
        if depth >= self.max_depth {
            let below = call.size - 1;
            let note = format!(
                "{rest}└─ … {below} {} below (depth limit {})",
                if below == 1 { "call" } else { "calls" },
                self.max_depth
            );
            if !self.line(note) {
                self.cut += below;
            }
            return;
        }
        for (k, &child) in children.iter().enumerate() {
            let last = k + 1 == children.len();
            let (branch, continuation) = if last {
                ("└─ ", "   ")
            } else {
                ("├─ ", "│  ")
            };
            self.node(
                child,
                Some(call.node),
                &format!("{rest}{branch}"),
                &format!("{rest}{continuation}"),
                depth + 1,
            );
        }
    }
}

/// A double-quoted DOT string.
fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn dot_header(title: &str, legend: &str) -> String {
    format!(
        "digraph explain {{\n  label={};\n  labelloc=t;\n  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\"];\n  edge [fontname=\"Helvetica\", fontsize=10];\n",
        quoted(&format!("{title}\n{legend}"))
    )
}

fn dot_cut_note(text: &mut String, shown: usize, total: usize) {
    if total > shown {
        let _ = writeln!(
            text,
            "  cut [shape=note, style=filled, fillcolor=lightyellow, label={}];",
            quoted(&format!("{} more nodes not shown", total - shown))
        );
    }
}

/// One DOT node per call: the tree of a search without memo.
fn dot_tree(labels: &Labels<'_>, tree: &CallTree, title: &str, max_nodes: usize) -> String {
    let mut text = dot_header(
        title,
        "one node per call (the same position may appear many times)",
    );
    let shown = tree.calls.len().min(max_nodes);
    for (index, call) in tree.calls.iter().enumerate().take(shown) {
        let value = call.value.map(|v| labels.value(v)).unwrap_or_default();
        let _ = writeln!(
            text,
            "  c{index} [label={}, fillcolor={}];",
            quoted(&format!("{}\n{value}", labels.node(call.node))),
            labels.colour(call.value)
        );
    }
    for (index, call) in tree.calls.iter().enumerate().take(shown) {
        for &child in &call.children {
            if child < shown {
                let _ = writeln!(
                    text,
                    "  c{index} -> c{child} [label={}];",
                    quoted(&labels.edge(call.node, tree.calls[child].node))
                );
            }
        }
    }
    dot_cut_note(&mut text, shown, tree.calls.len());
    text.push_str("}\n");
    text
}

/// One DOT node per distinct position; memo hits are red dashed edges and
/// the positions they reuse have a red border.
fn dot_dag(labels: &Labels<'_>, events: &[Event], title: &str, max_nodes: usize) -> String {
    let mut text = dot_header(
        title,
        "one node per distinct position; red dashed edges: memo hits (reused, not expanded)",
    );
    let mut ids: HashMap<Node, usize> = HashMap::new();
    let mut order: Vec<Node> = Vec::new();
    let mut values: HashMap<Node, NodeValue> = HashMap::new();
    let mut hits: HashMap<Node, u64> = HashMap::new();
    let mut edges: Vec<(Node, Node, bool)> = Vec::new();
    let mut seen_edges: HashSet<(Node, Node)> = HashSet::new();
    let mut stack: Vec<Node> = Vec::new();
    let mut id_of = |node: Node, order: &mut Vec<Node>| -> usize {
        let next = ids.len();
        *ids.entry(node).or_insert_with(|| {
            order.push(node);
            next
        })
    };
    for event in events {
        match *event {
            Event::Enter(node) => {
                id_of(node, &mut order);
                if let Some(&parent) = stack.last() {
                    if seen_edges.insert((parent, node)) {
                        edges.push((parent, node, false));
                    }
                }
                stack.push(node);
            }
            Event::Leave(node, value) => {
                values.insert(node, value);
                stack.pop();
            }
            Event::MemoHit(node, value) => {
                id_of(node, &mut order);
                values.entry(node).or_insert(value);
                *hits.entry(node).or_insert(0) += 1;
                if let Some(&parent) = stack.last() {
                    if seen_edges.insert((parent, node)) {
                        edges.push((parent, node, true));
                    }
                }
            }
            _ => {}
        }
    }
    let shown = order.len().min(max_nodes);
    let index: HashMap<Node, usize> = order
        .iter()
        .take(shown)
        .enumerate()
        .map(|(k, &n)| (n, k))
        .collect();
    for (k, node) in order.iter().take(shown).enumerate() {
        let value = values.get(node).copied();
        let mut label = labels.node(*node);
        if let Some(v) = value {
            let _ = write!(label, "\n{}", labels.value(v));
        }
        let reused = hits.get(node).copied().unwrap_or(0);
        let border = if reused > 0 {
            let _ = write!(label, "\nreused {reused}×");
            ", color=red, penwidth=2"
        } else {
            ""
        };
        let _ = writeln!(
            text,
            "  s{k} [label={}, fillcolor={}{border}];",
            quoted(&label),
            labels.colour(value)
        );
    }
    for (parent, child, hit) in edges {
        if let (Some(&a), Some(&b)) = (index.get(&parent), index.get(&child)) {
            let style = if hit {
                ", color=red, fontcolor=red, style=dashed"
            } else {
                ""
            };
            let _ = writeln!(
                text,
                "  s{a} -> s{b} [label={}{style}];",
                quoted(&labels.edge(parent, child))
            );
        }
    }
    dot_cut_note(&mut text, shown, order.len());
    text.push_str("}\n");
    text
}

/// One DOT node per table cell, labelled with its fill step, with edges to
/// the cells its value is read from.
fn dot_table(labels: &Labels<'_>, events: &[Event], title: &str, max_nodes: usize) -> String {
    let mut text = dot_header(
        title,
        "one node per table cell, with its fill step; edges: the cells it reads",
    );
    let cells: Vec<(Node, NodeValue)> = events
        .iter()
        .filter_map(|e| match *e {
            Event::Cell(node, value) => Some((node, value)),
            _ => None,
        })
        .collect();
    let shown = cells.len().min(max_nodes);
    let index: HashMap<Node, usize> = cells
        .iter()
        .take(shown)
        .enumerate()
        .map(|(k, &(n, _))| (n, k))
        .collect();
    for (k, &(node, value)) in cells.iter().take(shown).enumerate() {
        let _ = writeln!(
            text,
            "  t{k} [label={}, fillcolor={}];",
            quoted(&format!(
                "#{} {}\n{}",
                k + 1,
                labels.node(node),
                labels.value(value)
            )),
            labels.colour(Some(value))
        );
    }
    for (k, &(node, _)) in cells.iter().take(shown).enumerate() {
        for dependency in labels.dependencies(node) {
            if let Some(&d) = index.get(&dependency) {
                let _ = writeln!(
                    text,
                    "  t{k} -> t{d} [label={}];",
                    quoted(&labels.edge(node, dependency))
                );
            }
        }
    }
    dot_cut_note(&mut text, shown, cells.len());
    text.push_str("}\n");
    text
}
