//! `compare`'s table in words, made to fit the terminal: a backend that could not answer holds
//! a short reason in its cell ("budget of 10^8 positions", "no algorithm") and its full reason
//! follows the table as a numbered note; columns that do not fit are left out in
//! [`DROP_ORDER`] (and a note says which); below the width of the first three columns the
//! table turns into one block of lines per backend. A line under the table says how the times
//! were measured ([`crate::compare_measure`]).

use comfy_table::{
    CellAlignment, ColumnConstraint, ContentArrangement, ContentLineStyle, LineStyle, Table,
    TableStyle,
};
use gamesolve::Error;

use crate::term;

/// The columns, left to right.
const HEADERS: [&str; 10] = [
    "backend",
    "answer",
    "time",
    "±",
    "runs",
    "positions",
    "memo hits",
    "states",
    "table cells",
    "table bytes",
];

/// The order in which columns are left out when the table is wider than the terminal (as
/// indexes of [`HEADERS`]): memo hits, table cells, states, table bytes, positions, runs, the
/// spread (±). The backend, the answer and the time always stay: below their width, blocks.
/// `compare --help` states it ([`crate::compare::AFTER_HELP`]).
const DROP_ORDER: [usize; 7] = [6, 8, 7, 9, 5, 4, 3];

/// One row: the label, the answer (or the short reason), and the counters, as text.
pub(crate) struct Row {
    /// `memo` or `memo/dense`, with `\n(variant)` when an automatic choice ran another.
    pub(crate) label: String,
    /// The answer, or why not in a few words.
    pub(crate) answer: String,
    /// The full reason when the backend could not answer.
    pub(crate) reason: Option<String>,
    /// time, spread (±), runs, positions, memo hits, states, table cells, table bytes.
    pub(crate) cells: [String; 8],
}

/// A few words for why a backend could not answer, for its cell; the full reason goes in a
/// note.
pub(crate) fn short_reason(e: &Error) -> String {
    match e {
        Error::BudgetExhausted { budget, unit, .. } => {
            format!("budget of {} {unit}", power_of_ten(*budget))
        }
        Error::TimeLimitReached { limit, .. } => {
            format!("time limit of {}", humantime::format_duration(*limit))
        }
        Error::TableTooLarge { .. } => "over the memory cap".to_owned(),
        Error::AllocationFailed { .. } => "memory refused".to_owned(),
        Error::StackRefused { .. } => "stack refused".to_owned(),
        Error::GameTooLarge {
            parameter, limit, ..
        } => format!("{parameter} over {limit}"),
        Error::NoAlgorithm { .. } => "no algorithm".to_owned(),
        _ => "error".to_owned(),
    }
}

/// `100000000` as `10^8` (a power of ten from 1000 up), any other number as it is.
fn power_of_ten(n: u64) -> String {
    let mut power = 0;
    let mut rest = n;
    while rest >= 10 && rest.is_multiple_of(10) {
        rest /= 10;
        power += 1;
    }
    if rest == 1 && power >= 3 {
        format!("10^{power}")
    } else {
        n.to_string()
    }
}

/// The table of `rows` within `width` columns, then `rule` (how the times were measured) and
/// its notes. `label` is the first column's header (`backend` or `variant`).
/// `O(rows × columns)` per try, at most nine tries.
pub(crate) fn render(rows: &[Row], label: &str, width: usize, rule: &str) -> String {
    let notes: Vec<(usize, &Row)> = rows
        .iter()
        .filter(|row| row.reason.is_some())
        .enumerate()
        .map(|(k, row)| (k + 1, row))
        .collect();
    let mut kept: Vec<usize> = (0..HEADERS.len()).collect();
    let mut dropped: Vec<usize> = Vec::new();
    let mut text = loop {
        let table = table(rows, label, &kept, &notes);
        if max_width(&table) <= width {
            break table;
        }
        match DROP_ORDER.iter().find(|c| kept.contains(c)) {
            Some(&column) => {
                kept.retain(|&c| c != column);
                dropped.push(column);
            }
            None => {
                dropped.clear();
                break blocks(rows, &notes, width);
            }
        }
    };
    let mut after = vec![rule.to_owned()];
    if !dropped.is_empty() {
        let names: Vec<&str> = dropped.iter().map(|&c| HEADERS[c]).collect();
        after.push(format!(
            "Left out to fit {width} columns: {} (`--json` has every counter; see `compare \
             --help`).",
            names.join(", ")
        ));
    }
    for (number, row) in &notes {
        if let Some(reason) = &row.reason {
            after.push(format!("[{number}] {}: {reason}", first_line(&row.label)));
        }
    }
    // The rule and the left-out note wrap flush left, the numbered notes under their text.
    let flush = if dropped.is_empty() { 1 } else { 2 };
    text.push('\n');
    for (k, line) in after.into_iter().enumerate() {
        let indent = if k < flush { "" } else { "    " };
        text.push_str(&term::wrap_hanging(&line, width, indent));
        text.push('\n');
    }
    text
}

/// The label's first line (`memo` of `memo\n(dense)`).
fn first_line(label: &str) -> &str {
    label.lines().next().unwrap_or(label)
}

/// The cell of the label column: the label, and the number of its note when the backend
/// could not answer (`recursive [1]`), where it costs no width beside a longer label.
fn label_cell(row: &Row, notes: &[(usize, &Row)]) -> String {
    match notes.iter().find(|(_, r)| std::ptr::eq(*r, row)) {
        Some((number, _)) => match row.label.split_once('\n') {
            Some((first, rest)) => format!("{first} [{number}]\n{rest}"),
            None => format!("{} [{number}]", row.label),
        },
        None => row.label.clone(),
    }
}

/// comfy-table's `UTF8_FULL_CONDENSED` without its left and right borders: two columns more
/// for the counters.
const STYLE: TableStyle = TableStyle::new()
    .top_border(LineStyle::none().fill('─').junction('┬'))
    .header_lines(ContentLineStyle::none().junction('┆'))
    .header_separator(LineStyle::none().fill('═').junction('╪'))
    .content_lines(ContentLineStyle::none().junction('┆'))
    .bottom_border(LineStyle::none().fill('─').junction('┴'));

/// The table with the columns `kept`, as text ending in a newline.
fn table(rows: &[Row], label: &str, kept: &[usize], notes: &[(usize, &Row)]) -> String {
    let mut table = Table::new();
    table
        .load_style(STYLE)
        .set_content_arrangement(ContentArrangement::Disabled)
        .set_header(
            kept.iter()
                .map(|&c| if c == 0 { label } else { HEADERS[c] }),
        );
    for row in rows {
        let cell = |c: usize| match c {
            0 => label_cell(row, notes),
            1 => row.answer.clone(),
            _ => row.cells[c - 2].clone(),
        };
        table.add_row(kept.iter().map(|&c| cell(c)));
    }
    for (index, &c) in kept.iter().enumerate() {
        if let Some(column) = table.column_mut(index) {
            if c >= 2 {
                column.set_cell_alignment(CellAlignment::Right);
            }
            // A `backend/variant` label stays on one line, so a script can find it.
            column.set_constraint(ColumnConstraint::ContentWidth);
        }
    }
    format!("{}\n", table.trim_fmt())
}

/// The widest line of `text`, in columns.
fn max_width(text: &str) -> usize {
    text.lines()
        .map(textwrap::core::display_width)
        .max()
        .unwrap_or(0)
}

/// One block per backend, for a terminal too narrow for the table: the label and the answer,
/// then the counters as `name value` pairs, wrapped.
fn blocks(rows: &[Row], notes: &[(usize, &Row)], width: usize) -> String {
    let mut text = String::new();
    for row in rows {
        let label = label_cell(row, notes).replace('\n', " ");
        text.push_str(&term::wrap_hanging(
            &format!("{label}: {}", row.answer),
            width,
            "  ",
        ));
        text.push('\n');
        let counters: Vec<String> = HEADERS[2..]
            .iter()
            .zip(&row.cells)
            .filter(|(_, value)| value.as_str() != "-")
            // A no-break space: a counter's name and value stay on one line; the spread
            // (`±1.2%`) names itself.
            .map(|(name, value)| match *name {
                "±" => value.clone(),
                _ => format!("{name} {value}").replace(' ', "\u{a0}"),
            })
            .collect();
        if !counters.is_empty() {
            text.push_str(&term::wrap_at(&format!("  {}", counters.join(", ")), width));
            text.push('\n');
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULE: &str = "time: median of the runs after warming up.";

    fn rows() -> Vec<Row> {
        let counters = |t: &str| {
            [
                t,
                "±1.5%",
                "10",
                "447474",
                "1308871",
                "447473",
                "1048576",
                "256.0 KiB",
            ]
            .map(str::to_owned)
        };
        vec![
            Row {
                label: "recursive".to_owned(),
                answer: "budget of 10^8 positions".to_owned(),
                reason: Some(
                    "backend `recursive` gave up on can-i-win: it exceeded its budget of \
                     100000000 positions; try backend `memo` or `tabular`"
                        .to_owned(),
                ),
                cells: ["2.13 s", "-", "-", "-", "-", "-", "-", "-"].map(str::to_owned),
            },
            Row {
                label: "memo\n(dense)".to_owned(),
                answer: "second player wins".to_owned(),
                reason: None,
                cells: counters("72.5 ms"),
            },
        ]
    }

    #[test]
    fn every_line_fits_and_reasons_become_notes() {
        for width in [40, 60, 80, 100, 140] {
            let text = render(&rows(), "backend", width, RULE);
            for line in text.lines() {
                assert!(
                    textwrap::core::display_width(line) <= width,
                    "{width}: {line}\n{text}"
                );
            }
            assert!(text.contains("budget of 10^8 positions"), "{text}");
            assert!(text.contains("recursive [1]"), "{text}");
            assert!(
                text.split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .contains("[1] recursive: backend `recursive` gave up"),
                "{text}"
            );
        }
        let wide = render(&rows(), "backend", 140, RULE);
        assert!(
            wide.contains("memo hits") && !wide.contains("Left out"),
            "{wide}"
        );
        let narrow = render(&rows(), "backend", 80, RULE);
        assert!(
            narrow.contains("Left out to fit 80 columns: memo hits"),
            "{narrow}"
        );
        assert!(!narrow.contains("┆ memo hits"), "{narrow}");
        let blocks = render(&rows(), "backend", 40, RULE);
        assert!(!blocks.contains('┆'), "{blocks}");
        assert!(
            blocks.contains("memo (dense): second player wins"),
            "{blocks}"
        );
        assert!(blocks.contains("memo\u{a0}hits\u{a0}1308871"), "{blocks}");
        assert!(blocks.contains("±1.5%, runs\u{a0}10"), "{blocks}");
        for text in [wide, narrow, blocks] {
            let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(flat.contains(RULE), "{text}");
        }
    }

    #[test]
    fn budgets_read_as_powers_of_ten() {
        assert_eq!(power_of_ten(100_000_000), "10^8");
        assert_eq!(power_of_ten(100), "100");
        assert_eq!(power_of_ten(3_000_000), "3000000");
    }
}
