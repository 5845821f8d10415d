//! The Stone Game II example (`examples/stone_game_ii.rs`), checked: LeetCode 1140's examples on
//! every backend that applies, agreement with an independent brute force on a few hundred small
//! rows, and the (pile index, M) table view.
#![allow(clippy::unwrap_used)]

use crate::stone_game_example as stone_game_ii;

use gamesolve::explain::TableView;
use gamesolve::games::{GameParams, ParamValue, Params};
use gamesolve::{core_types::Margin, Backend, Game, Outcome};
use stone_game_ii::{State, StoneGameII, StoneGameIISolution};

/// The game on the piles written in `text`, as the command line reads them.
fn parse(text: &str) -> StoneGameII {
    let piles = gamesolve::games::values::parse_values_from_reader(text.as_bytes()).unwrap();
    StoneGameII { piles }
}

/// What the player to move collects from piles `i..` with `M = m`, as LeetCode 1140 defines
/// it, by plain recursion straight from the rules, with none of the example's machinery (no
/// `Game`, no margin, no cap on `M`): the stones left minus the most the opponent then collects.
fn collect(piles: &[i64], i: usize, m: usize) -> i128 {
    if i == piles.len() {
        return 0;
    }
    let left = sum(&piles[i..]);
    (1..=(2 * m).min(piles.len() - i))
        .map(|x| left - collect(piles, i + x, m.max(x)))
        .max()
        .unwrap()
}

/// The stones of `piles`, exactly.
fn sum(piles: &[i64]) -> i128 {
    piles.iter().map(|&p| i128::from(p)).sum()
}

/// The first player's stones and the smallest optimal first `X` (`None` with no pile).
fn brute_force(piles: &[i64]) -> (i128, Option<u32>) {
    if piles.is_empty() {
        return (0, None);
    }
    let first = collect(piles, 0, 1);
    let x = (1..=2.min(piles.len()))
        .find(|&x| sum(piles) - collect(piles, x, x) == first)
        .unwrap();
    (first, Some(x as u32))
}

/// A fixed-seed generator (SplitMix64): the same rows on every run, no new dependency.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A value in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

/// Every row the differential test tries: each length 0..=7 with small values (negative
/// ones and zeros included, for ties and draws), and a few with extreme `i64` piles, where
/// margins leave `i64` and only exact `i128` arithmetic agrees.
fn generated_rows() -> Vec<Vec<i64>> {
    let mut rng = SplitMix(1140);
    let mut rows = Vec::new();
    for len in 0..=7 {
        for _ in 0..if len == 0 { 1 } else { 50 } {
            let (lo, hi) = if rng.next().is_multiple_of(3) {
                (-6, 6)
            } else {
                (0, 12)
            };
            rows.push((0..len).map(|_| rng.range(lo, hi)).collect());
        }
    }
    let extremes = [i64::MIN, i64::MAX, -1, 0, 1];
    for len in 1..=7 {
        for _ in 0..10 {
            rows.push(
                (0..len)
                    .map(|_| extremes[(rng.next() % extremes.len() as u64) as usize])
                    .collect(),
            );
        }
    }
    rows
}

/// The backends of this build with an algorithm for the game.
fn applicable_backends() -> Vec<Backend> {
    let backends: Vec<Backend> = Backend::available()
        .filter(|b| b.solver::<StoneGameII>().is_ok())
        .collect();
    // The generic variants apply wherever their backends are compiled in.
    for backend in [Backend::Recursive, Backend::Memo] {
        assert_eq!(
            backends.contains(&backend),
            backend.is_available(),
            "{backend}"
        );
    }
    backends
}

#[test]
fn leetcode_examples_on_every_backend() {
    let expected = [
        // 2 7 9 4 4: taking 1 pile, then 2, gives the first player 2 + 4 + 4 = 10 of 26.
        ("2 7 9 4 4", 10, 16, -6, Outcome::SecondPlayerWins),
        ("1 2 3 4 5 100", 104, 11, 93, Outcome::FirstPlayerWins),
    ];
    for backend in applicable_backends() {
        let mut solver = backend.solver::<StoneGameII>().unwrap();
        for (text, first, second, margin, outcome) in expected {
            let game = parse(text);
            let answer = solver.solve(&game).unwrap();
            assert_eq!(
                answer,
                StoneGameIISolution {
                    outcome,
                    margin,
                    first_score: first,
                    second_score: second,
                    best_move: Some(1),
                },
                "{backend} [{text}]"
            );
        }
    }
}

#[test]
fn every_backend_agrees_with_the_brute_force() {
    let rows = generated_rows();
    assert!(rows.len() >= 300, "{}", rows.len());
    let mut failures = Vec::new();
    for backend in applicable_backends() {
        let mut solver = backend.solver::<StoneGameII>().unwrap();
        for row in &rows {
            let game = StoneGameII { piles: row.clone() };
            let (first, best_move) = brute_force(row);
            let total = sum(row);
            let margin = 2 * first - total;
            let expected = StoneGameIISolution {
                outcome: Outcome::from_margin(margin),
                margin,
                first_score: first,
                second_score: total - first,
                best_move,
            };
            match solver.solve(&game) {
                Ok(answer) if answer == expected => {}
                Ok(answer) => {
                    failures.push(format!("{backend} {row:?}: {answer:?} != {expected:?}"))
                }
                Err(e) => failures.push(format!("{backend} {row:?}: {e}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn piles_are_the_one_parameter() {
    let params = Params::new().with("piles", ParamValue::Values(vec![2, 7, 9, 4, 4]));
    let game = StoneGameII::from_params(&params).unwrap();
    assert_eq!(game.piles, [2, 7, 9, 4, 4]);
    assert_eq!(game.params(), params);
    assert_eq!(StoneGameII::PARAMS[0].name, "piles");
    assert!(StoneGameII::PARAMS[0]
        .help
        .starts_with("The piles' stones, left to right"));
    let word = Params::new().with("piles", ParamValue::Text("7".into()));
    let err = StoneGameII::from_params(&word).unwrap_err();
    assert!(
        err.to_string().contains("piles must be a list of values"),
        "{err}"
    );
}

#[test]
fn the_game_reads_as_the_brief_shows_it() {
    let game = parse("2 7 9 4 4");
    let start = game.start();
    assert_eq!(start, State { index: 0, m: 1 });
    assert_eq!(game.describe(), "Stone Game II: 5 piles");
    assert_eq!(game.moves(start), [1, 2]);
    assert_eq!(game.show_position(start), "piles 0.. [2, 7, 9, 4, 4] M=1");
    assert_eq!(game.show_move(start, 2), "take 2 piles (9)");
    assert_eq!(game.show_move(start, 1), "take 1 pile (2)");
    // After taking 2, M = 2: the 3 piles left may all be taken.
    let after = game.play(start, 2);
    assert_eq!(after, State { index: 2, m: 2 });
    assert_eq!(game.moves(after), [1, 2, 3]);
    assert_eq!(game.move_value(start, 2, Margin(17)), Margin(9 - 17));
    // M is capped at ⌈left / 2⌉: from piles 3.. (2 left) M = 2 and M = 1 are the same state.
    assert_eq!(game.play(after, 1), State { index: 3, m: 1 });
    assert_eq!(game.terminal_value(game.play(after, 3)), Some(Margin(0)));
}

#[test]
fn the_table_lays_out_states_by_pile_index_and_m() {
    let game = parse("2 7 9 4 4");
    // Every state (M up to ⌈left / 2⌉) with its margin from the brute force, independently of
    // any backend.
    let piles = game.piles.clone();
    let mut cells = Vec::new();
    for index in 0..5usize {
        for m in 1..=(5 - index).div_ceil(2) {
            let margin = 2 * collect(&piles, index, m) - sum(&piles[index..]);
            let state = State {
                index: index as u32,
                m: m as u32,
            };
            cells.push((state, Margin(margin)));
        }
    }
    // The default text view draws the game's grid layout.
    let text = game.table_text(&cells, 20);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        text.starts_with("The table by i (rows) and M (columns)"),
        "{text}"
    );
    assert!(text.contains("9 cells."), "{text}");
    let header = lines.iter().position(|l| l.contains("i │")).unwrap();
    assert_eq!(lines[header], "   i │ M=0 M=1 M=2 M=3", "{text}");
    assert_eq!(
        &lines[header + 1..],
        [
            "   0 │   ·  -6 +18 +26",
            "   1 │   ·  +8 +24   ·",
            "   2 │   ·  +9 +17   ·",
            "   3 │   ·  +8   ·   ·",
            "   4 │   ·  +4   ·   ·",
        ],
        "{text}"
    );
    // Cut at max_lines rows, with the note.
    let cut = game.table_text(&cells, 2);
    assert!(cut.contains("   1 │   ·  +8 +24   ·\n"), "{cut}");
    assert!(!cut.contains("   2 │"), "{cut}");
    assert!(
        cut.ends_with("  … 3 more rows (raise --max-lines)\n"),
        "{cut}"
    );
    // A memo's states are drawn the same way.
    assert_eq!(game.memo_table_text(&cells, 20), Some(text));
}

#[test]
fn an_empty_row_is_a_draw_with_no_move() {
    for backend in applicable_backends() {
        let answer = backend
            .solver::<StoneGameII>()
            .unwrap()
            .solve(&StoneGameII { piles: Vec::new() })
            .unwrap();
        assert_eq!(answer.outcome, Outcome::Draw, "{backend}");
        assert_eq!((answer.margin, answer.best_move), (0, None), "{backend}");
    }
}

/// `play` and `analyze` offer the scoring game too: the example program's `play` keeps the
/// running scores and names the winner by them, and `analyze` gives every move's margin.
#[test]
fn play_and_analyze_offer_the_scoring_game() {
    let path = std::env::current_exe()
        .unwrap()
        .parent()
        .unwrap()
        .parent()
        .unwrap()
        .join("examples")
        .join(format!("stone_game_ii{}", std::env::consts::EXE_SUFFIX));
    if !path.exists() {
        eprintln!("{}: not built (`cargo test` builds it)", path.display());
        return;
    }
    let run = |args: &[&str]| {
        std::process::Command::new(&path)
            .args(args)
            .output()
            .unwrap()
    };
    // `play` keeps a scoring game's running scores (the game's `earned` points).
    let help = String::from_utf8(run(&["play", "--help"]).stdout).unwrap();
    assert!(help.contains("stone-game-ii"), "{help}");
    let mut child = std::process::Command::new(&path)
        .args([
            "play",
            "stone-game-ii",
            "2",
            "7",
            "9",
            "4",
            "4",
            "--first",
            "computer",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write as _;
        let mut stdin = child.stdin.take().unwrap();
        // The computer takes 2; `take 1 pile` (7) loses by 4 where `take 2 piles` (16) wins.
        stdin.write_all(b"1\n1\n").unwrap();
    }
    let played = child.wait_with_output().unwrap();
    let text = String::from_utf8(played.stdout).unwrap();
    assert_eq!(played.status.code(), Some(0), "{text}");
    assert!(text.contains("score: you 7, computer 2"), "{text}");
    assert!(text.contains("The computer wins 15 to 11, by 4."), "{text}");
    assert!(
        text.contains("take 2 piles (16) was better (win, margin +8 over the rest)"),
        "{text}"
    );
    let help = String::from_utf8(run(&["analyze", "--help"]).stdout).unwrap();
    assert!(help.contains("stone-game-ii"), "{help}");
    let analysis = run(&[
        "analyze",
        "stone-game-ii",
        "2",
        "7",
        "9",
        "4",
        "4",
        "--json",
    ]);
    let text = String::from_utf8(analysis.stdout).unwrap();
    assert!(text.contains(r#""value":"lose","margin":-6"#), "{text}");
}
