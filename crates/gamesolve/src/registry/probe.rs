//! What [`register!`] expands to: method resolution on `&&Probe<G>` picks, for the concrete
//! type the macro names, the first of these that holds ("autoref specialization"):
//!
//! 1. `G: Indexed + ExtraVariants`: the indexed variants, then the game's own
//!    (a by-value `self` method of `&&Probe<G>`, the receiver as written);
//! 2. `G: Indexed`: the indexed variants (by-value `self` of `&&&Probe<G>`, found by autoref),
//!    or `G: ExtraVariants`: the generic variants, then the game's own (`&self` of
//!    `&&Probe<G>`, the same receiver); a game that is both stopped at step 1;
//! 3. any game: the generic variants (`&self` of `Probe<G>`, after two derefs).
//!
//! Not part of the API.

use std::marker::PhantomData;

use super::ExtraVariants;
use super::{generic_variants_of, indexed_variants_of, Backend};
use crate::analysis::generic::Analyzer;
use crate::analysis::AnalysisConfig;
use crate::{Game, Indexed, Variant};

/// A zero-sized stand-in for the game type `G`.
pub struct Probe<G>(PhantomData<G>);

impl<G> Probe<G> {
    /// The probe of `G`.
    pub const fn new() -> Self {
        Probe(PhantomData)
    }
}

impl<G> Default for Probe<G> {
    fn default() -> Self {
        Probe::new()
    }
}

/// `variants` with the game's own variants of `backend` after them.
fn with_extra<G: ExtraVariants>(
    mut variants: Vec<Variant<G>>,
    backend: Backend,
) -> Vec<Variant<G>> {
    variants.extend(G::extra_variants(backend));
    variants
}

/// The variants of an indexed game (steps 1 and 2).
pub trait ViaIndexed<G: Game> {
    /// [`indexed_variants_of`], with the game's own variants at step 1.
    fn variants_of(self, backend: Backend) -> Vec<Variant<G>>;

    /// [`Analyzer::indexed`].
    fn analyzer(self, game: &G, config: AnalysisConfig) -> Analyzer<G>;
}

impl<G: Indexed + ExtraVariants> ViaIndexed<G> for &&Probe<G> {
    fn variants_of(self, backend: Backend) -> Vec<Variant<G>> {
        with_extra(indexed_variants_of(backend), backend)
    }

    fn analyzer(self, game: &G, config: AnalysisConfig) -> Analyzer<G> {
        Analyzer::indexed(game.clone(), config)
    }
}

impl<G: Indexed> ViaIndexed<G> for &&&Probe<G> {
    fn variants_of(self, backend: Backend) -> Vec<Variant<G>> {
        indexed_variants_of(backend)
    }

    fn analyzer(self, game: &G, config: AnalysisConfig) -> Analyzer<G> {
        Analyzer::indexed(game.clone(), config)
    }
}

/// The variants of a game without a numbering (steps 2 and 3).
pub trait ViaGame<G: Game> {
    /// [`generic_variants_of`], with the game's own variants at step 2.
    fn variants_of(&self, backend: Backend) -> Vec<Variant<G>>;

    /// [`Analyzer::new`].
    fn analyzer(&self, game: &G, config: AnalysisConfig) -> Analyzer<G>;
}

impl<G: ExtraVariants> ViaGame<G> for &&Probe<G> {
    fn variants_of(&self, backend: Backend) -> Vec<Variant<G>> {
        with_extra(generic_variants_of(backend), backend)
    }

    fn analyzer(&self, game: &G, config: AnalysisConfig) -> Analyzer<G> {
        Analyzer::new(game.clone(), config)
    }
}

impl<G: Game> ViaGame<G> for Probe<G> {
    fn variants_of(&self, backend: Backend) -> Vec<Variant<G>> {
        generic_variants_of(backend)
    }

    fn analyzer(&self, game: &G, config: AnalysisConfig) -> Analyzer<G> {
        Analyzer::new(game.clone(), config)
    }
}
