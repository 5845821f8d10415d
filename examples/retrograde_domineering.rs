//! Times `tabular/retrograde` against `memo/hash-map` on Domineering, with their counts: a
//! small release binary to profile (perf, callgrind) what bounds retrograde (issue 28).
//!
//! ```text
//! cargo run --release --example retrograde_domineering -- 5 5 [retro|counting|memo|alpha-beta|floor|both] [runs]
//! ```
//!
//! `memo` is `memo/hash-map`, `alpha-beta` is `memo/alpha-beta`, `floor` the game's own calls
//! alone (below); `retro` is `tabular/retrograde`'s table ([`solve_table`]: the acyclic path
//! on Domineering), `counting` the counter-based pass it falls back to on a loopy game
//! ([`solve_table_by_counting`]), `both` is `retro` and `memo`.
#![allow(clippy::unwrap_used)]

#[path = "../benches/games/domineering.rs"]
mod domineering;
#[path = "../benches/games/floor.rs"]
mod floor;

use std::time::Instant;

use domineering::Domineering;
use gamesolve::backends::solver_tabular::retrograde::{solve_table, solve_table_by_counting};
use gamesolve::{
    core_types::{Deadline, NoStats, SolverConfig},
    registry::all_variants,
    Game,
};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rows = args.first().and_then(|a| a.parse().ok()).unwrap_or(5);
    let cols = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    let which = args.get(2).map_or("both", String::as_str);
    let runs: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let game = Domineering::new(rows, cols);
    if which == "retro" || which == "counting" || which == "both" {
        for _ in 0..runs {
            let t = Instant::now();
            let table = if which == "counting" {
                solve_table_by_counting(&game, game.start(), 1 << 32, Deadline::NEVER, &mut NoStats)
            } else {
                solve_table(&game, game.start(), 1 << 32, Deadline::NEVER, &mut NoStats)
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
        let reached = floor::reached_positions(&game);
        let t = Instant::now();
        let sum = floor::floor_calls(&game, &reached);
        println!(
            "floor: {:?}, {} positions, checksum {sum}",
            t.elapsed(),
            reached.len()
        );
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
        let variants = all_variants::<Domineering>();
        let variant = variants.iter().find(|v| v.id() == id).unwrap();
        for _ in 0..runs {
            let mut solver = variant.solver(&config);
            let t = Instant::now();
            let (answer, stats) = solver.solve_with_stats(&game).unwrap();
            println!(
                "{id}: {:?}, {answer:?}, {} positions",
                t.elapsed(),
                stats.positions
            );
        }
    }
}
