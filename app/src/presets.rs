//! Range presets: a versioned RON file per range (docs/design.md §7).
//!
//! The shipped library (`assets/presets/*.ron`) is embedded in the binary.
//! User presets live in the platform data directory (`directories`), one
//! file per preset named after a slug of its name. Saves are atomic: the
//! text goes to a hidden temporary file in the same directory, is flushed to
//! disk, and is renamed over the target, so a crash leaves either the old
//! file or the new one, never half of each. A corrupt, truncated, foreign or
//! future-version file is reported with its path and never overwritten; the
//! other files still load.

use std::ffi::OsStr;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use engine::Range;
use serde::{Deserialize, Serialize};

/// The preset format version this build writes and reads.
pub const PRESET_VERSION: u32 = 1;

mod shipped {
    include!(concat!(env!("OUT_DIR"), "/shipped_presets.rs"));
}

/// A named range.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Preset {
    /// The format version ([`PRESET_VERSION`] when written by this build).
    pub version: u32,
    /// The name shown in the preset list.
    pub name: String,
    /// Optional notes: where the range comes from, what it assumes.
    #[serde(default)]
    pub notes: Option<String>,
    /// The range in canonical text.
    pub range: String,
}

/// Only the version of a preset file, read before the rest so a newer
/// format is reported as such rather than as corrupt.
#[derive(Deserialize)]
struct VersionOnly {
    version: u32,
}

/// Why a preset could not be read, written or found.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PresetError {
    /// Reading or writing a file failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// The file is not a preset (corrupt, truncated or foreign).
    #[error("{}: not a Rangestove preset ({message})", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What the RON reader said.
        message: String,
    },
    /// The file was written by a newer Rangestove.
    #[error("{}: preset format version {version} is newer than this Rangestove reads ({PRESET_VERSION})", path.display())]
    FutureVersion {
        /// The file.
        path: PathBuf,
        /// The version it declares.
        version: u32,
    },
    /// The file's range text does not parse.
    #[error("{}: {source}", path.display())]
    BadRange {
        /// The file.
        path: PathBuf,
        /// The parse error.
        source: engine::ParseRangeError,
    },
    /// No preset has this name.
    #[error("no preset named {0:?}")]
    NotFound(String),
    /// A preset with this name exists already.
    #[error("a preset named {0:?} exists already")]
    Exists(String),
    /// The name is empty or only punctuation.
    #[error("a preset needs a name with at least one letter or digit")]
    BadName,
}

impl Preset {
    /// A preset of `range` under `name`, storing the canonical text.
    pub fn new(name: &str, notes: Option<String>, range: &Range) -> Preset {
        Preset {
            version: PRESET_VERSION,
            name: name.trim().to_owned(),
            notes,
            range: range.canonical(),
        }
    }

    /// Reads a preset from RON text; `path` is only for error messages.
    pub fn from_ron(text: &str, path: &Path) -> Result<Preset, PresetError> {
        let corrupt = |e: ron::error::SpannedError| PresetError::Corrupt {
            path: path.to_owned(),
            message: e.to_string(),
        };
        let version = ron::from_str::<VersionOnly>(text).map_err(corrupt)?.version;
        if version > PRESET_VERSION {
            return Err(PresetError::FutureVersion {
                path: path.to_owned(),
                version,
            });
        }
        let preset: Preset = ron::from_str(text).map_err(corrupt)?;
        if slug(&preset.name).is_empty() {
            return Err(PresetError::Corrupt {
                path: path.to_owned(),
                message: "the preset has no name".to_owned(),
            });
        }
        preset.parsed_range(path)?;
        Ok(preset)
    }

    /// The preset as pretty RON text.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new().new_line("\n".to_owned());
        // Serializing plain strings and numbers cannot fail.
        ron::ser::to_string_pretty(self, config).unwrap_or_default() + "\n"
    }

    /// The preset's range.
    pub fn parsed_range(&self, path: &Path) -> Result<Range, PresetError> {
        Range::parse(&self.range).map_err(|source| PresetError::BadRange {
            path: path.to_owned(),
            source,
        })
    }

    /// The preset's range (presets are checked when read, so this fails only
    /// for presets built by hand with bad text).
    pub fn range(&self) -> Result<Range, engine::ParseRangeError> {
        Range::parse(&self.range)
    }
}

/// The shipped presets, sorted by file name. The tests check that every
/// one reads.
pub fn shipped() -> Vec<Preset> {
    shipped::SHIPPED
        .iter()
        .filter_map(|(file, text)| Preset::from_ron(text, Path::new(file)).ok())
        .collect()
}

/// The shipped files that fail to read (empty in a correct build).
pub fn shipped_problems() -> Vec<PresetError> {
    shipped::SHIPPED
        .iter()
        .filter_map(|(file, text)| Preset::from_ron(text, Path::new(file)).err())
        .collect()
}

/// The shipped preset with this name (case-insensitive).
pub fn shipped_by_name(name: &str) -> Option<Preset> {
    shipped()
        .into_iter()
        .find(|p| p.name.eq_ignore_ascii_case(name.trim()))
}

/// A file-name slug of a preset name: lowercase letters and digits, other
/// runs of characters as one `-`.
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out.chars().take(80).collect()
}

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
    /// Presets, sorted by name.
    pub presets: Vec<StoredPreset>,
    /// Files that could not be read, each with its path.
    pub problems: Vec<PresetError>,
}

/// The user's preset directory.
#[derive(Clone, Debug)]
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

    /// Every preset file in the directory. A missing directory is empty.
    pub fn list(&self) -> Listing {
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
        for entry in entries.flatten() {
            let path = entry.path();
            if !is_preset_file(&path) {
                continue;
            }
            match read_preset(&path) {
                Ok(preset) => listing.presets.push(StoredPreset { path, preset }),
                Err(error) => listing.problems.push(error),
            }
        }
        listing.presets.sort_by(|a, b| {
            a.preset
                .name
                .to_lowercase()
                .cmp(&b.preset.name.to_lowercase())
        });
        listing
    }

    /// The preset with this name (case-insensitive).
    pub fn load(&self, name: &str) -> Result<Preset, PresetError> {
        self.find(name)
            .map(|stored| stored.preset)
            .ok_or_else(|| PresetError::NotFound(name.to_owned()))
    }

    fn find(&self, name: &str) -> Option<StoredPreset> {
        self.list()
            .presets
            .into_iter()
            .find(|s| s.preset.name.eq_ignore_ascii_case(name.trim()))
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
        let target = match self.find(&preset.name) {
            Some(existing) if replace => existing.path,
            Some(_) => return Err(PresetError::Exists(preset.name.clone())),
            None => self.free_path(&base),
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

    /// Renames a preset (its file follows its new name).
    pub fn rename(&self, old: &str, new: &str) -> Result<PathBuf, PresetError> {
        let stored = self
            .find(old)
            .ok_or_else(|| PresetError::NotFound(old.to_owned()))?;
        let same = old.trim().eq_ignore_ascii_case(new.trim());
        if !same && self.find(new).is_some() {
            return Err(PresetError::Exists(new.to_owned()));
        }
        let mut renamed = stored.preset.clone();
        renamed.name = new.trim().to_owned();
        if same {
            return self.save(&renamed, true);
        }
        let path = self.save(&renamed, false)?;
        fs::remove_file(&stored.path).map_err(|source| PresetError::Io {
            path: stored.path.clone(),
            source,
        })?;
        Ok(path)
    }

    /// Deletes a preset.
    pub fn delete(&self, name: &str) -> Result<(), PresetError> {
        let stored = self
            .find(name)
            .ok_or_else(|| PresetError::NotFound(name.to_owned()))?;
        fs::remove_file(&stored.path).map_err(|source| PresetError::Io {
            path: stored.path,
            source,
        })
    }
}

/// Whether a directory entry is a preset file: `*.ron`, not hidden (the
/// temporary files of unfinished saves are hidden).
fn is_preset_file(path: &Path) -> bool {
    let hidden = path
        .file_name()
        .and_then(OsStr::to_str)
        .is_none_or(|n| n.starts_with('.'));
    !hidden && path.extension().is_some_and(|e| e == "ron") && path.is_file()
}

/// Reads one preset file.
pub fn read_preset(path: &Path) -> Result<Preset, PresetError> {
    let bytes = fs::read(path).map_err(|source| PresetError::Io {
        path: path.to_owned(),
        source,
    })?;
    let text = String::from_utf8(bytes).map_err(|_| PresetError::Corrupt {
        path: path.to_owned(),
        message: "not UTF-8 text".to_owned(),
    })?;
    Preset::from_ron(&text, path)
}

/// Writes `bytes` to `path` atomically: a hidden temporary file beside it,
/// flushed to disk, then renamed over `path`, so a crash leaves either the
/// old file or the new one, never a torn one. `before_rename` runs between
/// the two (the tests simulate a crash there).
pub fn write_atomic(
    path: &Path,
    bytes: &[u8],
    before_rename: impl FnOnce() -> io::Result<()>,
) -> Result<(), PresetError> {
    let io_error = |path: &Path| {
        let path = path.to_owned();
        move |source| PresetError::Io { path, source }
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = path.with_file_name(format!(".{name}.tmp"));
    let mut file = fs::File::create(&temp).map_err(io_error(&temp))?;
    file.write_all(bytes)
        .and_then(|()| file.sync_all())
        .map_err(io_error(&temp))?;
    drop(file);
    before_rename().map_err(io_error(&temp))?;
    fs::rename(&temp, path).map_err(io_error(path))
}

/// The preset named `name` (case-insensitive) for the command line's
/// `preset:NAME`: a shipped preset first, else one of the user's presets in
/// the default store. Read-only; a store that cannot be read finds nothing
/// and never hides a shipped preset.
pub fn lookup(name: &str) -> Option<Preset> {
    shipped_by_name(name).or_else(|| PresetStore::open_default()?.load(name).ok())
}
