//! Reading the saved state at start: eframe keeps it in `app.ron` in its
//! storage directory (the app's data directory, where the trainer keeps
//! its statistics too). A file that cannot be read is never silently
//! replaced: it is moved aside (renamed, atomic on one file system) as
//! `app.ron.corrupt-<unix seconds>` before anything is saved over it, so
//! the user is told once and the next start finds no bad file.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::prefs::Persisted;

/// The saved state read at start, and a notice for the user if the
/// settings file could not be read.
#[derive(Debug, Default)]
pub struct Loaded {
    /// What to restore (the defaults when nothing could be read).
    pub persisted: Persisted,
    /// What to tell the user once, if anything.
    pub notice: Option<String>,
}

/// Reads the state eframe's storage gave (`text`, the value under the app
/// key, `None` if eframe found none), coming from the settings file
/// `file`. A file that exists with content but yields no readable state is
/// moved aside (so eframe's next save cannot destroy it, and the next
/// start does not read it again) and reported.
pub fn load(text: Option<&str>, file: Option<&Path>) -> Loaded {
    let error = match text.map(Persisted::from_ron) {
        Some(Ok(persisted)) => {
            return Loaded {
                persisted,
                notice: None,
            };
        }
        Some(Err(error)) => error.to_string(),
        None => "the file is not valid RON".to_owned(),
    };
    Loaded {
        persisted: Persisted::default(),
        notice: kept_aside(
            file,
            "saved settings",
            &error,
            "Rangestove starts with its defaults.",
        ),
    }
}

/// Sets an unreadable `file` aside: moves it (a rename in its own folder,
/// atomic where the system allows) to `<file>.corrupt-<unix seconds>`, so
/// the next save cannot destroy it and the next start does not find it
/// again; and says so, once: the user's `what` in it could not be read
/// (`error`), where it now is, and `then` (what happens instead). If it
/// cannot be moved it is copied (and reported again at the next start,
/// which the notice says). `None` when there is no file or it is empty (a
/// first start: nothing to keep, nothing to say). The settings and the
/// trainer's statistics both go this way.
pub fn kept_aside(file: Option<&Path>, what: &str, error: &str, then: &str) -> Option<String> {
    let file = file.filter(|f| std::fs::metadata(f).is_ok_and(|m| m.len() > 0))?;
    let aside = aside_path(file);
    let kept = match std::fs::rename(file, &aside) {
        Ok(()) => format!("It was moved aside to {}.", aside.display()),
        Err(moving) => match std::fs::copy(file, &aside) {
            Ok(_) => format!(
                "Moving it aside failed ({moving}): it was copied to {}, and will be \
                 reported again until it is replaced.",
                aside.display()
            ),
            Err(e) => format!("Setting it aside as {} failed: {e}.", aside.display()),
        },
    };
    Some(format!(
        "Your {what} in {} could not be read ({error}). {kept} {then}",
        file.display()
    ))
}

/// `file` with `.corrupt-<unix seconds>` appended (a further `-N` if that
/// name is taken).
fn aside_path(file: &Path) -> PathBuf {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut name = file.as_os_str().to_owned();
    name.push(format!(".corrupt-{seconds}"));
    let base = PathBuf::from(name);
    let mut path = base.clone();
    let mut n = 1;
    while path.exists() {
        let mut name = base.as_os_str().to_owned();
        name.push(format!("-{n}"));
        path = PathBuf::from(name);
        n += 1;
    }
    path
}

/// The settings file eframe reads and writes for this app.
pub fn settings_file(app_id: &str) -> Option<PathBuf> {
    data_file(app_id, "app.ron")
}

/// The file `name` in this app's data directory, beside the settings.
pub fn data_file(app_id: &str, name: &str) -> Option<PathBuf> {
    eframe::storage_dir(app_id).map(|dir| dir.join(name))
}
