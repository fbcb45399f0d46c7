//! The toolbar: the title, the File menu, undo and redo, the theme, the
//! ready layouts of the window's tiles, with the last file action's
//! message.

use super::outcome::Outcome;
use super::shortcuts::command_key;
use super::state::prefs::Prefs;
use super::state::session::Session;
use super::window::TITLE;
use super::workspace::Ready;

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
    /// Read hand histories into the Hands view.
    OpenHands,
}

/// The toolbar: undo and redo act on `session`; the theme is `prefs`'s;
/// a ready layout picked goes to `pick`; `message` is the last file
/// action's outcome. Returns the File menu's choice.
pub fn toolbar_ui(
    ui: &mut egui::Ui,
    session: &mut Session,
    prefs: &mut Prefs,
    pick: &mut Option<Ready>,
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
                (FileAction::OpenHands, "Open hand histories…", "PHH or PokerStars hand histories, listed in the Hands view"),
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
        ui.menu_button("Layout", |ui| {
            for ready in Ready::ALL {
                if ui.button(ready.label()).on_hover_text(ready.help()).clicked() {
                    *pick = Some(ready);
                    ui.close();
                }
            }
            ui.separator();
            ui.weak("Drag a tab to move its panel: beside another, above, below or into its tabs. Drag the gaps to resize.");
        })
        .response
        .on_hover_text("Ready layouts of the window's panels; the one you arrange is kept");
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
