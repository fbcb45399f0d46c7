//! One preset file on disk: which directory entries are preset files, and
//! reading one (at most [`MAX_PRESET_BYTES`] of it).

use std::fs;
use std::io::Read;
use std::path::Path;

use super::error::PresetError;
use super::format::MAX_PRESET_BYTES;
use super::preset::Preset;

/// Whether a directory entry is a preset file: `*.ron` (the extension in
/// any case), not hidden (the temporary files of unfinished saves are
/// hidden), whether or not its name is UTF-8.
pub(super) fn is_preset_file(path: &Path) -> bool {
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
