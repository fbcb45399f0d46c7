//! A seat's groups on a board (docs/design.md §3.9): each group's row of
//! the hand-class table, its figures `calculate`'s with the group as the
//! seat's range.

use super::key::ClassKey;
use super::table::{ClassRow, Row};
use crate::combo::Combo;
use crate::equity::SeatBreakdown;
use crate::range::Range;

/// Why a seat's groups cannot be had.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum GroupError {
    /// More than [`MAX_GROUPS`] groups.
    #[error("at most {MAX_GROUPS} groups, not {0}")]
    TooMany(usize),
    /// Groups that give a combo more weight than the range holds.
    #[error("the groups give {combo} {given} basis points, but the range holds {held}")]
    Overfull {
        /// The combo.
        combo: Combo,
        /// The groups' weights summed.
        given: u32,
        /// The range's weight.
        held: u16,
    },
}

/// The most groups a seat's range splits into.
pub const MAX_GROUPS: usize = 4;

/// A seat's groups on a board, each a [`ClassRow`] named after its group:
/// its hands, its weight in the deal distribution in combos, its share of
/// the seat's and its equity (the seat's equity when it holds a combo of
/// the group: `calculate`'s with the group as the seat's range; `None`
/// when no deal gives the seat one, its combos being only those of
/// [`SeatBreakdown::undealt`], which its hands list, or none live). A
/// combo shared between groups goes to each in proportion to the weight
/// each gives it. `groups` are (name, range); their weights per combo must not
/// add up to more than `range` holds (what they leave is in no group).
pub fn group_rows(
    breakdown: &SeatBreakdown,
    range: &Range,
    groups: &[(String, Range)],
) -> Result<Vec<ClassRow>, GroupError> {
    check_groups(range, groups)?;
    let all: f64 = breakdown.classes.iter().map(|c| c.combos).sum();
    Ok(groups
        .iter()
        .enumerate()
        .map(|(index, (name, group))| {
            let key = ClassKey::Group {
                index,
                name: name.clone(),
            };
            group_row(breakdown, range, group, all).into_class_row(key, all)
        })
        .collect())
}

/// Refuses more than [`MAX_GROUPS`] groups, and groups that give a combo
/// more weight than `range` holds (or any, when it holds none).
fn check_groups(range: &Range, groups: &[(String, Range)]) -> Result<(), GroupError> {
    if groups.len() > MAX_GROUPS {
        return Err(GroupError::TooMany(groups.len()));
    }
    for (combo, held) in range.combos() {
        let given: u32 = groups
            .iter()
            .map(|(_, g)| u32::from(g.weight_bp(combo)))
            .sum();
        if given > u32::from(held) {
            return Err(GroupError::Overfull { combo, given, held });
        }
    }
    for (_, g) in groups {
        if let Some((combo, given)) = g.combos().find(|&(c, _)| range.weight_bp(c) == 0) {
            return Err(GroupError::Overfull {
                combo,
                given: u32::from(given),
                held: 0,
            });
        }
    }
    Ok(())
}

/// The row of `group` summed: each dealt combo's weight in the deal
/// distribution (the seat's `all` combos times its frequency) in
/// proportion to the weight the group gives it of what `range` holds, and
/// the combos no deal gives the seat without figures.
fn group_row(breakdown: &SeatBreakdown, range: &Range, group: &Range, all: f64) -> Row {
    let mut row = Row::default();
    for c in breakdown.combos.iter().filter(|c| c.dealt) {
        let (g, w) = (group.weight_bp(c.combo), range.weight_bp(c.combo));
        if g > 0 && w > 0 {
            let part = f64::from(g) / f64::from(w);
            row.add(c.combo, g, Some((c.frequency * all * part, c.equity)));
        }
    }
    for combo in breakdown.undealt() {
        let g = group.weight_bp(combo);
        if g > 0 {
            row.add(combo, g, None);
        }
    }
    row
}
