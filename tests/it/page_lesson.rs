//! Issue 29's remaining points on the teaching page, in headless Chromium and on the API: the
//! growth chart's readable size ticks and times above the clock's noise, the growth offer only
//! for a game that grows (`"growth"` in `/api/games`), zoom and pan by wheel, pinch, drag and
//! keys, and the fold view fitted and readable at 600 px. Skipped with a message when Chromium
//! or chromedriver is missing (the API checks run anyway).
#![cfg(feature = "serve")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::{json, Value};

use crate::page::{attr, count, open, screenshot, shared_server, shown, slide};
use crate::serve::{have_browser, Api, Browser, Server};

/// Whether `ticks` read as a scale: an arithmetic sequence of multiples of 1, 2 or 5 times a
/// power of 10 (2, 4, 6, …; 5, 10, 15, …), or the powers of 2, 4 or 10 (1, 2, 4, 8, …).
fn readable(ticks: &[u64]) -> bool {
    if ticks.len() < 2 || ticks[0] == 0 || ticks[1] <= ticks[0] {
        return false;
    }
    let nice_step = |d: u64| {
        let mut unit = 1;
        while unit <= d {
            if [unit, 2 * unit, 5 * unit].contains(&d) {
                return true;
            }
            unit *= 10;
        }
        false
    };
    let step = ticks[1] - ticks[0];
    let arithmetic = nice_step(step)
        && ticks.iter().all(|t| t.is_multiple_of(step))
        && ticks.windows(2).all(|w| w[1] - w[0] == step);
    let ratio = ticks[1] / ticks[0];
    let power_of = |mut t: u64, r: u64| {
        while t.is_multiple_of(r) {
            t /= r;
        }
        t == 1
    };
    let geometric = [2, 4, 10].contains(&ratio)
        && power_of(ticks[0], ratio)
        && ticks.windows(2).all(|w| w[1] == w[0] * ratio);
    arithmetic || geometric
}

#[test]
fn readable_ticks_are_told_from_sample_sizes() {
    assert!(readable(&[2, 4, 6, 8, 10]));
    assert!(readable(&[5, 10, 15, 20]));
    assert!(readable(&[1, 2, 4, 8, 16]));
    assert!(readable(&[1, 4, 16, 64, 256, 1024, 4096]));
    assert!(readable(&[1, 10, 100]));
    // The axis of issue 29: every fourth size of Predict the Winner's growth.
    assert!(!readable(&[1, 6, 23, 91, 362, 1448]));
    assert!(!readable(&[3, 6, 9]));
    assert!(!readable(&[1, 3, 9, 27]));
    assert!(!readable(&[4]));
}

/// `/api/growth` times each point as `gamesolve growth` does, over enough solves to be above
/// the clock's noise: each curve's `repetitions` and `spread_seconds` beside its `seconds`, at
/// least `min_runs` solves (a single solve only when it alone takes `min_total_seconds`).
#[test]
fn serve_growth_times_each_point_over_repeated_solves() {
    // A generous time limit: the rule holds for every point the request finished.
    let api = Api::new(&["--time-limit", "120s"]);
    for line in [
        r#"{"game":"can-i-win","max_choosable":5,"desired_total":11}"#,
        r#"{"game":"predict-the-winner","values":[1,5,233,7]}"#,
    ] {
        let (status, growth) = api.post("/api/growth", line);
        assert_eq!(status, 200, "{growth}");
        assert_eq!(growth["stopped_at_time_limit"], false, "{growth}");
        let least = growth["min_total_seconds"].as_f64().unwrap();
        assert!(least >= 0.001, "{growth}");
        let min_runs = growth["min_runs"].as_u64().unwrap();
        assert!(min_runs >= 5, "{growth}");
        assert!(
            growth["measured"]
                .as_str()
                .unwrap()
                .starts_with("time: median"),
            "{growth}"
        );
        let mut repeated = 0;
        for curve in growth["curves"].as_array().unwrap() {
            let seconds = curve["seconds"].as_array().unwrap();
            let repetitions = curve["repetitions"].as_array().unwrap();
            let spreads = curve["spread_seconds"].as_array().unwrap();
            assert_eq!(seconds.len(), repetitions.len(), "{curve}");
            assert_eq!(seconds.len(), spreads.len(), "{curve}");
            for ((s, n), spread) in seconds.iter().zip(repetitions).zip(spreads) {
                assert_eq!(s.is_null(), n.is_null(), "{curve}");
                assert_eq!(s.is_null(), spread.is_null(), "{curve}");
                let (Some(s), Some(n)) = (s.as_f64(), n.as_u64()) else {
                    continue;
                };
                // At least the least number of runs, or one run that alone passed the floor.
                assert!(
                    n >= min_runs || (n == 1 && s >= least * 0.999),
                    "{s} × {n}: {curve}"
                );
                repeated += u64::from(n > 1);
            }
        }
        // The small sizes take microseconds: they are repeated.
        assert!(repeated > 0, "{growth}");
    }
}

/// `/api/games` says which games grow, and `/api/growth` agrees: sizes for the games that do,
/// none for Connect Four.
#[test]
fn serve_games_say_which_games_grow() {
    let api = Api::new(&[]);
    let (status, text) = api.get("/api/games");
    assert_eq!(status, 200);
    let games: Value = serde_json::from_str(&text).unwrap();
    let flags: Vec<(String, bool)> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["name"].as_str().unwrap().to_owned(),
                g["growth"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        flags,
        [
            ("can-i-win".to_owned(), true),
            ("predict-the-winner".to_owned(), true),
            ("cat-and-mouse".to_owned(), true),
            ("connect-four".to_owned(), false),
        ]
    );
    for (line, grows) in [
        (
            r#"{"game":"can-i-win","max_choosable":4,"desired_total":6}"#,
            true,
        ),
        (r#"{"game":"predict-the-winner","values":[1,5,2]}"#, true),
        (
            r#"{"game":"cat-and-mouse","graph":[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]}"#,
            true,
        ),
        (r#"{"game":"connect-four","width":4,"height":4}"#, false),
    ] {
        let (status, growth) = api.post("/api/growth", line);
        assert_eq!(status, 200, "{growth}");
        assert_eq!(
            !growth["sizes"].as_array().unwrap().is_empty(),
            grows,
            "{line}: {growth}"
        );
    }
}

/// The requests the page has made whose path contains `path`.
fn requests(browser: &Browser, path: &str) -> u64 {
    browser
        .eval(&format!(
            "return performance.getEntriesByType('resource').filter((e) => e.name.includes({})).length;",
            json!(path)
        ))
        .as_u64()
        .unwrap()
}

/// The size axis's ticks of the chart of `field`.
fn ticks(browser: &Browser, field: &str) -> Vec<u64> {
    let ticks = browser.eval(&format!(
        "return [...document.querySelectorAll('#growth svg.chart[data-field={field}] [data-tick]')] \
         .map((t) => Number(t.dataset.tick));"
    ));
    serde_json::from_value(ticks).unwrap()
}

/// The page at `query` (a `view=growth` link) on a server with a generous time limit, once
/// both growth charts are drawn; `None` without a browser.
fn growth_page(query: &str) -> Option<(Server, Browser)> {
    if !have_browser() {
        return None;
    }
    let server = Server::start(&["--time-limit", "120s"]);
    let browser = Browser::start();
    open(&browser, &server, query);
    browser.wait_for("return document.querySelectorAll('#growth svg.chart').length === 2;");
    Some((server, browser))
}

/// The growth chart's size axis reads 2, 4, 6, … (Can I Win's pools of 1 to 20) or 1, 4, 16,
/// … (Predict the Winner's rows of 1 to 4096), never the sizes solved (1, 6, 23, 91); each time
/// shown carries its repetitions, which together take at least the server's least total.
#[test]
fn page_growth_ticks_are_readable_and_each_time_carries_its_repetitions() {
    let Some((_server, browser)) =
        growth_page("game=can-i-win&max_choosable=6&desired_total=12&backend=memo&view=growth")
    else {
        return;
    };
    for field in ["positions", "seconds"] {
        let ticks = ticks(&browser, field);
        assert!(readable(&ticks), "{field}: {ticks:?}");
        assert_eq!(ticks.first(), Some(&2), "{ticks:?}");
        assert_eq!(ticks.last(), Some(&20), "{ticks:?}");
    }
    let check_times = |browser: &Browser| {
        let least: f64 = attr(
            browser,
            "#growth svg.chart[data-field=seconds]",
            "data-min-total",
        )
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
        let marks = browser.eval(
            "return [...document.querySelectorAll('#growth svg.chart[data-field=seconds] [data-seconds]')] \
             .map((m) => [Number(m.dataset.seconds), Number(m.dataset.repetitions), m.textContent]);",
        );
        let marks = marks.as_array().unwrap();
        assert!(marks.len() > 10, "{marks:?}");
        for m in marks {
            let (s, n) = (m[0].as_f64().unwrap(), m[1].as_u64().unwrap());
            // At least five runs, or one run that alone passed the floor.
            assert!(n >= 5 || (n == 1 && s >= least * 0.999), "{m}");
            let words = m[2].as_str().unwrap();
            assert!(
                words.contains(&format!("the median of {n} solves")) || n == 1,
                "{words}"
            );
        }
        // The chart says so in words.
        let text = browser.text("growth");
        assert!(text.contains("Each time is the median of"), "{text}");
    };
    check_times(&browser);
    // Issue 44: each backend's legend gives its better fit, as `gamesolve growth` fits it.
    let text = browser.text("growth");
    assert!(text.contains("time ≈ ") && text.contains("(R² "), "{text}");
    // Predict the Winner: rows of 1 to 4096 values on a log axis, ticks at powers.
    browser.eval(
        "const s = document.getElementById('game'); s.value = 'predict-the-winner'; \
         s.dispatchEvent(new Event('change')); return 1;",
    );
    browser.wait_for(
        "return [...document.querySelectorAll('#growth .current-size-label')]\
         .some((t) => t.textContent === 'this game: 4');",
    );
    for field in ["positions", "seconds"] {
        let ticks = ticks(&browser, field);
        assert!(readable(&ticks), "{field}: {ticks:?}");
        assert_eq!(ticks.first(), Some(&1), "{ticks:?}");
        assert_eq!(ticks.last(), Some(&4096), "{ticks:?}");
    }
    check_times(&browser);
}

/// Cat and Mouse grows over ladders of 4 to 1,024 nodes: the page draws both charts with the
/// axis named `nodes` on readable ticks, this graph's 6 nodes marked, and the retrograde
/// pass's fit in the legend.
#[test]
fn page_draws_cat_and_mouse_growth_over_nodes() {
    let Some((_server, browser)) = growth_page(
        "game=cat-and-mouse&graph=[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]&backend=tabular&view=growth",
    ) else {
        return;
    };
    for field in ["positions", "seconds"] {
        let ticks = ticks(&browser, field);
        assert!(readable(&ticks), "{field}: {ticks:?}");
        assert!(ticks.last().is_some_and(|&t| t >= 512), "{ticks:?}");
    }
    let axis = browser.eval(
        "return document.querySelector('#growth svg.chart[data-field=seconds] [data-axis]').textContent;",
    );
    assert_eq!(axis, "nodes, log scale");
    let text = browser.text("growth");
    assert!(text.contains("this game: 6"), "{text}");
    assert!(text.contains("time ≈ ") && text.contains("(R² "), "{text}");
    screenshot(&browser, "#result", "page-growth-cat-and-mouse.png");
}

/// Connect Four has no sizes to grow over: its row says `"growth": false`, so the page never
/// offers the picture and never asks `/api/growth` for it, even from a `view=growth` link;
/// a game that grows gets the offer back.
#[test]
fn page_offers_no_growth_for_a_game_without_sizes() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    let board = "game=connect-four&width=4&height=4&played=12341234123&backend=memo";
    open(&browser, &server, board);
    assert!(!shown(&browser, "#growth-offer"));
    open(&browser, &server, &format!("{board}&view=growth"));
    browser.wait_for("return document.getElementById('growth').textContent !== '';");
    assert!(!shown(&browser, "#growth-offer"));
    let text = browser.text("growth");
    assert!(text.contains("no family of growing sizes"), "{text}");
    assert_eq!(requests(&browser, "/api/growth"), 0);
    // Can I Win grows: the offer is there.
    browser.eval(
        "const s = document.getElementById('game'); s.value = 'can-i-win'; \
         s.dispatchEvent(new Event('change')); return 1;",
    );
    browser.wait_for("return !document.getElementById('growth-offer').hidden;");
}

/// The scale of the picture `svg` (its `data-scale`).
fn scale(browser: &Browser, svg: &str) -> f64 {
    attr(browser, svg, "data-scale")
        .as_str()
        .unwrap()
        .parse()
        .unwrap()
}

/// Presses `key` on the page (not in a field), as a keyboard would.
fn press(browser: &Browser, key: &str) {
    browser.eval("document.activeElement && document.activeElement.blur(); return 1;");
    browser.session(
        "POST",
        "/actions",
        &json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key},
        ]}]}),
    );
}

/// A point inside the element `css`, in the viewport's pixels (the origin of the actions
/// below): its middle across, 80 px down (or its middle when shorter).
fn inside(browser: &Browser, css: &str) -> (i64, i64) {
    let at = browser.eval(&format!(
        "const r = document.querySelector({}).getBoundingClientRect();          return [Math.round(r.left + r.width / 2), Math.round(r.top + Math.min(80, r.height / 2))];",
        json!(css)
    ));
    (at[0].as_i64().unwrap(), at[1].as_i64().unwrap())
}

/// The scroll offsets of the box `css`.
fn scrolled(browser: &Browser, css: &str) -> (i64, i64) {
    let at = browser.eval(&format!(
        "const b = document.querySelector({}); return [Math.round(b.scrollLeft), Math.round(b.scrollTop)];",
        json!(css)
    ));
    (at[0].as_i64().unwrap(), at[1].as_i64().unwrap())
}

/// The call tree opens fitted, and each way of zooming and panning changes it: the keys
/// `+`, `-` and `0`, Ctrl+wheel (a plain wheel scrolls and does not zoom), a pinch of two
/// fingers, and a mouse drag that pans the zoomed picture.
#[test]
fn page_tree_zooms_by_keys_wheel_and_pinch_and_pans_by_drag() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    open(
        &browser,
        &server,
        "game=can-i-win&max_choosable=5&desired_total=11&backend=recursive&view=tree",
    );
    assert_eq!(attr(&browser, "#view", "data-view"), "tree");
    assert_eq!(attr(&browser, "#graph", "data-zoom"), "fit");
    let fitted = scale(&browser, "#graph");
    // Keys: + zooms in, - out, 0 fits again.
    press(&browser, "+");
    let zoomed = scale(&browser, "#graph");
    assert!(zoomed > fitted * 1.2, "{fitted} → {zoomed}");
    press(&browser, "-");
    let back = scale(&browser, "#graph");
    assert!((back - fitted).abs() < 0.01, "{fitted} → {zoomed} → {back}");
    press(&browser, "+");
    press(&browser, "0");
    assert_eq!(attr(&browser, "#graph", "data-zoom"), "fit");
    assert!((scale(&browser, "#graph") - fitted).abs() < 0.001);
    // Ctrl+wheel zooms in around the pointer; a plain wheel does not zoom.
    browser.eval("document.getElementById('view').scrollIntoView(); return 1;");
    let wheel = |ctrl: bool| {
        let (x, y) = inside(&browser, "#graph");
        let key = if ctrl { "\u{E009}" } else { "\u{E008}" };
        browser.session(
            "POST",
            "/actions",
            &json!({"actions": [
                {"type": "key", "id": "keyboard", "actions": [
                    {"type": "keyDown", "value": key}, {"type": "pause"},
                    {"type": "keyUp", "value": key},
                ]},
                {"type": "wheel", "id": "wheel", "actions": [
                    {"type": "pause"},
                    {"type": "scroll", "x": x, "y": y, "deltaX": 0, "deltaY": -120,
                     "origin": "viewport"},
                    {"type": "pause"},
                ]},
            ]}),
        );
        browser.session("DELETE", "/actions", &json!({}));
    };
    wheel(false);
    assert_eq!(attr(&browser, "#graph", "data-zoom"), "fit");
    wheel(true);
    browser.wait_for("return document.getElementById('graph').dataset.zoom !== 'fit';");
    let wheeled = scale(&browser, "#graph");
    assert!(wheeled > fitted * 1.1, "{fitted} → {wheeled}");
    press(&browser, "0");
    // A pinch: two fingers 100 px apart move to 300 px apart (3 times the scale, at most 3).
    let pinched = browser.eval(
        "const box = document.getElementById('view'); const r = box.getBoundingClientRect(); \
         const y = r.top + 100; const x = r.left + r.width / 2; \
         const touches = (d) => [0, 1].map((i) => new Touch({identifier: i, target: box, \
           clientX: x + (i ? d : -d) / 2, clientY: y})); \
         const fire = (type, list) => box.dispatchEvent(new TouchEvent(type, {touches: list, \
           targetTouches: list, changedTouches: list, bubbles: true, cancelable: true})); \
         fire('touchstart', touches(100)); fire('touchmove', touches(150)); \
         fire('touchmove', touches(300)); fire('touchend', []); \
         return document.getElementById('graph').dataset.scale;",
    );
    let pinched: f64 = pinched.as_str().unwrap().parse().unwrap();
    assert!(
        (pinched - (3.0 * fitted).min(3.0)).abs() < 0.02,
        "{fitted} → {pinched}"
    );
    // A drag pans the zoomed picture (now wider and taller than its box): 80 px left and 60
    // up moves the view 80 right and 60 down.
    let overflow = browser.eval(
        "const b = document.getElementById('view');          return b.scrollWidth > b.clientWidth + 100 && b.scrollHeight > b.clientHeight + 100;",
    );
    assert_eq!(overflow, true);
    browser.eval(
        "const b = document.getElementById('view'); b.scrollLeft = 0; b.scrollTop = 0; return 1;",
    );
    assert_eq!(scrolled(&browser, "#view"), (0, 0));
    let (x, y) = inside(&browser, "#view");
    browser.session(
        "POST",
        "/actions",
        &json!({"actions": [{"type": "pointer", "id": "mouse",
            "parameters": {"pointerType": "mouse"}, "actions": [
                {"type": "pointerMove", "duration": 0, "x": x, "y": y, "origin": "viewport"},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerMove", "duration": 100, "x": -80, "y": -60, "origin": "pointer"},
                {"type": "pointerUp", "button": 0},
        ]}]}),
    );
    browser.session("DELETE", "/actions", &json!({}));
    let (left, top) = scrolled(&browser, "#view");
    assert!(
        (left - 80).abs() <= 2 && (top - 60).abs() <= 2,
        "({left}, {top})"
    );
    // The scale is the drag's to keep: panning does not zoom.
    assert!((scale(&browser, "#graph") - pinched).abs() < 0.001);
}

/// The keys zoom both pictures of the fold view, and `0` fits both again.
#[test]
fn page_fold_keys_zoom_both_pictures() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    open(
        &browser,
        &server,
        "game=can-i-win&max_choosable=4&desired_total=6&backend=memo/textbook&view=fold",
    );
    assert_eq!(attr(&browser, "#view", "data-view"), "fold");
    let (tree, dag) = ("#fold-tree svg", "#fold-dag svg");
    let before = (scale(&browser, tree), scale(&browser, dag));
    press(&browser, "+");
    let after = (scale(&browser, tree), scale(&browser, dag));
    assert!(
        after.0 > before.0 * 1.2 && after.1 > before.1 * 1.2,
        "{before:?} → {after:?}"
    );
    let label = browser.eval("return document.querySelector('#zoom .zoom-level').textContent;");
    assert!(label.as_str().unwrap().contains(" · "), "{label}");
    press(&browser, "0");
    assert_eq!(attr(&browser, tree, "data-zoom"), "fit");
    assert_eq!(attr(&browser, dag, "data-zoom"), "fit");
}

/// Each picture of the fold view, at the window's width: its width against its pane's, its
/// scale, and its node labels' font size on the screen, in pixels.
fn fold_fit(browser: &Browser) -> Value {
    browser.eval(
        "return ['#fold-tree', '#fold-dag'].map((id) => { \
           const svg = document.querySelector(id + ' svg'); \
           const pane = svg.parentElement; \
           const text = svg.querySelector('.node text'); \
           const px = parseFloat(getComputedStyle(text).fontSize) * \
             svg.getBoundingClientRect().width / svg.viewBox.baseVal.width; \
           return {id, width: svg.getBoundingClientRect().width, pane: pane.clientWidth, \
             px, layout: svg.dataset.layout, top: pane.getBoundingClientRect().top, \
             bottom: pane.getBoundingClientRect().bottom}; });",
    )
}

/// The fold view at 600 px (a phone) and at 1280 px: the tree and the DAG each open fitted to
/// its own pane, with node labels of 9.6 px or more; at 600 px the panes are stacked (the
/// DAG below the tree), and the DAG keeps each level on one row, scrolling sideways rather
/// than shrinking to 40 % (it once wrapped its rows, and its levels could not be told apart).
#[test]
fn page_fold_view_fits_both_pictures_readably_at_600_and_1280_px() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    for width in [600, 1280] {
        browser.session(
            "POST",
            "/window/rect",
            &json!({"width": width, "height": 1500}),
        );
        browser.session("POST", "/url", &json!({"url": server.url()}));
        browser.wait_for(
            "return document.getElementById('view').dataset.view === 'fold' && \
             !!document.querySelector('#fold-dag .fold-count') && \
             document.querySelector('#fold-dag .fold-count').dataset.hits !== undefined;",
        );
        let inner = browser.eval("return window.innerWidth;").as_u64().unwrap();
        assert!(inner <= width && inner + 40 >= width, "{inner}");
        let fit = fold_fit(&browser);
        // The tree (an outline) fits its pane; the DAG keeps each level on a row of its own
        // and, where a level is wider than its pane at a readable scale, scrolls sideways.
        let tree = &fit[0];
        assert!(
            tree["width"].as_f64().unwrap() <= tree["pane"].as_f64().unwrap() + 1.0,
            "{width} px: {tree}"
        );
        for pane in fit.as_array().unwrap() {
            assert!(pane["px"].as_f64().unwrap() >= 9.5, "{width} px: {pane}");
        }
        assert_eq!(fit[1]["layout"], "layers", "{fit}");
        if width == 600 {
            assert!(fit[1]["top"].as_f64() >= fit[0]["bottom"].as_f64(), "{fit}");
            // The picture midway, a few memo hits in.
            slide(&browser, 40);
            screenshot(&browser, "#trace", "page-fold-600.png");
        }
        // Every node of the DAG is drawn, and the node being solved stays in view in both
        // pictures as the steps go on (the tree's outline is taller than its pane).
        assert_eq!(count(&browser, "#fold-dag .node"), 17);
        for step in [40, 60] {
            slide(&browser, step);
            let seen = browser.eval(
                "return ['#fold-tree', '#fold-dag'].map((id) => { \
                   const n = document.querySelector(id + ' .node.current'); \
                   const b = n.closest('.fold-scroll').getBoundingClientRect(); \
                   const r = n.getBoundingClientRect(); \
                   return r.left >= b.left - 1 && r.right <= b.right + 1 && \
                     r.top >= b.top - 1 && r.bottom <= b.bottom + 1; });",
            );
            assert_eq!(seen, json!([true, true]), "{width} px, step {step}");
        }
    }
}

/// Whether the page is no wider than the window (nothing cut at its right edge), and the
/// counters' table no wider than its box.
fn fits_the_window(browser: &Browser) -> Value {
    browser.eval(
        "const c = document.getElementById('counters'); \
         return {page: document.documentElement.scrollWidth <= window.innerWidth, \
           counters: c.parentElement.scrollWidth <= c.parentElement.clientWidth + 1};",
    )
}

/// At 600 px nothing is cut: the page is no wider than the window (the hints' long label
/// wraps), the counters' table fits its box, and Cat and Mouse's table keeps its `cat = k`
/// headers and its row labels in view while it scrolls down and right.
#[test]
fn page_at_600_px_cuts_nothing_and_keeps_the_tables_labels() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    browser.session(
        "POST",
        "/window/rect",
        &json!({"width": 600, "height": 1500}),
    );
    browser.session("POST", "/url", &json!({"url": server.url()}));
    browser.wait_for("return document.getElementById('step-note').textContent !== '';");
    assert_eq!(
        fits_the_window(&browser),
        json!({"page": true, "counters": true})
    );
    open(
        &browser,
        &server,
        "game=cat-and-mouse&graph=[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]&backend=tabular&view=table",
    );
    browser.click("#play-hints");
    browser.click("#play-new");
    browser.wait_for("return document.querySelector('#play-moves [data-hint]') !== null;");
    assert_eq!(
        fits_the_window(&browser),
        json!({"page": true, "counters": true})
    );
    let held = browser.eval(
        "const view = document.getElementById('view'); \
         view.scrollLeft = view.scrollWidth; view.scrollTop = view.scrollHeight; \
         const box = view.getBoundingClientRect(); \
         const head = document.querySelector('table.dp tr:first-child th:nth-child(2)').getBoundingClientRect(); \
         const rows = document.querySelectorAll('table.dp tr'); \
         const label = rows[rows.length - 1].querySelector('th').getBoundingClientRect(); \
         return {scrolled: view.scrollLeft > 0 && view.scrollTop > 0, \
           head: head.top >= box.top - 1 && head.bottom <= box.top + 60, \
           label: label.left >= box.left - 1 && label.left <= box.left + 20 && \
             label.right <= box.right};",
    );
    assert_eq!(held, json!({"scrolled": true, "head": true, "label": true}));
    // A draw's chip says "draw", with no number.
    let chips = browser
        .eval("return [...document.querySelectorAll('#play-moves [data-hint]')].map((h) => h.dataset.hint);");
    assert_eq!(chips, json!(["draw"]));
    // A scoring game's chips give the outcome in words and the margin.
    open(
        &browser,
        &server,
        "game=predict-the-winner&values=1,5,233,7&backend=tabular&view=table",
    );
    browser.click("#play-new");
    browser.wait_for("return document.querySelectorAll('#play-moves [data-hint]').length === 2;");
    let chips = browser
        .eval("return [...document.querySelectorAll('#play-moves [data-hint]')].map((h) => h.dataset.hint);");
    assert_eq!(
        chips,
        json!(["win in 4, margin +222", "lose in 4, margin -222"])
    );
    assert_eq!(fits_the_window(&browser)["page"], true);
}

/// `explain --html` names the game and the instance at the top of the file.
#[test]
fn explain_html_names_the_game_and_the_instance() {
    for (args, title) in [
        (
            &["can-i-win", "5", "11"][..],
            "<h1>gamesolve explain: can-i-win n=5 T=11 (memo/textbook)</h1>",
        ),
        (
            &[
                "predict-the-winner",
                "1",
                "5",
                "233",
                "7",
                "--backend",
                "tabular",
            ][..],
            "<h1>gamesolve explain: predict-the-winner [1, 5, 233, 7] (tabular/",
        ),
    ] {
        let mut all = vec!["explain"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--html", "-"]);
        let (code, html, stderr) = crate::common::cli::run(&all);
        assert_eq!(code, 0, "{stderr}");
        assert!(html.contains(title), "{title} not in the file's top");
    }
}

/// No spoilers in the fold view: midway, a call not reached yet carries no badge and no
/// value, and an edge not taken yet is plain (not yet dashed as a memo hit or faded as
/// skipped); at the end every memo hit's edge is dashed.
#[test]
fn page_fold_reveals_nothing_before_its_step() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    open(
        &browser,
        &server,
        "game=can-i-win&max_choosable=5&desired_total=11&backend=memo&view=fold&step=25",
    );
    assert_eq!(attr(&browser, "#view", "data-view"), "fold");
    assert!(count(&browser, "#fold-box .node.pending") > 0);
    assert_eq!(count(&browser, "#fold-box .node.pending[data-repeat]"), 0);
    assert_eq!(count(&browser, "#fold-box .node.pending[data-value]"), 0);
    assert_eq!(count(&browser, "#fold-box .edge.pending.memo-hit"), 0);
    assert_eq!(count(&browser, "#fold-box .edge.pending.folded"), 0);
    // What the steps so far revealed is shown.
    assert!(count(&browser, "#fold-tree .node[data-repeat]") > 0);
    slide(&browser, 68);
    assert_eq!(count(&browser, "#fold-dag .edge.memo-hit"), 9);
    assert_eq!(count(&browser, "#fold-box .edge.pending"), 0);
}
