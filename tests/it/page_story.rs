//! The teaching page tells one story, step by step (issue 45): a first visit opens at step 0
//! with the step-through's first picture in view; the counts shown are those of the step
//! shown; the reduction's quiz hides the merges to come; the answer table's memo column runs
//! the variant the step-through shows and says so; a rolling row's cell is struck out only
//! after the write that reuses its slot; the quiz's marks have legend keys; Cat and Mouse's
//! formula stays in view at 600 px; a DAG draws each level on a row of its own; the growth
//! chart's axes name the parameter and carry units. Each check reads the page's `data-*`
//! hooks in headless Chromium (skipped with a message when it is missing).
#![cfg(feature = "serve")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::{json, Value};

use crate::page::{attr, count, open, screenshot, shared_server, shown, slide};
use crate::serve::{have_browser, Browser};

/// Waits for the first visit's fold view, its picture drawn.
fn first_visit(browser: &Browser, url: &str) {
    browser.session("POST", "/url", &json!({ "url": url }));
    browser.wait_for(
        "return document.getElementById('view').dataset.view === 'fold' && \
         document.querySelector('#fold-tree svg .node') !== null && \
         document.getElementById('counters-note').textContent !== '';",
    );
}

/// A first visit opens at step 0 (nothing solved yet), the tree's picture in view in a
/// 1280 × 757 and a 600 × 757 window; the answer table's memo column runs memo/textbook, as
/// the step-through does, with a note naming what memo/auto would run.
#[test]
fn page_first_visit_opens_at_step_0_with_its_picture_in_view() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    for width in [1280, 600] {
        browser.session(
            "POST",
            "/window/rect",
            &json!({"width": width, "height": 757}),
        );
        first_visit(&browser, &server.url());
        assert_eq!(browser.text("step-note"), "step 0 of 68", "{width} px");
        assert_eq!(count(&browser, "#trace .node[data-value]"), 0);
        // The first picture starts in the window, with room below its top for nodes.
        let seen = browser.eval(
            "const r = document.querySelector('#fold-tree svg').getBoundingClientRect(); \
             return {top: r.top, window: window.innerHeight, scrolled: window.scrollY};",
        );
        let top = seen["top"].as_f64().unwrap();
        let window = seen["window"].as_f64().unwrap();
        assert_eq!(seen["scrolled"], json!(0), "{width} px: {seen}");
        assert!(top >= 0.0 && top + 80.0 <= window, "{width} px: {seen}");
        // One memo story: the memo column is memo/textbook's 17 positions and 9 memo hits,
        // the picture's, and the note says memo/auto runs memo/dense.
        let table = browser.eval("return document.getElementById('counters').innerText;");
        let table = table.as_str().unwrap();
        let row = |name: &str| -> Vec<String> {
            table
                .lines()
                .find(|l| l.starts_with(name))
                .unwrap_or_else(|| panic!("no {name} in {table}"))
                .split('\t')
                .map(str::to_owned)
                .collect()
        };
        let heads = row("backend");
        let memo = heads.iter().position(|h| h.starts_with("memo/")).unwrap();
        assert_eq!(heads[memo], "memo/textbook", "{table}");
        assert_eq!(row("variant run")[memo], "memo/textbook", "{table}");
        assert_eq!(row("positions expanded")[memo], "17", "{table}");
        assert_eq!(row("memo hits")[memo], "9", "{table}");
        let note = browser.text("counters-note");
        assert!(
            note.contains("memo/textbook") && note.contains("memo/dense"),
            "{note}"
        );
        if width == 600 {
            // The form closed to its summary line, which names the game.
            assert_eq!(
                browser.eval("return document.getElementById('setup-box').open;"),
                false
            );
            assert!(browser.text("setup-summary").contains("Can I Win 5 11"));
        }
    }
}

/// At step k the counts are those of step k: the run's totals ("positions expanded 17 vs
/// distinct positions 17 (memo hits 9)") show at the last step only.
#[test]
fn page_counts_are_those_of_the_step_shown() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    let base = "game=can-i-win&max_choosable=5&desired_total=11&backend=memo";
    // The fold view at step 0: no totals anywhere, the panels at 0.
    open(&browser, &server, &format!("{base}&view=fold&step=0"));
    let text = browser.eval("return document.getElementById('trace').innerText;");
    assert!(
        !text.as_str().unwrap().contains("17"),
        "a total shows at step 0: {text}"
    );
    assert_eq!(
        attr(&browser, "#fold-dag .fold-count", "data-positions"),
        "0"
    );
    // The DAG alone: its counts so far, step by step.
    open(&browser, &server, &format!("{base}&view=dag&step=0"));
    assert_eq!(attr(&browser, "#trace-counts", "data-positions"), "0");
    assert_eq!(attr(&browser, "#trace-counts", "data-hits"), "0");
    assert!(!browser.text("trace-counts").contains("17"));
    slide(&browser, 10);
    let so_far = browser
        .eval("return trace.data.events.slice(0, 10).filter((e) => e.kind === 'enter').length;");
    assert_eq!(
        attr(&browser, "#trace-counts", "data-positions"),
        Value::String(so_far.to_string())
    );
    assert!(browser.text("trace-counts").starts_with("So far (step 10)"));
    slide(&browser, 43);
    assert_eq!(attr(&browser, "#trace-counts", "data-positions"), "17");
    assert_eq!(attr(&browser, "#trace-counts", "data-hits"), "9");
    assert!(browser
        .text("trace-counts")
        .contains("positions expanded 17 vs distinct positions 17 (memo hits 9)"));
}

/// The reduction's quiz asks for a merge's value while the list below hides it ("-> ?"),
/// and shows it once answered.
#[test]
fn page_reduction_quiz_hides_the_merges_to_come() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    open(
        &browser,
        &server,
        "game=predict-the-winner&values=8,15,3,7&backend=reduction&view=reduction&quiz=1",
    );
    assert!(browser
        .text("quiz-question")
        .starts_with("Merge 1: 8 ≤ 15 ≥ 3"));
    let merges = || {
        browser.eval(
            "return [...document.querySelectorAll('ol.merges li')].map((l) => l.textContent);",
        )
    };
    let before = merges();
    for text in before.as_array().unwrap() {
        let text = text.as_str().unwrap();
        assert!(
            text.ends_with("-> ?"),
            "a result shows before its step: {text}"
        );
    }
    assert_eq!(count(&browser, "ol.merges li[data-hidden]"), 1);
    browser.keys("[data-quiz]", "-4\u{E007}");
    assert!(browser.text("quiz-feedback").starts_with("✓"));
    let after = merges();
    assert!(after[0].as_str().unwrap().ends_with("-> -4"), "{after}");
    assert_eq!(count(&browser, "ol.merges li[data-hidden]"), 0);
    // Without the quiz the results are listed from the start.
    browser.click("#quiz-toggle");
    slide(&browser, 0);
    assert!(merges()[0].as_str().unwrap().ends_with("-> -4"));
}

/// The quiz on Predict the Winner's table: its "?" and "read" marks have legend keys, and a
/// base case's step says it writes a base case, not that it reveals no value.
#[test]
fn page_quiz_marks_have_legend_keys_and_base_cases_are_named() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    open(
        &browser,
        &server,
        "game=predict-the-winner&values=1,5,233,7&backend=tabular&view=table&quiz=1",
    );
    assert!(shown(&browser, "#legend-table [data-legend=asked]"));
    let question = browser.text("quiz-question");
    assert!(
        question.contains("base case") && !question.contains("reveals no value"),
        "{question}"
    );
    // Without the quiz its keys go.
    browser.click("#quiz-toggle");
    assert!(!shown(&browser, "#legend-table [data-legend=asked]"));
}

/// Predict the Winner's rolling row: the write of step 5 reads (0,0) and reuses its slot;
/// (0,0) is struck out from step 6 on, not at the step that reads it.
#[test]
fn page_rolling_row_strikes_a_cell_out_after_the_write() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    open(
        &browser,
        &server,
        "game=predict-the-winner&values=1,5,233,7&backend=tabular&view=table&step=5",
    );
    let classes = |cell: &str| {
        attr(&browser, &format!("[data-cell='{cell}']"), "class")
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert!(classes("0,0").contains("read"), "{}", classes("0,0"));
    assert!(
        !classes("0,0").contains("overwritten"),
        "{}",
        classes("0,0")
    );
    assert_eq!(count(&browser, "[data-cell].overwritten"), 0);
    slide(&browser, 6);
    assert!(classes("0,0").contains("overwritten"), "{}", classes("0,0"));
}

/// At 600 px Cat and Mouse's formula stays in view (it wraps, outside the box that scrolls)
/// however far the table is scrolled.
#[test]
fn page_cat_and_mouse_formula_stays_in_view_at_600_px() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    browser.session(
        "POST",
        "/window/rect",
        &json!({"width": 600, "height": 1200}),
    );
    open(
        &browser,
        &server,
        "game=cat-and-mouse&graph=[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]&backend=tabular&view=table",
    );
    assert!(!browser.text("formula").is_empty());
    let seen = browser.eval(
        "const view = document.getElementById('view'); view.scrollLeft = view.scrollWidth; \
         const f = document.getElementById('formula').getBoundingClientRect(); \
         return {scrolled: view.scrollLeft > 0, left: f.left >= 0, \
           right: f.right <= window.innerWidth};",
    );
    assert_eq!(seen, json!({"scrolled": true, "left": true, "right": true}));
}

/// A 57-node DAG (Can I Win 7 20) draws each level on a row of its own: as many rows as
/// depths, never a level wrapped onto two rows; a row too wide scrolls sideways at a
/// readable scale.
#[test]
fn page_dag_draws_each_level_on_its_own_row() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    browser.session(
        "POST",
        "/window/rect",
        &json!({"width": 1280, "height": 1200}),
    );
    open(
        &browser,
        &server,
        "game=can-i-win&max_choosable=7&desired_total=20&backend=memo&view=dag",
    );
    assert_eq!(count(&browser, "#graph .node"), 57);
    let rows = browser.eval(
        "const ys = new Set([...document.querySelectorAll('#graph .node')].map((n) => \
           n.transform.baseVal.getItem(0).matrix.f)); \
         const depths = new Set(trace.data.events.filter((e) => e.kind !== 'leave').map((e) => e.depth)); \
         const byDepth = new Map(); \
         for (const n of trace.nodes) { const y = byDepth.get(n.depth); \
           if (y !== undefined && y !== n.y) return 'split'; byDepth.set(n.depth, n.y); } \
         return {rows: ys.size, depths: depths.size, \
           scale: Number(document.getElementById('graph').dataset.scale)};",
    );
    assert_eq!(rows["rows"], rows["depths"], "{rows}");
    assert_eq!(attr(&browser, "#graph", "data-layout"), "layers");
    assert!(rows["scale"].as_f64().unwrap() >= 0.8, "{rows}");
    screenshot(&browser, "#trace", "page-dag-57.png");
}

/// The growth chart's size axis names the parameter (`max choosable N`), and its log axes
/// read as powers of ten with units: `1e7`, not `10000000`; `10 ms`, not `0.01`.
#[test]
fn page_growth_axes_name_the_parameter_and_carry_units() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    open(
        &browser,
        &server,
        "game=can-i-win&max_choosable=6&desired_total=12&backend=memo&view=growth",
    );
    browser.wait_for("return document.querySelectorAll('#growth svg.chart').length === 2;");
    let axes = browser.eval(
        "return [...document.querySelectorAll('#growth [data-axis]')].map((t) => t.textContent);",
    );
    assert_eq!(axes.as_array().unwrap().len(), 2, "{axes}");
    for axis in axes.as_array().unwrap() {
        assert!(
            axis.as_str().unwrap().starts_with("max choosable N"),
            "{axes}"
        );
    }
    let ticks = |field: &str| {
        browser.eval(&format!(
            "return [...document.querySelectorAll('#growth svg[data-field={field}] [data-ytick]')] \
             .map((t) => t.textContent);"
        ))
    };
    let positions = ticks("positions");
    assert!(positions.as_array().unwrap().len() >= 3, "{positions}");
    for t in positions.as_array().unwrap() {
        let t = t.as_str().unwrap();
        assert!(t.len() <= 4, "{positions}");
        assert!(
            t == "1" || t.starts_with("10") || t.starts_with("1e"),
            "{positions}"
        );
    }
    let seconds = ticks("seconds");
    assert!(seconds.as_array().unwrap().len() >= 2, "{seconds}");
    for t in seconds.as_array().unwrap() {
        let t = t.as_str().unwrap();
        assert!(
            ["ns", "µs", "ms", " s"].iter().any(|u| t.ends_with(u)),
            "{seconds}"
        );
        assert!(!t.contains('.'), "{seconds}");
    }
}
