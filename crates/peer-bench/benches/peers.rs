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
//!   binary search on the score, which counts moves: a win sooner scores more), with the
//!   tightest score range each game allows; a draw is a "winning move" worth 0 at a full
//!   board (the crate has no draws);
//! - `minimax`: `IterativeSearch` with MTD(f) and a transposition table, to the game's full
//!   length (an exact value: the evaluator says 0 only at a draw), its root value read back.
//!
//! ```text
//! cargo bench -p gamesolve-peers --bench peers
//! ```
//!
//! Compare ratios within one run (the machine is shared; say its load with the figures).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode};
use gamesolve::{all_variants, Registered, SolverConfig, Verdict};
use gamesolve_peers::domineering::{rules as dom, Domineering};
use gamesolve_peers::tic_tac_toe::{rules as ttt, TicTacToe};
use gamesolve_peers::Answer;

/// The peers' implementations of the two games.
mod peers {
    use super::{dom, ttt};
    use game_solver::Player;
    use minimax::{Evaluation, Evaluator, Winner, WORST_EVAL};

    /// A 64-bit mix for `minimax`'s table (its games hash themselves).
    fn mix(mut z: u64) -> u64 {
        z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Tic-tac-toe for `game-solver`: X's and O's marks.
    #[derive(Clone, Copy, PartialEq, Eq, Hash)]
    pub struct GsTicTacToe {
        pub x: u16,
        pub o: u16,
    }

    /// The move `game-solver` is told wins at a full board, worth `score() - 1 = 0`: a draw.
    const DRAW: u8 = 9;

    impl game_solver::Game for GsTicTacToe {
        type Move = u8;
        type Iter = std::vec::IntoIter<u8>;

        fn player(&self) -> Player {
            if self.x.count_ones() == self.o.count_ones() {
                Player::P1
            } else {
                Player::P2
            }
        }

        fn score(&self) -> u32 {
            if self.x | self.o == ttt::FULL {
                1
            } else {
                10 - (self.x | self.o).count_ones()
            }
        }

        fn max_score(&self) -> u32 {
            10
        }

        fn min_score(&self) -> i32 {
            -10
        }

        fn make_move(&mut self, m: u8) -> bool {
            if self.x.count_ones() == self.o.count_ones() {
                self.x |= 1 << m;
            } else {
                self.o |= 1 << m;
            }
            true
        }

        fn possible_moves(&self) -> Self::Iter {
            let mut out = Vec::with_capacity(9);
            if self.x | self.o == ttt::FULL {
                out.push(DRAW);
            } else {
                ttt::search_moves(self.x, self.o, &mut out);
            }
            out.into_iter()
        }

        fn is_winning_move(&self, m: u8) -> bool {
            if m == DRAW {
                return true;
            }
            let (mine, _) = ttt::sides(self.x, self.o);
            ttt::won(mine | 1 << m)
        }
    }

    /// Domineering for `game-solver`: the position of [`dom`].
    #[derive(Clone, Copy, PartialEq, Eq, Hash)]
    pub struct GsDomineering<const W: usize, const H: usize>(pub u64);

    impl<const W: usize, const H: usize> game_solver::Game for GsDomineering<W, H> {
        type Move = u8;
        type Iter = std::vec::IntoIter<u8>;

        fn player(&self) -> Player {
            if self.0 & dom::HORIZONTAL == 0 {
                Player::P1
            } else {
                Player::P2
            }
        }

        fn score(&self) -> u32 {
            self.max_score() - (self.0 & dom::full(W, H)).count_ones() / 2
        }

        fn max_score(&self) -> u32 {
            (W * H / 2 + 1) as u32
        }

        fn min_score(&self) -> i32 {
            -((W * H / 2 + 1) as i32)
        }

        fn make_move(&mut self, m: u8) -> bool {
            self.0 = dom::play(W, self.0, m);
            true
        }

        fn possible_moves(&self) -> Self::Iter {
            let mut out = Vec::with_capacity(2 * W * H);
            dom::cells(dom::placements(W, H, self.0), &mut out);
            out.into_iter()
        }

        fn is_winning_move(&self, m: u8) -> bool {
            dom::placements(W, H, dom::play(W, self.0, m)) == 0
        }
    }

    /// Tic-tac-toe for `minimax`.
    pub struct MmTicTacToe;

    impl minimax::Game for MmTicTacToe {
        type S = (u16, u16);
        type M = u8;

        fn generate_moves(&(x, o): &(u16, u16), moves: &mut Vec<u8>) {
            ttt::search_moves(x, o, moves);
        }

        fn apply(state: &mut (u16, u16), m: u8) -> Option<(u16, u16)> {
            let (x, o) = *state;
            Some(if x.count_ones() == o.count_ones() {
                (x | 1 << m, o)
            } else {
                (x, o | 1 << m)
            })
        }

        fn get_winner(&(x, o): &(u16, u16)) -> Option<Winner> {
            ttt::over(x, o).map(|order| match order {
                std::cmp::Ordering::Less => Winner::PlayerJustMoved,
                _ => Winner::Draw,
            })
        }

        fn zobrist_hash(&(x, o): &(u16, u16)) -> u64 {
            mix(u64::from(x) | u64::from(o) << 16)
        }
    }

    /// Domineering for `minimax`.
    pub struct MmDomineering<const W: usize, const H: usize>;

    impl<const W: usize, const H: usize> minimax::Game for MmDomineering<W, H> {
        type S = u64;
        type M = u8;

        fn generate_moves(&position: &u64, moves: &mut Vec<u8>) {
            dom::cells(dom::placements(W, H, position), moves);
        }

        fn apply(position: &mut u64, m: u8) -> Option<u64> {
            Some(dom::play(W, *position, m))
        }

        fn get_winner(&position: &u64) -> Option<Winner> {
            (dom::placements(W, H, position) == 0).then_some(Winner::PlayerJustMoved)
        }

        fn zobrist_hash(&position: &u64) -> u64 {
            mix(position)
        }
    }

    /// The exact evaluator: 0 for a position that goes on (the search reaches every end), the
    /// loss of the player to move where the game is over.
    pub struct Exact<G>(pub std::marker::PhantomData<G>);

    impl Evaluator for Exact<MmTicTacToe> {
        type G = MmTicTacToe;
        fn evaluate(&self, &(x, o): &(u16, u16)) -> Evaluation {
            match ttt::over(x, o) {
                Some(std::cmp::Ordering::Less) => WORST_EVAL,
                _ => 0,
            }
        }
    }

    impl<const W: usize, const H: usize> Evaluator for Exact<MmDomineering<W, H>> {
        type G = MmDomineering<W, H>;
        fn evaluate(&self, &position: &u64) -> Evaluation {
            if dom::placements(W, H, position) == 0 {
                WORST_EVAL
            } else {
                0
            }
        }
    }
}

/// The first player's verdict from a score of the player to move at the start.
fn verdict_of(score: i64) -> Verdict {
    match score.signum() {
        1 => Verdict::Win,
        -1 => Verdict::Loss,
        _ => Verdict::Draw,
    }
}

/// `minimax`'s exact root value: iterative deepening with MTD(f) to `depth` plies, with a
/// table of `table_bytes`.
fn minimax_value<G>(start: &G::S, depth: u8, table_bytes: usize) -> i64
where
    G: minimax::Game,
    G::S: Clone,
    G::M: Copy + Eq,
    peers::Exact<G>: minimax::Evaluator<G = G>,
{
    use minimax::Strategy;
    let options = minimax::IterativeOptions::new()
        .with_table_byte_size(table_bytes)
        .with_mtdf();
    let mut search = minimax::IterativeSearch::new(peers::Exact(std::marker::PhantomData), options);
    search.set_max_depth(depth);
    search.choose_move(start);
    i64::from(search.root_value())
}

/// One game of the bench.
struct Case<'a, G> {
    /// The group's name: `peers/{name}`.
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

/// Benches every gamesolve variant of `G` (except `skip`), `game-solver` and `minimax` on one
/// game, each checked to find `expected` first.
fn compare<G: Registered<Solution = Answer>>(
    c: &mut Criterion,
    case: Case<'_, G>,
    game_solver: impl Fn() -> i64,
    minimax: impl Fn() -> i64,
) {
    let Case {
        name,
        ref game,
        expected,
        skip,
        slow,
    } = case;
    let mut group = c.benchmark_group(format!("peers/{name}"));
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
            eprintln!("{name}: {id} left out (no memo: minutes; or the teaching memo)");
            continue;
        }
        let mut solver = variant.solver(&config);
        let answer = solver
            .solve(game)
            .unwrap_or_else(|e| panic!("{id} on {name}: {e}"));
        assert_eq!(answer.verdict, expected, "{id} on {name}");
        group.bench_function(BenchmarkId::new("gamesolve", &id), |b| {
            b.iter(|| solver.solve(black_box(game)))
        });
    }
    assert_eq!(verdict_of(game_solver()), expected, "game-solver on {name}");
    group.bench_function("game-solver", |b| b.iter(&game_solver));
    assert_eq!(verdict_of(minimax()), expected, "minimax on {name}");
    group.bench_function("minimax", |b| b.iter(&minimax));
    group.finish();
}

fn peers(c: &mut Criterion) {
    compare(
        c,
        Case {
            name: "tic-tac-toe",
            game: TicTacToe,
            expected: Verdict::Draw,
            skip: &[],
            slow: false,
        },
        || i64::from(game_solver::solve(&peers::GsTicTacToe { x: 0, o: 0 })),
        || minimax_value::<peers::MmTicTacToe>(&(0, 0), 10, 1 << 20),
    );
    compare(
        c,
        Case {
            name: "domineering-5x5",
            game: Domineering::<5, 5>,
            expected: Verdict::Loss,
            skip: &["recursive/negamax", "memo/textbook"],
            slow: false,
        },
        || i64::from(game_solver::solve(&peers::GsDomineering::<5, 5>(0))),
        || minimax_value::<peers::MmDomineering<5, 5>>(&0, 13, 1 << 24),
    );
    compare(
        c,
        Case {
            name: "domineering-6x6",
            game: Domineering::<6, 6>,
            expected: Verdict::Win,
            skip: &["recursive/negamax", "memo/textbook"],
            slow: true,
        },
        || i64::from(game_solver::solve(&peers::GsDomineering::<6, 6>(0))),
        || minimax_value::<peers::MmDomineering<6, 6>>(&0, 19, 1 << 26),
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = peers
}
criterion_main!(benches);
