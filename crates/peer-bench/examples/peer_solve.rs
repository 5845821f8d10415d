//! One solve of one game by one library, for timing whole processes side by side (interleaved
//! runs of seconds-long solves, such as Domineering 6x6, where criterion's ten samples of each
//! would take many minutes). The games and the peers' wrappers are the peer benchmark's.
//!
//! ```text
//! cargo run --release -p gamesolve-peers --example peer_solve -- LIBRARY GAME [SOLVES]
//!   LIBRARY: a gamesolve variant (memo/hash-map, memo/alpha-beta, …), game-solver or minimax,
//!            or on an every-move game game-solver+mirror or minimax+mirror (their tables
//!            keyed by the smaller of a position and its mirror image, as the bench's rows
//!            `game-solver (mirror)` and `minimax (mirror)`)
//!   GAME:    tic-tac-toe, domineering-5x5 or domineering-6x6, or tic-tac-toe-every-move or
//!            domineering-5x5-every-move (every library lists every move: the bench's
//!            `peers-every-move` groups; `memo/indexed` too)
//!   SOLVES:  how many times to solve it (1 by default; more for a game solved in microseconds)
//! ```
//!
//! It prints the first player's verdict and the solves' wall time, and exits with 2 on an
//! unknown library, game or count, 1 when a verdict is not the game's known one.

use std::process::ExitCode;
use std::time::Instant;

use gamesolve::{core_types::SolverConfig, registry::all_variants, Registered, Verdict};
use gamesolve_peers::domineering::Domineering;
use gamesolve_peers::every_move::EveryMove;
use gamesolve_peers::tic_tac_toe::TicTacToe;
use gamesolve_peers::Answer;

#[path = "../benches/peers/wrappers.rs"]
mod wrappers;

use wrappers::{
    game_solver_domineering, game_solver_tic_tac_toe, minimax_domineering, minimax_tic_tac_toe,
    verdict_of,
};

const GAMES: &str = "tic-tac-toe, domineering-5x5, domineering-6x6, tic-tac-toe-every-move or \
                     domineering-5x5-every-move";

/// The verdict of a gamesolve variant named `id` on `game`, solved `solves` times by one
/// solver (as the bench reuses one: a solver may keep its table between solves), or why there
/// is none.
fn gamesolve_verdict<G: Registered<Solution = Answer>>(
    game: &G,
    id: &str,
    solves: u32,
) -> Result<Verdict, String> {
    let variants = all_variants::<G>();
    let variant = variants.iter().find(|v| v.id() == id).ok_or_else(|| {
        let ids: Vec<String> = variants.iter().map(|v| v.id()).collect();
        format!(
            "unknown library `{id}`: expected game-solver, minimax or one of {}",
            ids.join(", ")
        )
    })?;
    let config = SolverConfig {
        state_budget: Some(500_000_000),
        memory_cap_bytes: Some(8 << 30),
        ..SolverConfig::default()
    };
    let mut solver = variant.solver(&config);
    let mut verdict = Err(String::new());
    for _ in 0..solves {
        verdict = solver
            .solve(game)
            .map(|answer| answer.verdict)
            .map_err(|e| e.to_string());
        verdict.as_ref().map_err(Clone::clone)?;
    }
    verdict
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (library, game, solves) = match args.as_slice() {
        [library, game] => (library, game, 1),
        [library, game, solves] => match solves.parse::<u32>() {
            Ok(solves) if solves > 0 => (library, game, solves),
            _ => {
                eprintln!(
                    "SOLVES must be a whole number from 1 to {}, not `{solves}`",
                    u32::MAX
                );
                return ExitCode::from(2);
            }
        },
        _ => {
            eprintln!("usage: peer_solve LIBRARY GAME [SOLVES] (GAME: {GAMES})");
            return ExitCode::from(2);
        }
    };
    let (expected, start) = (
        match game.as_str() {
            "tic-tac-toe" | "tic-tac-toe-every-move" => Verdict::Draw,
            "domineering-5x5" | "domineering-5x5-every-move" => Verdict::Loss,
            "domineering-6x6" => Verdict::Win,
            other => {
                eprintln!("unknown game `{other}`: expected {GAMES}");
                return ExitCode::from(2);
            }
        },
        Instant::now(),
    );
    let verdict = solve_all(library, game, solves);
    let seconds = start.elapsed().as_secs_f64();
    match verdict {
        Ok(verdict) if verdict == expected => {
            println!("{library} {game}: {verdict:?}, {solves} solve(s) in {seconds:.3} s");
            ExitCode::SUCCESS
        }
        Ok(verdict) => {
            eprintln!("{library} {game}: {verdict:?}, expected {expected:?}");
            ExitCode::FAILURE
        }
        Err(why) => {
            eprintln!("{why}");
            ExitCode::from(2)
        }
    }
}

/// `solves` solves of `game` by `library`: the first player's verdict, or why there is none.
fn solve_all(library: &str, game: &str, solves: u32) -> Result<Verdict, String> {
    let peer = |solve: &dyn Fn() -> i64| {
        let mut score = solve();
        for _ in 1..solves {
            score = solve();
        }
        Ok(verdict_of(score))
    };
    match (library, game) {
        ("game-solver+mirror", "tic-tac-toe-every-move") => {
            peer(&game_solver_tic_tac_toe::<true, true>)
        }
        ("game-solver+mirror", "domineering-5x5-every-move") => {
            peer(&game_solver_domineering::<5, 5, true>)
        }
        ("minimax+mirror", "tic-tac-toe-every-move") => peer(&minimax_tic_tac_toe::<true, true>),
        ("minimax+mirror", "domineering-5x5-every-move") => {
            peer(&|| minimax_domineering::<5, 5, true>(1 << 24))
        }
        ("game-solver", "tic-tac-toe") => peer(&game_solver_tic_tac_toe::<false, false>),
        ("game-solver", "tic-tac-toe-every-move") => peer(&game_solver_tic_tac_toe::<true, false>),
        ("game-solver", "domineering-5x5" | "domineering-5x5-every-move") => {
            peer(&game_solver_domineering::<5, 5, false>)
        }
        ("game-solver", _) => peer(&game_solver_domineering::<6, 6, false>),
        ("minimax", "tic-tac-toe") => peer(&minimax_tic_tac_toe::<false, false>),
        ("minimax", "tic-tac-toe-every-move") => peer(&minimax_tic_tac_toe::<true, false>),
        ("minimax", "domineering-5x5" | "domineering-5x5-every-move") => {
            peer(&|| minimax_domineering::<5, 5, false>(1 << 24))
        }
        ("minimax", _) => peer(&|| minimax_domineering::<6, 6, false>(1 << 26)),
        (id, "tic-tac-toe") => gamesolve_verdict(&TicTacToe, id, solves),
        (id, "tic-tac-toe-every-move") => gamesolve_verdict(&EveryMove(TicTacToe), id, solves),
        (id, "domineering-5x5") => gamesolve_verdict(&Domineering::<5, 5>, id, solves),
        (id, "domineering-5x5-every-move") => {
            gamesolve_verdict(&EveryMove(Domineering::<5, 5>), id, solves)
        }
        (id, _) => gamesolve_verdict(&Domineering::<6, 6>, id, solves),
    }
}
