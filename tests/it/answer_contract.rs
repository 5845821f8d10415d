//! One answer contract for every game (issue 27): every game of the table of `gamesolve` and
//! of the two example programs (`examples/subtraction_game.rs`, `examples/stone_game_ii.rs`,
//! whose tables add their game to the built-in ones) goes through one schema check, for
//! `analyze --json` and for `serve`'s `/api/play` (the JSON of `play`'s hints).
//!
//! The schema (`crates/gamesolve/src/contract/analysis.rs` words it): `outcome` (`first`,
//! `second`, `draw`), `value` (`win`, `lose`, `draw` for the player to move), `margin` for a
//! scoring game (and only there), `remoteness` (a count, or `null` for a draw that never
//! ends, never the engine's `u32::MAX`), `moves` best first (each with `move`, `value`,
//! `remoteness`, and `margin` for a scoring game), `principal_variation` (plies with `player`
//! and `move`); a game's own fields beside them. The checks also tie the fields together
//! (the outcome follows from the value and the player to move, the first move is the best
//! and the position's value is its value, the line of play starts with it), so a game that
//! fills a field with the wrong words or the wrong number fails.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
#[cfg(feature = "serve")]
use serde_json::{json, Map};

#[cfg(feature = "serve")]
use crate::serve::{post, Server};

/// Whether this build has a backend for `name`: Cat and Mouse is solved by
/// `tabular/retrograde` only, which the single-backend builds `recursive` and `memo` lack.
fn solvable_in_this_build(name: &str) -> bool {
    name != "cat-and-mouse" || gamesolve::Backend::Tabular.is_available()
}

/// The games whose values are margins: their answers must carry `margin`. Connect Four's
/// value is its test sets' score, a number reported as `margin` (and `score`) too.
const SCORING: [&str; 3] = ["predict-the-winner", "stone-game-ii", "connect-four"];

/// Plies of `--moves #1,#1,…` (the first move listed, in every game) analysed after the start, at most, per example.
const PLIES: usize = 6;

/// Moves played through `/api/play` per game at most (a draw by repetition ends sooner).
#[cfg(feature = "serve")]
const PLAYED: usize = 40;

/// The `gamesolve` program and the example programs, each with its game table.
fn programs() -> Vec<PathBuf> {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_gamesolve"));
    let examples = bin.parent().unwrap().join("examples");
    let mut programs = vec![bin];
    for name in ["subtraction_game", "stone_game_ii"] {
        let path = examples.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
        assert!(
            path.exists(),
            "{}: not built (`cargo test` builds the examples)",
            path.display()
        );
        programs.push(path);
    }
    programs
}

/// Runs `program` with `args`; the standard output of a successful run as JSON.
fn json_of(program: &Path, args: &[String]) -> Value {
    let output = Command::new(program).args(args).output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        output.status.success(),
        "{} {args:?}: {}{stdout}",
        program.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{args:?}: {e}: {stdout}"))
}

/// Every game of every program's table, each once (by name), with the program offering it:
/// the built-in games, then each example program's own game.
fn every_game() -> Vec<(PathBuf, Value)> {
    let mut seen = BTreeSet::new();
    let mut games = Vec::new();
    for program in programs() {
        let table = json_of(&program, &["games".to_owned(), "--json".to_owned()]);
        let before = games.len();
        for info in table.as_array().unwrap() {
            let name = info["name"].as_str().unwrap().to_owned();
            if seen.insert(name) {
                games.push((program.clone(), info.clone()));
            }
        }
        assert!(
            games.len() > before,
            "{} adds no game of its own to the table",
            program.display()
        );
    }
    let names: Vec<&str> = games
        .iter()
        .map(|(_, info)| info["name"].as_str().unwrap())
        .collect();
    for name in [
        "can-i-win",
        "predict-the-winner",
        "cat-and-mouse",
        "connect-four",
        "stone-game-ii",
    ] {
        assert!(names.contains(&name), "{name} is not in {names:?}");
    }
    games
}

/// One of the words `allowed`, or a failure naming the field.
fn word<'a>(value: &'a Value, field: &str, allowed: &[&str], at: &str) -> &'a str {
    let text = value[field]
        .as_str()
        .unwrap_or_else(|| panic!("{at}: `{field}` is not a string: {value}"));
    assert!(
        allowed.contains(&text),
        "{at}: `{field}` is {text:?}, not one of {allowed:?}: {value}"
    );
    text
}

/// A remoteness: a count, or `null` (a draw that never ends), never the engine's sentinel.
fn remoteness(value: &Value, at: &str) -> Option<u64> {
    let field = &value["remoteness"];
    assert!(
        value.get("remoteness").is_some(),
        "{at}: no `remoteness`: {value}"
    );
    if field.is_null() {
        assert_eq!(
            value["value"], "draw",
            "{at}: only a draw never ends: {value}"
        );
        return None;
    }
    let count = field
        .as_u64()
        .unwrap_or_else(|| panic!("{at}: `remoteness` is not a count: {value}"));
    assert!(
        count < u64::from(u32::MAX),
        "{at}: the sentinel leaked: {value}"
    );
    Some(count)
}

/// The margin of a scoring game (its sign agreeing with `value`); none for the others.
fn margin(value: &Value, scoring: bool, at: &str) -> Option<i64> {
    if !scoring {
        assert!(
            value.get("margin").is_none(),
            "{at}: a win/lose/draw game has no margin: {value}"
        );
        return None;
    }
    let margin = value["margin"]
        .as_i64()
        .unwrap_or_else(|| panic!("{at}: a scoring game's `margin` is an integer: {value}"));
    let expected = match margin.signum() {
        1 => "win",
        -1 => "lose",
        _ => "draw",
    };
    assert_eq!(value["value"], expected, "{at}: margin {margin}: {value}");
    Some(margin)
}

/// A move as the contract gives it: its words or its number.
fn a_move(value: &Value, at: &str) -> Value {
    let mv = value["move"].clone();
    assert!(
        mv.is_string() || mv.is_i64() || mv.is_u64(),
        "{at}: `move` is a string or a number: {value}"
    );
    mv
}

/// The rank of a value for the player it belongs to: larger is better.
fn rank(value: &str) -> i32 {
    match value {
        "win" => 1,
        "draw" => 0,
        _ => -1,
    }
}

/// The outcome when `player` has `value`.
fn outcome_of(player: &str, value: &str) -> &'static str {
    let other = if player == "first" { "second" } else { "first" };
    match value {
        "win" if player == "first" => "first",
        "win" => "second",
        "lose" if other == "first" => "first",
        "lose" => "second",
        _ => "draw",
    }
}

/// The moves best first: each well formed, in order of value (of margin for a scoring game),
/// the first one's value the position's.
fn check_moves(moves: &[Value], position: &Value, scoring: bool, at: &str) {
    for (k, m) in moves.iter().enumerate() {
        let at = format!("{at} move #{k}");
        a_move(m, &at);
        word(m, "value", &["win", "lose", "draw"], &at);
        remoteness(m, &at);
        margin(m, scoring, &at);
    }
    for pair in moves.windows(2) {
        if scoring {
            assert!(
                pair[0]["margin"].as_i64() >= pair[1]["margin"].as_i64(),
                "{at}: not best first: {pair:?}"
            );
        } else {
            assert!(
                rank(pair[0]["value"].as_str().unwrap())
                    >= rank(pair[1]["value"].as_str().unwrap()),
                "{at}: not best first: {pair:?}"
            );
        }
    }
    if let Some(best) = moves.first() {
        assert_eq!(best["value"], position["value"], "{at}: {position}");
        assert_eq!(best["margin"], position["margin"], "{at}: {position}");
        assert_eq!(
            best["remoteness"], position["remoteness"],
            "{at}: {position}"
        );
    }
}

/// `analyze --json` of one position, through the schema.
fn check_analysis(answer: &Value, name: &str, at: &str) {
    let scoring = SCORING.contains(&name);
    assert_eq!(answer["game"], name, "{at}");
    let to_move = word(answer, "to_move", &["first", "second"], at);
    let outcome = word(answer, "outcome", &["first", "second", "draw"], at);
    let value = word(answer, "value", &["win", "lose", "draw"], at);
    assert_eq!(outcome, outcome_of(to_move, value), "{at}: {answer}");
    margin(answer, scoring, at);
    let far = remoteness(answer, at);
    let moves = answer["moves"]
        .as_array()
        .unwrap_or_else(|| panic!("{at}: `moves` is a list: {answer}"));
    check_moves(moves, answer, scoring, at);
    if moves.is_empty() {
        assert_eq!(far, Some(0), "{at}: the game is over: {answer}");
    }
    let line = answer["principal_variation"]
        .as_array()
        .unwrap_or_else(|| panic!("{at}: `principal_variation` is a list: {answer}"));
    if answer.get("principal_variation_omitted").is_some() {
        assert!(line.is_empty(), "{at}: {answer}");
        return;
    }
    let mut player = to_move;
    for (k, ply) in line.iter().enumerate() {
        let at = format!("{at} ply #{k}");
        assert_eq!(ply["player"], player, "{at}: {answer}");
        a_move(ply, &at);
        player = if player == "first" { "second" } else { "first" };
    }
    match (line.first(), moves.first()) {
        (Some(first), Some(best)) => assert_eq!(first["move"], best["move"], "{at}: {answer}"),
        (None, best) => assert!(
            best.is_none() || far.is_none(),
            "{at}: a line of play is missing: {answer}"
        ),
        (Some(_), None) => panic!("{at}: a line of play after the end: {answer}"),
    }
    if let Some(far) = far {
        assert_eq!(
            line.len() as u64,
            far,
            "{at}: the line lasts the remoteness"
        );
    }
}

/// An example's command-line words (`--graph '[[1],[0]]'` unquoted as a shell would).
fn words(example: &str) -> Vec<String> {
    shlex::split(example).unwrap()
}

#[test]
fn analyze_json_of_every_game_follows_one_schema() {
    for (program, info) in every_game() {
        let name = info["name"].as_str().unwrap();
        if !solvable_in_this_build(name) {
            continue;
        }
        for example in info["examples"].as_array().unwrap() {
            let example = example.as_str().unwrap();
            for plies in 0..=PLIES {
                let mut args = vec!["analyze".to_owned(), name.to_owned()];
                args.extend(words(example));
                args.push("--json".to_owned());
                if plies > 0 {
                    args.push(format!("--moves={}", vec!["#1"; plies].join(",")));
                }
                let output = Command::new(&program).args(&args).output().unwrap();
                if !output.status.success() {
                    // Past the end of the game: `--moves` says so, and the walk stops.
                    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
                    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
                    assert!(
                        plies > 0 && (stderr + &stdout).contains("the game is over"),
                        "{args:?}: {}",
                        String::from_utf8_lossy(&output.stderr)
                    );
                    break;
                }
                let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
                check_analysis(&answer, name, &format!("{args:?}"));
            }
        }
    }
}

#[cfg(feature = "serve")]
/// An example's command-line words as the fields of a batch line, by the game's parameters.
fn fields(info: &Value, example: &str) -> Map<String, Value> {
    let mut words = words(example).into_iter().peekable();
    let mut fields = Map::new();
    fields.insert("game".into(), info["name"].clone());
    for param in info["params"].as_array().unwrap() {
        let name = param["name"].as_str().unwrap();
        let value = match param["kind"].as_str().unwrap() {
            "integer" => json!(words.next().unwrap().parse::<u64>().unwrap()),
            "values" => json!(words
                .by_ref()
                .map(|w| w.parse::<i64>().unwrap())
                .collect::<Vec<_>>()),
            "graph" => {
                assert_eq!(words.next().as_deref(), Some(&*format!("--{name}")));
                serde_json::from_str(&words.next().unwrap()).unwrap()
            }
            "text" => {
                // An optional word after its flag: empty when the example leaves it out.
                if words.peek().map(String::as_str) == Some(&*format!("--{name}")) {
                    words.next();
                    json!(words.next().unwrap())
                } else {
                    json!("")
                }
            }
            other => panic!("a parameter kind this test does not know: {other}"),
        };
        fields.insert(name.into(), value);
    }
    fields
}

#[cfg(feature = "serve")]
/// One `/api/play` reply through the schema: the hints are the moves of the contract, the
/// reply's own `outcome`, `value`, `margin`, `remoteness` the position's while it goes on.
fn check_play(reply: &Value, name: &str, at: &str) {
    let scoring = SCORING.contains(&name);
    let hints = reply["hints"].as_array().unwrap();
    for (k, hint) in hints.iter().enumerate() {
        let at = format!("{at} hint #{k}");
        assert!(hint["label"].is_string(), "{at}: {hint}");
        assert!(hint["words"].is_string(), "{at}: {hint}");
        if hint["remoteness"].is_null() {
            assert!(
                hint["words"].as_str().unwrap().contains("draw"),
                "{at}: an endless draw is a draw in words: {hint}"
            );
        }
    }
    if reply["over"] == true {
        assert!(hints.is_empty(), "{at}: {reply}");
        for field in ["outcome", "value", "margin", "remoteness"] {
            assert!(reply.get(field).is_none(), "{at}: `{field}` after the end");
        }
        return;
    }
    let to_move = word(reply, "to_move", &["first", "second"], at);
    let outcome = word(reply, "outcome", &["first", "second", "draw"], at);
    let value = word(reply, "value", &["win", "lose", "draw"], at);
    assert_eq!(outcome, outcome_of(to_move, value), "{at}: {reply}");
    margin(reply, scoring, at);
    remoteness(reply, at);
    check_moves(hints, reply, scoring, at);
}

#[cfg(feature = "serve")]
#[test]
fn api_play_of_every_game_follows_one_schema() {
    let games = every_game();
    let programs: BTreeSet<&PathBuf> = games.iter().map(|(p, _)| p).collect();
    for program in programs {
        let server = Server::start_program(program, &[]);
        for (_, info) in games.iter().filter(|(p, _)| p == program) {
            let name = info["name"].as_str().unwrap();
            let example = info["examples"][0].as_str().unwrap();
            for first in ["human", "computer"] {
                let mut request = fields(info, example);
                request.insert("first".into(), json!(first));
                let mut moves: Vec<Value> = Vec::new();
                for step in 0..PLAYED {
                    request.insert("moves".into(), json!(moves));
                    let body = Value::Object(request.clone()).to_string();
                    let (status, reply) = post(&server.addr, "/api/play", &body);
                    let at = format!("{name} {example} first {first}, step {step}");
                    assert_eq!(status, 200, "{at}: {reply}");
                    check_play(&reply, name, &at);
                    let Some(best) = reply["hints"].get(0) else {
                        break;
                    };
                    moves = reply["moves"].as_array().unwrap().clone();
                    moves.push(best["move"].clone());
                }
            }
        }
    }
}

/// The text of `analyze` never shows the engine's sentinel for endless play: a draw that
/// never ends says so in words (Cat and Mouse, LeetCode 913's first example).
#[test]
fn analyze_text_says_an_endless_draw_in_words() {
    for (program, info) in every_game() {
        let name = info["name"].as_str().unwrap();
        if !solvable_in_this_build(name) {
            continue;
        }
        for example in info["examples"].as_array().unwrap() {
            let mut args = vec!["analyze".to_owned(), name.to_owned()];
            args.extend(words(example.as_str().unwrap()));
            let output = Command::new(&program).args(&args).output().unwrap();
            let text = String::from_utf8(output.stdout).unwrap();
            assert!(output.status.success(), "{args:?}: {text}");
            assert!(!text.contains(&u32::MAX.to_string()), "{args:?}: {text}");
        }
    }
    if !solvable_in_this_build("cat-and-mouse") {
        return;
    }
    let text = crate::common::cli::run(&[
        "analyze",
        "cat-and-mouse",
        "--graph",
        "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]",
    ])
    .1;
    assert!(
        text.contains("the game never ends: a draw") && text.contains("draw (play never ends)"),
        "{text}"
    );
}
