//! The presets panel's state and what it does: the shipped library and
//! the user's presets; load into the selected seat, save it, rename,
//! delete, import and export. Its drawing is [`super::view`].
//!
//! Every file operation goes through [`PresetStore`] or [`write_atomic`],
//! so saves are atomic and unreadable files are reported, never touched.
//! The user's directory is listed in the background ([`super::listing`]);
//! the panel's own saves, renames and deletes show at once and are then
//! checked against a fresh listing. User presets are chosen by
//! file, so two files holding presets of the same name are both shown (with
//! their file names) and each is loaded, renamed or deleted on its own.

use crate::gui::files::dialog::{Dialogs, PathPrompt};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context;
use engine::Range;
use engine::range::Dialect;

use super::listing::{Listed, UserListing};
use crate::gui::groups::edits::load_seat;
use crate::gui::outcome::Outcome;
use crate::gui::state::history::EditKey;
use crate::gui::state::session::Session;
use crate::io::atomic::{WriteError, write_atomic};
use crate::presets::{self, Preset, PresetError, PresetGroup, PresetStore, StoredPreset};

/// Largest range-text file import reads.
const MAX_IMPORT_BYTES: u64 = 1 << 20;

/// Which preset is chosen in the list: a shipped one by name, one of the
/// user's by file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Chosen {
    /// A shipped preset, by name.
    Shipped(String),
    /// One of the user's, by file.
    User(PathBuf),
}

/// The panel's state.
#[derive(Default)]
pub struct PresetsPanel {
    /// The user's preset directory (`None`: shipped presets only).
    pub(super) store: Option<PresetStore>,
    /// The shipped library.
    pub(super) shipped: Vec<Preset>,
    /// The user's presets, as last listed or written by the panel.
    pub(super) user: Vec<StoredPreset>,
    /// The same as the trainer's named ranges (name, range), kept with
    /// them (parsed once a change, not every frame the trainer asks).
    user_named: Arc<[(String, Range)]>,
    /// The user's files that could not be read, described.
    pub(super) problems: Vec<String>,
    /// The search box.
    pub(super) search: String,
    /// The preset chosen in the list.
    pub(super) chosen: Option<Chosen>,
    /// The name box: for saving and renaming.
    pub(super) name: String,
    /// A save that would replace an existing preset waits for a second
    /// click; so does a delete.
    pub(super) confirm: Option<String>,
    /// The last action's outcome.
    pub(super) message: Option<Outcome>,
    /// The listing of the user's directory.
    listing: UserListing,
    /// Whether there are file dialogs.
    pub(super) dialogs: Dialogs,
    /// A typed path asked for in place of a dialog.
    pub(super) prompt: Option<PathPrompt<PresetFile>>,
}

/// What a file of the presets panel is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PresetFile {
    /// Import a preset or range text.
    Import,
    /// Export the chosen preset.
    ExportPreset,
    /// Export the selected seat's range as text.
    ExportRange,
}

impl PresetsPanel {
    /// Uses `store` for the user's presets and reads the lists.
    pub fn set_store(&mut self, store: Option<PresetStore>) {
        self.store = store;
        self.refresh();
    }

    /// Rereads the shipped presets and starts rereading the user's.
    fn refresh(&mut self) {
        self.shipped = presets::shipped();
        self.user.clear();
        self.user_changed();
        self.problems.clear();
        self.reread();
    }

    /// After `user` changed: its named ranges follow.
    fn user_changed(&mut self) {
        self.user_named = presets::named_ranges(self.user.iter().map(|s| &s.preset)).into();
    }

    /// Asks for a fresh listing of the user's directory (one under way
    /// could predate the panel's last change).
    fn reread(&mut self) {
        self.listing.reread();
    }

    /// Submits the listing asked for and takes it in once it has come;
    /// `ctx` is repainted when it arrives.
    pub fn update(&mut self, ctx: &egui::Context) {
        if let Some(listed) = self.listing.update(self.store.as_ref(), ctx) {
            self.take_listing(listed);
        }
    }

    /// The user's presets as the trainer's named ranges (name, range), as
    /// last listed or written.
    pub fn user_ranges(&self) -> &Arc<[(String, Range)]> {
        &self.user_named
    }

    /// Whether the user's presets are still being read.
    pub fn is_reading(&self) -> bool {
        self.listing.is_reading(self.store.as_ref())
    }

    /// Shows a finished listing, forgetting a chosen preset whose file is
    /// gone.
    fn take_listing(&mut self, listed: Listed) {
        self.user = listed.presets;
        self.user_changed();
        self.problems = listed.problems;
        if let Some(Chosen::User(path)) = &self.chosen
            && !self.user.iter().any(|s| &s.path == path)
        {
            self.chosen = None;
        }
    }

    /// Shows a preset the panel has just written, ahead of the next listing.
    fn remember(&mut self, path: PathBuf, preset: Preset) {
        self.user.retain(|s| s.path != path);
        self.user.push(StoredPreset { path, preset });
        self.user.sort_by(|a, b| {
            (a.preset.name.to_lowercase(), &a.path).cmp(&(b.preset.name.to_lowercase(), &b.path))
        });
        self.user_changed();
    }

    /// Whether another of the user's presets has the same name (then the
    /// list shows file names too).
    pub(super) fn has_twin(&self, stored: &StoredPreset) -> bool {
        self.user.iter().any(|other| {
            other.path != stored.path && other.preset.name.eq_ignore_ascii_case(&stored.preset.name)
        })
    }

    /// Uses `dialogs` for Import and Export (a typed path where there are
    /// none).
    pub fn set_dialogs(&mut self, dialogs: Dialogs) {
        self.dialogs = dialogs;
    }

    /// The last action's outcome.
    pub fn message(&self) -> Option<&Outcome> {
        self.message.as_ref()
    }

    pub(super) fn chosen_preset(&self) -> Option<&Preset> {
        match self.chosen.as_ref()? {
            Chosen::Shipped(name) => self.shipped.iter().find(|p| &p.name == name),
            Chosen::User(path) => self
                .user
                .iter()
                .find(|s| &s.path == path)
                .map(|s| &s.preset),
        }
    }

    pub(super) fn matches(&self, preset: &Preset) -> bool {
        let needle = self.search.trim().to_lowercase();
        needle.is_empty()
            || preset.name.to_lowercase().contains(&needle)
            || preset
                .notes
                .as_deref()
                .is_some_and(|n| n.to_lowercase().contains(&needle))
    }
}

impl PresetsPanel {
    /// Loads the chosen preset into the selected seat of `session`.
    pub fn load_chosen(&mut self, session: &mut Session) {
        let Some(preset) = self.chosen_preset().cloned() else {
            return;
        };
        let groups: Result<Vec<(String, Range)>, _> = preset
            .groups
            .iter()
            .map(|g| g.range().map(|r| (g.name.clone(), r)))
            .collect();
        match preset
            .range()
            .and_then(|range| groups.map(|groups| (range, groups)))
        {
            Ok((range, groups)) if !groups.is_empty() => {
                load_seat(session, session.selected(), range, &groups);
                self.message = Some(Outcome::Done(format!(
                    "Loaded “{}” with its groups into {}",
                    preset.name,
                    session.selected_seat().name
                )));
            }
            Ok((range, _)) => {
                session.set_range(session.selected(), range, EditKey::Discrete);
                self.message = Some(Outcome::Done(format!(
                    "Loaded “{}” into {}",
                    preset.name,
                    session.selected_seat().name
                )));
            }
            Err(error) => {
                self.message = Some(Outcome::Failed(format!("“{}”: {error}", preset.name)));
            }
        }
    }

    /// Saves `range` (with its `groups`, if any) as the user preset
    /// `name`; a second call for the same existing name replaces it.
    pub fn save(&mut self, name: &str, range: &Range, groups: Vec<PresetGroup>) {
        let Some(store) = self.store.clone() else {
            return;
        };
        let name = name.trim();
        let replace = self.confirm.as_deref() == Some(name);
        let preset = Preset::new(name, None, range).with_groups(groups);
        match store.save(&preset, replace) {
            Ok(path) => {
                self.confirm = None;
                self.message = Some(Outcome::Done(format!(
                    "Saved “{name}” to {}",
                    path.display()
                )));
                self.chosen = Some(Chosen::User(path.clone()));
                self.remember(path, preset);
                self.reread();
            }
            Err(PresetError::Exists(_)) => {
                self.confirm = Some(name.to_owned());
                self.message = Some(Outcome::Failed(format!(
                    "You already have a preset named “{name}”: click Replace? to overwrite it"
                )));
            }
            Err(error) => {
                self.confirm = None;
                self.message = Some(Outcome::Failed(error.to_string()));
            }
        }
    }

    pub(super) fn rename_chosen(&mut self, new: &str) {
        let (Some(store), Some(Chosen::User(path))) = (self.store.clone(), self.chosen.clone())
        else {
            return;
        };
        let old = self
            .chosen_preset()
            .map(|p| p.name.clone())
            .unwrap_or_default();
        match store.rename_file(&path, new) {
            Ok(renamed) => {
                self.message = Some(Outcome::Done(format!(
                    "Renamed “{old}” to “{}”",
                    renamed.preset.name
                )));
                self.user.retain(|s| s.path != path);
                self.chosen = Some(Chosen::User(renamed.path.clone()));
                self.remember(renamed.path, renamed.preset);
                self.reread();
            }
            Err(error) => self.message = Some(Outcome::Failed(error.to_string())),
        }
    }

    pub(super) fn delete_chosen(&mut self) {
        self.confirm = None;
        let (Some(store), Some(Chosen::User(path))) = (self.store.clone(), self.chosen.clone())
        else {
            return;
        };
        let name = self
            .chosen_preset()
            .map(|p| p.name.clone())
            .unwrap_or_default();
        match store.delete_file(&path) {
            Ok(()) => {
                self.user.retain(|s| s.path != path);
                self.user_changed();
                self.chosen = None;
                self.message = Some(Outcome::Done(format!("Deleted “{name}”")));
                self.reread();
            }
            Err(error) => self.message = Some(Outcome::Failed(error.to_string())),
        }
    }

    /// Imports `path`: a `.ron` preset joins the user's presets; any other
    /// file is read as range text into the selected seat of `session`.
    pub fn import_file(&mut self, path: &Path, session: &mut Session) {
        let result = if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
        {
            self.import_preset(path)
        } else {
            import_range_text(path, session)
        };
        self.message = Some(Outcome::of(result, |done| done, |e| format!("{e:#}")));
    }

    /// Reads the preset file `path` into the user's presets: what was
    /// imported, or why not.
    fn import_preset(&mut self, path: &Path) -> anyhow::Result<String> {
        let preset = presets::read_preset(path)?;
        preset.range().with_context(|| path.display().to_string())?;
        let store = self
            .store
            .clone()
            .context("No data directory to keep presets in")?;
        let saved = store.save(&preset, false)?;
        let message = format!("Imported “{}”", preset.name);
        self.chosen = Some(Chosen::User(saved.clone()));
        self.remember(saved, preset);
        self.reread();
        Ok(message)
    }

    /// Writes the chosen preset to `path` (atomically).
    pub fn export_chosen(&mut self, path: &Path) {
        let Some(preset) = self.chosen_preset() else {
            return;
        };
        let result = write_atomic(path, preset.to_ron().as_bytes(), || Ok(()));
        self.message = Some(exported(path, result));
    }

    /// Writes `range` to `path` as text in `dialect` (the Copy dialect).
    pub fn export_range_text(&mut self, path: &Path, range: &Range, dialect: Dialect) {
        let result = match range.to_text(dialect) {
            Ok(text) => exported(
                path,
                write_atomic(path, format!("{text}\n").as_bytes(), || Ok(())),
            ),
            Err(error) => Outcome::Failed(error.to_string()),
        };
        self.message = Some(result);
    }
}

/// Reads `path` as range text (any dialect) into the selected seat: what
/// was loaded, or why not.
fn import_range_text(path: &Path, session: &mut Session) -> anyhow::Result<String> {
    let shown = path.display();
    let size = std::fs::metadata(path)
        .with_context(|| shown.to_string())?
        .len();
    if size > MAX_IMPORT_BYTES {
        anyhow::bail!("{shown}: {size} bytes is too big for range text");
    }
    let text = std::fs::read_to_string(path).with_context(|| shown.to_string())?;
    let range = Range::parse(text.trim()).with_context(|| shown.to_string())?;
    session.set_range(session.selected(), range, EditKey::Discrete);
    Ok(format!(
        "Loaded {shown} into {}",
        session.selected_seat().name
    ))
}

/// What an export to `path` did.
fn exported(path: &Path, result: Result<(), WriteError>) -> Outcome {
    Outcome::of(
        result,
        |()| format!("Wrote {}", PathBuf::from(path).display()),
        |e| e.to_string(),
    )
}
