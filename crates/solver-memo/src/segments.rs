//! The memory cap's check for a new stack segment, shared by the searches that count their
//! segments against the cap beside their table (`memo/alpha-beta`, `memo/bounded`).

use core_types::error::Hint;
use core_types::Error;
use solver_search::stack;

use crate::NAME;

/// The bytes of a new stack segment of `segment_bytes` for a search `depth` deep that holds
/// `held` bytes already (its table and the rest it counts), or the cap's refusal, naming
/// `game` and the search's `hint`, when the segment would take it past `cap`.
///
/// # Errors
///
/// [`Error::TableTooLarge`] (parameter `depth`) past the cap.
pub(crate) fn admit_segment(
    segment_bytes: usize,
    held: u128,
    cap: u64,
    depth: u64,
    game: &'static str,
    hint: Hint,
) -> Result<u64, Error> {
    let segment = stack::segment_mapping_bytes(segment_bytes);
    let required = held + u128::from(segment);
    if required > u128::from(cap) {
        return Err(Error::TableTooLarge {
            backend: NAME,
            game,
            parameter: "depth",
            value: depth,
            required_bytes: required,
            memory_cap_bytes: cap,
            hint,
        });
    }
    Ok(segment)
}
