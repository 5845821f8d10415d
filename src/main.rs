//! The `gamesolve` command-line program: solve Can I Win and Predict the
//! Winner from the shell, compare backends, and answer JSON Lines in bulk.
//! See the README section "Command line" for every command and the JSON contract.
//!
//! The program is the app library ([`gamesolve_app`]) run on the built-in game table.

fn main() -> std::process::ExitCode {
    gamesolve_app::run(gamesolve_app::GameTable::builtin())
}
