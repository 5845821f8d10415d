//! The floor of any pass that decides every position a game's start reaches (what
//! `tabular/retrograde` promises: the value and remoteness of each): the game's own calls for
//! all of them, and nothing else. `terminal_value` per position, `moves_into` per position
//! not over, `play` and `index` per move, over the positions collected first (breadth first,
//! untimed). `tabular/retrograde`'s target is within 2x of it (issue 43), measured in the
//! same criterion run (`benches/retrograde.rs`) and profiled alone by
//! `examples/retrograde_domineering.rs`'s `floor` mode.

use gamesolve::core_types::Indexed;
use gamesolve::Game;

/// Every position the start reaches, breadth first.
pub fn reached_positions<G: Game>(game: &G) -> Vec<G::Position> {
    let mut seen = std::collections::HashSet::new();
    let mut queue = vec![game.start()];
    seen.insert(game.start());
    let mut next = 0;
    while next < queue.len() {
        let p = queue[next];
        next += 1;
        if game.terminal_value(p).is_none() {
            for mv in game.moves(p) {
                let child = game.play(p, mv);
                if seen.insert(child) {
                    queue.push(child);
                }
            }
        }
    }
    queue
}

/// The game's calls for every position in `reached`, once each; a checksum of the indices, so
/// that nothing is optimised away.
#[inline(never)]
pub fn floor_calls<G: Indexed>(game: &G, reached: &[G::Position]) -> u64 {
    let mut moves = Vec::new();
    let mut sum = 0u64;
    for &p in reached {
        if game.terminal_value(std::hint::black_box(p)).is_some() {
            continue;
        }
        game.moves_into(p, &mut moves);
        for &mv in &moves {
            sum = sum.wrapping_add(game.index(game.play(p, mv)) as u64);
        }
    }
    sum
}
