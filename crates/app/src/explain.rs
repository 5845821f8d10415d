//! `gamesolve explain …`: what a backend did on a small instance, as a call
//! tree (`recursive`, `memo`) or a table in fill order (`tabular`), with
//! `--dot FILE` for a Graphviz picture and `--html FILE` for the teaching page's
//! step-through view in one self-contained file.

use std::fmt::Write as _;
use std::path::PathBuf;

use gamesolve::contract::explain::ExplainReport;
use gamesolve::explain::{explain, ExplainError, ExplainLimits, Explanation};
use gamesolve::{registry::BackendChoice, Backend};

use gamesolve::games::GameInfo;

use super::args::LimitArgs;
use super::error::{CliError, Kind, Stop};
use super::gamecmd::{GameCmd, GameFlags};
use super::page::export_html;
use super::progress::Progress;
use super::report::CliGame;
use super::stdio::{write_json, write_text};

/// Positions the `recursive` backend may expand under `explain` unless
/// `--node-budget` says otherwise: the views are for small instances.
const EXPLAIN_NODE_BUDGET: u64 = 1_000_000;

/// Arguments of `gamesolve explain`.
#[derive(Debug)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct ExplainCmd {
    #[cfg_attr(feature = "cli", command(subcommand))]
    pub(crate) game: GameCmd<ViewArgs>,
    #[cfg_attr(feature = "cli", command(flatten))]
    pub(crate) json: crate::stdio::GlobalJsonFlag,
}

impl GameFlags for ViewArgs {
    fn memory_cap(&self) -> Option<u64> {
        self.limits.memory_cap_bytes
    }

    const VERB: &'static str = "explain";
    // Flags every game's examples run with (tests/it/cli_help.rs runs them): the second example
    // is a hard one (`20 158`), too big for `recursive`; `tabular` knows the built-in games only.
    const EXAMPLE_FLAGS: &'static [&'static str] = &[
        " --backend memo --dot memo.dot",
        " --json",
        " --backend recursive --depth 2",
    ];

    fn about(info: &GameInfo) -> String {
        format!("Show what a backend did on a {} game.", info.title)
    }
}

/// The backend and how much of its work to show.
#[derive(Debug)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
#[cfg_attr(feature = "cli", command(mut_arg("node_budget", |arg| arg.help(
    "`recursive`: positions to expand before giving up [default: 10^6 here, for small instances]"
))))]
pub struct ViewArgs {
    /// The backend to explain: `recursive` and `memo` show their call tree (and `memo` its
    /// memo as the game's table), `tabular` its table in fill order, `reduction` its merges.
    /// Any `BACKEND/VARIANT` works (`memo/hash-map`, `tabular/per-mask`) [default: memo; the
    /// game's default backend for a game memo has no algorithm for (cat-and-mouse: tabular)].
    #[cfg_attr(feature = "cli", arg(long, short = 'b', value_name = "BACKEND[/VARIANT]",
          value_parser = super::args::backend_parser()))]
    backend: Option<BackendChoice>,
    /// Levels of the call tree shown below the root (`recursive`, `memo`)
    /// [default: 4].
    #[cfg_attr(feature = "cli", arg(long, value_name = "LEVELS", value_parser = crate::args::parse_usize, allow_negative_numbers = true, conflicts_with = "json"))]
    depth: Option<usize>,
    /// Lines of tree or table shown at most.
    #[cfg_attr(feature = "cli", arg(long, value_name = "LINES", default_value_t = 200, value_parser = crate::args::parse_usize, allow_negative_numbers = true, conflicts_with = "json"))]
    max_lines: usize,
    /// Also write Graphviz DOT of the tree (`recursive`), the DAG with memo
    /// hits in red (`memo`) or the table's cells (`tabular`) to FILE; `-`
    /// writes only the DOT, to standard output (render it with
    /// `dot -Tsvg memo.dot -o memo.svg`).
    #[cfg_attr(feature = "cli", arg(long, value_name = "FILE"))]
    dot: Option<PathBuf>,
    /// Nodes written to the DOT file at most.
    #[cfg_attr(feature = "cli", arg(long, value_name = "NODES", default_value_t = 400, value_parser = crate::args::parse_usize, allow_negative_numbers = true, requires = "dot"))]
    max_dot_nodes: usize,
    /// Also write the step-through view of `gamesolve serve` as one self-contained HTML file
    /// (its script, style and the trace inside; no server or network needed: open it from
    /// disk; `recursive` and `memo` also offer the tree beside the DAG, and the answer waits
    /// at the end); `-` writes only the HTML, to standard output.
    #[cfg_attr(feature = "cli", arg(long, value_name = "FILE"))]
    html: Option<PathBuf>,
    /// Steps (events) written to the HTML file at most; the file says when the trace was cut.
    #[cfg_attr(feature = "cli", arg(long, value_name = "STEPS", default_value_t = 2000, value_parser = crate::args::parse_usize, allow_negative_numbers = true, requires = "html"))]
    max_html_steps: usize,
    #[cfg_attr(feature = "cli", command(flatten))]
    limits: LimitArgs,
}

/// Levels of the call tree shown unless `--depth` says otherwise.
const DEFAULT_DEPTH: usize = 4;

impl ViewArgs {
    fn config(&self) -> gamesolve::core_types::Limits {
        let mut config = self.limits.limits();
        config.node_budget = Some(config.node_budget.unwrap_or(EXPLAIN_NODE_BUDGET));
        config
    }
}

impl ViewArgs {
    /// The backend asked for, else `memo`, else (for a game `memo` has no algorithm for) the
    /// game's default backend.
    fn backend_for<G: gamesolve::Registered>(&self) -> BackendChoice {
        self.backend.clone().unwrap_or_else(|| {
            if Backend::Memo.variants::<G>().is_empty() {
                BackendChoice::automatic(Backend::default_for::<G>())
            } else {
                BackendChoice::automatic(Backend::Memo)
            }
        })
    }
}

/// Explains one game with the chosen backend variant and prints the views.
pub(crate) fn show<G: CliGame>(game: &G, view: &ViewArgs, json: bool) -> Result<(), Stop> {
    let chosen = view.backend_for::<G>();
    let config = view.config();
    // `--memory-cap` bounds the trace as it bounds the backends' tables.
    let limits = ExplainLimits::from_limits(&config);
    let progress =
        Progress::spinner_if(game.is_big(chosen.backend), format!("explaining {chosen}"));
    let explanation = explain(game, &chosen, &config, &limits).map_err(CliError::from);
    drop(progress);
    let explanation = explanation?;
    if explanation.is_table() && view.depth.is_some() {
        return Err(CliError::new(
            Kind::Usage,
            format!(
                "`--depth` cuts the call tree of `recursive` and `memo`; `{}` shows its table \
                 (cut it with `--max-lines`)",
                chosen
            ),
        )
        .into());
    }
    let stdout = Some(std::path::Path::new("-"));
    if view.html.as_deref() == stdout {
        // Standard output carries the HTML alone, for `> trace.html` or a pipe.
        if json || view.dot.as_deref() == stdout {
            return Err(CliError::new(
                Kind::Usage,
                "`--html -` writes the HTML to standard output, so `--json` and `--dot -` \
                 cannot write there too: write the HTML to a file (`--html trace.html`)",
            )
            .into());
        }
        let partner = fold_partner(game, &explanation, &config, &limits);
        return write_text(&export_html(
            &explanation,
            view.max_html_steps,
            partner.as_ref(),
        )?);
    }
    if let Some(path) = &view.html {
        let partner = fold_partner(game, &explanation, &config, &limits);
        let html = export_html(&explanation, view.max_html_steps, partner.as_ref())?;
        std::fs::write(path, html).map_err(|e| {
            CliError::new(
                Kind::Io,
                format!("cannot write the HTML file {}: {e}", path.display()),
            )
        })?;
    }
    if view.dot.as_deref() == Some(std::path::Path::new("-")) {
        // Standard output carries the DOT alone, for `| dot -Tsvg -o x.svg`.
        if json {
            return Err(CliError::new(
                Kind::Usage,
                "`--dot -` and `--json` both write to standard output: write the DOT to a file \
                 (`--dot memo.dot`) or leave `--json` out",
            )
            .into());
        }
        return write_text(&explanation.dot(view.max_dot_nodes));
    }
    if let Some(path) = &view.dot {
        std::fs::write(path, explanation.dot(view.max_dot_nodes)).map_err(|e| {
            CliError::new(
                Kind::Io,
                format!("cannot write the DOT file {}: {e}", path.display()),
            )
        })?;
    }
    if json {
        write_json(&ExplainReport::new(&explanation))
    } else {
        let text = text(&explanation, view, &limits).map_err(CliError::from)?;
        write_text(&match crate::term::width() {
            Some(width) => fit_at(&text, width),
            None => text,
        })
    }
}

/// `text` made to fit `width` columns: its first line, the headline ("Second player wins by
/// 2 (…)   (backend memo)"), wrapped as prose, and the rest fitted as prose, trees and
/// tables are ([`term::fit_at`](crate::term::fit_at): a tree's line cut with `…`).
fn fit_at(text: &str, width: usize) -> String {
    match text.split_once('\n') {
        Some((headline, rest)) => format!(
            "{}\n{}",
            crate::term::wrap_at(headline, width),
            crate::term::fit_at(rest, width)
        ),
        None => crate::term::wrap_at(text, width),
    }
}

/// The graph a game is played on (Cat and Mouse's), in a line: its size, the nodes with a
/// role, and every edge.
fn graph_line(graph: &gamesolve::explain::GraphView) -> String {
    let marks: Vec<String> = graph
        .marks
        .iter()
        .map(|(node, role)| format!("{node} {role}"))
        .collect();
    let roles = if marks.is_empty() {
        String::new()
    } else {
        format!(" ({})", marks.join(", "))
    };
    format!(
        "The graph: {} nodes, {} edges{roles}: {}.",
        graph.nodes,
        graph.edges.len(),
        graph.edge_list()
    )
}

/// The run that goes beside `e` in the page's first view, the tree beside the DAG: the memo's
/// (`memo/textbook`) beside `recursive`'s call tree, `recursive`'s beside the textbook memo's;
/// `None` for any other run, or when the other backend cannot explain the game (not in this
/// build, over its budget): the file then offers the views of `e` alone.
fn fold_partner<G: CliGame>(
    game: &G,
    e: &Explanation<G>,
    config: &gamesolve::Limits,
    limits: &ExplainLimits,
) -> Option<Explanation<G>> {
    if e.is_table() || e.is_settled() {
        return None;
    }
    let other = if e.backend() == Backend::Recursive.name() {
        Backend::Memo
    } else if e.backend() == Backend::Memo.name() && e.variant() == "textbook" {
        Backend::Recursive
    } else {
        return None;
    };
    explain(game, &BackendChoice::automatic(other), config, limits).ok()
}

fn text<G: CliGame>(
    e: &Explanation<G>,
    view: &ViewArgs,
    limits: &ExplainLimits,
) -> Result<String, ExplainError> {
    let backend = e.backend();
    let mut text = String::new();
    let headline = e.game().headline(e.answer());
    let _ = writeln!(text, "{headline}   (backend {})", view.backend_for::<G>());
    if let Some(graph) = e.game().graph_view() {
        let _ = writeln!(text, "{}", graph_line(&graph));
    }
    if let Some(own) = e.game().own_view(backend, view.max_lines, limits) {
        // A backend that does not walk the game's positions shows what it does instead.
        text.push_str(&own?);
        return Ok(text);
    }
    if e.is_settled() {
        let _ = writeln!(
            text,
            "The answer follows without any search: nothing to show (see the game's exact \
             semantics in docs/GUIDE.md)."
        );
        return Ok(text);
    }
    let _ = writeln!(text, "{}\n", e.summary());
    if e.is_table() {
        text.push_str(&e.table_text(view.max_lines));
    } else {
        let skipped = e.game().calls_skipped(backend, e.variant());
        // The badges of repeated positions, numbered as the page numbers them (the tree's
        // `#k` is the memo's: `CallTree::badges`).
        let hits = if e.stats().memo_hits > 0 || backend == Backend::Memo.name() {
            "; [memo hit #k]: answered by the memo, not expanded, [#k: from the memo N times]: \
             the call that solved it (numbered as the page's badges)"
        } else if backend == Backend::Recursive.name() {
            "; [#k: solved N times]: a position solved more than once, each of its calls marked with \
             the page's badge (a memo would answer the repeats: its memo hit #k)"
        } else {
            ""
        };
        let _ = writeln!(
            text,
            "The call tree: one line per call, with its position and its value for the player \
             to move{hits}{skipped}:"
        );
        text.push_str(&e.tree_text(view.depth.unwrap_or(DEFAULT_DEPTH), view.max_lines));
        if let Some(table) = e.memo_table_text(view.max_lines) {
            let _ = writeln!(
                text,
                "\nThe memo as the game's table (every state the search stored):"
            );
            text.push_str(&table);
        }
    }
    let stats = e.stats();
    let _ = writeln!(text, "\nCounters:");
    for (name, value, note) in [
        (
            "positions expanded",
            stats.positions,
            "calls, or cells computed bottom-up",
        ),
        (
            "memo hits",
            stats.memo_hits,
            "lookups answered without expanding",
        ),
        (
            "states stored",
            stats.states,
            "entries written to the memo or table",
        ),
        ("table cells", stats.table_cells, "as allocated"),
        ("table bytes", stats.table_bytes, "as allocated"),
        ("max depth", stats.max_depth, "deepest call (root = 1)"),
    ] {
        let _ = writeln!(text, "  {name:<20}{value:<12}{note}");
    }
    if let Some(path) = &view.dot {
        let _ = writeln!(
            text,
            "\nWrote Graphviz DOT to {} (render it with `dot -Tsvg {} -o {}`).",
            path.display(),
            path.display(),
            path.with_extension("svg").display()
        );
    }
    if let Some(path) = &view.html {
        let _ = writeln!(
            text,
            "\nWrote the step-through view to {} (open it in a browser; it needs no server).",
            path.display()
        );
    }
    Ok(text)
}

/// Every view `explain` gives of one run, for a front end that shows them itself (the Python
/// module's `explain`): the text, Graphviz DOT, the self-contained HTML page of `--html` and
/// the `--json` object.
pub(crate) struct Views {
    /// What `gamesolve explain GAME ...` prints.
    pub text: String,
    /// What `--dot -` writes (at most 400 nodes).
    pub dot: String,
    /// What `--html -` writes (at most 2,000 steps).
    pub html: String,
    /// What `--json` prints.
    pub json: Vec<u8>,
}

/// Explains `game` with `backend` under `limits` (the node budget defaults to 10^6, as for
/// the command) and renders every view with the command's defaults.
pub(crate) fn views<G: CliGame>(
    game: &G,
    backend: Option<BackendChoice>,
    limits: gamesolve::Limits,
) -> Result<Views, CliError> {
    let view = ViewArgs {
        backend,
        depth: None,
        max_lines: 200,
        dot: None,
        max_dot_nodes: 400,
        html: None,
        max_html_steps: 2000,
        limits: LimitArgs::from(limits),
    };
    let config = view.config();
    let explain_limits = ExplainLimits::from_limits(&config);
    let explanation = explain(game, &view.backend_for::<G>(), &config, &explain_limits)
        .map_err(CliError::from)?;
    let json = serde_json::to_vec(&ExplainReport::new(&explanation))
        .map_err(|e| CliError::new(Kind::Io, format!("cannot write the JSON view: {e}")))?;
    Ok(Views {
        text: text(&explanation, &view, &explain_limits).map_err(CliError::from)?,
        dot: explanation.dot(view.max_dot_nodes),
        html: export_html(
            &explanation,
            view.max_html_steps,
            fold_partner(game, &explanation, &config, &explain_limits).as_ref(),
        )?,
        json,
    })
}
