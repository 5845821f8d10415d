//! The HTTP/1.1 side of `gamesolve serve`: our own listener, a fixed set of connection
//! threads, and requests read with `httparse` (the head) and `chunked_transfer` (chunked
//! bodies).
//!
//! # Why not `tiny_http`
//!
//! `tiny_http` 0.12 hands every accepted connection to an internal task pool that starts a new
//! thread whenever none is free and keeps it while the connection stays open: 1,000 idle
//! keep-alive connections were 1,000 threads, and the pool cannot be bounded from outside.
//! Here the number of threads is fixed (`--threads` connection threads plus the accepting
//! one), whatever the clients do:
//!
//! - each connection thread serves one connection at a time, its requests one after another
//!   (keep-alive);
//! - when a new connection arrives and every thread has one, the connection that has waited
//!   longest *between* requests is closed to make room (a server may close an idle persistent
//!   connection at any time; clients open a new one), so idle connections cannot lock the
//!   server out; a connection still waiting for its *first* request gets `503` before it is
//!   closed, since its request is most likely on its way;
//! - when no thread has a connection to give up within [`HANDOFF_WAIT`] (every one is reading
//!   or answering a request), the new connection gets `503` with `Retry-After` and is closed;
//! - a connection idle for [`KEEP_ALIVE`], or whose request head and body take longer than
//!   [`READ_TIME`] to arrive, is closed (`408` for a request cut short).
//!
//! The threads are plain `std::thread`s in one `thread::scope`, not a pool crate: the work is
//! not tasks to schedule but long-lived owners of one connection each, evicted by the
//! accepting thread; a general pool (rayon, threadpool) would add a queue we would then have
//! to bound again.

use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

/// How long a connection may wait between requests before it is closed.
pub const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// How long a request's head and body may take to arrive, from its first byte.
pub const READ_TIME: Duration = Duration::from_secs(10);
/// The largest request head (request line and headers), in bytes; 431 beyond.
const MAX_HEAD: usize = 16 << 10;
/// Headers a request may have at most; 431 beyond.
const MAX_HEADERS: usize = 64;
/// How long a new connection waits for a thread (after an idle one was closed for it) before
/// it gets 503.
const HANDOFF_WAIT: Duration = Duration::from_millis(300);

/// One request, read whole.
pub struct Request {
    /// `GET`, `POST`, …
    pub method: String,
    /// The request target: path and query.
    pub target: String,
    /// The headers in order, names as sent.
    headers: Vec<(String, String)>,
    /// The body, at most the server's limit.
    pub body: Vec<u8>,
    /// Whether the connection stays open after the answer.
    keep_alive: bool,
}

impl Request {
    /// The first header called `name` (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// An answer: status, headers (without `Content-Length` and `Connection`, which are added),
/// body.
pub struct Response {
    pub status: u16,
    pub headers: Vec<(&'static str, String)>,
    pub body: Vec<u8>,
}

impl Response {
    /// A JSON error `{"error": message, "kind": kind}`.
    pub fn error(status: u16, kind: &str, message: &str) -> Self {
        let body = serde_json::json!({ "error": message, "kind": kind });
        Response {
            status,
            headers: vec![("Content-Type", "application/json".to_owned())],
            body: body.to_string().into_bytes(),
        }
    }
}

/// Serves `listener` with `threads` connection threads until accepting fails for good;
/// `handle` answers each request (it must not panic: the caller catches panics).
pub fn serve(
    listener: &TcpListener,
    threads: usize,
    max_body: usize,
    handle: &(dyn Fn(&Request) -> Response + Sync),
) {
    let threads = threads.max(1);
    let slots: Vec<Mutex<Slot>> = (0..threads).map(|_| Mutex::new(Slot::default())).collect();
    // A rendezvous channel: a connection is handed over only to a thread waiting for one.
    let (sender, receiver) = mpsc::sync_channel::<TcpStream>(0);
    let receiver = Mutex::new(receiver);
    thread::scope(|scope| {
        for slot in &slots {
            let receiver = &receiver;
            scope.spawn(move || connection_thread(receiver, slot, max_body, handle));
        }
        accept(listener, &sender, &slots);
        drop(sender);
    });
}

/// What a connection thread is doing, for the accepting thread.
#[derive(Default)]
struct Slot {
    /// A handle on its connection, to close it from outside.
    stream: Option<TcpStream>,
    /// Since when it has waited for the next request (`None` while reading or answering one).
    idle_since: Option<Instant>,
    /// Whether it is waiting for its first request: closed for a newcomer, it gets a `503`
    /// first, since its request is most likely on its way.
    fresh: bool,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Accepts connections and hands each to a free thread, closing the longest-idle connection
/// to free one, or answering 503 when none can be freed.
fn accept(listener: &TcpListener, sender: &SyncSender<TcpStream>, slots: &[Mutex<Slot>]) {
    for stream in listener.incoming() {
        let stream = match stream {
            Ok(stream) => stream,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            // Out of file descriptors, a connection reset before it was accepted, …: wait a
            // little and go on (a busy loop would only make things worse).
            Err(_) => {
                thread::sleep(Duration::from_millis(20));
                continue;
            }
        };
        let started = Instant::now();
        let mut pending = stream;
        let mut evicted = false;
        loop {
            match sender.try_send(pending) {
                Ok(()) => break,
                Err(TrySendError::Disconnected(_)) => return,
                Err(TrySendError::Full(stream)) => {
                    pending = stream;
                    if started.elapsed() >= HANDOFF_WAIT {
                        busy(pending);
                        break;
                    }
                    if !evicted {
                        evicted = evict_longest_idle(slots);
                    }
                    thread::sleep(Duration::from_millis(1));
                }
            }
        }
    }
}

/// Closes the connection that has waited longest for its next (or first) request; whether
/// there was one. A connection that has not sent its first request yet gets `503` before it is
/// closed: its request may be on its way, and then it gets an answer, not a closed connection.
fn evict_longest_idle(slots: &[Mutex<Slot>]) -> bool {
    let mut oldest: Option<(Instant, usize)> = None;
    for (i, slot) in slots.iter().enumerate() {
        let slot = lock(slot);
        if let (Some(since), Some(_)) = (slot.idle_since, &slot.stream) {
            if oldest.is_none_or(|(t, _)| since < t) {
                oldest = Some((since, i));
            }
        }
    }
    let Some((_, i)) = oldest else {
        return false;
    };
    let mut slot = lock(&slots[i]);
    // Still idle? (It may have started reading a request meanwhile.)
    if slot.idle_since.is_none() {
        return false;
    }
    if let Some(stream) = slot.stream.take() {
        if slot.fresh {
            busy(stream);
        } else {
            // Wakes the thread's blocked read with end of file.
            let _ = stream.shutdown(Shutdown::Both);
        }
    }
    slot.idle_since = None;
    true
}

/// 503 to a connection no thread can take, then close it.
fn busy(mut stream: TcpStream) {
    let response = Response::error(
        503,
        "busy",
        "too many connections at once; try again in a moment",
    );
    let _ = stream.set_write_timeout(Some(Duration::from_secs(1)));
    let mut response = response;
    response.headers.push(("Retry-After", "1".to_owned()));
    let _ = write_response(&mut stream, &response, false, false);
    let _ = stream.shutdown(Shutdown::Both);
}

/// Takes connections one at a time and serves each until it closes.
fn connection_thread(
    receiver: &Mutex<Receiver<TcpStream>>,
    slot: &Mutex<Slot>,
    max_body: usize,
    handle: &(dyn Fn(&Request) -> Response + Sync),
) {
    loop {
        let stream = {
            let receiver = lock(receiver);
            match receiver.recv() {
                Ok(stream) => stream,
                Err(_) => return,
            }
        };
        if let Ok(handle_for_slot) = stream.try_clone() {
            *lock(slot) = Slot {
                stream: Some(handle_for_slot),
                idle_since: None,
                fresh: true,
            };
            serve_connection(&stream, slot, max_body, handle);
        }
        *lock(slot) = Slot::default();
        let _ = stream.shutdown(Shutdown::Both);
    }
}

/// Why a request could not be read.
enum ReadError {
    /// The connection closed (or timed out) between requests: nothing to answer.
    Closed,
    /// Answer this, then close the connection.
    Reply(Response),
}

/// Serves one connection's requests until it closes, asks to close, or is evicted.
fn serve_connection(
    stream: &TcpStream,
    slot: &Mutex<Slot>,
    max_body: usize,
    handle: &(dyn Fn(&Request) -> Response + Sync),
) {
    let _ = stream.set_write_timeout(Some(READ_TIME));
    let mut reader = BufReader::new(stream);
    loop {
        // Wait for the next request, idle (and so the first to be closed for a newcomer).
        {
            let mut slot = lock(slot);
            if slot.stream.is_none() {
                return; // evicted
            }
            slot.idle_since = Some(Instant::now());
        }
        let _ = stream.set_read_timeout(Some(KEEP_ALIVE));
        let more = matches!(reader.fill_buf(), Ok(buf) if !buf.is_empty());
        {
            let mut slot = lock(slot);
            if slot.stream.is_none() || !more {
                return;
            }
            slot.idle_since = None;
            slot.fresh = false;
        }
        let _ = stream.set_read_timeout(Some(READ_TIME));
        let mut writer = stream;
        match read_request(&mut reader, &mut writer, max_body) {
            Ok(request) => {
                let response = handle(&request);
                let head_only = request.method == "HEAD";
                if write_response(&mut writer, &response, request.keep_alive, head_only).is_err()
                    || !request.keep_alive
                {
                    return;
                }
            }
            Err(ReadError::Closed) => return,
            Err(ReadError::Reply(response)) => {
                let _ = write_response(&mut writer, &response, false, false);
                return;
            }
        }
    }
}

/// Reads one request: its head (at most [`MAX_HEAD`] bytes), then its body by
/// `Content-Length` or chunked (at most `max_body` bytes), all within [`READ_TIME`].
fn read_request(
    reader: &mut BufReader<&TcpStream>,
    writer: &mut &TcpStream,
    max_body: usize,
) -> Result<Request, ReadError> {
    let started = Instant::now();
    let reply = |status: u16, kind: &str, message: &str| {
        ReadError::Reply(Response::error(status, kind, message))
    };
    let timed_out = || {
        reply(
            408,
            "timeout",
            &format!(
                "the request did not arrive within {}",
                humantime::format_duration(READ_TIME)
            ),
        )
    };
    // The head: lines up to an empty one.
    let mut head = Vec::new();
    loop {
        let before = head.len();
        let limit = (MAX_HEAD + 1 - head.len()) as u64;
        match reader.by_ref().take(limit).read_until(b'\n', &mut head) {
            Ok(0) if head.is_empty() => return Err(ReadError::Closed),
            Ok(0) => return Err(reply(400, "bad_request", "the request head is cut short")),
            Ok(_) => {}
            Err(e) if is_timeout(&e) => return Err(timed_out()),
            Err(_) => return Err(ReadError::Closed),
        }
        if head.len() > MAX_HEAD {
            return Err(reply(
                431,
                "too_large",
                &format!("the request head is larger than {MAX_HEAD} bytes"),
            ));
        }
        if started.elapsed() > READ_TIME {
            return Err(timed_out());
        }
        let line = &head[before..];
        if !line.ends_with(b"\n") {
            continue; // cut by the limit: checked above
        }
        if (line == b"\r\n" || line == b"\n") && before > 0 {
            break;
        }
        if (line == b"\r\n" || line == b"\n") && before == 0 {
            head.clear(); // empty lines before a request are allowed
        }
    }
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut parsed = httparse::Request::new(&mut headers);
    match parsed.parse(&head) {
        Ok(httparse::Status::Complete(_)) => {}
        Ok(httparse::Status::Partial) => {
            return Err(reply(400, "bad_request", "the request head is incomplete"))
        }
        Err(httparse::Error::TooManyHeaders) => {
            return Err(reply(
                431,
                "too_large",
                &format!("the request has more than {MAX_HEADERS} headers"),
            ))
        }
        Err(e) => {
            return Err(reply(
                400,
                "bad_request",
                &format!("not an HTTP/1.1 request: {e}"),
            ))
        }
    }
    let method = parsed.method.unwrap_or("").to_owned();
    let target = parsed.path.unwrap_or("").to_owned();
    let version = parsed.version.unwrap_or(1);
    let headers: Vec<(String, String)> = parsed
        .headers
        .iter()
        .map(|h| {
            (
                h.name.to_owned(),
                String::from_utf8_lossy(h.value).trim().to_owned(),
            )
        })
        .collect();
    let find = |name: &str| {
        headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.to_ascii_lowercase())
    };
    let connection = find("Connection").unwrap_or_default();
    let keep_alive = if version == 0 {
        connection.contains("keep-alive")
    } else {
        !connection.contains("close")
    };
    let too_large = || {
        reply(
            413,
            "too_large",
            &format!("the request body is larger than {max_body} bytes"),
        )
    };
    let continue_if_asked = |writer: &mut &TcpStream| {
        if find("Expect").is_some_and(|e| e == "100-continue") {
            let _ = writer.write_all(b"HTTP/1.1 100 Continue\r\n\r\n");
        }
    };
    let mut body = Vec::new();
    if let Some(coding) = find("Transfer-Encoding") {
        if coding.rsplit(',').next().map(str::trim) != Some("chunked") {
            return Err(reply(
                501,
                "not_implemented",
                &format!("transfer coding `{coding}` is not supported (only chunked)"),
            ));
        }
        continue_if_asked(writer);
        let limit = max_body as u64 + 1;
        let decoded = chunked_transfer::Decoder::new(reader.by_ref())
            .take(limit)
            .read_to_end(&mut body);
        match decoded {
            Err(e) if is_timeout(&e) => return Err(timed_out()),
            Err(_) => return Err(reply(400, "bad_request", "malformed chunked body")),
            Ok(_) if body.len() > max_body => return Err(too_large()),
            Ok(_) => {}
        }
    } else if let Some(length) = find("Content-Length") {
        let Ok(length) = length.parse::<usize>() else {
            return Err(reply(
                400,
                "bad_request",
                "Content-Length is not a whole number",
            ));
        };
        if length > max_body {
            return Err(too_large());
        }
        continue_if_asked(writer);
        body.resize(length, 0);
        match reader.read_exact(&mut body) {
            Ok(()) => {}
            Err(e) if is_timeout(&e) => return Err(timed_out()),
            Err(_) => return Err(ReadError::Closed),
        }
    }
    if started.elapsed() > READ_TIME {
        return Err(timed_out());
    }
    Ok(Request {
        method,
        target,
        headers,
        body,
        keep_alive,
    })
}

fn is_timeout(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
    )
}

/// Writes `response` with its length and whether the connection stays open; the head only
/// for `HEAD`.
fn write_response(
    stream: &mut impl Write,
    response: &Response,
    keep_alive: bool,
    head_only: bool,
) -> io::Result<()> {
    let mut out = BufWriter::new(stream);
    write!(
        out,
        "HTTP/1.1 {} {}\r\n",
        response.status,
        reason(response.status)
    )?;
    for (name, value) in &response.headers {
        // Header values are ours; a line break in one would split the head.
        let value = value.replace(['\r', '\n'], " ");
        write!(out, "{name}: {value}\r\n")?;
    }
    write!(
        out,
        "Content-Length: {}\r\nConnection: {}\r\n\r\n",
        response.body.len(),
        if keep_alive { "keep-alive" } else { "close" }
    )?;
    if !head_only {
        out.write_all(&response.body)?;
    }
    out.flush()
}

/// The reason phrase of the statuses the server sends.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        422 => "Unprocessable Content",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        503 => "Service Unavailable",
        _ => "",
    }
}
