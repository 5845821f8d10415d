//! Integration tests of `gamesolve serve`: the real server on an ephemeral loopback port as a
//! child process, every endpoint, the hostile requests it must refuse while it keeps serving,
//! and the page in a real headless Chromium through WebDriver (skipped, with how to enable
//! it, when Chromium is missing). The HTTP client is a few lines over `TcpStream`, so hostile
//! requests go out exactly as written.
#![cfg(feature = "serve")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Barrier};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

mod api;
mod browser;
mod connections;
mod play;

pub(crate) use browser::{base64_decode, have_browser, Browser};

/// The server, killed when dropped.
pub(crate) struct Server {
    pub(crate) child: Child,
    /// `127.0.0.1:PORT`.
    pub(crate) addr: String,
}

impl Server {
    /// Starts `gamesolve serve --port 0 ARGS` and reads its URL from the first line.
    pub(crate) fn start(args: &[&str]) -> Server {
        Server::start_program(crate::common::cli::bin(), args)
    }

    /// Starts `PROGRAM serve --port 0 ARGS`: `gamesolve`, or an example that runs the app
    /// with its own game added.
    pub(crate) fn start_program(program: &Path, args: &[&str]) -> Server {
        Server::spawn(program, args, Stdio::inherit())
    }

    /// Starts `PROGRAM serve --port 0 ARGS` with its standard error going to `stderr` (piped
    /// for a test that reads the log).
    pub(crate) fn spawn(program: &Path, args: &[&str], stderr: Stdio) -> Server {
        let mut child = Command::new(program)
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        let url = first
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no URL in {first:?}"));
        let addr = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_owned();
        assert!(addr.starts_with("127.0.0.1:"), "{addr}");
        Server { child, addr }
    }

    pub(crate) fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 exchange written as given: the status and the body.
pub(crate) fn raw(addr: &str, request: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    // The server may answer (413) before reading all of a large body.
    let _ = stream.write_all(request);
    // Read the head, then the body by its length: a WebDriver server may keep the
    // connection open despite `Connection: close`.
    let mut response = Vec::new();
    let mut buffer = [0u8; 8192];
    loop {
        let read = stream.read(&mut buffer).unwrap_or(0);
        response.extend_from_slice(&buffer[..read]);
        if read == 0 {
            break;
        }
        if let Some(end) = find(&response, b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&response[..end]).to_ascii_lowercase();
            let length = head.lines().find_map(|l| {
                l.strip_prefix("content-length:")
                    .and_then(|v| v.trim().parse::<usize>().ok())
            });
            if let Some(length) = length {
                if response.len() >= end + 4 + length {
                    break;
                }
            }
        }
    }
    parse_response(&response)
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn parse_response(response: &[u8]) -> (u16, String) {
    let text = String::from_utf8_lossy(response);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {head:?}"));
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    (
        status,
        if chunked {
            dechunk(body)
        } else {
            body.to_owned()
        },
    )
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if size == 0 || rest.len() < size {
            break;
        }
        out.push_str(&rest[..size]);
        body = rest[size..].trim_start_matches("\r\n");
    }
    out
}

pub(crate) fn request(
    addr: &str,
    method: &str,
    path: &str,
    content_type: &str,
    body: &str,
) -> (u16, String) {
    let content_type = if content_type.is_empty() {
        String::new()
    } else {
        format!("Content-Type: {content_type}\r\n")
    };
    let text = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{content_type}\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    raw(addr, text.as_bytes())
}

pub(crate) fn post(addr: &str, path: &str, body: &str) -> (u16, Value) {
    let (status, text) = request(addr, "POST", path, "application/json", body);
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text:?}"));
    (status, value)
}

pub(crate) fn get(addr: &str, path: &str) -> (u16, String) {
    request(addr, "GET", path, "", "")
}

/// The JSON API in process: the app's router (`gamesolve_app::serve_router`, the flags of
/// `serve ARGS`) answering one request at a time through tower's `oneshot`, no socket. The
/// HTTP side (framing, limits, connections) is tested against [`Server`].
pub(crate) struct Api {
    router: axum::Router,
    runtime: tokio::runtime::Runtime,
}

impl Api {
    /// The API of `gamesolve serve ARGS` with the built-in games.
    pub(crate) fn new(args: &[&str]) -> Api {
        Api {
            router: gamesolve_app::serve_router(gamesolve_app::GameTable::builtin(), args).unwrap(),
            runtime: tokio::runtime::Builder::new_current_thread()
                .build()
                .unwrap(),
        }
    }

    /// The status and body `METHOD PATH` with `body` (of `content_type`, when not empty) gets.
    pub(crate) fn request(
        &self,
        method: &str,
        path: &str,
        content_type: &str,
        body: &str,
    ) -> (u16, String) {
        use tower::ServiceExt as _;
        let mut request = axum::http::Request::builder().method(method).uri(path);
        if !content_type.is_empty() {
            request = request.header("content-type", content_type);
        }
        let request = request
            .body(axum::body::Body::from(body.to_owned()))
            .unwrap();
        self.runtime.block_on(async {
            let response = self.router.clone().oneshot(request).await.unwrap();
            let status = response.status().as_u16();
            let body = axum::body::to_bytes(response.into_body(), usize::MAX)
                .await
                .unwrap();
            (status, String::from_utf8(body.to_vec()).unwrap())
        })
    }

    /// `POST PATH` with a JSON `body`: the status and the JSON answer, as [`post`].
    pub(crate) fn post(&self, path: &str, body: &str) -> (u16, Value) {
        let (status, text) = self.request("POST", path, "application/json", body);
        (status, serde_json::from_str(&text).unwrap())
    }

    /// `GET PATH`: the status and the body, as [`get`].
    pub(crate) fn get(&self, path: &str) -> (u16, String) {
        self.request("GET", path, "", "")
    }
}

/// What `gamesolve batch ARGS` answers for `lines`.
fn batch(lines: &[&str], args: &[&str]) -> Vec<Value> {
    let mut child = Command::new(crate::common::cli::bin())
        .arg("batch")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = lines.join("\n");
    input.push('\n');
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// An example program of the workspace (built by `cargo test`, beside the test binaries:
/// `target/debug/examples/NAME` next to `target/debug/deps/`).
pub(crate) fn example(name: &str) -> std::path::PathBuf {
    let exe = std::env::current_exe().unwrap();
    let path = exe
        .parent()
        .and_then(Path::parent)
        .unwrap()
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} is missing: `cargo test` builds the examples",
        path.display()
    );
    path
}

/// `/api/play` for `game` (the batch fields, as JSON text without braces) and `extra` fields.
pub(crate) fn play_over(addr: &str, game: &str, extra: &str) -> (u16, Value) {
    post(addr, "/api/play", &format!("{{{game}{extra}}}"))
}
