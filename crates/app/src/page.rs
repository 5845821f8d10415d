//! The teaching page's assets and the trace it steps through, shared by `gamesolve serve`
//! (which sends them) and `gamesolve explain --html` (which writes them into one file that
//! needs no server).

use std::fmt::Write as _;

use gamesolve::explain::{Explanation, GraphView};

/// The trace as the page reads it: the library's contract.
pub use gamesolve::contract::trace::trace_json;

use super::error::{CliError, Kind};
use super::report::CliGame;

/// The page, its script and its stylesheet, embedded in the binary.
pub const INDEX_HTML: &str = include_str!("serve/assets/index.html");
/// The script: its files joined in order (each builds on the ones before; see `js/base.js`).
pub const APP_JS: &str = concat!(
    include_str!("serve/assets/js/base.js"),
    include_str!("serve/assets/js/form.js"),
    include_str!("serve/assets/js/network.js"),
    include_str!("serve/assets/js/views.js"),
    include_str!("serve/assets/js/graph.js"),
    include_str!("serve/assets/js/fold.js"),
    include_str!("serve/assets/js/table.js"),
    include_str!("serve/assets/js/reduction.js"),
    include_str!("serve/assets/js/quiz.js"),
    include_str!("serve/assets/js/growth.js"),
    include_str!("serve/assets/js/main.js"),
);
pub const STYLE_CSS: &str = include_str!("serve/assets/style.css");

/// Where the page's step-through section starts and ends, for [`export_html`].
const TRACE_BEGIN: &str = "<!-- trace:begin";
const TRACE_END: &str = "<!-- trace:end -->";

/// One self-contained HTML file stepping through an explanation: the page's own step-through
/// section, stylesheet and script inline, the trace (its first `max_events` events) as JSON in
/// the page; no request to any server, so it works from `file://`.
///
/// With `partner`, the other side of the page's first view (the memo's run beside
/// `recursive`'s, or `recursive`'s beside the memo's) goes in the trace as `partner`, so the
/// file offers the tree beside the DAG as the page does. The game's graph, when it is played
/// on one (Cat and Mouse), is drawn and its edges listed; the answer waits at the end, behind
/// a `<details>` ("answer"), so the file does not give it away before the steps.
pub fn export_html<G: CliGame>(
    e: &Explanation<G>,
    max_events: usize,
    partner: Option<&Explanation<G>>,
) -> Result<String, CliError> {
    let mut json = trace_json(e, max_events)?;
    if let Some(partner) = partner {
        // The trace is one JSON object: the partner's goes in as its last field.
        let other = trace_json(partner, max_events)?;
        while json.last().is_some_and(u8::is_ascii_whitespace) {
            json.pop();
        }
        if json.pop() == Some(b'}') {
            json.extend_from_slice(b",\"partner\":");
            json.extend_from_slice(&other);
            json.push(b'}');
        } else {
            return Err(CliError::new(
                Kind::Io,
                "internal error: the trace is not a JSON object",
            ));
        }
    }
    // `<` only occurs inside JSON strings, where `\u003c` means the same: no `</script>` or
    // `<!--` can end the script element early.
    let json = String::from_utf8_lossy(&json).replace('<', "\\u003c");
    let section = match (INDEX_HTML.find(TRACE_BEGIN), INDEX_HTML.find(TRACE_END)) {
        (Some(begin), Some(end)) if begin < end => {
            let begin = INDEX_HTML[begin..]
                .find("-->")
                .map_or(begin, |at| begin + at + 3);
            &INDEX_HTML[begin..end]
        }
        _ => {
            return Err(CliError::new(
                Kind::Io,
                "internal error: the page has no step-through section to export",
            ))
        }
    };
    let kept = e.trace().events().len() as u64;
    let total = kept + e.trace().dropped();
    let shown = kept.min(max_events as u64);
    let cut = if shown < total {
        format!(
            "<p class=\"cut\">The trace was cut: these are the first {} steps of {}.</p>\n",
            thousands(shown),
            thousands(total)
        )
    } else {
        String::new()
    };
    let headline = escape(&e.game().headline(e.answer()));
    let graph = e
        .game()
        .graph_view()
        .map_or_else(String::new, |g| graph_figure(&g));
    // The game and the instance (`can-i-win n = 5, T = 11`), then the backend that ran.
    let title = format!(
        "gamesolve explain: {} ({}/{})",
        e.game().describe(),
        e.backend(),
        e.variant()
    );
    let mut html = String::with_capacity(json.len() + APP_JS.len() + STYLE_CSS.len() + 4096);
    let _ = write!(
        html,
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>\n{STYLE_CSS}</style>\n</head>\n\
         <body class=\"offline\">\n<header>\n<h1>{title}</h1>\n{graph}{cut}</header>\n\
         <main>\n{section}<details class=\"answer\" data-answer>\
         <summary>answer</summary>\n<p>{headline}</p>\n</details>\n</main>\n\
         <footer>Written by <code>gamesolve explain --html</code>: the step-through view of \
         <code>gamesolve serve</code>, with the trace inside this file.</footer>\n\
         <script type=\"application/json\" id=\"trace-data\">{json}</script>\n\
         <script>\n{APP_JS}</script>\n</body>\n</html>\n",
        title = escape(&title),
    );
    Ok(html)
}

/// Side of the square the graph is drawn in, in pixels.
const GRAPH_SIZE: f64 = 240.0;

/// The game's graph as an SVG picture (its nodes on a circle, node 0 at the top, then
/// clockwise; each edge a line; the nodes with a role filled and named in their tooltip) and
/// a caption listing every edge. Hooks: `figure.graph` with `data-nodes` and `data-edges`,
/// nodes `[data-node]`, edges `[data-edge="a-b"]`. `O(V + E)`.
fn graph_figure(graph: &GraphView) -> String {
    let n = graph.nodes.max(1);
    let centre = GRAPH_SIZE / 2.0;
    let radius = centre - 22.0;
    let at = |v: u32| {
        let angle = std::f64::consts::TAU * f64::from(v) / n as f64 - std::f64::consts::FRAC_PI_2;
        (centre + radius * angle.cos(), centre + radius * angle.sin())
    };
    let mut svg = format!(
        "<svg class=\"network\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{GRAPH_SIZE}\" \
         height=\"{GRAPH_SIZE}\" viewBox=\"0 0 {GRAPH_SIZE} {GRAPH_SIZE}\" role=\"img\" \
         aria-label=\"the graph: {} nodes, {} edges\">\n",
        graph.nodes,
        graph.edges.len()
    );
    for &(a, b) in &graph.edges {
        let ((x1, y1), (x2, y2)) = (at(a), at(b));
        let _ = writeln!(
            svg,
            "<line data-edge=\"{a}-{b}\" x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" \
             y2=\"{y2:.1}\" stroke=\"#888\" stroke-width=\"2\"/>"
        );
    }
    for v in 0..u32::try_from(graph.nodes).unwrap_or(u32::MAX) {
        let (x, y) = at(v);
        let role = graph.marks.iter().find(|(node, _)| *node == v);
        let (fill, title) = match role {
            Some((_, role)) => ("#ffe08a", format!("node {v}: {}", escape(role))),
            None => ("#fff", format!("node {v}")),
        };
        let _ = writeln!(
            svg,
            "<g data-node=\"{v}\"><title>{title}</title><circle cx=\"{x:.1}\" cy=\"{y:.1}\" \
             r=\"14\" fill=\"{fill}\" stroke=\"#333\" stroke-width=\"1.5\"/><text x=\"{x:.1}\" \
             y=\"{y:.1}\" text-anchor=\"middle\" dominant-baseline=\"central\" \
             font-size=\"13\">{v}</text></g>"
        );
    }
    svg.push_str("</svg>");
    let roles: Vec<String> = graph
        .marks
        .iter()
        .map(|(node, role)| format!("{node} {}", escape(role)))
        .collect();
    let roles = if roles.is_empty() {
        String::new()
    } else {
        format!(" ({})", roles.join(", "))
    };
    format!(
        "<figure class=\"graph\" data-nodes=\"{}\" data-edges=\"{}\">\n{svg}\n<figcaption>The \
         graph: {} nodes, {} edges{roles}: {}.</figcaption>\n</figure>\n",
        graph.nodes,
        graph.edges.len(),
        graph.nodes,
        graph.edges.len(),
        graph.edge_list()
    )
}

/// `1234567` as `1,234,567`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Text for HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_and_style_can_be_inlined() {
        // An inline script ends at the first `</script`, a style at `</style`.
        assert!(!APP_JS.to_ascii_lowercase().contains("</script"));
        assert!(!STYLE_CSS.to_ascii_lowercase().contains("</style"));
        assert!(INDEX_HTML.contains(TRACE_BEGIN) && INDEX_HTML.contains(TRACE_END));
    }

    #[test]
    fn numbers_and_text() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(2000), "2,000");
        assert_eq!(thousands(770_565), "770,565");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
