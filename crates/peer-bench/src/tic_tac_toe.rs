//! Tic-tac-toe as a gamesolve [`Game`]: 5,478 positions, a draw.
//!
//! A position is two 9-bit boards in one `u32` (X in bits 0..9, O in bits 16..25); X moves
//! when both have as many marks. The moves (cells 0..9, row by row) are listed in cell order
//! for the root's tie-break; below it the search order ([`rules::search_moves`]) plays a win
//! at once, else blocks the opponent's win at once, else tries the centre, the corners, then
//! the edges.

use gamesolve::{
    core_types::{Indexed, Variant},
    registry::indexed_variants_of,
    Backend, Game, Registered, Verdict,
};

use crate::Answer;

/// The bitboard rules, shared with the peer implementations of the bench.
pub mod rules {
    /// The eight lines.
    pub const LINES: [u16; 8] = [
        0b000_000_111,
        0b000_111_000,
        0b111_000_000,
        0b001_001_001,
        0b010_010_010,
        0b100_100_100,
        0b100_010_001,
        0b001_010_100,
    ];

    /// Every cell.
    pub const FULL: u16 = 0b111_111_111;

    /// The cells in the search's order: centre, corners, edges.
    pub const ORDER: [u8; 9] = [4, 0, 2, 6, 8, 1, 3, 5, 7];

    /// Whether `marks` hold a line.
    #[inline]
    pub fn won(marks: u16) -> bool {
        LINES.iter().any(|&line| line & !marks == 0)
    }

    /// The marks of the player to move and of the opponent.
    #[inline]
    pub fn sides(x: u16, o: u16) -> (u16, u16) {
        if x.count_ones() == o.count_ones() {
            (x, o)
        } else {
            (o, x)
        }
    }

    /// Whether the game is over, for the player to move: lost (the opponent has a line) or
    /// drawn (the board is full).
    #[inline]
    pub fn over(x: u16, o: u16) -> Option<std::cmp::Ordering> {
        let (_, theirs) = sides(x, o);
        if won(theirs) {
            Some(std::cmp::Ordering::Less)
        } else if x | o == FULL {
            Some(std::cmp::Ordering::Equal)
        } else {
            None
        }
    }

    /// The position (X's board in bits 0..9, O's in 16..25) mirrored left to right: each
    /// row's first and last cells swapped.
    #[inline]
    pub const fn mirror(position: u32) -> u32 {
        (position & 0x0049_0049) << 2 | (position & 0x0092_0092) | (position & 0x0124_0124) >> 2
    }

    /// Every move (the empty cells) in cell order, appended to `out`: the game's plain list
    /// ([`Game::moves`](gamesolve::Game::moves)).
    #[inline]
    pub fn moves(x: u16, o: u16, out: &mut Vec<u8>) {
        let free = FULL & !(x | o);
        out.extend((0..9).filter(|&c| free >> c & 1 == 1));
    }

    /// The moves worth searching, best first, appended to `out`: a win at once alone, else
    /// the cells blocking the opponent's wins at once, else every empty cell in [`ORDER`].
    /// Leaving the other moves out changes no value: after a missed win or block the mover
    /// does no better than with it.
    pub fn search_moves(x: u16, o: u16, out: &mut Vec<u8>) {
        let (mine, theirs) = sides(x, o);
        let free = FULL & !(x | o);
        let empty = ORDER.iter().copied().filter(|&c| free >> c & 1 == 1);
        if let Some(win) = empty.clone().find(|&c| won(mine | 1 << c)) {
            out.push(win);
            return;
        }
        let before = out.len();
        out.extend(empty.clone().filter(|&c| won(theirs | 1 << c)));
        if out.len() == before {
            out.extend(empty);
        }
    }
}

/// Tic-tac-toe from the empty board; see the [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TicTacToe;

/// X's and O's marks of a position.
#[inline]
fn split(position: u32) -> (u16, u16) {
    ((position & 0x1FF) as u16, (position >> 16 & 0x1FF) as u16)
}

impl Game for TicTacToe {
    const NAME: &'static str = "tic-tac-toe";
    type Position = u32;
    type Move = u8;
    type Value = Verdict;
    type Solution = Answer;

    fn start(&self) -> u32 {
        0
    }

    #[inline]
    fn terminal_value(&self, position: u32) -> Option<Verdict> {
        let (x, o) = split(position);
        rules::over(x, o).map(|order| match order {
            std::cmp::Ordering::Less => Verdict::Loss,
            std::cmp::Ordering::Equal => Verdict::Draw,
            std::cmp::Ordering::Greater => Verdict::Win,
        })
    }

    fn moves(&self, position: u32) -> Vec<u8> {
        let mut out = Vec::new();
        self.moves_into(position, &mut out);
        out
    }

    #[inline]
    fn moves_into(&self, position: u32, out: &mut Vec<u8>) {
        out.clear();
        let (x, o) = split(position);
        rules::moves(x, o, out);
    }

    #[inline]
    fn search_moves_into(&self, position: u32, out: &mut Vec<u8>) {
        out.clear();
        let (x, o) = split(position);
        rules::search_moves(x, o, out);
    }

    #[inline]
    fn play(&self, position: u32, cell: u8) -> u32 {
        let (x, o) = split(position);
        let shift = if x.count_ones() == o.count_ones() {
            0
        } else {
            16
        };
        position | 1 << (u32::from(cell) + shift)
    }

    /// The position itself: two 9-bit boards, exact.
    #[inline]
    fn table_key(&self, position: u32) -> Option<u64> {
        Some(u64::from(position))
    }

    /// The smaller of the position and its left-right mirror image (columns 0 and 2 swapped
    /// on both boards): the same value for the player to move.
    #[inline]
    fn canonical(&self, position: u32) -> u32 {
        position.min(rules::mirror(position))
    }

    /// The first empty cell (in cell order) that completes a line of the mover's marks.
    #[inline]
    fn winning_move_now(&self, position: u32) -> Option<u8> {
        let (x, o) = split(position);
        let (mine, _) = rules::sides(x, o);
        let free = rules::FULL & !(x | o);
        (0..9).find(|&c| free >> c & 1 == 1 && rules::won(mine | 1 << c))
    }

    fn describe(&self) -> String {
        "tic-tac-toe".to_owned()
    }

    fn show_position(&self, position: u32) -> String {
        let (x, o) = split(position);
        (0..9)
            .map(|c| match (x >> c & 1, o >> c & 1) {
                (1, _) => 'X',
                (_, 1) => 'O',
                _ => '.',
            })
            .collect::<Vec<_>>()
            .chunks(3)
            .map(|row| row.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("/")
    }

    fn show_move(&self, _position: u32, cell: u8) -> String {
        format!("cell {cell}")
    }
}

/// Base 3, cell by cell (0 empty, 1 X, 2 O): 3^9 = 19,683 indices.
impl Indexed for TicTacToe {
    fn position_count(&self) -> u64 {
        19_683
    }

    #[inline]
    fn index(&self, position: u32) -> usize {
        let (x, o) = split(position);
        (0..9).rev().fold(0, |index, c| {
            index * 3 + usize::from(x >> c & 1) + 2 * usize::from(o >> c & 1)
        })
    }

    fn position_at(&self, mut index: usize) -> u32 {
        let mut position = 0;
        for c in 0..9 {
            match index % 3 {
                1 => position |= 1 << c,
                2 => position |= 1 << (c + 16),
                _ => {}
            }
            index /= 3;
        }
        position
    }
}

impl Registered for TicTacToe {
    fn variants_of(backend: Backend) -> Vec<Variant<Self>> {
        indexed_variants_of(backend)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use gamesolve::{core_types::SolverConfig, registry::all_variants};

    /// Every variant of every backend finds the draw and the same first best move (cell 0:
    /// every first move draws).
    #[test]
    fn every_variant_finds_the_draw() {
        let variants = all_variants::<TicTacToe>();
        assert!(variants.iter().any(|v| v.id() == "memo/alpha-beta"));
        for variant in variants {
            let answer = variant
                .solver(&SolverConfig::default())
                .solve(&TicTacToe)
                .unwrap();
            let expected = Answer {
                verdict: Verdict::Draw,
                best_move: Some(0),
            };
            assert_eq!(answer, expected, "{}", variant.id());
        }
    }

    /// From positions one move from the end, the search order keeps the win or the block.
    #[test]
    fn the_search_order_plays_a_win_then_a_block() {
        let moves = |x: u16, o: u16| {
            let mut out = Vec::new();
            rules::search_moves(x, o, &mut out);
            out
        };
        // X: 0 1, O: 3 4, X to move: 2 wins.
        assert_eq!(moves(0b11, 0b11000), [2]);
        // X: 0 1 8, O: 3 4, O to move: 5 wins (3 4 5), before blocking 2.
        assert_eq!(moves(0b1_0000_0011, 0b11000), [5]);
        // X: 0 1, O: 4, O to move: block at 2.
        assert_eq!(moves(0b11, 0b10000), [2]);
        // The empty board: centre, corners, edges.
        assert_eq!(moves(0, 0), rules::ORDER);
    }

    #[test]
    fn the_index_round_trips() {
        let game = TicTacToe;
        for position in [0, 0b1_0001, 0b10 | 1 << 20, 0x1FF] {
            assert_eq!(game.position_at(game.index(position)), position);
        }
    }
}
