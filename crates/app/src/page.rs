//! The teaching page's assets and the trace it steps through, shared by `gamesolve serve`
//! (which sends them) and `gamesolve explain --html` (which writes them into one file that
//! needs no server).

use std::collections::HashMap;
use std::fmt::Write as _;

use gamesolve::explain::Explanation;
use gamesolve::Event;
use serde::Serialize;

use super::error::{CliError, Kind};
use super::report::CliGame;

/// The page, its script and its stylesheet, embedded in the binary.
pub const INDEX_HTML: &str = include_str!("serve/assets/index.html");
pub const APP_JS: &str = include_str!("serve/assets/app.js");
pub const STYLE_CSS: &str = include_str!("serve/assets/style.css");

/// One event of a trace, as the page reads it.
#[derive(Serialize)]
pub struct TraceEvent {
    /// `enter`, `leave`, `memo_hit` or `cell`.
    kind: &'static str,
    /// The node: one id per distinct position, in order of first appearance.
    id: usize,
    /// The position as the game shows it.
    position: String,
    /// The value for the player to move (not on `enter`).
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<String>,
    /// The node whose call made this one (`enter`, `memo_hit`; none at the root).
    #[serde(skip_serializing_if = "Option::is_none")]
    parent: Option<usize>,
    /// Calls below the root.
    depth: usize,
}

/// The answer of `/api/trace`.
#[derive(Serialize)]
pub struct TraceReply<R: Serialize> {
    game: &'static str,
    backend: &'static str,
    variant: &'static str,
    /// The answer in words.
    headline: String,
    /// The batch contract object of the answer, with the counters.
    answer: R,
    /// "positions expanded X vs distinct states Y".
    summary: String,
    /// `tree` (recursive, memo), `table` (tabular), `settled` (no search), `own` (a backend
    /// that walks no positions; `note` says what it did).
    view: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    distinct_states: usize,
    total_events: u64,
    truncated: bool,
    events: Vec<TraceEvent>,
}

/// The trace of an explanation as the page reads it (`/api/trace`'s answer): the first
/// `max_events` events, with how many there were.
pub fn trace_json<G: CliGame>(e: &Explanation<G>, max_events: usize) -> Result<Vec<u8>, CliError> {
    let game = e.game();
    let kept = e.trace().events();
    let sent = &kept[..kept.len().min(max_events)];
    let mut ids: HashMap<G::Position, usize> = HashMap::new();
    let mut stack: Vec<usize> = Vec::new();
    let mut events = Vec::with_capacity(sent.len());
    for event in sent {
        let position = event.position();
        let next = ids.len();
        let id = *ids.entry(position).or_insert(next);
        // `Event` is non-exhaustive: a kind added later shows as a leaf with no value.
        let (kind, value, parent) = match *event {
            Event::Enter(..) => ("enter", None, stack.last().copied()),
            Event::Leave(_, v) => ("leave", Some(v.to_string()), None),
            Event::MemoHit(_, v) => ("memo_hit", Some(v.to_string()), stack.last().copied()),
            Event::Cell(_, v) => ("cell", Some(v.to_string()), None),
            _ => ("other", None, None),
        };
        if matches!(event, Event::Leave(..)) {
            stack.pop();
        }
        events.push(TraceEvent {
            kind,
            id,
            position: game.show_position(position),
            value,
            parent,
            depth: stack.len(),
        });
        if matches!(event, Event::Enter(..)) {
            stack.push(id);
        }
    }
    // The view keeps the 200 lines it shows (within the default cap); a refusal is the note.
    let note = game
        .own_view(
            e.backend(),
            200,
            &gamesolve::explain::ExplainLimits::default(),
        )
        .map(|view| view.unwrap_or_else(|refused| format!("{refused}\n")));
    let view = if note.is_some() {
        "own"
    } else if e.is_settled() {
        "settled"
    } else if e.is_table() {
        "table"
    } else {
        "tree"
    };
    let total_events = kept.len() as u64 + e.trace().dropped();
    let reply = TraceReply {
        game: G::NAME,
        backend: e.backend(),
        variant: e.variant(),
        headline: game.headline(e.answer()),
        answer: game.report(e.answer(), e.backend(), e.variant(), e.kernel(), *e.stats()),
        summary: e.summary(),
        view,
        note,
        distinct_states: e.trace().distinct_positions(),
        total_events,
        truncated: total_events > events.len() as u64,
        events,
    };
    serde_json::to_vec(&reply)
        .map_err(|e| CliError::new(Kind::Io, format!("cannot write the trace: {e}")))
}

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
    let title = format!(
        "gamesolve explain: {} ({}/{})",
        G::NAME,
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
