//! How Predict the Winner positions read in the teaching views.

use std::fmt::Write as _;

use crate::explain::TableView;
use crate::{Interval, Margin, PredictTheWinner};

/// The rolling row after each interval length, in fill order.
impl TableView for PredictTheWinner {
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
