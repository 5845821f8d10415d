//! Errors carry their structure (issue 42): the parameter at fault (`field`) and the limit that
//! made the backend give up (`limit`), beside a message that is the same as before.

#![allow(clippy::unwrap_used)]

use crate::common::cli::*;
use serde_json::Value;

#[test]
fn error_json_names_the_field_and_the_limit() {
    let cases: &[(&[&str], Option<&str>, Option<&str>)] = &[
        (&["can-i-win", "65", "10"], Some("max_choosable"), None),
        (&["can-i-win", "10", "x"], Some("desired_total"), None),
        (&["connect-four", "9", "6"], Some("width"), None),
        (
            &["connect-four", "7", "6", "--played", "9"],
            Some("played"),
            None,
        ),
        (&["cat-and-mouse", "--graph", "[[1]]"], Some("graph"), None),
        (
            &["analyze", "can-i-win", "10", "40", "--used", "11"],
            Some("used"),
            None,
        ),
        (
            &[
                "can-i-win",
                "20",
                "158",
                "--backend",
                "recursive",
                "--node-budget",
                "10",
            ],
            None,
            Some("node_budget"),
        ),
        (
            &[
                "can-i-win",
                "30",
                "300",
                "--backend",
                "tabular",
                "--memory-cap",
                "1MiB",
            ],
            None,
            Some("memory_cap_bytes"),
        ),
        (
            &[
                "can-i-win",
                "22",
                "180",
                "--backend",
                "recursive",
                "--time-limit",
                "1ms",
            ],
            None,
            Some("time_limit"),
        ),
    ];
    for (args, field, limit) in cases {
        let (_, text, _) = run(args);
        let mut json = args.to_vec();
        json.push("--json");
        let (_, stdout, _) = run(&json);
        let v: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(v["field"].as_str(), *field, "{args:?}: {v}");
        assert_eq!(v["limit"].as_str(), *limit, "{args:?}: {v}");
        assert!(text.is_empty(), "errors go to stderr: {text}");
    }
    // A batch line: the same fields, and none on a line that is not about one.
    let input = [
        r#"{"game":"can-i-win","max_choosable":10}"#,
        r#"{"game":"can-i-win","max_choosable":65,"desired_total":10}"#,
        r#"{"game":"nim"}"#,
        r#"{"game":"connect-four","width":7,"height":6,"played":"44a"}"#,
    ]
    .join("\n");
    let (_, lines) = batch_lines(input);
    let fields: Vec<Option<&str>> = lines.iter().map(|l| l["field"].as_str()).collect();
    assert_eq!(
        fields,
        [
            Some("desired_total"),
            Some("max_choosable"),
            None,
            Some("played")
        ]
    );
    let (_, stdout, _) = run_with_stdin(
        &["batch", "--backend", "memo/sparse", "--state-budget", "10"],
        r#"{"game":"can-i-win","max_choosable":22,"desired_total":180}"#,
    );
    let line: Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(line["limit"], "state_budget", "{line}");
    assert!(line.get("field").is_none(), "{line}");
}
