//! Cat and Mouse's row of the game table: its parameter (the graph), rules and sentences.

mod report;
mod table_view;

pub use report::CatAndMouseReport;

use super::{abbreviate, GameInfo, Param, ParamKind, ParamValue, Params, TableGame};
use crate::analysis::AnalysisConfig;
use crate::{CatAndMouse, CatAndMouseSolution, Error, Outcome};

/// The graph when none is given: LeetCode 913's first example (6 nodes, 7 edges; a draw), the
/// game's default instance for every command (`solve`, `play`, `explain`, `compare`,
/// `analyze`, a batch line without `graph`).
pub(crate) const DEFAULT_GRAPH: &str = "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]";

/// Cat and Mouse's one parameter: the graph's adjacency lists.
const PARAMS: [Param; 1] = [Param {
    name: "graph",
    value_name: "JSON",
    kind: ParamKind::Graph,
    help: "The undirected graph as JSON adjacency lists, node v's neighbours at position v. \
           Node 0 is the hole, the Mouse starts at 1, the Cat at 2 [default: LeetCode 913's \
           first example, the first graph of the examples: a draw].",
}];

const INFO: GameInfo = GameInfo {
    name: "cat-and-mouse",
    title: "Cat and Mouse",
    summary: "Who wins Cat and Mouse: a chase on a graph whose positions repeat (LeetCode 913).",
    rules: "An undirected graph with nodes 0..n. The Mouse starts at node 1 and moves first, \
            the Cat starts at node 2; node 0 is the hole, which the Cat may never enter. In \
            turn each player must move along an edge from their node. The Cat wins on the \
            Mouse's node, the Mouse wins when it reaches the hole, and when a position (both \
            nodes and whose turn it is) repeats, the game is a draw (LeetCode 913). First = \
            the Mouse, second = the Cat. Positions repeat, so only retrograde analysis \
            (tabular/retrograde) solves it.",
    params: &PARAMS,
    examples: &[
        "--graph '[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]'",
        "--graph '[[1,3],[0],[3],[0,2]]'",
    ],
    sweep: None,
};

/// The graph read from its JSON text: an array of arrays of node numbers, each checked, with
/// a message naming the list and the item.
///
/// ```
/// use gamesolve::games::graph_from_json;
///
/// assert_eq!(graph_from_json("[[1],[0,2],[1]]")?, vec![vec![1], vec![0, 2], vec![1]]);
/// let err = graph_from_json("[[1],[0,-2],[1]]").unwrap_err();
/// assert!(err.to_string().contains("graph[1][1] = -2"), "{err}");
/// # Ok::<(), gamesolve::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::InvalidParameter`] for text that is not JSON, not an array of arrays, or holds an
/// item that is not a node number (a whole number in `0..2^32`).
pub fn graph_from_json(text: &str) -> Result<Vec<Vec<u32>>, Error> {
    let lists: Vec<serde_json::Value> = match serde_json::from_str(text.trim()) {
        Ok(serde_json::Value::Array(lists)) => lists,
        Ok(_) => {
            let sentence = format!(
                "graph = {} is not a list of adjacency lists: expected JSON like \
                 [[2,5],[3],[0,4,5]]",
                abbreviate(text.trim())
            );
            return Err(super::rule("graph", text.trim(), sentence));
        }
        Err(e) => {
            let sentence = format!(
                "graph = {} is not JSON ({e}): expected adjacency lists like [[2,5],[3],[0,4,5]]",
                abbreviate(text.trim())
            );
            return Err(super::rule("graph", text.trim(), sentence));
        }
    };
    let mut graph = Vec::new();
    graph.try_reserve_exact(lists.len()).map_err(|_| {
        let sentence = format!("graph: no memory for {} lists", lists.len());
        super::rule("graph", "", sentence)
    })?;
    for (v, list) in lists.iter().enumerate() {
        let serde_json::Value::Array(items) = list else {
            let shown = list.to_string();
            let sentence = format!(
                "graph[{v}] = {} is not a list of neighbours",
                abbreviate(&shown)
            );
            return Err(super::rule("graph", &shown, sentence));
        };
        let mut neighbours = Vec::with_capacity(items.len());
        for (k, item) in items.iter().enumerate() {
            let node = item.as_u64().and_then(|w| u32::try_from(w).ok());
            match node {
                Some(w) => neighbours.push(w),
                None => {
                    let shown = item.to_string();
                    let sentence = format!(
                        "graph[{v}][{k}] = {} is not a node number: node {v}'s neighbours are \
                         whole numbers 0..n",
                        abbreviate(&shown)
                    );
                    return Err(super::rule("graph", &shown, sentence));
                }
            }
        }
        graph.push(neighbours);
    }
    Ok(graph)
}

/// Its parameters, read and written by the game itself (messages of its own).
impl super::GameParams for CatAndMouse {
    const PARAMS: &'static [Param] = &PARAMS;

    /// The graph given, else LeetCode 913's first example (the default instance).
    fn from_params(params: &Params) -> Result<Self, Error> {
        let text = match params.get("graph") {
            Some(_) => params.text("graph")?,
            None => DEFAULT_GRAPH,
        };
        CatAndMouse::new(graph_from_json(text)?)
    }

    fn params(&self) -> Params {
        Params::new().with("graph", ParamValue::Text(self.graph_json()))
    }
}

impl TableGame for CatAndMouse {
    const INFO: GameInfo = INFO;

    fn headline(&self, s: &CatAndMouseSolution) -> String {
        let first = s.best_move.map_or(String::new(), |to| {
            format!(" (the Mouse's first move: to {to})")
        });
        match s.outcome {
            Outcome::FirstPlayerWins => format!("The Mouse wins{first}"),
            Outcome::SecondPlayerWins => format!("The Cat wins{first}"),
            Outcome::Draw => format!("Draw: neither can force a win{first}"),
        }
    }

    fn short(&self, s: &CatAndMouseSolution) -> String {
        match s.outcome {
            Outcome::FirstPlayerWins => "mouse wins".to_owned(),
            Outcome::SecondPlayerWins => "cat wins".to_owned(),
            Outcome::Draw => "draw".to_owned(),
        }
    }

    fn details(&self, s: &CatAndMouseSolution, backend: &str) -> String {
        format!(
            "Cat and Mouse: {} nodes, {} edges, {} positions; LeetCode 913 answer: {}; backend \
             {backend}\n",
            self.nodes(),
            self.edges(),
            self.position_count_u64(),
            s.cat_mouse_game()
        )
    }

    /// From retrograde passes: the generic search would not terminate (positions repeat).
    fn analyzer(&self, config: AnalysisConfig) -> crate::analysis::generic::Analyzer<Self> {
        crate::analysis::retrograde::analyzer(self.clone(), config)
    }

    const GROWTH: bool = true;

    /// Ladders of `k` nodes (the path 1 to k-1 with rungs two apart, the hole joined to the
    /// far end), `k` from 4 up to this graph's node count or 1,024, whichever is larger, about
    /// √2 apart, at most `points` of them (the largest kept): `2k²` positions each, the Mouse
    /// far from the hole, so retrograde analysis has a whole chase to settle.
    fn growth(&self, points: usize) -> Vec<(u64, CatAndMouse)> {
        let last = (self.nodes() as u64).max(GROWTH_LARGEST);
        super::growth::sizes_sqrt2_apart(4, last, points)
            .into_iter()
            .filter_map(|k| {
                let game = CatAndMouse::new(ladder(u32::try_from(k).ok()?)).ok()?;
                Some((k, game))
            })
            .collect()
    }

    fn growth_size(&self) -> Option<u64> {
        Some(self.nodes() as u64)
    }
}

/// The most nodes of a growth family's ladder unless the game has more: 2,097,152
/// positions.
const GROWTH_LARGEST: u64 = 1024;

/// A ladder of `k >= 4` nodes for the growth family: the path `1-2-…-(k-1)`, each node also
/// joined to the node two further, and the hole 0 joined to the far end `k-1` only. The Mouse
/// starts at 1, the Cat at 2, next to it.
///
/// ```text
/// k = 6:  0 - 5,  1 - 2 - 3 - 4 - 5,  1 - 3, 2 - 4, 3 - 5
/// ```
fn ladder(k: u32) -> Vec<Vec<u32>> {
    let mut graph: Vec<Vec<u32>> = vec![Vec::new(); k as usize];
    let mut join = |a: u32, b: u32| {
        graph[a as usize].push(b);
        graph[b as usize].push(a);
    };
    join(0, k - 1);
    for v in 1..k {
        for step in [1, 2] {
            if v + step < k {
                join(v, v + step);
            }
        }
    }
    graph
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn the_growth_family_is_ladders_up_to_1024_nodes() {
        let game = CatAndMouse::new(graph_from_json(DEFAULT_GRAPH).unwrap()).unwrap();
        let family = game.growth(100);
        let sizes: Vec<u64> = family.iter().map(|(k, _)| *k).collect();
        assert_eq!(sizes.first(), Some(&4));
        assert_eq!(sizes.last(), Some(&1024));
        assert!(sizes.windows(2).all(|w| w[0] < w[1]), "{sizes:?}");
        for (k, g) in &family {
            assert_eq!(g.nodes() as u64, *k);
        }
        assert_eq!(game.growth_size(), Some(6));
        assert_eq!(game.growth(3).len(), 3);
        assert_eq!(
            ladder(6),
            [
                vec![5],
                vec![2, 3],
                vec![1, 3, 4],
                vec![1, 2, 4, 5],
                vec![2, 3, 5],
                vec![0, 3, 4]
            ]
        );
    }
}
