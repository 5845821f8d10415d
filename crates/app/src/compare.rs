//! `gamesolve compare`: every backend this build has, on one game, side by
//! side.

use std::time::Duration;

use gamesolve::{core_types::SolverConfig, registry::BackendError, Backend, Game, Stats};

use gamesolve::contract::compare::{row, row_timed, Timing};
use gamesolve::games::GameInfo;

use super::args::LimitArgs;
use super::compare_measure::{measure_all, spread, Floor, MeasureArgs, Measured, QUICK_RULE};
use super::compare_table::{render, short_reason, Row};
use super::error::{CliError, Kind, Stop};
use super::gamecmd::{GameCmd, GameFlags};
use super::progress::Progress;
use super::report::{duration, CliGame};
use super::stdio::{write_json, write_text};

/// `compare --help` after the flags: the narrow-terminal rule and examples.
pub(crate) const AFTER_HELP: &str = "Each backend is measured as a benchmark tool does: one \
     counted run gives the answer and the counters; then, after a warm-up, plain runs (no \
     counters) are timed until they take --min-time in total and number --min-runs, whichever \
     is longer (a backend whose single run takes --min-time is timed once); the table gives \
     their median time, ± half their interquartile range, and the run count (`--json` has \
     every statistic). --time-limit, when given, also bounds each backend's timed runs \
     together (fewer runs then). --quick keeps one cold counted run per backend.\n\nOn a terminal narrower than the table, columns are left \
     out in this order: memo hits, table cells, states, table bytes, positions, runs, ± (a \
     note names them; `--json` has every counter); narrower than the backend, answer and time columns, \
     each backend gets a block of lines instead. A backend that could not answer shows a \
     short reason, and the full reason follows the table as a numbered note (but for \
     \"no algorithm\", which says it all).\n\n\
     Examples:\n  gamesolve compare can-i-win 20 158\n  gamesolve compare predict-the-winner 1 5 \
     233 7 --json\n  gamesolve compare can-i-win 16 60 --node-budget 100000\n  gamesolve compare \
     can-i-win 20 158 --quick";

/// Arguments of `gamesolve compare`.
#[derive(Debug)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct CompareCmd {
    #[cfg_attr(feature = "cli", command(subcommand))]
    pub(crate) game: GameCmd<CompareFlags>,
    #[cfg_attr(feature = "cli", command(flatten))]
    pub(crate) json: crate::stdio::GlobalJsonFlag,
    /// One row per variant of every backend (`memo/dense`, `memo/sparse`, …) instead of one
    /// per backend (its automatic choice).
    #[cfg_attr(feature = "cli", arg(long, global = true))]
    variants: bool,
    #[cfg_attr(feature = "cli", command(flatten))]
    pub(crate) measure: MeasureArgs,
    #[cfg_attr(feature = "cli", command(flatten))]
    pub(crate) limits: LimitArgs,
}

/// `compare` takes no flags of its own after the game; its flags are global.
#[derive(Debug)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct CompareFlags {}

impl GameFlags for CompareFlags {
    const VERB: &'static str = "compare";
    const EXAMPLE_FLAGS: &'static [&'static str] = &["", " --variants", " --json"];

    fn about(info: &GameInfo) -> String {
        format!("Compare the backends on {}.", info.title)
    }
}

/// One variant's run: its answer and counters, or why it could not answer.
struct Entry<G: Game> {
    backend: &'static str,
    variant: &'static str,
    /// The listed variant whose algorithm ran (`Solver::last_kernel`).
    kernel: &'static str,
    result: Result<(G::Solution, Stats), CliError>,
    /// Why it could not answer, in a few words, for the table's cell.
    short: String,
    /// The wall time of the counted run (until it gave up, when it did).
    elapsed: Duration,
    /// The timed runs' statistics, when it answered.
    timing: Option<Timing>,
}

/// The entry of one measured variant.
fn entry<G: CliGame>(measured: Measured<G>) -> Entry<G> {
    let short = measured
        .result
        .as_ref()
        .err()
        .map(short_reason)
        .unwrap_or_default();
    let (result, timing) = match measured.result {
        Ok((solution, stats, timing)) => (Ok((solution, stats)), Some(timing)),
        Err(e) => (Err(CliError::from(e)), None),
    };
    Entry {
        backend: measured.backend,
        variant: measured.variant,
        kernel: measured.kernel,
        result,
        short,
        elapsed: measured.counted,
        timing,
    }
}

/// Every backend's automatic choice (or, with `--variants`, every variant) on `game`.
///
/// Exit status: 0 when at least one backend answered and all answers agree;
/// 1 when no backend could answer, or when two backends disagree (a bug).
pub(crate) fn compare<G: CliGame>(game: &G, cmd: &CompareCmd, json: bool) -> Result<(), Stop> {
    let floor = cmd.measure.floor();
    let entries = entries(game, cmd.variants, &cmd.limits.limits(), floor);
    if json {
        write_json(&rows(game, &entries))?;
    } else {
        write_text(&table(game, &entries, cmd.variants, floor))?;
    }
    verdict(game, &entries, cmd.variants).map_err(Stop::AfterOutput)
}

/// `compare --json` as bytes, and whether the rows agree (the error `compare` exits with
/// otherwise): the rows of every backend's automatic choice, or of every variant when
/// `variants`, on `game` under `limits` (for the Python module's `compare`): one counted run
/// per backend, as `compare --quick` (a Python game's every move is a call into Python).
pub(crate) fn rows_json<G: CliGame>(
    game: &G,
    variants: bool,
    limits: &SolverConfig,
) -> (Vec<u8>, Result<(), CliError>) {
    let entries = entries(game, variants, limits, None);
    let json = serde_json::to_vec(&rows(game, &entries)).unwrap_or_else(|_| b"[]".to_vec());
    (json, verdict(game, &entries, variants))
}

/// The JSON rows of `entries`.
fn rows<G: CliGame>(
    game: &G,
    entries: &[Entry<G>],
) -> Vec<gamesolve::contract::compare::Row<G::Report>> {
    entries
        .iter()
        .map(|e| match &e.timing {
            Some(timing) => row_timed(
                game,
                e.backend,
                e.variant,
                e.kernel,
                &e.result,
                timing.clone(),
            ),
            None => row(game, e.backend, e.variant, e.kernel, &e.result, e.elapsed),
        })
        .collect()
}

/// States a sparse memo may store under `compare` unless `--state-budget` (or Python's
/// `state_budget`) says otherwise: 3,000,000, where the library's default is what fits in the
/// memory cap. `compare` runs every backend (every variant with `--variants`) one after the
/// other, so a hopeless instance gives up in under a second per memo (about 0.4 s at
/// `can-i-win 40 800`) instead of filling 1 GiB in each.
pub(crate) const COMPARE_STATE_BUDGET: u64 = 3_000_000;

/// Runs every backend's automatic choice (or every variant) on `game`.
fn entries<G: CliGame>(
    game: &G,
    variants: bool,
    config: &SolverConfig,
    floor: Option<Floor>,
) -> Vec<Entry<G>> {
    let config = &SolverConfig {
        state_budget: Some(config.state_budget.unwrap_or(COMPARE_STATE_BUDGET)),
        ..*config
    };
    // Each backend's place: its solvers (measured together, their timed runs interleaved), or
    // the entry saying it has no algorithm for the game.
    let mut solvers = Vec::new();
    let mut places: Vec<Option<Entry<G>>> = Vec::new();
    for backend in Backend::available() {
        let list = backend.variants::<G>();
        if list.is_empty() {
            places.push(Some(Entry {
                backend: backend.name(),
                variant: "-",
                kernel: "-",
                result: Err(CliError::from(BackendError::NotApplicable {
                    backend,
                    game: G::NAME,
                    hint: "",
                })),
                short: "no algorithm".to_owned(),
                elapsed: Duration::ZERO,
                timing: None,
            }));
            continue;
        }
        let take = if variants { list.len() } else { 1 };
        for variant in list.iter().take(take) {
            solvers.push(variant.solver(config));
            places.push(None);
        }
    }
    let _progress = Progress::spinner(format!("compare: running {} solvers", solvers.len()));
    let mut measured = measure_all(solvers, game, floor, config.time_limit).into_iter();
    places
        .into_iter()
        .filter_map(|place| place.or_else(|| measured.next().map(entry)))
        .collect()
}

/// `Ok` when at least one entry answered and every answer agrees; else why not.
fn verdict<G: CliGame>(game: &G, entries: &[Entry<G>], variants: bool) -> Result<(), CliError> {
    let mut answers = entries.iter().filter_map(|e| {
        e.result
            .as_ref()
            .ok()
            .map(|(solution, _)| (label(e, variants), solution))
    });
    let Some((first_name, first)) = answers.next() else {
        return Err(CliError::new(
            Kind::CannotAnswer,
            "no backend could answer this game (each row gives the reason)",
        ));
    };
    if let Some((name, other)) = answers.find(|(_, answer)| answer != &first) {
        return Err(CliError::new(
            Kind::Disagreement,
            format!(
                "backends disagree: `{first_name}` says \"{}\" but `{name}` says \"{}\" \
                 (this is a bug; please report it with the game)",
                game.short(first),
                game.short(other)
            ),
        ));
    }
    Ok(())
}

/// The row label: the backend, or `backend/variant` with `--variants`.
fn label<G: Game>(entry: &Entry<G>, variants: bool) -> String {
    if variants {
        format!("{}/{}", entry.backend, entry.variant)
    } else {
        entry.backend.to_owned()
    }
}

/// The row label of an answer: [`label`], and below it the variant an automatic choice ran
/// when it is another (`memo` over `(sparse-then-dense)`).
fn ran_label<G: Game>(entry: &Entry<G>, variants: bool) -> String {
    let label = label(entry, variants);
    if entry.kernel == entry.variant {
        label
    } else {
        format!("{label}\n({})", entry.kernel)
    }
}

/// The table in words, fitted to the terminal's width ([`crate::compare_table`]).
fn table<G: CliGame>(
    game: &G,
    entries: &[Entry<G>],
    variants: bool,
    floor: Option<Floor>,
) -> String {
    let rows: Vec<Row> = entries
        .iter()
        .map(|entry| match &entry.result {
            Ok((solution, s)) => Row {
                label: ran_label(entry, variants),
                answer: game.short(solution),
                reason: None,
                cells: [
                    entry.timing.as_ref().map_or_else(
                        || duration(entry.elapsed),
                        |t| duration(Duration::from_nanos(t.median_ns)),
                    ),
                    entry.timing.as_ref().map_or_else(|| "-".into(), spread),
                    entry
                        .timing
                        .as_ref()
                        .map_or_else(|| "-".into(), |t| t.runs.to_string()),
                    s.positions.to_string(),
                    s.memo_hits.to_string(),
                    s.states.to_string(),
                    s.table_cells.to_string(),
                    short_bytes(s.table_bytes),
                ],
            },
            Err(e) => {
                let not_applicable = e.kind == Kind::UnavailableBackend;
                let time = if not_applicable {
                    "-".to_owned()
                } else {
                    duration(entry.elapsed)
                };
                Row {
                    label: label(entry, variants),
                    answer: entry.short.clone(),
                    // "no algorithm" says it all: no note (the table fits 24 lines).
                    reason: (!not_applicable).then(|| e.worded(&crate::limits::Flags)),
                    cells: [
                        time,
                        "-".into(),
                        "-".into(),
                        "-".into(),
                        "-".into(),
                        "-".into(),
                        "-".into(),
                        "-".into(),
                    ],
                }
            }
        })
        .collect();
    let mut rule = floor.map_or_else(|| QUICK_RULE.to_owned(), |f| f.rule());
    let ties = ties(entries, variants);
    if !ties.is_empty() {
        rule.push_str(&format!(
            " Ties (their spreads overlap): {}.",
            ties.join("; ")
        ));
    }
    render(
        &rows,
        if variants { "variant" } else { "backend" },
        crate::term::width().unwrap_or(crate::term::DEFAULT_WIDTH),
        &rule,
    )
}

/// The measured entries whose middle halves (p25 to p75) overlap, as chains by median time:
/// `recursive = memo` when neither is faster beyond the noise, which their order from one run
/// to the next would not hold. Empty when every measured entry stands apart (or with
/// `--quick`: one run has no spread).
fn ties<G: Game>(entries: &[Entry<G>], variants: bool) -> Vec<String> {
    let mut measured: Vec<(&Timing, String)> = entries
        .iter()
        .filter_map(|e| {
            let timing = e.timing.as_ref().filter(|t| t.samples >= 2)?;
            Some((timing, label(e, variants)))
        })
        .collect();
    measured.sort_by_key(|(t, _)| t.median_ns);
    let mut ties = Vec::new();
    let mut group: Vec<&str> = Vec::new();
    let mut reach = 0;
    for (timing, name) in &measured {
        if !group.is_empty() && timing.p25_ns > reach {
            if group.len() > 1 {
                ties.push(group.join(" = "));
            }
            group.clear();
        }
        reach = if group.is_empty() {
            timing.p75_ns
        } else {
            reach.max(timing.p75_ns)
        };
        group.push(name);
    }
    if group.len() > 1 {
        ties.push(group.join(" = "));
    }
    ties
}

/// A table's size in the table: bytes below 1 KiB, else in KiB, MiB, … (`--json` has the
/// exact count).
fn short_bytes(n: u64) -> String {
    if n < 1024 {
        n.to_string()
    } else {
        bytesize::ByteSize(n).display().iec().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(backend: &'static str, p25: u64, median: u64, p75: u64) -> Entry<gamesolve::CanIWin> {
        Entry {
            backend,
            variant: "auto",
            kernel: "auto",
            result: Err(CliError::new(Kind::CannotAnswer, "not looked at")),
            short: String::new(),
            elapsed: Duration::ZERO,
            timing: Some(Timing {
                runs: 100,
                samples: 10,
                batch: 10,
                median_ns: median,
                mean_ns: median,
                min_ns: p25,
                max_ns: p75,
                p25_ns: p25,
                p75_ns: p75,
                total_ns: 100 * median,
                counted_ns: median,
                warm_up: true,
                no_stats: true,
            }),
        }
    }

    #[test]
    fn overlapping_spreads_are_ties_and_apart_ones_are_not() {
        let entries = [
            entry("tabular", 114, 115, 116),
            entry("recursive", 98, 99, 101),
            entry("memo", 100, 100, 102),
            entry("reduction", 113, 114, 115),
        ];
        assert_eq!(
            ties(&entries, false),
            ["recursive = memo", "reduction = tabular"]
        );
        let apart = [
            entry("memo", 112, 113, 114),
            entry("recursive", 130, 131, 132),
        ];
        assert!(ties(&apart, false).is_empty());
    }
}
