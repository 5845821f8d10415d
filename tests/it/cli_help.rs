//! Integration tests of the `gamesolve` binary's help and of the documentation
//! against it: every command's help has examples and truthful defaults, and
//! they run; the guide's synopsis lists every command once and every flag; the
//! ```console examples of the README and `docs/*.md` are real runs, compared
//! with the output (trycmd).
//! They drive the real binary; the helpers are in `tests/it/common/cli.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::cli::*;
use predicates::prelude::*;
use serde_json::Value;

// ---------------------------------------------------------------------------
// help and a missing command

#[test]
fn help_and_missing_command() {
    gamesolve().arg("--help").assert().success().stdout(
        predicate::str::contains("can-i-win")
            .and(predicate::str::contains("predict-the-winner"))
            .and(predicate::str::contains("compare"))
            .and(predicate::str::contains("batch"))
            .and(predicate::str::contains("backends")),
    );
    let (code, _, stderr) = run(&[]);
    assert_eq!(code, 2);
    assert!(stderr.contains("Usage"), "{stderr}");
    let (code, stdout, _) = run(&["frobnicate", "--json"]);
    assert_eq!(code, 2);
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["kind"], "usage");
}

/// Issue 45: `play --help` at 40 columns printed a 41-column usage line (clap wraps the help
/// but not its usage): every line of `play`'s help fits, its examples included (one with a word
/// wider than the lines, Cat and Mouse's graph, is left out at that width).
#[test]
fn play_help_fits_forty_columns() {
    for args in [
        &["play", "--help"][..],
        &["play", "can-i-win", "--help"],
        &["play", "predict-the-winner", "--help"],
        &["play", "cat-and-mouse", "--help"],
    ] {
        let output = gamesolve()
            .args(args)
            .env("COLUMNS", "40")
            .output()
            .unwrap();
        assert!(output.status.success(), "{args:?}");
        let help = String::from_utf8(output.stdout).unwrap();
        assert!(help.contains("Usage: gamesolve play"), "{help}");
        for line in help.lines() {
            assert!(
                line.chars().count() <= 40,
                "{args:?}: {} columns: {line:?}",
                line.chars().count()
            );
        }
        // An example too wide for the lines (a graph's JSON) is left out, not the section.
        assert!(help.contains("Examples:\n  gamesolve "), "{args:?}: {help}");
    }
}

// ---------------------------------------------------------------------------
// issue 12, item 13: help with examples, truthful defaults

#[test]
fn every_command_help_has_examples() {
    let commands: &[&[&str]] = &[
        &["can-i-win"],
        &["predict-the-winner"],
        &["compare"],
        &["compare", "can-i-win"],
        &["compare", "predict-the-winner"],
        &["growth"],
        &["growth", "can-i-win"],
        &["growth", "predict-the-winner"],
        &["batch"],
        &["backends"],
        &["analyze"],
        &["analyze", "can-i-win"],
        &["analyze", "predict-the-winner"],
        &["play"],
        &["play", "can-i-win"],
        &["play", "predict-the-winner"],
        &["explain"],
        &["explain", "can-i-win"],
        &["explain", "predict-the-winner"],
    ];
    for command in commands {
        let mut args = command.to_vec();
        args.push("--help");
        let (code, stdout, _) = run(&args);
        assert_eq!(code, 0, "{args:?}");
        let examples = stdout
            .split_once("Examples:")
            .unwrap_or_else(|| panic!("{args:?}: no examples in\n{stdout}"))
            .1;
        let count = examples
            .lines()
            .filter(|l| l.trim_start().starts_with("gamesolve "))
            .count();
        assert!((2..=4).contains(&count), "{args:?}: {count} examples");
        // Every example names the command it documents.
        let name = format!("gamesolve {}", command.join(" "));
        for line in examples
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with("gamesolve "))
        {
            assert!(line.starts_with(&name), "{args:?}: {line}");
        }
    }
}

#[test]
fn can_i_win_help_states_the_memory_cap_default_of_both_engines() {
    // The backends and the analysis engine of `--all-totals` share one default, 1 GiB.
    let (_, stdout, _) = run(&["can-i-win", "--help"]);
    let flat = stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("[default: 1GiB, the same with `--all-totals`"),
        "{flat}"
    );
    assert!(!flat.contains("256MiB"), "{flat}");
    let (_, stdout, _) = run(&["analyze", "can-i-win", "--help"]);
    let flat = stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("[default: 1GiB"), "{flat}");
}

/// The guide's synopsis lists each command once, and every flag of every
/// command: a command's lines, with the definitions of `GAME PARAMS`,
/// `POSITION` and the limits for its game, hold every flag of its `--help`.
#[test]
fn guide_synopsis_lists_each_command_once_with_every_flag() {
    let guide = doc_page("docs/GUIDE.md");
    let summary = guide
        .split_once("## The command line\n\n```text\n")
        .unwrap()
        .1
        .split_once("```")
        .unwrap()
        .0;
    // Each command's lines (with their indented continuations), by its word
    // after `gamesolve` (`GAME` for solving); and the definitions below
    // them (`LIMITS: ...`, `GAME PARAMS: ...` with its indented lines).
    let mut commands: Vec<(String, String)> = Vec::new();
    let mut definitions: Vec<(String, String)> = Vec::new();
    let mut in_definitions = false;
    for line in summary.lines().filter(|l| !l.trim().is_empty()) {
        let entries = if line.starts_with(' ') {
            if in_definitions {
                &mut definitions
            } else {
                &mut commands
            }
        } else if let Some(rest) = line.strip_prefix("gamesolve ") {
            assert!(!in_definitions, "a command after the definitions: {line}");
            let word = rest.split_whitespace().next().unwrap().to_owned();
            commands.push((word, String::new()));
            &mut commands
        } else {
            in_definitions = true;
            let (name, _) = line
                .split_once(':')
                .unwrap_or_else(|| panic!("neither a command nor a definition: {line}"));
            definitions.push((name.to_owned(), String::new()));
            &mut definitions
        };
        let (_, lines) = entries.last_mut().unwrap();
        lines.push_str(line);
        lines.push('\n');
    }
    let mut seen = std::collections::BTreeSet::new();
    for (word, _) in &commands {
        assert!(
            seen.insert(word.clone()),
            "`gamesolve {word}` is listed twice"
        );
    }
    let definition = |name: &str| -> String {
        let (_, text) = definitions
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("{name}: not defined in the synopsis"));
        text.split_once(':').unwrap().1.trim().to_owned()
    };
    let cases: &[&[&str]] = &[
        &["can-i-win"],
        &["predict-the-winner"],
        &["cat-and-mouse"],
        &["compare", "can-i-win"],
        &["compare", "predict-the-winner"],
        &["compare", "cat-and-mouse"],
        &["growth", "can-i-win"],
        &["growth", "predict-the-winner"],
        &["batch"],
        &["backends"],
        &["games"],
        &["analyze", "can-i-win"],
        &["analyze", "predict-the-winner"],
        &["analyze", "cat-and-mouse"],
        &["play", "can-i-win"],
        &["play", "predict-the-winner"],
        &["play", "cat-and-mouse"],
        &["explain", "can-i-win"],
        &["explain", "predict-the-winner"],
        &["explain", "cat-and-mouse"],
        #[cfg(feature = "serve")]
        &["serve"],
    ];
    let games = ["can-i-win", "predict-the-winner", "cat-and-mouse"];
    for command in cases {
        let game = command.iter().find(|w| games.contains(w));
        let word = if command.len() == 1 && game.is_some() {
            "GAME"
        } else {
            command[0]
        };
        let mut lines = commands
            .iter()
            .find(|(w, _)| w == word)
            .unwrap_or_else(|| panic!("gamesolve {word}: not in the synopsis"))
            .1
            .clone();
        // Flags every command takes, when the synopsis lists them once
        // (`EVERY COMMAND: [--flag ...]`).
        if let Some((_, every)) = definitions.iter().find(|(n, _)| n == "EVERY COMMAND") {
            lines.push_str(every);
        }
        if let Some(game) = game {
            // The definitions' lines that name the game.
            for (_, text) in &definitions {
                for line in text.lines().filter(|l| l.contains(game)) {
                    lines.push_str(line);
                    lines.push('\n');
                }
            }
        }
        let lines = lines
            .replace("[LIMITS]", &definition("LIMITS"))
            .replace("[ANALYSIS LIMITS]", &definition("ANALYSIS LIMITS"));
        let mut args = command.to_vec();
        args.push("--help");
        let (_, help, _) = run(&args);
        for line in help.lines().map(str::trim_start) {
            let Some(rest) = line.strip_prefix('-') else {
                continue;
            };
            // `-b, --backend <BACKEND>` or `--json`.
            let (short, long) = match rest.split_once(", --") {
                Some((short, long)) => (Some(format!("-{short}")), long),
                None => match rest.strip_prefix('-') {
                    Some(long) => (None, long),
                    None => continue,
                },
            };
            let long = format!("--{}", long.split_whitespace().next().unwrap());
            // `--json` is global, but refused by `play`, `batch` and `serve`.
            let refused = long == "--json" && matches!(command[0], "play" | "batch" | "serve");
            if long == "--help" || refused {
                continue;
            }
            assert!(
                lines.contains(&long),
                "{command:?}: {long} missing in\n{lines}"
            );
            if let Some(short) = short {
                assert!(
                    lines.contains(&format!("{short}|{long}"))
                        || lines.contains(&format!("{long}|{short}"))
                        || lines.contains(&format!("[{short} ")),
                    "{command:?}: {short} missing in\n{lines}"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------
// issue 12, item 14: the guide's play transcript is a real run

#[test]
fn guide_play_transcript_is_an_exact_run() {
    let guide = doc_page("docs/GUIDE.md");
    let command = "$ gamesolve play can-i-win 4 6 --first human\n";
    let transcript = guide
        .split_once(command)
        .unwrap()
        .1
        .split_once("```")
        .unwrap()
        .0;
    assert!(!transcript.contains("\n...\n"), "{transcript}");
    // The typed lines follow each prompt in the transcript.
    let mut typed = Vec::new();
    for line in transcript.lines() {
        if let Some(input) = line.strip_prefix("Your move> ") {
            typed.push(input.to_owned());
        }
    }
    let input: String = typed.iter().map(|t| format!("{t}\n")).collect();
    let (code, stdout, _) =
        run_with_stdin(&["play", "can-i-win", "4", "6", "--first", "human"], input);
    assert_eq!(code, 0);
    let mut echoed = String::new();
    let mut inputs = typed.iter();
    for (index, piece) in stdout.split("Your move> ").enumerate() {
        if index > 0 {
            echoed.push_str("Your move> ");
            echoed.push_str(inputs.next().unwrap());
            echoed.push('\n');
        }
        echoed.push_str(piece);
    }
    assert_eq!(transcript, echoed);
}

#[test]
fn docs_render_dot_one_way() {
    let docs: String = doc_pages().into_iter().map(|(_, text)| text).collect();
    let readme = doc_page("README.md");
    let (_, help, _) = run(&["explain", "can-i-win", "--help"]);
    let (_, text, _) = run(&[
        "explain",
        "can-i-win",
        "5",
        "11",
        "--dot",
        "/dev/null",
        "-b",
        some_backend(),
    ]);
    let mut seen = 0;
    for source in [docs.as_str(), help.as_str(), text.as_str()] {
        // Help text wraps lines: compare words.
        let flat = source.split_whitespace().collect::<Vec<_>>().join(" ");
        for rest in flat.split("dot -T").skip(1) {
            let words: Vec<&str> = rest.split(' ').take(3).collect();
            // `dot -Tsvg memo.dot -o memo.svg`, the one way everywhere.
            assert_eq!(words[0], "svg", "dot -T{rest:.60}");
            assert_eq!(words[2], "-o", "dot -T{rest:.60}");
            seen += 1;
        }
    }
    assert!(seen >= 3, "{seen}");
    assert!(readme.contains("1.89"), "the minimum Rust version");
}

// ---------------------------------------------------------------------------
// issue 23, item 7: documentation that is tested

/// Every ```console example of the README and of `docs/*.md` is run and
/// compared with its real output (standard output and standard error
/// together) by trycmd: a line `...` stands for any lines (`[..]`, what varies
/// within a line, is not used in a table: `docs::no_wildcard_in_a_table`). The
/// output holds for the default build, with every backend.
///
/// `cargo run --example NAME -- ARGS` runs the example binary that `cargo test`
/// builds (`target/debug/examples/NAME`); `cargo test --test cli_help` alone
/// does not rebuild it, so those steps are skipped, with a note, when it is
/// absent. Not run: `play` (its transcript interleaves what was typed;
/// `guide_play_transcript_is_an_exact_run` checks it), `dot` and `curl`
/// (Graphviz, a running server). The commands run in a temporary directory,
/// one per page (`--dot memo.dot` writes there). trycmd checks a copy of each
/// page with the same lines: `TRYCMD=overwrite` does not write back, edit the
/// page itself.
#[cfg(all(
    feature = "recursive",
    feature = "memo",
    feature = "tabular",
    feature = "reduction"
))]
#[test]
fn docs_console_examples_are_real_runs() {
    use trycmd::schema::Bin;

    let dir = tempfile::tempdir().unwrap();
    let cases = trycmd::TestCases::new();
    cases
        .register_bin("gamesolve", bin())
        .register_bin("dot", Bin::Ignore)
        .register_bin("curl", Bin::Ignore);
    let examples = bin().parent().unwrap().join("examples");
    for name in ["subtraction_game", "stone_game_ii", "nim"] {
        let path = examples.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
        if path.exists() {
            cases.register_bin(name, path);
        } else {
            eprintln!(
                "{}: not built (`cargo test` builds it); its examples in the docs are skipped",
                path.display()
            );
            cases.register_bin(name, Bin::Ignore);
        }
    }
    let mut pages = 0;
    for (name, mut text) in doc_pages() {
        if !text.contains("```console") {
            continue;
        }
        for example in ["subtraction_game", "stone_game_ii", "nim"] {
            let command = format!("$ cargo run --example {example} -- ");
            text = text.replace(&command, &format!("$ {example} "));
        }
        assert!(
            !text.contains("$ cargo "),
            "{name}: an example runs cargo in a way this test does not know"
        );
        // `docs/GUIDE.md` is checked as `docs-GUIDE.md`; trycmd runs a case's
        // commands in `<case>.in/` when it exists.
        let stem = name.replace('/', "-").trim_end_matches(".md").to_owned();
        std::fs::create_dir(dir.path().join(format!("{stem}.in"))).unwrap();
        let copy = dir.path().join(format!("{stem}.md"));
        std::fs::write(&copy, text).unwrap();
        cases.case(&copy);
        pages += 1;
    }
    assert!(pages >= 3, "only {pages} pages with console examples");
    cases.run();
}

/// Every `Examples:` line of every command's `--help` runs and exits 0 (a
/// `--json` one with a JSON answer, not an error), but those that need what a
/// test does not give: a file or a pipe (`<`, `>`, `|`, `--file`) or a server
/// (`serve`). They run in a temporary directory (`--dot memo.dot` writes
/// there), `play` with empty standard input (the game ends at once). The
/// examples' programs (`cargo run --example subtraction_game`), when built,
/// run the examples of their own game the same way.
#[cfg(all(
    feature = "recursive",
    feature = "memo",
    feature = "tabular",
    feature = "reduction"
))]
#[test]
fn help_examples_run() {
    use std::collections::BTreeSet;

    let dir = tempfile::tempdir().unwrap();
    let examples = bin().parent().unwrap().join("examples");
    // (program, the game its own examples name: `None` for every example)
    let mut programs = vec![(bin().to_owned(), None)];
    for (name, game) in [
        ("subtraction_game", "subtraction-1-3-4"),
        ("stone_game_ii", "stone-game-ii"),
        ("nim", "nim"),
    ] {
        let path = examples.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
        if path.exists() {
            programs.push((path, Some(game)));
        } else {
            eprintln!(
                "{}: not built; its help examples are skipped",
                path.display()
            );
        }
    }
    let mut ran = 0;
    let mut failed = Vec::new();
    for (program, game) in &programs {
        let mut seen = BTreeSet::new();
        let mut commands: Vec<Vec<String>> = vec![Vec::new()];
        while let Some(command) = commands.pop() {
            let output = assert_cmd::Command::new(program)
                .args(&command)
                .arg("--help")
                .output()
                .unwrap();
            assert!(output.status.success(), "{command:?} --help");
            let help = String::from_utf8(output.stdout).unwrap();
            if let Some((_, list)) = help.split_once("\nCommands:\n") {
                for line in list.lines().take_while(|l| !l.is_empty()) {
                    let Some(name) = line.strip_prefix("  ") else {
                        continue;
                    };
                    if name.starts_with(' ') || name.starts_with("help ") {
                        continue;
                    }
                    let mut sub = command.clone();
                    sub.push(name.split_whitespace().next().unwrap().to_owned());
                    commands.push(sub);
                }
            }
            let Some((_, examples)) = help.split_once("Examples:") else {
                continue;
            };
            for example in examples.lines().map(str::trim) {
                let Some(args) = example.strip_prefix("gamesolve ") else {
                    continue;
                };
                let needs_more = ["<", ">", "|", "--file", "-f "]
                    .iter()
                    .any(|s| example.contains(s))
                    || args.starts_with("serve");
                let other_game = game.is_some_and(|g| !args.contains(g));
                if needs_more || other_game || !seen.insert(example.to_owned()) {
                    continue;
                }
                // Words as a shell reads them: a JSON graph is quoted ('[[1,3],[0]]').
                let args: Vec<&str> = args
                    .split_whitespace()
                    .map(|word| word.trim_matches('\''))
                    .collect();
                let output = assert_cmd::Command::new(program)
                    .args(&args)
                    .current_dir(dir.path())
                    .write_stdin("")
                    .timeout(std::time::Duration::from_secs(60))
                    .output()
                    .unwrap();
                let stdout = String::from_utf8(output.stdout).unwrap();
                let stderr = String::from_utf8(output.stderr).unwrap();
                let json_error = args.contains(&"--json")
                    && serde_json::from_str::<Value>(&stdout)
                        .map_or(true, |v| v.get("error").is_some());
                if output.status.code() != Some(0) || stdout.trim().is_empty() || json_error {
                    failed.push(format!(
                        "{}: `{example}`: {:?}\n{stdout}{stderr}",
                        program.display(),
                        output.status.code()
                    ));
                }
                ran += 1;
            }
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    assert!(ran >= 20, "only {ran} help examples ran");
}

/// A page of the documentation, by its path from the repository root.
fn doc_page(path: &str) -> String {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// The README and every page of `docs/`, by their paths from the repository
/// root, the README first.
pub(crate) fn doc_pages() -> Vec<(String, String)> {
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let mut names: Vec<String> = std::fs::read_dir(docs)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    names.sort();
    names.insert(0, "README.md".to_owned());
    names
        .into_iter()
        .map(|name| {
            let text = doc_page(&name);
            (name, text)
        })
        .collect()
}
