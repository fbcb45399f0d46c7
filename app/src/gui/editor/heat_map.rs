//! The heat map's controls above the grid: the switch, the legend from
//! red (0%) to green (100%), and the figures of the class under the
//! pointer. The grid draws the colours themselves.

use egui::{Rect, Sense, Vec2};
use engine::equity::SeatBreakdown;

use super::grid::heat_color;
use super::state::EditorState;
use crate::gui::state::prefs::Prefs;

/// The heat-map switch, its legend, and the hovered class's figures, on
/// one line whatever the class (longer figures are cut, whole on hover),
/// so the grid under it never moves.
pub fn heat_map_ui(
    ui: &mut egui::Ui,
    state: &EditorState,
    prefs: &mut Prefs,
    breakdown: Option<&SeatBreakdown>,
    pending: bool,
) {
    ui.horizontal(|ui| {
        ui.checkbox(&mut prefs.heat_map, "Heat map").on_hover_text(
            "Colour each class of the selected seat by its equity against the other seats (exact when affordable, else estimated), red 0% to green 100%",
        );
        if !prefs.heat_map {
            return;
        }
        // The legend: a gradient from 0% to 100%.
        let (rect, _) = ui.allocate_exact_size(Vec2::new(80.0, 12.0), Sense::hover());
        let steps = 24;
        for i in 0..steps {
            let f = i as f32 / steps as f32;
            let x0 = rect.min.x + f * rect.width();
            let x1 = rect.min.x + (i + 1) as f32 / steps as f32 * rect.width();
            ui.painter().rect_filled(
                Rect::from_min_max(egui::pos2(x0, rect.min.y), egui::pos2(x1, rect.max.y)),
                0.0,
                heat_color(f + 0.5 / steps as f32),
            );
        }
        if let Some(price) = prefs.price.required() {
            // The break-even line: classes right of it call.
            let x = rect.min.x + price as f32 * rect.width();
            ui.painter().line_segment(
                [egui::pos2(x, rect.min.y - 3.0), egui::pos2(x, rect.max.y + 3.0)],
                egui::Stroke::new(2.0, ui.visuals().strong_text_color()),
            );
        }
        ui.weak("0% … 100%");
        let class = state.suit_editor_class();
        let (text, weak) = match breakdown.map(|b| b.class(class).copied()) {
            Some(Some(c)) if !c.dealt => (
                format!("{class}: cannot be dealt (every combo clashes with another seat's cards)"),
                false,
            ),
            Some(Some(c)) => {
                let mut text = format!(
                    "{class}: {:.1}% over {:.1} combos",
                    100.0 * c.equity,
                    c.combos
                );
                if c.std_error > 0.0 {
                    text.push_str(&format!(" ± {:.1}%", 100.0 * c.std_error));
                }
                (text, false)
            }
            None if pending => ("computing…".to_owned(), true),
            None => ("no figures for this spot".to_owned(), true),
            Some(None) => (format!("{class}: not in the range"), true),
        };
        let rich = egui::RichText::new(&text);
        let rich = if weak { rich.weak() } else { rich };
        ui.add(egui::Label::new(rich).truncate())
            .on_hover_text(text);
    });
}
