//! The equity distribution graph (egui_plot): every seat's combos sorted
//! by equity, x the share of its range, y the equity, one coloured line a
//! seat; hovering names the seat, the share and the equity there.

use std::cell::Cell;

use egui::{Align2, Color32, Stroke};
use egui_plot::{HLine, HoverPosition, Line, LineStyle, PlotPoint, Text};

use crate::gui::charts::{fix_bounds, name_plot, percent_plot, percent_tick, quarters};
use crate::gui::state::feed::Feed;
use crate::gui::state::session::Session;

/// Colours of the seats' lines in the distribution graph.
pub const SEAT_COLORS: [Color32; 10] = [
    Color32::from_rgb(230, 140, 50),
    Color32::from_rgb(80, 170, 240),
    Color32::from_rgb(120, 200, 90),
    Color32::from_rgb(220, 90, 160),
    Color32::from_rgb(240, 220, 80),
    Color32::from_rgb(160, 120, 240),
    Color32::from_rgb(90, 210, 200),
    Color32::from_rgb(240, 100, 90),
    Color32::from_rgb(180, 180, 180),
    Color32::from_rgb(150, 110, 70),
];

/// The plot area's name (accessibility, tests).
pub const PLOT_NAME: &str = "equity distribution graph";

/// What the graph says when hovered over nothing in particular.
const EXPLAIN: &str = "Each seat's combos sorted by their equity against the other seats, \
    strongest first: x is the share of the seat's range (weighted as hands are dealt), y the \
    equity. A flat line is a range of equal hands; a steep one is polarised.";

/// One seat's line: its name, colour, equity and steps.
struct Curve {
    /// The seat's name.
    name: String,
    /// The seat's colour.
    color: Color32,
    /// The seat's equity over its whole range.
    equity: f64,
    /// (share of the range, equity) per combo, strongest first.
    steps: Vec<(f64, f64)>,
}

impl Curve {
    /// The equity of the combo at `x`, the share of the range from the
    /// strongest combo.
    fn equity_at(&self, x: f64) -> Option<f64> {
        let mut end = 0.0;
        for &(share, equity) in &self.steps {
            end += share;
            if x < end {
                return Some(equity);
            }
        }
        self.steps.last().map(|s| s.1)
    }

    /// The line's corners: each combo a flat step as wide as its share.
    fn points(&self) -> Vec<[f64; 2]> {
        let mut points = Vec::with_capacity(2 * self.steps.len());
        let mut x = 0.0;
        for &(share, equity) in &self.steps {
            points.push([x, equity]);
            x += share;
            points.push([x, equity]);
        }
        points
    }
}

/// Every active seat's combos sorted by equity: x the share of its
/// range (deal-weighted), y the equity; `price` (a break-even equity)
/// draws a dashed line across.
pub fn distribution_ui(ui: &mut egui::Ui, session: &Session, feed: &Feed, price: Option<f64>) {
    let curves = curves(session, feed);
    // The tile's height less the legend and the price box under the
    // graph, within reason.
    let height = (ui.available_height() - 90.0).clamp(140.0, 300.0);
    let weak = ui.visuals().weak_text_color();
    let strong = ui.visuals().strong_text_color();
    let pointer = Cell::new(None);
    let plot = percent_plot(
        "equity distribution",
        "share of the range, strongest first",
        "equity",
        height,
    )
    .y_grid_spacer(quarters())
    // No 0% beside the x axis's own, in the corner.
    .y_axis_formatter(|mark, range| {
        if mark.value > 0.0 {
            percent_tick(mark, range)
        } else {
            String::new()
        }
    })
    .label_formatter(|pos| hover_text(&curves, pos, pointer.get()));
    let response = plot.show(ui, |plot_ui| {
        fix_bounds(plot_ui, (0.0, 1.0), (0.0, 1.0));
        pointer.set(plot_ui.pointer_coordinate());
        for (i, curve) in curves.iter().enumerate() {
            plot_ui.line(
                Line::new(curve.name.clone(), curve.points())
                    .id(("seat", i))
                    .color(curve.color)
                    .width(2.0),
            );
        }
        if let Some(price) = price {
            plot_ui.hline(
                HLine::new("break-even", price)
                    .stroke(Stroke::new(1.5, strong))
                    .style(LineStyle::dashed_dense()),
            );
            // Above the line, or under it near the top.
            let anchor = if price > 0.85 {
                Align2::RIGHT_TOP
            } else {
                Align2::RIGHT_BOTTOM
            };
            plot_ui.text(
                Text::new(
                    "break-even label",
                    PlotPoint::new(0.99, price),
                    format!("break-even {:.1}%", 100.0 * price),
                )
                .color(strong)
                .anchor(anchor),
            );
        }
        if curves.is_empty() {
            let text = if feed.pending() {
                "computing…"
            } else {
                "no result"
            };
            plot_ui.text(Text::new("state", PlotPoint::new(0.5, 0.5), text).color(weak));
        }
    });
    name_plot(&response.response, PLOT_NAME);
    ui.horizontal_wrapped(|ui| {
        for curve in &curves {
            let text = format!("■ {} {:.1}%", curve.name, 100.0 * curve.equity);
            ui.colored_label(curve.color, text).on_hover_text(EXPLAIN);
        }
    });
}

/// The seats with a result, each its line.
fn curves(session: &Session, feed: &Feed) -> Vec<Curve> {
    session
        .seats()
        .iter()
        .enumerate()
        .filter_map(|(i, seat)| {
            let b = feed.seat_breakdown(i)?;
            Some(Curve {
                name: seat.name.clone(),
                color: SEAT_COLORS[i % SEAT_COLORS.len()],
                equity: feed.seat_equity(i).map_or(0.0, |s| s.equity),
                steps: b.distribution(),
            })
        })
        .collect()
}

/// The hover label at `pointer` (the plot's position of the mouse, else
/// the point `pos` names): near a seat's line, the seat, the share of its
/// range and the equity there; elsewhere, every seat's equity at that
/// share.
fn hover_text(
    curves: &[Curve],
    pos: &HoverPosition<'_>,
    pointer: Option<PlotPoint>,
) -> Option<String> {
    let (near, at) = match *pos {
        HoverPosition::NearDataPoint {
            plot_name,
            position,
            ..
        } => (Some(plot_name), position),
        HoverPosition::Elsewhere { position } => (None, position),
    };
    let x = pointer.unwrap_or(at).x.clamp(0.0, 1.0);
    if let Some(curve) = near.and_then(|n| curves.iter().find(|c| c.name == n)) {
        let equity = curve.equity_at(x)?;
        return Some(format!(
            "{}\n{:.1}% of the range\n{:.1}% equity",
            curve.name,
            100.0 * x,
            100.0 * equity
        ));
    }
    let seats: Vec<String> = curves
        .iter()
        .filter_map(|c| {
            Some(format!(
                "{}: {:.1}% equity",
                c.name,
                100.0 * c.equity_at(x)?
            ))
        })
        .collect();
    (!seats.is_empty()).then(|| format!("{:.1}% of each range\n{}", 100.0 * x, seats.join("\n")))
}
