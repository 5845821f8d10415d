//! How Predict the Winner positions read in the teaching views.

use std::fmt::Write as _;

use crate::{Node, NodeValue, PredictTheWinner};

/// `[1..=3] 5 233 7` (long intervals are elided in the middle).
pub(super) fn node_label(game: &PredictTheWinner, node: Node) -> String {
    match node {
        Node::Interval { first, last } => {
            let values = game.values().get(first..=last).unwrap_or(&[]);
            let shown: Vec<String> = if values.len() <= 8 {
                values.iter().map(i64::to_string).collect()
            } else {
                let head = values[..3].iter().map(i64::to_string);
                let tail = values[values.len() - 3..].iter().map(i64::to_string);
                head.chain(std::iter::once("…".to_owned()))
                    .chain(tail)
                    .collect()
            };
            format!("[{first}..={last}] {}", shown.join(" "))
        }
        other => format!("{other:?}"),
    }
}

/// `left 1` or `right 7`: the end taken from `parent` to reach `child`.
pub(super) fn edge_label(game: &PredictTheWinner, parent: Node, child: Node) -> String {
    let value = |k: usize| game.values().get(k).map_or(String::new(), i64::to_string);
    match (parent, child) {
        (Node::Interval { first: a, last: b }, Node::Interval { first: c, last: d })
            if c == a + 1 && d == b =>
        {
            format!("left {}", value(a))
        }
        (Node::Interval { first: a, last: b }, Node::Interval { first: c, last: d })
            if c == a && d + 1 == b =>
        {
            format!("right {}", value(b))
        }
        _ => "move".to_owned(),
    }
}

/// The two intervals a cell reads.
pub(super) fn dependencies(node: Node) -> Vec<Node> {
    match node {
        Node::Interval { first, last } if first < last => vec![
            Node::Interval {
                first: first + 1,
                last,
            },
            Node::Interval {
                first,
                last: last - 1,
            },
        ],
        _ => Vec::new(),
    }
}

/// The rolling row after each interval length, in fill order.
pub(super) fn table_text(
    game: &PredictTheWinner,
    cells: &[(Node, NodeValue)],
    max_lines: usize,
) -> String {
    let mut text = String::new();
    if cells.is_empty() {
        let _ = writeln!(text, "No table: the row is empty.");
        return text;
    }
    let len = game.len();
    let _ = writeln!(
        text,
        "m(i, j) = max(a[i] - m(i+1, j), a[j] - m(i, j-1)), filled by interval length with one \
         rolling row: row[i] holds m(i, i+len-1) and is overwritten in place, ascending i, \
         while row[i+1] still holds the shorter interval (the textbook pass; the default \
         kernel computes the same cells in a tiled order, several lengths per sweep). {} cells \
         for {len} values:",
        cells.len()
    );
    const PER_LINE: usize = 8;
    let mut lines = 0;
    let mut k = 0;
    while k < cells.len() {
        let width = match cells[k].0 {
            Node::Interval { first, last } => last - first + 1,
            _ => 0,
        };
        let mut row = Vec::new();
        while let Some(&(Node::Interval { first, last }, value)) = cells.get(k) {
            if last - first + 1 != width {
                break;
            }
            if let NodeValue::Margin(m) = value {
                row.push(format!("m({first},{last})={m:+}"));
            }
            k += 1;
        }
        if row.is_empty() {
            k += 1;
            continue;
        }
        if lines >= max_lines {
            let _ = writeln!(text, "  … more lengths not shown (raise --max-lines)");
            break;
        }
        lines += 1;
        let more = row.len().saturating_sub(PER_LINE);
        row.truncate(PER_LINE);
        let tail = if more > 0 {
            format!("  … {more} more")
        } else {
            String::new()
        };
        let _ = writeln!(text, "  len {width:>3}: {}{tail}", row.join("  "));
    }
    text
}
