//! How the grid shows a seat's groups: a cell filled by its groups in
//! proportion to their weight, each in its colour (the rest of the range,
//! in no group, in the range's own colour).

use egui::{Color32, Pos2, Rect};
use engine::study::MAX_GROUPS;
use engine::{HandClass, Range};

use crate::gui::groups::colors::GROUP_COLORS;
use crate::gui::groups::state::Groups;

/// What one cell shows of the groups.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GroupCell {
    /// The range's average weight over the cell's combos (0 to 1).
    pub weight: f32,
    /// Each group's part of the cell (0 to 1, summing to at most
    /// `weight`).
    pub parts: [f32; MAX_GROUPS],
}

/// Per class index, what the cells of `range` show of its `groups`
/// (fitted to the range).
pub fn group_cells(range: &Range, groups: &Groups) -> Vec<GroupCell> {
    let fitted = groups.fitted(range);
    HandClass::all()
        .map(|class| GroupCell {
            weight: range.class_summary(class).average_weight() as f32,
            parts: Groups::class_parts(&fitted, class),
        })
        .collect()
}

/// Fills the cell `r` from the bottom: each group's colour as high as its
/// part, then the rest of the range's weight in `rest` (the range's
/// colour), faded.
pub fn paint_group_cell(painter: &egui::Painter, r: Rect, cell: &GroupCell, rest: Color32) {
    let mut bottom = r.max.y;
    let mut stripe = |height: f32, color: Color32| {
        if height <= 0.0 {
            return;
        }
        let top = (bottom - r.height() * height).max(r.min.y);
        painter.rect_filled(
            Rect::from_min_max(Pos2::new(r.min.x, top), Pos2::new(r.max.x, bottom)),
            1.0,
            color,
        );
        bottom = top;
    };
    for (part, color) in cell.parts.iter().zip(GROUP_COLORS) {
        stripe(*part, color);
    }
    stripe(
        cell.weight - cell.parts.iter().sum::<f32>(),
        rest.gamma_multiply(0.55),
    );
}
