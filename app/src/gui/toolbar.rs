//! The toolbar: the title, the File menu, undo and redo, the theme, what
//! the centre shows (ranges, boards or training), which panel takes the
//! right-hand side (presets or analysis), with the last file action's
//! message.

use super::outcome::Outcome;
use super::shortcuts::command_key;
use super::state::prefs::{Centre, Prefs};
use super::state::session::Session;
use super::window::TITLE;

/// What the File menu asks for, for the app to carry out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileAction {
    /// A fresh spot (one undo step).
    New,
    /// Open a scenario file.
    Open,
    /// Save the spot as a scenario file.
    Save,
    /// Copy the spot as text.
    CopySpot,
    /// Copy the selected seat's grid as an image.
    CopyGrid,
    /// Save the selected seat's grid as a PNG file.
    SaveGridPng,
}

/// The toolbar: undo and redo act on `session`; the theme and the panel
/// switches are `prefs`; `message` is the last file action's outcome.
/// Returns the File menu's choice.
pub fn toolbar_ui(
    ui: &mut egui::Ui,
    session: &mut Session,
    prefs: &mut Prefs,
    message: Option<&Outcome>,
) -> Option<FileAction> {
    let mut action = None;
    ui.horizontal_wrapped(|ui| {
        ui.heading(TITLE);
        ui.separator();
        ui.menu_button("File", |ui| {
            let items = [
                (FileAction::New, "New spot", "Two seats, no board: undo brings the spot back"),
                (FileAction::Open, "Open scenario…", "Open a spot saved as a scenario file"),
                (FileAction::Save, "Save scenario…", "Save the whole spot (seats, board, dead cards)"),
                (FileAction::CopySpot, "Copy spot as text", "A few lines to paste into a post, or back into Rangestove"),
                (FileAction::CopyGrid, "Copy grid as image", "The selected seat's grid with its name and combo count"),
                (FileAction::SaveGridPng, "Save grid as PNG…", "The selected seat's grid with its name and combo count"),
            ];
            for (choice, label, help) in items {
                if ui.button(label).on_hover_text(help).clicked() {
                    action = Some(choice);
                    ui.close();
                }
            }
        });
        ui.separator();
        if ui
            .add_enabled(session.can_undo(), egui::Button::new("⟲ Undo"))
            .on_hover_text(format!("Undo the last edit ({}+Z)", command_key(ui.ctx())))
            .clicked()
        {
            session.undo();
        }
        if ui
            .add_enabled(session.can_redo(), egui::Button::new("⟳ Redo"))
            .on_hover_text({
                let key = command_key(ui.ctx());
                format!("Redo ({key}+Shift+Z or {key}+Y)")
            })
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
        let views = [
            (Centre::Ranges, "Ranges", "The range editor and grid"),
            (
                Centre::Boards,
                "Boards",
                "Every flop for these ranges: each seat's equity, how often it comes, where the ranges stand, by texture",
            ),
            (
                Centre::Train,
                "Train",
                "Drills against the exact engine: guess equities, hit frequencies and continue shares, paint ranges from memory",
            ),
        ];
        for (view, label, help) in views {
            ui.selectable_value(&mut prefs.centre, view, label)
                .on_hover_text(help);
        }
        ui.separator();
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
        match message {
            Some(Outcome::Done(text)) => {
                ui.separator();
                ui.label(text);
            }
            Some(Outcome::Failed(text)) => {
                ui.separator();
                ui.colored_label(ui.visuals().error_fg_color, text);
            }
            None => {}
        }
    });
    action
}
