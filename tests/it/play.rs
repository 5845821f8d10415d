//! `gamesolve play`, driven end to end through the real binary's standard
//! input: moves, `hint`, `undo`, `quit`, bad input, end of input, and the
//! review after the game.
#![allow(clippy::unwrap_used)]

use predicates::prelude::*;

use crate::common::cli::gamesolve;

/// Runs `play` with `args` and `input`, expects exit 0, returns stdout.
fn play(args: &[&str], input: &str) -> String {
    let output = gamesolve()
        .arg("play")
        .args(args)
        .write_stdin(input)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(output).unwrap()
}

/// The lines of `out` in order: each `expected` must appear after the last.
fn assert_in_order(out: &str, expected: &[&str]) {
    let mut rest = out;
    for needle in expected {
        match rest.find(needle) {
            Some(at) => rest = &rest[at + needle.len()..],
            None => panic!("`{needle}` missing (or out of order) in:\n{out}"),
        }
    }
}

#[test]
fn can_i_win_full_game_with_hint_undo_and_bad_input() {
    // (6, 12): 5 and 6 win in 3 for the first player.
    let out = play(
        &["can-i-win", "6", "12", "--first", "human"],
        "foo\n11\nhint\n6\nundo\n5\n5\n6\n",
    );
    assert_in_order(
        &out,
        &[
            "whoever brings the total to 12 or more wins",
            "You are the first player",
            "Pool: 1 2 3 4 5 6   total 0 of 12",
            "`foo` is not a legal move here",
            "11 is not in the pool 1..=6",
            "Hint (each move's value for you, best first; `#k` now picks the k-th):",
            "#1  take 5  win in 3",
            "#2  take 6  win in 3",
            "#3  take 1  lose in 4",
            "You take 6: total 6 of 12",
            "Computer takes 1: total 7 of 12",
            "Took back your last move and the computer's reply.",
            "Pool: 1 2 3 4 5 6   total 0 of 12",
            "You take 5: total 5 of 12",
            "Computer takes 1: total 6 of 12",
            // 5 is gone now: a clear message and a new prompt.
            "5 is already taken",
            "Your move>",
            "You take 6: total 12 of 12",
            "You win: the total 12 reaches 12.",
            "Review of your moves:",
            "move  1: you took 5 (win in 3): best",
            "move  3: you took 6 (win in 1): best",
            "You played perfectly.",
        ],
    );
}

#[test]
fn can_i_win_the_review_shows_where_value_was_lost() {
    // (6, 12) again: 1 loses (in 4) where 5 wins (in 3).
    let out = play(
        &["can-i-win", "6", "12", "--first", "human"],
        "1\n2\n3\n4\n",
    );
    assert!(out.contains("The computer wins"), "{out}");
    assert_in_order(
        &out,
        &[
            "Review of your moves:",
            "move  1: you took 1 (lose in 4); 5 was better (win in 3): it threw away a won game",
            "Your play lost value on",
        ],
    );
}

#[test]
fn can_i_win_asks_who_starts_and_end_of_input_ends_cleanly() {
    // LeetCode 464's (10, 11): whoever moves first loses.
    let out = play(&["can-i-win", "10", "11"], "maybe\nn\n");
    assert_in_order(
        &out,
        &[
            "Do you want to move first? [y/n]",
            "Please answer `y` or `n` (not `maybe`).",
            "You are the second player",
            "Computer takes 1: total 1 of 11",
            "Your move>",
            "End of input: game abandoned.",
        ],
    );
    // End of input before answering, too.
    let out = play(&["can-i-win", "10", "11"], "");
    assert!(out.ends_with("End of input: game abandoned.\n"), "{out}");
}

#[test]
fn predict_the_winner_full_game_as_second_player() {
    let out = play(
        &[
            "predict-the-winner",
            "1",
            "5",
            "233",
            "7",
            "--first",
            "computer",
        ],
        "middle\nhint\nleft\nleft\n",
    );
    assert_in_order(
        &out,
        &[
            "You are the second player",
            "Computer takes the left end (1): you 0, computer 1",
            "Row: 5 233 7   you 0, computer 1",
            "`middle` is not a legal move here: type a move as listed (left 5, right 7), its \
             number in the listing (1 or 2), or its short form (l or left or 5, r or right or 7)",
            "Hint (each move's value for you, best first; `#k` now picks the k-th):",
            "#1  left 5   lose in 3, margin -221 over the rest",
            "#2  right 7  lose in 3, margin -221 over the rest",
            "You take the left end (5): you 5, computer 1",
            "Computer takes the left end (233): you 5, computer 234",
            "You take the left end (7): you 12, computer 234",
            "The computer wins 234 to 12, by 222.",
            "You played perfectly.",
        ],
    );
}

#[test]
fn predict_the_winner_review_counts_the_margin_given_away() {
    // Taking 7 first (right) gives away 444 points against taking 1.
    let out = play(
        &[
            "predict-the-winner",
            "1",
            "5",
            "233",
            "7",
            "--first",
            "human",
        ],
        "r\nl\n",
    );
    assert_in_order(
        &out,
        &[
            "You take the right end (7)",
            "Computer takes the right end (233)",
            "The computer wins",
            "move  1: you took the right end (7) (lose in 4, margin -222 over the rest); the left \
             end (1) was better (win in 4, margin +222 over the rest): it gave away 444 points of \
             margin",
        ],
    );
}

#[test]
fn quit_and_undo_with_nothing_to_undo() {
    let out = play(
        &["predict-the-winner", "3", "9", "1", "--first", "human"],
        "undo\nquit\n",
    );
    assert_in_order(
        &out,
        &[
            "Nothing to undo: you have not moved yet.",
            "You quit the game.",
        ],
    );
    assert!(!out.contains("Review"), "{out}");
}

#[test]
fn settled_and_degenerate_games() {
    // T = 0: the first player has won before anyone moves.
    let out = play(&["can-i-win", "5", "0", "--first", "computer"], "");
    assert!(
        out.contains("The computer wins: the total 0 reaches 0."),
        "{out}"
    );
    // Nobody can reach 20 with 1..=4: a draw after four moves.
    let out = play(&["can-i-win", "4", "20", "--first", "human"], "1\n3\n");
    assert!(
        out.contains("Draw: the pool is empty and nobody reached 20."),
        "{out}"
    );
    // The empty row.
    let out = play(&["predict-the-winner", "--first", "human"], "");
    assert!(out.contains("Draw: 0 each."), "{out}");
    // Negative values as arguments.
    let out = play(
        &["predict-the-winner", "-3", "5", "-2", "--first", "human"],
        "l\nl\n",
    );
    assert!(out.contains("You take the left end (-3)"), "{out}");
}

#[test]
fn invalid_games_are_usage_errors_not_crashes() {
    gamesolve()
        .args(["play", "can-i-win", "65", "10"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("max_choosable = 65"));
    gamesolve()
        .args(["play", "can-i-win", "5", "9", "--first", "nobody"])
        .write_stdin("")
        .assert()
        .code(2);
    // Too large for the analysis: an honest "cannot answer".
    gamesolve()
        .args(["play", "can-i-win", "30", "200", "--first", "computer"])
        .args(["--memory-cap", "1MiB", "--state-budget", "1000"])
        .write_stdin("")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("budget of"));
}

/// Issue 30: one rule for moves in every game and front end. A move is read as listed, by its
/// number in the listing (`#2` where numbers are the game's short forms), or in its short
/// form: `analyze --moves` reads them as `play` does.
#[test]
fn one_rule_for_moves_in_play_and_analyze_moves() {
    let analyze = |args: &[&str]| {
        let out = gamesolve()
            .arg("analyze")
            .args(args)
            .arg("--json")
            .output()
            .unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        // The analysis without the moves as typed (Cat and Mouse echoes them).
        let analysis = match serde_json::from_str::<serde_json::Value>(&stdout) {
            Ok(mut value) => {
                if let Some(object) = value.as_object_mut() {
                    object.remove("moves_made");
                }
                value.to_string()
            }
            Err(_) => stdout,
        };
        (
            out.status.code(),
            analysis,
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    // Predict the Winner: `r`, `right`, `right 7`, `2` and `#2` are the same move.
    let row = ["predict-the-winner", "1", "5", "233", "7", "--moves"];
    let base = analyze(&[&row[..], &["r"]].concat());
    assert_eq!(base.0, Some(0), "{}", base.2);
    for same in ["right", "RIGHT 7", "2", "#2"] {
        assert_eq!(analyze(&[&row[..], &[same]].concat()).1, base.1, "{same}");
    }
    // Can I Win: a bare number is the integer; a place in the listing is `#k`.
    let pool = ["can-i-win", "5", "11", "--moves"];
    let base = analyze(&[&pool[..], &["3,2"]].concat());
    assert_eq!(base.0, Some(0), "{}", base.2);
    assert_eq!(analyze(&[&pool[..], &["take 3,#2"]].concat()).1, base.1);
    // With `--json` the error is the JSON object on standard output.
    let (code, err, _) = analyze(&[&pool[..], &["3,3"]].concat());
    assert_eq!(code, Some(2));
    assert!(err.contains("3 is already taken"), "{err}");
    assert!(
        err.contains("its number in the listing (#1 to #4)"),
        "{err}"
    );
    // Cat and Mouse (solved by `tabular/retrograde` only): the node moved to; the mouse at
    // node 1 has one neighbour, node 3.
    if !gamesolve::Backend::Tabular.is_available() {
        return;
    }
    let graph = [
        "cat-and-mouse",
        "--graph",
        "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]",
        "--moves",
    ];
    let base = analyze(&[&graph[..], &["3"]].concat());
    assert_eq!(base.0, Some(0), "{}", base.2);
    for same in ["mouse to 3", "#1"] {
        assert_eq!(analyze(&[&graph[..], &[same]].concat()).1, base.1, "{same}");
    }
    let (code, err, _) = analyze(&[&graph[..], &["1"]].concat());
    assert_eq!(code, Some(2));
    assert!(
        err.contains("node 1 is not next to the mouse's node 1"),
        "{err}"
    );

    // `play` reads the same words and says exactly what is accepted.
    let out = play(
        &[
            "cat-and-mouse",
            "--graph",
            "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]",
            "--first",
            "human",
        ],
        "help\n3\nquit\n",
    );
    assert_in_order(
        &out,
        &[
            "Type a move as listed (mouse to 3), its number in the listing (#1), or its short \
             form (3); or `hint`, `undo`, `quit`.",
            "You play mouse to 3",
        ],
    );
}

/// Issue 45: `#k` picks the k-th move in the order last shown. In Cat and Mouse's default
/// graph (LeetCode 913's first example, no `--graph` given), after `3` the hint lists
/// "mouse to 4" first (a draw), so `#1` plays it, not "mouse to 1" (the game's first, a loss).
#[test]
fn a_number_picks_from_the_order_last_shown() {
    let out = play(
        &["cat-and-mouse", "--first", "human"],
        "3\nhint\n#1\n#1\nquit\n",
    );
    assert_in_order(
        &out,
        &[
            "You are the Mouse; the computer plays perfectly.",
            "mouse 1, cat 2, mouse to move",
            "Computer plays cat to 5: mouse 3, cat 5, mouse to move",
            "#1  mouse to 4  draw by repetition",
            "#2  mouse to 1  lose in 3",
            "#3  mouse to 5  lose in 1",
            // The help after the hint names the moves in the hint's order.
            "a move as listed (mouse to 4, mouse to 1, mouse to 5), its number in the listing \
             (#1 to #3)",
            "You play mouse to 4: mouse 4, cat 5, cat to move",
            "Computer plays cat to 2: mouse 4, cat 2, mouse to move",
            // A new position, no hint: `#1` is the game's first move again (mouse to 2 is
            // the Cat's node: the Mouse's neighbours of 4 are 2 and 3).
            "You play mouse to 2",
            "Review of your moves:",
            "move  3: you played mouse to 4 (draw by repetition): best",
        ],
    );
    assert!(!out.contains("You play mouse to 1"), "{out}");
    assert!(!out.contains("play never ends"), "{out}");
}

/// Issue 45: Predict the Winner's prompt shows `left 1, right 7`, so `7` (the value shown)
/// plays the right end; a value that is also the other end's place is refused as ambiguous.
#[test]
fn predict_the_winner_accepts_the_values_the_prompt_shows() {
    let out = play(
        &[
            "predict-the-winner",
            "1",
            "5",
            "233",
            "7",
            "--first",
            "human",
        ],
        "7\n",
    );
    assert!(out.contains("You take the right end (7)"), "{out}");
    let out = play(
        &["predict-the-winner", "2", "9", "--first", "human"],
        "2\n#2\n",
    );
    assert_in_order(
        &out,
        &[
            "`2` is ambiguous here: it names left 2 (its short form) and right 9 (#2 in the \
             listing); type `#2` for the place, or the move as listed",
            "You take the right end (9)",
        ],
    );
}

/// Issue 45: the hint of a scoring game says how many moves remain, as the page's chips do.
#[test]
fn predict_the_winner_hints_give_the_moves_left() {
    let out = play(
        &["predict-the-winner", "1", "5", "2", "--first", "human"],
        "hint\nquit\n",
    );
    assert_in_order(
        &out,
        &[
            "#1  left 1   lose in 3, margin -2 over the rest",
            "#2  right 2  lose in 3, margin -2 over the rest",
        ],
    );
}

/// Issue 45: refusals are coloured as errors where colour is on, and plain where it is off.
#[test]
fn refusals_are_coloured_like_the_other_labels() {
    let colour = |extra: &[&str]| {
        let mut args = vec!["play", "can-i-win", "4", "6", "--first", "human"];
        args.extend_from_slice(extra);
        let output = gamesolve()
            .args(&args)
            .env_remove("NO_COLOR")
            .write_stdin("9\n")
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        String::from_utf8(output).unwrap()
    };
    let red = "\u{1b}[31m9 is not in the pool 1..=4";
    assert!(colour(&["--color", "always"]).contains(red));
    let plain = colour(&["--color", "never"]);
    assert!(!plain.contains('\u{1b}'), "{plain}");
    assert!(plain.contains("9 is not in the pool 1..=4"), "{plain}");
}
