//! Running a built-in solve without the GIL, and stopping it on Ctrl-C.
//!
//! The work runs on a worker thread under a cancel flag
//! ([`gamesolve::core_types::deadline::with_cancel`]); the calling thread waits for it without the GIL
//! (other Python threads run), waking every [`POLL`] to run Python's signal handlers
//! (`Python::check_signals`). When a handler raises (`KeyboardInterrupt` from Ctrl-C), the flag
//! is set, every deadline of the solve counts as reached, the kernel stops at its next look at
//! the clock (each kernel reads it between chunks of its work, about every millisecond), and
//! the call raises the handler's exception.
//!
//! Each Python thread that solves gets one worker thread, started at its first call and kept
//! for the next ones (a thread started per call cost 60–120 µs on a busy 2-core machine, a hand
//! over to a waiting worker a few µs); it ends when the Python thread does.
//!
//! # Complexity
//!
//! Two channel hand-overs per call, and one wake-up per [`POLL`] while the work runs.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use gamesolve::core_types::deadline::with_cancel;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often the waiting thread runs Python's signal handlers.
pub const POLL: Duration = Duration::from_millis(20);

/// A piece of work for a worker.
type Job = Box<dyn FnOnce() + Send>;

/// One Python thread's worker: where its jobs go, and the cancel flag of the one running.
struct Worker {
    jobs: mpsc::Sender<Job>,
    flag: &'static AtomicBool,
}

impl Worker {
    fn start() -> std::io::Result<Worker> {
        // One leaked byte per Python thread that ever solves: deadlines hold `&'static`.
        let flag: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(false)));
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("gamesolve-solve".into())
            .spawn(move || {
                while let Ok(job) = queue.recv() {
                    // A panic ends the job (its answer channel closes), not the worker.
                    let _ = catch_unwind(AssertUnwindSafe(|| with_cancel(flag, job)));
                }
            })?;
        Ok(Worker { jobs, flag })
    }
}

thread_local! {
    static WORKER: std::cell::RefCell<Option<Worker>> = const { std::cell::RefCell::new(None) };
}

/// Hands `job` to this thread's worker (started on first use); returns its cancel flag.
fn submit(job: Job) -> PyResult<&'static AtomicBool> {
    WORKER.with(|slot| {
        let mut slot = slot.borrow_mut();
        if slot.is_none() {
            let worker = Worker::start().map_err(|e| {
                PyRuntimeError::new_err(format!("cannot start the solver's thread: {e}"))
            })?;
            *slot = Some(worker);
        }
        let Some(worker) = slot.as_ref() else {
            return Err(PyRuntimeError::new_err("no solver thread"));
        };
        worker.flag.store(false, Ordering::Relaxed);
        match worker.jobs.send(job) {
            Ok(()) => Ok(worker.flag),
            Err(_) => {
                *slot = None;
                Err(PyRuntimeError::new_err(
                    "the solver's thread has stopped; call again to start a new one",
                ))
            }
        }
    })
}

/// Runs `work` on this thread's worker without the GIL; `Err` with Python's exception when a
/// signal handler raised while it ran (the work is cancelled and waited for first), or when no
/// thread could be started.
///
/// # Errors
///
/// The signal handler's exception (`KeyboardInterrupt`), or `RuntimeError` when the system
/// refuses a thread or the work panicked (a bug).
pub fn cancellable<R: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> R + Send + 'static,
) -> PyResult<R> {
    let (sender, mut receiver) = mpsc::channel();
    let flag = submit(Box::new(move || {
        let _ = sender.send(work());
    }))?;
    let mut interrupted: Option<PyErr> = None;
    loop {
        let (answer, back) = py.detach(move || {
            let answer = receiver.recv_timeout(POLL);
            (answer, receiver)
        });
        receiver = back;
        match answer {
            Ok(result) => {
                return match interrupted {
                    Some(e) => Err(e),
                    None => Ok(result),
                };
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(interrupted.unwrap_or_else(|| {
                    PyRuntimeError::new_err(
                        "the solver stopped without an answer (a bug; please report it)",
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
