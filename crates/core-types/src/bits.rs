//! Bit helpers shared by every crate that walks Can I Win's used-sets (the backends, the
//! analysis, the teaching views), so none keeps its own copy.

/// The indices of the set bits of `mask`, ascending: bit `k` of a used-set is integer `k + 1`.
///
/// # Complexity
///
/// `O(popcount)`: one `trailing_zeros` per set bit.
///
/// ```
/// let bits: Vec<u32> = core_types::bits::set_bits(0b1010_0001).collect();
/// assert_eq!(bits, vec![0, 5, 7]);
/// ```
pub fn set_bits(mut mask: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let k = mask.trailing_zeros();
            mask &= mask - 1;
            k
        })
    })
}

/// The sums of every subset of the `bits` integers `first, first + 1, …, first + bits - 1`,
/// by index (bit `k` of the index stands for `first + k`): `sums[s]` is the sum of subset `s`.
///
/// # Complexity
///
/// `O(2^bits)` time and `8 · 2^bits` bytes: one addition per entry (each subset extends the
/// one without its lowest bit).
///
/// ```
/// let sums = core_types::bits::subset_sums(3, 10);
/// assert_eq!(sums, vec![0, 10, 11, 21, 12, 22, 23, 33]);
/// ```
pub fn subset_sums(bits: u32, first: u64) -> Vec<u64> {
    let mut sums = vec![0u64; 1usize << bits];
    for x in 1..sums.len() {
        let k = x.trailing_zeros();
        sums[x] = sums[x & (x - 1)] + first + u64::from(k);
    }
    sums
}
