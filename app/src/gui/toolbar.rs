//! The toolbar: the title, undo and redo, the theme, and which panel takes
//! the right-hand side (presets or analysis).

use super::prefs::Prefs;
use super::session::Session;

/// The toolbar: undo and redo act on `session`; the theme and the panel
/// switches are `prefs`.
pub fn toolbar_ui(ui: &mut egui::Ui, session: &mut Session, prefs: &mut Prefs) {
    ui.horizontal(|ui| {
        ui.heading(super::TITLE);
        ui.separator();
        if ui
            .add_enabled(session.can_undo(), egui::Button::new("⟲ Undo"))
            .on_hover_text("Undo the last edit (Ctrl+Z)")
            .clicked()
        {
            session.undo();
        }
        if ui
            .add_enabled(session.can_redo(), egui::Button::new("⟳ Redo"))
            .on_hover_text("Redo (Ctrl+Shift+Z or Ctrl+Y)")
            .clicked()
        {
            session.redo();
        }
        ui.separator();
        let theme = if prefs.dark { "☀ Light" } else { "🌙 Dark" };
        if ui
            .button(theme)
            .on_hover_text("Switch between the dark and light themes")
            .clicked()
        {
            prefs.dark = !prefs.dark;
            ui.ctx().set_theme(prefs.theme());
        }
        let mut presets = prefs.show_presets && !prefs.show_analysis;
        if ui
            .toggle_value(&mut presets, "Presets")
            .on_hover_text("Show or hide the presets library")
            .clicked()
        {
            prefs.show_presets = presets;
            if presets {
                prefs.show_analysis = false;
            }
        }
        ui.toggle_value(&mut prefs.show_analysis, "Analysis")
            .on_hover_text(
                "Equity distribution of every seat, the selected seat's range on the board, and an exact hand's strength and potential (in the presets' place)",
            );
    });
}
