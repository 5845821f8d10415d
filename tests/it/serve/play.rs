//! `/api/play`: the game after the moves, the computer's reply and the hint, as `play` does.

use super::*;

// playing against the perfect opponent

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
