//! The benchmark data files (`benches/results/*.csv`): a header block of `# key: value` lines
//! (what the table is, the command, the machine, the date, the load), then a CSV table whose
//! columns depend on the file's `kind`:
//!
//! - `series`: `variant,size,median_ns,lower_ns,upper_ns,positions`, one criterion point per
//!   row (the bounds and the positions may be empty), shown as a table of sizes by variants
//!   and, with a `plot` key, as a panel of the plot;
//! - `versus`: `case,contender,side,time_ns`, contenders on the `left` (the reference: its
//!   fastest is the one compared with) and on the `right`, shown with the ratio right / left;
//! - `pick`: `row,group,size`, rows picked from the `series` files of `group` at `size`;
//! - `table`: any columns, shown as written (with the four keys of where it was measured, or
//!   none of them).
//!
//! Every file is read whole and checked: an unknown key, a missing key, a wrong column or a
//! number that does not parse is an error naming the file and the line.

use std::fs;
use std::path::Path;

/// Keys every file has.
const COMMON_KEYS: [&str; 4] = ["kind", "order", "section", "title"];

/// Keys of a measured table (series and versus).
const MEASURED_KEYS: [&str; 4] = ["command", "machine", "date", "load"];

/// One data file.
#[derive(Clone, Debug)]
pub struct Table {
    /// The file's name (`can_i_win_hardest.csv`), for messages.
    pub file: String,
    /// The header block's keys and values, in file order (`note` may repeat).
    pub meta: Vec<(String, String)>,
    /// Where the table goes: sections in the order of their first table.
    pub order: i64,
    /// The rows.
    pub body: Body,
}

/// A file's rows, by kind.
#[derive(Clone, Debug)]
pub enum Body {
    /// Criterion points.
    Series(Vec<SeriesRow>),
    /// Contenders timed on the same cases.
    Versus(Vec<VersusRow>),
    /// Rows picked from the series files.
    Pick(Vec<PickRow>),
    /// Text as written: the header, then the rows.
    Text(Vec<String>, Vec<Vec<String>>),
}

/// One criterion point.
#[derive(Clone, Debug)]
pub struct SeriesRow {
    /// `memo`, `tabular/per-mask`, …
    pub variant: String,
    /// The input's size (`n`, a row length).
    pub size: u64,
    /// Median time in nanoseconds; `None` for a point known only as a range (its bounds: the
    /// lowest and highest median of several runs).
    pub median_ns: Option<f64>,
    /// Criterion's 95 % confidence interval of the median, or the range of a point without a
    /// median, when known.
    pub bounds_ns: Option<(f64, f64)>,
    /// Positions the variant expands on this input, when counted.
    pub positions: Option<u64>,
}

/// One contender's time on one case.
#[derive(Clone, Debug)]
pub struct VersusRow {
    /// The question (`tic-tac-toe`).
    pub case: String,
    /// Who answered it (`memo/alpha-beta`, `` `minimax` 0.5 ``).
    pub contender: String,
    /// `true` on the reference side.
    pub left: bool,
    /// Its time in nanoseconds.
    pub time_ns: f64,
}

/// One row of a `pick` table.
#[derive(Clone, Debug)]
pub struct PickRow {
    /// The row's label.
    pub label: String,
    /// The criterion group of the series files to pick from.
    pub group: String,
    /// The size to pick.
    pub size: u64,
}

impl Table {
    /// The header block's value of `key` (its first, for `note`).
    pub fn get(&self, key: &str) -> Option<&str> {
        self.meta
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The value of a key [`check`] made sure is there.
    pub fn key(&self, key: &str) -> &str {
        self.get(key).unwrap_or("")
    }

    /// Every `note`, in order.
    pub fn notes(&self) -> impl Iterator<Item = &str> {
        self.meta
            .iter()
            .filter(|(k, _)| k == "note")
            .map(|(_, v)| v.as_str())
    }

    /// The series rows, or none.
    pub fn series(&self) -> &[SeriesRow] {
        match &self.body {
            Body::Series(rows) => rows,
            Body::Versus(_) | Body::Pick(_) | Body::Text(..) => &[],
        }
    }
}

/// Every `*.csv` file of `dir`, sorted by `order` then name.
pub fn read_dir(dir: &Path) -> Result<Vec<Table>, String> {
    let entries = fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut tables = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
            .path();
        if path.extension().is_some_and(|ext| ext == "csv") {
            let text = fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let name = path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            tables.push(parse(&name, &text)?);
        }
    }
    tables.sort_by(|a, b| (a.order, &a.file).cmp(&(b.order, &b.file)));
    check_machines(&tables)?;
    Ok(tables)
}

/// One file's text.
pub fn parse(file: &str, text: &str) -> Result<Table, String> {
    let mut meta = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let Some(rest) = line.strip_prefix('#') else {
            break;
        };
        let Some((key, value)) = rest.trim_start().split_once(':') else {
            return Err(format!(
                "{file} line {}: a header line is `# key: value`, found `{line}`",
                index + 1
            ));
        };
        meta.push((key.trim().to_owned(), value.trim().to_owned()));
    }
    let header_lines = meta.len();
    let mut reader = csv::ReaderBuilder::new()
        .comment(Some(b'#'))
        .from_reader(text.as_bytes());
    let columns: Vec<String> = reader
        .headers()
        .map_err(|e| format!("{file}: {e}"))?
        .iter()
        .map(str::to_owned)
        .collect();
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| format!("{file}: {e}"))?;
        rows.push(record.iter().map(str::to_owned).collect::<Vec<_>>());
    }
    let value = |key: &str| {
        meta.iter()
            .find(|(k, _)| k == key)
            .map(|(_, v): &(String, String)| v.as_str())
    };
    let kind = value("kind").unwrap_or("");
    let (body, keys): (Body, &[&str]) = match kind {
        "series" => (
            Body::Series(series_rows(file, header_lines, &columns, &rows)?),
            &["group", "size", "plot"],
        ),
        "versus" => (
            Body::Versus(versus_rows(file, header_lines, &columns, &rows)?),
            &["statistic", "left", "right", "columns", "ratio"],
        ),
        "pick" => (
            Body::Pick(pick_rows(file, header_lines, &columns, &rows)?),
            &[],
        ),
        "table" => (Body::Text(columns, rows), &[]),
        other => {
            return Err(format!(
                "{file}: kind `{other}` is not one of series, versus, pick, table"
            ))
        }
    };
    // A series or versus file was measured; a table of text may say where it was measured
    // (then with all four keys) or not (the machines, the bench targets).
    let measured = matches!(kind, "series" | "versus")
        || (kind == "table" && MEASURED_KEYS.iter().any(|k| value(k).is_some()));
    for (key, _) in &meta {
        let known = COMMON_KEYS.contains(&key.as_str())
            || key == "note"
            || (kind == "table" && key == "page")
            || (measured && MEASURED_KEYS.contains(&key.as_str()))
            || keys.contains(&key.as_str());
        if !known {
            return Err(format!("{file}: unknown key `{key}` for a `{kind}` file"));
        }
    }
    let required = COMMON_KEYS
        .iter()
        .chain(if measured { &MEASURED_KEYS[..] } else { &[] })
        .chain(keys.iter().filter(|k| **k != "plot"));
    for key in required {
        if value(key).is_none_or(str::is_empty) {
            return Err(format!("{file}: the header block needs `# {key}: …`"));
        }
    }
    if let Body::Versus(rows) = &body {
        check_sides(file, value("columns").unwrap_or(""), rows)?;
    }
    let order = value("order")
        .unwrap_or("")
        .parse()
        .map_err(|e| format!("{file}: order must be an integer: {e}"))?;
    Ok(Table {
        file: file.to_owned(),
        meta,
        order,
        body,
    })
}

/// Checks the columns are exactly `want`.
fn expect_columns(file: &str, columns: &[String], want: &[&str]) -> Result<(), String> {
    if columns.iter().map(String::as_str).ne(want.iter().copied()) {
        return Err(format!(
            "{file}: the columns must be `{}`, found `{}`",
            want.join(","),
            columns.join(",")
        ));
    }
    Ok(())
}

/// A number of column `name` on data row `row` (1-based line numbers in messages).
fn number<T: std::str::FromStr>(
    file: &str,
    line: usize,
    name: &str,
    text: &str,
) -> Result<T, String>
where
    T::Err: std::fmt::Display,
{
    text.parse()
        .map_err(|e| format!("{file} line {line}: {name} `{text}` is not a number: {e}"))
}

fn series_rows(
    file: &str,
    skip: usize,
    columns: &[String],
    rows: &[Vec<String>],
) -> Result<Vec<SeriesRow>, String> {
    expect_columns(file, columns, &SERIES_COLUMNS)?;
    let mut out = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        let line = skip + index + 2;
        let [variant, size, median, lower, upper, positions] = &row[..] else {
            return Err(format!("{file} line {line}: expected 6 fields"));
        };
        let bounds_ns = if lower.is_empty() && upper.is_empty() {
            None
        } else {
            Some((
                number(file, line, "lower_ns", lower)?,
                number(file, line, "upper_ns", upper)?,
            ))
        };
        let median_ns = if median.is_empty() {
            if bounds_ns.is_none() {
                return Err(format!(
                    "{file} line {line}: a point needs a median_ns, or lower_ns and upper_ns"
                ));
            }
            None
        } else {
            Some(number(file, line, "median_ns", median)?)
        };
        out.push(SeriesRow {
            variant: variant.clone(),
            size: number(file, line, "size", size)?,
            median_ns,
            bounds_ns,
            positions: if positions.is_empty() {
                None
            } else {
                Some(number(file, line, "positions", positions)?)
            },
        });
    }
    Ok(out)
}

/// The columns of a `series` file.
pub const SERIES_COLUMNS: [&str; 6] = [
    "variant",
    "size",
    "median_ns",
    "lower_ns",
    "upper_ns",
    "positions",
];

fn versus_rows(
    file: &str,
    skip: usize,
    columns: &[String],
    rows: &[Vec<String>],
) -> Result<Vec<VersusRow>, String> {
    expect_columns(file, columns, &["case", "contender", "side", "time_ns"])?;
    let mut out = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        let line = skip + index + 2;
        let [case, contender, side, time] = &row[..] else {
            return Err(format!("{file} line {line}: expected 4 fields"));
        };
        let left = match side.as_str() {
            "left" => true,
            "right" => false,
            other => {
                return Err(format!(
                    "{file} line {line}: side `{other}` is not `left` or `right`"
                ))
            }
        };
        out.push(VersusRow {
            case: case.clone(),
            contender: contender.clone(),
            left,
            time_ns: number(file, line, "time_ns", time)?,
        });
    }
    Ok(out)
}

/// Every case has a left and a right contender, and `columns` says how to show the right side.
fn check_sides(file: &str, columns: &str, rows: &[VersusRow]) -> Result<(), String> {
    if !matches!(columns, "each" | "fastest") {
        return Err(format!(
            "{file}: `columns` is `each` (a column per right contender) or `fastest`, not `{columns}`"
        ));
    }
    for row in rows {
        for left in [true, false] {
            if !rows.iter().any(|r| r.case == row.case && r.left == left) {
                return Err(format!(
                    "{file}: case `{}` has no {} contender",
                    row.case,
                    if left { "left" } else { "right" }
                ));
            }
        }
    }
    Ok(())
}

fn pick_rows(
    file: &str,
    skip: usize,
    columns: &[String],
    rows: &[Vec<String>],
) -> Result<Vec<PickRow>, String> {
    expect_columns(file, columns, &["row", "group", "size"])?;
    let mut out = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        let line = skip + index + 2;
        let [label, group, size] = &row[..] else {
            return Err(format!("{file} line {line}: expected 3 fields"));
        };
        out.push(PickRow {
            label: label.clone(),
            group: group.clone(),
            size: number(file, line, "size", size)?,
        });
    }
    Ok(out)
}

/// Every measured table names a machine of `machines.csv`.
fn check_machines(tables: &[Table]) -> Result<(), String> {
    let known: Vec<&str> = tables
        .iter()
        .filter(|t| t.file == "machines.csv")
        .flat_map(|t| match &t.body {
            Body::Text(_, rows) => rows.iter().filter_map(|r| r.first()).collect(),
            Body::Series(_) | Body::Versus(_) | Body::Pick(_) => Vec::new(),
        })
        .map(String::as_str)
        .collect();
    for table in tables {
        if let Some(machine) = table.get("machine") {
            if !known.contains(&machine) {
                return Err(format!(
                    "{}: machine `{machine}` is not an id of machines.csv (known: {})",
                    table.file,
                    known.join(", ")
                ));
            }
        }
    }
    Ok(())
}

/// A series file's text: its header block as read, then its rows.
pub fn write_series(meta: &[(String, String)], rows: &[SeriesRow]) -> String {
    let mut out = String::new();
    for (key, value) in meta {
        out.push_str(&format!("# {key}: {value}\n"));
    }
    out.push_str(&SERIES_COLUMNS.join(","));
    out.push('\n');
    for row in rows {
        let (lower, upper) = row
            .bounds_ns
            .map_or((String::new(), String::new()), |(l, u)| {
                (format!("{l:.1}"), format!("{u:.1}"))
            });
        let positions = row.positions.map_or_else(String::new, |p| p.to_string());
        let median = row
            .median_ns
            .map_or_else(String::new, |m| format!("{m:.1}"));
        out.push_str(&format!(
            "{},{},{median},{lower},{upper},{positions}\n",
            row.variant, row.size
        ));
    }
    out
}
