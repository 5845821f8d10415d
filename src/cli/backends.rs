//! `gamesolve backends`: the backends gamesolve knows, which this build has,
//! and what each is for.

use comfy_table::{presets, ContentArrangement, Table};
use gamesolve::Backend;
use serde::Serialize;

use super::error::Stop;
use super::{write_json, write_text};

/// One backend in `--json` output.
#[derive(Serialize)]
struct Entry {
    name: &'static str,
    available: bool,
    default: bool,
    summary: &'static str,
}

/// Runs `gamesolve backends`.
pub fn run(json: bool) -> Result<(), Stop> {
    let default = Backend::default();
    let entries: Vec<Entry> = Backend::PRIORITY
        .into_iter()
        .map(|b| Entry {
            name: b.name(),
            available: b.is_available(),
            default: b == default,
            summary: b.summary(),
        })
        .collect();
    if json {
        return write_json(&entries);
    }
    let mut table = Table::new();
    table
        .load_style(presets::NOTHING)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(100);
    for entry in &entries {
        let status = match (entry.available, entry.default) {
            (true, true) => "default".to_owned(),
            (true, false) => "available".to_owned(),
            (false, _) => format!("missing (enable cargo feature `{}`)", entry.name),
        };
        table.add_row([entry.name, &status, entry.summary]);
    }
    write_text(&format!(
        "{}\n\nPick one with --backend NAME; `gamesolve compare` runs them all.\n",
        table.trim_fmt()
    ))
}
