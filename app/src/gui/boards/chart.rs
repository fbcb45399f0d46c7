//! The Boards view's chart: the chosen seat's equity on the shown flops,
//! lowest to highest, each flop as wide as its frequency.

use egui::{RichText, Sense, Stroke};
use engine::study::FlopRow;

use super::lines::{flop_text, means};
use super::swing::swing_color;

/// The chart's title, on the line above it.
const TITLE: &str = "equity by flop, lowest to highest (width: how often it comes)";

/// The chosen seat's equity on the shown flops, lowest to highest, each
/// flop as wide as its frequency: how often the seat stands where.
pub fn chart_ui(ui: &mut egui::Ui, rows: &[FlopRow], shown: &[usize], chosen: usize) {
    let mut points: Vec<(f64, f64, usize)> = shown
        .iter()
        .filter_map(|&i| {
            let e = rows[i].seats.get(chosen)?.figures.equity;
            Some((e, rows[i].frequency, i))
        })
        .collect();
    points.sort_by(|a, b| a.0.total_cmp(&b.0));
    let total: f64 = points.iter().map(|p| p.1).sum();
    let mean = means(rows).get(chosen).copied().unwrap_or(0.5);
    // The equity axis: the shown flops' span, a little wider, in 0..=1.
    let low = (points.first().map_or(0.0, |p| p.0) - 0.02).max(0.0);
    let high = (points.last().map_or(1.0, |p| p.0) + 0.02)
        .min(1.0)
        .max(low + 0.01);
    let weak = ui.visuals().weak_text_color();
    let font = egui::FontId::proportional(11.0);
    // The title on a line of its own above the plot, where no line or
    // label of the plot can reach it.
    ui.label(RichText::new(TITLE).font(font.clone()).color(weak));
    let width = ui.available_width().max(100.0);
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, 90.0), Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 3.0, ui.visuals().extreme_bg_color);
    if total <= 0.0 {
        return;
    }
    let y = |e: f64| rect.bottom() - (e as f32) * rect.height();
    for level in [0.25, 0.5, 0.75] {
        painter.hline(
            rect.x_range(),
            y(level),
            Stroke::new(1.0, ui.visuals().faint_bg_color),
        );
    }
    let mut x = rect.left();
    let mut hovered = None;
    let pointer = response.hover_pos();
    for &(e, f, i) in &points {
        let w = (f / total) as f32 * rect.width();
        let bar = egui::Rect::from_min_max(egui::pos2(x, y(e)), egui::pos2(x + w, rect.bottom()));
        painter.rect_filled(bar, 0.0, swing_color(e, mean));
        if pointer.is_some_and(|p| p.x >= x && p.x < x + w.max(1.0)) {
            hovered = Some((e, i));
        }
        x += w;
    }
    painter.hline(rect.x_range(), y(mean), Stroke::new(1.0, weak));
    mean_label_ui(ui, &painter, rect, y(mean), 100.0 * mean, font.clone());
    painter.text(
        rect.right_top() + egui::vec2(-4.0, 2.0),
        egui::Align2::RIGHT_TOP,
        format!("{:.0}%", 100.0 * high),
        font.clone(),
        weak,
    );
    painter.text(
        rect.right_bottom() + egui::vec2(-4.0, -2.0),
        egui::Align2::RIGHT_BOTTOM,
        format!("{:.0}%", 100.0 * low),
        font,
        weak,
    );
    if let Some((e, i)) = hovered {
        response.on_hover_text(format!("{}: {:.2}%", flop_text(&rows[i]), 100.0 * e));
    }
}

/// The seat's equity over every flop (`percent`), written at the left end
/// of its line at `line_y`: above the line where it fits inside `plot`,
/// else below it, so it never leaves the plot. Named for accessibility
/// (its text, with its place).
fn mean_label_ui(
    ui: &egui::Ui,
    painter: &egui::Painter,
    plot: egui::Rect,
    line_y: f32,
    percent: f64,
    font: egui::FontId,
) {
    let text = format!("{percent:.1}% over every flop");
    let color = ui.visuals().weak_text_color();
    let galley = painter.layout_no_wrap(text.clone(), font, color);
    let size = galley.size();
    let above = line_y - 1.0 - size.y;
    let top = if above >= plot.top() + 1.0 {
        above
    } else {
        (line_y + 1.0).min(plot.bottom() - size.y)
    };
    let place = egui::Rect::from_min_size(egui::pos2(plot.left() + 4.0, top), size);
    painter.galley(place.min, galley, color);
    ui.interact(
        place,
        ui.scope_id().with("boards mean label"),
        Sense::hover(),
    )
    .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &text));
}
