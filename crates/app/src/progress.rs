//! Progress on standard error for long work, drawn only when standard
//! error is a terminal (never in pipes, files or tests), unless `--progress`
//! forces it on (scripts and CI logs) or `--no-progress` off.

use std::io::IsTerminal;
use std::time::Duration;

use std::sync::atomic::{AtomicU8, Ordering};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// `--progress` (1), `--no-progress` (2), or neither (0): whether standard error decides.
static FORCED: AtomicU8 = AtomicU8::new(0);

/// Forces progress on (`Some(true)`, `--progress`), off (`Some(false)`, `--no-progress`), or
/// leaves it to standard error being a terminal (`None`), for the rest of the process.
pub(crate) fn set_forced(forced: Option<bool>) {
    let code = match forced {
        None => 0,
        Some(true) => 1,
        Some(false) => 2,
    };
    FORCED.store(code, Ordering::Relaxed);
}

/// `Some(on)` when `--progress` or `--no-progress` was given.
fn forced() -> Option<bool> {
    match FORCED.load(Ordering::Relaxed) {
        1 => Some(true),
        2 => Some(false),
        _ => None,
    }
}

/// A bar (or a spinner without `len`) that draws on standard error, where indicatif would
/// hide it when standard error is not a terminal: `--progress` forces it.
fn visible(len: Option<u64>) -> ProgressBar {
    let target = if forced() == Some(true) {
        ProgressDrawTarget::term_like(Box::new(console::Term::stderr()))
    } else {
        ProgressDrawTarget::stderr()
    };
    ProgressBar::with_draw_target(len, target)
}

/// How long a bar runs before it shows an estimated time left.
const ETA_AFTER: Duration = Duration::from_secs(5);

/// A spinner or a bar that clears itself when done or dropped (also on an
/// early return with an error), so it never mixes with the answer.
pub struct Progress(ProgressBar);

impl Progress {
    /// Whether progress would be drawn at all: `--progress`, `--no-progress`, else whether
    /// standard error is a terminal.
    pub fn enabled() -> bool {
        forced().unwrap_or_else(|| std::io::stderr().is_terminal())
    }

    /// A spinner with `message`, ticking on its own thread.
    pub fn spinner(message: impl Into<String>) -> Self {
        if !Self::enabled() {
            return Progress(ProgressBar::hidden());
        }
        let bar = visible(None);
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

    /// Whether progress would be drawn beside work that writes standard
    /// output line by line (`batch`): only when standard output is not the
    /// same terminal, where its lines would mix with the bar.
    pub fn enabled_beside_output() -> bool {
        forced().unwrap_or_else(|| Self::enabled() && !std::io::stdout().is_terminal())
    }

    /// A bar over `len` bytes of input, for `batch < file`. The estimated
    /// time left appears only after [`ETA_AFTER`]: the first estimates swing
    /// wildly; until then the bar shows the rate.
    pub fn bytes(len: u64) -> Self {
        if !Self::enabled_beside_output() {
            return Progress(ProgressBar::hidden());
        }
        let bar = visible(Some(len));
        if let Some(style) = style_with_late_eta(
            "{bar:40} {bytes}/{total_bytes} {msg} ({elapsed}, {binary_bytes_per_sec}{late_eta})",
        ) {
            bar.set_style(style);
        }
        Progress(bar)
    }

    /// A spinner counting the lines answered, for `batch` reading a pipe
    /// (no length known); nothing when standard input is a terminal, where
    /// someone types the lines.
    pub fn lines() -> Self {
        if !Self::enabled_beside_output() || (forced().is_none() && std::io::stdin().is_terminal())
        {
            return Progress(ProgressBar::hidden());
        }
        let bar = visible(None);
        if let Ok(style) =
            ProgressStyle::with_template("{spinner} {human_pos} lines answered ({elapsed})")
        {
            bar.set_style(style);
        }
        bar.enable_steady_tick(Duration::from_millis(100));
        Progress(bar)
    }

    /// A bar over `total` units of work named `what` (`sets of used integers`), for long
    /// passes that report how far they are (`--all-totals`); drawn only when standard error is
    /// a terminal and `big` is true. The estimated time left appears after [`ETA_AFTER`].
    pub fn count(big: bool, total: u64, what: &str) -> Self {
        if !big || !Self::enabled() {
            return Progress(ProgressBar::hidden());
        }
        let bar = visible(Some(total));
        let template =
            format!("{{bar:40}} {{human_pos}}/{{human_len}} {what} ({{elapsed}}{{late_eta}})");
        if let Some(style) = style_with_late_eta(&template) {
            bar.set_style(style);
        }
        Progress(bar)
    }

    /// Sets a bar's position.
    pub fn set(&self, position: u64) {
        self.0.set_position(position);
    }

    /// Advances a bar by `delta`.
    pub fn inc(&self, delta: u64) {
        self.0.inc(delta);
    }
}

/// A bar style from `template` whose `{late_eta}` key shows the estimated time left only after
/// [`ETA_AFTER`]: the first estimates swing wildly.
fn style_with_late_eta(template: &str) -> Option<ProgressStyle> {
    let style = ProgressStyle::with_template(template).ok()?;
    Some(style.with_key(
        "late_eta",
        |state: &ProgressState, out: &mut dyn std::fmt::Write| {
            if state.elapsed() >= ETA_AFTER {
                let eta = indicatif::HumanDuration(state.eta());
                let _ = write!(out, ", eta {eta:#}");
            }
        },
    ))
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.0.finish_and_clear();
    }
}
