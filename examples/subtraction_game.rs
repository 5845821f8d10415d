//! Your own game in one file, with the whole gamesolve app: the subtraction game with moves
//! {1, 3, 4}, defined through the public API only, solved by every generic backend, shown with
//! the teaching views, and offered by every command of `gamesolve` beside the built-in games.
//!
//! A pile of stones; the players alternately take 1, 3 or 4 stones; whoever cannot move
//! loses. The file is the whole definition: the parameters as a struct ([`table_game!`]: the
//! field's doc comment is its help, `#[range]` its allowed values), the rules ([`Game`]), a
//! numbering of the positions ([`Indexed`]: it adds `memo/indexed` and `tabular/retrograde`),
//! the game's row of the table ([`TableGame`]) and the app's words for it in `play`
//! ([`PlayWords`], all defaults here). Everything else (the answer type, its sentences, the
//! JSON answer, the views, `play`'s phrasing) is a default.
//!
//! ```text
//! cargo run --example subtraction_game -- subtraction-1-3-4 22 --json
//! cargo run --example subtraction_game -- compare subtraction-1-3-4 21 --variants
//! cargo run --example subtraction_game -- explain subtraction-1-3-4 9 --html - > pile.html
//! echo '{"game":"subtraction-1-3-4","stones":21}' | cargo run --example subtraction_game -- batch
//! cargo run --example subtraction_game -- serve
//! ```
//!
//! `tests/it/subtraction_game.rs` checks the losing pile sizes with every backend.

use gamesolve::games::{GameInfo, TableGame};
use gamesolve::{core_types::Indexed, table_game, Game, Solved, Verdict};
use gamesolve_app::PlayWords;

table_game! {
    /// A pile of `stones`; see the file's docs.
    #[derive(Clone, Debug)]
    pub struct Subtraction {
        /// The stones on the pile at the start.
        #[range(0..=1_000_000)]
        pub stones: u32,
    }
}

impl Game for Subtraction {
    const NAME: &'static str = "subtraction-1-3-4";
    /// The stones left.
    type Position = u32;
    /// The stones taken.
    type Move = u32;
    type Value = Verdict;
    type Solution = Solved<Self>;

    fn start(&self) -> u32 {
        self.stones
    }

    fn terminal_value(&self, stones: u32) -> Option<Verdict> {
        // No move left: the player to move loses.
        (stones == 0).then_some(Verdict::Loss)
    }

    fn moves(&self, stones: u32) -> Vec<u32> {
        [1, 3, 4]
            .into_iter()
            .filter(|&take| take <= stones)
            .collect()
    }

    fn play(&self, stones: u32, take: u32) -> u32 {
        stones - take
    }

    fn describe(&self) -> String {
        format!("Subtraction game {{1, 3, 4}}: a pile of {}", self.stones)
    }

    fn show_position(&self, stones: u32) -> String {
        format!("pile {stones}")
    }

    fn show_move(&self, _stones: u32, take: u32) -> String {
        format!("take {take}")
    }
}

/// A pile's index is its size: a table of `stones + 1` cells replaces the hash map.
impl Indexed for Subtraction {
    fn position_count(&self) -> u64 {
        u64::from(self.stones) + 1
    }

    fn index(&self, stones: u32) -> usize {
        stones as usize
    }

    fn position_at(&self, index: usize) -> u32 {
        index as u32
    }
}

/// Its row of the game table: with it, every front end of the app offers the game.
impl TableGame for Subtraction {
    const INFO: GameInfo = GameInfo::of::<Self>("Subtraction game {1, 3, 4}")
        .summary("Who wins the subtraction game {1, 3, 4}: take 1, 3 or 4 stones from a pile; whoever cannot move loses.")
        .rules("A pile of stones lies on the table. The players take turns; each takes 1, 3 or 4 stones from it (no more than are left). The player who cannot move, because the pile is empty, loses.")
        .examples(&["22", "9", "7"]);
}

/// Its words in `play` (the app's, not the game's description): every default, which reads
/// the moves as [`Game::show_move`] prints them ("take 3"), by number or as `#2`.
impl PlayWords for Subtraction {}

/// The whole gamesolve app with this game beside the built-in ones.
fn main() -> std::process::ExitCode {
    gamesolve_app::run(gamesolve_app::GameTable::builtin().with::<Subtraction>())
}
