//! How Predict the Winner positions read in the teaching views.

use std::fmt::Write as _;

use crate::explain::{ExplainLimits, TableCell, TableLayout, TableShape, TableView};
use crate::{Backend, Interval, Margin, PredictTheWinner};

/// The rolling row after each interval length, in fill order.
impl TableView for PredictTheWinner {
    /// The triangle `m(i, j)`: row `i`, column `j >= i`, the answer at `(0, n-1)`.
    fn table_layout(&self) -> Option<TableLayout> {
        let len = self.len() as u64;
        let layout = TableLayout::new(TableShape::Triangle, len, len, "i", "j").with_formula(
            "m(i, j) = max(a[i] − m(i+1, j), a[j] − m(i, j−1)), m(i, i) = a[i]: the margin of \
             the player to move with a[i..=j] left",
        );
        Some(match len.checked_sub(1) {
            Some(last) => layout.with_answer(format!("0,{last}")),
            None => layout,
        })
    }

    /// Interval `a[i..=j]` at `(i, j)`, key `"i,j"`; the rolling row keeps it in slot `i`
    /// until the next length overwrites it.
    fn table_cell(&self, interval: Interval) -> Option<TableCell> {
        if interval.is_empty() {
            return None;
        }
        let (i, j) = (interval.start as u64, interval.last() as u64);
        Some(TableCell::new(format!("{i},{j}"), i, j).in_slot(i))
    }

    /// The `reduction` backend's row and merges, as data.
    fn own_view_data(
        &self,
        backend: &str,
        max_lines: usize,
        limits: &ExplainLimits,
    ) -> Option<serde_json::Value> {
        if backend != Backend::Reduction.name() {
            return None;
        }
        let view = super::explain_reduction_within(self, max_lines, limits).ok()?;
        serde_json::to_value(view).ok()
    }

    /// The memo's intervals at their place in the triangle `m(i, j)` ([`grid_text`]), `·`
    /// where the search stored none.
    ///
    /// [`grid_text`]: crate::explain::grid_text
    fn memo_table_text(&self, cells: &[(Interval, Margin)], max_lines: usize) -> Option<String> {
        crate::explain::grid_text(self, cells, max_lines)
    }

    fn table_text(&self, cells: &[(Interval, Margin)], max_lines: usize) -> String {
        let game = self;
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
            let width = cells[k].0.len();
            let mut row = Vec::new();
            while let Some(&(interval, Margin(m))) = cells.get(k) {
                if interval.len() != width {
                    break;
                }
                row.push(format!("m({},{})={m:+}", interval.start, interval.last()));
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
}
