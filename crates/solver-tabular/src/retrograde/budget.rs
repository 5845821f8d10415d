//! The bytes a retrograde pass holds against the memory cap ([`Limits`]: now, and the most at
//! once) and the errors that name a limit. Both retrograde paths (the pass and the DAG) count
//! through it; it is called where tables grow, never per position.

use core_types::{Error, Game};

use crate::NAME;

/// The memory cap, the bytes held against it (now, and the most at once: reported), and the
/// errors that name it. Both retrograde paths count through it.
pub(super) struct Limits {
    pub(super) cap: u64,
    held: u128,
    pub(super) peak: u128,
}

impl Limits {
    #[inline]
    pub(super) const fn new(cap: u64) -> Self {
        Limits {
            cap,
            held: 0,
            peak: 0,
        }
    }

    /// Counts `bytes` more as held, refused ([`Error::TableTooLarge`] naming `parameter` and
    /// `value`) when that passes the memory cap.
    #[inline]
    pub(super) fn charge<G: Game>(
        &mut self,
        parameter: &'static str,
        value: u64,
        bytes: u128,
    ) -> Result<(), Error> {
        let held = self.held + bytes;
        if held > u128::from(self.cap) {
            return Err(self.too_large::<G>(parameter, value, held));
        }
        self.held = held;
        self.peak = self.peak.max(held);
        Ok(())
    }

    /// Counts `bytes` fewer as held.
    #[inline]
    pub(super) fn release(&mut self, bytes: u128) {
        self.held = self.held.saturating_sub(bytes);
    }

    #[inline]
    pub(super) fn too_large<G: Game>(
        &self,
        parameter: &'static str,
        value: u64,
        required: u128,
    ) -> Error {
        Error::TableTooLarge {
            backend: NAME,
            game: G::NAME,
            parameter,
            value,
            required_bytes: required,
            memory_cap_bytes: self.cap,
            hint: &[],
        }
    }

    #[inline]
    pub(super) fn refused<G: Game>(
        &self,
        parameter: &'static str,
        value: u64,
        required: u128,
    ) -> Error {
        Error::AllocationFailed {
            backend: NAME,
            game: G::NAME,
            parameter,
            value,
            required_bytes: required,
            memory_cap_bytes: self.cap,
            hint: &[],
        }
    }
}

/// A count as `u32`, or [`Error::GameTooLarge`] naming `parameter`.
#[inline]
pub(super) fn as_u32<G: Game>(parameter: &'static str, value: u64) -> Result<u32, Error> {
    u32::try_from(value).map_err(|_| Error::GameTooLarge {
        backend: NAME,
        game: G::NAME,
        parameter,
        value,
        limit: u64::from(u32::MAX),
        hint: &[],
    })
}
