//! The teaching views: the search events every backend reports (checked
//! against its own counters and against brute force), the text of the call
//! tree on a tiny instance, well-formed DOT, and `gamesolve explain`.
#![allow(clippy::unwrap_used)]

use std::collections::HashSet;

use gamesolve::explain::{explain, CallTree, ExplainLimits, Explanation, TableView};
use gamesolve::games::{explain_can_i_win, explain_predict_the_winner};
use gamesolve::{
    all_variants, Backend, BackendChoice, CanIWin, Event, Game, Interval, Margin, PredictTheWinner,
    SolverConfig, Verdict,
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
    if e.backend() == "memo" && ["alpha-beta", "bounded"].contains(&e.variant()) {
        // Alpha-beta searches a position within a window and may search it again with another
        // (`memo/bounded` too, over a table that forgets): what it knows on leaving is a
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
│  └─ take 2 → {1 2} total 3: loses
│     ├─ take 3 → {1 2 3} total 6: wins
│     │  └─ take 4 → {1 2 3 4} total 10: wins
│     ├─ take 4 → {1 2 4} total 7: wins
│     │  └─ take 3 → {1 2 3 4} total 10: wins   [memo hit]
│     └─ take 5 → {1 2 5} total 8: wins
├─ take 2 → {2} total 2: wins
│  └─ take 1 → {1 2} total 3: loses   [memo hit]
"
            ),
            "{text}"
        );
        assert_eq!(text.matches("[memo hit]").count(), 9, "{text}");
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
        out.contains("│  └─ take 1 → {1 2} total 3: loses   [memo hit]"),
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
