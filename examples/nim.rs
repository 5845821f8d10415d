//! A game whose positions are not `Copy`, with the whole gamesolve app: Nim with its heaps in
//! a `Vec<u32>`, defined through the public API only ([`OwnedGame`]: the rules by reference),
//! solved by every generic backend through [`Interned`] (each distinct position numbered the
//! first time it is seen), and offered by every command of `gamesolve` beside the built-in
//! games.
//!
//! Heaps of stones; the players alternately take any number of stones (at least one) from one
//! heap; whoever cannot move, because every heap is empty, loses. The first player wins
//! exactly when the heaps' sizes XOR to a number other than 0 (Bouton, 1901), and a winning
//! move leaves heaps whose XOR is 0.
//!
//! ```text
//! cargo run --example nim -- nim 3 4 5 --json
//! cargo run --example nim -- compare nim 1 2 3 --variants
//! cargo run --example nim -- analyze nim 3 4 5
//! cargo run --example nim -- explain nim 1 2 --html - > nim.html
//! cargo run --example nim -- play nim 3 4 5
//! echo '{"game":"nim","heaps":[3,4,5]}' | cargo run --example nim -- batch
//! cargo run --example nim -- serve
//! ```
//!
//! `tests/it/nim.rs` checks the XOR rule through the library and the example's commands.

use gamesolve::games::{GameInfo, GameParams, Param, ParamKind, ParamValue, Params};
use gamesolve::owned::{Interned, OwnedGame, OwnedTableGame};
use gamesolve::{Error, Verdict};

/// The most heaps, and the most stones on a heap: 8 heaps of 100 stones are 101^8 positions,
/// which the memory cap refuses with an error; a few small heaps are solved at once.
const MOST_HEAPS: usize = 8;
const MOST_STONES: i64 = 100;

/// Nim from the heaps `heaps`; see the file's docs.
#[derive(Clone, Debug)]
pub struct Nim {
    /// The heaps' sizes at the start.
    pub heaps: Vec<u32>,
}

impl Nim {
    /// Nim from these heap sizes.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidParameter`] for no heap, more than 8, or a heap outside `0..=100`.
    pub fn new(heaps: &[i64]) -> Result<Self, Error> {
        let invalid =
            |value: String, sentence: String| gamesolve::games::rule("heaps", &value, sentence);
        if heaps.is_empty() || heaps.len() > MOST_HEAPS {
            return Err(invalid(
                String::new(),
                format!(
                    "heaps has {} values: it must have 1 to {MOST_HEAPS}",
                    heaps.len()
                ),
            ));
        }
        let heaps = heaps
            .iter()
            .map(|&h| {
                u32::try_from(h).ok().filter(|_| h <= MOST_STONES).ok_or_else(|| {
                    invalid(h.to_string(), format!(
                        "heaps = {h} is out of range: each heap must be a whole number in 0..={MOST_STONES}"
                    ))
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Nim { heaps })
    }
}

impl OwnedGame for Nim {
    const NAME: &'static str = "nim";
    /// The stones left on each heap.
    type Position = Vec<u32>;
    /// Which heap (from 0), and how many stones to take from it.
    type Move = (usize, u32);
    type Value = Verdict;

    fn start(&self) -> Vec<u32> {
        self.heaps.clone()
    }

    fn terminal_value(&self, heaps: &Vec<u32>) -> Option<Verdict> {
        // No stone left: the player to move cannot move and loses.
        heaps.iter().all(|&h| h == 0).then_some(Verdict::Loss)
    }

    fn moves(&self, heaps: &Vec<u32>) -> Vec<(usize, u32)> {
        (0..heaps.len())
            .flat_map(|heap| (1..=heaps[heap]).map(move |take| (heap, take)))
            .collect()
    }

    fn play(&self, heaps: &Vec<u32>, &(heap, take): &(usize, u32)) -> Vec<u32> {
        let mut after = heaps.clone();
        after[heap] -= take;
        after
    }

    fn describe(&self) -> String {
        format!("Nim: heaps {}", words(&self.heaps))
    }

    fn show_position(&self, heaps: &Vec<u32>) -> String {
        format!("heaps {}", words(heaps))
    }

    fn show_move(&self, _heaps: &Vec<u32>, &(heap, take): &(usize, u32)) -> String {
        format!("take {take} from heap {}", heap + 1)
    }

    fn heap_bytes(&self, heaps: &Vec<u32>) -> u64 {
        (heaps.capacity() * size_of::<u32>()) as u64
    }
}

/// The heaps as words: `3 4 5`.
fn words(heaps: &[u32]) -> String {
    heaps
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// One parameter, the row of heap sizes (`nim 3 4 5`, `{"heaps":[3,4,5]}`).
impl GameParams for Nim {
    const PARAMS: &'static [Param] = &[Param {
        name: "heaps",
        value_name: "HEAPS",
        kind: ParamKind::Values,
        help: "The heaps' sizes at the start: 1 to 8 heaps of 0 to 100 stones.",
    }];

    fn from_params(params: &Params) -> Result<Self, Error> {
        Nim::new(params.values("heaps")?)
    }

    fn params(&self) -> Params {
        let heaps = self.heaps.iter().map(|&h| i64::from(h)).collect();
        Params::new().with("heaps", ParamValue::Values(heaps))
    }
}

/// Its row of the game table: with it, every front end of the app offers `Interned<Nim>`.
impl OwnedTableGame for Nim {
    const INFO: GameInfo = GameInfo::of::<Interned<Self>>("Nim")
        .summary("Who wins Nim: take any number of stones from one heap; whoever cannot move loses.")
        .rules("A few heaps of stones lie on the table. The players take turns; each takes one stone or more from one heap. The player who cannot move, because every heap is empty, loses.")
        .examples(&["3 4 5", "1 2 3", "2 2"]);
}

/// The whole gamesolve app with Nim beside the built-in games.
fn main() -> std::process::ExitCode {
    gamesolve_app::run(gamesolve_app::GameTable::builtin().with::<Interned<Nim>>())
}
