//! How Cat and Mouse's retrograde pass reads in the teaching views: round by round.

use crate::explain::retrograde_rounds;
use crate::explain::TableView;
use crate::{CatAndMouse, Chase, Verdict};

/// The retrograde pass's rounds (which positions each round decided, from which terminal
/// positions, and the draws that remain), in place of a plain fill-order list.
impl TableView for CatAndMouse {
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
