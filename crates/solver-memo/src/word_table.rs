//! A dense memo of 64-bit words for `memo/indexed`: cells sized to the game's values.
//!
//! [`WordMemo`] is the [`MemoPolicy`] `memo/indexed` uses for a game whose values pack into
//! a word ([`GameValue::PACKS`]: Predict the Winner's margins): one `u64` cell per index of
//! the game, 0 while nothing is stored and the value's word with its top bit flipped after (the
//! word of `i64::MIN` would read 0: it is kept aside), so the table is allocated zeroed (its pages cost nothing until touched) and needs no presence bits. A value
//! that does not fit a word (a margin beyond `i64`) is kept aside in a hash map, counted
//! against the same memory cap. A margin table takes 8 bytes a cell where the generic
//! [`DenseMemo`](core_types::search::DenseMemo) takes 16 and a bit: the 3,000-value row's 4.5
//! million intervals in 36 MB instead of 72 MB.
//!
//! # Complexity
//!
//! `O(1)` per lookup and store (one index computation, one word); memory `8 · C` bytes for
//! `C` = [`Indexed::position_count`], plus the values kept aside.

use core_types::search::{growth_bytes, map_bytes, MemoPolicy, MemoRefusal, Plain};
use core_types::{GameValue, Indexed};
use hashbrown::HashMap;

/// The top bit: a cell holds a word with it flipped, so that 0 (the word of `i64::MIN`)
/// means "not stored" and margins near 0 stay in the table.
const FLIP: u64 = 1 << 63;

/// One word a cell; see the [module docs](self).
pub struct WordMemo<'g, G: Indexed> {
    game: &'g G,
    /// 0: not stored; else the value's word with its top bit flipped ([`FLIP`]).
    words: Vec<u64>,
    /// The values with no word, or whose word is [`FLIP`], by index.
    aside: HashMap<usize, G::Value>,
    cap: u64,
}

impl<'g, G: Indexed> WordMemo<'g, G> {
    /// Bytes the table of `game` takes (without values kept aside).
    pub fn bytes_for(game: &G) -> u128 {
        u128::from(game.position_count()) * 8
    }

    /// The table for `game`, within `cap` bytes, allocated zeroed.
    ///
    /// # Errors
    ///
    /// [`MemoRefusal::Cap`] when the table would pass the cap, [`MemoRefusal::Allocation`]
    /// when the system refuses it.
    pub fn new(game: &'g G, cap: u64) -> Result<Self, MemoRefusal> {
        let count = game.position_count();
        let required_bytes = Self::bytes_for(game);
        let cells = usize::try_from(count)
            .ok()
            .filter(|_| required_bytes <= u128::from(cap));
        let Some(cells) = cells else {
            return Err(MemoRefusal::Cap {
                states: count,
                required_bytes,
            });
        };
        let words = bytemuck::allocation::try_zeroed_vec::<u64>(cells).map_err(|()| {
            MemoRefusal::Allocation {
                states: count,
                required_bytes,
            }
        })?;
        Ok(WordMemo {
            game,
            words,
            aside: HashMap::new(),
            cap,
        })
    }
}

impl<G: Indexed> MemoPolicy<G::Position, Plain<G::Value>> for WordMemo<'_, G> {
    const REMEMBERS: bool = true;

    #[inline]
    fn get(&self, position: &G::Position) -> Option<Plain<G::Value>> {
        let index = self.game.index(*position);
        match self.words.get(index) {
            Some(&0) | None => {
                if self.aside.is_empty() {
                    None
                } else {
                    self.aside.get(&index).copied().map(Plain)
                }
            }
            Some(&cell) => G::Value::from_word(cell ^ FLIP).map(Plain),
        }
    }

    #[inline]
    fn store(
        &mut self,
        position: G::Position,
        Plain(value): Plain<G::Value>,
        other_bytes: u64,
    ) -> Result<(), MemoRefusal> {
        // An index past the table is the game's bug; the position is then not remembered,
        // which costs time, never a wrong answer.
        let index = self.game.index(position);
        let Some(cell) = self.words.get_mut(index) else {
            return Ok(());
        };
        match value.to_word() {
            Some(word) if word != FLIP => {
                *cell = word ^ FLIP;
                Ok(())
            }
            _ => {
                let (len, capacity) = (self.aside.len(), self.aside.capacity());
                if len >= capacity {
                    let required = self.words.len() as u128 * 8
                        + growth_bytes::<usize, G::Value>(capacity)
                        + u128::from(other_bytes);
                    if required > u128::from(self.cap) {
                        return Err(MemoRefusal::Cap {
                            states: len as u64 + 1,
                            required_bytes: required,
                        });
                    }
                    self.aside
                        .try_reserve(1)
                        .map_err(|_| MemoRefusal::Allocation {
                            states: len as u64,
                            required_bytes: required,
                        })?;
                }
                self.aside.insert(index, value);
                Ok(())
            }
        }
    }

    fn bytes(&self) -> u128 {
        self.words.len() as u128 * 8 + map_bytes::<usize, G::Value>(self.aside.capacity())
    }

    fn capacity(&self) -> usize {
        self.words.len()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use core_types::{Game, Margin, PredictTheWinner};

    /// Values that fit a word and values that do not (kept aside) read back alike.
    #[test]
    fn words_and_values_aside_read_back() {
        let game = PredictTheWinner::new(vec![1, 2, 3, 4]);
        let mut memo = WordMemo::new(&game, 1 << 20).unwrap();
        let start = game.start();
        let left = game.play(start, core_types::Side::Left);
        let right = game.play(start, core_types::Side::Right);
        assert_eq!(memo.get(&start), None);
        memo.store(start, Plain(Margin(-7)), 0).unwrap();
        memo.store(left, Plain(Margin(i128::from(i64::MAX) * 3)), 0)
            .unwrap();
        memo.store(right, Plain(Margin(i64::MIN.into())), 0)
            .unwrap(); // the word FLIP: aside
        assert_eq!(memo.get(&start), Some(Plain(Margin(-7))));
        assert_eq!(
            memo.get(&left),
            Some(Plain(Margin(i128::from(i64::MAX) * 3)))
        );
        assert_eq!(memo.get(&right), Some(Plain(Margin(i64::MIN.into()))));
        assert_eq!(memo.aside.len(), 2);
    }

    #[test]
    fn a_table_past_the_cap_is_refused() {
        let game = PredictTheWinner::new(vec![1; 100]);
        assert!(matches!(
            WordMemo::new(&game, 100),
            Err(MemoRefusal::Cap { .. })
        ));
    }
}
