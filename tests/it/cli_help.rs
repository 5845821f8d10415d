//! Integration tests of the `gamesolve` binary's help and of the README
//! against it: every command's help has examples and truthful defaults, and
//! they run; the README's command summary lists every flag, its ```console
//! examples are real runs, compared with the output (trycmd).
//! They drive the real binary; the helpers are in `tests/common/cli.rs`.
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

/// The README's command summary lists every flag of every command.
#[test]
fn readme_command_summary_lists_every_flag() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let summary = readme
        .split_once("## Command line\n\n```text\n")
        .unwrap()
        .1
        .split_once("```")
        .unwrap()
        .0;
    let commands: &[&[&str]] = &[
        &["can-i-win"],
        &["predict-the-winner"],
        &["compare", "can-i-win"],
        &["compare", "predict-the-winner"],
        &["batch"],
        &["backends"],
        &["analyze", "can-i-win"],
        &["analyze", "predict-the-winner"],
        &["play", "can-i-win"],
        &["play", "predict-the-winner"],
        &["explain", "can-i-win"],
        &["explain", "predict-the-winner"],
    ];
    for command in commands {
        let prefix = format!("gamesolve {} ", command.join(" "));
        // The command's lines, with their indented continuations, and
        // `[LIMITS]` spelled out.
        let mut lines = String::new();
        let mut inside = false;
        for line in summary.lines() {
            if line.starts_with(&prefix) || line == prefix.trim_end() {
                inside = true;
            } else if !line.starts_with(' ') {
                inside = false;
            }
            if inside {
                lines.push_str(line);
                lines.push('\n');
            }
        }
        assert!(!lines.is_empty(), "{prefix}: not in the summary");
        let limits = summary
            .lines()
            .find_map(|l| l.strip_prefix("LIMITS: "))
            .unwrap();
        let analysis_limits = summary
            .lines()
            .find_map(|l| l.strip_prefix("ANALYSIS LIMITS: "))
            .unwrap();
        let every_command = summary
            .lines()
            .find_map(|l| l.strip_prefix("Every command: "))
            .unwrap();
        let lines = lines
            .replace("[LIMITS]", limits)
            .replace("[ANALYSIS LIMITS]", analysis_limits);
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
            // `--json` is global, but refused by `play` and `batch`.
            let refused = long == "--json" && matches!(command[0], "play" | "batch");
            // The terminal flags of every command are listed once.
            let everywhere = every_command.contains(&format!("{long} "))
                || every_command.contains(&format!("{long}|"))
                || every_command.contains(&format!("{long}]"));
            if long == "--help" || refused || everywhere {
                continue;
            }
            assert!(
                lines.contains(&long),
                "{prefix}: {long} missing in\n{lines}"
            );
            if let Some(short) = short {
                assert!(
                    lines.contains(&format!("{short}|{long}"))
                        || lines.contains(&format!("{long}|{short}"))
                        || lines.contains(&format!("[{short} ")),
                    "{prefix}: {short} missing in\n{lines}"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------
// issue 12, item 14: the README's play transcript is a real run

#[test]
fn readme_play_transcript_is_an_exact_run() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let command = "$ gamesolve play can-i-win 4 6 --first human\n";
    let transcript = readme
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
fn readme_renders_dot_one_way() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
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
    for source in [readme.as_str(), help.as_str(), text.as_str()] {
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

/// Every ```console example of the README is run and compared with its real
/// output (standard output and standard error together) by trycmd: `[..]`
/// stands for what varies within a line (a wall time), a line `...` for any
/// lines. The README's output holds for the default build, with every backend.
///
/// `cargo run --example NAME -- ARGS` runs the example binary that `cargo test`
/// builds (`target/debug/examples/NAME`); `cargo test --test cli_help` alone
/// does not rebuild it, so those steps are skipped, with a note, when it is
/// absent. Not run: `play` (its transcript interleaves what was typed;
/// `readme_play_transcript_is_an_exact_run` checks it), `dot` and `curl`
/// (Graphviz, a running server). The commands run in a temporary directory
/// (`--dot memo.dot` writes there). trycmd checks a copy of the README with
/// the same lines: `TRYCMD=overwrite` does not write back, edit README.md.
#[cfg(all(
    feature = "recursive",
    feature = "memo",
    feature = "tabular",
    feature = "reduction"
))]
#[test]
fn readme_console_examples_are_real_runs() {
    use trycmd::schema::Bin;

    let mut readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    // trycmd runs a case's commands in `<case>.in/` when it exists.
    std::fs::create_dir(dir.path().join("README.in")).unwrap();
    let cases = trycmd::TestCases::new();
    cases
        .register_bin("gamesolve", bin())
        .register_bin("dot", Bin::Ignore)
        .register_bin("curl", Bin::Ignore);
    let examples = bin().parent().unwrap().join("examples");
    for name in ["subtraction_game", "stone_game_ii"] {
        let command = format!("$ cargo run --example {name} -- ");
        if !readme.contains(&command) {
            continue;
        }
        readme = readme.replace(&command, &format!("$ {name} "));
        let path = examples.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
        if path.exists() {
            cases.register_bin(name, path);
        } else {
            eprintln!(
                "{}: not built (`cargo test` builds it); its README examples are skipped",
                path.display()
            );
            cases.register_bin(name, Bin::Ignore);
        }
    }
    assert!(
        !readme.contains("$ cargo "),
        "a README example runs cargo in a way this test does not know"
    );
    let copy = dir.path().join("README.md");
    std::fs::write(&copy, readme).unwrap();
    cases.case(&copy).run();
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
