//! Cat and Mouse's JSON contract for an answer (`gamesolve cat-and-mouse --graph ... --json`,
//! batch lines).

use serde::Serialize;

use crate::contract::Reported;
use crate::{CatAndMouse, CatAndMouseSolution, Game, Outcome, Stats};

/// The JSON contract for a Cat and Mouse result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CatAndMouseReport {
    /// Always `"cat-and-mouse"`.
    pub game: &'static str,
    /// The backend's one name.
    pub backend: &'static str,
    /// The variant that ran.
    pub variant: &'static str,
    /// The graph's nodes, `n`.
    pub nodes: usize,
    /// The graph's (undirected) edges.
    pub edges: u64,
    /// The positions, `2 n²` (both nodes and whose turn).
    pub positions: u64,
    /// `"first"` (the Mouse wins), `"second"` (the Cat wins) or `"draw"`.
    pub outcome: Outcome,
    /// LeetCode 913's answer: 1 (Mouse), 2 (Cat), 0 (draw).
    pub cat_mouse_game: u8,
    /// The node the Mouse moves to first: the first of its best moves in the graph's order.
    pub best_move: Option<u32>,
    /// What the backend did.
    pub stats: Stats,
    /// The listed variant whose algorithm ran.
    pub kernel: &'static str,
}

impl Reported for CatAndMouse {
    type Report = CatAndMouseReport;

    fn report(
        &self,
        s: &CatAndMouseSolution,
        backend: &'static str,
        variant: &'static str,
        kernel: &'static str,
        stats: Stats,
    ) -> CatAndMouseReport {
        CatAndMouseReport {
            game: Self::NAME,
            backend,
            variant,
            nodes: self.nodes(),
            edges: self.edges(),
            positions: self.position_count_u64(),
            outcome: s.outcome,
            cat_mouse_game: s.cat_mouse_game(),
            best_move: s.best_move,
            stats,
            kernel,
        }
    }
}
