//! What each of `memo/bounded`'s game hooks buys: tic-tac-toe and Domineering 5x5 solved with
//! none of them, the exact key ([`Game::table_key`]), the key and the mirror image
//! ([`Game::canonical`]), and all three (the "wins at once" move, [`Game::winning_move_now`],
//! too), through [`gamesolve_peers::hooks::Hooks`]; every other rule and the search order are
//! the game's. Each answer is checked before it is timed, and the positions each expands are
//! printed (the same every run: they do not depend on the machine's load).
//!
//! ```text
//! cargo bench -p gamesolve-peers --bench bounded_hooks
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion};
use gamesolve::backends::solver_memo::bounded::Bounded;
use gamesolve::{core_types::Solver, Game, Verdict};
use gamesolve_peers::domineering::Domineering;
use gamesolve_peers::hooks::Hooks;
use gamesolve_peers::tic_tac_toe::TicTacToe;
use gamesolve_peers::Answer;

/// One line of the `bounded-hooks` group: `memo/bounded` on `game` (with a table of `entries`
/// entries, or the default's 2^21), checked to find `expected` first; its positions expanded
/// printed beside (the same every run).
fn hooked<G: Game<Solution = Answer>>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    label: &str,
    game: &G,
    expected: Verdict,
    entries: Option<u64>,
) {
    let mut solver = entries.map_or(Bounded::new(), |n| Bounded::new().with_table_entries(n));
    let (answer, stats) = solver
        .solve_with_stats(game)
        .expect("memo/bounded solves it");
    assert_eq!(answer.verdict, expected, "{label}");
    eprintln!(
        "bounded-hooks/{}: {label}: {} positions expanded, {} table hits",
        G::NAME,
        stats.positions,
        stats.memo_hits
    );
    group.bench_function(BenchmarkId::new("memo/bounded", label), |b| {
        b.iter(|| solver.solve(black_box(game)))
    });
}

/// What each of `memo/bounded`'s hooks buys: the same game with none, the exact key, the key
/// and the mirror image, and all three (the "wins at once" move too).
fn bounded_hooks(c: &mut Criterion) {
    fn four<G: Game<Value = Verdict, Move = u8>>(
        c: &mut Criterion,
        name: &str,
        game: G,
        v: Verdict,
        entries: Option<u64>,
    ) {
        let mut group = c.benchmark_group(format!("bounded-hooks/{name}"));
        let n = entries;
        hooked(
            &mut group,
            "none",
            &Hooks::<_, false, false, false>(game.clone()),
            v,
            n,
        );
        hooked(
            &mut group,
            "key",
            &Hooks::<_, true, false, false>(game.clone()),
            v,
            n,
        );
        hooked(
            &mut group,
            "key+mirror",
            &Hooks::<_, true, true, false>(game.clone()),
            v,
            n,
        );
        hooked(&mut group, "all", &Hooks::<_, true, true, true>(game), v, n);
        group.finish();
    }
    four(c, "tic-tac-toe", TicTacToe, Verdict::Draw, None);
    four(
        c,
        "domineering-5x5",
        Domineering::<5, 5>,
        Verdict::Loss,
        None,
    );
    // A table of 2^14 entries, 1/28 of the 455,317 positions the start reaches.
    four(
        c,
        "domineering-5x5-16Ki",
        Domineering::<5, 5>,
        Verdict::Loss,
        Some(1 << 14),
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    targets = bounded_hooks
}
criterion_main!(benches);
