//! The presets panel: the shipped library and the user's presets,
//! searchable; load into the selected seat, save it, rename, delete, and
//! import or export through native file dialogs.
//!
//! Every file operation goes through [`PresetStore`] or [`write_atomic`],
//! so saves are atomic and unreadable files are reported, never touched.

use std::path::{Path, PathBuf};

use engine::Range;

use super::RangestoveApp;
use super::history::EditKey;
use crate::presets::{self, Preset, PresetError, PresetStore, StoredPreset, write_atomic};

/// Largest range-text file import reads.
const MAX_IMPORT_BYTES: u64 = 1 << 20;

/// Which preset is chosen in the list.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Chosen {
    Shipped(String),
    User(String),
}

/// The panel's state.
#[derive(Debug, Default)]
pub struct PresetsPanel {
    store: Option<PresetStore>,
    shipped: Vec<Preset>,
    user: Vec<StoredPreset>,
    problems: Vec<String>,
    search: String,
    chosen: Option<Chosen>,
    /// The name box: for saving and renaming.
    name: String,
    /// A save that would replace an existing preset waits for a second
    /// click; so does a delete.
    confirm: Option<String>,
    message: Option<Result<String, String>>,
}

impl PresetsPanel {
    /// Uses `store` for the user's presets and reads the lists.
    pub fn set_store(&mut self, store: Option<PresetStore>) {
        self.store = store;
        self.refresh();
    }

    /// Rereads the shipped and user presets.
    fn refresh(&mut self) {
        self.shipped = presets::shipped();
        let listing = self
            .store
            .as_ref()
            .map(PresetStore::list)
            .unwrap_or_default();
        self.user = listing.presets;
        self.problems = listing.problems.iter().map(ToString::to_string).collect();
    }

    /// The last message (`Err` for a failure).
    pub fn message(&self) -> Option<&Result<String, String>> {
        self.message.as_ref()
    }

    /// Sets the message line.
    pub fn set_message(&mut self, message: Result<String, String>) {
        self.message = Some(message);
    }

    fn chosen_preset(&self) -> Option<&Preset> {
        match self.chosen.as_ref()? {
            Chosen::Shipped(name) => self.shipped.iter().find(|p| &p.name == name),
            Chosen::User(name) => self
                .user
                .iter()
                .map(|s| &s.preset)
                .find(|p| &p.name == name),
        }
    }

    fn matches(&self, preset: &Preset) -> bool {
        let needle = self.search.trim().to_lowercase();
        needle.is_empty()
            || preset.name.to_lowercase().contains(&needle)
            || preset
                .notes
                .as_deref()
                .is_some_and(|n| n.to_lowercase().contains(&needle))
    }
}

impl RangestoveApp {
    /// The presets section of the right panel.
    pub(super) fn presets_ui(&mut self, ui: &mut egui::Ui) {
        if !self.show_presets {
            return;
        }
        ui.heading("Presets");
        let label = ui.label("Search");
        ui.add(
            egui::TextEdit::singleline(&mut self.presets.search)
                .id_salt("preset search")
                .hint_text("name or notes, e.g. BTN")
                .desired_width(f32::INFINITY),
        )
        .labelled_by(label.id);
        self.preset_list_ui(ui);
        self.preset_actions_ui(ui);
        match &self.presets.message {
            Some(Ok(text)) => {
                ui.label(text);
            }
            Some(Err(text)) => {
                ui.colored_label(ui.visuals().error_fg_color, text);
            }
            None => {}
        }
    }

    fn preset_list_ui(&mut self, ui: &mut egui::Ui) {
        let panel = &mut self.presets;
        let mut load = false;
        egui::ScrollArea::vertical()
            .id_salt("preset list")
            .max_height(210.0)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                let store_dir = panel
                    .store
                    .as_ref()
                    .map(|s| s.dir().display().to_string())
                    .unwrap_or_else(|| "no data directory".to_owned());
                ui.weak("Mine")
                    .on_hover_text(format!("Saved in {store_dir}"));
                let user: Vec<(Chosen, Preset)> = panel
                    .user
                    .iter()
                    .filter(|s| panel.matches(&s.preset))
                    .map(|s| (Chosen::User(s.preset.name.clone()), s.preset.clone()))
                    .collect();
                if user.is_empty() {
                    ui.weak("  (none yet: save a seat's range below)");
                }
                for (chosen, preset) in user {
                    preset_row(ui, panel, chosen, &preset, &mut load);
                }
                for problem in &panel.problems {
                    ui.colored_label(ui.visuals().error_fg_color, problem);
                }
                ui.weak("Shipped");
                let shipped: Vec<(Chosen, Preset)> = panel
                    .shipped
                    .iter()
                    .filter(|p| panel.matches(p))
                    .map(|p| (Chosen::Shipped(p.name.clone()), p.clone()))
                    .collect();
                for (chosen, preset) in shipped {
                    preset_row(ui, panel, chosen, &preset, &mut load);
                }
            });
        if load {
            self.load_chosen_preset();
        }
    }

    fn preset_actions_ui(&mut self, ui: &mut egui::Ui) {
        let seat_name = self.seats[self.selected].name.clone();
        let chosen = self.presets.chosen.clone();
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
                self.load_chosen_preset();
            }
            let user = matches!(chosen, Some(Chosen::User(_)));
            let deleting = self.presets.confirm.as_deref() == Some("delete");
            if ui
                .add_enabled(
                    user,
                    egui::Button::new(if deleting { "Really delete?" } else { "Delete" }),
                )
                .on_hover_text("Delete the chosen preset of yours (asks once more)")
                .clicked()
            {
                if deleting {
                    self.delete_chosen_preset();
                } else {
                    self.presets.confirm = Some("delete".to_owned());
                }
            }
            if ui
                .add_enabled(chosen.is_some(), egui::Button::new("Export…"))
                .on_hover_text("Write the chosen preset to a RON file")
                .clicked()
            {
                let name = self.presets.chosen_preset().map(|p| presets::slug(&p.name));
                if let Some(path) = rfd::FileDialog::new()
                    .add_filter("Rangestove preset", &["ron"])
                    .set_file_name(format!("{}.ron", name.unwrap_or_default()))
                    .save_file()
                {
                    self.export_chosen_preset(&path);
                }
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label("Name");
            ui.add(
                egui::TextEdit::singleline(&mut self.presets.name)
                    .id_salt("preset name")
                    .hint_text("e.g. CO open 2026")
                    .desired_width(140.0),
            )
            .labelled_by(label.id);
            let replacing = self.presets.confirm.as_ref().is_some_and(|c| c != "delete");
            if ui
                .add_enabled(
                    self.presets.store.is_some(),
                    egui::Button::new(if replacing { "Replace?" } else { "Save" }),
                )
                .on_hover_text(format!("Save {seat_name}'s range as a preset of yours"))
                .clicked()
            {
                let name = self.presets.name.clone();
                self.save_preset(&name);
            }
            if ui
                .add_enabled(
                    matches!(chosen, Some(Chosen::User(_))),
                    egui::Button::new("Rename"),
                )
                .on_hover_text("Give the chosen preset of yours the name typed here")
                .clicked()
            {
                let name = self.presets.name.clone();
                self.rename_chosen_preset(&name);
            }
        });
        ui.horizontal(|ui| {
            if ui
                .button("Import…")
                .on_hover_text(
                    "A RON preset joins your presets; a text file of range text (any \
                     dialect) loads into the selected seat",
                )
                .clicked()
                && let Some(path) = rfd::FileDialog::new()
                    .add_filter("Preset or range text", &["ron", "txt"])
                    .add_filter("Any file", &["*"])
                    .pick_file()
            {
                self.import_file(&path);
            }
            if ui
                .button("Export range…")
                .on_hover_text(format!(
                    "Write {seat_name}'s range as text in the Copy dialect ({})",
                    self.dialect.name()
                ))
                .clicked()
                && let Some(path) = rfd::FileDialog::new()
                    .add_filter("Range text", &["txt"])
                    .set_file_name("range.txt")
                    .save_file()
            {
                self.export_range_text(&path);
            }
        });
    }

    /// Loads the chosen preset into the selected seat.
    pub fn load_chosen_preset(&mut self) {
        let Some(preset) = self.presets.chosen_preset().cloned() else {
            return;
        };
        match preset.range() {
            Ok(range) => {
                self.seats[self.selected].set_range(range);
                self.edited(EditKey::Discrete);
                self.presets.message = Some(Ok(format!(
                    "Loaded “{}” into {}",
                    preset.name, self.seats[self.selected].name
                )));
            }
            Err(error) => {
                self.presets.message = Some(Err(format!("“{}”: {error}", preset.name)));
            }
        }
    }

    /// Chooses the preset named `name` (user presets first).
    pub fn choose_preset(&mut self, name: &str) -> bool {
        let panel = &mut self.presets;
        panel.confirm = None;
        panel.chosen = if panel.user.iter().any(|s| s.preset.name == name) {
            Some(Chosen::User(name.to_owned()))
        } else if panel.shipped.iter().any(|p| p.name == name) {
            Some(Chosen::Shipped(name.to_owned()))
        } else {
            None
        };
        panel.chosen.is_some()
    }

    /// Saves the selected seat's range as the user preset `name`; a second
    /// call for the same existing name replaces it.
    pub fn save_preset(&mut self, name: &str) {
        let Some(store) = self.presets.store.clone() else {
            return;
        };
        let name = name.trim();
        let replace = self.presets.confirm.as_deref() == Some(name);
        let preset = Preset::new(name, None, &self.seats[self.selected].range);
        match store.save(&preset, replace) {
            Ok(path) => {
                self.presets.confirm = None;
                self.presets.refresh();
                self.presets.chosen = Some(Chosen::User(preset.name.clone()));
                self.presets.message = Some(Ok(format!("Saved “{name}” to {}", path.display())));
            }
            Err(PresetError::Exists(_)) => {
                self.presets.confirm = Some(name.to_owned());
                self.presets.message = Some(Err(format!(
                    "You already have a preset named “{name}”: click Replace? to overwrite it"
                )));
            }
            Err(error) => {
                self.presets.confirm = None;
                self.presets.message = Some(Err(error.to_string()));
            }
        }
    }

    fn rename_chosen_preset(&mut self, new: &str) {
        let (Some(store), Some(Chosen::User(old))) =
            (self.presets.store.clone(), self.presets.chosen.clone())
        else {
            return;
        };
        match store.rename(&old, new.trim()) {
            Ok(_) => {
                self.presets.refresh();
                self.presets.chosen = Some(Chosen::User(new.trim().to_owned()));
                self.presets.message = Some(Ok(format!("Renamed “{old}” to “{}”", new.trim())));
            }
            Err(error) => self.presets.message = Some(Err(error.to_string())),
        }
    }

    fn delete_chosen_preset(&mut self) {
        self.presets.confirm = None;
        let (Some(store), Some(Chosen::User(name))) =
            (self.presets.store.clone(), self.presets.chosen.clone())
        else {
            return;
        };
        match store.delete(&name) {
            Ok(()) => {
                self.presets.refresh();
                self.presets.chosen = None;
                self.presets.message = Some(Ok(format!("Deleted “{name}”")));
            }
            Err(error) => self.presets.message = Some(Err(error.to_string())),
        }
    }

    /// Imports `path`: a `.ron` preset joins the user's presets; any other
    /// file is read as range text into the selected seat.
    pub fn import_file(&mut self, path: &Path) {
        let result = if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
        {
            self.import_preset(path)
        } else {
            self.import_range_text(path)
        };
        self.presets.message = Some(result);
    }

    fn import_preset(&mut self, path: &Path) -> Result<String, String> {
        let preset = presets::read_preset(path).map_err(|e| e.to_string())?;
        preset
            .range()
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let store = self
            .presets
            .store
            .clone()
            .ok_or("No data directory to keep presets in")?;
        store.save(&preset, false).map_err(|e| e.to_string())?;
        self.presets.refresh();
        self.presets.chosen = Some(Chosen::User(preset.name.clone()));
        Ok(format!("Imported “{}”", preset.name))
    }

    fn import_range_text(&mut self, path: &Path) -> Result<String, String> {
        let shown = path.display();
        let size = std::fs::metadata(path)
            .map_err(|e| format!("{shown}: {e}"))?
            .len();
        if size > MAX_IMPORT_BYTES {
            return Err(format!("{shown}: {size} bytes is too big for range text"));
        }
        let text = std::fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?;
        let range = Range::parse(text.trim()).map_err(|e| format!("{shown}: {e}"))?;
        self.seats[self.selected].set_range(range);
        self.edited(EditKey::Discrete);
        Ok(format!(
            "Loaded {shown} into {}",
            self.seats[self.selected].name
        ))
    }

    /// Writes the chosen preset to `path` (atomically).
    pub fn export_chosen_preset(&mut self, path: &Path) {
        let Some(preset) = self.presets.chosen_preset() else {
            return;
        };
        let result = write_atomic(path, preset.to_ron().as_bytes(), || Ok(()));
        self.presets.message = Some(exported(path, result));
    }

    /// Writes the selected seat's range as text in the Copy dialect.
    pub fn export_range_text(&mut self, path: &Path) {
        let result = match self.seats[self.selected].range.to_text(self.dialect) {
            Ok(text) => exported(
                path,
                write_atomic(path, format!("{text}\n").as_bytes(), || Ok(())),
            ),
            Err(error) => Err(error.to_string()),
        };
        self.presets.message = Some(result);
    }
}

fn exported(path: &Path, result: Result<(), PresetError>) -> Result<String, String> {
    result
        .map(|()| format!("Wrote {}", PathBuf::from(path).display()))
        .map_err(|e| e.to_string())
}

/// One preset in the list: click chooses, double-click loads.
fn preset_row(
    ui: &mut egui::Ui,
    panel: &mut PresetsPanel,
    chosen: Chosen,
    preset: &Preset,
    load: &mut bool,
) {
    let is_chosen = panel.chosen.as_ref() == Some(&chosen);
    let response =
        ui.selectable_label(is_chosen, &preset.name)
            .on_hover_text(match &preset.notes {
                Some(notes) => format!("{}\n\n{notes}", preset.range),
                None => preset.range.clone(),
            });
    if response.clicked() {
        if let Chosen::User(name) = &chosen {
            panel.name = name.clone();
        }
        panel.chosen = Some(chosen.clone());
        panel.confirm = None;
    }
    if response.double_clicked() {
        panel.chosen = Some(chosen);
        *load = true;
    }
}
