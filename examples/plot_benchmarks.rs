//! Turns the criterion results of `cargo bench` into the committed figures:
//! `docs/benchmarks.csv` (one row per point), `docs/benchmarks.svg` (time
//! against size per backend, log time axis) and the Markdown tables of
//! `BENCHMARKS.md` (printed on standard output).
//!
//! ```text
//! cargo bench                                               # fills target/criterion
//! cargo run --release --example plot_benchmarks             # CSV, SVG and tables from it
//! cargo run --release --example plot_benchmarks -- --from-csv   # SVG and tables from the CSV
//! ```
//!
//! Options: `--criterion DIR` (default `$CARGO_TARGET_DIR/criterion`, else
//! `target/criterion`), `--csv PATH` (default `docs/benchmarks.csv`), `--svg
//! PATH` (default `docs/benchmarks.svg`), `--from-csv` (skip criterion, read
//! the CSV).
//!
//! Times are criterion's median (`new/estimates.json`, `median.point_estimate`)
//! with its 95% confidence interval. The `positions` column is the number of
//! positions the backend expands on that input (`Stats::positions`, counted
//! here by solving once more with statistics), so `median / positions` is
//! the cost per position.

#[path = "../benches/support/mod.rs"]
mod support;

use std::collections::BTreeMap;
use std::error::Error;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use gamesolve::{registry::BackendChoice, Backend, Stats};
use plotters::prelude::*;
use support::Group;

type Result<T> = std::result::Result<T, Box<dyn Error>>;

/// One measured point.
#[derive(Clone, Debug)]
struct Point {
    group: Group,
    /// The function id: a backend name, or a `tabular-…` kernel.
    label: String,
    size: u64,
    median_ns: f64,
    lower_ns: f64,
    upper_ns: f64,
    /// Positions expanded on this input, 0 when unknown.
    positions: u64,
}

const CSV_HEADER: &str = "group,backend,size,median_ns,lower_ns,upper_ns,positions";

struct Options {
    criterion: PathBuf,
    csv: PathBuf,
    svg: PathBuf,
    from_csv: bool,
}

fn parse_options() -> Result<Options> {
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| "target".into(), PathBuf::from);
    let mut options = Options {
        criterion: target.join("criterion"),
        csv: "docs/benchmarks.csv".into(),
        svg: "docs/benchmarks.svg".into(),
        from_csv: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--criterion" => options.criterion = value("--criterion")?.into(),
            "--csv" => options.csv = value("--csv")?.into(),
            "--svg" => options.svg = value("--svg")?.into(),
            "--from-csv" => options.from_csv = true,
            other => {
                return Err(format!(
                    "unknown argument `{other}` (known: --criterion DIR, --csv PATH, --svg PATH, --from-csv)"
                )
                .into())
            }
        }
    }
    Ok(options)
}

fn main() -> Result<()> {
    let options = parse_options()?;
    let points = if options.from_csv {
        read_csv(&options.csv)?
    } else {
        let points = collect_criterion(&options.criterion)?;
        write_csv(&options.csv, &points)?;
        eprintln!("wrote {} ({} points)", options.csv.display(), points.len());
        points
    };
    if points.is_empty() {
        return Err("no bench results: run `cargo bench` first".into());
    }
    plot(&options.svg, &points)?;
    eprintln!("wrote {}", options.svg.display());
    print!("{}", markdown(&points));
    Ok(())
}

/// Every point of the groups of [`Group::ALL`] under criterion's output folder.
fn collect_criterion(root: &Path) -> Result<Vec<Point>> {
    let mut files = Vec::new();
    find_benchmark_files(root, &mut files).map_err(|e| {
        format!(
            "cannot read {}: {e} (run `cargo bench` first)",
            root.display()
        )
    })?;
    let mut points = Vec::new();
    for file in files {
        let meta: serde_json::Value = serde_json::from_str(&fs::read_to_string(&file)?)?;
        let (Some(group_id), Some(function_id), Some(value)) = (
            meta["group_id"].as_str(),
            meta["function_id"].as_str(),
            meta["value_str"].as_str(),
        ) else {
            continue;
        };
        let Some(group) = Group::ALL.into_iter().find(|g| g.name() == group_id) else {
            continue;
        };
        let size: u64 = value.parse()?;
        let estimates_file = file.with_file_name("estimates.json");
        let estimates: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(&estimates_file)?)?;
        let median = &estimates["median"];
        let number = |v: &serde_json::Value| {
            v.as_f64()
                .ok_or_else(|| format!("{}: missing median", estimates_file.display()))
        };
        points.push(Point {
            group,
            label: function_id.to_owned(),
            size,
            median_ns: number(&median["point_estimate"])?,
            lower_ns: number(&median["confidence_interval"]["lower_bound"])?,
            upper_ns: number(&median["confidence_interval"]["upper_bound"])?,
            positions: count_positions(group, function_id, size)?,
        });
    }
    points.sort_by(|a, b| {
        let key = |p: &Point| {
            (
                group_index(p.group),
                label_index(&p.label),
                p.label.clone(),
                p.size,
            )
        };
        key(a).cmp(&key(b))
    });
    Ok(points)
}

/// The `new/benchmark.json` files below `dir`.
fn find_benchmark_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|name| name == "new") {
                let file = path.join("benchmark.json");
                if file.is_file() {
                    out.push(file);
                }
            } else {
                find_benchmark_files(&path, out)?;
            }
        }
    }
    Ok(())
}

fn group_index(group: Group) -> usize {
    Group::ALL
        .iter()
        .position(|g| *g == group)
        .unwrap_or(usize::MAX)
}

/// Backends in their usual order, then the kernels.
fn label_index(label: &str) -> usize {
    Backend::ALL
        .iter()
        .position(|b| b.name() == label)
        .unwrap_or(Backend::ALL.len())
}

/// Positions expanded on the benched input of `size` in `group` by `label`
/// (a backend, or `backend/variant`, which criterion's folder names spell
/// `backend_variant`), 0 when unknown.
fn count_positions(group: Group, label: &str, size: u64) -> Result<u64> {
    let Ok(choice) = label.replacen('_', "/", 1).parse::<BackendChoice>() else {
        return Ok(0);
    };
    let config = gamesolve::core_types::SolverConfig::default();
    let stats: Stats = match group {
        Group::Hardest | Group::Easy | Group::HardestScanned | Group::CanIWinVariants => {
            let cases = match group {
                Group::Easy => support::EASY,
                Group::HardestScanned => support::HARDEST_SCANNED,
                _ => support::HARDEST,
            };
            let Some(case) = cases.iter().find(|c| u64::from(c.n) == size) else {
                return Ok(0);
            };
            choice
                .solver_with::<gamesolve::CanIWin>(&config)?
                .solve_with_stats(&case.game())?
                .1
        }
        Group::PredictTheWinner | Group::PredictTheWinnerVariants => {
            choice
                .solver_with::<gamesolve::PredictTheWinner>(&config)?
                .solve_with_stats(&support::row(usize::try_from(size)?))?
                .1
        }
    };
    Ok(stats.positions)
}

fn write_csv(path: &Path, points: &[Point]) -> Result<()> {
    let mut out = String::from(CSV_HEADER);
    out.push('\n');
    for p in points {
        writeln!(
            out,
            "{},{},{},{:.1},{:.1},{:.1},{}",
            p.group.name(),
            p.label,
            p.size,
            p.median_ns,
            p.lower_ns,
            p.upper_ns,
            p.positions
        )?;
    }
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    fs::write(path, out)?;
    Ok(())
}

fn read_csv(path: &Path) -> Result<Vec<Point>> {
    let text =
        fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut lines = text.lines();
    if lines.next() != Some(CSV_HEADER) {
        return Err(format!("{}: the first line must be `{CSV_HEADER}`", path.display()).into());
    }
    let mut points = Vec::new();
    for (index, line) in lines.enumerate() {
        let at = || format!("{} line {}", path.display(), index + 2);
        let fields: Vec<&str> = line.split(',').collect();
        let [group, backend, size, median, lower, upper, positions] = fields[..] else {
            return Err(format!("{}: expected 7 fields", at()).into());
        };
        let group = Group::ALL
            .into_iter()
            .find(|g| g.name() == group)
            .ok_or_else(|| format!("{}: unknown group `{group}`", at()))?;
        points.push(Point {
            group,
            label: backend.to_owned(),
            size: size.parse()?,
            median_ns: median.parse()?,
            lower_ns: lower.parse()?,
            upper_ns: upper.parse()?,
            positions: positions.parse()?,
        });
    }
    Ok(points)
}

/// A duration in nanoseconds, with a unit a person reads at a glance.
fn format_ns(ns: f64) -> String {
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

fn axis_title(group: Group) -> &'static str {
    match group {
        Group::Hardest => "Can I Win, hardest total, over n",
        Group::Easy => "Can I Win, easy total T = 5n/2, over n",
        Group::HardestScanned => "Can I Win, hardest total found by a scan, over n",
        Group::PredictTheWinner => "Predict the Winner, over the number of values",
        Group::CanIWinVariants => "Can I Win, tabular kernels, hardest total, over n",
        Group::PredictTheWinnerVariants => "Predict the Winner, tabular kernels",
    }
}

fn size_name(group: Group) -> &'static str {
    match group {
        Group::Hardest | Group::Easy | Group::HardestScanned | Group::CanIWinVariants => "n",
        Group::PredictTheWinner | Group::PredictTheWinnerVariants => "values",
    }
}

/// The Markdown tables: median time per backend, then nanoseconds per
/// position expanded.
fn markdown(points: &[Point]) -> String {
    let mut out = String::new();
    for group in Group::ALL {
        let mut labels: Vec<&str> = Vec::new();
        let mut rows: BTreeMap<u64, BTreeMap<&str, &Point>> = BTreeMap::new();
        for p in points.iter().filter(|p| p.group == group) {
            if !labels.contains(&p.label.as_str()) {
                labels.push(&p.label);
            }
            rows.entry(p.size).or_default().insert(&p.label, p);
        }
        if rows.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            "\n#### `{}`: median time (ns per position)\n",
            group.name()
        );
        let _ = write!(out, "| {} |", size_name(group));
        for label in &labels {
            let _ = write!(out, " `{label}` |");
        }
        out.push_str("\n|---:|");
        for _ in &labels {
            out.push_str("---:|");
        }
        out.push('\n');
        for (size, by_backend) in &rows {
            let _ = write!(out, "| {size} |");
            for label in &labels {
                match by_backend.get(label) {
                    Some(p) if p.positions > 0 => {
                        let per = p.median_ns / p.positions as f64;
                        let _ = write!(out, " {} ({per:.2}) |", format_ns(p.median_ns));
                    }
                    Some(p) => {
                        let _ = write!(out, " {} |", format_ns(p.median_ns));
                    }
                    None => out.push_str(" – |"),
                }
            }
            out.push('\n');
        }
    }
    out
}

fn color(backend: Backend) -> RGBColor {
    match backend {
        Backend::Recursive => RGBColor(214, 39, 40),
        Backend::Memo => RGBColor(31, 119, 180),
        _ => RGBColor(44, 160, 44),
    }
}

/// One panel per backend-comparison group (the kernel groups are in the
/// tables only), time (log scale) against size, one line per backend.
fn plot(path: &Path, points: &[Point]) -> Result<()> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    let root = SVGBackend::new(path, (1500, 520)).into_drawing_area();
    root.fill(&WHITE)?;
    let panels = root.split_evenly((1, 3));
    for (panel, group) in panels.iter().zip(Group::BACKENDS) {
        draw_panel(panel, group, points)?;
    }
    root.present()?;
    Ok(())
}

fn draw_panel(
    panel: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    group: Group,
    points: &[Point],
) -> Result<()> {
    let mine: Vec<&Point> = points.iter().filter(|p| p.group == group).collect();
    if mine.is_empty() {
        return Ok(());
    }
    // Row lengths span four decades: plot them by their logarithm.
    let log_x = group == Group::PredictTheWinner;
    let x_of = |p: &Point| {
        if log_x {
            (p.size as f64).log10()
        } else {
            p.size as f64
        }
    };
    let (mut x_min, mut x_max, mut y_min, mut y_max) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for p in &mine {
        x_min = x_min.min(x_of(p));
        x_max = x_max.max(x_of(p));
        y_min = y_min.min(p.median_ns);
        y_max = y_max.max(p.median_ns);
    }
    let x_pad = (x_max - x_min).max(1.0) * 0.04;
    let mut chart = ChartBuilder::on(panel)
        .caption(axis_title(group), ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(42)
        .y_label_area_size(72)
        .build_cartesian_2d(
            (x_min - x_pad)..(x_max + x_pad),
            (y_min / 2.0..y_max * 2.0).log_scale(),
        )?;
    let x_formatter = |x: &f64| {
        if log_x {
            let len = 10f64.powf(*x);
            if (x.fract()).abs() < 1e-9 {
                format!("{len:.0}")
            } else {
                String::new()
            }
        } else {
            format!("{x:.0}")
        }
    };
    chart
        .configure_mesh()
        .x_desc(format!(
            "{} ({})",
            size_name(group),
            if log_x { "log scale" } else { "linear" }
        ))
        .y_desc("median time (log scale)")
        .x_label_formatter(&x_formatter)
        .y_label_formatter(&|y| format_ns(*y))
        .x_labels(if log_x { 9 } else { 12 })
        .draw()?;
    for backend in Backend::ALL {
        let series: Vec<(f64, f64)> = mine
            .iter()
            .filter(|p| p.label == backend.name())
            .map(|p| (x_of(p), p.median_ns))
            .collect();
        if series.is_empty() {
            continue;
        }
        let style = color(backend);
        chart
            .draw_series(LineSeries::new(
                series.iter().copied(),
                style.stroke_width(2),
            ))?
            .label(backend.name())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], style.stroke_width(2))
            });
        chart.draw_series(series.iter().map(|&p| Circle::new(p, 3, style.filled())))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .border_style(BLACK)
        .background_style(WHITE.mix(0.85))
        .draw()?;
    Ok(())
}
