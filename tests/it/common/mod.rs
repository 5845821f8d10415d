//! Helpers shared by the integration tests: the reference oracle, the data
//! file schema, the golden table, the report that collects failures and the
//! helpers of the command-line tests.
#![allow(dead_code)] // each test binary uses a different part of this module

pub mod cases;
pub mod cli;
pub mod golden;
pub mod reference;
pub mod report;
