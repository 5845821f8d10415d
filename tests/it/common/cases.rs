//! The schema of `tests/data/*.toml` (`test_support::cases`), with the check that the backends
//! and variants a case names are ones this build knows.

use gamesolve::{registry::BackendChoice, Backend, CanIWin, PredictTheWinner};
pub use test_support::cases::*;

/// Checks the names of `cases` (of `file`) are unique and the backends and variants in
/// their `skip` and `cannot_answer` are known; returns one message per problem.
pub fn check_names<C: Case>(file: &str, cases: &[C]) -> Vec<String> {
    test_support::cases::check_names(file, cases, |key| match key.parse::<BackendChoice>() {
        Err(_) => Some("unknown backend"),
        Ok(choice) => match &choice.variant {
            Some(variant) if !known_variant(choice.backend, variant) => Some("unknown variant"),
            _ => None,
        },
    })
}

/// Whether `backend` has a variant `name` for either game (in this build or, when the
/// build lacks the backend, by trusting the name: the full build checks it).
fn known_variant(backend: Backend, name: &str) -> bool {
    if !backend.is_available() {
        return true;
    }
    backend.variants::<CanIWin>().iter().any(|v| v.name == name)
        || backend
            .variants::<PredictTheWinner>()
            .iter()
            .any(|v| v.name == name)
}
