//! Drawing the presets panel: the search box, the list (the user's
//! presets, then the shipped ones), and the buttons to load, save,
//! rename, delete, import and export.

use engine::range::Dialect;

use std::path::PathBuf;

use super::panel::{Chosen, PresetFile, PresetsPanel};
use crate::gui::files::dialog::{self, Ask, PathPrompt, Picked};
use crate::gui::state::scenario::SeatState;
use crate::gui::state::session::Session;
use crate::presets::{self, Preset, PresetGroup};

/// The presets section of the right panel: loads into and saves from the
/// selected seat of `session`; range text is exported in `dialect`.
pub fn presets_ui(
    ui: &mut egui::Ui,
    panel: &mut PresetsPanel,
    session: &mut Session,
    dialect: Dialect,
) {
    panel.update(ui.ctx());
    // The heading and the search box share a line: the list and its
    // buttons keep the room under the next-card strip at 1024×700.
    ui.horizontal(|ui| {
        ui.heading("Presets");
        let label = ui.label("Search");
        ui.add(
            egui::TextEdit::singleline(&mut panel.search)
                .id_salt("preset search")
                .hint_text("name or notes, e.g. BTN")
                .desired_width(f32::INFINITY),
        )
        .labelled_by(label.id);
    });
    if preset_list_ui(ui, panel) {
        panel.load_chosen(session);
    }
    preset_actions_ui(ui, panel, session, dialect);
    dialog::outcome_ui(ui, panel.message.as_ref());
}

/// The searchable list of presets; returns whether one was double-clicked
/// (to load it).
fn preset_list_ui(ui: &mut egui::Ui, panel: &mut PresetsPanel) -> bool {
    let mut load = false;
    // The list takes the panel's height down to the controls under it
    // (about 110 points), at least a row and a half: the buttons stay in
    // sight at 1024×700 with a flop and the next-card strip above (the
    // list scrolls).
    let height = (ui.available_height() - 110.0).max(30.0);
    egui::ScrollArea::vertical()
        .id_salt("preset list")
        .max_height(height)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            let store_dir = panel
                .store
                .as_ref()
                .map(|s| s.dir().display().to_string())
                .unwrap_or_else(|| "no data directory".to_owned());
            ui.weak("Mine")
                .on_hover_text(format!("Saved in {store_dir}"));
            let user: Vec<(Chosen, String, Preset)> = panel
                .user
                .iter()
                .filter(|s| panel.matches(&s.preset))
                .map(|s| {
                    let file = s
                        .path
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    let label = if panel.has_twin(s) {
                        format!("{} ({file})", s.preset.name)
                    } else {
                        s.preset.name.clone()
                    };
                    (Chosen::User(s.path.clone()), label, s.preset.clone())
                })
                .collect();
            if panel.is_reading() && user.is_empty() {
                ui.weak("  (reading…)");
            } else if user.is_empty() {
                ui.weak("  (none yet: save a seat's range below)");
            }
            for (chosen, label, preset) in user {
                preset_row(ui, panel, chosen, &label, &preset, &mut load);
            }
            if !panel.problems.is_empty() {
                let count = panel.problems.len();
                let title = format!(
                    "{count} unreadable {} (kept, not loaded)",
                    if count == 1 { "file" } else { "files" }
                );
                egui::CollapsingHeader::new(
                    egui::RichText::new(title).color(ui.visuals().error_fg_color),
                )
                .id_salt("unreadable presets")
                .default_open(false)
                .show(ui, |ui| {
                    for problem in &panel.problems {
                        ui.colored_label(ui.visuals().error_fg_color, problem);
                    }
                });
            }
            ui.weak("Shipped");
            let shipped: Vec<(Chosen, Preset)> = panel
                .shipped
                .iter()
                .filter(|p| panel.matches(p))
                .map(|p| (Chosen::Shipped(p.name.clone()), p.clone()))
                .collect();
            for (chosen, preset) in shipped {
                let label = preset.name.clone();
                preset_row(ui, panel, chosen, &label, &preset, &mut load);
            }
        });
    load
}

/// Load, delete, export, save, rename and import.
fn preset_actions_ui(
    ui: &mut egui::Ui,
    panel: &mut PresetsPanel,
    session: &mut Session,
    dialect: Dialect,
) {
    chosen_actions_ui(ui, panel, session);
    name_actions_ui(ui, panel, session);
    file_actions_ui(ui, panel, session, dialect);
    file_prompt_ui(ui.ctx(), panel, session, dialect);
}

/// What to do with the chosen preset: load it into the selected seat,
/// delete it (asking once more), export it.
fn chosen_actions_ui(ui: &mut egui::Ui, panel: &mut PresetsPanel, session: &mut Session) {
    let seat_name = session.selected_seat().name.clone();
    let chosen = panel.chosen.clone();
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(
                chosen.is_some(),
                egui::Button::new(format!("Load into {seat_name}")),
            )
            .on_hover_text(
                "Replace the selected seat's range with the chosen preset (or double-click it)",
            )
            .clicked()
        {
            panel.load_chosen(session);
        }
        let user = matches!(chosen, Some(Chosen::User(_)));
        let deleting = panel.confirm.as_deref() == Some("delete");
        if ui
            .add_enabled(
                user,
                egui::Button::new(if deleting { "Really delete?" } else { "Delete" }),
            )
            .on_hover_text("Delete the chosen preset of yours (asks once more)")
            .clicked()
        {
            if deleting {
                panel.delete_chosen();
            } else {
                panel.confirm = Some("delete".to_owned());
            }
        }
        if ui
            .add_enabled(chosen.is_some(), egui::Button::new("Export…"))
            .on_hover_text("Write the chosen preset to a RON file")
            .clicked()
        {
            let name = panel.chosen_preset().map(|p| presets::slug(&p.name));
            let ask = Ask {
                kind: "Rangestove preset",
                extensions: &["ron"],
                save: true,
                file_name: Some(format!("{}.ron", name.unwrap_or_default())),
            };
            if let Some(path) = ask_file(panel, PresetFile::ExportPreset, ask) {
                panel.export_chosen(&path);
            }
        }
    });
}

/// The name box, with saving the selected seat's range under it and
/// renaming the chosen preset of the player's to it.
fn name_actions_ui(ui: &mut egui::Ui, panel: &mut PresetsPanel, session: &Session) {
    let seat_name = &session.selected_seat().name;
    let chosen = panel.chosen.clone();
    ui.horizontal(|ui| {
        let label = ui.label("Name");
        // Save is as wide as the "Replace?" it turns into, so nothing moves
        // between the two clicks; the name box narrows in a narrow panel so
        // that Save and Rename stay in it.
        let save_width = button_width(ui, "Replace?");
        let buttons = save_width + button_width(ui, "Rename");
        // The three gaps between the four widgets, and the name box's frame
        // beyond its desired width (the theme's, a button's padding a side).
        let spacing = ui.spacing();
        let margins = 3.0 * spacing.item_spacing.x + 2.0 * spacing.button_padding.x;
        ui.add(
            egui::TextEdit::singleline(&mut panel.name)
                .id_salt("preset name")
                .hint_text("e.g. CO open 2026")
                .desired_width((ui.available_width() - buttons - margins).clamp(70.0, 140.0)),
        )
        .labelled_by(label.id);
        let replacing = panel.confirm.as_ref().is_some_and(|c| c != "delete");
        if ui
            .add_enabled(
                panel.store.is_some(),
                egui::Button::new(if replacing { "Replace?" } else { "Save" })
                    .min_size(egui::vec2(save_width, 0.0)),
            )
            .on_hover_text(format!("Save {seat_name}'s range as a preset of yours"))
            .clicked()
        {
            let name = panel.name.clone();
            let seat = session.selected_seat();
            panel.save(&name, &seat.range, preset_groups(seat));
        }
        if ui
            .add_enabled(
                matches!(chosen, Some(Chosen::User(_))),
                egui::Button::new("Rename"),
            )
            .on_hover_text("Give the chosen preset of yours the name typed here")
            .clicked()
        {
            let name = panel.name.clone();
            panel.rename_chosen(&name);
        }
    });
}

/// The width of a button reading `text` in `ui`.
fn button_width(ui: &egui::Ui, text: &str) -> f32 {
    let galley = egui::WidgetText::from(text).into_galley(
        ui,
        Some(egui::TextWrapMode::Extend),
        f32::INFINITY,
        egui::TextStyle::Button,
    );
    galley.size().x + 2.0 * ui.spacing().button_padding.x
}

/// Importing a preset or range text, and exporting the selected seat's
/// range as text in `dialect`.
fn file_actions_ui(
    ui: &mut egui::Ui,
    panel: &mut PresetsPanel,
    session: &mut Session,
    dialect: Dialect,
) {
    let seat_name = session.selected_seat().name.clone();
    ui.horizontal(|ui| {
        if ui
            .button("Import…")
            .on_hover_text(
                "A RON preset joins your presets; a text file of range text (any \
                     dialect) loads into the selected seat",
            )
            .clicked()
        {
            let ask = Ask {
                kind: "Preset or range text",
                extensions: &["ron", "txt"],
                save: false,
                file_name: None,
            };
            if let Some(path) = ask_file(panel, PresetFile::Import, ask) {
                panel.import_file(&path, session);
            }
        }
        if ui
            .button("Export range…")
            .on_hover_text(format!(
                "Write {seat_name}'s range as text in the Copy dialect ({})",
                dialect.name()
            ))
            .clicked()
        {
            let ask = Ask {
                kind: "Range text",
                extensions: &["txt"],
                save: true,
                file_name: Some("range.txt".to_owned()),
            };
            if let Some(path) = ask_file(panel, PresetFile::ExportRange, ask) {
                panel.export_range_text(&path, &session.selected_seat().range, dialect);
            }
        }
    });
}

/// The file `ask` describes, from the system's dialog; where there is
/// none, the panel asks for a typed path for `purpose` instead.
fn ask_file(panel: &mut PresetsPanel, purpose: PresetFile, ask: Ask) -> Option<PathBuf> {
    match dialog::ask(&panel.dialogs, &ask) {
        Picked::Path(path) => Some(path),
        Picked::Cancelled => None,
        Picked::Type(why) => {
            panel.prompt = Some(PathPrompt::new(purpose, ask, why));
            None
        }
    }
}

/// The typed-path window, while one is asked for: carries out its file
/// action once a path is confirmed.
fn file_prompt_ui(
    ctx: &egui::Context,
    panel: &mut PresetsPanel,
    session: &mut Session,
    dialect: Dialect,
) {
    let Some((purpose, path)) = dialog::prompt_in(&mut panel.prompt, ctx) else {
        return;
    };
    match purpose {
        PresetFile::Import => panel.import_file(&path, session),
        PresetFile::ExportPreset => panel.export_chosen(&path),
        PresetFile::ExportRange => {
            panel.export_range_text(&path, &session.selected_seat().range, dialect);
        }
    }
}

/// One preset in the list under `label`: click chooses, double-click loads.
fn preset_row(
    ui: &mut egui::Ui,
    panel: &mut PresetsPanel,
    chosen: Chosen,
    label: &str,
    preset: &Preset,
    load: &mut bool,
) {
    let is_chosen = panel.chosen.as_ref() == Some(&chosen);
    let mut hover = match &preset.notes {
        Some(notes) => format!("{}\n\n{notes}", preset.range),
        None => preset.range.clone(),
    };
    if let Chosen::User(path) = &chosen {
        hover.push_str(&format!("\n\n{}", path.display()));
    }
    let response = ui.selectable_label(is_chosen, label).on_hover_text(hover);
    if response.clicked() {
        if let Chosen::User(_) = &chosen {
            panel.name = preset.name.clone();
        }
        panel.chosen = Some(chosen.clone());
        panel.confirm = None;
    }
    if response.double_clicked() {
        panel.chosen = Some(chosen);
        *load = true;
    }
}

/// The seat's groups as a preset keeps them (none when it has none).
fn preset_groups(seat: &SeatState) -> Vec<PresetGroup> {
    if seat.groups.is_empty() {
        return Vec::new();
    }
    seat.groups
        .fitted(&seat.range)
        .iter()
        .map(|(name, range)| PresetGroup::new(name, range))
        .collect()
}
