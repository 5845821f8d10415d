//! `--import-criterion DIR`: the medians of a criterion run copied into the series files. A
//! series file whose `group` the run measured gets the run's points as its rows (all of them
//! replaced, so one table keeps one date) and the given machine, date and load; the positions
//! each variant expands are kept from the old rows, or counted by solving the bench's input
//! once with statistics. Files of groups the run did not measure are left as they are. The
//! notes of a file are kept: they are prose about the figures, so read them against the new
//! ones (a note that no longer holds is a wrong page).

#[path = "../../benches/support/mod.rs"]
mod support;

use std::fs;
use std::path::{Path, PathBuf};

use gamesolve::{core_types::SolverConfig, registry::BackendChoice, CanIWin, PredictTheWinner};
use support::Group;

use super::data::{self, Body, SeriesRow};

/// The flags of an import.
#[derive(Debug, Default)]
pub struct Options {
    /// criterion's output folder (`target/criterion`).
    pub criterion: PathBuf,
    /// The machine's id in `machines.csv`.
    pub machine: String,
    /// When the run was.
    pub date: String,
    /// The load average during the run.
    pub load: String,
}

/// One criterion point: its group, function id, size and median with bounds.
struct Point {
    group: String,
    variant: String,
    size: u64,
    median: f64,
    bounds: (f64, f64),
}

/// Rewrites the series files of `dir` whose groups `options.criterion` holds.
pub fn run(dir: &Path, options: &Options) -> Result<(), String> {
    let points = read_criterion(&options.criterion)?;
    for table in data::read_dir(dir)? {
        let Body::Series(old) = &table.body else {
            continue;
        };
        let group = table.key("group");
        let mut rows = Vec::new();
        for p in points.iter().filter(|p| p.group == group) {
            let known = old
                .iter()
                .find(|r| r.variant == p.variant && r.size == p.size)
                .and_then(|r| r.positions);
            rows.push(SeriesRow {
                variant: p.variant.clone(),
                size: p.size,
                median_ns: Some(p.median),
                bounds_ns: Some(p.bounds),
                positions: known.or_else(|| count_positions(group, &p.variant, p.size)),
            });
        }
        if rows.is_empty() {
            continue;
        }
        rows.sort_by(|a, b| {
            (variant_rank(old, &a.variant), a.size).cmp(&(variant_rank(old, &b.variant), b.size))
        });
        let meta: Vec<(String, String)> = table
            .meta
            .iter()
            .map(|(key, value)| {
                let value = match key.as_str() {
                    "machine" => options.machine.clone(),
                    "date" => options.date.clone(),
                    "load" => options.load.clone(),
                    _ => value.clone(),
                };
                (key.clone(), value)
            })
            .collect();
        let path = dir.join(&table.file);
        fs::write(&path, data::write_series(&meta, &rows))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!("imported {} points into {}", rows.len(), path.display());
    }
    Ok(())
}

/// Where a variant comes in the file's old order (new variants last, by name).
fn variant_rank(old: &[SeriesRow], variant: &str) -> (usize, String) {
    let rank = old
        .iter()
        .position(|r| r.variant == variant)
        .unwrap_or(usize::MAX);
    (rank, variant.to_owned())
}

/// Every point under criterion's folder (`<group>/<function>/<size>/new/`).
fn read_criterion(root: &Path) -> Result<Vec<Point>, String> {
    let mut files = Vec::new();
    find_benchmark_files(root, &mut files).map_err(|e| {
        format!(
            "cannot read {}: {e} (run `cargo bench` first)",
            root.display()
        )
    })?;
    let mut points = Vec::new();
    for file in files {
        let read = |path: &Path| -> Result<serde_json::Value, String> {
            let text = fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
        };
        let meta = read(&file)?;
        let (Some(group), Some(function), Some(value)) = (
            meta["group_id"].as_str(),
            meta["function_id"].as_str(),
            meta["value_str"].as_str(),
        ) else {
            continue; // a benchmark without a size: no series holds it
        };
        let Ok(size) = value.parse() else {
            continue;
        };
        let estimates_file = file.with_file_name("estimates.json");
        let median = &read(&estimates_file)?["median"];
        let number = |v: &serde_json::Value| {
            v.as_f64()
                .ok_or_else(|| format!("{}: no median", estimates_file.display()))
        };
        points.push(Point {
            group: group.to_owned(),
            variant: function.to_owned(),
            size,
            median: number(&median["point_estimate"])?,
            bounds: (
                number(&median["confidence_interval"]["lower_bound"])?,
                number(&median["confidence_interval"]["upper_bound"])?,
            ),
        });
    }
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

/// Positions `variant` (a backend or `backend/variant`) expands on the bench's input of
/// `size` in `group`; `None` when the group's inputs are not known here or the solve fails.
fn count_positions(group: &str, variant: &str, size: u64) -> Option<u64> {
    let group = Group::ALL.into_iter().find(|g| g.name() == group)?;
    let choice: BackendChoice = variant.parse().ok()?;
    let config = SolverConfig::default();
    let stats = match group {
        Group::Hardest | Group::Easy | Group::HardestScanned | Group::CanIWinVariants => {
            let cases = match group {
                Group::Easy => support::EASY,
                Group::HardestScanned => support::HARDEST_SCANNED,
                Group::Hardest
                | Group::CanIWinVariants
                | Group::PredictTheWinner
                | Group::PredictTheWinnerVariants => support::HARDEST,
            };
            let case = cases.iter().find(|c| u64::from(c.n) == size)?;
            let mut solver = choice.solver_with::<CanIWin>(&config).ok()?;
            solver.solve_with_stats(&case.game()).ok()?.1
        }
        Group::PredictTheWinner | Group::PredictTheWinnerVariants => {
            let mut solver = choice.solver_with::<PredictTheWinner>(&config).ok()?;
            let row = support::row(usize::try_from(size).ok()?);
            solver.solve_with_stats(&row).ok()?.1
        }
    };
    Some(stats.positions)
}
