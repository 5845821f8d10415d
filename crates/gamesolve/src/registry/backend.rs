//! [`Backend`], the value the rest of the code sees in place of a `cfg`: every backend
//! gamesolve knows, compiled in or not, with what this build has of it; [`BackendChoice`], a
//! backend and optionally one of its variants (`--backend memo/dense`); and
//! [`BackendError`], why a backend or variant cannot be had.
//!
//! ```
//! use gamesolve::registry::{Backend, BackendChoice, BackendError};
//!
//! let choice: BackendChoice = "memo/hash-map".parse()?;
//! assert_eq!(choice.backend, Backend::Memo);
//! assert!(matches!("quantum".parse::<Backend>(), Err(BackendError::Unknown { .. })));
//! # Ok::<(), BackendError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use core_types::{Solver, SolverConfig, Variant};

use super::Registered;

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
/// # Ok::<(), gamesolve::registry::BackendError>(())
/// ```
///
/// Deliberately not `#[non_exhaustive]`: a `match` over backends lists every one, so a new
/// backend fails to compile until each place decides what it does with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Backend {
    /// Plain backtracking, no memo (`solver-recursive`).
    Recursive,
    /// Top-down memoized search (`solver-memo`).
    Memo,
    /// Bottom-up tables (`solver-tabular`).
    Tabular,
    /// Linear-time reduction, Predict the Winner only (`solver-reduction`).
    Reduction,
}

impl Backend {
    /// Every backend gamesolve knows, whether or not this build has it.
    pub const ALL: [Backend; 4] = [
        Backend::Recursive,
        Backend::Memo,
        Backend::Tabular,
        Backend::Reduction,
    ];

    /// The order in which [`Backend::default_for`] picks, for each game the first that has an
    /// algorithm for it: the fastest first. `reduction` beats the tables on Predict the Winner
    /// from 2 values on (BENCHMARKS.md); it has nothing for Can I Win, where `tabular` leads.
    pub const PRIORITY: [Backend; 4] = [
        Backend::Reduction,
        Backend::Tabular,
        Backend::Memo,
        Backend::Recursive,
    ];

    /// The backend's one name (also its cargo feature).
    pub const fn name(self) -> &'static str {
        match self {
            Backend::Recursive => "recursive",
            Backend::Memo => "memo",
            Backend::Tabular => "tabular",
            Backend::Reduction => "reduction",
        }
    }

    /// Whether this build was compiled with the backend's cargo feature.
    pub const fn is_available(self) -> bool {
        match self {
            Backend::Recursive => cfg!(feature = "recursive"),
            Backend::Memo => cfg!(feature = "memo"),
            Backend::Tabular => cfg!(feature = "tabular"),
            Backend::Reduction => cfg!(feature = "reduction"),
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
                 (O(len) memory, 10^5 values and more); retrograde analysis for any indexed \
                 game, the only one for Cat and Mouse, whose positions repeat"
            }
            Backend::Reduction => {
                "linear-time Predict the Winner: merge every peak x <= y >= z into x - y + z, \
                 then greedy; 10^7 values in tens of milliseconds; no algorithm for Can I Win"
            }
        }
    }

    /// The variants this backend has for the game `G` in this build, its automatic choice
    /// first; empty when the build lacks the backend or the backend does not apply to `G`.
    pub fn variants<G: Registered>(self) -> Vec<Variant<G>> {
        if self.is_available() {
            G::variants_of(self)
        } else {
            Vec::new()
        }
    }

    /// A solver of this backend's automatic choice for `G`, with default limits.
    ///
    /// # Errors
    ///
    /// [`BackendError::Unavailable`] when this build lacks the backend;
    /// [`BackendError::NotApplicable`] when it has no algorithm for `G`.
    pub fn solver<G: Registered>(self) -> Result<Box<dyn Solver<G> + Send>, BackendError> {
        self.solver_with(&SolverConfig::default())
    }

    /// A solver of this backend's automatic choice for `G` with the given limits (a limit a
    /// backend does not use is ignored by it).
    ///
    /// # Errors
    ///
    /// As [`Backend::solver`].
    pub fn solver_with<G: Registered>(
        self,
        config: &SolverConfig,
    ) -> Result<Box<dyn Solver<G> + Send>, BackendError> {
        BackendChoice::automatic(self).solver_with(config)
    }

    /// The default backend for `G`: the first of [`Backend::PRIORITY`] this build has that
    /// applies to `G`.
    pub fn default_for<G: Registered>() -> Backend {
        Backend::PRIORITY
            .into_iter()
            .find(|b| !b.variants::<G>().is_empty())
            .unwrap_or_default()
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
    /// The first backend of [`Backend::PRIORITY`] this build has, whatever the game; the
    /// default for one game is [`Backend::default_for`].
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

/// Every backend's name, comma-separated, from [`Backend::ALL`]: the one list.
fn known_backends() -> String {
    Backend::ALL.map(Backend::name).join(", ")
}

/// Asking for a backend that does not exist or is not in this build.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BackendError {
    /// No backend has this name.
    #[error("unknown backend `{name}` (known backends: {})", known_backends())]
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
    /// The backend has no algorithm for this game.
    #[error("backend `{backend}` has no algorithm for {game}{hint}")]
    NotApplicable {
        /// The backend asked for.
        backend: Backend,
        /// The game's machine name.
        game: &'static str,
        /// Advice; empty or starting with `"; "`.
        hint: &'static str,
    },
    /// The backend has no variant of this name for this game.
    #[error("backend `{backend}` has no variant `{variant}` for {game} (its variants: {known})")]
    UnknownVariant {
        /// The backend asked for.
        backend: Backend,
        /// The variant name asked for.
        variant: String,
        /// The game's machine name.
        game: &'static str,
        /// The variants it has, comma-separated.
        known: String,
    },
}

/// A backend and, optionally, one of its variants: what `--backend memo` or
/// `--backend memo/dense` names. A bare backend means its automatic choice (the first of its
/// variants).
///
/// ```
/// use gamesolve::{Backend, CanIWin, registry::BackendChoice, core_types::Solver};
///
/// let choice: BackendChoice = "memo/dense".parse()?;
/// assert_eq!((choice.backend, choice.variant.as_deref()), (Backend::Memo, Some("dense")));
/// assert_eq!(choice.to_string(), "memo/dense");
/// if Backend::Memo.is_available() {
///     let mut solver = choice.solver::<CanIWin>()?;
///     assert_eq!((solver.name(), solver.variant()), ("memo", "dense"));
///     assert!(!solver.solve(&CanIWin::new(10, 11)?)?.can_i_win());
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BackendChoice {
    /// The backend.
    pub backend: Backend,
    /// The variant's name; `None` for the backend's automatic choice.
    pub variant: Option<String>,
}

impl BackendChoice {
    /// The backend's automatic choice.
    pub const fn automatic(backend: Backend) -> Self {
        BackendChoice {
            backend,
            variant: None,
        }
    }

    /// The chosen variant for `G`.
    ///
    /// # Errors
    ///
    /// [`BackendError::Unavailable`] when this build lacks the backend,
    /// [`BackendError::NotApplicable`] when it has no algorithm for `G`,
    /// [`BackendError::UnknownVariant`] when it has no variant of that name for `G`.
    pub fn variant_for<G: Registered>(&self) -> Result<Variant<G>, BackendError> {
        let backend = self.backend;
        if !backend.is_available() {
            return Err(BackendError::Unavailable { backend });
        }
        let variants = backend.variants::<G>();
        let Some(first) = variants.first().copied() else {
            return Err(BackendError::NotApplicable {
                backend,
                game: G::NAME,
                hint: G::not_applicable_hint(backend),
            });
        };
        match &self.variant {
            None => Ok(first),
            Some(name) => variants
                .iter()
                .find(|v| v.name == name.as_str())
                .copied()
                .ok_or_else(|| BackendError::UnknownVariant {
                    backend,
                    variant: name.clone(),
                    game: G::NAME,
                    known: variants
                        .iter()
                        .map(|v| v.name)
                        .collect::<Vec<_>>()
                        .join(", "),
                }),
        }
    }

    /// A solver of the chosen variant for `G`, with default limits.
    ///
    /// # Errors
    ///
    /// As [`BackendChoice::variant_for`].
    pub fn solver<G: Registered>(&self) -> Result<Box<dyn Solver<G> + Send>, BackendError> {
        self.solver_with(&SolverConfig::default())
    }

    /// A solver of the chosen variant for `G`, with the given limits.
    ///
    /// # Errors
    ///
    /// As [`BackendChoice::variant_for`].
    pub fn solver_with<G: Registered>(
        &self,
        config: &SolverConfig,
    ) -> Result<Box<dyn Solver<G> + Send>, BackendError> {
        Ok(self.variant_for::<G>()?.solver(config))
    }
}

impl From<Backend> for BackendChoice {
    fn from(backend: Backend) -> Self {
        BackendChoice::automatic(backend)
    }
}

impl fmt::Display for BackendChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.variant {
            Some(variant) => write!(f, "{}/{variant}", self.backend),
            None => write!(f, "{}", self.backend),
        }
    }
}

impl FromStr for BackendChoice {
    type Err = BackendError;

    /// Parses `backend` or `backend/variant`; the variant is checked when a game asks for it.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (backend, variant) = match s.split_once('/') {
            Some((backend, variant)) => (backend, Some(variant.to_owned())),
            None => (s, None),
        };
        Ok(BackendChoice {
            backend: backend.parse()?,
            variant,
        })
    }
}
