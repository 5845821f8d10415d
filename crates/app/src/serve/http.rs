//! The HTTP side of `gamesolve serve`: hyper's HTTP/1.1 connections on a tokio runtime, the
//! [router](super::routes) wrapped in tower and tower-http layers.
//!
//! Each connection is a task, not a thread, so idle or slow clients cost memory (a few KiB
//! each), never a thread or another client's turn. From the outside in:
//!
//! | what | where | answer |
//! |---|---|---|
//! | connections past `--max-connections` | accept loop | 503 with `Retry-After`, then closed; past twice as many, new ones wait in the system's queue (never reset) |
//! | a head not in within [`READ_TIME`] | hyper's `header_read_timeout` | connection closed |
//! | a head over [`MAX_HEAD`](super::framing::MAX_HEAD) bytes or [`MAX_HEADERS`](super::framing::MAX_HEADERS) headers | hyper | 431, closed |
//! | conflicting `Content-Length`s, a coding whose last is not `chunked` | hyper | 400, closed |
//! | both `Content-Length` and `Transfer-Encoding`, `Transfer-Encoding` other than `chunked` alone | [`framing`](super::framing) | 400, closed |
//! | requests past `--max-requests` | `LoadShedLayer` over `ConcurrencyLimitLayer` | 503 with `Retry-After` at once |
//! | a body over [`MAX_BODY`](super::MAX_BODY) | `RequestBodyLimitLayer` | 413 |
//! | a request not answered within its time (`READ_TIME` + `--time-limit`) | `TimeoutLayer` | 408 |
//!
//! After the last answer on a connection, the server closes its sending side and reads
//! (and drops) what the client still sends, up to [`DRAIN_BYTES`] or [`DRAIN_TIME`]: a client
//! still sending a body that was refused with 413 then reads the 413 rather than a
//! connection reset.
//!
//! Every answer carries `Cache-Control: no-store`, `X-Content-Type-Options: nosniff` and a
//! `Content-Security-Policy`; every error is the API's JSON `{"error": …, "kind": …}`. One
//! line per request goes to stderr, `METHOD PATH STATUS TIMEms` (`POST /api/solve 200
//! 3.2ms`: the time from the request's head to its answer), unless `--quiet`.

use std::convert::Infallible;
use std::io;
use std::net::ToSocketAddrs;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::error_handling::HandleErrorLayer;
use axum::extract::{Request, State as Shared};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::{BoxError, Router};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tower::limit::ConcurrencyLimitLayer;
use tower::load_shed::LoadShedLayer;
use tower::{ServiceBuilder, ServiceExt};
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

use super::framing::{Checked, Verdicts, MAX_HEAD, MAX_HEADERS};
use super::{short, Reply, MAX_BODY};

/// How long a request head may take to arrive (also how long a connection may stay idle
/// between requests).
pub const READ_TIME: Duration = Duration::from_secs(10);
/// How long a connection over `--max-connections` may take to send its head before it gets
/// its 503.
const BUSY_READ_TIME: Duration = Duration::from_secs(2);
/// Bytes read and dropped at most after a connection's last answer.
pub const DRAIN_BYTES: u64 = 64 << 20;
/// How long the server reads and drops at most after a connection's last answer.
pub const DRAIN_TIME: Duration = Duration::from_secs(10);
/// Connections the system queues before the server accepts them.
const BACKLOG: u32 = 4096;

/// How the server is bounded, from the command line.
pub(super) struct Settings {
    pub max_requests: usize,
    pub max_connections: usize,
    /// The time a request has from its head to its answer.
    pub request_time: Duration,
    pub quiet: bool,
}

/// Binds `address` (resolved first: a host name may have several addresses).
pub(super) async fn listen(address: &str) -> io::Result<TcpListener> {
    let mut last = io::Error::new(io::ErrorKind::AddrNotAvailable, "no address to bind");
    for socket_address in address.to_socket_addrs()? {
        let socket = if socket_address.is_ipv4() {
            TcpSocket::new_v4()?
        } else {
            TcpSocket::new_v6()?
        };
        socket.set_reuseaddr(true)?;
        match socket
            .bind(socket_address)
            .and_then(|()| socket.listen(BACKLOG))
        {
            Ok(listener) => return Ok(listener),
            Err(e) => last = e,
        }
    }
    Err(last)
}

/// What the finishing layer needs: whether to log, and the time limit it names in a 408.
struct Finish {
    quiet: bool,
    request_time: Duration,
}

/// Serves `app` on `listener` until the process is stopped.
pub(super) async fn serve(listener: TcpListener, app: Router, settings: &Settings) {
    let finish = Arc::new(Finish {
        quiet: settings.quiet,
        request_time: settings.request_time,
    });
    let service = ServiceBuilder::new()
        .layer(middleware::from_fn_with_state(finish, finish_answer))
        .layer(HandleErrorLayer::new(overloaded))
        .layer(LoadShedLayer::new())
        .layer(ConcurrencyLimitLayer::new(settings.max_requests))
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            settings.request_time,
        ))
        .service(app);
    let serving = Arc::new(Semaphore::new(settings.max_connections));
    let room = Arc::new(Semaphore::new(settings.max_connections.saturating_mul(2)));
    loop {
        let Ok(held) = Arc::clone(&room).acquire_owned().await else {
            return;
        };
        let stream = loop {
            match listener.accept().await {
                Ok((stream, _)) => break stream,
                // Out of file descriptors, a connection reset before it was accepted, …: wait
                // a little and go on (a busy loop would only make things worse).
                Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
            }
        };
        let _ = stream.set_nodelay(true);
        match Arc::clone(&serving).try_acquire_owned() {
            Ok(permit) => {
                tokio::spawn(connection(stream, service.clone(), [permit, held]));
            }
            Err(_) => {
                tokio::spawn(busy_connection(stream, held));
            }
        }
    }
}

/// Serves one connection's requests with `service` until it closes; `_permits` are given
/// back when it does.
async fn connection<S>(stream: TcpStream, service: S, _permits: [OwnedSemaphorePermit; 2])
where
    S: tower::Service<Request, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    let verdicts = Verdicts::default();
    let io = TokioIo::new(Checked::new(stream, verdicts.clone()));
    let hyper_service = service_fn(move |request: Request<Incoming>| {
        let mut request = request.map(axum::body::Body::new);
        request.extensions_mut().insert(verdicts.clone());
        Box::pin(service.clone().oneshot(request))
    });
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(READ_TIME)
        .max_headers(MAX_HEADERS)
        .max_buf_size(MAX_HEAD.max(8192) * 4);
    let served = builder
        .serve_connection(io, hyper_service)
        .without_shutdown()
        .await;
    if let Ok(parts) = served {
        close_gracefully(parts.io.into_inner().into_inner()).await;
    }
}

/// A connection over `--max-connections`: its first request gets 503 with `Retry-After`,
/// then it is closed.
async fn busy_connection(stream: TcpStream, _permit: OwnedSemaphorePermit) {
    let io = TokioIo::new(stream);
    let busy = service_fn(|_: Request<Incoming>| async {
        let reply = Reply::error(
            503,
            "busy",
            "too many connections at once; try again in a moment",
        )
        .header("Retry-After", "1");
        let mut response = reply.into_response();
        common_headers(&mut response);
        Ok::<_, Infallible>(response)
    });
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(BUSY_READ_TIME)
        .keep_alive(false);
    if let Ok(parts) = builder.serve_connection(io, busy).without_shutdown().await {
        close_gracefully(parts.io.into_inner()).await;
    }
}

/// Ends a connection after its last answer: closes the sending side, then reads and drops
/// what the client still sends (at most [`DRAIN_BYTES`] within [`DRAIN_TIME`]), so that the
/// client reads the answer rather than a reset.
async fn close_gracefully(mut stream: TcpStream) {
    let _ = stream.shutdown().await;
    let drain = async {
        let mut buffer = vec![0; 64 << 10];
        let mut left = DRAIN_BYTES;
        while left > 0 {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(read) => left = left.saturating_sub(read as u64),
            }
        }
    };
    let _ = tokio::time::timeout(DRAIN_TIME, drain).await;
}

/// 503 with `Retry-After` for a request over `--max-requests` (`LoadShedLayer`'s error).
async fn overloaded(error: BoxError) -> Reply {
    if error.is::<tower::load_shed::error::Overloaded>() {
        Reply::error(
            503,
            "busy",
            "too many requests at once; try again in a moment",
        )
        .header("Retry-After", "1")
    } else {
        Reply::error(500, "internal", &format!("internal error: {error}"))
    }
}

/// The outermost layer: refuses a request whose framing is ambiguous (see
/// [`framing`](super::framing)), gives the layers' own refusals (408, 413) the API's JSON
/// form, adds the headers every answer carries, and logs the request.
async fn finish_answer(
    Shared(finish): Shared<Arc<Finish>>,
    request: Request,
    next: Next,
) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let path = short(request.uri().path());
    let refused = request
        .extensions()
        .get::<Verdicts>()
        .and_then(Verdicts::next);
    let mut response = match refused {
        Some(why) => Reply::error(400, "bad_request", &why)
            .header("Connection", "close")
            .into_response(),
        None => next.run(request).await,
    };
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|value| value.as_bytes().starts_with(b"application/json"));
    if !json {
        let layer_refusal = match response.status() {
            StatusCode::PAYLOAD_TOO_LARGE => Some(Reply::error(
                413,
                "too_large",
                &format!("the request body is larger than {MAX_BODY} bytes"),
            )),
            StatusCode::REQUEST_TIMEOUT => Some(Reply::error(
                408,
                "timeout",
                &format!(
                    "the request was not read and answered within {}",
                    humantime::format_duration(finish.request_time)
                ),
            )),
            _ => None,
        };
        if let Some(reply) = layer_refusal {
            response = reply.header("Connection", "close").into_response();
        }
    }
    common_headers(&mut response);
    if !finish.quiet {
        let elapsed = started.elapsed().as_secs_f64() * 1000.0;
        eprintln!(
            "{method} {path} {} {elapsed:.1}ms",
            response.status().as_u16()
        );
    }
    response
}

/// The headers every answer carries.
fn common_headers(response: &mut Response) {
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'self'; img-src 'self' data:"),
    );
}
