//! The teaching page's assets and the trace it steps through, shared by `gamesolve serve`
//! (which sends them) and `gamesolve explain --html` (which writes them into one file that
//! needs no server).

use std::fmt::Write as _;

use gamesolve::explain::Explanation;

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
pub fn export_html<G: CliGame>(e: &Explanation<G>, max_events: usize) -> Result<String, CliError> {
    let json = trace_json(e, max_events)?;
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
         <body class=\"offline\">\n<header>\n<h1>{title}</h1>\n<p>{headline}</p>\n{cut}</header>\n\
         <main>\n{section}</main>\n\
         <footer>Written by <code>gamesolve explain --html</code>: the step-through view of \
         <code>gamesolve serve</code>, with the trace inside this file.</footer>\n\
         <script type=\"application/json\" id=\"trace-data\">{json}</script>\n\
         <script>\n{APP_JS}</script>\n</body>\n</html>\n",
        title = escape(&title),
    );
    Ok(html)
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
