//! A seat's groups (docs/design.md §3.9): four named parts of its range —
//! by default *value*, *bluff*, *call* and *fold* — each a range whose
//! weights, summed over the groups, stay within the seat's (what they
//! leave is in no group). [`SavedGroups`] is their form in a scenario file
//! (older files have none); [`Groups`] the form shown. While a group
//! stands in for its seat's range ("Make seat") the seat's own name and
//! range text wait in [`StandIn`].
//!
//! The edits are Session edits (`super::edits`); this holds only the data
//! and how a group is fitted to the range it belongs to.

use engine::range::FULL;
use engine::study::MAX_GROUPS;
use engine::{Combo, HandClass, Range};

/// The groups' names until renamed.
pub const DEFAULT_NAMES: [&str; MAX_GROUPS] = ["value", "bluff", "call", "fold"];

/// One group as saved: its name and range text (canonical).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct SavedGroup {
    /// The group's name.
    pub name: String,
    /// Its combos and their weights, as range text.
    pub range: String,
}

/// While a group stands in for its seat: which group, and the seat's own
/// name and range text, given back by "Back".
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct StandIn {
    /// The group standing in.
    pub group: usize,
    /// The seat's own name.
    pub name: String,
    /// The seat's own range text.
    pub range: String,
}

/// A seat's groups as saved (empty when the seat has none).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct SavedGroups {
    /// The groups in order (at most [`MAX_GROUPS`] are read).
    pub groups: Vec<SavedGroup>,
    /// The group standing in for the seat, if any.
    pub stand_in: Option<StandIn>,
}

impl SavedGroups {
    /// Whether there is nothing to save (no group has a combo or a new
    /// name, none stands in).
    pub fn is_empty(&self) -> bool {
        self.stand_in.is_none()
            && self.groups.iter().enumerate().all(|(g, saved)| {
                saved.range.trim().is_empty() && DEFAULT_NAMES.get(g) == Some(&saved.name.as_str())
            })
    }
}

/// A seat's groups as shown: always [`MAX_GROUPS`] of them, some empty.
#[derive(Clone, Debug, PartialEq)]
pub struct Groups {
    names: [String; MAX_GROUPS],
    ranges: [Range; MAX_GROUPS],
    /// The group standing in for the seat, if any.
    pub stand_in: Option<StandIn>,
}

impl Default for Groups {
    fn default() -> Groups {
        Groups {
            names: DEFAULT_NAMES.map(str::to_owned),
            ranges: Default::default(),
            stand_in: None,
        }
    }
}

impl Groups {
    /// The groups as saved; a range text that does not parse (a hand-edited
    /// file) leaves its group empty, a missing name its default.
    pub fn from_saved(saved: &SavedGroups) -> Groups {
        let mut groups = Groups::default();
        for (g, group) in saved.groups.iter().take(MAX_GROUPS).enumerate() {
            if !group.name.trim().is_empty() {
                groups.names[g] = group.name.clone();
            }
            groups.ranges[g] = Range::parse(&group.range).unwrap_or_default();
        }
        groups.stand_in = saved.stand_in.clone().filter(|s| s.group < MAX_GROUPS);
        groups
    }

    /// The groups to save (empty when there is nothing to keep).
    pub fn saved(&self) -> SavedGroups {
        let saved = SavedGroups {
            groups: (0..MAX_GROUPS)
                .map(|g| SavedGroup {
                    name: self.names[g].clone(),
                    range: self.ranges[g].canonical(),
                })
                .collect(),
            stand_in: self.stand_in.clone(),
        };
        if saved.is_empty() {
            SavedGroups::default()
        } else {
            saved
        }
    }

    /// Group `g`'s name.
    pub fn name(&self, g: usize) -> &str {
        self.names.get(g).map_or("", String::as_str)
    }

    /// Every group's name, in order.
    pub fn names(&self) -> Vec<String> {
        self.names.to_vec()
    }

    /// Renames group `g`.
    pub fn set_name(&mut self, g: usize, name: String) {
        if let Some(slot) = self.names.get_mut(g) {
            *slot = name;
        }
    }

    /// Group `g`'s range as stored (see [`Groups::fitted`] for it within
    /// the seat's range).
    pub fn range(&self, g: usize) -> Option<&Range> {
        self.ranges.get(g)
    }

    /// Whether no group holds a combo.
    pub fn is_empty(&self) -> bool {
        self.ranges.iter().all(Range::is_empty)
    }

    /// The groups within `seat` (the seat's range): each combo goes to the
    /// groups in order until its weight in the range is used up, so the
    /// weights of a combo's groups never add up to more than the range
    /// holds (after the range was repainted, say).
    pub fn fitted(&self, seat: &Range) -> Vec<(String, Range)> {
        let mut out: Vec<(String, Range)> = self
            .names
            .iter()
            .map(|name| (name.clone(), Range::empty()))
            .collect();
        for (combo, held) in seat.combos() {
            let mut left = held;
            for (g, (_, fitted)) in out.iter_mut().enumerate() {
                let given = self.ranges[g].weight_bp(combo).min(left);
                if given > 0 {
                    fitted.set_weight_bp(combo, given);
                    left -= given;
                }
            }
        }
        out
    }

    /// Gives group `g` exactly `range` within `seat` (each combo's weight
    /// at most what the seat holds), taking from the other groups what no
    /// longer fits beside it; returns whether anything changed.
    pub fn set_range(&mut self, g: usize, range: &Range, seat: &Range) -> bool {
        if g >= MAX_GROUPS {
            return false;
        }
        let before = self.ranges.clone();
        self.fit_to(seat);
        let mut new = Range::empty();
        for (combo, weight) in range.combos() {
            new.set_weight_bp(combo, weight.min(seat.weight_bp(combo)));
        }
        self.ranges[g] = new;
        self.make_room(g, seat);
        self.ranges != before
    }

    /// Sets the part of each combo of `cells` group `g` holds to
    /// `share_bp` of the combo's weight in `seat` (a share, in basis
    /// points); a combo the seat lacks is added to it at full weight first.
    /// Returns whether the groups or the seat's range changed.
    pub fn paint_share(
        &mut self,
        g: usize,
        combos: impl IntoIterator<Item = (Combo, u16)>,
        seat: &mut Range,
    ) -> bool {
        if g >= MAX_GROUPS {
            return false;
        }
        let (before, seat_before) = (self.ranges.clone(), seat.clone());
        for (combo, share) in combos {
            if seat.weight_bp(combo) == 0 && share > 0 {
                seat.set_weight_bp(combo, FULL);
            }
            let held = u32::from(seat.weight_bp(combo));
            let weight = (held * u32::from(share.min(FULL)) / u32::from(FULL)) as u16;
            self.ranges[g].set_weight_bp(combo, weight);
        }
        self.make_room(g, seat);
        self.ranges != before || *seat != seat_before
    }

    /// Group `g`'s part of each combo of `seat`, as a share of the combo's
    /// weight there (basis points): what the group brush paints.
    pub fn shares(&self, g: usize, seat: &Range) -> Range {
        let mut out = Range::empty();
        let Some(group) = self.ranges.get(g) else {
            return out;
        };
        for (combo, held) in seat.combos() {
            let part = u32::from(group.weight_bp(combo).min(held));
            let share = part * u32::from(FULL) / u32::from(held);
            out.set_weight_bp(combo, share as u16);
        }
        out
    }

    /// Each group's part of `class` within `seat`: its weight summed over
    /// the class's combos, over what they all hold at full weight.
    pub fn class_parts(fitted: &[(String, Range)], class: HandClass) -> [f32; MAX_GROUPS] {
        let mut parts = [0.0; MAX_GROUPS];
        let full = f32::from(FULL) * class.combo_count() as f32;
        for (part, (_, range)) in parts.iter_mut().zip(fitted) {
            let sum: u32 = class.combos().map(|c| u32::from(range.weight_bp(c))).sum();
            *part = sum as f32 / full;
        }
        parts
    }

    /// Clears every group's weight that the seat no longer holds.
    fn fit_to(&mut self, seat: &Range) {
        for (g, (_, fitted)) in self.fitted(seat).into_iter().enumerate() {
            self.ranges[g] = fitted;
        }
    }

    /// Takes from the groups other than `g` (the last first) what no
    /// longer fits beside it within `seat`.
    fn make_room(&mut self, g: usize, seat: &Range) {
        for (combo, weight) in self.ranges[g].clone().combos() {
            let held = seat.weight_bp(combo);
            let mut over = self
                .ranges
                .iter()
                .map(|r| u32::from(r.weight_bp(combo)))
                .sum::<u32>()
                .saturating_sub(u32::from(held));
            for other in (0..MAX_GROUPS).rev().filter(|&o| o != g) {
                if over == 0 {
                    break;
                }
                let has = u32::from(self.ranges[other].weight_bp(combo));
                let taken = has.min(over);
                self.ranges[other].set_weight_bp(combo, (has - taken) as u16);
                over -= taken;
            }
            if over > 0 {
                // Only when `g` itself holds more than the seat.
                self.ranges[g].set_weight_bp(combo, weight.min(held));
            }
        }
    }
}
