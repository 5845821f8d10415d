//! The documentation's shape (issue 30, "The README is a front door"): a short
//! README that links every page of `docs/`, pictures that are shown, links and
//! section references that resolve, and no `[..]` wildcard inside a table.
//! The pages' console examples are run by `cli_help::docs_console_examples_are_real_runs`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use crate::cli_help::doc_pages;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The README and `docs/*.md`, plus the other pages at the root.
fn all_pages() -> Vec<(String, String)> {
    let mut pages = doc_pages();
    for name in ["ARCHITECTURE.md", "BENCHMARKS.md"] {
        pages.push((
            name.to_owned(),
            std::fs::read_to_string(root().join(name)).unwrap(),
        ));
    }
    pages
}

/// The lines of a page outside its code blocks.
fn prose(text: &str) -> Vec<&str> {
    let mut inside = false;
    text.lines()
        .filter(|line| {
            if line.trim_start().starts_with("```") {
                inside = !inside;
                return false;
            }
            !inside
        })
        .collect()
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c.to_ascii_lowercase()),
            _ => None,
        })
        .collect()
}

fn headings(text: &str) -> Vec<String> {
    prose(text)
        .into_iter()
        .filter_map(|line| {
            let rest = line.trim_start_matches('#');
            (rest.len() < line.len() && rest.starts_with(' ')).then(|| rest.trim().to_owned())
        })
        .collect()
}

/// The targets of a page's links and images, `[text](target)`, outside code.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for line in prose(text) {
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            if let Some(end) = rest.find(')') {
                targets.push(rest[..end].to_owned());
                rest = &rest[end..];
            }
        }
    }
    targets
}

#[test]
fn the_readme_is_a_front_door() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= 250, "the README has {lines} lines; at most 250");
    let headings = headings(&readme);
    for section in [
        "Quick start",
        "Which backend should I use?",
        "Add your own game",
    ] {
        assert!(
            headings.iter().any(|h| h == section),
            "the README has no section {section:?}: {headings:?}"
        );
    }
    // The quick start's commands, which `.ci/run` runs too.
    let ci = std::fs::read_to_string(root().join(".ci/run")).unwrap();
    for command in [
        "cargo run --release -- can-i-win 10 11",
        "cargo test --workspace",
        "pip install ./crates/python pytest",
        "pytest crates/python/tests",
    ] {
        assert!(
            readme.contains(command),
            "the quick start lacks `{command}`"
        );
    }
    assert!(
        ci.contains("\ncargo test --workspace\n"),
        ".ci/run lacks the test command"
    );
    assert!(ci.contains("install --quiet ./crates/python pytest"));
    assert!(ci.contains("pytest -q crates/python/tests"));
    // Every page of docs/ is one link away.
    let targets = link_targets(&readme);
    for (name, _) in doc_pages().iter().skip(1) {
        assert!(
            targets
                .iter()
                .any(|t| t.split('#').next() == Some(name.as_str())),
            "the README does not link {name}"
        );
    }
}

#[test]
fn every_picture_is_shown() {
    let shown: Vec<PathBuf> = all_pages()
        .iter()
        .flat_map(|(name, text)| {
            let dir = root().join(name).parent().unwrap().to_owned();
            link_targets(text).into_iter().map(move |t| dir.join(t))
        })
        .filter_map(|path| path.canonicalize().ok())
        .collect();
    for entry in std::fs::read_dir(root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "png") {
            let path = path.canonicalize().unwrap();
            assert!(shown.contains(&path), "{} is shown nowhere", path.display());
        }
    }
}

#[test]
fn links_and_section_references_resolve() {
    let mut broken = Vec::new();
    for (name, text) in all_pages() {
        let dir = root().join(&name).parent().unwrap().to_owned();
        for target in link_targets(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let page = if file.is_empty() {
                text.clone()
            } else {
                let path = dir.join(file);
                if !path.exists() {
                    broken.push(format!("{name}: {target}: no such file"));
                    continue;
                }
                if anchor.is_empty() {
                    continue;
                }
                std::fs::read_to_string(&path).unwrap()
            };
            if !headings(&page).iter().any(|h| slug(h) == anchor) {
                broken.push(format!("{name}: {target}: no such section"));
            }
        }
        // A section named in words, `(see "Exact semantics")`, is one of the
        // page's (or the start of its name: "Hardest totals" below).
        let own = headings(&text);
        for line in prose(&text) {
            for piece in line.split("see \"").skip(1) {
                let Some((section, _)) = piece.split_once('"') else {
                    continue;
                };
                if !own.iter().any(|h| h.starts_with(section)) {
                    broken.push(format!("{name}: see \"{section}\": no such section"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn no_wildcard_in_a_table() {
    for (name, text) in doc_pages() {
        for line in text.lines() {
            let table =
                line.trim_start().starts_with('|') || line.contains(['│', '┆', '┌', '╞', '└']);
            assert!(
                !(table && line.contains("[..]")),
                "{name}: a table row with a wildcard: {line}"
            );
        }
    }
}

#[test]
fn slugs_are_githubs() {
    assert_eq!(
        slug("Which backend should I use?"),
        "which-backend-should-i-use"
    );
    assert_eq!(slug("`compare --json`"), "compare---json");
    assert_eq!(
        slug("Cat and Mouse: a game whose positions repeat"),
        "cat-and-mouse-a-game-whose-positions-repeat"
    );
}

/// The registry's variants are documented: every `backend/variant` that `gamesolve backends
/// --json` lists is named in docs/GUIDE.md's table of variants (the backend's row) and in
/// docs/LIBRARY.md's table of features, and every example program (`examples/*.rs`) is named
/// in docs/LIBRARY.md's workspace layout. A variant or example added without its docs fails
/// here (`memo/textbook` and three examples once went missing).
#[test]
fn every_variant_and_example_is_documented() {
    let (code, out, err) = crate::common::cli::run(&["backends", "--json"]);
    assert_eq!(code, 0, "{err}");
    let backends: serde_json::Value = serde_json::from_str(&out).unwrap();
    let guide = std::fs::read_to_string(root().join("docs/GUIDE.md")).unwrap();
    let library = std::fs::read_to_string(root().join("docs/LIBRARY.md")).unwrap();
    let mut missing = Vec::new();
    for b in backends.as_array().unwrap() {
        let backend = b["name"].as_str().unwrap();
        let row = guide
            .lines()
            .find(|l| l.starts_with(&format!("| `{backend}` |")))
            .unwrap_or_else(|| panic!("docs/GUIDE.md has no row for backend `{backend}`"));
        for v in b["variants"].as_array().unwrap() {
            let variant = v["name"].as_str().unwrap();
            if !row.contains(&format!("`{variant}`")) {
                missing.push(format!("docs/GUIDE.md: `{variant}` in the `{backend}` row"));
            }
            if !library.contains(&format!("`{backend}/{variant}`")) {
                missing.push(format!("docs/LIBRARY.md: `{backend}/{variant}`"));
            }
        }
    }
    for entry in std::fs::read_dir(root().join("examples")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            let name = path.file_name().unwrap().to_str().unwrap().to_owned();
            if !library.contains(&format!("`{name}`")) {
                missing.push(format!("docs/LIBRARY.md: example `{name}`"));
            }
        }
    }
    missing.sort();
    missing.dedup();
    assert!(missing.is_empty(), "undocumented: {missing:#?}");
}
