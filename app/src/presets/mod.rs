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

mod error;
mod file;
mod format;
mod groups;
mod library;
mod messages;
mod preset;
mod store;

pub use error::PresetError;
pub use file::read_preset;
pub use format::{MAX_PRESET_BYTES, PRESET_VERSION};
pub use groups::PresetGroup;
pub use library::{
    lookup, named_ranges, round_ranges, shipped, shipped_by_name, shipped_problems, shipped_ranges,
};
pub use preset::{Preset, slug};
pub use store::{Listing, PresetStore, StoredPreset};
