//! How Can I Win positions read in the teaching views.

use std::fmt::Write as _;

use crate::explain::{TableCell, TableLayout, TableShape, TableView};
use crate::{CanIWin, Game, Verdict};

/// The bottom-up table in fill order.
impl TableView for CanIWin {
    /// The subset lattice: one layer per number of integers used, `0..=n`.
    fn table_layout(&self) -> Option<TableLayout> {
        let n = u64::from(self.max_choosable());
        Some(
            TableLayout::new(
                TableShape::Layers,
                n + 1,
                1u64.checked_shl(self.max_choosable()).unwrap_or(u64::MAX),
                "integers used",
                "subset",
            )
            .with_formula(format!(
                "win[used] = some unused k with total(used) + k >= {} or not win[used ∪ {{k}}]: \
                 whether the player to move wins",
                self.desired_total()
            ))
            .with_answer("0"),
        )
    }

    /// Mask `used` in layer `popcount(used)`, key the mask in decimal.
    fn table_cell(&self, used: u64) -> Option<TableCell> {
        Some(TableCell::new(
            used.to_string(),
            u64::from(used.count_ones()),
            used,
        ))
    }

    /// The memo's states by layer (integers used), then by mask, with their value for the
    /// player to move: the states the search reached, not the whole lattice.
    fn memo_table_text(&self, cells: &[(u64, Verdict)], max_lines: usize) -> Option<String> {
        let mut states = cells.to_vec();
        states.sort_by_key(|&(used, _)| (used.count_ones(), used));
        states.dedup_by_key(|&mut (used, _)| used);
        let mut text = String::new();
        let _ = writeln!(
            text,
            "win[used] for the player to move, by integers used (layer), {} states of the 2^{} = \
             {} of the lattice:",
            states.len(),
            self.max_choosable(),
            1u128 << self.max_choosable()
        );
        let width = states
            .iter()
            .take(max_lines)
            .map(|&(used, _)| self.show_position(used).chars().count())
            .chain([4])
            .max()
            .unwrap_or(4);
        let _ = writeln!(text, "  layer  {:<width$}  to move", "used");
        for (shown, &(used, value)) in states.iter().enumerate() {
            if shown >= max_lines {
                let _ = writeln!(
                    text,
                    "  … {} more states (raise --max-lines)",
                    states.len() - shown
                );
                break;
            }
            let _ = writeln!(
                text,
                "  {:>5}  {:<width$}  {value}",
                used.count_ones(),
                self.show_position(used)
            );
        }
        Some(text)
    }

    fn table_text(&self, cells: &[(u64, Verdict)], max_lines: usize) -> String {
        let game = self;
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
            .map(|(node, _)| game.show_position(*node).chars().count())
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
            let label = game.show_position(*node);
            let _ = writeln!(text, "  {:>4}  {label:<width$}  {value}", step + 1);
        }
        text
    }
}
