//! The edits of a seat's groups, each a Session edit (one undo step;
//! typing a name merges): give a group combos, paint with the group
//! brush, rename, clear, load a range with its groups (a preset), and let
//! a group stand in for its seat's range ("Make seat") and give it back.

use engine::{Combo, Range};

use super::state::{Groups, StandIn};
use crate::gui::state::history::EditKey;
use crate::gui::state::session::Session;

/// Gives group `g` of seat `seat` exactly `range` (within the seat's
/// range; the other groups give up what no longer fits).
pub fn set_group(session: &mut Session, seat: usize, g: usize, range: &Range) {
    session.edit_seat(seat, EditKey::Discrete, |s| {
        s.groups.set_range(g, range, &s.range)
    });
}

/// Adds `range`'s combos to group `g` of seat `seat` at their full weight
/// in the seat's range (a breakdown row, a class-table row, the combos
/// that call a price).
pub fn add_to_group(session: &mut Session, seat: usize, g: usize, range: &Range) {
    session.edit_seat(seat, EditKey::Discrete, |s| {
        let mut new = s
            .groups
            .fitted(&s.range)
            .get(g)
            .map(|(_, r)| r.clone())
            .unwrap_or_default();
        for (combo, _) in range.combos() {
            new.set_weight_bp(combo, s.range.weight_bp(combo));
        }
        s.groups.set_range(g, &new, &s.range)
    });
}

/// The group brush's stroke: group `g` of seat `seat` takes `shares` of
/// its combos (see [`Groups::paint_share`]); one undo step per `stroke`.
pub fn paint_group(
    session: &mut Session,
    seat: usize,
    g: usize,
    shares: Vec<(Combo, u16)>,
    stroke: u64,
) {
    session.edit_seat(seat, EditKey::Stroke(stroke), |s| {
        let mut range = s.range.clone();
        let changed = s.groups.paint_share(g, shares, &mut range);
        if range != s.range {
            s.set_range(range);
        }
        changed
    });
}

/// Renames group `g` of seat `seat` (typing merges into one step).
pub fn rename_group(session: &mut Session, seat: usize, g: usize, name: String) {
    session.edit_seat(seat, EditKey::GroupName(seat, g), |s| {
        s.groups.set_name(g, name);
        true
    });
}

/// Seat `seat` takes `range` and `groups` (name, range) at once: a preset
/// loaded with its groups.
pub fn load_seat(session: &mut Session, seat: usize, range: Range, groups: &[(String, Range)]) {
    session.edit_seat(seat, EditKey::Discrete, |s| {
        s.set_range(range);
        let mut new = Groups::default();
        for (g, (name, group)) in groups.iter().enumerate() {
            new.set_name(g, name.clone());
            new.set_range(g, group, &s.range);
        }
        s.groups = new;
        true
    });
}

/// Group `g` stands in for seat `seat`'s range: the seat takes the group
/// as its range and is named after it, its own name and range text kept
/// for [`stand_back`]. Nothing happens while a group already stands in
/// or when the group is empty.
pub fn stand_in(session: &mut Session, seat: usize, g: usize) {
    session.edit_seat(seat, EditKey::Discrete, |s| {
        if s.groups.stand_in.is_some() {
            return false;
        }
        let Some((name, group)) = s.groups.fitted(&s.range).into_iter().nth(g) else {
            return false;
        };
        if group.is_empty() {
            return false;
        }
        s.groups.stand_in = Some(StandIn {
            group: g,
            name: s.name.clone(),
            range: s.text.clone(),
        });
        s.name = format!("{} ({name})", s.name);
        s.set_range(group);
        true
    });
}

/// Gives seat `seat` back its own name and range after [`stand_in`]. A
/// range edited while the group stood in is the group's edit: the group
/// takes it (within the seat's own range), so nothing painted is lost.
pub fn stand_back(session: &mut Session, seat: usize) {
    session.edit_seat(seat, EditKey::Discrete, |s| {
        let Some(own) = s.groups.stand_in.take() else {
            return false;
        };
        let edited = s.range.clone();
        s.name = own.name;
        s.set_text(&own.range);
        let group = s
            .groups
            .fitted(&s.range)
            .get(own.group)
            .map(|(_, r)| r.clone());
        if group.as_ref() != Some(&edited) {
            s.groups.set_range(own.group, &edited, &s.range);
        }
        true
    });
}

/// Runs `edit` of group `g` of seat `seat` and says what it took from the
/// other groups: groups never share a combo's weight (docs/design.md
/// §3.9), so a group given combos another holds takes them from it. The
/// message is `None` when nothing was taken.
pub fn telling_what_was_taken(
    session: &mut Session,
    seat: usize,
    g: usize,
    edit: impl FnOnce(&mut Session),
) -> Option<String> {
    let fitted = |session: &Session| {
        session
            .seats()
            .get(seat)
            .map(|s| s.groups.fitted(&s.range))
            .unwrap_or_default()
    };
    let before = fitted(session);
    edit(session);
    let after = fitted(session);
    let taken: Vec<String> = before
        .iter()
        .zip(&after)
        .enumerate()
        .filter(|&(o, _)| o != g)
        .filter_map(|(_, ((name, was), (_, now)))| {
            let lost = was.combo_count() - now.combo_count();
            (lost > 0.05).then(|| format!("{lost:.1} combos from “{name}”"))
        })
        .collect();
    let name = after.get(g).map_or("the group", |(n, _)| n.as_str());
    (!taken.is_empty()).then(|| {
        format!(
            "“{name}” took {}: a combo is in one group at most (Undo gives them back)",
            taken.join(" and ")
        )
    })
}
