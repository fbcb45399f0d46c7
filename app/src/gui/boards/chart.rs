//! The Boards view's chart (egui_plot): the chosen seat's equity on the
//! shown flops, lowest to highest, each flop as wide as its frequency;
//! hovering names the flop, its equity and how often it comes, a click
//! puts it on the board.

use egui::{RichText, Sense, Stroke};
use egui_plot::{Bar, BarChart, HLine, HoverPosition, PlotTransform, VLine};
use engine::Card;
use engine::study::FlopRow;

use super::lines::{flop_text, means};
use super::swing::swing_color;
use super::table::same_flop;
use crate::gui::charts::{fix_bounds, name_plot, percent_plot};

/// The chart's title, on the line above it.
const TITLE: &str = "equity by flop, lowest to highest (width: how often it comes)";

/// The plot area's name (accessibility, tests).
pub const PLOT_NAME: &str = "equity by flop chart";

/// One flop's bar: where it spans across (shares of the shown flops), its
/// equity and its row.
struct Span {
    /// Where the bar starts, a share of the shown flops.
    start: f64,
    /// Where it ends.
    end: f64,
    /// The chosen seat's equity on the flop.
    equity: f64,
    /// The flop's row.
    row: usize,
}

/// The chosen seat's equity on the shown flops, lowest to highest, each
/// flop as wide as its frequency: how often the seat stands where. The
/// flop on `board` is marked. Returns the flop clicked.
pub fn chart_ui(
    ui: &mut egui::Ui,
    rows: &[FlopRow],
    shown: &[usize],
    chosen: usize,
    board: &[Card],
) -> Option<[Card; 3]> {
    let spans = spans(rows, shown, chosen);
    let mean = means(rows).get(chosen).copied().unwrap_or(0.5);
    // The equity axis: the shown flops' span, a little wider, in 0..=1.
    let low = spans.iter().map(|s| s.equity).fold(1.0, f64::min);
    let high = spans.iter().map(|s| s.equity).fold(0.0, f64::max);
    let low = (low.min(high) - 0.02).max(0.0);
    let high = (high + 0.02).min(1.0).max(low + 0.01);
    let weak = ui.visuals().weak_text_color();
    let strong = ui.visuals().strong_text_color();
    let font = egui::FontId::proportional(11.0);
    // The title on a line of its own above the plot, where no line or
    // label of the plot can reach it.
    ui.label(RichText::new(TITLE).font(font.clone()).color(weak));
    let marked = spans.iter().find(|s| same_flop(&rows[s.row].flop, board));
    let height = (ui.available_height() * 0.3).clamp(130.0, 200.0);
    let plot = percent_plot("boards chart", "share of the flops", "equity", height)
        .label_formatter(|pos| hover_text(rows, &spans, pos));
    let response = plot.show(ui, |plot_ui| {
        fix_bounds(plot_ui, (0.0, 1.0), (low, high));
        plot_ui.bar_chart(bars(&spans, mean).allow_hover(false));
        plot_ui.hline(HLine::new("mean", mean).stroke(Stroke::new(1.0, weak)));
        if let Some(s) = marked {
            plot_ui.vline(
                VLine::new("board", 0.5 * (s.start + s.end)).stroke(Stroke::new(1.5, strong)),
            );
        }
    });
    name_plot(&response.response, PLOT_NAME);
    let line_y = response.transform.position_from_point_y(mean);
    let painter = ui.painter().with_clip_rect(*response.transform.frame());
    mean_label_ui(
        ui,
        &painter,
        *response.transform.frame(),
        line_y,
        100.0 * mean,
        font,
    );
    let clicked = response
        .response
        .interact_pointer_pos()
        .filter(|_| response.response.clicked());
    clicked
        .and_then(|p| span_at(&spans, x_at(&response.transform, p)))
        .map(|s| rows[s.row].flop)
}

/// The shown flops' bars, lowest equity first, each as wide as its share
/// of the shown flops' frequency.
fn spans(rows: &[FlopRow], shown: &[usize], chosen: usize) -> Vec<Span> {
    let mut points: Vec<(f64, f64, usize)> = shown
        .iter()
        .filter_map(|&i| {
            let e = rows[i].seats.get(chosen)?.figures.equity;
            Some((e, rows[i].frequency, i))
        })
        .collect();
    points.sort_by(|a, b| a.0.total_cmp(&b.0));
    let total: f64 = points.iter().map(|p| p.1).sum();
    if total <= 0.0 {
        return Vec::new();
    }
    let mut start = 0.0;
    points
        .into_iter()
        .map(|(equity, f, row)| {
            let end = start + f / total;
            let span = Span {
                start,
                end,
                equity,
                row,
            };
            start = end;
            span
        })
        .collect()
}

/// The bars, coloured by equity against the seat's `mean`.
fn bars(spans: &[Span], mean: f64) -> BarChart {
    let bars = spans
        .iter()
        .map(|s| {
            Bar::new(0.5 * (s.start + s.end), s.equity)
                .width(s.end - s.start)
                .fill(swing_color(s.equity, mean))
                .stroke(Stroke::NONE)
        })
        .collect();
    BarChart::new("flops", bars)
}

/// The plot's x at the screen position `p`.
fn x_at(transform: &PlotTransform, p: egui::Pos2) -> f64 {
    transform.value_from_position(p).x
}

/// The bar across `x`.
fn span_at(spans: &[Span], x: f64) -> Option<&Span> {
    let i = spans.partition_point(|s| s.end <= x);
    spans.get(i).filter(|s| s.start <= x)
}

/// The hover label: the flop under the pointer (found by its x), the
/// seat's equity on it and how often it comes.
fn hover_text(rows: &[FlopRow], spans: &[Span], pos: &HoverPosition<'_>) -> Option<String> {
    let (HoverPosition::NearDataPoint { position, .. } | HoverPosition::Elsewhere { position }) =
        *pos;
    let s = span_at(spans, position.x)?;
    let row = &rows[s.row];
    Some(format!(
        "{}: {:.2}% equity\ncomes {:.3}% of the time",
        flop_text(row),
        100.0 * s.equity,
        100.0 * row.frequency
    ))
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
    let color = ui.visuals().text_color();
    let galley = painter.layout_no_wrap(text.clone(), font, color);
    let size = galley.size();
    let above = line_y - 1.0 - size.y;
    let top = if above >= plot.top() + 1.0 {
        above
    } else {
        (line_y + 1.0).min(plot.bottom() - size.y)
    };
    let place = egui::Rect::from_min_size(egui::pos2(plot.left() + 4.0, top), size);
    // On a backing, to read over the bars.
    painter.rect_filled(
        place.expand(1.0),
        2.0,
        ui.visuals().extreme_bg_color.gamma_multiply(0.8),
    );
    painter.galley(place.min, galley, color);
    ui.interact(
        place,
        ui.scope_id().with("boards mean label"),
        Sense::hover(),
    )
    .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &text));
}
