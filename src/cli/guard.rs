//! A refused stack segment is an error, not a panic.
//!
//! The deep recursions (memo searches, the analysis) run on `stacker`, which maps a fresh
//! stack segment (1 to 4 MiB) when the current one runs low. When the system refuses that mapping
//! (a process memory limit, `prlimit --as`), `stacker` cannot return an error: it panics
//! (`mmap failed to allocate stack`). Threading a `Result` through every frame of the Predict
//! the Winner memo would slow its fast path, so the CLI catches that one panic at the solve
//! boundary ([`refusals_are_errors`]) and answers `cannot_answer` (exit 1). [`install`]
//! keeps the default panic message for every other panic (a bug) and silences only this one,
//! which is reported as an error instead.

use std::panic::{self, AssertUnwindSafe};

use super::error::{CliError, Kind};

/// The text of `stacker`'s panic when the system refuses a new stack segment.
const STACK_REFUSED: &str = "failed to allocate stack";

/// Whether a panic payload is `stacker`'s refused stack segment.
fn is_stack_refusal(payload: &(dyn std::any::Any + Send)) -> bool {
    let text = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied());
    text.is_some_and(|t| t.contains(STACK_REFUSED))
}

/// Installs the panic hook: silent for a refused stack segment (caught and reported by
/// [`refusals_are_errors`]), the default message for anything else.
pub fn install() {
    let default = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        if !is_stack_refusal(info.payload()) {
            default(info);
        }
    }));
}

/// Runs `solve`; a refused stack segment becomes a `cannot_answer` error naming what the
/// system refused. Any other panic goes on unwinding (a bug, reported as one).
pub fn refusals_are_errors<T, E: From<CliError>>(
    solve: impl FnOnce() -> Result<T, E>,
) -> Result<T, E> {
    match panic::catch_unwind(AssertUnwindSafe(solve)) {
        Ok(result) => result,
        Err(payload) if is_stack_refusal(&*payload) => Err(E::from(CliError::new(
            Kind::CannotAnswer,
            "the system refused the memory for a new stack segment the recursive search \
             needed (a process memory limit such as `ulimit -v`, or no free memory); free some \
             memory, raise the limit, or use a backend that does not recurse (`tabular`)",
        ))),
        Err(payload) => panic::resume_unwind(payload),
    }
}
