//! The conformance suite: every variant of every backend this build has, over every case in
//! `tests/data/`, through the facade's one variant list (`gamesolve::registry::all_variants`).
//!
//! - `can_i_win_cases`, `predict_the_winner_cases`: the hand-written cases of
//!   `tests/data/*.toml`, each with the reason it exists.
//! - `golden_*`: all 6020 LeetCode-range Can I Win instances against the
//!   committed table `tests/data/can_i_win_golden.txt`.
//! - `data_*`, `reference_*`: the data files and the reference oracle check
//!   each other, so a typo in a case or a bug in the oracle is caught too.
//!
//! A variant that cannot take a case is skipped with a stated reason (the
//! case's `skip` table, or a `CannotAnswer` error the case's `cannot_answer`
//! table allows; a key is a backend, `memo`, which covers all its variants, or one variant,
//! `memo/dense`, which wins over it), and the skips are printed on every run (straight to
//! stderr, which the test harness does not capture).
//! Every failure is collected and reported at once at the end of each test.

use std::collections::BTreeMap;

use crate::common::cases::{
    self, CanIWinCase, CanIWinFile, PredictTheWinnerCase, PredictTheWinnerFile,
};
use crate::common::golden;
use crate::common::reference::{self, MAX_T};
use crate::common::report::Report;
use gamesolve::{
    core_types::{
        CanIWinSolution, ErrorKind, PredictTheWinnerSolution, Side, Solver, SolverConfig, Variant,
    },
    registry::all_variants,
    CanIWin, Error, Game, Outcome, PredictTheWinner,
};

const CAN_I_WIN_FILE: &str = "can_i_win.toml";
const PREDICT_THE_WINNER_FILE: &str = "predict_the_winner.toml";

/// The largest `n` the `recursive` backend is run on in the golden test.
/// Without a memo its cost grows about tenfold per `n` (up to 5*10^7 positions for one total
/// at `n = 15`); with the kernels optimized in test builds all totals of `n <= 13` take 0.2 s.
const RECURSIVE_GOLDEN_MAX_N: u32 = 14;

/// The largest `n` each variant is run on in the golden test, with the reason, or `None` for
/// all of `n = 1..=20` (the kernels are optimized even in test builds; see `Cargo.toml`).
/// Without a memo the cost grows about tenfold per `n`; the generic variants pay for the game
/// vocabulary (a `Vec` of moves per position, a hash map) and are there to prove the
/// vocabulary right, not to be fast.
fn golden_max_n(variant: &Variant<CanIWin>) -> Option<(u32, &'static str)> {
    match variant.id().as_str() {
        "recursive/backtrack" => Some((
            RECURSIVE_GOLDEN_MAX_N,
            "plain backtracking grows about tenfold per n: over 10 s per n above n = 14",
        )),
        "recursive/negamax" => Some((
            13,
            "generic negamax expands the positions backtracking does, each about fifteen \
             times slower (a move list per position): seconds per n above n = 13",
        )),
        "memo/hash-map" => Some((
            16,
            "the generic hash-map memo builds a move list per position: seconds per n above \
             n = 16",
        )),
        "memo/alpha-beta" => Some((
            16,
            "the generic alpha-beta search keeps bounds in a hash map and builds a move list \
             per position, as memo/hash-map: seconds per n above n = 16",
        )),
        "memo/bounded" => Some((
            16,
            "the generic bounded search builds a move list per position and runs a few \
             null-window passes, as memo/alpha-beta: seconds per n above n = 16",
        )),
        "memo/bounded-all-cores" => Some((
            16,
            "memo/bounded on every core: each thread repeats much of the search on games this \
             small, as memo/bounded: seconds per n above n = 16",
        )),
        "memo/indexed" => Some((
            16,
            "the generic indexed memo allocates and fills all 2^n cells for each of the \
             n(n+1)/2 totals, and recomputes each position's total: seconds per n above n = 16",
        )),
        "memo/textbook" => Some((
            16,
            "the textbook memo is the recursion with a hash-map memo, in the game's order: \
             seconds per n above n = 16, as memo/hash-map",
        )),
        "tabular/retrograde" => Some((
            16,
            "generic retrograde analysis enumerates all 2^n positions and reverses n 2^(n-1) \
             moves for each of the n(n+1)/2 totals: seconds per n above n = 16",
        )),
        _ => None,
    }
}

fn solver<G: Game>(variant: &Variant<G>) -> Box<dyn Solver<G> + Send> {
    variant.solver(&SolverConfig::default())
}

/// The reason under `variant`'s id, else under its backend's name.
fn reason_for<'a, G: Game>(
    table: &'a BTreeMap<String, String>,
    variant: &Variant<G>,
) -> Option<&'a String> {
    table
        .get(&variant.id())
        .or_else(|| table.get(variant.backend))
}

/// What [`run`] needs to know about a case besides how to solve it.
struct Case<'a> {
    /// `"{backend} {game} `{name}`"`, the prefix of every message.
    label: &'a str,
    /// Backends not run, with the reason.
    skip: &'a BTreeMap<String, String>,
    /// Backends allowed to give up, with the reason.
    cannot_answer: &'a BTreeMap<String, String>,
}

/// Runs one case on one variant: counted on a fresh solver, then plainly on `reused` (a solver
/// that has already solved every earlier case of the file, to catch stale tables), the two
/// answers equal. The fresh solver names the listed variant it ran (`Solver::last_kernel`, the
/// JSON reports' `kernel`): its own name before any solve, and after it a variant of the same
/// backend which, run by itself, gives the same answer and the same counters and names itself.
/// Returns the answer to check, or `None` when the case was skipped or already failed.
fn run<G: Game, T: PartialEq + std::fmt::Debug, S: PartialEq + std::fmt::Debug>(
    report: &mut Report,
    variant: &Variant<G>,
    variants: &[Variant<G>],
    case: Case<'_>,
    reused: &mut dyn Solver<G>,
    solve: impl Fn(&mut dyn Solver<G>) -> Result<T, Error>,
    solve_with_stats: impl Fn(&mut dyn Solver<G>) -> Result<(T, S), Error>,
) -> Option<T> {
    let Case {
        label,
        skip,
        cannot_answer,
    } = case;
    if let Some(reason) = reason_for(skip, variant) {
        report.skip(format!("{label}: {reason}"));
        return None;
    }
    let mut fresh = solver(variant);
    report.check_eq(
        format!("{label}: the variant it names before any solve"),
        fresh.last_kernel(),
        variant.name,
    );
    let (answer, stats) = match solve_with_stats(fresh.as_mut()) {
        Ok(answer) => answer,
        Err(e) if e.kind() == ErrorKind::CannotAnswer => {
            match reason_for(cannot_answer, variant) {
                Some(reason) => report.skip(format!("{label}: {reason}: backend said: {e}")),
                None => report.fail(format!(
                    "{label}: cannot answer a case it is expected to handle: {e}"
                )),
            }
            return None;
        }
        Err(e) => {
            report.fail(format!("{label}: unexpected error: {e}"));
            return None;
        }
    };
    let kernel = fresh.last_kernel();
    match variants
        .iter()
        .find(|v| v.backend == variant.backend && v.name == kernel)
    {
        None => report.fail(format!("{label}: names `{kernel}`, not a listed variant")),
        Some(picked) if picked.name != variant.name => {
            let against = format!("{label}: against {} run by itself", picked.id());
            let mut alone = solver(picked);
            match solve_with_stats(alone.as_mut()) {
                Ok((alone_answer, alone_stats)) => {
                    report.check_eq(format!("{against}: answer"), &alone_answer, &answer);
                    report.check_eq(format!("{against}: counters"), &alone_stats, &stats);
                    report.check_eq(
                        format!("{against}: the variant it names"),
                        alone.last_kernel(),
                        picked.name,
                    );
                }
                Err(e) => report.fail(format!("{against}: {e}")),
            }
        }
        Some(_) => {}
    }
    match solve(reused) {
        Ok(again) => report.check_eq(
            format!("{label}: answer from a solver reused across cases (plain, not counted)"),
            &again,
            &answer,
        ),
        Err(e) => report.fail(format!("{label}: reused solver: {e}")),
    }
    Some(answer)
}

fn can_i_win_game(report: &mut Report, case: &CanIWinCase) -> Option<CanIWin> {
    match CanIWin::from_i128(i128::from(case.max_choosable), case.desired_total) {
        Ok(game) => Some(game),
        Err(e) => {
            report.fail(format!("can-i-win `{}`: invalid game: {e}", case.name));
            None
        }
    }
}

fn check_can_i_win(report: &mut Report, label: &str, case: &CanIWinCase, got: &CanIWinSolution) {
    report.check_eq(format!("{label}: outcome"), got.outcome, case.outcome);
    match &case.winning_moves {
        Some(moves) => report.check_eq(
            format!("{label}: best move (the smallest of {moves:?})"),
            got.best_move,
            moves.iter().copied().min(),
        ),
        // Without a listed set, the move must exist exactly when the first
        // player wins by moving.
        None => report.check_eq(
            format!("{label}: has a best move"),
            got.best_move.is_some(),
            case.outcome == Outcome::FirstPlayerWins && case.desired_total != 0,
        ),
    }
    if let Some(want) = case.can_i_win {
        report.check_eq(format!("{label}: can_i_win()"), got.can_i_win(), want);
    }
}

fn check_predict_the_winner(
    report: &mut Report,
    label: &str,
    case: &PredictTheWinnerCase,
    got: &PredictTheWinnerSolution,
) {
    report.check_eq(format!("{label}: outcome"), got.outcome, case.outcome);
    report.check_eq(format!("{label}: margin"), got.margin, case.margin);
    report.check_eq(
        format!("{label}: first_score"),
        got.first_score,
        case.first_score,
    );
    report.check_eq(
        format!("{label}: second_score"),
        got.second_score,
        case.second_score,
    );
    match &case.optimal_moves {
        Some(moves) => report.check_eq(
            format!("{label}: best move (optimal: {moves:?}; ties go left)"),
            got.best_move,
            tie_break(moves),
        ),
        None => report.check_eq(
            format!("{label}: has a best move"),
            got.best_move.is_some(),
            !case.values.is_empty() && case.repeat != Some(0),
        ),
    }
    if let Some(want) = case.predict_the_winner {
        report.check_eq(
            format!("{label}: predict_the_winner()"),
            got.predict_the_winner(),
            want,
        );
    }
    if let Some(want) = case.first_player_strictly_wins {
        report.check_eq(
            format!("{label}: first_player_strictly_wins()"),
            got.first_player_strictly_wins(),
            want,
        );
    }
}

/// The move a backend must report given the optimal set: left when it is
/// optimal (ties go left), else right, none for an empty row.
fn tie_break(optimal: &[Side]) -> Option<Side> {
    if optimal.contains(&Side::Left) {
        Some(Side::Left)
    } else {
        optimal.first().copied()
    }
}

#[test]
fn can_i_win_cases() {
    let file: CanIWinFile = cases::load(CAN_I_WIN_FILE);
    let mut report = Report::new("can-i-win cases");
    let variants = all_variants::<CanIWin>();
    for variant in &variants {
        let mut reused = solver(variant);
        for case in &file.case {
            let Some(game) = can_i_win_game(&mut report, case) else {
                continue;
            };
            let label = format!("{} can-i-win `{}`", variant.id(), case.name);
            let answer = run(
                &mut report,
                variant,
                &variants,
                Case {
                    label: &label,
                    skip: &case.skip,
                    cannot_answer: &case.cannot_answer,
                },
                reused.as_mut(),
                |s| s.solve(&game),
                |s| s.solve_with_stats(&game),
            );
            if let Some(answer) = answer {
                check_can_i_win(&mut report, &label, case, &answer);
            }
        }
    }
    report.finish();
}

#[test]
fn predict_the_winner_cases() {
    let file: PredictTheWinnerFile = cases::load(PREDICT_THE_WINNER_FILE);
    let mut report = Report::new("predict-the-winner cases");
    let variants = all_variants::<PredictTheWinner>();
    for variant in &variants {
        let mut reused = solver(variant);
        for case in &file.case {
            let game = PredictTheWinner::new(case.row());
            let label = format!("{} predict-the-winner `{}`", variant.id(), case.name);
            let answer = run(
                &mut report,
                variant,
                &variants,
                Case {
                    label: &label,
                    skip: &case.skip,
                    cannot_answer: &case.cannot_answer,
                },
                reused.as_mut(),
                |s| s.solve(&game),
                |s| s.solve_with_stats(&game),
            );
            if let Some(answer) = answer {
                check_predict_the_winner(&mut report, &label, case, &answer);
            }
        }
    }
    report.finish();
}

#[test]
fn data_files_are_well_formed() {
    let ciw: CanIWinFile = cases::load(CAN_I_WIN_FILE);
    let ptw: PredictTheWinnerFile = cases::load(PREDICT_THE_WINNER_FILE);
    let mut problems = cases::check_names(CAN_I_WIN_FILE, &ciw.case);
    problems.extend(cases::check_names(PREDICT_THE_WINNER_FILE, &ptw.case));
    for c in &ciw.case {
        if c.why.trim().is_empty() {
            problems.push(format!("{CAN_I_WIN_FILE}: `{}` has an empty `why`", c.name));
        }
    }
    for c in &ptw.case {
        if c.why.trim().is_empty() {
            problems.push(format!(
                "{PREDICT_THE_WINNER_FILE}: `{}` has an empty `why`",
                c.name
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every expectation in the data files is recomputed by the reference, where
/// it can run: this catches a typo in a case (and a bug in the reference).
#[test]
fn data_files_agree_with_reference() {
    let mut report = Report::new("data vs reference");
    let ciw: CanIWinFile = cases::load(CAN_I_WIN_FILE);
    for case in &ciw.case {
        let label = format!("{CAN_I_WIN_FILE} `{}`", case.name);
        let (n, t) = (case.max_choosable, case.desired_total);
        let sum = i128::from(reference::pool_sum(n));
        let want = if n <= golden::MAX_N && (0..=MAX_T as i128).contains(&t) {
            reference::can_i_win_table(n, t as usize).clone()
        } else if n <= 16 || t <= 70 || t > sum {
            // Few reachable states: the plain search is quick.
            reference::can_i_win(n, t as u64)
        } else {
            report.skip(format!("{label}: too large for the reference to search"));
            continue;
        };
        report.check_eq(format!("{label}: outcome"), case.outcome, want.outcome);
        if let Some(moves) = &case.winning_moves {
            report.check_eq(
                format!("{label}: winning_moves"),
                moves,
                &want.winning_moves,
            );
        }
        if let Some(b) = case.can_i_win {
            report.check_eq(
                format!("{label}: can_i_win"),
                b,
                want.outcome == Outcome::FirstPlayerWins,
            );
        }
    }
    let ptw: PredictTheWinnerFile = cases::load(PREDICT_THE_WINNER_FILE);
    for case in &ptw.case {
        let label = format!("{PREDICT_THE_WINNER_FILE} `{}`", case.name);
        let row = case.row();
        if row.len() > 2000 {
            report.skip(format!("{label}: too long for the reference"));
            continue;
        }
        let want = reference::predict_the_winner(&row);
        report.check_eq(format!("{label}: outcome"), case.outcome, want.outcome());
        report.check_eq(format!("{label}: margin"), case.margin, want.margin);
        report.check_eq(
            format!("{label}: first_score"),
            case.first_score,
            want.first_score,
        );
        report.check_eq(
            format!("{label}: second_score"),
            case.second_score,
            want.second_score,
        );
        if let Some(moves) = &case.optimal_moves {
            report.check_eq(
                format!("{label}: optimal_moves"),
                moves,
                &want.optimal_moves,
            );
        }
        if let Some(b) = case.predict_the_winner {
            report.check_eq(format!("{label}: predict_the_winner"), b, want.margin >= 0);
        }
        if let Some(b) = case.first_player_strictly_wins {
            report.check_eq(
                format!("{label}: first_player_strictly_wins"),
                b,
                want.margin > 0,
            );
        }
    }
    report.finish();
}

/// The fast all-totals reference agrees with the plain search on every
/// instance small enough for the plain search in a debug build.
#[test]
fn reference_all_totals_matches_plain_search() {
    let mut report = Report::new("reference: all totals vs plain search");
    for n in 1..=13 {
        for t in 0..=MAX_T {
            report.check_eq(
                format!("n = {n}, T = {t}"),
                &reference::can_i_win(n, t as u64),
                reference::can_i_win_table(n, t),
            );
        }
    }
    report.finish();
}

/// The plain search reproduces the whole committed golden table. Too slow for
/// a debug build (about 10^8 memo entries in all); run it after changing the
/// reference or the table:
/// `cargo test --release --test conformance -- --ignored golden_table_matches_plain_search`.
#[test]
#[ignore = "slow in a debug build; run with --release --ignored"]
fn golden_table_matches_plain_search() {
    let committed = read_golden();
    let mut report = Report::new("golden table vs plain search");
    for row in &committed {
        for t in 0..=MAX_T {
            let want = reference::can_i_win(row.n, t as u64);
            report.check_eq(
                format!("n = {}, T = {t}", row.n),
                (row.outcomes[t], row.best_moves[t]),
                (want.outcome, want.best_move()),
            );
        }
    }
    report.finish();
}

/// The reference still reproduces the committed golden table. With
/// `GAMESOLVE_BLESS=1` it rewrites the table instead.
#[test]
fn golden_table_matches_reference() {
    let generated = golden::generate();
    if std::env::var_os("GAMESOLVE_BLESS").is_some_and(|v| v != "0") {
        std::fs::write(golden::path(), golden::render(&generated))
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", golden::path().display()));
        println!("wrote {}", golden::path().display());
        return;
    }
    let committed = read_golden();
    let mut report = Report::new("golden table vs reference");
    report.check_eq(
        "rows (n = 1..=20)",
        committed.iter().map(|r| r.n).collect::<Vec<_>>(),
        (1..=golden::MAX_N).collect::<Vec<_>>(),
    );
    for (want, got) in committed.iter().zip(&generated) {
        for t in 0..=MAX_T {
            report.check_eq(
                format!("n = {}, T = {t}: outcome", want.n),
                got.outcomes[t],
                want.outcomes[t],
            );
            report.check_eq(
                format!("n = {}, T = {t}: smallest winning move", want.n),
                got.best_moves[t],
                want.best_moves[t],
            );
        }
    }
    report.finish();
}

fn read_golden() -> Vec<golden::Row> {
    let text = std::fs::read_to_string(golden::path()).unwrap_or_else(|e| {
        panic!(
            "cannot read {}: {e} (generate it with GAMESOLVE_BLESS=1 cargo test --test it conformance::golden_table_matches_reference)",
            golden::path().display()
        )
    });
    golden::parse(&text).unwrap_or_else(|e| panic!("{e}"))
}

/// Every variant that can take them, on all 6020 instances of the committed
/// golden table. One solver per variant is reused for every instance, so a
/// table kept stale between calls is caught.
#[test]
fn golden_table_every_variant() {
    let rows = read_golden();
    assert_eq!(rows.len(), golden::MAX_N as usize, "golden table rows");
    let mut report = Report::new("golden table");
    for variant in all_variants::<CanIWin>() {
        let mut solver = solver(&variant);
        let start = std::time::Instant::now();
        let max_n = match golden_max_n(&variant) {
            Some((max_n, why)) => {
                report.skip(format!(
                    "{}, n = {}..={} (all T): {why}",
                    variant.id(),
                    max_n + 1,
                    golden::MAX_N
                ));
                max_n
            }
            None => golden::MAX_N,
        };
        for row in &rows {
            if row.n > max_n {
                continue;
            }
            for t in 0..=MAX_T {
                let label = format!("{} can-i-win n = {}, T = {t}", variant.id(), row.n);
                let game = match CanIWin::new(row.n, t as u64) {
                    Ok(game) => game,
                    Err(e) => {
                        report.fail(format!("{label}: {e}"));
                        continue;
                    }
                };
                match solver.solve(&game) {
                    Ok(got) => {
                        report.check_eq(format!("{label}: outcome"), got.outcome, row.outcomes[t]);
                        report.check_eq(
                            format!("{label}: best move"),
                            got.best_move,
                            row.best_moves[t],
                        );
                    }
                    Err(e) => report.fail(format!("{label}: {e}")),
                }
            }
        }
        report.note(format!(
            "{}: {} instances in {:.2?}",
            variant.id(),
            rows.iter().filter(|r| r.n <= max_n).count() * (MAX_T + 1),
            start.elapsed()
        ));
    }
    report.finish();
}

/// The sum precheck, directly. The shortcut `(1 + n) / 2 * n` truncates for
/// every even `n` (n = 10 gives 50, not 55), yet gives the same answers on
/// most instances, so only a direct test catches it.
#[test]
fn pool_sum_precheck_is_exact() {
    #[allow(clippy::manual_div_ceil)] // the bug, written as it is found in the wild
    let buggy = |n: u64| (1 + n) / 2 * n;
    let mut report = Report::new("pool sum precheck");
    for n in CanIWin::MIN_MAX_CHOOSABLE..=CanIWin::MAX_MAX_CHOOSABLE {
        let want = reference::pool_sum(n);
        report.check_eq(
            format!("pool_sum({n})"),
            gamesolve::core_types::can_i_win::pool_sum(n),
            want,
        );
        if n % 2 == 0 {
            // The check above would catch the shortcut on this n.
            assert_ne!(buggy(u64::from(n)), want, "n = {n}");
        }
        match CanIWin::new(n, want) {
            Ok(game) => {
                report.check_eq(format!("CanIWin({n}, _).pool_sum()"), game.pool_sum(), want)
            }
            Err(e) => report.fail(format!("CanIWin::new({n}, {want}): {e}")),
        }
    }
    report.finish();
}

/// Every variant, every `n in 1..=64`, at the exact boundary of the sum
/// precheck: `T = n(n+1)/2` follows parity, `T = n(n+1)/2 + 1` is a draw, and
/// `T = u64::MAX` is a draw. These must be answered without search, so even
/// `n = 64` is instant for every variant.
#[test]
fn precheck_boundaries_every_variant() {
    let mut report = Report::new("precheck boundaries");
    for variant in all_variants::<CanIWin>() {
        let mut solver = solver(&variant);
        for n in CanIWin::MIN_MAX_CHOOSABLE..=CanIWin::MAX_MAX_CHOOSABLE {
            let sum = reference::pool_sum(n);
            let parity = if n % 2 == 1 {
                (Outcome::FirstPlayerWins, Some(1))
            } else {
                (Outcome::SecondPlayerWins, None)
            };
            for (t, want) in [
                (sum, parity),
                (sum + 1, (Outcome::Draw, None)),
                (u64::MAX, (Outcome::Draw, None)),
                (0, (Outcome::FirstPlayerWins, None)),
            ] {
                let label = format!("{} can-i-win n = {n}, T = {t}", variant.id());
                match CanIWin::new(n, t)
                    .map_err(|e| e.to_string())
                    .and_then(|g| solver.solve(&g).map_err(|e| e.to_string()))
                {
                    Ok(got) => report.check_eq(label, (got.outcome, got.best_move), want),
                    Err(e) => report.fail(format!("{label}: {e}")),
                }
            }
        }
    }
    report.finish();
}

/// Every variant of every backend honours `SolverConfig::time_limit` (issue 12): with a limit
/// of zero, a game that needs a search gives up with `TimeLimitReached`, whichever way it is
/// solved (plain, counted, traced). A variant that cannot take the game at all (its budget or
/// table refuses it up front, as plain recursion refuses a long row) is exempt for that game,
/// and only if it also refuses it with no time limit. A new variant is checked by being in the
/// list.
#[test]
fn every_variant_stops_at_a_time_limit() {
    let mut report = Report::new("time limit of zero, every variant");
    let hasty = SolverConfig {
        time_limit: Some(std::time::Duration::ZERO),
        ..SolverConfig::default()
    };
    fn check<G: Game>(
        report: &mut Report,
        variant: &Variant<G>,
        hasty: &SolverConfig,
        game: &G,
        label: &str,
    ) {
        let mut solver = variant.solver(hasty);
        let mut counted = gamesolve::Stats::default();
        let answers = [
            ("solve", solver.solve(game).map(|_| ())),
            (
                "solve_with_stats",
                solver.solve_with_stats(game).map(|_| ()),
            ),
            (
                "solve_traced",
                solver.solve_traced(game, &mut counted).map(|_| ()),
            ),
        ];
        for (path, answer) in answers {
            let label = format!("{} {label} ({path})", variant.id());
            match answer {
                Err(Error::TimeLimitReached { limit, .. }) => {
                    report.check_eq(label, limit, std::time::Duration::ZERO)
                }
                Err(other)
                    if variant
                        .solver(&SolverConfig::default())
                        .solve(game)
                        .is_err() =>
                {
                    report.skip(format!("{label}: refused with or without a limit: {other}"))
                }
                Err(other) => report.fail(format!("{label}: {other}, not the time limit")),
                Ok(()) => report.fail(format!("{label}: answered with a time limit of zero")),
            }
        }
    }
    // Large enough that every kernel reaches its first look at the clock, small enough that a
    // variant without a time-limit check would still answer fast.
    match CanIWin::new(22, 180) {
        Ok(can_i_win) => {
            for variant in all_variants::<CanIWin>() {
                check(
                    &mut report,
                    &variant,
                    &hasty,
                    &can_i_win,
                    "can-i-win 22 180",
                );
            }
        }
        Err(e) => report.fail(format!("can-i-win 22 180: {e}")),
    }
    let row = PredictTheWinner::new((0..3_000).map(|k| (k * 7_919) % 1_009 - 500).collect());
    for variant in all_variants::<PredictTheWinner>() {
        check(
            &mut report,
            &variant,
            &hasty,
            &row,
            "predict-the-winner, 3,000 values",
        );
    }
    report.finish();
}
