//! The shipped library (`assets/presets/*.ron`, embedded in the binary),
//! the trainer's named ranges, and the command line's `preset:NAME`.

use std::path::Path;

use engine::Range;

use super::error::PresetError;
use super::preset::Preset;
use super::store::PresetStore;

mod shipped {
    include!(concat!(env!("OUT_DIR"), "/shipped_presets.rs"));
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

/// The named ranges a trainer round draws from: the shipped presets, then
/// `mine` (the user's, when asked for; empty otherwise). One list for
/// `rangestove train --mine` and the Train view's *My presets too*, so a
/// seed is the same round in both.
pub fn round_ranges(mine: &[(String, Range)]) -> Vec<(String, Range)> {
    let mut named = shipped_ranges();
    named.extend(mine.iter().cloned());
    named
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

/// The preset named `name` (case-insensitive) for the command line's
/// `preset:NAME`: a shipped preset first, else one of the user's presets in
/// the default store. Read-only; a store that cannot be read finds nothing
/// and never hides a shipped preset.
pub fn lookup(name: &str) -> Option<Preset> {
    shipped_by_name(name).or_else(|| PresetStore::open_default()?.load(name).ok())
}
