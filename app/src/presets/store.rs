//! The user's presets: a directory of preset files, listed, found by name
//! or file, saved atomically, renamed and deleted.

use std::ffi::OsStr;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::error::PresetError;
use super::file::{is_preset_file, read_preset};
use super::preset::{Preset, slug};
use crate::io::atomic::write_atomic;

/// A user preset on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredPreset {
    /// Its file.
    pub path: PathBuf,
    /// Its content.
    pub preset: Preset,
}

/// What a directory listing found: the presets that read, and the files
/// that did not.
#[derive(Debug, Default)]
pub struct Listing {
    /// Presets, sorted by name (ignoring case), then by file.
    pub presets: Vec<StoredPreset>,
    /// Files that could not be read, each with its path.
    pub problems: Vec<PresetError>,
}

/// The user's preset directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PresetStore {
    dir: PathBuf,
}

impl PresetStore {
    /// A store in `dir` (created on first save).
    pub fn new(dir: impl Into<PathBuf>) -> PresetStore {
        PresetStore { dir: dir.into() }
    }

    /// The store in the platform data directory (e.g.
    /// `~/.local/share/rangestove/presets` on Linux), if the platform has one.
    pub fn open_default() -> Option<PresetStore> {
        directories::ProjectDirs::from("", "", "Rangestove")
            .map(|dirs| PresetStore::new(dirs.data_dir().join("presets")))
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Every preset file in the directory (`*.ron` in any case, not
    /// hidden, any file name). A missing directory is empty.
    pub fn list(&self) -> Listing {
        self.list_while(|| true)
    }

    /// [`list`](PresetStore::list), stopping early (with what it has read
    /// so far) once `keep_going` returns false; it is asked before each
    /// file, so a background listing can be cancelled promptly.
    pub fn list_while(&self, keep_going: impl Fn() -> bool) -> Listing {
        let mut listing = Listing::default();
        let entries = match fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return listing,
            Err(source) => {
                listing.problems.push(PresetError::Io {
                    path: self.dir.clone(),
                    source,
                });
                return listing;
            }
        };
        for entry in entries {
            if !keep_going() {
                break;
            }
            let path = match entry {
                Ok(entry) => entry.path(),
                Err(source) => {
                    listing.problems.push(PresetError::Io {
                        path: self.dir.clone(),
                        source,
                    });
                    continue;
                }
            };
            if !is_preset_file(&path) {
                continue;
            }
            match read_preset(&path) {
                Ok(preset) => listing.presets.push(StoredPreset { path, preset }),
                Err(error) => listing.problems.push(error),
            }
        }
        listing.presets.sort_by(|a, b| {
            (a.preset.name.to_lowercase(), &a.path).cmp(&(b.preset.name.to_lowercase(), &b.path))
        });
        listing
            .problems
            .sort_by_cached_key(|problem| problem.to_string());
        listing
    }

    /// The preset named `name` (ignoring case) or, when no preset has that
    /// name, the one in the file of that stem (`my-btn-open-2` for
    /// `my-btn-open-2.ron`, ignoring case). Two presets of the same name
    /// are [`PresetError::Ambiguous`]: name one by its file.
    pub fn find(&self, name: &str) -> Result<StoredPreset, PresetError> {
        let presets = self.list().presets;
        let wanted = name.trim();
        let mut found: Vec<StoredPreset> = presets
            .iter()
            .filter(|s| s.preset.name.eq_ignore_ascii_case(wanted))
            .cloned()
            .collect();
        if found.is_empty() {
            found = presets
                .into_iter()
                .filter(|s| {
                    s.path
                        .file_stem()
                        .is_some_and(|stem| stem.eq_ignore_ascii_case(wanted))
                })
                .collect();
        }
        match found.len() {
            0 => Err(PresetError::NotFound(wanted.to_owned())),
            1 => Ok(found.remove(0)),
            _ => Err(PresetError::Ambiguous {
                name: wanted.to_owned(),
                paths: found.into_iter().map(|s| s.path).collect(),
            }),
        }
    }

    /// The preset with this name (ignoring case), or in the file of this
    /// stem; see [`find`](PresetStore::find).
    pub fn load(&self, name: &str) -> Result<Preset, PresetError> {
        self.find(name).map(|stored| stored.preset)
    }

    /// The presets whose name is `name` (ignoring case).
    fn named(&self, name: &str) -> Vec<StoredPreset> {
        self.list()
            .presets
            .into_iter()
            .filter(|s| s.preset.name.eq_ignore_ascii_case(name.trim()))
            .collect()
    }

    /// Saves `preset`, replacing the preset of the same name if `replace`,
    /// else failing with [`PresetError::Exists`]. Returns the file written.
    pub fn save(&self, preset: &Preset, replace: bool) -> Result<PathBuf, PresetError> {
        self.save_with(preset, replace, || Ok(()))
    }

    /// [`save`](PresetStore::save) with a hook run after the temporary file
    /// is written and before it is renamed into place; the tests use it to
    /// simulate a crash at the worst moment.
    pub fn save_with(
        &self,
        preset: &Preset,
        replace: bool,
        before_rename: impl FnOnce() -> io::Result<()>,
    ) -> Result<PathBuf, PresetError> {
        let base = slug(&preset.name);
        if base.is_empty() {
            return Err(PresetError::BadName);
        }
        let mut existing = self.named(&preset.name);
        let target = match existing.len() {
            0 => self.free_path(&base),
            _ if !replace => return Err(PresetError::Exists(preset.name.clone())),
            1 => existing.remove(0).path,
            _ => {
                return Err(PresetError::Ambiguous {
                    name: preset.name.clone(),
                    paths: existing.into_iter().map(|s| s.path).collect(),
                });
            }
        };
        fs::create_dir_all(&self.dir).map_err(|source| PresetError::Io {
            path: self.dir.clone(),
            source,
        })?;
        write_atomic(&target, preset.to_ron().as_bytes(), before_rename)?;
        Ok(target)
    }

    /// A path for a new preset: `base.ron`, or `base-2.ron`, … when taken
    /// (by any file, readable or not: a corrupt file is never overwritten).
    fn free_path(&self, base: &str) -> PathBuf {
        (1..)
            .map(|n| match n {
                1 => self.dir.join(format!("{base}.ron")),
                n => self.dir.join(format!("{base}-{n}.ron")),
            })
            .find(|path| !path.exists())
            .unwrap_or_else(|| self.dir.join(format!("{base}.ron")))
    }

    /// Renames a preset found by [`find`](PresetStore::find) (its file
    /// follows its new name).
    pub fn rename(&self, old: &str, new: &str) -> Result<PathBuf, PresetError> {
        let stored = self.find(old)?;
        self.rename_file(&stored.path, new).map(|s| s.path)
    }

    /// Renames the preset in the file `path` of this store to `new`; fails
    /// with [`PresetError::Exists`] if another preset has that name. The
    /// file follows the new name: the new file is written before the old one
    /// is removed. Returns the renamed preset and its file.
    pub fn rename_file(&self, path: &Path, new: &str) -> Result<StoredPreset, PresetError> {
        let mut preset = self.read_own(path)?;
        let new = new.trim();
        let base = slug(new);
        if base.is_empty() {
            return Err(PresetError::BadName);
        }
        if self.named(new).iter().any(|s| s.path != path) {
            return Err(PresetError::Exists(new.to_owned()));
        }
        preset.name = new.to_owned();
        let target = if path.file_stem() == Some(OsStr::new(&base)) {
            path.to_owned()
        } else {
            self.free_path(&base)
        };
        write_atomic(&target, preset.to_ron().as_bytes(), || Ok(()))?;
        if target != path {
            fs::remove_file(path).map_err(|source| PresetError::Io {
                path: path.to_owned(),
                source,
            })?;
        }
        Ok(StoredPreset {
            path: target,
            preset,
        })
    }

    /// Deletes a preset found by [`find`](PresetStore::find).
    pub fn delete(&self, name: &str) -> Result<(), PresetError> {
        let stored = self.find(name)?;
        self.delete_file(&stored.path)
    }

    /// Deletes the preset in the file `path` of this store (a file that is
    /// not a readable preset of this store is left alone).
    pub fn delete_file(&self, path: &Path) -> Result<(), PresetError> {
        self.read_own(path)?;
        fs::remove_file(path).map_err(|source| PresetError::Io {
            path: path.to_owned(),
            source,
        })
    }

    /// Reads `path` if it is a preset file of this store.
    fn read_own(&self, path: &Path) -> Result<Preset, PresetError> {
        if path.parent() != Some(self.dir.as_path()) || !is_preset_file(path) {
            return Err(PresetError::NotFound(path.display().to_string()));
        }
        read_preset(path)
    }
}
