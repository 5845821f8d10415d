//! Domineering on a `W` x `H` board (`W · H <= 63`) as a gamesolve [`Game`].
//!
//! The players alternately place a domino on two free cells: the first player vertically,
//! the second horizontally; whoever cannot place one loses. A position is one `u64`: bit `c`
//! set when cell `c` (row by row) is covered, bit 63 set when the horizontal player moves. A
//! move is the cell of the domino's top or left half. Known results: the first player wins
//! on 3x3, 4x4 and 6x6, the second on 5x5.

use std::marker::PhantomData;

use gamesolve::{core_types::Indexed, Game, Registered, Verdict};

use crate::Answer;

/// The bitboard rules, shared with the peer implementations of the bench.
pub mod rules {
    /// The bit saying that the horizontal player moves.
    pub const HORIZONTAL: u64 = 1 << 63;

    /// Every cell of a `w` x `h` board.
    #[inline]
    pub const fn full(w: usize, h: usize) -> u64 {
        (1 << (w * h)) - 1
    }

    /// The cells not in the last column.
    #[inline]
    pub const fn not_last_column(w: usize, h: usize) -> u64 {
        let mut mask = 0;
        let mut c = 0;
        while c < w * h {
            if c % w != w - 1 {
                mask |= 1 << c;
            }
            c += 1;
        }
        mask
    }

    /// The cells where the player to move can place a domino's top or left half.
    #[inline]
    pub const fn placements(w: usize, h: usize, position: u64) -> u64 {
        let free = full(w, h) & !position;
        if position & HORIZONTAL == 0 {
            free & (free >> w)
        } else {
            free & (free >> 1) & not_last_column(w, h)
        }
    }

    /// The position after the player to move places a domino at `cell`.
    #[inline]
    pub const fn play(w: usize, position: u64, cell: u8) -> u64 {
        let other = if position & HORIZONTAL == 0 { w } else { 1 };
        (position | 1 << cell | 1 << (cell as usize + other)) ^ HORIZONTAL
    }

    /// The cells of column `c` of a `w` x `h` board.
    #[inline]
    pub const fn column(w: usize, h: usize, c: usize) -> u64 {
        let mut mask = 0;
        let mut r = 0;
        while r < h {
            mask |= 1 << (r * w + c);
            r += 1;
        }
        mask
    }

    /// The position mirrored left to right (column `c` to column `w - 1 - c`), the side to
    /// move kept: vertical dominoes stay vertical and horizontal ones horizontal, so the
    /// value for the player to move is the same.
    #[inline]
    pub const fn mirror(w: usize, h: usize, position: u64) -> u64 {
        let mut out = position & HORIZONTAL;
        let mut c = 0;
        while c < w {
            let cells = position & column(w, h, c);
            let to = w - 1 - c;
            out |= if to >= c {
                cells << (to - c)
            } else {
                cells >> (c - to)
            };
            c += 1;
        }
        out
    }

    /// The cells of `placements`, lowest first, appended to `out`.
    #[inline]
    pub fn cells(mut placements: u64, out: &mut Vec<u8>) {
        while placements != 0 {
            out.push(placements.trailing_zeros() as u8);
            placements &= placements - 1;
        }
    }
}

/// Domineering on an empty `W` x `H` board; see the [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Domineering<const W: usize, const H: usize>;

/// Not constructible: the board's size is checked at compile time.
struct Check<const W: usize, const H: usize>(PhantomData<()>);

impl<const W: usize, const H: usize> Check<W, H> {
    const FITS: () = assert!(W >= 1 && H >= 1 && W * H <= 63, "at most 63 cells");
}

impl<const W: usize, const H: usize> Game for Domineering<W, H> {
    const NAME: &'static str = "domineering";
    type Position = u64;
    type Move = u8;
    type Value = Verdict;
    type Solution = Answer;

    fn start(&self) -> u64 {
        let () = Check::<W, H>::FITS;
        0
    }

    #[inline]
    fn terminal_value(&self, position: u64) -> Option<Verdict> {
        (rules::placements(W, H, position) == 0).then_some(Verdict::Loss)
    }

    fn moves(&self, position: u64) -> Vec<u8> {
        let mut out = Vec::new();
        self.moves_into(position, &mut out);
        out
    }

    #[inline]
    fn moves_into(&self, position: u64, out: &mut Vec<u8>) {
        out.clear();
        rules::cells(rules::placements(W, H, position), out);
    }

    #[inline]
    fn play(&self, position: u64, cell: u8) -> u64 {
        rules::play(W, position, cell)
    }

    /// The position itself: the covered cells and the side to move, exact.
    #[inline]
    fn table_key(&self, position: u64) -> Option<u64> {
        Some(position)
    }

    /// The smaller of the position and its left-right mirror image ([`rules::mirror`]).
    #[inline]
    fn canonical(&self, position: u64) -> u64 {
        position.min(rules::mirror(W, H, position))
    }

    fn describe(&self) -> String {
        format!("domineering {W}x{H}")
    }

    fn show_position(&self, position: u64) -> String {
        let rows: Vec<String> = (0..H)
            .map(|r| {
                (0..W)
                    .map(|c| {
                        if position >> (r * W + c) & 1 == 1 {
                            '#'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if position & rules::HORIZONTAL == 0 {
            "vertical"
        } else {
            "horizontal"
        };
        format!("{} ({side} to move)", rows.join("/"))
    }

    fn show_move(&self, position: u64, cell: u8) -> String {
        let (r, c) = (usize::from(cell) / W, usize::from(cell) % W);
        let dir = if position & rules::HORIZONTAL == 0 {
            "down"
        } else {
            "right"
        };
        format!("row {r} column {c} {dir}")
    }
}

/// Positions numbered by their covered cells, with the side to move above them:
/// `2^(W·H + 1)` indices (2^26 for 5x5) where the start reaches far fewer (455,317 for 5x5).
/// For `tabular/retrograde` and `memo/indexed` in the retrograde bench (`benches/retrograde.rs`);
/// the peer bench keeps the generic variants ([`Registered`] below).
impl<const W: usize, const H: usize> Indexed for Domineering<W, H> {
    fn position_count(&self) -> u64 {
        1 << (W * H + 1)
    }

    #[inline]
    fn index(&self, position: u64) -> usize {
        let side = u64::from(position & rules::HORIZONTAL != 0);
        (position & rules::full(W, H) | side << (W * H)) as usize
    }

    fn position_at(&self, index: usize) -> u64 {
        let index = index as u64;
        let side = if index >> (W * H) & 1 == 1 {
            rules::HORIZONTAL
        } else {
            0
        };
        index & rules::full(W, H) | side
    }
}

/// The generic variants (`recursive/negamax`, `memo/hash-map`, `memo/alpha-beta`).
impl<const W: usize, const H: usize> Registered for Domineering<W, H> {
    fn variants_of(backend: gamesolve::Backend) -> Vec<gamesolve::core_types::Variant<Self>> {
        gamesolve::registry::generic_variants_of(backend)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use gamesolve::{core_types::SolverConfig, registry::all_variants};

    fn verdicts<const W: usize, const H: usize>(skip: &[&str]) -> Vec<(String, Verdict)> {
        all_variants::<Domineering<W, H>>()
            .into_iter()
            .filter(|v| !skip.contains(&v.id().as_str()))
            .map(|v| {
                let answer = v
                    .solver(&SolverConfig::default())
                    .solve(&Domineering::<W, H>)
                    .unwrap();
                (v.id(), answer.verdict)
            })
            .collect()
    }

    /// The known results, by every generic variant (plain negamax on the small boards only).
    #[test]
    fn known_results() {
        for (id, verdict) in verdicts::<3, 3>(&[]) {
            assert_eq!(verdict, Verdict::Win, "{id} 3x3");
        }
        for (id, verdict) in verdicts::<4, 4>(&[]) {
            assert_eq!(verdict, Verdict::Win, "{id} 4x4");
        }
        let five = verdicts::<5, 5>(&["recursive/negamax"]);
        assert!(five.iter().any(|(id, _)| id == "memo/alpha-beta"));
        for (id, verdict) in five {
            assert_eq!(verdict, Verdict::Loss, "{id} 5x5");
        }
    }

    /// Issue 27: a library user's `memo` with no configuration solves Domineering 6x6 (a
    /// first-player win), which stores more than the 3,000,000 states the default state budget
    /// allowed until then (refused after about a second): the default budget is now what fits
    /// in the default memory cap (1 GiB). Not timed; a few seconds here (this crate's tests are
    /// optimized, see the workspace's `[profile.dev.package.gamesolve-peers]`).
    #[test]
    fn the_default_memo_solves_6x6_past_three_million_states() {
        let mut solver = gamesolve::Backend::Memo
            .solver::<Domineering<6, 6>>()
            .unwrap();
        let (answer, stats) = solver.solve_with_stats(&Domineering::<6, 6>).unwrap();
        assert_eq!(answer.verdict, Verdict::Win);
        assert!(stats.states > 3_000_000, "{stats:?}");
        assert!(
            stats.table_bytes <= gamesolve::core_types::limits::DEFAULT_MEMORY_CAP_BYTES,
            "{stats:?}"
        );
        // The old default, asked for: refused, the error naming the field to raise.
        let old = gamesolve::Limits::new().with_state_budget(3_000_000);
        let err = gamesolve::Backend::Memo
            .solver_with::<Domineering<6, 6>>(&old)
            .unwrap()
            .solve(&Domineering::<6, 6>)
            .unwrap_err();
        assert_eq!(
            err.limit(),
            Some(gamesolve::core_types::limits::Limit::StateBudget)
        );
        assert!(
            err.to_string()
                .ends_with("state budget of 3000000 states (`Limits::state_budget`)"),
            "{err}"
        );
    }

    /// The numbering turns positions of 3x3 back into themselves, and `tabular/retrograde`
    /// and `memo/indexed` over it give the known 4x4 result (the first player wins).
    #[test]
    fn indexed_variants_give_the_known_results() {
        let game = Domineering::<3, 3>;
        let after = game.play(game.play(0, 4), 0);
        for position in [0, game.play(0, 4), after, rules::full(3, 3)] {
            let index = game.index(position);
            assert!((index as u64) < game.position_count());
            assert_eq!(game.position_at(index), position);
        }
        let mut variants =
            gamesolve::registry::indexed_variants_of::<Domineering<4, 4>>(gamesolve::Backend::Memo);
        variants.extend(gamesolve::registry::indexed_variants_of(
            gamesolve::Backend::Tabular,
        ));
        for id in ["memo/indexed", "tabular/retrograde"] {
            let variant = variants.iter().find(|v| v.id() == id).unwrap();
            let answer = variant
                .solver(&SolverConfig::default())
                .solve(&Domineering::<4, 4>)
                .unwrap();
            assert_eq!(answer.verdict, Verdict::Win, "{id}");
        }
    }

    #[test]
    fn the_rules_place_dominoes() {
        let game = Domineering::<3, 3>;
        // Vertical: the top two rows' cells.
        assert_eq!(game.moves(0), [0, 1, 2, 3, 4, 5]);
        let after = game.play(0, 4);
        assert_eq!(after, 1 << 4 | 1 << 7 | rules::HORIZONTAL);
        // Horizontal: cells 0, 1 and 2 (not 4), 6 (not 7).
        assert_eq!(game.moves(after), [0, 1]);
        assert_eq!(game.terminal_value(rules::full(3, 3)), Some(Verdict::Loss));
    }
}
