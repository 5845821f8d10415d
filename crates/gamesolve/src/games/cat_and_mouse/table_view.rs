//! How Cat and Mouse's retrograde pass reads in the teaching views: round by round.

use crate::explain::{retrograde_rounds, GraphView, TableCell, TableLayout, TableShape, TableView};
use crate::{Animal, CatAndMouse, Chase, Game, Verdict};

/// The retrograde pass's rounds (which positions each round decided, from which terminal
/// positions, and the draws that remain), in place of a plain fill-order list.
impl TableView for CatAndMouse {
    /// The graph, with the hole and the two starts marked.
    fn graph_view(&self) -> Option<GraphView> {
        Some(GraphView::from_lists(
            self.graph(),
            vec![
                (CatAndMouse::HOLE, "the hole".to_owned()),
                (CatAndMouse::MOUSE_START, "the Mouse's start".to_owned()),
                (CatAndMouse::CAT_START, "the Cat's start".to_owned()),
            ],
        ))
    }

    /// LeetCode 913's table `dp[mouse][cat][turn]` as a grid: a row per Mouse's node and turn
    /// (the Mouse's turns first, then the Cat's), a column per Cat's node; the page fills it
    /// in the retrograde pass's order, round after round, from the terminal positions back.
    fn table_layout(&self) -> Option<TableLayout> {
        let n = self.nodes() as u64;
        let names = ["the Mouse", "the Cat"]
            .iter()
            .flat_map(|who| (0..n).map(move |m| format!("mouse {m}, {who} to move")))
            .collect();
        let start = self.start();
        Some(
            TableLayout::new(TableShape::Grid, 2 * n, n, "mouse, turn", "cat")
                .with_formula(
                    "a position is won when one move reaches a position lost for the opponent, \
                     lost when every move reaches a position won for the opponent; decided from \
                     the terminal positions back (the Mouse at the hole, the Cat on the Mouse); \
                     never decided: a draw",
                )
                .with_answer(cell_key(start))
                .with_row_names(names),
        )
    }

    /// Position `(mouse, cat, turn)` at row `mouse` (plus `n` on the Cat's turn), column
    /// `cat`, key `"mouse,cat,mouse"` or `"mouse,cat,cat"`.
    fn table_cell(&self, position: Chase) -> Option<TableCell> {
        let n = self.nodes() as u64;
        let turn = u64::from(position.to_move == Animal::Cat);
        Some(TableCell::new(
            cell_key(position),
            turn * n + u64::from(position.mouse),
            u64::from(position.cat),
        ))
    }

    fn table_text(&self, cells: &[(Chase, Verdict)], max_lines: usize) -> String {
        retrograde_rounds(self, cells).text(self, max_lines)
    }

    fn table_dot(
        &self,
        cells: &[(Chase, Verdict)],
        title: &str,
        max_nodes: usize,
    ) -> Option<String> {
        Some(retrograde_rounds(self, cells).dot(self, title, max_nodes))
    }
}

/// A position's key on the page (`data-cell`): `"1,2,mouse"`.
fn cell_key(position: Chase) -> String {
    let turn = match position.to_move {
        Animal::Mouse => "mouse",
        Animal::Cat => "cat",
    };
    format!("{},{},{turn}", position.mouse, position.cat)
}
