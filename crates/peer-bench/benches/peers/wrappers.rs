//! The peers' side of the peer benchmark: tic-tac-toe and Domineering written against the
//! `game-solver` 0.1 and `minimax` 0.5 traits, on the same rules as gamesolve's games
//! ([`gamesolve_peers::tic_tac_toe::rules`], [`gamesolve_peers::domineering::rules`]). Shared
//! by `benches/peers.rs` (criterion) and `examples/peer_solve.rs` (one solve per process).

use gamesolve::Verdict;
use gamesolve_peers::domineering::rules as dom;
use gamesolve_peers::tic_tac_toe::rules as ttt;

/// The peers' implementations of the two games.
pub mod peers {
    use super::{dom, ttt};
    use game_solver::Player;
    use minimax::{Evaluation, Evaluator, Winner, WORST_EVAL};

    /// A 64-bit mix for `minimax`'s table (its games hash themselves).
    fn mix(mut z: u64) -> u64 {
        z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Tic-tac-toe for `game-solver`: X's and O's marks. Its moves are the search order
    /// ([`ttt::search_moves`]: a win at once alone, else the blocks, else centre, corners,
    /// edges) or, when `EVERY`, every empty cell in cell order ([`ttt::moves`]). When
    /// `MIRROR`, its table (a hash map keyed by the position, through `Hash` and `Eq`) keys a
    /// position and its left-right mirror image alike ([`ttt::mirror`]): the fact
    /// gamesolve's games give as `Game::canonical`.
    #[derive(Clone, Copy)]
    pub struct GsTicTacToe<const EVERY: bool, const MIRROR: bool> {
        pub x: u16,
        pub o: u16,
    }

    impl<const EVERY: bool, const MIRROR: bool> GsTicTacToe<EVERY, MIRROR> {
        /// The table's key: both boards in one word, or the smaller of it and its mirror
        /// image when `MIRROR`.
        fn key(&self) -> u32 {
            let position = u32::from(self.x) | u32::from(self.o) << 16;
            if MIRROR {
                position.min(ttt::mirror(position))
            } else {
                position
            }
        }
    }

    impl<const EVERY: bool, const MIRROR: bool> PartialEq for GsTicTacToe<EVERY, MIRROR> {
        fn eq(&self, other: &Self) -> bool {
            self.key() == other.key()
        }
    }

    impl<const EVERY: bool, const MIRROR: bool> Eq for GsTicTacToe<EVERY, MIRROR> {}

    impl<const EVERY: bool, const MIRROR: bool> std::hash::Hash for GsTicTacToe<EVERY, MIRROR> {
        fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
            self.key().hash(state);
        }
    }

    /// The move `game-solver` is told wins at a full board, worth `score() - 1 = 0`: a draw.
    const DRAW: u8 = 9;

    impl<const EVERY: bool, const MIRROR: bool> game_solver::Game for GsTicTacToe<EVERY, MIRROR> {
        type Move = u8;
        type Iter = std::vec::IntoIter<u8>;

        fn player(&self) -> Player {
            if self.x.count_ones() == self.o.count_ones() {
                Player::P1
            } else {
                Player::P2
            }
        }

        /// The question gamesolve answers, in the crate's own terms (its docs: "you can specify
        /// [-1, 1] to get only win/loss/draw moves"): a winning move is worth
        /// `score() - 1 = 1`, the draw move at a full board `0`.
        fn score(&self) -> u32 {
            if self.x | self.o == ttt::FULL {
                1
            } else {
                2
            }
        }

        fn max_score(&self) -> u32 {
            1
        }

        fn min_score(&self) -> i32 {
            -1
        }

        fn make_move(&mut self, m: u8) -> bool {
            if self.x.count_ones() == self.o.count_ones() {
                self.x |= 1 << m;
            } else {
                self.o |= 1 << m;
            }
            true
        }

        fn possible_moves(&self) -> Self::Iter {
            let mut out = Vec::with_capacity(9);
            if self.x | self.o == ttt::FULL {
                out.push(DRAW);
            } else if EVERY {
                ttt::moves(self.x, self.o, &mut out);
            } else {
                ttt::search_moves(self.x, self.o, &mut out);
            }
            out.into_iter()
        }

        fn is_winning_move(&self, m: u8) -> bool {
            if m == DRAW {
                return true;
            }
            let (mine, _) = ttt::sides(self.x, self.o);
            ttt::won(mine | 1 << m)
        }
    }

    /// Domineering for `game-solver`: the position of [`dom`]; when `MIRROR`, keyed in its
    /// table with its left-right mirror image alike ([`dom::mirror`]), as [`GsTicTacToe`].
    #[derive(Clone, Copy)]
    pub struct GsDomineering<const W: usize, const H: usize, const MIRROR: bool>(pub u64);

    impl<const W: usize, const H: usize, const MIRROR: bool> GsDomineering<W, H, MIRROR> {
        /// The table's key: the position, or the smaller of it and its mirror image.
        fn key(&self) -> u64 {
            if MIRROR {
                self.0.min(dom::mirror(W, H, self.0))
            } else {
                self.0
            }
        }
    }

    impl<const W: usize, const H: usize, const MIRROR: bool> PartialEq for GsDomineering<W, H, MIRROR> {
        fn eq(&self, other: &Self) -> bool {
            self.key() == other.key()
        }
    }

    impl<const W: usize, const H: usize, const MIRROR: bool> Eq for GsDomineering<W, H, MIRROR> {}

    impl<const W: usize, const H: usize, const MIRROR: bool> std::hash::Hash
        for GsDomineering<W, H, MIRROR>
    {
        fn hash<S: std::hash::Hasher>(&self, state: &mut S) {
            self.key().hash(state);
        }
    }

    impl<const W: usize, const H: usize, const MIRROR: bool> game_solver::Game
        for GsDomineering<W, H, MIRROR>
    {
        type Move = u8;
        type Iter = std::vec::IntoIter<u8>;

        fn player(&self) -> Player {
            if self.0 & dom::HORIZONTAL == 0 {
                Player::P1
            } else {
                Player::P2
            }
        }

        /// Win or loss, as gamesolve answers it: a winning move is worth `score() - 1 = 1`
        /// (a score that counts moves asks the harder question of how soon: on 6x6 that took
        /// `game-solver` about 65 s where this takes about 6.3 s, one solve each at load 1).
        fn score(&self) -> u32 {
            2
        }

        fn max_score(&self) -> u32 {
            1
        }

        fn min_score(&self) -> i32 {
            -1
        }

        fn make_move(&mut self, m: u8) -> bool {
            self.0 = dom::play(W, self.0, m);
            true
        }

        fn possible_moves(&self) -> Self::Iter {
            let mut out = Vec::with_capacity(2 * W * H);
            dom::cells(dom::placements(W, H, self.0), &mut out);
            out.into_iter()
        }

        fn is_winning_move(&self, m: u8) -> bool {
            dom::placements(W, H, dom::play(W, self.0, m)) == 0
        }
    }

    /// Tic-tac-toe for `minimax`, its moves as [`GsTicTacToe`]'s; when `MIRROR`, its table's
    /// hash is of the smaller of the position and its mirror image (a stored best move that
    /// is not a move of the position is passed over by `minimax`).
    pub struct MmTicTacToe<const EVERY: bool, const MIRROR: bool>;

    impl<const EVERY: bool, const MIRROR: bool> minimax::Game for MmTicTacToe<EVERY, MIRROR> {
        type S = (u16, u16);
        type M = u8;

        fn generate_moves(&(x, o): &(u16, u16), moves: &mut Vec<u8>) {
            if EVERY {
                ttt::moves(x, o, moves);
            } else {
                ttt::search_moves(x, o, moves);
            }
        }

        fn apply(state: &mut (u16, u16), m: u8) -> Option<(u16, u16)> {
            let (x, o) = *state;
            Some(if x.count_ones() == o.count_ones() {
                (x | 1 << m, o)
            } else {
                (x, o | 1 << m)
            })
        }

        fn get_winner(&(x, o): &(u16, u16)) -> Option<Winner> {
            ttt::over(x, o).map(|order| match order {
                std::cmp::Ordering::Less => Winner::PlayerJustMoved,
                _ => Winner::Draw,
            })
        }

        fn zobrist_hash(&(x, o): &(u16, u16)) -> u64 {
            mix(u64::from(GsTicTacToe::<EVERY, MIRROR> { x, o }.key()))
        }
    }

    /// Domineering for `minimax`; its table's hash as [`MmTicTacToe`]'s.
    pub struct MmDomineering<const W: usize, const H: usize, const MIRROR: bool>;

    impl<const W: usize, const H: usize, const MIRROR: bool> minimax::Game
        for MmDomineering<W, H, MIRROR>
    {
        type S = u64;
        type M = u8;

        fn generate_moves(&position: &u64, moves: &mut Vec<u8>) {
            dom::cells(dom::placements(W, H, position), moves);
        }

        fn apply(position: &mut u64, m: u8) -> Option<u64> {
            Some(dom::play(W, *position, m))
        }

        fn get_winner(&position: &u64) -> Option<Winner> {
            (dom::placements(W, H, position) == 0).then_some(Winner::PlayerJustMoved)
        }

        fn zobrist_hash(&position: &u64) -> u64 {
            mix(GsDomineering::<W, H, MIRROR>(position).key())
        }
    }

    /// The exact evaluator: 0 for a position that goes on (the search reaches every end), the
    /// loss of the player to move where the game is over.
    pub struct Exact<G>(pub std::marker::PhantomData<G>);

    impl<const EVERY: bool, const MIRROR: bool> Evaluator for Exact<MmTicTacToe<EVERY, MIRROR>> {
        type G = MmTicTacToe<EVERY, MIRROR>;
        fn evaluate(&self, &(x, o): &(u16, u16)) -> Evaluation {
            match ttt::over(x, o) {
                Some(std::cmp::Ordering::Less) => WORST_EVAL,
                _ => 0,
            }
        }
    }

    impl<const W: usize, const H: usize, const MIRROR: bool> Evaluator
        for Exact<MmDomineering<W, H, MIRROR>>
    {
        type G = MmDomineering<W, H, MIRROR>;
        fn evaluate(&self, &position: &u64) -> Evaluation {
            if dom::placements(W, H, position) == 0 {
                WORST_EVAL
            } else {
                0
            }
        }
    }
}

/// The first player's verdict from a score of the player to move at the start.
pub fn verdict_of(score: i64) -> Verdict {
    match score.signum() {
        1 => Verdict::Win,
        -1 => Verdict::Loss,
        _ => Verdict::Draw,
    }
}

/// `minimax`'s exact root value: iterative deepening with MTD(f) to `depth` plies, with a
/// table of `table_bytes`.
pub fn minimax_value<G>(start: &G::S, depth: u8, table_bytes: usize) -> i64
where
    G: minimax::Game,
    G::S: Clone,
    G::M: Copy + Eq,
    peers::Exact<G>: minimax::Evaluator<G = G>,
{
    use minimax::Strategy;
    let options = minimax::IterativeOptions::new()
        .with_table_byte_size(table_bytes)
        .with_mtdf();
    let mut search = minimax::IterativeSearch::new(peers::Exact(std::marker::PhantomData), options);
    search.set_max_depth(depth);
    search.choose_move(start);
    i64::from(search.root_value())
}

/// `game-solver`'s score of tic-tac-toe from the empty board ([`peers::GsTicTacToe`]: every
/// move when `EVERY`, its table keyed with the mirror image when `MIRROR`).
pub fn game_solver_tic_tac_toe<const EVERY: bool, const MIRROR: bool>() -> i64 {
    i64::from(game_solver::solve(&peers::GsTicTacToe::<EVERY, MIRROR> {
        x: 0,
        o: 0,
    }))
}

/// `minimax`'s value of tic-tac-toe from the empty board ([`peers::MmTicTacToe`]).
pub fn minimax_tic_tac_toe<const EVERY: bool, const MIRROR: bool>() -> i64 {
    minimax_value::<peers::MmTicTacToe<EVERY, MIRROR>>(&(0, 0), 10, 1 << 20)
}

/// `game-solver`'s score of Domineering `W` x `H` from the empty board
/// ([`peers::GsDomineering`]).
pub fn game_solver_domineering<const W: usize, const H: usize, const MIRROR: bool>() -> i64 {
    i64::from(game_solver::solve(&peers::GsDomineering::<W, H, MIRROR>(0)))
}

/// `minimax`'s value of Domineering `W` x `H` from the empty board
/// ([`peers::MmDomineering`]), searched to the game's full length (at most `W · H / 2`
/// dominoes, one ply more to see the end) with a table of `table_bytes`.
pub fn minimax_domineering<const W: usize, const H: usize, const MIRROR: bool>(
    table_bytes: usize,
) -> i64 {
    let depth = u8::try_from(W * H / 2 + 1).unwrap_or(u8::MAX);
    minimax_value::<peers::MmDomineering<W, H, MIRROR>>(&0, depth, table_bytes)
}
