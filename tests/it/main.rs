//! gamesolve's integration tests, in one test binary: the conformance suite every variant
//! runs (its data in `tests/data/`), property tests, the CLI's tests (through the `gamesolve`
//! program), the teaching page's server and browser tests, and the example games' tests. One
//! binary links once; each module was a test binary of its own before, and `common` is the
//! helpers they share.
//!
//! Run one module with `cargo test --test it conformance::` (a filter on the test path).

mod common;

/// Nim with its heaps in a `Vec` (positions not `Copy`), through `gamesolve::owned`.
#[path = "../../examples/nim.rs"]
#[allow(dead_code)] // the example's `main` runs the app; the tests use its game
mod nim_example;
#[path = "../../examples/stone_game_ii.rs"]
#[allow(dead_code)]
mod stone_game_example;
/// The example games, each loaded once, for the modules that test them.
#[path = "../../examples/subtraction_game.rs"]
#[allow(dead_code)] // the example's `main` runs the app; the tests use its game
mod subtraction_example;

/// The "your own variant in one file" example: the subtraction game with a variant of its own.
/// It loads `subtraction_game.rs` again, on purpose: its `Subtraction` has the variant and
/// `subtraction_example`'s has not, and `my_variant` compares the two lists.
#[path = "../../examples/my_variant.rs"]
#[allow(dead_code)] // the example's `main` runs the app; the tests use its game and variant
#[allow(clippy::duplicate_mod)]
mod my_variant_example;

/// Domineering, the bench game of a numbering far larger than what its start reaches.
#[path = "../../benches/games/domineering.rs"]
mod domineering_game;

mod analysis;
mod answer_contract;
mod bench_inputs;
mod bench_page;
mod bounded;
mod cat_and_mouse;
mod cli;
mod cli_backends;
mod cli_batch;
mod cli_flags_and_output;
mod cli_growth;
mod cli_help;
mod cli_limits;
mod cli_time_limit;
mod cli_variants;
mod conformance;
mod connect_four;
mod docs;
mod domineering;
mod error_fields;
mod explain;
mod game_calls;
mod kernels;
mod my_variant;
mod nim;
mod page;
mod page_lesson;
mod page_story;
mod play;
mod play_input;
#[cfg(unix)]
mod play_tty;
mod properties;
mod reduction;
mod serve;
mod serve_hostile;
mod stack_refusal;
mod stone_game_ii;
mod subtraction_game;
mod terminal;
mod textbook_memo;
