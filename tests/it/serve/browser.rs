//! The page in a real headless Chromium through WebDriver (skipped, with how to enable it,
//! when Chromium is missing), and `explain --html`'s file.

use super::*;

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
    // Step through: the first step enters the start, the arrow key steps on. The first visit's
    // own trace (the same game, opened at step 0) can still be on screen when the nodes are
    // counted: wait for the solve's trace to be shown.
    browser.wait_for("return document.getElementById('step-note').textContent === 'step 1 of 20';");
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
    // The title names the variant asked for and the kernel it ran.
    assert_eq!(browser.text("trace-title"), "(memo/auto, ran memo/dense)");
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
            ["connect-four", "Connect Four"],
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
