use super::*;

#[test]
fn names_round_trip() {
    for b in Backend::ALL {
        assert_eq!(b.name().parse::<Backend>(), Ok(b));
        assert_eq!(b.to_string(), b.name());
    }
}

#[test]
fn default_is_available_and_first_by_priority() {
    let d = Backend::default();
    assert!(d.is_available());
    for b in Backend::PRIORITY {
        if b == d {
            break;
        }
        assert!(!b.is_available());
    }
}

#[test]
fn a_backend_without_an_algorithm_for_a_game_says_so() {
    if Backend::Reduction.is_available() {
        let Err(err) = Backend::Reduction.solver::<CanIWin>() else {
            panic!("`reduction` answered Can I Win");
        };
        assert_eq!(
            err.to_string(),
            "backend `reduction` has no algorithm for can-i-win; `gamesolve backends` lists \
             the backends and variants of each game"
        );
    }
}

#[test]
fn solvers_match_availability_and_names() {
    for b in Backend::ALL {
        match b.solver::<PredictTheWinner>() {
            Ok(s) => {
                assert!(b.is_available());
                assert_eq!(s.name(), b.name());
            }
            Err(e) => {
                assert!(!b.is_available());
                assert_eq!(
                    e.to_string(),
                    format!(
                        "backend `{b}` is not available in this build (enable cargo feature `{b}`)"
                    )
                );
            }
        }
    }
}
