//! The status line along the bottom of the window: what the equity feed
//! is doing, for the player, and its timing, for whoever tunes it.

use super::state::feed::Feed;
use super::state::session::Session;
use super::wording::{and_list, method_text};

/// The status line: how the numbers on screen were found, in plain
/// words; the responsiveness figures only in the debug view
/// (`RANGESTOVE_TRACE`).
pub fn status_ui(ui: &mut egui::Ui, feed: &Feed, session: &Session) {
    ui.horizontal(|ui| {
        let failures = feed.seat_failures();
        if !failures.is_empty() {
            let names: Vec<&str> = failures
                .iter()
                .filter_map(|&(seat, _)| session.seats().get(seat))
                .map(|s| s.name.as_str())
                .collect();
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!(
                    "no equity: see {} (the numbers shown are the last spot's)",
                    and_list(&names)
                ),
            );
        } else if let Some(failure) = feed.failure() {
            ui.colored_label(ui.visuals().error_fg_color, failure.to_string());
        } else if feed.board_missing() > 0 {
            ui.weak("a flop is three cards: the numbers shown are the last spot's");
        } else if let Some(result) = feed.result() {
            // The planner's strategy (`exact/board_major/sweep`, …) for the
            // curious and for bug reports.
            ui.label(method_text(result))
                .on_hover_text(format!("computed by {}", result.strategy));
        } else if feed.has_worker() {
            ui.label("computing…");
        }
        if !feed.trace() {
            return;
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let mut parts = Vec::new();
            if let Some(ms) = feed.timing().first_numbers_ms {
                parts.push(format!("edit to numbers {ms:.0} ms"));
            }
            if let Some((median, max)) = feed.timing().ui_ms() {
                parts.push(format!("UI {median:.1} ms (max {max:.1})"));
            }
            if let Some((median, max)) = feed.timing().frame_ms() {
                parts.push(format!("frame {median:.1} ms (max {max:.1})"));
            }
            ui.weak(parts.join(" · ")).on_hover_text(
                "Time from your last edit to its first equity numbers on screen; the \
                     median and worst time this app's code took to build a frame, and the \
                     whole frame's CPU time (layout, tessellation, painting), over the last \
                     frames",
            );
        });
    });
}
