//! The `gamesolve` command-line program: solve the games of the built-in table
//! from the shell, compare backends, and answer JSON Lines in bulk. See
//! `docs/GUIDE.md` for every command and `docs/JSON.md` for the JSON contract.
//!
//! The program is the app library ([`gamesolve_app`]) run on the built-in game table.

fn main() -> std::process::ExitCode {
    gamesolve_app::run(gamesolve_app::GameTable::builtin())
}
