//! The benches' Can I Win inputs (`benches/support/mod.rs`) hold the answers their comments
//! say: the benches check each answer before timing it, but they run only by hand, so a wrong
//! expected answer would be found only then. `tabular` (exact, tested against every other
//! backend) answers every case here.
#![allow(clippy::unwrap_used)]

#[path = "../../benches/support/mod.rs"]
mod support;

use gamesolve::{Backend, Solver};

#[test]
fn every_can_i_win_bench_case_has_its_expected_answer() {
    if !Backend::Tabular.is_available() {
        return;
    }
    let mut solver: Box<dyn Solver<gamesolve::CanIWin> + Send> = Backend::Tabular.solver().unwrap();
    let lists = [
        ("HARDEST", support::HARDEST),
        ("HARDEST_SCANNED", support::HARDEST_SCANNED),
        ("EASY", support::EASY),
    ];
    for (list, cases) in lists {
        // `tabular` fits `n <= 32` in its default 1 GiB cap; larger easy cases are `memo`'s.
        for case in cases.iter().filter(|case| case.n <= 32) {
            let answer = solver.solve(&case.game()).unwrap();
            assert_eq!(
                answer,
                case.expected(),
                "{list}: n = {}, T = {}",
                case.n,
                case.total
            );
        }
    }
}
