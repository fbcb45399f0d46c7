//! Each group's colour, wherever a group is drawn: the grid's cells, the
//! group brush, the groups panel, the class table's bars, the price box.

use egui::Color32;
use engine::study::MAX_GROUPS;

/// The groups' colours, in order: value green, bluff purple, call blue,
/// fold grey.
pub const GROUP_COLORS: [Color32; MAX_GROUPS] = [
    Color32::from_rgb(60, 170, 90),
    Color32::from_rgb(170, 90, 210),
    Color32::from_rgb(60, 140, 230),
    Color32::from_rgb(140, 140, 140),
];

/// Group `g`'s colour (grey past the last group).
pub fn group_color(g: usize) -> Color32 {
    GROUP_COLORS.get(g).copied().unwrap_or(Color32::GRAY)
}
