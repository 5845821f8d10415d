//! A game's table as coordinates, for the teaching page's table view: the shape of the table
//! ([`TableLayout`]) and where each state sits in it ([`TableCell`]). The page draws every
//! game with a layout the same way (one renderer, fed by the trace JSON); a game without one
//! gets its cells in fill order.

use serde::Serialize;

/// How the cells of a table are arranged on the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum TableShape {
    /// Each cell at its (row, column); only the cells with `row <= column` exist, the
    /// diagonal is filled first (an interval table `m(i, j)`).
    Triangle,
    /// Each cell at its (row, column) of a full grid (Stone Game II's `(pile, M)`).
    Grid,
    /// Rows are layers (the subsets of one size); the cells of a row are packed side by side
    /// in the order of their `column`, and a large table is shown as counts per layer.
    Layers,
}

/// The shape of a game's table, with the words for its axes.
///
/// ```
/// use gamesolve::explain::{TableShape, TableView};
/// use gamesolve::PredictTheWinner;
///
/// let layout = PredictTheWinner::new(vec![1, 5, 233, 7]).table_layout().unwrap();
/// assert_eq!(layout.shape, TableShape::Triangle);
/// assert_eq!((layout.rows, layout.columns), (4, 4));
/// assert_eq!(layout.answer.as_deref(), Some("0,3"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct TableLayout {
    /// How the cells are arranged.
    pub shape: TableShape,
    /// Rows: `0..rows`.
    pub rows: u64,
    /// Columns: `0..columns` (for [`TableShape::Layers`], the largest `column` + 1).
    pub columns: u64,
    /// What a row is (`i`, `used integers`).
    pub row_label: String,
    /// What a column is (`j`, `M`).
    pub column_label: String,
    /// The recurrence each cell is computed by, in words.
    pub formula: String,
    /// The key ([`TableCell::key`]) of the cell that holds the answer, if the table has one.
    pub answer: Option<String>,
    /// A name for each row where `row_label = k` would not say it (Cat and Mouse's rows are
    /// a node and whose turn it is); empty: the rows are numbered.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub row_names: Vec<String>,
}

impl TableLayout {
    /// A layout with no answer cell and no formula.
    pub fn new(
        shape: TableShape,
        rows: u64,
        columns: u64,
        row_label: impl Into<String>,
        column_label: impl Into<String>,
    ) -> Self {
        TableLayout {
            shape,
            rows,
            columns,
            row_label: row_label.into(),
            column_label: column_label.into(),
            formula: String::new(),
            answer: None,
            row_names: Vec::new(),
        }
    }

    /// The same layout with a name for each row, in order.
    #[must_use]
    pub fn with_row_names(mut self, names: Vec<String>) -> Self {
        self.row_names = names;
        self
    }

    /// The same layout with the recurrence of its cells.
    #[must_use]
    pub fn with_formula(mut self, formula: impl Into<String>) -> Self {
        self.formula = formula.into();
        self
    }

    /// The same layout with the key of its answer cell.
    #[must_use]
    pub fn with_answer(mut self, key: impl Into<String>) -> Self {
        self.answer = Some(key.into());
        self
    }
}

/// Where one state sits in its game's [`TableLayout`].
///
/// ```
/// use gamesolve::explain::{TableCell, TableView};
/// use gamesolve::{CanIWin, Game};
///
/// let game = CanIWin::new(4, 6)?;
/// let cell = game.table_cell(0b0101).unwrap();
/// assert_eq!(cell.key, "5"); // the mask, as the page's `data-cell`
/// assert_eq!(cell.row, 2); // two integers used
/// # Ok::<(), gamesolve::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct TableCell {
    /// The cell's name on the page (`data-cell`): `"i,j"`, a mask, …; unique in the table.
    pub key: String,
    /// Its row.
    pub row: u64,
    /// Its column (for [`TableShape::Layers`], its order within the row).
    pub column: u64,
    /// The storage slot a bottom-up pass writes it in, when slots are reused (one rolling
    /// row: a later cell in the same slot overwrites this one); `None` when every cell has
    /// its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slot: Option<u64>,
}

impl TableCell {
    /// The cell `key` at (`row`, `column`), in a slot of its own.
    pub fn new(key: impl Into<String>, row: u64, column: u64) -> Self {
        TableCell {
            key: key.into(),
            row,
            column,
            slot: None,
        }
    }

    /// The same cell stored in `slot`, shared with other cells.
    #[must_use]
    pub fn in_slot(mut self, slot: u64) -> Self {
        self.slot = Some(slot);
        self
    }
}

/// Columns of a grid drawn as text at most; wider grids say how many are cut.
const MAX_GRID_COLUMNS: u64 = 12;

/// The cells of a [`TableShape::Grid`] or [`TableShape::Triangle`] layout drawn as text, at
/// most `max_lines` rows: the formula, then one line per row with each solved cell's value
/// (its number for a scoring game, else its verdict) at its column, `·` where `cells` has
/// none. `None` for a game without such a layout. The default
/// [`TableView::table_text`](super::TableView::table_text) of a game with one.
///
/// # Complexity
///
/// `O(C log C + R · K)` time for `C` cells, `R` rows and `K <= 12` columns shown; the
/// values of the cells in a map.
pub fn grid_text<G: super::TableView>(
    game: &G,
    cells: &[(G::Position, G::Value)],
    max_lines: usize,
) -> Option<String> {
    use crate::GameValue as _;
    use std::collections::BTreeMap;
    use std::fmt::Write as _;

    let layout = game.table_layout()?;
    if !matches!(layout.shape, TableShape::Grid | TableShape::Triangle) {
        return None;
    }
    // A traced search may report a state more than once: the values agree, keep one.
    let solved: BTreeMap<(u64, u64), String> = cells
        .iter()
        .filter_map(|&(position, value)| {
            let cell = game.table_cell(position)?;
            let shown = value
                .amount()
                .map_or_else(|| value.verdict().to_string(), |v| format!("{v:+}"));
            Some(((cell.row, cell.column), shown))
        })
        .collect();
    let columns = layout.columns.min(MAX_GRID_COLUMNS);
    let width = solved
        .values()
        .map(|v| v.chars().count())
        .chain([format!("{}={}", layout.column_label, columns).len(), 2])
        .max()
        .unwrap_or(2);
    let row_width = layout.rows.saturating_sub(1).to_string().len().max(2);
    let mut text = String::new();
    let _ = writeln!(
        text,
        "The table by {} (rows) and {} (columns), each cell the value for the player to move; \
         · where this run computed none. {} cells.",
        layout.row_label,
        layout.column_label,
        solved.len()
    );
    if !layout.formula.is_empty() {
        let _ = writeln!(text, "  {}", layout.formula);
    }
    let mut header = format!("  {:>row_width$} │", layout.row_label);
    for column in 0..columns {
        let _ = write!(
            header,
            " {:>width$}",
            format!("{}={column}", layout.column_label)
        );
    }
    if columns < layout.columns {
        let _ = write!(
            header,
            "  … {} more columns not shown",
            layout.columns - columns
        );
    }
    let _ = writeln!(text, "{header}");
    for row in 0..layout.rows {
        if row as usize >= max_lines {
            let _ = writeln!(
                text,
                "  … {} more rows (raise --max-lines)",
                layout.rows - row
            );
            break;
        }
        let mut line = format!("  {row:>row_width$} │");
        for column in 0..columns {
            let shown = solved.get(&(row, column)).map_or("·", String::as_str);
            let _ = write!(line, " {shown:>width$}");
        }
        let _ = writeln!(text, "{}", line.trim_end());
    }
    Some(text)
}
