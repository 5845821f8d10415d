//! BENCHMARKS.md from the data files: the contents, then each section's tables in the files'
//! `order`, each table with its command, machine, date and load, then how to regenerate the
//! page. Everything on the page that is a figure comes from a file; the prose here says only
//! how the page is made.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::data::{Body, PickRow, SeriesRow, Table, VersusRow};

/// The plot's path, relative to the repository root (where the page is).
pub const PLOT_PATH: &str = "docs/benchmarks.svg";

/// The page's first lines.
const INTRO: &str = "\
# Benchmarks

The current results, each table with its command, machine, date and load; generated from the data files `benches/results/*.csv` ([Regenerating this page](#regenerating-this-page)).
";

/// How the page is made, and where its history is.
const FOOTER: &str = "\
## Regenerating this page

```sh
cargo run --example bench_report              # BENCHMARKS.md and its plot from benches/results/*.csv
cargo run --example bench_report -- --check   # whether they match the data (so does the test bench_page)
# A criterion run's medians into the series files (their rows replaced; their notes kept: re-read them):
cargo run --release --example bench_report -- --import-criterion target/criterion \\
    --machine epyc-2c --date 2026-12-07 --load '1.0 to 1.4'
```

The bench targets, each with its command and what it measures, are listed in [the guide](docs/GUIDE.md#benchmarks) (data: `benches/results/targets.csv`). A `versus` or `table` file is written by hand from a run's output, with its command, machine, date and load; a new file is a new table, placed by its `order` and `section`. The generator is `examples/bench_report/` (in no library). **History**: the earlier figures and the former work log of this page are in git: `git log -p BENCHMARKS.md benches/results/`.
";

/// The whole page.
pub fn render(tables: &[Table]) -> String {
    let mut sections: Vec<(&str, Vec<&Table>)> = Vec::new();
    // A file with `page: guide` is data for docs/GUIDE.md and the tests (the bench targets),
    // listed there, not here.
    for table in tables.iter().filter(|t| t.get("page") != Some("guide")) {
        let section = table.key("section");
        match sections.iter_mut().find(|(name, _)| *name == section) {
            Some((_, list)) => list.push(table),
            None => sections.push((section, vec![table])),
        }
    }
    let mut out = String::from(INTRO);
    let mut entries: Vec<&str> = sections.iter().map(|(name, _)| *name).collect();
    entries.insert(entries.len().min(1), "Plot");
    entries.push("Regenerating this page");
    let links: Vec<String> = entries
        .iter()
        .map(|name| format!("[{name}](#{})", anchor(name)))
        .collect();
    let _ = writeln!(out, "\n**Contents**: {}", links.join(" · "));
    for (index, (name, list)) in sections.iter().enumerate() {
        let _ = write!(out, "\n## {name}\n");
        let mut first = true;
        for table in list {
            let text = render_table(table, tables);
            // The section's first table follows its heading with no blank line between.
            out.push_str(if first {
                text.strip_prefix('\n').unwrap_or(&text)
            } else {
                &text
            });
            first &= text.is_empty();
        }
        if index == 0 {
            out.push_str(&plot_section(tables));
        }
    }
    out.push('\n');
    out.push_str(FOOTER);
    out
}

/// GitHub's anchor of a heading: lower case, spaces to `-`, other punctuation dropped.
fn anchor(heading: &str) -> String {
    heading
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c.to_ascii_lowercase()),
            _ => None,
        })
        .collect()
}

/// The plot's section: the picture and the files it is drawn from.
fn plot_section(tables: &[Table]) -> String {
    let sources: Vec<String> = tables
        .iter()
        .filter(|t| t.get("plot").is_some())
        .map(|t| format!("`{}`", t.file))
        .collect();
    format!(
        "\n## Plot\n\n![Median time against size per backend, log time axis: {}]({PLOT_PATH})\n",
        sources.join(", ")
    )
}

/// Where a table was measured: its command, machine, date and load.
fn measured(table: &Table) -> String {
    format!(
        "`{}` · machine [`{}`](#machines) · {} · load {}",
        table.key("command"),
        table.key("machine"),
        table.key("date"),
        table.key("load")
    )
}

/// The series files of `table`'s group in its section, in order: one table on the page (the
/// columns of each file side by side, each file's own command, machine, date and load).
fn mates<'a>(table: &Table, all: &'a [Table]) -> Vec<&'a Table> {
    all.iter()
        .filter(|t| {
            matches!(t.body, Body::Series(_))
                && t.get("group") == table.get("group")
                && t.get("section") == table.get("section")
        })
        .collect()
}

/// A variant in a merged table's list of files: with the sizes this file has of it when
/// another file of the table has the same variant at other sizes.
fn variant_of_mate(variant: &str, mate: &Table, mates: &[&Table], size_name: &str) -> String {
    let shared = mates
        .iter()
        .any(|o| !std::ptr::eq(*o, mate) && o.series().iter().any(|r| r.variant == variant));
    if !shared {
        return format!("`{variant}`");
    }
    let sizes: Vec<String> = mate
        .series()
        .iter()
        .filter(|r| r.variant == variant)
        .map(|r| r.size.to_string())
        .collect();
    format!("`{variant}` ({size_name} = {})", sizes.join(", "))
}

/// One table: its heading, where it was measured, the table, its notes; empty for a series
/// file shown in an earlier file's table.
fn render_table(table: &Table, all: &[Table]) -> String {
    let mates = match table.body {
        Body::Series(_) => mates(table, all),
        Body::Versus(_) | Body::Pick(_) | Body::Text(..) => vec![table],
    };
    if !mates
        .first()
        .is_some_and(|first| std::ptr::eq(*first, table))
    {
        return String::new();
    }
    let mut out = format!("\n### {}\n", table.key("title"));
    if mates.len() > 1 {
        for mate in &mates {
            let names: Vec<String> = variants(mate.series().iter())
                .iter()
                .map(|n| variant_of_mate(n, mate, &mates, table.key("size")))
                .collect();
            let _ = writeln!(out, "- {}: {}", names.join(", "), measured(mate));
        }
        out.push('\n');
    } else if table.get("command").is_some() {
        let _ = writeln!(out, "{}\n", measured(table));
    } else {
        out.push('\n');
    }
    match &table.body {
        Body::Series(_) => {
            let rows: Vec<&SeriesRow> = mates.iter().flat_map(|t| t.series()).collect();
            out.push_str(&series_table(table.key("size"), &rows));
        }
        Body::Versus(rows) => out.push_str(&versus_table(table, rows)),
        Body::Pick(rows) => out.push_str(&pick_table(rows, all)),
        Body::Text(header, rows) => out.push_str(&text_table(header, rows)),
    }
    let mut notes: Vec<String> = Vec::new();
    if let Body::Pick(rows) = &table.body {
        notes.push(pick_sources(rows, all));
    }
    if let Some(statistic) = table.get("statistic") {
        notes.push(format!(
            "Times: {statistic}. Ratio: {}.",
            table.key("ratio")
        ));
    }
    for mate in &mates {
        notes.extend(mate.notes().map(str::to_owned));
    }
    if !notes.is_empty() {
        let _ = write!(out, "\n{}\n", notes.join(" "));
    }
    out
}

/// A duration in nanoseconds with a unit read at a glance, three significant digits.
pub fn format_ns(ns: f64) -> String {
    let (value, unit) = if ns >= 1e9 {
        (ns / 1e9, "s")
    } else if ns >= 1e6 {
        (ns / 1e6, "ms")
    } else if ns >= 1e3 {
        (ns / 1e3, "µs")
    } else {
        (ns, "ns")
    };
    if value >= 100.0 {
        format!("{value:.0} {unit}")
    } else if value >= 10.0 {
        format!("{value:.1} {unit}")
    } else {
        format!("{value:.2} {unit}")
    }
}

/// A point's time: its median, or the range it is known by.
fn time_of(row: &SeriesRow) -> String {
    match (row.median_ns, row.bounds_ns) {
        (Some(median), _) => format_ns(median),
        (None, Some((low, high))) => format!("{} to {}", format_ns(low), format_ns(high)),
        (None, None) => "–".to_owned(), // `data` refuses such a row
    }
}

/// A ratio: two decimals below 10, one above.
fn format_ratio(ratio: f64) -> String {
    if ratio >= 10.0 {
        format!("{ratio:.1}x")
    } else {
        format!("{ratio:.2}x")
    }
}

/// A contender's name: in code font when it is a variant (`memo/dense`).
fn name(contender: &str) -> String {
    if contender.contains('/') && !contender.contains(' ') {
        format!("`{contender}`")
    } else {
        contender.to_owned()
    }
}

/// The variants in their first order of appearance.
fn variants<'a>(rows: impl Iterator<Item = &'a SeriesRow>) -> Vec<&'a str> {
    let mut names: Vec<&str> = Vec::new();
    for row in rows {
        if !names.contains(&row.variant.as_str()) {
            names.push(&row.variant);
        }
    }
    names
}

fn header_row(first: &str, columns: &[String], align: &str) -> String {
    let mut out = format!("| {first} |");
    for column in columns {
        let _ = write!(out, " {column} |");
    }
    let _ = write!(out, "\n|{align}|");
    for _ in columns {
        let _ = write!(out, "{align}|");
    }
    out.push('\n');
    out
}

/// Sizes down, variants across: the median, and the nanoseconds per position when counted.
fn series_table(size_name: &str, rows: &[&SeriesRow]) -> String {
    let names = variants(rows.iter().copied());
    let columns: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    let mut out = header_row(size_name, &columns, "---:");
    let mut by_size: BTreeMap<u64, Vec<&SeriesRow>> = BTreeMap::new();
    for row in rows {
        by_size.entry(row.size).or_default().push(*row);
    }
    for (size, points) in &by_size {
        let _ = write!(out, "| {size} |");
        for variant in &names {
            match points.iter().find(|p| p.variant == *variant) {
                Some(p) => match (p.median_ns, p.positions.filter(|&n| n > 0)) {
                    (Some(median), Some(n)) => {
                        let per = median / n as f64;
                        let _ = write!(out, " {} ({per:.2}) |", format_ns(median));
                    }
                    (Some(_), None) | (None, _) => {
                        let _ = write!(out, " {} |", time_of(p));
                    }
                },
                None => out.push_str(" – |"),
            }
        }
        out.push('\n');
    }
    out
}

/// A right contender's column and its detail: `gamesolve (memo/alpha-beta)` is column
/// `gamesolve`, detail `memo/alpha-beta`.
fn column_of(contender: &str) -> (&str, Option<&str>) {
    match contender.split_once(" (") {
        Some((column, rest)) => (column, Some(rest.strip_suffix(')').unwrap_or(rest))),
        None => (contender, None),
    }
}

/// The fastest of `rows` (the first of equal times).
fn fastest<'a>(rows: &[&'a VersusRow]) -> Option<&'a VersusRow> {
    rows.iter().copied().fold(None, |best, row| match best {
        Some(b) if b.time_ns <= row.time_ns => Some(b),
        _ => Some(row),
    })
}

/// A case per row: the fastest left contender (the others in brackets), then the right side
/// (a column per contender, or its fastest and the ratio), each with its ratio to the left.
fn versus_table(table: &Table, rows: &[VersusRow]) -> String {
    let each = table.key("columns") == "each";
    let mut cases: Vec<&str> = Vec::new();
    for row in rows {
        if !cases.contains(&row.case.as_str()) {
            cases.push(&row.case);
        }
    }
    let mut rights: Vec<&str> = Vec::new();
    for row in rows.iter().filter(|r| !r.left) {
        let column = column_of(&row.contender).0;
        if !rights.contains(&column) {
            rights.push(column);
        }
    }
    let mut columns = vec![table.key("left").to_owned()];
    if each {
        columns.extend(rights.iter().map(|r| name(r)));
    } else {
        columns.push(table.key("right").to_owned());
        columns.push("ratio".to_owned());
    }
    let mut out = header_row("case", &columns, "---");
    for case in cases {
        let of_case: Vec<&VersusRow> = rows.iter().filter(|r| r.case == case).collect();
        let lefts: Vec<&VersusRow> = of_case.iter().copied().filter(|r| r.left).collect();
        let Some(best) = fastest(&lefts) else {
            continue; // `data::check_sides` makes sure every case has a left contender
        };
        let others: Vec<String> = lefts
            .iter()
            .filter(|r| !std::ptr::eq(**r, best))
            .map(|r| format!("{} {}", name(&r.contender), format_ns(r.time_ns)))
            .collect();
        let mut left = format!("{} {}", name(&best.contender), format_ns(best.time_ns));
        if !others.is_empty() {
            let _ = write!(left, " ({})", others.join(", "));
        }
        let _ = write!(out, "| {case} | {left} |");
        let right_rows: Vec<&VersusRow> = of_case.iter().copied().filter(|r| !r.left).collect();
        if each {
            for right in &rights {
                match right_rows
                    .iter()
                    .find(|r| column_of(&r.contender).0 == *right)
                {
                    Some(r) => {
                        let ratio = format_ratio(r.time_ns / best.time_ns);
                        let detail = column_of(&r.contender)
                            .1
                            .map_or_else(String::new, |d| format!("{} ", name(d)));
                        let _ = write!(out, " {detail}{} (**{ratio}**) |", format_ns(r.time_ns));
                    }
                    None => out.push_str(" – |"),
                }
            }
        } else if let Some(r) = fastest(&right_rows) {
            let others: Vec<String> = right_rows
                .iter()
                .filter(|o| !std::ptr::eq(**o, r))
                .map(|o| format!("{} {}", name(&o.contender), format_ns(o.time_ns)))
                .collect();
            let mut cell = format!("{} {}", name(&r.contender), format_ns(r.time_ns));
            if !others.is_empty() {
                let _ = write!(cell, " ({})", others.join(", "));
            }
            let ratio = format_ratio(r.time_ns / best.time_ns);
            let _ = write!(out, " {cell} | **{ratio}** |");
        }
        out.push('\n');
    }
    out
}

/// Rows picked from the series files: every variant of the group at the size.
fn pick_table(rows: &[PickRow], all: &[Table]) -> String {
    let series: Vec<(&Table, &SeriesRow)> = all
        .iter()
        .flat_map(|t| t.series().iter().map(move |r| (t, r)))
        .collect();
    let picked = |pick: &PickRow| -> Vec<&SeriesRow> {
        series
            .iter()
            .filter(|(t, r)| t.get("group") == Some(pick.group.as_str()) && r.size == pick.size)
            .map(|(_, r)| *r)
            .collect()
    };
    let names = variants(rows.iter().flat_map(picked));
    let columns: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    let mut out = header_row("instance", &columns, "---:");
    out = out.replacen("|---:|", "|---|", 1);
    for pick in rows {
        let points = picked(pick);
        let _ = write!(out, "| {} |", pick.label);
        for variant in &names {
            match points.iter().find(|p| p.variant == *variant) {
                Some(p) => {
                    let _ = write!(out, " {} |", time_of(p));
                }
                None => out.push_str(" – |"),
            }
        }
        out.push('\n');
    }
    out
}

/// Where a pick table's figures come from: each series file it picks from, with its machine,
/// date and load.
fn pick_sources(rows: &[PickRow], all: &[Table]) -> String {
    let mut sources: Vec<&Table> = Vec::new();
    for pick in rows {
        for table in all
            .iter()
            .filter(|t| t.get("group") == Some(pick.group.as_str()))
        {
            if !sources.iter().any(|s| std::ptr::eq(*s, table)) {
                sources.push(table);
            }
        }
    }
    let sources: Vec<String> = sources
        .iter()
        .map(|t| {
            format!(
                "`{}` ({}, {}, load {})",
                t.file,
                t.key("machine"),
                t.key("date"),
                t.key("load")
            )
        })
        .collect();
    format!(
        "Picked from {}; their tables are below.",
        sources.join("; ")
    )
}

/// A table as written.
fn text_table(header: &[String], rows: &[Vec<String>]) -> String {
    let Some((first, rest)) = header.split_first() else {
        return String::new();
    };
    let mut out = header_row(first, rest, "---");
    for row in rows {
        let _ = writeln!(out, "| {} |", row.join(" | "));
    }
    out
}
