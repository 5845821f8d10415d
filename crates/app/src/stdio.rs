//! Standard input and output: the writers of every command's answer (JSON or text), the
//! `--json` flags, and whether a standard descriptor was closed when the program started.

use std::io::{self, Write};

use serde::Serialize;

use super::error::Stop;

/// Whether standard output was closed when the program started
/// (`gamesolve ... >&-`). The Rust runtime then opens `/dev/null` in its
/// place before `main`, so every write would succeed and the answer vanish;
/// [`RECORD_STDOUT`] looks at file descriptor 1 before that.
pub(crate) fn stdout_was_closed() -> bool {
    STDOUT_CLOSED_AT_START.load(std::sync::atomic::Ordering::Relaxed)
}

/// Set before `main` when file descriptor 1 was not open.
static STDOUT_CLOSED_AT_START: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// Whether standard input was closed when the program started
/// (`gamesolve ... <&-`): the runtime's `/dev/null` in its place would read
/// as empty input. Recorded by [`RECORD_STDOUT`] too.
pub(crate) fn stdin_was_closed() -> bool {
    STDIN_CLOSED_AT_START.load(std::sync::atomic::Ordering::Relaxed)
}

/// Set before `main` when file descriptor 0 was not open.
static STDIN_CLOSED_AT_START: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// Runs at process start, before the Rust runtime replaces closed standard
/// descriptors with `/dev/null`: `/proc/self/fd/1` is missing exactly when
/// descriptor 1 is closed (a redirection to `/dev/null`, as
/// `Stdio::null()` or Python's `DEVNULL` make, is open and not an error).
/// Descriptor 0 likewise, for [`stdin_was_closed`].
/// Elsewhere than Linux a closed standard output (or input) is not detected.
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
pub(crate) static RECORD_STDOUT: extern "C" fn() = {
    extern "C" fn record() {
        let proc_mounted = std::path::Path::new("/proc/self/fd").is_dir();
        let closed = |fd: &str| {
            proc_mounted
                && std::fs::symlink_metadata(fd).is_err_and(|e| e.kind() == io::ErrorKind::NotFound)
        };
        let ordering = std::sync::atomic::Ordering::Relaxed;
        STDOUT_CLOSED_AT_START.store(closed("/proc/self/fd/1"), ordering);
        STDIN_CLOSED_AT_START.store(closed("/proc/self/fd/0"), ordering);
    }
    record
};

/// `--json` for the commands that print results (and their errors) as JSON; `batch`, `play`
/// and `serve` do not take it.
#[derive(Debug, Default)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub(crate) struct JsonFlag {
    /// Print the result, and errors, as one JSON value on standard output.
    #[cfg_attr(feature = "cli", arg(long))]
    pub(crate) json: bool,
}

/// `--json` of a command whose games are subcommands (`compare`, `analyze`, `explain`): given
/// before or after the game.
#[derive(Debug, Default)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub(crate) struct GlobalJsonFlag {
    /// Print the result, and errors, as one JSON value on standard output.
    #[cfg_attr(feature = "cli", arg(long, global = true))]
    pub(crate) json: bool,
}

/// Writes `value` as one line of JSON on standard output.
pub(crate) fn write_json(value: &impl Serialize) -> Result<(), Stop> {
    let mut out = io::stdout().lock();
    serde_json::to_writer(&mut out, value)?;
    out.write_all(b"\n")?;
    out.flush()?;
    Ok(())
}

/// Writes `text` on standard output, its styles dropped where colour is off.
pub(crate) fn write_text(text: &str) -> Result<(), Stop> {
    let mut out = anstream::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}
