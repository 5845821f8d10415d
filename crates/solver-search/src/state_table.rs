//! An open-addressing table of sets of used integers with a small value each, one word per
//! stored state: the sparse memos of Can I Win (`memo/sparse`, where the value is the verdict,
//! and the analysis engine, where it is a one-byte value and remoteness).
//!
//! Each state is one [`Slot`]: the used-set bitmask with its value packed above it (a `u64`
//! slot when the sets leave the top bits free, a `u128` otherwise). A zero slot is an empty
//! one. Slots live in a power-of-two array filled at most three quarters, probed linearly from
//! the top bits of a multiplicative hash: a lookup reads one cache line in the common case (a
//! `hashbrown` map of `(u64, bool)` read a control group and then a 16-byte slot, two lines,
//! and took 17 bytes per bucket instead of 8).
//!
//! The table starts at [`MIN_SLOTS`] and doubles, each new array allocated fallibly and zeroed
//! by the allocator; the largest it ever grows to is the smallest that holds its state limit,
//! so no growth happens past the limit and [`table_bytes`] bounds what it takes. Because the
//! home slot is taken from the hash's top bits, doubling sends old slot `i` to new slots `2i`
//! and `2i + 1`: moving the entries in slot order writes the new array front to back.
//!
//! ```
//! use solver_search::state_table::{states_within, table_bytes, StateTable};
//! use core_types::Deadline;
//!
//! // A verdict per set, in `u64` slots (sets of at most 63 integers).
//! let limit = states_within(1 << 20, 8); // what fits 1 MiB
//! let mut table = StateTable::<u64>::new(limit, Deadline::NEVER);
//! table.insert(0b1011, true).expect("room for one state");
//! assert_eq!((table.get(0b1011), table.get(0b0011)), (Some(true), None));
//! assert!(table_bytes(limit, 8) <= 1 << 20);
//! ```
//!
//! # Complexity
//!
//! A lookup or insertion is `O(1)` expected (linear probing at most three quarters full); a
//! growth moves every stored state once. Memory: [`table_bytes`], 10.7 to 21.3 bytes per
//! state at the peak for 8-byte slots.

use std::num::NonZeroU8;

use bytemuck::Zeroable;

use core_types::Deadline;

/// One stored state: its used-set and value in one word; zero is an empty slot.
pub trait Slot: Copy + Zeroable + PartialEq {
    /// What is stored with each set.
    type Value: Copy;
    /// The slot of `used` with its value. `used` must fit the slot: below `2^63` for `u64`
    /// (and not empty: a zero slot is an empty one), below `2^56` for [`ByteSlot`].
    fn pack(used: u64, value: Self::Value) -> Self;
    /// The used-set stored here.
    fn used(self) -> u64;
    /// The value stored here, if this slot holds `used`.
    fn value_of(self, used: u64) -> Option<Self::Value>;
    /// Whether no state is stored here.
    fn is_empty(self) -> bool;
}

/// The win bit of a `u64` slot: `n <= 63` leaves bit 63 of every used-set clear.
const WINS_BIT: u64 = 1 << 63;

/// A verdict ("the player to move wins") per non-empty set of at most 63 integers, in bit 63.
impl Slot for u64 {
    type Value = bool;
    #[inline(always)]
    fn pack(used: u64, wins: bool) -> Self {
        debug_assert!(used != 0 && used & WINS_BIT == 0);
        used | (u64::from(wins) << 63)
    }
    #[inline(always)]
    fn used(self) -> u64 {
        self & !WINS_BIT
    }
    #[inline(always)]
    fn value_of(self, used: u64) -> Option<bool> {
        let difference = self ^ used;
        (difference & !WINS_BIT == 0).then_some(difference != 0)
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == 0
    }
}

/// A verdict per non-empty set of up to 64 integers, in bit 64.
impl Slot for u128 {
    type Value = bool;
    #[inline(always)]
    fn pack(used: u64, wins: bool) -> Self {
        debug_assert!(used != 0);
        u128::from(used) | (u128::from(wins) << 64)
    }
    #[inline(always)]
    fn used(self) -> u64 {
        self as u64
    }
    #[inline(always)]
    fn value_of(self, used: u64) -> Option<bool> {
        (self as u64 == used).then_some(self >> 64 != 0)
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == 0
    }
}

/// A non-zero byte per set of at most 56 integers (the empty set too), in bits 56 to 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub struct ByteSlot(u64);

// SAFETY: a `u64` newtype; all zeros is a valid (empty) slot.
unsafe impl Zeroable for ByteSlot {}

/// The set bits of a [`ByteSlot`].
const BYTE_SLOT_SET: u64 = (1 << 56) - 1;

impl Slot for ByteSlot {
    type Value = NonZeroU8;
    #[inline(always)]
    fn pack(used: u64, value: NonZeroU8) -> Self {
        debug_assert!(used <= BYTE_SLOT_SET);
        ByteSlot(used | (u64::from(value.get()) << 56))
    }
    #[inline(always)]
    fn used(self) -> u64 {
        self.0 & BYTE_SLOT_SET
    }
    #[inline(always)]
    fn value_of(self, used: u64) -> Option<NonZeroU8> {
        if self.0 & BYTE_SLOT_SET == used {
            NonZeroU8::new((self.0 >> 56) as u8)
        } else {
            None
        }
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// A non-zero byte per set of up to 64 integers (the empty set too), in bits 64 to 71.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub struct WideByteSlot(u128);

// SAFETY: a `u128` newtype; all zeros is a valid (empty) slot.
unsafe impl Zeroable for WideByteSlot {}

impl Slot for WideByteSlot {
    type Value = NonZeroU8;
    #[inline(always)]
    fn pack(used: u64, value: NonZeroU8) -> Self {
        WideByteSlot(u128::from(used) | (u128::from(value.get()) << 64))
    }
    #[inline(always)]
    fn used(self) -> u64 {
        self.0 as u64
    }
    #[inline(always)]
    fn value_of(self, used: u64) -> Option<NonZeroU8> {
        if self.0 as u64 == used {
            NonZeroU8::new((self.0 >> 64) as u8)
        } else {
            None
        }
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// Slots of the first array allocated (512 bytes of `u64` slots).
pub const MIN_SLOTS: u64 = 64;

/// The fewest slots that hold `states` states at most three quarters full: a power of two,
/// at least [`MIN_SLOTS`] (0 for no states: nothing is allocated).
pub fn slots_for(states: u64) -> u128 {
    if states == 0 {
        return 0;
    }
    (u128::from(states) * 4)
        .div_ceil(3)
        .next_power_of_two()
        .max(u128::from(MIN_SLOTS))
}

/// The most states an array of `slots` slots holds (three quarters of them).
pub fn capacity_of(slots: u128) -> u128 {
    slots / 4 * 3
}

/// Bytes a table holding `states` states takes at its peak, slots of `slot_bytes` bytes: its
/// array, and while it grew into it the half-size array it moved the states from.
pub fn table_bytes(states: u64, slot_bytes: u128) -> u128 {
    let slots = slots_for(states);
    let previous = if slots > u128::from(MIN_SLOTS) {
        slots / 2
    } else {
        0
    };
    (slots + previous) * slot_bytes
}

/// Why a state could not be stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableFull {
    /// The table holds its state limit.
    Exhausted,
    /// The system refused the memory of the next array while the table held `states`
    /// states.
    Refused {
        /// States stored when the growth was refused.
        states: u64,
    },
    /// The deadline passed while the table was moving its states to a larger array.
    TimeLimit,
}

/// States moved between two readings of the clock while the table grows (a few hundred
/// microseconds of work).
const MOVES_PER_CLOCK_READ: usize = 1 << 16;

/// The most states a table of `slot_bytes`-byte slots may hold within `cap_bytes`, growth
/// included ([`table_bytes`]): the capacity of the largest power-of-two array that fits.
pub fn states_within(cap_bytes: u64, slot_bytes: u128) -> u64 {
    let cap = u128::from(cap_bytes);
    let mut fits = 0u64;
    for log in MIN_SLOTS.trailing_zeros()..64 {
        let capacity = u64::try_from(capacity_of(1u128 << log)).unwrap_or(u64::MAX);
        if table_bytes(capacity, slot_bytes) > cap {
            break;
        }
        fits = capacity;
    }
    fits
}

/// The open-addressing table of stored states; see the [module docs](self).
pub struct StateTable<S> {
    /// A power of two of slots, or none before the first state.
    slots: Vec<S>,
    /// States stored.
    len: u64,
    /// The most states it may store.
    limit: u64,
    /// `64 - log2(slots.len())`: the home slot is the hash's top bits.
    shift: u32,
    /// Read while moving states to a larger array.
    deadline: Deadline,
}

impl<S: Slot> StateTable<S> {
    /// An empty table that will store at most `limit` states; nothing is allocated yet.
    pub fn new(limit: u64, deadline: Deadline) -> Self {
        StateTable {
            slots: Vec::new(),
            len: 0,
            limit,
            shift: 64,
            deadline,
        }
    }

    /// States stored.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether no state is stored.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The most states it may store.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Sets the deadline read while the table moves its states to a larger array (a table
    /// kept across several searches takes each search's deadline).
    pub fn set_deadline(&mut self, deadline: Deadline) {
        self.deadline = deadline;
    }

    /// Slots allocated.
    pub fn slot_count(&self) -> u64 {
        self.slots.len() as u64
    }

    /// Bytes of the slot array.
    pub fn allocated_bytes(&self) -> u64 {
        (self.slots.len() * std::mem::size_of::<S>()) as u64
    }

    /// Every stored state and its value, in slot order.
    pub fn iter(&self) -> impl Iterator<Item = (u64, S::Value)> + '_ {
        self.slots
            .iter()
            .filter(|slot| !slot.is_empty())
            .filter_map(|&slot| Some((slot.used(), slot.value_of(slot.used())?)))
    }

    /// The home slot of `used` in an array of `64 - shift` bits of slots.
    #[inline(always)]
    fn home(used: u64, shift: u32) -> usize {
        // Fold the high half in, then a Fibonacci multiply: sets that differ in a few bits
        // land far apart.
        let hash = (used ^ (used >> 32)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (hash >> shift) as usize
    }

    /// The value stored for `used`, if any.
    #[inline(always)]
    pub fn get(&self, used: u64) -> Option<S::Value> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut index = Self::home(used, self.shift);
        loop {
            let slot = self.slots[index];
            if slot.is_empty() {
                return None;
            }
            if let Some(value) = slot.value_of(used) {
                return Some(value);
            }
            index = (index + 1) & mask;
        }
    }

    /// Stores the value of `used`, a state not stored before, growing the array when it
    /// would pass three quarters full.
    ///
    /// # Errors
    ///
    /// [`TableFull`]: the table holds its limit, the system refused the larger array, or the
    /// deadline passed while moving to it.
    #[inline(always)]
    pub fn insert(&mut self, used: u64, value: S::Value) -> Result<(), TableFull> {
        if self.len >= self.limit {
            return Err(TableFull::Exhausted);
        }
        if (u128::from(self.len) + 1) * 4 > self.slots.len() as u128 * 3 {
            self.grow()?;
        }
        Self::place(&mut self.slots, self.shift, S::pack(used, value));
        self.len += 1;
        Ok(())
    }

    /// Puts `slot` in the first empty slot from its home on.
    #[inline(always)]
    fn place(slots: &mut [S], shift: u32, slot: S) {
        let mask = slots.len() - 1;
        let mut index = Self::home(slot.used(), shift);
        while !slots[index].is_empty() {
            index = (index + 1) & mask;
        }
        slots[index] = slot;
    }

    /// Moves every state to an array twice as large ([`MIN_SLOTS`] at first).
    #[cold]
    #[inline(never)]
    fn grow(&mut self) -> Result<(), TableFull> {
        let count = (self.slots.len() * 2).max(MIN_SLOTS as usize);
        let refused = TableFull::Refused { states: self.len };
        let mut grown = bytemuck::allocation::try_zeroed_vec::<S>(count).map_err(|()| refused)?;
        core_types::bits::advise_huge_pages(&mut grown);
        let shift = 64 - count.trailing_zeros();
        for (moved, &slot) in self.slots.iter().filter(|s| !s.is_empty()).enumerate() {
            if moved % MOVES_PER_CLOCK_READ == MOVES_PER_CLOCK_READ - 1 && self.deadline.reached() {
                return Err(TableFull::TimeLimit);
            }
            Self::place(&mut grown, shift, slot);
        }
        // The old array is freed before the search goes on.
        self.slots = grown;
        self.shift = shift;
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn stores_and_finds<S: Slot<Value = bool>>(high_bit: u64) {
        let mut table = StateTable::<S>::new(10_000, Deadline::NEVER);
        assert_eq!(table.get(5), None);
        // 10,000 distinct odd sets, scattered over the low bits up to `high_bit`.
        let mut seen = std::collections::HashSet::new();
        let states: Vec<u64> = (1..)
            .map(|k: u64| (k.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1) & (high_bit | (high_bit - 1)))
            .filter(|&used| seen.insert(used))
            .take(10_000)
            .collect();
        for (k, &used) in states.iter().enumerate() {
            table.insert(used, k % 3 == 0).unwrap();
        }
        for (k, &used) in states.iter().enumerate() {
            assert_eq!(table.get(used), Some(k % 3 == 0), "{used:#x}");
            assert_eq!(table.get(used & !1), None, "{used:#x}"); // even: never stored
        }
        assert_eq!(table.len(), 10_000);
        assert!(matches!(table.insert(2, true), Err(TableFull::Exhausted)));
        // Full at three quarters: 10,000 states need 16,384 slots.
        assert_eq!(table.slot_count(), 16_384);
        let slot_bytes = std::mem::size_of::<S>() as u128;
        assert_eq!(
            u128::from(table.allocated_bytes()) * 3 / 2,
            table_bytes(10_000, slot_bytes)
        );
        let mut stored: Vec<(u64, bool)> = table.iter().collect();
        stored.sort_unstable();
        let mut expected: Vec<(u64, bool)> = states
            .iter()
            .enumerate()
            .map(|(k, &s)| (s, k % 3 == 0))
            .collect();
        expected.sort_unstable();
        assert_eq!(stored, expected);
    }

    #[test]
    fn a_u64_table_stores_sets_of_63_integers() {
        stores_and_finds::<u64>(1 << 62);
    }

    #[test]
    fn a_u128_table_stores_sets_of_64_integers() {
        stores_and_finds::<u128>(1 << 63);
        // All 64 bits, and the same set with each verdict apart.
        let mut table = StateTable::<u128>::new(10, Deadline::NEVER);
        table.insert(u64::MAX, true).unwrap();
        table.insert(u64::MAX >> 1, false).unwrap();
        assert_eq!(table.get(u64::MAX), Some(true));
        assert_eq!(table.get(u64::MAX >> 1), Some(false));
    }

    #[test]
    fn byte_slots_store_a_byte_with_any_set_the_empty_one_included() {
        let byte = |b: u8| NonZeroU8::new(b).unwrap();
        let mut narrow = StateTable::<ByteSlot>::new(1_000, Deadline::NEVER);
        let mut wide = StateTable::<WideByteSlot>::new(1_000, Deadline::NEVER);
        let sets = [0, 1, 0b1010, BYTE_SLOT_SET, BYTE_SLOT_SET - 1];
        for (k, &used) in sets.iter().enumerate() {
            narrow.insert(used, byte(k as u8 + 1)).unwrap();
            wide.insert(used, byte(255 - k as u8)).unwrap();
        }
        wide.insert(u64::MAX, byte(200)).unwrap();
        for (k, &used) in sets.iter().enumerate() {
            assert_eq!(narrow.get(used), Some(byte(k as u8 + 1)), "{used:#x}");
            assert_eq!(wide.get(used), Some(byte(255 - k as u8)), "{used:#x}");
        }
        assert_eq!(wide.get(u64::MAX), Some(byte(200)));
        assert_eq!((narrow.get(2), wide.get(2), narrow.len()), (None, None, 5));
        // The states, each once, from the slots.
        let mut stored: Vec<u64> = narrow.iter().map(|(used, _)| used).collect();
        stored.sort_unstable();
        assert_eq!(stored, [0, 1, 0b1010, BYTE_SLOT_SET - 1, BYTE_SLOT_SET]);
    }

    #[test]
    fn states_within_is_the_largest_limit_whose_table_fits() {
        for (cap, slot) in [
            (1u64 << 20, 8u128),
            (1 << 30, 8),
            (1 << 30, 16),
            (100_000, 8),
        ] {
            let limit = states_within(cap, slot);
            assert!(table_bytes(limit, slot) <= u128::from(cap));
            assert!(table_bytes(limit + 1, slot) > u128::from(cap));
        }
        assert_eq!(states_within(511, 8), 0);
    }

    #[test]
    fn slots_for_keeps_the_table_at_most_three_quarters_full() {
        assert_eq!(slots_for(0), 0);
        assert_eq!(slots_for(1), 64);
        assert_eq!(slots_for(48), 64);
        assert_eq!(slots_for(49), 128);
        assert_eq!(slots_for(20_000_000), 1 << 25);
        assert_eq!(capacity_of(1 << 25), 25_165_824);
        for states in [1u64, 48, 49, 1_000, 12_582_912, 12_582_913] {
            let slots = slots_for(states);
            assert!(capacity_of(slots) >= u128::from(states));
            assert!(slots == 64 || capacity_of(slots / 2) < u128::from(states));
        }
    }

    #[test]
    fn a_zero_limit_allocates_nothing() {
        let mut table = StateTable::<u64>::new(0, Deadline::NEVER);
        assert!(matches!(table.insert(1, true), Err(TableFull::Exhausted)));
        assert_eq!((table.get(1), table.allocated_bytes()), (None, 0));
    }

    #[test]
    fn a_deadline_passed_while_growing_stops_the_move() {
        let passed = Deadline::after(Some(std::time::Duration::ZERO));
        let mut table = StateTable::<u64>::new(u64::MAX, passed);
        let mut result = Ok(());
        for used in 1..=1_000_000u64 {
            result = table.insert(used, false);
            if result.is_err() {
                break;
            }
        }
        assert!(matches!(result, Err(TableFull::TimeLimit)), "{result:?}");
    }
}
