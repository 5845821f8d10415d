//! What the tests of gamesolve share, written once: the reference oracle of each game
//! ([`reference`](mod@reference)), the schema and reader of the data files `tests/data/*.toml` ([`cases`]) and
//! the golden table `tests/data/can_i_win_golden.txt` ([`golden`]).
//!
//! The integration tests (`tests/it`), each solver crate's unit tests and the benches' answer
//! checks read these, so a game's oracle is written in one place. The crate depends on
//! `core-types` alone (the solver crates take it as a dev-dependency) and is never published.
//!
//! # Example
//!
//! ```
//! use core_types::Outcome;
//! use test_support::cases::{self, CanIWinFile};
//! use test_support::reference;
//!
//! // The small cases of the data file, against the oracle.
//! let file: CanIWinFile = cases::load("can_i_win.toml");
//! let small = file.case.iter().filter(|c| c.max_choosable <= 10);
//! for case in small {
//!     let t = u64::try_from(case.desired_total).unwrap_or(u64::MAX);
//!     let answer = reference::can_i_win(case.max_choosable, t);
//!     assert_eq!(answer.outcome, case.outcome, "{}", case.name);
//! }
//! assert_eq!(reference::can_i_win(10, 11).outcome, Outcome::SecondPlayerWins);
//! ```

#![deny(missing_docs)]

pub mod cases;
pub mod golden;
pub mod reference;
