//! Each combo's blocker effect (docs/design.md §3.9) against one other
//! seat, as the class table's background job last computed it: what the
//! suit editor shows on hover.

use engine::Combo;
use engine::study::Blockers;

/// The selected seat's combos' blocker effects against the seat named
/// `against`.
#[derive(Clone, Debug, PartialEq)]
pub struct ComboBlockers {
    /// The other seat's name.
    pub against: String,
    /// Per combo index, its effect (`None`: not a live combo of the seat).
    pub by_combo: Vec<Option<Blockers>>,
}

impl ComboBlockers {
    /// The effect of `combo`, if it is a live combo of the seat.
    pub fn of(&self, combo: Combo) -> Option<Blockers> {
        self.by_combo.get(combo.index()).copied().flatten()
    }

    /// The hover line for `combo`.
    pub fn describe(&self, combo: Combo) -> Option<String> {
        let b = self.of(combo)?;
        Some(format!(
            "Blocks {:.1}% of {}'s strong hands (≥ 75%) and {:.1}% of its weak ones (< 25%): \
             {:+.1} points",
            100.0 * b.strong,
            self.against,
            100.0 * b.weak,
            100.0 * b.difference
        ))
    }
}
