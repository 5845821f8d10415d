//! The trace the teaching page steps through: the answer of `/api/trace` and the data inside
//! `explain --html`'s file ([`trace_json`]), built from an [`Explanation`].

use std::collections::HashMap;

use serde::Serialize;

use super::error::{ErrorReport, Kind};
use crate::explain::{Explanation, TableCell, TableLayout};
use crate::{Event, GameValue, TableGame, Verdict};

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
    /// `win`, `lose` or `draw` for the player to move, with the value.
    #[serde(skip_serializing_if = "Option::is_none")]
    verdict: Option<Verdict>,
    /// The value as a number (a margin), for a scoring game.
    #[serde(skip_serializing_if = "Option::is_none")]
    amount: Option<i128>,
    /// Where the position sits in the game's table (`cell`, `leave` and `memo_hit` events of
    /// a game with a [`TableLayout`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    cell: Option<TableCell>,
    /// The keys of the cells this cell's value is read from (`cell` events).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    reads: Vec<String>,
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
    /// "positions expanded X vs distinct positions Y".
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
    /// The game's table shape, when it has one ([`TableView::table_layout`](crate::explain::TableView::table_layout)).
    #[serde(skip_serializing_if = "Option::is_none")]
    table: Option<TableLayout>,
    /// The `own` view as data to draw (the `reduction` backend's row and merges,
    /// [`TableView::own_view_data`](crate::explain::TableView::own_view_data)).
    #[serde(skip_serializing_if = "Option::is_none")]
    own_data: Option<serde_json::Value>,
}

/// The trace of an explanation as the page reads it (`/api/trace`'s answer): the first
/// `max_events` events, with how many there were.
///
/// # Errors
///
/// An `io` [`ErrorReport`] if the trace cannot be written as JSON.
pub fn trace_json<G: TableGame>(
    e: &Explanation<G>,
    max_events: usize,
) -> Result<Vec<u8>, ErrorReport> {
    let game = e.game();
    let kept = e.trace().events();
    let sent = &kept[..kept.len().min(max_events)];
    let mut ids: HashMap<G::Position, usize> = HashMap::new();
    let mut stack: Vec<usize> = Vec::new();
    let mut events = Vec::with_capacity(sent.len());
    let layout = game.table_layout();
    // A cell's storage slot says which cells a rolling row overwrites: true only of a
    // bottom-up pass over the game's own table, not of a memo (which keeps every cell) nor of
    // the generic retrograde pass (a table of every position).
    let rolling = e.is_table() && e.kernel() != "retrograde";
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
        let worth = match *event {
            Event::Leave(_, v) | Event::MemoHit(_, v) | Event::Cell(_, v) => Some(v),
            _ => None,
        };
        let cell = worth
            .and_then(|_| layout.as_ref().and(game.table_cell(position)))
            .map(|mut cell| {
                if !rolling {
                    cell.slot = None;
                }
                cell
            });
        let reads = if matches!(event, Event::Cell(..)) && cell.is_some() {
            game.dependencies(position)
                .into_iter()
                .filter_map(|p| game.table_cell(p).map(|c| c.key))
                .collect()
        } else {
            Vec::new()
        };
        events.push(TraceEvent {
            kind,
            id,
            position: game.show_position(position),
            value,
            parent,
            depth: stack.len(),
            verdict: worth.map(GameValue::verdict),
            amount: worth.and_then(GameValue::amount),
            cell,
            reads,
        });
        if matches!(event, Event::Enter(..)) {
            stack.push(id);
        }
    }
    // The view keeps the 200 lines it shows (within the default cap); a refusal is the note.
    let note = game
        .own_view(e.backend(), 200, &crate::explain::ExplainLimits::default())
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
        table: layout,
        own_data: game.own_view_data(e.backend(), 200, &crate::explain::ExplainLimits::default()),
    };
    serde_json::to_vec(&reply)
        .map_err(|e| ErrorReport::new(Kind::Io, format!("cannot write the trace: {e}")))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::explain::{explain, ExplainLimits};
    use crate::{Backend, BackendChoice, CanIWin, SolverConfig};

    /// The fields in the order the page reads them; enter/leave nest by `parent` and `depth`.
    #[test]
    fn trace_of_a_small_game() {
        if !Backend::Memo.is_available() {
            return;
        }
        let game = CanIWin::new(6, 10).unwrap();
        let choice = BackendChoice::automatic(Backend::Memo);
        let e = explain(
            &game,
            &choice,
            &SolverConfig::default(),
            &ExplainLimits::default(),
        )
        .unwrap();
        let bytes = trace_json(&e, 3).unwrap();
        let text = std::str::from_utf8(&bytes).unwrap();
        let keys = [
            "game",
            "backend",
            "variant",
            "headline",
            "answer",
            "summary",
            "view",
            "distinct_states",
            "total_events",
            "truncated",
            "events",
        ];
        let at: Vec<usize> = keys
            .iter()
            .map(|k| text.find(&format!("\"{k}\":")).unwrap())
            .collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{text}");
        let json: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(json["game"], "can-i-win");
        assert_eq!(json["view"], "tree", "{text}");
        assert_eq!(json["truncated"], true, "{text}");
        let events = json["events"].as_array().unwrap();
        assert_eq!(events.len(), 3);
        assert_eq!(events[0]["kind"], "enter");
        assert_eq!(events[0]["depth"], 0);
        assert!(events[0].get("parent").is_none());
        assert_eq!(events[1]["parent"], events[0]["id"]);
    }
}
