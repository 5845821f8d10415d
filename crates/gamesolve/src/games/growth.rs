//! Growth families: the same game at growing sizes, for `gamesolve growth` and the page's
//! "How the work grows" ([`TableGame::growth`](super::TableGame::growth)).
//!
//! A game with a whole-number parameter gets a family with no code of its own: that
//! parameter (the first of its kind in [`GameParams::PARAMS`]) at sizes about √2 apart, from
//! its least allowed value (1 at the least) up to this instance's, the other parameters as
//! given ([`by_first_integer_param`]). The built-in games give families of their own.
//!
//! ```
//! use gamesolve::games::growth::sizes_sqrt2_apart;
//!
//! assert_eq!(sizes_sqrt2_apart(1, 40, 100), [1, 2, 3, 4, 6, 8, 11, 16, 23, 32, 40]);
//! // At most `points` sizes: the largest are kept, the instance's own last.
//! assert_eq!(sizes_sqrt2_apart(1, 40, 3), [23, 32, 40]);
//! ```

use super::{GameParams, Param, ParamKind, ParamValue};

/// Sizes from `first` up to `last`, each about √2 times the one before (rounded, each larger
/// than the one before), `last` itself the last one; at most `points` of them, the largest
/// kept. Empty when `first > last` or `points` is 0.
///
/// Cost: `O(log(last / first))` time and memory.
pub fn sizes_sqrt2_apart(first: u64, last: u64, points: usize) -> Vec<u64> {
    let mut sizes: Vec<u64> = Vec::new();
    if first > last || points == 0 {
        return sizes;
    }
    let mut x = first.max(1) as f64;
    let mut size = first;
    while size < last {
        sizes.push(size);
        // The next size: √2 further, at least one more, at most `last`.
        x *= std::f64::consts::SQRT_2;
        while (x.round() as u64) <= size {
            x *= std::f64::consts::SQRT_2;
        }
        size = (x.round() as u64).min(last);
    }
    sizes.push(last);
    let drop = sizes.len().saturating_sub(points);
    sizes.drain(..drop);
    sizes
}

/// The first whole-number parameter of `params`, if any: the one a game's default growth
/// family varies.
pub const fn first_integer_param(params: &'static [Param]) -> Option<&'static Param> {
    let mut k = 0;
    while k < params.len() {
        if let ParamKind::Integer { .. } = params[k].kind {
            return Some(&params[k]);
        }
        k += 1;
    }
    None
}

/// This instance's value of its first whole-number parameter: its size on the axis of
/// [`by_first_integer_param`]. `None` for a game with no such parameter.
pub fn first_integer_value<G: GameParams>(game: &G) -> Option<u64> {
    let param = first_integer_param(G::PARAMS)?;
    game.params().integer(param).ok()
}

/// The default growth family of a game with a whole-number parameter: that parameter at the
/// sizes of [`sizes_sqrt2_apart`] from its least allowed value (1 at the least) up to this
/// instance's value, at most `points` of them, the other parameters as this instance has
/// them; each size paired with its game. A size the game refuses (another parameter limits
/// it) is left out. Empty for a game with no whole-number parameter.
///
/// Cost: one [`GameParams::from_params`] per size.
pub fn by_first_integer_param<G: GameParams>(game: &G, points: usize) -> Vec<(u64, G)> {
    let (Some(param), Some(own)) = (first_integer_param(G::PARAMS), first_integer_value(game))
    else {
        return Vec::new();
    };
    let ParamKind::Integer { min, .. } = param.kind else {
        return Vec::new();
    };
    let base = game.params();
    sizes_sqrt2_apart(min.max(1).min(own), own, points)
        .into_iter()
        .filter_map(|size| {
            let mut params = base.clone();
            params.set(param.name, ParamValue::Text(size.to_string()));
            G::from_params(&params).ok().map(|g| (size, g))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_grow_by_about_root_two_and_end_at_the_last() {
        assert_eq!(sizes_sqrt2_apart(1, 1, 10), [1]);
        assert_eq!(sizes_sqrt2_apart(0, 3, 10), [0, 1, 2, 3]);
        assert_eq!(sizes_sqrt2_apart(4, 5, 10), [4, 5]);
        assert_eq!(sizes_sqrt2_apart(5, 4, 10), Vec::<u64>::new());
        assert_eq!(sizes_sqrt2_apart(1, 4, 0), Vec::<u64>::new());
        let long = sizes_sqrt2_apart(1, 4096, 1000);
        assert_eq!(long.first(), Some(&1));
        assert_eq!(long.last(), Some(&4096));
        assert!(long.windows(2).all(|w| w[0] < w[1]), "{long:?}");
        assert!(long.len() < 30, "{long:?}");
        let huge = sizes_sqrt2_apart(1, u64::MAX, 1000);
        assert_eq!(huge.last(), Some(&u64::MAX));
        assert!(huge.windows(2).all(|w| w[0] < w[1]), "{huge:?}");
    }
}
