//! Graphviz DOT renderings of a run: the call tree, the DAG of distinct positions, the table.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use super::tree::{edge_label, CallTree};
use crate::{Event, Game, GameEvent, GameValue};

/// Fill colour of a node by its value (white while unknown).
fn colour<V: GameValue>(value: Option<V>) -> &'static str {
    value.map_or("white", GameValue::colour)
}

/// A double-quoted DOT string.
pub(super) fn quoted(text: &str) -> String {
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

pub(super) fn dot_header(title: &str, legend: &str) -> String {
    format!(
        "digraph explain {{\n  label={};\n  labelloc=t;\n  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\"];\n  edge [fontname=\"Helvetica\", fontsize=10];\n",
        quoted(&format!("{title}\n{legend}"))
    )
}

pub(super) fn dot_cut_note(text: &mut String, shown: usize, total: usize) {
    if total > shown {
        let _ = writeln!(
            text,
            "  cut [shape=note, style=filled, fillcolor=lightyellow, label={}];",
            quoted(&format!("{} more nodes not shown", total - shown))
        );
    }
}

/// One DOT node per call: the tree of a search without memo.
pub(super) fn dot_tree<G: Game>(
    game: &G,
    tree: &CallTree<G>,
    title: &str,
    max_nodes: usize,
) -> String {
    let mut text = dot_header(
        title,
        "one node per call (the same position may appear many times)",
    );
    let shown = tree.calls.len().min(max_nodes);
    for (index, call) in tree.calls.iter().enumerate().take(shown) {
        let value = call.value.map(|v| v.to_string()).unwrap_or_default();
        let _ = writeln!(
            text,
            "  c{index} [label={}, fillcolor={}];",
            quoted(&format!("{}\n{value}", game.show_position(call.node))),
            colour(call.value)
        );
    }
    for (index, call) in tree.calls.iter().enumerate().take(shown) {
        for &child in &call.children {
            if child < shown {
                let _ = writeln!(
                    text,
                    "  c{index} -> c{child} [label={}];",
                    quoted(&edge_label(game, call.node, tree.calls[child].node))
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
pub(super) fn dot_dag<G: Game>(
    game: &G,
    events: &[GameEvent<G>],
    title: &str,
    max_nodes: usize,
) -> String {
    let mut text = dot_header(
        title,
        "one node per distinct position; red dashed edges: memo hits (reused, not expanded)",
    );
    let mut ids: HashMap<G::Position, usize> = HashMap::new();
    let mut order: Vec<G::Position> = Vec::new();
    let mut values: HashMap<G::Position, G::Value> = HashMap::new();
    let mut hits: HashMap<G::Position, u64> = HashMap::new();
    let mut edges: Vec<(G::Position, G::Position, bool)> = Vec::new();
    let mut seen_edges: HashSet<(G::Position, G::Position)> = HashSet::new();
    let mut stack: Vec<G::Position> = Vec::new();
    let mut id_of = |node: G::Position, order: &mut Vec<G::Position>| -> usize {
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
    let index: HashMap<G::Position, usize> = order
        .iter()
        .take(shown)
        .enumerate()
        .map(|(k, &n)| (n, k))
        .collect();
    for (k, node) in order.iter().take(shown).enumerate() {
        let value = values.get(node).copied();
        let mut label = game.show_position(*node);
        if let Some(v) = value {
            let _ = write!(label, "\n{v}");
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
            colour(value)
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
                quoted(&edge_label(game, parent, child))
            );
        }
    }
    dot_cut_note(&mut text, shown, order.len());
    text.push_str("}\n");
    text
}

/// One DOT node per table cell, labelled with its fill step, with edges to
/// the cells its value is read from.
pub(super) fn dot_table<G: Game>(
    game: &G,
    events: &[GameEvent<G>],
    title: &str,
    max_nodes: usize,
) -> String {
    let mut text = dot_header(
        title,
        "one node per table cell, with its fill step; edges: the cells it reads",
    );
    let cells: Vec<(G::Position, G::Value)> = events
        .iter()
        .filter_map(|e| match *e {
            Event::Cell(node, value) => Some((node, value)),
            _ => None,
        })
        .collect();
    let shown = cells.len().min(max_nodes);
    let index: HashMap<G::Position, usize> = cells
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
                game.show_position(node),
                value
            )),
            colour(Some(value))
        );
    }
    for (k, &(node, _)) in cells.iter().take(shown).enumerate() {
        for dependency in game.dependencies(node) {
            if let Some(&d) = index.get(&dependency) {
                let _ = writeln!(
                    text,
                    "  t{k} -> t{d} [label={}];",
                    quoted(&edge_label(game, node, dependency))
                );
            }
        }
    }
    dot_cut_note(&mut text, shown, cells.len());
    text.push_str("}\n");
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Margin, Verdict};

    #[test]
    fn strings_are_quoted_and_escaped() {
        assert_eq!(quoted(r#"a "b" \c"#), r#""a \"b\" \\c""#);
        assert_eq!(quoted("two\nlines"), r#""two\nlines""#);
    }

    #[test]
    fn nodes_are_coloured_by_their_value() {
        assert_eq!(colour(Some(Verdict::Win)), "palegreen");
        assert_eq!(colour(Some(Margin(-3))), "lightpink");
        assert_eq!(colour(Some(Margin(0))), "lightyellow");
        assert_eq!(colour::<Verdict>(None), "white");
    }

    #[test]
    fn a_cut_graph_says_how_much_is_left_out() {
        let mut text = String::new();
        dot_cut_note(&mut text, 3, 10);
        assert!(text.contains("7 more nodes not shown"), "{text}");
        let mut none = String::new();
        dot_cut_note(&mut none, 3, 3);
        assert!(none.is_empty());
    }
}
