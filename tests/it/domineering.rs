//! Domineering (`benches/games/domineering.rs`): every variant agrees with `memo/hash-map`,
//! on boards numbered below and above the dense bound (2^24 indices), where `memo/indexed`
//! and `tabular/retrograde` keep cells for the positions reached only.

use gamesolve::core_types::limits::DENSE_INDICES;
use gamesolve::{
    core_types::{Indexed, SolverConfig},
    registry::all_variants,
    Game, Verdict,
};

use crate::domineering_game::Domineering;

/// Known values for the first (vertical) player: 2x2 and 3x3 are first-player wins.
#[test]
fn every_variant_agrees_on_small_boards() {
    let config = SolverConfig::default();
    for (rows, cols, first) in [
        (1, 1, Some(Verdict::Loss)),
        (2, 2, Some(Verdict::Win)),
        (3, 3, Some(Verdict::Win)),
        (2, 5, None),
        (4, 4, None),
    ] {
        let game = Domineering::new(rows, cols);
        let mut reference = None;
        for variant in all_variants::<Domineering>() {
            let id = variant.id();
            if id.starts_with("recursive") && rows * cols > 9 {
                continue; // plain recursion: minutes on 4x4
            }
            let answer = variant.solver(&config).solve(&game).unwrap_or_else(|e| {
                panic!("{id} on {}: {e}", game.describe());
            });
            assert_eq!(
                *reference.get_or_insert(answer),
                answer,
                "{id} {rows}x{cols}"
            );
        }
        if let (Some(first), Some(answer)) = (first, reference) {
            assert_eq!(answer, first, "{rows}x{cols}");
        }
    }
}

/// A board numbered past the dense bound (3x8: 2^25 indices) is solved by `memo/indexed` and
/// `tabular/retrograde` with cells for the positions reached, well within a cap that one cell
/// per index would pass.
#[test]
fn a_numbering_past_the_dense_bound_is_solved_within_a_small_cap() {
    let game = Domineering::new(3, 8);
    assert!(game.position_count() > DENSE_INDICES);
    let roomy = SolverConfig {
        state_budget: Some(10_000_000),
        ..SolverConfig::default()
    };
    let variants = all_variants::<Domineering>();
    let by_id = |id: &str| variants.iter().find(|v| v.id() == id);
    let Some(hash_map) = by_id("memo/hash-map") else {
        return;
    };
    let solved = hash_map.solver(&roomy).solve_with_stats(&game);
    let (expected, stats) = solved.expect("memo/hash-map solves 3x8");
    // 64 MiB: the positions reached fit, one byte per index (2^25) would not with the rest.
    let small = SolverConfig {
        memory_cap_bytes: Some(64 << 20),
        ..roomy
    };
    for id in ["memo/indexed", "tabular/retrograde"] {
        let Some(variant) = by_id(id) else { continue };
        let solved = variant.solver(&small).solve_with_stats(&game);
        let (answer, counted) = solved.unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(answer, expected, "{id}");
        assert!(
            counted.table_cells < game.position_count() / 8,
            "{id}: {} cells",
            counted.table_cells
        );
        if id == "tabular/retrograde" {
            assert!(counted.positions >= stats.positions, "{id}");
        }
    }
}
