//! What [`register!`] expands to: method resolution on `&&Probe<G>` picks the indexed
//! variants when `G: Indexed` holds (the impl on `&Probe<G>` is found first) and the generic
//! ones otherwise ("autoref specialization", which works because the macro names a concrete
//! type). Not part of the API.

use std::marker::PhantomData;

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

/// The variants of an indexed game.
pub trait ViaIndexed<G: Game> {
    /// [`indexed_variants_of`].
    fn variants_of(&self, backend: Backend) -> Vec<Variant<G>>;

    /// [`Analyzer::indexed`].
    fn analyzer(&self, game: &G, config: AnalysisConfig) -> Analyzer<G>;
}

impl<G: Indexed> ViaIndexed<G> for &Probe<G> {
    fn variants_of(&self, backend: Backend) -> Vec<Variant<G>> {
        indexed_variants_of(backend)
    }

    fn analyzer(&self, game: &G, config: AnalysisConfig) -> Analyzer<G> {
        Analyzer::indexed(game.clone(), config)
    }
}

/// The variants of any game.
pub trait ViaGame<G: Game> {
    /// [`generic_variants_of`].
    fn variants_of(&self, backend: Backend) -> Vec<Variant<G>>;

    /// [`Analyzer::new`].
    fn analyzer(&self, game: &G, config: AnalysisConfig) -> Analyzer<G>;
}

impl<G: Game> ViaGame<G> for Probe<G> {
    fn variants_of(&self, backend: Backend) -> Vec<Variant<G>> {
        generic_variants_of(backend)
    }

    fn analyzer(&self, game: &G, config: AnalysisConfig) -> Analyzer<G> {
        Analyzer::new(game.clone(), config)
    }
}
