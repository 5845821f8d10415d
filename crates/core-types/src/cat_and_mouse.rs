//! Cat and Mouse (LeetCode 913): a chase on an undirected graph whose positions repeat.
//!
//! The graph has nodes `0..n`, given as adjacency lists. The Mouse starts at node 1 and moves
//! first, the Cat starts at node 2; node 0 is the hole, which the Cat may never enter. Each
//! player in turn must move along an edge from their node. The Cat wins when it stands on the
//! Mouse's node; the Mouse wins when it reaches the hole; when a position (both nodes and whose
//! turn it is) repeats, the game is a draw.
//!
//! # Exact semantics
//!
//! The repetition rule is LeetCode's; under perfect play it gives the same answers as "a game
//! that never ends is a draw", which is what the game's [`Game`] implementation states (a
//! position is the two nodes and the player to move, and no position is terminal because it
//! repeated) and what retrograde analysis computes: positions from which neither player can
//! force an end are draws ([`Verdict::endless`](crate::GameValue::endless)). Because positions
//! repeat, a plain recursive search does not terminate on this game, and a memo that marks a
//! position "in progress" gives wrong answers: only the bottom-up `tabular/retrograde` solves
//! it.
//!
//! [`Outcome::FirstPlayerWins`] is a Mouse win, [`Outcome::SecondPlayerWins`] a Cat win;
//! [`CatAndMouseSolution::cat_mouse_game`] gives LeetCode's number (1, 2, 0).
//!
//! # Validation
//!
//! [`CatAndMouse::new`] refuses, naming the node: fewer than 3 nodes; a neighbour out of range;
//! a self-loop; a neighbour listed twice; an edge listed one way only; node 1 without a
//! neighbour (the Mouse could never move), node 2 without a neighbour other than the hole (the
//! Cat could never move). Every position reachable from the start then has a move.
//!
//! ```
//! use gamesolve::{CatAndMouse, Game, Outcome};
//!
//! let game = CatAndMouse::new(vec![vec![1, 3], vec![0], vec![3], vec![0, 2]])?;
//! assert_eq!(game.position_count_u64(), 2 * 4 * 4);
//! assert_eq!(game.show_position(game.start()), "mouse 1, cat 2, mouse to move");
//! assert_eq!(game.moves(game.start()), vec![0]);
//! let err = CatAndMouse::new(vec![vec![1], vec![0], vec![0]]).unwrap_err();
//! assert!(err.to_string().contains("node 2"), "{err}");
//! # Ok::<(), gamesolve::Error>(())
//! ```

use std::fmt;

use serde::Serialize;

use crate::{Error, Game, Outcome, Verdict};

/// Which animal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Animal {
    /// The Mouse: moves first, from node 1; wins at the hole, node 0.
    Mouse,
    /// The Cat: moves second, from node 2; never enters the hole; wins on the Mouse's node.
    Cat,
}

impl Animal {
    /// `mouse` or `cat`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Animal::Mouse => "mouse",
            Animal::Cat => "cat",
        }
    }

    /// The other animal.
    pub const fn other(self) -> Animal {
        match self {
            Animal::Mouse => Animal::Cat,
            Animal::Cat => Animal::Mouse,
        }
    }
}

impl fmt::Display for Animal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A position of the chase: both nodes and the animal to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Chase {
    /// The Mouse's node.
    pub mouse: u32,
    /// The Cat's node.
    pub cat: u32,
    /// Who moves next.
    pub to_move: Animal,
}

/// The answer: who wins under perfect play, LeetCode's number, and the Mouse's first move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct CatAndMouseSolution {
    /// `first` = the Mouse wins, `second` = the Cat wins, `draw`.
    pub outcome: Outcome,
    /// The node the Mouse moves to first: the first (smallest in the graph's order) of its
    /// best moves; `None` when the game could not start, and when the Mouse loses whatever it
    /// plays (no move is better than another).
    pub best_move: Option<u32>,
}

impl CatAndMouseSolution {
    /// LeetCode 913's answer: 1 when the Mouse wins, 2 when the Cat wins, 0 for a draw.
    pub const fn cat_mouse_game(&self) -> u8 {
        match self.outcome {
            Outcome::FirstPlayerWins => 1,
            Outcome::SecondPlayerWins => 2,
            Outcome::Draw => 0,
        }
    }
}

/// A validated Cat and Mouse graph; see the [module docs](self).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CatAndMouse {
    /// The adjacency lists as given.
    graph: Vec<Vec<u32>>,
    /// CSR: node `v`'s neighbours are `neighbours[offsets[v]..offsets[v + 1]]`.
    offsets: Vec<u32>,
    neighbours: Vec<u32>,
    /// The number of undirected edges.
    edges: u64,
}

/// An [`Error::InvalidParameter`] about the graph.
fn bad(message: String) -> Error {
    Error::InvalidParameter {
        field: "graph".to_owned(),
        value: String::new(),
        fault: crate::error::ParamFault::Rule {
            sentence: format!("graph: {message}"),
        },
    }
}

impl CatAndMouse {
    /// The fewest nodes a graph has: the hole, the Mouse's and the Cat's.
    pub const MIN_NODES: usize = 3;
    /// The hole.
    pub const HOLE: u32 = 0;
    /// The Mouse's start.
    pub const MOUSE_START: u32 = 1;
    /// The Cat's start.
    pub const CAT_START: u32 = 2;

    /// A game on the graph with these adjacency lists (node `v`'s neighbours at `graph[v]`).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidParameter`] naming the node, as the [module docs](self) list.
    pub fn new(graph: Vec<Vec<u32>>) -> Result<Self, Error> {
        let n = graph.len();
        if n < Self::MIN_NODES {
            return Err(bad(format!(
                "{n} nodes is too few: a graph needs at least 3 (the hole 0, the Mouse's start \
                 1 and the Cat's start 2)"
            )));
        }
        if u32::try_from(n).is_err() {
            return Err(bad(format!("{n} nodes is too many: at most {}", u32::MAX)));
        }
        let mut seen = vec![u32::MAX; n];
        for (v, list) in graph.iter().enumerate() {
            for &w in list {
                if w as usize >= n {
                    return Err(bad(format!(
                        "node {v} has neighbour {w}, out of range: nodes are 0..={}",
                        n - 1
                    )));
                }
                if w as usize == v {
                    return Err(bad(format!(
                        "node {v} lists itself: self-loops are not allowed"
                    )));
                }
                if seen[w as usize] == v as u32 {
                    return Err(bad(format!("node {v} lists neighbour {w} twice")));
                }
                seen[w as usize] = v as u32;
            }
        }
        // Every edge both ways: sort each list's copy and look the reverse up.
        let mut sorted = graph.clone();
        for list in &mut sorted {
            list.sort_unstable();
        }
        for (v, list) in graph.iter().enumerate() {
            for &w in list {
                if sorted[w as usize].binary_search(&(v as u32)).is_err() {
                    return Err(bad(format!(
                        "node {v} lists neighbour {w}, but node {w} does not list {v}: the graph \
                         is undirected, so every edge is listed at both ends"
                    )));
                }
            }
        }
        if graph[Self::MOUSE_START as usize].is_empty() {
            return Err(bad(
                "node 1 (the Mouse's start) has no neighbour: the Mouse could never move"
                    .to_owned(),
            ));
        }
        if graph[Self::CAT_START as usize]
            .iter()
            .all(|&w| w == Self::HOLE)
        {
            return Err(bad(
                "node 2 (the Cat's start) has no neighbour but the hole (node 0), \
                 which the Cat may not enter: the Cat could never move"
                    .to_owned(),
            ));
        }
        let mut offsets = Vec::with_capacity(n + 1);
        let mut neighbours = Vec::new();
        offsets.push(0u32);
        for list in &graph {
            neighbours.extend_from_slice(list);
            let end = u32::try_from(neighbours.len())
                .map_err(|_| bad(format!("more than {} neighbours in all", u32::MAX)))?;
            offsets.push(end);
        }
        let edges = neighbours.len() as u64 / 2;
        Ok(CatAndMouse {
            graph,
            offsets,
            neighbours,
            edges,
        })
    }

    /// The number of nodes, `n`.
    pub fn nodes(&self) -> usize {
        self.graph.len()
    }

    /// The number of (undirected) edges.
    pub const fn edges(&self) -> u64 {
        self.edges
    }

    /// The adjacency lists as given.
    pub fn graph(&self) -> &[Vec<u32>] {
        &self.graph
    }

    /// The positions' count, `2 n²` (both nodes and whose turn), saturating.
    pub fn position_count_u64(&self) -> u64 {
        let n = self.nodes() as u64;
        n.saturating_mul(n).saturating_mul(2)
    }

    /// Node `v`'s neighbours, in the graph's order.
    pub fn neighbours(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.neighbours[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// The graph as JSON text, `[[2,5],[3],…]`.
    pub fn graph_json(&self) -> String {
        let lists: Vec<String> = self
            .graph
            .iter()
            .map(|l| {
                let items: Vec<String> = l.iter().map(u32::to_string).collect();
                format!("[{}]", items.join(","))
            })
            .collect();
        format!("[{}]", lists.join(","))
    }
}

/// The answer: who wins, and the mouse's best first move.
impl crate::SolutionOf<CatAndMouse> for CatAndMouseSolution {
    fn from_search(_game: &CatAndMouse, value: Verdict, best_move: Option<u32>) -> Self {
        // No move is named when the Mouse loses whatever it plays, as in every win/lose/draw
        // game's answer (docs/JSON.md); a draw names the move that keeps it.
        CatAndMouseSolution {
            outcome: value.outcome_for_first(),
            best_move: if value == Verdict::Loss {
                None
            } else {
                best_move
            },
        }
    }

    fn outcome(&self) -> Outcome {
        self.outcome
    }

    fn best_move(&self) -> Option<u32> {
        self.best_move
    }
}

impl Game for CatAndMouse {
    const NAME: &'static str = "cat-and-mouse";
    type Position = Chase;
    /// The node the animal to move moves to.
    type Move = u32;
    type Value = Verdict;
    type Solution = CatAndMouseSolution;

    fn start(&self) -> Chase {
        Chase {
            mouse: Self::MOUSE_START,
            cat: Self::CAT_START,
            to_move: Animal::Mouse,
        }
    }

    fn terminal_value(&self, p: Chase) -> Option<Verdict> {
        let winner = if p.mouse == p.cat {
            Animal::Cat
        } else if p.mouse == Self::HOLE {
            Animal::Mouse
        } else {
            return None;
        };
        Some(Verdict::from_wins(winner == p.to_move))
    }

    fn moves(&self, p: Chase) -> Vec<u32> {
        let mut out = Vec::new();
        self.moves_into(p, &mut out);
        out
    }

    fn moves_into(&self, p: Chase, out: &mut Vec<u32>) {
        out.clear();
        match p.to_move {
            Animal::Mouse => out.extend_from_slice(self.neighbours(p.mouse)),
            Animal::Cat => out.extend(
                self.neighbours(p.cat)
                    .iter()
                    .copied()
                    .filter(|&w| w != Self::HOLE),
            ),
        }
    }

    fn play(&self, p: Chase, to: u32) -> Chase {
        match p.to_move {
            Animal::Mouse => Chase {
                mouse: to,
                to_move: Animal::Cat,
                ..p
            },
            Animal::Cat => Chase {
                cat: to,
                to_move: Animal::Mouse,
                ..p
            },
        }
    }

    fn describe(&self) -> String {
        format!(
            "cat-and-mouse on {} nodes and {} edges",
            self.nodes(),
            self.edges
        )
    }

    fn show_position(&self, p: Chase) -> String {
        format!("mouse {}, cat {}, {} to move", p.mouse, p.cat, p.to_move)
    }

    fn show_move(&self, p: Chase, to: u32) -> String {
        format!("{} to {to}", p.to_move)
    }

    fn move_between(&self, parent: Chase, child: Chase) -> Option<u32> {
        let to = match parent.to_move {
            Animal::Mouse => (child.cat == parent.cat).then_some(child.mouse)?,
            Animal::Cat => (child.mouse == parent.mouse).then_some(child.cat)?,
        };
        (child.to_move != parent.to_move && self.moves(parent).contains(&to)).then_some(to)
    }
}

/// A position's index is `(turn · n + mouse) · n + cat` with the Mouse's turn 0: `2 n²`
/// indices, every one a position.
impl crate::Indexed for CatAndMouse {
    fn position_count(&self) -> u64 {
        self.position_count_u64()
    }

    fn index(&self, p: Chase) -> usize {
        let n = self.nodes();
        let turn = match p.to_move {
            Animal::Mouse => 0,
            Animal::Cat => 1,
        };
        (turn * n + p.mouse as usize) * n + p.cat as usize
    }

    fn position_at(&self, index: usize) -> Chase {
        let n = self.nodes();
        let (turn, rest) = (index / (n * n), index % (n * n));
        Chase {
            mouse: (rest / n) as u32,
            cat: (rest % n) as u32,
            to_move: if turn == 0 {
                Animal::Mouse
            } else {
                Animal::Cat
            },
        }
    }
}

/// The moves into a position come from the same neighbour lists, the graph being undirected:
/// with the Cat to move, the Mouse came from one of its node's neighbours; with the Mouse to
/// move, the Cat came from one of its node's neighbours other than the hole.
impl crate::Unmove for CatAndMouse {
    fn unmoves_into(&self, p: Chase, out: &mut Vec<(Chase, u32)>) {
        out.clear();
        match p.to_move {
            Animal::Cat => out.extend(self.neighbours(p.mouse).iter().map(|&from| {
                let parent = Chase {
                    mouse: from,
                    to_move: Animal::Mouse,
                    ..p
                };
                (parent, p.mouse)
            })),
            Animal::Mouse if p.cat != Self::HOLE => out.extend(
                self.neighbours(p.cat)
                    .iter()
                    .filter(|&&from| from != Self::HOLE)
                    .map(|&from| {
                        let parent = Chase {
                            cat: from,
                            to_move: Animal::Cat,
                            ..p
                        };
                        (parent, p.cat)
                    }),
            ),
            Animal::Mouse => {}
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::Indexed;

    #[test]
    fn each_malformed_graph_is_named() {
        let cases: [(Vec<Vec<u32>>, &str); 7] = [
            (vec![vec![1], vec![0]], "2 nodes is too few"),
            (
                vec![vec![1], vec![0, 7], vec![1]],
                "node 1 has neighbour 7, out of range",
            ),
            (vec![vec![0], vec![2], vec![1]], "node 0 lists itself"),
            (
                vec![vec![1, 1], vec![0], vec![1]],
                "node 0 lists neighbour 1 twice",
            ),
            (
                vec![vec![1], vec![0, 2], vec![]],
                "node 1 lists neighbour 2, but node 2",
            ),
            (
                vec![vec![2], vec![], vec![0]],
                "node 1 (the Mouse's start) has no neighbour",
            ),
            (
                vec![vec![1, 2], vec![0], vec![0]],
                "node 2 (the Cat's start) has no neighbour but",
            ),
        ];
        for (graph, want) in cases {
            let err = CatAndMouse::new(graph.clone()).unwrap_err();
            assert!(err.to_string().contains(want), "{graph:?}: {err}");
            assert!(err.is_invalid_input());
        }
    }

    #[test]
    fn index_round_trips_and_terminals_read_right() {
        let game = CatAndMouse::new(vec![vec![1, 3], vec![0], vec![3], vec![0, 2]]).unwrap();
        for i in 0..game.position_count() as usize {
            assert_eq!(game.index(game.position_at(i)), i);
        }
        let caught = Chase {
            mouse: 3,
            cat: 3,
            to_move: Animal::Mouse,
        };
        assert_eq!(game.terminal_value(caught), Some(Verdict::Loss));
        let home = Chase {
            mouse: 0,
            cat: 3,
            to_move: Animal::Cat,
        };
        assert_eq!(game.terminal_value(home), Some(Verdict::Loss));
        // The Cat never enters the hole.
        let cat_next_to_hole = Chase {
            mouse: 1,
            cat: 3,
            to_move: Animal::Cat,
        };
        assert_eq!(game.moves(cat_next_to_hole), vec![2]);
        assert_eq!(game.graph_json(), "[[1,3],[0],[3],[0,2]]");
    }

    /// The moves into each position are exactly the moves that lead there.
    #[test]
    fn unmoves_are_the_moves_reversed() {
        use crate::Unmove;
        let game = CatAndMouse::new(vec![
            vec![2, 5],
            vec![3],
            vec![0, 4, 5],
            vec![1, 4, 5],
            vec![2, 3],
            vec![0, 2, 3],
        ])
        .unwrap();
        let count = game.position_count() as usize;
        let mut forward = Vec::new();
        for i in 0..count {
            let p = game.position_at(i);
            if p.cat == 0 || game.terminal_value(p).is_some() {
                continue;
            }
            for mv in game.moves(p) {
                forward.push((game.play(p, mv), p, mv));
            }
        }
        let mut backward = Vec::new();
        let mut out = Vec::new();
        for i in 0..count {
            let child = game.position_at(i);
            game.unmoves_into(child, &mut out);
            for &(parent, mv) in &out {
                if parent.cat != 0 && game.terminal_value(parent).is_none() {
                    backward.push((child, parent, mv));
                }
            }
        }
        forward.sort();
        backward.sort();
        assert_eq!(forward, backward);
    }
}
