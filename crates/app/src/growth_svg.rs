//! `growth --svg FILE`: the median time per solve against the size, one line per variant, on
//! a log time axis labelled in units (`1 µs`, `10 µs`, `1 ms`), each variant's better fit drawn
//! dashed over the sizes it was fitted on. Drawn with `plotters`' SVG backend, which writes
//! text as SVG `<text>` elements and needs no font files (the workspace's
//! `examples/plot_benchmarks.rs` draws `docs/benchmarks.svg` the same way).

use gamesolve::contract::growth::{Growth, Shape};
use plotters::prelude::*;

use super::error::{CliError, Kind};
use super::growth_fit::at;

/// The chart's size in pixels.
const SIZE: (u32, u32) = (900, 540);

/// One colour per curve, in turn.
const COLOURS: [RGBColor; 6] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
];

/// The chart of `report` as SVG text.
///
/// # Errors
///
/// An [`Kind::Io`] error when `plotters` fails to draw (it does not for the points `growth`
/// measures: finite, positive times).
pub(crate) fn chart(report: &Growth) -> Result<String, CliError> {
    draw(report).map_err(|e| CliError::new(Kind::Io, format!("cannot draw the chart: {e}")))
}

/// A time in nanoseconds as an axis label: `10 ns`, `1 µs`, `250 ms`, `2 s`.
pub(crate) fn time_label(ns: f64) -> String {
    let (value, unit) = if ns >= 1e9 {
        (ns / 1e9, "s")
    } else if ns >= 1e6 {
        (ns / 1e6, "ms")
    } else if ns >= 1e3 {
        (ns / 1e3, "µs")
    } else {
        (ns, "ns")
    };
    let text = format!("{value:.1}");
    let text = text.strip_suffix(".0").unwrap_or(&text);
    format!("{text} {unit}")
}

fn draw(report: &Growth) -> Result<String, Box<dyn std::error::Error>> {
    let mut svg = String::new();
    let points: Vec<(u64, f64)> = report
        .curves
        .iter()
        .flat_map(|c| {
            report
                .sizes
                .iter()
                .filter_map(move |&s| c.median_at(s).map(|t| (s, t.max(1) as f64)))
        })
        .collect();
    let (x_min, x_max) = (
        report.sizes.first().copied().unwrap_or(0),
        report.sizes.last().copied().unwrap_or(1),
    );
    // Sizes spanning more than two decades (row lengths 1 to 4096) go on a log axis too.
    let log_x = x_min >= 1 && x_max >= 100 * x_min;
    let y_min = points.iter().map(|p| p.1).fold(f64::MAX, f64::min).min(1e9);
    let y_max = points.iter().map(|p| p.1).fold(1.0, f64::max);
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE)?;
        let caption = format!("{}: median time per solve", report.game);
        let mut builder = ChartBuilder::on(&root);
        builder
            .caption(caption, ("sans-serif", 20))
            .margin(16)
            .x_label_area_size(48)
            .y_label_area_size(80);
        let y_range = (y_min / 2.0..y_max * 2.0).log_scale();
        let x_desc = if log_x {
            format!("{}, log scale", report.axis)
        } else {
            report.axis.to_owned()
        };
        let y_desc = "median time per solve (log scale)";
        if log_x {
            let x_range = (x_min as f64 / 1.2..x_max as f64 * 1.2).log_scale();
            let mut chart = builder.build_cartesian_2d(x_range, y_range)?;
            chart
                .configure_mesh()
                .x_desc(x_desc)
                .y_desc(y_desc)
                .x_label_formatter(&|x| format!("{x:.0}"))
                .y_label_formatter(&|y| time_label(*y))
                .draw()?;
            series(&mut chart, report)?;
        } else {
            let pad = ((x_max - x_min) as f64 * 0.03).max(0.5);
            let x_range = (x_min as f64 - pad)..(x_max as f64 + pad);
            let mut chart = builder.build_cartesian_2d(x_range, y_range)?;
            chart
                .configure_mesh()
                .x_desc(x_desc)
                .y_desc(y_desc)
                .x_label_formatter(&|x| format!("{x:.0}"))
                .y_label_formatter(&|y| time_label(*y))
                .draw()?;
            series(&mut chart, report)?;
        }
        root.present()?;
    }
    Ok(svg)
}

/// Each curve's measured points (a line with dots) and its better fit (dashed), with a legend.
fn series<'a, X, Y>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, Cartesian2d<X, Y>>,
    report: &Growth,
) -> Result<(), Box<dyn std::error::Error>>
where
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    for (k, curve) in report.curves.iter().enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        let measured: Vec<(f64, f64)> = report
            .sizes
            .iter()
            .filter_map(|&s| curve.median_at(s).map(|t| (s as f64, t.max(1) as f64)))
            .collect();
        if measured.is_empty() {
            continue;
        }
        let style = colour.stroke_width(2);
        chart
            .draw_series(LineSeries::new(measured.iter().copied(), style))?
            .label(curve.label.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], style));
        chart.draw_series(measured.iter().map(|&p| Circle::new(p, 3, colour.filled())))?;
        if let Some(fits) = &curve.fit {
            let best = match fits.best {
                Shape::Power => &fits.power,
                Shape::Exponential => &fits.exponential,
            };
            let line: Vec<(f64, f64)> = report
                .sizes
                .iter()
                .filter(|&&s| s >= fits.from && s <= fits.to)
                .map(|&s| (s as f64, at(best, s as f64)))
                .collect();
            chart.draw_series(DashedLineSeries::new(line, 6, 4, colour.stroke_width(1)))?;
        }
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .border_style(BLACK)
        .background_style(WHITE.mix(0.85))
        .draw()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_labels_read_in_units() {
        assert_eq!(time_label(1_000.0), "1 µs");
        assert_eq!(time_label(10_000.0), "10 µs");
        assert_eq!(time_label(1e6), "1 ms");
        assert_eq!(time_label(2.5e6), "2.5 ms");
        assert_eq!(time_label(50.0), "50 ns");
        assert_eq!(time_label(3e9), "3 s");
    }
}
