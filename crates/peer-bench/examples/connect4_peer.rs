//! Connect Four's test sets solved by gamesolve and by the C++ peer (Pascal Pons' solver, built
//! outside the tracked tree by `scripts/connect4_peer.sh`), every score checked against the
//! set's and each other's, with the mean time and mean positions searched per set.
//!
//! ```text
//! scripts/connect4_peer.sh --source DIR        # once; skipped below when not built
//! cargo run --release -p gamesolve-peers --example connect4_peer -- \
//!     [--sets L3_R1,L2_R1,L2_R2,L1_R1,L1_R2,L1_R3] [--most N] [--variant memo/bounded] \
//!     [--peer target/connect4-peer/c4peer] [--csv FILE] [--state-budget N]
//! ```
//!
//! - `--sets`: the sets of `tests/data/connect_four/` (all six by default; a set whose file is
//!   missing is skipped, and said so);
//! - `--most N`: the first `N` positions of each set (all by default);
//! - `--variant`: the gamesolve variant (the game's default by default), one solver reused for
//!   every position (`memo/bounded` keeps its table, emptied by a new stamp), warmed up by one
//!   untimed solve of a position of `L2_R2` that expands about a million positions (so its
//!   table's pages are mapped, as the peer's are: its driver writes its table before each
//!   position);
//! - `--peer`: the peer's binary (skipped when absent);
//! - `--csv FILE`: the table as a `benches/results` data file (`kind: table`);
//! - `--state-budget N`: gamesolve's state budget (`memo/bounded`: its table's entries, at
//!   most `N`; by default the largest power of two within 64 MiB).
//!
//! Counting rule. gamesolve: the wall time of each `solve_with_stats` call (the counters on;
//! the best first move found too, as every gamesolve answer carries it), and its `positions`
//! (positions expanded: not answered by the win-at-once hook, the score bounds or the table).
//! The peer: the time of its `solve` call alone as its driver measures it (its table emptied
//! before, untimed; score only, no best move) and its `negamax` calls. Both sides start every
//! position on an empty table. The ratio is gamesolve's mean time over the peer's.
//!
//! Exits 1 when a score differs (from the set's or between the solvers), 2 on bad arguments.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use gamesolve::core_types::{Solver, SolverConfig};
use gamesolve::registry::all_variants;
use gamesolve::{Backend, ConnectFour, Registered};

const SETS: [&str; 6] = ["L3_R1", "L2_R1", "L2_R2", "L1_R1", "L1_R2", "L1_R3"];

/// One side's totals over a set.
#[derive(Default)]
struct Totals {
    nanos: u128,
    positions: u128,
    count: u32,
}

impl Totals {
    fn mean_us(&self) -> f64 {
        self.nanos as f64 / 1e3 / f64::from(self.count.max(1))
    }
    fn mean_positions(&self) -> f64 {
        self.positions as f64 / f64::from(self.count.max(1))
    }
}

/// The options read from the command line.
struct Options {
    sets: Vec<String>,
    most: usize,
    variant: Option<String>,
    peer: PathBuf,
    csv: Option<PathBuf>,
    state_budget: Option<u64>,
}

fn parse_args(root: &Path) -> Result<Options, String> {
    let mut options = Options {
        sets: SETS.iter().map(|s| (*s).to_owned()).collect(),
        most: usize::MAX,
        variant: None,
        peer: root.join("target/connect4-peer/c4peer"),
        csv: None,
        state_budget: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("`{flag}` needs a value"));
        match flag.as_str() {
            "--sets" => {
                options.sets = value()?.split(',').map(str::to_owned).collect();
                if let Some(bad) = options.sets.iter().find(|s| !SETS.contains(&s.as_str())) {
                    return Err(format!(
                        "unknown set `{bad}`: the sets are {}",
                        SETS.join(", ")
                    ));
                }
            }
            "--most" => {
                let text = value()?;
                options.most = text
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("--most {text}: expected a whole number above 0"))?;
            }
            "--variant" => options.variant = Some(value()?),
            "--peer" => options.peer = PathBuf::from(value()?),
            "--csv" => options.csv = Some(PathBuf::from(value()?)),
            "--state-budget" => {
                let text = value()?;
                options.state_budget = Some(text.parse().map_err(|_| {
                    format!("--state-budget {text}: expected a whole number of states")
                })?);
            }
            other => {
                return Err(format!(
                    "unknown argument `{other}` (see the example's docs)"
                ))
            }
        }
    }
    Ok(options)
}

/// The set's positions (first `most`): moves and score.
fn read_set(path: &Path, most: usize) -> Result<Vec<(String, i32)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    text.lines()
        .take(most)
        .enumerate()
        .map(|(k, line)| {
            let (moves, score) = line
                .split_once(' ')
                .ok_or_else(|| format!("{} line {}: not `MOVES SCORE`", path.display(), k + 1))?;
            let score = score
                .trim()
                .parse()
                .map_err(|e| format!("{} line {}: {e}", path.display(), k + 1))?;
            Ok((moves.to_owned(), score))
        })
        .collect()
}

/// A position of `L2_R2` whose solve expands about a million positions (score -1): solved
/// once before any timing, so that the table's pages are mapped (the peer's driver writes its
/// whole table before each position, untimed).
const WARM_UP: (&str, i32) = ("756163271661125", -1);

/// The solver of `variant`, warmed up ([`WARM_UP`]).
fn warmed_solver(
    variant: &str,
    config: &SolverConfig,
) -> Result<Box<dyn Solver<ConnectFour> + Send>, String> {
    let variants = all_variants::<ConnectFour>();
    let chosen = variants.iter().find(|v| v.id() == variant).ok_or_else(|| {
        let ids: Vec<String> = variants.iter().map(|v| v.id()).collect();
        format!("unknown variant `{variant}`: one of {}", ids.join(", "))
    })?;
    let mut solver = chosen.solver(config);
    let (moves, expected) = WARM_UP;
    let game = ConnectFour::new(7, 6, moves).map_err(|e| format!("{moves}: {e}"))?;
    let answer = solver
        .solve(&game)
        .map_err(|e| format!("{variant} on {moves}: {e}"))?;
    if answer.score != expected {
        return Err(format!(
            "{variant} scores the warm-up position {moves} {}, not {expected}",
            answer.score
        ));
    }
    Ok(solver)
}

/// gamesolve's scores and totals.
fn run_gamesolve(
    solver: &mut (dyn Solver<ConnectFour> + Send),
    positions: &[(String, i32)],
) -> Result<(Vec<i32>, Totals), String> {
    let mut totals = Totals::default();
    let mut scores = Vec::with_capacity(positions.len());
    for (moves, _) in positions {
        let game = ConnectFour::new(7, 6, moves).map_err(|e| format!("{moves}: {e}"))?;
        let started = Instant::now();
        let (answer, stats) = solver
            .solve_with_stats(&game)
            .map_err(|e| format!("{moves}: {e}"))?;
        totals.nanos += started.elapsed().as_nanos();
        totals.positions += u128::from(stats.positions);
        totals.count += 1;
        scores.push(answer.score);
    }
    Ok((scores, totals))
}

/// The peer's scores and totals (its driver prints `SCORE NODES NANOSECONDS` a line).
fn run_peer(peer: &Path, positions: &[(String, i32)]) -> Result<(Vec<i32>, Totals), String> {
    let mut child = Command::new(peer)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{}: {e}", peer.display()))?;
    let mut stdin = child.stdin.take().ok_or("the peer's standard input")?;
    let input: String = positions.iter().map(|(m, _)| format!("{m}\n")).collect();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let stdout = child.stdout.take().ok_or("the peer's standard output")?;
    let mut totals = Totals::default();
    let mut scores = Vec::with_capacity(positions.len());
    for line in BufReader::new(stdout).lines() {
        let line = line.map_err(|e| format!("reading the peer: {e}"))?;
        let words: Vec<i128> = line.split(' ').filter_map(|w| w.parse().ok()).collect();
        let [score, nodes, nanos] = words[..] else {
            return Err(format!("the peer answered `{line}`"));
        };
        scores.push(score as i32);
        totals.positions += nodes as u128;
        totals.nanos += nanos as u128;
        totals.count += 1;
    }
    let _ = writer.join();
    child.wait().map_err(|e| format!("the peer: {e}"))?;
    if scores.len() != positions.len() {
        return Err(format!(
            "the peer answered {} lines of {}",
            scores.len(),
            positions.len()
        ));
    }
    Ok((scores, totals))
}

fn main() -> ExitCode {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let options = match parse_args(&root) {
        Ok(options) => options,
        Err(e) => {
            eprintln!("connect4_peer: {e}");
            return ExitCode::from(2);
        }
    };
    let variant = options.variant.clone().unwrap_or_else(|| {
        let backend = Backend::default_for::<ConnectFour>();
        let first = ConnectFour::variants_of(backend);
        format!(
            "{}/{}",
            backend.name(),
            first.first().map_or("?", |v| v.name)
        )
    });
    let config = SolverConfig {
        state_budget: options.state_budget,
        ..SolverConfig::default()
    };
    let mut solver = match warmed_solver(&variant, &config) {
        Ok(solver) => solver,
        Err(e) => {
            eprintln!("connect4_peer: {e}");
            return ExitCode::from(1);
        }
    };
    let peer = options.peer.is_file().then_some(options.peer.as_path());
    if peer.is_none() {
        eprintln!(
            "connect4_peer: no peer at {} (build it with scripts/connect4_peer.sh): gamesolve only",
            options.peer.display()
        );
    }
    let mut rows = Vec::new();
    let mut wrong = 0;
    println!(
        "{:<6} {:>5} {:>14} {:>14} {:>14} {:>14} {:>7}",
        "set", "count", "gamesolve µs", "gs positions", "peer µs", "peer nodes", "ratio"
    );
    println!(
        "({variant}; peer: {})",
        peer.map_or("none".into(), |p| p.display().to_string())
    );
    for set in &options.sets {
        let path = root.join(format!("tests/data/connect_four/{set}.txt"));
        if !path.is_file() {
            eprintln!("connect4_peer: {set}: no file {}: skipped", path.display());
            continue;
        }
        let run = read_set(&path, options.most).and_then(|positions| {
            let ours = run_gamesolve(solver.as_mut(), &positions)?;
            let theirs = peer.map(|p| run_peer(p, &positions)).transpose()?;
            Ok((positions, ours, theirs))
        });
        let (positions, (scores, ours), theirs) = match run {
            Ok(run) => run,
            Err(e) => {
                eprintln!("connect4_peer: {set}: {e}");
                return ExitCode::from(1);
            }
        };
        for (k, (moves, expected)) in positions.iter().enumerate() {
            let peer_score = theirs.as_ref().map(|(s, _)| s[k]);
            if scores[k] != *expected || peer_score.is_some_and(|s| s != *expected) {
                wrong += 1;
                eprintln!(
                    "{set} line {}: `{moves}` scores {expected} in the set, {} by {variant}{}",
                    k + 1,
                    scores[k],
                    peer_score.map_or(String::new(), |s| format!(", {s} by the peer"))
                );
            }
        }
        let (peer_us, peer_nodes, ratio) = match &theirs {
            Some((_, t)) => (
                format!("{:.1}", t.mean_us()),
                format!("{:.1}", t.mean_positions()),
                format!("{:.2}", ours.mean_us() / t.mean_us()),
            ),
            None => ("-".into(), "-".into(), "-".into()),
        };
        println!(
            "{set:<6} {:>5} {:>14.1} {:>14.1} {peer_us:>14} {peer_nodes:>14} {ratio:>7}",
            ours.count,
            ours.mean_us(),
            ours.mean_positions()
        );
        rows.push(format!(
            "{set},{},{:.1},{:.1},{peer_us},{peer_nodes},{ratio}",
            ours.count,
            ours.mean_us(),
            ours.mean_positions()
        ));
    }
    if let Some(csv) = &options.csv {
        let mut text = format!(
            "set,positions,{variant} mean µs,{variant} mean positions,peer mean µs,\
             peer mean nodes,ratio\n"
        );
        for row in &rows {
            text.push_str(row);
            text.push('\n');
        }
        if let Err(e) = std::fs::write(csv, text) {
            eprintln!("connect4_peer: {}: {e}", csv.display());
            return ExitCode::from(2);
        }
    }
    if wrong > 0 {
        eprintln!("connect4_peer: {wrong} scores differ");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
