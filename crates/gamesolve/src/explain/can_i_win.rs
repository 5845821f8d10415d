//! How Can I Win positions read in the teaching views.

use std::fmt::Write as _;

use crate::{CanIWin, Node, NodeValue};

/// The integers of a used mask, ascending.
fn numbers(used: u64) -> Vec<u32> {
    (0..64)
        .filter(|k| used >> k & 1 == 1)
        .map(|k| k + 1)
        .collect()
}

fn total(used: u64) -> u64 {
    numbers(used).into_iter().map(u64::from).sum()
}

/// `{1 3} total 4`.
pub(super) fn node_label(node: Node) -> String {
    match node {
        Node::Used(used) => {
            let list = numbers(used)
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ");
            format!("{{{list}}} total {}", total(used))
        }
        other => format!("{other:?}"),
    }
}

/// `take 3`: the integer that leads from `parent` to `child`.
pub(super) fn edge_label(parent: Node, child: Node) -> String {
    match (parent, child) {
        (Node::Used(p), Node::Used(c)) if (c & !p).count_ones() == 1 && c & p == p => {
            format!("take {}", (c & !p).trailing_zeros() + 1)
        }
        _ => "move".to_owned(),
    }
}

/// The cells a table cell reads: every free integer's position, when its
/// total is still below `T` (moves reaching `T` need no cell).
pub(super) fn dependencies(game: &CanIWin, node: Node) -> Vec<Node> {
    let Node::Used(used) = node else {
        return Vec::new();
    };
    let base = total(used);
    (0..game.max_choosable())
        .filter(|k| used >> k & 1 == 0)
        .filter(|k| base + u64::from(*k) + 1 < game.desired_total())
        .map(|k| Node::Used(used | 1 << k))
        .collect()
}

/// The bottom-up table in fill order.
pub(super) fn table_text(game: &CanIWin, cells: &[(Node, NodeValue)], max_lines: usize) -> String {
    let (n, t) = (game.max_choosable(), game.desired_total());
    let mut text = String::new();
    if cells.is_empty() {
        let _ = writeln!(
            text,
            "No table: the answer follows without one (T = 0, T >= n(n+1)/2, or T <= n: the \
             first player takes T)."
        );
        return text;
    }
    let _ = writeln!(
        text,
        "win[used] for the player to move, filled in descending mask order (every superset \
         before its subsets, so each value it reads is ready); the {} masks whose total already \
         reaches {t} are skipped. {} of the 2^{n} = {} cells computed (this is the per-mask \
         reference pass; the default word-parallel kernel fills the same cells in the same \
         order, 64 masks per word operation):",
        (1u64 << n) - cells.len() as u64,
        cells.len(),
        1u64 << n
    );
    let width = cells
        .iter()
        .take(max_lines)
        .map(|(node, _)| node_label(*node).chars().count())
        .max()
        .unwrap_or(4);
    let _ = writeln!(text, "  step  {:<width$}  to move", "used");
    for (step, (node, value)) in cells.iter().enumerate() {
        if step >= max_lines {
            let _ = writeln!(
                text,
                "  … {} more cells (raise --max-lines)",
                cells.len() - step
            );
            break;
        }
        let label = node_label(*node);
        let verdict = match value {
            NodeValue::Wins(true) => "wins",
            NodeValue::Wins(false) => "loses",
            _ => "?",
        };
        let _ = writeln!(text, "  {:>4}  {label:<width$}  {verdict}", step + 1);
    }
    text
}
