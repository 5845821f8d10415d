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

// ---------------------------------------------------------------------------
// the API

#[test]
fn serve_solve_answers_exactly_like_a_batch_line() {
    let api = Api::new(&[]);
    let lines = [
        r#"{"game":"can-i-win","max_choosable":10,"desired_total":11}"#,
        r#"{"game":"can-i-win","max_choosable":20,"desired_total":158}"#,
        r#"{"game":"predict-the-winner","values":[1,5,233,7]}"#,
        r#"{"game":"predict-the-winner","values":[1,1]}"#,
        r#"{"game":"can-i-win","max_choosable":100,"desired_total":11}"#,
        r#"{"game":"tic-tac-toe"}"#,
        r#"{"game":"can-i-win","max_choosable":10}"#,
        r#"[1,2]"#,
        r#"{"game":"can-i-win","max_choosable":10,"desired_total":11,"extra":1}"#,
        r#"{not json"#,
    ];
    // Each request is a batch of one line (so error lines say `"line":1`).
    let expected: Vec<Value> = lines.iter().map(|l| batch(&[l], &[]).remove(0)).collect();
    for (line, expected) in lines.iter().zip(&expected) {
        let (status, mut answer) = api.post("/api/solve", line);
        // A solved line carries the answer in words too, for the page.
        if expected.get("error").is_none() {
            let headline = answer.as_object_mut().unwrap().remove("headline");
            assert!(
                headline.as_ref().is_some_and(Value::is_string),
                "{line}: {headline:?}"
            );
            // And the solve's own time (the page shows it, not the HTTP round trip).
            let elapsed = answer.as_object_mut().unwrap().remove("elapsed_seconds");
            assert!(
                elapsed
                    .as_ref()
                    .and_then(Value::as_f64)
                    .is_some_and(|s| s >= 0.0),
                "{line}: {elapsed:?}"
            );
        }
        assert_eq!(&answer, expected, "{line}");
        // Errors keep batch's `line` field: the request is line 1.
        match expected.get("kind").and_then(Value::as_str) {
            None => assert_eq!(status, 200, "{line}"),
            Some("invalid_input") => {
                assert_eq!(status, 400, "{line}");
                assert_eq!(answer["line"], 1);
            }
            Some(other) => panic!("unexpected kind {other} for {line}"),
        }
    }
    // A chosen backend, as `batch --backend memo/dense`.
    let line = r#"{"game":"can-i-win","max_choosable":12,"desired_total":40}"#;
    let (status, answer) = api.post("/api/solve?backend=memo%2Fdense", line);
    assert_eq!(status, 200);
    assert_eq!(answer["headline"], "First player wins: take 1");
    let mut answer = answer;
    answer.as_object_mut().unwrap().remove("headline");
    answer.as_object_mut().unwrap().remove("elapsed_seconds");
    assert_eq!(answer, batch(&[line], &["--backend", "memo/dense"])[0]);
    assert_eq!(answer["variant"], "dense");
    // An unknown backend and a missing variant are the request's fault.
    let (status, answer) = api.post("/api/solve?backend=quantum", line);
    assert_eq!(status, 400, "{answer}");
    let (status, answer) = api.post("/api/solve?backend=memo/nope", line);
    assert_eq!(status, 400, "{answer}");
}

#[test]
fn serve_solve_cannot_answer_is_422_with_the_batch_error() {
    let api = Api::new(&["--node-budget", "1000"]);
    let line = r#"{"game":"can-i-win","max_choosable":20,"desired_total":158}"#;
    let (status, answer) = api.post("/api/solve?backend=recursive", line);
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["kind"], "cannot_answer");
    assert_eq!(
        answer,
        batch(
            &[line],
            &["--backend", "recursive", "--node-budget", "1000"]
        )[0]
    );
}

#[test]
fn serve_trace_gives_the_events_of_explain() {
    let api = Api::new(&[]);
    let (status, trace) = api.post(
        "/api/trace",
        r#"{"game":"can-i-win","max_choosable":5,"desired_total":11,"backend":"memo"}"#,
    );
    assert_eq!(status, 200, "{trace}");
    assert_eq!(trace["headline"], "Second player wins");
    assert_eq!(trace["backend"], "memo");
    assert_eq!(trace["view"], "tree");
    assert_eq!(trace["answer"]["outcome"], "second");
    // A bare `memo` traces memo/textbook: the recursion's 17 distinct positions, 9 memo hits.
    assert_eq!(trace["variant"], "textbook");
    assert_eq!(trace["answer"]["stats"]["positions"], 17);
    assert_eq!(trace["answer"]["stats"]["memo_hits"], 9);
    assert_eq!(trace["distinct_states"], 17);
    assert_eq!(trace["truncated"], false);
    let events = trace["events"].as_array().unwrap();
    assert_eq!(trace["total_events"], events.len());
    let ids: std::collections::BTreeSet<u64> =
        events.iter().map(|e| e["id"].as_u64().unwrap()).collect();
    assert_eq!(ids.len(), 17);
    let hits: Vec<&Value> = events.iter().filter(|e| e["kind"] == "memo_hit").collect();
    assert_eq!(hits.len(), 9);
    assert!(hits
        .iter()
        .all(|e| e["parent"].is_u64() && (e["value"] == "loses" || e["value"] == "wins")));
    assert_eq!(events[0]["kind"], "enter");
    assert_eq!(events[0]["position"], "{} total 0");
    assert!(events[0].get("parent").is_none());
    let last = events.last().unwrap();
    assert_eq!(
        (last["kind"].as_str(), last["id"].as_u64()),
        (Some("leave"), Some(0))
    );
    assert_eq!(last["value"], "loses");

    // A big run is cut: the first events, with how many there were.
    let (status, trace) = api.post(
        "/api/trace",
        r#"{"game":"can-i-win","max_choosable":16,"desired_total":100,"backend":"memo/dense"}"#,
    );
    assert_eq!(status, 200, "{trace}");
    assert_eq!(trace["truncated"], true);
    assert_eq!(trace["events"].as_array().unwrap().len(), 2000);
    assert!(trace["total_events"].as_u64().unwrap() > 2000);

    // The table of tabular, and a backend that walks no positions.
    let (_, table) = api.post(
        "/api/trace",
        r#"{"game":"predict-the-winner","values":[1,5,233,7],"backend":"tabular"}"#,
    );
    assert_eq!(table["view"], "table", "{table}");
    assert!(table["events"]
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e["kind"] == "cell"));
    let (status, own) = api.post(
        "/api/trace",
        r#"{"game":"predict-the-winner","values":[3,9,1,2,8,4,7],"backend":"reduction"}"#,
    );
    assert_eq!(status, 200, "{own}");
    assert_eq!(own["view"], "own");
    assert!(own["note"].as_str().unwrap().contains("merge"));

    // Errors: a bad backend, a bad game, a backend that gives up within the trace's limits.
    let (status, e) = api.post(
        "/api/trace",
        r#"{"game":"can-i-win","max_choosable":5,"desired_total":11,"backend":7}"#,
    );
    assert_eq!((status, e["kind"].as_str()), (400, Some("invalid_input")));
    let (status, e) = api.post(
        "/api/trace",
        r#"{"game":"can-i-win","max_choosable":5,"desired_total":11,"backend":"reduction"}"#,
    );
    assert_eq!(
        (status, e["kind"].as_str()),
        (400, Some("unavailable_backend"))
    );
    let (status, e) = api.post(
        "/api/trace",
        r#"{"game":"can-i-win","max_choosable":99,"desired_total":11}"#,
    );
    assert_eq!((status, e["kind"].as_str()), (400, Some("invalid_input")));
    let (status, e) = api.post(
        "/api/trace",
        r#"{"game":"can-i-win","max_choosable":30,"desired_total":400,"backend":"tabular"}"#,
    );
    assert_eq!(
        (status, e["kind"].as_str()),
        (422, Some("cannot_answer")),
        "{e}"
    );
    let (status, e) = api.post("/api/trace", "[1]");
    assert_eq!((status, e["kind"].as_str()), (400, Some("invalid_input")));
}

#[test]
fn serve_growth_gives_each_backends_positions_by_size() {
    let api = Api::new(&[]);
    let (status, growth) = api.post(
        "/api/growth",
        r#"{"game":"can-i-win","max_choosable":20,"desired_total":158}"#,
    );
    assert_eq!(status, 200, "{growth}");
    let sizes: Vec<u64> = serde_json::from_value(growth["sizes"].clone()).unwrap();
    assert_eq!(sizes, (1..=20).collect::<Vec<_>>());
    let curves = growth["curves"].as_array().unwrap();
    let curve = |name: &str| {
        curves
            .iter()
            .find(|c| c["backend"] == name)
            .map(|c| serde_json::from_value::<Vec<Option<u64>>>(c["positions"].clone()).unwrap())
    };
    // The last point is the game itself: memo's 447,474 positions.
    if let Some(memo) = curve("memo") {
        assert_eq!(memo[19], Some(447_474));
    }
    // Plain recursion gives up on the way (10^6 positions a point), and stays given up.
    if let Some(recursive) = curve("recursive") {
        let first_null = recursive.iter().position(Option::is_none).unwrap();
        assert!(recursive[first_null..].iter().all(Option::is_none));
        assert!(recursive[..first_null].iter().all(Option::is_some));
    }
    // Predict the Winner: the row's prefixes, at most 24 of them.
    let row: Vec<i64> = (1..=40).collect();
    let line = json!({"game": "predict-the-winner", "values": row}).to_string();
    let (status, growth) = api.post("/api/growth", &line);
    assert_eq!(status, 200, "{growth}");
    assert_eq!(growth["sizes"].as_array().unwrap().len(), 24);
    let (status, e) = api.post("/api/growth", r#"{"game":"nim"}"#);
    assert_eq!((status, e["kind"].as_str()), (400, Some("invalid_input")));
}

#[test]
fn serve_backends_is_the_backends_json_list() {
    let api = Api::new(&[]);
    let (status, text) = api.get("/api/backends");
    assert_eq!(status, 200);
    let listed: Value = serde_json::from_str(&text).unwrap();
    let output = Command::new(crate::common::cli::bin())
        .args(["backends", "--json"])
        .output()
        .unwrap();
    let expected: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(listed, expected);
}

#[test]
fn serve_games_lists_the_builtin_games_with_their_params() {
    let api = Api::new(&[]);
    let (status, text) = api.get("/api/games");
    assert_eq!(status, 200);
    let games: Value = serde_json::from_str(&text).unwrap();
    let games = games.as_array().unwrap();
    let row = |name: &str| {
        games
            .iter()
            .find(|g| g["name"] == name)
            .unwrap_or_else(|| panic!("no {name} in {games:?}"))
            .clone()
    };
    let can_i_win = row("can-i-win");
    let params: Vec<(&str, &str)> = can_i_win["params"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["name"].as_str().unwrap(), p["kind"].as_str().unwrap()))
        .collect();
    assert_eq!(
        params,
        [("max_choosable", "integer"), ("desired_total", "integer")]
    );
    assert_eq!(can_i_win["params"][0]["min"], 1);
    assert_eq!(can_i_win["params"][0]["max"], 64);
    assert!(can_i_win["rules"].as_str().unwrap().len() > 20);
    assert!(!can_i_win["examples"].as_array().unwrap().is_empty());
    let row_game = row("predict-the-winner");
    assert_eq!(row_game["params"][0]["name"], "values");
    assert_eq!(row_game["params"][0]["kind"], "values");
    // The same list as `gamesolve games --json`.
    let output = Command::new(crate::common::cli::bin())
        .args(["games", "--json"])
        .output()
        .unwrap();
    let expected: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(Value::Array(games.clone()), expected);
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

#[test]
fn serve_offers_a_game_added_by_an_example() {
    let server = Server::start_program(&example("subtraction_game"), &[]);
    let addr = server.addr.as_str();
    let (status, text) = get(addr, "/api/games");
    assert_eq!(status, 200);
    let games: Value = serde_json::from_str(&text).unwrap();
    let names: Vec<&str> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "can-i-win",
            "predict-the-winner",
            "cat-and-mouse",
            "subtraction-1-3-4"
        ]
    );
    let line = r#"{"game":"subtraction-1-3-4","stones":22}"#;
    let (status, answer) = post(addr, "/api/solve", line);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["outcome"], "first", "{answer}");
    assert_eq!(answer["headline"], "First player wins: take 1", "{answer}");
    // Played with the generic rules: moves as the game shows them, replayed where made.
    let game = r#""game":"subtraction-1-3-4","stones":10"#;
    let (status, start) = play_over(addr, game, "");
    assert_eq!(status, 200, "{start}");
    assert_eq!(start["board"], "pile 10");
    let mut hints: Vec<(&str, &str)> = start["hints"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["move"].as_str().unwrap(), h["value"].as_str().unwrap()))
        .collect();
    hints.sort_unstable();
    // The piles lost for the player to move are 0 and 2 mod 7: from 10, take 1 leaves 9 and
    // take 3 leaves 7; take 4 leaves 6, from which 4 leaves 2.
    assert_eq!(
        hints,
        [("take 1", "win"), ("take 3", "win"), ("take 4", "lose")]
    );
    let (status, after) = play_over(addr, game, r#","moves":["take 4"]"#);
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["moves"], json!(["take 4", "take 4"]));
    assert_eq!(after["computer_move"], "take 4");
    assert_eq!(
        after["log"],
        json!(["You play take 4: pile 6", "Computer plays take 4: pile 2"])
    );
    // The moves sent back replay where they were made (`take 4` is the third move at 10 and
    // 6, `take 1` the only one at 2), to the end.
    let (_, end) = play_over(addr, game, r#","moves":["take 4","take 4","take 1"]"#);
    assert_eq!(end["over"], true, "{end}");
    assert_eq!(end["result"], "The computer wins.", "{end}");
    let (status, e) = play_over(addr, game, r#","moves":["take 2"]"#);
    assert_eq!(
        (status, e["kind"].as_str()),
        (400, Some("invalid_input")),
        "{e}"
    );
    // A scoring game plays with its running scores, each hint with its margin.
    let server = Server::start_program(&example("stone_game_ii"), &[]);
    let (status, reply) = play_over(
        &server.addr,
        r#""game":"stone-game-ii","piles":[2,7,9,4,4]"#,
        "",
    );
    assert_eq!(status, 200, "{reply}");
    assert!(
        reply["board"]
            .as_str()
            .unwrap()
            .ends_with("score: you 0, computer 0"),
        "{reply}"
    );
    // The first player loses by 6 (10 stones to 16) whatever they take.
    assert_eq!(reply["hints"][0]["margin"], -6, "{reply}");
}

#[test]
fn serve_sends_the_page_and_its_assets() {
    let server = Server::start(&[]);
    for (path, needle) in [
        ("/", "<script src=\"/app.js\">"),
        ("/index.html", "id=\"graph\""),
        ("/app.js", "memo-hit"),
        ("/style.css", ".memo-hit"),
    ] {
        let (status, body) = get(&server.addr, path);
        assert_eq!(status, 200, "{path}");
        assert!(body.contains(needle), "{path}");
    }
    // No request leaves for another host: every URL the page names is its own.
    let (_, js) = get(&server.addr, "/app.js");
    let (_, html) = get(&server.addr, "/");
    for text in [js, html] {
        assert!(!text.contains("https://"));
        assert!(!text
            .replace(r#""http://www.w3.org/2000/svg""#, "")
            .contains("http://"));
    }
}

// ---------------------------------------------------------------------------
// playing against the perfect opponent

/// `/api/play` for `game` (the batch fields, as JSON text without braces) and `extra` fields.
fn play_over(addr: &str, game: &str, extra: &str) -> (u16, Value) {
    post(addr, "/api/play", &format!("{{{game}{extra}}}"))
}

/// [`play_over`] in process.
fn play(api: &Api, game: &str, extra: &str) -> (u16, Value) {
    api.post("/api/play", &format!("{{{game}{extra}}}"))
}

#[test]
fn serve_play_replays_the_moves_and_answers_as_play_does() {
    let api = Api::new(&[]);
    let addr = &api;
    let game = r#""game":"can-i-win","max_choosable":4,"desired_total":6"#;
    // The start, the human first: the hint view is `play`'s (1 wins in 3, the rest lose in 2).
    let (status, start) = play(addr, game, "");
    assert_eq!(status, 200, "{start}");
    assert_eq!(start["human"], "first");
    assert_eq!(start["to_move"], "first");
    assert_eq!(start["over"], false);
    assert_eq!(start["board"], "Pool: 1 2 3 4   total 0 of 6");
    assert_eq!(start["moves"], json!([]));
    assert_eq!(start["computer_move"], Value::Null);
    let hints: Vec<(u64, &str, u64, &str)> = start["hints"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["move"].as_u64().unwrap(),
                h["value"].as_str().unwrap(),
                h["remoteness"].as_u64().unwrap(),
                h["words"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        hints,
        [
            (1, "win", 3, "win in 3"),
            (2, "lose", 2, "lose in 2"),
            (3, "lose", 2, "lose in 2"),
            (4, "lose", 2, "lose in 2"),
        ]
    );
    // A losing move: the computer answers 4 and wins, in `play`'s words.
    let (status, after) = play(addr, game, r#","first":"human","moves":[2]"#);
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["moves"], json!([2, 4]));
    assert_eq!(after["computer_move"], 4);
    assert_eq!(
        after["log"],
        json!(["You take 2: total 2 of 6", "Computer takes 4: total 6 of 6"])
    );
    assert_eq!(after["over"], true);
    assert_eq!(after["to_move"], Value::Null);
    assert_eq!(after["result"], "The computer wins: the total 6 reaches 6.");
    assert_eq!(after["hints"], json!([]));
    // The winning line: 1, then whatever the computer does, the human wins.
    let (_, after) = play(addr, game, r#","moves":[1]"#);
    let reply = after["computer_move"].as_u64().unwrap();
    let best = after["hints"][0]["move"].clone();
    assert_eq!(after["hints"][0]["value"], "win", "{after}");
    let (_, end) = play(addr, game, &format!(r#","moves":[1,{reply},{best}]"#));
    assert_eq!(end["over"], true, "{end}");
    assert!(
        end["result"].as_str().unwrap().starts_with("You win"),
        "{end}"
    );
    // The computer first: it moves at once; strings work as moves too.
    let row = r#""game":"predict-the-winner","values":[1,5,233,7]"#;
    let (status, first) = play(addr, row, r#","first":"computer""#);
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["human"], "second");
    assert_eq!(first["moves"].as_array().unwrap().len(), 1);
    assert_eq!(first["hints"][0]["remoteness"], 3);
    assert!(first["hints"][0]["margin"].is_i64(), "{first}");
    let (_, human_first) = play(addr, row, r#","moves":["l","left","L"]"#);
    assert_eq!(
        human_first["moves"],
        json!(["left", "left", "left", "left"])
    );
    // One rule for moves, as `play` and `analyze --moves` read them: as listed, by number in
    // the listing, or in the short form.
    let (_, same) = play(addr, row, r##","moves":["left 1","1","#1"]"##);
    assert_eq!(same["moves"], human_first["moves"], "{same}");
    assert_eq!(human_first["result"], "You win 234 to 12, by 222.");
}

#[test]
fn serve_play_refuses_bad_moves_naming_them_and_the_legal_ones() {
    let api = Api::new(&[]);
    let addr = &api;
    let game = r#""game":"can-i-win","max_choosable":4,"desired_total":6"#;
    let error = |extra: &str| {
        let (status, e) = play(addr, game, extra);
        assert_eq!(
            (status, e["kind"].as_str()),
            (400, Some("invalid_input")),
            "{extra}: {e}"
        );
        e["error"].as_str().unwrap().to_owned()
    };
    let message = error(r#","moves":[9]"#);
    assert!(
        message.contains("`moves[0]` (9)") && message.contains("(1, 2, 3, 4)"),
        "{message}"
    );
    let message = error(r#","moves":[1,3,3]"#);
    assert!(
        message.contains("`moves[2]` (3)") && message.contains("(2, 4)"),
        "{message}"
    );
    let message = error(r#","moves":[2,4,1]"#);
    assert!(message.contains("too many moves"), "{message}");
    let message = error(r#","moves":[1,{"x":2}]"#);
    assert!(message.contains("`moves[1]`"), "{message}");
    let message = error(r#","moves":"1 2""#);
    assert!(message.contains("`moves` must be an array"), "{message}");
    let message = error(r#","first":"nobody""#);
    assert!(message.contains("`first` must be"), "{message}");
    let message = error(r#","moves":[],"extra":1"#);
    assert!(message.contains("extra"), "{message}");
    let (status, e) = api.post("/api/play", r#"{"game":"can-i-win","#);
    assert_eq!(
        (status, e["kind"].as_str()),
        (400, Some("invalid_input")),
        "{e}"
    );
    let (status, e) = api.post("/api/play", "[1, 2]");
    assert_eq!(
        (status, e["kind"].as_str()),
        (400, Some("invalid_input")),
        "{e}"
    );
    // A huge list of moves just under the body limit: refused at the first move too many.
    let huge = format!(r#"{{{game},"moves":[1{}]}}"#, ",1".repeat(400_000));
    let started = Instant::now();
    let (status, e) = api.post("/api/play", &huge);
    assert_eq!(status, 400, "{e}");
    assert!(
        e["error"].as_str().unwrap().contains("`moves[1]` (1)"),
        "{e}"
    );
    assert!(started.elapsed() < Duration::from_secs(10));
    // A Predict the Winner move that is not a side.
    let (status, e) = play(
        addr,
        r#""game":"predict-the-winner","values":[1,2]"#,
        r#","moves":["up"]"#,
    );
    assert_eq!(status, 400, "{e}");
    assert!(e["error"].as_str().unwrap().contains("l or left"), "{e}");
    // Still serving.
    let (status, _) = play(addr, game, "");
    assert_eq!(status, 200);
}

// ---------------------------------------------------------------------------
// time limit and connections

#[test]
fn serve_time_limit_is_checked_and_documented() {
    let output = Command::new(crate::common::cli::bin())
        .args(["serve", "--time-limit", "0", "--port", "0"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("--time-limit") && stderr.contains("zero"),
        "{stderr}"
    );
    let output = Command::new(crate::common::cli::bin())
        .args(["serve", "--time-limit", "soon", "--port", "0"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let output = Command::new(crate::common::cli::bin())
        .args(["serve", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&output.stdout);
    assert!(
        help.contains("--time-limit") && help.contains("[default: 5s]"),
        "{help}"
    );
}

#[test]
fn serve_growth_stops_at_the_time_limit() {
    // Deadline checks between the points need nothing from the kernels: at 1 ms the picture
    // stops early and says so.
    let api = Api::new(&["--time-limit", "1ms"]);
    let line = r#"{"game":"can-i-win","max_choosable":20,"desired_total":158}"#;
    let (status, growth) = api.post("/api/growth", line);
    assert_eq!(status, 200, "{growth}");
    assert_eq!(growth["stopped_at_time_limit"], true, "{growth}");
    assert_eq!(growth["time_limit"], "1ms");
    let last = growth["curves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["positions"][19].clone())
        .collect::<Vec<_>>();
    assert!(last.iter().all(Value::is_null), "{growth}");
    // With the default (5 s) the same picture is whole.
    let api = Api::new(&[]);
    let (_, growth) = api.post("/api/growth", line);
    assert_eq!(growth["stopped_at_time_limit"], false, "{growth}");
}

#[test]
fn serve_time_limit_stops_an_expensive_solve() {
    let api = Api::new(&["--time-limit", "1ms", "--node-budget", "1000000000000"]);
    let line = r#"{"game":"can-i-win","max_choosable":22,"desired_total":200}"#;
    let (status, answer) = api.post("/api/solve?backend=recursive", line);
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["kind"], "cannot_answer");
    assert!(
        answer["error"].as_str().unwrap().contains("time limit"),
        "{answer}"
    );
}

/// Threads of process `pid`.
fn threads(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/task"))
        .map(Iterator::count)
        .unwrap_or(0)
}

#[test]
fn serve_many_idle_connections_cost_no_threads() {
    if !Path::new("/proc/self/task").exists() {
        eprintln!("skipped: counting a process's threads needs /proc");
        return;
    }
    let server = Server::start(&["--threads", "8"]);
    let pid = server.child.id();
    let line = r#"{"game":"can-i-win","max_choosable":10,"desired_total":11}"#;
    assert_eq!(post(&server.addr, "/api/solve", line).0, 200);
    let before = threads(pid);
    // 8 connection threads and the accepting one.
    assert!(before <= 9, "{before} threads at rest");
    // 300 keep-alive connections that say nothing, and some that start a request and stall.
    let mut idle: Vec<TcpStream> = (0..300)
        .map(|_| TcpStream::connect(&server.addr).unwrap())
        .collect();
    for stream in idle.iter_mut().take(3) {
        stream
            .write_all(b"POST /api/solve HTTP/1.1\r\nHost: x\r\n")
            .unwrap();
    }
    thread::sleep(Duration::from_millis(500));
    let during = threads(pid);
    assert!(during <= 9, "{during} threads with 300 idle connections");
    // A normal request still gets its answer (an idle connection makes room for it).
    let started = Instant::now();
    let (status, answer) = post(&server.addr, "/api/solve", line);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["outcome"], "second");
    assert!(started.elapsed() < Duration::from_secs(5));
    eprintln!("threads: {before} at rest, {during} with 300 idle connections");
    drop(idle);
    assert_eq!(post(&server.addr, "/api/solve", line).0, 200);
    assert!(threads(pid) <= 9);
}

#[test]
fn serve_keeps_a_connection_alive_between_requests() {
    let server = Server::start(&[]);
    let mut stream = TcpStream::connect(&server.addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let body = r#"{"game":"can-i-win","max_choosable":10,"desired_total":11}"#;
    let one = format!(
        "POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    for _ in 0..3 {
        stream.write_all(one.as_bytes()).unwrap();
        let mut status = String::new();
        reader.read_line(&mut status).unwrap();
        assert!(status.starts_with("HTTP/1.1 200"), "{status}");
        let mut length = 0;
        loop {
            let mut header = String::new();
            reader.read_line(&mut header).unwrap();
            if header == "\r\n" {
                break;
            }
            if let Some(v) = header.to_ascii_lowercase().strip_prefix("content-length:") {
                length = v.trim().parse().unwrap();
            }
        }
        let mut answer = vec![0; length];
        reader.read_exact(&mut answer).unwrap();
        let answer: Value = serde_json::from_slice(&answer).unwrap();
        assert_eq!(answer["outcome"], "second");
    }
}

// ---------------------------------------------------------------------------
// hostile requests: a 4xx, and the server goes on

#[test]
fn serve_refuses_hostile_requests_and_keeps_serving() {
    let server = Server::start(&[]);
    let addr = server.addr.as_str();
    let line = r#"{"game":"can-i-win","max_choosable":10,"desired_total":11}"#;
    let cases: Vec<(&str, (u16, String))> = vec![
        ("unknown path", get(addr, "/nope")),
        ("traversal", get(addr, "/../etc/passwd")),
        ("traversal in assets", get(addr, "/assets/../../Cargo.toml")),
        ("encoded traversal", get(addr, "/%2e%2e/%2e%2e/etc/passwd")),
        ("HEAD", request(addr, "HEAD", "/", "", "")),
        ("DELETE", request(addr, "DELETE", "/api/solve", "", "")),
        ("GET on a POST route", get(addr, "/api/solve")),
        ("POST on a GET route", request(addr, "POST", "/api/backends", "application/json", "{}")),
        ("no content type", request(addr, "POST", "/api/solve", "", line)),
        ("text/plain", request(addr, "POST", "/api/solve", "text/plain", line)),
        ("form", request(addr, "POST", "/api/trace", "application/x-www-form-urlencoded", line)),
        ("malformed JSON", request(addr, "POST", "/api/solve", "application/json", "{\"game\":")),
        ("malformed trace", request(addr, "POST", "/api/trace", "application/json", "{{{")),
        ("empty body", request(addr, "POST", "/api/solve", "application/json", "")),
        ("not UTF-8", raw(addr, b"POST /api/solve HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 4\r\n\r\n\xff\xfe\x00{")),
    ];
    let expected = [
        404, 404, 404, 404, 405, 405, 405, 405, 415, 415, 415, 400, 400, 400, 400,
    ];
    for ((name, (status, body)), want) in cases.iter().zip(expected) {
        assert_eq!(*status, want, "{name}: {body}");
        if *status != 405 || *name != "HEAD" {
            let value: Value = serde_json::from_str(body).unwrap_or(json!({}));
            assert!(value["kind"].is_string(), "{name}: {body}");
        }
    }
    // A body over 1 MiB, announced or not.
    let big = format!(
        "{{\"game\":\"predict-the-winner\",\"values\":[{}1]}}",
        "1,".repeat(600_000)
    );
    let (status, _) = request(addr, "POST", "/api/solve", "application/json", &big);
    assert_eq!(status, 413);
    let mut chunked = format!(
        "POST /api/solve HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: \
         application/json\r\nTransfer-Encoding: chunked\r\n\r\n{:x}\r\n",
        big.len()
    );
    chunked.push_str(&big);
    chunked.push_str("\r\n0\r\n\r\n");
    let (status, _) = raw(addr, chunked.as_bytes());
    assert_eq!(status, 413);
    // Garbage, and connections that say nothing.
    for garbage in [&b"\x00\x01\x02 garbage\r\n\r\n"[..], b"GET\r\n\r\n", b""] {
        let mut stream = TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        let _ = stream.write_all(garbage);
        let _ = stream.shutdown(std::net::Shutdown::Write);
        let _ = stream.read_to_end(&mut Vec::new());
    }
    // Still serving.
    let (status, answer) = post(addr, "/api/solve", line);
    assert_eq!(status, 200);
    assert_eq!(answer["outcome"], "second");
}

#[test]
fn serve_refuses_solves_beyond_its_limit_with_503() {
    let server = Server::start(&["--max-solves", "1", "--threads", "4"]);
    let addr = Arc::new(server.addr.clone());
    // Slow on purpose: plain recursion until its budget runs out.
    let line = r#"{"game":"can-i-win","max_choosable":30,"desired_total":400}"#;
    let barrier = Arc::new(Barrier::new(4));
    let handles: Vec<_> = (0..4)
        .map(|_| {
            let (addr, barrier) = (Arc::clone(&addr), Arc::clone(&barrier));
            thread::spawn(move || {
                barrier.wait();
                post(&addr, "/api/solve?backend=recursive", line).0
            })
        })
        .collect();
    let statuses: Vec<u16> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert!(statuses.contains(&503), "{statuses:?}");
    assert!(
        statuses.iter().all(|s| [503, 422].contains(s)),
        "{statuses:?}"
    );
    // The slots are given back.
    let (status, _) = post(
        &addr,
        "/api/solve",
        r#"{"game":"can-i-win","max_choosable":10,"desired_total":11}"#,
    );
    assert_eq!(status, 200);
}

#[test]
fn serve_reports_an_address_it_cannot_bind() {
    let output = Command::new(crate::common::cli::bin())
        .args(["serve", "--host", "256.0.0.1", "--port", "0"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("cannot listen on 256.0.0.1:0"), "{stderr}");
}

// ---------------------------------------------------------------------------
// the page in a real browser

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// A WebDriver session on a chromedriver child, both ended when dropped.
pub(crate) struct Browser {
    driver: Child,
    addr: String,
    session: String,
    _profile: tempfile::TempDir,
}

impl Browser {
    pub(crate) fn start() -> Browser {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let addr = format!("127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(30);
        while TcpStream::connect(&addr).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not start");
            thread::sleep(Duration::from_millis(100));
        }
        let profile = tempfile::tempdir().unwrap();
        let mut browser = Browser {
            driver,
            addr,
            session: String::new(),
            _profile: profile,
        };
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--no-first-run", "--window-size=1280,1500",
                    format!("--user-data-dir={}", browser._profile.path().display()),
                ],
            },
        }}});
        let reply = browser.call("POST", "/session", &capabilities);
        browser.session = reply["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {reply}"))
            .to_owned();
        browser
    }

    pub(crate) fn call(&self, method: &str, path: &str, body: &Value) -> Value {
        let body = if method == "GET" {
            String::new()
        } else {
            body.to_string()
        };
        let (_, text) = request(
            &self.addr,
            method,
            path,
            "application/json; charset=utf-8",
            &body,
        );
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
    }

    pub(crate) fn session(&self, method: &str, path: &str, body: &Value) -> Value {
        let reply = self.call(method, &format!("/session/{}{path}", self.session), body);
        assert!(
            reply["value"].get("error").is_none(),
            "{method} {path}: {reply}"
        );
        reply["value"].clone()
    }

    /// Runs `script` (a function body) in the page and returns its value.
    pub(crate) fn eval(&self, script: &str) -> Value {
        self.session(
            "POST",
            "/execute/sync",
            &json!({"script": script, "args": []}),
        )
    }

    /// The WebDriver id of the first element matching `css`.
    pub(crate) fn find(&self, css: &str) -> String {
        let found = self.session(
            "POST",
            "/element",
            &json!({"using": "css selector", "value": css}),
        );
        found
            .as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .unwrap()
            .to_owned()
    }

    pub(crate) fn click(&self, css: &str) {
        let id = self.find(css);
        self.session("POST", &format!("/element/{id}/click"), &json!({}));
    }

    /// Types `keys` into the element matching `css`, as a keyboard would (`\u{E007}` is
    /// Enter).
    pub(crate) fn keys(&self, css: &str, keys: &str) {
        let id = self.find(css);
        self.session(
            "POST",
            &format!("/element/{id}/value"),
            &json!({"text": keys}),
        );
    }

    pub(crate) fn text(&self, id: &str) -> String {
        let value = self.eval(&format!(
            "return document.getElementById('{id}').textContent;"
        ));
        value.as_str().unwrap_or_default().to_owned()
    }

    /// Waits (at most 90 s: a wait of 30 s once ran out on a machine at load 3 with a 16 GiB
    /// scan beside it) until `script` returns true; on time-out, says what the page showed
    /// then. A wait that succeeds returns as soon as the page is ready.
    pub(crate) fn wait_for(&self, script: &str) {
        let deadline = Instant::now() + Duration::from_secs(90);
        while self.eval(script) != Value::Bool(true) {
            if Instant::now() >= deadline {
                let page = self.eval("return document.body.innerText;");
                panic!(
                    "timed out waiting for {script}\nthe page showed:\n{}",
                    page.as_str().unwrap_or_default()
                );
            }
            thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = self.call("DELETE", &format!("/session/{}", self.session), &json!({}));
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Whether Chromium and chromedriver are there; says how to get them when not.
pub(crate) fn have_browser() -> bool {
    let there = Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists();
    if !there {
        eprintln!(
            "skipped: the browser test needs {CHROMIUM} and {CHROMEDRIVER}; install them with \
             `apt-get update && apt-get install -y chromium chromium-driver`"
        );
    }
    there
}

#[test]
fn serve_play_in_headless_chromium() {
    if !have_browser() {
        return;
    }
    let server = Server::start(&[]);
    let browser = Browser::start();
    browser.session("POST", "/url", &json!({"url": server.url()}));
    browser.wait_for("return document.querySelectorAll('#trace-backend option').length > 0;");
    browser.eval(
        "document.getElementById('n').value = '4'; document.getElementById('t').value = '6'; \
         return true;",
    );
    browser.click("#play-new");
    browser.wait_for("return document.querySelectorAll('#play-moves button').length === 4;");
    assert_eq!(browser.text("play-board"), "Pool: 1 2 3 4   total 0 of 6");
    assert_eq!(browser.text("play-result"), "Your move.");
    // The hints are hidden until asked for, then each move shows its value and remoteness in
    // words ("lose in 2", not "remoteness 2").
    let visible = "return [...document.querySelectorAll('#play-moves .hint')]\
                   .filter((h) => h.offsetParent !== null).length;";
    assert_eq!(browser.eval(visible), 0);
    browser.click("#play-hints");
    assert_eq!(browser.eval(visible), 4);
    let hints = browser.eval(
        "return [...document.querySelectorAll('#play-moves .hint')].map((h) => h.textContent);",
    );
    assert_eq!(
        hints,
        json!(["win in 3", "lose in 2", "lose in 2", "lose in 2"])
    );
    // A losing move: the computer answers 4 and wins, in `play`'s words.
    browser.click("#play-moves button[data-move='2']");
    browser.wait_for("return document.getElementById('play-result').textContent !== 'Your move.';");
    assert_eq!(
        browser.text("play-result"),
        "The computer wins: the total 6 reaches 6."
    );
    let log = browser
        .eval("return [...document.querySelectorAll('#play-log li')].map((l) => l.textContent);");
    assert_eq!(
        log,
        json!(["You take 2: total 2 of 6", "Computer takes 4: total 6 of 6"])
    );
    assert_eq!(
        browser.eval("return document.querySelectorAll('#play-moves button').length;"),
        0
    );
    // Undo takes back the move and the reply.
    browser.click("#play-undo");
    browser.wait_for("return document.querySelectorAll('#play-moves button').length === 4;");
    assert_eq!(browser.text("play-result"), "Your move.");
    assert_eq!(browser.text("play-board"), "Pool: 1 2 3 4   total 0 of 6");
    // The winning move, from the keyboard: the move buttons take focus and Enter.
    browser.keys("#play-moves button[data-move='1']", "\u{E007}");
    browser.wait_for("return document.querySelectorAll('#play-log li').length === 2;");
    if std::env::var_os("GAMESOLVE_SCREENSHOT").is_some() {
        let id = browser.find("#play-panel");
        let png = browser.session("GET", &format!("/element/{id}/screenshot"), &json!({}));
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/serve-play.png");
        std::fs::write(&path, base64_decode(png.as_str().unwrap())).unwrap();
        eprintln!("wrote {}", path.display());
    }
    // Then the best move each time (the first hint, best first, is a win) to the end.
    for _ in 0..3 {
        if browser.eval("return document.querySelectorAll('#play-moves button').length;") == 0 {
            break;
        }
        let best = browser.eval(
            "return [...document.querySelectorAll('#play-moves button')].find((b) => \
             b.querySelector('.hint').textContent.startsWith('win')).dataset.move;",
        );
        let before = browser.eval("return document.querySelectorAll('#play-log li').length;");
        browser.click(&format!(
            "#play-moves button[data-move='{}']",
            best.as_str().unwrap()
        ));
        browser.wait_for(&format!(
            "return document.querySelectorAll('#play-log li').length > {before};"
        ));
    }
    let result = browser.text("play-result");
    assert!(result.starts_with("You win: the total"), "{result}");
}

#[test]
fn explain_html_is_self_contained_and_steps_from_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("memo.html");
    let output = Command::new(crate::common::cli::bin())
        .args([
            "explain",
            "can-i-win",
            "5",
            "11",
            "--backend",
            "memo",
            "--html",
        ])
        .arg(&path)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let html = std::fs::read_to_string(&path).unwrap();
    // Nothing outside the file: no URL but the SVG namespace, no `src=` or stylesheet link.
    let without_svg = html.replace("http://www.w3.org/2000/svg", "");
    assert!(!without_svg.contains("http://") && !without_svg.contains("https://"));
    assert!(
        !html.contains("src=") && !html.contains("<link"),
        "external reference"
    );
    // The trace is inside: the 43 events of memo (memo/textbook) on 5 11: 17 calls, 17
    // returns, 9 memo hits.
    let start = html.find("id=\"trace-data\">").unwrap() + "id=\"trace-data\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    let trace: Value = serde_json::from_str(&html[start..end]).unwrap();
    assert_eq!(trace["events"].as_array().unwrap().len(), 43);
    assert_eq!(trace["headline"], "Second player wins");
    // `--html -` writes the same file to standard output.
    let output = Command::new(crate::common::cli::bin())
        .args([
            "explain",
            "can-i-win",
            "5",
            "11",
            "--backend",
            "memo",
            "--html",
            "-",
        ])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(output.stdout).unwrap(), html);
    // A cut trace says so.
    let output = Command::new(crate::common::cli::bin())
        .args([
            "explain",
            "can-i-win",
            "16",
            "100",
            "--backend",
            "memo/dense",
            "--html",
            "-",
        ])
        .args(["--max-html-steps", "500"])
        .output()
        .unwrap();
    let cut = String::from_utf8(output.stdout).unwrap();
    assert!(
        cut.contains("the first 500 steps of 131,324"),
        "{}",
        &cut[..2000]
    );
    // A path that cannot be written: a clear message, exit 2, as for `--dot`.
    let output = Command::new(crate::common::cli::bin())
        .args(["explain", "can-i-win", "5", "11", "--html"])
        .arg(dir.path().join("no/such/dir/x.html"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("cannot write the HTML file"), "{stderr}");

    // Opened from disk in a real browser: the steps render and stepping works.
    if !have_browser() {
        return;
    }
    let browser = Browser::start();
    browser.session(
        "POST",
        "/url",
        &json!({"url": format!("file://{}", path.display())}),
    );
    browser.wait_for("return document.querySelectorAll('#graph .node').length === 17;");
    assert_eq!(browser.text("step-note"), "step 1 of 43");
    browser.click("#step");
    browser.click("#step");
    assert_eq!(browser.text("step-note"), "step 3 of 43");
    browser.eval(
        "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft'})); return 1;",
    );
    assert_eq!(browser.text("step-note"), "step 2 of 43");
    assert!(browser.text("trace-title").contains("memo/"));
}

#[test]
fn serve_page_in_headless_chromium() {
    if !have_browser() {
        return;
    }
    let server = Server::start(&[]);
    let browser = Browser::start();
    browser.session("POST", "/url", &json!({"url": server.url()}));
    browser.wait_for("return document.querySelectorAll('#trace-backend option').length > 0;");
    // Can I Win 5 11, traced with memo.
    browser.eval(
        "document.getElementById('n').value = '5'; document.getElementById('t').value = '11'; \
         document.getElementById('trace-backend').value = 'memo/auto'; return true;",
    );
    browser.click("#solve");
    browser.wait_for("return document.querySelectorAll('#graph .node').length === 9;");
    let answer = browser.eval("return document.getElementById('answer').textContent;");
    assert!(
        answer.as_str().unwrap().contains("Second player wins"),
        "{answer}"
    );
    // Each backend's counters side by side: memo's column says 9 positions, 2 memo hits.
    let table = browser.eval("return document.getElementById('counters').innerText;");
    let table = table.as_str().unwrap();
    assert!(
        table.contains("memo/auto") && table.contains("tabular/word"),
        "{table}"
    );
    // What the automatic choices ran: the dense memo, the one-core word table.
    assert!(
        table.contains("variant run") && table.contains("memo/dense"),
        "{table}"
    );
    assert!(table.contains("tabular/word-one-core"), "{table}");
    // Step through: the first step enters the start, the arrow key steps on.
    assert_eq!(
        browser.eval("return document.getElementById('step-note').textContent;"),
        "step 1 of 20"
    );
    browser.click("#step");
    browser.click("#step");
    browser.eval(
        "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight'})); return 1;",
    );
    assert_eq!(
        browser.eval("return document.getElementById('step-note').textContent;"),
        "step 4 of 20"
    );
    assert_eq!(
        browser.eval("return document.querySelectorAll('#graph .node.current').length;"),
        1
    );
    assert_eq!(
        browser.eval("return document.querySelectorAll('#graph .node.memo-hit').length;"),
        0
    );
    for _ in 4..20 {
        browser.click("#step");
    }
    assert_eq!(
        browser.eval("return document.getElementById('step-note').textContent;"),
        "step 20 of 20"
    );
    // The DAG: 9 positions, all solved, the memo hits marked.
    assert_eq!(
        browser.eval("return document.querySelectorAll('#graph .node').length;"),
        9
    );
    assert_eq!(
        browser.eval("return document.querySelectorAll('#graph .node.pending').length;"),
        0
    );
    assert_eq!(
        browser.eval("return document.querySelectorAll('#graph .edge.memo-hit').length;"),
        2
    );
    assert!(
        browser
            .eval("return document.querySelectorAll('#graph .node.memo-hit').length;")
            .as_u64()
            .unwrap()
            >= 1
    );
    let current = browser.eval("return document.getElementById('current').textContent;");
    assert!(
        current.as_str().unwrap().contains("{} total 0: loses"),
        "{current}"
    );
    // Back to the middle for the picture.
    browser.eval(
        "const s = document.getElementById('slider'); s.value = '13'; \
         s.dispatchEvent(new Event('input')); return 1;",
    );
    if std::env::var_os("GAMESOLVE_SCREENSHOT").is_some() {
        // The whole page in one picture: a window as tall as the page, scrolled to its top.
        let height = browser.eval("return document.documentElement.scrollHeight;");
        browser.session(
            "POST",
            "/window/rect",
            &json!({"width": 1280, "height": height.as_u64().unwrap_or(1500) + 140}),
        );
        browser.eval("window.scrollTo(0, 0); return 1;");
        let png = browser.session("GET", "/screenshot", &json!({}));
        let bytes = base64_decode(png.as_str().unwrap());
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/serve.png");
        std::fs::write(&path, bytes).unwrap();
        eprintln!("wrote {}", path.display());
    }
}

#[test]
fn serve_page_offers_a_game_added_by_an_example_in_headless_chromium() {
    if !have_browser() {
        return;
    }
    let server = Server::start_program(&example("subtraction_game"), &[]);
    let browser = Browser::start();
    browser.session("POST", "/url", &json!({"url": server.url()}));
    browser.wait_for("return document.querySelectorAll('#trace-backend option').length > 0;");
    // The picker is the game table: the built-in games and the example's, by title.
    let options = browser.eval(
        "return [...document.querySelectorAll('#game option')].map((o) => [o.value, o.textContent]);",
    );
    assert_eq!(
        options,
        json!([
            ["can-i-win", "Can I Win"],
            ["predict-the-winner", "Predict the Winner"],
            ["cat-and-mouse", "Cat and Mouse"],
            ["subtraction-1-3-4", "Subtraction game {1, 3, 4}"]
        ])
    );
    // The first game's rules show from the start, its form filled from its first example.
    assert!(browser.text("rules").contains("shared pool"));
    assert_eq!(
        browser.eval("return document.getElementById('n').value;"),
        "5"
    );
    // Picking the example's game: its one parameter, its rules, its first example.
    browser.eval(
        "const s = document.getElementById('game'); s.value = 'subtraction-1-3-4'; \
         s.dispatchEvent(new Event('change')); return true;",
    );
    assert!(browser.text("rules").contains("pile of stones"));
    let inputs = browser.eval(
        "return [...document.querySelectorAll('#params input')].map((i) => \
         [i.dataset.param, i.type, i.value]);",
    );
    assert_eq!(inputs, json!([["stones", "number", "22"]]));
    browser.wait_for("return document.querySelectorAll('#trace-backend option').length > 0;");
    browser.click("#solve");
    browser.wait_for(
        "return document.getElementById('answer').textContent.startsWith('First player wins');",
    );
    assert_eq!(browser.text("answer"), "First player wins: take 1");
    // The picture of the trace: the DAG, or the fold view the first visit opened.
    browser.wait_for("return document.querySelectorAll('#view .node').length > 0;");
    // And played with the generic rules: from 22, `take 1` is the winning move.
    browser.click("#play-new");
    browser.wait_for("return document.querySelectorAll('#play-moves button').length === 3;");
    assert_eq!(browser.text("play-board"), "pile 22");
    browser.click("#play-moves button[data-move='take 1']");
    browser.wait_for("return document.querySelectorAll('#play-log li').length === 2;");
    let log = browser.eval("return document.querySelector('#play-log li').textContent;");
    assert_eq!(log, "You play take 1: pile 21");
}

/// Standard base64, for the screenshot.
pub(crate) fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let clean: Vec<u8> = text
        .bytes()
        .filter(|c| c.is_ascii_alphanumeric() || *c == b'+' || *c == b'/')
        .collect();
    let mut out = Vec::with_capacity(clean.len() * 3 / 4);
    for chunk in clean.chunks(4) {
        let v: Vec<u32> = chunk.iter().map(|&c| u32::from(value(c))).collect();
        let n = v.iter().fold(0, |acc, x| (acc << 6) | x) << (6 * (4 - v.len()));
        let bytes = n.to_be_bytes();
        out.extend_from_slice(&bytes[1..v.len()]);
    }
    out
}
