//! Helpers shared by the integration tests: the reference oracle, the data
//! file schema, the golden table and the report that collects failures.
#![allow(dead_code)] // each test binary uses a different part of this module

pub mod cases;
pub mod golden;
pub mod reference;
pub mod report;
