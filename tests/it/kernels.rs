//! Every variant says which listed variant its last solve ran (`Solver::last_kernel`, the JSON
//! reports' `kernel`): a variant of the same backend that, run by itself, gives the same answer
//! and the same counters. Checked here on instances that take each branch of each automatic
//! choice, and traced; over the cases of `tests/data/` for every variant this build has, the
//! conformance suite checks it on the solve it makes anyway (`conformance::run`).
#![allow(clippy::unwrap_used)]

use gamesolve::{
    core_types::{Solver, SolverConfig, Variant},
    registry::all_variants,
    CanIWin, Game, PredictTheWinner, Stats,
};

/// One way of solving: counted ([`counted`]) or traced into counters ([`traced`]); `None` when
/// the solver cannot answer.
type Run<G> = fn(&mut dyn Solver<G>, &G) -> Option<(<G as Game>::Solution, Stats)>;

fn counted<G: Game>(solver: &mut dyn Solver<G>, game: &G) -> Option<(G::Solution, Stats)> {
    solver.solve_with_stats(game).ok()
}

/// A traced solve (`explain`, the page's step-through), which runs the reference algorithm of
/// a fast table kernel.
fn traced<G: Game>(solver: &mut dyn Solver<G>, game: &G) -> Option<(G::Solution, Stats)> {
    let mut stats = Stats::default();
    let answer = solver.solve_traced(game, &mut stats).ok()?;
    Some((answer, stats))
}

/// Solves `game` with `variant` by `run`, then, by `run` too, with the variant its
/// `last_kernel` names; returns that name, or `None` when `variant` cannot answer (the
/// conformance suite checks those errors).
///
/// # Panics
///
/// When a variant names another before any solve, the name is no listed variant of the
/// backend, or that variant's answer or counters differ, or it names another.
fn named_kernel<G: Game>(
    game: &G,
    variant: &Variant<G>,
    variants: &[Variant<G>],
    run: Run<G>,
) -> Option<String> {
    let config = SolverConfig::default();
    let mut solver = variant.solver(&config);
    let id = variant.id();
    assert_eq!(solver.last_kernel(), variant.name, "{id}: before any solve");
    let (answer, stats) = run(solver.as_mut(), game)?;
    let kernel = solver.last_kernel();
    let Some(picked) = variants
        .iter()
        .find(|v| v.backend == variant.backend && v.name == kernel)
    else {
        panic!("{id} names `{kernel}`, not a listed variant");
    };
    if picked.name != variant.name {
        let mut fixed = picked.solver(&config);
        let (fixed_answer, fixed_stats) = run(fixed.as_mut(), game).unwrap();
        let against = format!("{id} against {}", picked.id());
        assert_eq!(answer, fixed_answer, "{against}");
        assert_eq!(stats, fixed_stats, "{against}");
        assert_eq!(
            fixed.last_kernel(),
            picked.name,
            "{} names another",
            picked.id()
        );
    }
    Some(kernel.to_string())
}

/// [`named_kernel`] for a counted solve.
fn kernel_of<G: Game>(game: &G, variant: &Variant<G>, variants: &[Variant<G>]) -> Option<String> {
    named_kernel(game, variant, variants, counted)
}

/// [`named_kernel`] for a traced solve, which must answer; a plain solve afterwards names the
/// plain kernel again.
fn traced_kernel_of<G: Game>(game: &G, variant: &Variant<G>, variants: &[Variant<G>]) -> String {
    let kernel = named_kernel(game, variant, variants, traced).unwrap();
    if let Some(plain) = kernel_of(game, variant, variants) {
        let mut solver = variant.solver(&SolverConfig::default());
        traced(solver.as_mut(), game).unwrap();
        solver.solve(game).unwrap();
        assert_eq!(solver.last_kernel(), plain, "{}", variant.id());
    }
    kernel
}

/// [`kernel_of`] for the variant `id` (`memo/auto`), `None` when this build lacks it.
fn kernel_of_id<G: Game>(game: &G, id: &str, variants: &[Variant<G>]) -> Option<String> {
    let variant = variants.iter().find(|v| v.id() == id)?;
    Some(kernel_of(game, variant, variants).unwrap())
}

/// Whether this machine gives a split table more than one thread.
fn several_cores() -> bool {
    std::thread::available_parallelism().map_or(1, |n| n.get()) > 1
}

#[test]
fn memo_auto_names_the_table_it_picked() {
    let variants = all_variants::<CanIWin>();
    let cases = [
        ((10, 40), "dense"),
        // 2^25 / 4 bytes = 8 MiB of dense table: sparse first.
        ((25, 200), "sparse-then-dense"),
        // 2^40 / 4 bytes is far beyond the 1 GiB cap.
        ((40, 100), "sparse"),
        // Settled without a search: no table at all.
        ((10, 0), "auto"),
        ((10, 56), "auto"),
    ];
    for ((n, t), expected) in cases {
        let game = CanIWin::new(n, t).unwrap();
        if let Some(kernel) = kernel_of_id(&game, "memo/auto", &variants) {
            assert_eq!(kernel, expected, "n = {n}, T = {t}");
        }
    }
}

#[test]
fn tabular_names_the_one_core_kernel_when_it_stays_on_one_thread() {
    let variants = all_variants::<CanIWin>();
    let small = CanIWin::new(10, 40).unwrap();
    if let Some(kernel) = kernel_of_id(&small, "tabular/word", &variants) {
        assert_eq!(kernel, "word-one-core");
    }
    // n = 24 is the first table split over threads (PARALLEL_MIN_MAX_CHOOSABLE).
    let large = CanIWin::new(24, 200).unwrap();
    let expected = if several_cores() {
        "word"
    } else {
        "word-one-core"
    };
    if let Some(kernel) = kernel_of_id(&large, "tabular/word", &variants) {
        assert_eq!(kernel, expected);
    }

    let variants = all_variants::<PredictTheWinner>();
    let short = PredictTheWinner::new(vec![1, 5, 233, 7]);
    if let Some(kernel) = kernel_of_id(&short, "tabular/auto", &variants) {
        assert_eq!(kernel, "one-core");
    }
    // 16,384 values is the first row split over threads (PARALLEL_MIN_LEN).
    let long = PredictTheWinner::new((0..16_384).map(|k| (k * 7_919) % 1_000).collect());
    let expected = if several_cores() { "auto" } else { "one-core" };
    if let Some(kernel) = kernel_of_id(&long, "tabular/auto", &variants) {
        assert_eq!(kernel, expected);
    }
}

#[test]
fn a_traced_solve_names_the_reference_it_runs() {
    let variants = all_variants::<CanIWin>();
    let game = CanIWin::new(6, 14).unwrap();
    for variant in &variants {
        let kernel = traced_kernel_of(&game, variant, &variants);
        let expected = match variant.id().as_str() {
            // The word kernels do not work one mask at a time: their trace is the reference.
            "tabular/word" | "tabular/word-one-core" => "per-mask",
            "memo/auto" => "dense",
            _ => variant.name,
        };
        assert_eq!(kernel, expected, "{}", variant.id());
    }
    let variants = all_variants::<PredictTheWinner>();
    let game = PredictTheWinner::new(vec![4, 1, 5, 9, 2, 6]);
    for variant in &variants {
        let kernel = traced_kernel_of(&game, variant, &variants);
        let expected = match variant.id().as_str() {
            "tabular/auto" | "tabular/one-core" | "tabular/portable" => "by-length",
            _ => variant.name,
        };
        assert_eq!(kernel, expected, "{}", variant.id());
    }
}
