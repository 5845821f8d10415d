//! `gamesolve growth GAME ...`: the chosen backend variants timed over the game's family of
//! growing sizes ([`TableGame::growth`](gamesolve::TableGame::growth)), each point measured as
//! `compare` measures ([`crate::compare_measure`]), and each variant's times fitted with a
//! power and an exponential curve ([`crate::growth_fit`]); a table, `--json`, `--csv FILE` and
//! an SVG chart (`--svg FILE`, [`crate::growth_svg`]).

use std::fmt::Write as _;
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::time::Duration;

use gamesolve::contract::growth::{Curve, Growth, Point, PointResult, Shape};
use gamesolve::core_types::{Deadline, SolverConfig};
use gamesolve::games::GameInfo;
use gamesolve::{registry::BackendChoice, Backend};

use super::args::LimitArgs;
use super::compare::COMPARE_STATE_BUDGET;
use super::compare_measure::{measure_all, Floor, MeasureArgs, QUICK_RULE};
use super::error::{CliError, Kind, Stop};
use super::gamecmd::{GameCmd, GameFlags};
use super::growth_fit::{fit, words};
use super::progress::Progress;
use super::report::{duration, CliGame};
use super::stdio::{write_json, write_text};

/// The least median time of a point the fits use, in nanoseconds: below a microsecond the
/// call's fixed cost (and the clock's) hides how the work grows.
const FIT_FLOOR_NS: u64 = 1_000;

/// `growth --help` after the flags.
pub(crate) const AFTER_HELP: &str = "The sizes are the game's own family (`gamesolve games` \
     says which games have one): Can I Win's pools 1..=n with the total at 3/4 of 1+…+n, for n \
     up to 20 or the game's n when larger; Predict the Winner's rows of lengths 1, 2, 3, 4, 6, \
     8, … (√2 apart) up to 4096, the game's values repeated. Each point is measured as \
     `compare` measures (--min-time, --min-runs, --quick); a variant that gives up at a size is \
     not run at larger ones. Each variant's times of 1 µs or more are fitted by least squares \
     on their logarithm: against the log of the size (a power, size^k) and against the size \
     (an exponential, b^size); the fit with the larger R² is named.\n\n\
     Examples:\n  gamesolve growth can-i-win 20 0 --variants recursive,memo --sizes ..15\n  \
     gamesolve growth predict-the-winner 1 5 233 7 --sizes ..512 --min-time 20ms\n  \
     gamesolve growth can-i-win 20 0 --sizes ..14 --min-time 10ms --csv growth.csv --svg \
     growth.svg";

/// Arguments of `gamesolve growth`.
#[derive(Debug)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct GrowthCmd {
    #[cfg_attr(feature = "cli", command(subcommand))]
    pub(crate) game: GameCmd<GrowthFlags>,
    #[cfg_attr(feature = "cli", command(flatten))]
    pub(crate) json: crate::stdio::GlobalJsonFlag,
    /// The backends (each its automatic choice) or `backend/variant`s to time, comma-separated
    /// [default: every backend of this build with an algorithm for the game].
    #[cfg_attr(feature = "cli", arg(
        long,
        global = true,
        value_name = "BACKEND[/VARIANT],...",
        value_delimiter = ',',
        value_parser = crate::args::backend_parser()
    ))]
    variants: Vec<BackendChoice>,
    /// Only the sizes in this range, both ends included: `5..15`, `8..`, `..64`.
    #[cfg_attr(feature = "cli", arg(long, global = true, value_name = "FROM..TO", value_parser = parse_sizes))]
    sizes: Option<RangeInclusive<u64>>,
    /// Also write every point as CSV to this file (one row per size and variant).
    #[cfg_attr(feature = "cli", arg(long, global = true, value_name = "FILE"))]
    csv: Option<PathBuf>,
    /// Also draw the times as an SVG chart to this file (log time axis, the fits dashed).
    #[cfg_attr(feature = "cli", arg(long, global = true, value_name = "FILE"))]
    svg: Option<PathBuf>,
    #[cfg_attr(feature = "cli", command(flatten))]
    pub(crate) measure: MeasureArgs,
    #[cfg_attr(feature = "cli", command(flatten))]
    pub(crate) limits: LimitArgs,
}

/// `growth` takes no flags of its own after the game; its flags are global.
#[derive(Debug, Clone)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct GrowthFlags {}

impl GameFlags for GrowthFlags {
    const VERB: &'static str = "growth";
    const EXAMPLE_FLAGS: &'static [&'static str] = &[
        " --sizes ..12 --min-time 10ms",
        " --sizes ..12 --quick --json",
        " --sizes ..12 --min-time 10ms --min-runs 3",
    ];

    fn about(info: &GameInfo) -> String {
        format!(
            "Time the backends on {} over growing sizes, and fit the curves.",
            info.title
        )
    }
}

/// `--sizes FROM..TO` (both ends included; either may be left out).
#[cfg(feature = "cli")]
fn parse_sizes(text: &str) -> Result<RangeInclusive<u64>, String> {
    const EXPECTED: &str = "expected FROM..TO with whole numbers, both ends included, e.g. \
                            5..15, 8.. or ..64";
    let Some((from, to)) = text.trim().split_once("..") else {
        return Err(format!("it has no `..`; {EXPECTED}"));
    };
    let to = to.strip_prefix('=').unwrap_or(to);
    let end = |word: &str, default: u64| -> Result<u64, String> {
        if word.trim().is_empty() {
            return Ok(default);
        }
        crate::args::parse_count(word).map_err(|why| format!("`{}`: {why}", word.trim()))
    };
    let (from, to) = (end(from, 0)?, end(to, u64::MAX)?);
    if from > to {
        return Err(format!("it is empty ({from} > {to}); {EXPECTED}"));
    }
    Ok(from..=to)
}

/// The backend variants asked for on `G`, each with its label, or every backend's
/// automatic choice that has an algorithm for `G`.
pub(crate) fn choices<G: CliGame>(
    variants: &[BackendChoice],
) -> Result<Vec<(String, BackendChoice)>, CliError> {
    if variants.is_empty() {
        return Ok(Backend::available()
            .filter(|b| !b.variants::<G>().is_empty())
            .map(|b| (b.name().to_owned(), BackendChoice::automatic(b)))
            .collect());
    }
    let mut chosen: Vec<(String, BackendChoice)> = Vec::new();
    for choice in variants {
        choice.variant_for::<G>()?;
        let label = choice.to_string();
        if !chosen.iter().any(|(l, _)| *l == label) {
            chosen.push((label, choice.clone()));
        }
    }
    Ok(chosen)
}

/// `gamesolve growth GAME ...` on `game` (a game whose [`TableGame::GROWTH`] is set: the
/// caller checks).
///
/// [`TableGame::GROWTH`]: gamesolve::TableGame::GROWTH
pub(crate) fn growth<G: CliGame>(game: &G, cmd: &GrowthCmd, json: bool) -> Result<(), Stop> {
    let choices = choices::<G>(&cmd.variants)?;
    let given = cmd.limits.limits();
    let config = SolverConfig {
        state_budget: Some(given.state_budget.unwrap_or(COMPARE_STATE_BUDGET)),
        ..given
    };
    let family = family(game, cmd.sizes.as_ref(), 1000)?;
    let (report, _) = measure(&family, &choices, &config, cmd.measure.floor(), None)?;
    let mut written = Vec::new();
    if let Some(path) = &cmd.csv {
        write_file(path, csv(&report).as_bytes())?;
        written.push(format!("{} (CSV)", path.display()));
    }
    if let Some(path) = &cmd.svg {
        let svg = super::growth_svg::chart(&report)?;
        write_file(path, svg.as_bytes())?;
        written.push(format!("{} (SVG)", path.display()));
    }
    if json {
        return write_json(&report);
    }
    let mut text = table(&report);
    if !written.is_empty() {
        let _ = writeln!(text, "Wrote {}.", written.join(", "));
    }
    write_text(&crate::term::fit(&text))
}

/// The sizes of `game`'s growth family (at most `points`) that lie in `sizes`, each with its
/// game, or the error naming the family's sizes when none does.
pub(crate) fn family<G: CliGame>(
    game: &G,
    sizes: Option<&RangeInclusive<u64>>,
    points: usize,
) -> Result<Vec<(u64, G)>, CliError> {
    let all = game.growth(points);
    let all_sizes: Vec<String> = all.iter().map(|(s, _)| s.to_string()).collect();
    let family: Vec<(u64, G)> = all
        .into_iter()
        .filter(|(size, _)| sizes.is_none_or(|r| r.contains(size)))
        .collect();
    if family.is_empty() {
        return Err(CliError::invalid(format!(
            "--sizes {}: no size of {}'s family lies in it (its sizes: {})",
            sizes
                .map(|r| format!("{}..{}", r.start(), r.end()))
                .unwrap_or_default(),
            G::NAME,
            all_sizes.join(", ")
        )));
    }
    Ok(family)
}

/// The growth report of `family`: each of `choices` measured at each size as `compare`
/// measures ([`measure_all`] with `floor`; `None`: one counted run) until it gives up, then
/// fitted. With `deadline` (the page's request), no size is started once it has passed and
/// each solve gets the time left; the sizes not measured are left out of the curves, and the
/// `bool` says whether that happened. `gamesolve growth`, the embedding API and `serve`'s
/// `/api/growth` all measure and fit through this one function.
pub(crate) fn measure<G: CliGame>(
    family: &[(u64, G)],
    choices: &[(String, BackendChoice)],
    config: &SolverConfig,
    floor: Option<Floor>,
    deadline: Option<&Deadline>,
) -> Result<(Growth, bool), CliError> {
    let (curves, stopped) = curves(choices, family, config, floor, deadline)?;
    let report = Growth {
        game: G::NAME,
        axis: G::GROWTH_AXIS,
        family: G::GROWTH_FAMILY,
        sizes: family.iter().map(|(s, _)| *s).collect(),
        measured: floor.map_or_else(|| QUICK_RULE.to_owned(), |f| f.rule()),
        fit_floor_ns: FIT_FLOOR_NS,
        curves,
    };
    Ok((report, stopped))
}

/// Each variant of `choices` measured at each size of `family` until it gives up, the
/// variants of one size together ([`measure_all`]: their timed runs interleaved), then fitted;
/// and whether `deadline` stopped it before the last size.
fn curves<G: CliGame>(
    choices: &[(String, BackendChoice)],
    family: &[(u64, G)],
    config: &SolverConfig,
    floor: Option<Floor>,
    deadline: Option<&Deadline>,
) -> Result<(Vec<Curve>, bool), CliError> {
    let mut curves: Vec<Curve> = choices
        .iter()
        .map(|(label, choice)| Curve {
            label: label.clone(),
            backend: choice.backend.name(),
            variant: "-",
            points: Vec::new(),
            fit: None,
        })
        .collect();
    let mut alive: Vec<bool> = vec![true; choices.len()];
    let mut stopped = false;
    for (size, game) in family {
        let live: Vec<usize> = (0..choices.len()).filter(|&k| alive[k]).collect();
        if live.is_empty() {
            break;
        }
        let mut config = *config;
        if let Some(deadline) = deadline {
            let Some(left) = deadline.time_left() else {
                stopped = true;
                break;
            };
            config.time_limit = Some(config.time_limit.map_or(left, |t| t.min(left)));
        }
        let solvers = live
            .iter()
            .map(|&k| choices[k].1.solver_with::<G>(&config))
            .collect::<Result<Vec<_>, _>>()?;
        // A spinner on a terminal's standard error (the command line's; the page has none).
        let _progress = deadline
            .is_none()
            .then(|| Progress::spinner(format!("growth: {} solvers at {size}", live.len())));
        let measured = measure_all(solvers, game, floor, config.time_limit);
        for (&k, m) in live.iter().zip(measured) {
            let curve = &mut curves[k];
            (curve.backend, curve.variant) = (m.backend, m.variant);
            let result = match m.result {
                Ok((_, stats, timing)) => PointResult::Measured {
                    time_ns: timing.median_ns,
                    timing,
                    stats,
                },
                Err(e) => {
                    // Not run at larger sizes.
                    alive[k] = false;
                    let e = CliError::from(e);
                    PointResult::Failed {
                        error: e.worded(&crate::limits::Flags),
                        kind: e.kind,
                    }
                }
            };
            curve.points.push(Point {
                size: *size,
                kernel: m.kernel,
                result,
            });
        }
    }
    for curve in &mut curves {
        let times: Vec<(u64, f64)> = curve
            .points
            .iter()
            .filter_map(|p| match &p.result {
                PointResult::Measured { time_ns, .. } if *time_ns >= FIT_FLOOR_NS => {
                    Some((p.size, *time_ns as f64))
                }
                _ => None,
            })
            .collect();
        curve.fit = fit(&times);
    }
    Ok((curves, stopped))
}

/// The table in words: one row per size (each variant's median, the fastest), then the fits.
fn table(report: &Growth) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "{}: time per solve by {}", report.game, report.axis);
    if !report.family.is_empty() {
        let _ = writeln!(text, "family: {}", report.family);
    }
    let x = report.axis.split(' ').next().unwrap_or("size");
    let width = report
        .curves
        .iter()
        .map(|c| c.label.chars().count())
        .max()
        .unwrap_or(0)
        .max(9);
    let _ = write!(text, "\n{x:>6}");
    for curve in &report.curves {
        let _ = write!(text, "  {:>width$}", curve.label);
    }
    let _ = writeln!(text, "  fastest");
    for &size in &report.sizes {
        let _ = write!(text, "{size:>6}");
        let mut fastest: Option<(u64, &str)> = None;
        for curve in &report.curves {
            let cell = match curve.points.iter().find(|p| p.size == size) {
                Some(Point {
                    result: PointResult::Measured { time_ns, .. },
                    ..
                }) => {
                    if fastest.is_none_or(|(t, _)| *time_ns < t) {
                        fastest = Some((*time_ns, &curve.label));
                    }
                    duration(Duration::from_nanos(*time_ns))
                }
                Some(Point {
                    result: PointResult::Failed { .. },
                    ..
                }) => "gave up".to_owned(),
                None => "-".to_owned(),
            };
            let _ = write!(text, "  {cell:>width$}");
        }
        let _ = writeln!(text, "  {}", fastest.map_or("-", |(_, l)| l));
    }
    let _ = writeln!(text, "\n{}", report.measured);
    let _ = writeln!(
        text,
        "Fits (least squares on log time over the points of {} or more; the better first):",
        duration(Duration::from_nanos(report.fit_floor_ns))
    );
    for curve in &report.curves {
        let _ = match &curve.fit {
            Some(f) => {
                let (best, other) = match f.best {
                    Shape::Power => (&f.power, &f.exponential),
                    Shape::Exponential => (&f.exponential, &f.power),
                };
                writeln!(
                    text,
                    "  {:<width$}  {}, else {}; {x} = {}..{}",
                    curve.label,
                    words(best, x),
                    words(other, x),
                    f.from,
                    f.to,
                )
            }
            None => writeln!(
                text,
                "  {:<width$}  too few points of 1 µs or more to fit",
                curve.label
            ),
        };
    }
    for curve in &report.curves {
        if let Some(Point {
            size,
            result: PointResult::Failed { error, .. },
            ..
        }) = curve.points.last()
        {
            let _ = writeln!(text, "{} gave up at {x} = {size}: {error}", curve.label);
        }
    }
    text
}

/// Every point as CSV: a header, then one row per size and variant.
fn csv(report: &Growth) -> String {
    let mut text = String::from(
        "game,size,label,backend,variant,kernel,median_ns,p25_ns,p75_ns,min_ns,max_ns,\
         mean_ns,runs,samples,positions,error\n",
    );
    for curve in &report.curves {
        for p in &curve.points {
            let _ = write!(
                text,
                "{},{},{},{},{},{},",
                report.game, p.size, curve.label, curve.backend, curve.variant, p.kernel
            );
            let _ = match &p.result {
                PointResult::Measured {
                    timing: t, stats, ..
                } => writeln!(
                    text,
                    "{},{},{},{},{},{},{},{},{},",
                    t.median_ns,
                    t.p25_ns,
                    t.p75_ns,
                    t.min_ns,
                    t.max_ns,
                    t.mean_ns,
                    t.runs,
                    t.samples,
                    stats.positions
                ),
                // A reason may hold commas and quotes: quoted, its quotes doubled (RFC 4180).
                PointResult::Failed { error, .. } => {
                    writeln!(text, ",,,,,,,,,\"{}\"", error.replace('"', "\"\""))
                }
            };
        }
    }
    text
}

/// Writes `bytes` to `path`, or the error naming the path.
fn write_file(path: &std::path::Path, bytes: &[u8]) -> Result<(), CliError> {
    std::fs::write(path, bytes)
        .map_err(|e| CliError::new(Kind::Io, format!("cannot write {}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[cfg(feature = "cli")]
    #[test]
    fn size_ranges() {
        assert_eq!(parse_sizes("5..15"), Ok(5..=15));
        assert_eq!(parse_sizes("5..=15"), Ok(5..=15));
        assert_eq!(parse_sizes("8.."), Ok(8..=u64::MAX));
        assert_eq!(parse_sizes("..64"), Ok(0..=64));
        assert!(parse_sizes("15..5")
            .unwrap_err()
            .starts_with("it is empty (15 > 5)"));
        assert!(parse_sizes("12").unwrap_err().starts_with("it has no `..`"));
        assert!(parse_sizes("a..5")
            .unwrap_err()
            .starts_with("`a`: it is not a whole number"));
        assert!(parse_sizes("-3..5").unwrap_err().contains("negative"));
    }
}
