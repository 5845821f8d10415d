//! What stops a pass of the reduction early, apart from its loops: the clocks a pass reads
//! ([`PassClock`]: none, or a deadline, read once every [`CHECK_EVERY`] steps), why a pass gave
//! no answer ([`SolveStop`]) and the error that says so ([`stop_error`]). What the loops call
//! is `#[inline]`, so the split into two files leaves the kernel's code as it was.

use core_types::error::HintPart::Words;
use std::convert::Infallible;

use core_types::deadline::Deadline;
use core_types::{Arithmetic, Error, Game, PredictTheWinner};

use super::stack_cells;
use crate::NAME;

/// How a pass watches the time: [`Unwatched`] for the entry points that have no time limit
/// (its checks compile away), a [`Deadline`] for [`solve_until`]. A pass checks once every
/// [`CHECK_EVERY`] values it pushes and once every [`CHECK_EVERY`] merges of a final collapse,
/// not once a step: its loop stays exactly the loop without a limit.
pub(super) trait PassClock {
    /// Why a pass stopped early: [`Infallible`] when it cannot.
    type Stop;
    /// Reads the clock; `Err` once the pass must stop.
    fn check(&self) -> Result<(), Self::Stop>;
}

/// Steps of a pass between two readings of the clock: about 20 µs of work at 4 to 5 ns a
/// step, against 20 ns for a reading.
pub(super) const CHECK_EVERY: usize = 4096;

/// No time limit: a pass always runs to its end.
pub(super) struct Unwatched;

impl PassClock for Unwatched {
    type Stop = Infallible;
    #[inline(always)]
    fn check(&self) -> Result<(), Infallible> {
        Ok(())
    }
}

/// The deadline passed during a pass.
pub(super) struct DeadlinePassed;

impl PassClock for Deadline {
    type Stop = DeadlinePassed;
    #[inline]
    fn check(&self) -> Result<(), DeadlinePassed> {
        if self.reached() {
            Err(DeadlinePassed)
        } else {
            Ok(())
        }
    }
}

/// Why [`solve_in`] gave no answer.
pub(super) enum SolveStop {
    /// The system refused the stack.
    Refused,
    /// The deadline passed.
    Time,
}

impl From<DeadlinePassed> for SolveStop {
    #[inline]
    fn from(_: DeadlinePassed) -> Self {
        SolveStop::Time
    }
}

impl From<Infallible> for SolveStop {
    #[inline]
    fn from(never: Infallible) -> Self {
        match never {}
    }
}

/// The error of a pass that gave no answer on `len` values.
#[inline]
pub(super) fn stop_error(
    stop: SolveStop,
    deadline: Deadline,
    arithmetic: Arithmetic,
    len: usize,
) -> Error {
    match stop {
        SolveStop::Time => deadline.error(NAME, PredictTheWinner::NAME),
        SolveStop::Refused => {
            let width: u128 = match arithmetic {
                Arithmetic::I64 => 8,
                Arithmetic::I128 => 16,
            };
            Error::AllocationFailed {
                backend: NAME,
                game: PredictTheWinner::NAME,
                parameter: "len",
                value: len as u64,
                required_bytes: stack_cells(len - 1) as u128 * width,
                memory_cap_bytes: u64::MAX,
                hint: &[Words("; this backend has no memory cap of its own: it needs 8 bytes per value (16 for i128 margins)")],
            }
        }
    }
}
