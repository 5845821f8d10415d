//! BENCHMARKS.md and its plot against the data they are generated from
//! (`benches/results/*.csv`, by `examples/bench_report/`): the page is rendered in memory and
//! compared with the committed file, so a figure changed in one and not the other fails here.
//! No benchmark runs. Fix a failure with `cargo run --example bench_report`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::path::{Path, PathBuf};

#[path = "../../examples/bench_report/data.rs"]
#[allow(dead_code)] // the import's writer is the example's
mod data;
#[path = "../../examples/bench_report/page.rs"]
mod page;
#[path = "../../examples/bench_report/plot.rs"]
mod plot;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn tables() -> Vec<data::Table> {
    data::read_dir(&root().join("benches/results")).unwrap()
}

/// `what` as generated against the committed file, with the first line that differs.
fn assert_same(what: &str, generated: &str, path: &Path) {
    let committed = fs::read_to_string(path).unwrap();
    if generated == committed {
        return;
    }
    let line = generated
        .lines()
        .zip(committed.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| generated.lines().count().min(committed.lines().count()));
    panic!(
        "{} differs from benches/results at line {} ({} lines generated, {} committed):\n  \
         generated: {:?}\n  committed: {:?}\nrun `cargo run --example bench_report` ({what})",
        path.display(),
        line + 1,
        generated.lines().count(),
        committed.lines().count(),
        generated.lines().nth(line),
        committed.lines().nth(line),
    );
}

#[test]
fn the_page_is_the_data_rendered() {
    let page = page::render(&tables());
    assert_same("the page", &page, &root().join("BENCHMARKS.md"));
    let lines = page.lines().count();
    assert!(lines <= 300, "BENCHMARKS.md has {lines} lines; at most 300");
    // The headline table is on the first screen, after the contents.
    let headline = page.lines().position(|l| l.starts_with("| Can I Win"));
    assert!(
        headline.is_some_and(|at| at < 40),
        "the headline table starts at line {headline:?}"
    );
}

#[test]
fn the_plot_is_the_data_drawn() {
    let svg = plot::render(&tables()).unwrap();
    assert_same("the plot", &svg, &root().join(page::PLOT_PATH));
}

/// The bench targets the repository declares: the root's `[[bench]]`s, each crate's
/// `benches/*.rs` and the Python package's `benches/*.py`.
fn declared_targets() -> Vec<String> {
    let manifest: toml::Table = fs::read_to_string(root().join("Cargo.toml"))
        .unwrap()
        .parse()
        .unwrap();
    let mut targets: Vec<String> = manifest["bench"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["name"].as_str().unwrap().to_owned())
        .collect();
    for dir in fs::read_dir(root().join("crates")).unwrap() {
        let benches: PathBuf = dir.unwrap().path().join("benches");
        let Ok(files) = fs::read_dir(&benches) else {
            continue;
        };
        for file in files {
            let path = file.unwrap().path();
            match path.extension().and_then(|e| e.to_str()) {
                Some("rs") => targets.push(path.file_stem().unwrap().to_string_lossy().into()),
                Some("py") => targets.push(path.file_name().unwrap().to_string_lossy().into()),
                _ => {}
            }
        }
    }
    targets
}

#[test]
fn every_bench_target_is_listed_with_what_it_measures() {
    let tables = tables();
    let listed: Vec<&str> = tables
        .iter()
        .filter(|t| t.file == "targets.csv")
        .flat_map(|t| match &t.body {
            data::Body::Text(_, rows) => rows.iter().map(|r| r[0].as_str()).collect(),
            _ => Vec::new(),
        })
        .collect();
    let declared = declared_targets();
    assert!(declared.len() >= 9, "found only {declared:?}");
    for target in &declared {
        assert!(
            listed.contains(&target.as_str()),
            "bench target `{target}` is not in benches/results/targets.csv"
        );
    }
    let guide = fs::read_to_string(root().join("docs/GUIDE.md")).unwrap();
    for target in &declared {
        assert!(
            guide.contains(&format!("`{target}`")),
            "bench target `{target}` is not in docs/GUIDE.md's benchmark section"
        );
    }
}

#[test]
fn a_malformed_data_file_is_refused_with_where() {
    let header = "# kind: series\n# order: 1\n# section: S\n# title: T\n# group: g\n# size: n\n\
                  # command: c\n# machine: m\n# date: d\n# load: l\n";
    let columns = "variant,size,median_ns,lower_ns,upper_ns,positions\n";
    let good = format!("{header}{columns}memo,8,1.0,,,\nmemo,9,,2.0,3.0,\n");
    assert!(data::parse("good.csv", &good).is_ok());
    let cases = [
        (
            format!("{header}{columns}memo,eight,1.0,,,\n"),
            "bad.csv line 12: size `eight` is not a number",
        ),
        (
            format!("{header}{columns}memo,8,,,,\n"),
            "bad.csv line 12: a point needs a median_ns, or lower_ns and upper_ns",
        ),
        (
            format!("{header}# colour: red\n{columns}"),
            "bad.csv: unknown key `colour` for a `series` file",
        ),
        (
            format!("{}{columns}", header.replace("# load: l\n", "")),
            "bad.csv: the header block needs `# load: …`",
        ),
        (
            format!("{header}variant,size,median\n"),
            "bad.csv: the columns must be `variant,size,median_ns,lower_ns,upper_ns,positions`",
        ),
    ];
    for (text, want) in cases {
        let e = data::parse("bad.csv", &text).unwrap_err();
        assert!(e.starts_with(want), "{e:?} does not start with {want:?}");
    }
}
