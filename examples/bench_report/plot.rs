//! The plot (`docs/benchmarks.svg`): one panel per `plot` caption of the series files (files
//! with the same caption share a panel), time on a log axis against size, one line per
//! variant, each variant one colour in every panel. A point known only as a range (no median)
//! is left out of the plot.

use plotters::prelude::*;

use super::data::{SeriesRow, Table};
use super::page::format_ns;

/// One colour per variant, in the order variants first appear in the plotted files.
const PALETTE: [RGBColor; 8] = [
    RGBColor(214, 39, 40),
    RGBColor(31, 119, 180),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
    RGBColor(255, 127, 14),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];

/// A panel: its caption, the size's name, and its points with their variants.
struct Panel<'a> {
    caption: &'a str,
    size_name: &'a str,
    rows: Vec<&'a SeriesRow>,
}

/// The SVG text of the plot of `tables`.
pub fn render(tables: &[Table]) -> Result<String, String> {
    let mut panels: Vec<Panel<'_>> = Vec::new();
    let mut variants: Vec<&str> = Vec::new();
    for table in tables {
        let Some(caption) = table.get("plot") else {
            continue;
        };
        let rows = table.series();
        for row in rows {
            if !variants.contains(&row.variant.as_str()) {
                variants.push(&row.variant);
            }
        }
        match panels.iter_mut().find(|p| p.caption == caption) {
            Some(panel) => panel.rows.extend(rows),
            None => panels.push(Panel {
                caption,
                size_name: table.key("size"),
                rows: rows.iter().collect(),
            }),
        }
    }
    if variants.len() > PALETTE.len() {
        return Err(format!(
            "the plot has {} variants and {} colours: plot fewer or add colours",
            variants.len(),
            PALETTE.len()
        ));
    }
    let mut svg = String::new();
    {
        let width = 500 * u32::try_from(panels.len().max(1)).unwrap_or(1);
        let root = SVGBackend::with_string(&mut svg, (width, 520)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let areas = root.split_evenly((1, panels.len().max(1)));
        for (area, panel) in areas.iter().zip(&panels) {
            draw_panel(area, panel, &variants).map_err(|e| e.to_string())?;
        }
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

fn draw_panel(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    panel: &Panel<'_>,
    variants: &[&str],
) -> Result<(), Box<dyn std::error::Error>> {
    let (mut x_min, mut x_max, mut y_min, mut y_max) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for row in &panel.rows {
        let Some(median) = row.median_ns else {
            continue; // a range: in the tables only
        };
        x_min = x_min.min(row.size as f64);
        x_max = x_max.max(row.size as f64);
        y_min = y_min.min(median);
        y_max = y_max.max(median);
    }
    // Sizes that span decades (row lengths) are drawn by their logarithm.
    let log_x = x_max / x_min.max(1.0) > 100.0;
    let x_of = |size: u64| {
        if log_x {
            (size as f64).log10()
        } else {
            size as f64
        }
    };
    let (x_lo, x_hi) = (x_of(x_min as u64), x_of(x_max as u64));
    let x_pad = (x_hi - x_lo).max(1.0) * 0.04;
    let mut chart = ChartBuilder::on(area)
        .caption(panel.caption, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(42)
        .y_label_area_size(72)
        .build_cartesian_2d(
            (x_lo - x_pad)..(x_hi + x_pad),
            (y_min / 2.0..y_max * 2.0).log_scale(),
        )?;
    let x_formatter = |x: &f64| {
        if !log_x {
            format!("{x:.0}")
        } else if x.fract().abs() < 1e-9 {
            format!("{:.0}", 10f64.powf(*x))
        } else {
            String::new()
        }
    };
    chart
        .configure_mesh()
        .x_desc(format!(
            "{} ({})",
            panel.size_name,
            if log_x { "log scale" } else { "linear" }
        ))
        .y_desc("median time (log scale)")
        .x_label_formatter(&x_formatter)
        .y_label_formatter(&|y| format_ns(*y))
        .x_labels(if log_x { 9 } else { 12 })
        .draw()?;
    for (index, variant) in variants.iter().enumerate() {
        let mut series: Vec<(f64, f64)> = panel
            .rows
            .iter()
            .filter(|r| r.variant == *variant)
            .filter_map(|r| Some((x_of(r.size), r.median_ns?)))
            .collect();
        if series.is_empty() {
            continue;
        }
        series.sort_by(|a, b| a.0.total_cmp(&b.0));
        let style = PALETTE[index];
        chart
            .draw_series(LineSeries::new(
                series.iter().copied(),
                style.stroke_width(2),
            ))?
            .label(*variant)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], style.stroke_width(2))
            });
        chart.draw_series(series.iter().map(|&p| Circle::new(p, 3, style.filled())))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .border_style(BLACK)
        .background_style(WHITE.mix(0.85))
        .draw()?;
    Ok(())
}
