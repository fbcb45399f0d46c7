//! Atomic file writes: a unique temporary file beside the target, flushed,
//! renamed over it, the directory flushed (docs/design.md §7). Presets,
//! scenario files, exports and images are all saved this way, so none of
//! them can be left torn by a crash.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Why an atomic write failed: the file or directory it concerned, and
/// what the system said.
#[derive(Debug, thiserror::Error)]
#[error("{}: {source}", path.display())]
pub struct WriteError {
    /// The file or directory.
    pub path: PathBuf,
    /// What the system said.
    pub source: io::Error,
}

/// Writes `bytes` to `path` atomically: a uniquely named hidden temporary
/// file in the same directory (`.NAME.XXXXXX.tmp`, so two writers never
/// share one), flushed to disk, then renamed over `path`, so a crash leaves
/// either the old file or the new one, never a torn one; on Unix the
/// directory is then flushed so the rename itself survives a power cut
/// (Windows offers no directory flush). On any error the temporary file is
/// removed. `before_rename` runs between the write and the rename (the
/// tests simulate a crash there).
pub fn write_atomic(
    path: &Path,
    bytes: &[u8],
    before_rename: impl FnOnce() -> io::Result<()>,
) -> Result<(), WriteError> {
    let io_error = |path: &Path| {
        let path = path.to_owned();
        move |source| WriteError { path, source }
    };
    let Some(name) = path.file_name() else {
        return Err(io_error(path)(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a file name",
        )));
    };
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    // Hidden, named after the target (shortened to keep within name limits).
    let short: String = name.to_string_lossy().chars().take(64).collect();
    let prefix = format!(".{short}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // As a plain file would get: 0o666 less the umask (tempfile's own
        // default is 0o600).
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut temp = builder.tempfile_in(dir).map_err(io_error(dir))?;
    let temp_path = temp.path().to_owned();
    temp.write_all(bytes)
        .and_then(|()| temp.as_file().sync_all())
        .map_err(io_error(&temp_path))?;
    // Dropping `temp` on an error below removes the temporary file.
    before_rename().map_err(io_error(&temp_path))?;
    temp.persist(path).map_err(|e| io_error(path)(e.error))?;
    sync_dir(dir).map_err(io_error(dir))
}

/// Flushes a directory's entries to disk (Unix).
#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    fs::File::open(dir)?.sync_all()
}

/// Windows has no way to flush a directory: there the rename is as
/// durable as the file system makes it.
#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    Ok(())
}
