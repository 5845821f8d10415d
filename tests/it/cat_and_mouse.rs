//! Cat and Mouse (LeetCode 913), the loopy built-in game: the cases of
//! `tests/data/cat_and_mouse.toml` on every variant that answers, the searches' refusal, an
//! independent value iteration (a fixed point over all positions, no queue, no reversed edges)
//! against every variant on random graphs, and the command line and `batch`.

use std::collections::BTreeMap;

use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use serde::Deserialize;

use crate::common::cases;
use crate::common::cli::{batch_lines, run};
use crate::common::report::Report;
use gamesolve::{
    core_types::SolverConfig,
    registry::{all_variants, BackendChoice},
    Backend, CatAndMouse, Error, Outcome,
};

/// The data file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    case: Vec<Case>,
}

/// One case.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    why: String,
    graph: Vec<Vec<u32>>,
    outcome: Outcome,
    cat_mouse_game: u8,
    best_move: Option<u32>,
}

/// LeetCode's number by an independent value iteration to a fixed point: every position starts
/// undecided; a round decides each position whose player to move has a move into a position
/// won for them, or whose every move leads into a position won for the other; rounds repeat
/// until one changes nothing; what stays undecided is a draw. 1 = Mouse, 2 = Cat, 0 = draw.
fn value_iteration(graph: &[Vec<u32>]) -> u8 {
    let n = graph.len();
    // value[turn][mouse][cat]: 0 undecided, 1 Mouse wins, 2 Cat wins; turn 0 = Mouse to move.
    let mut value = vec![vec![vec![0u8; n]; n]; 2];
    for by_mouse in value.iter_mut() {
        for (m, by_cat) in by_mouse.iter_mut().enumerate() {
            for (c, cell) in by_cat.iter_mut().enumerate() {
                *cell = if m == 0 {
                    1
                } else if m == c {
                    2
                } else {
                    0
                };
            }
        }
    }
    loop {
        let mut changed = false;
        for turn in 0..2 {
            for m in 1..n {
                for c in 1..n {
                    if value[turn][m][c] != 0 {
                        continue;
                    }
                    let (me, children): (u8, Vec<u8>) = if turn == 0 {
                        (
                            1,
                            graph[m].iter().map(|&w| value[1][w as usize][c]).collect(),
                        )
                    } else {
                        let moves = graph[c].iter().filter(|&&w| w != 0);
                        (2, moves.map(|&w| value[0][m][w as usize]).collect())
                    };
                    let other = 3 - me;
                    let decided = if children.contains(&me) {
                        me
                    } else if !children.is_empty() && children.iter().all(|&v| v == other) {
                        other
                    } else {
                        0
                    };
                    if decided != 0 {
                        value[turn][m][c] = decided;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return value[0][1][2];
        }
    }
}

/// The variants of this build that answer Cat and Mouse.
fn variants() -> Vec<gamesolve::core_types::Variant<CatAndMouse>> {
    all_variants::<CatAndMouse>()
}

#[test]
fn data_cases_on_every_variant_and_the_value_iteration() {
    let file: File = cases::load("cat_and_mouse.toml");
    let mut report = Report::new("cat-and-mouse cases");
    let mut names = BTreeMap::new();
    for case in &file.case {
        if names.insert(case.name.clone(), ()).is_some() || case.why.trim().is_empty() {
            report.fail(format!("`{}`: duplicate name or empty `why`", case.name));
        }
        report.check_eq(
            format!("`{}`: value iteration", case.name),
            value_iteration(&case.graph),
            case.cat_mouse_game,
        );
        let game = match CatAndMouse::new(case.graph.clone()) {
            Ok(game) => game,
            Err(e) => {
                report.fail(format!("`{}`: {e}", case.name));
                continue;
            }
        };
        for variant in variants() {
            let label = format!("{} `{}`", variant.id(), case.name);
            let mut solver = variant.solver(&SolverConfig::default());
            match solver.solve(&game) {
                Ok(s) => {
                    report.check_eq(
                        format!("{label}: outcome"),
                        (s.outcome, s.cat_mouse_game()),
                        (case.outcome, case.cat_mouse_game),
                    );
                    // No move is named where the Mouse loses whatever it plays.
                    report.check_eq(format!("{label}: best move"), s.best_move, case.best_move);
                    match solver.solve_with_stats(&game) {
                        Ok((again, stats)) => {
                            report.check_eq(format!("{label}: with stats"), again, s);
                            report.check_eq(
                                format!("{label}: table cells"),
                                stats.table_cells,
                                2 * (case.graph.len() as u64).pow(2),
                            );
                        }
                        Err(e) => report.fail(format!("{label}: with stats: {e}")),
                    }
                }
                Err(e) => report.fail(format!("{label}: {e}")),
            }
        }
    }
    if Backend::Tabular.is_available() && variants().is_empty() {
        report.fail("no variant answers cat-and-mouse although `tabular` is in this build");
    }
    report.finish();
}

/// Every search refuses, with the reason that teaches, as `unavailable_backend`.
#[test]
fn searches_refuse_with_the_reason() {
    for choice in [
        "recursive",
        "recursive/negamax",
        "memo",
        "memo/hash-map",
        "memo/indexed",
    ] {
        let choice: BackendChoice = choice.parse().unwrap_or_else(|e| panic!("{e}"));
        if !choice.backend.is_available() {
            continue;
        }
        let Err(err) = choice.variant_for::<CatAndMouse>() else {
            panic!("{choice} answers cat-and-mouse");
        };
        assert!(
            err.to_string().ends_with(
                "positions repeat in cat-and-mouse: plain recursion cannot decide them; use \
                 tabular/retrograde"
            ),
            "{choice}: {err}"
        );
    }
    if Backend::Recursive.is_available() {
        let (code, out, _) = run(&[
            "cat-and-mouse",
            "--graph",
            "[[1,3],[0],[3],[0,2]]",
            "--backend",
            "recursive",
            "--json",
        ]);
        assert_eq!(code, 2, "{out}");
        assert!(out.contains(r#""kind":"unavailable_backend""#), "{out}");
    }
}

/// A time limit of zero stops the pass; a memory cap below the table refuses it up front.
#[test]
fn limits_hold() {
    let ring: Vec<Vec<u32>> = (0..200u32)
        .map(|v| vec![(v + 199) % 200, (v + 1) % 200])
        .collect();
    let game = CatAndMouse::new(ring).unwrap_or_else(|e| panic!("{e}"));
    for variant in variants() {
        let hasty = SolverConfig {
            time_limit: Some(std::time::Duration::ZERO),
            ..SolverConfig::default()
        };
        let err = variant
            .solver(&hasty)
            .solve(&game)
            .map(|_| ())
            .expect_err("answered with a time limit of zero");
        assert!(matches!(err, Error::TimeLimitReached { .. }), "{err}");
        let small = SolverConfig {
            memory_cap_bytes: Some(1 << 16),
            ..SolverConfig::default()
        };
        let err = variant
            .solver(&small)
            .solve(&game)
            .map(|_| ())
            .expect_err("answered beyond the memory cap");
        assert!(matches!(err, Error::TableTooLarge { .. }), "{err}");
        assert!(
            err.to_string().contains("memory cap of 65536 bytes"),
            "{err}"
        );
    }
}

/// A random undirected graph of `n` nodes from `bits` (one bit per pair), with node 1 and node
/// 2 given a neighbour other than the hole where they have none.
fn graph_from_bits(n: usize, bits: &[bool]) -> Vec<Vec<u32>> {
    let mut graph = vec![Vec::new(); n];
    let mut k = 0;
    for v in 0..n {
        for w in v + 1..n {
            if bits.get(k).copied().unwrap_or(false) {
                graph[v].push(w as u32);
                graph[w].push(v as u32);
            }
            k += 1;
        }
    }
    if graph[1].is_empty() {
        graph[1].push(0);
        graph[0].push(1);
    }
    if graph[2].iter().all(|&w| w == 0) {
        let w = if n > 3 { 3 } else { 1 };
        if !graph[2].contains(&(w as u32)) {
            graph[2].push(w as u32);
            graph[w].push(2);
        }
    }
    graph
}

/// Every variant against the value iteration on one graph.
fn agrees(graph: &[Vec<u32>]) -> Result<(), TestCaseError> {
    let want = value_iteration(graph);
    let game = CatAndMouse::new(graph.to_vec()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    for variant in variants() {
        let got = variant
            .solver(&SolverConfig::default())
            .solve(&game)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(
            got.cat_mouse_game(),
            want,
            "{} on {:?}",
            variant.id(),
            graph
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 128,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/cat_and_mouse.txt",
        ))),
        ..ProptestConfig::default()
    })]

    /// Small random graphs: every variant equals the value iteration.
    #[test]
    fn variants_agree_with_value_iteration(
        n in 3usize..=12,
        bits in proptest::collection::vec(proptest::bool::weighted(0.3), 66),
    ) {
        agrees(&graph_from_bits(n, &bits))?;
    }
}

/// 1,000 random graphs of up to 50 nodes (the issue's check): about a second in the test
/// build, whose solver crates are optimised.
#[test]
fn thousand_random_graphs_up_to_50_nodes() {
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
        cases: 1000,
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    let strategy = (3usize..=50, 0.02f64..0.3).prop_flat_map(|(n, p)| {
        (
            Just(n),
            proptest::collection::vec(proptest::bool::weighted(p), n * (n - 1) / 2),
        )
    });
    runner
        .run(&strategy, |(n, bits)| agrees(&graph_from_bits(n, &bits)))
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn command_line_and_batch() {
    if !Backend::Tabular.is_available() {
        return;
    }
    let (code, out, err) = run(&[
        "cat-and-mouse",
        "--graph",
        "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(r#""outcome":"draw","cat_mouse_game":0"#),
        "{out}"
    );
    let (code, lines) = batch_lines(
        "{\"game\":\"cat-and-mouse\",\"graph\":[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]}\n\
         {\"game\":\"cat-and-mouse\",\"graph\":[[1,3],[0],[3],[0,2]]}\n\
         {\"game\":\"cat-and-mouse\",\"graph\":[[1,3],[0],[3],[0]]}\n",
    );
    assert_eq!(code, 1, "{lines:?}");
    assert_eq!(lines[0]["cat_mouse_game"], 0);
    assert_eq!(lines[1]["cat_mouse_game"], 1);
    assert_eq!(lines[1]["outcome"], "first");
    assert_eq!(lines[2]["kind"], "invalid_input");
    let message = lines[2]["error"].as_str().unwrap_or_default();
    assert!(
        message.contains("node 2 lists neighbour 3, but node 3 does not list 2"),
        "{message}"
    );
    let (code, _, err) = run(&["cat-and-mouse", "--graph", "[[1],[0,9],[1]]"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("node 1 has neighbour 9, out of range"),
        "{err}"
    );
}

#[test]
fn explain_shows_the_rounds_and_analyze_the_moves() {
    if !Backend::Tabular.is_available() {
        return;
    }
    let graph = "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]";
    let (code, out, err) = run(&[
        "explain",
        "cat-and-mouse",
        "--graph",
        graph,
        "--backend",
        "tabular",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("round 0 (9 positions, terminal)"), "{out}");
    assert!(out.contains("never decided (5 positions"), "{out}");
    let (code, out, err) = run(&[
        "explain",
        "cat-and-mouse",
        "--graph",
        graph,
        "--backend",
        "tabular",
        "--dot",
        "-",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("subgraph cluster_round_0"), "{out}");
    assert!(out.contains("label=\"never decided: draws\""), "{out}");
    let (code, out, err) = run(&[
        "analyze",
        "cat-and-mouse",
        "--graph",
        "[[1,3],[0],[3],[0,2]]",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(r#""remoteness":1"#), "{out}");
    let (code, out, err) = run(&["analyze", "cat-and-mouse", "--graph", graph]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("position repeated: a draw"), "{out}");
}

/// `play` ends a game whose position repeats in a draw, as the rules say.
#[test]
fn play_ends_at_a_repeated_position() {
    if !Backend::Tabular.is_available() {
        return;
    }
    let (code, out, err) = crate::common::cli::run_with_stdin(
        &[
            "play",
            "cat-and-mouse",
            "--graph",
            "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]",
        ],
        // `3`: the node the mouse moves to (its only move), not a place in the listing.
        "y\n3\nmouse to 4\nmouse to 3\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("The position repeated: a draw."), "{out}");
    assert!(out.contains("You played perfectly."), "{out}");
}
