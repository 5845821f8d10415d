//! `gamesolve serve`: the teaching page and its JSON API over HTTP.
//!
//! The server is [axum](https://docs.rs/axum) on [hyper](https://docs.rs/hyper) and a tokio
//! runtime that lives only here, inside the serving front end (the `gamesolve` library and
//! every backend compile without it). It binds the loopback interface unless `--host` says
//! otherwise, and every request is bounded (see [`http`] for the stack and the hostile cases
//! it answers).
//!
//! | route | what |
//! |---|---|
//! | `GET /` (`/index.html`, `/app.js`, `/style.css`) | the page, embedded in the binary |
//! | `POST /api/solve[?backend=B/V]` | one `batch` input line in, its `batch` answer line out (plus `"headline"`, the answer in words) |
//! | `POST /api/trace` | a `batch` line plus `"backend"` (and `"node_budget"`, up to the server's): the first events of `explain` |
//! | `GET /api/backends` | the `gamesolve backends --json` list |
//! | `GET /api/games` | the `gamesolve games --json` list: the game table |
//! | `GET /api/limits` | a trace's default node budget and the most a request may ask for (`"node_budget"` in `/api/trace`) |
//! | `POST /api/growth` | a `batch` line: positions expanded by each backend at growing sizes |
//! | `POST /api/play` | a `batch` line plus `"first"` and `"moves"`: the game after them, the computer's reply, every legal move's value and remoteness (the hint), the result |
//!
//! Limits: bodies up to [`MAX_BODY`] (413 beyond), `application/json` only (415), at most
//! `--max-solves` solves, traces or games at once, each on its own thread off the async ones
//! (503 with `Retry-After` beyond, never a queue), the CLI's budgets with smaller defaults per
//! request, `--time-limit` (default 5 s) of wall-clock time per solve (`/api/growth`: per
//! request), a trace of at most `--max-trace-events` events, `--max-requests` requests and
//! `--max-connections` connections at once (503 with `Retry-After` beyond). A panic in a
//! request is answered with 500; the server goes on. One line per request on stderr
//! (`GET /api/games 200 0.4ms`) unless `--quiet`.

use std::fmt::Write as _;
use std::io::Write as _;
use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use gamesolve::{registry::BackendChoice, Limits};

mod api;
mod framing;
mod http;
mod request;
mod routes;

use super::any_game::Visitor;
use super::args::SolverArgs;
use super::error::{CliError, Kind, Stop};
use super::limits::{or_defaults, Limit, LimitArgs, LimitSet};
use super::line::Solvers;
use super::table::GameTable;

/// The largest request body read, in bytes (1 MiB); a larger one gets 413.
pub const MAX_BODY: usize = 1 << 20;

/// Arguments of `gamesolve serve`.
#[derive(Args, Debug)]
pub struct ServeCmd {
    /// The address to bind: the loopback interface unless you mean to share the page (any
    /// other address prints a warning).
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// The port to listen on; 0 picks a free one (the URL printed says which).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Threads the server runs at most, 2..=1024: `--max-solves` of them solve, the others
    /// (at least one, at most one per core) read and answer connections, however many are
    /// open.
    #[arg(long, default_value_t = 8, value_parser = in_range::<2, 1024>)]
    threads: usize,
    /// Solves, traces and games running at once, 1..=1023 and less than `--threads`; more get
    /// 503 with `Retry-After` at once (no queue).
    #[arg(long, default_value_t = 2, value_parser = in_range::<1, 1023>)]
    max_solves: usize,
    /// Requests being read or answered at once, 1..=65536; more get 503 with `Retry-After`.
    #[arg(long, default_value_t = 512, value_parser = in_range::<1, 65536>)]
    max_requests: usize,
    /// Connections open at once, 1..=65536; a connection beyond them gets 503 with
    /// `Retry-After` (and past twice as many, the next wait in the system's queue).
    #[arg(long, default_value_t = 4096, value_parser = in_range::<1, 65536>)]
    max_connections: usize,
    /// Events of a trace sent at most, 1..=1000000 (the page says how many there were).
    #[arg(long, default_value_t = 2000, value_parser = in_range::<1, 1_000_000>)]
    max_trace_events: usize,
    /// The limits per request, parsed into the one limits type; a limit not given takes
    /// [`SERVE_DEFAULTS`] (or, for a trace, [`TRACE_DEFAULTS`]).
    #[command(flatten)]
    limits: LimitArgs<ServeLimits>,
    /// No line per request on stderr (by default: `METHOD PATH STATUS TIMEms`).
    #[arg(long, short)]
    quiet: bool,
}

/// Parses a whole number in `MIN..=MAX` for a flag of `serve` (clap names the flag and
/// the value: "invalid value '0' for '--threads <THREADS>': it is below 2; expected a whole
/// number in 2..=1024").
fn in_range<const MIN: usize, const MAX: usize>(text: &str) -> Result<usize, String> {
    let expected = format!("expected a whole number in {MIN}..={MAX}");
    match super::args::parse_usize(text) {
        Ok(n) if n < MIN => Err(format!("it is below {MIN}; {expected}")),
        Ok(n) if n > MAX => Err(format!("it is above {MAX}; {expected}")),
        Ok(n) => Ok(n),
        Err(why) => Err(format!(
            "{}; {expected}",
            why.split(';').next().unwrap_or(&why)
        )),
    }
}

/// The limits of one request where `gamesolve serve` gives none, stated once: a server
/// answers many requests at once (`--max-solves`), so each gets a tenth of the command line's
/// node budget (10^7 positions: a second or two of `recursive`), a quarter of its memory cap
/// (256 MiB), a third of its state budget (1,000,000 states), and 5 seconds (the command line
/// has no time limit), so that a page's visitor waits at most that long and a few requests
/// cannot take the machine.
pub const SERVE_DEFAULTS: Limits = Limits {
    node_budget: Some(10_000_000),
    memory_cap_bytes: Some(256 << 20),
    state_budget: Some(1_000_000),
    time_limit: Some(Duration::from_secs(5)),
};

/// The limits of one trace (`/api/trace`) where `gamesolve serve` gives none: a trace keeps a
/// set of every distinct position it meets beside the table itself, so a small table (512 KiB:
/// `tabular` up to `n = 22`, `memo/dense` up to `n = 21`) keeps that set small, and 10^6
/// positions are already more steps than the page shows; the time limit is the server's.
pub const TRACE_DEFAULTS: Limits = Limits {
    node_budget: Some(1_000_000),
    memory_cap_bytes: Some(512 << 10),
    state_budget: Some(1_000_000),
    time_limit: SERVE_DEFAULTS.time_limit,
};

/// `serve`'s limit flags: the four, per request, with [`SERVE_DEFAULTS`] (and
/// [`TRACE_DEFAULTS`]) in their help.
#[derive(Clone, Copy, Debug, Default)]
pub struct ServeLimits;

impl LimitSet for ServeLimits {
    fn help(limit: Limit) -> Option<String> {
        let (d, trace) = (SERVE_DEFAULTS, TRACE_DEFAULTS);
        Some(match limit {
            Limit::NodeBudget => format!(
                "`recursive`: positions to expand per request [default: {}]",
                d.node_budget_or_default()
            ),
            Limit::MemoryCap => format!(
                "`memo`, `tabular`: the largest table per request, in bytes [default: {}; {} \
                 for a trace, which also keeps every distinct position]",
                size_words(d.memory_cap_or_default()),
                size_words(trace.memory_cap_or_default()),
            ),
            Limit::StateBudget => format!(
                "`memo`: states the sparse memo may store per request [default: {}]",
                d.state_budget_or_default()
            ),
            Limit::TimeLimit => format!(
                "Wall-clock time a request's solve may take (`500ms`, `5s`, `1m`); past it the \
                 answer is `cannot_answer`. `/api/growth` stops adding sizes at it [default: {}]",
                humantime::format_duration(d.time_limit.unwrap_or_default())
            ),
        })
    }
}

/// `268435456` as `256MiB`, `524288` as `512KiB`.
fn size_words(bytes: u64) -> String {
    if bytes.is_multiple_of(1 << 20) {
        format!("{}MiB", bytes >> 20)
    } else if bytes.is_multiple_of(1 << 10) {
        format!("{}KiB", bytes >> 10)
    } else {
        bytes.to_string()
    }
}

/// What every request shares.
struct State {
    /// The games the API offers (the table given to [`crate::run`]).
    games: Arc<GameTable>,
    /// A request's limits: the command line's, else [`SERVE_DEFAULTS`] (every one `Some`).
    limits: Limits,
    /// A trace's limits: the command line's, else [`TRACE_DEFAULTS`] (every one `Some`).
    trace_limits: Limits,
    max_trace_events: usize,
    /// One permit per solve running (`--max-solves`); none left: 503.
    solves: Arc<tokio::sync::Semaphore>,
}

/// A reply: status, content type, body, extra headers.
struct Reply {
    status: u16,
    content_type: &'static str,
    body: Vec<u8>,
    headers: Vec<(&'static str, String)>,
}

impl Reply {
    fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Self {
        Reply {
            status,
            content_type,
            body: body.into(),
            headers: Vec::new(),
        }
    }

    fn json(status: u16, body: Vec<u8>) -> Self {
        Reply::new(status, "application/json", body)
    }

    /// `{"error": message, "kind": kind}` with `status`.
    fn error(status: u16, kind: &str, message: &str) -> Self {
        let body = serde_json::json!({ "error": message, "kind": kind });
        Reply::json(status, body.to_string().into_bytes())
    }

    fn header(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.headers.push((name, value.into()));
        self
    }
}

/// Runs `gamesolve serve` until the process is stopped (Ctrl-C).
///
/// # Errors
///
/// `--max-solves` not below `--threads` (usage), an address that cannot be bound or a
/// runtime that cannot start (I/O).
pub fn run(cmd: &ServeCmd, games: Arc<GameTable>) -> Result<(), Stop> {
    if cmd.max_solves >= cmd.threads {
        return Err(CliError::new(
            Kind::Usage,
            format!(
                "--max-solves {} leaves no thread for connections out of --threads {}: give \
                 --threads at least {} (or fewer --max-solves)",
                cmd.max_solves,
                cmd.threads,
                cmd.max_solves + 1
            ),
        )
        .into());
    }
    let address = if cmd.host.contains(':') {
        format!("[{}]:{}", cmd.host, cmd.port)
    } else {
        format!("{}:{}", cmd.host, cmd.port)
    };
    // More connection threads than cores only take turns on them.
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads((cmd.threads - cmd.max_solves).min(cores))
        .max_blocking_threads(cmd.max_solves)
        .thread_name("gamesolve-serve")
        .enable_io()
        .enable_time()
        .build()
        .map_err(|e| CliError::new(Kind::Io, format!("cannot start the server's threads: {e}")))?;
    let listener = runtime
        .block_on(http::listen(&address))
        .map_err(|e| CliError::new(Kind::Io, format!("cannot listen on {address}: {e}")))?;
    let local = listener.local_addr().ok();
    let bound = local.map_or_else(|| address.clone(), |a| a.to_string());
    if !local.is_some_and(|a| a.ip().is_loopback()) {
        let _ = writeln!(
            anstream::stderr(),
            "{}",
            crate::term::wrap_error(&format!(
                "{} listening on {bound}, not only on this machine's loopback interface: \
                 anyone who can reach it can use the page and the API (use --host 127.0.0.1 \
                 to keep it local)",
                crate::term::warning_label()
            ))
        );
    }
    let mut out = std::io::stdout().lock();
    writeln!(out, "gamesolve serve: http://{bound}/ (Ctrl-C to stop)")?;
    out.flush()?;
    drop(out);
    let state = state(cmd, games);
    let settings = http::Settings {
        max_requests: cmd.max_requests,
        max_connections: cmd.max_connections,
        request_time: http::READ_TIME.saturating_add(state.limits.time_limit.unwrap_or_default()),
        quiet: cmd.quiet,
    };
    let app = routes::router(Arc::new(state));
    runtime.block_on(http::serve(listener, app, &settings));
    Ok(())
}

/// What every request of a server run with `cmd` shares: the table and the limits.
fn state(cmd: &ServeCmd, games: Arc<GameTable>) -> State {
    let limits = |defaults: Limits| or_defaults(cmd.limits.limits(), defaults);
    State {
        games,
        limits: limits(SERVE_DEFAULTS),
        trace_limits: limits(TRACE_DEFAULTS),
        max_trace_events: cmd.max_trace_events,
        solves: Arc::new(tokio::sync::Semaphore::new(cmd.max_solves)),
    }
}

/// The page and the JSON API of `gamesolve serve ARGS` (its flags, as the command reads
/// them) for the games of `games`, as an axum [`Router`](axum::Router) without a socket: to
/// mount in a server of one's own, or to answer requests in process (tower's `oneshot`). The
/// HTTP side (connections, framing, body and request limits, the log) is the command's.
///
/// ```
/// let api = gamesolve_app::serve_router(gamesolve_app::GameTable::builtin(), &["--max-solves", "4"]);
/// assert!(api.is_ok());
/// ```
///
/// # Errors
///
/// A flag the command refuses, with clap's message (usage).
pub fn router(games: GameTable, args: &[&str]) -> Result<axum::Router, CliError> {
    #[derive(clap::Parser)]
    #[command(name = "serve")]
    struct Serve {
        #[command(flatten)]
        cmd: ServeCmd,
    }
    let parsed = <Serve as clap::Parser>::try_parse_from(
        std::iter::once("serve").chain(args.iter().copied()),
    )
    .map_err(|e| CliError::new(Kind::Usage, e.to_string().trim().to_owned()))?;
    Ok(routes::router(Arc::new(state(
        &parsed.cmd,
        Arc::new(games),
    ))))
}

/// Refuses a body that is not JSON (415).
fn check_json(headers: &axum::http::HeaderMap) -> Result<(), Reply> {
    let json = headers
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| {
            let media = value.split(';').next().unwrap_or(value).trim();
            media.eq_ignore_ascii_case("application/json")
        });
    if json {
        Ok(())
    } else {
        Err(Reply::error(
            415,
            "unsupported_media_type",
            "send the request body as JSON (Content-Type: application/json)",
        ))
    }
}

/// A path cut for a message.
fn short(path: &str) -> String {
    let mut out = String::new();
    for c in path.chars().take(80) {
        let _ = write!(out, "{}", c.escape_default());
    }
    out
}
