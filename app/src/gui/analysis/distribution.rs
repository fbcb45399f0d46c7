//! The equity distribution graph: every seat's combos sorted by equity,
//! x the share of its range, y the equity, one coloured line a seat.

use egui::{Color32, Pos2, Rect, Sense, Stroke, Vec2};

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

/// Every active seat's combos sorted by equity: x the share of its
/// range (deal-weighted), y the equity; `price` (a break-even equity)
/// draws a dashed line across.
pub fn distribution_ui(ui: &mut egui::Ui, session: &Session, feed: &Feed, price: Option<f64>) {
    let width = ui.available_width().min(420.0);
    let (rect, response) = ui.allocate_exact_size(Vec2::new(width, 170.0), Sense::hover());
    let painter = ui.painter_at(rect.expand(2.0));
    let visuals = ui.visuals();
    let axis = visuals.weak_text_color();
    let plot = Rect::from_min_max(
        rect.min + Vec2::new(30.0, 4.0),
        rect.max - Vec2::new(18.0, 16.0),
    );
    painter.rect_filled(plot, 0.0, visuals.extreme_bg_color);
    let small = egui::FontId::proportional(10.0);
    for i in 0..=4 {
        let f = i as f32 / 4.0;
        let y = plot.max.y - f * plot.height();
        let x = plot.min.x + f * plot.width();
        painter.line_segment(
            [Pos2::new(plot.min.x, y), Pos2::new(plot.max.x, y)],
            Stroke::new(0.5, axis.gamma_multiply(0.4)),
        );
        painter.text(
            Pos2::new(plot.min.x - 3.0, y),
            egui::Align2::RIGHT_CENTER,
            format!("{}", i * 25),
            small.clone(),
            axis,
        );
        painter.text(
            Pos2::new(x, plot.max.y + 2.0),
            egui::Align2::CENTER_TOP,
            format!("{}%", i * 25),
            small.clone(),
            axis,
        );
    }
    if let Some(price) = price {
        let y = plot.max.y - price as f32 * plot.height();
        let stroke = Stroke::new(1.5, visuals.strong_text_color());
        painter.extend(egui::Shape::dashed_line(
            &[Pos2::new(plot.min.x, y), Pos2::new(plot.max.x, y)],
            stroke,
            6.0,
            4.0,
        ));
        painter.text(
            Pos2::new(plot.max.x - 2.0, y - 2.0),
            egui::Align2::RIGHT_BOTTOM,
            format!("break-even {:.1}%", 100.0 * price),
            small.clone(),
            visuals.strong_text_color(),
        );
    }
    let mut any = false;
    let mut legend = Vec::new();
    for (i, seat) in session.seats().iter().enumerate() {
        let Some(b) = feed.seat_breakdown(i) else {
            continue;
        };
        any = true;
        let color = SEAT_COLORS[i % SEAT_COLORS.len()];
        let mut points = Vec::new();
        let mut x = 0.0;
        for (share, equity) in b.distribution() {
            let y = plot.max.y - equity as f32 * plot.height();
            points.push(Pos2::new(plot.min.x + x as f32 * plot.width(), y));
            x += share;
            points.push(Pos2::new(plot.min.x + x as f32 * plot.width(), y));
        }
        painter.add(egui::Shape::line(points, Stroke::new(2.0, color)));
        let equity = feed.seat_equity(i).map_or(0.0, |s| s.equity);
        legend.push((color, format!("{} {:.1}%", seat.name, 100.0 * equity)));
    }
    if !any {
        painter.text(
            plot.center(),
            egui::Align2::CENTER_CENTER,
            if feed.pending() {
                "computing…"
            } else {
                "no result"
            },
            egui::FontId::proportional(12.0),
            axis,
        );
    }
    response.on_hover_text(
        "Each seat's combos sorted by their equity against the other seats, strongest \
         first: x is the share of the seat's range (weighted as hands are dealt), y the \
         equity. A flat line is a range of equal hands; a steep one is polarised.",
    );
    ui.horizontal_wrapped(|ui| {
        for (color, text) in legend {
            ui.colored_label(color, format!("■ {text}"));
        }
    });
}
