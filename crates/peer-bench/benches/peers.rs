//! The peer benchmark of issue 28: tic-tac-toe, Domineering 5x5 and Domineering 6x6 solved by
//! gamesolve's generic variants and by the `game-solver` 0.1 and `minimax` 0.5 crates, each
//! library given the same game through its own trait: the same bitboards, the same move
//! generation and the same move order ([`gamesolve_peers::tic_tac_toe::rules`],
//! [`gamesolve_peers::domineering::rules`]). Every answer is checked against the known result
//! (a draw; a second-player win; a first-player win) before it is timed.
//!
//! - gamesolve: every variant of [`all_variants`] for the game, except the ones that take
//!   minutes there (`recursive/negamax` on Domineering: no memo) and the teaching memo
//!   (`memo/textbook`: on Domineering, whose search order is its move order, the same search
//!   as `memo/hash-map`);
//! - `game-solver`: its `solve` (negamax with alpha-beta, a table of upper bounds, and a
//!   binary search on the score) asked the question gamesolve answers, win, loss or draw: the
//!   score range `[-1, 1]` its docs give for that; a draw is a "winning move" worth 0 at a
//!   full board (the crate has no draws);
//! - `minimax`: `IterativeSearch` with MTD(f) and a transposition table, to the game's full
//!   length (an exact value: the evaluator says 0 only at a draw), its root value read back.
//!
//! Two families of groups, measured in one run:
//!
//! - `peers/*`: each game's search order. Tic-tac-toe's plays a win at once alone, else only
//!   the blocks of the opponent's wins at once, else centre, corners, edges
//!   ([`gamesolve_peers::tic_tac_toe::rules::search_moves`]); Domineering's is its plain list.
//! - `peers-every-move/*` (issue 43): every library lists **every move**, in the game's own
//!   order (the plain `moves` list: tic-tac-toe's empty cells in cell order, Domineering's
//!   placements lowest cell first), gamesolve's games through
//!   [`gamesolve_peers::every_move::EveryMove`]; every `memo` variant, `memo/indexed`
//!   included (the games' numberings). What each side is told beyond the rules and the list:
//!   - gamesolve: no move hook (no search order, no "wins at once": `EveryMove` leaves them
//!     out); the position facts, the exact key ([`gamesolve::Game::table_key`]) and the mirror
//!     image ([`gamesolve::Game::canonical`]), which only `memo/bounded` reads (the other
//!     variants key their tables by the whole position); and the row
//!     `memo/bounded (no hooks)` without those either ([`gamesolve_peers::hooks::Hooks`]);
//!   - `game-solver`: its trait's `is_winning_move`, which its search asks of every move of
//!     every position before its table (a "wins at once" it cannot go without); its table keyed
//!     by the whole position (`Hash`, `Eq`), or, in the row `game-solver (mirror)`, by the
//!     smaller of the position and its mirror image;
//!   - `minimax`: its table's 64-bit hash of the position, or in the row `minimax (mirror)` of
//!     the smaller of it and its mirror image.
//!
//!   So `memo/bounded` and the `(mirror)` rows have the same position facts, and the other
//!   gamesolve rows and the plain peer rows have none. On Domineering the search order
//!   already lists every move.
//!
//! Each gamesolve row prints the positions it expands (the same every run), for time per
//! position: the median over that count.
//!
//! ```text
//! cargo bench -p gamesolve-peers --bench peers
//! cargo bench -p gamesolve-peers --bench peers -- peers-every-move
//! # One solve per process, for a whole-process timer run A B A B (`examples/peer_solve.rs`):
//! cargo run --release -p gamesolve-peers --example peer_solve -- game-solver domineering-6x6
//! ```
//!
//! Compare ratios within one run (the machine is shared; say its load with the figures).

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{
    criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion, SamplingMode,
};
use gamesolve::core_types::{Solver, SolverConfig};
use gamesolve::registry::{all_variants, generic_variants_of};
use gamesolve::{Backend, Game, Registered, Verdict};
use gamesolve_peers::domineering::Domineering;
use gamesolve_peers::every_move::EveryMove;
use gamesolve_peers::hooks::Hooks;
use gamesolve_peers::tic_tac_toe::TicTacToe;
use gamesolve_peers::Answer;

#[path = "peers/wrappers.rs"]
mod wrappers;

use wrappers::{
    game_solver_domineering, game_solver_tic_tac_toe, minimax_domineering, minimax_tic_tac_toe,
    verdict_of,
};

/// One game of the bench.
struct Case<'a, G> {
    /// The group's name: `{family}/{name}`.
    family: &'a str,
    name: &'a str,
    game: G,
    /// The first player's verdict.
    expected: Verdict,
    /// The gamesolve variants left out.
    skip: &'a [&'a str],
    /// Whether one solve takes seconds (10 samples of one solve each, and the state budget
    /// and memory cap raised for the memos' tens of millions of positions).
    slow: bool,
}

/// One gamesolve row `id` (`label` in what it prints): `solver` on `game`, checked to find `expected` first, its positions
/// expanded printed (the same every run).
fn gamesolve_row<G: Game<Solution = Answer>>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    id: &str,
    label: &str,
    mut solver: Box<dyn Solver<G>>,
    game: &G,
    expected: Verdict,
) {
    let (answer, stats) = solver
        .solve_with_stats(game)
        .unwrap_or_else(|e| panic!("{label}: {e}"));
    assert_eq!(answer.verdict, expected, "{label}");
    eprintln!(
        "{label}: {} positions expanded, {} states stored",
        stats.positions, stats.states
    );
    group.bench_function(BenchmarkId::new("gamesolve", id), |b| {
        b.iter(|| solver.solve(black_box(game)))
    });
}

/// A peer's row: its name and one solve, the score of the player to move at the start.
type Peer<'a> = (&'a str, &'a dyn Fn() -> i64);

/// Benches every gamesolve variant of `G` (except `skip`), the rows `more` adds, then the
/// peers (`game-solver`, `minimax`, …) on one game, each checked to find `expected` first.
fn compare<G: Registered<Solution = Answer>>(
    c: &mut Criterion,
    case: Case<'_, G>,
    more: impl FnOnce(&mut BenchmarkGroup<'_, WallTime>, &SolverConfig),
    peers: &[Peer<'_>],
) {
    let Case {
        family,
        name,
        ref game,
        expected,
        skip,
        slow,
    } = case;
    let mut group = c.benchmark_group(format!("{family}/{name}"));
    if slow {
        group
            .sample_size(10)
            .sampling_mode(SamplingMode::Flat)
            .warm_up_time(Duration::from_millis(1))
            .measurement_time(Duration::from_secs(1));
    }
    let config = if slow {
        SolverConfig {
            state_budget: Some(500_000_000),
            memory_cap_bytes: Some(8 << 30),
            ..SolverConfig::default()
        }
    } else {
        SolverConfig::default()
    };
    for variant in all_variants::<G>() {
        let id = variant.id();
        if skip.contains(&id.as_str()) {
            eprintln!("{family}/{name}: {id} left out");
            continue;
        }
        let label = format!("{family}/{name}: {id}");
        let solver = variant.solver(&config);
        gamesolve_row(&mut group, &id, &label, solver, game, expected);
    }
    more(&mut group, &config);
    for &(peer, solve) in peers {
        assert_eq!(verdict_of(solve()), expected, "{peer} on {name}");
        group.bench_function(peer, |b| b.iter(solve));
    }
    group.finish();
}

fn peers(c: &mut Criterion) {
    compare(
        c,
        Case {
            family: "peers",
            name: "tic-tac-toe",
            game: TicTacToe,
            expected: Verdict::Draw,
            skip: &[],
            slow: false,
        },
        |_, _| {},
        &[
            ("game-solver", &game_solver_tic_tac_toe::<false, false>),
            ("minimax", &minimax_tic_tac_toe::<false, false>),
        ],
    );
    compare(
        c,
        Case {
            family: "peers",
            name: "domineering-5x5",
            game: Domineering::<5, 5>,
            expected: Verdict::Loss,
            skip: &["recursive/negamax", "memo/textbook"],
            slow: false,
        },
        |_, _| {},
        &[
            ("game-solver", &game_solver_domineering::<5, 5, false>),
            ("minimax", &|| minimax_domineering::<5, 5, false>(1 << 24)),
        ],
    );
    compare(
        c,
        Case {
            family: "peers",
            name: "domineering-6x6",
            game: Domineering::<6, 6>,
            expected: Verdict::Win,
            // `memo/bounded` with its default table (2^21 entries) holds a third of the 6.5
            // million positions `memo/alpha-beta` keeps: not measured there yet.
            skip: &["recursive/negamax", "memo/textbook", "memo/bounded"],
            slow: true,
        },
        |_, _| {},
        &[
            ("game-solver", &game_solver_domineering::<6, 6, false>),
            ("minimax", &|| minimax_domineering::<6, 6, false>(1 << 26)),
        ],
    );
}

/// `memo/bounded` on `game` with none of its hooks ([`Hooks`]), as the row
/// `memo/bounded (no hooks)`.
fn bounded_without_hooks<G: Game<Value = Verdict, Move = u8, Solution = Answer>>(
    family_name: &str,
    game: G,
    expected: Verdict,
) -> impl FnOnce(&mut BenchmarkGroup<'_, WallTime>, &SolverConfig) {
    let label = format!("{family_name}: memo/bounded (no hooks)");
    move |group, config| {
        let game = Hooks::<_, false, false, false>(game);
        let variants = generic_variants_of::<Hooks<G, false, false, false>>(Backend::Memo);
        let Some(bounded) = variants.iter().find(|v| v.id() == "memo/bounded") else {
            panic!("memo/bounded is a generic variant");
        };
        let id = "memo/bounded (no hooks)";
        gamesolve_row(group, id, &label, bounded.solver(config), &game, expected);
    }
}

/// The every-move groups (issue 43): every library lists every move, in the game's order.
fn every_move(c: &mut Criterion) {
    // Every `memo` variant, `memo/indexed` included; `recursive/negamax` (no memo) and
    // `tabular/retrograde` on tic-tac-toe too, as in `peers/tic-tac-toe`.
    compare(
        c,
        Case {
            family: "peers-every-move",
            name: "tic-tac-toe",
            game: EveryMove(TicTacToe),
            expected: Verdict::Draw,
            skip: &[],
            slow: false,
        },
        bounded_without_hooks(
            "peers-every-move/tic-tac-toe",
            EveryMove(TicTacToe),
            Verdict::Draw,
        ),
        &[
            ("game-solver", &game_solver_tic_tac_toe::<true, false>),
            ("minimax", &minimax_tic_tac_toe::<true, false>),
            (
                "game-solver (mirror)",
                &game_solver_tic_tac_toe::<true, true>,
            ),
            ("minimax (mirror)", &minimax_tic_tac_toe::<true, true>),
        ],
    );
    // Left out: plain negamax (minutes), the teaching memo (the same search as
    // `memo/hash-map` here) and `tabular/retrograde` (a pass over 2^26 indices: the
    // retrograde bench's).
    compare(
        c,
        Case {
            family: "peers-every-move",
            name: "domineering-5x5",
            game: EveryMove(Domineering::<5, 5>),
            expected: Verdict::Loss,
            skip: &["recursive/negamax", "memo/textbook", "tabular/retrograde"],
            slow: false,
        },
        bounded_without_hooks(
            "peers-every-move/domineering-5x5",
            EveryMove(Domineering::<5, 5>),
            Verdict::Loss,
        ),
        &[
            ("game-solver", &game_solver_domineering::<5, 5, false>),
            ("minimax", &|| minimax_domineering::<5, 5, false>(1 << 24)),
            (
                "game-solver (mirror)",
                &game_solver_domineering::<5, 5, true>,
            ),
            ("minimax (mirror)", &|| {
                minimax_domineering::<5, 5, true>(1 << 24)
            }),
        ],
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = peers, every_move
}
criterion_main!(benches);
