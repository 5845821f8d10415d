//! The whole gamesolve application as a library: the command line (solve, `compare`,
//! `growth`, `batch`, `backends`, `analyze`, `play`, `explain`) and `serve` with the teaching page.
//!
//! The `gamesolve` program is one call, [`run`]; a user's crate calls it too, to get every
//! front end for its games. Argument parsing, dispatch, output and exit codes live here; the
//! JSON contract is documented in `docs/JSON.md`, the commands in `docs/GUIDE.md`.
//!
//! Each command lives in its own module and returns `Result<_, Stop>`; this
//! module turns the result into output and an exit code in one place:
//! 0 success, 1 a backend gave up (or a batch line failed), 2 usage or
//! validation error. With `--json`, errors are `{"error":…,"kind":…}` on
//! standard output; otherwise the message goes to standard error.
//!
//! ```no_run
//! use gamesolve_app::GameTable;
//!
//! fn main() -> std::process::ExitCode {
//!     gamesolve_app::run(GameTable::builtin())
//! }
//! ```
//!
//! A game of the user's own joins the built-in ones with `GameTable::builtin().with::<MyGame>()`
//! (it implements [`gamesolve::TableGame`], the game's description, and [`PlayWords`], the
//! words of `play`, where `impl PlayWords for MyGame {}` keeps every default; see the
//! workspace's `examples/subtraction_game.rs`).
//!
//! # Crate features
//!
//! - **`recursive`**, **`memo`**, **`tabular`**, **`reduction`** (default): the backends,
//!   each enabling the facade's feature of the same name.
//! - **`cli`** (default): the command line, [`run`]: the arguments read by clap and
//!   dispatched. Without it the app is the library of [`embed`] (what the Python package
//!   uses), and clap is not compiled.
//! - **`serve`** (default, takes `cli`): `gamesolve serve`, the teaching page and its JSON API.
//! - **`terminal`** (default, takes `cli`): `play` on a terminal through a line editor
//!   (history, arrow keys, Tab completion); without it `play` reads plain lines.
#![deny(missing_docs)]
// Without `cli` the commands' own entry points (their printing, and what only it uses) have no
// caller: the embedding API reaches each command's parts, not its output. The default build,
// which CI lints with `-D warnings`, still reports dead code.
#![cfg_attr(not(feature = "cli"), allow(dead_code))]

mod analyze;
mod any_game;
mod args;
mod backends;
mod batch;
#[cfg(feature = "cli")]
mod cli;
#[cfg(feature = "cli")]
mod commands;
mod compare;
mod compare_measure;
mod compare_table;
pub mod embed;
mod embed_views;
mod error;
mod explain;
mod gamecmd;
mod games;
mod generic;
mod growth;
mod growth_fit;
mod growth_svg;
mod guard;
mod input;
pub mod limits;
mod line;
mod page;
mod play;
mod program;
mod progress;
mod report;
#[cfg(feature = "serve")]
mod serve;
#[cfg(feature = "serve")]
mod serve_views;
mod solve;
mod stdio;
mod table;
mod term;
mod visit;
pub mod words;

#[cfg(feature = "cli")]
pub use cli::run;
#[cfg(feature = "serve")]
pub use serve::router as serve_router;
pub use table::GameTable;
pub use words::{PlayWords, PositionFlag};
