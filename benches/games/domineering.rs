//! Domineering on an `r x c` board, written against [`gamesolve::Game`] the way a user would:
//! the first player places vertical dominoes, the second horizontal ones, and a player who
//! cannot place one loses. A bench and test game (`benches/retrograde.rs`, `tests/it`), shared
//! by path (`#[path = "…/games/domineering.rs"] mod domineering;`).
//!
//! A position is the board's occupied cells as bits (cell `row * c + col`) with the player to
//! move in bit `r * c`; that number is also its index ([`Indexed`]), so the numbering names
//! `2^(r c + 1)` positions (2^26 for 5x5) where the start reaches far fewer (455,317 for 5x5,
//! counted by `memo/hash-map`): the case for a table of the positions reached.

use gamesolve::{
    core_types::Indexed, registry::indexed_variants_of, Backend, Game, Outcome, Registered, Verdict,
};

/// Domineering on a `rows x cols` board (`rows * cols <= 62`).
#[derive(Clone, Debug)]
pub struct Domineering {
    rows: u32,
    cols: u32,
}

impl Domineering {
    /// The empty board of `rows x cols` cells.
    ///
    /// # Panics
    ///
    /// Beyond 62 cells (a bench's own input, not a user's).
    pub fn new(rows: u32, cols: u32) -> Self {
        assert!(rows * cols <= 62, "at most 62 cells");
        Domineering { rows, cols }
    }

    fn cells(&self) -> u32 {
        self.rows * self.cols
    }

    /// Whether the horizontal player moves at `position`.
    fn horizontal(&self, position: u64) -> bool {
        position >> self.cells() & 1 == 1
    }

    /// The two cells a domino at `cell` covers for the player to move, as a mask, if it fits.
    fn domino(&self, position: u64, cell: u32) -> Option<u64> {
        let (row, col) = (cell / self.cols, cell % self.cols);
        let other = if self.horizontal(position) {
            (col + 1 < self.cols).then_some(cell + 1)?
        } else {
            (row + 1 < self.rows).then_some(cell + self.cols)?
        };
        let mask = 1u64 << cell | 1u64 << other;
        (position & mask == 0).then_some(mask)
    }
}

impl Game for Domineering {
    const NAME: &'static str = "domineering";
    type Position = u64;
    type Move = u32;
    type Value = Verdict;
    type Solution = Verdict;

    fn start(&self) -> u64 {
        0
    }

    fn terminal_value(&self, position: u64) -> Option<Verdict> {
        let any = (0..self.cells()).any(|cell| self.domino(position, cell).is_some());
        (!any).then_some(Verdict::Loss)
    }

    fn moves(&self, position: u64) -> Vec<u32> {
        let mut out = Vec::new();
        self.moves_into(position, &mut out);
        out
    }

    fn moves_into(&self, position: u64, out: &mut Vec<u32>) {
        out.clear();
        out.extend((0..self.cells()).filter(|&cell| self.domino(position, cell).is_some()));
    }

    fn play(&self, position: u64, cell: u32) -> u64 {
        let mask = self.domino(position, cell).unwrap_or(0);
        (position | mask) ^ 1u64 << self.cells()
    }

    fn solution(&self, value: Verdict, _best: Option<u32>) -> Verdict {
        value
    }

    fn outcome(&self, value: &Verdict) -> Outcome {
        value.outcome_for_first()
    }

    fn describe(&self) -> String {
        format!("domineering {}x{}", self.rows, self.cols)
    }

    fn show_position(&self, position: u64) -> String {
        format!("{position:#x}")
    }

    fn show_move(&self, _position: u64, cell: u32) -> String {
        format!("cell {cell}")
    }
}

impl Indexed for Domineering {
    fn position_count(&self) -> u64 {
        1 << (self.cells() + 1)
    }

    fn index(&self, position: u64) -> usize {
        position as usize
    }

    fn position_at(&self, index: usize) -> u64 {
        index as u64
    }
}

impl Registered for Domineering {
    fn variants_of(backend: Backend) -> Vec<gamesolve::core_types::Variant<Self>> {
        indexed_variants_of(backend)
    }
}
