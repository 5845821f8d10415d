//! Progress on standard error for long work, drawn only when standard
//! error is a terminal (never in pipes, files or tests).

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

/// A spinner or a bar that clears itself when done or dropped (also on an
/// early return with an error), so it never mixes with the answer.
pub struct Progress(ProgressBar);

impl Progress {
    /// Whether progress would be drawn at all.
    pub fn enabled() -> bool {
        std::io::stderr().is_terminal()
    }

    /// A spinner with `message`, ticking on its own thread.
    pub fn spinner(message: impl Into<String>) -> Self {
        if !Self::enabled() {
            return Progress(ProgressBar::hidden());
        }
        let bar = ProgressBar::new_spinner();
        if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} {elapsed}") {
            bar.set_style(style);
        }
        bar.set_message(message.into());
        bar.enable_steady_tick(Duration::from_millis(100));
        Progress(bar)
    }

    /// A spinner when `big` is true, else nothing drawn.
    pub fn spinner_if(big: bool, message: impl Into<String>) -> Self {
        if big {
            Self::spinner(message)
        } else {
            Progress(ProgressBar::hidden())
        }
    }

    /// A bar over `len` bytes of input.
    pub fn bytes(len: u64) -> Self {
        if !Self::enabled() {
            return Progress(ProgressBar::hidden());
        }
        let bar = ProgressBar::new(len);
        if let Ok(style) = ProgressStyle::with_template(
            "{bar:40} {bytes}/{total_bytes} {msg} ({elapsed}, eta {eta})",
        ) {
            bar.set_style(style);
        }
        Progress(bar)
    }

    /// Advances a bar by `delta`.
    pub fn inc(&self, delta: u64) {
        self.0.inc(delta);
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.0.finish_and_clear();
    }
}
