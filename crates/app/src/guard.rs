//! A refused stack segment is reported once, as an error, not also as a panic message.
//!
//! The deep recursions (memo searches, the analysis) run on fresh stack segments through
//! `solver_search::stack`, which asks the system for a segment before `stacker` maps it and
//! returns `Error::StackRefused` (`cannot_answer`, exit 1) when it is refused. Should the
//! system refuse `stacker`'s own mapping right after (another thread took the memory in
//! between), `stacker` panics (`mmap failed to allocate stack`) while setting the segment up, before the
//! search's callback starts, and `solver_search::stack` catches the panic and returns the same
//! error (a panic of that phase is the refusal, whatever its text), but the default panic hook would still print it.
//! [`install`] silences only that panic and keeps the default message for every other one
//! (a bug).

use std::panic;

use gamesolve::search::stack::is_stack_refusal;

/// Installs the panic hook: silent for a refused stack segment (caught and reported as an
/// error by `solver_search::stack`), the default message for anything else.
pub fn install() {
    let default = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        if !is_stack_refusal() {
            default(info);
        }
    }));
}
