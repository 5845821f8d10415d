//! The rounds of a retrograde pass, read back from the cells it decided in order: round 0 the
//! terminal positions, round `k` the positions decided by a move into round `k - 1`, and the
//! positions never decided (endless play: draws in a loopy win/lose game).

use std::collections::HashMap;
use std::fmt::Write as _;

use super::dot::{dot_cut_note, dot_header, quoted};
use crate::{Game, GameValue, Verdict};

/// One decided position of a retrograde pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decided<G: Game> {
    /// The position.
    pub position: G::Position,
    /// Its value for the player to move.
    pub value: G::Value,
    /// The move that decides it and the position it leads to (`None` for a terminal one).
    pub by: Option<(G::Move, G::Position)>,
    /// The terminal position perfect play from it ends in.
    pub ends_at: G::Position,
}

/// A retrograde pass, round by round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rounds<G: Game> {
    /// `rounds[k]`: the positions decided in round `k` (= their remoteness), in pass order.
    pub rounds: Vec<Vec<Decided<G>>>,
    /// The positions never decided, with their value (a draw).
    pub endless: Vec<(G::Position, G::Value)>,
}

/// The rounds of the retrograde pass that decided `cells` in this order (a traced
/// `tabular/retrograde` solve's [`Event::Cell`](crate::Event::Cell)s).
///
/// # Complexity
///
/// `O(S · m)` game calls and one hash-map entry per cell, for `S` cells of `m` moves each.
pub fn retrograde_rounds<G: Game>(game: &G, cells: &[(G::Position, G::Value)]) -> Rounds<G> {
    // Each decided position's round and the terminal position it ends at.
    let mut known: HashMap<G::Position, (G::Value, u32, G::Position)> = HashMap::new();
    let mut rounds: Vec<Vec<Decided<G>>> = Vec::new();
    let mut endless = Vec::new();
    for &(position, value) in cells {
        let decided = if game.terminal_value(position).is_some() {
            Some((0, None, position))
        } else {
            decided_by(game, position, value, &known)
        };
        match decided {
            Some((round, by, ends_at)) => {
                known.insert(position, (value, round, ends_at));
                let slot = round as usize;
                if rounds.len() <= slot {
                    rounds.resize_with(slot + 1, Vec::new);
                }
                rounds[slot].push(Decided {
                    position,
                    value,
                    by,
                    ends_at,
                });
            }
            None => endless.push((position, value)),
        }
    }
    Rounds { rounds, endless }
}

/// The round of `position` worth `value`, the move that decides it and where play ends: a win
/// by its quickest winning move into a decided position, anything else when every move leads
/// to a decided position (by the slowest); `None` when it was never decided.
#[allow(clippy::type_complexity)]
fn decided_by<G: Game>(
    game: &G,
    position: G::Position,
    value: G::Value,
    known: &HashMap<G::Position, (G::Value, u32, G::Position)>,
) -> Option<(u32, Option<(G::Move, G::Position)>, G::Position)> {
    let is_win = value.verdict() == Verdict::Win;
    let mut best: Option<(u32, G::Move, G::Position, G::Position)> = None;
    for mv in game.moves(position) {
        let child = game.play(position, mv);
        match known.get(&child) {
            Some(&(reply, round, ends_at)) => {
                if is_win && game.move_value(position, mv, reply) != value {
                    continue;
                }
                let better = best.is_none_or(|(r, ..)| if is_win { round < r } else { round > r });
                if better {
                    best = Some((round, mv, child, ends_at));
                }
            }
            None if !is_win => return None,
            None => {}
        }
    }
    best.map(|(round, mv, child, ends_at)| (round + 1, Some((mv, child)), ends_at))
}

impl<G: Game> Rounds<G> {
    /// The rounds as Graphviz DOT: one cluster per round (round 0 the terminal positions), one
    /// for the positions never decided, an edge from each decided position along the move
    /// that decided it; at most `max_nodes` nodes.
    pub fn dot(&self, game: &G, title: &str, max_nodes: usize) -> String {
        let mut text = dot_header(
            title,
            "retrograde rounds: round 0 the terminal positions, round k decided by a move into \
             round k-1; the positions never decided are draws",
        );
        let mut ids: HashMap<G::Position, usize> = HashMap::new();
        let total = self.rounds.iter().map(Vec::len).sum::<usize>() + self.endless.len();
        let mut node = |text: &mut String, position: G::Position, value: G::Value| {
            if ids.len() >= max_nodes {
                return;
            }
            let id = ids.len();
            ids.insert(position, id);
            let _ = writeln!(
                text,
                "    p{id} [label={}, fillcolor={}];",
                quoted(&format!("{}\n{value}", game.show_position(position))),
                value.colour()
            );
        };
        for (round, positions) in self.rounds.iter().enumerate() {
            let _ = writeln!(text, "  subgraph cluster_round_{round} {{");
            let what = if round == 0 { " (terminal)" } else { "" };
            let _ = writeln!(
                text,
                "    label={};",
                quoted(&format!("round {round}{what}"))
            );
            for d in positions {
                node(&mut text, d.position, d.value);
            }
            text.push_str("  }\n");
        }
        if !self.endless.is_empty() {
            text.push_str("  subgraph cluster_never {\n    label=\"never decided: draws\";\n");
            for &(position, value) in &self.endless {
                node(&mut text, position, value);
            }
            text.push_str("  }\n");
        }
        for d in self.rounds.iter().flatten() {
            let Some((mv, child)) = d.by else { continue };
            if let (Some(from), Some(to)) = (ids.get(&d.position), ids.get(&child)) {
                let _ = writeln!(
                    text,
                    "  p{from} -> p{to} [label={}];",
                    quoted(&game.show_move(d.position, mv))
                );
            }
        }
        dot_cut_note(&mut text, ids.len(), total);
        text.push_str("}\n");
        text
    }

    /// The rounds as text, at most `max_lines` position lines.
    pub fn text(&self, game: &G, max_lines: usize) -> String {
        let mut text = String::new();
        let decided: usize = self.rounds.iter().map(Vec::len).sum();
        let _ = writeln!(
            text,
            "Retrograde analysis: {decided} positions decided in {} rounds, backwards from the \
             end (round 0: the terminal positions; round k: decided by a move into round k-1, a \
             win as soon as one move wins, anything else once every move is decided), and {} \
             never decided:",
            self.rounds.len(),
            self.endless.len()
        );
        let mut lines = 0;
        let mut cut = |text: &mut String, left: usize| {
            if lines >= max_lines {
                let _ = writeln!(text, "    … {left} more (raise --max-lines)");
                true
            } else {
                lines += 1;
                false
            }
        };
        for (round, positions) in self.rounds.iter().enumerate() {
            let what = if round == 0 { ", terminal" } else { "" };
            let _ = writeln!(
                text,
                "  round {round} ({} positions{what}):",
                positions.len()
            );
            for (k, d) in positions.iter().enumerate() {
                if cut(&mut text, positions.len() - k) {
                    break;
                }
                let _ = write!(text, "    {}  {}", game.show_position(d.position), d.value);
                if let Some((mv, child)) = d.by {
                    let _ = write!(
                        text,
                        "  by {} -> {}; ends at {}",
                        game.show_move(d.position, mv),
                        game.show_position(child),
                        game.show_position(d.ends_at)
                    );
                }
                text.push('\n');
            }
        }
        let _ = writeln!(
            text,
            "  never decided ({} positions: neither player can force an end from them, so \
             perfect play goes on forever: {}):",
            self.endless.len(),
            G::Value::endless().map_or_else(|| "no value".to_owned(), |v| v.to_string())
        );
        for (k, (position, _)) in self.endless.iter().enumerate() {
            if cut(&mut text, self.endless.len() - k) {
                break;
            }
            let _ = writeln!(text, "    {}", game.show_position(*position));
        }
        text
    }
}
