//! Range presets: a versioned RON file per range (docs/design.md §7).
//!
//! The shipped library (`assets/presets/*.ron`) is embedded in the binary.
//! User presets live in the platform data directory (`directories`), one
//! file per preset named after a slug of its name. Saves are atomic: the
//! text goes to a uniquely named hidden temporary file in the same
//! directory, is flushed to disk, and is renamed over the target (then, on
//! Unix, the directory is flushed too), so a crash leaves either the old
//! file or the new one, never half of each, and two running instances never
//! share a temporary file. A corrupt, truncated, foreign, oversized or
//! future-version file is reported with its path and never overwritten; the
//! other files still load. A file is read only up to [`MAX_PRESET_BYTES`].
//! Presets are found by name or, when two files carry the same name, by
//! their file.

use std::ffi::OsStr;
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use engine::Range;
use serde::{Deserialize, Serialize};

/// The preset format version this build writes and reads.
pub const PRESET_VERSION: u32 = 1;

/// The largest preset file read (1 MiB; the biggest possible range in
/// canonical text is a few kilobytes). Bigger files are reported as
/// [`PresetError::TooBig`] without reading them.
pub const MAX_PRESET_BYTES: u64 = 1 << 20;

mod shipped {
    include!(concat!(env!("OUT_DIR"), "/shipped_presets.rs"));
}

mod groups;
mod messages;

pub use groups::PresetGroup;

use crate::io::atomic::{WriteError, write_atomic};
use messages::describe_ron_error;

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
    /// The range's groups, if any (older files have none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<PresetGroup>,
}

/// Only the version of a preset file, read before the rest so a newer
/// format is reported as such rather than as corrupt. (Named like
/// [`Preset`] so that `Preset(…)` reads in both passes.)
#[derive(Deserialize)]
#[serde(rename = "Preset")]
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
    /// The file is bigger than [`MAX_PRESET_BYTES`]; it was not read.
    #[error(
        "{}: {size} bytes is too big for a preset (at most {MAX_PRESET_BYTES} bytes are read)",
        path.display()
    )]
    TooBig {
        /// The file.
        path: PathBuf,
        /// Its size in bytes (at least).
        size: u64,
    },
    /// No preset has this name.
    #[error("no preset named {0:?}")]
    NotFound(String),
    /// Several files hold a preset of this name.
    #[error(
        "{} presets are named {name:?} ({}): name one by its file name",
        paths.len(),
        file_names(paths)
    )]
    Ambiguous {
        /// The name asked for.
        name: String,
        /// The files holding a preset of that name.
        paths: Vec<PathBuf>,
    },
    /// A preset with this name exists already.
    #[error("a preset named {0:?} exists already")]
    Exists(String),
    /// The name is empty or only punctuation.
    #[error("a preset needs a name with at least one letter or digit")]
    BadName,
}

impl From<WriteError> for PresetError {
    fn from(error: WriteError) -> PresetError {
        PresetError::Io {
            path: error.path,
            source: error.source,
        }
    }
}

impl Preset {
    /// A preset of `range` under `name`, storing the canonical text.
    pub fn new(name: &str, notes: Option<String>, range: &Range) -> Preset {
        Preset {
            version: PRESET_VERSION,
            name: name.trim().to_owned(),
            notes,
            range: range.canonical(),
            groups: Vec::new(),
        }
    }

    /// This preset with `groups` (its range's named parts).
    pub fn with_groups(mut self, groups: Vec<PresetGroup>) -> Preset {
        self.groups = groups;
        self
    }

    /// Reads a preset from RON text (a leading byte-order mark is
    /// skipped); `path` is only for error messages, which name no Rust
    /// types.
    pub fn from_ron(text: &str, path: &Path) -> Result<Preset, PresetError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let corrupt = |e: ron::error::SpannedError| PresetError::Corrupt {
            path: path.to_owned(),
            message: describe_ron_error(&e),
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

/// File names for a message: `a.ron, b.ron`.
fn file_names(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| {
            p.file_name().map_or_else(
                || p.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The shipped presets, sorted by file name. The tests check that every
/// one reads.
pub fn shipped() -> Vec<Preset> {
    shipped::SHIPPED
        .iter()
        .filter_map(|(file, text)| Preset::from_ron(text, Path::new(file)).ok())
        .collect()
}

/// The shipped presets as the trainer's named ranges (name, range): the
/// ranges `rangestove train` and the app's Train view draw from, so a
/// round's seed means the same round in both.
pub fn shipped_ranges() -> Vec<(String, Range)> {
    named_ranges(shipped().iter())
}

/// Presets as the trainer's named ranges: those whose range parses.
pub fn named_ranges<'a>(presets: impl Iterator<Item = &'a Preset>) -> Vec<(String, Range)> {
    presets
        .filter_map(|p| p.range().ok().map(|r| (p.name.clone(), r)))
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

/// Whether a directory entry is a preset file: `*.ron` (the extension in
/// any case), not hidden (the temporary files of unfinished saves are
/// hidden), whether or not its name is UTF-8.
fn is_preset_file(path: &Path) -> bool {
    let hidden = path
        .file_name()
        .is_none_or(|n| n.as_encoded_bytes().starts_with(b"."));
    !hidden
        && path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
        && path.is_file()
}

/// Reads one preset file: at most [`MAX_PRESET_BYTES`] of it, a bigger
/// file being [`PresetError::TooBig`].
pub fn read_preset(path: &Path) -> Result<Preset, PresetError> {
    let io_error = |source| PresetError::Io {
        path: path.to_owned(),
        source,
    };
    let file = fs::File::open(path).map_err(io_error)?;
    let size = file.metadata().map_err(io_error)?.len();
    if size > MAX_PRESET_BYTES {
        return Err(PresetError::TooBig {
            path: path.to_owned(),
            size,
        });
    }
    let mut bytes = Vec::new();
    // The file may grow after its size was read: read one byte past the cap
    // to notice.
    file.take(MAX_PRESET_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io_error)?;
    let read = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    if read > MAX_PRESET_BYTES {
        return Err(PresetError::TooBig {
            path: path.to_owned(),
            size: read,
        });
    }
    let text = String::from_utf8(bytes).map_err(|_| PresetError::Corrupt {
        path: path.to_owned(),
        message: "not UTF-8 text".to_owned(),
    })?;
    Preset::from_ron(&text, path)
}

/// The preset named `name` (case-insensitive) for the command line's
/// `preset:NAME`: a shipped preset first, else one of the user's presets in
/// the default store. Read-only; a store that cannot be read finds nothing
/// and never hides a shipped preset.
pub fn lookup(name: &str) -> Option<Preset> {
    shipped_by_name(name).or_else(|| PresetStore::open_default()?.load(name).ok())
}
