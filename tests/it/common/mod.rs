//! Helpers shared by the integration tests: the report that collects failures and the
//! helpers of the command-line tests; the reference oracles, the data file schema and the
//! golden table are the workspace's one copy in `crates/test-support`, re-exported here.
#![allow(dead_code)] // each test binary uses a different part of this module

pub mod cases;
pub mod cli;
pub mod report;

pub use test_support::{golden, reference};
