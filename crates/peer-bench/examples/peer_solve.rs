//! One solve of one game by one library, for timing whole processes side by side (interleaved
//! runs of seconds-long solves, such as Domineering 6x6, where criterion's ten samples of each
//! would take many minutes). The games and the peers' wrappers are the peer benchmark's.
//!
//! ```text
//! cargo run --release -p gamesolve-peers --example peer_solve -- LIBRARY GAME [SOLVES]
//!   LIBRARY: a gamesolve variant (memo/hash-map, memo/alpha-beta, …), game-solver or minimax
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

use wrappers::{minimax_value, peers, verdict_of};

const GAMES: &str = "tic-tac-toe, domineering-5x5, domineering-6x6, tic-tac-toe-every-move or \
                     domineering-5x5-every-move";

/// The verdict of a gamesolve variant named `id` on `game`, or why there is none.
fn gamesolve_verdict<G: Registered<Solution = Answer>>(
    game: &G,
    id: &str,
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
    let answer = variant
        .solver(&config)
        .solve(game)
        .map_err(|e| e.to_string())?;
    Ok(answer.verdict)
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
    let mut verdict = Err(String::new());
    for _ in 0..solves {
        verdict = solve_once(library, game);
        if !matches!(verdict, Ok(v) if v == expected) {
            break;
        }
    }
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

/// One solve of `game` by `library`: the first player's verdict, or why there is none.
fn solve_once(library: &str, game: &str) -> Result<Verdict, String> {
    match (library, game) {
        ("game-solver", "tic-tac-toe") => Ok(verdict_of(i64::from(game_solver::solve(
            &peers::GsTicTacToe::<false> { x: 0, o: 0 },
        )))),
        ("game-solver", "tic-tac-toe-every-move") => Ok(verdict_of(i64::from(game_solver::solve(
            &peers::GsTicTacToe::<true> { x: 0, o: 0 },
        )))),
        ("game-solver", "domineering-5x5" | "domineering-5x5-every-move") => Ok(verdict_of(
            i64::from(game_solver::solve(&peers::GsDomineering::<5, 5>(0))),
        )),
        ("game-solver", _) => Ok(verdict_of(i64::from(game_solver::solve(
            &peers::GsDomineering::<6, 6>(0),
        )))),
        ("minimax", "tic-tac-toe") => Ok(verdict_of(minimax_value::<peers::MmTicTacToe<false>>(
            &(0, 0),
            10,
            1 << 20,
        ))),
        ("minimax", "tic-tac-toe-every-move") => Ok(verdict_of(minimax_value::<
            peers::MmTicTacToe<true>,
        >(&(0, 0), 10, 1 << 20))),
        ("minimax", "domineering-5x5" | "domineering-5x5-every-move") => Ok(verdict_of(
            minimax_value::<peers::MmDomineering<5, 5>>(&0, 13, 1 << 24),
        )),
        ("minimax", _) => Ok(verdict_of(minimax_value::<peers::MmDomineering<6, 6>>(
            &0,
            19,
            1 << 26,
        ))),
        (id, "tic-tac-toe") => gamesolve_verdict(&TicTacToe, id),
        (id, "tic-tac-toe-every-move") => gamesolve_verdict(&EveryMove(TicTacToe), id),
        (id, "domineering-5x5") => gamesolve_verdict(&Domineering::<5, 5>, id),
        (id, "domineering-5x5-every-move") => {
            gamesolve_verdict(&EveryMove(Domineering::<5, 5>), id)
        }
        (id, _) => gamesolve_verdict(&Domineering::<6, 6>, id),
    }
}
