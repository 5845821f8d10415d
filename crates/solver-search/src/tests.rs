//! The search's unit tests.

#![allow(clippy::unwrap_used)]

use super::*;
use core_types::{CanIWin, Deadline, NoStats, PredictTheWinner, Verdict};

const NAMES: SearchNames = SearchNames {
    who: "test",
    budget_hint: &[],
    cap_hint: &[],
};

/// With and without a memo, the search finds the same values; the memo stores each
/// distinct position once.
#[test]
fn memo_and_no_memo_agree() {
    for n in 1..=8u32 {
        for t in 1..=u64::from(n * (n + 1) / 2) {
            let game = CanIWin::new(n, t).unwrap();
            let pace = WorkBudget::new(u64::MAX, Deadline::after(None));
            let mut stats = NoStats;
            let mut plain = Search::new(&game, NoMemo, &mut stats, pace, NAMES, u64::MAX);
            let a = plain
                .expand(game.start(), 1)
                .map(|(s, _): (Plain<Verdict>, u32)| s);
            let memo = HashMemo::new(u64::MAX, u64::MAX);
            let pace = DeadlineClock::new(Deadline::after(None));
            let mut stats = NoStats;
            let mut memoized = Search::new(&game, memo, &mut stats, pace, NAMES, u64::MAX);
            let b = memoized
                .expand(game.start(), 1)
                .map(|(s, _): (Plain<Verdict>, u32)| s);
            assert_eq!(a, b, "n = {n}, T = {t}");
        }
    }
}

/// The dense table finds what the hash map finds.
#[test]
fn the_dense_table_agrees_with_the_hash_map() {
    for values in [
        vec![],
        vec![3],
        vec![1, 5, 2],
        vec![1, 5, 233, 7],
        vec![-4, 9, 9, -1, 0, 7],
    ] {
        let game = PredictTheWinner::new(values);
        let start = game.start();
        if game.terminal_value(start).is_some() {
            continue;
        }
        let memo = HashMemo::new(u64::MAX, u64::MAX);
        let pace = DeadlineClock::new(Deadline::after(None));
        let mut stats = NoStats;
        let mut hashed = Search::new(&game, memo, &mut stats, pace, NAMES, u64::MAX);
        let a: (Plain<core_types::Margin>, _) = hashed.expand(start, 1).unwrap();
        let memo = DenseMemo::new(&game, u64::MAX).unwrap();
        let pace = DeadlineClock::new(Deadline::after(None));
        let mut stats = NoStats;
        let mut dense = Search::new(&game, memo, &mut stats, pace, NAMES, u64::MAX);
        assert_eq!(dense.expand(start, 1).unwrap(), a);
    }
    let big = CanIWin::new(40, 500).unwrap();
    let refused = DenseMemo::<CanIWin, Plain<Verdict>>::new(&big, 1 << 30);
    assert!(matches!(refused, Err(MemoRefusal::Cap { .. })));
}

/// Remoteness: Predict the Winner always lasts one move per value.
#[test]
fn ranked_scores_count_the_moves_to_the_end() {
    let game = PredictTheWinner::new(vec![1, 5, 233, 7]);
    let memo = HashMemo::new(u64::MAX, u64::MAX);
    let pace = DeadlineClock::new(Deadline::after(None));
    let mut stats = NoStats;
    let mut search = Search::new(&game, memo, &mut stats, pace, NAMES, u64::MAX);
    let (score, _): (Ranked<core_types::Margin>, _) = search.expand(game.start(), 1).unwrap();
    assert_eq!(score.value, core_types::Margin(222));
    assert_eq!(score.remoteness, 4);
}

/// The state budget and the memory cap are refusals with the search's names.
#[test]
fn the_memo_refuses_past_its_budget_and_cap() {
    let game = CanIWin::new(12, 40).unwrap();
    let memo: HashMemo<u64, Plain<Verdict>> = HashMemo::new(10, u64::MAX);
    let pace = DeadlineClock::new(Deadline::after(None));
    let mut stats = NoStats;
    let mut search = Search::new(&game, memo, &mut stats, pace, NAMES, u64::MAX);
    let err = search.expand(game.start(), 1).unwrap_err();
    assert!(
        matches!(err, Error::BudgetExhausted { budget: 10, .. }),
        "{err}"
    );
    let memo: HashMemo<u64, Plain<Verdict>> = HashMemo::new(u64::MAX, 1024);
    let pace = DeadlineClock::new(Deadline::after(None));
    let mut stats = NoStats;
    let mut search = Search::new(&game, memo, &mut stats, pace, NAMES, 1024);
    let err = search.expand(game.start(), 1).unwrap_err();
    assert!(matches!(err, Error::TableTooLarge { .. }), "{err}");
}

/// A line of `len` positions and, with `loops`, a move from its end back to its start: a game
/// whose positions repeat (and that says so) or one that only goes deep.
#[derive(Clone, Debug)]
struct Line {
    len: u64,
    loops: bool,
}

impl Game for Line {
    const NAME: &'static str = "line";
    type Position = u64;
    type Move = u64;
    type Value = Verdict;
    type Solution = Verdict;
    fn start(&self) -> u64 {
        0
    }
    fn terminal_value(&self, p: u64) -> Option<Verdict> {
        (p == self.len && !self.loops).then_some(Verdict::Loss)
    }
    fn moves(&self, p: u64) -> Vec<u64> {
        vec![if p == self.len { 0 } else { p + 1 }]
    }
    fn play(&self, _p: u64, to: u64) -> u64 {
        to
    }
    fn solution(&self, value: Verdict, _best: Option<u64>) -> Verdict {
        value
    }
    fn outcome(&self, value: &Verdict) -> core_types::Outcome {
        value.outcome_for_first()
    }
    fn describe(&self) -> String {
        format!("line {}", self.len)
    }
    fn show_position(&self, p: u64) -> String {
        format!("at {p}")
    }
    fn show_move(&self, _p: u64, to: u64) -> String {
        format!("to {to}")
    }
    fn positions_may_repeat(&self) -> bool {
        self.loops
    }
}

/// A line far deeper than a small thread's stack is searched on stack segments, with and
/// without a memo: the depth is checked against the floor of the stack it runs on, read
/// again on each segment (a floor kept from another stack would run off the segment's end).
#[test]
fn a_deep_line_runs_on_stack_segments_from_a_small_thread() {
    std::thread::Builder::new()
        .stack_size(64 << 10)
        .spawn(|| {
            for len in [200_000, 200_001] {
                let game = Line { len, loops: false };
                // The last position is lost for its mover: the first player wins an odd line.
                let expected = if len % 2 == 1 {
                    Verdict::Win
                } else {
                    Verdict::Loss
                };
                let pace = WorkBudget::new(u64::MAX, Deadline::after(None));
                let mut stats = NoStats;
                let mut plain = Search::new(&game, NoMemo, &mut stats, pace, NAMES, 1 << 30);
                let (Plain(value), _) = plain.expand(0, 1).unwrap();
                assert_eq!(value, expected, "len {len}, no memo");
                let memo: HashMemo<u64, Plain<Verdict>> = HashMemo::new(1 << 20, 1 << 30);
                let pace = DeadlineClock::new(Deadline::after(None));
                let mut stats = NoStats;
                let mut memoized = Search::new(&game, memo, &mut stats, pace, NAMES, 1 << 30);
                let (Plain(value), _) = memoized.expand(0, 1).unwrap();
                assert_eq!(value, expected, "len {len}, memo");
            }
        })
        .unwrap()
        .join()
        .unwrap();
}

/// A game whose positions may repeat is refused at the first position met again on the
/// search's path, naming it, with or without a memo.
#[test]
fn a_repeated_position_on_the_path_is_refused_at_once() {
    let game = Line {
        len: 5,
        loops: true,
    };
    let pace = WorkBudget::new(u64::MAX, Deadline::after(None));
    let mut stats = NoStats;
    let mut plain = Search::new(&game, NoMemo, &mut stats, pace, NAMES, u64::MAX);
    let err = plain.expand(0, 1).map(|(s, _): (Plain<Verdict>, u64)| s);
    let err = err.unwrap_err();
    assert!(
        matches!(&err, Error::PositionRepeats { position, .. } if position == "at 0"),
        "{err}"
    );
    assert!(err.to_string().contains("tabular/retrograde"), "{err}");
    let memo = HashMemo::new(u64::MAX, u64::MAX);
    let pace = DeadlineClock::new(Deadline::after(None));
    let mut stats = NoStats;
    let mut memoized = Search::new(&game, memo, &mut stats, pace, NAMES, u64::MAX);
    let err = memoized.expand(0, 1).map(|(s, _): (Plain<Verdict>, u64)| s);
    assert!(matches!(err, Err(Error::PositionRepeats { .. })), "{err:?}");
    // The same line without the loop back is solved.
    let game = Line {
        len: 5,
        loops: false,
    };
    let pace = WorkBudget::new(u64::MAX, Deadline::after(None));
    let mut stats = NoStats;
    let mut plain = Search::new(&game, NoMemo, &mut stats, pace, NAMES, u64::MAX);
    let (score, _): (Plain<Verdict>, u64) = plain.expand(0, 1).unwrap();
    assert_eq!(score, Plain(Verdict::Win)); // five moves: the first player makes the last
}

/// Without a memo, what the recursion holds (its move lists, its stack segments) counts
/// against the cap: a line too deep for it stops with the cap's error.
#[test]
fn plain_recursion_stops_at_the_memory_cap() {
    let game = Line {
        len: 10_000_000,
        loops: false,
    };
    let pace = WorkBudget::new(u64::MAX, Deadline::after(None));
    let mut stats = NoStats;
    let cap = 16 << 20;
    let mut plain = Search::new(&game, NoMemo, &mut stats, pace, NAMES, cap);
    let err = plain.expand(0, 1).map(|(s, _): (Plain<Verdict>, u64)| s);
    let err = err.unwrap_err();
    assert!(
        matches!(err, Error::TableTooLarge { parameter: "depth", required_bytes, .. }
            if required_bytes > u128::from(cap)),
        "{err}"
    );
}

/// A game with its moves walked one way or the other: `LAZY` sets
/// [`Game::MOVES_ONE_BY_ONE`] with the default [`Game::next_move`]; without it the moves are
/// listed ([`Game::moves_into`]). `SAME` sets [`Game::SEARCH_ORDER_IS_GAME_ORDER`] (true: the
/// search order is the default, the game's).
#[derive(Clone, Debug)]
struct Walk<const LAZY: bool, const SAME: bool = false>(CanIWin);

impl<const LAZY: bool, const SAME: bool> Game for Walk<LAZY, SAME> {
    type Position = u64;
    type Move = u32;
    type Value = Verdict;
    type Solution = Verdict;
    const MOVES_ONE_BY_ONE: bool = LAZY;
    const SEARCH_ORDER_IS_GAME_ORDER: bool = SAME;
    fn start(&self) -> u64 {
        self.0.start()
    }
    fn terminal_value(&self, p: u64) -> Option<Verdict> {
        self.0.terminal_value(p)
    }
    fn moves(&self, p: u64) -> Vec<u32> {
        self.0.moves(p)
    }
    fn play(&self, p: u64, mv: u32) -> u64 {
        self.0.play(p, mv)
    }
    fn search_moves_into(&self, p: u64, out: &mut Vec<u32>) {
        SEARCH_LISTS.with(|lists| lists.set(lists.get() + 1));
        self.moves_into(p, out);
    }
}

std::thread_local! {
    /// How many times this thread's searches asked a [`Walk`] for its search order's list.
    static SEARCH_LISTS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Every event of a search, and how many positions it expanded at which depth.
struct Log<G: Game>(Vec<core_types::GameEvent<G>>, Vec<u64>);

impl<G: Game> Recorder<G> for Log<G> {
    fn position(&mut self, depth: u64) {
        self.1.push(depth);
    }
    fn positions(&mut self, _count: u64) {}
    fn memo_hit(&mut self) {}
    fn states_stored(&mut self, _count: u64) {}
    fn table(&mut self, _cells: u64, _bytes: u64) {}
    fn event(&mut self, event: core_types::GameEvent<G>) {
        self.0.push(event);
    }
}

/// The search's answer, best move, events and expanded positions on `game`, plain or with
/// the textbook memo (a hash map walked in the game's order).
fn walk<G: Game<Value = Verdict>>(
    game: &G,
    memo: bool,
) -> (Verdict, G::Move, Vec<core_types::GameEvent<G>>, Vec<u64>) {
    walk_with(game, memo, true)
}

/// [`walk`], the memo walked in the game's order below the root or not (then in its search
/// order, as `memo/hash-map` does).
fn walk_with<G: Game<Value = Verdict>>(
    game: &G,
    memo: bool,
    in_game_order: bool,
) -> (Verdict, G::Move, Vec<core_types::GameEvent<G>>, Vec<u64>) {
    let mut log = Log(Vec::new(), Vec::new());
    let (value, best) = {
        let pace = WorkBudget::new(u64::MAX, Deadline::after(None));
        if memo {
            let memo = HashMemo::new(u64::MAX, u64::MAX);
            let mut search = Search::new(game, memo, &mut log, pace, NAMES, u64::MAX);
            if in_game_order {
                search = search.in_game_order();
            }
            let (Plain(value), best) = search.expand(game.start(), 1).unwrap();
            (value, best)
        } else {
            let mut search = Search::new(game, NoMemo, &mut log, pace, NAMES, u64::MAX);
            let (Plain(value), best) = search.expand(game.start(), 1).unwrap();
            (value, best)
        }
    };
    (value, best, log.0, log.1)
}

/// Moves asked one at a time (Can I Win's own `next_move`, and the default one) give the
/// search of listed moves exactly: the same value, best move, events and positions.
#[test]
fn moves_one_by_one_search_what_listed_moves_search() {
    for n in 1..=7u32 {
        for t in 1..u64::from(n * (n + 1) / 2) {
            let game = CanIWin::new(n, t).unwrap();
            for memo in [false, true] {
                let listed = walk(&Walk::<false>(game), memo);
                assert_eq!(walk(&game, memo), listed, "n = {n}, T = {t}, memo {memo}");
                assert_eq!(walk(&Walk::<true>(game), memo), listed, "n = {n}, T = {t}");
            }
        }
    }
}

/// A game whose search order is its order ([`Game::SEARCH_ORDER_IS_GAME_ORDER`]) and whose
/// moves come one at a time is searched by a memo below the root exactly as its listed moves
/// are: the same value, best move, events and positions.
#[test]
fn a_memo_asks_moves_one_by_one_where_the_search_order_is_the_game_order() {
    for n in 1..=7u32 {
        for t in 1..u64::from(n * (n + 1) / 2) {
            let game = Walk::<false>(CanIWin::new(n, t).unwrap());
            let listed = walk_with(&game, true, false);
            let lists_before = SEARCH_LISTS.with(std::cell::Cell::get);
            let one_by_one = walk_with(&Walk::<true, true>(game.0), true, false);
            assert_eq!(one_by_one, listed, "n = {n}, T = {t}");
            // No list asked: the moves came one at a time below the root too.
            assert_eq!(SEARCH_LISTS.with(std::cell::Cell::get), lists_before);
            // Without the flag the same memo lists them (the count above can fail).
            walk_with(&Walk::<true, false>(game.0), true, false);
            let positions_below_the_root = listed.3.iter().filter(|&&d| d > 1).count();
            let lists = SEARCH_LISTS.with(std::cell::Cell::get) - lists_before;
            assert_eq!(lists, positions_below_the_root as u64, "n = {n}, T = {t}");
        }
    }
}

/// A line of play that never ends, its moves asked one at a time: with no move list, the
/// stack segments alone reach the cap, and the search stops with the cap's error.
#[test]
fn moves_one_by_one_stop_at_the_memory_cap() {
    #[derive(Clone, Debug)]
    struct Endless;
    impl Game for Endless {
        type Position = u64;
        type Move = u64;
        type Value = Verdict;
        type Solution = Verdict;
        const MOVES_ONE_BY_ONE: bool = true;
        fn start(&self) -> u64 {
            0
        }
        fn terminal_value(&self, _p: u64) -> Option<Verdict> {
            None
        }
        fn moves(&self, p: u64) -> Vec<u64> {
            vec![p + 1]
        }
        fn play(&self, _p: u64, to: u64) -> u64 {
            to
        }
    }
    let pace = WorkBudget::new(u64::MAX, Deadline::after(None));
    let mut stats = NoStats;
    let cap = 16 << 20;
    let mut plain = Search::new(&Endless, NoMemo, &mut stats, pace, NAMES, cap);
    let err = plain.expand(0, 1).map(|(s, _): (Plain<Verdict>, u64)| s);
    let err = err.unwrap_err();
    assert!(
        matches!(err, Error::TableTooLarge { parameter: "depth", required_bytes, .. }
            if required_bytes > u128::from(cap)),
        "{err}"
    );
}

/// A position that is not over and has no move is the game's error, naming the position,
/// whether the moves are listed or asked one at a time.
#[test]
fn a_position_without_moves_that_is_not_over_is_an_error() {
    #[derive(Clone, Debug)]
    struct Stuck<const LAZY: bool>;
    impl<const LAZY: bool> Game for Stuck<LAZY> {
        type Position = u64;
        type Move = u64;
        type Value = Verdict;
        type Solution = Verdict;
        const MOVES_ONE_BY_ONE: bool = LAZY;
        fn start(&self) -> u64 {
            0
        }
        fn terminal_value(&self, _p: u64) -> Option<Verdict> {
            None
        }
        fn moves(&self, p: u64) -> Vec<u64> {
            if p < 3 {
                vec![p + 1]
            } else {
                Vec::new()
            }
        }
        fn play(&self, _p: u64, to: u64) -> u64 {
            to
        }
    }
    fn stuck<G: Game<Position = u64, Value = Verdict>>(game: &G) -> Error {
        let pace = WorkBudget::new(u64::MAX, Deadline::after(None));
        let mut stats = NoStats;
        let mut plain = Search::new(game, NoMemo, &mut stats, pace, NAMES, u64::MAX);
        plain
            .expand(0, 1)
            .map(|(s, _): (Plain<Verdict>, G::Move)| s)
            .unwrap_err()
    }
    for err in [stuck(&Stuck::<false>), stuck(&Stuck::<true>)] {
        assert!(
            matches!(&err, Error::NoMoves { position, .. } if position == "3"),
            "{err}"
        );
    }
}
