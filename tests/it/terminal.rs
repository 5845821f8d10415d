//! Issue 30: what the terminal shows, checked through pipes. Colour for outcomes, errors and
//! warnings follows `--color`, `NO_COLOR` and `CLICOLOR_FORCE` (never in JSON); `--progress`
//! forces the progress drawing onto a piped standard error and `--no-progress` keeps it off;
//! `compare`'s table keeps to 80 columns in a pipe, a refused backend's reason in a note.
#![allow(clippy::unwrap_used)]

use crate::common::cli::gamesolve;

/// Runs `args` with `env` set (and the colour variables of the caller removed); returns the
/// exit code, standard output and standard error.
fn run_env(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let mut command = gamesolve();
    command
        .args(args)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("CLICOLOR");
    for (name, value) in env {
        command.env(name, value);
    }
    let out = command.write_stdin("").output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

const ESC: char = '\u{1b}';

#[test]
fn colour_follows_the_flag_and_the_environment_and_never_enters_json() {
    let bad = ["can-i-win", "65", "1"];
    // Piped: off by default.
    let (code, _, err) = run_env(&bad, &[]);
    assert_eq!(code, 2);
    assert!(err.starts_with("error: max_choosable = 65"), "{err:?}");
    // Forced by the flag (before or after the command) or by CLICOLOR_FORCE.
    for (args, env) in [
        (vec!["--color", "always", "can-i-win", "65", "1"], vec![]),
        (vec!["can-i-win", "65", "1", "--color=always"], vec![]),
        (bad.to_vec(), vec![("CLICOLOR_FORCE", "1")]),
    ] {
        let (_, _, err) = run_env(&args, &env);
        assert!(
            err.starts_with(&format!("{ESC}[")),
            "{args:?} {env:?}: {err:?}"
        );
        assert!(err.contains("error:"), "{err:?}");
    }
    // `never` wins over CLICOLOR_FORCE.
    let args = ["--color", "never", "can-i-win", "65", "1"];
    let (_, _, err) = run_env(&args, &[("CLICOLOR_FORCE", "1")]);
    assert!(!err.contains(ESC), "{err:?}");
    // JSON is never coloured, whatever the flag.
    let (_, out, err) = run_env(
        &["--color", "always", "can-i-win", "65", "1", "--json"],
        &[],
    );
    assert!(!out.contains(ESC) && !err.contains(ESC), "{out:?} {err:?}");
    let (_, out, _) = run_env(
        &[
            "--color",
            "always",
            "compare",
            "can-i-win",
            "5",
            "6",
            "--json",
        ],
        &[],
    );
    assert!(!out.contains(ESC), "{out:?}");
    // Outcomes in `play`: a win in green, a loss in red.
    let mut command = gamesolve();
    command.args([
        "play",
        "can-i-win",
        "4",
        "6",
        "--first",
        "human",
        "--color",
        "always",
    ]);
    let out = command.write_stdin("hint\n").output().unwrap();
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(out.contains(&format!("{ESC}[32mwin in 3")), "{out:?}");
    assert!(out.contains(&format!("{ESC}[31mlose in 2")), "{out:?}");
    // A bad `--color` value is a usage error naming the values.
    let (code, _, err) = run_env(&["--color", "sometimes", "backends"], &[]);
    assert_eq!(code, 2);
    assert!(err.contains("auto, always, never"), "{err}");
}

#[test]
fn progress_is_forced_on_or_off_by_the_flags() {
    let args = ["compare", "can-i-win", "12", "40"];
    let (_, _, quiet) = run_env(&args, &[]);
    assert!(quiet.is_empty(), "{quiet:?}");
    let (code, _, drawn) = run_env(&[&args[..], &["--progress"]].concat(), &[]);
    assert_eq!(code, 0);
    assert!(drawn.contains("compare: running"), "{drawn:?}");
    let (_, _, off) = run_env(&[&args[..], &["--no-progress"]].concat(), &[]);
    assert!(off.is_empty(), "{off:?}");
    let (code, _, err) = run_env(&[&args[..], &["--progress", "--no-progress"]].concat(), &[]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot be used with"), "{err}");
}

#[test]
fn compare_keeps_to_80_columns_in_a_pipe_with_its_reasons_as_notes() {
    // The table of every backend, with the recursion refused: the default build's.
    if !gamesolve::Backend::ALL.iter().all(|b| b.is_available()) {
        return;
    }
    let (code, out, _) = run_env(
        &["compare", "can-i-win", "14", "60", "--node-budget", "100"],
        &[],
    );
    assert_eq!(code, 0, "{out}");
    for line in out.lines() {
        assert!(line.chars().count() <= 80, "{line:?}\n{out}");
    }
    assert!(out.contains("budget of 100 positions"), "{out}");
    assert!(
        out.contains("Left out to fit 80 columns: memo hits"),
        "{out}"
    );
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("[1] recursive: backend `recursive` gave up on can-i-win: it exceeded its node budget of 100 positions (`Limits::node_budget`, --node-budget)"),
        "{out}"
    );
}
