//! `gamesolve serve`: the teaching page and its JSON API over HTTP.
//!
//! A small synchronous server: a fixed number of connection threads over our own listener
//! (see [`http`] for why not `tiny_http`, and how idle connections are bounded). It is safe to
//! leave running on a machine: it binds the loopback interface unless `--host` says
//! otherwise, and every request is bounded.
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
//! `--max-solves` solves, traces or games at once (503 beyond, never a queue), the CLI's
//! budgets with smaller defaults per request, `--time-limit` (default 5 s) of wall-clock time
//! per solve (`/api/growth`: per request), a trace of at most `--max-trace-events` events,
//! `--threads` connections at once (an idle one is closed for a newcomer, 503 when none is
//! idle). A panic in a request is caught and answered with 500; the server goes on.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::net::TcpListener;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use clap::Args;
use gamesolve::explain::{explain, ExplainLimits};
use gamesolve::{BackendChoice, SolverConfig};
use serde::Serialize;
use serde_json::value::RawValue;

pub(crate) mod api;
mod http;

use api::{growth, solve, trace};
use http::{Request, Response};

use super::args::{
    parse_byte_size, parse_count, parse_time_limit, parse_usize, LimitArgs, SolverArgs,
};
use super::batch::{answer_line, error_line, read_line, LineGame, LineHandler, Solvers};
use super::error::{CliError, Kind, Stop};
use super::explain::explain_error;
use super::report::CliGame;

/// The largest request body read, in bytes (1 MiB); a larger one gets 413.
pub const MAX_BODY: usize = 1 << 20;

use super::page::{trace_json, APP_JS, INDEX_HTML, STYLE_CSS};

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
    /// Connections served at once, one thread each (their requests one after another). A new
    /// connection beyond them closes the one idle the longest, or gets 503 when none is idle.
    #[arg(long, default_value_t = 8, value_parser = parse_usize)]
    threads: usize,
    /// Solves and traces running at once; more get 503 at once (no queue).
    #[arg(long, default_value_t = 2, value_parser = parse_usize)]
    max_solves: usize,
    /// Events of a trace sent at most (the page says how many there were).
    #[arg(long, default_value_t = 2000, value_parser = parse_usize)]
    max_trace_events: usize,
    /// `recursive`: positions to expand per request [default: 10^7].
    #[arg(long, value_name = "POSITIONS", value_parser = parse_count)]
    node_budget: Option<u64>,
    /// `memo`, `tabular`: the largest table per request, in bytes [default: 256MiB; 512KiB
    /// for a trace, which also keeps every distinct position].
    #[arg(long, value_name = "SIZE", value_parser = parse_byte_size)]
    memory_cap: Option<u64>,
    /// `memo`: states the sparse memo may store per request [default: 1000000].
    #[arg(long, value_name = "STATES", value_parser = parse_count)]
    state_budget: Option<u64>,
    /// Wall-clock time a request's solve may take (`500ms`, `5s`, `1m`); past it the answer
    /// is `cannot_answer`. `/api/growth` stops adding sizes at it.
    #[arg(long, value_name = "DURATION", default_value = "5s", value_parser = parse_time_limit)]
    time_limit: Duration,
}

/// Serve defaults: smaller than the CLI's, since many requests may come.
const NODE_BUDGET: u64 = 10_000_000;
const MEMORY_CAP: u64 = 256 << 20;
const STATE_BUDGET: u64 = 1_000_000;
/// A trace keeps a set of every distinct position it meets, beyond the table itself: a small
/// table keeps that set small (`tabular` up to `n = 22`, `memo/dense` up to `n = 21`).
const TRACE_MEMORY_CAP: u64 = 512 << 10;
const TRACE_NODE_BUDGET: u64 = 1_000_000;
const TRACE_STATE_BUDGET: u64 = 1_000_000;

/// What every worker shares.
struct State {
    limits: LimitArgs,
    trace_limits: LimitArgs,
    max_solves: usize,
    max_trace_events: usize,
    in_flight: AtomicUsize,
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
pub fn run(cmd: &ServeCmd) -> Result<(), Stop> {
    let address = if cmd.host.contains(':') {
        format!("[{}]:{}", cmd.host, cmd.port)
    } else {
        format!("{}:{}", cmd.host, cmd.port)
    };
    let listener = TcpListener::bind(&address)
        .map_err(|e| CliError::new(Kind::Io, format!("cannot listen on {address}: {e}")))?;
    let local = listener.local_addr().ok();
    let bound = local.map_or_else(|| address.clone(), |a| a.to_string());
    if !local.is_some_and(|a| a.ip().is_loopback()) {
        eprintln!(
            "warning: listening on {bound}, not only on this machine's loopback interface: \
             anyone who can reach it can use the page and the API (use --host 127.0.0.1 to \
             keep it local)"
        );
    }
    let mut out = std::io::stdout().lock();
    writeln!(out, "gamesolve serve: http://{bound}/ (Ctrl-C to stop)")?;
    out.flush()?;
    drop(out);
    let limits = |node: u64, memory: u64, states: u64| LimitArgs {
        node_budget: Some(cmd.node_budget.unwrap_or(node)),
        memory_cap: Some(cmd.memory_cap.unwrap_or(memory)),
        state_budget: Some(cmd.state_budget.unwrap_or(states)),
        time_limit: Some(cmd.time_limit),
    };
    let state = State {
        limits: limits(NODE_BUDGET, MEMORY_CAP, STATE_BUDGET),
        trace_limits: limits(TRACE_NODE_BUDGET, TRACE_MEMORY_CAP, TRACE_STATE_BUDGET),
        max_solves: cmd.max_solves.max(1),
        max_trace_events: cmd.max_trace_events,
        in_flight: AtomicUsize::new(0),
    };
    http::serve(&listener, cmd.threads, MAX_BODY, &|request| {
        respond(&state, request)
    });
    Ok(())
}

/// Answers one request: the route's reply with the headers every answer carries; a panic is
/// answered with 500 and the server goes on.
fn respond(state: &State, request: &Request) -> Response {
    let reply = catch_unwind(AssertUnwindSafe(|| handle(state, request)))
        .unwrap_or_else(|_| Reply::error(500, "internal", "internal error: the request failed"));
    let mut headers = vec![
        ("Content-Type", reply.content_type.to_owned()),
        ("Cache-Control", "no-store".to_owned()),
        ("X-Content-Type-Options", "nosniff".to_owned()),
        (
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:".to_owned(),
        ),
    ];
    headers.extend(reply.headers);
    Response {
        status: reply.status,
        headers,
        body: reply.body,
    }
}

/// The routes, with the methods each takes.
fn handle(state: &State, request: &Request) -> Reply {
    let url = request.target.as_str();
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let allowed = match path {
        "/" | "/index.html" | "/app.js" | "/style.css" | "/api/backends" | "/api/games"
        | "/api/limits" => "GET",
        "/api/solve" | "/api/trace" | "/api/growth" | "/api/play" => "POST",
        _ => return Reply::error(404, "not_found", &format!("no such page: {}", short(path))),
    };
    if request.method != allowed {
        return Reply::error(
            405,
            "method_not_allowed",
            &format!("{path} takes {allowed} only"),
        )
        .header("Allow", allowed);
    }
    match path {
        "/" | "/index.html" => Reply::new(200, "text/html; charset=utf-8", INDEX_HTML),
        "/app.js" => Reply::new(200, "text/javascript; charset=utf-8", APP_JS),
        "/style.css" => Reply::new(200, "text/css; charset=utf-8", STYLE_CSS),
        "/api/backends" => Reply::json(200, super::backends::json()),
        "/api/games" => Reply::json(200, super::games::json()),
        "/api/limits" => api::limits(state),
        _ => {
            if let Err(reply) = check_json(request) {
                return reply;
            }
            let Some(_guard) = Slot::take(state) else {
                return Reply::error(
                    503,
                    "busy",
                    "too many solves at once; try again in a moment",
                )
                .header("Retry-After", "1");
            };
            let body = request.body.as_slice();
            match path {
                "/api/solve" => solve(state, query, body),
                "/api/growth" => growth(state, body),
                "/api/play" => api::play(state, body),
                _ => trace(state, body),
            }
        }
    }
}

/// One solve in flight, counted while it lives.
struct Slot<'a>(&'a AtomicUsize);

impl<'a> Slot<'a> {
    fn take(state: &'a State) -> Option<Self> {
        let before = state.in_flight.fetch_add(1, Ordering::SeqCst);
        let slot = Slot(&state.in_flight);
        (before < state.max_solves).then_some(slot)
    }
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Refuses a body that is not JSON (415); the HTTP side has already refused one larger
/// than [`MAX_BODY`] (413).
fn check_json(request: &Request) -> Result<(), Reply> {
    let json = request.header("Content-Type").is_some_and(|value| {
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
