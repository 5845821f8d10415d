//! The server's limits over sockets: the time limit, idle and kept-alive connections, hostile
//! requests (a 4xx, and the server goes on), solves beyond `--max-solves`, an address it cannot
//! bind.

use super::*;

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
