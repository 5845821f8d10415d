//! The teaching views: the search events every backend reports (checked
//! against its own counters and against brute force), the text of the call
//! tree on a tiny instance, well-formed DOT, and `gamesolve explain`.
#![allow(clippy::unwrap_used)]

use std::collections::HashSet;

use gamesolve::explain::{explain, CallTree, ExplainLimits, Explanation, TableView};
use gamesolve::games::{explain_can_i_win, explain_predict_the_winner};
use gamesolve::{
    core_types::{Event, Interval, Margin, SolverConfig},
    registry::{all_variants, BackendChoice},
    Backend, CanIWin, Game, PredictTheWinner, Verdict,
};

fn limits() -> ExplainLimits {
    ExplainLimits::default()
}

/// Brute force: does the player to move win Can I Win after `used`, with
/// `t` to reach (the search only asks about positions below `t` from which
/// no draw is reachable; a retrograde pass also reports the positions whose total already
/// reaches `t`, which the player to move has lost)?
fn wins(n: u32, t: u64, used: u64) -> bool {
    let total: u64 = (1..=n)
        .filter(|v| used >> (v - 1) & 1 == 1)
        .map(u64::from)
        .sum();
    if used != 0 && total >= t {
        return false;
    }
    (1..=n)
        .filter(|v| used >> (v - 1) & 1 == 0)
        .any(|v| total + u64::from(v) >= t || !wins(n, t, used | 1 << (v - 1)))
}

fn margin(values: &[i64]) -> i128 {
    match values {
        [] => 0,
        [only] => i128::from(*only),
        [first, .., last] => (i128::from(*first) - margin(&values[1..]))
            .max(i128::from(*last) - margin(&values[..values.len() - 1])),
    }
}

/// The events are consistent with the counters and nest like calls; every
/// value reported is the true value of its position.
fn check_events<G: Game + TableView>(e: &Explanation<G>, truth: impl Fn(G::Position) -> G::Value) {
    let events = e.trace().events();
    if e.backend() == Backend::Reduction.name() {
        // The linear reduction walks no positions of the game: no events to check; its
        // teaching view is the merges (tests/reduction.rs).
        assert!(events.is_empty());
        return;
    }
    if e.backend() == "memo"
        && ["alpha-beta", "bounded", "bounded-all-cores"].contains(&e.variant())
    {
        // Alpha-beta searches a position within a window and may search it again with another
        // (`memo/bounded` and its threads too, over a table that forgets): what it knows on leaving is a
        // bound, not the position's value, so it reports no events (its view is its counters).
        assert!(events.is_empty());
        return;
    }
    assert_eq!(e.trace().dropped(), 0);
    let stats = e.stats();
    let count = |f: fn(&Event<G::Position, G::Value>) -> bool| {
        events.iter().filter(|e| f(e)).count() as u64
    };
    let enters = count(|e| matches!(e, Event::Enter(_)));
    let cells = count(|e| matches!(e, Event::Cell(..)));
    assert_eq!(enters + cells, stats.positions, "{}", e.backend());
    assert_eq!(count(|e| matches!(e, Event::MemoHit(..))), stats.memo_hits);
    let mut stack = Vec::new();
    for event in events {
        match *event {
            Event::Enter(node) => stack.push(node),
            Event::Leave(node, value) => {
                assert_eq!(stack.pop(), Some(node), "{}: unbalanced", e.backend());
                assert_eq!(value, truth(node), "{}: {node:?}", e.backend());
            }
            Event::MemoHit(node, value) | Event::Cell(node, value) => {
                assert_eq!(value, truth(node), "{}: {node:?}", e.backend());
            }
            _ => {}
        }
    }
    assert!(stack.is_empty(), "{}: an Enter without Leave", e.backend());
    // Memo and tables solve each position once.
    if e.backend() != Backend::Recursive.name() {
        let mut seen = HashSet::new();
        for event in events {
            if let Event::Enter(node) | Event::Cell(node, _) = event {
                assert!(seen.insert(*node), "{}: {node:?} twice", e.backend());
            }
        }
    }
}

#[test]
fn can_i_win_events_match_counters_and_brute_force() {
    for variant in all_variants::<CanIWin>() {
        let choice: BackendChoice = variant.id().parse().unwrap();
        let config = SolverConfig::default();
        for n in 1..=6u32 {
            for t in 0..=u64::from(n * (n + 1) / 2) + 1 {
                let game = CanIWin::new(n, t).unwrap();
                let e = explain(&game, &choice, &config, &limits()).unwrap();
                assert_eq!((e.backend(), e.variant()), (variant.backend, variant.name));
                check_events(&e, |used| Verdict::from_wins(wins(n, t, used)));
                let solved = variant.solver(&config).solve(&game).unwrap();
                assert_eq!(*e.answer(), solved);
                let (_, stats) = variant.solver(&config).solve_with_stats(&game).unwrap();
                // The same search (for tabular, the same table by its
                // per-mask reference), so the same counters.
                assert_eq!(*e.stats(), stats, "{} n = {n}, T = {t}", variant.id());
            }
        }
    }
}

#[test]
fn predict_the_winner_events_match_counters_and_brute_force() {
    let rows: [&[i64]; 7] = [
        &[],
        &[7],
        &[1, 5, 2],
        &[1, 5, 233, 7],
        &[3, 3, 3, 3, 3],
        &[-4, 9, 0, -2, 6, 1],
        &[i64::MAX, i64::MIN, 5],
    ];
    for variant in all_variants::<PredictTheWinner>() {
        let choice: BackendChoice = variant.id().parse().unwrap();
        let config = SolverConfig::default();
        for values in rows {
            let game = PredictTheWinner::new(values.to_vec());
            let e = explain(&game, &choice, &config, &limits()).unwrap();
            check_events(&e, |interval: Interval| {
                Margin(margin(&values[interval.start..interval.end]))
            });
            let (_, stats) = variant.solver(&config).solve_with_stats(&game).unwrap();
            assert_eq!(*e.stats(), stats, "{} {values:?}", variant.id());
        }
    }
}

#[test]
fn the_call_tree_of_a_tiny_instance() {
    let game = CanIWin::new(5, 11).unwrap();
    let config = SolverConfig::default();
    if Backend::Memo.is_available() {
        let memo = explain_can_i_win(&game, Backend::Memo, &config, &limits()).unwrap();
        // A bare `memo` is memo/textbook: the recursion's 17 distinct positions, each expanded
        // once, and 9 memo hits where the recursion solves a subtree again.
        assert_eq!(memo.variant(), "textbook");
        assert_eq!(
            memo.summary(),
            "positions expanded 17 vs distinct positions 17 (memo hits 9): every position is \
             expanded once (a DAG)"
        );
        let text = memo.tree_text(5, 100);
        assert!(
            text.starts_with(
                "\
{} total 0: loses
├─ take 1 → {1} total 1: wins
│  └─ take 2 → {1 2} total 3: loses   [#1: from the memo 1 time]
│     ├─ take 3 → {1 2 3} total 6: wins   [#2: from the memo 1 time]
│     │  └─ take 4 → {1 2 3 4} total 10: wins   [#3: from the memo 2 times]
│     ├─ take 4 → {1 2 4} total 7: wins   [#4: from the memo 1 time]
│     │  └─ take 3 → {1 2 3 4} total 10: wins   [memo hit #3]
│     └─ take 5 → {1 2 5} total 8: wins   [#5: from the memo 1 time]
├─ take 2 → {2} total 2: wins
│  └─ take 1 → {1 2} total 3: loses   [memo hit #1]
"
            ),
            "{text}"
        );
        assert_eq!(text.matches("[memo hit").count(), 9, "{text}");
        // A named variant shows its own search: memo/dense, largest first.
        let dense = explain(&game, &"memo/dense".parse().unwrap(), &config, &limits()).unwrap();
        assert_eq!(
            dense.summary(),
            "positions expanded 9 vs distinct positions 9 (memo hits 2): every position is \
             expanded once (a DAG)"
        );
        // Cut by depth and by lines, with notes.
        let cut = memo.tree_text(1, 3);
        assert!(cut.contains("└─ … 6 calls below (depth limit 1)"), "{cut}");
        assert!(cut.contains("… output cut at 3 lines"), "{cut}");
    }
    if Backend::Recursive.is_available() {
        let recursive = explain_can_i_win(&game, Backend::Recursive, &config, &limits()).unwrap();
        assert_eq!(
            recursive.summary(),
            "positions expanded 34 vs distinct positions 17: 17 expansions repeat a position \
             already solved (a tree, not a DAG)"
        );
        let tree = recursive.call_tree();
        assert_eq!(tree.roots.len(), 1);
        assert_eq!(tree.calls[tree.roots[0]].size, 34);
    }
}

#[test]
fn settled_games_have_nothing_to_explain() {
    for backend in Backend::available().filter(|b| !b.variants::<CanIWin>().is_empty()) {
        let e = explain_can_i_win(
            &CanIWin::new(10, 0).unwrap(),
            backend,
            &SolverConfig::default(),
            &limits(),
        )
        .unwrap();
        assert!(e.is_settled());
        assert_eq!(e.call_tree(), CallTree::from_events(&[]));
    }
}

#[test]
fn the_trace_cap_keeps_counting() {
    if !Backend::Recursive.is_available() {
        return;
    }
    let game = CanIWin::new(8, 20).unwrap();
    let small = ExplainLimits::default().with_max_events(10);
    let e = explain_can_i_win(&game, Backend::Recursive, &SolverConfig::default(), &small).unwrap();
    assert_eq!(e.trace().events().len(), 10);
    assert!(e.trace().dropped() > 0);
    let (_, stats) = Backend::Recursive
        .solver::<CanIWin>()
        .unwrap()
        .solve_with_stats(&game)
        .unwrap();
    assert_eq!(*e.stats(), stats);
    assert!(e
        .tree_text(10, 1000)
        .contains("the trace kept the first 10 events"));
}

/// A small structural check of the DOT we write: one `digraph`, balanced
/// braces and quotes, and every edge between declared nodes.
fn check_dot(dot: &str) -> (usize, usize) {
    assert!(dot.starts_with("digraph explain {\n"), "{dot}");
    assert!(dot.ends_with("}\n"));
    let mut declared = HashSet::new();
    let mut edges = 0;
    for line in dot.lines().skip(1) {
        let line = line.trim();
        if line == "}" || line.is_empty() {
            continue;
        }
        assert!(line.ends_with(';'), "{line}");
        assert_eq!(
            (line.matches('"').count() - line.matches("\\\"").count()) % 2,
            0,
            "unbalanced quotes: {line}"
        );
        let head = line.split([' ', '[']).next().unwrap();
        if let Some((from, rest)) = line.split_once(" -> ") {
            let to = rest.split([' ', '[', ';']).next().unwrap();
            assert!(
                declared.contains(from),
                "edge from undeclared {from}: {line}"
            );
            assert!(declared.contains(to), "edge to undeclared {to}: {line}");
            edges += 1;
        } else if !["label=", "labelloc=", "node", "edge"]
            .iter()
            .any(|p| head.starts_with(p))
        {
            declared.insert(head.to_owned());
        }
    }
    (declared.len(), edges)
}

#[test]
fn dot_is_well_formed_and_colours_memo_hits() {
    let game = CanIWin::new(5, 11).unwrap();
    let config = SolverConfig::default();
    for backend in Backend::available().filter(|b| !b.variants::<CanIWin>().is_empty()) {
        let e = explain_can_i_win(&game, backend, &config, &limits()).unwrap();
        let dot = e.dot(1000);
        let (nodes, edges) = check_dot(&dot);
        assert!(nodes > 0 && edges > 0, "{backend}:\n{dot}");
        match backend {
            Backend::Recursive => assert_eq!(nodes, 34),
            Backend::Memo => {
                // memo/textbook: the recursion's 17 distinct positions, 9 memo hits.
                assert_eq!(nodes, 17);
                assert_eq!(dot.matches("style=dashed").count(), 9, "{dot}");
                assert!(dot.contains("reused 1×"));
            }
            Backend::Tabular | Backend::Reduction => {}
        }
        // A cap on the nodes, with a note.
        let (capped, _) = check_dot(&e.dot(3));
        assert!(capped <= 4, "{backend}: {capped}");
    }
    let ptw = PredictTheWinner::new(vec![1, 5, 233, 7]);
    // `reduction` walks no positions: its view is the merges (tests/reduction.rs).
    for backend in Backend::available().filter(|b| *b != Backend::Reduction) {
        let e = explain_predict_the_winner(&ptw, backend, &config, &limits()).unwrap();
        check_dot(&e.dot(1000));
    }
}

#[test]
fn cli_explain_writes_text_json_and_dot() {
    if !Backend::Memo.is_available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let dot = dir.path().join("memo.dot");
    let out = crate::common::cli::gamesolve()
        .args([
            "explain",
            "can-i-win",
            "5",
            "11",
            "--backend",
            "memo",
            "--dot",
        ])
        .arg(&dot)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.starts_with("Second player wins   (backend memo)\n"),
        "{out}"
    );
    assert!(
        out.contains("positions expanded 17 vs distinct positions 17 (memo hits 9)"),
        "{out}"
    );
    assert!(
        out.contains("│  └─ take 1 → {1 2} total 3: loses   [memo hit #1]"),
        "{out}"
    );
    assert!(out.contains("Wrote Graphviz DOT to"), "{out}");
    check_dot(&std::fs::read_to_string(&dot).unwrap());

    let json = crate::common::cli::gamesolve()
        .args([
            "--json",
            "explain",
            "predict-the-winner",
            "1",
            "5",
            "233",
            "7",
            "-b",
            "memo",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let json: serde_json::Value = serde_json::from_slice(&json).unwrap();
    assert_eq!(json["game"], "predict-the-winner");
    assert_eq!(json["outcome"], "first");
    // memo/textbook: the recursion's 10 distinct intervals (single values included), 3 of
    // them met again.
    assert_eq!(json["variant"], "textbook");
    assert_eq!(json["positions"], 10);
    assert_eq!(json["distinct_states"], 10);
    assert_eq!(json["memo_hits"], 3);
    assert_eq!(json["stats"]["positions"], 10);

    // A budget the recursive backend exceeds is an honest error, exit 1.
    if Backend::Recursive.is_available() {
        crate::common::cli::gamesolve()
            .args([
                "explain",
                "can-i-win",
                "12",
                "40",
                "-b",
                "recursive",
                "--node-budget",
                "100",
            ])
            .assert()
            .code(1)
            .stderr(predicates::str::contains("budget of 100 positions"));
    }
}

// ---------------------------------------------------------------------------
// issue 45: `explain` as exact as the page

/// `gamesolve explain ARGS`: (exit code, standard output).
fn explain_cli(args: &[&str]) -> (i32, String) {
    let output = crate::common::cli::gamesolve()
        .arg("explain")
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
    )
}

/// The headline is prose: on an 80-column terminal it is wrapped, never cut with `…`.
#[cfg(unix)]
#[test]
fn the_headline_wraps_on_a_terminal() {
    use expectrl::{Eof, Expect, Session};
    let script = format!(
        "stty cols 80 rows 24; exec '{}' explain predict-the-winner 1 5 2",
        crate::common::cli::bin().display()
    );
    let mut command = std::process::Command::new("sh");
    command.args(["-c", &script]).env("NO_COLOR", "1");
    let mut session = Session::spawn(command).unwrap();
    session.set_expect_timeout(Some(std::time::Duration::from_secs(30)));
    let found = session.expect(Eof).unwrap();
    let text = String::from_utf8_lossy(found.as_bytes()).replace('\r', "");
    let head: Vec<&str> = text.lines().take(2).collect();
    assert_eq!(
        head,
        [
            "Second player wins by 2 (the first player's best: take the left end (1))",
            "(backend memo)"
        ],
        "{text}"
    );
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "{line:?}");
    }
}

/// `recursive`'s call tree marks every call of a repeated position with the page's badge,
/// numbered as the memo's hits are (the page's first view puts the two side by side): on
/// (5, 11) `{1 2 3 4}` is solved 8 times, #3 in both runs.
#[test]
fn the_recursive_tree_marks_repeats_with_the_pages_badges() {
    let (code, tree) = explain_cli(&[
        "can-i-win",
        "5",
        "11",
        "--backend",
        "recursive",
        "--max-lines",
        "100",
    ]);
    assert_eq!(code, 0, "{tree}");
    let calls: Vec<&str> = tree
        .lines()
        .filter(|l| l.contains("→ {1 2 3 4} total 10: wins"))
        .collect();
    assert_eq!(calls.len(), 8, "{tree}");
    assert!(
        calls.iter().all(|l| l.ends_with("   [#3: solved 8 times]")),
        "{tree}"
    );
    // Solved once: no badge.
    assert!(
        tree.contains("└─ take 1 → {1 3} total 4: loses\n"),
        "{tree}"
    );
    let (_, memo) = explain_cli(&["can-i-win", "5", "11", "--max-lines", "100"]);
    assert!(
        memo.contains("take 3 → {1 2 3 4} total 10: wins   [memo hit #3]"),
        "{memo}"
    );
    assert!(
        memo.contains("take 4 → {1 2 3 4} total 10: wins   [#3: from the memo 2 times]"),
        "{memo}"
    );
    // The same numbers for every position, in the order both runs first meet them.
    let badge_of = |text: &str, position: &str| -> Option<String> {
        text.lines()
            .find(|l| l.contains(&format!("→ {position}:")) && l.contains('#'))
            .and_then(|l| l.split('#').nth(1))
            .map(|rest| rest.chars().take_while(char::is_ascii_digit).collect())
    };
    for position in ["{1 2} total 3", "{1 2 3} total 6", "{1 3 4} total 8"] {
        let tree_badge = badge_of(&tree, position);
        assert!(tree_badge.is_some(), "{position}: {tree}");
        assert_eq!(tree_badge, badge_of(&memo, position), "{position}");
    }
}

/// `--help` promises the memo "as the game's table": Can I Win's states by layer, Predict the
/// Winner's triangle m(i, j).
#[test]
fn the_memo_is_printed_as_the_games_table() {
    let (code, text) = explain_cli(&["can-i-win", "5", "11"]);
    assert_eq!(code, 0);
    let table = text
        .split_once("The memo as the game's table")
        .unwrap_or_else(|| panic!("no memo table: {text}"))
        .1;
    assert!(table.contains("17 states of the 2^5 = 32"), "{table}");
    assert!(
        table.contains("      0  {} total 0          loses"),
        "{table}"
    );
    assert!(
        table.contains("      4  {1 2 3 4} total 10  wins"),
        "{table}"
    );
    let (_, text) = explain_cli(&["predict-the-winner", "1", "5", "233", "7"]);
    let table = text.split_once("The memo as the game's table").unwrap().1;
    assert!(table.contains("   0 │   +1   +4 +229 +222"), "{table}");
    assert!(table.contains("   3 │    ·    ·    ·   +7"), "{table}");
    // `recursive` keeps no memo: no table.
    let (_, text) = explain_cli(&["can-i-win", "5", "11", "--backend", "recursive"]);
    assert!(!text.contains("The memo as the game's table"), "{text}");
}

/// Cat and Mouse needs no `--graph`: LeetCode 913's first example (a draw, answer 0) is its
/// default instance for every command; `explain` lists its edges, `--html` draws them.
#[test]
fn cat_and_mouse_has_a_default_graph_drawn_and_listed() {
    let edges = "0–2, 0–5, 1–3, 2–4, 2–5, 3–4, 3–5";
    let (code, text) = explain_cli(&["cat-and-mouse"]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains(&format!(
            "The graph: 6 nodes, 7 edges (0 the hole, 1 the Mouse's start, 2 the Cat's \
             start): {edges}."
        )),
        "{text}"
    );
    let (code, html) = explain_cli(&["cat-and-mouse", "--html", "-"]);
    assert_eq!(code, 0);
    assert!(
        html.contains("<figure class=\"graph\" data-nodes=\"6\" data-edges=\"7\">"),
        "no graph figure"
    );
    assert_eq!(html.matches("<g data-node=").count(), 6);
    assert_eq!(html.matches("<line data-edge=").count(), 7);
    assert!(html.contains("data-edge=\"3-5\""));
    assert!(html.contains(&format!("{edges}.</figcaption>")));
    for args in [
        &["cat-and-mouse", "--json"][..],
        &["analyze", "cat-and-mouse", "--json"],
        &["compare", "cat-and-mouse", "--json"],
    ] {
        let output = crate::common::cli::gamesolve().args(args).output().unwrap();
        let out = String::from_utf8(output.stdout).unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}: {out}");
        assert!(out.contains("\"draw\""), "{args:?}: {out}");
    }
    let (_, out) = {
        let output = crate::common::cli::gamesolve()
            .args(["cat-and-mouse", "--json"])
            .output()
            .unwrap();
        (0, String::from_utf8(output.stdout).unwrap())
    };
    assert!(out.contains("\"cat_mouse_game\":0"), "{out}");
}

/// The HTML file keeps the answer for the end, behind a `<details>`, and offers the tree
/// beside the DAG (the page's first view): the other run goes in the trace as `partner`.
#[test]
fn the_html_file_hides_the_answer_and_holds_both_sides_of_the_fold() {
    for backend in ["recursive", "memo"] {
        let (code, html) =
            explain_cli(&["can-i-win", "5", "11", "--backend", backend, "--html", "-"]);
        assert_eq!(code, 0);
        let header = &html[html.find("<header>").unwrap()..html.find("</header>").unwrap()];
        assert!(!header.contains("Second player wins"), "{header}");
        let details = html
            .find("<details class=\"answer\" data-answer><summary>answer</summary>")
            .expect("the answer behind a <details>");
        assert!(details > html.find("</section>").unwrap());
        assert!(html[details..].contains("<p>Second player wins</p>"));
        let start = html.find("id=\"trace-data\">").unwrap() + "id=\"trace-data\">".len();
        let end = start + html[start..].find("</script>").unwrap();
        let trace: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
        let partner = if backend == "memo" {
            "recursive"
        } else {
            "memo"
        };
        assert_eq!(trace["backend"], backend);
        assert_eq!(trace["partner"]["backend"], partner, "{backend}");
        assert_eq!(trace["partner"]["view"], "tree");
    }
    // A bottom-up pass has no tree to fold: no partner.
    let (_, html) = explain_cli(&[
        "can-i-win",
        "5",
        "11",
        "--backend",
        "tabular",
        "--html",
        "-",
    ]);
    assert!(!html.contains("\"partner\""));
}

/// In a browser, the file offers the tree beside the DAG, and its tree's badges are the
/// text's: `{1 2 3 4}` is #3 on the page too.
#[cfg(feature = "serve")]
#[test]
fn the_html_file_offers_the_fold_view_in_a_browser() {
    use crate::serve::{have_browser, Browser};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("recursive.html");
    let (code, html) = explain_cli(&[
        "can-i-win",
        "5",
        "11",
        "--backend",
        "recursive",
        "--html",
        "-",
    ]);
    assert_eq!(code, 0);
    std::fs::write(&path, html).unwrap();
    if !have_browser() {
        return;
    }
    let browser = Browser::start();
    browser.session(
        "POST",
        "/url",
        &serde_json::json!({"url": format!("file://{}", path.display())}),
    );
    browser.wait_for("return document.querySelectorAll('#graph .node').length > 0;");
    let options = browser.eval(
        "return Array.from(document.querySelectorAll('#view-select option')).map(o => o.value).join(',');",
    );
    assert!(options.as_str().unwrap().contains("fold"), "{options}");
    // The tree's own view at its last step: each call of {1 2 3 4} carries #3.
    browser.eval(
        "const s = document.getElementById('slider'); s.value = s.max; \
         s.dispatchEvent(new Event('input')); return 1;",
    );
    let badges = browser.eval(
        "return Array.from(document.querySelectorAll('#graph .node')).filter(n => \
         (n.textContent || '').includes('{1 2 3 4}')).map(n => n.dataset.repeat).join(',');",
    );
    assert_eq!(badges, "3,3,3,3,3,3,3,3");
}
