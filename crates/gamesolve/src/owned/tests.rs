#![allow(clippy::unwrap_used)]

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use super::*;
use crate::analysis::{generic, AnalysisConfig};
use crate::core_types::{ErrorKind, SolverConfig, Variant};
use crate::registry::generic_variants_of;
use crate::{Backend, Outcome, Verdict};

/// Nim with its heaps in a `Vec`, counting the calls of its methods.
#[derive(Clone, Debug, Default)]
struct Nim {
    heaps: Vec<u32>,
    calls: Arc<AtomicUsize>,
}

impl Nim {
    fn new(heaps: &[u32]) -> Self {
        Nim {
            heaps: heaps.to_vec(),
            calls: Arc::default(),
        }
    }

    fn count(&self) {
        self.calls.fetch_add(1, Ordering::Relaxed);
    }
}

impl OwnedGame for Nim {
    const NAME: &'static str = "nim";
    type Position = Vec<u32>;
    type Move = (usize, u32);
    type Value = Verdict;

    fn start(&self) -> Vec<u32> {
        self.heaps.clone()
    }

    fn terminal_value(&self, heaps: &Vec<u32>) -> Option<Verdict> {
        self.count();
        heaps.iter().all(|&h| h == 0).then_some(Verdict::Loss)
    }

    fn moves(&self, heaps: &Vec<u32>) -> Vec<(usize, u32)> {
        self.count();
        (0..heaps.len())
            .flat_map(|i| (1..=heaps[i]).map(move |take| (i, take)))
            .collect()
    }

    fn play(&self, heaps: &Vec<u32>, &(i, take): &(usize, u32)) -> Vec<u32> {
        self.count();
        let mut after = heaps.clone();
        after[i] -= take;
        after
    }

    fn show_move(&self, _: &Vec<u32>, &(i, take): &(usize, u32)) -> String {
        format!("take {take} from heap {}", i + 1)
    }

    fn heap_bytes(&self, heaps: &Vec<u32>) -> u64 {
        (heaps.capacity() * size_of::<u32>()) as u64
    }
}

/// Every generic variant this build has.
fn variants<G: Game>() -> Vec<Variant<G>> {
    Backend::available()
        .flat_map(generic_variants_of::<G>)
        .collect()
}

/// Every tuple of `len` heaps of at most `most` each.
fn tuples(len: usize, most: u32) -> Vec<Vec<u32>> {
    let mut all = vec![Vec::new()];
    for _ in 0..len {
        all = all
            .into_iter()
            .flat_map(|t| {
                (0..=most).map(move |h| {
                    let mut t = t.clone();
                    t.push(h);
                    t
                })
            })
            .collect();
    }
    all
}

#[test]
fn every_generic_variant_follows_the_xor_rule() {
    let variants = variants::<Interned<Nim>>();
    let names: Vec<String> = variants.iter().map(Variant::id).collect();
    // A build with only `tabular` or `reduction` has none: nothing to check.
    let mut wrong = Vec::new();
    let mut solved = 0;
    for heaps in (1..=3).flat_map(|len| tuples(len, 4)) {
        let expected = if heaps.iter().fold(0, |x, &h| x ^ h) == 0 {
            Outcome::SecondPlayerWins
        } else {
            Outcome::FirstPlayerWins
        };
        for variant in &variants {
            let game = Interned::new(Nim::new(&heaps));
            let mut solver = variant.solver(&SolverConfig::default());
            let answer = solver.solve(&game).unwrap();
            solved += 1;
            if answer.outcome != expected {
                wrong.push(format!(
                    "{} on {heaps:?}: {:?}",
                    variant.id(),
                    answer.outcome
                ));
            }
            // A winning first move leaves heaps whose XOR is 0.
            if let Some(mv) = answer
                .best_move
                .filter(|_| expected == Outcome::FirstPlayerWins)
            {
                let after = game.position(game.play(game.start(), mv)).unwrap();
                if after.iter().fold(0, |x, &h| x ^ h) != 0 {
                    wrong.push(format!(
                        "{} on {heaps:?}: best move to {after:?}",
                        variant.id()
                    ));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert_eq!(solved, (5 + 25 + 125) * variants.len(), "{names:?}");
}

#[test]
fn each_method_is_asked_at_most_once_per_position() {
    // 3 4 5: 120 positions, 3 + 4 + 5 = 12 moves at most from each.
    for variant in variants::<Interned<Nim>>() {
        let nim = Nim::new(&[3, 4, 5]);
        let game = Interned::new(nim.clone());
        let mut solver = variant.solver(&SolverConfig::default());
        assert_eq!(
            solver.solve(&game).unwrap().outcome,
            Outcome::FirstPlayerWins
        );
        solver.solve(&game).unwrap();
        let positions = game.positions_interned();
        assert!(positions <= 120, "{}: {positions}", variant.id());
        let edges: usize = (0..positions as u32).map(|id| game.moves(id).len()).sum();
        // terminal_value and moves once per position, play once per move (at most).
        let calls = nim.calls.load(Ordering::Relaxed);
        assert!(
            calls <= 2 * positions + edges,
            "{}: {calls} calls",
            variant.id()
        );
    }
}

#[test]
fn the_analysis_and_the_views_read_the_games_own_words() {
    let game = Interned::new(Nim::new(&[1, 2]));
    let start = game.start();
    let analysis = generic::analyze(&game, start, &AnalysisConfig::default()).unwrap();
    assert_eq!(analysis.value, Verdict::Win);
    let best = analysis.best().unwrap().mv;
    assert_eq!(game.show_move(start, best), "take 1 from heap 2");
    assert_eq!(game.show_position(start), "[1, 2]");
    assert_eq!(game.a_move(start, best), Some((1, 1)));
    assert_eq!(game.intern(vec![1, 1]).unwrap(), game.play(start, best));
    assert!(game.held_bytes() > 0);
}

#[test]
fn past_the_memory_cap_every_variant_refuses_with_an_error() {
    // 6 heaps of 5: 46,656 positions, far more than 4 KiB holds.
    for variant in variants::<Interned<Nim>>() {
        let game = Interned::with_memory_cap(Nim::new(&[5; 6]), 4096);
        let mut solver = variant.solver(&SolverConfig::default());
        let err = solver.solve(&game).unwrap_err();
        assert_eq!(
            err.kind(),
            ErrorKind::CannotAnswer,
            "{}: {err}",
            variant.id()
        );
        assert!(
            matches!(
                err,
                Error::TableTooLarge {
                    memory_cap_bytes: 4096,
                    ..
                }
            ),
            "{}: {err}",
            variant.id()
        );
        assert!(game.held_bytes() <= 4096, "{}", variant.id());
        // It stays refused: a second solve does not answer from the wound-down numbering.
        assert!(solver.solve(&game).is_err(), "{}", variant.id());
        let config = AnalysisConfig::default();
        assert!(generic::analyze(&game, game.start(), &config).is_err());
    }
}

#[test]
fn the_searchs_own_cap_counts_the_numbering() {
    // Within the wrapper's cap, beyond the solve's: the search refuses, naming its cap.
    let game = Interned::new(Nim::new(&[5; 6]));
    let config = SolverConfig::default().with_memory_cap_bytes(64 * 1024);
    let mut wrong = Vec::new();
    // `memo/bounded` keeps a fixed table within the cap and searches on (slower, never
    // wrong): it is not one that refuses.
    let memos = variants::<Interned<Nim>>()
        .into_iter()
        .filter(|v| v.backend == "memo");
    for variant in memos.filter(|v| !v.name.starts_with("bounded")) {
        match variant.solver(&config).solve(&game) {
            Err(Error::TableTooLarge { .. }) => {}
            other => wrong.push(format!("{}: {other:?}", variant.id())),
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// A game of margins with string positions: the mover scores the letter's place in the
/// alphabet, taking from either end of the word.
#[derive(Clone, Debug)]
struct Ends(String);

impl OwnedGame for Ends {
    type Position = String;
    type Move = bool;
    type Value = crate::core_types::Margin;

    fn start(&self) -> String {
        self.0.clone()
    }
    fn terminal_value(&self, word: &String) -> Option<Self::Value> {
        word.is_empty().then_some(crate::core_types::Margin(0))
    }
    fn moves(&self, _: &String) -> Vec<bool> {
        vec![true, false]
    }
    fn play(&self, word: &String, &left: &bool) -> String {
        if left {
            word[1..].to_owned()
        } else {
            word[..word.len() - 1].to_owned()
        }
    }
    fn move_value(&self, word: &String, &left: &bool, reply: Self::Value) -> Self::Value {
        let letter = if left {
            word.as_bytes()[0]
        } else {
            word.as_bytes()[word.len() - 1]
        };
        crate::core_types::Margin(i128::from(letter - b'a' + 1) - reply.0)
    }
}

#[test]
fn a_scoring_game_keeps_its_margins() {
    // "azb": take b (2), then the other takes z (26), then a (1): better to take a first?
    // Take a (1): the other faces "zb" and takes z (26), I take b (2): 1 + 2 - 26 = -23.
    // Take b (2): the other faces "az" and takes z (26), I take a (1): 2 + 1 - 26 = -23.
    for variant in variants::<Interned<Ends>>() {
        let game = Interned::new(Ends("azb".into()));
        let answer = variant
            .solver(&SolverConfig::default())
            .solve(&game)
            .unwrap();
        assert_eq!(
            answer.value,
            crate::core_types::Margin(-23),
            "{}",
            variant.id()
        );
    }
}
