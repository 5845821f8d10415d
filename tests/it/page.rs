//! The teaching page's views in headless Chromium (issue 21): the table of Predict the Winner
//! and the subset lattice of Can I Win, the tree with its repeated subproblems and the memo's
//! DAG, the reduction's merges, the growth chart, permalinks and the quiz, through the test
//! hooks (`data-view`, `data-cell`, `data-value`, `data-quiz`). Skipped with a message when
//! Chromium or chromedriver is missing. With `GAMESOLVE_SCREENSHOT` set, each test writes its
//! view's picture to `docs/` (the README and docs/SERVE.md show them).
#![cfg(feature = "serve")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use serde_json::{json, Value};

use crate::serve::{base64_decode, example, have_browser, Api, Browser, Server};

/// The flags of the server the page tests share: more solves at once than the default
/// (`--max-solves 8`), since the browsers of tests running in parallel load their pages at the
/// same time and the server queues none.
const SHARED_FLAGS: [&str; 5] = ["--quiet", "--threads", "16", "--max-solves", "8"];

/// The server a page test opens its pages on: the one the test binary shares, or (where it
/// cannot be killed at exit) one of the test's own, killed when dropped.
pub(crate) enum PageServer {
    #[cfg_attr(not(unix), allow(dead_code))]
    Shared(&'static Server),
    #[cfg_attr(unix, allow(dead_code))]
    Own(Server),
}

impl std::ops::Deref for PageServer {
    type Target = Server;

    fn deref(&self) -> &Server {
        match self {
            PageServer::Shared(server) => server,
            PageServer::Own(server) => server,
        }
    }
}

/// The one `gamesolve serve` that the page tests share: started by the first test that asks,
/// killed when the test binary exits (an `atexit` handler: the statics of a test binary are
/// never dropped). The page is stateless between requests, so the tests may share it; a test
/// that needs a server of other flags or another program starts its own.
#[cfg(unix)]
pub(crate) fn shared_server() -> PageServer {
    use std::sync::atomic::{AtomicI32, Ordering};
    use std::sync::OnceLock;

    static SERVER: OnceLock<Server> = OnceLock::new();
    static PID: AtomicI32 = AtomicI32::new(0);

    extern "C" fn kill_shared_server() {
        let pid = PID.load(Ordering::SeqCst);
        if pid > 0 {
            // SAFETY: `pid` is our own child, not yet waited for (nothing else waits for it).
            unsafe {
                libc::kill(pid, libc::SIGKILL);
                libc::waitpid(pid, std::ptr::null_mut(), 0);
            }
        }
    }

    PageServer::Shared(SERVER.get_or_init(|| {
        let server = Server::start(&SHARED_FLAGS);
        PID.store(i32::try_from(server.child.id()).unwrap(), Ordering::SeqCst);
        // SAFETY: registers a plain function that captures nothing.
        assert_eq!(unsafe { libc::atexit(kill_shared_server) }, 0);
        server
    }))
}

/// Without `atexit` (not Unix) a shared server would outlive the tests: each test starts its
/// own.
#[cfg(not(unix))]
pub(crate) fn shared_server() -> PageServer {
    PageServer::Own(Server::start(&SHARED_FLAGS))
}

/// Opens `query` (after `/?`) on `server` and waits until its trace is shown.
pub(crate) fn open(browser: &Browser, server: &Server, query: &str) {
    browser.session(
        "POST",
        "/url",
        &json!({"url": format!("{}?{query}", server.url())}),
    );
    browser.wait_for(
        "return document.getElementById('view').dataset.view !== '' && \
         document.getElementById('step-note').textContent !== '';",
    );
}

pub(crate) fn count(browser: &Browser, css: &str) -> u64 {
    browser
        .eval(&format!(
            "return document.querySelectorAll({}).length;",
            json!(css)
        ))
        .as_u64()
        .unwrap()
}

pub(crate) fn attr(browser: &Browser, css: &str, name: &str) -> Value {
    browser.eval(&format!(
        "const e = document.querySelector({}); return e ? e.getAttribute({}) : null;",
        json!(css),
        json!(name)
    ))
}

/// Whether every element `css` matches is shown (not `hidden`); false when none matches.
pub(crate) fn shown(browser: &Browser, css: &str) -> bool {
    browser
        .eval(&format!(
            "const all = [...document.querySelectorAll({})]; \
             return all.length > 0 && all.every((e) => !e.hidden);",
            json!(css)
        ))
        .as_bool()
        .unwrap()
}

/// Moves the step slider to `step`, as a hand would.
pub(crate) fn slide(browser: &Browser, step: u64) {
    browser.eval(&format!(
        "const s = document.getElementById('slider'); s.value = '{step}'; \
         s.dispatchEvent(new Event('input')); return 1;"
    ));
}

/// With `GAMESOLVE_SCREENSHOT` set, the element `css` as `docs/NAME`.
pub(crate) fn screenshot(browser: &Browser, css: &str, name: &str) {
    if std::env::var_os("GAMESOLVE_SCREENSHOT").is_none() {
        return;
    }
    browser.eval(&format!(
        "document.querySelector({}).scrollIntoView(); return 1;",
        json!(css)
    ));
    let id = browser.find(css);
    let png = browser.session("GET", &format!("/element/{id}/screenshot"), &json!({}));
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs")
        .join(name);
    std::fs::write(&path, base64_decode(png.as_str().unwrap())).unwrap();
    eprintln!("wrote {}", path.display());
}

/// The issue's own check: this URL shows the triangle's 10 cells after the last step, the
/// answer cell (0,3) holding the margin 222; a write reads its two neighbours, and the rolling
/// row's overwritten cells are marked.
#[test]
fn page_table_of_predict_the_winner_from_a_permalink() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    open(
        &browser,
        &server,
        "game=predict-the-winner&values=1,5,233,7&backend=tabular&view=table",
    );
    assert_eq!(attr(&browser, "#view", "data-view"), "table");
    assert_eq!(browser.text("step-note"), "step 10 of 10");
    assert_eq!(count(&browser, "[data-view='table'] [data-cell]"), 10);
    assert_eq!(count(&browser, "[data-cell][data-value]"), 10);
    assert_eq!(attr(&browser, "[data-cell='0,3']", "data-value"), "222");
    assert_eq!(attr(&browser, "[data-cell='1,3']", "data-value"), "-221");
    assert!(attr(&browser, "[data-cell='0,3']", "class")
        .as_str()
        .unwrap()
        .contains("answer"));
    // The last write reads (1,3) and (0,2), and reuses (0,2)'s slot: (0,2) is read at this
    // step, so not struck out (a cell is struck out from the step after the write that reuses
    // its slot); the earlier cells whose slots were reused are, while (0,3) and the other
    // slots' last cells are still held.
    let read = browser.eval(
        "return [...document.querySelectorAll('[data-cell].read')].map((c) => c.dataset.cell).sort();",
    );
    assert_eq!(read, json!(["0,2", "1,3"]));
    let overwritten = browser.eval(
        "return [...document.querySelectorAll('[data-cell].overwritten')].map((c) => c.dataset.cell).sort();",
    );
    assert_eq!(overwritten, json!(["0,0", "0,1", "1,1", "1,2", "2,2"]));
    // Step 5 writes (0,1) from the diagonal, in (0,0)'s slot of the row: 5 cells have
    // values; (0,0) is read by this write, and struck out only from the next step on.
    slide(&browser, 5);
    assert_eq!(count(&browser, "[data-cell][data-value]"), 5);
    assert_eq!(attr(&browser, "[data-cell].current", "data-cell"), "0,1");
    assert_eq!(attr(&browser, "[data-cell='0,1']", "data-value"), "4");
    assert_eq!(count(&browser, "[data-cell].overwritten"), 0);
    slide(&browser, 6);
    let overwritten = browser.eval(
        "return [...document.querySelectorAll('[data-cell].overwritten')].map((c) => c.dataset.cell);",
    );
    assert_eq!(overwritten, json!(["0,0"]));
    slide(&browser, 5);
    // The URL follows the step.
    browser.wait_for("return location.search.includes('step=5');");
    screenshot(&browser, "#trace", "page-table-predict-the-winner.png");
}

/// Cat and Mouse's table is LeetCode 913's `dp[mouse][cat][turn]` grid, filled in the
/// retrograde pass's order (terminal positions first), the positions never decided shown as
/// draws at the end; the start (mouse 1, cat 2, the Mouse to move) is the answer.
#[test]
fn page_table_of_cat_and_mouse_is_the_retrograde_grid() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    open(
        &browser,
        &server,
        "game=cat-and-mouse&graph=[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]&backend=tabular&view=table",
    );
    assert_eq!(attr(&browser, "#view", "data-view"), "table");
    assert_eq!(browser.text("step-note"), "step 28 of 28");
    assert_eq!(count(&browser, "[data-cell][data-value]"), 28);
    assert_eq!(
        attr(&browser, "[data-cell='1,2,mouse']", "data-value"),
        "draw"
    );
    assert!(attr(&browser, "[data-cell='1,2,mouse']", "class")
        .as_str()
        .unwrap()
        .contains("answer"));
    // The Mouse at the hole has lost, whoever's turn (the Cat moves there next).
    assert_eq!(
        attr(&browser, "[data-cell='0,2,cat']", "data-value"),
        "lose"
    );
    let rows = browser.eval(
        "return [...document.querySelectorAll('[data-view=\"table\"] th')].map((t) => t.textContent).filter((t) => t.startsWith('mouse 1,'));",
    );
    assert_eq!(
        rows,
        json!(["mouse 1, the Mouse to move", "mouse 1, the Cat to move"])
    );
    // The first step writes a terminal position: round 0 of the retrograde pass.
    slide(&browser, 1);
    assert_eq!(count(&browser, "[data-cell][data-value]"), 1);
    screenshot(&browser, "#trace", "page-table-cat-and-mouse.png");
}

/// Can I Win's table is the subset lattice by the number of integers used, each cell its mask
/// and win/lose in words; the start (mask 0) is the answer.
#[test]
fn page_table_of_can_i_win_is_the_subset_lattice() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    open(
        &browser,
        &server,
        "game=can-i-win&max_choosable=4&desired_total=6&backend=tabular&view=table",
    );
    assert_eq!(attr(&browser, "#view", "data-view"), "table");
    let cells = count(&browser, "[data-cell]");
    assert!(cells > 1, "{cells}");
    assert_eq!(attr(&browser, "[data-cell='0']", "data-value"), "win");
    let values = browser.eval(
        "return [...new Set([...document.querySelectorAll('[data-cell]')].map((c) => c.dataset.value))].sort();",
    );
    assert_eq!(values, json!(["lose", "win"]));
    // The words are in the cells, not only their colours.
    let words = browser.eval("return document.querySelector(\"[data-cell='0'] .v\").textContent;");
    assert_eq!(words, "win");
    // Each row is one layer: the masks of a row have as many bits as the row's number.
    let layers_agree = browser.eval(
        "return [...document.querySelectorAll('table.dp tr')].every((tr, k) => \
         [...tr.querySelectorAll('[data-cell]')].every((c) => \
         Number(c.dataset.cell).toString(2).split('1').length - 1 === k));",
    );
    assert_eq!(layers_agree, true);
    screenshot(&browser, "#trace", "page-table-can-i-win.png");
}

/// A user's game with a table layout gets the table view: Stone Game II (an example program)
/// by pile index and `M`, here the states its memo stored, the answer at `(0, 1)`.
#[test]
fn page_table_of_a_users_game_from_its_layout() {
    if !have_browser() {
        return;
    }
    let server = Server::start_program(&example("stone_game_ii"), &[]);
    let browser = Browser::start();
    open(
        &browser,
        &server,
        "game=stone-game-ii&piles=2,7,9,4,4&backend=memo&view=table",
    );
    assert_eq!(attr(&browser, "#view", "data-view"), "table");
    assert_eq!(attr(&browser, "[data-cell='0,1']", "data-value"), "-6");
    assert!(attr(&browser, "[data-cell='0,1']", "class")
        .as_str()
        .unwrap()
        .contains("answer"));
    // Every cell sits in its row `i` and column `M`.
    let placed = browser.eval(
        "return [...document.querySelectorAll('table.dp tr')].slice(1).every((tr, i) => \
         [...tr.cells].every((td, k) => !td.dataset.cell || \
         td.dataset.cell === `${i},${k - 1}`));",
    );
    assert_eq!(placed, true);
}

/// The call tree of `recursive` marks the positions solved more than once (same badge, "solved
/// N times"); the memo's DAG the same positions answered from the memo.
#[test]
fn page_tree_marks_repeated_subproblems_and_the_dag_its_memo_hits() {
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
    assert_eq!(browser.text("step-note"), "step 68 of 68");
    // 34 calls of 17 distinct positions: every call of a repeated position carries its badge.
    assert_eq!(count(&browser, "#graph .node"), 34);
    let repeated = browser.eval(
        "const by = {}; for (const n of document.querySelectorAll('#graph .node[data-repeat]')) \
         (by[n.dataset.repeat] = by[n.dataset.repeat] || []).push(Number(n.dataset.count)); \
         return Object.values(by).map((c) => [c.length, c[0]]);",
    );
    let repeated = repeated.as_array().unwrap();
    assert!(!repeated.is_empty());
    for group in repeated {
        // As many nodes carry a badge as the count says.
        assert_eq!(group[0], group[1], "{repeated:?}");
        assert!(group[0].as_u64().unwrap() >= 2);
    }
    let note = browser.eval("return document.querySelector('#graph .badge-note').textContent;");
    assert!(note.as_str().unwrap().starts_with("solved "), "{note}");
    // A tree has no memo hit: its legend does not list one.
    assert!(!shown(&browser, "#legend-graph [data-legend=hit]"));
    assert!(shown(&browser, "#legend-graph [data-legend=repeat]"));
    // No spoilers: at step 0 no badge, at the second call of {1 2} (step 15) its badge.
    slide(&browser, 0);
    assert_eq!(count(&browser, "#graph .node[data-repeat]"), 0);
    // Fitted to the box, zoomable.
    assert_eq!(attr(&browser, "#graph", "data-zoom"), "fit");
    browser.eval("document.querySelector('#zoom [data-zoom=in]').click(); return 1;");
    assert_ne!(attr(&browser, "#graph", "data-zoom"), "fit");
    slide(&browser, 68);
    screenshot(&browser, "#trace", "page-tree.png");

    open(
        &browser,
        &server,
        "game=can-i-win&max_choosable=5&desired_total=11&backend=memo&view=dag",
    );
    assert_eq!(attr(&browser, "#view", "data-view"), "dag");
    // memo traces memo/textbook: one node per distinct position of the tree above.
    assert_eq!(count(&browser, "#graph .node"), 17);
    assert!(count(&browser, "#graph .node[data-repeat].memo-hit") >= 1);
    let note = browser.eval("return document.querySelector('#graph .badge-note').textContent;");
    assert!(
        note.as_str().unwrap().starts_with("from the memo"),
        "{note}"
    );
    screenshot(&browser, "#trace", "page-dag.png");
}

/// Issue 29's picture: the recursion tree and the memo's DAG of the same instance side by side
/// (`view=fold`), the first visit's view. Each call of the tree that repeats a solved position
/// is one memo hit of the DAG, with the same badge; the calls below it are faded; both counts
/// are shown, and nothing (badge, count, value) shows before the step that reveals it.
#[test]
fn page_fold_shows_the_tree_and_its_dag_side_by_side() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    // The first visit: Can I Win 5 11, the fold view, at step 0; then at its end.
    browser.session("POST", "/url", &json!({"url": server.url()}));
    browser.wait_for(
        "return document.getElementById('view').dataset.view === 'fold' && \
         document.querySelector('#fold-dag .fold-count') !== null && \
         document.querySelector('#fold-dag .fold-count').dataset.hits !== undefined;",
    );
    assert_eq!(browser.text("step-note"), "step 0 of 68");
    slide(&browser, 68);
    let params =
        browser.eval("return [...document.querySelectorAll('[data-param]')].map((i) => i.value);");
    assert_eq!(params, json!(["5", "11"]));
    let check_end = |browser: &Browser| {
        assert_eq!(count(browser, "#fold-tree .node"), 34);
        assert_eq!(count(browser, "#fold-dag .node"), 17);
        let tree = "#fold-tree .fold-count";
        assert_eq!(attr(browser, tree, "data-calls"), "34");
        assert_eq!(attr(browser, tree, "data-distinct"), "17");
        assert_eq!(attr(browser, tree, "data-repeats"), "9");
        let dag = "#fold-dag .fold-count";
        assert_eq!(attr(browser, dag, "data-positions"), "17");
        assert_eq!(attr(browser, dag, "data-hits"), "9");
        // The tree's 9 repeated calls and the DAG's memo hits carry the same badges.
        let hits = browser.eval(
            "return [...document.querySelectorAll('#fold-tree .node[data-fold=hit]')] \
             .map((n) => n.dataset.repeat);",
        );
        let hits = hits.as_array().unwrap();
        assert_eq!(hits.len(), 9, "{hits:?}");
        let dag_badges = browser.eval(
            "return [...document.querySelectorAll('#fold-dag .node[data-repeat]')] \
             .map((n) => [n.dataset.repeat, Number(n.dataset.count)]);",
        );
        let dag_badges = dag_badges.as_array().unwrap();
        let total: u64 = dag_badges.iter().map(|b| b[1].as_u64().unwrap()).sum();
        assert_eq!(total, 9, "{dag_badges:?}");
        for k in hits {
            let n = dag_badges.iter().filter(|b| b[0] == *k).count();
            assert_eq!(
                n, 1,
                "badge {k} of the tree is one DAG node: {dag_badges:?}"
            );
            let in_tree = hits.iter().filter(|h| *h == k).count() as u64;
            let in_dag = dag_badges.iter().find(|b| b[0] == *k).unwrap()[1]
                .as_u64()
                .unwrap();
            assert_eq!(in_tree, in_dag, "badge {k}");
        }
        // The calls inside a repeated subtree: 17 repeats in all, 8 below the 9.
        assert_eq!(count(browser, "#fold-tree .node[data-fold=skipped]"), 8);
    };
    check_end(&browser);
    // The legend words this game and view: no margins for Can I Win, memo hits and the faded
    // calls shown.
    assert!(!shown(&browser, "#legend-graph [data-legend=margin]"));
    assert!(shown(&browser, "#legend-graph [data-legend=hit]"));
    assert!(shown(&browser, "#legend-graph [data-legend=folded]"));
    screenshot(&browser, "#trace", "page-fold.png");
    // The permalink keeps the view, and reopens it.
    browser.wait_for("return location.search.includes('view=fold');");
    let link = browser.eval("return location.search.slice(1);");
    open(&browser, &server, link.as_str().unwrap());
    assert_eq!(attr(&browser, "#view", "data-view"), "fold");
    check_end(&browser);
    // No spoilers: at step 0 nothing is solved, no badge, no count.
    slide(&browser, 0);
    assert_eq!(count(&browser, "#trace .node[data-repeat]"), 0);
    assert_eq!(count(&browser, "#trace .node[data-value]"), 0);
    assert_eq!(attr(&browser, "#fold-tree .fold-count", "data-calls"), "0");
    assert_eq!(attr(&browser, "#fold-dag .fold-count", "data-hits"), "0");
    // Midway the two sides agree: as many repeated calls so far as memo hits so far, and a
    // DAG node shows its badge from its first memo hit on.
    slide(&browser, 12);
    let repeats_so_far = attr(&browser, "#fold-tree .fold-count", "data-repeats");
    let hits_so_far = attr(&browser, "#fold-dag .fold-count", "data-hits");
    assert_eq!(repeats_so_far, hits_so_far);
    assert_eq!(
        count(&browser, "#fold-dag .node[data-repeat]"),
        count(&browser, "#fold-dag .node.memo-hit")
    );
}

/// A memo keeps every interval: its table view greys nothing as reused, and the legend of a
/// scoring game speaks of margins while the rolling row's key is left out (issue 29).
#[test]
fn page_memo_table_reuses_no_slot() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    open(
        &browser,
        &server,
        "game=predict-the-winner&values=1,5,233,7&backend=memo&view=table",
    );
    assert_eq!(attr(&browser, "#view", "data-view"), "table");
    assert_eq!(
        count(&browser, "[data-view='table'] [data-cell][data-value]"),
        10
    );
    assert_eq!(count(&browser, "[data-cell].overwritten"), 0);
    assert!(!shown(&browser, "#legend-table [data-legend=overwritten]"));
    assert!(shown(&browser, "#legend-table [data-legend=margin]"));
    // The rolling row of `tabular` does reuse its slots: its key is listed.
    open(
        &browser,
        &server,
        "game=predict-the-winner&values=1,5,233,7&backend=tabular&view=table",
    );
    assert!(count(&browser, "[data-cell].overwritten") > 0);
    assert!(shown(&browser, "#legend-table [data-legend=overwritten]"));
}

/// Cat and Mouse teachable (issue 29): its graph drawn (the hole, the Mouse's and the Cat's
/// nodes) on the example buttons in place of shell words, beside the step-through at the
/// current step and beside a game in play; a permalink naming a backend the game lacks says
/// so where it stays.
#[test]
fn page_cat_and_mouse_draws_its_graph() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    open(
        &browser,
        &server,
        "game=cat-and-mouse&graph=[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]&backend=recursive&view=table",
    );
    assert!(shown(&browser, "#url-warning"));
    let warning = browser.text("url-warning");
    assert!(warning.contains("recursive"), "{warning}");
    // The examples show their graphs, not `--graph '[[…]]'`.
    assert_eq!(
        count(&browser, "#presets button.network-example svg.network"),
        2
    );
    let words = browser.eval("return document.getElementById('presets').textContent;");
    assert!(!words.as_str().unwrap().contains("--graph"), "{words}");
    // The step-through draws the graph with the current step's position.
    assert_eq!(
        attr(&browser, "#trace-network svg.network", "data-nodes"),
        "6"
    );
    assert_eq!(
        attr(&browser, "#trace-network [data-node='0']", "data-role"),
        "hole"
    );
    let last =
        browser.eval("const e = trace.data.events[trace.step - 1]; return e ? e.position : '';");
    let last = last.as_str().unwrap().to_owned();
    let mouse = browser.eval("const n = document.querySelector('#trace-network [data-role~=mouse]'); return n ? n.dataset.node : null;");
    assert!(
        last.contains(&format!("mouse {}", mouse.as_str().unwrap())),
        "{last} {mouse}"
    );
    let cat = browser.eval("const n = document.querySelector('#trace-network [data-role~=cat]'); return n ? n.dataset.node : null;");
    assert!(
        last.contains(&format!("cat {}", cat.as_str().unwrap())),
        "{last} {cat}"
    );
    // The table's labels stay in view while it scrolls.
    let sticky =
        browser.eval("return getComputedStyle(document.querySelector('table.dp th')).position;");
    assert_eq!(sticky, "sticky");
    // In play, the start: the Mouse on 1, the Cat on 2.
    browser.click("#play-new");
    browser.wait_for("return document.querySelector('#play-network svg.network') !== null;");
    assert_eq!(
        attr(&browser, "#play-network [data-role~=mouse]", "data-node"),
        "1"
    );
    assert_eq!(
        attr(&browser, "#play-network [data-role~=cat]", "data-node"),
        "2"
    );
    screenshot(&browser, "#trace", "page-cat-and-mouse.png");
}

/// Connect Four's board is drawn beside the step-through (the current step's position) and
/// beside the game in play: a grid of the board's size, the stones where the position has them.
#[test]
fn page_connect_four_draws_its_board() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    open(
        &browser,
        &server,
        "game=connect-four&width=4&height=4&played=11132332&backend=memo",
    );
    browser.wait_for("return document.querySelector('#trace-network svg.board') !== null;");
    assert_eq!(
        attr(&browser, "#trace-network svg.board", "data-board"),
        "4x4"
    );
    assert_eq!(count(&browser, "#trace-network [data-cell]"), 16);
    let last =
        browser.eval("const e = trace.data.events[trace.step - 1]; return e ? e.position : '';");
    let last = last.as_str().unwrap().to_owned();
    let stones = last.chars().filter(|c| matches!(c, 'X' | 'O')).count() as u64;
    assert!(stones >= 8, "{last}");
    assert_eq!(
        count(&browser, "#trace-network [data-stone]"),
        stones,
        "{last}"
    );
    // Column 1's bottom cell holds X's first stone (the moves start `1 1 1`: X, O, X).
    assert_eq!(
        attr(&browser, "#trace-network [data-cell='1,1']", "data-stone"),
        "x"
    );
    // In play, the position given: 8 stones.
    browser.click("#play-new");
    browser.wait_for("return document.querySelector('#play-network svg.board') !== null;");
    let board = browser.eval("return document.getElementById('play-board').textContent;");
    assert_eq!(count(&browser, "#play-network [data-stone]"), 8, "{board}");
    assert_eq!(
        attr(&browser, "#play-network [data-cell='1,2']", "data-stone"),
        "o"
    );
}

/// The reduction view draws the row and each merge, step by step ("step 1 of 2", not "step 0
/// of 0"), and the greedy play at the end.
#[test]
fn page_reduction_draws_each_merge() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    open(
        &browser,
        &server,
        "game=predict-the-winner&values=1,5,233,7,2,9,3&backend=reduction&step=1",
    );
    assert_eq!(attr(&browser, "#view", "data-view"), "reduction");
    assert_eq!(browser.text("step-note"), "step 1 of 2");
    let row = browser
        .eval("return [...document.querySelectorAll('.runs .run')].map((r) => r.dataset.value);");
    assert_eq!(row, json!(["1", "-221", "2", "9", "3"]));
    assert_eq!(attr(&browser, ".run.merged", "data-run"), "1..3");
    assert_eq!(count(&browser, ".run.peak"), 3);
    screenshot(&browser, "#trace", "page-reduction.png");
    browser.click("#step");
    assert_eq!(browser.text("step-note"), "step 2 of 2");
    let row = browser
        .eval("return [...document.querySelectorAll('.runs .run')].map((r) => r.dataset.value);");
    assert_eq!(row, json!(["1", "-221", "-4"]));
    let end = browser.eval("return document.querySelector('.greedy').innerText;");
    assert!(
        end.as_str()
            .unwrap()
            .contains("Margin for the first player: -216"),
        "{end}"
    );
}

/// The growth chart: every backend's positions and time over its own range, the current
/// game marked, redrawn for the new game when the game changes.
#[test]
fn page_growth_chart_follows_the_game() {
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
    assert_eq!(attr(&browser, "#growth", "data-view"), "growth");
    // The permalink keeps `view=growth` (it once became `view=dag` within a second).
    browser.wait_for("return location.search.includes('step=');");
    std::thread::sleep(std::time::Duration::from_millis(300));
    let search = browser.eval("return location.search;");
    assert!(search.as_str().unwrap().contains("view=growth"), "{search}");
    let marks = browser.eval(
        "return [...document.querySelectorAll('#growth .current-size-label')].map((t) => t.textContent);",
    );
    assert_eq!(marks, json!(["this game: 6", "this game: 6"]));
    let legend = browser.eval("return document.getElementById('growth').textContent;");
    let legend = legend.as_str().unwrap();
    assert!(
        legend.contains("positions expanded") && legend.contains("time"),
        "{legend}"
    );
    // Recursion stops at its budget on the way to n = 20; the memo goes to the end.
    assert!(
        legend.contains("recursive/") && legend.contains(" stops at "),
        "{legend}"
    );
    screenshot(&browser, "#result", "page-growth.png");
    // Another game: the chart is the new game's.
    browser.eval(
        "const s = document.getElementById('game'); s.value = 'predict-the-winner'; \
         s.dispatchEvent(new Event('change')); return 1;",
    );
    browser.wait_for(
        "return [...document.querySelectorAll('#growth .current-size-label')]\
         .some((t) => t.textContent === 'this game: 4');",
    );
}

/// A link copied from the page opens the same view at the same step in a fresh browser.
#[test]
fn page_permalink_round_trip() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    open(
        &browser,
        &server,
        "game=can-i-win&max_choosable=5&desired_total=11&backend=memo/dense",
    );
    slide(&browser, 7);
    browser.click("#copy-link");
    browser.wait_for("return document.getElementById('link').value !== '';");
    let link = browser.eval("return document.getElementById('link').value;");
    let link = link.as_str().unwrap().to_owned();
    for part in [
        "game=can-i-win",
        "max_choosable=5",
        "desired_total=11",
        "backend=memo/dense",
        "view=dag",
        "step=7",
    ] {
        assert!(link.contains(part), "{part} not in {link}");
    }
    let current = browser.text("current");
    drop(browser);
    let fresh = Browser::start();
    fresh.session("POST", "/url", &json!({"url": link}));
    fresh.wait_for("return document.getElementById('step-note').textContent === 'step 7 of 20';");
    assert_eq!(attr(&fresh, "#view", "data-view"), "dag");
    assert_eq!(fresh.text("current"), current);
    assert_eq!(
        fresh.eval("return document.getElementById('trace-backend').value;"),
        "memo/dense"
    );
}

/// The quiz asks for the next cell's margin before showing it, reveals it and keeps a score.
#[test]
fn page_quiz_asks_before_each_step() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    // Without `step`, the quiz starts at step 0: every value still to guess.
    open(
        &browser,
        &server,
        "game=predict-the-winner&values=1,5,233,7&backend=tabular&view=table&quiz=1",
    );
    assert_eq!(browser.text("step-note"), "step 0 of 10");
    assert_eq!(
        browser.eval("return document.getElementById('quiz').hidden;"),
        false
    );
    // The diagonal's base cases m(i, i) = a[i] are not asked: four steps go by unasked, each
    // said to write a base case (they reveal a value, not none).
    assert!(browser.text("quiz-question").contains("base case"));
    for _ in 0..4 {
        browser.click("#step");
    }
    assert_eq!(browser.text("step-note"), "step 4 of 10");
    // Stepping forward asks first: the step stays until answered. The asked cell (0,1) and
    // the two it reads are marked.
    browser.click("#step");
    assert_eq!(browser.text("step-note"), "step 4 of 10");
    assert!(browser.text("quiz-question").contains("margin"));
    assert_eq!(attr(&browser, "[data-cell].asked", "data-cell"), "0,1");
    let reads = browser.eval(
        "return [...document.querySelectorAll('[data-cell].asked-read')].map((c) => c.dataset.cell).sort();",
    );
    assert_eq!(reads, json!(["0,0", "1,1"]));
    browser.keys("[data-quiz]", "4\u{E007}");
    assert_eq!(browser.text("step-note"), "step 5 of 10");
    assert_eq!(browser.text("quiz-score"), "score 1 of 1");
    assert!(browser.text("quiz-feedback").starts_with("✓"));
    // A wrong answer: revealed, scored, and the cell shows its value.
    browser.keys("[data-quiz]", "7\u{E007}");
    assert_eq!(browser.text("step-note"), "step 6 of 10");
    assert_eq!(browser.text("quiz-score"), "score 1 of 2");
    assert!(browser.text("quiz-feedback").contains("it is 228"));
    assert_eq!(attr(&browser, "[data-cell='1,2']", "data-value"), "228");
    screenshot(&browser, "#trace", "page-quiz.png");
}

/// A first visit sees a default instance solved, the game's rules, what each algorithm does
/// and costs, and the counters by the CLI's names with the solve's own time.
#[test]
fn page_first_load_is_solved_and_explained() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    browser.session("POST", "/url", &json!({"url": server.url()}));
    browser.wait_for("return document.getElementById('step-note').textContent !== '';");
    assert!(!browser.text("rules").is_empty());
    assert!(
        browser.text("answer").contains("wins"),
        "{}",
        browser.text("answer")
    );
    assert_eq!(count(&browser, "#algorithms p"), 3);
    let counters = browser.eval("return document.getElementById('counters').innerText;");
    let counters = counters.as_str().unwrap();
    for name in ["positions expanded", "states stored", "table bytes", "time"] {
        assert!(counters.contains(name), "{name} not in {counters}");
    }
    assert!(!counters.contains("round trip"), "{counters}");
}

/// `explain --html` shows the same views as the page, drawn by the same script from the same
/// trace JSON: the triangle of `tabular` and the merges of `reduction`, from a file.
#[test]
fn explain_html_shows_the_pages_table_and_reduction_views() {
    if !have_browser() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let browser = Browser::start();
    for (backend, values, view) in [
        ("tabular", ["1", "5", "233", "7"].as_slice(), "table"),
        (
            "reduction",
            ["1", "5", "233", "7", "2", "9", "3"].as_slice(),
            "reduction",
        ),
    ] {
        let path = dir.path().join(format!("{backend}.html"));
        let output = std::process::Command::new(crate::common::cli::bin())
            .args(["explain", "predict-the-winner"])
            .args(values)
            .args(["--backend", backend, "--html"])
            .arg(&path)
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        // A file opens at its first step; `?step=` in its URL picks another, as on the page.
        let url = format!("file://{}?step=10", path.display());
        browser.session("POST", "/url", &json!({"url": url}));
        browser.wait_for("return document.getElementById('step-note').textContent !== '';");
        assert_eq!(attr(&browser, "#view", "data-view"), view);
        if view == "table" {
            assert_eq!(browser.text("step-note"), "step 10 of 10");
            assert_eq!(attr(&browser, "[data-cell='0,3']", "data-value"), "222");
        } else {
            // Two merges: the slider stops at the last one, not "step 0 of 0".
            assert_eq!(browser.text("step-note"), "step 2 of 2");
            assert_eq!(count(&browser, ".runs .run"), 3);
        }
    }
}

/// The budget the page offers to raise: a trace may ask for a node budget up to the server's
/// own (`GET /api/limits` says both), and is refused beyond it with the cap named. JSON only:
/// the API in process.
#[test]
fn page_trace_node_budget_within_the_servers_cap() {
    let api = Api::new(&["--node-budget", "5000"]);
    let (status, limits) = api.get("/api/limits");
    assert_eq!(status, 200);
    let limits: Value = serde_json::from_str(&limits).unwrap();
    assert_eq!(limits["node_budget_cap"], 5000);
    assert_eq!(limits["trace_node_budget"], 5000);
    // Recursion on Can I Win 8 20 expands more than 100 positions: stopped, then answered
    // with the budget raised.
    let line = |budget: u64| {
        format!(
            r#"{{"game":"can-i-win","max_choosable":8,"desired_total":20,"backend":"recursive","node_budget":{budget}}}"#
        )
    };
    let (status, e) = api.post("/api/trace", &line(100));
    assert_eq!(
        (status, e["kind"].as_str()),
        (422, Some("cannot_answer")),
        "{e}"
    );
    let (status, trace) = api.post("/api/trace", &line(5000));
    assert_eq!(status, 200, "{trace}");
    let (status, e) = api.post("/api/trace", &line(5001));
    assert_eq!(
        (status, e["kind"].as_str()),
        (400, Some("invalid_input")),
        "{e}"
    );
    let message = e["error"].as_str().unwrap();
    assert!(
        message.contains("from 1 to 5000") && message.contains("--node-budget"),
        "{message}"
    );
}

/// A lattice too large to draw cell by cell shows each layer's counts of win and lose.
#[test]
fn page_large_lattice_is_counts_per_layer() {
    if !have_browser() {
        return;
    }
    let server = shared_server();
    let browser = Browser::start();
    open(
        &browser,
        &server,
        "game=can-i-win&max_choosable=10&desired_total=40&backend=tabular&view=table",
    );
    assert_eq!(attr(&browser, "#view", "data-view"), "table");
    assert_eq!(count(&browser, "[data-cell]"), 0);
    assert_eq!(count(&browser, "[data-layer]"), 11);
    let layer = browser.eval("return document.querySelector(\"[data-layer='1']\").textContent;");
    assert!(layer.as_str().unwrap().starts_with("win "), "{layer}");
    assert!(layer.as_str().unwrap().contains("not yet 0"), "{layer}");
}
