//! BENCHMARKS.md and its plot (`docs/benchmarks.svg`), generated from the benchmark data files
//! `benches/results/*.csv` (one file per table: [`data`] says what each holds). No benchmark
//! is run: the data are what was measured, with the command, machine, date and load of each
//! table in its header block.
//!
//! ```text
//! cargo run --example bench_report                  # writes BENCHMARKS.md and docs/benchmarks.svg
//! cargo run --example bench_report -- --check       # exit 1 when they differ from the data
//! # Copy the medians of a criterion run into the series files (their rows are replaced):
//! cargo run --release --example bench_report -- --import-criterion target/criterion \
//!     --machine epyc-2c --date 2026-12-07 --load '1.0 to 1.4'
//! ```
//!
//! Run it from the repository root. `cargo test --test it bench_page` renders the page and
//! the plot in memory and compares them with the committed files.

mod data;
mod import;
mod page;
mod plot;

use std::fs;
use std::path::Path;
use std::process::ExitCode;

/// The data files, relative to the repository root.
const DATA_DIR: &str = "benches/results";

/// The page.
const PAGE_PATH: &str = "BENCHMARKS.md";

/// What to do.
enum Mode {
    Write,
    Check,
    Import(import::Options),
}

fn parse_args() -> Result<Mode, String> {
    let mut args = std::env::args().skip(1);
    let mut mode = Mode::Write;
    let mut import = import::Options::default();
    let mut importing = false;
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--check" => mode = Mode::Check,
            "--import-criterion" => {
                importing = true;
                import.criterion = value("--import-criterion")?.into();
            }
            "--machine" => import.machine = value("--machine")?,
            "--date" => import.date = value("--date")?,
            "--load" => import.load = value("--load")?,
            other => {
                return Err(format!(
                    "unknown argument `{other}` (known: --check, --import-criterion DIR with \
                     --machine ID --date DATE --load LOAD)"
                ))
            }
        }
    }
    if importing {
        if matches!(mode, Mode::Check) {
            return Err("--check and --import-criterion do not go together".into());
        }
        for (flag, given) in [
            ("--machine", &import.machine),
            ("--date", &import.date),
            ("--load", &import.load),
        ] {
            if given.is_empty() {
                return Err(format!(
                    "--import-criterion needs {flag}: the imported tables say where, when and \
                     at what load they were measured"
                ));
            }
        }
        mode = Mode::Import(import);
    }
    Ok(mode)
}

/// The page and the plot of the data in `dir`.
fn render(dir: &Path) -> Result<(String, String), String> {
    let tables = data::read_dir(dir)?;
    Ok((page::render(&tables), plot::render(&tables)?))
}

fn run() -> Result<ExitCode, String> {
    let mode = parse_args()?;
    let dir = Path::new(DATA_DIR);
    if let Mode::Import(options) = &mode {
        import::run(dir, options)?;
    }
    let (page, svg) = render(dir)?;
    let outputs = [(PAGE_PATH, page), (page::PLOT_PATH, svg)];
    if let Mode::Check = mode {
        let mut stale = Vec::new();
        for (path, text) in &outputs {
            if fs::read_to_string(path).ok().as_deref() != Some(text.as_str()) {
                stale.push(*path);
            }
        }
        if stale.is_empty() {
            return Ok(ExitCode::SUCCESS);
        }
        eprintln!(
            "{} differ from {DATA_DIR}: run `cargo run --example bench_report`",
            stale.join(" and ")
        );
        return Ok(ExitCode::FAILURE);
    }
    for (path, text) in &outputs {
        fs::write(path, text).map_err(|e| format!("cannot write {path}: {e}"))?;
        eprintln!("wrote {path}");
    }
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
