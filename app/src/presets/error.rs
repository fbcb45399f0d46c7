//! Why a preset could not be read, written or found: [`PresetError`], each
//! case naming its file.

use std::io;
use std::path::PathBuf;

use super::format::{MAX_PRESET_BYTES, PRESET_VERSION};
use crate::io::atomic::WriteError;

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
