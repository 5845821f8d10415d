//! Running a built-in solve without the GIL, and stopping it on Ctrl-C.
//!
//! The work runs on a scoped worker thread under a cancel flag
//! ([`gamesolve::deadline::with_cancel`]); the calling thread waits for it without the GIL
//! (other Python threads run), waking every [`POLL`] to run Python's signal handlers
//! (`Python::check_signals`). When a handler raises (`KeyboardInterrupt` from Ctrl-C), the flag
//! is set, every deadline of the solve counts as reached, the kernel stops at its next look at
//! the clock (each kernel reads it between chunks of its work, about every millisecond), and
//! the call raises the handler's exception.
//!
//! # Complexity
//!
//! One thread spawned per call (about 10–30 µs) and one wake-up per [`POLL`] while it runs.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use gamesolve::deadline::with_cancel;
use pyo3::prelude::*;

/// How often the waiting thread runs Python's signal handlers.
pub const POLL: Duration = Duration::from_millis(20);

thread_local! {
    /// This Python thread's cancel flag, reset at each call (one leaked byte per thread that
    /// ever solves).
    static FLAG: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(false)));
}

/// Runs `work` on a worker thread without the GIL; `Err` with Python's exception when a signal
/// handler raised while it ran (the work is cancelled and joined first), or when no thread
/// could be started.
///
/// # Errors
///
/// The signal handler's exception (`KeyboardInterrupt`), or `RuntimeError` when the system
/// refuses a thread.
pub fn cancellable<R: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> R + Send + 'static,
) -> PyResult<R> {
    let flag: &'static AtomicBool = FLAG.with(|flag| *flag);
    flag.store(false, Ordering::Relaxed);
    let (sender, receiver) = mpsc::channel();
    let worker = std::thread::Builder::new()
        .name("gamesolve-solve".into())
        .spawn(move || {
            let result = with_cancel(flag, work);
            let _ = sender.send(result);
        })
        .map_err(|e| {
            pyo3::exceptions::PyRuntimeError::new_err(format!(
                "cannot start the solver's thread: {e}"
            ))
        })?;
    let mut receiver = receiver;
    let mut interrupted: Option<PyErr> = None;
    loop {
        let (answer, back) = py.detach(move || {
            let answer = receiver.recv_timeout(POLL);
            (answer, receiver)
        });
        receiver = back;
        match answer {
            Ok(result) => {
                let _ = worker.join();
                return match interrupted {
                    Some(e) => Err(e),
                    None => Ok(result),
                };
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                let _ = worker.join();
                return Err(interrupted.unwrap_or_else(|| {
                    pyo3::exceptions::PyRuntimeError::new_err(
                        "the solver's thread stopped without an answer (a bug; please report it)",
                    )
                }));
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if interrupted.is_none() {
                    if let Err(e) = py.check_signals() {
                        flag.store(true, Ordering::Relaxed);
                        interrupted = Some(e);
                    }
                }
            }
        }
    }
}
