//! `gamesolve backends`: the backends gamesolve knows, which this build has,
//! and what each is for.

use comfy_table::{presets, ContentArrangement, Table};
use gamesolve::Backend;
use serde::Serialize;

use super::error::Stop;
use super::stdio::{write_json, write_text};
use super::table::GameTable;

/// One backend in `--json` output.
#[derive(Serialize)]
pub(crate) struct Entry {
    name: &'static str,
    available: bool,
    default: bool,
    summary: &'static str,
    /// The games it is the default backend for in this build.
    default_for: Vec<&'static str>,
    /// Its variants in this build, per game, the automatic choice of each game first.
    variants: Vec<VariantEntry>,
}

/// One variant in `--json` output: `--backend NAME/VARIANT` selects it.
#[derive(Serialize)]
struct VariantEntry {
    game: &'static str,
    name: &'static str,
    summary: &'static str,
}

/// The `--json` list, as bytes (for `serve`'s `/api/backends` and the embedding API).
pub fn json(games: &GameTable) -> Vec<u8> {
    serde_json::to_vec(&entries(games)).unwrap_or_else(|_| b"[]".to_vec())
}

/// Every backend gamesolve knows, in priority order.
pub(crate) fn entries(games: &GameTable) -> Vec<Entry> {
    Backend::PRIORITY
        .into_iter()
        .map(|b| {
            let default_for: Vec<&'static str> = games
                .entries()
                .filter(|e| e.default_backend() == b && b.is_available())
                .map(|e| e.info().name)
                .collect();
            (b, default_for)
        })
        .map(|(b, default_for)| Entry {
            name: b.name(),
            available: b.is_available(),
            default: !default_for.is_empty(),
            default_for,
            summary: b.summary(),
            variants: games
                .entries()
                .flat_map(|e| {
                    e.variants_of(b)
                        .into_iter()
                        .map(|(name, summary)| VariantEntry {
                            game: e.info().name,
                            name,
                            summary,
                        })
                })
                .collect(),
        })
        .collect()
}

/// Runs `gamesolve backends`.
pub fn run(games: &GameTable, json: bool) -> Result<(), Stop> {
    let entries = entries(games);
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
            (true, true) => format!("default for {}", entry.default_for.join(", ")),
            (true, false) => "available".to_owned(),
            (false, _) => format!("missing (enable cargo feature `{}`)", entry.name),
        };
        table.add_row([entry.name, &status, entry.summary]);
        for v in &entry.variants {
            table.add_row([
                format!("  {}/{}", entry.name, v.name),
                format!("  {}", v.game),
                v.summary.to_owned(),
            ]);
        }
    }
    write_text(&format!(
        "{}\n\nPick one with --backend NAME (its automatic choice, the first variant listed \
         for the game) or --backend NAME/VARIANT; `gamesolve compare` runs every backend, \
         `compare --variants` every variant.\n",
        table.trim_fmt()
    ))
}
