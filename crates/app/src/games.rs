//! `gamesolve games`: the games of the table, with their parameters, rules and examples (the
//! same list as `serve`'s `GET /api/games`).

use std::fmt::Write as _;

use gamesolve::games::{GameInfo, ParamKind};
use serde::Serialize;

use super::error::Stop;
use super::program::program;
use super::stdio::{write_json, write_text};
use super::table::GameTable;

/// One game of the `--json` list: its row of the table, and whether it has a growth picture.
#[derive(Serialize)]
pub(crate) struct Listed {
    #[serde(flatten)]
    info: &'static GameInfo,
    /// Whether the game gives sizes to grow over ([`TableGame::GROWTH`]): `serve`'s page
    /// offers "How the work grows" only then.
    ///
    /// [`TableGame::GROWTH`]: gamesolve::games::TableGame::GROWTH
    growth: bool,
}

/// The `--json` list, as bytes (for the embedding API).
pub fn json(games: &GameTable) -> Vec<u8> {
    serde_json::to_vec(&list(games)).unwrap_or_else(|_| b"[]".to_vec())
}

/// The `--json` list, typed (`serve`'s `/api/games` replies with it).
pub(crate) fn list(games: &GameTable) -> Vec<Listed> {
    games
        .entries()
        .map(|e| Listed {
            info: e.info(),
            growth: e.grows(),
        })
        .collect()
}

fn infos(games: &GameTable) -> Vec<&'static GameInfo> {
    games.infos().collect()
}

/// Runs `gamesolve games`.
pub fn run(games: &GameTable, json: bool) -> Result<(), Stop> {
    let infos = infos(games);
    if json {
        return write_json(&list(games));
    }
    let mut text = String::new();
    for info in infos {
        let words: Vec<String> = info
            .params
            .iter()
            .map(|p| match p.kind {
                ParamKind::Integer { .. } => p.value_name.to_owned(),
                ParamKind::Values => format!("[{}...]", p.value_name),
                ParamKind::Graph => format!("--{} {}", p.name, p.value_name),
                ParamKind::Text => format!("[--{} {}]", p.name, p.value_name),
            })
            .collect();
        let _ = writeln!(text, "{} {}", info.name, words.join(" "));
        let _ = writeln!(text, "  {}", info.summary);
        for param in info.params {
            let range = match param.kind {
                ParamKind::Integer { min, max } => format!(" ({min}..={max})"),
                ParamKind::Values | ParamKind::Graph | ParamKind::Text => String::new(),
            };
            let _ = writeln!(text, "  {}{range}: {}", param.value_name, param.help);
        }
        for example in info.examples {
            let _ = writeln!(text, "  e.g. {} {} {example}", program(), info.name);
        }
        text.push('\n');
    }
    let _ = writeln!(
        text,
        "`{} GAME --help` shows a game's flags; `--json` gives this list with each game's rules.",
        program()
    );
    write_text(&crate::term::fit(&text))
}
