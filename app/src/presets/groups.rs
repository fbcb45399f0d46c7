//! A preset's groups (docs/design.md §3.9, §7): the named parts of its
//! range, as range text. A preset without groups is written as before,
//! and older files, which have none, still read.

use engine::{ParseRangeError, Range};
use serde::{Deserialize, Serialize};

/// One group of a preset: its name and its combos as canonical range text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PresetGroup {
    /// The group's name.
    pub name: String,
    /// Its combos and weights, as range text.
    pub range: String,
}

impl PresetGroup {
    /// The group `name` holding `range` (stored as canonical text).
    pub fn new(name: &str, range: &Range) -> PresetGroup {
        PresetGroup {
            name: name.to_owned(),
            range: range.canonical(),
        }
    }

    /// The group's range.
    pub fn range(&self) -> Result<Range, ParseRangeError> {
        Range::parse(&self.range)
    }
}
