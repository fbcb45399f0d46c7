//! The statistics as a table: a row per drill and level (the current one
//! in bold), with questions, mean error, the share within two points and
//! the streaks; Reset (asked twice) forgets them all.

use engine::train::Drill;

use super::settings::DRILLS;
use super::state::TrainState;
use super::stats::WITHIN;
use crate::gui::wording::shown_path;

/// The table, and under it where the statistics are kept, how the last
/// save went and Reset.
pub fn stats_ui(ui: &mut egui::Ui, state: &mut TrainState) {
    ui.heading("Your statistics");
    let current = (state.settings.drill, state.settings.level);
    egui::Grid::new("train-stats")
        .striped(true)
        .spacing([10.0, 4.0])
        .show(ui, |ui| {
            for head in [
                "drill", "level", "asked", "error", "within 2", "streak", "best",
            ] {
                ui.weak(head);
            }
            ui.end_row();
            for drill in DRILLS {
                for level in 1..=3u8 {
                    row_ui(ui, state, drill, level, current == (drill, level));
                }
            }
        });
    ui.add_space(4.0);
    ui.weak(format!(
        "error: the mean, in percentage points (a painted range: 100 less its overlap in \
         percent); within {WITHIN:.0}: the share of answers that close; streak: in a row, now \
         and best."
    ));
    match (state.file(), state.saved()) {
        (None, _) => {
            ui.weak("Kept for this run only.");
        }
        (Some(_), Some(Err(e))) => {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("Statistics not saved: {e}"),
            );
        }
        (Some(file), _) => {
            ui.weak(format!("Kept in {}", shown_path(file)));
        }
    }
    ui.horizontal(|ui| {
        if state.confirm_reset {
            ui.label("Forget every drill's statistics?");
            if ui.button("Reset them").clicked() {
                state.reset_stats();
                state.confirm_reset = false;
            }
            if ui.button("Keep them").clicked() {
                state.confirm_reset = false;
            }
        } else if ui
            .add_enabled(!state.stats().is_empty(), egui::Button::new("Reset"))
            .on_hover_text("Forget every drill's statistics (asks first)")
            .clicked()
        {
            state.confirm_reset = true;
        }
    });
}

/// One drill and level's row.
fn row_ui(ui: &mut egui::Ui, state: &TrainState, drill: Drill, level: u8, current: bool) {
    let record = state.stats().record(drill, level);
    let cell = |ui: &mut egui::Ui, text: String| {
        let text = egui::RichText::new(text);
        ui.label(if current { text.strong() } else { text });
    };
    cell(ui, drill.name().to_owned());
    cell(ui, level.to_string());
    cell(ui, record.questions.to_string());
    let dash = || "—".to_owned();
    cell(
        ui,
        record.mean_error().map_or_else(dash, |e| format!("{e:.1}")),
    );
    cell(
        ui,
        record
            .within_rate()
            .map_or_else(dash, |w| format!("{:.0}%", 100.0 * w)),
    );
    cell(ui, record.streak.to_string());
    cell(ui, record.best.to_string());
    ui.end_row();
}
