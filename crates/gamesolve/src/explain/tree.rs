//! The call tree rebuilt from a run's events, and its text rendering.

use std::fmt::Write as _;

use crate::{Event, Game, GameEvent};

/// `take 3`: the move from `parent` to `child` as the game shows it (`move` when none leads
/// there).
pub(super) fn edge_label<G: Game>(game: &G, parent: G::Position, child: G::Position) -> String {
    game.move_between(parent, child)
        .map_or_else(|| "move".to_owned(), |mv| game.show_move(parent, mv))
}

/// A call of a recursive search, rebuilt from the events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Call<G: Game> {
    /// The position.
    pub node: G::Position,
    /// Its value, when the call finished.
    pub value: Option<G::Value>,
    /// Whether the memo answered it (no expansion).
    pub memo_hit: bool,
    /// Indices of the calls it made, in order.
    pub children: Vec<usize>,
    /// Calls in its subtree, itself included.
    pub size: usize,
}

/// The calls of a search as a tree (indices into [`CallTree::calls`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallTree<G: Game> {
    /// Every call, in the order the calls were made (a preorder).
    pub calls: Vec<Call<G>>,
    /// The top-level calls (one root for a complete search).
    pub roots: Vec<usize>,
}

impl<G: Game> CallTree<G> {
    /// Rebuilds the tree from `Enter`/`Leave`/`MemoHit` events (cells are
    /// ignored); a truncated trace gives a truncated tree.
    ///
    /// ```
    /// use gamesolve::explain::CallTree;
    /// use gamesolve::{CanIWin, Verdict, core_types::Event};
    ///
    /// let (root, child) = (0, 1);
    /// let tree = CallTree::<CanIWin>::from_events(&[
    ///     Event::Enter(root),
    ///     Event::MemoHit(child, Verdict::Win),
    ///     Event::Leave(root, Verdict::Loss),
    /// ]);
    /// assert_eq!(tree.roots, vec![0]);
    /// assert_eq!(tree.calls[0].size, 2);
    /// assert!(tree.calls[1].memo_hit);
    /// ```
    pub fn from_events(events: &[GameEvent<G>]) -> Self {
        let mut tree = CallTree {
            calls: Vec::new(),
            roots: Vec::new(),
        };
        let mut stack: Vec<usize> = Vec::new();
        let attach = |tree: &mut CallTree<G>, stack: &[usize], call: Call<G>| {
            let index = tree.calls.len();
            tree.calls.push(call);
            match stack.last() {
                Some(&parent) => tree.calls[parent].children.push(index),
                None => tree.roots.push(index),
            }
            index
        };
        for event in events {
            match *event {
                Event::Enter(node) => {
                    let call = Call {
                        node,
                        value: None,
                        memo_hit: false,
                        children: Vec::new(),
                        size: 1,
                    };
                    let index = attach(&mut tree, &stack, call);
                    stack.push(index);
                }
                Event::Leave(_, value) => {
                    if let Some(index) = stack.pop() {
                        tree.calls[index].value = Some(value);
                    }
                }
                Event::MemoHit(node, value) => {
                    let call = Call {
                        node,
                        value: Some(value),
                        memo_hit: true,
                        children: Vec::new(),
                        size: 1,
                    };
                    attach(&mut tree, &stack, call);
                }
                _ => {}
            }
        }
        // Sizes bottom-up: children always come after their parent.
        for index in (0..tree.calls.len()).rev() {
            let size: usize = tree.calls[index]
                .children
                .iter()
                .map(|&c| tree.calls[c].size)
                .sum();
            tree.calls[index].size += size;
        }
        tree
    }
}

pub(super) struct TreeWriter<'a, G: Game> {
    pub(super) game: &'a G,
    pub(super) tree: &'a CallTree<G>,
    pub(super) text: String,
    pub(super) lines: usize,
    pub(super) max_lines: usize,
    pub(super) max_depth: usize,
    /// Calls not shown because of the line cap.
    pub(super) cut: usize,
}

impl<G: Game> TreeWriter<'_, G> {
    fn line(&mut self, line: String) -> bool {
        if self.lines >= self.max_lines {
            return false;
        }
        self.lines += 1;
        self.text.push_str(&line);
        self.text.push('\n');
        true
    }

    /// Writes the call `index` and its subtree, depth-limited and line-capped.
    ///
    /// Iterative (an explicit stack of the open calls and one shared prefix string), so a
    /// call tree as deep as the search (thousands of levels for a long row) needs no more
    /// stack than a shallow one.
    pub(super) fn node(
        &mut self,
        index: usize,
        parent: Option<G::Position>,
        lead: &str,
        rest: &str,
        depth: usize,
    ) {
        let tree = self.tree;
        // The prefix of the lines below the top open call (its `rest`).
        let mut prefix = String::from(rest);
        // The open calls: (index, next child to write, length of its `rest` in `prefix`).
        let mut open: Vec<(usize, usize, usize)> = Vec::new();
        if self.one(index, parent, lead, &prefix, depth) {
            open.push((index, 0, prefix.len()));
        }
        while let Some(top) = open.last_mut() {
            let (call_index, k, rest_len) = *top;
            let call = &tree.calls[call_index];
            let Some(&child) = call.children.get(k) else {
                open.pop();
                continue;
            };
            top.1 += 1;
            prefix.truncate(rest_len);
            let last = k + 1 == call.children.len();
            let (branch, continuation) = if last {
                ("└─ ", "   ")
            } else {
                ("├─ ", "│  ")
            };
            let lead = format!("{prefix}{branch}");
            prefix.push_str(continuation);
            let child_depth = depth + open.len();
            if self.one(child, Some(call.node), &lead, &prefix, child_depth) {
                open.push((child, 0, prefix.len()));
            }
        }
    }

    /// Writes the line of call `index` (and the depth-limit note below it when its children
    /// are not shown); true when its children are to be written next.
    fn one(
        &mut self,
        index: usize,
        parent: Option<G::Position>,
        lead: &str,
        rest: &str,
        depth: usize,
    ) -> bool {
        let call = &self.tree.calls[index];
        let mut line = String::from(lead);
        if let Some(parent) = parent {
            let _ = write!(line, "{} → ", edge_label(self.game, parent, call.node));
        }
        line.push_str(&self.game.show_position(call.node));
        match call.value {
            Some(value) => {
                let _ = write!(line, ": {value}");
            }
            None => line.push_str(": (unfinished)"),
        }
        if call.memo_hit {
            line.push_str("   [memo hit]");
        }
        if !self.line(line) {
            self.cut += call.size;
            return false;
        }
        if call.children.is_empty() {
            return false;
        }
        if depth >= self.max_depth {
            let below = call.size - 1;
            let note = format!(
                "{rest}└─ … {below} {} below (depth limit {})",
                if below == 1 { "call" } else { "calls" },
                self.max_depth
            );
            if !self.line(note) {
                self.cut += below;
            }
            return false;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CanIWin, Verdict};

    fn game() -> CanIWin {
        CanIWin::new(3, 4).expect("a valid game")
    }

    #[test]
    fn events_nest_into_calls_with_subtree_sizes() {
        let tree = CallTree::<CanIWin>::from_events(&[
            Event::Enter(0),
            Event::Enter(0b001),
            Event::MemoHit(0b011, Verdict::Win),
            Event::Leave(0b001, Verdict::Loss),
            Event::Enter(0b010),
            Event::Leave(0b010, Verdict::Win),
            Event::Leave(0, Verdict::Win),
        ]);
        assert_eq!(tree.roots, vec![0]);
        assert_eq!(tree.calls[0].children, vec![1, 3]);
        assert_eq!(tree.calls[0].size, 4);
        assert_eq!(tree.calls[1].size, 2);
        assert!(tree.calls[2].memo_hit);
        assert_eq!(tree.calls[3].value, Some(Verdict::Win));
    }

    #[test]
    fn a_cut_trace_leaves_unfinished_calls() {
        let tree = CallTree::<CanIWin>::from_events(&[Event::Enter(0), Event::Enter(1)]);
        assert_eq!(tree.calls.len(), 2);
        assert!(tree.calls.iter().all(|c| c.value.is_none()));
    }

    #[test]
    fn edges_read_as_the_game_shows_its_moves() {
        assert_eq!(edge_label(&game(), 0b001, 0b101), "take 3");
        // Not one move apart: no move leads there.
        assert_eq!(edge_label(&game(), 0b001, 0b110), "move");
    }

    #[test]
    fn the_writer_cuts_by_depth_and_by_lines() {
        let game = game();
        let tree = CallTree::<CanIWin>::from_events(&[
            Event::Enter(0),
            Event::Enter(0b001),
            Event::Enter(0b011),
            Event::Leave(0b011, Verdict::Loss),
            Event::Leave(0b001, Verdict::Win),
            Event::Leave(0, Verdict::Loss),
        ]);
        let mut writer = TreeWriter {
            game: &game,
            tree: &tree,
            text: String::new(),
            lines: 0,
            max_lines: 10,
            max_depth: 1,
            cut: 0,
        };
        writer.node(0, None, "", "", 0);
        assert_eq!(
            writer.text,
            "{} total 0: loses\n└─ take 1 → {1} total 1: wins\n   └─ … 1 call below (depth limit 1)\n"
        );
        let mut writer = TreeWriter {
            game: &game,
            tree: &tree,
            text: String::new(),
            lines: 0,
            max_lines: 1,
            max_depth: 9,
            cut: 0,
        };
        writer.node(0, None, "", "", 0);
        assert_eq!(writer.cut, 2);
    }
}
