//! Times `tabular/retrograde` against `memo/hash-map` on Domineering (or the retrograde bench's
//! other games), with their counts: a small release binary to profile (perf, callgrind) what
//! bounds retrograde (issues 28 and 43).
//!
//! ```text
//! cargo run --release --example retrograde_domineering -- 5 5 [retro|counting|memo|alpha-beta|floor|both] [runs]
//! cargo run --release --example retrograde_domineering -- [bitboard|tic-tac-toe] [mode] [runs]
//! ```
//!
//! `memo` is `memo/hash-map`, `alpha-beta` is `memo/alpha-beta`, `floor` the game's own calls
//! alone (below); `retro` is `tabular/retrograde`'s table ([`solve_table`]: the acyclic path
//! on Domineering), `counting` the counter-based pass it falls back to on a loopy game
//! ([`solve_table_by_counting`]), `both` is `retro` and `memo`. `bitboard` is the peers'
//! Domineering 5x5 (its rules on bitboards) and `tic-tac-toe` the peers' tic-tac-toe, the
//! bench's `retrograde/domineering-5x5-bitboard` and `retrograde/tic-tac-toe`.
#![allow(clippy::unwrap_used)]

#[path = "../benches/games/domineering.rs"]
mod domineering;
#[path = "../benches/games/floor.rs"]
mod floor;

use std::time::Instant;

use domineering::Domineering;
use gamesolve::backends::solver_tabular::retrograde::{solve_table, solve_table_by_counting};
use gamesolve::{
    core_types::{Deadline, Indexed, NoStats, SolverConfig, Variant},
    registry::{all_variants, indexed_variants_of},
    Backend,
};
use gamesolve_peers::domineering::Domineering as Board;
use gamesolve_peers::tic_tac_toe::TicTacToe;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bitboard") => {
            let mut variants = indexed_variants_of::<Board<5, 5>>(Backend::Memo);
            variants.extend(indexed_variants_of(Backend::Tabular));
            run(&Board::<5, 5>, &args[1..], &variants);
        }
        Some("tic-tac-toe") => run(&TicTacToe, &args[1..], &all_variants::<TicTacToe>()),
        _ => {
            let rows = args.first().and_then(|a| a.parse().ok()).unwrap_or(5);
            let cols = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(5);
            let game = Domineering::new(rows, cols);
            run(
                &game,
                args.get(2..).unwrap_or(&[]),
                &all_variants::<Domineering>(),
            );
        }
    }
}

/// The mode `args[0]` on `game`, `args[1]` times; the memos found among `variants`.
fn run<G: Indexed>(game: &G, args: &[String], variants: &[Variant<G>])
where
    G::Solution: std::fmt::Debug,
{
    let which = args.first().map_or("both", String::as_str);
    let runs: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    if which == "retro" || which == "counting" || which == "both" {
        for _ in 0..runs {
            let t = Instant::now();
            let table = if which == "counting" {
                solve_table_by_counting(game, game.start(), 1 << 32, Deadline::NEVER, &mut NoStats)
            } else {
                solve_table(game, game.start(), 1 << 32, Deadline::NEVER, &mut NoStats)
            }
            .unwrap();
            println!(
                "{which}: {:?}, {} positions, {} edges, {} terminal, {} decided, {} bytes",
                t.elapsed(),
                table.positions,
                table.edges,
                table.terminal,
                table.decided,
                table.bytes
            );
        }
    }
    if which == "floor" {
        // The game's own calls alone, as any pass that decides every reached position makes
        // them (`terminal_value` per position, `moves_into` per non-terminal one, `play` and
        // `index` per move), over the positions collected first: profile `floor_calls`
        // (`valgrind --tool=callgrind --toggle-collect='*floor_calls*'`).
        let reached = floor::reached_positions(game);
        for _ in 0..runs {
            let t = Instant::now();
            let sum = floor::floor_calls(game, &reached);
            println!(
                "floor: {:?}, {} positions, checksum {sum}",
                t.elapsed(),
                reached.len()
            );
        }
    }
    if which == "memo" || which == "alpha-beta" || which == "both" {
        let id = if which == "alpha-beta" {
            "memo/alpha-beta"
        } else {
            "memo/hash-map"
        };
        let config = SolverConfig {
            state_budget: Some(100_000_000),
            ..SolverConfig::default()
        };
        let variant = variants.iter().find(|v| v.id() == id).unwrap();
        for _ in 0..runs {
            let mut solver = variant.solver(&config);
            let t = Instant::now();
            let (answer, stats) = solver.solve_with_stats(game).unwrap();
            println!(
                "{id}: {:?}, {answer:?}, {} positions",
                t.elapsed(),
                stats.positions
            );
        }
    }
}
