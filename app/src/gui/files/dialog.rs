//! File dialogs, and what stands in for them where there are none.
//!
//! On Linux and the BSDs `rfd` opens the XDG desktop portal's dialog, or
//! zenity's when there is no portal; with neither it returns nothing, as
//! if the player had cancelled. [`Dialogs::detect`] finds that out before
//! asking, so the app can say what is missing and take a typed path
//! instead ([`PathPrompt`]). Windows and macOS always have their own
//! dialogs.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::gui::outcome::Outcome;

/// Whether the system can show file dialogs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dialogs {
    /// The system's dialogs (`rfd`).
    System,
    /// None: what is missing, in words for the player.
    Missing(String),
}

impl Default for Dialogs {
    fn default() -> Dialogs {
        Dialogs::detect()
    }
}

impl Dialogs {
    /// What this system has (looked up once per process).
    pub fn detect() -> Dialogs {
        static DETECTED: OnceLock<Dialogs> = OnceLock::new();
        DETECTED.get_or_init(detect_now).clone()
    }
}

#[cfg(all(unix, not(target_os = "macos")))]
fn detect_now() -> Dialogs {
    let on_path = |name: &str| {
        std::env::var_os("PATH")
            .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(name).is_file()))
    };
    // The portal is a D-Bus service: a session bus, and the service's
    // file where D-Bus looks for it.
    let bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
        || std::env::var_os("XDG_RUNTIME_DIR")
            .is_some_and(|dir| Path::new(&dir).join("bus").exists());
    let data_dirs = std::env::var("XDG_DATA_DIRS")
        .ok()
        .filter(|dirs| !dirs.is_empty())
        .unwrap_or_else(|| "/usr/local/share:/usr/share".to_owned());
    let portal = bus
        && data_dirs.split(':').any(|dir| {
            Path::new(dir)
                .join("dbus-1/services/org.freedesktop.portal.Desktop.service")
                .is_file()
        });
    if portal || on_path("zenity") {
        Dialogs::System
    } else {
        Dialogs::Missing(
            "No file dialog: this desktop has neither the XDG desktop portal \
             (xdg-desktop-portal with a backend such as xdg-desktop-portal-gtk) nor zenity. \
             Install one of them, or type the path here."
                .to_owned(),
        )
    }
}

#[cfg(not(all(unix, not(target_os = "macos"))))]
fn detect_now() -> Dialogs {
    Dialogs::System
}

/// A file to ask the player for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ask {
    /// What the file is ("Rangestove scenario").
    pub kind: &'static str,
    /// Its extensions, without dots (`["ron"]`).
    pub extensions: &'static [&'static str],
    /// A file to write (else one to read).
    pub save: bool,
    /// The name to start from when saving.
    pub file_name: Option<String>,
}

impl Ask {
    /// The dialog's title: "Save PNG image", "Open Rangestove scenario".
    pub fn title(&self) -> String {
        let verb = if self.save { "Save" } else { "Open" };
        format!("{verb} {}", self.kind)
    }
}

/// What the player answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picked {
    /// This file.
    Path(PathBuf),
    /// Nothing (the dialog was closed).
    Cancelled,
    /// There is no dialog: ask for a typed path, saying what is missing.
    Type(String),
}

/// Asks for the file `ask` describes with the system's dialog, or says
/// that there is none.
pub fn ask(dialogs: &Dialogs, ask: &Ask) -> Picked {
    if let Dialogs::Missing(why) = dialogs {
        return Picked::Type(why.clone());
    }
    let mut dialog = rfd::FileDialog::new()
        .set_title(ask.title())
        .add_filter(ask.kind, ask.extensions);
    if let Some(name) = &ask.file_name {
        dialog = dialog.set_file_name(name);
    }
    let path = if ask.save {
        dialog.save_file()
    } else {
        dialog.pick_file()
    };
    path.map_or(Picked::Cancelled, Picked::Path)
}

/// Asks for one file or more of the kind `ask` describes (any file
/// allowed too) with the system's dialog: the files picked (none: the
/// dialog was closed), or why there is no dialog.
pub fn ask_files(dialogs: &Dialogs, ask: &Ask) -> Result<Vec<PathBuf>, String> {
    if let Dialogs::Missing(why) = dialogs {
        return Err(why.clone());
    }
    Ok(rfd::FileDialog::new()
        .set_title(ask.title())
        .add_filter(ask.kind, ask.extensions)
        .add_filter("Any file", &["*"])
        .pick_files()
        .unwrap_or_default())
}

/// A typed path in place of a dialog, for the action `purpose`: a small
/// window saying what is missing, a path box, and the action's button.
#[derive(Clone, Debug)]
pub struct PathPrompt<P> {
    /// What the path is for.
    pub purpose: P,
    ask: Ask,
    why: String,
    text: String,
    /// Why the last typed path was not taken.
    problem: Option<String>,
}

impl<P: Clone> PathPrompt<P> {
    /// A prompt for `purpose`, saying `why` there is no dialog.
    pub fn new(purpose: P, ask: Ask, why: String) -> PathPrompt<P> {
        let text = match (&ask.file_name, home()) {
            (Some(name), Some(home)) => home.join(name).display().to_string(),
            (Some(name), None) => name.clone(),
            (None, Some(home)) => format!("{}{}", home.display(), std::path::MAIN_SEPARATOR),
            (None, None) => String::new(),
        };
        PathPrompt {
            purpose,
            ask,
            why,
            text,
            problem: None,
        }
    }

    /// Shows the prompt; returns the path once the player confirms one.
    /// `keep` turns false when the prompt is closed or answered.
    pub fn ui(&mut self, ctx: &egui::Context, keep: &mut bool) -> Option<PathBuf> {
        let mut chosen = None;
        let verb = if self.ask.save { "Save" } else { "Open" };
        egui::Window::new(self.ask.title())
            .id(egui::Id::unique("path prompt"))
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
            .show(ctx, |ui| {
                ui.set_max_width(440.0);
                ui.label(&self.why);
                let label = ui.label("Path");
                let response = ui
                    .add(
                        egui::TextEdit::singleline(&mut self.text)
                            .id_salt("typed path")
                            .desired_width(420.0),
                    )
                    .labelled_by(label.id);
                if let Some(problem) = &self.problem {
                    ui.colored_label(ui.visuals().error_fg_color, problem);
                }
                let entered =
                    response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                ui.horizontal(|ui| {
                    if ui.button(format!("{verb} file")).clicked() || entered {
                        match self.checked() {
                            Ok(path) => chosen = Some(path),
                            Err(problem) => self.problem = Some(problem),
                        }
                    }
                    if ui.button("Cancel").clicked() {
                        *keep = false;
                    }
                });
            });
        if chosen.is_some() {
            *keep = false;
        }
        chosen
    }

    /// The typed path, `~` expanded, or why it cannot be used.
    fn checked(&self) -> Result<PathBuf, String> {
        let text = self.text.trim();
        if text.is_empty() {
            return Err("Type a path first".to_owned());
        }
        let path = match (text.strip_prefix("~/"), home()) {
            (Some(rest), Some(home)) => home.join(rest),
            _ => PathBuf::from(text),
        };
        if path.is_dir() {
            return Err(format!("{} is a folder: add a file name", path.display()));
        }
        if !self.ask.save && !path.is_file() {
            return Err(format!("No file at {}", path.display()));
        }
        Ok(path)
    }
}

/// Shows the prompt in `slot`, if any; returns its purpose and the path
/// once the player confirms one, and empties the slot once the prompt is
/// answered or closed.
pub fn prompt_in<P: Clone>(
    slot: &mut Option<PathPrompt<P>>,
    ctx: &egui::Context,
) -> Option<(P, PathBuf)> {
    let prompt = slot.as_mut()?;
    let mut keep = true;
    let path = prompt.ui(ctx, &mut keep);
    let purpose = prompt.purpose.clone();
    if !keep {
        *slot = None;
    }
    path.map(|path| (purpose, path))
}

/// The player's home folder.
fn home() -> Option<PathBuf> {
    directories::UserDirs::new().map(|dirs| dirs.home_dir().to_path_buf())
}

/// The file a "Save … as" button asks for: when `clicked`, the system's
/// dialog (or, where there is none, a typed path in `prompt`); the path
/// once the player has one.
pub fn save_path(
    ctx: &egui::Context,
    dialogs: &Dialogs,
    prompt: &mut Option<PathPrompt<()>>,
    clicked: bool,
    ask: Ask,
) -> Option<PathBuf> {
    let mut path = None;
    if clicked {
        match self::ask(dialogs, &ask) {
            Picked::Path(chosen) => path = Some(chosen),
            Picked::Cancelled => {}
            Picked::Type(why) => *prompt = Some(PathPrompt::new((), ask, why)),
        }
    }
    if let Some(((), typed)) = prompt_in(prompt, ctx) {
        path = Some(typed);
    }
    path
}

/// The outcome of the last file action, if any: its message, or what
/// went wrong in the error colour.
pub fn outcome_ui(ui: &mut egui::Ui, outcome: Option<&Outcome>) {
    match outcome {
        Some(Outcome::Done(text)) => {
            ui.label(text);
        }
        Some(Outcome::Failed(text)) => {
            ui.colored_label(ui.visuals().error_fg_color, text);
        }
        None => {}
    }
}

/// An "Export CSV…" button (`enabled` when there is something to save)
/// and the CSV file it asks for, named `file_name` to start with.
pub fn export_csv_path(
    ui: &mut egui::Ui,
    enabled: bool,
    help: &str,
    file_name: &str,
    dialogs: &Dialogs,
    prompt: &mut Option<PathPrompt<()>>,
) -> Option<PathBuf> {
    let clicked = ui
        .add_enabled(enabled, egui::Button::new("Export CSV…"))
        .on_hover_text(help)
        .clicked();
    let ask = Ask {
        kind: "CSV",
        extensions: &["csv"],
        save: true,
        file_name: Some(file_name.to_owned()),
    };
    save_path(ui.ctx(), dialogs, prompt, clicked, ask)
}
