//! The JSON API, mostly in process (the `Api` fixture), as `batch` answers it: `/api/solve`,
//! `/api/trace`, `/api/growth`, `/api/backends`, `/api/games`, a game an example adds, the page.

use super::*;

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
            // And the variant that ran, `backend/kernel`: whose counts these are.
            let ran = answer.as_object_mut().unwrap().remove("ran");
            let kernel = format!("{}/{}", expected["backend"], expected["kernel"]).replace('"', "");
            assert_eq!(
                ran.as_ref().and_then(Value::as_str),
                Some(kernel.as_str()),
                "{line}"
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
    assert_eq!(
        answer.as_object_mut().unwrap().remove("ran"),
        Some(json!("memo/dense"))
    );
    assert_eq!(answer, batch(&[line], &["--backend", "memo/dense"])[0]);
    assert_eq!(answer["variant"], "dense");
    // A bare `memo` says which variant ran: its automatic choice ran the dense kernel (the
    // page labels the column with it; the step-through's memo/textbook is another variant).
    let small = r#"{"game":"can-i-win","max_choosable":5,"desired_total":11}"#;
    let (status, answer) = api.post("/api/solve?backend=memo", small);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        (
            &answer["variant"],
            &answer["ran"],
            &answer["stats"]["positions"]
        ),
        (&json!("auto"), &json!("memo/dense"), &json!(9)),
        "{answer}"
    );
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
    // The limit that made the backend give up, by its `Limits` field (issue 42).
    assert_eq!(answer["limit"], "node_budget", "{answer}");
    // An invalid parameter names it, on `/api/solve`, `/api/trace` and `/api/play` alike.
    let bad = r#"{"game":"can-i-win","max_choosable":65,"desired_total":10}"#;
    for path in ["/api/solve", "/api/trace", "/api/play"] {
        let (status, answer) = api.post(path, bad);
        assert_eq!(status, 400, "{path}: {answer}");
        assert_eq!(answer["field"], "max_choosable", "{path}: {answer}");
        assert!(answer.get("limit").is_none(), "{path}: {answer}");
    }
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
    // Issue 44: the size axis's name, and each curve's fits as `growth` fits them (the memo
    // has its microseconds from n = 10 on: enough points).
    assert_eq!(growth["axis"], "n (largest integer)");
    for c in curves.iter().filter(|c| c["backend"] == "memo") {
        let fit = &c["fit"];
        assert!(
            ["power", "exponential"].contains(&fit["best"].as_str().unwrap()),
            "{c}"
        );
        assert!(fit["exponential"]["factor"].as_f64().unwrap() > 1.0, "{c}");
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
            "connect-four",
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

/// `/api/limits` is written from the server's limits: its own defaults (`SERVE_DEFAULTS`,
/// `TRACE_DEFAULTS`) where `serve` gives none, the command line's where it does.
#[test]
fn serve_limits_are_the_defaults_or_the_flags() {
    let (status, text) = Api::new(&[]).get("/api/limits");
    assert_eq!(status, 200, "{text}");
    let limits: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        limits,
        json!({"trace_node_budget": 1_000_000, "node_budget_cap": 10_000_000, "time_limit": "5s"})
    );
    let api = Api::new(&["--node-budget", "5000", "--time-limit", "2s"]);
    let limits: Value = serde_json::from_str(&api.get("/api/limits").1).unwrap();
    assert_eq!(
        limits,
        json!({"trace_node_budget": 5000, "node_budget_cap": 5000, "time_limit": "2s"})
    );
    // A trace may ask for up to the cap, and no more.
    let line = r#""game":"can-i-win","max_choosable":4,"desired_total":6,"backend":"recursive""#;
    let (status, _) = api.post("/api/trace", &format!("{{{line},\"node_budget\":5000}}"));
    assert_eq!(status, 200);
    let (status, e) = api.post("/api/trace", &format!("{{{line},\"node_budget\":5001}}"));
    assert_eq!(status, 400, "{e}");
    assert!(
        e["error"].as_str().unwrap().contains("from 1 to 5000"),
        "{e}"
    );
}
