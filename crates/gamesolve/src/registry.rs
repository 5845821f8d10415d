//! The one place that knows which backends this build has.
//!
//! Every `#[cfg(feature = …)]` of the facade lives in this module. The rest
//! of the code (and the CLI) sees a [`Backend`] value, which always names
//! every backend gamesolve knows, compiled in or not, so that asking for a
//! missing one gives a precise error instead of "unknown backend".

use std::fmt;
use std::str::FromStr;

use core_types::Solver;

#[cfg(not(any(feature = "recursive", feature = "memo", feature = "tabular")))]
compile_error!(
    "gamesolve needs at least one backend feature. Enable one, for example \
     `cargo build --features tabular`, or in Cargo.toml: \
     gamesolve = { version = \"0.1\", default-features = false, features = [\"tabular\"] }"
);

/// The backend crates this build has, for their solver types and options
/// (`backends::solver_memo::MemoSolver`, …).
pub mod backends {
    #[cfg(feature = "memo")]
    pub use solver_memo;
    #[cfg(feature = "recursive")]
    pub use solver_recursive;
    #[cfg(feature = "tabular")]
    pub use solver_tabular;
}

/// A solver backend, by its one name.
///
/// The name is at once the crate suffix (`solver-memo`), the cargo feature
/// (`memo`), the CLI `--backend` value, [`Solver::name`], and the bench id.
///
/// ```
/// use gamesolve::Backend;
///
/// let backend: Backend = "memo".parse()?;
/// assert_eq!(backend.name(), "memo");
/// assert!("quantum".parse::<Backend>().is_err());
/// # Ok::<(), gamesolve::BackendError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Backend {
    /// Plain backtracking, no memo (`solver-recursive`).
    Recursive,
    /// Top-down memoized search (`solver-memo`).
    Memo,
    /// Bottom-up tables (`solver-tabular`).
    Tabular,
}

impl Backend {
    /// Every backend gamesolve knows, whether or not this build has it.
    pub const ALL: [Backend; 3] = [Backend::Recursive, Backend::Memo, Backend::Tabular];

    /// The order in which [`Backend::default`] picks: the fastest first.
    pub const PRIORITY: [Backend; 3] = [Backend::Tabular, Backend::Memo, Backend::Recursive];

    /// The backend's one name (also its cargo feature).
    pub const fn name(self) -> &'static str {
        match self {
            Backend::Recursive => "recursive",
            Backend::Memo => "memo",
            Backend::Tabular => "tabular",
        }
    }

    /// Whether this build was compiled with the backend's cargo feature.
    pub const fn is_available(self) -> bool {
        match self {
            Backend::Recursive => cfg!(feature = "recursive"),
            Backend::Memo => cfg!(feature = "memo"),
            Backend::Tabular => cfg!(feature = "tabular"),
        }
    }

    /// The backends this build has, in [`Backend::ALL`] order.
    pub fn available() -> impl Iterator<Item = Backend> {
        Backend::ALL.into_iter().filter(|b| b.is_available())
    }

    /// One line on what the backend is for and its limits.
    pub const fn summary(self) -> &'static str {
        match self {
            Backend::Recursive => {
                "plain backtracking, no memo: the textbook baseline; exponential, \
                 stops at a node budget (default 10^8 positions)"
            }
            Backend::Memo => {
                "top-down memo: visits only reachable states (fast for easy totals); \
                 dense 2-bit table up to the memory cap, sparse map beyond it; \
                 interval table for Predict the Winner (O(len^2) memory)"
            }
            Backend::Tabular => {
                "bottom-up tables: fastest on hard Can I Win totals (1 bit per state, \
                 n <= 33 within the memory cap); rolling row for Predict the Winner \
                 (O(len) memory, 10^5 values and more)"
            }
        }
    }

    /// A solver of this backend with default limits.
    ///
    /// # Errors
    ///
    /// [`BackendError::Unavailable`] when this build lacks the backend.
    pub fn solver(self) -> Result<Box<dyn Solver + Send>, BackendError> {
        self.solver_with(&SolverConfig::default())
    }

    /// A solver of this backend with the given limits (a limit a backend
    /// does not use is ignored by it).
    ///
    /// # Errors
    ///
    /// [`BackendError::Unavailable`] when this build lacks the backend.
    pub fn solver_with(
        self,
        config: &SolverConfig,
    ) -> Result<Box<dyn Solver + Send>, BackendError> {
        let _ = config; // unused when only some backends are compiled in
        match self {
            #[cfg(feature = "recursive")]
            Backend::Recursive => {
                let mut solver = solver_recursive::RecursiveSolver::new();
                if let Some(budget) = config.node_budget {
                    solver = solver.with_node_budget(budget);
                }
                Ok(Box::new(solver))
            }
            #[cfg(feature = "memo")]
            Backend::Memo => {
                let mut solver = solver_memo::MemoSolver::new();
                if let Some(cap) = config.memory_cap_bytes {
                    solver = solver.with_memory_cap_bytes(cap);
                }
                if let Some(budget) = config.state_budget {
                    solver = solver.with_state_budget(budget);
                }
                Ok(Box::new(solver))
            }
            #[cfg(feature = "tabular")]
            Backend::Tabular => {
                let mut solver = solver_tabular::TabularSolver::new();
                if let Some(cap) = config.memory_cap_bytes {
                    solver = solver.with_memory_cap_bytes(cap);
                }
                Ok(Box::new(solver))
            }
            #[allow(unreachable_patterns)]
            missing => Err(BackendError::Unavailable { backend: missing }),
        }
    }

    /// The build's feature flags in `rg --version` style, e.g.
    /// `+recursive +memo -tabular`.
    pub fn feature_flags() -> String {
        Backend::ALL
            .iter()
            .map(|b| format!("{}{}", if b.is_available() { '+' } else { '-' }, b.name()))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl Default for Backend {
    /// The first backend of [`Backend::PRIORITY`] this build has: `tabular`,
    /// else `memo`, else `recursive`.
    fn default() -> Self {
        // At least one backend is compiled in (else compile_error! above).
        Backend::PRIORITY
            .into_iter()
            .find(|b| b.is_available())
            .unwrap_or(Backend::Recursive)
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Backend {
    type Err = BackendError;

    /// Parses any known backend name, compiled in or not; availability is
    /// checked by [`Backend::solver`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Backend::ALL
            .into_iter()
            .find(|b| b.name() == s)
            .ok_or_else(|| BackendError::Unknown { name: s.to_owned() })
    }
}

/// Limits passed to a backend's solver; `None` keeps the backend's default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolverConfig {
    /// `recursive`: positions to expand before giving up.
    pub node_budget: Option<u64>,
    /// `memo` and `tabular`: largest table to allocate, in bytes.
    pub memory_cap_bytes: Option<u64>,
    /// `memo`: states the sparse map may store before giving up.
    pub state_budget: Option<u64>,
}

/// Asking for a backend that does not exist or is not in this build.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BackendError {
    /// No backend has this name.
    #[error("unknown backend `{name}` (known backends: recursive, memo, tabular)")]
    Unknown {
        /// The name asked for.
        name: String,
    },
    /// The backend exists but its cargo feature was off in this build.
    #[error(
        "backend `{backend}` is not available in this build (enable cargo feature `{backend}`)"
    )]
    Unavailable {
        /// The backend asked for.
        backend: Backend,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for b in Backend::ALL {
            assert_eq!(b.name().parse::<Backend>(), Ok(b));
            assert_eq!(b.to_string(), b.name());
        }
    }

    #[test]
    fn default_is_available_and_first_by_priority() {
        let d = Backend::default();
        assert!(d.is_available());
        for b in Backend::PRIORITY {
            if b == d {
                break;
            }
            assert!(!b.is_available());
        }
    }

    #[test]
    fn solvers_match_availability_and_names() {
        for b in Backend::ALL {
            match b.solver() {
                Ok(s) => {
                    assert!(b.is_available());
                    assert_eq!(s.name(), b.name());
                }
                Err(e) => {
                    assert!(!b.is_available());
                    assert_eq!(
                        e.to_string(),
                        format!(
                            "backend `{b}` is not available in this build (enable cargo feature `{b}`)"
                        )
                    );
                }
            }
        }
    }
}
