//! A preset: a named range with its notes and groups, read from and
//! written as versioned RON text.

use std::path::Path;

use engine::Range;
use serde::{Deserialize, Serialize};

use super::error::PresetError;
use super::format::PRESET_VERSION;
use super::groups::PresetGroup;
use super::messages::describe_ron_error;

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
