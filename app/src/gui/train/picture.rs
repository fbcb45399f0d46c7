//! The pictures of a question and of why its answer is what it is: the
//! board's cards, each range as a thumbnail with its text, a bar of the
//! exact figure with the guess marked on it, and the grid of a range with
//! the cells missed or extra outlined.

use egui::{Color32, Pos2, Rect, Sense, Stroke, Vec2};
use engine::train::{Overlap, Question};
use engine::{Card, CardSet, HandClass, Range};

use crate::gui::cards::paint_card;
use crate::gui::editor::grid::{GridState, Overlay, grid_overlay_ui, heat_color};
use crate::gui::seats::seat_list::thumbnail_ui;

/// A board card's size.
const CARD: Vec2 = Vec2::new(34.0, 46.0);
/// The bar's height.
const BAR_HEIGHT: f32 = 18.0;
/// What the answer missed: in the range asked for, not painted.
pub const MISSED: Color32 = Color32::from_rgb(230, 70, 60);
/// What the answer added: painted, not in the range asked for.
pub const EXTRA: Color32 = Color32::from_rgb(80, 170, 255);
/// The guess's mark on the bar.
const GUESS: Color32 = Color32::from_rgb(240, 200, 60);

/// Cards, large, each labelled `<what> <card>` for accessibility.
pub fn cards_ui(ui: &mut egui::Ui, cards: &[Card], what: &str) {
    ui.horizontal(|ui| {
        for &card in cards {
            let (rect, response) = ui.allocate_exact_size(CARD, Sense::hover());
            response.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::Image, true, format!("{what} {card}"))
            });
            paint_card(ui, &ui.painter_at(rect), rect, card, 18.0);
        }
    });
}

/// The question's spot: its board, then each seat's range as a thumbnail
/// with its text (a single hand as text alone); a lines question's rule
/// (`lines`: the question is one; a hits question's rule is how its
/// answer is counted, not part of the question).
pub fn spot_ui(ui: &mut egui::Ui, question: &Question, lines: bool) {
    if !question.board.is_empty() {
        ui.weak("Board");
        cards_ui(ui, &question.board, "board");
    }
    for (i, text) in question.ranges.iter().enumerate() {
        let range = Range::parse(text).unwrap_or_default();
        let mut combos = range.combos();
        let single = match (combos.next(), combos.next()) {
            (Some((combo, _)), None) => Some(combo),
            _ => None,
        };
        let who = if i == 0 { "First seat" } else { "Against" };
        ui.horizontal(|ui| match single {
            Some(combo) => {
                ui.weak(who);
                cards_ui(ui, &[combo.hi(), combo.lo()], "hand");
            }
            None => {
                thumbnail_ui(ui, &range);
                ui.vertical(|ui| {
                    ui.weak(who);
                    ui.add(egui::Label::new(egui::RichText::new(text).monospace()).wrap());
                });
            }
        });
    }
    if let Some(rule) = question.rule.as_ref().filter(|_| lines) {
        ui.horizontal_wrapped(|ui| {
            ui.weak("Continue rule:");
            ui.monospace(rule);
        });
    }
}

/// A 0–100% bar: the exact figure filled (coloured as the heat map
/// colours equity), the guess marked, both labelled.
pub fn figure_bar_ui(ui: &mut egui::Ui, exact: f64, guess: f64) {
    let width = ui.available_width().clamp(200.0, 640.0);
    let (rect, response) =
        ui.allocate_exact_size(Vec2::new(width, BAR_HEIGHT + 16.0), Sense::hover());
    response.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::Role::Image,
            true,
            format!(
                "exact {:.2}%, your answer {:.2}%",
                100.0 * exact,
                100.0 * guess
            ),
        )
    });
    let painter = ui.painter_at(rect);
    let bar = Rect::from_min_size(rect.min, Vec2::new(width, BAR_HEIGHT));
    painter.rect_filled(bar, 3.0, ui.visuals().extreme_bg_color);
    let x = |share: f64| bar.min.x + bar.width() * share.clamp(0.0, 1.0) as f32;
    let filled = Rect::from_min_max(bar.min, Pos2::new(x(exact), bar.max.y));
    painter.rect_filled(filled, 3.0, heat_color(exact as f32));
    // The guess: a mark across the bar, and the gap to the exact figure.
    let g = x(guess);
    painter.line_segment(
        [
            Pos2::new(x(exact), bar.center().y),
            Pos2::new(g, bar.center().y),
        ],
        Stroke::new(2.0, GUESS),
    );
    painter.line_segment(
        [Pos2::new(g, bar.min.y - 2.0), Pos2::new(g, bar.max.y + 2.0)],
        Stroke::new(3.0, GUESS),
    );
    let font = egui::FontId::proportional(11.0);
    let text = ui.visuals().text_color();
    for (share, label, color) in [(0.0, "0%", text), (1.0, "100%", text)] {
        let align = if share == 0.0 {
            egui::Align2::LEFT_TOP
        } else {
            egui::Align2::RIGHT_TOP
        };
        painter.text(
            Pos2::new(x(share), bar.max.y + 2.0),
            align,
            label,
            font.clone(),
            color,
        );
    }
    painter.text(
        Pos2::new(g, bar.max.y + 2.0),
        egui::Align2::CENTER_TOP,
        "you",
        font,
        GUESS,
    );
}

/// `range`'s grid, read only, `side` points square, with `overlay` over
/// it.
pub fn still_grid_ui(ui: &mut egui::Ui, range: &Range, side: f32, overlay: &Overlay) {
    let mut shown = range.clone();
    let mut state = GridState::default();
    ui.allocate_ui(Vec2::splat(side), |ui| {
        grid_overlay_ui(ui, &mut shown, &mut state, CardSet::EMPTY, overlay);
    });
}

/// Outlines per class: missed cells red, extra cells blue (a class with
/// both takes the colour of the larger part).
pub fn overlap_marks(overlap: &Overlap) -> Overlay {
    let marks = HandClass::all()
        .map(|class| {
            let missed: u32 = class
                .combos()
                .map(|c| u32::from(overlap.misses.weight_bp(c)))
                .sum();
            let extra: u32 = class
                .combos()
                .map(|c| u32::from(overlap.extras.weight_bp(c)))
                .sum();
            match (missed, extra) {
                (0, 0) => None,
                (m, e) if m >= e => Some(MISSED),
                _ => Some(EXTRA),
            }
        })
        .collect();
    Overlay {
        marks: Some(marks),
        ..Overlay::default()
    }
}

/// The classes `kept` holds any of, highlighted (the rest dimmed).
pub fn kept_highlight(kept: &Range) -> Overlay {
    let highlight = HandClass::all()
        .map(|class| kept.class_summary(class).average_weight() as f32)
        .collect();
    Overlay {
        highlight: Some(highlight),
        ..Overlay::default()
    }
}
