//! `gamesolve serve`: the teaching page and its JSON API over HTTP.
//!
//! A small synchronous server (`tiny_http`) with a fixed number of worker threads. It is safe
//! to leave running on a machine: it binds the loopback interface unless `--host` says
//! otherwise, and every request is bounded.
//!
//! | route | what |
//! |---|---|
//! | `GET /` (`/index.html`, `/app.js`, `/style.css`) | the page, embedded in the binary |
//! | `POST /api/solve[?backend=B/V]` | one `batch` input line in, its `batch` answer line out |
//! | `POST /api/trace` | a `batch` line plus `"backend"`: the first events of `explain` |
//! | `GET /api/backends` | the `gamesolve backends --json` list |
//! | `POST /api/growth` | a `batch` line: positions expanded by each backend at growing sizes |
//!
//! Limits: bodies up to [`MAX_BODY`] (413 beyond), `application/json` only (415), at most
//! `--max-solves` solves or traces at once (503 beyond, never a queue), the CLI's budgets with
//! smaller defaults per request, a trace of at most `--max-trace-events` events. A panic in a
//! request is caught and answered with 500; the server goes on.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{Read, Write as _};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};

use clap::Args;
use gamesolve::explain::{explain, ExplainError, ExplainLimits};
use gamesolve::{BackendChoice, Event, SolverConfig};
use serde::Serialize;
use serde_json::value::RawValue;
use tiny_http::{Header, Method, Request, Response, Server};

mod api;

use api::{growth, solve, trace};

use super::args::{parse_byte_size, parse_count, parse_usize, LimitArgs, SolverArgs};
use super::batch::{answer_line, error_line, read_line, LineGame, Solvers};
use super::error::{CliError, Kind, Stop};
use super::report::CliGame;

/// The largest request body read, in bytes (1 MiB); a larger one gets 413.
pub const MAX_BODY: usize = 1 << 20;

/// The page, embedded in the binary.
const INDEX_HTML: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
const STYLE_CSS: &str = include_str!("assets/style.css");

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
    /// Worker threads answering requests.
    #[arg(long, default_value_t = 4, value_parser = parse_usize)]
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
    /// `memo`: states the sparse memo may store per request [default: 5000000].
    #[arg(long, value_name = "STATES", value_parser = parse_count)]
    state_budget: Option<u64>,
}

/// Serve defaults: smaller than the CLI's, since many requests may come.
const NODE_BUDGET: u64 = 10_000_000;
const MEMORY_CAP: u64 = 256 << 20;
const STATE_BUDGET: u64 = 5_000_000;
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
    let server = Server::http(&address)
        .map_err(|e| CliError::new(Kind::Io, format!("cannot listen on {address}: {e}")))?;
    let bound = server
        .server_addr()
        .to_ip()
        .map_or_else(|| address.clone(), |a| a.to_string());
    let loopback = server
        .server_addr()
        .to_ip()
        .is_some_and(|a| a.ip().is_loopback());
    if !loopback {
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
        time_limit: None,
    };
    let state = State {
        limits: limits(NODE_BUDGET, MEMORY_CAP, STATE_BUDGET),
        trace_limits: limits(TRACE_NODE_BUDGET, TRACE_MEMORY_CAP, TRACE_STATE_BUDGET),
        max_solves: cmd.max_solves.max(1),
        max_trace_events: cmd.max_trace_events,
        in_flight: AtomicUsize::new(0),
    };
    std::thread::scope(|scope| {
        for _ in 0..cmd.threads.max(1) {
            scope.spawn(|| worker(&server, &state));
        }
    });
    Ok(())
}

/// Answers requests one at a time until the server stops.
fn worker(server: &Server, state: &State) {
    while let Ok(mut request) = server.recv() {
        let reply =
            catch_unwind(AssertUnwindSafe(|| handle(state, &mut request))).unwrap_or_else(|_| {
                Reply::error(500, "internal", "internal error: the request failed")
            });
        let mut response = Response::from_data(reply.body).with_status_code(reply.status);
        let headers = [
            ("Content-Type", reply.content_type.to_owned()),
            ("Cache-Control", "no-store".to_owned()),
            ("X-Content-Type-Options", "nosniff".to_owned()),
            (
                "Content-Security-Policy",
                "default-src 'self'; img-src 'self' data:".to_owned(),
            ),
        ];
        for (name, value) in headers.into_iter().chain(reply.headers) {
            if let Ok(header) = Header::from_bytes(name.as_bytes(), value.as_bytes()) {
                response.add_header(header);
            }
        }
        // The client may be gone; nothing to do about it.
        let _ = request.respond(response);
    }
}

/// The routes, with the methods each takes.
fn handle(state: &State, request: &mut Request) -> Reply {
    let url = request.url().to_owned();
    let (path, query) = url.split_once('?').unwrap_or((url.as_str(), ""));
    let method = request.method().clone();
    let allowed = match path {
        "/" | "/index.html" | "/app.js" | "/style.css" | "/api/backends" => "GET",
        "/api/solve" | "/api/trace" | "/api/growth" => "POST",
        _ => return Reply::error(404, "not_found", &format!("no such page: {}", short(path))),
    };
    let wanted = if allowed == "GET" {
        Method::Get
    } else {
        Method::Post
    };
    if method != wanted {
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
        _ => {
            let body = match read_body(request) {
                Ok(body) => body,
                Err(reply) => return reply,
            };
            let Some(_guard) = Slot::take(state) else {
                return Reply::error(
                    503,
                    "busy",
                    "too many solves at once; try again in a moment",
                )
                .header("Retry-After", "1");
            };
            match path {
                "/api/solve" => solve(state, query, &body),
                "/api/growth" => growth(&body),
                _ => trace(state, &body),
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

/// The body of a JSON request, at most [`MAX_BODY`] bytes.
fn read_body(request: &mut Request) -> Result<Vec<u8>, Reply> {
    let json = request
        .headers()
        .iter()
        .find(|h| h.field.equiv("Content-Type"))
        .is_some_and(|h| {
            let value = h.value.as_str();
            let media = value.split(';').next().unwrap_or(value).trim();
            media.eq_ignore_ascii_case("application/json")
        });
    if !json {
        return Err(Reply::error(
            415,
            "unsupported_media_type",
            "send the request body as JSON (Content-Type: application/json)",
        ));
    }
    let too_large = || {
        Reply::error(
            413,
            "too_large",
            &format!("the request body is larger than {MAX_BODY} bytes"),
        )
    };
    if request.body_length().is_some_and(|len| len > MAX_BODY) {
        return Err(too_large());
    }
    let mut body = Vec::new();
    let limit = u64::try_from(MAX_BODY).unwrap_or(u64::MAX) + 1;
    if request
        .as_reader()
        .take(limit)
        .read_to_end(&mut body)
        .is_err()
    {
        return Err(Reply::error(400, "io", "cannot read the request body"));
    }
    if body.len() > MAX_BODY {
        return Err(too_large());
    }
    Ok(body)
}

/// A path cut for a message.
fn short(path: &str) -> String {
    let mut out = String::new();
    for c in path.chars().take(80) {
        let _ = write!(out, "{}", c.escape_default());
    }
    out
}
