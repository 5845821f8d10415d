//! `growth`'s curve fits: least squares on the logarithm of the time, against the logarithm of
//! the size (a power, `c · size^k`) and against the size (an exponential, `c · b^size`), each
//! with its R²; the better R² names the shape.
//!
//! Kept here rather than taken from a crate: two straight-line fits are a dozen lines, and the
//! statistics crates (`linregress`, `statrs`) bring matrices for what is a closed form.

use gamesolve::contract::growth::{Fit, Fits, Shape};

/// A straight line `y = a + b·x` through `points` by least squares, and its R²; `None` with
/// fewer than two points or when every `x` is the same.
///
/// # Complexity
///
/// `O(points)` time, `O(1)` memory.
fn line(points: &[(f64, f64)]) -> Option<(f64, f64, f64)> {
    let n = points.len() as f64;
    if points.len() < 2 {
        return None;
    }
    let mean_x = points.iter().map(|p| p.0).sum::<f64>() / n;
    let mean_y = points.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = points.iter().map(|p| (p.0 - mean_x).powi(2)).sum();
    let sxy: f64 = points.iter().map(|p| (p.0 - mean_x) * (p.1 - mean_y)).sum();
    let syy: f64 = points.iter().map(|p| (p.1 - mean_y).powi(2)).sum();
    if sxx <= 0.0 {
        return None;
    }
    let slope = sxy / sxx;
    let intercept = mean_y - slope * mean_x;
    let residual: f64 = points
        .iter()
        .map(|p| (p.1 - intercept - slope * p.0).powi(2))
        .sum();
    // Every y the same: the line passes through every point.
    let r2 = if syy > 0.0 { 1.0 - residual / syy } else { 1.0 };
    Some((intercept, slope, r2))
}

/// The power and exponential fits of `points` (size, time in nanoseconds), over the points
/// with a size of 1 or more and a positive time; `None` with fewer than three such points or a
/// single size.
///
/// # Complexity
///
/// `O(points)` time and memory.
pub(crate) fn fit(points: &[(u64, f64)]) -> Option<Fits> {
    let used: Vec<(u64, f64)> = points
        .iter()
        .copied()
        .filter(|&(size, time)| size >= 1 && time > 0.0)
        .collect();
    if used.len() < 3 {
        return None;
    }
    let logs = |x: fn(u64) -> f64| -> Vec<(f64, f64)> {
        used.iter().map(|&(s, t)| (x(s), t.ln())).collect()
    };
    let (a, k, r2_power) = line(&logs(|s| (s as f64).ln()))?;
    let (c, ln_b, r2_exp) = line(&logs(|s| s as f64))?;
    let power = Fit {
        shape: Shape::Power,
        factor: k,
        coefficient_ns: a.exp(),
        r2: r2_power,
    };
    let exponential = Fit {
        shape: Shape::Exponential,
        factor: ln_b.exp(),
        coefficient_ns: c.exp(),
        r2: r2_exp,
    };
    Some(Fits {
        from: used.iter().map(|p| p.0).min().unwrap_or(0),
        to: used.iter().map(|p| p.0).max().unwrap_or(0),
        points: used.len(),
        best: if r2_exp > r2_power {
            Shape::Exponential
        } else {
            Shape::Power
        },
        power,
        exponential,
    })
}

/// The fitted time at `size`, in nanoseconds.
pub(crate) fn at(fit: &Fit, size: f64) -> f64 {
    match fit.shape {
        Shape::Power => fit.coefficient_ns * size.powf(fit.factor),
        Shape::Exponential => fit.coefficient_ns * fit.factor.powf(size),
    }
}

/// A fit in words: `2.00^n (R² 1.000)`, `n^2.00 (R² 0.998)`, with `x` for the size; a base
/// near 1 with four decimals (`1.0021^length`), where two would read `1.00`.
pub(crate) fn words(fit: &Fit, x: &str) -> String {
    match fit.shape {
        Shape::Power => format!("{x}^{:.2} (R² {:.3})", fit.factor, fit.r2),
        Shape::Exponential if fit.factor < 1.1 => {
            format!("{:.4}^{x} (R² {:.3})", fit.factor, fit.r2)
        }
        Shape::Exponential => format!("{:.2}^{x} (R² {:.3})", fit.factor, fit.r2),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9 * b.abs().max(1.0)
    }

    #[test]
    fn an_exponential_recovers_its_base() {
        let points: Vec<(u64, f64)> = (1..=12).map(|x| (x, 3.0 * 2f64.powi(x as i32))).collect();
        let fits = fit(&points).unwrap();
        assert_eq!(fits.best, Shape::Exponential);
        assert!(close(fits.exponential.factor, 2.0), "{fits:?}");
        assert!(close(fits.exponential.coefficient_ns, 3.0), "{fits:?}");
        assert!(close(fits.exponential.r2, 1.0), "{fits:?}");
        assert!(fits.power.r2 < 0.99, "{fits:?}");
        assert_eq!((fits.from, fits.to, fits.points), (1, 12, 12));
        assert!(close(at(&fits.exponential, 5.0), 96.0));
        assert_eq!(words(&fits.exponential, "n"), "2.00^n (R² 1.000)");
    }

    #[test]
    fn a_power_recovers_its_exponent() {
        let points: Vec<(u64, f64)> = [1, 2, 4, 8, 16, 32, 64, 128]
            .iter()
            .map(|&x| (x, (x * x) as f64))
            .collect();
        let fits = fit(&points).unwrap();
        assert_eq!(fits.best, Shape::Power);
        assert!(close(fits.power.factor, 2.0), "{fits:?}");
        assert!(close(fits.power.coefficient_ns, 1.0), "{fits:?}");
        assert!(close(fits.power.r2, 1.0), "{fits:?}");
        assert!(fits.exponential.r2 < 0.95, "{fits:?}");
        assert_eq!(words(&fits.power, "length"), "length^2.00 (R² 1.000)");
        let near_one = Fit {
            factor: 1.00213,
            ..fits.exponential
        };
        assert!(words(&near_one, "length").starts_with("1.0021^length"));
    }

    #[test]
    fn noise_lowers_r2_and_too_few_points_give_none() {
        let noisy: Vec<(u64, f64)> = (1..=10)
            .map(|x| (x, 2f64.powi(x as i32) * if x % 2 == 0 { 1.5 } else { 0.7 }))
            .collect();
        let fits = fit(&noisy).unwrap();
        assert!(
            fits.exponential.r2 < 1.0 && fits.exponential.r2 > 0.9,
            "{fits:?}"
        );
        assert!(fit(&[(1, 1.0), (2, 2.0)]).is_none());
        assert!(fit(&[(3, 1.0), (3, 2.0), (3, 4.0)]).is_none());
        // Size 0 and zero times are left out.
        assert!(fit(&[(0, 1.0), (1, 0.0), (2, 2.0), (3, 3.0)]).is_none());
    }
}
